//! The page's facts and view types in headless Chromium (`make test-wasm`): every interface of the
//! TypeScript custom section (`wasm::facts::VIEWS`, in `dlx_studio.d.ts`) has exactly the keys of the
//! value the Session or the Racer hands the page, so a field added to a view in Rust without its
//! type (or a type naming a field that is gone) fails here; and `engine_facts()` places each field
//! of a node, an item header and an event record where the engine writes it.
#![cfg(target_arch = "wasm32")]

use dlx_studio::core::{Event, Search};
use dlx_studio::problems::{queens::Queens, Problem};
use dlx_studio::wasm::facts::{engine_facts, EventRecord, EVENT_RECORD_WORDS, VIEWS};
use dlx_studio::wasm::{encode, wasm_memory, EventCode, PartCounter, Racer, Session, EVENT_WORDS};
use js_sys::{Array, Object, Reflect, Uint32Array, WebAssembly};
use std::collections::BTreeSet;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// The fields of `export interface name { … }` in `VIEWS`: one `key: type;` a line.
fn interface(name: &str) -> BTreeSet<String> {
    let head = format!("export interface {name} {{");
    let start = VIEWS
        .find(&head)
        .unwrap_or_else(|| panic!("no interface {name} in VIEWS"));
    let body = &VIEWS[start + head.len()..];
    let body = &body[..body.find("\n}").expect("an interface ends with a line `}`")];
    body.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("/**") && !l.starts_with('*'))
        .map(|l| {
            assert!(
                l.ends_with(';'),
                "{name}: a field a line, `key: type;`: {l}"
            );
            l[..l.find(':').expect("key: type")].to_string()
        })
        .collect()
}

