//! An RGBA pixel buffer of a maze in progress, painted cell by cell: what the
//! browser canvas shows, computed in Rust so a frame crosses to JavaScript
//! once, as one `putImageData` of the dirty rectangle.
//!
//! Layout: every cell is an `s x s` square and every wall a 1-pixel line, so
//! the picture is `W * (s + 1) + 1` pixels wide; `s = 1` is one pixel per
//! cell and per wall, which is how 4096 x 4096 fits.

use crate::event::{Event, Mark};
use crate::grid::{Cell, Dims, Dir, Grid};

/// Colours as RGBA. Okabe-Ito hues, distinguishable with colour blindness.
pub mod colour {
    pub const WALL: [u8; 4] = [0x1d, 0x1d, 0x22, 0xff];
    pub const SOLID: [u8; 4] = [0x45, 0x48, 0x52, 0xff];
    pub const PASSAGE: [u8; 4] = [0xf7, 0xf4, 0xea, 0xff];
    pub const FRONTIER: [u8; 4] = [0xe6, 0x9f, 0x00, 0xff];
    pub const WALK: [u8; 4] = [0x56, 0xb4, 0xe9, 0xff];
    pub const CURSOR: [u8; 4] = [0xd5, 0x5e, 0x00, 0xff];
    pub const EXPLORED: [u8; 4] = [0xf0, 0xe4, 0x42, 0xff];
    pub const PATH: [u8; 4] = [0x00, 0x72, 0xb2, 0xff];
    pub const DEAD: [u8; 4] = [0x99, 0x99, 0x99, 0xff];
}

/// The colour of a mark, if it has one of its own.
pub fn mark_colour(mark: Mark) -> Option<[u8; 4]> {
    match mark {
        Mark::Blank => None,
        Mark::Frontier => Some(colour::FRONTIER),
        Mark::Walk => Some(colour::WALK),
        Mark::Explored => Some(colour::EXPLORED),
        Mark::Path => Some(colour::PATH),
        Mark::Dead => Some(colour::DEAD),
    }
}

/// A sequential palette (viridis stops) for distance colouring, `t` in 0..=1.
pub fn gradient(t: f32) -> [u8; 4] {
    const STOPS: [[f32; 3]; 5] = [
        [68.0, 1.0, 84.0],
        [59.0, 82.0, 139.0],
        [33.0, 145.0, 140.0],
        [94.0, 201.0, 98.0],
        [253.0, 231.0, 37.0],
    ];
    let t = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f32;
    let i = (t as usize).min(STOPS.len() - 2);
    let f = t - i as f32;
    let mix = |k: usize| (STOPS[i][k] + (STOPS[i + 1][k] - STOPS[i][k]) * f) as u8;
    [mix(0), mix(1), mix(2), 0xff]
}

/// A rectangle of pixels: `x0..x1` by `y0..y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
}

/// A maze being watched: its walls, marks, cursor and how to colour it.
pub struct Scene {
    pub grid: Grid,
    pub marks: Vec<Mark>,
    pub cursor: Option<Cell>,
    pub done: bool,
    /// Cells of wall-building algorithms are open from the start.
    pub starts_open: bool,
    /// Distances for distance colouring, and the largest one.
    pub distances: Option<(Vec<u32>, u32)>,
}

impl Scene {
    /// A blank scene on the algorithm's initial grid.
    pub fn new(grid: Grid, starts_open: bool) -> Scene {
        let cells = grid.cells() as usize;
        Scene {
            grid,
            marks: vec![Mark::Blank; cells],
            cursor: None,
            done: false,
            starts_open,
            distances: None,
        }
    }

    /// Applies one event; returns the cells whose look changed (up to two).
    #[inline]
    pub fn apply(&mut self, event: &Event) -> [Option<Cell>; 2] {
        match *event {
            Event::Carve(a, b) | Event::Build(a, b) => {
                self.grid.apply(event);
                [Some(a), Some(b)]
            }
            Event::Mark(cell, mark) => {
                self.marks[cell as usize] = mark;
                [Some(cell), None]
            }
            Event::Cursor(cell) => [self.cursor.replace(cell), Some(cell)],
            Event::Done => {
                self.done = true;
                [None, None]
            }
        }
    }

