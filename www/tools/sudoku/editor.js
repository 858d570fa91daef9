// @ts-check
// The Sudoku board editor and its symbol pad, one of the page's three Sudoku rooms (solve.js, kept.js):
//
// - The board is editable: a cursor (arrows, a symbol to set, Backspace / Delete / . / 0 to clear), a
//   click or tap on a cell (a symbol pad on touch), Clear, the board's own undo (Ctrl+Z); the puzzle
//   text follows and each change reloads the puzzle; a clashing entry is marked at once and not
//   loaded until it is mended (`pending`, the board shows it in place of the puzzle loaded).
// - Pencil marks: each empty cell's candidates, read from the live links (Session.candidates: the
//   options still in the cell item's list, as many as its length) while the snapshot is taken.
// - Pointing: a cell lights its items and options in the matrix, an item lights its cells here.
//
// A renderer (www/views/snapshot.js): its part of the snapshot is the grid being edited and the
// overlay the board draws over a Sudoku (www/views/grid.js).

import { boardRows, gridOf } from '../../views/grid.js';
import { ring } from '../../views/clues.js';

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
  // A region number of N is no region (a grid without boxes): its cells are no one's peers.
  if (regions && regions.length === size * size && regions[p] < size) {
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

/** The candidate sets a layout states (Session.layout's `candidates`), or null where it states none. */
const stated = new WeakMap();
/** @param {any} layout @returns {Uint32Array | null} */
function statedOf(layout) {
  if (!layout || !layout.candidates) return null;
  if (!stated.has(layout)) stated.set(layout, layout.candidates.some((/** @type {number} */ m) => m) ? Uint32Array.from(layout.candidates) : null);
  return stated.get(layout);
}

export class BoardEditor {
  /**
   * @param {import('../../app/ui.js').UI} ui  the page's elements by id
   * @param {{
   *   model: () => import('../../engine/model.js').Model,
   *   loadPuzzle: (text: string) => boolean,
   *   errorCells: () => number[],
   *   keepForUndo: () => void,
   *   boxLoaded: () => boolean,
   *   note: (text: string, kind?: string) => void,
   *   matrix: import('../../views/matrix.js').MatrixView,
   *   changed: () => void,
   *   editable?: () => boolean,
   * }} app
   * @param {import('./kept.js').KeptSolutions} kept  the kept solutions, which an edit takes off the board
   */
  constructor(ui, app, kept) {
    this.ui = ui;
    this.app = app;
    this.kept = kept;
    /** The cell of the cursor. */
    this.cursor = 0;
    /** The cell a touch or a pen went down on, until the click that ends its tap (−1: none). */
    this._tapped = -1;
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
    /** The board drawn last (the puzzle's, a kept solution or the grid being edited). @type {import('../../engine/model.js').Board | null} */
    this.shown = null;
    this.isSudoku = false;
    /** The overlay of the last snapshot (the browser tests read it). @type {import('../../views/grid.js').Overlay | null} */
    this.overlay = null;
    this._bind();
  }

  get model() { return this.app.model(); }

  /** A grid edited here that does not load, marked on the board (the renderer contract's `holdsEdit`). */
  get holdsEdit() { return !!this.pending; }

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
      this._tapped = (e.pointerType === 'touch' || e.pointerType === 'pen') ? p : -1;
      e.preventDefault();
      this.app.changed();
    });
    // On touch there may be no keyboard: the symbol pad takes its place, where cells can be set
    // (a puzzle with shapes says at once that its text is where to edit it: the pad's digits did
    // nothing, and only then came that note). It opens at the tap's click, not at its pointerdown:
    // the pad is then scrolled above the bottom bar, and the click that follows a tap lands where
    // the finger was, by then on one of the pad's digits (a tap on the bottom row's given 8 set 4).
    canvas.addEventListener('click', () => {
      const p = this._tapped;
      this._tapped = -1;
      if (p >= 0 && p === this.cursor && this.isSudoku && this._editable()) this._openPad();
    });
    canvas.addEventListener('pointermove', (/** @type {PointerEvent} */ e) => this._point(this._cellAt(e)));
    canvas.addEventListener('pointerleave', () => this._point(-1));
    // Pointing at an item's column in the matrix lights its cells on a Sudoku board.
    const m = ui['matrix-canvas'];
    m.addEventListener('pointermove', (/** @type {PointerEvent} */ e) => this.pointItem(this.app.matrix.itemAt(e)));
    m.addEventListener('pointerleave', () => this.pointItem(0));
    ui['sudoku-clear'].addEventListener('click', () => this.clear());
    ui.pencil.addEventListener('click', () => {
      this.pencil = !this.pencil;
      ui.pencil.setAttribute('aria-pressed', String(this.pencil));
      this.app.changed();
    });
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
    const L = this.model.layout && this.model.layout.size === n ? this.model.layout : null;
    // A shaped grid's cells are its top left rows x cols, laid out as the board lays them out.
    const rows = L?.rows ?? n, cols = L?.cols ?? n;
    // As tall as the board draws it: the cells outside the grid (ISS's Var) stand under it.
    const g = gridOf(r.width, r.height, n, 6, ring(L), boardRows(rows), cols);
    const j = Math.floor((e.clientX - r.left - g.x0) / g.cell), i = Math.floor((e.clientY - r.top - g.y0) / g.cell);
    return i >= 0 && j >= 0 && i < rows && j < cols ? i * n + j : -1;
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
      // Round the grid's own rows and columns (a shaped grid's top left rows x cols).
      const L = this.model.layout && this.model.layout.size === n ? this.model.layout : null;
      const rows = L?.rows ?? n, cols = L?.cols ?? n;
      const i = Math.min(Math.floor(this.cursor / n), rows - 1), j = Math.min(this.cursor % n, cols - 1);
      this.cursor = ((i + mv[0] + rows) % rows) * n + ((j + mv[1] + cols) % cols);
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
  _afterRules(loaded) {
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
    this.kept.hide();
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
    // An ISS constraint string (`.Shape~9x9~0-8.~R1C1_4…`) holds its givens as items of its own.
    if (!link && /^\s*\./.test(this.ui.puzzle.value)) {
      this.app.note('Cells of this puzzle cannot be set on the board: its rules and givens are in its Interactive Sudoku Solver text. Edit that text (a given is `~R1C1_5` after `.`) to change one.', 'error');
      return false;
    }
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
      this.kept.hide();
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

  /**
   * Why Solve cannot answer the grid on the board (its givens clash, or break a variant's rule), or
   * null when there is no grid pending.
   */
  refusal() {
    if (!this.pending) return null;
    return this.broken ? this.broken.message.replace(/^line \d+(, column \d+)?: /, '') : 'two givens clash';
  }

  /** Solve started: no item lights cells any more. */
  unlight() { this.lit = new Set(); }

  // ---------------------------------------------------------------- the renderer hooks

  /** @param {import('../../views/snapshot.js').AppEvent} e */
  on(e) {
    // The search moved or restarted: the board shows it again, not a grid marked before.
    if (e.type === 'move' || e.type === 'restart') { this.pending = null; this.broken = null; }
    if (e.type === 'rules') this._afterRules(e.loaded);
  }

  /**
   * The grid being edited (drawn in place of the puzzle loaded) and the overlay over a Sudoku, read
   * while the snapshot is taken: the pencil marks are a wasm call (Session.candidates).
   * @param {import('../../engine/model.js').Model} model
   * @param {import('../../views/snapshot.js').Live} live
   * @param {import('../../views/snapshot.js').SnapshotPart} parts  the parts before this one (a kept solution shown)
   * @returns {import('../../views/snapshot.js').SnapshotPart}
   */
  contribute(model, live, parts) {
    if (live.epoch !== this._epoch) {
      this._epoch = live.epoch;
      this.lit = new Set();
    }
    this.isSudoku = live.board.kind === 'sudoku';
    const solution = parts.solution ?? null;
    const edit = this.pending && this.isSudoku
      ? { ...live.board, cells: this.pending, given: this.pending.map((v) => v > 0), text: puzzleLine(this.pending, live.board.labels) }
      : null;
    const shown = edit ?? solution?.board ?? live.board;
    this.shown = shown;
    // The cursor shows while the board has the keyboard, or the symbol pad stands in for it.
    const focused = document.activeElement === this.ui['board-canvas'] || !this.ui['symbol-pad'].hidden;
    if (this.cursor >= shown.rows * shown.cols) this.cursor = 0;
    /** @type {import('../../views/grid.js').Overlay | null} */
    const overlay = this.isSudoku ? {
      cursor: focused ? this.cursor : -1,
      clash: this.pending ? new Set([...clashes(this.pending, shown.rows, live.layout?.regions), ...(this.broken?.cells ?? [])]) : new Set(),
      lit: this.lit,
      // The live candidates, over the live board only (a kept solution is full); with the pencil
      // marks off, the candidates the puzzle itself states (a pencil-mark grid, odd and even cells),
      // which are part of the puzzle as its givens are.
      candidates: this.pencil && !solution && !this.pending ? model.candidates() : statedOf(live.layout),
      stated: !this.pencil,
    } : null;
    this.overlay = overlay;
    return { edit, sudoku: overlay };
  }

  /** @param {import('../../views/snapshot.js').Snapshot} s */
  update(s) {
    const { ui } = this;
    ui['sudoku-tools'].hidden = !this.isSudoku;
    document.body.classList.toggle('is-sudoku', this.isSudoku);
    if (!this.isSudoku) ui['symbol-pad'].hidden = true;
  }

  draw() {}
}
