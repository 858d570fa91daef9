// Every Sudoku size in the page (issue 42's one geometry): a 6x6 pasted as text solves to its
// published answer and is drawn with 2x3 boxes; the maker offers the sizes Rust says it makes.

import path from 'node:path';
import { SHOTS, assert, checkSudoku, tid, text, open, loadVia, test, report } from './harness.mjs';

/** "6x6" of sigh's Interactive Sudoku Solver collection (tests/data/sudoku-6x6.txt) and its published solution. */
const P6 = '....4.\n.1.3.5\n...2..\n..3...\n6.2.5.\n.5....';
const P6_SOLUTION = '325146416325541263263514632451154632';

test('sizes: a 6x6 pasted in the page solves to its published answer, drawn with 2x3 boxes', async ({ page, base, errors }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', P6);
  await page.waitForFunction(() => window.dlx.model.info.kind === 'sudoku' && window.dlx.model.layout?.size === 6);
  const layout = await page.evaluate(() => window.dlx.model.layout);
  assert(JSON.stringify(layout.boxes) === '[2,3]', `boxes: ${JSON.stringify(layout.boxes)}`);
  // Box 1 is rows 1-2, columns 1-3: r2c3 is in it, r3c1 and r1c4 are not.
  const R = layout.regions;
  assert(R[0] === R[8] && R[0] !== R[12] && R[0] !== R[3], `regions: ${R.join('')}`);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const verdict = await text(page, 'verdict');
  assert(/^Unique solution/.test(verdict), `verdict: ${verdict}`);
  const board = await text(page, 'board-text');
  checkSudoku(board, P6.replace(/\n/g, ''));
  assert(board === P6_SOLUTION, `the board reads ${board}`);
  // The board draws the box borders from the layout: thick lines after column 3 and after rows 2
  // and 4, none after column 2 (where a 2x2 or 3x3 box layout would put one).
  const edges = await page.evaluate(() => window.dlx.app.board.drawnBoxes.map((e) => e.join('-')));
  for (const e of ['2-3', '8-9', '6-12', '20-26', '23-29']) assert(edges.includes(e), `no border ${e}: ${edges}`);
  for (const e of ['1-2', '0-6', '12-18']) assert(!edges.includes(e), `a border ${e} inside a box: ${edges}`);
  await page.locator('#board-canvas').screenshot({ path: path.join(SHOTS, 'sudoku-6x6.png') });
  report.push(`6x6: "${verdict}", ${edges.length} box borders drawn (screenshots/sudoku-6x6.png)`);
  // The maker offers 6x6, from Rust's list.
  const sizes = await page.$$eval(`${tid('maker-size')} option`, (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  assert(sizes.includes('6') && sizes.includes('9') && sizes.includes('16') && !sizes.includes('7'), `maker sizes: ${sizes}`);
  assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
});

test('sizes: a 7x7 line is refused with what to give instead', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', '.'.repeat(49));
  await page.waitForFunction(() => /no boxes/.test(document.querySelector('[data-testid="status"]').textContent));
  const status = await text(page, 'status');
  assert(/a 7x7 Sudoku has no boxes/.test(status), `status: ${status}`);
});

test('sizes: a 6x6\'s pencil marks are the symbols its row, column and 2x3 box lack', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', P6);
  await page.waitForFunction(() => window.dlx.model.layout?.size === 6);
  await page.click(tid('pencil'));
  await page.waitForFunction(() => (window.dlx.app.sudoku.overlay?.candidates || []).length === 36);
  const marks = await page.evaluate(() => Array.from(window.dlx.app.sudoku.overlay.candidates));
  // The candidates worked out here: 2x3 boxes, rows r..r+1 by columns c..c+2.
  const cells = P6.replace(/\n/g, '').split('').map((ch) => (ch === '.' ? 0 : Number(ch)));
  const box = (p) => Math.floor(Math.floor(p / 6) / 2) * 2 + Math.floor((p % 6) / 3);
  const expected = cells.map((v, p) => {
    if (v) return 0;
    let mask = 0b111111;
    for (let q = 0; q < 36; q++) {
      const sees = Math.floor(q / 6) === Math.floor(p / 6) || q % 6 === p % 6 || box(q) === box(p);
      if (sees && cells[q]) mask &= ~(1 << (cells[q] - 1));
    }
    return mask;
  });
  assert(JSON.stringify(marks) === JSON.stringify(expected), `marks ${marks} against ${expected}`);
  await page.locator('#board-canvas').screenshot({ path: path.join(SHOTS, 'sudoku-6x6-pencil.png') });
});

/** "4x6: Skyscraper" of the Interactive Sudoku Solver's collection (tests/data/iss-shaped.jsonl): 4 rows of 6 cells. */
const P4X6 = '.Shape~4x6.Skyscraper~C1~1~4.Skyscraper~C2~2~3.Skyscraper~C3~3~.Skyscraper~C4~3~2.Skyscraper~C5~2~.Skyscraper~C6~1~.Skyscraper~R4~4~';
const P4X6_SOLUTION = '531246462315346521125463';

