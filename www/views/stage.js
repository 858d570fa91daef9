// @ts-check
// The page's layout glue (index.html, style.css): the stage takes the screen, the transport bar is
// always on it, and the side column's panels are reached by its tabs without moving either. This
// module holds no search state: it reads the snapshot like a renderer and only shows, hides and
// scrolls. What a control does stays in www/app/.

/**
 * @typedef {{
 *   play: () => void,
 *   chooseKind: (kind: string) => void,
 *   loadForm: () => void,
 *   matrix: import('./matrix.js').MatrixView,
 * }} StageApp
 */

export class StageView {
  /**
   * @param {import('../app/ui.js').UI} ui  the page's elements by id
   * @param {StageApp} app
   */
  constructor(ui, app) {
    this.ui = ui;
    this.app = app;
    /** The first epoch seen: the welcome stays only while the search shown first is untouched. */
    this.firstEpoch = -1;
    this.kind = '';
    this.touring = false;
    /** @type {HTMLElement} */
    this.welcome = ui.welcome;
    // The welcome is for a first visit: a link to a problem (a query) opens on that problem instead.
    this.welcome.hidden = !!location.search;
    ui['welcome-play'].addEventListener('click', () => {
      this.close();
      app.play();
      // The welcome says the panel "Algorithm X with dancing links" marks the line being run: where
      // the side column stands beside the stage (from 1181 px), it is scrolled to that panel (it
      // showed the Problem form, the algorithm below its fold). The focus stays on Play.
      const side = /** @type {HTMLElement} */ (ui.side);
      const panel = document.getElementById('algorithm-panel');
      if (panel && !this.drawer.matches && !window.matchMedia('(max-width: 900px)').matches) {
        side.scrollTop += panel.getBoundingClientRect().top - side.getBoundingClientRect().top - 34;
      }
    });
    ui['welcome-sudoku'].addEventListener('click', () => {
      this.close();
      // The example Sudoku loaded (a Sudoku board, and Solve beside it), and its text selected in
      // the box: a paste replaces it rather than adding to it.
      app.chooseKind('sudoku');
      app.loadForm();
      this.reveal(ui['problem-panel'], ui.puzzle);
      ui.puzzle.select();
    });
    ui['welcome-close'].addEventListener('click', () => { this.close(); ui.play.focus(); });
    ui['open-problem'].addEventListener('click', () => this.reveal(ui['problem-panel'], null));
    // A problem loaded from the drawer: the drawer makes way for the pictures of it (app.js's handler,
    // bound before this one, has loaded it or shown the form's error, which keeps the drawer open).
    ui['problem-form'].addEventListener('submit', () => {
      if (this.drawer.matches && ui['input-error'].hidden) this.setDrawer(false);
    });
    // Between 901 and 1180 px the side column is a drawer over the stage's right side, closed at first:
    // the pictures keep the whole width.
    this.drawer = window.matchMedia('(min-width: 901px) and (max-width: 1180px)');
    ui['open-side'].addEventListener('click', () => this.setDrawer(!document.body.classList.contains('side-open')));
    ui['close-side'].addEventListener('click', () => { this.setDrawer(false); ui['open-side'].focus(); });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && document.body.classList.contains('side-open') && ui.side.contains(document.activeElement)) {
        this.setDrawer(false);
        ui['open-side'].focus();
      }
    });
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
      app.matrix.alignTop = narrow.matches;
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
    // The Sudoku's symbol pad opens under the board: on a phone it is brought above the bottom bar
    // (scroll-padding keeps the bar's height clear), the tapped cell staying on screen above it, and
    // with it the verdict under the pad (with room for two lines: scroll-margin), which says what an
    // entry did: it went under the bar once the pad opened.
    const pad = /** @type {HTMLElement} */ (ui['symbol-pad']);
    new MutationObserver(() => {
      if (!pad.hidden && narrow.matches) (ui.verdict.textContent ? ui.verdict : pad).scrollIntoView({ block: 'nearest' });
    }).observe(pad, { attributes: true, attributeFilter: ['hidden'] });
    // The top bar's height: the drawer opens under it.
    const top = /** @type {HTMLElement} */ (document.querySelector('.top'));
    const setTop = () => document.documentElement.style.setProperty('--top-h', `${Math.ceil(top.getBoundingClientRect().height)}px`);
    new ResizeObserver(setTop).observe(top);
    setTop();
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
    if (this.drawer.matches) this.setDrawer(true);
    // The scroll starts once the next frame is drawn: a problem just loaded reaches the views in that
    // frame, which resize the pictures above the panel (a Sudoku makes the board square), and a smooth
    // scroll keeps the target it started with (on a phone "Paste a Sudoku" stopped 204 px short, the
    // form's Solve under the bottom bar).
    requestAnimationFrame(() => setTimeout(() => panel.scrollIntoView({ block: 'start', behavior: 'smooth' }), 0));
    const first = field || /** @type {HTMLElement | null} */ ([...panel.querySelectorAll('input, select, textarea, button')]
      .find((el) => /** @type {HTMLElement} */ (el).offsetParent !== null) || null);
    if (first) first.focus({ preventScroll: true });
  }

  /** Opens or closes the side column's drawer (between 901 and 1180 px). @param {boolean} open */
  setDrawer(open) {
    document.body.classList.toggle('side-open', open);
    this.ui['open-side'].setAttribute('aria-expanded', String(open));
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    // A tour started from the buttons under the stage (a phone): back up to the pictures it talks about.
    const touring = document.body.classList.contains('touring');
    if (touring && !this.touring && window.matchMedia('(max-width: 900px)').matches) window.scrollTo({ top: 0 });
    this.touring = touring;
    const kind = s.problem ? s.problem.kind : '';
    if (kind !== this.kind) {
      this.kind = kind;
      document.body.dataset.kind = kind;
    }
    // A square board (Sudoku, queens, Latin squares, a pentomino board) is the larger picture; a list
    // of options (exact cover) or Langford's pairs the smaller.
    const square = s.board && s.board.kind !== 'exact-cover' && s.board.kind !== 'langford';
    document.body.classList.toggle('square-board', !!square);
    // A 16x16 or 25x25 board gets more of the width, so that its cells read without Maximise.
    document.body.classList.toggle('big-board', !!square && s.board.rows >= 16);
    if (this.firstEpoch < 0) this.firstEpoch = s.epoch;
    // Anything done to the search (a step, play, another problem) has answered the welcome.
    if (!this.welcome.hidden && (s.epoch !== this.firstEpoch || s.timeline.position > 0 || s.playing)) this.close();
  }

  draw() {}
}
