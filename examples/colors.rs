//! A custom exact cover with colours (Knuth's Algorithm C), built in code: colour the four regions
//! of a map so that every region has one colour and neighbours differ; and the same in Knuth's
//! format, read from text and written back.
//!
//! `cargo run --release --example colors`

use dlx_studio::Instance;

fn main() -> Result<(), dlx_studio::Error> {
    // Regions A, B, C, D; borders A-B, A-C, B-C, C-D. Each region takes one colour (a primary
    // item). Each border is a pair of secondary items, one per colour, that the two regions on it
    // may not both take.
    let regions = ["A", "B", "C", "D"];
    let borders = [("A", "B"), ("A", "C"), ("B", "C"), ("C", "D")];
    let colours = ["red", "green", "blue"];
    // A secondary item `colour@border`, coloured by the region holding it: two regions on a
    // border with the same colour would give it two colours.
    let secondary: Vec<String> = borders
        .iter()
        .flat_map(|(a, b)| colours.iter().map(move |c| format!("{c}@{a}{b}")))
        .collect();
    let mut inst = Instance::new(regions, &secondary)?;
    for region in regions {
        for colour in colours {
            let mut option = vec![region.to_string()];
            for (a, b) in borders.iter().filter(|(a, b)| *a == region || *b == region) {
                option.push(format!("{colour}@{a}{b}:{region}"));
            }
            inst.add_option(&option)?;
        }
    }
    let count = inst.count();
    println!("{count} ways to colour the map with three colours");
    // A, B, C are a triangle (3! ways), D differs from C (2 ways).
    assert_eq!(count, 12);
    for solution in inst.solutions().take(2) {
        let words: Vec<String> = solution.iter().map(|&k| inst.option_text(k)).collect();
        println!("  {}", words.join(" / "));
    }

    // The same kind of problem in Knuth's format: items p, q primary, x secondary; p and q may
    // share x when they give it the same colour.
    let text = "p q | x\np x:A\nq x:A\nq x:B\n";
    let read = Instance::parse(text)?;
    assert_eq!(read.count(), 1);
    assert_eq!(read.to_knuth(), text);
    print!(
        "Knuth's format, read and written back:\n{}",
        read.to_knuth()
    );
    Ok(())
}

/// `cargo test --examples` runs the example (Cargo.toml: `test = true`), so it cannot rot.
#[test]
fn runs() {
    main().unwrap();
}
