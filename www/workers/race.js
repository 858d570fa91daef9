// @ts-check
// The Race view (Knuth's talk's comparison): dancing links against naive Algorithm X on the plain 0-1
// matrix (core::naive), each under MRV and under "first" (the leftmost item), on the loaded problem,
// one worker a lane (www/workers/race-worker.js), side by side with nodes, updates and time live, until a first
// solution or the end, as the user chooses. Both algorithms make the same choices, so under one
// heuristic they walk the same tree: equal nodes, updates and solutions, only the time differs.
//
// Times are wall clock in workers running at once: they share the machine's cores, so a ratio is
// honest only as a ratio of the lanes' own elapsed times under the same load, and the view says so.
//
// Interface:
//   const race = new Race(onChange)      onChange() after every change of `state`
//   race.start(spec, title, untilSolution)  spec {kind, text, distinct, format}; a race running is stopped
//   race.stop()                          the user's Stop: lanes still running end 'stopped'
//   race.state                           {phase: 'idle' | 'running' | 'done' | 'stopped', title,
//                                         untilSolution, cores, lanes: [Lane]}
//   new RaceView(els, {race, problem})   the panel: Start, Stop, the choice, the lanes, the ratios

import { elapsed as seconds, fmt } from '../views/readouts.js';

/** A lane's figures (Racer.stats). @typedef {import('../pkg/dlx_studio.js').RaceStats} LaneStats */
/**
 * @typedef {object} Lane
 * @property {'dlx' | 'naive'} algorithm @property {'mrv' | 'first'} heuristic
 * @property {'running' | 'done' | 'stopped' | 'error'} phase
 * @property {LaneStats | null} stats @property {number} ms  time searched (wall clock)
 * @property {string} message  an error's
 * @property {boolean} [ready]  read and laid out, waiting for the others
 */
/**
 * @typedef {object} RaceState
 * @property {'idle' | 'running' | 'done' | 'stopped'} phase
 * @property {string} title @property {boolean} untilSolution @property {number} cores
 * @property {Lane[]} lanes
 */

/** The lanes, in the order shown: each heuristic's pair together. */
const LANES = /** @type {const} */ ([['dlx', 'mrv'], ['naive', 'mrv'], ['dlx', 'first'], ['naive', 'first']]);

export const ALGORITHM_NAMES = { dlx: 'Dancing links', naive: 'Naive (0-1 matrix)' };
export const HEURISTIC_NAMES = { mrv: 'MRV', first: 'first item' };

