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
  }

  get running() { return this.state.phase === 'running'; }

  /**
   * @param {import('./model.js').ProblemSpec} spec
   * @param {string} title
   */
  start(spec, title) {
    this._stop();
    const n = this.workers > 0 ? this.workers
      : Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
    /** @type {(PartStats | null)[]} */
    const parts = new Array(n).fill(null);
    const ms = new Array(n).fill(0);
    /** @type {import('./pkg/dlx_studio.js').PartKept[]} */
    const kept = [];
    let finished = 0;
    const started = performance.now();
    this.state = { phase: 'running', title, stats: null, ms: 0, busy: 0, message: '', estimate: this.state.estimate, workers: n, tree: spec.tree || 'dlx1' };
    /** @type {Worker[]} */
    const workers = [];
    for (let k = 0; k < n; k++) {
      const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
      workers.push(worker);
      // A message from a worker of a stopped run (a worker posts on until terminated) is dropped.
      worker.onmessage = (e) => {
        if (this._workers !== workers) return;
        const m = e.data;
        if (m.type === 'error') {
          this._end('error', m.message);
          return;
        }
        parts[k] = m.stats;
        ms[k] = m.ms;
        if (m.tree) this.state.tree = m.tree;
        if (m.engine) this.state.engine = m.engine;
        if (m.type === 'done') {
          finished++;
          if (m.solutions) kept.push(...m.solutions);
        }
        this.state.stats = sum(parts);
        this.state.ms = performance.now() - started;
        this.state.busy = ms.reduce((a, b) => a + b, 0);
        if (finished === n) {
          // The parts' first solutions, keyed by their place in the whole search's order.
          kept.sort((x, y) => x.seq - y.seq || x.j - y.j);
          this.state.solutions = kept.slice(0, LIMITS.keep).map((x) => x.board);
          this._end('done');
        }
        else this.onChange();
      };
      worker.onerror = (e) => {
        if (this._workers !== workers) return;
        this._end('error', e.message || 'a worker stopped');
      };
      worker.postMessage({ kind: spec.kind, text: spec.text, distinct: spec.distinct, format: spec.format, tree: spec.tree, part: k, parts: n });
    }
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
    for (const w of this._workers) w.terminate();
    this._workers = [];
  }
}

/**
 * The parts' figures added up; progress is the estimated work done over all of it.
 * @param {(PartStats | null)[]} parts @returns {RunStats}
 */
function sum(parts) {
  const t = { solutions: 0, nodes: 0, updates: 0, progress: 0 };
  let done = 0, total = 0;
  for (const p of parts) {
    if (!p) continue;
    t.solutions += p.solutions;
    t.nodes += p.nodes;
    t.updates += p.updates;
    done += p.done;
    total += p.total;
  }
  // A worker not heard from yet has work too: until all have reported, the bar is a lower bound.
  const reported = parts.filter(Boolean).length;
  t.progress = total > 0 ? (done / total) * (reported / parts.length) : 0;
  return t;
}
