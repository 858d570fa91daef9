// @ts-check
// The clues of issue 43 on the board, from Session.layout().clues, as f-puzzles and SudokuPad draw
// them: lines in their colours under the digits (whispers, renban, palindromes, …, arrows from their
// circles, thermometer-like bulbs at a between line's ends); over the grid lines the marks between
// two cells (kropki dots, X and V, inequalities), quadruples' circles at a corner, and the outside
// clues (little killers, sandwiches, X-sums) in the ring of cells around the grid (`ring`). Painted
// into variants.js's layers, never per frame. `CLUE_RULES` says each kind's rule for the legend.

import { cellRC, segmentDistance } from './grid.js';

/**
 * @typedef {{kind: string, words: string, name: string, cells: number[], value: number | null, circle: number, digits: number[], label: string | null, ring?: string | null, hints?: [number, string][]}} Clue
 * @typedef {{cell: number, x0: number, y0: number}} Geometry
 * @typedef {{kind: string, cells: number[], at?: number[]}} DrawnClue  a clue drawn: its kind, cells and, outside the grid, where its number is (px)
 */

/** Each kind's rule in words, by its tag (the legend). Values read as the puzzle writes them. */
export const CLUE_RULES = /** @type {Record<string, string>} */ ({
  white: 'white dot: the two digits are consecutive',
  diff: 'dot with a number: the two digits differ by it',
  black: 'black dot: one digit is double the other',
  ratio: 'dot with a number: one digit is that many times the other',
  xv: 'X or V: the two digits add up to 10 or 5',
  less: 'inequality: the digit at the point is the smaller',
  arrow: 'arrow: the digits on it add up to the number in its circle (a pill reads its digits as one number)',
  darrow: 'double arrow: the digits between the circles add up to the two circles\' sum',
  lk: 'little killer: the digits along the arrow\'s diagonal add up to its number (they may repeat)',
  sandwich: 'sandwich: the digits between the smallest and the largest of the row or column add up to its number',
  xs: 'X-sum: the first X digits from its side add up to its number, X the first of them',
  whisper: 'whisper (green): neighbours on the line differ by at least 5 (or its number)',
  renban: 'renban (purple): the line holds a run of consecutive digits, in any order',
  pal: 'palindrome (grey): the line reads the same from either end',
  clone: 'clone (shaded alike): the two shapes hold the same digits in the same places',
  zipper: 'zipper (lavender): digits the same distance from the middle add up to the same sum, the middle itself',
  rsl: 'region-sum line (blue): the line adds up to the same sum in each region it passes through',
  sumline: 'sum line (orange): the line splits into segments that each add up to its number',
  sumloop: 'sum loop (orange, closed): the loop splits into segments that each add up to its number; one may run on through where the loop closes',
  between: 'between line: the digits on it lie strictly between those in its two circles',
  entropic: 'entropic line (amber): any three in a row on it hold a low (1-3), a middle (4-6) and a high (7-9) digit',
  modular: 'modular line (teal): any three in a row on it differ in their remainders mod 3 (or its number)',
  quad: 'quadruple: the digits in the circle appear in the four cells around it',
  sky: 'skyscraper: from its side, this many digits are seen, each taller than all before it',
  rank: 'full rank (#): every row and column read as a number from both ends, ranked from the least (1); the line read from this side has this rank, and no other reads the same',
  hsky: 'hidden skyscraper (in brackets): from its side, the first digit lower than one before it is this one',
  lunch: 'lunchbox (shaded, its number in a corner): its digits differ, and those between its smallest and largest add up to its number',
  csum: 'sum (shaded, its number in a corner): its digits add up to its number, repeats allowed',
  wsum: 'weighted sum (outlined, Σ and its total in a corner): its digits, each times its weight, add up to the total (each written out in the list under the board), repeats allowed',
  colix: 'column indexer (shaded red): a digit v in column c puts c in column v of its row',
  rowix: 'row indexer (shaded green): a digit v in row r puts r in row v of its column',
  regex: 'regex line (rose): its digits, read from the disc at its start, match the pattern named in the list under the board',
  nfa: 'state-machine line (brown): its digits, read from the disc at its start, are a sequence the puzzle\'s automaton accepts (its rule is in the puzzle\'s words; its name is in the list under the board)',
  room: 'numbered room: from its side, the X-th digit is its number, X the first digit',
  lockout: 'lockout line (indigo): the digits in its diamonds differ by at least 4 (or its number), and those between lie outside their range',
  taxi: 'anti-taxicab: a digit d is never d cells from another d, counted along rows and columns (not drawn)',
  contains: 'counted cage (shaded, its clue in a corner): a look-and-say clue 1617 reads "one 6, one 7": it holds exactly one 6 and one 7 (a count of 0: none), the other digits freely, repeats allowed; a list 6,7 says the same of the digits listed',
  rellik: 'rellik cage (shaded, ≠ its number): its digits differ, and no set of them adds up to its number',
  equal: 'equality cage (shaded, =): its digits differ, as many even as odd and as many low as high (the middle value not at all)',
  pair: 'pairwise line (slate): each two neighbours on it hold digits its relation allows (named in the list under the board)',
  vix: 'value indexer (ochre, from its disc): the digit in the disc stands again N cells after the second cell, N the second cell\'s digit',
  cdist: 'distinct count (olive, from its disc): the digit in the disc is how many different digits the rest of the line holds',
  crun: 'region arrow (blue ring, short arrows): the digit in the ring is how many cells, from the arrows\' start on along each to its end, stay in that start\'s region (the start once; less 1 where ISS\'s offset is 1)',
  ccount: 'region count (green ring, dots): the digit in the ring is how many dotted cells share the first dotted cell\'s region (less 1 where ISS\'s offset is 1)',
  esum: 'equal sums (violet lines): each line adds up to the same sum',
  dutch: 'Dutch flatmates: every 5 has a 1 directly above it or a 9 directly below it (not drawn)',
  dop: 'Doppelganger: every row, column and box holds a 0 and all but one of the other values; no two rows (columns, boxes) miss the same one; at each 0 its row, column and box miss three different ones (not drawn)',
  count: 'counting circles: a digit in a circle says how many circles hold that digit',
  same: 'same-value sets (teal letters): the cells of one letter, cut in order into runs of equal length, hold the same digits in each run (runs of one cell: all alike)',
  entropy2: 'global entropy: every 2x2 holds a low (1-3), a middle (4-6) and a high (7-9) digit (not drawn)',
  mod2: 'global mod 3: every 2x2 holds a digit of each remainder mod 3: one of 1, 4, 7, one of 2, 5, 8, one of 3, 6, 9 (not drawn)',
  pairx: 'pairwise group (slate, dotted): every two of its digits are ones its relation allows (named in the list under the board)',
  either: 'either/or (shaded, "or" in a corner, the digits its sides state small in their cells; of clues outside the grid, their numbers there with / between): at least one of its sides holds, each named in the list under the board',
});

