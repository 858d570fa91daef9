//! The Python binding (`dlx_studio._native`, re-exported by the package `dlx_studio`): the library's
//! `Instance`, `Solver` and `Puzzle` as Python classes, with the GIL released while the engine
//! searches and Ctrl-C looked at between slices of the search.

use dlx_studio::core::threads::{count_whole, Progress};
use dlx_studio::core::{Engine, Order, Tree};
use dlx_studio::{Board, Event, Found, Instance, Puzzle, Solver};
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMemoryView, PyString, PyTuple};
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::time::Duration;

create_exception!(
    dlx_studio,
    DlxError,
    PyValueError,
    "Bad input: an item or option that cannot be added, a text that does not read, a puzzle \
     argument out of range, givens that clash. `str(e)` is the message the `dlx` CLI prints \
     (`line 2, column 3: unknown item ...` for a text); `e.message` is it without its place, \
     `e.line` and `e.column` the place in the text (from 1, or None), `e.cells` a Sudoku's cells \
     at fault (row-major from 0)."
);

/// Search-tree nodes between two looks at Ctrl-C: a slice is milliseconds, and slicing costs the
/// count nothing measurable (the fast loops stop at a level boundary, their state kept).
const SLICE: u64 = 1 << 20;

/// A `DlxError` with the library error's message and place.
fn dlx_err(py: Python<'_>, e: &dlx_studio::Error) -> PyErr {
    make_err(
        py,
        e.to_string(),
        e.message(),
        e.line(),
        e.column(),
        e.cells(),
    )
}

/// A `DlxError` of the binding's own (no place in a text).
fn plain_err(py: Python<'_>, message: String) -> PyErr {
    make_err(py, message.clone(), &message, None, None, &[])
}

fn make_err(
    py: Python<'_>,
    text: String,
    message: &str,
    line: Option<usize>,
    column: Option<usize>,
    cells: &[usize],
) -> PyErr {
    let err = DlxError::new_err(text);
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("message", message)?;
        value.setattr("line", line)?;
        value.setattr("column", column)?;
        value.setattr("cells", cells.to_vec())?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// Counts on one thread in slices, the GIL released during each, Ctrl-C looked at between them.
fn count_sliced(py: Python<'_>, solver: &mut Solver) -> PyResult<u64> {
    loop {
        let done = py.allow_threads(|| solver.count_within(SLICE));
        if done {
            return Ok(solver.stats().solutions);
        }
        py.check_signals()?;
    }
}

/// The next solution, searched for in slices as [`count_sliced`] counts.
fn next_sliced(py: Python<'_>, solver: &mut Solver) -> PyResult<Option<Vec<usize>>> {
    loop {
        match py.allow_threads(|| solver.next_solution_within(SLICE)) {
            Found::Solution(s) => return Ok(Some(s)),
            Found::Done => return Ok(None),
            Found::Paused => py.check_signals()?,
        }
    }
}

/// Counts on `threads` threads (0: every core) as `dlx count --threads` does: the count runs on a
/// thread of its own, and this one waits with the GIL released, looking at Ctrl-C every 50 ms; on
/// Ctrl-C the count is told to stop and `KeyboardInterrupt` raised once it has.
fn count_on_threads(
    py: Python<'_>,
    inst: dlx_studio::core::Instance,
    givens: Vec<usize>,
    threads: usize,
) -> PyResult<u64> {
    let threads = if threads == 0 {
        dlx_studio::core::threads::available()
    } else {
        threads
    };
    let progress = Arc::new(Progress::default());
    let (tx, rx) = mpsc::channel();
    // (A `Receiver` is not `Sync`: the closures that wait without the GIL take it through a lock.)
    let rx = std::sync::Mutex::new(rx);
    let wait = |timeout: Option<Duration>| {
        let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
        match timeout {
            Some(t) => rx.recv_timeout(t),
            None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        }
    };
    let theirs = Arc::clone(&progress);
    std::thread::spawn(move || {
        let whole = count_whole(
            &inst,
            &givens,
            Order::Given,
            Tree::Dlx1,
            Engine::Auto,
            threads,
            &theirs,
        );
        let _ = tx.send(whole.map(|w| w.tally.stats.solutions).ok());
    });
    loop {
        match py.allow_threads(|| wait(Some(Duration::from_millis(50)))) {
            Ok(Some(n)) => return Ok(n),
            // The givens were checked before (`Puzzle::solver`): a clash cannot be met here.
            Ok(None) => return Err(PyRuntimeError::new_err("the givens clash")),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    progress.stop.store(true, Ordering::Relaxed);
                    let _ = py.allow_threads(|| wait(None));
                    return Err(e);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the counting thread failed"))
            }
        }
    }
}

/// `threads` as the Python API takes it: None (this thread, in slices) or a whole number.
fn threads_arg(py: Python<'_>, threads: Option<i64>) -> PyResult<Option<usize>> {
    match threads {
        None | Some(1) => Ok(None),
        Some(t) if t >= 0 => Ok(Some(t as usize)),
        Some(t) => Err(plain_err(
            py,
            format!("threads must be 0 (every core) or more, not {t}"),
        )),
    }
}

