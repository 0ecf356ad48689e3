//! The lab's Web Workers: the script each one runs, and the two functions
//! it calls in its own copy of the module.
//!
//! The worker is inline (a Blob of the script below), not a second Trunk
//! binary: it imports the very module the page runs, so it builds with the
//! page, offline, and adds nothing to the download. The page hands each
//! worker the compiled `WebAssembly.Module`, so nothing is fetched or
//! compiled twice.
//!
//! The first-visit module has no lab: its functions are not exported there
//! (nothing calls them), which leaves them out of it.
#![cfg_attr(feature = "first", allow(dead_code))]

use crate::generate::texture::Texture;
use crate::lab::run::{count_trees, measure_program_maze, measure_textured, program_tree};
use crate::lab::{Candidate, Trees};
use crate::shape::Shape;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The worker's script; `GLUE` becomes the URL of the page's own module.
pub(in crate::web) const SCRIPT: &str = r#"
import init, { lab_measure_chunk, lab_tree_chunk, lab_distribution_chunk } from "GLUE";
let ready = null;
self.onmessage = async (event) => {
  const m = event.data;
  if (m.module) {
    ready = init({ module_or_path: m.module });
    return;
  }
  try {
    await ready;
    if (m.kind === "stats") {
      const values = lab_measure_chunk(m.candidate, m.shape, m.size, m.wrap, m.seed, m.count, m.texture);
      self.postMessage({ job: m.job, values }, [values.buffer]);
    } else {
      const counts = m.kind === "trees"
        ? lab_tree_chunk(m.candidate, m.size, m.seed, m.count)
        : lab_distribution_chunk(m.candidate, m.shape, m.size, m.wrap, m.quantity, m.seed, m.count, m.first);
      self.postMessage({ job: m.job, counts }, [counts.buffer]);
    }
  } catch (e) {
    self.postMessage({ job: m.job, error: String((e && e.message) || e) });
  }
};
"#;

/// How a lab worker runs a JavaScript program, put before
/// `PROGRAM_HANDLER`: the harness's `run` on the program's functions (the
/// program's text follows the handler, at the script's top level, as in
/// the Code view's own worker, see `code::worker::harnessed`). `OFFSET` is
/// filled in.
pub(in crate::web) const JAVASCRIPT_PROGRAM: &str = r#"
const language = {
  start() {},
  ready: () => null,
  run(setup, post) {
    self.__mazelabRun({ ...setup, lineOffset: OFFSET }, post,
      () => ({ generate: typeof generate === "function" ? generate : undefined }));
  },
};
"#;

/// How a lab worker runs a Python program, put after the Python script
/// (`code::python::SCRIPT`) and before `PROGRAM_HANDLER`: the first
/// message brings what loading Python takes (`python`) and the program
/// (`text`), and each maze runs in Python.
pub(in crate::web) const PYTHON_PROGRAM: &str = r#"
let python = null, text = "";
const language = {
  start(m) {
    python = self.mazelabPython.load(m.python, () => {});
    text = m.text;
  },
  ready: () => python,
  run(setup, post) { self.mazelabPython.run({ ...setup, text }, post); },
};
"#;

