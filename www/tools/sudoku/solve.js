// @ts-check
// Solve, one of the page's three Sudoku rooms (kept.js, editor.js): the first solution at full speed,
// then a second one; the verdict "Unique solution", "More than one solution" or "No solution", with
// nodes and time, and how it reads as the search goes on from there. Session.solve in the click's task
// for MAIN_MS (slices of about SLICE_MS); a Solve still going then starts again on a worker
// (www/workers/solve-worker.js), whose figures the verdict alone shows, and the page's search follows
// what it found (Session.solve_follow: the options of each level, the counters where it found them),
// never searching again. Stop (the Solve button, relabelled, or Esc) ends it at once. Solve acts on the form: a changed form is loaded first, one that does not load (or a
// grid on the board whose givens clash) is refused in words. Under a verdict of several solutions,
// what the puzzle states that is not read (rules in words, cosmetic shapes: Sudoku::unread), as
// `dlx solve` says it: the grid alone is what was solved.
//
// A renderer (www/views/snapshot.js): its part of the snapshot is whether the puzzle shown is proved
// unique and whether a Solve goes on; Esc is its key while one does (takeKey).

import { count, elapsed, fmt } from '../../views/readouts.js';

/** A slice of Solve on the page's thread, in ms: Session.solve is asked for nodes, sized by time. */
const SLICE_MS = 10;
/**
 * Solve on the page's thread for this long, in the click's task, then on a worker: most puzzles end
 * well within it (a 9x9 in a few ms), and a worker costs its start (20-60 ms).
 */
const MAIN_MS = 40;

/**
 * The verdict while Solve runs: its nodes and time so far (whole seconds, from 1 s on). On the
 * worker before the first branch, the figure stays 0 while the worker builds the matrix and
 * propagation gives up the options no solution can hold (seconds on a 9x9 chaos construction of
 * 180,000 options): said in words, so that a 0 that does not move is not read as a stall.
 * @param {number} nodes @param {number} found @param {number} ms @param {boolean} worker
 */
export function solvingText(nodes, found, ms, worker) {
  const secs = Math.floor(ms / 1000);
  if (worker && nodes === 0 && !found && secs >= 1) {
    return `Solving… no branch yet after ${secs} s: the matrix is built and the options no solution can hold are given up first (Stop or Esc stops it)`;
  }
  const time = secs >= 1 ? ` in ${secs} s` : '';
  const more = found ? ': 1 solution found, looking for a second' : '';
  return `Solving… ${count(nodes, 'node', 'nodes')}${time}${more} (Stop or Esc stops it)`;
}

/** What Session.solve and Session.solve_follow return (src/wasm/facts.rs). @typedef {import('../../pkg/dlx_studio.js').SolveResult} SolveResult */

/**
 * Where the view ends for what must be seen: the top of the transport bar where it is fixed at a
 * phone's bottom edge, else the window's bottom.
 */
function floorOfView() {
  const bar = document.querySelector('.transport')?.getBoundingClientRect();
  return bar && bar.top > window.innerHeight / 2 ? bar.top : window.innerHeight;
}

