// The keyboard: play, next solution, and keys acting on the search after a preset or a load.

import { assert, checkQueens, tid, text, num, open, loadVia, settle, test } from './harness.mjs';

test('keyboard: space plays and pauses, n finds the next solution', async ({ page, base }) => {
  await open(page, base, '?queens=5');
  await page.focus('body');
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => window.dlx.model.playing), 'space did not play');
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => !window.dlx.model.playing), 'space did not pause');
  await page.keyboard.press('n');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1);
  checkQueens(await text(page, 'board-text'), 5);
  await page.click(tid('reset'));
  assert((await num(page, 'nodes')) === 0 && (await num(page, 'solutions')) === 0, 'reset did not go back to the start');
});

test('keys after a preset and after Load act on the search, not on the select or the form', async ({ page, base }) => {
  await open(page, base);
  await page.fill(tid('matrix-input'), 'A B\nA\nB');
  // A preset picked from the list: focus moves to Play, so the arrows step the search.
  await page.focus('#preset');
  await page.selectOption('#preset', 'queens-8');
  assert(await page.evaluate(() => document.activeElement.id === 'play'), `focus after the preset is on ${await page.evaluate(() => document.activeElement.id)}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert(await page.evaluate(() => window.dlx.model.info.title.startsWith('8')), 'the arrows loaded another preset');
  assert(await page.evaluate(() => window.dlx.model.eventsPlayed === 2), `two arrows took ${await page.evaluate(() => window.dlx.model.eventsPlayed)} events`);
  assert((await page.inputValue('#preset')) === 'queens-8', `the preset list changed: ${await page.inputValue('#preset')}`);
  // Load, then Space plays (it does not reload), and Escape stops.
  await loadVia(page, 'queens', 6);
  assert(await page.evaluate(() => document.activeElement.id === 'play'), 'focus after Load is not on Play');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => window.dlx.model.playing), 'Space after Load did not play');
  await page.waitForTimeout(300);
  assert((await num(page, 'nodes')) > 0 || await page.evaluate(() => window.dlx.model.eventsPlayed > 1), 'Space reloaded the problem');
  await page.keyboard.press('Escape');
  assert(await page.evaluate(() => !window.dlx.model.playing), 'Escape did not stop play');
  // After a click on Step, Space plays instead of pressing Step again; c and n work from a button too.
  await page.click(tid('step'));
  const before = await page.evaluate(() => window.dlx.model.eventsPlayed);
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => window.dlx.model.playing), 'Space on the Step button did not play');
  await page.keyboard.press('Space');
  await page.keyboard.press('n');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1);
  assert(await page.evaluate((b) => window.dlx.model.eventsPlayed >= b, before), 'events went backwards');
  // Escape stops a hunt and a run too.
  await loadVia(page, 'pentomino', '6x10');
  await page.click(tid('run-to-end'));
  await page.keyboard.press('Escape');
  // The harness's own timeout, not 5 s: a fresh-clone CI run with the machine loaded took longer
  // to start the workers and hear the Escape.
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'cancelled');
  // The text typed for exact cover survived all of this: each kind keeps its own.
  await page.selectOption(tid('problem'), 'exact-cover');
  assert((await page.inputValue(tid('matrix-input'))) === 'A B\nA\nB', `exact-cover text: ${await page.inputValue(tid('matrix-input'))}`);
});

test('keyboard: on the Sudoku board Space still plays, clearing an empty cell changes nothing, and a slider or checkbox keeps only its own keys', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1');
  for (let k = 0; k < 5; k++) await page.click(tid('step'));
  const events = () => page.evaluate(() => window.dlx.model.eventsPlayed);
  assert((await events()) === 5, `5 steps took ${await events()} events`);
  // The board has the keys (the arrow moves its cursor to r1c2, an empty cell), then the page's keys.
  await page.click('#board-canvas');
  await page.keyboard.press('ArrowRight');
  assert((await events()) === 5, 'an arrow on the board stepped the search');
  for (const key of ['Backspace', 'Delete', '.', '0']) {
    await page.keyboard.press(key);
    assert((await events()) === 5, `${key} on an empty cell reset the search (${await events()} events)`);
  }
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => window.dlx.model.playing), 'Space on the board did not play');
  await page.waitForFunction(() => window.dlx.model.eventsPlayed > 5);
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => !window.dlx.model.playing), 'Space on the board did not pause');
  assert((await events()) > 5, 'play on the board went back to the start');
  // After the speed slider or a checkbox, c and n are the page's again (the slider keeps its arrows).
  const before = await events();
  await page.click('#speed');
  await page.keyboard.press('c');
  assert((await events()) > before, 'c after the speed slider did not step to the next choice');
  const speed = await page.inputValue('#speed');
  await page.keyboard.press('ArrowRight');
  assert((await page.inputValue('#speed')) !== speed, 'the slider lost its arrows');
  const box = page.locator('input[type=checkbox]:visible').first();
  await box.click();
  const checked = await box.isChecked();
  await page.keyboard.press('Space');
  assert((await box.isChecked()) !== checked && await page.evaluate(() => !window.dlx.model.playing), 'Space on a checkbox did not toggle it, or played');
  await page.keyboard.press('n');
  await page.waitForFunction(() => Number(window.dlx.model.stats().solutions) >= 1, null, { timeout: 60000 });
});

test('keyboard: a control disabled or hidden under the focus hands it on (never to the page body); arrows on the closed preset list browse it', async ({ page, base }) => {
  const focused = () => page.evaluate(() => document.activeElement && (document.activeElement.id || document.activeElement.tagName));
  const waitFocus = (id) => page.waitForFunction((i) => document.activeElement && document.activeElement.id === i, id, { timeout: 3000 })
    .catch(async () => { throw new Error(`focus is on ${await focused()}, not ${id}`); });
  // The welcome's "Watch the links dance" by Enter: the card goes, the focus is on Play (Space pauses).
  await page.goto(`${base}/`);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  await page.focus(tid('welcome-play'));
  await page.keyboard.press('Enter');
  await waitFocus('play');
  await page.keyboard.press('Space');
  assert(await page.evaluate(() => !window.dlx.model.playing), 'Space after Watch did not pause');
  // Back by Enter until the start disables it: the focus goes to Step.
  await page.click(tid('reset'));
  await page.click(tid('step'));
  await page.click(tid('step'));
  await page.focus(tid('step-back'));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await waitFocus('step');
  // Run to end by Enter: while it runs, Cancel has the focus; when it is done, Close does, and Close
  // hands the focus back to Run to end.
  await open(page, base, '?queens=8');
  await page.focus(tid('run-to-end'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done', null, { timeout: 30000 });
  await waitFocus('run-cancel');
  assert(/Close/.test(await page.textContent('#run-cancel')), `the run box's button says ${await page.textContent('#run-cancel')}`);
  await page.keyboard.press('Enter');
  await waitFocus('run-to-end');
  // The presets by arrows on the closed list: each arrow loads the next one, the focus stays.
  await page.selectOption('#preset', 'knuth-6x7');
  const first = await page.inputValue('#preset');
  await page.focus('#preset');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const after = await page.inputValue('#preset');
  const order = await page.$$eval('#preset option', (os) => os.map((o) => o.value).filter(Boolean));
  assert(order.indexOf(after) === order.indexOf(first) + 2, `two arrows from ${first} gave ${after}`);
  assert((await focused()) === 'preset', `the focus left the list: ${await focused()}`);
  // The list names the preset loaded (it goes back to "Preset…" where the problem is not one).
  await page.waitForTimeout(100);
  assert((await page.inputValue('#preset')) === after, `the preset ${after} did not load`);
});

test('keyboard: another kind chosen (not loaded yet) marks the top bar\'s Edit too, not only the side column', async ({ page, base }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await open(page, base, '?queens=6');
  const edit = () => page.evaluate(() => {
    const b = document.querySelector('[data-testid="open-problem"]');
    return { stale: b.classList.contains('stale'), label: b.getAttribute('aria-label'), title: b.title };
  });
  assert(!(await edit()).stale, 'Edit marked with the form loaded');
  await page.focus(tid('problem'));
  await page.keyboard.press('ArrowDown');
  const e = await edit();
  assert(e.stale && e.label === 'Edit (not loaded)' && /^Not loaded/.test(e.title), `Edit after another kind: ${JSON.stringify(e)}`);
  // The search shown is still the queens'.
  assert(await page.evaluate(() => window.dlx.model.info.title.startsWith('6')), 'the kind loaded by itself');
  // Load (in the side column, a closed drawer at this width) loads the kind chosen.
  await page.evaluate(() => document.querySelector('[data-testid="load"]').click());
  assert(!(await edit()).stale, 'Edit still marked after Load');
});

test('keyboard: the kept solutions\' arrows hand the focus to each other at either end (not to Play, whose Enter then played), and a tour\'s Next at its last stop to Leave tour', async ({ page, base }) => {
  const focused = () => page.evaluate(() => document.activeElement && (document.activeElement.id || document.activeElement.tagName));
  const waitFocus = (id) => page.waitForFunction((i) => document.activeElement && document.activeElement.id === i, id, { timeout: 3000 })
    .catch(async () => { throw new Error(`focus is on ${await focused()}, not ${id}`); });
  await open(page, base, '?queens=8');
  for (let i = 1; i <= 3; i++) {
    await page.click(tid('next-solution'));
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="solutions"]').textContent) === n, i);
  }
  await page.focus(tid('solution-prev'));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await waitFocus('solution-next');
  await page.keyboard.press('Enter');
  assert(await page.evaluate(() => !window.dlx.model.playing), 'Enter after the first solution played the search');
  await page.keyboard.press('Enter');
  await waitFocus('solution-prev');
  // A tour by Enter to its end: Next is disabled there, the focus goes to Leave tour.
  await page.click(tid('tour-latin-2'));
  await waitFocus('tour-next');
  const stops = await page.evaluate(() => Number(/of (\d+)/.exec(document.querySelector('[data-testid="tour-where"]').textContent)[1]));
  for (let i = 1; i < stops; i++) await page.keyboard.press('Enter');
  assert(await page.isDisabled(tid('tour-next')), 'not at the tour\'s last stop');
  await waitFocus('tour-leave');
});

