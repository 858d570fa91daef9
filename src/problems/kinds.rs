//! The kinds of problem, as a table: the one place that names them, labels them, says what input each
//! takes and its bounds. The page builds its selects and hints from this table (through
//! `wasm::problem_kinds`), and the wasm `load` maps a kind name to a [`Spec`] through it, so a kind
//! added here is offered everywhere at once.

use super::exact_cover::Reading;
use super::sudoku::Switch;
use super::{
    dominoes, edge_matching, langford, latin, parse_n, pentomino, queens, toroidal, InputError,
    ProblemKind, Spec,
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
    /// The kind, serialised as its name (`dlx count NAME`, the page's URL parameter, `Session::load`).
    pub name: ProblemKind,
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
    /// The CLI's help: the arguments after the name (`N`, `BOARD [--distinct]`), and what it is,
    /// a line of the help each (continuation lines as they print, without their indent).
    #[serde(skip)]
    pub usage: &'static str,
    #[serde(skip)]
    pub help: &'static str,
    /// What the CLI's argument is, in a message ("N", "the board: …").
    #[serde(skip)]
    pub argument: &'static str,
    /// Whether the page offers it (`wasm::problem_kinds`): a kind whose board the page cannot draw
    /// (MacMahon's triangles) is the CLI's only.
    #[serde(skip)]
    pub page: bool,
}

impl Kind {
    /// An argument to show in a hint (`dlx count langford 4`): the default N, the first board, or `-`
    /// for a text read from standard input.
    pub fn example(&self) -> String {
        match self.input {
            Input::Size => self.default.to_string(),
            Input::Board => self.boards.first().map_or("", |b| b.0).to_string(),
            Input::Puzzle | Input::Matrix => "-".into(),
        }
    }
}

fn size(
    name: ProblemKind,
    label: &'static str,
    (min, max, default): (usize, usize, usize),
    distinct: bool,
) -> Kind {
    Kind {
        input: Input::Size,
        min,
        max,
        default,
        distinct,
        argument: "N",
        ..other(name, label, Input::Size)
    }
}

fn other(name: ProblemKind, label: &'static str, input: Input) -> Kind {
    Kind {
        name,
        label,
        input,
        min: 0,
        max: 0,
        default: 0,
        distinct: false,
        boards: Vec::new(),
        usage: "",
        help: "",
        argument: "",
        page: true,
    }
}

/// Every kind, in the order the page offers them (and the CLI's help lists them).
pub fn kinds() -> Vec<Kind> {
    use ProblemKind as P;
    let pentomino_labels = [
        "6 × 10",
        "5 × 12",
        "4 × 15",
        "3 × 20",
        "8 × 8, centre 2 × 2 hole (Scott)",
    ];
    vec![
        Kind {
            usage: "PUZZLE|FILE|LINK|-",
            help: "a Sudoku, 4x4 to 16x16 or 25x25 (6x6: 2x3 boxes; 5x5, 7x7, 11x11, 13x13:
regions from f-puzzles JSON): its N² cells on one line or drawn as a grid
(HoDoKu, Simple Sudoku and box-drawing borders skipped; `.`, `0`, `_`,
`*` or `x` empty, or blank between walls `│   │` or in lines all N
characters long, or `-` in rows of cells and dashes `--3-2-6--`;
16x16 also in 0-F, 25x25 in A-Y, or
numbers separated by spaces or commas; `#` and `//`
comment lines and a title line skipped); JSON rows of numbers
`[[0,0,3,…],…]` (or under `board`, `puzzle`); f-puzzles JSON, or a link
https://f-puzzles.com/?load=… or https://sudokupad.app/… (scl, ctc,
fpuzzles); an Interactive Sudoku Solver string `.~R1C1_5…`, `.Cage~…`
or ?q= link, or its killer text formats; these read variants
(docs/variants.md); a file of any; `-` reads standard input",
            argument: "the puzzle, or - to read it from standard input",
            ..other(P::Sudoku, "Sudoku", Input::Puzzle)
        },
        Kind {
            usage: "N",
            help: "N queens on an NxN board, none attacking another",
            ..size(
                P::Queens,
                "N-queens",
                (queens::MIN_N, queens::MAX_N, 8),
                false,
            )
        },
        Kind {
            usage: "N",
            help: "the same on a torus (diagonals wrap around)",
            ..size(
                P::ToroidalQueens,
                "Toroidal N-queens",
                (toroidal::MIN_N, toroidal::MAX_N, 5),
                false,
            )
        },
        Kind {
            usage: "N",
            help: "Latin squares of order N",
            ..size(
                P::Latin,
                "Latin square",
                (latin::MIN_N, latin::MAX_N, 3),
                false,
            )
        },
        Kind {
            usage: "N [--distinct]",
            help: "Langford pairings of 1..N (--distinct: count each pair of mirror images
once)",
            ..size(
                P::Langford,
                "Langford pairs",
                (langford::MIN_N, langford::MAX_N, 4),
                true,
            )
        },
        Kind {
            distinct: true,
            boards: pentomino::BOARDS
                .into_iter()
                .zip(pentomino_labels)
                .collect(),
            usage: "BOARD [--distinct]",
            help: "the 12 pentominoes on BOARD: 6x10, 5x12, 4x15, 3x20 or 8x8 (centre 2x2
left empty); --distinct counts each solution once, not once per symmetry",
            argument: "the board: 6x10, 5x12, 4x15, 3x20 or 8x8",
            ..other(P::Pentomino, "Pentomino board", Input::Board)
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
            usage: "RxC[/K[/SEED]]",
            help: "MacMahon-style squares: R x C tiles with coloured edges, generated from
