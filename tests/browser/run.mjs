// Browser tests of the DLX Studio page: `node tests/browser/run.mjs` (make test-browser).
//
// Serves the project root on a free localhost port, drives the system Chromium through playwright-core
// (never a downloaded browser), checks what a person would check, reports measurements, and saves a
// screenshot of every view at 1280x800 and at phone width into screenshots/. Last line:
// "N passed, N failed"; the exit code is non-zero on any failure.

import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import {
  ROOT, SHOTS, CHROMIUM, HARD_SUDOKU, serve, assert, checkSudoku, checkQueens, tid, settle, runText, text, num, open, loadVia, setSpeed, modelState, heapUsed, mb, tests, test, report, press, stepUntil, holdAnimation, endAnimation, pixelAt, cli, download, hunt,
} from './harness.mjs';


test('the default 6x7 matrix: its one cover is rows 1, 4, 5', async ({ page, base, errors }) => {
  await open(page, base);
  assert(await page.evaluate(() => window.dlx.model.info.n_items === 7 && window.dlx.model.info.n_options === 6), 'the default is not the 6x7 matrix');
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) === 1);
  const cover = (await text(page, 'board-text')).split('\n').map((l) => l.split(' ').sort().join(' ')).sort();
  assert(JSON.stringify(cover) === JSON.stringify(['A D', 'B G', 'C E F']), `cover: ${cover}`);
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => window.dlx.model.stats().done);
  assert((await num(page, 'solutions')) === 1, 'more than one cover');
  assert(/finished/i.test(await text(page, 'status')), `status at the end: ${await text(page, 'status')}`);
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('a pasted hard Sudoku is solved and the grid is valid', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', HARD_SUDOKU);
  assert((await text(page, 'board-text')) === HARD_SUDOKU, 'board text at the start is not the puzzle');
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => !document.querySelector('[data-testid="board-text"]').textContent.includes('.'), null, { timeout: 60000 });
  const grid = await text(page, 'board-text');
  checkSudoku(grid, HARD_SUDOKU);
  assert((await num(page, 'solutions')) === 1, 'solutions read-out is not 1');
  assert(/solution/i.test(await text(page, 'status')), 'status does not say solution');
  report.push(`hard Sudoku solved after ${await text(page, 'nodes')} nodes: ${grid}`);
});

test('8-queens plays to its first solution', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 8);
  assert(await page.isChecked(tid('pause-at-solution')), 'pause at solutions is not on by default');
  await setSpeed(page, 80);
  await page.click(tid('play'));
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]').getAttribute('aria-pressed') === 'false'
    && Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1, null, { timeout: 60000 });
  assert((await num(page, 'solutions')) === 1, 'play did not stop at the first solution');
  checkQueens(await text(page, 'board-text'), 8);
  report.push(`8-queens: first solution after ${await text(page, 'nodes')} nodes:\n${await text(page, 'board-text')}`);
});

test('k steps forward then k back restore board, counters and link arrays exactly', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 6);
  const start = await modelState(page);
  // By hand: buttons and keys, with the animations running.
  for (let i = 0; i < 12; i++) await page.click(tid('step'));
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
  const mid = await modelState(page);
  assert(JSON.stringify(mid.nodes) !== JSON.stringify(start.nodes), '20 steps changed no link');
  for (let i = 0; i < 12; i++) await page.click(tid('step-back'));
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(100);
  let back = await modelState(page);
  assert(JSON.stringify(back) === JSON.stringify(start), 'state after 20 forward and 20 back differs from the start');
  assert(await page.isDisabled(tid('step-back')), 'step back is not disabled at the start');
  // Many: the same through the model, past solutions and backtracks.
  const k = await page.evaluate(() => { const m = window.dlx.model; return m.step(20000); });
  assert(k > 1000, `only ${k} events in 6-queens`);
  await page.evaluate((k) => { const m = window.dlx.model; let left = k; while (left > 0) left -= m.stepBack(Math.min(left, 777)); }, k);
  await page.waitForTimeout(100);
  back = await modelState(page);
  assert(JSON.stringify(back) === JSON.stringify(start), `state after ${k} events forward and back differs from the start`);
  // The explored top of the tree is kept in step too: forward to a point, on, and back to it.
  const treeAt = () => page.evaluate(() => JSON.stringify([...window.dlx.model.tree.entries()].sort()));
  await page.evaluate(() => window.dlx.model.step(700));
  const t700 = await treeAt();
  await page.evaluate(() => window.dlx.model.step(600));
  assert((await treeAt()) !== t700, 'the remembered tree did not grow');
  await page.evaluate(() => { for (let i = 0; i < 600; i++) window.dlx.model.stepBack(1); });
  assert((await treeAt()) === t700, 'the remembered tree after 600 on and 600 back differs');
  report.push(`step back: 20 by hand and ${k} through the model return to the exact start`);
});

test('a bad Sudoku shows its error with line and column and keeps the problem loaded', async ({ page, base }) => {
  await open(page, base, '?queens=5');
  for (let i = 0; i < 6; i++) await page.click(tid('step'));
  const before = await text(page, 'board-text');
  const nodes = await num(page, 'nodes');
  const bad = '53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...41?..5\n....8..79';
  await loadVia(page, 'sudoku', bad);
  const status = await text(page, 'status');
  assert(/error/i.test(status), `status shows no error: ${status}`);
  assert(/line 8/.test(status) && /column 6/.test(status), `no line/column in: ${status}`);
  assert(await page.isVisible('#input-error'), 'no error next to the input');
  // Announced once: one live region holds the message (the status), not also an alert beside the input.
  const live = await page.evaluate(() => [...document.querySelectorAll('[role=alert], [role=status], [aria-live]')]
    .filter((el) => el.getAttribute('aria-live') !== 'off' && /column 6/.test(el.textContent)).map((el) => el.id));
  assert(live.length === 1, `the error is announced by ${live.length} live regions: ${live}`);
  await page.waitForTimeout(200);
  assert(/error/i.test(await text(page, 'status')), 'the error left the status by itself');
  assert((await text(page, 'board-text')) === before && (await num(page, 'nodes')) === nodes, 'the previous board or its state is gone');
  assert(await page.evaluate(() => window.dlx.model.info.title.includes('5')), 'the previous problem is not loaded');
  assert((await page.inputValue(tid('puzzle'))) === bad, 'the text typed was lost');
  assert(new URL(page.url()).searchParams.get('queens') === '5', 'the link changed');
  await page.click(tid('step'));
  assert((await num(page, 'nodes')) >= 0 && (await text(page, 'board-text')).split('\n').length === 5, 'the kept problem does not step');
  report.push(`bad Sudoku: "${status}"`);
});

test('the error caret lands on the bad character after an emoji (columns in chars, strings in UTF-16)', async ({ page, base }) => {
  await open(page, base);
  const selected = () => page.$eval('textarea:focus', (el) => [el.selectionStart, el.selectionEnd, el.value.slice(el.selectionStart, el.selectionEnd)]);
  // In a Sudoku an emoji is itself the bad character: the selection must hold all of it, both UTF-16 units.
  const sudoku = '53..7....\n6.\u{1F600}195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79';
  await loadVia(page, 'sudoku', sudoku);
  assert(/line 2/.test(await text(page, 'status')) && /column 3/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  let [start, end, sel] = await selected();
  assert(start === 12 && end === 14 && sel === '\u{1F600}', `Sudoku: selection ${start}-${end} holds ${JSON.stringify(sel)}, not the emoji at 12-14`);
  // In a matrix, emoji are names: the unknown item after two of them on its line is 2 UTF-16 units further on.
  const matrix = '\u{1F600} \u{1F680} c\n\u{1F600} \u{1F680}\nc\n\u{1F600} \u{1F680} x';
  await loadVia(page, 'exact-cover', matrix);
  const status = await text(page, 'status');
  assert(/unknown item/.test(status) && /line 4/.test(status), `status: ${status}`);
  [start, end, sel] = await selected();
  assert(start === matrix.indexOf('x') && end === start + 1 && sel === 'x', `matrix: selection ${start}-${end} holds ${JSON.stringify(sel)}, not the x at ${matrix.indexOf('x')}`);
});

test('the matrix reads live link arrays after wasm memory grows (no detached views)', async ({ page, base, errors }) => {
  await open(page, base);
  for (let i = 0; i < 3; i++) await page.click(tid('step'));
  await page.waitForTimeout(800); // the links' animation is over
  await settle(page);
  // A fresh draw of the matrix, as pixels.
  const picture = () => page.evaluate(() => new Promise((resolve) => {
    window.dlx.app.matrix.dirty = true;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.dlx.app.matrix.canvas.toDataURL())));
  }));
  const before = await picture();
  // Grow the memory as any allocating call may: every Uint32Array made over the old buffer is detached.
  const grown = await page.evaluate(() => new Promise((resolve) => {
    const m = window.dlx.model.memory;
    const old = m.buffer;
    m.grow(1);
    window.dlx.app.matrix.dirty = true;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({ detached: old.byteLength === 0 })));
  }));
  assert(grown.detached, 'growing the memory did not detach the old buffer');
  const after = await picture();
  assert(after === before, 'the matrix draws differently after memory grew: it read a detached view');
  // Hovering over item A's header reads the arrays too: A is in options 2 and 4, so its length is 2.
  const at = await page.evaluate(() => {
    const mv = window.dlx.app.matrix;
    const r = mv.canvas.getBoundingClientRect();
    return { x: r.left + (mv.layout.headerX[1] + 0.5 - mv.ox) * mv.scale, y: r.top + (0.5 - mv.oy) * mv.scale };
  });
  await page.evaluate(() => window.dlx.model.memory.grow(1));
  await page.mouse.move(at.x, at.y);
  await settle(page);
  const hover = (await page.textContent('#matrix-hover')).trim();
  assert(/^item A .*length 2, up \d+, down \d+, left \d+, right \d+/.test(hover), `hover over item A: ${hover}`);
  assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
});

test('links: ?queens=6 opens 6-queens, and loading writes the problem into the URL', async ({ page, base }) => {
  await open(page, base, '?queens=6');
  assert(await page.evaluate(() => window.dlx.model.problem.kind === 'queens' && window.dlx.model.info.title.startsWith('6')), 'not 6-queens');
  assert((await page.inputValue(tid('size'))) === '6', 'N field is not 6');
  assert((await page.inputValue(tid('problem'))) === 'queens', 'picker is not N-queens');
  assert((await text(page, 'board-text')) === Array(6).fill('......').join('\n'), 'board text is not an empty 6x6');
  await loadVia(page, 'latin', 3);
  assert(new URL(page.url()).searchParams.get('latin') === '3', `URL after loading a Latin square: ${page.url()}`);
  await loadVia(page, 'sudoku', HARD_SUDOKU);
  const url = page.url();
  assert(new URL(url).searchParams.get('sudoku') === HARD_SUDOKU, `URL after loading a Sudoku: ${url}`);
  await page.goto(url);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  assert((await text(page, 'board-text')) === HARD_SUDOKU, 'the Sudoku link does not open the same puzzle');
  for (const q of ['?toroidal-queens=5', '?langford=4', '?pentomino=8x8', `?exact-cover=${encodeURIComponent('A B C\nA B\nC\nA\nB C')}`]) {
    await open(page, base, q);
    const kind = q.slice(1, q.indexOf('='));
    assert(await page.evaluate((k) => window.dlx.model.problem.kind === k, kind), `${q} did not open`);
    assert(!/error/i.test(await text(page, 'status')), `${q}: ${await text(page, 'status')}`);
  }
});

test('exact cover: the format select reads 11/11 as a 2x2 matrix (2 covers) or, chosen, Knuth\'s format (1), in the worker and the link too', async ({ page, base }) => {
  await open(page, base);
  for (const [format, want, items] of [['auto', 2, 2], ['matrix', 2, 2], ['knuth', 1, 1]]) {
    await page.selectOption(tid('problem'), 'exact-cover');
    await page.selectOption(tid('matrix-format'), format);
    await page.fill(tid('matrix-input'), '11\n11');
    await page.click(tid('load'));
    assert(!/error/i.test(await text(page, 'status')), `${format}: ${await text(page, 'status')}`);
    const title = await page.evaluate(() => window.dlx.model.info.title);
    assert((await page.evaluate(() => window.dlx.model.info.n_items)) === items, `${format}: not ${items} items (${title})`);
    await page.click(tid('run-to-end'));
    await page.waitForFunction((t) => { const r = window.dlx.app.lastRun(); return r && r.title === t; }, title, { timeout: 30000 });
    const got = await page.evaluate(() => window.dlx.app.lastRun().stats.solutions);
    assert(got === want, `${format}: the worker counted ${got}, not ${want}`);
    const inUrl = new URL(page.url()).searchParams.get('format');
    assert(inUrl === (format === 'auto' ? null : format), `${format}: the link says format=${inUrl}`);
  }
  await page.goto(page.url());
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  assert((await page.inputValue(tid('matrix-format'))) === 'knuth', 'the link lost the format');
  assert((await page.evaluate(() => window.dlx.model.info.n_items)) === 1, 'the link did not load it as Knuth\'s format');
  report.push('exact-cover format select: 11/11 counts 2 as detected or matrix, 1 as Knuth\'s format');
});

test('wasm arguments: step(-1) and a wrong type throw the documented Error, and the session goes on', async ({ page, base }) => {
  await open(page, base, '?queens=6');
  const r = await page.evaluate(() => {
    const s = window.dlx.model.session;
    const msg = (f) => { try { f(); return 'no error'; } catch (e) { return `${e instanceof Error}: ${e.message}`; } };
    return {
      minus: msg(() => s.step(-1)),
      back: msg(() => s.step_back('2')),
      text: msg(() => s.load('queens', 8)),
      nodes: msg(() => s.next_solution(-5)),
      taken: s.step(3),
    };
  });
  assert(r.minus === 'true: n must be between 0 and 4294967295, not -1', `step(-1): ${r.minus}`);
  assert(r.back === 'true: n must be a number, not string', `step_back('2'): ${r.back}`);
  assert(r.text === 'true: text must be a string, not number', `load('queens', 8): ${r.text}`);
  assert(r.nodes === 'true: max_nodes must be between 0 and 9007199254740991, not -5', `next_solution(-5): ${r.nodes}`);
  assert(r.taken === 3, `the session did not go on: step(3) took ${r.taken}`);
});

test('pentomino 6x10 runs to the end in the worker (9356) while the page answers', async ({ page, base }) => {
  await open(page, base, '?pentomino=6x10');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'running');
  // The page's own session still steps while the worker counts, and frames keep coming.
  const probe = await page.evaluate(() => new Promise((resolve) => {
    const n0 = window.dlx.model.stats().nodes;
    const t = performance.now();
    document.querySelector('[data-testid="step-choice"]').click();
    document.querySelector('[data-testid="step-choice"]').click();
    const clickMs = performance.now() - t;
    const n1 = window.dlx.model.stats().nodes;
    const gaps = [];
    let last = performance.now();
    const t0 = last;
    const tick = (now) => {
      gaps.push(now - last);
      last = now;
      if (now - t0 < 1000) requestAnimationFrame(tick);
      else resolve({ n0, n1, clickMs, frames: gaps.length, maxGap: Math.max(...gaps) });
    };
    requestAnimationFrame(tick);
  }));
  assert(probe.n1 > probe.n0, 'clicks did not step the page while the worker runs');
  // Frames in that second are reported below, never asserted: a loaded machine may give few.
  const stillRunning = await page.evaluate(() => document.getElementById('run-text').dataset.state === 'running');
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done', null, { timeout: 600000 });
  const run = await page.evaluate(() => window.dlx.app.lastRun());
  assert(run.stats.solutions === 9356, `${run.stats.solutions} solutions, not 9356`);
  assert((await runText(page)).includes('9,356 solutions'), `the run box says: ${await runText(page)}`);
  // Counted on bit sets (pentominoes' options overlap heavily), DLX1's tree all the same: its
  // nodes are DLX1's (3,637,261), and the box says what counted.
  assert(run.engine === 'bits' && run.stats.nodes === 3637261, `engine ${run.engine}, ${run.stats.nodes} nodes`);
  const treeLine = await page.evaluate(() => [document.getElementById('run-box').dataset.engine, document.getElementById('run-tree').textContent]);
  assert(treeLine[0] === 'bits' && treeLine[1] === 'DLX1 tree on bit sets', `the run box's engine: ${treeLine}`);
  // "bit sets" is a link to its glossary entry, for a reader (and a touch screen) that asks what it is.
  await page.click('#run-tree a.term');
  const entry = await page.evaluate(() => {
    const d = document.querySelector('dialog.glossary');
    const current = d && d.open ? d.querySelector('dt.current') : null;
    return current ? current.textContent : `open: ${!!d?.open}`;
  });
  assert(entry.startsWith('Bit sets (the fast count)'), `the glossary did not open at "bit sets": ${entry}`);
  await page.keyboard.press('Escape');
  assert((await text(page, 'status')).includes('9,356'), 'the status does not say 9,356');
  // The live statistics are the page's own search (two next-choice clicks in), not the run's.
  assert((await num(page, 'solutions')) === 0 && (await num(page, 'nodes')) === probe.n1,
    `live read-outs after the run: ${await text(page, 'solutions')} solutions, ${await text(page, 'nodes')} nodes`);
  report.push(`pentomino 6x10 in the worker: ${run.stats.solutions} solutions, ${run.stats.nodes} nodes, ${run.stats.updates} updates in ${(run.ms / 1000).toFixed(2)} s; meanwhile two clicks handled in ${probe.clickMs.toFixed(1)} ms${stillRunning ? ' (run still going)' : ''}, ${probe.frames} frames in 1 s, longest frame gap ${probe.maxGap.toFixed(0)} ms`);
  // The same count natively, after the worker is done so the two do not share the cores: the ratio
  // the issue asks about (the worker within 1.3x of the CLI). Reported, not asserted.
  const cli = path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'release', 'dlx');
  if (fs.existsSync(cli)) {
    // As many threads as the run had workers: `dlx count` alone takes one per core.
    const native = JSON.parse(execFileSync(cli, ['count', 'pentomino', '6x10', '--json', '--threads', String(run.workers)], { encoding: 'utf8' }));
    assert(native.solutions === 9356 && native.nodes === run.stats.nodes && native.updates === run.stats.updates,
      `the CLI counted ${native.solutions} solutions, ${native.nodes} nodes, ${native.updates} updates`);
    report.push(`pentomino 6x10 natively (dlx count --threads ${run.workers}): ${native.seconds.toFixed(2)} s, the same nodes and updates; the page on ${run.workers} worker(s): ${(run.ms / 1000).toFixed(2)} s from the click (workers' start, split and first, baseline-tier counts included, the page drawing meanwhile), ${((run.busy || 0) / 1000).toFixed(2)} s of counting in the workers added up; page / native = ${(run.ms / 1000 / native.seconds).toFixed(2)}x`);
  } else {
    report.push(`pentomino 6x10 natively: skipped, ${cli} not built`);
  }
});

