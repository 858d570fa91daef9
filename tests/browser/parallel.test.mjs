// Run to the end on a work queue (issue 23): the page's workers, started and warmed while the page
// idles, take subproblems on demand; the counts are the CLI's, and the page's time is reported beside
// `dlx count --threads N` for the same N (measured here, one after the other, never asserted).

import { test, assert, open, tid, report, runText, cli } from './harness.mjs';

/** Waits until the run's workers are started and have warmed the engine (the page idled). */
async function warmPool(page, n) {
  await page.evaluate((k) => { window.dlx.app.runs.workers = k; window.dlx.app.runs.warm(); }, n);
  await page.waitForFunction((k) => {
    const pool = window.dlx.app.runs._pool;
    return pool.length >= k && pool.slice(0, k).every((w) => w.warm);
  }, n, { timeout: 60000 });
}

/** Runs the loaded problem to the end and returns the run's state once done. */
async function runToEnd(page) {
  await page.evaluate(() => { window.__before = window.dlx.app.runs.state; });
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => window.dlx.app.runs.state !== window.__before
    && window.dlx.app.runs.state.phase === 'done'
    && document.getElementById('run-text').dataset.state === 'done', null, { timeout: 600000 });
  return page.evaluate(() => ({ ...window.dlx.app.lastRun() }));
}

const CASES = [
  { query: '?pentomino=6x10', args: ['pentomino', '6x10'], solutions: 9356 },
  { query: '?queens=14', args: ['queens', '14'], solutions: 365596 },
];

test('run to the end on 2 warm workers from one queue counts what the CLI counts; page / native reported', async ({ page, base, errors }) => {
  const n = 2;
  for (const c of CASES) {
    await open(page, base, c.query);
    const native = JSON.parse(cli(['count', ...c.args, '--json', '--threads', String(n)]));
    const lines = [];
    for (let rep = 0; rep < 3; rep++) {
      await warmPool(page, n);
      const run = await runToEnd(page);
      assert(run.workers === n && run.warm === n, `workers ${run.workers}, warm ${run.warm}`);
      assert(run.stats.solutions === c.solutions, `${c.args.join(' ')}: ${run.stats.solutions} solutions, not ${c.solutions}`);
      assert(run.stats.nodes === native.nodes && run.stats.updates === native.updates,
        `${c.args.join(' ')}: the page counted ${run.stats.nodes} nodes, ${run.stats.updates} updates; the CLI ${native.nodes}, ${native.updates}`);
      assert((await runText(page)).includes(`${c.solutions.toLocaleString('en-US')} solutions`), `the run box says: ${await runText(page)}`);
      // The CLI right after, so that the two see the same load.
      const again = JSON.parse(cli(['count', ...c.args, '--json', '--threads', String(n)]));
      lines.push(`${(run.ms / 1000).toFixed(3)} s / ${again.seconds.toFixed(3)} s = ${(run.ms / 1000 / again.seconds).toFixed(2)}x (workers busy ${(run.busy / run.ms).toFixed(2)} at once)`);
    }
    const load = (await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ');
    report.push(`${c.args.join(' ')} run to the end on ${n} warm workers (queue) against dlx count --threads ${n}, page / native: ${lines.join('; ')}; load average ${load}`);
  }
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
});
