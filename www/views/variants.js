// @ts-check
// A variant Sudoku on the board (issue 20), from Session.layout(): the shapes drawn over the cells and
// what a pointer is on.
//
// - Drawing (called by board.js around its own drawing of a Sudoku): windoku and extra regions
//   shaded, thermometers (a bulb and a thick line) and diagonals under the digits; thick borders
//   wherever two regions meet (a jigsaw's regions, never the boxes they replace); killer cages as
//   dashed outlines inset in their cells, the sum in the top-left corner in a hole cut in the
//   dashes; the shape pointed at tinted and outlined. The shapes are painted once into layers and
//   copied each frame (`layer`).
// - Pointing (`VariantTools`): a cage's outline or sum, a thermometer, a diagonal, the border of a
//   region, a clue's mark, line or number (`clues.js` `clueAt`) (hover, `shapeAt`), or a button of the list under the board (focus, tap, hover) lights the
//   shape on the board and its items and options (its fillings) in the matrix.
// - The picker: the switches of a typed Sudoku (sudoku_switches(): the CLI's --variant names), whose
//   value is the Sudoku's `format` for Session.load_as.

import { SHAPE, SWITCHES } from '../engine/engine.js';
import { alpha } from './canvas.js';
import { boardRows, cellRC, gridOf, segmentDistance } from './grid.js';
import { paintClueLines, paintClueMarks, ring, clueAt, CAGE_KINDS } from './clues.js';

/**
 * @typedef {{kind: number, name: string, cells: number[], sum?: number, items: number[], options: number[]}} Constraint
 * @typedef {{size: number, rows?: number, cols?: number, boxes?: number[], variants: string[], jigsaw: boolean, regions: number[], constraints: Constraint[], clues?: import('./clues.js').Clue[], extra?: number[][]}} Layout
 * @typedef {{cell: number, x0: number, y0: number}} Geometry
 * @typedef {{cell: number, x0: number, y0: number, w: number, h: number}} Canvas  a geometry in a canvas of w x h px
 */

/** Per layout: each constraint's cells as a set, and the constraints of each cell. @type {WeakMap<Layout, {sets: Set<number>[], of: number[][]}>} */
const INDEX = new WeakMap();

/** @param {Layout} L */
function index(L) {
  let ix = INDEX.get(L);
  if (!ix) {
    const sets = L.constraints.map((c) => new Set(c.cells));
    /** @type {number[][]} */
    const of = Array.from({ length: L.size * L.size }, () => []);
    // A constraint through cells outside the grid (ISS's Var, past n²): those cells are no
    // grid cell's, and are pointed at through the constraint's other cells.
    L.constraints.forEach((c, k) => { for (const p of c.cells) of[p]?.push(k); });
    ix = { sets, of };
    INDEX.set(L, ix);
  }
  return ix;
}

/** A number per object (a layout, a palette), for the layers' keys. @type {WeakMap<object, number>} */
const IDS = new WeakMap();
let lastId = 0;
/** @param {object} o */
function idOf(o) {
  if (!IDS.has(o)) IDS.set(o, ++lastId);
  return IDS.get(o);
}

/**
 * What a variant's drawing drew, for pointing at it and for the browser tests: cells shaded,
 * thermometers and cages (their cells), diagonals (line ends), inner borders, sums (cell, text, box).
 * @typedef {{shaded?: number[], thermos?: number[][], diagonals?: number[][], borders?: number[][],
 *   cages?: number[][], sums?: {cell: number, text: string, box: number[]}[],
 *   lines?: import('./clues.js').DrawnClue[], marks?: import('./clues.js').DrawnClue[]}} Drawn
 */

/** The layers drawn last, by name: their key, canvas and what they drew. @type {Map<string, {key: string, canvas: HTMLCanvasElement, drawn: Drawn}>} */
const LAYERS = new Map();

