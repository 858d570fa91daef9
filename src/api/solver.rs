//! The library's `Solver` and `Solutions`: a search to count, solve, step and step back, and the
//! lazy iterator of its solutions.

use crate::core::{
    self, threads, Engine, Event, Limits, Order, Search, Stats, Status, StopAtSolution, Tree,
};

/// A search over one instance: Knuth's Algorithm X (DLX1; with colours Algorithm C, with
/// multiplicities Algorithm M) as a machine that runs to the end, stops at each solution, or takes
/// one [`Event`] at a time, forwards and backwards, with no trace kept.
///
/// Counting runs a tight loop (on bit sets where they pay) that reports the same counters as the
/// event-by-event machine; any mix of counting, solving and stepping is allowed on one solver.
///
/// ```
/// use dlx_studio::{Event, Instance};
///
/// let inst = Instance::parse("a b\na\nb\na b\n")?;
/// let mut solver = inst.solver();
/// // The first event chooses an item: `a` (header 1), which has two options.
/// assert_eq!(solver.step(), Some(Event::Choose { level: 0, item: 1, len: 2 }));
/// assert_eq!(solver.step_back(), Some(Event::Choose { level: 0, item: 1, len: 2 }));
/// assert_eq!(solver.next_solution(), Some(vec![0, 1]));
/// assert_eq!(solver.count(), 2);
/// // Solvers, instances and puzzles may move to and be shared with other threads.
/// fn send_sync<T: Send + Sync>() {}
/// send_sync::<dlx_studio::Solver>();
/// send_sync::<dlx_studio::Instance>();
/// send_sync::<dlx_studio::Puzzle>();
/// # Ok::<(), dlx_studio::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    search: Search,
}

/// What [`Solver::next_solution_within`] found within its budget of nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A solution: its options' numbers.
    Solution(Vec<usize>),
    /// The budget ran out first: ask again to go on.
    Paused,
    /// The search is over: there is no more solution.
    Done,
}

impl Solver {
    /// A search over an instance of the engine, its givens chosen first.
    pub(crate) fn with_givens(inst: &core::Instance, givens: &[usize]) -> super::Result<Solver> {
        let mut solver = Solver::new(inst);
        solver
            .search
            .preselect(givens)
            .map_err(|c| super::Error::clash(inst, c))?;
        Ok(solver)
    }

    pub(crate) fn new(inst: &core::Instance) -> Solver {
        Solver {
            search: Search::new(inst),
        }
    }

