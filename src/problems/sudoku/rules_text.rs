//! What a puzzle's rules text says, read for the shapes and rules it explains
//! ([`super::sudokupad_shapes`], and f-puzzles' `ruleset`): the kinds it names (whole words, with
//! endings), its sentences and clauses and whether a clause says no, the colour words it gives
//! kinds and the tone of a drawn colour, a whisper's difference, and the rules the words change
//! (slow thermometers, cages whose digits may repeat).

use super::clues::{Clue, ClueKind};
use serde_json::Value;

/// A tone, as a rules text names colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Tone {
    Black,
    White,
    Grey,
    /// A hue in degrees, 0 to 360.
    Hue(f64),
}

/// A colour (`#RRGGBB`, `#RRGGBBAA`, `#RGB`; SudokuPad's zipped form writes `CFCFCF`, and a
/// colour of digits only as a number; `rgb(…)`, `rgba(…)` and CSS's plain names) as a tone.
pub(super) fn tone(v: Option<&Value>) -> Option<Tone> {
    let s = match v? {
        Value::String(s) => s.trim().trim_start_matches('#').to_ascii_lowercase(),
        Value::Number(n) => format!("{:06}", n.as_u64()?),
        _ => return None,
    };
    let named = match s.as_str() {
        "white" => Some((255, 255, 255)),
        "black" => Some((0, 0, 0)),
        "grey" | "gray" | "lightgrey" | "lightgray" | "silver" => Some((192, 192, 192)),
        "red" => Some((255, 0, 0)),
        "green" | "lime" => Some((0, 200, 0)),
        "blue" => Some((0, 0, 255)),
        "purple" | "violet" => Some((160, 32, 240)),
        "orange" => Some((255, 165, 0)),
        "yellow" => Some((255, 255, 0)),
        "pink" | "magenta" => Some((255, 105, 180)),
        "cyan" | "lightblue" => Some((0, 200, 255)),
        _ => None,
    };
    let functional = s
        .strip_prefix("rgba(")
        .or_else(|| s.strip_prefix("rgb("))
        .and_then(|t| t.strip_suffix(')'))
        .and_then(|t| {
            let v: Vec<u8> = t
                .split(',')
                .take(3)
                .map(|x| {
                    x.trim()
                        .parse::<f64>()
                        .ok()
                        .map(|x| x.clamp(0.0, 255.0) as u8)
                })
                .collect::<Option<_>>()?;
            (v.len() == 3).then(|| (v[0], v[1], v[2]))
        });
    let hex = |i: usize, w: usize| {
        u8::from_str_radix(s.get(i..i + w)?, 16)
            .ok()
            .map(|x| if w == 1 { x * 17 } else { x })
    };
    // A fill of alpha 0 is none (a hollow shape).
    let clear = match s.len() {
        4 => s.ends_with('0'),
        8 => s.ends_with("00"),
        _ => {
            s.starts_with("rgba(")
                && s.trim_end_matches(')')
                    .rsplit(',')
                    .next()
                    .and_then(|a| a.trim().parse::<f64>().ok())
                    == Some(0.0)
        }
    };
    if clear && named.is_none() {
        return None;
    }
    let (r, g, b) = match (named.or(functional), s.len()) {
        (Some(rgb), _) => rgb,
        (None, 3 | 4) => (hex(0, 1)?, hex(1, 1)?, hex(2, 1)?),
        (None, 6 | 8) => (hex(0, 2)?, hex(2, 2)?, hex(4, 2)?),
        _ => return None,
    };
    let (r, g, b) = (f64::from(r), f64::from(g), f64::from(b));
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    if max < 60.0 {
        return Some(Tone::Black);
    }
    if min > 225.0 {
        return Some(Tone::White);
    }
    if max - min < 40.0 {
        return Some(Tone::Grey);
    }
    let d = max - min;
    let h = if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    Some(Tone::Hue(h))
}

/// Whether a colour is filled: given, not white, not clear.
pub(super) fn is_filled(v: Option<&Value>) -> bool {
    !matches!(tone(v), None | Some(Tone::White))
}

/// Whether two colours are of one tone, or either is not given.
pub(super) fn same_tone(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (tone(a), tone(b)) {
        (Some(x), Some(y)) => match (x, y) {
            (Tone::Hue(h), Tone::Hue(k)) => (h - k).abs().min(360.0 - (h - k).abs()) < 30.0,
            _ => x == y,
        },
        _ => true,
    }
}

/// The tones a colour word covers: hues from `.0` up to `.1` degrees (wrapping past 360 where
/// `.0 > .1`), or a tone without hue.
#[derive(Clone, Copy)]
enum Covers {
    Hues(f64, f64),
    Is(Tone),
}

