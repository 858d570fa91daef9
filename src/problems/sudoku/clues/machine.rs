//! Finite automata over a line's digits (regex lines and ISS's NFA lines), walked as the *set* of
//! states they may be in (a `u64`): each filling of the line then has exactly one walk, so that
//! the exact cover counts each solution once however nondeterministic the automaton is.
//!
//! ISS's serial form of an automaton (its `NFASerializer`, `.NFA~<automaton>~…`, as the puzzles
//! of its collection carry it; a later ISS writes a start-accepts bit in place of the start count)
//! is URL-safe base64 of a bit stream, each field read most significant bit first:
//! - the format (2 bits: 0 plain, 1 packed); the bits of a state number less one (4); the
//!   number of symbols less one (4: symbol k is the grid's (k+1)-th value);
//! - in state-number bits, how many start states and how many accepting states follow them;
//!   a start state's bit (bit q for start q), set if it accepts too; a plain body then gives the bits of a
//!   transition count (4);
//! - states are numbered starts first, then the accepting states, then the rest;
//! - then state after state until the bits run out. Packed: a mask of the symbols that lead
//!   somewhere (symbol k at bit k, so the highest symbol comes first) and, by rising symbol,
//!   the one state each leads to. Plain: a count of moves, then (symbol, state) pairs.

/// The most states an automaton may have: a walk's set of states is a bit set of 64.
pub const MAX_STATES: usize = 64;

/// An automaton over the values `least` to `least + symbols - 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    /// `moves[q * symbols + s]`: the states that state `q` goes to on the `s`-th value.
    moves: Vec<u64>,
    symbols: usize,
    least: u32,
    start: u64,
    accept: u64,
}

impl Machine {
    /// A machine of `states` states (at most [`MAX_STATES`]) with no moves yet.
    pub(super) fn new(states: usize, symbols: usize, least: u32, start: u64, accept: u64) -> Self {
        debug_assert!(states <= MAX_STATES);
        Machine {
            moves: vec![0; states * symbols],
            symbols,
            least,
            start,
            accept,
        }
    }

    /// State `from` may go to the states `to` on `value`.
    pub(super) fn add(&mut self, from: usize, value: u32, to: u64) {
        let s = (value - self.least) as usize;
        self.moves[from * self.symbols + s] |= to;
    }

    /// The set of states the walk starts in.
    pub fn start(&self) -> u64 {
        self.start
    }

    /// The states after reading `value` in any of `states` (0: the walk is dead).
    pub fn step(&self, states: u64, value: u32) -> u64 {
        let Some(s) = value.checked_sub(self.least).map(|s| s as usize) else {
            return 0;
        };
        if s >= self.symbols {
            return 0;
        }
        let mut next = 0;
        let mut q = states;
        while q != 0 {
            next |= self.moves[q.trailing_zeros() as usize * self.symbols + s];
            q &= q - 1;
        }
        next
    }

    /// Whether a walk ending in `states` is accepted.
    pub fn accepts(&self, states: u64) -> bool {
        states & self.accept != 0
    }

    /// Whether the automaton accepts the whole of `values`.
    pub fn matches(&self, values: &[u32]) -> bool {
        let end = values.iter().try_fold(self.start, |s, &v| {
            Some(self.step(s, v)).filter(|&t| t != 0)
        });
        end.is_some_and(|s| self.accepts(s))
    }

