// @ts-check
// The page's layout glue (index.html, style.css): the stage takes the screen, the transport bar is
// always on it, and the side column's panels are reached by its tabs without moving either. This
// module holds no search state: it reads the snapshot like a renderer and only shows, hides and
// scrolls. What a control does stays in app.js.

/**
 * @typedef {{
 *   play: () => void,
 *   chooseKind: (kind: string) => void,
 * }} StageApp
 */

export class StageView {
  /**
   * @param {Record<string, any>} ui  the page's elements by id
   * @param {StageApp} app
   */
  constructor(ui, app) {
    this.ui = ui;
    this.app = app;
    /** The first epoch seen: the welcome stays only while the search shown first is untouched. */
    this.firstEpoch = -1;
    this.kind = '';
    /** @type {HTMLElement} */
    this.welcome = ui.welcome;
    // The welcome is for a first visit: a link to a problem (a query) opens on that problem instead.
    this.welcome.hidden = !!location.search;
    ui['welcome-play'].addEventListener('click', () => { this.close(); app.play(); });
    ui['welcome-sudoku'].addEventListener('click', () => {
      this.close();
      app.chooseKind('sudoku');
      this.reveal(ui['problem-panel'], ui.puzzle);
    });
    ui['welcome-close'].addEventListener('click', () => { this.close(); ui.play.focus(); });
    ui['open-problem'].addEventListener('click', () => this.reveal(ui['problem-panel'], null));
    // The side column's tabs scroll it to their panel (no hash: the URL is the problem's link).
    for (const a of ui['side-tabs'].querySelectorAll('a')) {
      a.addEventListener('click', (/** @type {MouseEvent} */ e) => {
        e.preventDefault();
        const target = document.querySelector(/** @type {HTMLAnchorElement} */ (a).getAttribute('href') || '');
        if (target) this.reveal(/** @type {HTMLElement} */ (target), null);
      });
    }
    // On a narrow screen the learn buttons (glossary, the tours) leave the top bar for the top of the
    // panels under the stage: the top bar stays two short rows above the pictures.
    const nav = /** @type {HTMLElement} */ (ui['learn-row']);
    const narrow = window.matchMedia('(max-width: 900px)');
    const place = () => {
      if (narrow.matches) ui['learn-slot'].append(nav);
      else ui.title.before(nav);
      ui['learn-slot'].hidden = !narrow.matches;
    };
    narrow.addEventListener('change', place);
    place();
    // The bar's height, for the narrow layout: the page keeps that much room under its content, and
    // focus scrolls (scroll-padding) keep a field clear of the bar.
    const bar = /** @type {HTMLElement} */ (ui.transport);
    const setHeight = () => document.documentElement.style.setProperty('--transport-h', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    new ResizeObserver(setHeight).observe(bar);
    setHeight();
  }

  close() {
    this.welcome.hidden = true;
  }

  /**
   * Brings a panel of the side column into view (on a phone: the page scrolls to it) and focuses a
   * field in it, or the first visible one.
   * @param {HTMLElement} panel @param {HTMLElement | null} field
   */
  reveal(panel, field) {
    panel.scrollIntoView({ block: 'start', behavior: 'smooth' });
    const first = field || /** @type {HTMLElement | null} */ ([...panel.querySelectorAll('input, select, textarea, button')]
      .find((el) => /** @type {HTMLElement} */ (el).offsetParent !== null) || null);
    if (first) first.focus({ preventScroll: true });
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    const kind = s.problem ? s.problem.kind : '';
    if (kind !== this.kind) {
      this.kind = kind;
      document.body.dataset.kind = kind;
    }
    // A square board (Sudoku, queens, Latin squares, a pentomino board) is the larger picture; a list
    // of options (exact cover) or Langford's pairs the smaller.
    const square = s.board && s.board.kind !== 'exact-cover' && s.board.kind !== 'langford';
    document.body.classList.toggle('square-board', !!square);
    if (this.firstEpoch < 0) this.firstEpoch = s.epoch;
    // Anything done to the search (a step, play, another problem) has answered the welcome.
    if (!this.welcome.hidden && (s.epoch !== this.firstEpoch || s.timeline.position > 0 || s.playing)) this.close();
  }

  draw() {}
}
