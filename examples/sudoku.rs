//! Solves a Sudoku (the one given, or a classic) and says whether its solution is unique.
//!
//! `cargo run --release --example sudoku ['..3.2.6..9..3.5..1…']`

fn main() -> Result<(), dlx_studio::Error> {
    run(std::env::args().nth(1))
}

fn run(arg: Option<String>) -> Result<(), dlx_studio::Error> {
    let text = arg.unwrap_or_else(|| {
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".into()
    });
    let sudoku = dlx_studio::sudoku::parse(&text)?;
    // Two solutions at most: the first, and whether there is another.
    let found: Vec<_> = sudoku.solutions().take(2).collect();
    match found.as_slice() {
        [] => println!("No solution"),
        [one] => {
            sudoku.check(one)?;
            println!("{}\nUnique solution", one.text);
        }
        [first, ..] => println!("{}\nMore than one solution", first.text),
    }
    // The same givens with the diagonals as rules too (an X-Sudoku): givens that break the new
    // rule are refused, naming the cells.
    match dlx_studio::sudoku::with_variants(&text, &[dlx_studio::sudoku::Variant::X]) {
        Ok(x) => println!("As an X-Sudoku: {} solutions", x.count()),
        Err(e) => println!("As an X-Sudoku: {e}"),
    }
    Ok(())
}

/// `cargo test --examples` runs the example (Cargo.toml: `test = true`), so it cannot rot.
#[test]
fn runs() {
    run(None).unwrap();
}
