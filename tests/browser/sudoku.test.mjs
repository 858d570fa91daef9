// Sudoku: reading every pasted format, Solve's verdicts, the kept solutions, editing, pencil marks,
// cross-lighting with the matrix, a 25x25.

import fs from 'node:fs';
import path from 'node:path';
import { EASTER, SHOTS, assert, checkSudoku, tid, settle, runText, text, num, open, loadVia, test, report, cli, pageLike } from './harness.mjs';

// ------------------------------------------------------------------ Sudoku: reading, solving, editing

/** Easter Monster plus a 9 at r1c5: no clash, no solution (found after 2,894 nodes). */
const EASTER_DEAD = '1...9...2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
const P16 = '.......5B...76F.G2.394D..6..A.C..BA....72.5..9D....6..C..9.....26.2G.A...F...C35....G7..5C..1F..9..F...B.D4E..6......8..7G..4.E..E.85......B.7...9..A.BC..D..5...3...91F6..2D8.E2.G.8E....F.C.B3ACE.2.7...3...8..G.....9..67.4A.8..1...3C..A...F..624...D.98.B5.';
const P25 = 'H.2....N..G.DO.7..9M.B.....9..6..2HA8.P.J..I1.F5..PA.8NFG..O1BI.KH3.24.LC7..1IBK......6....5.D..8N.A.GDF5.1K.JML9..PN.EA26.H4C9.7A.2GF...B.1K4..IL.M.D.....P.1..DO.5..A7..6.4K...L.M.I4.K.78CA.1.....G32.EB..ODM.5.J.K43.H.28..C.......9A8C.HF.G5MO.DBP1N.1.JN...97...H.2...O..C.A..F.3.N.I.1L57.9AEC.8..2..46.K.C8.PAF3O..M957.J..1..8P...FD..BN....2..6759M..L....6..........NJ..3DGF..3.FA...E....L9..C.K1.I.E..A.GO.5D.1.I62...HC..97DO...1J6...M.98EBA.P34F.HI.K16.7...H.3.F..G5..AB..9.CM84H.3..A....61...GLDO6.4IH....832.FOL7D.51.JBNF3.2OEN.1..DM.78....4.H6KB.1.JD....K..6H..2G.A9....CA..2...F.E1..6.I...D.L..5MD....4...A.PB..1N.2.F.';

/** Easter Monster as copied from a web page: a row a line, cells spaced, boxes by pipes and dashes. */
function webGrid(line) {
  const rows = rowsOf(line, 9, '').split('\n').map((r) => [r.slice(0, 3), r.slice(3, 6), r.slice(6)].map((b) => [...b].join(' ')).join(' | '));
  return [...rows.slice(0, 3), '------+-------+------', ...rows.slice(3, 6), '------+-------+------', ...rows.slice(6)].join('\n') + '\n';
}

test('sudoku: a pasted grid with a cell missing from row 3 names line 3, and the error is in sight after Play', async ({ page, base }) => {
  await open(page, base);
  await page.click(tid('welcome-sudoku'));
  const lines = webGrid(EASTER).split('\n');
  lines[2] = lines[2].slice(0, -2);
  await page.fill(tid('puzzle'), lines.join('\n'));
  await page.click(tid('play'));
  const err = await page.evaluate(() => {
    const e = document.getElementById('input-error');
    const r = e.getBoundingClientRect();
    // Visible: inside the window and inside every scrolling box around it.
    let inside = r.top >= 0 && r.bottom <= window.innerHeight;
    for (let p = e.parentElement; p; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (/(auto|scroll)/.test(cs.overflowY)) { const b = p.getBoundingClientRect(); inside = inside && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }
    }
    const ta = /** @type {HTMLTextAreaElement} */ (document.querySelector('[data-testid="puzzle"]'));
    return { text: e.hidden ? '' : e.textContent, inside, caret: ta.value.slice(0, ta.selectionStart).split('\n').length };
  });
  report.push(`short row pasted: "${err.text}"`);
  assert(/^line 3, column 1: this line has 8 cells where the other 8 lines have 9: read 80 cells/.test(err.text), `the error: ${err.text}`);
  assert(err.inside, 'the error is out of sight after Play');
  assert(err.caret === 3, `the caret is on line ${err.caret}, not on the short row`);
});

/** The value of a standard symbol (1-9, A-P), 0 for '.'. */
const value = (ch) => (ch === '.' ? 0 : parseInt(ch, 36));
/** A line as rows of n cells, each written by `cell`, joined by `sep`. */
function rowsOf(line, n, sep, cell = (c) => c) {
  const out = [];
  for (let i = 0; i < line.length; i += n) out.push([...line.slice(i, i + n)].map(cell).join(sep));
  return out.join('\n');
}
/** A 9x9 line drawn in a style: 'hodoku', 'ss' (Simple Sudoku) or 'boxes'. */
function drawn(line, style) {
  const rows = rowsOf(line, 9, '').split('\n');
  const fmt = (r, sep, edge, pad) => edge + [r.slice(0, 3), r.slice(3, 6), r.slice(6)].map((b) => pad + [...b].join(pad ? ' ' : '') + pad).join(sep) + edge;
  if (style === 'hodoku') {
    const body = rows.map((r) => fmt(r, '|', '|', ' '));
    return ['.-------.-------.-------.', ...body.slice(0, 3), ':-------+-------+-------:', ...body.slice(3, 6), ':-------+-------+-------:', ...body.slice(6), "'-------'-------'-------'"].join('\n');
  }
  if (style === 'ss') {
    const body = rows.map((r) => fmt(r, '|', '|', ''));
    return ['*-----------*', ...body.slice(0, 3), '|---+---+---|', ...body.slice(3, 6), '|---+---+---|', ...body.slice(6), '*-----------*'].join('\n');
  }
  const body = rows.map((r) => fmt(r, '│', '║', ' '));
  return ['╔═══════╤═══════╤═══════╗', ...body.slice(0, 3), '╟───────┼───────┼───────╢', ...body.slice(3, 6), '╟───────┼───────┼───────╢', ...body.slice(6), '╚═══════╧═══════╧═══════╝'].join('\n');
}

