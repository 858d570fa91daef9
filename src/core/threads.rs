//! The subproblems of a [`Split`] counted on a rayon work-stealing pool, and other work spread over
//! threads in the same way (the CLI's Sudoku batch). Rayon is a native-only dependency: on wasm32,
//! where the page runs one Web Worker per core instead (each counting a part, see `wasm::Session`),
//! these functions do the same work on the calling thread, so that code using them still compiles.
//!
//! Subproblems come largest-estimate first and each is one task, so the big ones start early and idle
//! threads steal what is left; every thread reuses one search (`Split::count_in` restarts it) rather
//! than copying the matrix per subproblem. Counts are plain sums, so the result does not depend on
//! the number of threads or on which thread counted what.
//!
//! A whole count (`dlx count --threads T`, [`count_whole`]) makes no split: past a short trial, the
//! search goes on on the calling thread and shares its work with the others as they need it
//! ([`Sharing`]), so that no thread waits for a split, and no node of the trial is counted twice.

use super::instance::Instance;
use super::links::Order;
use super::search::{Clash, Engine, Limits, Phase, Search, Status, Tree};
use super::split::{Split, Tally};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What the workers have counted so far, for a progress line: read it from another thread.
#[derive(Debug, Default)]
pub struct Progress {
    pub nodes: AtomicU64,
    /// DLX1's updates at those nodes: with the nodes, the work Knuth's estimate measures the tree in.
    pub updates: AtomicU64,
    pub solutions: AtomicU64,
    /// Set by the caller to give up (its progress line cannot be written, say): subproblems not yet
    /// started are skipped, so the count ends within one subproblem's time, with a partial tally.
    pub stop: AtomicBool,
    /// Estimated size of the subproblems finished so far (see [`Progress::fraction`]).
    done: AtomicU64,
    total: AtomicU64,
    /// Subproblems finished, of `subproblems`.
    pub finished: AtomicU64,
    pub subproblems: AtomicU64,
    /// The threads counting (0 until [`count_whole`] has decided; 1 where it stays on one).
    pub threads: AtomicU64,
    /// Knuth's estimate of the whole tree's size (nodes plus updates) where a split made one, as
    /// `f64` bits (0: none), so that a progress line can say how big before any subproblem ends.
    tree: AtomicU64,
}

impl Progress {
    /// Knuth's estimate of the whole tree's size (nodes plus updates), where the split made one.
    pub fn tree_estimate(&self) -> Option<f64> {
        let t = f64::from_bits(self.tree.load(Ordering::Relaxed));
        // (A path estimate can overflow to infinity: that says nothing, so none.)
        (t > 0.0 && t.is_finite()).then_some(t)
    }

    /// Knuth's estimate of the fraction done: the finished subproblems' estimated sizes over all.
    pub fn fraction(&self) -> f64 {
        let total = self.total.load(Ordering::Relaxed);
        if total == 0 {
            0.0
        } else {
            self.done.load(Ordering::Relaxed) as f64 / total as f64
        }
    }
}

/// Search-tree nodes a worker counts before its first update of the shared progress; then chunks
/// are sized to last about [`TICK`], whatever a node costs (a fixed chunk left the progress line at
/// "0 nodes" for minutes where nodes are slow).
const FIRST_CHUNK: u64 = 1 << 10;

/// How long a worker counts between two updates of the shared progress.
#[cfg(not(target_arch = "wasm32"))]
const TICK: std::time::Duration = std::time::Duration::from_millis(50);

/// The next chunk of nodes, from the last one and how long it took: sized to last about [`TICK`].
/// On wasm32 (no clock; the page runs workers instead) chunks stay as they are.
struct Chunks {
    size: u64,
    #[cfg(not(target_arch = "wasm32"))]
    since: std::time::Instant,
}

impl Chunks {
    fn new() -> Chunks {
        Chunks {
            size: FIRST_CHUNK,
            #[cfg(not(target_arch = "wasm32"))]
            since: std::time::Instant::now(),
        }
    }

    fn next(&mut self) -> u64 {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let now = std::time::Instant::now();
            let took = (now - self.since).as_secs_f64().max(1e-6);
            self.since = now;
            let scaled = self.size as f64 * TICK.as_secs_f64() / took;
            // At most 4 times larger at a time, so that one fast chunk does not make a slow one.
            self.size = (scaled as u64).clamp(1, self.size.saturating_mul(4).min(1 << 24));
        }
        self.size
    }
}