/** The kinds drawn as a mark on the edge between their two cells. */
const PAIRS = new Set(['white', 'black', 'diff', 'ratio', 'xv', 'less']);

/** A quadruple's circle's radius, in cells. */
const QUAD_R = 0.3;

/** The kinds whose number stands outside the grid, one cell before the first of their cells. */
const OUTSIDE = new Set(['lk', 'sandwich', 'xs', 'sky', 'hsky', 'room', 'rank']);

/** The kinds that are cages: shaded here, outlined and labelled like killer cages (variants.js). */
export const CAGE_KINDS = new Set(['contains', 'rellik', 'equal', 'either', 'wsum']);

/** The shades of the kinds drawn as shaded cells with a number. */
const SHADE = /** @type {Record<string, string>} */ ({
  lunch: 'rgba(230, 170, 40, 0.18)', csum: 'rgba(70, 140, 230, 0.16)', colix: 'rgba(230, 80, 80, 0.16)', rowix: 'rgba(60, 180, 90, 0.16)',
  contains: 'rgba(150, 90, 220, 0.15)', rellik: 'rgba(230, 90, 60, 0.15)', equal: 'rgba(40, 170, 170, 0.16)',
  either: 'rgba(100, 116, 139, 0.16)', wsum: 'rgba(70, 140, 230, 0.12)',
});

