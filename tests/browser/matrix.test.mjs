// The matrix view: live views after memory grows, pinned names, the cursor, touch, reduced motion.

import path from 'node:path';
import { HARD_SUDOKU, SHOTS, assert, tid, settle, open, test, report, cameraAtRest } from './harness.mjs';

test('the matrix reads live link arrays after wasm memory grows (no detached views)', async ({ page, base, errors }) => {
  await open(page, base);
  for (let i = 0; i < 3; i++) await page.click(tid('step'));
  await page.waitForTimeout(800); // the links' animation is over
  await settle(page);
  // A fresh draw of the matrix, as pixels.
  const picture = () => page.evaluate(() => new Promise((resolve) => {
    window.dlx.app.matrix.dirty = true;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.dlx.app.matrix.canvas.toDataURL())));
  }));
  const before = await picture();
  // Grow the memory as any allocating call may: every Uint32Array made over the old buffer is detached.
  const grown = await page.evaluate(() => new Promise((resolve) => {
    const m = window.dlx.model.memory;
    const old = m.buffer;
    m.grow(1);
    window.dlx.app.matrix.dirty = true;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({ detached: old.byteLength === 0 })));
  }));
  assert(grown.detached, 'growing the memory did not detach the old buffer');
  const after = await picture();
  assert(after === before, 'the matrix draws differently after memory grew: it read a detached view');
  // Hovering over item A's header reads the arrays too: A is in options 2 and 4, so its length is 2.
  const at = await page.evaluate(() => {
    const mv = window.dlx.app.matrix;
    const r = mv.canvas.getBoundingClientRect();
    return { x: r.left + (mv.layout.headerX[1] + 0.5 - mv.ox) * mv.scale, y: r.top + (0.5 - mv.oy) * mv.scale };
  });
  await page.evaluate(() => window.dlx.model.memory.grow(1));
  await page.mouse.move(at.x, at.y);
  await settle(page);
  const hover = (await page.textContent('#matrix-hover')).trim();
  assert(/^item A .*length 2, up \d+, down \d+, left \d+, right \d+/.test(hover), `hover over item A: ${hover}`);
  assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
});

test('matrix: item names and row labels stay pinned zoomed in and panned; a keyboard cursor and a tap give the details', async ({ page, base }) => {
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  const drawn = () => page.evaluate(() => new Promise((resolve) => {
    window.dlx.app.matrix.dirty = true;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({ ...window.dlx.app.matrix.drawn, scale: window.dlx.app.matrix.scale })));
  }));
  // Zoom in until names show, then pan far down and right.
  for (let i = 0; i < 12 && (await page.evaluate(() => window.dlx.app.matrix.scale)) < 20; i++) await page.click('#zoom-in');
  await page.evaluate(() => window.dlx.app.matrix.pan(-900, -2500));
  const d = await drawn();
  report.push(`matrix zoomed to ${d.scale.toFixed(0)} px a cell, panned: ${d.names} item names at y ${d.headerTop.toFixed(0)}, ${d.rowLabels} row labels at x ${d.rowLabelX.toFixed(0)}`);
  assert(d.names > 0 && d.headerTop >= -1, `item names scrolled away: ${JSON.stringify(d)}`);
  assert(d.rowLabels > 0 && d.rowLabelX > 0, `row labels scrolled away: ${JSON.stringify(d)}`);
  // The keyboard cursor: focus the matrix, arrows move over nodes, the details are hover's.
  await page.click('#zoom-fit');
  await page.focus('#matrix-canvas');
  const n0 = await page.evaluate(() => window.dlx.model.eventsPlayed);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const hover = (await page.textContent('#matrix-hover')).trim();
  assert(/^node \d+: item /.test(hover), `the cursor's details: ${hover}`);
  assert(await page.evaluate((n) => window.dlx.model.eventsPlayed === n, n0), 'the arrows stepped the search while the matrix had focus');
  await page.keyboard.press('ArrowUp');
  assert(/^item /.test((await page.textContent('#matrix-hover')).trim()), 'up from the first node is not its item');
});

