// scripts/serve.mjs, the server `scripts/serve` runs, on the built dist/:
// it serves what a static host would, the compressed copy a browser takes
// (brotli, else gzip, else the file), the headers that isolate the page,
// and nothing of a development server (no live-reload script); and every
// compressed copy in dist/ is its file.
//
// node --test tests/e2e/serve.test.mjs   (after trunk build --release)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { handler } from '../../scripts/serve.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const server = createServer(handler(dist));
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const port = server.address().port;
test.after(() => server.close());

const get = (path, headers = {}) => new Promise((resolve, reject) => {
  request({ host: '127.0.0.1', port, path, headers }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
  }).on('error', reject).end();
});
const module = readdirSync(dist).find((f) => f.endsWith('_bg.wasm'));

test('the page is the build\'s, with no development script, and isolated', async () => {
  const page = await get('/', { 'accept-encoding': 'br, gzip' });
  assert.equal(page.status, 200);
  assert.equal(page.headers['content-encoding'], 'br');
  const html = brotliDecompressSync(page.body).toString();
  assert.equal(html, readFileSync(join(dist, 'index.html'), 'utf8'));
  assert.ok(!html.includes('__trunk_address__') && !/new WebSocket/.test(html), 'no live-reload script');
  assert.ok(html.includes('Content-Security-Policy'));
  assert.equal(page.headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(page.headers['cross-origin-embedder-policy'], 'require-corp');
  assert.equal(page.headers['cache-control'], 'no-cache');
});

test('the module comes brotli, gzip or plain, as the browser takes it, and never changes', async () => {
  const plain = readFileSync(join(dist, module));
  const br = await get(`/${module}`, { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers['content-type'], 'application/wasm');
  assert.ok(br.body.length < plain.length / 3, `${br.body.length} bytes of ${plain.length}`);
  assert.deepEqual(brotliDecompressSync(br.body), plain);
  assert.match(br.headers['cache-control'], /immutable/);
  const gz = await get(`/${module}`, { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.deepEqual(gunzipSync(gz.body), plain);
  const none = await get(`/${module}`);
  assert.equal(none.headers['content-encoding'], undefined);
  assert.deepEqual(none.body, plain);
});

test('Python\'s files come compressed too; its snapshot, gzipped already, as it is', async () => {
  const wasm = await get('/pyodide/pyodide.asm.wasm', { 'accept-encoding': 'br' });
  assert.equal(wasm.headers['content-encoding'], 'br');
  assert.deepEqual(brotliDecompressSync(wasm.body), readFileSync(join(dist, 'pyodide/pyodide.asm.wasm')));
  const snapshot = await get('/pyodide/python.snapshot.gz', { 'accept-encoding': 'br, gzip' });
  assert.equal(snapshot.headers['content-encoding'], undefined);
  assert.deepEqual(snapshot.body, readFileSync(join(dist, 'pyodide/python.snapshot.gz')));
});

test('nothing outside dist/ is served, and a missing file is a 404', async () => {
  assert.equal((await get('/nothing-here.js')).status, 404);
  assert.notEqual((await get('/../Cargo.toml')).status, 200);
  assert.notEqual((await get('/%2e%2e/Cargo.toml')).status, 200);
});

test('every compressed copy in dist/ is its file, and every file worth it has both', () => {
  const walk = (dir) => readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  const all = walk(dist);
  const worth = all.filter((f) => /\.(html|js|mjs|wasm|css|svg|json|webmanifest|zip)$/.test(f));
  assert.ok(worth.length >= 10, worth.join(', '));
  for (const file of worth) {
    assert.ok(existsSync(`${file}.br`) && existsSync(`${file}.gz`), `${file} has its copies`);
    const body = readFileSync(file);
    assert.deepEqual(brotliDecompressSync(readFileSync(`${file}.br`)), body, `${file}.br`);
    assert.deepEqual(gunzipSync(readFileSync(`${file}.gz`)), body, `${file}.gz`);
  }
});
