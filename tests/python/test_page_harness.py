"""The Code view's Python harness (www/code/harness.py), run in CPython as
the page's worker runs it in Pyodide: its random source draws what Rust's
and JavaScript's do, the Python starters make perfect mazes (the solver a
shortest path) and the same events as their JavaScript twins, a
notebook-style generator's returned tree is carved in order and a bad one
refused by its index, and a bad program's error names its type, line and
step.

    tools/venv/bin/pytest tests/python
"""

import json
import re
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "www" / "code"))
import harness  # noqa: E402

STARTERS = ROOT / "www" / "code" / "starters"
GENERATORS = ["random-tree.py", "kruskal.py", "wilson.py"]


def square(w, h, off=()):
    """A w x h square's topology (N, E, S, W), with `off` cells masked off,
    as tests/e2e/harness.test.mjs makes it."""
    off = set(off)
    live = [0 if c in off else 1 for c in range(w * h)]
    start, adj, centres = [0], [], []
    for c in range(w * h):
        x, y = c % w, c // w
        centres += [x + 0.5, y + 0.5]
        if live[c]:
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h and live[ny * w + nx]:
                    adj.append(ny * w + nx)
        start.append(len(adj))
    return {"start": start, "adj": adj, "live": live, "centres": centres}


def hexish(w, h):
    """A topology with six neighbours a cell (a square with two diagonals),
    so nothing assumes four."""
    start, adj = [0], []
    for c in range(w * h):
        x, y = c % w, c // w
        for dx, dy in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h:
                adj.append(ny * w + nx)
        start.append(len(adj))
    return {"start": start, "adj": adj, "live": [1] * (w * h), "centres": [0.0] * (2 * w * h)}


def run(text, topology, kind="generator", seed=7, shape="square", size=(0, 0), **extra):
    """Runs `text`; returns (events as (op, a, b) tuples, outcome)."""
    pieces = []
    setup = {
        "kind": kind, "seed_hi": seed >> 32, "seed_lo": seed & 0xFFFFFFFF, "shape": shape,
        "width": size[0], "height": size[1], "topology": topology, **extra,
    }
    outcome = harness.run(setup, lambda events: pieces.append(list(events)), text)
    events = [unpack(word, topology) for piece in pieces for word in piece]
    return events, outcome


def unpack(word, t):
    op, a, x = word & 7, word >> 7, (word >> 3) & 15
    if op in (harness.OP_CARVE, harness.OP_WALL):
        assert t["start"][a] + x < t["start"][a + 1]
        return (op, a, t["adj"][t["start"][a] + x])
    return (op, a, x)


def open_walls(events, topology=None, starts_open=False):
    walls = set()
    if starts_open:
        t = topology
        for a in range(len(t["start"]) - 1):
            walls |= {frozenset((a, b)) for b in t["adj"][t["start"][a] : t["start"][a + 1]]}
    for op, a, b in events:
        if op == harness.OP_CARVE:
            walls.add(frozenset((a, b)))
        elif op == harness.OP_WALL:
            walls.discard(frozenset((a, b)))
    return walls


def perfect(topology, events):
    """Whether the carves make a spanning tree of the live cells."""
    walls = open_walls(events)
    live = [c for c, v in enumerate(topology["live"]) if v]
    if len(walls) != len(live) - 1:
        return False
    parent = {c: c for c in live}

    def find(c):
        while parent[c] != c:
            c = parent[c]
        return c

    for a, b in map(tuple, walls):
        parent[find(a)] = find(b)
    return len({find(c) for c in live}) == 1


def test_the_random_source_draws_what_rusts_does():
    cases = json.loads((ROOT / "tests" / "fixtures" / "pcg32.json").read_text())
    assert len(cases) >= 3
    for case in cases:
        rng = harness.Rng((case["seed_hi"] << 32) | case["seed_lo"])
        assert [rng.next_u32() for _ in range(8)] == case["next_u32"]
        for n, k in case["below"]:
            assert rng.below(n) == k, (case["seed_lo"], n)


def test_random_and_shuffle_draw_from_the_same_source():
    a, b = harness.Rng(5), harness.Rng(5)
    assert a.random() == b.next_u32() / 2**32
    lst = list(range(10))
    assert a.shuffle(lst) is lst and sorted(lst) == list(range(10))
    # Fisher-Yates from the end: position i swaps with below(i + 1).
    expected = list(range(10))
    for i in range(9, 0, -1):
        j = b.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert lst == expected


