//! `dlx --algorithm`, `--heuristic` and `dlx trace`, run as a user would: the naive algorithm and
//! dancing links agree on every problem kind, and the step log is one JSON object a line.

use serde_json::Value;

use crate::common::{check, Expect};

fn ok(args: &[&str], stdin: &str) -> String {
    check(args, stdin, Expect::Quiet)
}

fn json(args: &[&str], stdin: &str) -> Value {
    serde_json::from_str(&ok(args, stdin)).unwrap()
}

fn fails(args: &[&str], wanted: &str) {
    check(args, "", Expect::Refused(&[wanted]));
}

const SEEDS: &str = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
const SUDOKU: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// count --json under both algorithms and a heuristic: the same solutions, nodes and updates.
fn agree(problem: &[&str], heuristic: &str, solutions: u64, stdin: &str) -> u64 {
    let run = |alg: &str| {
        let mut a = vec!["count"];
        a.extend_from_slice(problem);
        // One thread: the sequential search, whose JSON names the algorithm and heuristic.
        a.extend_from_slice(&["--json", "--threads", "1"]);
        a.extend_from_slice(&["--algorithm", alg, "--heuristic", heuristic]);
        // The naive algorithm walks DLX1's tree; so must dancing links, to compare nodes.
        if alg == "dlx" {
            a.extend_from_slice(&["--tree", "dlx1", "--prune", "none"]);
        }
        let v = json(&a, stdin);
        assert_eq!(v["tree"], "dlx1");
        // Named when not the default (dlx with MRV), whose keys are those `dlx merge` gives.
        if (alg, heuristic) == ("dlx", "mrv") {
            assert!(v.get("algorithm").is_none() && v.get("heuristic").is_none());
        } else {
            assert_eq!(v["algorithm"], alg);
            assert_eq!(v["heuristic"], heuristic);
        }
        v
    };
    let (d, n) = (run("dlx"), run("naive"));
    assert_eq!(d["solutions"], solutions, "{problem:?} {heuristic}");
    for key in ["solutions", "nodes", "updates", "max_depth", "first"] {
        assert_eq!(d[key], n[key], "{key} of {problem:?} {heuristic}");
    }
    d["nodes"].as_u64().unwrap()
}

#[test]
fn naive_and_dlx_agree_on_every_problem_kind_with_both_heuristics() {
    for h in ["mrv", "first"] {
        agree(&["queens", "6"], h, 4, "");
        agree(&["toroidal-queens", "5"], h, 10, "");
        agree(&["latin", "3"], h, 12, "");
        agree(&["langford", "7", "--distinct"], h, 26, "");
        agree(&["sudoku", SUDOKU], h, 1, "");
        agree(&["sudoku", "12..34.........."], h, 12, "");
        agree(&["exact-cover", "-"], h, 1, SEEDS);
    }
    // Without MRV the pentomino tree is far too big (over 50 million nodes on 3x20): MRV only.
    agree(&["pentomino", "3x20", "--distinct"], "mrv", 2, "");
}

#[test]
fn first_costs_more_nodes_than_mrv() {
    let mrv = agree(&["langford", "7", "--distinct"], "mrv", 26, "");
    let first = agree(&["langford", "7", "--distinct"], "first", 26, "");
    assert_eq!((mrv, first), (374, 1642));
    let mrv = agree(&["sudoku", SUDOKU], "mrv", 1, "");
    let first = agree(&["sudoku", SUDOKU], "first", 1, "");
    assert!(first > 10 * mrv, "{first} vs {mrv}");
}

#[test]
fn naive_solve_prints_the_same_boards() {
    let a = ok(&["solve", "queens", "6", "--limit", "0"], "");
    let b = ok(
        &[
            "solve",
            "queens",
            "6",
            "--limit",
            "0",
            "--algorithm",
            "naive",
        ],
        "",
    );
    assert_eq!(a, b);
    assert_eq!(a.matches('Q').count(), 4 * 6);
}

