// The search tree view: labelled nodes, clicks that reach a node, folded chains, DLX1 and lookahead.

import { EASY_SUDOKU, assert, tid, settle, text, open, loadVia, modelState, test, report, cli, download, hunt, setSpeed } from './harness.mjs';

/**
 * Steps choice by choice and records, just after each Try, the node's path key, the label its option
 * should have, and copies of the link arrays (the state clicking that node must reach).
 */
async function recordTries(page, choices) {
  return page.evaluate((choices) => {
    const m = window.dlx.model;
    const out = [];
    for (let i = 0; i < choices && m.stepToChoice(); i++) {
      const st = m.stats();
      const ks = [];
      for (const p of m.path) { if (!p.k) break; ks.push(p.k); }
      // Just after a Try: the search stands at the level of the option tried (a solution is one deeper).
      if (ks.length === m.path.length && st.level === ks.length - 1 && m.trying()) {
        const v = m.views();
        out.push({
          key: ks.join('.'), label: m.labels[m.optionOf(m.trying())],
          links: JSON.stringify([Array.from(v.nodes), Array.from(v.items), Array.from(v.lens)]),
        });
      }
    }
    window.dlx.app.state.dirty = true;
    return out;
  }, choices);
}

/** Brings a node's row into sight (opening the chain of forced levels it is in) and returns its label. */
async function treeRow(page, key) {
  const locator = page.locator(`#tree-view [data-key="${key}"] .label`);
  // The tree follows the search: on the first frame after the search moved it scrolls the current
  // row into sight, which can undo a scroll made before that frame (seen on a loaded CI machine, the
  // row never drawn). Draw first, then scroll, and try again until the row is there.
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.evaluate((key) => {
      const t = window.dlx.app.tree;
      t.dirty = true;
      t.draw();
      for (let n = 0; n < 50 && !t.rows.some((r) => r.key === key); n++) {
        const chain = t.rows.find((r) => r.chain && !r.open && `${r.key}.`.startsWith(`${key}.`) && `${key}.`.startsWith(`${r.chain}.`));
        if (!chain) break;
        t.toggle(chain);
        t.draw();
      }
      const i = t.rows.findIndex((r) => r.key === key);
      t.box.scrollTop = Math.max(0, i * t._rowPx() - 20);
      t.dirty = true;
      t.draw();
    }, key);
    await settle(page);
    if (await locator.count() > 0) break;
  }
  return locator;
}