    /// Counts every solution not yet found and returns the number found from the start, this
    /// thread only. A solver that was stepped or solved part way counts on from where it stands.
    ///
    /// ```
    /// let mut solver = dlx_studio::queens::new(6)?.solver()?;
    /// assert_eq!(solver.next_solution().map(|s| s.len()), Some(6));
    /// assert_eq!(solver.count(), 4);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn count(&mut self) -> u64 {
        self.search.set_limits(Limits::default());
        self.search.run(&mut core::Count);
        self.search.stats().solutions
    }

    /// Counts on for at most `max_nodes` more nodes of the search tree and returns whether the
    /// search is over: a long count in slices, with the number found so far in
    /// [`Solver::stats`]`().solutions` between them (the npm package counts this way, so as not
    /// to block its event loop).
    ///
    /// ```
    /// let mut solver = dlx_studio::queens::new(8)?.solver()?;
    /// let mut slices = 1;
    /// while !solver.count_within(100) {
    ///     slices += 1;
    /// }
    /// assert_eq!(solver.stats().solutions, 92);
    /// assert!(slices > 1);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn count_within(&mut self, max_nodes: u64) -> bool {
        self.limit_nodes(max_nodes);
        let status = self.search.run(&mut core::Count);
        self.search.set_limits(Limits::default());
        status == Status::Done
    }

    /// The next solution (its options' numbers, givens first), or `None` when there is no more.
    ///
    /// ```
    /// let mut solver = dlx_studio::Instance::parse("a b\na\nb\na b\n")?.solver();
    /// assert_eq!(solver.next_solution(), Some(vec![0, 1]));
    /// assert_eq!(solver.next_solution(), Some(vec![2]));
    /// assert_eq!(solver.next_solution(), None);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn next_solution(&mut self) -> Option<Vec<usize>> {
        self.search.set_limits(Limits::default());
        match self.search.run(&mut StopAtSolution) {
            Status::Paused => Some(self.search.solution()),
            Status::Limit | Status::Done => None,
        }
    }

    /// The next solution if it is found within `max_nodes` more nodes of the search tree.
    ///
    /// ```
    /// use dlx_studio::Found;
    ///
    /// let mut solver = dlx_studio::queens::new(12)?.solver()?;
    /// assert_eq!(solver.next_solution_within(1), Found::Paused);
    /// let mut found = solver.next_solution_within(1_000_000);
    /// assert!(matches!(found, Found::Solution(ref s) if s.len() == 12));
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn next_solution_within(&mut self, max_nodes: u64) -> Found {
        self.limit_nodes(max_nodes);
        let status = self.search.run(&mut StopAtSolution);
        self.search.set_limits(Limits::default());
        match status {
            Status::Paused => Found::Solution(self.search.solution()),
            Status::Limit => Found::Paused,
            Status::Done => Found::Done,
        }
    }

    /// Takes one event forwards: what the page shows one step at a time. `None` once the search
    /// is over. Items in events are header numbers, `item + 1` ([`Solver::item_of`]); nodes name
    /// an option ([`Solver::option_of`]).
    ///
    /// ```
    /// use dlx_studio::Event;
    ///
    /// let mut solver = dlx_studio::Instance::parse("a\na\n")?.solver();
    /// let mut events = Vec::new();
    /// while let Some(e) = solver.step() {
    ///     events.push(e);
    /// }
    /// assert!(events.contains(&Event::Solution { level: 1 }));
    /// assert!(solver.is_done());
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn step(&mut self) -> Option<Event> {
        self.search.step()
    }

    /// Takes one event back, exactly undoing the last one taken (forwards by [`Solver::step`] or
    /// within a count or a solve), and returns it; `None` at the start. Nothing is recorded on the
    /// way forward: the state before an event is recomputed from the state after it.
    ///
    /// ```
    /// let mut solver = dlx_studio::queens::new(5)?.solver()?;
    /// let forward: Vec<_> = (0..40).map_while(|_| solver.step()).collect();
    /// let mut back: Vec<_> = std::iter::from_fn(|| solver.step_back()).collect();
    /// back.reverse();
    /// assert_eq!(back, forward);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn step_back(&mut self) -> Option<Event> {
        self.search.step_back()
    }

    /// Whether the whole search tree has been explored.
    ///
    /// ```
    /// let mut solver = dlx_studio::queens::new(4)?.solver()?;
    /// assert!(!solver.is_done());
    /// solver.count();
    /// assert!(solver.is_done());
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn is_done(&self) -> bool {
        self.search.is_done()
    }

    /// DLX1's counters so far: nodes, updates, cleansings, solutions and the nodes at each level.
    ///
    /// ```
    /// let mut solver = dlx_studio::queens::new(8)?.solver()?;
    /// solver.count();
    /// assert_eq!(solver.stats().solutions, 92);
    /// assert!(solver.stats().nodes > 92);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn stats(&self) -> &Stats {
        self.search.stats()
    }

    /// The level of the search tree the search stands at (0 at the root).
    ///
    /// ```
    /// let mut solver = dlx_studio::queens::new(4)?.solver()?;
    /// solver.next_solution();
    /// assert_eq!(solver.level(), 4);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn level(&self) -> usize {
        self.search.level()
    }

    /// The options chosen on the path to where the search stands (givens first): at a solution,
    /// the solution.
    ///
    /// ```
    /// let mut solver = dlx_studio::queens::new(4)?.solver()?;
    /// let first = solver.next_solution().unwrap();
    /// assert_eq!(solver.chosen(), first);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn chosen(&self) -> Vec<usize> {
        self.search.solution()
    }

    /// Knuth's estimate of the fraction of the search tree explored so far, from 0 to 1.
    ///
    /// ```
    /// let mut solver = dlx_studio::queens::new(8)?.solver()?;
    /// solver.next_solution();
    /// let p = solver.progress();
    /// assert!(p > 0.0 && p < 1.0);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn progress(&self) -> f64 {
        self.search.progress()
    }

    /// The item number (from 0) of item header `header`, as events name items.
    ///
    /// ```
    /// use dlx_studio::Event;
    ///
    /// let inst = dlx_studio::Instance::parse("a b\nb\na\n")?;
    /// let mut solver = inst.solver();
    /// let Some(Event::Choose { item, .. }) = solver.step() else { panic!() };
    /// assert_eq!(inst.item_name(solver.item_of(item)), "a");
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn item_of(&self, header: u32) -> usize {
        core::Links::item_of_header(header)
    }

    /// The option number (from 0) of node `node`, as events name options (`Hide`, `Try`, …).
    ///
    /// ```
    /// use dlx_studio::Event;
    ///
    /// let inst = dlx_studio::Instance::parse("a b\nb\na\n")?;
    /// let mut solver = inst.solver();
    /// let tried = std::iter::from_fn(|| solver.step())
    ///     .find_map(|e| match e { Event::Try { node, .. } => Some(node), _ => None })
    ///     .unwrap();
    /// assert_eq!(solver.option_of(tried), 1);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn option_of(&self, node: u32) -> usize {
        self.search.links().option_of(node)
    }

    /// The solutions not yet found, one at a time.
    ///
    /// ```
    /// let solver = dlx_studio::queens::new(6)?.solver()?;
    /// assert_eq!(solver.into_solutions().count(), 4);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn into_solutions(self) -> Solutions {
        Solutions { solver: self }
    }

    /// The engine's own search, for the CLI, the page and the bindings built over this crate.
    #[doc(hidden)]
    pub fn search(&mut self) -> &mut Search {
        &mut self.search
    }

    fn limit_nodes(&mut self, max_nodes: u64) {
        let nodes = self.search.stats().nodes.saturating_add(max_nodes);
        self.search.set_limits(Limits {
            nodes: Some(nodes),
            solutions: None,
        });
    }
}

