// The Memo switch (Knuth's DLX6 stepped): on the 4x4 domino board the search tree folds into a DAG.
// The figures are the core's (src/core/search/tests.rs, domino_4x4_folds_…): 36 tilings, 133 nodes
// without memos, 48 with them, 32 memos and 10 hits.

import path from 'node:path';
import { assert, tid, settle, text, num, open, loadVia, test, SHOTS, runText, cli, report } from './harness.mjs';

/** Steps the page's search to its end (the model's own stepping, as the Step button does). */
async function stepToEnd(page) {
  await page.evaluate(() => {
    const m = window.dlx.model;
    while (!m.stats().done && m.step(1000) > 0) { /* on */ }
    window.dlx.app.state.dirty = true;
  });
  await settle(page);
}

/** The tree view's DAG: reused rows, their edges, the shared nodes and their badges. */
async function dag(page) {
  return page.evaluate(() => {
    const t = window.dlx.app.tree;
    t.dirty = true;
    t.draw();
    return {
      reused: t.rows.filter((r) => !r.more && r.node.reuse).length,
      edges: t.edges.length,
      shared: t.shared.size,
      uses: [...t.shared.values()].reduce((a, b) => a + b, 0),
      // Every edge joins a reused row to the row of the node it names.
      joined: t.edges.every((e) => (t.rows[e.to].ids ?? [t.rows[e.to].node.id]).includes(t.rows[e.from].node.reuse)),
      labels: t.rows.filter((r) => r.node.reuse).map((r) => r.label),
    };
  });
}

test('memo: 36 domino tilings of 4x4 with Memo on and off; the DAG\'s reused and shared nodes match the core\'s hits', async ({ page, base }) => {
  await open(page, base);
  // From the form, as a person would: the kind, then its board.
  await loadVia(page, 'dominoes', '4x4');
  await page.waitForFunction(() => window.dlx.model.info.title === 'Domino tilings 4x4');
  await stepToEnd(page);
  assert(await num(page, 'solutions') === 36 && await num(page, 'nodes') === 133, 'without memos: 36 tilings in 133 nodes');
  assert(await page.locator('#st-memos').isHidden(), 'no Memos row without memos');
  // The switch: keyboard reachable, with its tooltip.
  const memo = page.locator(tid('memo'));
  assert((await memo.getAttribute('title') || '').includes('DLX6'), 'the switch says what it does');
  await memo.focus();
  await page.keyboard.press('Space');
  assert(await memo.isChecked(), 'Space turns Memo on');
  assert((await text(page, 'status')).startsWith('Memo on'), `status: ${await text(page, 'status')}`);
  assert(await num(page, 'nodes') === 0, 'Memo restarts the search at its start');
  await stepToEnd(page);
  assert(await num(page, 'solutions') === 36, 'with memos: still 36 tilings');
  assert(await num(page, 'nodes') === 48, `with memos: 48 nodes, not ${await num(page, 'nodes')}`);
  assert(await num(page, 'memos') === 32 && await num(page, 'hits') === 10, 'DLX6\'s memos and hits: 32 and 10');
  // DLX6's ZDD nodes at the end, as `dlx count dominoes 4 4 --memo --zdd F --json` says (47); one
  // step back, the search is not over, and the row says so.
  assert(await page.locator('#st-zdd').isVisible(), 'the ZDD nodes row is shown with memos');
  assert(await num(page, 'zdd-nodes') === 47, `ZDD nodes: ${await text(page, 'zdd-nodes')}`);
  await page.evaluate(() => { window.dlx.model.stepBack(1); window.dlx.app.state.dirty = true; });
  await page.waitForFunction(() => document.querySelector('#st-zdd')?.textContent === 'at the end');
  const d = await dag(page);
  assert(d.reused === 10 && d.uses === 10, `a reused row a hit: ${JSON.stringify(d)}`);
  assert(d.edges === 10 && d.joined, `an edge from each reused row to its first node: ${JSON.stringify(d)}`);
  assert(d.shared > 0 && d.shared <= 10, `shared nodes: ${d.shared}`);
  assert(d.labels.every((l) => /↪ as node \d+: \d+ solutions?, reused$/.test(l)), d.labels.join(' | '));
  assert(await page.locator('#tree-view .reuse-edge').count() > 0, 'edges drawn');
  // Off again: the plain tree.
  await memo.click();
  await stepToEnd(page);
  assert(await num(page, 'nodes') === 133 && await num(page, 'solutions') === 36, 'Memo off: 133 nodes again');
  assert((await dag(page)).reused === 0, 'no reused rows without memos');
});

