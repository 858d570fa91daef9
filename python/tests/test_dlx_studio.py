"""The wheel as a user installs it (`make test-python` runs this in a fresh venv with the wheel
installed): counts and solutions checked against the `dlx` CLI (path in $DLX), boards against the
puzzles' rules, bad input against the CLI's messages, Ctrl-C in a child interpreter, and the GIL
released while the engine counts. Standard library only (numpy is used where it is installed)."""

import json
import os
import signal
import subprocess
import sys
import threading
import unittest

import dlx_studio as dlx

DLX = os.environ.get("DLX")
if not DLX:
    raise SystemExit("DLX must name the dlx binary the counts are checked against")

PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# TAOCP 7.2.2.1 (49): Knuth's toy XCC, one solution.
TOY = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n"


def cli(args, text=None):
    """The CLI's exit status, standard output and standard error."""
    r = subprocess.run([DLX, *args], input=text, capture_output=True, text=True)
    return r.returncode, r.stdout.strip(), r.stderr.strip()


def cli_count(args, text=None):
    """`dlx count ARGS --threads 1 --json`'s solutions."""
    status, out, err = cli(["count", *args, "--threads", "1", "--json"], text)
    assert status == 0, err
    return json.loads(out.splitlines()[-1])["solutions"]


def cli_error(args, text=None):
    """The CLI's message for bad input (it exits with 2)."""
    status, out, err = cli(args, text)
    assert status == 2, f"dlx {' '.join(args)} should refuse: {out}"
    return err


def queens_of(board, n):
    return [(r, c) for r in range(n) for c in range(n) if board.cells[r * n + c] == 1]