/**
 * A layer painted once per key (layout, palette, geometry, shape pointed at) and copied onto ctx
 * after that: stroking dashed cages and thick thermometers every frame took 2-5x a classic board's
 * whole draw, and during play the board is drawn every frame while the shapes stay put.
 * @param {CanvasRenderingContext2D} ctx @param {string} name @param {string} key
 * @param {{w: number, h: number}} g @param {(off: CanvasRenderingContext2D) => Drawn} paint  returns what it drew
 */
function layer(ctx, name, key, g, paint) {
  const dpr = ctx.getTransform().a || 1;
  const full = `${key}|${g.w}|${g.h}|${dpr}`;
  let l = LAYERS.get(name);
  if (!l || l.key !== full) {
    const canvas = l ? l.canvas : document.createElement('canvas');
    canvas.width = Math.round(g.w * dpr);
    canvas.height = Math.round(g.h * dpr);
    const off = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    off.setTransform(dpr, 0, 0, dpr, 0, 0);
    off.clearRect(0, 0, g.w, g.h);
    l = { key: full, canvas, drawn: paint(off) };
    LAYERS.set(name, l);
  }
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(l.canvas, 0, 0);
  ctx.restore();
  return l.drawn;
}

/** Whether the layout draws anything beyond a classic Sudoku's boxes. @param {Layout | null} L */
export function isVariant(L) {
  return !!L && L.variants.length > 0;
}

/** Where a sum's cell starts its pencil marks, as a fraction of the cell: below the sum's box (its
 * inset 0.08, a font of 0.22 and a pixel either side come to at most 0.34 from 36 px cells on). */
export const MARKS_BELOW_SUM = 0.34;

/** The inset of a cage's dashed outline in its cells, in px. @param {number} cell */
function cageInset(cell) {
  return Math.max(2, cell * 0.08);
}

/** The cell a cage's sum is written in: its top-left cell (the first in reading order). @param {Constraint} c */
function sumCell(c) {
  return Math.min(...c.cells);
}

/**
 * Under the digits: windoku and extra regions shaded, the shape pointed at tinted, thermometers and
 * diagonals. Returns what it drew (the browser tests read it): cells shaded, thermometers (bulb
 * cell and cells), diagonals (end points, px).
 * @param {CanvasRenderingContext2D} ctx @param {Canvas} g @param {Layout} L
 * @param {Record<string, string>} c  the colours @param {number} lit  the constraint pointed at, or −1
 */
export function drawUnder(ctx, g, L, c, lit) {
  const key = `${idOf(L)}|${idOf(c)}|${g.cell}|${g.x0}|${g.y0}|${lit}`;
  return layer(ctx, 'under', key, g, (off) => paintUnder(off, g, L, c, lit));
}