test('a run\'s progress redraws its box, not every view (the workers keep the cores)', async ({ page, base }) => {
  await open(page, base, '?pentomino=6x10');
  // The run box's text as it changes, and the snapshots (every view updated) taken meanwhile.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__texts = [];
    new window.MutationObserver(() => w.__texts.push(document.getElementById('run-text').textContent))
      .observe(document.getElementById('run-text'), { childList: true, characterData: true, subtree: true });
    w.__snaps = w.dlx.app.state.snapshots;
  });
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done', null, { timeout: 600000 });
  const r = await page.evaluate(() => ({ texts: window.__texts, snaps: window.dlx.app.state.snapshots - window.__snaps, messages: Math.round(window.dlx.app.runs.state.ms / 50) }));
  const progress = new Set(r.texts.filter((t) => /solutions, [\d.]+\u00a0s/.test(t) && t.endsWith('…')));
  // Progress shown as it comes (the run lasts about a second: 20 or more slices of 50 ms a worker).
  assert(progress.size >= 3, `the run box showed ${progress.size} progress lines: ${[...progress].join(' / ')}`);
  // Snapshots only when the run starts and ends (and for the click's own note), not per message:
  // before, every worker's message redrew every view, a third of a core on 2 cores.
  assert(r.snaps <= 6, `${r.snaps} snapshots during a run of about ${r.messages} slices a worker`);
  report.push(`run progress: ${progress.size} progress lines in the run box, ${r.snaps} snapshots of the whole page during the run`);
});

test('run to end on one worker per core counts what one worker counts; the speed-up is reported', async ({ page, base, errors }) => {
  await open(page, base, '?queens=13');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency || 1);
  /** Runs 13-queens to the end on `n` workers (0: one per core) and returns the run's state. */
  const runOn = async (n) => {
    // The box still says "done" for the previous run until the next frame draws it: wait for this
    // run's own state object to end, not for the box's word.
    await page.evaluate((k) => { window.dlx.app.runs.workers = k; window.__before = window.dlx.app.runs.state; }, n);
    await page.click(tid('run-to-end'));
    await page.waitForFunction(() => window.dlx.app.runs.state !== window.__before
      && window.dlx.app.runs.state.phase === 'done'
      && document.getElementById('run-text').dataset.state === 'done', null, { timeout: 600000 });
    return page.evaluate(() => ({ ...window.dlx.app.lastRun() }));
  };
  const one = await runOn(1);
  const all = await runOn(0);
  assert(one.workers === 1 && all.workers === Math.max(1, Math.min(16, cores)), `workers: ${one.workers}, ${all.workers} (cores ${cores})`);
  assert(one.stats.solutions === 73712, `one worker: ${one.stats.solutions} solutions, not 73712`);
  for (const k of ['solutions', 'nodes', 'updates']) {
    assert(all.stats[k] === one.stats[k], `${all.workers} workers counted ${all.stats[k]} ${k}, one worker ${one.stats[k]}`);
  }
  if (all.workers > 1) {
    assert((await runText(page)).includes(`, ${all.workers} workers.`), `the run box says: ${await runText(page)}`);
    // 13-queens' options overlap enough for the bit sets (as natively: `dlx count queens 13 --json`
    // says "engine":"bits"), on DLX1's tree.
    assert((await page.textContent(tid('run-tree'))) === 'DLX1 tree on bit sets', `the run box's tree: ${await page.textContent(tid('run-tree'))}`);
    assert(all.engine === 'bits' && one.engine === 'bits', `engines: ${one.engine}, ${all.engine}`);
  }
  // The box's two lines hold the whole sentence (the workers were cut off after the nodes once);
  // nodes and updates are in its title.
  const box = await page.evaluate(() => {
    const el = /** @type {HTMLElement} */ (document.getElementById('run-text'));
    return { fits: el.scrollHeight <= el.clientHeight + 1, text: el.textContent, title: el.title };
  });
  assert(box.fits, `the run box's text is cut off: ${box.text}`);
  assert(box.title.includes(`${all.stats.nodes.toLocaleString('en-US')} nodes`), `the run box's title: ${box.title}`);
  await page.evaluate(() => { window.dlx.app.runs.workers = 0; });
  // Timing on shared cores is noisy: reported, never asserted.
  report.push(`13-queens run to the end: 1 worker ${(one.ms / 1000).toFixed(2)} s, ${all.workers} workers ${(all.ms / 1000).toFixed(2)} s: speed-up ${(one.ms / all.ms).toFixed(2)}x (same ${one.stats.nodes} nodes, ${one.stats.updates} updates)`);
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('every preset loads, shows its board and finds a solution', async ({ page, base, errors }) => {
  await open(page, base);
  const keys = await page.$$eval('#preset option', (os) => os.map((o) => o.value).filter(Boolean));
  assert(keys.length >= 6, `only ${keys.length} presets`);
  for (const key of keys) {
    await page.selectOption('#preset', key);
    const st = await text(page, 'status');
    assert(!/error/i.test(st), `preset ${key}: ${st}`);
    const kind = await page.inputValue(tid('problem'));
    assert(await page.evaluate((k) => window.dlx.model.problem.kind === k, kind), `preset ${key} did not load its kind`);
    if (key === 'sudoku-empty' || key === 'pentomino-6x10') continue;
    await page.click(tid('next-solution'));
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1
      || window.dlx.model.stats().done, null, { timeout: 60000 });
    if (key === 'sudoku-none') {
      assert((await num(page, 'solutions')) === 0 && await page.evaluate(() => window.dlx.model.stats().done), 'the preset without solution found one');
      continue;
    }
    assert((await num(page, 'solutions')) === 1, `preset ${key} found no solution`);
    if (kind === 'sudoku') checkSudoku(await text(page, 'board-text'), await page.evaluate(() => window.dlx.model.problem.text.replace(/\s/g, '')));
    if (kind === 'queens') checkQueens(await text(page, 'board-text'), Number(await page.inputValue(tid('size'))));
  }
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('cancel stops a run to the end', async ({ page, base }) => {
  await open(page, base, '?queens=14');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'running');
  await page.click(tid('run-cancel'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'cancelled', null, { timeout: 5000 });
  assert(!(await page.isDisabled(tid('run-to-end'))), 'run to end stays disabled');
});

test('colours: the TAOCP toy purifies, counts cleansings, and steps back to the exact start', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  const start = await page.evaluate(() => { const v = window.dlx.model.views(); return { nodes: [...v.nodes], colors: [...v.colors] }; });
  let steps = 0, narration = '';
  for (; steps < 80 && !/^Commit /.test(narration); steps++) {
    await page.click(tid('step'));
    narration = await page.evaluate(() => window.dlx.model.narration());
  }
  assert(/^Commit y:A: purify y: hide 1 option of another colour, keep and mark 0 of colour A$/.test(narration), `no purification narrated: ${narration}`);
  assert((await num(page, 'cleansings')) >= 1, `cleansings read-out: ${await text(page, 'cleansings')}`);
  // The purified item's header carries its colour in the colour view (colour A is 1).
  const purified = await page.evaluate(() => {
    const m = window.dlx.model, v = m.views(), y = m.info.items.indexOf('y') + 1;
    return v.colors[y];
  });
  assert(purified === 1, `y's header colour after purifying: ${purified}`);
  for (let i = 0; i < steps; i++) await page.click(tid('step-back'));
  const back = await page.evaluate(() => { const v = window.dlx.model.views(); return { nodes: [...v.nodes], colors: [...v.colors] }; });
  assert(JSON.stringify(back) === JSON.stringify(start), 'stepping back did not restore the link and colour arrays');
  report.push(`colours: purified after ${steps} steps: "${narration}"`);
});

test('multiplicities: lo:hi|name in the exact-cover box counts in the page and the worker, narrates, steps back exactly, and errors say where', async ({ page, base, errors }) => {
  await open(page, base);
  // Two of the four `a`s, `b` once or twice, `c` at most once: 13 sets of options (brute force in
  // tests/cli.rs, the same text).
  const problem = '| multiplicities\n2|a 1:2|b 0:1|c\na\na\na b\na c\nb\nb c';
  const before = await page.evaluate(() => window.dlx.model.info);
  await loadVia(page, 'exact-cover', problem);
  await page.waitForFunction((b) => window.dlx.model.info !== b && window.dlx.model.info.title.includes('multiplicities'), before);
  // The matrix's item labels carry the bounds, as the items line writes them.
  const items = await page.evaluate(() => window.dlx.model.info.items);
  assert(JSON.stringify(items) === JSON.stringify(['2|a', '1:2|b', '0:1|c']), `item labels: ${items}`);
  const start = await page.evaluate(() => { const v = window.dlx.model.views(); return { nodes: [...v.nodes], lens: [...v.lens], items: [...v.items] }; });
  // Step until Algorithm M's own words appear.
  const seen = new Set();
  let steps = 0;
  for (; steps < 400 && seen.size < 3; steps++) {
    await page.click(tid('step'));
    const n = await page.evaluate(() => window.dlx.model.narration());
    if (/may take \d+ more option|may take another/.test(n)) seen.add('more');
    if (/^Close .* takes no more options/.test(n)) seen.add('close');
    if (/^Untweak /.test(n)) seen.add('untweak');
  }
  assert(seen.size === 3, `narration seen after ${steps} steps: ${[...seen]}`);
  // Looked at: the item labels with their bounds, tweaked options, the narration, at 1280 and 375 px.
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, 'multiplicities-1280.png') });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, 'multiplicities-375.png'), fullPage: true });
  await page.setViewportSize(size);
  await settle(page);
  for (let i = 0; i < steps; i++) await page.click(tid('step-back'));
  await settle(page);
  const back = await page.evaluate(() => { const v = window.dlx.model.views(); return { nodes: [...v.nodes], lens: [...v.lens], items: [...v.items] }; });
  assert(JSON.stringify(back) === JSON.stringify(start), `stepping back ${steps} events did not restore the link arrays`);
  // The whole search, event by event, in the page: 13 solutions; the run to the end in a worker agrees.
  const solutions = await page.evaluate(() => { const m = window.dlx.model; while (m.step(5000) > 0); return Number(m.stats().solutions); });
  assert(solutions === 13, `the page counted ${solutions} solutions, not 13`);
  await page.evaluate(() => { window.__before = window.dlx.app.runs.state; });
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => window.dlx.app.runs.state !== window.__before
    && window.dlx.app.runs.state.phase === 'done', null, { timeout: 60000 });
  const run = await page.evaluate(() => ({ ...window.dlx.app.lastRun() }));
  assert(run.stats.solutions === 13, `the run to the end counted ${run.stats.solutions}, not 13`);
  // A bad bound: the same message as the CLI, with line and column, and the problem stays loaded.
  await loadVia(page, 'exact-cover', 'A 3:2|C\nA');
  const status = await text(page, 'status');
  assert(/line 1/.test(status) && /column 3/.test(status) && /lower bound 3 exceeds the upper bound 2/.test(status), `status: ${status}`);
  assert(await page.evaluate(() => window.dlx.model.info.title.includes('multiplicities')), 'the previous problem is not loaded');
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
  report.push(`multiplicities: 13 solutions in the page and the worker; narration of more/close/untweak within ${steps} steps; "${status}"`);
});


test('colours: purification animates as its own event, forward and back, and its narration is plain words', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await page.click(tid('maximise-matrix'));
  const red = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-col1').trim());
  const rgb = [1, 3, 5].map((i) => parseInt(red.slice(i, i + 2), 16));
  const near = (px) => px.every((v, i) => Math.abs(v - rgb[i]) <= 40);
  const narration = await stepUntil(page, /^Commit /);
  assert(narration === 'Commit y:A: purify y: hide 1 option of another colour, keep and mark 0 of colour A', narration);
  const y = await page.evaluate(() => window.dlx.model.info.items.indexOf('y') + 1);
  const anim = await page.evaluate(() => JSON.parse(JSON.stringify(window.dlx.app.matrix.anim.purify)));
  assert(anim.length === 1 && anim[0].h === y && anim[0].colour === 1 && anim[0].forward && anim[0].struck.length === 1 && anim[0].agree.length === 0,
    `the purification animated: ${JSON.stringify(anim)}`);
  // Half way: the strike has grown half its length out of y's column; the header fills with the colour.
  await holdAnimation(page, 0.5);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.locator('#panel-matrix').screenshot({ path: path.join(SHOTS, 'purify-mid.png') });
  const mid = await page.evaluate(() => window.dlx.app.matrix.drawn.strikes);
  assert(mid.length === 1 && mid[0].row === anim[0].struck[0] && Math.abs(mid[0].p - 0.5) < 1e-3, `strikes drawn half way: ${JSON.stringify(mid)}`);
  assert(near(await pixelAt(page, (mid[0].x0 + mid[0].x1) / 2, mid[0].y)), `the strike half way is not in colour A at its middle: ${await pixelAt(page, (mid[0].x0 + mid[0].x1) / 2, mid[0].y)}`);
  await endAnimation(page);
  await page.locator('#panel-matrix').screenshot({ path: path.join(SHOTS, 'purify-end.png') });
  const end = await page.evaluate(() => window.dlx.app.matrix.drawn.strikes);
  assert(end.length === 1 && end[0].p === 1 && end[0].x1 - end[0].x0 > 1.8 * (mid[0].x1 - mid[0].x0) - 2,
    `the strike at the end ${JSON.stringify(end)} is not twice the half-way one ${JSON.stringify(mid)}`);
  assert(near(await pixelAt(page, end[0].x0 + 3, end[0].y)), 'the whole strike is not drawn at the end');
  // Back: the same purification plays backwards, and leaves no strike.
  await press(page, 'step-back');
  const back = await page.evaluate(() => JSON.parse(JSON.stringify(window.dlx.app.matrix.anim.purify)));
  assert(back.length === 1 && back[0].h === y && !back[0].forward && JSON.stringify(back[0].struck) === JSON.stringify(anim[0].struck),
    `stepping back animated ${JSON.stringify(back)}`);
  assert(/^Undo: Commit y:A/.test(await page.evaluate(() => window.dlx.model.narration())), 'the undo is not narrated');
  await holdAnimation(page, 0.5);
  const retracting = await page.evaluate(() => window.dlx.app.matrix.drawn.strikes);
  assert(retracting.length === 1 && Math.abs(retracting[0].p - 0.5) < 1e-3, `half way back: ${JSON.stringify(retracting)}`);
  await endAnimation(page);
  assert((await page.evaluate(() => window.dlx.app.matrix.drawn.strikes.length)) === 0, 'a strike is left after the unpurify');
  // On to a purification that marks an option: its node is outlined (cleansed), and says so.
  const marks = await stepUntil(page, /^Commit x:A/);
  assert(/keep and mark 1 of colour A$/.test(marks), marks);
  const agree = await page.evaluate(() => window.dlx.app.matrix.anim.purify[0].agree);
  assert(agree.length === 1, `agreeing nodes: ${agree}`);
  await holdAnimation(page, 0.5);
  await page.locator('#panel-matrix').screenshot({ path: path.join(SHOTS, 'purify-marks-mid.png') });
  await endAnimation(page);
  const marked = await page.evaluate((x) => { const m = window.dlx.app.matrix; return m._describe(x); }, agree[0]);
  assert(/colour A, marked \(cleansed\)/.test(marked), `the marked node's details: ${marked}`);
  const unp = await stepUntil(page, /^Uncommit /);
  assert(/^Uncommit x:A: unpurify x: 1 option of another colour back, 1 of colour A unmarked$/.test(unp), unp);
  report.push(`purify animation: strike half way ${(mid[0].x1 - mid[0].x0).toFixed(0)} px of ${(end[0].x1 - end[0].x0).toFixed(0)} px; screenshots/purify-mid.png`);
});

