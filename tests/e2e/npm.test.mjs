// The npm package (scripts/pack builds target/pkg/mazelab-VERSION.tgz),
// installed from its tarball into a temporary folder as a user would:
// `generate` returns exactly what `mazelab generate --format json` prints
// for the same options, over shapes, generators, braids, wraps and weaves;
// `steps` replays to the same openings; `solve` finds the CLI's path; bad
// options throw by name.
//
// scripts/pack && node --test tests/e2e/npm.test.mjs   (after cargo test)

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const version = /^version = "(.*)"/m.exec(readFileSync(join(root, "Cargo.toml"), "utf8"))[1];
const tarball = join(root, "target/pkg", `mazelab-${version}.tgz`);
const cli = join(process.env.CARGO_TARGET_DIR || join(root, "target"), "debug/mazelab");

const home = mkdtempSync(join(tmpdir(), "mazelab-npm-"));
writeFileSync(join(home, "package.json"), JSON.stringify({ name: "user", private: true, type: "module" }));
assert.ok(existsSync(tarball), `${tarball}: run scripts/pack first`);
execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent", tarball], { cwd: home });
const mazelab = await import(pathToFileURL(join(home, "node_modules/mazelab/index.js")).href);
process.on("exit", () => rmSync(home, { recursive: true, force: true }));

// The CLI's JSON for the same options.
function cliJson(options) {
  assert.ok(existsSync(cli), "the CLI is built by cargo test, which runs first");
  const args = ["generate", "--format", "json", "--algorithm", options.algorithm, "--seed", String(options.seed)];
  if (options.shape) args.push("--shape", options.shape);
  if (options.size) args.push("--size", Array.isArray(options.size) ? options.size.join("x") : String(options.size));
  if (options.wrap) args.push("--wrap", options.wrap);
  if (options.pop) args.push("--pop", options.pop);
  if (options.bias) args.push("--bias", options.bias);
  if (options.braid) args.push("--braid", String(options.braid));
  if (options.weave) args.push("--weave");
  if (options.weights) args.push("--weights", options.weights);
  if (options.solve) args.push("--solve", "--solver", options.solver ?? "bfs");
  return JSON.parse(execFileSync(cli, args, { encoding: "utf8" }));
}

const cases = [
  { algorithm: "backtracker", size: [23, 17], seed: 4 },
  { algorithm: "kruskal", shape: "hex", size: [15, 11], seed: 9 },
  { algorithm: "wilson", shape: "polar", size: 7, seed: 2 },
  { algorithm: "prim", shape: "triangle", size: "14x9", seed: 5 },
  { algorithm: "growing-tree", pop: "oldest", size: [12, 9], wrap: "xy", seed: 3 },
  { algorithm: "binary-tree", bias: "SE", size: [10, 10], seed: 8 },
  { algorithm: "eller", size: [20, 12], braid: 50, seed: 6 },
  { algorithm: "kruskal", size: [14, 10], weave: true, seed: 7 },
  { algorithm: "backtracker", size: [16, 12], braid: 100, weights: "random:9", solver: "dijkstra", seed: 5 },
  { algorithm: "aldous-broder", size: [9, 9], seed: "18446744073709551615" },
];

test("generate returns the CLI's JSON for the same options", () => {
  for (const options of cases) {
    assert.deepEqual(mazelab.generate(options), cliJson(options), JSON.stringify(options));
    const solved = { ...options, solve: true };
    assert.deepEqual(mazelab.generate(solved), cliJson(solved), `${JSON.stringify(options)} solved`);
  }
});

test("steps replay to the maze's openings, and solve finds the CLI's path", () => {
  for (const options of cases.filter((o) => !o.weave)) {
    const maze = mazelab.generate(options);
    const open = new Set();
    const key = (a, b) => (a < b ? `${a},${b}` : `${b},${a}`);
    let carves = 0;
    for (const step of mazelab.steps(options)) {
      if (step.type === "carve") { open.add(key(step.a, step.b)); carves++; }
      if (step.type === "build") open.delete(key(step.a, step.b));
    }
    assert.ok(carves > 0, JSON.stringify(options));
    assert.deepEqual([...open].sort(), maze.openings.map(([a, b]) => key(a, b)).sort(), JSON.stringify(options));
    assert.deepEqual(mazelab.solve(maze, { solver: options.solver }), cliJson({ ...options, solve: true }).solution, JSON.stringify(options));
  }
});

