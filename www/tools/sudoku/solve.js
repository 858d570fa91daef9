// @ts-check
// Solve, one of the page's three Sudoku rooms (kept.js, editor.js): Session.solve in slices, one a
// frame, the first solution at full speed, then a second one; the verdict "Unique solution", "More
// than one solution" or "No solution", with nodes and time, and how it reads as the search goes on
// from there. Solve acts on the form: a changed form is loaded first, one that does not load (or a
// grid on the board whose givens clash) is refused in words. Under a verdict of several solutions,
// what the puzzle states that is not read (rules in words, cosmetic shapes: Sudoku::unread), as
// `dlx solve` says it: the grid alone is what was solved.
//
// A renderer (www/views/snapshot.js): its slice is its `frame` hook, before the snapshot; its part of
// the snapshot is whether the puzzle shown is proved unique.

import { count, elapsed, fmt } from '../../views/readouts.js';

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
    /** A Solve going on in slices: its slice size and time so far. @type {{slice: number, ms: number} | null} */
    this.solving = null;
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
    ui.solve.addEventListener('click', () => this.solve());
    // The form's Solve, beside Load: where a puzzle is pasted, on a phone a screen or more below the
    // board and its Solve. The board is brought into view, since the answer is drawn there.
    ui['solve-form'].addEventListener('click', () => {
      this.solve();
      const panel = ui['panel-board'];
      const r = panel.getBoundingClientRect();
      if (panel.offsetParent && (r.top < 0 || r.bottom > window.innerHeight)) panel.scrollIntoView({ block: 'start' });
    });
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
    this.solving = { slice: 20000, ms: 0 };
    this._verdict('Solving…', 'running');
    this._busy(true);
    this.app.changed();
  }

  /** The form changed: a refusal of the form it had no longer holds (it stayed, naming an old error). */
  _formChanged() {
    if (!this.refused) return;
    this.refused = false;
    this._verdict('', '');
  }

  /**
   * One frame's share of Solve (the renderer contract's `slice`): a slice of nodes sized to about
   * 12 ms. True while the Solve goes on.
   */
  slice() {
    const s = this.solving;
    if (!s) return false;
    const model = this.model;
    const t = performance.now();
    const r = model.solve(s.slice);
    const dt = performance.now() - t;
    // By the clock from the first slice to the last: Elapsed's own figure (Model._slice), which
    // Solve's start set to 0, so that the verdict and the statistics say the same time.
    s.ms = model.elapsedMs;
    s.slice = Math.max(1000, Math.min(5e7, Math.round(s.slice * 12 / Math.max(dt, 0.5))));
    this.app.changed();
    if (!r.finished) { this._verdict(`Solving… ${count(r.nodes, 'node', 'nodes')}`, 'running'); return true; }
    this.solving = null;
    model.endSlices();
    this._busy(false);
    const figures = `${count(r.nodes, 'node', 'nodes')}, ${elapsed(s.ms)}`;
    this.kept.solved(model, r.verdict);
    // Read once, at the end of a Solve of several solutions (the only verdict it is said beside).
    this.unread = r.verdict === 'multiple' ? model.unread() ?? '' : '';
    if (r.verdict === 'unique') this._verdict(`Unique solution (${figures})`, 'unique');
    // The list under the board says which of the two is shown (and ◀ ▶ page): the verdict does not.
    else if (r.verdict === 'multiple') {
      this.solvedMultiple = `More than one solution: 2 found, the search stopped there (${figures})`;
      this._verdict(this.solvedMultiple, 'multiple');
      this._unread('2+');
    }
    else this._verdict(`No solution (${figures})`, 'none');
    return false;
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

  /** Stops a Solve going on (a load, a reset, another move). */
  _stop() {
    if (!this.solving) return;
    this.solving = null;
    this.model.endSlices();
    this._busy(false);
    this._verdict('', '');
  }

  /** Both Solve buttons (the board's and the form's) off while a Solve goes on. @param {boolean} on */
  _busy(on) {
    this.ui.solve.disabled = on;
    this.ui['solve-form'].disabled = on;
  }

  /** Whether Solve proved the puzzle shown unique (its verdict stands). */
  get proved() { return this.ui.verdict.dataset.state === 'unique'; }

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
    return { proved: this.proved && (live.epoch === this._verdictEpoch || !!this.solving) };
  }

  /** @param {import('../../views/snapshot.js').Snapshot} s */
  update(s) {
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
