// Where the mobile preset's blocking time comes from (a diagnosis, not a
// test: it prints and never fails). Lighthouse does not time the page on a
// phone: it traces it on this machine and simulates the phone, each
// main-thread task stretched 4x (2x when it lays the page out) and placed
// after the requests it waits on. Total blocking time is what each
// simulated task beyond 50 ms adds between the first paint and the
// interactive point. This runs the mobile preset as run.mjs does, RUNS
// times (3 unless set), and lists each run's simulated tasks that add some,
// by kind:
//   page       the page's parsing and its scripts
//   module     the module's own tasks (its compile, start, mount, timers)
//   frames     animation frames (the maze carving) with their rendering
//   rendering  style, layout, paint and commit in a task of their own
//   other      anything else (garbage collection, say)
// with the task's traced length and its longest parts, so a change can be
// seen to shorten a task even when the total moves with the run (it does:
// on a 2-core machine a frame's commit waits while the browser's own
// threads draw and record the frames before it).
//   node benches/lighthouse/blocking.mjs      (after trunk build --release)
import { CHROMIUM, serveDist } from './serve-dist.mjs';

let lighthouse, launch, Simulator, impact;
try {
  lighthouse = (await import('lighthouse')).default;
  ({ launch } = await import('chrome-launcher'));
  const lantern = './node_modules/@paulirish/trace_engine/models/trace/lantern';
  ({ Simulator } = await import(`${lantern}/simulation/Simulator.js`));
  ({ calculateTbtImpactForEvent: impact } = await import(`${lantern}/metrics/TBTUtils.js`));
} catch {
  console.error('lighthouse: not installed; run `npm ci --prefix benches/lighthouse` first');
  process.exit(2);
}

const RUNS = Number(process.env.RUNS || 3);
const { server, url } = await serveDist();

// A task's kind, from the time of its parts: the module's when its own
// callbacks and microtasks take 5 ms of it.
function kind(parts) {
  const ms = (name) => parts[name] ?? 0;
  if (ms('FireAnimationFrame') > 0) return 'frames';
  if (ms('TimerFire') + ms('RunMicrotasks') >= 5) return 'module';
  if (ms('ParseHTML') + ms('EvaluateScript') > 0) return 'page';
  if (['Commit', 'Paint', 'Layout', 'UpdateLayoutTree', 'PrePaint'].some((n) => ms(n) > 0)) return 'rendering';
  return 'other';
}

// The parts of a task worth naming.
const PARTS = new Set(['FunctionCall', 'FireAnimationFrame', 'TimerFire', 'RunMicrotasks', 'EventDispatch', 'ParseHTML', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'MajorGC', 'MinorGC', 'v8.wasm.compileConsume']);

// The end of a simulation: when its last node finished.
const end = (timings) => Math.max(...[...timings.values()].map((t) => t.endTime));

for (let run = 0; run < RUNS; run++) {
  Simulator.allNodeTimings.clear();
  const chrome = await launch(CHROMIUM);
  let lhr;
  try {
    ({ lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }));
  } finally {
    await chrome.kill();
  }
  if (lhr.runtimeError) { run--; continue; }
  const sims = Simulator.allNodeTimings;
  const fcp = { optimistic: end(sims.get('optimisticFirstContentfulPaint')), pessimistic: end(sims.get('pessimisticFirstContentfulPaint')) };
  const tti = { optimistic: end(sims.get('optimisticInteractive')), pessimistic: end(sims.get('pessimisticInteractive')) };
  const tasks = new Map();
  // Lighthouse averages the two estimates, each with the other's window.
  for (const [estimate, window] of [['optimistic', [fcp.pessimistic, tti.optimistic]], ['pessimistic', [fcp.optimistic, tti.pessimistic]]]) {
    for (const [node, t] of sims.get(`${estimate}TotalBlockingTime`)) {
      if (node.type !== 'cpu') continue;
      const event = { start: t.startTime, end: t.endTime, duration: t.endTime - t.startTime };
      const adds = impact(event, ...window) / 2;
      if (adds <= 0) continue;
      const row = tasks.get(node) ?? { start: event.start, duration: event.duration, adds: 0 };
      row.adds += adds;
      tasks.set(node, row);
    }
  }
  const total = lhr.audits['total-blocking-time'].numericValue;
  console.log(`run ${run + 1}: blocking ${Math.round(total)} ms (performance ${Math.round(lhr.categories.performance.score * 100)})`);
  const byKind = {};
  for (const [node, row] of [...tasks].sort((a, b) => a[1].start - b[1].start)) {
    // Its parts (trace events nest: a part's time includes its own parts').
    const parts = {};
    for (const e of node.childEvents ?? []) if (PARTS.has(e.name)) parts[e.name] = (parts[e.name] ?? 0) + e.dur / 1000;
    const k = kind(parts);
    byKind[k] = (byKind[k] ?? 0) + row.adds;
    const traced = (node.endTime - node.startTime) / 1000;
    const longest = Object.entries(parts).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', ');
    console.log(`  ${k.padEnd(9)} at ${Math.round(row.start)} ms, ${Math.round(row.duration)} ms simulated (${traced.toFixed(1)} ms traced${node.didPerformLayout() ? ', lays out' : ''}): adds ${Math.round(row.adds)} ms; ${longest}`);
  }
  console.log(`  by kind: ${Object.entries(byKind).map(([k, v]) => `${k} ${Math.round(v)} ms`).join(', ')}`);
}
server.close();
