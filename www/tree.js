// @ts-check
// The search-tree view: Knuth's progress estimate as a bar, the explored top levels of the tree as an
// icicle (each node split evenly among its d children, so that the explored width to the left of the
// current path is exactly the estimate), and the current path with each level's "k of d". It only
// draws what the model remembers: a renderer (update(snapshot) + draw(), see www/snapshot.js).

import { prepare, colours } from './canvas.js';

export class TreeView {
  constructor({ canvas, bar, value, list }) {
    this.canvas = canvas;
    this.bar = bar;
    this.value = value;
    this.list = list;
    this.state = null;
    this.dirty = true;
    this._listKey = '';
    new ResizeObserver(() => { this.dirty = true; }).observe(canvas);
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    const state = {
      tree: s.tree, depth: s.depth, path: s.path, names: s.info.items,
      progress: Number(s.stats.progress), leaf: s.leaf, done: !!s.stats.done,
    };
    this.state = state;
    this.dirty = true;
    this._progress(state.progress, s.stats.progress_text);
    this._path(state);
  }

  /**
   * @param {number} p Knuth's estimate, 0..1 @param {string} [text] the engine's reading of it
   * (narrate::percent: 0% before the first choice, "< 0.01%" rather than an exponent)
   */
  _progress(p, text) {
    const pct = Math.max(0, Math.min(100, p * 100));
    this.bar.firstElementChild.style.width = `${pct}%`;
    this.bar.setAttribute('aria-valuenow', pct.toFixed(2));
    const shown = text || `${pct.toFixed(2)}%`;
    this.bar.setAttribute('aria-valuetext', `${shown} of the search tree explored (Knuth's estimate)`);
    this.value.textContent = shown;
  }

  _path({ path, names, leaf, done }) {
    const name = (i) => (i > 0 && names[i - 1] !== undefined ? names[i - 1] : '?');
    const parts = path.map((p) => (p.d === 0 ? `L${p.level} ${name(p.item)} 0 of 0` : `L${p.level} ${name(p.item)} ${p.k} of ${p.d}`));
    const key = parts.join('|') + `|${leaf}|${done}`;
    if (key === this._listKey) return;
    this._listKey = key;
    const frag = document.createDocumentFragment();
    // A long path (a deep Sudoku) shows its top and its bottom; the middle is summarised.
    const MAX = 48;
    const shown = path.length > MAX
      ? [...path.slice(0, 12).map((p, i) => [p, i]), null, ...path.slice(-(MAX - 13)).map((p, i) => [p, path.length - (MAX - 13) + i])]
      : path.map((p, i) => [p, i]);
    for (const entry of shown) {
      const li = document.createElement('li');
      if (!entry) {
        li.textContent = `… ${path.length - MAX + 1} levels …`;
        frag.append(li);
        continue;
      }
      const [p, i] = entry;
      if (p.d === 0) continue; // a dead end: said below
      li.title = `level ${p.level}: branching on item ${name(p.item)}, option ${p.k} of ${p.d}`;
      li.append(`L${p.level} ${name(p.item)} `);
      const b = document.createElement('b');
      b.textContent = p.k ? `${p.k} of ${p.d}` : `– of ${p.d}`;
      li.append(b);
      if (i === path.length - 1 && !leaf) li.className = 'now';
      frag.append(li);
    }
    if (leaf === 'solution') {
      const li = document.createElement('li');
      li.className = 'sol';
      li.textContent = '✓ solution';
      frag.append(li);
    } else if (leaf === 'dead') {
      const last = path[path.length - 1];
      const li = document.createElement('li');
      li.className = 'dead';
      li.textContent = `✗ dead end: ${last ? name(last.item) : ''} has no option left`;
      frag.append(li);
    }
    if (done) {
      const li = document.createElement('li');
      li.className = 'sol';
      li.textContent = 'search finished';
      frag.append(li);
    } else if (!path.length && !leaf) {
      const li = document.createElement('li');
      li.textContent = 'at the root';
      frag.append(li);
    }
    this.list.replaceChildren(frag);
    // The newest level, and the solution or dead end under it, stay in view.
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** Diagonal hatching over a rectangle. */
  _hatch(ctx, x, y, w, h, colour) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, h);
    ctx.clip();
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (let k = -h; k < w; k += 6) { ctx.moveTo(x + k, y + h); ctx.lineTo(x + k + h, y); }
    ctx.stroke();
    ctx.restore();
  }

  draw() {
    if (!this.dirty) return;
    this.dirty = false;
    const p = prepare(this.canvas);
    if (!p || !this.state) return;
    const { ctx, w, h } = p;
    ctx.clearRect(0, 0, w, h);
    const c = colours();
    const { tree, depth, path, done } = this.state;
    const rows = depth;
    const rh = Math.max(6, (h - 2) / rows);
    const gap = rh > 10 ? 1 : 0;

    const colourOf = (t, explored) => {
      if (!explored) return c.unexplored;
      if (!t || t.sol === null) return c.explored;
      if (t.sol > 0) return c.sol;
      return t.done ? c.dead : c.explored;
    };

    // node: key; span [x0, x1); level of its children; whether it is on the current path.
    const walk = (key, x0, x1, level, onPath) => {
      if (level >= rows) return;
      const t = tree.get(key);
      const d = onPath && path[level] ? path[level].d : t ? t.d : 0;
      if (!d) return;
      const cur = onPath && path[level] ? path[level].k : d + 1;
      const width = (x1 - x0) / d;
      const y = level * rh;
      for (let j = 1; j <= d; j++) {
        const childKey = key === '' ? String(j) : `${key}.${j}`;
        const ct = tree.get(childKey);
        const explored = done || j < cur || (!onPath);
        const isCur = onPath && j === cur;
        const cx0 = x0 + (j - 1) * width;
        const cw = Math.max(width - (width > 3 ? gap : 0), 0.6);
        const colour = isCur ? c.path : colourOf(ct, explored);
        ctx.fillStyle = colour;
        ctx.fillRect(cx0, y, cw, rh - gap);
        // Shapes besides colours: dead ends only are hatched, the current path has an ink frame.
        if (colour === c.dead && cw >= 3) this._hatch(ctx, cx0, y, cw, rh - gap, c.panel);
        if (isCur && cw >= 3) {
          ctx.strokeStyle = c.ink;
          ctx.lineWidth = 1.5;
          ctx.strokeRect(cx0 + 0.75, y + 0.75, cw - 1.5, rh - gap - 1.5);
        }
        if ((isCur || (ct && explored)) && width >= 2) walk(childKey, cx0, cx0 + width, level + 1, isCur);
      }
    };
    walk('', 0, w, 0, !done);

    // Knuth's estimate: the explored fraction, marked across the levels.
    const x = Math.round(this.state.progress * w) + 0.5;
    ctx.strokeStyle = c.ink;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, h);
    ctx.stroke();
    ctx.font = `11px ${c.font}`;
    ctx.textBaseline = 'bottom';
    ctx.textAlign = 'right';
    const label = `top ${rows} levels`;
    const lw = ctx.measureText(label).width + 6;
    ctx.fillStyle = c.panel;
    ctx.fillRect(w - lw, h - 14, lw, 14);
    ctx.fillStyle = c.muted;
    ctx.fillText(label, w - 3, h - 1);
  }
}
