import { serveDist } from './browser.mjs';
import { chromium } from 'playwright-core';
const { server, origin } = await serveDist();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const css of ['', '520px']) {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(`${origin}/?size=100x100&seed=1&speed=instant&view=walk`);
  await page.waitForSelector('#walk[data-cell]');
  if (css) await page.evaluate((w) => { const c = document.querySelector('#walk-canvas'); c.style.width = w; c.style.height = '390px'; }, css);
  await page.click('#walk-autopilot'); await page.waitForTimeout(3000);
  const frames = async () => Number(await page.getAttribute('#walk', 'data-frames'));
  const f0 = await frames(); await page.waitForTimeout(3000); const fps = (await frames() - f0) / 3;
  console.log(css || 'full', 'fps', fps, 'scale', await page.getAttribute('#walk', 'data-scale'), await page.evaluate(() => { const c = document.querySelector('#walk-canvas'); return `${c.width}x${c.height}`; }));
  await page.close();
}
await browser.close(); server.close();
