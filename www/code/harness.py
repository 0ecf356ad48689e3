"""mazelab's Python harness: what a person's Python generator or solver runs
in, inside the program's worker (Pyodide, see www/code/python.js). It is
www/code/harness.js in Python's naming: it gives the program `maze` and
`rng`, checks every call as it is made, and records each change as one
32-bit event, `a << 7 | x << 3 | op`, in the numbering src/program/log.rs
reads (`a`: the cell, or a phase's step; `x`: for a carve or wall the side
of `a` it opens, as `a`'s place in its neighbour list, for a mark its kind).

A generator may also return its tree, a list of edges, as Norvig's
notebook does: the harness then carves them in that order. An edge is a
pair of cells, or on a square maze a pair of `(x, y)` squares.

Nothing here knows of the browser: `run` takes the setup as a dict and a
`post(piece)` for the log's pieces, so the tests run it in CPython
(tests/python/test_page_harness.py).
"""

import difflib as _difflib
import inspect as _inspect
import random as _random
import sys as _sys
import time as _time
import traceback as _traceback
from array import array as _array

# The operations and the kinds of mark, as harness.js and src/program/log.rs
# number them.
OP_CARVE, OP_WALL, OP_MARK, OP_CURSOR, OP_PHASE = 0, 1, 2, 3, 4
MARKS = {"blank": 0, "frontier": 1, "stack": 1, "walk": 2, "explored": 3, "path": 4, "dead": 5}

# The log goes to the page in pieces: the first events at once (a piece
# at each power of two up to FIRST_EVENTS), then what there is every
# PIECE_SECONDS (the clock is read every CHECK_EVENTS events), so a run
# the page has to stop leaves its steps.
FIRST_EVENTS = 64
CHECK_EVENTS = 1024
PIECE_SECONDS = 0.1
PROGRAM_FILE = "program.py"
# What a program prints: the first OUTPUT_LINES lines are kept, each cut
# at OUTPUT_CHARS characters, and handed to the page OUTPUT_PIECE at a
# time (or with the log's pieces) with the step each was printed at; past
# that only a count. As harness.js's.
OUTPUT_LINES = 1000
OUTPUT_CHARS = 500
OUTPUT_PIECE = 64

_MASK32 = 0xFFFFFFFF
_MASK64 = (1 << 64) - 1
# PCG32 (XSH RR), seeded as the reference pcg32_srandom_r and rand_pcg's
# Pcg32::new, on mazelab's stream: every built-in draws from it, so a seed
# means the same draws here as in Rust and JavaScript.
_MUL = 0x5851F42D4C957F2D
_INC = ((0x6D617A656C616221 << 1) | 1) & _MASK64


class ProgramError(Exception):
    """A bad call: the run stops and the page names the call and the step."""


class Advice(Exception):
    """A learner's slip the harness saw (a wrong signature, a missing
    return, `input()`): the page shows the message as it is, after the
    line."""


# How deep a program may recurse: a recursive backtracker, as books teach
# it, on a 40 x 40 maze (one call a cell) whatever the seed: deeper, the
# browser's own stack runs out first when a deep call hands its log to the
# page (which Pyodide does on the same stack).
RECURSION_LIMIT = 2500


class Rng:
    """The maze's random source: `below(n)`, `random()`, `shuffle(lst)`."""

    def __init__(self, seed):
        # The reference's two steps from 0, folded: start at seed +
        # increment and take one step.
        self._state = (seed + _INC) & _MASK64
        self.next_u32()

    def next_u32(self):
        """The next 32 random bits, as an int 0 <= n < 2**32."""
        old = self._state
        self._state = (old * _MUL + _INC) & _MASK64
        x = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((x >> rot) | (x << (-rot & 31))) & _MASK32

    def below(self, n):
        """An int 0 <= k < n, without bias (Lemire's method, as Rust's)."""
        if type(n) is not int or not 0 < n <= _MASK32:
            raise ProgramError(f"rng.below({n!r}): n must be a whole number from 1 to 2**32 - 1")
        m = self.next_u32() * n
        if m & _MASK32 < n:
            threshold = (1 << 32) % n
            while m & _MASK32 < threshold:
                m = self.next_u32() * n
        return m >> 32

    def random(self):
        """A float 0 <= x < 1."""
        return self.next_u32() / 4294967296

    def shuffle(self, lst):
        """Shuffles the list in place (Fisher-Yates from the end) and returns it."""
        if not isinstance(lst, list):
            raise ProgramError("rng.shuffle(...): give it a list")
        for i in range(len(lst) - 1, 0, -1):
            j = self.below(i + 1)
            lst[i], lst[j] = lst[j], lst[i]
        return lst


