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
use crate::shape::geometry::{segment_distance, Point};
use crate::shape::Cell;
use crate::shape::{Kind, Shape, Topology};
use std::f64::consts::TAU;

/// The cell of a pixel that shows none.
pub const NO_CELL: u32 = u32::MAX;
/// At most this many sides are told apart in a cell's masks (a polar
/// centre with more sides draws its extra walls always closed).
const MAX_SIDES: usize = 32;

/// A pixel's nearest two sides of its cell and how much of the pixel each
/// side's wall covers (0 to 255).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Near {
    /// The nearest side.
    pub k1: u8,
    /// How much of the pixel its wall covers (0 to 255).
    pub a1: u8,
    /// The second nearest side.
    pub k2: u8,
    /// How much of the pixel its wall covers.
    pub a2: u8,
}

/// One cell's outline and side facts, cached while its pixels are visited.
#[derive(Default)]
pub struct CellGeometry {
    /// The cell.
    pub cell: Cell,
    /// Its outline's points, side by side.
    pub points: Vec<Point>,
    /// Where each side's points start in `points`.
    pub starts: Vec<usize>,
    /// Bit `k`: side `k` is the maze's border (no neighbour across it).
    pub border: u32,
    /// Its centre.
    pub centre: Point,
    /// Where each side's midpoint is (a band to a neighbour ends there).
    pub mids: Vec<Point>,
    /// The radius of the largest circle about the centre inside the cell.
    pub inner: f64,
}

impl CellGeometry {
    /// Reads `cell`'s outline and sides from `shape`.
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

    /// How many sides the cell has.
    pub fn sides(&self) -> usize {
        self.starts.len()
    }

