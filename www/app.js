// @ts-check
// The page's start: builds the model, the renderers (listed once, in `state.renderers`, with the one
// contract of www/views/snapshot.js) and the tools, wires them to each other, and opens the problem of
// the link or the history entry. What the app holds is in `state` (www/app/state.js); the form, the
// link, the controls and keys, the actions on the search and the frame loop are the modules of
// www/app/.

import { Model } from './engine/model.js';
import { KINDS, TREES, EV, LIMITS, messageOf } from './engine/engine.js';
import { DEFAULT as DEFAULT_PRESET } from './app/presets.js';
import { MatrixView } from './views/matrix.js';
import { BoardView } from './views/board.js';
import { TreeView } from './views/tree.js';
import { StatsView, NarrationView, RunBoxView } from './views/readouts.js';
import { RunToEnd, estimateNodes } from './workers/run.js';
import { resetColours } from './views/canvas.js';
import { LINK_PARAMS, specOf } from './app/links.js';
import { SolveControl } from './tools/sudoku/solve.js';
import { KeptSolutions } from './tools/sudoku/kept.js';
import { BoardEditor } from './tools/sudoku/editor.js';
import { Maker } from './workers/maker.js';
import { AlgorithmView } from './views/algorithm.js';
import { Glossary, TermLinker, linkStatistics } from './tools/glossary.js';
import { Tours } from './tools/tours.js';
import { bindDownloads } from './tools/downloads.js';
import { Race, RaceView } from './workers/race.js';
import { StageView } from './views/stage.js';
import { VariantTools, gridKeepsRules } from './views/variants.js';
import { ui, findElements } from './app/ui.js';
import { state, M, T, DEFAULT, note, setStatus, stopHunt, wakeOnDirty } from './app/state.js';
import { buildForm, readInputs, writeInputs, loadSpec, keepForUndo, formIsLoaded, updateFormState, syncForm } from './app/form.js';
import { bindControls, setControlsEnabled, setPausesFromInputs, setSpeedFromSlider } from './app/controls.js';
import { act, goToNode, setTouring, onRunChange } from './app/search.js';
import { loop } from './app/loop.js';