class _Output:
    """The program's `print`: each line with the steps made when it was
    printed (`steps()`), handed to `send(lines, dropped)` in pieces. A
    list's append a line, not the browser's console (which costs a
    millisecond a call)."""

    def __init__(self, steps, send):
        self.steps = steps
        self.send = send
        self.pending = []
        self.partial = ""  # text printed with end="" and no newline yet
        self.kept = 0
        self.dropped = 0

    def print(self, *args, sep=" ", end="\n", file=None, flush=False):
        if file is not None:
            # print(..., file=f) writes to f, as Python's print does.
            print(*args, sep=sep, end=end, file=file, flush=flush)
            return
        text = self.partial + (" " if sep is None else sep).join(map(str, args)) + ("\n" if end is None else end)
        *lines, self.partial = text.split("\n")
        for line in lines:
            self.line(line)
        if len(self.pending) >= OUTPUT_PIECE:
            self.flush()

    def line(self, line):
        if self.kept >= OUTPUT_LINES:
            self.dropped += 1
            return
        self.kept += 1
        if len(line) > OUTPUT_CHARS:
            line = line[:OUTPUT_CHARS] + "\u2026"
        self.pending.append((self.steps(), line))

    def flush(self, last=False):
        if last and self.partial:
            self.line(self.partial)
            self.partial = ""
        if self.pending or (last and self.dropped):
            self.send(self.pending, self.dropped)
            self.pending = []


class _Log:
    """The run's events, handed to `post` in pieces as they grow."""

    def __init__(self, post, on_open, max_steps, keep):
        self.events = _array("I")
        self.on_open = on_open
        self.posted = 0  # events handed over before those in `events`
        self.post = post
        self.max_steps = max_steps
        self.keep = keep  # False: count the steps only (the lab's runs)
        self.until = 1  # the length of `events` at which `add` calls `slow`
        self.flushed = _time.monotonic()
        self.output = None  # the program's print, flushed with each piece

    def count(self):
        return self.posted + len(self.events)

    def add(self, event):
        events = self.events
        events.append(event & _MASK32)
        if len(events) == self.until:
            self.slow()

    def slow(self):
        if self.count() > self.max_steps:
            self.events.pop()
            raise ProgramError(f"the program made more than {self.max_steps} steps; it was stopped")
        if self.count() <= FIRST_EVENTS or _time.monotonic() - self.flushed > PIECE_SECONDS:
            self.flush()
        else:
            self.next_check()

    def next_check(self):
        """When `add` next calls `slow`: at each power of two up to
        FIRST_EVENTS, then every CHECK_EVENTS, and at the step past the
        limit."""
        steps = self.count()
        ahead = max(1, steps) if steps < FIRST_EVENTS else CHECK_EVENTS
        self.until = len(self.events) + min(ahead, self.max_steps + 1 - steps)

    def flush(self):
        if self.output is not None:
            self.output.flush()
        if self.events and self.keep:
            self.post(self.events)
        self.posted += len(self.events)
        self.events = _array("I")
        self.flushed = _time.monotonic()
        self.next_check()

    def opened(self):
        """The program opened every wall: the page hears of it before the
        first piece."""
        self.on_open()


class Topology:
    """A maze's cells and neighbours, from the page's tables (`start`, `adj`,
    `live`, `centres`, and `back` if given): the part of a maze that is the
    same run after run on one shape, which the worker keeps."""

    def __init__(self, t):
        start, adj = list(t["start"]), list(t["adj"])
        self.cells = len(start) - 1
        self.live = bytes(t["live"])
        # Each cell's live neighbours, clockwise, and for each the place
        # of the cell in that neighbour's own list (the side a carve opens;
        # the page's tables hold it, else it is found here).
        spans = [(start[c], start[c + 1]) for c in range(self.cells)]
        self.nbrs = [tuple(adj[s:e]) for s, e in spans]
        if t.get("back") is not None:
            back = list(t["back"])
            self.back = [tuple(back[s:e]) for s, e in spans]
        else:
            self.back = [tuple(self.nbrs[n].index(c) for n in ns) for c, ns in enumerate(self.nbrs)]
        self.centres = list(t["centres"])


