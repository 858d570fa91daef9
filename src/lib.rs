//! DLX Studio: Knuth's Dancing Links (Algorithm X) for generalized exact cover.
//!
//! See ARCHITECTURE.md for the codemap and the invariants.

pub mod core;
pub mod narrate;
pub mod problems;
pub mod report;

// Public so that tests/wasm.rs can drive the Session from Rust in the browser.
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use crate::core::{Event, Instance, Observer, Search, Stats, Status};
