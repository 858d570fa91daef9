// @ts-check
// The explored top of the search tree, remembered from the events the engine reports: for each node of
// the top TREE_DEPTH levels (by path key, the k of each level, "" for the root), the solutions and dead
// ends found inside and the search-tree nodes entered inside (null when passed over by a fast jump),
// whether it is finished, its number of children d once known, the item branched on there, the option
// whose Try entered it, and where on the timeline that Try stands (so that the tree view can go back to
// it by stepping). The tree view draws it; the model reads `pos` to go to a node.

import { EV, LIMITS, EVENT, TREE_DEPTH } from './engine.js';

/** Bound on the remembered tree, so that a long run over a wide tree cannot eat memory. */
export const TREE_MAX_NODES = 50000;

/**
 * @typedef {object} TreeNode
 * @property {number | null} sol   solutions found inside (null: unknown, passed over by a jump)
 * @property {number | null} dead  dead ends inside
 * @property {number | null} n     search-tree nodes entered inside, itself included
 * @property {boolean} done        every option below it tried
 * @property {number} d            its children (options of the item branched on), once known
 * @property {number} item         header of the item branched on here (0 until known)
 * @property {number} opt          option (0-based) whose Try entered it (-1: the root, or unknown)
 * @property {number} close        the item header whose null choice (Algorithm M's Close) entered it (0: none)
 * @property {number} pos          timeline position just after that Try (-1: unknown)
 * @property {number} gen          the timeline generation pos belongs to (Model.timelineGen)
 * @property {number} rej          the lookahead rejected the option that would have entered it: the
 *                                 header of the item it left with no option (0: not rejected). Such a
 *                                 node is a leaf that was never entered (n stays 0).
 * @property {boolean} some        a solution lies inside, its count unknown (sol null): a jump that
 *                                 found one went through it
 * @property {number} id           its number among the search's nodes (the engine's node count on
 *                                 entering it, from 1; 0 unknown): what a reuse names
 * @property {number} reuse        with memos: the number of the earlier node whose subproblem it
 *                                 leaves again, whose count was reused (0: searched, or not yet entered)
 */
/**
 * A level of the engine's path (Session.tree()); `node` is the node chosen there (an item header for
 * Algorithm M's null choice), 0 at the level being decided.
 * @typedef {import('../pkg/dlx_studio.js').PathLevel} PathLevel
 */
/** @typedef {{end: number, gen: number, optionOf: (node: number) => number, path: () => PathLevel[]}} ReadContext
 *  end: timeline position after the call's last event; path: the engine's path after the call */

/** @returns {TreeNode} */
const fresh = () => ({ sol: 0, dead: 0, n: 0, done: false, d: 0, item: 0, opt: -1, close: 0, pos: -1, gen: -1, rej: 0, some: false, id: 0, reuse: 0 });

export class ExploredTree {
  constructor() {
    /** @type {Map<string, TreeNode>} */
    this.map = new Map();
    /** The k of each level of the path as the events told it. @type {number[]} */
    this._path = [];
    /** The nodes along that path by depth, as far as known (a cache: events touch every ancestor). */
    /** @type {TreeNode[]} */
    this._stack = [];
    /** Changes whenever the map does: views redraw when it moved. */
    this.version = 0;
    /** The search's nodes entered so far, counted from the events (a jump sets it): a node's id. */
    this.nodes = 0;
    /** The last call's events were not all kept (`skip`): 1 forward, -1 back, 0 none lost. */
    this._skipped = 0;
    /** Then: the deepest node of the path is finished if at this depth or deeper (`skip`). */
    this._doneFrom = Infinity;
    this.reset();
  }

  reset() {
    this.map = new Map([['', fresh()]]);
    this.nodes = 0;
    this._path = [];
    this._stack = [];
    this._skipped = 0;
    this.version++;
  }

  /**
   * The node at a path (created if there is room).
   * @param {number[]} path
   */
  _nodeAt(path) {
    const key = path.join('.');
    let t = this.map.get(key);
    if (!t && this.map.size < TREE_MAX_NODES) {
      t = fresh();
      this.map.set(key, t);
    }
    return t;
  }

  /** @param {number} len  the node at depth len of the current path */
  _node(len) {
    const cached = this._stack[len];
    if (cached && this._stack.length > len) return cached;
    const t = this._nodeAt(this._path.slice(0, len));
    // Cached only on a fully known prefix, so the stack stays a prefix of the path.
    if (t && this._stack.length === len) this._stack.push(t);
    return t;
  }

  /** The path's levels from `a` on changed: nodes deeper than `a` are no longer on it. @param {number} a */
  _cut(a) {
    if (this._stack.length > a + 1) this._stack.length = a + 1;
  }

