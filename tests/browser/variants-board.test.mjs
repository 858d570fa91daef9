// The board of a variant Sudoku (issue 20): pasted f-puzzles links of a killer and a jigsaw load, the
// board draws their cages and regions where the puzzle puts them (read from the f-puzzles JSON here,
// not from the engine), Solve says "Unique solution" and the grid is checked against the rules by the
// checker below; pointing at a cage lights its items and fillings in the matrix; the picker's X switch
// changes a typed puzzle's count (counted here by brute force too); every variant preset loads and
// branches. Screenshots of every variant at 1280x800 and 375 px go to screenshots/.

import path from 'node:path';
import {
  SHOTS, assert, tid, text, open, loadVia, test, report, cli, settle, pageLike,
} from './harness.mjs';

const cellOf = (name) => { const [r, c] = name.slice(1).split('C').map(Number); return (r - 1) * 9 + c - 1; };
const cellName = (p) => `r${Math.floor(p / 9) + 1}c${(p % 9) + 1}`;
const boxOf = (p) => Math.floor(p / 27) * 3 + Math.floor((p % 9) / 3);

/**
 * A variant's rules, from the puzzle as people write it: f-puzzles JSON (regions, diagonals, cages,
 * thermometers, …) or a line of givens with --variant switches.
 */
function rulesOf(puzzleText, format = '') {
  const on = new Set(format.split(',').filter(Boolean));
  if (!puzzleText.trim().startsWith('{')) {
    const givens = [...puzzleText.trim()].map((ch) => (ch === '.' ? 0 : Number(ch)));
    return {
      givens, regions: [...Array(81).keys()].map(boxOf), x: on.has('x'), windoku: on.has('windoku'),
      knight: on.has('anti-knight'), king: on.has('anti-king'), nc: on.has('non-consecutive'), cages: [], thermos: [],
    };
  }
  const j = JSON.parse(puzzleText);
  const flat = j.grid.flat();
  return {
    givens: flat.map((c) => (c.given ? c.value : 0)),
    regions: flat.map((c, p) => (c.region ?? boxOf(p))),
    jigsaw: flat.some((c) => c.region !== undefined),
    x: !!(j['diagonal+'] && j['diagonal-']),
    windoku: false,
    knight: !!j.antiknight, king: !!j.antiking, nc: !!j.nonconsecutive,
    cages: (j.killercage || []).map((k) => ({ cells: k.cells.map(cellOf), sum: k.value === undefined ? null : Number(k.value) })),
    thermos: (j.thermometer || []).flatMap((t) => t.lines.map((l) => l.map(cellOf))),
  };
}

/** The first rule a full grid (81 digits) breaks, or null: written out here from the rules alone. */
function breaks(grid, R) {
  const d = [...grid].map(Number);
  if (d.length !== 81 || d.some((v) => !(v >= 1 && v <= 9))) return `not a full grid: ${grid}`;
  for (let p = 0; p < 81; p++) if (R.givens[p] && R.givens[p] !== d[p]) return `given ${cellName(p)} lost`;
  const groups = [];
  for (let i = 0; i < 9; i++) {
    groups.push([`row ${i + 1}`, [...Array(9).keys()].map((c) => i * 9 + c)]);
    groups.push([`column ${i + 1}`, [...Array(9).keys()].map((r) => r * 9 + i)]);
    groups.push([`region ${i + 1}`, [...Array(81).keys()].filter((p) => R.regions[p] === i)]);
  }
  if (R.x) {
    groups.push(['diagonal-', [...Array(9).keys()].map((i) => i * 10)]);
    groups.push(['diagonal+', [...Array(9).keys()].map((i) => (8 - i) * 9 + i)]);
  }
  if (R.windoku) {
    for (const [r0, c0] of [[1, 1], [1, 5], [5, 1], [5, 5]]) {
      groups.push([`windoku r${r0 + 1}c${c0 + 1}`, [...Array(9).keys()].map((i) => (r0 + Math.floor(i / 3)) * 9 + c0 + (i % 3))]);
    }
  }
  for (const k of R.cages) {
    groups.push([`cage ${k.cells.map(cellName)}`, k.cells]);
    const sum = k.cells.reduce((a, p) => a + d[p], 0);
    if (k.sum !== null && sum !== k.sum) return `cage ${k.cells.map(cellName)} adds up to ${sum}, not ${k.sum}`;
  }
  for (const [name, g] of groups) if (new Set(g.map((p) => d[p])).size !== g.length) return `${name} repeats a digit`;
  for (const t of R.thermos) for (let i = 1; i < t.length; i++) if (d[t[i]] <= d[t[i - 1]]) return `thermometer from ${cellName(t[0])} does not rise`;
  for (let p = 0; p < 81; p++) {
    const r = Math.floor(p / 9), c = p % 9;
    for (let q = 0; q < 81; q++) {
      const dr = Math.abs(Math.floor(q / 9) - r), dc = Math.abs((q % 9) - c);
      if (R.knight && dr * dc === 2 && d[p] === d[q]) return `${cellName(p)} and ${cellName(q)} a knight's move apart`;
      if (R.king && dr === 1 && dc === 1 && d[p] === d[q]) return `${cellName(p)} and ${cellName(q)} a king's move apart`;
      if (R.nc && dr + dc === 1 && Math.abs(d[p] - d[q]) === 1) return `${cellName(p)} and ${cellName(q)} consecutive`;
    }
  }
  return null;
}

