// @ts-check
// Run to the end: counts every solution of the loaded problem off the page's thread (www/worker.js),
// apart from the page's own search, which it never touches. The app starts, cancels and forgets runs
// and reads `state` to draw the run box; how the counting is spread over workers is this module's and
// worker.js's business alone.
//
// Interface:
//   const runs = new RunToEnd(onChange)  onChange() is called after every change of `state`
//   runs.start(spec, title)              spec {kind, text, distinct, format, tree}; a run in progress is
//                                        cancelled; the workers walk spec.tree (default DLX1's)
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

import { LIMITS } from './engine.js';

/**
 * @typedef {object} RunStats  the parts' figures added up
 * @property {number} solutions @property {number} nodes @property {number} updates
 * @property {number} progress  Knuth's estimate of the fraction done, over all parts
 */
/** One worker's figures (PartCounter.stats). @typedef {import('./pkg/dlx_studio.js').PartStats} PartStats */
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
 * @property {import('./model.js').Board[]} [solutions] once done: the first solutions found (up to LIMITS.keep), as boards
 * @property {string} [engine] what the workers count with, as Session.engine_name says it ("bits" or
 *                            "links")
 * @property {number} [warm]  how many of the run's workers had warmed the engine when it started
 * @property {string} [cli]   the CLI command that counts the same problem on as many threads
 * @property {string} [tree]  the tree the workers walk, as Session.tree_name says it ("dlx1",
 *                            "lookahead", "dlx3"): the nodes are that tree's
 */

/** Solutions a run keeps for the page's list: the first ones in the search's order. */

/** More workers than this gain nothing on a page (and each holds its own copy of the matrix). */
const MAX_WORKERS = 16;

/** Above this many nodes by the estimate, the user is asked before the run starts. */
export const HUGE_NODES = 1e10;

/**
 * Knuth's estimate of the size of the search tree from one probe ("Estimating the efficiency of
 * backtrack programs", 1975): down one path, the tree is taken to branch at each level as it does on
 * the path, so it has 1 + d1 + d1·d2 + … nodes. The probe is the path the search takes first (leftmost
 * options), in a session of its own; it stops at the first solution or dead end.
 * @param {import('./engine.js').Wasm} wasm
 * @param {import('./model.js').ProblemSpec} spec
 */
export function estimateNodes(wasm, spec) {
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
 * @param {import('./model.js').ProblemSpec} spec @param {number} n @returns {string}
 */
export function cliCommand(spec, n) {
  const text = String(spec.text || '').trim();
  const arg = !text ? '' : /^[\w.x-]+$/.test(text) && text.length <= 100 ? ` ${text}` : /\n/.test(text) ? ' FILE' : ` '${text}'`;
  const distinct = spec.distinct ? ' --distinct' : '';
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
    /** The run waiting for "run anyway". @type {[import('./model.js').ProblemSpec, string] | null} */
    this._asked = null;
    /** Workers started ahead of a run, warm once they said so. @type {{worker: Worker, warm: boolean}[]} */
    this._pool = [];
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
      /** @type {{worker: Worker, warm: boolean}} */
      const w = { worker, warm: false };
      worker.onmessage = (e) => { if (e.data.type === 'warm') w.warm = true; };
      this._pool.push(w);
    }
  }

  /**
   * @param {import('./model.js').ProblemSpec} spec
   * @param {string} title
   */
  start(spec, title) {
    this._stop();
    const n = this._count();
    this.warm();
    const pool = this._pool.splice(0, n);
    /** @type {(PartStats | null)[]} */
    const parts = new Array(n).fill(null);
    const ms = new Array(n).fill(0);
    /** @type {import('./pkg/dlx_studio.js').PartKept[]} */
    const kept = [];
    let finished = 0;
    // The queue: subproblems by index, largest first (the split's order), handed out on demand.
    let next = 0, total = -1, whole = 0;
    const started = performance.now();
    this.state = { phase: 'running', title, stats: null, ms: 0, busy: 0, message: '', estimate: this.state.estimate, workers: n, tree: spec.tree || 'dlx1', warm: pool.filter((w) => w.warm).length, cli: cliCommand(spec, n) };
    const workers = pool.map((w) => w.worker);
    /** @param {Worker} worker */
    const give = (worker) => {
      if (next >= total) { worker.postMessage({ type: 'end' }); return; }
      // Early on, a few at a time (the largest come first, so the ask-and-answer is rare anyway);
      // one at a time at the end, where the balance is made.
      const k = Math.max(1, Math.floor((total - next) / (8 * n)));
      const subs = [];
      for (let j = 0; j < k && next < total; j++) subs.push(next++);
      worker.postMessage({ type: 'take', subs });
    };
    workers.forEach((worker, k) => {
      // A message from a worker of a stopped run (a worker posts on until terminated) is dropped.
      worker.onmessage = (e) => {
        if (this._workers !== workers) return;
        const m = e.data;
        if (m.type === 'warm') return;
        if (m.type === 'error') {
          this._end('error', m.message);
          return;
        }
        if (m.type === 'ready') {
          total = m.subproblems;
          whole = m.estimate;
          if (m.tree) this.state.tree = m.tree;
          if (m.engine) this.state.engine = m.engine;
          return;
        }
        if (m.type === 'more') give(worker);
        parts[k] = m.stats;
        ms[k] = m.ms;
        if (m.type === 'done') {
          finished++;
          if (m.solutions) kept.push(...m.solutions);
        }
        this.state.stats = sum(parts, whole);
        this.state.ms = performance.now() - started;
        this.state.busy = ms.reduce((a, b) => a + b, 0);
        if (finished === n) {
          // The workers' first solutions, keyed by their place in the whole search's order.
          kept.sort((x, y) => x.seq - y.seq || x.j - y.j);
          this.state.solutions = kept.slice(0, LIMITS.keep).map((x) => x.board);
          // They are idle now: kept for the next run (warm), not terminated.
          this._workers = [];
          for (const w of workers) w.onmessage = null;
          this._pool.push(...workers.map((worker) => ({ worker, warm: true })));
          this._end('done');
        }
        else this.onChange();
      };
      worker.onerror = (e) => {
        if (this._workers !== workers) return;
        this._end('error', e.message || 'a worker stopped');
      };
      worker.postMessage({ type: 'load', kind: spec.kind, text: spec.text, distinct: spec.distinct, format: spec.format, tree: spec.tree, workers: n, top: k === 0 });
    });
    this._workers = workers;
    this.onChange();
  }

  /**
   * A search too large to start without a word: the box asks first.
   * @param {import('./model.js').ProblemSpec} spec @param {string} title @param {number} estimate
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
    this.state = { phase: 'idle', title: '', stats: null, ms: 0, message: '', estimate: 0 };
    /** @type {[import('./model.js').ProblemSpec, string] | null} */
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
    const idle = typeof globalThis.requestIdleCallback === 'function' ? (/** @type {() => void} */ f) => globalThis.requestIdleCallback(f) : (/** @type {() => void} */ f) => setTimeout(f, 200);
    idle(() => this.warm());
  }
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
