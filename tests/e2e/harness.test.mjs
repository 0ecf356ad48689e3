// The program harness (www/code/harness.js), run in Node as the worker
// runs it: its random source draws what Rust's does, every starter makes a
// perfect maze (or, for solvers, a path through openings) on squares,
// hexagon-like and masked topologies, and bad calls stop the run with a
// message naming the call and the step.
//
// node --test tests/e2e/harness.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);
const { run, Rng, OP, MARKS, markEvent } = require(join(root, "www/code/harness.js"));
const starters = join(root, "www/code/starters");

// A program's text made into its functions, as the worker's script does.
const compile = (text) =>
  new Function(
    `${text}\nreturn { generate: typeof generate === "function" ? generate : undefined,` +
      ` solve: typeof solve === "function" ? solve : undefined };`,
  )();

// A w x h square's topology (N, E, S, W), with `off` cells masked off.
function square(w, h, off = new Set()) {
  const start = [0];
  const adj = [];
  const live = new Uint8Array(w * h).map((_, c) => (off.has(c) ? 0 : 1));
  const centres = new Float64Array(2 * w * h);
  for (let c = 0; c < w * h; c++) {
    const x = c % w, y = Math.floor(c / w);
    centres[2 * c] = x + 0.5;
    centres[2 * c + 1] = y + 0.5;
    if (live[c]) {
      for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
        const nx = x + dx, ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < w && ny < h && live[ny * w + nx]) adj.push(ny * w + nx);
      }
    }
    start.push(adj.length);
  }
  return { start: Uint32Array.from(start), adj: Uint32Array.from(adj), live, centres };
}

// An event of the log as [op, a, b]: its number is a << 7 | x << 3 | op,
// with x a carve's or wall's side (b's place in a's neighbour list) or a
// mark's kind (src/program/log.rs).
function unpack(word, topology) {
  const op = word & 7, a = word >>> 7, x = (word >>> 3) & 15;
  if (op === OP.carve || op === OP.wall) {
    assert.ok(topology.start[a] + x < topology.start[a + 1], `side ${x} of cell ${a}`);
    return [op, a, topology.adj[topology.start[a] + x]];
  }
  return [op, a, x];
}

test("a mark's kind is its event's part, MARKS[kind] << 3 | OP.mark; current moves the cursor; nothing else is a kind", () => {
  for (const [kind, x] of Object.entries(MARKS)) assert.equal(markEvent(kind), (x << 3) | OP.mark, kind);
  assert.equal(markEvent("current"), 0);
  for (const kind of ["purple", "", "toString", "__proto__", 2, undefined, "Stack"]) assert.equal(markEvent(kind), -1, String(kind));
});

