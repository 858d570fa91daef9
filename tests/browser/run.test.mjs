// Run to the end: the workers, their count against one worker's, progress, cancel, its own box.

import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT, assert, tid, settle, runText, text, num, open, loadVia, modelState, test, report, cli } from './harness.mjs';

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
}, { quiet: true });

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
  const r = await page.evaluate(() => ({ texts: window.__texts, snaps: window.dlx.app.state.snapshots - window.__snaps, ms: window.dlx.app.runs.state.ms, messages: Math.round(window.dlx.app.runs.state.ms / 200) }));
  // A progress line has the time so far ("137 solutions, 1.9 s, 2 workers…") for 2 s, then the time
  // left ("1,024 solutions; about 3 s left…"): a fresh-clone CI run under load took 5.8 s, and the
  // lines after its second went uncounted when only the first form was.
  const progress = new Set(r.texts.filter((t) => /solutions?(, [\d.]+\u00a0s|; about\u00a0)/.test(t) && t.endsWith('…')));
  // Progress shown as it comes: workers report once a 200 ms slice, and the box drops a report
  // that comes within 250 ms of the last one shown, so it changes about every 400 ms after the
  // first line, which comes once the workers have started, split and counted a slice: 0.4 s on a
  // quiet machine, 1.1 s in a fresh-clone CI run under load (lines at 1.1 s and 1.5 s of a 1.7 s
  // run). So 1 line a run under 1.4 s, 2 up to 1.8 s, 3 in a longer one.
  const want = Math.max(1, Math.min(3, Math.floor((r.ms - 600) / 400)));
  assert(progress.size >= want, `the run box showed ${progress.size} progress lines in ${Math.round(r.ms)} ms: ${[...progress].join(' / ')}`);
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