test('tree: nodes are named by their options; a click on a node reaches the state stepped to, also after a jump', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 6);
  const tries = await recordTries(page, 60);
  assert(tries.length > 20, `only ${tries.length} tries recorded`);
  await settle(page);
  // Every node of the tree is named by the option of its Try, in the puzzle's words (chains of forced
  // levels opened, so that each node has its own row).
  const rows = await page.evaluate(() => {
    const t = window.dlx.app.tree;
    for (let i = 0; i < 50; i++) {
      t.draw();
      const r = t.rows.find((x) => x.chain && !x.open);
      if (!r) break;
      t.toggle(r);
    }
    t.draw();
    return t.rows.map((r) => ({ key: r.key, label: r.label, chain: !!r.chain && !r.open }));
  });
  let checked = 0;
  for (const t of tries) {
    const r = rows.find((x) => x.key === t.key);
    if (!r || r.chain) continue;
    assert(r.label === t.label, `node ${t.key}: label ${r.label}, its option is ${t.label}`);
    assert(/^Q r\dc\d$/.test(r.label), `node ${t.key}: label ${r.label} is not a queen's square`);
    checked++;
  }
  assert(checked > 15, `only ${checked} labels checked`);
  // The DOM shows the same names.
  const shown = await page.$$eval('#tree-view .tree-row', (els) => els.map((el) => [el.dataset.key, el.querySelector('.label').textContent]));
  for (const [key, label] of shown) {
    const t = tries.find((x) => x.key === key);
    if (t && !rows.find((x) => x.key === key).chain) assert(label === t.label, `row ${key} shows ${label}, not ${t.label}`);
  }
  // A click on an earlier node goes back to the state just after its Try, exactly (the tree then shows
  // what was explored up to there), again and again.
  const nodesOf = async () => page.evaluate(() => { const v = window.dlx.model.views(); return JSON.stringify([Array.from(v.nodes), Array.from(v.items), Array.from(v.lens)]); });
  for (const t of [tries[tries.length - 2], tries[3], tries[1]]) {
    const before = await page.evaluate(() => window.dlx.model.position);
    const row = await treeRow(page, t.key);
    await row.click();
    await page.waitForFunction((b) => window.dlx.model.position !== b, before, { timeout: 5000 }).catch(async () => {
      throw new Error(`a click on node ${t.key} moved nothing: ${await page.evaluate((k) => JSON.stringify([window.dlx.model.tree.get(k), window.dlx.model.position, window.dlx.model.horizon, window.dlx.model.timelineGen]), t.key)}`);
    });
    assert((await nodesOf()) === t.links, `after a click on node ${t.key} the link arrays differ from the state stepped to`);
    const key = await page.evaluate(() => { const ks = []; for (const p of window.dlx.model.path) { if (!p.k) break; ks.push(p.k); } return ks.join('.'); });
    assert(key === t.key, `a click on node ${t.key} reached ${key}`);
  }
  // Hover says the counts.
  const row = await treeRow(page, tries[0].key);
  await row.hover();
  await settle(page);
  const said = await text(page, 'tree-hover');
  assert(/[\d,]+ nodes? and [\d,]+ solutions? below it/.test(said) && said.startsWith(tries[0].label), `hover: ${said}`);
  // Its level as the narration says the Try's ("Try … at level 0"), not the node's below it.
  const depth = tries[0].key.split('.').length - 1;
  assert(said.includes(` at level ${depth}:`), `hover of node ${tries[0].key}: ${said}`);
  // After a jump (next solution) a node from before it is reached by stepping back choice by choice.
  await page.evaluate(() => { window.dlx.model.reset(); window.dlx.app.state.dirty = true; });
  const again = await recordTries(page, 8);
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(window.dlx.model.stats().solutions) >= 1);
  const target = again[again.length - 1];
  await (await treeRow(page, target.key)).click();
  await page.waitForFunction((k) => { const ks = []; for (const p of window.dlx.model.path) { if (!p.k) break; ks.push(p.k); } return ks.join('.') === k; }, target.key);
  assert((await nodesOf()) === target.links, `after a jump, a click on node ${target.key} differs from the state stepped to`);
});

test('tree: a chain of forced levels is one row, opened and closed by its toggle and the keyboard', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', EASY_SUDOKU);
  await page.evaluate(() => { for (let i = 0; i < 30; i++) window.dlx.model.stepToChoice(); window.dlx.app.state.dirty = true; });
  await settle(page);
  const info = () => page.evaluate(() => {
    const t = window.dlx.app.tree;
    t.draw();
    const i = t.rows.findIndex((r) => r.chain && !r.open);
    const r = t.rows[i];
    return { count: t.rows.length, i, chain: i >= 0 ? { key: r.key, first: r.chain, forced: r.forced, k: r.k, d: r.d, from: r.from, level: r.level, says: t.describe(r) } : null, labels: t.rows.map((x) => x.label) };
  });
  const closed = await info();
  assert(closed.chain && closed.chain.forced >= 2, `no collapsed forced chain on an easy Sudoku: ${JSON.stringify(closed)}`);
  assert(closed.labels.slice(1).every((l) => /^r\dc\d=\d( → (… → )?r\dc\d=\d)*$/.test(l) || /not tried|not remembered/.test(l)), `labels: ${closed.labels.join(' | ')}`);
  await treeRow(page, closed.chain.key);
  await page.click(`#tree-view [data-key="${closed.chain.key}"] .twisty`);
  await settle(page);
  const open1 = await page.evaluate(() => window.dlx.app.tree.rows.length);
  assert(open1 === closed.count + closed.chain.forced, `opening a chain of ${closed.chain.forced} forced levels went from ${closed.count} to ${open1} rows`);
  // Collapsed, the row said its first node's option k of d (it said 1/1 for option 3 of 3), and its
  // words the levels from the first node to the last.
  const head = await page.evaluate((first) => { const r = window.dlx.app.tree.rows.find((x) => x.key === first); return { k: r.k, d: r.d, level: r.level }; }, closed.chain.first);
  const c = closed.chain;
  assert(c.k === head.k && c.d === head.d && c.from === head.level && c.level === head.level + c.forced, `the chain row ${JSON.stringify(c)} against its first node ${JSON.stringify(head)}`);
  assert(c.says.includes(`option ${c.k} of ${c.d}`) && c.says.includes(`at level ${c.from - 1}, then ${c.forced} forced levels (1 of 1 each) to level ${c.level - 1}`), `the chain row says: ${c.says}`);
  // Keyboard: focus the tree, the cursor on the chain's first row, Left closes it (the page does not step).
  const nodes = await page.evaluate(() => window.dlx.model.stats().nodes);
  await page.evaluate((first) => { const t = window.dlx.app.tree; t.box.focus(); t._moveCursor(t.rows.findIndex((r) => r.key === first)); }, closed.chain.first);
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  assert((await page.evaluate(() => window.dlx.app.tree.rows.length)) === closed.count, 'Left did not close the chain');
  assert((await page.evaluate(() => window.dlx.model.stats().nodes)) === nodes, 'an arrow in the tree stepped the search');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert((await page.evaluate(() => window.dlx.app.tree.rows.length)) === open1, 'Right did not open the chain');
});

