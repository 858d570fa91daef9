// A smoke run of the page in Firefox (Debian's firefox-esr, headless), driven over WebDriver BiDi by
// puppeteer-core, which never downloads a browser: load, step, step back, paste a Sudoku and Solve.
// `make test-firefox` (part of `make test`) installs firefox-esr with apt if it is missing. The last
// line is "N passed, N failed", as run.mjs prints it.

import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { serve, assert, checkSudoku, HARD_SUDOKU } from './harness.mjs';

const FIREFOX = process.env.FIREFOX || '/usr/lib/firefox-esr/firefox-esr';

/** @type {{name: string, fn: (page: any, base: string) => Promise<void>}[]} */
const steps = [];
const step = (name, fn) => steps.push({ name, fn });

const tid = (id) => `[data-testid="${id}"]`;
/** The text of an element by its test id, trimmed. */
const textOf = (page, id) => page.$eval(tid(id), (el) => (el.textContent || '').trim());
/** Two animation frames: the page refreshes its read-outs once a frame. */
const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

step('the page loads the engine and shows Knuth\'s 6x7 matrix, drawn', async (page, base) => {
  await page.goto(`${base}/`);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info, { timeout: 30000 });
  const info = await page.evaluate(() => ({ items: window.dlx.model.info.n_items, options: window.dlx.model.info.n_options }));
  assert(info.items === 7 && info.options === 6, `the first problem: ${JSON.stringify(info)}`);
  await settle(page);
  // Something is drawn on the matrix canvas (not a blank canvas): a pixel differs from the corner's.
  const drawn = await page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById('matrix-canvas'));
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let differ = 0;
    for (let i = 4; i < d.length; i += 4 * 97) if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) differ++;
    return differ;
  });
  assert(drawn > 50, `the matrix canvas is blank (${drawn} sampled pixels drawn)`);
});

step('Step takes one event and Back undoes it exactly', async (page) => {
  const before = await page.evaluate(() => ({ pos: window.dlx.model.position, nodes: Array.from(window.dlx.model.views().nodes) }));
  await page.click(tid('step'));
  await settle(page);
  const after = await page.evaluate(() => ({ pos: window.dlx.model.position, narration: window.dlx.model.narration() }));
  assert(after.pos === before.pos + 1, `Step moved ${after.pos - before.pos} events`);
  assert(/item|cover|choose/i.test(after.narration), `narration after a step: ${after.narration}`);
  await page.click(tid('step-back'));
  await settle(page);
  const back = await page.evaluate(() => ({ pos: window.dlx.model.position, nodes: Array.from(window.dlx.model.views().nodes) }));
  assert(back.pos === before.pos, `Back left the search at event ${back.pos}, not ${before.pos}`);
  assert(JSON.stringify(back.nodes) === JSON.stringify(before.nodes), 'the link arrays differ after Step and Back');
});

step('a pasted Sudoku is solved by Solve, and the grid is valid', async (page) => {
  await page.select(tid('problem'), 'sudoku');
  await page.$eval(tid('puzzle'), (el) => { /** @type {HTMLTextAreaElement} */ (el).value = ''; });
  await page.type(tid('puzzle'), HARD_SUDOKU);
  await page.click(tid('load'));
  await page.waitForFunction(() => window.dlx.model.info && window.dlx.model.info.n_items === 324, { timeout: 10000 });
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]')?.textContent || ''), { timeout: 60000 });
  const verdict = await textOf(page, 'verdict');
  assert(/^Unique solution/.test(verdict), `verdict: ${verdict}`);
  await settle(page);
  // The board shown, as its text read-out (the solution kept, not the search's live board).
  const board = (await textOf(page, 'board-text')).replace(/\s/g, '');
  checkSudoku(board, HARD_SUDOKU);
  // Firefox's clock steps by 1 ms (not cross-origin isolated): times under it read "< 1 ms", not the
  // "< 0.1 ms" its clock cannot tell, and the verdict's time is one it can.
  const clock = await page.evaluate(() => import('/www/views/readouts.js').then((m) => [m.GRAIN, m.elapsed(0.3)]));
  console.log(`     Firefox's clock grain: ${clock[0]} ms; 0.3 ms reads "${clock[1]}"`);
  assert(clock[0] >= 0.1 && (clock[0] < 1 || clock[1] === `< ${Math.round(clock[0])} ms`), `grain ${clock[0]} ms, 0.3 ms reads ${clock[1]}`);
  assert(clock[0] < 1 || !verdict.includes('0.1 ms'), `verdict: ${verdict}`);
});

const server = await serve();
const base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
let passed = 0, failed = 0;
if (!fs.existsSync(FIREFOX)) {
  console.log(`FAIL firefox: ${FIREFOX} is not installed (make setup-firefox)`);
  failed = steps.length;
} else {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // A profile of its own each run; no first-run pages, no updates.
    extraPrefsFirefox: { 'browser.shell.checkDefaultBrowser': false, 'app.update.enabled': false },
  });
  console.log(`firefox: ${await browser.version()} over WebDriver BiDi`);
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  for (const s of steps) {
    const t0 = Date.now();
    try {
      await s.fn(page, base);
      assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
      console.log(`ok   ${s.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      passed++;
    } catch (e) {
      console.log(`FAIL ${s.name}: ${e.message}`);
      failed++;
      errors.length = 0;
    }
  }
  await browser.close();
}
server.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
