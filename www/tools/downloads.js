// @ts-check
// The downloads (issue 9's "Export"): the step log of the steps taken (the JSON lines of `dlx trace`),
// the problem in Knuth's format (`dlx export`) and the solutions kept (`dlx solve --limit 0`). Each text
// is made by the engine, with the CLI's own code (src/narrate.rs, problems::knuth_export,
// problems::solutions_text), so page and CLI give the same bytes; this module only names the file and
// hands it to the browser. It draws nothing and is not a renderer: it acts on a click.

import { LIMITS } from '../engine/engine.js';

/** The longest step log the page writes (a line is ~250 bytes: about 25 MB). */
export const MAX_LOG_EVENTS = 100000;

/**
 * A file name from the problem's title: "8-queens" → "8-queens", "Sudoku 9x9" → "sudoku-9x9".
 * @param {string} title
 */
export function slug(title) {
  const s = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return s.slice(0, 60) || 'problem';
}

/**
 * Hands `text` to the browser as a file download.
 * @param {string} name @param {string} text @param {string} type
 */
function save(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/**
 * Wires the three download buttons.
 * @param {{log: HTMLButtonElement, instance: HTMLButtonElement, solutions: HTMLButtonElement}} buttons
 * @param {{model: () => import('../engine/model.js').Model, note: (text: string, kind?: string) => void,
 *   before?: () => void, kept?: {runBoards: () => import('../engine/model.js').Board[] | null}, sync?: () => boolean}} app
 *   before: called first (the app pauses play and any hunt, so the download is of a search that
 *   stands still); kept: the kept solutions (www/tools/sudoku/kept.js), whose `runBoards` are the
 *   first solutions of the last run to the end of the problem loaded, while it shows them; sync: loads a changed form, false when it does not load
 */
export function bindDownloads(buttons, { model, note, before = () => {}, kept, sync = () => true }) {
  const title = () => model().info?.title || 'problem';
  buttons.log.addEventListener('click', () => {
    before();
    const m = model();
    if (!m || !m.info) return;
    const log = m.stepLog(MAX_LOG_EVENTS);
    if (log.events === 0) {
      // (It saved an empty file.)
      note('No step taken yet: nothing to download (Step or Play first).');
      return;
    }
    const n = log.events.toLocaleString('en-US');
    save(`${slug(title())}-steps.jsonl`, log.text, 'application/x-ndjson');
    note(log.reached
      ? `Downloaded the step log: ${n} event${log.events === 1 ? '' : 's'} from the start (as \`dlx trace --events ${log.events}\`).`
      : `Downloaded the first ${n} events of the step log: the search stands further from the start than that.`);
  });
  buttons.instance.addEventListener('click', () => {
    before();
    // The problem in the form, loaded first as Play and Copy link do (a changed form downloaded the
    // problem loaded before); none for a form that does not load.
    if (!sync()) {
      note('No download: the problem in the form does not load (its error is by the box).', 'error');
      return;
    }
    const m = model();
    if (!m || !m.info) return;
    let text;
    try {
      text = m.exportKnuth();
    } catch (err) {
      note(`Cannot export: ${/** @type {Error} */ (err).message}`, 'error');
      return;
    }
    save(`${slug(title())}.dlx`, text, 'text/plain');
    note(`Downloaded ${title()} in Knuth's format (as \`dlx export\`): load it back in the exact-cover box.`);
  });
  buttons.solutions.addEventListener('click', () => {
    before();
    const m = model();
    if (!m || !m.info) return;
    const k = m.keptCount();
    const run = kept ? kept.runBoards() : null;
    if (k === 0 && run && run.length) {
      // None found by the search stepped here, but a run to the end kept its first ones: those, as
      // `dlx solve` prints boards (problems::solutions_text: each board, a blank line between).
      const printed = (/** @type {import('../engine/model.js').Board} */ b) => (!b.text && b.lines && b.lines.length ? b.lines.join('\n') : b.text);
      save(`${slug(title())}-solutions.txt`, run.map((b) => `${printed(b)}\n`).join('\n'), 'text/plain');
      note(`Downloaded the run to the end's first ${run.length} solution${run.length === 1 ? '' : 's'} (as \`dlx solve --limit ${run.length}\` prints them).`);
      return;
    }
    if (k === 0) {
      note('No solution found yet: nothing to download (Next solution finds one).');
      return;
    }
    save(`${slug(title())}-solutions.txt`, m.solutionsText(), 'text/plain');
    note(`Downloaded ${k} solution${k === 1 ? '' : 's'} (as \`dlx solve --limit 0\` prints them${k === LIMITS.keep ? `; the first ${LIMITS.keep} are kept` : ''}).`);
  });
}
