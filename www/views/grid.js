// @ts-check
// The square grid of the boards (queens, Latin squares, Sudoku): cells laid out in a box, their
// coordinates, and the Sudoku overlay (lit cells, clashes, pencil marks, cursor) drawn over them. Read
// by the board view and by whatever points at cells (the Sudoku editor, a variant's shapes), so that
// a pointer and the drawing agree on where a cell is.

/**
 * @typedef {object} Overlay  what the board draws over a Sudoku (the snapshot's `sudoku`, from the editor)
 * @property {number} cursor           the cell of the cursor, or −1 while the board is not focused
 * @property {Set<number>} clash       cells that repeat a symbol of their row, column or box
 * @property {Set<number>} lit         cells an item pointed at in the matrix is about
 * @property {Uint32Array | null} candidates  pencil marks (bit v − 1 for symbol v), when shown
 * @property {boolean} [stated]        the marks are the puzzle's own candidate sets (drawn in its ink)
 */

/** The room for the coordinates (row numbers at the left, column numbers on top), in px. */
export const COORDS = 16;

/**
 * Square cells of a board of side n in a box w × h, centred, as BoardView lays them out (the Sudoku,
 * queens and Latin square boards). Where cells stay at least 18 px, a margin of COORDS at the left
 * and on top holds the coordinates (`coords` true), rows and columns numbered from 1 as the item
 * names and the narration number them.
 * @param {number} w @param {number} h @param {number} n
 * @param {number} [rows] @param {number} [cols]  a shaped grid's rows and columns (n both else)
 */
export function gridOf(w, h, n, pad = 6, ring = 0, rows = n, cols = n) {
  // `ring` cells on every side hold clues outside the grid (little killers, sandwiches): the
  // grid is laid out as n + 2·ring cells, and the coordinates go outside the ring. A shaped grid
  // (`rows` × `cols` of the n × n numbering) is centred by its own rows and columns.
  const span = Math.max(rows, cols) + 2 * ring;
  const fit = (/** @type {number} */ m) => Math.max(2, Math.min((w - 2 * pad - m) / span, (h - 2 * pad - m) / span));
  const coords = fit(COORDS) >= 18;
  const m = coords ? COORDS : 0;
  const cell = fit(m);
  return { cell, x0: (w - cell * cols + m) / 2, y0: (h - cell * rows + m) / 2, coords, ring, rows, cols };
}

/** Where the loaded Sudoku's cells outside the grid stand ([row, column] on the board, its layout's
 * `extra`), set by the board view for the puzzle it draws. @type {number[][]} */
let extraAt = [];

/** The board view's puzzle's cells outside the grid: where each stands. @param {number[][] | undefined} at */
export function placeExtra(at) {
  extraAt = at || [];
}

/**
 * Where cell p stands, in cells from the grid's top left: [row, column]. The cells outside the
 * grid (ISS's Var, numbered from n² on) stand under it where the layout puts them (placeExtra),
 * else in rows of n after a row left empty.
 * @param {number} p @param {number} n
 */
export function cellRC(p, n) {
  if (p < n * n) return [Math.floor(p / n), p % n];
  const k = p - n * n;
  const at = extraAt[k];
  return at ? [at[0], at[1]] : [n + 1 + Math.floor(k / n), k % n];
}

/** The rows a Sudoku board lays out: the grid's, and those its cells outside it stand in. @param {number} rows */
export function boardRows(rows) {
  return extraAt.reduce((m, [r]) => Math.max(m, r + 1), rows);
}

/**
 * The coordinates of a board laid out by gridOf: 1..n down the left, 1..n along the top.
 * @param {CanvasRenderingContext2D} ctx @param {{cell: number, x0: number, y0: number, coords: boolean, ring?: number, rows?: number, cols?: number}} g
 * @param {number} n @param {string} colour @param {string} font
 */