/** @param {CanvasRenderingContext2D} ctx @param {Geometry} g @param {Layout} L @param {Record<string, string>} c @param {number} lit */
function paintUnder(ctx, g, L, c, lit) {
  const { cell, x0, y0 } = g, n = L.size;
  const at = (/** @type {number} */ p) => { const [i, j] = cellRC(p, n); return [x0 + j * cell, y0 + i * cell]; };
  const centre = (/** @type {number} */ p) => { const [x, y] = at(p); return [x + cell / 2, y + cell / 2]; };
  const drawn = { shaded: /** @type {number[]} */ ([]), thermos: /** @type {number[][]} */ ([]), diagonals: /** @type {number[][]} */ ([]) };
  ctx.save();
  for (const k of L.constraints) {
    if (k.kind !== SHAPE.Windoku && k.kind !== SHAPE.ExtraRegion) continue;
    ctx.fillStyle = k.kind === SHAPE.Windoku ? c.windoku : alpha(c.extra, 0.13);
    for (const p of k.cells) { const [x, y] = at(p); ctx.fillRect(x, y, cell, cell); drawn.shaded.push(p); }
  }
  if (lit >= 0 && L.constraints[lit]) {
    ctx.fillStyle = alpha(c.shapelit, 0.3);
    for (const p of L.constraints[lit].cells) { const [x, y] = at(p); ctx.fillRect(x, y, cell, cell); }
  }
  // Thermometers: a thick rounded line from the bulb, and the bulb.
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [i, k] of L.constraints.entries()) {
    if (k.kind !== SHAPE.Thermo || !k.cells.length) continue;
    const colour = i === lit ? c.shapelit : c.thermo;
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.lineWidth = cell * 0.3;
    ctx.beginPath();
    k.cells.forEach((p, j) => { const [x, y] = centre(p); if (j) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
    ctx.stroke();
    const [bx, by] = centre(k.cells[0]);
    ctx.beginPath();
    ctx.arc(bx, by, cell * 0.37, 0, 2 * Math.PI);
    ctx.fill();
    drawn.thermos.push(k.cells.slice());
  }
  for (const [i, k] of L.constraints.entries()) {
    if (k.kind !== SHAPE.Diagonal) continue;
    const [ax, ay] = centre(k.cells[0]), [bx, by] = centre(k.cells[k.cells.length - 1]);
    // Corner to corner: the first and last cells' centres pushed out by half a cell.
    const dx = Math.sign(bx - ax) * cell / 2, dy = Math.sign(by - ay) * cell / 2;
    ctx.strokeStyle = i === lit ? c.shapelit : c.diagonal;
    ctx.lineWidth = Math.max(1.5, cell * (i === lit ? 0.09 : 0.045));
    ctx.beginPath();
    ctx.moveTo(ax - dx, ay - dy);
    ctx.lineTo(bx + dx, by + dy);
    ctx.stroke();
    drawn.diagonals.push([ax - dx, ay - dy, bx + dx, by + dy]);
  }
  ctx.restore();
  // The clues' lines, arrows and clones (issue 43), under the digits too.
  return { ...drawn, lines: L.clues ? paintClueLines(ctx, g, n, L.clues, c) : [] };
}

/**
 * The region borders, thick wherever two regions meet, and the frame: a jigsaw's regions, the
 * boxes otherwise (from the layout's regions either way). Returns the inner borders drawn, as
 * pairs of neighbouring cells [p, q] (p < q).
 * @param {CanvasRenderingContext2D} ctx @param {Geometry} g @param {Layout} L @param {string} ink
 */
export function drawBorders(ctx, g, L, ink) {
  const { cell, x0, y0 } = g, n = L.size, R = L.regions;
  // A shaped grid's cells are its top left rows × cols.
  const rows = L.rows ?? n, cols = L.cols ?? n;
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = 2;
  ctx.lineCap = 'square';
  ctx.beginPath();
  /** @type {number[][]} */
  const edges = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const p = i * n + j;
      if (j + 1 < cols && R[p] !== R[p + 1]) {
        ctx.moveTo(x0 + (j + 1) * cell, y0 + i * cell); ctx.lineTo(x0 + (j + 1) * cell, y0 + (i + 1) * cell);
        edges.push([p, p + 1]);
      }
      if (i + 1 < rows && R[p] !== R[p + n]) {
        ctx.moveTo(x0 + j * cell, y0 + (i + 1) * cell); ctx.lineTo(x0 + (j + 1) * cell, y0 + (i + 1) * cell);
        edges.push([p, p + n]);
      }
    }
  }
  ctx.rect(x0, y0, cols * cell, rows * cell);
  ctx.stroke();
  ctx.restore();
  return edges;
}

/**
 * The edges of a set of cells' outline, inset by d px: per cell side on the outline, a segment that
 * stops short at a convex corner, meets its neighbour's on a straight run and reaches into the
 * corner cell at a concave one. @param {CanvasRenderingContext2D} ctx @param {Set<number>} set @param {number} n
 * @param {Geometry} g @param {number} d
 */
