// @ts-check
// The search-tree view: Knuth's progress estimate as a bar, the explored top of the tree as a labelled
// node-link view, and the current path with each level's "k of d". The node-link view is an indented
// tree (one row a node, a link from each node to its parent), each node named by the option that
// entered it in the puzzle's words ("r3c5=7", "Q r3c5", or the option's items), with its "k of d"; a
// chain of forced levels (1 of 1 each) is one row until expanded; hovering, focusing or tapping a row
// shows its counts (nodes and solutions below it); clicking it (or Enter, or a second tap) goes there, by stepping
// (Model.goTo). Only the rows in sight are in the DOM, so a tree of 50,000 remembered nodes costs a
// flat list of row records, rebuilt at most every REBUILD_MS while the search moves. It only shows
// what the model remembers: a renderer (update(snapshot) + draw(), see www/views/snapshot.js).
// With memos (Knuth's DLX6) the tree is a DAG: a node that leaves a subproblem met before is a row of
// its own (↪, its count reused), with an edge, a bracket on the right, to the row of the node it
// reuses, which is marked shared.

import { fmt } from './readouts.js';
import { boxOf } from './canvas.js';

/** Height of a row in px (28 on touch screens, read from CSS). */
const ROW_PX = 22;
/** While the search moves, the rows are rebuilt at most this often. */
const REBUILD_MS = 200;
/** While the search moves, the path's list and the rows in view are drawn at most this often. */
const MOVING_MS = 100;
/** Indentation stops growing past this depth (a deep Sudoku stays readable at 375 px). */
const MAX_INDENT = 10;

/**
 * @typedef {object} Row  one line of the view
 * @property {string} key          path key of the node (of the last node of a collapsed chain)
 * @property {number} depth        indentation
 * @property {string} label
 * @property {number} level        level of the node (its depth in the search tree)
 * @property {import('../engine/explored.js').TreeNode} node
 * @property {number} k @property {number} d  option k of d of its parent (a collapsed chain: its
 *   first node's)
 * @property {string} [chain]      a forced chain: key of its first node
 * @property {number} [from]       a collapsed chain: the level of its first node
 * @property {number} [forced]     levels in the chain after its first node (1 of 1 each)
 * @property {boolean} [open]      the chain is expanded (its first row)
 * @property {number} [more]       a summary row: options of the parent not tried yet
 * @property {number[]} [ids]      a collapsed chain: the numbers of its nodes (a reuse may name any)
 * @property {string} [option]     a reused node: its option's label alone (label says the reuse too)
 */
/** An edge of the DAG: the row of a reused node and the row of the node whose count it reused. */
/** @typedef {{from: number, to: number, count: number}} Edge */

/**
 * @typedef {object} TreeState  what the view reads of a snapshot
 * @property {Map<string, import('../engine/explored.js').TreeNode>} tree @property {number} depth
 * @property {import('../engine/explored.js').PathLevel[]} path @property {string[]} names @property {string[]} labels
 * @property {number} progress @property {'solution' | 'dead' | 'rejected' | null} leaf @property {boolean} done
 * @property {number} epoch @property {number} version @property {boolean} moving @property {number} rejectedItem
 */

