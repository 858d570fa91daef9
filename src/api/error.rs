//! The library's one error type: what is wrong and where, in the words the CLI and the page use.

use crate::core::{Clash, InstanceError};
use crate::problems::InputError;
use std::fmt;

/// Bad input to the library: an item or option that cannot be added, a text that does not read, a
/// puzzle argument out of range, givens that clash.
///
/// Its [`Display`](fmt::Display) is the message `dlx` prints after its source (`line 2, column 5:
/// …` for text), so a program can show it as it is.
///
/// ```
/// use dlx_studio::Instance;
///
/// let err = Instance::parse("a b\na c\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 3: unknown item `c` (it is not in the items line)");
/// assert_eq!((err.line(), err.column()), (Some(2), Some(3)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(InputError);

/// The crate's `Result`, with [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// The message alone, without its line and column.
    ///
    /// ```
    /// let err = dlx_studio::queens::new(0).unwrap_err();
    /// assert_eq!(err.message(), "N for N-queens must be between 1 and 64, not 0");
    /// ```
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The line of the text the error is on, from 1, when it comes from a text.
    ///
    /// ```
    /// let err = dlx_studio::Instance::parse("a b\na a\n").unwrap_err();
    /// assert_eq!(err.line(), Some(2));
    /// ```
    pub fn line(&self) -> Option<usize> {
        self.0.line
    }

    /// The column of the text the error is at, from 1, when it comes from a text.
    ///
    /// ```
    /// let err = dlx_studio::Instance::parse("a b\nb x\n").unwrap_err();
    /// assert_eq!(err.column(), Some(3));
    /// ```
    pub fn column(&self) -> Option<usize> {
        self.0.column
    }

    /// The cells of a Sudoku the error is about (givens that clash or break a variant's rule),
    /// row-major from 0; empty for every other error.
    ///
    /// ```
    /// let grid = format!("11{}", ".".repeat(79));
    /// let err = dlx_studio::sudoku::parse(&grid).unwrap_err();
    /// assert_eq!(err.cells(), &[0, 1]);
    /// ```
    pub fn cells(&self) -> &[usize] {
        &self.0.cells
    }

    /// The error as the engine's readers state it (the wasm layer makes its JS `Error` from it).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn input(&self) -> &InputError {
        &self.0
    }

    pub(crate) fn new(message: impl Into<String>) -> Error {
        Error(InputError::new(message))
    }

    /// The error about givens that clash, as the page words it.
    pub(crate) fn clash(inst: &crate::core::Instance, clash: Clash) -> Error {
        Error::new(format!(
            "the given option `{}` clashes with an earlier one on item {}",
            inst.option_text(clash.option),
            inst.item_name(clash.item)
        ))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl From<InputError> for Error {
    fn from(e: InputError) -> Error {
        Error(e)
    }
}

impl From<InstanceError> for Error {
    fn from(e: InstanceError) -> Error {
        Error::new(e.to_string())
    }
}
