// @ts-check
// Guided tours: the walkthroughs this project started from, replayed on the page. A tour is a problem
// and a list of stops; a stop is a position in the search's event history (`at`: events from the start)
// with a short text. Next and Back move there by stepping forward or back from where the search stands
// (model.step / model.stepBack, exact both ways), never by solving again, so the matrix, board, tree,
// narration and algorithm panel all show that moment. `expect` says what the moment is (the browser
// tests check it on the live links, so the text and the data cannot drift from the engine).
//
// The Tours class is a renderer (www/views/snapshot.js) and owns the tour part of the Learn panel.

import { KNUTH_6X7, PRESETS } from '../app/presets.js';
import { termLink } from './glossary.js';

/**
 * @typedef {object} Expect  what the search shows at a stop (checked by tests/browser/tours.test.mjs)
 * @property {string} [event]      the name of the latest event (EventCode), taken forward
 * @property {string} [item]       the item branched on at this level, by name
 * @property {number} [level]      the level (stats)
 * @property {string[]} [covered]  exactly the items covered, by name (omitted: not checked)
 * @property {number} [coveredCount] how many items are covered
 * @property {'dead' | 'solution'} [leaf]
 * @property {string} [board]      the board's text (one line a row, or a Sudoku's one line)
 * @property {number} [solutions]
 * @property {boolean} [done]      the search is finished
 */
/** @typedef {{at: number, title: string, text: string, term?: string, expect: Expect}} Stop  term: a glossary entry to link */
/** @typedef {{id: string, title: string, source: string, problem: import('../engine/model.js').ProblemSpec, memo?: boolean, stops: Stop[]}} Tour
 *  memo: the tour steps with memos (the Memo switch on); the others step without */

