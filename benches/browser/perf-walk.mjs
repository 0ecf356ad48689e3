// The walk view (a benchmark: it prints figures and never fails on them),
// in headless Chromium's software renderer on the release build in dist/:
// - frames a second while autopilot walks a 100 x 100 maze: the frames the
//   view drew (`#walk[data-frames]`) over 4 s of walking, per visit, and
//   the share of the canvas's device pixels it drew at by then (the view
//   draws fewer when frames come slow: `src/web/walk/mod.rs`, `Scale`);
// - a 1000 x 1000 maze's walk view opening: the maze built in the Maze
//   view, then the Walk tab pressed, to the view's first frame drawn (the
//   page's own `data-open-ms`), and the whole visit of a `view=walk` link,
//   navigation to the first frame drawn.
// RUNS (5 unless set) visits each, each in a fresh browser; medians and the
// range.
//   node benches/browser/perf-walk.mjs
import { launch, serveDist } from '../../tests/e2e/browser.mjs';

const runs = Number(process.env.RUNS || 5);
const { server, origin } = await serveDist();
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const line = (what, xs, unit, digits = 1) =>
  `${what.padEnd(58)} ${median(xs).toFixed(digits).padStart(7)} ${unit} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}, ${xs.length} visits)`;

async function fresh() {
  const browser = await launch();
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  return { browser, page };
}

const fps = [];
const scales = [];
const tabOpen = [];
const linkOpen = [];
let renderer = '';
for (let i = 0; i < runs; i++) {
  {
    const { browser, page } = await fresh();
    await page.goto(`${origin}/?size=100x100&seed=${i + 1}&speed=instant&view=walk`);
    await page.waitForSelector('#walk[data-cell]', { timeout: 30000 });
    renderer ||= await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
      return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : 'unknown';
    });
    await page.click('#walk-autopilot');
    await page.waitForTimeout(500);
    const frames = async () => Number(await page.getAttribute('#walk', 'data-frames'));
    const [f0, t0] = [await frames(), Date.now()];
    await page.waitForTimeout(4000);
    const [f1, t1] = [await frames(), Date.now()];
    fps.push((f1 - f0) / ((t1 - t0) / 1000));
    scales.push(Number(await page.getAttribute('#walk', 'data-scale')));
    await browser.close();
  }
  {
    const { browser, page } = await fresh();
    await page.goto(`${origin}/?size=1000x1000&seed=${i + 1}&speed=instant`);
    await page.waitForSelector('#status[data-state="done"]', { timeout: 60000 });
    await page.click('#view-walk');
    await page.waitForSelector('#walk[data-open-ms]', { timeout: 30000 });
    tabOpen.push(Number(await page.getAttribute('#walk', 'data-open-ms')));
    await browser.close();
  }
  {
    const { browser, page } = await fresh();
    const started = Date.now();
    await page.goto(`${origin}/?size=1000x1000&seed=${i + 1}&speed=instant&view=walk`);
    await page.waitForSelector('#walk[data-frames]:not([data-frames="0"])', { timeout: 60000 });
    linkOpen.push(Date.now() - started);
    await browser.close();
  }
}
server.close();
console.log(`renderer: ${renderer}`);
console.log(line('100 x 100, autopilot walking: frames drawn a second', fps, 'fps'));
console.log(line('  the share of the device pixels drawn then (the rest scaled)', scales, '', 2));
console.log(line('1000 x 1000, Walk tab pressed to its first frame', tabOpen, 'ms'));
console.log(line('1000 x 1000, a view=walk link: navigation to first frame', linkOpen, 'ms', 0));
