// @ts-check
// The matrix view: draws Knuth's DLX1 arrays as they stand in wasm memory right now. Items are the
// column headers (name above, live length inside), options are rows, nodes are cells. Every up/down
// link of every node and every left/right link of every header is drawn where it points: a covered
// item is spliced out of the header list yet keeps its own links, a hidden node is faded yet still
// points at its old neighbours. It only draws: the model owns the state, app.js owns the controls.
//
// Level of detail: below PIXEL px a cell, nodes are pixels; up to NAMES, boxes and link lines; from
// NAMES on, names, lengths and arrowheads; from NUMBERS on, node numbers too.

import { prepare, colours, alpha, arrowHead, tint } from './canvas.js';
import { itemLength } from './engine.js';
import { MARKED } from './views.js';

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

export class MatrixView {
  /**
   * `arrays()` gives the live link arrays, {nodes, items, lens}, as Uint32Array views over wasm memory. They
   * are asked for afresh each time they are read (a draw, a walk, a hover), never kept across calls
   * into wasm: any call that allocates can grow the memory and detach a view made before it (the
   * contract in src/wasm.rs). The model's views() rebuilds them when memory.buffer changed.
   * @param {HTMLCanvasElement} canvas
   * @param {{onHover?: (text: string) => void, arrays?: () => import('./views.js').Views}} [options]
   */
  constructor(canvas, { onHover, arrays } = {}) {
    this.canvas = canvas;
    this.onHover = onHover || (() => {});
    this.arrays = arrays;
    this.layout = null;
    this.frame = null;
    this.scale = 20;
    this.ox = 0; // world x at the left edge
    this.oy = 0; // world y at the top edge
    this.follow = true;
    this.anim = null;
    this.dirty = true;
    this._pointers = new Map();
    this._bindInput();
    new ResizeObserver(() => { this.dirty = true; }).observe(canvas);
  }

  // ---------------------------------------------------------------- layout

  /** Lays out a newly loaded problem from its info and its link arrays at the start. */
  setProblem(info, nodes) {
    const n = info.n_items, np = info.n_primary;
    const count = nodes.length >> 2;
    const headerX = new Float32Array(n + 2);
    for (let h = 0; h <= n + 1; h++) headerX[h] = h === n + 1 ? np + 1 : h <= np ? h : h + 1;
    const colX = new Float32Array(count);
    const rowOf = new Int32Array(count).fill(-1);
    const rowFirst = [];
    const rowOpt = [];
    for (let h = 1; h <= n; h++) colX[h] = headerX[h];
    let row = -1;
    for (let x = n + 1; x < count; x++) {
      const top = nodes[4 * x];
      if (top === 0) {
        row++;
        rowFirst.push(x + 1);
        rowOpt.push(nodes[4 * x + 3]);
        continue;
      }
      colX[x] = headerX[top];
      rowOf[x] = row;
    }
    this.layout = {
      n, np, count, headerX, colX, rowOf, rowFirst, rowOpt,
      nRows: Math.max(row, 0),
      nCols: n + 2,
      names: info.items,
      options: info.options,
      /** @type {string[]} colour k (from 1) is colorNames[k - 1] (XCC, `x:c`) */
      colorNames: info.colors || [],
    };
    this.anim = null;
    this.lit = null;
    this._rowOfOption = null;
    // The last frame was of the problem before: nothing to draw until the next update.
    this.frame = null;
    this.fit();
  }

  /** World y of the top of node x's cell (headers are row "−1", at 0). */
  _y(x) {
    const r = this.layout.rowOf[x];
    return r < 0 ? 0 : HEAD_GAP + r;
  }

  // ---------------------------------------------------------------- view transform

