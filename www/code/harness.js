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
// step: it records nothing. The worker hands the log over in pieces as it
// grows (copied in messages, or in a ring of memory it shares with the
// page: see `run`), so the steps before an error (or before the page stops
// an endless loop) reach the stage.
//
// Loaded in a worker, it waits for one message: { kind, seedHi, seedLo,
// shape, width, height, topology, open, start, goal, maxSteps, timeLimitS, lineOffset,
// programUrl?, shared? } (`programUrl`: the program's own script, when it
// was loaded apart from the harness; `shared`: the ring). In Node's tests
// it is required as a module and `run` is called directly.

"use strict";

const OP = { carve: 0, wall: 1, mark: 2, cursor: 3, phase: 4 };
const MARKS = { blank: 0, frontier: 1, stack: 1, walk: 2, explored: 3, path: 4, dead: 5 };
// A mark's kind as its part of the event, `MARKS[kind] << 3 | OP.mark`
// (tests/e2e/harness.test.mjs holds the two equal), 0 for "current" (which
// moves the cursor), -1 for anything else: a switch on the names, which a
// JIT compares faster than it looks up a key that changes from call to
// call.
function markEvent(kind) {
  switch (kind) {
    case "blank": return 2;
    case "frontier": case "stack": return 10;
    case "walk": return 18;
    case "explored": return 26;
    case "path": return 34;
    case "dead": return 42;
    case "current": return 0;
    default: return -1;
  }
}
// The log goes to the page in pieces: the first events at once (in pieces
// of 1, 1, 2, 4, ... events up to FIRST_EVENTS), then at least every
// PIECE_MS (checked every CHECK_EVENTS events) or every PIECE_EVENTS
// events, so that a run the page has to stop leaves its steps
// and the page can check each piece while the program runs on.
const PIECE_EVENTS = 1 << 18;
const PIECE_MS = 100;
const CHECK_EVENTS = 1024;
const FIRST_EVENTS = 64;
const now = () => (typeof performance !== "undefined" ? performance.now() : Date.now());
// What a program prints (console.log and its kin): the first
// OUTPUT_LINES lines are kept, each cut at OUTPUT_CHARS characters, and
// handed to the page OUTPUT_PIECE at a time (or every PIECE_MS) with the
// step each was printed at; past that only a count.
const OUTPUT_LINES = 1000;
const OUTPUT_CHARS = 500;
const OUTPUT_PIECE = 64;

// A value as console.log shows it, near enough: strings as they are,
// the rest as JSON where it can be, else as String gives it.
function shown(v) {
  if (typeof v === "string") return v;
  if (typeof v === "function") return `[function ${v.name || "anonymous"}]`;
  if (v === undefined || typeof v === "bigint" || typeof v === "symbol") return String(v);
  try {
    const json = JSON.stringify(v);
    return json === undefined ? String(v) : json;
  } catch {
    return String(v);
  }
}

// The program's console while it runs: each call one line (or more, if
// its text has newlines) into `out`, tagged with `steps()`, the steps made
// so far; `send(lines, dropped)` hands lines over.
function outputTo(steps, send) {
  const out = { pending: [], kept: 0, dropped: 0, sent: now() };
  const flush = () => {
    if (out.pending.length || out.dropped) {
      send(out.pending, out.dropped);
      out.pending = [];
    }
    out.sent = now();
  };
  const say = (prefix) => (...args) => {
    const text = prefix + args.map(shown).join(" ");
    for (const line of text.split("\n")) {
      if (out.kept >= OUTPUT_LINES) {
        out.dropped += 1;
        continue;
      }
      out.kept += 1;
      out.pending.push([steps(), line.length > OUTPUT_CHARS ? `${line.slice(0, OUTPUT_CHARS)}…` : line]);
    }
    if (out.pending.length >= OUTPUT_PIECE || now() - out.sent > PIECE_MS) flush();
  };
  const console = { log: say(""), info: say(""), debug: say(""), warn: say("warning: "), error: say("error: ") };
  return { console, flush, pending: () => out.pending.length > 0 };
}

