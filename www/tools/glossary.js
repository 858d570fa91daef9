// @ts-check
// The glossary: every word the page uses for Dancing Links, in plain words for a newcomer, with the
// matching term of Knuth's TAOCP 7.2.2.1. It is a modal <dialog> (keyboard: Tab moves, Esc closes),
// opened by the Glossary button and by any link to a term (`a.term`, href "#g-<id>"): the words of the
// narration and the names of the statistics are such links (`linkTerms`), which is also how touch
// users read what a tooltip says. Its last part lists every control with its tooltip, read from the
// page when the dialog opens, so a control's explanation is written once (its title).

/**
 * @typedef {object} Term
 * @property {string} id      the entry's anchor is "g-" + id
 * @property {string} term    the word as the page uses it
 * @property {string} taocp   Knuth's term (TAOCP Volume 4B, 7.2.2.1) or where it comes from
 * @property {string} text    the explanation, in plain words
 * @property {RegExp} [words] where the narration uses it (whole words; the first match is linked)
 */

/** @type {Term[]} */
export const GLOSSARY = [
  {
    id: 'exact-cover', term: 'Exact cover', taocp: 'exact cover problem',
    text: 'A puzzle of one shape: a list of things that must each be done exactly once (items) and a list of moves, each doing some of them (options). Pick moves so that every thing is done once: none missed, none twice. Sudoku, N queens and pentominoes all have this shape.',
    words: /\bexact cover\b/i,
  },
  {
    id: 'item', term: 'Item', taocp: 'item (a column of the 0-1 matrix)',
    text: 'One thing that must be covered: a column of the matrix, drawn as a header at the top. In a Sudoku, "cell r1c1 is filled" or "row 1 has a 5".',
    words: /\bitems?\b/i,
  },
  {
    id: 'option', term: 'Option', taocp: 'option (a row of the 0-1 matrix)',
    text: 'One move: a set of items taken together, a row of the matrix. In a Sudoku, "put 5 in r1c1", which covers four items at once (its cell, its row, its column and its box get a 5).',
    words: /\boptions?\b/i,
  },
  {
    id: 'primary', term: 'Primary item', taocp: 'primary item',
    text: 'An item that must be covered exactly once. A solution covers every primary item. In Knuth\'s format they come first on the items line.',
    words: /\bprimary\b/i,
  },
  {
    id: 'secondary', term: 'Secondary item', taocp: 'secondary item',
    text: 'An item that may be covered once or not at all, never twice: a diagonal in N queens, for instance. In Knuth\'s format they come after a | on the items line.',
    words: /\bsecondary\b/i,
  },
  {
    id: 'algorithm-x', term: 'Algorithm X', taocp: 'Algorithm X (exact cover via dancing links)',
    text: 'Knuth\'s search for exact covers: if no primary item is left, report a solution; otherwise choose an item, cover it, and try each of its options in turn (cover the option\'s other items, search on, uncover them); then uncover the item. The panel "Algorithm X with dancing links" marks the line being run.',
    words: /\bAlgorithm X\b/,
  },
  {
    id: 'dancing-links', term: 'Dancing links', taocp: 'dancing links (7.2.2.1, formulas (1) and (2))',
    text: 'The trick that makes undoing cheap. A node taken out of a doubly linked list keeps its own two links, so putting it back is two stores: its neighbours are pointed at it again. Removing and restoring in exact reverse order makes the links "dance" back into place.',
    words: /\bdancing links\b/i,
  },
  {
    id: 'node', term: 'Node (of the matrix)', taocp: 'node (x) with TOP, ULINK, DLINK',
    text: 'One 1 of the matrix: an item of an option. It links up and down to the nodes of the same item\'s list, and knows its item (top). Each item\'s header is a node too, holding the item\'s length.',
    words: /\bnodes? of the matrix\b/i,
  },
  {
    id: 'length', term: 'Length', taocp: 'LEN(i)',
    text: 'The number of options still in an item\'s list: the number the matrix shows in each item\'s header. It goes down when an option is hidden and back up when it is unhidden. MRV reads it: "MRV takes A" means A has the smallest length.',
    words: /\blength\b/i,
  },
  {
    id: 'cover', term: 'Cover', taocp: 'cover(i)',
    text: 'Take an item out of play: unlink it from the item list, and hide every option in its list, because once the item is covered none of those options may be used. Covering is done when an item is branched on and for every other item of the option tried.',
    words: /\b(cover|covers|covered|covering)\b/i,
  },
  {
    id: 'hide', term: 'Hide', taocp: 'hide(p)',
    text: 'Take one option out of the lists of its other items: the node above and the node below each of its nodes are linked to each other, so the search no longer sees it. The hidden nodes keep their own links.',
    words: /\b(hide|hides|hidden|hiding)\b/i,
  },
  {
    id: 'uncover', term: 'Uncover', taocp: 'uncover(i)',
    text: 'The exact undo of cover, in reverse order: unhide the options of the item\'s list from the bottom up, then put the item back between its neighbours.',
    words: /\b(uncover|uncovers|uncovered|uncovering)\b/i,
  },
  {
    id: 'unhide', term: 'Unhide', taocp: 'unhide(p)',
    text: 'Put a hidden option back: each of its nodes is linked in again between the nodes it still points at. This is the dance of the links.',
    words: /\b(unhide|unhides|unhidden)\b/i,
  },
  {
    id: 'mrv', term: 'MRV (fewest options)', taocp: 'the MRV heuristic, "minimum remaining values" (step X3)',
    text: 'How the item to branch on is chosen: the one with the fewest options left, the leftmost on ties. An item with one option is forced (no guess needed); one with none is a dead end found at once. Choosing well makes the search tree much smaller.',
    words: /\b(MRV|fewest options)\b/,
  },
  {
    id: 'branch', term: 'Choose an item, try an option', taocp: 'steps X3 (choose i) and X5 (try x_l)',
    text: 'At each level the search chooses one item (by MRV) and tries its options one after another, top to bottom: "option 2 of 3" is the second of the three. Each option tried is a branch of the search tree.',
    words: /\b(choose|chooses|chosen|try|tries|tried)\b/i,
  },
  {
    id: 'level', term: 'Level', taocp: 'level l (the choices x_0 … x_{l−1})',
    text: 'How deep the search stands: the number of options chosen on the way down. Level 0 is the start; a 9x9 Sudoku is solved at the level where every empty cell has an option.',
    words: /\blevels?\b/i,
  },
  {
    id: 'search-tree', term: 'Search tree, nodes', taocp: 'the search tree; its nodes (DLX1 counts them)',
    text: 'All the states the search visits, drawn as a tree: the root is the start, each option tried leads to a child. The statistic "Nodes" counts the nodes entered so far, solutions and dead ends included: Knuth\'s measure of the size of a search.',
    words: /\bsearch tree\b/i,
  },
  {
    id: 'dead-end', term: 'Dead end', taocp: 'an item with LEN(i) = 0: no option can cover it',
    text: 'An item that no option can cover any more: its list is empty. The choices above cannot be completed, so the search backs up and tries the next option there.',
    words: /\bdead ends?\b/i,
  },
  {
    id: 'lookahead', term: 'Lookahead, rejected option', taocp: 'as Knuth\'s SSXC1 ("dancing cells", sparse-set exact cover, TAOCP Pre-Fascicle 7A, 7.2.2.3): an option that wipes out an item is not tried',
    text: 'The second tree of the "Search tree" control. While an option is tried, its items are covered one by one; as soon as hiding some option leaves a primary item that the tried option does not cover with no option at all, the option cannot lead to a solution. The lookahead rejects it there: what it covered so far is uncovered and the next option comes, without entering a node. Knuth\'s DLX1 would enter that node, choose the emptied item and find a dead end there. So the lookahead\'s tree is DLX1\'s without those dead ends: the same solutions, fewer nodes (pentomino 6×10: 1,211,167 nodes against 3,637,261). In the search tree a rejected option is a leaf marked ⊘ and struck through; in the matrix the emptied item is crossed out.',
    words: /\b(lookahead|rejected|rejects?)\b/i,
  },
  {
    id: 'bit-sets', term: 'Bit sets (the fast count)', taocp: 'not in DLX1: the same Algorithm X, its lists kept as bit vectors',
    text: 'What "Run to end" counts with where options overlap heavily (pentominoes, N-queens, Langford pairs). The options still possible are one bit each in a row of 64-bit words, and each item has the row of the options that contain it; covering an item clears its row\'s bits at once, and going back up a level just returns to the row that level kept, where dancing links unhides node by node. The items are chosen and the options tried in exactly DLX1\'s order, so the nodes, the updates and the solutions are the same as with the links you watch here (pentomino 6×10: 3,637,261 nodes, in about a third of the time). Stepping always uses the links.',
    words: /\bbit sets?\b/i,
  },
  {
    id: 'memo', term: 'Memo (reused subproblem)', taocp: 'Knuth\'s DLX6, after Nishino, Yasuda, Minato and Nagata\'s DXZ (2017); Algorithm 7.2.2.1Z',
    text: 'With the Memo switch on, the search keeps each subproblem it finishes under the set of items still to cover (and, with colours, their colours), with its count of solutions. When another path of choices leaves exactly the same items, the subproblem is the same, so its count is taken from the table and it is not searched again: a hit. The tree then folds into a DAG, each reused node joined to the one it reuses. Memos pay where subproblems repeat: domino tilings of 8×8 take 2,317 nodes with memos against millions without. Where they hardly repeat (queens, pentominoes) a run to the end says so and counts without them. A run to the end with memos counts in one worker, its table within a budget (an eighth of the device\'s memory, 256 MiB to 1 GiB): once full it drops the memos of its smallest subproblems, and the count goes on.',
    words: /\bmemos?\b/i,
  },
  {
    id: 'backtrack', term: 'Back up (backtrack)', taocp: 'step X8, "leave level l"',
    text: 'Go back up one level: uncover the items of the option tried there, in reverse order, and try the next option of that level\'s item. When it has no next option, back up again.',
    words: /\b(back up|backs up|backtrack|backtracks)\b/i,
  },
  {
    id: 'solution', term: 'Solution', taocp: 'an exact cover (step X2: no primary item is left)',
    text: 'A set of options that covers every primary item exactly once (and every secondary item at most once). The search reports one when no primary item is left uncovered, then backs up to look for more.',
    words: /\bsolutions?\b/i,
  },
  {
    id: 'update', term: 'Updates', taocp: 'updates (DLX1\'s count of link changes)',
    text: 'Work counted as Knuth counts it: one update for each item taken out of the item list and one for each node hidden. Undoing is not counted again.',
    words: /\bupdates?\b/i,
  },
  {
    id: 'colour', term: 'Colour', taocp: 'colour controls, Algorithm C (DLX2)',
    text: 'A secondary item may be given a colour in an option (x:A). Options that give the item the same colour agree and may all be chosen; once one is chosen, options with another colour for it are out.',
    words: /\b(colou?rs?|colou?red)\b/i,
  },
  {
    id: 'purify', term: 'Purify', taocp: 'purify(p) and unpurify(p)',
    text: 'How Algorithm C covers a coloured item: options that give it another colour are hidden, those that give it the same colour are marked as agreeing and stay. Unpurify undoes it exactly.',
    words: /\b(purify|purifies|purified|unpurify|unpurified)\b/i,
  },
  {
    id: 'cleansing', term: 'Cleansings', taocp: 'cleansings (DLX2\'s count)',
    text: 'Colour work counted as Knuth counts it: items purified and options marked as agreeing with an item\'s colour. Zero on a problem without colours.',
    words: /\bcleansings?\b/i,
  },
  {
    id: 'progress', term: 'Progress (Knuth\'s estimate)', taocp: 'progress estimation (DLX1\'s progress report)',
    text: 'Knuth\'s estimate of the fraction of the search tree explored so far: at each level, option k of d counts for (k − 1)/d of that level\'s share (k/d once option k is finished and the search goes back), and the subtree the search is in counts as half explored, so going down into a subtree that turns out to branch again can lower it a little. The page says “no estimate yet” until a first branch is finished (before, it would only be a guess of half the tree), and then keeps a figure. It is only an estimate: a branch that turns out large makes it crawl.',
    words: /\bprogress\b/i,
  },
  {
    id: 'propagation', term: 'Propagation, weighted propagation (Solve\'s search)', taocp: 'not in DLX1: constraint propagation, as solvers of constraints keep their domains; "weighted" is dom/wdeg (Boussemart, Hemery, Lecoutre and Sais, 2004)',
    text: 'How Solve searches a Sudoku with shapes (cages, lines, arrows, dots, thermometers) once it has run a while, as dlx solve does. At every node an option is given up as soon as the options still open show that no solution can use it: an item left with one option takes it, and where every open option of an item holds another item, the options holding that one without it go (a Sudoku\'s "pointing": a digit that can only go in one box within a row leaves the box\'s other cells). Two such searches take turns of about equal work: propagation branches on the item with the fewest open options (MRV), weighted propagation on the fewest per dead end the item has met. The first to finish its tree answers, and each solution is then placed on DLX1\'s tree, so that Step goes on from it. The verdict counts their nodes, not DLX1\'s: a node of theirs does far more work, and their trees are often thousands of times smaller (ISS\'s "Arrow": 6,965 nodes, DLX1 2,454,374).',
    words: /\b(weighted propagation|propagation)\b/i,
  },
  {
    id: 'given', term: 'Given (Sudoku)', taocp: 'options chosen in advance (preselected)',
    text: 'A symbol printed in the puzzle. Its option is chosen before the search starts, so its items are covered already and the search only fills the empty cells.',
    words: /\bgivens?\b/i,
  },
  {
    id: 'event', term: 'Event, step', taocp: 'the page\'s unit (not Knuth\'s)',
    text: 'One step of the search on this page: choose, cover, hide, try, solution, dead end, back up, unhide or uncover. Step and Back take one event; the timeline counts them; Events/s is their rate while playing.',
    words: /\bevents?\b/i,
  },
];

