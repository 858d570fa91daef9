// New puzzle on the page (issue 20): the maker of `dlx make sudoku` in a Web Worker (www/workers/maker.js,
// www/workers/maker-worker.js), with progress and Cancel. Each made puzzle is loaded, solved with "Unique
// solution", and its board checked here against the rules and the givens, independently of the
// engine; the same seed makes the same puzzle as the CLI.

import path from 'node:path';
import {
  SHOTS, assert, tid, text, open, test, report, cli, settle, stepUntil,
} from './harness.mjs';

/**
 * The first rule a full board breaks, or null: rows, columns, boxes (or a jigsaw's regions), both
 * diagonals (x), killer cages (distinct digits and their sums), and the givens kept.
 * @param {string} board  N² symbols  @param {string} givens  N² symbols, '.' for empty
 * @param {{x?: boolean, cages?: {cells: number[], sum: number}[]}} rules
 */
function breaks(board, givens, rules = {}) {
  const size = Math.round(Math.sqrt(board.length));
  // Boxes as f-puzzles lays them out, worked out here: br rows by bc columns (2x3 for a 6x6).
  let br = 1;
  for (let r = 2; r * r <= size; r++) if (size % r === 0) br = r;
  const bc = size / br;
  if (size * size !== board.length || br === 1) return `not a Sudoku board with boxes: ${board}`;
  const digits = '123456789ABCDEFG'.slice(0, size);
  if ([...board].some((ch) => !digits.includes(ch))) return `not a full grid: ${board}`;
  const units = [];
  for (let i = 0; i < size; i++) {
    units.push([...Array(size).keys()].map((j) => i * size + j));
    units.push([...Array(size).keys()].map((j) => j * size + i));
    const r0 = Math.floor(i / br) * br, c0 = (i % br) * bc;
    units.push([...Array(size).keys()].map((j) => (r0 + Math.floor(j / bc)) * size + c0 + (j % bc)));
  }
  if (rules.x) {
    units.push([...Array(size).keys()].map((i) => i * size + i));
    units.push([...Array(size).keys()].map((i) => i * size + size - 1 - i));
  }
  for (const u of units) if (new Set(u.map((p) => board[p])).size !== u.length) return `a unit repeats a digit: ${u}`;
  for (const cage of rules.cages || []) {
    if (new Set(cage.cells.map((p) => board[p])).size !== cage.cells.length) return `cage ${cage.cells} repeats a digit`;
    const sum = cage.cells.reduce((a, p) => a + digits.indexOf(board[p]) + 1, 0);
    if (sum !== cage.sum) return `cage ${cage.cells} adds up to ${sum}, not ${cage.sum}`;
  }
  for (let p = 0; p < givens.length; p++) if (givens[p] !== '.' && givens[p] !== board[p]) return `given ${p} lost`;
  return null;
}

/** The cages and givens of an f-puzzles JSON text (cells `R1C1`). @param {string} json */
function fromFpuzzles(json) {
  const puzzle = JSON.parse(json);
  const size = puzzle.size;
  const cell = (/** @type {string} */ name) => { const [r, c] = name.slice(1).split('C').map(Number); return (r - 1) * size + c - 1; };
  const cages = (puzzle.killercage || []).map((/** @type {any} */ k) => ({ cells: k.cells.map(cell), sum: Number(k.value) }));
  const givens = puzzle.grid.flat().map((/** @type {any} */ c) => (c.given ? '123456789ABCDEFG'[c.value - 1] : '.')).join('');
  return { cages, givens };
}

/** Chooses size, variant and seed in the maker's fields (the Sudoku kind first). */
async function ask(page, size, variant, seed) {
  await page.selectOption(tid('problem'), 'sudoku');
  await page.selectOption(tid('maker-size'), String(size));
  await page.selectOption(tid('maker-variant'), variant);
  await page.fill(tid('maker-seed'), seed);
}

/** Waits for the make to end; returns the maker's status line. */
async function made(page) {
  await page.waitForFunction(() => !window.dlx.app.maker.running, null, { timeout: 120000 });
  return text(page, 'maker-status');
}

/** Solve, and the verdict and the board it leaves. */
async function solve(page) {
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent), null, { timeout: 60000 });
  return { verdict: await text(page, 'verdict'), board: await text(page, 'board-text') };
}

