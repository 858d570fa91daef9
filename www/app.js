// @ts-check
// The controls and the glue: reads the inputs and the URL, drives the model, runs the frame loop, and
// hands every renderer one snapshot (www/views/snapshot.js). The model owns the search; the renderers only
// draw; everything else the app holds is in `state`, reset in one place (`restartSearch`).

import { Model } from './engine/model.js';
import { KINDS, TREES, EV, LIMITS, SUDOKU_SIZES, messageOf } from './engine/engine.js';
import { PRESETS, DEFAULT as DEFAULT_PRESET } from './app/presets.js';
import { MatrixView } from './views/matrix.js';
import { BoardView } from './views/board.js';
import { TreeView } from './views/tree.js';
import { StatsView, NarrationView, RunBoxView, fmt, count, short, markCut } from './views/readouts.js';
import { RunToEnd, estimateNodes, HUGE_NODES } from './workers/run.js';
import { takeSnapshot } from './views/snapshot.js';
import { resetColours } from './views/canvas.js';
import { LINK_PARAMS, queryOf, specOf, MAX_URL } from './app/links.js';
import { SudokuTools } from './tools/sudoku.js';
import { Maker } from './workers/maker.js';
import { AlgorithmView } from './views/algorithm.js';
import { Glossary, TermLinker, linkStatistics } from './tools/glossary.js';
import { Tours } from './tools/tours.js';
import { bindDownloads } from './tools/downloads.js';
import { Race, RaceView } from './workers/race.js';
import { StageView } from './views/stage.js';
import { VariantPicker, VariantTools, gridKeepsRules } from './views/variants.js';

/** The problem shown first. @type {import('./engine/model.js').ProblemSpec} */
const DEFAULT = { kind: DEFAULT_PRESET.kind, text: DEFAULT_PRESET.text, distinct: false };
/** Below this speed (events/s) every change of the links is animated. */
const ANIMATE_BELOW = 9;
/** How long after the last keystroke a text whose error shows is read again (`recheckInput`), in ms. */
const RECHECK_MS = 250;

/** What `state.dirty` reads and writes. */
let dirtyFlag = true;

/** The sleeping frame loop's timer (0: the loop is awake, a frame is requested; see `loop`). */
let loopSleep = 0;

/**
 * The app's state, all of it. `restartSearch` is the one path that resets what belongs to a search.
 * @type {{
 *   model: Model | null,
 *   dirty: boolean,
 *   hunting: {slice: number} | null,
 *   epoch: number,
 *   statusNote: {text: string, kind: string, input?: boolean} | null,
 *   frames: number,
 *   snapshots: number,
 *   texts: Record<string, string>,
 *   undo: {kind: string, text: string}[],
 *   link: {query: string, tooLong: number, seq: number, written: Promise<void>},
 *   errorCells: number[],
 * }}
 */
const state = {
  /** The search (null until the engine has started). */
  model: null,
  /** Whether the renderers need a new snapshot (setting it wakes a sleeping frame loop). */
  get dirty() { return dirtyFlag; },
  set dirty(v) { dirtyFlag = v; if (v) wakeLoop(); },
  /** A search for the next solution going on in slices, one a frame. */
  hunting: null,
  /** Counts loads and resets: renderers see a new search by a new epoch in the snapshot. */
  epoch: 0,
  /** A message in the status line (an error, a note), kept until the next action. */
  statusNote: null,
  /** Frames drawn (tests read the frame rate from it). */
  frames: 0,
  /** Snapshots taken: frames on which every view was updated (tests count them during a run). */
  snapshots: 0,
  /** Each kind's text in its input (a size, a board, a grid, a matrix): switching kinds keeps them. */
  texts: {},
  /** Texts a preset or a link replaced in their kind's input, newest last: "Undo" brings them back. */
  undo: [],
  /** The link of the problem loaded: its query (null when too long), its length if too long. */
  link: { query: '', tooLong: 0, seq: 0, written: Promise.resolve() },
  /** The cells of a Sudoku the last load's error is about (givens that break a rule), row-major. */
  errorCells: [],
};

/**
 * The page's controls the code reads as what they are (a value, checked, disabled), by id, with the
 * element type index.html gives each; `start` checks every one, so a changed tag fails at load.
 */
const CONTROLS = {
  problem: HTMLSelectElement, preset: HTMLSelectElement, 'matrix-format': HTMLSelectElement,
  'tree-choice': HTMLSelectElement, 'pentomino-board': HTMLSelectElement, 'race-until': HTMLSelectElement,
  size: HTMLInputElement, distinct: HTMLInputElement, speed: HTMLInputElement, timeline: HTMLInputElement,
  'pause-at-solution': HTMLInputElement, 'pause-at-dead-end': HTMLInputElement, 'pause-at-level': HTMLInputElement,
  'pause-level': HTMLInputElement, puzzle: HTMLTextAreaElement, 'matrix-input': HTMLTextAreaElement,
  'matrix-canvas': HTMLCanvasElement, 'board-canvas': HTMLCanvasElement,
  solve: HTMLButtonElement, 'solve-form': HTMLButtonElement, 'solution-prev': HTMLButtonElement, 'solution-next': HTMLButtonElement,
  load: HTMLButtonElement, reset: HTMLButtonElement, 'step-back': HTMLButtonElement, 'step-back-choice': HTMLButtonElement,
  play: HTMLButtonElement, step: HTMLButtonElement, 'step-choice': HTMLButtonElement, 'next-solution': HTMLButtonElement,
  'run-to-end': HTMLButtonElement, 'race-start': HTMLButtonElement, 'race-stop': HTMLButtonElement,
  'run-cancel': HTMLButtonElement, 'run-anyway': HTMLButtonElement, 'download-log': HTMLButtonElement,
  'download-instance': HTMLButtonElement, 'download-solutions': HTMLButtonElement,
  'maker-size': HTMLSelectElement, 'maker-variant': HTMLSelectElement, 'maker-seed': HTMLInputElement,
  'new-puzzle': HTMLButtonElement, 'maker-cancel': HTMLButtonElement,
};
/**
 * The page's elements by id: the CONTROLS as their types, every other one as an HTMLElement.
 * @typedef {Record<string, HTMLElement> & {[K in keyof typeof CONTROLS]: InstanceType<(typeof CONTROLS)[K]>}} UI
 */

/** Filled by start from index.html (every element with an id). */
const ui = /** @type {UI} */ ({});
/** @type {MatrixView} */ let matrix;
/** @type {BoardView} */ let board;
/** @type {TreeView} */ let tree;
/** @type {RunToEnd} */ let runs;
/** @type {SudokuTools} */ let sudoku;
/** @type {Maker} */ let maker;
/** @type {Glossary} */ let glossary;
/** @type {Tours} */ let tours;
/** @type {Race} */ let race;
/** The variant switches of a typed Sudoku. @type {VariantPicker} */ let picker;
/** Pointing at a variant Sudoku's shapes. @type {VariantTools} */ let variants;
/** Every view, with the one interface of www/views/snapshot.js. @type {import('./views/snapshot.js').Renderer[]} */
let renderers = [];

/** The model, once started (controls are disabled before). */
function M() { return /** @type {Model} */ (state.model); }

// ------------------------------------------------------------------ start