  /** The starting view: as much of the matrix as stays readable, from the top. */
  fit() {
    const L = this.layout;
    const w = this.canvas.clientWidth || 800, h = this.canvas.clientHeight || 400;
    if (!L) return;
    const worldW = L.nCols + 1.6, worldH = L.nRows + HEAD_GAP + 3.2;
    const all = Math.min(w / worldW, h / worldH);
    const width = w / worldW;
    // Whole if the cells stay boxes; else boxes of 8 px if the width allows, scrolling down.
    this.scale = Math.min(MAX_SCALE * 0.5, all >= PIXEL ? all : Math.min(width, Math.max(all, 8)));
    this.ox = -1.3 - Math.max(0, (w / this.scale - worldW) / 2);
    this.oy = -3;
    if (worldH * this.scale < h) this.oy -= (h / this.scale - worldH) / 2;
    this.dirty = true;
  }

  zoomAt(px, py, factor) {
    const s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    const wx = this.ox + px / this.scale, wy = this.oy + py / this.scale;
    this.scale = s;
    this.ox = wx - px / s;
    this.oy = wy - py / s;
    this.dirty = true;
  }

  zoom(factor) {
    this.zoomAt(this.canvas.clientWidth / 2, this.canvas.clientHeight / 2, factor);
  }

