// @ts-check
// Run to the end, off the page's thread: a module worker counting subproblems of the loaded problem
// that the page (www/run.js) hands it from one queue, on demand (src/wasm/queue.rs, QueueCounter).
// Every worker makes the same split (core::split: a function of the problem and the number of
// workers), so an index names the same subproblem in all of them, and their counts add up to the
// whole count, nodes and updates included.
//
// A worker is started ahead, while the page idles: it loads the wasm and warms the engine
// (warm_engine: the hot loops counted on small instances until V8 has compiled them in its
// optimising tier), so that a run starts at full speed. It counts in slices of SLICE_MS (timed inside
// wasm) and yields to its event loop between slices, so that the page's messages come in while it
// counts; when it begins the last subproblem it holds it asks for more and counts on meanwhile. The
// page cancels a run by terminating its workers.
//
// In:  {type: 'load', kind, text, distinct, format, tree, workers, top}   top: this worker counts the top
//      {type: 'take', subs: number[]}   subproblems to count, by index
//      {type: 'end'}                    no more will come: report 'done' once those held are counted
// Out: {type: 'warm', ms}               the engine is warm (ms: how long it took)
//      {type: 'ready', subproblems, estimate (of all subproblems: the progress bar's whole), tree, engine}
//      {type: 'more' | 'progress', stats: {solutions, nodes, updates, done, total}, ms}
//      {type: 'done', stats, ms, solutions: [{seq, j, board}] (its first KEEP in the search's order)}
//      {type: 'error', message, line, column}
// ms: the worker's own counting time since its 'ready' (the run box adds them up).

/* global MessageChannel */
import init, { QueueCounter, warm_engine } from './pkg/dlx_studio.js';
import { messageOf } from './engine.js';

/** One slice, in ms: often enough for a live progress bar, rare enough to cost nothing. */
const SLICE_MS = 50;
/** How long the engine is warmed up before the first run (once per worker). */
const WARM_MS = 120;

const ready = init().then(() => {
  const t = performance.now();
  warm_engine(WARM_MS);
  self.postMessage({ type: 'warm', ms: performance.now() - t });
});

/** This worker's counter for the run it is in (null before the first load). @type {QueueCounter | null} */
let q = null;
let noMore = false;
/** Resolves the wait of a worker that has counted all it holds. @type {(() => void) | null} */
let wake = null;

/** Back to the event loop at once (a MessageChannel, not setTimeout: nested timers are clamped to 4 ms). */
const channel = new MessageChannel();
/** @type {(() => void)[]} */
const yields = [];
channel.port1.onmessage = () => { const r = yields.shift(); if (r) r(); };
const yieldNow = () => new Promise((r) => { yields.push(/** @type {() => void} */ (r)); channel.port2.postMessage(0); });

self.onmessage = async (e) => {
  const m = e.data;
  if (m.type === 'take') {
    for (const i of m.subs) q?.push(i);
    if (wake) { const w = wake; wake = null; w(); }
    return;
  }
  if (m.type === 'end') {
    noMore = true;
    if (wake) { const w = wake; wake = null; w(); }
    return;
  }
  if (m.type !== 'load') return;
  // A worker kept from an earlier run: that run's counter goes.
  if (q) q.free();
  q = null;
  noMore = false;
  wake = null;
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', message: `the engine failed to start: ${messageOf(err)}` });
    return;
  }
  /** @type {QueueCounter} */
  let c;
  try {
    c = new QueueCounter(m.kind, m.text, !!m.distinct, m.format, m.tree, m.workers, !!m.top);
  } catch (caught) {
    const err = /** @type {import('./engine.js').InputError} */ (caught);
    self.postMessage({ type: 'error', message: err.message, line: err.line, column: err.column });
    return;
  }
  q = c;
  self.postMessage({ type: 'ready', subproblems: c.subproblems(), estimate: c.estimate(), tree: c.tree_name(), engine: c.engine_name() });
  try {
    await count(c);
  } catch (err) {
    self.postMessage({ type: 'error', message: `the count failed: ${messageOf(err)}` });
  }
};

/** Counts what `c` holds, slice by slice, asking for more, until the page says the end. @param {QueueCounter} c */
async function count(c) {
  const t0 = performance.now();
  for (;;) {
    const code = c.count_for(SLICE_MS);
    const ms = performance.now() - t0;
    if (code === 0 && noMore) {
      self.postMessage({ type: 'done', stats: c.stats(), ms, solutions: c.kept() });
      return;
    }
    // 2: the last subproblem held is begun (or none is held): ask for more, and count on.
    self.postMessage({ type: code === 2 ? 'more' : 'progress', stats: c.stats(), ms });
    if (code === 0) {
      // Everything held is counted: wait for more or for the end.
      await new Promise((r) => { wake = /** @type {() => void} */ (r); });
    } else {
      await yieldNow();
    }
  }
}
