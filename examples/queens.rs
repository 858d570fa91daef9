//! Counts the solutions of N-queens for N from 1 to 10 (or the N given), and prints the first board.
//!
//! `cargo run --release --example queens [N]`

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run(std::env::args().nth(1))
}

fn run(arg: Option<String>) -> Result<(), Box<dyn std::error::Error>> {
    let upto: usize = match arg {
        Some(n) => n.parse().map_err(|e| format!("N `{n}`: {e}"))?,
        None => 10,
    };
    // OEIS A000170: the number of ways to place N non-attacking queens.
    const KNOWN: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for n in 1..=upto {
        let puzzle = dlx_studio::queens::new(n)?;
        let count = puzzle.count();
        println!("{n}-queens: {count}");
        if let Some(&known) = KNOWN.get(n - 1) {
            assert_eq!(count, known, "{n}-queens");
        }
    }
    let puzzle = dlx_studio::queens::new(upto)?;
    if let Some(board) = puzzle.solutions().next() {
        puzzle.check(&board)?;
        println!("{}", board.text);
    }
    Ok(())
}

/// `cargo test --examples` runs the example (Cargo.toml: `test = true`), so it cannot rot.
#[test]
fn runs() {
    run(None).unwrap();
}