test('colours: the algorithm panel shows purify and unpurify for a problem with colours, and marks them', async ({ page, base }) => {
  await open(page, base);
  const shown = () => page.$$eval('[data-line="sub-purify"], [data-line="sub-unpurify"]', (els) => els.map((e) => !e.hidden));
  await settle(page);
  assert((await shown()).every((v) => !v), 'the colour lines are shown for the 6x7 matrix');
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await settle(page);
  assert((await shown()).every((v) => v), 'the colour lines are hidden for the toy');
  await stepUntil(page, /^Commit /);
  let a = await algorithmLine(page);
  assert(a.line === 'sub-purify' && a.caller === 'cover-j', `a purification marks ${a.line} (caller ${a.caller})`);
  await stepUntil(page, /^Uncommit /);
  a = await algorithmLine(page);
  assert(a.line === 'sub-unpurify' && a.caller === 'uncover-j', `an unpurification marks ${a.line} (caller ${a.caller})`);
  await press(page, 'step-back');
  await press(page, 'step');
  a = await algorithmLine(page);
  assert(a.line === 'sub-unpurify', `taken again: ${a.line}`);
});

test('colours: under reduced motion a purification is drawn at once, struck through', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await page.click(tid('maximise-matrix'));
  await stepUntil(page, /^Commit y:A/);
  assert(await page.evaluate(() => window.dlx.app.matrix.anim === null), 'a purification animates under prefers-reduced-motion');
  await settle(page);
  const strikes = await page.evaluate(() => window.dlx.app.matrix.drawn.strikes);
  assert(strikes.length === 1 && strikes[0].p === 1, `strikes at once: ${JSON.stringify(strikes)}`);
  await context.close();
});

test('colours: a node of x:A shows its colour name in the node when zoomed in, and always in its details', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await settle(page);
  const scale = await page.evaluate(() => window.dlx.app.matrix.scale);
  const labels = await page.evaluate(() => window.dlx.app.matrix.drawn.colourLabels);
  // Five coloured nodes in the toy (y:A, x:A, x:B, x:A, y:B), each labelled at a readable zoom.
  assert(scale >= 16 && labels === 5, `at scale ${scale}: ${labels} colour names drawn`);
  // Zoomed far out the names go, and the details still name the colour: the keyboard cursor.
  await page.evaluate(() => { const m = window.dlx.app.matrix; m.zoom(8 / m.scale); });
  await settle(page);
  assert((await page.evaluate(() => window.dlx.app.matrix.drawn.colourLabels)) === 0, 'colour names drawn in nodes too small for them');
  await page.focus('#matrix-canvas');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
  const details = await page.textContent('#matrix-hover');
  assert(/^node \d+: item x, colour A \(x:A\), option #2 \(p r x y\)/.test(details), `the cursor's details: ${details}`);
  // Pointing at it says the same.
  await page.evaluate(() => window.dlx.app.matrix.fit());
  await settle(page);
  const at = await page.evaluate(() => {
    const m = window.dlx.app.matrix, L = m.layout;
    const x = L.colNodes[4][1];
    const r = m.canvas.getBoundingClientRect();
    return { x: r.left + (L.colX[x] + 0.5 - m.ox) * m.scale, y: r.top + (m._y(x) + 0.5 - m.oy) * m.scale };
  });
  await page.mouse.move(at.x, at.y);
  const hover = await page.textContent('#matrix-hover');
  assert(/item x, colour A \(x:A\)/.test(hover), `hover: ${hover}`);
});

// ------------------------------------------------------------------ downloads (issue 9's Export)


test('downloads: the step log is `dlx trace`\'s lines for the steps taken, after back and after a jump too', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  const problem = await page.evaluate(() => window.dlx.model.problem.text);
  const check = async (events, how) => {
    const { name, text: log } = await download(page, 'download-log', { key: how === 'key' });
    assert(/\.jsonl$/.test(name), `file name ${name}`);
    const lines = log.split('\n').filter(Boolean);
    assert(lines.length === events, `${how}: ${lines.length} lines for ${events} events`);
    const parsed = lines.map((l) => JSON.parse(l));
    assert(parsed.every((e, i) => e.event === i + 1 && typeof e.kind === 'string' && typeof e.narration === 'string'), `${how}: events not numbered 1..${events}`);
    const want = cli(['trace', 'exact-cover', '-', '--events', String(events)], problem);
    assert(log === want, `${how}: the page's log differs from dlx trace --events ${events}:\n${log.slice(0, 400)}\nvs\n${want.slice(0, 400)}`);
    const st = await page.evaluate(() => window.dlx.model.stats());
    const last = parsed[parsed.length - 1];
    assert(!last || last.nodes === st.nodes && last.updates === st.updates && last.solutions === st.solutions,
      `${how}: the last line's counters ${JSON.stringify(last)} are not the page's ${JSON.stringify(st)}`);
    return parsed;
  };
  for (let i = 0; i < 15; i++) await page.click(tid('step'));
  const first = await check(15, 'click');
  assert(first.some((e) => e.kind === 'purify'), `no purification in the first 15 events: ${first.map((e) => e.kind).join(' ')}`);
  for (let i = 0; i < 4; i++) await page.click(tid('step-back'));
  await check(11, 'key');
  // A jump: its events were never seen by the page, yet the log reaches where the search stands.
  await hunt(page);
  assert(await page.evaluate(() => window.dlx.model.stats().solutions === 1), 'no solution found');
  const jumped = await page.evaluate(() => window.dlx.model.stepLog(1e6).events);
  const parsed = await check(jumped, 'jump');
  assert(parsed.some((e) => e.kind === 'purify') && parsed[parsed.length - 1].kind === 'solution',
    `the log to the solution: ${parsed.map((e) => e.kind).join(' ')}`);
  report.push(`downloads: step log = dlx trace at 15, 11 (back) and ${jumped} events (after Next solution)`);
});

test('downloads: the problem in Knuth\'s format loads back into the exact-cover box and counts the same', async ({ page, base }) => {
  await open(page, base);
  const counts = [];
  for (const preset of ['xcc-toy', 'sudoku-4', 'langford-4']) {
    const e0 = await page.evaluate(() => window.dlx.app.state.epoch);
    await page.selectOption('#preset', preset);
    await page.waitForFunction((e) => window.dlx.app.state.epoch > e, e0);
    const title = await page.evaluate(() => window.dlx.model.info.title);
    const { name, text: knuth } = await download(page, 'download-instance');
    assert(/\.dlx$/.test(name), `file name ${name}`);
    // The same text as `dlx export` of the same problem.
    const spec = await page.evaluate(() => window.dlx.model.problem);
    const stdin = spec.kind === 'exact-cover' || spec.kind === 'sudoku';
    const want = stdin ? cli(['export', spec.kind, '-'], spec.text) : cli(['export', spec.kind, spec.text]);
    assert(knuth === want, `${preset}: not what dlx export writes`);
    const count = async () => {
      for (let k = 0; k < 200 && !(await page.evaluate(() => window.dlx.model.stats().done)); k++) await hunt(page);
      return page.evaluate(() => window.dlx.model.stats().solutions);
    };
    const before = await count();
    await page.selectOption(tid('problem'), 'exact-cover');
    await page.fill(tid('matrix-input'), knuth);
    const epoch = await page.evaluate(() => window.dlx.app.state.epoch);
    await page.click(tid('load'));
    await page.waitForFunction((e) => window.dlx.app.state.epoch > e, epoch);
    assert(await page.evaluate(() => window.dlx.model.problem.kind === 'exact-cover'), `${preset}: the export did not load as exact cover`);
    const after = await count();
    assert(before === after && before > 0, `${title}: ${before} solutions, ${after} from its export`);
    counts.push(`${title} ${before}`);
  }
  report.push(`downloads: Knuth's format round-trips (${counts.join(', ')})`);
});

test('downloads: the solutions are the boards found, as dlx solve prints them', async ({ page, base }) => {
  await open(page, base, '?queens=6');
  const none = await page.evaluate(() => window.dlx.model.keptCount());
  assert(none === 0, `${none} solutions kept at the start`);
  await page.click(tid('download-solutions'));
  assert(/No solution found yet/.test(await text(page, 'status')), `status with none found: ${await text(page, 'status')}`);
  const boards = [];
  for (let k = 0; k < 10 && !(await page.evaluate(() => window.dlx.model.stats().done)); k++) {
    await hunt(page);
    if (!(await page.evaluate(() => window.dlx.model.stats().done))) boards.push(await text(page, 'board-text'));
  }
  const { name, text: sols } = await download(page, 'download-solutions');
  assert(/solutions\.txt$/.test(name), `file name ${name}`);
  assert(sols === cli(['solve', 'queens', '6', '--limit', '0']), `not what dlx solve prints:\n${sols}`);
  const blocks = sols.trimEnd().split('\n\n');
  assert(blocks.length === 4, `${blocks.length} solutions of 6-queens, not 4`);
  blocks.forEach((b) => checkQueens(b, 6));
  assert(JSON.stringify(blocks) === JSON.stringify(boards), `the file's boards are not the boards shown:\n${boards.join('\n\n')}`);
  // A plain exact-cover problem prints its options, as the board lists them.
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await hunt(page);
  const toy = (await download(page, 'download-solutions')).text;
  const problem = await page.evaluate(() => window.dlx.model.problem.text);
  assert(toy === cli(['solve', 'exact-cover', '-', '--limit', '0'], problem), `the toy's solution: ${toy}`);
  assert(toy.trim() === (await text(page, 'board-text')).trim(), `the toy's file ${JSON.stringify(toy)} is not the board ${JSON.stringify(await text(page, 'board-text'))}`);
});

test('downloads: on a phone (375 px) the three buttons have tooltips, 44 px targets, and a tap downloads', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, '?queens=5');
  const boxes = await page.$$eval('.downloads button', (bs) => bs.map((b) => {
    const r = b.getBoundingClientRect();
    return { id: b.id, title: b.title, label: b.textContent.trim(), w: r.width, h: r.height, left: r.left, right: r.right, tab: b.tabIndex };
  }));
  assert(boxes.length === 3, `${boxes.length} download buttons`);
  for (const b of boxes) {
    assert(b.title.length > 20 && b.label.length > 5 && b.tab >= 0, `${b.id}: label ${b.label}, title ${b.title}`);
    assert(b.h >= 44 && b.w >= 44 && b.left >= 0 && b.right <= 375, `${b.id} is ${b.w}x${b.h} at ${b.left}-${b.right}`);
  }
  const wait = page.waitForEvent('download');
  await page.tap(tid('download-instance'));
  const dl = await wait;
  const knuth = fs.readFileSync(await dl.path(), 'utf8');
  assert(knuth === cli(['export', 'queens', '5']), `the tapped download: ${knuth.slice(0, 200)}`);
  await context.close();
});

// The run box may change state after the click has returned (the workers are stopped and the box
// redrawn asynchronously), so wait for it, a few seconds at most, rather than read it at once: that
// read failed now and then on a loaded machine.
const runBoxIdle = (page) => page
  .waitForFunction(() => document.getElementById('run-box').dataset.state === 'idle', null, { timeout: 5000 })
  .then(() => true, () => false);

test('loading another problem or resetting cancels a run to the end', async ({ page, base }) => {
  // Count the workers started and terminated: a run left going would finish into the next problem.
  await page.addInitScript(() => {
    window.workerLog = { started: 0, terminated: 0 };
    const { terminate } = Worker.prototype;
    const Base = Worker;
    window.Worker = class extends Base {
      constructor(...a) { super(...a); window.workerLog.started++; }
    };
    Worker.prototype.terminate = function t() { window.workerLog.terminated++; return terminate.call(this); };
  });
  const log = () => page.evaluate(() => ({ ...window.workerLog }));
  await open(page, base, '?pentomino=6x10');
  // A run starts one worker per core (at most 16), all stopped together.
  const nw = await page.evaluate(() => Math.max(1, Math.min(16, navigator.hardwareConcurrency || 1)));
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'running');
  await loadVia(page, 'queens', 6);
  assert(await page.evaluate(() => window.dlx.model.info.title.startsWith('6')), '6-queens did not load');
  assert(!(await page.isDisabled(tid('run-to-end'))), 'run to end stays disabled after loading another problem');
  assert(await runBoxIdle(page), 'the old run still shows after loading another problem');
  let w = await log();
  // The run's workers are terminated (new ones are warmed for the next run while the page idles).
  assert(w.started >= nw && w.terminated === nw, `after loading 6-queens: ${w.started} workers started, ${w.terminated} terminated`);
  await page.waitForTimeout(1500);
  assert((await num(page, 'solutions')) === 0, `solutions read-out after loading 6-queens: ${await text(page, 'solutions')}`);
  assert((await num(page, 'nodes')) === 0, `nodes read-out after loading 6-queens: ${await text(page, 'nodes')}`);
  assert(!(await text(page, 'status')).includes('9,356'), `the old run finished into the status: ${await text(page, 'status')}`);
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done');
  assert((await runText(page)).includes('Done: 4 solutions'), `6-queens run to the end: ${await runText(page)}`);
  assert((await num(page, 'solutions')) === 0, `the live read-out took the run's count: ${await text(page, 'solutions')}`);
  assert(await page.evaluate(() => window.dlx.app.lastRun().stats.solutions === 4), 'the last run is not 6-queens');
  // Reset cancels too: the read-outs go back to the page's own search at its start.
  await loadVia(page, 'pentomino', '6x10');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'running');
  await page.click(tid('reset'));
  assert(!(await page.isDisabled(tid('run-to-end'))), 'run to end stays disabled after reset');
  assert(await runBoxIdle(page), 'the run still shows after reset');
  w = await log();
  // 6-queens' run finished: its workers went back to the pool; the two cancelled runs' were terminated.
  assert(w.started >= 2 * nw && w.terminated === 2 * nw, `after reset: ${w.started} workers started, ${w.terminated} terminated`);
  await page.waitForTimeout(1500);
  assert((await num(page, 'solutions')) === 0 && (await num(page, 'nodes')) === 0,
    `read-outs after reset: ${await text(page, 'solutions')} solutions, ${await text(page, 'nodes')} nodes`);
  assert(await page.evaluate(() => window.dlx.app.lastRun() === null), 'a run of the search before the reset is kept');
});

test('full speed on the 9x9 Sudoku matrix: frames/s, and the JS heap over 10 million events', async ({ page, base, cdp }) => {
  await open(page, base, `?sudoku=${'.'.repeat(81)}`);
  assert(await page.evaluate(() => window.dlx.model.info.n_options === 729 && window.dlx.model.info.n_items === 324), 'not the 729x324 matrix');
  await page.uncheck(tid('pause-at-solution'));
  await setSpeed(page, 100);
  await cdp.send('Performance.enable');
  const heap0 = await heapUsed(cdp);
  // The same page, paused: the frame rate this headless browser gives at all, the ceiling for play.
  const [g0, s0] = await page.evaluate(() => [window.dlx.app.frames(), performance.now()]);
  await page.waitForTimeout(2000);
  const [g1, s1] = await page.evaluate(() => [window.dlx.app.frames(), performance.now()]);
  const idleFps = (g1 - g0) * 1000 / (s1 - s0);
  await page.click(tid('play'));
  await page.waitForTimeout(500);
  const [f0, e0, t0] = await page.evaluate(() => [window.dlx.app.frames(), window.dlx.model.eventsPlayed, performance.now()]);
  await page.waitForTimeout(3000);
  const [f1, e1, t1] = await page.evaluate(() => [window.dlx.app.frames(), window.dlx.model.eventsPlayed, performance.now()]);
  const fps = (f1 - f0) * 1000 / (t1 - t0);
  const eps = (e1 - e0) * 1000 / (t1 - t0);
  assert(fps > 0 && eps > 0, 'nothing moved at full speed');
  const heapMid = await heapUsed(cdp);
  await page.waitForFunction(() => window.dlx.model.eventsPlayed >= 1e7, null, { timeout: 540000, polling: 500 });
  const [events, elapsed] = await page.evaluate(() => [window.dlx.model.eventsPlayed, window.dlx.model.elapsedMs]);
  await page.click(tid('play'));
  const heap1 = await heapUsed(cdp);
  assert(await page.evaluate(() => !window.dlx.model.playing), 'did not pause');
  report.push(`9x9 Sudoku matrix at full speed: ${fps.toFixed(1)} frames/s (the paused page: ${idleFps.toFixed(1)}), ${Math.round(eps).toLocaleString('en-US')} events/s`);
  report.push(`JS heap: ${mb(heap0)} before, ${mb(heapMid)} after 3 s, ${mb(heap1)} after ${events.toLocaleString('en-US')} events of play (${(elapsed / 1000).toFixed(1)} s)`);
});

