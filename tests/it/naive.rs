//! The naive Algorithm X (`core::naive`) against Dancing Links on every kind of problem, with both
//! heuristics: the same tree, so the same solutions in the same order, nodes, updates and profile.

use dlx_studio::core::{Count, Heuristic, Limits, Naive, Search, Stats, Status};
use dlx_studio::problems::{self, Spec};
use std::ops::ControlFlow;

/// Counters of both algorithms on a spec (up to `nodes` search-tree nodes), and the first solution
/// each found.
fn run_both(spec: &Spec, h: Heuristic, nodes: Option<u64>) -> [(Stats, Option<Vec<usize>>); 2] {
    let p = problems::load(spec).unwrap();
    let inst = p.instance();
    let limits = Limits {
        nodes,
        solutions: None,
    };
    let end = if nodes.is_some() {
        Status::Limit
    } else {
        Status::Done
    };
    let mut s = Search::new(inst);
    s.set_heuristic(h);
    s.set_limits(limits);
    s.preselect(p.givens()).unwrap();
    let mut first_dlx = None;
    let mut obs = |ev, s: &Search| {
        if let dlx_studio::Event::Solution { .. } = ev {
            first_dlx.get_or_insert_with(|| s.solution());
        }
        ControlFlow::Continue(())
    };
    // The fine path, so that the solutions are seen; the fast path's counters must be the same.
    assert_eq!(s.run(&mut obs), end);
    let mut fast = Search::new(inst);
    fast.set_heuristic(h);
    fast.set_limits(limits);
    fast.preselect(p.givens()).unwrap();
    fast.run(&mut Count);
    assert_eq!(fast.stats(), s.stats());

    let mut n = Naive::new(inst, h).unwrap();
    n.set_limits(limits);
    n.preselect(p.givens()).unwrap();
    let mut first_naive = None;
    assert_eq!(
        n.run(|n| {
            first_naive.get_or_insert_with(|| n.solution());
            ControlFlow::Continue(())
        }),
        end
    );
    if let Some(sol) = &first_naive {
        // The naive search's solution is a real one: the puzzle's own rules accept its board.
        p.check(&p.board(sol)).unwrap();
    }
    [
        (s.stats().clone(), first_dlx),
        (n.stats().clone(), first_naive),
    ]
}

/// Both algorithms, both heuristics, to the end: the same counters, and `solutions` solutions.
fn agree(spec: Spec, solutions: u64) {
    for h in [Heuristic::Mrv, Heuristic::First] {
        let [dlx, naive] = run_both(&spec, h, None);
        assert_eq!(dlx.0.solutions, solutions, "{spec:?} {h:?}");
        assert_eq!(dlx, naive, "{spec:?} {h:?}");
        assert!(naive.0.nodes > 0);
    }
}

#[test]
fn queens_and_toroidal_queens() {
    agree(Spec::Queens(6), 4);
    agree(Spec::Queens(7), 40);
    agree(Spec::ToroidalQueens(5), 10);
}

#[test]
fn latin_squares_and_langford_pairs() {
    agree(Spec::Latin(3), 12);
    agree(
        Spec::Langford {
            n: 4,
            distinct: false,
        },
        2,
    );
    agree(
        Spec::Langford {
            n: 7,
            distinct: true,
        },
        26,
    );
}

#[test]
fn sudoku_4x4_and_9x9() {
    agree(Spec::Sudoku("1...|..2.|.3..|...4".replace('|', "")), 1);
    // 288 grids, 24 ways to fill the first box: 12 complete each.
    agree(Spec::Sudoku("12..|34..|....|....".replace('|', "")), 12);
    agree(
        Spec::Sudoku(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .into(),
        ),
        1,
    );
}

#[test]
fn pentominoes() {
    let spec = Spec::Pentomino {
        board: "3x20".into(),
        distinct: true,
    };
    let [dlx, naive] = run_both(&spec, Heuristic::Mrv, None);
    assert_eq!(dlx.0.solutions, 2);
    assert_eq!(dlx, naive);
    // Without MRV the 3x20 tree is too big to walk here (over 50 million nodes): its first 3,000.
    let [dlx, naive] = run_both(&spec, Heuristic::First, Some(3000));
    assert_eq!(dlx.0.nodes, 3000);
    assert_eq!(dlx, naive);
}

#[test]
fn exact_cover_text() {
    // Knuth's 6x7 matrix, with a secondary item added to two options.
    agree(
        Spec::ExactCover("A B C D E F G | x\nC E F\nA D G x\nB C F\nA D\nB G x\nD E G\n".into()),
        1,
    );
}