/// The number of threads to use when none is asked for: all the cores the system gives this process.
pub fn available() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `f` applied to every item, on `threads` threads, each with its own state from `init`; the
/// results in the items' order. Falls back to the calling thread where no thread can be started.
pub fn map_in_order<T, S, R>(
    items: &[T],
    threads: usize,
    init: impl Fn() -> S + Sync + Send,
    f: impl Fn(&mut S, &T) -> R + Sync + Send,
) -> Vec<R>
where
    T: Sync,
    R: Send,
    S: Send,
{
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        if let Ok(pool) = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
        {
            // One state per pool thread, made on its first item and kept: `map_init` would make
            // one per rayon job, which `with_max_len(1)` makes one per item (a Sudoku Solver per
            // puzzle, its 64 KB matrix laid out again each time). Each lock is only ever taken by
            // its own thread.
            let states: Vec<std::sync::Mutex<Option<S>>> = (0..pool.current_num_threads())
                .map(|_| Default::default())
                .collect();
            return pool.install(|| {
                items
                    .par_iter()
                    .with_max_len(1)
                    .map(|t| {
                        let i = rayon::current_thread_index().unwrap_or(0) % states.len();
                        let mut state = states[i].lock().unwrap_or_else(|e| e.into_inner());
                        f(state.get_or_insert_with(&init), t)
                    })
                    .collect()
            });
        }
    }
    let _ = threads;
    let mut state = init();
    items.iter().map(|t| f(&mut state, t)).collect()
}

/// Counts the subproblems `subs` of `split` (all of them for a whole count, a part's share for
/// `--part`) on `threads` threads, adding them up; `progress` is updated as they go.
pub fn count(split: &Split, subs: &[usize], threads: usize, progress: &Progress) -> Tally {
    // Largest first (`subproblems` is sorted so), whatever order the share lists them in.
    let mut subs = subs.to_vec();
    subs.sort_unstable();
    let subs = &subs[..];
    let size = |i: usize| split.subproblems[i].estimate.max(1.0) as u64;
    progress
        .tree
        .store(split.estimate.max(0.0).to_bits(), Ordering::Relaxed);
    progress
        .total
        .store(subs.iter().map(|&i| size(i)).sum(), Ordering::Relaxed);
    progress
        .subproblems
        .store(subs.len() as u64, Ordering::Relaxed);
    let tallies = map_in_order(
        subs,
        threads,
        // The chunk size is the thread's, not the subproblem's: each return from the fast loop
        // brings the links to the bit sets' path, so subproblems of a few thousand nodes, each begun
        // with a small chunk, would return far more often than the sequential count).
        || (split.search(), Chunks::new()),
        |(search, chunks), &i| {
            if progress.stop.load(Ordering::Relaxed) {
                return Tally::default();
            }
            let t = split.count_in_by(search, i, Some(chunks.size), |n, u, s| {
                progress.nodes.fetch_add(n, Ordering::Relaxed);
                progress.updates.fetch_add(u, Ordering::Relaxed);
                progress.solutions.fetch_add(s, Ordering::Relaxed);
                Some(chunks.next())
            });
            progress.done.fetch_add(size(i), Ordering::Relaxed);
            progress.finished.fetch_add(1, Ordering::Relaxed);
            t
        },
    );
    tallies.into_iter().fold(Tally::default(), Tally::merged)
}

/// Search-tree nodes a whole count runs on one thread before it considers splitting: a search that
/// ends within them (a Sudoku, 8-queens: 1,049 nodes) is counted exactly as `--threads 1` counts it,
/// with no estimate, split or pool to pay for; even where nodes are slowest (pentomino 8x8 on bit
/// sets) 2,048 of them take under a millisecond.
pub const TRIAL_NODES: u64 = 1 << 11;

/// The largest chunk (nodes) a whole count runs between two looks at whether to share: tens of
/// milliseconds of pentomino or queens on bit sets, past which a search is long anyway.
const DECIDE_CHUNK_MAX: u64 = 1 << 16;

/// Knuth's estimate (nodes plus updates) below which a whole count stays on the thread that began
/// it: a few milliseconds of counting, where the split, its walk and the pool's start would eat
/// what a second thread gains.
pub const SPLIT_PAYS: f64 = 1e6;