test('keyboard: space plays and pauses, n finds the next solution', async ({ page, base }) => {
  await open(page, base, '?queens=5');
  await page.focus('body');
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => window.dlx.model.playing), 'space did not play');
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => !window.dlx.model.playing), 'space did not pause');
  await page.keyboard.press('n');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1);
  checkQueens(await text(page, 'board-text'), 5);
  await page.click(tid('reset'));
  assert((await num(page, 'nodes')) === 0 && (await num(page, 'solutions')) === 0, 'reset did not go back to the start');
});

test('keys after a preset and after Load act on the search, not on the select or the form', async ({ page, base }) => {
  await open(page, base);
  await page.fill(tid('matrix-input'), 'A B\nA\nB');
  // A preset picked from the list: focus moves to Play, so the arrows step the search.
  await page.focus('#preset');
  await page.selectOption('#preset', 'queens-8');
  assert(await page.evaluate(() => document.activeElement.id === 'play'), `focus after the preset is on ${await page.evaluate(() => document.activeElement.id)}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert(await page.evaluate(() => window.dlx.model.info.title.startsWith('8')), 'the arrows loaded another preset');
  assert(await page.evaluate(() => window.dlx.model.eventsPlayed === 2), `two arrows took ${await page.evaluate(() => window.dlx.model.eventsPlayed)} events`);
  assert((await page.inputValue('#preset')) === '', 'the preset list changed');
  // Load, then Space plays (it does not reload), and Escape stops.
  await loadVia(page, 'queens', 6);
  assert(await page.evaluate(() => document.activeElement.id === 'play'), 'focus after Load is not on Play');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => window.dlx.model.playing), 'Space after Load did not play');
  await page.waitForTimeout(300);
  assert((await num(page, 'nodes')) > 0 || await page.evaluate(() => window.dlx.model.eventsPlayed > 1), 'Space reloaded the problem');
  await page.keyboard.press('Escape');
  assert(await page.evaluate(() => !window.dlx.model.playing), 'Escape did not stop play');
  // After a click on Step, Space plays instead of pressing Step again; c and n work from a button too.
  await page.click(tid('step'));
  const before = await page.evaluate(() => window.dlx.model.eventsPlayed);
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => window.dlx.model.playing), 'Space on the Step button did not play');
  await page.keyboard.press('Space');
  await page.keyboard.press('n');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1);
  assert(await page.evaluate((b) => window.dlx.model.eventsPlayed >= b, before), 'events went backwards');
  // Escape stops a hunt and a run too.
  await loadVia(page, 'pentomino', '6x10');
  await page.click(tid('run-to-end'));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'cancelled', null, { timeout: 5000 });
  // The text typed for exact cover survived all of this: each kind keeps its own.
  await page.selectOption(tid('problem'), 'exact-cover');
  assert((await page.inputValue(tid('matrix-input'))) === 'A B\nA\nB', `exact-cover text: ${await page.inputValue(tid('matrix-input'))}`);
});

test('a preset that replaces typed text can be undone', async ({ page, base }) => {
  await open(page, base);
  await page.fill(tid('matrix-input'), 'X Y\nX\nY\nX Y');
  await page.selectOption('#preset', 'matrix-01');
  assert((await page.inputValue(tid('matrix-input'))).startsWith('0010110'), 'the preset did not fill the input');
  assert(await page.isVisible(tid('undo-text')), 'no Undo after a preset replaced typed text');
  await page.click(tid('undo-text'));
  assert((await page.inputValue(tid('matrix-input'))) === 'X Y\nX\nY\nX Y', `after Undo: ${await page.inputValue(tid('matrix-input'))}`);
  assert(await page.isVisible(tid('form-state')), 'the text brought back is not marked "not loaded"');
});

test('a changed form is marked not loaded, and Play acts on the form', async ({ page, base }) => {
  await open(page, base, '?queens=5');
  assert(await page.isHidden(tid('form-state')), 'a fresh page says "not loaded"');
  // Another kind: marked, the search going on kept; Step acts on the form's problem.
  await page.click(tid('step'));
  await page.selectOption(tid('problem'), 'latin');
  assert(await page.evaluate(() => window.dlx.model.problem.kind === 'queens'), 'a look at another kind threw the search away');
  assert(await page.isVisible(tid('form-state')), 'another kind is not marked "not loaded"');
  await page.click(tid('step'));
  assert(await page.evaluate(() => window.dlx.model.problem.kind === 'latin' && window.dlx.model.eventsPlayed === 1), 'Step did not act on the form\'s problem');
  // A board chosen from its list loads at once.
  await page.selectOption(tid('problem'), 'pentomino');
  await page.selectOption('#pentomino-board', '5x12');
  assert(await page.evaluate(() => window.dlx.model.problem.text === '5x12'), 'choosing a board did not load it');
  // Typed text: marked, and Play loads it first.
  await page.selectOption(tid('problem'), 'sudoku');
  await page.fill(tid('puzzle'), HARD_SUDOKU.replace('3', '.'));
  assert(await page.isVisible(tid('form-state')), 'typed text is not marked "not loaded"');
  assert(/not loaded/i.test(await page.textContent(tid('form-state'))), 'the mark does not say "not loaded"');
  await page.click(tid('play'));
  assert(await page.evaluate((t) => window.dlx.model.problem.text === t, HARD_SUDOKU.replace('3', '.')), 'Play ran the old problem');
  assert(await page.isHidden(tid('form-state')), 'still marked after Play loaded it');
  await page.click(tid('play'));
  // N typed and committed (change) loads at once.
  await page.selectOption(tid('problem'), 'queens');
  await page.fill(tid('size'), '7');
  await page.press(tid('size'), 'Tab');
  assert(await page.evaluate(() => window.dlx.model.info.title.startsWith('7')), 'N = 7 did not load');
});

test('links: a large instance gives a short compressed URL, a huge one a clear note; Back returns to the previous problem', async ({ page, base }) => {
  await open(page, base, '?queens=8');
  await loadVia(page, 'latin', 3);
  await page.waitForFunction(() => location.search.includes('latin'));
  // A 9x9 Sudoku's whole matrix in Knuth's format: ~16 KB of text.
  const lines = [];
  const items = [];
  for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) items.push(`p${i}${j}`);
  for (const u of ['r', 'c', 'b']) for (let i = 0; i < 9; i++) for (let v = 1; v <= 9; v++) items.push(`${u}${i}${v}`);
  lines.push(items.join(' '));
  for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) for (let v = 1; v <= 9; v++) {
    lines.push(`p${i}${j} r${i}${v} c${j}${v} b${3 * Math.floor(i / 3) + Math.floor(j / 3)}${v}`);
  }
  const big = lines.join('\n');
  await loadVia(page, 'exact-cover', big);
  await page.waitForFunction(() => location.search.includes('exact-cover'));
  const url = page.url();
  report.push(`link of a ${big.length}-character instance: ${url.length} characters`);
  assert(url.length < 8000, `the link is ${url.length} characters`);
  // The link opens the same instance in a new tab (no history there: the URL alone).
  const tab = await page.context().newPage();
  await tab.goto(url);
  await tab.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  assert(await tab.evaluate((t) => window.dlx.model.problem.text === t, big), 'the compressed link does not open the same instance');
  assert(await tab.evaluate(() => window.dlx.model.info.n_options === 729), 'not 729 options');
  await tab.close();
  // Incompressible: random names, ~95 KB.
  const rnd = () => Math.random().toString(36).slice(2, 10);
  const names = Array.from({ length: 10000 }, rnd);
  const huge = `${names.join(' ')}\n${names.slice(0, 500).join(' ')}`;
  await loadVia(page, 'exact-cover', huge);
  await page.waitForFunction(() => /too large for a link/i.test(document.querySelector('[data-testid="status"]').textContent));
  assert(page.url().length < 200, `the URL of a too-large problem is ${page.url().length} characters`);
  await page.click('#copy-link');
  assert(/no link/i.test(await text(page, 'status')), `Copy link on a too-large problem: ${await text(page, 'status')}`);
  // Back: the problems before, in order.
  await page.goBack();
  await page.waitForFunction(() => window.dlx.model.info.n_options === 729);
  await page.goBack();
  await page.waitForFunction(() => window.dlx.model.problem.kind === 'latin');
  await page.goBack();
  await page.waitForFunction(() => window.dlx.model.problem.kind === 'queens');
  assert((await page.inputValue(tid('size'))) === '8', 'Back to 8-queens: N field is not 8');
  await page.goForward();
  await page.waitForFunction(() => window.dlx.model.problem.kind === 'latin');
});

test('narration: play stopping at a solution says the solution; a hunt never says "Paused"', async ({ page, base }) => {
  await open(page, base, '?queens=4');
  await setSpeed(page, 90);
  await page.click(tid('play'));
  await page.waitForFunction(() => !window.dlx.model.playing);
  const said = await text(page, 'narration');
  assert(/solution/i.test(said) && !/undo|back up/i.test(said), `narration at the solution: ${said}`);
  // A hunt in small slices (3 nodes a frame), so that it spans many frames.
  await loadVia(page, 'pentomino', '6x10');
  await page.evaluate(() => { const m = window.dlx.model; const f = m.nextSolution.bind(m); m.nextSolution = (n) => f(Math.min(n, 3)); });
  await page.click(tid('next-solution'));
  const during = [];
  for (let i = 0; i < 5; i++) during.push(await text(page, 'narration'));
  assert(await page.evaluate(() => !!window.dlx.app.state.hunting), 'the hunt ended too soon to look at it');
  assert(during.every((t) => !/paused/i.test(t) && /searching/i.test(t)), `narration during the hunt: ${during.join(' | ')}`);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !window.dlx.app.state.hunting, null, { timeout: 120000 });
});

test('exact cover: a 0-1 row of zeros is an empty option; rows keep their input numbers on the matrix and the board', async ({ page, base, errors }) => {
  await open(page, base);
  const before = await page.evaluate(() => window.dlx.model.info);
  await loadVia(page, 'exact-cover', 'A B\n10\n00\n01');
  await page.waitForFunction((old) => window.dlx.model.info !== old && window.dlx.model.info.n_options === 3, before);
  // Three rows on the matrix, the empty one included (#2, with no node), numbered as the input.
  const rows = await page.evaluate(() => Array.from(window.dlx.app.matrix.layout.rowOpt).slice(0, 3));
  assert(JSON.stringify(rows) === JSON.stringify([0, 1, 2]), `matrix rows (options from 0): ${rows}`);
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) === 1);
  const nums = await page.evaluate(() => window.dlx.app.board.optionNumbers.slice().sort());
  assert(JSON.stringify(nums) === JSON.stringify([1, 3]), `option numbers on the board: ${nums}`);
  assert(!/no 1/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('exact cover: the board numbers options as the matrix; no "No option chosen yet" after the end; no root2', async ({ page, base }) => {
  await open(page, base);
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) === 1);
  const nums = await page.evaluate(() => window.dlx.app.board.optionNumbers.slice().sort());
  assert(JSON.stringify(nums) === JSON.stringify([1, 4, 5]), `option numbers on the board: ${nums}`);
  assert(await page.evaluate(() => !window.dlx.app.matrix._shown(window.dlx.app.matrix.layout.n + 1)), 'root2 is drawn without secondary items');
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => window.dlx.model.stats().done);
  assert(await page.evaluate(() => window.dlx.app.board.finished), 'the board does not know the search ended');
  // A `#` line meant as a comment: the error says so, on line 1, not "unknown item" on line 2.
  await loadVia(page, 'exact-cover', '# my problem\nA B\nA\nB');
  const err = await page.textContent('#input-error');
  assert(/^line 1, column 1: .*comment lines start with `\|`/.test(err), `error for a # line: ${err}`);
});

test('run to end: its own fixed box beside its button, live statistics untouched, a huge search asks first', async ({ page, base }) => {
  await open(page, base, '?queens=6');
  for (let i = 0; i < 5; i++) await page.click(tid('step'));
  const live = await modelState(page);
  const boxes = () => page.evaluate(() => ['run-to-end', 'run-box', 'speed', 'pause-at-solution', 'status'].map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return [id, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)].join(' ');
  }));
  const before = await boxes();
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done');
  const after = await boxes();
  assert(JSON.stringify(before) === JSON.stringify(after), `the layout moved: ${before} -> ${after}`);
  const r = await page.evaluate(() => document.getElementById('run-to-end').getBoundingClientRect().right);
  const b = await page.evaluate(() => document.getElementById('run-box').getBoundingClientRect());
  assert(b.left >= r && b.top < 800 && b.bottom <= 800, `the box is not beside its button, on screen: ${JSON.stringify(b)}`);
  assert((await runText(page)).includes('4 solutions'), `run box: ${await runText(page)}`);
  const now = await modelState(page);
  assert(JSON.stringify(now.readouts) === JSON.stringify(live.readouts), `live read-outs changed: ${live.readouts} -> ${now.readouts}`);
  // The empty 9x9 Sudoku: the box asks, no worker starts until "Run anyway".
  await page.addInitScript(() => {
    window.workersStarted = 0;
    const Base = Worker;
    window.Worker = class extends Base { constructor(...a) { super(...a); window.workersStarted++; } };
  });
  await open(page, base, `?sudoku=${'.'.repeat(81)}`);
  await page.click(tid('run-to-end'));
  await settle(page); // the box is drawn on the next frame
  assert(await page.evaluate(() => document.getElementById('run-box').dataset.state === 'confirm'), 'no question before a huge run');
  const said = await page.textContent('#run-text');
  assert(/estimate/i.test(said) && /e\d\d/.test(said), `the question: ${said}`);
  // The pool's workers may be up and warm (started while the page idled): none counts until the answer.
  assert(await page.evaluate(() => window.dlx.app.runs._workers.length === 0), 'a run started before the answer');
  report.push(`empty 9x9 Sudoku, run to end: "${said.trim()}"`);
  await page.click(tid('run-anyway'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'running');
  // One worker per core (at most 16), each counting its part.
  assert(await page.evaluate(() => window.dlx.app.runs._workers.length === Math.max(1, Math.min(16, navigator.hardwareConcurrency || 1))), 'Run anyway did not start the run');
  await page.click(tid('run-cancel'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'cancelled', null, { timeout: 5000 });
});

test('matrix: item names and row labels stay pinned zoomed in and panned; a keyboard cursor and a tap give the details', async ({ page, base }) => {
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  const drawn = () => page.evaluate(() => new Promise((resolve) => {
    window.dlx.app.matrix.dirty = true;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({ ...window.dlx.app.matrix.drawn, scale: window.dlx.app.matrix.scale })));
  }));
  // Zoom in until names show, then pan far down and right.
  for (let i = 0; i < 12 && (await page.evaluate(() => window.dlx.app.matrix.scale)) < 20; i++) await page.click('#zoom-in');
  await page.evaluate(() => window.dlx.app.matrix.pan(-900, -2500));
  const d = await drawn();
  report.push(`matrix zoomed to ${d.scale.toFixed(0)} px a cell, panned: ${d.names} item names at y ${d.headerTop.toFixed(0)}, ${d.rowLabels} row labels at x ${d.rowLabelX.toFixed(0)}`);
  assert(d.names > 0 && d.headerTop >= -1, `item names scrolled away: ${JSON.stringify(d)}`);
  assert(d.rowLabels > 0 && d.rowLabelX > 0, `row labels scrolled away: ${JSON.stringify(d)}`);
  // The keyboard cursor: focus the matrix, arrows move over nodes, the details are hover's.
  await page.click('#zoom-fit');
  await page.focus('#matrix-canvas');
  const n0 = await page.evaluate(() => window.dlx.model.eventsPlayed);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const hover = (await page.textContent('#matrix-hover')).trim();
  assert(/^node \d+: item /.test(hover), `the cursor's details: ${hover}`);
  assert(await page.evaluate((n) => window.dlx.model.eventsPlayed === n, n0), 'the arrows stepped the search while the matrix had focus');
  await page.keyboard.press('ArrowUp');
  assert(/^item /.test((await page.textContent('#matrix-hover')).trim()), 'up from the first node is not its item');
});

test('touch: a tap on the matrix shows a node, one finger scrolls the page until then', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base);
  const box = page.locator('.matrix-box');
  assert((await box.evaluate((el) => getComputedStyle(el).touchAction)) !== 'none', 'one finger cannot scroll the page over the matrix');
  await box.scrollIntoViewIfNeeded();
  // Tap the first node of the first option row.
  const at = await page.evaluate(() => {
    const mv = window.dlx.app.matrix;
    const L = mv.layout;
    const x = L.rowFirst[0];
    const r = mv.canvas.getBoundingClientRect();
    return { x: r.left + (L.colX[x] + 0.5 - mv.ox) * mv.scale, y: r.top + (mv._y(x) + 0.5 - mv.oy) * mv.scale };
  });
  await page.touchscreen.tap(at.x, at.y);
  await page.waitForTimeout(100);
  const said = (await page.textContent('#matrix-hover')).trim();
  assert(/^node \d+: item /.test(said), `a tap showed: ${said}`);
  assert((await box.evaluate((el) => getComputedStyle(el).touchAction)) === 'none', 'after a tap one finger does not pan the matrix');
  await context.close();
});

/** WCAG contrast ratio of two CSS colours as the browser computes them (rgb(...)). */
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, bl] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => v / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => p - q);
  return (y + 0.05) / (x + 0.05);
}

