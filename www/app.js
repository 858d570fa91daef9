// The controls and the glue: reads the inputs and the URL, drives the model, runs the frame loop, and
// hands each renderer what it draws. The model owns the search; the renderers only draw.

import { Model, KINDS, TREE_DEPTH, EV } from './model.js';
import { MatrixView } from './matrix.js';
import { BoardView } from './board.js';
import { TreeView } from './tree.js';

const $ = (id) => document.getElementById(id);

/** Knuth's 6x7 example from "Dancing Links": its only cover is rows 1, 4, 5 (C E F, A D, B G). */
const KNUTH_6X7 = `| Knuth's example from "Dancing Links": rows 0010110 1001001 0110010 1001000 0100001 0001101
A B C D E F G
C E F
A D G
B C F
A D
B G
D E G`;

export const PRESETS = {
  'knuth-6x7': { label: "Knuth's 6×7 matrix (cover: rows 1, 4, 5)", kind: 'exact-cover', text: KNUTH_6X7 },
  'matrix-01': {
    label: 'The same as a 0-1 matrix', kind: 'exact-cover',
    text: '0010110\n1001001\n0110010\n1001000\n0100001\n0001101',
  },
  'latin-2': { label: 'Latin square 2×2', kind: 'latin', text: '2' },
  'sudoku-4': { label: 'Sudoku 4×4', kind: 'sudoku', text: '1...\n..3.\n.4..\n...2' },
  'queens-4': { label: '4 queens', kind: 'queens', text: '4' },
  'queens-8': { label: '8 queens', kind: 'queens', text: '8' },
  'pentomino-8x8': { label: "Scott's 8×8 pentomino board, centre hole", kind: 'pentomino', text: '8x8' },
  'sudoku-hard': {
    label: 'A hard 9×9 Sudoku', kind: 'sudoku',
    text: '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9',
  },
  'sudoku-empty': { label: 'An empty 9×9 Sudoku (the full 729×324 matrix)', kind: 'sudoku', text: '.'.repeat(81) },
  'pentomino-6x10': { label: 'Pentomino 6×10 (9356 solutions)', kind: 'pentomino', text: '6x10' },
  'toroidal-5': { label: '5 queens on a torus', kind: 'toroidal-queens', text: '5' },
  'langford-4': { label: 'Langford pairs, n = 4', kind: 'langford', text: '4' },
};

const DEFAULT = PRESETS['knuth-6x7'];
/** Below this speed (events/s) every change of the links is animated. */
const ANIMATE_BELOW = 9;

const ui = {};
let model = null;
let matrix, board, tree;
let dirty = true;
/** What the read-outs show: the live session, or the worker's run to the end. */
let statsSource = 'live';
let hunting = null;
let run = null;
let lastRun = null;
/**
 * Counts loads and resets: a run to the end belongs to the search it started on, and a message from it
 * that arrives after the next load or reset (a worker posts on until it is terminated) is dropped.
 */
let epoch = 0;
let lastCells = null;
let highlight = new Set();
let frames = 0;
let statusNote = null;
const sizes = Object.fromEntries(Object.entries(KINDS).filter(([, k]) => k.def).map(([name, k]) => [name, k.def]));

// ------------------------------------------------------------------ start

async function main() {
  for (const id of ['problem', 'preset', 'size', 'size-range', 'pentomino-board', 'puzzle', 'matrix-input',
    'distinct', 'input-error', 'problem-form', 'load', 'copy-link', 'status', 'reset', 'step-back', 'play',
    'step', 'step-choice', 'next-solution', 'run-to-end', 'speed', 'speed-out', 'run-box', 'run-bar',
    'run-text', 'run-cancel', 'pause-at-solution', 'st-level', 'st-nodes', 'st-updates', 'st-solutions', 'st-eps', 'st-elapsed',
    'stats-source', 'narration', 'board-text', 'show-text', 'title', 'matrix-caption',
    'matrix-hover', 'zoom-in', 'zoom-out', 'zoom-fit']) {
    ui[id] = $(id);
  }
  for (const [key, p] of Object.entries(PRESETS)) ui.preset.append(new Option(p.label, key));
  ui.puzzle.value = PRESETS['sudoku-hard'].text;
  ui['matrix-input'].value = KNUTH_6X7;

  matrix = new MatrixView($('matrix-canvas'), {
    onHover: (t) => { ui['matrix-hover'].textContent = t || 'Point at a node to see its links.'; },
    // Fetched afresh whenever the matrix reads them: a view kept from before a call into wasm may be detached.
    arrays: () => model.views(),
  });
  board = new BoardView($('board-canvas'), $('board-legend'));
  tree = new TreeView({ canvas: $('tree-canvas'), bar: $('progress-bar'), value: $('progress-value'), list: $('path') });

  bindControls();
  setSpeedFromSlider();
  showInputFor(ui.problem.value);
  setControlsEnabled(false);

  try {
    model = await Model.create();
  } catch (err) {
    setStatus(`The engine could not start: ${err.message}. Build it with \`make wasm\` and reload.`, 'error');
    return;
  }
  model.pauseAtSolution = ui['pause-at-solution'].checked;
  window.dlx = { model, app: { load: loadSpec, frames: () => frames, lastRun: () => lastRun, matrix, board, tree } };
  openFromUrl();
  setControlsEnabled(true);
  requestAnimationFrame(loop);
}

