//! Killer cages stated by digit sets and the sums the cages imply (the 45 rule): random small
//! killers count the same solutions by whole fillings, by digit sets, with and without the implied
//! sums, and by the independent checker; a cage over a whole unit is that unit; and killers of
//! ISS's collection that took past 5 s by whole fillings solve to their published solutions.

use dlx_studio::core::{Count, Limits, Search};
use dlx_studio::problems::sudoku::fill::CageFill;
use dlx_studio::problems::sudoku::maker::{self, Kind};
use dlx_studio::problems::sudoku::{
    variants, Cage, Clue, ClueKind, Geometry, Rules, Sudoku, Switch,
};
use dlx_studio::problems::Problem;

/// SplitMix64, as the crate's own generator (a test's random killers, reproducible).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A full grid of size 4 or 6: a pattern whose rows are shifts, its digits relabelled at random.
fn full_grid(size: usize, rng: &mut Rng) -> Vec<u8> {
    let (br, bc) = if size == 4 { (2, 2) } else { (2, 3) };
    let mut relabel: Vec<u8> = (1..=size as u8).collect();
    for i in (1..size).rev() {
        relabel.swap(i, rng.below(i + 1));
    }
    (0..size * size)
        .map(|p| {
            let (r, c) = (p / size, p % size);
            relabel[(bc * (r % br) + r / br + c) % size]
        })
        .collect()
}

/// Cages grown at random over orthogonal neighbours (1 to `most` cells of distinct digits of
/// `grid`), with their sums; with `gaps`, about one cage in five has no sum and one in five is
/// left out.
fn random_cages(size: usize, grid: &[u8], most: usize, gaps: bool, rng: &mut Rng) -> Vec<Cage> {
    grow(size, grid, (most, true), gaps, rng)
}

/// [`random_cages`], the cells' digits distinct only with `distinct` (else a sum's digits may
/// repeat, as ISS's `Sum`).
fn grow(
    size: usize,
    grid: &[u8],
    (most, distinct): (usize, bool),
    gaps: bool,
    rng: &mut Rng,
) -> Vec<Cage> {
    let mut taken = vec![false; size * size];
    let mut order: Vec<usize> = (0..size * size).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut cages = Vec::new();
    for &start in &order {
        if taken[start] {
            continue;
        }
        let want = 1 + rng.below(most);
        let mut cells = vec![start];
        taken[start] = true;
        while cells.len() < want {
            let mut next: Vec<usize> = Vec::new();
            for &p in &cells {
                let (r, c) = (p / size, p % size);
                let mut near = Vec::new();
                if r > 0 {
                    near.push(p - size);
                }
                if r + 1 < size {
                    near.push(p + size);
                }
                if c > 0 {
                    near.push(p - 1);
                }
                if c + 1 < size {
                    near.push(p + 1);
                }
                next.extend(near.into_iter().filter(|&q| {
                    !taken[q] && (!distinct || cells.iter().all(|&x| grid[x] != grid[q]))
                }));
            }
            if next.is_empty() {
                break;
            }
            let q = next[rng.below(next.len())];
            taken[q] = true;
            cells.push(q);
        }
        let sum: u32 = cells.iter().map(|&p| u32::from(grid[p])).sum();
        match (gaps, rng.below(5)) {
            (true, 0) => {}
            (true, 1) => cages.push(Cage { cells, sum: None }),
            _ => cages.push(Cage {
                cells,
                sum: Some(sum),
            }),
        }
    }
    cages
}

/// The solutions of the empty grid under `rules`, the cages stated as `mode` says, with or
/// without the implied sums.
pub(crate) fn count(size: usize, rules: &Rules, mode: CageFill, implied: bool) -> u64 {
    let sudoku = Sudoku::parse(&".".repeat(size * size)).unwrap();
    let g = sudoku.grid();
    let fillings = rules
        .fillings_as(g.geometry(), g.cells(), mode)
        .expect("fillings");
    let tie = variants::Tie {
        colours_only: false,
        implied,
    };
    let inst = variants::instance_tied(g.geometry(), g.alphabet(), rules, &fillings, tie)
        .expect("an instance");
    let mut search = Search::new(&inst);
    search.set_limits(Limits {
        solutions: None,
        nodes: None,
    });
    search.run(&mut Count);
    search.stats().solutions
}