/** The colours of lines, by kind (light enough under the digits in both themes). */
const LINE = /** @type {Record<string, string>} */ ({
  whisper: 'rgba(60, 180, 90, 0.6)',
  renban: 'rgba(190, 90, 220, 0.55)',
  pal: 'rgba(150, 150, 150, 0.6)',
  zipper: 'rgba(170, 140, 230, 0.6)',
  rsl: 'rgba(70, 140, 230, 0.55)',
  sumline: 'rgba(240, 140, 40, 0.55)',
  sumloop: 'rgba(240, 140, 40, 0.55)',
  between: 'rgba(150, 150, 150, 0.55)',
  entropic: 'rgba(230, 170, 40, 0.6)',
  modular: 'rgba(40, 170, 170, 0.55)',
  darrow: 'rgba(150, 150, 150, 0.55)',
  regex: 'rgba(220, 90, 140, 0.5)',
  nfa: 'rgba(160, 110, 70, 0.5)',
  lockout: 'rgba(100, 100, 210, 0.5)',
  pair: 'rgba(90, 110, 140, 0.5)',
  pairx: 'rgba(90, 110, 140, 0.5)',
  vix: 'rgba(200, 120, 40, 0.5)',
  cdist: 'rgba(120, 160, 60, 0.5)',
  esum: 'rgba(150, 100, 200, 0.45)',
});

/** Chaos construction's clues: a ring on the control cell, and an arrow's arms or a count's cells. */
const CHAOS = { crun: 'rgba(40, 120, 200, 0.75)', ccount: 'rgba(40, 150, 110, 0.6)' };

/**
 * The clue under a point of the board, in cells from the grid's top-left corner (a ring cell is
 * below 0 or past n), or −1: a number in the ring, a mark on an edge, a quadruple's circle, an
 * arrow's circle or a line within its width. Shaded clues (clones, lunchboxes, sums) leave their
 * cells to the cell under the pointer. @param {Clue[]} clues @param {number} n @param {number} gx @param {number} gy
 */
export function clueAt(clues, n, gx, gy) {
  const at = (/** @type {number} */ p) => { const [i, j] = cellRC(p, n); return [j + 0.5, i + 0.5]; };
  for (const [i, k] of clues.entries()) {
    if ((OUTSIDE.has(k.kind) || k.ring) && k.cells.length >= 2) {
      const [ax, ay] = at(k.cells[0]), [bx, by] = at(k.cells[1]);
      const x = ax - Math.sign(bx - ax), y = ay - Math.sign(by - ay);
      if (Math.abs(gx - x) < 0.5 && Math.abs(gy - y) < 0.5) return i;
    } else if (k.cells.length === 2 && PAIRS.has(k.kind)) {
      const [ax, ay] = at(k.cells[0]), [bx, by] = at(k.cells[1]);
      if (Math.hypot(gx - (ax + bx) / 2, gy - (ay + by) / 2) < 0.2) return i;
    } else if (k.kind === 'quad' && k.cells.length === 4) {
      const [x, y] = at(k.cells[0]);
      if (Math.hypot(gx - x - 0.5, gy - y - 0.5) < QUAD_R + 0.02) return i;
    }
  }
  // Lines and arrows, once no smaller target took the point.
  for (const [i, k] of clues.entries()) {
    if (!LINE[k.kind] && k.kind !== 'arrow') continue;
    const pts = k.cells.map(at);
    if (k.kind === 'arrow' && pts.slice(0, Math.max(1, k.circle)).some(([x, y]) => Math.hypot(gx - x, gy - y) < 0.42)) return i;
    for (let s = 1; s < pts.length; s++) if (segmentDistance(gx, gy, pts[s - 1], pts[s]) < (k.kind === 'arrow' || k.kind === 'darrow' ? 0.08 : 0.12)) return i;
  }
  return -1;
}

/** Whether the layout has clues outside the grid, for which the board leaves a ring of one cell. @param {{clues?: Clue[]} | null} L */
export function ring(L) {
  return L && L.clues && L.clues.some((k) => OUTSIDE.has(k.kind) || k.ring) ? 1 : 0;
}

/** @param {Geometry} g @param {number} n */
function centres(g, n) {
  return (/** @type {number} */ p) => { const [i, j] = cellRC(p, n); return [g.x0 + (j + 0.5) * g.cell, g.y0 + (i + 0.5) * g.cell]; };
}

