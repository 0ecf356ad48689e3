# Randomized Kruskal: take every wall in a random order and remove it when
# the cells on either side are not yet joined. A union-find keeps the
# pieces: each cell points toward its piece's root. Its mazes have many
# short dead ends and no direction; passages appear everywhere at once.
def generate(maze, rng):
    parent = list(range(maze.cells))

    def root(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]  # path halving
            c = parent[c]
        return c

    walls = [(a, b) for a in range(maze.cells) if maze.is_live(a)
             for b in maze.neighbors(a) if a < b]
    rng.shuffle(walls)
    for a, b in walls:
        ra, rb = root(a), root(b)
        if ra == rb:
            continue  # already joined: the wall stays
        parent[ra] = rb
        maze.cursor(b)
        maze.carve(a, b)
