// Variant Sudokus in the page (issue 20), before the page draws them: a pasted f-puzzles link loads in
// the Sudoku box, solves as exact cover with the variant's items and options, and states the verdict.
// The puzzles are made by `dlx make sudoku --json` (its `link`); the solution is checked against the
// variant's rules here, independently of the engine.

import path from 'node:path';
import {
  SHOTS, assert, tid, text, open, loadVia, settle, test, report, cli,
} from './harness.mjs';

/** The first rule of a classic Sudoku, a jigsaw's regions or a killer's cages that `grid` breaks. */
function breaks(grid, puzzle) {
  const cells = [...grid].map(Number);
  if (cells.length !== 81 || cells.some((v) => !(v >= 1 && v <= 9))) return `not a full grid: ${grid}`;
  const regions = puzzle.grid.flat().map((c, p) => (c.region ?? (Math.floor(p / 27) * 3 + Math.floor((p % 9) / 3))));
  const groups = [];
  for (let i = 0; i < 9; i++) {
    groups.push([...Array(9).keys()].map((c) => i * 9 + c));
    groups.push([...Array(9).keys()].map((r) => r * 9 + i));
    groups.push([...Array(81).keys()].filter((p) => regions[p] === i));
  }
  const cell = (name) => { const [r, c] = name.slice(1).split('C').map(Number); return (r - 1) * 9 + c - 1; };
  for (const cage of puzzle.killercage || []) {
    const ps = cage.cells.map(cell);
    groups.push(ps);
    const sum = ps.reduce((a, p) => a + cells[p], 0);
    if (cage.value && sum !== Number(cage.value)) return `cage ${cage.cells} adds up to ${sum}, not ${cage.value}`;
  }
  for (const g of groups) if (new Set(g.map((p) => cells[p])).size !== g.length) return `repeat in ${g}`;
  puzzle.grid.flat().forEach((c, p) => { if (c.given && cells[p] !== c.value) throw new Error(`given r${Math.floor(p / 9) + 1}c${p % 9 + 1} lost`); });
  return null;
}

// Killer and jigsaw as the issue asks; the other kinds too, so that each is loaded, solved and seen.
for (const [variant, seed] of [['killer', '5'], ['jigsaw', '4'], ['thermo', '3'], ['x', '2'], ['windoku', '3'],
  ['anti-knight', '4'], ['anti-king', '5'], ['non-consecutive', '6']]) {
  test(`variants: a pasted f-puzzles link of a ${variant} loads and solves with "Unique solution"`, async ({ page, base, errors }) => {
    const made = JSON.parse(cli(['make', 'sudoku', '--variant', variant, '--seed', seed, '--json']));
    // f-puzzles JSON for shapes; one line of digits for the switches (read here as givens only).
    const puzzle = made.puzzle.startsWith('{') ? JSON.parse(made.puzzle) : {
      grid: [...Array(9).keys()].map((r) => [...made.puzzle.slice(r * 9, r * 9 + 9)]
        .map((ch) => (ch === '.' ? {} : { value: Number(ch), given: true }))),
    };
    await open(page, base);
    await loadVia(page, 'sudoku', made.link);
    const info = await page.evaluate(() => window.dlx.model.info);
    assert(new RegExp(`^Read as a 9x9 Sudoku from an f-puzzles link: ${variant}`).test(info.note), `note: ${info.note}`);
    assert(info.title === `Sudoku 9x9 (${variant})`, `title: ${info.title}`);
    assert(info.kind === 'sudoku', `kind ${info.kind}`);
    // A killer adds one option per cage filling; a jigsaw's regions replace the boxes (the same count,
    // other items: the board is checked against the regions below).
    const shapes = variant === 'killer' || variant === 'thermo';
    assert(shapes ? info.n_options > 729 : info.n_options === 729, `${info.n_options} options`);
    await page.click(tid('solve'));
    await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent), null, { timeout: 60000 });
    const verdict = await text(page, 'verdict');
    // A Solve that goes to the worker is propagation's (its counts); the tries at the start may
    // settle a made thermo before any branch (0 nodes), which the verdict says in its own words.
    assert(/^Unique solution \([\d,]+ nodes?, (< )?[\d.]+ m?s\)(\. Found at node [\d,]+, where the search stands|: settled before any branch, by the options given up at the start)\.$/.test(verdict), `verdict: ${verdict}`);
    const board = await text(page, 'board-text');
    assert(board === made.solution, `board ${board}, made ${made.solution}`);
    const broken = breaks(board, puzzle);
    assert(broken === null, `the solution breaks a rule: ${broken}`);
    await page.screenshot({ path: path.join(SHOTS, `variant-${variant}-1280.png`) });
    report.push(`${variant} (seed ${seed}, ${info.n_options} options, ${info.n_items} items): "${verdict}"`);
    assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
  });
}

test('variants: an unsupported constraint in a pasted link is refused by name', async ({ page, base }) => {
  await open(page, base);
  // f-puzzles JSON pasted as text, with a column indexer (arrows, read since issue 43, were the example).
  const json = '{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"columnindexer":[{"cell":"R1C1"}]}';
  await loadVia(page, 'sudoku', json);
  const status = await text(page, 'status');
  assert(/column indexers are not supported/.test(status), `status: ${status}`);
});

