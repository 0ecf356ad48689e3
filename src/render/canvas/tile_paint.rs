//! Painting any shape from its [`TileMap`]: the maze's cells and walls, and
//! the overlay's tints and bands, one cell's pixels at a time.
//!
//! The same per-pixel rule serves painting one cell and painting all, so a
//! picture built change by change equals one painted at once.

use super::glyph::{self, Glyph};
use super::overlay_scene::{OverlayScene, ON};
use super::palette::{blend, Palette, Rgba, CLEAR, SEAMS};
use super::raster::{Raster, Rect};
use super::scene::Scene;
use super::tiles::{closed_sides, wall_cover, CellGeometry, TileMap, NO_CELL};
use crate::event::Mark;
use crate::shape::geometry::{inside_convex, segment_distance, Point};
use crate::shape::Cell;
use crate::shape::Topology;

/// How much wall shows in a pixel standing for a whole small cell, by how
/// many of the walls the cell stores are open: dead ends read darker.
#[inline]
fn sampled_wall(open_owned: u32) -> u8 {
    match open_owned {
        0 => 140,
        1 => 90,
        2 => 50,
        _ => 25,
    }
}

/// The centre of pixel `i` of the map, in maze units.
#[inline]
fn pixel_units(map: &TileMap, i: usize) -> Point {
    let width = map.layout.width as usize;
    map.layout
        .to_units((i % width) as f64 + 0.5, (i / width) as f64 + 0.5)
}

/// A maze cell's colour at one pixel.
struct CellLook {
    here: Rgba,
    closed: u32,
    sampled: Rgba,
    /// The arrows of a 3D or 4D cell's open passages to other levels.
    arrows: [[Point; 3]; 4],
    arrow_count: usize,
    /// The seams along the cell's sides: the side's ends, and the mark's
    /// colour there.
    seams: [(Point, Point, Rgba); 4],
    seam_count: usize,
    /// The patterns mode's shape for the cell's mark: the glyph, the
    /// cell's centre and the ink.
    glyph: Option<(Glyph, Point, Rgba)>,
}

/// How far into a cell a seam's mark reaches, in cells.
const SEAM_MARK: f64 = 0.2;

impl CellLook {
    fn of(scene: &Scene, palette: &Palette, cell: Cell, lattice: bool) -> CellLook {
        let here = scene.cell_colour(palette, cell);
        let mut look = if lattice {
            CellLook {
                here,
                closed: closed_sides(&scene.grid, cell),
                sampled: here,
                arrows: [[(0.0, 0.0); 3]; 4],
                arrow_count: 0,
                seams: [((0.0, 0.0), (0.0, 0.0), CLEAR); 4],
                seam_count: 0,
                glyph: None,
            }
        } else {
            let open = u32::from(scene.grid.raw()[cell as usize]).count_ones();
            return CellLook {
                here,
                closed: 0,
                sampled: blend(here, palette.wall, sampled_wall(open)),
                arrows: [[(0.0, 0.0); 3]; 4],
                arrow_count: 0,
                seams: [((0.0, 0.0), (0.0, 0.0), CLEAR); 4],
                seam_count: 0,
                glyph: None,
            };
        };
        let shape = scene.grid.shape();
        if palette.patterns {
            look.glyph = scene
                .cell_glyph(cell)
                .map(|g| (g, shape.centre(cell), glyph::ink(here)));
        }
        if let crate::shape::Kind::Stack(_) = shape.kind {
            shape.for_each_side(cell, |k, across| {
                let open = across.is_some_and(|n| scene.grid.is_open_between(cell, n));
                if let Some(arrow) = shape.level_arrow(cell, k).filter(|_| open) {
                    look.arrows[look.arrow_count] = arrow;
                    look.arrow_count += 1;
                }
            });
        }
        if shape.has_seams() {
            for k in 0..4 {
                let Some((id, along)) = shape.seam(cell, k) else {
                    continue;
                };
                let Some((a, b)) = shape.square_side(cell, k) else {
                    continue;
                };
                // The seam's hue, pale at its start and full at its end, so
                // the marks also say which way round the edges meet.
                let colour = blend(here, SEAMS[id % SEAMS.len()], 90 + (165.0 * along) as u8);
                look.seams[look.seam_count] = (a, b, colour);
                look.seam_count += 1;
            }
        }
        look
    }