  pan(dxPx, dyPx) {
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
    c.addEventListener('pointerdown', (e) => {
      c.setPointerCapture(e.pointerId);
      this._pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      c.parentElement.classList.add('dragging');
    });
    c.addEventListener('pointermove', (e) => {
      const p = this._pointers.get(e.pointerId);
      if (!p) { this._hover(e); return; }
      if (this._pointers.size === 2) {
        // Pinch: zoom by the change of distance between the two fingers, about their midpoint.
        const [a, b] = [...this._pointers.values()];
        const d0 = Math.hypot(a.x - b.x, a.y - b.y);
        p.x = e.clientX; p.y = e.clientY;
        const d1 = Math.hypot(a.x - b.x, a.y - b.y);
        const r = c.getBoundingClientRect();
        if (d0 > 0) this.zoomAt((a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top, d1 / d0);
        return;
      }
      this.pan(e.clientX - p.x, e.clientY - p.y);
      p.x = e.clientX; p.y = e.clientY;
    });
    const up = (e) => {
      this._pointers.delete(e.pointerId);
      if (this._pointers.size === 0) c.parentElement.classList.remove('dragging');
    };
    c.addEventListener('pointerup', up);
    c.addEventListener('pointercancel', up);
    c.addEventListener('pointerleave', () => { if (!this._pointers.size) this.onHover(''); });
    c.addEventListener('keydown', (e) => {
      if (!e.shiftKey) return;
      const step = 60;
      const d = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[e.key];
      if (d) { e.preventDefault(); e.stopPropagation(); this.pan(d[0], d[1]); }
    });
  }

  /** Describes the header or node under the pointer, in words, for the line under the canvas. */
  _hover(e) {
    const L = this.layout, f = this.frame;
    if (!this._live() || !f.active) return;
    const r = this.canvas.getBoundingClientRect();
    const wx = this.ox + (e.clientX - r.left) / this.scale;
    const wy = this.oy + (e.clientY - r.top) / this.scale;
    const col = Math.floor(wx);
    const { nodes, items, lens } = f;
    if (wy >= -0.2 && wy < 1.2) {
      const h = [...L.headerX].indexOf(col);
      if (h < 0) { this.onHover(''); return; }
      const left = items[2 * h], right = items[2 * h + 1];
      if (h === 0 || h === L.n + 1) {
        this.onHover(`${h === 0 ? 'root of the primary items' : 'root of the secondary items'} (header ${h}): left ${left}, right ${right}`);
        return;
      }
      const name = L.names[h - 1];
      const state = f.active && !f.active[h] ? ', covered: spliced out of the list, its own links kept' : '';
      this.onHover(`item ${name} (header ${h}, ${h <= L.np ? 'primary' : 'secondary'}): length ${itemLength(lens, h)}, up ${nodes[4 * h + 1]}, down ${nodes[4 * h + 2]}, left ${left}, right ${right}${state}`);
      return;
    }
    const row = Math.floor(wy - HEAD_GAP);
    if (row < 0 || row >= L.nRows) { this.onHover(''); return; }
    for (let x = L.rowFirst[row]; x < L.count && nodes[4 * x] !== 0; x++) {
      if (L.colX[x] === col) {
        const name = L.names[nodes[4 * x] - 1];
        const hidden = f.linked && !f.linked[x] ? ', hidden: out of its list, its own links kept' : '';
        const k = f.colors && f.colors.length === L.count ? f.colors[x] : 0;
        const colour = k === MARKED ? `, cleansed: agrees with the colour ${L.colorNames[f.colors[nodes[4 * x]] - 1]} its item is purified with`
          : k ? `, colour ${L.colorNames[k - 1]}` : '';
        const its = (L.options[L.rowOpt[row]] || []).map((i) => L.names[i]).join(' ');
        this.onHover(`node ${x}: item ${name}, option #${L.rowOpt[row] + 1} (${its}), up ${nodes[4 * x + 1]}, down ${nodes[4 * x + 2]}${colour}${hidden}`);
        return;
      }
    }
    const its = (L.options[L.rowOpt[row]] || []).map((i) => L.names[i]).join(' ');
    this.onHover(`option #${L.rowOpt[row] + 1}: ${its}`);
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
    f.nodes = nodes;
    f.items = items;
    f.lens = lens;
    f.colors = colors;
    return nodes.length === L.count * 4 && items.length >= (L.n + 2) * 2 && lens.length === L.n + 1;
  }

  /** Which headers are in their item list and which nodes in their item's list, walking the links. */
  _walk(nodes, items) {
    const L = this.layout;
    const active = new Uint8Array(L.n + 2);
    for (const root of [0, L.n + 1]) {
      active[root] = 1;
      let k = items[2 * root + 1], guard = L.n + 2;
      while (k !== root && guard-- > 0) { active[k] = 1; k = items[2 * k + 1]; }
    }
    const linked = new Uint8Array(L.count);
    for (let h = 1; h <= L.n; h++) {
      linked[h] = 1;
      let y = nodes[4 * h + 2], guard = L.count;
      while (y !== h && guard-- > 0) { linked[y] = 1; y = nodes[4 * y + 2]; }
    }
    return { active, linked };
  }

  /** Animates the change from `from` ({nodes, items} copies) to the next frame over `ms`. */
  animateFrom(from, ms) {
    if (!this.layout || !from || from.nodes.length !== this.layout.count * 4) return;
    const walked = this._walk(from.nodes, from.items);
    this.anim = { from, ...walked, t0: performance.now(), ms };
    this.dirty = true;
  }

  /**
   * Takes the state to draw from the snapshot: the item branched on, the option tried, the path. The
   * link arrays come from `arrays()`, here and again at every draw.
   * @param {import('./snapshot.js').Snapshot} s
   */
  update(s) {
    /** @type {any} */
    const frame = { branching: s.branching, trying: s.trying, chosen: s.chosen, follow: s.follow };
    this.frame = frame;
    if (!this._live()) return;
    Object.assign(frame, this._walk(frame.nodes, frame.items));
    if (this.follow && frame.follow) this._follow(frame);
    this.dirty = true;
  }

  /** Brings the option being tried (or the item branched on) into view when it is off screen. */
  _follow(f) {
    const L = this.layout;
    const w = this.canvas.clientWidth, h = this.canvas.clientHeight;
    const target = f.trying || f.chosen[f.chosen.length - 1] || 0;
    if (target > L.n) {
      const y = this._y(target);
      const top = this.oy, bottom = this.oy + h / this.scale;
      if (y < top + 0.5 || y + 1 > bottom - 0.5) {
        this.oy = Math.max(-3, y - (h / this.scale) * 0.4);
        this.dirty = true;
      }
    }
    const col = target > L.n ? L.colX[target] : f.branching ? L.headerX[f.branching] : null;
    if (col !== null) {
      const left = this.ox, right = this.ox + w / this.scale;
      if (col < left + 0.2 || col + 1 > right - 0.2) {
        this.ox = col - (w / this.scale) * 0.4;
        this.dirty = true;
      }
    }
  }

  // ---------------------------------------------------------------- drawing

  /** Draws if anything changed since the last call (or an animation runs). */
  draw(now = performance.now()) {
    const animating = this.anim && now - this.anim.t0 < this.anim.ms;
    if (!this.dirty && !animating) return;
    if (this.anim && !animating) this.anim = null;
    this.dirty = false;
    const p = prepare(this.canvas);
    if (!p) return;
    const { ctx, w, h } = p;
    ctx.clearRect(0, 0, w, h);
    if (!this._live() || !this.frame.active) return;
    const t = this.anim ? ease((now - this.anim.t0) / this.anim.ms) : 1;
    if (this.scale < PIXEL) this._drawPixels(ctx, w, h, p.dpr);
    else this._drawLinks(ctx, w, h, t);
    this._drawLit(ctx, w, h);
    this._drawScrollHints(ctx, w, h);
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
      this._rowOfOption = new Map(L.rowOpt.map((/** @type {number} */ k, /** @type {number} */ r) => [k, r]));
    }
    const w = this.canvas.clientWidth, h = this.canvas.clientHeight, s = this.scale;
    const rows = [...this.lit.options].map((k) => this._rowOfOption.get(k)).filter((r) => r !== undefined);
    if (rows.length) {
      const y = HEAD_GAP + Math.min(...rows);
      if (y < this.oy + 1 || y + 1 > this.oy + h / s) this.oy = Math.max(-3, y - (h / s) * 0.3);
    }
    const cols = [...this.lit.items].map((hd) => L.headerX[hd]);
    if (cols.length) {
      const x = Math.min(...cols);
      if (x < this.ox || x + 1 > this.ox + w / s) this.ox = x - (w / s) * 0.2;
    }
  }