/// What a whole count did: its tally (every thread's added up), the threads it used and the
/// subproblems it counted (1 when it stayed on one thread; else the shares handed between threads,
/// the first one, which the calling thread went on with, included).
#[derive(Clone, Debug)]
pub struct Whole {
    pub tally: Tally,
    pub threads: usize,
    pub subproblems: usize,
    /// Knuth's estimate that decided (0 when the trial finished the search).
    pub estimate: f64,
    /// The serial part: from the start until the other threads had work (the trial, the
    /// estimate, the first jobs), wall-clock; 0 when the count stayed on one thread (and on wasm32,
    /// which has no clock).
    pub serial: std::time::Duration,
}

/// Search-tree nodes a thread counts between two looks at whether another thread waits for work
/// (and two updates of the shared progress): a thread that waits, waits about this long.
const SHARE_CHUNK: u64 = 1 << 12;

/// Counts the whole search over `inst` (laid out in `order`, walking `tree`, counting on `engine`,
/// `givens` chosen first) on up to `threads` threads, updating `progress`. The other threads must
/// pay for themselves: the search runs on this thread in chunks from [`TRIAL_NODES`] nodes, doubling,
/// as `--threads 1` runs it, until it finishes, or Knuth's estimate from where it stands or the work it has done
/// reaches [`SPLIT_PAYS`]. Only then are the other threads started, and this one goes on with its search where it stands, handing work to
/// them as they ask for it (work sharing, see [`Sharing`]): the untried options at the shallowest
/// level of its path, which it then never tries itself ([`Search::rebase`]). The counts and the
/// first solution are the sequential search's either way.
pub fn count_whole(
    inst: &Instance,
    givens: &[usize],
    order: Order,
    tree: Tree,
    engine: Engine,
    threads: usize,
    progress: &Progress,
) -> Result<Whole, Clash> {
    // The time since the start, for `Whole::serial` (none on wasm32, which has no clock).
    #[cfg(not(target_arch = "wasm32"))]
    let elapsed = {
        let started = std::time::Instant::now();
        move || started.elapsed()
    };
    #[cfg(target_arch = "wasm32")]
    let elapsed = || std::time::Duration::ZERO;
    // The search at its start, as this thread builds it and as each other thread builds its own
    // (on its own thread, so that this one goes on counting meanwhile).
    let base = || {
        Split::base_search(inst, givens, order, tree).map(|mut s| {
            s.set_engine(engine);
            s
        })
    };
    let built = clock_ns();
    let mut search = base()?;
    let built = clock_ns().saturating_sub(built);
    let started = clock_ns();
    let mut first = None;
    let mut chunk = TRIAL_NODES;
    let mut finished = run_first(&mut search, Some(chunk), &[], &mut first) == Status::Done;
    let mut estimate = 0.0;
    // A search with multiplicities is not shared (its levels tweak options, which preselecting a
    // prefix does not do): it goes on here, with no estimate.
    let may_share = threads > 1 && !inst.has_multiplicities();
    // The decision costs a short search nothing: it goes on in trial-sized chunks, exactly as
    // `--threads 1` counts it, and after each the other threads are started if Knuth's estimate
    // of the whole tree from where the search stands (what it counted over the fraction of the
    // tree it explored, `Search::progress`: free) says "long", or if the work done so far is
    // already that long (the estimate understates skewed trees: pentomino 8x8 6 times, 6x10 57
    // times; such a search shares a few milliseconds late instead of never). Random probes would
    // cost a short search a share of its time; this estimate is free.
    while may_share && !finished && !progress.stop.load(Ordering::Relaxed) {
        let st = search.stats();
        let work = (st.nodes + st.updates) as f64;
        estimate = work / search.progress().max(f64::MIN_POSITIVE);
        // Each other thread first builds its own search, which takes about what this one's build
        // took: the split waits until this search has counted `BUILD_SHARE` times that long, so
        // that a search whose instance is large and whose tree is small stays here (128,000
        // options of the same 62 items: a build that takes about as long as the count; a copy of
        // this thread's search for the other cost more than the count itself).
        let paid = clock_ns().saturating_sub(started) >= BUILD_SHARE.saturating_mul(built);
        if (estimate >= SPLIT_PAYS || work >= SPLIT_PAYS) && paid {
            estimate = estimate.max(work);
            progress.tree.store(estimate.to_bits(), Ordering::Relaxed);
            // The other threads start from the search at its start, built again on each of them;
            // this one goes on where it stands.
            let mut serial = None;
            let (tally, threads, subproblems) = share_whole(
                search,
                first,
                || base().expect("the search was built once from the same instance"),
                givens.len(),
                (threads, SHARE_CHUNK, SETUP_SHARE),
                progress,
                || serial = Some(elapsed()),
            );
            let serial = serial.unwrap_or_default();
            return Ok(Whole {
                tally,
                threads,
                subproblems,
                estimate,
                serial,
            });
        }
        // Chunks double, so that a search that stays here stops as often as the one-thread
        // path does (a resumed search pays its set-up again at every chunk), up to a bound: a
        // chunk is how late the decision and a stop
        // can come.
        chunk = (chunk * 2).min(DECIDE_CHUNK_MAX);
        finished = run_first(&mut search, Some(chunk), &[], &mut first) == Status::Done;
    }
    // On this thread to the end, in chunks for the progress line.
    progress.threads.store(1, Ordering::Relaxed);
    progress.subproblems.store(1, Ordering::Relaxed);
    progress.total.store(1 << 20, Ordering::Relaxed);
    let mut chunks = Chunks::new();
    let (mut nodes, mut updates, mut solutions) = (0, 0, 0);
    let mut done = finished;
    loop {
        let st = search.stats();
        progress
            .nodes
            .fetch_add(st.nodes - nodes, Ordering::Relaxed);
        progress
            .updates
            .fetch_add(st.updates - updates, Ordering::Relaxed);
        progress
            .solutions
            .fetch_add(st.solutions - solutions, Ordering::Relaxed);
        (nodes, updates, solutions) = (st.nodes, st.updates, st.solutions);
        if done || progress.stop.load(Ordering::Relaxed) {
            break;
        }
        progress.done.store(
            (search.progress() * f64::from(1 << 20)) as u64,
            Ordering::Relaxed,
        );
        done = run_first(&mut search, Some(chunks.next()), &[], &mut first) == Status::Done;
    }
    if done {
        progress.done.store(1 << 20, Ordering::Relaxed);
        progress.finished.store(1, Ordering::Relaxed);
    }
    Ok(Whole {
        tally: Tally {
            stats: search.stats().clone(),
            first: first.map(|(_, f)| (0, f)),
        },
        threads: 1,
        subproblems: 1,
        estimate,
        serial: std::time::Duration::ZERO,
    })
}

