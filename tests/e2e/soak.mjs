// The long soak: drives one page at random for MAZELAB_SOAK_MINUTES (10 by
// default) across the Maze, Walk, Lab and Code views, every shape, compare, the
// timeline, solving, keys and themes, and checks after every action that
// the page answers, logs no console error and shows no error; the
// module's memory (#status[data-memory-bytes]) may grow by at most 10%
// after the first minute (a third of a shorter run), after a warm-up
// that visits every shape at several sizes. First, 100 new 1000 x 1000
// mazes in a row must leave memory where 10 did (within 10%), and 30
// braided ones where 5 did, within 15% of the plain ones.
//   node tests/e2e/soak.mjs                        (after trunk build --release)
//   MAZELAB_SOAK_MINUTES=1 node tests/e2e/soak.mjs (CI's version)
// MAZELAB_SOAK_SEED picks another walk; MAZELAB_SOAK_VERBOSE=1 times each
// action (and reads the memory after it, which slows the walk: each rise
// after the baseline is named in any run); MAZELAB_SOAK_BIG=0 skips the
// 100 big mazes.
import { serveDist, launch, openPage, waitForState } from './browser.mjs';

const minutes = Number(process.env.MAZELAB_SOAK_MINUTES ?? 10);
const verbose = Boolean(process.env.MAZELAB_SOAK_VERBOSE);
const { server, origin } = await serveDist();
const browser = await launch();
const failures = [];
const fail = (what) => { failures.push(what); console.log(`FAIL ${what}`); };
// A seeded random source, so a failing soak can be run again.
let state = Number(process.env.MAZELAB_SOAK_SEED ?? 2026) >>> 0;
const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296);
const pick = (list) => list[Math.floor(random() * list.length)];
const memory = (page) => page.locator('#status').getAttribute('data-memory-bytes').then(Number);

