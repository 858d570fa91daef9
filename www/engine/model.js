// @ts-check
// The model: owns the wasm Session and its stepping: step, back, to the next choice or solution, and
// play at a speed within a frame budget. It draws nothing and knows no DOM; the app (www/app/) drives it and hands
// renderers a snapshot of it. The link arrays are read through `views()` (www/engine/views.js), the explored
// top of the search tree is kept by `www/engine/explored.js`.
//
// The wasm API is the contract in the docs of src/wasm/ (copied into www/pkg/dlx_studio.d.ts).

import { startEngine, messageOf, EV, LIMITS, NODE, EVENT } from './engine.js';
import { LinkViews } from './views.js';
import { ExploredTree } from './explored.js';

/** The frame budget for stepping at full speed, in ms; the rest of a 16.7 ms frame draws. At 8 ms the
 * 9x9 Sudoku matrix played at 54-57 frames/s in headless Chromium on 2 cores, at 6 ms 57-59 (60 paused). */
const FRAME_BUDGET_MS = 6;
/** The most choices `goTo` steps over to reach a node outside the timeline. */
const MAX_CHOICE_MOVES = 20000;

// The values the Session returns are typed in the generated .d.ts (src/wasm/facts.rs, VIEWS).
/** The engine's counters (Session.stats). @typedef {import('../pkg/dlx_studio.js').Stats} Stats */
/** The loaded problem (Session.info). @typedef {import('../pkg/dlx_studio.js').Info} Info */
/** A board (problems::Board). @typedef {import('../pkg/dlx_studio.js').Board} Board */
/**
 * Whether a Session's error is a trap of the wasm machine (its memory ran out, or a panic) rather than
 * a refusal of the input: after a trap the Session throws "recursive use of an object" forever.
 * @param {unknown} err
 */
function isTrap(err) {
  return err instanceof WebAssembly.RuntimeError
    || (err instanceof Error && /recursive use of an object|unreachable|out of memory/i.test(err.message));
}

/**
 * @typedef {{kind: string, text: string, distinct: boolean, format?: string, tree?: string, made?: string, memo?: boolean}} ProblemSpec
 *   format: exact cover's "knuth" | "matrix" (undefined: detect), a Sudoku's variant switches
 *   ("x,anti-knight": the picker, www/views/variants.js); tree: the search tree to walk (a name
 *   of TREES, engine.js; undefined: keep the one chosen), for links and history entries; made: the
 *   size, variant and seed of a puzzle made by New puzzle (`9:killer:123`, www/workers/maker.js), for links;
 *   memo: a run to the end counts with memos (the Memo switch)
 */

export class Model {
  // The search's state as the page sees it; set afresh by _restartState after a load or a reset.
  /** Events taken by the last move (Infinity for a jump that reported none); 0 after a restart. */
  lastMove = 0;
  /** Whether play stopped at a solution (by stepping back over the events past it). */
  stoppedAtSolution = false;
  /** Why play stopped by itself, if it did: a solution, a dead end or the level asked for. @type {'solution' | 'dead' | 'level' | null} */
  stoppedAt = null;
  /** The latest event; node and item: a Reject's (b and c). @type {{code: number, level: number, undone: number, node?: number, item?: number} | null} */
  _leafEvent = null;
  playing = false;
  _carry = 0;
  _lastTick = 0;
  /** Forward events taken by step calls since load (for events/s and soak tests). */
  eventsPlayed = 0;
  /**
   * Time the search has been running on this page, in ms, by the clock: playing, and a hunt or a
   * Solve from its first slice to its last, the frames drawn between slices included (`_slice`). A
   * hunt counted only its slices' own time: 3.1 s shown after 10.3 s of "Searching…".
   */
  elapsedMs = 0;
  /** When the last slice of the hunt or Solve going on ended (0: none yet, or it ended: `endSlices`). */
  _sliceEnd = 0;
  /** @type {[number, number][]} */
  _epsSamples = [];
  eventsPerSecond = 0;
  /**
   * The timeline: events from the start (or from the latest jump, whose events are not known) to
   * where the search stands, and the furthest point reached by stepping. Counters only: seeking
   * steps forward or back from here, so memory stays bounded however long the history.
   */
  position = 0;
  horizon = 0;
  /** The timeline starts at the start of the search (false after a jump to a solution). */
  fromStart = true;
  /** What made the last jump, where the timeline says so ('Solve'), else ''. */
  jumpBy = '';

