// The race: DLX against naive, MRV against first, Stop, and its screenshots.

import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SHOTS, EASY_SUDOKU, assert, tid, settle, text, open, loadVia, test, report, pageLike } from './harness.mjs';

/** Starts the race (until 'solution' or 'end') and waits for every lane to finish; returns its lanes. */
async function race(page, until) {
  await page.selectOption(tid('race-until'), until);
  await page.click(tid('race-start'));
  await page.waitForFunction(() => window.dlx.app.race.state.phase === 'done', null, { timeout: 120000 });
  return page.evaluate(() => {
    const { lanes } = window.dlx.app.race.state;
    const by = {};
    for (const l of lanes) by[`${l.algorithm}-${l.heuristic}`] = { phase: l.phase, ms: l.ms, message: l.message, ...l.stats };
    return by;
  });
}

test('race: DLX and naive walk the same tree (8-queens, the 6x7 matrix); MRV beats first on a Sudoku', async ({ page, base }) => {
  await open(page, base);
  // Knuth's 6x7 matrix, to the end: one cover, the same nodes and updates under each heuristic.
  let r = await race(page, 'end');
  for (const h of ['mrv', 'first']) {
    const d = r[`dlx-${h}`], n = r[`naive-${h}`];
    assert(d.phase === 'done' && n.phase === 'done', `6x7 ${h}: lanes ${d.phase}, ${n.phase} (${d.message}${n.message})`);
    assert(d.solutions === 1 && n.solutions === 1, `6x7 ${h}: solutions ${d.solutions}, ${n.solutions}`);
    assert(d.nodes === n.nodes && d.updates === n.updates, `6x7 ${h}: DLX ${d.nodes}/${d.updates}, naive ${n.nodes}/${n.updates}`);
  }
  // 8-queens to the end: 92 solutions for every lane, equal trees under each heuristic.
  await loadVia(page, 'queens', 8);
  r = await race(page, 'end');
  for (const h of ['mrv', 'first']) {
    const d = r[`dlx-${h}`], n = r[`naive-${h}`];
    assert(d.solutions === 92 && n.solutions === 92, `8-queens ${h}: solutions ${d.solutions}, ${n.solutions}`);
    assert(d.nodes === n.nodes && d.updates === n.updates, `8-queens ${h}: DLX ${d.nodes}/${d.updates}, naive ${n.nodes}/${n.updates}`);
  }
  await settle(page);
  const verdict = await text(page, 'race-verdict');
  assert(/MRV: .*same tree, [\d,]+ nodes each/.test(verdict) && /first item: .*same tree/.test(verdict), `verdict: ${verdict}`);
  assert(new RegExp(`${r['dlx-mrv'].nodes.toLocaleString('en-US')} nodes each`).test(verdict), `verdict does not give the nodes: ${verdict}`);
  const note = await page.textContent('#race-note');
  assert(/wall clock/.test(note), 'the race does not say its times are wall clock');
  // What each figure counts, in words (naive's updates equal DLX's with no word of why).
  assert(/Nodes are the search tree.s nodes/.test(note) && /updates are Knuth.s count/.test(note) && /one scale/.test(note), `the note: ${note}`);
  // The bars are the lanes' times on one scale: the slowest full, each other its share of it (they
  // were each lane's own progress, full at the end for winner and loser alike).
  const bars = await page.evaluate(() => [...document.querySelectorAll('#race-lanes .lane')].map((li) => {
    const bar = /** @type {HTMLElement} */ (li.querySelector('.bar'));
    const fill = /** @type {HTMLElement} */ (bar.firstElementChild);
    return { id: li.dataset.testid, share: Number(bar.dataset.share), drawn: fill.getBoundingClientRect().width / bar.clientWidth };
  }));
  const slowest = Math.max(...Object.values(r).map((l) => l.ms));
  for (const b of bars) {
    const l = r[b.id.replace('race-', '')];
    assert(Math.abs(b.share - l.ms / slowest) < 0.001 && Math.abs(b.drawn - b.share) < 0.02, `${b.id}: bar ${b.drawn.toFixed(3)} (share ${b.share}), time ${l.ms} ms of ${slowest}`);
  }
  assert(bars.some((b) => b.share === 1), `no bar is full: ${JSON.stringify(bars)}`);
  report.push(`race on 8-queens: ${verdict.replace(/\n/g, ' ')}; bars ${bars.map((b) => `${b.id.replace('race-', '')} ${b.share.toFixed(2)}`).join(', ')}`);
  // A Sudoku to its first solution: the same solution count, MRV walks a smaller tree than first.
  await loadVia(page, 'sudoku', EASY_SUDOKU);
  r = await race(page, 'solution');
  for (const h of ['mrv', 'first']) {
    const d = r[`dlx-${h}`], n = r[`naive-${h}`];
    assert(d.solutions === 1 && n.solutions === 1, `Sudoku ${h}: solutions ${d.solutions}, ${n.solutions}`);
    assert(d.nodes === n.nodes, `Sudoku ${h}: DLX ${d.nodes}, naive ${n.nodes} nodes`);
  }
  assert(r['dlx-mrv'].nodes < r['dlx-first'].nodes, `Sudoku: MRV ${r['dlx-mrv'].nodes} nodes, first ${r['dlx-first'].nodes}`);
  report.push(`race on a Sudoku to its first solution: MRV ${r['dlx-mrv'].nodes} nodes, first ${r['dlx-first'].nodes}; `
    + `DLX ${r['dlx-mrv'].ms.toFixed(1)} ms, naive ${r['naive-mrv'].ms.toFixed(1)} ms (MRV, wall clock, 4 workers at once)`);
});