test('maker: New puzzle makes a 9x9 classic puzzle that loads, solves with "Unique solution" and its link remakes', async ({ page, base }) => {
  await open(page, base);
  await ask(page, 9, 'classic', '1234');
  await page.click(tid('new-puzzle'));
  const status = await made(page);
  // Its time as the rest of the page says times ("(0.0 s)" for 30 ms read as no time at all).
  assert(/^Made a 9×9 classic puzzle, seed 1234: \d+ givens, [\d,]+ nodes to solve \((\d\.\d ms|\d+ ms|\d\.\d\d s|\d{2,}\.\d s)\)\./.test(status), `status: ${status}`);
  // The same maker as the CLI: the same seed, the same puzzle, in the box and loaded.
  const line = cli(['make', 'sudoku', '--seed', '1234']).trim();
  const box = await page.inputValue(tid('puzzle'));
  assert(box === line, `box ${box}, CLI ${line}`);
  const info = await page.evaluate(() => window.dlx.model.info);
  assert(info.title === 'Sudoku 9x9' && info.n_options === 729, `title ${info.title}, ${info.n_options} options`);
  const { verdict, board } = await solve(page);
  assert(/^Unique solution \(/.test(verdict), `verdict: ${verdict}`);
  const broken = breaks(board, line);
  assert(broken === null, `the solution breaks a rule: ${broken}`);
  // The link carries the seed: opened again, the form says how to make it again.
  const search = await page.evaluate(() => location.search);
  assert(search.includes('made=9%3Aclassic%3A1234'), `link: ${search}`);
  await open(page, base, search);
  assert(await page.inputValue(tid('maker-seed')) === '1234', 'the seed from the link');
  assert(await page.inputValue(tid('puzzle')) === line, 'the puzzle from the link');
  const again = await text(page, 'maker-status');
  assert(/made by New puzzle: 9×9 classic, seed 1234/.test(again), `status: ${again}`);
  report.push(`maker: 9x9 classic seed 1234: ${status}`);
}, { slow: true });

test('maker: New puzzle makes a killer and a 4x4 X that load and solve with "Unique solution"', async ({ page, base }) => {
  await open(page, base);
  await ask(page, 9, 'killer', '5');
  await page.click(tid('new-puzzle'));
  let status = await made(page);
  assert(/^Made a 9×9 killer puzzle, seed 5/.test(status), `status: ${status}`);
  // A variant goes into the box as its f-puzzles link (with the rules), the CLI's link.
  const cliMade = JSON.parse(cli(['make', 'sudoku', '--variant', 'killer', '--seed', '5', '--json']));
  const box = await page.inputValue(tid('puzzle'));
  assert(box === cliMade.link, `box ${box.slice(0, 60)}…, CLI ${cliMade.link.slice(0, 60)}…`);
  const info = await page.evaluate(() => window.dlx.model.info);
  assert(info.title === 'Sudoku 9x9 (killer)', `title ${info.title}`);
  let { verdict, board } = await solve(page);
  assert(/^Unique solution \(/.test(verdict), `verdict: ${verdict}`);
  const { cages, givens } = fromFpuzzles(cliMade.puzzle);
  assert(cages.length > 15, `${cages.length} cages`);
  let broken = breaks(board, givens, { cages });
  assert(broken === null, `the killer's solution breaks a rule: ${broken}`);
  assert(board === cliMade.solution, 'the made solution');
  // The form keeps the variant made: New puzzle again makes another killer (it made a classic).
  assert((await page.inputValue('#maker-variant')) === 'killer', `the variant after making: ${await page.inputValue('#maker-variant')}`);
  await page.fill('#maker-seed', '6');
  await page.click(tid('new-puzzle'));
  status = await made(page);
  assert(/^Made a 9×9 killer puzzle, seed 6/.test(status), `again: ${status}`);
  await page.screenshot({ path: path.join(SHOTS, 'maker-killer-1280.png') });
  // 4x4 with both diagonals.
  await ask(page, 4, 'x', '3');
  await page.click(tid('new-puzzle'));
  status = await made(page);
  assert(/^Made a 4×4 x puzzle, seed 3/.test(status), `status: ${status}`);
  assert((await page.evaluate(() => window.dlx.model.info.title)) === 'Sudoku 4x4 (x)', 'a 4x4 X');
  ({ verdict, board } = await solve(page));
  assert(/^Unique solution \(/.test(verdict), `verdict: ${verdict}`);
  const x = JSON.parse(cli(['make', 'sudoku', '4', '--variant', 'x', '--seed', '3', '--json']));
  broken = breaks(board, x.puzzle, { x: true });
  assert(broken === null, `the 4x4 X breaks a rule: ${broken}`);
  // A variant the size cannot have is refused by name, and nothing is replaced.
  const before = await page.inputValue(tid('puzzle'));
  await ask(page, 4, 'anti-king', '1');
  await page.click(tid('new-puzzle'));
  status = await made(page);
  assert(status === 'New puzzle: anti-king cannot be made 4x4: no 4x4 grid obeys it', `status: ${status}`);
  assert(await page.inputValue(tid('puzzle')) === before, 'the box kept its puzzle');
}, { slow: true });

test('maker: Cancel stops a running make; the page stays responsive and nothing is replaced', async ({ page, base }) => {
  await open(page, base);
  // Seed 7: the longest make of seeds 1-12 (2.4 s natively; seed 6's 1.3 s ended before Cancel was
  // pressed on a loaded CI run, which hid the button).
  await ask(page, 9, 'non-consecutive', '7');
  // The Sudoku in the box loaded first (Step below would load the form's problem anyway).
  await page.click(tid('load'));
  const box = await page.inputValue(tid('puzzle'));
  const title = await page.evaluate(() => window.dlx.model.info.title);
  // A step with no make going on, to compare with one during the make (reported, not a threshold).
  let t0 = Date.now();
  await page.click(tid('step'));
  const idleMs = Date.now() - t0;
  await page.click(tid('new-puzzle'));
  await page.waitForFunction(() => window.dlx.app.maker.reports >= 3, null, { timeout: 60000 });
  const progress = await text(page, 'maker-status');
  assert(/^Making a 9×9 non-consecutive puzzle, seed 7: (full grid, attempt \d+|removing givens: \d+ of 81 cells tried, \d+ givens left);? [\d,]+ nodes/.test(progress)
    || /: (full grid, attempt \d+: [\d,]+ nodes|removing givens: \d+ of 81 cells tried, \d+ givens left; [\d,]+ nodes)$/.test(progress), `progress: ${progress}`);
  // One make at a time: the button is disabled, and a start while one runs starts nothing.
  assert(await page.isDisabled(tid('new-puzzle')), 'New puzzle is disabled while making');
  const same = await page.evaluate(() => { const m = window.dlx.app.maker; const w = m.worker; m.start(); return m.worker === w; });
  assert(same, 'a second start made a second worker');
  // The page answers while the worker makes: a step of the search on the page's thread.
  t0 = Date.now();
  await page.click(tid('step'));
  const stepMs = Date.now() - t0;
  await page.screenshot({ path: path.join(SHOTS, 'maker-progress-1280.png') });
  // The worker itself is watched: after Cancel it posts nothing more (it is terminated, not just
  // ignored by the page).
  await page.evaluate(() => {
    const w = window.dlx.app.maker.worker;
    window.makerPosts = 0;
    w.addEventListener('message', () => { window.makerPosts++; });
  });
  await page.waitForFunction(() => window.makerPosts >= 1, null, { timeout: 30000 });
  await page.click(tid('maker-cancel'));
  await page.waitForTimeout(200);
  const posts = await page.evaluate(() => window.makerPosts);
  const cancelled = await text(page, 'maker-status');
  assert(/^Cancelled: no 9×9 non-consecutive puzzle made \(seed 7\)/.test(cancelled), `status: ${cancelled}`);
  const reports = await page.evaluate(() => window.dlx.app.maker.reports);
  await page.waitForTimeout(1500);
  assert(await page.evaluate(() => window.dlx.app.maker.reports) === reports, 'progress went on after Cancel');
  assert(await page.evaluate(() => window.makerPosts) === posts, 'the worker still posts after Cancel');
  assert(await text(page, 'maker-status') === cancelled, 'the status changed after Cancel');
  assert(!(await page.isDisabled(tid('new-puzzle'))), 'New puzzle came back');
  assert(await page.isHidden(tid('maker-cancel')), 'Cancel is hidden again');
  assert(await page.inputValue(tid('puzzle')) === box, 'the box was replaced');
  assert((await page.evaluate(() => window.dlx.model.info.title)) === title, 'another puzzle was loaded');
  assert(!(await page.evaluate(() => location.search)).includes('made='), 'the link names a made puzzle');
  report.push(`maker: cancelled after ${reports} reports ("${progress}"); a step took ${stepMs} ms meanwhile, ${idleMs} ms before the make`);
});

test('maker: keyboard only, New puzzle is reachable and works, and Cancel by Enter', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption(tid('problem'), 'sudoku');
  await page.focus(tid('puzzle'));
  // Tab from the Sudoku box to the maker's fields and its button.
  const reached = [];
  for (let k = 0; k < 16; k++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement && document.activeElement.id);
    reached.push(id);
    if (id === 'maker-seed') await page.keyboard.type('77');
    if (id === 'new-puzzle') break;
  }
  assert(reached.includes('maker-size') && reached.includes('maker-variant') && reached.at(-1) === 'new-puzzle', `tabbed through ${reached}`);
  await page.keyboard.press('Enter');
  let status = await made(page);
  assert(/^Made a 9×9 classic puzzle, seed 77:/.test(status), `status: ${status}`);
  assert(await page.inputValue(tid('puzzle')) === cli(['make', 'sudoku', '--seed', '77']).trim(), 'the seed-77 puzzle');
  assert(await page.evaluate(() => document.activeElement.id) === 'new-puzzle', 'focus stays on New puzzle');
  // A long one, cancelled by keyboard: focus goes to Cancel while it runs, and back after.
  await page.focus(tid('maker-variant'));
  await page.keyboard.press('End');
  await page.evaluate(() => { const s = document.querySelector('[data-testid="maker-variant"]'); s.value = 'non-consecutive'; s.dispatchEvent(new Event('change')); });
  await page.focus(tid('new-puzzle'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.dlx.app.maker.reports >= 1);
  assert(await page.evaluate(() => document.activeElement.id) === 'maker-cancel', 'focus on Cancel while making');
  await page.keyboard.press('Enter');
  status = await text(page, 'maker-status');
  assert(/^Cancelled/.test(status), `status: ${status}`);
  assert(await page.evaluate(() => document.activeElement.id) === 'new-puzzle', 'focus back on New puzzle');
});

test('maker: screenshots of the progress and the result at 1280x800 and 375 px', async ({ page, base }) => {
  for (const [w, h] of [[1280, 800], [375, 800]]) {
    await page.setViewportSize({ width: w, height: h });
    await open(page, base);
    if (w < 600) await page.click(tid('open-problem'));
    await ask(page, 9, 'non-consecutive', '6');
    await page.click(tid('new-puzzle'));
    await page.waitForFunction(() => window.dlx.app.maker.reports >= 3, null, { timeout: 60000 });
    await page.locator('#maker').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `maker-progress-${w}.png`) });
    await made(page);
    await settle(page);
    await page.locator('#maker').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `maker-made-${w}.png`) });
  }
}, { shots: true });

