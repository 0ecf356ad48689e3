// The loader's first half, a classic script early in the page's head
// (tools/write-boot.mjs puts it before the stylesheet and fills in the
// modules' names). It picks the module the link needs and starts fetching
// its glue and its wasm while the rest of the page is still parsed: a
// classic script runs as the parser reaches it, where the module script
// (www/boot.js, the second half) runs only once parsing yields, after the
// page's first layout. On a slow link the module is most of the wait, so
// it starts first. The page has two modules, built from one crate: the
// first-visit module (the maze view alone, small enough to arrive first)
// and the full one (docs/architecture.md, "Two modules").
var mazelabModules = (function () {
  var FIRST = { name: 'first', glue: 'FIRST_GLUE', wasm: 'FIRST_WASM' };
  var FULL = { name: 'full', glue: 'FULL_GLUE', wasm: 'FULL_WASM' };
  // src/web/handover.rs's FIRST_MAX_CELLS.
  var FIRST_MAX_CELLS = FIRST_CELLS;

  // Links told from the link alone to be the full module's, so that they
  // do not wait for the first one to say so: another view, a program,
  // more cells than the first module builds (every number in the size
  // multiplied: at least the maze's cells). The first module hands over
  // whatever else it lacks (an algorithm, say) itself.
  function wantsFull(query) {
    var view = query.get('view');
    if (view && view !== 'maze') return true;
    if (query.has('program')) return true;
    var numbers = (query.get('size') || '').match(/\d+/g) || [];
    return numbers.reduce(function (cells, n) { return cells * Number(n); }, 1) > FIRST_MAX_CELLS;
  }

  // A module's glue and wasm, both asked for at once. A failed fetch is
  // reported where it is awaited (www/boot.js), not as an unhandled
  // rejection before that.
  function fetchModule(module) {
    var fetching = { module: module, glue: import(module.glue), wasm: fetch(module.wasm) };
    fetching.glue.catch(function () {});
    fetching.wasm.catch(function () {});
    return fetching;
  }

  var wanted = wantsFull(new URLSearchParams(location.search)) ? FULL : FIRST;
  return { first: FIRST, full: FULL, fetchModule: fetchModule, fetching: fetchModule(wanted) };
})();
