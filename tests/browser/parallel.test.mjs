// Run to the end on a work queue (issue 23): the page's workers, started and warmed while the page
// idles, take subproblems on demand; the counts are the CLI's, and the page's time is reported beside
// `dlx count --threads N` for the same N (measured here, one after the other, never asserted).

import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { test, assert, open, tid, report, runText, cli, loadVia, CLI } from './harness.mjs';

/**
 * CPU time (ms) of the threads of the browser's renderer processes that run workers, by thread
 * name, from /proc (Linux; an empty map elsewhere): a measure the machine's load does not skew, as
 * the wall clock is skewed when other processes take the cores.
 */
async function rendererCpu(browser) {
  const out = new Map();
  try {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = await session.send('SystemInfo.getProcessInfo');
    await session.detach();
    const tick = 1000 / 100; // USER_HZ
    for (const p of processInfo.filter((x) => x.type === 'renderer')) {
      const stats = fs.readdirSync(`/proc/${p.id}/task`).map((t) => fs.readFileSync(`/proc/${p.id}/task/${t}/stat`, 'utf8'));
      if (!stats.some((st) => st.includes('(DedicatedWorker'))) continue;
      for (const st of stats) {
        const name = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')).replace(/ thread$/, '');
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        out.set(name, (out.get(name) || 0) + (Number(f[11]) + Number(f[12])) * tick);
      }
    }
  } catch { /* not Linux, or no such CDP domain: no figures */ }
  return out;
}

/** The CPU time (ms, user + system) of `dlx ARGS`, by /usr/bin/time; NaN where it is missing. */
function cliCpu(args) {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', CLI, ...args], { encoding: 'utf8' });
  const [u, s] = (r.stderr || '').trim().split('\n').pop().split(' ').map(Number);
  return (u + s) * 1000;
}

/**
 * Waits until the run's workers are started, have warmed the engine and have read and split the
 * problem loaded (all of which the page does while it idles).
 */
async function warmPool(page, n, ahead = true) {
  await page.evaluate((k) => { window.dlx.app.runs.workers = k; window.dlx.app.runs.warm(); }, n);
  await page.waitForFunction(([k, a]) => {
    const runs = window.dlx.app.runs;
    return runs._pool.length >= k && runs._pool.slice(0, k).every((w) => w.warm) && (!a || runs.prepared());
  }, [n, ahead], { timeout: 60000 });
}

/** Runs the loaded problem to the end and returns the run's state once done. */
async function runToEnd(page, cdp) {
  const task = async () => (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'TaskDuration').value;
  await cdp.send('Performance.enable');
  await page.evaluate(() => { window.__before = window.dlx.app.runs.state; });
  const t0 = await task();
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => window.dlx.app.runs.state !== window.__before
    && window.dlx.app.runs.state.phase === 'done'
    && document.getElementById('run-text').dataset.state === 'done', null, { timeout: 600000, polling: 100 });
  // (Polled every 100 ms, not every frame: the page times the run itself, and a check every frame
  // is the test's own work on the page's thread, which shares the cores with the workers.)
  const main = (await task()) - t0;
  return { ...(await page.evaluate(() => ({ ...window.dlx.app.lastRun() }))), main };
}

const CASES = [
  { query: '?pentomino=6x10', args: ['pentomino', '6x10'], solutions: 9356 },
  { query: '?queens=14', args: ['queens', '14'], solutions: 365596 },
];
/**
 * Runs of each case: the counts are checked on every run; the page / native ratios reported vary
 * run to run with the machine's load, so `DLX_LONG_TESTS=1` (as `make test-long`) takes three of
 * each, and `make test` one.
 */
const REPS = process.env.DLX_LONG_TESTS ? 3 : 1;

