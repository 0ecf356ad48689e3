//! The maze's picture in a canvas-sized RGBA buffer, painted cell by cell:
//! what the browser canvas shows, computed in Rust so a frame crosses to
//! JavaScript once per dirty band, as `putImageData`.
//!
//! The [`Layout`] says where the maze sits (zoom and pan). Only cells on
//! screen are painted; painting everything costs the canvas' size, not the
//! maze's, so zooming a 4096 x 4096 maze is one screen-sized repaint.

use super::glyph;
use super::layout::{Layout, Samples};
use super::palette::{mix, Palette, Rgba, LIGHT};
use super::raster::{fill_run, Raster, Rect};
use super::scene::{sampled_table, Scene};
use super::tile_paint;
use super::tiles::{CellGeometry, TileMap};
use crate::shape::{Cell, Dir};
use std::sync::Arc;

/// Below this many pixels a woven cell is drawn plainly (no room to inset).
const MIN_WOVEN_CELL_PX: i64 = 6;

/// The maze's pixels in one canvas.
pub struct Pixels {
    layout: Layout,
    raster: Raster,
    palette: &'static Palette,
    /// The sampled regime's pixel-to-cell tables (empty in the lattice one).
    samples: Samples,
    /// One pixel row of the picture, reused by `paint_all`.
    line: Vec<u8>,
    /// Shapes other than the plain square are painted from their map.
    map: Option<Arc<TileMap>>,
    geometry: CellGeometry,
}

impl Pixels {
    /// A transparent canvas for `layout`; nothing is shown until `paint_all`.
    pub fn new(layout: Layout) -> Pixels {
        Pixels {
            layout,
            raster: Raster::new(layout.width, layout.height),
            palette: &LIGHT,
            samples: Samples::for_layout(&layout),
            line: Vec::new(),
            map: None,
            geometry: CellGeometry::default(),
        }
    }

    /// Paints from a shape's map (its layout becomes this picture's), or
    /// with `None` as a plain square again.
    pub fn set_map(&mut self, map: Option<Arc<TileMap>>) {
        if let Some(m) = &map {
            self.set_layout(m.layout);
        }
        self.map = map;
    }

    /// Where the maze sits on the canvas.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Moves, zooms or resizes the picture (the caller repaints all).
    pub fn set_layout(&mut self, layout: Layout) {
        if (layout.width, layout.height) != (self.raster.width, self.raster.height) {
            self.raster = Raster::new(layout.width, layout.height);
        }
        self.layout = layout;
        self.samples = Samples::for_layout(&layout);
    }

    /// Paints in `palette`'s colours from now on.
    pub fn set_palette(&mut self, palette: &'static Palette) {
        self.palette = palette;
    }