test('memo: the narration says a reuse; stepping back over it takes its count off, and the hit', async ({ page, base }) => {
  await open(page, base, '?dominoes=4x4');
  await page.locator(tid('memo')).check();
  const at = await page.evaluate(async () => {
    const { EV } = await import('/www/engine/engine.js');
    const m = window.dlx.model;
    for (let i = 0; i < 5000 && m.step(1) > 0; i++) {
      const e = m.lastEvent();
      if (e && e.code === EV.Reuse && !e.undone) window.dlx.app.state.dirty = true;
      if (e && e.code === EV.Reuse && !e.undone) return { solutions: Number(m.stats().solutions), nodes: Number(m.stats().nodes), hits: m.memoCounts?.hits };
    }
    return null;
  });
  assert(at, 'a reuse comes');
  await settle(page);
  const said = await text(page, 'narration');
  assert(/^The same \d+ items remain as at node \d+: [\d,]+ solutions?, reused/.test(said), `narration: ${said}`);
  const back = await page.evaluate(() => {
    const m = window.dlx.model;
    m.stepBack(1);
    return { solutions: Number(m.stats().solutions), nodes: Number(m.stats().nodes), hits: m.memoCounts?.hits, narration: m.narration() };
  });
  const count = Number(/: ([\d,]+) solutions?, reused/.exec(said)?.[1].replace(/,/g, ''));
  assert(back.solutions === at.solutions - count && back.nodes === at.nodes - 1 && back.hits === at.hits - 1,
    `stepping back: ${JSON.stringify({ at, back, count })}`);
  assert(back.narration.startsWith('Back before the reuse'), back.narration);
  // And forward again: the same reuse, the same counts.
  const again = await page.evaluate(() => { const m = window.dlx.model; m.step(1); return { solutions: Number(m.stats().solutions), hits: m.memoCounts?.hits }; });
  assert(again.solutions === at.solutions && again.hits === at.hits, JSON.stringify(again));
});

test('memo: multiplicities are refused in words; a bad domino board is an error that says which number', async ({ page, base }) => {
  await open(page, base, '?dominoes=4x4');
  await page.locator(tid('memo')).check();
  await page.selectOption(tid('problem'), 'exact-cover');
  await page.fill(tid('matrix-input'), 'A 2:3|B\nA B\nB\nB\n');
  await page.click(tid('load'));
  await settle(page);
  const status = await text(page, 'status');
  assert(status.includes('Memo is off for this problem') && status.includes('multiplicities'), `status: ${status}`);
  assert(await page.locator('#st-memos').isHidden(), 'no Memos row: the search steps without memos');
  await open(page, base, '?dominoes=0x4');
  await settle(page);
  const err = await page.evaluate(() => document.body.innerText);
  assert(err.includes('the board\'s rows must be between 1 and 32, not 0'), 'the error names the rows and the bounds');
});

/** Waits for the run box to reach `phase` and returns the run's state (its BigInt count as a string). */
async function runEnd(page, phase = 'done') {
  // Any end, then the one wanted: a run that failed says its message at once (an 11-queens run once
  // waited out the 600 s here in a full suite, its phase unknown).
  await page.waitForFunction(() => ['done', 'cancelled', 'error'].includes(document.getElementById('run-text').dataset.state), null, { timeout: 600000 });
  const end = await page.evaluate(() => [window.dlx.app.runs.state.phase, window.dlx.app.runs.state.message, document.getElementById('run-text').textContent]);
  assert(end[0] === phase, `the run ended ${end[0]}, not ${phase}: ${end[1]} (${end[2]})`);
  return page.evaluate(() => {
    const r = window.dlx.app.runs.state;
    return { ...r, stats: r.stats && { ...r.stats, solutions: String(r.stats.solutions) }, solutions: undefined, timeline: undefined };
  });
}

