// Links: the problem in the URL, short or packed, and Back to the problem before.

import { HARD_SUDOKU, assert, tid, text, open, loadVia, test, report } from './harness.mjs';

test('links: ?queens=6 opens 6-queens, and loading writes the problem into the URL', async ({ page, base }) => {
  await open(page, base, '?queens=6');
  assert(await page.evaluate(() => window.dlx.model.problem.kind === 'queens' && window.dlx.model.info.title.startsWith('6')), 'not 6-queens');
  assert((await page.inputValue(tid('size'))) === '6', 'N field is not 6');
  assert((await page.inputValue(tid('problem'))) === 'queens', 'picker is not N-queens');
  assert((await text(page, 'board-text')) === Array(6).fill('......').join('\n'), 'board text is not an empty 6x6');
  await loadVia(page, 'latin', 3);
  assert(new URL(page.url()).searchParams.get('latin') === '3', `URL after loading a Latin square: ${page.url()}`);
  await loadVia(page, 'sudoku', HARD_SUDOKU);
  const url = page.url();
  assert(new URL(url).searchParams.get('sudoku') === HARD_SUDOKU, `URL after loading a Sudoku: ${url}`);
  await page.goto(url);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  assert((await text(page, 'board-text')) === HARD_SUDOKU, 'the Sudoku link does not open the same puzzle');
  for (const q of ['?toroidal-queens=5', '?langford=4', '?pentomino=8x8', `?exact-cover=${encodeURIComponent('A B C\nA B\nC\nA\nB C')}`]) {
    await open(page, base, q);
    const kind = q.slice(1, q.indexOf('='));
    assert(await page.evaluate((k) => window.dlx.model.problem.kind === k, kind), `${q} did not open`);
    assert(!/error/i.test(await text(page, 'status')), `${q}: ${await text(page, 'status')}`);
  }
});

test('links: a large instance gives a short compressed URL, a huge one a clear note; Back returns to the previous problem', async ({ page, base }) => {
  await open(page, base, '?queens=8');
  await loadVia(page, 'latin', 3);
  await page.waitForFunction(() => location.search.includes('latin'));
  // A 9x9 Sudoku's whole matrix in Knuth's format: ~16 KB of text.
  const lines = [];
  const items = [];
  for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) items.push(`p${i}${j}`);
  for (const u of ['r', 'c', 'b']) for (let i = 0; i < 9; i++) for (let v = 1; v <= 9; v++) items.push(`${u}${i}${v}`);
  lines.push(items.join(' '));
  for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) for (let v = 1; v <= 9; v++) {
    lines.push(`p${i}${j} r${i}${v} c${j}${v} b${3 * Math.floor(i / 3) + Math.floor(j / 3)}${v}`);
  }
  const big = lines.join('\n');
  await loadVia(page, 'exact-cover', big);
  await page.waitForFunction(() => location.search.includes('exact-cover'));
  const url = page.url();
  report.push(`link of a ${big.length}-character instance: ${url.length} characters`);
  assert(url.length < 8000, `the link is ${url.length} characters`);
  // The link opens the same instance in a new tab (no history there: the URL alone).
  const tab = await page.context().newPage();
  await tab.goto(url);
  await tab.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
  assert(await tab.evaluate((t) => window.dlx.model.problem.text === t, big), 'the compressed link does not open the same instance');
  assert(await tab.evaluate(() => window.dlx.model.info.n_options === 729), 'not 729 options');
  await tab.close();
  // Incompressible: random names, ~95 KB.
  const rnd = () => Math.random().toString(36).slice(2, 10);
  const names = Array.from({ length: 10000 }, rnd);
  const huge = `${names.join(' ')}\n${names.slice(0, 500).join(' ')}`;
  await loadVia(page, 'exact-cover', huge);
  await page.waitForFunction(() => /too large for a link/i.test(document.querySelector('[data-testid="status"]').textContent));
  assert(page.url().length < 200, `the URL of a too-large problem is ${page.url().length} characters`);
  await page.click('#copy-link');
  assert(/no link/i.test(await text(page, 'status')), `Copy link on a too-large problem: ${await text(page, 'status')}`);
  // Back: the problems before, in order.
  await page.goBack();
  await page.waitForFunction(() => window.dlx.model.info.n_options === 729);
  await page.goBack();
  await page.waitForFunction(() => window.dlx.model.problem.kind === 'latin');
  await page.goBack();
  await page.waitForFunction(() => window.dlx.model.problem.kind === 'queens');
  assert((await page.inputValue(tid('size'))) === '8', 'Back to 8-queens: N field is not 8');
  await page.goForward();
  await page.waitForFunction(() => window.dlx.model.problem.kind === 'latin');
});

