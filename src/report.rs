//! The count's JSON line: one [`CountReport`] written by `dlx count --json` (a whole count or one
//! `--part K/N`) and read back by `dlx merge`, which adds the parts up ([`merge`]).
//!
//! The keys are written in alphabetical order (the order of the fields below), as `serde_json`'s
//! `json!` wrote them before this type existed, so the lines are byte for byte what they were.
//!
//! A part line may have been edited, by hand or by a tool: every number is bounded before it sizes
//! anything (`parts` is at most [`MAX_PARTS`]; the parts seen are kept in a map, never a vector as
//! long as `parts`), a key given twice is refused (serde's derive refuses a duplicate field), and the
//! cheap invariants of a real part are checked ([`CountReport::read_part`]).

use serde::{Deserialize, Deserializer, Serialize};
use std::collections::HashMap;

/// The most parts a count may be cut into (`--part K/N`, a part line's `parts`): 2^32 - 1, the
/// page's limit too. Nothing is allocated per part, so this is only a sanity bound.
pub const MAX_PARTS: u64 = u32::MAX as u64;

/// What `dlx count --json` writes, whole or in part, and `dlx merge` writes back.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CountReport {
    /// `naive` or `dlx`, named only when not the default (with `heuristic`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<String>,
    pub command: String,
    /// `bits` or `links` (the naive algorithm names none; older parts neither).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// A part's: the split's fingerprint, the same in every part of one count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// The first solution as text (null when there is none).
    pub first: Option<String>,
    /// A part's: where its first solution stands in the whole search's order (null when none).
    /// Absent from a whole count's line, null or a number in a part's.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "present"
    )]
    pub first_at: Option<Option<u64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<String>,
    pub max_depth: u64,
    pub nodes: u64,
    /// A part's number K (from 0) and the number of parts N.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<u64>,
    pub problem: String,
    /// Options emptied as blocked (`--prune blocked`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pruned: Option<u64>,
    pub seconds: f64,
    pub solutions: u64,
    pub threads: u64,
    /// The tree walked; older parts have none: DLX1's, the only one then.
    #[serde(default = "dlx1")]
    pub tree: String,
    pub updates: u64,
}

fn dlx1() -> String {
    "dlx1".into()
}

/// A key that is present reads as `Some`, even when its value is null.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<u64>>, D::Error> {
    Option::<u64>::deserialize(d).map(Some)
}

const HINT: &str = "each line must be the output of `dlx count … --part K/N --json`";

impl CountReport {
    /// The JSON line (without its line end).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a report serializes")
    }

    /// Reads one part line and checks what a real part cannot break; the message says what is wrong
    /// (the caller puts where in front).
    pub fn read_part(line: &str) -> Result<CountReport, String> {
        let r: CountReport = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return Err(explain(line, &e)),
        };
        if r.command != "count" {
            return Err(format!("not the output of `dlx count`; {HINT}"));
        }
        let (Some(k), Some(n)) = (r.part, r.parts) else {
            let key = if r.part.is_none() { "part" } else { "parts" };
            return Err(format!("no `{key}` in this object; {HINT}"));
        };
        if r.fingerprint.is_none() {
            return Err(format!("no `fingerprint` in this object; {HINT}"));
        }
        if n == 0 || n > MAX_PARTS {
            return Err(format!(
                "`parts` is {n}: a count is cut into 1 to {MAX_PARTS} parts"
            ));
        }
        if k >= n {
            return Err(format!(
                "part {k} of {n} does not exist (parts are 0 to {})",
                n - 1
            ));
        }
        if r.solutions > r.nodes {
            return Err(format!(
                "{} solutions in {} nodes: every solution is a node of the search tree, so this \
                 part was not written by dlx (edited?)",
                r.solutions, r.nodes
            ));
        }
        if !(r.seconds.is_finite() && r.seconds >= 0.0) {
            return Err(format!(
                "`seconds` is {}: a time is a finite number, not negative",
                r.seconds
            ));
        }
        if r.solutions == 0 && (r.first.is_some() || r.first_at.flatten().is_some()) {
            return Err("a first solution in a part that found none".into());
        }
        Ok(r)
    }
}

