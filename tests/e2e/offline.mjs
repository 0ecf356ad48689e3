// The page offline, in headless Chromium on the built dist/: once visited,
// its service worker has the build's files, so with the network off the
// page reloads, carves a new maze, opens the Code view's editor and runs
// the lab; the manifest makes it installable. Screenshots go to
// target/screenshots/.
//   node tests/e2e/offline.mjs
import { serveDist, launch, openPage, waitForState, checks } from './browser.mjs';

const { server, origin } = await serveDist();
const browser = await launch();
const { check, expect, shot, finish } = await checks('offline');

try {
  await check('once visited, the page works with the network off', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?algorithm=wilson&size=12x9&seed=2&speed=instant`);
    await waitForState(page, 'done');
    // The worker is in charge and has the build's files (asked in turns:
    // the question is asynchronous).
    const ready = () => page.evaluate(async () => {
      const keys = await caches.keys();
      if (!navigator.serviceWorker.controller || !keys.length) return false;
      const cache = await caches.open(keys[0]);
      return (await cache.keys()).some((r) => r.url.endsWith('.wasm'));
    });
    for (let tries = 0; !(await ready()); tries++) {
      if (tries > 100) throw new Error('the service worker never took charge with the files');
      await page.waitForTimeout(200);
    }
    await page.context().setOffline(true);
    expect(!(await page.evaluate(() => navigator.onLine)), 'the browser is offline');
    await page.reload();
    await waitForState(page, 'done');
    expect((await page.locator('#status').getAttribute('data-steps')) !== '0', 'the maze carved offline');
    // The cached page keeps the headers it was served with: isolated, so a
    // program's log still comes through shared memory.
    expect(await page.evaluate(() => self.crossOriginIsolated), 'the cached page is cross-origin isolated');
    await page.click('#new-maze');
    await waitForState(page, 'done');
    // A link offline: another algorithm and size, from the cached page.
    await page.goto(`${origin}/?algorithm=kruskal&shape=hex&size=9x7&seed=4&speed=instant`);
    await waitForState(page, 'done');
    await shot(page, 'offline-hex');
    await page.click('#view-code');
    await page.waitForSelector('#code .cm-editor', { timeout: 10000 });
    await page.click('#view-lab');
    await page.goto(`${origin}/?view=lab&lab=wilson&lab_size=8x8&lab_runs=20&lab_trees=off`);
    await page.click('#lab-run');
    await page.waitForSelector('#lab-status:is([data-state="done"],[data-state="error"])', { timeout: 30000 });
    expect((await page.locator('#lab-status').getAttribute('data-state')) === 'done',
      `the lab offline: ${await page.textContent('#lab-status')}`);
    await page.context().setOffline(false);
    expect(!errors.length, errors.join('; '));
  });

  await check('the manifest names the app, its start and its icons', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/`);
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    const manifest = await (await fetch(new URL(href, `${origin}/`))).json();
    expect(manifest.short_name === 'mazelab' && manifest.display === 'standalone', JSON.stringify(manifest));
    expect(manifest.icons.some((i) => i.sizes === '512x512' && i.type === 'image/png'), 'a large PNG icon');
    for (const icon of manifest.icons) {
      const response = await fetch(new URL(icon.src, `${origin}/`));
      expect(response.ok, `${icon.src}: ${response.status}`);
    }
    // Chromium's own verdict on installing it, once its worker runs.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000, polling: 200 });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // The test's browser context is a private one, which Chromium never
    // installs from; any other reason would be the page's.
    const pageOwn = installabilityErrors.filter((e) => e.errorId !== 'in-incognito');
    expect(pageOwn.length === 0, `installable: ${JSON.stringify(pageOwn)}`);
    expect(!errors.length, errors.join('; '));
  });
} finally {
  await browser.close();
  server.close();
}
finish();
