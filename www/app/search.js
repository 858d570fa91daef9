// @ts-check
// The actions on the search: a move (step, back, to the next choice, the timeline, a node of the
// tree), play, Next solution in slices (one a frame), Run to end on the workers and its end, and a
// tour taking the search over. Each loads a changed form first.

import { count } from '../views/readouts.js';
import { estimateNodes, HUGE_NODES } from '../workers/run.js';
import { ui } from './ui.js';
import { state, M, T, tell, note, stopHunt, huntLabel } from './state.js';
import { syncForm } from './form.js';

/**
 * One manual move (step, back, next choice): pause, take it, animate the links.
 * @param {() => number} fn  the move; returns the events taken
 * @param {'step' | 'back' | 'choice' | 'seek'} what
 */
export function act(fn, what) {
  const model = state.model;
  if (!model || !syncForm()) return;
  stopHunt();
  tell({ type: 'move' });
  if (model.playing) model.pause();
  const before = model.snapshot();
  const taken = fn();
  if (taken === 0 && what === 'seek') {
    // The timeline already stands there.
  } else if (taken === 0) {
    note(what === 'back' ? 'Already at the start.' : 'The search is finished: reset to go again.');
  } else {
    state.statusNote = null;
    tell({ type: 'animate', before, ms: what === 'choice' ? 650 : 420 });
  }
  state.dirty = true;
}

/**
 * Goes to a node of the explored tree (the tree view's click), by stepping (Model.goTo).
 * @param {string} key  the node's path key
 */
export function goToNode(key) {
  let far = false;
  act(() => {
    const n = M().goTo(key);
    far = n < 0;
    return Math.max(n, 0);
  }, 'seek');
  if (far) note('That node is too far from here to reach by stepping: Reset, then go forward to it.');
}

export function togglePlay() {
  const model = state.model;
  if (!model || !model.playing && !syncForm()) return;
  stopHunt();
  tell({ type: 'move' });
  if (model.playing) {
    model.pause();
  } else if (!model.play()) {
    note('The search is finished: reset to play it again.');
    return;
  }
  state.statusNote = null;
  state.dirty = true;
}

/**
 * A guided tour drives the search (www/tools/tours.js): the form and the search controls are inert until it
 * is left, and nothing else runs meanwhile. @param {boolean} on
 */
export function setTouring(on) {
  const model = M();
  if (model.playing) model.pause();
  stopHunt();
  document.body.classList.toggle('touring', on);
  // Run to end, the tree's choice and the pauses sit in the side column's run panel now: they rest too.
  for (const el of [document.querySelector('.problem-panel'), ui.controls, ui['run-panel']]) /** @type {HTMLElement} */ (el).inert = on;
  state.dirty = true;
}

export function startHunt() {
  const model = state.model;
  if (!model || !syncForm()) return;
  if (model.playing) model.pause();
  tell({ type: 'hunt' });
  if (model.stats().done) {
    // Nothing more to find: the last solution found stays on the board.
    tell({ type: 'found' });
    note('The search is finished: no more solutions (reset to go again).');
    state.dirty = true;
    return;
  }
  state.hunting = { slice: 2000 };
  huntLabel(true);
  state.statusNote = null;
  state.dirty = true;
}

/** One frame's share of the hunt: a slice of search-tree nodes sized to about 12 ms. */
export function huntFrame() {
  const model = M();
  const h = /** @type {{slice: number}} */ (state.hunting);
  const t = performance.now();
  const found = model.nextSolution(h.slice);
  const dt = performance.now() - t;
  h.slice = Math.max(100, Math.min(5e7, Math.round(h.slice * 12 / Math.max(dt, 0.5))));
  if (found) {
    stopHunt();
    tell({ type: 'found' });
    state.statusNote = null;
  } else if (model.stats().done) {
    // A search that finds nothing more keeps the last solution on the board.
    tell({ type: 'found' });
    stopHunt('No more solutions: the search is finished.');
  }
  state.dirty = true;
}

export function runToEnd() {
  // The run's time counts from here, the click (the estimate and a form loaded included).
  const clicked = performance.now();
  const model = state.model;
  if (!model || !syncForm() || !model.problem || !model.info) return;
  // The Memo switch on (and memos taken by this problem): one worker counts with memos. Knuth's
  // estimate is of the plain tree (domino tilings of 10x10: hours), not of the one memos fold.
  const memo = model.memoChoice && !model.memoRefusal();
  const spec = { ...model.problem, tree: model.treeChoice, memo };
  const estimate = memo ? 0 : estimateNodes(model.wasm, model.problem);
  if (estimate > HUGE_NODES) {
    T().runs.ask(spec, model.info.title, estimate);
    ui['run-anyway'].focus();
    return;
  }
  T().runs.start(spec, model.info.title, clicked);
  note(`Running ${model.info.title} to the end in the background${memo ? ', with memos' : ''}; the search here stays yours.`);
}

/**
 * The run's state changed: say when it ends, and take a new snapshot when the run starts, ends or
 * changes phase. A progress message (every worker, once a 200 ms slice; run.js passes them on at
 * most every 250 ms) only changes the figures of the same state object, which the run box reads at
 * every frame (RunBoxView.draw), so it costs no snapshot: redrawing every view for each one took a
 * third of a core from the workers (pentomino 6x10 on 2 workers: 0.34 s of the page's thread in a
 * 1.05 s run).
 */
export function onRunChange() {
  const r = T().runs.state;
  const held = document.activeElement === ui['run-to-end'];
  ui['run-to-end'].disabled = r.phase === 'running';
  // Run to end disabled under the focus hands it to Cancel now, not at the next frame (loop.js
  // keepFocus): a run shorter than a frame enabled the button again first, and the focus stayed on
  // the page's body.
  if (held && r.phase === 'running') {
    ui['run-cancel'].hidden = false;
    ui['run-cancel'].focus({ preventScroll: true });
  }
  if (r === state.runSeen.state && r.phase === state.runSeen.phase) return;
  state.runSeen = { state: r, phase: r.phase };
  if (r.phase === 'done' && r.stats) {
    const n = r.stats.solutions;
    tell({ type: 'ran', solutions: Number(n), boards: r.solutions });
    note(`${r.title}: ${count(n, 'solution', 'solutions')} counted to the end in ${(r.ms / 1000).toFixed(2)} s.`, 'solution');
  } else if (r.phase === 'error') {
    note(`Run to end failed: ${r.message}`, 'error');
  }
  state.dirty = true;
}
