// axe-core (npm, injected into the page) on every view and state a person
// reaches, in headless Chromium on the built dist/: the maze (square and
// every other shape), compare panels, a solved maze, play mode, the Code
// view with a program run and with an error, Python's, the Lab with
// results; light and dark, desktop and phone. Any violation, of any
// impact, fails its check, named with the elements it found. Then a maze
// played to its goal from the spoken words alone (the live region
// #announce), on a square, hexagons and levels, and the maze described.
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
        'shape=upsilon&size=10x8', 'shape=crack&size=12x8', 'shape=3d&size=6x6x3', 'shape=4d&size=4x4x2x2', 'shape=cube&size=5', 'size=20x15&wrap=xy']) {
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
      await page.goto(`${origin}/?algorithm=wilson&size=12x9&seed=3&speed=40&at=150&explain=words`);
      await page.waitForSelector('#narration[data-step="150"]');
      await bothThemes(page, 'the steps in plain English');
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

  // Plays from the words alone: each announcement names the ways open from
  // here (by compass side, or by arrow key and where it goes); a depth-first
  // search over the places it names, stepping back by the opposite way.
  // The words for a key, as said: a square's sides by name; elsewhere a
  // way's key in brackets after its compass point ("north-east (E)").
  const KEYS = { north: 'ArrowUp', east: 'ArrowRight', south: 'ArrowDown', west: 'ArrowLeft', 'up (Page Up)': 'PageUp', 'down (Page Down)': 'PageDown',
    'up arrow': 'ArrowUp', 'right arrow': 'ArrowRight', 'down arrow': 'ArrowDown', 'left arrow': 'ArrowLeft', Q: 'q', E: 'e', Z: 'z', C: 'c' };
  const said = (page) => page.$eval('#announce', (el) => el.textContent);
  // The place and the ways ([key, where it goes]) an announcement names.
  function heard(text) {
    const m = /(?:^Playing\. You are at the start, |^Back to |^)([^;]*); (?:open: ([^.]*)|no way on)\./.exec(text);
    if (!m) return null;
    const ways = (m[2] ?? '').split(', ').filter(Boolean).map((w) => {
      const keyed = /^(.*) \((up arrow|right arrow|down arrow|left arrow|Q|E|Z|C)\)$/.exec(w);
      return keyed ? [KEYS[keyed[2]], keyed[1]] : [KEYS[w], w];
    });
    return { place: m[1].toLowerCase(), ways };
  }
  async function playByEar(page, query) {
    await page.goto(`${origin}/?${query}&seed=5&speed=instant`);
    await waitForState(page, 'done');
    await page.keyboard.press('p');
    let text = await said(page);
    expect(text.startsWith('Playing. You are at the start, '), `${query}: play begins with "${text}"`);
    // One cell back along the trail: the way that says "Back to"; a way
    // that goes on instead is come back from first.
    async function back(depth = 0) {
      if (depth > 8) throw new Error(`${query}: lost stepping back`);
      const here = heard(await said(page));
      if (!here) throw new Error(`${query}: cannot read "${await said(page)}"`);
      for (const [key] of here.ways) {
        await page.keyboard.press(key);
        const after = await said(page);
        if (after.startsWith('Back to ') || after.startsWith('Goal reached in ')) return after;
        await back(depth + 1);
      }
      throw new Error(`${query}: no way back from "${await said(page)}"`);
    }
    // Depth first over the places the words name, each way tried once. A
    // way that turns out to lead back along the trail is noted as the way
    // home, and the search steps forward again by the way it came in.
    const tried = new Map();
    const cameBy = new Map(); // a place: the key that entered it from its parent
    const home = new Map(); // a place: the key back to its parent
    for (let move = 0; move < 4000; move++) {
      if (text.startsWith('Goal reached in ')) return text;
      const here = heard(text);
      if (!here) throw new Error(`${query}: cannot read "${text}"`);
      if (!tried.has(here.place)) tried.set(here.place, new Set());
      const done = tried.get(here.place);
      const next = here.ways.find(([, where]) => !done.has(where));
      if (!next) {
        if (home.has(here.place)) await page.keyboard.press(home.get(here.place));
        text = home.has(here.place) ? await said(page) : await back();
        expect(text.startsWith('Back to ') || text.startsWith('Goal'), `${query}: stepping back says so: "${text}"`);
        continue;
      }
      done.add(next[1]);
      await page.keyboard.press(next[0]);
      const after = await said(page);
      const there = heard(after);
      if (after.startsWith('Back to ')) {
        home.set(here.place, next[0]);
        await page.keyboard.press(cameBy.get(here.place));
        text = await said(page);
      } else if (there && tried.has(there.place)) {
        // A place met before (a loop): back to where this move began.
        text = await back();
      } else {
        if (there) cameBy.set(there.place, next[0]);
        text = after;
      }
    }
    throw new Error(`${query}: no goal after 4000 moves`);
  }
  await check('a maze played to its goal from the announcements alone', async () => {
    const { page } = await openPage(browser, DESKTOP);
    for (const query of ['size=8x6', 'shape=hex&size=6x5', 'shape=3d&size=4x4x2', 'shape=upsilon&size=5x4&braid=100', 'shape=polar&size=4&braid=100', 'shape=triangle&size=8x4']) {
      const end = await playByEar(page, query);
      expect(/^Goal reached in \d+ moves?; the shortest path has \d+\.$/.test(end), `${query}: the goal says "${end}"`);
      expect(await page.$eval('#banner', (el) => el.textContent.startsWith('Solved!')), `${query}: the banner says solved`);
    }
    // On a weighted maze the banner also weighs the way against the cheapest.
    await playByEar(page, 'size=8x6&braid=100&weights=random:9');
    const banner = await page.textContent('#banner');
    const [, paid, cheapest] = banner.match(/Your way cost (\d+); the cheapest costs (\d+)\./) || [];
    expect(paid && Number(paid) >= Number(cheapest), `the weighted banner: "${banner}"`);
    // A wall is said, and play stays where it was.
    await page.goto(`${origin}/?size=8x6&seed=5&speed=instant`);
    await waitForState(page, 'done');
    await page.keyboard.press('p');
    const start = heard(await said(page));
    const wall = Object.entries({ north: 'ArrowUp', east: 'ArrowRight', south: 'ArrowDown', west: 'ArrowLeft' }).find(([w]) => !start.ways.some(([, open]) => open === w));
    await page.keyboard.press(wall[1]);
    expect((await said(page)).startsWith(`A wall that way. Still at ${start.place}`), `a wall: "${await said(page)}"`);
    await page.keyboard.press('Escape');
    // The maze in words, by key and by button.
    await page.keyboard.press('i');
    const words = await page.$eval('#banner', (el) => el.textContent);
    expect(/^A square maze, 8 by 6, of 48 cells, carved by .+ from seed 5\. The start is at row \d+, column \d+ \(the [a-z ]+\); the goal at row \d+, column \d+ \(the [a-z ]+\)\. The shortest solution is \d+ moves\.$/.test(words), `described: "${words}"`);
    await page.goto(`${origin}/?shape=polar&size=5&seed=5&speed=instant`);
    await waitForState(page, 'done');
    await page.click('#describe');
    const polar = await page.$eval('#banner', (el) => el.textContent);
    expect(polar.startsWith('A circular maze, 5 rings, of '), `polar described: "${polar}"`);
  });

  // The patterns mode: shapes on the marks, remembered by the browser, not
  // the link; the canvas changes where the marks are and nowhere else.
  await check('the patterns mode draws the marks\' shapes and is remembered', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await page.goto(`${origin}/?algorithm=wilson&size=12x9&seed=5&speed=200`);
    await page.waitForFunction(() => Number(document.querySelector('#status').dataset.steps) > 60);
    await page.click('#tl-play');
    const canvas = () => page.$eval('#panels canvas', (c) => Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data));
    const before = await canvas();
    await page.evaluate(() => { document.querySelector('#patterns').closest('details').open = true; });
    await page.check('#patterns');
    const after = await canvas();
    let changed = 0;
    for (let i = 0; i < before.length; i += 4) if (before[i] !== after[i] || before[i + 1] !== after[i + 1] || before[i + 2] !== after[i + 2]) changed++;
    expect(changed > 100, `the marks changed ${changed} pixels`);
    expect(changed < before.length / 4 / 3, `and not the whole maze (${changed} pixels)`);
    expect(await page.evaluate(() => document.documentElement.dataset.patterns) === 'on', 'the page is in patterns mode');
    await page.reload();
    await page.waitForFunction(() => Number(document.querySelector('#status').dataset.steps) > 0);
    expect(await page.$eval('#patterns', (el) => el.checked), 'a reload keeps it on');
    expect(!page.url().includes('pattern'), 'the link does not carry it');
    await page.evaluate(() => { document.querySelector('#patterns').closest('details').open = true; });
    await page.uncheck('#patterns');
    expect(await page.evaluate(() => localStorage.getItem('mazelab-patterns')) === null, 'off is remembered too');
  });

  await check('focus stays on a panel\'s control when the panels are rebuilt', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await page.goto(`${origin}/?size=10x8&seed=3&speed=instant&compare=kruskal,prim`);
    await waitForState(page, 'done');
    await page.focus('#panels .panel:nth-child(2) select');
    // A new seed rebuilds every panel while the select has focus.
    await page.evaluate(() => { const seed = document.querySelector('#seed'); seed.value = '9'; seed.dispatchEvent(new Event('change')); });
    await waitForState(page, 'done');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      const panel = el.closest('.panel');
      return panel ? `${[...panel.parentElement.children].indexOf(panel)} ${el.tagName}` : el.tagName;
    });
    expect(focused === '1 SELECT', `focus is on the second panel's solver select (${focused})`);
    expect(new URL(page.url()).searchParams.get('seed') === '9', 'the panels were rebuilt with the new seed');
  });
} finally {
  await browser.close();
  server.close();
}
finish();
