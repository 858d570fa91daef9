//! What the benches share: the clock they time with.

/// Seconds of CPU time used by this thread. On a shared machine, wall-clock time also counts the
/// time spent waiting for a core; CPU time does not, so ratios stay meaningful under others' load.
pub fn now() -> f64 {
    cpu_clock(CLOCK_THREAD_CPUTIME_ID)
}

/// Seconds of CPU time used by the whole process, every thread (what threads add to a count).
#[allow(dead_code)] // used by some benches only (each bench compiles this module on its own)
pub fn process_cpu() -> f64 {
    cpu_clock(CLOCK_PROCESS_CPUTIME_ID)
}

const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
const CLOCK_THREAD_CPUTIME_ID: i32 = 3;

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn cpu_clock(clock: i32) -> f64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime only writes the timespec it is given; std links the C library on Linux.
    let r = unsafe { clock_gettime(clock, &mut ts) };
    assert_eq!(r, 0, "clock_gettime({clock}) failed");
    ts.sec as f64 + ts.nsec as f64 * 1e-9
}

/// Elsewhere, wall-clock seconds since the first call, whichever clock was asked for.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn cpu_clock(_clock: i32) -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}
