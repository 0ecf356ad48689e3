// The README's picture (scripts/screenshot): a growing tree on a 40 x 25
// square, seed 7, paused partway through its run so the frontier and the
// lit step show, on a 1280 x 800 page in the light theme.
import { serveDist, launch, openPage, waitForState } from '../tests/e2e/browser.mjs';

const out = new URL('../docs/mazelab.png', import.meta.url).pathname;
const { server, origin } = await serveDist();
const browser = await launch();
try {
  const { page, errors } = await openPage(browser, { width: 1280, height: 800 }, { colorScheme: 'light' });
  await page.goto(`${origin}/?algorithm=growing-tree&pop=random&size=40x25&seed=7&at=900`);
  await waitForState(page, 'paused');
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
  if (errors.length) throw new Error(errors.join('; '));
  console.log(`screenshot: wrote ${out}`);
} finally {
  await browser.close();
  server.close();
}