class Maze:
    """The maze a program sees: cells are numbers 0 to `cells - 1`."""

    def __init__(self, setup, log, solving, topology=None):
        t = topology or Topology(setup["topology"])
        self.cells = t.cells
        self.width = setup["width"]
        self.height = setup["height"]
        self.shape = setup["shape"]
        self._live, self._nbrs, self._back, self._centres = t.live, t.nbrs, t.back, t.centres
        opened = setup.get("open")
        self._open = list(opened) if opened is not None else [0] * self.cells
        self._log = log
        self._solving = solving
        self._cursor = -1
        self._phase = None
        self.starts_open = False

    # -- what the program asks --------------------------------------------

    def is_live(self, c):
        """Whether `c` is a cell of the maze (not masked off)."""
        return type(c) is int and 0 <= c < self.cells and self._live[c] == 1

    def neighbors(self, c):
        """`c`'s neighbours, clockwise, as a new list."""
        # The check written out (a program asks this for every cell it
        # visits): an int in range, live; anything else is named by `_cell`.
        if type(c) is int and 0 <= c < self.cells and self._live[c] == 1:
            return list(self._nbrs[c])
        self._cell("neighbors", c)

    def is_open(self, a, b):
        """Whether the wall between neighbours `a` and `b` is open."""
        k = self._side("is_open", a, b)
        return (self._open[a] >> k) & 1 == 1

    def center(self, c):
        """`c`'s centre, `(x, y)`, in the shape's drawing units."""
        self._cell("center", c)
        return (self._centres[2 * c], self._centres[2 * c + 1])

    # -- what the program changes (each a step) ----------------------------

    def carve(self, a, b):
        """Opens the wall between neighbours `a` and `b`."""
        self._changes("carve", a, b)
        k = self._side("carve", a, b)
        if (self._open[a] >> k) & 1:
            self._bad(f"carve({a!r}, {b!r}): the wall is already open")
        self._open[a] |= 1 << k
        self._open[b] |= 1 << self._back[a][k]
        self._log.add((a << 7) | (k << 3) | OP_CARVE)

    def wall(self, a, b):
        """Closes the wall between neighbours `a` and `b`."""
        self._changes("wall", a, b)
        k = self._side("wall", a, b)
        if not (self._open[a] >> k) & 1:
            self._bad(f"wall({a!r}, {b!r}): the wall is already a wall")
        self._open[a] &= ~(1 << k)
        self._open[b] &= ~(1 << self._back[a][k])
        self._log.add((a << 7) | (k << 3) | OP_WALL)

    def open_all(self):
        """Opens every wall: call it first, before any other change."""
        self._changes("open_all")
        if self.starts_open or self._log.count() > 0:
            self._bad("open_all(): call it first, before any other change")
        self.starts_open = True
        self._open = [(1 << len(ns)) - 1 for ns in self._nbrs]
        self._log.opened()

    def mark(self, c, kind):
        """Colours cell `c` by its part in the work: blank, frontier, stack,
        walk, explored, path, dead, or current (which moves the cursor)."""
        self._cell("mark", c)
        if kind == "current":
            self._move_cursor(c)
            return
        m = MARKS.get(kind) if isinstance(kind, str) else None
        if m is None:
            kinds = ", ".join(MARKS)
            self._bad(f"mark({c!r}, {kind!r}): the kinds are {kinds}, current")
        self._log.add((c << 7) | (m << 3) | OP_MARK)

    def cursor(self, c):
        """Moves the cursor (the cell being worked on) to `c`."""
        self._cell("cursor", c)
        self._move_cursor(c)

    def phase(self, k):
        """Says which step of the algorithm the program is at (1 to 127)."""
        if k == self._phase:
            return
        if type(k) is not int or not 0 < k < 128:
            self._bad(f"phase({k!r}): steps are 1 to 127")
        self._phase = k
        self._log.add((k << 7) | OP_PHASE)

    # -- checks -------------------------------------------------------------

    def _bad(self, message):
        raise ProgramError(message)

    def _move_cursor(self, c):
        # A cursor move to where the cursor is changes nothing: no step.
        if c != self._cursor:
            self._cursor = c
            self._log.add((c << 7) | OP_CURSOR)

    def _changes(self, call, *cells):
        if self._solving:
            args = ", ".join(repr(c) for c in cells)
            self._bad(f"{call}({args}): a solver cannot change the walls")

    def _cell(self, call, c):
        if type(c) is not int or not 0 <= c < self.cells:
            self._bad(f"{call}: {c!r} is not a cell (cells are 0 to {self.cells - 1})")
        if self._live[c] != 1:
            self._bad(f"{call}: cell {c} is masked off, no part of the maze")

    def _side(self, call, a, b):
        """`b`'s place in `a`'s list, after checking both are cells."""
        self._cell(call, a)
        self._cell(call, b)
        try:
            return self._nbrs[a].index(b)
        except ValueError:
            self._bad(f"{call}({a}, {b}): the cells are not neighbours")

    # -- squares (x, y), as the notebook names them -------------------------

    def _cell_of(self, place, what):
        """A cell number from a cell, or on a square maze an `(x, y)` square."""
        if type(place) is int:
            self._cell(what, place)
            return place
        if self.shape == "square" and isinstance(place, tuple) and len(place) == 2:
            x, y = place
            if type(x) is not int or type(y) is not int:
                self._bad(f"{what}: {place!r} is not a square (x and y are whole numbers)")
            if not (0 <= x < self.width and 0 <= y < self.height):
                self._bad(
                    f"{what}: {place!r} is off the maze "
                    f"(x 0 to {self.width - 1}, y 0 to {self.height - 1})"
                )
            c = y * self.width + x
            if self._live[c] != 1:
                self._bad(f"{what}: {place!r} is masked off, no part of the maze")
            return c
        squares = " or an (x, y) square" if self.shape == "square" else ""
        self._bad(f"{what}: {place!r} is not a cell (a number 0 to {self.cells - 1}{squares})")

    def _carve_tree(self, edges):
        """Carves a returned tree's edges in their order (checked as `carve`
        checks, in one loop: a tree has an edge a cell)."""
        try:
            edges = list(edges)
        except TypeError:
            self._bad("generate(...) returns a list of edges (pairs of cells), or None")
        nbrs, back, opened, live, log = self._nbrs, self._back, self._open, self._live, self._log
        cells, width, height = self.cells, self.width, self.height
        squares = self.shape == "square"
        events = log.events
        for i, edge in enumerate(edges):
            try:
                first, second = edge
            except (TypeError, ValueError):
                self._bad(f"{self._edge(i, edge)}: an edge is a pair of cells")
            a, b = first, second
            # The usual ends, cells or squares on the maze, are read here;
            # anything else is read (and refused by name) by `_cell_of`.
            if type(a) is tuple and squares and len(a) == 2:
                x, y = a
                if type(x) is int and type(y) is int and 0 <= x < width and 0 <= y < height:
                    a = y * width + x
            if type(b) is tuple and squares and len(b) == 2:
                x, y = b
                if type(x) is int and type(y) is int and 0 <= x < width and 0 <= y < height:
                    b = y * width + x
            if not (type(a) is int and 0 <= a < cells and live[a] == 1):
                a = self._cell_of(first, self._edge(i, edge))
            if not (type(b) is int and 0 <= b < cells and live[b] == 1):
                b = self._cell_of(second, self._edge(i, edge))
            around = nbrs[a]
            if b not in around:
                self._bad(f"{self._edge(i, edge)}: the two are not neighbours")
            k = around.index(b)
            if (opened[a] >> k) & 1:
                self._bad(f"{self._edge(i, edge)}: the wall is already open (an edge given twice?)")
            opened[a] |= 1 << k
            opened[b] |= 1 << back[a][k]
            # `_Log.add`, written out: the events grow by one a carve.
            events.append((a << 7) | (k << 3) | OP_CARVE)
            if len(events) == log.until:
                log.slow()
                events = log.events

    @staticmethod
    def _edge(i, edge):
        return f"the returned tree, edge {i} {edge!r}"


