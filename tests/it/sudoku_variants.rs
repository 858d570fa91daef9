//! Variant Sudokus (issue 20): every solution DLX finds checked against the rules by the checker
//! (`Rules::check`, which reads the rules, not the instance), counts of small boards against brute
//! force, unique puzzles of every variant made by the maker and proved unique by an independent
//! backtracking solver written here, f-puzzles JSON and links, and the refusals.

use dlx_studio::problems::sudoku::fill::CageFill;
use dlx_studio::problems::sudoku::fpuzzles;
use dlx_studio::problems::sudoku::maker::{self, Kind};
use dlx_studio::problems::sudoku::{Cage, Geometry, Rules, Sudoku, Switch};
use dlx_studio::problems::{load, Problem, Spec};
use std::ops::ControlFlow;

/// DLX's solutions (up to `limit`), each checked by the rules checker.
fn dlx_solutions(sudoku: &Sudoku, limit: usize) -> Vec<Vec<u8>> {
    crate::common::sudoku_solutions(sudoku, limit)
}

fn empty(size: usize) -> String {
    ".".repeat(size * size)
}

// ---------------------------------------------------------------------------------------------
// An independent solver: plain backtracking over cells (fewest candidates first), with each rule
// written out here from the puzzle's shapes. It shares nothing with the instance or DLX.

struct Brute {
    size: usize,
    /// Cells that must hold another digit than cell p.
    peers: Vec<Vec<usize>>,
    /// Orthogonal neighbours (non-consecutive).
    nc: Vec<Vec<usize>>,
    /// (cage cells, sum) per cage with a sum, and the cages of each cell.
    sums: Vec<(Vec<usize>, u32)>,
    cages_of: Vec<Vec<usize>>,
    /// Thermometer edges (lower, higher).
    below: Vec<Vec<usize>>,
    above: Vec<Vec<usize>>,
    /// The groups of N cells, each of which holds every digit.
    units: Vec<Vec<usize>>,
}

impl Brute {
    fn new(size: usize, rules: &Rules) -> Brute {
        let cells = size * size;
        // Boxes as f-puzzles lays them out, worked out here apart from the crate's Geometry: as many
        // rows as can be without the box taller than wide (2x3 for a 6x6).
        let br = (1..=size)
            .filter(|r| size.is_multiple_of(*r) && r * r <= size)
            .max()
            .unwrap();
        let bc = size / br;
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..size {
            groups.push((0..size).map(|c| i * size + c).collect());
            groups.push((0..size).map(|r| r * size + i).collect());
        }
        let region = |p: usize| match &rules.regions {
            Some(r) => usize::from(r[p]),
            None => (p / size / br) * br + p % size / bc,
        };
        for g in 0..size {
            groups.push((0..cells).filter(|&p| region(p) == g).collect());
        }
        if rules.diagonal_pos {
            groups.push((0..size).map(|i| (size - 1 - i) * size + i).collect());
        }
        if rules.diagonal_neg {
            groups.push((0..size).map(|i| i * size + i).collect());
        }
        if rules.windoku {
            for (r0, c0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                groups.push((0..9).map(|i| (r0 + i / 3) * 9 + c0 + i % 3).collect());
            }
        }
        groups.extend(rules.extra_regions.iter().cloned());
        groups.extend(rules.cages.iter().map(|c| c.cells.clone()));
        let mut peers = vec![Vec::new(); cells];
        for g in &groups {
            for &p in g {
                for &q in g {
                    if p != q && !peers[p].contains(&q) {
                        peers[p].push(q);
                    }
                }
            }
        }
        let at = |p: usize, dr: i32, dc: i32| -> Option<usize> {
            let (r, c) = ((p / size) as i32 + dr, (p % size) as i32 + dc);
            ((0..size as i32).contains(&r) && (0..size as i32).contains(&c))
                .then(|| r as usize * size + c as usize)
        };
        let mut moves = Vec::new();
        if rules.anti_knight {
            moves.extend([
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ]);
        }
        if rules.anti_king {
            moves.extend([
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
                (0, 1),
                (1, 0),
                (0, -1),
                (-1, 0),
            ]);
        }
        for (p, list) in peers.iter_mut().enumerate() {
            for &(dr, dc) in &moves {
                if let Some(q) = at(p, dr, dc) {
                    if !list.contains(&q) {
                        list.push(q);
                    }
                }
            }
        }
        let mut nc = vec![Vec::new(); cells];
        if rules.non_consecutive {
            for (p, list) in nc.iter_mut().enumerate() {
                list.extend(
                    [(0, 1), (1, 0), (0, -1), (-1, 0)]
                        .iter()
                        .filter_map(|&(dr, dc)| at(p, dr, dc)),
                );
            }
        }
        let mut sums = Vec::new();
        let mut cages_of = vec![Vec::new(); cells];
        for c in &rules.cages {
            if let Some(s) = c.sum {
                for &p in &c.cells {
                    cages_of[p].push(sums.len());
                }
                sums.push((c.cells.clone(), s));
            }
        }
        let (mut below, mut above) = (vec![Vec::new(); cells], vec![Vec::new(); cells]);
        for line in &rules.thermos {
            for w in line.windows(2) {
                below[w[1]].push(w[0]);
                above[w[0]].push(w[1]);
            }
        }
        Brute {
            size,
            units: groups.into_iter().filter(|g| g.len() == size).collect(),
            peers,
            nc,
            sums,
            cages_of,
            below,
            above,
        }
    }

    fn allowed(&self, g: &[u8], p: usize, v: u8) -> bool {
        if self.peers[p].iter().any(|&q| g[q] == v) {
            return false;
        }
        if self.nc[p]
            .iter()
            .any(|&q| g[q] != 0 && g[q].abs_diff(v) == 1)
        {
            return false;
        }
        if self.below[p].iter().any(|&q| g[q] != 0 && g[q] >= v)
            || self.above[p].iter().any(|&q| g[q] != 0 && g[q] <= v)
        {
            return false;
        }
        for &k in &self.cages_of[p] {
            let (cells, sum) = &self.sums[k];
            let mut total = u32::from(v);
            let mut left = 0u32;
            for &q in cells {
                if q != p {
                    if g[q] == 0 {
                        left += 1;
                    } else {
                        total += u32::from(g[q]);
                    }
                }
            }
            let size = self.size as u32;
            let (lo, hi) = (left * (left + 1) / 2, left * (2 * size - left + 1) / 2);
            if total + lo > *sum || total + hi < *sum {
                return false;
            }
        }
        true
    }

    /// The number of solutions up to `limit`, and the first.
    fn count(&self, g: &mut Vec<u8>, limit: usize, first: &mut Option<Vec<u8>>) -> usize {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for p in 0..g.len() {
            if g[p] != 0 {
                continue;
            }
            let cands: Vec<u8> = (1..=self.size as u8)
                .filter(|&v| self.allowed(g, p, v))
                .collect();
            if best.as_ref().is_none_or(|(_, b)| cands.len() < b.len()) {
                let done = cands.is_empty();
                best = Some((p, cands));
                if done {
                    break;
                }
            }
        }
        // A digit with few places left in a unit of N cells: branch on its places when they are
        // fewer than the best cell's candidates (what solvers call a hidden single, at one place).
        if let Some((_, cands)) = &best {
            let mut fewest: Option<Vec<(usize, u8)>> = None;
            for unit in &self.units {
                for v in 1..=self.size as u8 {
                    if unit.iter().any(|&q| g[q] == v) {
                        continue;
                    }
                    let places: Vec<(usize, u8)> = unit
                        .iter()
                        .filter(|&&q| g[q] == 0 && self.allowed(g, q, v))
                        .map(|&q| (q, v))
                        .collect();
                    let bound = fewest.as_ref().map_or(cands.len(), |f| f.len());
                    if places.len() < bound {
                        fewest = Some(places);
                    }
                }
            }
            if let Some(places) = fewest {
                let mut found = 0;
                for (q, v) in places {
                    g[q] = v;
                    found += self.count(g, limit - found, first);
                    g[q] = 0;
                    if found >= limit {
                        break;
                    }
                }
                return found;
            }
        }
        let Some((p, cands)) = best else {
            if first.is_none() {
                *first = Some(g.clone());
            }
            return 1;
        };
        let mut found = 0;
        for v in cands {
            g[p] = v;
            found += self.count(g, limit - found, first);
            g[p] = 0;
            if found >= limit {
                break;
            }
        }
        found
    }
}

