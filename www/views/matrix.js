// @ts-check
// The matrix view: draws Knuth's DLX1 arrays as they stand in wasm memory right now. Items are the
// column headers (name above, live length inside), options are rows, nodes are cells. Every up/down
// link of every node and every left/right link of every header is drawn where it points: a covered
// item is spliced out of the header list yet keeps its own links, a hidden node is faded yet still
// points at its old neighbours. It only draws: the model owns the state, www/app/ owns the controls.
//
// Level of detail: below PIXEL px a cell, nodes are pixels; up to NAMES, boxes and link lines; from
// NAMES on, names, lengths and arrowheads; from NUMBERS on, node numbers too.

import { prepare, boxOf, colours, alpha, arrowHead, arrowHeadPath, reducedMotion, tint } from './canvas.js';
import { itemLength, LIMITS, NODE, ITEM, EV } from '../engine/engine.js';

const PIXEL = 5;
const NAMES = 16;
const NUMBERS = 34;
/** A node's box, as a fraction of its cell. */
const BOX = 0.6;
/** Rows of options start this far below the header row, leaving room for the header links. */
const HEAD_GAP = 1.9;
/** The horizontal offset of down links (right of centre) and up links (left of centre). */
const SIDE = 0.15;
const MIN_SCALE = 0.05;
const MAX_SCALE = 96;
/** The cell size (px) the view zooms to when following the search on a big matrix: names and lengths read. */
export const READABLE = 22;
/** World height of the header band pinned at the top (item names and the header row) when scrolled. */
const PINNED_BAND = 2.6;
/** Where the row labels (option numbers) end, in px from the canvas's left edge, once pinned there. */
const LABEL_BAND = 34;
/**
 * How long the camera eases to a new view (ms): short, so that at Play's default speed (5 events/s,
 * 200 ms apart) it rests on each event before the next one moves it.
 */
const CAM_MS = 160;

/**
 * What a frame draws: the snapshot's part (update), the live views of the link arrays (_live, at every
 * draw) and which headers are in the item list and which nodes in their item's list (_walk, empty until
 * the views first match the layout).
 * @typedef {object} Frame
 * @property {number} branching @property {number} trying @property {number[]} chosen @property {boolean} follow
 * @property {number} emptied  the header of the item a Reject left with no option, else -1
 * @property {{code: number, level: number, undone: number, node?: number, item?: number} | null} event  the latest event taken or undone
 * @property {Uint32Array} nodes @property {Uint32Array} items @property {Uint32Array} lens @property {Uint32Array} colors
 * @property {Uint8Array} active @property {Uint8Array} linked
 */
/**
 * Where the near view draws, shared by its parts: world to screen (sx, sy), the world box in sight (v),
 * whether names fit (named), a box's half side, the line width and the arrowheads' size.
 * @typedef {{sx: (x: number) => number, sy: (y: number) => number, v: {x0: number, x1: number, y0: number, y1: number},
 *   named: boolean, half: number, lw: number, head: number}} HeaderGeometry
 */
/**
 * The rows in sight (r0 to r1) and the option tried's row, for the strikes of purifications.
 * @typedef {{sx: (x: number) => number, sy: (y: number) => number, r0: number, r1: number, tryRow: number}} StrikeGeometry
 */
/** Copies of the link arrays (Model.snapshot) a move animates from. @typedef {{nodes: Uint32Array, items: Uint32Array, lens: Uint32Array, colors: Uint32Array}} Arrays */

export class MatrixView {
  /**
   * `arrays()` gives the live link arrays, {nodes, items, lens}, as Uint32Array views over wasm memory. They
   * are asked for afresh each time they are read (a draw, a walk, a hover), never kept across calls
   * into wasm: any call that allocates can grow the memory and detach a view made before it (the
   * contract in src/wasm/mod.rs). The model's views() rebuilds them when memory.buffer changed.
   * @param {HTMLCanvasElement} canvas
   * `onFollow(on)` is told when following with zoom is switched on or off (the Follow button shows it).
   * @param {{onHover?: (text: string) => void, arrays?: () => import('../engine/views.js').Views, onFollow?: (on: boolean) => void}} [options]
   */
  constructor(canvas, { onHover, arrays, onFollow } = {}) {
    this.canvas = canvas;
    this.onHover = onHover || (() => {});
    this.onFollow = onFollow || (() => {});
    /**
     * Whether the view follows the item and the option being worked on zoomed in to READABLE, on a
     * matrix that is pixels at Fit (a 9x9 Sudoku, 8-queens): the dance stays visible there too. The
     * Fit button, or a zoom by hand, turns it off; the Follow button on again.
     */
    this.followZoom = true;
    /** Fit puts a short matrix at the top of its canvas, not in the middle (a phone: the page goes on below). */
    this.alignTop = false;
    this.arrays = arrays;
    this.layout = null;
    /** @type {Frame | null} */
    this.frame = null;
    /** The search state (epoch, timeline, follow) the frame was walked for: `update` walks again only for another. */
    this._seen = '';
    /** How many times `update` walked the links (for tests). */
    this.walks = 0;
    this.scale = 20;
    this.ox = 0; // world x at the left edge
    this.oy = 0; // world y at the top edge
    this.follow = true;
    this.anim = null;
    /**
     * The camera's ease from one view to the next (`_follow`): scale and origin at its start and end.
     * @type {{from: {scale: number, ox: number, oy: number}, to: {scale: number, ox: number, oy: number}, t0: number, ms: number} | null}
     */
    this.cam = null;
    this.dirty = true;
    /**
     * What the last draw drew, for the tests: names, labels, ticks in nodes, badges over numbered nodes.
     * @type {{names: number, headerTop: number, rowLabels: number, rowLabelX: number, colourLabels: number, ticks: number, badges: number, numbers: number, strikes: {row: number, x0: number, x1: number, y: number, p: number}[]}}
     */
    this.drawn = { names: 0, headerTop: 0, rowLabels: 0, rowLabelX: 0, colourLabels: 0, strikes: [], ticks: 0, badges: 0, numbers: 0 };
    /** The keyboard cursor: a header or a node (0: none). */
    this.cursor = 0;
    /** Whether one finger pans (after a tap on a touch screen). */
    this.grabbed = false;
    /** How far the pinned header row is drawn below its place, in px. */
    this._pinDy = 0;
    this._pointers = new Map();
    this._bindInput();
    /** Whether the view is as fit() left it: a change of the canvas's size (the stage's columns
     * follow the kind of board, a panel is maximised) fits it again rather than leave it off centre. */
    this.atFit = false;
    new ResizeObserver(() => {
      if (this.atFit) this.fit();
      this.dirty = true;
    }).observe(canvas);
  }

  // ---------------------------------------------------------------- layout

  /** Lays out a newly loaded problem from its info and its link arrays at the start. */
  /** @param {import('../engine/model.js').Info} info @param {Uint32Array} nodes */
  setProblem(info, nodes) {
    this._seen = '';
    const n = info.n_items, np = info.n_primary;
    const count = nodes.length / NODE.words;
    const headerX = new Float32Array(n + 2);
    for (let h = 0; h <= n + 1; h++) headerX[h] = h === n + 1 ? np + 1 : h <= np ? h : h + 1;
    const colX = new Float32Array(count);
    const rowOf = new Int32Array(count).fill(-1);
    const rowFirst = [];
    const rowOpt = [];
    /** The last option of each row: options with no node in a run are one row (rowOpt..rowLast). */
    const rowLast = [];
    let prevEmpty = false;
    for (let h = 1; h <= n; h++) colX[h] = headerX[h];
    let row = -1;
    for (let x = n + 1; x < count; x++) {
      const top = nodes[NODE.words * x + NODE.top];
      if (top === 0) {
        const k = nodes[NODE.words * x + NODE.next];
        // A run of options with no node is one row, so that a variant Sudoku's cell options its
        // shapes rule out (all 729 of a killer whose cages are filled directly) leave no blank screen
        // at the top; a single empty option keeps a row of its own, numbered as in the input.
        const empty = k < info.n_options && (x + 1 >= count || nodes[NODE.words * (x + 1) + NODE.top] === 0);
        if (empty && prevEmpty) { rowLast[row] = k; continue; }
        prevEmpty = empty;
        row++;
        rowFirst.push(x + 1);
        rowOpt.push(k);
        rowLast.push(k);
        continue;
      }
      colX[x] = headerX[top];
      rowOf[x] = row;
    }
    // Each node's item (tops never change) and each item's nodes top to bottom, for the cursor.
    const topOf = new Int32Array(count + 1);
    /** @type {number[][]} */
    const colNodes = Array.from({ length: n + 2 }, () => []);
    for (let x = n + 1; x < count; x++) {
      topOf[x] = nodes[NODE.words * x + NODE.top];
      if (topOf[x] > 0) colNodes[topOf[x]].push(x);
    }
    this.cursor = 0;
    this.layout = {
      n, np, count, headerX, colX, rowOf, rowFirst, rowOpt, rowLast, topOf, colNodes,
      nRows: Math.max(row, 0),
      nCols: n + 2,
      names: info.items,
      options: info.options,
      colorNames: info.colors || [],
    };
    this.anim = null;
    this.lit = null;
    this._rowOfOption = null;
    // The legend's colour entries (XCC) only for a problem with colours.
    const legend = this.canvas.closest('.panel')?.querySelectorAll('[data-xcc]') || [];
    for (const li of legend) /** @type {HTMLElement} */ (li).hidden = !(info.colors && info.colors.length);
    // The last frame was of the problem before: nothing to draw until the next update.
    this.frame = null;
    this.fit();
  }