/** Candidates computed here from the rules: bit v-1 for each symbol a cell's row, column and box lack. */
function naiveCandidates(line) {
  const size = Math.round(Math.sqrt(line.length));
  // Boxes as f-puzzles lays them out, worked out here: br rows by bc columns.
  let br = 1;
  for (let r = 2; r * r <= size; r++) if (size % r === 0) br = r;
  const bc = size / br;
  const cells = [...line].map(value);
  return cells.map((v, p) => {
    if (v) return 0;
    let mask = (1 << size) - 1;
    const r = Math.floor(p / size), c = p % size;
    cells.forEach((w, q) => {
      const s = Math.floor(q / size), d = q % size;
      if (w && (s === r || d === c || (Math.floor(s / br) === Math.floor(r / br) && Math.floor(d / bc) === Math.floor(c / bc)))) mask &= ~(1 << (w - 1));
    });
    return mask;
  });
}

/** The page coordinates of the centre of cell p of the board shown. */
async function cellPoint(page, p) {
  return page.evaluate(async (p) => {
    const canvas = document.querySelector('[data-testid="board"]');
    const r = canvas.getBoundingClientRect();
    const n = window.dlx.app.sudoku.shown.rows;
    // The board's own layout (the coordinates take a margin when the cells are large enough).
    const { gridOf } = await import('/www/views/grid.js');
    const { cell, x0, y0 } = gridOf(r.width, r.height, n);
    return { x: r.left + x0 + (p % n + 0.5) * cell, y: r.top + y0 + (Math.floor(p / n) + 0.5) * cell };
  }, p);
}

const boardText = (page) => text(page, 'board-text');
const puzzleText = (page) => page.inputValue(tid('puzzle'));

test('Sudoku: every pasted format reads, and a wrong count says what was read', async ({ page, base }) => {
  await open(page, base);
  const hex = [...P16].map((c) => (c === '.' ? '.' : (value(c) - 1).toString(16).toUpperCase())).join('');
  const letters = [...P25].map((c) => (c === '.' ? '.' : String.fromCharCode(64 + value(c)))).join('');
  const cases = [
    ['one line', EASTER, EASTER],
    ['HoDoKu', drawn(EASTER, 'hodoku'), EASTER],
    ['Simple Sudoku', drawn(EASTER, 'ss'), EASTER],
    ['box drawing', drawn(EASTER, 'boxes'), EASTER],
    ['0 for empty', EASTER.replace(/\./g, '0'), EASTER],
    ['_ for empty', rowsOf(EASTER.replace(/\./g, '_'), 9, ' '), EASTER],
    ['* for empty', EASTER.replace(/\./g, '*'), EASTER],
    ['x for empty', EASTER.replace(/\./g, 'x'), EASTER],
    ['title and comments', `Easter Monster\n# from the forum\n// hardest of 2007\n${rowsOf(EASTER, 9, '')}`, EASTER],
    ['16x16 in 0-F', rowsOf(hex, 16, ' '), hex],
    ['16x16 in 1-9, A-G', P16, P16],
    // Typed as numbers, the board is numbers too: rows of numbers, `.` for an empty cell.
    ['16x16 as numbers with commas', rowsOf(P16, 16, ',', (c) => String(value(c))), rowsOf(P16, 16, ' ', (c) => (c === '.' ? '.' : String(value(c))))],
    ['16x16 as numbers with spaces', rowsOf(P16, 16, ' ', (c) => String(value(c))), rowsOf(P16, 16, ' ', (c) => (c === '.' ? '.' : String(value(c))))],
    ['25x25 in A-Y', rowsOf(letters, 25, ''), letters],
    ['25x25 as numbers', rowsOf(P25, 25, ' ', (c) => String(value(c))), rowsOf(P25, 25, ' ', (c) => (c === '.' ? '.' : String(value(c))))],
  ];
  for (const [name, input, expected] of cases) {
    await loadVia(page, 'sudoku', input);
    const status = await text(page, 'status');
    assert(!/error/i.test(status), `${name}: ${status}`);
    assert((await boardText(page)) === expected, `${name}: the board reads ${await boardText(page)}`);
  }
  // 16x16 numbers with one lost: the message counts what was read and asks about the numbers.
  const short = rowsOf(P16, 16, ' ', (c) => String(value(c))).replace(/ \d+$/, '');
  await loadVia(page, 'sudoku', short);
  const status = await text(page, 'status');
  assert(/read \d+ cells; a Sudoku has N×N \(N = 4 to 16, or 25\): nearest [^;]+; were `\d+`, `\d+`, \.\.\. meant as single numbers\? \(read as numbers, they are 255 cells\)/.test(status), `status: ${status}`);
  // Clashing givens name both cells.
  await loadVia(page, 'sudoku', `11${EASTER.slice(2)}`);
  assert(/givens clash: r1c1 and r1c2 both hold 1 in row 1/.test(await text(page, 'status')), await text(page, 'status'));
  report.push(`Sudoku formats read on the page: ${cases.map((c) => c[0]).join(', ')}`);
});

