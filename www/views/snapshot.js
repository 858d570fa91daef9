// @ts-check
// The snapshot and the renderer contract. Once per changed frame `takeSnapshot` reads the model: every
// wasm call of the frame happens there, the renderers' own parts (`contribute`) included, and the
// snapshot is frozen before any renderer sees it; then every renderer gets `update(snapshot)`, and
// every frame `draw(now)`. The renderers are listed once, in app.js; a new view is a class with
// `update` and `draw` and one line in that list, and takes only the optional hooks it needs (as
// d3-force's forces take `initialize`). The link arrays are not in the snapshot: a renderer that reads
// them asks model.views() at the moment it reads (a view made before a call into wasm may be
// detached).

import { TREE_DEPTH } from '../engine/engine.js';

/**
 * What the search shows, read from the model (the `live` a renderer's `contribute` gets).
 * @typedef {object} Live
 * @property {import('../engine/model.js').Info} info        the problem loaded
 * @property {import('./variants.js').Layout | null} layout  a Sudoku's layout (Session.layout), else null
 * @property {import('../engine/model.js').ProblemSpec} problem  its kind and text
 * @property {import('../engine/model.js').Stats} stats      the live search's counters
 * @property {import('../engine/model.js').Board} board  problems::Board of the options chosen and the one
 *                                    tried; in the Snapshot, the board shown: the grid being edited, else
 *                                    the kept solution shown, else this one
 * @property {string} narration       one line in words for the latest event
 * @property {import('../engine/explored.js').PathLevel[]} path  option k of d at each level
 * @property {Map<string, import('../engine/explored.js').TreeNode>} tree  the explored top of the tree
 * @property {number} depth           levels of it remembered
 * @property {number} treeVersion     changes whenever the remembered tree does
 * @property {{memos: number, hits: number, full: boolean, zdd: number | null} | null} memo  memos and hits when the search steps with memos (full: at its budget; zdd: DLX6's ZDD nodes, once the search is over)
 * @property {string[]} labels        each option's short name in the puzzle's words (Model.labels)
 * @property {'solution' | 'dead' | 'rejected' | null} leaf  where the search stands ('rejected': just
 *                                    after the lookahead gave up the option tried)
 * @property {{node: number, item: number} | null} rejected  at a Reject: the option's node and the
 *                                    header of the item it left with no option
 * @property {string} treeName        the tree the search walks ("dlx1", "lookahead", "dlx3")
 * @property {number} branching       header of the item branched on, or 0
 * @property {number} trying          node of the option being tried, or 0
 * @property {number[] | null} tryingCells  the board cells of the option being tried, null when none is
 *                                    (and in the Snapshot, while a kept solution is shown)
 * @property {number[]} chosen        node of the option chosen at each level (0 where none yet)
 * @property {number} epoch           changes with every load and reset: a renderer keeping state
 *                                    across snapshots starts afresh when it changes
 * @property {number} lastMove        events taken by the last move (Infinity for a jump)
 * @property {boolean} playing
 * @property {boolean} hunting        searching for the next solution in slices
 * @property {boolean} follow         whether views should bring the option tried into sight
 * @property {boolean} fast           playing faster than 60 events/s: every frame moves the search on
 * @property {number} eventsPerSecond while playing
 * @property {number} elapsedMs       time the page's search has run
 * @property {import('../workers/run.js').RunState} run  the run to the end (its own figures, never the live ones)
 * @property {{code: number, level: number, undone: number, node?: number, item?: number} | null} lastEvent  the latest event taken
 *                                    or undone (null after a load, a reset or a jump)
 * @property {number} coverContext    1: the latest cover/uncover is of the item branched on; 2: of an
 *                                    item of the option tried; 0: neither
 * @property {'solution' | 'dead' | 'level' | null} stoppedAt  why play stopped by itself, if it did
 * @property {{position: number, horizon: number, at: number, fromStart: boolean, gen: number, by: string}} timeline
 *                                    events from the timeline's start (the search's, or after a jump
 *                                    the earliest point reached since) and the furthest point reached;
 *                                    `at` the model's own position; gen changes with every jump and
 *                                    restart; `by` what made the jump ('Solve'), or ''
 */

