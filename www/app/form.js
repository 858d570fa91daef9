// @ts-check
// The problem form: the kind, its input and its text kept per kind, presets and Undo, loading a problem
// (its error shown by the box, with the caret on it, and read again as the text is mended), and
// whether the form still holds the problem loaded ("Not loaded"); an action loads a changed form
// first (`syncForm`).

import { KINDS, TREES, SUDOKU_SIZES } from '../engine/engine.js';
import { PRESETS } from './presets.js';
import { fmt, count } from '../views/readouts.js';
import { VariantPicker } from '../views/variants.js';
import { ui } from './ui.js';
import { state, M, T, DEFAULT, tell, note, restartSearch } from './state.js';
import { writeUrl } from './url.js';

/** How long after the last keystroke a text whose error shows is read again (`recheckInput`), in ms. */
const RECHECK_MS = 250;

/**
 * The kind select, the board select and the size hints, from problems::kinds (engine.js); returns the
 * variant switches' picker.
 */
export function buildForm() {
  ui.problem.replaceChildren(...[...KINDS.values()].map((k) => new Option(k.label, k.name)));
  ui['tree-choice'].replaceChildren(...TREES.map((t) => {
    const o = new Option(t.label, t.name);
    o.title = t.hint;
    return o;
  }));
  for (const [key, p] of Object.entries(PRESETS)) ui.preset.append(new Option(p.label, key));
  // A changed switch loads at once, as a changed board, N or "distinct" does.
  const picker = new VariantPicker(ui['variant-picker'], () => {
    T().maker.followRules(picker.value);
    // A rule the givens break: its error is under the form, below the fold of a short window; the
    // switch keeps the focus, the error comes into view (the status line cut it to "the givens b…"),
    // and the board marks the cells that break it (nothing was marked, and Solve then said the box
    // did not load, though nobody had touched it).
    const loaded = loadSpec(readInputs());
    if (!loaded) ui['input-error'].scrollIntoView({ block: 'nearest' });
    tell({ type: 'rules', loaded });
  });
  for (const k of KINDS.values()) state.texts[k.name] = defaultText(k.name);
  state.texts.sudoku = PRESETS['sudoku-hard'].text;
  state.texts['exact-cover'] = DEFAULT.text;
  showInputFor(ui.problem.value);
  return picker;
}

/** @param {string} kind */
export function kindOf(kind) {
  const k = KINDS.get(kind);
  if (!k) throw new Error(`unknown kind ${kind}`);
  return k;
}

/** @param {string} kind @param {string} text  whether text is a preset's or the default (nothing to lose) */
function isPresetText(kind, text) {
  return text === defaultText(kind) || Object.values(PRESETS).some((p) => p.kind === kind && p.text === text);
}