/// The grids of 4x4 that the checker passes: brute force over every Latin square of order 4.
fn checker_count_4x4(rules: &Rules) -> u64 {
    let geo = Geometry::of_size(4).unwrap();
    let mut n = 0;
    let mut g = [0u8; 16];
    fn fill(p: usize, g: &mut [u8; 16], rules: &Rules, geo: Geometry, n: &mut u64) {
        if p == 16 {
            if rules.check(geo, g, true).is_ok() {
                *n += 1;
            }
            return;
        }
        for v in 1..=4u8 {
            let (r, c) = (p / 4, p % 4);
            if (0..c).all(|x| g[r * 4 + x] != v) && (0..r).all(|x| g[x * 4 + c] != v) {
                g[p] = v;
                fill(p + 1, g, rules, geo, n);
            }
        }
        g[p] = 0;
    }
    fill(0, &mut g, rules, geo, &mut n);
    n
}

/// Random killers on 4x4 (cages of up to 4 cells, some without a sum, some cells in none) and on
/// 6x6 (cages of up to 5 cells over the whole grid): whole fillings, digit sets, digit sets with
/// the implied sums (over cells of one unit, over up to 5 cells that may repeat a digit, innies
/// less outies) and
/// the default (each cage as counted) find the same number of solutions,
/// at least the grid the cages were read from; on 4x4, as many as the checker passes.
#[test]
fn random_killers_count_the_same_by_fillings_digit_sets_and_implied_sums() {
    let mut rng = Rng(42);
    let (mut seen_sets, mut seen_spread, mut seen_less) = (0, 0, 0);
    for round in 0..240 {
        let size = if round < 160 { 4 } else { 6 };
        let grid = full_grid(size, &mut rng);
        let mut rules = Rules {
            cages: random_cages(size, &grid, size - 1, size == 4, &mut rng),
            ..Rules::default()
        };
        if round % 7 == 3 {
            rules.apply(Switch::X);
        }
        let whole = count(size, &rules, CageFill::Whole, false);
        let sets = count(size, &rules, CageFill::Sets, false);
        let implied = count(size, &rules, CageFill::Sets, true);
        let counted = count(size, &rules, CageFill::Counted, true);
        let what = format!("round {round}: {:?}", rules.cages);
        // The grid the cages were read from is a solution, unless X was added after.
        if round % 7 != 3 {
            assert!(whole >= 1, "{what}");
        }
        assert_eq!(sets, whole, "digit sets, {what}");
        assert_eq!(implied, whole, "implied sums, {what}");
        assert_eq!(counted, whole, "as counted, {what}");
        if size == 4 {
            assert_eq!(whole, checker_count_4x4(&rules), "checker, {what}");
        }
        let sudoku = Sudoku::new(
            Sudoku::parse(&".".repeat(size * size))
                .unwrap()
                .grid()
                .clone(),
            rules.clone(),
        )
        .unwrap();
        let sums = rules.implied_sums(sudoku.grid().geometry());
        if !sums.is_empty() {
            seen_sets += 1;
        }
        // Sums over cells that may repeat a digit (the innies of two rows), stated by fillings.
        if sums.iter().any(|s| !s.distinct) {
            seen_spread += 1;
        }
        // Innies less outies (a cage mostly inside a unit and one mostly outside).
        if sums.iter().any(|s| s.minus != 0) {
            seen_less += 1;
        }
        // Every solution of the default instance passes the rules checker (sudoku_solutions).
        let got = crate::common::sudoku_solutions(&sudoku, 50);
        assert_eq!(got.len() as u64, whole.min(50), "{what}");
    }
    assert!(seen_sets > 100, "{seen_sets} killers had implied sums");
    assert!(
        seen_spread > 100,
        "{seen_spread} killers had implied sums whose digits may repeat"
    );
    assert!(seen_less > 50, "{seen_less} killers had innies less outies");
}

