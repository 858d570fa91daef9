// @ts-check
// The problem in the URL, written after every load (www/app/links.js packs it), so that a link opens
// it again, and in the history entry, so that Back and Forward move between the problems loaded.
// Opening a link is app.js's (`openFromUrl`), at start and on Back and Forward.

import { KINDS, TREES } from '../engine/engine.js';
import { fmt } from '../views/readouts.js';
import { gridKeepsRules } from '../views/variants.js';
import { queryOf, MAX_URL } from './links.js';
import { state, M, T, note } from './state.js';

/**
 * The problem in the URL, so that a link opens it again (www/app/links.js), and in the history entry, so
 * that Back and Forward move between the problems loaded. A link too long even compressed is not
 * written (the URL keeps only the page), and the status says so.
 * @param {import('../engine/model.js').ProblemSpec} spec
 * @param {boolean} push  a new history entry (else this one is replaced)
 */
export async function writeUrl(spec, push) {
  let text = spec.text;
  const input = KINDS.get(spec.kind)?.input;
  // A puzzle made by New puzzle: the link says its size, variant and seed (`made=9:killer:123`).
  const made = input === 'puzzle' ? T().maker.tagFor(spec.text) : undefined;
  if (input === 'puzzle' && !/^\s*(\{|https?:|f-puzzles|sudokupad)/i.test(text)) {
    // The canonical one-line form (givens, '.' for empty) is shorter and reads back the same; not
    // for f-puzzles JSON or a link, whose rules the line of givens would lose.
    const b = M().board();
    // Not for an f-puzzles text with shapes: its cages or regions are not in the grid's line.
    if (b.text && !/\s/.test(b.text) && gridKeepsRules(M().layout, spec.format)) text = b.text;
  }
  if (input === 'size') text = String(Number(text));
  // The tree goes in the link only when it is not the default (DLX1), so old links stay as they were.
  const tree = M().treeChoice === TREES[0].name ? undefined : M().treeChoice;
  // So does the Memo switch, only when on.
  const memo = M().memoChoice ? true : undefined;
  const canonical = { kind: spec.kind, text, distinct: spec.distinct, format: spec.format, tree, memo, made };
  const seq = ++state.link.seq;
  const query = await queryOf(canonical);
  if (seq !== state.link.seq) return; // a later load wrote its own
  const tooLong = location.pathname.length + query.length > MAX_URL;
  state.link = { ...state.link, query: tooLong ? '' : query, tooLong: tooLong ? query.length : 0, seq };
  const url = `${location.pathname}${tooLong ? '' : query}`;
  const entry = { spec: canonical };
  const prev = history.state && history.state.spec;
  const same = prev && prev.kind === canonical.kind && prev.text === canonical.text && prev.distinct === canonical.distinct
    && prev.format === canonical.format && prev.tree === canonical.tree && !!prev.memo === !!canonical.memo && prev.made === canonical.made;
  if (push && prev && !same) history.pushState(entry, '', url);
  else history.replaceState(entry, '', url);
  if (tooLong) {
    note(`Loaded ${M().info?.title}. Too large for a link: ${fmt(query.length)} characters even compressed `
      + `(at most ${fmt(MAX_URL)}); share its text instead.`);
  }
}
