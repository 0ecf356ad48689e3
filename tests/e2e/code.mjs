// The Code view in headless Chromium on the built dist/: a person's own
// generator runs in a worker and carves on the stage like a built-in; every
// starter gives a perfect maze; syntax errors, exceptions, bad calls and
// endless loops each give their message and leave the app working; a link
// with a program shows it but does not run it until Run; the link and the
// browser's storage keep the program exactly; the lab runs the program in
// its workers beside the built-ins. Screenshots go to
// target/screenshots/.
//   node tests/e2e/code.mjs
import { serveDist, launch, openPage, checks, waitForState, typeProgram, runEndless, markedLine, PRINTABLE_ASCII } from './browser.mjs';

const { server, origin } = await serveDist();
const browser = await launch();
const { check, expect, shot, finish } = await checks('code');

const verdict = (page, attr) => page.locator('#code-verdict').getAttribute(attr);
// Replaces the editor's program (CodeMirror's own input, as typing does).
async function write(page, text) {
  await page.locator('.cm-content').fill(text);
}
async function run(page) {
  await page.click('#code-run');
  await page.waitForFunction(() => {
    const v = document.querySelector('#code-verdict');
    return v && v.dataset.perfect !== '' && !v.textContent.startsWith('running');
  }, null, { timeout: 20000 });
}
const open = async (query, viewport) => {
  const { page, errors } = await openPage(browser, viewport);
  await page.goto(`${origin}/?${query}`);
  await page.waitForSelector('#code:not([hidden]) .cm-editor');
  return { page, errors };
};

// A backtracker a person types, under a comment of every printable key.
const TYPED = `// typed key by key: ${PRINTABLE_ASCII}
function generate(maze, rng) {
  const seen = new Uint8Array(maze.cells);
  let start = rng.below(maze.cells);
  while (!maze.isLive(start)) start = rng.below(maze.cells);
  const stack = [start];
  seen[start] = 1;

  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const next = maze.neighbors(top).filter((n) => !seen[n]);
    if (next.length === 0) {
      stack.pop();
      continue;
    }
    const n = next[rng.below(next.length)];
    maze.carve(top, n);
    seen[n] = 1;
    stack.push(n);
  }
}`;

