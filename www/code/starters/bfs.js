// Breadth-first search (Norvig's solver): a flood from the start, one ring
// of cells at a time, each cell remembering where it was reached from. The
// first time the flood reaches the goal, walk those links back: it is a
// shortest path.
function solve(maze, start, goal) {
  const from = new Int32Array(maze.cells).fill(-1);
  from[start] = start;
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head];
    maze.cursor(cell);
    maze.mark(cell, "explored");
    if (cell === goal) break;
    for (const n of maze.neighbors(cell)) {
      if (from[n] < 0 && maze.isOpen(cell, n)) {
        from[n] = cell;
        queue.push(n);
        maze.mark(n, "frontier");
      }
    }
  }
  if (from[goal] < 0) return []; // not reached
  const path = [goal];
  while (path[path.length - 1] !== start) path.push(from[path[path.length - 1]]);
  path.reverse();
  for (const c of path) maze.mark(c, "path");
  return path;
}
