//! Driving a search for the commands: dancing links or the naive matrix behind one trait, started as
//! the options say (order, heuristic, tree, engine, `--prune blocked`), or with probes (`--prune
//! probe`, `core::probe`), or searches taking turns (`core::turns`): propagation by MRV and by
//! dom/wdeg (`--prune propagate`, `core::propagate`), with probes (`--prune both`); run with a
//! progress line.

use crate::args::{Args, Command, Prune};
use crate::fail::{Fail, Stop};
use crate::output::write_err;
use dlx_studio::core::Engine as Counter;
use dlx_studio::core::{
    probe::{ProbeStats, Probing},
    prune,
    turns::Turns,
    Instance, Limits, Naive, NaiveError, Order, Search, SolutionStop, Stats, Status, Tree,
};
use dlx_studio::problems::{Board, Problem};
use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// A search the commands can drive: dancing links ([`Search`]) or the naive matrix ([`Naive`]), which
/// make the same choices and so report the same solutions and counters.
pub(crate) trait Engine {
    /// Runs until a solution (when `stop`), a limit, or the end.
    fn run_on(&mut self, stop: bool) -> Status;
    fn set_limits(&mut self, limits: Limits);
    fn stats(&self) -> &Stats;
    fn solution(&self) -> Vec<usize>;
    fn progress(&self) -> f64;
    /// Whether some branch is finished, so that `progress` is an estimate and not a guess.
    fn finished_any(&self) -> bool;
    fn level(&self) -> usize;
    /// What probing did, for a search with probes (`--prune probe`).
    fn probes(&self) -> Option<ProbeStats> {
        None
    }
    /// Which search ended the tree, for searches taking turns (`--prune propagate` and `both`).
    fn ended_by(&self) -> Option<&'static str> {
        None
    }
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

/// `Engine` for a search whose inherent methods have the trait's names (`run_on`, `set_limits`,
/// `stats`, `solution`, `progress`, `finished_any`, `level`), with any other methods given after.
macro_rules! engine_by_its_methods {
    ($t:ty { $($more:item)* }) => {
        impl Engine for $t {
            fn run_on(&mut self, stop: bool) -> Status {
                <$t>::run_on(self, stop)
            }
            fn set_limits(&mut self, limits: Limits) {
                <$t>::set_limits(self, limits)
            }
            fn stats(&self) -> &Stats {
                <$t>::stats(self)
            }
            fn solution(&self) -> Vec<usize> {
                <$t>::solution(self)
            }
            fn progress(&self) -> f64 {
                <$t>::progress(self)
            }
            fn finished_any(&self) -> bool {
                <$t>::finished_any(self)
            }
            fn level(&self) -> usize {
                <$t>::level(self)
            }
            $($more)*
        }
    };
}

engine_by_its_methods!(Probing {
    fn probes(&self) -> Option<ProbeStats> {
        Some(self.probe_stats().clone())
    }
});

engine_by_its_methods!(Turns {
    fn probes(&self) -> Option<ProbeStats> {
        self.has_probes().then(|| self.probe_stats().clone())
    }
    fn ended_by(&self) -> Option<&'static str> {
        Turns::ended_by(self)
    }
});

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
pub(crate) enum Next {
    /// Stop at the next one too.
    Tell,
    /// Count the rest without stopping.
    CountOn,
    /// End the search here.
    End,
}

/// The progress line on stderr: search-tree nodes, solutions and Knuth's estimate of the fraction of
/// the tree explored, redrawn in place about twice a second once the run has lasted half a second.
pub(crate) struct Progress {
    pub(crate) on: bool,
    start: Instant,
    last: Instant,
    /// Length of the line on screen, so that it can be blanked out; 0 when none is shown.
    shown: usize,
}

const REDRAW: Duration = Duration::from_millis(500);

impl Progress {
    pub(crate) fn new(on: bool) -> Progress {
        let now = Instant::now();
        Progress {
            on,
            start: now,
            last: now,
            shown: 0,
        }
    }

