//! Going down a known path: a search stands where another search over the same instance stood at a
//! solution, with its counters, without searching the tree again (the page's Solve, found on a worker).

use super::*;

/// Why [`Search::follow`] could not go down a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowError {
    /// Multiplicities tweak their items, which a forced choice does not do.
    Multiplicities,
    /// The option given for this level is not in the list of the item branched on there.
    NotThere { level: usize, option: usize },
    /// The path ends before every primary item is covered, or an item had no option on the way
    /// (the lookahead's reject, a dead end): it is not a path to a solution of this search.
    NoSolution { level: usize },
}

impl std::fmt::Display for FollowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FollowError::Multiplicities => {
                write!(f, "a search with multiplicities cannot follow a path")
            }
            FollowError::NotThere { level, option } => {
                write!(
                    f,
                    "option {option} is not in the list of the item branched on at level {level}"
                )
            }
            FollowError::NoSolution { level } => {
                write!(
                    f,
                    "the path does not lead to a solution (it stops at level {level})"
                )
            }
        }
    }
}

impl Search {
    /// From the start (undoing what is covered now), tries at each level `l` option `path[l]` of the
    /// item branched on there, passing over the options before it in that item's list as tried
    /// ([`Search::skip_options`]), down to the solution the path ends at; then takes `stats` as its
    /// counters: those of the search that found that solution, when it found it. The state is then
    /// the one that search stood in (links, levels, phase: each option skipped was tried there and
    /// undone exactly), so stepping on or back from here walks its tree and counts as it did. The
    /// path's levels cost one event machine's walk down (their covers and hides), not the nodes of
    /// the tree. On an error the search is back at its start, counters at 0.
    pub fn follow(&mut self, path: &[usize], stats: &Stats) -> Result<(), FollowError> {
        if self.links.has_mult() {
            return Err(FollowError::Multiplicities);
        }
        self.restart();
        let result = self.follow_down(path);
        match result {
            Ok(()) => {
                let depth = self.stats.profile.len();
                self.stats = stats.clone();
                self.stats.profile.resize(depth, 0);
                // Stepping with memos: the path's nodes were counted by another search.
                if let Some(m) = self.memo.as_mut() {
                    m.forget();
                }
                Ok(())
            }
            Err(e) => {
                self.restart();
                Err(e)
            }
        }
    }

    /// Stands at the end of the search (from wherever it stands) with `stats` as its counters:
    /// those of a search over the same instance that ran to its end. The end is one state whatever
    /// the way there (every cover undone, level 0), so stepping back from here walks that search's
    /// tree back from its end.
    pub fn finish(&mut self, stats: &Stats) {
        self.restart();
        self.phase = Phase::Done;
        let depth = self.stats.profile.len();
        self.stats = stats.clone();
        self.stats.profile.resize(depth, 0);
        if let Some(m) = self.memo.as_mut() {
            m.forget();
        }
    }

    fn follow_down(&mut self, path: &[usize]) -> Result<(), FollowError> {
        for (l, &option) in path.iter().enumerate() {
            // On to the level's Try: its item chosen and covered, no option tried yet.
            while !(self.phase == Phase::Try && self.level == l) {
                match self.step() {
                    Some(Event::Choose { .. } | Event::CoverItem { .. } | Event::Hide { .. })
                    | Some(Event::Purify { .. } | Event::Try { .. }) => {}
                    _ => return Err(FollowError::NoSolution { level: self.level }),
                }
            }
            let c = self.levels[l].item;
            let mut x = self.links.down(c);
            let mut k = 1;
            while x != c && self.links.option_of(x) != option {
                x = self.links.down(x);
                k += 1;
            }
            if x == c {
                return Err(FollowError::NotThere { level: l, option });
            }
            self.skip_options(k - 1);
        }
        // The last option's covers, then the node below it, which finds no item left.
        loop {
            match self.step() {
                Some(Event::Solution { .. }) if self.level == path.len() => return Ok(()),
                Some(Event::Try { .. } | Event::CoverItem { .. } | Event::Hide { .. })
                | Some(Event::Purify { .. }) => {}
                _ => return Err(FollowError::NoSolution { level: self.level }),
            }
        }
    }
}
