// @ts-check
// The Sudoku tools of the page, and the solutions kept for every kind of problem:
//
// - Solve (Session.solve in slices, one a frame): the first solution at full speed, then a second one;
//   the verdict "Unique solution", "More than one solution" or "No solution", with nodes and time.
// - The solutions found (by Solve, Next solution, play or Run to end) are kept: "solution k of n",
//   previous / next, copy as text. The board shows a kept solution until the search moves again, so a
//   search that finds nothing more never takes the last solution off the board.
// - The board is editable: a cursor (arrows, a symbol to set, Backspace / Delete / . / 0 to clear), a
//   click or tap on a cell (a symbol pad on touch), Clear; the puzzle text follows and each change
//   reloads the puzzle; a clashing entry is marked at once and not loaded until it is mended.
// - Pencil marks: each empty cell's candidates, read from the live links (Session.candidates: the
//   options still in the cell item's list, as many as its length).
// - Pointing: a cell lights its items and options in the matrix, an item lights its cells here.
//
// A renderer like the others (update(snapshot) + draw(), www/views/snapshot.js): `decorate(snapshot)` runs
// first and puts the board to show and the overlay (`snapshot.sudoku`) into the snapshot for the board.

import { LIMITS } from '../engine/engine.js';
import { count, elapsed, fmt } from '../views/readouts.js';

/**
 * @typedef {object} Overlay  what the board draws over a Sudoku (in snapshot.sudoku)
 * @property {number} cursor           the cell of the cursor, or −1 while the board is not focused
 * @property {Set<number>} clash       cells that repeat a symbol of their row, column or box
 * @property {Set<number>} lit         cells an item pointed at in the matrix is about
 * @property {Uint32Array | null} candidates  pencil marks (bit v − 1 for symbol v), when shown
 */

/**
 * The cells of a Sudoku that see cell p (its row, column and region), p excluded. The regions are
 * the layout's (Session.layout: the boxes of the size's geometry, or a jigsaw's), so no box shape is
 * worked out here; without them, rows and columns only.
 * @param {number} size @param {number} p @param {ArrayLike<number> | undefined} regions
 */
function peers(size, p, regions) {
  const r = Math.floor(p / size), c = p % size;
  const out = new Set();
  for (let i = 0; i < size; i++) {
    out.add(r * size + i);
    out.add(i * size + c);
  }
  if (regions && regions.length === size * size) {
    for (let q = 0; q < regions.length; q++) if (regions[q] === regions[p]) out.add(q);
  }
  out.delete(p);
  return out;
}

/**
 * Every cell that holds the same symbol as one of its peers.
 * @param {number[]} cells @param {number} size @param {ArrayLike<number>} [regions]  the layout's
 */
export function clashes(cells, size, regions) {
  const out = new Set();
  for (let p = 0; p < cells.length; p++) {
    if (!cells[p]) continue;
    for (const q of peers(size, p, regions)) if (cells[q] === cells[p]) { out.add(p); out.add(q); }
  }
  return out;
}

/**
 * The puzzle as one line (a puzzle typed as numbers: rows of numbers), in the alphabet it was read in when that reads back the same: hexadecimal
 * needs a `0` somewhere and letters no digit (else the reader takes the standard alphabet), so when an
 * edit removes the last one the line is written in the alphabet that keeps every value.
 * @param {number[]} cells @param {string[]} labels  labels[v] of the board
 */
export function puzzleLine(cells, labels) {
  const size = labels.length - 1;
  // A puzzle typed as numbers (labels "10" and up): rows of numbers, as it was typed.
  if (size >= 10 && labels[10].length > 1) {
    const rows = [];
    for (let r = 0; r < size; r++) rows.push(cells.slice(r * size, (r + 1) * size).map((v) => (v === 0 ? '.' : String(v))).join(' '));
    return rows.join('\n');
  }
  const standard = (/** @type {number} */ v) => (v === 0 ? '.' : v <= 9 ? String(v) : String.fromCharCode(55 + v));
  const letter = (/** @type {number} */ v) => (v === 0 ? '.' : String.fromCharCode(64 + v));
  let label = (/** @type {number} */ v) => (v === 0 ? '.' : labels[v]);
  if (labels[1] === '0' && !cells.includes(1)) label = standard;
  if (size === 25 && cells.every((v) => v === 0 || v >= 10)) label = letter;
  return cells.map(label).join('');
}