export class Race {
  /** @param {() => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    /** @type {Worker[]} */
    this._workers = [];
    /** @type {RaceState} */
    this.state = { phase: 'idle', title: '', untilSolution: true, cores: 0, lanes: [] };
  }

  get running() { return this.state.phase === 'running'; }

  /**
   * @param {import('../engine/model.js').ProblemSpec} spec @param {string} title @param {boolean} untilSolution
   */
  start(spec, title, untilSolution) {
    this._terminate();
    /** @type {Lane[]} */
    const lanes = LANES.map(([algorithm, heuristic]) => ({
      algorithm, heuristic, phase: /** @type {Lane['phase']} */ ('running'), stats: null, ms: 0, message: '',
    }));
    this.state = {
      phase: 'running', title, untilSolution, cores: navigator.hardwareConcurrency || 1, lanes,
    };
    /** @type {Worker[]} */
    const workers = [];
    const goIfReady = () => {
      if (lanes.every((l) => l.ready || l.phase === 'error')) for (const x of workers) x.postMessage({ go: true });
    };
    lanes.forEach((lane) => {
      const w = new Worker(new URL('./race-worker.js', import.meta.url), { type: 'module' });
      // A message from a worker of a race stopped since is dropped (it posts on until terminated).
      w.onmessage = (e) => {
        if (this._workers !== workers) return;
        const m = e.data;
        if (m.type === 'ready') {
          // Every lane starts searching at once, once all have read and laid out the problem.
          lane.ready = true;
          goIfReady();
          return;
        }
        if (m.type === 'error') {
          lane.phase = 'error';
          lane.message = m.message;
          goIfReady(); // the others may be waiting for this one
        } else {
          lane.stats = m.stats;
          lane.ms = m.ms;
          if (m.type === 'done') lane.phase = 'done';
        }
        if (lane.phase !== 'running') w.terminate();
        if (lanes.every((l) => l.phase !== 'running')) this._end('done');
        else this.onChange();
      };
      w.onerror = (e) => {
        if (this._workers !== workers) return;
        lane.phase = 'error';
        lane.message = e.message || 'the worker stopped';
        goIfReady();
        if (lanes.every((l) => l.phase !== 'running')) this._end('done');
        else this.onChange();
      };
      w.postMessage({
        kind: spec.kind, text: spec.text, distinct: spec.distinct, format: spec.format,
        algorithm: lane.algorithm, heuristic: lane.heuristic, untilSolution,
      });
      workers.push(w);
    });
    this._workers = workers;
    this.onChange();
  }

  stop() {
    if (!this.running) return;
    for (const l of this.state.lanes) if (l.phase === 'running') l.phase = 'stopped';
    this._end('stopped');
  }

  /** @param {RaceState['phase']} phase */
  _end(phase) {
    this._terminate();
    this.state.phase = phase;
    this.onChange();
  }

  _terminate() {
    for (const w of this._workers) w.terminate();
    this._workers = [];
  }
}

/** A ratio as people say it: 57×, 2.4×. @param {number} r */
function times(r) {
  return r >= 10 ? `${fmt(Math.round(r))}×` : `${r.toFixed(1)}×`;
}

/**
 * The shortest time a ratio is said for: below it a lane's time is mostly the timer's grain (workers
 * see performance.now() at 0.1 ms or coarser) and the other lanes' load, so "5.0× faster" of 0.5 ms
 * against 0.1 ms would be noise. Both times must reach it.
 */
export const MIN_COMPARE_MS = 5;

/**
 * What the race says of a pair of lanes: DLX against naive under one heuristic. A ratio only when both
 * times reach MIN_COMPARE_MS; else the times, and that they are too short to compare.
 * @param {Lane} dlx @param {Lane} naive
 */