function outline(ctx, set, n, g, d) {
  const { cell, x0, y0 } = g;
  const has = (/** @type {number} */ i, /** @type {number} */ j) => i >= 0 && j >= 0 && i < n && j < n && set.has(i * n + j);
  ctx.beginPath();
  for (const p of set) {
    const [i, j] = cellRC(p, n), x = x0 + j * cell, y = y0 + i * cell;
    // For each side: the outward step (di, dj) and the step along it (ai, aj), from its start corner.
    for (const [di, dj, ai, aj] of [[-1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 0, -1], [0, -1, -1, 0]]) {
      if (has(i + di, j + dj)) continue;
      // The end of the side in direction s (−1: back, +1: on): where it meets the next side.
      const reach = (/** @type {number} */ s) => {
        if (!has(i + s * ai, j + s * aj)) return -d;
        return has(i + s * ai + di, j + s * aj + dj) ? d : 0;
      };
      // The side's line, d inside the cell, from one corner to the other (cell coordinates 0..1).
      const cx = x + cell / 2, cy = y + cell / 2;
      const ox = dj * (cell / 2 - d), oy = di * (cell / 2 - d);
      const a0 = -(cell / 2) - reach(-1), a1 = cell / 2 + reach(1);
      ctx.moveTo(cx + ox + aj * a0, cy + oy + ai * a0);
      ctx.lineTo(cx + ox + aj * a1, cy + oy + ai * a1);
    }
  }
  ctx.stroke();
}

/**
 * Over the grid: extra regions' outlines, cages (dashed, inset) with their sums, and the outline of the
 * shape pointed at. Returns what it drew: each cage's cells, and each sum with its cell and box (px).
 * @param {CanvasRenderingContext2D} ctx @param {Canvas} g @param {Layout} L @param {Record<string, string>} c
 * @param {number} lit
 */
export function drawOver(ctx, g, L, c, lit) {
  const key = `${idOf(L)}|${idOf(c)}|${g.cell}|${g.x0}|${g.y0}|${lit}`;
  return layer(ctx, 'over', key, g, (off) => paintOver(off, g, L, c, lit));
}

