//! The solving layer: a transparent picture drawn over the maze, so a solver
//! or a player never forces a repaint of the maze itself.
//!
//! It is drawn so the walls stay readable: explored cells are a translucent
//! tint over the cell's square only; the final path and the player's trail
//! are bands a third of a cell wide through the cells' centres and the
//! openings between them; a solver's current path (its `Path` marks) shows
//! as dots on the same line. The start and goal markers sit on top of all.

use super::layout::{Layout, Samples};
use super::overlay_scene::{dir_bit, OverlayScene, ON};
use super::palette::{Palette, CLEAR, LIGHT};
use super::raster::Raster;
use super::tile_paint;
use super::tiles::{CellGeometry, TileMap};
use crate::event::Mark;
use crate::shape::{Cell, Dir};
use std::sync::Arc;

/// The overlay's pixels.
pub struct Overlay {
    layout: Layout,
    raster: Raster,
    palette: &'static Palette,
    samples: Samples,
    /// Shapes other than the plain square are painted from their map.
    map: Option<Arc<TileMap>>,
    geometry: CellGeometry,
}

impl Overlay {
    /// An empty overlay over a maze laid out as `layout`.
    pub fn new(layout: Layout) -> Overlay {
        let mut overlay = Overlay {
            layout,
            raster: Raster::new(layout.width, layout.height),
            palette: &LIGHT,
            samples: Samples::default(),
            map: None,
            geometry: CellGeometry::default(),
        };
        overlay.set_layout(layout);
        overlay
    }

