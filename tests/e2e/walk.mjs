// The walk view (view=walk) in headless Chromium's software WebGL2, on the
// built dist/: autopilot walks every listed shape to its goal (squares,
// hexagons, triangles, rings, upsilon, crack cells, a mask, a weave, wraps, a 3D maze
// climbing its levels); keys turn and move and a wall stops them; a drag
// looks round; show the way; a run still carving plays inside and the
// timeline scrubs it; the link keeps the view; a phone in the dark theme
// walks by its buttons; a browser without WebGL2 and the cube are told so
// and the page works on; axe-core finds nothing in the view.
//   node tests/e2e/walk.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { serveDist, launch, openPage, checks, waitForState } from './browser.mjs';

const require = createRequire(import.meta.url);
const axe = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const { server, origin } = await serveDist();
const browser = await launch();
const { check, expect, shot, finish } = await checks('walk');
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

const attrs = (page) => page.evaluate(() => {
  const w = document.querySelector('#walk');
  return { cell: Number(w.dataset.cell), facing: Number(w.dataset.facing), moves: Number(w.dataset.moves), done: w.dataset.done };
});
async function openWalk(page, query) {
  await page.goto(`${origin}/?${query}&view=walk`);
  await waitForState(page, 'done', 30000);
  await page.waitForSelector('#walk[data-cell]', { timeout: 20000 });
}
// Every cell the walker stands in, as #walk says it.
async function recordCells(page) {
  await page.evaluate(() => {
    window.walked = [Number(document.querySelector('#walk').dataset.cell)];
    new MutationObserver(() => {
      const c = Number(document.querySelector('#walk').dataset.cell);
      if (window.walked[window.walked.length - 1] !== c) window.walked.push(c);
    }).observe(document.querySelector('#walk'), { attributes: true, attributeFilter: ['data-cell'] });
  });
}
const canvasShot = (page) => page.locator('#walk-canvas').screenshot();

