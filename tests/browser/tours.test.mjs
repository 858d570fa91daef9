// The guided tours: each stop's state on the live links, Back exact, leaving restores the controls.

import { assert, tid, settle, open, modelState, test, report } from './harness.mjs';

/** What the search shows now, in the terms of a tour stop's `expect` (www/tools/tours.js). */
async function tourMoment(page) {
  await settle(page);
  return page.evaluate(async () => {
    const { EV, LIMITS } = await import('/www/engine/engine.js');
    const m = window.dlx.model;
    const v = m.views();
    const info = m.info;
    const st = m.stats();
    const covered = [];
    for (let i = 0; i < info.n_items; i++) if (v.lens[i + 1] & LIMITS.covered) covered.push(info.items[i]);
    const e = m.lastEvent();
    const b = m.branchingItem();
    return {
      position: m.position, event: e && !e.undone ? Object.keys(EV).find((k) => EV[k] === e.code) : null,
      item: b ? info.items[b - 1] : '', level: st.level, covered, leaf: m.leaf, board: m.board().text,
      solutions: Number(st.solutions), done: st.done, epoch: window.dlx.app.state.epoch,
      where: document.querySelector('[data-testid="tour-where"]').textContent,
      text: document.querySelector('[data-testid="tour-text"]').textContent,
    };
  });
}