  /**
   * Loads the wasm package (engine.js); throws when it is missing (not built yet) or fails to start.
   * @param {string} [pkgUrl]
   */
  static async create(pkgUrl) {
    return new Model(await startEngine(pkgUrl));
  }

  /** @param {import('./engine.js').Wasm} wasm */
  constructor(wasm) {
    this.wasm = wasm;
    /** @type {WebAssembly.Memory} */
    this.memory = wasm.wasm_memory();
    this.session = new wasm.Session();
    this._views = new LinkViews(this.memory, this.session);
    this.explored = new ExploredTree();
    /** The problem loaded, or null. @type {ProblemSpec | null} */
    this.problem = null;
    /** @type {Info | null} */
    this.info = null;
    /** @type {import('../views/variants.js').Layout | null} */
    this.layout = null;
    /** @type {string[]} */
    this.labels = [];
    /** The tree chosen (a name of TREES): every search started walks it. */
    this.treeChoice = 'dlx1';
    /** The Memo switch (setMemo): every search started steps with memos. */
    this.memoChoice = false;
    /** Memos and hits of the search when it steps with memos (full: the table is at its budget; zdd: DLX6's ZDD nodes once the search is over), else null. @type {{memos: number, hits: number, full: boolean, zdd: number | null} | null} */
    this.memoCounts = null;
    /** The tree the search walks, as `dlx count --json` names it ("dlx3" with multiplicities). */
    this.treeName = 'dlx1';
    /** Changes whenever timeline positions start afresh (a restart, a jump): a tree node's `pos` holds
     * only within its generation. */
    this.timelineGen = 0;
    /** @type {Stats | null} */
    this._stats = null;
    /** The engine's current path. @type {import('./explored.js').PathLevel[]} */
    this.path = [];
    /** @type {'solution' | 'dead' | 'rejected' | null} */
    this.leaf = null;

    this.playing = false;
    /** Events per second; Infinity = as fast as the frame budget allows. */
    this.speed = 4;
    /** Whether play stops on the event that finds a solution. */
    this.pauseAtSolution = true;
    /** Whether play stops on each dead end (an item with no option left). */
    this.pauseAtDeadEnd = false;
    /** Play stops each time the search enters a node at this level (0: never). */
    this.pauseAtLevel = 0;
    this._batch = 1000;
    /** Set when a trap replaced the Session (see `_renew`). */
    this.renewed = false;
    this._restartState();
  }

  /** The remembered top of the search tree (a Map by path key). */
  get tree() { return this.explored.map; }

  // ---------------------------------------------------------------- loading

  /**
   * Loads a problem. Throws the Session's Error (message, line, column) on bad input; the problem
   * loaded before then stays loaded, and so does this model's state.
   * Text in any box that reads as a Sudoku loads as one: then `problem.kind` (and `info.kind`) is
   * "sudoku", whatever was asked. Returns the engine's note on how the text was read ("" if none).
   * @param {string} kind @param {string} text @param {boolean} [distinct] @param {string} [format]
   * @returns {string}
   */
  load(kind, text, distinct = false, format = undefined) {
    let note;
    try {
      note = this.session.load_as(kind, String(text), !!distinct, format);
    } catch (err) {
      if (!isTrap(err)) throw err;
      this._renew();
      throw new Error(`The solver ran out of memory reading this text (${messageOf(err)}); it was restarted`
        + `${this.problem ? ' with the problem loaded before' : ''}.`, { cause: err });
    }
    /** @type {Info} */
    const info = this.session.info();
    this.info = info;
    /** Each option's short name in the puzzle's words (the tree's node names). @type {string[]} */
    this.labels = this.session.option_labels();
    this.problem = { kind: info.kind, text: String(text), distinct: !!distinct, format };
    /** A Sudoku's layout (Session.layout: regions, diagonals, cages, thermometers), null otherwise.
     * @type {import('../views/variants.js').Layout | null} */
    this.layout = this.session.layout();
    this.treeName = this.session.tree_name();
    this._restartState();
    return note;
  }

