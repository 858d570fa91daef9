// @ts-check
// The solutions kept, for every kind of problem, one of the page's three Sudoku rooms (solve.js,
// editor.js): the solutions found (by Solve, Next solution, play or Run to end) are kept (Session.kept:
// the first LIMITS.keep of the search; a run's come from its workers): "solution k of n", previous /
// next, copy as text. The board shows a kept solution until the search moves again, so a search that
// finds nothing more never takes the last solution off the board.
//
// A renderer (www/views/snapshot.js): its part of the snapshot is the kept solution shown, the
// engine's new ones read while the snapshot is taken.

import { LIMITS } from '../../engine/engine.js';

/** @typedef {import('../../engine/model.js').Board} Board */
/** @typedef {{boards: Board[], index: number, show: boolean, source: 'search' | 'run'}} List */

/** @returns {List} */
const fresh = () => ({ boards: [], index: 0, show: false, source: 'search' });

/**
 * The cells where Sudoku solutions differ, each with the digits they hold there (as ISS shows a
 * puzzle's ambiguity: where another given would decide it); none for other kinds of board.
 * @param {Board[]} boards @returns {import('../../views/snapshot.js').Differ[]}
 */
export function differences(boards) {
  if (boards.length < 2 || boards.some((b) => b.kind !== 'sudoku' || b.cells.length !== boards[0].cells.length)) return [];
  /** @type {import('../../views/snapshot.js').Differ[]} */
  const out = [];
  for (let p = 0; p < boards[0].cells.length; p++) {
    const values = [...new Set(boards.map((b) => b.cells[p]))].sort((x, y) => x - y);
    if (values.length > 1) out.push({ cell: p, values });
  }
  return out;
}

export class KeptSolutions {
  /**
   * @param {import('../../app/ui.js').UI} ui  the page's elements by id
   * @param {{model: () => import('../../engine/model.js').Model, note: (text: string, kind?: string) => void, changed: () => void}} app
   */
  constructor(ui, app) {
    this.ui = ui;
    this.app = app;
    /** The kept solutions: boards, the one shown, whether the board shows it. @type {List} */
    this.list = fresh();
    /** The epoch of the search the list is of (a new search forgets it). */
    this._epoch = -1;
    /** `differences` of the list's boards, worked out once for each list and length. */
    this._differ = { boards: /** @type {Board[] | null} */ (null), n: 0, cells: /** @type {import('../../views/snapshot.js').Differ[]} */ ([]) };
    ui['solution-prev'].addEventListener('click', () => this.go(-1));
    ui['solution-next'].addEventListener('click', () => this.go(1));
    ui['solution-copy'].addEventListener('click', () => this.copy());
  }

  /** Solve starts a search of the epoch given: the list is of it, and empty. @param {number} epoch */
  adopt(epoch) {
    this._epoch = epoch;
    this.list = fresh();
  }

  /** The board shows the search, not a kept solution (an edit, a move). */
  hide() { this.list.show = false; }

  /** The run's solutions, while the list shows them (the solutions download takes them). */
  runBoards() { return this.list.source === 'run' ? this.list.boards : null; }

  /**
   * Takes in the solutions the engine kept since the list last looked (wasm calls: before a
   * snapshot, or while it is taken).
   * @param {import('../../engine/model.js').Model} model
   */
  sync(model) {
    if (this.list.source !== 'search') return;
    const n = model.keptCount();
    if (n < this.list.boards.length) this.list = fresh();
    for (let k = this.list.boards.length; k < n; k++) this.list.boards.push(model.kept(k));
  }

  /**
   * Solve finished: the solution the search stands at is shown, the second where it stopped at two
   * (the board showed the first while the matrix, the statistics and Step stood at the second; ◀
   * pages back to it). @param {import('../../engine/model.js').Model} model @param {string} verdict
   */
  solved(model, verdict) {
    this.sync(model);
    this.list.index = verdict === 'multiple' ? Math.max(0, this.list.boards.length - 1) : 0;
    this.list.show = this.list.boards.length > 0;
  }