/// The whole search shared between `threads` threads from its start, whatever its size, looking
/// for a waiting thread every `chunk` nodes: what [`count_whole`] does past its trial, for tests
/// that make small searches hand out many jobs (`chunk` of a few nodes), on every problem kind.
/// Not with multiplicities (one thread counts those).
pub fn count_shared(
    inst: &Instance,
    givens: &[usize],
    order: Order,
    (tree, engine): (Tree, Engine),
    (threads, chunk): (usize, u64),
    progress: &Progress,
) -> Result<Whole, Clash> {
    assert!(
        !inst.has_multiplicities(),
        "a search with multiplicities is not shared"
    );
    let mut search = Split::base_search(inst, givens, order, tree)?;
    search.set_engine(engine);
    let base = search.clone();
    // At the root entered (the state a node cap stops at), as after a trial.
    let mut first = None;
    if run_first(&mut search, Some(0), &[], &mut first) == Status::Done {
        // No primary item: nothing to share.
        return Ok(Whole {
            tally: Tally {
                stats: search.stats().clone(),
                first: first.map(|(_, f)| (0, f)),
            },
            threads: 1,
            subproblems: 1,
            estimate: 0.0,
            serial: std::time::Duration::ZERO,
        });
    }
    let (tally, threads, subproblems) = share_whole(
        search,
        first,
        || base.clone(),
        givens.len(),
        // Every look may give (no set-up guard): a small search hands out many jobs, whatever the
        // machine's timing, so that the tests walk every path of the sharing.
        (threads, chunk.max(1), 0),
        progress,
        || {},
    );
    Ok(Whole {
        tally,
        threads,
        subproblems,
        estimate: 0.0,
        serial: std::time::Duration::ZERO,
    })
}

/// A solution's place in the search's order: the nodes of the options on its path from the root
/// of the whole search. Two paths part at a node where both branch on the same item, and an item's
/// list holds its options in the order they are tried, in increasing node numbers; so the smaller
/// key is the solution found first.
type Key = Vec<u32>;

