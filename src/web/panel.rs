//! One maze on one canvas: a generator, the scene it builds, and the pixels
//! that show it. A frame applies its share of events, repaints only the cells
//! they touched, and puts the dirty bands on the canvas. Solving and playing
//! draw on a second canvas stacked on top, so they never repaint the maze.
//! Both canvases are the size of the panel's box in device pixels; the
//! [`Layout`] says where the maze sits in them (zoom and pan).

use super::blit::put_raster;

mod carving;
mod labels;
mod log;
mod pointing;
mod solving;
use crate::analyze;
use crate::entrance::EntranceStyle;
use crate::entrance::{self, Ends};
use crate::generate::texture::Texture;
use crate::generate::{self, Author, Generator, Params};
use crate::render::canvas::layout::Layout;
use crate::render::canvas::overlay::Overlay;
use crate::render::canvas::overlay_scene::OverlayScene;
use crate::render::canvas::palette::Palette;
use crate::render::canvas::pixels::Pixels;
use crate::render::canvas::scene::Scene;
use crate::render::canvas::tiles::TileMap;
use crate::settings::PanelSpec;
use crate::shape::Cell;
use crate::shape::Shape;
use crate::shape::Topology;
use crate::solve::{Outcome, Solver, SOLVERS};
use crate::timeline::Timeline;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlElement, HtmlSelectElement,
};

/// The canvas size used before the page has laid the panel out (or when
/// it has no room at all), in CSS pixels.
const FALLBACK_BOX_PX: (f64, f64) = (640.0, 400.0);
/// A box smaller than this on a side is treated as not laid out yet.
const MIN_BOX_PX: f64 = 48.0;

pub struct Panel {
    pub spec: PanelSpec,
    /// The box the canvases fill.
    stack: HtmlElement,
    /// The overlay canvas the solver and the player draw on.
    pub overlay_canvas: HtmlCanvasElement,
    overlay_ctx: CanvasRenderingContext2d,
    overlay: Overlay,
    pub solving: OverlayScene,
    /// This panel's choice of solver (compare mode races them).
    pub solver_pick: HtmlSelectElement,
    /// The solver's run as a timeline of the overlay, once a solve began.
    solve: Option<Timeline<Solver, OverlayScene>>,
    /// How the solve ended, once its stream has: the path is drawn at the
    /// last step from this (a rewound solver copy is still searching).
    solve_outcome: Option<Outcome>,
    result: Element,
    /// The generator, its options and the checkpoint budget, for the
    /// timeline an instant run makes only when it is first rewound.
    author: Author,
    params: Params,
    budget: usize,
    /// The run as a recording (visual events): from the start when it is
    /// animated, made on the first seek when it was built at once.
    timeline: Option<Timeline<Generator, Scene>>,
    /// An instant run's generator (visuals off) until it builds the maze.
    instant: Option<Generator>,
    pub scene: Scene,
    /// A finished sparse maze with its rock masked off (as the CLI gives
    /// it): what is solved, measured, played and exported.
    sparse_maze: Option<crate::grid::Grid>,
    pub pixels: Pixels,
    pub ends: Ends,
    pub steps: u64,
    pub canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    pub(super) metrics: Element,
    scratch: Vec<u8>,
    distance_colouring: bool,
    /// Finished, but the metrics line is not written yet.
    pub(super) metrics_due: bool,
    /// The ends are the maze's own default, found when it is finished (on
    /// a surface whose edges meet: the longest path's ends).
    pub(super) ends_follow_maze: bool,
    /// The maze's shape; all but the plain square are drawn from `map`.
    pub shape: Shape,
    map: Option<Arc<TileMap>>,
    /// How long the last pixel map took to build (a readout).
    pub map_ms: f64,
}