async function main() {
  findElements();
  bindControls();
  window.addEventListener('popstate', () => { openFromUrl(); });
  setSpeedFromSlider();
  setControlsEnabled(false);

  try {
    state.model = await Model.create();
  } catch (err) {
    setStatus(`The engine could not start: ${messageOf(err)}. Build it with \`make wasm\` and reload.`, 'error');
    return;
  }
  const picker = buildForm();

  const matrix = new MatrixView(ui['matrix-canvas'], {
    onHover: (t) => { ui['matrix-hover'].textContent = t || 'Point at a node to see its links.'; },
    // Fetched afresh whenever the matrix reads them: a view kept from before a call into wasm may be detached.
    arrays: () => M().views(),
    onFollow: (on) => ui['zoom-follow'].setAttribute('aria-pressed', String(on)),
  });
  const board = new BoardView(ui['board-canvas'], ui['board-legend'], ui['board-text']);
  const tree = new TreeView(
    { bar: ui['progress-bar'], value: ui['progress-value'], list: ui.path, box: ui['tree-view'], hover: ui['tree-hover'] },
    { goTo: goToNode },
  );
  const runs = new RunToEnd(onRunChange);
  // The problem loaded, which the run's idle workers read and split ahead of a click on Run to end.
  runs.upcoming = () => { const m = state.model; return m && m.problem && m.info ? { ...m.problem, tree: m.treeChoice } : null; };
  // And Knuth's estimate, which the click reads (kept by estimateNodes).
  runs.beforehand = (spec) => { try { estimateNodes(M().wasm, spec); } catch { /* the click says why */ } };
  // The run's workers start and warm the engine once the page is idle, so that Run to end starts at full speed.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => runs.warm(), { timeout: 2000 });
  else setTimeout(() => runs.warm(), 500);
  // The race runs on the problem loaded (syncForm: the form's problem, if it changed).
  const race = new Race(() => {});
  const raceView = new RaceView(
    { start: ui['race-start'], stop: ui['race-stop'], until: ui['race-until'], lanes: ui['race-lanes'], verdict: ui['race-verdict'], note: ui['race-note'] },
    { race, problem: () => { const m = M(); return syncForm() && m.problem && m.info ? { spec: m.problem, title: m.info.title || '' } : null; } },
  );
  const maker = new Maker(ui, {
    // The made puzzle into the Sudoku box (the user's text kept for Undo), then loaded.
    load: (text, switches) => {
      const spec = { kind: 'sudoku', text, distinct: false, format: switches || undefined };
      // The maker keeps the variant it made: its text carries the rules, and the form's switches
      // (which the maker otherwise follows) are off for it, so "New puzzle" again made a classic.
      const variant = ui['maker-variant'].value;
      writeInputs(spec);
      ui['maker-variant'].value = variant;
      return loadSpec(spec);
    },
    note,
  });
  state.tools = { runs, race, maker, picker };
  const changed = () => { state.dirty = true; };
  // The Sudoku's three rooms (www/tools/sudoku/): the kept solutions, the board editor, Solve.
  const kept = new KeptSolutions(ui, { model: M, note, changed });
  const editor = new BoardEditor(ui, {
    model: M,
    // An edit keeps the picker's switches (an X puzzle edited stays an X puzzle).
    loadPuzzle: (text) => loadSpec({ kind: 'sudoku', text, distinct: false, format: picker.value }, { fromBoard: true }),
    // The cells a puzzle that did not load breaks a rule in (a variant's: the board marks them).
    errorCells: () => state.errorCells.slice(),
    // Clear keeps the grid typed for Undo, as a preset or a link replacing it does.
    keepForUndo: () => { keepForUndo('sudoku', ui.puzzle.value); updateFormState(); },
    boxLoaded: () => formIsLoaded(),
    note,
    matrix,
    changed,
    // A puzzle whose rules are more than its givens and switches (cages, a jigsaw) is edited as text.
    editable: () => gridKeepsRules(M().layout, M().problem?.format),
  }, kept);
  const solve = new SolveControl(ui, {
    model: M,
    sync: () => syncForm(),
    // Solve is the next action: a message standing in the status line was about the last one.
    quiet: () => { state.statusNote = null; state.dirty = true; },
    epoch: () => state.epoch,
    changed,
  }, kept, editor);
  const variants = new VariantTools(
    { canvas: ui['board-canvas'], box: ui.shapes, list: ui['shape-list'], summary: ui['shapes-summary'] },
    { matrix, changed },
  );
  const tours = new Tours(ui.learn, ui['learn-row'], {
    model: M,
    // Tours follow Knuth's steps: they always walk DLX1's tree (the control is inert meanwhile).
    // A tour steps with memos or not, as its stops were written (the Memo switch follows).
    load: (spec, memo) => {
      writeInputs(spec);
      const model = M();
      if (!!model.memoChoice !== memo) { model.setMemo(memo); ui.memo.checked = memo; }
      const ok = loadSpec({ ...spec, tree: 'dlx1' });
      updateFormState();
      return ok;
    },
    move: (fn) => act(fn, 'seek'),
    setTouring,
    epoch: () => state.epoch,
  });
  // In this order: the snapshot's parts (`contribute`) are taken in it, the kept solution shown
  // before the editor's grid and overlay over it.
  state.renderers = [
    solve,
    kept,
    editor,
    variants,
    matrix,
    board,
    tree,
    new StatsView({
      level: ui['st-level'], nodes: ui['st-nodes'], updates: ui['st-updates'], cleansings: ui['st-cleansings'], solutions: ui['st-solutions'], memos: ui['st-memos'], hits: ui['st-hits'], zdd: ui['st-zdd'],
      eps: ui['st-eps'], elapsed: ui['st-elapsed'], source: ui['stats-source'], run: ui['st-run'],
    }),
    new NarrationView(ui.narration),
    new TermLinker(ui.narration),
    new AlgorithmView(ui.algorithm),
    raceView,
    new RunBoxView({ box: ui['run-box'], bar: ui['run-bar'], text: ui['run-text'], cancel: ui['run-cancel'], anyway: ui['run-anyway'], tree: ui['run-tree'] }),
    // The layout: the welcome, the side column's tabs, the board's share of the stage (www/views/stage.js).
    new StageView(ui, {
      play: () => ui.play.click(),
      chooseKind: (kind) => { ui.problem.value = kind; ui.problem.dispatchEvent(new Event('change')); },
      loadForm: () => { loadSpec(readInputs()); updateFormState(); },
      matrix,
    }),
    tours,
  ];
  for (const r of state.renderers) if ('dirty' in r) wakeOnDirty(r);

  const glossary = new Glossary();
  linkStatistics();
  ui['open-glossary'].addEventListener('click', () => glossary.show());

  bindDownloads({ log: ui['download-log'], instance: ui['download-instance'], solutions: ui['download-solutions'] }, {
    model: M, note,
    before: () => { stopHunt(); if (M().playing) M().pause(); state.dirty = true; },
    kept,
    sync: () => syncForm(),
  });
  // Dark mode follows the system, also when it switches while the page is open.
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    resetColours();
    for (const r of state.renderers) r.restyle?.();
    state.dirty = true;
  });

  const model = M();
  setPausesFromInputs();
  setSpeedFromSlider();
  // @ts-ignore: the handle the browser tests use
  window.dlx = {
    model,
    // The engine's event codes and constants, so tests spell none of them either.
    EV, LIMITS,
    app: {
      load: loadSpec, frames: () => state.frames, sleeping: () => state.sleep !== 0, state,
      lastRun: () => (runs.state.phase === 'done' ? runs.state : null),
      runs,
      race,
      matrix, board, tree, renderers: state.renderers, sudoku: editor, solve, kept, glossary, tours, variants, picker, maker,
    },
  };
  await openFromUrl();
  setControlsEnabled(true);
  state.frame = loop;
  requestAnimationFrame(loop);
}

