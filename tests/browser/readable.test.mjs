// The narration and the status line read whole at every width: wrapped, never cut or clipped.

import { EASTER, assert, open, settle, test, report } from './harness.mjs';

/**
 * Whether the narration and the status show their whole text: no overflow across (scrollWidth) or
 * down (scrollHeight: an ellipsis or a line clamp clips there), the box inside the window and inside the transport
 * bar, which itself clips nothing; and the text is the model's whole sentence (the narration).
 */
function whole(page) {
  return page.evaluate(() => {
    const out = [];
    const bar = document.querySelector('#transport');
    const b = bar.getBoundingClientRect();
    for (const id of ['narration', 'status']) {
      const el = document.querySelector(`[data-testid="${id}"]`);
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      const text = el.textContent.trim();
      const problems = [];
      if (el.scrollWidth > el.clientWidth) problems.push(`scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
      if (el.scrollHeight > el.clientHeight + 1) problems.push(`scrollHeight ${el.scrollHeight} > clientHeight ${el.clientHeight}`);
      if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5 || r.left < -0.5 || r.right > window.innerWidth + 0.5) problems.push(`box ${JSON.stringify(r)} outside the ${window.innerWidth}x${window.innerHeight} window`);
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) problems.push('box outside the transport bar');
      if (id === 'narration' && text !== window.dlx.model.narration().trim() && !/^(Solution|Searching|The problem)/.test(text)) problems.push(`text "${text}" is not the model's "${window.dlx.model.narration()}"`);
      out.push({ id, text, lines: Math.round(el.clientHeight / parseFloat(cs.lineHeight || '16')), problems });
    }
    if (bar.scrollHeight > bar.clientHeight + 1) out.push({ id: 'transport', text: '', problems: [`the bar clips: ${bar.scrollHeight} > ${bar.clientHeight}`] });
    return out;
  });
}

for (const [w, h] of [[375, 812], [1024, 768], [1280, 800]]) {
  test(`readable: narration and status are whole at ${w}x${h} (long Sudoku narrations, Solve's status)`, async ({ browser, base }) => {
    const phone = w < 500;
    const context = await browser.newContext(phone
      ? { viewport: { width: w, height: h }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
      : { viewport: { width: w, height: h } });
    const page = await context.newPage();
    await open(page, base, `?sudoku=${EASTER}`);
    const bad = [];
    let longest = '', looks = 0;
    const look = async (what) => {
      looks++;
      await settle(page);
      await settle(page);
      for (const r of await whole(page)) {
        if (r.text.length > longest.length) longest = r.text;
        if (r.problems.length) bad.push(`${what}, ${r.id} "${r.text}": ${r.problems.join('; ')}`);
      }
    };
    await look('at the start');
    // Next choice three times, then steps: covers and hides of options with long names.
    for (let i = 0; i < 3; i++) { await page.evaluate(() => document.querySelector('[data-testid="step-choice"]').click()); await look(`next choice ${i + 1}`); }
    for (let i = 0; i < 12; i++) { await page.evaluate(() => document.querySelector('[data-testid="step"]').click()); await look(`step ${i + 1}`); }
    await page.evaluate(() => document.querySelector('[data-testid="solve"]').click());
    await page.waitForFunction(() => /unique|solution/i.test(document.querySelector('[data-testid="verdict"]').textContent), null, { timeout: 60000 });
    await look('after Solve');
    report.push(`readable at ${w}x${h}: ${bad.length} cut in ${looks} looks at both; the longest text (${longest.length} characters): "${longest}"`);
    await context.close();
    assert(bad.length === 0, bad.slice(0, 4).join(' | '));
  });
}

test('readable: the top bar is one row from 1181 px up, its tagline never wraps, and the problem\'s title is whole from 1280 px up and on a phone', async ({ page: desktop, browser, base }) => {
  // Before: at 1440 the tagline wrapped into a column of one word a line (a 176 px top bar), and the
  // title was cut to "Sudoku …", "exact co…" or to nothing at every width from 1280 to 1920.
  const problems = ['', '?pentomino=6x10', `?sudoku=${EASTER}`];
  const seen = [];
  for (const [w, h] of [[1181, 800], [1280, 800], [1440, 900], [1680, 1050], [1920, 1080], [2560, 1440], [375, 812]]) {
    const phone = w < 500;
    // The desktop sizes on the test's page, each load afresh at its size; the phone in a context of its own.
    const context = phone ? await browser.newContext({ viewport: { width: w, height: h }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }) : null;
    const page = context ? await context.newPage() : desktop;
    if (!context) await page.setViewportSize({ width: w, height: h });
    for (const q of problems) {
      await open(page, base, q);
      const r = await page.evaluate(() => {
        const top = document.querySelector('header'), t = document.getElementById('title'), tag = document.querySelector('.tagline');
        const shown = (e) => e.getClientRects().length > 0;
        const box = t.getBoundingClientRect();
        return {
          top: top.getBoundingClientRect().height,
          title: t.textContent,
          whole: shown(t) && t.scrollWidth <= t.clientWidth + 1 && t.scrollHeight <= t.clientHeight + 1
            && box.right <= window.innerWidth + 0.5 && box.left >= -0.5,
          tagline: shown(tag) ? tag.getBoundingClientRect().height : 0,
          wider: document.documentElement.scrollWidth > window.innerWidth,
        };
      });
      assert(!r.wider, `${w} px, ${q || 'first visit'}: the page is wider than the screen`);
      assert(r.tagline <= 20, `${w} px: the tagline is ${r.tagline} px high (it wraps)`);
      if (!phone) assert(r.top <= 48, `${w} px, ${q || 'first visit'}: the top bar is ${r.top} px high, not one row`);
      if (w >= 1280 || phone) assert(r.whole, `${w} px: the title "${r.title}" is cut`);
      if (q === '') seen.push(`${w} px: bar ${Math.round(r.top)} px, title ${r.whole ? 'whole' : 'cut'}`);
    }
    if (context) await context.close();
  }
  report.push(`top bar: ${seen.join('; ')}`);
});
