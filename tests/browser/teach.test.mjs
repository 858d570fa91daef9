// Teaching: the algorithm panel's line, previous choice, the timeline, play's pauses, progress.

import { HARD_SUDOKU, assert, tid, settle, text, open, loadVia, setSpeed, modelState, test, report, algorithmLine } from './harness.mjs';

test('teach: the algorithm panel marks the line of each event, forward and backward', async ({ page, base }) => {
  await open(page, base);
  // The first screen says what the app shows and what to press.
  const intro = await text(page, 'intro');
  assert(/Algorithm X/.test(intro) && /Step/.test(intro) && /Play/.test(intro), `intro: ${intro}`);
  assert((await algorithmLine(page)).count === 0, 'a line is marked before any step');
  // Knuth's 6x7 matrix: choose A, cover A (and hide its two options), try A D G, cover D …
  const want = [
    ['choose', ''], ['sub-cover', 'cover-i'], ['sub-hide', 'cover-i'], ['sub-hide', 'cover-i'],
    ['try', ''], ['sub-cover', 'cover-j'], ['sub-hide', 'cover-j'],
  ];
  const seen = [];
  for (const [line, caller] of want) {
    await page.click(tid('step'));
    const a = await algorithmLine(page);
    assert(a.count === 1, `${a.count} lines marked`);
    assert(a.line === line && a.caller === caller, `after step ${seen.length + 1}: ${a.line} (caller ${a.caller}), want ${line} (${caller})`);
    seen.push(a.line);
  }
  // Back: each undone event marks its own line again, the last first.
  for (let i = want.length - 1; i >= 1; i--) {
    await page.click(tid('step-back'));
    const a = await algorithmLine(page);
    assert(a.line === want[i][0], `after undoing step ${i + 1}: ${a.line}, want ${want[i][0]}`);
  }
  // A dead end and a solution have their own lines.
  await page.evaluate(() => { const m = window.dlx.model; while (m.lastEvent()?.code !== 1) m.step(1); window.dlx.app.state.dirty = true; });
  assert((await algorithmLine(page)).line === 'dead', 'a dead end does not mark its line');
  await page.evaluate(() => { const m = window.dlx.model; while (m.lastEvent()?.code !== 5) m.step(1); window.dlx.app.state.dirty = true; });
  assert((await algorithmLine(page)).line === 'solution', 'a solution does not mark its line');
  // Every statistic and the progress read-out explain themselves.
  const untitled = await page.evaluate(() => [...document.querySelectorAll('.stats dt, #progress-label')].filter((e) => !e.title).map((e) => e.textContent));
  assert(untitled.length === 0, `no tooltip on ${untitled}`);
});

test('teach: previous choice undoes exactly one choice', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 6);
  const states = [await modelState(page)];
  for (let i = 0; i < 6; i++) {
    await page.click(tid('step-choice'));
    states.push(await modelState(page));
  }
  // From right after choice 6 back to right after choice 5, 4, …: the very same states as on the way.
  for (let i = 5; i >= 1; i--) {
    await page.click(tid('step-back-choice'));
    const s = await modelState(page);
    assert(JSON.stringify(s) === JSON.stringify(states[i]), `previous choice from choice ${i + 1} is not the state after choice ${i}`);
  }
  // From the middle of a cover, previous choice goes back to the choice just made.
  await page.click(tid('step-choice'));
  const afterChoice = await modelState(page);
  await page.click(tid('step'));
  await page.click(tid('step'));
  await page.click(tid('step-back-choice'));
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(afterChoice), 'previous choice from inside a cover did not return to the choice');
  // Back to the first choice, then to the start (no choice before the first).
  await page.click(tid('step-back-choice'));
  await page.click(tid('step-back-choice'));
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(states[0]), 'previous choice does not end at the start');
  assert(await page.isDisabled(tid('step-back-choice')), 'previous choice is not disabled at the start');
});

test('teach: the timeline seeks both ways and returns to identical link arrays', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 6);
  const start = await modelState(page);
  await page.evaluate(() => { window.dlx.model.step(300); window.dlx.app.state.dirty = true; });
  const at300 = await modelState(page);
  await page.evaluate(() => { window.dlx.model.step(200); window.dlx.app.state.dirty = true; });
  const at500 = await modelState(page);
  const seek = (v) => page.$eval(tid('timeline'), (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, v);
  await settle(page);
  assert(Number(await page.$eval(tid('timeline'), (el) => el.max)) === 500, 'the timeline does not end at event 500');
  assert(Number(await page.$eval(tid('timeline'), (el) => el.value)) === 500, 'the timeline does not stand at event 500');
  await seek(300);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(at300), 'seeking back to 300 differs from the state at 300');
  await seek(0);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(start), 'seeking to 0 is not the start');
  await seek(500);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(at500), 'seeking forward to 500 differs from the state at 500');
  await seek(300);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(at300), 'seeking back again to 300 differs');
  assert(/300 \/ 500 events/.test(await page.textContent('#timeline-out')), `timeline label: ${await page.textContent('#timeline-out')}`);
  // Steps move it too, and nothing is kept per event: the history is two counters.
  await page.click(tid('step'));
  await settle(page);
  assert(Number(await page.$eval(tid('timeline'), (el) => el.value)) === 301, 'a step does not move the timeline');
});