def _program_line(error):
    """The program's line an exception came from: the innermost frame in the
    program's own file (for a syntax error, the line it names)."""
    if isinstance(error, SyntaxError) and error.filename == PROGRAM_FILE:
        return error.lineno or 0
    line = 0
    for frame in _traceback.extract_tb(error.__traceback__):
        if frame.filename == PROGRAM_FILE:
            line = frame.lineno or 0
    return line


def describe(error, steps, names=None, limit_s=0):
    """An error as the page shows it: `line L: ` where the program's line is
    known, then for a bad call its step, else the exception's type, with a
    hint where a learner's slip is plain (a misspelt name, a module the
    page lacks, recursion too deep). `names`: the program's globals;
    `limit_s`: the page's time limit, past which it stops a run with a
    KeyboardInterrupt on the line that was running."""
    line = _program_line(error)
    where = f"line {line}: " if line else ""
    if isinstance(error, KeyboardInterrupt) and limit_s:
        running = f"line {line} was running when it was stopped" if line else "it was stopped"
        return f"{where}stopped after {limit_s} s: an endless loop? {running}; the steps before it stay"
    if isinstance(error, ProgramError):
        return f"{where}step {steps + 1}: {error}"
    if isinstance(error, Advice):
        return f"{where}{error}"
    if isinstance(error, MemoryError):
        return (
            f"{where}MemoryError: the program asked for more memory than the page can give; "
            "it was stopped"
        )
    if isinstance(error, SyntaxError):
        return f"{where}SyntaxError: {error.msg}"
    if isinstance(error, RecursionError):
        call, depth = _deepest_call(error)
        at = f"line {call}: " if call else where
        return (
            f"{at}RecursionError: the calls went {depth} deep, more than the page allows "
            f"({RECURSION_LIMIT}); this call recurses: keep your own stack (a list you append "
            "to and pop from) instead, as the random_tree starter keeps its frontier"
        )
    if isinstance(error, ModuleNotFoundError) and error.name:
        return (
            f"{where}ModuleNotFoundError: no module named {error.name!r}: the page runs "
            "Python's standard library only (random, collections, heapq, itertools, math, ...)"
        )
    hint = _nearest_name(error, names or {})
    return f"{where}{type(error).__name__}: {error}{hint}"


