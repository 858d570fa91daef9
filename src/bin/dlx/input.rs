//! The problem a command line names, read: files and standard input within `--max-input`, the
//! problem's arguments checked, `problems::load`, and a Sudoku text holding two puzzles refused.

use crate::args::Args;
use crate::fail::{Fail, Stop};
use crate::output::write_err;
use dlx_studio::problems::sudoku::Switch;
use dlx_studio::problems::{self, kinds, Problem, ProblemKind, Spec};
use std::io::{self, Read};

/// The kinds of problem, as messages list them: "sudoku, queens, … or exact-cover" (`problems::kinds`).
pub(crate) fn problem_names() -> String {
    let names: Vec<&str> = ProblemKind::ALL.iter().map(|k| k.name()).collect();
    let (last, rest) = names.split_last().expect("some kinds");
    format!("{} or {last}", rest.join(", "))
}

/// Reads a whole file, or standard input for `-`, as text: at most `cap` bytes (`--max-input`), and
/// no NUL byte, both checked as it reads, so that `/dev/zero` or a binary file is refused at once
/// instead of filling memory.
pub(crate) fn read_input(path: &str, cap: u64) -> Result<String, Fail> {
    let name = source_name(path);
    let cannot = |e: io::Error| Fail(format!("cannot read {name}: {e}"));
    let mut reader: Box<dyn Read> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        let file = std::fs::File::open(path).map_err(cannot)?;
        // A regular file says its size: refuse a big one before reading it.
        let len = file.metadata().map_err(cannot)?;
        if len.is_file() && len.len() > cap {
            return Err(Fail(format!(
                "{name}: {}{MAX_INPUT_HINT}",
                problems::too_large(Some(len.len()), cap).message
            )));
        }
        Box::new(file)
    };
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(cannot(e)),
        };
        let got = &chunk[..n];
        if let Some(i) = got.iter().position(|&b| b == 0) {
            return Err(Fail(format!(
                "{name} is not text: a NUL byte at offset {} (a binary file?)",
                bytes.len() + i
            )));
        }
        if (bytes.len() + n) as u64 > cap {
            return Err(Fail(format!(
                "{name}: {}{MAX_INPUT_HINT}",
                problems::too_large(None, cap).message
            )));
        }
        bytes.extend_from_slice(got);
    }
    String::from_utf8(bytes).map_err(|e| {
        Fail(format!(
            "{name} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

pub(crate) const MAX_INPUT_HINT: &str = " (--max-input BYTES raises it)";

pub(crate) fn source_name(path: &str) -> String {
    if path == "-" {
        "standard input".into()
    } else {
        format!("`{path}`")
    }
}

/// The problem the arguments name, and what to call its input in a message (a file, say), if any.
pub(crate) fn spec_of(args: &Args) -> Result<(Spec, Option<String>), Fail> {
    let Some(name) = args.positional.first() else {
        return Err(Fail(format!("missing problem: {}", problem_names())));
    };
    let params = &args.positional[1..];
    let Some(kind) = ProblemKind::from_name(name) else {
        return Err(Fail(format!(
            "unknown problem `{name}`: expected {}",
            problem_names()
        )));
    };
    let row = kind.row();
    let Some(param) = params.first() else {
        return Err(Fail(format!(
            "{name} needs an argument: {} (as in `dlx count {name} {}`)",
            row.argument,
            row.example()
        )));
    };
    // Domino tilings take the board's rows and columns as two arguments (`dominoes 4 4`) or one.
    let most = if kind == ProblemKind::Dominoes { 2 } else { 1 };
    if let Some(extra) = params.get(most) {
        let hint = if kind == ProblemKind::Sudoku {
            " (quote the puzzle if it has spaces)"
        } else {
            ""
        };
        let takes = if kind == ProblemKind::Dominoes {
            "two arguments, rows and columns"
        } else {
            "one argument"
        };
        return Err(Fail(format!(
            "unexpected argument `{extra}`: {name} takes {takes}{hint}"
        )));
    }
    if args.format.is_some() && kind != ProblemKind::ExactCover {
        return Err(Fail(format!(
            "--format applies to {}, not {name}",
            ProblemKind::ExactCover
        )));
    }
    if args.variant.is_some() && kind != ProblemKind::Sudoku {
        return Err(Fail(format!(
            "--variant applies to {}, not {name}",
            ProblemKind::Sudoku
        )));
    }
    if args.distinct && !row.distinct {
        // The kinds whose table row says `distinct` means something.
        let with: Vec<String> = kinds::kinds()
            .iter()
            .filter(|k| k.distinct)
            .map(|k| k.name.to_string())
            .collect();
        return Err(Fail(format!(
            "--distinct applies to {}, not {name}",
            with.join(" and ")
        )));
    }
    // The page's reader of N, so that the same text is accepted or refused, with the same message.
    let n = || -> Result<usize, Fail> {
        problems::parse_n(param).map_err(|e| Fail(format!("N `{param}`: {e}")))
    };
    Ok(match kind {
        ProblemKind::Queens => (Spec::Queens(n()?), None),
        ProblemKind::ToroidalQueens => (Spec::ToroidalQueens(n()?), None),
        ProblemKind::Latin => (Spec::Latin(n()?), None),
        ProblemKind::Langford => (
            Spec::Langford {
                n: n()?,
                distinct: args.distinct,
            },
            None,
        ),
        ProblemKind::Pentomino => (
            Spec::Pentomino {
                board: param.clone(),
                distinct: args.distinct,
            },
            None,
        ),
        ProblemKind::Sudoku => {
            // A file holds the puzzle (f-puzzles JSON, say) when the argument names one.
            let path = std::path::Path::new(param);
            let (text, source) = if param == "-" || path.is_file() {
                (read_input(param, args.max_input)?, source_name(param))
            } else if path.is_dir() {
                // (It was read as a puzzle: "read 2 cells".)
                return Err(Fail(format!(
                    "{} is a folder, not a puzzle or a file holding one",
                    source_name(param)
                )));
            } else if looks_like_path(param) {
                (
                    param.clone(),
                    format!("the puzzle `{param}` (no such file)"),
                )
            } else {
                (param.clone(), "the puzzle".into())
            };
            let spec = match &args.variant {
                Some(v) => Spec::SudokuWith(
                    text,
                    Switch::parse_list(v).map_err(|e| Fail(format!("--variant: {}", e.message)))?,
                ),
                None => Spec::Sudoku(text),
            };
            (spec, Some(source))
        }
        ProblemKind::EdgeMatching => (Spec::EdgeMatching(param.clone()), None),
        ProblemKind::MacMahon => (Spec::MacMahon(param.clone()), None),
        ProblemKind::Dominoes => (Spec::Dominoes(params.join(" ")), None),
        ProblemKind::ExactCover => {
            let text = read_input(param, args.max_input)?;
            let spec = match args.format {
                Some(reading) => Spec::ExactCoverAs(text, reading),
                None => Spec::ExactCover(text),
            };
            (spec, Some(source_name(param)))
        }
    })
}

/// Whether a Sudoku argument that is no file was meant as one: it has a folder in it, or it ends in
/// an extension (`nonexist.txt` was read as a puzzle of 12 cells, with no word of a file).
fn looks_like_path(param: &str) -> bool {
    let ext = param.rsplit_once('.').map(|(_, e)| e);
    // (A link or f-puzzles JSON is no file name; nor is a grid, whose blanks are dots, mostly two
    // or more together: `....ABC`.)
    if param.contains("://") || param.contains(['?', '=', '{', '\n']) {
        return false;
    }
    let named = param.len() <= 64 && !param.contains("..");
    param.contains('/')
        || param.contains('\\')
        || named
            && ext.is_some_and(|e| {
                (1..=5).contains(&e.len()) && e.chars().all(|c| c.is_ascii_alphabetic())
            })
}

/// Builds the problem; a message with no source gets none, one read from text says which text.
pub(crate) fn load(args: &Args) -> Result<(Spec, Box<dyn Problem>), Fail> {
    let (spec, source) = spec_of(args)?;
    let problem = problems::load(&spec).map_err(|e| {
        let msg = e.to_string();
        match source {
            Some(s) => Fail(format!("{s}: {msg}")),
            None => Fail(msg),
        }
    })?;
    Ok((spec, problem))
}

/// A Sudoku text that holds more than one puzzle (a `--batch` file given as the puzzle) is refused:
/// the reader took the first line for a title and answered the second puzzle alone. A title line that
/// is skipped is said on stderr, as `count exact-cover` says how it read its text.
pub(crate) fn sudoku_skips(text: &str) -> Result<(), Stop> {
    use dlx_studio::problems::sudoku::Grid;
    let Ok(grid) = Grid::parse(text) else {
        return Ok(());
    };
    if !grid.reading().title_skipped {
        // Blanks taken for empty cells (every line N characters long) is a guess worth telling.
        if grid.reading().blanks {
            let note = problems::escape_controls(&grid.note());
            write_err(&format!("dlx: {note}\n")).map_err(Stop::Stderr)?;
        }
        return Ok(());
    }
    // Lines that are whole puzzles on their own: two are enough to refuse.
    let puzzles: Vec<usize> = problems::text_lines(text)
        .filter(|(_, l)| !l.trim().is_empty() && Grid::parse(l).is_ok())
        .map(|(n, _)| n)
        .take(2)
        .collect();
    if let [a, b] = puzzles[..] {
        return Err(Fail(format!(
            "more than one puzzle: lines {a} and {b} are each a whole Sudoku, and this reads one \
             (the first would be skipped as a title); for one puzzle a line use --batch FILE|-"
        ))
        .into());
    }
    write_err(&format!(
        "dlx: {}\n",
        problems::escape_controls(&grid.note())
    ))
    .map_err(Stop::Stderr)
}
