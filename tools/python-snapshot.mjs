// Makes www/code/build/pyodide/python.snapshot.gz: the memory of a Python
// (Pyodide, from this folder's npm package) that has started and imported
// what the harness and most notebooks use, gzipped. The Code view's worker
// starts Python from it (www/code/python.js) instead of starting it anew:
// about 0.5 s rather than 4 s on a 2-core machine. Run by tools/copy-pyodide
// when the snapshot is older than Pyodide or this script.
//   node tools/python-snapshot.mjs OUT
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("node_modules/pyodide/", import.meta.url));
const out = process.argv[2];
const { loadPyodide } = await import(`${dir}pyodide.mjs`);
const python = await loadPyodide({ indexURL: dir, _makeSnapshot: true });
// The harness's modules (www/code/harness.py), and what programs written
// for a notebook reach for first.
python.runPython(`
import array, random, time, traceback
import bisect, collections, dataclasses, functools, heapq, itertools, math, operator, typing
`);
const snapshot = python.makeMemorySnapshot();
writeFileSync(out, gzipSync(snapshot, { level: 9 }));