/** @param {CanvasRenderingContext2D} ctx @param {Geometry} g @param {Layout} L @param {Record<string, string>} c @param {number} lit */
function paintOver(ctx, g, L, c, lit) {
  const { cell, x0, y0 } = g, n = L.size;
  const { sets } = index(L);
  const d = cageInset(cell);
  const drawn = { cages: /** @type {number[][]} */ ([]), sums: /** @type {{cell: number, text: string, box: number[]}[]} */ ([]) };
  ctx.save();
  L.constraints.forEach((k, i) => {
    if (k.kind !== SHAPE.ExtraRegion) return;
    ctx.strokeStyle = c.extra;
    ctx.lineWidth = 2;
    ctx.setLineDash([]);
    outline(ctx, sets[i], n, g, 2);
  });
  ctx.lineWidth = Math.max(1, Math.min(2, cell * 0.03));
  ctx.setLineDash([Math.max(2, cell * 0.08), Math.max(2, cell * 0.06)]);
  L.constraints.forEach((k, i) => {
    if (k.kind !== SHAPE.Cage) return;
    ctx.strokeStyle = c.cage;
    outline(ctx, sets[i], n, g, d);
    drawn.cages.push(k.cells.slice());
  });
  // Issue 43's cages (counted, rellik, equality, either/or): dashed like a killer cage, over their
  // shade; not an either/or of clues outside the grid, written there.
  const clueCages = (L.clues || []).filter((k) => CAGE_KINDS.has(k.kind) && k.cells.length && !k.ring);
  for (const k of clueCages) {
    ctx.strokeStyle = c.cage;
    outline(ctx, new Set(k.cells), n, g, d);
  }
  ctx.setLineDash([]);
  // Sums: small, in the top-left corner, in a hole cut in the dashes (the cell shows through), clear
  // of the digit.
  const size = Math.max(7, Math.round(cell * 0.22));
  ctx.font = `600 ${size}px ${c.font}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  /** A label in cell p's top-left corner, in a hole cut in the dashes; its box. @param {number} p @param {string} label */
  const corner = (p, label) => {
    const [i, j] = cellRC(p, n), x = x0 + j * cell, y = y0 + i * cell;
    const w = Math.min(ctx.measureText(label).width, cell - 2 * d);
    ctx.globalCompositeOperation = 'destination-out';
    ctx.fillRect(x + d - 1, y + d - 1, w + 3, size + 2);
    ctx.globalCompositeOperation = 'source-over';
    ctx.fillStyle = c.cage;
    ctx.fillText(label, x + d + 0.5, y + d + 0.5, cell - 2 * d);
    return [x + d - 1, y + d - 1, w + 3, size + 2];
  };
  for (const k of L.constraints) {
    // A cage without a sum has none (Rust's None reaches the page as undefined).
    if (k.kind !== SHAPE.Cage || k.sum === undefined) continue;
    const p = sumCell(k), label = String(k.sum);
    drawn.sums.push({ cell: p, text: label, box: corner(p, label) });
  }
  // Issue 43's cages' labels ("1617", "≠8", "=") the same way, in their first cell in reading order.
  for (const k of clueCages) corner(Math.min(...k.cells), k.label || String(k.value ?? ''));
  // The digits an either/or's sides state, small in the bottom-right corner of their cells, in the
  // cage's colour ("1" in r1c1 and in r1c2 for "either r1c1=1 or r1c2=1").
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillStyle = c.cage;
  // A cell two either/ors state gets each digit once, with "/" between.
  /** @type {Map<number, string[]>} */
  const hints = new Map();
  for (const k of clueCages) {
    for (const [p, t] of k.hints || []) {
      const said = hints.get(p) || [];
      if (!said.includes(t)) hints.set(p, [...said, t]);
    }
  }
  for (const [p, said] of hints) {
    const [i, j] = cellRC(p, n), x = x0 + (j + 1) * cell, y = y0 + (i + 1) * cell;
    ctx.fillText(said.join('/'), x - d - 1, y - d, cell - 2 * d);
  }
  if (lit >= 0 && L.constraints[lit]) {
    ctx.strokeStyle = c.shapelit;
    ctx.lineWidth = Math.max(2.5, cell * 0.07);
    outline(ctx, sets[lit], n, g, ctx.lineWidth / 2);
  }
  ctx.restore();
  // The clues' marks between cells, quadruples and outside clues, over the grid lines.
  return { ...drawn, marks: L.clues ? paintClueMarks(ctx, g, n, L.clues, c) : [] };
}

/**
 * Where a cell's pencil marks go, as fractions of the cell [left, top, right, bottom]: inside a
 * cage's outline, and below its sum in the sum's cell, so that neither covers a mark.
 * @param {Layout | null} L @returns {(p: number) => number[] | null}
 */
export function markBox(L) {
  if (!L) return () => null;
  const { of } = index(L);
  /** @type {Map<number, number>} */
  const sums = new Map();
  for (const k of L.constraints) if (k.kind === SHAPE.Cage && k.sum !== undefined) sums.set(sumCell(k), 1);
  return (p) => {
    if (!of[p].some((k) => L.constraints[k].kind === SHAPE.Cage)) return null;
    return [0.1, sums.has(p) ? MARKS_BELOW_SUM : 0.1, 0.92, 0.92];
  };
}

/**
 * The constraint under a point of the board (CSS px in the canvas), or −1: a thermometer's line or
 * bulb, a diagonal's line, a band along a cage's outline (or its sum), along a windoku or extra
 * region's outline, or along a region border. Elsewhere a cell is pointed at, as on a classic board.
 * @param {Layout | null} L @param {Geometry} g @param {number} px @param {number} py
 */
export function shapeAt(L, g, px, py) {
  if (!isVariant(L) || !L) return -1;
  const n = L.size, gx = (px - g.x0) / g.cell, gy = (py - g.y0) / g.cell;
  const C = L.constraints;
  // A clue of issue 43 (a mark on an edge, a line, a number in the ring): the clues are the last
  // constraints, in the order of L.clues.
  const clues = L.clues || [];
  const clue = clueAt(clues, n, gx, gy);
  if (clue >= 0) return C.length - clues.length + clue;
  if (gx < 0 || gy < 0 || gx >= n || gy >= n) return -1;
  const i = Math.floor(gy), j = Math.floor(gx), p = i * n + j, fx = gx - j, fy = gy - i;
  const { sets, of } = index(L);
  // Thermometers: within the line's width of its centre line, or on the bulb.
  for (const [k, c] of C.entries()) {
    if (c.kind !== SHAPE.Thermo) continue;
    const pts = c.cells.map((q) => { const [i, j] = cellRC(q, n); return [j + 0.5, i + 0.5]; });
    if (Math.hypot(gx - pts[0][0], gy - pts[0][1]) < 0.4) return k;
    for (let s = 1; s < pts.length; s++) if (segmentDistance(gx, gy, pts[s - 1], pts[s]) < 0.17) return k;
  }
  for (const [k, c] of C.entries()) {
    if (c.kind !== SHAPE.Diagonal) continue;
    const plus = c.cells[0] !== 0;
    const dist = plus ? Math.abs(gx + gy - n) / Math.SQRT2 : Math.abs(gx - gy) / Math.SQRT2;
    if (dist < 0.12) return k;
  }
  // Bands along an outline: the sides of cell p on the shape's outline, `band` deep.
  const near = (/** @type {number} */ k, /** @type {number} */ band) => {
    const set = sets[k];
    return (fy < band && !(i > 0 && set.has(p - n))) || (fy > 1 - band && !(i + 1 < n && set.has(p + n)))
      || (fx < band && !(j > 0 && set.has(p - 1))) || (fx > 1 - band && !(j + 1 < n && set.has(p + 1)));
  };
  for (const k of of[p]) {
    if (C[k].kind !== SHAPE.Cage) continue;
    if (near(k, 0.24) || (sumCell(C[k]) === p && fx < 0.45 && fy < 0.34)) return k;
  }
  for (const kind of [SHAPE.Windoku, SHAPE.ExtraRegion, SHAPE.Region]) {
    for (const k of of[p]) if (C[k].kind === kind && near(k, 0.13)) return k;
  }
  return -1;
}

/**
 * The variant picker of a typed Sudoku: one checkbox per switch of sudoku_switches(), named as the
 * CLI's --variant names them. Its value is the Sudoku's `format` ("x,anti-knight", or undefined).
 */
export class VariantPicker {
  /** @param {HTMLElement} box  the element the checkboxes go in @param {() => void} onChange */
  constructor(box, onChange) {
    this.box = box;
    /** @type {HTMLInputElement[]} */
    this.inputs = SWITCHES.map((s) => {
      const label = document.createElement('label');
      label.className = 'variant-switch';
      label.title = s.rule;
      const input = document.createElement('input');
      input.type = 'checkbox';
      // An id, its label's `for` and its own title: the rule reads as the tooltip of the box and of
      // its words, and a phone's 44 px target is measured on the label.
      input.id = `variant-${s.name}`;
      label.htmlFor = input.id;
      input.title = s.rule;
      input.value = s.name;
      input.dataset.testid = `variant-${s.name}`;
      input.addEventListener('change', onChange);
      label.append(input, ` ${s.name}`);
      box.append(label);
      return input;
    });
  }

  /** The switches ticked, comma-separated as --variant takes them, or undefined for none. */
  get value() {
    const on = this.inputs.filter((i) => i.checked && !i.disabled).map((i) => i.value);
    return on.length ? on.join(',') : undefined;
  }

  /** Ticks the switches a format names (a preset's, a link's). @param {string | undefined} format */
  set value(format) {
    const on = new Set((format || '').split(',').map((w) => w.trim()).filter(Boolean));
    for (const i of this.inputs) {
      i.checked = on.has(i.value);
      this._own(i, false);
    }
  }

  /**
   * Shows the rules of the puzzle loaded (its layout's `variants`): a rule its own text states (an
   * f-puzzles puzzle's `diagonal+` and `diagonal-`) is ticked and greyed, since only an edit of that
   * text takes it away (the box stood empty beside a title saying "x", and ticking it changed
   * nothing); a switch ticked stays a switch.
   * @param {string[]} variants
   */
  showRules(variants) {
    for (const i of this.inputs) {
      const ticked = i.checked && !i.disabled;
      const own = !ticked && variants.includes(i.value);
      i.checked = ticked || own;
      this._own(i, own);
    }
  }

  /** @param {HTMLInputElement} i @param {boolean} own  the rule is in the puzzle's text */
  _own(i, own) {
    i.disabled = own;
    const rule = SWITCHES.find((s) => s.name === i.value)?.rule ?? '';
    i.title = own ? `${rule}: a rule of the puzzle's own text (f-puzzles), which only an edit of the text takes away` : rule;
    /** @type {HTMLElement} */ (i.parentElement).title = i.title;
  }
}