    /// The seam mark's colour at pixel `i`, if it lies on one.
    #[inline]
    fn on_seam(&self, map: &TileMap, i: usize) -> Option<Rgba> {
        if self.seam_count == 0 {
            return None;
        }
        let u = pixel_units(map, i);
        self.seams[..self.seam_count]
            .iter()
            .find(|(a, b, _)| segment_distance(u, *a, *b) < SEAM_MARK)
            .map(|s| s.2)
    }

    /// Whether pixel `i` of the map lies on one of the cell's arrows.
    #[inline]
    fn on_arrow(&self, map: &TileMap, i: usize) -> bool {
        if self.arrow_count == 0 {
            return false;
        }
        let u = pixel_units(map, i);
        self.arrows[..self.arrow_count]
            .iter()
            .any(|a| inside_convex(a, u))
    }

    /// The glyph's ink at pixel `i`, if it lies on the cell's glyph.
    #[inline]
    fn on_glyph(&self, map: &TileMap, i: usize) -> Option<Rgba> {
        let (g, (cx, cy), ink) = self.glyph?;
        let (u, v) = pixel_units(map, i);
        g.covers(u - cx, v - cy).then_some(ink)
    }

    #[inline]
    fn at(&self, map: &TileMap, i: usize, wall: Rgba) -> Rgba {
        if self.on_arrow(map, i) {
            return wall;
        }
        if let Some(ink) = self.on_glyph(map, i) {
            return ink;
        }
        match map.near(i) {
            // Most pixels are no wall's: no blending.
            Some(near) if near.a1 == 0 => self.on_seam(map, i).unwrap_or(self.here),
            Some(near) => blend(
                self.on_seam(map, i).unwrap_or(self.here),
                wall,
                wall_cover(near, self.closed),
            ),
            None => self.sampled,
        }
    }
}

/// Loads `cell`'s geometry and writes `colour(x, y, i)` to each pixel the
/// map gives to it (pixel `i` at column `x`, row `y`), marking its box
/// dirty: the one pixel walk every cell repaint shares.
fn paint_pixels_of(
    map: &TileMap,
    raster: &mut Raster,
    geometry: &mut CellGeometry,
    cell: Cell,
    mut colour: impl FnMut(&CellGeometry, usize, usize, usize) -> Rgba,
) {
    if !map.shape.is_cell(cell) {
        return;
    }
    geometry.load(&map.shape, cell);
    let Some((x0, y0, x1, y1)) = geometry.pixel_box(&map.layout) else {
        return;
    };
    let width = raster.width as usize;
    let rgba = raster.rgba_mut();
    for y in y0..y1 {
        for x in x0..x1 {
            let i = y * width + x;
            if map.cell(i) == cell {
                let c = colour(geometry, x, y, i);
                rgba[i * 4..i * 4 + 4].copy_from_slice(&c);
            }
        }
    }
    raster.mark_dirty(rect(x0, y0, x1, y1));
}

/// Repaints one maze cell's pixels.
pub fn paint_maze_cell(
    map: &TileMap,
    raster: &mut Raster,
    geometry: &mut CellGeometry,
    scene: &Scene,
    palette: &Palette,
    cell: Cell,
) {
    let look = CellLook::of(scene, palette, cell, map.is_lattice());
    paint_pixels_of(map, raster, geometry, cell, |_, _, _, i| {
        look.at(map, i, palette.wall)
    });
}

/// Repaints every pixel of the maze.
pub fn paint_maze(map: &TileMap, raster: &mut Raster, scene: &Scene, palette: &Palette) {
    let lattice = map.is_lattice();
    let mut last: Option<(u32, CellLook)> = None;
    let rgba = raster.rgba_mut();
    for (i, px) in rgba.chunks_exact_mut(4).enumerate() {
        let cell = map.cell(i);
        if cell == NO_CELL {
            px.copy_from_slice(&CLEAR);
            continue;
        }
        if last.as_ref().is_none_or(|(c, _)| *c != cell) {
            last = Some((cell, CellLook::of(scene, palette, cell, lattice)));
        }
        let look = &last.as_ref().expect("just set").1;
        px.copy_from_slice(&look.at(map, i, palette.wall));
    }
    let (w, h) = (raster.width, raster.height);
    raster.mark_dirty(Rect {
        x0: 0,
        y0: 0,
        x1: w,
        y1: h,
    });
}

fn rect(x0: usize, y0: usize, x1: usize, y1: usize) -> Rect {
    Rect {
        x0: x0 as u32,
        y0: y0 as u32,
        x1: x1 as u32,
        y1: y1 as u32,
    }
}

