// The frame loop during a run to the end (issue 23): the workers count on every core, so the page's
// thread sleeps between frames while nothing on the page moves, and wakes at once on input.

import { test, assert, open, tid, report, num, settle } from './harness.mjs';

test('frame loop: sleeps during a run to the end while nothing moves, wakes at once on a key', async ({ page, base }) => {
  await open(page, base, '?queens=15');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'running');
  await page.waitForFunction(() => window.dlx.app.sleeping(), null, { timeout: 5000 });
  const [f0, t0] = await page.evaluate(() => [window.dlx.app.frames(), performance.now()]);
  await page.waitForTimeout(1000);
  const [f1, t1, running] = await page.evaluate(() => [window.dlx.app.frames(), performance.now(),
    document.getElementById('run-text').dataset.state === 'running']);
  const rate = ((f1 - f0) * 1000) / (t1 - t0);
  assert(running, '15-queens ended within a second: the test needs a longer run');
  // 100 ms a frame while asleep: about 10 a second (60 awake).
  assert(rate <= 15, `${rate.toFixed(1)} frames a second during the run, not asleep`);
  // An advertised key right after: the step shows in the read-outs within the next frames.
  const before = await num(page, 'nodes');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  const after = await page.evaluate(() => document.querySelector('[data-testid="nodes"]').textContent);
  assert(Number(after.replace(/\D/g, '')) > before, `nodes read ${after} after a step from ${before}`);
  // The run box's figures still move while the loop sleeps.
  const box0 = await page.textContent('#run-text');
  await page.waitForFunction((b) => document.getElementById('run-text').textContent !== b, box0, { timeout: 3000 });
  await page.click(tid('run-cancel'));
  await page.waitForFunction(() => !window.dlx.app.sleeping());
  report.push(`frame loop during a run: ${rate.toFixed(1)} frames/s asleep (60 awake)`);
});