export function compare(dlx, naive) {
  const h = HEURISTIC_NAMES[dlx.heuristic];
  if (naive.phase === 'error') return `${h}: naive search cannot run here (${naive.message}).`;
  if (dlx.phase === 'error') return `${h}: ${dlx.message}.`;
  if (!dlx.stats || !naive.stats) return `${h}: starting…`;
  const same = dlx.stats.nodes === naive.stats.nodes;
  if (dlx.phase === 'done' && naive.phase === 'done') {
    const tree = same
      ? `the same tree, ${fmt(dlx.stats.nodes)} nodes each`
      : `different trees (${fmt(dlx.stats.nodes)} against ${fmt(naive.stats.nodes)} nodes)`;
    const [fast, slow] = [Math.min(dlx.ms, naive.ms), Math.max(dlx.ms, naive.ms)];
    if (fast < MIN_COMPARE_MS && slow >= 1.5 * MIN_COMPARE_MS) {
      // The short time is the timer's grain, but it is under MIN_COMPARE_MS: the ratio is at least
      // slow / MIN_COMPARE_MS (0.9 ms against 288 ms was "too fast to compare").
      const who = dlx.ms <= naive.ms ? 'dancing links' : 'naive';
      return `${h}: ${who} at least ${times(slow / MIN_COMPARE_MS)} faster (${seconds(dlx.ms)} against `
        + `${seconds(naive.ms)}; a time under ${MIN_COMPARE_MS} ms is mostly the timer's grain), ${tree}.`;
    }
    if (fast < MIN_COMPARE_MS) {
      // (0.2 ms against 7.5 ms said "under 5 ms is timer noise" of a time over 5 ms.)
      return `${h}: too fast to compare (dancing links ${seconds(dlx.ms)}, naive ${seconds(naive.ms)}: `
        + `times this short are mostly the timer's grain), ${tree}.`;
    }
    const ratio = naive.ms / dlx.ms;
    const who = ratio >= 1 ? `dancing links ${times(ratio)} faster` : `naive ${times(1 / ratio)} faster`;
    return `${h}: ${who} (${seconds(dlx.ms)} against ${seconds(naive.ms)}), ${tree}.`;
  }
  if (dlx.phase === 'done' && dlx.ms < MIN_COMPARE_MS) {
    const where = naive.phase === 'stopped' ? 'stopped' : 'still running';
    return `${h}: dancing links done in ${seconds(dlx.ms)} (too short for a ratio); naive ${where} at ${fmt(naive.stats.nodes)} of ${fmt(dlx.stats.nodes)} nodes.`;
  }
  if (dlx.phase === 'done') {
    // Naive has not finished: the ratio is a lower bound, said as one.
    const ratio = naive.ms / dlx.ms;
    const where = naive.phase === 'stopped' ? 'stopped' : 'still running';
    return ratio >= 1
      ? `${h}: dancing links at least ${times(ratio)} faster (naive ${where} at ${fmt(naive.stats.nodes)} of ${fmt(dlx.stats.nodes)} nodes).`
      : `${h}: dancing links done in ${seconds(dlx.ms)}; naive ${where}.`;
  }
  return `${h}: ${dlx.phase === 'stopped' ? 'stopped' : 'running'}…`;
}

/**
 * What the heuristics do to the tree: MRV's nodes against first's, by dancing links.
 * @param {Lane} mrv @param {Lane} first
 */
export function compareHeuristics(mrv, first) {
  if (!mrv.stats || !first.stats || mrv.phase !== 'done') return '';
  const r = first.stats.nodes / Math.max(mrv.stats.nodes, 1);
  if (first.phase === 'done') {
    if (mrv.stats.nodes === first.stats.nodes) return `MRV and first item walk trees of the same size (${fmt(mrv.stats.nodes)} nodes).`;
    // The counts first, then how many times: "1.1× fewer" (15 against 16 nodes) read as nonsense.
    return r > 1
      ? `MRV visits ${fmt(mrv.stats.nodes)} nodes, first item ${fmt(first.stats.nodes)}: ${times(r)} as many without MRV.`
      : `First item visits ${fmt(first.stats.nodes)} nodes here, MRV ${fmt(mrv.stats.nodes)}: ${times(1 / r)} as many with MRV.`;
  }
  return r > 1 ? `MRV visits ${fmt(mrv.stats.nodes)} nodes; first item is past ${fmt(first.stats.nodes)}, ${times(r)} as many, and not done.` : '';
}

export class RaceView {
  /**
   * @param {{start: HTMLButtonElement, stop: HTMLButtonElement, until: HTMLSelectElement, lanes: HTMLElement,
   *          verdict: HTMLElement, note: HTMLElement}} els
   * @param {{race: Race, problem: () => ({spec: import('../engine/model.js').ProblemSpec, title: string} | null)}} deps
   */
  constructor(els, deps) {
    this.els = els;
    this.race = deps.race;
    // Its figures are the race's own: each change of the race is drawn, no snapshot needed.
    this.race.onChange = () => this.changed();
    this.dirty = true;
    els.start.addEventListener('click', () => {
      const p = deps.problem();
      if (!p) return;
      this.race.start(p.spec, p.title, els.until.value !== 'end');
    });
    els.stop.addEventListener('click', () => this.race.stop());
  }

  /** The race changed (its onChange). */
  changed() { this.dirty = true; }

  /** The colours changed (dark mode): drawn again. */
  restyle() { this.dirty = true; }