/// The band's half width in maze units: a third of a cell wide (triangles,
/// whose cells are narrower, get a narrower band).
fn band_half_width(map: &TileMap) -> f64 {
    if map.shape.name() == "triangle" {
        0.1
    } else {
        1.0 / 6.0
    }
}

/// Repaints one cell of the overlay.
pub fn paint_overlay_cell(
    map: &TileMap,
    raster: &mut Raster,
    geometry: &mut CellGeometry,
    scene: &OverlayScene,
    palette: &Palette,
    cell: Cell,
) {
    if !map.is_lattice() {
        let c = scene.sampled_colour(palette, cell);
        paint_pixels_of(map, raster, geometry, cell, |_, _, _, _| c);
        return;
    }
    let tint = scene.square_colour(palette, cell);
    let marker = cell == scene.start || cell == scene.goal;
    let hw = band_half_width(map);
    // The bands, topmost last: (colour, the sides they leave by). A cell
    // has at most three: a solver's path mark, the final path, the trail.
    let mut bands = [(CLEAR, 0u8); 3];
    let mut count = 0;
    if !marker {
        if scene.marks[cell as usize] == Mark::Path {
            bands[count] = (palette.path, ON);
            count += 1;
        }
        for (links, colour) in [
            (scene.path_links[cell as usize], palette.path),
            (scene.trail_links[cell as usize], palette.trail),
        ] {
            if links & ON != 0 {
                bands[count] = (colour, links);
                count += 1;
            }
        }
    }
    let bands = &bands[..count];
    paint_pixels_of(map, raster, geometry, cell, |geometry, x, y, i| {
        let interior = map.near(i).is_some_and(|n| n.a1 < 128);
        let mut c = match tint {
            Some(t) if interior => t,
            _ => CLEAR,
        };
        if !bands.is_empty() {
            let u = map.layout.to_units(x as f64 + 0.5, y as f64 + 0.5);
            let on_band = |links: u8| {
                segment_distance(u, geometry.centre, geometry.centre) <= hw
                    || (0..geometry.mids.len().min(7)).any(|k| {
                        links >> k & 1 == 1
                            && segment_distance(u, geometry.centre, geometry.mids[k]) <= hw
                    })
            };
            if let Some(&(colour, _)) = bands.iter().rev().find(|(_, l)| on_band(*l)) {
                c = colour;
            }
        }
        c
    });
}

