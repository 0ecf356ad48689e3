import { serveDist, launch, openPage, waitForState } from '/work/main/tests/e2e/browser.mjs';
const { server, origin } = await serveDist();
const browser = await launch();
const N = Number(process.env.N || 9);
const med = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const E = [], D = [];
try {
  for (let i = 0; i < N; i++) {
    const { page } = await openPage(browser, { width: 1400, height: 900 });
    await page.goto(`${origin}/?algorithm=backtracker&size=1000x1000&seed=${i % 5 + 1}&speed=instant`);
    await waitForState(page, 'done', 120000);
    const r = await page.locator('#status').evaluate((s) => ({ e: Number(s.dataset.elapsedMs), d: Number(s.dataset.drawMs) }));
    E.push(r.e); D.push(r.d);
    await page.context().close();
  }
  console.log(`elapsed median ${med(E).toFixed(1)} (${E.map((x) => x.toFixed(1)).join(', ')}); draw median ${med(D).toFixed(1)}`);
} finally { await browser.close(); server.close(); }