/// A sequence from any object with `tolist()` (numpy) or the buffer protocol, or an iterable.
fn as_list<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if obj.hasattr("tolist")? {
        return obj.call_method0("tolist");
    }
    if let Ok(view) = PyMemoryView::from(obj) {
        return view.call_method0("tolist");
    }
    Ok(obj.clone())
}

/// An exact-cover instance: primary items (each covered exactly once, or within its multiplicity),
/// secondary items (at most once, or by options that agree on its colour), and options, each a set
/// of items.
///
/// Items are numbered from 0, the primary ones first; options from 0 in the order they were added.
/// A solution is the list of its options' numbers.
///
/// >>> inst = Instance(["a", "b", "c"])
/// >>> inst.add_option(["a", "b"]); inst.add_option(["c"]); inst.add_option([0, 2])
/// 0
/// 1
/// 2
/// >>> inst.count()
/// 1
#[pyclass(module = "dlx_studio", name = "Instance", eq)]
#[derive(Clone, PartialEq)]
struct PyInstance {
    inner: Instance,
}

impl PyInstance {
    /// The name of an item given by name or number, with the error of an option being added.
    fn item_word(&self, py: Python<'_>, what: &str, item: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Ok(s) = item.downcast::<PyString>() {
            return Ok(s.to_cow()?.into_owned());
        }
        if let Ok(i) = item.extract::<i64>() {
            let n = self.inner.n_items();
            if i < 0 || i as usize >= n {
                return Err(plain_err(
                    py,
                    format!(
                        "{what}there is no item {i} (the items are numbered 0 to {})",
                        n as i64 - 1
                    ),
                ));
            }
            return Ok(self.inner.item_name(i as usize).to_string());
        }
        Err(PyTypeError::new_err(format!(
            "{what}an item is a name (str) or a number (int), not {}",
            item.get_type().name()?
        )))
    }
}

#[pymethods]
impl PyInstance {
    /// An instance with these primary and secondary items (names) and no option yet. A name may
    /// not be empty, repeat, or hold white space, `|` or `:`.
    #[new]
    #[pyo3(signature = (primary, secondary = None))]
    fn new(
        py: Python<'_>,
        primary: Vec<String>,
        secondary: Option<Vec<String>>,
    ) -> PyResult<PyInstance> {
        let inner =
            Instance::new(primary, secondary.unwrap_or_default()).map_err(|e| dlx_err(py, &e))?;
        Ok(PyInstance { inner })
    }

    /// Reads a problem in Knuth's format (an items line, primary items then `|` and the secondary
    /// ones, `lo:hi|name` for a multiplicity; then one option a line, `name:colour` for a coloured
    /// secondary item; `|` starts a comment line) or as a 0-1 matrix, as `dlx count exact-cover`
    /// does. Raises DlxError with the line and column of what does not read.
    #[staticmethod]
    fn from_knuth(py: Python<'_>, text: &str) -> PyResult<PyInstance> {
        let inner = Instance::parse(text).map_err(|e| dlx_err(py, &e))?;
        Ok(PyInstance { inner })
    }

    /// An instance from the rows of a 0-1 matrix, one row an option: a list of lists of 0/1 (or
    /// bools), a numpy array, or anything with `tolist()` or the buffer protocol. The columns are
    /// named `names` (default `c1`, `c2`, ... as `dlx` names a matrix's columns); the last
    /// `secondary` columns are secondary items.
    #[staticmethod]
    #[pyo3(signature = (rows, names = None, secondary = 0))]
    fn from_matrix(
        py: Python<'_>,
        rows: &Bound<'_, PyAny>,
        names: Option<Vec<String>>,
        secondary: usize,
    ) -> PyResult<PyInstance> {
        let rows = as_list(rows)?;
        let mut table: Vec<Vec<usize>> = Vec::new();
        let mut width: Option<usize> = names.as_ref().map(|n| n.len());
        for (r, row) in rows.try_iter()?.enumerate() {
            let row = as_list(&row?)?;
            let mut ones = Vec::new();
            let mut n = 0;
            for (c, x) in row.try_iter()?.enumerate() {
                let x = x?;
                let v = x.extract::<i64>().ok().filter(|v| *v == 0 || *v == 1);
                match v {
                    Some(1) => ones.push(c),
                    Some(_) => {}
                    None => {
                        return Err(plain_err(
                            py,
                            format!(
                                "row {}, column {}: the entries of a 0-1 matrix are 0 or 1, not {}",
                                r + 1,
                                c + 1,
                                x.repr()?
                            ),
                        ))
                    }
                }
                n += 1;
            }
            let first = if names.is_some() { "`names`" } else { "row 1" };
            match width {
                None => width = Some(n),
                Some(w) if w != n => {
                    let row = r + 1;
                    let message =
                        format!("row {row}: {n} entries, where {first} has {w} (every row has one entry a column)");
                    return Err(plain_err(py, message));
                }
                Some(_) => {}
            }
            table.push(ones);
        }
        let width = width.unwrap_or(0);
        if secondary > width {
            return Err(plain_err(
                py,
                format!("secondary = {secondary}, but the matrix has {width} columns"),
            ));
        }
        let names = names.unwrap_or_else(|| (1..=width).map(|j| format!("c{j}")).collect());
        let cut = width - secondary;
        let mut inner = Instance::new(&names[..cut], &names[cut..]).map_err(|e| dlx_err(py, &e))?;
        for ones in &table {
            inner.add_option_items(ones).map_err(|e| dlx_err(py, &e))?;
        }
        Ok(PyInstance { inner })
    }

