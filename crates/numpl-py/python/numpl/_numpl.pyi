"""Type stubs of the compiled module ``numpl._numpl`` (re-exported by ``numpl``).

Every record is a plain dict with the fields of the ``numpl`` command's JSON records
(docs/FORMATS.md, "Records"), without ``file`` and ``line``; fields that do not apply are
left out. ``Record`` below lists them all.
"""

from typing import Any, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, TypedDict, Union

import numpy as np
import numpy.typing as npt

# Typing-only names (not attributes of the module at run time): Algo, Status, ShapeLike,
# Record. Annotate with them under `if TYPE_CHECKING: from numpl._numpl import Record`.
Algo = Literal["fast", "full", "human"]
Status = Literal["solved", "multiple", "unsolvable", "stuck", "budget", "invalid"]
#: A size N or a box shape: ``9``, ``"9"``, ``"2x3"``. Anything else (``None`` where no
#: default is meant, a float) is a TypeError naming the argument; a size or shape that is not
#: allowed (``7``, ``"1x7"``) a ValueError.
ShapeLike = Union[int, str]

class Record(TypedDict, total=False):
    index: int  # batches: the puzzle's place among the puzzles (blank / comment strings not counted); generate: in the run
    size: int
    box: str  # "RxC"
    puzzle: str  # line form, "." for a blank
    status: Status
    count: int  # count() only
    solution: str
    grid: str  # how far the human solver got (stuck)
    algo: Algo
    guesses: int
    nodes: int
    backtracks: int  # dataset_many, 9x9: tdoku's backtrack count
    micros: int
    techniques: Dict[str, int]  # technique name -> times used, in order of difficulty
    level: Literal["easy", "medium", "hard", "unfair", "extreme"]
    score: int
    error: str  # status "invalid" (and generate's failures)
    hint: str  # hint()
    steps: List[str]  # explain()
    givens: int  # generate
    symmetry: str  # generate
    seed: int  # generate
    tries: int  # generate
    minimal: bool  # generate

#: ``STATUSES[code]`` is the name of a status code of :func:`solve_array`.
STATUSES: Tuple[str, str, str, str, str, str]
__version__: str

def solve(
    puzzle: str,
    algo: Algo = "fast",
    first: bool = False,
    box: Optional[ShapeLike] = None,
    *,
    budget: Optional[int] = None,
) -> Record:
    """Solve one puzzle (a line of N*N symbols or a grid) or position (a line of N*N*N
    symbols or a pencil-mark grid, solved within its marks); ValueError if it cannot be read."""

Techniques = Union[str, Sequence[str]]

def rate(
    puzzle: str,
    box: Optional[ShapeLike] = None,
    *,
    enable: Optional[Techniques] = None,
    disable: Optional[Techniques] = None,
    level_only: bool = False,
) -> Record:
    """The human solver's rating: status, techniques, level, score (``enable``/``disable``: techniques on or off;
    ``level_only``: stop once the level is certain, no score or techniques for a puzzle found extreme part way)."""

def hint(
    puzzle: str,
    box: Optional[ShapeLike] = None,
    *,
    enable: Optional[Techniques] = None,
    disable: Optional[Techniques] = None,
    scale: str = "hodoku",
) -> Record:
    """The next logical step (``hint``), or ``status`` solved/multiple/stuck/unsolvable/budget when there is none;
    ``scale="se"``: Sudoku Explainer's next step with its SE difficulty."""

def explain(
    puzzle: str,
    box: Optional[ShapeLike] = None,
    *,
    enable: Optional[Techniques] = None,
    disable: Optional[Techniques] = None,
    scale: str = "hodoku",
) -> Record:
    """The rating and every step of a logical solution (``steps``); ``scale="se"``: Sudoku Explainer's
    path, each step with its SE difficulty, and ``er``, ``ep``, ``ed``."""

def count(puzzle: str, limit: int = 2, box: Optional[ShapeLike] = None) -> Record:
    """The number of solutions, stopping at ``limit`` (``count``, ``status``)."""

