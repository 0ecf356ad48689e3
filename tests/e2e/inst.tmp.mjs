import { serveDist, launch, openPage, waitForState } from './browser.mjs';
const { server, origin } = await serveDist();
const browser = await launch();
const out = [];
for (let seed = 1; seed <= 4; seed++) {
  const { page } = await openPage(browser, { width: 1400, height: 900 });
  await page.goto(`${origin}/?algorithm=backtracker&size=1000x1000&seed=${seed}&speed=instant`);
  await waitForState(page, 'done', 120000);
  const r = await page.locator('#status').evaluate((s) => [Number(s.dataset.elapsedMs), Number(s.dataset.drawMs)]);
  out.push(r);
  await page.context().close();
}
console.log(process.env.TAG, out.map((r) => `${r[0].toFixed(1)}/${r[1].toFixed(1)}`).join(' '));
await browser.close(); server.close();
