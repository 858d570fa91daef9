//! The wasm tests, one module a file, in one test binary run in headless Chromium (`make test-wasm`,
//! or `cargo test --target wasm32-unknown-unknown --test wasm`; runner and driver: see
//! .cargo/config.toml, webdriver.json and the Makefile): one browser start instead of one a file.
//! Natively the binary is empty.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod draw;
mod session;
mod sizes;
mod views;