  /**
   * Replays the events of the last call, all of them (a call that lost some goes to `skip`; a
   * backward call that reaches above the path the tree knows ends in it too).
   * @param {Uint32Array} ev
   * @param {ReadContext} ctx
   */
  read(ev, ctx) {
    const w = LIMITS.eventWords;
    const count = Math.floor(ev.length / w);
    const kids = count && ev[EVENT.undone] ? lastChildren(ev, ctx.path) : null;
    for (let i = 0, e = 0; e < count; i += w, e++) {
      const code = ev[i + EVENT.code], a = ev[i + EVENT.a], b = ev[i + EVENT.b], c = ev[i + EVENT.c], d = ev[i + EVENT.d], undone = ev[i + EVENT.undone];
      if (undone && (code === EV.Try || code === EV.Close || code === EV.Backtrack) && this._path.length < a
        && !this._rootChild(a)) {
        // The path above the level undone is not known: the engine's path after the call is taken,
        // as after a jump back.
        this.skip(false, ev);
        break;
      }
      if (undone) this._undo(code, a, c, code === EV.Backtrack && kids ? kids.get(e) ?? 0 : d);
      else this._do(code, a, b, c, d, ctx.end - (count - 1 - e), ctx);
    }
    if (count) this.version++;
  }

  /**
   * Stepping back into the root's last child from the search's end, where the engine's path (and so
   * the tree's, after a jump to the end) is empty: that child is option d of the root's d.
   * @param {number} a  the level of the Backtrack undone
   */
  _rootChild(a) {
    const root = this.map.get('');
    if (a !== 1 || this._path.length || !root || !root.d) return false;
    this._path = [root.d];
    this._stack = [];
    return true;
  }

  /**
   * Adds `by` to a counter of every remembered node on the path down to depth a.
   * @param {'sol' | 'dead' | 'n'} what @param {number} a @param {number} by
   */
  _add(what, a, by) {
    for (let l = 0; l <= Math.min(a, TREE_DEPTH); l++) {
      const t = this._node(l);
      const v = t ? t[what] : null;
      if (t && v !== null && v + by >= 0) t[what] = v + by;
    }
  }