/// The colour words of rules texts, each with the tones it covers.
const COLOUR_WORDS: &[(&str, Covers)] = &[
    ("green", Covers::Hues(70.0, 170.0)),
    ("blue", Covers::Hues(170.0, 260.0)),
    ("cyan", Covers::Hues(160.0, 210.0)),
    ("teal", Covers::Hues(160.0, 210.0)),
    ("turquoise", Covers::Hues(160.0, 210.0)),
    ("purple", Covers::Hues(250.0, 345.0)),
    ("violet", Covers::Hues(250.0, 345.0)),
    ("lilac", Covers::Hues(250.0, 345.0)),
    ("lavender", Covers::Hues(250.0, 345.0)),
    ("magenta", Covers::Hues(280.0, 350.0)),
    ("pink", Covers::Hues(280.0, 360.0)),
    ("red", Covers::Hues(345.0, 15.0)),
    ("orange", Covers::Hues(15.0, 50.0)),
    ("yellow", Covers::Hues(45.0, 75.0)),
    ("grey", Covers::Is(Tone::Grey)),
    ("gray", Covers::Is(Tone::Grey)),
    ("silver", Covers::Is(Tone::Grey)),
    ("black", Covers::Is(Tone::Black)),
];

/// Whether `said` (lowercased) has `word` as a whole word, or with an ending ("arrows",
/// "sandwiched"), as the rules name kinds: not inside another word ("dotted", "oddly", "seven").
pub(super) fn names(said: &str, word: &str) -> bool {
    said.match_indices(word).any(|(i, _)| {
        let before = said[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let rest = &said[i + word.len()..];
        let ending = &rest[..rest
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(rest.len())];
        before && ["", "s", "es", "ed", "d"].contains(&ending)
    })
}

/// The sentences of a rules text.
pub(super) fn sentences(said: &str) -> impl Iterator<Item = &str> {
    said.split(['.', ';', '\n', '!'])
}

/// The clauses of a rules text: its sentences cut at commas, colons, brackets and "but", "and",
/// "while", "whereas" ("circles hold even digits and squares odd ones" is two statements).
pub(super) fn clauses(said: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for part in said.split(['.', ';', '\n', '!', ',', ':', '(', ')']) {
        let mut rest = part;
        while let Some(i) = [" but ", " and ", " while ", " whereas "]
            .iter()
            .filter_map(|w| rest.find(w).map(|i| (i, w.len())))
            .min()
            .map(|(i, n)| (i, i + n))
        {
            out.push(&rest[..i.0]);
            rest = &rest[i.1..];
        }
        out.push(rest);
    }
    out
}

/// Whether a clause says no ("not", "no", "never", "unlike", …).
pub(super) fn denies(s: &str) -> bool {
    [
        "not", "no", "cannot", "can't", "don't", "doesn't", "isn't", "aren't", "never", "unlike",
        "without",
    ]
    .iter()
    .any(|w| names(s, w))
}

/// The colour word the rules give a kind: the one colour word of the sentences naming it that
/// stands beside the word "line" ("a green line", "lines are purple"), not a colour of something
/// else in the sentence ("… may not be placed in grey cells").
pub(super) fn colour_named(said: &str, kind: &str) -> Option<&'static str> {
    let mut found: Option<&'static str> = None;
    for s in sentences(said).filter(|s| names(s, kind)) {
        for &(w, _) in COLOUR_WORDS {
            let beside_line = s.match_indices(w).any(|(i, _)| {
                // 16 bytes either side, moved out to character boundaries (the text may be any
                // Unicode).
                let mut a = i.saturating_sub(16);
                while !s.is_char_boundary(a) {
                    a -= 1;
                }
                let mut b = (i + w.len() + 16).min(s.len());
                while !s.is_char_boundary(b) {
                    b += 1;
                }
                let whole = s[..i]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric());
                whole && names(&s[i..], w) && s[a..b].contains("line")
            });
            if names(s, w) && beside_line {
                match found {
                    Some(f) if f != w => return None,
                    _ => found = Some(w),
                }
            }
        }
    }
    found
}

pub(super) fn covers(word: &str, t: Tone) -> bool {
    let Some(&(_, c)) = COLOUR_WORDS.iter().find(|&&(w, _)| w == word) else {
        return false;
    };
    match (c, t) {
        (Covers::Hues(lo, hi), Tone::Hue(h)) if lo <= hi => (lo..hi).contains(&h),
        (Covers::Hues(lo, hi), Tone::Hue(h)) => h >= lo || h < hi,
        (Covers::Is(a), b) => a == b,
        _ => false,
    }
}