// PCG32 (XSH RR) on two 32-bit halves, seeded as the reference
// pcg32_srandom_r and rand_pcg's Pcg32::new: the generator every built-in
// draws from, so a seed means the same draws here as in Rust
// (tests/e2e/harness.test.mjs holds it to Rust's numbers).
const MUL_HI = 0x5851f42d;
const MUL_LO = 0x4c957f2d;
const STREAM_HI = 0x6d617a65; // 0x6d61_7a65_6c61_6221: mazelab's stream
const STREAM_LO = 0x6c616221;
// The increment, (stream << 1) | 1, in two halves.
const INC_HI = ((STREAM_HI << 1) | (STREAM_LO >>> 31)) >>> 0;
const INC_LO = ((STREAM_LO << 1) | 1) >>> 0;

// The high 32 bits of the 64-bit product of two 32-bit numbers (their low
// 32 bits are `Math.imul(a, b) >>> 0`). `a` in 16-bit halves: each part's
// product stays under 2^53, so the doubles are exact.
function mulHi(a, b) {
  return Math.floor(((a >>> 16) * b + Math.floor((a & 0xffff) * b / 65536)) / 65536);
}

// The random source is kept small (no arrays, the error's text built out of
// line): a JIT then inlines a draw into the program's loop together with
// the maze's calls (its inlining budget is counted in bytecode).
class Rng {
  // `seedHi`, `seedLo`: the maze's 64-bit seed in two halves. The state
  // starts at seed + increment and takes one step (the reference's two
  // steps from 0, folded).
  constructor(seedHi, seedLo) {
    const lo = (seedLo >>> 0) + INC_LO;
    this.hi = ((seedHi >>> 0) + INC_HI + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    this.lo = lo >>> 0;
    this.nextU32();
  }

  // The next 32 random bits, as a number 0 <= n < 2^32: the output of the
  // state, which then steps to state * MUL + increment (mod 2^64).
  nextU32() {
    const hi = this.hi, lo = this.lo;
    const lo2 = (Math.imul(lo, MUL_LO) >>> 0) + INC_LO;
    this.lo = lo2 >>> 0;
    this.hi = (mulHi(lo, MUL_LO) + Math.imul(hi, MUL_LO) + Math.imul(lo, MUL_HI) + INC_HI + (lo2 > 0xffffffff ? 1 : 0)) >>> 0;
    const x = ((hi ^ (hi >>> 18)) << 5) | ((lo ^ ((lo >>> 18) | (hi << 14))) >>> 27);
    const rot = hi >>> 27;
    return ((x >>> rot) | (x << (-rot & 31))) >>> 0;
  }

  // An integer 0 <= k < n, without bias (Lemire's method, as Rust's).
  below(n) {
    if (n >>> 0 !== n || n === 0) badBelow(n);
    let x = this.nextU32();
    if (Math.imul(x, n) >>> 0 < n) {
      const threshold = (0x100000000 - n) % n;
      while (Math.imul(x, n) >>> 0 < threshold) x = this.nextU32();
    }
    return mulHi(x, n);
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

function badBelow(n) {
  throw new ProgramError(`rng.below(${n}): n must be a whole number from 1 to 2^32 - 1`);
}

// A bad call: the run stops and the page names the call and the step.
class ProgramError extends Error {}

// The maze a program sees. `topology`: { start, adj, live, centres, back? }
// (the live neighbours of cell c are adj[start[c] .. start[c + 1]],
// clockwise, none for a masked cell; back[start[c] + k], c's place in its
// k-th neighbour's list, worked out here if not given);
// `open` (given, or made here): one bit per neighbour, the walls open
// (a solver's maze starts with them; a generator's fills in).
// `record(event)` takes an event's number (the header's `a << 7 | x << 3 |
// op`).
function makeMaze(setup, record, open) {
  const t = setup.topology;
  const back = t.back || backOf(t.start, t.adj);
  return mazeOver(setup, record, open, t.start, t.adj, t.live, t.centres, back, t.start.length - 1);
}

// The calls a program makes millions of times (carve, mark, cursor, phase,
// neighbors) are kept small in bytecode, which is what a JIT counts when
// it decides to inline them, with the random source's draw, into the
// program's loop: their checks are a few comparisons, what a bad call says
// is worked out out of line (`badCall`), and the tables are parameters and
// function declarations, which (unlike a closure's `const`) cost no check
// that they are set yet.
// `c >>> 0 === c` holds for whole numbers 0 to 2^32 - 1 only (no string,
// fraction or undefined), and `live[c] === 1` for a live cell only (past
// the end a typed array gives undefined): together, "c is a live cell". A
// carve or wall needs only the first of a's: its search of a's list finds
// b only if both are live neighbours.
function mazeOver(setup, record, open, start, adj, live, centres, back, cells) {
  const solving = setup.kind === "solver";
  let opened = false;
  // Where the cursor is and the step the program is at: saying either
  // again is no step. Fields of one object: a JIT reaches them faster
  // than variables the closures share.
  // (The step is NaN, which no number equals, until the program says one:
  // so its first, even a bad one, goes to `setPhase` to be checked.)
  const at = { cursor: -1, phase: NaN };

  // Why a call was refused, found again out of line (the fast checks only
  // know that something was wrong).
  function badCall(call, a, b) {
    if (solving && (call === "carve" || call === "wall")) {
      throw new ProgramError(`${call}(${a}, ${b}): a solver cannot change the walls`);
    }
    if (call === "phase") throw new ProgramError(`phase(${a}): steps are 1 to 127`);
    for (const c of call === "mark" || call === "cursor" || call === "neighbors" || call === "center" ? [a] : [a, b]) {
      if (c >>> 0 !== c || c >= cells) {
        throw new ProgramError(`${call}: ${c} is not a cell (cells are 0 to ${cells - 1})`);
      }
      if (live[c] !== 1) throw new ProgramError(`${call}: cell ${c} is masked off, no part of the maze`);
    }
    if (call === "mark") {
      throw new ProgramError(
        `mark(${a}, ${JSON.stringify(b)}): the kinds are ${Object.keys(MARKS).join(", ")}, current`,
      );
    }
    if (side(a, b) < 0) throw new ProgramError(`${call}(${a}, ${b}): the cells are not neighbours`);
    throw new ProgramError(`${call}(${a}, ${b}): the wall is already ${call === "wall" ? "a wall" : "open"}`);
  }
  // b's place in a's list, or -1.
  function side(a, b) {
    for (let k = start[a]; k < start[a + 1]; k++) if (adj[k] === b) return k - start[a];
    return -1;
  }
  function between(call, a, b) {
    const k = a >>> 0 === a ? side(a, b) : -1;
    if (k < 0) badCall(call, a, b);
    return k;
  }
  // `(k & 127) === k` holds for whole numbers 0 to 127 only.
  function setPhase(k) {
    if ((k & 127) !== k || k === 0) badCall("phase", k);
    at.phase = k;
    record((k << 7) | OP.phase);
  }
  function moveCursor(c) {
    if (c === at.cursor) return;
    at.cursor = c;
    record((c << 7) | OP.cursor);
  }
  // A solver's maze has these in place of carve and wall.
  function solverCarve(a, b) {
    badCall("carve", a, b);
  }
  function solverWall(a, b) {
    badCall("wall", a, b);
  }

  return {
    cells,
    width: setup.width,
    height: setup.height,
    shape: setup.shape,
    isLive: (c) => Number.isInteger(c) && c >= 0 && c < cells && live[c] === 1,
    neighbors(c) {
      if (c >>> 0 !== c || live[c] !== 1) badCall("neighbors", c);
      const out = [];
      for (let k = start[c]; k < start[c + 1]; k++) out.push(adj[k]);
      return out;
    },
    isOpen(a, b) {
      const k = between("isOpen", a, b);
      return ((open[a] >> k) & 1) === 1;
    },
    // The carve every generator makes: `i` runs through a's list to b, and
    // b's place there is the side the carve opens.
    carve: solving
      ? solverCarve
      : function carve(a, b) {
          const s = start[a], e = start[a + 1];
          let i = s;
          while (i < e && adj[i] !== b) i++;
          if (a >>> 0 !== a || i === e || (open[a] >> (i - s)) & 1) badCall("carve", a, b);
          open[a] |= 1 << (i - s);
          open[b] |= 1 << back[i];
          record((a << 7) | ((i - s) << 3) | OP.carve);
        },
    wall: solving
      ? solverWall
      : function wall(a, b) {
          const k = between("wall", a, b);
          if (((open[a] >> k) & 1) === 0) badCall("wall", a, b);
          open[a] &= ~(1 << k);
          open[b] &= ~(1 << back[start[a] + k]);
          record((a << 7) | (k << 3) | OP.wall);
        },
    openAll() {
      if (solving) throw new ProgramError("openAll(): a solver cannot change the walls");
      if (opened || record.count() > 0) {
        throw new ProgramError("openAll(): call it first, before any other change");
      }
      opened = true;
      for (let a = 0; a < cells; a++) {
        for (let k = start[a]; k < start[a + 1]; k++) open[a] |= 1 << (k - start[a]);
      }
      record.open();
    },
    mark(c, kind) {
      const m = markEvent(kind);
      if (c >>> 0 !== c || live[c] !== 1 || m < 0) badCall("mark", c, kind);
      if (m === 0) moveCursor(c);
      else record((c << 7) | m);
    },
    cursor(c) {
      if (c >>> 0 !== c || live[c] !== 1) badCall("cursor", c);
      moveCursor(c);
    },
    // A step said again is no step, and needs no check (the step it
    // repeats was checked).
    phase(k) {
      if (k !== at.phase) setPhase(k);
    },
    center(c) {
      if (c >>> 0 !== c || live[c] !== 1) badCall("center", c);
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

// A run stopped in a loop at its time limit: the line of the loop.
class EndlessLoop extends Error {
  constructor(line, limitS) {
    super(`stopped after ${limitS} s: an endless loop? line ${line} was running when it was stopped; the steps before it stay`);
    this.line = line;
  }
}

// The guard the page puts at the top of each loop's body (the editor's
// `guardLoops`): once in 1024 turns of a loop it looks at the clock, and
// past the run's time limit it stops the run, naming the loop's line.
const loopGuard = { deadline: Infinity, limitS: 0, turns: 0 };
globalThis.__mazelabLoop = (line) => {
  if ((++loopGuard.turns & 1023) === 0 && now() > loopGuard.deadline) {
    throw new EndlessLoop(line, loopGuard.limitS);
  }
};

// Runs one program to its end. `post(message)` receives { startsOpen:
// true } first if the program opens every wall, the log in pieces
// ({ log: Int32Array, kept? }, or with a shared ring { upTo }: see below),
// what it prints ({ output: [[step, line], ...], dropped }), and then one
// last message: { done, startsOpen, steps, path?, error? }.
// With `setup.logless` (the lab's many mazes) it keeps no log, and the
// last message also holds the maze's walls as `open` (one bit per
// neighbour, as the topology lists them). An error names the call and
// step, or the line.
function run(setup, post, compile) {
  const maxSteps = setup.maxSteps || 50000000;
  loopGuard.limitS = setup.timeLimitS || 0;
  loopGuard.deadline = setup.timeLimitS ? now() + setup.timeLimitS * 1000 : Infinity;
  // The log fills a buffer of PIECE_EVENTS events at a time. Two ways to
  // the page:
  // - Copied (`post`): a full buffer is posted as `{ log, kept: true }`,
  //   copied to the page, not transferred, and the worker writes on in the
  //   same buffer (a fresh buffer for every piece costs more, its memory
  //   touched for the first time, than the copy). The caller's `post` must
  //   not transfer a kept log, and must be done with it when it returns. A
  //   partial piece (`flush`) is a copy of its own, free to transfer.
  // - Shared (`setup.shared`: { ring, ctrl }, Int32Arrays on
  //   SharedArrayBuffers, which a cross-origin isolated page can make): the
  //   buffer is a window on `ring`, which the page made once and reads
  //   itself. Handing events over is a number: ctrl[0], the events written,
  //   and a message `{ upTo }`; the page says in ctrl[1] how far it has read,
  //   and the worker waits before it would write over events not yet read.
  //   Nothing is copied in the worker.
  // `L` (the log): the buffer `log`; `used`, the events in it; `until`,
  // the `used` at which `slow` must look at the buffer, the time and the
  // limit (the one test each event pays). Fields of one object, not
  // variables the closures share: a JIT reaches them faster.
  const shared = setup.shared && !setup.logless ? setup.shared : null;
  const L = { log: shared ? shared.ring.subarray(0, 1) : new Int32Array(FIRST_EVENTS), used: 0, until: 1 };
  // Events handed to the page before those in `L.log`: the run's steps
  // are `posted + L.used`.
  let posted = 0;
  let startsOpen = false;
  let flushed = now();
  // Shared: the events so far are the page's; the buffer becomes the ring
  // from there to its end, at most `span` events (none at the end of the
  // run), once the page has read what that would write over.
  const publish = (span) => {
    posted += L.used;
    L.used = 0;
    const { ring, ctrl } = shared;
    if (posted > Atomics.load(ctrl, 0)) {
      Atomics.store(ctrl, 0, posted);
      post({ upTo: posted });
    }
    const from = posted % ring.length;
    const to = Math.min(ring.length, from + span);
    for (let read; posted + (to - from) - (read = Atomics.load(ctrl, 1)) > ring.length; ) {
      Atomics.wait(ctrl, 1, read, PIECE_MS);
    }
    L.log = ring.subarray(from, to);
    flushed = now();
  };
  const flush = () => {
    if (shared) return publish(0); // only at the end
    if (L.used > 0 && !setup.logless) {
      post({ log: L.log.slice(0, L.used) });
      posted += L.used;
      L.used = 0;
    }
    flushed = now();
  };
  const slow = () => {
    if (output.pending()) output.flush();
    if (posted + L.used > maxSteps) {
      L.used -= 1;
      throw new ProgramError(`the program made more than ${maxSteps} steps; it was stopped`);
    }
    const steps = posted + L.used;
    if (shared) {
      // The first events at once (they reach the stage at once), then a
      // piece at a time, or what there is every PIECE_MS.
      if (steps <= FIRST_EVENTS) publish(steps < FIRST_EVENTS ? steps : PIECE_EVENTS);
      else if (L.used === L.log.length) publish(PIECE_EVENTS);
      else if (now() - flushed > PIECE_MS) publish(L.log.length - L.used);
    } else if (steps <= FIRST_EVENTS) {
      flush(); // the first steps reach the stage at once
    } else if (L.used === L.log.length) {
      post({ log: L.log, kept: true });
      posted += L.used;
      L.used = 0;
      flushed = now();
    } else if (now() - flushed > PIECE_MS) {
      flush();
    }
    if (steps < FIRST_EVENTS) {
      L.until = L.used + Math.min(steps, maxSteps + 1 - steps);
    } else {
      if (steps === FIRST_EVENTS && !shared) L.log = new Int32Array(PIECE_EVENTS);
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
    : (event) => {
        L.log[L.used] = event;
        if (++L.used === L.until) slow();
      };
  record.count = () => posted + L.used;
  // The page reads the log as it comes, so it hears of an open start
  // before the first piece.
  record.open = () => {
    startsOpen = true;
    post({ startsOpen: true });
  };
  // The program's console: its lines go to the page with the log's
  // pieces, so what it printed before an endless loop is still seen.
  const output = outputTo(record.count, (lines, dropped) => post({ output: lines, dropped }));
  const cells = setup.topology.start.length - 1;
  const open = setup.open ? Uint8Array.from(setup.open) : new Uint8Array(cells);
  const maze = makeMaze(setup, record, open);
  const rng = new Rng(setup.seedHi >>> 0, setup.seedLo >>> 0);
  let outcome = { done: true };
  const began = now();
  const ownConsole = globalThis.console;
  globalThis.console = Object.assign(Object.create(ownConsole), output.console);
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
  } finally {
    globalThis.console = ownConsole;
  }
  outcome.runMs = now() - began;
  flush();
  output.flush();
  outcome.startsOpen = startsOpen;
  outcome.steps = posted + L.used;
  if (setup.logless) outcome.open = open;
  post(outcome);
}

// An error as the page shows it: the program's line where the stack gives
// one, then for a bad call its step, for anything else its type.
function describe(e, steps, lineOffset, programUrl) {
  if (e instanceof EndlessLoop) return `line ${e.line}: ${e.message}`;
  const line = lineOf(e, lineOffset, programUrl);
  const where = line ? `line ${line}: ` : "";
  if (e instanceof ProgramError) return `${where}step ${steps + 1}: ${e.message}`;
  const text = e && e.message ? `${e.name || "Error"}: ${e.message}` : String(e);
  return `${where}${text}`;
}

// The program's line an exception (or a bad call) came from: the first
// stack frame in the program's own script (the harness's frames, before
// it or in a script of their own, are passed over) (whose first line is `lineOffset + 1`; with
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
  module.exports = { run, Rng, makeMaze, markEvent, OP, MARKS };
}