  /**
   * Throws what `load` would throw for this text (the message, with line and column), and loads
   * nothing: the search and the problem loaded stay as they are.
   * @param {string} kind @param {string} text @param {boolean} [distinct] @param {string} [format]
   */
  check(kind, text, distinct = false, format = undefined) {
    try {
      this.session.check_as(kind, String(text), !!distinct, format);
    } catch (err) {
      if (!isTrap(err)) throw err;
      this._renew();
      throw new Error(`The solver ran out of memory reading this text (${messageOf(err)}); it was restarted`
        + `${this.problem ? ' with the problem loaded before' : ''}.`, { cause: err });
    }
  }

  /**
   * A new Session in place of one a trap left unusable (wasm memory ran out: `unreachable`, then every
   * call threw "recursive use of an object"), the problem loaded before loaded again in it. The old
   * one's memory is not given back (it cannot be freed while it is marked in use).
   */
  _renew() {
    this.session = new this.wasm.Session();
    this._views = new LinkViews(this.memory, this.session);
    if (this.treeChoice !== 'dlx1') this.session.set_tree(this.treeChoice);
    if (this.memoChoice) this.session.set_memo(true);
    const p = this.problem;
    if (p) {
      this.session.load_as(p.kind, p.text, p.distinct, p.format);
      this.info = this.session.info();
      this.layout = this.session.layout();
    }
    this._restartState();
    /** Set when a trap replaced the Session; the page restarts its own state and clears it. */
    this.renewed = true;
  }

  /**
   * Chooses the tree walked (a name of TREES): the search starts again at its start walking it (a
   * search's tree is fixed from its start); the problem stays loaded. Throws on an unknown name.
   * @param {string} name
   */
  setTree(name) {
    this.session.set_tree(name);
    this.treeChoice = name;
    this.treeName = this.session.tree_name();
    this._restartState();
  }

  /**
   * The Memo switch (Session.set_memo): the search starts again at its start, stepping with memos
   * (Knuth's DLX6) or without; the problem stays. Returns why memos are refused for this problem
   * (multiplicities), or ''.
   * @param {boolean} on
   */
  setMemo(on) {
    this.memoChoice = on;
    let refused = '';
    try {
      this.session.set_memo(on);
    } catch (err) {
      refused = messageOf(err);
    }
    this._restartState();
    return refused;
  }

  /** Why the Memo switch is on and the search steps without memos, or ''. */
  memoRefusal() {
    return this.session.memo_refusal() ?? '';
  }

  reset() {
    this.session.reset();
    this._restartState();
  }

  /** The one reset path of the model's own state, after a load or a reset. */
  _restartState() {
    this.lastMove = 0;
    this.stoppedAtSolution = false;
    this.stoppedAt = null;
    this._leafEvent = null;
    this.playing = false;
    this._carry = 0;
    this._lastTick = 0;
    this.eventsPlayed = 0;
    this.elapsedMs = 0;
    this._sliceEnd = 0;
    this._epsSamples = [];
    this.eventsPerSecond = 0;
    this.position = 0;
    this.horizon = 0;
    this.low = 0;
    this.fromStart = true;
    this.jumpBy = '';
    this.timelineGen++;
    this.explored.reset();
    if (this.info) this._refresh();
  }

  /** The zero-copy views (www/engine/views.js); ask afresh after any call into wasm. */
  views() { return this._views.get(); }

  /** Copies of the link arrays, to compare states (tests) or to animate from (renderers). */
  snapshot() {
    const v = this.views();
    return { nodes: v.nodes.slice(), items: v.items.slice(), lens: v.lens.slice(), colors: v.colors.slice() };
  }

  // ---------------------------------------------------------------- stepping

  /**
   * Takes a stepping call's result into the tree and the counters.
   * @param {number} taken @param {boolean} forward
   */
  _took(taken, forward) {
    this.stoppedAtSolution = false;
    this.stoppedAt = null;
    this.lastMove = taken;
    if (forward) this.eventsPlayed += taken;
    this.position += forward ? taken : -taken;
    this.horizon = Math.max(this.horizon, this.position);
    // Back from where a jump landed: the timeline reaches further back (it never goes below its start).
    this.low = Math.min(this.low, this.position);
    this._readEvents(taken, forward);
    this._refresh();
    return taken;
  }

