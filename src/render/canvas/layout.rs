//! Where a maze sits in a canvas: the zoom (pitch, device pixels per cell)
//! and the pan (the maze's top-left corner in canvas pixels).
//!
//! Two regimes keep every zoom crisp:
//! - **lattice** (pitch >= 2): the pitch is a whole number of pixels, the
//!   corner sits on a pixel, and each cell is an `s x s` square inside walls
//!   `t` pixels thick (`s + t = pitch`), so walls never blur;
//! - **sampled** (pitch < 2, a big maze zoomed out): each pixel shows the
//!   cell under its centre, so a 4096 x 4096 maze costs one canvas of screen
//!   size, not a 268 MB picture.
//!
//! Zoom and pan only change this value; the maze is never regenerated.

use crate::shape::{Cell, Dims};

/// The largest pitch offered, in device pixels per cell.
pub const MAX_PITCH: f64 = 192.0;
/// The smallest lattice pitch: one pixel of cell and one of wall.
pub const MIN_LATTICE_PITCH: f64 = 2.0;
/// How much of the maze (device pixels) stays on screen however far it is panned.
const KEEP_VISIBLE_PX: f64 = 48.0;

/// The placement of one maze in one canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The cells' columns and rows on square mazes (the lattice and sampled
    /// painters of the plain square read them); other shapes keep their
    /// size here and are placed by `units`.
    pub dims: Dims,
    /// The maze's extent in maze units (a square cell is 1 by 1; see
    /// `shape::geometry`).
    pub units: (f64, f64),
    /// The canvas size in device pixels.
    pub width: u32,
    /// The canvas height in device pixels.
    pub height: u32,
    /// Device pixels per cell, wall included; a whole number when >= 2.
    pub pitch: f64,
    /// The maze's top-left corner (the outside of its border wall) in
    /// canvas pixels; whole numbers in the lattice regime.
    pub ox: f64,
    /// The top edge, as `ox` is the left.
    pub oy: f64,
}

impl Layout {
    /// The largest zoom at which the whole maze fits the canvas, centred.
    pub fn fit(dims: Dims, width: u32, height: u32) -> Layout {
        Self::fit_units(
            dims,
            (f64::from(dims.width), f64::from(dims.height)),
            width,
            height,
        )
    }

    /// The fitting layout of a shape: its bounds in maze units.
    pub fn for_shape(shape: &crate::shape::Shape, width: u32, height: u32) -> Layout {
        let (w, h) = shape.size();
        // Non-square shapes keep their size only as a label; a polar
        // maze's outer ring may be longer than a square's longest side.
        let dims = shape
            .square_dims()
            .or_else(|| Dims::new(w, h).ok())
            .unwrap_or_else(|| Dims::new(1, 1).expect("1x1 is a valid size"));
        Self::fit_units(dims, shape.bounds(), width, height)
    }

    /// The largest zoom at which a picture `units` wide and high fits.
    pub fn fit_units(dims: Dims, units: (f64, f64), width: u32, height: u32) -> Layout {
        let (width, height) = (width.max(1), height.max(1));
        let mut pitch = (f64::from(width) / units.0)
            .min(f64::from(height) / units.1)
            .min(MAX_PITCH);
        if pitch >= MIN_LATTICE_PITCH {
            pitch = pitch.floor();
            // The border wall on the right and bottom takes `t` more pixels.
            while pitch > MIN_LATTICE_PITCH
                && (Self::picture_extent(pitch, units.0) > f64::from(width)
                    || Self::picture_extent(pitch, units.1) > f64::from(height))
            {
                pitch -= 1.0;
            }
        }
        let mut layout = Layout {
            dims,
            units,
            width,
            height,
            pitch,
            ox: 0.0,
            oy: 0.0,
        };
        layout.ox = (f64::from(width) - layout.picture_width()) / 2.0;
        layout.oy = (f64::from(height) - layout.picture_height()) / 2.0;
        layout.snap()
    }

