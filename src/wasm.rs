//! The wasm layer: the only module that knows wasm-bindgen. Compiled only for `wasm32`.
//!
//! CONTRACT (the page in `www/` is written against exactly this; keep both in step):
//!
//! ```text
//! import init, { Session, wasm_memory } from './pkg/dlx_studio.js';
//! await init();
//! const s = new Session();
//! s.load(kind, text, distinct)   kind: "queens" | "toroidal-queens" | "latin" | "langford" | "pentomino"
//!                                | "sudoku" | "exact-cover"; text: N for the numeric ones, the board name
//!                                for pentomino ("6x10", "5x12", "4x15", "3x20", "8x8"), the puzzle or the
//!                                Knuth/matrix text otherwise; distinct: symmetry breaking (pentomino,
//!                                langford). Throws an Error whose message is the CLI's message and which
//!                                carries `line` and `column` (numbers or undefined). On error the
//!                                problem loaded before stays loaded, untouched.
//! s.reset()                      back to the start of the search (same problem).
//! s.step(n) -> number            up to n events forward; returns how many were taken (< n at the end).
//! s.step_back(n) -> number       up to n events backward (undone exactly; no re-run, no trace kept).
//! s.step_to_choice() -> number   forward to and including the next Try, Solution or DeadEnd event.
//! s.next_solution(max_nodes) -> boolean
//!                                forward (fast path) to the next solution; false if none within
//!                                max_nodes more search-tree nodes or the search ended.
//! s.count_chunk(max_nodes) -> boolean
//!                                counts on (fast path) for at most max_nodes more nodes; true when the
//!                                search is finished. For the worker's run to the end.
//! s.stats() -> {level, nodes, updates, solutions, max_depth, progress, done, at_start}
//! s.info() -> {title, kind, n_items, n_primary, n_options, items: [names], options: [[item index]]}
//!                                once per load; item index i is header i + 1 in the link arrays.
//! s.board() -> Board             (see problems::Board) for the options chosen so far, plus the option
//!                                being tried now, if any; .text is the board-text read-out.
//! s.narration() -> string        one line in words for the latest event taken or undone.
//! s.tree() -> [{level, k, d, item}] the current path: option k of d at each level, item branched on.
//! s.branching_item() -> number   header index of the item branched on at this level, or 0.
//! s.trying() -> number           node of the option being tried now, or 0.
//!
//! Zero-copy views (rebuild them whenever wasm_memory().buffer changes, i.e. after memory grows):
//! s.nodes_ptr(), s.nodes_len()   Uint32Array(memory.buffer, ptr, len): 4 u32 per node:
//!                                top, up, down, opt (Knuth's DLX1 node array; see core::links).
//! s.items_ptr(), s.items_len()   2 u32 per item header: left, right (index 0 is the root).
//! s.events_ptr(), s.events_len() the events of the latest step/step_back/step_to_choice call, 6 u32 each:
//!                                [code, a, b, c, d, undone]; code 0 Choose(level,item,len), 1 DeadEnd(level,
//!                                item), 2 CoverItem(item), 3 Hide(node), 4 Try(level,node,k,d),
//!                                5 Solution(level), 6 Backtrack(level), 7 Unhide(node), 8 UncoverItem(item);
//!                                undone = 1 when the event was taken back by step_back. Only the last
//!                                65536 events of a call are kept.
//! wasm_memory()                  the module's WebAssembly.Memory.
//! ```
//!
//! PLACEHOLDER — being written; replace the bodies below.
