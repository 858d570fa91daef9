// The frame loop sleeps between frames while nothing on the page moves: idle, and during a run to
// the end (issue 23), where the workers count on every core; it wakes at once on input.

import { test, assert, open, tid, report, num, settle, runText, cameraAtRest, EASY_SUDOKU } from './harness.mjs';

/** An advertised key (→, a step) shows in the read-outs within the next two frames, asleep or not. */
async function aKeyStepsAtOnce(page) {
  const before = await num(page, 'nodes');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  const after = await page.evaluate(() => document.querySelector('[data-testid="nodes"]').textContent);
  assert(Number(after.replace(/\D/g, '')) > before, `nodes read ${after} after a step from ${before}`);
}

test('frame loop: sleeps during a run to the end while nothing moves, wakes at once on a key', async ({ page, base }) => {
  // 16-queens: 193 M nodes, seconds on 2 cores (15-queens, 2.3 M solutions, came to end within
  // the second this test watches once the walk stopped filling the path at solutions nobody reads).
  await open(page, base, '?queens=16');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'running');
  await page.waitForFunction(() => window.dlx.app.sleeping(), null, { timeout: 5000 });
  const [f0, t0] = await page.evaluate(() => [window.dlx.app.frames(), performance.now()]);
  await page.waitForTimeout(1000);
  const [f1, t1, running] = await page.evaluate(() => [window.dlx.app.frames(), performance.now(),
    document.getElementById('run-text').dataset.state === 'running']);
  const rate = ((f1 - f0) * 1000) / (t1 - t0);
  assert(running, '16-queens ended within a second: the test needs a longer run');
  // 100 ms a frame while asleep: about 10 a second (60 awake).
  assert(rate <= 15, `${rate.toFixed(1)} frames a second during the run, not asleep`);
  // An advertised key right after: the step shows in the read-outs within the next frames.
  await aKeyStepsAtOnce(page);
  // The run box's figures still move while the loop sleeps.
  const box0 = await page.textContent('#run-text');
  await page.waitForFunction((b) => document.getElementById('run-text').textContent !== b, box0, { timeout: 3000 });
  // Cancelled, the run box says so (the loop, idle then, may sleep again).
  await page.click(tid('run-cancel'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state !== 'running', null, { timeout: 3000 });
  report.push(`frame loop during a run: ${rate.toFixed(1)} frames/s asleep (60 awake)`);
});

test('frame loop: sleeps while the page is idle, and wakes at once on a key and on a view made dirty outside a frame', async ({ page, base }) => {
  await open(page, base, '?queens=8');
  await page.waitForFunction(() => window.dlx.app.sleeping(), null, { timeout: 5000 });
  const [f0, t0] = await page.evaluate(() => [window.dlx.app.frames(), performance.now()]);
  await page.waitForTimeout(1000);
  const [f1, t1] = await page.evaluate(() => [window.dlx.app.frames(), performance.now()]);
  const rate = ((f1 - f0) * 1000) / (t1 - t0);
  // 100 ms a frame while asleep: about 10 a second (60 awake).
  assert(rate <= 15, `${rate.toFixed(1)} frames a second on the idle page, not asleep`);
  // An advertised key: the step shows in the read-outs within the next frames.
  await aKeyStepsAtOnce(page);
  // A view made dirty outside a frame (as its ResizeObserver or a worker's message does) wakes the
  // loop at once, not at the sleeping loop's next 100 ms.
  await page.waitForFunction(() => window.dlx.app.sleeping(), null, { timeout: 5000 });
  const woke = await page.evaluate(() => { window.dlx.app.tree.dirty = true; return !window.dlx.app.sleeping(); });
  assert(woke, 'the tree made dirty left the frame loop asleep');
  report.push(`frame loop on the idle page: ${rate.toFixed(1)} frames/s asleep (60 awake)`);
});

