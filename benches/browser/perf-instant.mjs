// The page's own job (a benchmark: it prints figures and never fails on
// them): an instant backtracker build read from the page's readout
// (`#status[data-elapsed-ms]`: generating and drawing the maze), each
// visit a fresh browser so that V8 has no code cached. Three links: 200 x
// 200, which the first-visit module builds, and 1000 x 1000 and
// 4096 x 4096, which need the full module. With two builds or more,
// visits go by turns between them so the machine's drift falls on each
// alike; each median comes with the middle 95% of 2,000 resamplings.
//   node benches/browser/perf-instant.mjs                  (dist/, after trunk build --release)
//   node benches/browser/perf-instant.mjs /old/dist dist   (two builds, by turns)
// RUNS visits of each link to each build (7 unless set).
import { launch, serveDist } from '../../tests/e2e/browser.mjs';
import { relative } from 'node:path';
import { interval, median } from './timing.mjs';


const given = process.argv.slice(2);
const dists = given.length ? given : [new URL('../../dist/', import.meta.url).pathname];
const servers = await Promise.all(dists.map((dist) => serveDist({ dist, isolated: false })));
const runs = Number(process.env.RUNS || 7);
const SIZES = (process.env.SIZES || '200x200,1000x1000,4096x4096').split(',');
const seen = dists.map(() => Object.fromEntries(SIZES.map((s) => [s, { elapsed: [], module: [] }])));
try {
  for (let i = 0; i < runs; i++) {
    for (const size of SIZES) {
      for (let d = 0; d < dists.length; d++) {
        const browser = await launch();
        try {
          const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
          await page.goto(`${servers[d].origin}/?algorithm=backtracker&size=${size}&seed=${i + 1}&speed=instant`);
          await page.waitForSelector('#status[data-state="done"][data-elapsed-ms]', { timeout: 120000 });
          const r = await page.evaluate(() => ({
            elapsed: Number(document.querySelector('#status').dataset.elapsedMs),
            module: document.documentElement.dataset.module || 'full',
          }));
          seen[d][size].elapsed.push(r.elapsed);
          seen[d][size].module.push(r.module);
        } finally {
          await browser.close();
        }
      }
    }
  }
} finally {
  servers.forEach((s) => s.server.close());
}
for (const size of SIZES) {
  dists.forEach((dist, d) => {
    const { elapsed, module } = seen[d][size];
    const name = `${relative(process.cwd(), dist) || '.'}/`;
    const [low, high] = interval(elapsed.length, (idx) => median(idx.map((k) => elapsed[k])));
    const modules = [...new Set(module)].join('+');
    console.log(`${name} backtracker ${size} instant (${modules} module): median ${median(elapsed).toFixed(1)} ms ` +
      `(95% ${low.toFixed(1)}-${high.toFixed(1)}; ${elapsed.map((x) => x.toFixed(1)).join(', ')})`);
  });
  if (dists.length === 2) {
    const [a, b] = seen.map((s) => s[size].elapsed);
    const ratios = a.map((x, k) => x / b[k]);
    const [low, high] = interval(ratios.length, (idx) => median(idx.map((k) => ratios[k])));
    console.log(`  ${size}: first / second, pair by pair: median ${median(ratios).toFixed(2)} (95% ${low.toFixed(2)}-${high.toFixed(2)})`);
  }
}
