//! Numbers and durations in words, one writer for the narration, the CLI and the page's wasm layer.
//!
//! Plain Rust with no dependency inside the crate, so that the core's messages use it too.

/// A count with thousands separators, as messages and the page show counters: "2,475".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, ch) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A count and its noun, the count with thousands separators: "1 option", "2,475 options".
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// A count in digits as written and its noun, an `s` added but for one: "1 item", "12345 solutions"
/// (the progress lines and titles, which are read as figures, not as prose).
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// "one", "two", … for small counts (read better in a sentence), digits above ten.
pub fn count_word(n: u64) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// `n` things in words: "no place", "one place", "4 places" (a word up to ten).
pub fn things(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", count_word(n), if n == 1 { one } else { many })
}

/// `n` ways in words, with the "only" of a single one: "only one way", "three ways".
pub fn ways(n: u64) -> String {
    if n == 1 {
        "only one way".to_string()
    } else {
        things(n, "way", "ways")
    }
}

/// A large figure in words for a progress line: `12,345`, then `4.1 million`, `2.3 billion`,
/// `5.6 trillion`, then `4.1e21`.
pub fn about(x: f64) -> String {
    if !x.is_finite() || x < 0.0 {
        return "an unknown number of".into();
    }
    let scaled = |d: f64, word: &str| format!("{:.1} {word}", x / d);
    if x < 1e6 {
        thousands(x.round() as u64)
    } else if x < 1e9 {
        scaled(1e6, "million")
    } else if x < 1e12 {
        scaled(1e9, "billion")
    } else if x < 1e15 {
        scaled(1e12, "trillion")
    } else {
        format!("{x:.1e}")
    }
}

/// A time in seconds as a person reads it at a glance, the larger units rounded ("40 seconds", "12
/// minutes", "5 hours", "3 days", "220 years", "3.4 million years", "5.4e23 years"): what the CLI's
/// progress line says a count will take at the pace so far.
pub fn duration(seconds: f64) -> String {
    const YEAR: f64 = 365.25 * 86_400.0;
    let whole = |x: f64, unit: &str| {
        let n = x.round().max(1.0);
        format!("{n} {unit}{}", if n == 1.0 { "" } else { "s" })
    };
    if !seconds.is_finite() || seconds < 0.0 {
        "an unknown time".into()
    } else if seconds >= 100.0 * YEAR {
        format!("{} years", about(seconds / YEAR))
    } else if seconds >= 2.0 * YEAR {
        whole(seconds / YEAR, "year")
    } else if seconds >= 2.0 * 86_400.0 {
        whole(seconds / 86_400.0, "day")
    } else if seconds >= 2.0 * 3_600.0 {
        whole(seconds / 3_600.0, "hour")
    } else if seconds >= 120.0 {
        whole(seconds / 60.0, "minute")
    } else {
        whole(seconds, "second")
    }
}

/// ", about 3 minutes left": the time left at the pace so far, `fraction` of the tree (Knuth's
/// estimate) explored in `secs`; nothing where none of it is, or all.
pub fn time_left(secs: f64, fraction: f64) -> String {
    if fraction > 0.0 && fraction < 1.0 && secs > 0.0 {
        format!(
            ", about {} left",
            duration(secs * (1.0 - fraction) / fraction)
        )
    } else {
        String::new()
    }
}

/// Knuth's estimate of the fraction of the tree explored (`Search::progress`) as a percentage to
/// read: never in exponent notation (deep in a big tree it is far below 0.01%), and 0% or 100% only
/// when it is exactly so (before the first choice, at the end).
pub fn percent(p: f64) -> String {
    let v = 100.0 * p;
    if v.is_nan() || v <= 0.0 {
        "0%".into()
    } else if v >= 100.0 {
        "100%".into()
    } else if v < 0.01 {
        "< 0.01%".into()
    } else if v > 99.99 {
        "> 99.99%".into()
    } else {
        let s = format!("{v:.2}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        format!("{s}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_at_a_glance() {
        let year = 365.25 * 86_400.0;
        assert_eq!(duration(0.2), "1 second");
        assert_eq!(duration(40.0), "40 seconds");
        assert_eq!(duration(119.0), "119 seconds");
        assert_eq!(duration(150.0), "3 minutes");
        assert_eq!(duration(5.0 * 3_600.0), "5 hours");
        assert_eq!(duration(3.0 * 86_400.0), "3 days");
        assert_eq!(duration(220.0 * year), "220 years");
        assert_eq!(duration(3.4e6 * year), "3.4 million years");
        assert_eq!(duration(5.4e23 * year), "5.4e23 years");
        assert_eq!(duration(f64::INFINITY), "an unknown time");
        assert_eq!(time_left(10.0, 0.5), ", about 10 seconds left");
        assert_eq!(time_left(10.0, 0.0), "");
        assert_eq!(time_left(10.0, 1.0), "");
    }

    #[test]
    fn percentages_never_use_exponents() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.125), "12.5%");
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(0.12345), "12.35%");
        assert_eq!(percent(2.1e-246), "< 0.01%");
        assert_eq!(percent(0.00009), "< 0.01%");
        assert_eq!(percent(0.0001), "0.01%");
        assert_eq!(percent(0.999999), "> 99.99%");
        for p in [1e-300, 3e-9, 0.3, 0.7777777] {
            assert!(!percent(p).contains('e'), "{p}");
        }
    }

    #[test]
    fn counts_read_well() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(count(1u64, "item"), "1 item");
        assert_eq!(count(12345u64, "solution"), "12345 solutions");
        assert_eq!(plural(1, "option", "options"), "1 option");
        assert_eq!(plural(2475, "option", "options"), "2,475 options");
        assert_eq!(things(0, "place", "places"), "no places");
        assert_eq!(things(1, "place", "places"), "one place");
        assert_eq!(things(12, "place", "places"), "12 places");
        assert_eq!(ways(1), "only one way");
        assert_eq!(ways(3), "three ways");
        assert_eq!(about(12_345.4), "12,345");
        assert_eq!(about(4.1e6), "4.1 million");
        assert_eq!(about(4.1e21), "4.1e21");
    }
}
