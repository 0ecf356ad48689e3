// The wall follower: keep one hand on the wall and walk. At each cell, try
// its sides clockwise, starting just after the side you came in by, and
// leave by the first open one; the way back is tried last. In a perfect
// maze this walks every corridor until it finds the goal; in a maze with
// loops it can circle, so it gives up after a long enough walk.
function solve(maze, start, goal) {
  const path = [start];
  let at = start;
  let back = -1; // the side of `at` we came in by
  let moves = 0;
  while (at !== goal) {
    if (++moves > 4 * maze.cells) return []; // circling: give up
    maze.cursor(at);
    const around = maze.neighbors(at);
    let k = (back + 1) % around.length;
    for (let tries = 1; !maze.isOpen(at, around[k]); tries++) {
      if (tries >= around.length) return []; // walled in
      k = (k + 1) % around.length;
    }
    const next = around[k];
    back = maze.neighbors(next).indexOf(at);
    if (path.length > 1 && path[path.length - 2] === next) {
      maze.mark(at, "dead"); // backing out of a dead end
      path.pop();
    } else {
      path.push(next);
      maze.mark(next, "path");
    }
    at = next;
  }
  return path;
}