/** Records the run box's lines as they change (window.__lines). */
async function watchRunBox(page) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__lines = [];
    new window.MutationObserver(() => w.__lines.push(document.getElementById('run-text').textContent.replace(/\u00a0/g, ' ')))
      .observe(document.getElementById('run-text'), { childList: true, characterData: true, subtree: true });
  });
}

test('memo: Run to end with Memo on counts domino tilings in one worker, as the CLI does, exactly past 2^53 (16x16: 31 digits)', async ({ page, base }) => {
  // The link keeps the switch: memo=1 opens with Memo on.
  await open(page, base, '?dominoes=8x8&memo=1');
  assert(await page.locator(tid('memo')).isChecked(), 'memo=1 in the link turns Memo on');
  await page.click(tid('run-to-end'));
  let run = await runEnd(page);
  const ms8 = run.ms;
  const native = JSON.parse(cli(['count', 'dominoes', '8', '8', '--memo', '--json']));
  assert(run.engine === 'memo' && run.workers === 1, `engine ${run.engine} on ${run.workers} worker(s)`);
  assert(run.stats.solutions === '12988816' && String(native.solutions) === '12988816', `${run.stats.solutions} tilings of 8x8`);
  // The same engine as the CLI's --memo: the same search nodes, hits and memos.
  assert(run.memo.nodes === native.nodes && run.memo.hits === native.hits && run.memo.memos === native.memos,
    `page ${JSON.stringify(run.memo)}, CLI nodes ${native.nodes} hits ${native.hits} memos ${native.memos}`);
  const done = await runText(page);
  assert(/^Done: 12,988,816 solutions, [\d.]+ s, with memos\.$/.test(done), `the run box: ${done}`);
  const tree = await page.textContent('#run-tree');
  assert(tree === 'memos (DLX6)', `the run box's engine line: ${tree}`);
  const title = await page.getAttribute('#run-text', 'title');
  assert(title.includes(`${native.nodes.toLocaleString('en-US')} search nodes as DLX6 counts them`) && title.includes('dlx count dominoes 8x8 --memo'), `its title: ${title}`);
  assert((await text(page, 'status')).includes('12,988,816'), `status: ${await text(page, 'status')}`);
  // "memos" in the box is a link to its glossary entry.
  await page.click('#run-tree a.term');
  const entry = await page.evaluate(() => document.querySelector('dialog.glossary dt.current')?.textContent ?? '');
  assert(entry.startsWith('Memo (reused subproblem)'), `the glossary opened at: ${entry}`);
  await page.keyboard.press('Escape');
  // 16x16: 2,444,888,770,250,892,795,802,079,170,816 tilings (Kasteleyn; src/core/memo/tests.rs), a
  // count no JS number holds: the box says it digit for digit. Progress while it counts: nodes and hits.
  await open(page, base, '?dominoes=16x16&memo=1');
  // A board the list does not offer joins it: the form shows 16x16 and is the problem loaded (it
  // read an empty board, and Run to end loaded that instead).
  const board = await page.evaluate(() => [document.getElementById('pentomino-board').value, window.dlx.model.info.title]);
  assert(board[0] === '16x16' && board[1] === 'Domino tilings 16x16', `the form's board: ${board}`);
  await watchRunBox(page);
  await page.click(tid('run-to-end'));
  // While it counts, the bar is hatched with no value: the share done is not known until the end.
  // (The page draws a running box four times a second: waited for, not one frame.)
  await page.waitForFunction(() => document.getElementById('run-bar').dataset.unknown !== undefined || window.dlx.app.runs.state.phase !== 'running', null, { timeout: 120000 });
  const bar = await page.evaluate(() => {
    const b = document.getElementById('run-bar');
    return { running: window.dlx.app.runs.state.phase === 'running', unknown: b.dataset.unknown !== undefined, now: b.getAttribute('aria-valuenow') };
  });
  if (bar.running) assert(bar.unknown && bar.now === null, `the bar while counting with memos: ${JSON.stringify(bar)}`);
  run = await runEnd(page);
  const after = await page.evaluate(() => { const b = document.getElementById('run-bar'); return [b.dataset.unknown, b.getAttribute('aria-valuenow')]; });
  assert(after[0] === undefined && after[1] === '100.0', `the bar once done: ${after}`);
  const want = '2444888770250892795802079170816';
  assert(run.stats.solutions === want, `${run.stats.solutions} tilings of 16x16`);
  // The box says it in words (31 digits ran out of it on a phone); its title and the status line
  // digit for digit.
  const line = await runText(page);
  assert(/^Done: 2\.4 × 10³⁰ solutions, [\d.]+ s, with memos\.$/.test(line), `the run box: ${line}`);
  const digits = '2,444,888,770,250,892,795,802,079,170,816 solutions';
  assert((await page.getAttribute('#run-text', 'title')).includes(digits), 'the box\'s title gives every digit');
  assert((await text(page, 'status')).includes(digits), `status: ${await text(page, 'status')}`);
  const lines = await page.evaluate(() => window.__lines);
  const progress = lines.filter((l) => /^[\d.]+[kM]? nodes, [\d.]+[kM]? reused, [\d.]+ s…$/.test(l));
  // Reports come once a 200 ms slice and the box shows one in 250 ms: a run of a second shows some.
  if (run.ms > 1500) assert(progress.length >= 1, `no progress line in a ${Math.round(run.ms)} ms run: ${lines.join(' / ')}`);
  report.push(`memo run: dominoes 8x8 in ${(ms8 / 1000).toFixed(2)} s, 16x16 (31 digits) in ${(run.ms / 1000).toFixed(2)} s on one worker, ${run.memo.nodes} nodes, ${run.memo.memos} memos, ${Math.round(run.memo.bytes / 1e6)} MB; ${progress.length} progress lines`);
});

