// What the Lighthouse scripts share: the release build in dist/ served by
// scripts/serve.mjs's handler (brotli or gzip, the isolation headers,
// hashed files cached) on a free localhost port, and how they start
// Debian's headless Chromium (a fresh browser for each run).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { handler } from '../../scripts/serve.mjs';

export const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

// The server and the page's address.
export async function serveDist() {
  const server = createServer(handler(dist));
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

// chrome-launcher's options for a run.
export const CHROMIUM = {
  chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
};
