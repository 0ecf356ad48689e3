// Peter Norvig's random_tree: grow a tree from a frontier of cells.
// Take a cell from the frontier (the newest, the oldest or a random one:
// the pop rule), link it to a random neighbour not yet in the tree, and put
// both back on the frontier. "newest" carves long winding corridors (the
// backtracker), "oldest" a fan of straight spokes, "random" short branches.
const POP = "newest"; // try "oldest" or "random"

function generate(maze, rng) {
  const inTree = new Uint8Array(maze.cells);
  let left = 0; // cells not yet in the tree
  for (let c = 0; c < maze.cells; c++) if (maze.isLive(c)) left++;
  let root = rng.below(maze.cells);
  while (!maze.isLive(root)) root = rng.below(maze.cells);
  inTree[root] = 1;
  left--;
  const frontier = [root];
  maze.mark(root, "frontier");
  while (left > 0 && frontier.length > 0) {
    const cell = pop(frontier, rng);
    maze.cursor(cell);
    const free = maze.neighbors(cell).filter((n) => !inTree[n]);
    if (free.length === 0) {
      maze.mark(cell, "blank"); // nothing left to grow from here
      continue;
    }
    const next = free[rng.below(free.length)];
    maze.carve(cell, next);
    inTree[next] = 1;
    left--;
    frontier.push(cell, next);
    maze.mark(next, "frontier");
  }
}

// Takes a cell off the frontier by the pop rule.
function pop(frontier, rng) {
  if (POP === "oldest") return frontier.shift();
  if (POP === "random") {
    const i = rng.below(frontier.length);
    const cell = frontier[i];
    frontier[i] = frontier[frontier.length - 1];
    frontier.pop();
    return cell;
  }
  return frontier.pop(); // newest
}