/** @type {Tour[]} */
export const TOURS = [
  {
    id: 'knuth-6x7',
    title: 'Knuth\'s 6×7 matrix',
    source: 'the example of Knuth\'s paper "Dancing Links" (2000), walked step by step',
    problem: { kind: 'exact-cover', text: KNUTH_6X7, distinct: false },
    stops: [
      {
        at: 0, title: 'The problem', term: 'exact-cover',
        text: 'Seven items, A to G (the columns), and six options, #1 to #6 (the rows). An exact cover picks options that contain every item exactly once. Each 1 of the matrix is a node, linked to the nodes above and below it; the item headers are linked left and right.',
        expect: { covered: [], level: 0 },
      },
      {
        at: 1, title: 'Choose an item (MRV)', term: 'mrv',
        text: 'A, B, C, E and F have 2 options each, D and G have 3. The search branches on the item with the fewest options, the leftmost on ties: A. Its options are #2 (A D G) and #4 (A D).',
        expect: { event: 'Choose', item: 'A', level: 0, covered: [] },
      },
      {
        at: 4, title: 'Cover A', term: 'cover',
        text: 'A leaves the header list, and both of its options are hidden from their other items (D and G): the node above and the node below each skip them. A hidden node still points at its old neighbours (dashed), which is what makes undoing cheap.',
        expect: { event: 'Hide', covered: ['A'] },
      },
      {
        at: 5, title: 'Try A D G', term: 'branch',
        text: 'A\'s first option, #2 A D G, is tried (1 of 2). Choosing it means that D and G are covered too.',
        expect: { event: 'Try', covered: ['A'], level: 0 },
      },
      {
        at: 9, title: 'Cover D and G', term: 'hide',
        text: 'Covering D and G hides every option that shares an item with A D G: #6 D E G and #5 B G. Left to cover: B, C, E and F, with options #1 C E F and #3 B C F.',
        expect: { covered: ['A', 'D', 'G'] },
      },
      {
        at: 10, title: 'A forced choice', term: 'level',
        text: 'Level 1. B has one option left (#3 B C F), and so has E (#1 C E F); MRV takes the leftmost, B. An item with one option is a move without a guess.',
        expect: { event: 'Choose', item: 'B', level: 1, covered: ['A', 'D', 'G'] },
      },
      {
        at: 16, title: 'Try B C F',
        text: 'Trying B C F covers C and F; covering C hides C E F, which was E\'s last option.',
        expect: { covered: ['A', 'B', 'C', 'D', 'F', 'G'] },
      },
      {
        at: 17, title: 'A dead end', term: 'dead-end',
        text: 'Level 2: E must still be covered but has no option left. The choices A D G and B C F cannot be completed, so the search backs up.',
        expect: { event: 'DeadEnd', leaf: 'dead', level: 2, item: 'E' },
      },
      {
        at: 28, title: 'Undo, in reverse order', term: 'unhide',
        text: 'Backing up undoes every cover in exact reverse order: each unhide links a node back between the neighbours it still remembers, two stores a node. Only A is covered again, as before A D G was tried.',
        expect: { event: 'UncoverItem', covered: ['A'], level: 0 },
      },
      {
        at: 29, title: 'Try A D',
        text: 'A\'s second option, #4 A D (2 of 2). It covers D, which hides D E G.',
        expect: { event: 'Try', covered: ['A'], level: 0 },
      },
      {
        at: 35, title: 'E: one option',
        text: 'Level 1: E has one option, #1 C E F (forced). Trying it covers C and F, which hides B C F.',
        expect: { event: 'Try', level: 1, covered: ['A', 'D', 'E'] },
      },
      {
        at: 42, title: 'B: one option',
        text: 'Level 2: B has one option, #5 B G. Trying it covers G, the last item.',
        expect: { event: 'Try', level: 2, covered: ['A', 'B', 'C', 'D', 'E', 'F'] },
      },
      {
        at: 44, title: 'The solution', term: 'solution',
        text: 'No item is left: #4 A D, #1 C E F and #5 B G cover every item exactly once (the board lists them). These are rows 4, 1 and 5 of Knuth\'s paper.',
        expect: { event: 'Solution', leaf: 'solution', board: 'A D\nC E F\nB G', solutions: 1 },
      },
      {
        at: 60, title: 'The end',
        text: 'The search backs up all the way, trying what is left: no other cover. Every link is back where it started: 1 solution, 6 search-tree nodes.',
        expect: { covered: [], solutions: 1, done: true },
      },
    ],
  },
  {
    id: 'latin-2',
    title: 'Latin square 2×2',
    source: 'the report that solves a 2×2 Latin square by hand and logs every step',
    problem: { kind: 'latin', text: '2', distinct: false },
    stops: [
      {
        at: 0, title: 'The problem', term: 'item',
        text: 'Fill a 2×2 square with 1 and 2 so that each row and each column holds each symbol once. 12 items: each cell filled (r1c1 …), each row has each symbol (r1s1 …), each column too (c1s1 …). 8 options, one per cell and symbol: r1c1 r1s1 c1s1 puts 1 in the top left cell.',
        expect: { covered: [], level: 0 },
      },
      {
        at: 1, title: 'Choose r1c1', term: 'mrv',
        text: 'Every item has 2 options, so MRV takes the leftmost: the top left cell, which can take 1 or 2.',
        expect: { event: 'Choose', item: 'r1c1', level: 0 },
      },
      {
        at: 5, title: '1 in the top left', term: 'cover',
        text: 'r1c1 is covered (its two options leave their other items), then its first option is tried: 1 in the top left cell.',
        expect: { event: 'Try', covered: ['r1c1'], level: 0 },
      },
      {
        at: 9, title: 'What the 1 rules out', term: 'hide',
        text: 'The option covers "row 1 has a 1" and "column 1 has a 1", which hides the options putting a 1 elsewhere in row 1 or column 1. The two cells next to the 1 have one option each now.',
        expect: { covered: ['r1c1', 'r1s1', 'c1s1'] },
      },
      {
        at: 10, title: 'Forced from here', term: 'level',
        text: 'Level 1: r1c2 can only take 2. From here every choice is forced, as when solving by hand.',
        expect: { event: 'Choose', item: 'r1c2', level: 1 },
      },
      {
        at: 29, title: 'Solution 1', term: 'solution',
        text: 'Four levels, one per cell: 1 2 over 2 1. Every item is covered exactly once.',
        expect: { event: 'Solution', leaf: 'solution', level: 4, solutions: 1 },
      },
      {
        at: 51, title: 'Back to the first choice', term: 'backtrack',
        text: 'The search backs up to level 0, undoing every cover in reverse order, and tries r1c1\'s second option: 2 in the top left cell.',
        expect: { event: 'Try', covered: ['r1c1'], level: 0, solutions: 1 },
      },
      {
        at: 75, title: 'Solution 2',
        text: '2 1 over 1 2: the other Latin square of order 2.',
        expect: { event: 'Solution', leaf: 'solution', solutions: 2 },
      },
      {
        at: 99, title: 'The end',
        text: 'Every option has been tried: exactly 2 Latin squares of order 2, and the links are back where they started.',
        expect: { covered: [], solutions: 2, done: true },
      },
    ],
  },
  {
    id: 'sudoku-4',
    title: 'Sudoku 4×4',
    source: 'the guides that draw each covering of a small Sudoku',
    problem: { kind: 'sudoku', text: PRESETS['sudoku-4'].text, distinct: false },
    stops: [
      {
        at: 0, title: 'The problem', term: 'given',
        text: 'Each row, column and 2×2 box holds 1 to 4 once. Items: each cell filled (r1c1 …) and each row, column and box has each digit (r1=1, c1=1, b1=1 …). An option puts one digit in one cell and covers 4 items. The 4 givens are chosen before the search: their 16 items are covered already.',
        expect: { coveredCount: 16, level: 0 },
      },
      {
        at: 1, title: 'A cell with one candidate', term: 'mrv',
        text: 'MRV finds cell r1c4 with a single option: 1, 2 and 3 are already in its row, column or box. It is chosen without a guess.',
        expect: { event: 'Choose', item: 'r1c4', level: 0 },
      },
      {
        at: 4, title: '4 in r1c4', term: 'branch',
        text: 'r1c4 is covered and its one option is tried: 4 in row 1, column 4.',
        expect: { event: 'Try', level: 0 },
      },
      {
        at: 9, title: 'What the 4 rules out', term: 'cover',
        text: 'The option covers r1=4, c4=4 and b2=4 in turn. The first two hide every other option placing a 4 in row 1 or column 4; box 2 then has no other option for a 4 left, so the cover of b2=4 (the step shown) hides nothing. More cells are left with one candidate.',
        expect: { coveredCount: 20 },
      },
      {
        at: 10, title: 'Forced again', term: 'level',
        text: 'Level 1: again a cell with one option, r1c3. On this puzzle MRV finds such a cell at every level, so the search never guesses.',
        expect: { event: 'Choose', item: 'r1c3', level: 1 },
      },
      {
        at: 93, title: 'Solved', term: 'solution',
        text: 'Level 12, one level per empty cell: the grid is full, with no dead end and no backtracking (13 search-tree nodes).',
        expect: { event: 'Solution', leaf: 'solution', level: 12, board: '1324423124133142', solutions: 1 },
      },
      {
        at: 173, title: 'Unique', term: 'backtrack',
        text: 'The search backs up through every level looking for a second solution and finds none: the solution is unique.',
        expect: { solutions: 1, done: true, coveredCount: 16 },
      },
    ],
  },
  {
    id: 'dominoes-memo',
    title: 'Dominoes, memos',
    source: 'Knuth\'s DLX6 (after Nishino et al.\'s DXZ): the search tree of the domino tilings of a 4×4 board folding into a DAG',
    problem: { kind: 'dominoes', text: '4x4', distinct: false },
    memo: true,
    stops: [
      {
        at: 0, title: 'Memos',
        text: 'Tile a 4×4 board with dominoes: the items are the 16 cells, the options the 24 dominoes. Memo is on (Knuth\'s DLX6): once a node\'s subtree is finished, its subproblem (the cells still to cover) is kept with its count of tilings.',
        expect: { level: 0, solutions: 0 },
      },
      {
        at: 132, title: 'A subproblem met again',
        text: 'The top half tiled across, and two dominoes down on the left: the 4 cells left at the bottom right are those node 7 left, and its subtree is finished with 2 tilings. This node is not searched: its 2 tilings are reused (a hit), and the search backs up. In the tree it is a ↪ row, joined to node 7\'s by a bracket.',
        expect: { event: 'Reuse', solutions: 5, level: 6, board: '----\n----\n||..\n||..' },
      },
      {
        at: 351, title: 'A bigger reuse',
        text: 'Another way to tile the top half leaves the bottom half empty, as node 5 did: its 5 tilings are reused in one step, a whole subtree not searched again.',
        expect: { event: 'Reuse', solutions: 16, board: '--||\n--||\n....\n....' },
      },
      {
        at: 526, title: 'The DAG',
        text: 'All 36 tilings in 48 nodes instead of 133: 32 subproblems kept (memos), 10 reused (hits). On 8×8 the same idea counts 12,988,816 tilings in a few thousand nodes, where plain search walks millions (dlx count dominoes 8 8 --memo).',
        expect: { done: true, solutions: 36 },
      },
    ],
  },
];