  /** The lit columns and rows, as translucent bands over the drawing. */
  _drawLit(ctx, w, h) {
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

  get animating() {
    return !!this.anim && performance.now() - this.anim.t0 < this.anim.ms;
  }

  _visible(w, h) {
    const s = this.scale;
    return { x0: this.ox - 1, x1: this.ox + w / s + 1, y0: this.oy - 1, y1: this.oy + h / s + 1 };
  }

  _rowsOf(f) {
    const L = this.layout;
    const chosen = new Set();
    for (const x of f.chosen) if (x > L.n) chosen.add(L.rowOf[x]);
    const tryRow = f.trying > L.n ? L.rowOf[f.trying] : -1;
    return { chosen, tryRow };
  }

  /** Far out: one small square a node, coloured by its state; headers as a strip. */
  _drawPixels(ctx, w, h, dpr) {
    const L = this.layout, f = this.frame, c = colours(), s = this.scale;
    const { nodes } = f;
    const v = this._visible(w, h);
    const { chosen, tryRow } = this._rowsOf(f);
    const size = Math.max(s * 0.85, 1 / dpr);
    const sx = (x) => (x - this.ox) * s, sy = (y) => (y - this.oy) * s;

    // The column of the item branched on, and the rows chosen and tried.
    if (f.branching) {
      ctx.fillStyle = alpha(c.branch, 0.18);
      ctx.fillRect(sx(L.headerX[f.branching]) - 1, 0, Math.max(s, 2) + 2, h);
    }
    const band = (row, col) => {
      ctx.fillStyle = col;
      ctx.fillRect(0, sy(HEAD_GAP + row) - 0.5, w, Math.max(s, 1.5) + 1);
    };
    for (const r of chosen) band(r, alpha(c.chosen, 0.22));
    if (tryRow >= 0) band(tryRow, alpha(c.try, 0.3));
    this._secondaryLine(ctx, h, c);

    const groups = { node: [], hidden: [], chosen: [], try: [] };
    const r0 = Math.max(0, Math.floor(v.y0 - HEAD_GAP)), r1 = Math.min(L.nRows - 1, Math.ceil(v.y1 - HEAD_GAP));
    for (let r = r0; r <= r1; r++) {
      const y = sy(HEAD_GAP + r);
      const g = r === tryRow ? groups.try : chosen.has(r) ? groups.chosen : null;
      for (let x = L.rowFirst[r]; x < L.count && nodes[4 * x] !== 0; x++) {
        const cx = L.colX[x];
        if (cx < v.x0 || cx > v.x1) continue;
        (g || (f.linked[x] ? groups.node : groups.hidden)).push(sx(cx), y);
      }
    }
    for (const [key, pts] of Object.entries(groups)) {
      if (!pts.length) continue;
      ctx.fillStyle = c[key];
      ctx.beginPath();
      for (let i = 0; i < pts.length; i += 2) ctx.rect(pts[i], pts[i + 1], size, size);
      ctx.fill();
    }
    // Headers: a strip on the header row, stuck to the top edge when the row is scrolled away.
    const hy = Math.max(sy(0), 0), hh = Math.max(s, 4);
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
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
  _shown(hd) {
    const L = this.layout;
    return hd !== L.n + 1 || L.np < L.n;
  }

  _headerColour(hd, f, c) {
    const L = this.layout;
    if (hd === 0 || hd === L.n + 1) return c.root;
    if (hd === f.branching) return c.branch;
    // A secondary item purified to a colour (XCC) takes that colour.
    if (f.colors && f.colors.length === L.count && hd > L.np && f.colors[hd] !== 0) return tint(f.colors[hd]);
    if (!f.active[hd]) return c.covered;
    return hd <= L.np ? c.primary : c.secondary;
  }

  _secondaryLine(ctx, h, c) {
    const L = this.layout;
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
  _drawLinks(ctx, w, h, t) {
    const L = this.layout, f = this.frame, c = colours(), s = this.scale;
    const a = this.anim;
    const { nodes } = f;
    const v = this._visible(w, h);
    const { chosen, tryRow } = this._rowsOf(f);
    const named = s >= NAMES;
    const sx = (x) => (x - this.ox) * s, sy = (y) => (y - this.oy) * s;
    const half = BOX / 2;
    const colors = f.colors || new Uint32Array(0);

    // Bands: the item branched on, the options chosen above, the option being tried.
    if (f.branching) {
      ctx.fillStyle = alpha(c.branch, 0.13);
      ctx.fillRect(sx(L.headerX[f.branching]), 0, s, h);
    }
    const band = (row, col) => { ctx.fillStyle = col; ctx.fillRect(0, sy(HEAD_GAP + row), w, s); };
    for (const r of chosen) band(r, alpha(c.chosen, 0.14));
    if (tryRow >= 0) band(tryRow, alpha(c.try, 0.22));
    this._secondaryLine(ctx, h, c);

    // Where a link points: the centre of the box's edge it enters.
    const px = (x) => L.colX[x] + 0.5;
    const py = (x) => this._y(x) + 0.5;
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
    const vLink = (x, dir, stale) => {
      const y = nodes[4 * x + (dir > 0 ? 2 : 1)];
      const fx = px(x) + (dir > 0 ? SIDE : -SIDE), fy = py(x) + dir * half;
      let [tx, ty, stub] = vEnd(x, y, dir);
      if (a) {
        const y0 = a.from.nodes[4 * x + (dir > 0 ? 2 : 1)];
        if (y0 !== y) {
          const [ox, oy] = vEnd(x, y0, dir);
          tx = ox + (tx - ox) * t; ty = oy + (ty - oy) * t;
          stub = false;
        }
      }
      const top = Math.min(fy, ty), bottom = Math.max(fy, ty);
      if (bottom < v.y0 || top > v.y1) return;
      const X = sx(fx), Y0 = sy(fy), X1 = sx(tx), Y1 = sy(ty);
      ctx.beginPath();
      ctx.moveTo(X, Y0);
      ctx.lineTo(X1, Y1);
      ctx.stroke();
      if (stub) {
        // The list wraps around to its header: a short bar says "back to the other end".
        ctx.beginPath();
        ctx.moveTo(X1 - s * 0.12, Y1);
        ctx.lineTo(X1 + s * 0.12, Y1);
        ctx.stroke();
      } else if (named) {
        arrowHead(ctx, X1, Y1, X1 - X, Y1 - Y0, head);
      }
    };

    // Vertical links, column by column: live ones first, then the stale links of hidden nodes.
    const live = alpha(c.link, 0.9), stale = c.stale;
    const colVisible = (x) => { const cx = L.colX[x]; return cx >= v.x0 - 1 && cx <= v.x1; };
    ctx.lineWidth = lw;
    for (const pass of [1, 0]) {
      ctx.strokeStyle = pass ? live : stale;
      ctx.fillStyle = pass ? live : stale;
      ctx.setLineDash(pass ? [] : [Math.max(2, s * 0.12), Math.max(2, s * 0.1)]);
      for (let x = 1; x < L.count; x++) {
        if (x === L.n + 1 || nodes[4 * x] === 0 && x > L.n) continue;
        if (!colVisible(x)) continue;
        const isLinked = f.linked[x] === 1;
        if (isLinked !== !!pass) continue;
        if (!pass || named || x <= L.n) vLink(x, -1, !pass);
        vLink(x, 1, !pass);
      }
    }
    ctx.setLineDash([]);

    // Boxes of the nodes.
    const r0 = Math.max(0, Math.floor(v.y0 - HEAD_GAP)), r1 = Math.min(L.nRows - 1, Math.ceil(v.y1 - HEAD_GAP));
    const fontPx = Math.max(8, Math.min(12, s * 0.3));
    for (let r = r0; r <= r1; r++) {
      const y = sy(HEAD_GAP + r + 0.5 - half);
      for (let x = L.rowFirst[r]; x < L.count && nodes[4 * x] !== 0; x++) {
        const cx = L.colX[x];
        if (cx < v.x0 || cx > v.x1) continue;
        let on = f.linked[x];
        if (a && a.linked[x] !== f.linked[x]) on = f.linked[x] ? t : 1 - t;
        const fill = r === tryRow ? c.try : chosen.has(r) ? c.chosen : null;
        const X = sx(cx + 0.5 - half), S = BOX * s;
        ctx.globalAlpha = 0.35 + 0.65 * on;
        ctx.fillStyle = fill || (on > 0.5 ? c.node : c.hidden);
        roundRect(ctx, X, y, S, S, Math.min(4, S * 0.2));
        ctx.fill();
        if (on < 1) {
          ctx.strokeStyle = c.stale;
          ctx.setLineDash([3, 2]);
          ctx.lineWidth = 1;
          ctx.stroke();
          ctx.setLineDash([]);
        }
        if (L.colX[x] === (f.branching ? L.headerX[f.branching] : -9)) {
          ctx.strokeStyle = c.branch;
          ctx.lineWidth = 2;
          ctx.stroke();
        }
        ctx.globalAlpha = 1;
        // XCC: a coloured node carries its colour as a stripe along its bottom and, when there is room,
        // its colour's name; a node marked by a purification (it agrees with the colour its item is
        // purified with) is drawn as a ring of that colour around a white box with a check mark.
        const col = colors.length === L.count ? colors[x] : 0;
        if (col === MARKED) {
          const k = colors[nodes[4 * x]];
          ctx.fillStyle = '#fff';
          roundRect(ctx, X, y, S, S, Math.min(4, S * 0.2));
          ctx.fill();
          ctx.strokeStyle = tint(k);
          ctx.lineWidth = Math.max(2, S * 0.12);
          ctx.stroke();
          ctx.beginPath();
          ctx.moveTo(X + S * 0.25, y + S * 0.55);
          ctx.lineTo(X + S * 0.43, y + S * 0.72);
          ctx.lineTo(X + S * 0.76, y + S * 0.3);
          ctx.stroke();
        } else if (col !== 0) {
          ctx.fillStyle = tint(col);
          ctx.globalAlpha = 0.45 + 0.55 * on;
          ctx.fillRect(X, y + S * 0.68, S, S * 0.32);
          ctx.globalAlpha = 1;
        }
        if (col !== 0 && col !== MARKED && named && s < NUMBERS) {
          ctx.fillStyle = '#fff';
          ctx.font = `600 ${fontPx}px ${c.mono}`;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(L.colorNames[col - 1] || '?', X + S / 2, y + S * 0.38, S - 2);
        } else if (s >= NUMBERS && col !== MARKED) {
          ctx.fillStyle = on > 0.5 || fill ? '#fff' : c.muted;
          ctx.font = `${fontPx}px ${c.mono}`;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          const label = col !== 0 ? `${x}:${L.colorNames[col - 1] || '?'}` : String(x);
          ctx.fillText(label, X + S / 2, y + S * (col !== 0 ? 0.38 : 0.5), S - 2);
        }
      }
    }

    // Row labels: the option's number, stuck to the left edge.
    if (named) {
      const lx = Math.max(sx(-0.15), 34);
      ctx.font = `${Math.min(12, s * 0.45)}px ${c.mono}`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      if (sx(-0.15) < 34) {
        ctx.fillStyle = 'rgba(251,252,253,0.9)';
        ctx.fillRect(0, Math.max(0, sy(HEAD_GAP)), 36, h);
      }
      for (let r = r0; r <= r1; r++) {
        ctx.fillStyle = r === tryRow ? c.branch : chosen.has(r) ? c.chosen : c.muted;
        ctx.fillText(`#${L.rowOpt[r] + 1}`, lx, sy(HEAD_GAP + r + 0.5));
      }
    }

    this._drawHeaders(ctx, w, h, t, { sx, sy, v, named, half, lw, head });
  }

  /** The header row: roots, items, their left/right links, names above and lengths inside. */
  _drawHeaders(ctx, w, h, t, g) {
    const L = this.layout, f = this.frame, c = colours(), s = this.scale, a = this.anim;
    const { sx, sy, v, named, half, lw, head } = g;
    const { items, lens } = f;
    const hy = sy(0);
    if (hy + s < 0) {
      // Scrolled below the header row: a strip of header states stays at the top.
      ctx.fillStyle = 'rgba(255,255,255,0.9)';
      ctx.fillRect(0, 0, w, 10);
      for (let hd = 0; hd <= L.n + 1; hd++) {
        if (!this._shown(hd)) continue;
        const x = L.headerX[hd];
        if (x < v.x0 || x > v.x1) continue;
        ctx.fillStyle = this._headerColour(hd, f, c);
        ctx.fillRect(sx(x + 0.5 - half), 1, BOX * s, 8);
      }
      return;
    }
    // Horizontal links. Right links run along the upper half, left links along the lower half; a link
    // that skips spliced-out headers bends below the row.
    const hEnd = (hd, to, dir) => {
      const x0 = L.headerX[hd], x1 = L.headerX[to];
      const yy = 0.5 + (dir > 0 ? -0.12 : 0.12);
      if (to === hd) return { x: x0 + 0.5 + dir * (half + 0.25), y: yy, stub: true, dist: 0 };
      const forward = dir > 0 ? x1 > x0 : x1 < x0;
      if (!forward) return { x: x0 + 0.5 + dir * (half + 0.3), y: yy, stub: true, dist: 0 };
      return { x: x1 + 0.5 - dir * half, y: yy, stub: false, dist: Math.abs(x1 - x0) };
    };
    const hLink = (hd, dir) => {
      const to = items[2 * hd + (dir > 0 ? 1 : 0)];
      let e = hEnd(hd, to, dir);
      if (a) {
        const to0 = a.from.items[2 * hd + (dir > 0 ? 1 : 0)];
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
      ctx.setLineDash(pass ? [] : [Math.max(2, s * 0.12), Math.max(2, s * 0.1)]);
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
      ctx.fillStyle = this._headerColour(hd, f, c);
      roundRect(ctx, X, Y, S, S, Math.min(4, S * 0.2));
      ctx.fill();
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
        ctx.fillStyle = '#fff';
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

  /** Thin bars at the right and bottom edges saying which part of a large matrix is in view. */
  _drawScrollHints(ctx, w, h) {
    const L = this.layout, s = this.scale;
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

function ease(t) {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 2 * x * x : 1 - 2 * (1 - x) * (1 - x);
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(x, y, w, h, r);
  else ctx.rect(x, y, w, h);
}
