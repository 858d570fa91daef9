// @ts-check
// New puzzle: the maker of `dlx make sudoku` on the page. It runs in a Web Worker
// (www/workers/maker-worker.js), so the page stays responsive; the worker posts the maker's progress (the
// full grid, then the givens tried so far of those to try, the givens left, the search-tree nodes),
// which a bar and a line show. Cancel terminates the worker: the make stops at once, and the puzzle
// in the box stays. One make at a time: New puzzle is disabled while one runs.
//
// It acts on the form: the size and the variant chosen beside the button (the words of the CLI's
// --variant), and the seed typed, or a random one. The seed is said with the made puzzle and put in
// the page's link (`made=9:killer:123`), so the same puzzle can be made again. The made puzzle goes
// into the Sudoku box (one line for a classic puzzle and for rules the page's switches state, with
// those switches ticked; its f-puzzles link for a variant with shapes, which carries them) and is
// loaded.

import { SUDOKU_SIZES } from '../engine/engine.js';
import { elapsed, fmt } from '../views/readouts.js';

/**
 * @typedef {{text: string, switches: string, link: string, size: number, seed: string, variant: string[],
 *   givens: number, nodes: number, solution: string}} Made  what make_sudoku returns (src/wasm/maker.rs)
 */

/** The variants the select offers, as the CLI's --variant writes them. */
export const VARIANTS = ['classic', 'x', 'windoku', 'anti-knight', 'anti-king', 'non-consecutive', 'jigsaw', 'killer', 'thermo'];


/** A random seed: 32 bits, short enough to read and type again. */
function randomSeed() {
  return String(globalThis.crypto.getRandomValues(new Uint32Array(1))[0]);
}

/**
 * `made=9:killer:123` of a link: the size, the variant and the seed a puzzle was made with, or null.
 * @param {string | null | undefined} made
 */
export function parseMade(made) {
  const m = /^(\d{1,2}):([a-z,-]+):(\d{1,20})$/.exec(made || '');
  return m ? { size: Number(m[1]), variant: m[2], seed: m[3] } : null;
}