    /// The time since the count began.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub(crate) fn tick(&mut self, search: &dyn Engine) -> Result<(), Stop> {
        let s = search.stats();
        let estimate = search.finished_any().then(|| search.progress());
        let line = dlx_studio::narrate::progress_line(
            s.nodes,
            s.solutions,
            search.level(),
            estimate,
            self.elapsed().as_secs_f64(),
        );
        self.show(&line)
    }

    /// Shows `line` in place of the one on screen, if the line is on and the time has come to redraw.
    /// (Off, it showed anyway at a solution found after half a second: `drive` ticks at each one, and
    /// `count … --prune blocked` wrote a line into a test's piped stderr on a loaded machine.)
    pub(crate) fn show(&mut self, line: &str) -> Result<(), Stop> {
        if !self.on {
            return Ok(());
        }
        let now = Instant::now();
        if now - self.start < REDRAW || now - self.last < REDRAW {
            return Ok(());
        }
        self.last = now;
        let pad = self.shown.saturating_sub(line.len());
        self.shown = line.len();
        write_err(&format!("\r{line}{}", " ".repeat(pad))).map_err(Stop::Stderr)
    }

    pub(crate) fn clear(&mut self) -> Result<(), Stop> {
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
pub(crate) fn drive(
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
pub(crate) fn board_text(b: &Board) -> String {
    b.printed()
}

/// A search over the problem, in the order `--seed` asks for, with the givens already chosen.
pub(crate) fn start(problem: &dyn Problem, args: &Args) -> Result<Search, Fail> {
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
pub(crate) fn start_engine(problem: &dyn Problem, args: &Args) -> Result<Box<dyn Engine>, Fail> {
    if !args.naive() {
        let prune = args.prune(problem);
        // `solve --threads` is for the turns of --prune propagate and both (count's threads
        // split the tree).
        let hands_over = args.hands_over(problem);
        if args.command == Command::Solve
            && args.batch.is_none()
            && args.threads.is_some()
            && !matches!(prune, Prune::Propagate | Prune::Both)
            && !hands_over
        {
            return Err(Fail::new(
                "--threads applies to solve with --prune propagate or both (searches taking \
                 turns; propagate is the default for a Sudoku with shapes, and for any other \
                 Sudoku once plain search passes its head start) and to solve sudoku --batch; \
                 count splits its tree on threads",
            ));
        }
        if hands_over {
            // Plain search first; propagation taking turns only past its head start.
            let head = start(problem, args)?;
            let mut turns =
                Turns::propagation(problem.instance(), problem.givens()).with_head(head);
            turns.set_parallel(crate::args::threads_of(args) > 1);
            return Ok(Box::new(turns));
        }
        if !matches!(prune, Prune::Probe | Prune::Propagate | Prune::Both) {
            return Ok(Box::new(start(problem, args)?));
        }
        // Givens that clash are named, as plain search names them.
        drop(start(problem, args)?);
        let (inst, givens) = (problem.instance(), problem.givens());
        return Ok(match prune {
            // The turns of a round at once where there are cores for them: the same answer,
            // counters included, as one after another (core::turns). Multiplicities have no
            // propagation: probes alone.
            Prune::Both | Prune::Propagate => {
                let mut turns = if prune == Prune::Both {
                    Turns::new(inst, givens)
                } else {
                    Turns::propagation(inst, givens)
                };
                turns.set_parallel(crate::args::threads_of(args) > 1);
                Box::new(turns)
            }
            _ => Box::new(Probing::new(inst, givens)),
        });
    }
    let mut naive = Naive::new(&args.instance(problem), args.heuristic).map_err(|e| match e {
        NaiveError::TooLarge(_) => Fail(e.describe("--algorithm naive", Some(&problem.title()))),
        NaiveError::Clash { option, item } => clash(problem, option, item),
        NaiveError::Colors | NaiveError::Multiplicities => Fail(format!(
            "{}; use --algorithm dlx",
            e.describe("--algorithm naive", None)
        )),
    })?;
    naive.preselect(problem.givens()).map_err(|e| match e {
        NaiveError::Clash { option, item } => clash(problem, option, item),
        NaiveError::TooLarge(_) | NaiveError::Colors | NaiveError::Multiplicities => {
            unreachable!("checked by new")
        }
    })?;
    Ok(Box::new(naive))
}

pub(crate) fn clash(problem: &dyn Problem, option: usize, item: usize) -> Fail {
    let inst = problem.instance();
    Fail(format!(
        "the givens clash: `{}` needs item `{}`, which an earlier given already covers",
        inst.option_text(option),
        inst.item_name(item)
    ))
}

/// What the options make of the problem's instance before the search.
impl Args {
    /// The instance the search runs on: the problem's, or with its blocked options emptied (same
    /// option numbers, so solutions and boards read the same). Notes how many were emptied.
    /// With `--prune blocked` only: emptying pentomino 6x10's 144 blocked options makes its count
    /// faster, but the default keeps the instance as given, so that nodes and updates are
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
                // Told every 64 checks: the line is made only where it is shown.
                if progress.on {
                    let line = format!(
                        "pruning blocked options: round {}, {} of {} options checked, {} emptied",
                        at.round, at.checked, at.options, at.removed
                    );
                    failed |= progress.show(&line).is_err();
                }
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
        let inst = match self.prune(problem) {
            Prune::Blocked => self.prune_blocked(problem).map(|p| {
                self.pruned.set(Some(p.removed));
                std::borrow::Cow::Owned(p.instance)
            }),
            Prune::Probe | Prune::Propagate | Prune::Both | Prune::None => None,
        }
        .unwrap_or(std::borrow::Cow::Borrowed(problem.instance()));
        let engine = self.engine.resolve(&inst, self.tree());
        // `--engine bits` where the bit sets cannot walk: said, not done in silence.
        if self.engine == Counter::Bits
            && engine == Counter::Links
            && self.engine_of.get().is_none()
        {
            let why = match self.tree() {
                Tree::Dlx1 => dlx_studio::core::bits::unfit(&inst).unwrap_or_default(),
                _ => "--tree lookahead walks links only".into(),
            };
            let _ = write_err(&format!(
                "dlx: --engine bits does not apply here ({why}): the search runs on links\n"
            ));
        }
        self.engine_of.set(Some(engine));
        inst
    }
}
