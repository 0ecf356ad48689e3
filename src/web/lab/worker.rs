//! The lab's Web Workers: the script each one runs, and the two functions
//! it calls in its own copy of the module.
//!
//! The worker is inline (a Blob of the script below), not a second Trunk
//! binary: it imports the very module the page runs, so it builds with the
//! page, offline, and adds nothing to the download. The page hands each
//! worker the compiled `WebAssembly.Module`, so nothing is fetched or
//! compiled twice.

use crate::lab::run::{count_trees, measure_mazes};
use crate::lab::{Candidate, Trees};
use crate::shape::Shape;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The worker's script; `GLUE` becomes the URL of the page's own module.
pub(super) const SCRIPT: &str = r#"
import init, { lab_measure_chunk, lab_tree_chunk } from "GLUE";
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
      const values = lab_measure_chunk(m.candidate, m.shape, m.size, m.seed, m.count);
      self.postMessage({ job: m.job, values }, [values.buffer]);
    } else {
      const counts = lab_tree_chunk(m.candidate, m.size, m.seed, m.count);
      self.postMessage({ job: m.job, counts }, [counts.buffer]);
    }
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

/// Measures `count` mazes from `seed`: `METRIC_COUNT` values per maze.
#[wasm_bindgen]
pub fn lab_measure_chunk(
    candidate: &str,
    shape: &str,
    size: &str,
    seed: &str,
    count: u32,
) -> Result<Vec<f64>, JsValue> {
    let candidate = Candidate::parse(candidate).map_err(error)?;
    let shape = Shape::parse(shape, size, None).map_err(error)?;
    let mut rows = Vec::new();
    measure_mazes(
        &candidate,
        &shape,
        parse_seed(seed)?,
        u64::from(count),
        &clock(),
        &mut rows,
    )
    .map_err(error)?;
    Ok(rows)
}

thread_local! {
    /// The last size's trees: every chunk of a test asks for the same.
    static TREES: RefCell<Option<(String, Rc<Trees>)>> = const { RefCell::new(None) };
}

/// Counts how often each spanning tree of a `size` square comes out of
/// `count` runs from `seed`.
#[wasm_bindgen]
pub fn lab_tree_chunk(
    candidate: &str,
    size: &str,
    seed: &str,
    count: u32,
) -> Result<Vec<u32>, JsValue> {
    let candidate = Candidate::parse(candidate).map_err(error)?;
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