/// Why `line` is not a count report, in words: which key is missing or of the wrong type, or given
/// twice (which a plain JSON reading would let through, the later value winning).
fn explain(line: &str, e: &serde_json::Error) -> String {
    let v: serde_json::Value = match serde_json::from_str(line) {
        Ok(v) => v,
        // serde_json says "at line 1 column 60" of the one line it read: beside the file's own
        // line number ("standard input line 2: … line 1"), the column alone.
        Err(e) => {
            let said = e.to_string();
            let said = match said.rfind(" at line ") {
                Some(i) => format!("{} at column {}", &said[..i], e.column()),
                None => said,
            };
            return format!("not a JSON object ({said}); {HINT}");
        }
    };
    let Some(obj) = v.as_object() else {
        return format!("not a JSON object; {HINT}");
    };
    if obj.get("command").and_then(|c| c.as_str()) != Some("count") {
        return format!("not the output of `dlx count`; {HINT}");
    }
    if !obj.contains_key("part") {
        return format!("no `part` in this object; {HINT}");
    }
    let msg = e.to_string();
    // serde's words, without its position (the line is one object: the key is named instead).
    let msg = msg.split(" at line ").next().unwrap_or(&msg);
    if let Some(key) = between(msg, "missing field `", "`") {
        return format!("no `{key}` in this object; {HINT}");
    }
    if let Some(key) = between(msg, "duplicate field `", "`") {
        return format!("`{key}` appears twice in this object");
    }
    // A value of the wrong type: name the first key whose value does not read as its field.
    for (key, want) in [
        ("part", "whole"),
        ("parts", "whole"),
        ("solutions", "whole"),
        ("nodes", "whole"),
        ("updates", "whole"),
        ("max_depth", "whole"),
        ("threads", "whole"),
        ("pruned", "whole"),
        ("first_at", "whole or null"),
        ("seconds", "number"),
        ("fingerprint", "string"),
        ("problem", "string"),
        ("tree", "string"),
        ("engine", "string"),
        ("first", "string or null"),
    ] {
        let Some(x) = obj.get(key) else { continue };
        let ok = match want {
            "whole" => x.is_u64(),
            "whole or null" => x.is_u64() || x.is_null(),
            "number" => x.is_number(),
            "string" => x.is_string(),
            _ => x.is_string() || x.is_null(),
        };
        if !ok {
            return match want {
                "whole" => format!("`{key}` is not a whole number"),
                "whole or null" => format!("`{key}` is neither a whole number nor null"),
                "number" => format!("`{key}` is not a number"),
                "string" => format!("`{key}` is not a string"),
                _ => format!("`{key}` is neither a string nor null"),
            };
        }
    }
    format!("{msg}; {HINT}")
}

fn between<'a>(s: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let rest = &s[s.find(start)? + start.len()..];
    Some(&rest[..rest.find(end)?])
}