test('Sudoku: text in the exact-cover or N box, or in the URL, loads as a Sudoku and says so', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'exact-cover', EASTER);
  assert((await page.inputValue(tid('problem'))) === 'sudoku', 'the kind did not switch to Sudoku');
  assert(/^Read as a 9x9 Sudoku/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  assert((await puzzleText(page)) === EASTER, 'the puzzle box does not hold the text');
  assert(await page.evaluate(() => window.dlx.model.info.n_options === 729), 'not the Sudoku matrix');
  // With a title line, and typed in the exact-cover box too.
  await loadVia(page, 'exact-cover', `Easter Monster\n${rowsOf(EASTER, 9, '')}`);
  assert((await page.inputValue(tid('problem'))) === 'sudoku', 'a drawn grid did not switch to Sudoku');
  assert(/Read as a 9x9 Sudoku \(the title line skipped\)/.test(await text(page, 'status')), await text(page, 'status'));
  // A 0-1 matrix stays a matrix.
  await loadVia(page, 'exact-cover', '0110\n1001\n0110\n1001');
  assert((await page.inputValue(tid('problem'))) === 'exact-cover', 'a 0-1 matrix was read as a Sudoku');
  await open(page, base, `?exact-cover=${EASTER}`);
  assert(await page.evaluate(() => window.dlx.model.info.kind === 'sudoku'), 'the URL did not load a Sudoku');
  assert(new URL(page.url()).searchParams.get('sudoku') === EASTER, `the link now reads ${page.url()}`);
});

test('Sudoku: Solve states the three verdicts with the board', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', EASTER);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const unique = await text(page, 'verdict');
  assert(/^Unique solution \(5,166 nodes, (< )?[\d.]+ m?s\)\. Found at node [\d,]+, where the search stands\.$/.test(unique), `verdict: ${unique}`);
  checkSudoku(await boardText(page), EASTER);
  assert((await text(page, 'solution-pos')) === 'solution 1 of 1', await text(page, 'solution-pos'));
  report.push(`Solve, Easter Monster: "${unique}"`);

  const loose = `123456789${'.'.repeat(72)}`;
  await loadVia(page, 'sudoku', loose);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent));
  assert(/^More than one solution/.test(await text(page, 'verdict')), await text(page, 'verdict'));
  // The search stopped at the second: the board shows it, as the search stands there (the board
  // showed the first beside the matrix's second); more may follow, and the list says so.
  const second = await boardText(page);
  checkSudoku(second, loose);
  assert(second === (await page.evaluate(() => window.dlx.model.board().text)), 'the board is not the solution the search stands at');
  assert((await text(page, 'solution-pos')) === 'solution 2 of 2 found so far', await text(page, 'solution-pos'));
  await page.click(tid('solution-prev'));
  const first = await boardText(page);
  checkSudoku(first, loose);
  assert(second !== first, 'the second solution is the first');
  assert((await text(page, 'solution-pos')) === 'solution 1 of 2 found so far', await text(page, 'solution-pos'));

  await loadVia(page, 'sudoku', EASTER_DEAD);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const none = await text(page, 'verdict');
  assert(/^No solution \(2,894 nodes, (< )?[\d.]+ m?s\)$/.test(none), `verdict: ${none}`);
  // The narration says it in the same words ("Solved: the puzzle has no solution" read oddly).
  const said = await text(page, 'narration');
  assert(said === 'Solve: no solution (the whole tree was searched)', `narration: ${said}`);
  assert((await boardText(page)) === EASTER_DEAD, 'the board is not the puzzle');
  assert(await page.isHidden('#solutions'), 'a solution list shows with no solution');
  report.push(`Solve, no solution: "${none}"`);
});

/** A unique grid with a deadly rectangle emptied (r1c3 r1c4 r2c3 r2c4): exactly two solutions. */
const TWO = '17..8596229..67158586192734451923876928674315367851249719548623635219487842736591';

test('Sudoku: the verdict "2 found, the search stopped there" follows the search on to its end', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', TWO);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const solved = await text(page, 'verdict');
  assert(/^More than one solution: 2 found, the search stopped there \(\d+ nodes, (< )?[\d.]+ m?s\)$/.test(solved), `verdict: ${solved}`);
  // Next solution finds no third: the search is finished, and the verdict says there are exactly two.
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => window.dlx.model.stats().done);
  await page.waitForFunction(() => /exactly/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const nodes = await page.evaluate(() => Number(window.dlx.model.stats().nodes));
  const done = await text(page, 'verdict');
  assert(done === `More than one solution: exactly 2, the search went on to the end (${nodes} nodes)`, `verdict after the search finished: ${done}`);
  assert(/finished/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  report.push(`Solve, then Next solution to the end: "${done}"`);
  // Reset: a new search, no verdict.
  await page.click(tid('reset'));
  await page.waitForFunction(() => document.querySelector('[data-testid="verdict"]').textContent === '');
});

/** Wikipedia's classic puzzle with its r3c8 given (6) taken out: exactly two solutions. */
const CLASSIC_TWO = '53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79';

