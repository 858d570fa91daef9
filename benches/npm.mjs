// The npm package against npm `dancing-links` (benches/README.md, `make bench-npm`): the same
// instances (the package's own export in Knuth's format, as `dlx export` writes it) counted in one
// node process by each, in turns, three runs each; the median and the range printed as a table row.
// Run from the directory where `make bench-npm` installed both packages.
import { performance } from 'node:perf_hooks';
import { DancingLinks } from 'dancing-links';
import { Instance, Puzzle } from 'dlx-studio';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CASES = [
  ['13-queens', 'queens', '13', 73712],
  ['pentomino 6x10', 'pentomino', '6x10', 9356],
  ['Langford 12', 'langford', '12', 216288],
];

/** Knuth's format read into `dancing-links`' sparse form: primary and secondary item indices. */
function toDancingLinks(text) {
  const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('|'));
  const [primaryText, secondaryText = ''] = lines[0].split('|');
  const primary = primaryText.trim().split(/\s+/);
  const secondary = secondaryText.trim().split(/\s+/).filter(Boolean);
  const index = new Map([...primary, ...secondary].map((n, i) => [n, i]));
  const options = lines.slice(1).map((l) => {
    const items = l.trim().split(/\s+/).map((n) => index.get(n));
    return {
      primary: items.filter((i) => i < primary.length),
      secondary: items.filter((i) => i >= primary.length).map((i) => i - primary.length),
    };
  });
  return { nPrimary: primary.length, nSecondary: secondary.length, options };
}

function countDancingLinks(p) {
  const dlx = new DancingLinks();
  const solver =
    p.nSecondary > 0
      ? dlx.createSolver({ primaryColumns: p.nPrimary, secondaryColumns: p.nSecondary })
      : dlx.createSolver({ columns: p.nPrimary });
  p.options.forEach((o, k) =>
    p.nSecondary > 0 ? solver.addSparseConstraint(k, o) : solver.addSparseConstraint(k, o.primary),
  );
  return solver.findAll().length;
}

const time = (fn) => {
  const t = performance.now();
  const n = fn();
  return [n, (performance.now() - t) / 1000];
};
const timeAsync = async (fn) => {
  const t = performance.now();
  const n = await fn();
  return [n, (performance.now() - t) / 1000];
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => `${median(xs).toFixed(2)} s (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;

console.log(`| instance | dancing-links | dlx-studio countSync | dlx-studio await count | ratio (medians, sync) |`);
console.log('|---|---:|---:|---:|---:|');
for (const [name, kind, arg, want] of CASES) {
  const text = Puzzle.load(kind, arg).toKnuth();
  const p = toDancingLinks(text);
  const theirs = [];
  const sync = [];
  const slices = [];
  for (let r = 0; r < RUNS; r++) {
    const [a, ta] = time(() => countDancingLinks(p));
    const [b, tb] = time(() => Instance.parse(text).countSync());
    const [c, tc] = await timeAsync(() => Instance.parse(text).count());
    for (const [who, n] of [['dancing-links', a], ['countSync', b], ['count', c]]) {
      if (n !== want) throw new Error(`${name}: ${who} counted ${n}, not ${want}`);
    }
    theirs.push(ta);
    sync.push(tb);
    slices.push(tc);
  }
  const ratio = median(theirs) / median(sync);
  console.log(`| ${name} (${want.toLocaleString('en')}) | ${fmt(theirs)} | ${fmt(sync)} | ${fmt(slices)} | ${ratio.toFixed(1)}x |`);
}
