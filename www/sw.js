// mazelab's service worker: the page works offline once visited.
// tools/write-service-worker fills in BUILD (a hash of this build's files
// and their contents) and FILES (their names) after each build, so a new build
// gets a cache of its own and the old one is dropped when it takes over.
// The module, script, style and editor are served from the cache first
// (the cache is this build's, so a cached copy is never stale); the
// page itself goes to the network first, so a new build is seen when
// online, and falls back to the cached copy when not.
const BUILD = "BUILD";
const FILES = FILES_LIST;
const CACHE = `mazelab-${BUILD}`;
// Python (the pyodide/ folder, some 13 MB) is kept the first time the Code
// view loads it, not at install: a cache named by a hash of its files
// (PYTHON_BUILD), which every build with the same Pyodide shares.
const PYTHON_BUILD = "PYTHON_BUILD";
const PYTHON_CACHE = `pyodide-${PYTHON_BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(["./", ...FILES])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((k) => (k.startsWith("mazelab-") && k !== CACHE) || (k.startsWith("pyodide-") && k !== PYTHON_CACHE))
        .map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The page: the network's copy when there is one (kept for later),
    // else the cached one, whatever the link's query.
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put("./", copy));
          return response;
        })
        .catch(() => caches.match("./")),
    );
    return;
  }
  // Python (its own cache, shared by builds) and a printable sheet's
  // fonts and title shaper (this build's): kept the first time they are
  // fetched.
  const path = new URL(request.url).pathname;
  const sheet = path.includes("/fonts/") || path.endsWith("/shaper.wasm");
  const keptIn = path.includes("/pyodide/") ? PYTHON_CACHE : sheet ? CACHE : null;
  if (keptIn) {
    event.respondWith(
      caches.open(keptIn).then(async (cache) => {
        const hit = await cache.match(request, { ignoreSearch: true });
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }
  event.respondWith(caches.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request)));
});
