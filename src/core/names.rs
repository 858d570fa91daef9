//! The names the CLI, the page and the JSON reports give the search's settings, one table a setting.
//!
//! `Tree` and `Engine` spell their names in `search` (`Tree::name`, `Engine::name`); `Heuristic` and
//! `Algorithm` here. Every reader of a name (`--tree`, `Session.set_tree`, `--heuristic`, the race's
//! lanes, …) goes through [`Named::from_name`] and says what it expected with [`Named::choices`], so a
//! name is spelled once.

use super::search::{Engine, Heuristic, Tree};
use super::Instance;
use std::fmt;

/// A setting with a name for each of its values.
pub trait Named: Copy + PartialEq + 'static {
    /// Every value, in the order help texts and the page list them (the default first).
    const ALL: &'static [Self];
    /// Its name as the CLI and the page spell it.
    fn name(self) -> &'static str;

    /// The value of that name, if one has it.
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.name() == name)
    }

    /// The names, `sep` between them: `dlx1|lookahead`.
    fn names(sep: &str) -> String {
        Self::ALL
            .iter()
            .map(|v| v.name())
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// The names as a message lists them: `dlx1 or lookahead`, `auto, bits or links`.
    fn choices() -> String {
        let names: Vec<&str> = Self::ALL.iter().map(|v| v.name()).collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The value of `name`, or an error saying what was expected.
    fn parse_name(name: &str) -> Result<Self, UnknownName> {
        Self::from_name(name).ok_or_else(|| UnknownName {
            name: name.to_string(),
            expected: Self::choices(),
        })
    }
}

/// A name no value has: displayed as "`name`: expected a, b or c" (the caller puts what was named
/// in front: "--tree", "tree").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    pub name: String,
    pub expected: String,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: expected {}", self.name, self.expected)
    }
}

impl std::error::Error for UnknownName {}

/// Which algorithm searches: Knuth's dancing links, or Algorithm X on the plain 0-1 matrix
/// (`core::naive`, the yardstick: the same choices, so the same tree, only slower).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    #[default]
    Dlx,
    Naive,
}

impl Named for Algorithm {
    const ALL: &'static [Algorithm] = &[Algorithm::Dlx, Algorithm::Naive];
    fn name(self) -> &'static str {
        match self {
            Algorithm::Dlx => "dlx",
            Algorithm::Naive => "naive",
        }
    }
}

impl Named for Heuristic {
    const ALL: &'static [Heuristic] = &[Heuristic::Mrv, Heuristic::First];
    fn name(self) -> &'static str {
        match self {
            Heuristic::Mrv => "mrv",
            Heuristic::First => "first",
        }
    }
}

impl Named for Tree {
    const ALL: &'static [Tree] = &[Tree::Dlx1, Tree::Lookahead];
    fn name(self) -> &'static str {
        Tree::name(self)
    }
}

impl Named for Engine {
    const ALL: &'static [Engine] = &[Engine::Auto, Engine::Bits, Engine::Links];
    fn name(self) -> &'static str {
        Engine::name(self)
    }
}

/// DLX3's tree: what an instance with multiplicities walks whatever tree was asked (Algorithm M has no
/// lookahead). Not a `Tree` one can choose, so not in `Tree::ALL`.
pub const DLX3: &str = "dlx3";

impl Tree {
    /// The name of the tree a search over `inst` asked to walk this one walks, as `dlx count --json`
    /// and the page say it: this tree's name, or [`DLX3`] for multiplicities.
    pub fn walked(self, inst: &Instance) -> &'static str {
        if inst.has_multiplicities() {
            DLX3
        } else {
            Tree::name(self)
        }
    }
}

macro_rules! display_and_from_str {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(Named::name(*self))
            }
        }

        impl std::str::FromStr for $t {
            type Err = UnknownName;
            fn from_str(s: &str) -> Result<Self, UnknownName> {
                <$t as Named>::parse_name(s)
            }
        }
    )*};
}

display_and_from_str!(Algorithm, Heuristic, Tree, Engine);

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trips<T: Named + fmt::Display + std::str::FromStr<Err = UnknownName> + fmt::Debug>() {
        let mut seen = std::collections::HashSet::new();
        for &v in T::ALL {
            assert_eq!(T::from_name(v.name()), Some(v), "{v:?}");
            assert_eq!(v.name().parse::<T>(), Ok(v));
            assert_eq!(v.to_string(), v.name());
            assert!(seen.insert(v.name()), "two values named {}", v.name());
        }
        let e = "nope".parse::<T>().unwrap_err();
        assert_eq!(e.to_string(), format!("`nope`: expected {}", T::choices()));
        assert_eq!(T::from_name(""), None);
    }

    #[test]
    fn every_name_round_trips() {
        round_trips::<Algorithm>();
        round_trips::<Heuristic>();
        round_trips::<Tree>();
        round_trips::<Engine>();
        assert_eq!(Tree::choices(), "dlx1 or lookahead");
        assert_eq!(Engine::choices(), "auto, bits or links");
        assert_eq!(Engine::names("|"), "auto|bits|links");
        // The defaults come first (the help lists them so).
        assert_eq!(Algorithm::ALL[0], Algorithm::default());
        assert_eq!(Heuristic::ALL[0], Heuristic::default());
        assert_eq!(Tree::ALL[0], Tree::default());
        assert_eq!(Engine::ALL[0], Engine::default());
    }

    #[test]
    fn a_tree_walked_with_multiplicities_is_dlx3() {
        let mut inst = Instance::new(["a"], Vec::<String>::new()).unwrap();
        assert_eq!(Tree::Lookahead.walked(&inst), "lookahead");
        assert_eq!(Tree::Dlx1.walked(&inst), "dlx1");
        inst.set_bounds(0, 1, 2).unwrap();
        assert_eq!(Tree::Lookahead.walked(&inst), DLX3);
    }
}
