//! Any shape's picture, pixel by pixel: which cell each canvas pixel shows
//! and how much of it the walls of that cell's nearest two sides cover.
//!
//! Hexagons, triangles, polar rings, masks and wrapped squares are drawn
//! from this map (the plain square keeps its faster lattice painter). The
//! map is built once per layout (zoom, pan, resize) from the shape's
//! geometry; painting a cell then only reads it, so a carve repaints the
//! two cells' pixels and nothing else, and every wall is anti-aliased.
//!
//! Each cell paints its half of the walls it shares (the border's whole
//! wall), so two neighbours' pixels agree on a wall without looking at each
//! other.
//!
//! Why not tiny-skia or canvas paths: a cell's repaint here is a scan of its
//! bounding box, with no path building or stroking per frame, and the wasm
//! file grows by nothing. Canvas paths would cost a crossing per cell.

use super::layout::Layout;
use crate::grid::Cell;
use crate::shape::geometry::Point;
use crate::shape::{Kind, Shape, Topology};

/// The cell of a pixel that shows none.
pub const NO_CELL: u32 = u32::MAX;
/// At most this many sides are told apart in a cell's masks (a polar
/// centre with more sides draws its extra walls always closed).
const MAX_SIDES: usize = 32;

/// A pixel's nearest two sides of its cell and how much of the pixel each
/// side's wall covers (0 to 255).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Near {
    pub k1: u8,
    pub a1: u8,
    pub k2: u8,
    pub a2: u8,
}

/// One cell's outline and side facts, cached while its pixels are visited.
#[derive(Default)]
pub struct CellGeometry {
    pub cell: Cell,
    pub points: Vec<Point>,
    pub starts: Vec<usize>,
    /// Bit `k`: side `k` is the maze's border (no neighbour across it).
    pub border: u32,
    pub centre: Point,
    /// Where each side's midpoint is (a band to a neighbour ends there).
    pub mids: Vec<Point>,
    /// The radius of the largest circle about the centre inside the cell.
    pub inner: f64,
}