test('links: Copy link is a link to the puzzle in the box (loaded first), and none for one that does not load', async ({ page, base }) => {
  await open(page, base);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await loadVia(page, 'sudoku', HARD_SUDOKU);
  // Another puzzle typed over it, not loaded: the link copied is the new one's (it was the old one's).
  const other = `9${HARD_SUDOKU.slice(1)}`; // a 9 in its empty r1c1 (no 9 in row 1, column 1 or box 1)
  await page.fill(tid('puzzle'), other);
  await page.click('#copy-link');
  await page.waitForFunction(() => /Link copied/.test(document.querySelector('[data-testid="status"]').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert(new URL(copied).searchParams.get('sudoku') === other, `Copy link copied ${copied}`);
  assert((await text(page, 'board-text')) === other, 'the board is not the puzzle linked');
  // 80 cells: no link, and the status says why.
  await page.fill(tid('puzzle'), other.slice(0, 80));
  await page.click('#copy-link');
  assert(/^No link: the problem in the form does not load/.test(await text(page, 'status')), `Copy link on 80 cells: ${await text(page, 'status')}`);
});

test('links: what a link holds that the page does not read is said, not dropped without a word', async ({ page, base }) => {
  await open(page, base, '?nonsense=1');
  let status = (await text(page, 'status')).trim();
  assert(/^The link's `nonsense` is not read here: it names no problem, so this is /.test(status), `?nonsense=1: ${status}`);
  await open(page, base, '?queens=8&tree=bogus');
  status = (await text(page, 'status')).trim();
  assert(await page.evaluate(() => window.dlx.model.info.title.includes('8')), 'the link\'s problem did not load');
  assert(/^The link's tree `bogus` is none of [a-z0-9, ]+, so DLX1's is walked\.$/.test(status), `tree=bogus: ${status}`);
  // A link with only what the page reads says nothing of the kind.
  await open(page, base, '?queens=8&tree=lookahead');
  assert(!/not read here/.test(await text(page, 'status')), 'a good link was said to hold something unread');
});

test('the problem\'s title and the matrix caption, cut to fit, are whole in their titles; the kept solutions say "2 solutions found" (they said "2 kept")', async ({ page, base }) => {
  await open(page, base, '?pentomino=6x10');
  assert(await page.$eval('#title', (e) => e.title !== '' && e.title === e.textContent), 'the problem title has no title');
  assert(await page.$eval('#matrix-caption', (e) => e.title !== '' && e.title === e.textContent), 'the matrix caption has no title');
  await open(page, base, '?queens=6');
  for (let i = 1; i <= 2; i++) {
    await page.click(tid('next-solution'));
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="solutions"]').textContent) === n, i);
  }
  for (let i = 0; i < 5; i++) await page.click(tid('step'));
  await page.waitForFunction(() => !/^solution/.test(document.getElementById('solution-pos').textContent), null, { timeout: 5000 });
  const pos = (await page.textContent('#solution-pos')).trim();
  assert(/^2 solutions found/.test(pos), `the list: ${pos}`);
});