test("stl gives the CLI's STL bytes, from options or a maze, and names a measure that cannot print", () => {
  const options = { algorithm: "kruskal", shape: "hex", size: [9, 7], seed: 4 };
  const bytes = mazelab.stl(options, { cellMm: 8, heightMm: 4 });
  const made = execFileSync(cli, ["generate", "--algorithm", "kruskal", "--shape", "hex", "--size", "9x7", "--seed", "4",
    "--format", "stl", "--cell-mm", "8", "--height-mm", "4"]);
  assert.ok(Buffer.from(bytes).equals(made), `${bytes.length} and ${made.length} bytes`);
  assert.ok(Buffer.from(mazelab.stl(mazelab.generate(options), { cellMm: 8, heightMm: 4 })).equals(made));
  assert.throws(() => mazelab.stl(options, { wallMm: 0.1 }), /--wall-mm/);
});

test("bad options throw by name", () => {
  assert.throws(() => mazelab.generate({ algorithm: "nope", seed: 1 }), /nope.*valid/);
  assert.throws(() => mazelab.generate({ algorithm: "kruskal", size: [0, 4], seed: 1 }), /size/);
  assert.throws(() => mazelab.generate({ algorithm: "kruskal", shape: "cube", seed: 1 }), /cube/);
  const maze = mazelab.generate({ algorithm: "kruskal", size: [4, 4], seed: 1 });
  assert.throws(() => mazelab.solve(maze, { start: 99 }), /99 is not a cell/);
  assert.throws(() => mazelab.solve({}), /generate\(\) made/);
  // Without a seed one is drawn (all 64 bits), and the maze keeps it whole.
  const drawn = mazelab.generate({ algorithm: "wilson", size: [9, 9] });
  const again = mazelab.generate({ algorithm: "wilson", size: [9, 9], seed: drawn.options.seed });
  assert.deepEqual(again.openings, drawn.openings);
  assert.equal(mazelab.solve(drawn).length, mazelab.solve(again).length);
});

test("in a browser, the installed package loads and makes the same maze", async () => {
  const { launch } = await import("./browser.mjs");
  const { createServer } = await import("node:http");
  const { readFile } = await import("node:fs/promises");
  writeFileSync(join(home, "page.html"), `<!doctype html><script type="module">
    import { generate, solve } from "./node_modules/mazelab/index.js";
    const maze = generate({ algorithm: "kruskal", shape: "hex", size: [15, 11], seed: 9 });
    window.result = { maze, path: solve(maze) };
  </script>`);
  const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
  const server = createServer(async (req, res) => {
    try {
      const path = join(home, decodeURIComponent(new URL(req.url, "http://x").pathname));
      const body = await readFile(path);
      res.writeHead(200, { "content-type": types[path.slice(path.lastIndexOf("."))] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/page.html`);
    await page.waitForFunction(() => window.result, null, { timeout: 20000 });
    const { maze, path } = await page.evaluate(() => window.result);
    const options = { algorithm: "kruskal", shape: "hex", size: [15, 11], seed: 9 };
    assert.deepEqual(maze, cliJson(options));
    assert.deepEqual(path, cliJson({ ...options, solve: true }).solution);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});

test("the TypeScript types name every field generate returns", () => {
  const types = readFileSync(join(home, "node_modules/mazelab/index.d.ts"), "utf8");
  const body = /export interface Maze \{([\s\S]*?)\n\}/.exec(types)[1];
  const declared = new Set([...body.matchAll(/^\s+(\w+)\??:/gm)].map((m) => m[1]));
  const weighted = cases.find((o) => o.weights);
  for (const options of [cases[4], { ...cases[0], solve: true }, { ...weighted, solve: true }]) {
    for (const key of Object.keys(mazelab.generate(options))) {
      assert.ok(declared.has(key), `index.d.ts's Maze lacks ${key}`);
    }
  }
  for (const name of ["generate", "steps", "solve"]) {
    assert.match(types, new RegExp(`export function ${name}\\(`), name);
  }
});
