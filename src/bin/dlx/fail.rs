//! How a run of `dlx` ends early: bad input (`Fail`, exit 2) or output that cannot be written.

use std::io;

/// Bad input or usage: one line for the user, exit status 2.
pub(crate) struct Fail(pub(crate) String);

impl Fail {
    pub(crate) fn new(msg: impl Into<String>) -> Fail {
        Fail(msg.into())
    }
}

/// Why the program stops early.
pub(crate) enum Stop {
    Fail(Fail),
    /// Writing to stdout failed; a closed pipe (`dlx solve … | head`) is not an error.
    Output(io::Error),
    /// Writing to stderr (the progress line, a note) failed: an error, whatever the cause (a closed
    /// pipe too), since the run is cut short and no one may see why.
    Stderr(io::Error),
}

impl From<Fail> for Stop {
    fn from(f: Fail) -> Stop {
        Stop::Fail(f)
    }
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Output(e)
    }
}
