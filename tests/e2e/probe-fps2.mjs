import { serveDist } from './browser.mjs';
import { chromium } from 'playwright-core';
const { server, origin } = await serveDist();
const raf = (page) => page.evaluate(() => new Promise((ok) => { let n = 0; const t0 = performance.now(); const f = () => { n++; if (performance.now() - t0 < 2000) requestAnimationFrame(f); else ok(n / 2); }; requestAnimationFrame(f); }));
for (const view of ['maze', 'walk']) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', ...(process.env.ARGS ?? '').split(' ').filter(Boolean)] });
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(`${origin}/?size=100x100&seed=1&speed=instant&view=${view}`);
  await page.waitForSelector('#status[data-state="done"]');
  await page.waitForTimeout(1500);
  const r = await raf(page);
  const prof = await page.evaluate(() => { const t = performance.getEntriesByType('measure'); return t.length; });
  console.log(view, 'raf/s', r);
  await browser.close();
}
server.close();
