//! The subproblems of a [`Split`] counted on a rayon work-stealing pool, and other work spread over
//! threads in the same way (the CLI's Sudoku batch). Rayon is a native-only dependency: on wasm32,
//! where the page runs one Web Worker per core instead (each counting a part, see `wasm::Session`),
//! these functions do the same work on the calling thread, so that code using them still compiles.
//!
//! Subproblems come largest-estimate first and each is one task, so the big ones start early and idle
//! threads steal what is left; every thread reuses one search (`Split::count_in` restarts it) rather
//! than copying the matrix per subproblem. Counts are plain sums, so the result does not depend on
//! the number of threads or on which thread counted what.

use super::instance::Instance;
use super::links::Order;
use super::search::{Clash, Engine, Search, Tree};
use super::split::{self, Plan, Split, Tally};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What the workers have counted so far, for a progress line: read it from another thread.
#[derive(Debug, Default)]
pub struct Progress {
    pub nodes: AtomicU64,
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
}

impl Progress {
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
/// are sized to last about [`TICK`], whatever a node costs (a fixed 2^18 nodes showed "0 nodes" for
/// minutes where a node cost 60 µs).
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
        .total
        .store(subs.iter().map(|&i| size(i)).sum(), Ordering::Relaxed);
    progress
        .subproblems
        .store(subs.len() as u64, Ordering::Relaxed);
    let tallies = map_in_order(
        subs,
        threads,
        // The chunk size is the thread's, not the subproblem's: each return from the fast loop
        // brings the links to the bit sets' path (pentomino 8x8: 62 subproblems of 5,000 nodes,
        // each begun with a chunk of 1,024, spent 4% more instructions than the sequential count).
        || (split.search(), Chunks::new()),
        |(search, chunks), &i| {
            if progress.stop.load(Ordering::Relaxed) {
                return Tally::default();
            }
            let t = split.count_in_by(search, i, Some(chunks.size), |n, s| {
                progress.nodes.fetch_add(n, Ordering::Relaxed);
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
/// with no estimate, split or pool to pay for. 2,048 nodes are 0.7 ms of pentomino 8x8, the longest
/// node among the counts measured (bit sets, 0.34 µs).
pub const TRIAL_NODES: u64 = 1 << 11;

/// Knuth's estimate (nodes plus updates) below which a whole count stays on the thread that began
/// it: about 2-5 ms of counting (pentomino 8x8 is 5e7 for 0.1 s, 12-queens 4e6 for 19 ms), where
/// the split, its walk and the pool's start would eat what a second thread gains.
pub const SPLIT_PAYS: f64 = 1e6;

/// Random paths of the estimate that decides, and its work bound: an eighth of the trial's own
/// choosing (items scanned), so that deciding costs a few percent of a search just past the trial.
const DECIDE_PROBES: u32 = 8;
const DECIDE_WORK_SHARE: u64 = 8;

/// What a whole count did: its tally (top and subproblems added up), the threads it used and the
/// subproblems it counted (1 when it stayed on one thread).
#[derive(Clone, Debug)]
pub struct Whole {
    pub tally: Tally,
    pub threads: usize,
    pub subproblems: usize,
    /// Knuth's estimate that decided (0 when the trial finished the search).
    pub estimate: f64,
}

/// Counts the whole search over `inst` (laid out in `order`, walking `tree`, counting on `engine`,
/// `givens` chosen first) on up to `threads` threads, updating `progress`. The split must pay for
/// itself: the search runs [`TRIAL_NODES`] on this thread first, and goes on there to the end if
/// it finishes or a cheap estimate says it is below [`SPLIT_PAYS`]; only then is it split
/// ([`Plan::for_threads`]) and counted on the pool, the trial's nodes thrown away. The counts are
/// the sequential search's either way.
pub fn count_whole(
    inst: &Instance,
    givens: &[usize],
    order: Order,
    tree: Tree,
    engine: Engine,
    threads: usize,
    progress: &Progress,
) -> Result<Whole, Clash> {
    let mut search = Split::base_search(inst, givens, order, tree)?;
    search.set_engine(engine);
    let mut first = None;
    let finished = run_for(&mut search, Some(TRIAL_NODES), &mut first);
    let mut estimate = 0.0;
    // A search with multiplicities is not cut (one subproblem, see `Split::with_tree`): it goes on
    // here, with no estimate (the probes walk Algorithm X's covers, not Algorithm M's).
    if !finished && threads > 1 && !inst.has_multiplicities() {
        // The estimate is of the whole tree: on a copy of the trial's search taken back to its
        // start (undoing its path), so that the trial goes on where it stands if it is short.
        let mut base = search.clone();
        base.restart();
        let work = TRIAL_NODES * u64::from(search.links().n_primary()) / DECIDE_WORK_SHARE;
        estimate = split::estimate_size(&mut base, DECIDE_PROBES, work);
        if estimate >= SPLIT_PAYS {
            let split = Split::from_base(base, inst, givens, order, Plan::for_threads(threads));
            let subs: Vec<usize> = (0..split.subproblems.len()).collect();
            let threads = threads.min(subs.len()).max(1);
            progress.threads.store(threads as u64, Ordering::Relaxed);
            let mut tally = split.top.clone();
            tally.add(count(&split, &subs, threads, progress));
            return Ok(Whole {
                tally,
                threads,
                subproblems: subs.len(),
                estimate,
            });
        }
    }
    // On this thread to the end, in chunks for the progress line.
    progress.threads.store(1, Ordering::Relaxed);
    progress.subproblems.store(1, Ordering::Relaxed);
    progress.total.store(1 << 20, Ordering::Relaxed);
    let mut chunks = Chunks::new();
    let (mut nodes, mut solutions) = (0, 0);
    let mut done = finished;
    loop {
        let st = search.stats();
        progress
            .nodes
            .fetch_add(st.nodes - nodes, Ordering::Relaxed);
        progress
            .solutions
            .fetch_add(st.solutions - solutions, Ordering::Relaxed);
        (nodes, solutions) = (st.nodes, st.solutions);
        if done || progress.stop.load(Ordering::Relaxed) {
            break;
        }
        progress.done.store(
            (search.progress() * f64::from(1 << 20)) as u64,
            Ordering::Relaxed,
        );
        done = run_for(&mut search, Some(chunks.next()), &mut first);
    }
    if done {
        progress.done.store(1 << 20, Ordering::Relaxed);
        progress.finished.store(1, Ordering::Relaxed);
    }
    Ok(Whole {
        tally: Tally {
            stats: search.stats().clone(),
            first: first.map(|f| (0, f)),
        },
        threads: 1,
        subproblems: 1,
        estimate,
    })
}

/// Runs `search` on for at most `max_nodes` more nodes (`None`: to its end), keeping its first
/// solution in `first`; true when the search is finished.
fn run_for(search: &mut Search, max_nodes: Option<u64>, first: &mut Option<Vec<usize>>) -> bool {
    let mut kept: Vec<Vec<usize>> = first.take().into_iter().collect();
    let done = Split::resume(search, max_nodes, &mut kept, 1);
    *first = kept.pop();
    done
}
