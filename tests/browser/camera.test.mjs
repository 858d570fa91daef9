// The matrix's camera: every cover, hide, unhide and uncover keeps the item acted on and its node in sight.

import fs from 'node:fs';
import path from 'node:path';
import { EASTER, SHOTS, assert, tid, open, test, report, cameraAtRest } from './harness.mjs';

const P16 = '.......5B...76F.G2.394D..6..A.C..BA....72.5..9D....6..C..9.....26.2G.A...F...C35....G7..5C..1F..9..F...B.D4E..6......8..7G..4.E..E.85......B.7...9..A.BC..D..5...3...91F6..2D8.E2.G.8E....F.C.B3ACE.2.7...3...8..G.....9..67.4A.8..1...3C..A...F..624...D.98.B5.';
const PROBLEMS = [['Easter Monster', `?sudoku=${EASTER}`], ['16x16 Sudoku', `?sudoku=${P16}`], ['pentomino 6x10', '?pentomino=6x10']];
const SIZES = [[1280, 800], [1024, 768], [375, 812]];
/** Events walked forward and back a problem and size: `make test`'s short form, and `make test-long`'s. */
const [FORWARD, BACK] = process.env.DLX_LONG_TESTS ? [200, 40] : [100, 20];

/**
 * Takes `count` steps (or, with back, steps back) and after each, once the camera has come to rest,
 * says whether the event's item (its header) and node are inside the matrix canvas at a readable
 * cell size. The item and node are read from the event itself and the link arrays, not from the
 * camera: cover and uncover (item i): header i, and the node of the option tried in i's column, else
 * i's first node (the one its hides start at); hide and unhide (node p): p and its item; Try: the
 * node tried and its item; Choose: the item and its first node. Other events are not counted.
 */
function walk(page, count, back = false) {
  return page.evaluate(async ([n, backwards]) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(0)));
    const mv = window.dlx.app.matrix, m = window.dlx.model;
    const { EV, NODE } = await import('/www/engine/engine.js');
    const names = Object.fromEntries(Object.entries(EV).map(([k, v]) => [v, k]));
    const out = [];
    for (let i = 0; i < n; i++) {
      // The click steps at once (app/search.js act); the page's frame loop, whose callback for the
      // next frame was asked for before this one's, then points the camera in that frame. Its ease
      // is ended here, where it would come to rest: one frame an event, not four.
      document.querySelector(`[data-testid="${backwards ? 'step-back' : 'step'}"]`).click();
      await frame();
      if (mv.cam) { Object.assign(mv, mv.cam.to); mv.cam = null; mv.dirty = true; }
      const e = m.lastEvent();
      if (!e) { out.push({ code: 'none' }); continue; }
      const nodes = m.views().nodes, L = mv.layout;
      const top = (x) => nodes[NODE.words * x + NODE.top];
      const down = (x) => nodes[NODE.words * x + NODE.down];
      const trying = m.trying();
      let header, node = 0;
      const code = names[e.code];
      if (code === 'CoverItem' || code === 'UncoverItem') {
        header = e.level;
        if (trying > L.n) {
          // The option tried's node in this column, if it has one there.
          let x = trying;
          while (top(x - 1) > 0) x--;
          for (; top(x) > 0; x++) if (top(x) === header) node = x;
        }
        if (!node && down(header) !== header) node = down(header);
      } else if (code === 'Hide' || code === 'Unhide') {
        node = e.level;
        header = top(node);
      } else if (code === 'Try') {
        node = e.node;
        header = top(node);
      } else if (code === 'Choose') {
        header = e.node;
        if (down(header) !== header) node = down(header);
      } else { out.push({ code }); continue; }
      const s = mv.scale, w = mv.canvas.clientWidth, h = mv.canvas.clientHeight;
      // Row numbers are drawn over the left 34 px once column 0 is panned under them; the header
      // row is pinned over the top 2.5 cells once the rows are scrolled under it.
      const left = s >= 16 && (-0.15 - mv.ox) * s < 34 ? 34 : 0;
      const pinned = (1.25 - mv.oy) * s < 2.5 * s ? 2.5 * s : (1.25 - mv.oy) * s;
      const inX = (wx) => (wx + 0.2 - mv.ox) * s >= left && (wx + 0.8 - mv.ox) * s <= w;
      const headerIn = inX(L.headerX[header]);
      const y = node ? mv._y(node) : 0;
      const nodeIn = !node || inX(L.colX[node]) && (y + 0.2 - mv.oy) * s >= pinned && (y + 0.8 - mv.oy) * s <= h;
      out.push({ code, header, node, headerIn, nodeIn, scale: s, undone: e.undone });
    }
    return out;
  }, [count, back]);
}