/// The solutions of a search, each found as it is asked for ([`crate::Instance::solutions`],
/// [`Solver::into_solutions`]); a solution is its options' numbers, givens first.
///
/// ```
/// let inst = dlx_studio::queens::new(10)?.instance();
/// let three: Vec<Vec<usize>> = inst.solutions().take(3).collect();
/// assert_eq!(three.len(), 3);
/// # Ok::<(), dlx_studio::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    solver: Solver,
}

impl Solutions {
    /// The search behind the iterator: its counters, or stepping from where it stopped.
    ///
    /// ```
    /// let inst = dlx_studio::queens::new(8)?.instance();
    /// let mut solutions = inst.solutions();
    /// solutions.next();
    /// assert_eq!(solutions.solver().stats().solutions, 1);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn solver(&self) -> &Solver {
        &self.solver
    }
}

impl Iterator for Solutions {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.solver.next_solution()
    }
}

/// Counts `inst` with `givens` chosen first on up to `threads` threads (0: every core).
pub(crate) fn count_threads(
    inst: &core::Instance,
    givens: &[usize],
    threads: usize,
) -> super::Result<u64> {
    let threads = if threads == 0 {
        threads::available()
    } else {
        threads
    };
    let whole = threads::count_whole(
        inst,
        givens,
        Order::Given,
        Tree::Dlx1,
        Engine::Auto,
        threads,
        &threads::Progress::default(),
    )
    .map_err(|c| super::Error::clash(inst, c))?;
    Ok(whole.tally.stats.solutions)
}
