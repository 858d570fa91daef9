// Hostile input, turn 3 (issue 22): share links that inflate without end, the Session's arguments,
// a text past the instance's budget, a Session left unusable by a trap, a damaged link's note.

import { test, assert, open, text, num, loadVia, press, settle, tid } from './harness.mjs';

test('hostile: a packed link stops inflating at the 64 MiB input cap and says so', async ({ page, base }) => {
  await open(page, base);
  const r = await page.evaluate(async () => {
    const links = await import('/www/app/links.js');
    // 70 MiB of '1' deflates to about 70 KB: inflated whole it became 30 MB to 1 GB of textarea.
    const packed = await links.deflate('1'.repeat(70 * 1048576));
    const small = await links.deflate('a b\na\nb\n');
    const t0 = performance.now();
    let message = '';
    try { await links.inflate(packed); } catch (e) { message = String(e.message); }
    return { message, ms: performance.now() - t0, packed: packed.length, back: await links.inflate(small) };
  });
  assert(r.message.includes('more than the input cap of 64 MiB'), `inflate said: ${JSON.stringify(r.message)}`);
  assert(r.back === 'a b\na\nb\n', `a small link reads back: ${JSON.stringify(r.back)}`);
  assert(r.ms < 20000, `stopping took ${r.ms} ms`);
});

test('hostile: a damaged link keeps its note after the default problem loads', async ({ page, base }) => {
  await page.goto(`${base}/?exact-cover.z=%21%21not-base64`);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  // It was overwritten within milliseconds by the default's load.
  await page.waitForTimeout(600);
  const status = await page.evaluate(() => document.querySelector('[data-testid="status"]').textContent);
  assert(/The link is damaged/.test(status), `status: ${status}`);
  // In the link's terms, not the browser's ("Failed to execute 'atob' on 'Window'").
  assert(/packed text holds `!`/.test(status) && !/atob|Failed to execute/.test(status), `status: ${status}`);
  await page.goto(`${base}/?sudoku.z=A`);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  await page.waitForTimeout(600);
  const cut = await page.evaluate(() => document.querySelector('[data-testid="status"]').textContent);
  assert(/The link is damaged/.test(cut) && !/atob|Failed to execute/.test(cut), `status: ${cut}`);
});

test('hostile: a hand-edited link with N not a number says so, and the browser logs nothing', async ({ page, base }) => {
  /** @type {string[]} */
  const logged = [];
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') logged.push(m.text()); });
  await page.goto(`${base}/?queens=abc`);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  await page.waitForTimeout(600);
  const status = await page.evaluate(() => document.querySelector('[data-testid="status"]').textContent);
  assert(/Error in the link: .*N must be a whole number/.test(status), `the status does not say what is wrong: ${status}`);
  // Assigned to the number box, `abc` made Chromium warn "The specified value "abc" cannot be parsed".
  assert(!logged.some((t) => /cannot be parsed/.test(t)), `logged: ${logged.join(' | ')}`);
  assert((await page.inputValue(tid('size'))) === '', 'the number box holds something');
});

