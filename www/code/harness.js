// mazelab's program harness: the script a person's generator or solver runs
// in, inside a Web Worker of its own. It gives the program `maze` and `rng`,
// checks every call as it is made, and records each change as an event:
// one 32-bit number, `a << 7 | x << 3 | op`, in the numbering
// src/program/log.rs reads (`a`: the cell, or a phase's step; `x`: for a
// carve or wall the side of `a` it opens, as `a`'s place in its neighbour
// list, for a mark its kind). A number an event, not three: writing and
// handing over a million-cell backtracker's 5 million events is a third
// the work.
// As in the built-ins (src/record.rs), a cursor move to where the cursor
// is, or a phase the program is already at, changes nothing and is no
// step: it records nothing. The worker posts the log in pieces as it
// grows, so the steps before an error (or before the page stops an endless
// loop) reach the stage.
//
// Loaded in a worker, it waits for one message: { kind, seedHi, seedLo,
// shape, width, height, topology, open, start, goal, maxSteps, lineOffset,
// programUrl? } (`programUrl`: the program's own script, when it was loaded
// apart from the harness). In Node's tests it is required as a module and
// `run` is called directly.

"use strict";

const OP = { carve: 0, wall: 1, mark: 2, cursor: 3, phase: 4 };
const MARKS = { blank: 0, frontier: 1, stack: 1, walk: 2, explored: 3, path: 4, dead: 5 };
const CURRENT = 6;
// MARKS[kind], `CURRENT` for "current", -1 for anything else: a switch on
// the names, which a JIT compares faster than it looks a key up.
function markNumber(kind) {
  switch (kind) {
    case "blank": return 0;
    case "frontier": case "stack": return 1;
    case "walk": return 2;
    case "explored": return 3;
    case "path": return 4;
    case "dead": return 5;
    case "current": return CURRENT;
    default: return -1;
  }
}
// The log goes to the page in pieces: the first events one by one, then
// at least every PIECE_MS (checked every CHECK_EVENTS events) or every
// PIECE_EVENTS events, so that a run the page has to stop leaves its steps
// and the page can check each piece while the program runs on.
const PIECE_EVENTS = 1 << 18;
const PIECE_MS = 100;
const CHECK_EVENTS = 1024;
const FIRST_EVENTS = 64;
const now = () => (typeof performance !== "undefined" ? performance.now() : Date.now());

// PCG32 (XSH RR) on two 32-bit halves, seeded as the reference
// pcg32_srandom_r and rand_pcg's Pcg32::new: the generator every built-in
// draws from, so a seed means the same draws here as in Rust
// (tests/e2e/harness.test.mjs holds it to Rust's numbers).
const MUL_HI = 0x5851f42d;
const MUL_LO = 0x4c957f2d;
const STREAM_HI = 0x6d617a65; // 0x6d61_7a65_6c61_6221: mazelab's stream
const STREAM_LO = 0x6c616221;

// The 64-bit product of two 32-bit numbers, as [hi, lo].
function mul32(a, b) {
  const a0 = a & 0xffff, a1 = a >>> 16, b0 = b & 0xffff, b1 = b >>> 16;
  const p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  const lo = (((mid & 0xffff) << 16) | (p00 & 0xffff)) >>> 0;
  const hi = (p11 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16)) >>> 0;
  return [hi, lo];
}

class Rng {
  // `seedHi`, `seedLo`: the maze's 64-bit seed in two halves.
  constructor(seedHi, seedLo) {
    // increment = (stream << 1) | 1
    this.incHi = ((STREAM_HI << 1) | (STREAM_LO >>> 31)) >>> 0;
    this.incLo = ((STREAM_LO << 1) | 1) >>> 0;
    this.hi = seedHi >>> 0;
    this.lo = seedLo >>> 0;
    this.addInc();
    this.step();
  }