/** Steps the page's search to the end in calls of `chunk` events; returns the Reject events taken. */
async function stepToEnd(page, chunk = 50000) {
  return page.evaluate((n) => {
    const m = window.dlx.model;
    let rejects = 0;
    while (!m.stats().done) {
      if (!m.step(n)) break;
      const ev = m.views().events;
      const w = window.dlx.LIMITS.eventWords;
      for (let i = 0; i < ev.length; i += w) if (ev[i] === window.dlx.EV.Reject && !ev[i + w - 1]) rejects++;
    }
    return rejects;
  }, chunk);
}

test('tree: the control switches DLX1 and the lookahead, restarts at the start keeping the problem; counts match the CLI', async ({ page, base, errors }) => {
  await open(page, base, '?queens=8');
  const native = (tree) => JSON.parse(cli(['count', 'queens', '8', '--json', '--threads', '1', '--tree', tree]));
  const [dlx1, look] = [native('dlx1'), native('lookahead')];
  assert(dlx1.nodes === 1049 && look.nodes === 857 && dlx1.solutions === 92 && look.solutions === 92 && look.tree === 'lookahead',
    `the CLI: DLX1 ${dlx1.nodes} nodes, lookahead ${look.nodes}`);
  // DLX1 is the default; the choice is offered from Rust's search_trees().
  assert(await page.evaluate(() => window.dlx.model.treeName === 'dlx1' && window.dlx.model.treeChoice === 'dlx1'), 'the default tree is not DLX1');
  assert((await page.$eval(tid('tree-choice'), (el) => [...el.options].map((o) => o.value).join())) === 'dlx1,lookahead', 'the tree options');
  assert(/DLX1/.test(await page.textContent('#stats-source')), `statistics say: ${await page.textContent('#stats-source')}`);
  assert((await stepToEnd(page)) === 0, 'DLX1 rejected an option');
  let st = await page.evaluate(() => window.dlx.model.stats());
  assert(st.solutions === 92 && st.nodes === dlx1.nodes && st.updates === dlx1.updates, `DLX1 stepped to the end: ${JSON.stringify(st)}`);
  // Switching restarts the search at the start; the problem and the form's text stay.
  await page.fill(tid('size'), '9'); // typed, not loaded: the switch must not lose it
  const epoch = await page.evaluate(() => window.dlx.app.state.epoch);
  await page.selectOption(tid('tree-choice'), 'lookahead');
  await page.waitForFunction((e) => window.dlx.app.state.epoch !== e && window.dlx.model.treeName === 'lookahead', epoch);
  st = await page.evaluate(() => window.dlx.model.stats());
  assert(st.at_start && st.nodes === 0 && await page.evaluate(() => window.dlx.model.problem.text === '8'), `after the switch: ${JSON.stringify(st)}`);
  assert((await page.inputValue(tid('size'))) === '9', 'the switch lost the text typed');
  await page.fill(tid('size'), '8');
  await page.waitForFunction(() => /[?&]tree=lookahead/.test(location.search));
  // The statistics' heading is drawn at the next frame after the switch (a loaded machine's frame
  // came after the URL's update).
  await page.waitForFunction(() => /lookahead/.test(document.getElementById('stats-source')?.textContent ?? ''), null, { timeout: 5000 })
    .catch(async () => { throw new Error(`the statistics do not say the lookahead tree: ${await page.textContent('#stats-source')}`); });
  // Stepping to the end: 92 solutions and exactly the CLI's nodes and updates; DLX1's nodes are the
  // lookahead's plus one dead end per reject (under MRV).
  const rejects = await stepToEnd(page);
  st = await page.evaluate(() => window.dlx.model.stats());
  assert(st.solutions === 92 && st.nodes === look.nodes && st.updates === look.updates, `lookahead stepped to the end: ${JSON.stringify(st)} vs ${JSON.stringify(look)}`);
  assert(rejects === dlx1.nodes - look.nodes, `${rejects} rejects, DLX1 - lookahead = ${dlx1.nodes - look.nodes}`);
  // The explored tree reads right: one rejected leaf per reject, entered nodes = the engine's nodes.
  const tree = await page.evaluate(() => { const t = [...window.dlx.model.tree.values()]; return { all: t.length, rej: t.filter((n) => n.rej).length, entered: t.filter((n) => n.rej && n.n).length, root: window.dlx.model.tree.get('').n }; });
  assert(tree.rej === rejects && tree.entered === 0 && tree.root === look.nodes && tree.all - tree.rej === look.nodes,
    `the explored tree: ${JSON.stringify(tree)}`);
  // The URL keeps the tree: a reload walks the lookahead again; a link without it walks DLX1.
  await page.reload();
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  assert(await page.evaluate(() => window.dlx.model.treeName === 'lookahead'), 'a reload lost the tree');
  assert((await page.inputValue(tid('tree-choice'))) === 'lookahead', 'the control after a reload');
  await open(page, base, '?queens=8');
  assert(await page.evaluate(() => window.dlx.model.treeName === 'dlx1'), 'a link without a tree does not walk DLX1');
  assert(errors.length === 0, `console errors: ${errors.join('; ')}`);
  report.push(`tree: 8-queens stepped to the end: DLX1 ${st.nodes + rejects} nodes, lookahead ${st.nodes} nodes (= dlx count --tree lookahead), ${rejects} rejects, 92 solutions each`);
});