    /// The instance in Knuth's format, as `dlx export` writes it; `Instance.from_knuth` reads it
    /// back to an equal instance.
    fn to_knuth(&self) -> String {
        self.inner.to_knuth()
    }

    /// Adds an option and returns its number. Each item is a name (`"p"`), a number (`0`), a
    /// coloured secondary item as `"x:A"` or `("x", "A")` (or `(3, "A")`). Every chosen option
    /// that holds a coloured item must give it the same colour (Knuth's Algorithm C).
    fn add_option(&mut self, py: Python<'_>, items: &Bound<'_, PyAny>) -> PyResult<usize> {
        if items.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "an option is a list of items, not a string (split it: `text.split()`)",
            ));
        }
        let what = format!("option {}: ", self.inner.n_options() + 1);
        let mut words = Vec::new();
        for item in items.try_iter()? {
            let item = item?;
            if let Ok(t) = item.downcast::<PyTuple>() {
                if t.len() != 2 {
                    return Err(PyTypeError::new_err(format!(
                        "{what}a coloured item is a pair (item, colour), not {} values",
                        t.len()
                    )));
                }
                let name = self.item_word(py, &what, &t.get_item(0)?)?;
                let colour = t.get_item(1)?;
                let colour = colour.str()?;
                words.push(format!("{name}:{}", colour.to_cow()?));
            } else {
                words.push(self.item_word(py, &what, &item)?);
            }
        }
        self.inner.add_option(words).map_err(|e| dlx_err(py, &e))
    }

    /// Adds an option from a row of a 0-1 matrix (one entry an item, 1 where the option has it);
    /// returns its number.
    fn add_row(&mut self, py: Python<'_>, row: &Bound<'_, PyAny>) -> PyResult<usize> {
        let row = as_list(row)?;
        let k = self.inner.n_options() + 1;
        let mut ones = Vec::new();
        let mut n = 0;
        for (c, x) in row.try_iter()?.enumerate() {
            let x = x?;
            match x.extract::<i64>().ok() {
                Some(1) => ones.push(c),
                Some(0) => {}
                _ => {
                    return Err(plain_err(
                        py,
                        format!(
                            "option {k}, column {}: the entries of a 0-1 matrix are 0 or 1, not {}",
                            c + 1,
                            x.repr()?
                        ),
                    ))
                }
            }
            n += 1;
        }
        if n != self.inner.n_items() {
            return Err(plain_err(
                py,
                format!(
                    "option {k}: a row of {n} entries, where the instance has {} items",
                    self.inner.n_items()
                ),
            ));
        }
        self.inner
            .add_option_items(&ones)
            .map_err(|e| dlx_err(py, &e))
    }

    /// Gives a primary item (by name or number) a multiplicity (Knuth's `lo:hi|name`, Algorithm M):
    /// a solution has it in at least `lo` and at most `hi` of its options.
    fn set_multiplicity(
        &mut self,
        py: Python<'_>,
        item: &Bound<'_, PyAny>,
        lo: i64,
        hi: i64,
    ) -> PyResult<()> {
        let name = self.item_word(py, "", item)?;
        let bound = |v: i64| {
            u32::try_from(v).map_err(|_| {
                plain_err(
                    py,
                    format!(
                        "a multiplicity's bounds are whole numbers from 0 to {}, not {v}",
                        u32::MAX
                    ),
                )
            })
        };
        let (lo, hi) = (bound(lo)?, bound(hi)?);
        self.inner
            .set_multiplicity(&name, lo, hi)
            .map_err(|e| dlx_err(py, &e))
    }

    /// The number of items, primary and secondary.
    #[getter]
    fn n_items(&self) -> usize {
        self.inner.n_items()
    }

    /// The number of primary items: they are items `0 .. n_primary - 1`.
    #[getter]
    fn n_primary(&self) -> usize {
        self.inner.n_primary()
    }

    /// The number of options.
    #[getter]
    fn n_options(&self) -> usize {
        self.inner.n_options()
    }

    /// The items' names, primary first.
    #[getter]
    fn items(&self) -> Vec<String> {
        (0..self.inner.n_items())
            .map(|i| self.inner.item_name(i).to_string())
            .collect()
    }

    /// The name of item `item` (IndexError if there is none).
    fn item_name(&self, item: usize) -> PyResult<String> {
        if item >= self.inner.n_items() {
            return Err(PyIndexError::new_err(format!("there is no item {item}")));
        }
        Ok(self.inner.item_name(item).to_string())
    }

    /// The items (numbers) of option `k`, in the order they were given (IndexError if none).
    fn option(&self, k: usize) -> PyResult<Vec<usize>> {
        if k >= self.inner.n_options() {
            return Err(PyIndexError::new_err(format!("there is no option {k}")));
        }
        Ok(self.inner.option(k))
    }

    /// Option `k` as Knuth's format writes it: its item names, `name:colour` for a coloured item.
    fn option_text(&self, k: usize) -> PyResult<String> {
        if k >= self.inner.n_options() {
            return Err(PyIndexError::new_err(format!("there is no option {k}")));
        }
        Ok(self.inner.option_text(k))
    }

    /// Counts the solutions: on this thread (`threads=None` or 1), or on up to `threads` threads
    /// (0: every core) as `dlx count` does. The GIL is released while it counts; Ctrl-C raises
    /// KeyboardInterrupt.
    #[pyo3(signature = (threads = None))]
    fn count(slf: &Bound<'_, Self>, py: Python<'_>, threads: Option<i64>) -> PyResult<u64> {
        match threads_arg(py, threads)? {
            None => {
                let mut solver = slf.borrow().inner.solver();
                count_sliced(py, &mut solver)
            }
            Some(t) => {
                let inst = slf.borrow().inner.core().clone();
                count_on_threads(py, inst, Vec::new(), t)
            }
        }
    }

    /// A search over this instance (a Solver): an iterator of its solutions, which can also count,
    /// step and step back. `names=True`: each solution as its options' texts rather than numbers.
    #[pyo3(signature = (names = false))]
    fn solver(&self, names: bool) -> PySolver {
        PySolver {
            inner: self.inner.solver(),
            names: names.then(|| Arc::new(self.inner.clone())),
        }
    }

    /// The solutions, each found when asked for (the same as `solver(names)`).
    #[pyo3(signature = (names = false))]
    fn solutions(&self, names: bool) -> PySolver {
        self.solver(names)
    }

    fn __copy__(&self) -> PyInstance {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyInstance {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Instance: {} items ({} primary), {} options>",
            self.inner.n_items(),
            self.inner.n_primary(),
            self.inner.n_options()
        )
    }
}

