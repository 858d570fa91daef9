// @ts-check
// The algorithm panel: Algorithm X with dancing links as short pseudocode, the line of the latest event
// marked with aria-current="step" (forward and backward alike: an undone event marks the line it
// undoes), and the body line that called a cover, hide, uncover or unhide marked as its caller. A
// renderer (update(snapshot) + draw(), see www/views/snapshot.js).

import { EV } from '../engine/engine.js';
import { PACE_MS } from './snapshot.js';

/**
 * The lines: [id, indent, code, what it does]. The ids are what update() marks.
 * @type {[string, number, string, string][]}
 */
export const LINES = [
  ['x', 0, 'X(level):', 'The search, one level per item chosen.'],
  ['solution', 1, 'if no primary item is left: report a solution; return', 'Every primary item is covered exactly once by the options chosen on the way down.'],
  ['choose', 1, 'choose an item i (MRV: the one with the fewest options)', 'Minimum remaining values: the item with the fewest options left, the leftmost on ties. Fewer branches here means a smaller tree.'],
  ['dead', 1, 'if i has no option left: a dead end; return', 'Nothing can cover i any more, so the choices above cannot be completed.'],
  ['cover-i', 1, 'cover(i)', 'i is being covered now: it leaves the item list and its options leave the other items.'],
  ['try', 1, 'for each option o in i\'s list, top to bottom: try o', 'Each option that covers i is tried in turn; the k-th of d.'],
  // Multiplicities (Algorithm M, shown for such a problem only): the null choice beside the options.
  ['close', 1, 'or, once i has enough options: close i (it takes no more)', 'Multiplicities (Algorithm M): an item whose lower bound is met may take no further option. Closing it is a choice of its own (the null choice), tried after its options.'],
  ['cover-j', 2, 'cover(j) for each other item j of o', 'Every other item of o is covered too: options that clash with o disappear.'],
  // The lookahead tree (shown when the search walks it): a check inside the option's covers.
  ['reject', 3, 'lookahead: if a hide left a primary item with no option: reject o (no node), uncover, next o', 'The lookahead, as Knuth\'s SSXC: while o\'s items are covered, as soon as some primary item that o does not cover has no option left, o cannot lead to a solution. It is given up at once, what it covered is uncovered, and the level below (a dead end) is never entered.'],
  ['recurse', 2, 'X(level + 1)', 'Search the smaller problem that is left.'],
  ['uncover-j', 2, 'uncover(j) for those items, in reverse order', 'Undo the covers of o exactly, last first, before trying the next option.'],
  ['back', 1, 'uncover(i); back up a level', 'All of i\'s options tried: put i back and return to the level above.'],
  ['untweak', 1, 'untweak(i): the options i tried come back into its list; back up a level', 'Multiplicities (Algorithm M): while an item may take several options, each option tried leaves its list (tweaked) so it is not taken twice; when every way to go on was tried they all come back, and its bound is what it was.'],
  ['sub-cover', 0, 'cover(i): take i out of the item list; hide(o) for each o in i\'s list', 'Cover: i\'s left and right neighbours are linked to each other; i keeps its own links.'],
  ['sub-hide', 0, 'hide(o): unlink o\'s other nodes from their items\' lists (up/down), each length − 1', 'Hide: each other node of o is skipped by its neighbours above and below; it keeps its own links.'],
  ['sub-uncover', 0, 'uncover(i): unhide(o) for each o in i\'s list, bottom to top; put i back', 'Uncover: the exact reverse of cover, in reverse order, so every link finds its neighbours back.'],
  ['sub-unhide', 0, 'unhide(o): relink o\'s nodes: their own links still point at their old neighbours', 'Unhide: two stores a node, because a removed node remembers where it was: the dance of the links.'],
  // Colours (TAOCP's Algorithm C): shown for a problem with colours only.
  ['sub-purify', 0, 'purify(j, c) for j:c of o: for each o′ in j\'s list: mark o′ if it gives j colour c, else hide(o′)', 'Commit j:c, a coloured secondary item: instead of covering j, every other option must give j the same colour c. Those that do are marked and stay; the others are hidden.'],
  ['sub-unpurify', 0, 'unpurify(j, c): the reverse, bottom to top: unmark, or unhide(o′)', 'Unpurify: purify undone exactly, in reverse order.'],
  ['sub-lower', 0, 'lower(j): j\'s bound − 1 for an item j of o that may take more; cover(j) when it has its last', 'Multiplicities: an item that takes several options counts down its bound as options take it, and is covered only when it can take no more.'],
  ['sub-raise', 0, 'raise(j): the reverse: j\'s bound + 1 back (uncover(j) if it was covered)', 'Raise: lower undone exactly.'],
];

/** The lines about colours, hidden for a problem without any. */
const COLOUR_LINES = new Set(['sub-purify', 'sub-unpurify']);
/** The lines of Algorithm M, hidden for a problem without multiplicities. */
const MULT_LINES = new Set(['close', 'untweak', 'sub-lower', 'sub-raise']);
/** The line of the lookahead, hidden while the search walks Knuth's DLX1 tree. */
const LOOKAHEAD_LINE = 'reject';

/**
 * The line of an event (and its caller in the body, for covers).
 * @param {{code: number, undone: number} | null} e @param {number} ctx 1: the item branched on, 2: an item of the option
 * @returns {[string, string]} [current, caller] ('' for none)
 */