/// Repaints the whole overlay: clears it and paints the cells that show.
pub fn paint_overlay(
    map: &TileMap,
    raster: &mut Raster,
    geometry: &mut CellGeometry,
    scene: &OverlayScene,
    palette: &Palette,
) {
    raster.clear(CLEAR);
    for cell in 0..map.shape.cells() {
        if scene.shows(cell) {
            paint_overlay_cell(map, raster, geometry, scene, palette, cell);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::Layout;
    use super::super::overlay::Overlay;
    use super::super::overlay_scene::OverlayScene;
    use super::super::palette::LIGHT;
    use super::super::pixels::Pixels;
    use super::super::scene::Scene;
    use super::super::tiles::TileMap;
    use crate::generate::{self, Generator, Params};
    use crate::shape::{Shape, Topology};
    use std::sync::Arc;

    fn carve(shape: &Shape, width: u32, height: u32) -> (Pixels, Scene, Arc<TileMap>) {
        let algorithm = generate::find("wilson").unwrap();
        let mut generator = Generator::new(algorithm, Params::on(shape.clone(), 3), true);
        let mut scene = Scene::new(generator.initial_grid(), algorithm.starts_open);
        let map = Arc::new(TileMap::new(shape, Layout::for_shape(shape, width, height)));
        let mut pixels = Pixels::new(map.layout);
        pixels.set_map(Some(map.clone()));
        pixels.paint_all(&scene);
        loop {
            let chunk = generator.next_chunk(64);
            if chunk.is_empty() {
                break;
            }
            for event in chunk {
                for cell in scene.apply(event).into_iter().flatten() {
                    pixels.paint_cell(&scene, cell);
                }
            }
        }
        (pixels, scene, map)
    }

    #[test]
    fn a_shape_painted_change_by_change_equals_one_painted_at_once() {
        for (name, size, w, h) in [
            ("hex", "9x7", 300, 240),
            ("triangle", "11x6", 300, 200),
            ("polar", "6", 260, 260),
            ("hex", "300x200", 250, 180),
        ] {
            let shape = Shape::parse(name, size, None).unwrap();
            let (mut by_change, mut scene, map) = carve(&shape, w, h);
            // `Done` repaints everything (marks vanish): compare before it.
            scene.set_done(false);
            let mut at_once = Pixels::new(map.layout);
            at_once.set_map(Some(map.clone()));
            at_once.paint_all(&scene);
            if let Some(i) = (0..by_change.rgba().len() / 4)
                .find(|&i| by_change.rgba()[i * 4..i * 4 + 4] != at_once.rgba()[i * 4..i * 4 + 4])
            {
                eprintln!(
                    "pixel {i} ({}, {}) cell {} {:?} vs {:?}",
                    i % w as usize,
                    i / w as usize,
                    map.cell(i),
                    &by_change.rgba()[i * 4..i * 4 + 4],
                    &at_once.rgba()[i * 4..i * 4 + 4]
                );
            }
            assert!(
                by_change.rgba() == at_once.rgba(),
                "{name} {size}: the pictures differ"
            );
            let walls = by_change
                .rgba()
                .chunks(4)
                .filter(|p| *p == LIGHT.wall)
                .count();
            if map.is_lattice() {
                assert!(walls > 100, "{name}: walls are drawn ({walls})");
            }
            by_change.take_dirty();
        }
    }

    #[test]
    fn a_hex_path_is_a_band_through_the_centres_and_solving_repaints_agree() {
        let shape = Shape::parse("hex", "6x5", None).unwrap();
        let (_, scene, map) = carve(&shape, 300, 260);
        let goal = shape.cells() - 1;
        let path = crate::analyze::shortest_path(&scene.grid, 0, goal).unwrap();
        let mut overlay_scene = OverlayScene::on_shape(&shape, 0, goal);
        let mut by_cell = Overlay::new(map.layout);
        by_cell.set_map(Some(map.clone()));
        by_cell.paint_all(&overlay_scene);
        for cell in overlay_scene.set_path(&path) {
            by_cell.paint_cell(&overlay_scene, cell);
        }
        let mut at_once = Overlay::new(map.layout);
        at_once.set_map(Some(map.clone()));
        at_once.paint_all(&overlay_scene);
        assert!(by_cell.raster().rgba() == at_once.raster().rgba());
        // Halfway between two cells of the path, the band shows.
        let (a, b) = (shape.centre(path[1]), shape.centre(path[2]));
        let (x, y) = map
            .layout
            .from_units(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
        assert_eq!(at_once.raster().pixel(x as u32, y as u32), LIGHT.path);
    }

    #[test]
    fn the_patterns_mode_marks_shapes_on_hexagons_and_triangles_alike_by_change_and_at_once() {
        use crate::render::canvas::palette::LIGHT_PATTERNED;
        for (name, size) in [("hex", "9x7"), ("triangle", "11x6"), ("polar", "6")] {
            let shape = Shape::parse(name, size, None).unwrap();
            let algorithm = generate::find("wilson").unwrap();
            let mut generator = Generator::new(algorithm, Params::on(shape.clone(), 3), true);
            let mut scene = Scene::new(generator.initial_grid(), algorithm.starts_open);
            let map = Arc::new(TileMap::new(&shape, Layout::for_shape(&shape, 320, 260)));
            let mut by_change = Pixels::new(map.layout);
            by_change.set_map(Some(map.clone()));
            by_change.set_palette(&LIGHT_PATTERNED);
            by_change.paint_all(&scene);
            for event in generator.next_chunk(40) {
                for cell in scene.apply(event).into_iter().flatten() {
                    by_change.paint_cell(&scene, cell);
                }
            }
            let mut at_once = Pixels::new(map.layout);
            at_once.set_map(Some(map.clone()));
            at_once.set_palette(&LIGHT_PATTERNED);
            at_once.paint_all(&scene);
            assert!(
                by_change.rgba() == at_once.rgba(),
                "{name}: the two paintings differ"
            );
            let cursor = scene.cursor.expect("a walk's head");
            let (x, y) = map.layout.from_units(shape.centre(cursor));
            let i = (y as usize * map.layout.width as usize + x as usize) * 4;
            assert_eq!(
                &at_once.rgba()[i..i + 4],
                &super::glyph::ink(LIGHT.cursor),
                "{name}: the current cell's disc"
            );
        }
    }
}