export class SudokuTools {
  /**
   * @param {import('../app.js').UI} ui  the page's elements by id
   * @param {{
   *   model: () => import('../engine/model.js').Model,
   *   loadPuzzle: (text: string) => boolean,
   *   errorCells: () => number[],
   *   keepForUndo: () => void,
   *   boxLoaded: () => boolean,
   *   quiet: () => void,
   *   sync: () => boolean,
   *   epoch: () => number,
   *   note: (text: string, kind?: string) => void,
   *   matrix: import('../views/matrix.js').MatrixView,
   *   board: import('../views/board.js').BoardView,
   *   changed: () => void,
   *   editable?: () => boolean,
   * }} app
   */
  constructor(ui, app) {
    this.ui = ui;
    this.app = app;
    /** A Solve going on in slices: its slice size and time so far. @type {{slice: number, ms: number} | null} */
    this.solving = null;
    /** The kept solutions: boards, the one shown, whether the board shows it. */
    /** @type {{boards: import('../engine/model.js').Board[], index: number, show: boolean, source: 'search' | 'run'}} */
    this.list = { boards: [], index: 0, show: false, source: 'search' };
    /** The cell of the cursor. */
    this.cursor = 0;
    /** A grid being edited that cannot load (its givens clash), or null. @type {number[] | null} */
    this.pending = null;
    /**
     * The cells of the pending grid that break a variant's rule (a diagonal, a cage, a knight's move
     * apart: the reader finds them), and the reader's message; null where it is a row, column or box.
     * @type {{cells: Set<number>, message: string} | null}
     */
    this.broken = null;
    /** The text the board last wrote into the box (a cell edit), which an edit may replace freely. */
    this.written = '';
    /**
     * The board's own undo (Ctrl+Z or ⌘Z on the board): each cell edit or Clear, as the grid before
     * it and the text it wrote (a `0` pressed on a given took it off and reloaded, with no way back).
     * @type {{cells: number[], written: string}[]}
     */
    this.undoCells = [];
    this.pencil = false;
    /** Cells lit by an item pointed at in the matrix. @type {Set<number>} */
    this.lit = new Set();
    this._epoch = -1;
    /** The epoch of the verdict shown (a new search clears it). */
    this._verdictEpoch = -1;
    /** The board drawn last (the puzzle's, a kept solution or the grid being edited). @type {import('../engine/model.js').Board | null} */
    this.shown = null;
    this.isSudoku = false;
    /** The verdict is a refusal of the form (it does not load, or its givens clash). */
    this.refused = false;
    /** Solve's verdict where it stopped at a second solution (`_multiple`). */
    this.solvedMultiple = '';
    /** The solutions a run to the end counted, and the epoch of the search it counted. @type {{epoch: number, solutions: number} | null} */
    this.runCount = null;
    this._bind();
  }

  get model() { return this.app.model(); }

  // ---------------------------------------------------------------- wiring

