//! A measurement, not a check of speed: drawing the link matrix of 9x9 Sudoku (729 options, 2,916
//! nodes) from JS reading the zero-copy Uint32Array view, versus from Rust calling
//! CanvasRenderingContext2d.fillRect through web-sys once per node. Prints ms per frame; the only
//! assertion is that both ways draw the same pixels. Run with `make test-wasm` (or
//! `cargo test --target wasm32-unknown-unknown --test wasm draw:: -- --nocapture`).
#![cfg(target_arch = "wasm32")]

use dlx_studio::core::{Instance, Links, Search};
use js_sys::{Function, WebAssembly};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Each node is a CELL_W x CELL_H rectangle: x from its item, y from its option.
const CELL_W: f64 = 2.0;
const CELL_H: f64 = 1.0;
const LINKED: &str = "#246";
const HIDDEN: &str = "#c33";
const FRAMES: usize = 40;

/// 9x9 Sudoku as exact cover, no givens: cell, row-digit, column-digit and box-digit items.
fn sudoku() -> Instance {
    let mut names = Vec::new();
    for kind in ["p", "r", "c", "b"] {
        for a in 0..9 {
            for b in 0..9 {
                names.push(format!("{kind}{a}{b}"));
            }
        }
    }
    let mut inst = Instance::new(names, Vec::<String>::new()).unwrap();
    for r in 0..9 {
        for c in 0..9 {
            for d in 0..9 {
                let b = 3 * (r / 3) + c / 3;
                inst.add_option(&[9 * r + c, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d])
                    .unwrap();
            }
        }
    }
    inst
}

fn canvas(w: u32, h: u32) -> CanvasRenderingContext2d {
    let doc = web_sys::window().unwrap().document().unwrap();
    let c: HtmlCanvasElement = doc.create_element("canvas").unwrap().unchecked_into();
    c.set_width(w);
    c.set_height(h);
    doc.body().unwrap().append_child(&c).unwrap();
    c.get_context("2d").unwrap().unwrap().unchecked_into()
}

/// One frame from Rust: linked nodes in one colour, hidden ones in another, one fill_rect per node.
fn draw_rust(ctx: &CanvasRenderingContext2d, links: &Links, w: f64, h: f64) {
    ctx.clear_rect(0.0, 0.0, w, h);
    let nodes = links.nodes();
    for (pass, colour) in [LINKED, HIDDEN].into_iter().enumerate() {
        ctx.set_fill_style_str(colour);
        let mut row = 0;
        for x in links.n_items() as usize + 1..nodes.len() {
            let n = nodes[x];
            if n.top == 0 {
                row = n.next; // a spacer: the number of the option after it
                continue;
            }
            let linked = nodes[n.up as usize].down as usize == x;
            if linked != (pass == 0) {
                continue;
            }
            ctx.fill_rect(
                (n.top - 1) as f64 * CELL_W,
                row as f64 * CELL_H,
                CELL_W,
                CELL_H,
            );
        }
    }
}

/// The same frame in JS, as the page would draw it from the typed-array view. The view is made afresh
/// each frame: a view made before the memory grew is detached (length 0) and would draw nothing.
const DRAW_JS: &str = "
    const nodes = new Uint32Array(memory.buffer, ptr, len);
    ctx.clearRect(0, 0, w, h);
    for (let pass = 0; pass < 2; pass++) {
        ctx.fillStyle = pass ? hidden : linked;
        for (let x = nItems + 1, n = nodes.length >> 2, row = 0; x < n; x++) {
            const top = nodes[4 * x];
            if (top === 0) { row = nodes[4 * x + 3]; continue; }
            const isLinked = nodes[4 * nodes[4 * x + 1] + 2] === x;
            if (isLinked !== (pass === 0)) continue;
            ctx.fillRect((top - 1) * cw, row * ch, cw, ch);
        }
    }";

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[wasm_bindgen_test]
fn draw_sudoku_matrix_from_js_and_from_rust() {
    let inst = sudoku();
    let mut search = Search::new(&inst);
    // Part way into the search, so that some options are hidden and both colours are drawn.
    for _ in 0..3000 {
        search.step().unwrap();
    }
    let links = search.links();
    assert_eq!(inst.n_options(), 729);
    assert_eq!(inst.n_nodes(), 2916);
    let (w, h) = (
        inst.n_items() as f64 * CELL_W,
        inst.n_options() as f64 * CELL_H,
    );
    let (js_ctx, rust_ctx) = (canvas(w as u32, h as u32), canvas(w as u32, h as u32));

    let mem: WebAssembly::Memory = dlx_studio::wasm::wasm_memory().unchecked_into();
    let draw_js = Function::new_with_args(
        "ctx, memory, ptr, len, nItems, w, h, cw, ch, linked, hidden",
        DRAW_JS,
    );
    let args = js_sys::Array::of5(
        &js_ctx,
        &mem,
        &JsValue::from(links.nodes().as_ptr() as u32),
        &JsValue::from(4 * links.nodes().len() as u32),
        &JsValue::from(links.n_items()),
    );
    for v in [
        JsValue::from(w),
        JsValue::from(h),
        JsValue::from(CELL_W),
        JsValue::from(CELL_H),
        LINKED.into(),
        HIDDEN.into(),
    ] {
        args.push(&v);
    }
    let js_frame = || {
        draw_js.apply(&JsValue::NULL, &args).unwrap();
    };
    let rust_frame = || draw_rust(&rust_ctx, links, w, h);

    // Same pixels both ways.
    js_frame();
    rust_frame();
    let pixels =
        |ctx: &CanvasRenderingContext2d| ctx.get_image_data(0.0, 0.0, w, h).unwrap().data().0;
    let (a, b) = (pixels(&js_ctx), pixels(&rust_ctx));
    assert_eq!(a, b, "JS and Rust drew different pixels");
    assert!(a.chunks(4).any(|p| p == [0x22, 0x44, 0x66, 0xff]));
    assert!(a.chunks(4).any(|p| p == [0xcc, 0x33, 0x33, 0xff]));

    let perf = web_sys::window().unwrap().performance().unwrap();
    // `flush`: read one pixel back, which makes the canvas rasterise the frame's commands.
    let time = |frame: &dyn Fn(), ctx: &CanvasRenderingContext2d, flush: bool| {
        let t0 = perf.now();
        for _ in 0..FRAMES {
            frame();
            if flush {
                ctx.get_image_data(0.0, 0.0, 1.0, 1.0).unwrap();
            }
        }
        (perf.now() - t0) / FRAMES as f64
    };
    for flush in [false, true] {
        let (mut js, mut rust) = (Vec::new(), Vec::new());
        // Interleaved rounds, so that drift in the machine's load hits both ways alike.
        for _ in 0..5 {
            js.push(time(&js_frame, &js_ctx, flush));
            rust.push(time(&rust_frame, &rust_ctx, flush));
        }
        console_log!(
            "draw 9x9 Sudoku matrix (2916 nodes, {FRAMES} frames x 5 rounds, {}): JS from view {:.3} ms/frame, \
             Rust via web-sys {:.3} ms/frame (medians; rounds JS {js:.3?}, Rust {rust:.3?})",
            if flush { "with raster flush" } else { "commands only" },
            median(js.clone()),
            median(rust.clone()),
        );
        // The timed frames drew what they should (this fails if a view went stale).
        assert_eq!(pixels(&js_ctx), a);
        assert_eq!(pixels(&rust_ctx), a);
    }
}
