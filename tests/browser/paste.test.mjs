// A paste loads at once in both text boxes (issue 44, finding 11): the exact-cover box waited for
// Load where the Sudoku box did not.

import { assert, tid, test, report, open } from './harness.mjs';

test('paste: a matrix pasted into the exact-cover box loads at once, as a grid pasted into the Sudoku box does', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await open(page, base, '?queens=8');
  await page.selectOption(tid('problem'), 'exact-cover');
  // Knuth's 6x7 with an eighth item H in one more option of its own: 8 items, 7 options.
  const matrix = 'A B C D E F G H\nC E F\nA D G\nB C F\nA D\nB G\nD E G\nH';
  await page.evaluate((x) => navigator.clipboard.writeText(x), matrix);
  await page.focus(tid('matrix-input'));
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => window.dlx.model.info.kind === 'exact-cover', null, { timeout: 5000 }).catch(() => {});
  const r = await page.evaluate(() => ({ kind: window.dlx.model.info.kind, items: window.dlx.model.info.n_items, options: window.dlx.model.info.n_options, notLoaded: !document.querySelector('[data-testid="form-state"]').hidden }));
  report.push(`paste into the exact-cover box: loaded ${r.kind} with ${r.items} items and ${r.options} options; "not loaded" shown: ${r.notLoaded}`);
  assert(r.kind === 'exact-cover' && r.items === 8 && r.options === 7, `the pasted matrix did not load: ${JSON.stringify(r)}`);
  assert(!r.notLoaded, 'a pasted matrix that loaded is marked "not loaded"');
  await context.close();
});