export function lineOf(e, ctx) {
  if (!e) return ['', ''];
  /** @param {string} chosen @param {string} opt */
  const body = (chosen, opt) => (ctx === 1 ? chosen : ctx === 2 ? opt : '');
  switch (e.code) {
    case EV.Choose: return ['choose', ''];
    case EV.DeadEnd: return ['dead', ''];
    case EV.Solution: return ['solution', ''];
    case EV.Try: return ['try', ''];
    // Multiplicities (Algorithm M): the null choice, the untweak, and the bounds of an option's items.
    case EV.Close: return ['close', ''];
    case EV.Untweak: return ['untweak', ''];
    case EV.Lower: return ['sub-lower', 'cover-j'];
    case EV.Raise: return ['sub-raise', 'uncover-j'];
    // The lookahead gives the option up in the middle of its covers.
    case EV.Reject: return ['reject', 'cover-j'];
    case EV.Backtrack: return ['back', ''];
    case EV.CoverItem: return ['sub-cover', body('cover-i', 'cover-j')];
    case EV.Hide: return ['sub-hide', body('cover-i', 'cover-j')];
    case EV.UncoverItem: return ['sub-uncover', body('back', 'uncover-j')];
    case EV.Unhide: return ['sub-unhide', body('back', 'uncover-j')];
    // Colours (Algorithm C): an option's coloured items are purified where its others are covered.
    case EV.Purify: return ['sub-purify', 'cover-j'];
    case EV.Unpurify: return ['sub-unpurify', 'uncover-j'];
    default: return ['', ''];
  }
}

/** How much of the pseudocode must be in sight for its marked line to be followed (a share of its height). */
const SEEN_SHARE = 0.5;

export class AlgorithmView {
  /** @param {HTMLElement} list the <ol> of lines */
  constructor(list) {
    this.list = list;
    /** The line run moves at every event: during fast play, ten times a second. */
    this.paceMs = PACE_MS;
    /** @type {Map<string, HTMLElement>} */
    this.items = new Map();
    const frag = document.createDocumentFragment();
    for (const [id, indent, code, what] of LINES) {
      const li = document.createElement('li');
      li.dataset.line = id;
      li.style.setProperty('--indent', String(indent));
      if (id.startsWith('sub-')) li.classList.add('sub');
      const c = document.createElement('code');
      c.textContent = code;
      li.append(c);
      li.title = what;
      frag.append(li);
      this.items.set(id, li);
    }
    list.replaceChildren(frag);
    this.key = '';
    /** The line marked since the last draw, to bring into sight there (null: none moved). @type {HTMLElement | null} */
    this.reveal = null;
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    const colours = !!(s.info && s.info.colors && s.info.colors.length);
    for (const id of COLOUR_LINES) {
      const li = /** @type {HTMLElement} */ (this.items.get(id));
      if (li.hidden === colours) li.hidden = !colours;
    }
    // Algorithm M walks DLX3's tree: the problem has multiplicities.
    const mult = s.treeName === 'dlx3';
    for (const id of MULT_LINES) {
      const li = /** @type {HTMLElement} */ (this.items.get(id));
      if (li.hidden === mult) li.hidden = !mult;
    }
    const look = s.treeName === 'lookahead';
    const reject = /** @type {HTMLElement} */ (this.items.get(LOOKAHEAD_LINE));
    if (reject.hidden === look) reject.hidden = !look;
    const [now, caller] = lineOf(s.lastEvent, s.coverContext);
    const key = `${now}|${caller}`;
    if (key === this.key) return;
    this.key = key;
    for (const [id, li] of this.items) {
      if (id === now) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
      li.classList.toggle('caller', id === caller);
    }
    // Brought into sight only while the search stands still (a step, a tour's stop): while it plays
    // the line moves every frame, and reading the layout each frame would cost the frames.
    this.reveal = s.playing || s.hunting ? null : this.items.get(now) || null;
  }

  /**
   * The marked line, when the panel is in sight but the line is not (below the fold of the side
   * column: the tour's "the panel marks the line being run" pointed at a line cut off at the bottom
   * edge), is scrolled into sight by the least amount; a panel out of sight, or peeking in at the
   * bottom, is left alone, so the column never jumps away from what the reader is looking at.
   */
  draw() {
    const li = this.reveal;
    this.reveal = null;
    if (!li) return;
    // Measured at the start of the next frame, before any view writes: here, after this frame's
    // views had written their words, each read of a box laid the page out again (at Solve's
    // landing on a 16x16, 8 ms of a 137 ms frame).
    requestAnimationFrame(() => this._reveal(li));
  }

  /** Scrolls the side column so that the line `li` is in sight (see `draw`). @param {HTMLElement} li */
  _reveal(li) {
    const scroller = this.list.closest('.side');
    if (!scroller || scroller.scrollHeight <= scroller.clientHeight) return;
    const rect = scroller.getBoundingClientRect();
    // What the column shows: below its sticky tabs (a line scrolled up to the column's top sat
    // under them, out of sight).
    const tabs = scroller.querySelector('.side-tabs');
    const tabsBottom = tabs instanceof HTMLElement && tabs.offsetHeight > 0 ? tabs.getBoundingClientRect().bottom : rect.top;
    const box = { top: Math.max(rect.top, tabsBottom), bottom: rect.bottom };
    const panel = this.list.getBoundingClientRect();
    // In sight: most of the list (SEEN_SHARE). A panel peeking in at an edge (its last lines at the
    // top while the reader is on Statistics and the tree) does not pull the column.
    const shown = Math.min(panel.bottom, box.bottom) - Math.max(panel.top, box.top);
    if (box.bottom <= box.top || shown < SEEN_SHARE * panel.height) return;
    const r = li.getBoundingClientRect();
    if (r.top < box.top) scroller.scrollTop -= box.top - r.top + 4;
    else if (r.bottom > box.bottom) scroller.scrollTop += r.bottom - box.bottom + 4;
  }
}
