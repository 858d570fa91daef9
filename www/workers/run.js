// @ts-check
// Run to the end: counts every solution of the loaded problem off the page's thread (www/workers/worker.js),
// apart from the page's own search, which it never touches. The app starts, cancels and forgets runs
// and reads `state` to draw the run box; how the counting is spread over workers is this module's and
// worker.js's business alone.
//
// Interface:
//   const runs = new RunToEnd(onChange)  onChange() is called after every change of `state`
//   runs.start(spec, title, since)       spec {kind, text, distinct, format, tree, memo}; a run in progress
//                                        is cancelled; the workers walk spec.tree (default DLX1's); its time
//                                        counts from since (the click's performance.now(), default now);
//                                        memo: one worker counts it whole with memos (Knuth's DLX6,
//                                        src/wasm/memo.rs), and all of them without where memos pay
//                                        too little
//   runs.upcoming, runs.beforehand       the app's: the problem loaded, which the idle workers read and
//                                        split ahead (prepare()), and what else the page does ahead
//   runs.cancel()                        the user's cancel: state 'cancelled'
//   runs.forget()                        a load or reset: any run is stopped, state back to 'idle'
//   runs.ask(spec, title, estimate)      a huge search: state 'confirm' until runs.confirm() or cancel()
//   runs.warm()                          starts (and warms) the workers ahead of a run: the app calls it
//                                        once the page is idle; a run takes them from this pool
//   runs.workers                         0 (default): one worker per core; n > 0: exactly n (tests)
//   runs.state                           {phase, title, stats, ms, message, estimate, workers}
//   estimateNodes(wasm, spec)            Knuth's estimate of the tree's size (one probe), for `ask`
//
// Phases: 'idle' (no run to show), 'confirm' (waiting for "run anyway"), 'running', 'done' (stats are
// the totals), 'cancelled', 'error'.

import { LIMITS } from '../engine/engine.js';

/**
 * @typedef {object} RunStats  the parts' figures added up
 * @property {number | bigint} solutions  a BigInt from a run with memos (exact past 2^53)
 * @property {number} nodes @property {number} updates
 * @property {number} progress  Knuth's estimate of the fraction done, over all parts
 */
/**
 * A worker's word that it has read and split a problem: how many subproblems, Knuth's estimate of
 * them all, the tree and engine, and when (got: the load came in; at: done; ms since 1970).
 * @typedef {{key: string, subproblems: number, estimate: number, tree: string, engine: string, got: number, at: number}} Ready
 */
/**
 * Where a worker's time went in a run, in ms: got, ready, begun, done: when its load came in, when it
 * had read and split the problem, when it began counting, when it was done, from the run's start
 * (negative: ahead, while the page idled); counting: its time counting; waiting: with nothing held,
 * for the page's answer (waits: how many times); yielding: to its event loop between slices;
 * posting: its messages to the page (questions and figures); asks: its questions for more;
 * latency: the mean time to an answer; held: the subproblems it held when it began counting (those
 * that came with the word go).
 * @typedef {{got: number, ready: number, begun: number, done: number, counting: number, waiting: number, waits: number, yielding: number, posting: number, asks: number, latency: number, held: number}} WorkerTimes
 */
/**
 * An idle worker of the pool: warm once it said so; key: the problem it was given to read ahead
 * (keyOf; '' none), top: whether it counts the top of it, ready: its word once read and split.
 * @typedef {{worker: Worker, warm: boolean, key: string, top: boolean, ready: Ready | null}} Idle
 */
