// Lighthouse on the release build as a host would serve it (a timing, not a
// test: it prints figures and never fails on them). The build in dist/ is
// served by scripts/serve.mjs's handler (brotli or gzip, the isolation
// headers, hashed files cached) on a free port; Lighthouse 12 from npm runs
// the mobile preset (a mid-range phone on a slow 4G link, simulated) and
// the desktop preset in Debian's headless Chromium, RUNS times each (3
// unless set), each in a fresh browser; the table gives the median of each
// figure, and the module's size with brotli.
//   npm ci --prefix benches/lighthouse      (once)
//   node benches/lighthouse/run.mjs         (after trunk build --release)
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, dist, serveDist } from './serve-dist.mjs';

let lighthouse, launch, desktop;
try {
  lighthouse = (await import('lighthouse')).default;
  ({ launch } = await import('chrome-launcher'));
  desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
} catch {
  console.error('lighthouse: not installed; run `npm ci --prefix benches/lighthouse` first');
  process.exit(2);
}

const RUNS = Number(process.env.RUNS || 3);
const { server, url } = await serveDist();

const AUDITS = [
  ['first-contentful-paint', 'first paint', 's'],
  ['largest-contentful-paint', 'largest paint', 's'],
  ['total-blocking-time', 'blocking', 'ms'],
  ['cumulative-layout-shift', 'layout shift', ''],
  ['speed-index', 'speed index', 's'],
  ['interactive', 'interactive', 's'],
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function once(config) {
  const chrome = await launch(CHROMIUM);
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
    // A run Lighthouse could not finish (it says why) scores nothing: it
    // is run again rather than counted as a zero.
    if (lhr.runtimeError || CATEGORIES.some((c) => lhr.categories[c].score === null)) {
      return { error: lhr.runtimeError?.message ?? 'a category without a score' };
    }
    const row = {};
    for (const c of CATEGORIES) row[c] = Math.round(lhr.categories[c].score * 100);
    for (const [id] of AUDITS) row[id] = lhr.audits[id].numericValue;
    row.failing = Object.entries(lhr.audits)
      .filter(([, a]) => a.score !== null && a.score < 0.9 && ['binary', 'numeric'].includes(a.scoreDisplayMode))
      .map(([id]) => id);
    return row;
  } finally {
    await chrome.kill();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function show(value, unit) {
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  return value.toFixed(3);
}

// The modules' sizes: the first-visit one is what must arrive before the
// first maze (docs/architecture.md, "Two modules").
const wasm = readdirSync(dist).filter((f) => f.endsWith('_bg.wasm'));
for (const f of wasm) {
  const size = (name) => { try { return statSync(join(dist, name)).size; } catch { return NaN; } };
  const which = f.startsWith('mazelab-first-') ? 'first-visit module' : 'full module';
  console.log(`${which} ${f}: ${size(f)} bytes, ${size(`${f}.br`)} with brotli`);
}
console.log(`${RUNS} runs a preset, medians; served as scripts/serve serves dist/\n`);
console.log(`| preset | ${CATEGORIES.join(' | ')} | ${AUDITS.map(([, name]) => name).join(' | ')} |`);
console.log(`|---|${CATEGORIES.map(() => '---:').join('|')}|${AUDITS.map(() => '---:').join('|')}|`);
const failing = new Set();
const spreads = [];
for (const [name, config] of [['mobile', undefined], ['desktop', desktop]]) {
  const rows = [];
  for (let tries = 0; rows.length < RUNS; tries++) {
    const row = await once(config);
    if (!row.error) rows.push(row);
    else if (tries >= 2 * RUNS) throw new Error(`lighthouse: ${name} runs keep failing: ${row.error}`);
    else console.error(`lighthouse: a ${name} run failed (${row.error}); running it again`);
  }
  for (const r of rows) r.failing.forEach((id) => failing.add(`${name}: ${id}`));
  const cells = [
    ...CATEGORIES.map((c) => median(rows.map((r) => r[c]))),
    ...AUDITS.map(([id, , unit]) => show(median(rows.map((r) => r[id])), unit)),
  ];
  console.log(`| ${name} | ${cells.join(' | ')} |`);
  spreads.push(`${name}: ` + ['performance', 'largest-contentful-paint', 'total-blocking-time']
    .map((id) => `${id} ${rows.map((r) => (id === 'performance' ? r[id] : Math.round(r[id]))).join(', ')}`).join('; '));
}
console.log(`\neach run (performance, largest paint in ms, blocking in ms):\n${spreads.join('\n')}`);
if (failing.size) console.log(`\naudits below 90 in some run: ${[...failing].join(', ')}`);
server.close();
