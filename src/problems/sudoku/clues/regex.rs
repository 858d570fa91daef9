//! A regular expression over a line's digits (ISS's regex lines), compiled to Glushkov's automaton:
//! one state per symbol of the pattern (a digit, `.` or a class) plus the start, no ε-moves, and
//! the line's walk carried as the *set* of states it may be in (a `u64`), so that each filling of
//! the line has exactly one walk and the exact cover counts each solution once.
//!
//! The syntax is ISS's: digits `0`-`9` and letters (`A` or `a` is 10, …) for values, `.` for any,
//! classes `[1-3]` and `[^47]`, groups, `|`, and the postfix `*`, `+` and `?`; `\` quotes the next
//! character. A pattern matches the whole line.

use super::machine::Machine;
use serde::Serialize;

/// The most symbols a pattern may have: a walk's set of states (each symbol and the start) is a
/// bit set of 64.
pub const MAX_SYMBOLS: usize = 63;

/// A compiled pattern: Glushkov's automaton, state 0 the start and state `i` (1 to `symbols`)
/// having just read the pattern's `i`-th symbol.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Regex {
    /// The pattern as written.
    pub source: String,
    /// The automaton the line's walk follows.
    #[serde(skip)]
    pub machine: Machine,
}

/// The pattern's syntax tree: a symbol is the set of values it admits (bit `v`).
enum Node {
    Empty,
    Symbol(u64),
    Concat(Vec<Node>),
    Alternate(Vec<Node>),
    Star(Box<Node>),
    Plus(Box<Node>),
    Optional(Box<Node>),
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    /// The grid's values, `least` to `most`.
    least: u32,
    most: u32,
    source: &'a str,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn fail<T>(&self, why: &str) -> Result<T, String> {
        Err(format!(
            "the pattern `{}`: {why} at character {}",
            self.source,
            self.pos + 1
        ))
    }

    /// The value a character names (`0`-`9`, then letters from 10), within the grid's values.
    fn value(&self, c: char) -> Result<u32, String> {
        let v = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'A'..='Z' => c as u32 - 'A' as u32 + 10,
            'a'..='z' => c as u32 - 'a' as u32 + 10,
            _ => {
                return Err(format!(
                    "the pattern `{}`: `{c}` names no value at character {}",
                    self.source, self.pos
                ))
            }
        };
        if v < self.least || v > self.most {
            // `c` was read: it stands at `pos` (from 1).
            return Err(format!(
                "the pattern `{}`: `{c}` is not one of the grid's values ({} to {}) at character {}",
                self.source, self.least, self.most, self.pos
            ));
        }
        Ok(v)
    }

    fn expression(&mut self) -> Result<Node, String> {
        let mut options = vec![self.sequence()?];
        while self.peek() == Some('|') {
            self.pos += 1;
            options.push(self.sequence()?);
        }
        Ok(if options.len() == 1 {
            options.pop().expect("one")
        } else {
            Node::Alternate(options)
        })
    }

    fn sequence(&mut self) -> Result<Node, String> {
        let mut parts = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            parts.push(self.quantified()?);
        }
        Ok(match parts.len() {
            0 => Node::Empty,
            1 => parts.pop().expect("one"),
            _ => Node::Concat(parts),
        })
    }

    fn quantified(&mut self) -> Result<Node, String> {
        let mut node = self.primary()?;
        loop {
            node = match self.peek() {
                Some('*') => Node::Star(Box::new(node)),
                Some('+') => Node::Plus(Box::new(node)),
                Some('?') => Node::Optional(Box::new(node)),
                _ => return Ok(node),
            };
            self.pos += 1;
        }
    }

    fn primary(&mut self) -> Result<Node, String> {
        let all = ((1u64 << (self.most + 1)) - 1) & !((1u64 << self.least) - 1);
        let Some(c) = self.peek() else {
            return self.fail("the pattern ends early");
        };
        self.pos += 1;
        match c {
            '(' => {
                let inner = self.expression()?;
                if self.peek() != Some(')') {
                    return self.fail("a group is not closed");
                }
                self.pos += 1;
                Ok(inner)
            }
            '[' => {
                let negated = self.peek() == Some('^');
                if negated {
                    self.pos += 1;
                }
                let mut set = 0u64;
                loop {
                    let Some(mut a) = self.peek() else {
                        return self.fail("a class `[` is not closed");
                    };
                    self.pos += 1;
                    if a == ']' {
                        break;
                    }
                    if a == '\\' {
                        a = self
                            .peek()
                            .ok_or_else(|| format!("the pattern `{}` ends in `\\`", self.source))?;
                        self.pos += 1;
                    }
                    let from = self.value(a)?;
                    let to =
                        if self.peek() == Some('-') && self.chars.get(self.pos + 1) != Some(&']') {
                            self.pos += 1;
                            let b = self.peek().ok_or_else(|| {
                                format!("the pattern `{}` ends in a range", self.source)
                            })?;
                            self.pos += 1;
                            let to = self.value(b)?;
                            if to < from {
                                return self.fail(&format!("the range `{a}-{b}` runs backwards"));
                            }
                            to
                        } else {
                            from
                        };
                    for v in from..=to {
                        set |= 1 << v;
                    }
                }
                if set == 0 {
                    return self.fail("an empty class");
                }
                Ok(Node::Symbol(if negated { all & !set } else { set }))
            }
            '.' => Ok(Node::Symbol(all)),
            '\\' => {
                let Some(q) = self.peek() else {
                    return self.fail("the pattern ends in `\\`");
                };
                self.pos += 1;
                Ok(Node::Symbol(1 << self.value(q)?))
            }
            '*' | '+' | '?' | '|' | ')' => {
                self.pos -= 1;
                self.fail(&format!("`{c}` has nothing before it"))
            }
            _ => Ok(Node::Symbol(1 << self.value(c)?)),
        }
    }
}