test('hostile: PartCounter checks k and n, the Session kept, cell_links and item_cells arguments', async ({ page, base }) => {
  await open(page, base);
  const r = await page.evaluate(() => {
    const wasm = window.dlx.model.wasm;
    const s = new wasm.Session();
    const puzzle = '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9';
    s.load('sudoku', puzzle);
    /** @param {unknown} k @param {unknown} n */
    const part = (k, n) => new wasm.PartCounter('sudoku', puzzle, false, undefined, undefined, k, n);
    /** @param {() => unknown} f */
    const err = (f) => { try { f(); return 'no error'; } catch (e) { return String(e.message); } };
    const out = {
      negative: err(() => part(-1, 5)),
      zero: err(() => part(0, 0)),
      kAbove: err(() => part(5, 5)),
      string: err(() => part('0', 5)),
      keptHuge: err(() => s.kept(1e20)),
      keptString: err(() => s.kept('0')),
      cellNegative: err(() => s.cell_links(-1, 0)),
      cellFraction: err(() => s.cell_links(0.5, 0)),
      itemFraction: err(() => s.item_cells(1.5)),
      itemNegative: err(() => s.item_cells(-3)),
      // 2^32 - 1 parts panicked and killed the Session: now part 0 gets one subproblem.
      manyParts: err(() => part(0, 2 ** 32 - 1)),
    };
    const p = part(0, 2 ** 32 - 1);
    let done = false;
    for (let i = 0; i < 1000 && !done; i++) done = p.count_for(50);
    const stats = p.stats();
    // Still usable after every refusal.
    const steps = s.step(5);
    return { ...out, done, nodes: stats.nodes, steps };
  });
  assert(r.negative === 'k must be between 0 and 4, not -1', `PartCounter(-1, 5): ${r.negative}`);
  assert(r.zero === 'n must be at least 1, not 0', `PartCounter(0, 0): ${r.zero}`);
  assert(r.kAbove === 'k must be between 0 and 4, not 5', `PartCounter(5, 5): ${r.kAbove}`);
  assert(r.string === 'k must be a number, not string', `PartCounter('0', 5): ${r.string}`);
  assert(r.keptHuge === 'k must be between 0 and 4294967295, not 100000000000000000000', `kept(1e20): ${r.keptHuge}`);
  assert(r.keptString === 'k must be a number, not string', `kept('0'): ${r.keptString}`);
  assert(/^cell must be between 0 and 4294967295, not -1$/.test(r.cellNegative), `cell_links(-1, 0): ${r.cellNegative}`);
  assert(/^cell must be a whole number/.test(r.cellFraction), `cell_links(0.5, 0): ${r.cellFraction}`);
  assert(/^header must be a whole number/.test(r.itemFraction), `item_cells(1.5): ${r.itemFraction}`);
  assert(/^header must be between 0 and 4294967295, not -3$/.test(r.itemNegative), `item_cells(-3): ${r.itemNegative}`);
  assert(r.manyParts === 'no error', `PartCounter(0, 2**32 - 1): ${r.manyParts}`);
  assert(r.done && r.nodes > 0, `part 0 of 2^32 - 1 counted: ${JSON.stringify(r)}`);
  assert(r.steps === 5, `the Session steps on: ${r.steps}`);
});

test('hostile: a text past the instance budget is refused at once and the Session goes on', async ({ page, base }) => {
  await open(page, base);
  const r = await page.evaluate(() => {
    const s = new window.dlx.model.wasm.Session();
    s.load('queens', '6');
    const t0 = performance.now();
    let message = '';
    // 20 M '1's, a header-less row: 23 s and 3.8 GB for 40 M, then `unreachable`, before.
    try { s.load('exact-cover', '1'.repeat(20e6)); } catch (e) { message = String(e.message); }
    const ms = performance.now() - t0;
    const title = s.info().title;
    const steps = s.step(3);
    s.load('queens', '8');
    return { message, ms, title, steps, after: s.info().title };
  });
  assert(r.message.includes('a row of 20000000 entries, so 20000000 columns: more than 4,194,304 items'), r.message);
  assert(r.ms < 15000, `refusing took ${r.ms} ms`);
  assert(r.title === '6-queens' && r.steps === 3 && r.after === '8-queens', JSON.stringify(r));
});

test('hostile: a Session that traps is replaced, the problem before reloaded, and the page says so', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 6);
  await page.waitForFunction(() => window.dlx.model.info.title === '6-queens');
  // A real trap needs wasm memory to run out (the budget now refuses such texts first): the
  // Session's load is made to trap as it did, `unreachable`, leaving it unusable.
  await page.evaluate(() => {
    const m = window.dlx.model;
    window.trapped = m.session;
    m.session.load_as = () => { throw new WebAssembly.RuntimeError('unreachable'); };
  });
  await loadVia(page, 'queens', 9);
  await settle(page);
  const r = await page.evaluate(() => ({
    replaced: window.dlx.model.session !== window.trapped,
    title: window.dlx.model.info.title,
    error: document.getElementById('input-error')?.textContent || '',
  }));
  const status = await text(page, 'status');
  assert(r.replaced, 'the Session was not replaced');
  assert(r.title === '6-queens', `the problem before is loaded again: ${r.title}`);
  assert(/ran out of memory.*restarted with the problem loaded before/.test(status), `status: ${status}`);
  assert(/ran out of memory/.test(r.error), `input error: ${r.error} (status ${status}, ${JSON.stringify(r)})`);
  // The new Session searches: steps move the counters, and the next load works.
  await press(page, 'step');
  await press(page, 'step');
  assert(await num(page, 'nodes') >= 1, 'no node after two steps on the new Session');
  await loadVia(page, 'queens', 7);
  await page.waitForFunction(() => window.dlx.model.info.title === '7-queens');
  assert(!(await page.isVisible('#input-error')), 'the error stays after a good load');
});
