//! The page's handle on a Sudoku of another size than 9 (issue 42's one geometry), in headless
//! Chromium (`cargo test --target wasm32-unknown-unknown --test wasm sizes::`): a 6x6's cell maps,
//! item cells and layout follow its 2x3 boxes; `sudoku_sizes()` lists every size.
#![cfg(target_arch = "wasm32")]

use dlx_studio::wasm::sudoku_layout::sudoku_sizes;
use dlx_studio::wasm::Session;
use js_sys::Reflect;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn json(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().into()
}

/// "6x6" of sigh's Interactive Sudoku Solver collection (tests/data/sudoku-6x6.txt).
const P6: &str = "....4..1.3.5...2....3...6.2.5..5....";

#[wasm_bindgen_test]
fn a_6x6s_cell_maps_and_layout_follow_its_2x3_boxes() {
    let mut s = Session::new();
    s.load("sudoku", P6, None).unwrap();
    let info = s.info().unwrap();
    let names: Vec<String> = js_sys::Array::from(&get(&info, "items"))
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(names.len(), 4 * 36);
    // r2c6 holding 5 (a given): its option's items name box 2 (rows 1-2, columns 4-6).
    let v = s.cell_links(6 + 5, 5).unwrap();
    let items: Vec<String> = js_sys::Array::from(&get(&v, "items"))
        .iter()
        .map(|h| names[h.as_f64().unwrap() as usize - 1].clone())
        .collect();
    assert_eq!(items, ["r2c6", "r2=5", "c6=5", "b2=5"]);
    // b3=1 is rows 3-4, columns 1-3.
    let h = names.iter().position(|n| n == "b3=1").unwrap() as u32 + 1;
    assert_eq!(s.item_cells(h).unwrap(), [12, 13, 14, 18, 19, 20]);
    let layout = s.layout().unwrap();
    assert_eq!(json(&get(&layout, "boxes")), "[2,3]");
    assert_eq!(get(&layout, "size").as_f64(), Some(6.0));
    // Pencil marks: one mask a cell, none past six symbols.
    let marks = s.candidates().unwrap();
    assert_eq!(marks.len(), 36);
    assert!(marks.iter().all(|&m| m < 1 << 6));
    assert_eq!(marks[4], 0, "r1c5 is given");
}

#[wasm_bindgen_test]
fn sudoku_sizes_lists_every_size_with_its_boxes() {
    let sizes = json(&sudoku_sizes().unwrap());
    assert!(
        sizes.contains(r#"{"size":6,"boxes":[2,3],"made":true}"#),
        "{sizes}"
    );
    // No boxes: the key is absent (serde_wasm_bindgen writes None as undefined).
    assert!(sizes.contains(r#"{"size":7,"made":false}"#), "{sizes}");
    assert!(
        sizes.contains(r#"{"size":25,"boxes":[5,5],"made":false}"#),
        "{sizes}"
    );
}
