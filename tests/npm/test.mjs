// @ts-check
// The npm package as a user installs it (`make test-npm` runs this in a fresh node project with the
// tarball installed): counts and solutions checked against the `dlx` CLI (path in $DLX), boards
// against the puzzles' rules, bad input against the CLI's messages, and the event loop kept turning
// while a count runs.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { count, Instance, langford, pentomino, Puzzle, queens, solve, sudoku } from 'dlx-studio';

const DLX = process.env.DLX;
if (!DLX) throw new Error('DLX must name the dlx binary the counts are checked against');

/** @param {string[]} args @param {string} [input] */
function cli(args, input) {
  const r = spawnSync(DLX, args, { input, encoding: 'utf8' });
  return { out: r.stdout.trim(), err: r.stderr.trim(), status: r.status };
}
/** @param {string[]} args @param {string} [input] */
const cliCount = (args, input) => Number(execFileSync(DLX, ['count', ...args, '--threads', '1'], { input, encoding: 'utf8' }).trim());

let checks = 0;
/** @param {string} name @param {() => unknown} fn */
async function check(name, fn) {
  await fn();
  checks += 1;
  console.log(`ok ${checks} ${name}`);
}

/**
 * The Error `fn` throws (or its promise rejects with), checked to be an Error.
 * @param {() => unknown} fn
 * @returns {Promise<Error & {line?: number, column?: number, cells?: number[]}>}
 */
async function thrown(fn) {
  try {
    await fn();
  } catch (e) {
    assert.ok(e instanceof Error, `not an Error: ${e}`);
    return e;
  }
  throw new assert.AssertionError({ message: 'nothing was thrown' });
}

/** The CLI's message for bad input, without `dlx: ` and the source it names. */
function cliError(args, input) {
  const r = cli(args, input);
  assert.equal(r.status, 2, `dlx ${args.join(' ')} should refuse: ${r.out}`);
  return r.err;
}

/** N-queens boards checked by the rules: one queen a row and a column, none on a shared diagonal. */
function checkQueens(board, n) {
  const q = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (board.cells[r * n + c] === 1) q.push([r, c]);
  assert.equal(q.length, n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < i; j++) {
      const [a, b] = q[i];
      const [c, d] = q[j];
      assert.ok(a !== c && b !== d && a + b !== c + d && a - b !== c - d, `queens ${q[i]} and ${q[j]} attack`);
    }
}

await check('8-queens: 92 as the CLI counts, boards by the rules', async () => {
  assert.equal(await queens(8).count(), cliCount(['queens', '8']));
  assert.equal(await count('queens', 8), 92);
  let boards = 0;
  for await (const b of queens(8).solutions()) {
    checkQueens(b, 8);
    boards += 1;
  }
  assert.equal(boards, 92);
});

await check('13-queens: 73,712, and the event loop turns while it counts', async () => {
  let turns = 0;
  let progress = 0;
  const timer = setInterval(() => (turns += 1), 0);
  const n = await queens(13).count({ onProgress: () => (progress += 1) });
  clearInterval(timer);
  assert.equal(n, 73712);
  assert.equal(n, cliCount(['queens', '13']));
  assert.ok(progress > 1, `one slice only (${progress} progress calls)`);
  assert.ok(turns > 0, 'no timer ran during the count');
});

await check('pentomino 6x10 as the CLI counts (9,356; 2,339 distinct)', async () => {
  assert.equal(await pentomino('6x10').count(), cliCount(['pentomino', '6x10']));
  assert.equal(await pentomino('6x10', { distinct: true }).count(), cliCount(['pentomino', '6x10', '--distinct']));
});

await check('Langford 8 and 7 as the CLI counts', async () => {
  assert.equal(await langford(8).count(), cliCount(['langford', '8']));
  assert.equal(langford(7, { distinct: true }).countSync(), cliCount(['langford', '7', '--distinct']));
  const first = (await langford(7).solutions().next()).value;
  assert.ok(first && 'text' in first);
  const row = first.text.split(' ').map(Number);
  for (let k = 1; k <= 7; k++) {
    const at = row.flatMap((v, i) => (v === k ? [i] : []));
    assert.equal(at.length, 2);
    assert.equal(at[1] - at[0], k + 1, `the two ${k}s in ${first.text}`);
  }
});

const PUZZLE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
await check("a Sudoku's one solution, as the CLI solves it", async () => {
  const s = sudoku(PUZZLE);
  const found = [];
  for await (const b of s.solutions()) found.push(b);
  assert.equal(found.length, 1);
  const grid = found[0].text;
  assert.ok(cli(['solve', 'sudoku', PUZZLE]).out.includes(grid.slice(0, 9)), 'the CLI prints another grid');
  for (let i = 0; i < 81; i++) if (PUZZLE[i] !== '.') assert.equal(grid[i], PUZZLE[i]);
  const unit = (cells) => assert.equal(new Set(cells.map((i) => grid[i])).size, 9);
  for (let r = 0; r < 9; r++) unit([...Array(9)].map((_, c) => r * 9 + c));
  for (let c = 0; c < 9; c++) unit([...Array(9)].map((_, r) => r * 9 + c));
  for (let b = 0; b < 9; b++) unit([...Array(9)].map((_, i) => (Math.floor(b / 3) * 3 + Math.floor(i / 3)) * 9 + (b % 3) * 3 + (i % 3)));
  assert.equal(await sudoku('.'.repeat(16), ['x']).count(), 48);
});