/** Terms with a word to link, phrases first ("dead end" before "end", "fewest options" before "options"). */
const MATCH_ORDER = GLOSSARY.filter((t) => t.words)
  .sort((a, b) => Number(/ /.test(/** @type {RegExp} */ (b.words).source)) - Number(/ /.test(/** @type {RegExp} */ (a.words).source)));

/** The statistic (its read-out's data-testid) → its entry. */
const STAT_TERMS = {
  level: 'level', nodes: 'search-tree', updates: 'update', cleansings: 'cleansing', solutions: 'solution', eps: 'event',
};

/** The entry of an id, or undefined. @param {string} id */
export function termOf(id) { return GLOSSARY.find((t) => t.id === id); }

/** @param {string} id */
const href = (id) => `#g-${id}`;

export class Glossary {
  /**
   * Builds the dialog (appended to body) and makes every `a.term` on the page open it.
   * @param {{before?: () => void}} [hooks]  before: called when it opens (the app pauses play)
   */
  constructor(hooks = {}) {
    this.hooks = hooks;
    const d = document.createElement('dialog');
    d.className = 'glossary';
    d.id = 'glossary';
    d.dataset.testid = 'glossary';
    d.setAttribute('aria-labelledby', 'glossary-title');
    const head = document.createElement('div');
    head.className = 'glossary-head';
    const h = document.createElement('h2');
    h.id = 'glossary-title';
    h.textContent = 'Glossary';
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'small';
    close.textContent = 'Close';
    close.title = 'Close the glossary (Esc)';
    close.dataset.testid = 'glossary-close';
    close.addEventListener('click', () => d.close());
    head.append(h, close);

    const intro = document.createElement('p');
    intro.className = 'hint';
    intro.textContent = 'The words of Dancing Links in plain words, each with Knuth\'s term (The Art of Computer Programming, Volume 4B, section 7.2.2.1). Underlined words in the narration and the statistics link here.';

    const index = document.createElement('nav');
    index.className = 'glossary-index';
    index.setAttribute('aria-label', 'Terms');
    const list = document.createElement('dl');
    list.className = 'glossary-list';
    for (const t of GLOSSARY) {
      const a = document.createElement('a');
      a.href = href(t.id);
      a.textContent = t.term;
      a.addEventListener('click', (e) => { e.preventDefault(); this.show(t.id); });
      index.append(a);
      const dt = document.createElement('dt');
      dt.id = `g-${t.id}`;
      dt.tabIndex = -1;
      const dfn = document.createElement('dfn');
      dfn.textContent = t.term;
      const k = document.createElement('span');
      k.className = 'taocp';
      k.textContent = `TAOCP: ${t.taocp}`;
      dt.append(dfn, ' ', k);
      const dd = document.createElement('dd');
      dd.textContent = t.text;
      list.append(dt, dd);
    }
    const h3 = document.createElement('h3');
    h3.textContent = 'The controls';
    this.controls = document.createElement('dl');
    this.controls.className = 'glossary-controls';
    this.controls.dataset.testid = 'glossary-controls';
    d.append(head, intro, index, list, h3, this.controls);
    // A click on the backdrop (outside the dialog's box) closes it, as a phone user expects.
    d.addEventListener('click', (e) => {
      const r = d.getBoundingClientRect();
      if (e.target === d && (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom)) d.close();
    });
    document.body.append(d);
    this.dialog = d;

    document.addEventListener('click', (e) => {
      const a = e.target instanceof HTMLElement ? e.target.closest('a.term') : null;
      if (!a) return;
      e.preventDefault();
      this.show(/** @type {HTMLElement} */ (a).dataset.term || '');
    });
  }

