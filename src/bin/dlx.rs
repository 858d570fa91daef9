//! `dlx`: the command line of DLX Studio.
//!
//! `dlx count|solve|export PROBLEM ARGS… [OPTIONS]`; see [`USAGE`]. Output goes to stdout, a progress
//! line to stderr when stderr is a terminal, and bad input ends with one line `dlx: <message>` on stderr
//! and exit status 2. Every problem is built by `problems::load`, and every N read by
//! `problems::parse_n`, as on the page, so the same input gets the same message in both (the CLI puts
//! its source in front: the file name, standard input, the puzzle or the N argument).

#[path = "dlx/make.rs"]
mod make;
#[path = "dlx/parallel.rs"]
mod parallel;

use dlx_studio::core::{
    prune, Engine as Counter, Heuristic, Instance, Limits, Naive, NaiveError, Order, Search,
    SolutionStop, Stats, Status, Tree,
};
use dlx_studio::problems::exact_cover::Reading;
use dlx_studio::problems::sudoku::Switch;
use dlx_studio::problems::{self, Board, Problem, Spec};
use serde_json::json;
use std::io::{self, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "\
dlx: Knuth's Dancing Links (Algorithm X) for exact cover

Usage:
  dlx count  PROBLEM ARGS… [--json] [--seed S] [--threads T] [--part K/N]
             [--algorithm A] [--heuristic H] [--tree T]
  dlx solve  PROBLEM ARGS… [--limit K] [--json] [--seed S] [--algorithm A] [--heuristic H]
             [--tree T]
  dlx solve  sudoku --batch FILE|- [--threads T]
  dlx export PROBLEM ARGS…
  dlx merge  FILES|-
  dlx trace  PROBLEM ARGS… [--events N] [--heuristic H] [--tree T]
  dlx make   sudoku [--variant V] [--seed S] [--clues N] [--json]

Commands:
  count    print the number of solutions (just the number)
  solve    print the first K solutions as boards, a blank line between them; for a Sudoku,
           also whether its solution is unique (it looks for a second one)
  export   print the instance in Knuth's format (items line, then one option a line); for a
           Sudoku, the instance left once the givens are placed, so that
           `dlx export sudoku P | dlx count exact-cover -` counts as `dlx count sudoku P`,
           except for a full grid, which leaves no item (export prints a comment line)
  merge    add up the parts of a count: reads the JSON lines of `count … --part K/N --json`
           (files or -, any order), checks that parts 0 to N-1 are each there once and all
           from the same problem, and prints one JSON object with the keys of `count --json`
  trace    print the first N events of the search (choose, cover, hide, try, solution,
           dead-end, backtrack, unhide, uncover) as JSON lines: event (from 1), kind, level,
           item, option, nodes, updates, solutions, narration (and a solution's options);
           the page downloads the same lines (its step log)
  make     print a new Sudoku with exactly one solution, in the form solve reads: one line of
           81 symbols (to solve with the same --variant), or f-puzzles JSON for jigsaw, killer
           and thermo; the same --seed makes the same puzzle; --json adds its f-puzzles link,
           its solution and nodes, DLX's search-tree nodes to solve it (docs/variants.md)

Problems:
  queens N                 N queens on an NxN board, none attacking another
  toroidal-queens N        the same on a torus (diagonals wrap around)
  sudoku PUZZLE|FILE|LINK|-
                           a Sudoku, 4x4 to 25x25: its N² cells on one line or drawn as a grid
                           (HoDoKu, Simple Sudoku and box-drawing borders skipped; `.`, `0`, `_`,
                           `*` or `x` empty; 16x16 also in 0-F, 25x25 in A-Y, or numbers separated
                           by spaces or commas; `#` and `//` comment lines and a title line
                           skipped); f-puzzles JSON, or a link https://f-puzzles.com/?load=… or
                           https://sudokupad.app/fpuzzles…, reads variants (docs/variants.md); a
                           file of either; `-` reads standard input
  latin N                  Latin squares of order N
  langford N [--distinct]  Langford pairings of 1..N (--distinct: count each pair of mirror images once)
  pentomino BOARD [--distinct]
                           the 12 pentominoes on BOARD: 6x10, 5x12, 4x15, 3x20 or 8x8 (centre 2x2
                           left empty); --distinct counts each solution once, not once per symmetry
  edge-matching RxC[/K[/SEED]]
                           MacMahon-style squares: R x C tiles with coloured edges, generated from
                           SEED (default 1) with K colours (default 3), placed so that touching
                           edges agree and the border is grey; R, C from 1 to 8 (colours: XCC)
  macmahon hexagon         MacMahon's 24 four-coloured triangles in a hexagon, the border all `a`
  exact-cover FILE|-       an exact-cover problem in Knuth's format or as a 0-1 matrix (a text that
                           reads as a Sudoku is read as one, drawn grids and clashing givens too)

Options:
  --limit K    solve: show at most K solutions (default 1; 0 shows them all)
  --json       print one JSON object: solutions, nodes, updates, seconds, first (the first
               solution's board text, null if none); solve adds complete, boards and, for a
               Sudoku, unique. solve writes the object as it searches, boards first, each
               board as it is found, so `solve … --limit 0 --json` streams in flat memory
  --seed S     lay the options and items out in another order (a seeded shuffle); the search
               is as deterministic and the count the same, only the order of solutions differs
  --algorithm dlx|naive
               dlx (default): dancing links; naive: Algorithm X on the plain 0-1 matrix, rows
               and columns found by scanning, making the same choices, so the same solutions,
               nodes and updates, only slower (no --seed)
  --heuristic mrv|first
               the item to branch on: mrv (default), the one with the fewest options;
               first, the leftmost item left (to see what MRV saves)
  --prune blocked|none
               blocked: before the search, empty the options no solution can use, because
               choosing one leaves some item with no option (repeated until none is left;
               they keep their numbers). The same solutions, a smaller tree (pentomino 5x12:
               144 of 1936 placements). Default: none; with blocked, --json says how many
               were emptied (`pruned`)
  --engine auto|bits|links
               what counts: bits walks DLX1's tree on bit sets of options where it can
               (exact cover without colours or multiplicities, up to 32,766 options and
               4,096 primary items); links is Knuth's dancing links; auto (default) takes
               bits where options overlap heavily (pentominoes: 2x faster) and links
               elsewhere. The same nodes, updates and solutions in the same order;
               --json says which counted (`engine`)
  --tree dlx1|lookahead
               the search tree: dlx1 is Knuth's DLX1 tree, one node per option tried;
               lookahead gives up an option as soon as trying it leaves some item with no
               option (as Knuth's SSXC does), so it never enters those dead ends (pentomino
               6x10: 1.2 M nodes instead of 3.6 M), on links only. The default is dlx1 (on
               pentominoes with bit sets, 1.6x faster than the lookahead on links). The
               same solutions in the same order; --json says which tree was walked (dlx3
               for multiplicities, which have no lookahead)
  --variant V  sudoku: add rules to the puzzle, comma-separated: x (both diagonals), windoku,
               anti-knight, anti-king, non-consecutive; make also takes jigsaw, killer, thermo
  --clues N    make: stop removing givens at N (the fewest it can reach otherwise)
  --events N   trace: print at most N events (default 1000)
  --progress   show the progress line on stderr even when it is not a terminal
  --format F   exact-cover: read the text as `knuth` (Knuth's format), `matrix` (a 0-1
               matrix, with or without a header line) or `auto` (the default): a text whose
               every line is 0s and 1s, all of one length, is a matrix (`111` is a 1x3
               matrix with 1 solution, not the item `111`); otherwise Knuth's format if it
               reads, else a matrix
  --threads T  count (and solve --batch) on T threads (default: every core); --threads 1 is
               the sequential search. Counts, nodes and updates are the same for every T
  --part K/N   count: count part K (0 to N-1) of N, a share computed from the problem alone,
               so that N runs anywhere (GNU parallel, a Slurm array, a Kubernetes indexed job)
               add up, with `dlx merge`, to the whole count; use with --json
  --batch F    solve sudoku: one puzzle a line from file F (- for standard input), one answer a
               line out, in order: the solution, `no solution`, `not unique` or `error: …`;
               blank lines and lines starting with # are skipped
  --max-input BYTES
               read at most BYTES from a file or standard input (default 67108864, 64 MiB):
               the instance takes a multiple of its text in memory
  -h, --help   show this help
  --           end of the options: every word after it is an argument (a Sudoku that starts
               with `-`, say)

Options and arguments may come in any order; `--name value` or `--name=value`. A word is an
option when it starts with `-` and a letter, or with `--`; so `-` and `-3` are arguments.
Numbers (N, K, S) are whole numbers: digits only, no sign.

Exit status: 0 on success (also when there is no solution, and when a reader of standard output
such as `head` closes it early), 1 when the output cannot be written (a full disk, standard output
closed, the progress line's standard error gone), 2 on bad input or usage.
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
    /// Writing to stderr (the progress line, a note) failed: an error, whatever the cause (a closed
    /// pipe too), since the run is cut short and no one may see why.
    Stderr(io::Error),
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
    Merge,
    Trace,
    Make,
}

use Command::{Count, Export, Make, Merge, Solve, Trace};

impl Command {
    /// Every command, as typed.
    const ALL: &'static [(&'static str, Command)] = &[
        ("count", Count),
        ("solve", Solve),
        ("export", Export),
        ("merge", Merge),
        ("trace", Trace),
        ("make", Make),
    ];

    fn name(self) -> &'static str {
        Command::ALL
            .iter()
            .find(|&&(_, c)| c == self)
            .map_or("?", |&(n, _)| n)
    }
}