async function main() {
  for (const el of document.querySelectorAll('[id]')) if (el instanceof HTMLElement) ui[el.id] = el;
  for (const [id, type] of Object.entries(CONTROLS)) {
    if (!(ui[id] instanceof type)) throw new Error(`#${id} is not a ${type.name} (index.html)`);
  }
  bindControls();
  setSpeedFromSlider();
  setControlsEnabled(false);

  try {
    state.model = await Model.create();
  } catch (err) {
    setStatus(`The engine could not start: ${messageOf(err)}. Build it with \`make wasm\` and reload.`, 'error');
    return;
  }
  buildForm();

  matrix = new MatrixView(ui['matrix-canvas'], {
    onHover: (t) => { ui['matrix-hover'].textContent = t || 'Point at a node to see its links.'; },
    // Fetched afresh whenever the matrix reads them: a view kept from before a call into wasm may be detached.
    arrays: () => M().views(),
    onFollow: (on) => ui['zoom-follow'].setAttribute('aria-pressed', String(on)),
  });
  board = new BoardView(ui['board-canvas'], ui['board-legend'], ui['board-text']);
  tree = new TreeView(
    { bar: ui['progress-bar'], value: ui['progress-value'], list: ui.path, box: ui['tree-view'], hover: ui['tree-hover'] },
    { goTo: goToNode },
  );
  runs = new RunToEnd(onRunChange);
  // The problem loaded, which the run's idle workers read and split ahead of a click on Run to end.
  runs.upcoming = () => { const m = state.model; return m && m.problem && m.info ? { ...m.problem, tree: m.treeChoice } : null; };
  // And Knuth's estimate, which the click reads (kept by estimateNodes).
  runs.beforehand = (spec) => { try { estimateNodes(M().wasm, spec); } catch { /* the click says why */ } };
  // The run's workers start and warm the engine once the page is idle, so that Run to end starts at full speed.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => runs.warm(), { timeout: 2000 });
  else setTimeout(() => runs.warm(), 500);
  // The race runs on the problem loaded (syncForm: the form's problem, if it changed).
  const raceView = new RaceView(
    { start: ui['race-start'], stop: ui['race-stop'], until: ui['race-until'], lanes: ui['race-lanes'], verdict: ui['race-verdict'], note: ui['race-note'] },
    { race: (race = new Race(() => raceView.changed())), problem: () => { const m = M(); return syncForm() && m.problem && m.info ? { spec: m.problem, title: m.info.title || '' } : null; } },
  );
  maker = new Maker(ui, {
    // The made puzzle into the Sudoku box (the user's text kept for Undo), then loaded.
    load: (text) => {
      const spec = { kind: 'sudoku', text, distinct: false };
      // The maker keeps the variant it made: its text carries the rules, and the form's switches
      // (which the maker otherwise follows) are off for it, so "New puzzle" again made a classic.
      const variant = ui['maker-variant'].value;
      writeInputs(spec);
      ui['maker-variant'].value = variant;
      return loadSpec(spec);
    },
    note,
  });
  sudoku = new SudokuTools(ui, {
    model: M,
    // An edit keeps the picker's switches (an X puzzle edited stays an X puzzle).
    loadPuzzle: (text) => loadSpec({ kind: 'sudoku', text, distinct: false, format: picker.value }),
    // The cells a puzzle that did not load breaks a rule in (a variant's: the board marks them).
    errorCells: () => state.errorCells.slice(),
    sync: () => syncForm(),
    // Solve is the next action: a message standing in the status line was about the last one.
    quiet: () => { state.statusNote = null; state.dirty = true; },
    // Clear keeps the grid typed for Undo, as a preset or a link replacing it does.
    keepForUndo: () => { keepForUndo('sudoku', ui.puzzle.value); updateFormState(); },
    boxLoaded: () => formIsLoaded(),
    epoch: () => state.epoch,
    note,
    matrix,
    board,
    changed: () => { state.dirty = true; },
    // A puzzle whose rules are more than its givens and switches (cages, a jigsaw) is edited as text.
    editable: () => gridKeepsRules(M().layout, M().problem?.format),
  });
  variants = new VariantTools(
    { canvas: ui['board-canvas'], box: ui.shapes, list: ui['shape-list'], summary: ui['shapes-summary'] },
    { matrix, geometry: () => board.geometry, changed: () => { board.dirty = true; state.dirty = true; } },
  );
  board.variants = variants;
  // Pointing at an item's column in the matrix lights its cells on a Sudoku board.
  ui['matrix-canvas'].addEventListener('pointermove', (/** @type {PointerEvent} */ e) => sudoku.pointItem(matrix.itemAt(e)));
  ui['matrix-canvas'].addEventListener('pointerleave', () => sudoku.pointItem(0));
  renderers = [
    sudoku,
    variants,
    matrix,
    board,
    tree,
    new StatsView({
      level: ui['st-level'], nodes: ui['st-nodes'], updates: ui['st-updates'], cleansings: ui['st-cleansings'], solutions: ui['st-solutions'],
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
  ];

  glossary = new Glossary();
  linkStatistics();
  ui['open-glossary'].addEventListener('click', () => glossary.show());
  tours = new Tours(ui.learn, ui['learn-row'], {
    model: M,
    // Tours follow Knuth's steps: they always walk DLX1's tree (the control is inert meanwhile).
    load: (spec) => { writeInputs(spec); const ok = loadSpec({ ...spec, tree: 'dlx1' }); updateFormState(); return ok; },
    move: (fn) => act(fn, 'seek'),
    setTouring,
    epoch: () => state.epoch,
  });
  renderers.push(tours);

  bindDownloads({ log: ui['download-log'], instance: ui['download-instance'], solutions: ui['download-solutions'] }, {
    model: M, note,
    before: () => { stopHunt(); if (M().playing) M().pause(); state.dirty = true; },
    runBoards: () => (sudoku.list.source === 'run' ? sudoku.list.boards : null),
    sync: () => syncForm(),
  });
  // Dark mode follows the system, also when it switches while the page is open.
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    resetColours();
    board.legendKey = '';
    for (const r of renderers) r.dirty = true;
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
      load: loadSpec, frames: () => state.frames, sleeping: () => loopSleep !== 0, state,
      lastRun: () => (runs.state.phase === 'done' ? runs.state : null),
      runs,
      race,
      matrix, board, tree, renderers, sudoku, glossary, tours, variants, picker, maker,
    },
  };
  await openFromUrl();
  setControlsEnabled(true);
  requestAnimationFrame(loop);
}

// ------------------------------------------------------------------ problems

/** The kind select, the board select and the size hints, from problems::kinds (engine.js). */
function buildForm() {
  ui.problem.replaceChildren(...[...KINDS.values()].map((k) => new Option(k.label, k.name)));
  ui['tree-choice'].replaceChildren(...TREES.map((t) => {
    const o = new Option(t.label, t.name);
    o.title = t.hint;
    return o;
  }));
  for (const [key, p] of Object.entries(PRESETS)) ui.preset.append(new Option(p.label, key));
  // A changed switch loads at once, as a changed board, N or "distinct" does.
  picker = new VariantPicker(ui['variant-picker'], () => {
    maker.followRules(picker.value);
    // A rule the givens break: its error is under the form, below the fold of a short window; the
    // switch keeps the focus, the error comes into view (the status line cut it to "the givens b…"),
    // and the board marks the cells that break it (nothing was marked, and Solve then said the box
    // did not load, though nobody had touched it).
    const loaded = loadSpec(readInputs());
    if (!loaded) ui['input-error'].scrollIntoView({ block: 'nearest' });
    sudoku.afterRules(loaded);
  });
  for (const k of KINDS.values()) state.texts[k.name] = defaultText(k.name);
  state.texts.sudoku = PRESETS['sudoku-hard'].text;
  state.texts['exact-cover'] = DEFAULT.text;
  showInputFor(ui.problem.value);
}

/** @param {string} kind */
function kindOf(kind) {
  const k = KINDS.get(kind);
  if (!k) throw new Error(`unknown kind ${kind}`);
  return k;
}

/** @param {string} kind @param {string} text  whether text is a preset's or the default (nothing to lose) */
function isPresetText(kind, text) {
  return text === defaultText(kind) || Object.values(PRESETS).some((p) => p.kind === kind && p.text === text);
}

/** @param {string} kind */
function defaultText(kind) {
  const k = kindOf(kind);
  return k.input === 'size' ? String(k.default) : k.input === 'board' ? k.boards[0][0] : '';
}

/** @param {string} kind the input element a kind reads */
function inputElement(kind) {
  return { size: ui.size, board: ui['pentomino-board'], puzzle: ui.puzzle, matrix: ui['matrix-input'] }[kindOf(kind).input];
}

/**
 * Shows the input a kind needs, with that kind's own text, and sets its bounds.
 * @param {string} kind
 */
function showInputFor(kind) {
  const k = kindOf(kind);
  for (const el of document.querySelectorAll('[data-input]')) {
    const which = /** @type {HTMLElement} */ (el).dataset.input;
    /** @type {HTMLElement} */ (el).hidden = !(which === k.input || (which === 'distinct' && k.distinct));
  }
  if (k.input === 'size') {
    ui.size.min = String(k.min);
    ui.size.max = String(k.max);
    ui['size-range'].textContent = `(${k.min} to ${k.max})`;
  }
  // Several kinds read a board name (pentomino, edge matching): one select, filled with the boards
  // of the kind shown.
  const boards = ui['pentomino-board'];
  if (k.input === 'board' && boards.dataset.kind !== kind) {
    boards.replaceChildren(...k.boards.map(([name, label]) => new Option(label, name)));
    boards.dataset.kind = kind;
  }
  const input = inputElement(kind);
  const value = state.texts[kind] ?? defaultText(kind);
  // A number box takes a number only: a hand-edited link's `?queens=abc`, assigned, had the browser
  // log a warning and show the box empty. It shows empty, and the load's error names the `abc`.
  const number = input instanceof HTMLInputElement && input.type === 'number';
  input.value = number && !/^-?\d+(\.\d+)?$/.test(value.trim()) ? '' : number ? value.trim() : value;
}