/// The first solution met, with its [`Key`]: `above` is the path of the searched node's root in the
/// whole search (what was preselected by work sharing, givens excepted).
struct First<'a> {
    above: &'a [u32],
    found: &'a mut Option<(Key, Vec<usize>)>,
}

impl super::search::Observer for First<'_> {
    const FINE: bool = false;
    #[inline(always)]
    fn reads_path(&self) -> bool {
        self.found.is_none()
    }
    #[inline(always)]
    fn event(&mut self, ev: super::search::Event, search: &Search) -> std::ops::ControlFlow<()> {
        if self.found.is_none() && matches!(ev, super::search::Event::Solution { .. }) {
            let key = self.above.iter().chain(search.path()).copied().collect();
            *self.found = Some((key, search.solution()));
        }
        std::ops::ControlFlow::Continue(())
    }
}
/// Runs `search` on for at most `max_nodes` more nodes (`None`: to its end), keeping in `found` the
/// first solution it meets if it holds none.
fn run_first(
    search: &mut Search,
    max_nodes: Option<u64>,
    above: &[u32],
    found: &mut Option<(Key, Vec<usize>)>,
) -> Status {
    let cap = max_nodes.map(|m| search.stats().nodes.saturating_add(m));
    search.set_limits(Limits {
        nodes: cap,
        solutions: None,
    });
    // Once a solution is kept, the plain counter: the loop `--threads 1` runs (the observer's
    // test at each solution is paid at every one of a count's solutions).
    let status = if found.is_some() {
        search.run(&mut super::search::Count)
    } else {
        search.run(&mut First { above, found })
    };
    search.set_limits(Limits::default());
    status
}

/// A share of the search handed from one thread to another: the node reached by choosing `prefix`
/// (after the givens), whose item's options after the first `skip` are left to try.
struct Job {
    prefix: Vec<usize>,
    skip: u32,
    /// The item that node branches on and its options' number then (the taker checks both).
    item: u32,
    d: u32,
    /// The path (nodes) to that node from the root of the whole search: orders its solutions.
    key: Key,
    /// Knuth's estimate of the share of the whole tree it holds, and where in its own search's
    /// progress ([`Search::progress`]) it starts (the skipped options come first).
    weight: f64,
    p0: f64,
}

/// The threads of a whole count and the work they hand one another. A thread with nothing to do
/// takes a job from the pool, or waits there; every `chunk` nodes a counting thread looks at the
/// pool, and if it is empty, puts in the untried options at the shallowest level of its path as
/// one [`Job`] (the largest piece it can give: the classic split of work-stealing tree searches),
/// so that a thread that finishes finds the next job waiting. The taker
/// preselects the job's prefix, enters its node and skips the options tried by the giver, so its
/// search then walks exactly what the giver's would have. The count is over when every thread waits.
struct Sharing<'a> {
    pool: std::sync::Mutex<Pool>,
    wake: std::sync::Condvar,
    /// Jobs in the pool, read without the lock at every look.
    queued: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    threads: usize,
    progress: &'a Progress,
    n_givens: usize,
    /// Nodes counted between two looks at the pool ([`SHARE_CHUNK`]).
    chunk: u64,
    /// What the latest job's set-up took ([`Sharing::begin`]), in ns of [`clock_ns`].
    setup_ns: AtomicU64,
    /// [`SETUP_SHARE`], or 0 where every look may give ([`count_shared`]).
    setup_share: u64,
}

/// A thread hands out work only after counting at least this many times what a job's set-up takes
/// since it took its job or last gave one: a job's set-up (its prefix preselected, its item covered)
/// is paid again by every taker, and where it costs more than the work behind it the threads passed
/// the same node back and forth. 64,000 options that all hold the same 16 items (each a solution):
/// every job covered the first item, hiding the other 63,999 options, for 256 nodes of work; two
/// threads took 1.38 s where one took 0.07 s, and 128,000 options of 62 items 43 s against 0.3 s.
/// With the set-up at most an eighth of the work between two gives, sharing costs at most that.
const SETUP_SHARE: u64 = 8;

/// A whole count is shared only once its search has run this many times what building it took
/// (see [`count_whole`]): each other thread builds its own before it counts.
const BUILD_SHARE: u64 = 4;