test("through a small shared ring, with a page that reads slowly, the worker waits and every event arrives", async () => {
  // The harness in a worker thread, as in the browser; this thread reads
  // each { upTo } late (a timer), so the worker fills the ring of 4096
  // events and has to wait for the reads, again and again (the starter
  // makes about 150,000 events here).
  const { Worker } = await import("node:worker_threads");
  const topology = square(150, 100);
  const text = readFileSync(join(starters, "backtracker.js"), "utf8");
  const shared = ring(4096);
  const expected = runOnce(text, "generator", topology, {}, null).events;
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const { run } = require(workerData.harness);
     const compile = (text) => new Function(text + "\\nreturn { generate };")();
     run({ ...workerData.setup }, (m) => parentPort.postMessage(m), () => compile(workerData.text));`,
    {
      eval: true,
      workerData: {
        harness: join(root, "www/code/harness.js"),
        text,
        setup: { kind: "generator", seedHi: 0, seedLo: 7, shape: "square", width: 0, height: 0, topology, shared },
      },
    },
  );
  const events = [];
  let waitsSeen = 0;
  const last = await new Promise((resolve, reject) => {
    worker.on("error", reject);
    worker.on("message", (m) => {
      assert.equal(m.log, undefined, "nothing copied");
      if (m.done) return resolve(m);
      if (m.upTo === undefined) return;
      // Late: the worker has meanwhile written all the ring will hold.
      setTimeout(() => {
        const { ring: r, ctrl } = shared;
        const read = Atomics.load(ctrl, 1);
        if (Atomics.load(ctrl, 0) - read === r.length) waitsSeen += 1;
        for (let i = read; i < m.upTo; i++) events.push(unpack(r[i % r.length], topology));
        Atomics.store(ctrl, 1, m.upTo);
        Atomics.notify(ctrl, 1);
      }, 5);
    });
  });
  await worker.terminate();
  assert.equal(last.error, undefined, last.error);
  // The last { upTo } is read after `done` arrives: wait for its timer.
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(events.length, last.steps);
  assert.deepEqual(events, expected, "the same events as copied, in order");
  assert.ok(waitsSeen > 0, "the worker found the ring full and waited");
});

// Runs a program; the events and the last message. Each program runs
// twice, its log copied to the page and through a shared ring (as a
// cross-origin isolated page reads it), and both must say the same.
function runProgram(text, kind, topology, extra = {}) {
  const copied = runOnce(text, kind, topology, extra, null);
  const shared = runOnce(text, kind, topology, extra, ring(64));
  assert.deepEqual(shared.events, copied.events, `${text.slice(0, 40)}...: the same events shared`);
  assert.equal(shared.openedAfter, copied.openedAfter);
  for (const key of ["error", "steps", "startsOpen", "path"]) {
    assert.deepEqual(shared.last[key], copied.last[key], key);
  }
  return copied;
}

// A ring of `size` events and its two counters, as the page makes them.
function ring(size) {
  return {
    ring: new Int32Array(new SharedArrayBuffer(4 * size)),
    ctrl: new Int32Array(new SharedArrayBuffer(8)),
  };
}

// The events a `{ upTo }` message hands over, read as the page reads them
// (from where it last read, round the ring), and the read marked.
function readRing(shared, upTo) {
  const { ring, ctrl } = shared;
  assert.equal(Atomics.load(ctrl, 0), upTo, "the written count is set before the message");
  const words = [];
  for (let i = Atomics.load(ctrl, 1); i < upTo; i++) words.push(ring[i % ring.length]);
  Atomics.store(ctrl, 1, upTo);
  return words;
}

function runOnce(text, kind, topology, extra, shared) {
  const events = [];
  const output = [];
  let dropped = 0;
  let last = null;
  // Events already posted when the program said it opened every wall.
  let openedAfter = null;
  run(
    // `new Function` puts two lines before the program's first.
    { kind, seedHi: 0, seedLo: 7, shape: "square", width: 0, height: 0, topology, shared, lineOffset: 2, ...extra },
    (m) => {
      if (m.log) assert.equal(shared, null, "a shared run posts no copies");
      const words = m.log ? m.log : m.upTo !== undefined ? readRing(shared, m.upTo) : [];
      for (const word of words) events.push(unpack(word, topology));
      if (m.output) {
        output.push(...m.output);
        dropped = m.dropped;
      }
      if (m.done) last = m;
      else if (m.startsOpen) openedAfter = events.length;
    },
    () => compile(text),
  );
  return { events, last, openedAfter, output, dropped };
}

// Whether the carves (and walls) make a spanning tree of the live cells.
function perfect(topology, events, startsOpen) {
  const cells = topology.start.length - 1;
  const key = (a, b) => (a < b ? `${a},${b}` : `${b},${a}`);
  const open = new Set();
  if (startsOpen) {
    for (let a = 0; a < cells; a++) {
      for (let k = topology.start[a]; k < topology.start[a + 1]; k++) open.add(key(a, topology.adj[k]));
    }
  }
  for (const [op, a, b] of events) {
    if (op === OP.carve) open.add(key(a, b));
    if (op === OP.wall) open.delete(key(a, b));
  }
  const live = [...topology.live].filter((x) => x).length;
  if (open.size !== live - 1) return false;
  const parent = Array.from({ length: cells }, (_, i) => i);
  const find = (x) => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (const e of open) {
    const [a, b] = e.split(",").map(Number);
    parent[find(a)] = find(b);
  }
  const roots = new Set();
  for (let c = 0; c < cells; c++) if (topology.live[c]) roots.add(find(c));
  return roots.size === 1;
}

test("the random source draws what Rust's does", () => {
  const cases = JSON.parse(readFileSync(join(root, "tests/fixtures/pcg32.json"), "utf8"));
  for (const c of cases) {
    const rng = new Rng(c.seed_hi, c.seed_lo);
    assert.deepEqual(Array.from({ length: 8 }, () => rng.nextU32()), c.next_u32, `seed ${c.seed_hi}:${c.seed_lo}`);
    for (const [n, k] of c.below) assert.equal(rng.below(n), k, `below(${n})`);
  }
});

// The JavaScript starters (the Python ones, *.py, are tests/python's).
const scripts = readdirSync(starters).filter((f) => f.endsWith(".js"));
const generators = scripts.filter((f) => !readFileSync(join(starters, f), "utf8").includes("function solve("));
const solvers = scripts.filter((f) => readFileSync(join(starters, f), "utf8").includes("function solve("));

test("every generator starter makes a perfect maze, masked cells included", () => {
  assert.ok(generators.length >= 5, generators.join(", "));
  for (const file of generators) {
    const text = readFileSync(join(starters, file), "utf8");
    for (const topology of [square(1, 1), square(2, 1), square(7, 5), square(12, 9, new Set([0, 13, 14, 40, 107]))]) {
      const { events, last } = runProgram(text, "generator", topology);
      assert.equal(last.error, undefined, `${file}: ${last.error}`);
      assert.ok(perfect(topology, events, last.startsOpen), `${file} on ${topology.start.length - 1} cells`);
      assert.equal(last.steps, events.length);
    }
  }
});

test("every solver starter walks from start to goal through openings", () => {
  assert.ok(solvers.length >= 2, solvers.join(", "));
  const topology = square(11, 8);
  const maze = runProgram(readFileSync(join(starters, "backtracker.js"), "utf8"), "generator", topology);
  const open = new Uint8Array(88);
  const side = (a, b) => {
    for (let k = topology.start[a]; k < topology.start[a + 1]; k++) if (topology.adj[k] === b) return k - topology.start[a];
    return -1;
  };
  for (const [op, a, b] of maze.events) {
    if (op === OP.carve) {
      open[a] |= 1 << side(a, b);
      open[b] |= 1 << side(b, a);
    }
  }
  for (const file of solvers) {
    const text = readFileSync(join(starters, file), "utf8");
    const { last } = runProgram(text, "solver", topology, { open, start: 0, goal: 87 });
    assert.equal(last.error, undefined, `${file}: ${last.error}`);
    assert.equal(last.path[0], 0);
    assert.equal(last.path.at(-1), 87);
    for (let i = 1; i < last.path.length; i++) {
      const [a, b] = [last.path[i - 1], last.path[i]];
      assert.ok((open[a] >> side(a, b)) & 1, `${file}: ${a} to ${b} goes through a wall`);
    }
  }
});

test("bad calls stop the run and name the call, the step and the program's line", () => {
  const topology = square(3, 3);
  const cases = [
    ["function generate(maze) { maze.carve(0, 4); }", "step 1: carve(0, 4): the cells are not neighbours"],
    ["function generate(maze) { maze.carve(0, 1); maze.carve(1, 0); }", "step 2: carve(1, 0): the wall is already open"],
    ["function generate(maze) { maze.cursor(9); }", "step 1: cursor: 9 is not a cell (cells are 0 to 8)"],
    ["function generate(maze) { maze.mark(0, 'purple'); }", 'step 1: mark(0, "purple"): the kinds are'],
    ["function generate(maze) { maze.carve(0, 1); maze.openAll(); }", "step 2: openAll(): call it first"],
    ["function generate(maze, rng) { rng.below(0); }", "rng.below(0): n must be a whole number"],
    ["function nothing() {}", "a generator defines function generate(maze, rng)"],
    ["function generate(maze) {\n  maze.carve(0, 1);\n  null.x;\n}", "TypeError"],
  ];
  for (const [text, says] of cases) {
    const { events, last } = runProgram(text, "generator", topology);
    assert.ok(last.error && last.error.includes(says), `${text}: ${last.error}`);
    // Every program here is one line long, but for the last.
    if (says.startsWith("step")) assert.ok(last.error.startsWith(`line 1: ${says}`), `${text}: ${last.error}`);
    if (text.includes("carve(0, 1); maze.carve(1, 0)")) assert.equal(events.length, 1, "the steps before stay");
  }
  const solver = runProgram("function solve(maze) { maze.carve(0, 1); return []; }", "solver", topology, {
    open: new Uint8Array(9),
    start: 0,
    goal: 8,
  });
  assert.match(solver.last.error, /a solver cannot change the walls/);
  // Limits inside the first events (handed over in growing pieces) and
  // past them.
  for (const limit of [1, 5, 40, 1000]) {
    const endless = runProgram("function generate(maze) { for (let c = 0; ; c ^= 1) maze.cursor(c); }", "generator", topology, {
      maxSteps: limit,
    });
    assert.match(endless.last.error, new RegExp(`more than ${limit} steps`));
    assert.equal(endless.events.length, limit, "the steps before the limit reach the page");
  }
});

test("what a program prints reaches the page in order, each line with the step it was printed at, capped with a count", () => {
  const topology = square(3, 3);
  const text = `function generate(maze, rng) {
  console.log("start", 1, [2, 3], { a: 4 });
  maze.carve(0, 1);
  console.info("two\\nlines");
  maze.carve(1, 2);
  console.warn("careful");
  console.error(undefined, null);
  for (let i = 0; i < 1500; i++) console.log(i);
  null.x;
}`;
  const { output, dropped, last, events } = runProgram(text, "generator", topology);
  assert.deepEqual(output.slice(0, 6), [
    [0, 'start 1 [2,3] {"a":4}'],
    [1, "two"],
    [1, "lines"],
    [2, "warning: careful"],
    [2, "error: undefined null"],
    [2, "0"],
  ]);
  // The first 1000 lines kept, the rest counted; the error stays the error.
  assert.equal(output.length, 1000);
  assert.equal(dropped, 1505 - 1000);
  assert.equal(events.length, 2);
  assert.match(last.error, /TypeError/);
  // The worker's own console is back after the run.
  assert.equal(typeof console.log, "function");
  assert.notEqual(console.log.name, "");
});

test("a cursor move to where it is, or the step the program is at, records nothing (as the built-ins)", () => {
  const topology = square(3, 3);
  const text = `function generate(maze) {
    maze.phase(1); maze.phase(1);
    maze.cursor(4); maze.cursor(4); maze.mark(4, "current");
    maze.mark(4, "stack"); maze.mark(4, "stack");
    maze.phase(2); maze.phase(1);
    maze.mark(5, "current"); maze.cursor(4);
  }`;
  for (const logless of [false, true]) {
    const { events, last } = runProgram(text, "generator", topology, { logless });
    assert.equal(last.error, undefined, last.error);
    assert.equal(last.steps, 8, `logless ${logless}: phase 1, cursor 4, two marks, phase 2, phase 1, cursor 5, cursor 4`);
    if (!logless) {
      assert.deepEqual(events.map(([op]) => op), [OP.phase, OP.cursor, OP.mark, OP.mark, OP.phase, OP.phase, OP.cursor, OP.cursor]);
    }
  }
});

test("a program that starts open records it and walls its maze", () => {
  const topology = square(4, 3);
  const text = `function generate(maze, rng) {
    maze.openAll();
    // Wall off all but a comb: keep the top row and every column.
    for (let y = 1; y < 3; y++) for (let x = 0; x < 3; x++) maze.wall(y * 4 + x, y * 4 + x + 1);
  }`;
  const { events, last, openedAfter } = runProgram(text, "generator", topology);
  assert.equal(last.error, undefined, last.error);
  assert.equal(last.startsOpen, true);
  assert.equal(openedAfter, 0, "the page hears of the open start before the first event");
  assert.ok(perfect(topology, events, true));
});

// The dead-end share of a maze the events leave (degree-1 cells over live
// cells), in percent.
function deadEndPct(topology, events) {
  const cells = topology.start.length - 1;
  const degree = new Uint8Array(cells);
  for (const [op, a, b] of events) {
    if (op === OP.carve) {
      degree[a]++;
      degree[b]++;
    }
  }
  let dead = 0, live = 0;
  for (let c = 0; c < cells; c++) {
    if (!topology.live[c]) continue;
    live++;
    if (degree[c] === 1) dead++;
  }
  return (100 * dead) / live;
}

test("each generator starter has its built-in's texture: dead ends within 2 points over 50 mazes", async () => {
  const { execFileSync } = await import("node:child_process");
  const { existsSync } = await import("node:fs");
  const cli = join(process.env.CARGO_TARGET_DIR || join(root, "target"), "debug/mazelab");
  assert.ok(existsSync(cli), "the CLI is built by cargo test, which runs first");
  const topology = square(20, 20);
  for (const [file, builtin] of [
    ["random-tree.js", "growing-tree"],
    ["backtracker.js", "backtracker"],
    ["kruskal.js", "kruskal"],
    ["aldous-broder.js", "aldous-broder"],
    ["wilson.js", "wilson"],
  ]) {
    const text = readFileSync(join(starters, file), "utf8");
    let mine = 0, theirs = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const { events } = runProgram(text, "generator", topology, { seedLo: seed });
      mine += deadEndPct(topology, events) / 50;
      const stats = execFileSync(cli, ["generate", "--algorithm", builtin, "--size", "20x20", "--seed", String(seed), "--format", "stats"], { encoding: "utf8" });
      theirs += (Number(/dead_ends=(\d+)/.exec(stats)[1]) / 400) * 100 / 50;
    }
    console.log(`     ${file}: ${mine.toFixed(1)}% dead ends, ${builtin} ${theirs.toFixed(1)}%`);
    assert.ok(Math.abs(mine - theirs) <= 2, `${file} ${mine.toFixed(2)} against ${builtin} ${theirs.toFixed(2)}`);
  }
});

test("a run without a log (the lab's) leaves the walls the logged run carves", () => {
  const topology = square(9, 7, new Set([3, 40]));
  for (const file of generators) {
    const text = readFileSync(join(starters, file), "utf8");
    const { events, last } = runProgram(text, "generator", topology);
    const { last: bare } = runProgram(text, "generator", topology, { logless: true });
    assert.equal(bare.error, undefined, `${file}: ${bare.error}`);
    assert.equal(bare.steps, last.steps, `${file}: the same steps`);
    // The logged run's walls, as bits per neighbour.
    const open = new Uint8Array(topology.live.length);
    if (last.startsOpen) {
      for (let c = 0; c < open.length; c++) open[c] = (1 << (topology.start[c + 1] - topology.start[c])) - 1;
    }
    const side = (a, b) => topology.adj.subarray(topology.start[a], topology.start[a + 1]).indexOf(b);
    for (const [op, a, b] of events) {
      if (op !== OP.carve && op !== OP.wall) continue;
      for (const [x, y] of [[a, b], [b, a]]) {
        if (op === OP.carve) open[x] |= 1 << side(x, y);
        else open[x] &= ~(1 << side(x, y));
      }
    }
    assert.deepEqual(Array.from(bare.open), Array.from(open), `${file}: the same maze`);
  }
  const endless = runProgram("function generate(maze) { for (let k = 1; ; k = 3 - k) maze.phase(k); }", "generator", topology,
    { logless: true, maxSteps: 500 });
  assert.match(endless.last.error, /more than 500 steps/);
});

test("a long log arrives whole in pieces, the full ones in the buffer the worker keeps writing", () => {
  // 120,000 cells: the backtracker makes about 620,000 events, two full
  // pieces and a partial one.
  const topology = square(400, 300);
  const text = readFileSync(join(starters, "backtracker.js"), "utf8");
  const events = [];
  const buffers = new Set();
  let kept = 0;
  let last = null;
  run(
    { kind: "generator", seedHi: 0, seedLo: 3, shape: "square", width: 400, height: 300, topology },
    (m) => {
      if (m.log) {
        if (m.kept) {
          kept += 1;
          buffers.add(m.log.buffer);
        }
        for (const word of m.log) events.push(unpack(word, topology));
      } else if (m.done) last = m;
    },
    () => compile(text),
  );
  assert.equal(last.error, undefined);
  assert.equal(kept, 2, "two full pieces");
  assert.equal(buffers.size, 1, "both written in one buffer");
  assert.equal(events.length, last.steps, "every step arrived");
  assert.ok(perfect(topology, events, false), "and they carve a perfect maze");
});