export class TreeView {
  /**
   * @param {{bar: HTMLElement, value: HTMLElement, list: HTMLElement, box: HTMLElement, hover: HTMLElement}} els
   * @param {{goTo: (key: string) => void}} deps
   */
  constructor({ bar, value, list, box, hover }, deps) {
    this.bar = bar;
    this.value = value;
    this.list = list;
    this.box = box;
    this.hover = hover;
    this.deps = deps;
    /** The latest snapshot's part of it, null before the first. @type {TreeState | null} */
    this.state = null;
    this.dirty = true;
    this._listKey = '';
    /** When the path's list and the rows were last drawn (performance.now()), for MOVING_MS. */
    this._pathAt = 0;
    this._rowsAt = 0;
    /** What the last build of the rows took (ms). */
    this._buildMs = 0;
    /** The problem info the item names were read from, and the names (without bounds). */
    /** @type {unknown} */
    this._namesOf = null;
    /** @type {string[]} */
    this._names = [];
    /** @type {Row[]} */
    this.rows = [];
    /** With memos: the DAG's edges, and how many reuses point at each shared node (by its id). */
    /** @type {Edge[]} */
    this.edges = [];
    /** @type {Map<number, number>} */
    this.shared = new Map();
    /** Chains expanded (by the key of their first node). @type {Set<string>} */
    this.expanded = new Set();
    this._builtAt = -Infinity;
    this._builtVersion = -1;
    this._builtEpoch = -1;
    this._forceBuild = false;
    this._currentKey = '';
    /** The row under the keyboard cursor (index into rows), -1 for none. */
    this.cursor = -1;
    this._drawnKey = '';
    this.spacer = document.createElement('div');
    this.spacer.className = 'tree-spacer';
    this.layer = document.createElement('div');
    this.layer.className = 'tree-rows';
    this.box.replaceChildren(this.spacer, this.layer);
    // The box's scroll, kept from its events: read in `draw`, after the frame's other views had
    // written their words, scrollTop laid the page out again.
    this._scroll = 0;
    this.box.addEventListener('scroll', () => { this._scroll = this.box.scrollTop; this.dirty = true; });
    new ResizeObserver(() => { this.dirty = true; }).observe(this.box);
    // A tap is a click too: on a touch screen the first tap on a row shows its counts and the second
    // goes there (one tap to read the counts moved the search, losing what it had found).
    this._touch = false;
    this.box.addEventListener('pointerdown', (e) => { this._touch = e.pointerType === 'touch'; });
    this.box.addEventListener('click', (e) => this._click(e));
    this.box.addEventListener('pointermove', (e) => {
      const r = this._rowOf(e.target);
      if (r) this._tell(r);
    });
    this.box.addEventListener('keydown', (e) => this._key(e));
    // Focus from the keyboard puts the cursor on the search's node; a click's focus does not (a redraw
    // between mousedown and mouseup would lose the click's row).
    this.box.addEventListener('focus', () => {
      if (this.cursor < 0 && this.box.matches(':focus-visible')) this._moveCursor(this._currentIndex());
    });
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    // Items by name alone: with multiplicities the matrix's labels carry the bounds ("2:3|C"), which
    // the path and the hover said where the narration says "C". (Once a problem: names hold no |.)
    if (s.info !== this._namesOf) {
      this._namesOf = s.info;
      this._names = s.info.items.map((n) => n.slice(n.lastIndexOf('|') + 1));
    }
    const state = {
      tree: s.tree, depth: s.depth, path: s.path, names: this._names, labels: s.labels || [],
      progress: Number(s.stats.progress), leaf: s.leaf, done: !!s.stats.done, epoch: s.epoch,
      version: s.treeVersion ?? 0, moving: s.playing || s.hunting,
      rejectedItem: s.rejected ? s.rejected.item : 0,
    };
    this.state = state;
    this.dirty = true;
    this._progress(state.progress, s.stats.progress_text, s.proved);
    // While the search moves, the path's list is rebuilt at most every MOVING_MS: at full speed it
    // changed at every frame, a new list of up to 48 rows each time, unreadable and the tree's
    // largest cost (with the rows' rebuild in `draw`, 9 ms of a frame on pentomino 6x10).
    const now = performance.now();
    if (!state.moving || now - this._pathAt >= MOVING_MS) {
      this._pathAt = now;
      this._path(state);
    }
  }
  /**
   * @param {number} p Knuth's estimate, 0..1 @param {string} [text] the engine's reading of it
   * (narrate::percent: 0% before the first choice, "< 0.01%" rather than an exponent)
   * @param {boolean} [proved] Solve proved the puzzle unique: it searched the whole tree, while the
   * search stands at the solution, where the estimate is of the part before it
   */
  _progress(p, text, proved = false) {
    const pct = Math.max(0, Math.min(100, p * 100));
    /** @type {HTMLElement} */ (this.bar.firstElementChild).style.width = `${pct}%`;
    this.bar.setAttribute('aria-valuenow', pct.toFixed(2));
    const shown = text || `${pct.toFixed(2)}%`;
    // Without a finished branch the engine gives words, not a figure (Knuth's estimate would only
    // guess half of the subtree under the path).
    const figure = shown.endsWith('%');
    this.bar.setAttribute('aria-valuetext', figure ? `${shown} of the search tree explored (Knuth's estimate)`
      : `${shown}: Knuth's estimate needs a finished branch of the tree`);
    // "50.51%" under "Unique solution" read as half a proof.
    const words = proved && figure ? `${shown} up to the solution (Solve searched all of it)` : shown;
    if (this.value.textContent !== words) this.value.textContent = words;
    this.value.title = figure ? '' : 'Knuth\'s estimate needs at least one finished branch: until then it would only guess half of the subtree under the path';
  }

