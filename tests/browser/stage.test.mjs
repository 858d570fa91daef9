// The stage (issue 19, part 2): the pictures fill the screen, the transport bar and the narration are
// always on it, the matrix follows the search on big matrices at a readable zoom, the dance is visible
// at the default speed, a phone keeps the tapped cell clear of the bars.

import fs from 'node:fs';
import path from 'node:path';
import { test, assert, open, tid, settle, report, press, setSpeed, SHOTS, ROOT, HARD_SUDOKU, EASY_SUDOKU, loadVia, checkSudoku, cameraAtRest, pageLike } from './harness.mjs';

const SIZES = [
  { tag: '1280x800', viewport: { width: 1280, height: 800 } },
  { tag: '1024x768', viewport: { width: 1024, height: 768 } },
  { tag: '375x812 touch', viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, phone: true },
];
const TRANSPORT = ['reset', 'step-back-choice', 'step-back', 'play', 'step', 'step-choice', 'next-solution', 'timeline', 'speed', 'narration'];
const TOUR = ['narration', 'tour-back', 'tour-next', 'tour-leave'];

/**
 * Where things are on the first screen, unscrolled: which of `ids` are not wholly on screen or are
 * covered at their centre by something else, and the fraction of the screen the board and the
 * matrix canvases show (clipped to the screen).
 */
function measure(page, ids) {
  return page.evaluate((list) => {
    const W = window.innerWidth, H = window.innerHeight;
    const off = [];
    for (const id of list) {
      const el = document.querySelector(`[data-testid="${id}"]`);
      const r = el.getBoundingClientRect();
      const inside = r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5;
      const hit = inside ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
      if (!inside || !hit || !(el === hit || el.contains(hit) || hit.contains(el))) off.push(`${id} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}${inside ? ' covered' : ''}`);
    }
    const shown = (id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return Math.max(0, Math.min(W, r.right) - Math.max(0, r.left)) * Math.max(0, Math.min(H, r.bottom) - Math.max(0, r.top)) / (W * H);
    };
    return {
      off, board: shown('board-canvas'), matrix: shown('matrix-canvas'), scrollY: window.scrollY,
      wide: document.documentElement.scrollWidth - W, play: Math.round(document.querySelector('[data-testid="play"]').getBoundingClientRect().top),
    };
  }, ids);
}

const pc = (f) => `${Math.round(100 * f)}%`;

test('stage: at 1280x800, 1024x768 and a 375x812 phone the controls and the narration are on screen and the pictures take most of it (first visit, a Sudoku, a tour)', async ({ browser, base }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    const { tag, phone, ...options } = size;
    const context = await browser.newContext(options);
    const page = await context.newPage();
    for (const view of ['first visit', 'Sudoku', 'tour']) {
      await open(page, base, view === 'Sudoku' ? `?sudoku=${HARD_SUDOKU}` : '');
      if (view === 'Sudoku') for (let i = 0; i < 4; i++) await press(page, 'step-choice');
      if (view === 'tour') {
        // By script, as a tap would: no scrolling by the test itself (on a phone the tours are under the stage).
        await press(page, 'tour-knuth-6x7');
        await page.waitForFunction(() => window.dlx.app.tours.active);
        for (let i = 0; i < 3; i++) await press(page, 'tour-next');
      }
      await page.waitForTimeout(250);
      await settle(page);
      const g = await measure(page, view === 'tour' ? TOUR : TRANSPORT);
      const pictures = phone ? Math.max(g.board, g.matrix) : g.board + g.matrix;
      report.push(`stage ${tag}, ${view}: Play's top at ${view === 'tour' ? '(the tour\'s bar)' : `${g.play} px`}; board ${pc(g.board)}, matrix ${pc(g.matrix)} of the screen`);
      await page.screenshot({ path: path.join(SHOTS, `stage-${tag.split(' ')[0]}-${view.replace(' ', '-').toLowerCase()}.png`) });
      assert(g.scrollY === 0, `${tag}, ${view}: the page scrolled to ${g.scrollY} px`);
      assert(g.wide <= 0, `${tag}, ${view}: ${g.wide} px wider than the screen`);
      assert(g.off.length === 0, `${tag}, ${view}: not on the first screen, or covered: ${g.off.join('; ')}`);
      if (phone) {
        // Every target on the first screen at least 44 px (a checkbox by its label).
        const small = await page.evaluate(() => [...document.querySelectorAll('button, select, input, textarea, summary, .side-tabs a')].filter((el) => {
          const r = el.getBoundingClientRect();
          if (!r.width || !r.height || r.bottom <= 0 || r.top >= window.innerHeight || getComputedStyle(el).visibility === 'hidden') return false;
          if (el.type === 'checkbox') return document.querySelector(`label[for="${el.id}"]`).getBoundingClientRect().height < 44;
          return r.height < 43.5 || r.width < 43.5;
        }).map((el) => `${el.id || el.textContent.trim()} ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`));
        assert(small.length === 0, `${tag}, ${view}: targets under 44 px: ${small.join(', ')}`);
      }
      if (phone) assert(pictures >= 1 / 3, `${tag}, ${view}: the larger picture is ${pc(pictures)} of the screen (board ${pc(g.board)}, matrix ${pc(g.matrix)})`);
      else assert(pictures > 0.5, `${tag}, ${view}: the pictures are ${pc(pictures)} of the screen together (board ${pc(g.board)}, matrix ${pc(g.matrix)})`);
    }
    await context.close();
  }
}, { slow: true });

