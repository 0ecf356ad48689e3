//! One maze on one canvas: a generator, the scene it builds, and the pixels
//! that show it. A frame applies its share of events, repaints only the cells
//! they touched, and puts the dirty rectangle on the canvas in one call.

use crate::analyze;
use crate::entrance::{self, Ends};
use crate::generate::{self, Generator, Params};
use crate::grid::Dims;
use crate::render::pixels::{Pixels, Raster, Rect, Scene};
use crate::settings::PanelSpec;
use wasm_bindgen::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, ImageData};

/// Events drained per call when finishing at once.
const FINISH_CHUNK: usize = 1 << 16;

pub struct Panel {
    pub spec: PanelSpec,
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
    pub fn new(
        parent: &Element,
        spec: PanelSpec,
        dims: Dims,
        seed: u64,
        cell_px: u32,
        visuals: bool,
    ) -> Result<Panel, JsValue> {
        let doc = super::dom::document();
        let wrap = doc.create_element("div")?;
        wrap.set_class_name("panel");
        let title = doc.create_element("h2")?;
        title.set_text_content(Some(&spec.to_text()));
        let canvas: HtmlCanvasElement = doc.create_element("canvas")?.dyn_into()?;
        let metrics = doc.create_element("p")?;
        metrics.set_class_name("metrics");
        wrap.append_child(&title)?;
        wrap.append_child(&canvas)?;
        wrap.append_child(&metrics)?;
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
        // An instant run paints once, when it finishes; an animation starts
        // from the blank maze.
        if visuals {
            pixels.paint_all(&scene);
        }
        let mut panel = Panel {
            spec,
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