/// A search over one instance: Knuth's Algorithm X (DLX1; with colours Algorithm C, with
/// multiplicities Algorithm M) that counts, stops at each solution (it is an iterator of them), or
/// takes one Event at a time, forwards and backwards, with no trace kept.
#[pyclass(module = "dlx_studio", name = "Solver")]
struct PySolver {
    inner: Solver,
    /// The instance, when solutions are wanted as the options' texts.
    names: Option<Arc<Instance>>,
}

impl PySolver {
    fn solution(&self, py: Python<'_>, s: Vec<usize>) -> PyResult<PyObject> {
        Ok(match &self.names {
            Some(inst) => {
                let texts: Vec<String> = s.iter().map(|&k| inst.option_text(k)).collect();
                texts.into_pyobject(py)?.into_any().unbind()
            }
            None => s.into_pyobject(py)?.into_any().unbind(),
        })
    }

    fn event(&self, e: Event) -> PyEvent {
        let s = &self.inner;
        let mut v = PyEvent::default();
        let item = |h: u32| Some(s.item_of(h));
        match e {
            Event::Choose {
                level,
                item: h,
                len,
            } => (v.kind, v.level, v.item, v.len) = ("choose", Some(level), item(h), Some(len)),
            Event::DeadEnd { level, item: h } => {
                (v.kind, v.level, v.item) = ("dead_end", Some(level), item(h))
            }
            Event::CoverItem { item: h } => (v.kind, v.item) = ("cover_item", item(h)),
            Event::UncoverItem { item: h } => (v.kind, v.item) = ("uncover_item", item(h)),
            Event::Hide { node } => (v.kind, v.node) = ("hide", Some(node)),
            Event::Unhide { node } => (v.kind, v.node) = ("unhide", Some(node)),
            Event::Purify { node } => (v.kind, v.node) = ("purify", Some(node)),
            Event::Unpurify { node } => (v.kind, v.node) = ("unpurify", Some(node)),
            Event::Lower { node } => (v.kind, v.node) = ("lower", Some(node)),
            Event::Raise { node } => (v.kind, v.node) = ("raise", Some(node)),
            Event::Try { level, node, k, d } => {
                (v.kind, v.level, v.node, v.k, v.d) =
                    ("try", Some(level), Some(node), Some(k), Some(d))
            }
            Event::Solution { level } => (v.kind, v.level) = ("solution", Some(level)),
            Event::Backtrack { level } => (v.kind, v.level) = ("backtrack", Some(level)),
            Event::Close {
                level,
                item: h,
                k,
                d,
            } => {
                (v.kind, v.level, v.item, v.k, v.d) =
                    ("close", Some(level), item(h), Some(k), Some(d))
            }
            Event::Untweak { level, item: h } => {
                (v.kind, v.level, v.item) = ("untweak", Some(level), item(h))
            }
            Event::Reject {
                level,
                node,
                item: h,
            } => (v.kind, v.level, v.node, v.item) = ("reject", Some(level), Some(node), item(h)),
            // The library's solver steps without memos: no reuse reaches it (as in the npm
            // package's src/wasm/library.rs).
            Event::Reuse { level, .. } => (v.kind, v.level) = ("reuse", Some(level)),
        }
        v.option = v.node.map(|n| s.option_of(n));
        v
    }
}