  /** Up to n events forward; returns how many were taken. */
  step(n = 1) { return this._took(this.session.step(n), true); }

  /** Up to n events backward, undone exactly. */
  stepBack(n = 1) { return this._took(this.session.step_back(n), false); }

  /** Forward to and including the next Try, Solution, DeadEnd or Reject event. */
  stepToChoice() { return this._took(this.session.step_to_choice(), true); }

  /** Back to just after the previous Try, Solution, DeadEnd or Reject event (the mirror of stepToChoice). */
  stepBackToChoice() { return this._took(this.session.step_back_to_choice(), false); }

  /**
   * Moves to `target` events from the timeline's start, by stepping forward or back (exact both ways),
   * within what has been reached. @param {number} target @returns {number} events moved
   */
  seek(target) {
    return this._seekTo(this.low + Math.round(target));
  }

  /** `seek` to a position as `position` counts it (from the start, or from where a jump landed). @param {number} at */
  _seekTo(at) {
    const t = Math.max(this.low, Math.min(this.horizon, at));
    const d = t - this.position;
    if (d > 0) return this.step(d);
    if (d < 0) return this.stepBack(-d);
    return 0;
  }

  /** Where the latest cover belongs: 1 the item branched on, 2 an item of the option tried, 0 neither. */
  coverContext() { return this.session.cover_context(); }

  /** A jump whose events are not known: the timeline starts again from here. */
  _jumped() {
    this.jumpBy = '';
    this.position = 0;
    this.horizon = 0;
    this.low = 0;
    this.fromStart = false;
    this.timelineGen++;
  }

  /**
   * Goes to a node of the explored tree (by path key, "1.3.2"): to the state just after the Try that
   * entered it, as stepping reached it. Within the timeline it seeks there (exact, both ways, nothing
   * kept per event); a node from before a jump (or passed over by one) is reached by stepping back or
   * forward one choice at a time, comparing paths, for at most MAX_CHOICE_MOVES choices. Returns the
   * events moved, or -1 when the node is not reachable that way (it stays where it was... or as far as
   * it got, always a real state of the search).
   * @param {string} key
   */
  goTo(key) {
    const t = this.explored.map.get(key);
    if (t && t.gen === this.timelineGen && t.pos >= this.low && t.pos <= this.horizon) return this._seekTo(t.pos);
    if (key === '' && this.fromStart) return this._seekTo(0);
    const target = key === '' ? [] : key.split('.').map(Number);
    let moved = 0;
    for (let i = 0; i < MAX_CHOICE_MOVES; i++) {
      const order = this._comparePath(target);
      if (order === 0) {
        if (moved) this._jumped();
        return moved;
      }
      const n = order < 0 ? this.stepToChoice() : this.stepBackToChoice();
      if (!n) break;
      moved += n;
    }
    if (moved) this._jumped();
    return -1;
  }

  /**
   * Where the search stands against the state just after the Try that entered the node at `target`:
   * -1 before it in the search's order, 0 there, 1 after it (inside its subtree counts as after).
   * @param {number[]} target  k of each level
   */
  _comparePath(target) {
    const cur = [];
    for (const p of this.path) { if (!p.k) break; cur.push(p.k); }
    for (let i = 0; i < Math.min(cur.length, target.length); i++) {
      if (cur[i] !== target[i]) return cur[i] < target[i] ? -1 : 1;
    }
    if (cur.length < target.length) return -1;
    if (cur.length > target.length) return 1;
    // The same options: just after the Try the search stands at its level (a solution or a dead end
    // below it stands one level deeper); the root is the start.
    const level = Number(this.stats().level);
    if (!target.length) return this.stats().at_start ? 0 : 1;
    return level === target.length - 1 && this.path.length === target.length ? 0 : 1;
  }

  /**
   * Searches on (fast path) for at most maxNodes search-tree nodes; true when a solution was reached.
   * Called in slices by the app so that the page stays responsive on a long hunt.
   * @param {number} maxNodes
   */
  nextSolution(maxNodes) {
    const t0 = performance.now();
    const found = this.session.next_solution(maxNodes);
    this.lastMove = Infinity;
    this.stoppedAtSolution = false;
    this._slice(t0);
    this._jumped();
    this._leafEvent = found ? { code: EV.Solution, level: 0, undone: 0 } : null;
    this._refresh();
    return found;
  }

