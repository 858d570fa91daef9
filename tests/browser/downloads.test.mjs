// Downloads: the step log, Knuth's format and the solutions, the same bytes as the CLI.

import fs from 'node:fs';
import { assert, checkQueens, tid, text, open, test, report, cli, download, hunt } from './harness.mjs';

// ------------------------------------------------------------------ downloads (issue 9's Export)

test('downloads: the step log is `dlx trace`\'s lines for the steps taken, after back and after a jump too', async ({ page, base }) => {
  await open(page, base);
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  const problem = await page.evaluate(() => window.dlx.model.problem.text);
  const check = async (events, how) => {
    const { name, text: log } = await download(page, 'download-log', { key: how === 'key' });
    assert(/\.jsonl$/.test(name), `file name ${name}`);
    const lines = log.split('\n').filter(Boolean);
    assert(lines.length === events, `${how}: ${lines.length} lines for ${events} events`);
    const parsed = lines.map((l) => JSON.parse(l));
    assert(parsed.every((e, i) => e.event === i + 1 && typeof e.kind === 'string' && typeof e.narration === 'string'), `${how}: events not numbered 1..${events}`);
    const want = cli(['trace', 'exact-cover', '-', '--events', String(events)], problem);
    assert(log === want, `${how}: the page's log differs from dlx trace --events ${events}:\n${log.slice(0, 400)}\nvs\n${want.slice(0, 400)}`);
    const st = await page.evaluate(() => window.dlx.model.stats());
    const last = parsed[parsed.length - 1];
    assert(!last || last.nodes === st.nodes && last.updates === st.updates && last.solutions === st.solutions,
      `${how}: the last line's counters ${JSON.stringify(last)} are not the page's ${JSON.stringify(st)}`);
    return parsed;
  };
  for (let i = 0; i < 15; i++) await page.click(tid('step'));
  const first = await check(15, 'click');
  assert(first.some((e) => e.kind === 'purify'), `no purification in the first 15 events: ${first.map((e) => e.kind).join(' ')}`);
  for (let i = 0; i < 4; i++) await page.click(tid('step-back'));
  await check(11, 'key');
  // A jump: its events were never seen by the page, yet the log reaches where the search stands.
  await hunt(page);
  assert(await page.evaluate(() => window.dlx.model.stats().solutions === 1), 'no solution found');
  const jumped = await page.evaluate(() => window.dlx.model.stepLog(1e6).events);
  const parsed = await check(jumped, 'jump');
  assert(parsed.some((e) => e.kind === 'purify') && parsed[parsed.length - 1].kind === 'solution',
    `the log to the solution: ${parsed.map((e) => e.kind).join(' ')}`);
  report.push(`downloads: step log = dlx trace at 15, 11 (back) and ${jumped} events (after Next solution)`);
});