test('Sudoku: where two solutions differ, the board marks the cells and their digits, and the list counts them', async ({ page, base }) => {
  // dlx solve lists both; the cells where they differ are the ones another given must decide.
  const [one, two] = cli(['solve', 'sudoku', CLASSIC_TWO, '--limit', '0']).split('\n').filter((l) => /^\d{81}$/.test(l));
  const want = [...one].map((d, p) => (d === two[p] ? -1 : p)).filter((p) => p >= 0);
  assert(want.length >= 4, `the two solutions differ in ${want.length} cells`);
  await open(page, base);
  await loadVia(page, 'sudoku', CLASSIC_TWO);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^More than one solution: 2 found/.test(document.querySelector('[data-testid="verdict"]').textContent));
  await settle(page);
  const drawn = async () => page.evaluate(() => [...window.dlx.app.board.drawnDiffer].sort((a, b) => a - b));
  const shown = async () => page.evaluate(() => Array.from(window.dlx.app.board.board.cells).join(''));
  assert(JSON.stringify(await drawn()) === JSON.stringify(want), `marked ${await drawn()}, the solutions differ in ${want}`);
  const pos = await page.getAttribute('#solution-pos', 'title');
  assert(pos === `${want.length} cells differ`, `the list's title says: ${pos}`);
  assert(await shown() === two, 'the board shows the second solution');
  const legend = await page.textContent('#board-legend');
  assert(legend.includes('cell where the solutions found differ'), `legend: ${legend}`);
  // Back to the first: the same cells marked, the other digits in them.
  await page.click(tid('solution-prev'));
  await settle(page);
  assert(await shown() === one && JSON.stringify(await drawn()) === JSON.stringify(want), 'solution 1 with the same cells marked');
  await page.screenshot({ path: path.join(SHOTS, 'sudoku-two-solutions-differ.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await settle(page);
  await page.locator('#solution-pos').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'sudoku-two-solutions-differ-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle(page);
  // A step moves the search: the board shows the search, no marks, and the legend drops the entry.
  await page.click(tid('step-back'));
  await settle(page);
  assert((await drawn()).length === 0, `marks on the search's board: ${await drawn()}`);
  assert(!(await page.textContent('#board-legend')).includes('differ'), 'the legend still names the marks');
  // A unique puzzle's single solution marks nothing.
  await loadVia(page, 'sudoku', CLASSIC_TWO.slice(0, 25) + '6' + CLASSIC_TWO.slice(26));
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^Unique/.test(document.querySelector('[data-testid="verdict"]').textContent));
  await settle(page);
  assert((await drawn()).length === 0 && !(await page.getAttribute('#solution-pos', 'title')), 'a unique solution marked as differing');
});

test('Sudoku: Solve, Next, then Run to end: the verdict takes the run\'s count (288), and keeps it after Back', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', '.'.repeat(16));
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^More/.test(document.querySelector('[data-testid="verdict"]').textContent));
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => /3 found so far/.test(document.querySelector('[data-testid="verdict"]').textContent));
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done', null, { timeout: 20000 });
  await page.waitForFunction(() => /exactly/.test(document.querySelector('[data-testid="verdict"]').textContent), null, { timeout: 3000 })
    .catch(() => {});
  const verdict = await text(page, 'verdict');
  // The run box said 288 solutions counted beside "3 found so far".
  assert(verdict === 'More than one solution: exactly 288, counted by Run to end', `verdict after the run: ${verdict}`);
  await page.click(tid('step-back'));
  const back = await text(page, 'verdict');
  assert(back === verdict, `verdict after Back: ${back}`);
  // A new search on another puzzle: the run's count is not carried over.
  await loadVia(page, 'sudoku', '1...' + '.'.repeat(12));
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^More/.test(document.querySelector('[data-testid="verdict"]').textContent));
  assert(/2 found, the search stopped there/.test(await text(page, 'verdict')), `verdict on the next puzzle: ${await text(page, 'verdict')}`);
});

test('Sudoku: a fix pasted over a grid that did not load takes its error away, without a press', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', EASTER);
  await page.fill(tid('puzzle'), TWO.slice(0, 70));
  await page.click(tid('solve'));
  await page.waitForFunction(() => !document.getElementById('input-error').hidden);
  assert(/^Error: line 1, column 70: read 70 cells/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  // Another wrong text: the error names it (the 71st cell now), still without loading.
  await page.fill(tid('puzzle'), TWO.slice(0, 71));
  await page.waitForFunction(() => /column 71: read 71 cells/.test(document.getElementById('input-error').textContent));
  assert(/^Error: line 1, column 71/.test(await text(page, 'status')), `status after a second wrong text: ${await text(page, 'status')}`);
  // The fix: no error by the box nor in the status line, the form marked "not loaded", Easter Monster still loaded.
  await page.fill(tid('puzzle'), TWO);
  await page.waitForFunction(() => document.getElementById('input-error').hidden);
  const status = await text(page, 'status');
  assert(!/Error/.test(status), `the old error stayed in the status line: ${status}`);
  assert(await page.isVisible('#form-state'), 'the fixed text is not marked as not loaded');
  assert((await page.getAttribute(tid('puzzle'), 'aria-invalid')) === null, 'the box is still marked invalid');
  assert((await boardText(page)) === EASTER, 'a check loaded the text');
  // Typing into a box with no error shows none: errors come with an action.
  await page.fill(tid('puzzle'), TWO.slice(0, 30));
  await page.waitForTimeout(600);
  assert(await page.isHidden('#input-error'), 'an error appeared while typing');
  await page.click(tid('solve'));
  await page.waitForFunction(() => !document.getElementById('input-error').hidden);
});

