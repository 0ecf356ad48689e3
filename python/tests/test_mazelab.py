"""mazelab's Python package, installed from its wheel: the same mazes as
the CLI (its JSON byte for byte), spanning trees, paths that walk through
openings, and clear errors for bad options."""

import json
import math
import os
import subprocess
from collections import deque

import pytest

import mazelab

CLI = os.environ.get("MAZELAB_CLI", "target/release/mazelab")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cli_json(*args):
    out = subprocess.run(
        [os.path.join(ROOT, CLI), "generate", *args, "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return out.stdout


MASK = "..........\n..XX......\n..XX...X..\n.......X..\n..........\nX.........\n"

# Options by the package's names, and the same by the CLI's.
CASES = [
    (dict(algorithm="backtracker", size="12x8", seed=1), ["--size", "12x8", "--seed", "1"]),
    (dict(algorithm="wilson", width=9, height=7, seed=42), ["--algorithm", "wilson", "--size", "9x7", "--seed", "42"]),
    (dict(algorithm="kruskal", shape="hex", size="10x7", seed=3), ["--algorithm", "kruskal", "--shape", "hex", "--size", "10x7", "--seed", "3"]),
    (dict(algorithm="prim", shape="triangle", size="12x6", seed=5), ["--algorithm", "prim", "--shape", "triangle", "--size", "12x6", "--seed", "5"]),
    (dict(algorithm="growing-tree", shape="polar", size="6", seed=2, pop="oldest"), ["--algorithm", "growing-tree", "--shape", "polar", "--size", "6", "--seed", "2", "--pop", "oldest"]),
    (dict(algorithm="aldous-broder", shape="upsilon", size="8x6", seed=4), ["--algorithm", "aldous-broder", "--shape", "upsilon", "--size", "8x6", "--seed", "4"]),
    (dict(algorithm="kruskal", shape="crack", size="9x7", seed=8), ["--algorithm", "kruskal", "--shape", "crack", "--size", "9x7", "--seed", "8"]),
    (dict(algorithm="backtracker", shape="3d", size="5x4x3", seed=6), ["--shape", "3d", "--size", "5x4x3", "--seed", "6"]),
    (dict(algorithm="hunt-and-kill", shape="4d", size="3x3x2x2", seed=7), ["--algorithm", "hunt-and-kill", "--shape", "4d", "--size", "3x3x2x2", "--seed", "7"]),
    (dict(algorithm="wilson", shape="cube", size="4", seed=8), ["--algorithm", "wilson", "--shape", "cube", "--size", "4", "--seed", "8"]),
    (dict(algorithm="backtracker", size="9x6", wrap="xy", seed=9), ["--size", "9x6", "--wrap", "xy", "--seed", "9"]),
    (dict(algorithm="kruskal", size="9x6", wrap="mobius", seed=10), ["--algorithm", "kruskal", "--size", "9x6", "--wrap", "mobius", "--seed", "10"]),
    (dict(algorithm="backtracker", size="12x8", seed=11, braid=60), ["--size", "12x8", "--seed", "11", "--braid", "60"]),
    (dict(algorithm="kruskal", size="12x8", seed=12, weave=True), ["--algorithm", "kruskal", "--size", "12x8", "--seed", "12", "--weave"]),
    (dict(algorithm="backtracker", size="12x8", seed=13, run=70, grain="v:80"), ["--size", "12x8", "--seed", "13", "--run", "70", "--grain", "v:80"]),
    (dict(algorithm="backtracker", size="12x8", seed=14, sparse=30), ["--size", "12x8", "--seed", "14", "--sparse", "30"]),
    (dict(algorithm="prim", size="12x8", seed=15, symmetry="rot"), ["--algorithm", "prim", "--size", "12x8", "--seed", "15", "--symmetry", "rot"]),
    (dict(algorithm="backtracker", shape="hex", size="9x7", seed=17, braid=100, weights="patches:9"), ["--shape", "hex", "--size", "9x7", "--seed", "17", "--braid", "100", "--weights", "patches:9"]),
    (dict(algorithm="binary-tree", size="8x5", seed=16, bias="se", entrances="longest"), ["--algorithm", "binary-tree", "--size", "8x5", "--seed", "16", "--bias", "se", "--entrances", "longest"]),
]


@pytest.mark.parametrize("options,cli", CASES)
def test_the_packages_json_is_the_clis_byte_for_byte(options, cli):
    maze = mazelab.generate(**options)
    assert maze.to_json() == cli_json(*cli)


def test_a_mask_is_the_clis_mask_file(tmp_path):
    path = tmp_path / "mask.txt"
    path.write_text(MASK)
    maze = mazelab.generate("kruskal", mask=MASK, seed=3)
    assert maze.to_json() == cli_json("--algorithm", "kruskal", "--mask", str(path), "--seed", "3")
    assert not maze.is_live(12)


def test_solve_is_the_clis_path():
    maze = mazelab.generate("wilson", 15, 9, seed=4, braid=40)
    for solver in ["bfs", "astar", "wall-follower", "tremaux"]:
        want = json.loads(cli_json("--algorithm", "wilson", "--size", "15x9", "--seed", "4", "--braid", "40", "--solve", "--solver", solver))
        assert maze.solve(solver) == want.get("solution"), solver
        assert json.loads(maze.to_json(solve=True, solver=solver)) == want


def connected(maze, edges):
    live = [c for c in range(maze.cells) if maze.is_live(c)]
    links = {c: [] for c in live}
    for a, b in edges:
        links[a].append(b)
        links[b].append(a)
    seen, queue = {live[0]}, deque([live[0]])
    while queue:
        for n in links[queue.popleft()]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return len(seen) == len(live)


@pytest.mark.parametrize("name", [n for n, _ in mazelab.generators()])
def test_every_generators_edges_form_a_spanning_tree(name):
    maze = mazelab.generate(name, 10, 8, seed=5)
    edges = maze.edges
    live = sum(maze.is_live(c) for c in range(maze.cells))
    assert len(edges) == live - 1
    assert len(set(edges)) == len(edges)
    assert all(maze.is_open(a, b) for a, b in edges)
    assert connected(maze, edges)
    assert sorted(edges) == sorted(tuple(e) for e in json.loads(maze.to_json())["openings"])


def test_edges_come_in_carving_order():
    maze = mazelab.generate("backtracker", 8, 6, seed=2)
    carves = [(min(s[1], s[2]), max(s[1], s[2])) for s in maze.steps() if s[0] == "carve"]
    assert maze.edges == carves


def test_steps_replay_to_the_maze():
    maze = mazelab.generate("wilson", 9, 7, seed=8, braid=30)
    open_walls = set()
    kinds = set()
    for step in maze.steps():
        kinds.add(step[0])
        if step[0] == "carve":
            open_walls.add(frozenset(step[1:]))
        elif step[0] == "build":
            open_walls.discard(frozenset(step[1:]))
    assert open_walls == {frozenset(e) for e in maze.edges}
    assert {"carve", "mark", "cursor", "phase"} <= kinds


def test_a_path_walks_from_the_entrance_to_the_exit_through_openings():
    maze = mazelab.generate("kruskal", shape="hex", size="12x9", seed=6)
    path = maze.solve()
    assert path[0] == maze.entrance and path[-1] == maze.exit
    assert all(maze.is_open(a, b) for a, b in zip(path, path[1:]))
    other = maze.solve("dfs", start=5, goal=40)
    assert other[0] == 5 and other[-1] == 40


def test_a_maze_tells_its_size_and_draws_itself():
    maze = mazelab.generate("backtracker", 6, 4, seed=1)
    assert (maze.width, maze.height, maze.cells, maze.shape, maze.size) == (6, 4, 24, "square", "6x4")
    assert maze.neighbors(0) == [1, 6]
    assert maze.text().startswith("+ +")
    assert maze.text("norvig", solve=True).count("*") > 0
    assert maze._repr_mimebundle_()["image/svg+xml"].startswith("<svg")
    assert "<desc>" in maze.svg(plot=True)
    assert repr(maze) == "<mazelab.Maze backtracker square 6x4 seed=1>"
    polar = mazelab.generate("wilson", shape="polar", size="5", seed=2)
    assert polar.height == 5 and polar.shape == "polar"


def test_a_maze_prints_as_the_clis_stl_and_bad_measures_raise():
    maze = mazelab.generate("kruskal", shape="hex", size="8x6", seed=3)
    made = maze.stl(cell_mm=9, height_mm=4)
    out = subprocess.run(
        [os.path.join(ROOT, CLI), "generate", "--algorithm", "kruskal", "--shape", "hex", "--size", "8x6",
         "--seed", "3", "--format", "stl", "--cell-mm", "9", "--height-mm", "4"],
        check=True, capture_output=True, cwd=ROOT,
    )
    assert made == out.stdout
    assert len(made) == 84 + 50 * int.from_bytes(made[80:84], "little")
    with pytest.raises(ValueError, match="--wall-mm"):
        maze.stl(wall_mm=0.1)
    with pytest.raises(ValueError, match="flat maze"):
        mazelab.generate(shape="cube", size="3", seed=1).stl()


def test_the_lists_name_every_generator_and_solver():
    names = [n for n, _ in mazelab.generators()]
    assert "growing-tree" in names and "eller" in names and len(names) == 24
    on_hex = [n for n, _ in mazelab.generators("hex")]
    assert "eller" not in on_hex and "wilson" in on_hex
    solvers = [n for n, _ in mazelab.solvers()]
    assert len(solvers) == 20 and solvers[0] == "bfs" and "dijkstra" in solvers


@pytest.mark.parametrize(
    "options,message",
    [
        (dict(algorithm="nope"), "valid algorithms"),
        (dict(algorithm="eller", shape="hex"), "eller runs on square"),
        (dict(size="0x5"), "size"),
        (dict(size="100000x5"), "4096"),
        (dict(width=5), "both width and height"),
        (dict(width=5, height=5, size="5x5"), "not both"),
        (dict(braid=101), "0 to 100"),
        (dict(grain="q:5"), "grain"),
        (dict(wrap="moebius"), "wrap"),
        (dict(shape="blob"), "shape"),
        (dict(algorithm="wilson", weave=True), "weave"),
        (dict(mask="XXX\nXXX\n"), "mask"),
        (dict(mask="..X\nXX.\n"), "piece"),
        (dict(entrances="middle"), "entrances"),
        (dict(symmetry="z"), "symmetry"),
    ],
)
def test_bad_options_raise_with_the_clis_message(options, message):
    with pytest.raises(ValueError, match=message):
        mazelab.generate(**options)


def test_bad_cells_raise_and_leave_the_interpreter_working():
    maze = mazelab.generate("backtracker", 5, 5, seed=1)
    for call in [lambda: maze.neighbors(25), lambda: maze.neighbors(-1), lambda: maze.is_open(0, 99), lambda: maze.solve(start=1000)]:
        with pytest.raises(ValueError, match="not a cell"):
            call()
    with pytest.raises(ValueError, match="solver"):
        maze.solve("teleport")
    with pytest.raises(ValueError, match="format"):
        mazelab.generate("backtracker", shape="hex", size="4x4", seed=1).text()
    assert mazelab.generate("backtracker", 3, 3, seed=1).cells == 9


def test_a_seed_is_drawn_when_none_is_given_and_kept():
    maze = mazelab.generate("kruskal", 8, 8)
    again = mazelab.generate("kruskal", 8, 8, seed=maze.seed)
    assert maze.to_json() == again.to_json()


def test_to_networkx_is_the_maze_as_a_graph():
    nx = pytest.importorskip("networkx")
    maze = mazelab.generate("wilson", 7, 5, seed=3)
    graph = maze.to_networkx()
    assert graph.number_of_nodes() == 35 and graph.number_of_edges() == 34
    assert nx.is_tree(graph)
    # Each node at its cell's centre (y up, for networkx's drawing).
    assert graph.nodes[8]["pos"] == (maze.center(8)[0], -maze.center(8)[1])
    assert maze.center(8)[0] > maze.center(7)[0] and maze.center(8)[1] == maze.center(7)[1]


def test_a_learners_edges_make_a_maze_the_page_judges():
    # A 3 x 2 square: a path through every cell, a perfect maze.
    maze = mazelab.Maze.from_edges("square", "3x2", [(0, 1), (1, 2), (2, 5), (5, 4), (4, 3)])
    verdict = maze.verdict()
    assert verdict["perfect"] and verdict["passages"] == 5 and verdict["unreached"] == []
    assert verdict["summary"].startswith("a perfect maze")
    assert maze.edges == [(0, 1), (1, 2), (2, 5), (5, 4), (4, 3)]
    assert maze.steps()[0] == ("carve", 0, 1)
    assert maze.solve() is not None and maze.svg().startswith("<svg")
    # A loop, and cells left out, named as the page names them.
    loop = mazelab.Maze.from_edges("square", "3x2", [(0, 1), (1, 4), (4, 3), (3, 0)]).verdict()
    assert not loop["perfect"] and loop["first_loop"] is not None
    assert loop["unreached"] == [2, 5] and "not reached" in loop["summary"]
    # Not neighbours, or not cells: a ValueError naming the pair.
    with pytest.raises(ValueError, match="edge 1 \\(0, 5\\).*not neighbours"):
        mazelab.Maze.from_edges("square", "3x2", [(0, 1), (0, 5)])
    with pytest.raises(ValueError, match="not two cells"):
        mazelab.Maze.from_edges("square", "3x2", [(0, 9)])
    with pytest.raises(ValueError):
        mazelab.Maze.from_edges("square", "0x2", [])
    hexes = mazelab.Maze.from_edges("hex", "2x2", [(0, 1)]).verdict()
    assert hexes["live"] == 4 and hexes["reached"] == 2


def cheapest_cost(maze, start, goal):
    """An independent Dijkstra over the maze's openings (its edges), paying
    each entered cell's weight."""
    import heapq

    weights = maze.weights
    adjacent = {}
    for a, b in maze.edges:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, cell = heapq.heappop(heap)
        if d > best.get(cell, math.inf):
            continue
        for n in adjacent.get(cell, []):
            if d + weights[n] < best.get(n, math.inf):
                best[n] = d + weights[n]
                heapq.heappush(heap, (best[n], n))
    return best[goal]


def test_weighted_mazes_find_the_cheapest_way_and_tell_what_paths_cost():
    differ = 0
    for seed in range(6):
        maze = mazelab.generate("backtracker", 16, 12, seed=seed, braid=100, weights="random:9")
        assert len(maze.weights) == maze.cells and all(1 <= w <= 9 for w in maze.weights)
        cheapest = maze.solve("dijkstra")
        want = cheapest_cost(maze, maze.entrance, maze.exit)
        assert maze.path_cost(cheapest) == want
        assert maze.path_cost(maze.solve("astar")) == want
        fewest = maze.solve("bfs")
        assert maze.path_cost(fewest) >= want
        differ += maze.path_cost(fewest) > want
        assert json.loads(maze.to_json(solve=True, solver="dijkstra"))["cost"] == want
    assert differ >= 2, differ
    plain = mazelab.generate("backtracker", 16, 12, seed=1)
    assert plain.weights is None and plain.path_cost(plain.solve()) == len(plain.solve()) - 1
    with pytest.raises(ValueError, match="MAX from 2 to 255"):
        mazelab.generate(weights="random:1")
    with pytest.raises(ValueError, match="no passage from"):
        plain.path_cost([0, plain.cells - 1])
    # A learner's own maze, weighted by hand.
    own = mazelab.Maze.from_edges("square", "2x2", [(0, 1), (1, 3), (0, 2), (2, 3)], weights=[1, 9, 2, 1])
    assert own.solve("dijkstra") == [0, 2, 3] and own.path_cost([0, 1, 3]) == 10
    with pytest.raises(ValueError, match="0 at cell 1"):
        mazelab.Maze.from_edges("square", "2x2", [(0, 1)], weights=[1, 0, 1, 1])


def test_help_tells_the_options_and_the_cell_numbering():
    doc = mazelab.generate.__doc__
    assert "see `mazelab.generate`" not in doc
    for word in ("algorithm", "seed", "row by row", "Maze.center", "ValueError"):
        assert word in doc, word


def test_a_big_maze_shows_in_a_notebook_as_a_bounded_picture():
    small = mazelab.generate("backtracker", 200, 200, seed=1)._repr_mimebundle_()
    assert list(small) == ["image/svg+xml"]
    big = mazelab.generate("backtracker", 1000, 1000, seed=1)._repr_mimebundle_()
    assert list(big) == ["image/png"]
    png = big["image/png"]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert width <= 2100 and height <= 2100, (width, height)
    assert len(png) < 1_500_000, len(png)


def test_stats_are_the_clis():
    got = mazelab.stats("kruskal", size="12x12", runs=30, seed=4, braid=20, weights="patches:9")
    out = subprocess.run(
        [os.path.join(ROOT, CLI), "stats", "--algorithm", "kruskal", "--size", "12x12", "--runs", "30", "--seed", "4", "--braid", "20", "--weights", "patches:9", "--format", "json"],
        check=True, capture_output=True, text=True, cwd=ROOT,
    )
    want = json.loads(out.stdout)
    # Every figure but the clock's.
    got["metrics"].pop("ns_per_cell")
    want["metrics"].pop("ns_per_cell")
    assert got == want
    assert got["runs"] == 30 and 0 < got["metrics"]["dead_end_pct"]["mean"] < 50
    # A weighted maze's cheapest way costs at least a move a cell.
    assert got["metrics"]["cost"]["min"] >= got["metrics"]["solution_pct"]["min"] / 100 * 144 - 1
    assert "cost" not in mazelab.stats("kruskal", size="8x8", runs=5, seed=1)["metrics"]
    with pytest.raises(ValueError, match="pop"):
        mazelab.stats("kruskal", pop="oldest")


def test_scaling_is_the_clis_and_fits_wilsons_solution_to_the_loop_erased_walks_power():
    got = mazelab.scaling("wilson", metric="solution", sizes=[8, 16, 32, 64], runs=50, seed=1)
    out = subprocess.run(
        [os.path.join(ROOT, CLI), "scaling", "--algorithm", "wilson", "--metric", "solution",
         "--sizes", "8,16,32,64", "--runs", "50", "--seed", "1", "--format", "json"],
        check=True, capture_output=True, text=True, cwd=ROOT,
    )
    assert got == json.loads(out.stdout)
    assert got["sizes"] == [8, 16, 32, 64] and len(got["intervals"]) == 4
    assert got["low"] < 1.25 < got["high"], got
    with pytest.raises(ValueError, match="longest_path"):
        mazelab.scaling("wilson", metric="beauty")


def test_distribution_is_the_clis_and_wilsons_branches_fall_as_the_published_power():
    got = mazelab.distribution("wilson", quantity="branch", size="32x32", runs=20, seed=1)
    out = subprocess.run(
        [os.path.join(ROOT, CLI), "distribution", "--algorithm", "wilson", "--size", "32x32", "--runs", "20", "--seed", "1", "--format", "json"],
        check=True, capture_output=True, text=True, cwd=ROOT,
    )
    assert got == json.loads(out.stdout)
    assert abs(got["exponent"] - got["published"]) < 0.15 and got["low"] <= got["exponent"] <= got["high"]
    assert got["published"] == -11 / 8 and got["bins"][0][:2] == [1, 1]
    with pytest.raises(ValueError, match="branch, loop"):
        mazelab.distribution(quantity="rings")


def test_stats_take_a_wrap_and_a_torus_gives_the_infinite_lattices_dead_ends():
    torus = mazelab.stats("wilson", wrap="xy", runs=200, seed=1)
    flat = mazelab.stats("wilson", runs=200, seed=1)
    assert torus["metrics"] != flat["metrics"]
    # The uniform spanning tree of the plane: 8/pi^2 (1 - 2/pi) of its
    # vertices are leaves (Manna, Dhar and Majumdar), 29.45%.
    lattice = 100 * 8 / math.pi**2 * (1 - 2 / math.pi)
    low, high = torus["metrics"]["dead_end_pct"]["ci95"]
    assert low < lattice < high, (low, lattice, high)


def test_no_rust_panic_reaches_python_and_bad_numbers_are_value_errors():
    maze = mazelab.generate("backtracker", 6, 4, seed=1)
    with pytest.raises(ValueError, match="not neighbours"):
        maze.is_open(0, 5)
    for call in (lambda: mazelab.generate("backtracker", -3, 4, seed=1),
                 lambda: mazelab.generate("backtracker", 6, 4, seed=-1),
                 lambda: mazelab.stats("kruskal", runs=-2),
                 lambda: mazelab.scaling("wilson", seed=-5)):
        with pytest.raises(ValueError):
            call()


def test_a_misspelt_keyword_names_the_function_called():
    with pytest.raises(TypeError, match=r"stats\(\)") as error:
        mazelab.stats("kruskal", rnus=5)
    assert "stats_json" not in str(error.value)
    with pytest.raises(TypeError, match=r"scaling\(\)"):
        mazelab.scaling("wilson", sizez=[8, 16])
