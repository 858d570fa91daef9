//! What the page points at on a variant Sudoku (issue 20's board): the constraints with their cells,
//! items and options; the cells an item is about; a cell's items and options; the pencil marks of
//! cells in cages filled directly; and the page's variant switches (`Session.load_as`'s format).
//! Each expectation is worked out from the puzzle's shapes here, not from the instance.

use dlx_studio::core::Search;
use dlx_studio::problems::kinds::{spec, with_format};
use dlx_studio::problems::sudoku::maker::{self, Kind};
use dlx_studio::problems::sudoku::{ConstraintKind, Sudoku, Switch};
use dlx_studio::problems::{load, load_text, Problem, Spec};

fn made(kind: &str, seed: u64) -> Sudoku {
    let k = Kind::parse(kind).unwrap();
    let m = maker::make(&k, seed, None).unwrap();
    Sudoku::parse_with(&m.text, &k.switches).unwrap()
}

fn item(s: &Sudoku, name: &str) -> usize {
    s.instance()
        .find_item(name)
        .unwrap_or_else(|| panic!("no item {name}"))
}

#[test]
fn a_jigsaws_regions_are_its_own_not_the_boxes() {
    let s = made("jigsaw", 12);
    let regions = s.rules().regions.clone().unwrap();
    let cs = s.constraints();
    let regs: Vec<_> = cs
        .iter()
        .filter(|c| c.kind == ConstraintKind::Region)
        .collect();
    assert_eq!(regs.len(), 9);
    for (g, c) in regs.iter().enumerate() {
        let want: Vec<usize> = (0..81).filter(|&p| usize::from(regions[p]) == g).collect();
        assert_eq!(c.cells, want, "{}", c.name);
        assert_eq!(c.name, format!("jigsaw region {}", g + 1));
        let names: Vec<&str> = c.items.iter().map(|&i| s.instance().item_name(i)).collect();
        let want_names: Vec<String> = (1..=9).map(|v| format!("j{}={v}", g + 1)).collect();
        assert_eq!(names, want_names);
        // The cells of each of its items are the region's (the classic map gave box g's).
        for &i in &c.items {
            assert_eq!(s.item_cells(i), want, "{}", s.instance().item_name(i));
        }
    }
    // A cell's items are its option's: the jigsaw region's item, not its box's.
    let p = (0..81)
        .find(|&p| usize::from(regions[p]) != (p / 27) * 3 + p % 9 / 3)
        .unwrap();
    let (items, options) = s.cell_links(p, 4);
    let g = usize::from(regions[p]);
    assert!(
        items.contains(&item(&s, &format!("j{}=4", g + 1))),
        "{items:?}"
    );
    assert_eq!(options, vec![p * 9 + 3]);
}