/// Nanoseconds since the first call (0 on wasm32, which has no clock: there every look may give).
fn clock_ns() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_nanos() as u64
    }
    #[cfg(target_arch = "wasm32")]
    0
}

#[derive(Default)]
struct Pool {
    jobs: Vec<Job>,
    idle: usize,
    over: bool,
}

/// What one thread counted: its counters (levels as in the whole search) and its first solution.
struct Counted {
    stats: super::search::Stats,
    first: Option<(Key, Vec<usize>)>,
}

impl Counted {
    fn new(depth: usize) -> Counted {
        Counted {
            stats: super::search::Stats {
                profile: vec![0; depth],
                ..Default::default()
            },
            first: None,
        }
    }

    /// Adds `st`, counted by a search whose level 0 is level `depth` of the whole search.
    fn add(&mut self, st: &super::search::Stats, depth: usize) {
        let a = &mut self.stats;
        a.nodes += st.nodes;
        a.updates += st.updates;
        a.cleansings += st.cleansings;
        a.solutions += st.solutions;
        for (l, &n) in st.profile.iter().enumerate() {
            if n > 0 {
                a.profile[l + depth] += n;
            }
        }
    }

    fn first(&mut self, found: Option<(Key, Vec<usize>)>) {
        if let Some(f) = found {
            if self.first.as_ref().is_none_or(|g| f.0 < g.0) {
                self.first = Some(f);
            }
        }
    }
}

/// Progress is kept in units of 2^-30 of the whole tree (Knuth's estimate).
const WHOLE: f64 = (1u64 << 30) as f64;

/// Where a thread's search stands in the whole search: the path above its level 0, and the share
/// of the whole tree its search's tree holds, for the progress line.
struct Place {
    key: Key,
    /// Level of the whole search that is its level 0.
    depth: usize,
    weight: f64,
    p0: f64,
    /// The share of the whole tree this thread finished before this search's tree.
    banked: f64,
    /// What it last added to the shared progress: explored share (in 2^-30), nodes, updates,
    /// solutions.
    shown: (u64, u64, u64, u64),
    /// When it took its job or last gave one ([`clock_ns`]).
    since_ns: u64,
}

impl Place {
    fn new(key: Key, depth: usize, weight: f64, p0: f64, banked: f64) -> Place {
        Place {
            key,
            depth,
            weight,
            p0,
            banked,
            shown: (0, 0, 0, 0),
            since_ns: clock_ns(),
        }
    }

    /// The share of the whole tree explored by this thread so far, done: all of its search's.
    fn explored(&self, search: &Search, done: bool) -> u64 {
        let e = if done {
            self.banked + self.weight
        } else {
            let p = search.progress().max(self.p0);
            self.banked + self.weight * (p - self.p0) / (1.0 - self.p0).max(f64::MIN_POSITIVE)
        };
        (e.clamp(0.0, 1.0) * WHOLE) as u64
    }

    /// Adds what this thread counted since it last did to the shared progress.
    fn show(&mut self, search: &Search, progress: &Progress, done: bool) {
        let st = search.stats();
        let e = self.explored(search, done);
        progress
            .nodes
            .fetch_add(st.nodes - self.shown.1, Ordering::Relaxed);
        progress
            .updates
            .fetch_add(st.updates - self.shown.2, Ordering::Relaxed);
        progress
            .solutions
            .fetch_add(st.solutions - self.shown.3, Ordering::Relaxed);
        // The estimate may go down a little (a subtree found smaller than guessed): wrapping.
        progress
            .done
            .fetch_add(e.wrapping_sub(self.shown.0), Ordering::Relaxed);
        self.shown = (e, st.nodes, st.updates, st.solutions);
    }
}