test('tree: a reject is narrated, marked in the algorithm panel, the tree and the matrix; stepping back over it is exact; the step log is dlx trace --tree lookahead', async ({ page, base }) => {
  await open(page, base, '?queens=8&tree=lookahead');
  assert(await page.evaluate(() => window.dlx.model.treeName === 'lookahead'), 'the link did not choose the lookahead');
  // To the first reject, one event at a time, keeping the state 5 events before it.
  const at = await page.evaluate(() => {
    const m = window.dlx.model;
    for (let i = 1; i < 5000; i++) {
      m.step(1);
      const e = m.lastEvent();
      if (e && e.code === window.dlx.EV.Reject) return i;
    }
    return -1;
  });
  assert(at > 5, `no reject in the first 5000 events (${at})`);
  await page.evaluate(() => { window.dlx.app.state.dirty = true; });
  await settle(page);
  const said = await text(page, 'narration');
  assert(/^Lookahead: option .* would leave item \S+ with no option/.test(said), `narration at the reject: ${said}`);
  assert(await page.$eval('#algorithm [data-line="reject"]', (li) => !li.hidden && li.getAttribute('aria-current') === 'step'), 'the algorithm panel does not mark the reject line');
  const emptied = await page.evaluate(() => [window.dlx.app.matrix.frame.emptied, window.dlx.model.lastEvent().item]);
  assert(emptied[0] > 0 && emptied[0] === emptied[1], `the matrix does not mark the emptied item: ${emptied}`);
  const rejected = await page.evaluate(() => [...window.dlx.model.tree.entries()].filter(([, t]) => t.rej).map(([k]) => k));
  assert(rejected.length === 1, `rejected nodes in the explored tree: ${rejected}`);
  const row = await treeRow(page, rejected[0]);
  const cls = await row.evaluate((el) => [el.parentElement.className, el.parentElement.textContent]);
  // (Its dot is ●, the search stands there; a rejected leaf passed by shows ⊘.)
  assert(/\brejected\b/.test(cls[0]) && /rejected$/.test(cls[1]), `the rejected row: ${cls}`);
  // The step log to here is dlx trace --tree lookahead, byte for byte.
  const { text: log } = await download(page, 'download-log');
  assert(log === cli(['trace', 'queens', '8', '--tree', 'lookahead', '--events', String(at)]), `the log at the reject differs from dlx trace --tree lookahead:\n${log.slice(-400)}`);
  assert(JSON.parse(log.trim().split('\n').pop()).kind === 'reject', 'the last line is not the reject');
  // Back over the reject and the undo after it: identical link arrays and counters.
  await page.evaluate((n) => window.dlx.model.stepBack(n), 5);
  const before = await modelState(page);
  await page.evaluate(() => window.dlx.model.step(12));
  await page.evaluate(() => { for (let i = 0; i < 12; i++) window.dlx.model.stepBack(1); });
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(before), 'stepping back over a reject did not restore the state exactly');
  await page.evaluate(() => window.dlx.model.step(5));
  assert(await page.evaluate(() => window.dlx.model.leaf === 'rejected'), 'stepping forward again does not stand at the reject');
  // Next choice stops at a reject as at a dead end; previous choice mirrors it.
  await page.evaluate(() => window.dlx.model.stepBack(3));
  await page.click(tid('step-choice'));
  await page.waitForFunction(() => window.dlx.model.lastEvent()?.code === window.dlx.EV.Reject);
  report.push(`tree: first reject of 8-queens under the lookahead at event ${at}: narrated, marked, stepped back exactly; step log = dlx trace --tree lookahead`);
});