@pytest.mark.parametrize("name", GENERATORS)
@pytest.mark.parametrize("topology", [square(12, 9), square(9, 7, off={3, 40}), hexish(8, 6)],
                         ids=["square", "masked", "six-sided"])
def test_every_generator_starter_makes_a_perfect_maze(name, topology):
    events, outcome = run((STARTERS / name).read_text(), topology)
    assert "error" not in outcome, outcome.get("error")
    assert outcome["steps"] == len(events)
    assert perfect(topology, events)


def test_the_bfs_starter_finds_a_shortest_path_through_openings():
    t = square(10, 8)
    events, _ = run((STARTERS / "kruskal.py").read_text(), t)
    walls = open_walls(events)
    t_open = dict(t, open=None)
    opened = []
    for a in range(80):
        bits = 0
        for k, b in enumerate(t["adj"][t["start"][a] : t["start"][a + 1]]):
            if frozenset((a, b)) in walls:
                bits |= 1 << k
        opened.append(bits)
    _, outcome = run((STARTERS / "bfs.py").read_text(), t_open, kind="solver", open=opened, start=0, goal=79)
    path = outcome["path"]
    assert path[0] == 0 and path[-1] == 79
    assert all(frozenset(p) in walls for p in zip(path, path[1:]))
    # In a perfect maze the only path is the shortest.
    assert len(set(path)) == len(path)


def node_harness(text, topology, kind="generator", seed=7, extra=None):
    """The same program's events from harness.js, run in Node."""
    script = """
      const { run } = require(process.argv[1]);
      const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
      const t = input.topology;
      const topology = { start: Uint32Array.from(t.start), adj: Uint32Array.from(t.adj),
        live: Uint8Array.from(t.live), centres: Float64Array.from(t.centres) };
      const words = [];
      let last = null;
      run({ ...input.setup, topology }, (m) => { if (m.log) words.push(...m.log); if (m.done) last = m; },
        () => new Function(input.text + "\\nreturn { generate: typeof generate === 'function' ? generate : undefined," +
          " solve: typeof solve === 'function' ? solve : undefined };")());
      console.log(JSON.stringify({ words, path: last.path, error: last.error }));
    """
    setup = {"kind": kind, "seedHi": seed >> 32, "seedLo": seed & 0xFFFFFFFF, "shape": "square",
             "width": 0, "height": 0, **(extra or {})}
    out = subprocess.run(
        ["node", "-e", script, str(ROOT / "www" / "code" / "harness.js")],
        input=json.dumps({"text": text, "topology": topology, "setup": setup}),
        capture_output=True, text=True, check=True,
    )
    got = json.loads(out.stdout)
    return [unpack(w & 0xFFFFFFFF, topology) for w in got["words"]], got


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the JavaScript harness")
@pytest.mark.parametrize("name", ["kruskal", "wilson"])
def test_a_python_starter_makes_its_javascript_twins_maze_event_for_event(name):
    t = square(11, 9, off={20})
    for seed in (1, 2, 2**40 + 3):
        mine, _ = run((STARTERS / f"{name}.py").read_text(), t, seed=seed)
        theirs, _ = node_harness((STARTERS / f"{name}.js").read_text(), t, seed=seed)
        assert mine == theirs, (name, seed)
        assert len(mine) > 100


def test_python_random_is_seeded_from_the_mazes_seed():
    text = (STARTERS / "random-tree.py").read_text()
    t = square(9, 9)
    one, _ = run(text, t, seed=11)
    again, _ = run(text, t, seed=11)
    other, _ = run(text, t, seed=12)
    assert one == again and one != other


# Norvig's random_tree and helpers, as the notebook has them.
NORVIG = (ROOT / "tests" / "fixtures" / "norvig_random_tree.py").read_text()


@pytest.mark.parametrize("pop", ["deque.pop", "deque.popleft", "poprandom"])
def test_norvigs_random_tree_runs_unchanged_behind_a_two_line_generate(pop):
    text = NORVIG + (
        "\ndef generate(maze, rng):\n"
        "    squares = {(x, y) for x in range(maze.width) for y in range(maze.height)}\n"
        f"    return random_tree(squares, neighbors4, {pop})\n"
    )
    t = square(10, 7)
    events, outcome = run(text, t, size=(10, 7))
    assert "error" not in outcome, outcome.get("error")
    assert len(events) == 69 and perfect(t, events)
    assert all(op == harness.OP_CARVE for op, _, _ in events)


