// The npm package in use: count queens without blocking, solve a Sudoku, a custom exact cover with
// colours, and an error as the CLI words it.
import { count, Instance, queens, sudoku } from 'dlx-studio';

// A long count runs in slices: the timer keeps ticking meanwhile.
let ticks = 0;
const timer = setInterval(() => (ticks += 1), 10);
const n = await count('queens', 12);
clearInterval(timer);
console.log(`12-queens: ${n} solutions (the timer ticked ${ticks} times meanwhile)`);

// The first 8-queens board.
const first = await queens(8).solutions().next();
console.log(first.value.text);

// A Sudoku: the solution, and whether it is the only one.
const puzzle = sudoku('..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..');
const found = [];
for await (const board of puzzle.solutions()) {
  found.push(board.text);
  if (found.length === 2) break;
}
console.log(found[0], found.length === 1 ? 'unique' : 'not unique');

// Exact cover with colours: p and q share x only when they give it the same colour.
const inst = new Instance(['p', 'q'], ['x']);
inst.addOption(['p', 'x:A']);
inst.addOption(['q', 'x:A']);
inst.addOption(['q', 'x:B']);
for await (const solution of inst.solutions()) {
  console.log('solution:', solution.map((k) => inst.optionText(k)).join(' / '));
}

// Bad input: an Error with the CLI's message, its line and column.
try {
  Instance.parse('a b\na c\n');
} catch (e) {
  console.log(`refused: ${e.message} (line ${e.line}, column ${e.column})`);
}
