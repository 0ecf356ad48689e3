# Peter Norvig's random_tree, as his maze notebook writes it: grow a tree
# from a frontier. Pop a node off the frontier (the pop rule), join it to a
# random neighbour not yet in the tree, and push both back. It returns the
# tree's edges, and the page carves them in that order.
#   deque.pop      the newest: long winding corridors (depth-first)
#   deque.popleft  the oldest: a fan of straight spokes (breadth-first)
#   poprandom      a random one: short branches everywhere
import random
from collections import deque


def generate(maze, rng):
    cells = {c for c in range(maze.cells) if maze.is_live(c)}
    return random_tree(cells, lambda c: set(maze.neighbors(c)), pop=deque.pop)
    # On a square maze the notebook's own squares work too:
    #   squares = {(x, y) for x in range(maze.width) for y in range(maze.height)}
    #   return random_tree(squares, neighbors4, pop=deque.pop)


def random_tree(nodes, neighbors, pop=deque.pop):
    """Repeat: pop a node and add edge(node, nbr) until all nodes are in the tree."""
    tree = []
    nodes = set(nodes)
    root = nodes.pop()
    frontier = deque([root])
    while nodes:
        node = pop(frontier)
        nbrs = neighbors(node) & nodes
        if nbrs:
            nbr = random.choice(list(nbrs))
            tree.append(edge(node, nbr))
            nodes.remove(nbr)
            frontier.extend([node, nbr])
    return tree


def neighbors4(square):
    x, y = square
    return {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}


def edge(a, b):
    return tuple(sorted([a, b]))


def poprandom(frontier):
    """Pop a random element of the deque."""
    i = random.randrange(len(frontier))
    frontier.rotate(-i)
    node = frontier.popleft()
    frontier.rotate(i)
    return node
