// @ts-check
// Shared by the renderers: crisp canvases at any devicePixelRatio, and the palette from style.css.

/**
 * Sizes the canvas backing store to its CSS box times devicePixelRatio and returns the 2-D context
 * scaled so that the renderer draws in CSS pixels. Returns null while the canvas has no size (hidden).
 */
/** @param {HTMLCanvasElement} canvas */
export function prepare(canvas) {
  const dpr = window.devicePixelRatio || 1;
  const { w, h } = boxOf(canvas);
  if (w === 0 || h === 0) return null;
  const bw = Math.round(w * dpr), bh = Math.round(h * dpr);
  if (canvas.width !== bw || canvas.height !== bh) {
    canvas.width = bw;
    canvas.height = bh;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return { ctx, w, h, dpr };
}

/**
 * An element's CSS box (clientWidth, clientHeight), as a ResizeObserver last reported it. Reading
 * clientWidth in a frame, after the views had written their text, made the browser lay the page
 * out there and then (6 ms of each frame while playing at full speed); the observer reports sizes
 * after the browser's own layout. The first call for an element reads it and starts watching.
 * @param {Element} el @returns {{w: number, h: number}}
 */
export function boxOf(el) {
  let box = boxes.get(el);
  if (!box) {
    box = { w: el.clientWidth, h: el.clientHeight };
    boxes.set(el, box);
    sizes.observe(el);
  }
  return box;
}

/** @type {WeakMap<Element, {w: number, h: number}>} */
const boxes = new WeakMap();
const sizes = new ResizeObserver((entries) => {
  for (const e of entries) {
    const box = boxes.get(e.target);
    if (!box) continue;
    // clientWidth's own figures: the padding box without scroll bars, rounded.
    box.w = e.target.clientWidth;
    box.h = e.target.clientHeight;
  }
});

/** @type {Record<string, string> | null} */
let palette = null;

/** Forgets the colours read (the system switched dark mode): the next colours() reads them again. */
export function resetColours() {
  palette = null;
}

/** Whether the user asked for less motion: animations of the links are then skipped. */
export function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The colours of style.css (--c-*), read once, so that legends and canvases agree. */
export function colours() {
  if (palette) return palette;
  const cs = getComputedStyle(document.documentElement);
  palette = {};
  for (const name of ['primary', 'secondary', 'covered', 'branch', 'node', 'hidden', 'try', 'chosen',
    'link', 'stale', 'root', 'path', 'sol', 'dead', 'explored', 'unexplored', 'light', 'dark', 'queen',
    'attacked', 'given', 'placed', 'tried', 'hole', 'empty', 'canvas', 'panel', 'grid', 'givenbg', 'differ', 'grey', 'col1', 'col2', 'col3', 'col4',
    'col5', 'col6', 'col7', 'col8', 'col9', 'cage', 'thermo', 'diagonal', 'windoku', 'extra', 'shapelit']) {
    palette[name] = cs.getPropertyValue(`--c-${name}`).trim() || '#888';
  }
  palette.ink = cs.getPropertyValue('--ink').trim() || '#1d2330';
  palette.focus = cs.getPropertyValue('--focus').trim() || '#f0a202';
  palette.muted = cs.getPropertyValue('--muted').trim() || '#5b6475';
  palette.font = cs.getPropertyValue('--font').trim() || 'sans-serif';
  palette.mono = cs.getPropertyValue('--mono').trim() || 'monospace';
  return palette;
}

/**
 * The tint of colour number k of an XCC problem (k from 1, cycling through nine); 0 is grey.
 * @param {number} k
 */
export function tint(k) {
  const c = colours();
  return k === 0 ? c.grey : c[`col${1 + ((k - 1) % 9)}`];
}

/** A CSS colour with an alpha, for hex colours of the palette. @param {string} hex @param {number} a */
export function alpha(hex, a) {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const v = parseInt(m[1], 16);
  return `rgba(${v >> 16},${(v >> 8) & 255},${v & 255},${a})`;
}

/**
 * Draws an arrowhead at (x, y) pointing along (dx, dy).
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} dx @param {number} dy
 * @param {number} size
 */
export function arrowHead(ctx, x, y, dx, dy, size) {
  ctx.beginPath();
  arrowHeadPath(ctx, x, y, dx, dy, size);
  ctx.fill();
}

/**
 * The same arrowhead added to a path (many filled at once).
 * @param {CanvasPath} path @param {number} x @param {number} y @param {number} dx @param {number} dy @param {number} size
 */
export function arrowHeadPath(path, x, y, dx, dy, size) {
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len;
  path.moveTo(x, y);
  path.lineTo(x - ux * size - uy * size * 0.55, y - uy * size + ux * size * 0.55);
  path.lineTo(x - ux * size + uy * size * 0.55, y - uy * size - ux * size * 0.55);
  path.closePath();
}
