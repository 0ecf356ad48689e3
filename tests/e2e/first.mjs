// The page's two modules (src/web/handover.rs, www/fetch-module.js and
// www/boot.js), in headless Chromium on the built dist/: a first visit runs
// the first-visit module, at most 300 KB with brotli, asked for before the
// stylesheet has come, and draws its maze before the full module is asked
// for; asking for what it leaves out (another view, a download, an
// algorithm, a bigger maze) hands the page to the full module with the
// maze, its step and the link kept, and one press does what was asked.
//   node tests/e2e/first.mjs
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveDist, launch, openPage, waitForState, checks } from './browser.mjs';

const { server, origin } = await serveDist();
const browser = await launch();
const { check, expect, shot, finish } = await checks('first');
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

const moduleOf = (page) => page.evaluate(() => document.documentElement.dataset.module);
const waitForModule = (page, name) =>
  page.waitForFunction((n) => document.documentElement.dataset.module === n, name, { timeout: 20000 });
// The maze's pixels as the first panel's canvas holds them.
const mazePixels = (page) => page.evaluate(() => document.querySelector('#panels canvas').toDataURL());
const wasmRequests = (page) => {
  const seen = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) seen.push(r.url().split('/').pop()); });
  return seen;
};

try {
  await check('the first-visit module is at most 300 KB with brotli and smaller than the full one', async () => {
    const wasm = readdirSync(dist).filter((f) => f.endsWith('_bg.wasm.br'));
    const first = wasm.find((f) => f.startsWith('mazelab-first-'));
    const full = wasm.find((f) => !f.startsWith('mazelab-first-'));
    expect(first && full, `both modules built: ${wasm.join(', ')}`);
    const [a, b] = [statSync(dist + first).size, statSync(dist + full).size];
    console.log(`     first ${a} bytes with brotli, full ${b}`);
    expect(a <= 300_000, `the first module is ${a} bytes with brotli`);
    expect(a < b / 2, `${a} against the full module's ${b}`);
  });

  await check('a first visit carves with the first module alone: the full one is not fetched before the maze', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    const seen = wasmRequests(page);
    await page.goto(`${origin}/`);
    await waitForState(page, 'running');
    expect(await moduleOf(page) === 'first', `module ${await moduleOf(page)}`);
    const before = [...seen];
    expect(before.length === 1 && before[0].startsWith('mazelab-first-'), `fetched before the maze: ${before.join(', ')}`);
    await waitForState(page, 'done', 30000);
    expect(await moduleOf(page) === 'first', 'the default maze carves to its end in the first module');
    await shot(page, 'first-phone');
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('the module is fetched while the stylesheet is still on its way', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    // The stylesheet held back a second: the loader's first half, before
    // it in the page, asks for the module meanwhile (www/fetch-module.js).
    let styled = null;
    await page.route('**/*.css', async (route) => {
      await new Promise((done) => setTimeout(done, 1000));
      await route.continue();
      styled = Date.now();
    });
    const asked = {};
    page.on('request', (r) => {
      const name = r.url().split('/').pop();
      if (name.startsWith('mazelab-first-')) asked[name.endsWith('.wasm') ? 'wasm' : 'glue'] = Date.now();
    });
    await page.goto(`${origin}/`);
    await waitForState(page, 'running');
    expect(asked.wasm && asked.glue && styled, `asked ${JSON.stringify(asked)}, stylesheet ${styled}`);
    expect(asked.wasm < styled - 500 && asked.glue < styled - 500,
      `the module asked for ${styled - asked.wasm} ms (wasm) and ${styled - asked.glue} ms (glue) before the stylesheet came`);
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('another view hands over: the full module shows the lab, and the maze is the same maze back in its view', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?algorithm=backtracker&size=24x16&seed=3&speed=instant`);
    await waitForState(page, 'done');
    expect(await moduleOf(page) === 'first', `module ${await moduleOf(page)}`);
    const drawn = await mazePixels(page);
    await page.click('#view-lab');
    await waitForModule(page, 'full');
    expect(await page.evaluate(() => !document.getElementById('lab').hidden), 'the lab shows');
    expect(page.url().includes('view=lab') && page.url().includes('seed=3'), page.url());
    await page.click('#view-maze');
    await waitForState(page, 'done');
    expect(await mazePixels(page) === drawn, 'the full module draws the first one\'s maze, pixel for pixel');
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('a carving handed over goes on from its step', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?algorithm=wilson&size=20x20&seed=8&speed=30`);
    await waitForState(page, 'running');
    await page.waitForTimeout(1500);
    await page.click('#play');
    const step = Number(await page.inputValue('#tl-slider'));
    expect(step > 0, `paused at step ${step}`);
    await page.click('#view-walk');
    await waitForModule(page, 'full');
    await page.click('#view-maze');
    const after = Number(await page.inputValue('#tl-slider'));
    expect(after === step, `step ${step} before the handover, ${after} after`);
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('a download from the first module: one press hands over and gives the file', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?algorithm=prim&size=15x10&seed=4&speed=instant`);
    await waitForState(page, 'done');
    expect(await moduleOf(page) === 'first', `module ${await moduleOf(page)}`);
    await page.locator('summary', { hasText: 'Export' }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
    expect(file.suggestedFilename() === 'mazelab-prim-square-15x10-4.svg', file.suggestedFilename());
    expect(await moduleOf(page) === 'full', 'the full module gave it');
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('an algorithm the first module leaves out: picked, the full module carves it; linked, it starts the full one', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?size=16x12&seed=5&speed=instant`);
    await waitForState(page, 'done');
    await page.selectOption('#algorithm', 'sidewinder');
    await waitForModule(page, 'full');
    await waitForState(page, 'done');
    expect(await page.inputValue('#algorithm') === 'sidewinder', await page.inputValue('#algorithm'));
    expect(page.url().includes('algorithm=sidewinder') && page.url().includes('seed=5'), page.url());
    const linked = await openPage(browser);
    const seen = wasmRequests(linked.page);
    await linked.page.goto(`${origin}/?algorithm=eller&size=16x12&seed=5&speed=instant`);
    await waitForState(linked.page, 'done');
    expect(await moduleOf(linked.page) === 'full', 'eller in the full module');
    expect(linked.page.url().includes('algorithm=eller') && linked.page.url().includes('seed=5'), linked.page.url());
    expect(!errors.length && !linked.errors.length, [...errors, ...linked.errors].join('; '));
    console.log(`     eller's link fetched ${seen.join(', ')}`);
    await page.context().close();
    await linked.page.context().close();
  });

  await check('links that plainly want the full module start it at once: a big maze, another view, a program', async () => {
    for (const query of ['?size=400x400&speed=instant', '?view=lab', '?view=walk&size=10x10']) {
      const { page, errors } = await openPage(browser);
      const seen = wasmRequests(page);
      await page.goto(`${origin}/${query}`);
      await waitForModule(page, 'full');
      await page.waitForTimeout(300);
      expect(!seen.some((f) => f.startsWith('mazelab-first-')), `${query}: fetched ${seen.join(', ')}`);
      expect(!errors.length, `${query}: ${errors.join('; ')}`);
      await page.context().close();
    }
  });
} finally {
  await browser.close();
  server.close();
}
finish();
