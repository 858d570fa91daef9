// @ts-check
// The controls and the keys: every button, box and list of the page bound to what it does, the page's
// keys (Space, arrows, n, c, zoom), a maximised panel (the rest inert), Escape stopping what runs,
// the speed and the pauses.

import { PRESETS } from './presets.js';
import { fmt, short } from '../views/readouts.js';
import { MAX_URL } from './links.js';
import { ui } from './ui.js';
import { state, M, T, tell, note, restartSearch, stopHunt } from './state.js';
import { kindOf, showInputFor, readInputs, writeInputs, loadSpec, chooseTree, chooseMemo, clearInputError, formIsLoaded, updateFormState, syncForm, recheckInput } from './form.js';
import { act, togglePlay, startHunt, runToEnd } from './search.js';

export function bindControls() {
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
      tell({ type: 'typed' });
      // A grid pasted (or dropped) into the Sudoku box, or a matrix into the exact-cover box, is
      // loaded at once, and its error shown: a paste is a whole act, not typing under way. The board
      // kept the old puzzle beside the new text, and "Not loaded" stood below the fold; the
      // exact-cover box waited for Load where the Sudoku box did not.
      const pasted = /^insertFrom(Paste|Drop)$/.test(/** @type {InputEvent} */ (e).inputType ?? '');
      if ((id === 'puzzle' || id === 'matrix-input') && pasted && state.model && !formIsLoaded()) {
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
  ui.memo.addEventListener('change', () => chooseMemo(ui.memo.checked));
  ui['undo-text'].addEventListener('click', () => {
    const u = state.undo.pop();
    if (!u) return;
    writeInputs({ kind: u.kind, text: u.text, distinct: ui.distinct.checked }, { keepUndo: false });
    updateFormState();
    note(`Your ${kindOf(u.kind).label} text is back in the form (not loaded yet).`);
  });
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
    T().runs.confirm();
    note(`Running ${T().runs.state.title} to the end anyway; Cancel or Esc stops it.`);
  });
  ui['run-cancel'].addEventListener('click', () => {
    if (T().runs.running) { T().runs.cancel(); note('Run to end cancelled.'); } else T().runs.forget();
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
  ui['zoom-in'].addEventListener('click', () => tell({ type: 'zoom', by: 1.5 }));
  ui['zoom-out'].addEventListener('click', () => tell({ type: 'zoom', by: 1 / 1.5 }));
  ui['zoom-fit'].addEventListener('click', () => tell({ type: 'fit' }));
  ui['zoom-follow'].addEventListener('click', () => tell({ type: 'follow' }));

  document.addEventListener('keydown', onKey);
  // A button activates on Space's keyup: the search took that Space on keydown.
  document.addEventListener('keyup', (e) => {
    if (e.key === ' ' && e.target instanceof HTMLButtonElement) e.preventDefault();
  });
}

/**
 * After a choice from a drop-down list made by a click (or Enter in the open list), the focus goes to
 * `next()`, the control of the next action: left on the list, the page's keys (arrows, Space, a
 * letter) chose another entry instead of acting (the tree's list restarted the search on an arrow,
 * the kind's list changed the problem). A choice made by a key on the closed list is browsing: the
 * focus stays for the next key. Call `chosen()` at the end of the list's change handler.
 * @param {HTMLSelectElement} list @param {() => HTMLElement} next
 */
export function focusAfterChoice(list, next) {
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
  if (state.renderers.some((r) => r.takeKey?.(e))) return;
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
    case '+': case '=': e.preventDefault(); tell({ type: 'zoom', by: 1.5 }); break;
    case '-': case '_': e.preventDefault(); tell({ type: 'zoom', by: 1 / 1.5 }); break;
    case '0': e.preventDefault(); tell({ type: 'fit' }); break;
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
  if (name === 'matrix' || (current && current.id === 'panel-matrix')) requestAnimationFrame(() => tell({ type: 'resized' }));
  state.dirty = true;
}

/**
 * Makes everything but `keep` (and what holds them) inert, or with none, undoes that: a maximised
 * panel covers the page, and Tab walked through eleven controls hidden under it (style.css keeps the
 * transport bar over the page beside it, so that Play and Step stay in reach).
 * @param {Element[]} keep
 */
function inertBesides(keep) {
  for (const el of state.madeInert) el.inert = false;
  state.madeInert = [];
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
      state.madeInert.push(c);
    }
  }
}

/** Escape: stops play, a hunt for the next solution and a run to the end. True if anything stopped. */
function stopEverything() {
  const model = M();
  const stopped = [];
  if (model.playing) { model.pause(); stopped.push('play'); }
  if (state.hunting) { stopHunt(); stopped.push('the search for the next solution'); }
  if (T().runs.running || T().runs.state.phase === 'confirm') { T().runs.cancel(); stopped.push('the run to the end'); }
  if (T().race.running) { T().race.stop(); stopped.push('the race'); }
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

/** @param {boolean} on */
export function setControlsEnabled(on) {
  for (const id of /** @type {const} */ (['load', 'reset', 'step-back', 'step-back-choice', 'timeline', 'play', 'step', 'step-choice', 'next-solution', 'run-to-end'])) {
    ui[id].disabled = !on;
  }
}

/** Where play pauses by itself: at solutions, at dead ends, on entering level k (model.tick). */
export function setPausesFromInputs() {
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

export function setSpeedFromSlider() {
  const speed = speedOf(Number(ui.speed.value));
  if (state.model) state.model.setSpeed(speed);
  const text = speed === Infinity ? 'max (as fast as frames allow)' : `${speed.toLocaleString('en-US')} event${speed === 1 ? '' : 's'}/s`;
  // Short in the bar ("Speed 17,475 event…" was cut at 1280 px), whole for a screen reader and on hover.
  ui['speed-out'].textContent = speed === Infinity ? text : `${short(speed)} event${speed === 1 ? '' : 's'}/s`;
  /** @type {HTMLElement} */ (ui['speed-out'].parentElement).title = `Speed: ${text}`;
  ui.speed.setAttribute('aria-valuetext', text);
}