test('Sudoku: a failed next keeps the last solution on the board; the list pages through solutions', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', EASTER);
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) === 1);
  const solved = await boardText(page);
  checkSudoku(solved, EASTER);
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => window.dlx.model.stats().done);
  assert((await boardText(page)) === solved, `the board after a next that found nothing: ${await boardText(page)}`);
  await page.click(tid('next-solution'));
  assert((await boardText(page)) === solved, 'a third press took the solution off the board');

  // The empty 4x4 grid: three solutions by Next solution, paged back and forth, then a run to the end.
  await loadVia(page, 'sudoku', '.'.repeat(16));
  const seen = [];
  for (let k = 1; k <= 3; k++) {
    await page.click(tid('next-solution'));
    await page.waitForFunction((k) => document.querySelector('[data-testid="solution-pos"]').textContent.startsWith(`solution ${k} of ${k}`), k);
    seen.push(await boardText(page));
  }
  assert(new Set(seen).size === 3, 'three solutions are not distinct');
  await page.click(tid('solution-prev'));
  assert((await text(page, 'solution-pos')) === 'solution 2 of 3 found so far' && (await boardText(page)) === seen[1], `previous does not show solution 2: ${await text(page, 'solution-pos')}`);
  await page.click(tid('solution-prev'));
  assert((await boardText(page)) === seen[0] && await page.isDisabled(tid('solution-prev')), 'previous does not reach solution 1');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click(tid('solution-copy'));
  assert((await page.evaluate(() => navigator.clipboard.readText())) === seen[0], 'copy as text did not copy solution 1');
  const liveNodes = await num(page, 'nodes');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done');
  await page.waitForFunction(() => document.querySelector('[data-testid="solution-pos"]').textContent.includes('run to end'));
  assert((await text(page, 'solution-pos')) === 'solution 1 of 100 (run to end), the first 100', await text(page, 'solution-pos'));
  checkSudoku(await boardText(page), '.'.repeat(16));
  assert((await boardText(page)) === seen[0], 'the run shows another first solution');
  assert(/288 solutions/.test(await runText(page)), await page.textContent('#run-text'));
  await page.click(tid('solution-next'));
  assert((await boardText(page)) === seen[1], 'the run\'s second solution is not the search\'s second');
  assert((await num(page, 'nodes')) === liveNodes, 'the run replaced the live statistics');
});

test('Sudoku: the board is edited by keyboard and by click, clashes marked at once', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', EASTER);
  await page.focus(tid('board'));
  await settle(page);
  assert(await page.evaluate(() => window.dlx.app.sudoku.overlay.cursor === 0), 'the cursor does not start at r1c1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('8');
  // r2c2 holds 9 (a given): overwritten with 8. The puzzle text follows and the puzzle reloads.
  let puzzle = await puzzleText(page);
  assert(puzzle[10] === '8', `r2c2 in the text: ${puzzle[10]}`);
  assert(await page.evaluate(() => window.dlx.model.board().text[10] === '8'), 'the puzzle did not reload');
  assert((await boardText(page))[10] === '8', 'the board did not follow');
  assert((await num(page, 'nodes')) === 0, 'the arrows stepped the search');
  // r2c3 = 8 clashes with r2c2: marked at once, not loaded.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('8');
  puzzle = await puzzleText(page);
  assert(puzzle[11] === '8', 'the clashing entry is not in the text');
  // In the reader's words, as Load and Play say it.
  // Named by its cells: "line 1, column 12" was a place in text the board wrote, not the person.
  assert(/^Error: givens clash: r2c2 and r2c3 both hold 8 in row 2/.test(await text(page, 'status')), await text(page, 'status'));
  assert(await page.evaluate(() => window.dlx.model.board().text[11] === '.'), 'the clashing puzzle was loaded');
  await settle(page);
  const clash = await page.evaluate(() => [...window.dlx.app.sudoku.overlay.clash].sort((a, b) => a - b));
  assert(JSON.stringify(clash) === JSON.stringify([10, 11]), `clash marks: ${clash}`);
  await page.keyboard.press('Backspace');
  await settle(page);
  assert((await puzzleText(page))[11] === '.', 'Backspace did not clear');
  assert(await page.evaluate(() => window.dlx.app.sudoku.overlay.clash.size === 0), 'the clash mark stayed');
  assert(await page.evaluate(() => window.dlx.model.board().text[10] === '8'), 'the mended puzzle did not load');
  for (const key of ['Delete', '.', '0']) {
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('7');
    assert((await puzzleText(page))[10] === '7', `7 not set before ${key}`);
    await page.keyboard.press(key);
    assert((await puzzleText(page))[10] === '.', `${key} did not clear`);
    await page.keyboard.press('ArrowRight');
  }
  // A click on r5c6 moves the cursor there; typing sets it.
  const pt = await cellPoint(page, 4 * 9 + 5);
  await page.mouse.click(pt.x, pt.y);
  await settle(page);
  assert(await page.evaluate(() => window.dlx.app.sudoku.overlay.cursor === 41), 'the click did not move the cursor to r5c6');
  await page.keyboard.press('6');
  assert((await puzzleText(page))[41] === '6', 'typing after a click did not set r5c6');
  const typed = await puzzleText(page);
  await page.click(tid('sudoku-clear'));
  assert((await puzzleText(page)) === '.'.repeat(81), 'Clear did not empty the grid');
  assert((await boardText(page)) === '.'.repeat(81), 'the board is not empty after Clear');
  // Clear can be undone: the grid typed comes back into the box (it was lost).
  assert(await page.isVisible(tid('undo-text')), 'no Undo after Clear');
  await page.click(tid('undo-text'));
  assert((await puzzleText(page)) === typed, `Undo after Clear gave back ${await puzzleText(page)}`);
  // The clash marks read the layout's regions, where N is no region (a grid without boxes): two 1s
  // in other rows and columns clash in one jigsaw region and in no "region N".
  const marks = await page.evaluate(async () => {
    const { clashes } = await import('/www/tools/sudoku/editor.js');
    const cells = Array(16).fill(0);
    cells[0] = 1;
    cells[5] = 1;
    const one = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
    return [clashes(cells, 4, one), clashes(cells, 4, Array(16).fill(4)), clashes(cells, 4)].map((s) => [...s].sort((a, b) => a - b).join(','));
  });
  assert(JSON.stringify(marks) === JSON.stringify(['0,5', '', '']), `clash marks by regions: ${JSON.stringify(marks)}`);
});