  /**
   * A slice of a hunt or a Solve, begun at t0, ended now: its time, and the time since the slice
   * before of the same hunt or Solve (the frame drawn between them).
   * @param {number} t0
   */
  _slice(t0) {
    const now = performance.now();
    this.elapsedMs += now - (this._sliceEnd > 0 ? this._sliceEnd : t0);
    this._sliceEnd = now;
  }

  /** A hunt or a Solve ended (found, finished or stopped): the next one's clock starts at its first slice. */
  endSlices() {
    this._sliceEnd = 0;
  }

  /** Back to the start to solve: as reset, and the solutions kept are forgotten (Session.solve_start). */
  solveStart() {
    this.session.solve_start();
    this._restartState();
  }

  /**
   * The Solve button's slice: on to the first solution, then to a second, for at most maxNodes more
   * nodes. Finished, the search stands at the solution of a unique puzzle (followed there from the
   * start: Session.solve), at the second of several, at the end of one with none.
   * @param {number} maxNodes
   * @returns {import('../tools/sudoku/solve.js').SolveResult}
   */
  solve(maxNodes) {
    const t0 = performance.now();
    const r = this.session.solve(maxNodes);
    this._slice(t0);
    this._landed(r.finished ? r.verdict : '');
    return r;
  }

  /**
   * Stands where a Solve on a worker ended (Session.solve_follow: its path followed, its counters
   * taken), without searching; `ms` the Solve's time by the page's clock, from the click.
   * @param {string} outcome  the worker's Solver.outcome() @param {number} ms
   * @returns {import('../tools/sudoku/solve.js').SolveResult}
   */
  solveFollow(outcome, ms) {
    const r = this.session.solve_follow(outcome);
    this.elapsedMs = ms;
    this._landed(r.verdict);
    return r;
  }

  /** A Solve stopped before its verdict: the search back at its start, the narration saying so. */
  solveStopped() {
    this.session.solve_stop();
    this._restartState();
  }

  /** Where a Solve's slice left the search: a jump (its events are not known), Solve's own. @param {string} verdict */
  _landed(verdict) {
    this.lastMove = Infinity;
    this.stoppedAtSolution = false;
    this._jumped();
    this.jumpBy = 'Solve';
    // A unique puzzle's Solve ends standing at its solution, a multiple one's at the second.
    this._leafEvent = verdict === 'multiple' || verdict === 'unique' ? { code: EV.Solution, level: 0, undone: 0 } : null;
    this._refresh();
  }

  /** How many solutions the engine keeps (the first LIMITS.keep found since the search started). */
  keptCount() { return this.session.kept_count(); }

  /** Kept solution k as a Board. @param {number} k @returns {Board} */
  kept(k) { return this.session.kept(k); }

  /**
   * A Sudoku's candidates from the live links: per cell, bit v − 1 for each symbol v still in the cell
   * item's list (0 for a covered cell); empty for other problems. @returns {Uint32Array}
   */
  candidates() { return this.session.candidates(); }

  /**
   * What the loaded Sudoku states that is not read (rules in words, cosmetic shapes), in the words
   * `dlx solve` says beside a verdict of several solutions; undefined when nothing was left out.
   * @returns {string | undefined}
   */
  unread() { return this.session.unread(); }

  /**
   * A Sudoku cell's headers and options in the matrix (its cell item and options when empty; the four
   * items of its option when it holds value). @param {number} cell @param {number} value
   * @returns {{items: number[], options: number[]}}
   */
  cellLinks(cell, value) { return this.session.cell_links(cell, value); }

  /** The cells a Sudoku item (by header) is about. @param {number} header @returns {Uint32Array} */
  itemCells(header) { return this.session.item_cells(header); }

  /** The engine's counters. @returns {Stats} */
  stats() { return /** @type {Stats} */ (this._stats); }