// ------------------------------------------------------------------ problems

/** Shows the input a kind needs and sets its bounds. */
function showInputFor(kind) {
  const k = KINDS[kind];
  for (const el of document.querySelectorAll('[data-input]')) {
    const which = el.dataset.input;
    el.hidden = !(which === k.input || (which === 'distinct' && k.distinct));
  }
  if (k.input === 'size') {
    ui.size.min = k.min;
    ui.size.max = k.max;
    ui.size.value = sizes[kind] ?? k.def;
    ui['size-range'].textContent = `(${k.min} to ${k.max})`;
  }
}

/** The problem the inputs describe now. */
function readInputs() {
  const kind = ui.problem.value;
  const k = KINDS[kind];
  const text = k.input === 'size' ? ui.size.value.trim()
    : k.input === 'board' ? ui['pentomino-board'].value
      : k.input === 'puzzle' ? ui.puzzle.value : ui['matrix-input'].value;
  return { kind, text, distinct: !!k.distinct && ui.distinct.checked };
}

/** Puts a problem into the inputs (from a preset or a link) without loading it. */
function writeInputs({ kind, text, distinct }) {
  ui.problem.value = kind;
  const k = KINDS[kind];
  if (k.input === 'size') sizes[kind] = text;
  showInputFor(kind);
  if (k.input === 'board') ui['pentomino-board'].value = text;
  if (k.input === 'puzzle') ui.puzzle.value = text;
  if (k.input === 'matrix') ui['matrix-input'].value = text;
  ui.distinct.checked = !!distinct;
}

/**
 * Loads a problem into the model. On bad input the error is shown next to the input and in the status,
 * the problem loaded before stays loaded and the text typed stays where it is.
 */
function loadSpec(spec, { focusError = false, updateUrl = true } = {}) {
  stopHunt();
  try {
    model.load(spec.kind, spec.text, spec.distinct);
  } catch (err) {
    showInputError(spec.kind, err, focusError);
    return false;
  }
  clearInputError();
  // The new problem starts afresh: a run to the end of the old one must not finish into its read-outs.
  newEpoch();
  const info = model.info;
  matrix.setProblem(info, model.views().nodes);
  lastCells = null;
  highlight = new Set();
  statsSource = 'live';
  ui.title.textContent = info.title;
  const secondary = info.n_items - info.n_primary;
  ui['matrix-caption'].textContent = `${info.n_primary} primary${secondary ? ` + ${secondary} secondary` : ''} items × ${info.n_options} options`;
  document.title = `${info.title} — DLX Studio`;
  if (updateUrl) writeUrl(spec);
  statusNote = null;
  dirty = true;
  return true;
}

function showInputError(kind, err, focus) {
  const line = Number.isFinite(err.line) ? err.line : undefined;
  const column = Number.isFinite(err.column) ? err.column : undefined;
  let msg = err.message || String(err);
  if (line !== undefined && !/^line \d/.test(msg)) msg = `line ${line}${column !== undefined ? `, column ${column}` : ''}: ${msg}`;
  ui['input-error'].textContent = msg;
  ui['input-error'].hidden = false;
  const input = inputElement(kind);
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    if (focus && input.tagName === 'TEXTAREA' && line !== undefined) {
      // Put the caret where the error is, so that the fix is one keystroke away.
      const [at, end] = utf16Range(input.value, line, column ?? 1);
      input.focus();
      input.setSelectionRange(at, end);
    }
  }
  note(`Error: ${msg}${model.info ? ` (still loaded: ${model.info.title})` : ''}`, 'error');
}

