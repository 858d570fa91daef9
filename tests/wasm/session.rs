//! The wasm layer in headless Chromium: `make test-wasm`, or
//! `cargo test --target wasm32-unknown-unknown --test wasm` (runner and driver: see .cargo/config.toml,
//! webdriver.json and the Makefile). The Session is driven from Rust, but the link arrays are read the
//! way the page reads them: through Uint32Array views on the module's memory.
#![cfg(target_arch = "wasm32")]

use dlx_studio::core::{Count, Engine, Instance, Search, Status};
use dlx_studio::problems::{queens::Queens, Problem};
use dlx_studio::wasm::{
    count_with_memos, wasm_memory, PartCounter, QueueCounter, Racer, Session, EVENT_CAP,
    EVENT_WORDS, KEEP,
};
use js_sys::{Reflect, Uint32Array, WebAssembly};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// A copy of `len` u32 at `ptr`, read through a typed-array view as the page does.
fn view(ptr: *const u32, len: usize) -> Vec<u32> {
    let mem: WebAssembly::Memory = wasm_memory().unchecked_into();
    Uint32Array::new_with_byte_offset_and_length(&mem.buffer(), ptr as u32, len as u32).to_vec()
}

fn nodes(s: &Session) -> Vec<u32> {
    view(s.nodes_ptr(), s.nodes_len())
}

fn items(s: &Session) -> Vec<u32> {
    view(s.items_ptr(), s.items_len())
}

fn lens(s: &Session) -> Vec<u32> {
    view(s.lens_ptr(), s.lens_len())
}

fn events(s: &Session) -> Vec<u32> {
    view(s.events_ptr(), s.events_len())
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn num(v: &JsValue, key: &str) -> f64 {
    get(v, key)
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number"))
}

fn json(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().into()
}

fn session(kind: &str, text: &str) -> Session {
    let mut s = Session::new();
    s.load(kind, text, None).unwrap();
    s
}

/// Checks a queens board text against the rules, independently of the encoding.
fn assert_legal_queens(text: &str, n: usize) {
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), n, "{text}");
    let mut queens = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), n, "{text}");
        assert!(row.chars().all(|c| c == '.' || c == 'Q'), "{text}");
        let q: Vec<usize> = row.match_indices('Q').map(|(j, _)| j).collect();
        assert_eq!(q.len(), 1, "rank {i} of\n{text}");
        queens.push((i as i64, q[0] as i64));
    }
    for (a, &(i, j)) in queens.iter().enumerate() {
        for &(k, l) in &queens[..a] {
            assert!(
                j != l && (i - k).abs() != (j - l).abs(),
                "attack in\n{text}"
            );
        }
    }
}

#[wasm_bindgen_test]
fn count_chunk_counts_92_queens_in_chunks() {
    let mut s = session("queens", "8");
    let mut chunks = 0;
    while !s.count_chunk(100.0).unwrap() {
        chunks += 1;
        let st = s.stats().unwrap();
        // Each chunk stops at its node limit, exactly.
        assert_eq!(num(&st, "nodes"), 100.0 * chunks as f64);
        assert_eq!(get(&st, "done"), JsValue::FALSE);
    }
    assert!(chunks > 5, "8-queens takes more than 600 nodes");
    let st = s.stats().unwrap();
    assert_eq!(num(&st, "solutions"), 92.0);
    assert_eq!(get(&st, "done"), JsValue::TRUE);
    assert_eq!(num(&st, "progress"), 1.0);
    // The same tree as a native run to the end in one go.
    let q = Queens::new(8).unwrap();
    let mut native = Search::new(q.instance());
    assert_eq!(native.run(&mut Count), Status::Done);
    assert_eq!(num(&st, "nodes"), native.stats().nodes as f64);
    assert_eq!(num(&st, "updates"), native.stats().updates as f64);
    assert!(s
        .narration()
        .starts_with("Search finished: 92 solutions in "));
    // Finished is finished.
    assert!(s.count_chunk(100.0).unwrap());
    assert!(!s.next_solution(100.0).unwrap());
}

#[wasm_bindgen_test]
fn step_back_restores_the_views_and_stats_exactly() {
    let mut s = session("queens", "8");
    let (n0, i0, st0) = (nodes(&s), items(&s), json(&s.stats().unwrap()));
    let l0 = lens(&s);
    assert_eq!(n0.len() % 4, 0);
    // 8-queens: 16 primary + 30 secondary items, two roots.
    assert_eq!(i0.len(), 2 * (46 + 2));
    // One length per header, index 0 unused: each rank and file has 8 squares.
    assert_eq!(l0.len(), 46 + 1);
    assert!(l0[1..=16].iter().all(|&l| l == 8), "{l0:?}");
    // The first step chooses an item and reports the length the view holds; the second covers it,
    // which sets the COVERED bit (0x40000000) and keeps the length in the low bits.
    s.step(1).unwrap();
    let ev = events(&s);
    assert_eq!((ev[0], ev[3]), (0, 8), "Choose(level, item, len 8): {ev:?}");
    let item = ev[2] as usize;
    s.step(1).unwrap();
    assert_eq!(events(&s)[..2], [2, item as u32], "CoverItem(item)");
    assert_eq!(lens(&s)[item], 0x4000_0000 | 8);
    s.step_back(2).unwrap();
    assert_eq!(lens(&s), l0);
    for k in [1, 2, 11, 37, 500, 5000] {
        assert_eq!(s.step(k).unwrap(), k);
        if k >= 11 {
            assert_ne!(nodes(&s), n0, "after {k} steps the links have moved");
        }
        assert_eq!(s.step_back(k).unwrap(), k);
        assert_eq!(nodes(&s), n0, "nodes after {k} steps and back");
        assert_eq!(items(&s), i0, "items after {k} steps and back");
        assert_eq!(lens(&s), l0, "lens after {k} steps and back");
        assert_eq!(
            json(&s.stats().unwrap()),
            st0,
            "stats after {k} steps and back"
        );
    }
    // All the way to the end and all the way back.
    let total = s.step(u32::MAX).unwrap();
    assert!(total > 5000);
    let end = s.stats().unwrap();
    assert_eq!(get(&end, "done"), JsValue::TRUE);
    assert_eq!(num(&end, "solutions"), 92.0);
    assert!(s.narration().starts_with("Search finished: 92 solutions"));
    assert_eq!(s.step_back(u32::MAX).unwrap(), total);
    assert_eq!(get(&s.stats().unwrap(), "at_start"), JsValue::TRUE);
    assert_eq!(nodes(&s), n0);
    assert_eq!(items(&s), i0);
    assert_eq!(json(&s.stats().unwrap()), st0);
    assert_eq!(s.narration(), "At the start: nothing more to undo");
    // reset also returns to the start, undoing the links in place: the buffers stay where they are,
    // so views taken before it remain valid.
    let (np, ip, lp) = (s.nodes_ptr(), s.items_ptr(), s.lens_ptr());
    s.step(1234).unwrap();
    s.reset().unwrap();
    assert_eq!((s.nodes_ptr(), s.items_ptr(), s.lens_ptr()), (np, ip, lp));
    assert_eq!(nodes(&s), n0);
    assert_eq!(items(&s), i0);
    assert_eq!(lens(&s), l0);
    assert_eq!(json(&s.stats().unwrap()), st0);
}