test('maker: the narration and the tree speak a made puzzle\'s words (a cage, a diagonal)', async ({ page, base }) => {
  await open(page, base);
  await ask(page, 9, 'killer', '5');
  await page.click(tid('new-puzzle'));
  await made(page);
  // A cell of a cage filled directly: its options are the cage's fillings, and it says so.
  const cage = await stepUntil(page, /: cell r\dc\d lies in cage \d+ in r\dc\d(-r\dc\d)?, which has (one filling left: \d(\+\d)*|\w+ fillings left)$/);
  // The tree's labels name a filling by its cage and cells.
  const labels = await page.evaluate(() => window.dlx.model.labels);
  assert(labels.some((l) => /^cage \d+ in r\dc\d(-r\dc\d)?: \d(\+\d)*$/.test(l)), `labels: ${labels.slice(729, 733)}`);
  await page.screenshot({ path: path.join(SHOTS, 'maker-narration-killer-1280.png') });
  await ask(page, 9, 'x', '2');
  await page.click(tid('new-puzzle'));
  await made(page);
  const diagonal = await stepUntil(page, /: diagonal [\u2197\u2198] needs an? \d: (one place|\w+ places) left$/);
  report.push(`maker: narration "${cage}"; "${diagonal}"`);
});

test('maker: the picker\'s rules and New puzzle\'s variant agree (one form, one story)', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption(tid('problem'), 'sudoku');
  const variant = () => page.inputValue(tid('maker-variant'));
  assert((await variant()) === 'classic', `at the start: ${await variant()}`);
  await page.check(tid('variant-x'));
  assert((await variant()) === 'x', `with x ticked New puzzle would make: ${await variant()}`);
  await page.check(tid('variant-anti-king'));
  assert((await variant()) === 'x', `two rules ticked changed the select: ${await variant()}`);
  await page.uncheck(tid('variant-x'));
  assert((await variant()) === 'anti-king', `with anti-king alone: ${await variant()}`);
  await page.uncheck(tid('variant-anti-king'));
  assert((await variant()) === 'classic', `with no rule: ${await variant()}`);
});