# The names the program is given, as a learner may reach for them.
_API = {
    "maze": ["cells", "width", "height", "shape", "is_live", "neighbors", "is_open", "center", "carve",
             "wall", "open_all", "mark", "cursor", "phase"],
    "rng": ["below", "random", "shuffle"],
}
# Other spellings of the API's names.
_SPELLINGS = {"neighbours": "neighbors", "centre": "center", "neighbor": "neighbors",
              "neighbour": "neighbors", "openall": "open_all", "is_alive": "is_live"}


def _nearest_name(error, names):
    """For a NameError or AttributeError, `: did you mean X?` naming the
    nearest of the program's names and the API's (`maze.neighbors` for
    `neighbours`), or nothing."""
    if not isinstance(error, (NameError, AttributeError)) or not getattr(error, "name", None):
        return ""
    name = error.name
    qualified = {f"{owner}.{n}": n for owner, members in _API.items() for n in members}
    if isinstance(error, AttributeError):
        owner = {Maze: "maze", Rng: "rng"}.get(type(getattr(error, "obj", None)))
        if owner is None:
            return ""
        members = _API[owner]
        found = _SPELLINGS.get(name.lower()) if _SPELLINGS.get(name.lower()) in members else None
        found = found or next(iter(_difflib.get_close_matches(name, members, n=1, cutoff=0.6)), None)
        return f": did you mean {owner}.{found}?" if found else ""
    # A NameError: the program's own names first, then the API's members
    # used bare (`neighbors(c)` for `maze.neighbors(c)`).
    own = [n for n in names if not n.startswith("__")] + ["maze", "rng"]
    found = next(iter(_difflib.get_close_matches(name, own, n=1, cutoff=0.6)), None)
    if found:
        return f": did you mean {found}?"
    spelt = _SPELLINGS.get(name.lower(), name)
    for full, member in qualified.items():
        if member == spelt:
            return f": did you mean {full}?"
    found = next(iter(_difflib.get_close_matches(spelt, list(qualified.values()), n=1, cutoff=0.75)), None)
    return next((f": did you mean {full}?" for full, m in qualified.items() if m == found), "")


