// mazelab for JavaScript: maze generators and solvers, the same code and
// the same seeds as the app and the CLI (`mazelab generate --format json`
// prints what `generate` returns). An ES module with the WebAssembly
// inside the package; it loads itself in Node 18+ and in browsers.
//
//   import { generate, steps, solve } from "mazelab";
//   const maze = generate({ algorithm: "kruskal", size: [20, 10], seed: 5 });
//   const path = solve(maze);
//   const bytes = stl({ shape: "hex", size: [12, 9], seed: 5 }, { cellMm: 9 });
import init, { generateJson, stepsFlat, solvePath, stlBytes } from "./core/mazelab.js";

const wasm = new URL("./core/mazelab_bg.wasm", import.meta.url);
const inNode = typeof process !== "undefined" && !!(process.versions && process.versions.node);
await init({
  module_or_path: inNode ? await (await import("node:fs/promises")).readFile(wasm) : wasm,
});

// An options object as the app's link query (checked as a link is).
function query(options = {}) {
  const parts = [];
  const put = (key, value) => {
    if (value !== undefined && value !== null) parts.push(`${key}=${encodeURIComponent(String(value))}`);
  };
  put("algorithm", options.algorithm ?? "backtracker");
  put("shape", options.shape);
  const size = options.size;
  put("size", Array.isArray(size) ? size.join("x") : size ?? (options.shape === "polar" ? 10 : "20x10"));
  put("wrap", options.wrap);
  put("seed", options.seed);
  put("pop", options.pop);
  put("bias", options.bias);
  put("braid", options.braid);
  if (options.weave) put("weave", 1);
  put("weights", options.weights);
  return parts.join("&");
}

// The maze as a plain object: shape, width, height, cells, seed,
// algorithm, entrance, exit, edges, masked, openings (and solution when
// `options.solve` is set, found by `options.solver`, default "bfs"); a
// weighted maze (`options.weights`, "random:MAX" or "patches:MAX") also
// has `weights`, each cell's cost, and with a solution its `cost`.
export function generate(options = {}) {
  const solver = options.solve ? options.solver ?? "bfs" : undefined;
  const text = generateJson(query(options), solver);
  const maze = JSON.parse(text);
  // Kept, unlisted, for `solve`: one seed and options make one maze. A
  // drawn seed is read from the text, whole (a number past 2^53 is not).
  const seed = options.seed ?? /"seed":(\d+)/.exec(text)[1];
  Object.defineProperty(maze, "options", { value: { ...options, seed }, enumerable: false });
  return maze;
}

const KINDS = ["carve", "build", "mark", "cursor", "phase"];
const MARKS = ["blank", "frontier", "walk", "explored", "path", "dead"];

// The run's events, in order: { type: "carve" | "build", a, b },
// { type: "mark", cell, mark }, { type: "cursor", cell }, { type: "phase", step }.
export function* steps(options = {}) {
  const flat = stepsFlat(query(options));
  for (let i = 0; i < flat.length; i += 3) {
    const [kind, a, b] = [flat[i], flat[i + 1], flat[i + 2]];
    const type = KINDS[kind];
    if (type === "carve" || type === "build") yield { type, a, b };
    else if (type === "mark") yield { type, cell: a, mark: MARKS[b] ?? String(b) };
    else if (type === "cursor") yield { type, cell: a };
    else yield { type, step: a };
  }
}

// The path (cells) from `start` to `goal` (by default the maze's entrance
// and exit) that `solver` (default "bfs") finds; [] when there is none.
export function solve(maze, { solver = "bfs", start, goal } = {}) {
  if (!maze || !maze.options) throw new Error("solve(maze): give it a maze that generate() made");
  const from = start ?? maze.entrance;
  const to = goal ?? maze.exit;
  return Array.from(solvePath(query(maze.options), solver, from, to));
}

// The maze as a solid to 3D-print (binary STL, a Uint8Array): what
// `mazelab generate --format stl` writes for the same options, with the
// same millimetres (`cellMm` 6, `wallMm` 1.2, `heightMm` 5, `baseMm` 2 by
// default). Takes options, or a maze that generate() made.
export function stl(mazeOrOptions = {}, { cellMm = 6, wallMm = 1.2, heightMm = 5, baseMm = 2 } = {}) {
  const options = mazeOrOptions.options ?? mazeOrOptions;
  return stlBytes(query(options), cellMm, wallMm, heightMm, baseMm);
}