test('keyboard: Space on a tour\'s own button presses it (on ◀ Back it went to the next stop, on Leave tour it stayed in the tour); elsewhere it is the next stop', async ({ page, base }) => {
  await open(page, base);
  const where = () => page.evaluate(() => document.querySelector('[data-testid="tour-where"]').textContent);
  const stop = async () => Number(/stop (\d+) of/.exec(await where())[1]);
  await page.click(tid('tour-knuth-6x7'));
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'tour-next');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => /stop 3 of/.test(document.querySelector('[data-testid="tour-where"]').textContent));
  await page.focus(tid('tour-back'));
  await page.keyboard.press(' ');
  await settle(page);
  assert(await stop() === 2, `Space on ◀ Back at stop 3: ${await where()}`);
  // On Next it is the next stop, once (the button's own activation on keyup is kept from a second).
  await page.focus(tid('tour-next'));
  await page.keyboard.press(' ');
  await settle(page);
  assert(await stop() === 3, `Space on Next ▶ at stop 2: ${await where()}`);
  await page.focus(tid('tour-leave'));
  await page.keyboard.press(' ');
  await settle(page);
  assert(await page.evaluate(() => !window.dlx.app.tours.active), `Space on Leave tour: still in it, ${await where()}`);
});

test('keyboard: a maximised panel keeps Tab within it and the transport bar, which stays in reach (Tab walked eleven controls hidden under the panel; Play was out of the mouse\'s reach)', async ({ page, base }) => {
  await open(page, base, '?queens=8');
  await page.click('button.maximise[data-panel="matrix"]');
  const visits = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    visits.push(await page.evaluate(() => {
      const a = document.activeElement;
      if (!a || a === document.body) return { id: 'body', ok: true };
      const inside = !!a.closest('#panel-matrix') || !!a.closest('#transport');
      // What has the focus is on top: the element at its centre is it or inside it.
      const r = a.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { id: a.id || a.getAttribute('data-testid') || a.tagName, ok: inside && !!top && (a === top || a.contains(top)) };
    }));
  }
  const bad = visits.filter((v) => !v.ok).map((v) => v.id);
  assert(bad.length === 0, `Tab reached controls hidden under the maximised matrix: ${[...new Set(bad)].join(', ')}`);
  assert(visits.some((v) => v.id === 'play'), 'Tab never reached Play');
  // The mouse reaches Play and Step; Escape restores, and the page is live again.
  await page.click(tid('step'));
  await page.click(tid('step'));
  assert(await page.evaluate(() => window.dlx.model.position === 2), 'Step under a maximised panel did not step');
  await page.keyboard.press('Escape');
  assert(await page.evaluate(() => !document.querySelector('.panel.maximised') && !document.querySelector('[inert]:not(#controls)')), 'the page stayed inert after Restore');
  await page.click(tid('load'));
});
