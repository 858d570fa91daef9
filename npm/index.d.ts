// Types of the package `dlx-studio`: Knuth's Dancing Links compiled to WebAssembly. The API has the
// shape of the Rust crate's (docs.rs/dlx-studio): Instance, Solver, Puzzle, the puzzles' builders.
// Bad input throws an Error whose message is the `dlx` CLI's ("line 2, column 3: unknown item `c`
// …"), with `line` and `column` (numbers or undefined) and `cells` (a Sudoku's cells at fault).

/** One step of the search, items and options by their numbers from 0. */
export interface Event {
  type:
    | 'choose' | 'deadEnd' | 'coverItem' | 'hide' | 'try' | 'solution' | 'backtrack' | 'unhide'
    | 'uncoverItem' | 'purify' | 'unpurify' | 'lower' | 'raise' | 'close' | 'untweak' | 'reject';
  level?: number;
  item?: number;
  option?: number;
  node?: number;
  /** `choose`: the options the item has left. */
  len?: number;
  /** `try`, `close`: the k-th of the d ways at this level. */
  k?: number;
  d?: number;
}

/** DLX1's counters, the level the search stands at, and Knuth's estimate of the fraction explored. */
export interface Stats {
  nodes: number;
  updates: number;
  cleansings: number;
  solutions: number;
  level: number;
  progress: number;
}

/** A puzzle's board: cells row-major (what a value means depends on `kind`), and as text. */
export interface Board {
  kind: string;
  rows: number;
  cols: number;
  cells: number[];
  given: boolean[];
  labels: string[];
  lines: string[];
  options: number[];
  text: string;
}

/** An Error from bad input, as the CLI words it. */
export interface InputError extends Error {
  line?: number;
  column?: number;
  cells: number[];
}

export interface CountOptions {
  /** Aborting rejects the count with the signal's reason. */
  signal?: AbortSignal;
  /** Called between slices with the solutions and nodes so far. */
  onProgress?: (p: { solutions: number; nodes: number }) => void;
}

export interface SolveOptions {
  signal?: AbortSignal;
}

/** A search: count, solve, step and step back. */
export class Solver {
  private constructor();
  /** Counts every solution not yet found, in slices; the number found from the start. */
  count(options?: CountOptions): Promise<number>;
  /** The same, at once (blocks until done). */
  countSync(): number;
  /** The solutions not yet found (option numbers, givens first), as they are asked for. */
  solutions(options?: SolveOptions): AsyncGenerator<number[], void, void>;
  /** The next solution at once (blocks), or null when there is no more. */
  nextSolutionSync(): number[] | null;
  /** One event forwards; null once the search is over. */
  step(): Event | null;
  /** One event back, the last one undone; null at the start. */
  stepBack(): Event | null;
  /** Whether the whole search tree has been explored. */
  readonly done: boolean;
  stats(): Stats;
  /** The options chosen on the path to where the search stands. */
  chosen(): number[];
  free(): void;
}

/** An exact-cover instance: primary and secondary items, options, colours, multiplicities. */
export class Instance {
  constructor(primary: string[], secondary?: string[]);
  /** Knuth's format or a 0-1 matrix, as `dlx count exact-cover` reads it. */
  static parse(text: string): Instance;
  /** Adds an option by item names (`name:colour` for a coloured secondary item); its number. */
  addOption(items: string[]): number;
  /** Gives a primary item the multiplicity lo..hi. */
  setMultiplicity(item: string, lo: number, hi: number): void;
  toKnuth(): string;
  readonly nItems: number;
  readonly nPrimary: number;
  readonly nOptions: number;
  itemName(i: number): string | undefined;
  optionText(k: number): string | undefined;
  solver(): Solver;
  count(options?: CountOptions): Promise<number>;
  countSync(): number;
  solutions(options?: SolveOptions): AsyncGenerator<number[], void, void>;
  free(): void;
}

/** A puzzle: its instance, its givens and the boards its solutions decode to. */
export class Puzzle {
  private constructor();
  /** The puzzle `dlx count KIND ARG` names. */
  static load(kind: string, arg: string, options?: { distinct?: boolean }): Puzzle;
  readonly title: string;
  readonly givens: number[];
  instance(): Instance;
  solver(): Solver;
  count(options?: CountOptions): Promise<number>;
  countSync(): number;
  solutions(options?: SolveOptions): AsyncGenerator<Board, void, void>;
  board(options: number[]): Board;
  toKnuth(): string;
  free(): void;
}

export function queens(n: number): Puzzle;
export function sudoku(text: string, variants?: string[]): Puzzle;
export function pentomino(board: string, options?: { distinct?: boolean }): Puzzle;
export function langford(n: number, options?: { distinct?: boolean }): Puzzle;
export function latin(n: number): Puzzle;

/** The number of solutions of an Instance, a Puzzle, an exact-cover text, or a kind and its argument. */
export function count(what: Instance | Puzzle | string, arg?: string | number): Promise<number>;
/** The solutions, as they are asked for: option numbers for an Instance or a text, boards for a puzzle. */
export function solve(what: Instance, arg?: undefined): AsyncGenerator<number[], void, void>;
export function solve(what: Puzzle, arg?: undefined): AsyncGenerator<Board, void, void>;
export function solve(what: string, arg?: string | number): AsyncGenerator<number[] | Board, void, void>;
