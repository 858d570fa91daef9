// How the page looks: state colours apart in both modes, no spilling panels, the phone layout, and
// screenshots of every view.

import fs from 'node:fs';
import path from 'node:path';
import { SHOTS, HARD_SUDOKU, assert, tid, settle, open, loadVia, test, report } from './harness.mjs';

/** WCAG contrast ratio of two CSS colours as the browser computes them (rgb(...)). */
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, bl] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => v / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => p - q);
  return (y + 0.05) / (x + 0.05);
}

/** The pairs of states a person must tell apart by colour alone when shapes are too small to see. */
const STATE_PAIRS = [['primary', 'secondary'], ['branch', 'try'], ['sol', 'dead'], ['node', 'hidden'], ['try', 'chosen'],
  ['primary', 'covered'], ['explored', 'unexplored'], ['sol', 'unexplored'], ['try', 'node']];

test('colour: state pairs at least 3:1 apart in light and dark mode; every state has a shape in the legend', async ({ browser, base }) => {
  const lines = [];
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const page = await context.newPage();
    await open(page, base);
    // Computed styles: each --c-* variable resolved by the browser as a background colour.
    const colours = await page.evaluate((names) => Object.fromEntries(names.map((n) => {
      const el = document.createElement('div');
      el.style.background = `var(--c-${n})`;
      document.body.append(el);
      const c = getComputedStyle(el).backgroundColor;
      el.remove();
      return [n, c];
    })), [...new Set(STATE_PAIRS.flat())]);
    for (const [a, b] of STATE_PAIRS) {
      const r = contrast(colours[a], colours[b]);
      lines.push(`${scheme} ${a}/${b} ${r.toFixed(2)}`);
      assert(r >= 3, `${scheme}: ${a} ${colours[a]} vs ${b} ${colours[b]} is ${r.toFixed(2)}:1`);
    }
    // The legends name each state's shape as well as showing its colour.
    const plain = await page.$$eval('.matrix-panel .legend li, .tree-panel .legend li', (lis) => lis
      .filter((li) => li.querySelector('.sw') && !li.querySelector('.sw.line') && !/\(/.test(li.textContent)).map((li) => li.textContent));
    assert(plain.every((t) => /node in its list|explored \(skipped|not yet explored|has solutions/.test(t)), `legend entries with colour only: ${plain}`);
    // The colour states (XCC) have legend entries of their own, each a shape no other entry has; shown
    // for a problem with colours only.
    const legend = () => page.$$eval('#matrix-legend li', (lis) => lis.map((li) => ({
      xcc: li.hasAttribute('data-xcc'), hidden: li.hidden, text: li.textContent,
      shape: [...li.querySelector('.sw').classList].filter((k) => k !== 'sw').sort().join(' '),
    })));
    assert((await legend()).filter((e) => e.xcc).every((e) => e.hidden), 'colour entries shown for a problem without colours');
    await page.selectOption('#preset', 'xcc-toy');
    await page.waitForFunction(() => window.dlx.model.info.title.includes('colours'));
    const entries = await legend();
    const xcc = entries.filter((e) => e.xcc);
    assert(xcc.length === 4 && xcc.every((e) => !e.hidden), `colour legend entries: ${JSON.stringify(xcc)}`);
    for (const [state, re] of [['tint', /coloured item.*stripe/], ['purified', /purified to a colour.*rim/], ['cleansed', /cleansed node.*outlined/], ['purged', /purified away.*struck/]]) {
      const e = xcc.find((x) => re.test(x.text));
      assert(e, `no legend entry for the ${state} state`);
      assert(entries.filter((x) => x.shape === e.shape).length === 1, `the ${state} entry's shape (${e.shape}) is shared`);
    }
    await context.close();
  }
  report.push(`state contrast: ${lines.join(', ')}`);
});

test('layout: at 1280x800 no panel spills its parts under its border (a panel too short scrolls)', async ({ page, base }) => {
  for (const q of ['?queens=8', `?sudoku=${HARD_SUDOKU}`, '?pentomino=6x10']) {
    await open(page, base, q);
    for (let i = 0; i < 30; i++) await page.click(tid('step'));
    await settle(page);
    const spills = await page.evaluate(() => [...document.querySelectorAll('.panel')].filter((p) => p.offsetParent)
      .filter((p) => !/auto|scroll/.test(getComputedStyle(p).overflowY)).map((p) => {
        const bottom = p.getBoundingClientRect().bottom;
        const worst = Math.max(0, ...[...p.children].filter((c) => c.offsetParent)
          .map((c) => c.getBoundingClientRect().bottom - bottom));
        return [p.id || p.className, Math.round(worst)];
      }).filter(([, w]) => w > 1));
    // Before: the search tree's legend hung 45-56 px below its panel, its hover line squeezed to 0 px.
    assert(spills.length === 0, `${q}: parts below their panel's border: ${JSON.stringify(spills)}`);
    const hover = await page.evaluate(() => document.getElementById('tree-hover').getBoundingClientRect().height);
    assert(hover >= 10, `${q}: the tree's hover line is ${hover} px high`);
  }
});

test('phone at 375 px with touch: the control bar fixed at the bottom under the board, 44 px targets, no sideways scroll', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(over <= 0, `${over}px wider than the screen`);
  // No button squeezed narrower than its label (the board's "Maximise" was, its text running past
  // its border and off the screen) or placed past the screen's edge.
  const cut = await page.evaluate(() => [...document.querySelectorAll('button')].filter((el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || getComputedStyle(el).visibility === 'hidden') return false;
    return el.scrollWidth > el.clientWidth + 1 || r.left < 0 || r.right > window.innerWidth;
  }).map((el) => `${el.id || el.textContent.trim()} ${el.clientWidth}px for ${el.scrollWidth}px`));
  assert(cut.length === 0, `buttons cut off: ${cut.join(', ')}`);
  // The layout of issue 19: the board first, the bar fixed at the bottom (thumb reach) under it, both
  // on the first screen; scrolled, the bar stays where it is. (Before, the bar was sticky at the top.)
  const g = await page.evaluate(() => {
    const bar = document.getElementById('control-bar').getBoundingClientRect();
    const board = document.getElementById('board-canvas').getBoundingClientRect();
    const play = document.getElementById('play').getBoundingClientRect();
    return { barTop: bar.top, barBottom: bar.bottom, boardTop: board.top, boardBottom: board.bottom, playTop: play.top, playBottom: play.bottom, h: window.innerHeight };
  });
  report.push(`phone: control bar ${g.barTop.toFixed(0)}-${g.barBottom.toFixed(0)} px, board ${g.boardTop.toFixed(0)}-${g.boardBottom.toFixed(0)} px of ${g.h}`);
  assert(g.playTop >= g.barTop && g.playBottom <= g.barBottom && g.barBottom <= g.h && g.barBottom >= g.h - 80, `the control bar is not at the bottom of the screen: ${JSON.stringify(g)}`);
  assert(g.boardTop >= 0 && g.boardBottom - g.boardTop >= 200 && g.boardBottom <= g.barTop, `board and controls are not on screen together: ${JSON.stringify(g)}`);
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.waitForTimeout(100);
  const barAfter = await page.evaluate(() => document.getElementById('control-bar').getBoundingClientRect().bottom);
  assert(Math.abs(barAfter - g.barBottom) < 1, `the bar moved with the page: ${g.barBottom} -> ${barAfter}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  // The buttons in the bar work from there.
  await page.tap(tid('step'));
  assert(await page.evaluate(() => window.dlx.model.eventsPlayed === 1), 'Step in the bar did not step');
  // Targets: every visible control at least 44 px (a checkbox by its label).
  const small = await page.evaluate(() => [...document.querySelectorAll('button, select, input, textarea, summary')].filter((el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') return false;
    if (el.type === 'checkbox') {
      const l = document.querySelector(`label[for="${el.id}"]`).getBoundingClientRect();
      return l.height < 44;
    }
    return r.height < 44 || r.width < 44;
  }).map((el) => `${el.id || el.textContent.trim() || el.tagName} ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`));
  assert(small.length === 0, `targets under 44 px: ${small.join(', ')}`);
  // The status line in the bar shows the whole of a longer message, wrapped: nothing of it clipped.
  const status = await page.evaluate(() => {
    const e = document.getElementById('status');
    // Set and measured in one go: the next frame writes the status line again.
    e.textContent = 'A long status message that cannot fit on one line of a phone screen at all.';
    return { box: e.clientHeight, need: e.scrollHeight, line: parseFloat(getComputedStyle(e).lineHeight) };
  });
  assert(status.need >= 2 * status.line - 1 && status.box >= status.need, `the status shows ${status.box}px of the ${status.need}px its ${Math.round(status.need / status.line)} lines need`);
  // So does the run box's text at three lines: a longer sentence is cut with an ellipsis, and the
  // next line showed under it ("the search here is no… touched.").
  const runText = await page.evaluate(() => {
    const e = document.getElementById('run-text');
    // Set and measured in one go, as the status line above.
    e.textContent = 'Counts every solution in the background; the search here is not touched, and the page stays yours to step.';
    return { clip: e.clientHeight, line: parseFloat(getComputedStyle(e).lineHeight), lines: Math.round(e.scrollHeight / parseFloat(getComputedStyle(e).lineHeight)), text: e.textContent };
  });
  assert(runText.lines >= 4 && Math.abs(runText.clip - 3 * runText.line) <= 1, `the run box's text clips at ${runText.clip}px for lines of ${runText.line}px (${runText.lines} lines: ${runText.text})`);
  await page.screenshot({ path: path.join(SHOTS, 'phone-sticky-bar.png') });
  await context.close();
});

