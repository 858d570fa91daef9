//! The help text (`dlx --help`): its list of problems is the kinds table's (`problems::kinds`), its
//! settings' names `core::names`'.

use dlx_studio::core::{Algorithm, Engine, Heuristic, Named, Tree};
use dlx_studio::problems::kinds;

const USAGE: &str = "\
dlx: Knuth's Dancing Links (Algorithm X) for exact cover

Usage:
  dlx count  PROBLEM ARGS… [--json] [--seed S] [--threads T] [--part K/N]
             [--algorithm A] [--heuristic H] [--tree T]
  dlx count  PROBLEM ARGS… --memo [--zdd FILE] [--memo-budget MIB] [--json]
  dlx solve  PROBLEM ARGS… [--limit K] [--json] [--seed S] [--algorithm A] [--heuristic H]
             [--tree T] [--threads T]
  dlx solve  sudoku --batch FILE|- [--threads T]
  dlx export PROBLEM ARGS…
  dlx merge  FILES|-
  dlx trace  PROBLEM ARGS… [--events N] [--heuristic H] [--tree T]
  dlx make   sudoku [SIZE] [--variant V] [--seed S] [--clues N] [--json] [--progress]
  dlx zdd    count|random|list FILE|- [--seed S] [--limit K]

Commands:
  count    print the number of solutions (just the number)
  solve    print the first K solutions as boards, a blank line between them; for a Sudoku,
           also whether its solution is unique (it looks for a second one), and its cells
           outside the grid (ISS's Var) on a line under each board (`extra` in --json)
  export   print the instance in Knuth's format (items line, then one option a line); for a
           Sudoku, the instance left once the givens are placed, so that
           `dlx export sudoku P | dlx count exact-cover -` counts as `dlx count sudoku P`,
           except for a full grid, which leaves no item (export prints a comment line)
  merge    add up the parts of a count: reads the JSON lines of `count … --part K/N --json`
           (files or -, any order), checks that parts 0 to N-1 are each there once and all
           from the same problem, and prints one JSON object with the keys of `count --json`
  trace    print the first N events of the search (choose, cover, hide, try, solution,
           dead-end, backtrack, unhide, uncover) as JSON lines: event (from 1), kind, level,
           item, option, nodes, updates, solutions, narration (and a solution's options);
           the page downloads the same lines (its step log)
  make     print a new Sudoku with exactly one solution, in the form solve reads: one line of
           symbols (to solve with the same --variant), or f-puzzles JSON for jigsaw, killer
           and thermo; the same --seed makes the same puzzle; --json adds its f-puzzles link,
           its solution and nodes, DLX's search-tree nodes to solve it (docs/variants.md);
           SIZE is 4, 6, 8, 9 (the default), 10, 12, 15 or 16 (variants up to 9x9)
  zdd      read a ZDD in Knuth's text format (`ID: (~V?LO:HI)` a line, as count --memo --zdd
           and his DLX6 write it): count prints the number of its sets; random one set drawn
           uniformly (--seed S, default 0); list the sets in order (--limit K: the first K),
           each a line of its variables (DLX6: option numbers from 1) in the order chosen

{problems}
Options:
  --limit K    solve: show at most K solutions (default 1; 0 shows them all); zdd list: the
               first K sets (default 0: all)
  --json       print one JSON object: solutions, nodes, updates, seconds, first (the first
               solution's board text, null if none); solve adds complete, boards and, for a
               Sudoku, unique. solve writes the object as it searches, boards first, each
               board as it is found, so `solve … --limit 0 --json` streams in flat memory
  --seed S     lay the options and items out in another order (a seeded shuffle); the search
               is as deterministic and the count the same, only the order of solutions differs;
               zdd random: the seed of the draw
  --algorithm {algorithm}
               dlx (default): dancing links; naive: Algorithm X on the plain 0-1 matrix, rows
               and columns found by scanning, making the same choices, so the same solutions,
               nodes and updates, only slower (no --seed)
  --heuristic {heuristic}
               the item to branch on: mrv (default), the one with the fewest options;
               first, the leftmost item left (to see what MRV saves)
  --prune probe|propagate|both|blocked|none
               blocked: before the search, empty the options no solution can use, because
               choosing one leaves some item with no option (repeated until none is left;
               they keep their numbers). The same solutions, a smaller tree (pentomino 5x12:
               144 of 1936 placements); --json says how many were emptied (`pruned`).
               probe: the same at the start and again at each node of a shallow tree of
               choices wherever plain search below it runs long; --json says what it did
               (`probes`). propagate: at every node, give an option up as soon as the
               open ones show no solution holds it (an item left with one option takes it;
               where all of an item's options hold another item or give a colour item one
               of some colours, the options that clash with all of them go), branching on
               an option or its absence; two such searches, one branching on the item with
               the fewest options (MRV), one on the fewest per contradiction it met
               (dom/wdeg), taking turns of about equal work (at once on threads:
               --threads), the first to end answering (--json: `ended_by`). both: probes
               taking turns with the two. Default: none, so that nodes and updates are
               DLX1's own; for `solve` of a Sudoku, propagate when it has shapes (cages,
               lines, dots), else blocked, handing over to propagate past 100 M
               updates (ISS's puzzles: many past 20 s plain end in under a second)
  --engine {engine}
               what counts: bits walks DLX1's tree on bit sets of options where it can
               (exact cover without colours or multiplicities, up to 32,766 options and
               4,096 primary items); links is Knuth's dancing links; auto (default) takes
               bits where options overlap heavily (pentominoes: 2x faster) and links
               elsewhere. The same nodes, updates and solutions in the same order;
               --json says which counted (`engine`). count with auto also races memos:
               if plain search is still counting after 50 ms, a memo count (--memo's, one
               more thread) starts beside it, goes on only while its hits spare 4 plain
               nodes a node walked, and answers if it ends first (`engine: memo`; domino
               tilings 8x8 in 0.1 s instead of 2 s); not with --part, --tree, --seed or a
               named engine
  --tree {tree}
               the search tree: dlx1 is Knuth's DLX1 tree, one node per option tried;
               lookahead gives up an option as soon as trying it leaves some item with no
               option (as Knuth's SSXC does), so it never enters those dead ends (pentomino
               6x10: 1.2 M nodes instead of 3.6 M), on links only. The default is dlx1 (on
               pentominoes with bit sets, 1.6x faster than the lookahead on links). The
               same solutions in the same order; --json says which tree was walked (dlx3
               for multiplicities, which have no lookahead)
  --memo       count: count with memos (Knuth's DLX6): each subproblem is looked up by the items
               it leaves (and their colours) before it is searched, so one met again costs a
               lookup (domino tilings 10x10: 258,584,046,368 in 13,562 nodes); independent parts
               are counted apart and multiplied, large ones (24 items or more) side by side on
               --threads (default: every core). Exact counts of any size (128-bit integers,
               then big integers; --json gives a count past 2^64 - 1 as a string) and the
               keys `nodes`, `hits` (cache hits and solutions, as DLX6 counts them), `memos`,
               `zdd_nodes`, `parts`, `parts_on_threads`. Where hits spare fewer plain nodes
               than memos walk (queens, Langford, pentominoes: found within 4,096 nodes), it
               says so on stderr and counts by plain search. No multiplicities
  --memo-budget MIB
               count --memo (and auto's memos): the most the memo table (and the ZDD) may
               take, in MiB (default 1024); when full it evicts the memos of its smallest
               subproblems, about half, and counts on (stderr says so)
  --zdd FILE   count --memo: write the ZDD of all solutions to FILE in Knuth's format, which
               his ZDDREAD and `dlx zdd` read (no fallback to plain search, no parts)
  --variant V  sudoku: add rules to the puzzle, comma-separated: x (both diagonals), windoku,
               anti-knight, anti-king, non-consecutive (given twice, both); make also takes
               jigsaw, killer, thermo. Any other option takes one value.
  --clues N    make: stop removing givens at N (the fewest it can reach otherwise)
  --events N   trace: print at most N events (default 1000)
  --progress   show the progress line on stderr even when it is not a terminal
  --format F   exact-cover: read the text as `knuth` (Knuth's format), `matrix` (a 0-1
               matrix, with or without a header line) or `auto` (the default): a text whose
               every line is 0s and 1s, all of one length, is a matrix (`111` is a 1x3
               matrix with 1 solution, not the item `111`); otherwise Knuth's format if it
               reads, else a matrix
  --threads T  count (and solve --batch) on T threads, 1 to 1024 (default: every core);
               --threads 1 is the sequential search. Counts, nodes and updates are the same
               for every T. solve with --prune propagate or both (and of a Sudoku past plain
               search's head start): the searches' turns run at once
               on their own threads when T > 1 (the default on a machine of 2 cores or more),
               and what they find is handed out as turns one after another would: the same
               solutions, order, nodes and updates; --threads 1 takes the turns in turn
  --part K/N   count: count part K (0 to N-1) of N, a share computed from the problem alone,
               so that N runs anywhere (GNU parallel, a Slurm array, a Kubernetes indexed job)
               add up, with `dlx merge`, to the whole count; use with --json
  --batch F    solve sudoku: one puzzle a line from file F (- for standard input), one answer a
               line out, in order: the solution, `no solution`, `not unique` or `error: …`;
               a line may be f-puzzles JSON or a link, solved by its rules; blank lines and
               lines starting with # are skipped; it takes --threads and --engine, no other
               option
  --max-input BYTES
               read at most BYTES from a file or standard input (default 67108864, 64 MiB):
               the instance takes a multiple of its text in memory
  -h, --help   show this help
  --           end of the options: every word after it is an argument (a Sudoku that starts
               with `-`, say)

Options and arguments may come in any order; `--name value` or `--name=value`. A word is an
option when it starts with `-` and a letter, or with `--`; so `-` and `-3` are arguments.
Numbers (N, K, S) are whole numbers: digits only, no sign.

Exit status: 0 on success (also when there is no solution, and when a reader of standard output
such as `head` closes it early), 1 when the output cannot be written (a full disk, standard output
closed, the progress line's standard error gone), 2 on bad input or usage.
";

/// Where a problem's description starts in the help's list (a longer synopsis gets a line of its own).
const DESCRIBED_AT: usize = 27;

/// The help's "Problems:" section: a synopsis and a description for each kind of the table.
fn problems() -> String {
    let mut out = String::from("Problems:\n");
    for k in kinds::kinds() {
        let head = format!("  {} {}", k.name, k.usage);
        let indent = " ".repeat(DESCRIBED_AT);
        let mut lines = k.help.lines();
        let first = lines.next().unwrap_or_default();
        if head.len() + 2 <= DESCRIBED_AT {
            out += &format!("{head:<DESCRIBED_AT$}{first}\n");
        } else {
            out += &format!("{head}\n{indent}{first}\n");
        }
        for l in lines {
            out += &format!("{indent}{l}\n");
        }
    }
    out
}

/// The whole help text.
pub(crate) fn usage() -> String {
    USAGE
        .replace("{problems}\n", &problems())
        .replace("{algorithm}", &Algorithm::names("|"))
        .replace("{heuristic}", &Heuristic::names("|"))
        .replace("{engine}", &Engine::names("|"))
        .replace("{tree}", &Tree::names("|"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_studio::problems::ProblemKind;

    #[test]
    fn the_help_lists_every_kind_of_the_table_and_every_name() {
        let help = usage();
        for k in kinds::kinds() {
            assert!(
                help.contains(&format!("\n  {} {}", k.name, k.usage)),
                "the help lists {}",
                k.name
            );
            for line in k.help.lines() {
                assert!(help.contains(line), "{}: {line}", k.name);
            }
        }
        assert!(!help.contains('{'), "a placeholder is left: {help}");
        for line in [
            "--algorithm dlx|naive",
            "--heuristic mrv|first",
            "--engine auto|bits|links",
            "--tree dlx1|lookahead",
        ] {
            assert!(help.contains(line), "{line}");
        }
        // Lines keep to 100 columns.
        for l in help.lines() {
            assert!(l.chars().count() <= 100, "too long: {l}");
        }
    }

    #[test]
    fn a_hint_shows_the_tables_default() {
        // Langford's hint said 7 where the table's default (the page's) is 4.
        for k in ProblemKind::ALL {
            let row = k.row();
            let args = crate::args::parse_args(&["count".into(), k.name().into()]).ok();
            let Some(crate::args::Parsed::Run(args)) = args else {
                panic!("parsed")
            };
            let Err(crate::fail::Fail(msg)) = crate::input::spec_of(&args) else {
                panic!("{k}: no argument, no problem")
            };
            assert!(
                msg.ends_with(&format!("(as in `dlx count {k} {}`)", row.example())),
                "{msg}"
            );
        }
    }
}
