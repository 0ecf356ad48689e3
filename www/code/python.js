// mazelab's Python: CPython compiled to WebAssembly (Pyodide, shipped in
// the build's pyodide/ folder, tools/copy-pyodide), loaded in the
// program's worker and running the Python harness (www/code/harness.py).
// The Code view's Python worker is this script and a message handler
// (src/web/code/python.rs); the lab's workers take it too
// (src/web/lab/worker.rs). It sets `self.mazelabPython`:
//
//   load({ indexURL, harness }, progress) -> Promise
//     Loads Pyodide from `indexURL` (an absolute address ending in "/"),
//     reporting `progress(bytes, total)` as its files arrive, and defines
//     the harness. Resolves once Python is ready.
//   interruptBuffer() -> SharedArrayBuffer | null
//     On a cross-origin isolated page, the 4 bytes the page stores 2 into
//     (Atomics) to stop a run: KeyboardInterrupt on the running line.
//   run(setup, post)
//     Runs one program, as harness.js's `run` does: the same setup
//     (`kind, seedHi, seedLo, shape, width, height, topology, open?, start,
//     goal, maxSteps, logless?`, and the program as `text`) and the same
//     messages to `post`: { startsOpen: true } when the program opens every
//     wall, the log in pieces ({ log: Int32Array }), what it prints
//     ({ output: [[step, line], ...], dropped }), and last { done,
//     startsOpen, steps, runMs, path?, open?, error?, fatal? }. `fatal`:
//     Python itself failed (out of memory), and the worker must go.

"use strict";

