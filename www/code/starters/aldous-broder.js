// Aldous-Broder: walk at random; whenever the walk enters a cell it has
// never entered, carve the wall it came through. It samples every possible
// maze equally often (a uniform spanning tree), but takes long to finish:
// the last few cells are found by chance.
function generate(maze, rng) {
  const visited = new Uint8Array(maze.cells);
  let left = 0;
  for (let c = 0; c < maze.cells; c++) if (maze.isLive(c)) left++;
  let at = rng.below(maze.cells);
  while (!maze.isLive(at)) at = rng.below(maze.cells);
  visited[at] = 1;
  left--;
  while (left > 0) {
    const around = maze.neighbors(at);
    const next = around[rng.below(around.length)];
    maze.cursor(next);
    if (!visited[next]) {
      maze.carve(at, next);
      visited[next] = 1;
      left--;
    }
    at = next;
  }
}
