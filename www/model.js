// The model: owns the wasm Session, applies steps, keeps the explored top of the search tree and the
// play state. It draws nothing and knows no DOM; the renderers read from it, app.js drives it.
//
// The wasm API is the CONTRACT in the header of src/wasm.rs.

/** Event codes of the events buffer (6 u32 each: code, a, b, c, d, undone). */
export const EV = Object.freeze({
  CHOOSE: 0, DEAD_END: 1, COVER_ITEM: 2, HIDE: 3, TRY: 4, SOLUTION: 5, BACKTRACK: 6, UNHIDE: 7,
  UNCOVER_ITEM: 8,
});

/** How many top levels of the search tree are remembered and drawn. */
export const TREE_DEPTH = 6;

/** Bit set in an item's entry of the lens view while the item is covered (core::COVERED). */
export const COVERED_FLAG = 0x40000000;
/** An item's length from its entry of the lens view. */
export const itemLength = (lens, h) => lens[h] & (COVERED_FLAG - 1);

/** Bound on the remembered tree, so that a long run over a wide tree cannot eat memory. */
const TREE_MAX_NODES = 50000;
/** Events the engine keeps from one call (the contract's cap). */
const EVENT_CAP = 65536;
/** The frame budget for stepping at full speed, in ms; the rest of a 16.7 ms frame draws. At 8 ms the
 * 9x9 Sudoku matrix played at 54-57 frames/s in headless Chromium on 2 cores, at 6 ms 57-59 (60 paused). */
const FRAME_BUDGET_MS = 6;
/** The kinds of problem the page offers, with the bounds of their N. */
export const KINDS = Object.freeze({
  // Keep the bounds in step with MIN_N/MAX_N of the Rust modules (src/problems/*.rs); Rust checks them
  // again and its message is what the user sees, so a drift only loosens the input's hint.
  sudoku: { label: 'Sudoku', input: 'puzzle' },
  queens: { label: 'N-queens', input: 'size', min: 1, max: 64, def: 8 },
  'toroidal-queens': { label: 'Toroidal N-queens', input: 'size', min: 1, max: 64, def: 5 },
  latin: { label: 'Latin square', input: 'size', min: 1, max: 35, def: 3 },
  langford: { label: 'Langford pairs', input: 'size', min: 1, max: 64, def: 4, distinct: true },
  pentomino: { label: 'Pentomino', input: 'board', distinct: true },
  'exact-cover': { label: 'Exact cover', input: 'matrix' },
});

export class Model {
  /** Loads the wasm package; throws when it is missing (not built yet) or fails to start. */
  static async create(pkgUrl = new URL('./pkg/dlx_studio.js', import.meta.url).href) {
    const wasm = await import(pkgUrl);
    await wasm.default();
    return new Model(wasm);
  }

  constructor(wasm) {
    this.wasm = wasm;
    this.memory = wasm.wasm_memory();
    this.session = new wasm.Session();
    /** {kind, text, distinct} of the problem loaded, or null. */
    this.problem = null;
    this.info = null;
    this._views = { buffer: null, nodes: null, items: null, lens: null, events: null, key: '' };

    // Play state.
    this.playing = false;
    /** Events per second; Infinity = as fast as the frame budget allows. */
    this.speed = 4;
    /** Whether play stops on the event that finds a solution. */
    this.pauseAtSolution = true;
    this._carry = 0;
    this._batch = 1000;
    this._lastTick = 0;
    /** Forward events taken by step calls since load (for events/s and soak tests). */
    this.eventsPlayed = 0;
    /** Time spent searching on this page (playing, jumping to solutions), in ms. */
    this.elapsedMs = 0;
    this._epsSamples = [];
    this.eventsPerSecond = 0;

    this._resetTree();
  }

  // ---------------------------------------------------------------- loading

  /**
   * Loads a problem. Throws the Session's Error (message, line, column) on bad input; the problem
   * loaded before then stays loaded, and so does this model's state.
   */
  load(kind, text, distinct = false) {
    this.session.load(kind, String(text), !!distinct);
    this.problem = { kind, text: String(text), distinct: !!distinct };
    this.info = this.session.info();
    this._afterRestart();
  }

  reset() {
    this.session.reset();
    this._afterRestart();
  }

