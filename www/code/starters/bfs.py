# Breadth-first search (Norvig's solver): a flood from the start, one ring
# of cells at a time, each cell remembering where it was reached from. The
# first time the flood reaches the goal, walk those links back: it is a
# shortest path.
from collections import deque


def solve(maze, start, goal):
    came_from = {start: start}
    frontier = deque([start])
    while frontier:
        cell = frontier.popleft()
        maze.cursor(cell)
        maze.mark(cell, "explored")
        if cell == goal:
            break
        for n in maze.neighbors(cell):
            if n not in came_from and maze.is_open(cell, n):
                came_from[n] = cell
                frontier.append(n)
                maze.mark(n, "frontier")
    if goal not in came_from:
        return []  # not reached
    path = [goal]
    while path[-1] != start:
        path.append(came_from[path[-1]])
    path.reverse()
    for c in path:
        maze.mark(c, "path")
    return path