  /**
   * @param {number} code @param {number} a @param {number} b @param {number} c @param {number} d
   * @param {number} pos  the timeline position after this event @param {ReadContext} ctx
   */
  _do(code, a, b, c, d, pos, ctx) {
    switch (code) {
      case EV.Choose: // level, item, len
        this.nodes++;
        this._add('n', a, 1);
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) { t.d = c; t.item = b; t.id = this.nodes; } }
        break;
      case EV.Reuse: { // level, node, count (two halves): a subproblem met before, its count reused
        this.nodes++;
        const count = c + d * 2 ** 32;
        this._add('n', a, 1);
        this._add('sol', a, count);
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) { t.reuse = b; t.id = this.nodes; t.done = true; } }
        break;
      }
      case EV.DeadEnd: // level, item
        this.nodes++;
        this._add('n', a, 1);
        this._add('dead', a, 1);
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) { t.d = 0; t.item = b; } }
        break;
      case EV.Try: // level, node, k, d
      case EV.Close: // Algorithm M's null choice, laid out as a Try (level, item, k, d)
        this._path.length = a;
        this._path[a] = c;
        this._cut(a);
        if (a < TREE_DEPTH) {
          const p = this._node(a); if (p) p.d = d;
          const t = this._node(a + 1);
          // (The null choice enters its child with no option: b is the item's header.)
          if (t) { t.opt = code === EV.Close ? -1 : ctx.optionOf(b); t.close = code === EV.Close ? b : 0; t.pos = pos; t.gen = ctx.gen; }
        }
        break;
      case EV.Solution: // level
        this.nodes++;
        this._add('n', a, 1);
        this._add('sol', a, 1);
        break;
      case EV.Reject: // level, node, item: the option tried at `level` is given up, its child not entered
        if (a < TREE_DEPTH) {
          const t = this._node(a + 1);
          if (t) { t.rej = c; t.done = true; }
        }
        break;
      case EV.Backtrack: // level: the node at depth `level` is finished
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) t.done = true; }
        this._path.length = Math.min(this._path.length, a);
        this._cut(this._path.length);
        break;
      default:
    }
  }

  /** @param {number} code @param {number} a @param {number} c @param {number} d */
  _undo(code, a, c, d) {
    switch (code) {
      case EV.Reject: {
        const t = a < TREE_DEPTH ? this._node(a + 1) : undefined;
        if (t) { t.rej = 0; t.done = false; }
        break;
      }
      case EV.Choose:
        this.nodes--;
        this._add('n', a, -1);
        break;
      case EV.Reuse: {
        this.nodes--;
        this._add('n', a, -1);
        this._add('sol', a, -(c + d * 2 ** 32));
        const t = a <= TREE_DEPTH ? this._node(a) : undefined;
        if (t) { t.reuse = 0; t.done = false; }
        break;
      }
      case EV.DeadEnd:
        this.nodes--;
        this._add('n', a, -1);
        this._add('dead', a, -1);
        break;
      case EV.Close:
      case EV.Try: { // back to before option k was tried: option k - 1 was the last one tried
        this._path.length = a;
        this._path[a] = c;
        this._cut(a);
        if (a < TREE_DEPTH) this.map.delete(this._path.join('.'));
        if (c > 1) this._path[a] = c - 1; else this._path.length = a;
        break;
      }
      case EV.Solution:
        this.nodes--;
        this._add('n', a, -1);
        this._add('sol', a, -1);
        break;
      case EV.Backtrack: {
        // Back at level `a` as it was left: after its last option (k = d, from `lastChildren`: the
        // node may not be remembered, or not with its d), or at a leaf (d = 0).
        const t = this.map.get(this._path.slice(0, a).join('.'));
        if (t) t.done = false;
        if (d > 0 && this._path.length === a) { this._path[a] = d; this._cut(a); }
        break;
      }
      default:
    }
  }

  /**
   * A stepping call took more events than were kept (over LIMITS.eventCap: play at full speed, a long
   * step back). Its kept tail cannot be replayed: the path at its first event is not known, and
   * events replayed on the path of the call's start land on nodes that are not theirs. The next
   * `sync` takes the engine's path instead, as after a jump.
   * @param {boolean} forward @param {Uint32Array} ev  the events kept
   */
  skip(forward, ev) {
    this._skipped = forward ? 1 : -1;
    // Whether the deepest node of the path it lands on is finished, from the last event that moved the
    // path: the engine's path cannot tell (between the Try that enters a node and its first Choose,
    // and between its Backtrack and the next Try, it reads the same). After a Try at level a nothing
    // on the path is finished; after the Backtrack of the node at depth a, that node is; stepping
    // back over the Try of option k at level a lands where option k - 1's node, at depth a + 1, had
    // finished, and back over the Backtrack at depth a, in that node's last child, finished too.
    this._doneFrom = Infinity;
    const w = LIMITS.eventWords;
    for (let i = ev.length - w; i >= 0; i -= w) {
      const code = ev[i + EVENT.code], a = ev[i + EVENT.a], undone = ev[i + EVENT.undone];
      if (code === EV.Try || code === EV.Close) this._doneFrom = undone ? a + 1 : Infinity;
      else if (code === EV.Backtrack) this._doneFrom = undone ? a + 1 : a;
      else continue;
      break;
    }
  }

  /**
   * Makes the tree agree with the engine's path after a jump that reported no events (the fast path of
   * next_solution) or dropped some: the subtrees passed over are marked explored, with unknown counts.
   * @param {PathLevel[]} path  the engine's current path
   * @param {number} solutions  the engine's count, which the root takes
   * @param {number} nodes  the engine's count of nodes, which the root takes
   * @param {() => number[][]} options  the options tried at each level of the path, the chosen one
   *   last, -1 where not known (asked only when needed)
   */
  sync(path, solutions, nodes, options) {
    let same = this._path.length <= path.length;
    for (let l = 0; same && l < path.length; l++) {
      same = (path[l].k || 0) === (this._path[l] || 0);
    }
    const skipped = this._skipped;
    const doneFrom = skipped ? this._doneFrom : Infinity;
    /** The k of each level the search has chosen at. */
    const here = path.filter((l) => l.k).map((l) => l.k);
    this._skipped = 0;
    if (same && !skipped) return;
    // Where the old path and the new part, and which way the search went.
    const old = this._path;
    let c = 0;
    while (c < old.length && c < path.length && (path[c].k || 0) === old[c]) c++;
    const ahead = c < path.length && (c === old.length || (path[c].k || 0) > old[c]);
    if (skipped < 0) {
      // Back over events that were not kept: what lies after the new path (in the search's order) is
      // not explored any more. (Kept events undo their nodes one by one, `_undo`.)
      for (const key of [...this.map.keys()]) {
        if (key !== '' && after(key.split('.').map(Number), here)) this.map.delete(key);
      }
    } else if (c < old.length && (ahead || skipped > 0)) {
      // A jump forward leaves the nodes of the old path below where the two paths part finished (a
      // node is left unfinished only on the search's path): they are marked here, so that the loop
      // below need not scan the map under each finished sibling it passes (`_finish`).
      for (let l = c + 1; l <= Math.min(old.length, TREE_DEPTH); l++) {
        const t = this.map.get(old.slice(0, l).join('.'));
        if (t) t.done = true;
      }
    }
    // The solutions the jump found. A jump finds solutions in order and stops at the one it was after
    // (Next solution, Solve): then every subtree it passed over holds none of them, and the subtree
    // it stands in holds one.
    const root0 = this.map.get('');
    const found = solutions - (root0 && root0.sol !== null ? root0.sol : solutions);
    /** @type {number[]} */
    const next = [];
    const opts = options();
    for (let l = 0; l < path.length; l++) {
      const { k, d, item } = path[l];
      if (!k) break;
      if (l < TREE_DEPTH) {
        const parent = this._nodeAt(next);
        if (parent) { parent.d = d; parent.item = item; }
        for (let j = 1; j < k; j++) {
          const key = next.concat(j).join('.');
          const t = this.map.get(key);
          if (!t && this.map.size < TREE_MAX_NODES) {
            // Passed over unseen: finished; no solution inside when the jump found just the one it
            // stands on (it was "✗" with its count unknown either way).
            this.map.set(key, { ...fresh(), sol: found === 1 ? 0 : null, dead: null, n: null, done: true, opt: opts[l]?.[j - 1] ?? -1 });
          } else if (t && !t.done) this._finish(key, t);
        }
      }
      next.push(k);
      if (l < TREE_DEPTH) {
        // The jump went through this subtree unseen: what it found there is not known, but for the
        // solution it stands on, if it found one.
        const cur = this._nodeAt(next);
        // (A header chosen is Algorithm M's null choice: it closes the item.)
        const close = path[l].node > 0 && path[l].node === item ? item : 0;
        // The search is inside it, unless it is the deepest and a call that lost events left it finished.
        const done = l + 1 === here.length && here.length >= doneFrom;
        if (cur) Object.assign(cur, { done, sol: null, dead: null, n: null, opt: opts[l]?.[k - 1] ?? -1, close, some: cur.some || found > 0 });
      }
    }
    this._path = next;
    this._stack = [];
    // Counts above a jump are no longer exact; the root's are the engine's.
    const root = this.map.get('');
    if (root) { root.sol = solutions; root.n = nodes; }
    this.nodes = nodes;
    this.version++;
  }

  /**
   * A node the search has left behind (a jump went past it): it and everything remembered below it
   * are finished (what was below stayed "being explored"). A scan of the whole map, so `sync` asks
   * it only for a node not yet done: a node done has everything below it done (children finish
   * before their parent; a jump marks the old path it leaves), and a jump at full speed passes the
   * same finished siblings frame after frame.
   * @param {string} key @param {TreeNode} t
   */
  _finish(key, t) {
    t.done = true;
    const below = `${key}.`;
    for (const [k, u] of this.map) if (k.startsWith(below)) u.done = true;
  }
}