/** The pairs of states a person must tell apart by colour alone when shapes are too small to see. */
const STATE_PAIRS = [['primary', 'secondary'], ['branch', 'try'], ['sol', 'dead'], ['node', 'hidden'], ['try', 'chosen'],
  ['primary', 'covered'], ['explored', 'unexplored'], ['sol', 'unexplored'], ['try', 'node']];

test('colour: state pairs at least 3:1 apart in light and dark mode; every state has a shape in the legend', async ({ browser, base }) => {
  const lines = [];
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const page = await context.newPage();
    await open(page, base);
    // Computed styles: each --c-* variable resolved by the browser as a background colour.
    const colours = await page.evaluate((names) => Object.fromEntries(names.map((n) => {
      const el = document.createElement('div');
      el.style.background = `var(--c-${n})`;
      document.body.append(el);
      const c = getComputedStyle(el).backgroundColor;
      el.remove();
      return [n, c];
    })), [...new Set(STATE_PAIRS.flat())]);
    for (const [a, b] of STATE_PAIRS) {
      const r = contrast(colours[a], colours[b]);
      lines.push(`${scheme} ${a}/${b} ${r.toFixed(2)}`);
      assert(r >= 3, `${scheme}: ${a} ${colours[a]} vs ${b} ${colours[b]} is ${r.toFixed(2)}:1`);
    }
    // The legends name each state's shape as well as showing its colour.
    const plain = await page.$$eval('.matrix-panel .legend li, .tree-panel .legend li', (lis) => lis
      .filter((li) => li.querySelector('.sw') && !li.querySelector('.sw.line') && !/\(/.test(li.textContent)).map((li) => li.textContent));
    assert(plain.every((t) => /node in its list|explored \(skipped|not yet explored|has solutions/.test(t)), `legend entries with colour only: ${plain}`);
    // The colour states (XCC) have legend entries of their own, each a shape no other entry has; shown
    // for a problem with colours only.
    const legend = () => page.$$eval('#matrix-legend li', (lis) => lis.map((li) => ({
      xcc: li.hasAttribute('data-xcc'), hidden: li.hidden, text: li.textContent,
      shape: [...li.querySelector('.sw').classList].filter((k) => k !== 'sw').sort().join(' '),
    })));
    assert((await legend()).filter((e) => e.xcc).every((e) => e.hidden), 'colour entries shown for a problem without colours');
    await page.selectOption('#preset', 'xcc-toy');
    await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
    const entries = await legend();
    const xcc = entries.filter((e) => e.xcc);
    assert(xcc.length === 4 && xcc.every((e) => !e.hidden), `colour legend entries: ${JSON.stringify(xcc)}`);
    for (const [state, re] of [['tint', /coloured item.*stripe/], ['purified', /purified to a colour.*rim/], ['cleansed', /cleansed node.*outlined/], ['purged', /purified away.*struck/]]) {
      const e = xcc.find((x) => re.test(x.text));
      assert(e, `no legend entry for the ${state} state`);
      assert(entries.filter((x) => x.shape === e.shape).length === 1, `the ${state} entry's shape (${e.shape}) is shared`);
    }
    await context.close();
  }
  report.push(`state contrast: ${lines.join(', ')}`);
});

test('reduced motion: no animation of the links when the system asks for less motion', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await open(page, base);
  await page.click(tid('step'));
  assert(await page.evaluate(() => window.dlx.app.matrix.anim === null), 'the links animate under prefers-reduced-motion');
  const transition = await page.$eval('#progress-bar > span', (el) => getComputedStyle(el).transitionDuration);
  assert(/^0s/.test(transition), `the progress bar still moves smoothly: ${transition}`);
  await context.close();
  const normal = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const p2 = await normal.newPage();
  await open(p2, base);
  await p2.click(tid('step'));
  assert(await p2.evaluate(() => window.dlx.app.matrix.anim !== null), 'no animation without reduced motion (the test cannot fail)');
  await normal.close();
});

test('layout: at 1280x800 no panel spills its parts under its border (a panel too short scrolls)', async ({ page, base }) => {
  for (const q of ['?queens=8', `?sudoku=${HARD_SUDOKU}`, '?pentomino=6x10']) {
    await open(page, base, q);
    for (let i = 0; i < 30; i++) await page.click(tid('step'));
    await settle(page);
    const spills = await page.evaluate(() => [...document.querySelectorAll('.panel')].filter((p) => p.offsetParent)
      .filter((p) => !/auto|scroll/.test(getComputedStyle(p).overflowY)).map((p) => {
        const bottom = p.getBoundingClientRect().bottom;
        const worst = Math.max(0, ...[...p.children].filter((c) => c.offsetParent)
          .map((c) => c.getBoundingClientRect().bottom - bottom));
        return [p.id || p.className, Math.round(worst)];
      }).filter(([, w]) => w > 1));
    // Before: the search tree's legend hung 45-56 px below its panel, its hover line squeezed to 0 px.
    assert(spills.length === 0, `${q}: parts below their panel's border: ${JSON.stringify(spills)}`);
    const hover = await page.evaluate(() => document.getElementById('tree-hover').getBoundingClientRect().height);
    assert(hover >= 10, `${q}: the tree's hover line is ${hover} px high`);
  }
});

test('phone at 375 px with touch: the control bar fixed at the bottom under the board, 44 px targets, no sideways scroll', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(over <= 0, `${over}px wider than the screen`);
  // No button squeezed narrower than its label (the board's "Maximise" was, its text running past
  // its border and off the screen) or placed past the screen's edge.
  const cut = await page.evaluate(() => [...document.querySelectorAll('button')].filter((el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || getComputedStyle(el).visibility === 'hidden') return false;
    return el.scrollWidth > el.clientWidth + 1 || r.left < 0 || r.right > window.innerWidth;
  }).map((el) => `${el.id || el.textContent.trim()} ${el.clientWidth}px for ${el.scrollWidth}px`));
  assert(cut.length === 0, `buttons cut off: ${cut.join(', ')}`);
  // The layout of issue 19: the board first, the bar fixed at the bottom (thumb reach) under it, both
  // on the first screen; scrolled, the bar stays where it is. (Before, the bar was sticky at the top.)
  const g = await page.evaluate(() => {
    const bar = document.getElementById('control-bar').getBoundingClientRect();
    const board = document.getElementById('board-canvas').getBoundingClientRect();
    const play = document.getElementById('play').getBoundingClientRect();
    return { barTop: bar.top, barBottom: bar.bottom, boardTop: board.top, boardBottom: board.bottom, playTop: play.top, playBottom: play.bottom, h: window.innerHeight };
  });
  report.push(`phone: control bar ${g.barTop.toFixed(0)}-${g.barBottom.toFixed(0)} px, board ${g.boardTop.toFixed(0)}-${g.boardBottom.toFixed(0)} px of ${g.h}`);
  assert(g.playTop >= g.barTop && g.playBottom <= g.barBottom && g.barBottom <= g.h && g.barBottom >= g.h - 80, `the control bar is not at the bottom of the screen: ${JSON.stringify(g)}`);
  assert(g.boardTop >= 0 && g.boardBottom - g.boardTop >= 200 && g.boardBottom <= g.barTop, `board and controls are not on screen together: ${JSON.stringify(g)}`);
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.waitForTimeout(100);
  const barAfter = await page.evaluate(() => document.getElementById('control-bar').getBoundingClientRect().bottom);
  assert(Math.abs(barAfter - g.barBottom) < 1, `the bar moved with the page: ${g.barBottom} -> ${barAfter}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  // The buttons in the bar work from there.
  await page.tap(tid('step'));
  assert(await page.evaluate(() => window.dlx.model.eventsPlayed === 1), 'Step in the bar did not step');
  // Targets: every visible control at least 44 px (a checkbox by its label).
  const small = await page.evaluate(() => [...document.querySelectorAll('button, select, input, textarea, summary')].filter((el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') return false;
    if (el.type === 'checkbox') {
      const l = document.querySelector(`label[for="${el.id}"]`).getBoundingClientRect();
      return l.height < 44;
    }
    return r.height < 44 || r.width < 44;
  }).map((el) => `${el.id || el.textContent.trim() || el.tagName} ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`));
  assert(small.length === 0, `targets under 44 px: ${small.join(', ')}`);
  // The status line in the bar shows one whole line: a longer message is cut with an ellipsis, and
  // nothing of its second line shows under it (its top did, in the padding, which clipping spares).
  const status = await page.evaluate(() => {
    const e = document.getElementById('status');
    // Set and measured in one go: the next frame writes the status line again.
    e.textContent = 'A long status message that cannot fit on one line of a phone screen at all.';
    return { clip: e.clientHeight, line: parseFloat(getComputedStyle(e).lineHeight), lines: Math.round(e.scrollHeight / parseFloat(getComputedStyle(e).lineHeight)) };
  });
  assert(status.lines >= 2 && Math.abs(status.clip - status.line) <= 1, `the status clips at ${status.clip}px for lines of ${status.line}px (${status.lines} lines of text)`);
  // So does the run box's text at two lines: its idle sentence takes three here, and its third line
  // showed under the ellipsis ("the search here is no… touched.").
  const runText = await page.evaluate(() => {
    const e = document.getElementById('run-text');
    return { clip: e.clientHeight, line: parseFloat(getComputedStyle(e).lineHeight), lines: Math.round(e.scrollHeight / parseFloat(getComputedStyle(e).lineHeight)), text: e.textContent };
  });
  assert(runText.lines >= 3 && Math.abs(runText.clip - 2 * runText.line) <= 1, `the run box's text clips at ${runText.clip}px for lines of ${runText.line}px (${runText.lines} lines: ${runText.text})`);
  await page.screenshot({ path: path.join(SHOTS, 'phone-sticky-bar.png') });
  await context.close();
});

test('screenshots: 1024x768, dark mode, a maximised board, and a simulated deuteranopia view', async ({ browser, base }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  for (let i = 0; i < 8; i++) await page.click(tid('step-choice'));
  await page.screenshot({ path: path.join(SHOTS, 'tablet-1024-sudoku.png') });
  await page.click(tid('maximise-board'));
  const big = await page.evaluate(() => document.getElementById('board-canvas').getBoundingClientRect());
  assert(big.width > 900 && big.height > 500, `the maximised board is ${big.width}x${big.height}`);
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, 'tablet-1024-board-maximised.png') });
  await page.keyboard.press('Escape');
  assert(await page.evaluate(() => !document.querySelector('.panel.maximised')), 'Escape did not restore the board');
  await page.close();
  // Deuteranopia (Machado, Oliveira and Fernandes 2009, severity 1) as an SVG colour matrix over the page.
  const p2 = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await open(p2, base);
  for (let i = 0; i < 9; i++) await p2.click(tid('step'));
  await p2.click('#zoom-in');
  await p2.waitForTimeout(700);
  await p2.evaluate(() => {
    document.body.insertAdjacentHTML('beforeend', '<svg width="0" height="0" style="position:absolute"><filter id="deut"><feColorMatrix type="matrix" values="0.367 0.861 -0.228 0 0  0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0  0 0 0 1 0"/></filter></svg>');
    document.documentElement.style.filter = 'url(#deut)';
  });
  await p2.waitForTimeout(200);
  await p2.screenshot({ path: path.join(SHOTS, 'desktop-deuteranopia.png') });
  await p2.close();
  const dark = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const p3 = await dark.newPage();
  await open(p3, base, '?queens=8');
  for (let i = 0; i < 9; i++) await p3.click(tid('step-choice'));
  await p3.waitForTimeout(700);
  await p3.screenshot({ path: path.join(SHOTS, 'desktop-dark-queens.png') });
  await dark.close();
});

// ------------------------------------------------------------------ Sudoku: reading, solving, editing

const EASTER = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
/** Easter Monster plus a 9 at r1c5: no clash, no solution (found after 2,894 nodes). */
const EASTER_DEAD = '1...9...2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
const P16 = '.......5B...76F.G2.394D..6..A.C..BA....72.5..9D....6..C..9.....26.2G.A...F...C35....G7..5C..1F..9..F...B.D4E..6......8..7G..4.E..E.85......B.7...9..A.BC..D..5...3...91F6..2D8.E2.G.8E....F.C.B3ACE.2.7...3...8..G.....9..67.4A.8..1...3C..A...F..624...D.98.B5.';
const P25 = 'H.2....N..G.DO.7..9M.B.....9..6..2HA8.P.J..I1.F5..PA.8NFG..O1BI.KH3.24.LC7..1IBK......6....5.D..8N.A.GDF5.1K.JML9..PN.EA26.H4C9.7A.2GF...B.1K4..IL.M.D.....P.1..DO.5..A7..6.4K...L.M.I4.K.78CA.1.....G32.EB..ODM.5.J.K43.H.28..C.......9A8C.HF.G5MO.DBP1N.1.JN...97...H.2...O..C.A..F.3.N.I.1L57.9AEC.8..2..46.K.C8.PAF3O..M957.J..1..8P...FD..BN....2..6759M..L....6..........NJ..3DGF..3.FA...E....L9..C.K1.I.E..A.GO.5D.1.I62...HC..97DO...1J6...M.98EBA.P34F.HI.K16.7...H.3.F..G5..AB..9.CM84H.3..A....61...GLDO6.4IH....832.FOL7D.51.JBNF3.2OEN.1..DM.78....4.H6KB.1.JD....K..6H..2G.A9....CA..2...F.E1..6.I...D.L..5MD....4...A.PB..1N.2.F.';

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
  const size = Math.round(Math.sqrt(line.length)), n = Math.round(Math.sqrt(size));
  const cells = [...line].map(value);
  return cells.map((v, p) => {
    if (v) return 0;
    let mask = (1 << size) - 1;
    const r = Math.floor(p / size), c = p % size;
    cells.forEach((w, q) => {
      const s = Math.floor(q / size), d = q % size;
      if (w && (s === r || d === c || (Math.floor(s / n) === Math.floor(r / n) && Math.floor(d / n) === Math.floor(c / n)))) mask &= ~(1 << (w - 1));
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
    const { gridOf } = await import('/www/sudoku.js');
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
  assert(/read \d+ cells; a Sudoku has 16, 81, 256 or 625; were `\d+`, `\d+`, \.\.\. meant as single numbers\? \(read as numbers, they are 255 cells\)/.test(status), `status: ${status}`);
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
  assert(/^Unique solution \(5,166 nodes, [\d.]+ ms\)$/.test(unique), `verdict: ${unique}`);
  checkSudoku(await boardText(page), EASTER);
  assert((await text(page, 'solution-pos')) === 'solution 1 of 1', await text(page, 'solution-pos'));
  report.push(`Solve, Easter Monster: "${unique}"`);

  const loose = `123456789${'.'.repeat(72)}`;
  await loadVia(page, 'sudoku', loose);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent));
  assert(/^More than one solution/.test(await text(page, 'verdict')), await text(page, 'verdict'));
  const first = await boardText(page);
  checkSudoku(first, loose);
  assert((await text(page, 'solution-pos')) === 'solution 1 of 2', await text(page, 'solution-pos'));
  await page.click(tid('solution-next'));
  const second = await boardText(page);
  checkSudoku(second, loose);
  assert(second !== first, 'the second solution is the first');
  assert((await text(page, 'solution-pos')) === 'solution 2 of 2', await text(page, 'solution-pos'));

  await loadVia(page, 'sudoku', EASTER_DEAD);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const none = await text(page, 'verdict');
  assert(/^No solution \(2,894 nodes, [\d.]+ ms\)$/.test(none), `verdict: ${none}`);
  assert((await boardText(page)) === EASTER_DEAD, 'the board is not the puzzle');
  assert(await page.isHidden('#solutions'), 'a solution list shows with no solution');
  report.push(`Solve, no solution: "${none}"`);
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
  assert((await text(page, 'solution-pos')) === 'solution 2 of 3' && (await boardText(page)) === seen[1], 'previous does not show solution 2');
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
  assert(/Clash: r2c2 and r2c3 both hold 8/.test(await text(page, 'status')), await text(page, 'status'));
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
  await page.click(tid('sudoku-clear'));
  assert((await puzzleText(page)) === '.'.repeat(81), 'Clear did not empty the grid');
  assert((await boardText(page)) === '.'.repeat(81), 'the board is not empty after Clear');
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

const VIEWS = [
  ['exact-cover', '', 'step-choice', 3],
  ['queens', '?queens=8', 'step-choice', 9],
  ['toroidal', '?toroidal-queens=7', 'step-choice', 6],
  ['sudoku', `?sudoku=${HARD_SUDOKU}`, 'step-choice', 8],
  ['latin', '?latin=4', 'step-choice', 7],
  ['langford', '?langford=4', 'step-choice', 6],
  ['pentomino', '?pentomino=8x8', 'step-choice', 5],
];

/** The id and text of the line the algorithm panel marks, and the line marked as its caller. */
async function algorithmLine(page) {
  await settle(page);
  return page.evaluate(() => {
    const cur = document.querySelectorAll('[data-testid="algorithm"] [aria-current="step"]');
    const caller = document.querySelector('[data-testid="algorithm"] .caller');
    return {
      count: cur.length,
      line: cur[0] ? cur[0].dataset.line : '',
      text: cur[0] ? cur[0].textContent : '',
      caller: caller ? caller.dataset.line : '',
    };
  });
}

test('teach: the algorithm panel marks the line of each event, forward and backward', async ({ page, base }) => {
  await open(page, base);
  // The first screen says what the app shows and what to press.
  const intro = await text(page, 'intro');
  assert(/Algorithm X/.test(intro) && /Step/.test(intro) && /Play/.test(intro), `intro: ${intro}`);
  assert((await algorithmLine(page)).count === 0, 'a line is marked before any step');
  // Knuth's 6x7 matrix: choose A, cover A (and hide its two options), try A D G, cover D …
  const want = [
    ['choose', ''], ['sub-cover', 'cover-i'], ['sub-hide', 'cover-i'], ['sub-hide', 'cover-i'],
    ['try', ''], ['sub-cover', 'cover-j'], ['sub-hide', 'cover-j'],
  ];
  const seen = [];
  for (const [line, caller] of want) {
    await page.click(tid('step'));
    const a = await algorithmLine(page);
    assert(a.count === 1, `${a.count} lines marked`);
    assert(a.line === line && a.caller === caller, `after step ${seen.length + 1}: ${a.line} (caller ${a.caller}), want ${line} (${caller})`);
    seen.push(a.line);
  }
  // Back: each undone event marks its own line again, the last first.
  for (let i = want.length - 1; i >= 1; i--) {
    await page.click(tid('step-back'));
    const a = await algorithmLine(page);
    assert(a.line === want[i][0], `after undoing step ${i + 1}: ${a.line}, want ${want[i][0]}`);
  }
  // A dead end and a solution have their own lines.
  await page.evaluate(() => { const m = window.dlx.model; while (m.lastEvent()?.code !== 1) m.step(1); window.dlx.app.state.dirty = true; });
  assert((await algorithmLine(page)).line === 'dead', 'a dead end does not mark its line');
  await page.evaluate(() => { const m = window.dlx.model; while (m.lastEvent()?.code !== 5) m.step(1); window.dlx.app.state.dirty = true; });
  assert((await algorithmLine(page)).line === 'solution', 'a solution does not mark its line');
  // Every statistic and the progress read-out explain themselves.
  const untitled = await page.evaluate(() => [...document.querySelectorAll('.stats dt, #progress-label')].filter((e) => !e.title).map((e) => e.textContent));
  assert(untitled.length === 0, `no tooltip on ${untitled}`);
});

test('teach: previous choice undoes exactly one choice', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 6);
  const states = [await modelState(page)];
  for (let i = 0; i < 6; i++) {
    await page.click(tid('step-choice'));
    states.push(await modelState(page));
  }
  // From right after choice 6 back to right after choice 5, 4, …: the very same states as on the way.
  for (let i = 5; i >= 1; i--) {
    await page.click(tid('step-back-choice'));
    const s = await modelState(page);
    assert(JSON.stringify(s) === JSON.stringify(states[i]), `previous choice from choice ${i + 1} is not the state after choice ${i}`);
  }
  // From the middle of a cover, previous choice goes back to the choice just made.
  await page.click(tid('step-choice'));
  const afterChoice = await modelState(page);
  await page.click(tid('step'));
  await page.click(tid('step'));
  await page.click(tid('step-back-choice'));
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(afterChoice), 'previous choice from inside a cover did not return to the choice');
  // Back to the first choice, then to the start (no choice before the first).
  await page.click(tid('step-back-choice'));
  await page.click(tid('step-back-choice'));
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(states[0]), 'previous choice does not end at the start');
  assert(await page.isDisabled(tid('step-back-choice')), 'previous choice is not disabled at the start');
});

