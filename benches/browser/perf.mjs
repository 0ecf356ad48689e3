// In-browser timings (a benchmark, not a test: it prints figures and never
// fails on them), read from the app's own readouts in #status:
// data-elapsed-ms (work done in Rust, drawing included) and, while
// animating, data-max-frame-ms (the longest single frame's work).
//   node benches/browser/perf.mjs            (after trunk build --release)
//   MAZELAB_DIST=/other/dist node benches/browser/perf.mjs   (another build)
//   node benches/browser/perf.mjs quick      (one run of each, fewer algorithms)
import { stat, readdir } from 'node:fs/promises';
import { serveDist, launch, openPage, waitForState } from '../../tests/e2e/browser.mjs';

const quick = process.argv.includes('quick');
const { server, origin } = await serveDist();
const browser = await launch();
const dist = process.env.MAZELAB_DIST ?? new URL('../../dist/', import.meta.url).pathname;
const wasm = (await readdir(dist)).find((f) => f.endsWith('.wasm'));
console.log(`${dist}: ${wasm} is ${(await stat(`${dist}/${wasm}`)).size} bytes`);
// A fresh page per measurement: a tab that held a 4096 x 4096 maze keeps its
// memory for a while and slows whatever it loads next.
let page = null;
const fresh = async (viewport = { width: 1400, height: 900 }) => {
  if (page) await page.context().close();
  ({ page } = await openPage(browser, viewport));
};
const readout = async () => page.locator('#status').evaluate((s) => ({
  elapsed: Number(s.dataset.elapsedMs), steps: Number(s.dataset.steps), metrics: Number(s.dataset.metricsMs),
  frames: Number(s.dataset.frames), maxFrame: Number(s.dataset.maxFrameMs),
  slow: Number(s.dataset.slowFrames), draw: Number(s.dataset.drawMs),
  build: Number(s.dataset.buildMs),
}));
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  // Page load (navigation start) to the first frame that shows carving, on
  // a 1000 x 1000 link: seen from the page's first animation frame on (a
  // script the browser runs before the page's own, so the measure waits
  // neither for the load event nor for the test tool), and as the page's
  // own readout (data-first-frame-ms, when its first frame's steps are
  // carved: the browser paints them next).
  const loads = [];
  const readouts = [];
  const starts = [];
  for (let i = 0; i < (quick ? 2 : 5); i += 1) {
    await fresh();
    await page.addInitScript(() => {
      const look = () => {
        const s = document.querySelector('#status');
        if (s && Number(s.dataset.steps) > 0) {
          window.mazelabFirstCarvedFrame = performance.now();
          return;
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(`${origin}/?algorithm=backtracker&size=1000x1000&seed=${i + 1}`);
    loads.push(await page.waitForFunction(() => window.mazelabFirstCarvedFrame, null, { timeout: 20000 }).then((h) => h.jsonValue()));
    readouts.push(await page.locator('#status').evaluate((s) => Number(s.dataset.firstFrameMs)));
    starts.push(await page.evaluate(() => ['mazelab-start', 'mazelab-mounted'].map((m) => performance.getEntriesByName(m)[0]?.startTime ?? NaN)));
  }
  console.log(`page load to the module running: median ${median(starts.map((s) => s[0])).toFixed(0)} ms; to the app mounted: median ${median(starts.map((s) => s[1])).toFixed(0)} ms`);
  console.log(`page load to the first frame of carving, 1000x1000: median ${median(loads).toFixed(0)} ms (${loads.map((l) => l.toFixed(0)).join(', ')}); ` +
    `the page's readout: median ${median(readouts).toFixed(0)} ms (${readouts.join(', ')})`);
  for (const [size, runs] of [['1000x1000', quick ? 1 : 5], ['4096x4096', quick ? 1 : 2]]) {
    const times = [];
    const draws = [];
    for (let seed = 1; seed <= runs; seed += 1) {
      await fresh();
      await page.goto(`${origin}/?algorithm=backtracker&size=${size}&seed=${seed}&speed=instant`);
      await waitForState(page, 'done', 120000);
      const r = await readout();
      times.push(r.elapsed);
      draws.push(r.draw);
    }
    console.log(`backtracker ${size} instant generate and draw: median ${median(times).toFixed(1)} ms, fastest ${Math.min(...times).toFixed(1)} ` +
      `(${times.map((t) => t.toFixed(1)).join(', ')}); drawing ${median(draws).toFixed(1)} ms of it`);
  }
  // Other shapes, instant: the whole rebuild (the pixel map included).
  for (const query of ['shape=hex&size=1000x1000', 'shape=polar&size=500', 'shape=triangle&size=1000x1000',
    'shape=hex&size=30x20', 'shape=polar&size=15']) {
    const builds = [];
    const works = [];
    for (let seed = 1; seed <= (quick ? 1 : 5); seed += 1) {
      await fresh();
      await page.goto(`${origin}/?algorithm=growing-tree&${query}&seed=${seed}&speed=instant`);
      await waitForState(page, 'done', 120000);
      const r = await readout();
      builds.push(r.build);
      works.push(r.elapsed);
    }
    console.log(`growing-tree ${query} instant, built, generated and drawn: median ${median(builds).toFixed(1)} ms ` +
      `(${builds.map((t) => t.toFixed(1)).join(', ')}); generating and drawing ${median(works).toFixed(1)} ms of it`);
  }
  // The lab: 1000 backtracker mazes of 100 x 100 in the workers, from the
  // click to the table (the workers' start included on the first run).
  {
    await fresh();
    await page.goto(`${origin}/?view=lab&lab=backtracker&lab_size=100x100&lab_runs=1000&lab_trees=off`);
    await page.waitForTimeout(500);
    const runs = [];
    for (let i = 0; i < 3; i += 1) {
      await page.click('#lab-run');
      await page.waitForSelector('#lab-status[data-state="done"]', { timeout: 60000 });
      runs.push(Number(await page.locator('#lab-status').getAttribute('data-ms')));
      await page.evaluate(() => document.querySelector('#lab-status').setAttribute('data-state', 'idle'));
    }
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(`lab: 1000 backtracker mazes of 100x100 on ${cores} workers: ${runs.map((t) => t.toFixed(0)).join(', ')} ms (first with the workers' start)`);
  }
  const algorithms = quick
    ? ['backtracker', 'kruskal', 'wilson']
    : ['growing-tree', 'backtracker', 'kruskal', 'prim', 'true-prim', 'aldous-broder', 'wilson', 'hunt-and-kill',
      'eller', 'binary-tree', 'sidewinder', 'recursive-division', 'cellular-automaton', 'brain'];
  for (const algorithm of algorithms) {
    await fresh();
    await page.goto(`${origin}/?algorithm=${algorithm}&size=1000x1000&seed=1&speed=100000`);
    await page.waitForTimeout(4000);
    const r = await readout();
    console.log(`${algorithm} 1000x1000 at 100k steps/s: ${r.frames} frames, ${r.slow} over 16 ms, longest ${r.maxFrame.toFixed(1)} ms, ` +
      `mean ${(r.elapsed / Math.max(r.frames, 1)).toFixed(1)} ms of work per frame`);
  }
} finally {
  await browser.close();
  server.close();
}