#[wasm_bindgen_test]
fn a_bad_load_throws_an_error_with_its_position_and_keeps_the_problem() {
    let mut s = Session::new();
    let e = s.stats().unwrap_err();
    assert!(json(&get(&e, "message")).contains("no problem is loaded"));
    assert_eq!(s.nodes_len(), 0);

    s.load("queens", "6", None).unwrap();
    s.step(25).unwrap();
    let (n0, st0, info0) = (nodes(&s), json(&s.stats().unwrap()), s.info().unwrap());

    let e = s.load("queens", "1\n2x", None).unwrap_err();
    let err = e.dyn_ref::<js_sys::Error>().expect("a real Error");
    assert_eq!(
        String::from(err.message()),
        "line 2, column 2: `x` is not a digit: N must be a whole number"
    );
    assert_eq!(num(&e, "line"), 2.0);
    assert_eq!(num(&e, "column"), 2.0);

    // An error with no position: line and column are there, and undefined.
    let e = s.load("queens", "0", None).unwrap_err();
    assert!(e.is_instance_of::<js_sys::Error>());
    assert_eq!(
        String::from(e.unchecked_ref::<js_sys::Error>().message()),
        "N for N-queens must be between 1 and 64, not 0"
    );
    assert!(Reflect::has(&e, &"line".into()).unwrap());
    assert!(get(&e, "line").is_undefined());
    assert!(get(&e, "column").is_undefined());
    assert_eq!(js_sys::Array::from(&get(&e, "cells")).length(), 0);

    // Givens that break a variant's rule: the error names the cells, which the page marks.
    let e = s
        .load_as(
            "sudoku",
            "1...\n..2.\n....\n...1",
            Some(false),
            Some("x".into()),
        )
        .unwrap_err();
    let cells: Vec<f64> = js_sys::Array::from(&get(&e, "cells"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(cells, [0.0, 15.0]);

    let e = s.load("hexagons", "3", None).unwrap_err();
    assert!(String::from(e.unchecked_ref::<js_sys::Error>().message())
        .contains("unknown problem kind `hexagons`"));

    // The 6-queens search is where it was.
    assert_eq!(nodes(&s), n0);
    assert_eq!(json(&s.stats().unwrap()), st0);
    let info = s.info().unwrap();
    assert_eq!(json(&info), json(&info0));
    assert_eq!(get(&info, "title").as_string().unwrap(), "6-queens");
    assert_eq!(get(&info, "kind").as_string().unwrap(), "queens");
    assert_eq!(num(&info, "n_items"), 12.0 + 22.0);
    assert_eq!(num(&info, "n_primary"), 12.0);
    assert_eq!(num(&info, "n_options"), 36.0);
}

#[wasm_bindgen_test]
fn events_decode_as_documented() {
    let mut s = session("queens", "8");
    let n = nodes(&s);
    let down = |x: u32| n[4 * x as usize + 2];
    let top = |x: u32| n[4 * x as usize];

    // Choose(level 0, item r4 = header 1, 8 options): organ-pipe order puts rank 4 (from 1) first.
    assert_eq!(s.step(1).unwrap(), 1);
    assert_eq!(events(&s), [0, 0, 1, 8, 0, 0]);
    assert_eq!(
        s.narration(),
        "Choose item r4 (fewest options: 8): row 4 has eight free squares for its queen"
    );
    assert_eq!(s.branching_item().unwrap(), 1);

    // CoverItem(1), then Hide of each node in item 1's list, from the top down.
    assert_eq!(s.step(9).unwrap(), 9);
    let ev = events(&s);
    assert_eq!(ev.len(), 9 * EVENT_WORDS);
    assert_eq!(ev[..6], [2, 1, 0, 0, 0, 0]);
    let mut x = down(1);
    for e in ev[6..].chunks(6) {
        assert_eq!(e, [3, x, 0, 0, 0, 0]);
        assert_eq!(top(x), 1);
        x = down(x);
    }
    assert_eq!(x, 1, "all eight options hidden");
    assert_eq!(s.narration(), "Hide option r4 c8 a11 b4 from 3 other items");

    // Try(level 0, first node of r4, 1 of 8).
    let first = down(1);
    assert_eq!(s.step_to_choice().unwrap(), 1);
    assert_eq!(events(&s), [4, 0, first, 1, 8, 0]);
    assert_eq!(s.trying().unwrap(), first);
    assert_eq!(s.narration(), "Try option r4 c1 a4 b11 (1 of 8) at level 0");
    let tree = s.tree().unwrap();
    assert_eq!(
        json(&tree),
        r#"[{"level":0,"k":1,"d":8,"item":1,"node":0}]"#
    );
    let board = s.board().unwrap();
    let text = get(&board, "text").as_string().unwrap();
    assert_eq!(text.lines().nth(3).unwrap(), "Q.......");
    assert_eq!(text.matches('Q').count(), 1);

    // Undone events come back in reverse order, flagged.
    assert_eq!(s.step_back(3).unwrap(), 3);
    let ev = events(&s);
    let last = n[4 + 1]; // up(1), at 4 * 1 + 1: the last node of item 1
    assert_eq!(ev[..6], [4, 0, first, 1, 8, 1]);
    assert_eq!(ev[6..12], [3, last, 0, 0, 0, 1]);
    assert_eq!(ev[12..], [3, n[4 * last as usize + 1], 0, 0, 0, 1]);
    assert_eq!(
        s.narration(),
        "Undo: Hide option r4 c7 a10 b5 from 3 other items"
    );

    // Over a longer run every code is known, and each names what it should.
    s.reset().unwrap();
    let n_items = (s.items_len() / 2 - 2) as u32;
    let n_nodes = (s.nodes_len() / 4) as u32;
    let taken = s.step(20_000).unwrap();
    let ev = events(&s);
    assert_eq!(ev.len(), taken as usize * EVENT_WORDS);
    let mut seen = [0; 9];
    for e in ev.chunks(6) {
        seen[e[0] as usize] += 1;
        assert_eq!(e[5], 0);
        match e[0] {
            0 | 1 => assert!((1..=16).contains(&e[2]), "primary item {e:?}"),
            2 | 8 => assert!((1..=n_items).contains(&e[1])),
            3 | 7 => assert!(e[1] > n_items && e[1] < n_nodes && top(e[1]) != 0),
            4 => assert!(e[3] >= 1 && e[3] <= e[4] && top(e[2]) != 0),
            5 => assert_eq!(e[1], 8),
            6 => assert!(e[1] >= 1),
            c => panic!("unknown code {c}"),
        }
    }
    assert!(seen.iter().all(|&c| c > 0), "every kind of event: {seen:?}");
}

#[wasm_bindgen_test]
fn the_events_buffer_keeps_the_last_65536_events_of_a_call() {
    let total = 200_000;
    let mut s = session("queens", "10");
    assert_eq!(s.step(total).unwrap(), total);
    let ev = events(&s);
    assert_eq!(ev.len(), EVENT_CAP * EVENT_WORDS);
    // The first kept event is event total - EVENT_CAP (from 0), the last is event total - 1.
    let mut t = session("queens", "10");
    t.step(total - EVENT_CAP as u32).unwrap();
    t.step(1).unwrap();
    assert_eq!(events(&t), ev[..6]);
    t.step(EVENT_CAP as u32 - 2).unwrap();
    t.step(1).unwrap();
    assert_eq!(events(&t), ev[ev.len() - 6..]);
    assert_eq!(t.narration(), s.narration());
}

#[wasm_bindgen_test]
fn next_solution_gives_every_legal_board_once() {
    let mut s = session("queens", "8");
    // Not within one node.
    assert!(!s.next_solution(1.0).unwrap());
    assert_eq!(s.narration(), "Paused after 1 node: 0 solutions so far");
    let mut boards = std::collections::HashSet::new();
    while s.next_solution(1e9).unwrap() {
        let board = s.board().unwrap();
        assert_eq!(get(&board, "kind").as_string().unwrap(), "queens");
        let text = get(&board, "text").as_string().unwrap();
        assert_legal_queens(&text, 8);
        assert!(boards.insert(text));
        let k = boards.len();
        assert_eq!(
            s.narration(),
            format!("Solution {k} found at level 8: every primary item is covered")
        );
        assert_eq!(num(&s.stats().unwrap(), "solutions"), k as f64);
        // The tree holds the path: one option at each of the 8 levels, each within its item's range.
        let tree: js_sys::Array = s.tree().unwrap().unchecked_into();
        assert_eq!(tree.length(), 8);
        for l in tree.iter() {
            assert!(num(&l, "k") >= 1.0 && num(&l, "k") <= num(&l, "d"));
        }
    }
    assert_eq!(boards.len(), 92);
    assert_eq!(get(&s.stats().unwrap(), "done"), JsValue::TRUE);
    // Stepping back from the end over fine events works after the fast path too.
    assert!(s.step_back(100).unwrap() == 100);
}

#[wasm_bindgen_test]
fn parts_counted_in_timed_slices_add_up_to_the_whole_count() {
    // 10-queens is big enough to be split for 3 workers (core::split's plan).
    let q = Queens::new(10).unwrap();
    let mut native = Search::new(q.instance());
    assert_eq!(native.run(&mut Count), Status::Done);
    let (mut solutions, mut nodes, mut updates) = (0.0, 0.0, 0.0);
    let (mut busy, mut sliced) = (0, 0);
    for k in 0..3 {
        let mut c = part("queens", "10", None, k, 3).unwrap();
        // The first slice is of no time, so one chunk (the first is of 1,024 nodes): a part of more
        // than twice that (the three parts have 3,500 to 4,300 natively) must come back unfinished
        // and go on where it stopped. The rest in 0.5 ms slices.
        let mut slices = 0;
        while !c.count_for(if slices == 0 { 0.0 } else { 0.5 }) {
            slices += 1;
            let st = c.stats().unwrap();
            assert_eq!(get(&st, "finished"), JsValue::FALSE);
            assert!(num(&st, "done") <= num(&st, "total") * 1.000001);
        }
        let st = c.stats().unwrap();
        assert_eq!(get(&st, "finished"), JsValue::TRUE);
        solutions += num(&st, "solutions");
        nodes += num(&st, "nodes");
        updates += num(&st, "updates");
        let part_nodes = num(&st, "nodes");
        if part_nodes > 0.0 {
            busy += 1;
        }
        if part_nodes > 2048.0 {
            assert!(
                slices >= 1,
                "part {k}: {part_nodes} nodes in one slice of no time"
            );
        }
        if slices >= 1 {
            sliced += 1;
        }
        assert_eq!(c.tree_name(), "dlx1");
    }
    assert!(busy >= 2, "the work is shared: {busy} parts counted nodes");
    assert!(
        sliced >= 1,
        "no part was cut into slices: the slices were not tested"
    );
    assert_eq!(solutions, 724.0);
    assert_eq!(nodes, native.stats().nodes as f64);
    assert_eq!(updates, native.stats().updates as f64);
    assert!(part("queens", "10", None, 3, 3).is_err());
    assert!(part("queens", "10", None, 0, 0).is_err());
    // Bad input is the Session's message.
    let e = part("queens", "x", None, 0, 1).err().expect("refused");
    let msg = js_sys::Error::from(e).message().as_string().unwrap();
    let s_msg = js_sys::Error::from(Session::new().load("queens", "x", None).unwrap_err())
        .message()
        .as_string()
        .unwrap();
    assert_eq!(msg, s_msg);
}

/// Part `k` of `n` of a problem, as www/workers/worker.js makes it.
fn part(
    kind: &str,
    text: &str,
    tree: Option<&str>,
    k: u32,
    n: u32,
) -> Result<PartCounter, JsValue> {
    PartCounter::new(
        kind.into(),
        text.into(),
        JsValue::FALSE,
        JsValue::UNDEFINED,
        tree.map_or(JsValue::UNDEFINED, JsValue::from),
        k.into(),
        n.into(),
    )
}

/// Counts to the end on the fast path.
fn count_all(s: &mut Session) -> f64 {
    while !s.count_chunk(1e6).unwrap() {}
    num(&s.stats().unwrap(), "solutions")
}

#[wasm_bindgen_test]
fn the_format_of_an_exact_cover_text_is_chosen_or_decided_as_in_the_cli() {
    // Issue 12, finding 4: `111` and `11` twice are 0-1 matrices unless Knuth's format is asked for.
    let mut s = Session::new();
    for (text, matrix, knuth) in [("111\n", 1.0, 0.0), ("11\n11\n", 2.0, 1.0)] {
        for format in [None, Some("auto"), Some("matrix")] {
            s.load_as("exact-cover", text, None, format.map(String::from))
                .unwrap();
            assert_eq!(count_all(&mut s), matrix, "{text:?} {format:?}");
        }
        s.load_as("exact-cover", text, None, Some("knuth".into()))
            .unwrap();
        assert_eq!(count_all(&mut s), knuth, "{text:?}");
    }
    let e = s
        .load_as("exact-cover", "a\na\n", None, Some("csv".into()))
        .unwrap_err();
    assert_eq!(
        String::from(e.unchecked_ref::<js_sys::Error>().message()),
        "unknown format `csv`: expected auto, knuth or matrix"
    );
}

#[wasm_bindgen_test]
fn a_check_says_what_a_load_would_and_loads_nothing() {
    let mut s = Session::new();
    s.load("queens", "6", None).unwrap();
    s.step(25).unwrap();
    let (n0, st0) = (nodes(&s), json(&s.stats().unwrap()));
    // A Sudoku with a row short: the load's message, line and column, from the check.
    let short = format!("{}\n{}\n", ".".repeat(9), ".".repeat(8));
    let loaded = s.load_as("sudoku", &short, None, None).unwrap_err();
    let checked = s.check_as("sudoku", &short, None, None).unwrap_err();
    assert_eq!(message(&checked), message(&loaded));
    assert_eq!(num(&checked, "line"), num(&loaded, "line"));
    assert_eq!(num(&checked, "column"), num(&loaded, "column"));
    // Givens that clash are refused by the check as by the load (the search's preselect).
    let clash = format!("11{}", ".".repeat(79));
    assert_eq!(
        message(&s.check_as("sudoku", &clash, None, None).unwrap_err()),
        message(&s.load_as("sudoku", &clash, None, None).unwrap_err())
    );
    // A text that reads: the check passes, and the queens' search is where it was.
    s.check_as("sudoku", &".".repeat(81), None, None).unwrap();
    s.check_as("exact-cover", "a b\na\nb\n", None, Some("knuth".into()))
        .unwrap();
    assert_eq!(nodes(&s), n0);
    assert_eq!(json(&s.stats().unwrap()), st0);
    assert_eq!(
        get(&s.info().unwrap(), "kind").as_string().unwrap(),
        "queens"
    );
}

// ---- Sudoku: the reading note, Solve, kept solutions, candidates and the cell maps ----

/// Easter Monster (one solution, 5,166 search-tree nodes).
const EASTER: &str = include_str!("../data/sudoku/easter-monster.txt").trim_ascii();
/// Easter Monster with a 9 added at r1c5: no given clashes, yet there is no solution (2,894 nodes).
const EASTER_DEAD: &str =
    "1...9...2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

/// A full Sudoku board text: every row, column and box holds each symbol once, the givens kept.
fn assert_solved_sudoku(text: &str, puzzle: &str) {
    let cells: Vec<char> = text.chars().collect();
    let size = (cells.len() as f64).sqrt() as usize;
    let n = (size as f64).sqrt() as usize;
    assert_eq!(size * size, cells.len(), "{text}");
    for u in 0..size {
        let mut row: Vec<char> = (0..size).map(|i| cells[u * size + i]).collect();
        let mut col: Vec<char> = (0..size).map(|i| cells[i * size + u]).collect();
        let (r0, c0) = (u / n * n, u % n * n);
        let mut boxed: Vec<char> = (0..size)
            .map(|i| cells[(r0 + i / n) * size + c0 + i % n])
            .collect();
        for unit in [&mut row, &mut col, &mut boxed] {
            unit.sort_unstable();
            unit.dedup();
            assert!(unit.len() == size && !unit.contains(&'.'), "{text}");
        }
    }
    for (p, g) in puzzle.chars().enumerate() {
        assert!(g == '.' || g == cells[p], "given {g} at {p} lost: {text}");
    }
}

fn solve_all(s: &mut Session, slice: f64) -> JsValue {
    s.solve_start().unwrap();
    for _ in 0..1_000_000 {
        let v = s.solve(slice).unwrap();
        if get(&v, "finished").as_bool().unwrap() {
            return v;
        }
        assert_eq!(get(&v, "verdict").as_string().unwrap(), "");
    }
    panic!("solve never finished");
}

#[wasm_bindgen_test]
fn a_sudoku_in_another_box_loads_as_a_sudoku_with_a_note() {
    let mut s = Session::new();
    let note = s.load("exact-cover", EASTER, None).unwrap();
    assert_eq!(note, "Read as a 9x9 Sudoku");
    let info = s.info().unwrap();
    assert_eq!(get(&info, "kind").as_string().unwrap(), "sudoku");
    assert_eq!(get(&info, "note").as_string().unwrap(), note);
    assert_eq!(num(&info, "n_items"), 324.0);
    let rows: String = EASTER
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    assert_eq!(
        s.load("queens", &format!("Easter Monster\n{rows}"), None)
            .unwrap(),
        "Read as a 9x9 Sudoku (the title line skipped)"
    );
    // What the kind reads stays itself, with no note.
    assert_eq!(s.load("queens", "8", None).unwrap(), "");
    assert_eq!(
        get(&s.info().unwrap(), "kind").as_string().unwrap(),
        "queens"
    );
    assert!(s.candidates().unwrap().is_empty());
    assert!(s.cell_links(0, 0).is_err());
}

#[wasm_bindgen_test]
fn solve_gives_the_three_verdicts_and_keeps_the_solutions() {
    let mut s = session("sudoku", EASTER);
    let v = solve_all(&mut s, 1e9);
    assert_eq!(get(&v, "verdict").as_string().unwrap(), "unique");
    assert_eq!(num(&v, "found"), 1.0);
    assert_eq!(num(&v, "nodes"), 5166.0);
    assert_eq!(s.kept_count().unwrap(), 1);
    let board = s.kept(0).unwrap();
    assert_solved_sudoku(&get(&board, "text").as_string().unwrap(), EASTER);
    assert!(s.kept(1).is_err());
    // The search stands at the solution again (it ran to the end for the proof): the live board is
    // the solution, Back takes the Solution event back with every digit still placed, and the
    // search goes on from there to the end of the proof, finding no other.
    let solution = get(&board, "text").as_string().unwrap();
    let at_solution = |s: &Session| {
        let st = s.stats().unwrap();
        assert_eq!(num(&st, "solutions"), 1.0);
        assert!(!get(&st, "done").as_bool().unwrap());
        assert_eq!(
            get(&s.board().unwrap(), "text").as_string().unwrap(),
            solution
        );
    };
    at_solution(&s);
    assert_eq!(s.step_back(1).unwrap(), 1);
    assert_eq!(
        get(&s.board().unwrap(), "text").as_string().unwrap(),
        solution
    );
    assert_eq!(num(&s.stats().unwrap(), "solutions"), 0.0);
    assert_eq!(s.step(1).unwrap(), 1);
    at_solution(&s);
    assert!(!s.next_solution(1e9).unwrap());
    let st = s.stats().unwrap();
    assert!(get(&st, "done").as_bool().unwrap());
    assert_eq!((num(&st, "solutions"), num(&st, "nodes")), (1.0, 5166.0));
    // The same in slices of 100 nodes: the same verdict, the same count of nodes, and the search
    // at the solution.
    let v = solve_all(&mut s, 100.0);
    assert_eq!(get(&v, "verdict").as_string().unwrap(), "unique");
    assert_eq!(num(&v, "nodes"), 5166.0);
    assert_eq!(s.kept_count().unwrap(), 1);
    at_solution(&s);

    let mut dead = session("sudoku", EASTER_DEAD);
    let v = solve_all(&mut dead, 1e9);
    assert_eq!(get(&v, "verdict").as_string().unwrap(), "none");
    assert_eq!(num(&v, "found"), 0.0);
    assert_eq!(num(&v, "nodes"), 2894.0);
    assert_eq!(dead.kept_count().unwrap(), 0);

    let loose = format!("123456789{}", ".".repeat(72));
    let mut many = session("sudoku", &loose);
    let v = solve_all(&mut many, 1e9);
    assert_eq!(get(&v, "verdict").as_string().unwrap(), "multiple");
    assert_eq!(num(&v, "found"), 2.0);
    let boards = many.kept_boards().unwrap();
    let texts: Vec<String> = js_sys::Array::from(&boards)
        .iter()
        .map(|b| get(&b, "text").as_string().unwrap())
        .collect();
    assert_eq!(texts.len(), 2);
    assert_ne!(texts[0], texts[1]);
    for t in &texts {
        assert_solved_sudoku(t, &loose);
    }
    // The search stands at the second solution: the live board is it, and next_solution goes on.
    assert_eq!(
        get(&many.board().unwrap(), "text").as_string().unwrap(),
        texts[1]
    );
    assert!(many.next_solution(1e9).unwrap());
    assert_eq!(many.kept_count().unwrap(), 3);
    // Reset forgets them.
    many.reset().unwrap();
    assert_eq!(many.kept_count().unwrap(), 0);
}

#[wasm_bindgen_test]
fn every_way_of_searching_keeps_the_first_100_solutions() {
    // The empty 4x4 grid has 288 solutions.
    let empty = ".".repeat(16);
    let mut s = session("sudoku", &empty);
    while !s.count_chunk(50.0).unwrap() {}
    assert_eq!(num(&s.stats().unwrap(), "solutions"), 288.0);
    assert_eq!(s.kept_count().unwrap(), KEEP);
    let boards = js_sys::Array::from(&s.kept_boards().unwrap());
    let mut texts: Vec<String> = boards
        .iter()
        .map(|b| get(&b, "text").as_string().unwrap())
        .collect();
    for t in &texts {
        assert_solved_sudoku(t, &empty);
    }
    // By steps, the same solutions in the same order; stepping back forgets the solutions it undoes,
    // and stepping on does not keep them twice.
    let mut t = session("sudoku", &empty);
    while t.kept_count().unwrap() < 3 {
        assert!(t.step(1).unwrap() == 1);
    }
    assert_eq!(num(&t.stats().unwrap(), "solutions"), 3.0);
    t.step_back(200).unwrap();
    let back = num(&t.stats().unwrap(), "solutions") as usize;
    assert!(back < 3, "200 events back undid a solution");
    assert_eq!(
        t.kept_count().unwrap(),
        back,
        "only the solutions reached are kept"
    );
    t.step(400).unwrap();
    let now = num(&t.stats().unwrap(), "solutions") as usize;
    assert!(now > 3, "400 events on found more solutions");
    assert_eq!(t.kept_count().unwrap(), now, "none kept twice");
    for (k, text) in texts.iter().enumerate().take(now) {
        assert_eq!(&get(&t.kept(k).unwrap(), "text").as_string().unwrap(), text);
    }
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), KEEP, "the kept solutions are distinct");
}

