"""DLX Studio's engine: Knuth's Dancing Links (Algorithms X, C and M) for generalized exact cover.

Build an :class:`Instance` from items and options (colours ``"x:A"``, multiplicities with
:meth:`Instance.set_multiplicity`), or read one with :meth:`Instance.from_knuth` or
:meth:`Instance.from_matrix`; :func:`count` it, iterate its solutions with :func:`solve`, or drive a
:class:`Solver` (``next_solution``, ``step``, ``step_back``). The puzzles (:func:`sudoku`,
:func:`queens`, :func:`pentomino`, :func:`langford`, ...) are :class:`Puzzle` objects whose
solutions decode to :class:`Board` objects.

The engine searches with the GIL released, in slices between which Ctrl-C is honoured
(``KeyboardInterrupt``). Bad input raises :class:`DlxError` (a ``ValueError``) with the message the
``dlx`` CLI prints.

>>> import dlx_studio
>>> dlx_studio.count(dlx_studio.queens(8))
92
"""

from ._native import (
    Board,
    Boards,
    DlxError,
    Event,
    Instance,
    Puzzle,
    Solver,
    count,
    edge_matching,
    langford,
    latin,
    macmahon,
    pentomino,
    queens,
    solve,
    sudoku,
    toroidal_queens,
)

__all__ = [
    "Board",
    "Boards",
    "DlxError",
    "Event",
    "Instance",
    "Puzzle",
    "Solver",
    "count",
    "edge_matching",
    "langford",
    "latin",
    "macmahon",
    "pentomino",
    "queens",
    "solve",
    "sudoku",
    "toroidal_queens",
]