/** The stop's `expect` against the moment; returns what differs. */
function tourMismatch(expect, m) {
  const bad = [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (expect.event !== undefined && m.event !== expect.event) bad.push(`event ${m.event}, want ${expect.event}`);
  if (expect.item !== undefined && m.item !== expect.item) bad.push(`item ${m.item}, want ${expect.item}`);
  if (expect.level !== undefined && m.level !== expect.level) bad.push(`level ${m.level}, want ${expect.level}`);
  if (expect.covered !== undefined && !same([...m.covered].sort(), [...expect.covered].sort())) bad.push(`covered ${m.covered}, want ${expect.covered}`);
  if (expect.coveredCount !== undefined && m.covered.length !== expect.coveredCount) bad.push(`${m.covered.length} covered, want ${expect.coveredCount}`);
  if (expect.leaf !== undefined && m.leaf !== expect.leaf) bad.push(`leaf ${m.leaf}, want ${expect.leaf}`);
  if (expect.board !== undefined && m.board !== expect.board) bad.push(`board ${JSON.stringify(m.board)}, want ${JSON.stringify(expect.board)}`);
  if (expect.solutions !== undefined && m.solutions !== expect.solutions) bad.push(`solutions ${m.solutions}, want ${expect.solutions}`);
  if (expect.done !== undefined && m.done !== expect.done) bad.push(`done ${m.done}, want ${expect.done}`);
  return bad;
}

test('teach: each guided tour\'s stops show their state; Back returns to identical link arrays; leaving restores the controls', async ({ page, base }) => {
  await open(page, base);
  const tours = await page.evaluate(async () => (await import('/www/tools/tours.js')).TOURS);
  assert(tours.length === 4, `${tours.length} tours`);
  for (const t of tours) {
    await page.click(tid(`tour-${t.id}`));
    await page.waitForFunction((text) => window.dlx.model.problem && window.dlx.model.problem.text === text && window.dlx.app.tours.active, t.problem.text);
    assert(await page.evaluate(() => document.body.classList.contains('touring') && document.getElementById('controls').inert), 'the controls are not resting during the tour');
    const states = [];
    let epoch = null;
    for (let i = 0; i < t.stops.length; i++) {
      const stop = t.stops[i];
      if (i > 0) {
        // Next by button and by the keyboard, alternately.
        if (i % 2) await page.click(tid('tour-next')); else await page.keyboard.press('ArrowRight');
      }
      await page.waitForFunction((at) => window.dlx.model.position === at, stop.at);
      const m = await tourMoment(page);
      const bad = tourMismatch(stop.expect, m);
      assert(bad.length === 0, `${t.id}, stop ${i + 1} "${stop.title}": ${bad.join('; ')}`);
      assert(m.where === `stop ${i + 1} of ${t.stops.length}` && m.text.startsWith(stop.text), `${t.id} stop ${i + 1} shows "${m.where}": ${m.text}`);
      // Stops are reached by stepping the one search: no reload, no reset, no solving again.
      if (epoch === null) epoch = m.epoch;
      assert(m.epoch === epoch, `${t.id}: the search was restarted on the way to stop ${i + 1}`);
      states.push(await modelState(page));
    }
    assert(await page.isDisabled(tid('tour-next')), 'Next is not disabled at the last stop');
    // Back, stop by stop, to the very same link arrays, counters and board.
    for (let i = t.stops.length - 2; i >= 0; i--) {
      if (i % 2) await page.click(tid('tour-back')); else await page.keyboard.press('ArrowLeft');
      await page.waitForFunction((at) => window.dlx.model.position === at, t.stops[i].at);
      assert(JSON.stringify(await modelState(page)) === JSON.stringify(states[i]), `${t.id}: Back to stop ${i + 1} differs from the way forward`);
    }
    // Leave: the controls are back and act on the search again.
    await page.click(tid('tour-leave'));
    await page.waitForFunction(() => !window.dlx.app.tours.active);
    const after = await page.evaluate(() => ({
      inert: document.getElementById('controls').inert || document.querySelector('.problem-panel').inert,
      touring: document.body.classList.contains('touring'),
      starts: [...document.querySelectorAll('.tour-start')].filter((b) => b.offsetParent).length,
      tour: !document.querySelector('[data-testid="learn"]').hidden,
    }));
    assert(!after.inert && !after.touring && after.starts === 4 && !after.tour, `after leaving: ${JSON.stringify(after)}`);
    await page.click(tid('step'));
    await page.waitForFunction(() => window.dlx.model.position === 1);
    report.push(`tour ${t.id}: ${t.stops.length} stops checked on the links, back to identical arrays`);
  }
  // Loading another problem ends a tour (its stops describe its own problem).
  await page.click(tid('tour-knuth-6x7'));
  await page.waitForFunction(() => window.dlx.app.tours.active);
  await page.evaluate(() => window.dlx.app.load({ kind: 'queens', text: '5', distinct: false }));
  await page.waitForFunction(() => !window.dlx.app.tours.active && !document.body.classList.contains('touring'));
}, { slow: true });

test('teach: the line the algorithm panel marks is brought into sight in the side column when the panel is (at 1400x900 the tour\'s hide line was cut off at the bottom), and the column stays put when it is not', async ({ page, base }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page, base);
  // Where the marked line is in what the column shows: below its sticky tabs, above its bottom.
  const seen = () => page.evaluate(() => {
    const side = document.querySelector('.side').getBoundingClientRect();
    const tabs = document.querySelector('.side-tabs').getBoundingClientRect();
    const li = document.querySelector('#algorithm li[aria-current="step"]');
    const r = li ? li.getBoundingClientRect() : null;
    return { line: li ? li.dataset.line : '', top: r ? r.top - Math.max(side.top, tabs.bottom) : NaN, bottom: r ? side.bottom - r.bottom : NaN, scroll: document.querySelector('.side').scrollTop };
  });
  await page.click(tid('tour-knuth-6x7'));
  let checked = 0;
  for (let i = 1; i < 8; i++) {
    await page.click(tid('tour-next'));
    await settle(page);
    const s = await seen();
    if (!s.line) continue;
    assert(s.top >= 0 && s.bottom >= 0, `stop ${i + 1}: the marked line ${s.line} is out of sight (${s.top.toFixed(0)} px from the top, ${s.bottom.toFixed(0)} px from the bottom)`);
    checked++;
  }
  assert(checked >= 5, `only ${checked} stops marked a line`);
  // The column scrolled to its end (the panel above the view, out of sight): a step leaves it there.
  await page.click(tid('tour-leave'));
  await page.evaluate(() => { const s = document.querySelector('.side'); s.scrollTop = s.scrollHeight; });
  const out = await page.evaluate(() => {
    const side = document.querySelector('.side').getBoundingClientRect(), p = document.getElementById('algorithm').getBoundingClientRect();
    return p.bottom <= side.top || p.top >= side.bottom;
  });
  if (out) {
    const before = await seen();
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert((await seen()).scroll === before.scroll, 'the side column moved to a panel out of sight');
  }
  // The column scrolled down to Statistics and the tree, the pseudocode's last lines peeking in at
  // its top: a step (from the start, a Choose: a line near the list's top) leaves the column where
  // the reader put it (it pulled it up 260 px).
  await page.click(tid('reset'));
  await page.evaluate(() => {
    const s = document.querySelector('.side'), list = document.getElementById('algorithm');
    const tabs = document.querySelector('.side-tabs').getBoundingClientRect().bottom;
    s.scrollTop += list.getBoundingClientRect().bottom - 170 - tabs;
  });
  await settle(page);
  const peek = await seen();
  await page.keyboard.press('ArrowRight');
  await settle(page);
  const after = await seen();
  assert(after.line === 'choose', `the step marked ${after.line}`);
  assert(after.scroll === peek.scroll, `a step moved the column from ${peek.scroll} to ${after.scroll} with the pseudocode peeking in`);
  report.push(`algorithm panel at 1400x900: the marked line in sight at ${checked} tour stops${out ? '; the column kept its place with the panel out of sight' : ''} and with it peeking in`);
});