/// The handler of a lab worker that also runs the Code view's program, in
/// a classic script that brings in the page's module with `import()`,
/// after the `language` of `JAVASCRIPT_PROGRAM` or `PYTHON_PROGRAM`.
/// Built-in candidates go to the module as in `SCRIPT`; `program` runs
/// maze by maze with no log (`logless`), each maze's walls handed to the
/// module to measure, or to find among the spanning trees; what it prints
/// comes back with the job's answer (`lab::log`). `GLUE`, `METRICS`,
/// `MAX_STEPS` and `LOG_LINES` are filled in.
pub(in crate::web) const PROGRAM_HANDLER: &str = r#"
let glue = null;
const tables = new Map();
self.onmessage = async (event) => {
  const m = event.data;
  if (m.module) {
    glue = import("GLUE").then(async (g) => { await g.default({ module_or_path: m.module }); return g; });
    language.start(m);
    return;
  }
  try {
    const g = await glue;
    const stats = m.kind === "stats";
    if (m.candidate !== "program") {
      if (stats) {
        const values = g.lab_measure_chunk(m.candidate, m.shape, m.size, m.wrap, m.seed, m.count, m.texture);
        self.postMessage({ job: m.job, values }, [values.buffer]);
      } else {
        const counts = m.kind === "trees"
          ? g.lab_tree_chunk(m.candidate, m.size, m.seed, m.count)
          : g.lab_distribution_chunk(m.candidate, m.shape, m.size, m.wrap, m.quantity, m.seed, m.count, m.first);
        self.postMessage({ job: m.job, counts }, [counts.buffer]);
      }
      return;
    }
    await language.ready();
    const key = `${m.shape} ${m.size}`;
    if (!tables.has(key)) tables.set(key, g.lab_program_tables(m.shape, m.size));
    const t = tables.get(key);
    const values = stats ? new Float64Array(m.count * METRICS) : null;
    const counts = stats ? null : new Uint32Array(g.lab_tree_total(m.size));
    // What the program prints: the job's first LOG_LINES lines, each with
    // its maze's seed and step, and a count of the rest.
    const log = [];
    let dropped = 0;
    for (let i = 0; i < m.count; i++) {
      const seed = BigInt.asUintN(64, BigInt(m.seed) + BigInt(i));
      let last = null, left = 0;
      language.run({
        kind: "generator", seedHi: Number(seed >> 32n), seedLo: Number(seed & 0xffffffffn),
        shape: m.shape, width: t.width, height: t.height, topology: t, tablesKey: key,
        maxSteps: MAX_STEPS, logless: true,
      }, (r) => {
        if (r.output) {
          for (const [step, line] of r.output) {
            if (log.length < LOG_LINES) log.push([String(seed), step, line]);
            else dropped++;
          }
          left = r.dropped || 0;
        }
        if (r.done) last = r;
      });
      dropped += left;
      if (last.error) throw new Error(`program, the maze with seed ${seed}: ${last.error}`);
      if (stats) values.set(g.lab_measure_program(m.shape, m.size, String(seed), last.open, last.runMs), i * METRICS);
      else counts[g.lab_program_tree(m.size, String(seed), last.open)] += 1;
    }
    if (stats) self.postMessage({ job: m.job, values, log, dropped }, [values.buffer]);
    else self.postMessage({ job: m.job, counts, log, dropped }, [counts.buffer]);
  } catch (e) {
    self.postMessage({ job: m.job, error: String((e && e.message) || e) });
  }
};
"#;

fn error(e: impl std::fmt::Display) -> JsValue {
    JsValue::from_str(&e.to_string())
}

fn parse_seed(seed: &str) -> Result<u64, JsValue> {
    crate::error::parse_seed(seed).map_err(error)
}

/// A clock in nanoseconds from the worker's `performance.now()` (its
/// resolution is coarse in browsers, 0.1 ms, but fine over many mazes).
fn clock() -> impl Fn() -> f64 {
    let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok());
    move || performance.as_ref().map_or(0.0, |p| p.now() * 1e6)
}

/// The shape a job names: its name, size and wrap (empty for none).
/// Kept from the last job: a run's jobs name the same shape, and a crack
/// shape's cells take a triangulation to build.
fn job_shape(shape: &str, size: &str, wrap: &str) -> Result<Shape, JsValue> {
    thread_local! {
        static LAST: RefCell<Option<(String, Shape)>> = const { RefCell::new(None) };
    }
    let key = format!("{shape} {size} {wrap}");
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((k, s)) = last.as_ref() {
            if *k == key {
                return Ok(s.clone());
            }
        }
        let parsed =
            Shape::parse(shape, size, Some(wrap).filter(|w| !w.is_empty())).map_err(error)?;
        *last = Some((key, parsed.clone()));
        Ok(parsed)
    })
}

/// Measures `count` mazes from `seed` under the texture controls
/// (`Texture::to_line`): `METRIC_COUNT` values per maze.
#[cfg_attr(not(feature = "first"), wasm_bindgen)]
pub fn lab_measure_chunk(
    candidate: &str,
    shape: &str,
    size: &str,
    wrap: &str,
    seed: &str,
    count: u32,
    texture: &str,
) -> Result<Vec<f64>, JsValue> {
    let candidate = Candidate::parse(candidate).map_err(error)?;
    let shape = job_shape(shape, size, wrap)?;
    let texture = Texture::parse_line(texture).map_err(error)?;
    let mut rows = Vec::new();
    measure_textured(
        &candidate,
        &shape,
        &texture,
        parse_seed(seed)?,
        u64::from(count),
        &clock(),
        &mut rows,
    )
    .map_err(error)?;
    Ok(rows)
}