    /// The largest zoom at which the part of the picture from `(x0, y0)`
    /// to `(x1, y1)` (maze units) fits the canvas, centred on it: one level
    /// of a 3D maze, say.
    pub fn framing(&self, (x0, y0): (f64, f64), (x1, y1): (f64, f64)) -> Layout {
        let part = Layout::fit_units(self.dims, (x1 - x0, y1 - y0), self.width, self.height);
        let pitch = part.pitch;
        Layout {
            pitch,
            ox: (f64::from(self.width) - (x1 - x0) * pitch) / 2.0 - x0 * pitch,
            oy: (f64::from(self.height) - (y1 - y0) * pitch) / 2.0 - y0 * pitch,
            ..*self
        }
        .clamped()
        .snap()
    }

    /// Whether cells are drawn as squares with walls (else sampled).
    #[inline]
    pub fn is_lattice(&self) -> bool {
        self.pitch >= MIN_LATTICE_PITCH
    }

    /// Wall thickness in the lattice regime: thicker as cells grow, so walls
    /// stay visible when zoomed in.
    #[inline]
    pub fn wall_px(&self) -> u32 {
        Self::wall_for(self.pitch)
    }

    fn wall_for(pitch: f64) -> u32 {
        ((pitch / 12.0) as u32).max(1)
    }

    /// The side of a cell's square in the lattice regime.
    #[inline]
    pub fn cell_px(&self) -> u32 {
        self.pitch as u32 - self.wall_px()
    }

    fn picture_extent(pitch: f64, units: f64) -> f64 {
        if pitch >= MIN_LATTICE_PITCH {
            pitch * units + f64::from(Self::wall_for(pitch))
        } else {
            pitch * units
        }
    }

    /// The maze's picture size in canvas pixels.
    pub fn picture_width(&self) -> f64 {
        Self::picture_extent(self.pitch, self.units.0)
    }

    /// The picture's height in canvas pixels.
    pub fn picture_height(&self) -> f64 {
        Self::picture_extent(self.pitch, self.units.1)
    }

    /// Half a wall in canvas pixels: the border wall's outer half lies
    /// between the picture's corner and the maze's edge (none when sampled).
    #[inline]
    fn half_wall(&self) -> f64 {
        if self.is_lattice() {
            f64::from(self.wall_px()) / 2.0
        } else {
            0.0
        }
    }

    /// A canvas point in maze units (see `shape::geometry`).
    #[inline]
    pub fn to_units(&self, px: f64, py: f64) -> (f64, f64) {
        let h = self.half_wall();
        (
            (px - self.ox - h) / self.pitch,
            (py - self.oy - h) / self.pitch,
        )
    }

    /// A point in maze units in canvas pixels.
    #[inline]
    pub fn from_units(&self, (ux, uy): (f64, f64)) -> (f64, f64) {
        let h = self.half_wall();
        (self.ox + h + ux * self.pitch, self.oy + h + uy * self.pitch)
    }

    /// The top-left pixel of a cell's square (lattice regime); may lie off
    /// the canvas.
    #[inline]
    pub fn origin(&self, cell: Cell) -> (i64, i64) {
        let (x, y) = self.dims.xy(cell);
        let p = self.pitch as i64;
        let t = i64::from(self.wall_px());
        (
            self.ox as i64 + t + i64::from(x) * p,
            self.oy as i64 + t + i64::from(y) * p,
        )
    }

    /// In the lattice regime, a cell's square (top-left corner, side) and the
    /// wall thickness, or `None` when neither the square nor the walls
    /// around it touch the canvas.
    #[inline]
    pub fn lattice_cell(&self, cell: Cell) -> Option<(i64, i64, i64, i64)> {
        let s = i64::from(self.cell_px());
        let t = i64::from(self.wall_px());
        let (px, py) = self.origin(cell);
        let off = px + s + t < 0
            || py + s + t < 0
            || px - t >= i64::from(self.width)
            || py - t >= i64::from(self.height);
        (!off).then_some((px, py, s, t))
    }