    /// Reads ISS's serial form (above) for a grid of `values` values from `least`, or says what
    /// is wrong with it.
    pub fn from_iss(coded: &str, least: u32, values: usize) -> Result<Machine, String> {
        let bytes = base64_bytes(coded.trim())
            .filter(|b| !b.is_empty())
            .ok_or_else(|| format!("`{coded}` is not an automaton in base64"))?;
        let mut r = Bits {
            bytes: &bytes,
            at: 0,
        };
        let short = || "its bits end inside the header".to_string();
        let format = r.read(2).ok_or_else(short)?;
        let state_bits = r.read(4).ok_or_else(short)? as usize + 1;
        let symbols = r.read(4).ok_or_else(short)? as usize + 1;
        let starts = r.read(state_bits).ok_or_else(short)? as usize;
        let accepts = r.read(state_bits).ok_or_else(short)? as usize;
        if starts > MAX_STATES {
            return Err(format!(
                "it has {starts} start states: an automaton here has at most {MAX_STATES} states"
            ));
        }
        let start_accepts = if starts > 32 {
            // Flags past 32 bits: read in two halves (start state q's flag is bit q).
            let low = u64::from(r.read(32).ok_or_else(short)?);
            let high = u64::from(r.read(starts - 32).ok_or_else(short)?);
            low | high << 32
        } else {
            u64::from(r.read(starts).ok_or_else(short)?)
        };
        if format > 1 {
            return Err(format!(
                "its format {format} is not ISS's plain (0) or packed (1)"
            ));
        }
        if symbols == values + 1 {
            return Err(format!(
                "it reads {symbols} symbols, one more than the grid's {values} values: a segmented \
                 automaton (a mark read between its lines) is not supported"
            ));
        }
        if symbols > values {
            return Err(format!(
                "it reads {symbols} symbols, but the grid has {values} values"
            ));
        }
        // The moves, state by state, until the bits run out (the last byte's padding is zeros).
        let mut moves: Vec<Vec<(usize, usize)>> = Vec::new();
        let truncated = || "its bits end inside a state's moves".to_string();
        // The last byte's padding reads as at most 7 more states with no moves: past that, a
        // payload names too many states (checked as it is read, so that no input makes a list
        // many times its own size).
        let too_many = || {
            format!(
                "it has more than {MAX_STATES} states: an automaton here has at most {MAX_STATES}"
            )
        };
        if format == 1 {
            while r.left() >= symbols {
                if moves.len() > MAX_STATES + 8 {
                    return Err(too_many());
                }
                let mask = r.read(symbols).expect("checked");
                let mut out = Vec::new();
                for s in (0..symbols).filter(|s| mask >> s & 1 == 1) {
                    out.push((s, r.read(state_bits).ok_or_else(truncated)? as usize));
                }
                moves.push(out);
            }
        } else {
            let count_bits = r.read(4).ok_or_else(short)? as usize;
            let symbol_bits = (usize::BITS - (symbols - 1).leading_zeros()).max(1) as usize;
            while count_bits > 0 && r.left() >= count_bits {
                if moves.len() > MAX_STATES + 8 {
                    return Err(too_many());
                }
                let n = r.read(count_bits).expect("checked");
                let mut out = Vec::new();
                for _ in 0..n {
                    let s = r.read(symbol_bits).ok_or_else(truncated)? as usize;
                    let to = r.read(state_bits).ok_or_else(truncated)? as usize;
                    if s >= symbols {
                        return Err(format!("a move reads symbol {s} of {symbols}"));
                    }
                    out.push((s, to));
                }
                moves.push(out);
            }
        }
        // States read from the padding have no moves and nothing goes to them: dropped.
        let named = moves
            .iter()
            .flatten()
            .map(|&(_, to)| to + 1)
            .chain([starts + accepts])
            .max()
            .unwrap_or(0);
        while moves.len() > named && moves.last().is_some_and(Vec::is_empty) {
            moves.pop();
        }
        let states = named.max(moves.len());
        if states > MAX_STATES {
            return Err(format!(
                "it has {states} states: an automaton here has at most {MAX_STATES}"
            ));
        }
        if starts == 0 {
            return Err("it has no start state".to_string());
        }
        let bits = |from: usize, to: usize| (from..to).fold(0u64, |m, q| m | 1 << q);
        // Bit q of the start-accepts field is start state q's.
        let start_accept = start_accepts & bits(0, starts);
        let mut m = Machine::new(
            states,
            symbols,
            least,
            bits(0, starts),
            bits(starts, starts + accepts) | start_accept,
        );
        for (q, out) in moves.iter().enumerate() {
            for &(s, to) in out {
                m.add(q, least + s as u32, 1 << to);
            }
        }
        Ok(m)
    }
}

