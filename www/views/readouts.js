// @ts-check
// The text read-outs, as renderers (update(snapshot) + draw(), see www/views/snapshot.js): the live
// statistics, the narration line, and the run-to-end box with its own figures.

import { termLink } from '../tools/glossary.js';
import { NATIVE } from '../workers/run.js';
import { PACE_MS } from './snapshot.js';

/** @param {unknown} x */
export function num(x) { return typeof x === 'bigint' ? Number(x) : Number(x ?? 0); }
/** @param {unknown} x */
export function fmt(x) { return typeof x === 'bigint' ? x.toLocaleString('en-US') : num(x).toLocaleString('en-US'); }
/**
 * A figure for a read-out that shares a bar (the timeline's, the speed's): exact below 10,000, else
 * "48.5k" or "1.2M" ("48,527 / 48,527 events" was cut to "48,527 / 48,527 ev…" at 1280 px); the
 * exact figure goes in the title. @param {number} x
 */
export function short(x) {
  const n = num(x);
  if (n < 1e4) return fmt(n);
  if (n < 1e6) return `${(n / 1e3).toFixed(n < 1e5 ? 1 : 0)}k`;
  return `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)}M`;
}
/** A count and its noun: "1 node", "2,475 nodes". @param {unknown} x @param {string} one @param {string} many */
export function count(x, one, many) { return `${fmt(x)} ${num(x) === 1 ? one : many}`; }
/** A byte count as "165 MB" or "1.2 GB". @param {number} b */
function bytes(b) { return b < 1e9 ? `${Math.round(b / 1e6)}\u00a0MB` : `${(b / 1e9).toFixed(1)}\u00a0GB`; }

/** A large number in words a person reads at once: 12,345, 3.4 million, 220 billion, 2.0 × 10²². @param {number} x */
export function sci(x) {
  if (x < 1e7) return fmt(Math.round(x));
  for (const [n, word] of /** @type {[number, string][]} */ ([[1e12, 'trillion'], [1e9, 'billion'], [1e6, 'million']])) {
    if (x >= n && x < 1000 * n) {
      const m = x / n;
      return `${m < 10 ? m.toFixed(1) : Math.round(m)} ${word}`;
    }
  }
  // Past a thousand trillion, a power of ten (not "2.0e22", which few read at a glance).
  const [m, e] = x.toExponential(1).split('e');
  const sup = [...String(Number(e))].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]).join('');
  return `${m} × 10${sup}`;
}

/**
 * The smallest step the clock `now` is seen to take, in ms, at least 0.1: browsers coarsen
 * performance.now() (Chromium to 0.1 ms, Firefox to 1 ms unless the page is cross-origin isolated),
 * and a time under that step cannot be told from none. A few steps are watched, each for at most
 * 5 ms of the clock's own time.
 * @param {() => number} now
 */
export function grainOf(now) {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t0 = now();
    let t = t0;
    for (let spins = 0; t === t0 && spins < 1e6; spins++) t = now();
    if (t > t0) best = Math.min(best, t - t0);
  }
  return Number.isFinite(best) ? Math.max(0.1, Math.min(best, 5)) : 1;
}

/** This page's (or worker's) clock's grain, in ms (`grainOf`). */
export const GRAIN = grainOf(() => performance.now());

/**
 * A time in milliseconds as people read it: < 0.1 ms, 0.2 ms, 38 ms, 1.25 s, 12.5 s; under the
 * clock's grain, "< 0.1 ms" or, on Firefox's 1 ms clock, "< 1 ms" (a Solve of 0.3 ms read "< 0.1
 * ms" there, a figure its clock cannot give), and no tenths the clock does not have.
 * @param {number} ms @param {number} [grain]  the clock's (GRAIN)
 */
