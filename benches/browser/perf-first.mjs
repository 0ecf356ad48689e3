// First visits (a benchmark: it prints figures and never fails on them):
// an instant 1000 x 1000 backtracker link opened in a fresh browser each
// time, so that V8 has no code cached, read as the page's own
// `data-elapsed-ms` and as the time from navigation to the first frame
// painted after the maze is done. With two or more builds, visits go by
// turns between them so the machine's drift falls on each alike.
//   node benches/browser/perf-first.mjs                  (dist/, after trunk build --release)
//   node benches/browser/perf-first.mjs /old/dist dist   (two builds, by turns)
// RUNS (9 unless set) visits each.
import { launch } from '../../tests/e2e/browser.mjs';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };
// Serves one build on a port of its own.
async function serve(dist) {
  const root = `${resolve(dist)}/`;
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try { res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file)); }
    catch { res.writeHead(404).end(); }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}
const given = process.argv.slice(2);
const dists = given.length ? given : [new URL('../../dist/', import.meta.url).pathname];
const servers = await Promise.all(dists.map(serve));
const out = dists.map(() => []);
const runs = Number(process.env.RUNS || 9);
for (let i = 0; i < runs; i++) {
  for (let d = 0; d < dists.length; d++) {
    const browser = await launch();
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    // From the page's first animation frame on, watch for the maze done,
    // then note the frame after it: the maze is on screen.
    await page.addInitScript(() => {
      const check = () => {
        const s = document.querySelector('#status');
        if (s && s.dataset.state === 'done' && !window.doneSeen) { window.doneSeen = performance.now(); requestAnimationFrame(() => { window.painted = performance.now(); }); return; }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.goto(`${servers[d].origin}/?algorithm=backtracker&size=1000x1000&seed=${i + 1}&speed=instant`);
    await page.waitForFunction(() => window.painted, null, { timeout: 30000 });
    const r = await page.evaluate(() => ({ elapsed: Number(document.querySelector('#status').dataset.elapsedMs), painted: window.painted }));
    out[d].push(r);
    await browser.close();
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
dists.forEach((d, k) => {
  const e = out[k].map((r) => r.elapsed), p = out[k].map((r) => r.painted);
  console.log(d, 'elapsed median', median(e).toFixed(1), 'under 60:', e.filter((x) => x < 60).length, '/', e.length, '[', e.map((x) => x.toFixed(0)).join(' '), '] painted median', median(p).toFixed(0), '[', p.map((x) => x.toFixed(0)).join(' '), ']');
});
servers.forEach((s) => s.server.close());