/**
 * Opens the problem of the history entry or the URL (a bad one: its text stays in the input with the
 * error, and the default problem is shown).
 * @param {{push?: boolean}} [how]
 */
async function openFromUrl({ push = false } = {}) {
  let spec = history.state && history.state.spec ? history.state.spec : null;
  let damaged = '';
  if (!spec) {
    try {
      spec = await specOf(location.search, KINDS.keys());
    } catch (err) {
      damaged = `The link is damaged (${messageOf(err)}): showing ${DEFAULT_PRESET.label} instead.`;
      spec = null;
    }
  }
  // What a link holds that this page does not read (`?nonsense=1`, `tree=bogus`): said, not dropped
  // without a word.
  const params = history.state && history.state.spec ? new URLSearchParams() : new URLSearchParams(location.search);
  const known = new Set([...LINK_PARAMS, ...[...KINDS.keys()].flatMap((k) => [k, `${k}.z`])]);
  const unknown = [...new Set([...params.keys()].filter((k) => !known.has(k)))];
  const badTree = params.has('tree') && !TREES.some((t) => t.name === params.get('tree')) ? String(params.get('tree')) : '';
  const ignored = [
    ...(unknown.length ? [`the link's ${unknown.map((k) => `\`${k}\``).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not read here`] : []),
    ...(badTree ? [`the link's tree \`${badTree}\` is none of ${TREES.map((t) => t.name).join(', ')}, so DLX1's is walked`] : []),
  ].join('; ');
  const ignoredNote = ignored && ignored[0].toUpperCase() + ignored.slice(1);
  if (!spec) {
    writeInputs(DEFAULT, { keepUndo: false });
    loadSpec(DEFAULT, { updateUrl: false });
    // Said after the default is loaded, whose load would otherwise overwrite it at once.
    if (damaged) note(damaged, 'error');
    else if (ignoredNote) note(`${ignoredNote}: it names no problem, so this is ${DEFAULT_PRESET.label}.`, 'error');
    // This entry is the default problem's: Back from the next one returns to it.
    history.replaceState({ spec: DEFAULT }, '', location.href);
    return;
  }
  // A link or an entry without a tree is DLX1's (the default is left out of links).
  spec = { ...spec, tree: spec.tree || TREES[0].name, memo: !!spec.memo };
  writeInputs(spec);
  // Said before the load, so that the load's link keeps the `made=` of the puzzle.
  if (spec.made) T().maker.opened(spec.made, spec.text);
  if (loadSpec(spec, { push })) {
    if (ignoredNote) note(`${ignoredNote}.`, 'error');
    return;
  }
  const error = ui['input-error'].textContent;
  loadSpec(DEFAULT, { updateUrl: false });
  writeInputs(spec, { keepUndo: false });
  ui['input-error'].textContent = error;
  ui['input-error'].hidden = false;
  updateFormState();
  note(`Error in the link: ${error} (showing ${M().info?.title} instead)`, 'error');
}

main();
