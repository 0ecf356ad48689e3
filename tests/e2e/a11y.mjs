// axe-core (npm, injected into the page) on every view and state a person
// reaches, in headless Chromium on the built dist/: the maze (square and
// every other shape), compare panels, a solved maze, play mode, the Code
// view with a program run and with an error, Python's, the Lab with
// results; light and dark, desktop and phone. Any violation, of any
// impact, fails its check, named with the elements it found.
//   node tests/e2e/a11y.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { serveDist, launch, openPage, checks, waitForState } from './browser.mjs';

const require = createRequire(import.meta.url);
const axe = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const { server, origin } = await serveDist();
const browser = await launch();
const { check, expect, finish } = await checks('a11y');

// The page's violations, as lines naming the rule, its impact and where.
async function violations(page) {
  await page.evaluate(axe);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  return found;
}
// Checks the page in light and dark.
async function bothThemes(page, what) {
  for (const theme of ['light', 'dark']) {
    if ((await page.evaluate(() => document.documentElement.dataset.theme || 'light')) !== theme) await page.click('#theme');
    const found = await violations(page);
    expect(found.length === 0, `${what}, ${theme}: ${found.join('; ')}`);
  }
}
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

try {
  for (const [name, viewport, options] of [['desktop', DESKTOP, {}], ['phone', PHONE, { isMobile: true, hasTouch: true }]]) {
    await check(`the maze on every shape, ${name}`, async () => {
      const { page } = await openPage(browser, viewport, options);
      for (const query of ['size=20x15', 'shape=hex&size=12x9', 'shape=triangle&size=16x8', 'shape=polar&size=6',
        'shape=upsilon&size=10x8', 'shape=3d&size=6x6x3', 'shape=4d&size=4x4x2x2', 'shape=cube&size=5', 'size=20x15&wrap=xy']) {
        await page.goto(`${origin}/?${query}&seed=3&speed=instant`);
        await waitForState(page, 'done');
        await bothThemes(page, query);
      }
    });

    await check(`compare panels, a solved maze and play mode, ${name}`, async () => {
      const { page } = await openPage(browser, viewport, options);
      await page.goto(`${origin}/?size=16x12&seed=3&speed=instant&compare=growing-tree/newest,growing-tree/oldest,kruskal`);
      await waitForState(page, 'done');
      await bothThemes(page, 'compare');
      await page.goto(`${origin}/?size=16x12&seed=3&speed=instant&solve_at=1000000`);
      await waitForState(page, 'done');
      await bothThemes(page, 'solved');
      await page.goto(`${origin}/?size=16x12&seed=3&speed=instant`);
      await waitForState(page, 'done');
      await page.keyboard.press('p');
      await page.keyboard.press('ArrowRight');
      await bothThemes(page, 'play mode');
    });

    await check(`the Code view, run and in error, JavaScript and Python, ${name}`, async () => {
      const { page } = await openPage(browser, viewport, options);
      await page.goto(`${origin}/?view=code&size=12x9&seed=3&speed=instant`);
      await page.waitForSelector('.cm-editor');
      await bothThemes(page, 'code');
      await page.click('#code-run');
      await page.waitForFunction(() => document.querySelector('#code-verdict').dataset.perfect === 'true', null, { timeout: 20000 });
      await bothThemes(page, 'code, run');
      await page.locator('.cm-content').fill('function generate(maze, rng) {\n  maze.carve(0, 7);\n}');
      await page.click('#code-run');
      await page.waitForFunction(() => document.querySelector('#code-error').textContent !== '', null, { timeout: 20000 });
      await bothThemes(page, 'code, error');
      await page.selectOption('#code-lang', 'python');
      await page.waitForFunction(() => document.querySelector('#code-python').dataset.readyMs, null, { timeout: 60000 });
      await page.click('#code-run');
      await page.waitForFunction(() => document.querySelector('#code-verdict').dataset.perfect === 'true', null, { timeout: 20000 });
      await bothThemes(page, 'code, Python');
    });

    await check(`the Lab with results, ${name}`, async () => {
      const { page } = await openPage(browser, viewport, options);
      await page.goto(`${origin}/?view=lab&lab_size=10x10&lab_runs=20&lab_trees=2x2&lab_tree_runs=200`);
      await bothThemes(page, 'lab');
      await page.click('#lab-run');
      await page.waitForSelector('#lab-status[data-state="done"]', { timeout: 60000 });
      await bothThemes(page, 'lab, results');
    });
  }
} finally {
  await browser.close();
  server.close();
}
finish();
