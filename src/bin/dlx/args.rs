//! The command line read into `Args`: commands, the table of options (`OPTIONS`), their values
//! checked (numbers, names, `--part K/N`, `--threads T`), and which option applies to which command.

use crate::fail::Fail;
use dlx_studio::core::threads;
use dlx_studio::core::{Algorithm, Engine as Counter, Heuristic, Named, Tree};
use dlx_studio::problems::{self, exact_cover::Reading};
use dlx_studio::report;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Command {
    Count,
    Solve,
    Export,
    Merge,
    Trace,
    Make,
    Zdd,
}

use Command::{Count, Export, Make, Merge, Solve, Trace, Zdd};

impl Command {
    /// Every command, as typed.
    const ALL: &'static [(&'static str, Command)] = &[
        ("count", Count),
        ("solve", Solve),
        ("export", Export),
        ("merge", Merge),
        ("trace", Trace),
        ("make", Make),
        ("zdd", Zdd),
    ];

    fn name(self) -> &'static str {
        Command::ALL
            .iter()
            .find(|&&(_, c)| c == self)
            .map_or("?", |&(n, _)| n)
    }
}

/// One option of the command line. To add one: a row here, a field in [`Args`], an arm in
/// [`Args::set`], a line in the help (`help.rs`). The parser does the rest (the value, `--name=value`, and
/// refusing the option for a command it does not apply to).
pub(crate) struct OptSpec {
    name: &'static str,
    /// What its value is called in a message (`--limit needs a value (K)`); `None`: a flag.
    value: Option<Value>,
    /// The commands it applies to.
    commands: &'static [Command],
}

pub(crate) const OPTIONS: &[OptSpec] = &[
    OptSpec {
        name: "--json",
        value: None,
        commands: &[Count, Solve, Make],
    },
    OptSpec {
        name: "--limit",
        value: Some(Value::Is("K")),
        commands: &[Solve, Zdd],
    },
    OptSpec {
        name: "--seed",
        value: Some(Value::Is("S")),
        commands: &[Count, Solve, Make, Zdd],
    },
    OptSpec {
        name: "--memo",
        value: None,
        commands: &[Count],
    },
    OptSpec {
        name: "--memo-budget",
        value: Some(Value::Is("MIB")),
        commands: &[Count],
    },
    OptSpec {
        name: "--zdd",
        value: Some(Value::Is("FILE")),
        commands: &[Count],
    },
    OptSpec {
        name: "--variant",
        value: Some(Value::Is("V")),
        commands: &[Count, Solve, Export, Trace, Make],
    },
    OptSpec {
        name: "--clues",
        value: Some(Value::Is("N")),
        commands: &[Make],
    },
    OptSpec {
        name: "--distinct",
        value: None,
        commands: &[Count, Solve, Export, Trace],
    },
    OptSpec {
        name: "--algorithm",
        value: Some(Value::OneOf(Algorithm::choices)),
        commands: &[Count, Solve],
    },
    OptSpec {
        name: "--heuristic",
        value: Some(Value::OneOf(Heuristic::choices)),
        commands: &[Count, Solve, Trace],
    },
    OptSpec {
        name: "--prune",
        value: Some(Value::Is("probe, blocked or none")),
        commands: &[Count, Solve, Trace],
    },
    OptSpec {
        name: "--engine",
        value: Some(Value::OneOf(Counter::choices)),
        commands: &[Count, Solve],
    },
    OptSpec {
        name: "--tree",
        value: Some(Value::OneOf(Tree::choices)),
        commands: &[Count, Solve, Trace],
    },
    OptSpec {
        name: "--events",
        value: Some(Value::Is("N")),
        commands: &[Trace],
    },
    OptSpec {
        name: "--progress",
        value: None,
        commands: &[Count, Solve, Make],
    },
    OptSpec {
        name: "--format",
        value: Some(Value::Is("knuth, matrix or auto")),
        commands: &[Count, Solve, Export, Trace],
    },
    OptSpec {
        name: "--threads",
        value: Some(Value::Is("T")),
        commands: &[Count, Solve],
    },
    OptSpec {
        name: "--part",
        value: Some(Value::Is("K/N")),
        commands: &[Count],
    },
    OptSpec {
        name: "--batch",
        value: Some(Value::Is("FILE")),
        commands: &[Solve],
    },
    OptSpec {
        name: "--max-input",
        value: Some(Value::Is("BYTES")),
        commands: &[Count, Solve, Export, Merge, Trace, Zdd],
    },
];