/**
 * Pointing at a variant's shapes: on the board (hover), and through the list of shapes under it
 * (focus, tap, hover). The shape pointed at is `lit` (a constraint's index, −1 for none); the board
 * draws it and the matrix lights its items and options.
 */
export class VariantTools {
  /**
   * @param {{canvas: HTMLCanvasElement, box: HTMLElement, list: HTMLElement, summary: HTMLElement}} els
   * @param {{matrix: import('./matrix.js').MatrixView, changed: () => void}} app
   */
  constructor(els, app) {
    this.els = els;
    this.app = app;
    /** @type {Layout | null} */
    this.layout = null;
    /** The layout of the last snapshot. @type {Layout | null | undefined} */
    this._seen = undefined;
    this.lit = -1;
    /** Whether the lit shape came from the list (a focused or tapped button keeps it). */
    this.fromList = false;
    els.canvas.addEventListener('pointermove', (/** @type {PointerEvent} */ e) => {
      if (this.fromList) return;
      // The grid as the board lays it out in the canvas (www/views/grid.js), in CSS pixels.
      const L = this.layout;
      const g = L ? gridOf(els.canvas.clientWidth, els.canvas.clientHeight, L.size, 6, ring(L), boardRows(L.rows ?? L.size), L.cols ?? L.size) : null;
      const r = els.canvas.getBoundingClientRect();
      const k = g ? shapeAt(this.layout, g, e.clientX - r.left, e.clientY - r.top) : -1;
      // Off a shape, the cell under the pointer lights as on a classic board (the Sudoku editor,
      // www/tools/sudoku/editor.js, has just lit it in the matrix: leave that).
      if (k >= 0 || this.lit >= 0) this.point(k, k >= 0);
    });
    els.canvas.addEventListener('pointerleave', () => { if (!this.fromList) this.point(-1); });
    const fromButton = (/** @type {Event} */ e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest('button');
      return b && b.dataset.shape !== undefined ? Number(b.dataset.shape) : -1;
    };
    els.list.addEventListener('focusin', (e) => { this.fromList = true; this.point(fromButton(e)); });
    els.list.addEventListener('click', (e) => { this.fromList = true; this.point(fromButton(e)); });
    els.list.addEventListener('pointerover', (e) => { const k = fromButton(e); if (k >= 0) { this.fromList = true; this.point(k); } });
    els.list.addEventListener('focusout', () => { this.fromList = false; this.point(-1); });
    els.list.addEventListener('pointerleave', () => {
      if (els.list.contains(document.activeElement)) return;
      this.fromList = false;
      this.point(-1);
    });
  }