/**
 * The UTF-16 range [start, end) of the character at a 1-based line and column, as Rust counts them:
 * columns in chars (Unicode scalar values), while a JS string indexes UTF-16 units, where a character
 * beyond the BMP (an emoji) takes two. A column past the end of its line gives an empty range there.
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

function clearInputError() {
  ui['input-error'].hidden = true;
  ui['input-error'].textContent = '';
  for (const el of [ui.size, ui.puzzle, ui['matrix-input'], ui['pentomino-board']]) el.removeAttribute('aria-invalid');
}

function inputElement(kind) {
  return { size: ui.size, board: ui['pentomino-board'], puzzle: ui.puzzle, matrix: ui['matrix-input'] }[KINDS[kind].input];
}

// ------------------------------------------------------------------ links

/** The problem in the URL, so that a link opens it again. */
function writeUrl(spec) {
  let value = spec.text;
  if (spec.kind === 'sudoku') {
    // The canonical one-line form (givens, '.' for empty) is shorter and reads back the same.
    const b = model.board();
    if (b.text && !/\s/.test(b.text)) value = b.text;
  }
  if (KINDS[spec.kind].input === 'size') value = String(Number(value));
  const params = new URLSearchParams();
  params.set(spec.kind, value);
  if (spec.distinct) params.set('distinct', '1');
  history.replaceState(null, '', `${location.pathname}?${params.toString().replace(/%2C/g, ',')}`);
}

function openFromUrl() {
  const params = new URLSearchParams(location.search);
  for (const kind of Object.keys(KINDS)) {
    if (!params.has(kind)) continue;
    const spec = { kind, text: params.get(kind), distinct: params.get('distinct') === '1' };
    writeInputs(spec);
    if (loadSpec(spec)) return;
    // A bad link: keep its text in the input and the error on screen, and show the default problem.
    const error = ui['input-error'].textContent;
    loadSpec(DEFAULT, { updateUrl: false });
    writeInputs(spec);
    ui['input-error'].textContent = error;
    ui['input-error'].hidden = false;
    note(`Error in the link: ${error} (showing ${model.info.title} instead)`, 'error');
    return;
  }
  writeInputs(DEFAULT);
  loadSpec(DEFAULT, { updateUrl: false });
}

// ------------------------------------------------------------------ controls

function bindControls() {
  ui['problem-form'].addEventListener('submit', (e) => {
    e.preventDefault();
    if (!model) return;
    const spec = readInputs();
    if (KINDS[spec.kind].input === 'size') sizes[spec.kind] = spec.text;
    loadSpec(spec, { focusError: true });
  });
  ui.problem.addEventListener('change', () => { clearInputError(); showInputFor(ui.problem.value); });
  ui.size.addEventListener('input', () => { sizes[ui.problem.value] = ui.size.value; });
  ui.preset.addEventListener('change', () => {
    const p = PRESETS[ui.preset.value];
    if (!p || !model) return;
    writeInputs(p);
    loadSpec(p);
    ui.preset.value = '';
  });
  ui['copy-link'].addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      note('Link copied.');
    } catch {
      note(`Link: ${location.href}`);
    }
  });

  ui.play.addEventListener('click', togglePlay);
  ui.step.addEventListener('click', () => act(() => model.step(1), 'step'));
  ui['step-back'].addEventListener('click', () => act(() => model.stepBack(1), 'back'));
  ui['step-choice'].addEventListener('click', () => act(() => model.stepToChoice(), 'choice'));
  ui['next-solution'].addEventListener('click', () => (hunting ? stopHunt('Stopped.') : startHunt()));
  ui.reset.addEventListener('click', () => {
    if (!model) return;
    stopHunt();
    model.reset();
    newEpoch();
    statsSource = 'live';
    lastCells = null;
    highlight = new Set();
    statusNote = null;
    dirty = true;
  });
  ui['run-to-end'].addEventListener('click', runToEnd);
  ui['run-cancel'].addEventListener('click', () => {
    if (run) cancelRun(); else ui['run-box'].hidden = true;
  });
  ui.speed.addEventListener('input', setSpeedFromSlider);
  ui['pause-at-solution'].addEventListener('change', () => {
    if (model) model.pauseAtSolution = ui['pause-at-solution'].checked;
  });
  ui['show-text'].addEventListener('click', () => {
    const shown = ui['board-text'].classList.toggle('shown');
    ui['board-text'].classList.toggle('sr-only', !shown);
    ui['show-text'].setAttribute('aria-pressed', String(shown));
    ui['show-text'].textContent = shown ? 'Hide text' : 'Show as text';
  });
  ui['zoom-in'].addEventListener('click', () => matrix.zoom(1.5));
  ui['zoom-out'].addEventListener('click', () => matrix.zoom(1 / 1.5));
  ui['zoom-fit'].addEventListener('click', () => matrix.fit());

  document.addEventListener('keydown', (e) => {
    if (!model || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    const typing = t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement
      || t.isContentEditable;
    if (typing) return;
    const onButton = t instanceof HTMLButtonElement;
    switch (e.key) {
      case ' ':
        if (onButton) return; // the button itself takes Space
        e.preventDefault();
        togglePlay();
        break;
      case 'ArrowRight': e.preventDefault(); act(() => model.step(1), 'step'); break;
      case 'ArrowLeft': e.preventDefault(); act(() => model.stepBack(1), 'back'); break;
      case 'n': case 'N': e.preventDefault(); if (!hunting) startHunt(); break;
      case 'c': case 'C': e.preventDefault(); act(() => model.stepToChoice(), 'choice'); break;
      case '+': case '=': e.preventDefault(); matrix.zoom(1.5); break;
      case '-': case '_': e.preventDefault(); matrix.zoom(1 / 1.5); break;
      case '0': e.preventDefault(); matrix.fit(); break;
      default:
    }
  });
}