/** @param {string} kind */
export function defaultText(kind) {
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
export function showInputFor(kind) {
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
  // A board the list does not offer (a link's `?dominoes=16x16`: any MxN within the bounds loads)
  // joins the list: a select cannot show a value it has no option for, so the form read an empty
  // board, differed from the problem loaded, and Run to end or Play loaded that instead.
  if (input instanceof HTMLSelectElement && value && ![...input.options].some((o) => o.value === value)) {
    input.append(new Option(value, value));
  }
  input.value = number && !/^-?\d+(\.\d+)?$/.test(value.trim()) ? '' : number ? value.trim() : value;
}

/** The problem the inputs describe now. @returns {import('../engine/model.js').ProblemSpec} */
export function readInputs() {
  const kind = ui.problem.value;
  const k = kindOf(kind);
  const el = inputElement(kind);
  const text = k.input === 'size' ? el.value.trim() : el.value;
  // The exact-cover format (the CLI's --format), a Sudoku's variant switches (--variant); undefined
  // elsewhere, for "detect" and for no switch.
  const format = k.input === 'matrix' && ui['matrix-format'].value !== 'auto' ? ui['matrix-format'].value
    : k.input === 'puzzle' ? T().picker.value : undefined;
  return { kind, text, distinct: !!k.distinct && ui.distinct.checked, format };
}

/**
 * Keeps text the user typed for "Undo" (not an empty one, nor a preset's, which the preset list gives
 * back), at most the last 20.
 * @param {string} kind @param {string} text
 */
export function keepForUndo(kind, text) {
  if (text.trim() === '' || isPresetText(kind, text)) return;
  state.undo.push({ kind, text });
  if (state.undo.length > 20) state.undo.shift();
}

/**
 * Puts a problem into the inputs (from a preset or a link) without loading it.
 * @param {import('../engine/model.js').ProblemSpec} spec
 * @param {{keepUndo?: boolean}} [how]
 */
export function writeInputs({ kind, text, distinct, format }, { keepUndo = true } = {}) {
  const old = state.texts[kind];
  // What the user typed is kept for "Undo" when a preset or a link replaces it.
  if (keepUndo && old !== undefined && old !== text) keepForUndo(kind, old);
  ui.problem.value = kind;
  state.texts[kind] = text;
  showInputFor(kind);
  ui.distinct.checked = !!distinct;
  if (kindOf(kind).input === 'puzzle') { T().picker.value = format; T().maker.followRules(format); }
  else ui['matrix-format'].value = format || 'auto';
}

/** The Session trapped and was replaced: its search is back at the start, so is the page's. */
export function afterRenew() {
  const model = M();
  if (!model.renewed) return;
  model.renewed = false;
  restartSearch();
  if (model.info) tell({ type: 'loaded', info: model.info, nodes: model.views().nodes });
}

/**
 * Loads a problem into the model. On bad input the error is shown next to the input and in the status,
 * the problem loaded before stays loaded and the text typed stays where it is.
 * @param {import('../engine/model.js').ProblemSpec} spec
 * @param {{focusError?: boolean | 'show', updateUrl?: boolean, push?: boolean, fromBoard?: boolean}} [how]  focusError:
 *   an error takes the focus and the caret (true), or only comes into sight ('show')
 *   updateUrl: write the problem into the URL, as a new history entry when push (Back returns)
 *   fromBoard: the text is a grid set on the board: its error names no place in the text
 */
export function loadSpec(spec, { focusError = false, updateUrl = true, push = true, fromBoard = false } = {}) {
  const model = M();
  let reading;
  try {
    reading = model.load(spec.kind, spec.text, spec.distinct, spec.format);
  } catch (err) {
    const cells = err instanceof Error ? /** @type {{cells?: unknown}} */ (err).cells : undefined;
    state.errorCells = Array.isArray(cells) ? cells : [];
    afterRenew();
    showInputError(spec.kind, err, focusError, fromBoard);
    return false;
  }
  state.errorCells = [];
  clearInputError();
  // A link or a history entry names its tree; else the tree chosen stays (Session keeps it).
  if (spec.tree && spec.tree !== model.treeChoice && TREES.some((t) => t.name === spec.tree)) model.setTree(spec.tree);
  // A link or a history entry says whether Memo is on (the form's Load leaves the switch as it is).
  if (spec.memo !== undefined && !!spec.memo !== !!model.memoChoice) { model.setMemo(!!spec.memo); ui.memo.checked = !!spec.memo; }
  treeFromModel();
  restartSearch();
  const info = /** @type {import('../engine/model.js').Info} */ (model.info);
  const asked = spec.kind;
  if (info.kind !== asked) {
    // Text in another box that reads as a Sudoku: the form follows what was loaded.
    writeInputs({ kind: info.kind, text: spec.text, distinct: false });
    spec = { ...spec, kind: info.kind };
  }
  // The variant boxes show the puzzle's rules, those its own text states too (f-puzzles).
  if (info.kind === 'sudoku') T().picker.showRules(model.layout?.variants ?? []);
  // Say how a Sudoku was read when it was not asked for as one, or not in its plainest form, or
  // when its link or JSON gives it a title (the reader quotes it: "…, “Miracle”").
  if (reading && (info.kind !== asked || /[(\u201c]/.test(reading))) note(`${reading}.`);
  // Memo on and a problem it cannot take (multiplicities): said, and the search steps without.
  const refused = model.memoRefusal();
  if (refused) note(`${refused}.`);
  // A problem that loads but leaves nothing to search (no option, one item) says so where it was typed.
  ui['input-warning'].textContent = info.warning || '';
  showWarning();
  tell({ type: 'loaded', info, nodes: model.views().nodes });
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
export function chooseTree(name) {
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

/**
 * The Memo switch: the search starts again at its start, stepping with memos (Knuth's DLX6: a
 * subproblem met before is reused, and the tree folds into a DAG) or without; the problem stays. A
 * problem with multiplicities is refused in words (the search steps without memos). Refused during a
 * tour, as the tree control is. @param {boolean} on
 */
export function chooseMemo(on) {
  const model = state.model;
  if (!model) return;
  if (document.body.classList.contains('touring')) { ui.memo.checked = !!model.memoChoice; return; }
  if (model.playing) model.pause();
  const refused = model.setMemo(on);
  restartSearch();
  note(refused ? `${refused}.`
    : on ? 'Memo on: a subproblem met before is reused, not searched again (Knuth\'s DLX6). Back at the start.'
      : 'Memo off: every node is searched. Back at the start.');
  // The link says Memo (replacing this history entry: the problem is the same).
  if (model.problem) state.link.written = writeUrl(model.problem, false);
}

/** The tree control and the lookahead's legend entries from the model. */
export function treeFromModel() {
  const model = M();
  if (ui['tree-choice'].value !== model.treeChoice) ui['tree-choice'].value = model.treeChoice;
  for (const li of document.querySelectorAll('[data-lookahead]')) /** @type {HTMLElement} */ (li).hidden = model.treeName !== 'lookahead';
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
 * @param {boolean} [fromBoard]  the text is a grid set on the board (`loadSpec`)
 */
export function showInputError(kind, err, how, fromBoard = false) {
  const focus = how === true;
  /** @type {import('../engine/engine.js').InputError | {line?: undefined, column?: undefined, cells?: undefined}} */
  const where = err instanceof Error ? err : {};
  const line = Number.isFinite(where.line) ? where.line : undefined;
  const column = Number.isFinite(where.column) ? where.column : undefined;
  let msg = (err instanceof Error && err.message) || String(err);
  // A grid set on the board (a tap, a key) was written into the box as one line: "line 1, column
  // 21" is a place in text the person never typed; the message names the cells.
  if (fromBoard) msg = msg.replace(/^line \d+(, column \d+)?: /, '');
  else if (line !== undefined && !/^line \d/.test(msg)) msg = `line ${line}${column !== undefined ? `, column ${column}` : ''}: ${msg}`;
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

/**
 * The form's text edited while its error shows: read again a moment after the typing stops, so that
 * the error by the box and in the status line goes once the text reads, or names what is wrong now.
 * (A pasted fix left the old error standing until Solve, beside "not loaded".) Nothing is loaded: an
 * error appears on an action (Load, Play, Solve), never while a grid is being typed.
 */
export function recheckInput() {
  clearTimeout(state.recheckTimer);
  if (ui['input-error'].hidden) return;
  state.recheckTimer = window.setTimeout(() => {
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

export function clearInputError() {
  if (!ui['input-error'].hidden) state.dirty = true;
  ui['input-error'].hidden = true;
  ui['input-error'].textContent = '';
  showWarning();
  for (const el of [ui.size, ui.puzzle, ui['matrix-input'], ui['pentomino-board']]) el.removeAttribute('aria-invalid');
}

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
export function formIsLoaded() {
  const p = M().problem;
  if (!p) return false;
  const f = readInputs();
  return f.kind === p.kind && f.distinct === p.distinct && (f.format || undefined) === (p.format || undefined)
    && normalText(f.kind, f.text) === normalText(p.kind, p.text);
}

/** Marks the form "not loaded" while it differs from the problem loaded; shows Undo when it can. */
export function updateFormState() {
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
export function syncForm() {
  if (!state.model || formIsLoaded()) return true;
  // A grid edited on the board that does not load shows its clash there, marked: the form's error
  // stays where it is (on a phone, Play scrolled the page down to it, the marks out of sight).
  if (state.renderers.some((r) => r.holdsEdit)) return loadSpec(readInputs(), { focusError: false });
  // The error comes into sight but the focus stays where the person acted (Play, Step, Solve or
  // their keys): put in the box with the bad character selected, the next Space or `n` pressed to
  // play replaced a given (or the unknown item) and loaded a puzzle nobody typed. Load, the form's
  // own button, still puts the caret on the error.
  return loadSpec(readInputs(), { focusError: 'show' });
}