test('run to the end on 2 warm workers from one queue counts what the CLI counts; page / native reported', async ({ page, base, errors, cdp, browser }) => {
  const n = 2;
  for (const c of CASES.filter((x) => !process.env.ONLY || x.query.includes(process.env.ONLY))) {
    await open(page, base, c.query);
    const native = JSON.parse(cli(['count', ...c.args, '--json', '--threads', String(n)]));
    const lines = [];
    for (let rep = 0; rep < REPS; rep++) {
      await warmPool(page, n);
      const before = await rendererCpu(browser);
      const run = await runToEnd(page, cdp);
      const after = await rendererCpu(browser);
      /** @param {string} name */
      const cpu = (name) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
      assert(run.workers === n && run.warm === n && run.ahead, `workers ${run.workers}, warm ${run.warm}, read ahead ${run.ahead}`);
      assert(run.subproblems >= n && run.timeline.every((w) => w.held > 0), `held when they began: ${run.timeline.map((w) => w.held).join(', ')} of ${run.subproblems}`);
      assert(run.stats.solutions === c.solutions, `${c.args.join(' ')}: ${run.stats.solutions} solutions, not ${c.solutions}`);
      assert(run.stats.nodes === native.nodes && run.stats.updates === native.updates,
        `${c.args.join(' ')}: the page counted ${run.stats.nodes} nodes, ${run.stats.updates} updates; the CLI ${native.nodes}, ${native.updates}`);
      assert((await runText(page)).includes(`${c.solutions.toLocaleString('en-US')} solutions`), `the run box says: ${await runText(page)}`);
      // The CLI right after, so that the two see the same load.
      const again = JSON.parse(cli(['count', ...c.args, '--json', '--threads', String(n)]));
      const nativeCpu = cliCpu(['count', ...c.args, '--threads', String(n)]);
      const cpuLine = after.size ? `; CPU: workers ${cpu('DedicatedWorker').toFixed(0)} ms / native ${nativeCpu.toFixed(0)} ms = ${(cpu('DedicatedWorker') / nativeCpu).toFixed(2)}x, the page's thread ${cpu('chromium').toFixed(0)} ms, the rest of the renderer ${[...after.keys()].filter((k) => k !== 'DedicatedWorker' && k !== 'chromium').reduce((a, k) => a + cpu(k), 0).toFixed(0)} ms` : '';
      lines.push(`${(run.ms / 1000).toFixed(3)} s / ${again.seconds.toFixed(3)} s = ${(run.ms / 1000 / again.seconds).toFixed(2)}x (workers busy ${(run.busy / run.ms).toFixed(2)} at once; the page's thread busy ${(run.main * 1000).toFixed(0)} ms; subproblems ${run.subproblems}; per worker, ms from the click: read and split at, began, done at; counting, waiting for the page (times), yielding, posting; asks answered in (mean): ${run.timeline.map((w) => `${w.ready.toFixed(0)}, ${w.begun.toFixed(1)}, ${w.done.toFixed(0)}; ${w.counting.toFixed(0)}, ${w.waiting.toFixed(0)} (${w.waits}), ${w.yielding.toFixed(1)}, ${w.posting.toFixed(1)}; ${w.asks} in ${w.latency.toFixed(1)}`).join(' | ')} ms${cpuLine})`);
    }
    const load = (await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ');
    report.push(`${c.args.join(' ')} run to the end on ${n} warm workers (queue) against dlx count --threads ${n}, page / native (load average ${load}):\n${lines.join('\n')}`);
  }
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('run to the end: the idle workers read and split the problem loaded ahead of the click, again after a load, a tree chosen and a run; counts as the CLI', async ({ page, base, errors, cdp }) => {
  const n = 2;
  await open(page, base, '?queens=8');
  /** Runs to the end, after waiting for the workers to read ahead when `wait`; checks against the CLI. */
  const check = async (args, solutions, wait, tree) => {
    if (wait) await warmPool(page, n);
    const run = await runToEnd(page, cdp);
    const native = JSON.parse(cli(['count', ...args, '--json', '--threads', String(n), ...(tree ? ['--tree', tree] : [])]));
    assert(run.stats.solutions === solutions && native.solutions === solutions, `${args.join(' ')}: ${run.stats.solutions} solutions, not ${solutions}`);
    assert(run.stats.nodes === native.nodes && run.stats.updates === native.updates,
      `${args.join(' ')}: the page counted ${run.stats.nodes} nodes, ${run.stats.updates} updates; the CLI ${native.nodes}, ${native.updates}`);
    if (wait) {
      assert(run.ahead === true, `${args.join(' ')}: the run says it was not read ahead`);
      const title = await page.$eval('#run-text', (el) => el.title);
      assert(title.includes('read and split the problem while the page idled'), `the box's title does not say what was done ahead: ${title}`);
      // Read and split before the click: the workers said ready before the run began.
      assert(run.timeline.length === n && run.timeline.every((w) => w.ready < 0), `ready at ${run.timeline.map((w) => w.ready.toFixed(1)).join(', ')} ms from the click`);
      // Each began with subproblems that came with the word go: asked for once begun, the first
      // ones waited for the page's thread, busy with the click (14-26 ms of a 0.26 s 14-queens run).
      const held = run.timeline.map((w) => w.held);
      assert(held.every((h) => h >= 0) && held.filter((h) => h > 0).length === Math.min(n, run.subproblems),
        `held when they began: ${held.join(', ')} (${run.subproblems} subproblems)`);
    }
    return run;
  };
  await check(['queens', '8'], 92, true);
  // The same problem again: the workers, back in the pool, read it again (a counter counts once).
  await check(['queens', '8'], 92, true);
  // Another problem loaded: read ahead for it, not the one before.
  await loadVia(page, 'queens', 9);
  await check(['queens', '9'], 352, true);
  // Another tree chosen: its own split.
  await page.selectOption(tid('tree-choice'), 'lookahead');
  await check(['queens', '9'], 352, true, 'lookahead');
  await page.selectOption(tid('tree-choice'), 'dlx1');
  // A click right after a load, before the workers could read ahead: the run reads it itself.
  await loadVia(page, 'langford', 8);
  const run = await check(['langford', '8'], 300, false);
  assert(run.workers === n, `${run.workers} workers`);
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});

test('run to the end: the box is redrawn at most four times a second while the run goes, its bar without a transition', async ({ page, base, errors, cdp }) => {
  await open(page, base, '?queens=13');
  await warmPool(page, 2, false);
  // Every change to the box's text, counted in the page.
  await page.evaluate(() => {
    window.__changes = 0;
    new MutationObserver(() => { window.__changes++; }).observe(document.getElementById('run-text'), { childList: true, characterData: true, subtree: true });
  });
  const transition = await page.$eval('#run-bar > span', (el) => getComputedStyle(el).transitionDuration);
  const run = await runToEnd(page, cdp);
  assert(run.stats.solutions === 73712, `${run.stats.solutions} solutions`);
  const changes = await page.evaluate(() => window.__changes);
  // One change at the start, one at the end, and at most one a 250 ms between.
  const most = Math.ceil(run.ms / 250) + 2;
  assert(changes <= most && transition === '0s', `the box's text changed ${changes} times in a run of ${run.ms.toFixed(0)} ms (at most ${most}); the bar's transition ${transition}`);
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});
