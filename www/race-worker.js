// @ts-check
// One lane of the race (www/race.js), off the page's thread: a module worker with its own Racer
// (src/wasm.rs) over the same wasm package: dancing links or the naive 0-1 matrix, under one heuristic,
// on the loaded problem. It searches in slices of SLICE_MS, timed inside wasm with performance.now(),
// and posts its figures after each, with the time searched so far (wall clock: the lanes share the
// machine's cores). The page stops it by terminating it.
//
// In:  {kind, text, distinct, format, algorithm: 'dlx' | 'naive', heuristic: 'mrv' | 'first', untilSolution},
//      then {go: true} once every lane is ready (so that no lane searches while another still compiles
//      the engine or lays out its matrix)
// Out: {type: 'ready'}, then {type: 'progress' | 'done', stats: {nodes, updates, solutions, progress, done,
//      finished}, ms}; or {type: 'error', message}

import init, { Racer } from './pkg/dlx_studio.js';

const ready = init();
/** One slice, in ms: live figures several times a second, at little cost. */
const SLICE_MS = 40;

/** The lane, between 'ready' and 'go'. @type {{r: any, untilSolution: boolean} | null} */
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
    self.postMessage({ type: 'error', message: `the engine failed to start: ${err.message || err}` });
    return;
  }
  let r;
  try {
    r = new Racer(kind, text, !!distinct, format, algorithm, heuristic);
  } catch (err) {
    self.postMessage({ type: 'error', message: err.message || String(err) });
    return;
  }
  lane = { r, untilSolution: !!untilSolution };
  self.postMessage({ type: 'ready' });
};

/**
 * Searches in slices until finished, posting after each.
 * @param {any} r  the Racer @param {boolean} untilSolution
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
