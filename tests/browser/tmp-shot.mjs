import { chromium } from 'playwright-core';
import { serve, CHROMIUM, open, tid, cameraAtRest } from './harness.mjs';
import fs from 'node:fs';
const L = fs.readFileSync('/work/shared/data/sudoku/iss-collection.jsonl', 'utf8').split('\n');
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const n of process.argv.slice(2).map(Number)) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await open(page, base);
  const inp = JSON.parse(L[n - 1]).input;
  await page.selectOption(tid('problem'), 'sudoku');
  await page.fill(tid('puzzle'), inp);
  await page.click(tid('load'));
  await page.waitForTimeout(500);
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^(Unique|More|No)/.test(document.querySelector('[data-testid="verdict"]').textContent), null, { timeout: 60000 });
  await cameraAtRest(page);
  await page.screenshot({ path: `/tmp/shots/${n}.png` });
  const legend = await page.$$eval('#board-legend li', (lis) => lis.map((li) => li.textContent));
  console.log(n, await page.textContent('[data-testid="verdict"]'), legend.join(' | '));
  await ctx.close();
}
await browser.close(); server.close();