/**
 * Under the digits: the lines, arrows and clones. Returns what it drew.
 * @param {CanvasRenderingContext2D} ctx @param {Geometry} g @param {number} n @param {Clue[]} clues
 * @param {Record<string, string>} c  the colours (canvas.js)
 */
export function paintClueLines(ctx, g, n, clues, c) {
  const centre = centres(g, n), cell = g.cell;
  /** @type {DrawnClue[]} */
  const drawn = [];
  let sets = 0;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const path = (/** @type {number[]} */ cells) => {
    ctx.beginPath();
    cells.forEach((p, j) => { const [x, y] = centre(p); if (j) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
  };
  for (const k of clues) {
    // An either/or of clues outside the grid is drawn there (paintClueMarks), its cells left clear.
    if (k.ring) continue;
    if (SHADE[k.kind]) {
      ctx.fillStyle = SHADE[k.kind];
      for (const p of k.cells) { const [x, y] = centre(p); ctx.fillRect(x - cell / 2, y - cell / 2, cell, cell); }
      drawn.push({ kind: k.kind, cells: k.cells });
    } else if (k.kind === 'clone') {
      // Both halves shaded alike, each clue its own shade.
      ctx.fillStyle = 'rgba(120, 120, 120, 0.16)';
      for (const p of k.cells) { const [x, y] = centre(p); ctx.fillRect(x - cell / 2, y - cell / 2, cell, cell); }
      drawn.push({ kind: k.kind, cells: k.cells });
    } else if (k.kind === 'same') {
      // A letter a set in the top-right corner of each of its cells: far-apart cells are tied by
      // their letter (a line through them crossed the whole grid).
      const letter = String.fromCharCode(65 + (sets++ % 26));
      ctx.fillStyle = 'rgb(30, 140, 130)';
      ctx.font = `700 ${Math.max(7, cell * 0.24)}px ${c.font}`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'top';
      for (const p of k.cells) { const [x, y] = centre(p); ctx.fillText(letter, x + cell / 2 - cell * 0.06, y - cell / 2 + cell * 0.04); }
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      drawn.push({ kind: k.kind, cells: k.cells });
    } else if (k.kind === 'count') {
      // A circle in each of its cells, as ISS and SudokuPad draw them.
      ctx.strokeStyle = c.muted || c.ink;
      ctx.lineWidth = Math.max(1.5, cell * 0.05);
      for (const p of k.cells) {
        const [x, y] = centre(p);
        ctx.beginPath(); ctx.arc(x, y, cell * 0.4, 0, 2 * Math.PI); ctx.stroke();
      }
      drawn.push({ kind: k.kind, cells: k.cells });
    } else if (LINE[k.kind]) {
      ctx.strokeStyle = LINE[k.kind];
      ctx.lineWidth = cell * (k.kind === 'darrow' ? 0.06 : k.kind === 'esum' ? 0.12 : 0.2);
      // Equal sums: each run its own line (the lengths come as `digits`).
      const runs = k.kind === 'esum' && k.digits.length ? k.digits : [k.cells.length];
      let at = 0;
      // A pairwise group's rule holds between any two of its cells, not only neighbours: dotted.
      if (k.kind === 'pairx') ctx.setLineDash([cell * 0.08, cell * 0.3]);
      for (const r of runs) { path(k.cells.slice(at, at + r)); ctx.stroke(); at += r; }
      ctx.setLineDash([]);
      // A regex or state-machine line is read from its start, a value indexer and a distinct count from their first
      // cell: a disc there, as a thermometer's bulb.
      if (k.kind === 'regex' || k.kind === 'nfa' || k.kind === 'vix' || k.kind === 'cdist') {
        const [x, y] = centre(k.cells[0]);
        ctx.fillStyle = LINE[k.kind];
        ctx.beginPath(); ctx.arc(x, y, cell * 0.22, 0, 2 * Math.PI); ctx.fill();
      }
      // A between line and a double arrow end in circles, a lockout line in diamonds.
      if (k.kind === 'between' || k.kind === 'darrow' || k.kind === 'lockout') {
        ctx.lineWidth = Math.max(1.5, cell * 0.05);
        ctx.strokeStyle = c.muted || c.ink;
        for (const p of [k.cells[0], k.cells[k.cells.length - 1]]) {
          const [x, y] = centre(p), r = cell * (k.kind === 'lockout' ? 0.42 : 0.4);
          ctx.beginPath();
          if (k.kind === 'lockout') { ctx.moveTo(x, y - r); ctx.lineTo(x + r, y); ctx.lineTo(x, y + r); ctx.lineTo(x - r, y); ctx.closePath(); }
          else ctx.arc(x, y, r, 0, 2 * Math.PI);
          // A hole in the layer where the line came in: the cell's own shade (a given's) shows.
          ctx.globalCompositeOperation = 'destination-out';
          ctx.fill();
          ctx.globalCompositeOperation = 'source-over';
          ctx.stroke();
        }
      }
      drawn.push({ kind: k.kind, cells: k.cells });
    } else if (k.kind === 'arrow') {
      arrow(ctx, k, centre, cell, c);
      drawn.push({ kind: k.kind, cells: k.cells });
    } else if (k.kind === 'crun' || k.kind === 'ccount') {
      chaosClue(ctx, k, centre, cell);
      drawn.push({ kind: k.kind, cells: k.cells });
    }
  }
  ctx.restore();
  return drawn;
}

/**
 * A chaos construction clue: a ring on its control cell; for a region arrow, a short arrow on
 * each arm from the shared first cell; for a region count, a dot in each cell it counts. @param {CanvasRenderingContext2D} ctx @param {Clue} k
 * @param {(p: number) => number[]} centre @param {number} cell
 */
function chaosClue(ctx, k, centre, cell) {
  const ink = CHAOS[/** @type {'crun' | 'ccount'} */ (k.kind)];
  const [cx, cy] = centre(k.cells[0]);
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = Math.max(1.5, cell * 0.06);
  ctx.beginPath(); ctx.arc(cx, cy, cell * 0.42, 0, 2 * Math.PI); ctx.stroke();
  if (k.kind === 'ccount') {
    for (const p of k.cells.slice(1)) {
      const [x, y] = centre(p);
      ctx.beginPath(); ctx.arc(x + cell * 0.3, y + cell * 0.3, cell * 0.07, 0, 2 * Math.PI); ctx.fill();
    }
    return;
  }
  // Each arm as a short arrow from the shared first cell toward its next cell, as SudokuPad and
  // ISS draw them: the run it counts goes on to the grid's edge.
  const start = k.cells[1];
  let at = 2;
  for (const len of k.digits.length ? k.digits : [k.cells.length - 2]) {
    const arm = [start, ...k.cells.slice(at, at + len)].map(centre);
    at += len;
    if (arm.length < 2) continue;
    const [[px, py], [nx, ny]] = arm, qx = px + (nx - px) * 0.62, qy = py + (ny - py) * 0.62;
    const a = Math.atan2(qy - py, qx - px), h = cell * 0.16;
    ctx.lineWidth = Math.max(1.2, cell * 0.045);
    ctx.beginPath();
    ctx.moveTo(px + Math.cos(a) * cell * 0.2, py + Math.sin(a) * cell * 0.2);
    ctx.lineTo(qx, qy);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(qx, qy);
    ctx.lineTo(qx - h * Math.cos(a - 0.5), qy - h * Math.sin(a - 0.5));
    ctx.lineTo(qx - h * Math.cos(a + 0.5), qy - h * Math.sin(a + 0.5));
    ctx.closePath(); ctx.fill();
  }
}

/**
 * An arrow: its circle (a pill round several cells) and a thin line from the circle's rim through
 * the arrow's cells, with a head at the last. @param {CanvasRenderingContext2D} ctx @param {Clue} k
 * @param {(p: number) => number[]} centre @param {number} cell @param {Record<string, string>} c
 */
function arrow(ctx, k, centre, cell, c) {
  const circle = k.cells.slice(0, Math.max(1, k.circle)), body = k.cells.slice(circle.length);
  ctx.strokeStyle = c.muted || c.ink;
  ctx.lineWidth = Math.max(1.2, cell * 0.05);
  const r = cell * 0.4;
  const pts = circle.map(centre);
  if (pts.length === 1) {
    ctx.beginPath(); ctx.arc(pts[0][0], pts[0][1], r, 0, 2 * Math.PI); ctx.stroke();
  } else {
    // A pill: the rounded box round the circle's cells (they lie in a row or a column).
    const xs = pts.map((q) => q[0]), ys = pts.map((q) => q[1]);
    const x = Math.min(...xs) - r, y = Math.min(...ys) - r, w = Math.max(...xs) - Math.min(...xs) + 2 * r, h = Math.max(...ys) - Math.min(...ys) + 2 * r;
    ctx.beginPath(); ctx.roundRect(x, y, w, h, r); ctx.stroke();
  }
  if (!body.length) return;
  // The shaft starts on the rim of the circle cell nearest the first arrow cell.
  const [fx, fy] = centre(body[0]);
  let [sx, sy] = pts[0];
  for (const q of pts) if (Math.hypot(q[0] - fx, q[1] - fy) < Math.hypot(sx - fx, sy - fy)) [sx, sy] = q;
  const d0 = Math.hypot(fx - sx, fy - sy) || 1;
  ctx.beginPath();
  ctx.moveTo(sx + (fx - sx) / d0 * r, sy + (fy - sy) / d0 * r);
  const tail = body.map(centre);
  for (const [x, y] of tail) ctx.lineTo(x, y);
  ctx.stroke();
  // The head: two short strokes back from the last cell's centre.
  const [ex, ey] = tail[tail.length - 1];
  const [px, py] = tail.length > 1 ? tail[tail.length - 2] : [sx, sy];
  const a = Math.atan2(ey - py, ex - px), hl = cell * 0.22;
  ctx.beginPath();
  ctx.moveTo(ex - hl * Math.cos(a - 0.5), ey - hl * Math.sin(a - 0.5));
  ctx.lineTo(ex, ey);
  ctx.lineTo(ex - hl * Math.cos(a + 0.5), ey - hl * Math.sin(a + 0.5));
  ctx.stroke();
}

/**
 * Over the grid lines: the marks between two cells, quadruples and the clues outside the grid.
 * Returns what it drew. @param {CanvasRenderingContext2D} ctx @param {Geometry} g @param {number} n
 * @param {Clue[]} clues @param {Record<string, string>} c
 */
export function paintClueMarks(ctx, g, n, clues, c) {
  const centre = centres(g, n), cell = g.cell;
  /** @type {DrawnClue[]} */
  const drawn = [];
  ctx.save();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const ink = c.ink;
  for (const k of clues) {
    if (PAIRS.has(k.kind) && k.cells.length === 2) {
      const [ax, ay] = centre(k.cells[0]), [bx, by] = centre(k.cells[1]);
      const mx = (ax + bx) / 2, my = (ay + by) / 2;
      ctx.lineWidth = Math.max(1, cell * 0.035);
      if (k.kind === 'xv') {
        const label = k.value === 10 ? 'X' : k.value === 5 ? 'V' : String(k.value);
        ctx.font = `700 ${Math.max(8, cell * 0.3)}px ${c.font}`;
        const w = ctx.measureText(label).width + cell * 0.06;
        ctx.fillStyle = c.empty;
        ctx.fillRect(mx - w / 2, my - cell * 0.16, w, cell * 0.32);
        ctx.fillStyle = ink;
        ctx.fillText(label, mx, my + cell * 0.01);
      } else if (k.kind === 'less') {
        // A chevron whose point is at the smaller digit's side (the first cell's).
        const ux = (ax - bx) / cell, uy = (ay - by) / cell, s = cell * 0.1;
        ctx.strokeStyle = ink;
        ctx.lineWidth = Math.max(1.5, cell * 0.05);
        ctx.beginPath();
        ctx.moveTo(mx - ux * s + uy * s * 1.4, my - uy * s + ux * s * 1.4);
        ctx.lineTo(mx + ux * s, my + uy * s);
        ctx.lineTo(mx - ux * s - uy * s * 1.4, my - uy * s - ux * s * 1.4);
        ctx.stroke();
      } else {
        const filled = k.kind === 'black' || k.kind === 'ratio';
        ctx.beginPath();
        ctx.arc(mx, my, cell * (k.kind === 'diff' || k.kind === 'ratio' ? 0.17 : 0.12), 0, 2 * Math.PI);
        ctx.fillStyle = filled ? ink : c.empty;
        ctx.fill();
        ctx.strokeStyle = ink;
        ctx.stroke();
        if (k.kind === 'diff' || k.kind === 'ratio') {
          ctx.fillStyle = filled ? c.empty : ink;
          ctx.font = `700 ${Math.max(7, cell * 0.2)}px ${c.font}`;
          ctx.fillText(String(k.value), mx, my + cell * 0.01);
        }
      }
      drawn.push({ kind: k.kind, cells: k.cells });
    } else if (k.kind === 'quad' && k.cells.length === 4) {
      // At the corner the four cells share: the first cell's bottom-right.
      const [x, y] = centre(k.cells[0]);
      // Big enough for four digits in two rows of a readable size (0.24 of a cell made 6 px digits
      // at 1280 px), and clear of the digits in the four cells.
      const qx = x + cell / 2, qy = y + cell / 2, r = cell * QUAD_R;
      ctx.beginPath();
      ctx.arc(qx, qy, r, 0, 2 * Math.PI);
      ctx.fillStyle = c.empty;
      ctx.fill();
      ctx.strokeStyle = ink;
      ctx.lineWidth = Math.max(1, cell * 0.03);
      ctx.stroke();
      ctx.fillStyle = ink;
      const d = k.digits.map(String);
      ctx.font = `600 ${Math.max(8, cell * (d.length > 2 ? 0.19 : 0.22))}px ${c.font}`;
      const rows = d.length > 2 ? [d.slice(0, 2).join(' '), d.slice(2).join(' ')] : [d.join(' ')];
      rows.forEach((t, i) => ctx.fillText(t, qx, qy + (i - (rows.length - 1) / 2) * cell * 0.2, r * 1.8));
      drawn.push({ kind: k.kind, cells: k.cells });
    } else if (SHADE[k.kind] && typeof k.value === 'number' && k.cells.length && !CAGE_KINDS.has(k.kind)) {
      // The number in the top-left corner of the first cell in reading order (drawn with the
      // shading, under `lines`).
      const p = Math.min(...k.cells), [x, y] = centre(p);
      ctx.fillStyle = ink;
      ctx.font = `600 ${Math.max(7, cell * 0.22)}px ${c.font}`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(String(k.value), x - cell / 2 + cell * 0.06, y - cell / 2 + cell * 0.04);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
    } else if ((OUTSIDE.has(k.kind) || k.ring) && k.cells.length >= 2) {
      // The clue's number in the ring, one cell before its first cell along its line; an
      // either/or's numbers with "/" between, squeezed into the cell.
      const [ax, ay] = centre(k.cells[0]), [bx, by] = centre(k.cells[1]);
      const dx = Math.sign(bx - ax), dy = Math.sign(by - ay);
      const x = ax - dx * cell, y = ay - dy * cell;
      ctx.fillStyle = ink;
      ctx.font = `600 ${Math.max(8, cell * (k.ring ? 0.26 : 0.32))}px ${c.font}`;
      const label = k.ring ? k.ring : k.kind === 'hsky' ? `[${k.value}]` : k.kind === 'rank' ? `#${k.value}` : String(k.value);
      if (k.ring) {
        ctx.fillText(label, x, y, cell * 0.96);
      } else if (k.kind === 'lk') {
        // A small arrow from the number towards the diagonal.
        ctx.fillText(label, x - dx * cell * 0.1, y - dy * cell * 0.1);
        ctx.strokeStyle = ink;
        ctx.lineWidth = Math.max(1, cell * 0.035);
        const tx = x + dx * cell * 0.42, ty = y + dy * cell * 0.42, fx = x + dx * cell * 0.22, fy = y + dy * cell * 0.22;
        ctx.beginPath();
        ctx.moveTo(fx, fy); ctx.lineTo(tx, ty);
        ctx.moveTo(tx - dx * cell * 0.1, ty); ctx.lineTo(tx, ty); ctx.lineTo(tx, ty - dy * cell * 0.1);
        ctx.stroke();
      } else {
        ctx.fillText(label, x, y);
      }
      drawn.push({ kind: k.kind, cells: k.cells, at: [x, y] });
    }
  }
  ctx.restore();
  return drawn;
}
