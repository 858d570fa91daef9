// The search on the page: solving, playing, stepping both ways exactly, the Session's argument checks,
// every preset, full speed, and the narration at a stop.

import { HARD_SUDOKU, assert, checkSudoku, checkQueens, tid, text, num, open, loadVia, setSpeed, modelState, heapUsed, mb, test, report, settle } from './harness.mjs';

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
    // A variant's solution is checked by its own rules in variants-board.test.mjs.
    const variant = await page.evaluate(() => (window.dlx.model.layout?.variants.length ?? 0) > 0);
    if (kind === 'sudoku' && !variant) checkSudoku(await text(page, 'board-text'), await page.evaluate(() => window.dlx.model.problem.text.replace(/\s/g, '')));
    if (kind === 'queens') checkQueens(await text(page, 'board-text'), Number(await page.inputValue(tid('size'))));
  }
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('full speed on the 9x9 Sudoku matrix: frames/s, and the JS heap over 10 million events', async ({ page, base, cdp }) => {
  await open(page, base, `?sudoku=${'.'.repeat(81)}`);
  assert(await page.evaluate(() => window.dlx.model.info.n_options === 729 && window.dlx.model.info.n_items === 324), 'not the 729x324 matrix');
  await page.uncheck(tid('pause-at-solution'));
  await setSpeed(page, 100);
  await cdp.send('Performance.enable');
  const heap0 = await heapUsed(cdp);
  // The same page, paused: the frame rate this headless browser gives at all, the ceiling for play
  // (counted by a frame callback of the test's: the page's own loop sleeps while nothing moves).
  const idleFps = await page.evaluate(() => new Promise((done) => {
    let n = 0;
    const t0 = performance.now();
    const tick = (t) => { n++; if (t - t0 < 2000) requestAnimationFrame(tick); else done(n * 1000 / (t - t0)); };
    requestAnimationFrame(tick);
  }));
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
}, { quiet: true });

