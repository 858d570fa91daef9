// Colours and multiplicities (XCC, Algorithm M): counts, narration, purification drawn, exact undo.

import fs from 'node:fs';
import path from 'node:path';
import { SHOTS, assert, tid, settle, text, num, open, loadVia, test, report, press, stepUntil, holdAnimation, endAnimation, pixelAt, algorithmLine } from './harness.mjs';

test('colours: the TAOCP toy purifies, counts cleansings, and steps back to the exact start', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  const start = await page.evaluate(() => { const v = window.dlx.model.views(); return { nodes: [...v.nodes], colors: [...v.colors] }; });
  let steps = 0, narration = '';
  for (; steps < 80 && !/^Commit /.test(narration); steps++) {
    await page.click(tid('step'));
    narration = await page.evaluate(() => window.dlx.model.narration());
  }
  assert(/^Commit y:A: purify y: hide 1 option of another colour, keep and mark 0 of colour A$/.test(narration), `no purification narrated: ${narration}`);
  assert((await num(page, 'cleansings')) >= 1, `cleansings read-out: ${await text(page, 'cleansings')}`);
  // The purified item's header carries its colour in the colour view (colour A is 1).
  const purified = await page.evaluate(() => {
    const m = window.dlx.model, v = m.views(), y = m.info.items.indexOf('y') + 1;
    return v.colors[y];
  });
  assert(purified === 1, `y's header colour after purifying: ${purified}`);
  for (let i = 0; i < steps; i++) await page.click(tid('step-back'));
  const back = await page.evaluate(() => { const v = window.dlx.model.views(); return { nodes: [...v.nodes], colors: [...v.colors] }; });
  assert(JSON.stringify(back) === JSON.stringify(start), 'stepping back did not restore the link and colour arrays');
  report.push(`colours: purified after ${steps} steps: "${narration}"`);
});

test('multiplicities: lo:hi|name in the exact-cover box counts in the page and the worker, narrates, steps back exactly, and errors say where', async ({ page, base, errors }) => {
  await open(page, base);
  // Two of the four `a`s, `b` once or twice, `c` at most once: 13 sets of options (brute force in
  // tests/it/cli.rs, the same text).
  const problem = '| multiplicities\n2|a 1:2|b 0:1|c\na\na\na b\na c\nb\nb c';
  const before = await page.evaluate(() => window.dlx.model.info);
  await loadVia(page, 'exact-cover', problem);
  await page.waitForFunction((b) => window.dlx.model.info !== b && window.dlx.model.info.title.includes('multiplicities'), before);
  // The matrix's item labels carry the bounds, as the items line writes them.
  const items = await page.evaluate(() => window.dlx.model.info.items);
  assert(JSON.stringify(items) === JSON.stringify(['2|a', '1:2|b', '0:1|c']), `item labels: ${items}`);
  const start = await page.evaluate(() => { const v = window.dlx.model.views(); return { nodes: [...v.nodes], lens: [...v.lens], items: [...v.items] }; });
  // Step until Algorithm M's own words appear.
  const seen = new Set();
  let steps = 0;
  for (; steps < 400 && seen.size < 3; steps++) {
    await page.click(tid('step'));
    const n = await page.evaluate(() => window.dlx.model.narration());
    if (/may take \d+ more option|may take another/.test(n)) seen.add('more');
    if (/^Close .* takes no more options/.test(n)) seen.add('close');
    if (/^Untweak /.test(n)) seen.add('untweak');
  }
  assert(seen.size === 3, `narration seen after ${steps} steps: ${[...seen]}`);
  // Looked at: the item labels with their bounds, tweaked options, the narration, at 1280 and 375 px.
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, 'multiplicities-1280.png') });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, 'multiplicities-375.png'), fullPage: true });
  await page.setViewportSize(size);
  await settle(page);
  for (let i = 0; i < steps; i++) await page.click(tid('step-back'));
  await settle(page);
  const back = await page.evaluate(() => { const v = window.dlx.model.views(); return { nodes: [...v.nodes], lens: [...v.lens], items: [...v.items] }; });
  assert(JSON.stringify(back) === JSON.stringify(start), `stepping back ${steps} events did not restore the link arrays`);
  // The whole search, event by event, in the page: 13 solutions; the run to the end in a worker agrees.
  const solutions = await page.evaluate(() => { const m = window.dlx.model; while (m.step(5000) > 0); return Number(m.stats().solutions); });
  assert(solutions === 13, `the page counted ${solutions} solutions, not 13`);
  await page.evaluate(() => { window.__before = window.dlx.app.runs.state; });
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => window.dlx.app.runs.state !== window.__before
    && window.dlx.app.runs.state.phase === 'done', null, { timeout: 60000 });
  const run = await page.evaluate(() => ({ ...window.dlx.app.lastRun() }));
  assert(run.stats.solutions === 13, `the run to the end counted ${run.stats.solutions}, not 13`);
  // A bad bound: the same message as the CLI, with line and column, and the problem stays loaded.
  await loadVia(page, 'exact-cover', 'A 3:2|C\nA');
  const status = await text(page, 'status');
  assert(/line 1/.test(status) && /column 3/.test(status) && /lower bound 3 exceeds the upper bound 2/.test(status), `status: ${status}`);
  assert(await page.evaluate(() => window.dlx.model.info.title.includes('multiplicities')), 'the previous problem is not loaded');
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
  report.push(`multiplicities: 13 solutions in the page and the worker; narration of more/close/untweak within ${steps} steps; "${status}"`);
});

