// @ts-check
// The presets: small problems worth watching, in the page's own words. Kind names are problems::kinds'.

/** Knuth's 6x7 example from "Dancing Links": its only cover is rows 1, 4, 5 (C E F, A D, B G). */
export const KNUTH_6X7 = `| Knuth's example from "Dancing Links": rows 0010110 1001001 0110010 1001000 0100001 0001101
A B C D E F G
C E F
A D G
B C F
A D
B G
D E G`;

/** @type {Record<string, {label: string, kind: string, text: string, distinct?: boolean}>} */
export const PRESETS = {
  'knuth-6x7': { label: "Knuth's 6×7 matrix (cover: rows 1, 4, 5)", kind: 'exact-cover', text: KNUTH_6X7 },
  'matrix-01': {
    label: 'The same as a 0-1 matrix', kind: 'exact-cover',
    text: '0010110\n1001001\n0110010\n1001000\n0100001\n0001101',
  },
  'latin-2': { label: 'Latin square 2×2', kind: 'latin', text: '2' },
  'sudoku-4': { label: 'Sudoku 4×4', kind: 'sudoku', text: '1...\n..3.\n.4..\n...2' },
  'queens-4': { label: '4 queens', kind: 'queens', text: '4' },
  'queens-8': { label: '8 queens', kind: 'queens', text: '8' },
  'pentomino-8x8': { label: "Scott's 8×8 pentomino board, centre hole", kind: 'pentomino', text: '8x8' },
  'sudoku-hard': {
    label: 'A hard 9×9 Sudoku', kind: 'sudoku',
    text: '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9',
  },
  'sudoku-empty': { label: 'An empty 9×9 Sudoku (the full 729×324 matrix)', kind: 'sudoku', text: '.'.repeat(81) },
  'pentomino-6x10': { label: 'Pentomino 6×10 (9356 solutions)', kind: 'pentomino', text: '6x10' },
  'toroidal-5': { label: '5 queens on a torus', kind: 'toroidal-queens', text: '5' },
  'langford-4': { label: 'Langford pairs, n = 4', kind: 'langford', text: '4' },
};

/** The problem shown first. */
export const DEFAULT = PRESETS['knuth-6x7'];