    /// A cell's centre in canvas pixels.
    pub fn centre(&self, cell: Cell) -> (f64, f64) {
        let (x, y) = self.dims.xy(cell);
        let inset = if self.is_lattice() {
            f64::from(self.wall_px()) + f64::from(self.cell_px()) / 2.0
        } else {
            self.pitch / 2.0
        };
        (
            self.ox + f64::from(x) * self.pitch + inset,
            self.oy + f64::from(y) * self.pitch + inset,
        )
    }

    /// The cell under a point in canvas pixels (a wall counts as the cell to
    /// its right or below), or `None` off the maze.
    pub fn cell_at(&self, px: f64, py: f64) -> Option<Cell> {
        let t = if self.is_lattice() {
            f64::from(self.wall_px())
        } else {
            0.0
        };
        let mx = ((px - self.ox - t / 2.0) / self.pitch).floor();
        let my = ((py - self.oy - t / 2.0) / self.pitch).floor();
        let inside = px >= self.ox
            && py >= self.oy
            && px < self.ox + self.picture_width()
            && py < self.oy + self.picture_height();
        if !inside {
            return None;
        }
        let x = mx.clamp(0.0, f64::from(self.dims.width - 1)) as u32;
        let y = my.clamp(0.0, f64::from(self.dims.height - 1)) as u32;
        Some(self.dims.at(x, y))
    }

    /// The columns `x0..x1` and rows `y0..y1` of cells that touch the canvas.
    pub fn visible(&self) -> (u32, u32, u32, u32) {
        let span = |origin: f64, size: u32, cells: u32| {
            let first = ((-origin) / self.pitch).floor().max(0.0);
            let last = ((f64::from(size) - origin) / self.pitch).ceil() + 1.0;
            let first = (first as u32).min(cells);
            let last = (last.max(0.0) as u32).min(cells);
            (first, last.max(first))
        };
        let (x0, x1) = span(self.ox, self.width, self.dims.width);
        let (y0, y1) = span(self.oy, self.height, self.dims.height);
        (x0, x1, y0, y1)
    }

    /// Zooms by `factor` keeping the maze point under (`ax`, `ay`) in place.
    /// Lattice pitches move by at least one pixel so every press does
    /// something; the zoom stays between half the fitting one and `MAX_PITCH`.
    pub fn zoomed(&self, factor: f64, ax: f64, ay: f64) -> Layout {
        let fit = Layout::fit_units(self.dims, self.units, self.width, self.height).pitch;
        let lowest = (fit / 2.0).min(MIN_LATTICE_PITCH);
        let mut pitch = self.pitch * factor;
        if pitch >= MIN_LATTICE_PITCH {
            pitch = pitch.round();
            if self.is_lattice() && factor > 1.0 {
                pitch = pitch.max(self.pitch + 1.0);
            } else if self.is_lattice() && factor < 1.0 {
                pitch = pitch.min(self.pitch - 1.0);
            }
        }
        let pitch = pitch.clamp(lowest, MAX_PITCH.max(fit));
        let (mx, my) = ((ax - self.ox) / self.pitch, (ay - self.oy) / self.pitch);
        Layout {
            pitch,
            ox: ax - mx * pitch,
            oy: ay - my * pitch,
            ..*self
        }
        .clamped()
        .snap()
    }

    /// Moves the maze by (`dx`, `dy`) canvas pixels, keeping some of it on
    /// screen.
    pub fn panned(&self, dx: f64, dy: f64) -> Layout {
        Layout {
            ox: self.ox + dx,
            oy: self.oy + dy,
            ..*self
        }
        .clamped()
        .snap()
    }

    /// The same zoom in a canvas of another size, keeping the maze point at
    /// the canvas centre in the centre.
    pub fn resized(&self, width: u32, height: u32) -> Layout {
        let (width, height) = (width.max(1), height.max(1));
        let dx = (f64::from(width) - f64::from(self.width)) / 2.0;
        let dy = (f64::from(height) - f64::from(self.height)) / 2.0;
        Layout {
            width,
            height,
            ox: self.ox + dx,
            oy: self.oy + dy,
            ..*self
        }
        .clamped()
        .snap()
    }