/**
 * The tours in the Learn panel: a button per tour; while one runs, its stop (title, text, Back, Next,
 * Leave) in place of the buttons.
 */
export class Tours {
  /**
   * @param {HTMLElement} panel  the tour's panel, shown while a tour runs (the stop is put in it)
   * @param {HTMLElement} row    the Learn row of the header (a button per tour is added)
   * @param {{
   *   model: () => import('../engine/model.js').Model,
   *   load: (spec: import('../engine/model.js').ProblemSpec, memo: boolean) => boolean,
   *   move: (fn: () => number) => void,
   *   setTouring: (on: boolean) => void,
   *   epoch: () => number,
   * }} app
   */
  constructor(panel, row, app) {
    this.app = app;
    this.panel = panel;
    /** @type {Tour | null} */
    this.tour = null;
    this.index = 0;
    /** The epoch of the search the tour runs on: another load or a reset ends the tour. */
    this.epoch = -1;
    for (const t of TOURS) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.tour = t.id;
      b.dataset.testid = `tour-${t.id}`;
      // "Tour: " is a span the narrow top bar keeps only on the first tour (style.css).
      const word = document.createElement('span');
      word.className = 'lbl';
      word.textContent = 'Tour: ';
      b.append(word, t.title);
      b.className = 'tour-start small';
      b.title = `A guided tour of ${t.title}: ${t.source}. Next and Back (or → and ←) move between its ${t.stops.length} stops.`;
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => this.start(t.id));
      row.append(b);
    }

    const box = document.createElement('div');
    box.className = 'tour';
    box.dataset.testid = 'tour';
    this.heading = document.createElement('p');
    this.heading.className = 'tour-head';
    this.where = document.createElement('span');
    this.where.className = 'tour-where';
    this.where.dataset.testid = 'tour-where';
    this.text = document.createElement('p');
    this.text.className = 'tour-text';
    this.text.dataset.testid = 'tour-text';
    this.text.setAttribute('aria-live', 'polite');
    const buttons = document.createElement('div');
    buttons.className = 'tour-buttons';
    /** @param {string} label @param {string} id @param {string} title @param {() => void} fn */
    const button = (label, id, title, fn) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.dataset.testid = id;
      b.id = id;
      b.title = title;
      b.addEventListener('click', fn);
      buttons.append(b);
      return b;
    };
    this.back = button('◀ Back', 'tour-back', 'The previous stop of the tour (←): every event since it is undone exactly', () => this.go(this.index - 1));
    this.next = button('Next ▶', 'tour-next', 'The next stop of the tour (→ or Space): the search steps forward to it', () => this.go(this.index + 1));
    this.next.classList.add('primary');
    this.leave = button('Leave tour', 'tour-leave', 'Leave the tour (Esc): the search stays where it is, the controls are yours again', () => this.stop());
    box.append(this.heading, this.text, buttons);
    panel.append(box);
    this.box = box;
  }

  get active() { return !!this.tour; }

  /** Starts a tour: loads its problem (a new search) and shows its first stop. @param {string} id */
  start(id) {
    const t = TOURS.find((x) => x.id === id);
    if (!t) return;
    if (!this.app.load(t.problem, !!t.memo)) return;
    this.tour = t;
    this.index = 0;
    this.epoch = this.app.epoch();
    this.app.setTouring(true);
    this.panel.hidden = false;
    this._pressed(t.id);
    this.go(0);
    this.next.focus();
  }

  /** Leaves the tour: the search stays where it is; the controls come back. */
  stop() {
    if (!this.tour) return;
    const focusBack = this.box.contains(document.activeElement);
    const id = this.tour.id;
    this.tour = null;
    this.panel.hidden = true;
    this._pressed('');
    this.app.setTouring(false);
    // The tour's button has the focus back, without scrolling to it (on a phone it is far down the
    // page: Leave tour moved the page 1,088 px away from the board).
    if (focusBack) /** @type {HTMLElement} */ (document.querySelector(`[data-tour="${id}"]`)).focus({ preventScroll: true });
  }

  /**
   * Goes to stop i: steps forward or back from where the search stands to the stop's event count.
   * @param {number} i
   */
  go(i) {
    const t = this.tour;
    if (!t || i < 0 || i >= t.stops.length) return;
    this.index = i;
    const model = this.app.model();
    const at = t.stops[i].at;
    const d = at - model.position;
    if (d > 0) this.app.move(() => model.step(d));
    // Back to a stop: one event further back, then that event forward again, so the stop shows as
    // it did going forward (its event narrated and its line marked, not "Undo: …" of the event
    // after it). Both ways are exact: no re-run.
    else if (d < 0) this.app.move(() => (at > 0 ? model.stepBack(-d + 1) && model.step(1) : model.stepBack(-d)));
    this._show();
  }

  /** The running tour's button is shown pressed. @param {string} id */
  _pressed(id) {
    for (const b of document.querySelectorAll('.tour-start')) b.setAttribute('aria-pressed', String(/** @type {HTMLElement} */ (b).dataset.tour === id));
  }

  _show() {
    const t = /** @type {Tour} */ (this.tour);
    const s = t.stops[this.index];
    this.where.textContent = `stop ${this.index + 1} of ${t.stops.length}`;
    this.heading.replaceChildren(`${t.title}: ${s.title} `, this.where);
    this.text.replaceChildren(s.text);
    if (s.term) this.text.append(' ', termLink(s.term, `(glossary: ${s.term.replace(/-/g, ' ')})`));
    this.back.disabled = this.index === 0;
    this.next.disabled = this.index === t.stops.length - 1;
  }

  /**
   * The tour's keys, while a tour runs: → Space PageDown next, ← PageUp back, Esc leave; the search's
   * other keys do nothing (the tour drives the search). True when the key was the tour's.
   * @param {KeyboardEvent} e
   */
  takeKey(e) {
    if (!this.tour) return false;
    // Space on one of the tour's own buttons presses that button (◀ Back went forward, and Leave
    // tour stayed in it); anywhere else it is the next stop. (The page keeps Space's keyup from
    // pressing the button a second time.)
    if (e.key === ' ' && e.target instanceof HTMLButtonElement && this.box.contains(e.target)) {
      e.preventDefault();
      e.target.click();
      return true;
    }
    switch (e.key) {
      case 'ArrowRight': case 'PageDown': case ' ': this.go(this.index + 1); break;
      case 'ArrowLeft': case 'PageUp': this.go(this.index - 1); break;
      case 'Escape': this.stop(); break;
      case 'c': case 'C': case 'n': case 'N': break;
      default: return false;
    }
    e.preventDefault();
    return true;
  }

  /** @param {import('../views/snapshot.js').Snapshot} s */
  update(s) {
    if (this.tour && s.epoch !== this.epoch) {
      // Another problem was loaded or the search reset: the stops no longer describe it.
      this.stop();
    }
  }

  draw() {}
}