  /** Next solution found one, or found none more: the board shows the latest solution kept. */
  _showLatest() {
    // The search's own list again, where a run to the end's was shown: the solution just found is
    // the search's, and its number is the search's.
    if (this.list.source !== 'search') this.list = fresh();
    this.sync(this.app.model());
    if (!this.list.boards.length) return;
    this.list.index = this.list.boards.length - 1;
    this.list.show = true;
  }

  /** @param {number} d */
  go(d) {
    const l = this.list;
    if (!l.boards.length) return;
    l.index = Math.max(0, Math.min(l.boards.length - 1, (l.show ? l.index : l.boards.length - 1) + d));
    l.show = true;
    this.app.changed();
  }

  async copy() {
    const b = this.list.boards[this.list.index];
    if (!b) return;
    const text = b.text || (b.lines || []).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      this.app.note(`Solution ${this.list.index + 1} copied as text.`);
    } catch {
      this.app.note(`Solution ${this.list.index + 1}: ${text}`);
    }
  }

  // ---------------------------------------------------------------- the renderer hooks

  /** @param {import('../../views/snapshot.js').AppEvent} e */
  on(e) {
    if (e.type === 'move' || e.type === 'restart') this.hide();
    else if (e.type === 'found') this._showLatest();
    else if (e.type === 'ran' && e.boards && e.boards.length) {
      // A run to the end finished: its first solutions (up to LIMITS.keep), the first shown.
      this.list = { boards: e.boards, index: 0, show: true, source: 'run' };
      this.app.changed();
    }
  }

  /**
   * The kept solution the board shows, if it shows one; a new search forgets the list.
   * @param {import('../../engine/model.js').Model} model @param {import('../../views/snapshot.js').Live} live
   * @returns {import('../../views/snapshot.js').SnapshotPart}
   */
  contribute(model, live) {
    if (live.epoch !== this._epoch) {
      this._epoch = live.epoch;
      this.list = fresh();
    }
    this.sync(model);
    const l = this.list;
    const board = l.show ? l.boards[l.index] : undefined;
    return { solution: board ? { board, index: l.index, count: l.boards.length, source: l.source, differ: this.differ() } : null };
  }

  /** Where the kept solutions differ (`differences`), for the list as it stands. */
  differ() {
    const d = this._differ, l = this.list;
    if (d.boards !== l.boards || d.n !== l.boards.length) Object.assign(d, { boards: l.boards, n: l.boards.length, cells: differences(l.boards) });
    return d.cells;
  }

  /** @param {import('../../views/snapshot.js').Snapshot} s */
  update(s) {
    const { ui } = this;
    const l = this.list;
    const n = l.boards.length;
    ui.solutions.hidden = n === 0;
    // The live search stands on its latest solution (play stopped there): the board shows solution n
    // of n, and the list says so (it said "n kept", and ▶ then showed the same board as "n of n").
    const live = !l.show && l.source === 'search' && s.leaf === 'solution' && n > 0 && n === Number(s.stats.solutions);
    // "of n" while the search goes on is of the n found so far: "solution 1 of 1" read as "the only
    // one" on 8-queens (92).
    // Not so where Solve proved the puzzle unique (the search stands at its solution after Solve).
    const sofar = l.source === 'search' && !s.stats.done && !s.proved ? ' found so far' : '';
    // Not shown on the board: how many the arrows go through ("3 kept" read as nothing much).
    const where = l.show ? `solution ${l.index + 1} of ${n}${sofar}` : live ? `solution ${n} of ${n}${sofar}` : `${n} solution${n === 1 ? '' : 's'} found`;
    // Where they differ, as the board marks it: the cells another given would have to decide.
    const d = l.show ? this.differ().length : 0;
    const differ = d ? `; ${d} cell${d === 1 ? ' differs' : 's differ'}` : '';
    const pos = n ? `${where}${l.source === 'run' ? ' (run to end)' : ''}${n >= LIMITS.keep ? `, the first ${LIMITS.keep}` : ''}` : '';
    if (ui['solution-pos'].textContent !== pos) ui['solution-pos'].textContent = pos;
    ui['solution-pos'].title = differ ? differ.slice(2) : '';
    ui['solution-prev'].disabled = live ? n <= 1 : !l.show || l.index === 0;
    ui['solution-next'].disabled = live || (l.show && l.index >= n - 1);
  }

  draw() {}
}

