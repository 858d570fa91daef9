// @ts-check
// The app's state, all of it, in one object (`state`), and what every part of the app does with it:
// the one reset path of a search (`restartSearch`), the hunt's end, telling the renderers (`tell`,
// the `on` hook of www/views/snapshot.js), the status line's message, and waking the frame loop.

import { ui } from './ui.js';
import { DEFAULT as DEFAULT_PRESET } from './presets.js';

/** The problem shown first. @type {import('../engine/model.js').ProblemSpec} */
export const DEFAULT = { kind: DEFAULT_PRESET.kind, text: DEFAULT_PRESET.text, distinct: false };

/**
 * The tools the app drives that are not renderers (or not only): set once by `main` in app.js.
 * @typedef {object} Tools
 * @property {import('../workers/run.js').RunToEnd} runs  run to the end, on the workers
 * @property {import('../workers/race.js').Race} race     the race's lanes
 * @property {import('../workers/maker.js').Maker} maker  New puzzle
 * @property {import('../views/variants.js').VariantPicker} picker  a typed Sudoku's variant switches
 */

/**
 * The app's state, all of it. `restartSearch` is the one path that resets what belongs to a search.
 * @type {{
 *   model: import('../engine/model.js').Model | null,
 *   tools: Tools | null,
 *   renderers: import('../views/snapshot.js').Renderer[],
 *   dirty: boolean,
 *   dirtyFlag: boolean,
 *   hunting: {slice: number} | null,
 *   epoch: number,
 *   statusNote: {text: string, kind: string, input?: boolean} | null,
 *   frames: number,
 *   snapshots: number,
 *   texts: Record<string, string>,
 *   undo: {kind: string, text: string}[],
 *   link: {query: string, tooLong: number, seq: number, written: Promise<void>},
 *   errorCells: number[],
 *   sleep: number,
 *   frame: FrameRequestCallback | null,
 *   recheckTimer: number,
 *   madeInert: HTMLElement[],
 *   runSeen: {state: import('../workers/run.js').RunState | null, phase: string},
 *   lastFocus: Element | null,
 *   timelineKey: string,
 *   controlsAt: number,
 * }}
 */
export const state = {
  /** The search (null until the engine has started). */
  model: null,
  /** The tools (null until the engine has started). */
  tools: null,
  /** Every view and tool the frame loop drives, with the one contract of www/views/snapshot.js, in order. */
  renderers: [],
  /** Whether the renderers need a new snapshot (setting it wakes a sleeping frame loop). */
  get dirty() { return this.dirtyFlag; },
  set dirty(v) { this.dirtyFlag = v; if (v) wakeLoop(); },
  /** What `dirty` reads and writes. */
  dirtyFlag: true,
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
  /** The sleeping frame loop's timer (0: the loop is awake, a frame is requested; www/app/loop.js). */
  sleep: 0,
  /** The frame loop's function, once it runs (what a wake-up requests). */
  frame: null,
  /** The timer of reading the form's text again after an edit (`recheckInput`). */
  recheckTimer: 0,
  /** The elements a maximised panel made inert (a tour's own inert controls are not among them). */
  madeInert: [],
  /** The run's state object and phase that the last snapshot carried (`onRunChange`). */
  runSeen: { state: null, phase: '' },
  /** The control that last had the keyboard's focus (`keepFocus`). */
  lastFocus: null,
  /** The timeline's figures its title was last written for. */
  timelineKey: '',
  /** When the controls' figures were last written during fast play (PACE_MS). */
  controlsAt: 0,
};

/** The model, once started (controls are disabled before). */
export function M() { return /** @type {import('../engine/model.js').Model} */ (state.model); }

/** The tools, once started. */
export function T() { return /** @type {Tools} */ (state.tools); }

/**
 * Tells every renderer what happened (the `on` hook): each takes what it cares about.
 * @param {import('../views/snapshot.js').AppEvent} e
 */
export function tell(e) {
  for (const r of state.renderers) r.on?.(e);
}

/**
 * The one reset path of everything the app holds about a search, after a load or a reset: no hunt, no
 * run (a run of the search before must not finish into this one), no note; renderers see a new epoch.
 */
export function restartSearch() {
  stopHunt();
  tell({ type: 'restart' });
  T().runs.forget();
  state.epoch++;
  state.statusNote = null;
  state.dirty = true;
}

/**
 * Next solution's label while it hunts ("Stop searching") and after, in index.html's form: the long
 * word in a `.lbl` span, which a narrow bar hides ("Next ✓", "Stop"); as plain text it took the
 * phone's bar from Play ("▶ Pla"). The accessible name follows (an aria-label outranks the text).
 * @param {boolean} hunting
 */
export function huntLabel(hunting) {
  const b = ui['next-solution'];
  const [short, long, mark] = hunting ? ['Stop', ' searching', ''] : ['Next', ' solution', ' ✓'];
  const lbl = document.createElement('span');
  lbl.className = 'lbl';
  lbl.textContent = long;
  b.replaceChildren(short, lbl, mark);
  b.setAttribute('aria-label', short + long);
}

/** @param {string} [message] */
export function stopHunt(message) {
  if (!state.hunting) return;
  state.hunting = null;
  M().endSlices();
  huntLabel(false);
  if (message) note(message);
  state.dirty = true;
}

/** @param {string} text @param {string} [kind] */
export function setStatus(text, kind = '') {
  if (ui.status.textContent !== text) {
    ui.status.textContent = text;
  }
  ui.status.dataset.kind = kind;
  ui.status.classList.toggle('is-error', kind === 'error');
  ui.status.classList.toggle('is-solution', kind === 'solution');
}

/**
 * A message in the status line (an error, a note), kept until the next action.
 * @param {string} text @param {string} [kind]
 */
export function note(text, kind = '') {
  state.statusNote = { text, kind };
  setStatus(text, kind);
}

/**
 * A renderer's own `dirty` flag (www/views/snapshot.js), set outside a frame (its ResizeObserver, a
 * scroll, a worker's message to the race), wakes the sleeping frame loop as `state.dirty` does:
 * the flag becomes an accessor on the renderer that wakes it when set.
 * @param {{dirty?: boolean}} r
 */
export function wakeOnDirty(r) {
  let dirty = !!r.dirty;
  Object.defineProperty(r, 'dirty', {
    get: () => dirty,
    set: (v) => { dirty = v; if (v) wakeLoop(); },
    configurable: true,
    enumerable: true,
  });
}

/** Wakes the frame loop if it sleeps: its next frame comes at once, not at the timer. */
export function wakeLoop() {
  if (!state.sleep) return;
  clearTimeout(state.sleep);
  state.sleep = 0;
  if (state.frame) requestAnimationFrame(state.frame);
}