def test_a_returned_tree_is_carved_in_its_order():
    t = square(3, 1)
    events, outcome = run("def generate(maze, rng):\n    return [((2, 0), (1, 0)), (0, 1)]\n", t, size=(3, 1))
    assert "error" not in outcome
    assert events == [(0, 2, 1), (0, 0, 1)]


@pytest.mark.parametrize("tree, message", [
    ("[(0, 1), (0, 5)]", "edge 1 (0, 5): the two are not neighbours"),
    ("[(0, 1), (1, 0)]", "edge 1 (1, 0): the wall is already open"),
    ("[((0, 0), (1, 0)), ((3, 0), (4, 0))]", "edge 1 ((3, 0), (4, 0)): (4, 0) is off the maze (x 0 to 3, y 0 to 2)"),
    ("[(0, 1, 2)]", "edge 0 (0, 1, 2): an edge is a pair of cells"),
    ("[('a', 1)]", "edge 0 ('a', 1): 'a' is not a cell"),
    ("42", "returns a list of edges"),
])
def test_a_bad_returned_tree_is_refused_by_its_index(tree, message):
    _, outcome = run(f"def generate(maze, rng):\n    return {tree}\n", square(4, 3), size=(4, 3))
    assert message in outcome["error"], outcome["error"]


def test_squares_are_for_square_mazes_only():
    _, outcome = run("def generate(maze, rng):\n    return [((0, 0), (1, 0))]\n", hexish(4, 3), shape="hex")
    assert "not a cell (a number 0 to 11)" in outcome["error"]


@pytest.mark.parametrize("text, message", [
    ("def generate(maze, rng):\n    maze.carve(0, 1)\n    maze.carve(0, 7)\n",
     "line 3: step 2: carve(0, 7): the cells are not neighbours"),
    ("def generate(maze, rng):\n    maze.carve(0, 1)\n    maze.carve(1, 0)\n",
     "line 3: step 2: carve(1, 0): the wall is already open"),
    ("def generate(maze, rng):\n    maze.cursor(12)\n", "line 2: step 1: cursor: 12 is not a cell (cells are 0 to 11)"),
    ("def generate(maze, rng):\n    maze.mark(0, 'purple')\n", "line 2: step 1: mark(0, 'purple'): the kinds are"),
    ("def generate(maze, rng):\n    maze.carve(0, 1)\n    maze.open_all()\n", "line 3: step 2: open_all(): call it first"),
    ("def generate(maze, rng):\n    rng.below(0)\n", "line 2: step 1: rng.below(0): n must be a whole number"),
    ("def generate(maze, rng):\n    x = [1]\n    return x[5]\n", "line 3: IndexError: list index out of range"),
    ("def generate(maze, rng):\n    helper()\n\ndef helper():\n    raise ValueError('no')\n", "line 5: ValueError: no"),
    ("def generate(maze, rng)\n    pass\n", "line 1: SyntaxError:"),
    ("x = 1\n", "step 1: a generator defines def generate(maze, rng)"),
    ("def generate(maze, rng):\n    raise MemoryError()\n", "line 2: MemoryError: the program asked for more memory"),
    ("def solve(maze, start, goal):\n    maze.carve(0, 1)\n", "line 2: step 1: carve(0, 1): a solver cannot change the walls"),
])
def test_a_bad_program_names_its_line_and_step(text, message):
    kind = "solver" if "def solve" in text else "generator"
    extra = {"open": [0] * 12, "start": 0, "goal": 11} if kind == "solver" else {}
    _, outcome = run(text, square(4, 3), kind=kind, **extra)
    assert outcome["error"].startswith(message), outcome["error"]


def test_the_steps_before_an_error_stay():
    text = "def generate(maze, rng):\n    maze.carve(0, 1)\n    maze.carve(1, 2)\n    maze.carve(0, 9)\n"
    events, outcome = run(text, square(4, 3))
    assert events == [(0, 0, 1), (0, 1, 2)] and outcome["steps"] == 2


