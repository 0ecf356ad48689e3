// Puts the page's loader in the staged index.html with the two modules'
// file names (the full one's from Trunk's module script, the first-visit
// one's as tools/build-first named it): its first half
// (www/fetch-module.js, which starts fetching the module) before the
// stylesheet, its second half (www/boot.js, which starts the module) in
// place of Trunk's module script.
//   node tools/write-boot.mjs STAGING_DIR FIRST_NAME
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const [dir, firstName] = process.argv.slice(2);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const page = join(dir, 'index.html');
let html = readFileSync(page, 'utf8');

const script = /<script type="module"(?: async)?>\s*import init, \* as bindings from '([^']+)';\s*const wasm = await init\(\{ module_or_path: '([^']+)' \}\);[\s\S]*?<\/script>/;
const found = script.exec(html);
if (!found) {
  console.error(`write-boot: no module script of Trunk's in ${page}`);
  process.exit(1);
}
const [, fullGlue, fullWasm] = found;
const prefix = fullGlue.slice(0, fullGlue.lastIndexOf('/') + 1);
const firstGlue = `${prefix}${firstName}.js`;
const firstWasm = `${prefix}${firstName}_bg.wasm`;

const limit = /FIRST_MAX_CELLS: u32 = ([\d\s*]+);/.exec(readFileSync(join(root, 'src/web/handover.rs'), 'utf8'));
if (!limit) {
  console.error('write-boot: no FIRST_MAX_CELLS in src/web/handover.rs');
  process.exit(1);
}
const cells = limit[1].split('*').reduce((a, n) => a * Number(n.trim()), 1);

const fill = (text, name, value) => {
  if (!text.includes(name)) {
    console.error(`write-boot: www/fetch-module.js names no ${name}`);
    process.exit(1);
  }
  return text.replace(name, value);
};
let fetching = readFileSync(join(root, 'www/fetch-module.js'), 'utf8');
fetching = fill(fetching, "'FIRST_GLUE'", JSON.stringify(firstGlue));
fetching = fill(fetching, "'FIRST_WASM'", JSON.stringify(firstWasm));
fetching = fill(fetching, "'FULL_GLUE'", JSON.stringify(fullGlue));
fetching = fill(fetching, "'FULL_WASM'", JSON.stringify(fullWasm));
fetching = fill(fetching, 'FIRST_CELLS', String(cells));
const boot = readFileSync(join(root, 'www/boot.js'), 'utf8');
html = html.replace(script, () => `<script type="module" async>\n${boot}</script>`);
const stylesheet = /\n\s*<link rel="stylesheet"/;
if (!stylesheet.test(html)) {
  console.error(`write-boot: no stylesheet link in ${page}`);
  process.exit(1);
}
html = html.replace(stylesheet, (link) => `\n<script>\n${fetching}</script>${link}`);

// Trunk preloads the full module; the loader fetches the module it starts
// itself (a preload here would fetch the first module for a link that
// wants the full one). The full module's glue is named in a meta tag for
// the lab's workers, which import it (src/web/lab/pool.rs).
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const preloadGlue = new RegExp(`<link rel="modulepreload" href="${escape(fullGlue)}"[^>]*>`);
const preloadWasm = new RegExp(`<link rel="preload" href="${escape(fullWasm)}"[^>]*>`);
if (!preloadGlue.test(html) || !preloadWasm.test(html)) {
  console.error('write-boot: Trunk\'s preload links are not where they were');
  process.exit(1);
}
html = html
  .replace(preloadGlue, () => `<meta name="mazelab-full-module" content="${fullGlue}">`)
  .replace(preloadWasm, '');
writeFileSync(page, html);