/// The solutions of a grid under rules by the independent solver (up to `limit`), and the first.
fn brute(size: usize, rules: &Rules, givens: &[u8], limit: usize) -> (usize, Option<Vec<u8>>) {
    let b = Brute::new(size, rules);
    let mut g = givens.to_vec();
    let mut first = None;
    let count = b.count(&mut g, limit, &mut first);
    (count, first)
}

// ---------------------------------------------------------------------------------------------

#[test]
fn the_checker_catches_each_rule_broken() {
    // A valid classic 9x9 (Wikipedia's solution).
    let s: Vec<u8> =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .bytes()
            .map(|b| b - b'0')
            .collect();
    let classic = Rules::default();
    assert_eq!(classic.check(Geometry::classic(), &s, true), Ok(()));
    let with = |f: &dyn Fn(&mut Rules)| {
        let mut r = Rules::default();
        f(&mut r);
        r.check(Geometry::classic(), &s, true)
    };
    // Each broken rule names its cells: those the page marks on the board. The diagonals are named
    // by their ends, not by f-puzzles' keys (`diagonal-`, `diagonal+`).
    let e = with(&|r| r.diagonal_neg = true).unwrap_err();
    assert!(e.message.starts_with("diagonal r1c1-r9c9 holds "), "{e}");
    assert_eq!(e.cells.len(), 2, "{e:?}");
    assert!(e.cells.iter().all(|&p| p % 10 == 0), "{e:?}");
    assert_eq!(s[e.cells[0]], s[e.cells[1]], "{e:?}");
    let e = with(&|r| r.diagonal_pos = true).unwrap_err();
    assert!(e.message.starts_with("diagonal r9c1-r1c9 holds "), "{e}");
    assert!(
        e.cells.iter().all(|&p| p % 8 == 0 && p > 0 && p < 80),
        "{e:?}"
    );
    let e = with(&|r| r.windoku = true).unwrap_err();
    assert!(e.message.starts_with("windoku region"), "{e}");
    assert_eq!(s[e.cells[0]], s[e.cells[1]], "{e:?}");
    let e = with(&|r| r.anti_knight = true).unwrap_err();
    assert!(e.message.contains("a knight's move apart"), "{e}");
    let (p, q) = (e.cells[0], e.cells[1]);
    let (dr, dc) = ((p / 9).abs_diff(q / 9), (p % 9).abs_diff(q % 9));
    assert!((dr, dc) == (1, 2) || (dr, dc) == (2, 1), "{e:?}");
    let e = with(&|r| r.anti_king = true).unwrap_err();
    assert!(e.message.contains("a king's move apart"), "{e}");
    let e = with(&|r| r.non_consecutive = true).unwrap_err();
    // r1c1 = 5, r2c1 = 6.
    assert_eq!(
        e.message,
        "r1c1 and r2c1 are neighbours holding consecutive digits 5 and 6"
    );
    assert_eq!(e.cells, [0, 9]);
    let e = with(&|r| {
        r.cages.push(Cage {
            cells: vec![0, 1],
            sum: Some(9),
        })
    })
    .unwrap_err();
    assert_eq!(e.message, "cage 1 in r1c1-r1c2 adds up to 8, not 9");
    assert_eq!(e.cells, [0, 1]);
    assert_eq!(
        with(&|r| r.cages.push(Cage {
            cells: vec![0, 1],
            sum: Some(8)
        })),
        Ok(())
    );
    let e = with(&|r| r.thermos.push(vec![0, 1])).unwrap_err();
    assert_eq!(
        e.message,
        "thermometer 1 does not rise from r1c1 (5) to r1c2 (3)"
    );
    assert_eq!(e.cells, [0, 1]);
    assert_eq!(with(&|r| r.thermos.push(vec![1, 0])), Ok(()));
    // r1c1 = 5, r2c2 = 7, r3c3 = 8: distinct; r4c4 = 7 again.
    assert_eq!(with(&|r| r.extra_regions.push(vec![0, 10, 20])), Ok(()));
    assert_eq!(
        with(&|r| r.extra_regions.push(vec![0, 10, 20, 30])).map_err(|e| (e.message, e.cells)),
        Err((
            "extra region 1 holds 7 twice (r2c2 and r4c4)".into(),
            vec![10, 30]
        ))
    );
    // A jigsaw whose regions are the rows' thirds shifted: boxes no longer count.
    let mut shifted = s.clone();
    shifted.swap(0, 1);
    assert!(classic.check(Geometry::classic(), &shifted, true).is_err());
    assert!(classic.check(Geometry::classic(), &s[..80], true).is_err());
}