#[wasm_bindgen_test]
fn candidates_follow_the_live_item_lengths() {
    let mut s = session("sudoku", EASTER);
    // Computed here from the rules: the symbols a cell's row, column and box do not hold yet.
    let naive = |cells: &[u32], p: usize| -> u32 {
        let mut mask = 0x1ff;
        for (q, &v) in cells.iter().enumerate() {
            let same =
                q / 9 == p / 9 || q % 9 == p % 9 || (q / 27, q % 9 / 3) == (p / 27, p % 9 / 3);
            if v != 0 && same {
                mask &= !(1 << (v - 1));
            }
        }
        mask
    };
    let check = |s: &Session| {
        let cand = s.candidates().unwrap();
        let lens = lens(s);
        let board = s.board().unwrap();
        let cells: Vec<u32> = js_sys::Array::from(&get(&board, "cells"))
            .iter()
            .map(|v| v.as_f64().unwrap() as u32)
            .collect();
        let trying = s.trying().unwrap();
        let mut checked = 0;
        for p in 0..81 {
            if lens[p + 1] & 0x4000_0000 != 0 {
                assert_eq!(cand[p], 0, "covered cell {p}");
                continue;
            }
            assert_eq!(
                cand[p].count_ones(),
                lens[p + 1],
                "cell {p}: one bit an option"
            );
            if trying == 0 && cells[p] == 0 {
                assert_eq!(cand[p], naive(&cells, p), "cell {p}");
                checked += 1;
            }
        }
        checked
    };
    assert_eq!(check(&s), 60);
    assert_eq!(s.candidates().unwrap()[1], 0b1100_1000, "r1c2: 4, 7 or 8");
    // Stepping through the search: at each Choose event (the options of the path fully placed,
    // nothing half undone) the same rule holds for the board of the path.
    let mut checked = 0;
    for _ in 0..3000 {
        s.step(1).unwrap();
        if events(&s)[0] == 0 {
            checked += check(&s);
        }
    }
    assert!(checked > 1000, "only {checked} cells checked");
}