#[pymethods]
impl PySolver {
    /// Counts every solution not yet found and returns the number found from the start (this
    /// thread, the GIL released; Ctrl-C raises KeyboardInterrupt and leaves the solver where it
    /// stopped, to count on later).
    fn count(&mut self, py: Python<'_>) -> PyResult<u64> {
        count_sliced(py, &mut self.inner)
    }

    /// Counts on for at most `max_nodes` more nodes of the search tree; whether the search is
    /// over. The number found so far is `stats()["solutions"]`.
    fn count_within(&mut self, py: Python<'_>, max_nodes: u64) -> bool {
        let solver = &mut self.inner;
        py.allow_threads(|| solver.count_within(max_nodes))
    }

    /// The next solution (its options' numbers, givens first; or their texts with `names=True`),
    /// or None when there is no more.
    fn next_solution(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        match next_sliced(py, &mut self.inner)? {
            Some(s) => Ok(Some(self.solution(py, s)?)),
            None => Ok(None),
        }
    }

    /// The next solution if it is found within `max_nodes` more nodes, else None: then `done` says
    /// whether the search is over or the budget ran out first (ask again to go on).
    fn next_solution_within(
        &mut self,
        py: Python<'_>,
        max_nodes: u64,
    ) -> PyResult<Option<PyObject>> {
        let solver = &mut self.inner;
        match py.allow_threads(|| solver.next_solution_within(max_nodes)) {
            Found::Solution(s) => Ok(Some(self.solution(py, s)?)),
            Found::Paused | Found::Done => Ok(None),
        }
    }

    /// Takes one event forwards (an Event), or None once the search is over.
    fn step(&mut self) -> Option<PyEvent> {
        let e = self.inner.step()?;
        Some(self.event(e))
    }

    /// Takes one event back, exactly undoing the last one taken, and returns it; None at the start.
    fn step_back(&mut self) -> Option<PyEvent> {
        let e = self.inner.step_back()?;
        Some(self.event(e))
    }

    /// Whether the whole search tree has been explored.
    #[getter]
    fn done(&self) -> bool {
        self.inner.is_done()
    }

    /// The level of the search tree the search stands at (0 at the root).
    #[getter]
    fn level(&self) -> usize {
        self.inner.level()
    }

    /// Knuth's estimate of the fraction of the search tree explored so far, from 0 to 1.
    #[getter]
    fn progress(&self) -> f64 {
        self.inner.progress()
    }

    /// The options chosen on the path to where the search stands (givens first).
    fn chosen(&self) -> Vec<usize> {
        self.inner.chosen()
    }

    /// DLX1's counters: a dict of `nodes`, `updates`, `cleansings`, `solutions`, `profile` (the
    /// nodes at each level), `level` and `progress`.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.inner.stats();
        let d = PyDict::new(py);
        d.set_item("nodes", s.nodes)?;
        d.set_item("updates", s.updates)?;
        d.set_item("cleansings", s.cleansings)?;
        d.set_item("solutions", s.solutions)?;
        d.set_item("profile", s.profile.clone())?;
        d.set_item("level", self.inner.level())?;
        d.set_item("progress", self.inner.progress())?;
        Ok(d)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        self.next_solution(py)
    }

    fn __repr__(&self) -> String {
        let s = self.inner.stats();
        format!(
            "<Solver: {} solutions, {} nodes so far{}>",
            s.solutions,
            s.nodes,
            if self.inner.is_done() { ", done" } else { "" }
        )
    }
}

/// One step of the search: `kind` (`choose`, `dead_end`, `cover_item`, `hide`, `try`,
/// `solution`, `backtrack`, `unhide`, `uncover_item`, `purify`, `unpurify`, `lower`, `raise`,
/// `close`, `untweak`, `reject`) and the fields it has (None otherwise): `level`, `item` (a number
/// from 0), `node` and its `option`, `len` (the options a chosen item has left), `k` of `d` ways.
#[pyclass(module = "dlx_studio", name = "Event", frozen, eq, get_all)]
#[derive(Clone, Default, PartialEq)]
struct PyEvent {
    kind: &'static str,
    level: Option<u32>,
    item: Option<usize>,
    option: Option<usize>,
    node: Option<u32>,
    len: Option<u32>,
    k: Option<u32>,
    d: Option<u32>,
}

