// Wilson's algorithm: from a cell outside the maze, walk at random until the
// walk hits the maze, then carve the walk with its loops erased. Remembering
// only the last way out of each cell erases them: follow those ways from the
// start and every loop is skipped. Like Aldous-Broder it draws every maze
// equally often; it is slow at the start and fast at the end.
function generate(maze, rng) {
  const inMaze = new Uint8Array(maze.cells);
  const next = new Int32Array(maze.cells); // the walk's last way out of each cell
  const onWalk = new Uint8Array(maze.cells);
  let first = rng.below(maze.cells);
  while (!maze.isLive(first)) first = rng.below(maze.cells);
  inMaze[first] = 1;
  for (let start = 0; start < maze.cells; start++) {
    if (!maze.isLive(start) || inMaze[start]) continue;
    const walked = [];
    let at = start;
    while (!inMaze[at]) {
      const around = maze.neighbors(at);
      next[at] = around[rng.below(around.length)];
      if (!onWalk[at]) {
        onWalk[at] = 1;
        walked.push(at);
        maze.mark(at, "walk");
      }
      at = next[at];
      maze.cursor(at);
    }
    for (let c = start; !inMaze[c]; c = next[c]) {
      maze.carve(c, next[c]);
      inMaze[c] = 1;
    }
    for (const c of walked) {
      onWalk[c] = 0;
      maze.mark(c, "blank");
    }
  }
}