impl Panel {
    /// Builds the panel's markup inside `parent` and starts its generator;
    /// nothing is drawn until the app gives it a layout (`set_layout`).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        parent: &Element,
        spec: PanelSpec,
        author: Author,
        shape: &Shape,
        seed: u64,
        texture: Texture,
        weave: bool,
        visuals: bool,
        solver: &str,
        markers: (Cell, Cell),
        palette: &'static Palette,
        budget: usize,
    ) -> Result<Panel, JsValue> {
        let doc = super::dom::document();
        let wrap = doc.create_element("div")?;
        wrap.set_class_name("panel");
        let header = doc.create_element("div")?;
        header.set_class_name("panel-header");
        let title = doc.create_element("h2")?;
        title.set_text_content(Some(&spec.to_text()));
        if let Some(legend) = shape.level_legend() {
            let note = doc.create_element("span")?;
            note.set_class_name("level-legend");
            note.set_text_content(Some(&legend));
            title.append_child(&note)?;
        }
        let solver_pick: HtmlSelectElement = doc.create_element("select")?.dyn_into()?;
        solver_pick.set_class_name("panel-solver");
        solver_pick.set_attribute("aria-label", &format!("solver for {}", spec.to_text()))?;
        for s in SOLVERS {
            let option = doc.create_element("option")?;
            option.set_attribute("value", s.name)?;
            option.set_text_content(Some(s.name));
            solver_pick.append_child(&option)?;
        }
        solver_pick.set_value(solver);
        header.append_child(&title)?;
        header.append_child(&solver_pick)?;
        let stack: HtmlElement = doc.create_element("div")?.dyn_into()?;
        stack.set_class_name("stack");
        let canvas: HtmlCanvasElement = doc.create_element("canvas")?.dyn_into()?;
        canvas.set_attribute("role", "img")?;
        canvas.set_attribute(
            "aria-label",
            &format!(
                "{} maze, {} {}, {} cells",
                spec.to_text(),
                shape.name(),
                shape.size_text(),
                shape.live_cells()
            ),
        )?;
        let overlay_canvas: HtmlCanvasElement = doc.create_element("canvas")?.dyn_into()?;
        overlay_canvas.set_class_name("overlay");
        overlay_canvas.set_attribute("aria-hidden", "true")?;
        stack.append_child(&canvas)?;
        stack.append_child(&overlay_canvas)?;
        let metrics = doc.create_element("p")?;
        metrics.set_class_name("metrics");
        let result = doc.create_element("p")?;
        result.set_class_name("solve-result");
        result.set_attribute("aria-live", "polite")?;
        wrap.append_child(&header)?;
        wrap.append_child(&stack)?;
        wrap.append_child(&metrics)?;
        wrap.append_child(&result)?;
        parent.append_child(&wrap)?;

        let algorithm = author.algorithm();
        generate::check_shape(algorithm, shape).map_err(|e| JsValue::from_str(&e.to_string()))?;
        let params = Params {
            pop: spec.pop.clone(),
            bias: spec.bias,
            braid: texture.braid,
            weave,
            steer: generate::steer::for_algorithm(texture.steer, algorithm, shape),
            // A program's recorded run is played as it was made.
            symmetry: texture
                .symmetry
                .filter(|_| matches!(author, Author::Builtin(_))),
            // Rock would cut a woven maze's tunnels.
            sparse: if weave { 0 } else { texture.sparse },
            ..Params::on(shape.clone(), seed)
        };
        let generator = author.start(params.clone(), visuals);
        let mut scene = Scene::new(generator.initial_grid(), algorithm.starts_open);
        scene.rock = params.sparse > 0 && shape.live_cells() >= 2;
        // A weighted maze's floor shows its costs from the first frame.
        scene.set_costs(texture.weights.map(|w| w.costs(shape, seed)));
        let (timeline, instant) = if visuals {
            let expected = u64::from(shape.cells()) * carving::EVENTS_PER_CELL_GUESS;
            (
                Some(Timeline::new(generator, &scene, expected, budget)),
                None,
            )
        } else {
            (None, Some(generator))
        };
        let ends = entrance::place(&scene.grid, EntranceStyle::Norvig, seed);
        let layout = Layout::for_shape(shape, 1, 1);
        let mut pixels = Pixels::new(layout);
        pixels.set_palette(palette);
        let mut overlay = Overlay::new(layout);
        overlay.set_palette(palette);
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or("canvas should have a 2d context")?
            .dyn_into()?;
        let overlay_ctx: CanvasRenderingContext2d = overlay_canvas
            .get_context("2d")?
            .ok_or("the overlay canvas should have a 2d context")?
            .dyn_into()?;
        Ok(Panel {
            spec,
            stack,
            overlay_canvas,
            overlay_ctx,
            overlay,
            solving: OverlayScene::on_shape(shape, markers.0, markers.1),
            solver_pick,
            solve: None,
            solve_outcome: None,
            result,
            author,
            params,
            budget,
            timeline,
            instant,
            scene,
            sparse_maze: None,
            pixels,
            ends,
            steps: 0,
            canvas,
            ctx,
            metrics,
            scratch: Vec::new(),
            distance_colouring: false,
            metrics_due: false,
            ends_follow_maze: false,
            shape: shape.clone(),
            map: None,
            map_ms: 0.0,
        })
    }

    /// Draws the same maze as `shape` lays it out (a 3D maze's levels
    /// wrapped anew): the pixel map is made again at the next layout.
    pub fn redraw_as(&mut self, shape: &Shape) {
        self.shape = shape.clone();
        self.map = None;
    }

    /// The canvas box's size in CSS pixels as the page laid it out, or a
    /// fallback when it has not been laid out.
    pub fn box_size(&self) -> (f64, f64) {
        let rect = self.stack.get_bounding_client_rect();
        if rect.width() < MIN_BOX_PX || rect.height() < MIN_BOX_PX {
            FALLBACK_BOX_PX
        } else {
            (rect.width(), rect.height())
        }
    }

    /// Sizes both canvases to `layout` (device pixels, shown at `dpr`
    /// device pixels per CSS pixel) and repaints both.
    pub fn set_layout(&mut self, layout: Layout, dpr: f64) -> Result<(), JsValue> {
        self.size_to(layout, dpr)?;
        self.repaint()
    }

    /// Sizes the canvases and takes the layout without painting the maze (a
    /// run that paints once when it finishes); the overlay is painted, since
    /// resizing a canvas clears it.
    pub fn set_layout_quietly(&mut self, layout: Layout, dpr: f64) -> Result<(), JsValue> {
        self.size_to(layout, dpr)?;
        self.overlay.paint_all(&self.solving);
        self.blit_overlay()
    }

    /// Sizes the canvases to `layout` and maps the pixels to cells, painting
    /// nothing.
    fn size_to(&mut self, layout: Layout, dpr: f64) -> Result<(), JsValue> {
        if (self.canvas.width(), self.canvas.height()) != (layout.width, layout.height) {
            for canvas in [&self.canvas, &self.overlay_canvas] {
                canvas.set_width(layout.width);
                canvas.set_height(layout.height);
                let style = canvas.style();
                style.set_property("width", &format!("{}px", f64::from(layout.width) / dpr))?;
                style.set_property("height", &format!("{}px", f64::from(layout.height) / dpr))?;
            }
        }
        if self.shape.plain_square().is_some() {
            self.pixels.set_layout(layout);
            self.overlay.set_layout(layout);
        } else if self.map.as_ref().is_none_or(|m| m.layout != layout) {
            // Other shapes map their pixels to cells once per layout.
            let began = super::clock::now_ms();
            let map = Arc::new(TileMap::new(&self.shape, layout));
            self.map_ms = super::clock::now_ms() - began;
            self.pixels.set_map(Some(map.clone()));
            self.overlay.set_map(Some(map.clone()));
            self.map = Some(map);
        }
        Ok(())
    }

    /// Repaints and puts both pictures (zoom, pan, theme, reset).
    pub fn repaint(&mut self) -> Result<(), JsValue> {
        self.pixels.paint_all(&self.scene);
        self.overlay.paint_all(&self.solving);
        self.blit()?;
        self.blit_overlay()
    }

    /// The client-coordinate rectangle of the canvases.
    pub fn client_rect(&self) -> web_sys::DomRect {
        self.overlay_canvas.get_bounding_client_rect()
    }

    pub fn set_palette(&mut self, palette: &'static Palette) -> Result<(), JsValue> {
        self.pixels.set_palette(palette);
        self.overlay.set_palette(palette);
        self.repaint()
    }

    pub fn is_done(&self) -> bool {
        self.scene.is_done()
    }

    /// The maze as it stands; once a sparse run is finished, with its rock
    /// masked off.
    pub fn maze(&self) -> &crate::grid::Grid {
        match &self.sparse_maze {
            Some(maze) if self.scene.is_done() => maze,
            _ => &self.scene.grid,
        }
    }

    /// Paints the finished maze (distances first, when coloured by them).
    pub fn on_done(&mut self) {
        self.sparse_maze = self
            .scene
            .rock
            .then(|| generate::sparse::rock_masked(&self.scene.grid).ok())
            .flatten();
        // Ends on rock move to the maze's own ends.
        let rock = |cell: Cell| !self.maze().shape().is_cell(cell);
        let buried = rock(self.solving.start) || rock(self.solving.goal);
        if self.ends_follow_maze || buried {
            self.ends = entrance::place(self.maze(), EntranceStyle::Norvig, self.params.seed);
            self.set_ends(self.ends.entrance.cell, self.ends.exit.cell);
            // The markers moved: show them where they are now.
            let _ = self.blit_overlay();
        }
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
        // They measure the finished maze: a panel rewound before its end
        // keeps them due until it is finished again.
        if !self.metrics_due || !self.scene.is_done() {
            return;
        }
        self.metrics_due = false;
        let m = analyze::metrics(self.maze(), self.ends.entrance.cell, self.ends.exit.cell);
        let percent = 100.0 * f64::from(m.dead_ends) / f64::from(m.cells);
        let solution = m.solution_length.map_or("none".into(), |s| s.to_string());
        let mut text = format!(
            "dead ends {} ({percent:.1}%) · longest path {} · solution {} · mean corridor {:.2}",
            m.dead_ends, m.longest_path, solution, m.mean_corridor
        );
        if m.cycles > 0 {
            let paths = if m.shortest_paths_saturated {
                format!("over {}", m.shortest_paths)
            } else {
                m.shortest_paths.to_string()
            };
            text.push_str(&format!(
                " · loops {} · junctions {} · shortest paths {paths}",
                m.cycles, m.junctions
            ));
        }
        // One line that never resizes the canvas box; the whole text on hover.
        let _ = self.metrics.set_attribute("title", &text);
        self.metrics.set_text_content(Some(&text));
    }

    /// Turns distance colouring on or off; repaints when the maze is done.
    pub fn set_distance_colouring(&mut self, on: bool) {
        self.distance_colouring = on;
        if self.scene.is_done() {
            self.refresh_distances();
            self.pixels.paint_all(&self.scene);
        }
    }

    pub(super) fn refresh_distances(&mut self) {
        self.scene.distances = self.distance_colouring.then(|| {
            let dist = analyze::distances(self.maze(), self.ends.entrance.cell);
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
        put_raster(&self.overlay_ctx, self.overlay.raster(), &mut self.scratch)
    }

    pub fn layout(&self) -> Layout {
        self.pixels.layout()
    }
}
