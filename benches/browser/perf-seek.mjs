// Seek timings in Chromium (a benchmark, not a test: it prints figures and
// never fails on them): an instant build (the backtracker unless told),
// recorded for seeking
// in the background, then the timeline's slider moved to steps spread over
// the run (fourteen seeks). Each figure is the page's own readout, #timeline[data-seek-ms]:
// restoring a checkpoint, replaying to the step and painting the stage.
//   node benches/browser/perf-seek.mjs [SIDE ...] [--algorithms=A,B] [--with=braid=50&sparse=30]
//   (after trunk build --release; sides default to 1000 and 4096; --with
//   adds link keys)
import { serveDist, launch, openPage, waitForState } from '../../tests/e2e/browser.mjs';

const sides = process.argv.slice(2).filter((a) => /^\d+$/.test(a));
const algorithms = (process.argv.find((a) => a.startsWith('--algorithms='))?.slice(13) || 'backtracker').split(',');
const extra = process.argv.find((a) => a.startsWith('--with='))?.slice(7);
const { server, origin } = await serveDist();
const browser = await launch();
try {
  for (const side of sides.length ? sides : ['1000', '4096']) for (const algorithm of algorithms) {
    const { page } = await openPage(browser, { width: 1400, height: 900 });
    await page.goto(`${origin}/?algorithm=${algorithm}&size=${side}x${side}&seed=1&speed=instant${extra ? `&${extra}` : ''}`);
    await waitForState(page, 'done', 120000);
    await page.waitForSelector('#status[data-recorded]', { state: 'attached', timeout: 300000 });
    const total = Number(await page.locator('#timeline').getAttribute('data-reached'));
    const times = [];
    // Two in the first thousandths too: origin shift lays its first tree
    // there, a step a cell.
    for (const share of [50, 10, 99, 30, 0, 75, 49, 100, 60, 1, 90, 25, 0.1, 0.2]) {
      const target = Math.floor((total * share) / 100);
      const ms = await page.evaluate((value) => {
        const slider = document.querySelector('#tl-slider');
        slider.value = String(value);
        slider.dispatchEvent(new Event('input'));
        return Number(document.querySelector('#timeline').dataset.seekMs);
      }, target);
      const at = Number(await page.locator('#timeline').getAttribute('data-at'));
      if (at !== target) throw new Error(`asked for step ${target}, the bar shows ${at}`);
      times.push([share, ms]);
    }
    const worst = Math.max(...times.map(([, ms]) => ms));
    const memory = await page.locator('#status').getAttribute('data-memory-bytes');
    const kept = await page.locator('#status').getAttribute('data-checkpoints');
    const recorded = Number(await page.locator('#status').getAttribute('data-recording-bytes'));
    console.log(`${algorithm} ${side}x${side}, ${total} steps: seeks (ms) ${times.map(([s, ms]) => `${s}%: ${ms.toFixed(0)}`).join(', ')}; ` +
      `slowest ${worst.toFixed(0)} ms; ${kept} checkpoints in ${(recorded / 2 ** 20).toFixed(0)} MB; ` +
      `module memory ${(Number(memory) / 2 ** 20).toFixed(0)} MB`);
    await page.context().close();
  }
} finally {
  await browser.close();
  server.close();
}