test('phone at 375 px: the matrix legend\'s button lies under the canvas, never over its last column\'s nodes', async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  // Knuth's 6x7 matrix, the tours' own: at 375 px it fills the canvas's width, and the folded legend
  // over the canvas's corner covered option 6's node in column G.
  await open(page, base, `?exact-cover=${encodeURIComponent('A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G')}`);
  const r = await page.evaluate(() => {
    const box = (/** @type {string} */ q) => /** @type {Element} */ (document.querySelector(q)).getBoundingClientRect();
    const canvas = box('#matrix-canvas');
    const summary = box('#matrix-legend-box > summary');
    return { canvasBottom: canvas.bottom, summaryTop: summary.top, summaryHeight: summary.height };
  });
  assert(r.summaryHeight >= 44 && r.summaryTop >= r.canvasBottom, `the legend's button (top ${r.summaryTop}) lies over the canvas (bottom ${r.canvasBottom})`);
  await context.close();
});

test('tablet at 1024x768: Maximise gives the board most of the screen and Escape gives it back', async ({ page, base }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  for (let i = 0; i < 8; i++) await page.click(tid('step-choice'));
  await page.click(tid('maximise-board'));
  const big = await page.evaluate(() => document.getElementById('board-canvas').getBoundingClientRect());
  assert(big.width > 900 && big.height > 500, `the maximised board is ${big.width}x${big.height}`);
  await page.keyboard.press('Escape');
  assert(await page.evaluate(() => !document.querySelector('.panel.maximised')), 'Escape did not restore the board');
});