export class SolveControl {
  /**
   * @param {import('../../app/ui.js').UI} ui  the page's elements by id
   * @param {{
   *   model: () => import('../../engine/model.js').Model,
   *   sync: () => boolean,
   *   quiet: () => void,
   *   epoch: () => number,
   *   changed: () => void,
   * }} app
   * @param {import('./kept.js').KeptSolutions} kept  where the solutions found go
   * @param {import('./editor.js').BoardEditor} editor  the grid on the board, which may not load
   */
  constructor(ui, app, kept, editor) {
    this.ui = ui;
    this.app = app;
    this.kept = kept;
    this.editor = editor;
    /**
     * A Solve going on: its slice size (nodes), when it was clicked, the figures so far, and whether
     * it runs on the worker (then id names it in the worker's messages).
     * `tick` redraws the verdict each second while the worker searches, so that the time moves
     * where the figures wait for its next report.
     * @type {{slice: number, t0: number, nodes: number, found: number, worker: boolean, id: number, tick?: number} | null}
     */
    this.solving = null;
    /** The worker of Solve (kept between Solves: its engine started), or null. @type {Worker | null} */
    this.worker = null;
    /** Names the latest Solve, so that a late message of one stopped is ignored. */
    this._id = 0;
    /** When Stop was pressed and when its verdict was shown (tests read them). */
    this.stopTimes = { asked: 0, shown: 0 };
    /**
     * The verdict of a Solve's start, progress, end or Stop, shown at the next snapshot with the
     * narration and the status line of the same moment (shown at once, it stood for a frame beside
     * the story before it). @type {{text: string, state: string} | null}
     */
    this._next = null;
    /** The epoch of the verdict shown (a new search clears it). */
    this._verdictEpoch = -1;
    /** The verdict is a refusal of the form (it does not load, or its givens clash). */
    this.refused = false;
    /** Solve's verdict where it stopped at a second solution (`_multiple`). */
    this.solvedMultiple = '';
    /** The solutions a run to the end counted, and the epoch of the search it counted. @type {{epoch: number, solutions: number} | null} */
    this.runCount = null;
    /** What the puzzle Solve answered states that is not read (Model.unread), or ''. */
    this.unread = '';
    /** The Solve buttons' own words, back after a Stop. @type {Map<HTMLElement, [string, string]>} */
    this._labels = new Map([ui.solve, ui['solve-form']].map((b) => [b, [b.textContent || 'Solve', b.title]]));
    ui.solve.addEventListener('click', () => (this.solving ? this.stop() : this.solve()));
    // The form's Solve, beside Load: where a puzzle is pasted, on a phone a screen or more below the
    // board and its Solve. The board is brought into view, since the answer is drawn there; after
    // its Stop too, since the verdict that says how far Solve went is under the board.
    ui['solve-form'].addEventListener('click', () => {
      if (this.solving) this.stop();
      else this.solve();
      const panel = ui['panel-board'];
      const r = panel.getBoundingClientRect(), v = ui.verdict.getBoundingClientRect();
      if (panel.offsetParent && (r.top < 0 || v.bottom > floorOfView())) panel.scrollIntoView({ block: 'start' });
    });
  }

  /**
   * On a phone, the verdict's last line above the transport bar fixed at the bottom edge, by the
   * least scroll that does it (a Solve from the board's own button left the verdict's third line
   * under the bar). Nothing moves where it is in view already, or on a wide screen.
   */
  _verdictInView() {
    const verdict = this.ui.verdict, floor = floorOfView();
    if (floor === window.innerHeight || !verdict.textContent) return;
    const v = verdict.getBoundingClientRect();
    if (v.height && v.bottom > floor) window.scrollBy({ top: Math.min(v.bottom - floor + 8, v.top) });
  }

  get model() { return this.app.model(); }

  /**
   * Solve answers the puzzle in the form: a changed form is loaded first (as Step and Play do), and
   * a form that does not load (its error is shown) or a grid whose givens clash is refused, never
   * answered with the puzzle loaded before.
   */
  solve() {
    const why = this.editor.refusal();
    if (why !== null) {
      this._verdict(`Not solved: ${why} (marked in red). Change one to load the puzzle.`, 'none');
      this.refused = true;
      return;
    }
    if (!this.app.sync()) {
      // The form's error in full here, where the eye is (the box that shows it may be out of view),
      // and what the board still shows.
      const error = this.ui['input-error'].textContent || 'see the box';
      this._verdict(`Not solved: the puzzle in the box does not load: ${error}. The board still shows the puzzle loaded before.`, 'none');
      this.refused = true;
      return;
    }
    this.refused = false;
    this.app.quiet();
    const model = this.model;
    if (!model.info || model.info.kind !== 'sudoku') return;
    // The form may just have loaded (a new epoch): this Solve belongs to it, so the next snapshot must
    // not clear its verdict and list as a new search's.
    const epoch = this.app.epoch();
    this._verdictEpoch = epoch;
    this.kept.adopt(epoch);
    this.editor.unlight();
    if (model.playing) model.pause();
    model.solveStart();
    this.solving = { slice: 300, t0: performance.now(), nodes: 0, found: 0, worker: false, id: ++this._id };
    this._busy(true);
    this._here();
    this.app.changed();
  }