  addInc() {
    const lo = this.lo + this.incLo;
    this.hi = (this.hi + this.incHi + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    this.lo = lo >>> 0;
  }

  step() {
    const [phi, plo] = mul32(this.lo, MUL_LO);
    this.hi = (phi + Math.imul(this.hi, MUL_LO) + Math.imul(this.lo, MUL_HI)) >>> 0;
    this.lo = plo;
    this.addInc();
  }

  // The next 32 random bits, as a number 0 <= n < 2^32.
  nextU32() {
    const hi = this.hi, lo = this.lo;
    this.step();
    const xHi = hi ^ (hi >>> 18);
    const xLo = lo ^ ((lo >>> 18) | (hi << 14));
    const xorshifted = ((xLo >>> 27) | (xHi << 5)) >>> 0;
    const rot = hi >>> 27;
    return ((xorshifted >>> rot) | (xorshifted << ((32 - rot) & 31))) >>> 0;
  }

  // An integer 0 <= k < n, without bias (Lemire's method, as Rust's).
  below(n) {
    if (!Number.isInteger(n) || n < 1 || n > 0xffffffff) {
      throw new ProgramError(`rng.below(${n}): n must be a whole number from 1 to 2^32 - 1`);
    }
    let [hi, lo] = mul32(this.nextU32(), n);
    if (lo < n) {
      const threshold = (0x100000000 - n) % n;
      while (lo < threshold) {
        [hi, lo] = mul32(this.nextU32(), n);
      }
    }
    return hi;
  }

  // A number 0 <= x < 1.
  random() {
    return this.nextU32() / 4294967296;
  }

  // Shuffles `array` in place (Fisher-Yates from the end) and returns it.
  shuffle(array) {
    if (!Array.isArray(array)) throw new ProgramError("rng.shuffle(...): give it an array");
    for (let i = array.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const t = array[i];
      array[i] = array[j];
      array[j] = t;
    }
    return array;
  }
}

// A bad call: the run stops and the page names the call and the step.
class ProgramError extends Error {}

// The maze a program sees. `topology`: { start, adj, live, centres, back? }
// (the neighbours of cell c are adj[start[c] .. start[c + 1]], clockwise;
// back[start[c] + k], c's place in its k-th neighbour's list, worked out
// here if not given);
// `open` (given, or made here): one bit per neighbour, the walls open
// (a solver's maze starts with them; a generator's fills in).
function makeMaze(setup, record, open) {
  const { shape, width, height } = setup;
  const { start, adj, live, centres } = setup.topology;
  const cells = start.length - 1;
  const back = setup.topology.back || backOf(start, adj);
  // A maze with no cell masked off needs no look at `live` per call.
  const masked = live.indexOf(0) >= 0;
  const solving = setup.kind === "solver";
  let opened = false;

  // `c >>> 0 === c` holds for whole numbers 0 to 2^32 - 1 only (no
  // string, fraction or undefined), and is what a JIT makes fastest.
  // The checks stay small enough for a JIT to inline into every call; the
  // messages are built out of line, only for a bad call.
  const cell = (call, c) => {
    if (c >>> 0 !== c || c >= cells || (masked && live[c] !== 1)) notACell(call, c);
    return c;
  };
  const notACell = (call, c) => {
    if (c >>> 0 !== c || c >= cells) {
      throw new ProgramError(`${call}: ${c} is not a cell (cells are 0 to ${cells - 1})`);
    }
    throw new ProgramError(`${call}: cell ${c} is masked off, no part of the maze`);
  };
  const side = (a, b) => {
    for (let k = start[a]; k < start[a + 1]; k++) if (adj[k] === b) return k - start[a];
    return -1;
  };
  const between = (call, a, b) => {
    cell(call, a);
    cell(call, b);
    const k = side(a, b);
    if (k < 0) notNeighbours(call, a, b);
    return k;
  };
  const notNeighbours = (call, a, b) => {
    throw new ProgramError(`${call}(${a}, ${b}): the cells are not neighbours`);
  };
  const setWall = (a, b, k, on) => {
    const kb = back[start[a] + k];
    if (on) {
      open[a] |= 1 << k;
      open[b] |= 1 << kb;
    } else {
      open[a] &= ~(1 << k);
      open[b] &= ~(1 << kb);
    }
  };
  const solverChange = (call, a, b) => {
    throw new ProgramError(`${call}(${a}, ${b}): a solver cannot change the walls`);
  };
  const badPhase = (k) => {
    throw new ProgramError(`phase(${k}): steps are 1 to 127`);
  };
  // Where the cursor is and the step the program is at: saying either
  // again is no step.
  const at = { cursor: -1, phase: 0 };
  const moveCursor = (c) => {
    if (c === at.cursor) return;
    at.cursor = c;
    record(OP.cursor, c, 0);
  };
  const noChange = (call, a, b, on) => {
    throw new ProgramError(`${call}(${a}, ${b}): the wall is already ${on ? "open" : "a wall"}`);
  };
  const change = (call, a, b, on) => {
    if (solving) solverChange(call, a, b);
    const k = between(call, a, b);
    if (((open[a] >> k) & 1) === (on ? 1 : 0)) noChange(call, a, b, on);
    setWall(a, b, k, on);
    record(on ? OP.carve : OP.wall, a, k);
  };

  return {
    cells,
    width,
    height,
    shape,
    isLive: (c) => Number.isInteger(c) && c >= 0 && c < cells && live[c] === 1,
    neighbors(c) {
      if (c >>> 0 !== c || c >= cells || (masked && live[c] !== 1)) notACell("neighbors", c);
      const out = [];
      for (let k = start[c]; k < start[c + 1]; k++) out.push(adj[k]);
      return out;
    },
    isOpen(a, b) {
      const k = between("isOpen", a, b);
      return ((open[a] >> k) & 1) === 1;
    },
    // The carve every generator makes: `change` written out for it, since
    // a JIT makes a call with fixed arguments faster than the shared one.
    carve(a, b) {
      if (solving) solverChange("carve", a, b);
      if (a >>> 0 !== a || a >= cells || (masked && live[a] !== 1)) notACell("carve", a);
      if (b >>> 0 !== b || b >= cells || (masked && live[b] !== 1)) notACell("carve", b);
      const sa = start[a];
      let k = 0;
      while (sa + k < start[a + 1] && adj[sa + k] !== b) k++;
      if (sa + k === start[a + 1]) notNeighbours("carve", a, b);
      if ((open[a] >> k) & 1) noChange("carve", a, b, true);
      open[a] |= 1 << k;
      open[b] |= 1 << back[sa + k];
      record(OP.carve, a, k);
    },
    wall: (a, b) => change("wall", a, b, false),
    openAll() {
      if (solving) throw new ProgramError("openAll(): a solver cannot change the walls");
      if (opened || record.count() > 0) {
        throw new ProgramError("openAll(): call it first, before any other change");
      }
      opened = true;
      for (let a = 0; a < cells; a++) {
        if (!live[a]) continue;
        for (let k = start[a]; k < start[a + 1]; k++) open[a] |= 1 << (k - start[a]);
      }
      record.open();
    },
    mark(c, kind) {
      if (c >>> 0 !== c || c >= cells || (masked && live[c] !== 1)) notACell("mark", c);
      const m = markNumber(kind);
      if (m === CURRENT) return moveCursor(c);
      if (m < 0) {
        throw new ProgramError(
          `mark(${c}, ${JSON.stringify(kind)}): the kinds are ${Object.keys(MARKS).join(", ")}, current`,
        );
      }
      record(OP.mark, c, m);
    },
    cursor(c) {
      if (c >>> 0 !== c || c >= cells || (masked && live[c] !== 1)) notACell("cursor", c);
      moveCursor(c);
    },
    phase(k) {
      if (k >>> 0 !== k || k < 1 || k > 127) badPhase(k);
      if (k === at.phase) return;
      at.phase = k;
      record(OP.phase, k, 0);
    },
    center(c) {
      cell("center", c);
      return [centres[2 * c], centres[2 * c + 1]];
    },
  };
}

// For each entry of `adj` (cell a's neighbour b), the first place of a in
// b's list: the side of b a carve from a opens.
function backOf(start, adj) {
  const back = new Uint8Array(adj.length);
  for (let a = 0; a + 1 < start.length; a++) {
    for (let i = start[a]; i < start[a + 1]; i++) {
      const sb = start[adj[i]];
      let j = 0;
      while (adj[sb + j] !== a) j++;
      back[i] = j;
    }
  }
  return back;
}

// Runs one program to its end. `post(message)` receives { startsOpen:
// true } first if the program opens every wall, the log in pieces
// ({ log: Int32Array, kept? }, see `L` below), and then one last message: { done, startsOpen,
// steps, path?, error? }. With `setup.logless` (the lab's many mazes) it
// keeps no log, and the last message also holds the maze's walls as
// `open` (one bit per neighbour, as the topology lists them). An error names the call and step, or the line.
function run(setup, post, compile) {
  const maxSteps = setup.maxSteps || 50000000;
  // The log fills a buffer of PIECE_EVENTS events at a time; a full one is
  // posted as `{ log, kept: true }`: copied to the page, not transferred,
  // and the worker writes on in the same buffer (a fresh buffer for every
  // piece costs more, its memory touched for the first time, than the
  // copy). The caller's `post` must not transfer a kept log, and must be
  // done with it when it returns. A partial piece (`flush`) is a copy of
  // its own, free to transfer.
  // `L` (the log): the buffer `log`; `used`, the events in it; `until`,
  // the `used` at which `slow` must look at the buffer, the time and the
  // limit (the one test each event pays). Fields of one object, not
  // variables the closures share: a JIT reaches them faster.
  const L = { log: new Int32Array(FIRST_EVENTS), used: 0, until: 1 };
  // Events handed to the page before those in `L.log`: the run's steps
  // are `posted + L.used`.
  let posted = 0;
  let startsOpen = false;
  let flushed = now();
  const flush = () => {
    if (L.used > 0) {
      post({ log: L.log.slice(0, L.used) });
      posted += L.used;
      L.used = 0;
    }
    flushed = now();
  };
  const slow = () => {
    if (posted + L.used > maxSteps) {
      L.used -= 1;
      throw new ProgramError(`the program made more than ${maxSteps} steps; it was stopped`);
    }
    if (posted + L.used <= FIRST_EVENTS) {
      flush(); // the first steps reach the stage at once
    } else if (L.used === L.log.length) {
      post({ log: L.log, kept: true });
      posted += L.used;
      L.used = 0;
      flushed = now();
    } else if (now() - flushed > PIECE_MS) {
      flush();
    }
    const steps = posted + L.used;
    if (steps < FIRST_EVENTS) {
      L.until = L.used + 1;
    } else {
      if (steps === FIRST_EVENTS) L.log = new Int32Array(PIECE_EVENTS);
      L.until = L.used + Math.min(CHECK_EVENTS, L.log.length - L.used, maxSteps + 1 - steps);
    }
  };
  const record = setup.logless
    ? () => {
        if (++L.used > maxSteps) {
          L.used = maxSteps;
          throw new ProgramError(`the program made more than ${maxSteps} steps; it was stopped`);
        }
      }
    : (op, a, x) => {
        L.log[L.used] = (a << 7) | (x << 3) | op;
        if (++L.used === L.until) slow();
      };
  record.count = () => posted + L.used;
  // The page reads the log as it comes, so it hears of an open start
  // before the first piece.
  record.open = () => {
    startsOpen = true;
    post({ startsOpen: true });
  };
  const cells = setup.topology.start.length - 1;
  const open = setup.open ? Uint8Array.from(setup.open) : new Uint8Array(cells);
  const maze = makeMaze(setup, record, open);
  const rng = new Rng(setup.seedHi >>> 0, setup.seedLo >>> 0);
  let outcome = { done: true };
  const began = now();
  try {
    const program = compile(setup.text);
    if (setup.kind === "solver") {
      if (typeof program.solve !== "function") {
        throw new ProgramError("a solver defines function solve(maze, start, goal)");
      }
      const path = program.solve(maze, setup.start, setup.goal);
      if (!Array.isArray(path)) {
        throw new ProgramError("solve(...) must return the path as an array of cells");
      }
      outcome.path = path.map((c) => (Number.isInteger(c) ? c : -1));
    } else {
      if (typeof program.generate !== "function") {
        throw new ProgramError("a generator defines function generate(maze, rng)");
      }
      program.generate(maze, rng);
    }
  } catch (e) {
    outcome.error = describe(e, posted + L.used, setup.lineOffset || 0, setup.programUrl);
  }
  outcome.runMs = now() - began;
  flush();
  outcome.startsOpen = startsOpen;
  outcome.steps = posted + L.used;
  if (setup.logless) outcome.open = open;
  post(outcome);
}

// An error as the page shows it: a bad call names its step; anything else
// names the program's line where the stack gives one.
function describe(e, steps, lineOffset, programUrl) {
  if (e instanceof ProgramError) return `step ${steps + 1}: ${e.message}`;
  const text = e && e.message ? `${e.name || "Error"}: ${e.message}` : String(e);
  const line = lineOf(e, lineOffset, programUrl);
  return line ? `line ${line}: ${text}` : text;
}

// The program's line an exception came from: the first stack frame in the
// program's own script (whose first line is `lineOffset + 1`; with
// `programUrl`, only a frame of that script counts).
function lineOf(e, lineOffset, programUrl) {
  const stack = (e && e.stack) || "";
  for (const m of stack.matchAll(/(program\.js|<anonymous>|blob:[^\s)]*):(\d+):\d+/g)) {
    if (programUrl && m[1] !== programUrl) continue;
    const line = Number(m[2]) - lineOffset;
    if (line >= 1) return line;
  }
  return 0;
}

if (typeof module !== "undefined" && module.exports) {
  module.exports = { run, Rng, makeMaze, OP, MARKS };
}