self.mazelabPython = (() => {
  let pyodide = null;
  let harnessRun = null;
  // Where the page asks Python to stop (a cross-origin isolated page's
  // shared memory): 2 there is SIGINT, which raises KeyboardInterrupt on
  // the line the program is running. `null` where shared memory is not
  // to be had.
  let interrupt = null;
  let harnessTopology = null;
  // The last tables, as the harness's Topology, and the page's key for
  // them: the page sends a maze's tables once, then only their key.
  let kept = { key: null, topology: null };

  // Counts the bytes of Pyodide's files as they arrive: each response is
  // read through a copy (`clone`), so Pyodide still gets the response
  // itself, which the browser compiles as it streams and keeps compiled.
  function counting(progress) {
    const fetch = self.fetch.bind(self);
    const files = new Map();
    const report = () => {
      let bytes = 0, total = 0;
      for (const f of files.values()) {
        bytes += f.bytes;
        total += f.total;
      }
      progress(bytes, total);
    };
    return async (input, init) => {
      const response = await fetch(input, init);
      const total = Number(response.headers.get("content-length")) || 0;
      if (!response.ok || !response.body || total === 0) return response;
      const file = { bytes: 0, total };
      files.set(String(input), file);
      const reader = response.clone().body.getReader();
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          file.bytes += value.length;
          report();
        }
      })().catch(() => {});
      report();
      return response;
    };
  }

  // The memory of a Python already started (tools/python-snapshot.mjs),
  // gzipped: Python starts from it in a fraction of the time it takes to
  // start anew. `null` if it cannot be had.
  async function snapshot(indexURL) {
    try {
      const response = await self.fetch(`${indexURL}python.snapshot.gz`);
      if (!response.ok) return null;
      const plain = response.body.pipeThrough(new DecompressionStream("gzip"));
      return new Uint8Array(await new Response(plain).arrayBuffer());
    } catch {
      return null;
    }
  }

  async function load({ indexURL, harness }, progress) {
    const plain = self.fetch;
    self.fetch = counting(progress);
    try {
      const [{ loadPyodide }, memory] = await Promise.all([import(`${indexURL}pyodide.mjs`), snapshot(indexURL)]);
      try {
        pyodide = await loadPyodide({ indexURL, fullStdLib: false, ...(memory ? { _loadSnapshot: memory } : {}) });
      } catch (e) {
        if (!memory) throw e;
        // A snapshot this Pyodide will not take: start Python anew.
        pyodide = await loadPyodide({ indexURL, fullStdLib: false });
      }
    } finally {
      self.fetch = plain;
    }
    if (self.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
      interrupt = new Int32Array(new SharedArrayBuffer(4));
      pyodide.setInterruptBuffer(interrupt);
    }
    const names = pyodide.globals.get("dict")();
    pyodide.runPython(harness, { globals: names });
    harnessRun = names.get("run");
    harnessTopology = names.get("Topology");
    names.destroy();
  }

  // The harness's Topology of the run's tables: the one kept if the page
  // sent only their key (`tablesKey`), else made from `m.topology` (and
  // kept under its key, if it has one).
  function topologyOf(m) {
    if (m.tablesKey && m.tablesKey === kept.key && kept.topology) return kept.topology;
    if (!m.topology) throw new Error("the page sent no tables");
    const t = m.topology;
    const tables = pyodide.toPy({ start: t.start, adj: t.adj, live: t.live, centres: t.centres, ...(t.back ? { back: t.back } : {}) });
    const topology = harnessTopology(tables);
    tables.destroy();
    if (kept.topology) kept.topology.destroy();
    kept = m.tablesKey ? { key: m.tablesKey, topology } : { key: null, topology: null };
    return topology;
  }

  function run(m, post) {
    const toPy = (v) => pyodide.toPy(v);
    let topology;
    try {
      topology = topologyOf(m);
    } catch (e) {
      post({ done: true, startsOpen: false, steps: 0, runMs: 0, fatal: true, error: `Python stopped: ${e.message || e}` });
      return;
    }
    const fields = {
      kind: m.kind,
      seed_hi: m.seedHi >>> 0,
      seed_lo: m.seedLo >>> 0,
      shape: m.shape,
      width: m.width,
      height: m.height,
      start: m.start,
      goal: m.goal,
      max_steps: m.maxSteps,
      logless: !!m.logless,
      time_limit_s: m.timeLimitS || 0,
    };
    if (interrupt) Atomics.store(interrupt, 0, 0); // a stop asked after the last run ended
    if (m.open) fields.open = m.open; // a solver's walls (a generator's start closed)
    const setup = toPy(fields);
    let startsOpen = false;
    // A piece of the log: the harness's array("I"), copied out of Python's
    // memory (the harness is done with it).
    const piece = (events) => {
      const view = events.getBuffer("u32");
      const log = new Int32Array(view.data.length);
      log.set(new Int32Array(view.data.buffer, view.data.byteOffset, view.data.length));
      view.release();
      post({ log });
    };
    const opened = () => {
      startsOpen = true;
      post({ startsOpen: true });
    };
    // What the program prints: (step, line) pairs, as harness.js posts them.
    const printed = (lines, dropped) => {
      const output = lines.toJs();
      lines.destroy();
      post({ output, dropped });
    };
    let outcome;
    try {
      const result = harnessRun(setup, piece, m.text, opened, topology, printed);
      outcome = result.toJs({ dict_converter: Object.fromEntries });
      result.destroy();
    } catch (e) {
      // Python itself failed: the worker is no use any more.
      const text = String((e && e.message) || e);
      const memory = /memory|OOM|Aborted/i.test(text);
      post({
        done: true, startsOpen, steps: 0, runMs: 0, fatal: true,
        error: memory
          ? "MemoryError: the program asked for more memory than the page can give; it was stopped"
          : `Python stopped: ${text.split("\n").filter(Boolean).pop()}`,
      });
      return;
    } finally {
      setup.destroy();
      if (topology !== kept.topology) topology.destroy();
    }
    const done = {
      done: true,
      startsOpen: outcome.starts_open,
      steps: outcome.steps,
      runMs: outcome.run_ms,
    };
    if (outcome.error !== undefined) done.error = outcome.error;
    if (outcome.path !== undefined) done.path = outcome.path;
    if (outcome.open !== undefined) done.open = outcome.open;
    post(done);
  }

  // The shared buffer the page writes 2 into to stop a run, once loaded.
  const interruptBuffer = () => (interrupt ? interrupt.buffer : null);

  return { load, run, interruptBuffer };
})();