export class Maker {
  /**
   * @param {import('../app/ui.js').UI} ui  the page's elements by id
   * @param {{
   *   load: (text: string, switches: string) => boolean,
   *   note: (text: string, kind?: string) => void,
   * }} app  load: puts the text into the Sudoku box, ticks the variant switches it needs ("x",
   *   "" for none) and loads it (false when it does not load)
   */
  constructor(ui, app) {
    this.ui = ui;
    this.app = app;
    /** The worker of the make going on, or null. @type {Worker | null} */
    this.worker = null;
    /** What the make going on was asked for. @type {{size: number, variant: string, seed: string} | null} */
    this.job = null;
    /** The puzzle made last and loaded: its text and `made=` value (the link carries it while it is loaded). */
    this.made = { text: '', tag: '' };
    /** Reports seen in the make going on (the tests read it). */
    this.reports = 0;
    ui['maker-variant'].replaceChildren(...VARIANTS.map((v) => new Option(v, v)));
    // The sizes the maker makes, from Rust (sudoku_sizes()); 9x9 stays the one chosen.
    const made = SUDOKU_SIZES.filter((s) => s.made);
    if (made.length) {
      ui['maker-size'].replaceChildren(...made.map((s) => new Option(`${s.size}×${s.size}`, String(s.size), s.size === 9, s.size === 9)));
    }
    ui['new-puzzle'].addEventListener('click', () => this.start());
    ui['maker-cancel'].addEventListener('click', () => this.cancel());
    // Enter in the seed makes the puzzle (the form's Enter would load the box instead).
    ui['maker-seed'].addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
      if (e.key === 'Enter') { e.preventDefault(); this.start(); }
    });
  }

  get running() { return this.worker !== null; }

  /**
   * The form's variant rules (the picker's switches, "x,anti-king") as the kind to make, so that the
   * two controls of one form agree: one switch ticked makes that variant, none a classic puzzle;
   * several are left to the select (the maker makes one variant at a time).
   * @param {string | undefined} rules
   */
  followRules(rules) {
    const on = rules ? rules.split(',').filter(Boolean) : [];
    if (on.length <= 1) this.ui['maker-variant'].value = on[0] || 'classic';
  }

  /** The `made=` value of the link for the puzzle loaded (text), or undefined. @param {string} text */
  tagFor(text) {
    return this.made.text && text === this.made.text ? this.made.tag : undefined;
  }

  /** A link opened with `made=`: the form shows its size, variant and seed, to make it again. @param {string | undefined} tag @param {string} text */
  opened(tag, text) {
    const m = parseMade(tag);
    if (!m) return;
    const { ui } = this;
    if ([...ui['maker-size'].options].some((/** @type {HTMLOptionElement} */ o) => o.value === String(m.size))) ui['maker-size'].value = String(m.size);
    if (VARIANTS.includes(m.variant)) ui['maker-variant'].value = m.variant;
    ui['maker-seed'].value = m.seed;
    this.made = { text, tag: /** @type {string} */ (tag) };
    this._say(`This puzzle was made by New puzzle: ${m.size}×${m.size} ${m.variant}, seed ${m.seed}.`, 'done');
  }

  start() {
    const { ui } = this;
    // One make at a time (the button is disabled too; this guards a click queued before that).
    if (this.running) return;
    const size = Number(ui['maker-size'].value);
    const variant = ui['maker-variant'].value;
    const typed = ui['maker-seed'].value.trim();
    if (typed && !/^\d{1,20}$/.test(typed)) {
      this._say(`The seed must be a whole number (0 to 18446744073709551615), not “${typed}”; leave it empty for a random one.`, 'error');
      ui['maker-seed'].setAttribute('aria-invalid', 'true');
      ui['maker-seed'].focus();
      return;
    }
    ui['maker-seed'].removeAttribute('aria-invalid');
    const seed = typed || randomSeed();
    this.job = { size, variant, seed };
    this.reports = 0;
    const worker = new Worker(new URL('./maker-worker.js', import.meta.url), { type: 'module' });
    this.worker = worker;
    worker.onmessage = (e) => { if (this.worker === worker) this._message(e.data); };
    worker.onerror = (e) => {
      if (this.worker !== worker) return;
      this._finish();
      this._say(`New puzzle failed: ${e.message || 'the worker stopped'}.`, 'error');
    };
    worker.postMessage(this.job);
    const hadFocus = document.activeElement === ui['new-puzzle'];
    this._running(true);
    if (hadFocus) ui['maker-cancel'].focus();
    this._bar(0);
    this._say(`Making a ${size}×${size} ${variant} puzzle, seed ${seed}: starting…`, 'running');
    // One story: the status line says the make too (it kept the message before it), and the box
    // with its progress and Cancel comes into sight (it sat at the side column's bottom edge).
    this.app.note(`Making a ${size}×${size} ${variant} puzzle: its progress and Cancel are in the New puzzle box.`);
    ui.maker.scrollIntoView({ block: 'nearest' });
  }

  /** Stops the make going on: the worker is terminated, nothing is loaded. */
  cancel() {
    if (!this.worker || !this.job) return;
    const { size, variant, seed } = this.job;
    this._finish();
    this._say(`Cancelled: no ${size}×${size} ${variant} puzzle made (seed ${seed}); the puzzle in the box stays.`, 'idle');
    this.app.note('New puzzle cancelled.');
  }

  /**
   * A message of the maker's worker (www/workers/maker-worker.js).
   * @param {{type: 'progress', progress: {stage: string, tried: number, to_try: number, text: string}}
   *   | {type: 'done', made: Made, ms: number} | {type: 'error', message: string}} msg
   */
  _message(msg) {
    const job = /** @type {{size: number, variant: string, seed: string}} */ (this.job);
    if (msg.type === 'progress') {
      const p = msg.progress;
      this.reports++;
      this._bar(p.stage === 'remove' && p.to_try ? p.tried / p.to_try : 0);
      this._say(`Making a ${job.size}×${job.size} ${job.variant} puzzle, seed ${job.seed}: ${p.text}`, 'running');
      return;
    }
    this._finish();
    if (msg.type === 'error') {
      this._say(`New puzzle: ${msg.message}`, 'error');
      this.app.note(`New puzzle: ${msg.message}`, 'error');
      return;
    }
    const made = /** @type {Made} */ (msg.made);
    if (!made) return;
    this.made = { text: made.text, tag: `${made.size}:${job.variant}:${made.seed}` };
    if (!this.app.load(made.text, made.switches)) {
      this._say('The made puzzle did not load (see the error by the box).', 'error');
      return;
    }
    this._bar(1);
    const what = `${made.size}×${made.size} ${job.variant}`;
    const givens = `${fmt(made.givens)} given${made.givens === 1 ? '' : 's'}`;
    this._say(`Made a ${what} puzzle, seed ${made.seed}: ${givens}, ${fmt(made.nodes)} nodes to solve `
      + `(${elapsed(msg.ms)}). The same seed makes it again.`, 'done');
    this.app.note(`New puzzle: ${what}, seed ${made.seed}, ${givens}. Press Solve or Play.`);
  }

  _finish() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const back = document.activeElement === this.ui['maker-cancel'];
    this._running(false);
    if (back) this.ui['new-puzzle'].focus();
  }

  /** @param {boolean} on */
  _running(on) {
    const { ui } = this;
    ui['new-puzzle'].disabled = on;
    ui['maker-cancel'].hidden = !on;
    ui.maker.setAttribute('aria-busy', String(on));
  }

  /** @param {number} f  the fraction done */
  _bar(f) {
    const bar = this.ui['maker-bar'];
    bar.setAttribute('aria-valuenow', String(Math.round(f * 100)));
    /** @type {HTMLElement} */ (bar.firstElementChild).style.width = `${(f * 100).toFixed(1)}%`;
  }

  /** @param {string} text @param {'idle' | 'running' | 'done' | 'error'} state */
  _say(text, state) {
    this.ui['maker-status'].textContent = text;
    this.ui.maker.dataset.state = state;
  }
}