  _afterRestart() {
    /** Events taken by the last move (Infinity for a jump that reported none); 0 after a restart. */
    this.lastMove = 0;
    this._leafEvent = null;
    this.playing = false;
    this._carry = 0;
    this.eventsPlayed = 0;
    this.elapsedMs = 0;
    this._epsSamples = [];
    this.eventsPerSecond = 0;
    this._resetTree();
    this._refresh();
  }

  // ---------------------------------------------------------------- zero-copy views

  /**
   * Uint32Array views over wasm memory: nodes (4 u32 a node: top, up, down, next —
   * for a spacer, next is the number of the option after it), items (2 u32 an item
   * header: left, right), lens (1 u32 an item header: its length, plus COVERED_FLAG while covered)
   * and events (6 u32 an event). Rebuilt only when the memory grew or the arrays
   * moved; otherwise the same objects are returned, so reading them costs nothing.
   */
  views() {
    const s = this.session;
    const buffer = this.memory.buffer;
    const np = s.nodes_ptr(), nl = s.nodes_len();
    const ip = s.items_ptr(), il = s.items_len();
    const lp = s.lens_ptr(), ll = s.lens_len();
    const ep = s.events_ptr(), el = s.events_len();
    const key = `${np},${nl},${ip},${il},${lp},${ll},${ep},${el}`;
    const v = this._views;
    if (v.buffer !== buffer || v.key !== key) {
      v.buffer = buffer;
      v.key = key;
      v.nodes = new Uint32Array(buffer, np, nl);
      v.items = new Uint32Array(buffer, ip, il);
      v.lens = new Uint32Array(buffer, lp, ll);
      v.events = new Uint32Array(buffer, ep, el);
    }
    return v;
  }

  /** Copies of the link arrays, to compare states (tests) or to animate from (renderers). */
  snapshot() {
    const v = this.views();
    return { nodes: v.nodes.slice(), items: v.items.slice(), lens: v.lens.slice() };
  }

  // ---------------------------------------------------------------- stepping

  /** Up to n events forward; returns how many were taken. */
  step(n = 1) {
    const taken = this.session.step(n);
    this.lastMove = taken;
    this.eventsPlayed += taken;
    this._readEvents();
    this._refresh();
    return taken;
  }

  /** Up to n events backward, undone exactly. */
  stepBack(n = 1) {
    const taken = this.session.step_back(n);
    this.lastMove = taken;
    this._readEvents();
    this._refresh();
    return taken;
  }

  /** Forward to and including the next Try, Solution or DeadEnd event. */
  stepToChoice() {
    const taken = this.session.step_to_choice();
    this.lastMove = taken;
    this.eventsPlayed += taken;
    this._readEvents();
    this._refresh();
    return taken;
  }

  /**
   * Searches on (fast path) for at most maxNodes search-tree nodes; true when a solution was reached.
   * Called in slices by the app so that the page stays responsive on a long hunt.
   */
  nextSolution(maxNodes) {
    const t0 = performance.now();
    const found = this.session.next_solution(maxNodes);
    this.lastMove = Infinity;
    this.elapsedMs += performance.now() - t0;
    this._leafEvent = found ? { code: EV.SOLUTION, level: 0, undone: 0 } : null;
    this._refresh();
    return found;
  }

  /** The engine's counters: {level, nodes, updates, solutions, max_depth, progress, done, at_start}. */
  stats() { return this._stats; }

  _refresh() {
    this._stats = this.session.stats();
    this.path = this.session.tree();
    this._syncTree();
    const last = this.path[this.path.length - 1];
    const e = this._leafEvent;
    if (last && last.d === 0) this.leaf = 'dead';
    else if (e && ((e.code === EV.SOLUTION && !e.undone)
      || (e.code === EV.BACKTRACK && e.undone && this.path.length === e.level))) this.leaf = 'solution';
    else this.leaf = null;
  }

  board() { return this.session.board(); }
  narration() { return this.session.narration(); }
  branchingItem() { return this.session.branching_item(); }
  trying() { return this.session.trying(); }