test('matrix: a run to the end starting and ending leaves the links as walked; a step, a step back, a jump and a reset walk them again', async ({ page, base, errors }) => {
  await open(page, base, '?queens=8');
  /** The matrix's walks of the links so far, once the frames have settled. */
  const walks = async () => { await settle(page); return page.evaluate(() => window.dlx.app.matrix.walks); };
  const fresh = async (what, act) => {
    const w0 = await walks();
    await act();
    const w1 = await walks();
    assert(w1 > w0, `${what}: the matrix did not walk the links again (${w0} walks before, ${w1} after)`);
  };
  await fresh('a step', () => page.keyboard.press('ArrowRight'));
  // A run to the end counts in the workers: the page's search stays where it was, and walking and
  // drawing its links again at the click (15 ms on 14-queens) took a core the workers wanted.
  // The step's camera at rest first: mid-ease the zoom (and whether names are drawn) still moves
  // (a full run read it mid-ease: "the matrix lost its item names").
  await cameraAtRest(page);
  const before = await walks();
  const drawn = await page.evaluate(() => window.dlx.app.matrix.drawn.names);
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done', null, { timeout: 30000 });
  assert((await runText(page)).includes('92 solutions'), `the run box says: ${await runText(page)}`);
  const after = await walks();
  assert(after === before, `the run to the end walked the unchanged links ${after - before} more time(s)`);
  assert(await page.evaluate(() => window.dlx.app.matrix.drawn.names) === drawn, 'the matrix lost its item names');
  await fresh('a step after the run', () => page.keyboard.press('ArrowRight'));
  await fresh('a step back', () => page.keyboard.press('ArrowLeft'));
  // The next solution is a jump: the timeline starts again at position 0 of a new generation.
  await fresh('a jump to the next solution', async () => {
    await page.click(tid('next-solution'));
    await page.waitForFunction(() => window.dlx.model.stats().solutions >= 1, null, { timeout: 10000 });
  });
  await fresh('a reset', () => page.click(tid('reset')));
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('frame loop: the snapshot is frozen, and no renderer calls into wasm while the renderers update (pencil marks, a kept solution, an edit)', async ({ page, base }) => {
  await open(page, base, `?sudoku=${EASY_SUDOKU}`);
  // A probe at each end of the renderers (www/views/snapshot.js's contract): between the first's
  // update and the last's, every call on the Session is recorded. The views' pointer and length
  // accessors (model.views(), read at the moment a renderer reads) allocate nothing and are allowed.
  await page.evaluate(() => {
    const { app, model } = window.dlx;
    const probe = { calls: /** @type {string[]} */ ([]), all: 0, frozen: 0, thawed: 0, updating: false };
    const session = model.session;
    for (const k of Object.getOwnPropertyNames(Object.getPrototypeOf(session))) {
      const f = session[k];
      if (k === 'constructor' || typeof f !== 'function') continue;
      session[k] = (...a) => { probe.all++; if (probe.updating && !/_(ptr|len)$/.test(k)) probe.calls.push(k); return f.apply(session, a); };
    }
    app.renderers.unshift({ update(s) { probe.updating = true; if (Object.isFrozen(s)) probe.frozen++; else probe.thawed++; }, draw() {} });
    app.renderers.push({ update() { probe.updating = false; }, draw() {} });
    window.probe = probe;
  });
  const snapshots = () => page.evaluate(() => window.probe.frozen + window.probe.thawed);
  // Pencil marks read from the live links, a few steps, then Solve (a kept solution shown), a step,
  // and a cell edited on the board (the grid being edited shown): each part of the snapshot taken.
  await page.click(tid('pencil'));
  for (let i = 0; i < 3; i++) await page.click(tid('step'));
  await page.waitForFunction(() => (window.dlx.app.sudoku.overlay?.candidates || []).length === 81);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^Unique/.test(document.querySelector('[data-testid="verdict"]').textContent));
  await page.waitForFunction(() => window.dlx.app.kept.list.show);
  await page.click(tid('step'));
  await page.click(tid('board'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('5');
  await page.waitForFunction(() => window.dlx.app.sudoku.pending !== null);
  await settle(page);
  const probe = await page.evaluate(() => ({ ...window.probe }));
  // The probe sees the page's calls (the snapshots' own, Solve's slices): it would see a renderer's.
  assert(probe.all > 100, `the probe saw ${probe.all} calls into wasm in all`);
  assert(probe.frozen >= 5, `only ${probe.frozen} snapshots seen`);
  assert(probe.thawed === 0, `${probe.thawed} of ${probe.frozen + probe.thawed} snapshots were not frozen`);
  assert(probe.calls.length === 0, `calls into wasm while the renderers updated: ${[...new Set(probe.calls)].join(', ')}`);
  report.push(`snapshot: ${await snapshots()} frozen snapshots, ${probe.all} calls into wasm, none during the renderers' updates`);
});