test('downloads: the problem in Knuth\'s format loads back into the exact-cover box and counts the same', async ({ page, base }) => {
  await open(page, base);
  const counts = [];
  for (const preset of ['xcc-toy', 'sudoku-4', 'langford-4']) {
    const e0 = await page.evaluate(() => window.dlx.app.state.epoch);
    await page.selectOption('#preset', preset);
    await page.waitForFunction((e) => window.dlx.app.state.epoch > e, e0);
    const title = await page.evaluate(() => window.dlx.model.info.title);
    const { name, text: knuth } = await download(page, 'download-instance');
    assert(/\.dlx$/.test(name), `file name ${name}`);
    // The same text as `dlx export` of the same problem.
    const spec = await page.evaluate(() => window.dlx.model.problem);
    const stdin = spec.kind === 'exact-cover' || spec.kind === 'sudoku';
    const want = stdin ? cli(['export', spec.kind, '-'], spec.text) : cli(['export', spec.kind, spec.text]);
    assert(knuth === want, `${preset}: not what dlx export writes`);
    const count = async () => {
      for (let k = 0; k < 200 && !(await page.evaluate(() => window.dlx.model.stats().done)); k++) await hunt(page);
      return page.evaluate(() => window.dlx.model.stats().solutions);
    };
    const before = await count();
    await page.selectOption(tid('problem'), 'exact-cover');
    await page.fill(tid('matrix-input'), knuth);
    const epoch = await page.evaluate(() => window.dlx.app.state.epoch);
    await page.click(tid('load'));
    await page.waitForFunction((e) => window.dlx.app.state.epoch > e, epoch);
    assert(await page.evaluate(() => window.dlx.model.problem.kind === 'exact-cover'), `${preset}: the export did not load as exact cover`);
    const after = await count();
    assert(before === after && before > 0, `${title}: ${before} solutions, ${after} from its export`);
    counts.push(`${title} ${before}`);
  }
  report.push(`downloads: Knuth's format round-trips (${counts.join(', ')})`);
  // A form changed and not loaded: the download is of the form's problem, loaded first (it was the
  // problem loaded before); a form that does not load gets none.
  await page.selectOption(tid('problem'), 'queens');
  await page.fill(tid('size'), '5');
  const five = await download(page, 'download-instance');
  assert(five.text === cli(['export', 'queens', '5']) && await page.evaluate(() => window.dlx.model.info.title.startsWith('5')), 'the download is not of the form\'s 5-queens');
  await page.selectOption(tid('problem'), 'sudoku');
  await page.fill(tid('puzzle'), '.'.repeat(80));
  await page.click(tid('download-instance'));
  assert(/^No download: the problem in the form does not load/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
  // No step taken: no empty step log, a word instead.
  await page.click(tid('download-log'));
  assert(/^No step taken yet/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
});

test('downloads: the solutions are the boards found, as dlx solve prints them', async ({ page, base }) => {
  await open(page, base, '?queens=6');
  const none = await page.evaluate(() => window.dlx.model.keptCount());
  assert(none === 0, `${none} solutions kept at the start`);
  await page.click(tid('download-solutions'));
  assert(/No solution found yet/.test(await text(page, 'status')), `status with none found: ${await text(page, 'status')}`);
  const boards = [];
  for (let k = 0; k < 10 && !(await page.evaluate(() => window.dlx.model.stats().done)); k++) {
    await hunt(page);
    if (!(await page.evaluate(() => window.dlx.model.stats().done))) boards.push(await text(page, 'board-text'));
  }
  const { name, text: sols } = await download(page, 'download-solutions');
  assert(/solutions\.txt$/.test(name), `file name ${name}`);
  assert(sols === cli(['solve', 'queens', '6', '--limit', '0']), `not what dlx solve prints:\n${sols}`);
  const blocks = sols.trimEnd().split('\n\n');
  assert(blocks.length === 4, `${blocks.length} solutions of 6-queens, not 4`);
  blocks.forEach((b) => checkQueens(b, 6));
  assert(JSON.stringify(blocks) === JSON.stringify(boards), `the file's boards are not the boards shown:\n${boards.join('\n\n')}`);
  // A plain exact-cover problem prints its options, as the board lists them.
  await page.selectOption('#preset', 'xcc-toy');
  await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
  await hunt(page);
  const toy = (await download(page, 'download-solutions')).text;
  const problem = await page.evaluate(() => window.dlx.model.problem.text);
  assert(toy === cli(['solve', 'exact-cover', '-', '--limit', '0'], problem), `the toy's solution: ${toy}`);
  assert(toy.trim() === (await text(page, 'board-text')).trim(), `the toy's file ${JSON.stringify(toy)} is not the board ${JSON.stringify(await text(page, 'board-text'))}`);
  // After a run to the end, with none found by the search stepped here: the run's first solutions,
  // as dlx solve prints them (it said "No solution found yet" under "Done: 92 solutions").
  await open(page, base, '?queens=8');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done', null, { timeout: 60000 });
  const run = await download(page, 'download-solutions');
  assert(run.text === cli(['solve', 'queens', '8', '--limit', '92']), `the run's solutions are not dlx solve's:\n${run.text.slice(0, 200)}`);
  assert(/^Downloaded the run to the end's first 92 solutions/.test(await text(page, 'status')), `status: ${await text(page, 'status')}`);
});

test('downloads: on a phone (375 px) the three buttons have tooltips, 44 px targets, and a tap downloads', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, '?queens=5');
  const boxes = await page.$$eval('.downloads button', (bs) => bs.map((b) => {
    const r = b.getBoundingClientRect();
    return { id: b.id, title: b.title, label: b.textContent.trim(), w: r.width, h: r.height, left: r.left, right: r.right, tab: b.tabIndex };
  }));
  assert(boxes.length === 3, `${boxes.length} download buttons`);
  for (const b of boxes) {
    assert(b.title.length > 20 && b.label.length > 5 && b.tab >= 0, `${b.id}: label ${b.label}, title ${b.title}`);
    assert(b.h >= 44 && b.w >= 44 && b.left >= 0 && b.right <= 375, `${b.id} is ${b.w}x${b.h} at ${b.left}-${b.right}`);
  }
  const wait = page.waitForEvent('download');
  await page.tap(tid('download-instance'));
  const dl = await wait;
  const knuth = fs.readFileSync(await dl.path(), 'utf8');
  assert(knuth === cli(['export', 'queens', '5']), `the tapped download: ${knuth.slice(0, 200)}`);
  await context.close();
});
