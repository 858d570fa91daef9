//! `Zdd`: the ZDD of all solutions as DLX6 builds and writes it, and a reader of that text format
//! (Knuth's ZDDREAD's) that counts the family, finds its r-th set in order, and draws one uniformly.
//!
//! The format, as `zddread.w` reads it (`sscanf(buf, "%x: (~%u?%x:%x)")`) and `dlx6.w` writes it
//! (`printf("%x: (~%d?%x:%x)\n", zddnodes, optionno, znode, zsol)`): one node a line, `ID: (~V?LO:HI)`
//! with the node's id, LO and HI in hexadecimal and its variable V in decimal; ids 0 and 1 are the
//! sinks (the empty family, and the family of the empty set). The root is the first node of least
//! variable. DLX6's variable is the option's number counted from 1, a node `(~k?lo:hi)` for option
//! k tried after the options of `lo` (so the ZDD is not ordered: DLX6 says ZDDREAD copes), and the
//! last line is a dummy root `N: (~0?0:TOP)` with variable 0, which is no option: it is left out of
//! the sets listed here. Sources: Knuth's dlx6.w (§"Make a new ZDD node" and the line after `done:`)
//! and zddread.w, from his program page (www-cs-faculty.stanford.edu/~knuth/programs.html).

use super::num::Num;
use num_bigint::BigUint;
use std::collections::HashMap;
use std::fmt;

/// One node: `var` (DLX6: option number from 1), `lo` (the family without it), `hi` (the sets
/// joined to it). Ids 0 and 1 are the sinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZNode {
    pub var: u32,
    pub lo: u32,
    pub hi: u32,
}

/// A ZDD: its nodes by id (`nodes[id]`; ids 0 and 1 hold the sinks as placeholders) and its root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zdd {
    nodes: Vec<ZNode>,
    root: u32,
    /// Whether the root is DLX6's dummy (variable 0, `lo` 0): its variable is no option.
    dummy: bool,
    /// Each node's count of sets, once `counted` has run (`counts[0]` 0, `counts[1]` 1).
    counts: Vec<Num>,
}

/// Why a ZDD text was refused: what and on which line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZddError {
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ZddError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

const SINK: ZNode = ZNode {
    var: u32::MAX,
    lo: 0,
    hi: 0,
};

impl Zdd {
    /// The ZDD a memoised count built: node `2 + j` is `built[j]`, and `top` the root subproblem's
    /// node; DLX6's dummy root is added last.
    pub(super) fn from_count(built: Vec<ZNode>, top: u32) -> Zdd {
        let mut nodes = vec![SINK, SINK];
        nodes.extend(built);
        let root = nodes.len() as u32;
        nodes.push(ZNode {
            var: 0,
            lo: 0,
            hi: top,
        });
        let mut z = Zdd {
            nodes,
            root,
            dummy: true,
            counts: Vec::new(),
        };
        z.counted();
        z
    }

    /// Nodes other than the sinks (the dummy root included, as DLX6's file has it).
    pub fn len(&self) -> usize {
        self.nodes.len() - 2
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Reads Knuth's text format (blank lines skipped). Ids may come in any order and be sparse
    /// (hexadecimal, below 2^32 as ZDDREAD reads them); every LO and HI must be a sink or a node of
    /// the file, and no path may return to a node.
    pub fn parse(text: &str) -> Result<Zdd, ZddError> {
        let at = |line: usize, message: String| ZddError {
            line: Some(line),
            message,
        };
        let mut raw: Vec<(u32, u32, u32, u32, usize)> = Vec::new();
        let mut index: HashMap<u32, u32> = HashMap::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let (id, var, lo, hi) = parse_line(line).ok_or_else(|| {
                at(
                    n + 1,
                    format!("`{}` is not a ZDD node `ID: (~V?LO:HI)` (ID, LO, HI hexadecimal, V decimal)", clip(line)),
                )
            })?;
            if id < 2 {
                return Err(at(
                    n + 1,
                    format!("node id {id:x} is a sink's (0 and 1 are the sinks)"),
                ));
            }
            if index.insert(id, raw.len() as u32 + 2).is_some() {
                return Err(at(n + 1, format!("node {id:x} is given twice")));
            }
            raw.push((id, var, lo, hi, n + 1));
        }
        if raw.is_empty() {
            return Err(ZddError {
                line: None,
                message: "no ZDD node in the text".into(),
            });
        }
        let mut nodes = vec![SINK, SINK];
        let mut root = 0;
        let mut least = u32::MAX;
        for &(id, var, lo, hi, line) in &raw {
            let find = |x: u32| match x {
                0 | 1 => Ok(x),
                _ => index.get(&x).copied().ok_or_else(|| {
                    at(
                        line,
                        format!("node {id:x} points to {x:x}, which is no node of the file"),
                    )
                }),
            };
            nodes.push(ZNode {
                var,
                lo: find(lo)?,
                hi: find(hi)?,
            });
            if var < least {
                least = var;
                root = nodes.len() as u32 - 1;
            }
        }
        let r = nodes[root as usize];
        let mut z = Zdd {
            dummy: r.var == 0 && r.lo == 0,
            nodes,
            root,
            counts: Vec::new(),
        };
        z.check_acyclic(&raw)?;
        z.counted();
        Ok(z)
    }

