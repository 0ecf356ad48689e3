//! One maze on one canvas: a generator, the scene it builds, and the pixels
//! that show it. A frame applies its share of events, repaints only the cells
//! they touched, and puts the dirty rectangle on the canvas in one call.
//! Solving and playing draw on a second canvas stacked on top, so they never
//! repaint the maze.

use crate::analyze;
use crate::entrance::{self, Ends};
use crate::event::Event;
use crate::generate::{self, Generator, Params};
use crate::grid::{Cell, Dims};
use crate::render::overlay::{Overlay, OverlayScene};
use crate::render::pixels::{Layout, Pixels, Raster, Rect, Scene};
use crate::settings::PanelSpec;
use crate::solve::{Outcome, Solver, SOLVERS};
use wasm_bindgen::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlSelectElement, ImageData};

/// Mazes up to this many cells get their overlay at once. A bigger maze's
/// overlay canvas is sized on first use: at 4096 x 4096 it is another 268 MB
/// canvas for the browser to keep and composite, and its markers would be a
/// tenth of a screen pixel anyway.
const EAGER_OVERLAY_CELLS: u32 = 1 << 20;

/// Events drained per call when finishing at once.
const FINISH_CHUNK: usize = 1 << 16;

pub struct Panel {
    pub spec: PanelSpec,
    /// The overlay canvas the solver and the player draw on.
    pub overlay_canvas: HtmlCanvasElement,
    overlay_ctx: CanvasRenderingContext2d,
    overlay: Overlay,
    pub solving: OverlayScene,
    /// This panel's choice of solver (compare mode races them).
    pub solver_pick: HtmlSelectElement,
    solver: Option<Solver>,
    solve_steps: u64,
    /// Whether the overlay canvas has its full size yet.
    overlay_ready: bool,
    result: Element,
    pub generator: Generator,
    pub scene: Scene,
    pub pixels: Pixels,
    pub ends: Ends,
    pub steps: u64,
    pub canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    metrics: Element,
    scratch: Vec<u8>,
    distance_colouring: bool,
    /// Finished, but the metrics line is not written yet.
    metrics_due: bool,
}

