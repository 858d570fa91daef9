//! DLX Studio: Knuth's Dancing Links (Algorithm X) for generalized exact cover.
//!
//! See ARCHITECTURE.md for the codemap and the invariants.

pub mod core;
pub mod problems;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use crate::core::{Event, Instance, Observer, Search, Stats, Status};