test('colours: purification animates as its own event, forward and back, and its narration is plain words', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await page.click(tid('maximise-matrix'));
  const red = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-col1').trim());
  const rgb = [1, 3, 5].map((i) => parseInt(red.slice(i, i + 2), 16));
  const near = (px) => px.every((v, i) => Math.abs(v - rgb[i]) <= 40);
  const narration = await stepUntil(page, /^Commit /);
  assert(narration === 'Commit y:A: purify y: hide 1 option of another colour, keep and mark 0 of colour A', narration);
  const y = await page.evaluate(() => window.dlx.model.info.items.indexOf('y') + 1);
  const anim = await page.evaluate(() => JSON.parse(JSON.stringify(window.dlx.app.matrix.anim.purify)));
  assert(anim.length === 1 && anim[0].h === y && anim[0].colour === 1 && anim[0].forward && anim[0].struck.length === 1 && anim[0].agree.length === 0,
    `the purification animated: ${JSON.stringify(anim)}`);
  // Half way: the strike has grown half its length out of y's column; the header fills with the colour.
  await holdAnimation(page, 0.5);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.locator('#panel-matrix').screenshot({ path: path.join(SHOTS, 'purify-mid.png') });
  const mid = await page.evaluate(() => window.dlx.app.matrix.drawn.strikes);
  assert(mid.length === 1 && mid[0].row === anim[0].struck[0] && Math.abs(mid[0].p - 0.5) < 1e-3, `strikes drawn half way: ${JSON.stringify(mid)}`);
  assert(near(await pixelAt(page, (mid[0].x0 + mid[0].x1) / 2, mid[0].y)), `the strike half way is not in colour A at its middle: ${await pixelAt(page, (mid[0].x0 + mid[0].x1) / 2, mid[0].y)}`);
  await endAnimation(page);
  await page.locator('#panel-matrix').screenshot({ path: path.join(SHOTS, 'purify-end.png') });
  const end = await page.evaluate(() => window.dlx.app.matrix.drawn.strikes);
  assert(end.length === 1 && end[0].p === 1 && end[0].x1 - end[0].x0 > 1.8 * (mid[0].x1 - mid[0].x0) - 2,
    `the strike at the end ${JSON.stringify(end)} is not twice the half-way one ${JSON.stringify(mid)}`);
  assert(near(await pixelAt(page, end[0].x0 + 3, end[0].y)), 'the whole strike is not drawn at the end');
  // Back: the same purification plays backwards, and leaves no strike.
  await press(page, 'step-back');
  const back = await page.evaluate(() => JSON.parse(JSON.stringify(window.dlx.app.matrix.anim.purify)));
  assert(back.length === 1 && back[0].h === y && !back[0].forward && JSON.stringify(back[0].struck) === JSON.stringify(anim[0].struck),
    `stepping back animated ${JSON.stringify(back)}`);
  assert(/^Undo: Commit y:A/.test(await page.evaluate(() => window.dlx.model.narration())), 'the undo is not narrated');
  await holdAnimation(page, 0.5);
  const retracting = await page.evaluate(() => window.dlx.app.matrix.drawn.strikes);
  assert(retracting.length === 1 && Math.abs(retracting[0].p - 0.5) < 1e-3, `half way back: ${JSON.stringify(retracting)}`);
  await endAnimation(page);
  assert((await page.evaluate(() => window.dlx.app.matrix.drawn.strikes.length)) === 0, 'a strike is left after the unpurify');
  // On to a purification that marks an option: its node is outlined (cleansed), and says so.
  const marks = await stepUntil(page, /^Commit x:A/);
  assert(/keep and mark 1 of colour A$/.test(marks), marks);
  const agree = await page.evaluate(() => window.dlx.app.matrix.anim.purify[0].agree);
  assert(agree.length === 1, `agreeing nodes: ${agree}`);
  await holdAnimation(page, 0.5);
  await page.locator('#panel-matrix').screenshot({ path: path.join(SHOTS, 'purify-marks-mid.png') });
  await endAnimation(page);
  const marked = await page.evaluate((x) => { const m = window.dlx.app.matrix; return m._describe(x); }, agree[0]);
  assert(/colour A, marked \(cleansed\)/.test(marked), `the marked node's details: ${marked}`);
  const unp = await stepUntil(page, /^Uncommit /);
  assert(/^Uncommit x:A: unpurify x: 1 option of another colour back, 1 of colour A unmarked$/.test(unp), unp);
  report.push(`purify animation: strike half way ${(mid[0].x1 - mid[0].x0).toFixed(0)} px of ${(end[0].x1 - end[0].x0).toFixed(0)} px; screenshots/purify-mid.png`);
});

