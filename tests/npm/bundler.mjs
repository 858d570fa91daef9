// @ts-check
// The npm package through a bundler, in a browser (`make test-bundler`, issue 47): the app of
// tests/npm/bundle/, bundled by Vite in a fresh project that installed the tarball, is served from its
// output directory (argv[2]) on 127.0.0.1 and loaded in headless Chromium (the system one, through
// playwright-core from tests/browser/node_modules). What it found is checked against the `dlx` CLI
// (path in $DLX): 8-queens, an XCC's solutions with colours, a Sudoku's solution, a bad input's
// message. A bundle that cannot find its wasm fails with the address it asked for and the answer.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const DLX = process.env.DLX;
const DIST = process.argv[2] && path.resolve(process.argv[2]);
if (!DLX) throw new Error('DLX must name the dlx binary the results are checked against');
if (!DIST || !fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`no bundle (index.html) in ${DIST}`);

const require = createRequire(path.join(ROOT, 'tests/browser/package.json'));
const { chromium } = require('playwright-core');

/** @param {string[]} args @param {string} [input] */
function cli(args, input) {
  const r = spawnSync(DLX, args, { input, encoding: 'utf8' });
  return { out: r.stdout.trim(), err: r.stderr.trim(), status: r.status };
}

/** Every file under dir, relative to it. @param {string} dir @returns {string[]} */
const files = (dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((f) => fs.statSync(path.join(dir, f)).isFile());
const wasmFiles = files(DIST).filter((f) => f.endsWith('.wasm'));

// ------------------------------------------------------------------ the bundle, served and loaded

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm' };
/** Every request the page made, with its status. @type {{url: string, status: number}[]} */
const requests = [];
const server = http.createServer((req, res) => {
  const url = new URL(req.url || '/', 'http://localhost');
  let file = path.normalize(path.join(DIST, decodeURIComponent(url.pathname)));
  if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
  const ok = file.startsWith(DIST) && fs.existsSync(file) && fs.statSync(file).isFile();
  requests.push({ url: url.pathname, status: ok ? 200 : 404 });
  if (!ok) { res.writeHead(404).end('not found'); return; }
  res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
  res.end(fs.readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
/** @type {any} */
let result;
/** @type {string[]} */
const pageErrors = [];
/** @type {string[]} */
const consoleErrors = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  await page.goto(`http://127.0.0.1:${port}/`);
  // The app sets window.dlxBundle when it is done; a module that failed to load (its wasm among
  // them: browser.js awaits it at the top level) never does, and shows as a page error.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    result = await page.evaluate(() => /** @type {any} */ (globalThis).dlxBundle);
    if (result || pageErrors.length) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!result && pageErrors.length) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    result = await page.evaluate(() => /** @type {any} */ (globalThis).dlxBundle);
  }
} finally {
  await browser.close();
  server.close();
}

const wasmAsked = requests.filter((r) => r.url.endsWith('.wasm'));
if (!result || result.error) {
  const why = [];
  if (!wasmFiles.length) why.push(`the bundle has no .wasm: the bundler did not copy dlx_studio_bg.wasm into ${DIST}`);
  for (const r of wasmAsked) if (r.status !== 200) why.push(`the bundle cannot find its wasm: it asked for ${r.url}, which answered ${r.status} (the bundle's .wasm: ${wasmFiles.join(', ') || 'none'})`);
  if (wasmFiles.length && !wasmAsked.length) why.push(`the bundle never asked for its wasm (${wasmFiles.join(', ')})`);
  const said = [result?.error, ...pageErrors, ...consoleErrors].filter(Boolean).map((e) => `  page: ${e}`);
  console.error(['test-bundler: the bundled app did not finish', ...why.map((w) => `  ${w}`), ...said].join('\n'));
  process.exit(1);
}
assert.ok(wasmAsked.some((r) => r.status === 200), 'the app finished without loading a .wasm');

// ------------------------------------------------------------------ checked against the CLI

let checks = 0;
/** @param {string} name @param {() => void} fn */
function check(name, fn) {
  fn();
  checks += 1;
  console.log(`ok ${checks} ${name}`);
}

check(`the wasm came from the bundle's own asset (${wasmAsked[0].url})`, () => {
  assert.ok(wasmFiles.some((f) => wasmAsked[0].url.endsWith(f.split(path.sep).join('/'))), wasmAsked[0].url);
});

check('8-queens: 92, by count() and queens(8).count(), as the CLI counts', () => {
  const n = Number(cli(['count', 'queens', '8', '--threads', '1']).out);
  assert.equal(n, 92);
  assert.equal(result.queens8, n);
  assert.equal(result.queens8Builder, n);
});

check('an XCC with colours: its solutions by for await … of solve(), as the CLI solves it', () => {
  const lines = result.xcc.text.trim().split('\n').slice(1);
  const found = result.xcc.solutions.map((/** @type {number[]} */ s) => s.map((i) => lines[i]).join('\n'));
  const r = cli(['solve', 'exact-cover', '-', '--limit', '1000', '--json'], result.xcc.text);
  assert.equal(r.status, 0, r.err);
  const cliBoards = JSON.parse(r.out).boards;
  assert.ok(cliBoards.length > 1, `the XCC should have several solutions: ${cliBoards.length}`);
  assert.deepEqual([...found].sort(), [...cliBoards].sort());
});

check("a Sudoku's one solution, as the CLI solves it", () => {
  const r = cli(['solve', 'sudoku', result.sudoku.puzzle]);
  assert.equal(r.status, 0, r.err);
  assert.deepEqual(result.sudoku.boards, [r.out.split('\n')[0]]);
  assert.match(r.out, /unique/);
});

check("bad input: the CLI's message, line and column", () => {
  const r = cli(['count', 'exact-cover', '-'], result.bad.text);
  assert.equal(r.status, 2, `dlx should refuse: ${r.out}`);
  assert.ok(typeof result.bad.message === 'string' && result.bad.message, 'the app saw no error');
  assert.ok(r.err.endsWith(result.bad.message), `${result.bad.message} is not the end of the CLI's ${r.err}`);
  assert.match(r.err, new RegExp(`line ${result.bad.line}, column ${result.bad.column}:`));
});

check('no page errors, nothing logged as an error', () => assert.deepEqual([...pageErrors, ...consoleErrors], []));
console.log(`all ${checks} checks passed (bundle: ${files(DIST).join(', ')})`);