/** One worker's figures (PartCounter.stats). @typedef {import('../pkg/dlx_studio.js').PartStats} PartStats */
/**
 * @typedef {object} RunState
 * @property {'idle' | 'confirm' | 'running' | 'done' | 'cancelled' | 'error'} phase
 * @property {string} title   the problem counted
 * @property {RunStats | null} stats  the latest counts (totals once done)
 * @property {number} ms      time since the run started, in ms (the page's clock: the workers' start-up
 *                            and split included, as a person timing the run would count)
 * @property {number} [busy]  the workers' own counting times added up, in ms: busy / ms is how many
 *                            counted at once on average
 * @property {number} [workers] how many workers count
 * @property {string} message an error's message
 * @property {number} estimate Knuth's estimate of the nodes of the tree (0 when not made)
 * @property {import('../engine/model.js').Board[]} [solutions] once done: the first solutions found (up to LIMITS.keep), as boards
 * @property {string} [engine] what the workers count with, as Session.engine_name says it ("bits" or
 *                            "links")
 * @property {boolean} [ahead] whether the workers had read and split the problem while the page
 *                            idled (then the run's time is the count's alone)
 * @property {number} [warm]  how many of the run's workers had warmed the engine when it started
 * @property {string} [cli]   the CLI command that counts the same problem on as many threads
 * @property {WorkerTimes[]} [timeline] once done, where each worker's time went
 * @property {number} [subproblems] how many subproblems the workers took from the queue
 * @property {string} [tree]  the tree the workers walk, as Session.tree_name says it ("dlx1",
 *                            "lookahead", "dlx3"): the nodes are that tree's
 * @property {MemoFigures} [memo]  a run with memos: DLX6's figures (its stats.nodes are DLX6's nodes,
 *                            its stats.solutions a BigInt once done, 0 before: with memos a count is
 *                            known only at the end; its stats.progress the top levels' share done)
 * @property {string} [memoNote]  why a run asked with memos counts without them (hits too rare)
 */
/**
 * A run with memos, as count_with_memos reports it (src/wasm/memo.rs).
 * @typedef {{nodes: number, hits: number, memos: number, bytes: number, full: boolean, updates: number, splits: number, done: number, budget: number, solutions?: string, gaveUp?: string}} MemoFigures
 */

/** Solutions a run keeps for the page's list: the first ones in the search's order. */

/**
 * The run box's figures change at most this often while a run goes (ms): each change is a layout
 * and a paint of the page, on a thread that shares the cores with the workers.
 */
const SHOW_MS = 250;

/**
 * A problem text longer than this is not read ahead: each worker would hold its own copy of a large
 * matrix before anyone asked for a run. It is read after the click, as before.
 */
const AHEAD_MAX_TEXT = 1 << 20;

/** More workers than this gain nothing on a page (and each holds its own copy of the matrix). */
const MAX_WORKERS = 16;

/**
 * The memo table's budget in a run with memos, in MiB: an eighth of the device's memory as the
 * browser tells it (navigator.deviceMemory, Chromium's: 8 at most), from 256 MiB to 1 GiB, the CLI's
 * default; 512 MiB where the browser does not tell. A tab's memory is the machine's, and a phone's
 * is small. When the table is full it evicts its smallest subproblems and counts on: domino tilings
 * of 16x16 take 165 MB; Latin squares of order 6 count in 36 s natively within 1 GiB (10.9 million
 * memos kept, 6.5 million evicted), and take minutes within 512 MiB.
 */
export const MEMO_BUDGET_MIB = Math.max(256, Math.min(1024, 128 * (Number(/** @type {any} */ (globalThis.navigator)?.deviceMemory) || 4)));

/** Above this many nodes by the estimate, the user is asked before the run starts. */
export const HUGE_NODES = 1e10;

/**
 * Knuth's estimate of the size of the search tree from one probe ("Estimating the efficiency of
 * backtrack programs", 1975): down one path, the tree is taken to branch at each level as it does on
 * the path, so it has 1 + d1 + d1·d2 + … nodes. The probe is the path the search takes first (leftmost
 * options), in a session of its own; it stops at the first solution or dead end. The probe is
 * deterministic, so the last one is kept: the page makes it while it idles (RunToEnd.beforehand),
 * and the click on Run to end reads it (on 14-queens the probe took 8 ms of the click's 10).
 * @param {import('../engine/engine.js').Wasm} wasm
 * @param {import('../engine/model.js').ProblemSpec} spec
 */
export function estimateNodes(wasm, spec) {
  const key = JSON.stringify([spec.kind, spec.text, !!spec.distinct]);
  if (estimated.key === key) return estimated.nodes;
  const nodes = probe(wasm, spec);
  estimated = { key, nodes };
  return nodes;
}

