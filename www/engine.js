// @ts-check
// The engine: loads the wasm package once and hands out what Rust defines for the page, so that no
// constant is spelt twice: the kinds of problem (problems::kinds), the search trees (search_trees), the
// event codes (EventCode) and the
// caps and flags of the contract (src/wasm.rs). Every other module imports them from here.

/** @typedef {typeof import('./pkg/dlx_studio.js')} Wasm */
/**
 * @typedef {object} Kind  one kind of problem, as problems::kinds describes it
 * @property {string} name      the name of the CLI, the URL and Session.load
 * @property {string} label
 * @property {'size' | 'board' | 'puzzle' | 'matrix'} input  what it reads
 * @property {number} min       bounds and default of N (input 'size')
 * @property {number} max
 * @property {number} default
 * @property {boolean} distinct whether symmetry breaking means something
 * @property {[string, string][]} boards  [name, label] of each board (input 'board')
 */

/** The kinds by name, in the order the page offers them; filled by startEngine. */
/** @type {Map<string, Kind>} */
export const KINDS = new Map();

/**
 * @typedef {object} TreeChoice  a search tree the page may walk (search_trees() of src/wasm.rs)
 * @property {string} name   the name of Session.set_tree, the URL and the CLI's --tree ("dlx1", "lookahead")
 * @property {string} label
 * @property {string} hint   what it does, in words (the control's tooltip)
 */

/** The trees, DLX1 (the default) first; filled by startEngine. @type {TreeChoice[]} */
export const TREES = [];

/** Event codes (EventCode of src/wasm.rs): EV.Choose, EV.Try, …; filled by startEngine. */
/** @type {Record<string, number>} */
export const EV = {};

/** The contract's constants; filled by startEngine. */
export const LIMITS = {
  /** Events kept from one stepping call. */
  eventCap: 0,
  /** u32 per event in the events buffer. */
  eventWords: 0,
  /** Bit set in an item's entry of the lens view while the item is covered (core::COVERED). */
  covered: 0,
};

/** The kinds of constraint of a Sudoku's layout (ShapeKind of src/wasm/sudoku_layout.rs): SHAPE.Cage, …; filled by startEngine. */
/** @type {Record<string, number>} */
export const SHAPE = {};

/**
 * The variant switches of a typed Sudoku (sudoku_switches(): the CLI's --variant names and their
 * rules), for the picker; filled by startEngine. @type {{name: string, rule: string}[]}
 */
export const SWITCHES = [];

/** How many top levels of the search tree are remembered and drawn (a page setting, not Rust's). */
export const TREE_DEPTH = 24;

/**
 * Loads the wasm package and fills KINDS, EV and LIMITS. Throws when the package is missing (not built
 * yet) or fails to start.
 * @param {string} [url]
 * @returns {Promise<Wasm>}
 */
export async function startEngine(url = new URL('./pkg/dlx_studio.js', import.meta.url).href) {
  /** @type {Wasm} */
  const wasm = await import(url);
  await wasm.default();
  KINDS.clear();
  for (const k of /** @type {Kind[]} */ (wasm.problem_kinds())) KINDS.set(k.name, k);
  TREES.splice(0, TREES.length, .../** @type {TreeChoice[]} */ (wasm.search_trees()));
  for (const [name, code] of Object.entries(wasm.EventCode)) {
    // A TypeScript-style enum object maps both ways; keep name -> code.
    if (typeof code === 'number') EV[name] = code;
  }
  for (const [name, code] of Object.entries(wasm.ShapeKind)) if (typeof code === 'number') SHAPE[name] = code;
  SWITCHES.splice(0, SWITCHES.length, ...wasm.sudoku_switches());
  LIMITS.eventCap = wasm.event_cap();
  LIMITS.eventWords = wasm.event_words();
  LIMITS.covered = wasm.covered_flag();
  return wasm;
}

/**
 * An item's length from its entry of the lens view (the COVERED flag masked off).
 * @param {Uint32Array} lens
 * @param {number} h  the item's header index
 */
export const itemLength = (lens, h) => lens[h] & (LIMITS.covered - 1);