    fn clamped(mut self) -> Layout {
        let keep_x = KEEP_VISIBLE_PX.min(self.picture_width());
        let keep_y = KEEP_VISIBLE_PX.min(self.picture_height());
        self.ox = self
            .ox
            .min(f64::from(self.width) - keep_x)
            .max(keep_x - self.picture_width());
        self.oy = self
            .oy
            .min(f64::from(self.height) - keep_y)
            .max(keep_y - self.picture_height());
        self
    }

    /// Whole-pixel corners in the lattice regime, so walls stay crisp.
    fn snap(mut self) -> Layout {
        if self.is_lattice() {
            self.ox = self.ox.floor();
            self.oy = self.oy.floor();
        }
        self
    }
}

/// In the sampled regime, the cell column under each pixel column and the
/// cell row under each pixel row (negative or past the maze off it): the one
/// table both painting everything and painting one cell read, so the two
/// agree. Empty in the lattice regime.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Samples {
    /// The cell column under each pixel column.
    pub columns: Vec<i32>,
    /// The cell row under each pixel row.
    pub rows: Vec<i32>,
}

impl Samples {
    /// The samples of `layout` (empty in the lattice regime).
    pub fn for_layout(layout: &Layout) -> Samples {
        if layout.is_lattice() {
            return Samples::default();
        }
        let samples = |origin: f64, size: u32| -> Vec<i32> {
            (0..size)
                .map(|p| ((f64::from(p) + 0.5 - origin) / layout.pitch).floor() as i32)
                .collect()
        };
        Samples {
            columns: samples(layout.ox, layout.width),
            rows: samples(layout.oy, layout.height),
        }
    }