function setControlsEnabled(on) {
  for (const id of ['load', 'reset', 'step-back', 'play', 'step', 'step-choice', 'next-solution', 'run-to-end']) {
    ui[id].disabled = !on;
  }
}

/** Slider 0..100: 1 event/s at 0, ten times faster every 16.5 steps, and the frame budget at 100. */
function speedOf(v) {
  return v >= 100 ? Infinity : Math.round(10 ** (v * 6 / 99));
}

function setSpeedFromSlider() {
  const speed = speedOf(Number(ui.speed.value));
  if (model) model.setSpeed(speed);
  const text = speed === Infinity ? 'max (as fast as frames allow)' : `${speed.toLocaleString('en-US')} event${speed === 1 ? '' : 's'}/s`;
  ui['speed-out'].textContent = text;
  ui.speed.setAttribute('aria-valuetext', text);
}

/** One manual move (step, back, next choice): pause, take it, animate the links. */
function act(fn, what) {
  if (!model) return;
  stopHunt();
  if (model.playing) model.pause();
  statsSource = 'live';
  const before = model.snapshot();
  const taken = fn();
  if (taken === 0) {
    note(what === 'back' ? 'Already at the start.' : 'The search is finished: reset to go again.');
  } else {
    statusNote = null;
    matrix.animateFrom(before, what === 'choice' ? 650 : 420);
  }
  dirty = true;
}

function togglePlay() {
  if (!model) return;
  stopHunt();
  statsSource = 'live';
  if (model.playing) {
    model.pause();
  } else if (!model.play()) {
    note('The search is finished: reset to play it again.');
  }
  statusNote = null;
  dirty = true;
}

// ------------------------------------------------------------------ next solution, in slices

function startHunt() {
  if (!model) return;
  if (model.playing) model.pause();
  if (model.stats().done) { note('The search is finished: reset to go again.'); return; }
  statsSource = 'live';
  hunting = { slice: 2000, t0: performance.now() };
  ui['next-solution'].textContent = 'Stop searching';
  statusNote = null;
  dirty = true;
}

function stopHunt(message) {
  if (!hunting) return;
  hunting = null;
  ui['next-solution'].textContent = 'Next solution';
  if (message) note(message);
  dirty = true;
}

/** One frame's share of the hunt: a slice of search-tree nodes sized to about 12 ms. */
function huntFrame() {
  const t = performance.now();
  const found = model.nextSolution(hunting.slice);
  const dt = performance.now() - t;
  hunting.slice = Math.max(100, Math.min(5e7, Math.round(hunting.slice * 12 / Math.max(dt, 0.5))));
  const st = model.stats();
  if (found) {
    stopHunt();
    statusNote = null;
  } else if (st.done) {
    stopHunt('No more solutions: the search is finished.');
  }
  dirty = true;
}

// ------------------------------------------------------------------ run to the end, in a worker