/** The problem the inputs describe now. @returns {import('./engine/model.js').ProblemSpec} */
function readInputs() {
  const kind = ui.problem.value;
  const k = kindOf(kind);
  const el = inputElement(kind);
  const text = k.input === 'size' ? el.value.trim() : el.value;
  // The exact-cover format (the CLI's --format), a Sudoku's variant switches (--variant); undefined
  // elsewhere, for "detect" and for no switch.
  const format = k.input === 'matrix' && ui['matrix-format'].value !== 'auto' ? ui['matrix-format'].value
    : k.input === 'puzzle' ? picker.value : undefined;
  return { kind, text, distinct: !!k.distinct && ui.distinct.checked, format };
}

/**
 * Keeps text the user typed for "Undo" (not an empty one, nor a preset's, which the preset list gives
 * back), at most the last 20.
 * @param {string} kind @param {string} text
 */
function keepForUndo(kind, text) {
  if (text.trim() === '' || isPresetText(kind, text)) return;
  state.undo.push({ kind, text });
  if (state.undo.length > 20) state.undo.shift();
}

/**
 * Puts a problem into the inputs (from a preset or a link) without loading it.
 * @param {import('./engine/model.js').ProblemSpec} spec
 * @param {{keepUndo?: boolean}} [how]
 */
function writeInputs({ kind, text, distinct, format }, { keepUndo = true } = {}) {
  const old = state.texts[kind];
  // What the user typed is kept for "Undo" when a preset or a link replaces it.
  if (keepUndo && old !== undefined && old !== text) keepForUndo(kind, old);
  ui.problem.value = kind;
  state.texts[kind] = text;
  showInputFor(kind);
  ui.distinct.checked = !!distinct;
  if (kindOf(kind).input === 'puzzle') { picker.value = format; maker.followRules(format); }
  else ui['matrix-format'].value = format || 'auto';
}

/** The Session trapped and was replaced: its search is back at the start, so is the page's. */
function afterRenew() {
  const model = M();
  if (!model.renewed) return;
  model.renewed = false;
  restartSearch();
  if (model.info) matrix.setProblem(model.info, model.views().nodes);
}

/**
 * Loads a problem into the model. On bad input the error is shown next to the input and in the status,
 * the problem loaded before stays loaded and the text typed stays where it is.
 * @param {import('./engine/model.js').ProblemSpec} spec
 * @param {{focusError?: boolean | 'show', updateUrl?: boolean, push?: boolean}} [how]  focusError:
 *   an error takes the focus and the caret (true), or only comes into sight ('show')
 *   updateUrl: write the problem into the URL, as a new history entry when push (Back returns)
 */
function loadSpec(spec, { focusError = false, updateUrl = true, push = true } = {}) {
  const model = M();
  let reading;
  try {
    reading = model.load(spec.kind, spec.text, spec.distinct, spec.format);
  } catch (err) {
    const cells = err instanceof Error ? /** @type {{cells?: unknown}} */ (err).cells : undefined;
    state.errorCells = Array.isArray(cells) ? cells : [];
    afterRenew();
    showInputError(spec.kind, err, focusError);
    return false;
  }
  state.errorCells = [];
  clearInputError();
  // A link or a history entry names its tree; else the tree chosen stays (Session keeps it).
  if (spec.tree && spec.tree !== model.treeChoice && TREES.some((t) => t.name === spec.tree)) model.setTree(spec.tree);
  treeFromModel();
  restartSearch();
  const info = /** @type {import('./engine/model.js').Info} */ (model.info);
  const asked = spec.kind;
  if (info.kind !== asked) {
    // Text in another box that reads as a Sudoku: the form follows what was loaded.
    writeInputs({ kind: info.kind, text: spec.text, distinct: false });
    spec = { ...spec, kind: info.kind };
  }
  // The variant boxes show the puzzle's rules, those its own text states too (f-puzzles).
  if (info.kind === 'sudoku') picker.showRules(model.layout?.variants ?? []);
  // Say how a Sudoku was read when it was not asked for as one, or not in its plainest form.
  if (reading && (info.kind !== asked || reading.includes('('))) note(`${reading}.`);
  // A problem that loads but leaves nothing to search (no option, one item) says so where it was typed.
  ui['input-warning'].textContent = info.warning || '';
  showWarning();
  matrix.setProblem(info, model.views().nodes);
  // Both may be cut to fit ("Pentominoes on the 6x10 bo…"): the whole text is in the title too.
  ui.title.textContent = info.title;
  ui.title.title = info.title;
  const secondary = info.n_items - info.n_primary;
  ui['matrix-caption'].textContent = `${fmt(info.n_primary)} primary${secondary ? ` + ${fmt(secondary)} secondary` : ''} ${info.n_items === 1 ? 'item' : 'items'} × ${count(info.n_options, 'option', 'options')}`;
  ui['matrix-caption'].title = ui['matrix-caption'].textContent;
  document.title = `${info.title} — DLX Studio`;
  if (updateUrl) state.link.written = writeUrl(spec, push);
  updateFormState();
  return true;
}

/**
 * The tree control: the search starts again at its start walking the tree chosen (a search's tree is
 * fixed from its start); the problem loaded and the form's text stay. Refused during a tour, which
 * walks Knuth's DLX1 tree (the control is inert then anyway). @param {string} name
 */
function chooseTree(name) {
  const model = state.model;
  if (!model) return;
  if (document.body.classList.contains('touring')) { treeFromModel(); return; }
  if (model.playing) model.pause();
  model.setTree(name);
  treeFromModel();
  restartSearch();
  const label = TREES.find((t) => t.name === name)?.label ?? name;
  note(model.treeName === 'dlx3'
    ? 'This problem has multiplicities: Algorithm M walks DLX3\'s tree (it has no lookahead). Back at the start.'
    : `Walking ${label}'s tree: back at the start.`);
  // The link names the tree (replacing this history entry: the problem is the same).
  if (model.problem) state.link.written = writeUrl(model.problem, false);
}

/** The tree control and the lookahead's legend entries from the model. */
function treeFromModel() {
  const model = M();
  if (ui['tree-choice'].value !== model.treeChoice) ui['tree-choice'].value = model.treeChoice;
  for (const li of document.querySelectorAll('[data-lookahead]')) /** @type {HTMLElement} */ (li).hidden = model.treeName !== 'lookahead';
}

/**
 * The one reset path of everything the app holds about a search, after a load or a reset: no hunt, no
 * run (a run of the search before must not finish into this one), no note; renderers see a new epoch.
 */
function restartSearch() {
  stopHunt();
  sudoku.showLive();
  runs.forget();
  state.epoch++;
  state.statusNote = null;
  state.dirty = true;
}

/**
 * Where in a Sudoku written as one line of cells (one character a cell, blanks around it) the last
 * cell an error names stands, as a UTF-16 index, or -1 (no cells, or the text is not such a line).
 * @param {string} text @param {{cells?: number[]}} err
 */
function cellAt(text, err) {
  const cells = err.cells ?? [];
  const p = cells[cells.length - 1];
  if (p === undefined) return -1;
  const body = text.trim();
  const sized = SUDOKU_SIZES.some((s) => s.size * s.size === body.length);
  if (body.includes('\n') || !sized || p >= body.length || /[^\x21-\x7e]/.test(body)) return -1;
  return text.indexOf(body) + p;
}

/** The longest text whose box takes the focus and the caret at an error (`showInputError`). */
const CARET_MAX_CHARS = 200_000;

/**
 * @param {string} kind
 * @param {unknown} err  the Session's Error, with line and column (InputError), or whatever was thrown
 * @param {boolean | 'show'} how  put the caret on the error (true), or only bring it into sight ('show')
 */