test('colours: the algorithm panel shows purify and unpurify for a problem with colours, and marks them', async ({ page, base }) => {
  await open(page, base);
  const shown = () => page.$$eval('[data-line="sub-purify"], [data-line="sub-unpurify"]', (els) => els.map((e) => !e.hidden));
  await settle(page);
  assert((await shown()).every((v) => !v), 'the colour lines are shown for the 6x7 matrix');
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await settle(page);
  assert((await shown()).every((v) => v), 'the colour lines are hidden for the toy');
  await stepUntil(page, /^Commit /);
  let a = await algorithmLine(page);
  assert(a.line === 'sub-purify' && a.caller === 'cover-j', `a purification marks ${a.line} (caller ${a.caller})`);
  await stepUntil(page, /^Uncommit /);
  a = await algorithmLine(page);
  assert(a.line === 'sub-unpurify' && a.caller === 'uncover-j', `an unpurification marks ${a.line} (caller ${a.caller})`);
  await press(page, 'step-back');
  await press(page, 'step');
  a = await algorithmLine(page);
  assert(a.line === 'sub-unpurify', `taken again: ${a.line}`);
});

test('colours: under reduced motion a purification is drawn at once, struck through', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await page.click(tid('maximise-matrix'));
  await stepUntil(page, /^Commit y:A/);
  assert(await page.evaluate(() => window.dlx.app.matrix.anim === null), 'a purification animates under prefers-reduced-motion');
  await settle(page);
  const strikes = await page.evaluate(() => window.dlx.app.matrix.drawn.strikes);
  assert(strikes.length === 1 && strikes[0].p === 1, `strikes at once: ${JSON.stringify(strikes)}`);
  await context.close();
});

