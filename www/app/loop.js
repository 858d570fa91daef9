// @ts-check
// The frame loop: the hunt's slice of the frame, then, when something changed, one snapshot for
// every renderer (www/views/snapshot.js), and every frame their draws; the controls' own state and
// the status line from the snapshot; the focus kept on a usable control. It sleeps while nothing on
// the page moves, idle or while a run to the end counts.

import { takeSnapshot, PACE_MS } from '../views/snapshot.js';
import { fmt, count, short } from '../views/readouts.js';
import { ui } from './ui.js';
import { state, M, T, tell, setStatus, wakeLoop } from './state.js';
import { huntFrame } from './search.js';

/** When each paced renderer last took an update during fast play (`Renderer.paceMs`). @type {WeakMap<object, number>} */
const paced = new WeakMap();

/** Below this speed (events/s) every change of the links is animated. */
const ANIMATE_BELOW = 9;

/** @param {number} now */
export function loop(now) {
  const model = M();
  state.frames++;
  if (model.playing) {
    const slow = model.speed < ANIMATE_BELOW;
    const before = slow ? model.snapshot() : null;
    const taken = model.tick(now);
    if (taken && slow) tell({ type: 'animate', before, ms: Math.min(600, 800 / model.speed) });
    // Elapsed time and events/s change every frame while playing.
    state.dirty = true;
  }
  if (state.hunting) huntFrame();
  if (state.dirty) {
    state.dirty = false;
    state.snapshots++;
    const snap = takeSnapshot(model, { hunting: !!state.hunting, run: T().runs.state, epoch: state.epoch, formError: !ui['input-error'].hidden }, state.renderers);
    for (const r of state.renderers) {
      // A paced renderer (figures and words in the page) skips the frames of fast play between its
      // paces; the frame where play stops is not fast, and every renderer takes it.
      if (snap.fast && r.paceMs) {
        if (now - (paced.get(r) ?? -Infinity) < r.paceMs) continue;
        paced.set(r, now);
      }
      r.update(snap);
    }
    // The controls' figures (the timeline's, the status line) likewise.
    if (!snap.fast || now - state.controlsAt >= PACE_MS) {
      state.controlsAt = now;
      controlsFrom(snap);
    }
  }
  for (const r of state.renderers) r.draw(now);
  keepFocus();
  // While nothing on the page moves, the loop sleeps between frames. Idle, 60 frames a second kept
  // 5% of a core busy for nothing (0.70 CPU s in 10 s of the idle page against 0.16 s without the
  // loop, headless Chromium); during a run to the end on every core, 60 wake-ups a second of the
  // page's thread took 30-60 ms of CPU in a 1 s run (14-queens, 2 workers on 2 cores), time the
  // workers lose. Anything that changes the page wakes it at once: an input event, `state.dirty`
  // or a renderer's own `dirty` set (`wakeOnDirty`); the run box's figures change every 250 ms.
  const still = !model.playing && !state.hunting
    && !state.dirty && !state.renderers.some((r) => r.dirty || r.animating);
  if (still) state.sleep = setTimeout(() => { state.sleep = 0; requestAnimationFrame(loop); }, SLEEP_FRAME_MS);
  else requestAnimationFrame(loop);
}

document.addEventListener('focusin', (e) => { state.lastFocus = /** @type {Element} */ (e.target); });

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
  if (document.activeElement !== document.body || !state.lastFocus || usable(state.lastFocus)) return;
  const partner = FOCUS_NEXT[state.lastFocus.id];
  const next = [partner ? document.getElementById(partner) : null, ui.play].find(usable);
  state.lastFocus = null;
  if (next) next.focus({ preventScroll: true });
}

/** The frame loop's pace while it sleeps (see `loop`). */
const SLEEP_FRAME_MS = 100;

// A user's input may change what a renderer draws without setting `state.dirty` (a pointer over the
// matrix): it wakes the loop too, before the page's own handlers run (capture).
// A control disabled while it has the focus leaves it on the body without a focusin: `focusout`
// wakes the loop so that `keepFocus` hands it on within a frame.
for (const type of ['pointerdown', 'pointermove', 'click', 'keydown', 'wheel', 'input', 'change', 'focusin', 'focusout', 'touchstart', 'resize']) {
  window.addEventListener(type, wakeLoop, { capture: true, passive: true });
}

