// @ts-check
// The package's API over the wasm handles (`LibInstance`, `LibSolver`, `LibPuzzle` of
// src/wasm/library.rs), shaped as the Rust crate's: `Instance`, `Solver`, `Puzzle` and one builder a
// puzzle, plus `count` and `solve`. Long work runs in slices of search-tree nodes with a turn of
// the event loop between them, so a count or a search for the next solution never blocks for long.
import { LibInstance, LibPuzzle } from './dlx_studio.js';

/** How long a slice of a count or a solve aims to last, in milliseconds. */
const SLICE_MS = 20;
/** Nodes of the first slice; later slices are sized from the time the ones before took. */
const FIRST_SLICE = 1 << 12;
/** The most nodes a synchronous count or solve asks for at once (2^53 - 1). */
const ALL = Number.MAX_SAFE_INTEGER;

const now = () => (typeof performance === 'object' ? performance.now() : Date.now());

/**
 * Node's `setImmediate` (a turn of the event loop without the 1 ms floor of a timer), where there is one.
 * @type {((fn: () => void) => unknown) | undefined}
 */
const immediate = /** @type {any} */ (globalThis).setImmediate;

/** A turn of the event loop: timers, I/O and other promises run before the next slice. */
const yieldTurn = () =>
  new Promise((resolve) => {
    if (immediate) immediate(() => resolve(undefined));
    else setTimeout(resolve, 0);
  });

/**
 * @param {AbortSignal | undefined} signal
 */
function checkAbort(signal) {
  if (signal?.aborted) {
    throw signal.reason ?? new Error('aborted');
  }
}

/**
 * The next slice's size: the nodes that take about SLICE_MS at the pace of the last slice.
 * @param {number} nodes @param {number} ms
 */
function nextSlice(nodes, ms) {
  const pace = nodes / Math.max(ms, 0.05);
  return Math.max(1 << 10, Math.min(Math.floor(pace * SLICE_MS), 1 << 26));
}

/**
 * @param {string} what @param {unknown} n
 */
function wholeNumber(what, n) {
  if (typeof n !== 'number') {
    throw new TypeError(`${what} must be a number, not ${typeof n}`);
  }
  return String(n);
}

/** A search: count, solve, step and step back (Knuth's Algorithm X, C or M). */
export class Solver {
  /** @param {import('./dlx_studio.js').LibSolver} lib */
  constructor(lib) {
    /** @private */
    this.lib = lib;
  }

  /**
   * Counts every solution not yet found, in slices (a turn of the event loop between them), and
   * resolves to the number found from the start.
   * @param {{signal?: AbortSignal, onProgress?: (p: {solutions: number, nodes: number}) => void}} [options]
   * @returns {Promise<number>}
   */
  async count(options = {}) {
    const { signal, onProgress } = options;
    let slice = FIRST_SLICE;
    for (;;) {
      checkAbort(signal);
      const t = now();
      const done = this.lib.count_within(slice);
      if (done) return this.lib.solutions();
      slice = nextSlice(slice, now() - t);
      if (onProgress) {
        const s = this.lib.stats();
        onProgress({ solutions: s.solutions, nodes: s.nodes });
      }
      await yieldTurn();
    }
  }

  /**
   * Counts every solution not yet found at once (blocking) and returns the number from the start.
   * @returns {number}
   */
  countSync() {
    while (!this.lib.count_within(ALL));
    return this.lib.solutions();
  }

  /**
   * The solutions not yet found, each an array of option numbers (givens first), found as they are
   * asked for, in slices: `for await (const s of solver.solutions()) …`; `break` stops the search.
   * @param {{signal?: AbortSignal}} [options]
   * @returns {AsyncGenerator<number[], void, void>}
   */
  async *solutions(options = {}) {
    const { signal } = options;
    let slice = FIRST_SLICE;
    for (;;) {
      checkAbort(signal);
      const t = now();
      const found = this.lib.next_solution_within(slice);
      if (found === 1) {
        yield Array.from(this.lib.solution());
      } else if (found === -1) {
        return;
      } else {
        slice = nextSlice(slice, now() - t);
        await yieldTurn();
      }
    }
  }

  /**
   * The next solution found at once (blocking), or `null` when there is no more.
   * @returns {number[] | null}
   */
  nextSolutionSync() {
    for (;;) {
      const found = this.lib.next_solution_within(ALL);
      if (found === 1) return Array.from(this.lib.solution());
      if (found === -1) return null;
    }
  }