/**
 * A kept solution the board shows in place of the search's (www/tools/sudoku/kept.js).
 * `differ`: the cells where the kept solutions of a Sudoku differ, with the digits they hold there.
 * @typedef {{board: import('../engine/model.js').Board, index: number, count: number, source: 'search' | 'run', differ: Differ[]}} Shown
 */

/**
 * A cell where kept solutions differ, and the digits they hold there, in increasing order.
 * @typedef {{cell: number, values: number[]}} Differ
 */

/**
 * The parts renderers put into the snapshot while it is taken (`contribute`), each its own fields.
 * @typedef {object} SnapshotPart
 * @property {Shown | null} [solution]  the kept solution the list shows (kept.js); the board shows it
 *                                    unless a grid is being edited
 * @property {import('../engine/model.js').Board | null} [edit]  a grid edited on the board that does not
 *                                    load, shown in place of the puzzle loaded (editor.js)
 * @property {import('./grid.js').Overlay | null} [sudoku]  the overlay over a Sudoku (editor.js)
 * @property {boolean} [proved]       Solve proved the puzzle shown unique, its verdict standing (solve.js)
 * @property {boolean} [solving]      a Solve goes on (solve.js): its verdict is the one message of it
 * @property {number} [shape]         the variant shape pointed at, or −1 (variants.js)
 */

/**
 * Everything the renderers draw: the live search, and what the renderers' parts add to it.
 * @typedef {Live & {
 *   kept: boolean,
 *   solution: Shown | null,
 *   sudoku: import('./grid.js').Overlay | null,
 *   proved: boolean,
 *   solving: boolean,
 *   shape: number,
 *   edited: boolean,
 * }} Snapshot  `kept`: the board is a kept solution (nothing on it is being tried); `edited`: the
 *   board shows a grid edited there that does not load (its givens clash), not the puzzle loaded
 */

/**
 * What the app tells the renderers (the `on` hook), each taking the ones it cares about.
 * @typedef {{type: 'restart'} | {type: 'move'} | {type: 'hunt'} | {type: 'found'}
 *   | {type: 'ran', solutions: number, boards: import('../engine/model.js').Board[] | undefined}
 *   | {type: 'rules', loaded: boolean} | {type: 'typed'}
 *   | {type: 'loaded', info: import('../engine/model.js').Info, nodes: Uint32Array}
 *   | {type: 'animate', before: ReturnType<import('../engine/model.js').Model['snapshot']> | null, ms: number}
 *   | {type: 'zoom', by: number} | {type: 'fit'} | {type: 'follow'} | {type: 'resized'}} AppEvent
 *   restart: a load or a reset began a new search; move: the person moves the search (a step, play,
 *   the timeline: the board shows the search again); hunt: Next solution starts; found: it found one,
 *   or none more; ran: a run to the end finished; rules: a variant switch loaded the form, or not;
 *   typed: the form's text changed; loaded: a problem was loaded (its link arrays at the start);
 *   animate: a move to animate from the arrays before it; zoom, fit, follow: the matrix's controls
 *   and keys; resized: a panel was maximised or restored
 */

/** The pace of the page's figures and words during fast play (`Renderer.paceMs`): ten a second. */
export const PACE_MS = 100;

/**
 * The renderer contract: `update` and `draw` for every renderer, the other members only where needed.
 * @typedef {object} Renderer
 * @property {(s: Snapshot) => void} update  takes what it draws from the snapshot (cheap; keeps no typed-array view)
 * @property {(now: number) => void} draw    draws if something changed since the last draw (every frame)
 * @property {(model: import('../engine/model.js').Model, live: Live, parts: SnapshotPart) => SnapshotPart} [contribute]
 *   its part of the snapshot, read while the snapshot is taken (its wasm calls here, never after);
 *   `parts` are those of the renderers listed before it
 * @property {(e: AppEvent) => void} [on]    what the app tells the renderers
 * @property {(e: KeyboardEvent) => boolean} [takeKey]  a page key it takes first (a tour's): true if taken
 * @property {() => void} [restyle]         the colours changed (dark mode): draw again with the new ones
 * @property {boolean} [dirty]              something to draw (the frame loop stays awake for it)
 * @property {boolean} [animating]          an animation under way (the frame loop stays awake for it)
 * @property {number} [paceMs]            while play is fast (`Snapshot.fast`), `update` at most this often:
 *   text that changed at every frame there cost the frame its layout and was not readable anyway
 * @property {boolean} [holdsEdit]          a grid edited on the board does not load and is marked there:
 *   an action that loads the form leaves the form's error out of sight
 */