/// One option of the command line. To add one: a row here, a field in [`Args`], an arm in
/// [`Args::set`], a line in [`USAGE`]. The parser does the rest (the value, `--name=value`, and
/// refusing the option for a command it does not apply to).
struct OptSpec {
    name: &'static str,
    /// What its value is called in a message (`--limit needs a value (K)`); `None`: a flag.
    value: Option<&'static str>,
    /// The commands it applies to.
    commands: &'static [Command],
}

const OPTIONS: &[OptSpec] = &[
    OptSpec {
        name: "--json",
        value: None,
        commands: &[Count, Solve, Make],
    },
    OptSpec {
        name: "--limit",
        value: Some("K"),
        commands: &[Solve],
    },
    OptSpec {
        name: "--seed",
        value: Some("S"),
        commands: &[Count, Solve, Make],
    },
    OptSpec {
        name: "--variant",
        value: Some("V"),
        commands: &[Count, Solve, Export, Trace, Make],
    },
    OptSpec {
        name: "--clues",
        value: Some("N"),
        commands: &[Make],
    },
    OptSpec {
        name: "--distinct",
        value: None,
        commands: &[Count, Solve, Export, Trace],
    },
    OptSpec {
        name: "--algorithm",
        value: Some("dlx or naive"),
        commands: &[Count, Solve],
    },
    OptSpec {
        name: "--heuristic",
        value: Some("mrv or first"),
        commands: &[Count, Solve, Trace],
    },
    OptSpec {
        name: "--prune",
        value: Some("blocked or none"),
        commands: &[Count, Solve, Trace],
    },
    OptSpec {
        name: "--engine",
        value: Some("auto, bits or links"),
        commands: &[Count, Solve],
    },
    OptSpec {
        name: "--tree",
        value: Some("dlx1 or lookahead"),
        commands: &[Count, Solve, Trace],
    },
    OptSpec {
        name: "--events",
        value: Some("N"),
        commands: &[Trace],
    },
    OptSpec {
        name: "--progress",
        value: None,
        commands: &[Count, Solve],
    },
    OptSpec {
        name: "--format",
        value: Some("knuth, matrix or auto"),
        commands: &[Count, Solve, Export, Trace],
    },
    OptSpec {
        name: "--threads",
        value: Some("T"),
        commands: &[Count, Solve],
    },
    OptSpec {
        name: "--part",
        value: Some("K/N"),
        commands: &[Count],
    },
    OptSpec {
        name: "--batch",
        value: Some("FILE"),
        commands: &[Solve],
    },
    OptSpec {
        name: "--max-input",
        value: Some("BYTES"),
        commands: &[Count, Solve, Export, Merge, Trace],
    },
];

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
    threads: Option<usize>,
    part: Option<parallel::Part>,
    batch: Option<String>,
    /// The most bytes read from a file or standard input.
    max_input: u64,
    /// `--algorithm naive`: Algorithm X on the plain 0-1 matrix instead of dancing links.
    naive: bool,
    heuristic: Heuristic,
    /// `--tree`: the search tree dancing links walks (`None`: the default, see [`Args::tree`]).
    tree: Option<Tree>,
    /// `--prune blocked` (true) or `none` (false, the default; see [`Args::instance`]).
    prune: bool,
    /// `--engine auto|bits|links` (`Counter::Auto`, the default).
    engine: Counter,
    /// How many options the search's instance had emptied as blocked, once `start` has pruned.
    pruned: std::cell::Cell<Option<usize>>,
    /// The engine that counted, once the instance is known (`Args::instance`).
    engine_of: std::cell::Cell<Option<Counter>>,
    /// trace: the most events printed.
    events: u64,
    /// How to read an exact-cover text; `None`: decide (`Reading::Auto`).
    format: Option<Reading>,
    /// `--variant`: the rules added to a Sudoku, as typed (read by the problem or by make).
    variant: Option<String>,
    /// make: `--clues`.
    clues: Option<u64>,
}