  /**
   * One event forwards, `null` once the search is over: `{type, level?, item?, option?, node?,
   * len?, k?, d?}`, items and options by their numbers from 0.
   * @returns {import('./index.js').Event | null}
   */
  step() {
    return this.lib.step();
  }

  /**
   * One event back: the last event taken, undone; `null` at the start.
   * @returns {import('./index.js').Event | null}
   */
  stepBack() {
    return this.lib.step_back();
  }

  /** Whether the whole search tree has been explored. */
  get done() {
    return this.lib.is_done();
  }

  /**
   * DLX1's counters so far, the level and Knuth's estimate of the fraction explored.
   * @returns {import('./index.js').Stats}
   */
  stats() {
    return this.lib.stats();
  }

  /**
   * The options chosen on the path to where the search stands.
   * @returns {number[]}
   */
  chosen() {
    return Array.from(this.lib.chosen());
  }

  /** Frees the wasm memory now (else when the object is garbage collected). */
  free() {
    this.lib.free();
  }
}

/** An exact-cover instance: primary and secondary items, options, colours, multiplicities. */
export class Instance {
  /**
   * @param {string[]} primary
   * @param {string[]} [secondary]
   */
  constructor(primary, secondary = []) {
    /** @private */
    this.lib = new LibInstance(primary, secondary);
  }

  /**
   * Reads Knuth's format (items line, `|` before the secondary items, `lo:hi|name`, options with
   * `name:colour`) or a 0-1 matrix, as `dlx count exact-cover` does.
   * @param {string} text
   * @returns {Instance}
   */
  static parse(text) {
    return Instance.wrap(LibInstance.parse(text));
  }

  /**
   * @param {LibInstance} lib
   * @returns {Instance}
   */
  static wrap(lib) {
    const inst = Object.create(Instance.prototype);
    inst.lib = lib;
    return inst;
  }

  /**
   * Adds an option by item names (`name:colour` for a coloured secondary item); its number.
   * @param {string[]} items
   * @returns {number}
   */
  addOption(items) {
    return this.lib.add_option(items);
  }

  /**
   * Gives a primary item the multiplicity `lo..=hi` (Algorithm M).
   * @param {string} item @param {number} lo @param {number} hi
   */
  setMultiplicity(item, lo, hi) {
    this.lib.set_multiplicity(item, lo, hi);
  }

  /** The instance in Knuth's format, as `dlx export` writes it. */
  toKnuth() {
    return this.lib.to_knuth();
  }

  /** Items, primary and secondary. */
  get nItems() {
    return this.lib.n_items();
  }

  /** Primary items: items `0..nPrimary`. */
  get nPrimary() {
    return this.lib.n_primary();
  }

  /** Options. */
  get nOptions() {
    return this.lib.n_options();
  }

  /**
   * The name of item `i` (from 0), `undefined` if there is none.
   * @param {number} i
   */
  itemName(i) {
    return this.lib.item_name(i);
  }

  /**
   * Option `k` (from 0) as Knuth's format writes it, `undefined` if there is none.
   * @param {number} k
   */
  optionText(k) {
    return this.lib.option_text(k);
  }

  /** A search over the instance. */
  solver() {
    return new Solver(this.lib.solver());
  }

  /**
   * The number of solutions, counted in slices.
   * @param {{signal?: AbortSignal, onProgress?: (p: {solutions: number, nodes: number}) => void}} [options]
   */
  count(options) {
    return this.solver().count(options);
  }

  /** The number of solutions, counted at once (blocking). */
  countSync() {
    return this.solver().countSync();
  }

  /**
   * The solutions, each an array of option numbers, found as they are asked for.
   * @param {{signal?: AbortSignal}} [options]
   */
  solutions(options) {
    return this.solver().solutions(options);
  }

  /** Frees the wasm memory now (else when the object is garbage collected). */
  free() {
    this.lib.free();
  }
}

/** A puzzle: its instance, its givens, and the boards its solutions decode to. */
export class Puzzle {
  /** @param {LibPuzzle} lib */
  constructor(lib) {
    /** @private */
    this.lib = lib;
  }

  /**
   * The puzzle `dlx count KIND ARG` names: `kind` one of sudoku, queens, toroidal-queens, latin,
   * langford, pentomino, edge-matching, macmahon, exact-cover; `arg` its argument as the CLI
   * takes it.
   * @param {string} kind @param {string} arg @param {{distinct?: boolean}} [options]
   * @returns {Puzzle}
   */
  static load(kind, arg, options = {}) {
    return new Puzzle(LibPuzzle.load(kind, arg, Boolean(options.distinct)));
  }