impl Sharing<'_> {
    /// The next job, waiting for one; `None` when the count is over (or stopped).
    fn take(&self) -> Option<Job> {
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if pool.over || self.progress.stop.load(Ordering::Relaxed) {
                return None;
            }
            if let Some(job) = pool.jobs.pop() {
                self.queued.store(pool.jobs.len(), Ordering::Relaxed);
                return Some(job);
            }
            pool.idle += 1;
            if pool.idle == self.threads {
                // Nobody counts, so nobody will hand out more: every thread is done.
                pool.over = true;
                self.wake.notify_all();
                return None;
            }
            // A timeout, so that a stop (set from another thread, without the lock) is seen.
            pool = self
                .wake
                .wait_timeout(pool, std::time::Duration::from_millis(10))
                .unwrap_or_else(|e| e.into_inner())
                .0;
            pool.idle -= 1;
        }
    }

    /// Whether the thread at `place` has counted long enough since it took its job or last gave one
    /// to pay for a job's set-up ([`SETUP_SHARE`]).
    fn may_give(&self, place: &Place) -> bool {
        let setup = self.setup_ns.load(Ordering::Relaxed);
        clock_ns().saturating_sub(place.since_ns) >= self.setup_share.saturating_mul(setup)
    }

    /// Hands the untried options at the shallowest level of `search`'s path to a waiting thread,
    /// if it has any, and goes on below that level ([`Search::rebase`]).
    fn give(&self, search: &mut Search, place: &mut Place, counted: &mut Counted) {
        // At a level entered (a node cap's stop): levels 0..level each hold a tried option.
        let choices = search.choices();
        let Some(j) = choices.iter().position(|&(k, d)| k < d) else {
            return;
        };

        let (k, d) = choices[j];
        // Knuth's estimate (as `Search::progress`): option k of d at level j stands for
        // 1/(d_0...d_j) of the search's tree, after what the levels above it explored.
        let (mut before, mut share) = (0.0, 1.0);
        for &(k, d) in &choices[..j] {
            share /= f64::from(d);
            before += f64::from(k.max(1) - 1) * share;
        }
        share /= f64::from(d);
        before += f64::from(k - 1) * share;
        let scale = place.weight / (1.0 - place.p0).max(f64::MIN_POSITIVE);
        let path = search.path();
        let pre = search.preselected().len();
        let options = search.solution();
        let job = Job {
            prefix: options[self.n_givens..pre + j].to_vec(),
            skip: k,
            item: search.links().top(path[j]),
            d,
            key: place.key.iter().chain(&path[..j]).copied().collect(),
            weight: scale * f64::from(d - k) * share,
            p0: f64::from(k) / f64::from(d),
        };
        place.key.extend_from_slice(&path[..=j]);
        // The counters so far go to this thread's tally, shown first (they restart at 0).
        place.show(search, self.progress, false);
        let shown = place.shown.0;
        let st = search.rebase(j + 1);
        counted.add(&st, place.depth);
        place.depth += j + 1;
        place.banked += scale * (before - place.p0).max(0.0);
        place.weight = scale * share;
        place.p0 = 0.0;
        place.shown = (shown, 0, 0, 0);
        place.since_ns = clock_ns();
        self.progress.subproblems.fetch_add(1, Ordering::Relaxed);
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        pool.jobs.push(job);
        self.queued.store(pool.jobs.len(), Ordering::Relaxed);
        self.wake.notify_one();
    }

    /// Counts on `search` from where it stands (its place in the whole search `place`) to its end,
    /// giving work away when asked; then takes jobs until the count is over.
    fn work(&self, mut search: Search, mut place: Place, counted: &mut Counted) {
        // Where a node is slow, chunks are cut to about `TICK`, for the progress line and a stop.
        let mut chunks = Chunks::new();
        // The search's loop looks at the pool every `chunk` nodes and returns only when it is
        // empty (or at the end of a chunk of `Chunks`, for the progress line and a stop): each
        // return brings the links in step with the bit sets' path, work that returning at every
        // chunk would repeat for nothing.
        search.set_watch(Some((self.queued.clone(), self.chunk)));
        loop {
            let mut found = None;
            // A job just taken may have emptied the pool: the first look comes sooner.
            let mut chunk = (self.chunk / 16).max(1);
            let status = loop {
                let status = run_first(&mut search, Some(chunk), &place.key, &mut found);
                if status == Status::Done || self.progress.stop.load(Ordering::Relaxed) {
                    break status;
                }
                chunk = chunks.next();
                place.show(&search, self.progress, false);
                // One job waits in the pool at all times, so that a thread that finishes one
                // takes the next at once rather than wait for the others' next look here.
                if self.queued.load(Ordering::Relaxed) == 0 && self.may_give(&place) {
                    self.give(&mut search, &mut place, counted);
                }
            };
            counted.first(found);
            place.show(&search, self.progress, status == Status::Done);
            counted.add(search.stats(), place.depth);
            if status == Status::Done {
                self.progress.finished.fetch_add(1, Ordering::Relaxed);
            }
            let Some(job) = self.take() else {
                return;
            };
            let (banked, shown) = (place.banked + place.weight, place.shown.0);
            place = self.begin(&mut search, &job, banked);
            place.shown.0 = shown;
        }
    }

    /// Sets `search` at the start of `job`: its prefix preselected (what it had preselected in
    /// common kept, as `Split::begin` does), its node entered and its item covered (counted by the
    /// giver, so those counters are dropped), the giver's options skipped.
    fn begin(&self, search: &mut Search, job: &Job, banked: f64) -> Place {
        let started = clock_ns();
        search.restart();
        let want: Vec<usize> = search.preselected()[..self.n_givens]
            .iter()
            .chain(&job.prefix)
            .copied()
            .collect();
        let same = search
            .preselected()
            .iter()
            .zip(&want)
            .take_while(|(a, b)| a == b)
            .count();
        search.unpreselect_to(same);
        search
            .preselect(&want[same..])
            .expect("a job's prefix is a path of the search");
        while search.phase() != Phase::Try {
            search.step();
        }
        assert_eq!(
            (search.branching_item(), search.choices()[0].1),
            (Some(job.item), job.d),
            "a job's node branches as the giver's did"
        );
        search.skip_options(job.skip);
        search.rebase(0);
        self.setup_ns
            .store(clock_ns().saturating_sub(started), Ordering::Relaxed);
        Place::new(
            job.key.clone(),
            job.prefix.len(),
            job.weight,
            job.p0,
            banked,
        )
    }
}