try {
  const { page, errors } = await openPage(browser);

  // 100 big mazes in a row: memory where 10 left it (MAZELAB_SOAK_BIG=0
  // skips this part while working on the walk).
  if (process.env.MAZELAB_SOAK_BIG !== '0') {
    const t0 = Date.now();
    await page.goto(`${origin}/?algorithm=backtracker&size=1000x1000&seed=1&speed=instant`);
    await waitForState(page, 'done', 60000);
    let after10 = 0;
    // Each maze is also recorded for seeking (in the background) before
    // the next: every cycle then makes the same allocations.
    const recorded = () => page.waitForSelector('#status[data-recorded]', { state: 'attached', timeout: 60000 });
    await recorded();
    for (let i = 1; i <= 100; i++) {
      await page.click('#new-maze');
      await waitForState(page, 'done', 60000);
      await recorded();
      if (i === 10) after10 = await memory(page);
    }
    const after100 = await memory(page);
    console.log(`100 mazes took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`memory after 10 new 1000x1000 mazes ${(after10 / 2 ** 20).toFixed(1)} MiB, after 100 ${(after100 / 2 ** 20).toFixed(1)} MiB`);
    if (after100 > 1.1 * after10) fail(`100 mazes grew memory from ${after10} to ${after100} bytes`);
    // Braided ones too (their metrics count shortest paths, and their
    // recording keeps a pass's copies): 30 in a row, memory where 5 left it.
    await page.goto(`${origin}/?algorithm=backtracker&size=1000x1000&seed=1&speed=instant&braid=50`);
    await waitForState(page, 'done', 60000);
    await recorded();
    let after5 = 0;
    for (let i = 1; i <= 30; i++) {
      await page.click('#new-maze');
      await waitForState(page, 'done', 60000);
      await recorded();
      if (i === 5) after5 = await memory(page);
    }
    const after30 = await memory(page);
    console.log(`memory after 5 new braided 1000x1000 mazes ${(after5 / 2 ** 20).toFixed(1)} MiB, after 30 ${(after30 / 2 ** 20).toFixed(1)} MiB`);
    if (after30 > 1.1 * after5) fail(`30 braided mazes grew memory from ${after5} to ${after30} bytes`);
    // And hold about what plain ones do (they held twice that when their
    // metrics and checkpoints kept copies of the maze's size).
    if (after30 > 1.15 * after100) fail(`braided mazes took ${after30} bytes, plain ones ${after100}`);
  }

  // The random walk through the app.
  await page.goto(`${origin}/?size=30x20&seed=1&speed=2000`);
  // The page notes each rise of its memory itself (no round trip per
  // action, which would change the walk's pace): where the walk's memory
  // grows past its baseline, the actions just before each rise are named.
  await page.waitForSelector('#status');
  await page.evaluate(() => {
    const status = document.querySelector('#status');
    window.memoryRises = [];
    let last = Number(status.dataset.memoryBytes || 0);
    new MutationObserver(() => {
      const now = Number(status.dataset.memoryBytes || 0);
      if (now > last) window.memoryRises.push([Date.now(), last, now]);
      last = Math.max(last, now);
    }).observe(status, { attributes: true, attributeFilter: ['data-memory-bytes'] });
  });
  const walked = [];
  // Every shape the picker offers: the plane's, 3D, 4D, the cube, upsilon.
  const shapes = await page.locator('#shape option').evaluateAll((os) => os.map((o) => o.value));
  // A control that is not there for this shape (the hidden size preset of
  // the rings, say) is skipped at once rather than waited for.
  const quick = { timeout: 2000 };
  const shown = (selector) => page.locator(selector).isVisible();
  // The sizes this shape offers: the presets where it has them, else a
  // few widths (rings, a cube face's side, a 3D or 4D level's side).
  const sizes = async () => {
    if (await shown('#size-preset')) {
      const presets = await page.locator('#size-preset option').evaluateAll((os) => os.map((o) => o.value).filter((v) => v));
      return presets.slice(0, 4).map((value) => ({ preset: value }));
    }
    return [4, 8, 16].map((width) => ({ width }));
  };
  const setSize = async (size) => {
    if (size.preset) await page.selectOption('#size-preset', size.preset, quick).catch(() => {});
    else {
      await page.fill('#width', String(size.width), quick).catch(() => {});
      await page.dispatchEvent('#width', 'change', null, quick).catch(() => {});
    }
  };
  const actions = {
    async shape() { await page.selectOption('#shape', pick(shapes)); },
    async algorithm() {
      const options = await page.locator('#algorithm option:not([disabled])').evaluateAll((os) => os.map((o) => o.value));
      await page.selectOption('#algorithm', pick(options));
    },
    async size() { await setSize(pick(await sizes())); },
    async newMaze() { await page.click('#new-maze'); },
    async play() { await page.click('#play'); },
    async step() { await page.click('#step'); },
    async finish() { await page.click('#finish', quick).catch(() => {}); },
    async keys() { await page.keyboard.press(pick(['ArrowRight', 'ArrowLeft', 'Home', 'End', 'n', 'f', ' '])); },
    async scrub() {
      const box = await page.locator('#tl-slider').boundingBox();
      if (box) await page.mouse.click(box.x + random() * box.width, box.y + box.height / 2);
    },
    async solve() { await page.click('#solve', quick).catch(() => {}); },
    async compare() {
      await page.evaluate(() => { document.querySelector('#compare-group').open = true; });
      await page.click('#compare', quick).catch(() => {});
    },
    async theme() { await page.click('#theme'); },
    async wrap() {
      if (await page.locator('#wrap-field').isVisible()) {
        await page.selectOption('#wrap', pick(['', 'x', 'xy', 'mobius', 'klein']));
      }
    },
    async level() {
      if (await page.locator('#level-field').isVisible()) {
        await page.evaluate((share) => {
          const level = document.querySelector('#level');
          level.value = String(Math.round(share * Number(level.max)));
          level.dispatchEvent(new Event('input'));
        }, random());
      }
    },
    async playByHand() {
      await page.keyboard.press('p');
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press(pick(['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'PageUp', 'PageDown', '[', ']']));
      }
      await page.keyboard.press('Escape');
    },
    async walk() {
      await page.click('#view-walk');
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press(pick(['w', 'a', 's', 'd', 'ArrowUp', 'PageUp', 'PageDown', 'g']));
      }
      if (random() < 0.3) await page.click('#walk-autopilot');
      await page.waitForTimeout(200);
      await page.click('#view-maze');
    },
    async lab() {
      await page.click('#view-lab');
      await page.fill('#lab-size', pick(['8x8', '12x12', '20x10']));
      await page.fill('#lab-runs', String(5 + Math.floor(random() * 40)));
      await page.click('#lab-run');
      await page.waitForSelector('#lab-status:is([data-state="done"],[data-state="error"],[data-state="invalid"])', { timeout: 60000 });
      await page.click('#view-maze');
    },
    // A starter at random, or the one named (the warm-up's).
    async code(starter) {
      await page.click('#view-code');
      await page.waitForSelector('#code .cm-editor, #code textarea');
      const starters = await page.locator('#code-starter option').evaluateAll((os) => os.map((o) => o.value).filter((v) => v));
      await page.selectOption('#code-starter', starter ?? pick(starters));
      await page.click('#code-run');
      await page.waitForFunction(() => !document.querySelector('#code-verdict').textContent.startsWith('running'), null, { timeout: 30000 });
      await page.click('#view-maze');
    },
  };
  const names = Object.keys(actions);
  // A warm-up visits every shape at several sizes, at its largest
  // compared, solved and with a program run, then the lab, so the module's memory reaches its high-water mark
  // (it never shrinks) before the baseline is taken; growth after that
  // is what the soak is after.
  const t1 = Date.now();
  for (const shape of shapes) {
    const ts = Date.now();
    await page.selectOption('#shape', shape);
    for (const size of await sizes()) {
      await setSize(size);
      await page.click('#finish', quick).catch(() => {});
    }
    // The heaviest states the walk can reach on this shape, at its largest
    // size: every algorithm run to its end in one panel (a long run's
    // recording and checkpoints are the biggest things the page holds),
    // then panels compared, solved, and a program run on them.
    const algorithms = await page.locator('#algorithm option:not([disabled])').evaluateAll((os) => os.map((o) => o.value));
    for (const algorithm of algorithms) {
      await page.selectOption('#algorithm', algorithm, quick).catch(() => {});
      await page.click('#finish', quick).catch(() => {});
    }
    await actions.compare();
    await page.click('#finish', quick).catch(() => {});
    await actions.solve();
    await page.keyboard.press('End');
    // The heaviest program beside them: Aldous-Broder's starter records
    // the longest log (a cursor move a step of its walk), and playing it
    // again from its start holds that log and its new run at once.
    await actions.code('aldous-broder');
    await actions.play();
    await actions.walk();
    // Then to its smallest size, the program's panels and all: a walk
    // that did this (a program run beside three growing trees on a big
    // upsilon, then a smaller size) raised the memory's high-water mark
    // once, late in its minute, and held there after.
    await setSize((await sizes())[0]);
    await page.click('#finish', quick).catch(() => {});
    await actions.compare();
    if (verbose) console.log(`warm-up ${shape}: ${Date.now() - ts} ms`);
  }
  console.log(`warm-up took ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  await actions.lab();
  await actions.code();
  const started = Date.now();
  // The baseline: after the first minute, or a third of a shorter run.
  const baselineAfter = Math.min(60000, (minutes * 60000) / 3);
  let baseline = null;
  let baselineAt = null;
  let actionsDone = 0;
  while (Date.now() - started < minutes * 60000) {
    const name = pick(names);
    const ta = Date.now();
    walked.push([ta, name, page.url()]);
    try {
      await actions[name]();
      if (verbose) console.log(`${name}: ${Date.now() - ta} ms ${((await memory(page)) / 2 ** 20).toFixed(1)} MiB  ${page.url().replace(origin, '')}`);
      // The page answers: a round trip within 5 s.
      await page.evaluate(() => document.readyState, null, { timeout: 5000 });
    } catch (e) {
      fail(`${name}: ${e.message.split('\n')[0]}`);
    }
    actionsDone++;
    const banner = await page.locator('#error').isVisible().catch(() => false);
    if (banner) fail(`after ${name}: the error banner shows ${await page.textContent('#error')}`);
    if (errors.length) fail(`after ${name}: ${errors.splice(0).join('; ')}`);
    if (baseline === null && Date.now() - started > baselineAfter) {
      baseline = await memory(page);
      baselineAt = Date.now();
    }
  }
  const end = await memory(page);
  console.log(`${actionsDone} actions in ${minutes} min; memory at the baseline ${((baseline ?? end) / 2 ** 20).toFixed(1)} MiB, at the end ${(end / 2 ** 20).toFixed(1)} MiB`);
  const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  for (const [at, from, to] of await page.evaluate(() => window.memoryRises)) {
    if (baselineAt === null || at < baselineAt) continue;
    const last = walked.filter(([t]) => t <= at).slice(-3);
    const before = last.map(([t, name]) => `${name} (${at - t} ms before)`);
    console.log(`memory rose ${mib(from)} -> ${mib(to)} ${((at - started) / 1000).toFixed(1)} s into the walk, after ${before.join(', ')}`);
    // Where the page was as the last of them began, to replay the state.
    if (last.length) console.log(`  from ${last[last.length - 1][2].replace(origin, '')}`);
  }
  if (baseline !== null && end > 1.1 * baseline) fail(`memory grew from ${baseline} to ${end} bytes after the baseline`);
} finally {
  await browser.close();
  server.close();
}
console.log(failures.length ? `soak: ${failures.length} failures` : 'soak: passed');
process.exit(failures.length ? 1 : 0);