  /** The one message of a Solve going on, in the verdict (narration and status say only that it runs). */
  _progress() {
    const s = this.solving;
    if (!s) return;
    const text = solvingText(s.nodes, s.found, performance.now() - s.t0, s.worker);
    // Once the verdict says "Solving…" (with the narration and the status of a Solve), its figures
    // change alone: no snapshot of the whole page for each of the worker's reports.
    if (this.ui.verdict.dataset.state === 'running' && !this._next) this._verdict(text, 'running');
    else this._say(text, 'running');
  }

  /** The Solve going on no longer redraws its verdict each second. */
  _untick() {
    if (this.solving?.tick !== undefined) window.clearInterval(this.solving.tick);
  }

  /** The verdict at the next snapshot (`_next`). @param {string} text @param {string} state */
  _say(text, state) {
    this._next = { text, state };
    this.app.changed();
  }

  /** Solve goes on on the worker, from the start (the page's search back at its start meanwhile). */
  _toWorker() {
    const s = /** @type {NonNullable<SolveControl['solving']>} */ (this.solving);
    const model = this.model;
    const p = model.problem;
    if (!p) return;
    model.solveStart();
    s.worker = true;
    s.nodes = 0;
    s.found = 0;
    if (s.tick === undefined) s.tick = window.setInterval(() => this._progress(), 1000);
    if (!this.worker) {
      const w = new Worker(new URL('../../workers/solve-worker.js', import.meta.url), { type: 'module' });
      w.onmessage = (e) => this._message(e.data);
      w.onerror = (e) => {
        if (this.worker !== w) return;
        this._endWorker();
        if (this.solving) this._failed(e.message || 'the worker stopped');
      };
      this.worker = w;
    }
    this.worker.postMessage({ id: s.id, kind: p.kind, text: p.text, distinct: p.distinct, format: p.format, tree: model.treeChoice });
  }

  /**
   * A message of the Solve worker (www/workers/solve-worker.js).
   * @param {{type: string, id: number, nodes?: number, found?: number, view?: SolveResult, outcome?: string, message?: string}} m
   */
  _message(m) {
    const s = this.solving;
    if (!s || !s.worker || m.id !== s.id) return;
    if (m.type === 'progress') {
      s.nodes = Number(m.nodes);
      s.found = Number(m.found);
      this._progress();
    } else if (m.type === 'done') {
      let r;
      try {
        r = this.model.solveFollow(String(m.outcome), performance.now() - s.t0);
      } catch (err) {
        this._failed(err instanceof Error ? err.message : String(err));
        return;
      }
      this._finish(r);
    } else if (m.type === 'error') {
      this._failed(String(m.message));
    }
  }

  /** The Solve could not go on: said in the verdict, the search here at its start. @param {string} why */
  _failed(why) {
    this._untick();
    this.solving = null;
    this._busy(false);
    this._say(`Not solved: ${why}.`, 'none');
  }