  /**
   * Lights constraint k (−1: none): on the board, and its items and options in the matrix.
   * @param {number} k @param {boolean} [matrix]  false: leave the matrix's lit items as they are
   */
  point(k, matrix = true) {
    const L = this.layout;
    const c = L && k >= 0 ? L.constraints[k] : null;
    if ((c ? k : -1) === this.lit) return;
    this.lit = c ? k : -1;
    if (matrix) this.app.matrix.setLit(c ? { items: new Set(c.items), options: new Set(c.options) } : null);
    for (const b of this.els.list.querySelectorAll('button')) {
      b.setAttribute('aria-pressed', String(Number(/** @type {HTMLElement} */ (b).dataset.shape) === this.lit));
    }
    this.app.changed();
  }

  /**
   * The shape pointed at, for the board to draw lit (−1 for none, and for a layout just replaced).
   * @param {import('../engine/model.js').Model} model @param {import('./snapshot.js').Live} live
   * @returns {import('./snapshot.js').SnapshotPart}
   */
  contribute(model, live) {
    const L = live.board.kind === 'sudoku' ? live.layout : null;
    return { shape: L === this._seen ? this.lit : -1 };
  }

  /** @param {import('./snapshot.js').Snapshot} s */
  update(s) {
    const L = s.board.kind === 'sudoku' ? s.layout : null;
    if (L !== this._seen) { this._seen = L; this.setLayout(L); }
  }