test('screenshots: 1024x768 (board and maximised board), a simulated deuteranopia view, dark mode', async ({ browser, base }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  for (let i = 0; i < 8; i++) await page.click(tid('step-choice'));
  await page.screenshot({ path: path.join(SHOTS, 'tablet-1024-sudoku.png') });
  await page.click(tid('maximise-board'));
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, 'tablet-1024-board-maximised.png') });
  await page.close();
  // Deuteranopia (Machado, Oliveira and Fernandes 2009, severity 1) as an SVG colour matrix over the page.
  const p2 = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await open(p2, base);
  for (let i = 0; i < 9; i++) await p2.click(tid('step'));
  await p2.click('#zoom-in');
  await p2.waitForTimeout(700);
  await p2.evaluate(() => {
    document.body.insertAdjacentHTML('beforeend', '<svg width="0" height="0" style="position:absolute"><filter id="deut"><feColorMatrix type="matrix" values="0.367 0.861 -0.228 0 0  0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0  0 0 0 1 0"/></filter></svg>');
    document.documentElement.style.filter = 'url(#deut)';
  });
  await p2.waitForTimeout(200);
  await p2.screenshot({ path: path.join(SHOTS, 'desktop-deuteranopia.png') });
  await p2.close();
  const dark = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const p3 = await dark.newPage();
  await open(p3, base, '?queens=8');
  for (let i = 0; i < 9; i++) await p3.click(tid('step-choice'));
  await p3.waitForTimeout(700);
  await p3.screenshot({ path: path.join(SHOTS, 'desktop-dark-queens.png') });
  await dark.close();
}, { shots: true });
const VIEWS = [
  ['exact-cover', '', 'step-choice', 3],
  ['queens', '?queens=8', 'step-choice', 9],
  ['toroidal', '?toroidal-queens=7', 'step-choice', 6],
  ['sudoku', `?sudoku=${HARD_SUDOKU}`, 'step-choice', 8],
  ['latin', '?latin=4', 'step-choice', 7],
  ['langford', '?langford=4', 'step-choice', 6],
  ['pentomino', '?pentomino=8x8', 'step-choice', 5],
];

test('phone at 375 px: no view, the zoomed matrix, a found pentomino tiling or a reader\'s error is wider than the screen', async ({ browser, base }) => {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  const wider = [];
  const check = async (/** @type {string} */ what) => {
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (over > 0) wider.push(`${what} by ${over} px`);
  };
  for (const [name, query, button, times] of VIEWS) {
    await open(page, base, query);
    for (let i = 0; i < times; i++) await page.click(tid(button));
    await check(name);
  }
  await open(page, base);
  for (let i = 0; i < 9; i++) await page.click(tid('step'));
  await page.click('#zoom-in');
  await check('the zoomed matrix');
  await open(page, base, '?pentomino=6x10');
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1);
  await check('pentomino 6x10 at its first tiling');
  await loadVia(page, 'sudoku', '12\n34');
  const said = await page.evaluate(() => `${document.getElementById('input-error')?.textContent || ''} ${document.getElementById('status')?.textContent || ''}`);
  assert(/line|row|column|symbol|cell|digit/i.test(said), `the bad Sudoku got no message: ${said}`);
  await check('a bad Sudoku\'s message');
  assert(wider.length === 0, `wider than the phone: ${wider.join('; ')}`);
  await page.close();
});

