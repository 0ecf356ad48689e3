// Python in the Code view, in headless Chromium on the built dist/:
// choosing Python loads Pyodide from the build with a progress bar; the
// Python starters and a notebook's random_tree run to perfect mazes on the
// stage; errors name their type, line and step and mark the line; an
// endless loop and a program that wants too much memory are stopped and a
// fresh Python is made ready; the link and the browser keep the program
// and its language; compare panels and the lab take a Python program; and
// Python works offline once it has been used. Screenshots go to
// target/screenshots/.
//   node tests/e2e/python.mjs
import { readFileSync } from 'node:fs';
import { serveDist, launch, openPage, checks, waitForState, typeProgram, runEndless, markedLine, PRINTABLE_ASCII } from './browser.mjs';

const { server, origin } = await serveDist();
const browser = await launch();
const { check, expect, shot, finish } = await checks('python');

const verdict = (page, attr) => page.locator('#code-verdict').getAttribute(attr);
const editorText = (page) => page.evaluate(() => window.mazelabEditor.text(window.mazelabEditor.current));
async function write(page, text) {
  await page.locator('.cm-content').fill(text);
}
async function run(page, timeout = 30000) {
  await page.click('#code-run');
  await page.waitForFunction(() => {
    const v = document.querySelector('#code-verdict');
    return v && v.dataset.perfect !== '' && !/^(running|waiting)/.test(v.textContent);
  }, null, { timeout });
}
const ready = (page) => page.waitForFunction(() => document.querySelector('#code-python').dataset.readyMs, null, { timeout: 60000 });
// A page on the Code view with Python chosen and loaded.
async function python(query, viewport, options) {
  const { page, errors } = await openPage(browser, viewport, options);
  await page.goto(`${origin}/?${query}`);
  await page.waitForSelector('#code:not([hidden]) .cm-editor');
  if ((await page.locator('#code-lang').inputValue()) !== 'python') await page.selectOption('#code-lang', 'python');
  await ready(page);
  return { page, errors };
}
// The line the editor marks as the error's (0 for none).

// Norvig's random_tree as his notebook writes it, behind a two-line
// generate with the oldest-first pop.
const NORVIG = `${readFileSync(new URL('../fixtures/norvig_random_tree.py', import.meta.url), 'utf8')}
def generate(maze, rng):
    squares = {(x, y) for x in range(maze.width) for y in range(maze.height)}
    return random_tree(squares, neighbors4, deque.popleft)
`;

// A backtracker a person types in Python, under a comment of every
// printable key.
const TYPED = `# typed key by key: ${PRINTABLE_ASCII}
def generate(maze, rng):
    seen = set()
    start = 0
    while not maze.is_live(start):
        start += 1
    stack = [start]
    seen.add(start)

    while stack:
        top = stack[-1]
        nexts = [n for n in maze.neighbors(top) if n not in seen]
        if not nexts:
            stack.pop()
            continue
        n = nexts[rng.below(len(nexts))]
        maze.carve(top, n)
        seen.add(n)
        stack.append(n)`;