function showInputError(kind, err, how) {
  const focus = how === true;
  /** @type {import('./engine/engine.js').InputError | {line?: undefined, column?: undefined, cells?: undefined}} */
  const where = err instanceof Error ? err : {};
  const line = Number.isFinite(where.line) ? where.line : undefined;
  const column = Number.isFinite(where.column) ? where.column : undefined;
  let msg = (err instanceof Error && err.message) || String(err);
  if (line !== undefined && !/^line \d/.test(msg)) msg = `line ${line}${column !== undefined ? `, column ${column}` : ''}: ${msg}`;
  ui['input-error'].textContent = msg;
  ui['input-error'].hidden = false;
  showWarning();
  // The narration says it is of the problem loaded before while the error stands (`takeSnapshot`).
  state.dirty = true;
  const input = inputElement(kind);
  input.setAttribute('aria-invalid', 'true');
  if (how && input.value.length > CARET_MAX_CHARS) {
    // A text this long is left as it is: a caret moved into it lays the whole box out first (4 MB,
    // a million lines: 5 s with the page frozen, where reading the text took 2 ms). The message
    // names the line.
  } else if (how && input instanceof HTMLTextAreaElement && (line !== undefined || cellAt(input.value, where) >= 0)) {
    // Put the caret where the error is, so that the fix is one keystroke away: after Load, in the
    // box; after Play and the like only the selection is set, waiting for a Tab or click into it.
    // A rule a variant's givens break has cells, not a place: in a line of cells, the cell's.
    const k = cellAt(input.value, where);
    const [at, end] = line !== undefined ? utf16Range(input.value, line, column ?? 1) : [k, k + 1];
    if (focus) input.focus();
    input.setSelectionRange(at, end);
  } else if (focus) {
    // An error with no place (an empty box): the field, as for every other error.
    input.focus();
  }
  // Where the person acted (Load, Play, Solve), the error comes into sight: under a long text it sat
  // below the side column's fold, with only its first words in the status line.
  if (how) ui['input-error'].scrollIntoView({ block: 'nearest' });
  const info = M().info;
  note(`Error: ${msg}${info ? ` (still loaded: ${info.title})` : ''}`, 'error');
  // Of the form's text: `recheckInput` takes it back once the text reads.
  if (state.statusNote) state.statusNote.input = true;
}

let recheckTimer = 0;

/**
 * The form's text edited while its error shows: read again a moment after the typing stops, so that
 * the error by the box and in the status line goes once the text reads, or names what is wrong now.
 * (A pasted fix left the old error standing until Solve, beside "not loaded".) Nothing is loaded: an
 * error appears on an action (Load, Play, Solve), never while a grid is being typed.
 */
function recheckInput() {
  clearTimeout(recheckTimer);
  if (ui['input-error'].hidden) return;
  recheckTimer = window.setTimeout(() => {
    if (ui['input-error'].hidden || !state.model) return;
    const f = readInputs();
    let error = null;
    if (!formIsLoaded()) {
      try { M().check(f.kind, f.text, f.distinct, f.format); } catch (err) { error = err; afterRenew(); }
    }
    if (error) { showInputError(f.kind, error, false); return; }
    clearInputError();
    if (state.statusNote?.input) { state.statusNote = null; state.dirty = true; }
  }, RECHECK_MS);
}

/**
 * The UTF-16 range [start, end) of the character at a 1-based line and column, as Rust counts them:
 * columns in chars (Unicode scalar values), while a JS string indexes UTF-16 units, where a character
 * beyond the BMP (an emoji) takes two. A column past the end of its line gives an empty range there.
 * @param {string} text @param {number} line @param {number} column
 */
function utf16Range(text, line, column) {
  const lines = text.split('\n');
  let at = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length - 1); i++) at += lines[i].length + 1;
  const chars = [...(lines[Math.min(line - 1, lines.length - 1)] ?? '')];
  const before = chars.slice(0, Math.max(0, column - 1));
  for (const ch of before) at += ch.length;
  const ch = chars[before.length] === '\r' ? '' : chars[before.length] ?? '';
  return [at, at + ch.length];
}

/**
 * The loaded problem's warning ("Nothing to search: …") by the box, only while the form holds that
 * problem and no error stands there: it spoke of the text loaded, and stood on under another text's
 * error ("unknown item `D`"), saying the text had one line.
 * @param {boolean} [loaded]  `formIsLoaded()`, where the caller has it
 */
function showWarning(loaded) {
  const w = ui['input-warning'];
  w.hidden = !w.textContent || !ui['input-error'].hidden || !(loaded ?? (!!state.model && formIsLoaded()));
}

function clearInputError() {
  if (!ui['input-error'].hidden) state.dirty = true;
  ui['input-error'].hidden = true;
  ui['input-error'].textContent = '';
  showWarning();
  for (const el of [ui.size, ui.puzzle, ui['matrix-input'], ui['pentomino-board']]) el.removeAttribute('aria-invalid');
}

// ------------------------------------------------------------------ links

/**
 * The problem in the URL, so that a link opens it again (www/app/links.js), and in the history entry, so
 * that Back and Forward move between the problems loaded. A link too long even compressed is not
 * written (the URL keeps only the page), and the status says so.
 * @param {import('./engine/model.js').ProblemSpec} spec
 * @param {boolean} push  a new history entry (else this one is replaced)
 */
