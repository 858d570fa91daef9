// @ts-check
// The page's elements by id (`ui`), filled from index.html at start; the controls the code reads as
// what they are (a value, checked, disabled) are typed by their tags (CONTROLS), checked at start, so
// a changed tag fails at load.

/**
 * The page's controls the code reads as what they are (a value, checked, disabled), by id, with the
 * element type index.html gives each; `start` checks every one, so a changed tag fails at load.
 */
export const CONTROLS = {
  problem: HTMLSelectElement, preset: HTMLSelectElement, 'matrix-format': HTMLSelectElement,
  'tree-choice': HTMLSelectElement, 'pentomino-board': HTMLSelectElement, 'race-until': HTMLSelectElement,
  size: HTMLInputElement, distinct: HTMLInputElement, speed: HTMLInputElement, timeline: HTMLInputElement,
  memo: HTMLInputElement, 'pause-at-solution': HTMLInputElement, 'pause-at-dead-end': HTMLInputElement, 'pause-at-level': HTMLInputElement,
  'pause-level': HTMLInputElement, puzzle: HTMLTextAreaElement, 'matrix-input': HTMLTextAreaElement,
  'matrix-canvas': HTMLCanvasElement, 'board-canvas': HTMLCanvasElement,
  solve: HTMLButtonElement, 'solve-form': HTMLButtonElement, 'solution-prev': HTMLButtonElement, 'solution-next': HTMLButtonElement,
  load: HTMLButtonElement, reset: HTMLButtonElement, 'step-back': HTMLButtonElement, 'step-back-choice': HTMLButtonElement,
  play: HTMLButtonElement, step: HTMLButtonElement, 'step-choice': HTMLButtonElement, 'next-solution': HTMLButtonElement,
  'run-to-end': HTMLButtonElement, 'race-start': HTMLButtonElement, 'race-stop': HTMLButtonElement,
  'run-cancel': HTMLButtonElement, 'run-anyway': HTMLButtonElement, 'download-log': HTMLButtonElement,
  'download-instance': HTMLButtonElement, 'download-solutions': HTMLButtonElement,
  'maker-size': HTMLSelectElement, 'maker-variant': HTMLSelectElement, 'maker-seed': HTMLInputElement,
  'new-puzzle': HTMLButtonElement, 'maker-cancel': HTMLButtonElement,
};
/**
 * The page's elements by id: the CONTROLS as their types, every other one as an HTMLElement.
 * @typedef {Record<string, HTMLElement> & {[K in keyof typeof CONTROLS]: InstanceType<(typeof CONTROLS)[K]>}} UI
 */

/** Filled by `findElements` from index.html (every element with an id). */
export const ui = /** @type {UI} */ ({});

/** Fills `ui` from the page, and checks every control's tag. */
export function findElements() {
  for (const el of document.querySelectorAll('[id]')) if (el instanceof HTMLElement) ui[el.id] = el;
  for (const [id, type] of Object.entries(CONTROLS)) {
    if (!(ui[id] instanceof type)) throw new Error(`#${id} is not a ${type.name} (index.html)`);
  }
}
