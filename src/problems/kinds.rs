//! The kinds of problem, as a table: the one place that names them, labels them, says what input each
//! takes and its bounds. The page builds its selects and hints from this table (through
//! `wasm::problem_kinds`), and the wasm `load` maps a kind name to a [`Spec`] through it, so a kind
//! added here is offered everywhere at once.

use super::exact_cover::Reading;
use super::sudoku::Switch;
use super::{
    edge_matching, langford, latin, parse_n, pentomino, queens, toroidal, InputError, Spec,
};
use serde::Serialize;

/// What a kind reads: `"size"` an N, `"board"` a board name, `"puzzle"` a Sudoku grid, `"matrix"`
/// Knuth's text or a 0-1 matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Input {
    Size,
    Board,
    Puzzle,
    Matrix,
}

/// One kind of problem, as the CLI and the page name it.
#[derive(Clone, Debug, Serialize)]
pub struct Kind {
    /// The name used by `dlx count NAME`, the page's URL parameter and `Session::load`.
    pub name: &'static str,
    /// How a person calls it.
    pub label: &'static str,
    pub input: Input,
    /// Bounds and default of N, for `Input::Size` (0 otherwise).
    pub min: usize,
    pub max: usize,
    pub default: usize,
    /// Whether `distinct` (symmetry breaking) means something for this kind.
    pub distinct: bool,
    /// For `Input::Board`: `[name, label]` of each board.
    pub boards: Vec<(&'static str, &'static str)>,
}

fn size(
    name: &'static str,
    label: &'static str,
    (min, max, default): (usize, usize, usize),
    distinct: bool,
) -> Kind {
    Kind {
        name,
        label,
        input: Input::Size,
        min,
        max,
        default,
        distinct,
        boards: Vec::new(),
    }
}

fn other(name: &'static str, label: &'static str, input: Input) -> Kind {
    Kind {
        name,
        label,
        input,
        min: 0,
        max: 0,
        default: 0,
        distinct: false,
        boards: Vec::new(),
    }
}

/// Every kind, in the order the page offers them.
pub fn kinds() -> Vec<Kind> {
    let pentomino_labels = [
        "6 × 10",
        "5 × 12",
        "4 × 15",
        "3 × 20",
        "8 × 8, centre 2 × 2 hole (Scott)",
    ];
    vec![
        other("sudoku", "Sudoku", Input::Puzzle),
        size(
            "queens",
            "N-queens",
            (queens::MIN_N, queens::MAX_N, 8),
            false,
        ),
        size(
            "toroidal-queens",
            "Toroidal N-queens",
            (toroidal::MIN_N, toroidal::MAX_N, 5),
            false,
        ),
        size(
            "latin",
            "Latin square",
            (latin::MIN_N, latin::MAX_N, 3),
            false,
        ),
        size(
            "langford",
            "Langford pairs",
            (langford::MIN_N, langford::MAX_N, 4),
            true,
        ),
        Kind {
            distinct: true,
            boards: pentomino::BOARDS
                .into_iter()
                .zip(pentomino_labels)
                .collect(),
            ..other("pentomino", "Pentomino board", Input::Board)
        },
        Kind {
            boards: edge_matching::BOARDS
                .into_iter()
                .zip([
                    "2 × 2, 2 colours",
                    "2 × 3, 3 colours",
                    "3 × 3, 2 colours",
                    "3 × 3, 3 colours",
                    "4 × 4, 5 colours",
                ])
                .collect(),
            ..other("edge-matching", "Edge-matching squares", Input::Board)
        },
        other("exact-cover", "Exact cover (text)", Input::Matrix),
    ]
}

/// The [`Spec`] for a kind name and its text, as the page sends them.
pub fn spec(kind: &str, text: &str, distinct: bool) -> Result<Spec, InputError> {
    Ok(match kind {
        "queens" => Spec::Queens(parse_n(text)?),
        "toroidal-queens" => Spec::ToroidalQueens(parse_n(text)?),
        "latin" => Spec::Latin(parse_n(text)?),
        "langford" => Spec::Langford {
            n: parse_n(text)?,
            distinct,
        },
        "pentomino" => Spec::Pentomino {
            board: text.trim().to_string(),
            distinct,
        },
        "edge-matching" => Spec::EdgeMatching(text.trim().to_string()),
        "sudoku" => Spec::Sudoku(text.to_string()),
        "exact-cover" => Spec::ExactCover(text.to_string()),
        _ => {
            let names: Vec<&str> = kinds().iter().map(|k| k.name).collect();
            return Err(InputError::new(format!(
                "unknown problem kind `{kind}`: expected one of {}",
                names.join(", ")
            )));
        }
    })
}

/// The spec with the page's `format` (`Session.load_as`'s fourth argument): for exact cover the
/// reading (`auto`, `knuth`, `matrix`: the CLI's `--format`); for a Sudoku the variant switches
/// (`x,anti-knight`: the CLI's `--variant`, the page's variant picker; empty for none). Other kinds
/// take `auto` or nothing. An unknown name gets the CLI's message.
pub fn with_format(spec: Spec, format: Option<&str>) -> Result<Spec, InputError> {
    let Some(name) = format else {
        return Ok(spec);
    };
    Ok(match spec {
        Spec::Sudoku(text) => match Switch::parse_list(name)? {
            switches if switches.is_empty() => Spec::Sudoku(text),
            switches => Spec::SudokuWith(text, switches),
        },
        Spec::ExactCover(text) => Spec::ExactCoverAs(text, Reading::from_name(name)?),
        other => {
            Reading::from_name(name)?;
            other
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::load;

    #[test]
    fn every_kind_in_the_table_loads_its_default() {
        for k in kinds() {
            let text = match k.input {
                Input::Size => k.default.to_string(),
                Input::Board => k.boards[0].0.to_string(),
                Input::Puzzle => "1...\n..3.\n.4..\n...2".to_string(),
                Input::Matrix => "A B\nA\nB".to_string(),
            };
            let s = spec(k.name, &text, k.distinct).unwrap_or_else(|e| panic!("{}: {e}", k.name));
            load(&s).unwrap_or_else(|e| panic!("{}: {e}", k.name));
            if k.input == Input::Size {
                assert!(k.min <= k.default && k.default <= k.max, "{}", k.name);
                // The bounds are the module's own: one past them is refused.
                let over = spec(k.name, &(k.max + 1).to_string(), false).unwrap();
                assert!(load(&over).is_err(), "{} accepts N = {}", k.name, k.max + 1);
            }
        }
    }

    #[test]
    fn an_unknown_kind_names_the_known_ones() {
        let e = spec("chess", "8", false).unwrap_err();
        assert!(
            e.message.contains("`chess`") && e.message.contains("toroidal-queens"),
            "{e}"
        );
    }

    #[test]
    fn the_pentomino_boards_are_the_modules() {
        let k = kinds().into_iter().find(|k| k.name == "pentomino").unwrap();
        let names: Vec<&str> = k.boards.iter().map(|b| b.0).collect();
        assert_eq!(names, pentomino::BOARDS);
    }
}