/** Solutions of a classic grid of givens (optionally with both diagonals), by plain backtracking. */
function bruteCount(givens, x) {
  const d = givens.slice();
  const units = (p) => {
    const r = Math.floor(p / 9), c = p % 9, out = [];
    for (let i = 0; i < 9; i++) {
      out.push(r * 9 + i, i * 9 + c, (Math.floor(r / 3) * 3 + Math.floor(i / 3)) * 9 + Math.floor(c / 3) * 3 + (i % 3));
      if (x && r === c) out.push(i * 10);
      if (x && r + c === 8) out.push((8 - i) * 9 + i);
    }
    return out;
  };
  const peers = [...Array(81).keys()].map((p) => units(p).filter((q) => q !== p));
  let count = 0;
  const go = () => {
    let best = -1, bestOpts = null;
    for (let p = 0; p < 81; p++) {
      if (d[p]) continue;
      const opts = [];
      for (let v = 1; v <= 9; v++) if (!peers[p].some((q) => d[q] === v)) opts.push(v);
      if (!bestOpts || opts.length < bestOpts.length) { best = p; bestOpts = opts; }
      if (!opts.length) return;
    }
    if (best < 0) { count++; return; }
    for (const v of bestOpts) { d[best] = v; go(); d[best] = 0; }
  };
  go();
  return count;
}

/** Solves with the Solve button and returns the verdict and the board's text. */
async function solve(page) {
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent), null, { timeout: 60000 });
  return { verdict: await text(page, 'verdict'), board: await text(page, 'board-text') };
}

/** The page's pointer on a point of cell p (fractions fx, fy of the cell). */
async function pointAt(page, p, fx, fy) {
  const g = await page.evaluate(() => window.dlx.app.board.geometry);
  const box = await page.locator(tid('board')).boundingBox();
  await page.mouse.move(box.x + g.x0 + ((p % 9) + fx) * g.cell, box.y + g.y0 + (Math.floor(p / 9) + fy) * g.cell);
  await settle(page);
}