class Counts(unittest.TestCase):
    """Counts of the puzzles and instances the issue names, as the CLI counts them."""

    def test_queens(self):
        self.assertEqual(dlx.count(dlx.queens(8)), cli_count(["queens", "8"]))
        self.assertEqual(dlx.count(dlx.queens(8)), 92)
        n = 0
        for board in dlx.solve(dlx.queens(8)):
            q = queens_of(board, 8)
            self.assertEqual(len(q), 8)
            for i, (a, b) in enumerate(q):
                for c, d in q[:i]:
                    self.assertTrue(a != c and b != d and a + b != c + d and a - b != c - d)
            n += 1
        self.assertEqual(n, 92)
        self.assertEqual(dlx.queens(13).count(), cli_count(["queens", "13"]))
        self.assertEqual(dlx.queens(13).count(), 73712)
        self.assertEqual(dlx.queens(13).count(threads=2), 73712)
        self.assertEqual(dlx.queens(13).count(threads=0), 73712)

    def test_pentomino(self):
        n = dlx.pentomino("6x10").count()
        self.assertEqual(n, cli_count(["pentomino", "6x10"]))
        self.assertEqual(n, 9356)
        distinct = dlx.pentomino("6x10", distinct=True).count(threads=2)
        self.assertEqual(distinct, cli_count(["pentomino", "6x10", "--distinct"]))
        self.assertEqual(distinct, 2339)

    def test_langford(self):
        self.assertEqual(dlx.langford(8).count(), cli_count(["langford", "8"]))
        self.assertEqual(dlx.langford(7, distinct=True).count(), cli_count(["langford", "7", "--distinct"]))
        self.assertEqual(dlx.langford(7, distinct=True).count(), 26)
        first = next(dlx.solve(dlx.langford(7)))
        row = [int(v) for v in first.text.split()]
        for k in range(1, 8):
            at = [i for i, v in enumerate(row) if v == k]
            self.assertEqual(len(at), 2)
            self.assertEqual(at[1] - at[0], k + 1, first.text)

    def test_sudoku(self):
        s = dlx.sudoku(PUZZLE)
        found = list(s.solutions())
        self.assertEqual(len(found), 1)
        board = found[0]
        grid = board.text
        self.assertIn(grid, cli(["solve", "sudoku", PUZZLE])[1].replace("\n", ""))
        for i, ch in enumerate(PUZZLE):
            if ch != ".":
                self.assertEqual(grid[i], ch)
        units = [[r * 9 + c for c in range(9)] for r in range(9)]
        units += [[r * 9 + c for r in range(9)] for c in range(9)]
        units += [
            [(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)
        ]
        for unit in units:
            self.assertEqual(sorted(grid[i] for i in unit), list("123456789"))
        s.check(board)
        cells = list(board.cells)
        cells[1], cells[2] = cells[2], cells[1]
        with self.assertRaises(dlx.DlxError):
            s.check(board.with_cells(cells))
        self.assertEqual(dlx.sudoku("." * 16, variants=["x"]).count(), 48)
        self.assertEqual(dlx.sudoku("." * 16, variants="x").count(), 48)
        self.assertEqual(dlx.sudoku("." * 16).count(), 288)

    def test_xcc_with_colours(self):
        read = dlx.Instance.from_knuth(TOY)
        built = dlx.Instance(["p", "q", "r"], ["x", "y"])
        for line in TOY.splitlines()[1:]:
            built.add_option(line.split())
        self.assertEqual(built.to_knuth(), TOY)
        self.assertEqual(built, read)
        n = cli_count(["exact-cover", "-"], TOY)
        self.assertEqual(n, 1)
        self.assertEqual(dlx.count(read), n)
        self.assertEqual(dlx.count(TOY), n)
        self.assertEqual(list(dlx.solve(built)), [[3, 1]])
        self.assertEqual(list(dlx.solve(built, names=True)), [["q x:A", "p r x:A y"]])
        # Items by number, colours as pairs: the same instance.
        pairs = dlx.Instance(["p", "q", "r"], ["x", "y"])
        for option in ([0, 1, 3, (4, "A")], [0, 2, ("x", "A"), "y"], [0, "x:B"], [1, (3, "A")], [2, ("y", "B")]):
            pairs.add_option(option)
        self.assertEqual(pairs, read)

    def test_multiplicities(self):
        text = "2:3|a b\na\na b\nb\na\n"
        inst = dlx.Instance(["a", "b"])
        inst.set_multiplicity("a", 2, 3)
        for o in ["a", "a b", "b", "a"]:
            inst.add_option(o.split())
        self.assertEqual(inst.to_knuth(), text)
        self.assertEqual(inst.count(), cli_count(["exact-cover", "-"], text))
        # a twice or thrice, b once: {a, ab}, {a, ab, a}, {a, b, a}, {ab, a}.
        self.assertEqual(sorted(map(sorted, dlx.solve(inst))), [[0, 1], [0, 1, 3], [0, 2, 3], [1, 3]])

    def test_matrix(self):
        rows = [
            [0, 0, 1, 0, 1, 1, 0],
            [1, 0, 0, 1, 0, 0, 1],
            [0, 1, 1, 0, 0, 1, 0],
            [1, 0, 0, 1, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 1],
            [0, 0, 0, 1, 1, 0, 1],
        ]
        text = "".join("".join(map(str, r)) + "\n" for r in rows)
        inst = dlx.Instance.from_matrix(rows)
        self.assertEqual(inst.items, [f"c{j}" for j in range(1, 8)])
        self.assertEqual(inst, dlx.Instance.from_knuth(text))
        self.assertEqual(list(dlx.solve(inst)), [[3, 0, 4]])
        self.assertEqual(inst.count(), cli_count(["exact-cover", "-"], text))
        # The buffer protocol: a 2-D memoryview of bytes.
        flat = bytes(v for r in rows for v in r)
        view = memoryview(flat).cast("B", shape=[6, 7])
        self.assertEqual(dlx.Instance.from_matrix(view), inst)
        # Rows added one at a time, with bools; the last two columns secondary.
        named = dlx.Instance.from_matrix([], names=list("abcdefg"), secondary=2)
        for r in rows:
            named.add_row([bool(v) for v in r])
        self.assertEqual((named.n_items, named.n_primary, named.n_options), (7, 5, 6))
        self.assertEqual(named.to_knuth().splitlines()[0], "a b c d e | f g")
        try:
            import numpy
        except ImportError:
            return
        self.assertEqual(dlx.Instance.from_matrix(numpy.array(rows, dtype=numpy.uint8)), inst)
        self.assertEqual(dlx.Instance.from_matrix(numpy.array(rows, dtype=bool)), inst)

    def test_round_trip(self):
        for puzzle in (dlx.queens(6), dlx.langford(5), dlx.sudoku("." * 16)):
            inst = puzzle.instance()
            back = dlx.Instance.from_knuth(inst.to_knuth())
            self.assertEqual(back, inst)
            self.assertEqual(back.count(), puzzle.count())
        text = dlx.sudoku(PUZZLE).to_knuth()
        self.assertEqual(dlx.count(text), 1)


class Search(unittest.TestCase):
    """The solver: stepping, stopping early, solving within a budget."""

    def test_step_and_back(self):
        solver = dlx.queens(5).solver()
        forward = []
        for _ in range(300):
            e = solver.step()
            if e is None:
                break
            forward.append(e)
        self.assertIn("solution", [e.kind for e in forward])
        back = []
        while (e := solver.step_back()) is not None:
            back.append(e)
        self.assertEqual(back[::-1], forward)
        self.assertEqual(solver.count(), 10)
        self.assertTrue(solver.done)

    def test_solver(self):
        inst = dlx.Instance.from_knuth("a b\na\nb\na b\n")
        solver = inst.solver()
        e = solver.step()
        self.assertEqual((e.kind, e.level, e.item, e.len), ("choose", 0, 0, 2))
        self.assertEqual(solver.step_back(), e)
        self.assertEqual(solver.next_solution(), [0, 1])
        self.assertEqual(solver.chosen(), [0, 1])
        self.assertEqual(solver.next_solution(), [2])
        self.assertIsNone(solver.next_solution())
        self.assertEqual(solver.stats()["solutions"], 2)
        s = dlx.queens(12).solver()
        self.assertIsNone(s.next_solution_within(1))
        self.assertFalse(s.done)
        self.assertEqual(len(s.next_solution_within(10**6)), 12)
        slices = 1
        while not s.count_within(100):
            slices += 1
        self.assertGreater(slices, 1)
        self.assertEqual(s.stats()["solutions"], 14200)

    def test_stop_early(self):
        seen = 0
        for board in dlx.solve(dlx.queens(20)):
            self.assertEqual(len(queens_of(board, 20)), 20)
            seen += 1
            if seen == 3:
                break
        self.assertEqual(seen, 3)

    def test_board(self):
        q = dlx.queens(4)
        first = next(q.solutions())
        self.assertEqual(str(first), "..Q.\nQ...\n...Q\n.Q..")
        self.assertEqual((first.kind, first.rows, first.cols), ("queens", 4, 4))
        q.check(first)
        cells = [0] * 16
        cells[0] = cells[1] = 1
        with self.assertRaises(dlx.DlxError):
            q.check(first.with_cells(cells))
        with self.assertRaises(dlx.DlxError):
            first.with_cells([1, 2])
        self.assertEqual(q.board(next(q.solver())), first)


class BadInput(unittest.TestCase):
    """Bad input: the CLI's message, as DlxError (a ValueError), and never a panic."""

    def assert_cli(self, e, args, text=None):
        err = cli_error(args, text)
        self.assertTrue(err.endswith(str(e)), f"CLI: {err!r}; Python: {str(e)!r}")

    def test_messages(self):
        with self.assertRaises(dlx.DlxError) as c:
            dlx.Instance.from_knuth("a b\na c\n")
        self.assert_cli(c.exception, ["count", "exact-cover", "-"], "a b\na c\n")
        self.assertEqual((c.exception.line, c.exception.column), (2, 3))
        self.assertEqual(c.exception.message, "unknown item `c` (it is not in the items line)")
        self.assertIsInstance(c.exception, ValueError)
        with self.assertRaises(ValueError) as c:
            dlx.queens(0)
        self.assert_cli(c.exception, ["count", "queens", "0"])
        with self.assertRaises(dlx.DlxError) as c:
            dlx.queens("eight")
        self.assert_cli(c.exception, ["count", "queens", "eight"])
        clash = "11" + "." * 79
        with self.assertRaises(dlx.DlxError) as c:
            dlx.sudoku(clash)
        self.assert_cli(c.exception, ["solve", "sudoku", clash])
        self.assertEqual(c.exception.cells, [0, 1])
        with self.assertRaises(dlx.DlxError) as c:
            dlx.pentomino("7x7")
        self.assert_cli(c.exception, ["count", "pentomino", "7x7"])
        with self.assertRaises(dlx.DlxError) as c:
            dlx.Puzzle.load("chess", "8")
        self.assertIn("unknown problem kind `chess`", str(c.exception))
        with self.assertRaises(dlx.DlxError) as c:
            dlx.Instance(["p", "p"])
        self.assertEqual(str(c.exception), "item `p` is named twice")
        with self.assertRaises(dlx.DlxError) as c:
            dlx.Instance(["p"]).add_option(["p", "y"])
        self.assertEqual(str(c.exception), "option 1: there is no item `y`")
        with self.assertRaises(dlx.DlxError) as c:
            dlx.Instance(["p"]).add_option(["p", 5])
        self.assertEqual(str(c.exception), "option 1: there is no item 5 (the items are numbered 0 to 0)")
        with self.assertRaises(dlx.DlxError) as c:
            dlx.Instance(["p"]).add_option(["p:red"])
        self.assertIn("`p` is a primary item: only secondary items can have a colour", str(c.exception))
        with self.assertRaises(dlx.DlxError) as c:
            dlx.sudoku("." * 81, variants=["arrow"])
        self.assertIn("arrow", str(c.exception))
        with self.assertRaises(dlx.DlxError) as c:
            dlx.Instance.from_matrix([[0, 1], [1, 2]])
        self.assertEqual(str(c.exception), "row 2, column 2: the entries of a 0-1 matrix are 0 or 1, not 2")
        with self.assertRaises(dlx.DlxError) as c:
            dlx.Instance.from_matrix([[0, 1], [1]])
        self.assertEqual(str(c.exception), "row 2: 1 entries, where row 1 has 2 (every row has one entry a column)")
        with self.assertRaises(dlx.DlxError) as c:
            dlx.Instance(["a"]).set_multiplicity("a", -1, 2)
        self.assertIn("not -1", str(c.exception))
        with self.assertRaises(dlx.DlxError) as c:
            dlx.queens(4).board([99])
        self.assertEqual(str(c.exception), "there is no option 99: the options are numbered 0 to 15")
        with self.assertRaises(dlx.DlxError):
            dlx.count(dlx.queens(4), threads=-1)
        with self.assertRaises(TypeError):
            dlx.Instance(["p"]).add_option("p")
        with self.assertRaises(TypeError):
            dlx.count(42)
        with self.assertRaises(IndexError):
            dlx.Instance(["p"]).item_name(3)
        # The module goes on after all of that.
        self.assertEqual(dlx.count(dlx.queens(6)), 4)

    def test_no_panic_on_any_board(self):
        # Every value a cell may take, in every cell of a small board: checked, never a panic.
        for puzzle in (dlx.queens(4), dlx.sudoku("." * 16), dlx.langford(3), dlx.pentomino("3x20")):
            board = next(puzzle.solutions())
            top = max(len(board.labels), 1)
            for i in range(len(board.cells)):
                for v in range(top):
                    cells = list(board.cells)
                    cells[i] = v
                    try:
                        puzzle.check(board.with_cells(cells))
                    except dlx.DlxError:
                        pass


CHILD = """
import signal, sys, dlx_studio as dlx
# Python keeps SIGINT ignored when it starts with it ignored (a background job of a script, as
# `make test`'s lane B is): Ctrl-C's own handler, as in an interactive session.
signal.signal(signal.SIGINT, signal.default_int_handler)
threads = None if sys.argv[1] == "none" else int(sys.argv[1])
try:
    print("counting", flush=True)
    dlx.count(dlx.queens(18), threads=threads)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(0)
print("finished", flush=True)
"""


class Interrupts(unittest.TestCase):
    """Ctrl-C and the GIL."""

    def interrupt(self, threads):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, threads], stdout=subprocess.PIPE, text=True
        )
        try:
            self.assertEqual(child.stdout.readline().strip(), "counting")
            # 18-queens has 666,090,624 solutions: minutes of counting, so SIGINT comes mid-count
            # (a timer in the child would sooner or later see it first).
            threading.Event().wait(0.3)
            child.send_signal(signal.SIGINT)
            # A bound so a broken build cannot hang the run; an interrupted count returns within
            # one slice of the search.
            out, _ = child.communicate(timeout=60)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        self.assertEqual(out.strip(), "interrupted")
        self.assertEqual(child.returncode, 0)

    def test_ctrl_c_one_thread(self):
        self.interrupt("none")

    def test_ctrl_c_threads(self):
        self.interrupt("2")

    def test_gil_released(self):
        # While one thread counts, this one reads the solver: a search that held the GIL would never
        # let it see the solver borrowed by the count (the count borrows it only while searching).
        solver = dlx.queens(13).solver()
        result = []
        t = threading.Thread(target=lambda: result.append(solver.count()))
        seen_busy = False
        t.start()
        while t.is_alive():
            try:
                solver.stats()
            except RuntimeError:
                seen_busy = True
                break
        t.join()
        self.assertTrue(seen_busy, "this thread never ran while the count was going")
        self.assertEqual(result, [73712])


if __name__ == "__main__":
    unittest.main(verbosity=2)
