//! The library's `Instance`: items and options named as a user writes them, read from and written to
//! Knuth's format, counted and solved.

use super::error::{Error, Result};
use super::solver::{Solutions, Solver};
use crate::core;
use crate::problems::exact_cover::ExactCover;
use crate::problems::Problem;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A generalized exact-cover problem: primary items (each covered exactly once, or within its
/// multiplicity), secondary items (at most once, or by options that agree on its colour), and
/// options, each a set of items.
///
/// Items are numbered from 0, the primary ones first; options from 0 in the order they were added.
/// A solution is the list of its options' numbers.
///
/// ```
/// use dlx_studio::Instance;
///
/// // Knuth's example of TAOCP 7.2.2.1 (6): one solution, options 0, 3 and 4.
/// let mut inst = Instance::new(["a", "b", "c", "d", "e", "f", "g"], [] as [&str; 0])?;
/// for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"] {
///     inst.add_option(option.split(' '))?;
/// }
/// assert_eq!(inst.count(), 1);
/// let first = inst.solutions().next().unwrap();
/// assert_eq!(first, vec![3, 4, 0]);
/// # Ok::<(), dlx_studio::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Instance {
    inner: core::Instance,
    /// Item numbers by name, built at the first option added by names (the core finds names by a
    /// scan, which an option a name would make quadratic).
    index: OnceLock<HashMap<String, usize>>,
}

impl PartialEq for Instance {
    fn eq(&self, other: &Instance) -> bool {
        self.inner == other.inner
    }
}

impl Eq for Instance {}

impl Instance {
    /// An instance with these primary and secondary items and no option yet. A name may not be
    /// empty, repeat, or hold white space, `|` or `:` (it could not be written in Knuth's format).
    ///
    /// ```
    /// use dlx_studio::Instance;
    ///
    /// let inst = Instance::new(["p", "q"], ["x"])?;
    /// assert_eq!((inst.n_items(), inst.n_primary(), inst.n_options()), (3, 2, 0));
    /// assert_eq!(
    ///     Instance::new(["p", "p"], [] as [&str; 0]).unwrap_err().to_string(),
    ///     "item `p` is named twice"
    /// );
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn new<P, S>(primary: P, secondary: S) -> Result<Instance>
    where
        P: IntoIterator,
        P::Item: AsRef<str>,
        S: IntoIterator,
        S::Item: AsRef<str>,
    {
        let names = |it: P| it.into_iter().map(|s| s.as_ref().to_string());
        let secondary = secondary.into_iter().map(|s| s.as_ref().to_string());
        Ok(Instance::from_core(core::Instance::new(
            names(primary),
            secondary,
        )?))
    }