test('sizes: a 4x6 ISS grid solves to its published answer, drawn as 4 rows of 6 cells', async ({ page, base, errors }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', P4X6);
  await page.waitForFunction(() => window.dlx.model.layout?.rows === 4);
  const layout = await page.evaluate(() => window.dlx.model.layout);
  assert(layout.size === 6 && layout.cols === 6 && JSON.stringify(layout.boxes) === '[2,3]', `layout: ${layout.size} ${layout.rows}x${layout.cols} ${JSON.stringify(layout.boxes)}`);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const verdict = await text(page, 'verdict');
  assert(/^Unique solution/.test(verdict), `verdict: ${verdict}`);
  const board = await text(page, 'board-text');
  assert(board === P4X6_SOLUTION, `the board reads ${board}`);
  // Region borders among the 24 cells only (cells 24-35 of the 6x6 numbering are no cells): the
  // box edges after column 3 and after row 2.
  const edges = await page.evaluate(() => window.dlx.app.board.drawnShapes.borders.map((e) => e.join('-')));
  assert(edges.length > 0 && edges.every((e) => e.split('-').every((p) => +p < 24)), `borders: ${edges}`);
  for (const e of ['2-3', '6-12', '20-21']) assert(edges.includes(e), `no border ${e}: ${edges}`);
  const legend = await page.$$eval('#board-legend li', (lis) => lis.map((li) => li.textContent).join(' | '));
  assert(legend.includes('4x6 grid of 6 values'), `legend: ${legend}`);
  // A click on r4c6 (the last cell, where the board draws it, centred by its own rows and
  // columns) puts the cursor there; the arrows go round the 4 rows and 6 columns.
  const g = await page.evaluate(() => window.dlx.app.board.geometry);
  await page.locator('#board-canvas').click({ position: { x: g.x0 + 5.5 * g.cell, y: g.y0 + 3.5 * g.cell } });
  assert((await page.evaluate(() => window.dlx.app.sudoku.cursor)) === 23, `cursor ${await page.evaluate(() => window.dlx.app.sudoku.cursor)}`);
  await page.keyboard.press('ArrowDown');
  assert((await page.evaluate(() => window.dlx.app.sudoku.cursor)) === 5, 'ArrowDown from r4c6 goes round to r1c6');
  // Its shape is in its text: a digit typed on the board is not taken, and the note says why.
  await page.evaluate(() => window.dlx.app.sudoku.set(30, 5));
  assert((await page.$eval(tid('puzzle'), (e) => /** @type {HTMLTextAreaElement} */ (e).value)) === P4X6, 'the puzzle text changed');
  const status = await text(page, 'status');
  assert(/cannot be set on the board: its rules and givens are in its Interactive Sudoku Solver text/.test(status), `status: ${status}`);
  await page.locator('#board-canvas').screenshot({ path: path.join(SHOTS, 'sudoku-4x6.png') });
  report.push(`4x6 (ISS): "${verdict}", ${edges.length} borders drawn (screenshots/sudoku-4x6.png)`);
  assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
});

test('sizes: a plain 6x8 ISS grid (no variant) is drawn as 6 rows of 8 cells, and clicks land where drawn', async ({ page, base, errors }) => {
  await open(page, base);
  // "6x8: Plain" of the collection (tests/data/iss-shaped.jsonl): givens only. A review found it
  // drawn as the 8x8 square (no variant, so no layout on the board) with clicks a row off.
  const line = '.Shape~6x8.~R1C1_1~R3C3_2~R4C6_3~R6C8_4~R1C5_5~R6C2_6~R2C7_7~R5C4_8~R3C5_1~R5C2_2~R3C1_3~R1C6_4~R5C7_5~R3C8_6~R6C5_7~R1C3_8~R4C2_1~R1C8_2~R5C8_3~R3C2_5~R6C3_1~R2C3_4';
  await loadVia(page, 'sudoku', line);
  await page.waitForFunction(() => window.dlx.model.layout?.rows === 6);
  assert(await page.evaluate(() => window.dlx.app.board.layout?.cols === 8), 'the board has no layout of 8 columns');
  const g = await page.evaluate(() => window.dlx.app.board.geometry);
  await page.locator('#board-canvas').click({ position: { x: g.x0 + 7.5 * g.cell, y: g.y0 + 5.5 * g.cell } });
  assert((await page.evaluate(() => window.dlx.app.sudoku.cursor)) === 47, `cursor ${await page.evaluate(() => window.dlx.app.sudoku.cursor)}`);
  // Boxes of 2 rows by 4 columns: borders after column 4 and after rows 2 and 4, within the 48
  // cells (the 8x8 numbering's rows 7 and 8 are no cells).
  const edges = await page.evaluate(() => window.dlx.app.board.drawnShapes.borders.map((e) => e.join('-')));
  for (const e of ['3-4', '8-16', '24-32']) assert(edges.includes(e), `no border ${e}: ${edges}`);
  for (const e of ['0-8', '32-40', '2-3']) assert(!edges.includes(e), `a border ${e} inside a box: ${edges}`);
  assert(edges.every((e) => e.split('-').every((p) => +p % 8 < 8 && +p < 48)), `borders: ${edges}`);
  const legend = await page.$$eval('#board-legend li', (lis) => lis.map((li) => li.textContent).join(' | '));
  assert(legend.includes('6x8 grid of 8 values'), `legend: ${legend}`);
  // Another shaped grid loaded after it says its own shape (the legend was kept by its variants
  // alone, and said "6x8" under a 9x8).
  await loadVia(page, 'sudoku', '.Shape~9x8.~R1C1_1');
  await page.waitForFunction(() => window.dlx.model.layout?.rows === 9);
  await page.waitForFunction(() => [...document.querySelectorAll('#board-legend li')].some((li) => li.textContent.includes('9x8 grid of 9 values')));
  assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
});