test('Sudoku X: a digit typed that breaks a diagonal stays on the board, both cells marked; Solve names the rule', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'sudoku-x');
  await settle(page);
  const before = await puzzleText(page);
  // r9c9 holds 2; r1c1 is empty and sees no 2 in its row, column or box: only the diagonal forbids it.
  assert(before[0] === '.' && before[80] === '2', `the preset changed: ${before}`);
  await page.focus(tid('board'));
  await page.keyboard.press('2');
  await settle(page);
  assert((await puzzleText(page))[0] === '2', 'the digit is not in the text');
  // The reader's words, the diagonal named by its ends (not f-puzzles' `diagonal-`).
  const status = await text(page, 'status');
  assert(/the givens break a rule: diagonal r1c1-r9c9 holds 2 twice \(r1c1 and r9c9\)/.test(status), status);
  // The board shows the grid typed, not the puzzle loaded before (the 2 vanished), with the two cells marked.
  assert((await boardText(page))[0] === '2', `the board dropped the digit typed: ${await boardText(page)}`);
  const clash = await page.evaluate(() => [...window.dlx.app.sudoku.overlay.clash].sort((a, b) => a - b));
  assert(JSON.stringify(clash) === '[0,80]', `marked: ${clash}`);
  await page.click(tid('solve'));
  const verdict = await text(page, 'verdict');
  assert(/^Not solved: the givens break a rule: diagonal r1c1-r9c9 holds 2 twice \(r1c1 and r9c9\) \(marked in red\)/.test(verdict), verdict);
  // Mended: the mark goes and the puzzle loads.
  await page.focus(tid('board'));
  await page.keyboard.press('Backspace');
  await settle(page);
  assert(await page.evaluate(() => window.dlx.app.sudoku.overlay.clash.size === 0), 'the marks stayed');
  assert(await page.evaluate((t) => window.dlx.model.board().text === t, before), 'the mended puzzle did not load');
});

test('Sudoku: after Solve the search stands at the solution: Back takes off the last digit, the search goes on to prove it unique', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', EASTER);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const solution = await boardText(page);
  checkSudoku(solution, EASTER);
  const status = await text(page, 'status');
  assert(/^Showing the only solution \(Solve proved it unique\)\.$/.test(status), `status after Solve: ${status}`);
  // The timeline has nothing to move through where the jump landed: disabled, not a thumb at its
  // left that read as "at the start" thousands of nodes in. A step back gives it one event.
  const timeline = () => page.$eval('#timeline', (el) => [/** @type {HTMLInputElement} */ (el).disabled, /** @type {HTMLInputElement} */ (el).max, document.getElementById('timeline-out').textContent]);
  let tl = await timeline();
  assert(tl[0] === true && tl[1] === '0' && tl[2] === "at Solve's stop", `the timeline after Solve: ${tl}`);
  // Back: the Solution event undone, every digit still placed (the board emptied to its givens,
  // the search standing at the end of the proof).
  await page.click(tid('step-back'));
  await settle(page);
  assert((await boardText(page)) === solution, `Back after Solve: ${await boardText(page)}`);
  tl = await timeline();
  assert(tl[0] === false && tl[1] === '1' && tl[2] === "1 before Solve's stop", `the timeline one step back: ${tl}`);
  // Back to the previous choices: fewer digits, each the solution's, the givens kept.
  await page.click(tid('step-back-choice'));
  await page.click(tid('step-back-choice'));
  await settle(page);
  const back = await boardText(page);
  const filled = [...back].filter((c) => c !== '.').length;
  assert(filled < 81 && filled > EASTER.replace(/\./g, '').length, `previous choice: ${filled} digits (${back})`);
  assert([...back].every((c, i) => c === '.' || c === solution[i]), `a digit off the solution: ${back}`);
  assert((await text(page, 'verdict')).startsWith('Unique solution'), await text(page, 'verdict'));
  // On from there: the same solution first, then the proof runs to its end and finds no other.
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(window.dlx.model.stats().solutions) === 1);
  await settle(page);
  assert((await boardText(page)) === solution, `Next solution from there: ${await boardText(page)}`);
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => window.dlx.model.stats().done);
  const st = await page.evaluate(() => window.dlx.model.stats());
  assert(Number(st.solutions) === 1 && Number(st.nodes) === 5166, `the proof: ${st.solutions} solutions, ${st.nodes} nodes`);
});