/// The least difference of whispers: the number after "at least" in a sentence naming them
/// ("differ by at least 3"), else 4 for Dutch whispers and 5 for German ones.
pub(super) fn whisper_difference(said: &str, word: &str) -> u32 {
    let mut dutch = false;
    for s in sentences(said).filter(|s| names(s, word)) {
        dutch |= names(s, "dutch");
        // "… differ by at least N": the number about the difference, not another "at least".
        let Some(d) = s.find("differ") else {
            continue;
        };
        if let Some(i) = s[d..].find("at least").map(|i| d + i) {
            let n: String = s[i + 8..]
                .trim_start()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(n) = n.parse::<u32>() {
                return n;
            }
        }
    }
    if dutch {
        4
    } else {
        5
    }
}

/// Thermometers the rules text calls slow ("digits on a slow thermometer increase or stay the
/// same"): every thermometer then is one, a line of pairs each at most the next (a pairwise
/// relation, as ISS's), unless the text speaks of other thermometers too, whose look tells them
/// apart where the text does not: refused by name then.
pub(super) fn slow_thermos(
    said: &str,
    rules: &mut super::Rules,
    size: usize,
) -> Result<(), crate::problems::InputError> {
    let slow = clauses(said)
        .iter()
        .any(|s| s.contains("slow thermo") && !denies(s));
    if !slow || rules.thermos.is_empty() {
        return Ok(());
    }
    let other = [
        "normal thermo",
        "regular thermo",
        "strict thermo",
        "fast thermo",
    ];
    if other.iter().any(|w| said.contains(w)) {
        return Err(crate::problems::InputError::new(
            "the puzzle's rules speak of slow thermometers and others, which are not told apart \
             here: slow thermometers beside others are not supported",
        ));
    }
    let least = u32::from(!rules.zero_based);
    let allow: Vec<u32> = (0..size as u32)
        .map(|a| (a..size as u32).fold(0u32, |m, b| m | 1 << b))
        .collect();
    for t in std::mem::take(&mut rules.thermos) {
        rules.clues.push(Clue {
            kind: ClueKind::Pairwise(Box::new(super::clues::Relation {
                name: "slow thermometer".into(),
                all: false,
                least,
                allow: allow.clone(),
            })),
            cells: t,
        });
    }
    Ok(())
}

/// Killer cages whose digits the rules text lets repeat ("digits may repeat in cages"): each cage
/// with a sum is then its cells adding up to it (ISS's `Sum`, repeats allowed where the cells share
/// no house), and a cage without one states nothing. Read as killer cages they would forbid what
/// the puzzle allows.
pub(super) fn repeating_cages(said: &str, rules: &mut super::Rules) {
    let repeats = clauses(said).iter().any(|s| {
        names(s, "cage")
            && !names(s, "little killer")
            && (names(s, "repeat") || s.contains("repeated"))
            && (s.contains(" may ") || s.contains(" can "))
            && !denies(s)
            && !names(s, "different")
            && !names(s, "unique")
    });
    if !repeats {
        return;
    }
    for cage in std::mem::take(&mut rules.cages) {
        if let Some(sum) = cage.sum {
            rules.clues.push(Clue {
                kind: ClueKind::Sum(sum),
                cells: cage.cells,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn colours_are_named_as_rules_texts_name_them() {
        let t = |s: &str| tone(Some(&Value::String(s.into()))).unwrap();
        assert!(covers("green", t("#67F067")));
        assert!(covers("purple", t("#F067F0")));
        assert!(covers("pink", t("#F067F0")));
        assert!(covers("blue", t("#2ECBFF")));
        assert!(covers("grey", t("#CFCFCF")));
        assert!(covers("grey", t("C0C0C0")));
        assert!(covers("orange", t("#FFA500")));
        assert_eq!(t("#000"), Tone::Black);
        assert_eq!(t("#FFFFFF"), Tone::White);
        assert_eq!(tone(Some(&json!(0))), Some(Tone::Black));
        assert!(!covers("green", t("#2ECBFF")));
        assert_eq!(
            colour_named(
                "digits along a green line differ by 5 (german whispers). renban lines are purple",
                "whisper"
            ),
            Some("green")
        );
        assert_eq!(
            colour_named("german whispers: green or blue", "whisper"),
            None
        );
        assert!(names("a kropki dot", "dot"));
        assert!(!names("dotted", "dot"));
        assert!(names("x-sums", "x"));
        assert!(!names("sixty", "x"));
        assert!(names("digits sandwiched between", "sandwich"));
        assert!(names("arrows point", "arrow"));
        assert!(!names("oddly", "odd") || names("odd", "odd"));
        assert!(!names("oddly", "odd"));
        assert!(!names("seven", "even"));
    }
}