    /// The first and last point of side `k`.
    pub fn side_ends(&self, k: usize) -> (Point, Point) {
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

/// A side's line: a point on it and the unit normal pointing into the cell.
struct Line {
    a: Point,
    n: Point,
}

/// A convex cell's side lines and border bits.
#[derive(Default)]
struct Edges {
    cell: Option<Cell>,
    lines: Vec<Line>,
    border: u32,
}

/// Recently seen cells' edges, by cell number modulo its size: a pixel row
/// revisits the cells of the row above, whose numbers are close together.
struct EdgeCache {
    slots: Vec<Edges>,
    geometry: CellGeometry,
}

const CACHE_SLOTS: usize = 512;

impl EdgeCache {
    fn new() -> EdgeCache {
        EdgeCache {
            slots: (0..CACHE_SLOTS).map(|_| Edges::default()).collect(),
            geometry: CellGeometry::default(),
        }
    }

    fn get(&mut self, shape: &Shape, cell: Cell) -> &Edges {
        let slot = &mut self.slots[cell as usize % CACHE_SLOTS];
        if slot.cell != Some(cell) {
            let g = &mut self.geometry;
            g.load(shape, cell);
            slot.cell = Some(cell);
            slot.border = g.border;
            slot.lines.clear();
            for k in 0..g.sides() {
                let (a, b) = g.side_ends(k);
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len = (dx * dx + dy * dy).sqrt().max(1e-12);
                // Clockwise on screen (y down): the inside is to the right.
                slot.lines.push(Line {
                    a,
                    n: (-dy / len, dx / len),
                });
            }
        }
        slot
    }
}

/// `a x b`: for a unit `a`, how far `b` lies to its clockwise side.
#[inline]
fn cross(a: Point, b: Point) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

/// A polar cell as a pixel sees it: its ring, angles and edge directions.
#[derive(Clone, Copy)]
struct Sector {
    cell: Cell,
    r: f64,
    a0: f64,
    span: f64,
    dir0: Point,
    dir1: Point,
    outward: usize,
}

impl Sector {
    /// The cell at offset `d` from the centre, `rho` away.
    fn locate(p: &crate::shape::Polar, d: Point, rho: f64) -> Sector {
        // The caller keeps rho² under rings², but the square root of a value
        // just under it can round up to rings itself: that is the last ring.
        let r = (rho as u32).min(p.rings() - 1);
        if r == 0 {
            let n = if p.rings() > 1 { p.ring_len(1) } else { 1 };
            return Sector {
                cell: 0,
                r: 0.0,
                a0: 0.0,
                span: TAU,
                dir0: (1.0, 0.0),
                dir1: (1.0, 0.0),
                outward: n as usize,
            };
        }
        let n = p.ring_len(r);
        let angle = d.1.atan2(d.0).rem_euclid(TAU);
        let i = ((angle / TAU * f64::from(n)) as u32).min(n - 1);
        let span = TAU / f64::from(n);
        let (a0, a1) = (f64::from(i) * span, f64::from(i + 1) * span);
        let outward = if r + 1 < p.rings() {
            p.ring_len(r + 1) / n
        } else {
            1
        };
        Sector {
            cell: p.ring_start(r) + i,
            r: f64::from(r),
            a0,
            span,
            dir0: (a0.cos(), a0.sin()),
            dir1: (a1.cos(), a1.sin()),
            outward: outward as usize,
        }
    }

    /// Whether the point at offset `d` (squared distance `rho2`) is in it.
    #[inline]
    fn holds(&self, d: Point, rho2: f64) -> bool {
        let (lo, hi) = (self.r * self.r, (self.r + 1.0) * (self.r + 1.0));
        if rho2 < lo || rho2 >= hi {
            return false;
        }
        // The centre is whole; a sector spans under half a turn, so two
        // cross products place the point between its edges.
        self.r == 0.0 || (cross(self.dir0, d) >= 0.0 && cross(d, self.dir1) > 0.0)
    }
}

/// Recently seen cells' border bits.
struct BorderCache {
    slots: Vec<(Cell, u32)>,
}

impl BorderCache {
    fn new() -> BorderCache {
        BorderCache {
            slots: vec![(NO_CELL, 0); CACHE_SLOTS],
        }
    }

    fn get(&mut self, shape: &Shape, cell: Cell) -> u32 {
        let slot = &mut self.slots[cell as usize % CACHE_SLOTS];
        if slot.0 != cell {
            let mut border = 0u32;
            let mut sides = 0;
            shape.for_each_side(cell, |k, across| {
                sides += 1;
                if across.is_none() && k < MAX_SIDES {
                    border |= 1 << k;
                }
            });
            // A lone centre has an outline side but no neighbour list.
            if sides == 0 {
                border = u32::MAX;
            }
            *slot = (cell, border);
        }
        slot.1
    }
}

/// Which cell each pixel shows, and near which walls it lies.
pub struct TileMap {
    /// Where the maze sits on the canvas.
    pub layout: Layout,
    /// The maze's shape.
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
        let mut map = TileMap {
            layout,
            shape: shape.clone(),
            cells: vec![NO_CELL; w * h],
            near: Vec::new(),
        };
        if !layout.is_lattice() {
            // Cells smaller than two pixels: each pixel shows one cell.
            let (x0, x1, y0, y1) = map.picture_pixels();
            for py in y0..y1 {
                for px in x0..x1 {
                    let u = layout.to_units(px as f64 + 0.5, py as f64 + 0.5);
                    if let Some(cell) = shape.cell_at(u.0, u.1) {
                        map.cells[py * w + px] = cell;
                    }
                }
            }
            return map;
        }
        map.near = vec![Near::default(); w * h];
        match &shape.kind {
            Kind::Polar(p) => map.fill_polar(p),
            _ => map.fill_convex(),
        }
        map
    }

    /// Half a wall's thickness in pixels, and a pixel's reach past it.
    fn reaches(&self) -> (f64, f64) {
        let half = f64::from(self.layout.wall_px()) / 2.0;
        (half, 2.0 * half + 0.5)
    }

    /// Convex cells (squares, hexagons, triangles): each pixel row crosses
    /// a cell in one run, found from the cell's edges, and a pixel's
    /// distance to a side is its distance to the side's line.
    fn fill_convex(&mut self) {
        let layout = self.layout;
        let w = layout.width as usize;
        let (half, far) = self.reaches();
        let mut cache = EdgeCache::new();
        let (x0, x1, y0, y1) = self.picture_pixels();
        for py in y0..y1 {
            let y = layout.to_units(0.0, py as f64 + 0.5).1;
            let mut px = x0;
            while px < x1 {
                let u = layout.to_units(px as f64 + 0.5, py as f64 + 0.5);
                let Some(cell) = self.shape.cell_at(u.0, u.1) else {
                    px += 1;
                    continue;
                };
                let edges = cache.get(&self.shape, cell);
                // The run of pixel centres inside every edge's half-plane.
                let mut x_end = f64::INFINITY;
                for e in &edges.lines {
                    if e.n.0 < -1e-12 {
                        let bound = (e.n.0 * e.a.0 - e.n.1 * (y - e.a.1)) / e.n.0;
                        x_end = x_end.min(bound);
                    }
                }
                let last = if x_end.is_finite() {
                    let end_px = (layout.from_units((x_end, y)).0 - 0.5).floor();
                    (end_px.max(px as f64) as usize).min(x1 - 1)
                } else {
                    x1 - 1
                };
                let row = py * w;
                self.cells[row + px..=row + last].fill(cell);
                // Each side's distance grows or shrinks by its normal's x per
                // pixel along the row: only the pixels within reach of a side
                // need covers; the run's middle is wall-free.
                let u0 = layout.to_units(px as f64 + 0.5, py as f64 + 0.5);
                for (k, e) in edges.lines.iter().enumerate().take(MAX_SIDES) {
                    let d = ((u0.0 - e.a.0) * e.n.0 + (u0.1 - e.a.1) * e.n.1) * layout.pitch;
                    let slope = e.n.0;
                    let (lo, hi) = if slope.abs() < 1e-12 {
                        if d < far {
                            (px, last)
                        } else {
                            (last + 1, px)
                        }
                    } else {
                        // Pixels x with d + slope * (x - px) < far.
                        let t = (far - d) / slope;
                        if slope > 0.0 {
                            (
                                px,
                                (px as f64 + t.ceil()).clamp(px as f64 - 1.0, last as f64) as usize,
                            )
                        } else {
                            (
                                (px as f64 + t.floor()).clamp(px as f64, last as f64 + 1.0)
                                    as usize,
                                last,
                            )
                        }
                    };
                    if lo <= hi && lo <= last {
                        // Mark the pixels this side reaches.
                        for x in lo..=hi.min(last) {
                            let dx = d + slope * (x - px) as f64;
                            if dx < far {
                                let reach = if edges.border >> k & 1 == 1 {
                                    2.0 * half
                                } else {
                                    half
                                };
                                let cover = (reach + 0.5 - dx).clamp(0.0, 1.0);
                                push_cover(&mut self.near[row + x], cover, k);
                            }
                        }
                    }
                }
                px = last + 1;
            }
        }
    }

    /// Polar cells: a pixel's ring and angle give its cell (the angle, an
    /// `atan2`, only when the pixel leaves the last cell); its distances
    /// are radial to the arcs and perpendicular (a cross product) to the
    /// radial walls.
    fn fill_polar(&mut self, p: &crate::shape::Polar) {
        let layout = self.layout;
        let w = layout.width as usize;
        let (half, far) = self.reaches();
        let far_units = far / layout.pitch;
        let c = f64::from(p.rings());
        let mut borders = BorderCache::new();
        let mut sector: Option<Sector> = None;
        let (x0, x1, y0, y1) = self.picture_pixels();
        for py in y0..y1 {
            for px in x0..x1 {
                let (ux, uy) = layout.to_units(px as f64 + 0.5, py as f64 + 0.5);
                let d = (ux - c, uy - c);
                let rho2 = d.0 * d.0 + d.1 * d.1;
                if rho2 >= c * c {
                    continue;
                }
                let s = match sector.filter(|s| s.holds(d, rho2)) {
                    Some(s) => s,
                    None => {
                        let s = Sector::locate(p, d, rho2.sqrt());
                        sector = Some(s);
                        s
                    }
                };
                if !self.shape.is_cell(s.cell) {
                    continue;
                }
                let i = py * w + px;
                self.cells[i] = s.cell;
                let rho = rho2.sqrt();
                let border = borders.get(&self.shape, s.cell);
                let near = &mut self.near[i];
                let mut side = |distance: f64, k: usize| {
                    let dpx = distance * layout.pitch;
                    if dpx < far {
                        let reach = if k < MAX_SIDES && border >> k & 1 == 1 {
                            2.0 * half
                        } else {
                            half
                        };
                        push_cover(near, (reach + 0.5 - dpx).clamp(0.0, 1.0), k);
                    }
                };
                let outer = s.r + 1.0 - rho;
                if outer < far_units {
                    // Which outward side: only near the arc is the angle needed.
                    let k = if s.outward == 1 {
                        0
                    } else {
                        let angle = d.1.atan2(d.0).rem_euclid(TAU);
                        (((angle - s.a0).rem_euclid(TAU) / s.span * s.outward as f64) as usize)
                            .min(s.outward - 1)
                    };
                    side(outer, k);
                }
                if s.r > 0.0 {
                    side(cross(d, s.dir1), s.outward);
                    side(rho - s.r, s.outward + 1);
                    side(cross(s.dir0, d), s.outward + 2);
                }
            }
        }
    }

    /// The pixels the maze's picture covers: (x0, x1, y0, y1), clipped.
    fn picture_pixels(&self) -> (usize, usize, usize, usize) {
        let l = &self.layout;
        let clip = |a: f64, size: u32| a.clamp(0.0, f64::from(size)) as usize;
        (
            clip(l.ox.floor(), l.width),
            clip((l.ox + l.picture_width()).ceil(), l.width),
            clip(l.oy.floor(), l.height),
            clip((l.oy + l.picture_height()).ceil(), l.height),
        )
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

    /// Whether the layout is the lattice regime (whole pixels a cell).
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

/// Adds a side's cover to a pixel's two nearest, keeping the larger two.
#[inline]
fn push_cover(near: &mut Near, cover: f64, k: usize) {
    let a = (cover * 255.0).round() as u8;
    if a == 0 {
        return;
    }
    if a > near.a1 {
        near.k2 = near.k1;
        near.a2 = near.a1;
        near.k1 = k as u8;
        near.a1 = a;
    } else if a > near.a2 {
        near.k2 = k as u8;
        near.a2 = a;
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
    let mut sides = 0;
    grid.shape().for_each_side(cell, |k, across| {
        sides = k + 1;
        let open = across.is_some_and(|n| grid.is_open_between(cell, n));
        if !open && k < MAX_SIDES {
            closed |= 1 << k;
        }
    });
    // Outline sides with no neighbour entry (a lone polar centre) are walls.
    if sides < MAX_SIDES {
        closed |= u32::MAX << sides;
    }
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

    /// A pixel just inside the rim whose distance rounds up to the ring
    /// count is on the last ring (the page panicked on a polar 5 maze at a
    /// box size that put one there).
    #[test]
    fn a_distance_that_rounds_up_to_the_rim_is_the_last_ring() {
        let Kind::Polar(p) = Shape::parse("polar", "5", None).unwrap().kind else {
            panic!("a polar shape");
        };
        let rim = f64::from(p.rings());
        let s = Sector::locate(&p, (rim, 0.0), rim);
        assert_eq!(s.cell, p.ring_start(p.rings() - 1));
        // Every box size from 20 to 219 pixels maps without a panic.
        for side in 20..220 {
            let m = map("polar", "5", side, side * 3 / 4 + 7);
            assert!(m.shape.cells() > 0);
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
