// @ts-check
// Links: the problem in the URL. Short texts (an N, a board name) go in as they are, `?queens=8`;
// a grid or a matrix goes in deflated (CompressionStream 'deflate-raw') and base64url-encoded, as
// `?exact-cover.z=…`, when that is shorter. A link longer than MAX_URL even so is not written: the
// caller says so.

import { LIMITS } from '../engine/engine.js';

/** Longer links are refused by common servers (the page's own gave HTTP 414 at 98,000 characters). */
export const MAX_URL = 8000;

/** @param {Uint8Array} bytes */
function base64url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @param {string} s */
function unbase64url(s) {
  const bad = s.match(/[^A-Za-z0-9_-]/);
  // Said in the link's terms (the browser's own words were "Failed to execute 'atob' on 'Window'").
  if (bad) throw new Error(`its packed text holds \`${bad[0]}\`, which packing never writes (letters, digits, - and _ only)`);
  let bin;
  try {
    bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new Error(`its packed text is cut short (${s.length} character${s.length === 1 ? '' : 's'})`);
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** @param {string} text */
export async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return base64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/**
 * The text of a packed link, inflated chunk by chunk up to `cap` bytes: past it the inflation stops
 * and the link is refused (`Response.text()` inflated a 1.3 MB link into 1 GB, then failed with the
 * wrong message). The cap is the Session's input cap (problems::MAX_INPUT, from the engine).
 * @param {string} packed @param {number} [cap]
 */
export async function inflate(packed, cap = LIMITS.maxInput) {
  const stream = new Blob([unbase64url(packed)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > cap) {
      await reader.cancel();
      throw new Error(`it inflates to more than the input cap of ${Math.round(cap / 1048576)} MiB; stopped there`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * The query string for a problem: `?kind=text` or `?kind.z=packed`, whichever is shorter.
 * @param {import('../engine/model.js').ProblemSpec} spec
 */
export async function queryOf(spec) {
  const plain = new URLSearchParams();
  plain.set(spec.kind, spec.text);
  if (spec.distinct) plain.set('distinct', '1');
  // A Sudoku's format is its variant switches: `variant=x,anti-knight`, as the CLI's --variant.
  const formatKey = spec.kind === 'sudoku' ? 'variant' : 'format';
  if (spec.format) plain.set(formatKey, spec.format);
  if (spec.tree) plain.set('tree', spec.tree);
  if (spec.memo) plain.set('memo', '1');
  if (spec.made) plain.set('made', spec.made);
  let q = `?${plain.toString().replace(/%2C/g, ',')}`;
  // Short links stay readable (a 9x9 Sudoku is 81 characters); longer ones are packed if that is shorter.
  if (q.length > 200) {
    const packed = new URLSearchParams();
    packed.set(`${spec.kind}.z`, await deflate(spec.text));
    if (spec.distinct) packed.set('distinct', '1');
    if (spec.format) packed.set(formatKey, spec.format);
    if (spec.tree) packed.set('tree', spec.tree);
    if (spec.memo) packed.set('memo', '1');
    if (spec.made) packed.set('made', spec.made);
    const z = `?${packed.toString()}`;
    if (z.length < q.length) q = z;
  }
  return q;
}

/** The parameters a link holds besides the problem's own (`queens=8`, `sudoku.z=…`), which `specOf` reads. */
export const LINK_PARAMS = ['distinct', 'variant', 'format', 'tree', 'memo', 'made'];

/**
 * The problem a query string names, or null.
 * @param {string} search  location.search
 * @param {Iterable<string>} kinds  the kind names
 * @returns {Promise<import('../engine/model.js').ProblemSpec | null>}
 */
export async function specOf(search, kinds) {
  const params = new URLSearchParams(search);
  const distinct = params.get('distinct') === '1';
  // The exact-cover reading (the CLI's --format), when the link names one; a Sudoku's variant
  // switches, all of them (`variant=x,windoku`, or written as `variant=windoku&variant=x`).
  const variants = params.getAll('variant').flatMap((v) => v.split(',')).filter((v) => v.trim());
  const format = params.get('format') || variants.join(',') || undefined;
  // The search tree (Session.set_tree), when the link names one; undefined: DLX1's.
  const tree = params.get('tree') || undefined;
  // The Memo switch (`memo=1`); a link without it opens with Memo off, as it was written.
  const memo = params.get('memo') === '1';
  // The size, variant and seed of a puzzle made by New puzzle (www/workers/maker.js), when the link says them.
  const made = params.get('made') || undefined;
  for (const kind of kinds) {
    if (params.has(kind)) return { kind, text: /** @type {string} */ (params.get(kind)), distinct, format, tree, memo, made };
    const z = params.get(`${kind}.z`);
    if (z !== null) return { kind, text: await inflate(z), distinct, format, tree, memo, made };
  }
  return null;
}