/**
 * Whether the node at path `key` comes after the search standing at path `here` (a list of k, the
 * node being decided last): below it (its children are still to come), or right of it at the first
 * level where the two part. @param {number[]} key @param {number[]} here
 */
function after(key, here) {
  for (let l = 0; l < key.length; l++) {
    if (l >= here.length) return true;
    if (key[l] !== here[l]) return key[l] > here[l];
  }
  return false;
}

/**
 * For each Backtrack a backward call undoes (by its index among the events), the number of the last
 * child of the node it had finished, which stepping back goes into: 0 for a leaf. Undone in reverse,
 * that node's subtree comes next, down to the Try of that child: so it is the k of the first undone
 * Try (or Close) after it at a level up to the node's, if that level is the node's own; a Try higher
 * up first means a leaf. With none (the call ends inside the node) it is the engine's k at that level.
 * A stack of the Trys ahead, nearest on top, their levels falling downwards, answers each in O(depth).
 * @param {Uint32Array} ev  a backward call's events @param {() => PathLevel[]} path
 * @returns {Map<number, number>}
 */
function lastChildren(ev, path) {
  const w = LIMITS.eventWords;
  /** @type {Map<number, number>} */
  const kids = new Map();
  /** @type {{level: number, k: number}[]} */
  const ahead = [];
  /** @type {PathLevel[] | null} */
  let final = null;
  for (let e = Math.floor(ev.length / w) - 1; e >= 0; e--) {
    const i = e * w, code = ev[i + EVENT.code], level = ev[i + EVENT.a];
    if (code === EV.Try || code === EV.Close) {
      while (ahead.length && ahead[ahead.length - 1].level >= level) ahead.pop();
      ahead.push({ level, k: ev[i + EVENT.c] });
    } else if (code === EV.Backtrack) {
      let j = ahead.length - 1;
      while (j >= 0 && ahead[j].level > level) j--;
      if (j >= 0) kids.set(e, ahead[j].level === level ? ahead[j].k : 0);
      else {
        final ??= path();
        kids.set(e, final[level]?.k || 0);
      }
    }
  }
  return kids;
}