async function writeUrl(spec, push) {
  let text = spec.text;
  const input = kindOf(spec.kind).input;
  // A puzzle made by New puzzle: the link says its size, variant and seed (`made=9:killer:123`).
  const made = input === 'puzzle' ? maker.tagFor(spec.text) : undefined;
  if (input === 'puzzle' && !/^\s*(\{|https?:|f-puzzles|sudokupad)/i.test(text)) {
    // The canonical one-line form (givens, '.' for empty) is shorter and reads back the same; not
    // for f-puzzles JSON or a link, whose rules the line of givens would lose.
    const b = M().board();
    // Not for an f-puzzles text with shapes: its cages or regions are not in the grid's line.
    if (b.text && !/\s/.test(b.text) && gridKeepsRules(M().layout, spec.format)) text = b.text;
  }
  if (input === 'size') text = String(Number(text));
  // The tree goes in the link only when it is not the default (DLX1), so old links stay as they were.
  const tree = M().treeChoice === TREES[0].name ? undefined : M().treeChoice;
  const canonical = { kind: spec.kind, text, distinct: spec.distinct, format: spec.format, tree, made };
  const seq = ++state.link.seq;
  const query = await queryOf(canonical);
  if (seq !== state.link.seq) return; // a later load wrote its own
  const tooLong = location.pathname.length + query.length > MAX_URL;
  state.link = { ...state.link, query: tooLong ? '' : query, tooLong: tooLong ? query.length : 0, seq };
  const url = `${location.pathname}${tooLong ? '' : query}`;
  const entry = { spec: canonical };
  const prev = history.state && history.state.spec;
  const same = prev && prev.kind === canonical.kind && prev.text === canonical.text && prev.distinct === canonical.distinct
    && prev.format === canonical.format && prev.tree === canonical.tree && prev.made === canonical.made;
  if (push && prev && !same) history.pushState(entry, '', url);
  else history.replaceState(entry, '', url);
  if (tooLong) {
    note(`Loaded ${M().info?.title}. Too large for a link: ${fmt(query.length)} characters even compressed `
      + `(at most ${fmt(MAX_URL)}); share its text instead.`);
  }
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
  spec = { ...spec, tree: spec.tree || TREES[0].name };
  writeInputs(spec);
  // Said before the load, so that the load's link keeps the `made=` of the puzzle.
  if (spec.made) maker.opened(spec.made, spec.text);
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

// ------------------------------------------------------------------ the form: loaded or not

/** @param {string} kind @param {string} text */
function normalText(kind, text) {
  if (kindOf(kind).input === 'size') return String(Number(text.trim()));
  // Spaces at the ends of lines and blank lines at the ends of the text mean nothing to a reader
  // (a stray space typed after a grid reloaded it, and the search's progress went with it), but for
  // a grid whose blanks are its empty cells, every line N long: there the puzzle loaded stays until
  // Load. Tabs stay: in a table copied from a spreadsheet a trailing tab is an empty cell.
  return text.replace(/ +(?=\r?$)/gm, '').replace(/^(?:\r?\n)+|(?:\r?\n)+$/g, '');
}

/** The top bar's Edit button's own title (index.html's), for `updateFormState`. */
const EDIT_TITLE = document.getElementById('open-problem')?.title ?? '';

/** Whether the form describes the problem loaded. */
function formIsLoaded() {
  const p = M().problem;
  if (!p) return false;
  const f = readInputs();
  return f.kind === p.kind && f.distinct === p.distinct && (f.format || undefined) === (p.format || undefined)
    && normalText(f.kind, f.text) === normalText(p.kind, p.text);
}

/** Marks the form "not loaded" while it differs from the problem loaded; shows Undo when it can. */
function updateFormState() {
  if (!state.model) return;
  const loaded = formIsLoaded();
  // The preset list names the preset loaded, while the form still is that preset ("Preset…" else).
  const p = M().problem;
  const preset = loaded && p ? Object.keys(PRESETS).find((k) => {
    const q = PRESETS[k];
    return q.kind === p.kind && q.text === p.text && !!q.distinct === !!p.distinct && (q.format || undefined) === (p.format || undefined);
  }) : undefined;
  ui.preset.value = preset || '';
  ui['form-state'].hidden = loaded;
  ui.load.classList.toggle('stale', !loaded);
  showWarning(loaded);
  // The top bar's Edit too: the kind named beside it may not be the one shown (another kind chosen,
  // not loaded yet), and the side column with its "Not loaded" may be closed (a drawer, a phone).
  const edit = ui['open-problem'];
  if (edit.classList.contains('stale') === loaded) {
    edit.classList.toggle('stale', !loaded);
    edit.setAttribute('aria-label', loaded ? 'Edit' : 'Edit (not loaded)');
    edit.title = loaded ? EDIT_TITLE : `Not loaded: the form holds another problem than the one shown; Load, Play, Step or Run loads it. ${EDIT_TITLE}`;
  }
  const u = state.undo[state.undo.length - 1];
  ui['undo-text'].hidden = !u;
  if (u) ui['undo-text'].textContent = `Undo: your ${kindOf(u.kind).label} text`;
}

/**
 * Before an action on the search: a changed form is loaded first, so that Play and Run act on the
 * problem the form shows. False when it does not load (the error is shown; nothing happens).
 */
function syncForm() {
  if (!state.model || formIsLoaded()) return true;
  // A grid edited on the board that does not load shows its clash there, marked: the form's error
  // stays where it is (on a phone, Play scrolled the page down to it, the marks out of sight).
  if (sudoku.pending) return loadSpec(readInputs(), { focusError: false });
  // The error comes into sight but the focus stays where the person acted (Play, Step, Solve or
  // their keys): put in the box with the bad character selected, the next Space or `n` pressed to
  // play replaced a given (or the unknown item) and loaded a puzzle nobody typed. Load, the form's
  // own button, still puts the caret on the error.
  return loadSpec(readInputs(), { focusError: 'show' });
}

// ------------------------------------------------------------------ controls

function bindControls() {
  // The status line's width changes with the window: a message may become cut, or whole again.
  new ResizeObserver(() => markCut(ui.status)).observe(ui.status);
  ui['problem-form'].addEventListener('submit', (/** @type {Event} */ e) => {
    e.preventDefault();
    if (!state.model) return;
    if (loadSpec(readInputs(), { focusError: true })) ui.play.focus();
  });
  // Another kind shows its own input and is marked "not loaded" (the search going on is not thrown
  // away by a look at another kind); a board, an N or "distinct" chosen is loaded at once; typed text
  // is marked until Load, Play, Step or Run.
  // A kind chosen, the next step is Load (a text field focused would open a phone's keyboard), and
  // the status line says so: the pictures still show the problem loaded until then.
  const kindChoice = focusAfterChoice(ui.problem, () => ui.load);
  ui.problem.addEventListener('change', () => {
    clearInputError();
    showInputFor(ui.problem.value);
    updateFormState();
    kindChoice.chosen();
    const k = kindOf(ui.problem.value);
    const what = { size: 'set N', board: 'choose the board', puzzle: 'paste or type the grid', matrix: 'type the items and options' }[k.input];
    // What to do first: the status pill shows about 30 characters at 1280 px ("N-queens chosen: set
    // N in th…" hid the step that was asked for).
    if (!formIsLoaded()) note(`Not loaded yet: ${what}, then Load. ${k.label} chosen in the Problem panel; the pictures show the problem loaded until then.`);
  });
  for (const id of /** @type {const} */ (['size', 'puzzle', 'matrix-input', 'pentomino-board'])) {
    ui[id].addEventListener('input', (/** @type {Event} */ e) => {
      state.texts[ui.problem.value] = ui[id].value;
      updateFormState();
      sudoku.formChanged();
      // A grid pasted (or dropped) into the Sudoku box is loaded at once, and its error shown: a
      // paste is a whole act, not typing under way. The board kept the old puzzle beside the new
      // text, and "Not loaded" stood below the fold.
      const pasted = /^insertFrom(Paste|Drop)$/.test(/** @type {InputEvent} */ (e).inputType ?? '');
      if (id === 'puzzle' && pasted && state.model && !formIsLoaded()) {
        loadSpec(readInputs());
        updateFormState();
        return;
      }
      recheckInput();
    });
  }
  ui['pentomino-board'].addEventListener('change', () => loadSpec(readInputs()));
  // A press on Load is a submit, and the N it leaves changed is loaded by it: loaded by the change
  // (which fires as the press takes the focus), an N out of range showed its error above the button,
  // which moved under the pointer, so the click never came and the focus stayed on the button. The
  // same for Copy link and Undo beside it (an N with no solution, loaded on the change, put its
  // warning above them: "Copy link" copied nothing); each loads the form itself where it must.
  let loadPressed = false;
  for (const b of [ui.load, ui['copy-link'], ui['undo-text']]) b.addEventListener('pointerdown', () => { loadPressed = true; });
  for (const type of ['pointerup', 'pointercancel']) {
    window.addEventListener(type, () => { if (loadPressed) setTimeout(() => { loadPressed = false; }, 0); }, true);
  }
  ui.size.addEventListener('change', () => { if (!loadPressed) loadSpec(readInputs()); });
  ui.distinct.addEventListener('change', () => loadSpec(readInputs()));
  ui['matrix-format'].addEventListener('change', () => loadSpec(readInputs()));
  // The tree chosen, the next action is the search's (an arrow left on the list chose the other
  // tree, which restarts the search).
  const treeChoice = focusAfterChoice(ui['tree-choice'], () => ui.play);
  ui['tree-choice'].addEventListener('change', () => { chooseTree(ui['tree-choice'].value); treeChoice.chosen(); });
  ui['undo-text'].addEventListener('click', () => {
    const u = state.undo.pop();
    if (!u) return;
    writeInputs({ kind: u.kind, text: u.text, distinct: ui.distinct.checked }, { keepUndo: false });
    updateFormState();
    note(`Your ${kindOf(u.kind).label} text is back in the form (not loaded yet).`);
  });
  window.addEventListener('popstate', () => { openFromUrl(); });
  const presetChoice = focusAfterChoice(ui.preset, () => ui.play);
  ui.preset.addEventListener('change', () => {
    const p = PRESETS[ui.preset.value];
    if (!p || !state.model) return;
    const spec = { kind: p.kind, text: p.text, distinct: !!p.distinct, format: p.format };
    writeInputs(spec);
    loadSpec(spec);
    updateFormState();
    // Chosen from the list, the next action is the search's: the focus goes to Play.
    presetChoice.chosen();
  });
  ui['copy-link'].addEventListener('click', async () => {
    // The link is to the problem in the form: a changed form is loaded first (as Play does), and one
    // that does not load gets no link (the old problem's would be a link to something else).
    if (!syncForm()) {
      note('No link: the problem in the form does not load (its error is by the box).');
      return;
    }
    await state.link.written;
    if (state.link.tooLong) {
      note(`No link: this problem takes ${fmt(state.link.tooLong)} characters even compressed (at most ${fmt(MAX_URL)}); share its text instead.`);
      return;
    }
    try {
      await navigator.clipboard.writeText(location.href);
      note('Link copied.');
    } catch {
      note(`Link: ${location.href}`);
    }
  });

  ui.play.addEventListener('click', togglePlay);
  ui.step.addEventListener('click', () => act(() => M().step(1), 'step'));
  ui['step-back'].addEventListener('click', () => act(() => M().stepBack(1), 'back'));
  ui['step-choice'].addEventListener('click', () => act(() => M().stepToChoice(), 'choice'));
  ui['step-back-choice'].addEventListener('click', () => act(() => M().stepBackToChoice(), 'back'));
  // Dragging the timeline seeks: every event between here and there is undone or redone exactly.
  ui.timeline.addEventListener('input', () => act(() => M().seek(Number(ui.timeline.value)), 'seek'));
  ui['next-solution'].addEventListener('click', () => (state.hunting ? stopHunt('Stopped.') : startHunt()));
  ui.reset.addEventListener('click', () => {
    if (!state.model) return;
    state.model.reset();
    restartSearch();
  });
  ui['run-to-end'].addEventListener('click', runToEnd);
  ui['run-anyway'].addEventListener('click', () => {
    runs.confirm();
    note(`Running ${runs.state.title} to the end anyway; Cancel or Esc stops it.`);
  });
  ui['run-cancel'].addEventListener('click', () => {
    if (runs.running) { runs.cancel(); note('Run to end cancelled.'); } else runs.forget();
  });
  ui.speed.addEventListener('input', setSpeedFromSlider);
  for (const id of ['pause-at-solution', 'pause-at-dead-end', 'pause-at-level', 'pause-level']) {
    ui[id].addEventListener('change', setPausesFromInputs);
  }
  ui['pause-level'].addEventListener('input', setPausesFromInputs);
  ui['show-text'].addEventListener('click', () => {
    const shown = ui['board-text'].classList.toggle('shown');
    ui['board-text'].classList.toggle('sr-only', !shown);
    ui['show-text'].setAttribute('aria-pressed', String(shown));
    ui['show-text'].textContent = shown ? 'Hide text' : 'Show as text';
  });
  for (const b of document.querySelectorAll('button.maximise')) {
    b.addEventListener('click', () => maximise(/** @type {HTMLElement} */ (b).dataset.panel || ''));
  }
  ui['zoom-in'].addEventListener('click', () => matrix.zoom(1.5));
  ui['zoom-out'].addEventListener('click', () => matrix.zoom(1 / 1.5));
  ui['zoom-fit'].addEventListener('click', () => matrix.fitView());
  ui['zoom-follow'].addEventListener('click', () => matrix.setFollowZoom(!matrix.followZoom));

  document.addEventListener('keydown', onKey);
  // A button activates on Space's keyup: the search took that Space on keydown.
  document.addEventListener('keyup', (e) => {
    if (e.key === ' ' && e.target instanceof HTMLButtonElement) e.preventDefault();
  });
}

/**
 * Whether an element keeps a key for itself: text fields and selects keep every key, a checkbox
 * Space, a slider its arrows (and Home, End, Page Up and Down); from the others the page's keys work.
 * @param {EventTarget | null} t @param {string} key
 */
function keepsKeys(t, key) {
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  if (t instanceof HTMLInputElement) {
    if (t.type === 'checkbox' || t.type === 'radio') return key === ' ';
    if (t.type === 'range') return /^(Arrow|Page|Home$|End$)/.test(key);
    return !['button', 'submit', 'reset'].includes(t.type);
  }
  return t instanceof HTMLElement && t.isContentEditable;
}

/** @param {KeyboardEvent} e */
function onKey(e) {
  if (!state.model || e.ctrlKey || e.metaKey || e.altKey) return;
  // A dialog (the glossary) has the keys; Esc closes it by itself.
  if (document.querySelector('dialog[open]')) return;
  if (tours.onKey(e)) return;
  if (e.key === 'Escape') {
    if (stopEverything()) e.preventDefault();
    return;
  }
  if (keepsKeys(e.target, e.key)) return;
  const model = state.model;
  switch (e.key) {
    case ' ': e.preventDefault(); togglePlay(); break;
    case 'ArrowRight': e.preventDefault(); act(() => model.step(1), 'step'); break;
    case 'ArrowLeft': e.preventDefault(); act(() => model.stepBack(1), 'back'); break;
    case 'n': case 'N': e.preventDefault(); if (!state.hunting) startHunt(); break;
    case 'c': e.preventDefault(); act(() => model.stepToChoice(), 'choice'); break;
    case 'C': e.preventDefault(); act(() => model.stepBackToChoice(), 'back'); break;
    case '+': case '=': e.preventDefault(); matrix.zoom(1.5); break;
    case '-': case '_': e.preventDefault(); matrix.zoom(1 / 1.5); break;
    case '0': e.preventDefault(); matrix.fitView(); break;
    default:
  }
}

/**
 * Maximises a view's panel over the page, or restores it (the same name again, or ''). The canvases
 * follow their box's size (ResizeObserver), so the view just draws bigger.
 * @param {string} name  'board', 'tree' or 'matrix'
 */
function maximise(name) {
  const current = document.querySelector('.panel.maximised');
  const next = current && current.id === `panel-${name}` ? null : document.getElementById(`panel-${name}`);
  for (const b of document.querySelectorAll('button.maximise')) {
    const on = !!next && /** @type {HTMLElement} */ (b).dataset.panel === name;
    b.setAttribute('aria-pressed', String(on));
    // The word is a span the stage's narrow heads hide (the title still says it).
    const word = document.createElement('span');
    word.className = 'lbl';
    word.textContent = on ? ' Restore' : ' Maximise';
    b.replaceChildren(on ? '⤡' : '⤢', word);
  }
  if (current) current.classList.remove('maximised');
  if (next) next.classList.add('maximised');
  document.body.classList.toggle('has-maximised', !!next);
  inertBesides(next ? [next, ui.transport] : []);
  if (name === 'matrix' || (current && current.id === 'panel-matrix')) requestAnimationFrame(() => matrix.fit());
  state.dirty = true;
}

/** The elements `inertBesides` made inert (a tour's own inert controls are not among them). @type {HTMLElement[]} */
let madeInert = [];

/**
 * Makes everything but `keep` (and what holds them) inert, or with none, undoes that: a maximised
 * panel covers the page, and Tab walked through eleven controls hidden under it (style.css keeps the
 * transport bar over the page beside it, so that Play and Step stay in reach).
 * @param {Element[]} keep
 */
function inertBesides(keep) {
  for (const el of madeInert) el.inert = false;
  madeInert = [];
  if (!keep.length) return;
  // What holds the kept elements: their siblings, and their ancestors' siblings, go inert.
  const path = new Set();
  for (const k of keep) for (let e = k.parentElement; e; e = e.parentElement) path.add(e);
  for (const k of keep) path.add(k);
  for (const e of path) {
    if (keep.includes(e)) continue;
    for (const c of e.children) {
      if (path.has(c) || !(c instanceof HTMLElement) || c.inert || c.tagName === 'SCRIPT') continue;
      c.inert = true;
      madeInert.push(c);
    }
  }
}

/** Escape: stops play, a hunt for the next solution and a run to the end. True if anything stopped. */
function stopEverything() {
  const model = M();
  const stopped = [];
  if (model.playing) { model.pause(); stopped.push('play'); }
  if (state.hunting) { stopHunt(); stopped.push('the search for the next solution'); }
  if (runs.running || runs.state.phase === 'confirm') { runs.cancel(); stopped.push('the run to the end'); }
  if (race.running) { race.stop(); stopped.push('the race'); }
  if (!stopped.length) {
    // Nothing running: Escape restores a maximised panel.
    const m = document.querySelector('.panel.maximised');
    if (m) { maximise(m.id.replace('panel-', '')); return true; }
    return false;
  }
  note(`Stopped ${stopped.join(' and ')}.`);
  state.dirty = true;
  return true;
}

/**
 * A guided tour drives the search (www/tools/tours.js): the form and the search controls are inert until it
 * is left, and nothing else runs meanwhile. @param {boolean} on
 */
function setTouring(on) {
  const model = M();
  if (model.playing) model.pause();
  stopHunt();
  document.body.classList.toggle('touring', on);
  // Run to end, the tree's choice and the pauses sit in the side column's run panel now: they rest too.
  for (const el of [document.querySelector('.problem-panel'), ui.controls, ui['run-panel']]) /** @type {HTMLElement} */ (el).inert = on;
  state.dirty = true;
}

/** @param {boolean} on */
function setControlsEnabled(on) {
  for (const id of /** @type {const} */ (['load', 'reset', 'step-back', 'step-back-choice', 'timeline', 'play', 'step', 'step-choice', 'next-solution', 'run-to-end'])) {
    ui[id].disabled = !on;
  }
}

/** Where play pauses by itself: at solutions, at dead ends, on entering level k (model.tick). */
function setPausesFromInputs() {
  const model = state.model;
  if (!model) return;
  model.pauseAtSolution = ui['pause-at-solution'].checked;
  model.pauseAtDeadEnd = ui['pause-at-dead-end'].checked;
  const k = Math.floor(Number(ui['pause-level'].value));
  model.pauseAtLevel = ui['pause-at-level'].checked && k >= 1 ? k : 0;
}

/**
 * Slider 0..100: 1 event/s at 0, ten times faster every 16.5 steps, and the frame budget at 100.
 * @param {number} v
 */
function speedOf(v) {
  return v >= 100 ? Infinity : Math.round(10 ** (v * 6 / 99));
}

function setSpeedFromSlider() {
  const speed = speedOf(Number(ui.speed.value));
  if (state.model) state.model.setSpeed(speed);
  const text = speed === Infinity ? 'max (as fast as frames allow)' : `${speed.toLocaleString('en-US')} event${speed === 1 ? '' : 's'}/s`;
  // Short in the bar ("Speed 17,475 event…" was cut at 1280 px), whole for a screen reader and on hover.
  ui['speed-out'].textContent = speed === Infinity ? text : `${short(speed)} event${speed === 1 ? '' : 's'}/s`;
  /** @type {HTMLElement} */ (ui['speed-out'].parentElement).title = `Speed: ${text}`;
  ui.speed.setAttribute('aria-valuetext', text);
}

/**
 * One manual move (step, back, next choice): pause, take it, animate the links.
 * @param {() => number} fn  the move; returns the events taken
 * @param {'step' | 'back' | 'choice' | 'seek'} what
 */
function act(fn, what) {
  const model = state.model;
  if (!model || !syncForm()) return;
  stopHunt();
  sudoku.showLive();
  if (model.playing) model.pause();
  const before = model.snapshot();
  const taken = fn();
  if (taken === 0 && what === 'seek') {
    // The timeline already stands there.
  } else if (taken === 0) {
    note(what === 'back' ? 'Already at the start.' : 'The search is finished: reset to go again.');
  } else {
    state.statusNote = null;
    matrix.animateFrom(before, what === 'choice' ? 650 : 420);
  }
  state.dirty = true;
}

/**
 * Goes to a node of the explored tree (the tree view's click), by stepping (Model.goTo).
 * @param {string} key  the node's path key
 */
function goToNode(key) {
  let far = false;
  act(() => {
    const n = M().goTo(key);
    far = n < 0;
    return Math.max(n, 0);
  }, 'seek');
  if (far) note('That node is too far from here to reach by stepping: Reset, then go forward to it.');
}

function togglePlay() {
  const model = state.model;
  if (!model || !model.playing && !syncForm()) return;
  stopHunt();
  sudoku.showLive();
  if (model.playing) {
    model.pause();
  } else if (!model.play()) {
    note('The search is finished: reset to play it again.');
    return;
  }
  state.statusNote = null;
  state.dirty = true;
}

// ------------------------------------------------------------------ next solution, in slices

function startHunt() {
  const model = state.model;
  if (!model || !syncForm()) return;
  if (model.playing) model.pause();
  sudoku.stop();
  if (model.stats().done) {
    // Nothing more to find: the last solution found stays on the board.
    sudoku.showLatest();
    note('The search is finished: no more solutions (reset to go again).');
    state.dirty = true;
    return;
  }
  state.hunting = { slice: 2000 };
  huntLabel(true);
  state.statusNote = null;
  state.dirty = true;
}

/**
 * Next solution's label while it hunts ("Stop searching") and after, in index.html's form: the long
 * word in a `.lbl` span, which a narrow bar hides ("Next ✓", "Stop"); as plain text it took the
 * phone's bar from Play ("▶ Pla"). The accessible name follows (an aria-label outranks the text).
 * @param {boolean} hunting
 */
function huntLabel(hunting) {
  const b = ui['next-solution'];
  const [short, long, mark] = hunting ? ['Stop', ' searching', ''] : ['Next', ' solution', ' ✓'];
  const lbl = document.createElement('span');
  lbl.className = 'lbl';
  lbl.textContent = long;
  b.replaceChildren(short, lbl, mark);
  b.setAttribute('aria-label', short + long);
}

/** @param {string} [message] */
function stopHunt(message) {
  if (!state.hunting) return;
  state.hunting = null;
  M().endSlices();
  huntLabel(false);
  if (message) note(message);
  state.dirty = true;
}

/** One frame's share of the hunt: a slice of search-tree nodes sized to about 12 ms. */
function huntFrame() {
  const model = M();
  const h = /** @type {{slice: number}} */ (state.hunting);
  const t = performance.now();
  const found = model.nextSolution(h.slice);
  const dt = performance.now() - t;
  h.slice = Math.max(100, Math.min(5e7, Math.round(h.slice * 12 / Math.max(dt, 0.5))));
  if (found) {
    stopHunt();
    sudoku.showLatest();
    state.statusNote = null;
  } else if (model.stats().done) {
    // A search that finds nothing more keeps the last solution on the board.
    sudoku.showLatest();
    stopHunt('No more solutions: the search is finished.');
  }
  state.dirty = true;
}

// ------------------------------------------------------------------ run to the end (www/workers/run.js)

function runToEnd() {
  // The run's time counts from here, the click (the estimate and a form loaded included).
  const clicked = performance.now();
  const model = state.model;
  if (!model || !syncForm() || !model.problem || !model.info) return;
  const estimate = estimateNodes(model.wasm, model.problem);
  if (estimate > HUGE_NODES) {
    runs.ask({ ...model.problem, tree: model.treeChoice }, model.info.title, estimate);
    ui['run-anyway'].focus();
    return;
  }
  runs.start({ ...model.problem, tree: model.treeChoice }, model.info.title, clicked);
  note(`Running ${model.info.title} to the end in the background; the search here stays yours.`);
}

/** The run's state object and phase that the last snapshot carried. */
let runSeen = { state: /** @type {import('./workers/run.js').RunState | null} */ (null), phase: '' };

/**
 * The run's state changed: say when it ends, and take a new snapshot when the run starts, ends or
 * changes phase. A progress message (every worker, once a 200 ms slice; run.js passes them on at
 * most every 250 ms) only changes the figures of the same state object, which the run box reads at
 * every frame (RunBoxView.draw), so it costs no snapshot: redrawing every view for each one took a
 * third of a core from the workers (pentomino 6x10 on 2 workers: 0.34 s of the page's thread in a
 * 1.05 s run).
 */
function onRunChange() {
  const r = runs.state;
  ui['run-to-end'].disabled = r.phase === 'running';
  if (r === runSeen.state && r.phase === runSeen.phase) return;
  runSeen = { state: r, phase: r.phase };
  if (r.phase === 'done' && r.stats) {
    const n = r.stats.solutions;
    sudoku.fromRun(Number(n), r.solutions);
    note(`${r.title}: ${count(n, 'solution', 'solutions')} counted to the end in ${(r.ms / 1000).toFixed(2)} s.`, 'solution');
  } else if (r.phase === 'error') {
    note(`Run to end failed: ${r.message}`, 'error');
  }
  state.dirty = true;
}

// ------------------------------------------------------------------ the frame loop

/** @param {number} now */
function loop(now) {
  const model = M();
  state.frames++;
  if (model.playing) {
    const slow = model.speed < ANIMATE_BELOW;
    const before = slow ? model.snapshot() : null;
    const taken = model.tick(now);
    if (taken && slow) matrix.animateFrom(before, Math.min(600, 800 / model.speed));
    // Elapsed time and events/s change every frame while playing.
    state.dirty = true;
  }
  if (state.hunting) huntFrame();
  sudoku.frame();
  if (state.dirty) {
    state.dirty = false;
    state.snapshots++;
    const snap = takeSnapshot(model, { hunting: !!state.hunting, run: runs.state, epoch: state.epoch, formError: !ui['input-error'].hidden });
    sudoku.decorate(snap);
    for (const r of renderers) r.update(snap);
    controlsFrom(snap);
  }
  for (const r of renderers) r.draw(now);
  keepFocus();
  // While a run to the end counts on every core and nothing on the page moves, the loop sleeps
  // between frames: 60 wake-ups a second of the page's thread took 30-60 ms of CPU in a 1 s run
  // (14-queens, 2 workers on 2 cores), time the workers lose. Anything that changes the page wakes
  // it at once (an input event, `state.dirty` set); the run box's figures change every 250 ms.
  const still = runs.state.phase === 'running' && !model.playing && !state.hunting && !sudoku.solving
    && !state.dirty && !renderers.some((r) => r.dirty || /** @type {{animating?: boolean}} */ (r).animating);
  if (still) loopSleep = setTimeout(() => { loopSleep = 0; requestAnimationFrame(loop); }, RUN_FRAME_MS);
  else requestAnimationFrame(loop);
}

/**
 * After a choice from a drop-down list made by a click (or Enter in the open list), the focus goes to
 * `next()`, the control of the next action: left on the list, the page's keys (arrows, Space, a
 * letter) chose another entry instead of acting (the tree's list restarted the search on an arrow,
 * the kind's list changed the problem). A choice made by a key on the closed list is browsing: the
 * focus stays for the next key. Call `chosen()` at the end of the list's change handler.
 * @param {HTMLSelectElement} list @param {() => HTMLElement} next
 */
function focusAfterChoice(list, next) {
  let keyed = false;
  list.addEventListener('keydown', (e) => {
    keyed = /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down))$/.test(e.key) || /^[a-z0-9]$/i.test(e.key);
  });
  list.addEventListener('blur', () => { keyed = false; });
  return {
    chosen() {
      // Only from the list itself: a choice made while the focus is elsewhere leaves it there.
      if (!keyed && document.activeElement === list) next().focus();
      keyed = false;
    },
  };
}

