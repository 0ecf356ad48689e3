// In-browser timings of Python in the Code view (figures, not checks):
//  - ready, first visit: from choosing Python to Python ready, in a fresh
//    browser profile (nothing cached), the build served as scripts/serve
//    serves it (scripts/serve.mjs: compressed, cross-origin isolated);
//  - ready, later visit: the same once the service worker has kept
//    Python (the profile's third visit: the first may come before the
//    service worker controls the page, the second fills its cache);
//  - the notebook-style random_tree starter at 100 x 100, instant, from Run
//    to the finished stage, by turns with the same program run bare in
//    Pyodide in a worker (the same text and neighbour lists, no harness:
//    no checks, no recording, no carving, no stage).
// MAZELAB_PERF_RUNS of each (25 unless set); each median comes with the
// middle 95% of 2,000 resamplings (timing.mjs).
//   node benches/browser/perf-python.mjs   (after trunk build --release)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { launch, openPage } from '../../tests/e2e/browser.mjs';
import { handler } from '../../scripts/serve.mjs';
import { interval, median, runToDone } from './timing.mjs';

const root = new URL('../../', import.meta.url).pathname;
const starter = readFileSync(`${root}www/code/starters/random-tree.py`, 'utf8');
const runs = Number(process.env.MAZELAB_PERF_RUNS || 25);

const describe = (name, xs) => {
  const [lo, hi] = interval(xs.length, (picks) => median(picks.map((i) => xs[i])));
  console.log(`${name}: ${median(xs).toFixed(0)} ms (median of ${xs.length}, 95% of resamplings ${lo.toFixed(0)}-${hi.toFixed(0)} ms)`);
};

const server = createServer(handler(`${root}dist/`));
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();
const url = `${origin}/?view=code&size=100x100&seed=1&speed=instant`;

// Chooses Python on `page` (open on the Code view) and returns the page's
// own figure, from the choice to ready.
async function readyMs(page) {
  await page.waitForSelector('.cm-editor');
  if ((await page.locator('#code-lang').inputValue()) !== 'python') await page.selectOption('#code-lang', 'python');
  await page.waitForFunction(() => document.querySelector('#code-python').dataset.readyMs, null, { timeout: 60000 });
  return Number(await page.locator('#code-python').getAttribute('data-ready-ms'));
}

try {
  const first = [];
  const cached = [];
  for (let i = 0; i < runs; i++) {
    const { page } = await openPage(browser);
    await page.goto(`${origin}/?view=code&size=100x100&seed=1&speed=instant`);
    // A visitor who has not used Python here: JavaScript is chosen.
    first.push(await readyMs(page));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
    await page.reload();
    await readyMs(page);
    await page.reload();
    cached.push(await readyMs(page));
    console.log(`  visit ${i}: ready ${first[i].toFixed(0)} ms first, ${cached[i].toFixed(0)} ms from the cache`);
    await page.context().close();
  }
  describe('Python ready, first visit', first);
  describe('Python ready, from the cache', cached);

  const { page } = await openPage(browser);
  await page.goto(url);
  await readyMs(page);
  await page.selectOption('#code-starter', 'random-tree');
  // The bare run: Pyodide in a worker of its own, the starter's text and a
  // 100 x 100 square's neighbour lists, generate() called and timed from
  // the message to the answer.
  await page.evaluate(async (text) => {
    const script = `
      let py = null;
      self.onmessage = async (e) => {
        if (e.data.load) {
          const { loadPyodide } = await import(e.data.load + "pyodide.mjs");
          py = await loadPyodide({ indexURL: e.data.load });
          py.runPython(\`
class Bare:
    def __init__(self, w, h):
        self.width, self.height, self.cells, self.shape = w, h, w * h, "square"
        self._nbrs = []
        for c in range(w * h):
            x, y = c % w, c // w
            self._nbrs.append([n for n, ok in ((c - w, y > 0), (c + 1, x + 1 < w), (c + w, y + 1 < h), (c - 1, x > 0)) if ok])
    def is_live(self, c): return 0 <= c < self.cells
    def neighbors(self, c): return list(self._nbrs[c])
bare = Bare(100, 100)
\`);
          self.postMessage("ready");
          return;
        }
        const t0 = performance.now();
        py.runPython("import random\\nrandom.seed(1)\\nnames = {}\\nexec(compile(text, 'program.py', 'exec'), names)\\nedges = names['generate'](bare, None)",
          { locals: py.toPy({ text: e.data.text }) });
        self.postMessage(performance.now() - t0);
      };`;
    const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
    window.bare = new Worker(url);
    window.bareText = text;
    await new Promise((resolve) => {
      window.bare.onmessage = () => resolve();
      window.bare.postMessage({ load: new URL('pyodide/', document.baseURI).href });
    });
  }, starter);
  const bareRun = () => page.evaluate(() => new Promise((resolve) => {
    const t0 = performance.now();
    window.bare.onmessage = () => resolve(performance.now() - t0);
    window.bare.postMessage({ text: window.bareText });
  }));
  const total = [];
  const bare = [];
  for (let i = 0; i < runs; i++) {
    await page.waitForTimeout(500);
    total.push(await runToDone(page));
    const v = page.locator('#code-verdict');
    const a = async (name) => v.getAttribute(name);
    await page.waitForTimeout(500);
    bare.push(await bareRun());
    console.log(`  run ${i}: Run to done ${total[i].toFixed(0)} ms (setting up ${await a('data-setup-ms')} ms, the worker ${await a('data-run-ms')} ms, heard ${await a('data-ended-ms')} ms after Run, the page ${await a('data-page-ms')} ms); bare ${bare[i].toFixed(0)} ms`);
  }
  describe('random_tree starter, 100 x 100, instant, Run to the finished stage', total);
  describe('the same program bare in Pyodide in a worker', bare);
  const [lo, hi] = interval(total.length, (picks) => median(picks.map((i) => total[i])) / median(picks.map((i) => bare[i])));
  console.log(`ratio: ${(median(total) / median(bare)).toFixed(2)}x (95% of resampled pairs between ${lo.toFixed(2)}x and ${hi.toFixed(2)}x)`);
} finally {
  await browser.close();
  server.close();
}