/// Every 4x4 grid of 1-4 with each row a permutation and each column too (the 576 Latin squares),
/// by plain enumeration: the boards the checker filters for the brute-force counts.
fn latin4() -> Vec<Vec<u8>> {
    let perms: Vec<[u8; 4]> = {
        let mut v = Vec::new();
        for a in 1..=4u8 {
            for b in 1..=4u8 {
                for c in 1..=4u8 {
                    for d in 1..=4u8 {
                        let s = [a, b, c, d];
                        if (0..4).all(|i| (0..i).all(|j| s[i] != s[j])) {
                            v.push(s);
                        }
                    }
                }
            }
        }
        v
    };
    let mut out = Vec::new();
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let g: Vec<u8> = [r0, r1, r2, r3]
                        .iter()
                        .flat_map(|r| r.iter().copied())
                        .collect();
                    if (0..4).all(|c| (0..4).all(|i| (0..i).all(|j| g[i * 4 + c] != g[j * 4 + c])))
                    {
                        out.push(g);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn counts_of_4x4_variants_agree_with_brute_force() {
    let latin = latin4();
    assert_eq!(latin.len(), 576);
    let mut cases: Vec<(&str, Rules)> = Vec::new();
    let on = |f: &dyn Fn(&mut Rules)| {
        let mut r = Rules::default();
        f(&mut r);
        r
    };
    cases.push(("classic", Rules::default()));
    cases.push(("x", on(&|r| r.apply(Switch::X))));
    cases.push(("diagonal-", on(&|r| r.diagonal_neg = true)));
    cases.push(("anti-king", on(&|r| r.apply(Switch::AntiKing))));
    cases.push(("anti-knight", on(&|r| r.apply(Switch::AntiKnight))));
    cases.push(("non-consecutive", on(&|r| r.apply(Switch::NonConsecutive))));
    // A jigsaw: regions as L shapes (row-major region numbers).
    let jig: Vec<u8> = vec![0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
    cases.push(("jigsaw, no grid", on(&|r| r.regions = Some(jig.clone()))));
    let jig: Vec<u8> = vec![0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
    cases.push(("jigsaw", on(&|r| r.regions = Some(jig.clone()))));
    cases.push((
        "extra region",
        on(&|r| r.extra_regions.push(vec![0, 5, 10, 15])),
    ));
    cases.push((
        "small extra region",
        on(&|r| r.extra_regions.push(vec![1, 6, 11])),
    ));
    cases.push((
        "killer",
        on(&|r| {
            r.cages.push(Cage {
                cells: vec![0, 1],
                sum: Some(3),
            });
            r.cages.push(Cage {
                cells: vec![5, 6, 10],
                sum: Some(8),
            });
            r.cages.push(Cage {
                cells: vec![12, 13],
                sum: None,
            });
        }),
    ));
    cases.push((
        "thermo",
        on(&|r| {
            r.thermos.push(vec![4, 5, 6]);
            r.thermos.push(vec![15, 10]);
        }),
    ));
    cases.push((
        "x + killer + thermo, overlapping",
        on(&|r| {
            r.apply(Switch::X);
            r.cages.push(Cage {
                cells: vec![0, 5],
                sum: Some(5),
            });
            r.thermos.push(vec![0, 1]);
        }),
    ));
    let mut counts = Vec::new();
    for (name, rules) in &cases {
        let want = latin
            .iter()
            .filter(|g| rules.check(Geometry::of_size(4).unwrap(), g, true).is_ok())
            .count();
        let sudoku = Sudoku::new(
            Sudoku::parse(&empty(4)).unwrap().grid().clone(),
            rules.clone(),
        )
        .unwrap();
        let got = dlx_solutions(&sudoku, usize::MAX);
        let mut distinct = got.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), got.len(), "{name}: a solution found twice");
        assert_eq!(got.len(), want, "{name}: DLX against brute force");
        // The independent solver agrees.
        assert_eq!(brute(4, rules, &[0; 16], usize::MAX).0, want, "{name}");
        counts.push((*name, want));
    }
    // Known: 288 4x4 Sudokus; with both diagonals, 48 (brute force above).
    assert_eq!(counts[0], ("classic", 288));
    assert_eq!(counts[1], ("x", 48));
    eprintln!("{counts:?}");
}

/// Makes a puzzle and checks it: unique by the independent solver, the maker's solution the one
/// it finds, which the checker accepts, and DLX agrees on the puzzle as `solve` reads it back.
fn made_and_checked(kind: &str, seed: u64) -> maker::Made {
    let k = Kind::parse(kind).unwrap();
    let made = maker::make(&k, seed, None).unwrap();
    let givens = made.puzzle.cells().to_vec();
    assert_eq!(
        made.rules.check(Geometry::classic(), &made.solution, true),
        Ok(()),
        "{kind}"
    );
    let (count, first) = brute(9, &made.rules, &givens, 2);
    assert_eq!(
        count, 1,
        "{kind} seed {seed}: not unique by the independent solver"
    );
    assert_eq!(first.unwrap(), made.solution, "{kind}");
    // Read back as `solve` reads it: a line with switches, or f-puzzles JSON.
    let sudoku = if k.needs_json() {
        assert!(made.text.starts_with('{'), "{kind}: {}", made.text);
        Sudoku::parse_with(&made.text, &k.switches).unwrap()
    } else {
        assert_eq!(made.text.len(), 81);
        Sudoku::parse_with(&made.text, &k.switches).unwrap()
    };
    assert_eq!(sudoku.rules(), &made.rules, "{kind}: the rules read back");
    let solved = dlx_solutions(&sudoku, 2);
    assert_eq!(solved, vec![made.solution.clone()], "{kind}");
    made
}

#[test]
fn made_puzzles_are_unique_by_an_independent_solver() {
    for (kind, seed) in [
        ("classic", 1),
        ("x", 2),
        ("windoku", 3),
        ("anti-knight", 4),
        ("anti-king", 5),
        ("non-consecutive", 6),
        ("jigsaw", 7),
        ("killer", 8),
        ("thermo", 9),
    ] {
        let t = std::time::Instant::now();
        let made = made_and_checked(kind, seed);
        let givens = made.puzzle.cells().iter().filter(|&&v| v != 0).count();
        eprintln!(
            "{kind} seed {seed}: {givens} givens, {} nodes, {:?}",
            made.nodes,
            t.elapsed()
        );
        // Minimal: no given can go (each one's removal leaves two solutions).
        if kind == "classic" || kind == "killer" {
            for p in (0..81).filter(|&p| made.puzzle.cells()[p] != 0) {
                let mut g = made.puzzle.cells().to_vec();
                g[p] = 0;
                assert_eq!(brute(9, &made.rules, &g, 2).0, 2, "{kind}: given {p}");
            }
        }
    }
    // The same seed makes the same puzzle; another seed, another puzzle.
    for kind in ["classic", "killer", "jigsaw"] {
        let k = Kind::parse(kind).unwrap();
        let a = maker::make(&k, 21, None).unwrap().text;
        assert_eq!(maker::make(&k, 21, None).unwrap().text, a, "{kind}");
        assert_ne!(maker::make(&k, 22, None).unwrap().text, a, "{kind}");
    }
    let k = Kind::parse("classic").unwrap();
    // --clues stops removing at that many givens (while unique).
    let m = maker::make(&k, 1, Some(40)).unwrap();
    assert_eq!(m.puzzle.cells().iter().filter(|&&v| v != 0).count(), 40);
    assert_eq!(brute(9, &m.rules, m.puzzle.cells(), 2).0, 1);
}

#[test]
fn f_puzzles_json_and_links_read_the_same_puzzle() {
    let made = maker::make(&Kind::parse("killer").unwrap(), 11, None).unwrap();
    let json = &made.text;
    let link = fpuzzles::link(json);
    assert!(
        link.starts_with("https://f-puzzles.com/?load=N4Ig"),
        "{link}"
    );
    let from_json = Sudoku::parse(json).unwrap();
    let from_link = Sudoku::parse(&link).unwrap();
    assert_eq!(from_json.rules(), from_link.rules());
    assert_eq!(from_json.grid().cells(), from_link.grid().cells());
    assert!(from_link
        .note()
        .unwrap()
        .starts_with("Read as a 9x9 Sudoku from an f-puzzles link: killer"));
    // SudokuPad's forms of the same payload, and the payload percent-encoded.
    let payload = link.split("load=").nth(1).unwrap();
    for l in [
        format!("https://sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{payload}"),
        format!(
            "https://f-puzzles.com/?load={}",
            payload.replace('+', "%2B").replace('/', "%2F")
        ),
    ] {
        let s = Sudoku::parse(&l).unwrap_or_else(|e| panic!("{l}: {e}"));
        assert_eq!(s.rules(), from_json.rules());
    }
    // Through the loader, the exact-cover box too, as the page loads it.
    for spec in [Spec::Sudoku(link.clone()), Spec::ExactCover(link.clone())] {
        let p = load(&spec).unwrap();
        assert_eq!(p.title(), "Sudoku 9x9 (killer)");
    }
    // Pretty JSON with a title, the solver's pencil marks and a value the solver typed (not given).
    let pretty = r#"{
      "size": 4, "title": "Tiny X", "author": "test",
      "grid": [[{"value": 1, "given": true}, {"centerPencilMarks": [2, 3]}, {}, {}],
               [{}, {"value": 4}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
      "diagonal+": true, "diagonal-": true, "text": [{"cells": ["R1C1"], "value": "hi"}]
    }"#;
    let s = Sudoku::parse(pretty).unwrap();
    assert_eq!(s.grid().cells()[..6], [1, 0, 0, 0, 0, 0]);
    // A value written as a string, as some tools write it (was `value "1" is not a digit 1-4`).
    let quoted = pretty.replacen(r#""value": 1,"#, r#""value": "1","#, 1);
    assert!(quoted.contains(r#""value": "1""#), "{quoted}");
    assert_eq!(
        Sudoku::parse(&quoted).unwrap().grid().cells(),
        s.grid().cells()
    );
    assert_eq!(
        s.note().unwrap(),
        "Read as a 4x4 Sudoku from f-puzzles JSON, \u{201c}Tiny X\u{201d}: x (cosmetic text \
         skipped: no rule)"
    );
    // 48 X grids of 4x4, a quarter of them with r1c1 = 1 (relabel the digits).
    assert_eq!(dlx_solutions(&s, 100).len(), 12);
}

/// Rows of numbers as JSON (`[[0,0,3,…],…]`), as puzzle APIs return a board: the list itself, or
/// under `board` (sugoku), `puzzle` (beside its `solution`), `grid` or `quiz`.
#[test]
fn json_rows_of_numbers_read_as_a_board() {
    let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let cells: Vec<String> = line[r * 9..r * 9 + 9]
                .chars()
                .map(|c| c.to_string())
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let list = format!("[{}]", rows.join(",\n "));
    let text = Sudoku::parse(line).unwrap();
    for json in [
        list.clone(),
        format!(r#"{{"board": {list}}}"#),
        format!(r#"{{"difficulty": "hard", "puzzle": {list}, "solution": [[1]]}}"#),
        format!(r#"{{"grid": {list}}}"#),
        // null for an empty cell, as some APIs write it.
        list.replacen("[0,0,3", "[null,0,3", 1),
    ] {
        let s = Sudoku::parse(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(s.grid().cells(), text.grid().cells(), "{json}");
        assert_eq!(
            s.note().unwrap(),
            "Read as a 9x9 Sudoku from JSON rows of numbers"
        );
        assert_eq!(dlx_solutions(&s, 2).len(), 1);
    }
    // A 16x16 in numbers 1-16 prints its solution in numbers.
    let zeros = format!(
        "[{}]",
        vec![format!("[{}]", vec!["0"; 16].join(",")); 16].join(",")
    );
    let s = Sudoku::parse(&zeros.replacen("[0,", "[16,", 1)).unwrap();
    assert_eq!(s.grid().cells()[0], 16);
    assert!(s.note().unwrap().contains("numbers 1-16"), "{:?}", s.note());
    // What is wrong, and where.
    let e = Sudoku::parse(&list.replacen("[0,0,3", "[0,0,10", 1))
        .err()
        .unwrap();
    assert_eq!(
        e.message,
        "the list, r1c3: 10 is not a number from 1 to 9, or 0 or null for an empty cell"
    );
    let e = Sudoku::parse(&format!(
        r#"{{"board": {}}}"#,
        list.replacen("[0,0,3", "[0,\"3\"", 1)
    ))
    .err()
    .unwrap();
    assert_eq!(e.message, "`board`, row 1: 8 cells where the 9 rows need 9");
    let e = Sudoku::parse(&list.replacen("[0,0,3", "[3,0,3", 1))
        .err()
        .unwrap();
    assert_eq!(
        e.message,
        "givens clash: r1c1 and r1c3 both hold 3 in row 1"
    );
    assert_eq!(
        e.cells,
        [0, 2],
        "the clashing cells, as the page marks them"
    );
    let e = Sudoku::parse("[[1,2],[3,4],[5,6]]").err().unwrap();
    assert_eq!(
        e.message,
        "the list has 3 rows: a Sudoku is 4x4 to 16x16 or 25x25"
    );
    // An object that is neither: named by what it holds, not by one of its keys as a constraint.
    let e = Sudoku::parse(r#"{"data": {"cells": "..3.2.6.."}, "status": "ok"}"#)
        .err()
        .unwrap();
    assert_eq!(
        e.message,
        "not f-puzzles JSON: no `size` (the object holds `data`, `status`); a board of rows of \
         numbers is read from `board`, `puzzle`, `grid` or `quiz`, or as the list itself"
    );
    // f-puzzles' own grid without its size still says so.
    let e = Sudoku::parse(r#"{"grid": [[{"value": 1}]]}"#)
        .err()
        .unwrap();
    assert_eq!(
        e.message,
        "size is missing: expected 4 to 16 or 25 (a Sudoku is 4x4 to 16x16 or 25x25)"
    );
}

#[test]
fn a_windoku_travels_as_f_puzzles_writes_it_four_extra_regions() {
    let made = maker::make(&Kind::parse("windoku").unwrap(), 3, None).unwrap();
    assert_eq!(made.text.len(), 81, "a line, solved with --variant windoku");
    let json = fpuzzles::write(&made.puzzle, &made.rules).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["extraregion"].as_array().unwrap().len(), 4);
    assert_eq!(v["extraregion"][0]["cells"][0], "R2C2");
    let s = Sudoku::parse(&fpuzzles::link(&json)).unwrap();
    assert!(s.rules().windoku && s.rules().extra_regions.is_empty());
    assert_eq!(s.title(), "Sudoku 9x9 (windoku)");
    assert_eq!(dlx_solutions(&s, 2), vec![made.solution]);
    // Three of the four are only extra regions.
    let mut three = made.rules.clone();
    three.windoku = false;
    three.extra_regions = dlx_studio::problems::sudoku::Rules::windoku_regions(
        dlx_studio::problems::sudoku::Geometry::classic(),
    )[..3]
        .to_vec();
    let s = Sudoku::parse(&fpuzzles::write(&made.puzzle, &three).unwrap()).unwrap();
    assert_eq!(s.rules(), &three);
}

#[test]
fn a_jigsaw_from_json_uses_its_regions() {
    let made = maker::make(&Kind::parse("jigsaw").unwrap(), 12, None).unwrap();
    let regions = made.rules.regions.clone().unwrap();
    let boxes: Vec<u8> = (0..81).map(|p| ((p / 27) * 3 + p % 9 / 3) as u8).collect();
    assert_ne!(regions, boxes, "the regions are irregular");
    let s = Sudoku::parse(&fpuzzles::link(&made.text)).unwrap();
    assert_eq!(s.rules().regions.as_ref(), Some(&regions));
    assert_eq!(s.instance().item_name(3 * 81), "j1=1");
    assert_eq!(s.layout().regions[0], usize::from(regions[0]));
    assert_eq!(dlx_solutions(&s, 2), vec![made.solution]);
}

#[test]
fn unsupported_constraints_and_bad_input_are_refused_by_name() {
    let base = |extra: &str| {
        format!(
            r#"{{"size":4,"grid":[[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]]{extra}}}"#
        )
    };
    let msg = |text: &str| Sudoku::parse(text).err().expect("refused").to_string();
    assert_eq!(Sudoku::parse(&base("")).unwrap().title(), "Sudoku 4x4");
    assert_eq!(
        msg(&base(r#","rowindexer":[{"cells":["R1C1"]}]"#)),
        "row indexers are not supported"
    );
    assert_eq!(
        msg(&base(r#","negative":["ratio"]"#)),
        "negative constraints (`ratio` alone) are not supported: `xv`, and `ratio` with \
         `difference` (all dots given), are read"
    );
    // Both dots' negatives are the negative Kropki rule (tests/it/sudoku_pad_shapes.rs solves
    // ISS's "Strict kropki" so).
    let s = Sudoku::parse(&base(r#","negative":["ratio","difference"]"#)).unwrap();
    assert!(s.rules().negative_kropki && !s.rules().negative_xv);
    assert_eq!(
        msg(&base(r#","whatever":true"#)),
        "`whatever` constraints are not supported"
    );
    // Empty lists and false flags state nothing.
    assert!(Sudoku::parse(&base(r#","arrow":[],"antiknight":false"#)).is_ok());
    assert_eq!(
        msg(&base(
            r#","killercage":[{"cells":["R1C1","R5C1"],"value":"3"}]"#
        )),
        "killercage[0].cells[1]: `R5C1` is not a cell of a 4x4 grid (cells are named R1C1 to R4C4)"
    );
    assert_eq!(
        msg(&base(r#","killercage":[{"cells":["R1C1"],"value":"x"}]"#)),
        "killercage[0].value: `x` is not a sum (a whole number)"
    );
    assert_eq!(
        msg(&base(r#","thermometer":[{"lines":[["R1C1","R1C1"]]}]"#)),
        "thermometer 1 lists r1c1 twice"
    );
    assert_eq!(
        msg(r#"{"size":17,"grid":[]}"#),
        "size 17 is not supported: a Sudoku is 4x4 to 16x16 or 25x25"
    );
    // The size given, not "size 0".
    for (size, said) in [("-9", "-9"), ("1e300", "1e+300"), ("2.5", "2.5")] {
        assert_eq!(
            msg(&format!(r#"{{"size":{size},"grid":[]}}"#)),
            format!("size {said} is not supported: a Sudoku is 4x4 to 16x16 or 25x25")
        );
    }
    assert_eq!(
        msg(r#"{"size":4}"#),
        "grid is missing: expected 4 rows of 4 cells"
    );
    // A `given` that is neither true nor false is named, not read as false (its digit dropped).
    let cell = |c: &str| base("").replacen("{}", c, 1);
    assert_eq!(
        msg(&cell(r#"{"value":2,"given":"yes"}"#)),
        "grid[0][0] (r1c1): given \"yes\" is not true or false"
    );
    let read = |c: &str| Sudoku::parse(&cell(c)).unwrap().grid().cells()[0];
    assert_eq!(read(r#"{"value":2,"given":true}"#), 2);
    assert_eq!(read(r#"{"value":2,"given":false}"#), 0);
    assert_eq!(read(r#"{"value":2}"#), 0);
    let e = Sudoku::parse("{\"size\":4,\n\"grid\":[}").err().unwrap();
    assert_eq!(e.line, Some(2));
    assert!(e.message.starts_with("not f-puzzles JSON"), "{e}");
    // A key given twice is named where it is, not read as the last one (here a 4x4 grid would
    // read as a 9x9 with the second `size`).
    let twice = base("").replacen("{\"size\":4,", "{\"size\":4,\n\"size\":9,", 1);
    assert!(twice.contains("\"size\":9"), "{twice}");
    let e = Sudoku::parse(&twice).err().unwrap();
    assert_eq!(e.line, Some(2), "{e}");
    assert_eq!(
        e.message,
        "not f-puzzles JSON: the key `size` is given twice in one object"
    );
    let e = Sudoku::parse(&base("").replacen("{}", r#"{"value":1,"value":2}"#, 1))
        .err()
        .unwrap();
    assert_eq!(
        e.message,
        "not f-puzzles JSON: the key `value` is given twice in one object"
    );
    // Givens that break a variant's rule.
    let given = r#"{"value":1,"given":true}"#;
    let clash = format!(
        r#"{{"size":4,"grid":[[{given},{{}},{{}},{{}}],[{{}},{given},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],"diagonal-":true}}"#
    );
    assert_eq!(
        msg(&clash),
        "the givens break a rule: box 1 holds 1 twice (r1c1 and r2c2)"
    );
    // Shapes too large to lay out. Nine cells adding up to 45 have 9! fillings but one digit set,
    // by which such a cage is stated: it reads (row 1 again). Past 100,000 digit sets (12 cells of
    // a 25x25 adding up to 156: 110,780) a cage is refused, and so are cages past 500,000 options
    // in all (six cages of 11 cells adding up to 143: 95,514 sets each).
    let nine_cells: Vec<String> = (1..=9).map(|c| format!("\"R1C{c}\"")).collect();
    let nine = format!(
        r#"{{"size":9,"grid":[{}],"killercage":[{{"cells":[{}],"value":"45"}}]}}"#,
        vec![format!("[{}]", ["{}"; 9].join(",")); 9].join(","),
        nine_cells.join(",")
    );
    assert!(Sudoku::parse(&nine).is_ok());
    let grid25 = vec![format!("[{}]", ["{}"; 25].join(",")); 25].join(",");
    let cage = |r: usize, len: usize, sum: u32| {
        let cells: Vec<String> = (1..=len).map(|c| format!("\"R{r}C{c}\"")).collect();
        format!(r#"{{"cells":[{}],"value":"{sum}"}}"#, cells.join(","))
    };
    let big = format!(
        r#"{{"size":25,"grid":[{grid25}],"killercage":[{}]}}"#,
        cage(1, 12, 156)
    );
    assert_eq!(
        msg(&big),
        "cage 1 in r1c1-r1c12 (12 cells, sum 156) has more than 100000 digit sets; cages that \
         large are not supported"
    );
    let six: Vec<String> = (1..=6).map(|r| cage(r, 11, 143)).collect();
    let many = format!(
        r#"{{"size":25,"grid":[{grid25}],"killercage":[{}]}}"#,
        six.join(",")
    );
    assert_eq!(
        msg(&many),
        "the cages and thermometers have more than 500000 fillings and digit sets in all; a \
         puzzle that large is not supported"
    );
    // Links.
    assert_eq!(
        msg("https://f-puzzles.com/?load=%%%"),
        "the link has a bad escape at character 1: `%` must be followed by two hexadecimal digits"
    );
    assert_eq!(
        msg("https://f-puzzles.com/?load=AAAA"),
        "the link's puzzle does not decompress (read in lz-string's base64 alphabet, `+` `/` `=`): is \
         the link complete?"
    );
    // SudokuPad's own payload is read now (`sudokupad.rs`); this one is no lz-string.
    assert!(msg("https://sudokupad.app/scl12345").contains("does not decompress"));
    assert!(msg("https://example.com/x").starts_with("a link, but not to an f-puzzles puzzle"));
    // A link to JSON with an unsupported constraint says so, from inside the link.
    let link = fpuzzles::link(&base(r#","columnindexer":[{"cells":["R1C1"]}]"#));
    assert_eq!(
        msg(&link),
        "in the link's puzzle: column indexers are not supported"
    );
    // Switches.
    assert!(Switch::parse_list("x,killer")
        .unwrap_err()
        .message
        .contains("a killer puzzle needs its shapes"));
    assert_eq!(
        Switch::parse_list("x, anti-king").unwrap(),
        [Switch::X, Switch::AntiKing]
    );
    let e = Sudoku::parse_with(&empty(4), &[Switch::Windoku])
        .err()
        .unwrap();
    assert_eq!(
        e.message,
        "windoku is a 9x9 variant, not one of a 4x4 Sudoku"
    );
    let e = Sudoku::parse_with("1...\n.1..\n....\n....", &[Switch::X]).err();
    assert!(e.is_some(), "1 twice on a box would be refused anyway");
    let e = Sudoku::parse_with("1...\n..2.\n....\n...1", &[Switch::X])
        .err()
        .unwrap();
    assert_eq!(
        e.message,
        "the givens break a rule: diagonal r1c1-r4c4 holds 1 twice (r1c1 and r4c4)"
    );
    assert_eq!(e.cells, [0, 15], "the cells the page marks");
}

/// The 45 rule over cells that may repeat a digit: rows 1-2 of a 4x4 less the two cages inside
/// them leave r1c4, r2c1 and r2c2 to add up to 20 - 3 - 6 = 11; r1c4 shares no unit with the
/// others, so the sum is stated by its fillings (4+3+4 and 4+4+3), each colouring the cells'
/// `spread…@cell` items with their digits, as the cells' options do.
#[test]
fn an_implied_sum_over_cells_that_may_repeat_a_digit_is_stated_by_its_fillings() {
    let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "killercage":[{"cells":["R1C1","R1C2"],"value":"3"},
        {"cells":["R1C3","R2C3","R2C4"],"value":"6"}]}"#;
    let s = Sudoku::parse(json).unwrap();
    let inst = s.instance();
    let names: Vec<&str> = (0..inst.n_items()).map(|i| inst.item_name(i)).collect();
    let k = names
        .iter()
        .find_map(|n| n.strip_prefix("spread").filter(|k| !k.contains('@')))
        .expect("a spread sum's item");
    for cell in ["r1c4", "r2c1", "r2c2"] {
        let name = format!("spread{k}@{cell}");
        assert!(names.contains(&name.as_str()), "{name} in {names:?}");
    }
    assert_eq!(
        two_rows_labels(&s),
        [
            "rows 1-2's cells outside its cages (r1c4, r2c1, r2c2) add up to 11: r1c4=4, r2c1=3, \
             r2c2=4",
            "rows 1-2's cells outside its cages (r1c4, r2c1, r2c2) add up to 11: r1c4=4, r2c1=4, \
             r2c2=3"
        ]
    );
    // The colour ties: a filling colours each cell's item with its digit, and so does the cell's
    // option (r2c1 = 3: option 4·4 + 2).
    let filling = (0..inst.n_options())
        .find(|&o| s.label(o).starts_with("rows 1-2"))
        .unwrap();
    assert_eq!(
        inst.option_text(filling),
        format!("spread{k} spread{k}@r1c4:4 spread{k}@r2c1:3 spread{k}@r2c2:4")
    );
    let text = inst.option_text(4 * 4 + 2);
    assert!(text.contains(&format!("spread{k}@r2c1:3")), "{text}");
    // Every solution has r1c4 = 4 and passes the rules' checker; the count is the one without
    // the implied sums (the same cages, stated by whole fillings alone).
    let got = crate::common::sudoku_solutions(&s, 1000);
    assert!(!got.is_empty() && got.iter().all(|g| g[3] == 4), "{got:?}");
    let plain = crate::sudoku_killer::count(4, s.rules(), CageFill::Whole, false);
    assert_eq!(got.len() as u64, plain);
}

/// The 45 rule as an innie less an outie: row 1 of a 4x4 is crossed by a cage mostly inside it
/// (r1c1-r1c3 and r2c2, 10) and one mostly outside (r1c4, r2c4, r3c4, 9). The first's sum less its
/// outie r2c2 and the second's innie r1c4 make up row 1's 10: r1c4 - r2c2 = 0. They share no unit,
/// so the difference is stated by its fillings (4: equal digits), each labelled in the puzzle's
/// words, and every solution keeps it.
#[test]
fn an_innie_less_an_outie_is_stated_by_its_fillings() {
    let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "killercage":[{"cells":["R1C1","R1C2","R1C3","R2C2"],"value":"10"},
        {"cells":["R1C4","R2C4","R3C4"],"value":"9"}]}"#;
    let s = Sudoku::parse(json).unwrap();
    let sums = s.rules().implied_sums(s.grid().geometry());
    let i = (sums.iter().find(|i| i.words.starts_with("row 1's")))
        .unwrap_or_else(|| panic!("row 1's sum in {sums:#?}"));
    assert_eq!(
        (&i.cells[..], i.minus, i.sum, i.distinct),
        (&[3, 5][..], 0b10, 0, false)
    );
    assert_eq!(
        i.stated(false),
        "row 1's cells outside its cages (r1c4) less the cells its cages put outside it (r2c2) \
         come to 0"
    );
    let labels: Vec<String> = (0..s.instance().n_options())
        .map(|o| s.label(o))
        .filter(|l| l.starts_with("row 1's"))
        .collect();
    let want: Vec<String> = (1..=4)
        .map(|d| format!("{}: r1c4={d}, r2c2={d}", i.stated(false)))
        .collect();
    assert_eq!(labels, want);
    // Every solution has r1c4 = r2c2 and passes the rules' checker; as many as without the
    // implied sums (the same cages by whole fillings alone).
    let got = crate::common::sudoku_solutions(&s, 1000);
    assert!(
        !got.is_empty() && got.iter().all(|g| g[3] == g[5]),
        "{got:?}"
    );
    let plain = crate::sudoku_killer::count(4, s.rules(), CageFill::Whole, false);
    assert_eq!(got.len() as u64, plain);
}

/// The labels of the options of `s` that fill the innies of rows 1-2 and are not left empty.
fn two_rows_labels(s: &Sudoku) -> Vec<String> {
    (0..s.instance().n_options())
        .filter(|&o| s.instance().option(o).len() > 0)
        .map(|o| s.label(o))
        .filter(|l| l.starts_with("rows 1-2"))
        .collect()
}

/// A given that an implied sum rules out: the sums keep only the digit sets and fillings that hold
/// the givens, and when none does the puzzle is refused by name. Before, the sum narrowed the
/// cell's digits, the given's option was left empty, the search skipped it, and `solve` printed
/// three grids with a 4 where the puzzle gives a 1.
#[test]
fn a_given_that_the_45_rule_rules_out_is_refused_not_overwritten() {
    let json = |d: u8| {
        format!(
            r#"{{"size":4,"grid":[[{{}},{{}},{{}},{{"value":{d},"given":true}}],[{{}},{{}},{{}},{{}}],
            [{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],
            "killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}},
            {{"cells":["R1C3","R2C3","R2C4"],"value":"6"}}]}}"#
        )
    };
    let e = Sudoku::parse(&json(1)).err().expect("refused");
    assert_eq!(
        e.message,
        "the givens break a rule: row 1's cells outside its cages (r1c3-r1c4) add up to 7 (the 45 \
         rule), and no digits that do agree with r1c4=1"
    );
    assert_eq!(e.cells, [3], "the cell the page marks");
    // The given the sums allow: every solution keeps it, as many as without the implied sums.
    let s = Sudoku::parse(&json(4)).unwrap();
    let got = crate::common::sudoku_solutions(&s, 1000);
    assert!(!got.is_empty() && got.iter().all(|g| g[3] == 4), "{got:?}");
    // Each given in a spread sum keeps the fillings with it: r2c1 = 3 leaves 4+3+4 alone.
    let mut given = json(4);
    given = given.replacen(
        "[{},{},{},{}],",
        r#"[{"value":3,"given":true},{},{},{}],"#,
        1,
    );
    let s = Sudoku::parse(&given).unwrap();
    assert_eq!(
        two_rows_labels(&s),
        [
            "rows 1-2's cells outside its cages (r1c4, r2c1, r2c2) add up to 11: r1c4=4, r2c1=3, \
          r2c2=4"
        ]
    );
}

#[test]
fn items_options_and_labels_speak_the_puzzles_words() {
    let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "diagonal-":true,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R4C4","R3C4"]}],
        "thermometer":[{"lines":[["R2C1","R2C2","R2C3"]]}],"antiking":true,"nonconsecutive":true}"#;
    let s = Sudoku::parse(json).unwrap();
    let inst = s.instance();
    let names: Vec<&str> = (0..inst.n_items()).map(|i| inst.item_name(i)).collect();
    for name in [
        "r1c1",
        "r1=1",
        "c1=1",
        "b1=1",
        "d-=1",
        "cage1",
        "thermo1",
        "cage2=1",
        "king(r1c2)=1",
        "nc(r1c1,r1c2)=1/2",
        "r2c1#",
    ] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    // The cage's fillings: 1+2 and 2+1; the thermometer's: 1<2<3 .. 2<3<4, four; then the sums the
    // cage implies (the 45 rule) on the rest of row 1 and of box 1.
    let labels: Vec<String> = (64..inst.n_options()).map(|k| s.label(k)).collect();
    assert_eq!(
        labels,
        [
            "cage 1 in r1c1-r1c2: 1+2",
            "cage 1 in r1c1-r1c2: 2+1",
            "thermometer from r2c1: 1<2<3",
            "thermometer from r2c1: 1<2<4",
            "thermometer from r2c1: 1<3<4",
            "thermometer from r2c1: 2<3<4",
            "row 1's cells outside its cages (r1c3-r1c4) add up to 7: digits 3,4",
            "box 1's cells outside its cages (r2c1-r2c2) add up to 7: digits 3,4"
        ]
    );
    // Cage 1 lies in no other shape: filled directly, its fillings cover its cells' items, and its
    // cells have no option of their own. The thermometer's cells keep theirs, tied by colours.
    // Here both fillings (1+2, 2+1) put consecutive digits side by side: they share an nc item, so
    // they are left empty. Without the non-consecutive rule, the first reads:
    assert_eq!(
        (inst.option_text(64), inst.option_text(65)),
        (String::new(), String::new())
    );
    let plain =
        Sudoku::parse(&json.replace(r#""nonconsecutive":true"#, r#""nonconsecutive":false"#))
            .unwrap();
    assert_eq!(
        plain.instance().option_text(64),
        "cage1 r1c1 r1=1 c1=1 b1=1 d-=1 r1c2 r1=2 c2=2 b1=2 king(r1c2)=2"
    );
    assert_eq!(inst.option(0).count(), 0);
    // The thermometer's fillings (options 66 to 69, tied by colours: "thermo1 r2c1#:1 r2c2#:2
    // r2c3#:3") start at 1 or 2 in r2c1, which box 1's sum outside cage 1 keeps to 3 or 4: each
    // is left empty, as a cell's option with a digit it may not hold is.
    assert!((66..70).all(|k| inst.option(k).count() == 0));
    // Every option of r2c1 is left empty: box 1's cells outside cage 1 (r2c1-r2c2) add up to 7,
    // so hold 3 and 4, and the thermometer's bulb r2c1 is at most 2 (this puzzle has no solution).
    assert!((16..20).all(|k| inst.option(k).count() == 0));
    // r3c1 = 1: its cell, row, column, box, a king window, its nc pairs.
    let text = inst.option_text(32);
    assert!(text.starts_with("r3c1 r3=1 c1=1 b3=1 "), "{text}");
    for part in ["king(r2c1)=1", "nc(r2c1,r3c1)=1/2", "nc(r3c1,r4c1)=1/2"] {
        assert!(text.contains(part), "{part} in {text}");
    }
    let cage1 = plain.instance().find_item("cage1").unwrap();
    assert_eq!(plain.item_cells(cage1), [0, 1]);
    assert_eq!(s.item_cells(cage1), [] as [usize; 0], "no filling left");
    // r2c2 is second on the thermometer, so it holds 2 or more: its option for 1 is left empty; r1c1
    // has no option of its own (cage 1), and no filling of cage 1 is left.
    assert_eq!(s.item_cells(inst.find_item("d-=1").unwrap()), [10, 15]);
    assert_eq!(inst.option(5 * 4).count(), 0);
    assert_eq!(s.layout().diagonals[0].1, [0, 5, 10, 15]);
    let layout = serde_json::to_value(s.layout()).unwrap();
    assert_eq!(layout["variants"][0], "diagonal");
    assert_eq!(layout["cages"][0]["sum"], 3);
    assert_eq!(layout["thermos"][0], serde_json::json!([4, 5, 6]));
    // No 4x4 grid keeps these rules: the checker agrees with DLX.
    let count = latin4()
        .iter()
        .filter(|g| {
            s.rules()
                .check(Geometry::of_size(4).unwrap(), g, true)
                .is_ok()
        })
        .count();
    assert_eq!(dlx_solutions(&s, usize::MAX).len(), count);
}

/// Links written by f-puzzles itself (its JavaScript lz-string), as people share them: the decoder
/// and the reader against puzzles this project did not write.
#[test]
fn links_written_by_f_puzzles_read() {
    // A Sudoku X (with `www.`), with its givens as published beside the link.
    let x = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGDBlWgwQBmVuy69+MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz52yJ9y+sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA===";
    let s = Sudoku::parse(x).unwrap();
    let want = "..7....358.....9...2.67.........356.....1...3..2.8..4....19..5.....5..7.........4";
    assert_eq!(s.grid().to_line(), want);
    assert_eq!(s.rules().names(), ["x"]);
    let solved = dlx_solutions(&s, 2);
    assert_eq!(solved.len(), 1, "unique");
    assert_eq!(brute(9, s.rules(), s.grid().cells(), 2).0, 1);
    // Killer cages (and f-puzzles' `activeConstraints`, the names of its menus: no rule).
    let k = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=";
    let s = Sudoku::parse(k).unwrap();
    assert_eq!(
        s.rules().cages,
        [
            Cage {
                cells: vec![0, 9],
                sum: Some(9)
            },
            Cage {
                cells: vec![1, 2, 10, 11, 19],
                sum: Some(33)
            }
        ]
    );
    assert_eq!(dlx_solutions(&s, 1).len(), 1);
}

/// Links made with lz-string's `compressToEncodedURIComponent` (`+` 62, `-` 63), as scripts and
/// sites make them, read their own puzzle (issue 41): read before as RFC 4648's URL-safe alphabet
/// (`-` 62), such a link decompressed to other JSON; seed 23's classic read `{"va":true,"value":7}`
/// for its givens and was solved as an empty grid. Base64 and RFC 4648 payloads still read.
#[test]
fn links_in_every_lz_string_alphabet_read_their_own_puzzle() {
    let kinds = ["classic", "x", "killer", "thermo", "jigsaw"];
    let mut with_dash = 0;
    for seed in (1..=20).chain([23]) {
        let kind = if seed == 23 {
            "classic"
        } else {
            kinds[seed as usize % 5]
        };
        let made = maker::make(&Kind::parse(kind).unwrap(), seed, None).unwrap();
        let json = fpuzzles::write(&made.puzzle, &made.rules).unwrap();
        let uri = lz_str::compress_to_encoded_uri_component(json.as_str());
        with_dash += usize::from(uri.contains('-'));
        let base64 = lz_str::compress_to_base64(json.as_str());
        let url_safe = base64.replace('+', "-").replace('/', "_");
        for payload in [&uri, &base64, &url_safe] {
            for link in [
                format!("https://f-puzzles.com/?load={payload}"),
                format!("https://sudokupad.app/fpuzzles{payload}"),
            ] {
                let s = Sudoku::parse(&link).unwrap_or_else(|e| panic!("{kind} {seed}: {e}"));
                assert_eq!(
                    s.grid().cells(),
                    made.puzzle.cells(),
                    "{kind} {seed}: {link}"
                );
                assert_eq!(s.rules(), &made.rules, "{kind} {seed}");
                let note = s.note().unwrap();
                assert!(!note.contains("skipped"), "{note}");
                assert_eq!(
                    dlx_solutions(&s, 2),
                    std::slice::from_ref(&made.solution),
                    "{kind} {seed}"
                );
            }
        }
    }
    // Most of these payloads have a `-`, the character the two readings disagree on.
    assert!(with_dash >= 15, "{with_dash} of 21");
}

/// A grid cell's keys that f-puzzles does not write are named in the note; a payload that does not
/// decompress, or mixes alphabets, is refused naming the alphabet.
#[test]
fn unknown_cell_keys_are_named_and_bad_payloads_name_their_alphabet() {
    let made = maker::make(&Kind::parse("classic").unwrap(), 3, None).unwrap();
    let json = fpuzzles::write(&made.puzzle, &made.rules)
        .unwrap()
        .replacen("\"given\"", "\"gvn\"", 1);
    let s = Sudoku::parse(&json).unwrap();
    let note = s.note().unwrap();
    assert!(
        note.ends_with("(grid cells' `gvn` skipped: not f-puzzles' keys)"),
        "{note}"
    );
    let link = |p: &str| format!("https://f-puzzles.com/?load={p}");
    let uri = lz_str::compress_to_encoded_uri_component(json.as_str());
    let s = Sudoku::parse(&link(&uri)).unwrap();
    assert_eq!(
        s.note().unwrap(),
        note.replace("f-puzzles JSON", "an f-puzzles link")
    );
    for (payload, want) in [
        (
            "N4Ig-zg",
            "does not decompress (read in lz-string's URI alphabet, `+` `-` `$`)",
        ),
        (
            "N4Ig/zg",
            "does not decompress (read in lz-string's base64 alphabet, `+` `/` `=`)",
        ),
        (
            "N4Ig_zg-",
            "does not decompress (read in RFC 4648's URL-safe alphabet, `-` `_`)",
        ),
        (
            "N4Ig/z-g",
            "mixes alphabets (base64's `/` or `=` with `-`, `_` or `$`)",
        ),
        ("N4Ig*zg", "has `*` at character 5"),
    ] {
        let e = Sudoku::parse(&link(payload)).err().unwrap().message;
        assert!(e.contains(want), "{payload}: {e}");
    }
}

// ---------------------------------------------------------------------------------------------
// The maker's sizes and its progress sink (the page's New puzzle and `dlx make sudoku SIZE`).

/// Makes a `size`x`size` puzzle and checks it as [`made_and_checked`] does: the checker accepts the
/// solution, the independent solver finds it and no other, and DLX agrees on the text read back.
fn made_sized_and_checked(kind: &str, size: usize, seed: u64) -> maker::Made {
    let n = Geometry::of_size(size).unwrap();
    let k = Kind::parse(kind).unwrap();
    let made = maker::make_with(&k, size, seed, None, &mut maker::Quiet)
        .unwrap()
        .unwrap();
    assert_eq!(made.puzzle.size(), size, "{kind} {size}");
    assert_eq!(made.solution.len(), size * size);
    assert_eq!(made.rules.check(n, &made.solution, true), Ok(()), "{kind}");
    let givens = made.puzzle.cells().to_vec();
    let (count, first) = brute(size, &made.rules, &givens, 2);
    assert_eq!(
        count, 1,
        "{kind} {size} seed {seed}: not unique (independent)"
    );
    assert_eq!(first.unwrap(), made.solution, "{kind} {size} seed {seed}");
    let sudoku = Sudoku::parse_with(&made.text, &k.switches).unwrap();
    assert_eq!(
        sudoku.rules(),
        &made.rules,
        "{kind} {size}: the rules read back"
    );
    assert_eq!(dlx_solutions(&sudoku, 2), vec![made.solution.clone()]);
    // The f-puzzles link (the page's text for a variant) reads back as the same puzzle.
    let link = fpuzzles::link(&fpuzzles::write(&made.puzzle, &made.rules).unwrap());
    let back = Sudoku::parse_with(&link, &[]).unwrap();
    assert_eq!(back.rules(), &made.rules, "{kind} {size}: the link's rules");
    assert_eq!(dlx_solutions(&back, 2), vec![made.solution.clone()]);
    made
}

#[test]
fn the_maker_makes_4x4_and_16x16_puzzles_unique_by_the_independent_solver() {
    for kind in ["classic", "x", "anti-knight", "jigsaw", "killer", "thermo"] {
        let mut texts = Vec::new();
        for seed in 1..=6 {
            let made = made_sized_and_checked(kind, 4, seed);
            // Minimal: no given can go without a second solution (by the independent solver).
            for p in (0..16).filter(|&p| made.puzzle.cells()[p] != 0) {
                let mut g = made.puzzle.cells().to_vec();
                g[p] = 0;
                assert_eq!(brute(4, &made.rules, &g, 2).0, 2, "{kind} seed {seed}: {p}");
            }
            texts.push(made.text);
        }
        texts.sort();
        texts.dedup();
        assert!(
            texts.len() >= 3,
            "{kind}: six seeds, {} puzzles",
            texts.len()
        );
    }
    let made = made_sized_and_checked("classic", 16, 2);
    assert_eq!(made.text.chars().count(), 256);
    // The same seed, the same 16x16 puzzle.
    let k = Kind::default();
    let again = maker::make_with(&k, 16, 2, None, &mut maker::Quiet)
        .unwrap()
        .unwrap();
    assert_eq!(again.text, made.text);
}

#[test]
fn the_maker_refuses_sizes_and_variants_it_cannot_make_by_name() {
    let refused = |kind: &str, size: usize| {
        let k = Kind::parse(kind).unwrap();
        maker::make_with(&k, size, 1, None, &mut maker::Quiet)
            .map(|_| ())
            .unwrap_err()
            .message
    };
    let m = refused("classic", 7);
    assert!(m.contains("7x7 Sudoku has no boxes"), "{m}");
    let m = refused("classic", 25);
    assert!(m.contains("25x25"), "{m}");
    let m = refused("classic", 17);
    assert!(m.contains("not 17x17"), "{m}");
    assert_eq!(
        refused("windoku", 4),
        "windoku cannot be made 4x4: its four extra regions are 3x3 boxes of a 9x9"
    );
    assert_eq!(
        refused("anti-king", 4),
        "anti-king cannot be made 4x4: no 4x4 grid obeys it"
    );
    assert_eq!(
        refused("x,non-consecutive", 4),
        "non-consecutive cannot be made 4x4: no 4x4 grid obeys it"
    );
    assert_eq!(
        refused("x,anti-knight", 4),
        "no 4x4 grid obeys x, anti-knight together"
    );
    assert_eq!(
        refused("killer", 16),
        "killer cannot be made 16x16: only classic puzzles are made past 9x9 (a 16x16 variant takes up to \
         minutes)"
    );
    // Issue 41: no 9x9 grid obeys both (the restarts spent their nodes in vain); said at once.
    for kind in ["windoku,non-consecutive", "non-consecutive,windoku,x"] {
        let m = refused(kind, 9);
        assert!(
            m.starts_with(
                "windoku with non-consecutive cannot be made 9x9: no 9x9 grid obeys both"
            ),
            "{m}"
        );
    }
}

#[test]
fn the_makers_sink_hears_each_stage_and_stopping_stops() {
    use dlx_studio::problems::sudoku::maker::{Progress, Stage};
    let k = Kind::parse("x").unwrap();
    // A sink that stops nothing sees the stages in order, nodes never going down, and changes
    // nothing: the puzzle is make()'s.
    let mut seen: Vec<Progress> = Vec::new();
    let mut all = |p: Progress| {
        seen.push(p);
        ControlFlow::Continue(())
    };
    let made = maker::make_with(&k, 9, 2, None, &mut all).unwrap().unwrap();
    assert_eq!(made.text, maker::make(&k, 2, None).unwrap().text);
    assert!(
        matches!(seen[0].stage, Stage::FullGrid { attempt: 1 }),
        "{:?}",
        seen[0]
    );
    assert!(seen.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let removes: Vec<(usize, usize, usize)> = seen
        .iter()
        .filter_map(|p| match p.stage {
            Stage::Remove {
                tried,
                to_try,
                givens,
            } => Some((tried, to_try, givens)),
            _ => None,
        })
        .collect();
    assert!(removes.len() >= 81, "{}", removes.len());
    assert!(removes
        .windows(2)
        .all(|w| w[0].0 <= w[1].0 && w[0].2 >= w[1].2));
    assert!(removes.iter().all(|r| r.1 == 81));
    assert_eq!(removes[0].2, 81);
    assert_eq!(
        removes.last().unwrap().2,
        made.puzzle.cells().iter().filter(|&&v| v != 0).count()
    );
    // In words, as the CLI's progress line and the page say it.
    let thousands = dlx_studio::figures::thousands;
    let p = seen
        .iter()
        .find(|p| matches!(p.stage, Stage::Remove { tried: 2, .. }))
        .unwrap();
    let Stage::Remove { givens, .. } = p.stage else {
        unreachable!()
    };
    assert_eq!(
        p.to_string(),
        format!(
            "removing givens: 2 of 81 cells tried, {givens} givens left; {} nodes",
            thousands(p.nodes)
        )
    );
    assert_eq!(seen[0].to_string(), "full grid, attempt 1: 0 nodes");
    // Stopping at the 20th report: the make ends there, with no puzzle, and the sink is not called
    // again.
    let mut calls = 0;
    let mut stop = |_: Progress| {
        calls += 1;
        if calls >= 20 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    assert!(maker::make_with(&k, 9, 2, None, &mut stop)
        .unwrap()
        .is_none());
    assert_eq!(calls, 20);
    // A stop heard inside one long uniqueness check (a non-consecutive puzzle's checks take up to
    // hundreds of thousands of nodes): two reports of the same removal stage can only come from
    // within one check, every SLICE nodes; stopping at the first such report ends the make there.
    let k = Kind::parse("non-consecutive").unwrap();
    let mut prev: Option<Progress> = None;
    let mut inside: Option<(Progress, Progress)> = None;
    let mut within = |p: Progress| {
        if let Some(q) = prev {
            if matches!(p.stage, Stage::Remove { .. }) && p.stage == q.stage {
                inside = Some((q, p));
                return ControlFlow::Break(());
            }
        }
        prev = Some(p);
        ControlFlow::Continue(())
    };
    let t = std::time::Instant::now();
    assert!(maker::make_with(&k, 9, 6, None, &mut within)
        .unwrap()
        .is_none());
    let (q, p) = inside.expect("no report from inside a check");
    let jump = p.nodes - q.nodes;
    assert!(
        jump > 0 && jump <= maker::SLICE + 1_000,
        "{jump} nodes between two reports inside a check"
    );
    eprintln!(
        "stopped inside a check at {} nodes after {:?}",
        p.nodes,
        t.elapsed()
    );
}

// ---- Hostile input, turn 4 (issue 41), finding 3: the maker gave up on X with anti-knight ----

#[test]
fn the_maker_makes_x_with_anti_knight_on_every_seed() {
    // Seeds 1, 2, 7, 8 and 10 failed with "no full grid found for seed N in 50 tries". Each made
    // puzzle is checked as made_and_checked does: the solution obeys the rules by `Rules::check`,
    // the independent solver finds it and no other, and DLX agrees on the text read back. A seed
    // takes seconds (the maker's restarts, then the brute-force check), so `make test` makes two
    // of the seeds that failed and `make test-long` (DLX_LONG_TESTS=1) all twenty.
    let long = std::env::var("DLX_LONG_TESTS").as_deref() == Ok("1");
    let seeds: Vec<u64> = if long { (1..=20).collect() } else { vec![2, 8] };
    for seed in seeds {
        let t = std::time::Instant::now();
        let made = made_and_checked("x,anti-knight", seed);
        let r = &made.rules;
        assert!(r.diagonal_pos && r.diagonal_neg && r.anti_knight && !r.anti_king);
        let givens = made.puzzle.cells().iter().filter(|&&v| v != 0).count();
        eprintln!(
            "x, anti-knight seed {seed}: {givens} givens, {} nodes, {:?}",
            made.nodes,
            t.elapsed()
        );
    }
}

/// `fpuzzles::write` writes the lines f-puzzles draws (between, renban, whispers with their gap)
/// so that they read back as the same rules, and refuses by name a rule it does not write (a
/// kropki dot), where it once left every clue out and wrote another puzzle (found by the fuzzer:
/// a between line lost in the round trip).
#[test]
fn fpuzzles_writer_keeps_lines_and_refuses_what_it_does_not_write() {
    let row = r#"[{},{},{},{},{},{}]"#;
    let grid = format!("[{}]", [row; 6].join(","));
    let json = |extra: &str| format!(r#"{{"size":6,"grid":{grid}{extra}}}"#);
    let s = Sudoku::parse(&json(
        r#","betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]},{"lines":[["R4C4","R4C4","R5C6"]]}],"renban":[{"lines":[["R6C1","R6C2"]]}],"whispers":[{"lines":[["R3C1","R3C2"]],"value":"3"}]"#,
    ))
    .unwrap();
    assert_eq!(s.rules().clues.len(), 4);
    let written = fpuzzles::write(s.grid(), s.rules()).unwrap();
    let again = Sudoku::parse(&written).unwrap();
    assert_eq!(again.rules(), s.rules());
    let s = Sudoku::parse(&json(r#","difference":[{"cells":["R1C1","R1C2"]}]"#)).unwrap();
    assert_eq!(
        fpuzzles::write(s.grid(), s.rules())
            .unwrap_err()
            .to_string(),
        "f-puzzles JSON is not written for puzzles with white dots (givens, regions, cages, \
         thermometers and lines are)"
    );
}
