// The welcome's promise kept (issue 44, finding 8): "the panel Algorithm X with dancing links marks
// the line being run" — once the links dance, that panel and its marked line are in sight.

import { assert, tid, test, report } from './harness.mjs';

test('welcome: after "Watch the links dance" at 1280x800 the algorithm panel the welcome names is in sight, its marked line too', async ({ page, base }) => {
  await page.goto(`${base}/`);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  const said = await page.textContent(tid('intro'));
  assert(/Algorithm X with\s+dancing links/.test(said), `the welcome no longer names the panel: ${said}`);
  await page.click(tid('welcome-play'));
  await page.waitForFunction(() => document.querySelector('[data-testid="algorithm"] [aria-current="step"]'), null, { timeout: 20000 });
  await page.waitForTimeout(900); // a smooth scroll, if any, has ended
  const r = await page.evaluate(() => {
    const side = document.querySelector('#side').getBoundingClientRect();
    const head = document.querySelector('#h-algorithm').getBoundingClientRect();
    const line = document.querySelector('[data-testid="algorithm"] [aria-current="step"]').getBoundingClientRect();
    const inSight = (b) => b.top >= Math.max(0, side.top) && b.bottom <= Math.min(window.innerHeight, side.bottom) && b.height > 0;
    return { head: inSight(head), line: inSight(line), headTop: head.top, lineTop: line.top, side: [side.top, side.bottom], focus: document.activeElement?.id };
  });
  report.push(`welcome: after Watch, the algorithm panel's heading at ${r.headTop.toFixed(0)} px, its marked line at ${r.lineTop.toFixed(0)} px (side column ${r.side.map((v) => v.toFixed(0)).join('-')}); focus on #${r.focus}`);
  assert(r.head && r.line, `the algorithm panel or its marked line is out of sight: ${JSON.stringify(r)}`);
  assert(r.focus === 'play', `the focus left Play: ${r.focus}`);
});

test('welcome: where the 6x7 stops at its solution the status offers what to do next', async ({ page, base }) => {
  await page.goto(`${base}/`);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  await page.click(tid('welcome-play'));
  // Play stops by itself at the solution (the pause at a solution is on by default).
  await page.waitForFunction(() => window.dlx.model.leaf === 'solution' && !window.dlx.model.playing, null, { timeout: 60000 });
  await page.waitForTimeout(100);
  const status = (await page.textContent(tid('status'))).trim();
  report.push(`welcome: at the 6x7's solution the status says "${status}"`);
  assert(/^Solution 1 found\./.test(status) && /Play|Next/.test(status) && /tour|preset/.test(status), `nothing offered next at the solution: "${status}"`);
});