    /// The colour of a cell's square.
    #[inline]
    pub fn cell_colour(&self, cell: Cell) -> [u8; 4] {
        if !self.done {
            if self.cursor == Some(cell) {
                return colour::CURSOR;
            }
            if let Some(c) = mark_colour(self.marks[cell as usize]) {
                return c;
            }
        }
        if let Some((dist, max)) = &self.distances {
            let d = dist[cell as usize];
            if d != crate::analyze::UNREACHABLE {
                return gradient(d as f32 / (*max).max(1) as f32);
            }
        }
        if self.done || self.starts_open || self.grid.degree(cell) > 0 {
            colour::PASSAGE
        } else {
            colour::SOLID
        }
    }
}

/// An RGBA buffer and the rectangle painted since it was last taken: what
/// both the maze and the overlay above it hand to their canvases.
pub struct Raster {
    pub width: u32,
    pub height: u32,
    rgba: Vec<u8>,
    dirty: Option<Rect>,
}

impl Raster {
    /// A transparent buffer (zeroed pages cost nothing up front, which
    /// matters at 4096 x 4096, where a picture is 268 MB).
    pub fn new(width: u32, height: u32) -> Raster {
        Raster {
            width,
            height,
            rgba: vec![0; (width * height * 4) as usize],
            dirty: None,
        }
    }

    pub fn rgba(&self) -> &[u8] {
        &self.rgba
    }

    /// The rectangle changed since the last call, if any.
    pub fn take_dirty(&mut self) -> Option<Rect> {
        self.dirty.take()
    }

    /// Fills a rectangle with one colour and adds it to the dirty rectangle.
    pub fn fill(&mut self, x0: u32, y0: u32, w: u32, h: u32, c: [u8; 4]) {
        for y in y0..y0 + h {
            let row = ((y * self.width + x0) * 4) as usize;
            fill_run(&mut self.rgba[row..row + (w * 4) as usize], c);
        }
        self.mark_dirty(Rect {
            x0,
            y0,
            x1: x0 + w,
            y1: y0 + h,
        });
    }

    fn mark_dirty(&mut self, r: Rect) {
        self.dirty = Some(match self.dirty {
            None => r,
            Some(d) => Rect {
                x0: d.x0.min(r.x0),
                y0: d.y0.min(r.y0),
                x1: d.x1.max(r.x1),
                y1: d.y1.max(r.y1),
            },
        });
    }

    /// Sets every pixel transparent.
    pub fn clear(&mut self) {
        self.rgba.fill(0);
        self.mark_dirty(Rect {
            x0: 0,
            y0: 0,
            x1: self.width,
            y1: self.height,
        });
    }

    /// The RGBA bytes of a rectangle, row by row, into `out` (reused).
    pub fn copy_rect(&self, r: Rect, out: &mut Vec<u8>) {
        out.clear();
        for y in r.y0..r.y1 {
            let start = ((y * self.width + r.x0) * 4) as usize;
            out.extend_from_slice(&self.rgba[start..start + ((r.x1 - r.x0) * 4) as usize]);
        }
    }
}

/// Where cells sit in a picture: `s x s` squares, 1-pixel walls between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub dims: Dims,
    /// The side of a cell's square, in pixels.
    pub cell_px: u32,
}

impl Layout {
    /// The largest square side (1 to 16 px) at which the maze fits the box.
    pub fn to_fit(dims: Dims, max_width: u32, max_height: u32) -> Layout {
        let by_w = max_width.saturating_sub(1) / dims.width;
        let by_h = max_height.saturating_sub(1) / dims.height;
        Layout {
            dims,
            cell_px: by_w.min(by_h).saturating_sub(1).clamp(1, 16),
        }
    }

    pub fn width(self) -> u32 {
        self.dims.width * (self.cell_px + 1) + 1
    }

    pub fn height(self) -> u32 {
        self.dims.height * (self.cell_px + 1) + 1
    }

    /// The top-left pixel of a cell's square.
    pub fn origin(self, cell: Cell) -> (u32, u32) {
        let (x, y) = self.dims.xy(cell);
        (x * (self.cell_px + 1) + 1, y * (self.cell_px + 1) + 1)
    }

    /// The cell under a pixel, or `None` for walls and outside.
    pub fn cell_at(self, px: u32, py: u32) -> Option<Cell> {
        let step = self.cell_px + 1;
        if px >= self.width() || py >= self.height() || px % step == 0 || py % step == 0 {
            return None;
        }
        Some(self.dims.at(px / step, py / step))
    }