  _bind() {
    const { ui } = this;
    const canvas = ui['board-canvas'];
    // The board takes the keyboard: a cursor starts at row 1, column 1.
    canvas.tabIndex = 0;
    canvas.dataset.testid = 'board';
    canvas.removeAttribute('aria-hidden');
    canvas.setAttribute('role', 'grid');
    canvas.setAttribute('aria-label', 'The board. For a Sudoku: arrows move the cursor, a symbol sets the cell, Backspace, Delete or 0 clears it, Ctrl+Z undoes.');
    canvas.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => this._key(e));
    canvas.addEventListener('focus', () => this.app.changed());
    canvas.addEventListener('blur', () => this.app.changed());
    canvas.addEventListener('pointerdown', (/** @type {PointerEvent} */ e) => {
      const p = this._cellAt(e);
      if (p < 0) return;
      this.cursor = p;
      canvas.focus();
      // On touch there may be no keyboard: the symbol pad takes its place, where cells can be set
      // (a puzzle with shapes says at once that its text is where to edit it: the pad's digits did
      // nothing, and only then came that note).
      if ((e.pointerType === 'touch' || e.pointerType === 'pen') && this.isSudoku && this._editable()) this._openPad();
      e.preventDefault();
      this.app.changed();
    });
    canvas.addEventListener('pointermove', (/** @type {PointerEvent} */ e) => this._point(this._cellAt(e)));
    canvas.addEventListener('pointerleave', () => this._point(-1));
    ui.solve.addEventListener('click', () => this.solve());
    // The form's Solve, beside Load: where a puzzle is pasted, on a phone a screen or more below the
    // board and its Solve. The board is brought into view, since the answer is drawn there.
    ui['solve-form'].addEventListener('click', () => {
      this.solve();
      const panel = ui['panel-board'];
      const r = panel.getBoundingClientRect();
      if (panel.offsetParent && (r.top < 0 || r.bottom > window.innerHeight)) panel.scrollIntoView({ block: 'start' });
    });
    ui['sudoku-clear'].addEventListener('click', () => this.clear());
    ui.pencil.addEventListener('click', () => {
      this.pencil = !this.pencil;
      ui.pencil.setAttribute('aria-pressed', String(this.pencil));
      this.app.changed();
    });
    ui['solution-prev'].addEventListener('click', () => this.go(-1));
    ui['solution-next'].addEventListener('click', () => this.go(1));
    ui['solution-copy'].addEventListener('click', () => this.copy());
    ui['symbol-pad'].addEventListener('click', (/** @type {MouseEvent} */ e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest('button');
      if (!b) return;
      if (b.dataset.value === 'close') { ui['symbol-pad'].hidden = true; return; }
      this.set(this.cursor, Number(b.dataset.value));
    });
  }

  /** The cell under a pointer event, or −1. @param {MouseEvent} e */
  _cellAt(e) {
    const b = this.shown;
    if (!this.isSudoku || !b) return -1;
    const r = this.ui['board-canvas'].getBoundingClientRect();
    const n = b.rows;
    const g = gridOf(r.width, r.height, n);
    const j = Math.floor((e.clientX - r.left - g.x0) / g.cell), i = Math.floor((e.clientY - r.top - g.y0) / g.cell);
    return i >= 0 && j >= 0 && i < n && j < n ? i * n + j : -1;
  }

  /** A cell pointed at: its items and options light in the matrix. @param {number} p */
  _point(p) {
    const m = this.app.matrix;
    if (p < 0 || !this.shown) { m.setLit(null); return; }
    const v = this.shown.cells[p];
    const links = this.model.cellLinks(p, v > 0 ? v : 0);
    m.setLit({ items: new Set(links.items), options: new Set(links.options) });
  }

  /** An item pointed at in the matrix (its header, 0 for none): its cells light on the board. @param {number} h */
  pointItem(h) {
    const lit = this.isSudoku && h > 0 ? new Set(this.model.itemCells(h)) : new Set();
    if (lit.size === this.lit.size && [...lit].every((p) => this.lit.has(p))) return;
    this.lit = lit;
    this.app.changed();
  }

  /** @param {KeyboardEvent} e */
  _key(e) {
    if (this.isSudoku && (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      e.stopPropagation();
      this.undo();
      return;
    }
    if (!this.isSudoku || e.ctrlKey || e.metaKey || e.altKey || !this.shown) return;
    const n = this.shown.rows;
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    const mv = moves[/** @type {keyof typeof moves} */ (e.key)];
    // The board keeps the keys it uses (the page's own arrows would step the search); the others
    // (Space, n, c, ...) stay the page's, as its keys panel says.
    const take = () => { e.stopPropagation(); e.preventDefault(); };
    if (mv) {
      const i = Math.floor(this.cursor / n), j = this.cursor % n;
      this.cursor = ((i + mv[0] + n) % n) * n + ((j + mv[1] + n) % n);
      take();
      this.app.changed();
      return;
    }
    if (e.key === 'Escape' && !this.ui['symbol-pad'].hidden) { e.stopPropagation(); this.ui['symbol-pad'].hidden = true; return; }
    // A symbol sets the cell (where `0` is a symbol, as in 0-F, it is one); Backspace, Delete, `.`
    // and otherwise `0` clear it.
    const labels = this.shown.labels;
    const v = e.key.length === 1
      ? labels.findIndex((/** @type {string} */ l, /** @type {number} */ k) => k > 0 && l.toUpperCase() === e.key.toUpperCase())
      : -1;
    if (v > 0) { take(); this.set(this.cursor, v); } else if (['Backspace', 'Delete', '.', '0'].includes(e.key)) { take(); this.set(this.cursor, 0); }
  }

  _openPad() {
    const pad = this.ui['symbol-pad'];
    const labels = this.shown ? this.shown.labels : [];
    const key = labels.join('');
    if (pad.dataset.key !== key) {
      pad.dataset.key = key;
      const button = (/** @type {string} */ text, /** @type {string} */ value, /** @type {string} */ label) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = text;
        b.dataset.value = value;
        b.setAttribute('aria-label', label);
        b.title = label;
        return b;
      };
      pad.replaceChildren(
        ...labels.slice(1).map((/** @type {string} */ l, /** @type {number} */ k) => button(l, String(k + 1), `set ${l}`)),
        button('⌫', '0', 'clear the cell'),
        button('✕', 'close', 'close the pad'),
      );
    }
    pad.hidden = false;
  }

  // ---------------------------------------------------------------- editing

  /** The puzzle's cells: the grid being edited, or the givens of the puzzle loaded. */
  _puzzleCells() {
    if (this.pending) return this.pending.slice();
    const b = this.model.board();
    return Array.from(b.cells, (/** @type {number} */ v, /** @type {number} */ p) => (b.given[p] ? v : 0));
  }

  /**
   * Sets cell p of the puzzle to v (0 empties it); the puzzle text follows, and the puzzle reloads
   * unless two givens now clash, which are marked at once.
   * @param {number} p @param {number} v
   */
  set(p, v) {
    if (!this.isSudoku || !this.shown || !this._editable()) return;
    const cells = this._puzzleCells();
    // The same value again (an empty cell cleared): nothing changes, and the search stays where it is.
    if (cells[p] === v) return;
    const before = cells.slice();
    cells[p] = v;
    // The board edits the grid loaded: text in the box that did not load (a paste with a clash) and
    // that the board did not write is replaced, so it is kept for Undo, as Clear keeps it.
    if (this.ui.puzzle.value !== this.written && !this.app.boxLoaded()) this.app.keepForUndo();
    this._edit(cells);
    this._kept(before);
  }

  /**
   * A variant switch changed and the form's grid was loaded under the new rules, or not: loaded,
   * the board shows it (a grid marked before is gone); not, because its givens break a rule just
   * ticked, the grid stays on the board with the cells that break it marked, as after an edit that
   * breaks one.
   * @param {boolean} loaded
   */
  afterRules(loaded) {
    if (!this.isSudoku || !this.shown) return;
    if (!loaded) this._markBroken(this._puzzleCells());
    else {
      this.pending = null;
      this.broken = null;
    }
    this.app.changed();
  }

  /**
   * The grid `cells` did not load: where the error names cells (a variant's rule they break), the
   * grid stays on the board as typed, those cells marked, and the error kept for Solve to say.
   * @param {number[]} cells
   */
  _markBroken(cells) {
    const broken = this.app.errorCells();
    if (!broken.length) return;
    this.pending = cells;
    this.broken = { cells: new Set(broken), message: this.ui['input-error'].textContent || '' };
    this.list.show = false;
  }

  /** Empties the grid. */
  clear() {
    if (!this.isSudoku || !this.shown || !this._editable()) return;
    this.app.keepForUndo();
    const before = this._puzzleCells();
    this._edit(before.map(() => 0));
    this._kept(before);
  }

  /** Keeps the grid before an edit for `undo` (the last 100). @param {number[]} cells */
  _kept(cells) {
    this.undoCells.push({ cells, written: this.written });
    if (this.undoCells.length > 100) this.undoCells.shift();
  }

  /**
   * Takes the board's last edit back (Ctrl+Z on the board): the grid before it, loaded as an edit
   * loads. Only while the box still holds what that edit wrote: text typed or loaded since then is
   * the person's own, and the board's undo stops there.
   */
  undo() {
    const u = this.undoCells[this.undoCells.length - 1];
    if (!u || this.ui.puzzle.value !== u.written) {
      this.undoCells = [];
      this.app.note('Nothing to undo on the board: its last edit is undone, or the puzzle has changed since.');
      return;
    }
    this.undoCells.pop();
    this._edit(u.cells);
    this.app.note(`The board's last edit is undone${this.undoCells.length ? ` (${this.undoCells.length} more to undo)` : ''}.`);
  }

  /** Whether the grid may be edited cell by cell: not an f-puzzles puzzle with shapes, whose text holds them. */
  _editable() {
    if (!this.app.editable || this.app.editable()) return true;
    // A link's puzzle is compressed: "edit that text" could not be followed.
    const link = /^\s*https?:\/\//.test(this.ui.puzzle.value);
    this.app.note(link
      ? 'Cells of this puzzle cannot be set on the board: its shapes and givens come from its f-puzzles link, whose text is compressed. Change them where the link was made (f-puzzles.com, SudokuPad), or paste the puzzle\'s f-puzzles JSON to edit its givens here.'
      : 'Cells of this puzzle cannot be set on the board: its shapes are in its f-puzzles text. Edit that text (each cell\'s "value" and "given") to change a given.', 'error');
    return false;
  }

  /** @param {number[]} cells */
  _edit(cells) {
    if (!this.shown) return;
    const labels = this.shown.labels;
    const text = puzzleLine(cells, labels);
    this.ui.puzzle.value = text;
    this.written = text;
    this.ui.puzzle.dispatchEvent(new Event('input'));
    const clash = clashes(cells, labels.length - 1, this.model.layout?.regions);
    const cursor = this.cursor;
    this.broken = null;
    if (clash.size) {
      // Marked at once; the message is the reader's own (the load refuses the grid), so that the
      // board, Play and Load name the same pair in the same words (the board named its own pair).
      this.pending = cells;
      this.list.show = false;
      this.app.loadPuzzle(text);
    } else {
      this.pending = null;
      // A variant's rule broken (two 2s on a diagonal): only the reader knows the variant's rules,
      // and its error names the cells. The digit typed stays on the board, marked, as a clash in a
      // row does (it vanished, with the board showing the puzzle loaded before).
      if (!this.app.loadPuzzle(text)) this._markBroken(cells);
    }
    this.cursor = cursor;
    this.app.changed();
  }

  // ---------------------------------------------------------------- solving

  /**
   * Solve answers the puzzle in the form: a changed form is loaded first (as Step and Play do), and
   * a form that does not load (its error is shown) or a grid whose givens clash is refused, never
   * answered with the puzzle loaded before.
   */
  solve() {
    if (this.pending) {
      const why = this.broken ? this.broken.message.replace(/^line \d+(, column \d+)?: /, '') : 'two givens clash';
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
    this._epoch = this._verdictEpoch = this.app.epoch();
    this.lit = new Set();
    if (model.playing) model.pause();
    model.solveStart();
    this.list = { boards: [], index: 0, show: false, source: 'search' };
    this.solving = { slice: 20000, ms: 0 };
    this._verdict('Solving…', 'running');
    this._busy(true);
    this.app.changed();
  }

  /** The form changed: a refusal of the form it had no longer holds (it stayed, naming an old error). */
  formChanged() {
    if (!this.refused) return;
    this.refused = false;
    this._verdict('', '');
  }

  /** One frame's share of Solve: a slice of nodes sized to about 12 ms. */
  frame() {
    const s = this.solving;
    if (!s) return;
    const model = this.model;
    const t = performance.now();
    const r = model.solve(s.slice);
    const dt = performance.now() - t;
    // By the clock from the first slice to the last: Elapsed's own figure (Model._slice), which
    // Solve's start set to 0, so that the verdict and the statistics say the same time.
    s.ms = model.elapsedMs;
    s.slice = Math.max(1000, Math.min(5e7, Math.round(s.slice * 12 / Math.max(dt, 0.5))));
    this.app.changed();
    if (!r.finished) { this._verdict(`Solving… ${count(r.nodes, 'node', 'nodes')}`, 'running'); return; }
    this.solving = null;
    model.endSlices();
    this._busy(false);
    const figures = `${count(r.nodes, 'node', 'nodes')}, ${elapsed(s.ms)}`;
    this._sync();
    // The solution the search stands at: the second, where it stopped at two (the board showed the
    // first while the matrix, the statistics and Step stood at the second); ◀ pages back to it.
    this.list.index = r.verdict === 'multiple' ? Math.max(0, this.list.boards.length - 1) : 0;
    this.list.show = this.list.boards.length > 0;
    if (r.verdict === 'unique') this._verdict(`Unique solution (${figures})`, 'unique');
    // The list under the board says which of the two is shown (and ◀ ▶ page): the verdict does not.
    else if (r.verdict === 'multiple') {
      this.solvedMultiple = `More than one solution: 2 found, the search stopped there (${figures})`;
      this._verdict(this.solvedMultiple, 'multiple');
    }
    else this._verdict(`No solution (${figures})`, 'none');
  }

  /**
   * The verdict of a Solve that stopped at a second solution, as the search goes on from there (Next
   * solution, Play, Run): it stopped there no more once a third is found or the search has finished
   * (the status line said "finished" beside "the search stopped there"). Back where Solve stopped,
   * Solve's own words.
   * @param {import('../engine/model.js').Stats} st
   */
  _multiple(st) {
    const n = Number(st.solutions);
    if (st.done && n >= 2) return `More than one solution: exactly ${fmt(n)}, the search went on to the end (${count(st.nodes, 'node', 'nodes')})`;
    // A run to the end counted them all (on its workers, the search here staying where it was):
    // "3 found so far" stood beside the run box's "288 solutions counted".
    const run = this.runCount;
    if (run && run.epoch === this.app.epoch()) return `More than one solution: exactly ${fmt(run.solutions)}, counted by Run to end`;
    if (n > 2) return `More than one solution: ${fmt(n)} found so far, the search going on from Solve's second`;
    return this.solvedMultiple;
  }

  /** Stops a Solve going on (a load, a reset, another move). */
  stop() {
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

  /** @param {string} text @param {string} state */
  _verdict(text, state) {
    const el = this.ui.verdict;
    if (el.textContent !== text) el.textContent = text;
    el.dataset.state = state;
  }

  // ---------------------------------------------------------------- the kept solutions

  /** Takes in the solutions the engine kept since the list last looked. */
  _sync() {
    if (this.list.source !== 'search') return;
    const n = this.model.keptCount();
    if (n < this.list.boards.length) this.list = { boards: [], index: 0, show: false, source: 'search' };
    for (let k = this.list.boards.length; k < n; k++) this.list.boards.push(this.model.kept(k));
  }

  /** The search moved (a step, play, back): the board shows it again. */
  showLive() {
    this.stop();
    this.list.show = false;
    this.pending = null;
    this.broken = null;
  }

  /** Next solution found one, or found none more: the board shows the latest solution kept. */
  showLatest() {
    // The search's own list again, where a run to the end's was shown: the solution just found is
    // the search's, and its number is the search's.
    if (this.list.source !== 'search') this.list = { boards: [], index: 0, show: false, source: 'search' };
    this._sync();
    if (!this.list.boards.length) return;
    this.list.index = this.list.boards.length - 1;
    this.list.show = true;
  }

  /**
   * A run to the end finished: how many solutions it counted, and its first ones (up to
   * LIMITS.keep), the first shown.
   * @param {number} solutions @param {import('../engine/model.js').Board[] | undefined} boards
   */
  fromRun(solutions, boards) {
    this.runCount = { epoch: this.app.epoch(), solutions };
    this.app.changed();
    if (!boards || !boards.length) return;
    this.list = { boards, index: 0, show: true, source: 'run' };
    this.app.changed();
  }

  /** @param {number} d */
  go(d) {
    const l = this.list;
    if (!l.boards.length) return;
    l.index = Math.max(0, Math.min(l.boards.length - 1, (l.show ? l.index : l.boards.length - 1) + d));
    l.show = true;
    this.app.changed();
  }

  async copy() {
    const b = this.list.boards[this.list.index];
    if (!b) return;
    const text = b.text || (b.lines || []).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      this.app.note(`Solution ${this.list.index + 1} copied as text.`);
    } catch {
      this.app.note(`Solution ${this.list.index + 1}: ${text}`);
    }
  }

  // ---------------------------------------------------------------- the snapshot

  /**
   * Before the renderers see the snapshot: a new search forgets the list; the board to show (a kept
   * solution, the grid being edited, or the live one) and the Sudoku overlay go into it.
   * @param {import('../views/snapshot.js').Snapshot} s
   */
  decorate(s) {
    if (s.epoch !== this._epoch) {
      this._epoch = s.epoch;
      this.list = { boards: [], index: 0, show: false, source: 'search' };
      this.lit = new Set();
    }
    this._sync();
    this.isSudoku = s.board.kind === 'sudoku';
    const l = this.list;
    if (this.pending && this.isSudoku) {
      const labels = s.board.labels;
      s.board = { ...s.board, cells: this.pending, given: this.pending.map((v) => v > 0), text: puzzleLine(this.pending, labels) };
    } else if (l.show && l.boards[l.index]) {
      s.board = l.boards[l.index];
      // A kept solution is no search state: nothing on it is being tried.
      s.tryingCells = null;
      s.kept = true;
    }
    this.shown = s.board;
    // The cursor shows while the board has the keyboard, or the symbol pad stands in for it.
    const focused = document.activeElement === this.ui['board-canvas'] || !this.ui['symbol-pad'].hidden;
    const n = s.board.rows * s.board.cols;
    if (this.cursor >= n) this.cursor = 0;
    /** @type {Overlay | null} */
    const overlay = this.isSudoku ? {
      cursor: focused ? this.cursor : -1,
      clash: this.pending ? new Set([...clashes(this.pending, s.board.rows, s.layout?.regions), ...(this.broken?.cells ?? [])]) : new Set(),
      lit: this.lit,
      // The live candidates, over the live board only (a kept solution is full).
      candidates: this.pencil && !l.show && !this.pending ? this.model.candidates() : null,
    } : null;
    /** The overlay of the last snapshot (the browser tests read it). */
    this.overlay = overlay;
    s.sudoku = overlay;
  }

  /** @param {import('../views/snapshot.js').Snapshot} s */
  update(s) {
    const { ui } = this;
    const sudoku = this.isSudoku;
    ui['sudoku-tools'].hidden = !sudoku;
    document.body.classList.toggle('is-sudoku', sudoku);
    if (!sudoku) ui['symbol-pad'].hidden = true;
    if (s.epoch !== this._verdictEpoch && !this.solving) {
      this._verdictEpoch = s.epoch;
      this._verdict('', '');
    }
    if (ui.verdict.dataset.state === 'multiple' && !this.solving) this._verdict(this._multiple(s.stats), 'multiple');
    const l = this.list;
    const n = l.boards.length;
    ui.solutions.hidden = n === 0;
    // The live search stands on its latest solution (play stopped there): the board shows solution n
    // of n, and the list says so (it said "n kept", and ▶ then showed the same board as "n of n").
    const live = !l.show && l.source === 'search' && s.leaf === 'solution' && n > 0 && n === Number(s.stats.solutions);
    // "of n" while the search goes on is of the n found so far: "solution 1 of 1" read as "the only
    // one" on 8-queens (92).
    // Not so where Solve proved the puzzle unique (the search stands at its solution after Solve).
    const sofar = l.source === 'search' && !s.stats.done && !this.proved ? ' found so far' : '';
    // Not shown on the board: how many the arrows go through ("3 kept" read as nothing much).
    const where = l.show ? `solution ${l.index + 1} of ${n}${sofar}` : live ? `solution ${n} of ${n}${sofar}` : `${n} solution${n === 1 ? '' : 's'} found`;
    const pos = n ? `${where}${l.source === 'run' ? ' (run to end)' : ''}${n >= LIMITS.keep ? `, the first ${LIMITS.keep}` : ''}` : '';
    if (ui['solution-pos'].textContent !== pos) ui['solution-pos'].textContent = pos;
    ui['solution-prev'].disabled = live ? n <= 1 : !l.show || l.index === 0;
    ui['solution-next'].disabled = live || (l.show && l.index >= n - 1);
  }

  draw() {}
}