test('variants: the boxes show the rules of a pasted f-puzzles puzzle, those of its text ticked and greyed; a classic grid clears them', async ({ page, base }) => {
  await open(page, base);
  const grid = JSON.stringify(Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => (r === 0 && c === 0 ? { value: 1, given: true } : {}))));
  const json = `{"size":4,"grid":${grid},"diagonal+":true,"diagonal-":true}`;
  await loadVia(page, 'sudoku', json);
  const title = await page.evaluate(() => window.dlx.model.info.title);
  assert(title === 'Sudoku 4x4 (x)', `title: ${title}`);
  const x = await page.$eval(tid('variant-x'), (el) => ({ checked: el.checked, disabled: el.disabled, title: el.title }));
  assert(x.checked && x.disabled && /puzzle's own text/.test(x.title), `the x box beside a title with x: ${JSON.stringify(x)}`);
  // The rule in the text is not also a switch: the form's format stays without it.
  assert(await page.evaluate(() => window.dlx.app.picker.value === undefined), 'x became a switch');
  // Another switch ticked on top is a switch, and loads with the text's x.
  await page.check(tid('variant-anti-king'));
  assert(await page.evaluate(() => window.dlx.model.info.title) === 'Sudoku 4x4 (x, anti-king)', `title with anti-king: ${await page.evaluate(() => window.dlx.model.info.title)}`);
  assert(await page.$eval(tid('variant-x'), (el) => el.checked && el.disabled), 'x lost its mark after a switch');
  // A classic grid pasted: x is free again (off, enabled), the switch stays ticked.
  await page.uncheck(tid('variant-anti-king'));
  await loadVia(page, 'sudoku', '1...' + '.'.repeat(12));
  const after = await page.$eval(tid('variant-x'), (el) => ({ checked: el.checked, disabled: el.disabled }));
  assert(!after.checked && !after.disabled, `x after a classic grid: ${JSON.stringify(after)}`);
  assert(await page.evaluate(() => window.dlx.model.info.title) === 'Sudoku 4x4', `classic title: ${await page.evaluate(() => window.dlx.model.info.title)}`);
});

test('variants: a switch ticked that the givens break marks its cells and Solve names the rule; unticked, the puzzle is back; on a phone Play stays at the marks', async ({ page, base, browser }) => {
  await open(page, base);
  await page.selectOption('#preset', 'sudoku-x');
  await settle(page);
  await page.check(tid('variant-non-consecutive'));
  await settle(page);
  const err = await page.textContent('#input-error');
  assert(/the givens break a rule: r3c4 and r3c5 are neighbours holding consecutive digits 7 and 6/.test(err), `error: ${err}`);
  const marked = await page.evaluate(() => [...window.dlx.app.sudoku.overlay.clash].sort((a, b) => a - b));
  assert(JSON.stringify(marked) === '[21,22]', `marked: ${marked}`);
  await page.click(tid('solve'));
  const verdict = await text(page, 'verdict');
  assert(/^Not solved: the givens break a rule: r3c4 and r3c5 are neighbours holding consecutive digits 7 and 6 \(marked in red\)/.test(verdict), `verdict: ${verdict}`);
  await page.uncheck(tid('variant-non-consecutive'));
  await settle(page);
  assert(await page.evaluate(() => window.dlx.app.sudoku.overlay.clash.size === 0 && !window.dlx.app.sudoku.pending), 'the marks stayed after the switch was taken off');
  assert(await page.evaluate(() => window.dlx.model.info.title) === 'Sudoku 9x9 (x)', `title: ${await page.evaluate(() => window.dlx.model.info.title)}`);
  // A phone: a digit that breaks the diagonal, then Play: the page stays at the board and its marks
  // (it scrolled down to the form's error, 1,700 px away).
  const ctx = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
  const phone = await ctx.newPage();
  await open(phone, base);
  await phone.selectOption('#preset', 'sudoku-x');
  await settle(phone);
  await phone.focus(tid('board'));
  await phone.keyboard.press('2');
  await settle(phone);
  assert(await phone.evaluate(() => window.dlx.app.sudoku.overlay.clash.size === 2), 'no marks on the phone');
  await phone.locator(tid('board')).scrollIntoViewIfNeeded();
  const y0 = await phone.evaluate(() => window.scrollY);
  await phone.tap(tid('play'));
  await settle(phone);
  const y1 = await phone.evaluate(() => window.scrollY);
  assert(Math.abs(y1 - y0) < 40, `Play scrolled the page from ${y0} to ${y1} px`);
  assert(/the givens break a rule: diagonal/.test(await text(phone, 'status')), `status: ${await text(phone, 'status')}`);
  await ctx.close();
});

test('variants: a digit typed on a killer loaded from a link says why the board cannot set it, and what can be done', async ({ page, base }) => {
  const made = JSON.parse(cli(['make', 'sudoku', '--variant', 'killer', '--seed', '3', '--json']));
  await open(page, base);
  await loadVia(page, 'sudoku', made.link);
  const before = await page.inputValue(tid('puzzle'));
  await page.focus(tid('board'));
  await page.keyboard.press('5');
  const status = await text(page, 'status');
  assert(/cannot be set on the board: its shapes and givens come from its f-puzzles link/.test(status), `status: ${status}`);
  assert((await page.inputValue(tid('puzzle'))) === before, 'the link was changed');
});
