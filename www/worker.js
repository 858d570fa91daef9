// @ts-check
// Run to the end, off the page's thread: a module worker with a PartCounter over the same wasm
// package, reading the same problem, counting one part of it (www/run.js starts one worker per
// core, part k of n each; core::split makes the same split in every worker, so the parts add up to
// the whole count, nodes and updates included). It counts in slices of SLICE_MS, timed inside wasm
// (PartCounter.count_for reads performance.now() between chunks of nodes), and posts its part's
// figures after each. The page cancels it by terminating it, so the loop needs no way out of its own.
//
// In:  {kind, text, distinct, format, tree, part, parts}   tree: Session.set_tree's name (undefined: DLX1)
// Out: {type: 'progress' | 'done', stats: {solutions, nodes, updates, done, total}, ms, tree (PartCounter.tree_name),
//      engine (PartCounter.engine_name: "bits" or "links"),
//       solutions (done: the part's first KEEP solutions (engine_facts().keep), [{seq, j, board}], PartCounter.kept)}
//      or {type: 'error', message, line, column}

import init, { PartCounter } from './pkg/dlx_studio.js';
import { messageOf } from './engine.js';

const ready = init();
/** One slice, in ms: often enough for a live progress bar, rare enough to cost nothing. */
const SLICE_MS = 50;

self.onmessage = async (e) => {
  const { kind, text, distinct, format, tree, part, parts } = e.data;
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', message: `the engine failed to start: ${messageOf(err)}` });
    return;
  }
  /** @type {PartCounter} */
  let c;
  try {
    // The split is made here, walking the tree chosen (undefined: DLX1).
    c = new PartCounter(kind, text, !!distinct, format, tree || undefined, part, parts);
  } catch (caught) {
    const err = /** @type {import('./engine.js').InputError} */ (caught);
    self.postMessage({ type: 'error', message: err.message, line: err.line, column: err.column });
    return;
  }
  // The worker's own counting time, from once the part is ready (its split made): the run box adds
  // them up to say how many workers counted at once; the run's time is the page's clock (www/run.js).
  const t0 = performance.now();
  for (;;) {
    const done = c.count_for(SLICE_MS);
    const solutions = done ? c.kept() : undefined;
    self.postMessage({ type: done ? 'done' : 'progress', stats: c.stats(), ms: performance.now() - t0, solutions, tree: c.tree_name(), engine: c.engine_name() });
    if (done) return;
  }
};
