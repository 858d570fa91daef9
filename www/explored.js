// @ts-check
// The explored top of the search tree, remembered from the events the engine reports: for each node of
// the top TREE_DEPTH levels (by path key, the k of each level, "" for the root), the solutions and dead
// ends found inside (null when passed over by a fast jump), whether it is finished, and its number of
// children d once known. The tree view draws it; nothing else reads it.

import { EV, LIMITS, TREE_DEPTH } from './engine.js';

/** Bound on the remembered tree, so that a long run over a wide tree cannot eat memory. */
const TREE_MAX_NODES = 50000;

/** @typedef {{sol: number | null, dead: number | null, done: boolean, d: number}} TreeNode */
/**
 * A level of the engine's path; `node` is the node chosen there (an item header for Algorithm M's
 * null choice), 0 at the level being decided.
 * @typedef {{level: number, k: number, d: number, item: number, node: number}} PathLevel
 */

export class ExploredTree {
  constructor() {
    /** @type {Map<string, TreeNode>} */
    this.map = new Map();
    /** The k of each level of the path as the events told it. @type {number[]} */
    this._path = [];
    this.reset();
  }

  reset() {
    this.map = new Map([['', { sol: 0, dead: 0, done: false, d: 0 }]]);
    this._path = [];
  }

  /**
   * The node at a path (created if there is room).
   * @param {number[]} path
   */
  _nodeAt(path) {
    const key = path.join('.');
    let t = this.map.get(key);
    if (!t && this.map.size < TREE_MAX_NODES) {
      t = { sol: 0, dead: 0, done: false, d: 0 };
      this.map.set(key, t);
    }
    return t;
  }

  /** @param {number} len  the node at depth len of the current path */
  _node(len) {
    return this._nodeAt(this._path.slice(0, len));
  }

  /**
   * Replays the events of the last call (only the last LIMITS.eventCap are kept; sync mends the tree
   * if some were dropped).
   * @param {Uint32Array} ev
   */
  read(ev) {
    const w = LIMITS.eventWords;
    for (let i = 0; i + w - 1 < ev.length; i += w) {
      const code = ev[i], a = ev[i + 1], c = ev[i + 3], d = ev[i + 4], undone = ev[i + 5];
      if (undone) this._undo(code, a, c); else this._do(code, a, c, d);
    }
  }

  /**
   * @param {number} code @param {number} a @param {number} c @param {number} d
   */
  _do(code, a, c, d) {
    switch (code) {
      case EV.Choose: // level, item, len
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) t.d = c; }
        break;
      case EV.DeadEnd: // level, item
        for (let l = 0; l <= Math.min(a, TREE_DEPTH); l++) {
          const t = this._node(l); if (t && t.dead !== null) t.dead++;
        }
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) t.d = 0; }
        break;
      case EV.Try: // level, node, k, d
      case EV.Close: // Algorithm M's null choice, laid out as a Try (level, item, k, d)
        this._path.length = a;
        this._path[a] = c;
        if (a < TREE_DEPTH) {
          const p = this._node(a); if (p) p.d = d;
          this._node(a + 1);
        }
        break;
      case EV.Solution: // level
        for (let l = 0; l <= Math.min(a, TREE_DEPTH); l++) {
          const t = this._node(l); if (t && t.sol !== null) t.sol++;
        }
        break;
      case EV.Backtrack: // level: the node at depth `level` is finished
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) t.done = true; }
        this._path.length = Math.min(this._path.length, a);
        break;
      default:
    }
  }

  /** @param {number} code @param {number} a @param {number} c */
  _undo(code, a, c) {
    switch (code) {
      case EV.DeadEnd:
        for (let l = 0; l <= Math.min(a, TREE_DEPTH); l++) {
          const t = this._node(l); if (t && t.dead) t.dead--;
        }
        break;
      case EV.Close:
      case EV.Try: { // back to before option k was tried: option k - 1 was the last one tried
        this._path.length = a;
        this._path[a] = c;
        if (a < TREE_DEPTH) this.map.delete(this._path.join('.'));
        if (c > 1) this._path[a] = c - 1; else this._path.length = a;
        break;
      }
      case EV.Solution:
        for (let l = 0; l <= Math.min(a, TREE_DEPTH); l++) {
          const t = this._node(l); if (t && t.sol) t.sol--;
        }
        break;
      case EV.Backtrack: {
        // Back at level `a` as it was left: after its last option (k = d), or at a leaf.
        const t = this.map.get(this._path.slice(0, a).join('.'));
        if (t) t.done = false;
        if (t && t.d > 0 && this._path.length === a) this._path[a] = t.d;
        break;
      }
      default:
    }
  }

  /**
   * Makes the tree agree with the engine's path after a jump that reported no events (the fast path of
   * next_solution) or dropped some: the subtrees passed over are marked explored, with unknown counts.
   * @param {PathLevel[]} path  the engine's current path
   * @param {number} solutions  the engine's count, which the root takes
   */
  sync(path, solutions) {
    let same = this._path.length <= path.length;
    for (let l = 0; same && l < path.length; l++) {
      same = (path[l].k || 0) === (this._path[l] || 0);
    }
    if (same) return;
    /** @type {number[]} */
    const next = [];
    for (let l = 0; l < path.length; l++) {
      const { k, d } = path[l];
      if (!k) break;
      if (l < TREE_DEPTH) {
        const parent = this._nodeAt(next);
        if (parent) parent.d = d;
        for (let j = 1; j < k; j++) {
          const key = next.concat(j).join('.');
          const t = this.map.get(key);
          if (!t && this.map.size < TREE_MAX_NODES) {
            this.map.set(key, { sol: null, dead: null, done: true, d: 0 });
          } else if (t) t.done = true;
        }
      }
      next.push(k);
      if (l < TREE_DEPTH) {
        // The jump went through this subtree unseen: what it found there is not known.
        const cur = this._nodeAt(next);
        if (cur) Object.assign(cur, { done: false, sol: null, dead: null });
      }
    }
    this._path = next;
    // Counts above a jump are no longer exact; the root's solutions are the engine's.
    const root = this.map.get('');
    if (root) root.sol = solutions;
  }
}