/// Glushkov's sets of a subtree: whether it matches the empty line, its first and last states.
struct Sets {
    nullable: bool,
    first: u64,
    last: u64,
}

/// Numbers the symbols of `node` (from `symbols.len()`), recording each one's values, adds the
/// follow links inside it, and returns its sets.
fn glushkov(node: &Node, symbols: &mut Vec<u64>, follow: &mut Vec<u64>) -> Result<Sets, String> {
    // Every state's follow set grows by `to` for each state of `from`.
    let link = |follow: &mut Vec<u64>, from: u64, to: u64| {
        for (q, f) in follow.iter_mut().enumerate() {
            if from >> q & 1 == 1 {
                *f |= to;
            }
        }
    };
    Ok(match node {
        Node::Empty => Sets {
            nullable: true,
            first: 0,
            last: 0,
        },
        Node::Symbol(values) => {
            if symbols.len() > MAX_SYMBOLS {
                return Err(format!(
                    "more than {MAX_SYMBOLS} symbols; patterns that long are not supported"
                ));
            }
            symbols.push(*values);
            follow.push(0);
            let q = 1u64 << (symbols.len() - 1);
            Sets {
                nullable: false,
                first: q,
                last: q,
            }
        }
        Node::Concat(parts) => {
            let mut acc = Sets {
                nullable: true,
                first: 0,
                last: 0,
            };
            for part in parts {
                let s = glushkov(part, symbols, follow)?;
                link(follow, acc.last, s.first);
                acc = Sets {
                    first: if acc.nullable {
                        acc.first | s.first
                    } else {
                        acc.first
                    },
                    last: if s.nullable {
                        acc.last | s.last
                    } else {
                        s.last
                    },
                    nullable: acc.nullable && s.nullable,
                };
            }
            acc
        }
        Node::Alternate(options) => {
            let mut acc = Sets {
                nullable: false,
                first: 0,
                last: 0,
            };
            for option in options {
                let s = glushkov(option, symbols, follow)?;
                acc = Sets {
                    nullable: acc.nullable || s.nullable,
                    first: acc.first | s.first,
                    last: acc.last | s.last,
                };
            }
            acc
        }
        Node::Star(inner) | Node::Plus(inner) | Node::Optional(inner) => {
            let s = glushkov(inner, symbols, follow)?;
            if !matches!(node, Node::Optional(_)) {
                link(follow, s.last, s.first);
            }
            Sets {
                nullable: s.nullable || !matches!(node, Node::Plus(_)),
                ..s
            }
        }
    })
}

impl Regex {
    /// Compiles `source` for a grid of the values `least` to `most` (1 to 9, or 0 to 8), or says
    /// what is wrong with it.
    pub fn new(source: &str, least: u32, most: u32) -> Result<Regex, String> {
        let mut p = Parser {
            chars: source.chars().collect(),
            pos: 0,
            least,
            most,
            source,
        };
        let tree = p.expression()?;
        if p.pos < p.chars.len() {
            return p.fail("an unmatched `)`");
        }
        // State 0 (the start) reads nothing.
        let mut symbols = vec![0u64];
        let mut follow = vec![0u64];
        let s = glushkov(&tree, &mut symbols, &mut follow)?;
        follow[0] = s.first;
        // A move from q on v goes to the states after q whose symbol admits v.
        let last = s.last | u64::from(s.nullable);
        let mut machine = Machine::new(symbols.len(), (most - least + 1) as usize, least, 1, last);
        for (q, &after) in follow.iter().enumerate() {
            for v in least..=most {
                let to = symbols
                    .iter()
                    .enumerate()
                    .filter(|&(t, &set)| after >> t & 1 == 1 && set >> v & 1 == 1)
                    .fold(0u64, |m, (t, _)| m | 1 << t);
                if to != 0 {
                    machine.add(q, v, to);
                }
            }
        }
        Ok(Regex {
            source: source.to_string(),
            machine,
        })
    }