  /** A short title: "8-queens", "Sudoku 9x9". */
  get title() {
    return this.lib.title();
  }

  /**
   * The options the input fixes (a Sudoku's givens).
   * @returns {number[]}
   */
  get givens() {
    return Array.from(this.lib.givens());
  }

  /** The exact-cover instance (a copy). */
  instance() {
    return Instance.wrap(this.lib.instance());
  }

  /** A search over the puzzle, its givens chosen. */
  solver() {
    return new Solver(this.lib.solver());
  }

  /**
   * The number of solutions, counted in slices.
   * @param {{signal?: AbortSignal, onProgress?: (p: {solutions: number, nodes: number}) => void}} [options]
   */
  count(options) {
    return this.solver().count(options);
  }

  /** The number of solutions, counted at once (blocking). */
  countSync() {
    return this.solver().countSync();
  }

  /**
   * The solutions as boards, found as they are asked for.
   * @param {{signal?: AbortSignal}} [options]
   * @returns {AsyncGenerator<import('./index.js').Board, void, void>}
   */
  async *solutions(options) {
    for await (const s of this.solver().solutions(options)) {
      yield this.board(s);
    }
  }

  /**
   * The board of chosen options (a solution, or part of one).
   * @param {number[]} options
   * @returns {import('./index.js').Board}
   */
  board(options) {
    return this.lib.board(Uint32Array.from(options));
  }

  /** The puzzle in Knuth's format, as `dlx export` writes it. */
  toKnuth() {
    return this.lib.to_knuth();
  }

  /** Frees the wasm memory now (else when the object is garbage collected). */
  free() {
    this.lib.free();
  }
}

/**
 * N-queens.
 * @param {number} n
 */
export function queens(n) {
  return Puzzle.load('queens', wholeNumber('n', n));
}

/**
 * A Sudoku from its text (81 symbols, a drawn grid, f-puzzles JSON or a link), with variants by
 * name: x, windoku, anti-knight, anti-king, non-consecutive.
 * @param {string} text @param {string[]} [variants]
 */
export function sudoku(text, variants = []) {
  if (!Array.isArray(variants)) {
    throw new TypeError(`variants must be an array of strings, not ${typeof variants}`);
  }
  return new Puzzle(LibPuzzle.sudoku(text, variants.join(',')));
}

/**
 * Pentominoes on a board: 6x10, 5x12, 4x15, 3x20 or 8x8.
 * @param {string} board @param {{distinct?: boolean}} [options]
 */
export function pentomino(board, options) {
  return Puzzle.load('pentomino', board, options);
}

/**
 * Langford pairs of 1..n.
 * @param {number} n @param {{distinct?: boolean}} [options]
 */
export function langford(n, options) {
  return Puzzle.load('langford', wholeNumber('n', n), options);
}

/**
 * Latin squares of order n.
 * @param {number} n
 */
export function latin(n) {
  return Puzzle.load('latin', wholeNumber('n', n));
}

/**
 * @param {Instance | Puzzle | string} what @param {string | undefined} arg
 * @returns {Instance | Puzzle}
 */
function searchable(what, arg) {
  if (what instanceof Instance || what instanceof Puzzle) return what;
  if (typeof what === 'string') {
    if (arg === undefined) return Instance.parse(what);
    return Puzzle.load(what, String(arg));
  }
  throw new TypeError(
    `count and solve take an Instance, a Puzzle, an exact-cover text, or a kind and its argument, not ${typeof what}`,
  );
}

/**
 * The number of solutions, counted in slices: of an `Instance` or a `Puzzle`, of an exact-cover
 * text (`count(text)`), or of a puzzle by kind (`count('queens', 8)`).
 * @param {Instance | Puzzle | string} what @param {string | number} [arg]
 * @returns {Promise<number>}
 */
export function count(what, arg) {
  try {
    return searchable(what, arg === undefined ? undefined : String(arg)).count();
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * The solutions, found as they are asked for: option numbers for an `Instance` or a text, boards
 * for a `Puzzle` or a kind.
 * @param {Instance | Puzzle | string} what @param {string | number} [arg]
 * @returns {AsyncGenerator<number[] | import('./index.js').Board, void, void>}
 */
export function solve(what, arg) {
  return searchable(what, arg === undefined ? undefined : String(arg)).solutions();
}