test('screenshots of every view at 1280x800 and at 375px (and the zoomed matrix, a pentomino tiling, an error)', async ({ browser, base }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const saved = [];
  for (const [w, h, tag] of [[1280, 800, 'desktop'], [375, 812, 'phone']]) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: tag === 'phone' ? 2 : 1 });
    for (const [name, query, button, times] of VIEWS) {
      await open(page, base, query);
      for (let i = 0; i < times; i++) await page.click(tid(button));
      await page.waitForTimeout(800);
      const file = path.join(SHOTS, `${tag}-${name}.png`);
      await page.screenshot({ path: file, fullPage: tag === 'phone' });
      saved.push(path.basename(file));
    }
    // The matrix close up, names and arrows showing.
    await open(page, base);
    for (let i = 0; i < 9; i++) await page.click(tid('step'));
    await page.click('#zoom-in');
    await page.waitForTimeout(700);
    await page.locator('.matrix-panel').screenshot({ path: path.join(SHOTS, `${tag}-matrix-zoomed.png`) });
    await open(page, base, '?pentomino=6x10');
    await page.click(tid('next-solution'));
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="solutions"]').textContent) >= 1);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${tag}-pentomino-solution.png`), fullPage: tag === 'phone' });
    const bad = '12\n34';
    await loadVia(page, 'sudoku', bad);
    await page.screenshot({ path: path.join(SHOTS, `${tag}-error.png`), fullPage: tag === 'phone' });
    saved.push(`${tag}-matrix-zoomed.png`, `${tag}-pentomino-solution.png`, `${tag}-error.png`);
    await page.close();
  }
  report.push(`screenshots: ${saved.length} in screenshots/`);
}, { shots: true });

test('layout: the run box at 1280x800 holds its whole sentence and its button after a run (its column had grown past the box, which cut them off)', async ({ page, base }) => {
  await open(page, base, '?queens=10');
  await page.click(tid('run-to-end'));
  await page.waitForFunction(() => document.getElementById('run-text').dataset.state === 'done', null, { timeout: 60000 });
  const fit = await page.evaluate(() => {
    const box = document.getElementById('run-box').getBoundingClientRect();
    const text = document.getElementById('run-text');
    const close = document.getElementById('run-cancel').getBoundingClientRect();
    const tree = document.getElementById('run-tree');
    const link = tree.querySelector('a, button');
    const lr = link ? link.getBoundingClientRect() : null;
    const tr = tree.getBoundingClientRect();
    return { box: [box.left, box.right], text: [text.getBoundingClientRect().right, text.scrollHeight, text.clientHeight], close: [close.left, close.right], sentence: text.textContent,
      tree: { text: tree.textContent, sw: tree.scrollWidth, cw: tree.clientWidth, sh: tree.scrollHeight, ch: tree.clientHeight, right: tr.right, bottom: tr.bottom, boxBottom: box.bottom,
        link: lr && [lr.left, lr.right, lr.top, lr.bottom], treeBox: [tr.left, tr.right, tr.top, tr.bottom] } };
  });
  assert(fit.text[0] <= fit.box[1] && fit.close[0] >= fit.box[0] && fit.close[1] <= fit.box[1],
    `the run box spans ${fit.box}, its text ends at ${fit.text[0]}, its button spans ${fit.close}`);
  assert(fit.text[1] <= fit.text[2] + 1, `the sentence "${fit.sentence}" is cut: ${fit.text[1]}px of text in ${fit.text[2]}px`);
  // The tree's name beside the button, whole: 10-queens counts on bit sets, and "bit sets" is a link
  // to the glossary (one line had cut it to "DLX1 tree …").
  const t = fit.tree;
  assert(t.text === 'DLX1 tree on bit sets', `the run box names the tree as "${t.text}"`);
  assert(t.sw <= t.cw + 1 && t.sh <= t.ch + 1, `"${t.text}" is cut: ${t.sw}x${t.sh}px of text in ${t.cw}x${t.ch}px`);
  assert(t.link && t.link[0] >= t.treeBox[0] - 1 && t.link[1] <= t.treeBox[1] + 1 && t.link[3] <= t.treeBox[3] + 1 && t.bottom <= t.boxBottom,
    `the "bit sets" link at ${t.link} is not inside the label at ${t.treeBox} (the box ends at ${t.boxBottom})`);
});