async function newPage(browser, w, h) {
  const phone = w < 500;
  const context = await browser.newContext(phone
    ? { viewport: { width: w, height: h }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
    : { viewport: { width: w, height: h } });
  return { context, page: await context.newPage() };
}

/** The share of counted events with both in sight at 16 px a cell or more (names drawn). */
function share(events) {
  const counted = events.filter((e) => e.header !== undefined);
  const good = counted.filter((e) => e.headerIn && e.nodeIn && e.scale >= 16);
  return { counted: counted.length, good: good.length, pct: (100 * good.length) / Math.max(1, counted.length), bad: counted.filter((e) => !(e.headerIn && e.nodeIn && e.scale >= 16)) };
}

test('camera: the first 100 events (200 long) of Easter Monster, a 16x16 and pentomino 6x10 keep the item and node acted on in sight at three sizes', async ({ browser, base }) => {
  const failures = [];
  for (const [w, h] of SIZES) {
    const { context, page } = await newPage(browser, w, h);
    for (const [name, query] of PROBLEMS) {
      await open(page, base, query);
      const events = await walk(page, FORWARD);
      const r = share(events);
      report.push(`camera, ${name} at ${w}x${h}: ${r.good} of ${r.counted} events with item and node in sight (${r.pct.toFixed(1)}%)${r.bad.length ? `; first missed: ${JSON.stringify(r.bad[0])}` : ''}`);
      if (r.pct < 95) failures.push(`${name} at ${w}x${h}: ${r.pct.toFixed(1)}%`);
      // Step back over the last ones: the same events undone.
      const back = share(await walk(page, BACK, true));
      report.push(`camera, ${name} at ${w}x${h}, ${BACK} steps back: ${back.good} of ${back.counted} (${back.pct.toFixed(1)}%)`);
      if (back.pct < 95) failures.push(`${name} at ${w}x${h} stepping back: ${back.pct.toFixed(1)}%`);
    }
    await context.close();
  }
  assert(failures.length === 0, `events out of sight: ${failures.join('; ')}`);
}, { slow: true });

test('camera: Play at the default speed keeps each event in sight (Easter Monster, 1280x800)', async ({ page, base }) => {
  await open(page, base, `?sudoku=${EASTER}`);
  // Play at the slider's default speed, and look at the view each time an event comes to rest.
  const r = await page.evaluate(async () => {
    const frame = () => new Promise((res) => requestAnimationFrame(() => res(0)));
    const mv = window.dlx.app.matrix, m = window.dlx.model;
    const { EV, NODE } = await import('/www/engine/engine.js');
    document.querySelector('[data-testid="play"]').click();
    let seen = 0, good = 0, last = -1;
    const t0 = performance.now();
    while (seen < 25 && performance.now() - t0 < 60000) {
      await frame();
      const e = m.lastEvent();
      if (!e || m.position === last || mv.cam) continue;
      const hideLike = e.code === EV.Hide || e.code === EV.Unhide;
      const cover = e.code === EV.CoverItem || e.code === EV.UncoverItem;
      if (!hideLike && !cover) continue;
      last = m.position;
      const nodes = m.views().nodes, L = mv.layout, s = mv.scale, w = mv.canvas.clientWidth, h = mv.canvas.clientHeight;
      const header = hideLike ? nodes[NODE.words * e.level + NODE.top] : e.level;
      const inX = (wx) => (wx + 0.2 - mv.ox) * s >= 0 && (wx + 0.8 - mv.ox) * s <= w;
      let ok = inX(L.headerX[header]) && s >= 16;
      if (hideLike) { const y = mv._y(e.level); ok = ok && inX(L.colX[e.level]) && (y - mv.oy) * s >= 2.5 * s - 1 && (y + 0.8 - mv.oy) * s <= h; }
      seen++;
      if (ok) good++;
    }
    document.querySelector('[data-testid="play"]').click();
    return { seen, good, speed: m.speed };
  });
  report.push(`camera, Play at ${r.speed} events/s on Easter Monster: ${r.good} of ${r.seen} covers and hides in sight once the camera rests`);
  assert(r.seen >= 20, `only ${r.seen} events seen while playing`);
  assert(r.good / r.seen >= 0.95, `Play: ${r.good} of ${r.seen} in sight`);
}, { slow: true });

test('camera: ten consecutive events of each problem, screenshots to look at', async ({ browser, base }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const { context, page } = await newPage(browser, 1280, 800);
  for (const [name, query] of PROBLEMS) {
    await open(page, base, query);
    await walk(page, 30);
    for (let k = 0; k < 10; k++) {
      await walk(page, 1);
      const file = path.join(SHOTS, `camera-${name.replace(/\W+/g, '-').toLowerCase()}-${k}.png`);
      await page.locator('#matrix-canvas').screenshot({ path: file });
      const said = (await page.textContent(tid('narration'))).trim();
      report.push(`camera shot ${path.basename(file)}: ${said}`);
    }
  }
  await context.close();
}, { shots: true });

test('camera: at every stop of the three tours the item and node the latest event acts on are in sight', async ({ page, base }) => {
  await open(page, base);
  const tours = await page.evaluate(async () => (await import('/www/tools/tours.js')).TOURS);
  const out = [];
  for (const t of tours) {
    await page.click(`[data-testid="tour-${t.id}"]`);
    await page.waitForFunction((text) => window.dlx.model.problem && window.dlx.model.problem.text === text && window.dlx.app.tours.active, t.problem.text);
    for (let i = 0; i < t.stops.length; i++) {
      if (i > 0) await page.click('[data-testid="tour-next"]');
      await page.waitForFunction((at) => window.dlx.model.position === at, t.stops[i].at);
      await cameraAtRest(page);
      const r = await page.evaluate(async () => {
        const mv = window.dlx.app.matrix, m = window.dlx.model;
        const { EV, NODE } = await import('/www/engine/engine.js');
        await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
        const e = m.lastEvent();
        if (!e) return null;
        const nodes = m.views().nodes, L = mv.layout, s = mv.scale, w = mv.canvas.clientWidth, h = mv.canvas.clientHeight;
        const top = (x) => nodes[NODE.words * x + NODE.top];
        let header, node = 0;
        if (e.code === EV.CoverItem || e.code === EV.UncoverItem) header = e.level;
        else if (e.code === EV.Hide || e.code === EV.Unhide) { node = e.level; header = top(node); }
        else if (e.code === EV.Try) { node = e.node; header = top(node); }
        else return null;
        const left = s >= 16 && (-0.15 - mv.ox) * s < 34 ? 34 : 0;
        const inX = (wx) => (wx + 0.2 - mv.ox) * s >= left && (wx + 0.8 - mv.ox) * s <= w;
        const pinned = Math.max(2.5 * s, (1.25 - mv.oy) * s);
        const y = node ? mv._y(node) : 0;
        const ok = inX(L.headerX[header]) && (!node || inX(L.colX[node]) && (y + 0.2 - mv.oy) * s >= pinned && (y + 0.8 - mv.oy) * s <= h);
        return { ok, header, node, name: L.names[header - 1] };
      });
      if (r) out.push({ tour: t.id, stop: i + 1, ...r });
    }
    await page.click('[data-testid="tour-leave"]');
  }
  const good = out.filter((r) => r.ok).length;
  report.push(`camera in the tours: ${good} of ${out.length} stops at a cover, hide or try with its item and node in sight${out.some((r) => !r.ok) ? `; missed: ${out.filter((r) => !r.ok).map((r) => `${r.tour} stop ${r.stop} (${r.name})`).join(', ')}` : ''}`);
  assert(out.length > 0 && good === out.length, `stops out of sight: ${JSON.stringify(out.filter((r) => !r.ok))}`);
}, { slow: true });
