"""Type stubs for mazelab (the extension module `mazelab._mazelab`)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

Cell = int
Step = Union[Tuple[str, int, int], Tuple[str, int, str], Tuple[str, int]]

class Maze:
    """A maze: its cells and openings, its ends, and what made it."""

    @property
    def cells(self) -> int:
        """How many cell numbers there are (masked cells included)."""
    @property
    def width(self) -> int:
        """Columns, as the JSON's `width` (polar: the outer ring's cells)."""
    @property
    def height(self) -> int:
        """Rows, as the JSON's `height` (polar: the rings)."""
    @property
    def shape(self) -> str:
        """square, polar, hex, triangle, upsilon, crack, 3d, 4d or cube."""
    @property
    def size(self) -> str:
        """The whole size as the CLI writes it: 20x10, 12, 10x10x4."""
    @property
    def seed(self) -> int: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def entrance(self) -> Cell: ...
    @property
    def exit(self) -> Cell: ...
    @property
    def edges(self) -> List[Tuple[Cell, Cell]]:
        """The openings as pairs of cells, in the order they were carved."""
    def is_live(self, cell: int) -> bool:
        """Whether `cell` is a cell of the maze (a mask switches some off)."""
    def neighbors(self, cell: int) -> List[Cell]:
        """`cell`'s neighbours, clockwise, open or not; ValueError off the maze."""
    def is_open(self, a: int, b: int) -> bool:
        """Whether the wall between neighbours `a` and `b` is open."""
    def solve(
        self, solver: str = "bfs", start: Optional[int] = None, goal: Optional[int] = None
    ) -> Optional[List[Cell]]:
        """The solver's path from start to goal (the entrance and exit unless given)."""
    def steps(self) -> List[Step]:
        """The run's events: ("carve", a, b), ("build", a, b), ("mark", c, kind),
        ("cursor", c), ("phase", k)."""
    def text(self, format: str = "ascii", solve: bool = False, solver: str = "bfs") -> str:
        """ascii, norvig or blocks (plain squares)."""
    def svg(self, solve: bool = False, solver: str = "bfs", plot: bool = False) -> str: ...
    def stl(self, cell_mm: float = 6.0, wall_mm: float = 1.2, height_mm: float = 5.0, base_mm: float = 2.0) -> bytes:
        """A solid to 3D-print (binary STL): `mazelab generate --format stl`'s bytes."""
    def to_json(self, solve: bool = False, solver: str = "bfs") -> str:
        """What `mazelab generate --format json` prints for the same options."""
    @staticmethod
    def from_edges(shape: str, size: str, edges: list[tuple[int, int]], *, wrap: str | None = None) -> "Maze":
        """A maze of your own openings (pairs of neighbouring cells)."""
    def verdict(self) -> dict[str, Any]:
        """The page's verdict: perfect, passages, live, reached, first_loop, unreached, summary."""
    def center(self, cell: int) -> tuple[float, float]:
        """A cell's centre (x, y) in the SVG's units, y down."""
    def to_networkx(self) -> Any:
        """A networkx Graph: a node a live cell (its centre as `pos`), an edge an opening."""
    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]: ...

def generate(
    algorithm: str = "backtracker",
    width: Optional[int] = None,
    height: Optional[int] = None,
    *,
    size: Optional[str] = None,
    seed: Optional[int] = None,
    shape: str = "square",
    wrap: Optional[str] = None,
    mask: Optional[str] = None,
    pop: str = "newest",
    bias: str = "NW",
    weave: bool = False,
    braid: int = 0,
    run: int = 0,
    grain: str = "h:50",
    sparse: int = 0,
    symmetry: Optional[str] = None,
    entrances: str = "norvig",
) -> Maze:
    """A maze by the CLI's names: width and height, or size as the CLI writes
    it ("10x10x4", "12" rings); mask is a mask file's text. ValueError with the
    CLI's message on a bad option."""

def generators(shape: Optional[str] = None) -> List[Tuple[str, str]]:
    """(name, description) of every generator, or those that run on `shape`."""

def stats(
    algorithm: str = "growing-tree",
    *,
    pop: Optional[str] = None,
    shape: str = "square",
    size: Optional[str] = None,
    wrap: Optional[str] = None,
    runs: int = 100,
    seed: Optional[int] = None,
    braid: int = 0,
    run: int = 0,
    grain: str = "h:50",
    sparse: int = 0,
    symmetry: Optional[str] = None,
    weights: Optional[str] = None,
    client: Any = None,
    chunk: Optional[int] = None,
    progress: Optional[bool] = None,
) -> Dict[str, Any]:
    """Each lab metric's mean, std, min, max and 95% interval over `runs`
    mazes, as `mazelab stats --format json` gives them; `client` (a
    dask.distributed Client) spreads them over its workers in shares of
    `chunk` mazes, merged exactly."""

def scaling(
    algorithm: str = "wilson",
    metric: str = "solution",
    sizes: Sequence[int] = (16, 32, 64, 128),
    *,
    shape: str = "square",
    wrap: Optional[str] = None,
    runs: int = 100,
    seed: Optional[int] = None,
    client: Any = None,
    chunk: Optional[int] = None,
    progress: Optional[bool] = None,
) -> Dict[str, Any]:
    """A metric's mean at each side, and the power it grows as with its
    95% interval, as `mazelab scaling --format json` gives them; `client`
    spreads the mazes as for `stats`."""

def solvers() -> List[Tuple[str, str]]:
    """(name, description) of every solver."""

__version__: str