test('tree: the run to the end walks the tree chosen (10-queens, 2 workers = the CLI\'s lookahead count); tours walk DLX1', async ({ page, base }) => {
  await open(page, base, '?queens=10&tree=lookahead');
  const native = JSON.parse(cli(['count', 'queens', '10', '--json', '--threads', '1', '--tree', 'lookahead']));
  await page.evaluate(() => { window.dlx.app.runs.workers = 2; window.__before = window.dlx.app.runs.state; });
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => window.dlx.app.runs.state !== window.__before && window.dlx.app.runs.state.phase === 'done', null, { timeout: 120000 });
  const run = await page.evaluate(() => window.dlx.app.runs.state);
  assert(run.tree === 'lookahead' && run.stats.solutions === 724 && run.stats.nodes === native.nodes && run.stats.updates === native.updates,
    `the workers counted ${JSON.stringify(run.stats)} on the ${run.tree} tree; the CLI ${native.nodes} nodes, ${native.updates} updates`);
  await page.waitForFunction(() => document.getElementById('run-box').dataset.tree === 'lookahead');
  assert((await page.textContent(tid('run-tree'))) === 'lookahead tree', `the run box's tree: ${await page.textContent(tid('run-tree'))}`);
  // A tour follows Knuth's steps: it walks DLX1 whatever was chosen, and the control is inert meanwhile.
  await page.click(tid('tour-latin-2'));
  await page.waitForFunction(() => window.dlx.app.tours.active && window.dlx.model.treeName === 'dlx1');
  assert(await page.$eval(tid('tree-choice'), (el) => el.closest('[inert]') !== null && el.value === 'dlx1'), 'the tree control is not inert on DLX1 during a tour');
  await page.click(tid('tour-leave'));
  report.push(`tree: 10-queens run to the end on 2 workers under the lookahead: ${run.stats.nodes} nodes, ${run.stats.updates} updates (= dlx count --tree lookahead)`);
});

