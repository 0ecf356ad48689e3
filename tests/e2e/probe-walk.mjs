import { serveDist, openPage } from './browser.mjs';
import { chromium } from 'playwright-core';
const { server, origin } = await serveDist();
const args = (process.env.ARGS ?? '').split(' ').filter(Boolean);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', ...args] });
const { page, errors } = await openPage(browser, { width: 1400, height: 900 });
const q = process.env.Q ?? 'size=12x9&seed=3&speed=instant';
await page.goto(`${origin}/?${q}&view=walk`);
await page.waitForSelector('#walk[data-cell]', { timeout: 15000 }).catch(() => {});
await page.waitForTimeout(800);
console.log(await page.evaluate(() => { const w = document.querySelector('#walk'); return [...w.attributes].map(a => `${a.name}=${a.value}`).join(' ') + ' | ' + document.querySelector('#walk-message').textContent + ' | ' + document.querySelector('#walk-readout').textContent; }));
await page.screenshot({ path: '/tmp/probe/walk1.png' });
for (const k of (process.env.KEYS ?? '').split(',').filter(Boolean)) { await page.keyboard.press(k); await page.waitForTimeout(Number(process.env.WAIT ?? 250)); }
await page.screenshot({ path: '/tmp/probe/walk2.png' });
console.log(await page.evaluate(() => { const w = document.querySelector('#walk'); return [...w.attributes].map(a => `${a.name}=${a.value}`).join(' ') + ' | ' + document.querySelector('#announce').textContent; }));
console.log(errors.join('\n'));
await browser.close(); server.close();
