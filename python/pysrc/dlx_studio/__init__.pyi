"""Type stubs of `dlx_studio`: Knuth's Dancing Links (Algorithms X, C and M) for generalized exact
cover. Bad input raises DlxError (a ValueError) with the message the `dlx` CLI prints."""

from typing import Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

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

#: An item of an option: a name, a number from 0, `"x:A"`, or `(item, colour)`.
Item = Union[str, int, Tuple[Union[str, int], str]]

class DlxError(ValueError):
    """Bad input: `str(e)` is the CLI's message (`line 2, column 3: ...` for a text)."""

    #: The message without its place.
    message: str
    #: The line of the text the error is on, from 1, when it comes from a text.
    line: Optional[int]
    #: The column of the text, from 1, when it comes from a text.
    column: Optional[int]
    #: A Sudoku's cells at fault (row-major from 0); empty for other errors.
    cells: List[int]

class Event:
    """One step of the search: `kind` and the fields that kind has (None otherwise)."""

    #: `choose`, `dead_end`, `cover_item`, `hide`, `try`, `solution`, `backtrack`, `unhide`,
    #: `uncover_item`, `purify`, `unpurify`, `lower`, `raise`, `close`, `untweak`, `reject` or `reuse`
    #: (a memo hit; the library steps without memos, so it never comes).
    @property
    def kind(self) -> str: ...
    @property
    def level(self) -> Optional[int]: ...
    #: An item's number from 0.
    @property
    def item(self) -> Optional[int]: ...
    #: The option of `node`, a number from 0.
    @property
    def option(self) -> Optional[int]: ...
    @property
    def node(self) -> Optional[int]: ...
    #: `choose`: the options the item has left.
    @property
    def len(self) -> Optional[int]: ...
    #: `try`, `close`: the k-th of the d ways at this level.
    @property
    def k(self) -> Optional[int]: ...
    @property
    def d(self) -> Optional[int]: ...

class Instance:
    """An exact-cover instance: primary items (exactly once, or within a multiplicity), secondary
    items (at most once, or by options agreeing on a colour), and options. Items are numbered from
    0, primary first; options from 0 as added; a solution is a list of option numbers."""

    def __init__(self, primary: Iterable[str], secondary: Optional[Iterable[str]] = None) -> None:
        """An instance with these items and no option yet."""
    @staticmethod
    def from_knuth(text: str) -> "Instance":
        """Reads Knuth's format (or a 0-1 matrix) as `dlx count exact-cover` does."""
    @staticmethod
    def from_matrix(rows: object, names: Optional[Sequence[str]] = None, secondary: int = 0) -> "Instance":
        """Rows of a 0-1 matrix (lists, a numpy array, anything with `tolist()` or the buffer
        protocol), one row an option; columns `names` (default `c1`, `c2`, ...), the last
        `secondary` of them secondary."""
    def to_knuth(self) -> str:
        """The instance in Knuth's format, as `dlx export` writes it."""
    def add_option(self, items: Iterable[Item]) -> int:
        """Adds an option (items by name or number, colours as `"x:A"` or `(item, colour)`);
        returns its number."""
    def add_row(self, row: object) -> int:
        """Adds an option from a 0-1 row (one entry an item); returns its number."""
    def set_multiplicity(self, item: Union[str, int], lo: int, hi: int) -> None:
        """A primary item in at least `lo` and at most `hi` options of a solution (Algorithm M)."""
    @property
    def n_items(self) -> int: ...
    @property
    def n_primary(self) -> int: ...
    @property
    def n_options(self) -> int: ...
    @property
    def items(self) -> List[str]:
        """The items' names, primary first."""
    def item_name(self, item: int) -> str: ...
    def option(self, k: int) -> List[int]:
        """The items of option `k`, in the order given."""
    def option_text(self, k: int) -> str:
        """Option `k` in Knuth's format (`name:colour` for a coloured item)."""
    def count(self, threads: Optional[int] = None) -> int:
        """The number of solutions: this thread (None or 1), or up to `threads` threads (0: every
        core). The GIL is released; Ctrl-C raises KeyboardInterrupt."""
    def solver(self, names: bool = False) -> "Solver":
        """A search over the instance; `names=True`: solutions as the options' texts."""
    def solutions(self, names: bool = False) -> "Solver":
        """The solutions, each found when asked for."""
    def __eq__(self, other: object) -> bool: ...
    def __copy__(self) -> "Instance": ...
    def __deepcopy__(self, memo: object) -> "Instance": ...