#[wasm_bindgen_test]
fn cells_and_items_map_to_each_other() {
    let s = session("sudoku", EASTER);
    let info = s.info().unwrap();
    let names: Vec<String> = js_sys::Array::from(&get(&info, "items"))
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    let name = |h: u32| names[h as usize - 1].clone();
    // r1c1 holds 1: its option's four items.
    let v = s.cell_links(0, 1).unwrap();
    let items: Vec<String> = js_sys::Array::from(&get(&v, "items"))
        .iter()
        .map(|h| name(h.as_f64().unwrap() as u32))
        .collect();
    assert_eq!(items, ["r1c1", "r1=1", "c1=1", "b1=1"]);
    assert_eq!(json(&get(&v, "options")), "[0]");
    // r5c6 empty: its cell item and its nine options.
    let v = s.cell_links(4 * 9 + 5, 0).unwrap();
    assert_eq!(json(&get(&v, "items")), "[42]");
    assert_eq!(name(42), "r5c6");
    let options = js_sys::Array::from(&get(&v, "options"));
    assert_eq!(options.length(), 9);
    let options_of_info = js_sys::Array::from(&get(&info, "options"));
    for k in options.iter() {
        let k = k.as_f64().unwrap() as u32;
        let items = js_sys::Array::from(&options_of_info.get(k));
        assert_eq!(
            items.get(0).as_f64().unwrap(),
            41.0,
            "option {k} is of r5c6"
        );
    }
    // Item to cells: r5=7 is row 5; b9=1 is the bottom right box; the cell item is its cell.
    let h = names.iter().position(|n| n == "r5=7").unwrap() as u32 + 1;
    assert_eq!(s.item_cells(h).unwrap(), (36..45).collect::<Vec<u32>>());
    let h = names.iter().position(|n| n == "b9=1").unwrap() as u32 + 1;
    assert_eq!(
        s.item_cells(h).unwrap(),
        [60, 61, 62, 69, 70, 71, 78, 79, 80]
    );
    assert_eq!(s.item_cells(42).unwrap(), [41]);
    assert!(s.cell_links(81, 0).is_err());
}

// ---- Hostile arguments (issue 12, findings 1, 6, 7) ----

fn message(e: &JsValue) -> String {
    String::from(
        e.dyn_ref::<js_sys::Error>()
            .expect("a real Error")
            .message(),
    )
}

