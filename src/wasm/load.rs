//! The one text-to-problem pipeline (`load_problem`) the session, the workers and the race share, and
//! the search over a problem started as the page asks.

use crate::core::{Named, Search, Tree};
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

/// The spec with the format the page chose: exact cover's reading (`None` or "auto": the reader
/// decides), or a Sudoku's variant switches (the picker); the CLI's message for an unknown one.
fn with_format(spec: Spec, format: Option<&str>) -> Result<Spec, InputError> {
    problems::kinds::with_format(spec, format)
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

/// [`load_problem`] as an export loads for a worker (`QueueCounter`, `PartCounter`, `Solver`,
/// `Racer`, `count_with_memos`): the page's input cap, the error made for JS.
pub(super) fn load_for_js(
    kind: &str,
    text: &str,
    distinct: bool,
    format: Option<&str>,
) -> Result<Box<dyn Problem>, wasm_bindgen::JsValue> {
    load_problem(kind, text, distinct, format, problems::MAX_INPUT)
        .map_err(|e| super::args::js_error(&e))
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
    // A bad format or switch is refused as it is, not read past as a plain Sudoku by load_text.
    let spec = match problems::kinds::spec(kind, text, distinct) {
        Ok(s) => Ok(with_format(s, format)?),
        Err(e) => Err(e),
    };
    problems::load_text(spec, text)
}