  /** The layout, for the code that runs only once a problem is laid out (draw, hover, follow). */
  _lay() {
    if (!this.layout) throw new Error('the matrix has no problem laid out');
    return this.layout;
  }

  /** The frame, for the code that runs only once a snapshot came (draw, hover, follow). */
  _fr() {
    if (!this.frame) throw new Error('the matrix has had no snapshot yet');
    return this.frame;
  }

  /** World y of the top of node x's cell (headers are row "−1", at 0). */
  _y(/** @type {number} */ x) {
    const r = this._lay().rowOf[x];
    return r < 0 ? 0 : HEAD_GAP + r;
  }

  // ---------------------------------------------------------------- view transform

  /** The starting view: as much of the matrix as stays readable, from the top. */
  fit() {
    const L = this.layout;
    const box = boxOf(this.canvas), w = box.w || 800, h = box.h || 400;
    if (!L) return;
    this.cam = null;
    const worldW = L.nCols + 1.6, worldH = L.nRows + HEAD_GAP + 3.2;
    const all = Math.min(w / worldW, h / worldH);
    const width = w / worldW;
    // Whole if the cells stay boxes; else boxes of 8 px if the width allows, scrolling down.
    this.scale = Math.min(MAX_SCALE * 0.5, all >= PIXEL ? all : Math.min(width, Math.max(all, 8)));
    this.ox = Math.min(this._leftmost(this.scale), -1.3 - Math.max(0, (w / this.scale - worldW) / 2));
    this.oy = this.alignTop ? -2 : -3;
    if (worldH * this.scale < h && !this.alignTop) this.oy -= (h / this.scale - worldH) / 2;
    this.atFit = true;
    this.dirty = true;
  }

  /**
   * The view's left edge (world x) furthest right that still shows column 0 whole at scale `s`. Where
   * option numbers are drawn, they are pinned to the canvas's left edge on a band 36 px wide once the
   * view is panned right of them (`_drawLinks`): the view stops where the numbers sit left of column 0
   * and the band is not drawn (at the follow zoom, 22 px a cell, it hid a third of the root's column).
   * @param {number} s
   */
  _leftmost(s) {
    return s >= NAMES ? Math.min(-1.3, -0.15 - LABEL_BAND / s) : -1.3;
  }

  /** The Fit button (or the 0 key): the whole matrix, and no zooming in to follow until Follow. */
  fitView() {
    this.setFollowZoom(false);
    this.fit();
  }

  /** Follows the search zoomed in (on) or only pans to keep it in sight (off). @param {boolean} on */
  setFollowZoom(on) {
    if (this.followZoom !== on) {
      this.followZoom = on;
      this.onFollow(on);
    }
    if (on && this.frame && this.frame.follow && this._live()) this._follow(this.frame);
    this.dirty = true;
  }

  /** A zoom by hand (wheel, pinch, + and −): the person chose the scale, following keeps it. */
  zoomAt(/** @type {number} */ px, /** @type {number} */ py, /** @type {number} */ factor) {
    this.setFollowZoom(false);
    this._zoomAt(px, py, factor);
  }

  _zoomAt(/** @type {number} */ px, /** @type {number} */ py, /** @type {number} */ factor) {
    const s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    this.cam = null;
    const wx = this.ox + px / this.scale, wy = this.oy + py / this.scale;
    this.atFit = false;
    this.scale = s;
    this.ox = wx - px / s;
    this.oy = wy - py / s;
    this.dirty = true;
  }

  zoom(/** @type {number} */ factor) {
    this.zoomAt(boxOf(this.canvas).w / 2, boxOf(this.canvas).h / 2, factor);
  }

  pan(/** @type {number} */ dxPx, /** @type {number} */ dyPx) {
    this.cam = null;
    this.atFit = false;
    this.ox -= dxPx / this.scale;
    this.oy -= dyPx / this.scale;
    this.dirty = true;
  }