function runToEnd() {
  if (!model || !model.problem) return;
  if (run) cancelRun();
  const p = model.problem;
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  run = { worker, epoch, title: model.info.title, stats: null, ms: 0, t0: performance.now() };
  statsSource = 'worker';
  ui['run-box'].hidden = false;
  ui['run-cancel'].textContent = 'Cancel';
  ui['run-text'].textContent = `Counting every solution of ${run.title} in a worker…`;
  ui['run-text'].dataset.state = 'running';
  ui['run-to-end'].disabled = true;
  note(`Running ${run.title} to the end in a worker; the page stays yours meanwhile.`);
  setRunBar(0);
  worker.onmessage = (e) => {
    const m = e.data;
    if (!run || run.worker !== worker || run.epoch !== epoch) return;
    if (m.type === 'error') {
      finishRun();
      note(`Run to end failed: ${m.message}`, 'error');
      return;
    }
    run.stats = m.stats;
    run.ms = m.ms;
    setRunBar(num(m.stats.progress));
    if (m.type === 'done') {
      lastRun = { stats: m.stats, ms: m.ms, title: run.title };
      const text = `Done: ${fmt(m.stats.solutions)} solutions, ${fmt(m.stats.nodes)} nodes, ${fmt(m.stats.updates)} updates in ${(m.ms / 1000).toFixed(2)} s (worker).`;
      finishRun();
      statsSource = 'worker';
      ui['run-text'].textContent = text;
      ui['run-text'].dataset.state = 'done';
      ui['run-cancel'].textContent = 'Close';
      setRunBar(1);
      note(`${lastRun.title}: ${text}`, 'solution');
    } else {
      ui['run-text'].textContent = `${fmt(m.stats.solutions)} solutions so far, ${fmt(m.stats.nodes)} nodes, ${(m.ms / 1000).toFixed(1)} s…`;
    }
    dirty = true;
  };
  worker.onerror = (e) => {
    if (!run || run.worker !== worker || run.epoch !== epoch) return;
    finishRun();
    note(`Run to end failed: ${e.message || 'the worker stopped'}`, 'error');
  };
  worker.postMessage({ kind: p.kind, text: p.text, distinct: p.distinct });
  dirty = true;
}

function finishRun() {
  if (run) run.worker.terminate();
  run = null;
  ui['run-to-end'].disabled = false;
}

/**
 * A load or a reset: the search the read-outs showed is gone, so any run to the end of it is stopped,
 * its box closed and its counts forgotten.
 */
function newEpoch() {
  epoch++;
  finishRun();
  lastRun = null;
  ui['run-box'].hidden = true;
  ui['run-text'].textContent = '';
  delete ui['run-text'].dataset.state;
  setRunBar(0);
}

function cancelRun() {
  finishRun();
  ui['run-text'].textContent = 'Cancelled.';
  ui['run-text'].dataset.state = 'cancelled';
  ui['run-cancel'].textContent = 'Close';
  statsSource = 'live';
  note('Run to end cancelled.');
}

function setRunBar(p) {
  const pct = Math.max(0, Math.min(100, p * 100));
  ui['run-bar'].firstElementChild.style.width = `${pct}%`;
  ui['run-bar'].setAttribute('aria-valuenow', pct.toFixed(1));
}

// ------------------------------------------------------------------ the frame loop

function loop(now) {
  frames++;
  if (model.playing) {
    const slow = model.speed < ANIMATE_BELOW;
    const before = slow ? model.snapshot() : null;
    const taken = model.tick(now);
    if (taken) {
      if (slow) matrix.animateFrom(before, Math.min(600, 800 / model.speed));
      dirty = true;
    }
    if (!model.playing) dirty = true; // stopped at the end
  }
  if (hunting) huntFrame();
  if (dirty) {
    dirty = false;
    render();
  }
  updateReadouts();
  matrix.draw(now);
  board.draw();
  tree.draw();
  requestAnimationFrame(loop);
}

