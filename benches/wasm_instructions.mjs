// @ts-check
// Instructions, not seconds: one workload's count in the page's wasm build under node against the
// native build, both under valgrind's callgrind, which counts the instructions a process runs. The
// same binary, input and flags give the same count within 0.1% whatever else the machine is doing,
// so two builds can be compared on a noisy host where `make bench-wasm`'s times vary 15-20% from
// run to run (benches/README.md, the `wasm` family). An instruction is not a cycle: a ratio here is
// a guide to where wasm does more work, and `make bench-wasm` on a quiet machine stays the measure.
//
//   node benches/wasm_instructions.mjs [--functions] KIND TEXT [COUNTS]    (make bench-wasm-instructions)
//
// - wasm: node, with V8 told to compile every function with its optimising compiler at once
//   (`--no-liftoff --no-wasm-tier-up`: the steady state's code, none of the baseline tier's) on the
//   main thread (`--single-threaded`) and with fixed seeds (`--predictable`), runs benches/wasm.mjs's
//   10k-node slices (the page's `Session.count_chunk`, its observer, a `load` before each count)
//   once, then 1 + COUNTS times (default 2): the difference over COUNTS is one count and its load.
// - native: `dlx count KIND TEXT --threads 1` (target/release/dlx), the instructions inside the
//   count only (`--toggle-collect` on the CLI's `run_on`): no slices, the counting observer. The
//   load left out is 0.2% of Langford 11's wasm figure.
// With --functions, the instructions of each side's hottest functions (wasm: V8's printed code,
// `--print-wasm-code`, matched to callgrind's instruction addresses; callgrind cannot name JIT code).
// Needs valgrind (Debian's package), target/bench-wasm/pkg (`make bench-wasm-instructions` binds it)
// and target/release/dlx (`make cli`).

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const functions = argv[0] === '--functions';
if (functions) argv.shift();
const [kind, text, countsArg] = argv;
if (!kind || !text) {
  console.error('usage: node benches/wasm_instructions.mjs [--functions] KIND TEXT [COUNTS]');
  process.exit(2);
}
const counts = Number(countsArg || 2);
if (!Number.isInteger(counts) || counts < 1) {
  console.error(`COUNTS must be a whole number from 1, not \`${countsArg}\``);
  process.exit(2);
}
const target = process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target');
const pkg = process.env.BENCH_WASM_PKG || path.join(target, 'bench-wasm/pkg');
const dlx = path.join(target, 'release/dlx');
for (const [file, how] of [[path.join(pkg, 'dlx_studio.js'), 'make bench-wasm-instructions'], [dlx, 'make cli']]) {
  try {
    readFileSync(file);
  } catch {
    console.error(`${file} is missing: \`${how}\` builds it`);
    process.exit(2);
  }
}
if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('valgrind is not installed (Debian: apt-get install valgrind)');
  process.exit(2);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'wasm-instr-'));
const V8_FLAGS = ['--no-liftoff', '--no-wasm-tier-up', '--single-threaded', '--predictable'];

/**
 * Runs `cmd args` under callgrind; returns the instructions it collected and the output file's path.
 * @param {string} name @param {string[]} tool callgrind's own options @param {string} cmd @param {string[]} args
 */
function callgrind(name, tool, cmd, args) {
  const out = path.join(tmp, `${name}.out`);
  const r = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, ...tool, cmd, ...args],
    { encoding: 'utf8', maxBuffer: 1 << 30 });
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) {
    console.error(`${cmd} ${args.join(' ')} under callgrind failed (status ${r.status}):\n${r.stderr.slice(-2000)}`);
    process.exit(1);
  }
  return { ir: Number(m[1]), out, stdout: r.stdout };
}

/** node counting `runs` times in the page's 10k-node slices (benches/wasm.mjs). @param {number} runs @param {string[]} extra */
function wasmRun(runs, extra) {
  const tool = ['--smc-check=all-non-file', ...extra];
  const flags = [...V8_FLAGS, ...(extra.length ? ['--print-wasm-code'] : [])];
  const r = callgrind(`wasm${runs}${extra.length ? '-instr' : ''}`, tool, process.execPath,
    [...flags, path.join(ROOT, 'benches/wasm.mjs'), pkg, 'chunk:10000', String(runs), kind, text]);
  const lines = r.stdout.split('\n').filter((l) => l.startsWith('{'));
  const last = JSON.parse(lines[lines.length - 1]);
  return { ...r, solutions: last.solutions, nodes: last.nodes };
}

const base = wasmRun(1, []);
const more = wasmRun(1 + counts, functions ? ['--dump-instr=yes'] : []);
// The printed code adds instructions of its own (the printing), outside the count.
const wasm = functions ? wasmRun(1 + counts, []).ir : more.ir;
const perWasm = (wasm - base.ir) / counts;
const nat = callgrind('native', ['--toggle-collect=*as dlx::search::Engine>::run_on'], dlx,
  ['count', kind, text, '--threads', '1', '--json']);
