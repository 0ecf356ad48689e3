/** Options naming a maze: the same as the app's link and the CLI's flags. */
export interface MazeOptions {
  /** A generator, e.g. "backtracker", "kruskal", "wilson", "growing-tree". */
  algorithm?: string;
  /** "square" (default), "hex", "triangle" or "polar". */
  shape?: "square" | "hex" | "triangle" | "polar";
  /** [width, height], "WxH", or for polar a number of rings. */
  size?: [number, number] | string | number;
  /** Wrap a square around: "x", "y" or "xy". */
  wrap?: "x" | "y" | "xy";
  /** A whole number (a string for seeds past 2^53). */
  seed?: number | string;
  /** growing-tree's pop: "newest", "oldest", "random", "middle" or a mix. */
  pop?: string;
  /** binary-tree's bias: "NW", "NE", "SW" or "SE". */
  bias?: string;
  /** The share of dead ends (0 to 100) removed after generating. */
  braid?: number;
  /** Let passages run under straight cells (plain squares). */
  weave?: boolean;
  /** Weigh the cells: "random:MAX" or "patches:MAX" (MAX 2 to 255); "dijkstra" and "astar" then find the cheapest way. */
  weights?: string;
  /** Add the path from the entrance to the exit as `solution`. */
  solve?: boolean;
  /** The solver for `solve` (default "bfs"). */
  solver?: string;
}

/** A maze, as `mazelab generate --format json` prints it. */
export interface Maze {
  shape: string;
  width: number;
  height: number;
  cells: number;
  /** A wrapped square's wrap. */
  wrap?: "x" | "y" | "xy";
  seed: number;
  algorithm: string;
  /** The entrance's and the exit's cells. */
  entrance: number;
  exit: number;
  /** Every pair of neighbouring cells; `openings` those with no wall. */
  edges: [number, number][];
  masked: number[];
  openings: [number, number][];
  /** On woven mazes, passages under a cell: [from, under, to]. */
  tunnels: number[][];
  solution?: number[];
  /** On weighted mazes, each cell's cost to enter, in cell order. */
  weights?: number[];
  /** On weighted mazes with a solution, what it costs. */
  cost?: number;
  [key: string]: unknown;
}

/** One event of a run. */
export type Step =
  | { type: "carve" | "build"; a: number; b: number }
  | { type: "mark"; cell: number; mark: string }
  | { type: "cursor"; cell: number }
  | { type: "phase"; step: number };

export function generate(options?: MazeOptions): Maze;
export function steps(options?: MazeOptions): Generator<Step, void, unknown>;
export function solve(maze: Maze, options?: { solver?: string; start?: number; goal?: number }): number[];
/** The maze as binary STL, a solid to 3D-print: `mazelab generate --format stl`'s bytes. */
export function stl(maze: Maze | MazeOptions, measures?: { cellMm?: number; wallMm?: number; heightMm?: number; baseMm?: number }): Uint8Array;