/**
 * The controls' own state from the snapshot: play's label, back at the start, the status line.
 * @param {import('../views/snapshot.js').Snapshot} s
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

/**
 * The timeline slider: its end is the furthest event reached by stepping, its value where the search
 * stands. @param {{position: number, horizon: number, at: number, fromStart: boolean, by: string}} t
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
  // Where Solve landed, its name: "at the jump" after Solve named nothing the page had said.
  const jump = t.by ? `${t.by}'s stop` : 'the jump';
  const fromJump = t.at < 0 ? `${short(-t.at)} before ${jump}` : t.at > 0 ? `${short(t.at)} after ${jump}` : t.by ? `at ${jump}` : 'at the jump';
  const text = t.fromStart ? `${short(t.position)} / ${short(t.horizon)} events` : fromJump;
  if (ui['timeline-out'].textContent !== text) ui['timeline-out'].textContent = text;
  // The exact figures (the read-out may be short: "48.5k"), set only when they change.
  const key = `${t.position}/${t.horizon}/${t.at}/${t.fromStart}`;
  if (state.timelineKey !== key) {
    state.timelineKey = key;
    /** @type {HTMLElement} */ (ui['timeline-out'].parentElement).title = t.fromStart
      ? `Timeline: ${figures} events`
      : `Timeline: ${t.at ? `${count(Math.abs(t.at), 'event', 'events')} ${t.at < 0 ? 'before' : 'after'}` : 'at'} where ${t.by ? `${t.by} left the search` : 'the last jump landed'}; the slider spans the ${fmt(t.horizon)} events reached by stepping around it (a search at full speed keeps no steps to go back through)`;
  }
}

/**
 * The status line from the state of the search, unless a message waits to be read.
 * @param {import('../views/snapshot.js').Snapshot} s
 */
function statusLine(s) {
  if (state.statusNote) return;
  const st = s.stats;
  let text;
  let kind = '';
  const l = s.solution;
  // A Solve going on has its one message in the verdict: the search here waits at its start (or
  // runs Solve's slices), and "At the start" or "Paused." beside "Solving…" told another story.
  if (s.solving) text = 'Solving: the verdict under the board says how far (Stop or Esc stops it).';
  else if (s.hunting) text = 'Searching for the next solution…';
  else if (l) {
    // The board shows a kept solution: say which, so that the words and the board tell one story.
    const finished = st.done ? ` Search finished: ${count(st.solutions, 'solution', 'solutions')}, ${count(st.nodes, 'node', 'nodes')}.` : '';
    const found = st.done ? ' found' : ' found so far';
    // After Solve proved it unique, the search stands at it (Session.solve): "1 of 1 found so far"
    // beside "Unique solution" read as two stories. Short: the narration says that Step goes on.
    if (s.proved && l.source === 'search' && l.count === 1) text = 'Showing the only solution (Solve proved it unique).';
    else text = `Showing solution ${l.index + 1} of ${l.count}${l.source === 'run' ? ' from the run to the end' : found}.${finished}`;
    kind = 'solution';
  } else if (st.done) { text = `Search finished: ${count(st.solutions, 'solution', 'solutions')}, ${count(st.nodes, 'node', 'nodes')}.`; kind = 'solution'; }
  // What to do next, at a solution the search stands at (the welcome's 6x7 stopped there with
  // nothing offered): search on, or another puzzle.
  else if (s.leaf === 'solution') { text = `Solution ${fmt(st.solutions)} found. Next: ▶ Play or Next ✓ searches on for more; a tour or a preset is another puzzle.`; kind = 'solution'; }
  else if (s.playing) text = `Playing at ${ui['speed-out'].textContent}.`;
  else if (st.at_start) text = 'At the start. Press Play, Step or Next solution.';
  else if (s.leaf === 'dead') text = 'Paused at a dead end.';
  else if (s.stoppedAt === 'level') text = `Paused on reaching level ${st.level}.`;
  else text = 'Paused.';
  setStatus(text, kind);
}