#[test]
fn trace_prints_one_json_event_a_line() {
    let out = ok(&["trace", "exact-cover", "-", "--events", "100000"], SEEDS);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The whole search of Knuth's 6x7 matrix: events numbered from 1, each with every field.
    assert_eq!(lines.len(), 60);
    let kinds = [
        "choose",
        "cover",
        "hide",
        "try",
        "solution",
        "dead-end",
        "backtrack",
        "unhide",
        "uncover",
    ];
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["event"], i as u64 + 1);
        assert!(kinds.contains(&v["kind"].as_str().unwrap()), "{v}");
        for key in ["level", "nodes", "updates", "solutions"] {
            assert!(v[key].is_u64(), "{key} in {v}");
        }
        assert!(!v["narration"].as_str().unwrap().is_empty());
    }
    assert_eq!(lines[0]["kind"], "choose");
    assert_eq!(lines[0]["item"], "A");
    assert_eq!(lines[0]["option"], Value::Null);
    assert_eq!(lines[2]["kind"], "hide");
    assert_eq!(lines[2]["option"], "A D G");
    let sols: Vec<&Value> = lines.iter().filter(|v| v["kind"] == "solution").collect();
    assert_eq!(sols.len(), 1);
    let mut opts: Vec<&str> = sols[0]["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_str().unwrap())
        .collect();
    opts.sort();
    assert_eq!(opts, ["A D", "B G", "C E F"]);
    assert_eq!(sols[0]["level"], 3);
    // Covers and hides belong to the level that chose or tried: never deeper than the solution.
    assert!(lines.iter().all(|v| v["level"].as_u64().unwrap() <= 3));
    // The last line's counters are the whole search's.
    let count = json(
        &["count", "exact-cover", "-", "--json", "--tree", "dlx1"],
        SEEDS,
    );
    let last = lines.last().unwrap();
    assert_eq!(last["nodes"], count["nodes"]);
    assert_eq!(last["updates"], count["updates"]);

    // --events limits the log; the default is 1000 events.
    let out = ok(&["trace", "queens", "8", "--events", "5"], "");
    assert_eq!(out.lines().count(), 5);
    assert_eq!(ok(&["trace", "queens", "8"], "").lines().count(), 1000);
    assert_eq!(ok(&["trace", "queens", "8", "--events", "0"], ""), "");
    // The heuristic changes the first choice on a Sudoku: MRV takes the first cell with one
    // candidate, first the first empty cell, whatever its number of candidates.
    let first_choice = |h: &str| -> Value {
        let out = ok(
            &["trace", "sudoku", SUDOKU, "--events", "1", "--heuristic", h],
            "",
        );
        serde_json::from_str(out.trim()).unwrap()
    };
    assert_eq!(first_choice("mrv")["item"], "r5c5");
    assert_eq!(first_choice("first")["item"], "r1c3");
}

#[test]
fn bad_algorithm_and_heuristic_options_are_refused_clearly() {
    fails(
        &["count", "queens", "8", "--algorithm", "fast"],
        "--algorithm `fast`: expected dlx or naive",
    );
    fails(
        &["count", "queens", "8", "--heuristic", "random"],
        "--heuristic `random`: expected mrv or first",
    );
    fails(
        &[
            "count",
            "queens",
            "8",
            "--algorithm",
            "naive",
            "--seed",
            "3",
        ],
        "--seed applies to --algorithm dlx only",
    );
    fails(
        &["trace", "queens", "8", "--algorithm", "naive"],
        "--algorithm applies to count and solve, not trace",
    );
    fails(
        &["count", "queens", "8", "--events", "3"],
        "--events applies to trace only",
    );
    fails(&["trace", "queens", "8", "--events", "-1"], "--events");
    fails(&["trace"], "missing problem");
    fails(
        &[
            "count",
            "queens",
            "8",
            "--algorithm",
            "naive",
            "--threads",
            "2",
        ],
        "--threads and --part apply to --algorithm dlx with --heuristic mrv",
    );
    // Colours (Knuth's x:c) are beyond the plain 0-1 matrix.
    check(
        &["count", "exact-cover", "-", "--algorithm", "naive"],
        "p q | s\np s:red\nq s:red\n",
        Expect::Refused(&["--algorithm naive takes no colours"]),
    );
}

