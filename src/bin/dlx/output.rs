//! Standard output and error as `dlx` writes them: a stdout closed at start refuses every write, and
//! stderr reports its failures instead of panicking.

use std::io::{self, Write};

/// Writes to stderr, reporting a failure (`2>/dev/full`, a closed pipe) rather than panicking as
/// `eprint!` does.
pub(crate) fn write_err(text: &str) -> io::Result<()> {
    let mut e = io::stderr().lock();
    e.write_all(text.as_bytes())?;
    e.flush()
}

/// Whether standard output was closed when dlx started (`dlx … >&-`). Rust's runtime opens
/// `/dev/null` on a closed standard descriptor before `main`, so output written there would vanish
/// and dlx would exit 0. From `main` a closed stdout cannot be told from `/dev/null` opened by the
/// caller (Python's `stdout=DEVNULL`, Node's `'ignore'`, `daemon(3)` and `1<>/dev/null` open it
/// read-write, as the runtime does, and were taken for a closed stdout: exit 1 whatever the input).
/// So the descriptor is looked at before the runtime touches it, from a constructor in
/// `.init_array`, which the C runtime calls before `main`; elsewhere the check is left out.
///
/// The look is safe std, no `unsafe` and no libc: descriptor 1 is closed when `/proc/self/fd/1`
/// does not exist while `/proc/self/fd` does (std's `fs` calls need nothing the runtime sets up).
/// Without `/proc` (a sandbox that mounts none) stdout counts as open, as on other systems.
#[cfg(target_os = "linux")]
mod stdout_check {
    use std::path::Path;
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn check() {
        let open = |p: &str| std::fs::symlink_metadata(Path::new(p)).is_ok();
        if open("/proc/self/fd") && !open("/proc/self/fd/1") {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    // The only item of the binary the `unsafe_code` lint names: a `link_section` static, which the
    // linker places in `.init_array` (a table of plain function pointers, each called once before
    // `main`); `check` touches nothing but an atomic and the file system.
    #[allow(unsafe_code)]
    #[used]
    #[link_section = ".init_array"]
    static CHECK: extern "C" fn() = check;

    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}

pub(crate) fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        stdout_check::was_closed()
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// Standard output, which refuses every write if it was closed when dlx started: the input is still
/// read and checked first, so bad input exits 2 as promised, and output that has nowhere to go 1.
pub(crate) struct Stdout {
    closed: bool,
    inner: io::StdoutLock<'static>,
}

impl Stdout {
    pub(crate) fn lock() -> Stdout {
        Stdout {
            closed: stdout_was_closed(),
            inner: io::stdout().lock(),
        }
    }

    fn refuse(&self) -> io::Result<()> {
        match self.closed {
            true => Err(io::Error::other(STDOUT_CLOSED)),
            false => Ok(()),
        }
    }
}

pub(crate) const STDOUT_CLOSED: &str = "standard output is closed: nowhere to write the output";

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.refuse()?;
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.refuse()?;
        self.inner.flush()
    }
}