    /// The pixels that show a cell, as (x, y, width, height), or `None` when
    /// no pixel's centre falls in it.
    pub fn span(&self, dims: Dims, cell: Cell) -> Option<(i64, i64, i64, i64)> {
        let (x, y) = dims.xy(cell);
        let (x, y) = (x as i32, y as i32);
        let x0 = self.columns.partition_point(|&c| c < x);
        let x1 = self.columns.partition_point(|&c| c <= x);
        let y0 = self.rows.partition_point(|&r| r < y);
        let y1 = self.rows.partition_point(|&r| r <= y);
        (x0 < x1 && y0 < y1).then(|| (x0 as i64, y0 as i64, (x1 - x0) as i64, (y1 - y0) as i64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dims(w: u32, h: u32) -> Dims {
        Dims::new(w, h).unwrap()
    }

    #[test]
    fn fitting_uses_whole_pixels_and_centres_the_maze() {
        let l = Layout::fit(dims(40, 25), 1000, 700);
        assert_eq!(l.pitch, 24.0, "25 would need 1000 + 2 pixels");
        assert!(l.is_lattice());
        assert!(l.picture_width() <= 1000.0 && l.picture_height() <= 700.0);
        assert_eq!(l.ox, ((1000.0 - l.picture_width()) / 2.0).floor());
        let big = Layout::fit(dims(4096, 4096), 900, 800);
        assert!(!big.is_lattice());
        assert!((big.picture_height() - 800.0).abs() < 1e-6);
    }

    #[test]
    fn every_cell_centre_maps_back_to_its_cell_at_many_zooms() {
        let d = dims(13, 7);
        let mut l = Layout::fit(d, 300, 200);
        for step in 0..12 {
            for cell in 0..d.cells() {
                let (cx, cy) = l.centre(cell);
                if (0.0..f64::from(l.width)).contains(&cx)
                    && (0.0..f64::from(l.height)).contains(&cy)
                {
                    assert_eq!(l.cell_at(cx, cy), Some(cell), "step {step} cell {cell}");
                }
            }
            l = if step < 6 {
                l.zoomed(1.5, 40.0, 30.0)
            } else {
                l.zoomed(0.5, 100.0, 90.0)
            };
        }
        assert_eq!(l.cell_at(-1.0, -1.0), None);
    }

    #[test]
    fn zooming_in_and_out_around_a_point_keeps_it_under_the_pointer() {
        let d = dims(100, 60);
        let fit = Layout::fit(d, 800, 600);
        let (ax, ay) = fit.centre(d.at(30, 20));
        let zoomed = fit.zoomed(4.0, ax, ay);
        assert!(zoomed.pitch > fit.pitch);
        assert_eq!(zoomed.cell_at(ax, ay), Some(d.at(30, 20)));
        let back = zoomed.zoomed(0.25, ax, ay);
        assert_eq!(back.cell_at(ax, ay), Some(d.at(30, 20)));
        assert_eq!(
            Layout::fit(d, 800, 600),
            fit,
            "fitting again is the same picture"
        );
    }

    #[test]
    fn framing_a_part_centres_it_and_fills_the_canvas_with_it() {
        let shape = crate::shape::Shape::parse("3d", "10x8x4", None).unwrap();
        let whole = Layout::for_shape(&shape, 800, 600);
        let level = whole.framing((11.0, 0.0), (21.0, 8.0));
        assert!(
            level.pitch > 2.0 * whole.pitch,
            "{} vs {}",
            level.pitch,
            whole.pitch
        );
        let (cx, cy) = level.from_units((16.0, 4.0));
        assert!((cx - 400.0).abs() <= level.pitch && (cy - 300.0).abs() <= level.pitch);
        // The part's corners are on the canvas.
        for p in [(11.0, 0.0), (21.0, 8.0)] {
            let (x, y) = level.from_units(p);
            assert!(
                (0.0..=800.0).contains(&x) && (0.0..=600.0).contains(&y),
                "{p:?}: {x}, {y}"
            );
        }
    }

    #[test]
    fn panning_never_loses_the_maze() {
        let l = Layout::fit(dims(20, 20), 400, 400).zoomed(3.0, 200.0, 200.0);
        let far = l.panned(1e6, -1e6);
        assert!(far.ox <= 400.0 - KEEP_VISIBLE_PX);
        assert!(far.oy + far.picture_height() >= KEEP_VISIBLE_PX);
        let (x0, x1, y0, y1) = far.visible();
        assert!(x1 > x0 && y1 > y0, "some cells stay visible");
    }

    #[test]
    fn a_4096_maze_zooms_from_the_whole_down_to_single_cells() {
        let d = dims(4096, 4096);
        let mut l = Layout::fit(d, 900, 800);
        assert!(!l.is_lattice(), "the whole maze is sampled");
        let middle = d.at(2048, 2048);
        let (ax, ay) = l.centre(middle);
        let mut presses = 0;
        while l.pitch < 24.0 {
            l = l.zoomed(1.5, ax, ay);
            presses += 1;
            assert!(presses < 30, "zooming in stalls at pitch {}", l.pitch);
        }
        assert!(l.is_lattice() && l.cell_px() >= 20);
        let (x0, x1, y0, y1) = l.visible();
        assert!(
            x1 - x0 < 60 && y1 - y0 < 60,
            "a few dozen cells fill the canvas"
        );
        let centre = l.cell_at(450.0, 400.0).unwrap();
        assert_eq!(
            d.xy(centre),
            (2048, 2048),
            "zooming kept the middle in the middle"
        );
    }

    #[test]
    fn sampled_columns_cover_each_pixel_once_in_order() {
        let l = Layout::fit(dims(4096, 4096), 700, 500);
        let cols = Samples::for_layout(&l).columns;
        assert!(cols.windows(2).all(|w| w[0] <= w[1]), "monotone");
        assert_eq!(cols.len(), 700);
        assert!(cols.iter().filter(|&&c| (0..4096).contains(&c)).count() >= 499);
    }
}
