// @ts-check
// Run to the end, off the page's thread: a module worker counting subproblems of the loaded problem
// that the page (www/workers/run.js) hands it from one queue, on demand (src/wasm/queue.rs, QueueCounter).
// Every worker makes the same split (core::split: a function of the problem and the number of
// workers), so an index names the same subproblem in all of them, and their counts add up to the
// whole count, nodes and updates included.
//
// A worker is started ahead, while the page idles: it loads the wasm and warms the engine
// (warm_engine: the hot loops counted on small instances until V8 has compiled them in its
// optimising tier), so that a run starts at full speed; and once a problem is loaded, the page has
// the idle workers read and split it too (a 'load' without go), so that a click on Run to end only
// says go. It counts in slices of SLICE_MS (timed inside wasm) and yields to its event loop between
// slices, so that the page's messages come in while it counts; when it begins the last subproblem
// it holds it asks for more and counts on meanwhile. The page cancels a run by terminating its
// workers.
//
// In:  {type: 'load', key, kind, text, distinct, format, tree, workers, top, go}   reads and splits
//                                   (top: this worker counts the top); go: counts at once
//      {type: 'go', key, subs}          counts the problem of that key (loaded, or once loaded),
//                                       starting with subproblems subs (by index)
//      {type: 'take', subs: number[]}   subproblems to count, by index
//      {type: 'end'}                    no more will come: report 'done' once those held are counted
//      {type: 'memo', key, kind, text, distinct, format, budget}   counts the whole problem with memos
//                                       (Knuth's DLX6; src/wasm/memo.rs), alone, in a table of at
//                                       most budget MiB
// Out: {type: 'warm', ms}               the engine is warm (ms: how long it took)
//      {type: 'ready', key, subproblems, estimate (of all subproblems: the progress bar's whole), tree,
//       engine, got, at}                read and split (got, at: when the load came in and when done)
//      {type: 'more'}                   few subproblems held: more, please
//      {type: 'progress', stats: {solutions, nodes, updates, done, total}, ms}   once a slice
//      {type: 'done', stats, ms, solutions: [{seq, j, board}] (its first KEEP in the search's order),
//       times: {begun, counting, waiting, waits, yielding, posting, asks, latency, held}, at}   where its
//       time went (count below)
//      {type: 'memo-progress', stats: {nodes, hits, memos, bytes, full, updates, splits, done}, ms}
//                                       once a slice, while it counts with memos
//      {type: 'memo-done', stats: (as memo-progress, with solutions, a decimal string, or gaveUp,
//       why memos paid too little: the page counts without them), ms}
//      {type: 'error', key, message, line, column}
// ms: the worker's own time since it began counting (the run box adds them up).

/* global MessageChannel */
import init, { QueueCounter, count_with_memos, warm_engine } from '../pkg/dlx_studio.js';
import { messageOf } from '../engine/engine.js';

/** Now on a clock shared by the page and every worker (ms since 1970, fractional). */
const clock = () => performance.timeOrigin + performance.now();

/**
 * One slice, in ms: the worker reports its figures and reads the page's messages between slices.
 * Often enough for the run box (redrawn four times a second), rare enough to cost nothing: at 50 ms
 * the reports (stats() and postMessage) took 4-33 ms of each worker's 0.45-0.66 s on 14-queens. A
 * request for more subproblems does not wait for the slice's end (count_for returns 2 at once).
 */
const SLICE_MS = 200;
/** How long the engine is warmed up before the first run (once per worker). */
const WARM_MS = 120;

const ready = init().then(() => {
  const t = performance.now();
  warm_engine(WARM_MS);
  self.postMessage({ type: 'warm', ms: performance.now() - t });
});

/**
 * The counter of the page's latest load and its key (empty once a run has taken it: a counter counts
 * once), and the key the page said go for (a 'go' may come before the load it names is done).
 * @type {QueueCounter | null}
 */
let q = null;
let qKey = '';
let go = '';
/**
 * The 'load' messages received, and which of them made `q`: a go counts only the counter of the
 * latest load. A cold worker given two loads of one key and a go before its engine is ready (the
 * page's run without memos right after a memo run gave up, reading ahead again with the first
 * worker now another) began the go on the first load's counter, and the second load then freed it
 * under the count: "the count failed: null pointer passed to rust".
 */
let loadsAsked = 0;
let qLoad = 0;
/** The subproblems that came with the page's go, to count before asking for more. @type {number[]} */
let goSubs = [];
let noMore = false;
/** Resolves the wait of a worker that has counted all it holds. @type {(() => void) | null} */
let wake = null;
/** Loads one after the other (each awaits the engine). */
let loads = Promise.resolve();
/** When the last question for more went out, and the answers' latency added up. */
const asked = { at: 0, total: 0, n: 0 };

