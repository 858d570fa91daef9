// The app `make test-bundler` bundles with Vite and loads in headless Chromium: the npm package
// imported by its name, as a user's app does (package.json's `default` condition: browser.js, its
// wasm found by `new URL(…, import.meta.url)`). It computes and leaves what it found, with the inputs
// it used, in `window.dlxBundle`; tests/npm/bundler.mjs checks that against the `dlx` CLI.
import { count, solve, Instance, queens, sudoku } from 'dlx-studio';

/** An XCC with colours and three solutions (x coloured R or G; y B in each). */
const XCC = 'a b c | x y\na x:R\nb x:R y:B\nc x:R\nb c x:G\na x:G y:B\nc y:B\n';
const PUZZLE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
/** Item `c` is not in the items line: the reader's message names line 2, column 3. */
const BAD = 'a b\na c\n';

async function run() {
  const queens8 = await count('queens', 8);
  const queens8Builder = await queens(8).count();

  const solutions = [];
  for await (const s of solve(Instance.parse(XCC))) solutions.push(s);

  const boards = [];
  for await (const b of sudoku(PUZZLE).solutions()) boards.push(b.text);

  let bad = null;
  try {
    Instance.parse(BAD);
  } catch (e) {
    bad = { message: e.message, line: e.line, column: e.column };
  }
  return { queens8, queens8Builder, xcc: { text: XCC, solutions }, sudoku: { puzzle: PUZZLE, boards }, bad: { text: BAD, ...bad } };
}

const out = document.getElementById('out');
run().then(
  (result) => {
    window.dlxBundle = result;
    out.textContent = JSON.stringify(result, null, 1);
  },
  (e) => {
    window.dlxBundle = { error: String(e && e.stack ? e.stack : e) };
    out.textContent = window.dlxBundle.error;
  },
);