/** The control that last had the keyboard's focus (`keepFocus`). @type {Element | null} */
let lastFocus = null;
document.addEventListener('focusin', (e) => { lastFocus = /** @type {Element} */ (e.target); });

/** Where the focus goes when the control holding it is disabled or hidden: its partner, else Play. */
const FOCUS_NEXT = /** @type {Record<string, string>} */ ({
  'run-to-end': 'run-cancel', 'run-cancel': 'run-to-end', 'run-anyway': 'run-cancel',
  'race-stop': 'race-start', 'race-start': 'race-stop',
  'step-back': 'step', 'step-back-choice': 'step-choice',
  // The kept solutions' arrows at either end of the list; a tour's Next at its last stop, Back at its first.
  'solution-prev': 'solution-next', 'solution-next': 'solution-prev',
  'tour-next': 'tour-leave', 'tour-back': 'tour-next',
});

/** @param {Element | null | undefined} el */
const usable = (el) => !!el && el.isConnected && !(/** @type {HTMLButtonElement} */ (el).disabled)
  && el.getClientRects().length > 0 && !el.closest('[inert]');

/**
 * A control disabled or hidden while it had the focus (Back at the start, Run to end while it runs,
 * the run box's Close, Stop at the race's end, the welcome's Watch) leaves the focus on the page's
 * body: no ring, and the next Tab starts wherever the browser guesses. The focus moves to its
 * partner or to Play instead, once a frame. (A click on the page's background also leaves the focus
 * on the body; the control that had it is still usable then, and nothing moves.)
 */