test('tree: after Next solution jumps, the marks and names agree with a tree built by playing: passed-over subtrees finished and named by their options, the first solution\'s path ✓', async ({ page, base }) => {
  // The tree built from every event: play to the second solution, pausing at each.
  const marks = () => page.evaluate(() => {
    const t = window.dlx.app.tree;
    return Object.fromEntries([...window.dlx.model.explored.map].filter(([k]) => k !== '').map(([k, n]) => [k, t.mark(n)]));
  });
  // Each node's option's name (null where not known: a passed-over node was "option 2" before).
  const names = () => page.evaluate(() => {
    const L = window.dlx.model.labels;
    return Object.fromEntries([...window.dlx.model.explored.map].filter(([k]) => k !== '').map(([k, n]) => [k, n.opt >= 0 ? L[n.opt] : null]));
  });
  await open(page, base, '?queens=8');
  await page.evaluate(() => { const m = window.dlx.model; m.pauseAtSolution = true; });
  await setSpeed(page, 100);
  for (const k of [1, 2]) {
    await page.click(tid('play'));
    await page.waitForFunction((k) => !window.dlx.model.playing && Number(window.dlx.model.stats().solutions) === k, k, { timeout: 30000 });
  }
  const played = await marks();
  const playedNames = await names();
  // The same by two jumps (Next solution's fast path reports no events).
  await open(page, base, '?queens=8');
  const path1 = [];
  for (const k of [1, 2]) {
    await hunt(page);
    assert(Number(await page.evaluate(() => window.dlx.model.stats().solutions)) === k, `hunt ${k}`);
    if (k === 1) path1.push(...await page.evaluate(() => window.dlx.model.path.filter((l) => l.k).map((l) => l.k)));
  }
  await settle(page);
  const jumped = await marks();
  const jumpedNames = await names();
  const unnamed = Object.keys(jumpedNames).filter((k) => jumpedNames[k] === null);
  assert(unnamed.length === 0, `nodes the jumps passed over without a name: ${unnamed.join(', ')}`);
  const misnamed = Object.keys(jumpedNames).filter((k) => k in playedNames && jumpedNames[k] !== playedNames[k]);
  assert(misnamed.length === 0, `names after the jumps against play: ${misnamed.map((k) => `${k}: ${jumpedNames[k]} (play ${playedNames[k]})`).join(', ')}`);
  const compared = Object.keys(jumpedNames).filter((k) => k in playedNames).length;
  assert(compared > 10, `only ${compared} names compared`);
  // The first solution's path: a solution inside each node, finished where the search has left it.
  for (let l = 1; l <= path1.length; l++) {
    const key = path1.slice(0, l).join('.');
    assert(jumped[key] === '✓' || jumped[key] === undefined, `solution 1's node ${key} is marked ${jumped[key]}`);
  }
  // Every node both trees hold: no ✗ where playing found a solution, no ✓ where it found none, and
  // nothing left "being explored" that playing finished.
  const wrong = Object.keys(jumped).filter((k) => played[k] && (
    (jumped[k] === '✗' && played[k] === '✓') || (jumped[k] === '✓' && played[k] === '✗') || (jumped[k] === '○' && played[k] !== '○')));
  assert(wrong.length === 0, `marks after the jumps against play: ${wrong.map((k) => `${k}: ${jumped[k]} (play ${played[k]})`).join(', ')}`);
  report.push(`tree after two jumps on 8-queens: ${Object.keys(jumped).length} nodes, marks ${[...new Set(Object.values(jumped))].join(' ')}, ${compared} names as played`);
});

test('tree: on a touch screen the first tap on a row shows its counts and the second goes there (one tap to read them moved the search)', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, '?queens=6');
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) === 1);
  await settle(page);
  const box = page.locator('#tree-view');
  await box.scrollIntoViewIfNeeded();
  const row = page.locator('#tree-view .tree-rows > div').first();
  const before = await page.evaluate(() => window.dlx.model.position);
  await row.tap();
  await settle(page);
  const said = (await page.textContent(tid('tree-hover'))).trim();
  assert(/Tap it again to go there\.$/.test(said), `a first tap said: ${said}`);
  assert(await page.evaluate((p) => window.dlx.model.position === p && Number(document.querySelector('[data-testid="solutions"]').textContent) === 1, before), 'a first tap moved the search');
  await row.tap();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) === 0);
  await context.close();
});

