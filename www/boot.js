// The page's loader, second half, in place of Trunk's module script
// (tools/write-boot.mjs). The first half (www/fetch-module.js) has picked
// the module the link needs and is fetching it; this compiles it and
// starts it once the page is parsed. The first-visit module hands the page
// over when asked for the rest (src/web/handover.rs), and the full module
// mounts from the link. The service worker keeps both for offline use.
const { full: FULL, fetchModule } = window.mazelabModules;

let running = null;
let handing = null;

// The module compiled from its wasm as it arrives.
function compile({ module, wasm }) {
  return WebAssembly.compileStreaming(wasm).catch(() =>
    // A host that sends the wasm with another type: compiled from its bytes.
    fetch(module.wasm).then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)));
}

// The page's markup, parsed: the module mounts on it.
function parsed() {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((done) => document.addEventListener('DOMContentLoaded', done, { once: true }));
}

// Starts a module once its glue and wasm (being fetched) have arrived.
// `before` runs just before it starts.
async function start(fetching, before = () => {}) {
  const [glue, compiled] = await Promise.all([fetching.glue, compile(fetching), parsed()]);
  before();
  const wasm = await glue.default({ module_or_path: compiled });
  window.wasmBindings = glue;
  document.documentElement.dataset.module = fetching.module.name;
  // Told in a task of its own, after the first maze's (the first module
  // draws it in a task it has queued already): the service worker's
  // registration (index.html) waits until the maze is on the page.
  setTimeout(() => dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } })));
  return glue;
}

// Called by the first module (src/web/handover.rs). It runs on while the
// full module arrives; then its app is let go and the full one starts.
// `then` names the control the full module presses once mounted.
window.mazelabHandover = (then) => {
  if (handing) return;
  window.mazelabThen = then || undefined;
  handing = start(fetchModule(FULL), () => {
    if (running && running.unmount) running.unmount();
  }).then((glue) => { running = glue; });
  handing.catch((e) => mazelabError(e && e.message ? e.message : String(e)));
};

const started = await start(window.mazelabModules.fetching);
if (!handing) running = started;
