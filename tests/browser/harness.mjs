// The browser tests' shared harness: a static server, checks of boards, page helpers and the test
// registry. The feature files (tests/browser/*.test.mjs) import from here; run.mjs, the runner, runs them all.

import http from 'node:http';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHOTS = path.join(ROOT, 'screenshots');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Easter Monster, a 9x9 that branches: the fixture the Rust tests read too (tests/data/sudoku). */
export const EASTER = fs.readFileSync(path.join(ROOT, 'tests/data/sudoku/easter-monster.txt'), 'utf8').trim();

export const HARD_SUDOKU = '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9';

/** An easy 9x9 Sudoku: one solution, found at once. */
export const EASY_SUDOKU = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

// ------------------------------------------------------------------ a static server

export const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.ts': 'text/plain',
};

export function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let file = path.normalize(path.join(ROOT, decodeURIComponent(url.pathname)));
    if (!file.startsWith(ROOT)) { res.writeHead(403).end(); return; }
    if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ------------------------------------------------------------------ checks

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

/** A solved Sudoku as one line of N² symbols: every row, column and box holds each symbol once. */
export function checkSudoku(text, givens) {
  const n = Math.round(Math.sqrt(text.length));
  // Boxes as f-puzzles lays them out, worked out here apart from the page: br rows by bc columns,
  // br the largest divisor of n not above its square root (2x3 for a 6x6, 3x3 for a 9x9).
  let br = 1;
  for (let r = 2; r * r <= n; r++) if (n % r === 0) br = r;
  const bc = n / br;
  assert(n * n === text.length && br > 1, `board text of length ${text.length} is not a Sudoku with boxes`);
  assert(!text.includes('.'), `the grid is not full: ${text}`);
  const units = [];
  for (let i = 0; i < n; i++) {
    units.push(Array.from({ length: n }, (_, j) => i * n + j));
    units.push(Array.from({ length: n }, (_, j) => j * n + i));
    const r0 = Math.floor(i / (n / bc)) * br, c0 = (i % (n / bc)) * bc;
    units.push(Array.from({ length: n }, (_, j) => (r0 + Math.floor(j / bc)) * n + c0 + (j % bc)));
  }
  for (const u of units) {
    const seen = new Set(u.map((k) => text[k]));
    assert(seen.size === n, `a unit repeats a symbol: ${u.map((k) => text[k]).join('')}`);
  }
  for (let k = 0; k < givens.length; k++) {
    if (givens[k] !== '.') assert(text[k] === givens[k], `given ${givens[k]} at cell ${k} was changed to ${text[k]}`);
  }
}

/** n lines of '.' and 'Q' with n queens, no two attacking. */
export function checkQueens(text, n) {
  const rows = text.split('\n');
  assert(rows.length === n && rows.every((r) => r.length === n && /^[.Q]+$/.test(r)), `not an ${n}x${n} board: ${JSON.stringify(text)}`);
  const q = [];
  rows.forEach((r, i) => [...r].forEach((ch, j) => { if (ch === 'Q') q.push([i, j]); }));
  assert(q.length === n, `${q.length} queens, not ${n}`);
  for (let a = 0; a < q.length; a++) {
    for (let b = 0; b < a; b++) {
      const [i, j] = q[a], [k, l] = q[b];
      assert(i !== k && j !== l && Math.abs(i - k) !== Math.abs(j - l), `queens at ${i},${j} and ${k},${l} attack`);
    }
  }
}

// ------------------------------------------------------------------ page helpers

export const tid = (id) => `[data-testid="${id}"]`;