test('teach: the timeline seeks both ways and returns to identical link arrays', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 6);
  const start = await modelState(page);
  await page.evaluate(() => { window.dlx.model.step(300); window.dlx.app.state.dirty = true; });
  const at300 = await modelState(page);
  await page.evaluate(() => { window.dlx.model.step(200); window.dlx.app.state.dirty = true; });
  const at500 = await modelState(page);
  const seek = (v) => page.$eval(tid('timeline'), (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, v);
  await settle(page);
  assert(Number(await page.$eval(tid('timeline'), (el) => el.max)) === 500, 'the timeline does not end at event 500');
  assert(Number(await page.$eval(tid('timeline'), (el) => el.value)) === 500, 'the timeline does not stand at event 500');
  await seek(300);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(at300), 'seeking back to 300 differs from the state at 300');
  await seek(0);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(start), 'seeking to 0 is not the start');
  await seek(500);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(at500), 'seeking forward to 500 differs from the state at 500');
  await seek(300);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(at300), 'seeking back again to 300 differs');
  assert(/300 \/ 500 events/.test(await page.textContent('#timeline-out')), `timeline label: ${await page.textContent('#timeline-out')}`);
  // Steps move it too, and nothing is kept per event: the history is two counters.
  await page.click(tid('step'));
  await settle(page);
  assert(Number(await page.$eval(tid('timeline'), (el) => el.value)) === 301, 'a step does not move the timeline');
});

/**
 * From the start of the loaded problem, steps one event at a time until `pred(lastEvent)` holds and
 * returns the events taken (an independent count: no play, no batches, no stepping back).
 */
async function eventsUntil(page, predSource) {
  return page.evaluate(async (src) => {
    const { EV } = await import('/www/engine.js');
    const pred = new Function('e', 'EV', `return (${src});`);
    const m = window.dlx.model;
    m.reset();
    let n = 0;
    while (n < 1e6 && m.step(1) === 1) {
      n++;
      if (pred(m.lastEvent(), EV)) break;
    }
    window.dlx.app.state.dirty = true;
    return n;
  }, predSource);
}

/** Plays at full speed until play stops by itself for `why`; returns the position and the state. */
async function playUntilStopped(page, why) {
  await setSpeed(page, 100);
  await page.click(tid('play'));
  await page.waitForFunction((w) => window.dlx.model.stoppedAt === w && !window.dlx.model.playing, why, { timeout: 30000 });
  const at = await page.evaluate(async () => {
    const { EV } = await import('/www/engine.js');
    const m = window.dlx.model;
    const e = m.lastEvent();
    return { position: m.position, leaf: m.leaf, level: m.stats().level, event: e, name: Object.keys(EV).find((k) => EV[k] === e.code) };
  });
  return { at, state: await modelState(page) };
}

test('teach: play pauses exactly at the first dead end', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 8);
  await page.check(tid('pause-at-dead-end'));
  const { at, state } = await playUntilStopped(page, 'dead');
  assert(at.leaf === 'dead' && at.name === 'DeadEnd' && !at.event.undone, `stopped at ${JSON.stringify(at)}`);
  assert(/dead end/i.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  assert(/dead end/i.test(await text(page, 'narration')), `narration: ${await text(page, 'narration')}`);
  // The same point found one event at a time: the first DeadEnd event, and the same links.
  const n = await eventsUntil(page, 'e && e.code === EV.DeadEnd && !e.undone');
  assert(n === at.position, `play stopped after ${at.position} events, the first dead end is event ${n}`);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(state), 'the state at the first dead end differs from where play stopped');
  report.push(`8-queens: play at full speed paused at the first dead end, event ${n}`);
});

test('teach: play pauses exactly on first reaching level k, and again at the next node there', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 8);
  await page.uncheck(tid('pause-at-solution'));
  await page.check(tid('pause-at-level'));
  await page.fill(tid('pause-level'), '5');
  await page.dispatchEvent(tid('pause-level'), 'change');
  const { at, state } = await playUntilStopped(page, 'level');
  assert(at.level === 5 && at.event.level === 5 && ['Choose', 'DeadEnd', 'Solution'].includes(at.name) && !at.event.undone,
    `stopped at ${JSON.stringify(at)}`);
  assert(/level 5/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  // Play again: the next node entered at level 5, further on.
  const again = await playUntilStopped(page, 'level');
  assert(again.at.level === 5 && again.at.position > at.position, `second stop: ${JSON.stringify(again.at)}`);
  const n = await eventsUntil(page, 'e && !e.undone && e.level === 5 && [EV.Choose, EV.DeadEnd, EV.Solution].includes(e.code)');
  assert(n === at.position, `play stopped after ${at.position} events, level 5 is first entered at event ${n}`);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(state), 'the state on first reaching level 5 differs from where play stopped');
  report.push(`8-queens: play paused on first reaching level 5 at event ${n}, next at event ${again.at.position}`);
});

/** Every control and statistic of the page without an explanation (a non-empty title). */
async function untitled(page) {
  return page.evaluate(() => {
    const name = (el) => el.id || el.dataset.testid || el.getAttribute('aria-label') || el.textContent.trim() || el.outerHTML.slice(0, 60);
    const controls = [...document.querySelectorAll('button, select, input, textarea')].filter((el) => !el.title.trim());
    // A statistic's explanation is its name's tooltip (the link in it carries the same).
    const stats = [...document.querySelectorAll('.stats dt, #progress-label')].filter((el) => !(el.title.trim() || el.querySelector('[title]')?.title.trim()));
    return { count: document.querySelectorAll('button, select, input, textarea, .stats dt, #progress-label').length, missing: [...controls, ...stats].map(name) };
  });
}

const NEWCOMER_TERMS = ['exact-cover', 'item', 'option', 'primary', 'secondary', 'cover', 'uncover', 'hide', 'unhide', 'mrv',
  'dead-end', 'level', 'node', 'search-tree', 'update', 'solution', 'colour', 'purify', 'progress', 'backtrack', 'dancing-links'];

test('teach: every control and statistic has a tooltip, on every kind of problem and during a tour', async ({ page, base }) => {
  await open(page, base);
  let checked = 0;
  const check = async (where) => {
    const u = await untitled(page);
    assert(u.missing.length === 0, `${where}: no tooltip on ${u.missing.join(', ')}`);
    checked = Math.max(checked, u.count);
  };
  await check('the default problem');
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  await page.click(tid('pencil'));
  await check('a Sudoku');
  await open(page, base, '?pentomino=6x10');
  await check('pentominoes');
  await page.click(tid('tour-latin-2'));
  await page.waitForFunction(() => window.dlx.app.tours.active);
  await check('during a tour');
  await page.click(tid('tour-leave'));
  // The glossary's own buttons and the controls listed in it.
  await page.click(tid('open-glossary'));
  await check('with the glossary open');
  const listed = await page.$$eval(`${tid('glossary-controls')} dt`, (els) => els.map((e) => e.textContent));
  for (const name of ['Load', 'Step ▶', '◀ Back', 'Pause at each dead end', 'Speed']) {
    assert(listed.some((l) => l.startsWith(name)), `the glossary does not list the control ${name}: ${listed.join(' | ')}`);
  }
  await page.keyboard.press('Escape');
  report.push(`tooltips: ${checked} controls and statistics checked, every one explained`);
});

