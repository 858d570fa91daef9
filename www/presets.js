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

/** TAOCP 7.2.2.1's toy problem with colours: its one solution is `p r x:A y` and `q x:A`. */
export const XCC_TOY = `| TAOCP 7.2.2.1: x and y are secondary; x:A means "x with colour A"
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B`;

/** The example at the start of Knuth's DLX2: `X:0 Y:1` has no primary item; the solution is options 2 and 4. */
export const DLX2_EXAMPLE = `| A simple example of color controls (Knuth, DLX2)
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1`;

export const DLX3_EXAMPLE = `| A simple example of multiplicities (Knuth, DLX3): C in 2 or 3 of the options chosen
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1`;

/** format: a Sudoku's variant switches, as the picker and --variant name them ("x,anti-knight").
 * @type {Record<string, {label: string, kind: string, text: string, distinct?: boolean, format?: string}>} */
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
    label: 'Easter Monster: a hard 9×9 that branches (about 5,000 nodes)', kind: 'sudoku',
    text: '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1',
  },
  'sudoku-none': {
    label: 'A 9×9 with no solution that fails deep (Easter Monster plus a 9 at r1c5)', kind: 'sudoku',
    text: '1...9...2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1',
  },
  'sudoku-16': {
    label: 'A 16×16 Sudoku', kind: 'sudoku',
    text: '.......5B...76F.\nG2.394D..6..A.C.\n.BA....72.5..9D.\n...6..C..9.....2\n6.2G.A...F...C35\n....G7..5C..1F..\n9..F...B.D4E..6.\n.....8..7G..4.E.\n.E.85......B.7..\n.9..A.BC..D..5..\n.3...91F6..2D8.E\n2.G.8E....F.C.B3\nACE.2.7...3...8.\n.G.....9..67.4A.\n8..1...3C..A...F\n..624...D.98.B5.',
  },
  'sudoku-25': {
    label: 'A 25×25 Sudoku', kind: 'sudoku',
    text: 'H.2....N..G.DO.7..9M.B...\n..9..6..2HA8.P.J..I1.F5..\nPA.8NFG..O1BI.KH3.24.LC7.\n.1IBK......6....5.D..8N.A\n.GDF5.1K.JML9..PN.EA26.H4\nC9.7A.2GF...B.1K4..IL.M.D\n.....P.1..DO.5..A7..6.4K.\n..L.M.I4.K.78CA.1.....G32\n.EB..ODM.5.J.K43.H.28..C.\n......9A8C.HF.G5MO.DBP1N.\n1.JN...97...H.2...O..C.A.\n.F.3.N.I.1L57.9AEC.8..2..\n46.K.C8.PAF3O..M957.J..1.\n.8P...FD..BN....2..6759M.\n.L....6..........NJ..3DGF\n..3.FA...E....L9..C.K1.I.\nE..A.GO.5D.1.I62...HC..97\nDO...1J6...M.98EBA.P34F.H\nI.K16.7...H.3.F..G5..AB..\n9.CM84H.3..A....61...GLDO\n6.4IH....832.FOL7D.51.JBN\nF3.2OEN.1..DM.78....4.H6K\nB.1.JD....K..6H..2G.A9...\n.CA..2...F.E1..6.I...D.L.\n.5MD....4...A.PB..1N.2.F.',
  },
  'sudoku-empty': { label: 'An empty 9×9 Sudoku (the full 729×324 matrix)', kind: 'sudoku', text: '.'.repeat(81) },
  'pentomino-6x10': { label: 'Pentomino 6×10 (9356 solutions)', kind: 'pentomino', text: '6x10' },
  'toroidal-5': { label: '5 queens on a torus', kind: 'toroidal-queens', text: '5' },
  'langford-4': { label: 'Langford pairs, n = 4', kind: 'langford', text: '4' },
  'xcc-toy': { label: "TAOCP's toy problem with colours (1 solution)", kind: 'exact-cover', text: XCC_TOY },
  'dlx2': { label: "Knuth's DLX2 example with colours (1 solution)", kind: 'exact-cover', text: DLX2_EXAMPLE },
  'dlx3': { label: "Knuth's DLX3 example with multiplicities (1 solution)", kind: 'exact-cover', text: DLX3_EXAMPLE },
  'edge-3x3': { label: 'Edge-matching squares 3×3, 2 colours (32 solutions)', kind: 'edge-matching', text: '3x3/2' },
};

/** The problem shown first. */
export const DEFAULT = PRESETS['knuth-6x7'];