#[wasm_bindgen_test]
fn arguments_are_checked_and_the_session_survives_every_error() {
    let mut s = session("queens", "6");
    s.step(10).unwrap();
    let before = json(&s.stats().unwrap());
    // step(-1) wrapped to 2^32 - 1 and ran 538 M events; a string or a fraction trapped or was
    // coerced. Now each throws an Error in the CLI's words and takes no step.
    for (arg, want) in [
        (
            JsValue::from(-1.0),
            "n must be between 0 and 4294967295, not -1",
        ),
        (
            JsValue::from(4294967296.0),
            "n must be between 0 and 4294967295, not 4294967296",
        ),
        (JsValue::from(1.5), "n must be a whole number, not 1.5"),
        (JsValue::from(f64::NAN), "n must be a whole number, not NaN"),
        (JsValue::from("3"), "n must be a number, not string"),
        (JsValue::UNDEFINED, "n must be a number, not undefined"),
    ] {
        assert_eq!(message(&s.step_js(arg.clone()).unwrap_err()), want);
        assert_eq!(message(&s.step_back_js(arg).unwrap_err()), want);
    }
    assert_eq!(json(&s.stats().unwrap()), before);
    for bad in [-1.0, 0.5, f64::NAN, f64::INFINITY] {
        assert!(message(&s.next_solution(bad).unwrap_err()).starts_with("max_nodes must be"));
        assert!(message(&s.count_chunk(bad).unwrap_err()).starts_with("max_nodes must be"));
    }
    assert_eq!(json(&s.stats().unwrap()), before);
    assert_eq!(s.step_js(JsValue::from(2.0)).unwrap(), 2);
    // Wrong types for load, with what each should be.
    let e = s
        .load_js("queens".into(), JsValue::from(8.0), JsValue::UNDEFINED)
        .unwrap_err();
    assert_eq!(message(&e), "text must be a string, not number");
    let e = s
        .load_js("queens".into(), "8".into(), JsValue::from("yes"))
        .unwrap_err();
    assert_eq!(message(&e), "distinct must be a boolean, not string");
    let e = s
        .load_js(JsValue::NULL, "8".into(), JsValue::UNDEFINED)
        .unwrap_err();
    assert_eq!(message(&e), "kind must be a string, not object");
    s.load_js("queens".into(), "5".into(), JsValue::from(false))
        .unwrap();
    // N beyond 32 bits: the CLI's message (the page refused it with other words).
    let e = s.load("queens", "4294967296", None).unwrap_err();
    assert_eq!(message(&e), "N = 4294967296 is far too large");
    // Control characters in a message are escaped, as in the CLI.
    let e = s.load("sudoku", "12..\u{1b}[2J", None).unwrap_err();
    assert!(message(&e).contains("`\\u{1b}`"), "{}", message(&e));
    assert_eq!(
        get(&s.info().unwrap(), "title").as_string().unwrap(),
        "5-queens"
    );
}

#[wasm_bindgen_test]
fn an_index_out_of_range_is_named_as_given_not_wrapped() {
    // Issue 41: a `usize` parameter took `option_cells(-1)` as option 4294967295 and said so; the
    // queue's `push(-1)` and `-1` workers likewise. Each names the number as JS gave it.
    let s = session("sudoku", &".".repeat(81));
    for (arg, want) in [
        (-1.0, "k must be between 0 and 4294967295, not -1"),
        (1e10, "k must be between 0 and 4294967295, not 10000000000"),
        (2.5, "k must be a whole number, not 2.5"),
        (729.0, "no option 729: there are 729"),
    ] {
        let e = s.option_cells(JsValue::from(arg)).unwrap_err();
        assert_eq!(message(&e), want);
    }
    assert_eq!(
        message(&s.option_cells(JsValue::from("3")).unwrap_err()),
        "k must be a number, not string"
    );
    // Option 10 places digit 2 in r1c2 (cell 1): that cell alone.
    assert_eq!(s.option_cells(JsValue::from(10.0)).unwrap(), [1]);
    let e = QueueCounter::new("queens", "8", None, None, None, JsValue::from(-1.0), false)
        .err()
        .expect("-1 workers refused");
    assert_eq!(message(&e), "workers must be between 0 and 1024, not -1");
    let mut q =
        QueueCounter::new("queens", "8", None, None, None, JsValue::from(2.0), false).unwrap();
    let e = q.push(JsValue::from(-1.0)).unwrap_err();
    assert_eq!(message(&e), "i must be between 0 and 4294967295, not -1");
    q.push(JsValue::from(0.0)).unwrap();
    assert_eq!(q.pending(), 1);
}

#[wasm_bindgen_test]
fn a_300_mb_paste_is_refused_without_filling_memory_and_the_session_goes_on() {
    let mut s = session("queens", "6");
    s.step(7).unwrap();
    let before = json(&s.stats().unwrap());
    let mem: WebAssembly::Memory = wasm_memory().unchecked_into();
    let bytes = |m: &WebAssembly::Memory| {
        m.buffer()
            .unchecked_into::<js_sys::ArrayBuffer>()
            .byte_length()
    };
    let size0 = bytes(&mem);
    // 300 MB of `a a a …`: it panicked ("capacity overflow"), after which every call threw and the
    // memory stayed allocated. Now its length is refused before it is copied into wasm memory.
    let paste = js_sys::JsString::from("a ").repeat(150_000_000);
    let e = s
        .load_js("exact-cover".into(), paste.into(), JsValue::UNDEFINED)
        .unwrap_err();
    assert_eq!(
        message(&e),
        "the text is longer than the input cap of 64 MiB"
    );
    assert!(
        bytes(&mem) < size0 + (16 << 20),
        "memory grew from {size0} to {}",
        bytes(&mem)
    );
    assert_eq!(json(&s.stats().unwrap()), before);
    assert_eq!(s.step(1).unwrap(), 1);
    // A lower cap, for what the CLI's --max-input does: in bytes of UTF-8 (é is 2).
    s.set_max_input(JsValue::from(6.0)).unwrap();
    let e = s.load("exact-cover", "é b\né\n", None).unwrap_err();
    assert_eq!(
        message(&e),
        "the text is 8 bytes, more than the input cap of 6 bytes"
    );
    s.load_js("exact-cover".into(), "a\na\n".into(), JsValue::UNDEFINED)
        .unwrap();
    assert_eq!(count_all(&mut s), 1.0);
    assert!(s.set_max_input(JsValue::from(-5.0)).is_err());
    // The bounded reader under the default cap: a 20 MB bad line fails at column 3, loaded after it
    // works.
    s.set_max_input(JsValue::from(67108864.0)).unwrap();
    let e = s
        .load("exact-cover", &"a ".repeat(10_000_000), None)
        .unwrap_err();
    assert_eq!(num(&e, "column"), 3.0);
    s.load("queens", "8", None).unwrap();
    assert_eq!(count_all(&mut s), 92.0);
}

/// The race's lanes: DLX and naive under each heuristic count 7-queens alike (40 solutions, the same
/// nodes and updates as a plain `Search`), in slices; bad names and colours are refused in words.
#[wasm_bindgen_test]
fn racer_lanes_agree_and_refuse_in_words() {
    let q = Queens::new(7).unwrap();
    let mut s = Search::new(q.instance());
    assert_eq!(s.run(&mut Count), Status::Done);
    let num = |v: &JsValue, k: &str| get(v, k).as_f64().unwrap() as u64;
    for h in ["mrv", "first"] {
        let mut lanes = Vec::new();
        for a in ["dlx", "naive"] {
            let mut r = Racer::new("queens", "7", false, None, a, h).unwrap();
            // Tiny slices: finishing takes several calls, each resuming where the last stopped.
            let mut calls = 0;
            while !r.run_for(0.0, false) {
                calls += 1;
            }
            assert!(calls > 0, "{a} {h} finished in one slice");
            let st = r.stats().unwrap();
            assert_eq!(num(&st, "solutions"), 40);
            assert!(get(&st, "done").as_bool().unwrap());
            lanes.push((num(&st, "nodes"), num(&st, "updates")));
        }
        assert_eq!(lanes[0], lanes[1], "{h}: DLX and naive differ");
        if h == "mrv" {
            assert_eq!(lanes[0], (s.stats().nodes, s.stats().updates));
        }
    }
    // Until a solution: one solution, then finished.
    let mut r = Racer::new("queens", "7", false, None, "naive", "mrv").unwrap();
    while !r.run_for(5.0, true) {}
    assert_eq!(num(&r.stats().unwrap(), "solutions"), 1);
    let msg = |e: JsValue| get(&e, "message").as_string().unwrap();
    let err = Racer::new("queens", "7", false, None, "fast", "mrv")
        .err()
        .unwrap();
    assert_eq!(msg(err), "algorithm `fast`: expected dlx or naive");
    let err = Racer::new("queens", "7", false, None, "dlx", "best")
        .err()
        .unwrap();
    assert_eq!(msg(err), "heuristic `best`: expected mrv or first");
    let colours = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B";
    let err = Racer::new("exact-cover", colours, false, None, "naive", "mrv")
        .err()
        .unwrap();
    assert!(msg(err).contains("takes no colours"));
    assert!(Racer::new("exact-cover", colours, false, None, "dlx", "mrv").is_ok());
}