    /// Refuses a cycle among the nodes reachable from the root (a walk would never end).
    fn check_acyclic(&self, raw: &[(u32, u32, u32, u32, usize)]) -> Result<(), ZddError> {
        // 0: unseen, 1: on the path, 2: done. Iterative, so a long chain cannot overflow the stack.
        let mut state = vec![0u8; self.nodes.len()];
        state[0] = 2;
        state[1] = 2;
        let mut stack = vec![(self.root, 0u8)];
        while let Some(&mut (n, ref mut child)) = stack.last_mut() {
            let n = n as usize;
            if *child == 0 {
                if state[n] == 2 {
                    stack.pop();
                    continue;
                }
                state[n] = 1;
            }
            if *child == 2 {
                state[n] = 2;
                stack.pop();
                continue;
            }
            let next = if *child == 0 {
                self.nodes[n].lo
            } else {
                self.nodes[n].hi
            };
            *child += 1;
            match state[next as usize] {
                0 => stack.push((next, 0)),
                1 => {
                    let (id, .., line) = raw[n - 2];
                    return Err(ZddError {
                        line: Some(line),
                        message: format!("node {id:x} leads back to itself: a ZDD has no cycle"),
                    });
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Each node's count of sets (post-order, iteratively).
    fn counted(&mut self) {
        let mut counts: Vec<Option<Num>> = vec![None; self.nodes.len()];
        counts[0] = Some(Num::ZERO);
        counts[1] = Some(Num::ONE);
        let mut stack = vec![self.root];
        while let Some(&n) = stack.last() {
            let n = n as usize;
            if counts[n].is_some() {
                stack.pop();
                continue;
            }
            let ZNode { lo, hi, .. } = self.nodes[n];
            match (&counts[lo as usize], &counts[hi as usize]) {
                (Some(a), Some(b)) => {
                    let mut c = a.clone();
                    c.add(b);
                    counts[n] = Some(c);
                    stack.pop();
                }
                (a, b) => {
                    if a.is_none() {
                        stack.push(lo);
                    }
                    if b.is_none() {
                        stack.push(hi);
                    }
                }
            }
        }
        self.counts = counts.into_iter().map(Option::unwrap_or_default).collect();
    }

    /// The number of sets in the family (solutions).
    pub fn count(&self) -> Num {
        self.counts[self.root as usize].clone()
    }

    /// The set of rank `r` (from 0) in the ZDD's order: at each node the sets of `lo` come first,
    /// then those with its variable. For DLX6's ZDD that is the order the search found them in.
    /// Variables as the file has them (DLX6: options from 1), in the order met from the root;
    /// `None` past the last set.
    pub fn nth(&self, r: &BigUint) -> Option<Vec<u32>> {
        let mut r = r.clone();
        if r >= self.count().to_big() {
            return None;
        }
        let mut set = Vec::new();
        let mut n = self.root as usize;
        while n > 1 {
            let ZNode { var, lo, hi } = self.nodes[n];
            let below = self.counts[lo as usize].to_big();
            if r < below {
                n = lo as usize;
            } else {
                r -= below;
                if !(self.dummy && n == self.root as usize) {
                    set.push(var);
                }
                n = hi as usize;
            }
        }
        Some(set)
    }

    /// The first `limit` sets in order (as [`Zdd::nth`]), walked without ranks.
    pub fn list(&self, limit: u64) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        let mut r = BigUint::ZERO;
        while (out.len() as u64) < limit {
            match self.nth(&r) {
                Some(s) => out.push(s),
                None => break,
            }
            r += 1u8;
        }
        out
    }

    /// A set drawn uniformly: a rank below the count from `next` (64 random bits a call), by
    /// rejection so that every rank is equally likely. `None` when the family is empty.
    pub fn random(&self, mut next: impl FnMut() -> u64) -> Option<Vec<u32>> {
        let n = self.count().to_big();
        if n == BigUint::ZERO {
            return None;
        }
        let bits = n.bits();
        loop {
            let words: Vec<u64> = (0..bits.div_ceil(64)).map(|_| next()).collect();
            let mut r = BigUint::from_slice(
                &words
                    .iter()
                    .flat_map(|w| [*w as u32, (*w >> 32) as u32])
                    .collect::<Vec<u32>>(),
            );
            r &= (BigUint::from(1u8) << bits) - 1u8;
            if r < n {
                return self.nth(&r);
            }
        }
    }
}

impl Zdd {
    /// A set drawn uniformly with SplitMix64 from `seed` (the same seed, the same set).
    pub fn random_seeded(&self, seed: u64) -> Option<Vec<u32>> {
        let mut rng = crate::core::rng::SplitMix::new(seed);
        self.random(|| rng.next())
    }
}

/// Reads `ID: (~V?LO:HI)`; `None` if the line is not that.
fn parse_line(line: &str) -> Option<(u32, u32, u32, u32)> {
    let (id, rest) = line.split_once(':')?;
    let rest = rest.trim_start().strip_prefix("(~")?.strip_suffix(')')?;
    let (var, rest) = rest.split_once('?')?;
    let (lo, hi) = rest.split_once(':')?;
    let hex = |s: &str| {
        let s = s.trim();
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| u32::from_str_radix(s, 16).ok())
            .flatten()
    };
    let var = var.trim();
    if var.is_empty() || !var.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((hex(id)?, var.parse().ok()?, hex(lo)?, hex(hi)?))
}

/// A line cut to 60 characters for a message.
fn clip(line: &str) -> String {
    match line.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

/// Knuth's text, children before parents, the dummy root last (as DLX6 prints them).
impl fmt::Display for Zdd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (id, n) in self.nodes.iter().enumerate().skip(2) {
            writeln!(f, "{id:x}: (~{}?{:x}:{:x})", n.var, n.lo, n.hi)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_knuths_lines_counts_and_lists_in_order() {
        // {1,3}, {2}, {3}: node 2 = option 3 alone, 3 = option 2 after it, 4 = option 1 with 3.
        let text = "2: (~3?0:1)\n3: (~2?2:1)\n4: (~1?3:2)\n5: (~0?0:4)\n";
        let z = Zdd::parse(text).unwrap();
        assert_eq!(z.count(), Num::Small(3));
        assert_eq!(z.list(10), vec![vec![3], vec![2], vec![1, 3]]);
        assert_eq!(z.to_string(), text);
        let mut seen = [0; 3];
        let mut x = 7u64;
        for _ in 0..300 {
            let s = z
                .random(|| {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    x
                })
                .unwrap();
            seen[z.list(3).iter().position(|t| *t == s).unwrap()] += 1;
        }
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }

    #[test]
    fn refuses_bad_lines_dangling_nodes_and_cycles_by_line() {
        let e = Zdd::parse("2: (~3?0:1)\n3: (3?2:1)\n").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        let e = Zdd::parse("2: (~3?0:9)\n").unwrap_err();
        assert!(e.to_string().contains("line 1: node 2 points to 9"), "{e}");
        let e = Zdd::parse("2: (~1?3:1)\n3: (~2?2:1)\n").unwrap_err();
        assert!(e.message.contains("leads back"), "{e}");
        let e = Zdd::parse("2: (~1?0:1)\n2: (~2?0:1)\n").unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (Some(2), "node 2 is given twice")
        );
        assert!(Zdd::parse("\n\n").is_err());
        assert!(Zdd::parse("1: (~1?0:1)").is_err());
    }
}