/// Every interface `VIEWS` declares.
fn interfaces() -> BTreeSet<String> {
    VIEWS
        .lines()
        .filter_map(|l| l.strip_prefix("export interface "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

fn keys(v: &JsValue) -> BTreeSet<String> {
    assert!(v.is_object(), "not an object: {v:?}");
    Object::keys(v.unchecked_ref::<Object>())
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect()
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn num(v: &JsValue, key: &str) -> usize {
    get(v, key)
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number")) as usize
}

/// Checks the value's keys against the interface's, naming what is missing on either side.
fn check(checked: &mut BTreeSet<String>, name: &str, v: &JsValue) {
    let want = interface(name);
    let got = keys(v);
    let untyped: Vec<_> = got.difference(&want).collect();
    let absent: Vec<_> = want.difference(&got).collect();
    assert!(
        untyped.is_empty() && absent.is_empty(),
        "interface {name}: the value has fields the type lacks {untyped:?}, the type names fields the value lacks {absent:?}"
    );
    checked.insert(name.to_string());
}

/// `check` on each element of an array (at least one).
fn check_each(checked: &mut BTreeSet<String>, name: &str, v: &JsValue) {
    let a: &Array = v.unchecked_ref();
    assert!(a.length() > 0, "{name}: no element to check");
    for x in a.iter() {
        check(checked, name, &x);
    }
}

#[wasm_bindgen_test]
fn every_view_has_exactly_the_keys_of_its_type() {
    let mut checked = BTreeSet::new();
    let c = &mut checked;
    check_each(c, "Kind", &dlx_studio::wasm::problem_kinds().unwrap());
    check_each(c, "TreeChoice", &dlx_studio::wasm::search_trees().unwrap());
    let facts = engine_facts().unwrap();
    check(c, "EngineFacts", &facts);
    check(c, "NodeLayout", &get(&facts, "node"));
    check(c, "ItemLayout", &get(&facts, "item"));
    check(c, "EventLayout", &get(&facts, "event"));

    let mut s = Session::new();
    s.load(
        "sudoku",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        None,
    )
    .unwrap();
    s.step(40).unwrap();
    check(c, "Stats", &s.stats().unwrap());
    check(c, "Info", &s.info().unwrap());
    check(c, "Board", &s.board().unwrap());
    check_each(c, "PathLevel", &s.tree().unwrap());
    check(c, "CellLinks", &s.cell_links(2, 0).unwrap());
    check(c, "StepLog", &s.step_log_js(JsValue::from(1000)).unwrap());
    s.solve_start().unwrap();
    let solved = s.solve(1e6).unwrap();
    check(c, "SolveResult", &solved);
    assert_eq!(get(&solved, "verdict").as_string().unwrap(), "unique");
    check(c, "Board", &s.kept(0).unwrap());

    let mut part = PartCounter::new(
        JsValue::from("queens"),
        JsValue::from("6"),
        JsValue::from(false),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::from(0),
        JsValue::from(1),
    )
    .unwrap();
    while !part.count_for(50.0) {}
    check(c, "PartStats", &part.stats().unwrap());
    let kept = part.kept().unwrap();
    check_each(c, "PartKept", &kept);
    check(c, "Board", &get(&Array::from(&kept).get(0), "board"));

    let mut r = Racer::new("queens", "6", false, None, "dlx", "mrv").unwrap();
    while !r.run_for(20.0, false) {}
    check(c, "RaceStats", &r.stats().unwrap());

    assert_eq!(
        checked,
        interfaces(),
        "every interface of VIEWS is checked against a value here"
    );
}

/// A view made as the page makes it, from a pointer and a length in u32.
fn view(ptr: *const u32, len: usize) -> Vec<u32> {
    let mem: WebAssembly::Memory = wasm_memory().unchecked_into();
    Uint32Array::new_with_byte_offset_and_length(&mem.buffer(), ptr as u32, len as u32).to_vec()
}

#[wasm_bindgen_test]
fn the_facts_place_each_field_where_the_engine_writes_it() {
    let facts = engine_facts().unwrap();
    // Nodes and item headers: the page's reading of the views, by the facts, equals the links.
    let mut s = Session::new();
    s.load("queens", "5", None).unwrap();
    s.step(30).unwrap();
    let mut search = Search::new(Queens::new(5).unwrap().instance());
    for _ in 0..30 {
        search.step().unwrap();
    }
    let links = search.links();
    let (node, item) = (get(&facts, "node"), get(&facts, "item"));
    let nodes = view(s.nodes_ptr(), s.nodes_len());
    let w = num(&node, "words");
    assert_eq!(nodes.len(), w * links.nodes().len());
    for (x, n) in links.nodes().iter().enumerate() {
        let at = |f: &str| nodes[w * x + num(&node, f)];
        assert_eq!(
            [at("top"), at("up"), at("down"), at("next")],
            [n.top, n.up, n.down, n.next],
            "node {x}"
        );
    }
    let items = view(s.items_ptr(), s.items_len());
    let w = num(&item, "words");
    for (x, i) in links.items().iter().enumerate() {
        let at = |f: &str| items[w * x + num(&item, f)];
        assert_eq!([at("left"), at("right")], [i.left, i.right], "item {x}");
    }
    // An event record: each word where the facts say, in the buffer the Session fills.
    let event = get(&facts, "event");
    assert_eq!(num(&event, "words"), EVENT_WORDS);
    assert_eq!(EVENT_RECORD_WORDS, EVENT_WORDS);
    let words = encode(
        Event::Try {
            level: 7,
            node: 8,
            k: 9,
            d: 10,
        },
        true,
    );
    let at = |f: &str| words[num(&event, f)];
    assert_eq!(
        [at("code"), at("a"), at("b"), at("c"), at("d"), at("undone")],
        [EventCode::Try as u32, 7, 8, 9, 10, 1]
    );
    let record = EventRecord {
        code: 1,
        a: 2,
        b: 3,
        c: 4,
        d: 5,
        undone: 6,
    };
    assert_eq!(record.words(), [1, 2, 3, 4, 5, 6]);
    // The flags and caps are the engine's.
    assert_eq!(num(&facts, "covered"), dlx_studio::core::COVERED as usize);
    assert_eq!(
        get(&facts, "marked").as_f64(),
        Some(f64::from(dlx_studio::core::MARKED))
    );
    assert_eq!(num(&facts, "keep"), dlx_studio::wasm::KEEP);
    assert_eq!(num(&facts, "event_cap"), dlx_studio::wasm::EVENT_CAP);
    assert_eq!(
        num(&facts, "max_input") as u64,
        dlx_studio::problems::MAX_INPUT
    );
}
