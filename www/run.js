// @ts-check
// Run to the end: counts every solution of the loaded problem off the page's thread, on one worker
// per core (navigator.hardwareConcurrency, www/worker.js), each counting its part of the search tree
// (core::split: the parts add up exactly to the whole count, nodes and updates). It never touches the
// page's own search. The app starts, cancels and forgets runs and reads `state` to draw the run box:
// one progress bar and one cancel for all the workers; how the counting is spread over them is this
// module's and worker.js's business alone.
//
// Interface:
//   const runs = new RunToEnd(onChange)  onChange() is called after every change of `state`
//   runs.workers                         0 (default): one worker per core; n > 0: exactly n (tests)
//   runs.start(spec, title)              spec {kind, text, distinct}; a run in progress is cancelled
//   runs.cancel()                        the user's cancel: state 'cancelled'
//   runs.forget()                        a load or reset: any run is stopped, state back to 'idle'
//   runs.state                           {phase, title, stats, ms, message, workers}
//
// Phases: 'idle' (no run to show), 'running', 'done' (stats are the totals), 'cancelled', 'error'.

/**
 * @typedef {object} RunStats  the parts' figures added up
 * @property {number} solutions @property {number} nodes @property {number} updates
 * @property {number} progress  Knuth's estimate of the fraction done, over all parts
 */
/**
 * @typedef {object} PartStats  one worker's figures (Session.part_stats)
 * @property {number} solutions @property {number} nodes @property {number} updates
 * @property {number} done @property {number} total
 */
/**
 * @typedef {object} RunState
 * @property {'idle' | 'running' | 'done' | 'cancelled' | 'error'} phase
 * @property {string} title   the problem counted
 * @property {RunStats | null} stats  the latest counts (totals once done)
 * @property {number} ms      time counted so far, in ms (the slowest worker's)
 * @property {string} message an error's message
 * @property {number} workers how many workers count
 * @property {any[]} [solutions] once done: the first solutions found (up to 100), as boards
 */

/** Solutions a run keeps for the page's list: the first ones in the search's order. */
const KEEP = 100;

/** More workers than this gain nothing on a page (and each holds its own copy of the matrix). */
const MAX_WORKERS = 16;

/** @returns {RunState} */
function idle() {
  return { phase: 'idle', title: '', stats: null, ms: 0, message: '', workers: 0 };
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
    this.state = idle();
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
    /** @type {{seq: number, j: number, board: any}[]} */
    const kept = [];
    let finished = 0;
    this.state = { ...idle(), phase: 'running', title, workers: n };
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
        if (m.type === 'done') {
          finished++;
          if (m.solutions) kept.push(...m.solutions);
        }
        this.state.stats = sum(parts);
        this.state.ms = Math.max(...ms);
        if (finished === n) {
          // The parts' first solutions, keyed by their place in the whole search's order.
          kept.sort((x, y) => x.seq - y.seq || x.j - y.j);
          this.state.solutions = kept.slice(0, KEEP).map((x) => x.board);
          this._end('done');
        }
        else this.onChange();
      };
      worker.onerror = (e) => {
        if (this._workers !== workers) return;
        this._end('error', e.message || 'a worker stopped');
      };
      worker.postMessage({ kind: spec.kind, text: spec.text, distinct: spec.distinct, format: spec.format, part: k, parts: n });
    }
    this._workers = workers;
    this.onChange();
  }

  cancel() {
    if (!this.running) return;
    this._end('cancelled');
  }

  forget() {
    this._stop();
    this.state = idle();
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