#[pymethods]
impl PyEvent {
    fn __repr__(&self) -> String {
        let mut s = format!("Event({:?}", self.kind);
        let fields = [
            ("level", self.level.map(|v| v as u64)),
            ("item", self.item.map(|v| v as u64)),
            ("option", self.option.map(|v| v as u64)),
            ("node", self.node.map(|v| v as u64)),
            ("len", self.len.map(|v| v as u64)),
            ("k", self.k.map(|v| v as u64)),
            ("d", self.d.map(|v| v as u64)),
        ];
        for (name, v) in fields {
            if let Some(v) = v {
                s += &format!(", {name}={v}");
            }
        }
        s + ")"
    }
}

/// A puzzle's board: `cells` row-major (what a value means depends on `kind`: a Sudoku's digits,
/// 1 for a queen, a pentomino's piece from 1), `rows` x `cols`, `given` (a Sudoku's givens),
/// `labels` (how each cell value prints), `lines` and `options` (a plain exact cover's chosen
/// options), and `text`: the board as `dlx solve` prints it (also `str(board)`).
#[pyclass(module = "dlx_studio", name = "Board", frozen, eq)]
#[derive(Clone, PartialEq)]
struct PyBoard {
    inner: Board,
}

#[pymethods]
impl PyBoard {
    /// The kind of puzzle: `sudoku`, `queens`, `langford`, `pentomino`, ...
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind.name()
    }
    /// Rows of the grid (0 for a plain exact cover).
    #[getter]
    fn rows(&self) -> usize {
        self.inner.rows
    }
    /// Columns of the grid.
    #[getter]
    fn cols(&self) -> usize {
        self.inner.cols
    }
    /// The cells, row-major.
    #[getter]
    fn cells(&self) -> Vec<i32> {
        self.inner.cells.clone()
    }
    /// Cells the puzzle fixed (a Sudoku's givens); empty when it has none.
    #[getter]
    fn given(&self) -> Vec<bool> {
        self.inner.given.clone()
    }
    /// How each cell value prints, indexed by value (`labels[0]` the empty cell).
    #[getter]
    fn labels(&self) -> Vec<String> {
        self.inner.labels.clone()
    }
    /// A plain exact cover's chosen options, a line each.
    #[getter]
    fn lines(&self) -> Vec<String> {
        self.inner.lines.clone()
    }
    /// The numbers of those options, from 1 as a matrix numbers its rows.
    #[getter]
    fn options(&self) -> Vec<usize> {
        self.inner.options.clone()
    }
    /// The board as plain text (a Sudoku: one line of N² symbols; queens: N lines of `.` and `Q`).
    #[getter]
    fn text(&self) -> String {
        self.inner.text.clone()
    }

    /// A copy of the board with other cells (as many, each a value `labels` has): to check a board
    /// of one's own with `Puzzle.check`.
    fn with_cells(&self, py: Python<'_>, cells: Vec<i32>) -> PyResult<PyBoard> {
        if cells.len() != self.inner.cells.len() {
            return Err(plain_err(
                py,
                format!(
                    "a board of {} cells, not {}",
                    self.inner.cells.len(),
                    cells.len()
                ),
            ));
        }
        let top = self.inner.labels.len().max(1) as i64;
        if let Some((i, v)) = cells
            .iter()
            .enumerate()
            .find(|(_, &v)| v < 0 || v as i64 >= top)
        {
            return Err(plain_err(
                py,
                format!(
                    "cell {i}: {v} is not a value of this board (0 to {})",
                    top - 1
                ),
            ));
        }
        let mut inner = self.inner.clone();
        inner.cells = cells;
        Ok(PyBoard { inner })
    }

    fn __str__(&self) -> String {
        self.inner.printed()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Board {} {}x{}>",
            self.inner.kind.name(),
            self.inner.rows,
            self.inner.cols
        )
    }
}

/// A puzzle ready to count and solve: its exact-cover instance, the options its input already
/// fixes (a Sudoku's givens), and its decoder from chosen options to a Board. Made by `queens`,
/// `sudoku`, `pentomino`, `langford`, ... or `Puzzle.load(kind, arg)`.
#[pyclass(module = "dlx_studio", name = "Puzzle", frozen)]
struct PyPuzzle {
    inner: Arc<Puzzle>,
}

fn load(py: Python<'_>, kind: &str, arg: &str, distinct: bool) -> PyResult<PyPuzzle> {
    let inner = Puzzle::load_distinct(kind, arg, distinct).map_err(|e| dlx_err(py, &e))?;
    Ok(PyPuzzle {
        inner: Arc::new(inner),
    })
}

#[pymethods]
impl PyPuzzle {
    /// The puzzle `dlx count KIND ARG` names: `kind` one of `sudoku`, `queens`,
    /// `toroidal-queens`, `latin`, `langford`, `pentomino`, `edge-matching`, `macmahon`,
    /// `exact-cover`, and `arg` its argument as the CLI takes it; `distinct` as `--distinct`.
    #[staticmethod]
    #[pyo3(signature = (kind, arg, distinct = false))]
    fn load(py: Python<'_>, kind: &str, arg: &Bound<'_, PyAny>, distinct: bool) -> PyResult<Self> {
        load(py, kind, &arg.str()?.to_string(), distinct)
    }