    /// The colours it paints in.
    pub fn palette(&self) -> &'static Palette {
        self.palette
    }

    /// The pixels, for the page to copy out.
    pub fn raster(&mut self) -> &mut Raster {
        &mut self.raster
    }

    /// The canvas's RGBA bytes.
    pub fn rgba(&self) -> &[u8] {
        self.raster.rgba()
    }

    /// The canvas width in pixels.
    pub fn width(&self) -> u32 {
        self.raster.width
    }

    /// The canvas height in pixels.
    pub fn height(&self) -> u32 {
        self.raster.height
    }

    /// The rectangles changed since the last call.
    pub fn take_dirty(&mut self) -> Vec<Rect> {
        self.raster.take_dirty()
    }

    /// Repaints one cell: its square and the walls around it, or in the
    /// sampled regime the pixels that show it.
    pub fn paint_cell(&mut self, scene: &Scene, cell: Cell) {
        if let Some(map) = &self.map {
            let (raster, geometry) = (&mut self.raster, &mut self.geometry);
            tile_paint::paint_maze_cell(map, raster, geometry, scene, self.palette, cell);
        } else if self.layout.is_lattice() {
            self.paint_lattice_cell(scene, cell);
        } else {
            self.paint_sampled_cell(scene, cell);
        }
    }

    fn paint_lattice_cell(&mut self, scene: &Scene, cell: Cell) {
        let Some((px, py, s, t)) = self.layout.lattice_cell(cell) else {
            return;
        };
        if scene.grid.is_woven() && s >= MIN_WOVEN_CELL_PX {
            self.paint_woven_cell(scene, cell, (px, py, s, t));
        } else {
            self.paint_plain_cell(scene, cell, (px, py, s, t));
        }
        if self.palette.patterns {
            self.paint_glyph(scene, cell, (px, py, s));
        }
    }

    /// The patterns mode's shape for the cell's mark, if it has one and the
    /// cell is big enough to show it.
    fn paint_glyph(&mut self, scene: &Scene, cell: Cell, (px, py, s): (i64, i64, i64)) {
        if s < glyph::MIN_CELL_PX {
            return;
        }
        if let Some(g) = scene.cell_glyph(cell) {
            let ink = glyph::ink(scene.cell_colour(self.palette, cell));
            self.raster.glyph(px, py, s, g, ink);
        }
    }

    /// Every visible cell's glyph, after a whole repaint (patterns mode).
    fn paint_glyphs(&mut self, scene: &Scene) {
        if !self.palette.patterns || scene.is_done() {
            return;
        }
        let dims = self.layout.dims;
        let (x0, x1, y0, y1) = self.layout.visible();
        for y in y0..y1 {
            for x in x0..x1 {
                let cell = dims.at(x, y);
                if let Some((px, py, s, _)) = self.layout.lattice_cell(cell) {
                    self.paint_glyph(scene, cell, (px, py, s));
                }
            }
        }
    }

    /// A cell's square and the walls round it, each opening the mean of
    /// the two cells' colours.
    fn paint_plain_cell(
        &mut self,
        scene: &Scene,
        cell: Cell,
        (px, py, s, t): (i64, i64, i64, i64),
    ) {
        let dims = self.layout.dims;
        let palette = self.palette;
        let here = scene.cell_colour(palette, cell);
        self.raster.fill(px, py, s, s, here);
        for dir in Dir::ALL {
            let Some(other) = dims.step(cell, dir) else {
                continue;
            };
            let c = if scene.grid.is_open(cell, dir) {
                // An opening between two colours takes their mean, so marks
                // and distance gradients read as continuous corridors.
                mix(here, scene.cell_colour(palette, other))
            } else {
                palette.wall
            };
            match dir {
                Dir::N => self.raster.fill(px, py - t, s, t, c),
                Dir::S => self.raster.fill(px, py + s, s, t, c),
                Dir::W => self.raster.fill(px - t, py, t, s, c),
                Dir::E => self.raster.fill(px + s, py, t, s, c),
            }
        }
    }

    /// A woven maze's cell, inset as Buck draws weaves: a passage half the
    /// cell wide with necks out through its open sides (and tunnel mouths);
    /// a cell with a tunnel under it draws its own passage's walls across
    /// the tunnel's necks, so the lower passage is seen to go beneath.
    fn paint_woven_cell(
        &mut self,
        scene: &Scene,
        cell: Cell,
        (px, py, s, t): (i64, i64, i64, i64),
    ) {
        use crate::grid::{UNDER_EW, UNDER_NS};
        let grid = &scene.grid;
        let palette = self.palette;
        let here = scene.cell_colour(palette, cell);
        let i = s / 4;
        let r = &mut self.raster;
        // The square and its four wall strips start as wall.
        r.fill(px - t, py - t, s + 2 * t, s + 2 * t, palette.wall);
        r.fill(px + i, py + i, s - 2 * i, s - 2 * i, here);
        let under = grid.raw()[cell as usize] & (UNDER_EW | UNDER_NS);
        for dir in Dir::ALL {
            if !grid.is_open(cell, dir) && !grid.tunnel_mouth(cell, dir) {
                continue;
            }
            // The neck, through the wall strip to the neighbour's.
            match dir {
                Dir::N => r.fill(px + i, py - t, s - 2 * i, i + t, here),
                Dir::S => r.fill(px + i, py + s - i, s - 2 * i, i + t, here),
                Dir::W => r.fill(px - t, py + i, i + t, s - 2 * i, here),
                Dir::E => r.fill(px + s - i, py + i, i + t, s - 2 * i, here),
            }
            let tunnel = match dir {
                Dir::E | Dir::W => under & UNDER_EW != 0,
                Dir::N | Dir::S => under & UNDER_NS != 0,
            };
            if tunnel {
                // This cell's own passage wall, across the tunnel's neck.
                match dir {
                    Dir::N => r.fill(px + i, py + i, s - 2 * i, t, palette.wall),
                    Dir::S => r.fill(px + i, py + s - i - t, s - 2 * i, t, palette.wall),
                    Dir::W => r.fill(px + i, py + i, t, s - 2 * i, palette.wall),
                    Dir::E => r.fill(px + s - i - t, py + i, t, s - 2 * i, palette.wall),
                }
            }
        }
    }

    fn paint_sampled_cell(&mut self, scene: &Scene, cell: Cell) {
        if let Some((x, y, w, h)) = self.samples.span(self.layout.dims, cell) {
            let c = scene.sampled_colour(self.palette, cell);
            self.raster.fill(x, y, w, h, c);
        }
    }

    /// Repaints everything on screen (reset, zoom, pan, resize, instant
    /// finish, theme). Off the maze the canvas is transparent, so the page's
    /// background shows.
    pub fn paint_all(&mut self, scene: &Scene) {
        if let Some(map) = &self.map {
            tile_paint::paint_maze(map, &mut self.raster, scene, self.palette);
            return;
        }
        self.raster.clear([0; 4]);
        if self.layout.is_lattice() && scene.grid.is_woven() {
            // Woven mazes paint cell by cell (the row builder knows no
            // tunnels); they are small enough to.
            let (x0, x1, y0, y1) = self.layout.visible();
            let dims = self.layout.dims;
            for y in y0..y1 {
                for x in x0..x1 {
                    self.paint_lattice_cell(scene, dims.at(x, y));
                }
            }
            return;
        }
        if self.layout.is_lattice() {
            self.paint_all_lattice(scene);
            self.paint_glyphs(scene);
        } else {
            self.paint_all_sampled(scene);
        }
    }

    /// Each pixel row is the cells its row samples: colours come from a
    /// four-entry table per cell colour (the table is `sampled_colour`'s
    /// four results for the east and south wall bits), and a pixel row that
    /// samples the same cell row as the one above is a copy of it.
    fn paint_all_sampled(&mut self, scene: &Scene) {
        let dims = self.layout.dims;
        let (w, h) = (dims.width as i32, dims.height as i32);
        let width = self.raster.width as usize;
        let stride = width * 4;
        let palette = self.palette;
        let Samples { rows, columns } = std::mem::take(&mut self.samples);
        let first_col = columns.iter().position(|&c| c >= 0).unwrap_or(width);
        let last_col = columns.iter().rposition(|&c| c < w).map_or(0, |i| i + 1);
        let bits = scene.grid.raw();
        let mut tables: (Option<Rgba>, [Rgba; 4]) = (None, [[0; 4]; 4]);
        let mut previous: Option<(i32, usize)> = None;
        let rgba = self.raster.rgba_mut();
        for (py, &y) in rows.iter().enumerate() {
            if y < 0 || y >= h || first_col >= last_col {
                continue;
            }
            let line = py * stride;
            if let Some((_, at)) = previous.filter(|&(row, _)| row == y) {
                rgba.copy_within(at + first_col * 4..at + last_col * 4, line + first_col * 4);
                continue;
            }
            previous = Some((y, line));
            let row_start = dims.at(0, y as u32);
            let out = &mut rgba[line + first_col * 4..line + last_col * 4];
            let cols = &columns[first_col..last_col];
            paint_sampled_row(scene, palette, bits, row_start, cols, out, &mut tables);
        }
        self.samples = Samples { columns, rows };
    }

    /// Row by row: each visible cell's colour is computed once and each
    /// pixel written once; the first pixel row of a cell row is built in a
    /// line buffer in picture coordinates and copied, clipped, `s` times.
    fn paint_all_lattice(&mut self, scene: &Scene) {
        let l = self.layout;
        let dims = l.dims;
        let (x0, x1, y0, y1) = l.visible();
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let palette = self.palette;
        let s = l.cell_px() as usize;
        let t = l.wall_px() as usize;
        let p = s + t;
        let cols = (x1 - x0) as usize;
        // The line spans picture columns from the west wall of x0 to the
        // east wall of x1 - 1; it starts at canvas x = lx.
        let line_px = cols * p + t;
        let lx = l.ox as i64 + (x0 as usize * p) as i64;
        let width = i64::from(self.raster.width);
        let (clip0, clip1) = (lx.max(0), (lx + line_px as i64).min(width));
        if clip0 >= clip1 {
            return;
        }
        let mut line = std::mem::take(&mut self.line);
        let mut above: Vec<Rgba> = Vec::with_capacity(cols);
        let mut row: Vec<Rgba> = Vec::with_capacity(cols);
        let stride = self.raster.width as usize * 4;
        let height = i64::from(self.raster.height);
        let (src0, src1) = (((clip0 - lx) * 4) as usize, ((clip1 - lx) * 4) as usize);
        let dst0 = (clip0 * 4) as usize;
        let rgba = self.raster.rgba_mut();
        let put_rows = |line: &[u8], top: i64, count: usize, rgba: &mut [u8]| {
            for k in 0..count as i64 {
                let y = top + k;
                if (0..height).contains(&y) {
                    let at = y as usize * stride + dst0;
                    rgba[at..at + (src1 - src0)].copy_from_slice(&line[src0..src1]);
                }
            }
        };
        line.resize(line_px * 4, 0);
        for y in y0..=y1 {
            std::mem::swap(&mut above, &mut row);
            row.clear();
            if y < y1 {
                row.extend((x0..x1).map(|x| scene.cell_colour(palette, dims.at(x, y))));
            }
            // The wall line above cell row y (below the last visible row when y == y1).
            let top = l.oy as i64 + (y as usize * p) as i64;
            let mut at = 0;
            for i in 0..cols {
                fill_run(&mut line[at..at + 4 * t], palette.wall);
                at += 4 * t;
                let open =
                    y > y0 && y < y1 && scene.grid.is_open(dims.at(x0 + i as u32, y), Dir::N);
                let c = if open {
                    mix(above[i], row[i])
                } else {
                    palette.wall
                };
                fill_run(&mut line[at..at + 4 * s], c);
                at += 4 * s;
            }
            fill_run(&mut line[at..at + 4 * t], palette.wall);
            // A row above the first visible one (y0 > 0) keeps its wall line
            // from the cells' own colours: paint it from the real neighbours.
            if y == y0 && y0 > 0 {
                let mut at = 0;
                for (i, &here) in row.iter().enumerate() {
                    at += 4 * t;
                    let cell = dims.at(x0 + i as u32, y);
                    if scene.grid.is_open(cell, Dir::N) {
                        let north = scene.cell_colour(palette, cell - dims.width);
                        fill_run(&mut line[at..at + 4 * s], mix(north, here));
                    }
                    at += 4 * s;
                }
            }
            if y == y1 && y1 < dims.height {
                let mut at = 0;
                for (i, &up) in above.iter().enumerate() {
                    at += 4 * t;
                    let cell = dims.at(x0 + i as u32, y);
                    if scene.grid.is_open(cell, Dir::N) {
                        let here = scene.cell_colour(palette, cell);
                        fill_run(&mut line[at..at + 4 * s], mix(up, here));
                    }
                    at += 4 * s;
                }
            }
            put_rows(&line, top, t, rgba);
            if y == y1 {
                break;
            }
            // The cells' first pixel row.
            let mut at = 0;
            for i in 0..cols {
                let x = x0 + i as u32;
                let cell = dims.at(x, y);
                let c = if i > 0 && scene.grid.is_open(cell, Dir::W) {
                    mix(row[i - 1], row[i])
                } else if i == 0 && x > 0 && scene.grid.is_open(cell, Dir::W) {
                    mix(scene.cell_colour(palette, cell - 1), row[i])
                } else {
                    palette.wall
                };
                fill_run(&mut line[at..at + 4 * t], c);
                at += 4 * t;
                fill_run(&mut line[at..at + 4 * s], row[i]);
                at += 4 * s;
            }
            let last = dims.at(x1 - 1, y);
            let c = if x1 < dims.width && scene.grid.is_open(last, Dir::E) {
                mix(row[cols - 1], scene.cell_colour(palette, last + 1))
            } else {
                palette.wall
            };
            fill_run(&mut line[at..at + 4 * t], c);
            put_rows(&line, top + t as i64, s, rgba);
        }
        self.line = line;
    }
}

