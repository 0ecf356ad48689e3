// In-browser timings (a benchmark, not a test: it prints figures and never
// fails on them). Reads the app's own readouts from #status:
// data-elapsed-ms (work done in Rust, including drawing) and, while
// animating, data-max-frame-ms (the longest single frame's work).
//   node tests/e2e/perf.mjs
import { serveDist, launch, openPage, waitForState } from './browser.mjs';

const { server, origin } = await serveDist();
const browser = await launch();
// A fresh page per measurement: a tab that held a 4096 x 4096 maze keeps its
// memory for a while and slows whatever it loads next.
let page = null;
const fresh = async () => {
  if (page) await page.close();
  ({ page } = await openPage(browser));
};
const readout = async () => page.locator('#status').evaluate((s) => ({
  elapsed: Number(s.dataset.elapsedMs), steps: Number(s.dataset.steps), metrics: Number(s.dataset.metricsMs), blit: Number(s.dataset.blitMs),
  frames: Number(s.dataset.frames), maxFrame: Number(s.dataset.maxFrameMs),
}));
try {
  for (const [size, runs] of [['1000x1000', 3], ['4096x4096', 1]]) {
    for (let seed = 1; seed <= runs; seed += 1) {
      await fresh();
      const started = Date.now();
      await page.goto(`${origin}/?algorithm=backtracker&size=${size}&seed=${seed}&speed=instant`);
      await waitForState(page, 'done', 120000);
      const r = await readout();
      console.log(`backtracker ${size} instant: ${r.elapsed.toFixed(1)} ms to generate and draw (${r.blit.toFixed(1)} ms of it putting pixels on the canvas), ${r.metrics.toFixed(1)} ms for the metrics (page load to done ${Date.now() - started} ms)`);
    }
  }
  for (const algorithm of ['backtracker', 'kruskal', 'wilson', 'recursive-division']) {
    await fresh();
    await page.goto(`${origin}/?algorithm=${algorithm}&size=200x200&seed=1&speed=100000`);
    await page.waitForTimeout(3000);
    const r = await readout();
    console.log(`${algorithm} 200x200 at 100k steps/s: ${r.frames} frames, longest frame ${r.maxFrame.toFixed(1)} ms, ` +
      `mean ${(r.elapsed / Math.max(r.frames, 1)).toFixed(1)} ms of work per frame`);
  }
} finally {
  await browser.close();
  server.close();
}