test('memo: where memos pay too little (11 queens) the run says so and counts without them on every worker', async ({ page, base }) => {
  await open(page, base, '?queens=11&memo=1');
  await page.click(tid('run-to-end'));
  const run = await runEnd(page);
  assert(run.stats.solutions === '2680', `${run.stats.solutions} solutions of 11 queens`);
  assert(run.engine !== 'memo' && !run.memo && run.workers >= 1, `engine ${run.engine}, memo ${JSON.stringify(run.memo)}`);
  assert(/^Memos paid too little here \(\d+ hits in \d+ search nodes spared \d+ plain nodes\): counted without them\.$/.test(run.memoNote), `note: ${run.memoNote}`);
  const title = await page.getAttribute('#run-text', 'title');
  assert(title.includes(run.memoNote), `the box's title does not say why: ${title}`);
});

test('memo: the fallback to every worker counts right when the workers had read the problem ahead', async ({ page, base }) => {
  // The fallback three times over with the workers warm and reading ahead (the failing case,
  // with a cold worker, is the next test's).
  await open(page, base, '?queens=11&memo=1');
  await page.evaluate(() => { window.dlx.app.runs.workers = 2; window.dlx.app.runs.warm(); });
  await page.waitForFunction(() => {
    const runs = window.dlx.app.runs;
    return runs._pool.length >= 2 && runs._pool.slice(0, 2).every((w) => w.warm) && runs.prepared();
  }, null, { timeout: 60000 });
  for (let k = 0; k < 3; k++) {
    // This run's end, not the last one's (the box says "done" from the first run on).
    await page.evaluate(() => { /** @type {any} */ (window).__before = window.dlx.app.runs.state; });
    await page.click(tid('run-to-end'));
    await page.waitForFunction(() => {
      const s = window.dlx.app.runs.state;
      return s !== /** @type {any} */ (window).__before && ['done', 'cancelled', 'error'].includes(s.phase) && (s.phase !== 'done' || !!s.memoNote);
    }, null, { timeout: 600000 });
    const run = await runEnd(page);
    assert(run.stats.solutions === '2680' && run.workers === 2, `run ${k + 1}: ${run.stats.solutions} solutions of 11 queens on ${run.workers} workers`);
    assert(/^Memos paid too little here/.test(run.memoNote ?? ''), `run ${k + 1}: note ${run.memoNote}`);
    await page.waitForFunction(() => window.dlx.app.runs.prepared(), null, { timeout: 60000 });
  }
});

