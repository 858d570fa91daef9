// @ts-check
// The wasm half of `cargo bench --bench wasm` (benches/wasm.rs starts it; see benches/README.md): counts
// one workload with the page's own wasm build (`Session`) in the page's slices, and prints one JSON line
// a run. Two engines run it:
// - node: the package wasm-bindgen binds `--target nodejs` (PKG_DIR) from the release .wasm that
//   `make wasm` builds;
// - chromium (ENGINE=chromium): the page's own package, www/pkg (`--target web`), in headless
//   /usr/bin/chromium (or $CHROMIUM) driven by tests/browser's playwright-core, served from the
//   project's folder: the engine the page really runs on (a newer V8 than node's).
//
//   [ENGINE=chromium] node benches/wasm.mjs PKG_DIR MODE RUNS KIND TEXT [PUZZLE_FILE COUNT]
//
// MODE: `chunk:N`  -- `Session.count_chunk(N)` until done (N nodes a call: the page's Solve and next
//                     solution take node slices; the issue measured 10,000);
//       `part:MS`  -- `new PartCounter(KIND, TEXT, …, 0, 1)` (untimed: the load and the split), then
//                     `count_for(MS)` until done (the run-to-end worker's calls before the queue);
//       `queue:MS` -- `new QueueCounter(KIND, TEXT, …, 1, true)` and every subproblem pushed (untimed),
//                     then `count_for(MS)` until it returns 0: what the run-to-end worker
//                     (www/workers/worker.js, SLICE_MS = 50) calls, as the only worker of a run.
// WARM_MS (environment): first `warm_engine(WARM_MS)` as the run-to-end worker does once loaded
// (untimed; its time is reported as warm_ms), so that run 0 is what a click on Run to end gets.
// KIND `sudoku-set`: TEXT is ignored; the first COUNT puzzles of PUZZLE_FILE are each loaded (untimed)
// and counted in chunk mode, their times added up.
//
// Only the counting calls are timed (performance.now() around each call into wasm, added up): loading
// the module, `load` and the split are not. Run 0 is the first in a fresh process (a fresh browser
// page), so it includes V8's baseline (Liftoff) code until the hot functions are tiered up; later runs
// are the steady state. Each line: {run, warm_ms, ms, first_ms (the first call's time), calls, solutions, nodes,
// updates, engine (Session.engine_name: "bits" or "links")}.

import { createRequire } from 'node:module';
import { openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [pkgDir, mode, runsArg, kind, text, puzzleFile, countArg] = process.argv.slice(2);
if (!pkgDir || !mode || !runsArg || !kind) {
  console.error('usage: [ENGINE=chromium] node benches/wasm.mjs PKG_DIR chunk:N|part:MS RUNS KIND TEXT [PUZZLE_FILE COUNT]');
  process.exit(2);
}

/**
 * The runs, in whichever engine: self-contained (the browser gets its source), so it uses nothing
 * from this module.
 * @param {any} m  the wasm package (Session, PartCounter, QueueCounter, warm_engine)
 * @param {{mode: string, runs: number, kind: string, text: string, puzzles: string[], warm: number, idle: number}} a
 * @param {() => number | Promise<number>} [cpu]  the counting thread's CPU time in ms, where there is
 *   such a clock (node's own; in Chromium the driver's reading of the renderer's main thread)
 */
async function runAll(m, a, cpu) {
  const [how, sizeArg] = a.mode.split(':');
  const size = Number(sizeArg);
  /** One count in slices of the problem `s` holds; returns its timed figures. @param {any} s @param {string} kind @param {string} text */
  const count = async (s, kind, text) => {
    let ms = 0;
    let cpuMs = 0;
    let first = -1;
    let calls = 0;
    if (how === 'part') s = new m.PartCounter(kind, text, false, undefined, undefined, 0, 1);
    if (how === 'queue') {
      // As the run-to-end worker with one worker: the whole split's subproblems handed to it.
      s = new m.QueueCounter(kind, text, false, undefined, undefined, 1, true);
      for (let i = 0; i < s.subproblems(); i++) s.push(i);
    }
    // CPU time around the whole loop (a reading may be a round trip to the driver), wall clock
    // around each call.
    const c = cpu ? await cpu() : 0;
    for (;;) {
      const t = performance.now();
      const done = how === 'queue' ? s.count_for(size) === 0
        : how === 'part' ? s.count_for(size) : s.count_chunk(size);
      const dt = performance.now() - t;
      ms += dt;
      if (first < 0) first = dt;
      calls += 1;
      if (done) break;
    }
    if (cpu) cpuMs = (await cpu()) - c;
    const st = s.stats();
    return { ms, cpu_ms: cpu ? cpuMs : -1, first_ms: first, calls, solutions: st.solutions, nodes: st.nodes, updates: st.updates, engine: s.engine_name() };
  };
  // The worker's warm-up (www/workers/worker.js: warm_engine(WARM_MS) once the module is loaded), untimed.
  let warmed = 0;
  if (a.warm > 0) {
    const t = performance.now();
    m.warm_engine(a.warm);
    warmed = performance.now() - t;
    // The page idles between its warm-up and a click: V8's optimising compiles, queued by the
    // warm-up, finish on background threads meanwhile. Node's thread blocks; a page's main thread
    // may not (Atomics.wait throws there), so it spins.
    const until = performance.now() + a.idle;
    try {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, a.idle);
    } catch {
      while (performance.now() < until) { /* spin */ }
    }
  }
  const s = new m.Session();
  const out = [];
  for (let run = 0; run < a.runs; run++) {
    let r;
    if (a.kind === 'sudoku-set') {
      r = { ms: 0, cpu_ms: 0, first_ms: -1, calls: 0, solutions: 0, nodes: 0, updates: 0, engine: '' };
      for (const p of a.puzzles) {
        s.load('sudoku', p, false);
        const one = await count(s, 'sudoku', p);
        if (r.first_ms < 0) r.first_ms = one.ms;
        r.ms += one.ms;
        r.cpu_ms += one.cpu_ms;
        r.calls += one.calls;
        r.solutions += one.solutions;
        r.nodes += one.nodes;
        r.updates += one.updates;
        r.engine = one.engine;
      }
    } else {
      s.load(a.kind, a.text, false);
      r = await count(s, a.kind, a.text);
    }
    out.push({ run, warm_ms: warmed, ...r });
  }
  return out;
}