impl Args {
    /// The tree to walk: `--tree`, else DLX1's. On pentominoes the lookahead's tree is 3x smaller
    /// (6x10: 1.2 M nodes against 3.6 M), but DLX1's tree on bit sets (`--engine auto`, see
    /// `core::bits`) counts it in 0.6 of the time the lookahead takes on links; elsewhere the
    /// lookahead's test on every hide costs more than the dead ends it saves. benches/README.md.
    pub(crate) fn tree(&self) -> Tree {
        self.tree.unwrap_or(Tree::Dlx1)
    }

    /// The engine that counts (`--json`'s `engine`): `bits` or `links`, as `--engine` and the
    /// instance searched and the tree walked decide (`Engine::resolve`, as `Search::engine`).
    pub(crate) fn engine_name(&self) -> &'static str {
        self.engine_of.get().unwrap_or(Counter::Links).name()
    }

    /// The instance the search runs on: the problem's, or with its blocked options emptied (same
    /// option numbers, so solutions and boards read the same). Notes how many were emptied.
    /// With `--prune blocked` only: pentomino 6x10 on bit sets is 10% faster with its 144 blocked
    /// options emptied, but the default keeps the instance as given, so that nodes and updates are
    /// DLX1's own, as `dlx` and Knuth's program count them.
    /// `--prune blocked`, with a progress line while it lasts, within its work bound
    /// (`prune::WORK`): if the bound stops it, stderr says so (the counts are the same).
    fn prune_blocked(&self, problem: &dyn Problem) -> Option<prune::Pruned> {
        let mut progress = Progress::new(self.progress || io::stderr().is_terminal());
        // A line that cannot be written stops the pruning; the run's next line reports it.
        let mut failed = false;
        let pruned = prune::blocked_within(
            problem.instance(),
            problem.givens(),
            prune::WORK,
            &mut |at| {
                let line = format!(
                    "pruning blocked options: round {}, {} of {} options checked, {} emptied",
                    at.round, at.checked, at.options, at.removed
                );
                failed |= progress.show(&line).is_err();
                !failed
            },
        );
        failed |= progress.clear().is_err();
        if let (Some(p), false) = (&pruned, failed) {
            if !p.complete {
                let _ = write_err(&format!(
                    "dlx: --prune blocked stopped at its work bound in round {} ({} options \
                     emptied; some left may be blocked too: the counts are the same)\n",
                    p.rounds, p.removed
                ));
            }
        }
        pruned
    }

    pub(crate) fn instance<'a>(&self, problem: &'a dyn Problem) -> std::borrow::Cow<'a, Instance> {
        let inst = match self.prune {
            true => self.prune_blocked(problem).map(|p| {
                self.pruned.set(Some(p.removed));
                std::borrow::Cow::Owned(p.instance)
            }),
            false => None,
        }
        .unwrap_or(std::borrow::Cow::Borrowed(problem.instance()));
        self.engine_of
            .set(Some(self.engine.resolve(&inst, self.tree())));
        inst
    }

    fn new(command: Command) -> Args {
        Args {
            command,
            positional: Vec::new(),
            json: false,
            limit: None,
            seed: None,
            distinct: false,
            progress: false,
            threads: None,
            part: None,
            batch: None,
            max_input: problems::MAX_INPUT,
            naive: false,
            heuristic: Heuristic::Mrv,
            tree: None,
            prune: false,
            engine: Counter::Auto,
            pruned: std::cell::Cell::new(None),
            engine_of: std::cell::Cell::new(None),
            events: DEFAULT_EVENTS,
            format: None,
            variant: None,
            clues: None,
        }
    }

    /// Records option `name` (a row of [`OPTIONS`]) with its value, if it takes one.
    fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), Fail> {
        let v = || value.unwrap_or_default();
        match name {
            "--json" => self.json = true,
            "--distinct" => self.distinct = true,
            "--progress" => self.progress = true,
            "--limit" => self.limit = Some(parse_number(name, v())?),
            "--seed" => self.seed = Some(parse_number(name, v())?),
            "--threads" => self.threads = Some(parallel::parse_threads(v())?),
            "--part" => self.part = Some(parallel::parse_part(v())?),
            "--batch" => self.batch = Some(v().to_string()),
            "--variant" => self.variant = Some(v().to_string()),
            "--clues" => self.clues = Some(parse_number(name, v())?),
            "--max-input" => self.max_input = parse_number(name, v())?,
            "--events" => self.events = parse_number(name, v())?,
            "--algorithm" => self.naive = one_of(name, v(), &[("dlx", false), ("naive", true)])?,
            "--heuristic" => {
                self.heuristic = one_of(
                    name,
                    v(),
                    &[("mrv", Heuristic::Mrv), ("first", Heuristic::First)],
                )?
            }
            "--prune" => self.prune = one_of(name, v(), &[("blocked", true), ("none", false)])?,
            "--engine" => {
                self.engine = one_of(
                    name,
                    v(),
                    &[
                        ("auto", Counter::Auto),
                        ("bits", Counter::Bits),
                        ("links", Counter::Links),
                    ],
                )?
            }
            "--tree" => {
                self.tree = Some(one_of(
                    name,
                    v(),
                    &[("dlx1", Tree::Dlx1), ("lookahead", Tree::Lookahead)],
                )?)
            }
            "--format" => {
                self.format =
                    Some(Reading::from_name(v()).map_err(|e| Fail(format!("--format: {e}")))?)
            }
            _ => unreachable!("{name} is in OPTIONS but not in Args::set"),
        }
        Ok(())
    }
}