test('teach: the Level shown moves only with an event that enters or leaves a level (it read 1 at level 0\'s last hide, while the algorithm panel still marked that hide)', async ({ page, base }) => {
  await open(page, base, '?exact-cover=' + encodeURIComponent('A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n'));
  const { EV } = await page.evaluate(() => ({ EV: window.dlx.EV }));
  const name = (code) => Object.keys(EV).find((k) => EV[k] === code);
  let shown = Number(await page.textContent(tid('level')));
  let moves = 0;
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('ArrowRight');
    await settle(page);
    const e = await page.evaluate(() => window.dlx.model.lastEvent());
    const now = Number(await page.textContent(tid('level')));
    if (now !== shown) {
      const ev = name(e.code);
      assert(['Choose', 'Solution', 'DeadEnd', 'Backtrack'].includes(ev), `event ${i + 1} (${ev}) moved the Level from ${shown} to ${now}`);
      // Entering: the level of the event itself.
      if (ev !== 'Backtrack') assert(now === e.level, `${ev} at level ${e.level} shows Level ${now}`);
      moves++;
    }
    shown = now;
  }
  assert(moves >= 4, `the Level moved ${moves} times in 60 events`);
  report.push(`Level shown on Knuth's 6x7 matrix: ${moves} moves in 60 events, each at a Choose, a leaf or a Backtrack`);
});

test('teach: a tour stop reached by ◀ Back shows what it showed going forward: its event narrated and its line marked (it showed "Undo: …" of the event after it); on a phone Leave tour keeps the page where it is', async ({ page, base, browser }) => {
  await open(page, base);
  const moment = () => page.evaluate(() => ({
    narration: document.querySelector('[data-testid="narration"]').textContent,
    line: document.querySelector('#algorithm li[aria-current="step"]')?.dataset.line ?? '',
    where: document.querySelector('[data-testid="tour-where"]').textContent,
    links: JSON.stringify(Array.from(window.dlx.model.views().nodes)),
  }));
  await page.click(tid('tour-knuth-6x7'));
  const forward = [];
  for (let i = 0; ; i++) {
    await settle(page);
    forward.push(await moment());
    if (await page.isDisabled(tid('tour-next'))) break;
    await page.click(tid('tour-next'));
  }
  assert(forward.length >= 10, `${forward.length} stops`);
  for (let i = forward.length - 2; i >= 0; i--) {
    await page.click(tid('tour-back'));
    await settle(page);
    const m = await moment();
    // The first stop is the start, where no event is left to narrate: Back says what it undid.
    for (const k of i === 0 ? ['where', 'links'] : ['where', 'narration', 'line', 'links']) {
      assert(m[k] === forward[i][k], `stop ${i + 1} by Back: ${k} ${k === 'links' ? 'differ' : `"${m[k]}", going forward "${forward[i][k]}"`}`);
    }
  }
  // A phone: Leave tour gives the focus back to the tour's button without scrolling the page to it.
  const phone = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  await open(phone, base);
  await phone.tap(tid('tour-sudoku-4'));
  await phone.waitForFunction(() => window.dlx.app.tours.active);
  await phone.tap(tid('tour-next'));
  await settle(phone);
  const before = await phone.evaluate(() => window.scrollY);
  await phone.tap(tid('tour-leave'));
  await settle(phone);
  const after = await phone.evaluate(() => window.scrollY);
  assert(Math.abs(after - before) < 200, `Leave tour scrolled the phone's page from ${before} to ${after} px`);
  await phone.close();
  report.push(`tour by Back: ${forward.length} stops as going forward; phone Leave tour: scrollY ${before} -> ${after}`);
});