  _bindInput() {
    const c = this.canvas;
    c.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = c.getBoundingClientRect();
      const k = e.deltaMode === 1 ? 40 : 1;
      this.zoomAt(e.clientX - r.left, e.clientY - r.top, Math.exp(-e.deltaY * k * 0.0015));
    }, { passive: false });
    // Mouse and pen drag to pan. On a touch screen one finger scrolls the page (touch-action in
    // style.css) until a tap grabs the matrix; two fingers pan and pinch at any time.
    c.addEventListener('pointerdown', (e) => {
      this._pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY, t0: performance.now() });
      if (e.pointerType !== 'touch' || this.grabbed || this._pointers.size > 1) {
        c.setPointerCapture(e.pointerId);
        /** @type {HTMLElement} */ (c.parentElement).classList.add('dragging');
      }
    });
    c.addEventListener('pointermove', (e) => {
      const p = this._pointers.get(e.pointerId);
      if (!p) { if (e.pointerType === 'mouse') this._hover(e); return; }
      if (this._pointers.size === 2) {
        // Pinch: zoom by the change of distance between the two fingers, about their midpoint.
        const [a, b] = [...this._pointers.values()];
        const d0 = Math.hypot(a.x - b.x, a.y - b.y);
        const mx0 = (a.x + b.x) / 2, my0 = (a.y + b.y) / 2;
        p.x = e.clientX; p.y = e.clientY;
        const d1 = Math.hypot(a.x - b.x, a.y - b.y);
        const r = c.getBoundingClientRect();
        this.pan((a.x + b.x) / 2 - mx0, (a.y + b.y) / 2 - my0);
        if (d0 > 0) this.zoomAt((a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top, d1 / d0);
        return;
      }
      if (e.pointerType === 'touch' && !this.grabbed) { p.x = e.clientX; p.y = e.clientY; return; }
      this.pan(e.clientX - p.x, e.clientY - p.y);
      p.x = e.clientX; p.y = e.clientY;
    });
    const up = (/** @type {PointerEvent} */ e) => {
      const p = this._pointers.get(e.pointerId);
      this._pointers.delete(e.pointerId);
      if (this._pointers.size === 0) /** @type {HTMLElement} */ (c.parentElement).classList.remove('dragging');
      // A tap (or a click that did not drag): the details of what is under it, as hover gives them.
      if (p && e.type === 'pointerup' && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) < 8 && performance.now() - p.t0 < 600) {
        this._hover(e, true);
        if (e.pointerType === 'touch') this._grab(true);
      }
    };
    c.addEventListener('pointerup', up);
    c.addEventListener('pointercancel', up);
    c.addEventListener('pointerleave', (e) => { if (!this._pointers.size && e.pointerType === 'mouse' && !this.cursor) this.onHover(''); });
    // A touch outside the matrix lets one finger scroll the page again.
    document.addEventListener('pointerdown', (e) => { if (e.target !== c) this._grab(false); });
    c.addEventListener('focus', () => {
      if (!this.cursor && this.layout) this._setCursor(1);
    });
    c.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const step = 60;
      const d = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[e.key];
      if (!d) return;
      // The arrows belong to the matrix while it has focus: Shift pans, plain moves the cursor.
      e.preventDefault();
      e.stopPropagation();
      if (e.shiftKey) this.pan(d[0], d[1]);
      else this._moveCursor(e.key);
    });
  }

  /** @param {boolean} on  whether one finger pans the matrix (after a tap) or scrolls the page */
  _grab(on) {
    if (this.grabbed === on) return;
    this.grabbed = on;
    /** @type {HTMLElement} */ (this.canvas.parentElement).classList.toggle('grabbed', on);
  }

  // ---------------------------------------------------------------- the keyboard cursor

  /** @param {number} x  a header (1..n) or a node; the details go where hover's go */
  _setCursor(x) {
    const L = this.layout;
    if (!L || !this._live()) return;
    this.cursor = x;
    this.onHover(this._describe(x));
    // Keep it in view.
    this.cam = null;
    const { w, h } = boxOf(this.canvas);
    const cx = x <= L.n + 1 ? L.headerX[x] : L.colX[x];
    const cy = this._y(x);
    const at = [this.ox, this.oy];
    if (cx < this.ox + 1 || cx + 1 > this.ox + w / this.scale - 0.5) this.ox = cx - (w / this.scale) * 0.4;
    if (x > L.n + 1 && (cy < this.oy + 2.5 || cy + 1 > this.oy + h / this.scale)) this.oy = cy - (h / this.scale) * 0.5;
    if (at[0] !== this.ox || at[1] !== this.oy) this.atFit = false;
    this.dirty = true;
  }

  /** @param {string} key  an arrow: along the row, or up and down the item's column */
  _moveCursor(key) {
    const L = this.layout;
    if (!L) return;
    let x = this.cursor || 1;
    const header = x <= L.n;
    if (key === 'ArrowRight' || key === 'ArrowLeft') {
      const dir = key === 'ArrowRight' ? 1 : -1;
      if (header) x = Math.min(L.n, Math.max(1, x + dir));
      else if (L.topOf[x + dir] > 0) x += dir;
    } else {
      const col = L.colNodes[header ? x : L.topOf[x]];
      const i = header ? -1 : col.indexOf(x);
      const j = i + (key === 'ArrowDown' ? 1 : -1);
      if (j < 0) x = header ? x : L.topOf[x];
      else if (j < col.length) x = col[j];
    }
    this._setCursor(x);
  }

  /**
   * Describes the header or node under the pointer, in words, for the line under the canvas.
   * @param {{clientX: number, clientY: number}} e
   * @param {boolean} [tap]  a tap or a click: the cursor goes there too
   */
  _hover(e, tap = false) {
    const L = this.layout, f = this.frame;
    if (!L || !f || !this._live() || !f.active.length) return;
    const r = this.canvas.getBoundingClientRect();
    const wx = this.ox + (e.clientX - r.left) / this.scale;
    const py = e.clientY - r.top;
    let wy = this.oy + py / this.scale;
    // The pinned header row answers where it is drawn.
    const pinned = this._pinDy > 0 && py < (1.25 - this.oy) * this.scale + this._pinDy;
    if (pinned) wy = (py - this._pinDy) / this.scale + this.oy;
    const col = Math.floor(wx);
    let x = 0;
    if (wy >= -0.2 && wy < 1.2) {
      x = [...L.headerX].indexOf(col);
      if (x < 0 || !this._shown(x)) x = 0;
    } else {
      const row = Math.floor(wy - HEAD_GAP);
      if (row >= 0 && row < L.nRows) {
        for (let y = L.rowFirst[row]; y < L.count && L.topOf[y] > 0; y++) if (L.colX[y] === col) x = y;
        if (!x) {
          const its = (L.options[L.rowOpt[row]] || []).map((/** @type {number} */ i) => L.names[i]).join(' ');
          this.onHover(L.rowLast[row] > L.rowOpt[row]
            ? `options #${L.rowOpt[row] + 1} to #${L.rowLast[row] + 1}: empty, no node (ruled out when the problem was built), one row for them all`
            : `option #${L.rowOpt[row] + 1}: ${its}`);
          return;
        }
      }
    }
    if (!x) { this.onHover(''); return; }
    if (tap) this.cursor = x;
    this.onHover(this._describe(x));
    this.dirty = true;
  }

  /** @param {number} x  a header or a node: its links and state, in words */
  _describe(x) {
    const L = this._lay(), f = this._fr();
    const { nodes, items, lens } = f;
    if (x <= L.n + 1) {
      const left = items[ITEM.words * x + ITEM.left], right = items[ITEM.words * x + ITEM.right];
      if (x === 0 || x === L.n + 1) {
        return `${x === 0 ? 'root of the primary items' : 'root of the secondary items'} (header ${x}): left ${left}, right ${right}`;
      }
      const state = f.active && !f.active[x] ? ', covered: spliced out of the list, its own links kept' : '';
      const pure = this._colourAt(x) ? `, purified to colour ${this._colourName(this._colourAt(x))}: options of another colour hidden, those of this colour marked` : '';
      return `item ${L.names[x - 1]} (header ${x}, ${x <= L.np ? 'primary' : 'secondary'}): length ${itemLength(lens, x)}, up ${nodes[NODE.words * x + NODE.up]}, down ${nodes[NODE.words * x + NODE.down]}, left ${left}, right ${right}${state}${pure}`;
    }
    const row = L.rowOf[x];
    const hidden = f.linked && !f.linked[x] ? ', hidden: out of its list, its own links kept' : '';
    const its = (L.options[L.rowOpt[row]] || []).map((/** @type {number} */ i) => L.names[i]).join(' ');
    const k = this._colourAt(x);
    const colour = k === LIMITS.marked
      ? `, colour ${this._colourName(this._colourAt(L.topOf[x]))}, marked (cleansed): it agrees with the colour its item is purified to, so it stays`
      : k ? `, colour ${this._colourName(k)} (${L.names[L.topOf[x] - 1]}:${this._colourName(k)})` : '';
    return `node ${x}: item ${L.names[L.topOf[x] - 1]}${colour}, option #${L.rowOpt[row] + 1} (${its}), up ${nodes[NODE.words * x + NODE.up]}, down ${nodes[NODE.words * x + NODE.down]}${hidden}`;
  }

  /** The colour number in the colour view at node or header x now (0: none; LIMITS.marked), or 0. @param {number} x */
  _colourAt(x) {
    const f = this.frame, L = this._lay();
    return f && f.colors && f.colors.length === L.count ? f.colors[x] : 0;
  }

  /** Colour k's name (k from 1), as the problem spells it. @param {number} k */
  _colourName(k) {
    return this._lay().colorNames[k - 1] ?? String(k);
  }

  // ---------------------------------------------------------------- state of the links

  /**
   * Puts the link arrays as they are now into the frame, just before they are read; false when there is
   * nothing to draw or the arrays are not those of the problem laid out.
   */
  _live() {
    const L = this.layout, f = this.frame;
    if (!L || !f || !this.arrays) return false;
    const { nodes, items, lens, colors } = this.arrays();
    f.colors = colors;
    f.nodes = nodes;
    f.items = items;
    f.lens = lens;
    return nodes.length === L.count * NODE.words && items.length >= (L.n + 2) * ITEM.words && lens.length === L.n + 1;
  }

  /** Which headers are in their item list and which nodes in their item's list, walking the links. */
  /** @param {Uint32Array} nodes @param {Uint32Array} items */
  _walk(nodes, items) {
    const L = this._lay();
    const active = new Uint8Array(L.n + 2);
    for (const root of [0, L.n + 1]) {
      active[root] = 1;
      let k = items[ITEM.words * root + ITEM.right], guard = L.n + 2;
      while (k !== root && guard-- > 0) { active[k] = 1; k = items[ITEM.words * k + ITEM.right]; }
    }
    const linked = new Uint8Array(L.count);
    for (let h = 1; h <= L.n; h++) {
      linked[h] = 1;
      let y = nodes[NODE.words * h + NODE.down], guard = L.count;
      while (y !== h && guard-- > 0) { linked[y] = 1; y = nodes[NODE.words * y + NODE.down]; }
    }
    return { active, linked };
  }

  /**
   * What the app tells the renderers (www/views/snapshot.js): a problem loaded, a move to animate,
   * the zoom controls and keys, a panel maximised or restored.
   * @param {import('./snapshot.js').AppEvent} e
   */
  on(e) {
    switch (e.type) {
      case 'loaded': this.setProblem(e.info, e.nodes); break;
      case 'animate': this.animateFrom(e.before, e.ms); break;
      case 'zoom': this.zoom(e.by); break;
      case 'fit': this.fitView(); break;
      case 'follow': this.setFollowZoom(!this.followZoom); break;
      case 'resized': this.fit(); break;
      default:
    }
  }

  /** The colours changed (dark mode): drawn again. */
  restyle() { this.dirty = true; }

  /** Animates the change from `from` ({nodes, items} copies) to the next frame over `ms`. */
  /** @param {Arrays | null} from @param {number} ms */
  animateFrom(from, ms) {
    if (!this.layout || !from || from.nodes.length !== this.layout.count * NODE.words || reducedMotion()) return;
    const walked = this._walk(from.nodes, from.items);
    const purify = this._purifications(from, walked.linked);
    /** The agreeing nodes of the purifications, each with how far its outline has swept (drawn). */
    const agreeAt = new Map();
    for (const pu of purify) for (const x of pu.agree) agreeAt.set(x, { colour: pu.colour, p: 0 });
    this.anim = { from, ...walked, purify, agreeAt, t0: performance.now(), ms };
    this.dirty = true;
  }

  /**
   * The purifications (XCC) between the state `from` and now, read from the colour view as the cover
   * animation reads the links: a secondary header whose colour appeared was purified (forward), one
   * whose colour went was unpurified. For each: the nodes in its list that agree (marked, to be ringed)
   * and the rows of the options that disagree (hidden by it, to be struck through). The list of a
   * purified item itself never changes, so `linked` (from the state before) says which nodes are in it.
   * @param {{colors?: Uint32Array}} from @param {Uint8Array} linked
   * @returns {{h: number, colour: number, forward: boolean, agree: number[], struck: number[]}[]}
   */
  /** @param {Arrays} from @param {Uint8Array} linked */
  _purifications(from, linked) {
    const L = this._lay();
    const now = this.arrays ? this.arrays().colors : null;
    const was = from.colors;
    if (!now || !was || now.length !== L.count || was.length !== L.count) return [];
    const out = [];
    for (let h = L.np + 1; h <= L.n; h++) {
      if (now[h] === was[h] || now[h] !== 0 && was[h] !== 0) continue;
      const forward = now[h] !== 0;
      const colour = forward ? now[h] : was[h];
      const agree = [], struck = [];
      for (const x of L.colNodes[h]) {
        if (!linked[x]) continue;
        const marked = forward ? now[x] === LIMITS.marked : was[x] === LIMITS.marked;
        if (marked) agree.push(x);
        else if ((forward ? now[x] : was[x]) !== colour) struck.push(L.rowOf[x]);
      }
      out.push({ h, colour, forward, agree, struck });
    }
    return out;
  }

  /**
   * Takes the state to draw from the snapshot: the item branched on, the option tried, the path. The
   * link arrays come from `arrays()`, here and again at every draw.
   * @param {import('./snapshot.js').Snapshot} s
   */
  update(s) {
    // A snapshot for something else (a run to the end started or ended, a note) leaves the search
    // where it was: the same links, path and option tried. Walked and drawn again for it, the links
    // of 14-queens took 15 ms of the page's thread at a click on Run to end, while the run's
    // workers wanted both cores of the machine.
    const key = `${s.epoch} ${s.timeline.gen} ${s.timeline.at} ${s.follow}`;
    if (key === this._seen) return;
    this._seen = '';
    // emptied: the header of the item the lookahead found with no option left, at a Reject; else -1,
    // never 0, which is the root's index (every frame crossed the root out).
    /** @type {Frame} */
    const frame = {
      branching: s.branching, trying: s.trying, chosen: s.chosen, follow: s.follow, event: s.lastEvent, emptied: s.rejected && s.rejected.item > 0 ? s.rejected.item : -1,
      nodes: new Uint32Array(0), items: new Uint32Array(0), lens: new Uint32Array(0), colors: new Uint32Array(0),
      active: new Uint8Array(0), linked: new Uint8Array(0),
    };
    this.frame = frame;
    if (!this._live()) return;
    Object.assign(frame, this._walk(frame.nodes, frame.items));
    this.walks++;
    if (this.follow && frame.follow) this._follow(frame);
    this.dirty = true;
    this._seen = key;
  }

  /**
   * What the latest event acts on, as the camera keeps it in sight: the item (its header) and a node.
   * Cover and uncover of item i: i, and the node of the option tried in i's column, else i's first
   * node (where the hides of its options start); hide and unhide of node p (its option's other nodes
   * leave their lists or come back): p and its item; a try: the node tried; a choice or a dead end:
   * the item and its first node; a reject: the node given up and the item it left empty. Null for
   * events acting on neither (a solution, a backtrack), or with no event (a load, a jump).
   * @param {Frame} f @returns {{header: number, node: number} | null}
   */
  _acted(f) {
    const L = this._lay(), e = f.event, { nodes } = f;
    if (!e || !nodes.length) return null;
    const top = (/** @type {number} */ x) => nodes[NODE.words * x + NODE.top];
    const first = (/** @type {number} */ hd) => {
      const d = nodes[NODE.words * hd + NODE.down];
      return d !== hd && d > L.n ? d : 0;
    };
    const b = e.node ?? 0;
    switch (e.code) {
      case EV.CoverItem: case EV.UncoverItem: {
        const hd = e.level;
        let node = 0;
        if (f.trying > L.n) {
          let x = f.trying;
          while (top(x - 1) > 0) x--;
          for (; x < L.count && top(x) > 0; x++) if (top(x) === hd) node = x;
        }
        return { header: hd, node: node || first(hd) };
      }
      case EV.Hide: case EV.Unhide: case EV.Purify: case EV.Unpurify: case EV.Lower: case EV.Raise:
        return e.level > L.n && e.level < L.count ? { header: top(e.level), node: e.level } : null;
      case EV.Try:
        return b > L.n && b < L.count ? { header: top(b), node: b } : null;
      case EV.Choose: case EV.DeadEnd: case EV.Close: case EV.Untweak:
        return b > 0 && b <= L.n ? { header: b, node: first(b) } : null;
      case EV.Reject:
        return b > L.n && b < L.count ? { header: e.item || top(b), node: b } : null;
      default: return null;
    }
  }

  /**
   * The camera: keeps the item and the node the latest event acts on (`_acted`) in sight, else the
   * option being tried (or the item branched on). It moves only when they are out of sight (or under
   * the pinned header band or row numbers), eased over CAM_MS; on a matrix too big to read at Fit,
   * with follow zoom on, it zooms in to READABLE first, and out (never below NAMES, where names are
   * drawn) when the two columns are further apart than the canvas is wide. The header row is pinned
   * at the top, so the item's header is in sight once its column is.
   */
  /** @param {Frame} f */
  _follow(f) {
    const L = this.layout;
    const { w, h } = boxOf(this.canvas);
    if (!L || !w || !h) return;
    const acted = this._acted(f);
    const fallback = f.trying || f.chosen[f.chosen.length - 1] || 0;
    const node = acted ? acted.node : fallback > L.n ? fallback : 0;
    const cols = acted ? [L.headerX[acted.header]] : fallback > L.n ? [] : f.branching ? [L.headerX[f.branching]] : [];
    if (node) cols.push(L.colX[node]);
    if (!cols.length) return;
    // Decided from where an ease under way is going, and eased from where it is now.
    const now = { scale: this.scale, ox: this.ox, oy: this.oy };
    if (this.cam) Object.assign(this, this.cam.to);
    const before = [this.scale, this.ox, this.oy];
    let zoomed = false;
    if (this.followZoom && this.scale < READABLE) {
      this.scale = READABLE;
      zoomed = true;
    }
    const lo = Math.min(...cols), hi = Math.max(...cols);
    if (this.followZoom && (hi - lo + 1.4) * this.scale > w - LABEL_BAND && this.scale > NAMES) {
      this.scale = Math.max(NAMES, (w - LABEL_BAND) / (hi - lo + 1.4));
      zoomed = true;
    }
    if (node) {
      const y = this._y(node);
      const band = this.oy > -1.25 ? PINNED_BAND : 0;
      const top = this.oy + band, bottom = this.oy + h / this.scale;
      if (zoomed || y < top + 0.2 || y + 1 > bottom - 0.2) {
        // 40% down the canvas, and never under the band the header row is pinned in.
        this.oy = Math.max(-3, Math.min(y - (h / this.scale) * 0.4, y - PINNED_BAND - 0.5));
      }
    } else if (zoomed) {
      this.oy = -3;
    }
    // A column under the row numbers' band (drawn where column 0 is panned out of sight) is out of view.
    const band = this.scale >= NAMES && (-0.15 - this.ox) * this.scale < LABEL_BAND ? LABEL_BAND / this.scale : 0;
    const left = this.ox + band, right = this.ox + w / this.scale;
    if (zoomed || lo < left + 0.2 || hi + 1 > right - 0.2) {
      // 40% across (the middle of the two columns); or from the left end where that keeps them in
      // the left 60%: the columns left of them then show whole, with no band of option numbers over
      // the first of them.
      const leftmost = this._leftmost(this.scale);
      const mid = (lo + hi) / 2, span = w / this.scale;
      this.ox = hi + 1 - leftmost <= span * 0.6 ? leftmost : Math.min(mid - span * 0.4, lo - LABEL_BAND / this.scale - 0.3);
    }
    if (before[0] === this.scale && before[1] === this.ox && before[2] === this.oy) {
      if (this.cam) Object.assign(this, now);
      return;
    }
    this.atFit = false;
    this.dirty = true;
    const to = { scale: this.scale, ox: this.ox, oy: this.oy };
    if (reducedMotion()) { this.cam = null; return; }
    this.cam = { from: now, to, t0: performance.now(), ms: CAM_MS };
    Object.assign(this, now);
  }

  /** The camera's ease at `now`: the view part of the way from its start to its end. @param {number} now */
  _ease(now) {
    const c = this.cam;
    if (!c) return;
    const t = ease((now - c.t0) / c.ms);
    const box = boxOf(this.canvas), w = box.w || 1, h = box.h || 1;
    if (t >= 1) {
      Object.assign(this, c.to);
      this.cam = null;
      return;
    }
    // The scale geometrically, the centre of the view in a straight line.
    const s = c.from.scale * (c.to.scale / c.from.scale) ** t;
    const cx0 = c.from.ox + w / 2 / c.from.scale, cx1 = c.to.ox + w / 2 / c.to.scale;
    const cy0 = c.from.oy + h / 2 / c.from.scale, cy1 = c.to.oy + h / 2 / c.to.scale;
    this.scale = s;
    this.ox = cx0 + (cx1 - cx0) * t - w / 2 / s;
    this.oy = cy0 + (cy1 - cy0) * t - h / 2 / s;
  }

  // ---------------------------------------------------------------- drawing

  /** Draws if anything changed since the last call (or an animation runs). */
  draw(now = performance.now()) {
    const animating = this.anim && now - this.anim.t0 < this.anim.ms;
    // An animation that has just ended still draws once more, at its end (t = 1); so does the camera.
    if (!this.dirty && !animating && !this.anim && !this.cam) return;
    this._ease(now);
    if (this.anim && !animating) this.anim = null;
    this.dirty = false;
    const p = prepare(this.canvas);
    if (!p) return;
    const { ctx, w, h } = p;
    ctx.clearRect(0, 0, w, h);
    if (!this.layout || !this.frame || !this._live() || !this.frame.active.length) return;
    const t = this.anim ? ease((now - this.anim.t0) / this.anim.ms) : 1;
    /** What the last draw put on screen, for tests: item names, row labels, colour names, strikes and where. */
    this.drawn = { names: 0, headerTop: 0, rowLabels: 0, rowLabelX: 0, colourLabels: 0, strikes: [], ticks: 0, badges: 0, numbers: 0 };
    if (this.scale < PIXEL) this._drawPixels(ctx, w, h, p.dpr);
    else this._drawLinks(ctx, w, h, t);
    this._drawLit(ctx, w, h);
    this._drawActed(ctx);
    this._drawScrollHints(ctx, w, h);
    this._drawCursor(ctx);
  }

  // ---------------------------------------------------------------- lit from elsewhere

  /**
   * Lights item columns (headers) and option rows (option numbers from 0) that another view points at
   * (a Sudoku cell: its items and options), and brings the first of them into sight; null clears.
   * @param {{items: Set<number>, options: Set<number>} | null} lit
   */
  setLit(lit) {
    this.lit = lit && (lit.items.size || lit.options.size) ? lit : null;
    this.dirty = true;
    const L = this.layout;
    if (!this.lit || !L) return;
    if (!this._rowOfOption) {
      /** @type {Map<number, number>} */
      const rowOfOption = new Map();
      L.rowOpt.forEach((/** @type {number} */ k, /** @type {number} */ r) => {
        for (let o = k; o <= L.rowLast[r]; o++) rowOfOption.set(o, r);
      });
      this._rowOfOption = rowOfOption;
    }
    this.cam = null;
    const { w, h } = boxOf(this.canvas), s = this.scale;
    const rowOf = this._rowOfOption;
    const rows = [...this.lit.options].map((k) => rowOf.get(k)).filter((r) => r !== undefined);
    if (rows.length) {
      const y = HEAD_GAP + Math.min(...rows);
      if (y < this.oy + 1 || y + 1 > this.oy + h / s) { this.oy = Math.max(-3, y - (h / s) * 0.3); this.atFit = false; }
    }
    const cols = [...this.lit.items].map((hd) => L.headerX[hd]);
    if (cols.length) {
      const x = Math.min(...cols);
      if (x < this.ox || x + 1 > this.ox + w / s) { this.ox = x - (w / s) * 0.2; this.atFit = false; }
    }
  }

  /** The lit columns and rows, as translucent bands over the drawing. */
  _drawLit(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h) {
    const L = this.layout, lit = this.lit;
    if (!lit || !L || !this._rowOfOption) return;
    const s = this.scale;
    ctx.save();
    ctx.fillStyle = 'rgba(37, 99, 235, 0.18)';
    for (const hd of lit.items) ctx.fillRect((L.headerX[hd] - this.ox) * s - 1, 0, Math.max(s, 2) + 2, h);
    ctx.fillStyle = 'rgba(37, 99, 235, 0.12)';
    for (const k of lit.options) {
      const r = this._rowOfOption.get(k);
      if (r !== undefined) ctx.fillRect(0, (HEAD_GAP + r - this.oy) * s - 0.5, w, Math.max(s, 1.5) + 1);
    }
    ctx.restore();
  }

  /**
   * The item header whose column is under a pointer event, or 0 (for pointing at an item from here).
   * @param {MouseEvent} e
   */
  itemAt(e) {
    const L = this.layout;
    if (!L) return 0;
    const r = this.canvas.getBoundingClientRect();
    const col = Math.floor(this.ox + (e.clientX - r.left) / this.scale);
    const h = L.headerX.indexOf(col);
    return h > 0 && h <= L.n ? h : 0;
  }

  // Until `draw` has drawn the animation's last frame (t = 1) and let it go: a clock test here
  // could say "done" between that frame's time and the draw, and the sleeping frame loop then drew
  // the links' last position up to 100 ms late.
  get animating() {
    return !!this.cam || !!this.anim;
  }

  _visible(/** @type {number} */ w, /** @type {number} */ h) {
    const s = this.scale;
    return { x0: this.ox - 1, x1: this.ox + w / s + 1, y0: this.oy - 1, y1: this.oy + h / s + 1 };
  }

  /** @param {Frame} f */
  _rowsOf(f) {
    const L = this._lay();
    const chosen = new Set();
    for (const x of f.chosen) if (x > L.n) chosen.add(L.rowOf[x]);
    const tryRow = f.trying > L.n ? L.rowOf[f.trying] : -1;
    return { chosen, tryRow };
  }

  /** Far out: one small square a node, coloured by its state; headers as a strip. */
  _drawPixels(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h, /** @type {number} */ dpr) {
    const L = this._lay(), f = this._fr(), c = colours(), s = this.scale;
    const { nodes } = f;
    const v = this._visible(w, h);
    const { chosen, tryRow } = this._rowsOf(f);
    const size = Math.max(s * 0.85, 1 / dpr);
    const sx = (/** @type {number} */ x) => (x - this.ox) * s, sy = (/** @type {number} */ y) => (y - this.oy) * s;

    // The column of the item branched on, and the rows chosen and tried.
    if (f.branching) {
      ctx.fillStyle = alpha(c.branch, 0.18);
      ctx.fillRect(sx(L.headerX[f.branching]) - 1, 0, Math.max(s, 2) + 2, h);
    }
    // The item a rejected option left with no option (the lookahead), in the dead end's colour.
    if (f.emptied > 0) {
      ctx.fillStyle = alpha(c.dead, 0.45);
      ctx.fillRect(sx(L.headerX[f.emptied]) - 1, 0, Math.max(s, 2) + 2, h);
    }
    const band = (/** @type {number} */ row, /** @type {string} */ col) => {
      ctx.fillStyle = col;
      ctx.fillRect(0, sy(HEAD_GAP + row) - 0.5, w, Math.max(s, 1.5) + 1);
    };
    for (const r of chosen) band(r, alpha(c.chosen, 0.22));
    if (tryRow >= 0) band(tryRow, alpha(c.try, 0.3));
    this._secondaryLine(ctx, h, c);

    /** @type {Record<'node' | 'hidden' | 'chosen' | 'try', number[]>} */
    const groups = { node: [], hidden: [], chosen: [], try: [] };
    // XCC: a coloured node in its list is a pixel of its colour (a marked one, of its item's).
    /** @type {Map<number, number[]>} */
    const tinted = new Map();
    const colors = f.colors && f.colors.length === L.count ? f.colors : null;
    const r0 = Math.max(0, Math.floor(v.y0 - HEAD_GAP)), r1 = Math.min(L.nRows - 1, Math.ceil(v.y1 - HEAD_GAP));
    for (let r = r0; r <= r1; r++) {
      const y = sy(HEAD_GAP + r);
      const g = r === tryRow ? groups.try : chosen.has(r) ? groups.chosen : null;
      for (let x = L.rowFirst[r]; x < L.count && nodes[NODE.words * x + NODE.top] !== 0; x++) {
        const cx = L.colX[x];
        if (cx < v.x0 || cx > v.x1) continue;
        const k = colors && !g && f.linked[x] ? (colors[x] === LIMITS.marked ? colors[nodes[NODE.words * x + NODE.top]] : colors[x]) : 0;
        if (k) {
          if (!tinted.has(k)) tinted.set(k, []);
          /** @type {number[]} */ (tinted.get(k)).push(sx(cx), y);
        } else (g || (f.linked[x] ? groups.node : groups.hidden)).push(sx(cx), y);
      }
    }
    /** @type {[string, number[]][]} */
    const fills = [...Object.entries(groups).map(([key, pts]) => /** @type {[string, number[]]} */ ([c[key], pts])), ...[...tinted].map(([k, pts]) => /** @type {[string, number[]]} */ ([tint(k), pts]))];
    for (const [fill, pts] of fills) {
      if (!pts.length) continue;
      ctx.fillStyle = fill;
      ctx.beginPath();
      for (let i = 0; i < pts.length; i += 2) ctx.rect(pts[i], pts[i + 1], size, size);
      ctx.fill();
    }
    // Headers: a strip on the header row, stuck to the top edge when the row is scrolled away.
    const hy = Math.max(sy(0), 0), hh = Math.max(s, 4);
    ctx.fillStyle = alpha(c.canvas, 0.85);
    ctx.fillRect(0, hy - 1, w, hh + 2);
    for (let hd = 0; hd <= L.n + 1; hd++) {
      if (!this._shown(hd)) continue;
      ctx.fillStyle = this._headerColour(hd, f, c);
      ctx.fillRect(sx(L.headerX[hd]), hy, Math.max(size, 1), hh);
    }
  }

  /**
   * Whether header hd is drawn: the root of the secondary items only when there are some.
   * @param {number} hd
   */
  _shown(/** @type {number} */ hd) {
    const L = this._lay();
    return hd !== L.n + 1 || L.np < L.n;
  }

  _headerColour(/** @type {number} */ hd, /** @type {Frame} */ f, /** @type {Record<string, string>} */ c) {
    const L = this._lay();
    if (hd === 0 || hd === L.n + 1) return c.root;
    if (hd === f.branching) return c.branch;
    // A secondary item purified to a colour (XCC) takes that colour.
    if (f.colors && f.colors.length === L.count && hd > L.np && f.colors[hd] !== 0) return tint(f.colors[hd]);
    if (!f.active[hd]) return c.covered;
    return hd <= L.np ? c.primary : c.secondary;
  }

  _secondaryLine(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ h, /** @type {Record<string, string>} */ c) {
    const L = this._lay();
    if (L.np === L.n) return;
    const x = (L.headerX[L.n + 1] - this.ox) * this.scale - 0.5 * this.scale * 0;
    ctx.save();
    ctx.strokeStyle = alpha(c.secondary, 0.55);
    ctx.setLineDash([4, 4]);
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(Math.round(x) - 0.5, 0);
    ctx.lineTo(Math.round(x) - 0.5, h);
    ctx.stroke();
    ctx.restore();
  }

  /** Near: boxes and every link; names and arrowheads when there is room. */
  _drawLinks(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h, /** @type {number} */ t) {
    const L = this._lay(), f = this._fr(), c = colours(), s = this.scale;
    const a = this.anim;
    const { nodes } = f;
    const v = this._visible(w, h);
    const { chosen, tryRow } = this._rowsOf(f);
    const named = s >= NAMES;
    const sx = (/** @type {number} */ x) => (x - this.ox) * s, sy = (/** @type {number} */ y) => (y - this.oy) * s;
    const half = BOX / 2;

    // Bands: the item branched on, the options chosen above, the option being tried.
    if (f.branching) {
      ctx.fillStyle = alpha(c.branch, 0.13);
      ctx.fillRect(sx(L.headerX[f.branching]), 0, s, h);
    }
    if (f.emptied > 0) {
      ctx.fillStyle = alpha(c.dead, 0.3);
      ctx.fillRect(sx(L.headerX[f.emptied]), 0, s, h);
    }
    const band = (/** @type {number} */ row, /** @type {string} */ col) => { ctx.fillStyle = col; ctx.fillRect(0, sy(HEAD_GAP + row), w, s); };
    for (const r of chosen) band(r, alpha(c.chosen, 0.14));
    if (tryRow >= 0) band(tryRow, alpha(c.try, 0.22));
    this._secondaryLine(ctx, h, c);

    // Where a link points: the centre of the box's edge it enters.
    const px = (/** @type {number} */ x) => L.colX[x] + 0.5;
    const py = (/** @type {number} */ x) => this._y(x) + 0.5;
    const lw = Math.max(1, Math.min(2, s / 14));
    const head = Math.min(7, s * 0.22);
    ctx.lineCap = 'round';

    // The end point of a vertical link from node x to node y ("down": dir 1, "up": dir −1).
    /** @type {(x: number, y: number, dir: number) => [number, number, boolean]} */
    const vEnd = (x, y, dir) => {
      const off = dir > 0 ? SIDE : -SIDE;
      const fx = px(x) + off;
      if (y === x) return [fx, py(x) + dir * (half + 0.3), true]; // an empty list: a loop
      const wraps = dir > 0 ? this._y(y) <= this._y(x) : this._y(y) >= this._y(x);
      if (wraps) return [fx, py(x) + dir * (half + 0.32), true];
      return [fx, py(y) - dir * half, false];
    };
    const vLink = (/** @type {number} */ x, /** @type {number} */ dir, /** @type {boolean} */ stale) => {
      const y = nodes[NODE.words * x + (dir > 0 ? NODE.down : NODE.up)];
      const fx = px(x) + (dir > 0 ? SIDE : -SIDE), fy = py(x) + dir * half;
      let [tx, ty, stub] = vEnd(x, y, dir);
      if (a) {
        const y0 = a.from.nodes[NODE.words * x + (dir > 0 ? NODE.down : NODE.up)];
        if (y0 !== y) {
          const [ox, oy] = vEnd(x, y0, dir);
          tx = ox + (tx - ox) * t; ty = oy + (ty - oy) * t;
          stub = false;
        }
      }
      const top = Math.min(fy, ty), bottom = Math.max(fy, ty);
      if (bottom < v.y0 || top > v.y1) return;
      const X = sx(fx), Y0 = sy(fy), X1 = sx(tx), Y1 = sy(ty);
      // A link is vertical (both ends in the node's column): a thin rectangle, which the canvas
      // fills several times faster than it strokes a line; a stale one is dashed, a rectangle a
      // dash (clipped to the canvas), where names show, and is a fainter whole rectangle below that.
      if (stale && named) {
        const from = Math.max(Math.min(Y0, Y1), -period), to = Math.min(Math.max(Y0, Y1), h + period);
        for (let d = from; d < to; d += period) ctx.fillRect(X - lw / 2, d, lw, Math.min(dash, to - d));
      } else {
        ctx.fillRect(X - lw / 2, Math.min(Y0, Y1), lw, Math.abs(Y1 - Y0));
      }
      if (stub) {
        // The list wraps around to its header: a short bar says "back to the other end".
        ctx.fillRect(X1 - s * 0.12, Y1 - lw / 2, s * 0.24, lw);
      } else if (named) {
        arrowHeadPath(heads, X1, Y1, X1 - X, Y1 - Y0, head);
      }
    };

    // Vertical links, column by column: live ones first, then the stale links of hidden nodes. A
    // stroke a link was 3,000 strokes a frame on pentomino 6x10 at Fit (play drew 11 frames/s there);
    // one path for them all is slower still in Chromium's canvas. The arrowheads of a pass are one
    // path, filled once.
    const live = alpha(c.link, 0.9);
    const dash = Math.max(2, s * 0.12), period = dash + Math.max(2, s * 0.1);
    const colVisible = (/** @type {number} */ x) => { const cx = L.colX[x]; return cx >= v.x0 - 1 && cx <= v.x1; };
    ctx.lineWidth = lw;
    /** The pass's arrowheads. */
    let heads = new Path2D();
    for (const pass of [1, 0]) {
      heads = new Path2D();
      ctx.fillStyle = pass ? live : named ? c.stale : alpha(c.stale, 0.55);
      for (let x = 1; x < L.count; x++) {
        if (x === L.n + 1 || nodes[NODE.words * x + NODE.top] === 0 && x > L.n) continue;
        if (!colVisible(x)) continue;
        const isLinked = f.linked[x] === 1;
        if (isLinked !== !!pass) continue;
        if (!pass || named || x <= L.n) vLink(x, -1, !pass);
        vLink(x, 1, !pass);
      }
      ctx.fill(heads);
    }

    // Boxes of the nodes.
    const r0 = Math.max(0, Math.floor(v.y0 - HEAD_GAP)), r1 = Math.min(L.nRows - 1, Math.ceil(v.y1 - HEAD_GAP));
    const colored = !!f.colors && f.colors.length === L.count;
    // Purification's own animation (forward: p = t; an unpurify plays it backwards, 1 − t).
    if (a) for (const pu of a.purify) for (const x of pu.agree) a.agreeAt.get(x).p = pu.forward ? t : 1 - t;
    const fontPx = Math.max(8, Math.min(12, s * 0.3));
    for (let r = r0; r <= r1; r++) {
      const y = sy(HEAD_GAP + r + 0.5 - half);
      for (let x = L.rowFirst[r]; x < L.count && nodes[NODE.words * x + NODE.top] !== 0; x++) {
        const cx = L.colX[x];
        if (cx < v.x0 || cx > v.x1) continue;
        let on = f.linked[x];
        if (a && a.linked[x] !== f.linked[x]) on = f.linked[x] ? t : 1 - t;
        const fill = r === tryRow ? c.try : chosen.has(r) ? c.chosen : null;
        const X = sx(cx + 0.5 - half), S = BOX * s;
        ctx.globalAlpha = 0.35 + 0.65 * on;
        ctx.fillStyle = fill || (on > 0.5 ? c.node : c.hidden);
        // Every state has a shape as well as a colour: the option tried is a diamond, the options
        // chosen above carry a tick, a hidden node has a dashed outline.
        // A box of a few pixels (a big matrix at Fit) is a plain square: its rounding would not show,
        // and a rectangle is the canvas's quickest shape.
        const small = S < 8 && r !== tryRow;
        if (small) ctx.fillRect(X, y, S, S);
        else {
          ctx.beginPath();
          if (r === tryRow) diamond(ctx, X, y, S);
          else roundRect(ctx, X, y, S, S, Math.min(4, S * 0.2));
          ctx.fill();
        }
        // Where the node's number is written, the tick would cross it out: it moves to a badge on
        // the node's top right corner, drawn after the number.
        const ticked = chosen.has(r) && r !== tryRow && S >= 7;
        const numbered = s >= NUMBERS;
        if (ticked && !numbered) { tick(ctx, X, y, S, c.panel); this.drawn.ticks++; }
        // The dashed outline needs a box of 7 px or more to be seen as dashed (at Fit, 663 dashed
        // strokes a frame on pentomino 6x10 drew nothing one could read).
        if (on < 1 && S >= 7) {
          ctx.strokeStyle = c.stale;
          ctx.setLineDash([3, 2]);
          ctx.lineWidth = 1;
          ctx.stroke();
          ctx.setLineDash([]);
        }
        if (L.colX[x] === (f.branching ? L.headerX[f.branching] : -9)) {
          ctx.strokeStyle = c.branch;
          ctx.lineWidth = 2;
          if (small) ctx.strokeRect(X, y, S, S);
          else ctx.stroke();
        }
        ctx.globalAlpha = 1;
        // XCC: a coloured node shows its colour as a stripe along its bottom, with the colour's name in
        // it when there is room; a node marked by a purification (cleansed) is outlined in its item's
        // colour (during a purification's animation the outline is drawn round as it sweeps in).
        const col = colored ? f.colors[x] : 0;
        const sweep = a ? a.agreeAt.get(x) : undefined;
        const hue = col === LIMITS.marked ? f.colors[nodes[NODE.words * x + NODE.top]] : col !== 0 ? col : sweep ? sweep.colour : 0;
        let labelled = false;
        if (hue) {
          const stripe = named ? 0.45 : 0.3;
          // Faded with its node when the node is hidden.
          ctx.globalAlpha = 0.35 + 0.65 * on;
          ctx.fillStyle = tint(hue);
          ctx.fillRect(X, y + S * (1 - stripe), S, S * stripe);
          if (named) {
            const name = this._colourName(hue);
            ctx.font = `700 ${Math.max(7, Math.min(11, S * stripe * 0.85))}px ${c.font}`;
            if (ctx.measureText(name).width <= S - 2) {
              ctx.fillStyle = inkOn(tint(hue), c);
              ctx.textAlign = 'center';
              ctx.textBaseline = 'middle';
              ctx.fillText(name, X + S / 2, y + S * (1 - stripe / 2) + 0.5);
              labelled = true;
              this.drawn.colourLabels++;
            }
          }
          ctx.globalAlpha = 1;
        }
        const ring = col === LIMITS.marked ? (sweep ? sweep.p : 1) : sweep ? sweep.p : 0;
        if (ring > 0 && hue) {
          ctx.strokeStyle = tint(hue);
          ctx.lineWidth = Math.max(2, S * 0.14);
          sweepRect(ctx, X, y, S, ring);
        }
        if (s >= NUMBERS) {
          ctx.fillStyle = r === tryRow ? c.ink : on > 0.5 || fill ? c.panel : c.muted;
          ctx.font = `${fontPx}px ${c.mono}`;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(String(x), X + S / 2, labelled ? y + S * 0.3 : y + S / 2, S - 2);
          this.drawn.numbers++;
        }
        if (ticked && numbered) { badge(ctx, X + S, y, S * 0.26, c.chosen, c.panel); this.drawn.badges++; }
      }
    }

    if (colored) this._drawStrikes(ctx, t, { sx, sy, r0, r1, tryRow });

    // Row labels: the option's number, stuck to the left edge.
    if (named) {
      const lx = Math.max(sx(-0.15), LABEL_BAND);
      ctx.font = `${Math.min(12, s * 0.45)}px ${c.mono}`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      if (sx(-0.15) < LABEL_BAND) {
        ctx.fillStyle = alpha(c.canvas, 0.92);
        ctx.fillRect(0, Math.max(0, sy(HEAD_GAP)), LABEL_BAND + 2, h);
      }
      this.drawn.rowLabelX = lx;
      for (let r = r0; r <= r1; r++) {
        this.drawn.rowLabels++;
        ctx.fillStyle = r === tryRow ? c.branch : chosen.has(r) ? c.chosen : c.muted;
        ctx.fillText(`#${L.rowOpt[r] + 1}${L.rowLast[r] > L.rowOpt[r] ? '…' : ''}`, lx, sy(HEAD_GAP + r + 0.5));
        if (L.rowLast[r] > L.rowOpt[r]) {
          // A run of empty options: say which, in the row itself.
          ctx.save();
          ctx.textAlign = 'left';
          ctx.fillStyle = c.muted;
          ctx.fillText(`options #${L.rowOpt[r] + 1} to #${L.rowLast[r] + 1}: empty (no node)`, Math.max(sx(0.2), lx + 6), sy(HEAD_GAP + r + 0.5));
          ctx.restore();
        }
      }
    }

    this._drawHeaders(ctx, w, h, t, { sx, sy, v, named, half, lw, head });
  }

  /**
   * XCC: the options a purification hid (their node in the purified item's list has another colour)
   * are struck through, in the purified colour, from that item's column out to both ends of the
   * option; while a purification animates, the stroke grows out (an unpurify draws it back in).
   */
  /** @param {CanvasRenderingContext2D} ctx @param {number} t @param {StrikeGeometry} g */
  _drawStrikes(ctx, t, g) {
    const L = this._lay(), f = this._fr(), s = this.scale, a = this.anim;
    const { sx, sy, r0, r1, tryRow } = g;
    /** @type {Map<number, {h: number, colour: number, p: number}>} row → the strike across it */
    const rows = new Map();
    for (let h = L.np + 1; h <= L.n; h++) {
      const k = f.colors[h];
      if (!k) continue;
      for (const x of L.colNodes[h]) {
        if (!f.linked[x] || f.colors[x] === LIMITS.marked || f.colors[x] === k) continue;
        const r = L.rowOf[x];
        if (r !== tryRow) rows.set(r, { h, colour: k, p: 1 });
      }
    }
    if (a) for (const pu of a.purify) for (const r of pu.struck) rows.set(r, { h: pu.h, colour: pu.colour, p: pu.forward ? t : 1 - t });
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineWidth = Math.max(1.5, s * 0.07);
    for (const [r, st] of rows) {
      if (r < r0 || r > r1 || st.p <= 0) continue;
      let lo = Infinity, hi = -Infinity;
      for (let x = L.rowFirst[r]; x < L.count && L.topOf[x] > 0; x++) { lo = Math.min(lo, L.colX[x]); hi = Math.max(hi, L.colX[x]); }
      const mid = L.headerX[st.h] + 0.5;
      const left = mid + (lo + 0.5 - BOX / 2 - 0.1 - mid) * st.p, right = mid + (hi + 0.5 + BOX / 2 + 0.1 - mid) * st.p;
      const Y = sy(HEAD_GAP + r + 0.5);
      ctx.strokeStyle = tint(st.colour);
      this.drawn.strikes.push({ row: r, x0: sx(left), x1: sx(right), y: Y, p: st.p });
      ctx.beginPath();
      ctx.moveTo(sx(left), Y);
      ctx.lineTo(sx(right), Y);
      ctx.stroke();
    }
    ctx.restore();
  }

  /** The header row: roots, items, their left/right links, names above and lengths inside. */
  /** @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} h @param {number} t @param {HeaderGeometry} g */
  _drawHeaders(ctx, w, h, t, g) {
    const c = colours();
    const { sy, named } = g;
    // The header row stays pinned at the top edge at every zoom and pan: scrolled below it, it is drawn
    // over the rows, on a band of the canvas colour, shifted down by dy. The band is opaque: at 94%
    // the row labels and links under it showed through between the item names.
    const top = sy(named ? -1.25 : -0.2);
    const dy = top < 0 ? -top : 0;
    this._pinDy = dy;
    if (dy) {
      ctx.fillStyle = c.canvas;
      ctx.fillRect(0, 0, w, sy(1.25) + dy);
      ctx.strokeStyle = c.stale;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(0, sy(1.25) + dy + 0.5);
      ctx.lineTo(w, sy(1.25) + dy + 0.5);
      ctx.stroke();
    }
    ctx.save();
    ctx.translate(0, dy);
    this.drawn.headerTop = sy(-1.25) + dy;
    this._drawHeaderRow(ctx, t, g);
    ctx.restore();
  }

  /** The header row itself, in world coordinates (the caller pins it). */
  /** @param {CanvasRenderingContext2D} ctx @param {number} t @param {HeaderGeometry} g */
  _drawHeaderRow(ctx, t, g) {
    const L = this._lay(), f = this._fr(), c = colours(), s = this.scale, a = this.anim;
    const { sx, sy, v, named, half, lw, head } = g;
    const { items, lens } = f;
    // Horizontal links. Right links run along the upper half, left links along the lower half; a link
    // that skips spliced-out headers bends below the row.
    const hEnd = (/** @type {number} */ hd, /** @type {number} */ to, /** @type {number} */ dir) => {
      const x0 = L.headerX[hd], x1 = L.headerX[to];
      const yy = 0.5 + (dir > 0 ? -0.12 : 0.12);
      if (to === hd) return { x: x0 + 0.5 + dir * (half + 0.25), y: yy, stub: true, dist: 0 };
      const forward = dir > 0 ? x1 > x0 : x1 < x0;
      if (!forward) return { x: x0 + 0.5 + dir * (half + 0.3), y: yy, stub: true, dist: 0 };
      return { x: x1 + 0.5 - dir * half, y: yy, stub: false, dist: Math.abs(x1 - x0) };
    };
    const hLink = (/** @type {number} */ hd, /** @type {number} */ dir) => {
      const to = items[ITEM.words * hd + (dir > 0 ? ITEM.right : ITEM.left)];
      let e = hEnd(hd, to, dir);
      if (a) {
        const to0 = a.from.items[ITEM.words * hd + (dir > 0 ? ITEM.right : ITEM.left)];
        if (to0 !== to) {
          const e0 = hEnd(hd, to0, dir);
          e = { x: e0.x + (e.x - e0.x) * t, y: e.y, stub: false, dist: e0.dist + (e.dist - e0.dist) * t };
        }
      }
      const x0 = L.headerX[hd] + 0.5 + dir * half, y0 = e.y;
      if (Math.max(x0, e.x) < v.x0 || Math.min(x0, e.x) > v.x1) return;
      const X0 = sx(x0), Y0 = sy(y0), X1 = sx(e.x), Y1 = sy(e.y);
      ctx.beginPath();
      ctx.moveTo(X0, Y0);
      if (e.dist > 1.01) {
        const bend = sy(1 + Math.min(0.75, 0.25 + e.dist * 0.06) * (dir > 0 ? 1 : 0.7));
        ctx.bezierCurveTo(X0, bend, X1, bend, X1, Y1 + (bend > Y1 ? 0 : 0));
        ctx.stroke();
        if (named) arrowHead(ctx, X1, Y1, 0, Y1 - bend, head);
      } else {
        ctx.lineTo(X1, Y1);
        ctx.stroke();
        if (e.stub) {
          ctx.beginPath();
          ctx.moveTo(X1, Y1 - s * 0.1);
          ctx.lineTo(X1, Y1 + s * 0.1);
          ctx.stroke();
        } else if (named) arrowHead(ctx, X1, Y1, X1 - X0, 0, head);
      }
    };
    ctx.lineWidth = lw;
    for (const pass of [0, 1]) {
      ctx.strokeStyle = pass ? alpha(c.link, 0.9) : c.stale;
      ctx.fillStyle = ctx.strokeStyle;
      for (let hd = 0; hd <= L.n + 1; hd++) {
        if (!this._shown(hd)) continue;
        if ((f.active[hd] === 1) !== !!pass) continue;
        hLink(hd, 1);
        hLink(hd, -1);
      }
    }
    ctx.setLineDash([]);

    // Boxes, lengths inside, names above.
    const S = BOX * s;
    for (let hd = 0; hd <= L.n + 1; hd++) {
      if (!this._shown(hd)) continue;
      const x = L.headerX[hd];
      if (x < v.x0 || x > v.x1) continue;
      const X = sx(x + 0.5 - half), Y = sy(0.5 - half);
      let on = f.active[hd];
      if (a && a.active[hd] !== f.active[hd]) on = f.active[hd] ? t : 1 - t;
      ctx.globalAlpha = 0.45 + 0.55 * on;
      const pu = a && a.purify.find((q) => q.h === hd);
      ctx.fillStyle = pu ? (f.active[hd] ? c.secondary : c.covered) : this._headerColour(hd, f, c);
      // Shapes: a secondary item is round, a primary one square; the item branched on has a thick ring.
      const secondary = hd > L.np && hd <= L.n;
      ctx.beginPath();
      roundRect(ctx, X, Y, S, S, secondary ? S / 2 : Math.min(4, S * 0.2));
      ctx.fill();
      // A purified item takes its colour, with a rim inside (its shape); while it is purified, the
      // colour spreads from the centre and a ring runs out from it (an unpurify plays it backwards).
      const hue = pu ? pu.colour : secondary && this._colourAt(hd) !== 0 ? this._colourAt(hd) : 0;
      const p = pu ? (pu.forward ? t : 1 - t) : 1;
      if (hue && p > 0) {
        ctx.fillStyle = tint(hue);
        ctx.beginPath();
        ctx.arc(X + S / 2, Y + S / 2, (S / 2) * p, 0, 2 * Math.PI);
        ctx.fill();
        ctx.strokeStyle = c.panel;
        ctx.lineWidth = Math.max(1.5, S * 0.08);
        ctx.beginPath();
        ctx.arc(X + S / 2, Y + S / 2, Math.max(0, (S / 2) * p - S * 0.16), 0, 2 * Math.PI);
        ctx.stroke();
        if (pu && p < 1) {
          ctx.strokeStyle = alpha(tint(hue), 1 - p);
          ctx.lineWidth = Math.max(2, S * 0.1);
          ctx.beginPath();
          ctx.arc(X + S / 2, Y + S / 2, S / 2 + S * 0.9 * p, 0, 2 * Math.PI);
          ctx.stroke();
        }
      }
      if (hd === f.branching) {
        ctx.strokeStyle = c.ink;
        ctx.lineWidth = Math.max(2, S * 0.12);
        ctx.stroke();
      }
      if (hd === f.emptied) {
        // Emptied by the option the lookahead rejects: a cross over its box (a shape, not only a colour).
        ctx.save();
        ctx.strokeStyle = c.dead;
        ctx.lineWidth = Math.max(2, S * 0.14);
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(X - S * 0.15, Y - S * 0.15);
        ctx.lineTo(X + S * 1.15, Y + S * 1.15);
        ctx.moveTo(X + S * 1.15, Y - S * 0.15);
        ctx.lineTo(X - S * 0.15, Y + S * 1.15);
        ctx.stroke();
        ctx.restore();
      }
      if (on < 1) {
        ctx.strokeStyle = c.root;
        ctx.setLineDash([3, 2]);
        ctx.lineWidth = 1;
        ctx.stroke();
        ctx.setLineDash([]);
      }
      ctx.globalAlpha = 1;
      if (named) {
        const root = hd === 0 || hd === L.n + 1;
        // Lengths in the ink that reads on the box: light boxes (secondary, covered) take dark ink.
        ctx.fillStyle = hd > L.np && hd <= L.n || !f.active[hd] ? c.ink : c.panel;
        ctx.font = `600 ${Math.max(8, Math.min(13, s * 0.34))}px ${c.mono}`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        if (!root) ctx.fillText(String(itemLength(lens, hd)), X + S / 2, Y + S / 2, S - 2);
        // The name above the box: level if it fits the column, else rotated to read upwards.
        ctx.save();
        ctx.fillStyle = f.branching && hd === f.branching ? c.branch : root ? c.ink : on > 0.5 ? c.ink : c.muted;
        ctx.font = `${f.branching && hd === f.branching ? 700 : 400} ${Math.max(9, Math.min(13, s * 0.45))}px ${c.font}`;
        ctx.textBaseline = 'middle';
        const name = root ? (hd === 0 ? 'root' : 'root₂') : L.names[hd - 1];
        if (!root) this.drawn.names++;
        if (ctx.measureText(name).width <= s * 0.95) {
          ctx.textAlign = 'center';
          ctx.fillText(name, X + S / 2, Y - Math.max(8, s * 0.3));
        } else {
          ctx.translate(X + S / 2, Y - 3);
          ctx.rotate(-Math.PI / 2);
          ctx.textAlign = 'left';
          ctx.fillText(name, 0, 0, Math.max(20, 2.6 * s));
        }
        ctx.restore();
      }
    }
  }

  /**
   * What the latest event acts on (`_acted`): a dashed ring round the item's header and round the
   * node, so that the eye finds them in a matrix of hundreds of columns.
   */
  _drawActed(/** @type {CanvasRenderingContext2D} */ ctx) {
    const L = this.layout, f = this.frame, s = this.scale;
    if (!L || !f || s < PIXEL) return;
    const acted = this._acted(f);
    if (!acted) return;
    ctx.save();
    ctx.strokeStyle = colours().focus;
    ctx.lineWidth = 2;
    ctx.setLineDash([4, 3]);
    for (const x of [acted.header, acted.node]) {
      if (!x) continue;
      const header = x <= L.n + 1;
      const X = ((header ? L.headerX[x] : L.colX[x]) + 0.5 - BOX / 2 - this.ox) * s - 2.5;
      const Y = (this._y(x) + 0.5 - BOX / 2 - this.oy) * s - 2.5 + (header ? this._pinDy : 0);
      const S = BOX * s + 5;
      ctx.strokeRect(X, Y, S, S);
    }
    ctx.restore();
  }

  /** The keyboard cursor: a ring round its header or node. */
  _drawCursor(/** @type {CanvasRenderingContext2D} */ ctx) {
    const L = this.layout, x = this.cursor, s = this.scale;
    if (!x || !L) return;
    const header = x <= L.n + 1;
    const wx = header ? L.headerX[x] : L.colX[x];
    const X = (wx + 0.5 - BOX / 2 - this.ox) * s - 3;
    const Y = (this._y(x) + 0.5 - BOX / 2 - this.oy) * s - 3 + (header ? this._pinDy : 0);
    const S = Math.max(BOX * s, 4) + 6;
    ctx.save();
    ctx.strokeStyle = colours().focus;
    ctx.lineWidth = 3;
    ctx.strokeRect(X, Y, S, S);
    ctx.restore();
  }

  /** Thin bars at the right and bottom edges saying which part of a large matrix is in view. */
  _drawScrollHints(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ w, /** @type {number} */ h) {
    const L = this._lay(), s = this.scale;
    const worldW = L.nCols + 1.6, worldH = L.nRows + HEAD_GAP + 3.2;
    ctx.fillStyle = 'rgba(29,35,48,0.28)';
    if (worldH * s > h + 1) {
      const top = Math.max(0, (this.oy + 3) / worldH), frac = Math.min(1, h / s / worldH);
      ctx.fillRect(w - 5, Math.min(h - 8, top * h), 3, Math.max(8, frac * h));
    }
    if (worldW * s > w + 1) {
      const left = Math.max(0, (this.ox + 1.3) / worldW), frac = Math.min(1, w / s / worldW);
      ctx.fillRect(Math.min(w - 8, left * w), h - 5, Math.max(8, frac * w), 3);
    }
  }
}