    /// A short title: "8-queens", "Sudoku 9x9", ...
    #[getter]
    fn title(&self) -> String {
        self.inner.title()
    }

    /// The options the input fixes before the search (a Sudoku's givens).
    #[getter]
    fn givens(&self) -> Vec<usize> {
        self.inner.givens().to_vec()
    }

    /// The exact-cover instance (a copy), its item names in the puzzle's words (`r3c5`, `1@2`).
    fn instance(&self) -> PyInstance {
        PyInstance {
            inner: self.inner.instance(),
        }
    }

    /// A search over the puzzle, its givens chosen (a Solver of option numbers).
    fn solver(&self, py: Python<'_>) -> PyResult<PySolver> {
        let inner = self.inner.solver().map_err(|e| dlx_err(py, &e))?;
        Ok(PySolver { inner, names: None })
    }

    /// The number of solutions, as `Instance.count` counts (`threads`: None for this thread, 0
    /// for every core).
    #[pyo3(signature = (threads = None))]
    fn count(&self, py: Python<'_>, threads: Option<i64>) -> PyResult<u64> {
        let mut solver = self.inner.solver().map_err(|e| dlx_err(py, &e))?;
        match threads_arg(py, threads)? {
            None => count_sliced(py, &mut solver),
            Some(t) => {
                let p = self.inner.problem();
                count_on_threads(py, p.instance().clone(), p.givens().to_vec(), t)
            }
        }
    }

    /// The solutions as Boards, each found when asked for.
    fn solutions(&self, py: Python<'_>) -> PyResult<PyBoards> {
        let solver = self.inner.solver().map_err(|e| dlx_err(py, &e))?;
        Ok(PyBoards {
            puzzle: Arc::clone(&self.inner),
            solver,
        })
    }

    /// The Board of any set of chosen options (a solution, or part of one).
    fn board(&self, py: Python<'_>, options: Vec<usize>) -> PyResult<PyBoard> {
        let n = self.inner.instance().n_options();
        if let Some(&k) = options.iter().find(|&&k| k >= n) {
            return Err(plain_err(
                py,
                format!(
                    "there is no option {k}: the options are numbered 0 to {}",
                    n as i64 - 1
                ),
            ));
        }
        Ok(PyBoard {
            inner: self.inner.board(&options),
        })
    }

    /// Checks a complete Board against the puzzle's rules, independently of its encoding as exact
    /// cover: raises DlxError saying which rule is broken where.
    fn check(&self, py: Python<'_>, board: &PyBoard) -> PyResult<()> {
        self.inner.check(&board.inner).map_err(|e| dlx_err(py, &e))
    }

    /// The puzzle in Knuth's format, as `dlx export` writes it (with givens, what is left once
    /// they are chosen).
    fn to_knuth(&self, py: Python<'_>) -> PyResult<String> {
        self.inner.to_knuth().map_err(|e| dlx_err(py, &e))
    }

    fn __repr__(&self) -> String {
        format!("<Puzzle {}>", self.inner.title())
    }
}

/// The solutions of a Puzzle as Boards, each found when asked for.
#[pyclass(module = "dlx_studio", name = "Boards")]
struct PyBoards {
    puzzle: Arc<Puzzle>,
    solver: Solver,
}

#[pymethods]
impl PyBoards {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyBoard>> {
        Ok(next_sliced(py, &mut self.solver)?.map(|s| PyBoard {
            inner: self.puzzle.board(&s),
        }))
    }

    /// The search behind the iterator (its counters; stepping from where it stopped).
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        PySolver {
            inner: self.solver.clone(),
            names: None,
        }
        .stats(py)
    }
}

