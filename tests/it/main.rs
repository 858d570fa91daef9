//! The native integration tests, one module a file, in one test binary: one link and one process
//! instead of one a file (`cargo test --test it`, `cargo test --test it cli_parallel::` for a file).
//! `common` runs the real `dlx` binary for the CLI modules.

mod cli;
mod cli_hostile;
mod cli_parallel;
mod cli_teach;
mod cli_unread;
mod cli_variants;
mod common;
mod library;
mod memo;
mod naive;
mod parallel;
mod problems_a;
mod problems_b;
mod stages;
mod sudoku_clues;
mod sudoku_fast;
mod sudoku_iss;
mod sudoku_killer;
mod sudoku_links;
mod sudoku_pad_shapes;
mod sudoku_pointing;
mod sudoku_sizes;
mod sudoku_variants;
