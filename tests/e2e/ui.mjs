// The page as a person sees it, in headless Chromium on the built dist/:
// the stage fills the window and re-fits on resize; on a phone the maze is
// on screen first; themes follow the system and the toggle is remembered;
// touch sets the start and pinches to zoom. Screenshots go to
// target/screenshots/ for a person to look at. Checks behaviour, not timings.
//   node tests/e2e/ui.mjs
import { serveDist, launch, openPage, waitForState, checks } from './browser.mjs';

const { server, origin } = await serveDist();
const browser = await launch();
const { check, expect, shot, finish } = await checks('ui');
const picture = async (page) => {
  const [w, h] = (await page.locator('#status').getAttribute('data-picture')).split('x').map(Number);
  return { w, h };
};

try {
  await check('with less motion asked for, the page opens on the finished maze, unless the link asks for a speed', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 }, { reducedMotion: 'reduce' });
    await page.goto(`${origin}/?size=40x25&seed=5`);
    await waitForState(page, 'done');
    expect((await page.textContent('#speed-value')) === 'instant', `speed ${await page.textContent('#speed-value')}`);
    expect(page.url().includes('speed=instant'), page.url());
    await page.goto(`${origin}/?size=40x25&seed=5&speed=20`);
    await page.waitForTimeout(300);
    expect((await page.locator('#status').getAttribute('data-state')) === 'running', 'the link\'s speed plays');
    // Without the wish, the default speed plays.
    const { page: moving } = await openPage(browser, { width: 1280, height: 900 });
    await moving.goto(`${origin}/?size=40x25&seed=5`);
    await moving.waitForTimeout(300);
    expect((await moving.textContent('#speed-value')) !== 'instant', 'the default speed otherwise');
    expect(!errors.length, errors.join('; '));
  });

  await check('while a maze carves, the readouts follow a few times a second and the status attributes every frame', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?size=60x40&seed=4&speed=2000`);
    await waitForState(page, 'running');
    // A second of animation frames: how often the step count (an
    // attribute) and the timeline's position (text a person reads) change.
    const { steps, texts, frames } = await page.evaluate(() => new Promise((done) => {
      const status = document.getElementById('status');
      const position = document.getElementById('tl-position');
      let [steps, texts, frames] = [0, 0, 0];
      let [lastSteps, lastText] = [status.dataset.steps, position.textContent];
      const began = performance.now();
      const look = () => {
        frames += 1;
        if (status.dataset.steps !== lastSteps) { steps += 1; lastSteps = status.dataset.steps; }
        if (position.textContent !== lastText) { texts += 1; lastText = position.textContent; }
        if (performance.now() - began < 1000 && status.dataset.state === 'running') requestAnimationFrame(look);
        else done({ steps, texts, frames });
      };
      requestAnimationFrame(look);
    }));
    console.log(`     in ${frames} frames: the step count changed ${steps} times, the position text ${texts}`);
    expect(steps >= 10, `the step count changed ${steps} times in ${frames} frames`);
    expect(texts >= 2 && texts <= 12 && texts < steps, `the position text changed ${texts} times, the step count ${steps}`);
    await page.click('#play');
    await waitForState(page, 'paused');
    const at = await page.locator('#status').getAttribute('data-steps');
    expect((await page.textContent('#tl-position')).startsWith(`${at} /`), 'paused, the position shows the step at once');
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('a 40 x 25 maze fills the stage between the rails: a quarter of a 1280 x 900 window, 40% of a 1920 x 1080 one', async () => {
    const { page, errors } = await openPage(browser, { width: 1920, height: 1080 });
    await page.goto(`${origin}/?algorithm=backtracker&size=40x25&seed=3&speed=instant`);
    await waitForState(page, 'done');
    const wide = await picture(page);
    const wideShare = (wide.w * wide.h) / (1920 * 1080);
    expect(wideShare > 0.4, `the maze covers ${(100 * wideShare).toFixed(0)}% of a 1920 x 1080 window (${wide.w}x${wide.h})`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForFunction((w) => document.querySelector('#status').dataset.picture.split('x')[0] !== String(w), wide.w);
    const { w, h } = await picture(page);
    const share = (w * h) / (1280 * 900);
    // Beside both rails (the controls, and the steps with the colours)
    // the maze takes the stage's whole width.
    const stage = await page.locator('#panels').boundingBox();
    expect(share > 0.25 && w >= 0.9 * stage.width, `the maze covers ${(100 * share).toFixed(0)}% of the window (${w}x${h}) in a stage ${stage.width} px wide`);
    const box = await page.locator('#panels canvas:not(.overlay)').boundingBox();
    expect(box.x + box.width <= 1280 && box.y + box.height <= 900, `the canvas overflows: ${JSON.stringify(box)}`);
    const scroll = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
    expect(scroll[0] <= 1280 && scroll[1] <= 900, `the page scrolls: ${scroll}`);
    await shot(page, 'desktop-light');
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('the first screen of a desktop holds the maze, new maze, solve, play by hand, every numbered step and the colours', async () => {
    for (const [width, height] of [[1280, 800], [1400, 900], [1920, 1080]]) {
      const { page, errors } = await openPage(browser, { width, height });
      await page.goto(`${origin}/?algorithm=growing-tree&size=40x25&seed=3&speed=400`);
      await waitForState(page, 'running');
      const seen = await page.evaluate(() => {
        const inView = (e) => {
          const b = e.getBoundingClientRect();
          return b.width > 0 && b.height > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth
            && getComputedStyle(e).visibility !== 'hidden';
        };
        const ids = ['#panels canvas:not(.overlay)', '#new-maze', '#finish', '#solve', '#play-maze', '#click-hint', '#algorithm', '.legend'];
        const steps = [...document.querySelectorAll('#phase-list li:not(.list-title)')];
        const swatches = [...document.querySelectorAll('.legend li:not([hidden])')];
        return {
          missing: ids.filter((s) => !inView(document.querySelector(s))),
          steps: steps.length,
          stepsSeen: steps.filter(inView).length,
          // A numbered step is its whole sentence, not a line cut short.
          clipped: steps.filter((li) => li.scrollHeight > li.clientHeight + 1).length,
          swatches: swatches.length,
          swatchesSeen: swatches.filter(inView).length,
          scroll: document.documentElement.scrollHeight,
          // Nothing cut short: the status line, and the size presets'
          // longest name in its picker (the arrow takes about 2rem).
          statusCut: document.querySelector('#status').scrollWidth > document.querySelector('#status').clientWidth,
          presetCut: (() => {
            const select = document.querySelector('#size-preset');
            const ctx = document.createElement('canvas').getContext('2d');
            ctx.font = getComputedStyle(select).font;
            const longest = Math.max(...[...select.options].map((o) => ctx.measureText(o.text).width));
            return longest + 32 > select.clientWidth;
          })(),
        };
      });
      const where = `${width} x ${height}`;
      expect(!seen.missing.length, `${where}: not in the first screen: ${seen.missing.join(', ')}`);
      expect(seen.steps >= 4 && seen.stepsSeen === seen.steps && !seen.clipped,
        `${where}: ${seen.stepsSeen} of ${seen.steps} numbered steps in view, ${seen.clipped} cut short`);
      expect(seen.swatches >= 10 && seen.swatchesSeen === seen.swatches, `${where}: ${seen.swatchesSeen} of ${seen.swatches} colours in view`);
      expect(seen.scroll <= height, `${where}: the page scrolls to ${seen.scroll}`);
      expect(!seen.statusCut && !seen.presetCut, `${where}: cut short: ${seen.statusCut ? 'the status line ' : ''}${seen.presetCut ? 'the size presets' : ''}`);
      await shot(page, `desktop-first-screen-${width}`);
      expect(!errors.length, errors.join('; '));
      await page.context().close();
    }
  });

  await check('on a phone, play by hand is in the first screen, keeps the maze on screen, speaks of fingers and stops by its button', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    await page.goto(`${origin}/?algorithm=backtracker&size=20x12&seed=3&speed=instant`);
    await waitForState(page, 'done');
    const button = await page.locator('#play-maze').boundingBox();
    expect(button.y + button.height <= 844, `play by hand is at y = ${button.y} on an 844 px screen`);
    // From far down the page, as after changing a setting.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('#play-maze').tap();
    await page.waitForSelector('#status[data-solve="playing"]');
    await page.waitForTimeout(400);
    const shown = await page.evaluate(() => {
      const b = document.querySelector('#panels canvas:not(.overlay)').getBoundingClientRect();
      const visible = Math.max(0, Math.min(b.bottom, innerHeight) - Math.max(b.top, 0));
      return visible / b.height;
    });
    expect(shown >= 0.95, `${(100 * shown).toFixed(0)}% of the maze's canvas on screen while playing`);
    const hint = await page.textContent('#click-hint');
    expect(/finger|tap/.test(hint) && !/arrow keys|Esc/.test(hint), `the hint says "${hint}"`);
    expect((await page.textContent('#play-maze')) === 'stop playing' && (await page.getAttribute('#play-maze', 'aria-pressed')) === 'true',
      'the button says it stops play');
    await shot(page, 'phone-playing');
    await page.locator('#play-maze').tap();
    await page.waitForSelector('#status[data-solve="idle"]');
    expect((await page.textContent('#play-maze')) === 'play by hand', 'and then it plays again');
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('the picture re-fits when the window is resized', async () => {
    const { page } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?algorithm=kruskal&size=40x25&seed=3&speed=instant`);
    await waitForState(page, 'done');
    const before = await picture(page);
    await page.setViewportSize({ width: 900, height: 600 });
    await page.waitForFunction((w) => document.querySelector('#status').dataset.picture.split('x')[0] !== String(w), before.w);
    const after = await picture(page);
    expect(after.w < before.w, `${before.w} -> ${after.w}`);
    const box = await page.locator('#panels .stack').first().boundingBox();
    expect(after.w <= box.width + 1 && after.h <= box.height + 1, `the maze (${after.w}x${after.h}) does not fit its box ${box.width}x${box.height}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForFunction((w) => document.querySelector('#status').dataset.picture.split('x')[0] === String(w), before.w);
    await page.context().close();
  });

  await check('on a 390 x 844 phone the maze is on screen first, full width, without scrolling', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    await page.goto(`${origin}/?algorithm=backtracker&size=40x25&seed=3&speed=instant`);
    await waitForState(page, 'done');
    const canvas = await page.locator('#panels canvas:not(.overlay)').boundingBox();
    expect(canvas.y >= 0 && canvas.y + canvas.height <= 844, `the maze is not all on screen: ${JSON.stringify(canvas)}`);
    const { w } = await picture(page);
    expect(w >= 0.85 * 390, `the maze is ${w} px wide on a 390 px screen`);
    const controls = await page.locator('#controls').boundingBox();
    expect(controls.y >= canvas.y + canvas.height, 'the controls come after the maze');
    const pixelRatio = await page.locator('#panels canvas:not(.overlay)').evaluate((c) => c.width / c.getBoundingClientRect().width);
    expect(Math.abs(pixelRatio - 3) < 0.05, `the canvas has ${pixelRatio} device pixels per CSS pixel, not 3`);
    await shot(page, 'phone-light');
    // A long run's "step / steps" stays on screen (it goes under the slider).
    await page.goto(`${origin}/?algorithm=backtracker&size=1000x1000&seed=3&speed=instant&at=2079698`);
    await waitForState(page, 'paused', 60000);
    // The text's own box: the element may be narrower than what it shows.
    const position = await page.locator('#tl-position').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      return { x: r.x, width: r.width };
    });
    const text = await page.locator('#tl-position').textContent();
    expect(text.includes('/ 5') && position.x >= 0 && position.x + position.width <= 390,
      `the timeline's "${text}" is at ${JSON.stringify(position)} on a 390 px screen`);
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('touch: a tap sets the start and two fingers pinch to zoom', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    await page.goto(`${origin}/?algorithm=prim&size=20x12&seed=4&speed=instant`);
    await waitForState(page, 'done');
    const box = await page.locator('#panels canvas.overlay').boundingBox();
    // The cell two thirds across and half way down.
    await page.touchscreen.tap(box.x + box.width * 0.66, box.y + box.height * 0.5);
    await page.waitForFunction(() => location.search.includes('start='));
    const cdp = await page.context().newCDPSession(page);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const touch = (type, d) => cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }],
    });
    await touch('touchStart', 20);
    for (const d of [30, 45, 60, 80]) await touch('touchMove', d);
    await touch('touchEnd', 0);
    const zoom = await page.locator('#zoom-value').textContent();
    expect(parseInt(zoom, 10) > 150, `after a pinch the zoom reads ${zoom}`);
    await shot(page, 'phone-pinched');
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('the dark theme follows the system, and the toggle is remembered', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 }, { colorScheme: 'dark' });
    await page.goto(`${origin}/?algorithm=wilson&size=40x25&seed=3&speed=instant&solver=bfs`);
    await waitForState(page, 'done');
    expect(await page.evaluate(() => document.documentElement.dataset.theme) === 'dark', 'the system says dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg === 'rgb(21, 22, 26)', `the page background is ${bg}`);
    await page.click('#solve');
    await page.waitForSelector('#status[data-solve="idle"]');
    await shot(page, 'desktop-dark-solved');
    await page.click('#theme');
    await page.reload();
    await waitForState(page, 'done');
    expect(await page.evaluate(() => document.documentElement.dataset.theme) === 'light', 'the choice of light survives a reload');
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('weighted cells: a heat floor, the link keeps them, dijkstra finds the CLI\'s cheapest way and bfs its fewest moves', async () => {
    const { execFileSync } = await import('node:child_process');
    const { join } = await import('node:path');
    const root = new URL('../..', import.meta.url).pathname;
    const cli = join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'debug/mazelab');
    const maze = ['--algorithm', 'backtracker', '--size', '24x16', '--seed', '3', '--braid', '100', '--weights', 'random:9'];
    const byCli = (solver) => {
      const json = JSON.parse(execFileSync(cli, ['generate', ...maze, '--solve', '--solver', solver, '--format', 'json'], { encoding: 'utf8' }));
      return { moves: json.solution.length - 1, cost: json.cost };
    };
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    const floor = () => page.evaluate(() => {
      const canvas = document.querySelector('#panels canvas:not(.overlay)');
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return colours.size;
    });
    await page.goto(`${origin}/?algorithm=backtracker&size=24x16&seed=3&braid=100&speed=instant&solver=dijkstra`);
    await waitForState(page, 'done');
    const plain = await floor();
    expect(await page.inputValue('#weights') === 'none', 'unweighted by default');
    // The control weighs the maze: the floor takes the costs' shades, the link keeps them.
    await page.selectOption('#weights', 'random');
    await page.waitForFunction(() => location.search.includes('weights=random:9'));
    const weighted = await floor();
    expect(weighted >= plain + 5, `the floor shows ${weighted} colours weighted, ${plain} plain`);
    await shot(page, 'desktop-weights');
    const solved = async (solver) => {
      await page.selectOption('#solver', solver);
      await page.click('#solve');
      await page.waitForSelector('#status[data-solve="idle"]');
      await page.waitForFunction(() => /cost \d+/.test(document.querySelector('.solve-result').textContent));
      const text = await page.textContent('.solve-result');
      const [, moves, cost] = text.match(/path (\d+) moves, cost (\d+)/);
      return { moves: Number(moves), cost: Number(cost), text };
    };
    const cheapest = await solved('dijkstra');
    const fewest = await solved('bfs');
    const [cliCheapest, cliFewest] = [byCli('dijkstra'), byCli('bfs')];
    expect(cheapest.cost === cliCheapest.cost && cheapest.moves === cliCheapest.moves, `page ${cheapest.text}, CLI ${JSON.stringify(cliCheapest)}`);
    expect(fewest.cost === cliFewest.cost && fewest.moves === cliFewest.moves, `page ${fewest.text}, CLI ${JSON.stringify(cliFewest)}`);
    expect(cheapest.cost < fewest.cost && cheapest.moves > fewest.moves, `cheapest ${cheapest.text}; fewest ${fewest.text}`);
    // A reload opens the same weighted maze; "none" takes the weights away.
    await page.reload();
    await waitForState(page, 'done');
    expect(await page.inputValue('#weights') === 'random' && await page.inputValue('#weights-max') === '9', 'the link restores the control');
    await page.selectOption('#weights', 'none');
    await page.waitForFunction(() => !location.search.includes('weights'));
    expect(await floor() === plain, 'unweighted again, the floor is plain');
    // A max out of range is brought into range and shown so.
    await page.selectOption('#weights', 'patches');
    await page.fill('#weights-max', '900');
    await page.dispatchEvent('#weights-max', 'change');
    await page.waitForFunction(() => location.search.includes('weights=patches:255'));
    expect(await page.inputValue('#weights-max') === '255', await page.inputValue('#weights-max'));
    expect(!errors.length, errors.join('; '));
    await page.context().close();
    const { page: dark, errors: darkErrors } = await openPage(browser, { width: 1280, height: 900 }, { colorScheme: 'dark' });
    await dark.goto(`${origin}/?algorithm=backtracker&size=24x16&seed=3&braid=100&speed=instant&solver=dijkstra&weights=patches:9`);
    await waitForState(dark, 'done');
    await dark.click('#solve');
    await dark.waitForSelector('#status[data-solve="idle"]');
    await shot(dark, 'desktop-dark-weights');
    expect(!darkErrors.length, darkErrors.join('; '));
    await dark.context().close();
  });

  await check('solving shows walls under the path, and compare mode shares the stage', async () => {
    const { page } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?algorithm=backtracker&size=30x20&seed=7&speed=instant&solver=bfs`);
    await waitForState(page, 'done');
    await page.keyboard.press('s');
    await page.waitForSelector('#status[data-solve="idle"]');
    await shot(page, 'desktop-solved');
    await page.goto(`${origin}/?size=40x25&seed=5&speed=instant&compare=growing-tree/newest,growing-tree/oldest,growing-tree/random`);
    await waitForState(page, 'done');
    const boxes = await page.locator('#panels .stack').evaluateAll((s) => s.map((e) => e.getBoundingClientRect().width * e.getBoundingClientRect().height));
    expect(boxes.length === 3, `${boxes.length} panels`);
    const total = boxes.reduce((a, b) => a + b, 0);
    expect(total > 0.25 * 1280 * 900, `the panels cover ${(100 * total / (1280 * 900)).toFixed(0)}% of the window`);
    await shot(page, 'desktop-compare');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    await shot(page, 'phone-compare');
    await page.context().close();
  });

  await check('the Export group\'s PNG is drawn at the cell size asked, in the colours asked, with start, goal and the solution once solved; the SVG carries the solution too', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?algorithm=backtracker&size=20x12&seed=5&speed=instant&solver=bfs`);
    await waitForState(page, 'done');
    await page.locator('summary', { hasText: 'Export' }).click();
    const cellDefault = Number(await page.inputValue('#png-cell'));
    expect(cellDefault === 16, `a screen of one device pixel a CSS pixel defaults to 16 px a cell, not ${cellDefault}`);
    const fs = await import('node:fs/promises');
    const download = async (id) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
      return { name: file.suggestedFilename(), bytes: await fs.readFile(await file.path()) };
    };
    // The picture's pixels, read back by the browser: its size and how
    // many pixels are each of the given colours.
    const look = (png, colours) => page.evaluate(async ({ data, colours }) => {
      const image = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      const px = ctx.getImageData(0, 0, image.width, image.height).data;
      const counts = colours.map((hex) => {
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
        let n = 0;
        for (let i = 0; i < px.length; i += 4) if (px[i] === r && px[i + 1] === g && px[i + 2] === b) n += 1;
        return n;
      });
      return { width: image.width, height: image.height, counts };
    }, { data: png.toString('base64'), colours });
    // Light: passage, start, goal, path.
    const light = ['#f7f4ea', '#009e73', '#c0729d', '#0072b2'];
    await page.fill('#png-cell', '24');
    await page.selectOption('#png-theme', 'light');
    const before = await download('#export-png');
    expect(before.name.endsWith('.png') && before.bytes.subarray(1, 4).toString() === 'PNG', before.name);
    const plain = await look(before.bytes, light);
    expect(plain.width === 20 * 24 + 2 && plain.height === 12 * 24 + 2, `${plain.width} x ${plain.height} at 24 px a cell`);
    expect(plain.counts[0] > 50000 && plain.counts[1] > 300 && plain.counts[2] > 300 && plain.counts[3] === 0,
      `passage, start, goal, path pixels: ${plain.counts}`);
    await page.click('#solve');
    await page.waitForSelector('#status[data-solve="idle"]');
    const solved = await look((await download('#export-png')).bytes, light);
    expect(solved.counts[3] > 2000, `the solution's pixels: ${solved.counts[3]}`);
    // Dark, at another size: the dark theme's passage and path.
    await page.fill('#png-cell', '10');
    await page.selectOption('#png-theme', 'dark');
    const dark = await look((await download('#export-png')).bytes, ['#2a2d35', '#56b4e9', '#f7f4ea']);
    expect(dark.width === 202 && dark.counts[0] > 5000 && dark.counts[1] > 300 && dark.counts[2] === 0,
      `dark at 10 px: ${dark.width} px wide, passage, path, light passage pixels: ${dark.counts}`);
    const svg = (await download('#export-svg')).bytes.toString('utf8');
    expect(svg.includes('class="solution"'), 'the SVG draws the solution once solved');
    // A size out of range is named, and nothing downloads.
    await page.fill('#png-cell', '500');
    await page.click('#export-png');
    await page.waitForSelector('#notice:not([hidden])');
    const notice = await page.textContent('#notice');
    expect(notice.includes('cell size') && notice.includes('2 to 64'), notice);
    expect(!errors.length, errors.join('; '));
    await page.context().close();
  });

  await check('the Export group downloads an SVG for plotters: fewer strokes, the same walls as the SVG', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?algorithm=backtracker&size=40x40&seed=5&speed=instant`);
    await waitForState(page, 'done');
    await page.locator('summary', { hasText: 'Export' }).click();
    const read = async (id) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
      return { name: file.suggestedFilename(), text: await (await import('node:fs/promises')).readFile(await file.path(), 'utf8') };
    };
    const plain = await read('#export-svg');
    const plot = await read('#export-plot');
    const walls = (svg) => /<path d="([^"]*)"/.exec(svg)[1];
    const strokes = walls(plot.text).split('M').length - 1;
    const desc = /<desc>for plotters: (\d+) strokes draw the (\d+) wall segments/.exec(plot.text);
    expect(plot.name.endsWith('-plotter.svg'), plot.name);
    expect(desc && Number(desc[1]) === strokes, `the description counts the strokes: ${desc && desc[0]}`);
    expect(desc && strokes * 4 <= Number(desc[2]), `${strokes} strokes for ${desc && desc[2]} wall segments`);
    // The same walls: the total length drawn is equal.
    const length = (d) => {
      let total = 0, at = [0, 0];
      for (const [, cmd, args] of d.matchAll(/([MLHV])([^MLHV]*)/g)) {
        const v = args.trim().split(/[ ,]+/).map(Number);
        const to = cmd === 'H' ? [v[0], at[1]] : cmd === 'V' ? [at[0], v[0]] : [v[0], v[1]];
        if (cmd !== 'M') total += Math.hypot(to[0] - at[0], to[1] - at[1]);
        at = to;
      }
      return total;
    };
    expect(Math.abs(length(walls(plain.text)) - length(walls(plot.text))) < 1e-6,
      `walls drawn: ${length(walls(plain.text))} against ${length(walls(plot.text))}`);
    expect(!errors.length, errors.join('; '));
  });

  await check('the steps panel tells each step in plain English, following the timeline, and speaks a step taken by key', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${origin}/?algorithm=wilson&size=12x9&seed=3&speed=40&at=150&explain=words`);
    await page.waitForSelector('#narration[data-step="150"]');
    expect(await page.isHidden('#phase-list'), 'the numbered steps give way');
    expect((await page.inputValue('#steps-mode')) === 'words', 'the switch says so');
    const now = await page.textContent('#narration-now');
    expect(now.startsWith('Step 150: '), now);
    const history = await page.$$eval('#narration-history li', (items) => items.map((li) => [li.value, li.textContent]));
    expect(history.length === 149 && history[0][0] === 149 && history[148][0] === 1, `the 149 before, newest first: ${history.length}`);
    expect(history.some(([, t]) => t.includes('erased from the walk')), "Wilson's loops erased, in words");
    // A step by key: the next sentence, spoken through the live region.
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('#narration[data-step="151"]');
    const spoken = await page.textContent('#announce');
    expect(spoken === (await page.textContent('#narration-now')) && spoken.startsWith('Step 151: '), `spoken: ${spoken}`);
    // Back to the start: nothing done yet, no history.
    await page.keyboard.press('Home');
    await page.waitForSelector('#narration[data-step="0"]');
    expect((await page.$$('#narration-history li')).length === 0, 'no history at step 0');
    // The switch: the numbered steps (the link drops the key), or nothing.
    await page.selectOption('#steps-mode', 'steps');
    expect(await page.isHidden('#narration') && await page.isVisible('#phase-list'), 'numbered steps back');
    expect(!page.url().includes('explain='), page.url());
    await page.selectOption('#steps-mode', 'hidden');
    expect(await page.isHidden('#narration') && await page.isHidden('#phase-list'), 'neither');
    expect(page.url().includes('explain=hidden'), page.url());
    // A solve is told too, and a maze too big to tell says so.
    await page.selectOption('#steps-mode', 'words');
    await page.goto(`${origin}/?size=10x8&seed=3&speed=instant&solve_at=40&explain=words`);
    await page.waitForSelector('#narration[data-step="40"]');
    const solving = await page.$$eval('#narration-history li', (items) => items.map((li) => li.textContent).join(' '));
    expect(solving.includes('Looked at row'), solving.slice(0, 200));
    await page.goto(`${origin}/?size=400x400&seed=3&speed=instant&explain=words`);
    await waitForState(page, 'done');
    await page.waitForFunction(() => document.querySelector('#narration-now').textContent.includes('up to 62500 cells'));
    await page.close();
  });

  await check('the Export group prints puzzle sheets: a PDF of the next seeds with answer pages, a title in any script, and a maze too fine is refused', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?algorithm=wilson&shape=hex&size=14x12&seed=9&speed=instant`);
    await waitForState(page, 'done');
    await page.locator('summary', { hasText: 'Export' }).click();
    await page.fill('#sheet-count', '3');
    await page.fill('#sheet-title', 'Hexagons');
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-pdf')]);
    const bytes = await (await import('node:fs/promises')).readFile(await file.path());
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-') && file.suggestedFilename().endsWith('.pdf'), file.suggestedFilename());
    const pages = (text.match(/\/Type \/Page[\s/>]/g) || []).length;
    expect(pages === 6, `three puzzles and three answers: ${pages} pages`);
    expect(text.includes('/MediaBox [0 0 595 842]') && text.includes('/Title (Hexagons)'), 'A4, titled');
    console.log(`     3 hexagon mazes with answers: ${bytes.length} bytes in ${await page.getAttribute('#export-pdf', 'data-ms')} ms`);
    // Four a page: three puzzles and their answers on two pages.
    await page.selectOption('#sheet-per-page', '4');
    const [four] = await Promise.all([page.waitForEvent('download'), page.click('#export-pdf')]);
    const fourText = (await (await import('node:fs/promises')).readFile(await four.path())).toString('latin1');
    const fourPages = (fourText.match(/\/Type \/Page[\s/>]/g) || []).length;
    expect(fourPages === 2, `three mazes four a page, with answers: ${fourPages} pages`);
    // A title in other scripts: its fonts fetched once from the build's
    // fonts/ folder, embedded with the glyphs it uses only.
    const fontRequests = [];
    const shaperRequests = [];
    page.on('request', (r) => {
      if (r.url().includes('/fonts/')) fontRequests.push(r.url());
      if (r.url().endsWith('/shaper.wasm')) shaperRequests.push(r.url());
    });
    await page.fill('#sheet-title', 'Class 3B – Friday ✓ 迷路 Москва');
    const [world] = await Promise.all([page.waitForEvent('download'), page.click('#export-pdf')]);
    const worldBytes = await (await import('node:fs/promises')).readFile(await world.path());
    const worldText = worldBytes.toString('latin1');
    expect((worldText.match(/\/Subtype \/Type0/g) || []).length === 2, 'two fallback fonts');
    expect(worldText.includes('+DejaVuSans') && worldText.includes('+DroidSansFallback'), 'subset fonts named');
    expect(worldBytes.length < 200000, `subset, not whole fonts: ${worldBytes.length} bytes`);
    const [again] = await Promise.all([page.waitForEvent('download'), page.click('#export-pdf')]);
    expect(again.suggestedFilename().endsWith('.pdf'), 'a second sheet');
    expect(fontRequests.length === 2, `each font fetched once: ${fontRequests.join(', ')}`);
    // Right-to-left text fetches its script's font, shaped and embedded.
    await page.fill('#sheet-title', 'שלום Class 3B');
    const [hebrew] = await Promise.all([page.waitForEvent('download'), page.click('#export-pdf')]);
    const hebrewText = (await (await import('node:fs/promises')).readFile(await hebrew.path())).toString('latin1');
    expect(hebrewText.includes('+NotoSansHebrew-Regular') && !hebrewText.includes('+DejaVuSans'), 'the Hebrew letters in the Hebrew font, as on the command line');
    expect(fontRequests.length === 3 && fontRequests[2].endsWith('/fonts/NotoSansHebrew-Regular.ttf'), `the Hebrew font fetched: ${fontRequests.join(', ')}`);
    // The shaper module came once, for the first title that needed it,
    // and serves the next (Arabic, joined) without another fetch.
    await page.fill('#sheet-title', 'مرحبا');
    const [arabic] = await Promise.all([page.waitForEvent('download'), page.click('#export-pdf')]);
    const arabicText = (await (await import('node:fs/promises')).readFile(await arabic.path())).toString('latin1');
    expect(arabicText.includes('+NotoSansArabic-Regular'), 'the Arabic font, subset');
    expect(shaperRequests.length === 1, `the shaper fetched once: ${shaperRequests.length}`);
    // A character no font has is named.
    await page.fill('#sheet-title', 'Maze \u{17000}');
    await page.click('#export-pdf');
    await page.waitForFunction(() => document.querySelector('#notice').textContent.includes('U+17000'));
    await page.fill('#sheet-title', 'Hexagons');
    await page.goto(`${origin}/?algorithm=backtracker&size=400x400&seed=9&speed=instant`);
    await waitForState(page, 'done');
    await page.locator('summary', { hasText: 'Export' }).click();
    await page.click('#export-pdf');
    const notice = await page.textContent('#notice');
    expect(notice.includes('printable PDF') && notice.includes('mm'), `a maze too fine for A4: ${notice}`);
    expect(!errors.length, errors.join('; '));
  });

  await check('the Export group makes a 3D print: the CLI\'s STL byte for byte, and measures that cannot print are named', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?algorithm=backtracker&size=12x9&seed=5&speed=instant`);
    await waitForState(page, 'done');
    await page.locator('summary', { hasText: 'Export' }).click();
    await page.fill('#stl-cell', '8');
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-stl')]);
    const bytes = await (await import('node:fs/promises')).readFile(await file.path());
    expect(file.suggestedFilename().endsWith('.stl'), file.suggestedFilename());
    expect(bytes.length === 84 + 50 * bytes.readUInt32LE(80), `${bytes.length} bytes for ${bytes.readUInt32LE(80)} triangles`);
    const { execFileSync } = await import('node:child_process');
    const { join } = await import('node:path');
    const root = new URL('../..', import.meta.url).pathname;
    const cli = join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'debug/mazelab');
    const made = execFileSync(cli, ['generate', '--algorithm', 'backtracker', '--size', '12x9', '--seed', '5', '--format', 'stl', '--cell-mm', '8']);
    expect(made.equals(bytes), `the page's STL is the CLI's (${bytes.length} and ${made.length} bytes)`);
    await page.fill('#stl-wall', '0.2');
    await page.click('#export-stl');
    const notice = await page.textContent('#notice');
    expect(notice.startsWith('3D print: ') && notice.includes('0.4'), `a wall too thin: ${notice}`);
    await page.goto(`${origin}/?shape=hex&size=8x6&seed=5&speed=instant`);
    await waitForState(page, 'done');
    await page.locator('summary', { hasText: 'Export' }).click();
    const [hex] = await Promise.all([page.waitForEvent('download'), page.click('#export-stl')]);
    expect(hex.suggestedFilename().includes('hex') && hex.suggestedFilename().endsWith('.stl'), `hexagons print too: ${hex.suggestedFilename()}`);
    await page.goto(`${origin}/?shape=cube&size=4&seed=5&speed=instant`);
    await waitForState(page, 'done');
    await page.locator('summary', { hasText: 'Export' }).click();
    await page.click('#export-stl');
    // (The first-visit module hands a download to the full one: the answer comes after it.)
    await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('3D print'), null, { timeout: 20000 }).catch(() => {});
    expect((await page.textContent('#notice')).includes('flat maze'), `the cube: ${await page.textContent('#notice')}`);
    expect(!errors.length, errors.join('; '));
  });

  await check('run and grain steer the maze from the link and the panel, and say why where they cannot', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?algorithm=backtracker&size=30x20&seed=5&speed=instant&run=80&grain=v:90`);
    await waitForState(page, 'done');
    expect((await page.inputValue('#run')) === '80', 'the run slider reads the link');
    expect((await page.inputValue('#grain-axis')) === 'v' && (await page.inputValue('#grain')) === '90', 'the grain reads the link');
    expect((await page.textContent('#grain-value')).includes('90% north-south'), await page.textContent('#grain-value'));
    const about = await page.textContent('#about');
    expect(about.includes('settings') && about.includes('run 80%') && about.includes('north-south'), about);
    const steered = await page.evaluate(() => document.querySelector('canvas').toDataURL());
    // No steering: the same seed draws another maze; the link drops the keys.
    await page.fill('#run', '0');
    await page.locator('#run').dispatchEvent('change');
    await page.fill('#grain', '50');
    await page.selectOption('#grain-axis', 'h');
    await waitForState(page, 'done');
    const url = new URL(page.url());
    expect(!url.searchParams.has('run') && !url.searchParams.has('grain'), `neutral keys left the link: ${url}`);
    const plain = await page.evaluate(() => document.querySelector('canvas').toDataURL());
    expect(plain !== steered, 'the steered maze differs from the plain one');
    // An algorithm that makes its own choices: the controls are disabled
    // and say why, and the setting is kept for the next algorithm.
    await page.fill('#run', '60');
    await page.locator('#run').dispatchEvent('change');
    await waitForState(page, 'done');
    await page.selectOption('#algorithm', 'eller');
    await waitForState(page, 'done');
    expect(await page.locator('#run').isDisabled(), 'run disabled for eller');
    expect((await page.getAttribute('#run', 'title')).includes('eller makes its own choices'), await page.getAttribute('#run', 'title'));
    expect(new URL(page.url()).searchParams.get('run') === '60', 'the run stays in the link');
    expect(!(await page.textContent('#about')).includes('run 60%'), 'eller is not steered');
    await page.selectOption('#algorithm', 'kruskal');
    await waitForState(page, 'done');
    expect(await page.locator('#run').isDisabled(), 'kruskal takes no run');
    expect(!(await page.locator('#grain').isDisabled()), 'kruskal takes the grain');
    // A broken value in a link is named and the app keeps working.
    await page.goto(`${origin}/?grain=x:50&run=140&speed=instant`);
    await waitForState(page, 'done');
    const notice = await page.textContent('#notice');
    expect(notice.includes('grain') && notice.includes('run'), `notice: ${notice}`);
    await shot(page, 'texture-controls');
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('a symmetric maze from the link and the picker, on the timeline, kept but unused off plain squares', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?algorithm=kruskal&size=20x12&seed=3&symmetry=x&speed=2000`);
    await waitForState(page, 'done', 30000);
    expect((await page.inputValue('#symmetry')) === 'x', 'the picker reads the link');
    expect((await page.textContent('#about')).includes('mirrored left to right'), await page.textContent('#about'));
    // The timeline scrubs the mirrored run: the start is the closed grid.
    const end = Number(await page.getAttribute('#timeline', 'data-reached'));
    await page.keyboard.press('Home');
    expect(Number(await page.getAttribute('#timeline', 'data-at')) === 0, 'Home goes to step 0');
    await page.keyboard.press('End');
    expect(Number(await page.getAttribute('#timeline', 'data-at')) === end, `End goes to ${end}`);
    await page.selectOption('#symmetry', 'rot');
    await waitForState(page, 'done', 30000);
    expect(new URL(page.url()).searchParams.get('symmetry') === 'rot', `symmetry in ${page.url()}`);
    await shot(page, 'symmetry');
    // A hexagon maze cannot be mirrored: the choice is kept and says why.
    await page.selectOption('#shape', 'hex');
    await waitForState(page, 'done', 30000);
    const title = await page.getAttribute('#symmetry', 'title');
    expect(title.includes('plain square'), `title: ${title}`);
    expect(new URL(page.url()).searchParams.get('symmetry') === 'rot', 'kept in the link');
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('a sparse maze from the link and the slider: rock drawn solid, the same maze as the CLI, on the timeline, not with weave', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    // `mazelab generate --algorithm backtracker --size 30x20 --seed 5
    // --sparse 50 --format stats`: dead_ends=4 longest_path=231
    // solution_length=167 mean_corridor=59.80.
    const cli = ['dead ends 4 ', 'longest path 231', 'solution 167', 'mean corridor 59.80'];
    for (const speed of ['instant', '5000']) {
      await page.goto(`${origin}/?algorithm=backtracker&size=30x20&seed=5&sparse=50&speed=${speed}`);
      await waitForState(page, 'done', 30000);
      const metrics = await page.textContent('.metrics');
      expect(cli.every((m) => metrics.includes(m)), `${speed}: ${metrics}`);
    }
    expect((await page.inputValue('#sparse')) === '50' && (await page.textContent('#sparse-value')) === '50%', 'the slider reads the link');
    const about = await page.textContent('#about');
    expect(about.includes('sparse 50%') && about.includes('rock'), about);
    expect((await page.textContent('#phase-list')).includes('then sparseness'), 'the pass lists its steps');
    // Half the cells are rock: drawn in the solid colour, not as passages.
    const solid = await page.evaluate(() => {
      const c = document.querySelector('canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const count = new Map();
      for (let i = 0; i < d.length; i += 4) {
        const k = `${d[i]},${d[i + 1]},${d[i + 2]}`;
        count.set(k, (count.get(k) ?? 0) + 1);
      }
      return [...count.values()].sort((a, b) => b - a).slice(0, 3);
    });
    expect(solid.length === 3 && solid[1] > solid[0] / 4, `colour counts ${solid}`);
    // The timeline: the start is the closed grid, the end the sparse maze.
    const end = Number(await page.getAttribute('#timeline', 'data-reached'));
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    expect(Number(await page.getAttribute('#timeline', 'data-at')) === end, `End goes to ${end}`);
    const again = await page.textContent('.metrics');
    expect(cli.every((m) => again.includes(m)), `after the timeline: ${again}`);
    await shot(page, 'sparse');
    // The slider: 0 is the plain maze and leaves the link.
    await page.fill('#sparse', '0');
    await page.locator('#sparse').dispatchEvent('change');
    await waitForState(page, 'done', 30000);
    expect(!new URL(page.url()).searchParams.has('sparse'), `sparse left the link: ${page.url()}`);
    expect(!(await page.textContent('.metrics')).includes('dead ends 4 '), 'the plain maze has more dead ends');
    // Weave: the share is kept, the slider disabled and saying why.
    await page.goto(`${origin}/?algorithm=backtracker&size=30x20&seed=5&sparse=40&weave=1&speed=instant`);
    await waitForState(page, 'done', 30000);
    expect(await page.locator('#sparse').isDisabled(), 'sparse disabled with weave');
    expect((await page.getAttribute('#sparse-field', 'title')).includes('not with weave'), 'says why');
    expect(new URL(page.url()).searchParams.get('sparse') === '40', 'kept in the link');
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('a mask from a picture: its dark pixels off; any other bytes, or a picture dark all over, say why and keep the maze', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?size=24x24&speed=instant&seed=3`);
    await waitForState(page, 'done');
    await page.click('#mask-group > summary');
    // Pictures drawn by the browser itself: white with a black disc in the
    // middle, or black all over.
    const png = (kind) => page.evaluate((kind) => {
      const c = document.createElement('canvas');
      c.width = 120;
      c.height = 120;
      const g = c.getContext('2d');
      g.fillStyle = kind === 'black' ? '#000' : '#fff';
      g.fillRect(0, 0, 120, 120);
      if (kind === 'disc') {
        g.fillStyle = '#000';
        g.beginPath();
        g.arc(60, 60, 30, 0, 2 * Math.PI);
        g.fill();
      }
      return c.toDataURL('image/png').split(',')[1];
    }, kind).then((b) => Buffer.from(b, 'base64'));
    const choose = (name, mimeType, buffer) => page.setInputFiles('#mask-file', { name, mimeType, buffer });
    const notice = () => page.locator('#notice').textContent();
    const disc = await png('disc');
    await choose('disc.png', 'image/png', disc);
    await page.waitForFunction(() => /\d+ cells masked off/.test(document.querySelector('#mask-summary').textContent));
    await waitForState(page, 'done');
    const summary = await page.locator('#mask-summary').textContent();
    const off = Number(summary.match(/(\d+) cells/)[1]);
    // A disc a quarter of the picture across, on 24 x 24 cells: about
    // pi * 6^2 = 113 cells off, the maze around it one piece.
    expect(off > 90 && off < 140, summary);
    expect(/[?&]mask=/.test(page.url()), `no mask in the link: ${page.url()}`);
    const link = page.url();
    await shot(page, 'mask-picture');
    // Bytes that are no picture (random, a PNG cut short, text), each named
    // as such; the maze, its mask and the link stay as they were.
    let state = 7;
    const random = (n) => Buffer.from(Array.from({ length: n }, () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state >> 16 & 255;
    }));
    // A PNG cut short may still load (its size known, no pixels): then it
    // has nothing dark, which must not clear the mask either.
    const bad = [
      ['noise.png', 'image/png', random(300), /not a picture the browser can read \(a PNG, JPEG, GIF, WebP or SVG image\)/],
      ['empty.png', 'image/png', Buffer.alloc(0), /not a picture the browser can read/],
      ['cut.png', 'image/png', disc.subarray(0, 60), /not a picture the browser can read|no cell's centre falls on a dark pixel/],
      ['words.jpg', 'image/jpeg', Buffer.from('not a picture at all'), /not a picture the browser can read/],
      ['noise.gif', 'image/gif', random(40), /not a picture the browser can read/],
      ['white.png', 'image/png', await png('white'), /no cell's centre falls on a dark pixel/],
    ];
    for (const [name, type, bytes, message] of bad) {
      await choose(name, type, bytes);
      await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('mask not used:'));
      expect(message.test(await notice()), `${name}: ${await notice()}`);
      expect(await page.locator('#mask-summary').textContent() === summary, `${name} changed the mask`);
      expect(page.url() === link, `${name} changed the link: ${page.url()}`);
      await page.evaluate(() => { document.querySelector('#notice').textContent = ''; });
    }
    // A picture that switches every cell off leaves no maze: refused by name.
    await choose('black.png', 'image/png', await png('black'));
    await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('mask not used:')
      && !document.querySelector('#notice').textContent.includes('not a picture'));
    expect(/every cell off|at least one cell/.test(await notice()), await notice());
    expect(await page.locator('#mask-summary').textContent() === summary, 'the black picture changed the mask');
    // The same file chosen again after clearing the mask, as a person does
    // (the chooser opened by a click), masks again.
    await page.click('#mask-clear');
    await page.waitForFunction(() => !/\d+ cells masked off/.test(document.querySelector('#mask-summary').textContent));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#mask-file')]);
    await chooser.setFiles({ name: 'disc.png', mimeType: 'image/png', buffer: disc });
    await page.waitForFunction((s) => document.querySelector('#mask-summary').textContent === s, summary);
    await waitForState(page, 'done');
    expect(page.url() === link, `the same picture, another link: ${page.url()}`);
    // A word too small to cover any cell's centre is refused the same way.
    await page.goto(`${origin}/?size=3x3&speed=instant&seed=3`);
    await waitForState(page, 'done');
    const small = page.url();
    if (!(await page.locator('#mask-group').getAttribute('open'))) await page.click('#mask-group > summary');
    await page.fill('#mask-text', '.');
    await page.click('#mask-text-apply');
    await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('mask not used:'));
    expect(/"\." covers no cell's centre/.test(await notice()), await notice());
    expect(page.url() === small, `the word changed the link: ${page.url()}`);
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('on a phone a notice stays in view: a refused picture far down the page is answered where the person is', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    await page.goto(`${origin}/?size=24x24&speed=instant&seed=3`);
    await waitForState(page, 'done');
    await page.click('#mask-group > summary');
    await page.locator('#mask-file').scrollIntoViewIfNeeded();
    await page.setInputFiles('#mask-file', { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('no picture') });
    await page.waitForFunction(() => document.querySelector('#notice').textContent.includes('not a picture'));
    const scrolled = await page.evaluate(() => window.scrollY);
    const box = await page.locator('#notice').boundingBox();
    expect(scrolled > 400, `the page did not scroll to the mask group (${scrolled})`);
    expect(box && box.y >= 0 && box.y + box.height <= 844, `the notice is off screen: ${JSON.stringify(box)}`);
    await shot(page, 'phone-notice');
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('a size of 0, 100000, -3, 2.5 or nothing typed on any shape is named with what is valid, and the maze and link stay', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    const bad = [];
    for (const [shape, size] of [['square', '10x8'], ['3d', '6x6x3'], ['4d', '4x4x2x2'], ['cube', '5'], ['mobius', '20x6'],
      ['klein', '10x10'], ['upsilon', '10x10'], ['crack', '10x10'], ['polar', '8'], ['hex', '10x8'], ['triangle', '10x8']]) {
      await page.goto(`${origin}/?shape=${shape}&size=${size}&speed=instant&seed=1`);
      await waitForState(page, 'done');
      const link = page.url();
      for (const id of ['width', 'height', 'levels', 'hyper']) {
        if (await page.locator(`#${id}`).isHidden()) continue;
        for (const value of ['0', '100000', '-3', '2.5', '']) {
          const notice = await page.evaluate(([id, value]) => {
            document.querySelector('#notice').textContent = '';
            const input = document.querySelector(`#${id}`);
            input.value = value;
            input.dispatchEvent(new Event('change'));
            return document.querySelector('#notice').textContent;
          }, [id, value]);
          const state = await page.locator('#status').getAttribute('data-state');
          if (!/^bad (polar )?size '.*'.*(valid|expected)/.test(notice) || page.url() !== link || state !== 'done') {
            bad.push(`${shape} ${id}=${JSON.stringify(value)}: ${notice || 'no notice'}, ${state}, ${page.url() === link ? 'link kept' : page.url()}`);
          }
        }
      }
    }
    expect(bad.length === 0, bad.join('\n'));
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('a 4D maze names its levels on the stage where they are big enough to carry a name', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?shape=4d&size=6x6x3x3&speed=instant&seed=2`);
    await waitForState(page, 'done');
    const labels = await page.locator('.level-label:not([hidden])').allTextContents();
    expect(labels.length === 9 && labels[0] === 'level 1 · row 1' && labels[8] === 'level 3 · row 3', `labels: ${labels}`);
    // Zoomed out far, the levels are too small: the labels hide.
    for (let i = 0; i < 4; i += 1) await page.click('#zoom-out');
    const shown = await page.locator('.level-label:not([hidden])').count();
    expect(shown === 0, `${shown} labels on tiny levels`);
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('a 3D maze wraps its levels to the window: two a row on a phone, the 16:10 grid on a desktop, again when the window turns', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${origin}/?shape=3d&size=8x8x6&speed=instant&seed=3`);
    await waitForState(page, 'done');
    const columns = () => page.locator('.level-label:not([hidden])').evaluateAll((ls) => new Set(ls.map((l) => l.style.left)).size);
    expect((await columns()) === 2, `phone: ${await columns()} levels a row`);
    const metrics = await page.textContent('.metrics');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForFunction(() => new Set([...document.querySelectorAll('.level-label:not([hidden])')].map((l) => l.style.left)).size === 4, null, { timeout: 5000 })
      .catch(() => {});
    expect((await columns()) === 4, `desktop: ${await columns()} levels a row`);
    expect((await page.textContent('.metrics')) === metrics, 'the same maze');
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('the Difficulty target generates until the solution share is in range and says how many it took', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?algorithm=backtracker&size=20x12&seed=1&speed=instant`);
    await waitForState(page, 'done');
    await page.locator('summary', { hasText: 'Difficulty' }).click();
    await page.selectOption('#target-metric', 'solution_pct');
    await page.fill('#target-low', '30');
    await page.fill('#target-high', '40');
    await page.click('#target-run');
    await waitForState(page, 'done');
    const notice = await page.textContent('#notice');
    // The CLI finds the same seed: `mazelab generate --size 20x12
    // --algorithm backtracker --seed 1 --target solution_pct:30-40`.
    expect(notice.includes('after 8 mazes') && notice.includes('seed 8'), `notice: ${notice}`);
    expect(new URL(page.url()).searchParams.get('seed') === '8', `seed in ${page.url()}`);
    await page.fill('#target-low', '95');
    await page.fill('#target-high', '99');
    await page.click('#target-run');
    const none = await page.textContent('#notice');
    expect(none.includes('none of 1000') && none.includes('nearest'), `notice: ${none}`);
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('small faults mended: the random share only for the mix, Compare keeps the speed, a bad trial count and a text-turning link named as given', async () => {
    const { page, errors } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?algorithm=growing-tree&pop=newest&size=20x12&seed=1&speed=400`);
    await waitForState(page, 'running');
    expect(await page.locator('#pop-mix').isDisabled(), 'the random share is still while the pop is newest');
    await page.selectOption('#pop', 'mix');
    expect(!(await page.locator('#pop-mix').isDisabled()), 'the mix takes a random share');
    await page.selectOption('#pop', 'oldest');
    expect(await page.locator('#pop-mix').isDisabled(), 'and oldest does not');
    // Ticking Compare reads the form back: the link's 400 steps/s stays
    // 400 (the slider's own position there is 398 steps/s).
    await page.locator('summary', { hasText: 'Compare' }).click();
    await page.check('#compare');
    expect(new URL(page.url()).searchParams.get('speed') === '400', `speed in ${page.url()}`);
    await page.locator('summary', { hasText: 'Difficulty' }).click();
    await page.fill('#mc-trials', '-3');
    await page.click('#mc-run');
    const trials = await page.textContent('#notice');
    expect(trials.startsWith("bad number of trials '-3'"), `notice: ${trials}`);
    // A right-to-left override in a link is named, not obeyed.
    await page.goto(`${origin}/?algorithm=wil%E2%80%AEson&size=20x12&seed=1&speed=instant`);
    await waitForState(page, 'done');
    const notice = await page.textContent('#notice');
    expect(notice.includes('wil\\u{202e}son') && !notice.includes('\u202e'), `notice: ${JSON.stringify(notice)}`);
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('keyboard help opens with ? and every control is reachable by Tab', async () => {
    const { page } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${origin}/?algorithm=eller&size=20x12&seed=1&speed=instant`);
    await waitForState(page, 'done');
    await page.keyboard.press('?');
    expect(await page.locator('#help').evaluate((d) => d.open), 'the help is open');
    await shot(page, 'desktop-help');
    await page.keyboard.press('Escape');
    expect(!(await page.locator('#help').evaluate((d) => d.open)), 'Escape closes it');
    const seen = new Set();
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press('Tab');
      seen.add(await page.evaluate(() => document.activeElement.id || document.activeElement.tagName));
    }
    for (const id of ['theme', 'help-open', 'zoom-in', 'zoom-fit', 'algorithm', 'width', 'seed', 'play', 'solver', 'solve']) {
      expect(seen.has(id), `Tab never reaches #${id}`);
    }
  });
} finally {
  await browser.close();
  server.close();
}
finish();
