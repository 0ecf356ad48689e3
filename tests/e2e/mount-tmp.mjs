import { serveDist, launch, openPage, waitForState } from './browser.mjs';
const { server, origin } = await serveDist();
const browser = await launch();
const out = [];
for (let i = 0; i < 3; i++) {
  const { page } = await openPage(browser, { width: 1400, height: 900 });
  await page.goto(`${origin}/?algorithm=backtracker&size=1000x1000&seed=${i + 1}&speed=instant`);
  await waitForState(page, 'done', 60000);
  out.push(await page.evaluate(() => {
    const m = (n) => performance.getEntriesByName(n)[0].startTime;
    return [Number(document.querySelector('#status').dataset.elapsedMs), +(m('mazelab-mounted') - m('mazelab-start')).toFixed(1)];
  }));
  await page.context().close();
}
console.log(JSON.stringify(out));
await browser.close(); server.close();