/// N-queens, N from 1 to 64 (Knuth's encoding: rows and columns primary, diagonals secondary).
#[pyfunction]
fn queens(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<PyPuzzle> {
    load(py, "queens", &n.str()?.to_string(), false)
}

/// N queens on a torus (diagonals wrap around).
#[pyfunction]
fn toroidal_queens(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<PyPuzzle> {
    load(py, "toroidal-queens", &n.str()?.to_string(), false)
}

/// Latin squares of order N.
#[pyfunction]
fn latin(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<PyPuzzle> {
    load(py, "latin", &n.str()?.to_string(), false)
}

/// Langford pairs of 1..n; `distinct` keeps one of each solution and its mirror image.
#[pyfunction]
#[pyo3(signature = (n, distinct = false))]
fn langford(py: Python<'_>, n: &Bound<'_, PyAny>, distinct: bool) -> PyResult<PyPuzzle> {
    load(py, "langford", &n.str()?.to_string(), distinct)
}

/// The twelve pentominoes on a board of 60 squares (`6x10`, `5x12`, `4x15`, `3x20`, `8x8`);
/// `distinct` keeps one of each set of solutions the same up to the board's symmetries.
#[pyfunction]
#[pyo3(signature = (board = "6x10", distinct = false))]
fn pentomino(py: Python<'_>, board: &str, distinct: bool) -> PyResult<PyPuzzle> {
    load(py, "pentomino", board, distinct)
}

/// Edge-matching tiles on a board named `RxC[/K[/SEED]]`.
#[pyfunction]
fn edge_matching(py: Python<'_>, name: &str) -> PyResult<PyPuzzle> {
    load(py, "edge-matching", name, false)
}

/// MacMahon's 24 triangles on the board named (`hexagon`).
#[pyfunction]
fn macmahon(py: Python<'_>, name: &str) -> PyResult<PyPuzzle> {
    load(py, "macmahon", name, false)
}

/// A Sudoku (4x4 to 25x25) from its text in any form people paste (81 symbols, a grid drawn with
/// borders, f-puzzles JSON and links, SudokuPad links; variants the text states are read too), with
/// `variants` switched on by the CLI's names: `x`, `windoku`, `anti-knight`, `anti-king`,
/// `non-consecutive` (a list, or one string separated by commas).
#[pyfunction]
#[pyo3(signature = (text, variants = None))]
fn sudoku(py: Python<'_>, text: &str, variants: Option<&Bound<'_, PyAny>>) -> PyResult<PyPuzzle> {
    let names = match variants {
        None => String::new(),
        Some(v) if v.is_instance_of::<PyString>() => v.extract::<String>()?,
        Some(v) => v.extract::<Vec<String>>()?.join(","),
    };
    let switches = if names.trim().is_empty() {
        Vec::new()
    } else {
        dlx_studio::sudoku::variants(&names).map_err(|e| dlx_err(py, &e))?
    };
    let inner = dlx_studio::sudoku::with_variants(text, &switches).map_err(|e| dlx_err(py, &e))?;
    Ok(PyPuzzle {
        inner: Arc::new(inner),
    })
}

/// The number of solutions of an Instance, a Puzzle, or an exact-cover text (Knuth's format or a
/// 0-1 matrix). `threads`: None for this thread, 0 for every core, N for up to N threads.
#[pyfunction]
#[pyo3(signature = (what, threads = None))]
fn count(py: Python<'_>, what: &Bound<'_, PyAny>, threads: Option<i64>) -> PyResult<u64> {
    if let Ok(inst) = what.downcast::<PyInstance>() {
        return PyInstance::count(inst, py, threads);
    }
    if let Ok(p) = what.downcast::<PyPuzzle>() {
        return p.get().count(py, threads);
    }
    if let Ok(s) = what.downcast::<PyString>() {
        let inst = Bound::new(py, PyInstance::from_knuth(py, &s.to_cow()?)?)?;
        return PyInstance::count(&inst, py, threads);
    }
    Err(PyTypeError::new_err(format!(
        "count() takes an Instance, a Puzzle or an exact-cover text, not {}",
        what.get_type().name()?
    )))
}

/// The solutions, each found when asked for: of an Instance (or an exact-cover text) as lists of
/// option numbers (their texts with `names=True`), of a Puzzle as Boards.
#[pyfunction]
#[pyo3(signature = (what, names = false))]
fn solve(py: Python<'_>, what: &Bound<'_, PyAny>, names: bool) -> PyResult<PyObject> {
    if let Ok(inst) = what.downcast::<PyInstance>() {
        return Ok(Bound::new(py, inst.borrow().solver(names))?
            .into_any()
            .unbind());
    }
    if let Ok(p) = what.downcast::<PyPuzzle>() {
        return Ok(Bound::new(py, p.get().solutions(py)?)?.into_any().unbind());
    }
    if let Ok(s) = what.downcast::<PyString>() {
        let inst = PyInstance::from_knuth(py, &s.to_cow()?)?;
        return Ok(Bound::new(py, inst.solver(names))?.into_any().unbind());
    }
    Err(PyTypeError::new_err(format!(
        "solve() takes an Instance, a Puzzle or an exact-cover text, not {}",
        what.get_type().name()?
    )))
}

/// The native module; the package `dlx_studio` re-exports it.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("DlxError", py.get_type::<DlxError>())?;
    m.add_class::<PyInstance>()?;
    m.add_class::<PySolver>()?;
    m.add_class::<PyEvent>()?;
    m.add_class::<PyBoard>()?;
    m.add_class::<PyPuzzle>()?;
    m.add_class::<PyBoards>()?;
    for f in [
        wrap_pyfunction!(count, m)?,
        wrap_pyfunction!(solve, m)?,
        wrap_pyfunction!(queens, m)?,
        wrap_pyfunction!(toroidal_queens, m)?,
        wrap_pyfunction!(latin, m)?,
        wrap_pyfunction!(langford, m)?,
        wrap_pyfunction!(pentomino, m)?,
        wrap_pyfunction!(edge_matching, m)?,
        wrap_pyfunction!(macmahon, m)?,
        wrap_pyfunction!(sudoku, m)?,
    ] {
        m.add_function(f)?;
    }
    m.add("SLICE_NODES", SLICE)?;
    Ok(())
}