impl Panel {
    /// Builds the panel's markup inside `parent` and starts its generator.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        parent: &Element,
        spec: PanelSpec,
        dims: Dims,
        seed: u64,
        cell_px: u32,
        visuals: bool,
        solver: &str,
        ends: (Cell, Cell),
    ) -> Result<Panel, JsValue> {
        let doc = super::dom::document();
        let wrap = doc.create_element("div")?;
        wrap.set_class_name("panel");
        let header = doc.create_element("div")?;
        header.set_class_name("panel-header");
        let title = doc.create_element("h2")?;
        title.set_text_content(Some(&spec.to_text()));
        let solver_pick: HtmlSelectElement = doc.create_element("select")?.dyn_into()?;
        solver_pick.set_class_name("panel-solver");
        solver_pick.set_attribute("aria-label", "solver for this panel")?;
        for s in SOLVERS {
            let option = doc.create_element("option")?;
            option.set_attribute("value", s.name)?;
            option.set_text_content(Some(s.name));
            solver_pick.append_child(&option)?;
        }
        solver_pick.set_value(solver);
        header.append_child(&title)?;
        header.append_child(&solver_pick)?;
        let stack = doc.create_element("div")?;
        stack.set_class_name("stack");
        let canvas: HtmlCanvasElement = doc.create_element("canvas")?.dyn_into()?;
        let overlay_canvas: HtmlCanvasElement = doc.create_element("canvas")?.dyn_into()?;
        overlay_canvas.set_class_name("overlay");
        stack.append_child(&canvas)?;
        stack.append_child(&overlay_canvas)?;
        let metrics = doc.create_element("p")?;
        metrics.set_class_name("metrics");
        let result = doc.create_element("p")?;
        result.set_class_name("solve-result");
        wrap.append_child(&header)?;
        wrap.append_child(&stack)?;
        wrap.append_child(&metrics)?;
        wrap.append_child(&result)?;
        parent.append_child(&wrap)?;

        let algorithm =
            generate::find(spec.algorithm).map_err(|e| JsValue::from_str(&e.to_string()))?;
        let params = Params {
            dims,
            seed,
            pop: spec.pop.clone(),
            bias: spec.bias,
        };
        let generator = Generator::new(algorithm, params, visuals);
        let scene = Scene::new(generator.initial_grid(), algorithm.starts_open);
        let mut pixels = Pixels::new(dims, cell_px);
        canvas.set_width(pixels.width);
        canvas.set_height(pixels.height);
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or("canvas should have a 2d context")?
            .dyn_into()?;
        let overlay_ctx: CanvasRenderingContext2d = overlay_canvas
            .get_context("2d")?
            .ok_or("the overlay canvas should have a 2d context")?
            .dyn_into()?;
        let overlay = Overlay::new(pixels.layout());
        let solving = OverlayScene::new(dims, ends.0, ends.1);
        // An instant run paints once, when it finishes; an animation starts
        // from the blank maze.
        if visuals {
            pixels.paint_all(&scene);
        }
        let mut panel = Panel {
            spec,
            overlay_canvas,
            overlay_ctx,
            overlay,
            solving,
            solver_pick,
            solver: None,
            solve_steps: 0,
            overlay_ready: false,
            result,
            generator,
            scene,
            pixels,
            ends: entrance::norvig(dims),
            steps: 0,
            canvas,
            ctx,
            metrics,
            scratch: Vec::new(),
            distance_colouring: false,
            metrics_due: false,
        };
        if visuals {
            panel.blit()?;
        }
        if dims.cells() <= EAGER_OVERLAY_CELLS {
            panel.ensure_overlay();
            panel.blit_overlay()?;
        }
        Ok(panel)
    }

    pub fn is_done(&self) -> bool {
        self.scene.done
    }

    /// Applies up to `budget` events, repainting the cells they touch.
    pub fn advance(&mut self, budget: u64) {
        let mut left = budget;
        while left > 0 && !self.scene.done {
            let chunk = self
                .generator
                .next_chunk(left.min(FINISH_CHUNK as u64) as usize);
            if chunk.is_empty() {
                break;
            }
            left -= chunk.len() as u64;
            self.steps += chunk.len() as u64;
            for event in chunk {
                for cell in self.scene.apply(event).into_iter().flatten() {
                    self.pixels.paint_cell(&self.scene, cell);
                }
            }
        }
        if self.scene.done {
            self.on_done();
        }
    }

    /// Runs to the end, applying only wall changes, then repaints once.
    pub fn finish(&mut self) {
        if self.scene.done {
            return;
        }
        loop {
            let chunk = self.generator.next_chunk(FINISH_CHUNK);
            if chunk.is_empty() {
                break;
            }
            self.steps += chunk.len() as u64;
            for event in chunk {
                self.scene.grid.apply(event);
            }
        }
        self.scene.done = true;
        self.on_done();
    }

    fn on_done(&mut self) {
        self.refresh_distances();
        self.pixels.paint_all(&self.scene);
        self.metrics_due = true;
    }

    /// Whether the maze is finished and its metrics line not written yet.
    pub fn metrics_due(&self) -> bool {
        self.metrics_due
    }

    /// Writes the metrics line of a finished maze, once. Kept apart from
    /// `on_done` so the app can time generating and drawing on their own.
    pub fn write_metrics(&mut self) {
        if !self.metrics_due {
            return;
        }
        self.metrics_due = false;
        let m = analyze::metrics(&self.scene.grid, &self.ends);
        let percent = 100.0 * f64::from(m.dead_ends) / f64::from(m.cells);
        let solution = m.solution_length.map_or("none".into(), |s| s.to_string());
        self.metrics.set_text_content(Some(&format!(
            "dead ends {} ({percent:.1}%) · longest path {} · solution {} · mean corridor {:.2}",
            m.dead_ends, m.longest_path, solution, m.mean_corridor
        )));
    }

    /// Turns distance colouring on or off; repaints when the maze is done.
    pub fn set_distance_colouring(&mut self, on: bool) {
        self.distance_colouring = on;
        if self.scene.done {
            self.refresh_distances();
            self.pixels.paint_all(&self.scene);
        }
    }

    fn refresh_distances(&mut self) {
        self.scene.distances = self.distance_colouring.then(|| {
            let dist = analyze::distances(&self.scene.grid, self.ends.entrance.cell);
            let max = dist
                .iter()
                .copied()
                .filter(|&d| d != analyze::UNREACHABLE)
                .max()
                .unwrap_or(0);
            (dist, max)
        });
    }

    /// Puts the pixels painted since the last call on the canvas.
    pub fn blit(&mut self) -> Result<(), JsValue> {
        put_raster(&self.ctx, self.pixels.raster(), &mut self.scratch)
    }

    /// Puts the overlay's changed pixels on its canvas.
    pub fn blit_overlay(&mut self) -> Result<(), JsValue> {
        if !self.overlay_ready {
            return Ok(());
        }
        put_raster(&self.overlay_ctx, self.overlay.raster(), &mut self.scratch)
    }

    /// Gives the overlay canvas its full size and paints it, once.
    fn ensure_overlay(&mut self) {
        if self.overlay_ready {
            return;
        }
        self.overlay_ready = true;
        self.overlay_canvas.set_width(self.pixels.width);
        self.overlay_canvas.set_height(self.pixels.height);
        self.overlay.paint_all(&self.solving);
    }

    pub fn layout(&self) -> Layout {
        self.pixels.layout()
    }

    /// The cell under a point given in CSS pixels from the canvas' top left,
    /// or `None` outside the maze.
    pub fn cell_under(&self, x: f64, y: f64) -> Option<Cell> {
        let width = f64::from(self.overlay_canvas.client_width().max(1));
        let height = f64::from(self.overlay_canvas.client_height().max(1));
        if !(0.0..width).contains(&x) || !(0.0..height).contains(&y) {
            return None;
        }
        let px = (x / width * f64::from(self.pixels.width)) as u32;
        let py = (y / height * f64::from(self.pixels.height)) as u32;
        self.layout().nearest_cell(px, py)
    }

    /// Moves the start and goal markers; forgets any solver run and trail.
    /// With only the markers showing (as while dragging one), just the
    /// marker cells are repainted, not the whole overlay.
    pub fn set_ends(&mut self, start: Cell, goal: Cell) {
        self.ensure_overlay();
        self.result.set_text_content(None);
        let (old_start, old_goal) = (self.solving.start, self.solving.goal);
        self.solving.start = start;
        self.solving.goal = goal;
        let only_markers =
            self.solver.is_none() && self.solving.trail.is_empty() && self.solving.explored == 0;
        if only_markers {
            for cell in [old_start, old_goal, start, goal] {
                self.overlay.paint_cell(&self.solving, cell);
            }
            return;
        }
        self.solver = None;
        self.solving.clear_solver();
        self.solving.clear_trail();
        self.overlay.paint_all(&self.solving);
    }

    /// Starts this panel's solver from start to goal (finishing the maze first).
    pub fn start_solve(&mut self, visuals: bool) -> Result<(), JsValue> {
        self.finish();
        self.ensure_overlay();
        let name = self.solver_pick.value();
        let (start, goal) = (self.solving.start, self.solving.goal);
        let solver = Solver::by_name(&name, &self.scene.grid, start, goal, visuals)
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        self.solving.clear_solver();
        self.solving.clear_trail();
        self.overlay.paint_all(&self.solving);
        self.solver = Some(solver);
        self.solve_steps = 0;
        self.result
            .set_text_content(Some(&format!("{name}: searching…")));
        Ok(())
    }

    /// Whether a solver run is under way.
    pub fn is_solving(&self) -> bool {
        self.solver
            .as_ref()
            .is_some_and(|s| *s.outcome() == Outcome::Searching)
    }

    /// Applies up to `budget` solver events to the overlay.
    pub fn advance_solve(&mut self, budget: u64) {
        let Some(solver) = self.solver.as_mut() else {
            return;
        };
        let mut left = budget;
        while left > 0 {
            let chunk = solver.next_chunk(left.min(FINISH_CHUNK as u64) as usize);
            if chunk.is_empty() {
                break;
            }
            left -= chunk.len() as u64;
            self.solve_steps += chunk.len() as u64;
            let mut done = false;
            for event in chunk {
                for cell in self.solving.apply(event).into_iter().flatten() {
                    self.overlay.paint_cell(&self.solving, cell);
                }
                done |= *event == Event::Done;
            }
            if done {
                if let Outcome::Found(path) = solver.outcome() {
                    self.solving.set_path(path);
                    for pair in path.windows(2) {
                        self.overlay.paint_link(&self.solving, pair[0], pair[1]);
                    }
                }
            }
        }
        self.show_solve_result();
    }

    /// The solver's path, once it has one.
    pub fn solution(&self) -> Option<&[Cell]> {
        match self.solver.as_ref()?.outcome() {
            Outcome::Found(path) => Some(path),
            _ => None,
        }
    }

    fn show_solve_result(&self) {
        let Some(solver) = &self.solver else {
            return;
        };
        let explored = self.solving.explored;
        let name = solver.info().name;
        let text = match solver.outcome() {
            Outcome::Searching => format!(
                "{name}: {explored} cells explored · {} steps",
                self.solve_steps
            ),
            Outcome::Found(path) => format!(
                "{name}: {explored} cells explored · path {} moves · {} steps",
                path.len() - 1,
                self.solve_steps
            ),
            Outcome::NotFound(why) => format!(
                "{name}: {why} ({explored} cells explored, {} steps)",
                self.solve_steps
            ),
        };
        self.result.set_text_content(Some(&text));
    }

    /// Extends or retracts the player's trail and repaints what changed:
    /// the cells, and the openings between consecutive ones.
    pub fn trail_step(&mut self, cell: Cell) {
        let changed = self.solving.trail_step(cell);
        for &c in &changed {
            self.overlay.paint_cell(&self.solving, c);
        }
        for pair in changed.windows(2) {
            self.overlay.paint_link(&self.solving, pair[0], pair[1]);
        }
    }

    /// Starts a fresh trail at the start, clearing any solver run.
    pub fn start_trail(&mut self) {
        self.finish();
        self.ensure_overlay();
        self.solver = None;
        self.solving.clear_solver();
        self.solving.clear_trail();
        self.result.set_text_content(None);
        self.overlay.paint_all(&self.solving);
        let start = self.solving.start;
        self.trail_step(start);
    }
}