impl CellGeometry {
    pub fn load(&mut self, shape: &Shape, cell: Cell) {
        self.cell = cell;
        shape.outline(cell, &mut self.points, &mut self.starts);
        self.border = 0;
        shape.for_each_side(cell, |k, across| {
            if across.is_none() && k < MAX_SIDES {
                self.border |= 1 << k;
            }
        });
        self.centre = shape.centre(cell);
        self.mids.clear();
        for k in 0..self.starts.len() {
            let (a, b) = self.side_ends(k);
            self.mids.push(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
        }
        self.inner = (0..self.sides())
            .map(|k| self.distance_to_side(k, self.centre))
            .fold(f64::INFINITY, f64::min);
    }

    pub fn sides(&self) -> usize {
        self.starts.len()
    }

    /// The first and last point of side `k`.
    fn side_ends(&self, k: usize) -> (Point, Point) {
        let first = self.starts[k];
        let end = self.starts.get(k + 1).copied().unwrap_or(self.points.len());
        (self.points[first], self.points[end % self.points.len()])
    }

    /// The distance from a point to side `k`'s polyline, in maze units.
    fn distance_to_side(&self, k: usize, p: Point) -> f64 {
        let first = self.starts[k];
        let end = self.starts.get(k + 1).copied().unwrap_or(self.points.len());
        let mut best = f64::INFINITY;
        for i in first..end {
            let a = self.points[i];
            let b = self.points[(i + 1) % self.points.len()];
            best = best.min(segment_distance(p, a, b));
        }
        best
    }

    /// The pixel rectangle (x0, y0, x1, y1), clipped to the canvas, that
    /// holds the cell's pixels under `layout`.
    pub fn pixel_box(&self, layout: &Layout) -> Option<(usize, usize, usize, usize)> {
        let (mut x0, mut y0) = (f64::INFINITY, f64::INFINITY);
        let (mut x1, mut y1) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for &p in &self.points {
            let (x, y) = layout.from_units(p);
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        let x0 = (x0 - 1.0).floor().max(0.0) as usize;
        let y0 = (y0 - 1.0).floor().max(0.0) as usize;
        let x1 = ((x1 + 1.0).ceil().max(0.0) as usize).min(layout.width as usize);
        let y1 = ((y1 + 1.0).ceil().max(0.0) as usize).min(layout.height as usize);
        (x0 < x1 && y0 < y1).then_some((x0, y0, x1, y1))
    }
}

/// The distance from `p` to the segment `a`-`b`.
#[inline]
pub fn segment_distance(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (cx, cy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    (cx * cx + cy * cy).sqrt()
}

/// Which cell each pixel shows, and near which walls it lies.
pub struct TileMap {
    pub layout: Layout,
    pub shape: Shape,
    /// The cell under each pixel's centre, or `NO_CELL`.
    cells: Vec<u32>,
    /// Each pixel's nearest sides (lattice zooms only; empty when cells
    /// are smaller than two pixels and walls are not drawn one by one).
    near: Vec<Near>,
}

impl TileMap {
    /// Maps every pixel of `layout`'s canvas to a cell of `shape`.
    pub fn new(shape: &Shape, layout: Layout) -> TileMap {
        let (w, h) = (layout.width as usize, layout.height as usize);
        let lattice = layout.is_lattice();
        let mut cells = vec![NO_CELL; w * h];
        let mut near = if lattice {
            vec![Near::default(); w * h]
        } else {
            Vec::new()
        };
        let convex = !matches!(shape.kind, Kind::Polar(_));
        let half = f64::from(layout.wall_px()) / 2.0;
        let mut geometry = CellGeometry::default();
        let mut loaded = false;
        // Pixels this near a centre are far from every wall (in units,
        // squared; set per cell).
        let mut clear2 = 0.0;
        let reach_units = (2.0 * half + 0.5) / layout.pitch;
        let mut distances = Vec::new();
        for py in 0..h {
            let mut last: Option<Cell> = None;
            for px in 0..w {
                let u = layout.to_units(px as f64 + 0.5, py as f64 + 0.5);
                // Consecutive pixels mostly share a cell: test the last one
                // first (exact for convex cells).
                let cell = match last {
                    Some(c) if convex && loaded && geometry.cell == c && inside(&geometry, u) => {
                        Some(c)
                    }
                    _ => shape.cell_at(u.0, u.1),
                };
                last = cell;
                let Some(cell) = cell else { continue };
                let i = py * w + px;
                cells[i] = cell;
                if !lattice {
                    continue;
                }
                if !loaded || geometry.cell != cell {
                    geometry.load(shape, cell);
                    loaded = true;
                    let clear = (geometry.inner - reach_units).max(0.0);
                    clear2 = clear * clear;
                }
                let (dx, dy) = (u.0 - geometry.centre.0, u.1 - geometry.centre.1);
                if dx * dx + dy * dy < clear2 {
                    continue;
                }
                distances.clear();
                for k in 0..geometry.sides() {
                    let d = geometry.distance_to_side(k, u) * layout.pitch;
                    // The border's wall lies wholly inside the cell.
                    let reach = if k < MAX_SIDES && geometry.border >> k & 1 == 1 {
                        2.0 * half
                    } else {
                        half
                    };
                    let cover = (reach + 0.5 - d).clamp(0.0, 1.0);
                    distances.push((cover, k));
                }
                near[i] = nearest_two(&distances);
            }
        }
        TileMap {
            layout,
            shape: shape.clone(),
            cells,
            near,
        }
    }

    /// The cell a pixel shows.
    #[inline]
    pub fn cell(&self, i: usize) -> u32 {
        self.cells[i]
    }

    /// A pixel's nearest sides (lattice zooms only).
    #[inline]
    pub fn near(&self, i: usize) -> Option<Near> {
        self.near.get(i).copied()
    }

    pub fn is_lattice(&self) -> bool {
        !self.near.is_empty()
    }

    /// The cell under a canvas point, by the shape's own geometry.
    pub fn cell_at(&self, px: f64, py: f64) -> Option<Cell> {
        let (ux, uy) = self.layout.to_units(px, py);
        self.shape.cell_at(ux, uy)
    }

    /// A cell's centre in canvas pixels.
    pub fn centre(&self, cell: Cell) -> (f64, f64) {
        self.layout.from_units(self.shape.centre(cell))
    }
}

/// Whether a point lies in a convex cell (outline clockwise, y down).
#[inline]
fn inside(g: &CellGeometry, (x, y): Point) -> bool {
    let n = g.points.len();
    (0..n).all(|k| {
        let (ax, ay) = g.points[k];
        let (bx, by) = g.points[(k + 1) % n];
        (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= 0.0
    })
}

fn nearest_two(covers: &[(f64, usize)]) -> Near {
    let (mut best, mut second) = ((0.0, 0usize), (0.0, 0usize));
    for &(c, k) in covers {
        if c > best.0 {
            second = best;
            best = (c, k);
        } else if c > second.0 {
            second = (c, k);
        }
    }
    let byte = |c: f64| (c * 255.0).round() as u8;
    Near {
        k1: best.1 as u8,
        a1: byte(best.0),
        k2: second.1 as u8,
        a2: byte(second.0),
    }
}

/// How much wall covers a pixel of a cell whose closed sides are the bits
/// of `closed`: the nearer closed side's share. (No corner posts: at a
/// triangle's sharp corners they would stick out as spikes past open walls.)
#[inline]
pub fn wall_cover(near: Near, closed: u32) -> u8 {
    let is_closed = |k: u8| usize::from(k) >= MAX_SIDES || closed >> k & 1 == 1;
    let mut a = 0;
    if near.a1 > 0 && is_closed(near.k1) {
        a = near.a1;
    }
    if near.a2 > 0 && is_closed(near.k2) {
        a = a.max(near.a2);
    }
    a
}

/// The bits of a cell's closed sides in `grid` (border sides are closed).
pub fn closed_sides(grid: &crate::grid::Grid, cell: Cell) -> u32 {
    let mut closed = 0u32;
    grid.shape().for_each_side(cell, |k, across| {
        let open = across.is_some_and(|n| grid.is_open_between(cell, n));
        if !open && k < MAX_SIDES {
            closed |= 1 << k;
        }
    });
    closed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    fn map(name: &str, size: &str, w: u32, h: u32) -> TileMap {
        let shape = Shape::parse(name, size, None).unwrap();
        TileMap::new(&shape, Layout::for_shape(&shape, w, h))
    }

    #[test]
    fn every_cell_centre_pixel_shows_its_own_cell_on_every_shape() {
        for (name, size) in [
            ("hex", "7x5"),
            ("triangle", "9x4"),
            ("polar", "5"),
            ("square", "6x4"),
        ] {
            let m = map(name, size, 400, 300);
            assert!(m.is_lattice(), "{name}");
            for cell in 0..m.shape.cells() {
                let (x, y) = m.centre(cell);
                let i = y as usize * 400 + x as usize;
                assert_eq!(m.cell(i), cell, "{name} cell {cell}");
                assert_eq!(m.near(i).unwrap().a1, 0, "{name}: a centre is no wall");
                assert_eq!(m.cell_at(x, y), Some(cell));
            }
            assert_eq!(m.cell(0), NO_CELL, "{name}: the corner is off the maze");
        }
    }

    #[test]
    fn pixels_on_a_shared_side_are_wall_only_while_it_is_closed() {
        let m = map("hex", "3x3", 300, 300);
        let (a, b) = (m.shape.centre(0), m.shape.centre(1));
        let mid = m.layout.from_units(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
        let i = mid.1 as usize * 300 + mid.0 as usize;
        let near = m.near(i).unwrap();
        assert!(near.a1 > 200, "the midpoint of a side is wall: {near:?}");
        let side = usize::from(near.k1);
        assert!(wall_cover(near, 1 << side) > 200, "closed: drawn");
        assert_eq!(wall_cover(near, 0), 0, "open: not drawn");
    }

    #[test]
    fn small_zooms_map_cells_without_wall_data() {
        let m = map("hex", "400x300", 300, 200);
        assert!(!m.is_lattice());
        let shown: std::collections::HashSet<u32> = (0..300 * 200)
            .map(|i| m.cell(i))
            .filter(|&c| c != NO_CELL)
            .collect();
        assert!(shown.len() > 30_000, "{}", shown.len());
    }
}
