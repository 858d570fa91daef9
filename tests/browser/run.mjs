// Browser tests of the DLX Studio page: `node tests/browser/run.mjs` (make test-browser), or
// `node tests/browser/run.mjs 'part of a name'` for the tests whose name holds it; `--list` prints the
// tests' names, `--docs` takes the README's pictures (docs-shots.mjs), `--shots` runs only the tests
// that take pictures for a person to look at (`make screenshots`; left out otherwise), `--quiet` only the
// tests that measure frames (`make test-quiet`, alone on the machine; left out otherwise, but a name
// picks them as any other). `--jobs N` (first, before a
// name) runs N tests at a time, each job with its own Chromium, taking the next test from one queue
// as it finishes one: `make test-browser` runs two. The queue starts with the tests registered as
// slow (harness.mjs's `test(name, fn, { slow: true })`), so that no long test starts last while the
// other job idles; then the rest in registration order. `--shard K/N` runs only the K-th of N shares
// of the tests (K, K+N, … in registration order), for running the shares on separate machines.
//
// The runner only: the tests are in the feature files beside it (tests/browser/*.test.mjs, one a
// feature area, on the shared harness.mjs), each registering its tests on import. It serves the
// project root on a free localhost port, drives the system Chromium through playwright-core (never a
// downloaded browser), gives each test a fresh 1280x800 page (in a context the job's tests share),
// reports measurements, and saves a screenshot of a failed test into screenshots/. Each result line
// is tagged with its job when there are several and ends with the test's wall time; the last line:
// "N passed, N failed"; the exit code is non-zero on any failure.

import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, CHROMIUM, serve, tests, report } from './harness.mjs';
import { docs } from './docs-shots.mjs';

/** The feature files beside this one (tests/browser/*.test.mjs) register their tests on import. */
async function loadFeatures() {
  const dir = path.join(ROOT, 'tests/browser');
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.test.mjs')).sort()) {
    await import(path.join(dir, f));
  }
}

/** `--shard K/N` from the arguments, removed from them; [1, 1] without it. */
function shardOf(args) {
  const i = args.indexOf('--shard');
  if (i < 0) return [1, 1];
  const m = /^(\d+)\/(\d+)$/.exec(args[i + 1] || '');
  if (!m || +m[1] < 1 || +m[1] > +m[2]) throw new Error(`--shard takes K/N with 1 <= K <= N, not ${args[i + 1]}`);
  args.splice(i, 2);
  return [+m[1], +m[2]];
}

/** `--jobs N` from the arguments, removed from them; 1 without it. */
function jobsOf(args) {
  const i = args.indexOf('--jobs');
  if (i < 0) return 1;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`--jobs takes a whole number from 1 to 16, not ${args[i + 1]}`);
  args.splice(i, 2);
  return n;
}

const launch = () => chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});

async function main() {
  const [shard, shards] = shardOf(process.argv);
  const jobs = jobsOf(process.argv);
  const shotsAt = process.argv.indexOf('--shots');
  const shots = shotsAt >= 0;
  if (shots) process.argv.splice(shotsAt, 1);
  const quietAt = process.argv.indexOf('--quiet');
  const quiet = quietAt >= 0;
  if (quiet) process.argv.splice(quietAt, 1);
  await loadFeatures();
  const only = process.argv[2];
  const mine = tests.filter((t, i) => i % shards === shard - 1);
  if (only === '--list') {
    for (const t of mine) console.log(t.name);
    return;
  }
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  if (!fs.existsSync(path.join(ROOT, 'www/pkg/dlx_studio.js'))) {
    console.error('www/pkg is missing: run `make wasm` first');
  }
  if (only === '--docs') {
    const browser = await launch();
    await docs(browser, base);
    await browser.close();
    server.close();
    return;
  }
  // The queue: the slow tests first, then the others, each group in registration order.
  const picked = mine.filter((t) => t.shots === shots && (only ? t.name.includes(only) : t.quiet === quiet));
  const pictures = mine.filter((t) => t.shots).length;
  const measuring = mine.filter((t) => t.quiet && !t.shots).length;
  const queue = [...picked.filter((t) => t.slow), ...picked.filter((t) => !t.slow)];
  let passed = 0, failed = 0, next = 0;
  /** @type {string[]} */
  const failures = [];
  const t00 = Date.now();
  /** One job: its own Chromium, taking the next test from the queue until it is empty. */
  const job = async (/** @type {number} */ k) => {
    const tag = jobs > 1 ? `[${k}/${jobs}] ` : '';
    const browser = await launch();
    // One context a job, with a page parked on about:blank for the job's whole run, and each test in
    // a fresh page of it. A load of the page beside a parked one took 0.6 CPU s against 1.25 s in a
    // fresh context (measured); in a context left with no page open between tests it took 1.25 s
    // too, hence the parked page. The page has no storage, cookies or service worker (nothing in
    // www/ writes any) and the server sends `no-store`, so no test sees another's state;
    // permissions a test grants (the clipboard) are cleared after it.
    // Tests that need another viewport kind (touch, dark, reduced motion) make their own contexts.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // The errors of every page the test opens in the context (its own, and those of `pageLike`).
    /** @type {string[]} */
    let errors = [];
    context.on('page', (p) => {
      p.on('pageerror', (e) => errors.push(e.message));
      p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    });
    const parked = await context.newPage();
    while (next < queue.length) {
      const t = queue[next++];
      errors = [];
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const t0 = Date.now();
      try {
        await t.fn({ page, base, errors, browser, cdp });
        if (errors.length) throw new Error(`errors in the page: ${errors.join('; ')}`);
        passed++;
        console.log(`${tag}ok   ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failed++;
        const line = `${tag}FAIL ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${e.message}`;
        console.log(line);
        failures.push(line);
        try { await page.screenshot({ path: path.join(ROOT, 'screenshots', `failed-${passed + failed}.png`) }); } catch { /* no page */ }
      }
      for (const p of context.pages()) if (p !== parked) await p.close();
      await context.clearPermissions();
    }
    await parked.close();
    await browser.close();
  };
  await Promise.all(Array.from({ length: jobs }, (_, k) => job(k + 1)));
  server.close();
  if (report.length) {
    console.log('\nmeasured:');
    for (const line of report) console.log(`  ${line.replace(/\n/g, '\n    ')}`);
  }
  // The failures again, last: CI keeps only the tail of a long log, and the measured lines above are long.
  if (failures.length) {
    console.log('\nfailed:');
    for (const line of failures) console.log(`  ${line.replace(/\n/g, '\n    ')}`);
  }
  const share = shards > 1 ? `, share ${shard}/${shards}` : '';
  console.log(`\n${passed} passed, ${failed} failed (${jobs} job${jobs > 1 ? 's' : ''}${share}, ${((Date.now() - t00) / 1000).toFixed(0)} s)`);
  if (!shots && pictures) console.log(`${pictures} runs that only take pictures are left to \`make screenshots\` (run.mjs --shots)`);
  if (!shots && !quiet && !only && measuring) console.log(`${measuring} tests that measure frames are left to \`make test-quiet\` (run.mjs --quiet), which \`make test\` runs alone at its end`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