/**
 * Reads the model, then the renderers' parts (`contribute`, in the renderers' order). All the wasm
 * calls of a frame happen here, before any renderer reads a view; the snapshot is frozen.
 * @param {import('../engine/model.js').Model} model
 * @param {{hunting: boolean, run: import('../workers/run.js').RunState, epoch: number, formError?: boolean}} app
 * @param {Renderer[]} renderers
 * @returns {Readonly<Snapshot>}
 */
export function takeSnapshot(model, app, renderers) {
  const fast = model.playing && model.speed > 60;
  const stats = model.stats();
  let narration = model.narration();
  if (app.hunting) {
    // The engine's note says where the last slice paused; the search has not paused.
    narration = `Searching for the next solution… ${Number(stats.nodes).toLocaleString('en-US')} nodes so far.`;
  } else if (model.leaf === 'solution' && model.stoppedAtSolution) {
    // Play stops on a solution by stepping back over the events it took past it: say the solution,
    // not the undo.
    narration = `Solution ${Number(stats.solutions).toLocaleString('en-US')} found at level ${stats.level}: every primary item is covered.`;
  }
  // The form's text does not load (its error is shown): the search, its board and this line are
  // the problem loaded before, which "Solved: …" beside "Not solved: the puzzle in the box does not
  // load" did not say.
  if (app.formError && narration) narration = `The problem loaded before: ${narration}`;
  const chosen = model.chosenNodes();
  const trying = model.trying();
  /** @type {Live} */
  const live = {
    tryingCells: trying ? model.optionCells(model.optionOf(trying)) : null,
    info: /** @type {import('../engine/model.js').Info} */ (model.info),
    layout: model.layout,
    problem: /** @type {import('../engine/model.js').ProblemSpec} */ (model.problem),
    stats,
    board: model.board(),
    narration: narration || 'At the start: nothing covered yet.',
    path: model.path,
    tree: model.tree,
    depth: TREE_DEPTH,
    treeVersion: model.explored.version,
    labels: model.labels,
    leaf: model.leaf,
    rejected: model.leaf === 'rejected' && model.lastEvent() ? { node: model.lastEvent()?.node ?? 0, item: model.lastEvent()?.item ?? 0 } : null,
    treeName: model.treeName,
    memo: model.memoCounts,
    branching: model.branchingItem(),
    trying,
    chosen,
    epoch: app.epoch,
    lastMove: model.lastMove,
    playing: model.playing,
    hunting: app.hunting,
    follow: !fast && !app.hunting,
    fast,
    eventsPerSecond: model.eventsPerSecond,
    elapsedMs: model.elapsedMs,
    run: app.run,
    lastEvent: model.lastEvent(),
    coverContext: model.info ? model.coverContext() : 0,
    stoppedAt: model.stoppedAt,
    // The timeline's figures count from its start, the earliest event reached since the last jump
    // (`at`: the position as the model counts it, from where the jump landed).
    timeline: { position: model.position - model.low, horizon: model.horizon - model.low, at: model.position, fromStart: model.fromStart, gen: model.timelineGen, by: model.jumpBy },
  };
  /** @type {SnapshotPart} */
  const parts = {};
  for (const r of renderers) if (r.contribute) Object.assign(parts, r.contribute(model, live, parts));
  const solution = parts.solution ?? null;
  // The board shown: the grid being edited, else the kept solution shown, else the search's.
  const kept = !parts.edit && !!solution;
  return Object.freeze({
    ...live,
    board: parts.edit ?? solution?.board ?? live.board,
    // A kept solution is no search state: nothing on it is being tried.
    tryingCells: kept ? null : live.tryingCells,
    kept,
    solution,
    sudoku: parts.sudoku ?? null,
    proved: !!parts.proved,
    solving: !!parts.solving,
    shape: parts.shape ?? -1,
    edited: !!parts.edit,
  });
}