  get open() { return this.dialog.open; }

  /**
   * Opens the glossary at a term (or at the top).
   * @param {string} [id]
   */
  show(id = '') {
    if (this.hooks.before) this.hooks.before();
    this._listControls();
    if (!this.dialog.open) this.dialog.showModal();
    // An entry scrolled to stops below the sticky head, however tall the head is at this width (on a
    // phone its 44 px Close made it 63 px, and a fixed 56 px margin left the entry's name under it).
    const head = /** @type {HTMLElement} */ (this.dialog.querySelector('.glossary-head'));
    this.dialog.style.setProperty('--glossary-head', `${head.offsetHeight + 6}px`);
    for (const el of this.dialog.querySelectorAll('dt.current')) el.classList.remove('current');
    const dt = id && termOf(id) ? this.dialog.querySelector(`#g-${id}`) : null;
    if (dt) {
      dt.classList.add('current');
      /** @type {HTMLElement} */ (dt).focus();
      dt.scrollIntoView({ block: 'start' });
    } else {
      this.dialog.scrollTop = 0;
    }
  }

  /** Every control of the page with its tooltip: what a touch screen cannot hover over. */
  _listControls() {
    const seen = new Set();
    const rows = [];
    for (const el of document.querySelectorAll('button, select, input, textarea')) {
      if (this.dialog.contains(el)) continue;
      const tip = /** @type {HTMLElement} */ (el).title.trim();
      // The tour's buttons say so: "◀ Back" twice, told apart only by their tooltips, read oddly.
      const tour = /** @type {HTMLElement} */ (el).closest('.tour-buttons') ? ' (tour)' : '';
      const named = controlName(/** @type {HTMLElement} */ (el));
      const name = named && `${named}${tour}`;
      // Two controls may share a name (the transport's ◀ Back and the tour's): each is listed
      // with its own tooltip, and the same control met twice once.
      if (!tip || !name || seen.has(`${name}\n${tip}`)) continue;
      seen.add(`${name}\n${tip}`);
      const dt = document.createElement('dt');
      dt.textContent = name;
      const dd = document.createElement('dd');
      dd.textContent = tip;
      rows.push(dt, dd);
    }
    this.controls.replaceChildren(...rows);
  }
}