def solve_many(
    puzzles: Iterable[Any],
    threads: Optional[int] = None,
    algo: Algo = "fast",
    *,
    first: bool = False,
    box: Optional[ShapeLike] = None,
    budget: Optional[int] = None,
) -> List[Record]:
    """Solve in parallel; one record per puzzle in input order, bad inputs as status "invalid".

    Strings that are blank or ``#`` comments (an open file's such lines) are skipped, trailing
    newlines ignored; ``index`` counts the puzzles from 0. ``threads``: at least 1, ``None`` for
    one per core (0 or less: ValueError)."""

def rate_many(
    puzzles: Iterable[Any],
    threads: Optional[int] = None,
    *,
    box: Optional[ShapeLike] = None,
    enable: Optional[Techniques] = None,
    disable: Optional[Techniques] = None,
    level_only: bool = False,
) -> List[Record]:
    """Rate in parallel; one record per puzzle in input order, bad inputs as status "invalid" (``level_only`` as for ``rate``).

    Blank and ``#`` comment strings are skipped and ``index`` counts the puzzles, as for
    :func:`solve_many`; ``threads`` as there."""

def generate(
    size: ShapeLike = 9,
    count: int = 1,
    level: Optional[str] = None,
    symmetry: str = "point",
    seed: Optional[int] = None,
    max_technique: Optional[str] = None,
    *,
    require: Optional[str] = None,
    max_tries: int = 2000,
    threads: Optional[int] = None,
    start: int = 0,
    enable: Optional[Techniques] = None,
    disable: Optional[Techniques] = None,
    variant: Optional[str] = None,
    cage_cells: Optional[Tuple[int, int]] = None,
    killer_givens: bool = False,
) -> List[Record]:
    """Puzzles ``start .. start+count-1`` of the run ``seed``; the same for the same seed.
    ``variant``: ``"killer"``, ``"jigsaw"``, ``"x"``, ``"windoku"`` or ``"thermo"`` puzzles
    (``level`` easy, medium or hard on numpl's variant scale); killers take ``cage_cells``
    (the fewest and most cells of a cage) and ``killer_givens``."""

_Ints = npt.NDArray[np.integer[Any]]

def solve_array(
    a: _Ints,
    algo: Algo = "fast",
    threads: Optional[int] = None,
    *,
    first: bool = False,
    box: Optional[ShapeLike] = None,
    budget: Optional[int] = None,
) -> Tuple[_Ints, npt.NDArray[np.uint8]]:
    """Solve every row of an (n, N*N) integer array (0 = blank): (solutions, status codes)."""

def canon(puzzle: str, box: Optional[ShapeLike] = None) -> Record:
    """The minlex form: ``canon`` and ``transform`` (puzzle -> form); equivalent puzzles share ``canon``."""

def canon_many(
    puzzles: Iterable[Any],
    threads: Optional[int] = None,
    *,
    box: Optional[ShapeLike] = None,
    unique: bool = False,
    test_fraction: Optional[float] = None,
    seed: int = 0,
) -> List[Record]:
    """Canonical forms in parallel, in input order; ``unique`` keeps the first of each class,
    ``test_fraction`` adds ``split`` ("train"/"test") by class, seeded."""

def dataset_many(
    puzzles: Iterable[Any],
    threads: Optional[int] = None,
    *,
    box: Optional[ShapeLike] = None,
    unique: bool = False,
    test_fraction: Optional[float] = None,
    seed: int = 0,
    enable: Optional[Techniques] = None,
    disable: Optional[Techniques] = None,
    budget: Optional[int] = None,
    se: bool = False,
) -> List[Record]:
    """Data-set rows in parallel, in input order: solution, search effort, rating, givens,
    canonical form (``numpl dataset --format json``); ``se=True`` adds Sudoku Explainer's
    ``er``, ``ep``, ``ed`` and their techniques."""

def augment(
    puzzle: str,
    copies: int = 1,
    seed: int = 0,
    index: int = 0,
    box: Optional[ShapeLike] = None,
) -> List[Record]:
    """``copies`` seeded equivalent copies with their solutions and ``transform``."""