try {
  await check('autopilot walks every shape to its goal, and the link keeps the view', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    for (const query of ['size=12x9', 'shape=hex&size=10x8', 'shape=triangle&size=14x7', 'shape=polar&size=6',
      'shape=upsilon&size=9x7', 'shape=crack&size=9x7', 'size=10x8&mask=y.2.8.2.y', 'size=12x9&weave=1', 'size=10x8&wrap=xy',
      'size=10x8&wrap=mobius', 'size=12x9&sparse=30&braid=50', 'shape=3d&size=5x5x3']) {
      await openWalk(page, `${query}&seed=4&speed=instant`);
      expect(new URL(page.url()).searchParams.get('view') === 'walk', `${query}: the link lost the view: ${page.url()}`);
      expect(await page.isHidden('#walk-message'), `${query}: ${await page.textContent('#walk-message')}`);
      await recordCells(page);
      await page.click('#walk-autopilot');
      await page.waitForSelector('#walk[data-done="true"]', { timeout: 60000 }).catch(() => {});
      const a = await attrs(page);
      expect(a.done === 'true', `${query}: autopilot stopped short: ${JSON.stringify(a)}`);
      expect(a.moves > 0, `${query}: no moves`);
      expect(/Goal reached in \d+ moves?/.test(await page.textContent('#walk-banner')), `${query}: no banner`);
      expect(await page.getAttribute('#walk-autopilot', 'aria-pressed') === 'false', `${query}: autopilot still on`);
      const walked = await page.evaluate(() => window.walked);
      expect(walked.length === a.moves + 1, `${query}: ${walked.length} cells for ${a.moves} moves`);
      if (query.startsWith('shape=3d')) {
        const levels = new Set(walked.map((c) => Math.floor(c / 25)));
        expect(levels.size === 3, `${query}: walked levels ${[...levels]}`);
      }
    }
    expect(errors.length === 0, errors.join('; '));
  });

  await check('keys turn and move, a wall stops the walker, a drag looks round', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await openWalk(page, 'size=12x9&seed=3&speed=instant');
    let walls = 0;
    let steps = 0;
    for (let turn = 0; turn < 4; turn++) {
      const before = await attrs(page);
      await page.keyboard.press('w');
      const after = await attrs(page);
      if (after.moves === before.moves) {
        walls += 1;
        expect(after.cell === before.cell, `a wall was passed: ${JSON.stringify([before, after])}`);
        expect(/A wall that way/.test(await page.textContent('#announce')), 'a wall is not said');
      } else {
        steps += 1;
        expect(after.cell !== before.cell && after.moves === before.moves + 1, `a move: ${JSON.stringify([before, after])}`);
        await page.keyboard.press('s');
        const back = await attrs(page);
        expect(back.cell === before.cell && back.facing === before.facing, `s steps back: ${JSON.stringify([before, back])}`);
      }
      await page.keyboard.press('d');
      const turned = await attrs(page);
      expect(turned.facing === (before.facing + 90) % 360, `d turns a quarter: ${before.facing} -> ${turned.facing}`);
      // The turn is said, with what lies ahead.
      const said = await page.textContent('#announce');
      expect(/^Facing (north|east|south|west): (the way ahead is open|a wall ahead)\.$/.test(said), `a turn said as "${said}"`);
    }
    expect(walls >= 2 && steps >= 1, `a corner start has two border walls and an opening: ${walls} walls, ${steps} steps`);
    await page.keyboard.press('ArrowLeft');
    const facing = (await attrs(page)).facing;
    const box = await page.locator('#walk-canvas').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    const looked = (await attrs(page)).facing;
    const turnedBy = (looked - facing + 360) % 360;
    expect(turnedBy > 25 && turnedBy < 60, `a 120 px drag right turns right: ${facing} -> ${looked}`);
    expect(errors.length === 0, errors.join('; '));
  });

  await check('show the way lays the path on the floor, and takes it up', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await openWalk(page, 'size=12x9&seed=3&speed=instant');
    await page.waitForTimeout(300);
    const bare = await canvasShot(page);
    await page.keyboard.press('g');
    await page.waitForTimeout(300);
    expect(await page.getAttribute('#walk-way', 'aria-pressed') === 'true', 'the button is not pressed');
    const laid = await canvasShot(page);
    expect(!bare.equals(laid), 'the picture did not change');
    await page.click('#walk-way');
    expect(await page.getAttribute('#walk-way', 'aria-pressed') === 'false', 'the way is still shown');
  });

  await check('a run still carving plays inside, and the timeline scrubs it', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${origin}/?size=16x12&seed=3&speed=60&view=walk`);
    await page.waitForSelector('#walk[data-cell]', { timeout: 20000 });
    const frames = async () => Number(await page.getAttribute('#walk', 'data-frames'));
    const f0 = await frames();
    await page.waitForTimeout(1000);
    expect(await page.getAttribute('#status', 'data-state') === 'running', 'not carving');
    expect(await frames() > f0 + 5, 'the view does not redraw as walls sink');
    // The risen eye follows the cell at work, the walker staying put.
    const watched = new Set();
    for (let i = 0; i < 6; i++) {
      watched.add(await page.getAttribute('#walk', 'data-watching'));
      await page.waitForTimeout(150);
    }
    expect(watched.size >= 3 && !watched.has(null), `the eye watched cells ${[...watched]}`);
    expect((await attrs(page)).cell === 0 && (await attrs(page)).moves === 0, 'the walker moved with the carving');
    await page.keyboard.press('End');
    await page.waitForTimeout(700);
    expect(await page.getAttribute('#walk', 'data-watching') === null, 'carved, the eye still watches the carving');
    const carved = await canvasShot(page);
    await page.keyboard.press('Home');
    await page.waitForTimeout(700);
    const closed = await canvasShot(page);
    expect(!carved.equals(closed), 'scrubbed to the start, the walls did not rise');
    await shot(page, 'walk-carving');
    expect(errors.length === 0, errors.join('; '));
  });

  await check('a wall faced up close is never one flat colour: faces, joints and distance shade it', async () => {
    for (const theme of ['light', 'dark']) {
      const { page, errors } = await openPage(browser, DESKTOP, { colorScheme: theme });
      await openWalk(page, 'size=12x9&seed=3&speed=instant');
      // Turn until a wall is ahead (a corner start has two).
      for (let turn = 0; turn < 4; turn++) {
        await page.keyboard.press('d');
        if ((await page.textContent('#announce')).includes('a wall ahead')) break;
      }
      expect((await page.textContent('#announce')).includes('a wall ahead'), `${theme}: no wall faced`);
      await page.waitForTimeout(600);
      const png = await canvasShot(page);
      // The most common colour, each channel in 16 steps: a flat wall
      // would be most of the view.
      const top = await page.evaluate(async (data) => {
        const image = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(image.width, image.height);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(image, 0, 0);
        const px = ctx.getImageData(0, 0, image.width, image.height).data;
        const counts = new Map();
        for (let i = 0; i < px.length; i += 4) {
          const key = (px[i] >> 4) * 256 + (px[i + 1] >> 4) * 16 + (px[i + 2] >> 4);
          counts.set(key, (counts.get(key) || 0) + 1);
        }
        return Math.max(...counts.values()) / (px.length / 4);
      }, png.toString('base64'));
      expect(top < 0.35, `${theme}: one colour covers ${(100 * top).toFixed(0)}% of the view facing a wall`);
      await shot(page, `walk-wall-${theme}`);
      expect(errors.length === 0, errors.join('; '));
      await page.context().close();
    }
  });

  await check('a phone walks by its buttons, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const { page, errors } = await openPage(browser, PHONE, { isMobile: true, hasTouch: true, colorScheme: theme });
      await openWalk(page, 'shape=hex&size=8x8&seed=2&speed=instant');
      if ((await page.evaluate(() => document.documentElement.dataset.theme || 'light')) !== theme) await page.click('#theme');
      const view = await page.locator('#walk-canvas').boundingBox();
      expect(view.width >= 300 && view.height >= 300, `${theme}: the view is small: ${JSON.stringify(view)}`);
      const before = await attrs(page);
      await page.tap('#walk-right');
      expect((await attrs(page)).facing !== before.facing, `${theme}: the turn button does not turn`);
      // The map and the buttons do not cover each other.
      const pad = await page.locator('.walk-pad').boundingBox();
      const map = await page.locator('#panels').boundingBox();
      const apart = pad.x + pad.width <= map.x || map.x + map.width <= pad.x || pad.y + pad.height <= map.y || map.y + map.height <= pad.y;
      expect(apart, `${theme}: the map covers the buttons: ${JSON.stringify({ pad, map })}`);
      // The map is a small part of the view, and goes round the corners.
      const share = (map.width * map.height) / (view.width * view.height);
      expect(share <= 0.12, `${theme}: the map covers ${(100 * share).toFixed(0)}% of the view`);
      await page.tap('#walk-map');
      const moved = await page.locator('#panels').boundingBox();
      expect(moved.x < map.x && (await page.textContent('#walk-map')) === 'map: bottom left', `${theme}: the map stays put: ${JSON.stringify({ map, moved })}`);
      for (let i = 0; i < 2; i++) await page.tap('#walk-map');
      expect(await page.isHidden('#panels') && (await page.textContent('#walk-map')) === 'map: hidden', `${theme}: the map does not hide`);
      await page.tap('#walk-map');
      expect(await page.isVisible('#panels'), `${theme}: the map does not come back`);
      await page.tap('#walk-autopilot');
      await page.waitForSelector('#walk[data-done="true"]', { timeout: 60000 });
      await shot(page, `walk-phone-${theme}`);
      expect(errors.length === 0, errors.join('; '));
    }
  });

  await check('no WebGL2, or the cube: said in the view, and the page works on', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.addInitScript(() => {
      const get = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        return kind === 'webgl2' ? null : get.call(this, kind, ...rest);
      };
    });
    await openWalk(page, 'size=12x9&seed=3&speed=instant');
    expect(await page.isVisible('#walk-message'), 'no message');
    expect(/no WebGL2/.test(await page.textContent('#walk-message')), await page.textContent('#walk-message'));
    expect(await page.isHidden('#walk-autopilot') && await page.isHidden('#walk-forward'), 'dead buttons shown');
    await page.click('#view-maze');
    await page.click('#new-maze');
    await waitForState(page, 'done');
    expect(await page.isHidden('#error'), await page.textContent('#error'));
    const { page: cube } = await openPage(browser, DESKTOP);
    await openWalk(cube, 'shape=cube&size=4&seed=3&speed=instant').catch(async () => {
      await cube.waitForSelector('#walk-message:not([hidden])');
    });
    expect(/the cube/.test(await cube.textContent('#walk-message')), await cube.textContent('#walk-message'));
    expect(await cube.isHidden('#walk-autopilot'), 'dead buttons shown on the cube');
    // A walkable maze brings the view back.
    await cube.click('#view-maze');
    await cube.selectOption('#shape', 'hex');
    await waitForState(cube, 'done', 30000).catch(() => {});
    await cube.click('#view-walk');
    await cube.waitForSelector('#walk-message', { state: 'hidden', timeout: 10000 });
    expect(await cube.isVisible('#walk-autopilot'), 'the buttons did not come back');
    expect(errors.length === 0, errors.join('; '));
  });

  await check('axe-core finds nothing in the walk view, light and dark', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await openWalk(page, 'size=12x9&seed=3&speed=instant');
    for (const theme of ['light', 'dark']) {
      if ((await page.evaluate(() => document.documentElement.dataset.theme || 'light')) !== theme) await page.click('#theme');
      await page.evaluate(axe);
      const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] }))
        .violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
      expect(found.length === 0, `${theme}: ${found.join('; ')}`);
      await shot(page, `walk-desktop-${theme}`);
    }
  });
} finally {
  await browser.close();
  server.close();
}
finish();
