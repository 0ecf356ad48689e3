// In-browser timings of the Code view (figures, not checks): the starter
// backtracker at 1000 x 1000, instant, from Run to the finished stage; and
// the same JavaScript run bare in a worker (the same random source and the
// same neighbour tables, but no checks and no recording), which is what the
// page's own cost per step is measured against. The two run by turns
// (MAZELAB_PERF_RUNS each, 45 unless set: a set of nine moves by 0.2x on
// a 2-core machine); the ratio comes with the range resampling the pairs
// gives it.
//   node benches/browser/perf-code.mjs   (after trunk build --release)
import { readFileSync } from 'node:fs';
import { serveDist, launch, openPage } from '../../tests/e2e/browser.mjs';
import { interval, median, runToDone } from './timing.mjs';

const root = new URL('../../', import.meta.url).pathname;
const harness = readFileSync(`${root}www/code/harness.js`, 'utf8');
const starter = readFileSync(`${root}www/code/starters/backtracker.js`, 'utf8');

const { server, origin } = await serveDist();
const browser = await launch();
try {
  const { page } = await openPage(browser);
  await page.goto(`${origin}/?view=code&size=1000x1000&seed=1&speed=instant`);
  await page.waitForSelector('.cm-editor');
  await page.selectOption('#code-starter', 'backtracker');
  // The bare run: a 1000 x 1000 square's tables, the harness's Rng, and a
  // maze whose calls do nothing but what the program needs.
  const bareScript = `(function(){ ${harness}\n self.Rng = Rng; })();
      const w = 1000, h = 1000, cells = w * h;
      const start = new Uint32Array(cells + 1), adj = new Uint32Array(4 * cells);
      let k = 0;
      for (let c = 0; c < cells; c++) {
        const x = c % w, y = (c / w) | 0;
        if (y > 0) adj[k++] = c - w;
        if (x + 1 < w) adj[k++] = c + 1;
        if (y + 1 < h) adj[k++] = c + w;
        if (x > 0) adj[k++] = c - 1;
        start[c + 1] = k;
      }
      const open = new Uint8Array(cells);
      const maze = {
        cells, width: w, height: h, shape: 'square',
        isLive: () => true,
        neighbors(c) { const out = []; for (let i = start[c]; i < start[c + 1]; i++) out.push(adj[i]); return out; },
        carve(a, b) { open[a] = 1; open[b] = 1; },
        mark() {}, cursor() {}, phase() {},
      };
      self.onmessage = () => {
        const t0 = performance.now();
        generate(maze, new self.Rng(0, 1));
        self.postMessage(performance.now() - t0);
      };
      ${starter}`;
  // Each waits a second on a quiet page first, as the page's run does.
  const bareRun = async () => page.waitForTimeout(1000).then(() => page.evaluate(async (script) => {
    const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
    const worker = new Worker(url);
    const ms = await new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); worker.postMessage(0); });
    worker.terminate();
    URL.revokeObjectURL(url);
    return ms;
  }, bareScript));
  // The page's run, then the bare one, by turns, so that the machine's
  // drift falls on both. Before each Run the page is left alone a second,
  // as a person reads the last verdict: in that time the page makes its
  // worker for the next run (the harness loaded, the tables handed over).
  const total = [];
  const bare = [];
  const runs = Number(process.env.MAZELAB_PERF_RUNS || 45);
  for (let i = 0; i < runs; i++) {
    await page.waitForTimeout(1000);
    total.push(await runToDone(page));
    const v = page.locator('#code-verdict');
    const a = async (name) => v.getAttribute(name);
    console.log(`  run ${i}: setting up ${await a('data-setup-ms')} ms, worker ${await a('data-run-ms')} ms, the end heard ${await a('data-ended-ms')} ms after Run, then checking and building the stage ${await a('data-page-ms')} ms (checking the log, while the program ran and after: ${await a('data-check-ms')} ms), module memory ${(Number(await page.locator('#status').getAttribute('data-memory-bytes')) / 2 ** 20).toFixed(0)} MiB; bare ${(bare[i] = await bareRun()).toFixed(0)} ms`);
  }
  const list = (xs) => xs.map((t) => t.toFixed(0)).join(', ');
  console.log(`Code view, backtracker starter, 1000 x 1000, instant: Run to the finished stage ${median(total).toFixed(0)} ms (median of ${total.length}: ${list(total)})`);
  console.log(`the same program bare in a worker: ${median(bare).toFixed(0)} ms (median of ${bare.length}: ${list(bare)})`);
  // How sure the ratio is: the pairs resampled (a bootstrap, with a fixed
  // seed so that a run's figures can be checked), the middle 95% of the
  // ratios they give. One machine's drift moves a set of nine by 0.2x; the
  // interval says how far a figure can be trusted.
  const [lo, hi] = interval(total.length, (picks) => median(picks.map((i) => total[i])) / median(picks.map((i) => bare[i])));
  console.log(`ratio: ${(median(total) / median(bare)).toFixed(2)}x (95% of resampled pairs between ${lo.toFixed(2)}x and ${hi.toFixed(2)}x)`);
  // An animated program run: frames while it plays at full speed.
  await page.goto(`${origin}/?view=code&size=1000x1000&seed=1&speed=100000`);
  await page.waitForSelector('.cm-editor');
  await page.selectOption('#code-starter', 'backtracker');
  await page.click('#code-run');
  await page.waitForFunction(() => Number(document.querySelector('#status').dataset.frames) > 200, null, { timeout: 60000 });
  const frames = await page.locator('#status').evaluate((s) => ({
    frames: Number(s.dataset.frames), max: Number(s.dataset.maxFrameMs), slow: Number(s.dataset.slowFrames),
  }));
  console.log(`the program's run animated at 100k steps/s: ${frames.frames} frames, ${frames.slow} over 16 ms, longest ${frames.max.toFixed(1)} ms of work`);
} finally {
  await browser.close();
  server.close();
}