/// Counts a distribution's quantity over `count` mazes from `seed`, the
/// first being maze `first` of the run: its `GROUPS` histograms as
/// `[bins, group 0's bins..., group 1's bins...]` (`lab::distribution`).
#[cfg_attr(not(feature = "first"), wasm_bindgen)]
#[allow(clippy::too_many_arguments)]
pub fn lab_distribution_chunk(
    candidate: &str,
    shape: &str,
    size: &str,
    wrap: &str,
    quantity: &str,
    seed: &str,
    count: u32,
    first: &str,
) -> Result<Vec<u32>, JsValue> {
    use crate::lab::distribution::{count as count_in, flatten, Quantity};
    let candidate = Candidate::parse(candidate).map_err(error)?;
    let shape = job_shape(shape, size, wrap)?;
    let quantity = Quantity::ALL
        .into_iter()
        .find(|q| q.name() == quantity)
        .ok_or_else(|| error(format!("unknown distribution '{quantity}'")))?;
    let groups = count_in(
        &candidate,
        &shape,
        quantity,
        parse_seed(seed)?,
        u64::from(count),
        parse_seed(first)?,
    )
    .map_err(error)?;
    flatten(&groups).map_err(error)
}

thread_local! {
    /// The last size's trees: every chunk of a test asks for the same.
    static TREES: RefCell<Option<(String, Rc<Trees>)>> = const { RefCell::new(None) };
}

/// The spanning trees of a `size` square (the uniformity test's), kept.
fn trees_of(size: &str) -> Result<(Shape, Rc<Trees>), JsValue> {
    let shape = crate::lab::settings::tree_shape(size).map_err(error)?;
    let trees = TREES.with(|cache| -> Result<Rc<Trees>, JsValue> {
        let mut cache = cache.borrow_mut();
        if let Some((key, trees)) = cache.as_ref() {
            if key == size {
                return Ok(trees.clone());
            }
        }
        let trees = Rc::new(Trees::of(&shape).map_err(error)?);
        *cache = Some((size.to_string(), trees.clone()));
        Ok(trees)
    })?;
    Ok((shape, trees))
}

/// The tables a program's maze is made of (see `program::tables`), with
/// its width and height, for the program's runs in this worker.
#[cfg_attr(not(feature = "first"), wasm_bindgen)]
pub fn lab_program_tables(shape: &str, size: &str) -> Result<JsValue, JsValue> {
    let shape = Shape::parse(shape, size, None).map_err(error)?;
    let tables = crate::program::tables(&crate::grid::Grid::closed_shape(shape.clone()));
    let t = js_sys::Object::new();
    let set = |k: &str, v: JsValue| js_sys::Reflect::set(&t, &k.into(), &v);
    set("start", js_sys::Uint32Array::from(&tables.start[..]).into())?;
    set("adj", js_sys::Uint32Array::from(&tables.adj[..]).into())?;
    set("live", js_sys::Uint8Array::from(&tables.live[..]).into())?;
    set("back", js_sys::Uint8Array::from(&tables.back[..]).into())?;
    set(
        "centres",
        js_sys::Float64Array::from(&tables.centres[..]).into(),
    )?;
    let (width, height) = shape.size();
    set("width", width.into())?;
    set("height", height.into())?;
    Ok(t.into())
}

/// Measures one maze of the program (its walls as the harness left them).
#[cfg_attr(not(feature = "first"), wasm_bindgen)]
pub fn lab_measure_program(
    shape: &str,
    size: &str,
    seed: &str,
    open: &[u8],
    run_ms: f64,
) -> Result<Vec<f64>, JsValue> {
    let shape = Shape::parse(shape, size, None).map_err(error)?;
    let row = measure_program_maze(&shape, parse_seed(seed)?, open, run_ms * 1e6).map_err(error)?;
    Ok(row.to_vec())
}

/// How many spanning trees a `size` square has.
#[cfg_attr(not(feature = "first"), wasm_bindgen)]
pub fn lab_tree_total(size: &str) -> Result<u32, JsValue> {
    Ok(trees_of(size)?.1.len() as u32)
}

/// Which spanning tree the program's maze is.
#[cfg_attr(not(feature = "first"), wasm_bindgen)]
pub fn lab_program_tree(size: &str, seed: &str, open: &[u8]) -> Result<u32, JsValue> {
    let (shape, trees) = trees_of(size)?;
    let k = program_tree(&trees, &shape, parse_seed(seed)?, open).map_err(error)?;
    Ok(k as u32)
}

/// Counts how often each spanning tree of a `size` square comes out of
/// `count` runs from `seed`.
#[cfg_attr(not(feature = "first"), wasm_bindgen)]
pub fn lab_tree_chunk(
    candidate: &str,
    size: &str,
    seed: &str,
    count: u32,
) -> Result<Vec<u32>, JsValue> {
    let candidate = Candidate::parse(candidate).map_err(error)?;
    let (shape, trees) = trees_of(size)?;
    let mut counts = vec![0u64; trees.len()];
    count_trees(
        &candidate,
        &trees,
        &shape,
        parse_seed(seed)?,
        u64::from(count),
        &mut counts,
    )
    .map_err(error)?;
    Ok(counts.into_iter().map(|c| c as u32).collect())
}