SEED (default 1) with K colours (default 3), placed so that touching
edges agree and the border is grey; R, C from 1 to 8 (colours: XCC)",
            argument: "the board: RxC, RxC/K or RxC/K/SEED",
            ..other(P::EdgeMatching, "Edge-matching squares", Input::Board)
        },
        Kind {
            boards: vec![("hexagon", "hexagon")],
            usage: "hexagon",
            help: "MacMahon's 24 four-coloured triangles in a hexagon, the border all `a`
(colours: XCC; the CLI only)",
            argument: "the board: hexagon",
            page: false,
            ..other(P::MacMahon, "MacMahon triangles", Input::Board)
        },
        Kind {
            boards: dominoes::BOARDS
                .into_iter()
                .zip([
                    "4 × 4 (36 tilings)",
                    "2 × 2",
                    "3 × 4",
                    "4 × 5",
                    "6 × 6",
                    "6 × 8",
                    "8 × 8",
                ])
                .collect(),
            usage: "M N",
            help: "domino tilings of an M x N board, M and N from 1 to 32 (also MxN);
repeated subproblems: count --memo",
            argument: "the board: M N (rows and columns) or MxN",
            ..other(P::Dominoes, "Domino tilings", Input::Board)
        },
        Kind {
            usage: "FILE|-",
            help: "an exact-cover problem in Knuth's format or as a 0-1 matrix (a text that
reads as a Sudoku is read as one, drawn grids and clashing givens too)",
            argument: "a file, or - to read standard input",
            ..other(P::ExactCover, "Exact cover (text)", Input::Matrix)
        },
    ]
}

/// The [`Spec`] for a kind name and its text, as the page sends them.
pub fn spec(kind: &str, text: &str, distinct: bool) -> Result<Spec, InputError> {
    use ProblemKind as P;
    let Some(k) = ProblemKind::from_name(kind) else {
        let names: Vec<&str> = ProblemKind::ALL.iter().map(|k| k.name()).collect();
        return Err(InputError::new(format!(
            "unknown problem kind `{kind}`: expected one of {}",
            names.join(", ")
        )));
    };
    Ok(match k {
        P::Queens => Spec::Queens(parse_n(text)?),
        P::ToroidalQueens => Spec::ToroidalQueens(parse_n(text)?),
        P::Latin => Spec::Latin(parse_n(text)?),
        P::Langford => Spec::Langford {
            n: parse_n(text)?,
            distinct,
        },
        P::Pentomino => Spec::Pentomino {
            board: text.trim().to_string(),
            distinct,
        },
        P::EdgeMatching => Spec::EdgeMatching(text.trim().to_string()),
        P::MacMahon => Spec::MacMahon(text.trim().to_string()),
        P::Dominoes => Spec::Dominoes(text.trim().to_string()),
        P::Sudoku => Spec::Sudoku(text.to_string()),
        P::ExactCover => Spec::ExactCover(text.to_string()),
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
            let s = spec(k.name.name(), &text, k.distinct)
                .unwrap_or_else(|e| panic!("{}: {e}", k.name));
            let p = load(&s).unwrap_or_else(|e| panic!("{}: {e}", k.name));
            // The typed kind of the board is the row's: the table and the problems agree.
            assert_eq!(p.board(&[]).kind, k.name, "{}", k.name);
            if k.input == Input::Size {
                assert!(k.min <= k.default && k.default <= k.max, "{}", k.name);
                // The bounds are the module's own: one past them is refused.
                let over = spec(k.name.name(), &(k.max + 1).to_string(), false).unwrap();
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
        let k = ProblemKind::Pentomino.row();
        let names: Vec<&str> = k.boards.iter().map(|b| b.0).collect();
        assert_eq!(names, pentomino::BOARDS);
    }

    #[test]
    fn every_kind_has_one_row_and_its_name_round_trips() {
        let rows: Vec<ProblemKind> = kinds().iter().map(|k| k.name).collect();
        assert_eq!(
            rows,
            ProblemKind::ALL,
            "the table lists every kind once, in ALL's order"
        );
        for k in ProblemKind::ALL {
            assert_eq!(ProblemKind::from_name(k.name()), Some(k));
            assert_eq!(k.to_string(), k.name());
            // Serialised as today's string, so the page reads the same JSON.
            assert_eq!(
                serde_json::to_string(&k).unwrap(),
                format!("\"{}\"", k.name())
            );
            let row = k.row();
            assert!(
                !row.usage.is_empty() && !row.help.is_empty(),
                "{k}: the CLI's help"
            );
            assert!(!row.argument.is_empty(), "{k}: the CLI's hint");
        }
        assert_eq!(ProblemKind::from_name("chess"), None);
    }
}