function ease(/** @type {number} */ t) {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 2 * x * x : 1 - 2 * (1 - x) * (1 - x);
}

/** A diamond filling the square (x, y, size), as a path. */
function diamond(/** @type {CanvasPath} */ ctx, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ size) {
  ctx.moveTo(x + size / 2, y - size * 0.08);
  ctx.lineTo(x + size * 1.08, y + size / 2);
  ctx.lineTo(x + size / 2, y + size * 1.08);
  ctx.lineTo(x - size * 0.08, y + size / 2);
  ctx.closePath();
}

/**
 * A tick in a disc of radius r centred on (x, y), ringed in the panel's colour so that it stands
 * apart from the node under it.
 */
function badge(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ r, /** @type {string} */ fill, /** @type {string} */ ink) {
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = ink;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  ctx.restore();
  tick(ctx, x - r, y - r, 2 * r, ink);
}

/** A tick drawn over the square (x, y, size). */
function tick(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ size, /** @type {string} */ colour) {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(1.5, size * 0.14);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x + size * 0.22, y + size * 0.52);
  ctx.lineTo(x + size * 0.42, y + size * 0.72);
  ctx.lineTo(x + size * 0.78, y + size * 0.3);
  ctx.stroke();
  ctx.restore();
}

/**
 * The outline of the square (x, y, size) drawn from its top-left corner clockwise, a fraction p of
 * the way round (1: the whole outline), with the stroke style set.
 */
