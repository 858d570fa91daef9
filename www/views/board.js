// @ts-check
// The board view: draws the Board the engine decodes (problems::Board) for the options chosen so far
// and the one being tried. One drawing a kind; the legend is built from the same colours. A renderer
// (update(snapshot) + draw(), see www/views/snapshot.js); it also keeps the board-text read-out.

import { prepare, colours, alpha, tint } from './canvas.js';
import { drawOverlay, gridOf, drawCoords, cellRC, placeExtra, boardRows } from './grid.js';
import { drawUnder, drawBorders, drawOver, markBox, isVariant, shaped } from './variants.js';
import { ring, CLUE_RULES } from './clues.js';
import { SWITCHES } from '../engine/engine.js';

/** @typedef {import('../engine/model.js').Board} Board */

/** Twelve pentomino colours, distinct in hue and lightness; the legend is built from this list. */
export const PIECE_COLOURS = [
  '#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4',
  '#42d4f4', '#f032e6', '#bfef45', '#fabed4', '#469990', '#9a6324',
];

export class BoardView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLElement} legend
   * @param {HTMLElement} textEl  the board as text (read by screen readers and tests)
   */
  constructor(canvas, legend, textEl) {
    this.canvas = canvas;
    this.legend = legend;
    this.textEl = textEl;
    /** @type {Board | null} */
    this.board = null;
    /** Cells (exact cover: lines) of the option being tried. @type {Set<number>} */
    this.highlight = new Set();
    /** At a dead end, the name of the item with no option left (a queens board crosses its line out). */
    this.deadItem = '';
    /** The line drawn crossed out ("file 7"), or '' (for tests). */
    this.drawnDead = '';
    this.finished = false;
    this.legendKey = '';
    /** @type {import('./variants.js').Layout | null} */
    this.layout = null;
    /** @type {import('./variants.js').Layout | null} */
    this.regions = null;
    /** @type {number[][]} */
    this.drawnBoxes = [];
    /** @type {number[][]} */
    this.drawnChaos = [];
    /** The cells outside the grid drawn (ISS's Var), their digits (0 none yet), for the tests. */
    this.drawnExtra = /** @type {number[]} */ ([]);
    /** The variant shape pointed at (www/views/variants.js VariantTools, through the snapshot), or −1. */
    this.shape = -1;
    /** The Sudoku grid's geometry as last drawn, for pointing at its shapes. @type {{cell: number, x0: number, y0: number} | null} */
    this.geometry = null;
    /** What the variant drawing drew last (borders, cages, sums, thermometers, diagonals), or null. @type {import('./variants.js').Drawn | null} */
    this.drawnShapes = null;
    /** A kept Sudoku solution's cells where the solutions found differ, and their digits. @type {Map<number, number[]> | null} */
    this.differ = null;
    /** The cells last drawn as differing (for the browser tests). @type {number[]} */
    this.drawnDiffer = [];
    this.aspect = 0;
    this.dirty = true;
    /** The cells at the last snapshot, to see which changed. @type {number[] | null} */
    this._lastCells = null;
    this._epoch = -1;
    new ResizeObserver(() => { this.dirty = true; }).observe(canvas);
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    const board = s.board;
    if (s.epoch !== this._epoch) {
      // A new search: nothing to compare the cells with.
      this._epoch = s.epoch;
      this._lastCells = null;
      this.highlight = new Set();
    }
    // The board's shape, for the narrow layout, where the box's height follows the board.
    const aspect = board.kind === 'langford' ? 0.4 : board.kind === 'exact-cover' ? 0.6
      : Math.min(1.1, Math.max(0.3, board.rows / Math.max(board.cols, 1)));
    if (aspect !== this.aspect) {
      this.aspect = aspect;
      /** @type {HTMLElement} */ (this.canvas.parentElement).style.setProperty('--aspect', String(aspect));
    }
    this.board = board;
    this.highlight = this._highlightOf(board, s);
    // At a dead end, the item branched on has no option left: on a queens board a rank or a file with
    // no free square ("column 7 has no free squares"), marked on the board as the narration names it.
    this.deadItem = !s.kept && s.leaf === 'dead' && s.branching > 0 ? s.info.items[s.branching - 1] ?? '' : '';
    this.differ = s.kept && !s.edited && s.solution && s.solution.differ.length ? new Map(s.solution.differ.map((d) => [d.cell, d.values])) : null;
    this.finished = !!s.stats.done;
    /** The Sudoku overlay (www/tools/sudoku/editor.js): cursor, clashes, pencil marks, lit cells. */
    this.overlay = s.sudoku || null;
    this.shape = s.shape;
    /** A variant or shaped Sudoku's layout (www/views/variants.js draws its shapes; a shaped grid's
     * rows and columns are its own), else null. */
    this.layout = board.kind === 'sudoku' && (isVariant(s.layout) || shaped(s.layout)) ? s.layout : null;
    /** Any Sudoku's layout, for its box borders (a classic grid's boxes are its regions). */
    this.regions = board.kind === 'sudoku' ? s.layout : null;
    if (this.textEl.textContent !== board.text) this.textEl.textContent = board.text;
    this.textEl.setAttribute('aria-live', s.playing || s.hunting ? 'off' : 'polite');
    this._legend(board, s.problem);
    this.dirty = true;
  }

  /**
   * The cells of the option being tried (Session.option_cells): that option only, however many
   * events the last frame took (the cells that changed in a fast frame were many options). Between
   * its events and the next try, a step by step search keeps what is left of it framed; a jump or a
   * batch of play does not. Works the same for every kind.
   * @param {Board} b @param {import('./snapshot.js').Snapshot} s
   */
  _highlightOf(b, s) {
    // A solution kept in a list (a run's, the pager's): a queen of the live search stayed framed on it.
    if (s.kept) {
      this._lastCells = null;
      return new Set();
    }
    if (b.kind === 'exact-cover') return s.trying && b.lines.length ? new Set([b.lines.length - 1]) : new Set();
    const cells = b.cells;
    if (s.tryingCells) return new Set(s.tryingCells.filter((i) => cells[i] !== 0));
    if (s.lastMove > 1 || !this._lastCells || this._lastCells.length !== cells.length) {
      this._lastCells = Array.from(cells);
      return new Set();
    }
    this._lastCells = Array.from(cells);
    return new Set([...this.highlight].filter((i) => cells[i] !== 0));
  }

  /** The colours changed (dark mode): the legend and the board are drawn again with the new ones. */
  restyle() {
    this.legendKey = '';
    this.dirty = true;
  }

  draw() {
    if (!this.dirty) return;
    this.dirty = false;
    const p = prepare(this.canvas);
    if (!p) return;
    const { ctx, w, h } = p;
    ctx.clearRect(0, 0, w, h);
    const b = this.board;
    if (!b) return;
    switch (b.kind) {
      case 'queens': case 'toroidal-queens': this._queens(ctx, w, h, b); break;
      case 'sudoku': case 'latin': this._symbols(ctx, w, h, b); break;
      // Dominoes are drawn as pieces are: each its own colour, a border where two meet.
      case 'pentomino': case 'dominoes': this._pentomino(ctx, w, h, b); break;
      case 'langford': this._langford(ctx, w, h, b); break;
      case 'edge-matching': this._tiles(ctx, w, h, b); break;
      default: this._lines(ctx, w, h, b);
    }
  }

  /** Square cells of side `cell`, the grid centred in the canvas. */
  _grid(/** @type {number} */ w, /** @type {number} */ h, /** @type {number} */ rows, /** @type {number} */ cols, pad = 6) {
    const cell = Math.max(2, Math.min((w - 2 * pad) / cols, (h - 2 * pad) / rows));
    return { cell, x0: (w - cell * cols) / 2, y0: (h - cell * rows) / 2 };
  }

  _queens(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h, /** @type {Board} */ b) {
    const c = colours(), n = b.rows;
    // Square boards with coordinates (rows and columns from 1, as `Q r3c5` names them).
    const g = gridOf(w, h, n);
    const { cell, x0, y0 } = g;
    drawCoords(ctx, g, n, c.muted || c.ink, c.font);
    const torus = b.kind === 'toroidal-queens';
    // Squares a queen attacks: her rank, file and diagonals (wrapping round on the torus).
    const attacked = new Uint8Array(n * n);
    for (let k = 0; k < n * n; k++) {
      if (b.cells[k] !== 1) continue;
      const i = Math.floor(k / n), j = k % n;
      for (let r = 0; r < n; r++) {
        for (let s = 0; s < n; s++) {
          const di = r - i, dj = s - j;
          const diag = torus ? ((di - dj) % n + n) % n === 0 || ((di + dj) % n + n) % n === 0
            : Math.abs(di) === Math.abs(dj);
          if (r === i || s === j || diag) attacked[r * n + s] = 1;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const k = i * n + j, x = x0 + j * cell, y = y0 + i * cell;
        ctx.fillStyle = (i + j) % 2 ? c.dark : c.light;
        ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
        // A queen's square is no free square: it takes the queens' own tint (it kept the light or
        // dark of the free squares the legend names).
        if (b.cells[k] === 1) {
          ctx.fillStyle = alpha(c.queen, 0.3);
          ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
        }
        if (attacked[k] && b.cells[k] !== 1) {
          ctx.fillStyle = alpha(c.attacked, 0.55);
          ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
        }
        if (this.highlight.has(k)) {
          ctx.fillStyle = c.tried;
          ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
          outline(ctx, x, y, cell, c.ink);
        }
        if (b.cells[k] === 1) drawQueen(ctx, x + cell / 2, y + cell / 2, cell * 0.8, c.queen);
      }
    }
    ctx.strokeStyle = c.ink;
    ctx.lineWidth = 1;
    ctx.strokeRect(x0 + 0.5, y0 + 0.5, cell * n - 1, cell * n - 1);
    // The dead end: the rank or file with no free square, crossed out in the dead end's colour.
    const m = /^([rc])(\d+)$/.exec(this.deadItem || '');
    this.drawnDead = '';
    if (m && +m[2] >= 1 && +m[2] <= n) {
      const k = +m[2] - 1, rank = m[1] === 'r';
      const X = rank ? x0 : x0 + k * cell, Y = rank ? y0 + k * cell : y0;
      const W = rank ? cell * n : cell, H = rank ? cell : cell * n;
      ctx.save();
      // Outlined and struck in ink (the dead end's own colour is near the attacked squares' pink).
      ctx.fillStyle = alpha(c.dead, 0.45);
      ctx.fillRect(X, Y, W, H);
      ctx.strokeStyle = c.ink;
      ctx.setLineDash([Math.max(4, cell * 0.15), Math.max(3, cell * 0.1)]);
      ctx.lineWidth = Math.max(3, cell * 0.07);
      ctx.strokeRect(X + 1, Y + 1, W - 2, H - 2);
      ctx.beginPath();
      ctx.moveTo(X + 2, Y + 2);
      ctx.lineTo(X + W - 2, Y + H - 2);
      ctx.stroke();
      ctx.restore();
      this.drawnDead = `${rank ? 'rank' : 'file'} ${k + 1}`;
    }
  }

  _symbols(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h, /** @type {Board} */ b) {
    const c = colours(), n = b.rows;
    // A variant's layout, when it is this board's (a kept solution or an edit is the same puzzle).
    const L = this.layout && this.layout.size === n ? this.layout : null;
    // Clues outside the grid (little killers, sandwiches) take a ring of cells round it. A shaped
    // grid (ISS's 6x8) draws its rows and columns only: its other cells (-1) are no cells.
    const rows = L?.rows ?? n, cols = L?.cols ?? n;
    // Cells outside the grid (ISS's Var, `extra`) stand in rows under it, after an empty row
    // (cellRC): the board is laid out that much taller, its coordinates still the grid's.
    const extra = b.kind === 'sudoku' && b.extra ? b.extra : [];
    placeExtra(b.kind === 'sudoku' ? L?.extra : []);
    // Where the layout says (cellRC); without one, in rows of n after an empty row.
    const tall = extra.length && !L?.extra?.length ? n + 1 + Math.ceil(extra.length / n) : boardRows(rows);
    const g = { ...gridOf(w, h, n, 6, ring(L), tall, cols), rows };
    const { cell, x0, y0 } = g;
    drawCoords(ctx, g, n, c.muted || c.ink, c.font);
    const lit = L ? this.shape : -1;
    this.geometry = b.kind === 'sudoku' ? { cell, x0, y0 } : null;
    const differ = this.differ && b.kind === 'sudoku' ? this.differ : null;
    const bg = (/** @type {number} */ k) => (this.highlight.has(k) ? c.tried : b.given && b.given[k] ? c.givenbg : differ && differ.has(k) ? c.differ : c.empty);
    for (let k = 0; k < n * n; k++) {
      const i = Math.floor(k / n), j = k % n, x = x0 + j * cell, y = y0 + i * cell;
      if (i >= rows || j >= cols) continue;
      ctx.fillStyle = bg(k);
      ctx.fillRect(x, y, cell, cell);
      if (this.highlight.has(k)) outline(ctx, x, y, cell, c.ink);
    }
    // The cells outside the grid: their squares' backgrounds, under the shapes through them.
    for (let k = 0; k < extra.length; k++) {
      const [i, j] = cellRC(n * n + k, n), x = x0 + j * cell, y = y0 + i * cell;
      ctx.fillStyle = this.highlight.has(n * n + k) ? c.tried : b.given && b.given[n * n + k] ? c.givenbg : c.empty;
      ctx.fillRect(x + 2, y + 2, cell - 4, cell - 4);
    }
    // Shading, thermometers and diagonals lie under the digits.
    /** What the variant drawing drew, for the browser tests (www/views/variants.js). */
    this.drawnShapes = L ? { ...drawUnder(ctx, { cell, x0, y0, w, h }, L, c, lit), borders: /** @type {number[][]} */ ([]), cages: /** @type {number[][]} */ ([]), sums: /** @type {{cell: number, text: string, box: number[]}[]} */ ([]) } : null;
    for (let k = 0; k < n * n; k++) {
      const i = Math.floor(k / n), j = k % n, x = x0 + j * cell, y = y0 + i * cell;
      const given = b.given && b.given[k];
      const v = b.cells[k];
      if (v > 0) {
        ctx.fillStyle = given ? c.given : c.placed;
        const label = b.labels[v] ?? String(v);
        // A puzzle typed as numbers shows "16": two digits take a smaller font to fit the cell.
        ctx.font = `${given ? 700 : 500} ${Math.max(7, cell * (label.length > 1 ? 0.44 : 0.58))}px ${c.font}`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(label, x + cell / 2, y + cell / 2 + cell * 0.03);
      }
      // Where the solutions differ: the digits they hold, small along the cell's top.
      const vs = differ && differ.get(k);
      if (vs) {
        ctx.fillStyle = c.ink;
        ctx.font = `600 ${Math.max(7, cell * 0.2)}px ${c.font}`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        ctx.fillText(vs.map((x) => b.labels[x] ?? String(x)).join(' '), x + cell / 2, y + cell * 0.04, cell * 0.94);
      }
    }
    this.drawnDiffer = differ ? [...differ.keys()] : [];
    // The cells outside the grid: each its own square, named x1, x2… in its corner as the items
    // and the narration name it, its digit as a placed one.
    this.drawnExtra = [];
    for (const [k, v] of extra.entries()) {
      const [i, j] = cellRC(n * n + k, n), x = x0 + j * cell, y = y0 + i * cell;
      const given = b.given && b.given[n * n + k];
      ctx.strokeStyle = c.ink;
      ctx.lineWidth = 1.5;
      ctx.strokeRect(x + 2, y + 2, cell - 4, cell - 4);
      ctx.fillStyle = c.muted || c.ink;
      ctx.font = `500 ${Math.max(7, cell * 0.2)}px ${c.font}`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(`x${k + 1}`, x + 4, y + 4, cell - 8);
      if (v > 0) {
        const label = b.labels[v] ?? String(v);
        ctx.fillStyle = given ? c.given : c.placed;
        ctx.font = `${given ? 700 : 500} ${Math.max(7, cell * (label.length > 1 ? 0.4 : 0.5))}px ${c.font}`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(label, x + cell / 2, y + cell * 0.58);
      }
      this.drawnExtra.push(v);
    }
    ctx.strokeStyle = c.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let j = 1; j < cols; j++) { ctx.moveTo(x0 + j * cell, y0); ctx.lineTo(x0 + j * cell, y0 + rows * cell); }
    for (let i = 1; i < rows; i++) { ctx.moveTo(x0, y0 + i * cell); ctx.lineTo(x0 + cols * cell, y0 + i * cell); }
    ctx.stroke();
    if (L) {
      // Thick lines where the regions change: a jigsaw's regions, never the boxes they replace.
      const borders = drawBorders(ctx, { cell, x0, y0 }, L, c.ink);
      const over = drawOver(ctx, { cell, x0, y0, w, h }, L, c, lit);
      this.drawnShapes = { ...this.drawnShapes, borders, ...over };
    } else if (b.kind === 'sudoku' && this.regions && this.regions.size === n) {
      // A classic Sudoku's boxes, from its layout's regions (the geometry's, 2x3 for a 6x6).
      /** The box borders drawn, as pairs of neighbouring cells [p, q] (for the browser tests). */
      this.drawnBoxes = drawBorders(ctx, { cell, x0, y0 }, this.regions, c.ink);
    } else {
      ctx.strokeStyle = c.ink;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.rect(x0, y0, n * cell, n * cell);
      ctx.stroke();
    }
    // Chaos construction: the regions placed so far, in thick borders where two differ or one is
    // not placed yet (the search places them as it places a pentomino's pieces).
    /** The chaos regions' borders drawn, as pairs of cells [p, q] (for the browser tests). */
    this.drawnChaos = b.regions && b.regions.length === n * n
      ? drawBorders(ctx, { cell, x0, y0 }, { size: n, rows: L?.rows, cols: L?.cols, regions: b.regions, variants: [], jigsaw: false, constraints: [] }, c.ink)
      : [];
    if (this.overlay && b.kind === 'sudoku') drawOverlay(ctx, { cell, x0, y0 }, b, this.overlay, c, markBox(L));
  }

  /**
   * Edge-matching squares: each placed tile as four triangles meeting at its centre, coloured by its
   * edges (label `NESW`, one digit a side, 0 grey = the border); its number in the middle.
   */
  _tiles(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h, /** @type {Board} */ b) {
    const c = colours();
    const { rows, cols } = b;
    const { cell, x0, y0 } = this._grid(w, h, rows, cols);
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        const v = b.cells[i * cols + j], x = x0 + j * cell, y = y0 + i * cell;
        const label = b.labels[i * cols + j] || '';
        ctx.fillStyle = c.empty;
        ctx.fillRect(x, y, cell, cell);
        if (v > 0 && label.length === 4) {
          const cx = x + cell / 2, cy = y + cell / 2;
          const corners = [[x, y], [x + cell, y], [x + cell, y + cell], [x, y + cell]];
          for (let s = 0; s < 4; s++) {
            const [ax, ay] = corners[s], [bx, by] = corners[(s + 1) % 4];
            ctx.fillStyle = tint(Number(label[s]));
            ctx.beginPath();
            ctx.moveTo(cx, cy);
            ctx.lineTo(ax, ay);
            ctx.lineTo(bx, by);
            ctx.closePath();
            ctx.fill();
            ctx.strokeStyle = 'rgba(255,255,255,0.8)';
            ctx.lineWidth = 1;
            ctx.stroke();
          }
          if (cell >= 28) {
            ctx.fillStyle = 'rgba(255,255,255,0.9)';
            ctx.beginPath();
            ctx.arc(cx, cy, cell * 0.14, 0, 2 * Math.PI);
            ctx.fill();
            ctx.fillStyle = c.ink;
            ctx.font = `600 ${cell * 0.14}px ${c.font}`;
            ctx.textAlign = 'center';
            ctx.textBaseline = 'middle';
            ctx.fillText(String(v), cx, cy); // tile v, named t{v} in the matrix
          }
        }
      }
    }
    ctx.strokeStyle = c.ink;
    ctx.lineWidth = 2;
    ctx.strokeRect(x0, y0, cols * cell, rows * cell);
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(0,0,0,0.35)';
    ctx.beginPath();
    for (let i = 1; i < rows; i++) { ctx.moveTo(x0, y0 + i * cell); ctx.lineTo(x0 + cols * cell, y0 + i * cell); }
    for (let j = 1; j < cols; j++) { ctx.moveTo(x0 + j * cell, y0); ctx.lineTo(x0 + j * cell, y0 + rows * cell); }
    ctx.stroke();
  }

  _pentomino(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h, /** @type {Board} */ b) {
    const c = colours();
    const { rows, cols } = b;
    const { cell, x0, y0 } = this._grid(w, h, rows, cols);
    const at = (/** @type {number} */ i, /** @type {number} */ j) => (i < 0 || j < 0 || i >= rows || j >= cols ? -2 : b.cells[i * cols + j]);
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        const v = at(i, j), x = x0 + j * cell, y = y0 + i * cell;
        ctx.fillStyle = v === -1 ? c.hole : v > 0 ? PIECE_COLOURS[(v - 1) % 12] : c.empty;
        ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
        if (v > 0 && cell >= 16) {
          ctx.fillStyle = 'rgba(0,0,0,0.55)';
          ctx.font = `600 ${cell * 0.42}px ${c.font}`;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(b.labels[v] ?? '', x + cell / 2, y + cell / 2);
        }
      }
    }
    // Thin grid, then thick lines wherever two different pieces (or a piece and an edge) meet.
    ctx.strokeStyle = 'rgba(0,0,0,0.12)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 1; i < rows; i++) { ctx.moveTo(x0, y0 + i * cell); ctx.lineTo(x0 + cols * cell, y0 + i * cell); }
    for (let j = 1; j < cols; j++) { ctx.moveTo(x0 + j * cell, y0); ctx.lineTo(x0 + j * cell, y0 + rows * cell); }
    ctx.stroke();
    ctx.strokeStyle = c.ink;
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (let i = 0; i <= rows; i++) {
      for (let j = 0; j < cols; j++) {
        const a = at(i - 1, j), d = at(i, j);
        if (a !== d && (a > 0 || d > 0 || a === -2 || d === -2)) {
          ctx.moveTo(x0 + j * cell, y0 + i * cell); ctx.lineTo(x0 + (j + 1) * cell, y0 + i * cell);
        }
      }
    }
    for (let j = 0; j <= cols; j++) {
      for (let i = 0; i < rows; i++) {
        const a = at(i, j - 1), d = at(i, j);
        if (a !== d && (a > 0 || d > 0 || a === -2 || d === -2)) {
          ctx.moveTo(x0 + j * cell, y0 + i * cell); ctx.lineTo(x0 + j * cell, y0 + (i + 1) * cell);
        }
      }
    }
    ctx.stroke();
    // The piece being tried: a bright outline round its cells.
    if (this.highlight.size) {
      ctx.strokeStyle = c.tried;
      ctx.lineWidth = Math.max(3, cell * 0.12);
      for (const k of this.highlight) {
        const i = Math.floor(k / cols), j = k % cols;
        const inset = ctx.lineWidth / 2;
        ctx.strokeRect(x0 + j * cell + inset, y0 + i * cell + inset, cell - 2 * inset, cell - 2 * inset);
      }
    }
  }

  _langford(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h, /** @type {Board} */ b) {
    const c = colours();
    const m = b.cols;
    const cell = Math.max(4, Math.min((w - 12) / m, h * 0.4, 56));
    const x0 = (w - cell * m) / 2, y0 = Math.min(h - cell - 6, h * 0.62);
    // Arcs join the two places of each number: exactly k places lie between the two k's.
    const where = new Map();
    for (let j = 0; j < m; j++) {
      const v = b.cells[j];
      if (v > 0) { if (!where.has(v)) where.set(v, []); where.get(v).push(j); }
    }
    for (const js of where.values()) {
      if (js.length !== 2) continue;
      const xa = x0 + (js[0] + 0.5) * cell, xb = x0 + (js[1] + 0.5) * cell;
      const lift = Math.min(y0 - 4, (xb - xa) * 0.45);
      ctx.strokeStyle = this.highlight.has(js[0]) ? c.branch : c.placed;
      ctx.lineWidth = this.highlight.has(js[0]) ? 3 : 2;
      ctx.beginPath();
      ctx.moveTo(xa, y0);
      ctx.bezierCurveTo(xa, y0 - lift, xb, y0 - lift, xb, y0);
      ctx.stroke();
    }
    for (let j = 0; j < m; j++) {
      const v = b.cells[j], x = x0 + j * cell;
      ctx.fillStyle = this.highlight.has(j) ? c.tried : v > 0 ? alpha(c.placed, 0.18) : c.empty;
      ctx.fillRect(x, y0, cell, cell);
      ctx.strokeStyle = c.grid;
      ctx.lineWidth = 1;
      ctx.strokeRect(x + 0.5, y0 + 0.5, cell - 1, cell - 1);
      if (v > 0) {
        ctx.fillStyle = c.ink;
        ctx.font = `600 ${cell * 0.5}px ${c.font}`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(b.labels[v] ?? String(v), x + cell / 2, y0 + cell / 2);
      }
      if (cell >= 18) {
        ctx.fillStyle = c.muted;
        ctx.font = `${Math.min(11, cell * 0.3)}px ${c.font}`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        ctx.fillText(String(j + 1), x + cell / 2, y0 + cell + 2);
      }
    }
  }

  /** A plain exact-cover problem: the chosen options, one a line, the one being tried marked. */
  _lines(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h, /** @type {Board} */ b) {
    const c = colours();
    const lines = b.lines || [];
    const lh = Math.max(16, Math.min(24, (h - 30) / Math.max(lines.length, 1)));
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.font = `600 13px ${c.font}`;
    ctx.fillStyle = c.muted;
    const heading = lines.length ? 'Options chosen (numbered as in the matrix):'
      : this.finished ? 'The search is over: no option is chosen now.' : 'No option chosen yet.';
    ctx.fillText(heading, 8, 14);
    ctx.font = `14px ${c.mono}`;
    const max = Math.floor((h - 30) / lh);
    lines.slice(0, max).forEach((line, i) => {
      const y = 30 + i * lh;
      const tried = this.highlight.has(i);
      ctx.fillStyle = tried ? c.tried : alpha(c.chosen, 0.16);
      ctx.fillRect(6, y, w - 12, lh - 3);
      ctx.fillStyle = c.ink;
      // Each board's own numbers (a kept solution drawn with the live search's showed them on some rows).
      const number = b.options?.[i];
      ctx.fillText(number ? `#${number}  ${line}` : line, 12, y + (lh - 3) / 2, w - 24);
    });
    if (lines.length > max) {
      ctx.fillStyle = c.muted;
      ctx.fillText(`… and ${lines.length - max} more`, 12, 30 + max * lh + 6);
    }
  }

  /** A legend with exactly the colours this kind of board uses. */
  _legend(/** @type {Board} */ b, /** @type {{kind: string, text: string} | undefined} */ problem) {
    // Edge matching: the colours of its name (`RxC/K/SEED`, K colours, 3 when left out), 1 to 9.
    const k = Number((problem && problem.text || '').trim().split('/')[1]);
    const colourCount = Number.isInteger(k) && k >= 1 && k <= 9 ? k : 3;
    const key = `${b.kind}:${b.kind === 'pentomino' ? b.labels.join('') : ''}:${this.layout ? `${this.layout.variants.join(',')}/${this.layout.rows}x${this.layout.cols}x${this.layout.size}/${this.layout.regions.filter((g) => g === 0).length}` : ''}:${b.kind === 'edge-matching' ? colourCount : ''}:${this.differ ? 'differ' : ''}:${b.extra ? b.extra.length : 0}`;
    if (key === this.legendKey) return;
    this.legendKey = key;
    const c = colours();
    /** [colour or null for a note without a swatch, words] @type {[string | null, string][]} */
    const items = [];
    switch (b.kind) {
      case 'queens': case 'toroidal-queens':
        items.push([c.queen, 'queen'], [alpha(c.queen, 0.3), 'square a queen stands on'], [alpha(c.attacked, 0.55), 'attacked square'],
          [c.tried, 'queen being tried (framed)'], [c.light, 'free square'], [c.dark, 'free square (dark)'],
          [alpha(c.dead, 0.45), 'dead end: a rank or file with no free square (struck through)']);
        if (b.kind === 'toroidal-queens') items.push([null, '(a torus: the diagonals wrap round the edges)']);
        break;
      case 'sudoku':
        items.push([c.givenbg, 'given (bold, on grey)'], [c.placed, 'digit placed by the search'], [c.tried, 'cell being tried (framed)']);
        if (this.differ) items.push([c.differ, 'cell where the solutions found differ (their digits along its top)']);
        if (this.layout) {
          const v = this.layout.variants;
          // A shaped grid (ISS's 6x8, a 6x6 of 9 values): which units hold every value.
          const L = this.layout, few = shaped(L), raw = v.includes('raw grid');
          if (few && !raw) items.push([null, `${L.rows}x${L.cols} grid of ${L.size} values: a row, column, box or diagonal of ${L.size} cells holds each value once, one of fewer cells none twice`]);
          // A unit of fewer cells than values holds none twice: a jigsaw's pieces (all of one
          // size: region 0's), a diagonal of a shaped grid's rows.
          const piece = L.regions.filter((g) => g === 0).length;
          const pieceWords = piece < L.size ? 'no digit twice' : 'every digit once';
          const diagonalWords = Math.min(L.rows ?? L.size, L.cols ?? L.size) < L.size ? 'no digit twice' : 'every digit once';
          // Each shape with its rule in words: on a touch screen the picker's tooltips never show,
          // and the killer's "no digit twice in a cage" was said nowhere.
          if (raw) items.push([null, 'raw grid: no rule on the rows, columns or boxes (values may repeat in them); what holds is what the clues say']);
          if (v.includes('no boxes')) items.push([null, 'no boxes: the rows and columns are the units (with what else the puzzle draws)']);
          if (b.extra && b.extra.length) items.push([null, `cells x1 to x${b.extra.length} under the grid: cells outside it, in no row, column or box, that its clues name`]);
          if (v.includes('chaos construction')) items.push([null, 'chaos construction: the grid is also cut into regions, not given: connected, all of one size, no digit twice in one; thick borders show the regions placed so far']);
          if (v.includes('jigsaw')) items.push([null, `jigsaw: each region in thick borders holds ${pieceWords}`]);
          if (v.includes('killer')) items.push([c.cage, 'cage (dashed): its digits add up to the sum in its corner, none twice']);
          if (v.includes('cages')) items.push([c.cage, `cage (dashed${v.includes('killer') ? ', no sum' : ''}): no digit twice`]);
          if (v.includes('thermo')) items.push([c.thermo, 'thermometer: digits rise strictly from the bulb']);
          // Each kind of clue (issue 43) once, its rule in words.
          const kinds = new Set((this.layout.clues || []).map((k) => k.kind));
          for (const k of kinds) if (CLUE_RULES[k]) items.push([null, CLUE_RULES[k]]);
          // On a grid of more values than cells a side (a 9x9 of 0-9) the line above says what a unit
          // holds; each unit holding each value once would be wrong there.
          if (v.includes('values from 0')) items.push([null, `values 0-${(this.layout.size ?? 9) - 1}: ${few || raw ? 'the cells hold these' : 'each unit holds each once'}, and sums are of these values`]);
          if (v.includes('x')) items.push([c.diagonal, `diagonals: each holds ${diagonalWords}`]);
          else if (v.includes('diagonal')) items.push([c.diagonal, `diagonal: ${diagonalWords}`]);
          if (v.includes('windoku')) items.push([c.windoku, 'windoku region: every digit once']);
          if (v.includes('extra regions')) items.push([alpha(c.extra, 0.5), 'extra region: no digit twice']);
          // Rules between pairs of cells have no shape to draw: the legend says them.
          for (const sw of SWITCHES) if (['anti-knight', 'anti-king', 'non-consecutive'].includes(sw.name) && v.includes(sw.name)) items.push([null, `${sw.name}: ${sw.rule}`]);
          // The negative rules of dots (ISS's StrictKropki, StrictXV): what no mark means.
          if (v.includes('negative kropki')) items.push([null, 'negative kropki: neighbours with no dot between them are neither consecutive nor one double the other']);
          if (v.includes('negative XV')) items.push([null, 'negative XV: neighbours with no X or V between them add up to neither 10 nor 5']);
          // Last, and only where there are shapes to point at (an anti-knight puzzle has none).
          if (v.some((x) => ['jigsaw', 'killer', 'cages', 'thermo', 'x', 'diagonal', 'windoku', 'extra regions'].includes(x))) items.push([alpha(c.shapelit, 0.6), 'shape pointed at']);
        }
        break;
      case 'latin':
        items.push([c.placed, 'symbol placed'], [c.tried, 'cell being tried (framed)']);
        break;
      case 'pentomino':
        b.labels.slice(1).forEach((l, i) => items.push([PIECE_COLOURS[i % 12], l]));
        items.push([c.hole, 'hole'], [c.empty, 'not yet covered'], [c.tried, 'piece being tried (outline)']);
        break;
      case 'dominoes':
        items.push([PIECE_COLOURS[0], 'domino placed (colours in the order placed)'], [c.empty, 'cell not yet covered'], [c.tried, 'domino being tried (outline)']);
        break;
      case 'edge-matching':
        items.push([tint(0), 'grey: the border']);
        for (let i = 1; i <= colourCount; i++) items.push([tint(i), `colour ${i}`]);
        items.push([c.empty, 'cell not yet filled']);
        break;
      case 'langford':
        items.push([alpha(c.placed, 0.18), 'number placed'], [c.placed, 'arc joining a pair'], [c.tried, 'pair being tried'],
          [c.branch, 'its arc'], [c.empty, 'empty slot']);
        break;
      default:
        items.push([alpha(c.chosen, 0.16), 'option chosen'], [c.tried, 'option being tried']);
    }
    this.legend.replaceChildren(...items.map(([col, text]) => {
      const li = document.createElement('li');
      const sw = document.createElement('span');
      sw.className = 'sw';
      sw.style.setProperty('--c', col);
      if (col) li.append(sw);
      li.append(text);
      return li;
    }));
  }
}

