// The README's pictures (docs/*.png), taken from the page: `node tests/browser/run.mjs --docs`
// (make docs-shots). Not a test file: run.mjs imports it for --docs.

import fs from 'node:fs';
import path from 'node:path';
import { ROOT, HARD_SUDOKU, open, tid, loadVia, settle } from './harness.mjs';

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
  }],  ['variants.png', 1280, 800, async (page, base) => {
    // The board of a variant: thermo seed 10 of `dlx make` with eight killer cages added (sums from
    // its solution; still unique, 65 nodes), pencil marks on. The board panel only.
    await open(page, base);
    await loadVia(page, 'sudoku', '{"grid":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{"given":true,"value":8},{},{},{},{}],[{},{"given":true,"value":4},{},{},{},{},{},{},{"given":true,"value":2}],[{"given":true,"value":8},{},{"given":true,"value":5},{},{"given":true,"value":7},{},{},{"given":true,"value":1},{}],[{"given":true,"value":1},{},{},{},{},{"given":true,"value":5},{},{},{"given":true,"value":8}],[{},{},{"given":true,"value":4},{},{},{},{},{},{}],[{"given":true,"value":6},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{"given":true,"value":9},{},{}],[{},{},{},{},{},{},{},{"given":true,"value":5},{"given":true,"value":3}]],"size":9,"thermometer":[{"lines":[["R3C2","R4C2","R3C1","R4C1"]]},{"lines":[["R8C2","R8C1","R7C1","R6C2"]]},{"lines":[["R4C8","R4C9","R3C8","R3C7"]]},{"lines":[["R8C6","R8C5","R9C6","R8C7"]]},{"lines":[["R9C7","R8C8","R7C8"]]},{"lines":[["R3C5","R3C4","R3C3"]]},{"lines":[["R1C7","R1C6","R1C5"]]},{"lines":[["R1C2","R2C2","R1C3"]]},{"lines":[["R6C8","R6C9","R5C8"]]},{"lines":[["R2C6","R3C6","R4C6"]]}],"killercage":[{"cells":["R1C8","R1C9"],"value":"10"},{"cells":["R2C7","R2C8","R2C9"],"value":"14"},{"cells":["R5C1","R5C2","R5C3"],"value":"10"},{"cells":["R7C3","R7C4"],"value":"16"},{"cells":["R9C1","R9C2","R9C3"],"value":"18"},{"cells":["R5C4","R5C5","R5C6"],"value":"12"},{"cells":["R2C3","R2C4","R2C5"],"value":"21"},{"cells":["R6C4","R6C5","R6C6","R6C7"],"value":"22"}]}');
    await page.click(tid('pencil'));
    await settle(page);
    return page.locator('#panel-board').boundingBox();
  }],
];

export async function docs(browser, base) {
  fs.mkdirSync(path.join(ROOT, 'docs'), { recursive: true });
  // `--docs FILE` takes that picture only.
  for (const [file, w, h, go] of DOCS.filter(([f]) => !process.argv[3] || f === process.argv[3])) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    // An entry may return the part of the page to keep (a panel's box).
    const clip = await go(page, base);
    // The links' animation is over (reduced motion is not asked for, so wait it out).
    await page.waitForTimeout(1200);
    await page.screenshot({ path: path.join(ROOT, 'docs', file), ...(clip ? { clip } : {}) });
    console.log(`docs/${file} (${w}x${h})`);
    await page.close();
  }
}
