// Shared by the smoke test and the timing script: serve dist/ on a free
// localhost port and start Debian's Chromium, headless, with no network.
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ISOLATION, TYPES } from '../../scripts/serve.mjs';

// MAZELAB_DIST serves another build (an older one, to compare timings).
const DEFAULT_DIST = process.env.MAZELAB_DIST
  ? `${process.env.MAZELAB_DIST.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../dist/', import.meta.url));

// With the headers scripts/serve sends (scripts/serve.mjs's ISOLATION) the
// page is cross-origin isolated, and a program's log comes through shared
// memory. Served with `{ isolated: false }`, or MAZELAB_ISOLATED=0 for
// every server, without them (the log copied, as on a host that cannot
// send headers).

// `dist` serves another folder (the timing scripts compare builds).
export async function serveDist({ isolated = process.env.MAZELAB_ISOLATED !== '0', dist } = {}) {
  const headers = isolated ? ISOLATION : {};
  const DIST = dist ? `${resolve(dist)}/` : DEFAULT_DIST;
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

// Opens a page that records every console error and uncaught exception.
// `options` are Playwright context options: colorScheme, hasTouch, isMobile,
// deviceScaleFactor...
export async function openPage(browser, viewport = { width: 1400, height: 900 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`exception: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  return { page, errors };
}

// Waits until #status has the given data-state, or fails naming the state it has.
export async function waitForState(page, state, timeout = 20000) {
  try {
    await page.waitForSelector(`#status[data-state="${state}"]`, { timeout });
  } catch {
    const got = await page.locator('#status').getAttribute('data-state').catch(() => 'no #status');
    const error = await page.locator('#error').textContent().catch(() => '');
    throw new Error(`expected data-state=${state}, got ${got} ${error}`);
  }
}

// A named list of checks, each run apart so one failure does not hide the
// next: `check(name, body)` runs and reports one; `expect` fails it with a
// message; `shot` saves a screenshot in target/screenshots/ for a person to
// look at; `finish()` prints the tally and exits non-zero on any failure.
// ONLY=words runs only the checks whose names hold them (while working).
export async function checks(suite) {
  const { mkdir } = await import('node:fs/promises');
  const shots = new URL('../../target/screenshots/', import.meta.url);
  await mkdir(shots, { recursive: true });
  let passed = 0;
  let failed = 0;
  return {
    async check(name, body) {
      if (process.env.ONLY && !name.includes(process.env.ONLY)) return;
      try {
        await body();
        passed += 1;
        console.log(`ok   ${name}`);
      } catch (e) {
        failed += 1;
        console.log(`FAIL ${name}: ${e.message}`);
      }
    },
    expect(cond, message) {
      if (!cond) throw new Error(message);
    },
    shot: (page, name) => page.screenshot({ path: new URL(`${name}.png`, shots).pathname }),
    finish() {
      console.log(`${suite}: ${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    },
  };
}

// Every printable ASCII character, space to tilde: what a typing test types.
export const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

// Types `text` into the Code view's editor key by key, as a person does:
// every character its own key press (Shift where it needs one), Enter
// between lines, and each line's indentation made with Tab and Backspace
// from wherever the editor put the caret after Enter. Then it goes back up
// with the arrows, types two stray keys and takes them back with
// Backspace. What the editor holds afterwards is for the caller to check.
export async function typeProgram(page, text) {
  await page.click('.cm-content');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  const column = () => page.evaluate(() => {
    const { state } = window.mazelabEditor.current;
    const head = state.selection.main.head;
    return head - state.doc.lineAt(head).from;
  });
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    const indent = line.trim() === '' ? 0 : line.length - line.trimStart().length;
    for (let tries = 0; ; tries++) {
      const at = await column();
      if (at === indent) break;
      if (tries > 12) throw new Error(`line ${i + 1}: the indentation stays at ${at}, not ${indent}`);
      await page.keyboard.press(at < indent ? 'Tab' : 'Backspace');
    }
    for (const ch of line.trimStart()) await page.keyboard.type(ch);
  }
  for (let i = 1; i < lines.length; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('#~');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
}

// Runs `program`, which never ends, in the Code view: while it loops the
// page must answer (the Maze view shows, the Code view comes back), and
// the time limit stops it. Returns whether the Maze view showed meanwhile.
// The editor's line marked with an error (1 is the first), or 0.
export const markedLine = (page) => page.evaluate(() => {
  const view = window.mazelabEditor.current;
  const mark = view.dom.querySelector('.cm-lintRange-error');
  if (!mark) return 0;
  return view.state.doc.lineAt(view.posAtDOM(mark)).number;
});

export async function runEndless(page, program) {
  await page.locator('.cm-content').fill(program);
  const started = Date.now();
  await page.click('#code-run');
  await page.click('#view-maze');
  const answered = await page.locator('#controls').isVisible();
  await page.click('#view-code');
  await page.waitForFunction(() => document.querySelector('#code-error').textContent.includes('stopped after'), null, { timeout: 20000 });
  console.log(`     stopped after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return answered;
}
