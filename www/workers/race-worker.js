// @ts-check
// One lane of the race (www/workers/race.js), off the page's thread: a module worker with its own Racer
// (src/wasm/race.rs) over the same wasm package: dancing links or the naive 0-1 matrix, under one heuristic,
// on the loaded problem. It searches in slices of SLICE_MS, timed inside wasm with performance.now(),
// and posts its figures after each, with the time searched so far (wall clock: the lanes share the
// machine's cores). The page stops it by terminating it.
//
// In:  {kind, text, distinct, format, algorithm: 'dlx' | 'naive', heuristic: 'mrv' | 'first', untilSolution},
//      then {go: true} once every lane is ready (so that no lane searches while another still compiles
//      the engine or lays out its matrix)
// Out: {type: 'ready'}, then {type: 'progress' | 'done', stats: {nodes, updates, solutions, progress, done,
//      finished}, ms}; or {type: 'error', message}

import init, { Racer } from '../pkg/dlx_studio.js';
import { messageOf } from '../engine/engine.js';

const ready = init();
/** One slice, in ms: live figures several times a second, at little cost. */
const SLICE_MS = 40;
/** Untimed searching on a copy of the lane before the race, so that it is timed in optimised code. */
const WARM_MS = 60;

/** The lane, between 'ready' and 'go'. @type {{r: Racer, untilSolution: boolean} | null} */
let lane = null;

self.onmessage = async (e) => {
  if (e.data.go) {
    if (lane) search(lane.r, lane.untilSolution);
    return;
  }
  const { kind, text, distinct, format, algorithm, heuristic, untilSolution } = e.data;
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', message: `the engine failed to start: ${messageOf(err)}` });
    return;
  }
  let r;
  try {
    r = new Racer(kind, text, !!distinct, format, algorithm, heuristic);
  } catch (err) {
    self.postMessage({ type: 'error', message: messageOf(err) });
    return;
  }
  // Warm the engine up on a throwaway copy of the lane before it is timed. V8 first runs wasm in its
  // baseline tier and swaps in optimised code only for calls that start after a function has run
  // hot for a while, so an untimed lane that finishes in tens of milliseconds ran mostly in the slow
  // tier: on 11-queens DLX under MRV was timed at 4x naive where the native builds differ by 10x and
  // more. A long lane (naive) was hardly affected, so the ratio was biased against the fast engine.
  try {
    const w = new Racer(kind, text, !!distinct, format, algorithm, heuristic);
    const until = performance.now() + WARM_MS;
    while (performance.now() < until && !w.run_for(5, false));
    w.free();
  } catch { /* the lane itself was built: a failed warm-up only leaves it cold */ }
  // Give the optimising compiler, which runs in the background, a moment to finish.
  await new Promise((done) => setTimeout(done, 30));
  lane = { r, untilSolution: !!untilSolution };
  self.postMessage({ type: 'ready' });
};

/**
 * Searches in slices until finished, posting after each.
 * @param {Racer} r @param {boolean} untilSolution
 */
function search(r, untilSolution) {
  // The clock starts once the problem is read and laid out: the race times the search alone.
  const t0 = performance.now();
  for (;;) {
    const done = r.run_for(SLICE_MS, untilSolution);
    self.postMessage({ type: done ? 'done' : 'progress', stats: r.stats(), ms: performance.now() - t0 });
    if (done) return;
  }
}