test('run worker: two loads of one key and a go before the engine is ready count the latest load, once', async ({ page, base }) => {
  // What the fresh clone's full suite met in the 11-queens fallback ("the count failed: null
  // pointer passed to rust"): a worker still starting its engine was told to read the problem
  // (not counting the top), to read it again (counting the top: the first worker had become
  // another) and go. It began on the first load's counter as soon as the engine was ready, and
  // the second load freed that counter under the count.
  await open(page, base, '?queens=8');
  const got = await page.evaluate(() => new Promise((resolve) => {
    const w = new Worker(new URL('/www/workers/worker.js', location.href), { type: 'module' });
    const seen = [];
    const spec = { key: 'k', kind: 'queens', text: '8', distinct: false, workers: 1, go: false };
    w.onmessage = (e) => {
      const m = e.data;
      seen.push(m.type);
      if (m.type === 'more') w.postMessage({ type: 'end' });
      if (m.type === 'ready' && seen.filter((t) => t === 'ready').length === 2) w.postMessage({ type: 'take', subs: Array.from({ length: m.subproblems }, (_, i) => i) });
      if (m.type === 'done' || m.type === 'error') { w.terminate(); resolve({ seen, m: m.type === 'done' ? { solutions: String(m.stats.solutions), nodes: m.stats.nodes } : m.message }); }
    };
    // All at once, before the worker's engine has started.
    w.postMessage({ type: 'load', ...spec, top: false });
    w.postMessage({ type: 'load', ...spec, top: true });
    w.postMessage({ type: 'go', key: 'k', subs: [] });
  }));
  const want = JSON.parse(cli(['count', 'queens', '8', '--json', '--threads', '1']));
  assert(typeof got.m === 'object', `the worker: ${JSON.stringify(got)}`);
  assert(got.m.solutions === '92' && got.m.nodes === want.nodes, `counted ${JSON.stringify(got.m)}, the CLI ${want.solutions} solutions in ${want.nodes} nodes (${got.seen.join(' ')})`);
});

test('memo: a run with memos cancels, and the next run counts (6x8 dominoes, 167,089)', async ({ page, base }) => {
  // Latin squares of order 6 take half a minute natively: long enough to cancel after a report.
  await open(page, base, '?latin=6&memo=1');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => (window.dlx.app.runs.state.memo?.nodes ?? 0) > 0, null, { timeout: 120000 });
  await page.click(tid('run-cancel'));
  await runEnd(page, 'cancelled');
  const line = await runText(page);
  // A loaded machine cancels early: "8,193 nodes" as well as "12.3k nodes".
  assert(/^Cancelled after [\d.,]+[kM]? nodes with memos\.$/.test(line), `the run box: ${line}`);
  // The same page: the cancelled worker was terminated and the pool warms a new one.
  await loadVia(page, 'dominoes', '6x8');
  await page.waitForFunction(() => window.dlx.model.info.title === 'Domino tilings 6x8');
  assert(await page.locator(tid('memo')).isChecked(), 'Load leaves the Memo switch on');
  await page.click(tid('run-to-end'));
  const run = await runEnd(page);
  assert(run.stats.solutions === '167089' && run.engine === 'memo', `${run.stats.solutions} tilings of 6x8 (${run.engine})`);
});

test('memo: screenshots of the tree folding into a DAG (desktop and phone)', async ({ browser, base }) => {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 375, height: 812 }]]) {
    const page = await browser.newPage({ viewport });
    await open(page, base, '?dominoes=4x4');
    await page.locator(tid('memo')).check();
    await stepToEnd(page);
    // Back to the last reuse, so the board shows a partial tiling and the tree its DAG.
    await page.evaluate(() => {
      const m = window.dlx.model;
      while (m.stepBack(1) > 0 && !m.narration().startsWith('Back before the reuse')) { /* back */ }
      m.step(1);
      window.dlx.app.state.dirty = true;
    });
    await settle(page);
    await page.locator('#tree-view').scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, `memo-dag-${name}.png`), fullPage: false });
    await page.close();
  }
}, { shots: true });