/** The frame of a cell being tried: its shape besides its colour. */
function outline(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ cell, /** @type {string} */ colour) {
  const lw = Math.max(1.5, Math.min(3, cell * 0.08));
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = lw;
  ctx.strokeRect(x + lw / 2, y + lw / 2, cell - lw, cell - lw);
  ctx.restore();
}

/** A queen: a crown of five points on a base, drawn (system fonts may lack the chess glyphs). */
function drawQueen(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ cx, /** @type {number} */ cy, /** @type {number} */ size, /** @type {string} */ colour) {
  const s = size / 2;
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(cx - s * 0.75, cy + s * 0.55);
  ctx.lineTo(cx - s * 0.85, cy - s * 0.35);
  ctx.lineTo(cx - s * 0.42, cy + s * 0.05);
  ctx.lineTo(cx - s * 0.22, cy - s * 0.6);
  ctx.lineTo(cx, cy - s * 0.05);
  ctx.lineTo(cx + s * 0.22, cy - s * 0.6);
  ctx.lineTo(cx + s * 0.42, cy + s * 0.05);
  ctx.lineTo(cx + s * 0.85, cy - s * 0.35);
  ctx.lineTo(cx + s * 0.75, cy + s * 0.55);
  ctx.closePath();
  ctx.fill();
  ctx.fillRect(cx - s * 0.78, cy + s * 0.62, s * 1.56, s * 0.2);
  for (const dx of [-0.85, -0.22, 0.22, 0.85]) {
    ctx.beginPath();
    ctx.arc(cx + dx * s, cy - (Math.abs(dx) > 0.5 ? 0.35 : 0.6) * s - s * 0.1, s * 0.11, 0, 2 * Math.PI);
    ctx.fill();
  }
}
