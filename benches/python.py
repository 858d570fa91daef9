"""The Python wheel against PyPI's `exact-cover` (benches/README.md, `make bench-python`).

Counts the same instances in one process, in turns, BENCH_RUNS times each (3 by default), and
prints the median seconds and the ratio: pentomino 6x10 and Langford 12 for both (the 0-1 matrix
of our instance handed to `exact_cover.get_solution_count`), 13-queens for ours only (its diagonals
are secondary items, which `exact-cover` does not have). Ours counts on one thread, as the C
extension does. The load average is printed with the table: the machine may be shared.
"""

import os
import statistics
import time

import dlx_studio as dlx
import exact_cover
import numpy as np

RUNS = int(os.environ.get("BENCH_RUNS", "3"))


def matrix(inst):
    m = np.zeros((inst.n_options, inst.n_items), dtype=bool)
    for k in range(inst.n_options):
        m[k, inst.option(k)] = True
    return m


def timed(fn):
    start = time.perf_counter()
    n = fn()
    return time.perf_counter() - start, int(n)


def main():
    cases = [
        ("pentomino 6x10", dlx.pentomino("6x10"), True),
        ("Langford 12", dlx.langford(12), True),
        ("13-queens", dlx.queens(13), False),
    ]
    print(f"dlx_studio vs exact-cover {exact_cover.__version__ if hasattr(exact_cover, '__version__') else '1.5.0'}, "
          f"median of {RUNS}, load average before: {os.getloadavg()[0]:.2f}")
    print("| instance | solutions | exact-cover 1.5.0 | dlx_studio wheel | ratio |")
    print("|---|---|---|---|---|")
    for name, puzzle, both in cases:
        inst = puzzle.instance()
        m = matrix(inst) if both else None
        ours, theirs = [], []
        for _ in range(RUNS):
            t, n = timed(inst.count)
            ours.append(t)
            if both:
                t2, n2 = timed(lambda: exact_cover.get_solution_count(m))
                assert n2 == n, f"{name}: exact-cover counts {n2}, we count {n}"
                theirs.append(t2)
        o = statistics.median(ours)
        if both:
            e = statistics.median(theirs)
            print(f"| {name} | {n:,} | {e:.2f} s | {o:.2f} s | {e / o:.1f}x |")
        else:
            print(f"| {name} | {n:,} | — | {o:.2f} s | |")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
