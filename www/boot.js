// The page's loader, in place of Trunk's module script (tools/write-boot.mjs
// fills in the modules' names). The page has two modules, built from one
// crate: the first-visit module (the maze view alone, small enough to
// arrive first on a slow link) and the full one. The first starts unless
// the link plainly asks for more than it has; it hands the page over when
// asked for the rest (src/web/handover.rs), and the full module mounts from
// the link. The service worker keeps both for offline use.
const FIRST = { name: 'first', glue: 'FIRST_GLUE', wasm: 'FIRST_WASM' };
const FULL = { name: 'full', glue: 'FULL_GLUE', wasm: 'FULL_WASM' };
// src/web/handover.rs's FIRST_MAX_CELLS.
const FIRST_MAX_CELLS = FIRST_CELLS;

// Links told from the link alone to be the full module's, so that they do
// not wait for the first one to say so: another view, a program, more
// cells than the first module builds (every number in the size
// multiplied: at least the maze's cells). The first module hands over
// whatever else it lacks (an algorithm, say) itself.
function wantsFull(query) {
  const view = query.get('view');
  if (view && view !== 'maze') return true;
  if (query.has('program')) return true;
  const numbers = (query.get('size') || '').match(/\d+/g) || [];
  return numbers.reduce((cells, n) => cells * Number(n), 1) > FIRST_MAX_CELLS;
}

let running = null;
let handing = null;

// The module compiled from its wasm, fetched as it arrives.
function compile(module) {
  return WebAssembly.compileStreaming(fetch(module.wasm)).catch(() =>
    // A host that sends the wasm with another type: compiled from its bytes.
    fetch(module.wasm).then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)));
}

// Starts a module: its glue and its wasm are fetched at once (the page
// links neither for preloading: which one it needs is decided here).
// `before` runs once both have arrived, just before the module starts.
async function start(module, before = () => {}) {
  const [glue, compiled] = await Promise.all([import(module.glue), compile(module)]);
  before();
  const wasm = await glue.default({ module_or_path: compiled });
  window.wasmBindings = glue;
  document.documentElement.dataset.module = module.name;
  dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
  return glue;
}

// Called by the first module (src/web/handover.rs). It runs on while the
// full module arrives; then its app is let go and the full one starts.
// `then` names the control the full module presses once mounted.
window.mazelabHandover = (then) => {
  if (handing) return;
  window.mazelabThen = then || undefined;
  handing = start(FULL, () => {
    if (running && running.unmount) running.unmount();
  }).then((glue) => { running = glue; });
  handing.catch((e) => mazelabError(e && e.message ? e.message : String(e)));
};

const first = await start(wantsFull(new URLSearchParams(location.search)) ? FULL : FIRST);
if (!handing) running = first;