  _refresh() {
    this._stats = this.session.stats();
    /** Memos and hits when stepping with memos (Session.memo_counts), else null; DLX6's ZDD nodes
     * once the search is over (null before). */
    const mc = this.session.memo_counts();
    this.memoCounts = mc ? { memos: mc[0], hits: mc[1], full: mc[2] === 1, zdd: mc[3] >= 0 ? mc[3] : null } : null;
    // Back at the start (by Back, not only by Reset): nothing has run, so no time has either ("0 |
    // 0 | 0 | 0.6 ms" read as a time with nothing to show for it).
    if (this._stats && this._stats.at_start) this.elapsedMs = 0;
    this.path = this.session.tree();
    this.explored.sync(this.path, this._stats ? Number(this._stats.solutions) : 0,
      this._stats ? Number(this._stats.nodes) : 0, () => this.triedOptions());
    const last = this.path[this.path.length - 1];
    const e = this._leafEvent;
    if (last && last.d === 0) this.leaf = 'dead';
    else if (e && e.code === EV.Reject && !e.undone) this.leaf = 'rejected';
    else if (e && ((e.code === EV.Solution && !e.undone)
      || (e.code === EV.Backtrack && e.undone && this.path.length === e.level))) this.leaf = 'solution';
    else this.leaf = null;
  }

  /**
   * Replays the events of the last call into the remembered tree (if it kept them all: else the
   * tree follows the engine's path, as after a jump); notes the latest for the leaf.
   * @param {number} taken  events the call took @param {boolean} forward
   */
  _readEvents(taken, forward) {
    const ev = this.views().events;
    const w = LIMITS.eventWords;
    if (ev.length >= w) {
      // At a solution just after its event, or when stepping back has undone the backtrack from one.
      const i = ev.length - w;
      this._leafEvent = { code: ev[i + EVENT.code], level: ev[i + EVENT.a], undone: ev[i + EVENT.undone], node: ev[i + EVENT.b], item: ev[i + EVENT.c] };
    } else this._leafEvent = null;
    if (taken > ev.length / w) this.explored.skip(forward, ev);
    else this.explored.read(ev, { end: this.position, gen: this.timelineGen, optionOf: (x) => this.optionOf(x), path: () => this.session.tree() });
  }

  /**
   * The option (0-based) of a node: walk left to the spacer before it, whose `next` is the option's
   * number. @param {number} x
   */
  optionOf(x) {
    const { nodes } = this.views();
    let y = x;
    while (y > 0 && nodes[NODE.words * y + NODE.top] !== 0) y--;
    return y > 0 ? nodes[NODE.words * y + NODE.next] : -1;
  }

  /**
   * The options tried at each level of the path, in order, the chosen one last (k of them; 0-based,
   * -1 where none is): those before it are the nodes above it in its item's list, which stays as it
   * was while the item is covered. With multiplicities a tried option leaves the list (tweaked):
   * those before it are then not known (-1), and the jump's tree labels them by their k.
   * @returns {number[][]}
   */
  triedOptions() {
    const chosen = this.chosenNodes();
    const { nodes } = this.views();
    return this.path.map(({ k, item }, l) => {
      const x = chosen[l];
      if (!k) return [];
      /** @type {number[]} */
      const above = [];
      for (let y = x; x > 0 && above.length < k - 1;) {
        y = nodes[NODE.words * y + NODE.up];
        if (y === item) break;
        above.push(y);
      }
      const before = above.length === k - 1 ? above.reverse().map((y) => this.optionOf(y)) : Array(k - 1).fill(-1);
      return [...before, x > 0 ? this.optionOf(x) : -1];
    });
  }

  /** The latest event taken or undone: {code, level, undone}, or null. */
  lastEvent() { return this._leafEvent; }

  /** The board cells option k fills (Session.option_cells). @param {number} k @returns {number[]} */
  optionCells(k) { return Array.from(this.session.option_cells(k)); }