test('Sudoku: a given cleared on the board with 0 comes back with Ctrl+Z on the board', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', EASTER);
  await page.focus(tid('board'));
  await page.keyboard.press('0');
  assert((await puzzleText(page))[0] === '.', `0 did not clear r1c1: ${await puzzleText(page)}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('4');
  assert((await puzzleText(page)).slice(0, 2) === '.4', await puzzleText(page));
  await page.keyboard.press('Control+z');
  assert((await puzzleText(page)).slice(0, 2) === '..', `the first undo: ${await puzzleText(page)}`);
  await page.keyboard.press('Control+z');
  assert((await puzzleText(page)) === EASTER, `the second undo: ${await puzzleText(page)}`);
  assert(await page.evaluate((t) => window.dlx.model.board().text === t, EASTER), 'the puzzle given back did not load');
  // Nothing more to undo: the page says so, and the puzzle stays.
  await page.keyboard.press('Control+z');
  assert((await puzzleText(page)) === EASTER, 'a third undo changed the puzzle');
  assert(/^Nothing to undo on the board/.test(await text(page, 'status')), await text(page, 'status'));
  // Text typed in the box since: the board's undo does not write over it.
  await page.keyboard.press('5');
  await page.fill(tid('puzzle'), EASTER_DEAD);
  await page.focus(tid('board'));
  await page.keyboard.press('Control+z');
  assert((await puzzleText(page)) === EASTER_DEAD, `undo wrote over typed text: ${await puzzleText(page)}`);
});

test('Sudoku: a grid pasted into the box is on the board at once; a bad paste says why at once; typing waits', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector(`${tid('welcome-sudoku')}:visible`);
  await page.click(tid('welcome-sudoku'));
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'puzzle');
  const paste = async (t) => {
    await page.evaluate((x) => navigator.clipboard.writeText(x), t);
    await page.focus(tid('puzzle'));
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+V');
  };
  // Ctrl+V over the example: the board is the pasted grid (it kept the example, "Not loaded" below
  // the fold).
  const grid = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  await paste(webGrid(grid));
  await page.waitForFunction((g) => window.dlx.model.board().text === g, grid);
  assert((await boardText(page)) === grid, `the board after the paste: ${await boardText(page)}`);
  assert(await page.isHidden(tid('form-state')), 'a pasted grid that loaded is marked "not loaded"');
  assert(/^Loaded Sudoku 9x9/.test(await text(page, 'narration')), await text(page, 'narration'));
  // A paste that does not read: its error at once, the board as it was.
  await paste(grid.slice(1));
  assert(await page.isVisible('#input-error'), 'no error for a pasted grid of 80 cells');
  assert(/read 80 cells/.test(await page.textContent('#input-error')), await page.textContent('#input-error'));
  assert((await boardText(page)) === grid, 'the board changed after a paste that did not load');
  // Typed, not pasted: nothing loads until an action.
  await page.fill(tid('puzzle'), EASTER);
  await page.waitForSelector('#input-error', { state: 'hidden' });
  assert((await boardText(page)) === grid, 'typing loaded the grid');
  assert(await page.isVisible(tid('form-state')), 'typed text is not marked "not loaded"');
  await context.close();
});

test('Sudoku: a cell set on the board after a paste that did not load keeps the paste for Undo', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', EASTER);
  // Pasted with two 5s in row 1: refused, the board keeps Easter Monster.
  const pasted = `55${EASTER.slice(2)}`;
  await page.fill(tid('puzzle'), pasted);
  await page.click(tid('solve-form'));
  await page.waitForFunction(() => /^Error/.test(document.querySelector('[data-testid="status"]').textContent));
  // The board's r6c6 set to 3 rewrites the box from the board (Easter Monster and the 3): the paste
  // was lost with no Undo.
  const pt = await cellPoint(page, 5 * 9 + 5);
  await page.mouse.click(pt.x, pt.y);
  await page.keyboard.press('3');
  const after = await puzzleText(page);
  assert(after.slice(0, 2) === '1.' && after[50] === '3', `the box after the edit: ${after}`);
  assert(await page.isVisible(tid('undo-text')), 'no Undo for the paste the board replaced');
  // A second edit on the board's own text keeps no more: one Undo gives the paste back.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('4');
  await page.click(tid('undo-text'));
  assert((await puzzleText(page)) === pasted, `Undo gave back ${await puzzleText(page)}`);
  assert(await page.isHidden(tid('undo-text')), 'Undo still offered after the paste came back');
});

test('Sudoku: on a phone a tap opens a symbol pad', async ({ browser, base }) => {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await open(page, base, `?sudoku=${EASTER}`);
  // The phone layout puts the sticky control bar above the board: bring the board to mid-screen first.
  await page.evaluate(() => document.querySelector('[data-testid="board"]').scrollIntoView({ block: 'center' }));
  const pt = await cellPoint(page, 1);
  await page.touchscreen.tap(pt.x, pt.y);
  await page.waitForSelector('[data-testid="symbol-pad"]:not([hidden])');
  await page.click('[data-testid="symbol-pad"] button[data-value="8"]');
  assert((await page.inputValue(tid('puzzle')))[1] === '8', 'the pad did not set r1c2');
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'phone-sudoku-pad.png'), fullPage: true });
  // A puzzle with shapes is edited as its text: a tap on a cell says so at once, and opens no pad
  // whose digits would do nothing.
  await page.click('[data-testid="symbol-pad"] button[data-value="close"]');
  await page.selectOption('#preset', 'sudoku-killer');
  await page.waitForFunction(() => /killer/.test(window.dlx.model.info.title));
  await page.evaluate(() => document.querySelector('[data-testid="board"]').scrollIntoView({ block: 'center' }));
  const killerCell = await cellPoint(page, 10);
  await page.touchscreen.tap(killerCell.x, killerCell.y);
  await settle(page);
  assert(await page.isHidden('[data-testid="symbol-pad"]'), 'the pad opened on a killer cell');
  assert(/f-puzzles text/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  await page.close();
});

test('Sudoku: pencil marks are the candidates, read from the live links', async ({ page, base }) => {
  await open(page, base);
  for (const puzzle of [EASTER, P16]) {
    await loadVia(page, 'sudoku', puzzle);
    const plain = await page.locator(tid('board')).screenshot();
    await page.click(tid('pencil'));
    await settle(page);
    const marks = await page.evaluate(() => Array.from(window.dlx.app.sudoku.overlay.candidates || []));
    const expected = naiveCandidates(puzzle);
    assert(JSON.stringify(marks) === JSON.stringify(expected), `pencil marks differ from the rules for ${puzzle.slice(0, 20)}…`);
    // The marks are the live item lengths: as many as the cell item's length.
    const lengths = await page.evaluate(() => {
      const { lens } = window.dlx.model.views();
      return Array.from(lens.slice(1, window.dlx.app.sudoku.shown.cells.length + 1));
    });
    marks.forEach((m, p) => {
      if (m) assert(m.toString(2).split('1').length - 1 === lengths[p], `cell ${p}: ${m} against length ${lengths[p]}`);
    });
    const withMarks = await page.locator(tid('board')).screenshot();
    assert(!plain.equals(withMarks), 'the pencil marks drew nothing');
    await page.click(tid('pencil'));
  }
  // Deeper in the search the marks follow the links: after some choices, still one per option left.
  await loadVia(page, 'sudoku', EASTER);
  await page.click(tid('pencil'));
  for (let i = 0; i < 4; i++) await page.click(tid('step-choice'));
  await settle(page);
  const ok = await page.evaluate(() => {
    const marks = window.dlx.app.sudoku.overlay.candidates;
    const { lens } = window.dlx.model.views();
    let n = 0;
    for (let p = 0; p < 81; p++) {
      if (lens[p + 1] & 0x40000000) { if (marks[p]) return -1; continue; }
      let bits = 0; for (let v = marks[p]; v; v >>= 1) bits += v & 1;
      if (bits !== lens[p + 1]) return -1;
      n++;
    }
    return n;
  });
  assert(ok > 40, `marks and item lengths disagree deeper in the search (${ok})`);
  await page.screenshot({ path: path.join(SHOTS, 'desktop-sudoku-pencil.png') });
});

test('Sudoku: a cell lights its items and options in the matrix; an item lights its cells', async ({ page, base }) => {
  await open(page, base, `?sudoku=${EASTER}`);
  // r1c2 is empty: its cell item (header 2) and its nine options.
  let pt = await cellPoint(page, 1);
  await page.mouse.move(pt.x, pt.y);
  let lit = await page.evaluate(() => { const l = window.dlx.app.matrix.lit; return l && { items: [...l.items], options: [...l.options] }; });
  assert(lit && JSON.stringify(lit.items) === '[2]' && JSON.stringify(lit.options) === JSON.stringify([9, 10, 11, 12, 13, 14, 15, 16, 17]), `r1c2 lights ${JSON.stringify(lit)}`);
  // r1c1 holds 1: the four items of its option.
  pt = await cellPoint(page, 0);
  await page.mouse.move(pt.x, pt.y);
  lit = await page.evaluate(() => {
    const l = window.dlx.app.matrix.lit;
    return l && { items: [...l.items].map((h) => window.dlx.model.info.items[h - 1]), options: [...l.options] };
  });
  assert(lit && JSON.stringify(lit.items) === JSON.stringify(['r1c1', 'r1=1', 'c1=1', 'b1=1']) && JSON.stringify(lit.options) === '[0]', `r1c1 lights ${JSON.stringify(lit)}`);
  // Pointing at the column of item r5=7 lights row 5 on the board.
  const where = await page.evaluate(() => {
    const m = window.dlx.app.matrix;
    const h = window.dlx.model.info.items.indexOf('r5=7') + 1;
    m.scale = 8; m.ox = m.layout.headerX[h] - 20; m.dirty = true;
    const r = m.canvas.getBoundingClientRect();
    return { x: r.left + (m.layout.headerX[h] - m.ox + 0.5) * m.scale, y: r.top + r.height / 2 };
  });
  await page.mouse.move(where.x, where.y);
  await settle(page);
  const cells = await page.evaluate(() => [...window.dlx.app.sudoku.overlay.lit].sort((a, b) => a - b));
  assert(JSON.stringify(cells) === JSON.stringify([36, 37, 38, 39, 40, 41, 42, 43, 44]), `r5=7 lights cells ${cells}`);
});

test('Sudoku: a 25x25 is readable on the maximised board at 1280x800', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'sudoku-25');
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^Unique solution/.test(document.querySelector('[data-testid="verdict"]').textContent));
  checkSudoku(await boardText(page), P25);
  await page.click(tid('maximise-board'));
  await page.waitForTimeout(300);
  await settle(page);
  const cell = await page.evaluate(() => {
    const r = document.querySelector('[data-testid="board"]').getBoundingClientRect();
    return Math.min((r.width - 12) / 25, (r.height - 12) / 25);
  });
  // A cell of 22 px or more prints its symbol at 13 px or more (58% of the cell).
  assert(cell >= 22, `a 25x25 cell is ${cell.toFixed(1)} px on the maximised board`);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'desktop-sudoku-25-maximised.png') });
  report.push(`25x25 on the maximised board at 1280x800: cells of ${cell.toFixed(1)} px`);
  await page.keyboard.press('Escape');
  await settle(page);
  assert(!(await page.$('.panel.maximised')), 'Escape did not restore the board');
});

test('Sudoku: a grid whose blanks are its empty cells (every line 9 characters) reads, says so, and its link opens it again', async ({ page, base }) => {
  const grid = '  3 2 6  \n9  3 5  1\n  18 64  \n  81 29  \n7       8\n  67 82  \n  26 95  \n8  2 3  9\n  5 1 3  ';
  await open(page, base);
  await loadVia(page, 'sudoku', grid);
  const info = await page.evaluate(() => window.dlx.model.info);
  assert(info.title === 'Sudoku 9x9', `title: ${info.title}`);
  assert(/blanks as empty cells: every line 9 characters long/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  const want = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
  assert((await boardText(page)) === want, `board: ${await boardText(page)}`);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^Unique/.test(document.querySelector('[data-testid="verdict"]').textContent));
  checkSudoku(await boardText(page), want);
  // The link keeps the blanks at the ends of lines: the same puzzle opens from it.
  const other = await pageLike(page, 1280, 800);
  await other.goto(page.url());
  await other.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  assert((await text(other, 'board-text')) === want, `from the link: ${await text(other, 'board-text')}`);
  await other.close();
  // Trimmed of its last blanks it is no such grid: the count is off, and the message says how to write blanks.
  await loadVia(page, 'sudoku', grid.replace(/ +$/gm, ''));
  const err = await page.textContent('#input-error');
  assert(/if blanks stand for empty cells, write them as `\.` or `0`/.test(err), `error: ${err}`);
});
