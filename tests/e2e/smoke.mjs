// Smoke test of the built dist/: served on localhost and loaded in headless
// Chromium, every algorithm reaches data-state="done" at 60x40 with
// speed=instant, with no console error, no exception and no failed request.
import { serveDist, launch, openPage, waitForState } from './browser.mjs';

const { server, origin } = await serveDist();
const browser = await launch();
let failures = 0;
let passed = 0;
try {
  const { page, errors } = await openPage(browser);
  await page.goto(`${origin}/`);
  // The module fills the picker once it has started (later on a busy machine).
  await page.waitForFunction(() => document.querySelectorAll('#algorithm option').length > 0, null, { timeout: 20000 })
    .catch(() => {});
  const algorithms = await page.locator('#algorithm option').evaluateAll((os) => os.map((o) => o.value));
  if (algorithms.length < 14) throw new Error(`only ${algorithms.length} algorithms in the picker`);
  for (const algorithm of algorithms) {
    errors.length = 0;
    await page.goto(`${origin}/?algorithm=${algorithm}&size=60x40&seed=1&speed=instant`);
    try {
      await waitForState(page, 'done');
      const steps = Number(await page.locator('#status').getAttribute('data-steps'));
      // The canvas as drawn: walls and passages, and no cell left uncarved.
      const seen = await page.locator('#panels canvas:not(.overlay)').first().evaluate((c) => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const count = { wall: 0, passage: 0, solid: 0 };
        for (let i = 0; i < d.length; i += 4) {
          const rgb = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
          if (rgb === 0x1d1d22) count.wall += 1;
          else if (rgb === 0xf7f4ea) count.passage += 1;
          else if (rgb === 0x454852) count.solid += 1;
        }
        return count;
      });
      if (!seen.wall || !seen.passage || seen.solid) throw new Error(`canvas shows ${JSON.stringify(seen)}`);
      if (errors.length) throw new Error(errors.join('; '));
      passed += 1;
      console.log(`ok   ${algorithm} (${steps} steps)`);
    } catch (e) {
      failures += 1;
      console.log(`FAIL ${algorithm}: ${e.message}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`smoke: ${passed} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