#[test]
fn the_tree_is_chosen_named_and_refused_clearly() {
    // 8-queens: the lookahead enters 857 nodes, DLX1 (the default) 1,049, 192 of them the dead
    // ends the lookahead rejects at once; the same 92 solutions and the same first board.
    let q8 = ["count", "queens", "8", "--json", "--threads", "1"];
    let look = json(&[&q8[..], &["--tree", "lookahead"]].concat(), "");
    let dlx1 = json(&q8, "");
    assert_eq!(
        (&look["tree"], &look["nodes"]),
        (&"lookahead".into(), &857.into())
    );
    assert_eq!(
        (&dlx1["tree"], &dlx1["nodes"]),
        (&"dlx1".into(), &1049.into())
    );
    assert_eq!(
        (&look["solutions"], &look["first"]),
        (&dlx1["solutions"], &dlx1["first"])
    );
    // solve prints the same boards under both trees.
    assert_eq!(
        ok(&["solve", "queens", "6", "--tree", "lookahead"], ""),
        ok(&["solve", "queens", "6"], "")
    );
    // trace follows Knuth's steps unless asked: its events name the rejects.
    let trace = |extra: &[&str]| {
        let mut a = vec!["trace", "queens", "6", "--events", "100000"];
        a.extend_from_slice(extra);
        ok(&a, "")
    };
    assert!(!trace(&[]).contains(r#""kind":"reject""#));
    assert_eq!(trace(&[]), trace(&["--tree", "dlx1"]));
    let rejects = trace(&["--tree", "lookahead"])
        .lines()
        .filter(|l| l.contains(r#""kind":"reject""#))
        .count();
    assert!(rejects > 0);
    assert!(trace(&["--tree", "lookahead"]).contains("Lookahead: option"));
    // 8-queens' full logs: 1,049 - 857 = 192 rejects.
    let all = ok(
        &[
            "trace",
            "queens",
            "8",
            "--events",
            "1000000",
            "--tree",
            "lookahead",
        ],
        "",
    );
    assert_eq!(
        all.lines()
            .filter(|l| l.contains(r#""kind":"reject""#))
            .count(),
        192
    );
    // Multiplicities walk DLX3's tree, and say so.
    let m = json(
        &["count", "exact-cover", "-", "--json", "--threads", "1"],
        "2|a 2|b\na b\na\nb\na b\n",
    );
    assert_eq!(m["tree"], "dlx3");
    fails(
        &["count", "queens", "8", "--tree", "ssxc"],
        "--tree `ssxc`: expected dlx1 or lookahead",
    );
    fails(
        &[
            "count",
            "queens",
            "8",
            "--algorithm",
            "naive",
            "--tree",
            "lookahead",
        ],
        "--tree lookahead applies to --algorithm dlx only",
    );
    fails(
        &["export", "queens", "8", "--tree", "dlx1"],
        "--tree applies to",
    );
}

#[test]
fn blocked_options_are_pruned_on_request() {
    let count = |extra: &[&str]| {
        let mut a = vec!["count", "pentomino", "3x20", "--json", "--threads", "1"];
        a.extend_from_slice(extra);
        json(&a, "")
    };
    // 150 of the placements can never be used (choosing one leaves a square or a piece with no
    // option): pruned, the same 8 solutions on DLX1's tree of 28,001 nodes, not 32,978.
    let d = count(&["--prune", "blocked"]);
    assert_eq!(
        (&d["solutions"], &d["pruned"], &d["nodes"]),
        (&8.into(), &150.into(), &28001.into())
    );
    // The default keeps the instance as given: DLX1's own tree, as `dlx` and Knuth count it.
    let n = count(&[]);
    assert_eq!((&n["solutions"], &n["nodes"]), (&8.into(), &32978.into()));
    assert!(n.get("pruned").is_none());
    assert!(count(&["--prune", "none"]).get("pruned").is_none());
    // Pruned on either engine and either tree: the same solutions.
    for extra in [
        ["--engine", "links", "--tree", "dlx1"],
        ["--engine", "bits", "--tree", "dlx1"],
        ["--engine", "links", "--tree", "lookahead"],
    ] {
        let mut a = extra.to_vec();
        a.extend_from_slice(&["--prune", "blocked"]);
        let v = count(&a);
        assert_eq!((&v["solutions"], &v["pruned"]), (&8.into(), &150.into()));
    }
    // Elsewhere too, on request: 8-queens has nothing blocked.
    let q = json(
        &["count", "queens", "8", "--json", "--prune", "blocked"],
        "",
    );
    assert_eq!(
        (&q["solutions"], &q["pruned"], &q["nodes"]),
        (&92.into(), &0.into(), &1049.into())
    );
    // The boards solve prints are legal either way (the options keep their numbers).
    assert_eq!(
        ok(
            &[
                "solve",
                "pentomino",
                "3x20",
                "--limit",
                "0",
                "--prune",
                "blocked"
            ],
            ""
        )
        .lines()
        .count(),
        ok(&["solve", "pentomino", "3x20", "--limit", "0"], "")
            .lines()
            .count()
    );
    fails(
        &["count", "queens", "8", "--prune", "all"],
        "--prune `all`: expected probe, propagate, both, blocked or none",
    );
    // Probes are solve's (their tree is their own): count says so rather than ignore them.
    fails(
        &["count", "queens", "8", "--prune", "probe"],
        "--prune probe applies to solve",
    );
    fails(
        &[
            "solve",
            "queens",
            "8",
            "--prune",
            "probe",
            "--tree",
            "lookahead",
        ],
        "--prune probe applies to solve",
    );
}

#[test]
fn the_engine_is_chosen_named_and_refused_clearly() {
    // Both engines walk DLX1's tree: the same solutions, nodes and updates; --json names the one
    // that counted. Auto takes bit sets for pentominoes and queens, links for Sudoku.
    let count = |problem: &[&str], extra: &[&str]| {
        let mut a = vec!["count"];
        a.extend_from_slice(problem);
        a.extend_from_slice(&["--json", "--threads", "1"]);
        a.extend_from_slice(extra);
        json(&a, "")
    };
    let sudoku =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for (problem, auto) in [
        (&["pentomino", "3x20"][..], "bits"),
        (&["queens", "9"][..], "bits"),
        (&["sudoku", sudoku][..], "links"),
    ] {
        let d = count(problem, &[]);
        assert_eq!(d["engine"], auto, "{problem:?}");
        for engine in ["bits", "links", "auto"] {
            let v = count(problem, &["--engine", engine]);
            for k in ["solutions", "nodes", "updates", "first", "max_depth"] {
                assert_eq!(v[k], d[k], "{problem:?} --engine {engine}: {k}");
            }
            assert_eq!(v["engine"], if engine == "auto" { auto } else { engine });
        }
    }
    // The lookahead's tree is counted on links, whatever --engine says, and multiplicities too:
    // `--engine bits` is then told so on stderr, once, and the count is the same.
    for (args, stdin, why) in [
        (
            &["count", "pentomino", "3x20", "--tree", "lookahead"][..],
            "",
            "--tree lookahead walks links only",
        ),
        (
            &["count", "exact-cover", "-"][..],
            "2|a b\na\na b\nb\n",
            "bit sets do not count multiplicities",
        ),
    ] {
        let mut a = args.to_vec();
        a.extend_from_slice(&["--json", "--engine", "bits"]);
        let said =
            format!("dlx: --engine bits does not apply here ({why}): the search runs on links\n");
        let out = check(&a, stdin, Expect::Says(&said));
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["engine"], "links", "{a:?}");
        a.pop();
        a.push("links");
        assert_eq!(v["solutions"], json(&a, stdin)["solutions"], "{a:?}");
    }
    // Colours: bit sets walk DLX2's tree, with the links' counters.
    let coloured = |engine: &str| {
        json(
            &["count", "exact-cover", "-", "--json", "--engine", engine],
            "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n",
        )
    };
    let (bits, links) = (coloured("bits"), coloured("links"));
    assert_eq!(bits["solutions"], 1);
    assert_eq!(
        (&bits["engine"], &links["engine"]),
        (&"bits".into(), &"links".into())
    );
    for k in ["solutions", "nodes", "updates", "first"] {
        assert_eq!(bits[k], links[k], "{k}");
    }
    fails(
        &["count", "queens", "8", "--engine", "fast"],
        "--engine `fast`: expected auto, bits or links",
    );
    fails(
        &["export", "queens", "8", "--engine", "bits"],
        "--engine applies to",
    );
}