export function drawCoords(ctx, g, n, colour, font) {
  if (!g.coords) return;
  ctx.fillStyle = colour;
  ctx.font = `${Math.min(11, g.cell * 0.5)}px ${font}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  const out = (g.ring || 0) * g.cell + COORDS / 2;
  // Beyond a ring of clues outside the grid the numbers read as r1 and c1, as the narration names
  // them: "7" beside a little killer's "6" read as one number ("7 6").
  const [r, c] = g.ring ? ['r', 'c'] : ['', ''];
  for (let i = 0; i < (g.rows ?? n); i++) ctx.fillText(`${r}${i + 1}`, g.x0 - out, g.y0 + (i + 0.5) * g.cell, COORDS);
  for (let i = 0; i < (g.cols ?? n); i++) ctx.fillText(`${c}${i + 1}`, g.x0 + (i + 0.5) * g.cell, g.y0 - out);
}

/**
 * Draws the overlay over a Sudoku the board view has drawn: lit cells, clashes, pencil marks, cursor.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{cell: number, x0: number, y0: number}} g  the board's geometry
 * @param {import('../engine/model.js').Board} b  the board
 * @param {Overlay} o
 * @param {Record<string, string>} c  the colours (canvas.js)
 * @param {(p: number) => number[] | null} [markBox]  where cell p's pencil marks go, as fractions of
 *   the cell [left, top, right, bottom] (inside a variant's cage, below its sum: www/views/variants.js)
 */
export function drawOverlay(ctx, g, b, o, c, markBox = () => null) {
  const n = b.rows, { cell, x0, y0 } = g;
  const at = (/** @type {number} */ p) => { const [i, j] = cellRC(p, n); return [x0 + j * cell, y0 + i * cell]; };
  for (const p of o.lit) {
    const [x, y] = at(p);
    ctx.fillStyle = 'rgba(37, 99, 235, 0.16)';
    ctx.fillRect(x, y, cell, cell);
  }
  for (const p of o.clash) {
    const [x, y] = at(p);
    ctx.fillStyle = 'rgba(220, 38, 38, 0.28)';
    ctx.fillRect(x, y, cell, cell);
    ctx.strokeStyle = '#b91c1c';
    ctx.lineWidth = 2;
    ctx.strokeRect(x + 2, y + 2, cell - 4, cell - 4);
  }
  if (o.candidates && o.candidates.length === n * n) {
    // The marks of a cell in a grid of cols x rows (3 x 3 for 9 symbols, 3 x 2 for 6, 4 x 4 for 16).
    const cols = Math.ceil(Math.sqrt(n)), rows = Math.ceil(n / cols);
    // The puzzle's own sets in the givens' ink; the search's pencil marks muted.
    ctx.fillStyle = o.stated ? (c.given || '#111827') : (c.muted || '#667085');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    let lastFont = '';
    for (let p = 0; p < n * n; p++) {
      const mask = o.candidates[p];
      if (!mask || b.cells[p]) continue;
      const [cx, cy] = at(p);
      const [l, t, r, btm] = markBox(p) || [0, 0, 1, 1];
      const x = cx + l * cell, y = cy + t * cell, sw = (r - l) * cell / cols, sh = (btm - t) * cell / rows;
      // Digits are narrower than tall: a short box (below a cage's sum) keeps the font of its width.
      // (Set only when it changes: parsing a font costs more than the marks of a cell.)
      const font = `${Math.max(5, Math.min(sw * 0.72, sh * 0.95))}px ${c.font}`;
      if (font !== lastFont) { ctx.font = font; lastFont = font; }
      for (let v = 1; v <= n; v++) {
        if (!(mask & (1 << (v - 1)))) continue;
        const i = Math.floor((v - 1) / cols), j = (v - 1) % cols;
        ctx.fillText(b.labels[v], x + (j + 0.5) * sw, y + (i + 0.5) * sh + sh * 0.04);
      }
    }
  }
  if (o.cursor >= 0 && o.cursor < n * n) {
    const [x, y] = at(o.cursor);
    ctx.strokeStyle = '#2563eb';
    ctx.lineWidth = Math.max(2, cell * 0.08);
    ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, cell - ctx.lineWidth, cell - ctx.lineWidth);
  }
}

/** The distance from (x, y) to the segment from a to b. @param {number} x @param {number} y @param {number[]} a @param {number[]} b */
export function segmentDistance(x, y, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
}