#[test]
fn a_direct_killers_cages_items_cells_and_pencil_marks() {
    let s = made("killer", 5);
    let cs = s.constraints();
    let cages: Vec<_> = cs
        .iter()
        .filter(|c| c.kind == ConstraintKind::Cage)
        .collect();
    assert_eq!(cages.len(), s.rules().cages.len());
    assert!(!cages.is_empty());
    let n3 = 729;
    for (k, c) in cages.iter().enumerate() {
        let cage = &s.rules().cages[k];
        assert_eq!(c.cells, cage.cells);
        assert_eq!(c.sum, cage.sum);
        // Filled directly: its one item, no colour item; its options are its fillings. A cage of
        // more than 24 fillings is stated by its digit sets, with an item per digit besides.
        assert_eq!(c.items[0], item(&s, &format!("cage{}", k + 1)));
        let digits: Vec<usize> = (1..=9)
            .filter_map(|v| s.instance().find_item(&format!("cage{}={v}", k + 1)))
            .collect();
        assert!(digits.is_empty() || digits.len() == 9, "{}", c.name);
        assert_eq!(c.items[1..], digits[..], "{}", c.name);
        assert!(!c.options.is_empty());
        for &o in &c.options {
            assert!(o >= n3);
            assert!(s.instance().option(o).any(|i| i == c.items[0]));
        }
        let all = (n3..s.instance().n_options())
            .filter(|&o| s.instance().option(o).any(|i| i == c.items[0]))
            .count();
        assert_eq!(c.options.len(), all, "{}", c.name);
        assert_eq!(s.item_cells(c.items[0]), {
            let mut v = cage.cells.clone();
            v.sort_unstable();
            v
        });
    }
    // A row's item is about the row's cells only, though fillings of cages across rows cover it
    // (before: every cell of every such cage).
    for r in 0..9 {
        let it = item(&s, &format!("r{}=5", r + 1));
        let cells = s.item_cells(it);
        assert!(!cells.is_empty());
        // The cells of the row where an option holding the item puts a 5 (a cage of sum 3 cannot).
        let want: Vec<usize> = (r * 9..r * 9 + 9)
            .filter(|&p| {
                (0..s.instance().n_options())
                    .any(|o| s.instance().option(o).any(|i| i == it) && s.board(&[o]).cells[p] == 5)
            })
            .collect();
        assert_eq!(cells, want, "row {}", r + 1);
    }
    // Pencil marks at the start: each cell of a cage may hold the digits of its fillings there.
    let mut search = Search::new(s.instance());
    search.preselect(s.givens()).unwrap();
    let marks = s.candidates(search.links());
    for cage in &s.rules().cages {
        let sum = cage.sum.unwrap();
        for (at, &p) in cage.cells.iter().enumerate() {
            if s.grid().cells()[p] != 0 {
                continue;
            }
            // Digits some assignment of distinct digits to the cage with that sum puts at p.
            let mut want = 0u32;
            let len = cage.cells.len();
            let mut digits = vec![0u32; len];
            fn fill(
                i: usize,
                d: &mut Vec<u32>,
                sum: u32,
                at: usize,
                want: &mut u32,
                givens: &[u32],
            ) {
                if i == d.len() {
                    if d.iter().sum::<u32>() == sum {
                        *want |= 1 << (d[at] - 1);
                    }
                    return;
                }
                for v in 1..=9 {
                    if d[..i].contains(&v) || (givens[i] != 0 && givens[i] != v) {
                        continue;
                    }
                    d[i] = v;
                    fill(i + 1, d, sum, at, want, givens);
                }
            }
            let givens: Vec<u32> = cage
                .cells
                .iter()
                .map(|&q| u32::from(s.grid().cells()[q]))
                .collect();
            fill(0, &mut digits, sum, at, &mut want, &givens);
            assert_ne!(
                marks[p],
                0,
                "no pencil marks in r{}c{}",
                p / 9 + 1,
                p % 9 + 1
            );
            // The givens elsewhere may rule digits out: the marks are within the cage's digits.
            assert_eq!(marks[p] & !want, 0, "r{}c{}", p / 9 + 1, p % 9 + 1);
        }
    }
    // A cell of a cage filled whole pointed at with a digit: the fillings that put it there, and
    // its items (a cage by digit sets keeps its cells' own options).
    let k = (0..s.rules().cages.len())
        .find(|k| {
            s.instance()
                .find_item(&format!("cage{}=1", k + 1))
                .is_none()
        })
        .expect("a cage filled whole");
    let cage = &s.rules().cages[k];
    let p = cage.cells[0];
    let (items, options) = s.cell_links(p, 0);
    assert_eq!(items, vec![p]);
    assert!(options.iter().all(|&o| o >= n3), "{options:?}");
    let v = (1..=9)
        .find(|&v| marks[p] & (1 << (v - 1)) != 0)
        .unwrap_or(1);
    let (items, options) = s.cell_links(p, v);
    assert!(
        items.contains(&p) && items.contains(&item(&s, &format!("cage{}", k + 1))),
        "{items:?}"
    );
    assert!(items.contains(&item(&s, &format!("r{}={v}", p / 9 + 1))));
    assert!(
        !items.contains(&item(&s, &format!("c{}={v}", cage.cells[1] % 9 + 1)))
            || cage.cells[1] % 9 == p % 9
    );
    for &o in &options {
        assert_eq!(s.board(&[o]).cells[p], v as i32, "option {o}");
    }
}