/**
 * What the remembered tree must keep (explored.js): every key a path of k from 1; every node off the
 * search's path finished, every node on it but the deepest not (the deepest may have just finished:
 * its Backtrack comes before the next Try). Returns the first nodes that break it, with the path.
 * @param {import('playwright-core').Page} page
 */
const treeBroken = (page) => page.evaluate(() => {
  const w = /** @type {any} */ (window);
  w.treeBroken ??= () => {
    const m = w.dlx.model;
    const here = m.path.filter((l) => l.k).map((l) => l.k);
    const onPath = new Set(here.map((_, l) => here.slice(0, l + 1).join('.')));
    const last = here.join('.');
    const bad = [...m.explored.map].filter(([k, n]) => k !== '' && (!/^[1-9][0-9]*(\.[1-9][0-9]*)*$/.test(k)
      || (onPath.has(k) ? n.done && k !== last : !n.done)));
    return { path: last, off: m.explored.map.size - onPath.size - 1, bad: bad.slice(0, 4).map(([k, n]) => `${k} (${n.done ? 'finished' : 'being explored'})`) };
  };
  return w.treeBroken();
});

test('tree: play at full speed and long steps back and forth (most over the events a call keeps) leave every node off the path finished and the keys whole', async ({ page, base }) => {
  // Before: a call over LIMITS.eventCap events replayed its kept tail on the path of its start, so
  // nodes landed under the wrong parents and stayed "being explored" for good (pentomino, full
  // speed: 8 such after 2 M events); stepping back from a search's end or over a node the tree did
  // not hold made keys with empty levels ("6....2", 10-queens).
  await open(page, base, '?pentomino=6x10');
  await page.uncheck(tid('pause-at-solution'));
  await setSpeed(page, 100);
  await page.click(tid('play'));
  await page.waitForFunction(() => window.dlx.model.eventsPlayed > 2e6, null, { timeout: 30000 });
  await page.click(tid('play'));
  await settle(page);
  const played = await treeBroken(page);
  assert(played.off > 100, `only ${played.off} nodes off the path`);
  assert(played.bad.length === 0, `after full-speed play, at ${played.path}: ${played.bad.join(', ')}`);
  const walks = [];
  for (const [problem, seed] of [['pentomino=6x10', 7], ['queens=10', 5], ['langford=9', 9]]) {
    await open(page, base, `?${problem}`);
    await treeBroken(page);
    // 300 calls: a third short (kept whole), a third long forward, a third long back; searches that
    // end are stepped past their end and back into them.
    const walk = await page.evaluate((seed) => {
      const m = window.dlx.model;
      let x = seed;
      const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
      let over = 0;
      for (let i = 0; i < 300; i++) {
        const r = rnd();
        const n = r < 0.34 ? Math.floor(rnd() * 3000) + 1 : Math.floor(rnd() * 150000) + 1;
        if (n > 65536) over++;
        if (r < 0.67) m.step(n); else m.stepBack(n);
        const seen = /** @type {any} */ (window).treeBroken();
        if (seen.bad.length) return { over, played: m.eventsPlayed, broken: `call ${i + 1} (${r < 0.67 ? '' : '-'}${n}), at ${seen.path}: ${seen.bad.join(', ')}` };
      }
      return { over, played: m.eventsPlayed, broken: '' };
    }, seed);
    assert(!walk.broken, `${problem}, random calls: ${walk.broken}`);
    const seen = await treeBroken(page);
    walks.push(`${problem} ${walk.played.toLocaleString('en-US')} events (${walk.over} calls over the cap), ${seen.off} nodes off the path`);
  }
  report.push(`tree whole after full-speed play on pentomino 6x10 (${played.off} nodes off the path, all finished) and random steps: ${walks.join('; ')}`);
});