/// [`count_whole`] past the trial: `search` (the trial's, where it stands, its first solution so
/// far `first`) goes on on this thread, and `threads - 1` others start from `base()` (the search at
/// its start, made on each of them) and take work from it as they ask. The tally, the threads that
/// counted, the jobs.
fn share_whole(
    search: Search,
    first: Option<(Key, Vec<usize>)>,
    base: impl Fn() -> Search + Sync,
    n_givens: usize,
    (threads, chunk, setup_share): (usize, u64, u64),
    progress: &Progress,
    shared: impl FnOnce(),
) -> (Tally, usize, usize) {
    let depth = search.stats().profile.len();
    let sharing = Sharing {
        pool: Default::default(),
        wake: Default::default(),
        queued: Default::default(),
        threads,
        progress,
        n_givens,
        chunk,
        setup_ns: AtomicU64::new(0),
        setup_share,
    };
    progress.subproblems.store(1, Ordering::Relaxed);
    progress.total.store(WHOLE as u64, Ordering::Relaxed);
    // The calling thread's search and what it counted so far; one job for each other thread is
    // in the pool before they start, so they begin at once.
    let (mut search, mut counted) = (search, Counted::new(depth));
    counted.first(first);
    let mut place = Place::new(Vec::new(), 0, 1.0, 0.0, 0.0);
    for _ in 1..threads {
        sharing.give(&mut search, &mut place, &mut counted);
    }
    shared();
    let (all, started) = std::thread::scope(|scope| {
        let (sharing, base) = (&sharing, &base);
        // As many as start (none on wasm32, where no thread can be spawned).
        let helpers: Vec<_> = (1..threads)
            .filter_map(|k| {
                std::thread::Builder::new()
                    .name(format!("dlx-count-{k}"))
                    .spawn_scoped(scope, move || {
                        let mut counted = Counted::new(depth);
                        if let Some(job) = sharing.take() {
                            let mut search = base();
                            let place = sharing.begin(&mut search, &job, 0.0);
                            sharing.work(search, place, &mut counted);
                        }
                        counted
                    })
                    .ok()
            })
            .collect();
        if helpers.len() + 1 < threads {
            // Fewer threads started: the count must not wait for those that did not.
            let mut pool = sharing.pool.lock().unwrap_or_else(|e| e.into_inner());
            pool.idle += threads - 1 - helpers.len();
        }
        let started = helpers.len() + 1;
        progress.threads.store(started as u64, Ordering::Relaxed);
        sharing.work(search, place, &mut counted);
        let mut all = vec![counted];
        for h in helpers {
            all.push(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        (all, started)
    });
    let mut total = Counted::new(depth);
    for c in all {
        total.add(&c.stats, 0);
        total.first(c.first);
    }
    let tally = Tally {
        stats: total.stats,
        first: total.first.map(|(_, f)| (0, f)),
    };
    let jobs = progress.subproblems.load(Ordering::Relaxed) as usize;
    (tally, started, jobs)
}