test('variants board: a pasted killer link draws its cages and sums, solves uniquely, lights a cage in the matrix, and shows pencil marks in its cages', async ({ page, base, errors }) => {
  const made = JSON.parse(cli(['make', 'sudoku', '--variant', 'killer', '--seed', '5', '--json']));
  const R = rulesOf(made.puzzle);
  await open(page, base);
  await loadVia(page, 'sudoku', made.link);
  await settle(page);
  // The cages drawn are the puzzle's, each sum in its cage's top-left cell.
  const drawn = await page.evaluate(() => window.dlx.app.board.drawnShapes);
  const key = (cells) => cells.slice().sort((a, b) => a - b).join(',');
  assert(JSON.stringify(drawn.cages.map(key).sort()) === JSON.stringify(R.cages.map((k) => key(k.cells)).sort()), `cages drawn: ${drawn.cages.length} of ${R.cages.length}`);
  for (const k of R.cages) {
    const s = drawn.sums.find((x) => x.cell === Math.min(...k.cells));
    assert(s && s.text === String(k.sum), `the sum of the cage at ${cellName(Math.min(...k.cells))}: ${s && s.text}, not ${k.sum}`);
  }
  // Each sum's box ends above where its cell's pencil marks start (MARKS_BELOW_SUM of the cell).
  const g = await page.evaluate(() => window.dlx.app.board.geometry);
  const below = await page.evaluate(() => import('./www/views/variants.js').then((m) => m.MARKS_BELOW_SUM));
  for (const s of drawn.sums) {
    const top = g.y0 + Math.floor(s.cell / 9) * g.cell;
    assert(s.box[1] + s.box[3] <= top + below * g.cell, `the sum ${s.text} at ${cellName(s.cell)} reaches ${(s.box[1] + s.box[3] - top).toFixed(1)} px into its cell, marks start at ${(below * g.cell).toFixed(1)}`);
  }
  // No box border inside a cage is wrong for a killer: its regions are the boxes (borders where boxes meet).
  for (const [p, q] of drawn.borders) assert(boxOf(p) !== boxOf(q), `a border inside box ${boxOf(p) + 1}`);
  assert(drawn.borders.length === 36, `${drawn.borders.length} box border edges, not 36`);
  // Pencil marks in the cages (empty before: a cage filled directly left its cells no option of their own).
  await page.click(tid('pencil'));
  await settle(page);
  const marks = await page.evaluate(() => Array.from(window.dlx.app.sudoku.overlay.candidates));
  const empty = R.givens.map((v, p) => (v ? -1 : p)).filter((p) => p >= 0);
  const blank = empty.filter((p) => !marks[p]);
  assert(blank.length === 0, `no pencil marks in ${blank.map(cellName).join(' ')}`);
  // Every mark of a cell of a 2-cell cage is a digit that some pair of distinct digits with the sum allows.
  for (const k of R.cages.filter((c) => c.cells.length === 2)) {
    for (const p of k.cells) {
      for (let v = 1; v <= 9; v++) {
        if (marks[p] & (1 << (v - 1))) assert(k.sum - v >= 1 && k.sum - v <= 9 && k.sum - v !== v, `${cellName(p)} marks ${v} in a cage of ${k.sum}`);
      }
    }
  }
  // Pointing at cage 1's outline lights its item and its fillings in the matrix, and the cage on the board.
  const info = await page.evaluate(() => window.dlx.model.info);
  const cage = R.cages[0];
  const header = info.items.indexOf('cage1') + 1;
  assert(header > 0, 'no item cage1');
  const fillings = info.options.map((o, k) => (o.includes(header - 1) ? k : -1)).filter((k) => k >= 0);
  await pointAt(page, Math.min(...cage.cells), 0.08, 0.6);
  const lit = await page.evaluate(() => {
    const l = window.dlx.app.matrix.lit;
    return l && { items: [...l.items], options: [...l.options].sort((a, b) => a - b), shape: window.dlx.app.variants.lit };
  });
  // A cage stated by its digit sets (more than 24 whole fillings) has an item a digit besides its own
  // (cage1=5, which its cells' options cover): those light with it.
  const cageItems = info.items.map((n, k) => (n === 'cage1' || n.startsWith('cage1=') ? k + 1 : 0)).filter((k) => k);
  assert(lit && JSON.stringify(lit.items) === JSON.stringify(cageItems), `lit items ${lit && lit.items}, want [${cageItems}] (cage1 and its digits)`);
  assert(JSON.stringify(lit.options) === JSON.stringify(fillings), `lit options: ${lit.options.length}, fillings of cage 1: ${fillings.length}`);
  const constraint = await page.evaluate((k) => window.dlx.model.layout.constraints[k], lit.shape);
  assert(key(constraint.cells) === key(cage.cells), `the shape lit on the board: ${constraint.name}`);
  // On a keyboard or a touch screen: a shape of the list under the board, focused, lights the same.
  await page.mouse.move(0, 0);
  await page.evaluate(() => { document.querySelector('#shapes').open = true; });
  await page.focus(tid(`shape-${lit.shape}`));
  await settle(page);
  const byList = await page.evaluate(() => { const l = window.dlx.app.matrix.lit; return l && [...l.items]; });
  assert(JSON.stringify(byList) === JSON.stringify(cageItems), `lit by the list: ${byList}`);
  await page.evaluate(() => document.activeElement.blur());
  // The matrix starts with the fillings: the 729 empty cell options (every cell is in a cage filled
  // directly) are one row, not a blank screen of rows.
  // (Only when no cage is stated by digit sets: their cells' options cover the cage's digit items.)
  const rows = await page.evaluate(() => { const L = window.dlx.app.matrix.layout; return [L.rowOpt[0], L.rowLast[0], L.rowOpt[1], L.nRows]; });
  if (!info.items.some((n) => /^cage\d+=/.test(n))) {
    assert(rows[0] === 0 && rows[1] === 728 && rows[2] === 729 && rows[3] === info.n_options - 728, `matrix rows: ${rows}`);
  }
  // The middle of a cell is the cell's, as on a classic board: its items and options.
  await pointAt(page, Math.min(...cage.cells), 0.5, 0.55);
  assert(await page.evaluate(() => window.dlx.app.variants.lit) === -1, 'the middle of a cell still lights the cage');
  // Pointing at the cage's item in the matrix lights its cells on the board.
  await page.evaluate((h) => window.dlx.app.sudoku.pointItem(h), header);
  const cells = await page.evaluate(() => [...window.dlx.app.sudoku.lit]);
  assert(key(cells) === key(cage.cells), `cells lit by cage1: ${cells.map(cellName)}`);
  const { verdict, board } = await solve(page);
  assert(/^Unique solution/.test(verdict), `verdict: ${verdict}`);
  const broken = breaks(board, R);
  assert(broken === null, `the solution breaks a rule: ${broken}`);
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('variants board: a pasted jigsaw link draws borders where its regions change and no box border elsewhere, and solves uniquely', async ({ page, base, errors }) => {
  const made = JSON.parse(cli(['make', 'sudoku', '--variant', 'jigsaw', '--seed', '4', '--json']));
  const R = rulesOf(made.puzzle);
  assert(R.jigsaw, 'not a jigsaw');
  await open(page, base);
  await loadVia(page, 'sudoku', made.link);
  await settle(page);
  const drawn = await page.evaluate(() => window.dlx.app.board.drawnShapes);
  const want = [];
  for (let p = 0; p < 81; p++) {
    if (p % 9 < 8 && R.regions[p] !== R.regions[p + 1]) want.push(`${p},${p + 1}`);
    if (p < 72 && R.regions[p] !== R.regions[p + 9]) want.push(`${p},${p + 9}`);
  }
  const got = drawn.borders.map(([p, q]) => `${p},${q}`);
  assert(JSON.stringify(got.slice().sort()) === JSON.stringify(want.slice().sort()), `borders drawn ${got.length}, region changes ${want.length}`);
  // Where two boxes meet inside one region there is no border (the classic board drew one there).
  const inside = [];
  for (let p = 0; p < 81; p++) for (const q of [p + 1, p + 9]) if (q < 81 && (q !== p + 1 || p % 9 < 8) && boxOf(p) !== boxOf(q) && R.regions[p] === R.regions[q]) inside.push(`${p},${q}`);
  assert(inside.length > 0, 'the jigsaw has no region across a box border');
  assert(inside.every((e) => !got.includes(e)), 'a box border is drawn inside a jigsaw region');
  // Pointing at a region's border lights its nine items (j-items) in the matrix.
  const info = await page.evaluate(() => window.dlx.model.info);
  const [p, q] = want[0].split(',').map(Number);
  if (q === p + 1) await pointAt(page, p, 0.93, 0.5); else await pointAt(page, p, 0.5, 0.93);
  const lit = await page.evaluate(() => { const l = window.dlx.app.matrix.lit; return l ? [...l.items].map((h) => window.dlx.model.info.items[h - 1]) : []; });
  const g = R.regions[p] + 1;
  assert(JSON.stringify(lit) === JSON.stringify([...Array(9).keys()].map((v) => `j${g}=${v + 1}`)), `lit: ${lit}`);
  // And an item of that region, pointed at in the matrix, lights the region's cells (not box g's).
  await page.evaluate((h) => window.dlx.app.sudoku.pointItem(h), info.items.indexOf(`j${g}=1`) + 1);
  const cells = await page.evaluate(() => [...window.dlx.app.sudoku.lit].sort((a, b) => a - b));
  const region = [...Array(81).keys()].filter((q) => R.regions[q] === g - 1);
  assert(JSON.stringify(cells) === JSON.stringify(region), `cells lit: ${cells.map(cellName)}`);
  const { verdict, board } = await solve(page);
  assert(/^Unique solution/.test(verdict), `verdict: ${verdict}`);
  assert(breaks(board, R) === null, `the solution breaks a rule: ${breaks(board, R)}`);
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('variants board: the picker\'s X switch takes a typed puzzle from 9 solutions to 1', async ({ page, base, errors }) => {
  const puzzle = '.4...87319.........8.763..51.....8.73..2.7..44...1..2....8..4.9.....6....1.345..2';
  const givens = [...puzzle].map((ch) => (ch === '.' ? 0 : Number(ch)));
  assert(bruteCount(givens, false) === 9 && bruteCount(givens, true) === 1, 'the brute-force counts');
  await open(page, base);
  await loadVia(page, 'sudoku', puzzle);
  const countAll = () => page.evaluate(() => {
    const m = window.dlx.model;
    while (!m.session.count_chunk(1e6));
    return m.session.stats().solutions;
  });
  assert(await countAll() === 9, 'classic count');
  // A tick loads at once: the title, the link and the count follow.
  await page.check(tid('variant-x'));
  await page.waitForFunction(() => window.dlx.model.info.title === 'Sudoku 9x9 (x)');
  assert(await page.evaluate(() => window.dlx.model.problem.format) === 'x', 'the format is not the switch');
  assert(await page.evaluate(() => window.dlx.model.layout.constraints.filter((c) => c.name.startsWith('diagonal')).length) === 2, 'no diagonals in the layout');
  assert(await countAll() === 1, 'count with X');
  await page.waitForFunction(() => /variant=x/.test(location.search));
  // An edit on the board keeps the switch: r1c1 set to 5 (its digit in the X solution) is still X.
  await page.focus(tid('board'));
  await page.keyboard.press('5');
  await page.waitForFunction(() => window.dlx.model.problem.text.startsWith('54'));
  assert(await page.evaluate(() => window.dlx.model.info.title) === 'Sudoku 9x9 (x)', 'an edit dropped the X switch');
  assert(await countAll() === 1, 'count with X after the edit');
  // Solve acts on the form, the picker included: unticked (not loaded yet) and solved, two found.
  await page.evaluate(() => { const el = document.querySelector('[data-testid="variant-x"]'); el.checked = false; });
  const { verdict } = await solve(page);
  assert(/^More than one solution/.test(verdict), `verdict without X: ${verdict}`);
  // The link of the X puzzle opens it with X ticked.
  await open(page, base, `?sudoku=${puzzle}&variant=x`);
  assert(await page.isChecked(tid('variant-x')), 'the link does not tick X');
  assert(await page.evaluate(() => window.dlx.model.info.title) === 'Sudoku 9x9 (x)', 'the link does not load X');
  // Switches given one parameter each are all taken (the second was dropped), and written back as one.
  await open(page, base, `?sudoku=${'.'.repeat(81)}&variant=windoku&variant=x`);
  assert(await page.isChecked(tid('variant-windoku')) && await page.isChecked(tid('variant-x')), 'a link with two variant parameters ticks only one');
  assert(await page.evaluate(() => window.dlx.model.problem.format) === 'windoku,x', `format: ${await page.evaluate(() => window.dlx.model.problem.format)}`);
  await page.waitForFunction(() => /variant=windoku,x/.test(location.search));
  await open(page, base, `?sudoku=${puzzle}&variant=x`);
  // Givens that break a ticked rule are refused with the rule (they loaded as a classic Sudoku).
  await page.uncheck(tid('variant-x'));
  await loadVia(page, 'sudoku', '.....5.........39............65.2......71....24.3..7.............................');
  const loaded = () => page.evaluate(() => JSON.stringify([window.dlx.model.info.title, window.dlx.model.problem]));
  const before = await loaded();
  assert(/"Sudoku 9x9"/.test(before), `loaded: ${before}`);
  await page.check(tid('variant-non-consecutive'));
  await settle(page);
  const err = await page.textContent('#input-error');
  assert(/the givens break a rule: r4c3 and r4c4 are neighbours holding consecutive digits/.test(err), `error: ${err}`);
  assert(await loaded() === before, `the puzzle before is not kept: ${await loaded()}`);
  // A puzzle with shapes is edited as its f-puzzles text, which a link holds compressed: a key on the
  // board says so, the text stays.
  const killer = JSON.parse(cli(['make', 'sudoku', '--variant', 'killer', '--seed', '5', '--json']));
  await loadVia(page, 'sudoku', killer.link);
  await page.focus(tid('board'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('7');
  await settle(page);
  assert(await page.inputValue(tid('puzzle')) === killer.link, 'a key on the board replaced the killer\'s text');
  assert(/cannot be set on the board: its shapes and givens come from its f-puzzles link/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  // An unknown switch in a link is refused by name.
  await open(page, base, `?sudoku=${puzzle}&variant=jigsaw`);
  assert(/unknown variant `jigsaw`/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  assert(errors.filter((e) => !/jigsaw/.test(e)).length === 0, `console errors: ${errors.join('; ')}`);
});

const VARIANT_PRESETS = ['sudoku-x', 'sudoku-windoku', 'sudoku-anti-knight', 'sudoku-anti-king', 'sudoku-non-consecutive',
  'sudoku-jigsaw', 'sudoku-killer', 'sudoku-thermo'];

test('variants board: each variant preset loads, branches, has one solution that keeps its rules; screenshots at 1280 and 375 px', async ({ page, base, errors }) => {
  await open(page, base);
  const presets = await page.evaluate((keys) => import('./www/app/presets.js').then((m) => keys.map((k) => ({ key: k, ...m.PRESETS[k] }))), VARIANT_PRESETS);
  for (const p of presets) {
    await page.selectOption('#preset', p.key);
    await page.waitForFunction((t) => window.dlx.model.problem.text === t, p.text);
    const name = p.key.slice('sudoku-'.length);
    const info = await page.evaluate(() => window.dlx.model.info);
    assert(info.title === `Sudoku 9x9 (${name})`, `${p.key}: title ${info.title}`);
    // Run to the end: one solution, and more nodes than levels (a real choice somewhere).
    const st = await page.evaluate(() => {
      const m = window.dlx.model;
      while (!m.session.count_chunk(1e6));
      return { ...m.session.stats(), first: m.session.kept(0).text };
    });
    assert(st.solutions === 1, `${p.key}: ${st.solutions} solutions`);
    assert(st.nodes > st.max_depth, `${p.key}: ${st.nodes} nodes on a path of ${st.max_depth}: no branching`);
    const broken = breaks(st.first, rulesOf(p.text, p.format));
    assert(broken === null, `${p.key}: the solution breaks a rule: ${broken}`);
    report.push(`preset ${p.key}: ${st.nodes} nodes, depth ${st.max_depth}, 1 solution`);
    // The legend under the board states the variant's rule in words (a touch screen never shows
    // the picker's tooltips; the killer's "none twice" was said nowhere).
    await settle(page);
    const legend = (await page.$$eval('#board-legend li', (els) => els.filter((li) => !li.hidden).map((li) => li.textContent))).join(' | ');
    const rule = {
      x: /diagonals: each holds every digit once/, windoku: /windoku: .*hold every digit once|windoku region: every digit once/,
      'anti-knight': /anti-knight: cells a knight's move apart differ/, 'anti-king': /anti-king: cells a king's move apart differ/,
      'non-consecutive': /non-consecutive: orthogonal neighbours differ by more than 1/,
      jigsaw: /jigsaw: each region in thick borders holds every digit once/,
      killer: /cage \(dashed\): its digits add up to the sum in its corner, none twice/, thermo: /thermometer: digits rise strictly from the bulb/,
    }[name];
    assert(rule && rule.test(legend), `${p.key}: the legend does not state the rule: ${legend}`);
    // "shape pointed at" only where there are shapes (an anti-knight puzzle has none), after the rules.
    const shapes = !['anti-knight', 'anti-king', 'non-consecutive'].includes(name);
    assert(legend.includes('shape pointed at') === shapes && (!shapes || legend.endsWith('shape pointed at')), `${p.key}: the legend's "shape pointed at": ${legend}`);
    if (p.format) assert(await page.isChecked(tid(`variant-${p.format}`)), `${p.key}: the picker does not show ${p.format}`);
  }
  // Screenshots: the start of each with pencil marks, at 1280x800 and at a phone's 375 px.
  for (const [tag, width, height] of [['1280', 1280, 800], ['375', 375, 812]]) {
    const shot = await pageLike(page, width, height);
    await open(shot, base);
    for (const p of presets) {
      await shot.evaluate((k) => { const s = document.querySelector('#preset'); s.value = k; s.dispatchEvent(new Event('change')); }, p.key);
      await shot.waitForFunction((t) => window.dlx.model.problem.text === t, p.text);
      if (!(await shot.evaluate(() => window.dlx.app.sudoku.pencil))) await shot.evaluate(() => document.querySelector('[data-testid="pencil"]').click());
      await settle(shot);
      const board = shot.locator('#panel-board');
      await board.screenshot({ path: path.join(SHOTS, `variant-board-${p.key.slice(7)}-${tag}.png`) });
    }
    if (tag === '375') {
      const over = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(over <= 0, `the phone layout is ${over}px wider than the screen`);
    }
    await shot.close();
  }
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
}, { slow: true });
