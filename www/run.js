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
//   runs.state                           {phase, title, stats, ms, message}
//
// Phases: 'idle' (no run to show), 'running', 'done' (stats are the totals), 'cancelled', 'error'.

/**
 * @typedef {object} RunState
 * @property {'idle' | 'running' | 'done' | 'cancelled' | 'error'} phase
 * @property {string} title   the problem counted
 * @property {import('./model.js').Stats | null} stats  the latest counts (totals once done)
 * @property {number} ms      time counted so far, in ms
 * @property {string} message an error's message
 * @property {any[]} [solutions] once done: the first solutions found (up to 100), as boards
 */

export class RunToEnd {
  /** @param {() => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    /** @type {Worker | null} */
    this._worker = null;
    /** @type {RunState} */
    this.state = { phase: 'idle', title: '', stats: null, ms: 0, message: '' };
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
    this.state = { phase: 'running', title, stats: null, ms: 0, message: '' };
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

  cancel() {
    if (!this.running) return;
    this._end('cancelled');
  }

  forget() {
    this._stop();
    this.state = { phase: 'idle', title: '', stats: null, ms: 0, message: '' };
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