const native = JSON.parse(nat.stdout);
if (native.solutions !== base.solutions || native.nodes !== base.nodes) {
  console.error(`the counts differ: native ${native.solutions} solutions in ${native.nodes} nodes, wasm ${base.solutions} in ${base.nodes}`);
  process.exit(1);
}
const m = (/** @type {number} */ n) => `${(n / 1e6).toFixed(1)} M`;
console.log(`${kind} ${text}: ${native.solutions} solutions, ${native.nodes} nodes, engine ${native.engine}`);
console.log(`native (the count):            ${m(nat.ir)} instructions`);
console.log(`wasm in node (a load + count): ${m(perWasm)} instructions, ${(perWasm / nat.ir).toFixed(3)}x native`);

if (functions) {
  console.log('\nwasm, the hottest functions (all counts of the longer run):');
  for (const [f, n] of wasmFunctions(more.stdout, more.out).slice(0, 8)) {
    console.log(`  ${m(n / (1 + counts)).padStart(9)} a count  ${f}`);
  }
  console.log('native, the hottest functions (self, inlined code included):');
  for (const [f, n] of nativeFunctions(nat.out).slice(0, 8)) console.log(`  ${m(n).padStart(9)}  ${f}`);
}
rmSync(tmp, { recursive: true, force: true });

/**
 * Instructions by wasm function: V8's printed code gives each function's instruction addresses,
 * callgrind's `--dump-instr` output the instructions run at each address.
 * @param {string} code V8's `--print-wasm-code` output @param {string} out callgrind's file
 * @returns {[string, number][]}
 */
function wasmFunctions(code, out) {
  /** @type {[number, number, string][]} */
  const ranges = [];
  let name = '';
  let lo = Infinity;
  let hi = 0;
  for (const line of code.split('\n')) {
    if (line.startsWith('name: ')) name = line.slice(6).trim();
    const a = /^0x([0-9a-f]+)\s+[0-9a-f]+\s+\S+/.exec(line);
    if (a) {
      const at = parseInt(a[1], 16);
      lo = Math.min(lo, at);
      hi = Math.max(hi, at);
    }
    if (line.startsWith('--- End code') && hi > 0) {
      ranges.push([lo, hi + 16, name.replace(/::h[0-9a-f]{16}$/, '')]);
      lo = Infinity;
      hi = 0;
    }
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const find = (/** @type {number} */ at) => {
    let [l, h] = [0, ranges.length - 1];
    while (l <= h) {
      const mid = (l + h) >> 1;
      if (ranges[mid][0] <= at) l = mid + 1;
      else h = mid - 1;
    }
    return h >= 0 && at < ranges[h][1] ? ranges[h][2] : undefined;
  };
  /** @type {Map<string, number>} */
  const by = new Map();
  // Cost lines: "ADDRESS LINE IR", the address absolute (0x..), relative (+n, -n) or the same (*);
  // the line after a `calls=` line is the call's inclusive cost, not an instruction's own.
  let at = 0;
  let skip = false;
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    if (line.startsWith('calls=')) {
      skip = true;
      continue;
    }
    if (!/^[0-9+*-]/.test(line)) {
      skip = false;
      continue;
    }
    const [p, , ir] = line.split(' ');
    if (p.startsWith('0x')) at = parseInt(p, 16);
    else if (p[0] === '+' || p[0] === '-') {
      const d = p.slice(1).startsWith('0x') ? parseInt(p.slice(1), 16) : Number(p.slice(1));
      at += p[0] === '+' ? d : -d;
    }
    if (skip) {
      skip = false;
      continue;
    }
    const f = ir === undefined ? undefined : find(at);
    if (f) by.set(f, (by.get(f) || 0) + Number(ir));
  }
  return [...by].sort((x, y) => y[1] - x[1]);
}

/** Self instructions by native function, inlined code counted in its caller. @param {string} out @returns {[string, number][]} */
function nativeFunctions(out) {
  const text = execFileSync('callgrind_annotate', ['--threshold=100', out], { encoding: 'utf8', maxBuffer: 1 << 28 });
  /** @type {Map<string, number>} */
  const by = new Map();
  for (const line of text.split('\n')) {
    const m = /^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*?):(.*?)(?: \(\d+x\))?(?: \[.*\])?$/.exec(line);
    if (m && !m[2].includes('PROGRAM TOTALS')) {
      const f = m[3].trim();
      by.set(f, (by.get(f) || 0) + Number(m[1].replace(/,/g, '')));
    }
  }
  return [...by].sort((x, y) => y[1] - x[1]);
}