def test_a_run_past_its_steps_is_stopped():
    text = "def generate(maze, rng):\n    while True:\n        maze.cursor(0)\n        maze.cursor(1)\n"
    events, outcome = run(text, square(4, 3), max_steps=5000)
    assert "more than 5000 steps" in outcome["error"] and len(events) == 5000


def test_the_log_comes_in_pieces_the_first_at_once():
    pieces = []
    setup = {"kind": "generator", "seed_hi": 0, "seed_lo": 1, "shape": "square", "width": 0, "height": 0,
             "topology": square(40, 40)}
    harness.run(setup, lambda e: pieces.append(len(e)), (STARTERS / "wilson.py").read_text())
    assert pieces[:7] == [1, 1, 2, 4, 8, 16, 32], pieces[:8]


def test_a_logless_run_leaves_the_walls_the_logged_run_carves():
    t = square(9, 7, off={3, 40})
    for name in GENERATORS:
        events, logged = run((STARTERS / name).read_text(), t)
        _, bare = run((STARTERS / name).read_text(), t, logless=True)
        assert bare["steps"] == logged["steps"]
        walls = open_walls(events)
        for a in range(63):
            for k, b in enumerate(t["adj"][t["start"][a] : t["start"][a + 1]]):
                assert bool(bare["open"][a] >> k & 1) == (frozenset((a, b)) in walls)


def test_a_kept_topology_serves_run_after_run():
    t = square(9, 7)
    kept = harness.Topology(t)
    text = (STARTERS / "wilson.py").read_text()
    for seed in (1, 2):
        pieces = []
        setup = {"kind": "generator", "seed_hi": 0, "seed_lo": seed, "shape": "square", "width": 9, "height": 7}
        outcome = harness.run(setup, lambda e: pieces.extend(e), text, topology=kept)
        assert "error" not in outcome
        fresh, _ = run(text, t, seed=seed)
        assert [unpack(w, t) for w in pieces] == fresh


def test_open_all_is_heard_before_the_first_piece():
    heard = []
    setup = {"kind": "generator", "seed_hi": 0, "seed_lo": 1, "shape": "square", "width": 0, "height": 0,
             "topology": square(3, 3)}
    text = "def generate(maze, rng):\n    maze.open_all()\n    maze.wall(0, 1)\n"
    outcome = harness.run(setup, lambda e: heard.append(len(e)), text, on_open=lambda: heard.append("open"))
    assert heard == ["open", 1] and outcome["starts_open"]


def test_the_pages_back_table_is_the_one_the_harness_would_find():
    t = square(7, 5, off={8, 9})
    found = harness.Topology(t).back
    back = [found[c][k] for c in range(35) for k in range(len(found[c]))]
    assert harness.Topology(dict(t, back=back)).back == found
    assert any(k > 0 for row in found for k in row)


def test_an_edge_of_any_pair_type_is_read_and_a_bad_end_named():
    # A set of two ends is a pair too; a bad end is named without
    # indexing the pair.
    events, outcome = run("def generate(maze, rng):\n    return [frozenset({0, 1})]\n", square(4, 3))
    assert "error" not in outcome and len(events) == 1
    _, outcome = run("def generate(maze, rng):\n    return [frozenset({0, 99})]\n", square(4, 3))
    assert "edge 0 frozenset({0, 99}): 99 is not a cell (cells are 0 to 11)" in outcome["error"], outcome["error"]


def test_what_a_program_prints_reaches_the_page_in_order_with_its_steps_capped_with_a_count():
    text = (
        "def generate(maze, rng):\n"
        "    print('start', 1, [2, 3])\n"
        "    maze.carve(0, 1)\n"
        "    print('two\\nlines', end='')\n"
        "    print(' joined', sep='-')\n"
        "    maze.carve(1, 2)\n"
        "    print('a', 'b', sep='-', end='!')\n"
        "    for i in range(1500):\n"
        "        print(i)\n"
        "    raise ValueError('stop')\n"
    )
    setup = {"kind": "generator", "seed_hi": 0, "seed_lo": 1, "shape": "square", "width": 0, "height": 0,
             "topology": square(4, 3)}
    lines, dropped = [], []

    def printed(piece, left_out):
        lines.extend(piece)
        dropped.append(left_out)

    outcome = harness.run(setup, lambda e: None, text, printed=printed)
    assert lines[:5] == [(0, "start 1 [2, 3]"), (1, "two"), (1, "lines joined"), (2, "a-b!0"), (2, "1")]
    # The first 1000 lines kept, the rest counted; the error stays the error.
    assert len(lines) == 1000 and dropped[-1] == 1503 - 1000
    assert outcome["error"].startswith("line 10: ValueError: stop"), outcome["error"]



