// @ts-check
// The engine: loads the wasm package once and hands out what Rust defines for the page, so that no
// constant is spelt twice: the kinds of problem (problems::kinds), the search trees (search_trees), the
// event codes (EventCode), the caps and flags of the contract and the layouts of the link arrays and
// the events (engine_facts, src/wasm/facts.rs). Every other module imports them from here; the types
// of the values the Session returns are in the generated pkg/dlx_studio.d.ts.

/** @typedef {typeof import('../pkg/dlx_studio.js')} Wasm */
/** One kind of problem, as problems::kinds describes it. @typedef {import('../pkg/dlx_studio.js').Kind} Kind */

/** The kinds by name, in the order the page offers them; filled by startEngine. */
/** @type {Map<string, Kind>} */
export const KINDS = new Map();

/** A search tree the page may walk (search_trees()). @typedef {import('../pkg/dlx_studio.js').TreeChoice} TreeChoice */

/** The trees, DLX1 (the default) first; filled by startEngine. @type {TreeChoice[]} */
export const TREES = [];

/** Event codes (EventCode of src/wasm/events.rs): EV.Choose, EV.Try, …; filled by startEngine. */
/** @type {Record<string, number>} */
export const EV = {};

/** The contract's constants (engine_facts() of src/wasm/facts.rs); filled by startEngine. */
export const LIMITS = {
  /** Events kept from one stepping call. */
  eventCap: 0,
  /** u32 per event in the events buffer (EVENT.words). */
  eventWords: 0,
  /** Bit set in an item's entry of the lens view while the item is covered (core::COVERED). */
  covered: 0,
  /** The colour of a node marked by a purification (core::MARKED, Knuth's -1). */
  marked: 0,
  /** Solutions the engine keeps a search, and a run to the end its first (KEEP). */
  keep: 0,
  /** The longest text a load reads, in bytes (problems::MAX_INPUT). */
  maxInput: 0,
};

/**
 * Where each field sits in the zero-copy views, from the engine's own structs (core::Node,
 * core::ItemLink, wasm::facts::EventRecord): node x's down link is `nodes[NODE.words * x + NODE.down]`;
 * filled by startEngine.
 * @type {import('../pkg/dlx_studio.js').NodeLayout}
 */
export const NODE = { words: 0, top: 0, up: 0, down: 0, next: 0 };
/** @type {import('../pkg/dlx_studio.js').ItemLayout} */
export const ITEM = { words: 0, left: 0, right: 0 };
/** An event record's words: a to d mean what EventCode says of each event. @type {import('../pkg/dlx_studio.js').EventLayout} */
export const EVENT = { words: 0, code: 0, a: 0, b: 0, c: 0, d: 0, undone: 0 };

/**
 * The Error a Session throws for bad input: the CLI's message, where (numbers or undefined), and
 * the Sudoku cells it is about (givens that clash or break a variant's rule; empty otherwise).
 * @typedef {Error & {line?: number, column?: number, cells?: number[]}} InputError
 */

/** An error's message, whatever was thrown. @param {unknown} err */
export const messageOf = (err) => (err instanceof Error ? err.message : String(err));
/** The kinds of constraint of a Sudoku's layout (ShapeKind of src/wasm/sudoku_layout.rs): SHAPE.Cage, …; filled by startEngine. */
/** @type {Record<string, number>} */
export const SHAPE = {};

/**
 * The variant switches of a typed Sudoku (sudoku_switches(): the CLI's --variant names and their
 * rules), for the picker; filled by startEngine. @type {{name: string, rule: string}[]}
 */
export const SWITCHES = [];

/**
 * Every Sudoku size (sudoku_sizes(): problems::sudoku::geometry, the one place that knows them): its
 * boxes as [rows, cols] (absent: the puzzle brings its regions) and whether New puzzle makes it;
 * filled by startEngine. @type {{size: number, boxes?: number[], made: boolean}[]}
 */
export const SUDOKU_SIZES = [];

/** How many top levels of the search tree are remembered and drawn (a page setting, not Rust's). */
export const TREE_DEPTH = 24;

/**
 * Loads the wasm package and fills KINDS, TREES, EV, LIMITS, NODE, ITEM and EVENT. Throws when the package is missing (not built
 * yet) or fails to start.
 * @param {string} [url]
 * @returns {Promise<Wasm>}
 */
export async function startEngine(url = new URL('../pkg/dlx_studio.js', import.meta.url).href) {
  /** @type {Wasm} */
  const wasm = await import(url);
  await wasm.default();
  KINDS.clear();
  for (const k of /** @type {Kind[]} */ (wasm.problem_kinds())) KINDS.set(k.name, k);
  TREES.splice(0, TREES.length, .../** @type {TreeChoice[]} */ (wasm.search_trees()));
  const facts = wasm.engine_facts();
  Object.assign(NODE, facts.node);
  Object.assign(ITEM, facts.item);
  Object.assign(EVENT, facts.event);
  for (const [name, code] of Object.entries(wasm.EventCode)) {
    // A TypeScript-style enum object maps both ways; keep name -> code.
    if (typeof code === 'number') EV[name] = code;
  }
  Object.assign(LIMITS, {
    eventCap: facts.event_cap, eventWords: facts.event.words, covered: facts.covered, marked: facts.marked,
    keep: facts.keep, maxInput: facts.max_input,
  });
  for (const [name, code] of Object.entries(wasm.ShapeKind)) if (typeof code === 'number') SHAPE[name] = code;
  SWITCHES.splice(0, SWITCHES.length, ...wasm.sudoku_switches());
  SUDOKU_SIZES.splice(0, SUDOKU_SIZES.length, ...wasm.sudoku_sizes());
  return wasm;
}

/**
 * An item's length from its entry of the lens view (the COVERED flag masked off).
 * @param {Uint32Array} lens
 * @param {number} h  the item's header index
 */
export const itemLength = (lens, h) => lens[h] & (LIMITS.covered - 1);
