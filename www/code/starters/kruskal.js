// Randomized Kruskal: take every wall in a random order and remove it when
// the cells on either side are not yet joined. A union-find keeps the
// pieces: each cell points toward its piece's root. Its mazes have many
// short dead ends and no direction; passages appear everywhere at once.
function generate(maze, rng) {
  const parent = new Int32Array(maze.cells).map((_, i) => i);
  const root = (c) => {
    while (parent[c] !== c) {
      parent[c] = parent[parent[c]]; // path halving
      c = parent[c];
    }
    return c;
  };
  const walls = [];
  for (let a = 0; a < maze.cells; a++) {
    if (!maze.isLive(a)) continue;
    for (const b of maze.neighbors(a)) if (a < b) walls.push([a, b]);
  }
  rng.shuffle(walls);
  for (const [a, b] of walls) {
    const ra = root(a), rb = root(b);
    if (ra === rb) continue; // already joined: the wall stays
    parent[ra] = rb;
    maze.cursor(b);
    maze.carve(a, b);
  }
}
