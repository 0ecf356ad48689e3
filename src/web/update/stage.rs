//! How the app applies the stage's zoom, pan and fit (`stage`) to its
//! panels.

use crate::render::canvas::layout::Layout;
use crate::web::app::App;
use crate::web::dom;
use crate::web::stage::{
    device_pixel_ratio, set_maze_aspect, show_level_value, window_level_columns,
};
use wasm_bindgen::prelude::*;

impl App {
    /// Sizes every panel's canvases to its box and fits the maze (or, when
    /// the viewer has zoomed, keeps the zoom). `paint` off skips painting
    /// the maze, for a run that paints once when it finishes.
    pub(in crate::web) fn lay_out(&mut self, paint: bool) -> Result<(), JsValue> {
        let dpr = device_pixel_ratio();
        for panel in &mut self.maze.panels {
            let (w, h) = panel.box_size();
            let (dw, dh) = ((w * dpr).floor() as u32, (h * dpr).floor() as u32);
            let fit = Layout::for_shape(&panel.shape, dw, dh);
            let layout = if self.stage.fitted
                || (panel.layout().dims, panel.layout().units) != (fit.dims, fit.units)
            {
                fit
            } else {
                panel.layout().resized(dw, dh)
            };
            if paint {
                panel.set_layout(layout, dpr)?;
            } else {
                panel.set_layout_quietly(layout, dpr)?;
            }
        }
        self.show_zoom();
        Ok(())
    }

    /// Applies a change of view to every panel and repaints.
    fn change_view(&mut self, change: impl Fn(Layout) -> Layout) -> Result<(), JsValue> {
        let dpr = device_pixel_ratio();
        for panel in &mut self.maze.panels {
            let layout = change(panel.layout());
            panel.set_layout(layout, dpr)?;
        }
        self.show_zoom();
        Ok(())
    }

    /// Zooms by `factor` around a point in canvas pixels.
    pub(in crate::web) fn zoom_at(&mut self, factor: f64, px: f64, py: f64) -> Result<(), JsValue> {
        self.stage.fitted = false;
        self.change_view(|l| l.zoomed(factor, px, py))
    }

    /// Zooms around the canvases' centre (keys and buttons).
    pub(in crate::web) fn zoom_centre(&mut self, factor: f64) -> Result<(), JsValue> {
        let Some(l) = self.maze.panels.first().map(|p| p.layout()) else {
            return Ok(());
        };
        self.zoom_at(factor, f64::from(l.width) / 2.0, f64::from(l.height) / 2.0)
    }

    /// Pans by a distance in CSS pixels.
    pub(in crate::web) fn pan_by(&mut self, dx: f64, dy: f64) -> Result<(), JsValue> {
        let dpr = device_pixel_ratio();
        self.stage.fitted = false;
        self.change_view(|l| l.panned(dx * dpr, dy * dpr))
    }

    /// Pans by a share of the canvas (Shift + arrows).
    pub(in crate::web) fn pan_share(&mut self, sx: f64, sy: f64) -> Result<(), JsValue> {
        let Some(l) = self.maze.panels.first().map(|p| p.layout()) else {
            return Ok(());
        };
        let dpr = device_pixel_ratio();
        let (w, h) = (f64::from(l.width) / dpr, f64::from(l.height) / dpr);
        self.pan_by(sx * w, sy * h)
    }

    /// Back to the whole maze.
    pub(in crate::web) fn fit(&mut self) -> Result<(), JsValue> {
        self.stage.fitted = true;
        show_level_value(0, 0);
        self.lay_out(true)
    }

    /// A 3D or 4D maze one level at a time: the level slider's value
    /// (0 all of them, else level `value - 1` in numbering order) framed in
    /// every panel; zoom and pan go on from there.
    pub(in crate::web) fn view_level(&mut self) -> Result<(), JsValue> {
        let value: u32 = dom::input("level")?.value().parse().unwrap_or(0);
        // The levels as the panels draw them (wrapped for the window).
        let Some(crate::shape::Kind::Stack(s)) =
            self.maze.panels.first().map(|p| p.shape.kind.clone())
        else {
            return Ok(());
        };
        if value == 0 || value > s.level_count() {
            return self.fit();
        }
        show_level_value(value, s.level_count());
        let (l, k) = ((value - 1) % s.levels, (value - 1) / s.levels);
        let (x, y) = crate::shape::geometry::level_origin(&s, l, k);
        let (x, y) = (f64::from(x), f64::from(y));
        let (w, h) = (f64::from(s.width), f64::from(s.height));
        self.stage.fitted = false;
        self.change_view(|layout| layout.framing((x, y), (x + w, y + h)))
    }

    /// The window changed size: canvases follow their boxes, and a 3D
    /// maze's levels wrap again where the window wants it (a phone turned).
    /// Nothing is repainted when no box changed size (the observer also
    /// reports when it starts).
    pub(in crate::web) fn on_resize(&mut self) -> Result<(), JsValue> {
        let shape = self.settings.shape.clone();
        let columns = window_level_columns(&shape, self.maze.panels.len() > 1);
        if self
            .maze
            .panels
            .first()
            .is_some_and(|p| p.shape.level_columns() != columns)
        {
            let shape = shape.with_level_columns(columns);
            for panel in &mut self.maze.panels {
                panel.redraw_as(&shape);
            }
            set_maze_aspect(&shape)?;
            // Laid out now in the box as it is; the box follows the new
            // aspect, and the observer reports that too.
            return self.lay_out(true);
        }
        let dpr = device_pixel_ratio();
        let changed = self.maze.panels.iter().any(|p| {
            let (w, h) = p.box_size();
            let l = p.layout();
            ((w * dpr).floor() as u32, (h * dpr).floor() as u32) != (l.width, l.height)
        });
        if changed {
            self.lay_out(true)?;
        }
        Ok(())
    }

    /// The zoom readout: the zoom as a share of the fitting one.
    fn show_zoom(&self) {
        let dpr = device_pixel_ratio();
        for panel in &self.maze.panels {
            let _ = panel.place_level_labels(dpr);
        }
        let Some(l) = self.maze.panels.first().map(|p| p.layout()) else {
            return;
        };
        let fit = Layout::fit_units(l.dims, l.units, l.width, l.height).pitch;
        let text = format!("{:.0}%", 100.0 * l.pitch / fit);
        dom::set_text("zoom-value", &text);
        if let Some(status) = dom::by_id_opt("status") {
            let dpr = device_pixel_ratio();
            let _ = status.set_attribute("data-zoom", &format!("{:.3}", l.pitch));
            // The maze's picture on screen, in CSS pixels: what a viewer sees.
            let _ = status.set_attribute(
                "data-picture",
                &format!(
                    "{:.0}x{:.0}",
                    l.picture_width().min(f64::from(l.width)) / dpr,
                    l.picture_height().min(f64::from(l.height)) / dpr
                ),
            );
        }
    }
}
