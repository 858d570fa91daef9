// The README's pictures (docs/*.png), taken from the page: `node tests/browser/run.mjs --docs`
// (make docs-shots). Not a test file: run.mjs imports it for --docs.

import fs from 'node:fs';
import path from 'node:path';
import { ROOT, HARD_SUDOKU, open, tid } from './harness.mjs';

/**
 * `node tests/browser/run.mjs --docs` (make docs-shots): the pictures of docs/ that the README shows,
 * taken from the page as the tests drive it. Each is [file under docs/, width, height, how to get there].
 */
const DOCS = [
  ['tour.png', 1280, 800, async (page, base) => {
    await open(page, base);
    await page.click(tid('tour-knuth-6x7'));
    // Stop 8 of Knuth's 6x7 tour: the dead end after A D G and B C F, links hidden and covered.
    for (let i = 0; i < 7; i++) await page.click(tid('tour-next'));
    await page.waitForFunction(() => window.dlx.model.position === 17);
  }],
  ['stage.png', 1280, 800, async (page, base) => {
    // The stage: a 9x9 Sudoku mid-search, the matrix following the option tried.
    await open(page, base, `?sudoku=${HARD_SUDOKU}`);
    for (let i = 0; i < 6; i++) await page.click(tid('step-choice'));
    for (let i = 0; i < 3; i++) await page.click(tid('step'));
  }],
];

export async function docs(browser, base) {
  fs.mkdirSync(path.join(ROOT, 'docs'), { recursive: true });
  for (const [file, w, h, go] of DOCS) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await go(page, base);
    // The links' animation is over (reduced motion is not asked for, so wait it out).
    await page.waitForTimeout(1200);
    await page.screenshot({ path: path.join(ROOT, 'docs', file) });
    console.log(`docs/${file} (${w}x${h})`);
    await page.close();
  }
}