  /** A renderer (www/views/snapshot.js): the race has its own figures, so the snapshot is not read. */
  update() {}

  draw() {
    if (!this.dirty) return;
    this.dirty = false;
    const s = this.race.state;
    const { els } = this;
    els.stop.disabled = s.phase !== 'running';
    els.start.textContent = s.phase === 'running' ? 'Restart' : 'Start the race';
    if (!s.lanes.length) {
      els.lanes.replaceChildren();
      els.verdict.textContent = 'Press Start to race dancing links against naive search on the loaded problem.';
      return;
    }
    // One time scale for the four bars: the longest lane's time so far is the full width, so a
    // lane that finished stays where it stopped while the others run on past it (a race, where
    // each bar was Knuth's estimate of its own tree, full at the end for winner and loser alike).
    const axis = Math.max(1e-6, ...s.lanes.map((l) => l.ms));
    const rows = s.lanes.map((l) => {
      const li = document.createElement('li');
      li.className = `lane ${l.algorithm}`;
      li.dataset.testid = `race-${l.algorithm}-${l.heuristic}`;
      li.dataset.phase = l.phase;
      const name = document.createElement('span');
      name.className = 'lane-name';
      name.textContent = `${ALGORITHM_NAMES[l.algorithm]}, ${HEURISTIC_NAMES[l.heuristic]}`;
      const bar = document.createElement('div');
      bar.className = 'bar';
      bar.setAttribute('role', 'img');
      const share = Math.min(1, l.ms / axis);
      bar.setAttribute('aria-label', `${name.textContent}: ${seconds(l.ms)}, ${Math.round(share * 100)}% of the longest lane's time`);
      const fill = document.createElement('span');
      fill.style.width = `${(share * 100).toFixed(2)}%`;
      bar.dataset.share = share.toFixed(4);
      bar.append(fill);
      const figs = document.createElement('span');
      figs.className = 'lane-figs';
      const st = l.stats;
      const state = { running: '', done: ' ✓', stopped: ' (stopped)', error: '' }[l.phase];
      figs.textContent = l.phase === 'error'
        ? l.message
        : st ? `${fmt(st.nodes)} nodes · ${fmt(st.updates)} updates · ${fmt(st.solutions)} sol. · ${seconds(l.ms)}${state}`
          // While it runs, how far through its tree (Knuth's estimate, as the run box gives it).
          + (l.phase === 'running' && st.progress > 0 ? ` · ${Math.min(99, Math.floor(st.progress * 100))}% of its tree` : '') : 'starting…';
      li.append(name, bar, figs);
      return li;
    });
    els.lanes.replaceChildren(...rows);
    const [dm, nm, df, nf] = s.lanes;
    const lines = [compare(dm, nm), compare(df, nf), compareHeuristics(dm, df)].filter(Boolean);
    els.verdict.replaceChildren(...lines.map((t) => { const p = document.createElement('p'); p.textContent = t; return p; }));
    els.note.textContent = `${s.title}, ${s.untilSolution ? 'until the first solution' : 'to the end'}. `
      + 'Each bar is its lane\u2019s time, all four on one scale (the longest is the full width). '
      + 'Nodes are the search tree\u2019s nodes, one for each option tried; updates are Knuth\u2019s count of '
      + 'entries taken out of a list as items are covered, the same removals naive makes in its 0-1 matrix, '
      + 'which it finds by scanning rows and columns where dancing links follows its links; sol. are the '
      + `solutions found. Times are wall clock: the four lanes run at once in workers sharing ${s.cores} core${s.cores === 1 ? '' : 's'}, `
      + 'so each is slowed by the others while they run (a lane left alone at the end runs faster), and '
      + 'reading and laying out the problem is not timed, nor a short warm-up of each engine before the start '
      + '(so that the lanes are timed in the browser\u2019s optimised code, not its first quick compile).';
  }
}