/**
 * A control's name as a person sees it: its label, its aria-label or its text.
 * @param {HTMLElement} el
 */
function controlName(el) {
  const labels = /** @type {HTMLInputElement} */ (el).labels;
  const label = labels && labels.length ? labels[0].textContent : '';
  const text = (el.getAttribute('aria-label') || label || (el.tagName === 'BUTTON' ? el.textContent : '') || '').replace(/\s+/g, ' ').trim();
  return text;
}

/**
 * Makes the first use of each glossary word in an element's text a link to its entry (a.term). Text
 * only changes by words becoming links, so `textContent` stays what the element's renderer wrote.
 * @param {HTMLElement} el
 */
export function linkTerms(el) {
  if (el.querySelector('a.term')) return;
  const text = el.textContent || '';
  /** @type {{at: number, end: number, id: string}[]} */
  const hits = [];
  for (const t of MATCH_ORDER) {
    // The first use of the word that no longer phrase has taken ("options" in "fewest options").
    for (const m of text.matchAll(new RegExp(/** @type {RegExp} */ (t.words).source, `${/** @type {RegExp} */ (t.words).flags}g`))) {
      const at = /** @type {number} */ (m.index), end = at + m[0].length;
      if (hits.some((h) => at < h.end && h.at < end)) continue;
      hits.push({ at, end, id: t.id });
      break;
    }
  }
  if (!hits.length) return;
  hits.sort((a, b) => a.at - b.at);
  const parts = [];
  let i = 0;
  for (const h of hits) {
    parts.push(text.slice(i, h.at));
    parts.push(termLink(h.id, text.slice(h.at, h.end)));
    i = h.end;
  }
  parts.push(text.slice(i));
  el.replaceChildren(...parts);
}