    /// Paints from a shape's map (its layout becomes this picture's), or
    /// with `None` as a plain square again.
    pub fn set_map(&mut self, map: Option<Arc<TileMap>>) {
        if let Some(m) = &map {
            self.set_layout(m.layout);
        }
        self.map = map;
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

    /// The pixels, for the page to copy out.
    pub fn raster(&mut self) -> &mut Raster {
        &mut self.raster
    }

    /// Repaints a cell: its square, its bands, and the openings it owns
    /// (east and south), so a link is repainted with either of its cells.
    pub fn paint_cell(&mut self, scene: &OverlayScene, cell: Cell) {
        if let Some(map) = &self.map {
            let (raster, geometry) = (&mut self.raster, &mut self.geometry);
            tile_paint::paint_overlay_cell(map, raster, geometry, scene, self.palette, cell);
        } else if self.layout.is_lattice() {
            self.paint_lattice_cell(scene, cell);
        } else if let Some((x, y, w, h)) = self.samples.span(self.layout.dims, cell) {
            let c = scene.sampled_colour(self.palette, cell);
            self.raster.fill(x, y, w, h, c);
        }
    }

    fn paint_lattice_cell(&mut self, scene: &OverlayScene, cell: Cell) {
        let l = self.layout;
        let dims = l.dims;
        let Some((px, py, s, t)) = l.lattice_cell(cell) else {
            return;
        };
        let palette = self.palette;
        // The band: a third of the cell, centred (same parity as the cell).
        let mut b = ((s + 1) / 3).max(1);
        if (s - b) % 2 == 1 {
            b += 1;
        }
        let b = b.min(s);
        let o = (s - b) / 2;
        let r = &mut self.raster;
        r.fill(
            px,
            py,
            s,
            s,
            scene.square_colour(palette, cell).unwrap_or(CLEAR),
        );
        let east = dims.step(cell, Dir::E).is_some();
        let south = dims.step(cell, Dir::S).is_some();
        if east {
            r.fill(px + s, py, t, s, CLEAR);
        }
        if south {
            r.fill(px, py + s, s, t, CLEAR);
        }
        if scene.marks[cell as usize] == Mark::Path {
            r.fill(px + o, py + o, b, b, palette.path);
        }
        for (links, colour) in [
            (scene.path_links[cell as usize], palette.path),
            (scene.trail_links[cell as usize], palette.trail),
        ] {
            if links & ON == 0 {
                continue;
            }
            r.fill(px + o, py + o, b, b, colour);
            if links & dir_bit(Dir::N) != 0 {
                r.fill(px + o, py, b, o, colour);
            }
            if links & dir_bit(Dir::S) != 0 {
                r.fill(px + o, py + o + b, b, s - o - b, colour);
                r.fill(px + o, py + s, b, t, colour);
            }
            if links & dir_bit(Dir::W) != 0 {
                r.fill(px, py + o, o, b, colour);
            }
            if links & dir_bit(Dir::E) != 0 {
                r.fill(px + o + b, py + o, s - o - b, b, colour);
                r.fill(px + s, py + o, t, b, colour);
            }
        }
        if cell == scene.start || cell == scene.goal {
            let c = scene.square_colour(palette, cell).unwrap_or(CLEAR);
            r.fill(px, py, s, s, c);
        }
    }

    /// Repaints everything on screen.
    pub fn paint_all(&mut self, scene: &OverlayScene) {
        if let Some(map) = &self.map {
            let (raster, geometry) = (&mut self.raster, &mut self.geometry);
            tile_paint::paint_overlay(map, raster, geometry, scene, self.palette);
            return;
        }
        self.raster.clear(CLEAR);
        // Fast path: a new maze's overlay shows its ends and cursor only,
        // so painting every cell's "nothing" is skipped (a million of them
        // on a big square's first frame). Tested equal below.
        if let Some(cells) = scene.only_markers() {
            for cell in cells.into_iter().flatten() {
                self.paint_cell(scene, cell);
            }
            return;
        }
        self.paint_every_cell(scene);
    }

    /// Paints every visible cell the scene shows (the raster cleared).
    fn paint_every_cell(&mut self, scene: &OverlayScene) {
        let (x0, x1, y0, y1) = self.layout.visible();
        for y in y0..y1 {
            for x in x0..x1 {
                let cell = scene.dims.at(x, y);
                if scene.shows(cell) {
                    self.paint_cell(scene, cell);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;
    use crate::shape::Dims;

    #[test]
    fn the_trail_extends_and_retracts_and_markers_stay_on_top() {
        let dims = Dims::new(3, 1).unwrap();
        let mut scene = OverlayScene::new(dims, 0, 2);
        assert_eq!(scene.trail_step(0), vec![0]);
        assert_eq!(scene.trail_step(1), vec![0, 1]);
        assert!(scene.on_trail(1));
        assert_eq!(scene.trail_links[1], ON | dir_bit(Dir::W));
        assert_eq!(
            scene.square_colour(&LIGHT, 0),
            Some(LIGHT.start),
            "the start marker wins"
        );
        // Stepping back onto the cell before the head retracts the trail.
        assert_eq!(scene.trail_step(0), vec![1, 0]);
        assert_eq!(scene.trail, vec![0]);
        assert!(!scene.on_trail(1));
        assert_eq!(scene.trail_links[0], ON, "no link left from the start");
    }

    #[test]
    fn stepping_onto_any_earlier_cell_of_the_trail_retracts_to_it() {
        let dims = Dims::new(2, 2).unwrap();
        let mut scene = OverlayScene::new(dims, 0, 3);
        for cell in [0, 1, 3, 2] {
            scene.trail_step(cell);
        }
        // 2 touches 0, the start: the loop 0-1-3-2 closes and retracts.
        assert_eq!(scene.trail_step(0), vec![2, 3, 1, 0]);
        assert_eq!(scene.trail, vec![0]);
        assert!(!scene.on_trail(3));
        assert!(scene.trail_links.iter().skip(1).all(|&l| l == 0));
    }

    fn layout(dims: Dims, pitch: f64) -> Layout {
        Layout {
            dims,
            units: (f64::from(dims.width), f64::from(dims.height)),
            width: 200,
            height: 200,
            pitch,
            ox: 0.0,
            oy: 0.0,
        }
    }

    #[test]
    fn the_path_is_a_band_through_the_centres_that_leaves_the_walls_visible() {
        let dims = Dims::new(3, 3).unwrap();
        let l = layout(dims, 10.0); // 9-pixel cells, 1-pixel walls
        let mut scene = OverlayScene::new(dims, 8, 6);
        scene.set_path(&[0, 1, 4]);
        let mut overlay = Overlay::new(l);
        overlay.paint_all(&scene);
        let px = |o: &Overlay, x: i64, y: i64| o.raster.pixel(x as u32, y as u32);
        let (x1, y1) = l.origin(1);
        let (cx, cy) = (x1 + 4, y1 + 4);
        assert_eq!(px(&overlay, cx, cy), LIGHT.path, "the centre of cell 1");
        assert_eq!(
            px(&overlay, x1, y1),
            CLEAR,
            "the corner of a path cell stays clear"
        );
        assert_eq!(
            px(&overlay, x1 - 1, cy),
            LIGHT.path,
            "the opening from 0 to 1"
        );
        assert_eq!(
            px(&overlay, x1 - 1, y1),
            CLEAR,
            "the wall beside the opening shows"
        );
        assert_eq!(
            px(&overlay, cx, y1 + 9),
            LIGHT.path,
            "the opening from 1 down to 4"
        );
        assert_eq!(px(&overlay, x1 + 9, cy), CLEAR, "no band east of 1");
    }

    #[test]
    fn explored_cells_are_a_translucent_tint_on_the_square_only() {
        let dims = Dims::new(2, 1).unwrap();
        let l = layout(dims, 6.0);
        let mut scene = OverlayScene::new(dims, 1, 1);
        scene.apply(&Event::Mark(0, Mark::Explored));
        assert_eq!(scene.explored, 1);
        let mut overlay = Overlay::new(l);
        overlay.paint_all(&scene);
        let (x, y) = l.origin(0);
        let tint = overlay.raster.pixel(x as u32 + 2, y as u32 + 2);
        assert_eq!(tint, LIGHT.explored_tint);
        assert!(tint[3] < 0xff, "translucent");
        assert_eq!(
            overlay.raster.pixel(x as u32 - 1, y as u32),
            CLEAR,
            "the wall is untouched"
        );
    }

    #[test]
    fn painting_all_equals_painting_each_change() {
        let dims = Dims::new(6, 5).unwrap();
        for pitch in [1.3, 4.0, 11.0] {
            let l = Layout {
                dims,
                units: (f64::from(dims.width), f64::from(dims.height)),
                width: 70,
                height: 60,
                pitch,
                ox: 1.0,
                oy: 2.0,
            };
            let mut scene = OverlayScene::new(dims, 0, 29);
            let mut by_cell = Overlay::new(l);
            by_cell.paint_all(&scene);
            for event in [
                Event::Mark(1, Mark::Explored),
                Event::Cursor(2),
                Event::Mark(7, Mark::Path),
                Event::Cursor(8),
            ] {
                for c in scene.apply(&event).into_iter().flatten() {
                    by_cell.paint_cell(&scene, c);
                }
            }
            for c in scene.set_path(&[0, 1, 7, 13]) {
                by_cell.paint_cell(&scene, c);
            }
            for c in [6, 12, 18, 19] {
                for changed in scene.trail_step(c) {
                    by_cell.paint_cell(&scene, changed);
                }
            }
            for changed in scene.trail_step(12) {
                by_cell.paint_cell(&scene, changed);
            }
            let mut at_once = Overlay::new(l);
            at_once.paint_all(&scene);
            assert!(
                at_once.raster.rgba() == by_cell.raster.rgba(),
                "pitch {pitch}"
            );
        }
    }

    /// A new maze's overlay (ends and cursor only) painted by the fast path
    /// is the one every cell's look paints, at lattice and sampled pitches,
    /// zoomed so that some cells are off screen, and with the ends and the
    /// cursor on one cell.
    #[test]
    fn the_markers_only_fast_path_paints_what_every_cell_paints() {
        let dims = Dims::new(9, 7).unwrap();
        for pitch in [0.6, 1.0, 3.0, 7.0, 13.0] {
            let mut painted = 0;
            let l = Layout {
                dims,
                units: (f64::from(dims.width), f64::from(dims.height)),
                width: 50,
                height: 40,
                pitch,
                // Past the left edge when the cells are large.
                ox: if pitch < 2.0 { 1.0 } else { -4.0 },
                oy: 3.0,
            };
            for (start, goal, cursor) in [(0, 62, None), (10, 40, Some(33)), (5, 5, Some(5))] {
                let mut scene = OverlayScene::new(dims, start, goal);
                if let Some(c) = cursor {
                    scene.apply(&Event::Cursor(c));
                }
                assert!(scene.only_markers().is_some());
                let mut fast = Overlay::new(l);
                fast.paint_all(&scene);
                let mut every = Overlay::new(l);
                every.raster.clear(CLEAR);
                every.paint_every_cell(&scene);
                assert!(
                    fast.raster.rgba() == every.raster.rgba(),
                    "pitch {pitch}, ends {start} {goal}, cursor {cursor:?}"
                );
                painted += fast.raster.rgba().iter().filter(|&&b| b != 0).count();
            }
            assert!(painted > 0, "pitch {pitch}: some marker is on screen");
            // A mark, a path or a trail: every cell is looked at.
            let mut scene = OverlayScene::new(dims, 0, 62);
            scene.apply(&Event::Mark(4, Mark::Explored));
            assert!(scene.only_markers().is_none());
            let mut scene = OverlayScene::new(dims, 0, 62);
            scene.set_path(&[0, 1]);
            assert!(scene.only_markers().is_none());
            let mut scene = OverlayScene::new(dims, 0, 62);
            scene.trail_step(0);
            assert!(scene.only_markers().is_none());
        }
    }
}
