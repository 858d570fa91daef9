//! `dlx`: the command line of DLX Studio.
//!
//! `dlx count|solve|export PROBLEM ARGS… [OPTIONS]`; see [`USAGE`]. Output goes to stdout, a progress
//! line to stderr when stderr is a terminal, and bad input ends with one line `dlx: <message>` on stderr
//! and exit status 2. Every problem is built by `problems::load`, and every N read by
//! `problems::parse_n`, as on the page, so the same input gets the same message in both (the CLI puts
//! its source in front: the file name, standard input, the puzzle or the N argument).

use dlx_studio::core::{Event, Limits, Observer, Order, Search, Status};
use dlx_studio::problems::{self, Board, Problem, Spec};
use serde_json::json;
use std::io::{self, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "\
dlx: Knuth's Dancing Links (Algorithm X) for exact cover

Usage:
  dlx count  PROBLEM ARGS… [--json] [--seed S]
  dlx solve  PROBLEM ARGS… [--limit K] [--json] [--seed S]
  dlx export PROBLEM ARGS…

Commands:
  count    print the number of solutions (just the number)
  solve    print the first K solutions as boards, a blank line between them; for a Sudoku,
           also whether its solution is unique (it looks for a second one)
  export   print the instance in Knuth's format (items line, then one option a line); for a
           Sudoku, the instance left once the givens are placed, so that
           `dlx export sudoku P | dlx count exact-cover -` counts as `dlx count sudoku P`,
           except for a full grid, which leaves no item (export prints a comment line)

Problems:
  queens N                 N queens on an NxN board, none attacking another
  toroidal-queens N        the same on a torus (diagonals wrap around)
  sudoku PUZZLE|-          a Sudoku, 4x4 to 25x25: its N² cells on one line or drawn as a grid
                           (HoDoKu, Simple Sudoku and box-drawing borders skipped; `.`, `0`, `_`,
                           `*` or `x` empty; 16x16 also in 0-F, 25x25 in A-Y, or numbers separated
                           by spaces or commas; `#` and `//` comment lines and a title line
                           skipped); `-` reads standard input
  latin N                  Latin squares of order N
  langford N [--distinct]  Langford pairings of 1..N (--distinct: count each pair of mirror images once)
  pentomino BOARD [--distinct]
                           the 12 pentominoes on BOARD: 6x10, 5x12, 4x15, 3x20 or 8x8 (centre 2x2
                           left empty); --distinct counts each solution once, not once per symmetry
  exact-cover FILE|-       an exact-cover problem in Knuth's format or as a 0-1 matrix (a text that
                           reads as a Sudoku and has no option as exact cover is read as a Sudoku)