export function elapsed(ms, grain = GRAIN) {
  // Under the last digit shown: "0.0 ms" read as no time at all, beside a count of nodes.
  if (ms < grain) return `< ${grain >= 1 ? Math.round(grain) : grain.toFixed(1)} ms`;
  if (ms < 10) return grain >= 1 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return ms < 10000 ? `${(ms / 1000).toFixed(2)} s` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * A time in seconds as a person weighs it at a glance, in the units and thresholds of the CLI's
 * progress line (narrate::duration), its largest figures as the page writes numbers (2.0 × 10²²
 * years, not 2.0e22): "40 seconds", "3 minutes", "5 hours", "3 days", "220 years".
 * @param {number} seconds
 */
export function duration(seconds) {
  const year = 365.25 * 86400;
  const whole = (/** @type {number} */ x, /** @type {string} */ unit) => {
    const n = Math.max(1, Math.round(x));
    return `${fmt(n)} ${unit}${n === 1 ? '' : 's'}`;
  };
  if (!Number.isFinite(seconds) || seconds < 0) return 'an unknown time';
  if (seconds >= 100 * year) return `${sci(seconds / year)} years`;
  if (seconds >= 2 * year) return whole(seconds / year, 'year');
  if (seconds >= 2 * 86400) return whole(seconds / 86400, 'day');
  if (seconds >= 2 * 3600) return whole(seconds / 3600, 'hour');
  if (seconds >= 120) return whole(seconds / 60, 'minute');
  return whole(seconds, 'second');
}

/**
 * A run's time left at its pace so far, in seconds, or null while too early to tell: from Knuth's
 * estimate of the share explored once a subproblem has finished, else from the tree's estimated
 * size (a run started with "run anyway") and the nodes counted so far.
 * @param {import('../workers/run.js').RunState} r
 */
export function runTimeLeft(r) {
  const st = r.stats;
  if (!st || r.phase !== 'running' || r.ms < 2000) return null;
  const secs = r.ms / 1000;
  const p = num(st.progress);
  if (p > 0 && p < 1) return secs * (1 - p) / p;
  const nodes = num(st.nodes);
  if (r.estimate > nodes && nodes > 0) return (r.estimate - nodes) / (nodes / secs);
  return null;
}

/** @param {HTMLElement} el @param {string} text */
function set(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * A tree's name in words, as the statistics and the run box say it.
 * @param {string | undefined} name  "dlx1", "lookahead" or "dlx3" (Session.tree_name)
 */
export function treeWords(name) {
  return name === 'lookahead' ? 'lookahead tree' : name === 'dlx3' ? 'DLX3 tree' : 'DLX1 tree';
}

/**
 * The live search's counters: always the page's own search, never a run to the end, whose totals
 * are a line of their own under them (runTotals).
 */
export class StatsView {
  /** @param {Record<'level' | 'nodes' | 'updates' | 'cleansings' | 'solutions' | 'memos' | 'hits' | 'zdd' | 'eps' | 'elapsed' | 'source' | 'run', HTMLElement>} els */
  constructor(els) {
    this.els = els;
    /** Figures that change at every frame of fast play are shown ten times a second. */
    this.paceMs = PACE_MS;
    /** @type {Record<string, string> | null} */
    this.values = null;
    /** The run to the end's totals, under the figures ('' none). */
    this.run = '';
    /** Whether the search steps with memos (the Memos, Hits and ZDD nodes rows shown). */
    this.memo = false;
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    const st = s.stats;
    this.values = {
      level: fmt(st.shown_level),
      nodes: fmt(st.nodes),
      updates: fmt(st.updates),
      cleansings: fmt(st.cleansings),
      solutions: fmt(st.solutions),
      // Stepping with memos: DLX6's memos and hits (their rows are hidden otherwise).
      // "(full)": the table is at its budget (128 MiB): a node finished now is searched, not kept.
      memos: s.memo ? `${fmt(s.memo.memos)}${s.memo.full ? ' (full)' : ''}` : '0',
      hits: s.memo ? fmt(s.memo.hits) : '0',
      // DLX6 prints its ZDD's nodes at the end, as does the page: "at the end" until the search is over.
      zdd: s.memo && s.memo.zdd !== null ? fmt(s.memo.zdd) : 'at the end',
      eps: s.playing ? fmt(Math.round(s.eventsPerSecond)) : '—',
      // As the verdict and the run box write a time ("13 ms", "1.25 s"): after a Solve of 13 ms it
      // said "0.0 s" beside a verdict of 13 ms.
      elapsed: s.elapsedMs > 0 ? elapsed(s.elapsedMs) : '0 s',
      // Which tree the counts are of (Nodes differ between them, solutions do not).
      source: `· ${treeWords(s.treeName)}`,
    };
    this.run = runTotals(s.run);
    this.memo = !!s.memo;
  }

  draw() {
    if (!this.values) return;
    for (const [k, v] of Object.entries(this.values)) set(this.els[/** @type {keyof StatsView['els']} */ (k)], v);
    for (const el of [this.els.memos, this.els.hits, this.els.zdd]) {
      const row = /** @type {HTMLElement} */ (el.parentElement);
      if (row.hidden !== !this.memo) row.hidden = !this.memo;
    }
    set(this.els.run, this.run);
    this.els.run.hidden = !this.run;
  }
}

/**
 * The run to the end's figures in words, for the Statistics panel: they are the workers' count, not
 * the stepped search's above them (which a run leaves where it was: "Solutions 0" stood beside the
 * run box's 9,356). '' when there is no run to tell of.
 * @param {import('../workers/run.js').RunState} r
 */
export function runTotals(r) {
  const st = r.stats;
  if (!st || !['running', 'done', 'cancelled'].includes(r.phase)) return '';
  // With memos a count is known only at the end: while it runs, its nodes and hits.
  const m = r.memo;
  const figures = m && r.phase !== 'done' ? `${count(st.nodes, 'node', 'nodes')}, ${fmt(m.hits)} reused (the count comes at the end)`
    : `${count(st.solutions, 'solution', 'solutions')}, ${count(st.nodes, 'node', 'nodes')}${m ? `, ${fmt(m.hits)} reused` : `, ${count(st.updates, 'update', 'updates')}`}`;
  const tree = m ? ' (with memos)' : r.tree ? ` (${treeWords(r.tree)})` : '';
  const said = r.phase === 'done' ? `Run to end${tree}: ${figures} in ${elapsed(r.ms)}`
    : r.phase === 'running' ? `Run to end${tree}, counting: ${figures} so far`
      : `Run to end${tree}, cancelled after ${elapsed(r.ms)}: ${figures} by then`;
  return `${said}. The figures above are the search you step.`;
}

/**
 * The narration: one sentence in words for the latest event, announced only when the search stands
 * still. It wraps (www/style.css), so the whole sentence shows at every width: a phone cannot hover
 * over a line cut short to read the rest.
 */
export class NarrationView {
  /** @param {HTMLElement} el */
  constructor(el) {
    this.el = el;
    this.text = '';
    this.live = 'off';
    /** A sentence an event: during fast play, ten a second. */
    this.paceMs = PACE_MS;
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    this.text = s.narration;
    this.live = s.playing || s.hunting ? 'off' : 'polite';
  }

  draw() {
    set(this.el, this.text);
    if (this.el.getAttribute('aria-live') !== this.live) this.el.setAttribute('aria-live', this.live);
  }
}

/** The run-to-end box: its progress bar and its own figures, beside the live statistics. */
export class RunBoxView {
  /**
   * @param {{box: HTMLElement, bar: HTMLElement, text: HTMLElement, cancel: HTMLButtonElement,
   *   anyway: HTMLButtonElement, tree: HTMLElement}} els
   */
  constructor(els) {
    this.els = els;
    /** @type {import('../workers/run.js').RunState | null} */
    this.run = null;
    this.key = '';
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    this.run = s.run;
  }

  draw() {
    const r = this.run;
    if (!r) return;
    const st = r.stats;
    const key = `${r.phase}|${r.workers}|${r.title}|${st ? `${st.nodes},${st.solutions},${st.progress}` : ''}|${r.ms}|${r.message}|${r.tree}|${r.engine}|${r.memoNote ?? ''}`;
    if (key === this.key) return;
    this.key = key;
    const { box, bar, text, cancel, anyway } = this.els;
    const els = this.els;
    box.dataset.state = r.phase;
    box.dataset.tree = r.tree || '';
    box.dataset.engine = r.engine || '';
    text.dataset.state = r.phase;
    cancel.textContent = r.phase === 'running' ? 'Cancel' : r.phase === 'confirm' ? 'Don’t run' : 'Close';
    cancel.hidden = r.phase === 'idle';
    anyway.hidden = r.phase !== 'confirm';
    // The box holds two short lines: the solutions, the time and the workers fit in them at every
    // width (nodes and updates were cut off with the workers after them); the rest is in the title.
    // A number and its unit never part at a line break (no-break spaces).
    // Past a thousand trillion, the count in words ("2.4 × 10³⁰"): 31 digits ran out of the box on a
    // phone. The status line and the box's title give it digit for digit.
    const huge = st && num(st.solutions) >= 1e15;
    const sols = st ? `${huge ? sci(num(st.solutions)) : fmt(st.solutions)}\u00a0solution${num(st.solutions) === 1 ? '' : 's'}` : '';
    const workers = r.workers ? `, ${r.workers}\u00a0worker${r.workers === 1 ? '' : 's'}` : '';
    let line;
    switch (r.phase) {
      // A long run says how long it has left (the bar of a huge one stays empty for days), in place
      // of its time and workers, which its title still gives: the box holds two short lines.
      case 'running': {
        const left = runTimeLeft(r);
        const secs = `${(r.ms / 1000).toFixed(1)}\u00a0s`;
        // With memos a count is known only at the end: the nodes and hits so far instead.
        // Nodes first: the box is narrow at 1280 px, and the line under it says "memos".
        line = r.memo && st ? `${short(st.nodes)}\u00a0nodes, ${short(r.memo.hits)}\u00a0reused, ${secs}…`
          : !st ? `Counting ${r.title}${r.engine === 'memo' ? ' with memos' : workers}…`
          : left === null ? `${sols}, ${secs}${workers}…`
            // "about 41 million" kept on one line, "years left" free to break: "about" stood alone.
            : `${sols}; about\u00a0${duration(left).replace(' ', '\u00a0')} left…`;
        break;
      }
      case 'done': line = `Done: ${sols}, ${(r.ms / 1000).toFixed(2)}\u00a0s${r.memo ? ', with memos' : workers}.`; break;
      case 'cancelled': line = r.memo && st ? `Cancelled after ${short(st.nodes)}\u00a0nodes with memos.` : st ? `Cancelled after ${sols}.` : 'Cancelled.'; break;
      case 'error': line = `Failed: ${r.message}`; break;
      // The time alone (the nodes in the title): at 1280 px the box shows two short lines, and the
      // figure that matters was cut off ("…at a few million a second that is 2.2e8…").
      case 'confirm': line = `Huge: about ${duration(r.estimate / 3e6)}.`; break;
      default: line = 'Counts every solution in the background.';
    }
    set(text, line);
    // The tree the workers walk, beside the box's buttons (its own line: the two above are full).
    // and what counts it: bit sets walk the same tree, faster where options overlap heavily. "bit
    // sets" links to its glossary entry (a tooltip alone would never reach a touch screen).
    const shown = r.phase === 'running' || r.phase === 'done' || r.phase === 'cancelled';
    if (shown && r.engine === 'memo') {
      if (els.tree.textContent !== 'memos (DLX6)') els.tree.replaceChildren(termLink('memo', 'memos'), ' (DLX6)');
    } else if (shown && r.engine === 'bits') {
      if (els.tree.textContent !== `${treeWords(r.tree)} on bit sets`) {
        els.tree.replaceChildren(`${treeWords(r.tree)} on `, termLink('bit-sets', 'bit sets'));
      }
    } else {
      set(els.tree, shown ? treeWords(r.tree) : '');
    }
    // How many workers counted at once on average: their own counting times over the run's.
    const busy = r.busy && r.ms > 0 && (r.workers ?? 0) > 1
      ? ` The workers counted ${(r.busy / 1000).toFixed(2)} s in all: ${(r.busy / r.ms).toFixed(1)} at once on average.`
      : '';
    // Beside the page's time, the CLI command for as many threads, and its time where one was
    // measured (www/workers/run.js NATIVE): how far the page is from the machine's native speed.
    const measured = r.cli ? NATIVE[r.cli] : undefined;
    const native = r.cli && (r.phase === 'done' || r.phase === 'running')
      ? ` Natively: ${r.cli}${measured ? ` took ${measured.seconds.toFixed(2)} s (${measured.when})` : ''}.` : '';
    // What the page did before the click, which the time does not include.
    const ahead = r.ahead ? ' The workers had read and split the problem while the page idled; the time is from the click.' : '';
    const why = r.phase === 'confirm' ? ` Knuth's estimate of the tree: ${sci(r.estimate)} nodes; at a few million nodes a second that is ${duration(r.estimate / 3e6)}.` : '';
    const soFar = r.phase === 'running' ? ` ${(r.ms / 1000).toFixed(1)} s so far${workers.replace(/\u00a0/g, ' ')}.` : '';
    // A run with memos: DLX6's figures, and the table against its budget.
    const m = r.memo;
    const memoWords = m ? ` ${fmt(m.nodes)} search nodes as DLX6 counts them, ${fmt(m.hits)} of them reused (hits), ${fmt(m.memos)} subproblems kept (memos) in about ${bytes(m.bytes).replace(/\u00a0/g, ' ')} of the ${m.budget} MiB budget${m.full ? ': the table is full, and the count goes on without keeping more' : ''}${m.splits ? `; ${fmt(m.splits)} subproblems counted as a product of independent parts` : ''}. One worker counts with memos: a split over workers would meet the same subproblems in each worker's own table.` : '';
    const gaveUp = r.memoNote ? ` ${r.memoNote}` : '';
    const exact = huge ? ` ${fmt(st.solutions)} solutions.` : '';
    text.title = m && st ? `${line}${exact}${soFar}${memoWords}${native}`
      : st ? `${line}${soFar} ${fmt(st.nodes)} nodes of the ${treeWords(r.tree)}, ${fmt(st.updates)} updates${r.engine === 'bits' ? ' (counted on bit sets: the same nodes and updates as dancing links, faster)' : ''}.${gaveUp}${busy}${ahead}${native}` : `${line}${why}`;
    // With memos the share done is not known while it runs (the top levels' share stays near 0
    // until the end: their first branches hold the work): a hatched bar, no value.
    const unknown = !!r.memo && r.phase === 'running';
    if (unknown !== (bar.dataset.unknown !== undefined)) {
      if (unknown) bar.dataset.unknown = ''; else delete bar.dataset.unknown;
    }
    const p = r.phase === 'done' ? 1 : unknown ? 1 : st ? Math.max(0, Math.min(1, num(st.progress))) : 0;
    const pct = p * 100;
    /** @type {HTMLElement} */ (bar.firstElementChild).style.width = `${pct}%`;
    if (unknown) bar.removeAttribute('aria-valuenow');
    else bar.setAttribute('aria-valuenow', pct.toFixed(1));
  }
}