/// One pixel row of `paint_all_sampled`: the cells `columns` samples in
/// the cell row from `row_start`, into `out` (four bytes a pixel); `tables`
/// is the last colour's four-entry table, kept from row to row.
///
/// A function of its own, called once a pixel row, for the browser's sake:
/// V8 runs a wasm function in its baseline code until an optimized version
/// is ready and swaps it in only between calls, so a whole picture painted
/// in one call runs in the baseline code throughout on a first visit; a
/// row's function is optimized after a few rows.
#[inline(never)]
fn paint_sampled_row(
    scene: &Scene,
    palette: &Palette,
    bits: &[u8],
    row_start: Cell,
    columns: &[i32],
    out: &mut [u8],
    tables: &mut (Option<Rgba>, [Rgba; 4]),
) {
    let (table_for, table) = tables;
    for (&column, pixel) in columns.iter().zip(out.chunks_exact_mut(4)) {
        let cell = row_start + column as u32;
        let here = scene.cell_colour(palette, cell);
        if *table_for != Some(here) {
            *table_for = Some(here);
            *table = sampled_table(palette, here);
        }
        pixel.copy_from_slice(&table[(bits[cell as usize] & 3) as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;
    use crate::grid::Grid;
    use crate::render::canvas::palette::{DARK, DARK_PATTERNED, LIGHT_PATTERNED};
    use crate::render::canvas::scene::colour;
    use crate::shape::Dims;

    fn at(p: &Pixels, x: u32, y: u32) -> Rgba {
        p.raster.pixel(x, y)
    }

    #[test]
    fn a_carved_passage_shows_as_light_pixels_between_walls() {
        let dims = Dims::new(2, 1).unwrap();
        let mut scene = Scene::new(Grid::closed(dims), false);
        let layout = Layout {
            dims,
            units: (f64::from(dims.width), f64::from(dims.height)),
            width: 7,
            height: 4,
            pitch: 3.0,
            ox: 0.0,
            oy: 0.0,
        };
        let mut pixels = Pixels::new(layout);
        assert!(pixels.take_dirty().is_empty(), "nothing is painted yet");
        pixels.paint_all(&scene);
        assert_eq!(at(&pixels, 1, 1), colour::SOLID);
        for changed in scene.apply(&Event::Carve(0, 1)).into_iter().flatten() {
            pixels.paint_cell(&scene, changed);
        }
        assert_eq!(at(&pixels, 1, 1), colour::PASSAGE);
        assert_eq!(at(&pixels, 3, 1), colour::PASSAGE, "the opened wall");
        assert_eq!(at(&pixels, 0, 1), colour::WALL, "the border");
        assert_eq!(at(&pixels, 3, 0), colour::WALL, "a lattice point");
    }

    /// Paints a run of `stop` events cell by cell and checks that painting
    /// everything at once gives the same pixels.
    fn check_painters_agree(name: &str, layout: Layout, stop: usize, palette: &'static Palette) {
        use crate::generate::{Generator, Params};
        let dims = layout.dims;
        let algorithm = crate::generate::find(name).unwrap();
        let mut generator = Generator::new(algorithm, Params::new(dims, 2), true);
        let mut scene = Scene::new(generator.initial_grid(), algorithm.starts_open);
        let mut by_cell = Pixels::new(layout);
        by_cell.set_palette(palette);
        by_cell.paint_all(&scene);
        for event in generator.by_ref().take(stop) {
            for cell in scene.apply(&event).into_iter().flatten() {
                by_cell.paint_cell(&scene, cell);
            }
        }
        if scene.is_done() {
            for cell in 0..dims.cells() {
                by_cell.paint_cell(&scene, cell);
            }
        }
        let mut at_once = Pixels::new(layout);
        at_once.set_palette(palette);
        at_once.paint_all(&scene);
        assert!(
            at_once.rgba() == by_cell.rgba(),
            "{name} at {layout:?}: the two paintings differ"
        );
        let painted = at_once
            .rgba()
            .chunks_exact(4)
            .filter(|p| p[3] == 0xff)
            .count();
        assert!(
            painted > dims.cells() as usize / 2,
            "{name} at {layout:?}: little was painted"
        );
    }

    #[test]
    fn painting_everything_at_once_matches_painting_cell_by_cell_at_every_zoom() {
        let dims = Dims::new(9, 7).unwrap();
        for (name, stop) in [
            ("wilson", 300),
            ("recursive-division", 40),
            ("prim", usize::MAX),
        ] {
            let fit = Layout::fit(dims, 120, 90);
            for layout in [
                fit,
                fit.zoomed(3.0, 30.0, 20.0),
                fit.zoomed(3.0, 30.0, 20.0).panned(-37.0, 11.0),
                fit.zoomed(0.5, 60.0, 45.0),
                Layout::fit(dims, 12, 9),
                Layout::fit(dims, 17, 13).panned(3.0, -2.0),
            ] {
                for palette in [&LIGHT, &DARK, &LIGHT_PATTERNED, &DARK_PATTERNED] {
                    check_painters_agree(name, layout, stop, palette);
                }
            }
        }
    }

    #[test]
    fn the_patterns_mode_puts_each_marks_shape_in_its_cell() {
        use crate::generate::{Generator, Params};
        let dims = Dims::new(9, 7).unwrap();
        let algorithm = crate::generate::find("wilson").unwrap();
        let mut generator = Generator::new(algorithm, Params::new(dims, 2), true);
        let mut scene = Scene::new(generator.initial_grid(), algorithm.starts_open);
        for event in generator.by_ref().take(60) {
            scene.apply(&event);
        }
        let layout = Layout::fit(dims, 180, 140);
        let paint = |palette: &'static Palette| {
            let mut p = Pixels::new(layout);
            p.set_palette(palette);
            p.paint_all(&scene);
            p
        };
        let (plain, patterned) = (paint(&LIGHT), paint(&LIGHT_PATTERNED));
        let cursor = scene.cursor.expect("Wilson's walk has a head");
        let (px, py, s, _) = layout.lattice_cell(cursor).unwrap();
        let centre = |p: &Pixels| at(p, (px + s / 2) as u32, (py + s / 2) as u32);
        assert_eq!(centre(&plain), LIGHT.cursor);
        assert_eq!(centre(&patterned), glyph::ink(LIGHT.cursor), "the disc");
        // Beside the glyph the cell keeps its colour, and unmarked cells
        // are painted alike.
        assert_eq!(
            at(&patterned, (px + 1) as u32, (py + 1) as u32),
            LIGHT.cursor
        );
        let walk = (0..dims.cells())
            .find(|&c| {
                scene.marks[c as usize] == crate::event::Mark::Walk && Some(c) != scene.cursor
            })
            .expect("a walk behind the head");
        let (wx, wy, ws, _) = layout.lattice_cell(walk).unwrap();
        assert_eq!(
            at(&patterned, (wx + ws / 2) as u32, (wy + ws / 2) as u32),
            glyph::ink(LIGHT.walk),
            "the cross's middle"
        );
        let differing = plain
            .rgba()
            .chunks_exact(4)
            .zip(patterned.rgba().chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count();
        let marked = scene
            .marks
            .iter()
            .filter(|m| **m != crate::event::Mark::Blank)
            .count();
        assert!(
            differing >= marked * 4,
            "{differing} pixels differ for {marked} marked cells"
        );
    }

    #[test]
    fn a_big_maze_zoomed_out_costs_a_canvas_not_a_picture() {
        let dims = Dims::new(4096, 4096).unwrap();
        let pixels = Pixels::new(Layout::fit(dims, 800, 600));
        assert_eq!(pixels.rgba().len(), 800 * 600 * 4);
    }

    #[test]
    fn the_dark_theme_swaps_walls_and_passages() {
        let dims = Dims::new(3, 3).unwrap();
        let mut scene = Scene::new(Grid::open(dims), true);
        scene.set_done(true);
        let mut pixels = Pixels::new(Layout::fit(dims, 40, 40));
        pixels.set_palette(&DARK);
        pixels.paint_all(&scene);
        let (cx, cy) = pixels.layout().centre(4);
        assert_eq!(at(&pixels, cx as u32, cy as u32), DARK.passage);
        let l = pixels.layout();
        assert_eq!(at(&pixels, l.ox as u32, l.oy as u32), DARK.wall);
    }
}