Options:
  --limit K    solve: show at most K solutions (default 1; 0 shows them all)
  --json       print one JSON object: solutions, nodes, updates, seconds, first (the first
               solution's board text, null if none); solve adds complete, boards and, for a
               Sudoku, unique
  --seed S     lay the options and items out in another order (a seeded shuffle); the search
               is as deterministic and the count the same, only the order of solutions differs
  --progress   show the progress line on stderr even when it is not a terminal
  -h, --help   show this help

Exit status: 0 on success (also when there is no solution), 2 on bad input or usage.
";

/// Bad input or usage: one line for the user, exit status 2.
struct Fail(String);

impl Fail {
    fn new(msg: impl Into<String>) -> Fail {
        Fail(msg.into())
    }
}

/// Why the program stops early.
enum Stop {
    Fail(Fail),
    /// Writing to stdout failed; a closed pipe (`dlx solve … | head`) is not an error.
    Output(io::Error),
}

impl From<Fail> for Stop {
    fn from(f: Fail) -> Stop {
        Stop::Fail(f)
    }
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Output(e)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Command {
    Count,
    Solve,
    Export,
}

/// The command line, parsed.
#[derive(Debug)]
struct Args {
    command: Command,
    /// The problem's name and its arguments.
    positional: Vec<String>,
    json: bool,
    limit: Option<u64>,
    seed: Option<u64>,
    distinct: bool,
    progress: bool,
}

enum Parsed {
    Help,
    Run(Args),
}

const PROBLEMS: &str = "queens, toroidal-queens, sudoku, latin, langford, pentomino or exact-cover";

fn parse_number(what: &str, s: &str) -> Result<u64, Fail> {
    s.parse::<u64>().map_err(|_| {
        if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            Fail(format!("{what} is far too large: {s}"))
        } else {
            Fail(format!("{what} must be a whole number, not `{s}`"))
        }
    })
}

fn parse_args(argv: &[String]) -> Result<Parsed, Fail> {
    if argv.first().is_some_and(|a| a == "help") || argv.iter().any(|a| a == "-h" || a == "--help")
    {
        return Ok(Parsed::Help);
    }
    let Some(first) = argv.first() else {
        return Err(Fail::new(
            "missing command: count, solve or export (dlx --help for more)",
        ));
    };
    let command = match first.as_str() {
        "count" => Command::Count,
        "solve" => Command::Solve,
        "export" => Command::Export,
        other => {
            return Err(Fail(format!(
                "unknown command `{other}`: expected count, solve or export"
            )))
        }
    };
    let mut args = Args {
        command,
        positional: Vec::new(),
        json: false,
        limit: None,
        seed: None,
        distinct: false,
        progress: false,
    };
    let mut it = argv[1..].iter();
    while let Some(a) = it.next() {
        // `-` is standard input and `-3` a (bad) number: both are arguments, not options.
        let is_option =
            a.starts_with('-') && a.len() > 1 && !a[1..].starts_with(|c: char| c.is_ascii_digit());
        if !is_option {
            args.positional.push(a.clone());
            continue;
        }
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (a.as_str(), None),
        };
        let mut value = |what: &str| -> Result<String, Fail> {
            match inline.clone() {
                Some(v) => Ok(v),
                None => it
                    .next()
                    .cloned()
                    .ok_or_else(|| Fail(format!("{name} needs a value ({what})"))),
            }
        };
        match name {
            "--json" => args.json = true,
            "--distinct" => args.distinct = true,
            "--progress" => args.progress = true,
            "--limit" => args.limit = Some(parse_number("--limit", &value("K")?)?),
            "--seed" => args.seed = Some(parse_number("--seed", &value("S")?)?),
            _ => {
                return Err(Fail(format!(
                    "unknown option `{a}` (dlx --help lists them)"
                )))
            }
        }
        if inline.is_some() && !matches!(name, "--limit" | "--seed") {
            return Err(Fail(format!("{name} takes no value")));
        }
    }
    if args.limit.is_some() && command != Command::Solve {
        return Err(Fail::new("--limit applies to solve only"));
    }
    if command == Command::Export {
        if args.json {
            return Err(Fail::new("--json applies to count and solve, not export"));
        }
        if args.seed.is_some() {
            return Err(Fail::new("--seed applies to count and solve, not export"));
        }
    }
    Ok(Parsed::Run(args))
}

