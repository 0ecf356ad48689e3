import { serveDist } from './browser.mjs';
import { chromium } from 'playwright-core';
const { server, origin } = await serveDist();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', ...(process.env.ARGS ?? '').split(' ').filter(Boolean)] });
for (const [w, h] of [[1400, 900], [700, 500]]) {
  const page = await (await browser.newContext({ viewport: { width: w, height: h } })).newPage();
  await page.goto(`${origin}/?size=100x100&seed=1&speed=instant&view=walk`);
  await page.waitForSelector('#walk[data-cell]');
  await page.waitForTimeout(500);
  const frames = async () => Number(await page.getAttribute('#walk', 'data-frames'));
  let f0 = await frames(); await page.waitForTimeout(2000); const idle = (await frames() - f0) / 2;
  await page.click('#walk-autopilot'); await page.waitForTimeout(300);
  f0 = await frames(); await page.waitForTimeout(2000); const walking = (await frames() - f0) / 2;
  const raf = await page.evaluate(() => new Promise((ok) => { let n = 0; const t0 = performance.now(); const f = () => { n++; if (performance.now() - t0 < 1000) requestAnimationFrame(f); else ok(n); }; requestAnimationFrame(f); }));
  console.log(w, h, 'idle fps', idle, 'walking fps', walking, 'raf', raf);
}
await browser.close(); server.close();