test('stage: a first visit says what this is and offers one first action; its text meets 4.5:1', async ({ page, browser, base }) => {
  await open(page, base);
  const w = await page.evaluate(() => {
    const lum = (c) => {
      const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    /** The first opaque background behind an element. */
    const bg = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (!/rgba\(.*, 0\)$/.test(c) && c !== 'transparent') return c;
      }
      return 'rgb(255, 255, 255)';
    };
    const intro = document.querySelector('[data-testid="intro"]');
    const a = lum(getComputedStyle(intro).color), b = lum(bg(intro));
    const welcome = document.querySelector('[data-testid="welcome"]');
    // The board's legend stays in sight beside the welcome (it sat under the card's bottom).
    const wr = welcome.getBoundingClientRect(), lr = document.getElementById('board-legend').getBoundingClientRect();
    const legendHidden = lr.height > 0 && wr.bottom > lr.top && wr.top < lr.bottom && wr.left < lr.right && wr.right > lr.left;
    return { shown: !welcome.hidden && welcome.getBoundingClientRect().height > 0, legendHidden, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), play: document.querySelector('[data-testid="welcome-play"]').textContent };
  });
  assert(!w.legendHidden, 'the welcome covers the board legend');
  report.push(`welcome: the intro's text at ${w.ratio.toFixed(2)}:1 (it was grey on navy at 2.64:1)`);
  assert(w.shown, 'no welcome on a first visit');
  assert(w.ratio >= 4.5, `the intro's contrast is ${w.ratio.toFixed(2)}:1`);
  assert(/Watch the links dance/.test(w.play), `the first action: ${w.play}`);
  // The first action plays the 6x7, slowly enough to watch, and the welcome makes room.
  await page.click(tid('welcome-play'));
  await page.waitForFunction(() => window.dlx.model.position >= 2, null, { timeout: 5000 });
  assert(await page.evaluate(() => document.querySelector('[data-testid="welcome"]').hidden), 'the welcome stayed over the stage while playing');
  // "Paste a Sudoku" chooses Sudoku and puts the cursor in its box.
  await open(page, base);
  await page.click(tid('welcome-sudoku'));
  const to = await page.evaluate(() => ({ kind: document.querySelector('[data-testid="problem"]').value, focus: document.activeElement && document.activeElement.id }));
  assert(to.kind === 'sudoku' && to.focus === 'puzzle', `Paste a Sudoku: ${JSON.stringify(to)}`);
  // The example is loaded (a Sudoku board, Solve beside it) and selected, so a paste replaces it
  // (it was appended: "read 162 cells"), and Solve answers the puzzle pasted.
  assert(await page.isVisible(tid('solve')), 'no Solve after Paste a Sudoku');
  await page.keyboard.insertText(HARD_SUDOKU);
  assert((await page.inputValue(tid('puzzle'))) === HARD_SUDOKU, `the box after a paste: ${await page.inputValue(tid('puzzle'))}`);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^Unique/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const solved = await page.evaluate(() => document.querySelector('[data-testid="board-text"]').textContent.trim());
  checkSudoku(solved, HARD_SUDOKU);
  // At 1024x768 the panels are a drawer: Paste a Sudoku opens it, the cursor in the box; Load closes it.
  const narrow = await pageLike(page, 1024, 768);
  await open(narrow, base);
  assert(await narrow.evaluate(() => getComputedStyle(document.getElementById('side')).visibility === 'hidden'), 'the drawer is open at first');
  await narrow.click(tid('welcome-sudoku'));
  const drawer = await narrow.evaluate(() => ({ open: getComputedStyle(document.getElementById('side')).visibility, focus: document.activeElement && document.activeElement.id }));
  assert(drawer.open === 'visible' && drawer.focus === 'puzzle', `Paste a Sudoku at 1024x768: ${JSON.stringify(drawer)}`);
  await narrow.fill(tid('puzzle'), HARD_SUDOKU);
  await narrow.click(tid('load'));
  await narrow.waitForFunction(() => window.dlx.model.info.n_items === 324);
  assert(await narrow.evaluate(() => !document.body.classList.contains('side-open')), 'the drawer stayed open over the loaded Sudoku');
  await narrow.close();
  // A link to a problem opens on it, without the welcome.
  await open(page, base, '?queens=6');
  assert(await page.evaluate(() => document.querySelector('[data-testid="welcome"]').hidden), 'the welcome shows over a linked problem');
});