/// The value of option `name` among `choices` (each word it takes, and what the word means);
/// any other word is refused as "--name `word`: expected a, b or c".
fn one_of<T: Copy>(name: &str, value: &str, choices: &[(&str, T)]) -> Result<T, Fail> {
    if let Some(&(_, t)) = choices.iter().find(|(w, _)| *w == value) {
        return Ok(t);
    }
    let words: Vec<&str> = choices.iter().map(|&(w, _)| w).collect();
    let (last, rest) = words.split_last().expect("an option takes some word");
    Err(Fail(format!(
        "{name} `{value}`: expected {} or {last}",
        rest.join(", ")
    )))
}

/// Events `dlx trace` prints when `--events` does not say.
const DEFAULT_EVENTS: u64 = 1000;

enum Parsed {
    Help,
    // Boxed: Args is large (clippy::large_enum_variant).
    Run(Box<Args>),
}

const PROBLEMS: &str =
    "queens, toroidal-queens, sudoku, latin, langford, pentomino, edge-matching, macmahon or exact-cover";

/// A number given to an option, read by the reader of N (`problems::parse_whole`), so that `+3`,
/// `-3` and `3x` are refused here as they are for N, with the same words.
fn parse_number(name: &str, s: &str) -> Result<u64, Fail> {
    problems::parse_whole(name, s).map_err(|e| Fail(format!("{name} `{s}`: {e}")))
}

/// Whether a command-line word is an option: `-` then a letter, or `--` then anything. So `-` (standard
/// input), `-3` (a bad number) and `-.5..` (a Sudoku) are arguments; after `--`, every word is one.
fn is_option(a: &str) -> bool {
    let mut b = a.bytes().skip(1);
    a.starts_with('-')
        && match b.next() {
            Some(b'-') => true,
            Some(c) => c.is_ascii_alphabetic(),
            None => false,
        }
}