/// The command line, parsed.
#[derive(Debug)]
pub(crate) struct Args {
    pub(crate) command: Command,
    /// The problem's name and its arguments.
    pub(crate) positional: Vec<String>,
    pub(crate) json: bool,
    pub(crate) limit: Option<u64>,
    pub(crate) seed: Option<u64>,
    pub(crate) distinct: bool,
    pub(crate) progress: bool,
    pub(crate) threads: Option<usize>,
    pub(crate) part: Option<Part>,
    pub(crate) batch: Option<String>,
    /// `--memo`: count with memos (`core::memo`).
    pub(crate) memo: bool,
    /// `--memo-budget`: the memo table's budget in MiB (`None`: `memo::DEFAULT_BUDGET`).
    pub(crate) memo_budget: Option<u64>,
    /// `--zdd FILE`: where to write the ZDD of all solutions.
    pub(crate) zdd: Option<String>,
    /// The most bytes read from a file or standard input.
    pub(crate) max_input: u64,
    /// `--algorithm`: dancing links, or Algorithm X on the plain 0-1 matrix (`naive`).
    pub(crate) algorithm: Algorithm,
    pub(crate) heuristic: Heuristic,
    /// `--tree`: the search tree dancing links walks (`None`: the default, see [`Args::tree`]).
    pub(crate) tree: Option<Tree>,
    /// `--prune probe|blocked|none` (`None`: not given; see [`Args::prune`]).
    pub(crate) prune_arg: Option<Prune>,
    /// `--engine auto|bits|links` (`Counter::Auto`, the default).
    pub(crate) engine: Counter,
    /// How many options the search's instance had emptied as blocked, once `start` has pruned.
    pub(crate) pruned: std::cell::Cell<Option<usize>>,
    /// The engine that counted, once the instance is known (`Args::instance`).
    pub(crate) engine_of: std::cell::Cell<Option<Counter>>,
    /// trace: the most events printed.
    pub(crate) events: u64,
    /// How to read an exact-cover text; `None`: decide (`Reading::Auto`).
    pub(crate) format: Option<Reading>,
    /// `--variant`: the rules added to a Sudoku, as typed (read by the problem or by make).
    pub(crate) variant: Option<String>,
    /// make: `--clues`.
    pub(crate) clues: Option<u64>,
    /// The options given, by name, in the order given.
    pub(crate) given: Vec<&'static str>,
}

impl Args {
    /// `--algorithm naive`.
    pub(crate) fn naive(&self) -> bool {
        self.algorithm == Algorithm::Naive
    }

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
            memo: false,
            memo_budget: None,
            zdd: None,
            max_input: problems::MAX_INPUT,
            algorithm: Algorithm::Dlx,
            heuristic: Heuristic::Mrv,
            tree: None,
            prune_arg: None,
            engine: Counter::Auto,
            pruned: std::cell::Cell::new(None),
            engine_of: std::cell::Cell::new(None),
            events: DEFAULT_EVENTS,
            format: None,
            variant: None,
            clues: None,
            given: Vec::new(),
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
            "--threads" => self.threads = Some(parse_threads(v())?),
            "--part" => self.part = Some(parse_part(v())?),
            "--batch" => self.batch = Some(v().to_string()),
            "--memo" => self.memo = true,
            "--memo-budget" => {
                let mib = parse_number(name, v())?;
                if mib == 0 || mib > MAX_MEMO_MIB {
                    return Err(Fail(format!(
                        "--memo-budget `{}`: give MiB from 1 to {MAX_MEMO_MIB}",
                        v()
                    )));
                }
                self.memo_budget = Some(mib)
            }
            "--zdd" => self.zdd = Some(v().to_string()),
            // Rules add up: `--variant x --variant anti-knight` is `--variant x,anti-knight`.
            "--variant" => {
                // `--variant ''` or `--variant ,` names no rule: a variable left empty in a script,
                // refused rather than solved as a classic Sudoku in silence.
                if v().split(',').all(|w| w.trim().is_empty()) {
                    return Err(Fail(format!(
                        "--variant `{}` names no rule: give one or more of x, windoku, \
                         anti-knight, anti-king, non-consecutive, comma-separated (make also \
                         takes jigsaw, killer, thermo and classic)",
                        v()
                    )));
                }
                self.variant = Some(match self.variant.take() {
                    Some(before) => format!("{before},{}", v()),
                    None => v().to_string(),
                })
            }
            "--clues" => self.clues = Some(parse_number(name, v())?),
            "--max-input" => self.max_input = parse_number(name, v())?,
            "--events" => self.events = parse_number(name, v())?,
            "--algorithm" => self.algorithm = named(name, v())?,
            "--heuristic" => self.heuristic = named(name, v())?,
            "--prune" => self.prune_arg = Some(one_of(name, v(), PRUNES)?),
            "--engine" => self.engine = named(name, v())?,
            "--tree" => self.tree = Some(named(name, v())?),
            "--format" => {
                self.format =
                    Some(Reading::from_name(v()).map_err(|e| Fail(format!("--format: {e}")))?)
            }
            _ => unreachable!("{name} is in OPTIONS but not in Args::set"),
        }
        Ok(())
    }
}

