// Explanations: every control's tooltip, and the glossary of Knuth's terms.

import path from 'node:path';
import { SHOTS, HARD_SUDOKU, assert, tid, settle, text, open, test, report } from './harness.mjs';

/** Every control and statistic of the page without an explanation (a non-empty title). */
async function untitled(page) {
  return page.evaluate(() => {
    const name = (el) => el.id || el.dataset.testid || el.getAttribute('aria-label') || el.textContent.trim() || el.outerHTML.slice(0, 60);
    const controls = [...document.querySelectorAll('button, select, input, textarea')].filter((el) => !el.title.trim());
    // A statistic's explanation is its name's tooltip (the link in it carries the same).
    const stats = [...document.querySelectorAll('.stats dt, #progress-label')].filter((el) => !(el.title.trim() || el.querySelector('[title]')?.title.trim()));
    return { count: document.querySelectorAll('button, select, input, textarea, .stats dt, #progress-label').length, missing: [...controls, ...stats].map(name) };
  });
}

const NEWCOMER_TERMS = ['exact-cover', 'item', 'option', 'primary', 'secondary', 'cover', 'uncover', 'hide', 'unhide', 'mrv',
  'dead-end', 'level', 'node', 'search-tree', 'update', 'solution', 'colour', 'purify', 'progress', 'backtrack', 'dancing-links', 'propagation'];

test('teach: every control and statistic has a tooltip, on every kind of problem and during a tour', async ({ page, base }) => {
  await open(page, base);
  let checked = 0;
  const check = async (where) => {
    const u = await untitled(page);
    assert(u.missing.length === 0, `${where}: no tooltip on ${u.missing.join(', ')}`);
    checked = Math.max(checked, u.count);
  };
  await check('the default problem');
  await open(page, base, `?sudoku=${HARD_SUDOKU}`);
  await page.click(tid('pencil'));
  await check('a Sudoku');
  await open(page, base, '?pentomino=6x10');
  await check('pentominoes');
  await page.click(tid('tour-latin-2'));
  await page.waitForFunction(() => window.dlx.app.tours.active);
  await check('during a tour');
  await page.click(tid('tour-leave'));
  // The glossary's own buttons and the controls listed in it.
  await page.click(tid('open-glossary'));
  await check('with the glossary open');
  const listed = await page.$$eval(`${tid('glossary-controls')} dt`, (els) => els.map((e) => e.textContent));
  for (const name of ['Load', 'Step ▶', '◀ Back', 'Pause at each dead end', 'Speed']) {
    assert(listed.some((l) => l.startsWith(name)), `the glossary does not list the control ${name}: ${listed.join(' | ')}`);
  }
  // Both ◀ Back buttons, each with its own words (the transport's was left out: the tour's shares
  // its name), and the key of each transport button that has one.
  const said = await page.$$eval(`${tid('glossary-controls')} dt`, (els) => els.map((e) => `${e.textContent}: ${e.nextElementSibling.textContent}`));
  assert(said.some((l) => /^◀ Back: Undo one event/.test(l)) && said.some((l) => /^◀ Back \(tour\): The previous stop of the tour/.test(l)),
    `the glossary's ◀ Back entries: ${said.filter((l) => l.includes('Back')).join(' | ')}`);
  for (const [name, key] of [['Next choice', '(c)'], ['Previous choice', '(Shift+C)'], ['Step', '(→)']]) {
    const entry = said.find((l) => l.replace(/[▶◀ ]+/g, ' ').trim().startsWith(name));
    assert(entry && entry.includes(key), `the glossary's ${name}: ${entry}`);
  }
  await page.keyboard.press('Escape');
  report.push(`tooltips: ${checked} controls and statistics checked, every one explained`);
});