test('colours: a node of x:A shows its colour name in the node when zoomed in, and always in its details', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await settle(page);
  const scale = await page.evaluate(() => window.dlx.app.matrix.scale);
  const labels = await page.evaluate(() => window.dlx.app.matrix.drawn.colourLabels);
  // Five coloured nodes in the toy (y:A, x:A, x:B, x:A, y:B), each labelled at a readable zoom.
  assert(scale >= 16 && labels === 5, `at scale ${scale}: ${labels} colour names drawn`);
  // Zoomed far out the names go, and the details still name the colour: the keyboard cursor.
  await page.evaluate(() => { const m = window.dlx.app.matrix; m.zoom(8 / m.scale); });
  await settle(page);
  assert((await page.evaluate(() => window.dlx.app.matrix.drawn.colourLabels)) === 0, 'colour names drawn in nodes too small for them');
  await page.focus('#matrix-canvas');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
  const details = await page.textContent('#matrix-hover');
  assert(/^node \d+: item x, colour A \(x:A\), option #2 \(p r x y\)/.test(details), `the cursor's details: ${details}`);
  // Pointing at it says the same.
  await page.evaluate(() => window.dlx.app.matrix.fit());
  await settle(page);
  const at = await page.evaluate(() => {
    const m = window.dlx.app.matrix, L = m.layout;
    const x = L.colNodes[4][1];
    const r = m.canvas.getBoundingClientRect();
    return { x: r.left + (L.colX[x] + 0.5 - m.ox) * m.scale, y: r.top + (m._y(x) + 0.5 - m.oy) * m.scale };
  });
  await page.mouse.move(at.x, at.y);
  const hover = await page.textContent('#matrix-hover');
  assert(/item x, colour A \(x:A\)/.test(hover), `hover: ${hover}`);
});

test('edge matching: the board legend lists the colours of the board loaded, no more', async ({ page, base }) => {
  await open(page, base);
  const legend = () => page.evaluate(() => [...document.querySelectorAll('#board-legend li')].filter((li) => !li.hidden).map((li) => li.textContent));
  await page.selectOption('#preset', 'edge-3x3');
  await page.waitForFunction(() => window.dlx.model.info.title.toLowerCase().includes('edge'));
  await settle(page);
  const two = await legend();
  assert(two.includes('colour 1') && two.includes('colour 2') && !two.includes('colour 3'), `3x3/2's legend: ${two.join(' | ')}`);
  const before = await page.evaluate(() => window.dlx.model.info);
  await loadVia(page, 'edge-matching', '4x4/5');
  await page.waitForFunction((b) => window.dlx.model.info !== b, before);
  await settle(page);
  const five = await legend();
  assert(five.includes('colour 5') && !five.includes('colour 6'), `4x4/5's legend: ${five.join(' | ')}`);
  report.push(`edge matching legend: ${two.length} entries for 3x3/2, ${five.length} for 4x4/5`);
});

