// Browser tests of the DLX Studio page: `node tests/browser/run.mjs` (make test-browser), or
// `node tests/browser/run.mjs 'part of a name'` for the tests whose name holds it; `--list` prints the
// tests' names, `--docs` takes the README's pictures (docs-shots.mjs). `--shard K/N` (first, before a
// name) runs the K-th of N shards, tests K, K+N, K+2N, … in registration order: `make test-browser`
// runs two shards side by side, each with its own Chromium.
//
// The runner only: the tests are in the feature files beside it (tests/browser/*.test.mjs, one a
// feature area, on the shared harness.mjs), each registering its tests on import. It serves the
// project root on a free localhost port, drives the system Chromium through playwright-core (never a
// downloaded browser), gives each test a fresh 1280x800 page, reports measurements, and saves a
// screenshot of a failed test into screenshots/. Last line: "N passed, N failed"; the exit code is
// non-zero on any failure.

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

async function main() {
  const [shard, shards] = shardOf(process.argv);
  await loadFeatures();
  if (process.argv[2] === '--list') {
    for (const [i, t] of tests.entries()) if (i % shards === shard - 1) console.log(t.name);
    return;
  }
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
  for (const [i, t] of tests.entries()) {
    if (i % shards !== shard - 1) continue;
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
      try { await page.screenshot({ path: path.join(ROOT, 'screenshots', `failed-${shards > 1 ? `${shard}of${shards}-` : ''}${passed + failed}.png`) }); } catch { /* no page */ }
    }
    await context.close();
  }
  await browser.close();
  server.close();
  if (report.length) {
    console.log('\nmeasured:');
    for (const line of report) console.log(`  ${line.replace(/\n/g, '\n    ')}`);
  }
  console.log(`\n${passed} passed, ${failed} failed${shards > 1 ? ` (shard ${shard}/${shards})` : ''}`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
