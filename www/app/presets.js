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
  // "6x6" of sigh's Interactive Sudoku Solver collection (from forum.enjoysudoku.com); 2x3 boxes.
  'sudoku-6': { label: 'Sudoku 6×6 (2×3 boxes)', kind: 'sudoku', text: '....4.\n.1.3.5\n...2..\n..3...\n6.2.5.\n.5....' },
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
  'pentomino-6x10': { label: 'Pentomino 6×10 (9,356 solutions)', kind: 'pentomino', text: '6x10' },
  'toroidal-5': { label: '5 queens on a torus', kind: 'toroidal-queens', text: '5' },
  'langford-4': { label: 'Langford pairs, n = 4', kind: 'langford', text: '4' },
  'xcc-toy': { label: "TAOCP's toy problem with colours (1 solution)", kind: 'exact-cover', text: XCC_TOY },
  'dlx2': { label: "Knuth's DLX2 example with colours (1 solution)", kind: 'exact-cover', text: DLX2_EXAMPLE },
  'dlx3': { label: "Knuth's DLX3 example with multiplicities (1 solution)", kind: 'exact-cover', text: DLX3_EXAMPLE },
  'edge-3x3': { label: 'Edge-matching squares 3×3, 2 colours (32 solutions)', kind: 'edge-matching', text: '3x3/2' },
  // Variant Sudokus (issue 20), made by `dlx make sudoku --variant V --seed S` (nodes: to rule out a
  // second solution, `dlx count`); each branches: the search makes real choices. Typed puzzles carry
  // their switches as `format` (the picker's, the CLI's --variant); the shapes come as f-puzzles JSON.
  'sudoku-x': { label: 'Sudoku X: both diagonals too (seed 7, 167 nodes)', kind: 'sudoku', format: 'x', text: '......731..........8.76.............3....7..44...1.......8..4............1.345..2' },
  'sudoku-windoku': { label: 'Windoku: four more 3×3 regions (seed 12, 108 nodes)', kind: 'sudoku', format: 'windoku', text: '..1....3.......7....718.5..5.....1...9...58.6.....4......2.....1.......4...8.....' },
  'sudoku-anti-knight': { label: 'Anti-knight Sudoku (seed 1, 457 nodes)', kind: 'sudoku', format: 'anti-knight', text: '.....5.........39............65.2......71....24.3..7.............................' },
  'sudoku-anti-king': { label: 'Anti-king Sudoku (seed 5, 207 nodes)', kind: 'sudoku', format: 'anti-king', text: '....35...8.....4.7..7...2....9..1..3.2.8..7.........9.4....8..5...............92.' },
  'sudoku-non-consecutive': { label: 'Non-consecutive Sudoku (seed 1, 16 givens, 221 nodes)', kind: 'sudoku', format: 'non-consecutive', text: '.....7.......................27.9......28....5974..28.........5..5.......4......1' },
  'sudoku-jigsaw': { label: 'Jigsaw Sudoku: irregular regions (seed 5, 147 nodes)', kind: 'sudoku', text: '{"grid":[[{"region":0},{"region":0},{"region":0},{"region":1},{"region":1},{"given":true,"region":1,"value":2},{"region":2},{"region":2},{"region":2}],[{"given":true,"region":3,"value":2},{"region":0},{"region":0},{"region":1},{"given":true,"region":1,"value":1},{"region":1},{"region":2},{"region":5},{"given":true,"region":2,"value":7}],[{"region":3},{"region":0},{"given":true,"region":0,"value":4},{"region":1},{"region":1},{"region":2},{"given":true,"region":2,"value":8},{"region":5},{"region":2}],[{"region":3},{"region":0},{"region":3},{"region":4},{"given":true,"region":1,"value":9},{"given":true,"region":2,"value":3},{"region":5},{"region":5},{"given":true,"region":5,"value":5}],[{"given":true,"region":3,"value":7},{"region":0},{"region":3},{"region":4},{"region":4},{"given":true,"region":4,"value":8},{"region":4},{"given":true,"region":5,"value":3},{"region":5}],[{"region":3},{"region":3},{"region":3},{"given":true,"region":7,"value":1},{"region":4},{"region":4},{"region":4},{"region":5},{"region":5}],[{"region":6},{"region":6},{"region":6},{"region":7},{"region":7},{"region":4},{"region":8},{"region":8},{"region":8}],[{"region":6},{"given":true,"region":7,"value":3},{"region":7},{"given":true,"region":7,"value":9},{"region":7},{"region":7},{"region":7},{"given":true,"region":8,"value":8},{"region":8}],[{"region":6},{"region":6},{"region":6},{"region":6},{"given":true,"region":6,"value":2},{"region":8},{"given":true,"region":8,"value":7},{"region":8},{"given":true,"region":8,"value":6}]],"size":9}' },
  'sudoku-killer': { label: 'Killer Sudoku: cages and sums, no given (seed 8, 365 nodes)', kind: 'sudoku', text: '{"grid":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"killercage":[{"cells":["R2C2","R2C3"],"value":"12"},{"cells":["R8C4","R9C3","R9C4","R9C5"],"value":"18"},{"cells":["R1C6","R1C7","R2C6","R3C6"],"value":"18"},{"cells":["R8C5","R8C6"],"value":"5"},{"cells":["R3C3","R4C3","R4C4"],"value":"15"},{"cells":["R4C2","R5C2"],"value":"3"},{"cells":["R6C6","R6C7","R7C6"],"value":"10"},{"cells":["R5C5","R6C5"],"value":"13"},{"cells":["R2C4","R3C4","R3C5","R4C5"],"value":"15"},{"cells":["R4C8","R5C8","R6C8"],"value":"15"},{"cells":["R1C1","R1C2","R1C3"],"value":"15"},{"cells":["R2C8","R3C8","R3C9"],"value":"8"},{"cells":["R5C3","R5C4","R6C4"],"value":"18"},{"cells":["R7C7","R8C7"],"value":"6"},{"cells":["R1C8","R1C9","R2C9"],"value":"20"},{"cells":["R4C9","R5C9","R6C9"],"value":"12"},{"cells":["R7C8","R7C9","R8C8","R8C9"],"value":"26"},{"cells":["R3C7","R4C7"],"value":"17"},{"cells":["R5C1","R6C1"],"value":"9"},{"cells":["R6C2","R7C2","R7C3"],"value":"14"},{"cells":["R9C7","R9C8","R9C9"],"value":"13"},{"cells":["R8C1","R8C2","R8C3","R9C2"],"value":"23"},{"cells":["R7C4","R7C5"],"value":"9"},{"cells":["R2C1","R3C1","R3C2","R4C1"],"value":"18"},{"cells":["R1C4","R1C5","R2C5"],"value":"18"},{"cells":["R9C6"],"value":"9"},{"cells":["R2C7"],"value":"6"},{"cells":["R9C1"],"value":"7"},{"cells":["R7C1"],"value":"8"},{"cells":["R6C3"],"value":"9"},{"cells":["R4C6","R5C6"],"value":"9"},{"cells":["R5C7"],"value":"7"}],"size":9}' },
  'sudoku-thermo': { label: 'Thermo Sudoku: rising from the bulb (seed 10, 292 nodes)', kind: 'sudoku', text: '{"grid":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{"given":true,"value":8},{},{},{},{}],[{},{"given":true,"value":4},{},{},{},{},{},{},{"given":true,"value":2}],[{"given":true,"value":8},{},{"given":true,"value":5},{},{"given":true,"value":7},{},{},{"given":true,"value":1},{}],[{"given":true,"value":1},{},{},{},{},{"given":true,"value":5},{},{},{"given":true,"value":8}],[{},{},{"given":true,"value":4},{},{},{},{},{},{}],[{"given":true,"value":6},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{"given":true,"value":9},{},{}],[{},{},{},{},{},{},{},{"given":true,"value":5},{"given":true,"value":3}]],"size":9,"thermometer":[{"lines":[["R3C2","R4C2","R3C1","R4C1"]]},{"lines":[["R8C2","R8C1","R7C1","R6C2"]]},{"lines":[["R4C8","R4C9","R3C8","R3C7"]]},{"lines":[["R8C6","R8C5","R9C6","R8C7"]]},{"lines":[["R9C7","R8C8","R7C8"]]},{"lines":[["R3C5","R3C4","R3C3"]]},{"lines":[["R1C7","R1C6","R1C5"]]},{"lines":[["R1C2","R2C2","R1C3"]]},{"lines":[["R6C8","R6C9","R5C8"]]},{"lines":[["R2C6","R3C6","R4C6"]]}]}' },
};

/** The problem shown first. */
export const DEFAULT = PRESETS['knuth-6x7'];