test('stage: the default speed animates the links (below 9 events/s), and Play shows them moving', async ({ page, base }) => {
  await open(page, base);
  const speed = await page.evaluate(() => window.dlx.model.speed);
  assert(speed < 9, `the default speed is ${speed} events/s: the links are not animated above 8`);
  await page.click(tid('play'));
  // Some frame while playing draws a move of the links half-way (an animation running).
  const moving = await page.waitForFunction(() => window.dlx.app.matrix.anim !== null, null, { timeout: 3000 }).then(() => true, () => false);
  await page.click(tid('play'));
  report.push(`default speed: ${speed} events/s, links animated while playing: ${moving}`);
  assert(moving, 'no link animation while playing at the default speed');
});

/** The node being tried, on the matrix canvas (the camera at rest): its cell in px, the canvas's size, the scale, the pinned band. */
async function tried(page) {
  await cameraAtRest(page);
  return page.evaluate(() => {
    const m = window.dlx.app.matrix, L = m.layout, f = m.frame;
    const x = f.trying;
    return {
      x, scale: m.scale, w: m.canvas.clientWidth, h: m.canvas.clientHeight,
      px: (L.colX[x] - m.ox) * m.scale, py: (m._y(x) - m.oy) * m.scale, band: m._pinDy > 0 ? (1.25 + 1.25) * m.scale : 0,
      names: m.drawn.names, follow: document.querySelector('[data-testid="zoom-follow"]').getAttribute('aria-pressed'),
    };
  });
}

test('stage: on 8-queens and a 9x9 Sudoku the matrix follows the option tried at a readable zoom; Fit goes back, Follow again', async ({ page, base }) => {
  for (const q of ['?queens=8', `?sudoku=${HARD_SUDOKU}`]) {
    await open(page, base, q);
    const fit = await page.evaluate(() => window.dlx.app.matrix.scale);
    for (let k = 0; k < 6; k++) {
      await press(page, 'step-choice');
      await settle(page);
      const t = await tried(page);
      assert(t.x > 0, `${q}: nothing tried after ${k + 1} choices`);
      assert(t.scale >= 16, `${q}: the matrix is at ${t.scale.toFixed(1)} px a cell (Fit ${fit.toFixed(1)}): names are not drawn below 16`);
      assert(t.names > 0, `${q}: no item names drawn`);
      assert(t.px >= 0 && t.px + t.scale <= t.w && t.py >= t.band && t.py + t.scale <= t.h,
        `${q}: the option tried is off the canvas or under the pinned header: cell at ${t.px.toFixed(0)},${t.py.toFixed(0)} of ${t.w}x${t.h} (band ${t.band.toFixed(0)} px)`);
    }
    const t = await tried(page);
    report.push(`follow ${q.slice(0, 8)}: Fit ${fit.toFixed(1)} px a cell, following ${t.scale.toFixed(1)} px; the option tried at ${t.px.toFixed(0)},${t.py.toFixed(0)} px of ${t.w}x${t.h}`);
    // Fit: the whole matrix again, and it stays so while stepping; Follow zooms in again.
    await page.click(tid('zoom-fit'));
    await press(page, 'step-choice');
    await settle(page);
    const f = await tried(page);
    assert(f.follow === 'false' && Math.abs(f.scale - fit) < 0.01, `${q}: after Fit the scale is ${f.scale} (Fit ${fit}), Follow ${f.follow}`);
    await page.click(tid('zoom-follow'));
    await settle(page);
    const g = await tried(page);
    assert(g.follow === 'true' && g.scale >= 16 && g.py >= g.band && g.py + g.scale <= g.h, `${q}: Follow did not zoom back in: ${JSON.stringify(g)}`);
  }
});