function keepFocus() {
  if (document.activeElement !== document.body || !lastFocus || usable(lastFocus)) return;
  const partner = FOCUS_NEXT[lastFocus.id];
  const next = [partner ? document.getElementById(partner) : null, ui.play].find(usable);
  lastFocus = null;
  if (next) next.focus({ preventScroll: true });
}

/** The frame loop's pace while it sleeps during a run to the end (see `loop`). */
const RUN_FRAME_MS = 100;

/** Wakes the frame loop if it sleeps: its next frame comes at once, not at the timer. */
function wakeLoop() {
  if (!loopSleep) return;
  clearTimeout(loopSleep);
  loopSleep = 0;
  requestAnimationFrame(loop);
}

// A user's input may change what a renderer draws without setting `state.dirty` (a pointer over the
// matrix): it wakes the loop too, before the page's own handlers run (capture).
for (const type of ['pointerdown', 'pointermove', 'click', 'keydown', 'wheel', 'input', 'change', 'focusin', 'touchstart']) {
  window.addEventListener(type, wakeLoop, { capture: true, passive: true });
}

/**
 * The controls' own state from the snapshot: play's label, back at the start, the status line.
 * @param {import('./views/snapshot.js').Snapshot} s
 */
function controlsFrom(s) {
  const label = s.playing ? '❚❚ Pause' : '▶ Play';
  if (ui.play.textContent !== label) ui.play.textContent = label;
  ui.play.setAttribute('aria-pressed', String(s.playing));
  ui['step-back'].disabled = !!s.stats.at_start;
  ui['step-back-choice'].disabled = !!s.stats.at_start;
  timelineFrom(s.timeline);
  statusLine(s);
}

