//! DLX Studio: Knuth's Dancing Links (Algorithm X) for generalized exact cover.
//!
//! See ARCHITECTURE.md for the codemap and the invariants.

// `unsafe` lives in two files, `core/links/raw.rs` and `core/bits/raw.rs` (the bit sets' unchecked
// inner loop and their vector code), each block with a `SAFETY:` comment that clippy holds it to.
#![deny(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod core;
pub mod figures;
pub mod narrate;
pub mod problems;
pub mod report;

// Public so that tests/wasm/session.rs can drive the Session from Rust in the browser.
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use crate::core::{Event, Instance, Observer, Search, Stats, Status};