test('stage: after Load from the text box the matrix view is fitted to its canvas and does not drift', async ({ page, base }) => {
  await open(page, base, '?queens=8');
  await page.selectOption(tid('problem'), 'exact-cover');
  await page.fill(tid('matrix-input'), 'A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G');
  await page.click(tid('load'));
  const view = () => page.evaluate(() => { const m = window.dlx.app.matrix; return { s: m.scale, x: m.ox, y: m.oy, w: m.canvas.clientWidth }; });
  const first = await view();
  await page.waitForTimeout(400);
  const later = await view();
  // What Fit gives for the canvas as it is now.
  const fitted = await page.evaluate(() => { const m = window.dlx.app.matrix; m.fit(); return { s: m.scale, x: m.ox, y: m.oy, w: m.canvas.clientWidth }; });
  report.push(`after Load from the text box: the view at ${first.s.toFixed(1)} px a cell, origin ${first.x.toFixed(2)},${first.y.toFixed(2)}; Fit for the ${fitted.w} px canvas: ${fitted.s.toFixed(1)}, ${fitted.x.toFixed(2)},${fitted.y.toFixed(2)}`);
  assert(JSON.stringify(first) === JSON.stringify(later), `the view drifted: ${JSON.stringify(first)} -> ${JSON.stringify(later)}`);
  assert(Math.abs(later.s - fitted.s) < 1e-6 && Math.abs(later.x - fitted.x) < 1e-6 && Math.abs(later.y - fitted.y) < 1e-6,
    `the view after Load is not the fit of its canvas: ${JSON.stringify(later)} against ${JSON.stringify(fitted)}`);
});

test('stage: 16x16 and 25x25 Sudoku boards are readable without Maximise at 1280x800', async ({ page, base }) => {
  for (const n of [16, 25]) {
    await open(page, base, `?sudoku=${'.'.repeat(n * n)}`);
    await settle(page);
    const cell = await page.evaluate((size) => {
      const r = document.querySelector('[data-testid="board"]').getBoundingClientRect();
      return Math.min((r.width - 12) / size, (r.height - 12) / size);
    }, n);
    report.push(`${n}x${n} Sudoku at 1280x800: cells of ${cell.toFixed(1)} px without Maximise`);
    assert(cell >= (n === 16 ? 30 : 20), `${n}x${n}: cells of ${cell.toFixed(1)} px`);
  }
});