#[test]
fn thermometers_diagonals_and_windoku_carry_their_items() {
    let s = made("thermo", 3);
    let thermos: Vec<_> = s
        .constraints()
        .into_iter()
        .filter(|c| c.kind == ConstraintKind::Thermo)
        .collect();
    assert_eq!(thermos.len(), s.rules().thermos.len());
    for (k, t) in thermos.iter().enumerate() {
        assert_eq!(t.cells, s.rules().thermos[k], "from the bulb");
        // The thermometer's item, then its cells' colour items.
        assert_eq!(t.items[0], item(&s, &format!("thermo{}", k + 1)));
        assert_eq!(t.items.len(), 1 + t.cells.len());
        for (&p, &i) in t.cells.iter().zip(&t.items[1..]) {
            assert_eq!(
                s.instance().item_name(i),
                format!("r{}c{}#", p / 9 + 1, p % 9 + 1)
            );
            assert!(s.item_cells(i).contains(&p));
        }
        // Every strictly rising run the givens allow, as many as the fillings.
        assert!(!t.options.is_empty());
    }
    let x = made("x", 2);
    let d: Vec<_> = x
        .constraints()
        .into_iter()
        .filter(|c| c.kind == ConstraintKind::Diagonal)
        .collect();
    assert_eq!(d.len(), 2);
    assert_eq!(d[0].name, "diagonal r9c1-r1c9");
    assert_eq!(d[0].cells[0], 72, "the rising diagonal from r9c1 up");
    assert_eq!(
        x.item_cells(d[1].items[4]),
        (0..9).map(|i| i * 10).collect::<Vec<_>>()
    );
    let w = made("windoku", 3);
    let win: Vec<_> = w
        .constraints()
        .into_iter()
        .filter(|c| c.kind == ConstraintKind::Windoku)
        .collect();
    assert_eq!(win.len(), 4);
    assert_eq!(win[0].cells, vec![10, 11, 12, 19, 20, 21, 28, 29, 30]);
    assert_eq!(w.instance().item_name(win[3].items[0]), "w4=1");
}

#[test]
fn the_pages_format_carries_a_sudokus_switches() {
    let line = &".".repeat(81);
    let s = |f: Option<&str>| with_format(spec("sudoku", line, false).unwrap(), f);
    assert_eq!(
        s(Some("x,anti-knight")).unwrap(),
        Spec::SudokuWith(line.clone(), vec![Switch::X, Switch::AntiKnight])
    );
    assert_eq!(s(Some("")).unwrap(), Spec::Sudoku(line.clone()));
    assert_eq!(s(None).unwrap(), Spec::Sudoku(line.clone()));
    let e = s(Some("x,jigsaw")).unwrap_err().to_string();
    assert!(
        e.contains("unknown variant `jigsaw`") && e.contains("f-puzzles"),
        "{e}"
    );
    // The exact-cover reading as before.
    let ec = with_format(spec("exact-cover", "A\nA", false).unwrap(), Some("knuth")).unwrap();
    assert!(matches!(ec, Spec::ExactCoverAs(..)));
    assert!(with_format(spec("queens", "8", false).unwrap(), Some("x")).is_err());
    // Loaded with X: the title says so and the diagonals are items.
    let p = load(&s(Some("x")).unwrap()).unwrap();
    assert_eq!(p.title(), "Sudoku 9x9 (x)");
    assert!(p.as_sudoku().is_some());
    assert!(p.instance().find_item("d+=1").is_some());
    // Givens that break a switched rule are that error, not a plain Sudoku read past it (the page
    // loaded r4c3 = 6 beside r4c4 = 5 as a classic Sudoku with non-consecutive ticked).
    let typed = ".....5.........39............65.2......71....24.3..7.............................";
    let e = load_text(
        with_format(
            spec("sudoku", typed, false).unwrap(),
            Some("non-consecutive"),
        ),
        typed,
    )
    .err()
    .expect("refused");
    assert!(e.to_string().contains("the givens break a rule"), "{e}");
    assert_eq!(
        load_text(spec("sudoku", typed, false), typed)
            .unwrap()
            .title(),
        "Sudoku 9x9"
    );
    assert_eq!(
        Switch::ALL.map(Switch::name),
        [
            "x",
            "windoku",
            "anti-knight",
            "anti-king",
            "non-consecutive"
        ]
    );
}
