# Wilson's algorithm: from a cell outside the maze, walk at random until the
# walk hits the maze, then carve the walk with its loops erased. Remembering
# only the last way out of each cell erases them: follow those ways from the
# start and every loop is skipped. Like Aldous-Broder it draws every maze
# equally often; it is slow at the start and fast at the end.
def generate(maze, rng):
    in_maze = [False] * maze.cells
    way_out = [0] * maze.cells  # the walk's last way out of each cell
    first = rng.below(maze.cells)
    while not maze.is_live(first):
        first = rng.below(maze.cells)
    in_maze[first] = True
    for start in range(maze.cells):
        if not maze.is_live(start) or in_maze[start]:
            continue
        walked = {}  # the cells of this walk, in order
        at = start
        while not in_maze[at]:
            around = maze.neighbors(at)
            way_out[at] = around[rng.below(len(around))]
            if at not in walked:
                walked[at] = True
                maze.mark(at, "walk")
            at = way_out[at]
            maze.cursor(at)
        c = start
        while not in_maze[c]:
            maze.carve(c, way_out[c])
            in_maze[c] = True
            c = way_out[c]
        for c in walked:
            maze.mark(c, "blank")