test('teach: the glossary explains each term with Knuth\'s, opens from narration and statistics, works by keyboard and at 375 px', async ({ page, browser, base }) => {
  await open(page, base);
  const entries = await page.$$eval('dialog.glossary .glossary-list dt', (els) => els.map((dt) => ({
    id: dt.id, term: dt.querySelector('dfn').textContent, taocp: dt.querySelector('.taocp').textContent, text: dt.nextElementSibling.textContent,
  })));
  for (const id of NEWCOMER_TERMS) {
    const e = entries.find((x) => x.id === `g-${id}`);
    assert(e, `no glossary entry for ${id}`);
    assert(/^TAOCP: \S/.test(e.taocp) && e.text.length > 40, `entry ${id} lacks Knuth's term or an explanation: ${JSON.stringify(e)}`);
  }
  // Keyboard: the button opens it (modal), Escape closes it and gives the focus back.
  await page.focus(tid('open-glossary'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('dialog.glossary').open);
  const before = await page.evaluate(() => window.dlx.model.eventsPlayed);
  await page.keyboard.press('ArrowRight');
  assert(await page.evaluate((b) => window.dlx.model.eventsPlayed === b, before), 'an arrow key stepped the search under the open glossary');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.glossary').open);
  assert(await page.evaluate(() => document.activeElement.id === 'open-glossary'), 'the focus did not return to the Glossary button');
  // The narration's words link to their entries: "Choose item A (fewest options: 2)".
  await page.click(tid('step'));
  await settle(page);
  await settle(page);
  const links = await page.$$eval(`${tid('narration')} a.term`, (as) => as.map((a) => a.dataset.term));
  assert(links.includes('item') && links.includes('mrv'), `narration links: ${links} in "${await text(page, 'narration')}"`);
  await page.click(`${tid('narration')} a.term[data-term="mrv"]`);
  await page.waitForFunction(() => document.querySelector('dialog.glossary').open && document.activeElement.id === 'g-mrv');
  await page.keyboard.press('Escape');
  await page.click(tid('step'));
  await settle(page);
  await settle(page);
  const coverLinks = await page.$$eval(`${tid('narration')} a.term`, (as) => as.map((a) => a.dataset.term));
  assert(coverLinks.includes('cover') && coverLinks.includes('hide'), `narration of a cover links ${coverLinks}: "${await text(page, 'narration')}"`);
  // Each statistic's name links to its entry.
  const stats = await page.$$eval('.stats dt a.term, #progress-label a.term', (as) => as.map((a) => a.dataset.term));
  assert(stats.length >= 6, `statistics linked: ${stats}`);
  for (const id of stats) assert(entries.some((e) => e.id === `g-${id}`), `a statistic links to a missing entry ${id}`);
  await page.click(`.stats dt a.term[data-term="update"]`);
  await page.waitForFunction(() => document.activeElement.id === 'g-update');
  await page.click(tid('glossary-close'));
  // A phone: the dialog fits the screen, scrolls inside, and closes by its button.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const p = await phone.newPage();
  await open(p, base);
  await p.tap(tid('open-glossary'));
  await p.waitForFunction(() => document.querySelector('dialog.glossary').open);
  const g = await p.evaluate(() => {
    const d = document.querySelector('dialog.glossary').getBoundingClientRect();
    const c = document.querySelector('[data-testid="glossary-close"]').getBoundingClientRect();
    return { left: d.left, right: d.right, top: d.top, bottom: d.bottom, w: window.innerWidth, h: window.innerHeight, closeH: c.height, closeRight: c.right };
  });
  assert(g.left >= 0 && g.right <= g.w && g.top >= 0 && g.bottom <= g.h, `the glossary does not fit a 375 px screen: ${JSON.stringify(g)}`);
  assert(g.closeH >= 44 && g.closeRight <= g.w, `the Close button is too small or off screen: ${JSON.stringify(g)}`);
  await p.screenshot({ path: path.join(SHOTS, 'phone-glossary.png') });
  await p.tap(tid('glossary-close'));
  await p.waitForFunction(() => !document.querySelector('dialog.glossary').open);
  await phone.close();
});

/** What the search shows now, in the terms of a tour stop's `expect` (www/tours.js). */
async function tourMoment(page) {
  await settle(page);
  return page.evaluate(async () => {
    const { EV, LIMITS } = await import('/www/engine.js');
    const m = window.dlx.model;
    const v = m.views();
    const info = m.info;
    const st = m.stats();
    const covered = [];
    for (let i = 0; i < info.n_items; i++) if (v.lens[i + 1] & LIMITS.covered) covered.push(info.items[i]);
    const e = m.lastEvent();
    const b = m.branchingItem();
    return {
      position: m.position, event: e && !e.undone ? Object.keys(EV).find((k) => EV[k] === e.code) : null,
      item: b ? info.items[b - 1] : '', level: st.level, covered, leaf: m.leaf, board: m.board().text,
      solutions: Number(st.solutions), done: st.done, epoch: window.dlx.app.state.epoch,
      where: document.querySelector('[data-testid="tour-where"]').textContent,
      text: document.querySelector('[data-testid="tour-text"]').textContent,
    };
  });
}

/** The stop's `expect` against the moment; returns what differs. */
function tourMismatch(expect, m) {
  const bad = [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (expect.event !== undefined && m.event !== expect.event) bad.push(`event ${m.event}, want ${expect.event}`);
  if (expect.item !== undefined && m.item !== expect.item) bad.push(`item ${m.item}, want ${expect.item}`);
  if (expect.level !== undefined && m.level !== expect.level) bad.push(`level ${m.level}, want ${expect.level}`);
  if (expect.covered !== undefined && !same([...m.covered].sort(), [...expect.covered].sort())) bad.push(`covered ${m.covered}, want ${expect.covered}`);
  if (expect.coveredCount !== undefined && m.covered.length !== expect.coveredCount) bad.push(`${m.covered.length} covered, want ${expect.coveredCount}`);
  if (expect.leaf !== undefined && m.leaf !== expect.leaf) bad.push(`leaf ${m.leaf}, want ${expect.leaf}`);
  if (expect.board !== undefined && m.board !== expect.board) bad.push(`board ${JSON.stringify(m.board)}, want ${JSON.stringify(expect.board)}`);
  if (expect.solutions !== undefined && m.solutions !== expect.solutions) bad.push(`solutions ${m.solutions}, want ${expect.solutions}`);
  if (expect.done !== undefined && m.done !== expect.done) bad.push(`done ${m.done}, want ${expect.done}`);
  return bad;
}

test('teach: each guided tour\'s stops show their state; Back returns to identical link arrays; leaving restores the controls', async ({ page, base }) => {
  await open(page, base);
  const tours = await page.evaluate(async () => (await import('/www/tours.js')).TOURS);
  assert(tours.length === 3, `${tours.length} tours`);
  for (const t of tours) {
    await page.click(tid(`tour-${t.id}`));
    await page.waitForFunction((text) => window.dlx.model.problem && window.dlx.model.problem.text === text && window.dlx.app.tours.active, t.problem.text);
    assert(await page.evaluate(() => document.body.classList.contains('touring') && document.getElementById('controls').inert), 'the controls are not resting during the tour');
    const states = [];
    let epoch = null;
    for (let i = 0; i < t.stops.length; i++) {
      const stop = t.stops[i];
      if (i > 0) {
        // Next by button and by the keyboard, alternately.
        if (i % 2) await page.click(tid('tour-next')); else await page.keyboard.press('ArrowRight');
      }
      await page.waitForFunction((at) => window.dlx.model.position === at, stop.at);
      const m = await tourMoment(page);
      const bad = tourMismatch(stop.expect, m);
      assert(bad.length === 0, `${t.id}, stop ${i + 1} "${stop.title}": ${bad.join('; ')}`);
      assert(m.where === `stop ${i + 1} of ${t.stops.length}` && m.text.startsWith(stop.text), `${t.id} stop ${i + 1} shows "${m.where}": ${m.text}`);
      // Stops are reached by stepping the one search: no reload, no reset, no solving again.
      if (epoch === null) epoch = m.epoch;
      assert(m.epoch === epoch, `${t.id}: the search was restarted on the way to stop ${i + 1}`);
      states.push(await modelState(page));
    }
    assert(await page.isDisabled(tid('tour-next')), 'Next is not disabled at the last stop');
    // Back, stop by stop, to the very same link arrays, counters and board.
    for (let i = t.stops.length - 2; i >= 0; i--) {
      if (i % 2) await page.click(tid('tour-back')); else await page.keyboard.press('ArrowLeft');
      await page.waitForFunction((at) => window.dlx.model.position === at, t.stops[i].at);
      assert(JSON.stringify(await modelState(page)) === JSON.stringify(states[i]), `${t.id}: Back to stop ${i + 1} differs from the way forward`);
    }
    // Leave: the controls are back and act on the search again.
    await page.click(tid('tour-leave'));
    await page.waitForFunction(() => !window.dlx.app.tours.active);
    const after = await page.evaluate(() => ({
      inert: document.getElementById('controls').inert || document.querySelector('.problem-panel').inert,
      touring: document.body.classList.contains('touring'),
      starts: [...document.querySelectorAll('.tour-start')].filter((b) => b.offsetParent).length,
      tour: !document.querySelector('[data-testid="learn"]').hidden,
    }));
    assert(!after.inert && !after.touring && after.starts === 3 && !after.tour, `after leaving: ${JSON.stringify(after)}`);
    await page.click(tid('step'));
    await page.waitForFunction(() => window.dlx.model.position === 1);
    report.push(`tour ${t.id}: ${t.stops.length} stops checked on the links, back to identical arrays`);
  }
  // Loading another problem ends a tour (its stops describe its own problem).
  await page.click(tid('tour-knuth-6x7'));
  await page.waitForFunction(() => window.dlx.app.tours.active);
  await page.evaluate(() => window.dlx.app.load({ kind: 'queens', text: '5', distinct: false }));
  await page.waitForFunction(() => !window.dlx.app.tours.active && !document.body.classList.contains('touring'));
});

test('teach: progress is 0% before the first choice, never an exponent, labelled as Knuth\'s estimate', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', HARD_SUDOKU);
  assert((await page.textContent('#progress-value')).trim() === '0%', `progress at the start: ${await page.textContent('#progress-value')}`);
  assert(/Knuth's estimate/.test(await page.textContent('#progress-label')), 'the progress is not labelled as Knuth\'s estimate');
  await page.click(tid('step'));
  assert((await page.textContent('#progress-value')).trim() === '0%', 'progress moved before the first choice');
  // This Sudoku's first levels are forced (1 of 1): no branch is finished, and Knuth's estimate would
  // only guess half of the subtree. It read "50%" after 30 steps; it says there is no figure yet.
  await page.evaluate(() => { window.dlx.model.step(29); window.dlx.app.state.dirty = true; });
  await settle(page);
  const early = (await page.textContent('#progress-value')).trim();
  assert(early === 'no estimate yet', `progress on a forced path after 30 steps: ${early}`);
  await page.evaluate(() => { window.dlx.model.step(1470); window.dlx.app.state.dirty = true; });
  await settle(page);
  const v = (await page.textContent('#progress-value')).trim();
  assert(!/e/i.test(v) && /%$/.test(v) && v !== '0%', `progress read-out: ${v}`);
  report.push(`progress on a hard Sudoku after 1500 events: ${v}`);
});

const EASY_SUDOKU = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

/** Starts the race (until 'solution' or 'end') and waits for every lane to finish; returns its lanes. */
async function race(page, until) {
  await page.selectOption(tid('race-until'), until);
  await page.click(tid('race-start'));
  await page.waitForFunction(() => window.dlx.app.race.state.phase === 'done', null, { timeout: 120000 });
  return page.evaluate(() => {
    const { lanes } = window.dlx.app.race.state;
    const by = {};
    for (const l of lanes) by[`${l.algorithm}-${l.heuristic}`] = { phase: l.phase, ms: l.ms, message: l.message, ...l.stats };
    return by;
  });
}

test('race: DLX and naive walk the same tree (8-queens, the 6x7 matrix); MRV beats first on a Sudoku', async ({ page, base }) => {
  await open(page, base);
  // Knuth's 6x7 matrix, to the end: one cover, the same nodes and updates under each heuristic.
  let r = await race(page, 'end');
  for (const h of ['mrv', 'first']) {
    const d = r[`dlx-${h}`], n = r[`naive-${h}`];
    assert(d.phase === 'done' && n.phase === 'done', `6x7 ${h}: lanes ${d.phase}, ${n.phase} (${d.message}${n.message})`);
    assert(d.solutions === 1 && n.solutions === 1, `6x7 ${h}: solutions ${d.solutions}, ${n.solutions}`);
    assert(d.nodes === n.nodes && d.updates === n.updates, `6x7 ${h}: DLX ${d.nodes}/${d.updates}, naive ${n.nodes}/${n.updates}`);
  }
  // 8-queens to the end: 92 solutions for every lane, equal trees under each heuristic.
  await loadVia(page, 'queens', 8);
  r = await race(page, 'end');
  for (const h of ['mrv', 'first']) {
    const d = r[`dlx-${h}`], n = r[`naive-${h}`];
    assert(d.solutions === 92 && n.solutions === 92, `8-queens ${h}: solutions ${d.solutions}, ${n.solutions}`);
    assert(d.nodes === n.nodes && d.updates === n.updates, `8-queens ${h}: DLX ${d.nodes}/${d.updates}, naive ${n.nodes}/${n.updates}`);
  }
  await settle(page);
  const verdict = await text(page, 'race-verdict');
  assert(/MRV: .*same tree, [\d,]+ nodes each/.test(verdict) && /first item: .*same tree/.test(verdict), `verdict: ${verdict}`);
  assert(new RegExp(`${r['dlx-mrv'].nodes.toLocaleString('en-US')} nodes each`).test(verdict), `verdict does not give the nodes: ${verdict}`);
  assert(/wall clock/.test(await page.textContent('#race-note')), 'the race does not say its times are wall clock');
  report.push(`race on 8-queens: ${verdict.replace(/\n/g, ' ')}`);
  // A Sudoku to its first solution: the same solution count, MRV walks a smaller tree than first.
  await loadVia(page, 'sudoku', EASY_SUDOKU);
  r = await race(page, 'solution');
  for (const h of ['mrv', 'first']) {
    const d = r[`dlx-${h}`], n = r[`naive-${h}`];
    assert(d.solutions === 1 && n.solutions === 1, `Sudoku ${h}: solutions ${d.solutions}, ${n.solutions}`);
    assert(d.nodes === n.nodes, `Sudoku ${h}: DLX ${d.nodes}, naive ${n.nodes} nodes`);
  }
  assert(r['dlx-mrv'].nodes < r['dlx-first'].nodes, `Sudoku: MRV ${r['dlx-mrv'].nodes} nodes, first ${r['dlx-first'].nodes}`);
  report.push(`race on a Sudoku to its first solution: MRV ${r['dlx-mrv'].nodes} nodes, first ${r['dlx-first'].nodes}; `
    + `DLX ${r['dlx-mrv'].ms.toFixed(1)} ms, naive ${r['naive-mrv'].ms.toFixed(1)} ms (MRV, wall clock, 4 workers at once)`);
});

test('race: Stop ends the lanes still running; naive refuses colours in words', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 13);
  await page.selectOption(tid('race-until'), 'end');
  await page.click(tid('race-start'));
  await page.waitForFunction(() => window.dlx.app.race.state.lanes.some((l) => l.stats && l.stats.nodes > 0));
  await page.click(tid('race-stop'));
  const phase = await page.evaluate(() => window.dlx.app.race.state.phase);
  assert(phase === 'stopped', `after Stop the race is ${phase}`);
  const frozen = await page.evaluate(() => JSON.stringify(window.dlx.app.race.state.lanes.map((l) => l.stats)));
  await page.waitForTimeout(300);
  assert(frozen === await page.evaluate(() => JSON.stringify(window.dlx.app.race.state.lanes.map((l) => l.stats))), 'figures moved after Stop');
  // Colours: the TAOCP toy (x:c) has no 0-1 matrix; the naive lanes say so, DLX races on.
  await loadVia(page, 'exact-cover', 'p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B');
  const r = await race(page, 'end');
  assert(r['dlx-mrv'].phase === 'done' && r['dlx-mrv'].solutions === 1, `colours, DLX: ${JSON.stringify(r['dlx-mrv'])}`);
  assert(r['naive-mrv'].phase === 'error' && /colours/.test(r['naive-mrv'].message), `colours, naive: ${JSON.stringify(r['naive-mrv'])}`);
});

/**
 * Steps choice by choice and records, just after each Try, the node's path key, the label its option
 * should have, and copies of the link arrays (the state clicking that node must reach).
 */
async function recordTries(page, choices) {
  return page.evaluate((choices) => {
    const m = window.dlx.model;
    const out = [];
    for (let i = 0; i < choices && m.stepToChoice(); i++) {
      const st = m.stats();
      const ks = [];
      for (const p of m.path) { if (!p.k) break; ks.push(p.k); }
      // Just after a Try: the search stands at the level of the option tried (a solution is one deeper).
      if (ks.length === m.path.length && st.level === ks.length - 1 && m.trying()) {
        const v = m.views();
        out.push({
          key: ks.join('.'), label: m.labels[m.optionOf(m.trying())],
          links: JSON.stringify([Array.from(v.nodes), Array.from(v.items), Array.from(v.lens)]),
        });
      }
    }
    window.dlx.app.state.dirty = true;
    return out;
  }, choices);
}

/** Brings a node's row into sight (opening the chain of forced levels it is in) and returns its label. */
async function treeRow(page, key) {
  const locator = page.locator(`#tree-view [data-key="${key}"] .label`);
  // The tree follows the search: on the first frame after the search moved it scrolls the current
  // row into sight, which can undo a scroll made before that frame (seen on a loaded CI machine, the
  // row never drawn). Draw first, then scroll, and try again until the row is there.
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.evaluate((key) => {
      const t = window.dlx.app.tree;
      t.dirty = true;
      t.draw();
      for (let n = 0; n < 50 && !t.rows.some((r) => r.key === key); n++) {
        const chain = t.rows.find((r) => r.chain && !r.open && `${r.key}.`.startsWith(`${key}.`) && `${key}.`.startsWith(`${r.chain}.`));
        if (!chain) break;
        t.toggle(chain);
        t.draw();
      }
      const i = t.rows.findIndex((r) => r.key === key);
      t.box.scrollTop = Math.max(0, i * t._rowPx() - 20);
      t.dirty = true;
      t.draw();
    }, key);
    await settle(page);
    if (await locator.count() > 0) break;
  }
  return locator;
}

test('tree: nodes are named by their options; a click on a node reaches the state stepped to, also after a jump', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 6);
  const tries = await recordTries(page, 60);
  assert(tries.length > 20, `only ${tries.length} tries recorded`);
  await settle(page);
  // Every node of the tree is named by the option of its Try, in the puzzle's words (chains of forced
  // levels opened, so that each node has its own row).
  const rows = await page.evaluate(() => {
    const t = window.dlx.app.tree;
    for (let i = 0; i < 50; i++) {
      t.draw();
      const r = t.rows.find((x) => x.chain && !x.open);
      if (!r) break;
      t.toggle(r);
    }
    t.draw();
    return t.rows.map((r) => ({ key: r.key, label: r.label, chain: !!r.chain && !r.open }));
  });
  let checked = 0;
  for (const t of tries) {
    const r = rows.find((x) => x.key === t.key);
    if (!r || r.chain) continue;
    assert(r.label === t.label, `node ${t.key}: label ${r.label}, its option is ${t.label}`);
    assert(/^Q r\dc\d$/.test(r.label), `node ${t.key}: label ${r.label} is not a queen's square`);
    checked++;
  }
  assert(checked > 15, `only ${checked} labels checked`);
  // The DOM shows the same names.
  const shown = await page.$$eval('#tree-view .tree-row', (els) => els.map((el) => [el.dataset.key, el.querySelector('.label').textContent]));
  for (const [key, label] of shown) {
    const t = tries.find((x) => x.key === key);
    if (t && !rows.find((x) => x.key === key).chain) assert(label === t.label, `row ${key} shows ${label}, not ${t.label}`);
  }
  // A click on an earlier node goes back to the state just after its Try, exactly (the tree then shows
  // what was explored up to there), again and again.
  const nodesOf = async () => page.evaluate(() => { const v = window.dlx.model.views(); return JSON.stringify([Array.from(v.nodes), Array.from(v.items), Array.from(v.lens)]); });
  for (const t of [tries[tries.length - 2], tries[3], tries[1]]) {
    const before = await page.evaluate(() => window.dlx.model.position);
    const row = await treeRow(page, t.key);
    await row.click();
    await page.waitForFunction((b) => window.dlx.model.position !== b, before, { timeout: 5000 }).catch(async () => {
      throw new Error(`a click on node ${t.key} moved nothing: ${await page.evaluate((k) => JSON.stringify([window.dlx.model.tree.get(k), window.dlx.model.position, window.dlx.model.horizon, window.dlx.model.timelineGen]), t.key)}`);
    });
    assert((await nodesOf()) === t.links, `after a click on node ${t.key} the link arrays differ from the state stepped to`);
    const key = await page.evaluate(() => { const ks = []; for (const p of window.dlx.model.path) { if (!p.k) break; ks.push(p.k); } return ks.join('.'); });
    assert(key === t.key, `a click on node ${t.key} reached ${key}`);
  }
  // Hover says the counts.
  const row = await treeRow(page, tries[0].key);
  await row.hover();
  await settle(page);
  const said = await text(page, 'tree-hover');
  assert(/[\d,]+ nodes? and [\d,]+ solutions? below it/.test(said) && said.startsWith(tries[0].label), `hover: ${said}`);
  // After a jump (next solution) a node from before it is reached by stepping back choice by choice.
  await page.evaluate(() => { window.dlx.model.reset(); window.dlx.app.state.dirty = true; });
  const again = await recordTries(page, 8);
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(window.dlx.model.stats().solutions) >= 1);
  const target = again[again.length - 1];
  await (await treeRow(page, target.key)).click();
  await page.waitForFunction((k) => { const ks = []; for (const p of window.dlx.model.path) { if (!p.k) break; ks.push(p.k); } return ks.join('.') === k; }, target.key);
  assert((await nodesOf()) === target.links, `after a jump, a click on node ${target.key} differs from the state stepped to`);
});

test('tree: a chain of forced levels is one row, opened and closed by its toggle and the keyboard', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', EASY_SUDOKU);
  await page.evaluate(() => { for (let i = 0; i < 30; i++) window.dlx.model.stepToChoice(); window.dlx.app.state.dirty = true; });
  await settle(page);
  const info = () => page.evaluate(() => {
    const t = window.dlx.app.tree;
    t.draw();
    const i = t.rows.findIndex((r) => r.chain && !r.open);
    return { count: t.rows.length, i, chain: i >= 0 ? { key: t.rows[i].key, first: t.rows[i].chain, forced: t.rows[i].forced } : null, labels: t.rows.map((r) => r.label) };
  });
  const closed = await info();
  assert(closed.chain && closed.chain.forced >= 2, `no collapsed forced chain on an easy Sudoku: ${JSON.stringify(closed)}`);
  assert(closed.labels.slice(1).every((l) => /^r\dc\d=\d( → (… → )?r\dc\d=\d)*$/.test(l) || /not tried|not remembered/.test(l)), `labels: ${closed.labels.join(' | ')}`);
  await treeRow(page, closed.chain.key);
  await page.click(`#tree-view [data-key="${closed.chain.key}"] .twisty`);
  await settle(page);
  const open1 = await page.evaluate(() => window.dlx.app.tree.rows.length);
  assert(open1 === closed.count + closed.chain.forced, `opening a chain of ${closed.chain.forced} forced levels went from ${closed.count} to ${open1} rows`);
  // Keyboard: focus the tree, the cursor on the chain's first row, Left closes it (the page does not step).
  const nodes = await page.evaluate(() => window.dlx.model.stats().nodes);
  await page.evaluate((first) => { const t = window.dlx.app.tree; t.box.focus(); t._moveCursor(t.rows.findIndex((r) => r.key === first)); }, closed.chain.first);
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  assert((await page.evaluate(() => window.dlx.app.tree.rows.length)) === closed.count, 'Left did not close the chain');
  assert((await page.evaluate(() => window.dlx.model.stats().nodes)) === nodes, 'an arrow in the tree stepped the search');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert((await page.evaluate(() => window.dlx.app.tree.rows.length)) === open1, 'Right did not open the chain');
});

