//! The library's JavaScript face (the npm package `scripts/pack` builds,
//! with the `npm` feature): generate a maze, step through its events,
//! solve it, print it in 3D. No browser API is used, so it runs in Node as in a page.
//!
//! Options arrive as the app's link query (`algorithm=kruskal&size=20x10&
//! seed=5`, see `settings`), so a package user's options are read and
//! checked exactly as a link is, except that a bad value is an error here
//! rather than a notice. `www/npm/index.js` turns an options object into
//! that query and gives back plain objects.

use crate::entrance::{self, EntranceStyle};
use crate::event::Event;
use crate::generate::{self, Generator};
use crate::grid::Grid;
use crate::render::json;
use crate::settings::Settings;
use crate::solve::{self, Outcome};
use wasm_bindgen::prelude::*;

fn error(e: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&e.to_string()).into()
}

/// The settings a query names, or what is wrong with it.
fn settings(query: &str) -> Result<Settings, JsValue> {
    // Without a seed, a fresh one, as the CLI draws.
    let (settings, notices) = Settings::from_query(query, crate::rng::fresh_seed());
    if let Some(first) = notices.first() {
        return Err(error(first.trim_start_matches("ignored ")));
    }
    Ok(settings)
}

/// The maze the query names, built, with its costs when weighted.
fn maze(s: &Settings) -> Result<Grid, JsValue> {
    let costs = s.weights.map(|w| w.costs(&s.shape, s.seed));
    Ok(generate::generate(s.main.algorithm, s.params())
        .map_err(error)?
        .with_costs(costs))
}

/// The maze as `mazelab generate --format json` prints it for the same
/// options, with the solver's path when `solver` is given.
#[wasm_bindgen(js_name = generateJson)]
pub fn generate_json(query: &str, solver: Option<String>) -> Result<String, JsValue> {
    let s = settings(query)?;
    let grid = maze(&s)?;
    let ends = entrance::place(&grid, EntranceStyle::Norvig, s.seed);
    let path = match solver {
        Some(name) => {
            match solve::solve(&name, &grid, ends.entrance.cell, ends.exit.cell).map_err(error)? {
                Outcome::Found(path) => Some(path),
                _ => None,
            }
        }
        None => None,
    };
    let meta = json::Meta {
        seed: s.seed,
        algorithm: s.main.algorithm,
    };
    Ok(json::render(&grid, &meta, &ends, path.as_deref()))
}

/// The maze as `mazelab generate --format stl` writes it for the same
/// options and millimetres: a solid to 3D-print, binary STL.
#[wasm_bindgen(js_name = stlBytes)]
pub fn stl_bytes(
    query: &str,
    cell_mm: f64,
    wall_mm: f64,
    height_mm: f64,
    base_mm: f64,
) -> Result<Vec<u8>, JsValue> {
    let s = settings(query)?;
    let grid = maze(&s)?;
    let ends = entrance::place(&grid, EntranceStyle::Norvig, s.seed);
    let options = crate::render::stl::StlOptions {
        cell_mm,
        wall_mm,
        height_mm,
        base_mm,
    };
    crate::render::stl::render(&grid, &ends, &options).map_err(error)
}

/// Every event of the run, three numbers each: `[kind, a, b]`, kinds 0
/// carve(a, b), 1 build(a, b), 2 mark(a, mark b), 3 cursor(a), 4
/// phase(a), the marks numbered as `event::Mark` lists them.
#[wasm_bindgen(js_name = stepsFlat)]
pub fn steps_flat(query: &str) -> Result<Vec<u32>, JsValue> {
    let s = settings(query)?;
    let generator = Generator::by_name(s.main.algorithm, s.params(), true).map_err(error)?;
    let mut out = Vec::new();
    for event in generator {
        let triple = match event {
            Event::Carve(a, b) => [0, a, b],
            Event::Build(a, b) => [1, a, b],
            Event::Mark(c, mark) => [2, c, mark as u32],
            Event::Cursor(c) => [3, c, 0],
            Event::Phase(k) => [4, u32::from(k), 0],
            Event::Done => break,
        };
        out.extend_from_slice(&triple);
    }
    Ok(out)
}

/// The path `solver` finds from `start` to `goal` (cells) on the query's
/// maze; empty if there is none.
#[wasm_bindgen(js_name = solvePath)]
pub fn solve_path(query: &str, solver: &str, start: u32, goal: u32) -> Result<Vec<u32>, JsValue> {
    let s = settings(query)?;
    let grid = maze(&s)?;
    use crate::shape::Topology;
    for cell in [start, goal] {
        if cell >= grid.cells() || !grid.shape().is_cell(cell) {
            return Err(error(format!(
                "{cell} is not a cell of the maze (cells are 0 to {})",
                grid.cells() - 1
            )));
        }
    }
    match solve::solve(solver, &grid, start, goal).map_err(error)? {
        Outcome::Found(path) => Ok(path),
        _ => Ok(Vec::new()),
    }
}