/** The last estimate made, and of what (estimateNodes's key). */
let estimated = { key: '', nodes: 0 };

/** @param {import('../engine/engine.js').Wasm} wasm @param {import('../engine/model.js').ProblemSpec} spec */
function probe(wasm, spec) {
  const s = new wasm.Session();
  try {
    s.load(spec.kind, spec.text, spec.distinct);
    for (let i = 0; i < 100000; i++) {
      const before = s.stats();
      if (!s.step_to_choice()) break;
      const after = s.stats();
      const path = s.tree();
      const last = path[path.length - 1];
      if (after.solutions > before.solutions || (last && last.d === 0)) break;
    }
    let total = 1, product = 1;
    for (const level of s.tree()) {
      if (!level.d) break;
      product *= level.d;
      total += product;
    }
    return total;
  } finally {
    s.free();
  }
}

/**
 * The CLI command that counts the same problem on `n` threads, as the run box shows it beside the
 * page's time (the page cannot run it; the reader can).
 * @param {import('../engine/model.js').ProblemSpec} spec @param {number} n @returns {string}
 */
export function cliCommand(spec, n) {
  const text = String(spec.text || '').trim();
  const arg = !text ? '' : /^[\w.x-]+$/.test(text) && text.length <= 100 ? ` ${text}` : /\n/.test(text) ? ' FILE' : ` '${text}'`;
  const distinct = spec.distinct ? ' --distinct' : '';
  if (spec.memo) return `dlx count ${spec.kind}${arg}${distinct} --memo --memo-budget ${MEMO_BUDGET_MIB}`;
  const tree = spec.tree && spec.tree !== 'dlx1' ? ` --tree ${spec.tree}` : '';
  return `dlx count ${spec.kind}${arg}${distinct}${tree} --threads ${n}`;
}

/**
 * What `dlx count --threads N` took for a problem, as measured by tests/browser/parallel.test.mjs
 * (the page's run and the CLI one after the other, same machine, same minute), keyed by the CLI
 * command. Only figures measured are here; for any other problem the box gives the command alone.
 * @type {Record<string, {seconds: number, when: string}>}
 */
export const NATIVE = {};