/// The bytes that `coded` spells in base64, URL-safe (`-`, `_`, as ISS writes it) or standard
/// (`+`, `/`), with or without its `=` padding; `None` if a character is not base64's.
pub fn base64_bytes(coded: &str) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for c in coded.trim_end_matches('=').chars() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' | '+' => 62,
            '_' | '/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(bytes)
}

/// A bit stream read most significant bit first.
struct Bits<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bits<'_> {
    fn left(&self) -> usize {
        self.bytes.len() * 8 - self.at
    }

    /// The next `n` bits (at most 32) as a number; `None` past the end.
    fn read(&mut self, n: usize) -> Option<u32> {
        if n > self.left() || n > 32 {
            return None;
        }
        let mut v = 0u32;
        for _ in 0..n {
            let bit = self.bytes[self.at / 8] >> (7 - self.at % 8) & 1;
            v = v << 1 | u32::from(bit);
            self.at += 1;
        }
        Some(v)
    }
}

#[cfg(test)]
/// ISS's serial form of an automaton, written as its `NFASerializer` does (packed when every
/// state has at most one move a symbol, else plain): the test's own encoder, so that the
/// reader is checked against payloads made here and against ISS's own (below).
pub(crate) fn encode_iss(
    symbols: usize,
    starts: usize,
    accepts: usize,
    moves: &[Vec<(usize, usize)>],
) -> String {
    let states = moves.len();
    let state_bits = (usize::BITS - (states - 1).leading_zeros()).max(1) as usize;
    let packed = moves.iter().all(|m| {
        let mut s: Vec<usize> = m.iter().map(|x| x.0).collect();
        s.sort_unstable();
        s.dedup();
        s.len() == m.len()
    });
    let mut bits: Vec<bool> = Vec::new();
    let put = |v: usize, n: usize, bits: &mut Vec<bool>| {
        for i in (0..n).rev() {
            bits.push(v >> i & 1 == 1);
        }
    };
    put(usize::from(packed), 2, &mut bits);
    put(state_bits - 1, 4, &mut bits);
    put(symbols - 1, 4, &mut bits);
    put(starts, state_bits, &mut bits);
    put(accepts, state_bits, &mut bits);
    put(0, starts, &mut bits);
    let symbol_bits = (usize::BITS - (symbols - 1).leading_zeros()).max(1) as usize;
    if !packed {
        put(4, 4, &mut bits);
    }
    for m in moves {
        if packed {
            put(
                m.iter().fold(0, |a, &(s, _)| a | 1 << s),
                symbols,
                &mut bits,
            );
            let mut m = m.clone();
            m.sort();
            for (_, to) in m {
                put(to, state_bits, &mut bits);
            }
        } else {
            put(m.len(), 4, &mut bits);
            for &(s, to) in m {
                put(s, symbol_bits, &mut bits);
                put(to, state_bits, &mut bits);
            }
        }
    }
    let bytes: Vec<u8> = bits
        .chunks(8)
        .map(|c| {
            c.iter()
                .enumerate()
                .fold(0u8, |b, (i, &x)| b | u8::from(x) << (7 - i))
        })
        .collect();
    let abc = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = c
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=c.len() {
            out.push(abc[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `len` values from 1 to `values` that the machine accepts.
    fn accepted(m: &Machine, values: u32, len: usize) -> Vec<String> {
        let mut out = Vec::new();
        let mut line = vec![1u32; len];
        loop {
            if m.matches(&line) {
                out.push(line.iter().map(u32::to_string).collect());
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

    /// Round trips through the test's encoder: "the digits rise" (packed: each state its largest
    /// value so far) and "some 1 is followed by a 2" (plain: state 0 guesses where, two moves on
    /// the symbol 1), each against the lines it should accept.
    #[test]
    fn automata_encoded_here_read_back() {
        // States: 0 the start, 1-4 "the last value was k" (all accepting).
        let rising: Vec<Vec<(usize, usize)>> = (0..5)
            .map(|q| (q..4).map(|s| (s, s + 1)).collect())
            .collect();
        let m = Machine::from_iss(&encode_iss(4, 1, 4, &rising), 1, 4).unwrap();
        assert_eq!(accepted(&m, 4, 3), ["123", "124", "134", "234"]);
        // Plain: 0 start, 1 accept (seen "12", then anything), 2 "just read the 1".
        let twelve = vec![
            vec![(0, 0), (1, 0), (2, 0), (3, 0), (0, 2)],
            vec![(0, 1), (1, 1), (2, 1), (3, 1)],
            vec![(1, 1)],
        ];
        let m = Machine::from_iss(&encode_iss(4, 1, 1, &twelve), 1, 4).unwrap();
        let lines = accepted(&m, 4, 3);
        // "12" first (4 lines) or last (4 lines): never both in three digits.
        assert_eq!(lines.len(), 4 + 4, "{lines:?}");
        assert!(lines.iter().all(|l| l.contains("12")));
        // On values from 0, symbol 0 is the value 0.
        let m = Machine::from_iss(&encode_iss(4, 1, 4, &rising), 0, 4).unwrap();
        assert!(m.matches(&[0, 1, 3]) && !m.matches(&[1, 0]) && !m.matches(&[4]));
    }

    /// ISS's own payloads, from its collection ("Diagonal Skyscrapers"): 9 seen from R1C1 (the
    /// digits rise 1 to 9), and 1 seen (the first digit is the tallest of its line).
    #[test]
    fn iss_skyscrapers_read_as_iss_writes_them() {
        let nine = Machine::from_iss(
            "TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg",
            1,
            9,
        )
        .unwrap();
        assert!(nine.matches(&[1, 2, 3, 4, 5, 6, 7, 8, 9]));
        assert!(!nine.matches(&[2, 1, 3, 4, 5, 6, 7, 8, 9]) && !nine.matches(&[1, 2, 3]));
        let one = Machine::from_iss(
            "TgZf8SNFZ4kAiAyIDmZg9ERA-qqqj9mZmY_u7u7u_4iIiIj_zMzMzMg",
            1,
            9,
        )
        .unwrap();
        assert!(one.matches(&[9, 1, 9, 2]) && one.matches(&[5, 5, 4]) && one.matches(&[3]));
        assert!(!one.matches(&[5, 6]) && !one.matches(&[1, 2, 1]));
    }

    #[test]
    fn bad_automata_say_what() {
        let rising: Vec<Vec<(usize, usize)>> = (0..5)
            .map(|q| (q..4).map(|s| (s, s + 1)).collect())
            .collect();
        for (coded, values, want) in [
            ("!!", 9, "is not an automaton in base64"),
            ("Tg", 9, "its bits end inside the header"),
            (
                &encode_iss(4, 1, 4, &rising)[..],
                3,
                "reads 4 symbols, one more than the grid's 3",
            ),
            (
                &encode_iss(4, 1, 4, &rising)[..],
                2,
                "reads 4 symbols, but the grid has 2 values",
            ),
        ] {
            let e = Machine::from_iss(coded, 1, values).unwrap_err();
            assert!(e.contains(want), "{coded}: {e}");
        }
        // 65 states in a chain.
        let chain: Vec<Vec<(usize, usize)>> = (0..65).map(|q| vec![(0, (q + 1) % 65)]).collect();
        let e = Machine::from_iss(&encode_iss(2, 1, 1, &chain), 1, 2).unwrap_err();
        assert!(e.contains("it has 65 states"), "{e}");
    }
}