/// Reads a whole file, or standard input for `-`.
fn read_input(path: &str) -> Result<String, Fail> {
    let mut bytes = Vec::new();
    let res = if path == "-" {
        io::stdin().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes))
    };
    let name = source_name(path);
    res.map_err(|e| Fail(format!("cannot read {name}: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        Fail(format!(
            "{name} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

fn source_name(path: &str) -> String {
    if path == "-" {
        "standard input".into()
    } else {
        format!("`{path}`")
    }
}

/// The problem the arguments name, and what to call its input in a message (a file, say), if any.
fn spec_of(args: &Args) -> Result<(Spec, Option<String>), Fail> {
    let Some(name) = args.positional.first() else {
        return Err(Fail(format!("missing problem: {PROBLEMS}")));
    };
    let params = &args.positional[1..];
    let (what, example) = match name.as_str() {
        "queens" | "toroidal-queens" | "latin" => ("N", "8"),
        "langford" => ("N", "7"),
        "sudoku" => ("the puzzle, or - to read it from standard input", "-"),
        "pentomino" => ("the board: 6x10, 5x12, 4x15, 3x20 or 8x8", "6x10"),
        "exact-cover" => ("a file, or - to read standard input", "-"),
        other => {
            return Err(Fail(format!(
                "unknown problem `{other}`: expected {PROBLEMS}"
            )))
        }
    };
    let Some(param) = params.first() else {
        return Err(Fail(format!(
            "{name} needs an argument: {what} (as in `dlx count {name} {example}`)"
        )));
    };
    if let Some(extra) = params.get(1) {
        let hint = if name == "sudoku" {
            " (quote the puzzle if it has spaces)"
        } else {
            ""
        };
        return Err(Fail(format!(
            "unexpected argument `{extra}`: {name} takes one argument{hint}"
        )));
    }
    if args.distinct && !matches!(name.as_str(), "langford" | "pentomino") {
        return Err(Fail(format!(
            "--distinct applies to langford and pentomino, not {name}"
        )));
    }
    // The page's reader of N, so that the same text is accepted or refused, with the same message.
    let n = || -> Result<usize, Fail> {
        problems::parse_n(param)
            .map_err(|e| Fail(format!("N `{param}`: {e}").replace(['\n', '\r'], " ")))
    };
    Ok(match name.as_str() {
        "queens" => (Spec::Queens(n()?), None),
        "toroidal-queens" => (Spec::ToroidalQueens(n()?), None),
        "latin" => (Spec::Latin(n()?), None),
        "langford" => (
            Spec::Langford {
                n: n()?,
                distinct: args.distinct,
            },
            None,
        ),
        "pentomino" => (
            Spec::Pentomino {
                board: param.clone(),
                distinct: args.distinct,
            },
            None,
        ),
        "sudoku" if param == "-" => (Spec::Sudoku(read_input(param)?), Some(source_name(param))),
        "sudoku" => (Spec::Sudoku(param.clone()), Some("the puzzle".into())),
        "exact-cover" => (
            Spec::ExactCover(read_input(param)?),
            Some(source_name(param)),
        ),
        _ => unreachable!("checked above"),
    })
}

/// Builds the problem; a message with no source gets none, one read from text says which text.
fn load(args: &Args) -> Result<(Spec, Box<dyn Problem>), Fail> {
    let (spec, source) = spec_of(args)?;
    let problem = problems::load(&spec).map_err(|e| {
        // One line, whatever the message holds.
        let msg = e.to_string().replace(['\n', '\r'], " ");
        match source {
            Some(s) => Fail(format!("{s}: {msg}")),
            None => Fail(msg),
        }
    })?;
    Ok((spec, problem))
}

/// Tells `run` to stop at every solution, or at none (to count at full speed).
struct Solutions {
    stop: bool,
}

impl Observer for Solutions {
    const FINE: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event, _: &Search) -> ControlFlow<()> {
        if self.stop {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// What to do after a solution.
enum Next {
    /// Stop at the next one too.
    Tell,
    /// Count the rest without stopping.
    CountOn,
    /// End the search here.
    End,
}

/// The progress line on stderr: search-tree nodes, solutions and Knuth's estimate of the fraction of
/// the tree explored, redrawn in place about twice a second once the run has lasted half a second.
struct Progress {
    on: bool,
    start: Instant,
    last: Instant,
    /// Length of the line on screen, so that it can be blanked out; 0 when none is shown.
    shown: usize,
}

const REDRAW: Duration = Duration::from_millis(500);

impl Progress {
    fn new(on: bool) -> Progress {
        let now = Instant::now();
        Progress {
            on,
            start: now,
            last: now,
            shown: 0,
        }
    }

    fn tick(&mut self, search: &Search) {
        let now = Instant::now();
        if now - self.start < REDRAW || now - self.last < REDRAW {
            return;
        }
        self.last = now;
        let s = search.stats();
        let line = format!(
            "{} nodes, {} solutions, {:.2}% of the tree explored (estimate)",
            s.nodes,
            s.solutions,
            100.0 * search.progress()
        );
        let pad = self.shown.saturating_sub(line.len());
        eprint!("\r{line}{}", " ".repeat(pad));
        self.shown = line.len();
    }

    fn clear(&mut self) {
        if self.shown > 0 {
            eprint!("\r{}\r", " ".repeat(self.shown));
            self.shown = 0;
        }
    }
}

/// Runs the search to its end or until `each` says to end it; `each` is called at every solution while
/// it answers `Tell`. With progress on, runs in chunks of search-tree nodes (`Limits::nodes`) sized to
/// last about a tenth of a second, and redraws the progress line between them. Returns whether the
/// whole tree was explored.
fn drive(
    search: &mut Search,
    progress: &mut Progress,
    mut each: impl FnMut(&Search) -> Result<Next, Stop>,
) -> Result<bool, Stop> {
    let mut obs = Solutions { stop: true };
    // Small at first, so that even a short run goes through the chunked path the same way.
    let mut chunk: u64 = 1024;
    loop {
        if progress.on {
            search.set_limits(Limits {
                nodes: Some(search.stats().nodes + chunk),
                solutions: None,
            });
        }
        let t = Instant::now();
        match search.run(&mut obs) {
            Status::Paused => {
                progress.clear();
                match each(search)? {
                    Next::Tell => {}
                    Next::CountOn => obs.stop = false,
                    Next::End => return Ok(false),
                }
            }
            Status::Limit => {
                let secs = t.elapsed().as_secs_f64().max(1e-6);
                chunk = ((chunk as f64 * 0.1 / secs) as u64).clamp(1024, 1 << 30);
                progress.tick(search);
            }
            Status::Done => {
                progress.clear();
                return Ok(true);
            }
        }
    }
}

/// A board as text; a plain exact-cover problem has no cells, only its chosen options.
fn board_text(b: &Board) -> String {
    if b.text.is_empty() && !b.lines.is_empty() {
        b.lines.join("\n")
    } else {
        b.text.clone()
    }
}

/// A search over the problem, in the order `--seed` asks for, with the givens already chosen.
fn start(problem: &dyn Problem, args: &Args) -> Result<Search, Fail> {
    let order = args.seed.map_or(Order::Given, Order::Shuffled);
    let inst = problem.instance();
    let mut search = Search::with_order(inst, order);
    search
        .preselect(problem.givens())
        .map_err(|c| clash(problem, c.option, c.item))?;
    Ok(search)
}

fn clash(problem: &dyn Problem, option: usize, item: usize) -> Fail {
    let inst = problem.instance();
    Fail(format!(
        "the givens clash: `{}` needs item `{}`, which an earlier given already covers",
        inst.option_text(option),
        inst.item_name(item)
    ))
}

fn count(problem: &dyn Problem, args: &Args, out: &mut impl Write) -> Result<(), Stop> {
    let mut progress = Progress::new(args.progress || io::stderr().is_terminal());
    let t = Instant::now();
    let mut search = start(problem, args)?;
    let mut first = None;
    drive(&mut search, &mut progress, |s| {
        first = Some(board_text(&problem.board(&s.solution())));
        Ok(Next::CountOn)
    })?;
    let seconds = t.elapsed().as_secs_f64();
    let st = search.stats();
    if args.json {
        let v = json!({
            "command": "count",
            "problem": problem.title(),
            "solutions": st.solutions,
            "nodes": st.nodes,
            "updates": st.updates,
            "seconds": seconds,
            "max_depth": st.max_depth(),
            "first": first,
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "{}", st.solutions)?;
    }
    Ok(())
}

fn solve(
    problem: &dyn Problem,
    is_sudoku: bool,
    args: &Args,
    out: &mut impl Write,
) -> Result<(), Stop> {
    let limit = args.limit.unwrap_or(1);
    // Whether a Sudoku's solution is unique takes a second solution to settle.
    let wanted = if is_sudoku && limit == 1 { 2 } else { limit };
    let mut progress = Progress::new(args.progress || io::stderr().is_terminal());
    let t = Instant::now();
    let mut search = start(problem, args)?;
    let mut found = 0u64;
    let mut boards: Vec<String> = Vec::new();
    let json = args.json;
    let complete = drive(&mut search, &mut progress, |s| {
        found += 1;
        if limit == 0 || found <= limit {
            let text = board_text(&problem.board(&s.solution()));
            if json {
                boards.push(text);
            } else {
                // Printed as found, so that `--limit 0` on a big problem streams.
                if found > 1 {
                    writeln!(out)?;
                }
                writeln!(out, "{text}")?;
                out.flush()?;
            }
        }
        Ok(if wanted != 0 && found >= wanted {
            Next::End
        } else {
            Next::Tell
        })
    })?;
    let seconds = t.elapsed().as_secs_f64();
    // Unique means exactly one solution: found one, and the search ended without finding another.
    let unique = found == 1 && complete;
    let st = search.stats();
    if json {
        let mut v = json!({
            "command": "solve",
            "problem": problem.title(),
            "solutions": found,
            "complete": complete,
            "nodes": st.nodes,
            "updates": st.updates,
            "seconds": seconds,
            "first": boards.first(),
            "boards": boards,
        });
        if is_sudoku {
            v["unique"] = json!(unique);
        }
        writeln!(out, "{v}")?;
    } else if found == 0 {
        writeln!(out, "No solution.")?;
    } else if is_sudoku {
        writeln!(out)?;
        if unique {
            writeln!(out, "The solution is unique.")?;
        } else {
            writeln!(out, "The solution is not unique.")?;
        }
    }
    Ok(())
}

fn export(problem: &dyn Problem, out: &mut impl Write) -> Result<(), Stop> {
    let inst = problem.instance();
    let givens = problem.givens();
    if givens.is_empty() {
        out.write_all(inst.to_knuth().as_bytes())?;
        return Ok(());
    }
    // The givens are chosen already: export what is left to choose, so that the counts agree.
    let Some((reduced, _)) = inst.reduce(givens) else {
        // Name the first given that clashes with one before it.
        let mut used = vec![false; inst.n_items()];
        for &k in givens {
            for i in inst.option(k) {
                if std::mem::replace(&mut used[i], true) {
                    return Err(clash(problem, k, i).into());
                }
            }
        }
        unreachable!("reduce fails only on a clash");
    };
    if reduced.n_items() == 0 {
        // Knuth's format cannot state an instance with no items; say so in a comment line instead of
        // printing an empty items line. This is the one export that `dlx count exact-cover -` cannot
        // read back (the usage and README say so).
        writeln!(
            out,
            "| the givens cover every item: nothing is left to choose (one solution, the givens)"
        )?;
        return Ok(());
    }
    out.write_all(reduced.to_knuth().as_bytes())?;
    Ok(())
}

fn run(argv: &[String]) -> Result<(), Stop> {
    let args = match parse_args(argv)? {
        Parsed::Help => {
            io::stdout().write_all(USAGE.as_bytes())?;
            return Ok(());
        }
        Parsed::Run(a) => a,
    };
    let (spec, problem) = load(&args)?;
    if let (Some(note), false) = (problem.note(), matches!(spec, Spec::Sudoku(_))) {
        // Said only when the text was asked for as something else: a Sudoku in an exact-cover file.
        eprintln!("dlx: {note}");
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match args.command {
        Command::Count => count(&*problem, &args, &mut out)?,
        Command::Solve => {
            let is_sudoku = problem.board(&[]).kind == "sudoku";
            solve(&*problem, is_sudoku, &args, &mut out)?
        }
        Command::Export => export(&*problem, &mut out)?,
    }
    out.flush()?;
    Ok(())
}

fn main() -> ExitCode {
    let argv: Result<Vec<String>, Stop> = std::env::args_os()
        .skip(1)
        .map(|a| {
            a.into_string().map_err(|a| {
                Stop::Fail(Fail(format!(
                    "argument `{}` is not valid UTF-8",
                    a.to_string_lossy()
                )))
            })
        })
        .collect();
    match argv.and_then(|argv| run(&argv)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Fail(Fail(msg))) => {
            eprintln!("dlx: {msg}");
            ExitCode::from(2)
        }
        Err(Stop::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Stop::Output(e)) => {
            eprintln!("dlx: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}