/**
 * From the start of the loaded problem, steps one event at a time until `pred(lastEvent)` holds and
 * returns the events taken (an independent count: no play, no batches, no stepping back).
 */
async function eventsUntil(page, predSource) {
  return page.evaluate(async (src) => {
    const { EV } = await import('/www/engine/engine.js');
    const pred = new Function('e', 'EV', `return (${src});`);
    const m = window.dlx.model;
    m.reset();
    let n = 0;
    while (n < 1e6 && m.step(1) === 1) {
      n++;
      if (pred(m.lastEvent(), EV)) break;
    }
    window.dlx.app.state.dirty = true;
    return n;
  }, predSource);
}

/** Plays at full speed until play stops by itself for `why`; returns the position and the state. */
async function playUntilStopped(page, why) {
  await setSpeed(page, 100);
  await page.click(tid('play'));
  await page.waitForFunction((w) => window.dlx.model.stoppedAt === w && !window.dlx.model.playing, why, { timeout: 30000 });
  const at = await page.evaluate(async () => {
    const { EV } = await import('/www/engine/engine.js');
    const m = window.dlx.model;
    const e = m.lastEvent();
    return { position: m.position, leaf: m.leaf, level: m.stats().level, event: e, name: Object.keys(EV).find((k) => EV[k] === e.code) };
  });
  return { at, state: await modelState(page) };
}

test('teach: play pauses exactly at the first dead end', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 8);
  await page.check(tid('pause-at-dead-end'));
  const { at, state } = await playUntilStopped(page, 'dead');
  assert(at.leaf === 'dead' && at.name === 'DeadEnd' && !at.event.undone, `stopped at ${JSON.stringify(at)}`);
  assert(/dead end/i.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  assert(/dead end/i.test(await text(page, 'narration')), `narration: ${await text(page, 'narration')}`);
  // The same point found one event at a time: the first DeadEnd event, and the same links.
  const n = await eventsUntil(page, 'e && e.code === EV.DeadEnd && !e.undone');
  assert(n === at.position, `play stopped after ${at.position} events, the first dead end is event ${n}`);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(state), 'the state at the first dead end differs from where play stopped');
  report.push(`8-queens: play at full speed paused at the first dead end, event ${n}`);
});

test('teach: play pauses exactly on first reaching level k, and again at the next node there', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'queens', 8);
  await page.uncheck(tid('pause-at-solution'));
  await page.check(tid('pause-at-level'));
  await page.fill(tid('pause-level'), '5');
  await page.dispatchEvent(tid('pause-level'), 'change');
  const { at, state } = await playUntilStopped(page, 'level');
  assert(at.level === 5 && at.event.level === 5 && ['Choose', 'DeadEnd', 'Solution'].includes(at.name) && !at.event.undone,
    `stopped at ${JSON.stringify(at)}`);
  assert(/level 5/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  // Play again: the next node entered at level 5, further on.
  const again = await playUntilStopped(page, 'level');
  assert(again.at.level === 5 && again.at.position > at.position, `second stop: ${JSON.stringify(again.at)}`);
  const n = await eventsUntil(page, 'e && !e.undone && e.level === 5 && [EV.Choose, EV.DeadEnd, EV.Solution].includes(e.code)');
  assert(n === at.position, `play stopped after ${at.position} events, level 5 is first entered at event ${n}`);
  assert(JSON.stringify(await modelState(page)) === JSON.stringify(state), 'the state on first reaching level 5 differs from where play stopped');
  report.push(`8-queens: play paused on first reaching level 5 at event ${n}, next at event ${again.at.position}`);
});

test('teach: progress says there is no estimate until a branch is finished, is never an exponent, and is labelled as Knuth\'s estimate', async ({ page, base }) => {
  await open(page, base);
  await loadVia(page, 'sudoku', HARD_SUDOKU);
  // From the start: it read "0%" there, then "no estimate yet" after a step, as if a figure was lost.
  assert((await page.textContent('#progress-value')).trim() === 'no estimate yet', `progress at the start: ${await page.textContent('#progress-value')}`);
  assert(/Knuth's estimate/.test(await page.textContent('#progress-label')), 'the progress is not labelled as Knuth\'s estimate');
  await page.click(tid('step'));
  assert((await page.textContent('#progress-value')).trim() === 'no estimate yet', 'progress changed its words after one step');
  // This Sudoku's first levels are forced (1 of 1): no branch is finished, and Knuth's estimate would
  // only guess half of the subtree. It read "50%" after 30 steps; it says there is no figure yet.
  await page.evaluate(() => { window.dlx.model.step(29); window.dlx.app.state.dirty = true; });
  await settle(page);
  const early = (await page.textContent('#progress-value')).trim();
  assert(early === 'no estimate yet', `progress on a forced path after 30 steps: ${early}`);
  await page.evaluate(() => { window.dlx.model.step(1470); window.dlx.app.state.dirty = true; });
  await settle(page);
  const v = (await page.textContent('#progress-value')).trim();
  assert(!/e/i.test(v) && /%$/.test(v) && v !== '0%', `progress read-out: ${v}`);
  report.push(`progress on a hard Sudoku after 1500 events: ${v}`);
});