function sweepRect(/** @type {CanvasRenderingContext2D} */ ctx, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ size, /** @type {number} */ p) {
  const q = Math.max(0, Math.min(1, p)) * 4;
  const corners = [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
  ctx.beginPath();
  ctx.moveTo(x, y);
  for (let i = 0; i < 4 && q > i; i++) {
    const [ax, ay] = corners[i], [bx, by] = corners[i + 1], u = Math.min(1, q - i);
    ctx.lineTo(ax + (bx - ax) * u, ay + (by - ay) * u);
  }
  if (q >= 4) ctx.closePath();
  ctx.stroke();
}

/** Ink that reads on a fill colour (hex): dark on light tints, white on dark ones. */
function inkOn(/** @type {string} */ hex, /** @type {Record<string, string>} */ c) {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return c.ink;
  const v = parseInt(m[1], 16);
  const lin = (/** @type {number} */ u) => { const x = u / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  const lum = 0.2126 * lin(v >> 16) + 0.7152 * lin((v >> 8) & 255) + 0.0722 * lin(v & 255);
  // Black on the fill against white on it (WCAG): whichever contrasts more.
  return (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) ? '#1d2330' : '#ffffff';
}

function roundRect(/** @type {CanvasPath} */ ctx, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ w, /** @type {number} */ h, /** @type {number} */ r) {
  if (ctx.roundRect) ctx.roundRect(x, y, w, h, r);
  else ctx.rect(x, y, w, h);
}
