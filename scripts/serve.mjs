// Serves the release build in dist/ as a good static host does: each file
// with its type, in the compressed copy the build made beside it
// (`.br`, else `.gz`, tools/compress) when the browser takes it, with the
// two headers that make the page cross-origin isolated (a program's log
// then comes through shared memory, src/web/code/worker.rs), and hashed
// files marked as never changing. No script is added to the page.
//   node scripts/serve.mjs [--port N] [--dist DIR]   (scripts/serve builds, then runs this)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const root = fileURLToPath(new URL('..', import.meta.url));
const DIST = resolve(option('--dist', join(root, 'dist'))) + '/';
const PORT = Number(option('--port', process.env.PORT || 8080));

export const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.zip': 'application/zip',
  '.gz': 'application/gzip', '.ttf': 'font/ttf', '.txt': 'text/plain; charset=utf-8',
};
export const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

// The encodings a request takes, best first, of those the build made.
function encodings(header = '') {
  const took = header.split(',').map((e) => e.trim().split(';')[0]);
  return [['br', '.br'], ['gzip', '.gz']].filter(([name]) => took.includes(name));
}

export function handler(dist = DIST) {
  return async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(dist, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dist)) {
      res.writeHead(403).end();
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers = {
      'content-type': type, vary: 'accept-encoding', ...ISOLATION,
      // Trunk names the module, script and style by a hash of their contents.
      'cache-control': /-[0-9a-f]{12,16}[._]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    // A file already compressed (the Python snapshot) is sent as it is.
    const candidates = extname(file) === '.gz' ? [] : encodings(req.headers['accept-encoding']);
    for (const [name, suffix] of candidates) {
      try {
        const body = await readFile(file + suffix);
        res.writeHead(200, { ...headers, 'content-encoding': name, 'content-length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      } catch { /* not made: the next, or the file itself */ }
    }
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  createServer(handler()).listen(PORT, '127.0.0.1', () => {
    console.log(`mazelab: serving ${DIST} at http://127.0.0.1:${PORT}/`);
  });
}
