//! `tests/stages.sh`, `make test`'s runner, on a Makefile of its own: what it prints per stage.

use std::path::Path;
use std::process::Command;

/// Each stage's CPU is its own: lane B's CPU, reaped when lane B ends, is not put on the stage of
/// lane A that is running then (it was: a 6.8 s stage read 680 CPU s).
#[test]
fn a_stage_of_lane_a_is_not_charged_with_lane_b() {
    let dir = std::env::temp_dir().join(format!("dlx-stages-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Lane B works (awk's loop: CPU, the same amount however loaded the machine) and then says it
    // is done; lane A's second stage waits, idle, until lane B has ended and a little after.
    std::fs::write(
        dir.join("Makefile"),
        "a1:\n\t@true\n\
         a2:\n\t@while [ ! -e b.done ]; do sleep 0.05; done; sleep 0.5\n\
         b1:\n\t@awk 'BEGIN { for (i = 0; i < 20000000; i++) s += i; print s > \"/dev/null\" }'; touch b.done\n",
    )
    .unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stages.sh");
    let out = Command::new("bash")
        .arg(&script)
        .arg(dir.join("times"))
        .args(["", "a1 a2", "b1", ""])
        .current_dir(&dir)
        .env("MAKE", "make")
        .output()
        .expect("bash runs tests/stages.sh");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(out.status.success(), "{text}");
    // `  A      a2                0.6      0.0`: lane, stage, wall, CPU.
    let cpu = |lane: &str, stage: &str| -> f64 {
        text.lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|w| w.len() == 4 && w[0] == lane && w[1] == stage)
            .unwrap_or_else(|| panic!("no line for {lane} {stage} in:\n{text}"))[3]
            .parse()
            .unwrap()
    };
    let (a2, b1) = (cpu("A", "a2"), cpu("B", "b1"));
    assert!(b1 > 0.0, "lane B's work took no CPU?\n{text}");
    assert!(
        a2 < b1 / 2.0,
        "a2 waited idle but read {a2} CPU s against lane B's {b1}:\n{text}"
    );
}