/** Waits two animation frames: the page draws and refreshes its read-outs once a frame. */
export async function settle(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The run box's sentence, its no-break spaces (between a number and its unit) read as spaces. */
export async function runText(page) {
  return ((await page.textContent('#run-text')) || '').replace(/\u00a0/g, ' ');
}

export async function text(page, id) {
  await settle(page);
  return (await page.textContent(tid(id))).trim();
}

export async function num(page, id) {
  return Number((await text(page, id)).replace(/,/g, ''));
}

/**
 * Another page beside a test's `page`, at width x height: in the same browser context, which costs
 * half a fresh context's CPU (tests/browser/run.mjs). For a viewport that needs its own context
 * (touch, a device scale factor, dark mode), `browser.newContext`. The runner closes it after the test.
 */
export async function pageLike(page, width, height) {
  const other = await page.context().newPage();
  await other.setViewportSize({ width, height });
  return other;
}

export async function open(page, base, query = '') {
  await page.goto(`${base}/${query}`);
  await page.waitForFunction(() => window.dlx && window.dlx.model && window.dlx.model.info);
}

/**
 * Chooses a kind, fills its input and presses Load, as a person would, and waits for the frame that
 * shows the problem: the views (the board editor among them) take a load from the next frame's
 * snapshot, and a key pressed before that frame went to the views of the problem before (a test
 * that typed a digit right after the load failed so on a loaded machine).
 */
export async function loadVia(page, kind, value) {
  await page.selectOption(tid('problem'), kind);
  if (kind === 'sudoku') await page.fill(tid('puzzle'), value);
  else if (kind === 'exact-cover') await page.fill(tid('matrix-input'), value);
  else if (kind === 'pentomino' || kind === 'edge-matching' || kind === 'dominoes') await page.selectOption('#pentomino-board', value);
  else await page.fill(tid('size'), String(value));
  await page.click(tid('load'));
  await settle(page);
}

export async function setSpeed(page, value) {
  await page.$eval(tid('speed'), (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, value);
}

/** The page's model state: counters, board text and copies of the link arrays. */
export async function modelState(page) {
  await settle(page);
  return page.evaluate(() => {
    const m = window.dlx.model;
    const st = m.stats();
    const v = m.views();
    return {
      stats: { level: st.level, nodes: st.nodes, updates: st.updates, solutions: st.solutions },
      board: m.board().text,
      nodes: Array.from(v.nodes),
      items: Array.from(v.items),
      lens: Array.from(v.lens),
      readouts: ['level', 'nodes', 'updates', 'solutions'].map((id) => document.querySelector(`[data-testid="${id}"]`).textContent),
      boardText: document.querySelector('[data-testid="board-text"]').textContent,
    };
  });
}

export async function heapUsed(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize').value;
}

export const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;

// ------------------------------------------------------------------ the tests

export const tests = [];
/**
 * Registers a test. `slow`: it takes tens of seconds (a walk of hundreds of events, a maker), so the
 * runner's queue starts it first. `shots`: it only takes pictures for a person to look at (it asserts
 * nothing another test does not), so it runs under `make screenshots` (run.mjs --shots), not in
 * `make test`. `quiet`: it measures frames or frame gaps, which a loaded machine distorts, so `make
 * test` runs it alone after everything else (`make test-quiet`, run.mjs --quiet, one browser), not
 * beside the other browser and the compilers.
 * @param {string} name
 * @param {(ctx: any) => Promise<void>} fn
 * @param {{ slow?: boolean, shots?: boolean, quiet?: boolean }} [opts]
 */
export const test = (name, fn, opts = {}) => tests.push({ name, fn, slow: !!opts.slow, shots: !!opts.shots, quiet: !!opts.quiet });
export const report = [];

/** Clicks a control by script (a maximised panel covers the controls; the keys would move the matrix cursor). */
export const press = (page, id) => page.evaluate((i) => document.querySelector(`[data-testid="${i}"]`).click(), id);

/**
 * Steps the toy until the narration matches re (at most 300 steps); returns the narration.
 * @param {RegExp} re
 */
export async function stepUntil(page, re) {
  for (let k = 0; k < 300; k++) {
    await press(page, 'step');
    const n = await page.evaluate(() => window.dlx.model.narration());
    if (re.test(n)) return n;
  }
  throw new Error(`never narrated ${re}`);
}

/** The id and text of the line the algorithm panel marks, and the line marked as its caller. */
export async function algorithmLine(page) {
  await settle(page);
  return page.evaluate(() => {
    const cur = document.querySelectorAll('[data-testid="algorithm"] [aria-current="step"]');
    const caller = document.querySelector('[data-testid="algorithm"] .caller');
    return {
      count: cur.length,
      line: cur[0] ? cur[0].dataset.line : '',
      text: cur[0] ? cur[0].textContent : '',
      caller: caller ? caller.dataset.line : '',
    };
  });
}

/** Holds the matrix's animation at fraction t of its way (eased t = 0.5 is half) and draws it. */
export async function holdAnimation(page, t) {
  await page.evaluate((f) => { const m = window.dlx.app.matrix, a = m.anim; a.t0 = performance.now() - f * 1e7; a.ms = 1e7; m.dirty = true; }, t);
  await settle(page);
}

/** Lets the matrix's animation end, and waits for the frame drawn at its end. */
export async function endAnimation(page) {
  await page.evaluate(() => { const a = window.dlx.app.matrix.anim; if (a) a.ms = 1; });
  await page.waitForFunction(() => window.dlx.app.matrix.anim === null);
  await settle(page);
}

/** Waits for the matrix's camera to come to rest (its ease to the event's item and node, www/views/matrix.js). */
export async function cameraAtRest(page) {
  // Two frames first: the frame after an event is the one that starts the camera's ease, and on a
  // loaded machine that frame comes late; looking for `cam` before it sees a camera not yet moving.
  await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
  await page.waitForFunction(() => !window.dlx.app.matrix.cam);
  await settle(page);
}

/** The RGB of the matrix canvas at CSS pixel (x, y). */
export const pixelAt = (page, x, y) => page.evaluate(([px, py]) => {
  const c = window.dlx.app.matrix.canvas, d = window.devicePixelRatio || 1;
  return [...c.getContext('2d').getImageData(Math.round(px * d), Math.round(py * d), 1, 1).data].slice(0, 3);
}, [x, y]);

// The CLI the tests compare the page with: $DLX_CLI, else the `test` profile's build (optimised,
// with debug assertions) that `cargo test` makes and `make test-browser` asks for (`make cli-test`).
export const CLI = process.env.DLX_CLI
  || path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'debug', 'dlx');

/** The CLI's output for args, the text on stdin. */
export function cli(args, input = '') {
  assert(fs.existsSync(CLI), `${CLI} is not built (make cli-test)`);
  return execFileSync(CLI, args, { input, encoding: 'utf8' });
}

/** Clicks a download button (or presses Enter on it) and returns the file's name and text. */
export async function download(page, id, { key = false } = {}) {
  const wait = page.waitForEvent('download');
  if (key) { await page.focus(tid(id)); await page.keyboard.press('Enter'); } else await page.click(tid(id));
  const dl = await wait;
  const got = { name: dl.suggestedFilename(), text: fs.readFileSync(await dl.path(), 'utf8') };
  // The job's context lives as long as the job (run.mjs), and keeps its downloads until it closes.
  await dl.delete();
  return got;
}

/** Waits for a Next solution hunt to end (a solution or the end of the search). */
export async function hunt(page) {
  await page.click(tid('next-solution'));
  await page.waitForFunction(() => !window.dlx.app.state.hunting, null, { timeout: 60000 });
}

// ------------------------------------------------------------------ payloads encoded here

/** lz-string's base64 alphabet (its `compressToBase64`), as SudokuPad zips a puzzle into a link. */
const LZ_BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';

/**
 * lz-string's `compressToBase64`, written out here so that a test zips its own SudokuPad payloads
 * (the page reads them in Rust, with the `lz-str` crate): LZW over UTF-16 units, codes written least
 * significant bit first in a width that grows with the dictionary, 6 bits a character, padded with
 * `=` to a multiple of 4.
 * @param {string} input
 */
export function lzBase64(input) {
  const out = [];
  let bits = 0, filled = 0;
  const put = (bit) => {
    bits = (bits << 1) | bit;
    if (filled === 5) { out.push(LZ_BASE64[bits]); bits = 0; filled = 0; } else filled++;
  };
  const putBits = (value, n) => { for (let k = 0; k < n; k++) { put(value & 1); value >>= 1; } };
  const dictionary = new Map();
  const fresh = new Set();
  let size = 3, width = 2, enlargeIn = 2;
  const grow = () => { if (--enlargeIn === 0) { enlargeIn = 2 ** width; width++; } };
  const emit = (w) => {
    if (fresh.has(w)) {
      // A character's first appearance: its code (0: 8 bits, 1: 16 bits), then the character.
      const code = w.charCodeAt(0);
      if (code < 256) { putBits(0, width); putBits(code, 8); } else { putBits(1, width); putBits(code, 16); }
      grow();
      fresh.delete(w);
    } else {
      putBits(dictionary.get(w), width);
    }
    grow();
  };
  let w = '';
  for (const c of input.split('')) {
    if (!dictionary.has(c)) { dictionary.set(c, size++); fresh.add(c); }
    if (dictionary.has(w + c)) { w += c; continue; }
    emit(w);
    dictionary.set(w + c, size++);
    w = c;
  }
  if (w !== '') emit(w);
  // The end of the stream (code 2), then the last character flushed.
  putBits(2, width);
  for (;;) {
    bits <<= 1;
    if (filled === 5) { out.push(LZ_BASE64[bits]); break; }
    filled++;
  }
  const text = out.join('');
  return text + '='.repeat((4 - (text.length % 4)) % 4);
}
