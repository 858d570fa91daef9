// @ts-check
// Run to the end: counts every solution of the loaded problem off the page's thread (www/worker.js),
// apart from the page's own search, which it never touches. The app starts, cancels and forgets runs
// and reads `state` to draw the run box; how the counting is spread over workers is this module's and
// worker.js's business alone.
//
// Interface:
//   const runs = new RunToEnd(onChange)  onChange() is called after every change of `state`
//   runs.start(spec, title)              spec {kind, text, distinct}; a run in progress is cancelled
//   runs.cancel()                        the user's cancel: state 'cancelled'
//   runs.forget()                        a load or reset: any run is stopped, state back to 'idle'
//   runs.ask(spec, title, estimate)      a huge search: state 'confirm' until runs.confirm() or cancel()
//   runs.state                           {phase, title, stats, ms, message, estimate}
//   estimateNodes(wasm, spec)            Knuth's estimate of the tree's size (one probe), for `ask`
//
// Phases: 'idle' (no run to show), 'confirm' (waiting for "run anyway"), 'running', 'done' (stats are
// the totals), 'cancelled', 'error'.

/**
 * @typedef {object} RunState
 * @property {'idle' | 'confirm' | 'running' | 'done' | 'cancelled' | 'error'} phase
 * @property {string} title   the problem counted
 * @property {import('./model.js').Stats | null} stats  the latest counts (totals once done)
 * @property {number} ms      time counted so far, in ms
 * @property {string} message an error's message
 * @property {number} estimate Knuth's estimate of the nodes of the tree (0 when not made)
 * @property {any[]} [solutions] once done: the first solutions found (up to 100), as boards
 */

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
    /** @type {Worker | null} */
    this._worker = null;
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
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this._worker = worker;
    this.state = { phase: 'running', title, stats: null, ms: 0, message: '', estimate: this.state.estimate };
    // A message from a worker that was stopped (a worker posts on until terminated) is dropped.
    worker.onmessage = (e) => {
      if (this._worker !== worker) return;
      const m = e.data;
      if (m.type === 'error') {
        this._end('error', m.message);
        return;
      }
      this.state.stats = m.stats;
      this.state.ms = m.ms;
      if (m.solutions) this.state.solutions = m.solutions;
      if (m.type === 'done') this._end('done');
      else this.onChange();
    };
    worker.onerror = (e) => {
      if (this._worker !== worker) return;
      this._end('error', e.message || 'the worker stopped');
    };
    worker.postMessage({ kind: spec.kind, text: spec.text, distinct: spec.distinct, format: spec.format });
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
    if (this._worker) this._worker.terminate();
    this._worker = null;
  }
}