  /** @param {TreeState} state */
  _path(state) {
    const { path, names, leaf, done } = state;
    const name = (/** @type {number} */ i) => (i > 0 && names[i - 1] !== undefined ? names[i - 1] : '?');
    const parts = path.map((p) => (p.d === 0 ? `L${p.level} ${name(p.item)} 0 of 0` : `L${p.level} ${name(p.item)} ${p.k} of ${p.d}`));
    const key = parts.join('|') + `|${leaf}|${done}|${state.rejectedItem}`;
    if (key === this._listKey) return;
    this._listKey = key;
    const frag = document.createDocumentFragment();
    // A long path (a deep Sudoku) shows its top and its bottom; the middle is summarised.
    const MAX = 48;
    const shown = path.length > MAX
      ? [...path.slice(0, 12).map((p, i) => ({ p, i })), null, ...path.slice(-(MAX - 13)).map((p, i) => ({ p, i: path.length - (MAX - 13) + i }))]
      : path.map((p, i) => ({ p, i }));
    for (const entry of shown) {
      const li = document.createElement('li');
      if (!entry) {
        li.textContent = `… ${path.length - MAX + 1} levels …`;
        frag.append(li);
        continue;
      }
      const { p, i } = entry;
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
    } else if (leaf === 'rejected') {
      const li = document.createElement('li');
      li.className = 'dead';
      li.textContent = `⊘ rejected: ${state.rejectedItem ? name(state.rejectedItem) : ''} would have no option left`;
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

  /** The latest snapshot's state; read only once one has come (update comes before draw). @returns {TreeState} */
  _st() {
    if (!this.state) throw new Error('the tree view has had no snapshot yet');
    return this.state;
  }

  /** The key of the node the search stands in (its path's options). */
  _current() {
    const ks = [];
    for (const p of this._st().path) { if (!p.k) break; ks.push(p.k); }
    return ks.join('.');
  }

  /** Rebuilds the flat list of rows from the remembered tree (root first, depth first). */
  _build() {
    const { tree, labels, path, depth: depthCap } = this._st();
    /** @type {Row[]} */
    const rows = [];
    const root = tree.get('');
    if (!root) { this.rows = rows; return; }
    const onPath = new Set();
    { let k = ''; onPath.add(k); for (const p of path) { if (!p.k) break; k = k ? `${k}.${p.k}` : String(p.k); onPath.add(k); } }
    const { names } = this._st();
    // A node is its option, or Algorithm M's null choice ("close C": the item takes no more).
    const labelOf = (/** @type {import('../engine/explored.js').TreeNode} */ t, /** @type {number} */ k) =>
      (t.opt >= 0 && labels[t.opt] !== undefined ? labels[t.opt]
        : t.close > 0 && names[t.close - 1] !== undefined ? `close ${names[t.close - 1]}` : `option ${k}`);
    rows.push({ key: '', depth: 0, label: 'start', level: 0, node: root, k: 0, d: 0 });
    // Depth first, children in order; `open`: inside an expanded chain, whose forced levels are listed
    // one a row. (Recursion depth is bounded by TREE_DEPTH.)
    const visit = (/** @type {string} */ key, /** @type {number} */ level, /** @type {number} */ depth, /** @type {boolean} */ open) => {
      const t = tree.get(key);
      if (!t || !t.d) return;
      const forcedOpen = open && t.d === 1;
      for (let j = 1; j <= t.d; j++) {
        let ck = key === '' ? String(j) : `${key}.${j}`;
        let c = tree.get(ck);
        if (!c) continue;
        const row = { key: ck, depth, label: labelOf(c, j), level: level + 1, node: c, k: j, d: t.d };
        // A reused node: its option, then (a mark that never shrinks away) the node it reuses and the count.
        if (c.reuse) Object.assign(row, { option: row.label, label: `${row.label} ↪ as node ${fmt(c.reuse)}: ${fmt(c.sol ?? 0)} solution${c.sol === 1 ? '' : 's'}, reused` });
        // A forced chain: this node has one option, and so has the next; listed as one row unless open.
        // (A reused node, the DAG's edge, is never folded into a chain: it keeps a row of its own.)
        const chains = (/** @type {string} */ k) => { const n = tree.get(`${k}.1`); return !!n && !n.reuse; };
        if (!forcedOpen && c.d === 1 && chains(ck) && !this.expanded.has(ck)) {
          const first = ck;
          const parts = [row.label];
          const ids = [c.id];
          let forced = 1, lvl = level + 1;
          while (c && c.d === 1 && chains(ck)) {
            ck = `${ck}.1`;
            c = tree.get(ck);
            if (!c) break;
            ids.push(c.id);
            lvl++;
            forced++;
            parts.push(labelOf(c, 1));
          }
          const last = /** @type {import('../engine/explored.js').TreeNode} */ (tree.get(ck));
          rows.push({
            key: ck, depth, label: parts.length > 3 ? `${parts[0]} → … → ${parts[parts.length - 1]}` : parts.join(' → '),
            // Its k/d are the first node's (option j of d; the levels after it are 1 of 1 each: it
            // said "1/1" for option 3 of 3), its level the last's.
            level: lvl, node: last, k: j, d: t.d, from: level + 1, chain: first, forced: forced - 1, open: false, ids,
          });
          visit(ck, lvl, depth + 1, false);
          continue;
        }
        const opened = this.expanded.has(ck);
        if (opened) Object.assign(row, { chain: ck, open: true });
        rows.push(row);
        visit(ck, level + 1, depth + 1, opened || forcedOpen);
      }
      // On the path, the options after the one being tried are still to come.
      const here = onPath.has(key) && !t.done && path[level] ? path[level].k : 0;
      if (level >= depthCap && onPath.has(key) && path.length > level + 1) {
        rows.push({ key: `${key}+`, depth, label: `levels ${level + 1} to ${path.length - 1} below: not remembered (the tree keeps the top ${depthCap})`, level: level + 1, node: t, k: 0, d: t.d, more: -1 });
      } else if (here && t.d - here > 0) {
        const left = t.d - here;
        rows.push({ key: `${key}+`, depth, label: `${left} more option${left === 1 ? '' : 's'} not tried yet`, level: level + 1, node: t, k: here + 1, d: t.d, more: left });
      }
    };
    visit('', 0, 1, false);
    this.rows = rows;
    // The DAG: each reused node's edge to the row of the node it names (when that row is listed).
    /** @type {Map<number, number>} */
    const byId = new Map();
    rows.forEach((r, i) => { if (!r.more && !r.node.reuse) for (const id of r.ids ?? [r.node.id]) if (id) byId.set(id, i); });
    this.edges = [];
    this.shared = new Map();
    rows.forEach((r, i) => {
      const t = r.node;
      if (r.more || !t.reuse) return;
      this.shared.set(t.reuse, (this.shared.get(t.reuse) ?? 0) + 1);
      const to = byId.get(t.reuse);
      if (to !== undefined) this.edges.push({ from: i, to, count: t.sol ?? 0 });
    });
  }

  /** The index of the row of the node the search stands in (or its nearest listed ancestor). */
  _currentIndex() {
    let key = this._current();
    for (;;) {
      const i = this.rows.findIndex((r) => r.key === key && !r.more);
      if (i >= 0 || key === '') return i;
      key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '';
    }
  }

  /** @param {EventTarget | null} el @returns {Row | null} */
  _rowOf(el) {
    const div = el instanceof HTMLElement ? el.closest('[data-row]') : null;
    if (!div) return null;
    return this.rows[Number(/** @type {HTMLElement} */ (div).dataset.row)] || null;
  }

  /** What a row says in words: its node, its place, its counts. @param {Row} r */
  describe(r) {
    const { names } = this._st();
    const name = (/** @type {number} */ i) => (i > 0 && names[i - 1] !== undefined ? names[i - 1] : '?');
    const t = r.node;
    const count = (/** @type {number | null} */ v, /** @type {string} */ one, /** @type {string} */ many) =>
      (v === null ? `? ${many} (passed over by a jump)` : `${fmt(v)} ${v === 1 ? one : many}`);
    if (r.more) return r.more < 0 ? `${r.label}.` : `${r.more} more option${r.more === 1 ? '' : 's'} of ${name(t.item)} not tried yet.`;
    // A collapsed chain is told from its first node (option k of d, for its parent's item), then
    // its forced levels down to the last.
    const head = r.chain && !r.open ? r.chain : r.key;
    const parentKey = head.includes('.') ? head.slice(0, head.lastIndexOf('.')) : '';
    const parent = this._st().tree.get(parentKey);
    const forItem = parent && parent.item ? ` for ${name(parent.item)}` : '';
    // Levels as the narration and the path name them: the level the option is tried at (x_l), one
    // above the node it enters ("level 1, option 1 of 2 for A" beside "Try … (1 of 2) at level 0").
    const where = r.key === '' ? 'The start (root)'
      : r.chain && !r.open && r.forced
        ? `${r.label}: option ${r.k} of ${r.d}${forItem} at level ${(r.from ?? 1) - 1}, then ${r.forced} forced level${r.forced === 1 ? '' : 's'} (1 of 1 each) to level ${r.level - 1}`
        : `${r.label}: option ${r.k} of ${r.d}${forItem} at level ${r.level - 1}`;
    if (t.reuse) {
      return `${where}: node ${fmt(t.id)} leaves the same items as node ${fmt(t.reuse)}, whose subtree is finished: its ${count(t.sol, 'solution', 'solutions')} reused (a memo hit), not searched again. Click or Enter to go there.`;
    }
    if (t.rej) {
      return `${where}: rejected by the lookahead, it would leave ${name(t.rej)} with no option, so no node was entered (a dead end avoided). Click or Enter to go there.`;
    }
    const status = t.done ? 'finished' : this._st().done ? 'finished' : 'being explored';
    const sols = t.sol === null && t.some ? 'at least 1 solution (passed over by a jump)' : count(t.sol, 'solution', 'solutions');
    const uses = (r.ids ?? [t.id]).reduce((a, id) => a + (this.shared.get(id) ?? 0), 0);
    const shared = uses ? ` Node ${fmt(t.id)} is shared: its subproblem was met again and reused ${uses === 1 ? 'once' : `${fmt(uses)} times`} (memo).` : '';
    return `${where}: ${count(t.n, 'node', 'nodes')} and ${sols} below it so far, ${status}.${shared} Click or Enter to go there.`;
  }

  /**
   * A node's shape, besides its colour: ✓ solutions below, ✗ finished with dead ends only, ? finished
   * with what was below unknown (a jump passed over it), ⊘ an option the lookahead rejected (a try
   * that entered no node), ○ being explored. (● the search here is the row's, not the node's.)
   * @param {import('../engine/explored.js').TreeNode} t
   */
  mark(t) {
    if (t.reuse) return '↪';
    if (t.sol || t.some) return '✓';
    if (t.rej) return '⊘';
    if (!t.done) return '○';
    return t.sol === 0 ? '✗' : '?';
  }

  /** @param {Row} r */
  _tell(r) {
    const text = this.describe(r);
    if (this.hover.textContent !== text) this.hover.textContent = text;
  }

  /** @param {MouseEvent} e */
  _click(e) {
    const el = e.target instanceof HTMLElement ? e.target : null;
    // The row under the pointer by its position, should the rows have been redrawn under it.
    const y = e.clientY - this.box.getBoundingClientRect().top + this.box.scrollTop;
    const r = this._rowOf(el) || this.rows[Math.floor(y / this._rowPx())];
    if (!r) return;
    const again = this.rows[this.cursor] === r;
    this.cursor = this.rows.indexOf(r);
    if (el && el.closest('.twisty')) { this.toggle(r); return; }
    this._tell(r);
    if (r.more) return;
    if (this._touch && !again) {
      this.hover.textContent = this.hover.textContent.replace(/Click or Enter to go there\.$/, 'Tap it again to go there.');
      this.dirty = true;
      return;
    }
    this.deps.goTo(r.key);
  }

  /** Opens or closes a forced chain. @param {Row} r */
  toggle(r) {
    if (!r.chain) return;
    if (this.expanded.has(r.chain)) this.expanded.delete(r.chain); else this.expanded.add(r.chain);
    this._forceBuild = true;
    this.dirty = true;
  }

  /** @param {KeyboardEvent} e */
  _key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const r = this.rows[this.cursor];
    switch (e.key) {
      case 'ArrowDown': this._moveCursor(this.cursor + 1); break;
      case 'ArrowUp': this._moveCursor(this.cursor - 1); break;
      case 'Home': this._moveCursor(0); break;
      case 'End': this._moveCursor(this.rows.length - 1); break;
      case 'ArrowRight': case 'ArrowLeft':
        if (r && r.chain && (e.key === 'ArrowRight') !== !!r.open) this.toggle(r);
        break;
      case 'Enter': case ' ':
        if (r && !r.more) this.deps.goTo(r.key);
        break;
      default: return;
    }
    // The page's own keys (arrows step the search) do not apply inside the tree.
    e.preventDefault();
    e.stopPropagation();
  }

  /** @param {number} i */
  _moveCursor(i) {
    if (!this.rows.length) return;
    this.cursor = Math.max(0, Math.min(this.rows.length - 1, i));
    const h = this._rowPx();
    const top = this.cursor * h;
    if (top < this.box.scrollTop) this.box.scrollTop = top;
    else if (top + h > this.box.scrollTop + this.box.clientHeight) this.box.scrollTop = top + h - this.box.clientHeight;
    this._scroll = this.box.scrollTop;
    this._tell(this.rows[this.cursor]);
    this.dirty = true;
  }

  _rowPx() {
    return matchMedia('(pointer: coarse), (max-width: 900px)').matches ? 30 : ROW_PX;
  }

  /** The colours changed (dark mode): drawn again. */
  restyle() { this.dirty = true; }

  draw() {
    if (!this.dirty || !this.state) return;
    this.dirty = false;
    const st = this.state;
    const now = performance.now();
    if (st.epoch !== this._builtEpoch) { this.expanded.clear(); this.cursor = -1; }
    const stale = st.version !== this._builtVersion || st.epoch !== this._builtEpoch;
    // While moving, a build waits REBUILD_MS, or 25 times what the last one took where that is more
    // (pentomino 6x10 at full speed: 18 ms a build), so that builds take at most 4% of the frames.
    if (this._forceBuild || (stale && (!st.moving || now - this._builtAt >= Math.max(REBUILD_MS, 25 * this._buildMs)))) {
      this._forceBuild = false;
      this._build();
      this._buildMs = performance.now() - now;
      this._builtAt = now;
      this._builtVersion = st.version;
      this._builtEpoch = st.epoch;
      this._drawnKey = '';
    } else if (stale) {
      // Not yet: draw again on a later frame.
      requestAnimationFrame(() => { this.dirty = true; });
    }
    // The rows likewise (the current row moves at every frame).
    if (st.moving && this._builtAt !== now && now - this._rowsAt < MOVING_MS) {
      requestAnimationFrame(() => { this.dirty = true; });
      return;
    }
    this._rowsAt = now;
    const h = this._rowPx();
    const current = this._current();
    const ci = this._currentIndex();
    if (current !== this._currentKey) {
      this._currentKey = current;
      // Follow the search: its row comes into sight when it moved.
      if (ci >= 0) {
        const top = ci * h;
        if (top < this._scroll || top + h > this._scroll + boxOf(this.box).h) {
          this.spacer.style.height = `${this.rows.length * h}px`;
          this.box.scrollTop = Math.max(0, top - boxOf(this.box).h / 2);
          // As the box clamped it (a layout, but only when the search's row left the view).
          this._scroll = this.box.scrollTop;
        }
      }
    }
    this.spacer.style.height = `${this.rows.length * h}px`;
    const first = Math.max(0, Math.floor(this._scroll / h) - 4);
    const last = Math.min(this.rows.length, Math.ceil((this._scroll + boxOf(this.box).h) / h) + 4);
    const key = `${first}:${last}:${h}:${ci}:${this.cursor}:${this._builtAt}:${st.leaf}`;
    if (key === this._drawnKey) return;
    this._drawnKey = key;
    const onPath = new Set();
    { let k = ''; onPath.add(k); for (const p of st.path) { if (!p.k) break; k = k ? `${k}.${p.k}` : String(p.k); onPath.add(k); } }
    const frag = document.createDocumentFragment();
    for (let i = first; i < last; i++) {
      const r = this.rows[i];
      const div = document.createElement('div');
      div.className = 'tree-row';
      div.dataset.row = String(i);
      div.dataset.key = r.key;
      div.id = `tree-row-${i}`;
      div.setAttribute('role', 'treeitem');
      div.setAttribute('aria-level', String(r.depth + 1));
      div.style.top = `${i * h}px`;
      div.style.height = `${h}px`;
      const indent = Math.min(r.depth, MAX_INDENT) * 14;
      div.style.paddingLeft = `${6 + indent}px`;
      // The links to the parents: one vertical line an indentation step.
      const guides = document.createElement('span');
      guides.className = 'guides';
      guides.style.width = `${indent}px`;
      div.append(guides);
      const t = r.node;
      if (r.more) div.classList.add('more');
      else if (i === ci) div.classList.add('now');
      else if (onPath.has(r.key)) div.classList.add('on-path');
      // The node's state colours the row, the current row's too; its dot is ● there.
      const mark = r.more ? '…' : this.mark(t);
      if (mark === '↪') div.classList.add('reused');
      else if (mark === '✓') div.classList.add('sol');
      else if (mark === '⊘') div.classList.add('rejected');
      else if (mark === '✗') div.classList.add('dead');
      if (i === this.cursor) div.classList.add('cursor');
      if (r.chain) {
        const b = document.createElement('span');
        b.className = 'twisty';
        b.setAttribute('role', 'button');
        b.setAttribute('aria-label', r.open ? 'collapse the forced levels' : `expand ${r.forced} forced levels`);
        b.textContent = r.open ? '▾' : `▸ ${r.forced}`;
        b.title = r.open ? 'Collapse this chain of forced levels (1 of 1 each)' : `${r.forced} more forced level${r.forced === 1 ? '' : 's'} (1 of 1 each) in this row: open`;
        div.setAttribute('aria-expanded', String(!!r.open));
        div.append(b);
      }
      const dot = document.createElement('span');
      dot.className = 'dot';
      dot.textContent = !r.more && i === ci ? '●' : mark;
      const label = document.createElement('span');
      label.className = 'label';
      label.textContent = r.option ?? r.label;
      div.append(dot, label);
      if (r.option !== undefined && !r.more) {
        const mark = document.createElement('span');
        mark.className = 'reuse-mark';
        mark.textContent = `↪ node ${fmt(t.reuse)}: ${fmt(t.sol ?? 0)}`;
        div.append(mark);
      }
      if (!r.more && r.key !== '') {
        const kd = document.createElement('span');
        kd.className = 'kd';
        // A chain's forced levels are counted on its toggle (▸ n).
        kd.textContent = `${r.k}/${r.d}`;
        div.append(kd);
      }
      const uses = !r.more && !t.reuse ? (r.ids ?? [t.id]).reduce((a, id) => a + (this.shared.get(id) ?? 0), 0) : 0;
      if (uses) {
        // A node of the DAG that reused nodes point at.
        div.classList.add('shared');
        const b = document.createElement('span');
        b.className = 'shared-mark';
        b.textContent = `shared ×${uses}`;
        div.append(b);
      }
      if (!r.more && t.rej && r.key !== '') {
        // No node entered: the count is not 0 nodes but none at all.
        const n = document.createElement('span');
        n.className = 'count rejected-mark';
        n.textContent = 'rejected';
        div.append(n);
      } else if (!r.more && t.n !== null && r.key !== '') {
        const n = document.createElement('span');
        n.className = 'count';
        n.textContent = `${fmt(t.n)}`;
        div.append(n);
      }
      div.title = this.describe(r);
      frag.append(div);
    }
    // The DAG's edges whose span is in sight: a bracket on the right from the reused row to the
    // row of the node it reuses, the count at the reused end.
    this.box.classList.toggle('dag', this.edges.length > 0);
    this.edges.forEach((e, n) => {
      const lo = Math.min(e.from, e.to), hi = Math.max(e.from, e.to);
      if (hi < first || lo >= last) return;
      const edge = document.createElement('div');
      edge.className = `reuse-edge${e.from < e.to ? ' up' : ''}`;
      edge.dataset.from = String(e.from);
      edge.dataset.to = String(e.to);
      edge.style.top = `${lo * h + h / 2}px`;
      edge.style.height = `${(hi - lo) * h}px`;
      edge.style.right = `${4 + (n % 4) * 5}px`;
      edge.setAttribute('aria-hidden', 'true');
      frag.append(edge);
    });
    this.layer.replaceChildren(frag);
    if (this.cursor >= 0 && this.cursor >= first && this.cursor < last) this.box.setAttribute('aria-activedescendant', `tree-row-${this.cursor}`);
    else this.box.removeAttribute('aria-activedescendant');
  }
}