class Solver(Iterator[List[int]]):
    """A search: an iterator of solutions (lists of option numbers, or of option texts when made
    with `names=True`) that also counts, steps and steps back."""

    def count(self) -> int:
        """Counts every solution not yet found; the number found from the start."""
    def count_within(self, max_nodes: int) -> bool:
        """Counts on for at most `max_nodes` more nodes; whether the search is over."""
    def next_solution(self) -> Optional[List[int]]:
        """The next solution, or None when there is no more."""
    def next_solution_within(self, max_nodes: int) -> Optional[List[int]]:
        """The next solution if found within `max_nodes` nodes, else None (`done` tells why)."""
    def step(self) -> Optional[Event]:
        """One event forwards; None once the search is over."""
    def step_back(self) -> Optional[Event]:
        """One event back, exactly undoing the last; None at the start."""
    @property
    def done(self) -> bool: ...
    @property
    def level(self) -> int: ...
    @property
    def progress(self) -> float:
        """Knuth's estimate of the fraction of the tree explored, 0 to 1."""
    def chosen(self) -> List[int]:
        """The options chosen on the path to where the search stands."""
    def stats(self) -> dict:
        """`nodes`, `updates`, `cleansings`, `solutions`, `profile`, `level`, `progress`."""
    def __iter__(self) -> "Solver": ...
    def __next__(self) -> List[int]: ...

class Board:
    """A puzzle's board, as `dlx solve` prints it (`str(board)`)."""

    @property
    def kind(self) -> str: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def cells(self) -> List[int]: ...
    @property
    def given(self) -> List[bool]: ...
    @property
    def labels(self) -> List[str]: ...
    @property
    def lines(self) -> List[str]: ...
    @property
    def options(self) -> List[int]: ...
    @property
    def text(self) -> str: ...
    def with_cells(self, cells: Sequence[int]) -> "Board":
        """A copy with other cells (as many, each a value `labels` has)."""

class Boards(Iterator[Board]):
    """A puzzle's solutions as Boards, each found when asked for."""

    def __iter__(self) -> "Boards": ...
    def __next__(self) -> Board: ...
    def stats(self) -> dict: ...

class Puzzle:
    """A puzzle: its instance, its givens, and the Boards its solutions decode to."""

    @staticmethod
    def load(kind: str, arg: object, distinct: bool = False) -> "Puzzle":
        """The puzzle `dlx count KIND ARG` names."""
    @property
    def title(self) -> str: ...
    @property
    def givens(self) -> List[int]: ...
    def instance(self) -> Instance: ...
    def solver(self) -> Solver: ...
    def count(self, threads: Optional[int] = None) -> int: ...
    def solutions(self) -> Boards: ...
    def board(self, options: Sequence[int]) -> Board: ...
    def check(self, board: Board) -> None:
        """Raises DlxError naming the rule a board breaks."""
    def to_knuth(self) -> str: ...

def queens(n: int) -> Puzzle: ...
def toroidal_queens(n: int) -> Puzzle: ...
def latin(n: int) -> Puzzle: ...
def langford(n: int, distinct: bool = False) -> Puzzle: ...
def pentomino(board: str = "6x10", distinct: bool = False) -> Puzzle: ...
def edge_matching(name: str) -> Puzzle: ...
def macmahon(name: str) -> Puzzle: ...
def sudoku(text: str, variants: Union[None, str, Sequence[str]] = None) -> Puzzle:
    """A Sudoku from its text, with variants by the CLI's names (`x`, `windoku`, `anti-knight`,
    `anti-king`, `non-consecutive`)."""
def count(what: Union[Instance, Puzzle, str], threads: Optional[int] = None) -> int:
    """The number of solutions of an Instance, a Puzzle or an exact-cover text."""
@overload
def solve(what: Puzzle, names: bool = False) -> Boards: ...
@overload
def solve(what: Union[Instance, str], names: bool = False) -> Solver: ...
