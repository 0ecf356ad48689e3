"""mazelab: maze generators and solvers, seeded and step by step.

The same mazes as mazelab's web app, CLI and npm package: one seed, one
maze. ``generate`` builds one by the CLI's names; a ``Maze`` solves
itself, lists its openings in carving order, replays its steps, and
draws itself as text or SVG (a notebook shows it at once)::

    import mazelab
    maze = mazelab.generate("wilson", 20, 10, seed=7)
    path = maze.solve()            # cells from the entrance to the exit
    print(maze.text(solve=True))
    maze                           # in Jupyter: the maze, drawn
"""

import json as _json
import functools as _functools

from . import _spread
from ._mazelab import Maze, distribution_json, generate, generators, solvers

__all__ = ["Maze", "distribution", "generate", "generators", "scaling", "solvers", "stats"]


def _named(public):
    """A call's TypeError (a misspelt keyword, say) names `public`, the
    function the person called, not the module's internal one."""

    def wrap(function):
        @_functools.wraps(function)
        def call(*args, **kwargs):
            try:
                return function(*args, **kwargs)
            except TypeError as error:
                raise TypeError(str(error).replace(f"{public}_json", public)) from None

        return call

    return wrap


@_named("stats")
def stats(algorithm="growing-tree", *, client=None, chunk=None, progress=None, **options):
    """Measures many mazes (seeds seed, seed + 1, ...) on every core, as
    ``mazelab stats --format json`` does: a dict with the algorithm, shape,
    size, runs, seed and, under ``metrics``, each metric's mean, std, min,
    max and 95% interval (``ci95``). Options: pop, shape, size, wrap ("x",
    "y", "xy": a torus has no boundary), runs (100), seed, braid, run,
    grain, sparse, symmetry, weights ("random:9": the cheapest way's
    ``cost`` is measured too).

    ``client``, a ``dask.distributed.Client``, spreads the seeds over its
    workers in shares of ``chunk`` mazes (each worker needs mazelab
    installed). The shares' counts and sums merge exactly, so the figures
    equal one process's for the same seeds (``ns_per_cell``, a timing,
    aside). ``progress`` shows a tqdm bar counting the mazes (True, False,
    or None: over a cluster, when tqdm is installed)."""
    return _json.loads(_spread.stats(algorithm, client, chunk, progress, options))


@_named("scaling")
def scaling(
    algorithm="wilson",
    metric="solution",
    sizes=(16, 32, 64, 128),
    *,
    client=None,
    chunk=None,
    progress=None,
    **options,
):
    """How a metric's mean grows with the side n of n x n mazes, as
    ``mazelab scaling --format json`` does: a dict with ``sizes``, each
    size's ``means`` and ``intervals`` (95%), and the power it grows as,
    ``exponent``, with its 95% interval ``low`` to ``high``. Metrics:
    solution, longest_path, dead_ends, junctions, mean_corridor, river.
    Options: shape, wrap, runs (100), seed.

    ``client``, ``chunk`` and ``progress`` spread the mazes as for
    ``stats``: each share's values come back in seed order, so the fit is
    the one a single process makes."""
    return _json.loads(_spread.scaling(algorithm, metric, sizes, client, chunk, progress, options))


@_named("distribution")
def distribution(algorithm="wilson", quantity="branch", **options):
    """Over every passage of many perfect mazes, as ``mazelab distribution
    --format json`` does: "branch", the smaller part cutting a passage
    splits off, or "loop", the loop opening a wall closes, counted in bins
    a quarter of an octave wide. A dict with the power the density falls
    as, ``exponent``, its 95% interval ``low`` to ``high``, the uniform
    spanning tree's ``published`` power (-11/8, -8/5) and the ``bins``
    ([from, to, count, density]). Options: shape, size ("64x64"), wrap,
    runs (100), seed."""
    return _json.loads(distribution_json(algorithm, quantity=quantity, **options))


__version__ = "0.1.0"
