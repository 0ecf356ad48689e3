//! The stage: panel canvases sized to their boxes in whole device pixels,
//! and zoom, pan and fit. Every panel shares one view, so compare mode zooms
//! and pans in lockstep. None of this regenerates a maze: a change of view
//! is one repaint of what is on screen.

use super::app::App;
use super::dom;
use crate::render::canvas::layout::Layout;
use wasm_bindgen::prelude::*;

/// One press of `+` or `-`, or of the zoom buttons.
pub(super) const ZOOM_STEP: f64 = 1.5;
/// Shift + arrow pans by this share of the canvas.
pub(super) const PAN_KEY_SHARE: f64 = 0.15;

/// Levels a row for a 3D maze in this window: on a narrow one (the phone
/// layout below 760 CSS pixels) as many as draw it largest in a panel's
/// box, the window's width by at most 62% of its height (38% compared, as
/// `style.css` caps them); elsewhere 0, the 16:10 default.
pub(super) fn window_level_columns(shape: &crate::shape::Shape, compared: bool) -> u32 {
    let crate::shape::Kind::Stack(s) = &shape.kind else {
        return 0;
    };
    let Some(window) = web_sys::window() else {
        return 0;
    };
    let size = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
    let (w, h) = (size(window.inner_width()), size(window.inner_height()));
    if w > 760.0 {
        return 0;
    }
    let share = if compared { 0.38 } else { 0.62 };
    crate::shape::geometry::best_level_columns(s, w, share * h)
}

/// Phones size each panel by the maze's picture's aspect ratio.
pub(super) fn set_maze_aspect(shape: &crate::shape::Shape) -> Result<(), JsValue> {
    if let Some(el) = dom::html_element("panels") {
        let (w, h) = shape.bounds();
        el.style()
            .set_property("--maze-aspect", &format!("{w:.3} / {h:.3}"))?;
    }
    Ok(())
}

/// Device pixels per CSS pixel.
pub(super) fn device_pixel_ratio() -> f64 {
    web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .clamp(0.25, 8.0)
}

impl App {
    /// Sizes every panel's canvases to its box and fits the maze (or, when
    /// the viewer has zoomed, keeps the zoom). `paint` off skips painting
    /// the maze, for a run that paints once when it finishes.
    pub(super) fn lay_out(&mut self, paint: bool) -> Result<(), JsValue> {
        let dpr = device_pixel_ratio();
        for panel in &mut self.panels {
            let (w, h) = panel.box_size();
            let (dw, dh) = ((w * dpr).floor() as u32, (h * dpr).floor() as u32);
            let fit = Layout::for_shape(&panel.shape, dw, dh);
            let layout = if self.fitted
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
        for panel in &mut self.panels {
            let layout = change(panel.layout());
            panel.set_layout(layout, dpr)?;
        }
        self.show_zoom();
        Ok(())
    }

    /// Zooms by `factor` around a point in canvas pixels.
    pub(super) fn zoom_at(&mut self, factor: f64, px: f64, py: f64) -> Result<(), JsValue> {
        self.fitted = false;
        self.change_view(|l| l.zoomed(factor, px, py))
    }

    /// Zooms around the canvases' centre (keys and buttons).
    pub(super) fn zoom_centre(&mut self, factor: f64) -> Result<(), JsValue> {
        let Some(l) = self.panels.first().map(|p| p.layout()) else {
            return Ok(());
        };
        self.zoom_at(factor, f64::from(l.width) / 2.0, f64::from(l.height) / 2.0)
    }

    /// Pans by a distance in CSS pixels.
    pub(super) fn pan_by(&mut self, dx: f64, dy: f64) -> Result<(), JsValue> {
        let dpr = device_pixel_ratio();
        self.fitted = false;
        self.change_view(|l| l.panned(dx * dpr, dy * dpr))
    }

    /// Pans by a share of the canvas (Shift + arrows).
    pub(super) fn pan_share(&mut self, sx: f64, sy: f64) -> Result<(), JsValue> {
        let Some(l) = self.panels.first().map(|p| p.layout()) else {
            return Ok(());
        };
        let dpr = device_pixel_ratio();
        let (w, h) = (f64::from(l.width) / dpr, f64::from(l.height) / dpr);
        self.pan_by(sx * w, sy * h)
    }

    /// Back to the whole maze.
    pub(super) fn fit(&mut self) -> Result<(), JsValue> {
        self.fitted = true;
        show_level_value(0, 0);
        self.lay_out(true)
    }

    /// A 3D or 4D maze one level at a time: the level slider's value
    /// (0 all of them, else level `value - 1` in numbering order) framed in
    /// every panel; zoom and pan go on from there.
    pub(super) fn view_level(&mut self) -> Result<(), JsValue> {
        let value: u32 = dom::input("level")?.value().parse().unwrap_or(0);
        // The levels as the panels draw them (wrapped for the window).
        let Some(crate::shape::Kind::Stack(s)) = self.panels.first().map(|p| p.shape.kind.clone())
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
        self.fitted = false;
        self.change_view(|layout| layout.framing((x, y), (x + w, y + h)))
    }

    /// The window changed size: canvases follow their boxes, and a 3D
    /// maze's levels wrap again where the window wants it (a phone turned).
    /// Nothing is repainted when no box changed size (the observer also
    /// reports when it starts).
    pub(super) fn on_resize(&mut self) -> Result<(), JsValue> {
        let shape = self.settings.shape.clone();
        let columns = window_level_columns(&shape, self.panels.len() > 1);
        if self
            .panels
            .first()
            .is_some_and(|p| p.shape.level_columns() != columns)
        {
            let shape = shape.with_level_columns(columns);
            for panel in &mut self.panels {
                panel.redraw_as(&shape);
            }
            set_maze_aspect(&shape)?;
            // Laid out now in the box as it is; the box follows the new
            // aspect, and the observer reports that too.
            return self.lay_out(true);
        }
        let dpr = device_pixel_ratio();
        let changed = self.panels.iter().any(|p| {
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
        for panel in &self.panels {
            let _ = panel.place_level_labels(dpr);
        }
        let Some(l) = self.panels.first().map(|p| p.layout()) else {
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

/// Writes the level slider's value and its words.
pub(super) fn show_level_value(value: u32, count: u32) {
    if let Ok(input) = dom::input("level") {
        input.set_value(&value.to_string());
    }
    dom::set_text(
        "level-value",
        &if value == 0 {
            "all levels".to_string()
        } else {
            format!("level {value} of {count}")
        },
    );
}
