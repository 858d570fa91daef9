// Editing a board that Solve has solved (issue 44, finding 4): the verdict goes with the puzzle it
// was of, a clash is named by its cells, and the focus stays on the board.

import { EASY_SUDOKU, assert, open, settle, test, report } from './harness.mjs';

test('edit a solved board on a phone: the verdict goes, the clash names its cells, the focus stays on the board', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, `?sudoku=${EASY_SUDOKU}`);
  await page.evaluate(() => document.querySelector('[data-testid="solve"]').click());
  await page.waitForFunction(() => /^Unique solution/.test(document.querySelector('[data-testid="verdict"]').textContent), null, { timeout: 60000 });
  // r1c1 holds the given 5; a 3 there clashes with the 3 of r1c2.
  await page.evaluate(() => document.querySelector('[data-testid="board"]').scrollIntoView({ block: 'center' }));
  const pt = await page.evaluate(async () => {
    const canvas = document.querySelector('[data-testid="board"]');
    const r = canvas.getBoundingClientRect();
    const { gridOf } = await import('/www/views/grid.js');
    const { cell, x0, y0 } = gridOf(r.width, r.height, 9);
    return { x: r.left + x0 + 0.5 * cell, y: r.top + y0 + 0.5 * cell };
  });
  await page.touchscreen.tap(pt.x, pt.y);
  await page.waitForSelector('[data-testid="symbol-pad"]:not([hidden])');
  await page.click('[data-testid="symbol-pad"] button[data-value="3"]');
  await settle(page);
  await settle(page);
  const s = await page.evaluate(() => ({
    verdict: document.querySelector('[data-testid="verdict"]').textContent,
    status: document.querySelector('[data-testid="status"]').textContent,
    error: document.querySelector('#input-error').textContent,
    focus: document.activeElement ? `${document.activeElement.tagName}#${document.activeElement.id} "${document.activeElement.textContent.trim().slice(0, 20)}"` : "",
    puzzle: document.querySelector('[data-testid="puzzle"]').value.slice(0, 9),
  }));
  report.push(`edit of a solved board: verdict "${s.verdict}", status "${s.status}", focus ${s.focus}`);
  assert(s.puzzle === '33..7....', `the pad did not set r1c1: ${s.puzzle}`);
  assert(!/^Unique solution/.test(s.verdict), `the verdict of the puzzle before stands under the clashing grid: "${s.verdict}"`);
  assert(!/line \d+, column \d+/.test(s.status) && /r1c1/.test(s.status) && /r1c2/.test(s.status), `the clash is not named by its cells: "${s.status}"`);
  assert(!/line \d+, column \d+/.test(s.error), `the error by the box names a text position for a tap on the board: "${s.error}"`);
  assert(!/^(BUTTON#edit|TEXTAREA)/.test(s.focus), `the focus left the board for ${s.focus}`);
  await context.close();
});
