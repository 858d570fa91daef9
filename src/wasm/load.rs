//! The one text-to-problem pipeline (`load_problem`) the session, the workers and the race share, and
//! the search over a problem started as the page asks.

use crate::core::{Named, Search, Tree};
use crate::problems::exact_cover::Reading;
use crate::problems::{self, InputError, Problem, Spec};

/// A tree by its name (`Tree::ALL`, the names the CLI's `--tree` takes), with the CLI's message for
/// an unknown one.
pub(super) fn tree_of(name: &str) -> Result<Tree, InputError> {
    Tree::parse_name(name).map_err(|e| InputError::new(format!("tree {e}")))
}

/// The name of the tree a search walks, as `dlx count --json` says it (`Tree::walked`).
pub(super) fn walked(problem: &dyn Problem, tree: Tree) -> &'static str {
    tree.walked(problem.instance())
}

/// The spec with the exact-cover format the page chose (`None` or "auto": the reader decides), with
/// the CLI's message for an unknown one.
fn with_format(spec: Spec, format: Option<&str>) -> Result<Spec, InputError> {
    let Some(name) = format else {
        return Ok(spec);
    };
    let reading = Reading::from_name(name)?;
    Ok(match spec {
        Spec::ExactCover(text) => Spec::ExactCoverAs(text, reading),
        other => other,
    })
}

/// A fresh search over `problem` walking `tree`, its givens already chosen.
pub(super) fn start_search(problem: &dyn Problem, tree: Tree) -> Result<Search, InputError> {
    let mut search = Search::new(problem.instance());
    // Before preselect: the tree is fixed for the life of a search (Search::set_tree).
    search.set_tree(tree);
    search.preselect(problem.givens()).map_err(|clash| {
        let inst = problem.instance();
        InputError::new(format!(
            "the given option `{}` clashes with an earlier one on item {}",
            inst.option_text(clash.option),
            inst.item_name(clash.item)
        ))
    })?;
    Ok(search)
}

/// The problem a text reads as, for a kind's name, `distinct` and the exact-cover `format` ("auto",
/// "knuth", "matrix" or `None`); a text longer than `max_input` bytes is refused from its length.
/// Every way the page loads a problem (`Session::load_as`, `PartCounter`, `Racer`) goes through here,
/// so the same text gets the same problem or the same message.
pub(super) fn load_problem(
    kind: &str,
    text: &str,
    distinct: bool,
    format: Option<&str>,
    max_input: u64,
) -> Result<Box<dyn Problem>, InputError> {
    if text.len() as u64 > max_input {
        return Err(problems::too_large(Some(text.len() as u64), max_input));
    }
    let spec = problems::kinds::spec(kind, text, distinct).and_then(|s| with_format(s, format));
    problems::load_text(spec, text)
}