/// Adds up the parts of one count (each with where it was read, for messages), checking that they
/// are all there, once each, from one problem. The parts were read by [`CountReport::read_part`].
pub fn merge(parts: &[(String, CountReport)]) -> Result<CountReport, String> {
    let Some((first_at, first)) = parts.first() else {
        return Err("no parts".into());
    };
    let n = first.parts.unwrap_or(0);
    // Part number to the index of the line that holds it: as many entries as lines, however large
    // the number of parts the lines claim.
    let mut seen: HashMap<u64, usize> = HashMap::with_capacity(parts.len().min(1 << 16));
    for (i, (at, p)) in parts.iter().enumerate() {
        let (k, pn) = (p.part.unwrap_or(0), p.parts.unwrap_or(0));
        if p.fingerprint != first.fingerprint {
            return Err(format!(
                "{at}: part {k} of {pn} comes from another problem (fingerprint {}, not {} as in \
                 {first_at})",
                p.fingerprint.as_deref().unwrap_or("none"),
                first.fingerprint.as_deref().unwrap_or("none"),
            ));
        }
        if pn != n {
            return Err(format!(
                "{at}: part {k} of {pn} does not belong with {first_at}, which is of {n} parts"
            ));
        }
        if k >= n {
            return Err(format!(
                "{at}: part {k} of {n} does not exist (parts are 0 to {})",
                n.saturating_sub(1)
            ));
        }
        if let Some(&before) = seen.get(&k) {
            return Err(format!(
                "part {k} of {n} appears twice: {} and {at}",
                parts[before].0
            ));
        }
        seen.insert(k, i);
    }
    // Counted, not listed: at most the first 20 missing are named, found in at most
    // `seen.len() + 20` steps.
    let missing = n - seen.len() as u64;
    if missing > 0 {
        let shown: Vec<String> = (0..n)
            .filter(|k| !seen.contains_key(k))
            .take(20)
            .map(|k| k.to_string())
            .collect();
        let shown = if missing > 20 {
            format!("{}, … ({missing} in all)", shown.join(", "))
        } else {
            shown.join(", ")
        };
        let s = if missing == 1 { "" } else { "s" };
        return Err(format!("missing part{s} {shown} of {n}"));
    }
    let sum = |f: fn(&CountReport) -> u64, what: &str| -> Result<u64, String> {
        parts
            .iter()
            .try_fold(0u64, |a, (_, p)| a.checked_add(f(p)))
            .ok_or_else(|| format!("the parts' {what} add up to more than 2^64"))
    };
    let seconds: f64 = parts.iter().map(|(_, p)| p.seconds).sum();
    if !seconds.is_finite() {
        return Err("the parts' seconds add up to more than a float holds".into());
    }
    let first_solution = parts
        .iter()
        .filter_map(|(_, p)| p.first_at.flatten().map(|at| (at, &p.first)))
        .min_by_key(|&(at, _)| at)
        .and_then(|(_, f)| f.clone());
    Ok(CountReport {
        command: "count".into(),
        problem: first.problem.clone(),
        solutions: sum(|p| p.solutions, "solutions")?,
        nodes: sum(|p| p.nodes, "nodes")?,
        updates: sum(|p| p.updates, "updates")?,
        seconds,
        max_depth: parts.iter().map(|(_, p)| p.max_depth).max().unwrap_or(0),
        first: first_solution,
        threads: sum(|p| p.threads, "threads")?,
        tree: first.tree.clone(),
        // Every part pruned the same instance the same way (the fingerprint covers the options),
        // and made the same choice of engine (it depends on the instance and the tree alone).
        pruned: first.pruned,
        engine: first.engine.clone(),
        ..CountReport::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(k: u64, n: u64) -> CountReport {
        CountReport {
            command: "count".into(),
            problem: "8-queens".into(),
            fingerprint: Some("2c0961c10bc406d6".into()),
            part: Some(k),
            parts: Some(n),
            first_at: Some(None),
            nodes: 10,
            threads: 1,
            tree: "dlx1".into(),
            ..CountReport::default()
        }
    }

    #[test]
    fn a_part_line_reads_back_as_written() {
        let mut p = part(1, 3);
        p.solutions = 2;
        p.first = Some("Q".into());
        p.first_at = Some(Some(7));
        p.seconds = 0.25;
        let line = p.to_line();
        assert_eq!(CountReport::read_part(&line).unwrap(), p);
        // Keys in alphabetical order, as json! wrote them.
        assert!(
            line.starts_with(r#"{"command":"count","fingerprint":"#),
            "{line}"
        );
        let whole = CountReport {
            first_at: None,
            part: None,
            parts: None,
            fingerprint: None,
            ..p
        };
        assert!(!whole.to_line().contains("first_at"));
    }

    #[test]
    fn edited_numbers_and_keys_are_refused() {
        let line = part(0, 2).to_line();
        let bad = |from: &str, to: &str| {
            assert!(line.contains(from), "{line} lacks {from}");
            CountReport::read_part(&line.replacen(from, to, 1)).unwrap_err()
        };
        assert!(bad("\"parts\":2", "\"parts\":0").contains("1 to 4294967295"));
        assert!(bad("\"parts\":2", "\"parts\":4294967296").contains("1 to 4294967295"));
        assert!(bad("\"solutions\":0", "\"solutions\":11").contains("11 solutions in 10 nodes"));
        assert!(bad("\"seconds\":0.0", "\"seconds\":-1").contains("not negative"));
        assert_eq!(
            bad("\"nodes\":10", "\"nodes\":10,\"nodes\":3"),
            "`nodes` appears twice in this object"
        );
        assert!(bad("\"nodes\":10", "\"nodes\":-3").contains("`nodes` is not a whole number"));
        assert!(bad("\"part\":0", "\"part\":2").contains("does not exist"));
    }

    #[test]
    fn merge_counts_missing_parts_without_listing_them() {
        let n = MAX_PARTS;
        let parts = vec![("a".to_string(), part(n - 1, n)), ("b".into(), part(3, n))];
        let e = merge(&parts).unwrap_err();
        assert!(
            e.starts_with("missing parts 0, 1, 2, 4, 5,")
                && e.ends_with(&format!("(4294967293 in all) of {n}")),
            "{e}"
        );
        // Two 1e308 seconds add up to infinity: refused, not written as null.
        let mut a = part(0, 2);
        a.seconds = 1e308;
        let mut b = part(1, 2);
        b.seconds = 1e308;
        let e = merge(&[("a".into(), a), ("b".into(), b)]).unwrap_err();
        assert!(e.contains("seconds"), "{e}");
    }
}
