// @ts-check
// The snapshot: everything the renderers draw, read from the model once per changed frame. Every
// renderer has the same two methods, registered in one list in app.js:
//
//   update(snapshot)  takes what it draws from the snapshot (cheap; keeps no typed-array view)
//   draw(now)         draws if something changed since the last draw (called every frame)
//
// A new view is a class with these two methods and one line in that list. The link arrays are not in
// the snapshot: a renderer that reads them asks model.views() at the moment it reads (a view made
// before a call into wasm may be detached).

import { TREE_DEPTH } from '../engine/engine.js';

/**
 * @typedef {object} Snapshot
 * @property {import('../engine/model.js').Info} info        the problem loaded
 * @property {import('./variants.js').Layout | null} layout  a Sudoku's layout (Session.layout), else null
 * @property {import('../engine/model.js').ProblemSpec} problem  its kind and text
 * @property {import('../engine/model.js').Stats} stats      the live search's counters
 * @property {import('../engine/model.js').Board} board  problems::Board of the options chosen and the one tried
 * @property {string} narration       one line in words for the latest event
 * @property {import('../engine/explored.js').PathLevel[]} path  option k of d at each level
 * @property {Map<string, import('../engine/explored.js').TreeNode>} tree  the explored top of the tree
 * @property {number} depth           levels of it remembered
 * @property {number} treeVersion     changes whenever the remembered tree does
 * @property {string[]} labels        each option's short name in the puzzle's words (Model.labels)
 * @property {'solution' | 'dead' | 'rejected' | null} leaf  where the search stands ('rejected': just
 *                                    after the lookahead gave up the option tried)
 * @property {{node: number, item: number} | null} rejected  at a Reject: the option's node and the
 *                                    header of the item it left with no option
 * @property {string} treeName        the tree the search walks ("dlx1", "lookahead", "dlx3")
 * @property {number} branching       header of the item branched on, or 0
 * @property {number} trying          node of the option being tried, or 0
 * @property {number[] | null} tryingCells  the board cells of the option being tried, null when none is
 * @property {number[]} chosen        node of the option chosen at each level (0 where none yet)
 * @property {boolean} kept           the board is a solution kept in a list (www/tools/sudoku.js shows it in
 *                                    place of the search's): nothing on it is being tried
 * @property {number} epoch           changes with every load and reset: a renderer keeping state
 *                                    across snapshots starts afresh when it changes
 * @property {number} lastMove        events taken by the last move (Infinity for a jump)
 * @property {boolean} playing
 * @property {boolean} hunting        searching for the next solution in slices
 * @property {boolean} follow         whether views should bring the option tried into sight
 * @property {number} eventsPerSecond while playing
 * @property {number} elapsedMs       time the page's search has run
 * @property {import('../workers/run.js').RunState} run  the run to the end (its own figures, never the live ones)
 * @property {import('../tools/sudoku.js').Overlay | null} [sudoku]  a Sudoku's overlay, put in by SudokuTools.decorate
 * @property {{code: number, level: number, undone: number, node?: number, item?: number} | null} lastEvent  the latest event taken
 *                                    or undone (null after a load, a reset or a jump)
 * @property {number} coverContext    1: the latest cover/uncover is of the item branched on; 2: of an
 *                                    item of the option tried; 0: neither
 * @property {'solution' | 'dead' | 'level' | null} stoppedAt  why play stopped by itself, if it did
 * @property {{position: number, horizon: number, at: number, fromStart: boolean, gen: number}} timeline
 *                                    events from the timeline's start (the search's, or after a jump
 *                                    the earliest point reached since) and the furthest point reached;
 *                                    `at` the model's own position; gen changes with every jump and restart
 */

/** @typedef {{update(s: Snapshot): void, draw(now: number): void, dirty?: boolean}} Renderer */

/**
 * Reads the model. All the wasm calls happen here, before any renderer reads a view.
 * @param {import('../engine/model.js').Model} model
 * @param {{hunting: boolean, run: import('../workers/run.js').RunState, epoch: number, formError?: boolean}} app
 * @returns {Snapshot}
 */
export function takeSnapshot(model, app) {
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
  return {
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
    branching: model.branchingItem(),
    trying,
    chosen,
    kept: false,
    epoch: app.epoch,
    lastMove: model.lastMove,
    playing: model.playing,
    hunting: app.hunting,
    follow: !fast && !app.hunting,
    eventsPerSecond: model.eventsPerSecond,
    elapsedMs: model.elapsedMs,
    run: app.run,
    lastEvent: model.lastEvent(),
    coverContext: model.info ? model.coverContext() : 0,
    stoppedAt: model.stoppedAt,
    // The timeline's figures count from its start, the earliest event reached since the last jump
    // (`at`: the position as the model counts it, from where the jump landed).
    timeline: { position: model.position - model.low, horizon: model.horizon - model.low, at: model.position, fromStart: model.fromStart, gen: model.timelineGen },
  };
}