/** Back to the event loop at once (a MessageChannel, not setTimeout: nested timers are clamped to 4 ms). */
const channel = new MessageChannel();
/** @type {(() => void)[]} */
const yields = [];
channel.port1.onmessage = () => { const r = yields.shift(); if (r) r(); };
const yieldNow = () => new Promise((r) => { yields.push(/** @type {() => void} */ (r)); channel.port2.postMessage(0); });

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'take' || m.type === 'end') {
    if (asked.at) { asked.total += performance.now() - asked.at; asked.n++; asked.at = 0; }
  }
  if (m.type === 'take') {
    for (const i of m.subs) q?.push(i);
    if (wake) { const w = wake; wake = null; w(); }
  } else if (m.type === 'end') {
    noMore = true;
    if (wake) { const w = wake; wake = null; w(); }
  } else if (m.type === 'go') {
    go = m.key;
    goSubs = m.subs || [];
    begin();
  } else if (m.type === 'load') {
    if (m.go) go = m.key;
    const seq = ++loadsAsked;
    loads = loads.then(() => load(m, seq));
  } else if (m.type === 'memo') {
    loads = loads.then(() => memo(m));
  }
};

/**
 * Counts a problem whole with memos: one call into wasm that reports once a slice and returns the
 * count (the page cancels by terminating the worker, as any run).
 * @param {{key: string, kind: string, text: string, distinct?: boolean, format?: string, budget: number}} m
 */
async function memo(m) {
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', key: m.key, message: `the engine failed to start: ${messageOf(err)}` });
    return;
  }
  const t0 = performance.now();
  try {
    const report = (/** @type {object} */ stats) => self.postMessage({ type: 'memo-progress', stats, ms: performance.now() - t0 });
    const stats = count_with_memos(m.kind, m.text, !!m.distinct, m.format, m.budget, SLICE_MS, report);
    self.postMessage({ type: 'memo-done', stats, ms: performance.now() - t0 });
  } catch (caught) {
    const err = /** @type {import('../engine/engine.js').InputError} */ (caught);
    self.postMessage({ type: 'error', key: m.key, message: err.message, line: err.line, column: err.column });
  }
}

/**
 * Reads and splits the problem of a 'load' (the one before freed), says 'ready', and counts if the
 * page said go for it.
 * @param {{key: string, kind: string, text: string, distinct?: boolean, format?: string, tree?: string, workers: number, top: boolean}} m
 * @param {number} seq  which 'load' this is (loadsAsked when it came)
 */
async function load(m, seq) {
  const got = clock();
  if (q) q.free();
  q = null;
  qKey = '';
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', key: m.key, message: `the engine failed to start: ${messageOf(err)}` });
    return;
  }
  try {
    q = new QueueCounter(m.kind, m.text, !!m.distinct, m.format, m.tree, m.workers, !!m.top);
  } catch (caught) {
    const err = /** @type {import('../engine/engine.js').InputError} */ (caught);
    self.postMessage({ type: 'error', key: m.key, message: err.message, line: err.line, column: err.column });
    return;
  }
  qKey = m.key;
  qLoad = seq;
  self.postMessage({ type: 'ready', key: m.key, subproblems: q.subproblems(), estimate: q.estimate(), tree: q.tree_name(), engine: q.engine_name(), got, at: clock() });
  begin();
}

/** Counts the counter loaded if the page said go for it (and no count is under way). */
function begin() {
  if (!q || !qKey || go !== qKey || qLoad !== loadsAsked) return;
  const c = q;
  qKey = '';
  go = '';
  for (const i of goSubs) c.push(i);
  goSubs = [];
  noMore = false;
  wake = null;
  Object.assign(asked, { at: 0, total: 0, n: 0 });
  count(c, clock()).catch((err) => self.postMessage({ type: 'error', message: `the count failed: ${messageOf(err)}` }));
}

/**
 * Counts what `c` holds, slice by slice, asking for more, until the page says the end. Its 'done'
 * says where its time went: when it began (clock()), counting (in count_for), waiting for the page's
 * answers (with nothing held), yielding to its event loop between slices, posting its messages, and
 * the page's answers' latency (the mean from a question to its answer), and the subproblems it held
 * when it began (those that came with go).
 * @param {QueueCounter} c @param {number} begun  when (clock())
 */
async function count(c, begun) {
  const t0 = performance.now();
  const held = c.pending();
  let counting = 0, waiting = 0, waits = 0, yielding = 0, posting = 0;
  let shown = t0;
  for (;;) {
    const t = performance.now();
    const code = c.count_for(SLICE_MS);
    const now = performance.now();
    const ms = now - t0;
    counting += now - t;
    if (code === 0 && noMore) {
      const times = { begun, counting, waiting, waits, yielding, posting, asks: asked.n, latency: asked.n ? asked.total / asked.n : 0, held };
      self.postMessage({ type: 'done', stats: c.stats(), ms, solutions: c.kept(), times, at: clock() });
      return;
    }
    // 2: few subproblems held: ask for more (a bare question: the figures go once a slice), and
    // count on.
    if (code === 2) {
      asked.at = now;
      self.postMessage({ type: 'more' });
    }
    if (now - shown >= SLICE_MS) {
      shown = now;
      self.postMessage({ type: 'progress', stats: c.stats(), ms });
    }
    posting += performance.now() - now;
    if (code === 0) {
      // Everything held is counted: wait for more or for the end.
      const w0 = performance.now();
      await new Promise((r) => { wake = /** @type {() => void} */ (r); });
      waiting += performance.now() - w0;
      waits++;
    } else {
      const y0 = performance.now();
      await yieldNow();
      yielding += performance.now() - y0;
    }
  }
}