/// What an option's value is called: a word, or the names of a setting (`core::names`).
#[derive(Clone, Copy)]
pub(crate) enum Value {
    Is(&'static str),
    OneOf(fn() -> String),
}

impl Value {
    pub(crate) fn what(self) -> String {
        match self {
            Value::Is(w) => w.into(),
            Value::OneOf(names) => names(),
        }
    }
}

/// The value of option `name`, a name of the setting `T` (`core::names`): any other word is refused
/// as "--name `word`: expected a, b or c".
fn named<T: Named>(name: &str, value: &str) -> Result<T, Fail> {
    T::parse_name(value).map_err(|e| Fail(format!("{name} {e}")))
}

/// The value of option `name` among `choices` (each word it takes, and what the word means);
/// any other word is refused as "--name `word`: expected a, b or c".
pub(crate) fn one_of<T: Copy>(name: &str, value: &str, choices: &[(&str, T)]) -> Result<T, Fail> {
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

/// What `--prune` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prune {
    /// The instance as given: DLX1's own nodes and updates.
    None,
    /// The blocked options emptied before the search (`core::prune`).
    Blocked,
    /// Blocked options emptied at the start and at each node of a shallow tree of choices where
    /// plain search below it passed a budget (`core::probe`): the same solutions, found sooner.
    Probe,
    /// Options given up at every node as soon as the open ones show no solution holds them
    /// (`core::propagate`): the same solutions, a tree of its own.
    Propagate,
    /// Probes and propagation (by MRV and by dom/wdeg) taking turns of about equal work
    /// (`core::turns`): the first to end answers.
    Both,
}

/// `--prune`'s words.
const PRUNES: &[(&str, Prune)] = &[
    ("probe", Prune::Probe),
    ("propagate", Prune::Propagate),
    ("both", Prune::Both),
    ("blocked", Prune::Blocked),
    ("none", Prune::None),
];

impl Args {
    /// The pruning a search of `problem` gets: `--prune`'s, else for a Sudoku solved with shapes
    /// (`problems::solved_by_turns`), propagation by MRV and by dom/wdeg taking turns (ISS's
    /// collection, benches/README.md), or otherwise the start pruned; none elsewhere (so that
    /// nodes and updates are DLX1's, as Knuth's programs count them).
    pub(crate) fn prune(&self, problem: &dyn dlx_studio::problems::Problem) -> Prune {
        if let Some(p) = self.prune_arg {
            return p;
        }
        if self.solves_sudoku_by_default(problem) {
            if dlx_studio::problems::solved_by_turns(problem) {
                Prune::Propagate
            } else {
                Prune::Blocked
            }
        } else {
            Prune::None
        }
    }

    /// Whether plain search (pruned of blocked options) runs first and, past
    /// `core::turns::HEAD` updates, hands over to propagation taking turns (`Turns::with_head`):
    /// `solve` of a Sudoku without shapes, with nothing said of pruning or of the search.
    pub(crate) fn hands_over(&self, problem: &dyn dlx_studio::problems::Problem) -> bool {
        self.prune_arg.is_none()
            && self.batch.is_none()
            && self.solves_sudoku_by_default(problem)
            && !dlx_studio::problems::solved_by_turns(problem)
    }