RECURSIVE = (
    "def generate(maze, rng):\n"
    "    seen = set()\n"
    "    def visit(c):\n"
    "        seen.add(c)\n"
    "        ns = maze.neighbors(c)\n"
    "        rng.shuffle(ns)\n"
    "        for n in ns:\n"
    "            if n not in seen:\n"
    "                maze.carve(c, n)\n"
    "                visit(n)\n"
    "    visit(0)\n"
)


def test_a_recursive_backtracker_as_books_teach_it_carves_40_by_40():
    events, outcome = run(RECURSIVE, square(40, 40))
    assert "error" not in outcome, outcome.get("error")
    assert len(events) == 40 * 40 - 1


def test_recursion_too_deep_marks_the_recursive_call_and_suggests_a_stack():
    limit = sys.getrecursionlimit()
    events, outcome = run(RECURSIVE, square(200, 200))
    assert outcome["error"].startswith("line 10: RecursionError"), outcome["error"]
    assert "keep your own stack" in outcome["error"]
    assert sys.getrecursionlimit() == limit, "the limit is put back"


@pytest.mark.parametrize("text, message", [
    ("import numpy\ndef generate(maze, rng):\n    pass\n",
     "line 1: ModuleNotFoundError: no module named 'numpy': the page runs Python's standard library only"),
    ("def generate(maze, rng):\n    for n in maze.neighbours(0):\n        maze.carve(0, n)\n",
     "line 2: AttributeError: 'Maze' object has no attribute 'neighbours': did you mean maze.neighbors?"),
    ("def generate(maze, rng):\n    for n in neighbors(0):\n        maze.carve(0, n)\n",
     "line 2: NameError: name 'neighbors' is not defined: did you mean maze.neighbors?"),
    ("def generate(maze, rng):\n    c = rnd.below(maze.cells)\n",
     "line 2: NameError: name 'rnd' is not defined: did you mean rng?"),
    ("def generate(maze, rng):\n    c = rng.randint(0, 3)\n",
     "line 2: AttributeError: 'Rng' object has no attribute 'randint'"),
    ("def generate(maze, rng):\n    edges = []\n    edges.append((0, 1))\n",
     "generate returned None and carved nothing: a missing return?"),
    ("def generate(maze):\n    maze.carve(0, 1)\n",
     "generate must take (maze, rng): the page calls generate(maze, rng)"),
    ("def generate(maze, rng):\n    size = int(input('size? '))\n",
     "line 2: input(): the page has no keyboard for a program"),
])
def test_a_learners_slip_is_answered_with_what_to_do(text, message):
    _, outcome = run(text, square(4, 3))
    assert outcome["error"].startswith(message), outcome["error"]


def test_a_solver_with_the_wrong_signature_names_the_one_expected():
    setup = {"kind": "solver", "seed_hi": 0, "seed_lo": 1, "shape": "square", "width": 0, "height": 0,
             "topology": square(4, 3), "open": [15] * 12, "start": 0, "goal": 11}
    outcome = harness.run(setup, lambda e: None, "def solve(maze, start):\n    return [start]\n")
    assert outcome["error"].startswith("solve must take (maze, start, goal)"), outcome["error"]


def test_an_endless_loop_stopped_by_the_page_names_the_line_it_was_running():
    """The page stops a Python run at its time limit with SIGINT (Pyodide's
    interrupt buffer): here a timer thread interrupts the main thread as
    the page's store of 2 does, mid-loop."""
    import _thread
    import threading

    text = "def generate(maze, rng):\n    maze.carve(0, 1)\n    while True:\n        x = 1\n"
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        events, outcome = run(text, square(3, 3), time_limit_s=10)
    finally:
        timer.cancel()
    assert re.match(
        r"line [34]: stopped after 10 s: an endless loop\? line [34] was running when it was stopped; the steps before it stay$",
        outcome["error"],
    ), outcome["error"]
    assert len(events) == 1, "the carve before the loop stays"