try {
  await check('a Python program typed key by key arrives whole in the editor and runs; no page key fires meanwhile', async () => {
    const { page, errors } = await python('view=code&size=12x9&seed=3&speed=instant');
    const before = page.url();
    await typeProgram(page, TYPED);
    const typed = await editorText(page);
    expect(typed === TYPED, `the editor holds ${JSON.stringify(typed.slice(0, 200))}`);
    expect(!(await page.locator('#help').evaluate((d) => d.open)), 'the help dialog stayed shut');
    expect(page.url().replace(/&?program=[^&]*/, '') === before.replace(/&?program=[^&]*/, ''),
      `the link changed only in its program: ${before} -> ${page.url()}`);
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', await page.textContent('#code-verdict'));
    expect(!errors.length, errors.join('; '));
  });

  await check('choosing Python loads it with a progress bar; its starters make perfect mazes on the stage', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?view=code&size=16x12&seed=3&speed=instant`);
    await page.waitForSelector('.cm-editor');
    const requested = [];
    page.on('request', (r) => { if (r.url().includes('/pyodide/')) requested.push(r.url()); });
    expect(!(await page.locator('#code-python').isVisible()), 'no bar before Python is chosen');
    await page.selectOption('#code-lang', 'python');
    await page.waitForSelector('#code-python:not([hidden])', { timeout: 5000 });
    await shot(page, 'python-loading');
    await ready(page);
    expect(!(await page.locator('#code-python').isVisible()), 'the bar goes once Python is ready');
    expect(requested.every((u) => u.startsWith(origin)) && requested.some((u) => u.endsWith('pyodide.asm.wasm')),
      `Python comes from the build: ${requested.join(', ')}`);
    expect(page.url().includes('lang=python'), page.url());
    const starters = await page.locator('#code-starter option[data-kind]').evaluateAll((os) => os.map((o) => `${o.value}:${o.dataset.kind}`));
    expect(starters.join(' ') === 'random-tree:generator kruskal:generator wilson:generator bfs:solver', starters.join(' '));
    expect((await editorText(page)).includes('def random_tree(nodes, neighbors, pop=deque.pop)'), 'the first Python starter shows');
    for (const query of ['view=code&size=16x12&seed=3&speed=instant', 'view=code&shape=hex&size=9x7&seed=2&speed=instant']) {
      await page.goto(`${origin}/?${query}&lang=python`);
      await page.waitForSelector('.cm-editor');
      for (const name of ['random-tree', 'kruskal', 'wilson']) {
        await page.selectOption('#code-starter', name);
        await run(page);
        const says = await page.textContent('#code-verdict');
        expect((await verdict(page, 'data-perfect')) === 'true', `${query} ${name}: ${says} ${await page.textContent('#code-error')}`);
      }
    }
    await waitForState(page, 'done');
    await shot(page, 'python-hex');
    expect(page.url().includes('algorithm=program') && page.url().includes('lang=python'), page.url());
    expect(!errors.length, errors.join('; '));
  });

  await check('a notebook\'s random_tree runs unchanged behind a two-line generate, and plays like a built-in', async () => {
    const { page, errors } = await python('view=code&size=30x20&seed=5&speed=800');
    await write(page, NORVIG);
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', await page.textContent('#code-verdict'));
    expect((await verdict(page, 'data-steps')) === String(30 * 20 - 1), 'one carve an edge');
    // It plays at the chosen speed on the timeline, like a built-in.
    await page.waitForFunction(() => Number(document.querySelector('#timeline').dataset.at) > 0, null, { timeout: 10000 });
    await shot(page, 'python-notebook-playing');
    await page.click('#view-maze');
    await page.locator('#timeline').focus();
    await page.keyboard.press('End');
    await waitForState(page, 'done');
    // The same seed gives the same maze after a reload (Python's random
    // is seeded from it).
    const first = await page.evaluate(() => document.querySelector('#status').dataset.hash || document.querySelector('#panels canvas').toDataURL());
    await page.click('#view-code');
    await run(page);
    await page.click('#view-maze');
    await page.locator('#timeline').focus();
    await page.keyboard.press('End');
    await waitForState(page, 'done');
    const again = await page.evaluate(() => document.querySelector('#status').dataset.hash || document.querySelector('#panels canvas').toDataURL());
    expect(first === again, 'one maze per seed');
    expect(!errors.length, errors.join('; '));
  });

  await check('the breadth-first starter solves the maze shown', async () => {
    const { page, errors } = await python('view=code&size=12x9&seed=4&speed=instant&algorithm=wilson');
    await page.selectOption('#code-starter', 'bfs');
    await page.click('#code-run');
    await page.waitForFunction(() => {
      const v = document.querySelector('#code-verdict');
      return v.dataset.path !== undefined && v.dataset.path !== '' && !/^(running|waiting)/.test(v.textContent);
    }, null, { timeout: 30000 });
    expect((await verdict(page, 'data-path')) === 'true', await page.textContent('#code-verdict'));
    await page.waitForFunction(() => (document.querySelector('.solve-result') || {}).textContent?.includes('moves'), null, { timeout: 20000 });
    expect((await page.textContent('.solve-result')).includes('program'), await page.textContent('.solve-result'));
    expect((await page.textContent('#code-verdict')).includes('a path of'), await page.textContent('#code-verdict'));
    expect(!errors.length, errors.join('; '));
  });

  await check('print shows under the editor, each line at its step, and costs the run microseconds', async () => {
    const { page, errors } = await python('view=code&size=100x100&seed=4&speed=instant');
    await page.selectOption('#code-starter', 'kruskal');
    const starter = await editorText(page);
    // A print a wall: some 10,000 calls, the first 1000 lines kept.
    await write(page, starter.replace(/(\n(\s*)maze\.carve\(([^)]*)\))/, '$1\n$2print("carved", $3)'));
    await run(page, 60000);
    expect((await verdict(page, 'data-perfect')) === 'true', await page.textContent('#code-verdict'));
    expect((await page.getAttribute('#code-output', 'data-lines')) === '1000', await page.getAttribute('#code-output', 'data-lines'));
    const first = await page.locator('#code-output li').first().textContent();
    expect(/^step \d+carved/.test(first), first);
    const note = await page.textContent('#code-output-note');
    expect(/^\d+ more lines printed/.test(note), note);
    console.log(`     9,999 prints at 100 x 100: the run took ${await verdict(page, 'data-run-ms')} ms in the worker`);
    expect(!errors.length, errors.join('; '));
  });

  await check('a recursive backtracker as books teach it carves 40 x 40; deeper, the message marks the recursive call; slips are answered', async () => {
    const RECURSIVE = [
      'def generate(maze, rng):',
      '    seen = set()',
      '    def visit(c):',
      '        seen.add(c)',
      '        ns = maze.neighbors(c)',
      '        rng.shuffle(ns)',
      '        for n in ns:',
      '            if n not in seen:',
      '                maze.carve(c, n)',
      '                visit(n)',
      '    visit(0)',
    ].join('\n');
    const { page, errors } = await python('view=code&size=40x40&seed=4&speed=instant');
    await write(page, RECURSIVE);
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', await page.textContent('#code-verdict'));
    const { page: deep } = await python('view=code&size=200x200&seed=4&speed=instant');
    await write(deep, RECURSIVE);
    await run(deep, 60000);
    const error = await deep.textContent('#code-error');
    expect(error.startsWith('line 10: RecursionError') && error.includes('keep your own stack'), error);
    expect((await markedLine(deep)) === 10, `the recursive call's line marked: ${await markedLine(deep)}`);
    for (const [text, says] of [
      ['import numpy\ndef generate(maze, rng):\n    pass', /^line 1: ModuleNotFoundError: no module named 'numpy': the page runs Python's standard library only/],
      ['def generate(maze, rng):\n    for n in maze.neighbours(0):\n        maze.carve(0, n)', /did you mean maze\.neighbors\?$/],
      ['def generate(maze, rng):\n    edges = [(0, 1)]', /^generate returned None and carved nothing: a missing return\?/],
      ['def generate(maze):\n    maze.carve(0, 1)', /^generate must take \(maze, rng\)/],
      ['def generate(maze, rng):\n    n = int(input("size? "))', /^line 2: input\(\): the page has no keyboard/],
    ]) {
      await write(page, text);
      await run(page);
      const said = await page.textContent('#code-error');
      expect(says.test(said), `${JSON.stringify(text)}: ${said}`);
    }
    expect(!errors.length, errors.join('; '));
  });

  await check('Stop ends a Python run at once; a fresh Python is made ready for the next', async () => {
    const { page, errors } = await python('view=code&size=6x5&seed=1&speed=instant');
    await write(page, 'def generate(maze, rng):\n    maze.carve(0, 1)\n    while True:\n        pass');
    await page.click('#code-run');
    await page.waitForSelector('#code-stop:not([hidden])');
    await page.click('#code-stop');
    await page.waitForFunction(() => document.querySelector('#code-error').textContent.startsWith('stopped: you pressed Stop'));
    expect((await verdict(page, 'data-steps')) === '1', `the step before stays: ${await verdict(page, 'data-steps')}`);
    await page.selectOption('#code-starter', 'kruskal');
    await run(page, 60000);
    expect((await verdict(page, 'data-perfect')) === 'true', await page.textContent('#code-verdict'));
    expect(!errors.length, errors.join('; '));
  });

  await check('errors name their type, line and step, mark the line, and keep the steps before', async () => {
    const { page, errors } = await python('view=code&size=6x5&seed=1&speed=instant');
    const cases = [
      ['def generate(maze, rng):\n    x = [1, 2]\n    maze.carve(0, 1)\n    return x[5]\n', /^line 4: IndexError: list index out of range/, 4, 1],
      ['def generate(maze, rng)\n    pass\n', /^line 1: SyntaxError: /, 1, 0],
      ['def generate(maze, rng):\n    maze.carve(0, 1)\n    maze.carve(0, 7)\n', /^line 3: step 2: carve\(0, 7\): the cells are not neighbours/, 3, 1],
      ['def generate(maze, rng):\n    maze.mark(3, "glow")\n', /^line 2: step 1: mark\(3, 'glow'\): the kinds are/, 2, 0],
      ['def generate(maze, rng):\n    return [(0, 1), (1, 2), (2, 9)]\n', /step 3: the returned tree, edge 2 \(2, 9\): the two are not neighbours/, 0, 2],
      ['def generate(maze, rng):\n    return [((0, 0), (1, 0)), ((5, 4), (6, 4))]\n', /edge 1 \(\(5, 4\), \(6, 4\)\): \(6, 4\) is off the maze \(x 0 to 5, y 0 to 4\)/, 0, 1],
      ['def generate(maze, rng):\n    return [(0, 1), (0, 1)]\n', /edge 1 \(0, 1\): the wall is already open/, 0, 1],
      ['def generate(maze, rng):\n    maze.carve(0, 1)\n    big = [0] * 10**9\n', /^line 3: MemoryError: the program asked for more memory than the page can give/, 3, 1],
    ];
    for (const [text, says, line, steps] of cases) {
      await write(page, text);
      await run(page);
      const error = await page.textContent('#code-error');
      expect(says.test(error), `${JSON.stringify(text)}: ${error}`);
      if (line) expect((await markedLine(page)) === line, `${JSON.stringify(text)}: line ${await markedLine(page)} marked, not ${line}`);
      expect((await verdict(page, 'data-steps')) === String(steps), `${JSON.stringify(text)}: ${await verdict(page, 'data-steps')} steps kept`);
      if (line === 3 && steps === 1 && text.includes('carve(0, 7)')) await shot(page, 'python-error');
    }
    await page.selectOption('#code-starter', 'kruskal');
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', 'a good program runs after the errors');
    expect((await page.textContent('#code-error')) === '', 'the error is cleared');
    expect((await markedLine(page)) === 0, 'and the mark');
    expect(!errors.length, errors.join('; '));
  });

  await check('a bad call in JavaScript marks its line too', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${origin}/?view=code&size=6x5&seed=1&speed=instant`);
    await page.waitForSelector('.cm-editor');
    await write(page, 'function generate(maze, rng) {\n  maze.carve(0, 1);\n  maze.carve(0, 7);\n}');
    await page.waitForTimeout(400);
    await run(page);
    expect((await page.textContent('#code-error')).startsWith('line 3: step 2: carve(0, 7)'), await page.textContent('#code-error'));
    expect((await markedLine(page)) === 3, `line ${await markedLine(page)} marked`);
  });

  await check('an endless loop is stopped after 10 s on the line it was running, which is marked, and the page answers meanwhile', async () => {
    const { page, errors } = await python('view=code&size=6x5&seed=1&speed=instant');
    const answered = await runEndless(page, 'def generate(maze, rng):\n    maze.carve(0, 1)\n    while True:\n        x = 1\n');
    expect(answered, 'the Maze view shows while the program runs');
    expect((await verdict(page, 'data-steps')) === '1', 'the step before the loop stays');
    const said = await page.textContent('#code-error');
    expect(/^line [34]: stopped after 10 s: an endless loop\? line [34] was running/.test(said), said);
    expect([3, 4].includes(await markedLine(page)), `line ${await markedLine(page)} marked`);
    await page.selectOption('#code-starter', 'wilson');
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', `the fresh Python runs: ${await page.textContent('#code-verdict')}`);
    expect(!errors.length, errors.join('; '));
  });

  await check('the link and the browser keep the program and its language; a link runs nothing until Run', async () => {
    const { page } = await python('view=code&size=8x6&seed=4&speed=instant');
    const text = '# größe 8×6 迷路\n' + (await editorText(page));
    await write(page, text);
    await run(page);
    const link = page.url();
    expect(link.includes('lang=python') && link.includes('program='), link);
    // In another browser the link shows the Python program, and waits.
    const { page: other, errors } = await openPage(browser);
    await other.goto(link);
    await other.waitForSelector('.cm-editor');
    expect((await other.locator('#code-lang').inputValue()) === 'python', 'the language comes with the link');
    expect((await editorText(other)) === text, 'the program comes exactly');
    expect((await verdict(other, 'data-steps')) === '0' && (await other.textContent('#code-verdict')) === '', 'nothing ran');
    await run(other);
    expect((await verdict(other, 'data-perfect')) === 'true', 'it runs when asked');
    expect(!errors.length, errors.join('; '));
    // The browser keeps each language's program, and the language.
    await page.goto(`${origin}/?view=code`);
    await page.waitForSelector('.cm-editor');
    expect((await page.locator('#code-lang').inputValue()) === 'python', 'Python again after a reload');
    expect((await editorText(page)) === text, 'the Python program kept');
    await page.selectOption('#code-lang', 'javascript');
    expect((await editorText(page)).includes('function generate(maze, rng)'), 'JavaScript has its own program');
    expect(!page.url().includes('lang=') && !page.url().includes('program='), page.url());
    await page.selectOption('#code-lang', 'python');
    expect((await editorText(page)) === text, 'and Python its own');
  });

  await check('compare panels and the lab take a Python program', async () => {
    const { page, errors } = await python('view=code&size=20x20&seed=1&speed=instant&compare=program,backtracker');
    await page.selectOption('#code-starter', 'wilson');
    await run(page);
    await waitForState(page, 'done');
    const titles = await page.locator('.panel h2').allTextContents();
    expect(titles.join(', ') === 'program, backtracker', titles.join(', '));
    const metrics = await page.locator('.panel .metrics').allTextContents();
    expect(metrics.every((m) => m.includes('dead ends')), metrics.join(' | '));
    expect(page.url().includes('compare=program,backtracker') && page.url().includes('lang=python'), page.url());
    await shot(page, 'python-compare');
    await page.click('#view-lab');
    await page.evaluate(() => {
      for (const c of document.querySelectorAll('#lab-algorithms input')) c.checked = ['program', 'wilson'].includes(c.value);
    });
    await page.fill('#lab-size', '20x20');
    await page.fill('#lab-runs', '40');
    await page.fill('#lab-seed', '1');
    await page.setChecked('#lab-uniform', false);
    await page.click('#lab-run');
    await page.waitForSelector('#lab-status:is([data-state="done"],[data-state="error"],[data-state="invalid"])', { timeout: 120000 });
    expect((await page.locator('#lab-status').getAttribute('data-state')) === 'done', await page.textContent('#lab-status'));
    const heads = await page.locator('#lab-table thead th').allTextContents();
    const cells = await page.locator('#lab-table tr[data-metric="dead_end_pct"] td').allTextContents();
    const mine = parseFloat(cells[heads.indexOf('program') - 1]);
    const theirs = parseFloat(cells[heads.findIndex((h) => h.startsWith('wilson')) - 1]);
    expect(Math.abs(mine - theirs) <= 2.5, `Python's Wilson ${mine}% dead ends against wilson ${theirs}%`);
    expect(/lab=[^&]*program/.test(page.url()) && page.url().includes('lang=python'), page.url());
    // The exact uniformity test on a small square.
    await page.fill('#lab-size', '3x3');
    await page.fill('#lab-runs', '2000');
    await page.setChecked('#lab-uniform', true);
    await page.click('#lab-run');
    await page.waitForSelector('#lab-status:is([data-state="done"],[data-state="error"],[data-state="invalid"])', { timeout: 180000 });
    const rows = await page.locator('#lab-uniformity-table tbody tr').evaluateAll((trs) =>
      Object.fromEntries(trs.map((tr) => [tr.cells[0].textContent, tr.cells[tr.cells.length - 1].textContent])));
    expect(rows.program === 'consistent with uniform', `Python's Wilson in the exact test: ${JSON.stringify(rows)}`);
    await shot(page, 'python-lab');
    expect(!errors.length, errors.join('; '));
  });

  await check('Python works offline once it has been used', async () => {
    const { page, errors } = await python('view=code&size=8x6&seed=2&speed=instant');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    // The first load may have begun before the service worker took over:
    // a reload loads Python again through it.
    await page.reload();
    await page.waitForSelector('.cm-editor');
    await ready(page);
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const python = names.find((n) => n.startsWith('pyodide-'));
      return python ? (await (await caches.open(python)).keys()).map((r) => r.url.split('/').pop()) : [];
    });
    expect(kept.includes('pyodide.asm.wasm') && kept.includes('python_stdlib.zip'), `kept: ${kept.join(', ')}`);
    await page.context().setOffline(true);
    await page.reload();
    await page.waitForSelector('.cm-editor');
    await ready(page);
    await run(page);
    expect((await verdict(page, 'data-perfect')) === 'true', `offline: ${await page.textContent('#code-verdict')}`);
    console.log(`     ready from the cache in ${await page.locator('#code-python').getAttribute('data-ready-ms')} ms`);
    expect(!errors.filter((e) => !e.includes('request failed')).length, errors.join('; '));
  });

  await check('the Python view fits a phone, and dark', async () => {
    const { page } = await python('view=code&size=12x9&seed=3&speed=instant', { width: 390, height: 844 });
    await run(page);
    await shot(page, 'python-phone');
    await page.click('#theme');
    await page.locator('.code-help summary').click();
    await shot(page, 'python-phone-dark');
    const box = await page.locator('.cm-editor').boundingBox();
    expect(box && box.width <= 390, `the editor is ${box && box.width} px wide`);
    expect(await page.locator('.for-python').isVisible() && !(await page.locator('.for-javascript').isVisible()),
      'the help shows Python\'s interface');
  });
} finally {
  await browser.close();
  server.close();
}
finish();