    /// `solve` of a Sudoku with the search's defaults (no seed, tree, heuristic or algorithm said).
    fn solves_sudoku_by_default(&self, problem: &dyn dlx_studio::problems::Problem) -> bool {
        problem.board(&[]).kind == dlx_studio::problems::ProblemKind::Sudoku
            && self.command == Command::Solve
            && !self.naive()
            && self.seed.is_none()
            && self.tree.is_none()
            && self.heuristic == Heuristic::Mrv
    }
}

/// The largest `--memo-budget`, in MiB (1 TiB): a bound on a typo, not on the machine.
const MAX_MEMO_MIB: u64 = 1 << 20;

/// Events `dlx trace` prints when `--events` does not say.
pub(crate) const DEFAULT_EVENTS: u64 = 1000;

pub(crate) enum Parsed {
    Help,
    // Boxed: Args is large (clippy::large_enum_variant).
    Run(Box<Args>),
}

/// A number given to an option, read by the reader of N (`problems::parse_whole`), so that `+3`,
/// `-3` and `3x` are refused here as they are for N, with the same words.
pub(crate) fn parse_number(name: &str, s: &str) -> Result<u64, Fail> {
    // The reader of N takes spaces around a number (a line of a file); an option's value is one
    // word of digits, as the help says (`--seed ' 5'` was read as 5).
    let blank = s.chars().position(char::is_whitespace);
    if let Some(c) = blank.filter(|_| !s.trim().is_empty()) {
        return Err(Fail(format!(
            "{name} `{s}`: whitespace at character {}: the value is digits only",
            c + 1
        )));
    }
    problems::parse_whole(name, s).map_err(|e| Fail(format!("{name} `{s}`: {e}")))
}

/// Whether a command-line word is an option: `-` then a letter, or `--` then anything. So `-` (standard
/// input), `-3` (a bad number) and `-.5..` (a Sudoku) are arguments; after `--`, every word is one.
pub(crate) fn is_option(a: &str) -> bool {
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
pub(crate) fn parse_args(argv: &[String]) -> Result<Parsed, Fail> {
    let Some(first) = argv.first() else {
        return Err(Fail::new(
            "missing command: count, solve, export, merge, trace, make or zdd (dlx --help for more)",
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
                    "missing command before `{}`: count, solve, export, merge, trace, make or zdd (dlx --help for more)",
                    c
                )));
            }
            None => {
                return Err(Fail(format!(
                "unknown command `{c}`: expected count, solve, export, merge, trace, make or zdd"
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
            // `--threads=` with nothing after it: said as a value left out, not as an empty one.
            (Some(what), Some("")) => {
                error = Some(Fail(format!(
                    "{name}= has nothing after the `=`: it needs a value ({})",
                    what.what()
                )));
                continue;
            }
            (Some(_), Some(v)) => Some(v),
            (Some(what), None) => match it.next() {
                Some(v) => Some(v.as_str()),
                None => {
                    error = Some(Fail(format!("{name} needs a value ({})", what.what())));
                    continue;
                }
            },
        };
        // An option with a value takes one (the last one given won: `--part 0/2 --part 1/2`
        // counted part 1 alone); `--variant` adds its rules to those given before.
        if spec.value.is_some() && name != "--variant" && given.iter().any(|g| g.name == name) {
            error = Some(Fail(format!(
                "{name} is given twice: it takes one value (the second was `{}`)",
                value.unwrap_or_default()
            )));
            continue;
        }
        if let Err(e) = args.set(name, value) {
            error = Some(e);
            continue;
        }
        given.push(spec);
    }
    if let Some(e) = error {
        return Err(e);
    }
    args.given = given.iter().map(|spec| spec.name).collect();
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
    if (args.naive() || args.heuristic != Heuristic::Mrv)
        && (args.part.is_some() || args.threads.is_some_and(|t| t > 1))
    {
        return Err(Fail::new(
            "--threads and --part apply to --algorithm dlx with --heuristic mrv (the others run \
             on one thread)",
        ));
    }
    if args.naive() && args.tree == Some(Tree::Lookahead) {
        return Err(Fail::new(
            "--tree lookahead applies to --algorithm dlx only (the naive algorithm walks DLX1's tree)",
        ));
    }
    let own_tree = args
        .prune_arg
        .filter(|p| matches!(p, Prune::Probe | Prune::Propagate | Prune::Both))
        .and_then(|p| PRUNES.iter().find(|&&(_, q)| q == p))
        .map(|&(name, _)| name);
    if let Some(name) = own_tree.filter(|_| {
        args.command != Solve
            || args.naive()
            || args.heuristic != Heuristic::Mrv
            || args.seed.is_some()
            || args.tree.is_some()
    }) {
        return Err(Fail(format!(
            "--prune {name} applies to solve with --algorithm dlx and --heuristic mrv, without \
             --seed or --tree (its tree is its own); count and trace take --prune blocked"
        )));
    }
    if args.zdd.is_some() && !args.memo {
        return Err(Fail::new("--zdd applies to count --memo: add --memo"));
    }
    if args.memo_budget.is_some() && !args.memo && !crate::memo::races(&args) {
        return Err(Fail::new(
            "--memo-budget applies to count --memo, and to the memos --engine auto tries beside \
             plain search (not with --engine bits or links, --tree, --seed, --part, --algorithm \
             naive or --heuristic first): add --memo",
        ));
    }
    if args.memo {
        // What the memo count does not take: said, not ignored.
        let refused = [
            ("--part", "counts the whole search"),
            ("--algorithm", "is dancing links' MRV search with memos"),
            ("--heuristic", "branches by MRV"),
            ("--tree", "walks DLX1's tree with memos"),
            ("--engine", "is an engine of its own"),
            ("--seed", "keeps the given order"),
            ("--progress", "shows no progress line"),
        ];
        if let Some((name, why)) = refused.iter().find(|(n, _)| args.given.contains(n)) {
            return Err(Fail(format!(
                "{name} does not apply to --memo, which {why}"
            )));
        }
    }
    if args.naive() && args.seed.is_some() {
        return Err(Fail::new(
            "--seed applies to --algorithm dlx only (the naive algorithm keeps the given order)",
        ));
    }
    Ok(Parsed::Run(Box::new(args)))
}

/// `--part K/N`: which share of the split this run counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    pub k: usize,
    pub n: usize,
}

/// Reads `K/N` (0 <= K < N), each number as N is read everywhere else.
pub(crate) fn parse_part(s: &str) -> Result<Part, Fail> {
    if let Some(c) = s.chars().position(char::is_whitespace) {
        return Err(Fail(format!(
            "--part `{s}`: whitespace at character {}: give K/N in digits only",
            c + 1
        )));
    }
    let Some((k, n)) = s.split_once('/') else {
        return Err(Fail(format!(
            "--part `{s}`: give K/N, part K (from 0) of N, as in --part 0/8"
        )));
    };
    // Read as N is everywhere (digits only); the message names the whole value and which number.
    let num = |what: &str, t: &str| {
        problems::parse_whole(what, t)
            .ok()
            .and_then(|v| usize::try_from(v).ok())
            .map_or_else(
                || match problems::parse_whole(what, t) {
                    Err(e) => Err(Fail(format!("--part `{s}`: {}", e.message))),
                    Ok(_) => Err(Fail(format!("--part `{s}`: {what} is far too large"))),
                },
                Ok,
            )
    };
    let (k, n) = (num("K", k)?, num("N", n)?);
    if n == 0 {
        return Err(Fail(format!("--part `{s}`: N must be at least 1")));
    }
    // Nothing is allocated per part (`Split::share`), but merge has to see every part: a bound as
    // the page's (a u32) keeps the numbers sane.
    if n as u64 > report::MAX_PARTS {
        return Err(Fail(format!(
            "--part `{s}`: N must be at most {}",
            report::MAX_PARTS
        )));
    }
    if k >= n {
        return Err(Fail(format!(
            "--part `{s}`: K must be below N (parts are numbered 0 to {})",
            n - 1
        )));
    }
    Ok(Part { k, n })
}

/// The most threads `--threads` may ask for: past a machine's cores more threads only share them,
/// and a number far beyond is a typo (`--threads 4294967296` was once taken as 1024 in silence).
const MAX_THREADS: u64 = 1024;

/// `--threads T`: 1 to [`MAX_THREADS`].
pub(crate) fn parse_threads(s: &str) -> Result<usize, Fail> {
    let t = parse_number("--threads", s)?;
    if t == 0 {
        return Err(Fail::new("--threads must be at least 1"));
    }
    if t > MAX_THREADS {
        let cores = threads::available();
        return Err(Fail(format!(
            "--threads `{s}`: at most {MAX_THREADS} (this machine has {})",
            dlx_studio::figures::count(cores as u64, "core")
        )));
    }
    Ok(t as usize)
}

/// The threads to use: as asked, or every core.
pub(crate) fn threads_of(args: &Args) -> usize {
    args.threads.unwrap_or_else(threads::available)
}