/// Reads the command line: `COMMAND WORDS…`, where options and arguments may come in any order,
/// `--name value` or `--name=value`, and `--` ends the options. `-h`/`--help` as an option (not as an
/// option's value, not after `--`), or `help` as the command, asks for the usage.
fn parse_args(argv: &[String]) -> Result<Parsed, Fail> {
    let Some(first) = argv.first() else {
        return Err(Fail::new(
            "missing command: count, solve, export, merge or trace (dlx --help for more)",
        ));
    };
    let command = match first.as_str() {
        "help" | "-h" | "--help" => return Ok(Parsed::Help),
        c => match Command::ALL.iter().find(|&&(n, _)| n == c) {
            Some(&(_, command)) => command,
            None if is_option(c) => {
                // Help anywhere among the options wins over a missing command.
                if argv
                    .iter()
                    .take_while(|a| *a != "--")
                    .any(|a| a == "-h" || a == "--help")
                {
                    return Ok(Parsed::Help);
                }
                return Err(Fail(format!(
                    "missing command before `{}`: count, solve, export, merge or trace (dlx --help for more)",
                    c
                )));
            }
            None => {
                return Err(Fail(format!(
                    "unknown command `{c}`: expected count, solve, export, merge or trace"
                )))
            }
        },
    };
    let mut args = Args::new(command);
    // The options given, in order, to check once help is ruled out.
    let mut given: Vec<&OptSpec> = Vec::new();
    let mut it = argv[1..].iter();
    let mut error = None;
    while let Some(a) = it.next() {
        if a == "--" {
            args.positional.extend(it.by_ref().cloned());
            break;
        }
        if !is_option(a) {
            args.positional.push(a.clone());
            continue;
        }
        if a == "-h" || a == "--help" {
            return Ok(Parsed::Help);
        }
        if error.is_some() {
            // Only a later `--help` can change the outcome now.
            continue;
        }
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (a.as_str(), None),
        };
        let Some(spec) = OPTIONS.iter().find(|o| o.name == name) else {
            error = Some(Fail(format!(
                "unknown option `{a}` (dlx --help lists them; put `--` before an argument that \
                 starts with `-`)"
            )));
            continue;
        };
        let value = match (spec.value, inline) {
            (None, Some(_)) => {
                error = Some(Fail(format!("{name} takes no value")));
                continue;
            }
            (None, None) => None,
            (Some(_), Some(v)) => Some(v),
            (Some(what), None) => match it.next() {
                Some(v) => Some(v.as_str()),
                None => {
                    error = Some(Fail(format!("{name} needs a value ({what})")));
                    continue;
                }
            },
        };
        if let Err(e) = args.set(name, value) {
            error = Some(e);
            continue;
        }
        given.push(spec);
    }
    if let Some(e) = error {
        return Err(e);
    }
    for spec in given {
        if !spec.commands.contains(&command) {
            let names: Vec<&str> = spec.commands.iter().map(|c| c.name()).collect();
            let list = match names.as_slice() {
                [one] => format!("{one} only"),
                [init @ .., last] => format!("{} and {last}", init.join(", ")),
                [] => "no command".into(),
            };
            return Err(Fail(format!(
                "{} applies to {list}, not {}",
                spec.name,
                command.name()
            )));
        }
    }
    if (args.naive || args.heuristic != Heuristic::Mrv)
        && (args.part.is_some() || args.threads.is_some_and(|t| t > 1))
    {
        return Err(Fail::new(
            "--threads and --part apply to --algorithm dlx with --heuristic mrv (the others run \
             on one thread)",
        ));
    }
    if args.naive && args.tree == Some(Tree::Lookahead) {
        return Err(Fail::new(
            "--tree lookahead applies to --algorithm dlx only (the naive algorithm walks DLX1's tree)",
        ));
    }
    if args.naive && args.seed.is_some() {
        return Err(Fail::new(
            "--seed applies to --algorithm dlx only (the naive algorithm keeps the given order)",
        ));
    }
    Ok(Parsed::Run(Box::new(args)))
}