test('maker: New puzzle makes a 6x6 X (2x3 boxes) that solves with "Unique solution", as the CLI makes it', async ({ page, base }) => {
  await open(page, base);
  await ask(page, 6, 'x', '5');
  await page.click(tid('new-puzzle'));
  const status = await made(page);
  assert(/^Made a 6×6 x puzzle, seed 5:/.test(status), `status: ${status}`);
  const layout = await page.evaluate(() => window.dlx.model.layout);
  assert(layout.size === 6 && JSON.stringify(layout.boxes) === '[2,3]', `layout: ${layout.size}, ${JSON.stringify(layout.boxes)}`);
  // The box holds the grid as the CLI prints it, with the x switch ticked (it held an opaque
  // f-puzzles link: issue 44's finding 11); the title names the rule.
  const givens = cli(['make', 'sudoku', '6', '--variant', 'x', '--seed', '5']).trim();
  assert(await page.inputValue(tid('puzzle')) === givens, `the box: ${await page.inputValue(tid('puzzle'))}`);
  assert(await page.locator(tid('variant-x')).isChecked(), 'the x switch is not ticked');
  assert(await page.evaluate(() => window.dlx.model.info.title) === 'Sudoku 6x6 (x)', await page.evaluate(() => window.dlx.model.info.title));
  const { verdict, board } = await solve(page);
  assert(/^Unique solution/.test(verdict), `verdict: ${verdict}`);
  // Solved, it keeps the CLI's givens for the same seed: the same puzzle.
  const broken = breaks(board, givens, { x: true });
  assert(!broken, broken);
}, { slow: true });

