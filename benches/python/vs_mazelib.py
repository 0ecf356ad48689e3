"""mazelab's Python package beside mazelib (PyPI), in one Python process:
nanoseconds per cell for every algorithm both have, at 100 x 100 and
1000 x 1000 where mazelib finishes (a run there stopped after a minute),
the two run by turns on the same sizes
(each library with its own seed: their mazes differ anyway). Prints a
Markdown table. A benchmark: it measures and never fails.

    python benches/python/vs_mazelib.py [--quick]

`scripts/bench-report` runs it in tools/bench-venv with both installed.
"""

import signal
import statistics
import sys
import time

import mazelab
from mazelib import Maze
from mazelib.generate.AldousBroder import AldousBroder
from mazelib.generate.BacktrackingGenerator import BacktrackingGenerator
from mazelib.generate.BinaryTree import BinaryTree
from mazelib.generate.CellularAutomaton import CellularAutomaton
from mazelib.generate.Division import Division
from mazelib.generate.Ellers import Ellers
from mazelib.generate.GrowingTree import GrowingTree
from mazelib.generate.HuntAndKill import HuntAndKill
from mazelib.generate.Kruskal import Kruskal
from mazelib.generate.Prims import Prims
from mazelib.generate.Sidewinder import Sidewinder
from mazelib.generate.Wilsons import Wilsons

# mazelab's name, and mazelib's generator for an h x w maze.
PAIRS = [
    ("backtracker", lambda h, w: BacktrackingGenerator(w, h)),
    ("growing-tree", lambda h, w: GrowingTree(w, h)),
    ("aldous-broder", lambda h, w: AldousBroder(h, w)),
    ("wilson", lambda h, w: Wilsons(w, h)),
    ("hunt-and-kill", lambda h, w: HuntAndKill(w, h)),
    ("kruskal", lambda h, w: Kruskal(h, w)),
    ("prim", lambda h, w: Prims(h, w)),
    ("eller", lambda h, w: Ellers(w, h)),
    ("binary-tree", lambda h, w: BinaryTree(w, h)),
    ("sidewinder", lambda h, w: Sidewinder(h, w)),
    ("recursive-division", lambda h, w: Division(h, w)),
    ("cellular-automaton", lambda h, w: CellularAutomaton(w, h)),
]

# A mazelib run over this long at 100 x 100 is not tried at 1000 x 1000
# (a hundred times the cells, and more for the random walks).
SLOW_AT_100 = 0.5
# A mazelib run at 1000 x 1000 is stopped after this many seconds (some
# of its generators take quadratic time).
LIMIT_S = 60


class TooLong(Exception):
    pass


def stop(_signum, _frame):
    raise TooLong()


def mazelib_ns(make, side, seed):
    maze = Maze(seed)
    maze.generator = make(side, side)
    signal.signal(signal.SIGALRM, stop)
    signal.alarm(LIMIT_S)
    try:
        start = time.perf_counter()
        maze.generate()
        return (time.perf_counter() - start) * 1e9 / (side * side)
    finally:
        signal.alarm(0)


def mazelab_ns(name, side, seed):
    start = time.perf_counter()
    mazelab.generate(name, side, side, seed=seed)
    return (time.perf_counter() - start) * 1e9 / (side * side)


def main():
    quick = "--quick" in sys.argv
    rows = []
    for name, make in PAIRS:
        for side, pairs in [(100, 5), (1000, 3)]:
            # mazelib once at 1000 x 1000: a run takes seconds to a minute.
            theirs_runs = pairs if side == 100 else 1
            if quick and side == 1000:
                continue
            theirs, ours, failed = [], [], None
            for seed in range(1, pairs + 1):
                if failed is None and seed <= theirs_runs:
                    try:
                        theirs.append(mazelib_ns(make, side, seed))
                    except TooLong:
                        failed = f"over {LIMIT_S} s"
                    except Exception as e:  # mazelib's own failures are a result
                        failed = f"fails ({type(e).__name__})"
                ours.append(mazelab_ns(name, side, seed))
            lab = statistics.median(ours)
            lib = statistics.median(theirs) if theirs and failed is None else None
            rows.append((name, side, lib, lab, failed))
            if lib is None or lib * side * side / 1e9 > SLOW_AT_100:
                if side == 100:
                    rows.append((name, 1000, None, None, "not run (too slow at 100 x 100)" if failed is None else failed))
                break
    print("| algorithm | size | mazelib ns/cell | mazelab ns/cell | mazelib / mazelab |")
    print("| --- | --- | --- | --- | --- |")
    for name, side, lib, lab, note in rows:
        size = f"{side} x {side}"
        if lab is None:
            print(f"| {name} | {size} | {note} | - | - |")
        elif lib is None:
            print(f"| {name} | {size} | {note} | {lab:.0f} | - |")
        else:
            print(f"| {name} | {size} | {lib:.0f} | {lab:.0f} | {lib / lab:.0f}x |")


if __name__ == "__main__":
    main()