export class RunToEnd {
  /** @param {() => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    /** 0: one worker per core; tests may ask for a number. */
    this.workers = 0;
    /** @type {Worker[]} */
    this._workers = [];
    /** @type {RunState} */
    this.state = { phase: 'idle', title: '', stats: null, ms: 0, message: '', estimate: 0 };
    /** The run waiting for "run anyway". @type {[import('../engine/model.js').ProblemSpec, string] | null} */
    this._asked = null;
    /** Workers started ahead of a run, warm once they said so, and what each has read ahead. @type {Idle[]} */
    this._pool = [];
    /**
     * The problem loaded on the page, which the idle workers read and split ahead of a click (the
     * app sets it; null: nothing to prepare). @type {() => (import('../engine/model.js').ProblemSpec | null)}
     */
    this.upcoming = () => null;
    /** What else the page does ahead for that problem (the app: Knuth's estimate, for the click). */
    this.beforehand = (/** @type {import('../engine/model.js').ProblemSpec} */ _spec) => {};
  }

  get running() { return this.state.phase === 'running'; }

  /** How many workers a run uses. */
  _count() {
    return this.workers > 0 ? this.workers
      : Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
  }

  /**
   * Starts the workers a run will use, ahead of it: each loads the wasm and warms the engine (the
   * hot loops compiled by V8's optimising tier), so that a run starts at full speed. Called while
   * the page idles, and again after a run's workers are terminated.
   */
  warm() {
    const n = this._count();
    while (this._pool.length < n) {
      const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
      this._pool.push(this._idle(worker, true));
    }
    this.prepare();
  }

  /**
   * A worker in the pool, and what it says while idle: that it is warm, and that it has read and
   * split a problem ahead (its figures kept for the run that takes it).
   * @param {Worker} worker @param {boolean} cold  started now: warm once it says so
   * @returns {Idle}
   */
  _idle(worker, cold) {
    /** @type {Idle} */
    const w = { worker, warm: !cold, key: '', top: false, ready: null };
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'warm') w.warm = true;
      else if (m.type === 'ready' && m.key === w.key) w.ready = m;
      // A problem the worker cannot read ahead: the run, if clicked, loads it again and says why.
      else if (m.type === 'error' && m.key === w.key) w.key = '';
    };
    return w;
  }

  /**
   * Has the idle workers read and split the problem loaded on the page (this.upcoming()) for a run
   * on as many workers as a run takes, so that a click on Run to end only says go: the page does
   * it while it idles, after a load and after a run. Workers that already hold it are left alone.
   */
  prepare() {
    const spec = this.upcoming();
    const n = this._count();
    if (!spec || this._pool.length < n || String(spec.text ?? '').length > AHEAD_MAX_TEXT) return;
    this.beforehand(spec);
    const key = keyOf(spec, n);
    this._pool.slice(0, n).forEach((w, k) => {
      if (w.key === key && w.top === (k === 0)) return;
      w.key = key;
      w.top = k === 0;
      w.ready = null;
      w.worker.postMessage({ type: 'load', key, kind: spec.kind, text: spec.text, distinct: spec.distinct, format: spec.format, tree: spec.tree, workers: n, top: w.top, go: false });
    });
  }

  /** Whether the idle workers hold the problem loaded, read and split (tests wait for it). */
  prepared() {
    const spec = this.upcoming();
    const n = this._count();
    if (!spec || this._pool.length < n) return false;
    const key = keyOf(spec, n);
    return this._pool.slice(0, n).every((w) => w.key === key && w.ready !== null);
  }

  /**
   * @param {import('../engine/model.js').ProblemSpec} spec
   * @param {string} title
   * @param {number} [since]  when the user asked (performance.now()): the run's time counts from then
   */
  start(spec, title, since = performance.now()) {
    this._stop();
    if (spec.memo) { this._startMemo(spec, title, since); return; }
    const n = this._count();
    this.warm();
    const pool = this._pool.splice(0, n);
    // Read and split ahead for this very problem (exactly one of them counting the top)? Then go.
    const key = keyOf(spec, n);
    const ahead = pool.every((w) => w.key === key) && pool.filter((w) => w.top).length === 1;
    /** @type {(PartStats | null)[]} */
    const parts = new Array(n).fill(null);
    const ms = new Array(n).fill(0);
    /** @type {import('../pkg/dlx_studio.js').PartKept[]} */
    const kept = [];
    let finished = 0;
    // The queue: subproblems by index, largest first (the split's order), handed out on demand.
    let next = 0, total = -1, whole = 0;
    const started = Math.min(since, performance.now());
    let shown = started;
    const t0 = performance.timeOrigin + started;
    /** @type {WorkerTimes[]} */
    const timeline = pool.map(() => ({ got: 0, ready: 0, begun: 0, done: 0, counting: 0, waiting: 0, waits: 0, yielding: 0, posting: 0, asks: 0, latency: 0, held: 0 }));
    // Knuth's estimate of the tree goes on only from the question it answered ("run anyway"): a
    // later run of another problem kept the huge one's, and its time left with it.
    const estimate = this.state.phase === 'confirm' ? this.state.estimate : 0;
    this.state = { phase: 'running', title, stats: null, ms: 0, busy: 0, message: '', estimate, workers: n, tree: spec.tree || 'dlx1', warm: pool.filter((w) => w.warm).length, ahead: ahead && pool.every((w) => w.ready), cli: cliCommand(spec, n) };
    const workers = pool.map((w) => w.worker);
    /** A worker has read and split the problem (now or ahead). @param {number} k @param {Ready} m */
    const ready = (k, m) => {
      timeline[k].got = m.got - t0;
      timeline[k].ready = m.at - t0;
      total = m.subproblems;
      whole = m.estimate;
      if (m.tree) this.state.tree = m.tree;
      if (m.engine) this.state.engine = m.engine;
    };
    /** The next subproblems to hand out (none once all are). */
    const take = () => {
      // Early on, a few at a time (the largest come first, so the ask-and-answer is rare anyway);
      // one at a time at the end, where the balance is made.
      const k = Math.max(1, Math.floor((total - next) / (8 * n)));
      const subs = [];
      for (let j = 0; j < k && next < total; j++) subs.push(next++);
      return subs;
    };
    /** @param {Worker} worker */
    const give = (worker) => {
      if (next >= total) { worker.postMessage({ type: 'end' }); return; }
      worker.postMessage({ type: 'take', subs: take() });
    };
    workers.forEach((worker, k) => {
      // A message from a worker of a stopped run (a worker posts on until terminated) is dropped.
      worker.onmessage = (e) => {
        if (this._workers !== workers) return;
        const m = e.data;
        if (m.type === 'warm') return;
        if (m.type === 'error') {
          if (m.key === undefined || m.key === key) this._end('error', m.message);
          return;
        }
        if (m.type === 'ready') {
          if (m.key === key) ready(k, m);
          return;
        }
        if (m.type === 'more') { give(worker); return; }
        parts[k] = m.stats;
        ms[k] = m.ms;
        if (m.type === 'done') {
          Object.assign(timeline[k], m.times, { begun: m.times.begun - t0, done: m.at - t0 });
          finished++;
          if (m.solutions) kept.push(...m.solutions);
        }
        const now = performance.now();
        if (finished < n && now - shown < SHOW_MS) return;
        shown = now;
        this.state.stats = sum(parts, whole);
        this.state.ms = performance.now() - started;
        this.state.busy = ms.reduce((a, b) => a + b, 0);
        if (finished === n) {
          // The workers' first solutions, keyed by their place in the whole search's order.
          kept.sort((x, y) => x.seq - y.seq || x.j - y.j);
          this.state.solutions = kept.slice(0, LIMITS.keep).map((x) => x.board);
          this.state.timeline = timeline;
          this.state.subproblems = total;
          // They are idle now: kept for the next run (warm), not terminated, and given the problem
          // again to read ahead (their counters are spent) once the page idles.
          this._workers = [];
          this._pool.push(...workers.map((worker) => this._idle(worker, false)));
          this._end('done');
          whenIdle(() => this.prepare());
        }
        else this.onChange();
      };
      worker.onerror = (e) => {
        if (this._workers !== workers) return;
        this._end('error', e.message || 'a worker stopped');
      };
      if (ahead) {
        const r = pool[k].ready;
        if (r) ready(k, r);
        // The first subproblems go with the word go: asked for once the worker began, they waited
        // for the page's thread, busy with the click for the first 14-26 ms of a 0.26 s run
        // (14-queens on 2 workers), while the workers stood idle.
        worker.postMessage({ type: 'go', key, subs: total > 0 ? take() : [] });
      } else {
        worker.postMessage({ type: 'load', key, kind: spec.kind, text: spec.text, distinct: spec.distinct, format: spec.format, tree: spec.tree, workers: n, top: k === 0, go: true });
      }
    });
    this._workers = workers;
    this.onChange();
  }

  /**
   * A run with memos: one worker of the pool counts the problem whole (a memo table is worth the
   * subproblems met again, and a split would meet them again in every worker's own table); where
   * memos pay too little it says so, and the run goes on without them on every worker.
   * @param {import('../engine/model.js').ProblemSpec} spec @param {string} title @param {number} since
   */
  _startMemo(spec, title, since) {
    this.warm();
    const [idle] = this._pool.splice(0, 1);
    const worker = idle.worker;
    const started = Math.min(since, performance.now());
    let shown = started;
    const key = `${keyOf(spec, 1)} memo`;
    this.state = { phase: 'running', title, stats: null, ms: 0, message: '', estimate: 0, workers: 1, tree: 'memo', engine: 'memo', warm: idle.warm ? 1 : 0, cli: cliCommand(spec, 1) };
    /** @param {MemoFigures} f */
    const figures = (f) => {
      this.state.memo = { ...f, budget: MEMO_BUDGET_MIB };
      this.state.stats = { solutions: f.solutions === undefined ? 0 : BigInt(f.solutions), nodes: f.nodes, updates: f.updates, progress: f.done };
      this.state.ms = performance.now() - started;
    };
    const workers = [worker];
    worker.onmessage = (e) => {
      if (this._workers !== workers) return;
      const m = e.data;
      if (m.type === 'error') {
        if (m.key === undefined || m.key === key) this._end('error', m.message);
        return;
      }
      if (m.type === 'memo-progress') {
        figures(m.stats);
        const now = performance.now();
        if (now - shown < SHOW_MS) return;
        shown = now;
        this.onChange();
        return;
      }
      if (m.type !== 'memo-done') return;
      // The worker is idle again: back to the pool, to read ahead for the next run.
      this._workers = [];
      this._pool.push(this._idle(worker, false));
      if (m.stats.gaveUp) {
        const why = `Memos paid too little here (${m.stats.gaveUp.replace(/^memos paid too little \((.*)\)$/, '$1')}): counted without them.`;
        this.start({ ...spec, memo: false }, title, since);
        this.state.memoNote = why;
        this.onChange();
        return;
      }
      figures(m.stats);
      this.state.busy = m.ms;
      this._end('done');
      whenIdle(() => this.prepare());
    };
    worker.onerror = (e) => {
      if (this._workers !== workers) return;
      this._end('error', e.message || 'a worker stopped');
    };
    worker.postMessage({ type: 'memo', key, kind: spec.kind, text: spec.text, distinct: spec.distinct, format: spec.format, budget: MEMO_BUDGET_MIB });
    this._workers = workers;
    this.onChange();
  }

  /**
   * A search too large to start without a word: the box asks first.
   * @param {import('../engine/model.js').ProblemSpec} spec @param {string} title @param {number} estimate
   */
  ask(spec, title, estimate) {
    this._stop();
    this._asked = [spec, title];
    this.state = { phase: 'confirm', title, stats: null, ms: 0, message: '', estimate };
    this.onChange();
  }

  /** "Run anyway". */
  confirm() {
    if (this.state.phase !== 'confirm' || !this._asked) return;
    const [spec, title] = this._asked;
    this._asked = null;
    this.start(spec, title);
  }

  cancel() {
    if (this.state.phase === 'confirm') { this._asked = null; this._end('cancelled'); return; }
    if (!this.running) return;
    this._end('cancelled');
  }

  forget() {
    this._stop();
    // A load or a reset: the problem loaded may be another one, read ahead once the page idles.
    whenIdle(() => this.prepare());
    this.state = { phase: 'idle', title: '', stats: null, ms: 0, message: '', estimate: 0 };
    /** @type {[import('../engine/model.js').ProblemSpec, string] | null} */
    this._asked = null;
    this.onChange();
  }

  /**
   * @param {RunState['phase']} phase @param {string} [message]
   */
  _end(phase, message = '') {
    this._stop();
    this.state.phase = phase;
    this.state.message = message;
    this.onChange();
  }

  _stop() {
    if (this._workers.length === 0) return;
    for (const w of this._workers) w.terminate();
    this._workers = [];
    // New workers for the next run, warmed while the page idles.
    whenIdle(() => this.warm());
  }
}

/** Calls f once the page idles. @param {() => void} f */
function whenIdle(f) {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(f, { timeout: 1000 });
  else setTimeout(f, 200);
}

/**
 * What names a problem read and split for a run: the spec and the number of workers (the split
 * depends on both).
 * @param {import('../engine/model.js').ProblemSpec} spec @param {number} n
 */
function keyOf(spec, n) {
  return JSON.stringify([spec.kind, spec.text, !!spec.distinct, spec.format ?? null, spec.tree ?? null, n]);
}

/**
 * The workers' figures added up; progress is the estimated work done over all of it.
 * @param {(PartStats | null)[]} parts @param {number} whole  the estimate of all the subproblems
 * @returns {RunStats}
 */
function sum(parts, whole) {
  const t = { solutions: 0, nodes: 0, updates: 0, progress: 0 };
  let done = 0;
  for (const p of parts) {
    if (!p) continue;
    t.solutions += p.solutions;
    t.nodes += p.nodes;
    t.updates += p.updates;
    done += p.done;
  }
  t.progress = whole > 0 ? Math.min(1, done / whole) : 0;
  return t;
}