  /**
   * The node of the option chosen at each level of the current path (0 where none is yet): the k-th
   * node down the list of the item branched on, which is not changed while that item is covered.
   */
  chosenNodes() {
    // trying() calls into wasm: take the view after it, so that it cannot be detached under us.
    const trying = this.trying();
    const { nodes } = this.views();
    const out = [];
    for (let i = 0; i < this.path.length; i++) {
      const { k, item } = this.path[i];
      if (i === this.path.length - 1 && trying) { out.push(trying); continue; }
      if (!k || !item) { out.push(0); continue; }
      let x = item;
      for (let j = 0; j < k; j++) {
        x = nodes[4 * x + 2];
        if (x === item) break;
      }
      out.push(x === item ? 0 : x);
    }
    return out;
  }

  // ---------------------------------------------------------------- play

  play() {
    if (this._stats && this._stats.done) return false;
    this.playing = true;
    this._lastTick = 0;
    this._carry = 0;
    return true;
  }

  pause() {
    this.playing = false;
  }

  setSpeed(eventsPerSecond) {
    this.speed = eventsPerSecond;
    this._carry = 0;
  }

  /**
   * One animation frame of play: takes as many events as the speed asks for since the last frame (at
   * full speed, as many as fit in the frame budget, learnt from the last calls). Returns the number of
   * events taken; pauses at the end of the search.
   */
  tick(now) {
    if (!this.playing) return 0;
    const dt = this._lastTick ? Math.min(now - this._lastTick, 250) : 1000 / 60;
    this._lastTick = now;
    this.elapsedMs += dt;
    let n;
    if (this.speed === Infinity) {
      n = Math.max(1, Math.round(this._batch));
    } else {
      this._carry += this.speed * dt / 1000;
      n = Math.floor(this._carry);
      this._carry -= n;
      // Never more than a frame's budget, whatever the slider says.
      n = Math.min(n, Math.max(1, Math.round(this._batch)));
    }
    let taken = 0;
    if (n > 0) {
      // To stop on a solution, a batch must fit in the events buffer, where the solution is looked for.
      if (this.pauseAtSolution) n = Math.min(n, EVENT_CAP);
      const t0 = performance.now();
      taken = this.step(n);
      if (this.pauseAtSolution) {
        const over = this._eventsAfterSolution();
        if (over >= 0) {
          // Stepping back is exact, so overshooting and coming back is as good as stopping.
          if (over > 0) this.stepBack(over);
          this.eventsPlayed -= over;
          this.playing = false;
          this._sampleEps(now);
          return taken - over;
        }
      }
      const ms = performance.now() - t0;
      if (n >= 64) {
        // Aim the next batch at the frame budget, smoothing out one-off stalls.
        const ideal = n * FRAME_BUDGET_MS / Math.max(ms, 0.05);
        this._batch = Math.min(Math.max(0.7 * this._batch + 0.3 * ideal, 64), 4e7);
      }
      if (taken < n) this.playing = false;
    }
    this._sampleEps(now);
    return taken;
  }

  /** Events taken after the first Solution event of the last call, or −1 if it found none. */
  _eventsAfterSolution() {
    const ev = this.views().events;
    for (let i = 0; i + 5 < ev.length; i += 6) {
      if (ev[i] === EV.SOLUTION && !ev[i + 5]) return (ev.length - i) / 6 - 1;
    }
    return -1;
  }

  _sampleEps(now) {
    const s = this._epsSamples;
    s.push([now, this.eventsPlayed]);
    while (s.length > 2 && now - s[0][0] > 1000) s.shift();
    if (s.length >= 2 && now - s[0][0] > 0) {
      this.eventsPerSecond = (s[s.length - 1][1] - s[0][1]) * 1000 / (now - s[0][0]);
    }
  }

  // ---------------------------------------------------------------- the explored top of the tree

  _resetTree() {
    /**
     * Remembered subtrees by path key (the k of each level, "" for the root): solutions and dead ends
     * found inside (null when passed over by a fast jump), whether finished, and the number of
     * children d once known.
     */
    this.tree = new Map([['', { sol: 0, dead: 0, done: false, d: 0 }]]);
    this._path = [];
    this.path = [];
  }

  _node(len) {
    const key = this._path.slice(0, len).join('.');
    let t = this.tree.get(key);
    if (!t && this.tree.size < TREE_MAX_NODES) {
      t = { sol: 0, dead: 0, done: false, d: 0 };
      this.tree.set(key, t);
    }
    return t;
  }