/// Sums whose digits may repeat (ISS's `Sum`) take part in the 45 rule as cages do: random 4x4
/// and 6x6 grids cut into such sums (up to 5 cells; some rounds beside killer cages of the
/// grid's other cells) count the same solutions with and without the sums they imply, at least the
/// grid they were read from, and most rounds have such sums over a sum's cells.
#[test]
fn sums_whose_digits_may_repeat_imply_sums_as_cages_do() {
    let mut rng = Rng(7);
    let mut seen = 0;
    for round in 0..120 {
        let size = if round < 80 { 4 } else { 6 };
        let grid = full_grid(size, &mut rng);
        let shapes = grow(size, &grid, (5, false), false, &mut rng);
        // Every third round, the shapes of distinct digits become killer cages.
        let (cages, sums): (Vec<Cage>, Vec<Cage>) = shapes.into_iter().partition(|c| {
            let mut d: Vec<u8> = c.cells.iter().map(|&p| grid[p]).collect();
            d.sort_unstable();
            d.dedup();
            round % 3 == 0 && d.len() == c.cells.len()
        });
        let sum_cells: Vec<Vec<usize>> = sums.iter().map(|c| c.cells.clone()).collect();
        let rules = Rules {
            cages,
            clues: (sums.into_iter())
                .map(|c| Clue {
                    kind: ClueKind::Sum(c.sum.unwrap()),
                    cells: c.cells,
                })
                .collect(),
            ..Rules::default()
        };
        let with = count(size, &rules, CageFill::Sets, true);
        let without = count(size, &rules, CageFill::Sets, false);
        let what = format!("round {round}: {:?} {:?}", rules.cages, rules.clues);
        assert!(with >= 1, "{what}");
        assert_eq!(with, without, "{what}");
        let geo = Geometry::of_size(size).unwrap();
        let implied = rules.implied_sums(geo);
        // A sum over cells of a `Sum` (outside the cages) shows the clue counted as a cage.
        let over_sum = |i: &variants::Implied| {
            i.cells
                .iter()
                .any(|p| sum_cells.iter().any(|c| c.contains(p)))
        };
        if implied.iter().any(over_sum) {
            seen += 1;
        }
    }
    assert!(
        seen > 60,
        "{seen} rounds had sums implied over a Sum's cells"
    );
}

/// A cage over every cell of a unit, adding up to the unit's total, holds every digit once: both
/// diagonals of a 4x4 as cages of 10 count the 48 grids of X; on 9x9 (9! fillings a cage, one
/// digit set) X puzzles made by the maker solve to the same grid with their diagonals as cages.
#[test]
fn a_cage_over_a_whole_unit_is_that_unit() {
    let diagonals = |size: usize, sum: u32| -> Vec<Cage> {
        vec![
            Cage {
                cells: (0..size).map(|i| i * size + i).collect(),
                sum: Some(sum),
            },
            Cage {
                cells: (0..size).map(|i| (size - 1 - i) * size + i).collect(),
                sum: Some(sum),
            },
        ]
    };
    let rules = Rules {
        cages: diagonals(4, 10),
        ..Rules::default()
    };
    for mode in [CageFill::Whole, CageFill::Sets, CageFill::Counted] {
        assert_eq!(count(4, &rules, mode, true), 48, "{mode:?}");
    }
    let k = Kind::parse("x").unwrap();
    for seed in 1..=3 {
        let made = maker::make(&k, seed, None).unwrap();
        let x = Sudoku::parse_with(&made.text, &k.switches).unwrap();
        let rules = Rules {
            cages: diagonals(9, 45),
            ..Rules::default()
        };
        let caged = Sudoku::new(x.grid().clone(), rules).unwrap();
        // Both as digit sets: 9 cells have 362,880 fillings.
        let sets = caged.instance().n_options() - 729;
        assert_eq!(sets, 2, "seed {seed}");
        let want = crate::common::sudoku_solutions(&x, 2);
        assert_eq!(want.len(), 1, "seed {seed}");
        assert_eq!(
            crate::common::sudoku_solutions(&caged, 2),
            want,
            "seed {seed}"
        );
    }
}