test('matrix: following the search keeps its column clear of the pinned option numbers (a column panned under their band counted as in view)', async ({ page, base }) => {
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  // The page at rest first: an update still pending from the load re-aimed the camera at the real
  // search during the measurement (a loaded fresh-clone run read it mid-ease, at 21 px a cell).
  await cameraAtRest(page);
  const at = (how, tries = 5) => page.evaluate(async (how) => {
    const mv = window.dlx.app.matrix;
    const L = mv.layout;
    mv.setFollowZoom(true);
    // The switch follows the page's own search at once, and a camera under way is where the next
    // follow starts from (`cam.to`): dropped, so the view set below is the one followed from. (A
    // fresh-clone CI run measured the page's own target, two columns zoomed out to 21 px a cell.)
    mv.cam = null;
    // The item of column 0, then one 12 columns in, panned to sit under the numbers' band.
    const item = how.item;
    if (how.under === null) mv.scale = 2; // as at Fit: the follow zooms in
    else { mv.scale = 22; mv.ox = L.headerX[item] - how.under / mv.scale; }
    // Any other follow before the camera rests (a late update of the page's) spoils the measure.
    const own = mv._follow;
    let others = 0;
    mv._follow = (f) => { others++; own.call(mv, f); };
    own.call(mv, { ...mv.frame, trying: 0, chosen: [], branching: item, follow: true, event: null });
    // The camera's ease, ended at once: where it comes to rest is what is measured.
    if (mv.cam) mv.cam.ms = 1;
    mv.dirty = true;
    for (let i = 0; i < 120 && (i < 2 || mv.cam); i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    delete mv._follow;
    return { others, width: mv.canvas.clientWidth, resting: !mv.cam, scale: mv.scale, left: (L.headerX[item] - mv.ox) * mv.scale, labels: mv.drawn.rowLabels, labelX: mv.drawn.rowLabelX };
  }, how).then((r) => (r.others && tries > 1 ? at(how, tries - 1) : r));
  const first = await page.evaluate(() => { const L = window.dlx.app.matrix.layout; let best = 1; for (let i = 1; i <= L.n; i++) if (L.headerX[i] < L.headerX[best]) best = i; return best; });
  const a = await at({ item: first, under: null });
  report.push(`follow zoom ${a.scale} px a cell: the first item's column starts ${a.left.toFixed(1)} px in, the option numbers end at ${a.labelX.toFixed(1)} px`);
  assert(a.scale >= 20 && a.labels > 0, `the follow did not zoom in to names: ${JSON.stringify(a)}`);
  // The root's column, left of the first item's, is whole too: no band is drawn at the left end.
  assert(a.left - a.scale >= 36, `the root's column is under the option numbers' band: ${JSON.stringify(a)}`);
  const twelfth = await page.evaluate((first) => { const L = window.dlx.app.matrix.layout; for (let i = 1; i <= L.n; i++) if (L.headerX[i] === L.headerX[first] + 12) return i; return -1; }, first);
  assert(twelfth > 0, 'no item in column 12');
  const b = await at({ item: twelfth, under: 10 });
  assert(b.left >= 36, `a followed column left under the numbers' band: ${JSON.stringify(b)}`);
});

test('touch: a tap on the matrix shows a node, one finger scrolls the page until then', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base);
  const box = page.locator('.matrix-box');
  assert((await box.evaluate((el) => getComputedStyle(el).touchAction)) !== 'none', 'one finger cannot scroll the page over the matrix');
  await box.scrollIntoViewIfNeeded();
  // Tap the first node of the first option row.
  const at = await page.evaluate(() => {
    const mv = window.dlx.app.matrix;
    const L = mv.layout;
    const x = L.rowFirst[0];
    const r = mv.canvas.getBoundingClientRect();
    return { x: r.left + (L.colX[x] + 0.5 - mv.ox) * mv.scale, y: r.top + (mv._y(x) + 0.5 - mv.oy) * mv.scale };
  });
  await page.touchscreen.tap(at.x, at.y);
  await page.waitForTimeout(100);
  const said = (await page.textContent('#matrix-hover')).trim();
  assert(/^node \d+: item /.test(said), `a tap showed: ${said}`);
  assert((await box.evaluate((el) => getComputedStyle(el).touchAction)) === 'none', 'after a tap one finger does not pan the matrix');
  await context.close();
});

test('reduced motion: no animation of the links when the system asks for less motion', async ({ browser, base }) => {
  // Counts the animations the matrix starts (each sets `anim`), rather than looking at `anim` once:
  // on a loaded machine an animation can begin and end before a look.
  const starts = async (p) => {
    await p.evaluate(() => {
      const m = window.dlx.app.matrix; let v = m.anim; window.animStarts = 0;
      Object.defineProperty(m, 'anim', { get: () => v, set: (x) => { if (x) window.animStarts++; v = x; }, configurable: true });
    });
    await p.click(tid('step'));
    await settle(p);
    return p.evaluate(() => window.animStarts);
  };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await open(page, base);
  const reduced = await starts(page);
  assert(reduced === 0, `the links animated ${reduced} time(s) under prefers-reduced-motion`);
  const transition = await page.$eval('#progress-bar > span', (el) => getComputedStyle(el).transitionDuration);
  assert(/^0s/.test(transition), `the progress bar still moves smoothly: ${transition}`);
  await context.close();
  const normal = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const p2 = await normal.newPage();
  await open(p2, base);
  assert((await starts(p2)) > 0, 'no animation without reduced motion (the test cannot fail)');
  await normal.close();
});

