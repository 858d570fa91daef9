// @ts-check
// Solve, off the page's thread: a module worker with a Solver (src/wasm/solve.rs) over the puzzle the
// page loaded, searching in slices of about SLICE_MS and posting its figures after each. When it has
// a verdict it posts what it found (the options of each level and the counters where each solution
// was found), which the page's Session follows (Session.solve_follow) to stand there itself, without
// searching again. The page stops a Solve by terminating the worker (www/tools/sudoku/solve.js), so
// the search needs no way out of its own and never yields.
//
// In:  {id, kind, text, distinct, format, tree}
// Out: {type: 'ready', id}                        the engine started and the puzzle read
//      {type: 'progress', id, nodes, found, ms}   after each slice: nodes so far, solutions found
//      {type: 'done', id, view, outcome, ms}      view as Session.solve returns it, outcome the text
//                                                 for Session.solve_follow
//      {type: 'error', id, message}

import init, { Solver } from '../pkg/dlx_studio.js';
import { messageOf } from '../engine/engine.js';

const ready = init();
/** One slice, in ms: figures several times a second, each a postMessage, little against a slice. */
const SLICE_MS = 50;

self.onmessage = async (e) => {
  const { id, kind, text, distinct, format, tree } = e.data;
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', id, message: `the engine failed to start: ${messageOf(err)}` });
    return;
  }
  let s;
  try {
    s = new Solver(kind, text, !!distinct, format, tree);
  } catch (err) {
    self.postMessage({ type: 'error', id, message: messageOf(err) });
    return;
  }
  self.postMessage({ type: 'ready', id });
  const t0 = performance.now();
  let slice = 500;
  try {
    for (;;) {
      const t = performance.now();
      const r = s.solve(slice);
      const dt = performance.now() - t;
      if (r.finished) {
        self.postMessage({ type: 'done', id, view: r, outcome: s.outcome(), ms: performance.now() - t0 });
        return;
      }
      // Slices sized by time, whatever a node costs (a killer's cost ten times a classic's).
      slice = Math.max(100, Math.min(5e7, Math.round(slice * SLICE_MS / Math.max(dt, 0.5))));
      self.postMessage({ type: 'progress', id, nodes: r.nodes, found: r.found, ms: performance.now() - t0 });
    }
  } catch (err) {
    self.postMessage({ type: 'error', id, message: messageOf(err) });
  } finally {
    s.free();
  }
};