/// The page's downloads: the step log is `dlx trace`'s lines (narrate::trace on a fresh search) up to
/// where the session stands, after steps, steps back and a jump; Knuth's format and the solutions are
/// the CLI's texts.
#[wasm_bindgen_test]
fn the_downloads_are_the_cli_texts() {
    use dlx_studio::narrate;
    use dlx_studio::problems::{
        exact_cover::ExactCover, knuth_export, solutions_text, sudoku::Sudoku,
    };
    let toy = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B";
    let problem = ExactCover::parse(toy).unwrap();
    let trace = |n: u64| {
        let mut s = Search::new(problem.instance());
        let mut out = String::new();
        narrate::trace(&mut s, &problem, n, |l| {
            out.push_str(&l);
            out.push('\n');
        });
        out
    };
    let log = |s: &Session, max: f64| {
        let v = s.step_log_js(JsValue::from(max)).unwrap();
        (
            get(&v, "text").as_string().unwrap(),
            num(&v, "events") as u64,
            get(&v, "reached").as_bool().unwrap(),
        )
    };
    let mut s = session("exact-cover", toy);
    assert_eq!(log(&s, 1e6), (String::new(), 0, true));
    s.step(15).unwrap();
    assert_eq!(log(&s, 1e6), (trace(15), 15, true));
    assert!(trace(15).contains("\"kind\":\"purify\""));
    s.step_back(4).unwrap();
    assert_eq!(log(&s, 1e6), (trace(11), 11, true));
    // Further than the cap: its first lines, and not reached.
    assert_eq!(log(&s, 5.0), (trace(5), 5, false));
    // A jump (the fast path) lands where the event machine's log ends at a solution.
    assert!(s.next_solution(1e6).unwrap());
    let (text, n, reached) = log(&s, 1e6);
    assert!(reached && text == trace(n), "{n} events after the jump");
    assert!(text
        .lines()
        .last()
        .unwrap()
        .contains("\"kind\":\"solution\""));
    assert_eq!(s.export_knuth().unwrap(), knuth_export(&problem).unwrap());

    // A Sudoku exports what is left once its givens are placed.
    let grid = "1...\n..3.\n.4..\n...2";
    let s = session("sudoku", grid);
    assert_eq!(
        s.export_knuth().unwrap(),
        knuth_export(&Sudoku::parse(grid).unwrap()).unwrap()
    );

    // 6-queens: its four solutions, as `dlx solve` prints them, once counted to the end.
    let mut s = session("queens", "6");
    while !s.count_chunk(1e6).unwrap() {}
    let q = Queens::new(6).unwrap();
    let mut all = Vec::new();
    let mut search = Search::new(q.instance());
    while search.run(&mut dlx_studio::core::StopAtSolution) == Status::Paused {
        all.push(search.solution());
    }
    assert_eq!(all.len(), 4);
    assert_eq!(s.solutions_text().unwrap(), solutions_text(&q, &all));
    assert_eq!(s.solutions_text().unwrap().split("\n\n").count(), 4);
}

#[wasm_bindgen_test]
fn the_tree_is_chosen_per_session_and_the_workers_parts_walk_it() {
    use dlx_studio::core::Tree;
    let q = Queens::new(10).unwrap();
    let mut native = Search::new(q.instance());
    native.set_tree(Tree::Lookahead);
    assert_eq!(native.run(&mut Count), Status::Done);
    let want = native.stats().clone();
    let mut dlx1 = Search::new(q.instance());
    assert_eq!(dlx1.run(&mut Count), Status::Done);
    assert!(
        want.nodes < dlx1.stats().nodes,
        "the lookahead enters fewer nodes"
    );
    // The default is DLX1; a bad name throws in the CLI's words and changes nothing.
    let mut s = session("queens", "10");
    assert_eq!(s.tree_name(), "dlx1");
    let e = s.set_tree(JsValue::from("ssxc")).unwrap_err();
    assert!(
        message(&e).contains("tree `ssxc`: expected dlx1 or lookahead"),
        "{}",
        message(&e)
    );
    assert_eq!(s.tree_name(), "dlx1");
    // Chosen after some steps: back at the start, walking it; count_chunk counts its nodes.
    s.step(50).unwrap();
    s.set_tree(JsValue::from("lookahead")).unwrap();
    assert_eq!(s.tree_name(), "lookahead");
    assert!(get(&s.stats().unwrap(), "at_start").is_truthy());
    assert_eq!(count_all(&mut s), 724.0);
    assert_eq!(num(&s.stats().unwrap(), "nodes"), want.nodes as f64);
    // A reset keeps the tree; so does a load.
    s.reset().unwrap();
    assert_eq!(s.tree_name(), "lookahead");
    s.load("queens", "10", None).unwrap();
    assert_eq!(s.tree_name(), "lookahead");
    // The workers' parts split the lookahead's tree: they add up to its counts.
    let (mut nodes, mut updates, mut solutions) = (0.0, 0.0, 0.0);
    for k in 0..3 {
        let mut w = part("queens", "10", Some("lookahead"), k, 3).unwrap();
        assert_eq!(w.tree_name(), "lookahead");
        while !w.count_for(1.0) {}
        let st = w.stats().unwrap();
        solutions += num(&st, "solutions");
        nodes += num(&st, "nodes");
        updates += num(&st, "updates");
    }
    assert_eq!(solutions, 724.0);
    assert_eq!(nodes, want.nodes as f64);
    assert_eq!(updates, want.updates as f64);
    // Multiplicities have no lookahead: DLX3's tree, whatever was chosen.
    let mut m = Session::new();
    m.set_tree(JsValue::from("lookahead")).unwrap();
    m.load(
        "exact-cover",
        "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1",
        None,
    )
    .unwrap();
    assert_eq!(m.tree_name(), "dlx3");
}

/// A fast observer (told of solutions only, so `Search::run` takes its counting loops) that records
/// the solutions in the order found.
struct Found(Vec<Vec<usize>>);

impl dlx_studio::core::Observer for Found {
    const FINE: bool = false;
    fn event(&mut self, _: dlx_studio::core::Event, s: &Search) -> std::ops::ControlFlow<()> {
        self.0.push(s.solution());
        std::ops::ControlFlow::Continue(())
    }
}

#[wasm_bindgen_test]
fn bit_sets_walk_the_links_tree_in_wasm_too() {
    // The wasm build has code of its own in the bit sets (core::bits::simd: MRV's vector scan and
    // the copies of the lengths; on sets of 8 words or more the pass out of line, which finds the
    // words left and those of the item's options for the walk): the same solutions in the same
    // order, and every counter, as the links, on the kinds whose instances take bit sets in the
    // page, and with colours.
    use dlx_studio::problems::{self, Spec};
    let specs = [
        Spec::EdgeMatching("4x4/3".into()),
        Spec::Queens(8),
        Spec::Langford {
            n: 8,
            distinct: false,
        },
        Spec::Pentomino {
            board: "3x20".into(),
            distinct: false,
        },
        Spec::Sudoku(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .into(),
        ),
    ];
    for spec in specs {
        let p = problems::load(&spec).unwrap();
        let run = |engine| {
            let mut s = Search::new(p.instance());
            s.set_engine(engine);
            s.preselect(p.givens()).unwrap();
            let mut found = Found(Vec::new());
            assert_eq!(s.run(&mut found), Status::Done);
            (found.0, s)
        };
        let (want, links) = run(Engine::Links);
        let (got, bits) = run(Engine::Bits);
        assert_eq!(bits.engine(), Engine::Bits, "{spec:?}");
        assert!(!want.is_empty(), "{spec:?}");
        assert_eq!(got, want, "{spec:?}");
        assert_eq!(bits.stats(), links.stats(), "{spec:?}");
        assert_eq!(bits.links(), links.links(), "{spec:?}");
    }
    // The page counts pentominoes and queens on bit sets, in slices, to the links' figures.
    for (kind, text, solutions) in [("pentomino", "3x20", 8.0), ("queens", "9", 352.0)] {
        let mut s = session(kind, text);
        assert_eq!(s.engine_name(), "bits", "{kind} {text}");
        while !s.count_chunk(50.0).unwrap() {}
        let st = s.stats().unwrap();
        assert_eq!(num(&st, "solutions"), solutions);
        let spec = if kind == "queens" {
            Spec::Queens(9)
        } else {
            Spec::Pentomino {
                board: text.into(),
                distinct: false,
            }
        };
        let p = problems::load(&spec).unwrap();
        let mut native = Search::new(p.instance());
        native.set_engine(Engine::Links);
        assert_eq!(native.run(&mut Count), Status::Done);
        assert_eq!(num(&st, "nodes"), native.stats().nodes as f64, "{kind}");
        assert_eq!(num(&st, "updates"), native.stats().updates as f64, "{kind}");
    }
    // A pass that hides 300 options, each one off p0's length: wasm's byte counters (`Bits::bmask`)
    // are taken off the lengths before they overflow (the native test is in core::search::tests).
    let mut text = (0..12)
        .map(|i| format!("p{i}"))
        .collect::<Vec<_>>()
        .join(" ")
        + "\n";
    for t in 0..300 {
        text += &format!("p0 p1 p{}\n", 2 + (t * 7) % 10);
    }
    for i in 1..12 {
        for j in i + 1..12 {
            for k in j + 1..12 {
                text += &format!("p{i} p{j} p{k}\n");
            }
        }
    }
    let mut s = Session::new();
    s.load_as("exact-cover", &text, None, Some("knuth".into()))
        .unwrap();
    assert_eq!(s.engine_name(), "bits");
    while !s.count_chunk(5000.0).unwrap() {}
    let st = s.stats().unwrap();
    assert_eq!(num(&st, "solutions"), 300.0 * 280.0);
    let inst = problems::load(&Spec::ExactCover(text.clone())).unwrap();
    let mut native = Search::new(inst.instance());
    native.set_engine(Engine::Links);
    assert_eq!(native.run(&mut Count), Status::Done);
    assert_eq!(num(&st, "nodes"), native.stats().nodes as f64);
    assert_eq!(num(&st, "updates"), native.stats().updates as f64);
}

