// The lab view in headless Chromium on the built dist/: it runs in Web
// Workers with a small N and shows its table and charts; the page keeps
// answering while it runs; Cancel stops it and a new run starts cleanly;
// bad input is named; the settings live in the link; the downloads carry
// the results. Checks behaviour; the longest frame gap is printed as a
// figure, not asserted. Screenshots go to target/screenshots/.
//   node tests/e2e/lab.mjs
import { serveDist, launch, openPage, checks } from './browser.mjs';

const { server, origin } = await serveDist();
const browser = await launch();
const { check, expect, shot, finish } = await checks('lab');
const labState = (page) => page.locator('#lab-status').getAttribute('data-state');
const waitLab = (page, states, timeout = 60000) =>
  page.waitForSelector(states.map((s) => `#lab-status[data-state="${s}"]`).join(','), { timeout });

try {
  await check('a small run shows a table of every metric and the charts', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?view=lab&lab_size=20x20&lab_runs=30&lab_tree_runs=3000`);
    await page.waitForSelector('#lab:not([hidden])');
    expect(await page.locator('#layout').isHidden(), 'the maze is hidden behind the lab tab');
    await page.click('#lab-run');
    await waitLab(page, ['done', 'error']);
    expect((await labState(page)) === 'done', `status: ${await page.textContent('#lab-status')}`);
    const rows = await page.locator('#lab-table tbody tr').count();
    expect(rows === 14, `${rows} metric rows`);
    const cost = await page.locator('#lab-table tr[data-metric="cost"] td').allTextContents();
    expect(cost[0].includes('weighted mazes only'), `an unweighted run's cost: ${cost[0]}`);
    const heads = await page.locator('#lab-table thead th').allTextContents();
    expect(heads.join('|') === 'metric|growing-tree (newest)|growing-tree (oldest)|growing-tree (random)|published',
      `columns: ${heads.join('|')}`);
    const dead = await page.locator('#lab-table tr[data-metric="dead_end_pct"] td').allTextContents();
    const means = dead.slice(0, 3).map((t) => parseFloat(t));
    expect(means[0] < 15 && means[2] > 20, `dead ends newest ${means[0]}, random ${means[2]}`);
    expect(dead[3].includes('growing-tree (newest): 10'), `published: ${dead[3]}`);
    expect((await page.locator('#lab-histograms svg.chart').count()) === 14, 'one histogram per metric');
    expect((await page.locator('#lab-uniformity svg.chart').count()) === 3, 'one uniformity chart per algorithm');
    const verdicts = await page.locator('#lab-uniformity-table tbody td:last-child').allTextContents();
    expect(verdicts.every((v) => v === 'not uniform'), `verdicts: ${verdicts}`);
    await shot(page, 'lab-desktop');
    await page.evaluate(() => document.querySelector('#lab-histograms').scrollIntoView());
    await shot(page, 'lab-desktop-charts');
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('on weighted mazes the lab measures the cheapest way\'s cost, the CLI\'s figures', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?view=lab&lab=backtracker&lab_size=16x12&lab_runs=20&lab_seed=5&lab_braid=100&lab_weights=random:9`);
    await page.waitForSelector('#lab:not([hidden])');
    expect(await page.inputValue('#lab-weights') === 'random:9', 'the link sets the weights');
    await page.click('#lab-run');
    await waitLab(page, ['done', 'error']);
    expect((await labState(page)) === 'done', `status: ${await page.textContent('#lab-status')}`);
    const cost = await page.locator('#lab-table tr[data-metric="cost"] td').first().textContent();
    const { execFileSync } = await import('node:child_process');
    const { join } = await import('node:path');
    const root = new URL('../..', import.meta.url).pathname;
    const cli = join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'debug/mazelab');
    const want = JSON.parse(execFileSync(cli, ['stats', '--algorithm', 'backtracker', '--size', '16x12', '--runs', '20', '--seed', '5',
      '--braid', '100', '--weights', 'random:9', '--format', 'json'], { encoding: 'utf8' })).metrics.cost.mean;
    expect(Math.abs(parseFloat(cost) - want) < 0.01, `the page's mean cost ${cost}, the CLI's ${want}`);
    expect(errors.length === 0, errors.join('\n'));
    await page.context().close();
  });

  await check('the page answers while a long run works, and Cancel stops it cleanly', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?view=lab&lab=backtracker&lab_size=100x100&lab_runs=9000&lab_trees=off`);
    await page.waitForSelector('#lab:not([hidden])');
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      window.labFrames = []; let last = performance.now();
      const tick = (t) => { window.labFrames.push(t - last); last = t; window.labRaf = requestAnimationFrame(tick); };
      window.labRaf = requestAnimationFrame(tick);
    });
    await page.click('#lab-run');
    await page.waitForFunction(() => document.querySelector('#lab-progress').value > 0, null, { timeout: 20000 });
    // The page still takes a click: the theme flips mid-run.
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.click('#theme');
    const after = await page.evaluate(() => document.documentElement.dataset.theme);
    expect(before !== after, 'the theme toggle answered during the run');
    const progress = await page.evaluate(() => document.querySelector('#lab-progress').value);
    await page.waitForFunction((p) => document.querySelector('#lab-progress').value > p, progress, { timeout: 20000 });
    const frames = await page.evaluate(() => { cancelAnimationFrame(window.labRaf); return window.labFrames; });
    expect(frames.length >= 10, `only ${frames.length} animation frames ran during the run`);
    console.log(`     longest frame gap while the lab ran: ${Math.max(...frames).toFixed(1)} ms over ${frames.length} frames`);
    expect((await labState(page)) === 'running', 'still running');
    await page.click('#lab-cancel');
    expect((await labState(page)) === 'cancelled', `status after cancel: ${await labState(page)}`);
    const stopped = await page.evaluate(() => document.querySelector('#lab-progress').value);
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => document.querySelector('#lab-progress').value) === stopped, 'no progress after cancel');
    expect(await page.locator('#lab-run').isEnabled(), 'Run is back');
    // A new run starts fresh workers and finishes.
    await page.fill('#lab-runs', '12');
    await page.locator('#lab-runs').dispatchEvent('change');
    await page.click('#lab-run');
    await waitLab(page, ['done', 'error']);
    expect((await labState(page)) === 'done', `status: ${await page.textContent('#lab-status')}`);
    expect(errors.length === 0, errors.join('\n'));
  });

  await check('bad input is named, the link keeps the settings, downloads carry the results', async () => {
    const { page, errors } = await openPage(browser, { width: 390, height: 844 }, { colorScheme: 'dark', isMobile: true, hasTouch: true });
    await page.goto(`${origin}/?view=lab&lab_runs=-3&lab=nope`);
    await page.waitForSelector('#lab:not([hidden])');
    const notice = await page.textContent('#notice');
    expect(notice.includes('lab_runs') && notice.includes('lab:'), `notice: ${notice}`);
    await page.fill('#lab-size', '0x5');
    await page.locator('#lab-size').dispatchEvent('change');
    expect((await labState(page)) === 'invalid', 'a size of 0 is refused');
    expect((await page.textContent('#lab-status')).includes('bad size'), await page.textContent('#lab-status'));
    await page.fill('#lab-size', '12x12');
    await page.locator('#lab-size').dispatchEvent('change');
    await page.uncheck('input[value="growing-tree:oldest"]');
    await page.check('input[value="wilson"]');
    await page.locator('#lab-form').dispatchEvent('change');
    const url = new URL(page.url());
    expect(url.searchParams.get('view') === 'lab', `view in ${url}`);
    expect(url.searchParams.get('lab') === 'growing-tree:newest~growing-tree:random~wilson', `lab= ${url.searchParams.get('lab')}`);
    expect(url.searchParams.get('lab_size') === '12x12', `lab_size in ${url}`);
    await page.click('#lab-run');
    await waitLab(page, ['done', 'error']);
    expect((await labState(page)) === 'done', `status: ${await page.textContent('#lab-status')}`);
    const wilson = await page.locator('#lab-uniformity-table tbody tr:nth-child(3)').textContent();
    expect(wilson.includes('wilson') && wilson.includes('consistent with uniform'), wilson);
    await shot(page, 'lab-phone-dark');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#lab-csv')]);
    const text = await (await import('node:fs/promises')).readFile(await csv.path(), 'utf8');
    expect(text.startsWith('algorithm,shape,size,runs,seed,metric,mean,'), text.slice(0, 80));
    expect(text.includes('\nwilson,square,12x12,200,1,dead_end_pct,'), 'wilson rows');
    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#lab-json')]);
    const data = JSON.parse(await (await import('node:fs/promises')).readFile(await json.path(), 'utf8'));
    expect(data.stats.length === 3 && data.uniformity.length === 3, 'three of each');
    expect(data.uniformity[2].counts.length === 192, 'a count per 3x3 tree');
    // Back to the maze: it is there, and the link says so.
    await page.click('#view-maze');
    expect(await page.locator('#layout').isVisible(), 'the maze shows again');
    expect(!new URL(page.url()).searchParams.has('view'), 'view=lab left the link');
    expect(errors.length === 0, errors.join('\n'));
  });
  await check('a sweep charts each metric against the control, from the form and into the link and downloads', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/?view=lab&lab=backtracker~wilson&lab_size=16x16&lab_runs=20`);
    await page.waitForSelector('#lab:not([hidden])');
    await page.check('#lab-sweep');
    await page.selectOption('#lab-sweep-param', 'run');
    await page.fill('#lab-sweep-points', '3');
    await page.locator('#lab-form').dispatchEvent('change');
    const url = new URL(page.url());
    expect(url.searchParams.get('lab_sweep') === 'run:0:100:3', `lab_sweep in ${url}`);
    expect(await page.locator('#lab-uniform').isDisabled(), 'a sweep leaves the uniformity test out');
    await page.click('#lab-run');
    await waitLab(page, ['done', 'error']);
    expect((await labState(page)) === 'done', `status: ${await page.textContent('#lab-status')}`);
    const charts = page.locator('#lab-sweep-charts svg.chart');
    expect((await charts.count()) === 14, `${await charts.count()} sweep charts`);
    const corridor = charts.nth(3);
    expect((await corridor.locator('path.band').count()) === 2, 'a band per algorithm');
    expect((await corridor.locator('circle').count()) === 6, 'a dot per algorithm and point');
    // The backtracker's corridors lengthen with the run: its dot at 100
    // sits above (a smaller y) its dot at 0.
    const ys = await corridor.locator('circle.series-0').evaluateAll((cs) => cs.map((c) => +c.getAttribute('cy')));
    expect(ys[2] < ys[0], `backtracker corridor dots ${ys}`);
    await shot(page, 'lab-sweep');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#lab-csv')]);
    const text = await (await import('node:fs/promises')).readFile(await csv.path(), 'utf8');
    expect(text.startsWith('param,value,algorithm,'), text.slice(0, 60));
    for (const v of [0, 50, 100]) {
      expect(text.includes(`\nrun,${v},backtracker,square,16x16,20,`), `backtracker rows at ${v}`);
    }
    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#lab-json')]);
    const data = JSON.parse(await (await import('node:fs/promises')).readFile(await json.path(), 'utf8'));
    expect(data.param === 'run' && data.points.length === 3 && data.points[0].results.length === 2, 'three points of two');
    // A control the algorithm cannot take is named, and nothing runs.
    await page.goto(`${origin}/?view=lab&lab=eller&lab_sweep=grain:50:90:3`);
    await page.waitForSelector('#lab:not([hidden])');
    await page.click('#lab-run');
    await waitLab(page, ['invalid', 'error', 'done']);
    const said = await page.textContent('#lab-status');
    expect((await labState(page)) === 'invalid' && said.includes('eller'), `status: ${said}`);
    expect(errors.length === 0, errors.join('\n'));
  });
  await check('a torus, a distribution and a scaling: log-log charts whose powers are the CLI\'s', async () => {
    const { page, errors } = await openPage(browser);
    const { execFileSync } = await import('node:child_process');
    const { join } = await import('node:path');
    const root = new URL('../..', import.meta.url).pathname;
    const cli = join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'debug/mazelab');
    const run = (args) => JSON.parse(execFileSync(cli, [...args, '--format', 'json'], { encoding: 'utf8' }));
    await page.goto(`${origin}/?view=lab&lab=wilson~backtracker&lab_size=24x24&lab_wrap=xy&lab_runs=30&lab_seed=3&lab_trees=off&lab_distribution=branch`);
    await page.waitForSelector('#lab:not([hidden])');
    expect(await page.inputValue('#lab-wrap') === 'xy', 'the link sets the wrap');
    expect(await page.inputValue('#lab-distribution') === 'branch', 'the link sets the distribution');
    await page.click('#lab-run');
    await waitLab(page, ['done', 'error']);
    expect((await labState(page)) === 'done', `status: ${await page.textContent('#lab-status')}`);
    expect((await page.textContent('#lab-results h2')).includes('(wrap xy)'), await page.textContent('#lab-results h2'));
    const stats = run(['stats', '--algorithm', 'wilson', '--size', '24x24', '--wrap', 'xy', '--runs', '30', '--seed', '3']);
    // The columns come in the form's order.
    const heads = await page.locator('#lab-table thead th').allTextContents();
    const column = heads.indexOf('wilson') - 1;
    const dead = parseFloat(await page.locator('#lab-table tr[data-metric="dead_end_pct"] td b').nth(column).textContent());
    expect(Math.abs(dead - stats.metrics.dead_end_pct.mean) < 0.01, `torus dead ends ${dead} against the CLI's ${stats.metrics.dead_end_pct.mean}`);
    const branch = run(['distribution', '--algorithm', 'wilson', '--size', '24x24', '--wrap', 'xy', '--runs', '30', '--seed', '3']);
    const powerOf = (table) => page.locator(`${table} tbody tr`).evaluateAll((rows) =>
      Object.fromEntries(rows.map((r) => [r.querySelector('th').textContent, +r.dataset.exponent])));
    const powers = await powerOf('#lab-distribution-table');
    expect(powers.wilson === branch.exponent, `wilson's branch power ${powers.wilson} against the CLI's ${branch.exponent}`);
    expect(powers.backtracker > powers.wilson, `the backtracker's branches fall off more slowly: ${JSON.stringify(powers)}`);
    const chart = page.locator('#lab-distribution-chart svg.chart');
    expect((await chart.locator('path.published').count()) === 1, 'the published power drawn');
    expect((await chart.locator(`circle.series-${column}`).count()) === branch.bins.length, `a dot per bin (${branch.bins.length})`);
    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#lab-json')]);
    const data = JSON.parse(await (await import('node:fs/promises')).readFile(await json.path(), 'utf8'));
    expect(data.distribution.length === 2 && data.distribution[column].exponent === branch.exponent, 'the distributions in the JSON');
    await page.evaluate(() => document.querySelector('#lab-distribution-chart').scrollIntoView());
    await shot(page, 'lab-distribution');

    // A scaling from the form, on the plain square.
    await page.selectOption('#lab-wrap', 'none');
    await page.selectOption('#lab-distribution', 'off');
    await page.check('#lab-scaling');
    await page.selectOption('#lab-scaling-metric', 'solution');
    await page.fill('#lab-scaling-sizes', '8,16,24');
    await page.locator('#lab-form').dispatchEvent('change');
    const url = new URL(page.url());
    expect(url.searchParams.get('lab_scaling') === 'solution:8,16,24' && !url.searchParams.has('lab_wrap'), `link ${url}`);
    await page.click('#lab-run');
    await waitLab(page, ['done', 'error']);
    expect((await labState(page)) === 'done', `status: ${await page.textContent('#lab-status')}`);
    const scaling = run(['scaling', '--algorithm', 'wilson', '--sizes', '8,16,24', '--runs', '30', '--seed', '3']);
    const grows = await powerOf('#lab-scaling-table');
    expect(grows.wilson === scaling.exponent, `wilson grows as ${grows.wilson}, the CLI's ${scaling.exponent}`);
    expect(grows.backtracker > grows.wilson, `the backtracker's solution grows faster: ${JSON.stringify(grows)}`);
    const dots = await page.locator('#lab-scaling-chart svg.chart circle').count();
    expect(dots === 6, `${dots} dots: one per algorithm and side`);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#lab-csv')]);
    const text = await (await import('node:fs/promises')).readFile(await csv.path(), 'utf8');
    expect(text.startsWith('algorithm,shape,metric,side,mean,') && text.includes('\nwilson,square,solution,16,'), text.slice(0, 120));
    await shot(page, 'lab-scaling');
    expect(errors.length === 0, errors.join('\n'));
    await page.context().close();
  });
} finally {
  await browser.close();
  server.close();
}
finish();