test('stage: on a phone a tapped top-row cell stays clear of the bars, and the symbol pad shows above the bottom bar', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  const p = await page.evaluate(() => {
    const r = document.querySelector('[data-testid="board"]').getBoundingClientRect();
    const n = 9, cell = Math.min((r.width - 12) / n, (r.height - 12) / n);
    return { x: r.left + (r.width - cell * n) / 2 + 0.5 * cell, y: r.top + (r.height - cell * n) / 2 + 0.5 * cell };
  });
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForTimeout(400);
  const g = await page.evaluate(([x, y]) => {
    const r = document.querySelector('[data-testid="board"]').getBoundingClientRect();
    const n = 9, cell = Math.min((r.width - 12) / n, (r.height - 12) / n);
    const cx = r.left + (r.width - cell * n) / 2 + 0.5 * cell, cy = r.top + (r.height - cell * n) / 2 + 0.5 * cell;
    const hit = document.elementFromPoint(cx, cy);
    const pad = document.querySelector('[data-testid="symbol-pad"]');
    const pr = pad.getBoundingClientRect(), bar = document.getElementById('transport').getBoundingClientRect();
    return { cy, tappedAt: y, onBoard: hit && hit.id === 'board-canvas', padShown: !pad.hidden, padBottom: pr.bottom, barTop: bar.top, x };
  }, [p.x, p.y]);
  report.push(`phone: the tapped top-left cell's centre at y = ${g.cy.toFixed(0)} px (tapped at ${g.tappedAt.toFixed(0)}), the symbol pad's foot at ${g.padBottom.toFixed(0)}, the bar's top at ${g.barTop.toFixed(0)}`);
  assert(g.cy > 0 && g.onBoard, `the tapped cell is off screen or under a bar: ${JSON.stringify(g)}`);
  assert(g.padShown && g.padBottom <= g.barTop + 0.5, `the symbol pad is hidden or under the bottom bar: ${JSON.stringify(g)}`);
  await context.close();
});

test('stage: on a phone the verdict of a Solve tapped on the board ends above the bottom bar', async ({ browser, base }) => {
  // A 375x667 phone (the 375x812 one had its verdict's last line under the bar too, with a longer
  // narration): the board's foot is under the bar before the Solve.
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  // A title of two lines pushes the board down, and a verdict of three lines ("Unique solution (…
  // nodes, … ms). Found at node …, where the search stands.") had its third under the bar.
  const colours = fs.readFileSync(path.join(ROOT, 'tests/data/iss-combined.jsonl'), 'utf8').split('\n')
    .filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).find((o) => o.name === 'I just like colours');
  await open(page, base);
  await loadVia(page, 'sudoku', colours.input);
  await page.evaluate(() => window.scrollTo(0, 0));
  const solve = await (await page.$(tid('solve'))).boundingBox();
  await page.touchscreen.tap(solve.x + solve.width / 2, solve.y + solve.height / 2);
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent), null, { timeout: 60000 });
  await page.waitForTimeout(300);
  const g = await page.evaluate(() => {
    const v = document.querySelector('[data-testid="verdict"]').getBoundingClientRect();
    const bar = document.getElementById('transport').getBoundingClientRect();
    return { top: v.top, bottom: v.bottom, barTop: bar.top, lines: Math.round(v.height / parseFloat(getComputedStyle(document.querySelector('[data-testid="verdict"]')).lineHeight)) };
  });
  report.push(`phone: the verdict at ${g.top.toFixed(0)}-${g.bottom.toFixed(0)} px (${g.lines} lines), the bar's top at ${g.barTop.toFixed(0)}`);
  assert(g.top >= 0 && g.bottom <= g.barTop + 0.5, `the verdict is off screen or under the bottom bar: ${JSON.stringify(g)}`);
  await context.close();
});

test('stage: after a jump the timeline\'s read-out is whole at 1280 px, never drawn under the speed beside it', async ({ page, base }) => {
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  await press(page, 'solve');
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent), null, { timeout: 60000 });
  await settle(page);
  const g = await page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect();
    const label = document.querySelector('label[for="timeline"]');
    const slider = document.getElementById('timeline');
    const speed = document.querySelector('[data-testid="speed"]').closest('.field');
    return {
      text: document.getElementById('timeline-out').textContent, title: label.title,
      labelRight: box(label).right, sliderLeft: box(slider).left, sliderRight: box(slider).right,
      sliderWidth: box(slider).width, speedLeft: box(speed).left, whole: label.scrollWidth <= label.clientWidth,
    };
  });
  assert(/(the jump|Solve's stop)$/.test(g.text), `no jump was made: "${g.text}"`);
  assert(g.labelRight <= g.sliderLeft + 0.5, `the timeline's read-out (right edge ${g.labelRight}) runs over its slider (left edge ${g.sliderLeft})`);
  assert(g.sliderRight <= g.speedLeft + 0.5 && g.sliderWidth >= 59, `the timeline's slider (${g.sliderLeft}-${g.sliderRight}) runs into the speed (${g.speedLeft})`);
  assert(g.whole, `the read-out "${g.text}" is cut at 1280 px`);
  assert(/where (the last jump landed|Solve left the search); the slider spans the [\d,]+ events reached/.test(g.title), `the long read-out is not in the label's title: "${g.title}"`);
  report.push(`timeline after a jump at 1280x800: "${g.text}", label ends at ${g.labelRight.toFixed(0)} px, slider ${g.sliderLeft.toFixed(0)}-${g.sliderRight.toFixed(0)}, speed from ${g.speedLeft.toFixed(0)}`);
});