/** @type {string[]} */
let puzzles = [];
if (kind === 'sudoku-set') {
  puzzles = readFileSync(/** @type {string} */ (puzzleFile), 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .slice(0, Number(countArg));
}
const args = { mode, runs: Number(runsArg), kind, text, puzzles,
  warm: Number(process.env.WARM_MS || 0), idle: Number(process.env.IDLE_MS || 0) };
const require = createRequire(import.meta.url);

/**
 * The CPU time of this thread (node's main thread, which runs the wasm) in ms, from Linux's
 * /proc/thread-self/schedstat (nanoseconds on a core); undefined where it cannot be read.
 * @returns {(() => number) | undefined}
 */
function threadCpu() {
  // Opened once and read again from offset 0 (one pread a reading, about a microsecond: the Sudoku
  // sets make thousands of calls).
  const buf = Buffer.alloc(64);
  try {
    const fd = openSync('/proc/thread-self/schedstat', 'r');
    const read = () => {
      const n = readSync(fd, buf, 0, buf.length, 0);
      return Number(buf.toString('latin1', 0, n).split(' ')[0]) / 1e6;
    };
    read();
    return read;
  } catch {
    return undefined;
  }
}

/**
 * The schedstat files of the main threads of Chromium's renderer processes started under this one.
 * @returns {string[]}
 */
function rendererMains() {
  const parent = (/** @type {string} */ pid) => {
    try {
      return /^PPid:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] || '0';
    } catch {
      return '0';
    }
  };
  const mine = (/** @type {string} */ pid) => {
    for (let p = pid, n = 0; p !== '0' && n < 8; p = parent(p), n++) if (p === String(process.pid)) return true;
    return false;
  };
  /** @type {string[]} */
  const out = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('--type=renderer') && mine(pid)) {
        out.push(`/proc/${pid}/task/${pid}/schedstat`);
      }
    } catch { /* gone */ }
  }
  return out;
}

/** A thread's CPU time in ms from its schedstat file (0 when it cannot be read). @param {string} file */
function threadMs(file) {
  try {
    return Number(readFileSync(file, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0;
  }
}

/** In headless Chromium: the page's www/pkg, served from the project's folder. */
async function inChromium() {
  const { chromium } = require(path.join(ROOT, 'tests/browser/node_modules/playwright-core'));
  const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url || '/', 'http://localhost');
    // Cross-origin isolated, so that performance.now() is coarsened to 5 us, not 100 us (Chromium
    // jitters the rounding, so a sum of many short calls' times stays unbiased).
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    if (url.pathname === '/bench.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>bench</title>');
      return;
    }
    const file = path.normalize(path.join(ROOT, decodeURIComponent(url.pathname)));
    if (!file.startsWith(path.join(ROOT, 'www'))) {
      res.writeHead(403).end();
      return;
    }
    try {
      const type = /** @type {Record<string, string>} */ (MIME)[path.extname(file)] || 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/bench.html`);
    if (!(await page.evaluate('crossOriginIsolated'))) throw new Error('the bench page is not cross-origin isolated');
    // The CPU time of the page's thread: the main thread of its renderer process, read by this
    // driver from /proc (the page has no such clock). Of this browser's renderers, the one that
    // ran most since the last reading (the page's: a spare renderer starting up also ran, and a sum
    // of them came out above the wall clock).
    /** @type {Map<string, number>} */
    let last = new Map();
    let total = 0;
    const cpu = () => {
      const now = new Map(rendererMains().map((f) => [f, threadMs(f)]));
      let most = 0;
      for (const [f, ms] of now) {
        if (last.has(f) && ms > 0) most = Math.max(most, ms - /** @type {number} */ (last.get(f)));
      }
      total += most;
      last = now;
      return total;
    };
    const readable = cpu() >= 0 && last.size > 0;
    if (readable) await page.exposeFunction('benchCpu', cpu);
    const src = `(async () => {
      const m = await import('/www/pkg/dlx_studio.js');
      await m.default();
      return (${runAll.toString()})(m, ${JSON.stringify(args)}, ${readable ? 'window.benchCpu' : 'undefined'});
    })()`;
    return await page.evaluate(src);
  } finally {
    await browser.close();
    server.close();
  }
}

const results = process.env.ENGINE === 'chromium'
  ? await inChromium()
  : await runAll(require(path.resolve(pkgDir, 'dlx_studio.js')), args, threadCpu());
for (const r of results) console.log(JSON.stringify(r));