/** @param {string} id @param {string} text */
export function termLink(id, text) {
  const a = document.createElement('a');
  a.className = 'term';
  a.href = href(id);
  a.dataset.term = id;
  a.textContent = text;
  const t = termOf(id);
  if (t) a.title = `${t.term}: ${t.text}`;
  return a;
}

/**
 * The statistics' names and the progress label become links to their entries (their title stays the
 * tooltip). @param {ParentNode} root
 */
export function linkStatistics(root = document) {
  for (const [testid, id] of Object.entries(STAT_TERMS)) {
    const dd = root.querySelector(`[data-testid="${testid}"]`);
    const dt = dd && dd.previousElementSibling;
    if (!dt || dt.querySelector('a.term')) continue;
    const a = termLink(id, dt.textContent || '');
    a.title = dt.getAttribute('title') || a.title;
    dt.replaceChildren(a);
  }
  const p = root.querySelector('#progress-label');
  if (p && !p.querySelector('a.term')) {
    const a = termLink('progress', p.textContent || '');
    a.title = p.getAttribute('title') || a.title;
    p.replaceChildren(a);
  }
}

/** A renderer (www/views/snapshot.js) that links the narration's words after NarrationView writes them. */
export class TermLinker {
  /** @param {HTMLElement} el the narration */
  constructor(el) {
    this.el = el;
    this.text = '';
  }

  update() {}

  draw() {
    const t = this.el.textContent || '';
    if (t === this.text) return;
    this.text = t;
    linkTerms(this.el);
  }
}