/// Killers of ISS's collection that took past 5 s by whole fillings (thousands of them a cage,
/// each node unlinking tens of thousands of nodes), each solved to its published solution and
/// proved unique (`tests/data/iss-killers.jsonl`).
#[test]
fn iss_killers_once_slow_solve_to_their_solutions() {
    let text = crate::sudoku_iss::data("iss-killers.jsonl");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let sudoku = Sudoku::parse(v["input"].as_str().unwrap()).unwrap();
        let want: Vec<u8> = v["solution"]
            .as_str()
            .unwrap()
            .bytes()
            .map(|b| b - b'0')
            .collect();
        let got = crate::common::sudoku_solutions(&sudoku, 2);
        assert_eq!(got, [want], "{}", v["name"]);
        n += 1;
    }
    assert_eq!(n, 3, "puzzles in the file");
}

/// The 45 rule where it settles ISS's hard killers (`tests/data/iss-implied.jsonl`): "tarek
/// unsolvable #41" (innies less outies over two boxes side by side), "7x7: Killer Squishdoku"
/// (`Sum`s whose digits may repeat, counted as cages, in its 9-cell regions of 45) and
/// "Killer sudoku [extended range, hard]" (a 9x9 of 11 values whose every cell is given the
/// candidates 1-9: each row and column holds those nine, adding up to 45). `dlx solve` solves each
/// to its published solution, unique, in a tree the sums cut (before them: 136,044, 320,013 and
/// 6,532,058 nodes), and each puzzle has the sums named.
#[test]
fn implied_sums_settle_iss_hard_killers() {
    let text = crate::sudoku_iss::data("iss-implied.jsonl");
    let mut n = 0;
    for (line, (nodes, sum)) in text.lines().zip([
        (60_000, "box 1 and box 2's cells outside its cages"),
        (150_000, "jigsaw region 3's cells outside its cages"),
        (100_000, "rows 1-2's cells outside its cages"),
    ]) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let (name, input) = (&v["name"], v["input"].as_str().unwrap());
        let out = crate::common::check(
            &["solve", "sudoku", "-", "--json"],
            input,
            crate::common::Expect::Quiet,
        );
        let got: serde_json::Value = serde_json::from_str(&out).unwrap();
        let first: String = (got["first"].as_str().unwrap().chars())
            .filter(|c| !c.is_whitespace())
            .collect();
        assert_eq!(first, v["solution"].as_str().unwrap(), "{name}");
        assert_eq!(got["unique"], true, "{name}");
        assert!(got["nodes"].as_u64().unwrap() < nodes, "{name}: {got}");
        let sudoku = Sudoku::parse(input).unwrap();
        let sums = sudoku.rules().implied_sums(sudoku.grid().geometry());
        // tarek's is an innie less an outie.
        let named = |i: &&variants::Implied| i.words.starts_with(sum) && (n > 0 || i.minus != 0);
        assert!(
            sums.iter().any(|i| named(&i)),
            "{name}: {:#?}",
            sums.iter().map(|i| &i.words).collect::<Vec<_>>()
        );
        // Every sum, as stated in words (in values: the extended range's start at 0), holds on the
        // published solution.
        let values: Vec<i64> = (v["solution"].as_str().unwrap().bytes())
            .map(|b| i64::from(b - b'0'))
            .collect();
        // Cells are numbered on the V×V square of values; the solution goes row by row.
        let g = sudoku.grid().geometry();
        let value = |p: usize| values[p / g.size() * g.cols() + p % g.size()];
        for i in &sums {
            let stated = i.stated(sudoku.rules().zero_based);
            let said: i64 = stated.rsplit(' ').next().unwrap().parse().unwrap();
            let held: i64 = (i.cells.iter().enumerate())
                .map(|(b, &p)| {
                    if i.minus >> b & 1 == 1 {
                        -value(p)
                    } else {
                        value(p)
                    }
                })
                .sum();
            assert_eq!(said, held, "{name}: {stated}");
        }
        n += 1;
    }
    assert_eq!(n, 3, "puzzles in the file");
}