def _deepest_call(error):
    """The program's line that called itself most in a RecursionError's
    traceback (the recursive call), and how deep the calls went."""
    counts = {}
    depth = 0
    for frame in _traceback.extract_tb(error.__traceback__):
        if frame.filename == PROGRAM_FILE:
            depth += 1
            counts[frame.lineno] = counts.get(frame.lineno, 0) + 1
    if not counts:
        return 0, depth
    return max(counts, key=counts.get), depth


def _check_signature(function, name, wanted):
    """Refuses a `generate` or `solve` that cannot take the page's
    arguments, naming the signature the page calls."""
    try:
        _inspect.signature(function).bind(*wanted)
    except TypeError:
        args = ", ".join(wanted)
        raise Advice(
            f"{name} must take ({args}): the page calls {name}({args}) (an argument you do not "
            "use can stay unused)"
        ) from None
    except ValueError:
        pass  # no signature to read (a builtin): let the call say


def _no_input(*args, **kwargs):
    raise Advice("input(): the page has no keyboard for a program: write the value into the program")


def run(setup, post, text, on_open=lambda: None, topology=None, printed=lambda lines, dropped: None):
    """Runs one program to its end; returns the outcome as a dict: `steps`,
    `starts_open`, `run_ms`, and `error`, a solver's `path`, or with
    `setup["logless"]` (the lab's many mazes) the walls as `open`, one bit
    per neighbour. `post(events)` receives the log in pieces (an
    `array("I")` the harness is done with), `on_open()` is called when the
    program opens every wall. `topology`: the maze's `Topology`, if the
    caller keeps it (else it is made from `setup["topology"]`).
    `printed(lines, dropped)` receives what the program prints, as
    `(step, line)` pairs in pieces, and how many lines were left out."""
    solving = setup["kind"] == "solver"
    logless = bool(setup.get("logless"))
    log = _Log(post, on_open, setup.get("max_steps") or 50_000_000, not logless)
    output = _Output(log.count, printed)
    log.output = output
    maze = Maze(setup, log, solving, topology)
    seed = (setup["seed_hi"] << 32) | setup["seed_lo"]
    rng = Rng(seed)
    # Python's own random source, seeded from the maze's seed: a program
    # that calls random.choice gives one maze per seed.
    _random.seed(seed)
    outcome = {}
    began = _time.perf_counter()
    names = {"__name__": "program", "__builtins__": __builtins__, "print": output.print, "input": _no_input}
    limit = _sys.getrecursionlimit()
    _sys.setrecursionlimit(max(limit, RECURSION_LIMIT))
    try:
        exec(compile(text, PROGRAM_FILE, "exec"), names)
        if solving:
            solve = names.get("solve")
            if not callable(solve):
                raise ProgramError("a solver defines def solve(maze, start, goal)")
            _check_signature(solve, "solve", ("maze", "start", "goal"))
            path = solve(maze, setup["start"], setup["goal"])
            if not isinstance(path, (list, tuple)):
                raise ProgramError("solve(...) must return the path as a list of cells")
            outcome["path"] = [_cell_or_none(maze, c) for c in path]
        else:
            generate = names.get("generate")
            if not callable(generate):
                raise ProgramError("a generator defines def generate(maze, rng)")
            _check_signature(generate, "generate", ("maze", "rng"))
            tree = generate(maze, rng)
            if tree is not None:
                maze._carve_tree(tree)
            elif log.count() == 0 and not maze.starts_open and sum(maze._live) > 1:
                raise Advice("generate returned None and carved nothing: a missing return?")
    except BaseException as error:  # a program may raise anything, even SystemExit
        outcome["error"] = describe(error, log.count(), names, setup.get("time_limit_s") or 0)
    finally:
        _sys.setrecursionlimit(limit)
    outcome["run_ms"] = (_time.perf_counter() - began) * 1000
    log.flush()
    output.flush(last=True)
    outcome["steps"] = log.count()
    outcome["starts_open"] = maze.starts_open
    if logless:
        outcome["open"] = bytes(maze._open)
    return outcome


def _cell_or_none(maze, place):
    """A path's cell as a number (a square converted), or -1 if it is neither."""
    try:
        return maze._cell_of(place, "path")
    except ProgramError:
        return -1