test('stage: the timeline\'s and the speed\'s read-outs are whole in the transport bar from 1024 to 1920 px (no "Speed 5 e…")', async ({ page, base }) => {
  const cut = [];
  for (const width of [1024, 1280, 1440, 1600, 1700, 1701, 1920]) {
    // Each width loaded afresh at that size.
    await page.setViewportSize({ width, height: 900 });
    await open(page, base, '?queens=8');
    for (const v of [12, 50]) {
      await setSpeed(page, v);
      for (let i = 0; i < 30; i++) await press(page, 'step');
      await settle(page);
      const r = await page.evaluate(() => ['timeline', 'speed'].map((id) => {
        const l = document.querySelector(`label[for="${id}"]`);
        return { id, text: l.textContent, whole: l.scrollWidth <= l.clientWidth };
      }));
      for (const x of r) if (!x.whole) cut.push(`${width} px: "${x.text}"`);
    }
  }
  assert(!cut.length, `read-outs cut: ${cut.join(', ')}`);
});

test('stage: large figures in the timeline\'s and the speed\'s read-outs are short and whole at 1280 px ("48,527 / 48,527 ev…"), exact in their titles', async ({ page, base }) => {
  // Easter Monster with a 9 at r1c5: no solution, so play goes on (58,078 events to the end).
  await open(page, base, '?sudoku=1...9...2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1');
  await setSpeed(page, 90);
  await press(page, 'play');
  await page.waitForFunction(() => window.dlx.model.eventsPlayed > 20000, null, { timeout: 20000 });
  await press(page, 'play');
  await settle(page);
  const r = await page.evaluate(() => ['timeline', 'speed'].map((id) => {
    const l = document.querySelector(`label[for="${id}"]`);
    return { text: l.textContent, title: l.title, whole: l.scrollWidth <= l.clientWidth };
  }));
  const [timeline, speed] = r;
  assert(/^Timeline \d+(\.\d)?k \/ \d+(\.\d)?k events$/.test(timeline.text) && timeline.whole, `timeline: ${JSON.stringify(timeline)}`);
  const played = await page.evaluate(() => window.dlx.model.eventsPlayed);
  assert(timeline.title === `Timeline: ${played.toLocaleString('en-US')} / ${played.toLocaleString('en-US')} events`, `timeline's title: ${timeline.title} (${played} played)`);
  assert(speed.text === 'Speed 285k events/s' && speed.whole, `speed: ${JSON.stringify(speed)}`);
  assert(speed.title === 'Speed: 284,804 events/s', `speed's title: ${speed.title}`);
});

test('stage: on a phone every transport button\'s label is whole before, during and after Next solution and Play (no "▶ Pla")', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, '?queens=8');
  const cut = async (when) => (await page.$$eval('#transport .transport-buttons button', (bs) => bs
    .filter((b) => b.scrollWidth > b.clientWidth + 0.5).map((b) => `${b.id} "${b.textContent}" ${b.scrollWidth}>${b.clientWidth}`)))
    .map((c) => `${when}: ${c}`);
  const bad = [...await cut('at the start')];
  // A hunt long enough to be seen: pentomino's first solution takes a moment at the hunt's pace.
  await page.tap(tid('next-solution'));
  bad.push(...await cut('hunting'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1, null, { timeout: 20000 });
  await settle(page);
  bad.push(...await cut('after Next solution'));
  const label = await page.textContent(tid('next-solution'));
  assert(/^Next/.test(label) && (await page.getAttribute(tid('next-solution'), 'aria-label')) === 'Next solution', `Next solution's label after the hunt: "${label}"`);
  await page.tap(tid('play'));
  await settle(page);
  bad.push(...await cut('playing'));
  await page.tap(tid('play'));
  assert(!bad.length, `labels cut: ${bad.join('; ')}`);
  await context.close();
});