    /// Whether the pattern matches the whole of `values`.
    pub fn matches(&self, values: &[u32]) -> bool {
        self.machine.matches(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `len` values from 1 to `values` that `pattern` matches, by the automaton.
    fn matched(pattern: &str, values: u32, len: usize) -> Vec<Vec<u32>> {
        let re = Regex::new(pattern, 1, values).unwrap();
        let mut out = Vec::new();
        let mut line = vec![1u32; len];
        loop {
            if re.matches(&line) {
                out.push(line.clone());
            }
            let Some(i) = line.iter().rposition(|&v| v < values) else {
                return out;
            };
            line[i] += 1;
            for v in &mut line[i + 1..] {
                *v = 1;
            }
        }
    }

    fn text(lines: &[Vec<u32>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.iter().map(|v| v.to_string()).collect())
            .collect()
    }

    #[test]
    fn patterns_match_what_they_say() {
        assert_eq!(text(&matched("12|21", 4, 2)), ["12", "21"]);
        assert_eq!(text(&matched("1*2", 2, 3)), ["112"]);
        assert_eq!(text(&matched("[^1-3]+", 4, 2)), ["44"]);
        assert_eq!(text(&matched("(12)+3?", 3, 3)), ["123"]);
        assert_eq!(text(&matched("(12)+3?", 3, 4)), ["1212"]);
        assert_eq!(
            text(&matched(".?(3|4)", 4, 2)),
            ["13", "14", "23", "24", "33", "34", "43", "44"]
        );
        assert_eq!(text(&matched("(1|2)*3(1|2)*", 3, 3)).len(), 12);
        // ISS's Successor Arrows: a digit k is followed k cells on by k + 1, at the line's start.
        assert_eq!(matched("(12|2.3|3..4|4...5|5....6).*", 6, 3).len(), 6 + 6);
    }

    /// The automaton against a direct reading of the pattern's meaning, on every line.
    #[test]
    fn classes_and_groups_agree_with_a_brute_force() {
        let lines = matched("([^1-3][47][69]|[47]123[69])*", 9, 6);
        let direct = |l: &[u32]| {
            // Pieces of three (x not 1-3, then 4 or 7, then 6 or 9) or of five (4 or 7, 1, 2, 3, 6
            // or 9), one after the other to the end.
            fn ok(l: &[u32]) -> bool {
                l.is_empty()
                    || (l.len() >= 3
                        && l[0] > 3
                        && [4, 7].contains(&l[1])
                        && [6, 9].contains(&l[2])
                        && ok(&l[3..]))
                    || (l.len() >= 5
                        && [4, 7].contains(&l[0])
                        && l[1..4] == [1, 2, 3]
                        && [6, 9].contains(&l[4])
                        && ok(&l[5..]))
            }
            ok(l)
        };
        let re = Regex::new("([^1-3][47][69]|[47]123[69])*", 1, 9).unwrap();
        let mut all = 0;
        let mut line = vec![1u32; 6];
        loop {
            assert_eq!(re.matches(&line), direct(&line), "{line:?}");
            all += usize::from(direct(&line));
            let Some(i) = line.iter().rposition(|&v| v < 9) else {
                break;
            };
            line[i] += 1;
            for v in &mut line[i + 1..] {
                *v = 1;
            }
        }
        assert_eq!(lines.len(), all);
        assert_eq!(all, (6 * 2 * 2) * (6 * 2 * 2));
    }

    /// On values from 0, `0` is a value and `.` admits it.
    #[test]
    fn values_from_0() {
        let re = Regex::new("[^0-2][36]0|.9", 0, 9).unwrap();
        assert!(re.matches(&[3, 6, 0]) && re.matches(&[0, 9]));
        assert!(!re.matches(&[2, 6, 0]) && !re.matches(&[0, 8]));
        assert!(Regex::new("A", 0, 9).is_err());
    }

    #[test]
    fn bad_patterns_say_what_and_where() {
        for (p, want) in [
            ("(12", "a group is not closed at character 4"),
            ("12)", "an unmatched `)` at character 3"),
            ("[12", "a class `[` is not closed"),
            ("*1", "`*` has nothing before it at character 1"),
            (
                "1A",
                "`A` is not one of the grid's values (1 to 9) at character 2",
            ),
            ("0", "`0` is not one of the grid's values (1 to 9)"),
            ("[3-1]", "the range `3-1` runs backwards"),
            ("1{2}", "`{` names no value"),
        ] {
            let e = Regex::new(p, 1, 9).unwrap_err();
            assert!(e.contains(want), "{p}: {e}");
        }
        let long = "1".repeat(MAX_SYMBOLS + 1);
        assert!(Regex::new(&long, 1, 9)
            .unwrap_err()
            .contains("more than 63 symbols"));
        assert!(Regex::new(&"1".repeat(MAX_SYMBOLS), 1, 9).is_ok());
    }
}