  /** Stops the worker (a new one starts at the next Solve that needs it). */
  _endWorker() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }

  /**
   * Stop (the button or Esc): the worker is terminated (the page's thread runs no slice of Solve
   * past the click's own task); the search is back at its start, and the verdict says how far Solve
   * went.
   */
  stop() {
    const s = this.solving;
    if (!s) return;
    this.stopTimes = { asked: performance.now(), shown: 0 };
    if (s.worker) this._endWorker();
    this._untick();
    this.solving = null;
    this._busy(false);
    this.model.solveStopped();
    const found = s.found ? ', 1 solution found' : '';
    this._say(`Stopped after ${count(s.nodes, 'node', 'nodes')}${found}, ${elapsed(performance.now() - s.t0)}: no verdict.`, 'stopped');
  }

  /** The form changed: a refusal of the form it had no longer holds (it stayed, naming an old error). */
  _formChanged() {
    if (!this.refused) return;
    this.refused = false;
    this._verdict('', '');
  }

  /**
   * Solve on the page's thread, in the click's own task, for at most MAIN_MS: most puzzles end
   * there (no frame drawn between the click and the verdict); one that does not starts again on the
   * worker, so that the search drawn moves once (to its start), not at every slice (on a 16x16 each
   * of those redraws cost a frame of 100-200 ms on a loaded machine).
   */
  _here() {
    const s = /** @type {NonNullable<SolveControl['solving']>} */ (this.solving);
    const model = this.model;
    for (;;) {
      const t = performance.now();
      const r = model.solve(s.slice);
      const dt = performance.now() - t;
      if (r.finished) { this._finish(r); return; }
      const left = MAIN_MS - (performance.now() - s.t0);
      if (left <= 1) break;
      // The next slice sized to the time left, by the cost of this one.
      s.slice = Math.max(100, Math.min(5e7, Math.round(s.slice * Math.min(left, SLICE_MS) / Math.max(dt, 0.5))));
    }
    this._toWorker();
    this._progress();
  }

  /**
   * Solve has its verdict (here or from the worker): the search stands where it ends (the solution
   * of a unique puzzle, the second of several, the end), its statistics those of the search there.
   * The verdict names the counts that differ: a unique puzzle's proof went on past the solution.
   * @param {SolveResult} r
   */
  _finish(r) {
    const model = this.model;
    this._untick();
    this.solving = null;
    model.endSlices();
    this._busy(false);
    const figures = `${count(r.nodes, 'node', 'nodes')}, ${elapsed(model.elapsedMs)}`;
    this.kept.solved(model, r.verdict);
    // The verdict is drawn by the next frame; then it is brought above the bar.
    requestAnimationFrame(() => requestAnimationFrame(() => this._verdictInView()));
    // Read once, at the end of a Solve of several solutions (the only verdict it is said beside).
    this.unread = r.verdict === 'multiple' ? model.unread() ?? '' : '';
    if (r.verdict === 'unique') {
      // The statistics show the search where it stands, at the solution, found at node r.at; the
      // proof searched on to node r.nodes. With no node at all, what propagation gave up at the
      // start (its tries included) left the solution alone: "found at node 0" read as a glitch.
      if (r.nodes === 0) this._say(`Unique solution (${figures}): settled before any branch, by the options given up at the start.`, 'unique');
      else this._say(`Unique solution (${figures}). Found at node ${fmt(r.at)}, where the search stands.`, 'unique');
    }
    // The list under the board says which of the two is shown (and ◀ ▶ page): the verdict does not.
    else if (r.verdict === 'multiple') {
      this.solvedMultiple = `More than one solution: 2 found, the search stopped there (${figures})`;
      this._say(this.solvedMultiple, 'multiple');
    }
    else this._say(`No solution (${figures})`, 'none');
  }

  /**
   * The verdict of a Solve that stopped at a second solution, as the search goes on from there (Next
   * solution, Play, Run): it stopped there no more once a third is found or the search has finished
   * (the status line said "finished" beside "the search stopped there"). Back where Solve stopped,
   * Solve's own words. With how many solutions the grid has as far as the search knows ("2+", "288").
   * @param {import('../../engine/model.js').Stats} st
   */
  _multiple(st) {
    const n = Number(st.solutions);
    if (st.done && n >= 2) return { text: `More than one solution: exactly ${fmt(n)}, the search went on to the end (${count(st.nodes, 'node', 'nodes')})`, solutions: fmt(n) };
    // A run to the end counted them all (on its workers, the search here staying where it was):
    // "3 found so far" stood beside the run box's "288 solutions counted".
    const run = this.runCount;
    if (run && run.epoch === this.app.epoch()) return { text: `More than one solution: exactly ${fmt(run.solutions)}, counted by Run to end`, solutions: fmt(run.solutions) };
    if (n > 2) return { text: `More than one solution: ${fmt(n)} found so far, the search going on from Solve's second`, solutions: `${fmt(n)}+` };
    return { text: this.solvedMultiple, solutions: '2+' };
  }

  /** Stops a Solve going on (a load, a reset, another move): no verdict. */
  _stop() {
    const s = this.solving;
    if (!s) return;
    if (s.worker) this._endWorker();
    this._untick();
    this.solving = null;
    this.model.endSlices();
    this._busy(false);
    this._verdict('', '');
  }

  /**
   * Both Solve buttons (the board's and the form's) are Stop while a Solve goes on.
   * @param {boolean} on
   */
  _busy(on) {
    for (const [b, rest] of this._labels) {
      const [text, title] = on ? ['■ Stop', 'Stop solving (Esc)'] : rest;
      if (b.textContent !== text) b.textContent = text;
      b.title = title;
    }
  }

  /** Whether Solve proved the puzzle shown unique (its verdict stands). */
  get proved() { return (this._next ? this._next.state : this.ui.verdict.dataset.state) === 'unique'; }

  /** The verdict; any other than several solutions takes the note of what was not read away. @param {string} text @param {string} state */
  _verdict(text, state) {
    const el = this.ui.verdict;
    if (el.textContent !== text) el.textContent = text;
    el.dataset.state = state;
    if (state !== 'multiple') this._unread('');
  }

  /**
   * Under a verdict of several solutions, what the puzzle states that is not read, with how many
   * solutions the grid alone has ('' takes it away). @param {string} solutions
   */
  _unread(solutions) {
    const text = this.unread && solutions ? `${this.unread[0].toUpperCase()}${this.unread.slice(1)}: the grid alone has ${solutions} solutions.` : '';
    const el = this.ui['verdict-unread'];
    if (el.textContent !== text) el.textContent = text;
  }


  // ---------------------------------------------------------------- the renderer hooks

  /** @param {import('../../views/snapshot.js').AppEvent} e */
  on(e) {
    // Another move, a new search, or Next solution: a Solve going on stops.
    if (e.type === 'move' || e.type === 'restart' || e.type === 'hunt') this._stop();
    else if (e.type === 'typed') this._formChanged();
    else if (e.type === 'ran') {
      this.runCount = { epoch: this.app.epoch(), solutions: e.solutions };
      this.app.changed();
    }
  }

  /**
   * Whether the puzzle shown is proved unique: its verdict stands (a new search clears it, unless
   * this Solve started it). @param {import('../../engine/model.js').Model} model
   * @param {import('../../views/snapshot.js').Live} live @returns {import('../../views/snapshot.js').SnapshotPart}
   */
  contribute(model, live) {
    return { proved: this.proved && (live.epoch === this._verdictEpoch || !!this.solving), solving: !!this.solving };
  }

  /** Esc stops a Solve going on, before anything else it would do. @param {KeyboardEvent} e */
  takeKey(e) {
    if (e.key !== 'Escape' || !this.solving) return false;
    e.preventDefault();
    this.stop();
    return true;
  }

  /** @param {import('../../views/snapshot.js').Snapshot} s */
  update(s) {
    const next = this._next;
    if (next) {
      this._next = null;
      this._verdict(next.text, next.state);
      if (next.state === 'stopped') this.stopTimes.shown = performance.now();
    }
    // A new search, or a grid edited on the board that does not load (it clashes): the verdict was
    // of the puzzle before, and stood as "Unique solution" under the clashing grid.
    if ((s.epoch !== this._verdictEpoch || s.edited && !this.refused && this.ui.verdict.dataset.state) && !this.solving) {
      this._verdictEpoch = s.epoch;
      this._verdict('', '');
    }
    if (this.ui.verdict.dataset.state === 'multiple' && !this.solving) {
      const m = this._multiple(s.stats);
      this._verdict(m.text, 'multiple');
      this._unread(m.solutions);
    }
  }

  draw() {}
}