/** Hands every renderer the current state. At full speed this runs once a frame, whatever the steps. */
function render() {
  const fast = model.playing && model.speed > 60;
  // The matrix takes the link arrays itself (through model.views()) when it reads them, not from here:
  // board() and narration() below allocate in wasm and may grow its memory, detaching older views.
  matrix.update({
    branching: model.branchingItem(),
    trying: model.trying(),
    chosen: model.chosenNodes(),
    follow: !fast && !hunting,
  });
  const b = model.board();
  board.update(b, highlightOf(b));
  if (ui['board-text'].textContent !== b.text) ui['board-text'].textContent = b.text;
  const st = model.stats();
  tree.update({
    tree: model.tree, depth: TREE_DEPTH, path: model.path, names: model.info.items,
    progress: num(st.progress), leaf: model.leaf, done: st.done,
  });
  const narration = model.narration();
  ui.narration.textContent = narration || 'At the start: nothing covered yet.';
  // Announce the board and the narration only when the search stands still.
  const live = model.playing || hunting ? 'off' : 'polite';
  ui['board-text'].setAttribute('aria-live', live);
  ui.narration.setAttribute('aria-live', live);
  statusLine(st);
}

/**
 * The cells of the option being tried: those that changed at the last change of the board. A step that
 * only takes cells away keeps what is left of the highlight. Works the same for every kind of board.
 */
function highlightOf(b) {
  const trying = model.trying();
  if (b.kind === 'exact-cover') return trying && b.lines.length ? new Set([b.lines.length - 1]) : new Set();
  const cells = b.cells;
  if (!lastCells || lastCells.length !== cells.length) {
    lastCells = Array.from(cells);
    highlight = new Set();
    return highlight;
  }
  // After a jump or a fast batch the change is many options at once: nothing stands out as tried.
  const small = model.lastMove < 500;
  const added = [];
  let removed = false;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== lastCells[i]) {
      if (cells[i] !== 0) added.push(i); else removed = true;
      lastCells[i] = cells[i];
    }
  }
  if (!small) highlight = new Set();
  else if (added.length) highlight = new Set(added);
  else if (removed) highlight = new Set([...highlight].filter((i) => cells[i] !== 0));
  return highlight;
}

/** The status line from the state of the search, unless a message waits to be read. */
function statusLine(st) {
  if (statusNote) return;
  let text;
  let kind = '';
  if (hunting) text = 'Searching for the next solution…';
  else if (st.done) { text = `Search finished: ${fmt(st.solutions)} solution${num(st.solutions) === 1 ? '' : 's'}, ${fmt(st.nodes)} nodes.`; kind = 'solution'; }
  else if (model.leaf === 'solution') { text = `Solution ${fmt(st.solutions)} found.`; kind = 'solution'; }
  else if (model.playing) text = `Playing at ${ui['speed-out'].textContent}.`;
  else if (st.at_start) text = `${model.info.title}: at the start. Press Play, Step or Next solution.`;
  else if (model.leaf === 'dead') text = 'Paused at a dead end.';
  else text = 'Paused.';
  setStatus(text, kind);
}

function setStatus(text, kind = '') {
  if (ui.status.textContent !== text) ui.status.textContent = text;
  ui.status.dataset.kind = kind;
  ui.status.classList.toggle('is-error', kind === 'error');
  ui.status.classList.toggle('is-solution', kind === 'solution');
}

/** A message in the status line (an error, a note), kept until the next action. */
function note(text, kind = '') {
  statusNote = { text, kind };
  setStatus(text, kind);
}

function updateReadouts() {
  let st, ms, source;
  // While a run has reported nothing yet, the live counts stay up (a last run may be of another search).
  if (statsSource === 'worker' && (run ? run.stats : lastRun)) {
    st = run ? run.stats : lastRun.stats;
    ms = run ? run.ms : lastRun.ms;
    source = run ? '(run to end, in the worker)' : '(run to end: all counted)';
  } else {
    st = model.stats();
    ms = model.elapsedMs;
    source = '';
  }
  set(ui['st-level'], fmt(st.level));
  set(ui['st-nodes'], fmt(st.nodes));
  set(ui['st-updates'], fmt(st.updates));
  set(ui['st-solutions'], fmt(st.solutions));
  const eps = statsSource === 'worker' ? '—' : model.playing ? fmt(Math.round(model.eventsPerSecond)) : '—';
  set(ui['st-eps'], eps);
  set(ui['st-elapsed'], `${(ms / 1000).toFixed(1)} s`);
  set(ui['stats-source'], source);
  ui.play.textContent = model.playing ? '❚❚ Pause' : '▶ Play';
  ui.play.setAttribute('aria-pressed', String(model.playing));
  ui['step-back'].disabled = !!st.at_start && statsSource === 'live' || !!model.stats().at_start;
}

function set(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function num(x) { return typeof x === 'bigint' ? Number(x) : Number(x ?? 0); }
function fmt(x) { return num(x).toLocaleString('en-US'); }

main();