/// Puts a raster's dirty rectangle on a canvas, in strips of at most
/// `STRIP_PIXELS`: one ImageData of a 4096 x 4096 maze's whole picture
/// (268 MB) made Chromium take over 3 s; strips reuse memory the browser
/// already has.
pub fn put_raster(
    ctx: &CanvasRenderingContext2d,
    raster: &mut Raster,
    scratch: &mut Vec<u8>,
) -> Result<(), JsValue> {
    let Some(r) = raster.take_dirty() else {
        return Ok(());
    };
    let width = r.x1 - r.x0;
    let rows_per_strip = (STRIP_PIXELS / width).max(1);
    let mut y0 = r.y0;
    while y0 < r.y1 {
        let y1 = (y0 + rows_per_strip).min(r.y1);
        let strip = Rect { y0, y1, ..r };
        let bytes: &[u8] = if r.x0 == 0 && width == raster.width {
            // Whole rows are contiguous in the buffer: no copy needed.
            let start = (y0 * raster.width * 4) as usize;
            &raster.rgba()[start..start + (width * (y1 - y0) * 4) as usize]
        } else {
            raster.copy_rect(strip, scratch);
            scratch
        };
        let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(bytes), width, y1 - y0)?;
        ctx.put_image_data(&image, f64::from(r.x0), f64::from(y0))?;
        y0 = y1;
    }
    Ok(())
}

/// The most pixels handed to the canvas in one `putImageData`.
const STRIP_PIXELS: u32 = 1 << 20;