try {
  await check('a program typed key by key arrives whole in the editor, runs, and no page key fires meanwhile', async () => {
    const { page, errors } = await open('view=code&size=12x9&seed=3&speed=instant');
    const before = page.url();
    await typeProgram(page, TYPED);
    const typed = await page.evaluate(() => window.mazelabEditor.text(window.mazelabEditor.current));
    expect(typed === TYPED, `the editor holds ${JSON.stringify(typed.slice(0, 200))}`);
    // The letters the page's keys use (n, s, t, f, p, i, ?, +, ...) did nothing.
    expect(!(await page.locator('#help').evaluate((d) => d.open)), 'the help dialog stayed shut');
    expect(page.url().replace(/&?program=[^&]*/, '') === before.replace(/&?program=[^&]*/, ''),
      `the link changed only in its program: ${before} -> ${page.url()}`);
    expect(!(await page.locator('#code').isHidden()), 'still in the Code view');
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => {
      const v = document.querySelector('#code-verdict');
      return v && v.dataset.perfect !== '' && !v.textContent.startsWith('running');
    }, null, { timeout: 20000 });
    expect((await verdict(page, 'data-perfect')) === 'true', await page.textContent('#code-verdict'));
    // Outside the editor the page's keys work as before: n makes a new seed.
    await page.evaluate(() => document.activeElement.blur());
    const seed = new URL(page.url()).searchParams.get('seed');
    await page.keyboard.press('n');
    await page.waitForFunction((s) => new URL(location.href).searchParams.get('seed') !== s, seed, { timeout: 5000 });
    expect(!errors.length, errors.join('; '));
  });

  await check('the first starter runs to a perfect maze on the stage, like a built-in', async () => {
    const { page, errors } = await open('view=code&size=16x12&seed=3&speed=instant');
    expect(await page.locator('#controls').isHidden(), 'the editor takes the controls\' place');
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', await page.textContent('#code-verdict'));
    const steps = Number(await verdict(page, 'data-steps'));
    expect(Number(await verdict(page, 'data-passages')) === 16 * 12 - 1, 'cells - 1 passages');
    await waitForState(page, 'done');
    const shown = Number(await page.locator('#status').getAttribute('data-steps'));
    expect(shown === steps + 1, 'the stage counts the program\'s steps (and Done)');
    // The verdict's count is the timeline's: the program's steps, then the end.
    const said = await page.textContent('#code-verdict');
    expect(Number(await verdict(page, 'data-timeline')) === shown && said.startsWith(`${shown} steps (${steps} of yours, then the end); `),
      `the verdict says "${said.slice(0, 60)}", the timeline ${shown}`);
    expect(page.url().includes('algorithm=program') && page.url().includes('program='), page.url());
    await shot(page, 'code-desktop');
    expect(!errors.length, errors.join('; '));
  });

  await check('a program\'s numbered comment is its steps: listed, lit by maze.phase(k), quoted by the narration', async () => {
    const { page, errors } = await open('view=code&size=8x6&seed=3&speed=instant');
    await page.selectOption('#code-starter', 'backtracker');
    await run(page);
    await waitForState(page, 'done');
    await page.click('#view-maze');
    const steps = await page.locator('#phase-list li[data-step]').allTextContents();
    expect(steps.length === 3 && steps[0] === 'Push a random start cell on the stack.'
      && steps[1] === 'From the cell on top of the stack, carve into a random unvisited neighbour and push it.', steps.join(' | '));
    // In words, a phase quotes the program's own step.
    await page.selectOption('#steps-mode', 'words');
    await page.keyboard.press('Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    const told = await page.locator('#narration-history li').allTextContents();
    const now = await page.textContent('#narration-now');
    const all = [now, ...told].join(' | ');
    expect(all.includes('Step 1: Push a random start cell on the stack.') || all.includes('step 1: Push a random start cell on the stack.'), all);
    expect(!errors.length, errors.join('; '));
  });

  await check('every starter makes a perfect maze on squares and hexagons', async () => {
    const { page, errors } = await open('view=code&size=14x10&seed=5&speed=instant');
    const starters = await page.locator('#code-starter option[data-kind="generator"]').evaluateAll((os) => os.map((o) => o.value));
    expect(starters.length >= 5, starters.join(', '));
    for (const query of ['view=code&size=14x10&seed=5&speed=instant', 'view=code&shape=hex&size=9x7&seed=2&speed=instant']) {
      await page.goto(`${origin}/?${query}`);
      await page.waitForSelector('.cm-editor');
      for (const name of starters) {
        await page.selectOption('#code-starter', name);
        await run(page);
        expect((await verdict(page, 'data-perfect')) === 'true', `${name}: ${await page.textContent('#code-verdict')}`);
        expect((await page.textContent('#code-error')) === '', `${name}: ${await page.textContent('#code-error')}`);
      }
    }
    expect(!errors.length, errors.join('; '));
  });

  await check('the log comes through shared memory where the page is isolated, copied where not: the same maze', async () => {
    // 500 x 500: the backtracker's 1.3 million events go round the page's
    // ring (a million events) once.
    const query = 'view=code&size=500x500&seed=9&speed=instant';
    const plain = await serveDist({ isolated: false });
    const seen = [];
    try {
      for (const [at, how] of [[origin, 'shared'], [plain.origin, 'copied']]) {
        const { page, errors } = await openPage(browser);
        await page.goto(`${at}/?${query}`);
        await page.waitForSelector('.cm-editor');
        expect(await page.evaluate(() => self.crossOriginIsolated) === (how === 'shared'), `${how}: isolated?`);
        await page.selectOption('#code-starter', 'backtracker');
        await run(page);
        await waitForState(page, 'done');
        expect((await verdict(page, 'data-log')) === how, `the log came ${await verdict(page, 'data-log')}, not ${how}`);
        expect((await verdict(page, 'data-perfect')) === 'true', await page.textContent('#code-verdict'));
        const picture = await page.locator('#panels canvas').first().evaluate((c) => {
          const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          let h = 0;
          for (let i = 0; i < d.length; i++) h = (Math.imul(h, 31) + d[i]) | 0;
          return h;
        });
        seen.push({ steps: await verdict(page, 'data-steps'), picture });
        expect(!errors.length, errors.join('; '));
        await page.close();
      }
    } finally {
      plain.server.close();
    }
    expect(seen[0].steps === seen[1].steps && Number(seen[0].steps) > 1 << 20, `steps ${seen[0].steps} and ${seen[1].steps}`);
    expect(seen[0].picture === seen[1].picture, 'the same maze on the stage');
  });

  await check('a solver runs on the maze shown and its path is checked and drawn', async () => {
    const { page, errors } = await open('view=code&algorithm=kruskal&size=15x11&seed=8&speed=instant');
    await waitForState(page, 'done');
    for (const name of ['bfs', 'wall-follower']) {
      await page.selectOption('#code-starter', name);
      await page.click('#code-run');
      await page.waitForFunction(() => {
        const v = document.querySelector('#code-verdict');
        return v.dataset.path !== undefined && v.dataset.path !== '' && !v.textContent.startsWith('running');
      }, null, { timeout: 20000 });
      expect((await verdict(page, 'data-path')) === 'true', `${name}: ${await page.textContent('#code-verdict')}`);
      await page.waitForFunction(() => (document.querySelector('.solve-result') || {}).textContent?.includes('moves'), null, { timeout: 20000 });
      const result = await page.textContent('.solve-result');
      expect(result.includes('program'), `the panel names the program's solve: ${result}`);
      await page.evaluate(() => document.querySelector('#code-verdict').removeAttribute('data-path'));
    }
    await shot(page, 'code-solver');
    // A path through a wall is refused by name.
    await write(page, 'function solve(maze, start, goal) {\n  return [start, goal];\n}');
    await page.click('#code-run');
    await page.waitForFunction(() => document.querySelector('#code-error').textContent !== '', null, { timeout: 20000 });
    const error = await page.textContent('#code-error');
    expect(/goes through a wall|not at the goal/.test(error), error);
    expect(!errors.length, errors.join('; '));
  });

  await check('a compare panel holds the program beside a built-in on the same seed', async () => {
    const { page, errors } = await open('view=code&compare=program,backtracker&size=12x9&seed=2&speed=instant');
    await page.selectOption('#code-starter', 'kruskal');
    await run(page);
    await waitForState(page, 'done');
    const titles = await page.locator('.panel h2').allTextContents();
    expect(titles.length === 2 && titles[0] === 'program' && titles[1] === 'backtracker', titles.join(', '));
    const metrics = await page.locator('.panel .metrics').allTextContents();
    expect(metrics.every((m) => m.includes('dead ends')), metrics.join(' | '));
    expect(page.url().includes('compare=program,backtracker'), page.url());
    await shot(page, 'code-compare');
    // What the program prints is its panel's log, step by step; the
    // built-in's panel has none.
    await write(page, (await page.evaluate(() => window.mazelabEditor.text(window.mazelabEditor.current)))
      .replace('function generate(maze, rng) {', 'function generate(maze, rng) {\n  console.log("cells", maze.cells);'));
    await run(page);
    await waitForState(page, 'done');
    const logs = page.locator('.panel .panel-log');
    expect(await logs.count() === 1, `${await logs.count()} panel logs`);
    expect((await logs.locator('summary').textContent()) === 'printed 1 line', await logs.locator('summary').textContent());
    const line = await logs.locator('li').first().textContent();
    expect(line === 'step 0cells 108', `the logged line: ${line}`);
    expect(await page.locator('.panel').first().locator('.panel-log').count() === 1, 'the log is the program panel\'s');
    expect(!errors.length, errors.join('; '));
  });

  await check('an animated run plays on the timeline at the Code view\'s own speed, and can be scrubbed', async () => {
    const { page, errors } = await open('view=code&size=10x8&seed=1&speed=2000');
    expect((await page.textContent('#code-speed-value')) === (await page.textContent('#speed-value')), 'the Code view shows the link\'s speed');
    expect((await page.inputValue('#code-speed')) === (await page.inputValue('#speed')), 'on both sliders');
    // Its slider is the maze's speed: moving one moves the other and the link.
    await page.locator('#code-speed').fill('0');
    expect(page.url().includes('speed=1&') || page.url().endsWith('speed=1'), page.url());
    expect((await page.inputValue('#speed')) === '0', 'the maze view\'s slider follows');
    await run(page);
    await page.waitForTimeout(1500);
    const at = Number(await page.locator('#timeline').getAttribute('data-at'));
    expect(at >= 1 && at <= 4, `at 1 step/s, ${at} steps after 1.5 s`);
    await page.locator('#code-speed').fill('900');
    await page.evaluate(() => document.activeElement.blur()); // the keys below are the timeline's
    await waitForState(page, 'done');
    const total = Number(await page.locator('#status').getAttribute('data-steps'));
    await page.keyboard.press('Home');
    expect((await page.locator('#timeline').getAttribute('data-at')) === '0', 'Home goes to step 0');
    await page.keyboard.press('End');
    expect((await page.locator('#timeline').getAttribute('data-at')) === String(total), 'End to the last step');
    expect(!errors.length, errors.join('; '));
  });

  await check('what a program prints shows under the editor in order, each line at its step; a step pressed shows it; Run clears it', async () => {
    const { page, errors } = await open('view=code&size=4x3&seed=2&speed=instant');
    await write(page, TYPED.replace('maze.carve(top, n);', 'maze.carve(top, n);\n    console.log("carved", top, n);')
      .replace('const stack = [start];', 'const stack = [start];\n  console.log("start", start);'));
    await run(page);
    const lines = await page.locator('#code-output li').evaluateAll((items) => items.map((li) => [
      li.querySelector('[data-step]').dataset.step, li.querySelector('.code-output-line').textContent]));
    expect(lines.length === 12, `a start line and 11 carves: ${lines.length}`);
    expect(lines[0][0] === '0' && /^start \d+$/.test(lines[0][1]), JSON.stringify(lines[0]));
    lines.slice(1).forEach(([step, text], k) => {
      expect(step === String(k + 1) && /^carved \d+ \d+$/.test(text), `line ${k + 2}: ${step} ${text}`);
    });
    expect(await page.isVisible('#code-output-box'), 'the output shows');
    await page.locator('#code-output [data-step="3"]').click();
    await page.waitForFunction(() => document.querySelector('#timeline').dataset.at === '3');
    await shot(page, 'code-output');
    // Printed past the cap: the first 1000 lines, and a note of the rest.
    await write(page, 'function generate(maze, rng) {\n  for (let i = 0; i < 1234; i++) console.log(i);\n  maze.carve(0, 1);\n}');
    await run(page);
    expect((await page.getAttribute('#code-output', 'data-lines')) === '1000', await page.getAttribute('#code-output', 'data-lines'));
    expect((await page.textContent('#code-output-note')).startsWith('234 more lines'), await page.textContent('#code-output-note'));
    // A run that prints nothing clears it.
    await page.selectOption('#code-starter', 'backtracker');
    await run(page);
    expect((await page.locator('#code-output li').count()) === 0 && !(await page.isVisible('#code-output-box')), 'cleared at Run');
    expect(!errors.length, errors.join('; '));
  });

  await check('errors name the line, the step or the limit, and leave the app working', async () => {
    const { page } = await open('view=code&size=6x5&seed=1&speed=instant');
    const cases = [
      ['function generate(maze, rng) {\n  let x = ;\n}', /^line 2: .*SyntaxError|^line 2: Uncaught SyntaxError/],
      ['function generate(maze, rng) {\n  maze.carve(0, 1);\n  null.f();\n}', /^line 3: TypeError/],
      ['function generate(maze, rng) {\n  maze.carve(0, 1);\n  maze.carve(0, 7);\n}', /^line 3: step 2: carve\(0, 7\): the cells are not neighbours/],
      ['function generate(maze, rng) {\n  maze.carve(0, 1);\n  maze.mark(3, "glow");\n}', /^line 3: step 2: mark\(3, "glow"\)/],
    ];
    for (const [text, says] of cases) {
      await write(page, text);
      // The page makes the next run's worker ahead (the harness loaded,
      // the maze's tables handed over) while the person writes; a program
      // that does not load there (a syntax error) runs again in a worker
      // of its own, which names the line.
      await page.waitForTimeout(400);
      await run(page);
      const error = await page.textContent('#code-error');
      expect(says.test(error), `${JSON.stringify(text)}: ${error}`);
      expect((await verdict(page, 'data-perfect')) === 'false', 'not a perfect maze');
      const worker = await verdict(page, 'data-worker');
      const expected = error.includes('SyntaxError') ? 'fresh' : 'spare';
      expect(worker === expected, `${JSON.stringify(text)}: ran in a ${worker} worker, not a ${expected} one`);
    }
    // The faults show on the stage: cells not reached are ruled out (grey)
    // on the solving layer.
    const marked = await page.locator('#panels canvas.overlay').first().evaluate((c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
      return n;
    });
    expect(marked > 0, 'the cells left out are marked on the stage');
    await shot(page, 'code-verdict-faults');
    // The steps before the bad call stay: one carve on the stage.
    expect((await verdict(page, 'data-steps')) === '1', `steps kept: ${await verdict(page, 'data-steps')}`);
    // And the app still works: a good program runs again.
    await page.selectOption('#code-starter', 'backtracker');
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', 'a good program runs after the errors');
    expect((await page.textContent('#code-error')) === '', 'the error is cleared');
  });

  await check('an endless loop is stopped after the time limit, and the page answers meanwhile', async () => {
    const { page } = await open('view=code&size=6x5&seed=1&speed=instant');
    const answered = await runEndless(page, 'function generate(maze, rng) {\n  maze.carve(0, 1);\n  let i = 0;\n  while (i >= 0) i = (i + 1) % 7;\n}');
    expect(answered, 'the Maze view shows while the program runs');
    expect((await verdict(page, 'data-steps')) === '1', 'the step before the loop stays');
    // The message names the loop's line, and the editor marks it.
    const said = await page.textContent('#code-error');
    expect(said === 'line 4: stopped after 10 s: an endless loop? line 4 was running when it was stopped; the steps before it stay', said);
    expect((await markedLine(page)) === 4, `line ${await markedLine(page)} marked`);
    // Every kind of loop gets its guard, no line added; a loop in a
    // string or a comment is none.
    const guarded = await page.evaluate(() => [
      'for (let i = 0; i < 3; i++) x++;',
      'while (a) {\n  b();\n}',
      'do { c(); } while (d);',
      'for (const k of ks) for (const j in o) {}',
      '// while (x) {}\nconst s = "for (;;) {}";',
    ].map((t) => window.mazelabEditor.guardLoops(t)));
    const want = [
      'for (let i = 0; i < 3; i++) {__mazelabLoop(1);x++;}',
      'while (a) {__mazelabLoop(1);\n  b();\n}',
      'do {__mazelabLoop(1); c(); } while (d);',
      'for (const k of ks) {__mazelabLoop(1);for (const j in o) {__mazelabLoop(1);}}',
      '// while (x) {}\nconst s = "for (;;) {}";',
    ];
    guarded.forEach((g, i) => expect(g === want[i], `guarded ${JSON.stringify(g)}, want ${JSON.stringify(want[i])}`));
  });

  await check('a run that cannot start clears the last run\'s verdict and maze instead of leaving them under its error', async () => {
    const { page, errors } = await open('view=code&size=6x5&seed=1&speed=instant');
    await page.selectOption('#code-starter', 'backtracker');
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', 'a first run');
    await write(page, 'let x = 1;');
    await page.click('#code-run');
    await page.waitForFunction(() => document.querySelector('#code-error').textContent.startsWith('a program defines'));
    expect((await page.textContent('#code-verdict')) === '' && (await verdict(page, 'data-perfect')) === '', 'no verdict left');
    // The stage as before any run: nothing carved, no solution.
    const metrics = await page.textContent('.metrics');
    expect((await page.getAttribute('#status', 'data-steps')) === '1' && metrics.includes('solution none'), `no maze left: ${metrics}`);
    expect(!errors.length, errors.join('; '));
  });

  await check('Stop ends a run at once, the steps before it kept, and hides itself', async () => {
    const { page, errors } = await open('view=code&size=6x5&seed=1&speed=instant');
    expect(!(await page.isVisible('#code-stop')), 'no Stop before a run');
    await write(page, 'function generate(maze, rng) {\n  maze.carve(0, 1);\n  for (;;) {}\n}');
    await page.click('#code-run');
    await page.waitForSelector('#code-stop:not([hidden])');
    await page.click('#code-stop');
    await page.waitForFunction(() => document.querySelector('#code-error').textContent.startsWith('stopped: you pressed Stop'));
    expect((await verdict(page, 'data-steps')) === '1', `the step before stays: ${await verdict(page, 'data-steps')}`);
    expect(!(await page.isVisible('#code-stop')), 'Stop hides once the run has ended');
    await page.selectOption('#code-starter', 'backtracker');
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', 'the next run runs');
    expect(!errors.length, errors.join('; '));
  });

  await check('a program that arrives by link is shown but runs only on Run', async () => {
    const { page: first } = await open('view=code&size=8x6&seed=4&speed=instant');
    const text = '// größe 8×6 — «ünïcödé» 迷路 🧩\n' +
      (await first.evaluate(() => window.mazelabEditor.text(window.mazelabEditor.current)));
    await write(first, text);
    await run(first);
    const link = first.url();
    expect(link.includes('program='), link);
    const { page, errors } = await openPage(browser);
    await page.goto(link);
    await page.waitForSelector('.cm-editor');
    expect((await verdict(page, 'data-steps')) === '0', 'nothing ran on opening');
    expect((await page.textContent('#code-verdict')) === '', 'no verdict before Run');
    const shown = await page.evaluate(() => window.mazelabEditor.text(window.mazelabEditor.current));
    expect(shown === text, `the link carries the program exactly: ${JSON.stringify(shown.slice(0, 80))}`);
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', 'it runs when asked');
    expect(!errors.length, errors.join('; '));
  });

  await check('the browser keeps the program across a reload', async () => {
    const { page } = await open('view=code&size=8x6&seed=4&speed=instant');
    await write(page, '// kept\nfunction generate(maze, rng) {}\n');
    await page.goto(`${origin}/?view=code`);
    await page.waitForSelector('.cm-editor');
    const shown = await page.locator('.cm-content').innerText();
    expect(shown.includes('// kept'), shown);
  });

  await check('the lab runs the program beside built-ins in its workers: each starter has its built-in\'s dead ends', async () => {
    const { page, errors } = await open('view=code&size=20x20&seed=1');
    const lab = async (builtin, uniform) => {
      await page.click('#view-lab');
      await page.evaluate((chosen) => {
        for (const c of document.querySelectorAll('#lab-algorithms input')) c.checked = chosen.includes(c.value);
      }, ['program', builtin]);
      await page.fill('#lab-size', '20x20');
      await page.fill('#lab-runs', '50');
      await page.fill('#lab-seed', '1');
      await page.setChecked('#lab-uniform', uniform);
      await page.click('#lab-run');
      await page.waitForSelector('#lab-status:is([data-state="done"],[data-state="error"],[data-state="invalid"])', { timeout: 60000 });
      return page.locator('#lab-status').getAttribute('data-state');
    };
    // The starter's own pop rule is newest: the growing tree popping newest.
    for (const [starter, builtin] of [['random-tree', 'growing-tree:newest'], ['backtracker', 'backtracker'],
      ['kruskal', 'kruskal'], ['aldous-broder', 'aldous-broder'], ['wilson', 'wilson']]) {
      await page.click('#view-code');
      await page.selectOption('#code-starter', starter);
      const uniform = starter === 'wilson' || starter === 'backtracker';
      const state = await lab(builtin, uniform);
      expect(state === 'done', `${starter}: ${await page.textContent('#lab-status')}`);
      if (state !== 'done') continue;
      const heads = await page.locator('#lab-table thead th').allTextContents();
      const cells = await page.locator('#lab-table tr[data-metric="dead_end_pct"] td').allTextContents();
      const mine = parseFloat(cells[heads.indexOf('program') - 1]);
      const theirs = parseFloat(cells[heads.findIndex((h) => h.startsWith(builtin.split(':')[0])) - 1]);
      expect(Math.abs(mine - theirs) <= 2, `${starter}: ${mine}% dead ends against ${builtin} ${theirs}%`);
      if (uniform) {
        const rows = await page.locator('#lab-uniformity-table tbody tr').evaluateAll((trs) =>
          Object.fromEntries(trs.map((tr) => [tr.cells[0].textContent, tr.cells[tr.cells.length - 1].textContent])));
        const want = starter === 'wilson' ? 'consistent with uniform' : 'not uniform';
        expect(rows.program === want, `${starter} in the exact test: ${JSON.stringify(rows)}`);
      }
    }
    expect(page.url().includes('program=') && /lab=[^&]*program/.test(page.url()), `the link keeps the program: ${page.url()}`);
    // A program that fails in the lab names the maze; a solver is refused.
    await page.click('#view-code');
    await write(page, 'function generate(maze, rng) { if (rng.below(4) === 0) throw new Error("unlucky"); maze.openAll(); }');
    expect((await lab('wilson', false)) === 'error', 'a failing program stops the run');
    const failed = await page.textContent('#lab-status');
    expect(/seed \d+/.test(failed) && failed.includes('unlucky'), failed);
    await page.click('#view-code');
    await page.selectOption('#code-starter', 'bfs');
    expect((await lab('wilson', false)) === 'invalid', 'a solver is no candidate');
    expect((await page.textContent('#lab-status')).includes('solver'), await page.textContent('#lab-status'));
    await page.click('#view-code');
    await page.selectOption('#code-starter', 'backtracker');
    expect((await lab('wilson', false)) === 'done', 'and the lab works after both');
    expect(await page.locator('#lab-log').count() === 0, 'a program that prints nothing has no log');
    // What the program prints in the lab is the run's log: the first
    // 1000 lines in seed order, each with its maze's seed and step.
    await page.click('#view-code');
    await write(page, 'function generate(maze, rng) {\n  console.log("a", rng.below(1000));\n  console.log("b");\n  maze.openAll();\n}');
    expect((await lab('wilson', false)) === 'done', await page.textContent('#lab-status'));
    const log = page.locator('#lab-log details');
    expect((await log.locator('summary').textContent()) === 'program: 100 lines', await log.locator('summary').textContent());
    const first = await log.locator('li').first().textContent();
    const second = await log.locator('li').nth(1).textContent();
    expect(/^seed 1 · step 0a \d+$/.test(first) && second === 'seed 1 · step 0b', `${first} | ${second}`);
    expect((await log.locator('li').last().textContent()) === 'seed 50 · step 0b', await log.locator('li').last().textContent());
    expect(!errors.length, errors.join('; '));
  });

  await check('the Code view fits a phone, and dark', async () => {
    const { page } = await open('view=code&size=12x9&seed=3&speed=instant', { width: 390, height: 844 });
    await run(page);
    await shot(page, 'code-phone');
    await page.click('#theme');
    await shot(page, 'code-phone-dark');
    const box = await page.locator('.cm-editor').boundingBox();
    expect(box && box.width <= 390, `the editor is ${box && box.width} px wide`);
  });
} finally {
  await browser.close();
  server.close();
}
finish();