// ---- A variant Sudoku's layout (issue 20's board: src/wasm/sudoku_layout.rs) ----

#[wasm_bindgen_test]
fn a_sudokus_layout_names_its_shapes_with_their_items_and_fillings() {
    use dlx_studio::wasm::sudoku_layout::{sudoku_switches, ShapeKind};
    let names = |s: &Session| -> Vec<String> {
        js_sys::Array::from(&get(&s.info().unwrap(), "items"))
            .iter()
            .map(|v| v.as_string().unwrap())
            .collect()
    };
    let of_kind = |layout: &JsValue, kind: ShapeKind| -> Vec<JsValue> {
        js_sys::Array::from(&get(layout, "constraints"))
            .iter()
            .filter(|c| get(c, "kind").as_f64() == Some(kind as u32 as f64))
            .collect()
    };
    // A typed 9x9 with the X switch: nine boxes and two diagonals, each with its nine items.
    let mut s = Session::new();
    s.load_as("sudoku", &".".repeat(81), None, Some("x".into()))
        .unwrap();
    let layout = s.layout().unwrap();
    assert_eq!(get(&layout, "jigsaw").as_bool(), Some(false));
    assert_eq!(of_kind(&layout, ShapeKind::Region).len(), 9);
    let diagonals = of_kind(&layout, ShapeKind::Diagonal);
    assert_eq!(diagonals.len(), 2);
    let n = names(&s);
    let items: Vec<String> = js_sys::Array::from(&get(&diagonals[0], "items"))
        .iter()
        .map(|h| n[h.as_f64().unwrap() as usize - 1].clone())
        .collect();
    assert_eq!(
        items,
        (1..=9).map(|v| format!("d+={v}")).collect::<Vec<_>>()
    );
    assert_eq!(
        json(&get(&diagonals[0], "cells")),
        "[72,64,56,48,40,32,24,16,8]"
    );
    // A 4x4 killer with one cage of 3 in r1c1-r1c2: its item and its two fillings (1+2, 2+1).
    let killer = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
    let s = session("sudoku", killer);
    let layout = s.layout().unwrap();
    let cages = of_kind(&layout, ShapeKind::Cage);
    assert_eq!(cages.len(), 1);
    assert_eq!(get(&cages[0], "sum").as_f64(), Some(3.0));
    let n = names(&s);
    let items = js_sys::Array::from(&get(&cages[0], "items"));
    assert_eq!(items.length(), 1);
    assert_eq!(n[items.get(0).as_f64().unwrap() as usize - 1], "cage1");
    assert_eq!(js_sys::Array::from(&get(&cages[0], "options")).length(), 2);
    // The pencil marks of its cells are the digits of its fillings; row 1's other two cells sum to
    // 10 - 3 = 7 (the sum the cage implies, variants/implied.rs), so they take 3 and 4 only.
    let marks = s.candidates().unwrap();
    assert_eq!(&marks[..4], &[0b11, 0b11, 0b1100, 0b1100]);
    // Another problem has no layout; the switches are the CLI's names.
    assert!(session("queens", "4").layout().unwrap().is_null());
    let switches: Vec<String> = js_sys::Array::from(&sudoku_switches().unwrap())
        .iter()
        .map(|v| get(&v, "name").as_string().unwrap())
        .collect();
    assert_eq!(
        switches,
        [
            "x",
            "windoku",
            "anti-knight",
            "anti-king",
            "non-consecutive"
        ]
    );
}

/// An exact-cover instance with `np` primary items and 3 secondary ones: three random partitions of
/// the primary items into options of 1 to 4 items (so it has solutions), and 30 random options of 2
/// to 4 primary items, each taking each secondary item with chance 1/4. A small LCG as the
/// generator (the test needs no quality, only reproducible variety).
fn planted_instance(np: usize, seed: u64) -> Instance {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut below = |n: usize| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) % n as u64) as usize
    };
    let prim: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
    let sec: Vec<String> = (0..3).map(|i| format!("s{i}")).collect();
    let mut inst = Instance::new(prim, sec).unwrap();
    let mut options: Vec<(Vec<usize>, bool)> = Vec::new();
    for _ in 0..3 {
        let mut p: Vec<usize> = (0..np).collect();
        for i in (1..np).rev() {
            p.swap(i, below(i + 1));
        }
        let mut rest = &p[..];
        while !rest.is_empty() {
            let k = (1 + below(4)).min(rest.len());
            options.push((rest[..k].to_vec(), false));
            rest = &rest[k..];
        }
    }
    for _ in 0..30 {
        let k = (2 + below(3)).min(np);
        let mut o: Vec<usize> = Vec::new();
        while o.len() < k {
            let i = below(np);
            if !o.contains(&i) {
                o.push(i);
            }
        }
        options.push((o, true));
    }
    for (mut o, secondary) in options {
        o.sort_unstable();
        if secondary {
            o.extend((np..np + 3).filter(|_| below(4) == 0));
        }
        inst.add_option(&o).unwrap();
    }
    inst
}

/// Counts `inst` with `engine`: the search at its end and the solutions in the order found.
fn count_on(inst: &Instance, engine: Engine) -> (Search, Vec<Vec<usize>>) {
    let mut s = Search::new(inst);
    s.set_engine(engine);
    let mut found = Found(Vec::new());
    assert_eq!(s.run(&mut found), Status::Done);
    (s, found.0)
}

#[wasm_bindgen_test]
fn bit_sets_in_wasm_choose_as_the_links_do_for_every_size_of_the_lengths_scan() {
    // The bit-set engine's lengths scan and copy take 8 lengths a vector in wasm, with straight-line
    // code for 16, 32, 48 and 64 of them (primary items rounded up to 16) and loops otherwise: each
    // size and each side of it, against the links (same tree: same nodes, solutions in the same
    // order, same profile).
    for np in [
        3, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 80, 81, 100,
    ] {
        for seed in 0..3 {
            let inst = planted_instance(np, seed);
            let (links, want) = count_on(&inst, Engine::Links);
            let (bits, got) = count_on(&inst, Engine::Bits);
            assert_eq!(bits.engine(), Engine::Bits, "{np} primary items");
            assert!(
                links.stats().solutions >= 1,
                "{np} items: the planted partitions are solutions"
            );
            assert_eq!(got, want, "{np} items, seed {seed}");
            assert_eq!(bits.stats(), links.stats(), "{np} items, seed {seed}");
        }
    }
}