/** Steps the page's search to the end in calls of `chunk` events; returns the Reject events taken. */
async function stepToEnd(page, chunk = 50000) {
  return page.evaluate((n) => {
    const m = window.dlx.model;
    let rejects = 0;
    while (!m.stats().done) {
      if (!m.step(n)) break;
      const ev = m.views().events;
      const w = window.dlx.LIMITS.eventWords;
      for (let i = 0; i < ev.length; i += w) if (ev[i] === window.dlx.EV.Reject && !ev[i + w - 1]) rejects++;
    }
    return rejects;
  }, chunk);
}

test('tree: the control switches DLX1 and the lookahead, restarts at the start keeping the problem; counts match the CLI', async ({ page, base, errors }) => {
  await open(page, base, '?queens=8');
  const native = (tree) => JSON.parse(cli(['count', 'queens', '8', '--json', '--threads', '1', '--tree', tree]));
  const [dlx1, look] = [native('dlx1'), native('lookahead')];
  assert(dlx1.nodes === 1049 && look.nodes === 857 && dlx1.solutions === 92 && look.solutions === 92 && look.tree === 'lookahead',
    `the CLI: DLX1 ${dlx1.nodes} nodes, lookahead ${look.nodes}`);
  // DLX1 is the default; the choice is offered from Rust's search_trees().
  assert(await page.evaluate(() => window.dlx.model.treeName === 'dlx1' && window.dlx.model.treeChoice === 'dlx1'), 'the default tree is not DLX1');
  assert((await page.$eval(tid('tree-choice'), (el) => [...el.options].map((o) => o.value).join())) === 'dlx1,lookahead', 'the tree options');
  assert(/DLX1/.test(await page.textContent('#stats-source')), `statistics say: ${await page.textContent('#stats-source')}`);
  assert((await stepToEnd(page)) === 0, 'DLX1 rejected an option');
  let st = await page.evaluate(() => window.dlx.model.stats());
  assert(st.solutions === 92 && st.nodes === dlx1.nodes && st.updates === dlx1.updates, `DLX1 stepped to the end: ${JSON.stringify(st)}`);
  // Switching restarts the search at the start; the problem and the form's text stay.
  await page.fill(tid('size'), '9'); // typed, not loaded: the switch must not lose it
  const epoch = await page.evaluate(() => window.dlx.app.state.epoch);
  await page.selectOption(tid('tree-choice'), 'lookahead');
  await page.waitForFunction((e) => window.dlx.app.state.epoch !== e && window.dlx.model.treeName === 'lookahead', epoch);
  st = await page.evaluate(() => window.dlx.model.stats());
  assert(st.at_start && st.nodes === 0 && await page.evaluate(() => window.dlx.model.problem.text === '8'), `after the switch: ${JSON.stringify(st)}`);
  assert((await page.inputValue(tid('size'))) === '9', 'the switch lost the text typed');
  await page.fill(tid('size'), '8');
  await page.waitForFunction(() => /[?&]tree=lookahead/.test(location.search));
  assert(/lookahead/.test(await page.textContent('#stats-source')), 'the statistics do not say the lookahead tree');
  // Stepping to the end: 92 solutions and exactly the CLI's nodes and updates; DLX1's nodes are the
  // lookahead's plus one dead end per reject (under MRV).
  const rejects = await stepToEnd(page);
  st = await page.evaluate(() => window.dlx.model.stats());
  assert(st.solutions === 92 && st.nodes === look.nodes && st.updates === look.updates, `lookahead stepped to the end: ${JSON.stringify(st)} vs ${JSON.stringify(look)}`);
  assert(rejects === dlx1.nodes - look.nodes, `${rejects} rejects, DLX1 - lookahead = ${dlx1.nodes - look.nodes}`);
  // The explored tree reads right: one rejected leaf per reject, entered nodes = the engine's nodes.
  const tree = await page.evaluate(() => { const t = [...window.dlx.model.tree.values()]; return { all: t.length, rej: t.filter((n) => n.rej).length, entered: t.filter((n) => n.rej && n.n).length, root: window.dlx.model.tree.get('').n }; });
  assert(tree.rej === rejects && tree.entered === 0 && tree.root === look.nodes && tree.all - tree.rej === look.nodes,
    `the explored tree: ${JSON.stringify(tree)}`);
  // The URL keeps the tree: a reload walks the lookahead again; a link without it walks DLX1.
  await page.reload();
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  assert(await page.evaluate(() => window.dlx.model.treeName === 'lookahead'), 'a reload lost the tree');
  assert((await page.inputValue(tid('tree-choice'))) === 'lookahead', 'the control after a reload');
  await open(page, base, '?queens=8');
  assert(await page.evaluate(() => window.dlx.model.treeName === 'dlx1'), 'a link without a tree does not walk DLX1');
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
  report.push(`tree: 8-queens stepped to the end: DLX1 ${st.nodes + rejects} nodes, lookahead ${st.nodes} nodes (= dlx count --tree lookahead), ${rejects} rejects, 92 solutions each`);
});

test('tree: a reject is narrated, marked in the algorithm panel, the tree and the matrix; stepping back over it is exact; the step log is dlx trace --tree lookahead', async ({ page, base }) => {
  await open(page, base, '?queens=8&tree=lookahead');
  assert(await page.evaluate(() => window.dlx.model.treeName === 'lookahead'), 'the link did not choose the lookahead');
  // To the first reject, one event at a time, keeping the state 5 events before it.
  const at = await page.evaluate(() => {
    const m = window.dlx.model;
    for (let i = 1; i < 5000; i++) {
      m.step(1);
      const e = m.lastEvent();
      if (e && e.code === window.dlx.EV.Reject) return i;
    }
    return -1;
  });
  assert(at > 5, `no reject in the first 5000 events (${at})`);
  await page.evaluate(() => { window.dlx.app.state.dirty = true; });
  await settle(page);
  const said = await text(page, 'narration');
  assert(/^Lookahead: option .* would leave item \S+ with no option/.test(said), `narration at the reject: ${said}`);
  assert(await page.$eval('#algorithm [data-line="reject"]', (li) => !li.hidden && li.getAttribute('aria-current') === 'step'), 'the algorithm panel does not mark the reject line');
  const emptied = await page.evaluate(() => [window.dlx.app.matrix.frame.emptied, window.dlx.model.lastEvent().item]);
  assert(emptied[0] > 0 && emptied[0] === emptied[1], `the matrix does not mark the emptied item: ${emptied}`);
  const rejected = await page.evaluate(() => [...window.dlx.model.tree.entries()].filter(([, t]) => t.rej).map(([k]) => k));
  assert(rejected.length === 1, `rejected nodes in the explored tree: ${rejected}`);
  const row = await treeRow(page, rejected[0]);
  const cls = await row.evaluate((el) => [el.parentElement.className, el.parentElement.textContent]);
  // (Its dot is ●, the search stands there; a rejected leaf passed by shows ⊘.)
  assert(/\brejected\b/.test(cls[0]) && /rejected$/.test(cls[1]), `the rejected row: ${cls}`);
  // The step log to here is dlx trace --tree lookahead, byte for byte.
  const { text: log } = await download(page, 'download-log');
  assert(log === cli(['trace', 'queens', '8', '--tree', 'lookahead', '--events', String(at)]), `the log at the reject differs from dlx trace --tree lookahead:\n${log.slice(-400)}`);
  assert(JSON.parse(log.trim().split('\n').pop()).kind === 'reject', 'the last line is not the reject');
  // Back over the reject and the undo after it: identical link arrays and counters.
  await page.evaluate((n) => window.dlx.model.stepBack(n), 5);
  const before = await modelState(page);
  await page.evaluate(() => window.dlx.model.step(12));
  await page.evaluate(() => { for (let i = 0; i < 12; i++) window.dlx.model.stepBack(1); });
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(before), 'stepping back over a reject did not restore the state exactly');
  await page.evaluate(() => window.dlx.model.step(5));
  assert(await page.evaluate(() => window.dlx.model.leaf === 'rejected'), 'stepping forward again does not stand at the reject');
  // Next choice stops at a reject as at a dead end; previous choice mirrors it.
  await page.evaluate(() => window.dlx.model.stepBack(3));
  await page.click(tid('step-choice'));
  await page.waitForFunction(() => window.dlx.model.lastEvent()?.code === window.dlx.EV.Reject);
  report.push(`tree: first reject of 8-queens under the lookahead at event ${at}: narrated, marked, stepped back exactly; step log = dlx trace --tree lookahead`);
});

test('tree: the run to the end walks the tree chosen (10-queens, 2 workers = the CLI\'s lookahead count); tours walk DLX1', async ({ page, base }) => {
  await open(page, base, '?queens=10&tree=lookahead');
  const native = JSON.parse(cli(['count', 'queens', '10', '--json', '--threads', '1', '--tree', 'lookahead']));
  await page.evaluate(() => { window.dlx.app.runs.workers = 2; window.__before = window.dlx.app.runs.state; });
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => window.dlx.app.runs.state !== window.__before && window.dlx.app.runs.state.phase === 'done', null, { timeout: 120000 });
  const run = await page.evaluate(() => window.dlx.app.runs.state);
  assert(run.tree === 'lookahead' && run.stats.solutions === 724 && run.stats.nodes === native.nodes && run.stats.updates === native.updates,
    `the workers counted ${JSON.stringify(run.stats)} on the ${run.tree} tree; the CLI ${native.nodes} nodes, ${native.updates} updates`);
  await page.waitForFunction(() => document.getElementById('run-box').dataset.tree === 'lookahead');
  assert((await page.textContent(tid('run-tree'))) === 'lookahead tree', `the run box's tree: ${await page.textContent(tid('run-tree'))}`);
  // A tour follows Knuth's steps: it walks DLX1 whatever was chosen, and the control is inert meanwhile.
  await page.click(tid('tour-latin-2'));
  await page.waitForFunction(() => window.dlx.app.tours.active && window.dlx.model.treeName === 'dlx1');
  assert(await page.$eval(tid('tree-choice'), (el) => el.closest('[inert]') !== null && el.value === 'dlx1'), 'the tree control is not inert on DLX1 during a tour');
  await page.click(tid('tour-leave'));
  report.push(`tree: 10-queens run to the end on 2 workers under the lookahead: ${run.stats.nodes} nodes, ${run.stats.updates} updates (= dlx count --tree lookahead)`);
});

test('race: screenshots at 1280x800 (maximised) and 375 px; DOCS=1 writes docs/race.png for the README', async ({ browser, base }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h, tag] of [[1280, 800, 'desktop'], [375, 812, 'phone']]) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: 1 });
    await open(page, base, '?queens=11');
    await page.selectOption(tid('race-until'), 'end');
    await page.click(tid('race-start'));
    await page.waitForFunction(() => window.dlx.app.race.state.phase === 'done', null, { timeout: 120000 });
    if (tag === 'desktop') await page.click(tid('maximise-race'));
    await page.waitForTimeout(300);
    const file = path.join(SHOTS, `${tag}-race.png`);
    if (tag === 'desktop') await page.screenshot({ path: file });
    else await page.locator('.race-panel').screenshot({ path: file });
    if (process.env.DOCS && tag === 'desktop') {
      // The README's copy: the maximised panel down to its last line (the rest is empty).
      const note = await page.locator('#race-note').boundingBox();
      await page.screenshot({ path: path.join(ROOT, 'docs', 'race.png'), clip: { x: 0, y: 0, width: w, height: Math.ceil(note.y + note.height + 14) } });
    }
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(over <= 0, `${tag}: the page is ${over}px wider than the screen with the race shown`);
    report.push(`race on 11-queens (${tag}): ${(await text(page, 'race-verdict')).replace(/\n/g, ' ')}`);
    await page.close();
  }
});

test('screenshots of every view at 1280x800 and at 375px', async ({ browser, base }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const saved = [];
  for (const [w, h, tag] of [[1280, 800, 'desktop'], [375, 812, 'phone']]) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: tag === 'phone' ? 2 : 1 });
    for (const [name, query, button, times] of VIEWS) {
      await open(page, base, query);
      for (let i = 0; i < times; i++) await page.click(tid(button));
      await page.waitForTimeout(800);
      const file = path.join(SHOTS, `${tag}-${name}.png`);
      await page.screenshot({ path: file, fullPage: tag === 'phone' });
      saved.push(path.basename(file));
    }
    // The matrix close up, names and arrows showing.
    await open(page, base);
    for (let i = 0; i < 9; i++) await page.click(tid('step'));
    await page.click('#zoom-in');
    await page.waitForTimeout(700);
    await page.locator('.matrix-panel').screenshot({ path: path.join(SHOTS, `${tag}-matrix-zoomed.png`) });
    await open(page, base, '?pentomino=6x10');
    await page.click(tid('next-solution'));
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${tag}-pentomino-solution.png`), fullPage: tag === 'phone' });
    const bad = '12\n34';
    await loadVia(page, 'sudoku', bad);
    await page.screenshot({ path: path.join(SHOTS, `${tag}-error.png`), fullPage: tag === 'phone' });
    saved.push(`${tag}-matrix-zoomed.png`, `${tag}-pentomino-solution.png`, `${tag}-error.png`);
    if (tag === 'phone') {
      const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(over <= 0, `the phone layout is ${over}px wider than the screen`);
    }
    await page.close();
  }
  report.push(`screenshots: ${saved.length} in screenshots/`);
});

// ------------------------------------------------------------------ the README's pictures

/**
 * `node tests/browser/run.mjs --docs` (make docs-shots): the pictures of docs/ that the README shows,
 * taken from the page as the tests drive it. Each is [file under docs/, width, height, how to get there].
 */
const DOCS = [
  ['tour.png', 1280, 800, async (page, base) => {
    await open(page, base);
    await page.click(tid('tour-knuth-6x7'));
    // Stop 8 of Knuth's 6x7 tour: the dead end after A D G and B C F, links hidden and covered.
    for (let i = 0; i < 7; i++) await page.click(tid('tour-next'));
    await page.waitForFunction(() => window.dlx.model.position === 17);
  }],
  ['stage.png', 1280, 800, async (page, base) => {
    // The stage: a 9x9 Sudoku mid-search, the matrix following the option tried.
    await open(page, base, `?sudoku=${HARD_SUDOKU}`);
    for (let i = 0; i < 6; i++) await page.click(tid('step-choice'));
    for (let i = 0; i < 3; i++) await page.click(tid('step'));
  }],
];

async function docs(browser, base) {
  fs.mkdirSync(path.join(ROOT, 'docs'), { recursive: true });
  for (const [file, w, h, go] of DOCS) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await go(page, base);
    // The links' animation is over (reduced motion is not asked for, so wait it out).
    await page.waitForTimeout(1200);
    await page.screenshot({ path: path.join(ROOT, 'docs', file) });
    console.log(`docs/${file} (${w}x${h})`);
    await page.close();
  }
}

// ------------------------------------------------------------------ the runner

/** The feature files beside this one (tests/browser/*.test.mjs) register their tests on import. */
async function loadFeatures() {
  const dir = path.join(ROOT, 'tests/browser');
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.test.mjs')).sort()) {
    await import(path.join(dir, f));
  }
}

async function main() {
  await loadFeatures();
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  if (!fs.existsSync(path.join(ROOT, 'www/pkg/dlx_studio.js'))) {
    console.error('www/pkg is missing: run `make wasm` first');
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  if (process.argv[2] === '--docs') {
    await docs(browser, base);
    await browser.close();
    server.close();
    return;
  }
  let passed = 0, failed = 0;
  const only = process.argv[2];
  for (const t of tests) {
    if (only && !t.name.includes(only)) continue;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const cdp = await context.newCDPSession(page);
    const t0 = Date.now();
    try {
      await t.fn({ page, base, errors, browser, cdp });
      if (errors.length) throw new Error(`errors in the page: ${errors.join('; ')}`);
      passed++;
      console.log(`ok   ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${t.name}: ${e.message}`);
      try { await page.screenshot({ path: path.join(ROOT, 'screenshots', `failed-${passed + failed}.png`) }); } catch { /* no page */ }
    }
    await context.close();
  }
  await browser.close();
  server.close();
  if (report.length) {
    console.log('\nmeasured:');
    for (const line of report) console.log(`  ${line.replace(/\n/g, '\n    ')}`);
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