test('stage: on a phone a tap on a solved board\'s bottom row opens the pad and changes no cell (the tap\'s click landed on the pad scrolled under the finger)', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, `?sudoku=${EASY_SUDOKU}`);
  await page.tap(tid('solve'));
  await page.waitForFunction(() => /^Unique/.test(document.querySelector('[data-testid="verdict"]').textContent));
  const cellAt = (i, j) => page.evaluate(([i, j]) => {
    const r = document.querySelector('[data-testid="board"]').getBoundingClientRect();
    const n = 9, cell = Math.min((r.width - 12) / n, (r.height - 12) / n);
    return { x: r.left + (r.width - cell * n) / 2 + (j + 0.5) * cell, y: r.top + (r.height - cell * n) / 2 + (i + 0.5) * cell };
  }, [i, j]);
  // r9c5 holds the given 8; the pad's middle digit opens right below the board.
  const p = await cellAt(8, 4);
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForTimeout(400);
  const after = await page.evaluate(() => ({
    puzzle: document.querySelector('[data-testid="puzzle"]').value, pad: !document.querySelector('[data-testid="symbol-pad"]').hidden,
    verdict: document.querySelector('[data-testid="verdict"]').textContent,
  }));
  assert(after.puzzle === EASY_SUDOKU, `a tap on a given changed the puzzle: ${after.puzzle}`);
  assert(after.pad && /^Unique/.test(after.verdict), `after the tap: ${JSON.stringify(after)}`);
  // The verdict under the pad is in sight above the bottom bar (it went under the bar once the pad
  // opened), and so is the tapped cell.
  const place = await page.evaluate(() => ({
    verdict: document.querySelector('[data-testid="verdict"]').getBoundingClientRect().bottom,
    bar: document.getElementById('transport').getBoundingClientRect().top,
  }));
  const cell = await cellAt(8, 4);
  assert(place.verdict <= place.bar && cell.y > 0 && cell.y < place.bar, `with the pad open: the verdict's foot at ${place.verdict}, the bar's top at ${place.bar}, the tapped cell at ${cell.y}`);
  // The pad acts on the tapped cell: its ⌫ clears r9c5.
  await page.tap('[data-testid="symbol-pad"] button[data-value="0"]');
  const cleared = await page.inputValue(tid('puzzle'));
  assert(cleared === `${EASY_SUDOKU.slice(0, 76)}.${EASY_SUDOKU.slice(77)}`, `the pad's ⌫ after the tap: ${cleared}`);
  await context.close();
});

test('stage: on a phone the bottom bar takes under 23% of the height (it took 25%, each slider\'s label a row of its own), its labels whole above their tracks', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, `?sudoku=${'.'.repeat(81)}`);
  await settle(page);
  const g = await page.evaluate(() => {
    const bar = document.getElementById('transport').getBoundingClientRect();
    const fields = [...document.querySelectorAll('.transport-sliders .field')].map((f) => {
      const label = f.querySelector('label'), range = f.querySelector('input[type=range]');
      const l = label.getBoundingClientRect(), r = range.getBoundingClientRect();
      return { labelBottom: l.bottom, rangeTop: r.top, rangeMid: r.top + r.height / 2, rangeHeight: r.height, whole: label.scrollWidth <= label.clientWidth + 1 };
    });
    return { share: bar.height / window.innerHeight, height: bar.height, fields };
  });
  report.push(`phone: the bottom bar is ${g.height.toFixed(0)} px, ${(100 * g.share).toFixed(1)}% of 812`);
  assert(g.share < 0.23, `the bottom bar takes ${(100 * g.share).toFixed(1)}% of the phone's height`);
  for (const f of g.fields) {
    // The label over the touch row's top, clear of the track and thumb at its middle (8 px either side).
    assert(f.whole && f.rangeHeight >= 44 && f.labelBottom <= f.rangeMid - 8, `a slider's label and track: ${JSON.stringify(f)}`);
  }
  await context.close();
});
