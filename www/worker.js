// @ts-check
// Run to the end, off the page's thread: a module worker with its own Session over the same wasm
// package, loaded with the same problem, counting in slices so that it can report progress. The page
// cancels it by terminating it, so the loop needs no way out of its own.
//
// In:  {kind, text, distinct, format}
// Out: {type: 'progress' | 'done', stats, ms, solutions (done: the first 100 boards)} or
//      {type: 'error', message, line, column}

import init, { Session } from './pkg/dlx_studio.js';

const ready = init();
/** Aim of one slice, in ms: often enough for a live progress bar, rare enough to cost nothing. */
const SLICE_MS = 50;

self.onmessage = async (e) => {
  const { kind, text, distinct, format } = e.data;
  try {
    await ready;
  } catch (err) {
    self.postMessage({ type: 'error', message: `the engine failed to start: ${err.message || err}` });
    return;
  }
  const s = new Session();
  try {
    s.load_as(kind, text, !!distinct, format);
  } catch (err) {
    self.postMessage({ type: 'error', message: err.message, line: err.line, column: err.column });
    return;
  }
  const t0 = performance.now();
  let slice = 2000;
  for (;;) {
    const t = performance.now();
    const done = s.count_chunk(slice);
    const dt = performance.now() - t;
    // Size the next slice from this one's speed.
    slice = Math.max(100, Math.min(5e7, Math.round(slice * SLICE_MS / Math.max(dt, 1))));
    const ms = performance.now() - t0;
    // At the end, the first solutions found (Session.kept_boards: up to 100), for the page's list.
    const solutions = done ? s.kept_boards() : undefined;
    self.postMessage({ type: done ? 'done' : 'progress', stats: s.stats(), ms, solutions });
    if (done) return;
  }
};
