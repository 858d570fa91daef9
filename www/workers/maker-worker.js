// @ts-check
// New puzzle, off the page's thread: a module worker that runs the maker of `dlx make sudoku`
// (wasm make_sudoku, src/wasm/maker.rs) and posts its progress as it goes. The page cancels a make by
// terminating the worker (www/workers/maker.js), so the make needs no way out of its own here; the maker's
// sink is asked after each stage and every 20,000 search-tree nodes, which is where it reports.
//
// In:  {size, variant, seed}   seed: a whole number as a decimal string
// Out: {type: 'progress', progress: {stage, attempt, tried, to_try, givens, nodes, text}}
//      {type: 'done', made: {text, link, size, seed, variant, givens, nodes, solution}, ms}
//      {type: 'error', message}

import init, { make_sudoku } from '../pkg/dlx_studio.js';

const ready = init();
/** Reports closer together than this are dropped (the last one of a stage is sent anyway). */
const EVERY_MS = 40;

self.onmessage = async (e) => {
  const { size, variant, seed } = e.data;
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', message: `the engine failed to start: ${err instanceof Error ? err.message : String(err)}` });
    return;
  }
  const t0 = performance.now();
  let last = -Infinity;
  let stage = '';
  try {
    const made = make_sudoku(size, variant, seed, (/** @type {{stage: string}} */ p) => {
      const now = performance.now();
      if (now - last >= EVERY_MS || p.stage !== stage) {
        last = now;
        stage = p.stage;
        self.postMessage({ type: 'progress', progress: p });
      }
      return false;
    });
    self.postMessage({ type: 'done', made, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
