//! Arguments from JS checked (types, whole numbers, ranges) and errors made for JS.

use crate::problems::InputError;
use js_sys::Reflect;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// `performance.now()` of this global (the page or a worker), in ms; 0 where there is none.
pub(super) fn now() -> f64 {
    use wasm_bindgen::JsCast;
    Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or(0.0, |p| p.now())
}

/// A JS `Error` carrying the message (with its position), `line`/`column` (numbers or undefined)
/// and `cells` (the Sudoku cells it is about, row-major: an array, empty for most errors).
pub(super) fn js_error(e: &InputError) -> JsValue {
    let err = js_sys::Error::new(&e.to_string());
    let num = |v: Option<usize>| v.map_or(JsValue::UNDEFINED, |n| JsValue::from(n as f64));
    let cells: js_sys::Array = e.cells.iter().map(|&p| JsValue::from(p as f64)).collect();
    // Setting a property on a fresh Error object cannot fail.
    let _ = Reflect::set(&err, &"line".into(), &num(e.line));
    let _ = Reflect::set(&err, &"column".into(), &num(e.column));
    let _ = Reflect::set(&err, &"cells".into(), &cells);
    err.into()
}

/// 2^53 - 1: the largest whole number a JS number holds exactly.
pub(super) const MAX_SAFE: u64 = (1 << 53) - 1;

fn type_name(v: &JsValue) -> String {
    v.js_typeof().as_string().unwrap_or_default()
}

/// A TypeError-like Error for an argument of the wrong type: "text must be a string, not number".
pub(super) fn type_error(what: &str, wanted: &str, v: &JsValue) -> JsValue {
    js_error(&InputError::new(format!(
        "{what} must be {wanted}, not {}",
        type_name(v)
    )))
}

pub(super) fn string_arg(what: &str, v: &JsValue) -> Result<String, JsValue> {
    v.as_string().ok_or_else(|| type_error(what, "a string", v))
}

/// A count from JS: a number, whole, from 0 to `max`; refused in the CLI's words for a range
/// (`InputError::check_range`).
pub(super) fn whole_arg(what: &str, v: &JsValue, max: u64) -> Result<u64, JsValue> {
    let Some(x) = v.as_f64() else {
        return Err(type_error(what, "a number", v));
    };
    if x.fract() != 0.0 || x.is_nan() {
        return Err(js_error(&InputError::new(format!(
            "{what} must be a whole number, not {x}"
        ))));
    }
    if !(0.0..=max as f64).contains(&x) {
        return Err(js_error(&InputError::new(format!(
            "{what} must be between 0 and {max}, not {x}"
        ))));
    }
    Ok(x as u64)
}

/// A node budget from JS (`max_nodes`): a whole number from 0 to 2^53 - 1. A string or NaN reaches
/// an `f64` parameter as NaN and is refused here, as is a negative or fractional budget.
pub(super) fn nodes_arg(max_nodes: f64) -> Result<u64, JsValue> {
    whole_arg("max_nodes", &JsValue::from_f64(max_nodes), MAX_SAFE)
}

pub(super) fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsValue> {
    serde_wasm_bindgen::to_value(v).map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

/// The arguments of a load from JS (`Session.load_as`, `new PartCounter`), checked: `kind` and `text`
/// strings, `distinct` a boolean or undefined, `format` a string or undefined.
pub(super) struct LoadArgs {
    pub(super) kind: String,
    pub(super) text: String,
    pub(super) distinct: Option<bool>,
    pub(super) format: Option<String>,
}

impl LoadArgs {
    /// Checks the arguments' types; a text above `max_input` is refused from its length.
    pub(super) fn check(
        kind: &JsValue,
        text: &JsValue,
        distinct: &JsValue,
        format: &JsValue,
        max_input: u64,
    ) -> Result<LoadArgs, JsValue> {
        use wasm_bindgen::JsCast;
        let kind = string_arg("kind", kind)?;
        // A JS string of n UTF-16 units takes at least n bytes as UTF-8: a longer one is refused
        // without copying it (a 300 MB paste panicked with "capacity overflow", then every call threw).
        if let Some(t) = text.dyn_ref::<js_sys::JsString>() {
            if u64::from(t.length()) > max_input {
                return Err(js_error(&crate::problems::too_large(None, max_input)));
            }
        }
        let text = string_arg("text", text)?;
        let distinct = match distinct.as_bool() {
            Some(b) => Some(b),
            None if distinct.is_undefined() || distinct.is_null() => None,
            None => return Err(type_error("distinct", "a boolean", distinct)),
        };
        let format = if format.is_undefined() || format.is_null() {
            None
        } else {
            Some(string_arg("format", format)?)
        };
        Ok(LoadArgs {
            kind,
            text,
            distinct,
            format,
        })
    }
}