test('maker: while a puzzle is made the status line says so (it kept the message before), and the maker\'s box is in sight', async ({ page, base }) => {
  await open(page, base, `?sudoku=${'.'.repeat(81)}`);
  await ask(page, 9, 'classic', '99');
  // Every text the status line shows from the click to the made puzzle.
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="status"]');
    window.statusSeen = [el.textContent];
    new MutationObserver(() => window.statusSeen.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
  await page.click(tid('new-puzzle'));
  const box = await page.evaluate(() => {
    const r = document.querySelector('#maker').getBoundingClientRect(), side = document.querySelector('#side').getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, sideTop: side.top, sideBottom: Math.min(side.bottom, window.innerHeight) };
  });
  await made(page);
  const seen = await page.evaluate(() => window.statusSeen);
  report.push(`maker: the status line said ${seen.map((t) => `"${t}"`).join(', then ')}; its box at ${box.top.toFixed(0)}-${box.bottom.toFixed(0)} px in a column at ${box.sideTop.toFixed(0)}-${box.sideBottom.toFixed(0)}`);
  assert(seen.some((t) => /^Making a 9×9 classic puzzle/.test(t)), `the status line never said the make: ${seen.join(' | ')}`);
  assert(box.top >= box.sideTop - 1 && box.bottom <= box.sideBottom + 1, `the maker's box is not in sight: ${JSON.stringify(box)}`);
});