test('race: Stop ends the lanes still running; naive refuses colours in words', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 13);
  await page.selectOption(tid('race-until'), 'end');
  await page.click(tid('race-start'));
  await page.waitForFunction(() => window.dlx.app.race.state.lanes.some((l) => l.stats && l.stats.nodes > 0));
  await page.click(tid('race-stop'));
  const phase = await page.evaluate(() => window.dlx.app.race.state.phase);
  assert(phase === 'stopped', `after Stop the race is ${phase}`);
  const frozen = await page.evaluate(() => JSON.stringify(window.dlx.app.race.state.lanes.map((l) => l.stats)));
  await page.waitForTimeout(300);
  assert(frozen === await page.evaluate(() => JSON.stringify(window.dlx.app.race.state.lanes.map((l) => l.stats))), 'figures moved after Stop');
  // Colours: the TAOCP toy (x:c) has no 0-1 matrix; the naive lanes say so, DLX races on.
  await loadVia(page, 'exact-cover', 'p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B');
  const r = await race(page, 'end');
  assert(r['dlx-mrv'].phase === 'done' && r['dlx-mrv'].solutions === 1, `colours, DLX: ${JSON.stringify(r['dlx-mrv'])}`);
  assert(r['naive-mrv'].phase === 'error' && /colours/.test(r['naive-mrv'].message), `colours, naive: ${JSON.stringify(r['naive-mrv'])}`);
});

test('race: screenshots at 1280x800 (maximised) and 375 px; DOCS=1 writes docs/race.png for the README', async ({ page: first, base }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h, tag] of [[1280, 800, 'desktop'], [375, 812, 'phone']]) {
    const page = await pageLike(first, w, h);
    await open(page, base, '?queens=11');
    await page.selectOption(tid('race-until'), 'end');
    await page.click(tid('race-start'));
    await page.waitForFunction(() => window.dlx.app.race.state.phase === 'done', null, { timeout: 120000 });
    if (tag === 'desktop') await page.click(tid('maximise-race'));
    await page.waitForTimeout(300);
    const file = path.join(SHOTS, `${tag}-race.png`);
    if (tag === 'desktop') await page.screenshot({ path: file });
    else await page.locator('.race-panel').screenshot({ path: file });
    if (process.env.DOCS && tag === 'desktop') {
      // The README's copy: the maximised panel down to its last line (the rest is empty).
      const note = await page.locator('#race-note').boundingBox();
      await page.screenshot({ path: path.join(ROOT, 'docs', 'race.png'), clip: { x: 0, y: 0, width: w, height: Math.ceil(note.y + note.height + 14) } });
    }
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(over <= 0, `${tag}: the page is ${over}px wider than the screen with the race shown`);
    report.push(`race on 11-queens (${tag}): ${(await text(page, 'race-verdict')).replace(/\n/g, ' ')}`);
    await page.close();
  }
}, { slow: true });