  /** Replays the events of the last call into the remembered tree. */
  _readEvents() {
    const ev = this.views().events;
    this._atSolution = false;
    if (ev.length >= 6) {
      // At a solution just after its event, or when stepping back has undone the backtrack from one.
      const i = ev.length - 6;
      const code = ev[i], a = ev[i + 1], undone = ev[i + 5];
      this._leafEvent = { code, level: a, undone };
    } else this._leafEvent = null;
    // Only the last 65536 events of a call are kept; _syncTree mends the tree if some were dropped.
    for (let i = 0; i + 5 < ev.length; i += 6) {
      const code = ev[i], a = ev[i + 1], b = ev[i + 2], c = ev[i + 3], d = ev[i + 4], undone = ev[i + 5];
      if (undone) this._undoEvent(code, a, b, c, d); else this._doEvent(code, a, b, c, d);
    }
  }

  _doEvent(code, a, b, c, d) {
    switch (code) {
      case EV.CHOOSE: // level, item, len
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) t.d = c; }
        break;
      case EV.DEAD_END: // level, item
        for (let l = 0; l <= Math.min(a, TREE_DEPTH); l++) {
          const t = this._node(l); if (t && t.dead !== null) t.dead++;
        }
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) t.d = 0; }
        break;
      case EV.TRY: // level, node, k, d
        this._path.length = a;
        this._path[a] = c;
        if (a < TREE_DEPTH) {
          const p = this._node(a); if (p) p.d = d;
          this._node(a + 1);
        }
        break;
      case EV.SOLUTION: // level
        for (let l = 0; l <= Math.min(a, TREE_DEPTH); l++) {
          const t = this._node(l); if (t && t.sol !== null) t.sol++;
        }
        break;
      case EV.BACKTRACK: // level: the node at depth `level` is finished
        if (a <= TREE_DEPTH) { const t = this._node(a); if (t) t.done = true; }
        this._path.length = Math.min(this._path.length, a);
        break;
      default:
    }
  }

  _undoEvent(code, a, b, c) {
    switch (code) {
      case EV.DEAD_END:
        for (let l = 0; l <= Math.min(a, TREE_DEPTH); l++) {
          const t = this._node(l); if (t && t.dead) t.dead--;
        }
        break;
      case EV.TRY: { // back to before option k was tried: option k - 1 was the last one tried
        this._path.length = a;
        this._path[a] = c;
        if (a < TREE_DEPTH) this.tree.delete(this._path.join('.'));
        if (c > 1) this._path[a] = c - 1; else this._path.length = a;
        break;
      }
      case EV.SOLUTION:
        for (let l = 0; l <= Math.min(a, TREE_DEPTH); l++) {
          const t = this._node(l); if (t && t.sol) t.sol--;
        }
        break;
      case EV.BACKTRACK: {
        // Back at level `a` as it was left: after its last option (k = d), or at a leaf.
        const t = this.tree.get(this._path.slice(0, a).join('.'));
        if (t) t.done = false;
        if (t && t.d > 0 && this._path.length === a) this._path[a] = t.d;
        break;
      }
      default:
    }
  }

  /**
   * Makes the remembered tree agree with the engine's path after a jump that reported no events (the
   * fast path of next_solution) or dropped some: the subtrees passed over are marked explored, with
   * unknown counts.
   */
  _syncTree() {
    let same = this._path.length <= this.path.length;
    for (let l = 0; same && l < this.path.length; l++) {
      same = (this.path[l].k || 0) === (this._path[l] || 0);
    }
    if (same) return;
    const next = [];
    for (let l = 0; l < this.path.length; l++) {
      const { k, d } = this.path[l];
      if (!k) break;
      if (l < TREE_DEPTH) {
        const parent = this._nodeAt(next);
        if (parent) parent.d = d;
        for (let j = 1; j < k; j++) {
          const key = next.concat(j).join('.');
          const t = this.tree.get(key);
          if (!t && this.tree.size < TREE_MAX_NODES) {
            this.tree.set(key, { sol: null, dead: null, done: true, d: 0 });
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
    const root = this.tree.get('');
    root.sol = this._stats ? this._stats.solutions : root.sol;
  }

  _nodeAt(path) {
    const key = path.join('.');
    let t = this.tree.get(key);
    if (!t && this.tree.size < TREE_MAX_NODES) {
      t = { sol: 0, dead: 0, done: false, d: 0 };
      this.tree.set(key, t);
    }
    return t;
  }
}