test('cancel stops a run to the end', async ({ page, base }) => {
  // 16-queens (14.8 M solutions) runs for many seconds, so the run cannot end before the click lands
  // on a loaded machine (14-queens did, in a fresh-clone run beside Miri, and the box said done).
  await open(page, base, '?queens=16');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'running');
  await page.click(tid('run-cancel'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'cancelled', null, { timeout: 15000 });
  assert(!(await page.isDisabled(tid('run-to-end'))), 'run to end stays disabled');
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
  // 15-queens: a run of seconds, still going when the load lands however loaded the machine
  // (pentomino 6x10's ended first on a loaded CI run, its workers kept for the next run).
  await open(page, base, '?queens=15');
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
  assert(!(await text(page, 'status')).includes('2,279,184'), `the old run finished into the status: ${await text(page, 'status')}`);
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

test('run to end: its own fixed box beside its button, live statistics untouched, a huge search asks first', async ({ page, base }) => {
  await open(page, base, '?queens=6');
  for (let i = 0; i < 5; i++) await page.click(tid('step'));
  const live = await modelState(page);
  // The status line keeps its place across (x and width); it grows to show a longer message whole
  // (the run's), centred in its row, so its top and height are not compared.
  const boxes = () => page.evaluate(() => ['run-to-end', 'run-box', 'speed', 'pause-at-solution', 'status'].map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return id === 'status' ? [id, Math.round(r.x), Math.round(r.width)].join(' ')
      : [id, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)].join(' ');
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
  // The idle line is whole too ("Counts every solution in the background; the…" at 1280 px).
  assert(await page.$eval('#run-text', (el) => el.textContent !== '' && el.scrollHeight <= el.clientHeight + 1), 'the idle run box is cut');
  await page.click(tid('run-to-end'));
  await settle(page); // the box is drawn on the next frame
  assert(await page.evaluate(() => document.getElementById('run-box').dataset.state === 'confirm'), 'no question before a huge run');
  const said = await page.textContent('#run-text');
  assert(/^Huge: about [\d.]+ (× 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+ |(million|billion|trillion) )?years\.$/.test(said.trim()), `the question: ${said}`);
  // Whole in its box: the time was cut off after "that is 2.2e8…".
  assert(await page.$eval('#run-text', (el) => el.scrollHeight <= el.clientHeight + 1), `the question is cut: ${said}`);
  const title = await page.$eval('#run-text', (el) => el.title);
  assert(/Knuth's estimate of the tree: [\d.]+ × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+ nodes/.test(title), `the question's title: ${title}`);
  // The pool's workers may be up and warm (started while the page idled): none counts until the answer.
  assert(await page.evaluate(() => window.dlx.app.runs._workers.length === 0), 'a run started before the answer');
  report.push(`empty 9x9 Sudoku, run to end: "${said.trim()}"`);
  await page.click(tid('run-anyway'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'running');
  // One worker per core (at most 16), each counting its part.
  assert(await page.evaluate(() => window.dlx.app.runs._workers.length === Math.max(1, Math.min(16, navigator.hardwareConcurrency || 1))), 'Run anyway did not start the run');
  // Some seconds in, the box says how long is left at the pace so far (the bar of so huge a run stays
  // empty: it gave no sense of the time), whole in its box.
  await page.waitForFunction(() => /\sleft…$/.test(document.getElementById('run-text').textContent), null, { timeout: 15000 });
  const running = (await runText(page)).trim();
  assert(/^[\d,]+ solutions?; about [\d.,]+ (× 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+ |(million|billion|trillion) )?(seconds?|minutes?|hours?|days?|years?) left…$/.test(running), `the running box: ${running}`);
  const runTitle = await page.$eval('#run-text', (el) => el.title);
  assert(/ [\d.]+ s so far, \d+ workers?\./.test(runTitle), `the running box's title: ${runTitle}`);
  assert(await page.$eval('#run-text', (el) => el.scrollHeight <= el.clientHeight + 1), `the running box is cut: ${running}`);
  report.push(`empty 9x9 Sudoku, run anyway: "${running}"`);
  await page.click(tid('run-cancel'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'cancelled', null, { timeout: 5000 });
  // The Statistics' line gives the run's time, as a finished run's does.
  const cancelled = await text(page, 'stats-run');
  assert(/^Run to end \(DLX1 tree\), cancelled after [\d.]+ m?s: [\d,]+ solutions?, [\d,]+ nodes, [\d,]+ updates by then\./.test(cancelled), `the cancelled run's line: ${cancelled}`);
});

test('run to end: "1 solution" and "0 solutions", in the box and in the status line (the box said "1 solutions")', async ({ page, base }) => {
  // The page's first problem has one solution; 3-queens has none.
  await open(page, base);
  for (const [want, noun] of [[1, 'solution'], [0, 'solutions']]) {
    if (want === 0) await loadVia(page, 'queens', 3);
    await page.click(tid('run-to-end'));
    await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done');
    const got = await page.evaluate(() => window.dlx.app.lastRun().stats.solutions);
    assert(Number(got) === want, `the run counted ${got} solutions, the test wants ${want}`);
    const box = await runText(page);
    assert(new RegExp(`^Done: ${want}\\s${noun},`).test(box), `run box: ${box}`);
    const status = await text(page, 'status');
    assert(status.includes(`: ${want} ${noun} counted to the end`), `status line: ${status}`);
  }
});

test('run to end: the Statistics panel gives the run\'s totals on a line of their own, as the CLI counts them (it showed "Solutions 0" beside the run box\'s 92)', async ({ page, base }) => {
  await open(page, base, '?queens=8');
  assert(await page.isHidden(tid('stats-run')), 'a run line before any run');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done');
  await settle(page);
  const said = await text(page, 'stats-run');
  const want = JSON.parse(cli(['count', 'queens', '8', '--json']));
  const fig = (n) => Number(n).toLocaleString('en-US');
  const m = /^Run to end \(DLX1 tree\): ([\d,]+) solutions, ([\d,]+) nodes, ([\d,]+) updates in [\d.]+ (ms|s)\. The figures above are the search you step\.$/.exec(said);
  assert(m && m[1] === fig(want.solutions) && m[2] === fig(want.nodes) && m[3] === fig(want.updates),
    `the Statistics' run line: "${said}", the CLI: ${want.solutions} solutions, ${want.nodes} nodes, ${want.updates} updates`);
  // The stepped search's figures stay its own.
  assert(await text(page, 'solutions') === '0' && await text(page, 'nodes') === '0', 'the stepped search\'s figures changed');
  // A reset forgets the run, and its line.
  await page.click(tid('reset'));
  await settle(page);
  assert(await page.isHidden(tid('stats-run')), `the run line after a reset: ${await text(page, 'stats-run')}`);
  // Times under the clock's grain read "< 0.1 ms" (a 13-node Solve said "0.0 ms"); on a 1 ms clock
  // (Firefox's) "< 1 ms" and whole milliseconds (a Solve of 0.3 ms said "< 0.1 ms" there).
  const times = await page.evaluate(() => import('/www/views/readouts.js').then((m) => [
    ...[0.01, 0.06, 0.12, 12.4, 1234].map((x) => m.elapsed(x, 0.1)),
    ...[0.3, 2.4, 12.4].map((x) => m.elapsed(x, 1)),
    m.grainOf((() => { let t = 0; return () => (t += 0.25); })()),
    m.grainOf(() => 7),
    m.GRAIN,
  ]));
  assert(JSON.stringify(times.slice(0, 10)) === JSON.stringify(['< 0.1 ms', '< 0.1 ms', '0.1 ms', '12 ms', '1.23 s', '< 1 ms', '2 ms', '12 ms', 0.25, 1]), `times: ${times.join(', ')}`);
  // Chromium's own clock: 0.1 ms (or finer, cross-origin isolated), never coarser than Firefox's.
  assert(times[10] >= 0.1 && times[10] <= 1, `Chromium's clock grain: ${times[10]} ms`);
  report.push(`Statistics after Run to end on 8-queens: "${said}"`);
});
