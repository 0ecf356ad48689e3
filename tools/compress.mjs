// Writes FILE.br (brotli, best) and FILE.gz (gzip, best) beside each file
// under DIR that a host would compress, unless they are there already and
// newer than the file; a folder named in --skip is passed over. See
// tools/compress.
//   node tools/compress.mjs DIR [--skip NAME]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const WORTH = /\.(html|js|mjs|wasm|css|svg|json|webmanifest|zip|ttf)$/;
const skip = process.argv.indexOf('--skip') > 0 ? process.argv[process.argv.indexOf('--skip') + 1] : null;
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== skip) yield* files(path);
    } else if (WORTH.test(entry.name)) {
      yield path;
    }
  }
}
const fresh = (copy, of) => {
  try {
    return statSync(copy).mtimeMs >= statSync(of).mtimeMs;
  } catch {
    return false;
  }
};
for (const path of files(process.argv[2])) {
  if (fresh(`${path}.br`, path) && fresh(`${path}.gz`, path)) continue;
  const body = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }));
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
}