/// Reads a whole file, or standard input for `-`, as text: at most `cap` bytes (`--max-input`), and
/// no NUL byte, both checked as it reads, so that `/dev/zero` or a binary file is refused at once
/// instead of filling memory.
fn read_input(path: &str, cap: u64) -> Result<String, Fail> {
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

const MAX_INPUT_HINT: &str = " (--max-input BYTES raises it)";

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
        "edge-matching" => ("the board: RxC, RxC/K or RxC/K/SEED", "3x3"),
        "macmahon" => ("the board: hexagon", "hexagon"),
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
    if args.format.is_some() && name != "exact-cover" {
        return Err(Fail(format!("--format applies to exact-cover, not {name}")));
    }
    if args.variant.is_some() && name != "sudoku" {
        return Err(Fail(format!("--variant applies to sudoku, not {name}")));
    }
    if args.distinct && !matches!(name.as_str(), "langford" | "pentomino") {
        return Err(Fail(format!(
            "--distinct applies to langford and pentomino, not {name}"
        )));
    }
    // The page's reader of N, so that the same text is accepted or refused, with the same message.
    let n = || -> Result<usize, Fail> {
        problems::parse_n(param).map_err(|e| Fail(format!("N `{param}`: {e}")))
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
        "sudoku" => {
            // A file holds the puzzle (f-puzzles JSON, say) when the argument names one.
            let (text, source) = if param == "-" || std::path::Path::new(param).is_file() {
                (read_input(param, args.max_input)?, source_name(param))
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
        "edge-matching" => (Spec::EdgeMatching(param.clone()), None),
        "macmahon" => (Spec::MacMahon(param.clone()), None),
        "exact-cover" => {
            let text = read_input(param, args.max_input)?;
            let spec = match args.format {
                Some(reading) => Spec::ExactCoverAs(text, reading),
                None => Spec::ExactCover(text),
            };
            (spec, Some(source_name(param)))
        }
        _ => unreachable!("checked above"),
    })
}

/// Builds the problem; a message with no source gets none, one read from text says which text.
fn load(args: &Args) -> Result<(Spec, Box<dyn Problem>), Fail> {
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

/// A search the commands can drive: dancing links ([`Search`]) or the naive matrix ([`Naive`]), which
/// make the same choices and so report the same solutions and counters.
trait Engine {
    /// Runs until a solution (when `stop`), a limit, or the end.
    fn run_on(&mut self, stop: bool) -> Status;
    fn set_limits(&mut self, limits: Limits);
    fn stats(&self) -> &Stats;
    fn solution(&self) -> Vec<usize>;
    fn progress(&self) -> f64;
    /// Whether some branch is finished, so that `progress` is an estimate and not a guess.
    fn finished_any(&self) -> bool;
    fn level(&self) -> usize;
}

impl Engine for Search {
    fn run_on(&mut self, stop: bool) -> Status {
        self.run(&mut SolutionStop { stop })
    }
    fn set_limits(&mut self, limits: Limits) {
        Search::set_limits(self, limits)
    }
    fn stats(&self) -> &Stats {
        Search::stats(self)
    }
    fn solution(&self) -> Vec<usize> {
        Search::solution(self)
    }
    fn progress(&self) -> f64 {
        Search::progress(self)
    }
    fn finished_any(&self) -> bool {
        Search::finished_any(self)
    }
    fn level(&self) -> usize {
        Search::level(self)
    }
}

impl Engine for Naive {
    fn run_on(&mut self, stop: bool) -> Status {
        self.run(|_| {
            if stop {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    }
    fn set_limits(&mut self, limits: Limits) {
        Naive::set_limits(self, limits)
    }
    fn stats(&self) -> &Stats {
        Naive::stats(self)
    }
    fn solution(&self) -> Vec<usize> {
        Naive::solution(self)
    }
    fn progress(&self) -> f64 {
        Naive::progress(self)
    }
    fn finished_any(&self) -> bool {
        Naive::finished_any(self)
    }
    fn level(&self) -> usize {
        Naive::level(self)
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

    fn tick(&mut self, search: &dyn Engine) -> Result<(), Stop> {
        let s = search.stats();
        let estimate = search.finished_any().then(|| search.progress());
        let line =
            dlx_studio::narrate::progress_line(s.nodes, s.solutions, search.level(), estimate);
        self.show(&line)
    }

    /// Shows `line` in place of the one on screen, if the time has come to redraw.
    fn show(&mut self, line: &str) -> Result<(), Stop> {
        let now = Instant::now();
        if now - self.start < REDRAW || now - self.last < REDRAW {
            return Ok(());
        }
        self.last = now;
        let pad = self.shown.saturating_sub(line.len());
        self.shown = line.len();
        write_err(&format!("\r{line}{}", " ".repeat(pad))).map_err(Stop::Stderr)
    }

    fn clear(&mut self) -> Result<(), Stop> {
        if self.shown > 0 {
            let n = std::mem::take(&mut self.shown);
            write_err(&format!("\r{}\r", " ".repeat(n))).map_err(Stop::Stderr)?;
        }
        Ok(())
    }
}

/// Runs the search to its end or until `each` says to end it; `each` is called at every solution while
/// it answers `Tell`. With progress on, runs in chunks of search-tree nodes (`Limits::nodes`) sized to
/// last about a tenth of a second, and redraws the progress line between them. Returns whether the
/// whole tree was explored.
fn drive(
    search: &mut dyn Engine,
    progress: &mut Progress,
    mut each: impl FnMut(&dyn Engine) -> Result<Next, Stop>,
) -> Result<bool, Stop> {
    let mut stop = true;
    // Small at first, so that even a short run goes through the chunked path the same way.
    let mut chunk: u64 = 1024;
    // The node limit stands until it is reached: set anew after each solution, it was never reached
    // where solutions come oftener than a chunk (`solve --limit 0 --progress` drew no line).
    let mut limit_set = false;
    let mut t = Instant::now();
    loop {
        if progress.on && !limit_set {
            search.set_limits(Limits {
                nodes: Some(search.stats().nodes + chunk),
                solutions: None,
            });
            limit_set = true;
            t = Instant::now();
        }
        match search.run_on(stop) {
            Status::Paused => {
                progress.clear()?;
                match each(search)? {
                    Next::Tell => {}
                    Next::CountOn => stop = false,
                    Next::End => return Ok(false),
                }
                // Redrawn between solutions too, at most twice a second (cleared before the next
                // one is printed).
                progress.tick(search)?;
            }
            Status::Limit => {
                let secs = t.elapsed().as_secs_f64().max(1e-6);
                chunk = ((chunk as f64 * 0.1 / secs) as u64).clamp(1024, 1 << 30);
                limit_set = false;
                progress.tick(search)?;
            }
            Status::Done => {
                progress.clear()?;
                return Ok(true);
            }
        }
    }
}

/// A board as text; a plain exact-cover problem has no cells, only its chosen options.
fn board_text(b: &Board) -> String {
    b.printed()
}

/// A search over the problem, in the order `--seed` asks for, with the givens already chosen.
fn start(problem: &dyn Problem, args: &Args) -> Result<Search, Fail> {
    let order = args.seed.map_or(Order::Given, Order::Shuffled);
    let inst = args.instance(problem);
    let mut search = Search::with_order(&inst, order);
    search.set_heuristic(args.heuristic);
    search.set_tree(args.tree());
    search.set_engine(args.engine);
    search
        .preselect(problem.givens())
        .map_err(|c| clash(problem, c.option, c.item))?;
    Ok(search)
}

/// The search `--algorithm` asks for, with the givens already chosen.
fn start_engine(problem: &dyn Problem, args: &Args) -> Result<Box<dyn Engine>, Fail> {
    if !args.naive {
        return Ok(Box::new(start(problem, args)?));
    }
    let mut naive = Naive::new(&args.instance(problem), args.heuristic).map_err(|e| match e {
        NaiveError::TooLarge(cells) => Fail(format!(
            "the 0-1 matrix of {} would have {} cells, more than --algorithm naive holds ({})",
            problem.title(),
            dlx_studio::narrate::thousands(cells as u64),
            dlx_studio::narrate::thousands(dlx_studio::core::naive::MAX_CELLS as u64)
        )),
        NaiveError::Clash { option, item } => clash(problem, option, item),
        NaiveError::Colors => Fail::new(
            "--algorithm naive takes no colours (x:c): its plain 0-1 matrix cannot state them; \
             use --algorithm dlx",
        ),
        NaiveError::Multiplicities => Fail::new(
            "--algorithm naive takes no multiplicities (lo:hi|name): it branches as Algorithm X, \
             where every primary item is covered exactly once; use --algorithm dlx",
        ),
    })?;
    naive.preselect(problem.givens()).map_err(|e| match e {
        NaiveError::Clash { option, item } => clash(problem, option, item),
        NaiveError::TooLarge(_) | NaiveError::Colors | NaiveError::Multiplicities => {
            unreachable!("checked by new")
        }
    })?;
    Ok(Box::new(naive))
}

/// Adds `algorithm` and `heuristic` to a JSON result when either is not the default (dancing links,
/// MRV), so that the default output keeps the keys that `dlx merge` reproduces.
fn name_algorithm(v: &mut serde_json::Value, args: &Args) {
    if !args.naive {
        v["engine"] = json!(args.engine_name());
    }
    if args.naive || args.heuristic != Heuristic::Mrv {
        v["algorithm"] = json!(if args.naive { "naive" } else { "dlx" });
        v["heuristic"] = json!(match args.heuristic {
            Heuristic::Mrv => "mrv",
            Heuristic::First => "first",
        });
    }
}

/// The name of the tree a search walks, for `--json`: `lookahead` or `dlx1` ([`Tree::name`]), and
/// `dlx3` for an instance with multiplicities, whose Algorithm M has no lookahead.
pub(crate) fn tree_name(problem: &dyn Problem, args: &Args) -> &'static str {
    if problem.instance().has_multiplicities() {
        "dlx3"
    } else {
        args.tree().name()
    }
}

/// The JSON line of a count, as `count --json` writes it on one thread or many (and `--part`, which
/// adds its part's fields): the fields every count has.
pub(crate) fn count_report(
    problem: &dyn Problem,
    st: &Stats,
    seconds: f64,
    first: Option<String>,
    threads: u64,
    args: &Args,
) -> dlx_studio::report::CountReport {
    dlx_studio::report::CountReport {
        command: "count".into(),
        problem: problem.title(),
        solutions: st.solutions,
        nodes: st.nodes,
        updates: st.updates,
        seconds,
        max_depth: st.max_depth() as u64,
        first,
        threads,
        tree: tree_name(problem, args).into(),
        pruned: args.pruned.get().map(|n| n as u64),
        ..Default::default()
    }
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
    // The threads split Dancing Links' MRV tree; the naive algorithm and the First heuristic are the
    // teaching comparisons, run on one thread.
    let plain = !args.naive && args.heuristic == Heuristic::Mrv;
    if plain && (args.part.is_some() || parallel::threads_of(args) > 1) {
        return parallel::count(problem, args, out);
    }
    let mut progress = Progress::new(args.progress || io::stderr().is_terminal());
    let t = Instant::now();
    let mut search = start_engine(problem, args)?;
    let mut first = None;
    drive(&mut *search, &mut progress, |s| {
        first = Some(board_text(&problem.board(&s.solution())));
        Ok(Next::CountOn)
    })?;
    let seconds = t.elapsed().as_secs_f64();
    let st = search.stats();
    if args.json {
        // The keys name_algorithm adds to solve's JSON, in the one CountReport type.
        let mut named = json!({});
        name_algorithm(&mut named, args);
        let word = |k: &str| named[k].as_str().map(str::to_owned);
        let report = dlx_studio::report::CountReport {
            engine: word("engine"),
            algorithm: word("algorithm"),
            heuristic: word("heuristic"),
            ..count_report(problem, st, seconds, first, 1, args)
        };
        writeln!(out, "{}", report.to_line())?;
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
    let mut search = start_engine(problem, args)?;
    let mut found = 0u64;
    let mut first: Option<String> = None;
    let json = args.json;
    if json {
        // One JSON object on one line, written as the search goes: the boards array first, a board as
        // it is found, then the counts. Memory stays flat with `--limit 0` however many there are.
        write!(
            out,
            "{{\"command\":\"solve\",\"problem\":{},\"boards\":[",
            json!(problem.title())
        )?;
    }
    let complete = drive(&mut *search, &mut progress, |s| {
        found += 1;
        if limit == 0 || found <= limit {
            let text = board_text(&problem.board(&s.solution()));
            if json {
                if found > 1 {
                    write!(out, ",")?;
                }
                write!(out, "{}", json!(text))?;
            } else {
                // Printed as found, so that `--limit 0` on a big problem streams.
                if found > 1 {
                    writeln!(out)?;
                }
                writeln!(out, "{text}")?;
                out.flush()?;
            }
            if first.is_none() {
                first = Some(text);
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
        let mut rest = json!({
            "solutions": found,
            "complete": complete,
            "nodes": st.nodes,
            "updates": st.updates,
            "seconds": seconds,
            "first": first,
        });
        name_algorithm(&mut rest, args);
        if is_sudoku {
            rest["unique"] = json!(unique);
        }
        // The rest of the object after the array: `{"solutions":…}` without its opening brace.
        let rest = rest.to_string();
        writeln!(out, "],{}", &rest[1..])?;
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
    // One writer of the format, shared with the page's download (problems::knuth_export).
    let text = problems::knuth_export(problem).map_err(|c| clash(problem, c.option, c.item))?;
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// Writes to stderr, reporting a failure (`2>/dev/full`, a closed pipe) rather than panicking as
/// `eprint!` does.
fn write_err(text: &str) -> io::Result<()> {
    let mut e = io::stderr().lock();
    e.write_all(text.as_bytes())?;
    e.flush()
}

/// Whether standard output was closed when dlx started (`dlx … >&-`). Rust's runtime opens
/// `/dev/null` on a closed standard descriptor before `main`, so output written there would vanish
/// and dlx would exit 0. From `main` a closed stdout cannot be told from `/dev/null` opened by the
/// caller (Python's `stdout=DEVNULL`, Node's `'ignore'`, `daemon(3)` and `1<>/dev/null` open it
/// read-write, as the runtime does, and were taken for a closed stdout: exit 1 whatever the input).
/// So the descriptor is looked at before the runtime touches it, from a constructor in
/// `.init_array`, which the C runtime calls before `main`; elsewhere the check is left out.
#[cfg(target_os = "linux")]
mod stdout_check {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" {
        fn fcntl(fd: i32, cmd: i32, ...) -> i32;
    }

    /// `F_GETFD` on Linux (every architecture).
    const F_GETFD: i32 = 1;

    extern "C" fn check() {
        // SAFETY: `fcntl(1, F_GETFD)` only reads descriptor 1's flags; -1 (EBADF) means it is closed.
        if unsafe { fcntl(1, F_GETFD) } == -1 {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    #[used]
    #[link_section = ".init_array"]
    static CHECK: extern "C" fn() = check;

    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}

fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        stdout_check::was_closed()
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// A Sudoku text that holds more than one puzzle (a `--batch` file given as the puzzle) is refused:
/// the reader took the first line for a title and answered the second puzzle alone. A title line that
/// is skipped is said on stderr, as `count exact-cover` says how it read its text.
fn sudoku_skips(text: &str) -> Result<(), Stop> {
    use dlx_studio::problems::sudoku::Grid;
    let Ok(grid) = Grid::parse(text) else {
        return Ok(());
    };
    if !grid.reading().title_skipped {
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

/// Standard output, which refuses every write if it was closed when dlx started: the input is still
/// read and checked first, so bad input exits 2 as promised, and output that has nowhere to go 1.
struct Stdout {
    closed: bool,
    inner: io::StdoutLock<'static>,
}

impl Stdout {
    fn lock() -> Stdout {
        Stdout {
            closed: stdout_was_closed(),
            inner: io::stdout().lock(),
        }
    }

    fn refuse(&self) -> io::Result<()> {
        match self.closed {
            true => Err(io::Error::other(STDOUT_CLOSED)),
            false => Ok(()),
        }
    }
}

const STDOUT_CLOSED: &str = "standard output is closed: nowhere to write the output";

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.refuse()?;
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.refuse()?;
        self.inner.flush()
    }
}

fn run(argv: &[String]) -> Result<(), Stop> {
    let args = match parse_args(argv)? {
        Parsed::Help => {
            let mut out = Stdout::lock();
            out.write_all(USAGE.as_bytes())?;
            out.flush()?;
            return Ok(());
        }
        Parsed::Run(a) => *a,
    };
    let mut out = io::BufWriter::new(Stdout::lock());
    if args.command == Merge {
        parallel::merge(&args.positional, args.max_input, &mut out)?;
        out.flush()?;
        return Ok(());
    }
    if args.threads.is_some() && args.command == Solve && args.batch.is_none() {
        return Err(
            Fail::new("--threads applies to count and solve sudoku --batch, not solve").into(),
        );
    }
    if args.command == Make {
        make::make(&args, &mut out)?;
        out.flush()?;
        return Ok(());
    }
    if let Some(path) = &args.batch {
        if args.positional != ["sudoku"] {
            return Err(Fail::new(
                "--batch solves Sudokus: dlx solve sudoku --batch FILE|- (no puzzle argument)",
            )
            .into());
        }
        for (given, name) in [
            (args.json, "--json"),
            (args.limit.is_some(), "--limit"),
            (args.seed.is_some(), "--seed"),
            (args.variant.is_some(), "--variant"),
        ] {
            if given {
                return Err(Fail(format!(
                    "{name} does not apply to --batch, which writes one line a puzzle"
                ))
                .into());
            }
        }
        parallel::batch(path, &args, &mut out)?;
        out.flush()?;
        return Ok(());
    }
    let (spec, problem) = load(&args)?;
    let note = match &spec {
        // Said only when the text was asked for as something else: a Sudoku in an exact-cover file.
        Spec::Sudoku(_) | Spec::SudokuWith(..) => None,
        _ => problem.note(),
    };
    if let Some(note) = note {
        write_err(&format!("dlx: {}\n", problems::escape_controls(&note))).map_err(Stop::Stderr)?;
    }
    if let Spec::Sudoku(text) | Spec::SudokuWith(text, _) = &spec {
        sudoku_skips(text)?;
    }
    match args.command {
        Command::Count => count(&*problem, &args, &mut out)?,
        Command::Solve => {
            let is_sudoku = problem.board(&[]).kind == "sudoku";
            solve(&*problem, is_sudoku, &args, &mut out)?
        }
        Command::Export => export(&*problem, &mut out)?,
        Command::Trace => {
            let mut search = start(&*problem, &args)?;
            let mut res = Ok(());
            let lang = dlx_studio::narrate::Lang::of(&*problem);
            dlx_studio::narrate::trace(&mut search, problem.instance(), lang, args.events, |l| {
                if res.is_ok() {
                    res = writeln!(out, "{l}");
                }
            });
            res?;
        }
        Command::Merge | Command::Make => unreachable!("done above"),
    }
    out.flush()?;
    Ok(())
}

/// Exit status: 0 success (a closed pipe on stdout too), 1 output that could not be written, 2 bad
/// input or usage. The message goes to stderr if it can; if it cannot, the status still tells.
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
    let (msg, code) = match argv.and_then(|argv| run(&argv)) {
        Ok(()) => return ExitCode::SUCCESS,
        Err(Stop::Fail(Fail(msg))) => (msg, 2),
        Err(Stop::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(Stop::Output(_)) if stdout_was_closed() => (STDOUT_CLOSED.to_string(), 1),
        Err(Stop::Output(e)) => (format!("cannot write to standard output: {e}"), 1),
        Err(Stop::Stderr(e)) => (format!("cannot write to standard error: {e}"), 1),
    };
    // One line of visible characters, whatever the message quotes (a file name, an argument, the
    // input): control characters are escaped, so a file cannot drive the terminal.
    let _ = write_err(&format!("dlx: {}\n", problems::escape_controls(&msg)));
    ExitCode::from(code)
}