#[wasm_bindgen_test]
fn a_solve_on_a_worker_is_followed_to_where_the_session_would_stand() {
    let loose = format!("123456789{}", ".".repeat(72));
    for puzzle in [EASTER, EASTER_DEAD, loose.as_str()] {
        // Solved here, in slices.
        let mut here = session("sudoku", puzzle);
        let v = solve_all(&mut here, 300.0);
        // Solved by a worker's Solver, then followed: no search made in the session.
        let mut solver = dlx_studio::wasm::Solver::new(
            "sudoku".into(),
            puzzle.into(),
            false,
            None,
            Some("dlx1".into()),
        )
        .unwrap();
        let w = loop {
            let w = solver.solve(250.0).unwrap();
            if get(&w, "finished").as_bool().unwrap() {
                break w;
            }
        };
        let mut there = session("sudoku", puzzle);
        there.solve_start().unwrap();
        let f = there.solve_follow(solver.outcome()).unwrap();
        for key in ["verdict", "found", "nodes", "updates", "at"] {
            assert_eq!(get(&f, key), get(&v, key), "{key}");
            assert_eq!(get(&w, key), get(&v, key), "{key}");
        }
        let (a, b) = (here.stats().unwrap(), there.stats().unwrap());
        for key in ["nodes", "updates", "solutions", "level", "done"] {
            assert_eq!(get(&a, key), get(&b, key), "{key}");
        }
        assert_eq!(here.narration(), there.narration());
        assert_eq!(
            get(&here.board().unwrap(), "text"),
            get(&there.board().unwrap(), "text")
        );
        assert_eq!(here.kept_count().unwrap(), there.kept_count().unwrap());
        // On and back from there, as the search itself would go.
        for _ in 0..3 {
            assert_eq!(here.step(500).unwrap(), there.step(500).unwrap());
            assert_eq!(here.narration(), there.narration());
        }
        assert_eq!(
            here.step_back(2000).unwrap(),
            there.step_back(2000).unwrap()
        );
        let (a, b) = (here.stats().unwrap(), there.stats().unwrap());
        assert_eq!(get(&a, "nodes"), get(&b, "nodes"));
    }
    // An outcome that does not read, or of a Solve not finished, is refused; the session goes on.
    let mut s = session("sudoku", EASTER);
    assert!(s.solve_follow("{".into()).is_err());
    assert!(s
        .solve_follow(r#"{"found":[],"verdict":"","end":{"nodes":0,"updates":0,"cleansings":0,"solutions":0,"profile":[]}}"#.into())
        .is_err());
    assert!(s.step(1).unwrap() == 1);
}

/// The Sudoku `input` solved by a worker's Solver for up to `nodes` nodes, and a page's session
/// that followed what it found: the Solver's last slice, and the session.
fn solved_on_a_worker(input: &str, nodes: f64) -> (JsValue, Session) {
    let mut solver =
        dlx_studio::wasm::Solver::new("sudoku".into(), input.into(), false, None, None).unwrap();
    let w = solver.solve(nodes).unwrap();
    let mut there = session("sudoku", input);
    there.solve_start().unwrap();
    there.solve_follow(solver.outcome()).unwrap();
    (w, there)
}

/// ISS's "Arrow" (`tests/data/iss-blocked.jsonl`: arrows filled whole, no colours) on a worker's
/// Solver: searched with propagation taking turns, as `dlx solve` does, it is proved unique in
/// under 20,000 nodes (plain DLX1: 2,454,374); followed, the session stands at the published
/// solution, and its narration says whose counts they are.
#[wasm_bindgen_test]
fn a_solve_of_a_sudoku_with_shapes_filled_whole_takes_propagation() {
    let puzzle: serde_json::Value =
        serde_json::from_str(include_str!("../data/iss-blocked.jsonl").trim()).unwrap();
    let (input, solution) = (
        puzzle["input"].as_str().unwrap(),
        puzzle["solution"].as_str().unwrap(),
    );
    let (w, there) = solved_on_a_worker(input, 20_000.0);
    assert!(get(&w, "finished").as_bool().unwrap(), "{}", json(&w));
    assert_eq!(get(&w, "verdict").as_string().unwrap(), "unique");
    assert!(num(&w, "nodes") < 20_000.0, "{}", json(&w));
    let said = there.narration();
    assert!(
        said.starts_with(
            "Solve, with propagation and weighted propagation taking turns, ended by "
        ) && said.contains("propagation (its counts, not DLX1's): the solution is unique"),
        "{said}"
    );
    let text = get(&there.board().unwrap(), "text").as_string().unwrap();
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits, solution);
}

/// A Sudoku with shapes and many solutions on a worker's Solver: propagation's turns stop at the
/// second solution before either tree ends, and the narration still says whose counts the
/// statistics show (it once said only "Solve: more than one solution", over the propagations'
/// counters).
#[wasm_bindgen_test]
fn a_solve_stopped_at_a_second_solution_says_whose_counts() {
    let (w, there) = solved_on_a_worker(".Shape~4x4.Cage~3~R1C1~R1C2", 20_000.0);
    assert_eq!(
        get(&w, "verdict").as_string().unwrap(),
        "multiple",
        "{}",
        json(&w)
    );
    let said = there.narration();
    assert!(
        said.starts_with(
            "Solve, with propagation and weighted propagation taking turns (their counts, not \
             DLX1's): more than one solution"
        ),
        "{said}"
    );
}

#[wasm_bindgen_test]
fn the_memo_switch_folds_domino_4x4_and_steps_back_to_the_start() {
    use dlx_studio::wasm::EventCode;
    let mut s = session("dominoes", "4x4");
    s.set_memo(true).unwrap();
    assert_eq!(s.memo_counts(), Some(vec![0.0, 0.0, 0.0, -1.0]));
    // Event by event to the end, counting the reuses the events buffer reports.
    let mut reuses = 0;
    let mut taken = 0;
    while s.step(1).unwrap() == 1 {
        taken += 1;
        if events(&s)[0] == EventCode::Reuse as u32 {
            reuses += 1;
        }
    }
    let st = s.stats().unwrap();
    assert_eq!((num(&st, "solutions"), num(&st, "nodes")), (36.0, 48.0));
    // The core's figures (core::search::tests, domino_4x4_folds_…): 32 memos, 10 hits; at the end,
    // DLX6's 47 ZDD nodes (`dlx count dominoes 4 4 --memo --zdd F --json`).
    assert_eq!(s.memo_counts(), Some(vec![32.0, 10.0, 0.0, 47.0]));
    assert_eq!(reuses, 10);
    // All the way back: the start, the table empty.
    assert_eq!(s.step_back(u32::MAX).unwrap(), taken);
    let st = s.stats().unwrap();
    assert!(get(&st, "at_start").is_truthy());
    assert_eq!((num(&st, "solutions"), num(&st, "nodes")), (0.0, 0.0));
    assert_eq!(s.memo_counts(), Some(vec![0.0, 0.0, 0.0, -1.0]));
    // The fast count with memos (the page's jumps) counts the same; off again, the plain tree.
    assert_eq!(count_all(&mut s), 36.0);
    s.set_memo(false).unwrap();
    assert_eq!(s.memo_counts(), None);
    assert_eq!(count_all(&mut s), 36.0);
    assert_eq!(num(&s.stats().unwrap(), "nodes"), 133.0);
    // Multiplicities: refused in words, the search steps without memos.
    let mut m = session("exact-cover", "A 2:3|B\nA B\nB\nB\n");
    let e = m.set_memo(true).unwrap_err();
    assert!(
        message(&e).contains("does not take multiplicities"),
        "{}",
        message(&e)
    );
    assert_eq!(m.memo_counts(), None);
    assert!(m
        .memo_refusal()
        .is_some_and(|w| w.starts_with("Memo is off for this problem")));
}

/// A property of a JS object as a string (`undefined`: none).
fn string_of(v: &JsValue, key: &str) -> Option<String> {
    Reflect::get(v, &key.into()).ok()?.as_string()
}

#[wasm_bindgen_test]
fn count_with_memos_counts_past_2_to_the_53_reports_as_it_goes_and_says_when_memos_do_not_pay() {
    // Domino tilings of 12x12: 53,060,477,521,960,000 (past 2^53: a string, exact), in 74,043
    // search nodes as `dlx count dominoes 12 12 --memo` walks them, reported every 0 ms.
    let reports = js_sys::Array::new();
    let keep = {
        let reports = reports.clone();
        wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(move |r: JsValue| {
            reports.push(&r);
        })
    };
    let report: &js_sys::Function = keep.as_ref().unchecked_ref();
    let r = count_with_memos("dominoes", "12x12", None, None, 64.into(), 0.0, report).unwrap();
    assert_eq!(
        string_of(&r, "solutions").as_deref(),
        Some("53060477521960000")
    );
    assert_eq!(num(&r, "nodes"), 74043.0);
    assert_eq!(num(&r, "done"), 1.0);
    assert!(reports.length() >= 10, "{} reports", reports.length());
    let nodes: Vec<f64> = reports.iter().map(|r| num(&r, "nodes")).collect();
    assert!(nodes.windows(2).all(|w| w[0] < w[1]) && nodes[nodes.len() - 1] < 74043.0);
    // 11 queens: memos pay too little; the answer says why (the page then counts without them).
    let q = count_with_memos("queens", "11", None, None, 64.into(), 1e9, report).unwrap();
    assert!(string_of(&q, "solutions").is_none());
    assert!(string_of(&q, "gaveUp").is_some_and(|w| w.starts_with("memos paid too little")));
    // Refused in words: multiplicities, a bad budget, a bad text (with its place).
    let e = count_with_memos(
        "exact-cover",
        "A 2:3|B\nA B\nB\n",
        None,
        None,
        64.into(),
        0.0,
        report,
    )
    .unwrap_err();
    assert!(
        message(&e).contains("does not take multiplicities"),
        "{}",
        message(&e)
    );
    let e = count_with_memos("dominoes", "4x4", None, None, (-1).into(), 0.0, report).unwrap_err();
    assert!(
        message(&e).contains("budget_mib must be between 0 and 2048, not -1"),
        "{}",
        message(&e)
    );
    let e = count_with_memos("dominoes", "0x4", None, None, 64.into(), 0.0, report).unwrap_err();
    assert!(
        message(&e).contains("between 1 and 32, not 0"),
        "{}",
        message(&e)
    );
}