  draw() {}

  /** A new problem: its layout (null for a classic or another kind), and the list of its shapes. @param {Layout | null} L */
  setLayout(L) {
    this.layout = isVariant(L) ? L : null;
    this.lit = -1;
    this.fromList = false;
    const shown = this.layout ? this.layout.constraints
      .map((c, k) => ({ c, k }))
      // The boxes of a classic grid need no button; a jigsaw's regions do.
      .filter(({ c }) => c.kind !== SHAPE.Region || (this.layout && this.layout.jigsaw)) : [];
    this.els.box.hidden = shown.length === 0;
    this.els.summary.textContent = `Shapes (${shown.length}): point at one to light its items`;
    this.els.list.replaceChildren(...shown.map(({ c, k }) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'small shape';
      b.dataset.shape = String(k);
      b.dataset.testid = `shape-${k}`;
      b.setAttribute('aria-pressed', 'false');
      b.textContent = c.kind === SHAPE.Cage && c.sum !== undefined ? `cage ${c.name.match(/\d+/)?.[0]}: ${c.sum}` : c.name;
      b.title = `${c.name}: ${c.items.length} item${c.items.length === 1 ? '' : 's'}${c.options.length ? `, ${c.options.length} fillings` : ''}; its items light in the matrix`;
      return b;
    }));
  }
}

/**
 * Whether a layout is of a shaped grid: fewer rows or columns than values, its cells the top left
 * `rows` × `cols` of the `size` × `size` numbering.
 * @param {Layout | null | undefined} L
 */
export function shaped(L) {
  return !!L && L.rows !== undefined && L.cols !== undefined && (L.rows < L.size || L.cols < L.size);
}

/**
 * Whether the puzzle's rules survive as its grid of givens plus its switches: a typed puzzle with
 * the picker's switches does, an f-puzzles text with shapes (cages, thermometers, a jigsaw) does not.
 * The page writes a link's canonical one-line text, and edits the grid cell by cell, only then.
 * @param {Layout | null} L @param {string | undefined} format
 */
export function gridKeepsRules(L, format) {
  if (!L) return true;
  // A shaped grid (ISS's 6x8, a 6x6 of 9 values): its shape is in its text, not in a line of cells.
  if (shaped(L)) return false;
  const on = new Set((format || '').split(',').map((w) => w.trim()));
  return L.variants.every((v) => on.has(v));
}
