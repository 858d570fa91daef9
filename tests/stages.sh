#!/usr/bin/env bash
# `make test`'s runner: lanes of make stages side by side, each lane's stages in order, every stage
# timed (bash's `time`: wall, and the CPU of every process it started, user + sys).
#
# Usage: tests/stages.sh DIR "FIRST STAGES…" "LANE A STAGES…" "LANE B STAGES…" ["LAST STAGES…"]
# The first stages run alone (installs: rustup and cargo must not install side by side), then lanes
# A and B together, then, if both passed, the last stages alone (measurements that load would
# distort). Lane A prints as it goes; lane B's output is kept in DIR/test-lane-b.log and
# printed once lane A is done, so that the two never interleave. Why two lanes: on two cores the
# browser tests and Miri each leave most of a core idle (the browser waits on frames and timers,
# Miri interprets on one thread), and the compile-heavy stages fill those gaps. A stage that fails
# ends its lane; the other lane runs to its end; the times are printed either way and the status is
# the first failure's.
set -u
dir=$1 first=$2 lane_a=$3 lane_b=$4 last=${5:-}
make=${MAKE:-make}
mkdir -p "$dir"
start=$(date +%s)
# The machine's busy and idle CPU time so far (all cores, in clock ticks; /proc/stat's first line:
# user nice system idle iowait irq softirq steal; steal, the hypervisor's, counted in neither): a
# stage's CPU column counts only the processes it waited for, and Chromium's renderers, which its
# browser does not wait for, escape it (the browser tests' column read 197 s of the 690 s the
# machine was busy for them).
ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat 2>/dev/null; }
read -r busy0 idle0 <<< "$(ticks)"

# One lane: its stages in order, each line of times appended to $1; the first failure ends it.
lane() {
  local report=$1 stage status; shift
  : > "$report"
  for stage in "$@"; do
    TIMEFORMAT="$stage %R %U %S"
    status=0
    { time $make --no-print-directory "$stage" 2>&3 || status=$?; } 3>&2 2>>"$report"
    if [ "$status" != 0 ]; then echo "$stage FAILED" >> "$report"; return "$status"; fi
  done
}

status=0
# shellcheck disable=SC2086 # the stage lists are words
lane "$dir/test-times-setup.txt" $first || status=$?
if [ "$status" = 0 ]; then
  # shellcheck disable=SC2086
  ( lane "$dir/test-times-B.txt" $lane_b ) > "$dir/test-lane-b.log" 2>&1 &
  b=$!
  # Lane A in a subshell of its own too: `time` counts the CPU of the children reaped while a stage
  # runs, and this shell reaps lane B's subshell, with the CPU of all of lane B, whenever lane B
  # ends; in this shell that was put on whichever stage of lane A was running (test-bundler, 6.8 s
  # of wall, read 680 CPU s).
  # shellcheck disable=SC2086
  ( lane "$dir/test-times-A.txt" $lane_a ) || status=$?
  wait "$b" || { s=$?; [ "$status" != 0 ] || status=$s; }
  echo; echo "==== lane B ($lane_b), run beside the stages above; its output:"
  cat "$dir/test-lane-b.log"
fi
rm -f "$dir/test-times-last.txt"
if [ "$status" = 0 ] && [ -n "$last" ]; then
  echo; echo "==== alone on the machine: $last"
  # shellcheck disable=SC2086
  lane "$dir/test-times-last.txt" $last || status=$?
fi

echo; echo "make test: stage times (wall s, CPU user + sys s), $(nproc) cores; lanes A and B ran side by side, the last stages alone:"
for f in setup A B last; do
  [ -s "$dir/test-times-$f.txt" ] || continue
  awk -v lane="$f" '$2 == "FAILED" { printf "  %-5s  %-13s failed\n", lane, $1; next }
    { printf "  %-5s  %-13s %7.1f %8.1f\n", lane, $1, $2, $3 + $4; w += $2; c += $3 + $4 }
    END { printf "  %-5s  %-13s %7.1f %8.1f\n", lane, "(lane)", w, c }' "$dir/test-times-$f.txt"
done
echo "  wall clock from start to end: $(( $(date +%s) - start )) s"
if [ -n "${busy0:-}" ]; then
  read -r busy1 idle1 <<< "$(ticks)"
  hz=$(getconf CLK_TCK)
  echo "  the machine, every process: $(( (busy1 - busy0) / hz )) CPU s busy, $(( (idle1 - idle0) / hz )) CPU s idle (the stages' CPU above misses the browsers' renderers)"
fi
exit "$status"