  /** The Board (problems::Board) of the options chosen so far and the one being tried. @returns {Board} */
  board() { return this.session.board(); }
  /** @returns {string} */
  narration() { return this.session.narration(); }
  /** @returns {number} */
  branchingItem() { return this.session.branching_item(); }
  /** @returns {number} */
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
      const { k, item, node } = this.path[i];
      if (i === this.path.length - 1 && trying) { out.push(trying); continue; }
      // The engine's own node where the path has one: with multiplicities the options tried at a
      // level leave the item's list (tweaked), so walking k down the list would miss; a header there
      // is the null choice (no option).
      if (node) { out.push(node > (this.info ? this.info.n_items : 0) ? node : 0); continue; }
      if (!k || !item) { out.push(0); continue; }
      let x = item;
      for (let j = 0; j < k; j++) {
        x = nodes[NODE.words * x + NODE.down];
        if (x === item) break;
      }
      out.push(x === item ? 0 : x);
    }
    return out;
  }

  // ---------------------------------------------------------------- what the page downloads

  /**
   * The step log (`dlx trace`'s JSON lines) from the start to where the search stands, replayed on a
   * fresh search in wasm, at most maxEvents lines. @param {number} maxEvents
   * @returns {{text: string, events: number, reached: boolean}}
   */
  stepLog(maxEvents) { return this.session.step_log(maxEvents); }

  /** The problem in Knuth's format, as `dlx export` writes it. @returns {string} */
  exportKnuth() { return this.session.export_knuth(); }

  /** The kept solutions as `dlx solve --limit 0` prints them. @returns {string} */
  solutionsText() { return this.session.solutions_text(); }

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

  /** @param {number} eventsPerSecond */
  setSpeed(eventsPerSecond) {
    this.speed = eventsPerSecond;
    this._carry = 0;
  }

  /**
   * One animation frame of play: takes as many events as the speed asks for since the last frame (at
   * full speed, as many as fit in the frame budget, learnt from the last calls). Returns the number of
   * events taken; pauses at the end of the search.
   * @param {number} now
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
      // To stop on an event, a batch must fit in the events buffer, where the event is looked for.
      const pausing = this.pauseAtSolution || this.pauseAtDeadEnd || this.pauseAtLevel > 0;
      if (pausing) n = Math.min(n, LIMITS.eventCap);
      const t0 = performance.now();
      const horizon = this.horizon;
      taken = this.step(n);
      const stop = pausing ? this._firstStop() : null;
      if (stop) {
        // Stepping back is exact, so overshooting and coming back is as good as stopping. Back over
        // the stop too and take it again, so that the latest event is the stop itself (narration,
        // algorithm line, leaf), not the undo of the event after it. The events past the stop were
        // play's own, never shown: the timeline ends at the stop (unless stepping had gone further).
        if (stop.over > 0) {
          this.stepBack(stop.over + 1);
          this.step(1);
          this.eventsPlayed -= stop.over + 1;
          this.horizon = Math.max(horizon, this.position);
        }
        this.playing = false;
        this.stoppedAt = stop.why;
        this.stoppedAtSolution = stop.why === 'solution';
        this._sampleEps(now);
        return taken - stop.over;
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

  /**
   * The first event of the last call that play pauses on (a solution, a dead end, entering the level
   * asked for: Choose, DeadEnd or Solution at that level), and the events taken after it; null if none.
   * @returns {{over: number, why: 'solution' | 'dead' | 'level'} | null}
   */
  _firstStop() {
    const ev = this.views().events;
    const w = LIMITS.eventWords;
    const k = this.pauseAtLevel;
    for (let i = 0; i + w - 1 < ev.length; i += w) {
      if (ev[i + EVENT.undone]) continue;
      const code = ev[i + EVENT.code];
      /** @type {'solution' | 'dead' | 'level' | null} */
      let why = null;
      if (code === EV.Solution && this.pauseAtSolution) why = 'solution';
      // The lookahead's reject is its dead end, seen one level early.
      else if ((code === EV.DeadEnd || code === EV.Reject) && this.pauseAtDeadEnd) why = 'dead';
      else if (k > 0 && ev[i + EVENT.a] === k && (code === EV.Choose || code === EV.DeadEnd || code === EV.Solution)) why = 'level';
      if (why) return { over: (ev.length - i) / w - 1, why };
    }
    return null;
  }

  /** @param {number} now */
  _sampleEps(now) {
    const s = this._epsSamples;
    s.push([now, this.eventsPlayed]);
    while (s.length > 2 && now - s[0][0] > 1000) s.shift();
    if (s.length >= 2 && now - s[0][0] > 0) {
      this.eventsPerSecond = (s[s.length - 1][1] - s[0][1]) * 1000 / (now - s[0][0]);
    }
  }
}
