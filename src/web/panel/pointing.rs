//! A panel's points and cells: canvas coordinates from CSS pixels, the cell
//! under a point by the shape's own geometry, cell centres, and the mask
//! brush's preview.

use super::Panel;
use crate::shape::Cell;
use crate::shape::Topology;
use wasm_bindgen::prelude::*;

impl Panel {
    /// Converts a point in CSS pixels from the canvas' top left to canvas
    /// (device) pixels.
    pub fn to_canvas_px(&self, x: f64, y: f64) -> (f64, f64) {
        let width = f64::from(self.overlay_canvas.client_width().max(1));
        let height = f64::from(self.overlay_canvas.client_height().max(1));
        (
            x / width * f64::from(self.overlay_canvas.width()),
            y / height * f64::from(self.overlay_canvas.height()),
        )
    }

    /// The cell under a point given in CSS pixels from the canvas' top left,
    /// or `None` off the maze.
    pub fn cell_under(&self, x: f64, y: f64) -> Option<Cell> {
        let (px, py) = self.to_canvas_px(x, y);
        let cell = match &self.map {
            Some(map) => map.cell_at(px, py),
            None => self.layout().cell_at(px, py),
        };
        // Rock is no part of a finished sparse maze.
        cell.filter(|&c| self.maze().shape().is_cell(c))
    }

    /// The cell of the unmasked shape under a point in CSS pixels from the
    /// canvas' top left: the mask brush reaches cells that are off.
    pub fn cell_under_any(&self, x: f64, y: f64) -> Option<Cell> {
        let (px, py) = self.to_canvas_px(x, y);
        match &self.map {
            Some(map) => {
                let (ux, uy) = map.layout.to_units(px, py);
                self.shape.unmasked().cell_at(ux, uy)
            }
            None => self.layout().cell_at(px, py),
        }
    }

    /// Shows a cell the mask brush has touched (switching it off) before
    /// the stroke is applied.
    pub fn preview_mask(&mut self, cell: Cell, off: bool) {
        if off && cell < self.shape.cells() {
            self.solving.marks[cell as usize] = crate::event::Mark::Dead;
            self.overlay.paint_cell(&self.solving, cell);
        }
    }

    /// Forgets the brush's preview.
    pub fn clear_mask_preview(&mut self) -> Result<(), JsValue> {
        self.solving.clear_solver();
        self.overlay.paint_all(&self.solving);
        self.blit_overlay()
    }

    /// A cell's centre in canvas pixels.
    pub fn centre_px(&self, cell: Cell) -> (f64, f64) {
        match &self.map {
            Some(map) => map.centre(cell),
            None => self.layout().centre(cell),
        }
    }
}