const XCC = 'p q r | x y\np x:A\nq x:A y:B\nq x:B\nr y:B\nr y:A x:A\n';
await check('an XCC with colours, built and read, as the CLI counts it', async () => {
  const read = Instance.parse(XCC);
  const built = new Instance(['p', 'q', 'r'], ['x', 'y']);
  for (const line of XCC.trim().split('\n').slice(1)) built.addOption(line.split(' '));
  assert.equal(built.toKnuth(), XCC);
  const n = cliCount(['exact-cover', '-'], XCC);
  assert.equal(await read.count(), n);
  assert.equal(await count(XCC), n);
  const all = [];
  for await (const s of solve(built)) all.push(s);
  assert.equal(all.length, n);
  assert.deepEqual(all, [[0, 1, 3]]);
});

await check('multiplicities (Algorithm M) as the CLI counts them', async () => {
  const text = '2:3|a b\na\na b\nb\na\n';
  const inst = new Instance(['a', 'b']);
  inst.setMultiplicity('a', 2, 3);
  for (const o of ['a', 'a b', 'b', 'a']) inst.addOption(o.split(' '));
  assert.equal(inst.toKnuth(), text);
  assert.equal(await inst.count(), cliCount(['exact-cover', '-'], text));
});

await check('step forwards and back: the same events in reverse, back to the start', () => {
  const solver = queens(5).solver();
  const forward = [];
  for (let i = 0; i < 300; i++) {
    const e = solver.step();
    if (!e) break;
    forward.push(e);
  }
  assert.ok(forward.some((e) => e.type === 'solution'));
  const back = [];
  for (let e = solver.stepBack(); e; e = solver.stepBack()) back.push(e);
  assert.deepEqual(back.reverse(), forward);
  assert.equal(solver.countSync(), 10);
});

await check('stop early: break ends the search, an aborted count rejects', async () => {
  let seen = 0;
  for await (const b of queens(12).solutions()) {
    checkQueens(b, 12);
    if (++seen === 3) break;
  }
  assert.equal(seen, 3);
  const ac = new AbortController();
  const counting = queens(14).count({ signal: ac.signal, onProgress: () => ac.abort(new Error('enough')) });
  assert.equal((await thrown(() => counting)).message, 'enough');
});

await check("bad input: the CLI's message as a thrown Error, and the package goes on", async () => {
  let e = await thrown(() => Instance.parse('a b\na c\n'));
  assert.ok(cliError(['count', 'exact-cover', '-'], 'a b\na c\n').endsWith(e.message), e.message);
  assert.equal(e.line, 2);
  assert.equal(e.column, 3);
  e = await thrown(() => queens(0));
  assert.ok(cliError(['count', 'queens', '0']).endsWith(e.message), e.message);
  const clash = `11${'.'.repeat(79)}`;
  e = await thrown(() => sudoku(clash));
  assert.ok(cliError(['solve', 'sudoku', clash]).endsWith(e.message), e.message);
  assert.deepEqual(e.cells, [0, 1]);
  e = await thrown(() => pentomino('7x7'));
  assert.ok(cliError(['count', 'pentomino', '7x7']).endsWith(e.message), e.message);
  e = await thrown(() => Puzzle.load('chess', '8'));
  assert.match(e.message, /unknown problem kind `chess`/);
  e = await thrown(() => new Instance(['p', 'p']));
  assert.equal(e.message, 'item `p` is named twice');
  e = await thrown(() => new Instance(['p']).addOption(['p', 'y']));
  assert.equal(e.message, 'option 1: there is no item `y`');
  e = await thrown(() => new Instance(['p']).addOption(['p:red']));
  assert.match(e.message, /`p` is a primary item: only secondary items can have a colour/);
  e = await thrown(() => sudoku('.'.repeat(81), ['arrow']));
  assert.match(e.message, /arrow/);
  e = await thrown(() => count('queens', 'eight'));
  assert.ok(cliError(['count', 'queens', 'eight']).endsWith(e.message), e.message);
  // Wrong types are refused by name, never a crash of the wasm.
  e = await thrown(() => queens(/** @type {any} */ ('8')));
  assert.equal(e.message, 'n must be a number, not string');
  e = await thrown(() => new Instance(/** @type {any} */ ([1, 2])));
  assert.equal(e.message, 'primary[0] must be a string, not number');
  e = await thrown(() => Instance.parse(/** @type {any} */ (42)));
  assert.equal(e.message, 'text must be a string, not number');
  e = await thrown(() => count(/** @type {any} */ (42)));
  assert.match(e.message, /not number/);
  e = await thrown(() => queens(4).solver().count({ signal: AbortSignal.abort(new Error('at once')) }));
  assert.equal(e.message, 'at once');
  assert.equal(await queens(6).count(), 4);
});

console.log(`all ${checks} checks passed`);