    /// The cell nearest a pixel inside the picture (walls included), or `None` outside.
    pub fn nearest_cell(self, px: u32, py: u32) -> Option<Cell> {
        if px >= self.width() || py >= self.height() {
            return None;
        }
        let step = self.cell_px + 1;
        let x = (px.saturating_sub(1) / step).min(self.dims.width - 1);
        let y = (py.saturating_sub(1) / step).min(self.dims.height - 1);
        Some(self.dims.at(x, y))
    }
}

/// The maze's picture: walls, passages and the generator's marks.
pub struct Pixels {
    layout: Layout,
    raster: Raster,
    pub width: u32,
    pub height: u32,
}

impl Pixels {
    /// The largest square side (1 to 16 px) at which the maze fits the box.
    pub fn cell_px_to_fit(dims: Dims, max_width: u32, max_height: u32) -> u32 {
        Layout::to_fit(dims, max_width, max_height).cell_px
    }

    /// A blank picture for `dims` with `cell_px`-pixel squares; nothing is
    /// shown until `paint_all`.
    pub fn new(dims: Dims, cell_px: u32) -> Pixels {
        let layout = Layout { dims, cell_px };
        Pixels {
            layout,
            raster: Raster::new(layout.width(), layout.height()),
            width: layout.width(),
            height: layout.height(),
        }
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    pub fn cell_px(&self) -> u32 {
        self.layout.cell_px
    }

    pub fn raster(&mut self) -> &mut Raster {
        &mut self.raster
    }

    pub fn rgba(&self) -> &[u8] {
        self.raster.rgba()
    }

    /// The rectangle changed since the last call, if any.
    pub fn take_dirty(&mut self) -> Option<Rect> {
        self.raster.take_dirty()
    }

    /// The cell under a pixel, or `None` for walls and outside.
    pub fn cell_at(&self, px: u32, py: u32) -> Option<Cell> {
        self.layout.cell_at(px, py)
    }

    fn fill(&mut self, x0: u32, y0: u32, w: u32, h: u32, c: [u8; 4]) {
        self.raster.fill(x0, y0, w, h, c);
    }

    /// Repaints a cell's square and the four wall lines around it.
    pub fn paint_cell(&mut self, scene: &Scene, cell: Cell) {
        let s = self.layout.cell_px;
        let (px, py) = self.layout.origin(cell);
        let here = scene.cell_colour(cell);
        self.fill(px, py, s, s, here);
        for dir in Dir::ALL {
            let Some(other) = self.layout.dims.step(cell, dir) else {
                continue;
            };
            let c = if scene.grid.is_open(cell, dir) {
                // An opening between two colours takes their mean, so marks
                // and distance gradients read as continuous corridors.
                let there = scene.cell_colour(other);
                std::array::from_fn(|i| ((u16::from(here[i]) + u16::from(there[i])) / 2) as u8)
            } else {
                colour::WALL
            };
            match dir {
                Dir::N => self.fill(px, py - 1, s, 1, c),
                Dir::S => self.fill(px, py + s, s, 1, c),
                Dir::W => self.fill(px - 1, py, 1, s, c),
                Dir::E => self.fill(px + s, py, 1, s, c),
            }
        }
    }

    /// Repaints everything (reset, resize, instant finish) row by row: each
    /// cell's colour is computed once and each pixel written once, which is
    /// several times faster than `paint_cell` over every cell.
    pub fn paint_all(&mut self, scene: &Scene) {
        let dims = self.layout.dims;
        let (w, h) = (dims.width, dims.height);
        let s = self.layout.cell_px as usize;
        let stride = self.width as usize * 4;
        let mut above: Vec<[u8; 4]> = Vec::with_capacity(w as usize);
        let mut row: Vec<[u8; 4]> = Vec::with_capacity(w as usize);
        let rgba = &mut self.raster.rgba;
        let mix = |a: [u8; 4], b: [u8; 4]| -> [u8; 4] {
            std::array::from_fn(|i| ((u16::from(a[i]) + u16::from(b[i])) / 2) as u8)
        };
        for y in 0..=h {
            std::mem::swap(&mut above, &mut row);
            row.clear();
            if y < h {
                row.extend((0..w).map(|x| scene.cell_colour(dims.at(x, y))));
            }
            // The wall line above cell row y (the bottom border when y == h).
            let line = (y as usize * (s + 1)) * stride;
            let mut px = line;
            for x in 0..w as usize {
                put(&mut rgba[px..px + 4], colour::WALL);
                px += 4;
                let cell = dims.at(x as u32, y.min(h - 1));
                let c = if y > 0 && y < h && scene.grid.is_open(cell, Dir::N) {
                    mix(above[x], row[x])
                } else {
                    colour::WALL
                };
                fill_run(&mut rgba[px..px + 4 * s], c);
                px += 4 * s;
            }
            put(&mut rgba[px..px + 4], colour::WALL);
            if y == h {
                break;
            }
            // The first pixel row of the cells, then copied down s - 1 times.
            let first = line + stride;
            let mut px = first;
            for x in 0..w as usize {
                let cell = dims.at(x as u32, y);
                let c = if x > 0 && scene.grid.is_open(cell, Dir::W) {
                    mix(row[x - 1], row[x])
                } else {
                    colour::WALL
                };
                put(&mut rgba[px..px + 4], c);
                px += 4;
                fill_run(&mut rgba[px..px + 4 * s], row[x]);
                px += 4 * s;
            }
            put(&mut rgba[px..px + 4], colour::WALL);
            for k in 1..s {
                rgba.copy_within(first..first + stride, first + k * stride);
            }
        }
        self.raster.mark_dirty(Rect {
            x0: 0,
            y0: 0,
            x1: self.width,
            y1: self.height,
        });
    }
}

#[inline]
fn put(px: &mut [u8], c: [u8; 4]) {
    px.copy_from_slice(&c);
}

#[inline]
fn fill_run(run: &mut [u8], c: [u8; 4]) {
    for px in run.chunks_exact_mut(4) {
        px.copy_from_slice(&c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_carved_passage_shows_as_light_pixels_between_walls() {
        let dims = Dims::new(2, 1).unwrap();
        let mut scene = Scene::new(Grid::closed(dims), false);
        let mut pixels = Pixels::new(dims, 2);
        assert_eq!((pixels.width, pixels.height), (7, 4));
        assert_eq!(pixels.take_dirty(), None, "nothing is painted yet");
        pixels.paint_all(&scene);
        let at =
            |p: &Pixels, x: u32, y: u32| p.rgba()[((y * p.width + x) * 4) as usize..][..4].to_vec();
        assert_eq!(at(&pixels, 1, 1), colour::SOLID);
        for changed in scene.apply(&Event::Carve(0, 1)).into_iter().flatten() {
            pixels.paint_cell(&scene, changed);
        }
        assert_eq!(at(&pixels, 1, 1), colour::PASSAGE);
        assert_eq!(at(&pixels, 3, 1), colour::PASSAGE, "the opened wall");
        assert_eq!(at(&pixels, 0, 1), colour::WALL, "the border");
        assert_eq!(at(&pixels, 3, 0), colour::WALL, "a lattice point");
        assert_eq!(pixels.cell_at(4, 2), Some(1));
        assert_eq!(pixels.cell_at(3, 2), None);
    }

    #[test]
    fn painting_everything_at_once_matches_painting_cell_by_cell() {
        use crate::generate::{Generator, Params};
        for (name, cell_px, stop) in [
            ("wilson", 1, 300),
            ("recursive-division", 3, 40),
            ("prim", 2, usize::MAX),
        ] {
            let dims = Dims::new(9, 7).unwrap();
            let algorithm = crate::generate::find(name).unwrap();
            let mut generator = Generator::new(algorithm, Params::new(dims, 2), true);
            let mut scene = Scene::new(generator.initial_grid(), algorithm.starts_open);
            let mut by_cell = Pixels::new(dims, cell_px);
            by_cell.paint_all(&scene);
            for event in generator.by_ref().take(stop) {
                for cell in scene.apply(&event).into_iter().flatten() {
                    by_cell.paint_cell(&scene, cell);
                }
            }
            if scene.done {
                for cell in 0..dims.cells() {
                    by_cell.paint_cell(&scene, cell);
                }
            }
            let mut at_once = Pixels::new(dims, cell_px);
            at_once.paint_all(&scene);
            assert!(
                at_once.rgba() == by_cell.rgba(),
                "{name}: the two paintings differ"
            );
        }
    }

    #[test]
    fn squares_shrink_to_fit_and_never_below_one_pixel() {
        let dims = Dims::new(100, 50).unwrap();
        assert_eq!(Pixels::cell_px_to_fit(dims, 801, 801), 7);
        assert_eq!(
            Pixels::cell_px_to_fit(Dims::new(4096, 4096).unwrap(), 800, 600),
            1
        );
    }
}
