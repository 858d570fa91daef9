// @ts-check
// The wasm half of `cargo bench --bench wasm` (benches/wasm.rs starts it; see benches/README.md): counts
// one workload with the page's own wasm build (`Session`, wasm-bindgen `--target nodejs` of the same
// release .wasm that `make wasm` builds) under node, in the page's slices, and prints one JSON line a run.
//
//   node benches/wasm.mjs PKG_DIR MODE RUNS KIND TEXT [PUZZLE_FILE COUNT]
//
// MODE: `chunk:N`  -- `Session.count_chunk(N)` until done (N nodes a call: the page's Solve and next
//                     solution take node slices; the issue measured 10,000);
//       `part:MS`  -- `count_part(0, 1)` (untimed: the split), then `count_part_for(MS)` until done:
//                     exactly what the run-to-end worker (www/worker.js, SLICE_MS = 50) calls.
// KIND `sudoku-set`: TEXT is ignored; the first COUNT puzzles of PUZZLE_FILE are each loaded (untimed)
// and counted in chunk mode, their times added up.
//
// Only the counting calls are timed (performance.now() around each call into wasm, added up): loading
// the module, `load` and the split are not. Run 0 is the first in a fresh process, so it includes V8's
// baseline (Liftoff) code until the hot functions are tiered up; later runs are the steady state. Each
// line: {run, ms, first_ms (the first call's time), calls, solutions, nodes, updates}.

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [pkgDir, mode, runsArg, kind, text, puzzleFile, countArg] = process.argv.slice(2);
if (!pkgDir || !mode || !runsArg || !kind) {
  console.error('usage: node benches/wasm.mjs PKG_DIR chunk:N|part:MS RUNS KIND TEXT [PUZZLE_FILE COUNT]');
  process.exit(2);
}
const require = createRequire(import.meta.url);
const { Session } = require(path.resolve(pkgDir, 'dlx_studio.js'));
const [how, sizeArg] = mode.split(':');
const size = Number(sizeArg);
const runs = Number(runsArg);

/** One count in slices; returns its timed figures. @param {any} s */
function count(s) {
  let ms = 0;
  let first = -1;
  let calls = 0;
  if (how === 'part') {
    s.count_part(0, 1);
  }
  for (;;) {
    const t = performance.now();
    const done = how === 'part' ? s.count_part_for(size) : s.count_chunk(size);
    const dt = performance.now() - t;
    ms += dt;
    if (first < 0) first = dt;
    calls += 1;
    if (done) break;
  }
  const st = how === 'part' ? s.part_stats() : s.stats();
  return { ms, first_ms: first, calls, solutions: st.solutions, nodes: st.nodes, updates: st.updates };
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

const s = new Session();
for (let run = 0; run < runs; run++) {
  let r;
  if (kind === 'sudoku-set') {
    r = { ms: 0, first_ms: -1, calls: 0, solutions: 0, nodes: 0, updates: 0 };
    for (const p of puzzles) {
      s.load('sudoku', p, false);
      const one = count(s);
      if (r.first_ms < 0) r.first_ms = one.ms;
      r.ms += one.ms;
      r.calls += one.calls;
      r.solutions += one.solutions;
      r.nodes += one.nodes;
      r.updates += one.updates;
    }
  } else {
    s.load(kind, text, false);
    r = count(s);
  }
  console.log(JSON.stringify({ run, ...r }));
}