test('full speed on pentomino 6x10: frames/s and the longest frame, beside the paused page\'s', async ({ page, base }) => {
  // Reported, not asserted (a loaded machine would make a threshold flake). It was 11-13 frames/s
  // here when the matrix stroked every link one by one (3,000 strokes a frame) and the tree rebuilt
  // its path and rows at every frame.
  await open(page, base, '?pentomino=6x10');
  await page.uncheck(tid('pause-at-solution'));
  await setSpeed(page, 100);
  const rate = async (ms) => {
    const [f0, e0, t0] = await page.evaluate(() => {
      const gaps = window.fpsGaps = [];
      let last = performance.now();
      const tick = (t) => { gaps.push(t - last); last = t; if (window.fpsGaps === gaps) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      return [window.dlx.app.frames(), window.dlx.model.eventsPlayed, performance.now()];
    });
    await page.waitForTimeout(ms);
    const [f1, e1, t1, gaps] = await page.evaluate(() => { const g = window.fpsGaps; window.fpsGaps = null; return [window.dlx.app.frames(), window.dlx.model.eventsPlayed, performance.now(), g]; });
    return { fps: (f1 - f0) * 1000 / (t1 - t0), eps: (e1 - e0) * 1000 / (t1 - t0), worst: Math.max(...gaps.slice(1)), browser: gaps.length * 1000 / (t1 - t0) };
  };
  // Paused, the browser's own frame rate (the page's loop sleeps while nothing moves).
  const idle = await rate(1500);
  await page.click(tid('play'));
  await page.waitForTimeout(500);
  const play = await rate(3000);
  await page.click(tid('play'));
  assert(play.eps > 0 && play.fps > 0, `nothing moved at full speed: ${JSON.stringify(play)}`);
  report.push(`pentomino 6x10 at full speed: ${play.fps.toFixed(1)} frames/s (the paused page: ${idle.browser.toFixed(1)}), the longest frame ${play.worst.toFixed(0)} ms, ${Math.round(play.eps).toLocaleString('en-US')} events/s`);
}, { quiet: true });

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

test('timeline: back from where Next solution landed, the timeline reaches back (it read "-5 / 0 since the jump", then "0 / 5 since the jump" at 5 back), and its slider goes both ways exactly', async ({ page, base }) => {
  await open(page, base, '?queens=8');
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) === 1);
  const at = () => page.evaluate(() => {
    const el = /** @type {HTMLInputElement} */ (document.getElementById('timeline'));
    return { text: document.getElementById('timeline-out').textContent, value: Number(el.value), max: Number(el.max), said: el.getAttribute('aria-valuetext'), links: window.dlx.model.snapshot() };
  });
  await page.waitForFunction(() => document.getElementById('timeline-out').textContent === 'at the jump');
  const solved = await at();
  for (let i = 0; i < 5; i++) await page.click(tid('step-back'));
  await page.waitForFunction(() => document.getElementById('timeline-out').textContent === '5 before the jump');
  const back = await at();
  report.push(`five steps back from Next solution: "${back.text}", the slider at ${back.value} of ${back.max} ("${back.said}")`);
  assert(back.text === '5 before the jump' && back.value === 0 && back.max === 5 && back.said === 'event 0 of 5', `back: ${JSON.stringify({ ...back, links: 0 })}`);
  // The slider's end is the solution again, exactly; its start the state five events before.
  await page.$eval('#timeline', (el) => { el.value = '5'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.waitForFunction(() => document.getElementById('timeline-out').textContent === 'at the jump');
  const again = await at();
  assert(JSON.stringify(again.links) === JSON.stringify(solved.links), 'the timeline\'s end is not the solution\'s state');
  await page.$eval('#timeline', (el) => { el.value = '0'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.waitForFunction(() => document.getElementById('timeline-out').textContent === '5 before the jump');
  assert(JSON.stringify((await at()).links) === JSON.stringify(back.links), 'the timeline\'s start is not where Back went');
  // Further back than its start: it reaches back again, never below 0.
  await page.click(tid('step-back-choice'));
  await page.waitForFunction(() => document.getElementById('timeline-out').textContent !== '5 before the jump');
  const further = await at();
  assert(further.value === 0 && further.max > 5 && further.text === `${further.max} before the jump`, `further back: ${further.text}`);
});

test('Elapsed is one clock: a hunt over many frames counts the time it took, not only its slices; a Solve of a few ms says so in ms, as its verdict', async ({ page, base }) => {
  await open(page, base, '?pentomino=6x10');
  // A hunt in slices of 40 nodes, so that it spans many frames (each drawn between two slices). The
  // page notes when its first slice starts and its last ends: the hunt's own span by the clock, which
  // the test's polling and a click's latency on a loaded machine do not stretch (measured from the
  // test's side, a CI run under load saw 811 ms counted of 1,699).
  await page.evaluate(() => {
    const m = window.dlx.model, f = m.nextSolution.bind(m), span = { first: 0, last: 0 };
    window.huntSpan = span;
    m.nextSolution = (n) => { const t = performance.now(); if (!span.first) span.first = t; const r = f(Math.min(n, 40)); span.last = performance.now(); return r; };
  });
  const t0 = await page.evaluate(() => performance.now());
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => !window.dlx.app.state.hunting && Number(window.dlx.model.stats().solutions) === 1, null, { timeout: 60000 });
  const [t1, ms, frames, first, last] = await page.evaluate(() => [performance.now(), window.dlx.model.elapsedMs, window.dlx.app.frames(), window.huntSpan.first, window.huntSpan.last]);
  const span = last - first, wall = t1 - t0;
  assert(span > 300, `the hunt took ${span.toFixed(0)} ms: too short to tell`);
  // Slices alone would be a small share of the hunt's span (40 nodes a frame, a frame drawn between
  // two): Elapsed counts the span whole, and never more than the test's own wall time around it.
  assert(ms > 0.9 * span && ms <= wall, `Elapsed ${ms.toFixed(0)} ms for a hunt of ${span.toFixed(0)} ms by the clock (${wall.toFixed(0)} ms around it, ${frames} frames)`);
  // A Solve: Elapsed in the verdict's unit, not "0.0 s" beside "13 ms".
  await loadVia(page, 'sudoku', '.'.repeat(16));
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^More/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const shown = await text(page, 'elapsed');
  const verdict = await text(page, 'verdict');
  assert(/^\d+(\.\d)? ms$/.test(shown) && verdict.endsWith(`, ${shown})`), `Elapsed "${shown}" beside the verdict "${verdict}"`);
  report.push(`Elapsed: ${ms.toFixed(0)} ms for a hunt of ${span.toFixed(0)} ms by the clock; after Solve "${shown}" (verdict "${verdict}")`);
});

test('statistics: stepped back to the start, Elapsed is 0 s with every count (it kept the 0.6 ms of a Next solution)', async ({ page, base }) => {
  await open(page, base, '?queens=8');
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) === 1);
  assert((await text(page, 'elapsed')) !== '0 s', `Elapsed after Next solution: ${await text(page, 'elapsed')}`);
  // Each press once the last one is drawn (its button is disabled at the start; a loaded machine drew
  // one frame late, and the next press waited on a disabled button).
  for (let i = 0; i < 500 && !(await page.isDisabled(tid('step-back-choice'))); i++) {
    await page.click(tid('step-back-choice'));
    await settle(page);
  }
  await settle(page);
  assert(await page.isDisabled(tid('step-back')), 'not back at the start');
  const shown = await Promise.all(['nodes', 'updates', 'solutions', 'elapsed'].map((id) => text(page, id)));
  assert(JSON.stringify(shown) === JSON.stringify(['0', '0', '0', '0 s']), `at the start: ${shown.join(' | ')}`);
});