let timelineTitleKey = '';

/**
 * The timeline slider: its end is the furthest event reached by stepping, its value where the search
 * stands. @param {{position: number, horizon: number, at: number, fromStart: boolean}} t
 */
function timelineFrom(t) {
  const el = ui.timeline;
  if (Number(el.max) !== t.horizon) el.max = String(t.horizon);
  // Nothing recorded to move through (at the start, or where a jump landed): a thumb at the left of
  // an enabled slider read as "at the start" after Solve had run thousands of nodes.
  if (el.disabled !== (t.horizon === 0)) el.disabled = t.horizon === 0;
  // Not while the user drags it: the value is theirs until the seek lands.
  if (Number(el.value) !== t.position) el.value = String(t.position);
  el.setAttribute('aria-valuetext', `event ${fmt(t.position)} of ${fmt(t.horizon)}`);
  // After a jump (Next solution, Solve, a run at full speed) the timeline starts there, and says
  // where the search stands from where the jump landed ("0 / 408 since the jump", 408 events back,
  // read as "nothing since the jump"). Short, since it shares the bar with the speed; the label's
  // title has the long form.
  const figures = `${fmt(t.position)} / ${fmt(t.horizon)}`;
  const fromJump = t.at < 0 ? `${short(-t.at)} before the jump` : t.at > 0 ? `${short(t.at)} after the jump` : 'at the jump';
  const text = t.fromStart ? `${short(t.position)} / ${short(t.horizon)} events` : fromJump;
  if (ui['timeline-out'].textContent !== text) ui['timeline-out'].textContent = text;
  // The exact figures (the read-out may be short: "48.5k"), set only when they change.
  const key = `${t.position}/${t.horizon}/${t.at}/${t.fromStart}`;
  if (timelineTitleKey !== key) {
    timelineTitleKey = key;
    /** @type {HTMLElement} */ (ui['timeline-out'].parentElement).title = t.fromStart
      ? `Timeline: ${figures} events`
      : `Timeline: ${t.at ? `${count(Math.abs(t.at), 'event', 'events')} ${t.at < 0 ? 'before' : 'after'}` : 'at'} where the last jump landed; the slider spans the ${fmt(t.horizon)} events reached by stepping around it (a search at full speed keeps no steps to go back through)`;
  }
}

/**
 * The status line from the state of the search, unless a message waits to be read.
 * @param {import('./views/snapshot.js').Snapshot} s
 */
function statusLine(s) {
  if (state.statusNote) return;
  const st = s.stats;
  let text;
  let kind = '';
  const l = sudoku.list;
  if (s.hunting) text = 'Searching for the next solution…';
  else if (l.show && l.boards[l.index]) {
    // The board shows a kept solution: say which, so that the words and the board tell one story.
    const finished = st.done ? ` Search finished: ${count(st.solutions, 'solution', 'solutions')}, ${count(st.nodes, 'node', 'nodes')}.` : '';
    const found = st.done ? ' found' : ' found so far';
    // After Solve proved it unique, the search stands at it (Session.solve): "1 of 1 found so far"
    // beside "Unique solution" read as two stories.
    if (sudoku.proved && l.source === 'search' && l.boards.length === 1) text = 'Showing the only solution: Solve proved it unique. Step goes on to show the proof.';
    else text = `Showing solution ${l.index + 1} of ${l.boards.length}${l.source === 'run' ? ' from the run to the end' : found}.${finished}`;
    kind = 'solution';
  } else if (st.done) { text = `Search finished: ${count(st.solutions, 'solution', 'solutions')}, ${count(st.nodes, 'node', 'nodes')}.`; kind = 'solution'; }
  else if (s.leaf === 'solution') { text = `Solution ${fmt(st.solutions)} found.`; kind = 'solution'; }
  else if (s.playing) text = `Playing at ${ui['speed-out'].textContent}.`;
  else if (st.at_start) text = 'At the start. Press Play, Step or Next solution.';
  else if (s.leaf === 'dead') text = 'Paused at a dead end.';
  else if (s.stoppedAt === 'level') text = `Paused on reaching level ${st.level}.`;
  else text = 'Paused.';
  setStatus(text, kind);
}

/** @param {string} text @param {string} [kind] */
function setStatus(text, kind = '') {
  if (ui.status.textContent !== text) {
    ui.status.textContent = text;
    ui.status.title = text;
    markCut(ui.status);
  }
  ui.status.dataset.kind = kind;
  ui.status.classList.toggle('is-error', kind === 'error');
  ui.status.classList.toggle('is-solution', kind === 'solution');
}

/**
 * A message in the status line (an error, a note), kept until the next action.
 * @param {string} text @param {string} [kind]
 */
function note(text, kind = '') {
  state.statusNote = { text, kind };
  setStatus(text, kind);
}

main();
