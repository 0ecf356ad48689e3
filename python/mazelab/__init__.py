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

from ._mazelab import Maze, generate, generators, solvers

__all__ = ["Maze", "generate", "generators", "solvers"]
__version__ = "0.1.0"