test('matrix: the pinned header band is opaque: nothing of the rows scrolled under it shows through', async ({ page, base }) => {
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  // Follow zooms in to names; a few steps down the column scroll rows under the pinned band.
  for (let i = 0; i < 3; i++) await page.click(tid('step-choice'));
  // The camera's ease of the last step ended first: begun after the pan below (a late frame on a
  // loaded machine), it moved the rows while the band was read.
  await cameraAtRest(page);
  await page.evaluate(() => { const m = window.dlx.app.matrix; m.cam = null; m.pan(0, -600); m.ox = m._leftmost(m.scale); m.dirty = true; });
  await settle(page);
  const r = await page.evaluate(() => {
    const m = window.dlx.app.matrix, c = m.canvas, d = window.devicePixelRatio || 1;
    const bottom = (1.25 - m.oy) * m.scale + m._pinDy;
    const ctx = c.getContext('2d');
    // The band's left end, left of column 0 (the header row starts right of the row numbers): the
    // canvas colour alone, where the row numbers of the rows under it are drawn first.
    const img = ctx.getImageData(Math.round(2 * d), Math.round(2 * d), Math.round(26 * d), Math.max(1, Math.round((bottom - 4) * d))).data;
    const colours = new Set();
    for (let i = 0; i < img.length; i += 4) colours.add(`${img[i]},${img[i + 1]},${img[i + 2]}`);
    return { pinned: m._pinDy, bottom, rowsUnder: Math.floor(m.oy + 2.6 - 1.9) - Math.floor(m.oy - 1.9), colours: [...colours] };
  });
  report.push(`pinned header band: ${r.bottom.toFixed(0)} px high, ${r.colours.length} colour(s) in its left end: ${r.colours.slice(0, 4).join(' ')}`);
  assert(r.pinned > 0, `the header row is not pinned: ${JSON.stringify(r)}`);
  assert(r.colours.length === 1, `the rows under the pinned band show through it: ${r.colours.length} colours in the band's left end`);
});

test('matrix: zoomed in to node numbers, a chosen option\'s tick is a badge on its corner, not drawn over its number', async ({ page, base }) => {
  await open(page, base, '?queens=6');
  for (let i = 0; i < 3; i++) await page.click(tid('step-choice'));
  await cameraAtRest(page);
  const look = (scale) => page.evaluate((scale) => new Promise((resolve) => {
    const mv = window.dlx.app.matrix;
    const L = mv.layout;
    // The first option chosen (not the one tried), in the middle of the canvas at this scale.
    const x = mv.frame.chosen.find((n) => L.rowOf[n] !== L.rowOf[mv.frame.trying]);
    mv.cam = null;
    mv.followZoom = false;
    mv.scale = scale;
    const w = mv.canvas.clientWidth, h = mv.canvas.clientHeight;
    mv.ox = L.colX[x] + 0.5 - w / 2 / scale;
    mv.oy = mv._y(x) + 0.5 - h / 2 / scale;
    mv.dirty = true;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({ x, chosen: mv.frame.chosen.length, ...mv.drawn, strikes: 0 })));
  }), scale);
  const near = await look(40);
  report.push(`matrix at 40 px a cell: ${near.numbers} node numbers, ${near.badges} badges, ${near.ticks} ticks in nodes`);
  assert(near.chosen >= 2, `too few options chosen: ${JSON.stringify(near)}`);
  assert(near.numbers > 0 && near.ticks === 0 && near.badges >= 1, `zoomed in to numbers: ${JSON.stringify(near)}`);
  await page.screenshot({ path: path.join(SHOTS, 'matrix-badges.png'), clip: await page.$eval('#matrix-canvas', (c) => { const r = c.getBoundingClientRect(); return { x: r.left, y: r.top, width: r.width, height: r.height }; }) });
  const far = await look(22);
  assert(far.numbers === 0 && far.ticks >= 1 && far.badges === 0, `at 22 px a cell, without numbers: ${JSON.stringify(far)}`);
});