/** The room for the coordinates (row numbers at the left, column numbers on top), in px. */
export const COORDS = 16;

/**
 * Square cells of a board of side n in a box w × h, centred, as BoardView lays them out (the Sudoku,
 * queens and Latin square boards). Where cells stay at least 18 px, a margin of COORDS at the left
 * and on top holds the coordinates (`coords` true), rows and columns numbered from 1 as the item
 * names and the narration number them.
 * @param {number} w @param {number} h @param {number} n
 */
export function gridOf(w, h, n, pad = 6) {
  const fit = (/** @type {number} */ m) => Math.max(2, Math.min((w - 2 * pad - m) / n, (h - 2 * pad - m) / n));
  const coords = fit(COORDS) >= 18;
  const m = coords ? COORDS : 0;
  const cell = fit(m);
  return { cell, x0: (w - cell * n + m) / 2, y0: (h - cell * n + m) / 2, coords };
}

/**
 * The coordinates of a board laid out by gridOf: 1..n down the left, 1..n along the top.
 * @param {CanvasRenderingContext2D} ctx @param {{cell: number, x0: number, y0: number, coords: boolean}} g
 * @param {number} n @param {string} colour @param {string} font
 */
export function drawCoords(ctx, g, n, colour, font) {
  if (!g.coords) return;
  ctx.fillStyle = colour;
  ctx.font = `${Math.min(11, g.cell * 0.5)}px ${font}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  for (let i = 0; i < n; i++) {
    ctx.fillText(String(i + 1), g.x0 - COORDS / 2, g.y0 + (i + 0.5) * g.cell);
    ctx.fillText(String(i + 1), g.x0 + (i + 0.5) * g.cell, g.y0 - COORDS / 2);
  }
}

/**
 * Draws the overlay over a Sudoku the board view has drawn: lit cells, clashes, pencil marks, cursor.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{cell: number, x0: number, y0: number}} g  the board's geometry
 * @param {import('../engine/model.js').Board} b  the board
 * @param {Overlay} o
 * @param {Record<string, string>} c  the colours (canvas.js)
 * @param {(p: number) => number[] | null} [markBox]  where cell p's pencil marks go, as fractions of
 *   the cell [left, top, right, bottom] (inside a variant's cage, below its sum: www/views/variants.js)
 */
export function drawOverlay(ctx, g, b, o, c, markBox = () => null) {
  const n = b.rows, { cell, x0, y0 } = g;
  const at = (/** @type {number} */ p) => [x0 + (p % n) * cell, y0 + Math.floor(p / n) * cell];
  for (const p of o.lit) {
    const [x, y] = at(p);
    ctx.fillStyle = 'rgba(37, 99, 235, 0.16)';
    ctx.fillRect(x, y, cell, cell);
  }
  for (const p of o.clash) {
    const [x, y] = at(p);
    ctx.fillStyle = 'rgba(220, 38, 38, 0.28)';
    ctx.fillRect(x, y, cell, cell);
    ctx.strokeStyle = '#b91c1c';
    ctx.lineWidth = 2;
    ctx.strokeRect(x + 2, y + 2, cell - 4, cell - 4);
  }
  if (o.candidates && o.candidates.length === n * n) {
    // The marks of a cell in a grid of cols x rows (3 x 3 for 9 symbols, 3 x 2 for 6, 4 x 4 for 16).
    const cols = Math.ceil(Math.sqrt(n)), rows = Math.ceil(n / cols);
    ctx.fillStyle = c.muted || '#667085';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    let lastFont = '';
    for (let p = 0; p < n * n; p++) {
      const mask = o.candidates[p];
      if (!mask || b.cells[p]) continue;
      const [cx, cy] = at(p);
      const [l, t, r, btm] = markBox(p) || [0, 0, 1, 1];
      const x = cx + l * cell, y = cy + t * cell, sw = (r - l) * cell / cols, sh = (btm - t) * cell / rows;
      // Digits are narrower than tall: a short box (below a cage's sum) keeps the font of its width.
      // (Set only when it changes: parsing a font costs more than the marks of a cell.)
      const font = `${Math.max(5, Math.min(sw * 0.72, sh * 0.95))}px ${c.font}`;
      if (font !== lastFont) { ctx.font = font; lastFont = font; }
      for (let v = 1; v <= n; v++) {
        if (!(mask & (1 << (v - 1)))) continue;
        const i = Math.floor((v - 1) / cols), j = (v - 1) % cols;
        ctx.fillText(b.labels[v], x + (j + 0.5) * sw, y + (i + 0.5) * sh + sh * 0.04);
      }
    }
  }
  if (o.cursor >= 0 && o.cursor < n * n) {
    const [x, y] = at(o.cursor);
    ctx.strokeStyle = '#2563eb';
    ctx.lineWidth = Math.max(2, cell * 0.08);
    ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, cell - ctx.lineWidth, cell - ctx.lineWidth);
  }
}