    /// Reads a problem in Knuth's format (an items line, primary items then `|` and the secondary
    /// ones, `lo:hi|name` for a multiplicity; then one option a line, `name:colour` for a coloured
    /// secondary item; `|` starts a comment line) or as a 0-1 matrix (one row of `0`s and `1`s an
    /// option), deciding which as `dlx count exact-cover` does.
    ///
    /// ```
    /// use dlx_studio::Instance;
    ///
    /// let inst = Instance::parse("p q | x\np x:A\nq x:A\nq x:B\n")?;
    /// assert_eq!(inst.count(), 1);
    /// let matrix = Instance::parse("110\n001\n011\n")?;
    /// assert_eq!(matrix.count(), 1);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<Instance> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let read = ExactCover::parse(text)?;
        Ok(Instance::from_core(read.instance().clone()))
    }

    /// The instance in Knuth's format, as `dlx export` writes it: [`Instance::parse`] reads it back
    /// to an equal instance (empty options, which the format cannot state, are left out).
    ///
    /// ```
    /// use dlx_studio::Instance;
    ///
    /// let text = "2:3|p q | x\np x:A\nq\n";
    /// let inst = Instance::parse(text)?;
    /// assert_eq!(inst.to_knuth(), text);
    /// assert_eq!(Instance::parse(&inst.to_knuth())?, inst);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn to_knuth(&self) -> String {
        self.inner.to_knuth()
    }

    /// Adds an option given by item names, `name:colour` for a secondary item with a colour, and
    /// returns its number. Every chosen option that holds a coloured item must give it the same
    /// colour (Knuth's Algorithm C); an uncoloured secondary item excludes every other use.
    ///
    /// ```
    /// use dlx_studio::Instance;
    ///
    /// let mut inst = Instance::new(["p", "q"], ["x"])?;
    /// assert_eq!(inst.add_option(["p", "x:red"])?, 0);
    /// assert_eq!(inst.add_option(["q", "x:red"])?, 1);
    /// assert_eq!(inst.count(), 1);
    /// let err = inst.add_option(["p", "y"]).unwrap_err();
    /// assert_eq!(err.to_string(), "option 3: there is no item `y`");
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn add_option<I>(&mut self, items: I) -> Result<usize>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let k = self.inner.n_options();
        let at = |e: String| Error::new(format!("option {}: {e}", k + 1));
        let mut entries = Vec::new();
        let mut colored = false;
        for word in items {
            let word = word.as_ref();
            let (name, color) = match word.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (word, None),
            };
            let Some(&i) = self.index().get(name) else {
                return Err(at(format!(
                    "there is no item `{}`",
                    crate::problems::escape_controls(name)
                )));
            };
            let c = match color {
                Some(c) => {
                    colored = true;
                    self.inner.color(c).map_err(|e| at(e.to_string()))?
                }
                None => 0,
            };
            entries.push((i, c));
        }
        let added = if colored {
            self.inner.add_colored_option(&entries)
        } else {
            let plain: Vec<usize> = entries.iter().map(|&(i, _)| i).collect();
            self.inner.add_option(&plain)
        };
        added.map_err(|e| at(e.to_string()))
    }

    /// Adds an option given by item numbers (from 0, primary items first) and returns its number.
    ///
    /// ```
    /// use dlx_studio::Instance;
    ///
    /// let mut inst = Instance::new(["a", "b"], [] as [&str; 0])?;
    /// inst.add_option_items(&[0, 1])?;
    /// inst.add_option_items(&[0])?;
    /// inst.add_option_items(&[1])?;
    /// assert_eq!(inst.count(), 2);
    /// assert!(inst.add_option_items(&[2]).is_err());
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn add_option_items(&mut self, items: &[usize]) -> Result<usize> {
        Ok(self.inner.add_option(items)?)
    }

    /// Gives a primary item a multiplicity (Knuth's `lo:hi|name`, Algorithm M): a solution has it
    /// in at least `lo` and at most `hi` of its options.
    ///
    /// ```
    /// use dlx_studio::Instance;
    ///
    /// let mut inst = Instance::new(["a", "b"], [] as [&str; 0])?;
    /// inst.set_multiplicity("a", 1, 2)?;
    /// for option in [&["a"][..], &["a", "b"], &["b"]] {
    ///     inst.add_option(option)?;
    /// }
    /// // {a, ab}, {ab}, {a, b}
    /// assert_eq!(inst.count(), 3);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn set_multiplicity(&mut self, item: &str, lo: u32, hi: u32) -> Result<()> {
        let Some(&i) = self.index().get(item) else {
            return Err(Error::new(format!(
                "there is no item `{}`",
                crate::problems::escape_controls(item)
            )));
        };
        Ok(self.inner.set_bounds(i, lo, hi)?)
    }

    /// The number of items, primary and secondary.
    ///
    /// ```
    /// let inst = dlx_studio::Instance::parse("a b | c\na c\nb\n")?;
    /// assert_eq!(inst.n_items(), 3);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn n_items(&self) -> usize {
        self.inner.n_items()
    }

    /// The number of primary items: they are items `0..n_primary()`.
    ///
    /// ```
    /// let inst = dlx_studio::Instance::parse("a b | c\na c\nb\n")?;
    /// assert_eq!(inst.n_primary(), 2);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn n_primary(&self) -> usize {
        self.inner.n_primary()
    }

    /// The number of options.
    ///
    /// ```
    /// let inst = dlx_studio::Instance::parse("a b | c\na c\nb\n")?;
    /// assert_eq!(inst.n_options(), 2);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn n_options(&self) -> usize {
        self.inner.n_options()
    }

    /// The name of item `item` (panics if there is no such item).
    ///
    /// ```
    /// let inst = dlx_studio::Instance::parse("a b | c\na c\nb\n")?;
    /// assert_eq!(inst.item_name(2), "c");
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn item_name(&self, item: usize) -> &str {
        self.inner.item_name(item)
    }

    /// The items of option `k`, in the order they were given (panics if there is no such option).
    ///
    /// ```
    /// let inst = dlx_studio::Instance::parse("a b | c\na c\nb\n")?;
    /// assert_eq!(inst.option(0), vec![0, 2]);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn option(&self, k: usize) -> Vec<usize> {
        self.inner.option(k).collect()
    }

    /// Option `k` as Knuth's format writes it: its item names, `name:colour` for a coloured item.
    ///
    /// ```
    /// let inst = dlx_studio::Instance::parse("a b | c\na c:X\nb\n")?;
    /// assert_eq!(inst.option_text(0), "a c:X");
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn option_text(&self, k: usize) -> String {
        self.inner.option_text(k)
    }

    /// Counts the solutions on this thread (dancing links, or bit sets where they pay).
    ///
    /// ```
    /// let inst = dlx_studio::Instance::parse("a b\na\nb\na b\n")?;
    /// assert_eq!(inst.count(), 2);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn count(&self) -> u64 {
        self.solver().count()
    }

    /// Counts the solutions on up to `threads` threads (0: every core), as `dlx count` does: the
    /// search tree is split only once it is big enough to pay, and the count is the sequential
    /// one's whatever the threads. On wasm32 it counts on the calling thread.
    ///
    /// ```
    /// let inst = dlx_studio::queens::new(8)?.instance();
    /// assert_eq!(inst.count_threads(2), 92);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn count_threads(&self, threads: usize) -> u64 {
        super::solver::count_threads(&self.inner, &[], threads).unwrap_or(0)
    }

    /// The solutions one at a time, each found when asked for: stop early by dropping the
    /// iterator (or `take(n)`).
    ///
    /// ```
    /// let inst = dlx_studio::Instance::parse("a b\na\nb\na b\n")?;
    /// let all: Vec<Vec<usize>> = inst.solutions().collect();
    /// assert_eq!(all, vec![vec![0, 1], vec![2]]);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn solutions(&self) -> Solutions {
        self.solver().into_solutions()
    }

    /// A search over this instance, to step, step back, count or solve as the caller drives it.
    ///
    /// ```
    /// let inst = dlx_studio::Instance::parse("a b\na\nb\na b\n")?;
    /// let mut solver = inst.solver();
    /// assert!(solver.step().is_some());
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn solver(&self) -> Solver {
        Solver::new(&self.inner)
    }

    pub(crate) fn from_core(inner: core::Instance) -> Instance {
        Instance {
            inner,
            index: OnceLock::new(),
        }
    }

    /// The engine's own instance, for the CLI, the page and the bindings built over this crate.
    #[doc(hidden)]
    pub fn core(&self) -> &core::Instance {
        &self.inner
    }

    fn index(&self) -> &HashMap<String, usize> {
        self.index.get_or_init(|| {
            self.inner
                .item_names()
                .enumerate()
                .map(|(i, n)| (n.to_string(), i))
                .collect()
        })
    }
}

impl std::str::FromStr for Instance {
    type Err = Error;

    /// [`Instance::parse`].
    ///
    /// ```
    /// let inst: dlx_studio::Instance = "a\na\n".parse()?;
    /// assert_eq!(inst.count(), 1);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Instance> {
        Instance::parse(text)
    }
}