test('edge matching: each tile on the board shows the number its options name in the matrix (t1 is 1; the board said 0)', async ({ page, base }) => {
  await open(page, base, '?edge-matching=3x3');
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => !window.dlx.app.state.hunting && Number(window.dlx.model.stats().solutions) === 1, null, { timeout: 30000 });
  // The board's numbers as drawn, where they are drawn: every fillText on the board's canvas.
  const drawn = await page.evaluate(() => {
    const board = window.dlx.app.board;
    const ctx = board.canvas.getContext('2d');
    const out = [];
    const fill = ctx.fillText;
    ctx.fillText = function (t, x, y, ...rest) { out.push({ t: String(t), x, y }); return fill.call(this, t, x, y, ...rest); };
    board.dirty = true;
    board.draw();
    ctx.fillText = fill;
    return out.filter((d) => /^\d+$/.test(d.t));
  });
  // The options chosen, by their items: `r2c3 t7 h2_3:1 …`.
  const placed = await page.evaluate(() => window.dlx.model.chosenNodes().filter((x) => x > 0)
    .map((x) => window.dlx.model.labels[window.dlx.model.optionOf(x)]));
  const tileAt = new Map(placed.map((l) => { const [, r, c, t] = /^r(\d+)c(\d+) t(\d+)/.exec(l); return [`${r},${c}`, t]; }));
  assert(tileAt.size === 9, `9 cells placed, not ${tileAt.size}: ${placed.join(' | ')}`);
  // Drawn row by row: sorted by y, then x, they are r1c1, r1c2, … r3c3.
  const rows = [...new Set(drawn.map((d) => Math.round(d.y)))].sort((a, b) => a - b);
  const cols = [...new Set(drawn.map((d) => Math.round(d.x)))].sort((a, b) => a - b);
  assert(rows.length === 3 && cols.length === 3 && drawn.length === 9, `numbers drawn: ${JSON.stringify(drawn)}`);
  for (const d of drawn) {
    const key = `${rows.indexOf(Math.round(d.y)) + 1},${cols.indexOf(Math.round(d.x)) + 1}`;
    assert(d.t === tileAt.get(key), `cell r${key.replace(',', 'c')} shows ${d.t}, its option names t${tileAt.get(key)}`);
  }
  report.push(`edge matching board numbers = the tiles' item names: ${drawn.map((d) => d.t).join(' ')}`);
});

test('multiplicities: the tree names a null choice "close C", stepped to or jumped over, and the path and hover name items without their bounds (the node read "option 1", the path "2:3|C")', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'dlx3');
  await page.waitForFunction(() => window.dlx.model.info.title.length > 0 && window.dlx.model.stats().at_start);
  const tree = () => page.evaluate(() => {
    const t = window.dlx.app.tree;
    for (let i = 0; i < 50; i++) { t.dirty = true; t.draw(); const r = t.rows.find((x) => x.chain && !x.open); if (!r) break; t.toggle(r); }
    t.dirty = true; t.draw();
    return { labels: t.rows.map((r) => r.label), says: t.rows.map((r) => t.describe(r)), path: document.getElementById('path').textContent };
  });
  // Stepped: every Close event's node is "close <item>".
  const closes = await page.evaluate(() => {
    const m = window.dlx.model, out = [];
    for (let i = 0; i < 400 && !m.stats().done; i++) {
      m.step(1);
      const e = m.lastEvent();
      if (e && e.code === window.dlx.EV.Close) out.push(e.level);
      if (Number(m.stats().solutions) >= 1 && out.length) break;
    }
    window.dlx.app.state.dirty = true;
    return out;
  });
  assert(closes.length > 0, 'no null choice met');
  await settle(page);
  const stepped = await tree();
  assert(stepped.labels.some((l) => /^close \S+$/.test(l)) && !stepped.labels.some((l) => /^option \d+$/.test(l)), `stepped tree: ${stepped.labels.join(' | ')}`);
  assert(!/\d+(:\d+)?\|/.test(stepped.path) && !stepped.says.some((x) => /\d+(:\d+)?\|/.test(x)), `bounds in a name: ${stepped.path} / ${stepped.says.join(' / ')}`);
  // Jumped: the same names.
  await page.click(tid('reset'));
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(window.dlx.model.stats().solutions) >= 1);
  await settle(page);
  const jumped = await tree();
  assert(jumped.labels.some((l) => /^close \S+$/.test(l)), `jumped tree: ${jumped.labels.join(' | ')}`);
  report.push(`DLX3 tree: ${stepped.labels.filter((l) => l.startsWith('close')).join(', ')}; path "${stepped.path.trim().slice(0, 60)}"`);
});