test('teach: the glossary explains each term with Knuth\'s, opens from narration and statistics, works by keyboard and at 375 px', async ({ page, browser, base }) => {
  await open(page, base);
  const entries = await page.$$eval('dialog.glossary .glossary-list dt', (els) => els.map((dt) => ({
    id: dt.id, term: dt.querySelector('dfn').textContent, taocp: dt.querySelector('.taocp').textContent, text: dt.nextElementSibling.textContent,
  })));
  for (const id of NEWCOMER_TERMS) {
    const e = entries.find((x) => x.id === `g-${id}`);
    assert(e, `no glossary entry for ${id}`);
    assert(/^TAOCP: \S/.test(e.taocp) && e.text.length > 40, `entry ${id} lacks Knuth's term or an explanation: ${JSON.stringify(e)}`);
  }
  // Keyboard: the button opens it (modal), Escape closes it and gives the focus back.
  await page.focus(tid('open-glossary'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('dialog.glossary').open);
  const before = await page.evaluate(() => window.dlx.model.eventsPlayed);
  await page.keyboard.press('ArrowRight');
  assert(await page.evaluate((b) => window.dlx.model.eventsPlayed === b, before), 'an arrow key stepped the search under the open glossary');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog.glossary').open);
  assert(await page.evaluate(() => document.activeElement.id === 'open-glossary'), 'the focus did not return to the Glossary button');
  // The narration's words link to their entries: "Choose item A (fewest options: 2)".
  await page.click(tid('step'));
  await settle(page);
  await settle(page);
  const links = await page.$$eval(`${tid('narration')} a.term`, (as) => as.map((a) => a.dataset.term));
  assert(links.includes('item') && links.includes('mrv'), `narration links: ${links} in "${await text(page, 'narration')}"`);
  await page.click(`${tid('narration')} a.term[data-term="mrv"]`);
  await page.waitForFunction(() => document.querySelector('dialog.glossary').open && document.activeElement.id === 'g-mrv');
  await page.keyboard.press('Escape');
  await page.click(tid('step'));
  await settle(page);
  await settle(page);
  const coverLinks = await page.$$eval(`${tid('narration')} a.term`, (as) => as.map((a) => a.dataset.term));
  assert(coverLinks.includes('cover') && coverLinks.includes('hide'), `narration of a cover links ${coverLinks}: "${await text(page, 'narration')}"`);
  // Each statistic's name links to its entry.
  const stats = await page.$$eval('.stats dt a.term, #progress-label a.term', (as) => as.map((a) => a.dataset.term));
  assert(stats.length >= 6, `statistics linked: ${stats}`);
  for (const id of stats) assert(entries.some((e) => e.id === `g-${id}`), `a statistic links to a missing entry ${id}`);
  await page.click(`.stats dt a.term[data-term="update"]`);
  await page.waitForFunction(() => document.activeElement.id === 'g-update');
  await page.click(tid('glossary-close'));
  // A phone: the dialog fits the screen, scrolls inside, and closes by its button.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const p = await phone.newPage();
  await open(p, base);
  await p.tap(tid('open-glossary'));
  await p.waitForFunction(() => document.querySelector('dialog.glossary').open);
  const g = await p.evaluate(() => {
    const d = document.querySelector('dialog.glossary').getBoundingClientRect();
    const c = document.querySelector('[data-testid="glossary-close"]').getBoundingClientRect();
    return { left: d.left, right: d.right, top: d.top, bottom: d.bottom, w: window.innerWidth, h: window.innerHeight, closeH: c.height, closeRight: c.right };
  });
  assert(g.left >= 0 && g.right <= g.w && g.top >= 0 && g.bottom <= g.h, `the glossary does not fit a 375 px screen: ${JSON.stringify(g)}`);
  assert(g.closeH >= 44 && g.closeRight <= g.w, `the Close button is too small or off screen: ${JSON.stringify(g)}`);
  // An entry far down the list, tapped in the index: its name whole below the sticky head (it was
  // 7 px under the head, whose 44 px Close is taller than the 56 px the scroll stopped at).
  await p.tap('.glossary-index a[href$="propagation"]');
  await p.waitForFunction(() => document.activeElement && document.activeElement.id === 'g-propagation');
  const under = await p.evaluate(() => {
    const head = document.querySelector('.glossary-head').getBoundingClientRect();
    const dt = document.getElementById('g-propagation').getBoundingClientRect();
    return { head: head.bottom, dt: dt.top, scrolled: document.querySelector('dialog.glossary').scrollTop };
  });
  assert(under.scrolled > 0 && under.dt >= under.head - 0.5, `the entry's name is under the glossary's head on a phone: ${JSON.stringify(under)}`);
  await p.screenshot({ path: path.join(SHOTS, 'phone-glossary.png') });
  await p.tap(tid('glossary-close'));
  await p.waitForFunction(() => !document.querySelector('dialog.glossary').open);
  await phone.close();
});
