// The Memo switch (Knuth's DLX6 stepped): on the 4x4 domino board the search tree folds into a DAG.
// The figures are the core's (src/core/search/tests.rs, domino_4x4_folds_…): 36 tilings, 133 nodes
// without memos, 48 with them, 32 memos and 10 hits.

import path from 'node:path';
import { assert, tid, settle, text, num, open, loadVia, test, SHOTS } from './harness.mjs';

/** Steps the page's search to its end (the model's own stepping, as the Step button does). */
async function stepToEnd(page) {
  await page.evaluate(() => {
    const m = window.dlx.model;
    while (!m.stats().done && m.step(1000) > 0) { /* on */ }
    window.dlx.app.state.dirty = true;
  });
  await settle(page);
}

/** The tree view's DAG: reused rows, their edges, the shared nodes and their badges. */
async function dag(page) {
  return page.evaluate(() => {
    const t = window.dlx.app.tree;
    t.dirty = true;
    t.draw();
    return {
      reused: t.rows.filter((r) => !r.more && r.node.reuse).length,
      edges: t.edges.length,
      shared: t.shared.size,
      uses: [...t.shared.values()].reduce((a, b) => a + b, 0),
      // Every edge joins a reused row to the row of the node it names.
      joined: t.edges.every((e) => (t.rows[e.to].ids ?? [t.rows[e.to].node.id]).includes(t.rows[e.from].node.reuse)),
      labels: t.rows.filter((r) => r.node.reuse).map((r) => r.label),
    };
  });
}

test('memo: 36 domino tilings of 4x4 with Memo on and off; the DAG\'s reused and shared nodes match the core\'s hits', async ({ page, base }) => {
  await open(page, base);
  // From the form, as a person would: the kind, then its board.
  await loadVia(page, 'dominoes', '4x4');
  await page.waitForFunction(() => window.dlx.model.info.title === 'Domino tilings 4x4');
  await stepToEnd(page);
  assert(await num(page, 'solutions') === 36 && await num(page, 'nodes') === 133, 'without memos: 36 tilings in 133 nodes');
  assert(await page.locator('#st-memos').isHidden(), 'no Memos row without memos');
  // The switch: keyboard reachable, with its tooltip.
  const memo = page.locator(tid('memo'));
  assert((await memo.getAttribute('title') || '').includes('DLX6'), 'the switch says what it does');
  await memo.focus();
  await page.keyboard.press('Space');
  assert(await memo.isChecked(), 'Space turns Memo on');
  assert((await text(page, 'status')).startsWith('Memo on'), `status: ${await text(page, 'status')}`);
  assert(await num(page, 'nodes') === 0, 'Memo restarts the search at its start');
  await stepToEnd(page);
  assert(await num(page, 'solutions') === 36, 'with memos: still 36 tilings');
  assert(await num(page, 'nodes') === 48, `with memos: 48 nodes, not ${await num(page, 'nodes')}`);
  assert(await num(page, 'memos') === 32 && await num(page, 'hits') === 10, 'DLX6\'s memos and hits: 32 and 10');
  const d = await dag(page);
  assert(d.reused === 10 && d.uses === 10, `a reused row a hit: ${JSON.stringify(d)}`);
  assert(d.edges === 10 && d.joined, `an edge from each reused row to its first node: ${JSON.stringify(d)}`);
  assert(d.shared > 0 && d.shared <= 10, `shared nodes: ${d.shared}`);
  assert(d.labels.every((l) => /↪ as node \d+: \d+ solutions?, reused$/.test(l)), d.labels.join(' | '));
  assert(await page.locator('#tree-view .reuse-edge').count() > 0, 'edges drawn');
  // Off again: the plain tree.
  await memo.click();
  await stepToEnd(page);
  assert(await num(page, 'nodes') === 133 && await num(page, 'solutions') === 36, 'Memo off: 133 nodes again');
  assert((await dag(page)).reused === 0, 'no reused rows without memos');
});

test('memo: the narration says a reuse; stepping back over it takes its count off, and the hit', async ({ page, base }) => {
  await open(page, base, '?dominoes=4x4');
  await page.locator(tid('memo')).check();
  const at = await page.evaluate(async () => {
    const { EV } = await import('/www/engine/engine.js');
    const m = window.dlx.model;
    for (let i = 0; i < 5000 && m.step(1) > 0; i++) {
      const e = m.lastEvent();
      if (e && e.code === EV.Reuse && !e.undone) window.dlx.app.state.dirty = true;
      if (e && e.code === EV.Reuse && !e.undone) return { solutions: Number(m.stats().solutions), nodes: Number(m.stats().nodes), hits: m.memoCounts?.hits };
    }
    return null;
  });
  assert(at, 'a reuse comes');
  await settle(page);
  const said = await text(page, 'narration');
  assert(/^The same \d+ items remain as at node \d+: [\d,]+ solutions?, reused/.test(said), `narration: ${said}`);
  const back = await page.evaluate(() => {
    const m = window.dlx.model;
    m.stepBack(1);
    return { solutions: Number(m.stats().solutions), nodes: Number(m.stats().nodes), hits: m.memoCounts?.hits, narration: m.narration() };
  });
  const count = Number(/: ([\d,]+) solutions?, reused/.exec(said)?.[1].replace(/,/g, ''));
  assert(back.solutions === at.solutions - count && back.nodes === at.nodes - 1 && back.hits === at.hits - 1,
    `stepping back: ${JSON.stringify({ at, back, count })}`);
  assert(back.narration.startsWith('Back before the reuse'), back.narration);
  // And forward again: the same reuse, the same counts.
  const again = await page.evaluate(() => { const m = window.dlx.model; m.step(1); return { solutions: Number(m.stats().solutions), hits: m.memoCounts?.hits }; });
  assert(again.solutions === at.solutions && again.hits === at.hits, JSON.stringify(again));
});

test('memo: multiplicities are refused in words; a bad domino board is an error that says which number', async ({ page, base }) => {
  await open(page, base, '?dominoes=4x4');
  await page.locator(tid('memo')).check();
  await page.selectOption(tid('problem'), 'exact-cover');
  await page.fill(tid('matrix-input'), 'A 2:3|B\nA B\nB\nB\n');
  await page.click(tid('load'));
  await settle(page);
  const status = await text(page, 'status');
  assert(status.includes('Memo is off for this problem') && status.includes('multiplicities'), `status: ${status}`);
  assert(await page.locator('#st-memos').isHidden(), 'no Memos row: the search steps without memos');
  await open(page, base, '?dominoes=0x4');
  await settle(page);
  const err = await page.evaluate(() => document.body.innerText);
  assert(err.includes('the board\'s rows must be between 1 and 32, not 0'), 'the error names the rows and the bounds');
});

test('memo: screenshots of the tree folding into a DAG (desktop and phone)', async ({ browser, base }) => {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 375, height: 812 }]]) {
    const page = await browser.newPage({ viewport });
    await open(page, base, '?dominoes=4x4');
    await page.locator(tid('memo')).check();
    await stepToEnd(page);
    // Back to the last reuse, so the board shows a partial tiling and the tree its DAG.
    await page.evaluate(() => {
      const m = window.dlx.model;
      while (m.stepBack(1) > 0 && !m.narration().startsWith('Back before the reuse')) { /* back */ }
      m.step(1);
      window.dlx.app.state.dirty = true;
    });
    await settle(page);
    await page.locator('#tree-view').scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, `memo-dag-${name}.png`), fullPage: false });
    await page.close();
  }
}, { shots: true });
