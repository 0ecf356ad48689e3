// The recursive backtracker (a randomized depth-first search), with a
// stack instead of recursion. Its mazes have long winding corridors and few
// dead ends. Its steps, which the page lists and lights as maze.phase(k)
// names them:
// 1. Push a random start cell on the stack.
// 2. From the cell on top of the stack, carve into a random unvisited
//    neighbour and push it.
// 3. With no unvisited neighbour left, pop it: the walk backs up a cell.
function generate(maze, rng) {
  const visited = new Uint8Array(maze.cells);
  let start = rng.below(maze.cells);
  while (!maze.isLive(start)) start = rng.below(maze.cells);
  const stack = [start];
  visited[start] = 1;
  maze.phase(1);
  maze.mark(start, "stack");
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    maze.cursor(top);
    const unvisited = maze.neighbors(top).filter((n) => !visited[n]);
    if (unvisited.length === 0) {
      maze.phase(3); // back up
      stack.pop();
      maze.mark(top, "blank");
      continue;
    }
    maze.phase(2); // carve on
    const next = unvisited[rng.below(unvisited.length)];
    maze.carve(top, next);
    visited[next] = 1;
    stack.push(next);
    maze.mark(next, "stack");
  }
}
