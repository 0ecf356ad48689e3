//! Where cells are: each cell's centre, outline and side segments, and the
//! cell under a point, in maze units (a square cell is 1 wide; a hexagon 1
//! across its flats; a triangle's side is 1; a polar ring is 1 deep). The
//! SVG renderer, the canvas and clicking all read this.
//!
//! Outlines run clockwise (on screen, y down) and side `k` of a cell is the
//! segment from outline point `k` to point `k + 1` (curved polar sides are
//! several points), in the same order as `Topology::sides`.

use super::{Kind, Shape, Topology};
use crate::shape::{Cell, Dims};
use std::f64::consts::TAU;

/// A point in maze units.
pub type Point = (f64, f64);

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

const SQRT3: f64 = 1.732_050_807_568_877_2;
/// A hexagon's circumradius when it is 1 across its flats.
const HEX_R: f64 = 1.0 / SQRT3;
/// A triangle's height when its side is 1.
const TRI_H: f64 = SQRT3 / 2.0;
/// Points per radian on a polar arc, so curves look round at any ring.
const ARC_POINTS_PER_RADIAN: f64 = 8.0;

impl Shape {
    /// The picture's width and height in maze units.
    pub fn bounds(&self) -> (f64, f64) {
        match &self.kind {
            Kind::Square(w) => (f64::from(w.dims.width), f64::from(w.dims.height)),
            Kind::Hex(h) => {
                let (w, rows) = (f64::from(h.dims.width), f64::from(h.dims.height));
                let shift = if h.dims.height > 1 { 0.5 } else { 0.0 };
                (w + shift, 2.0 * HEX_R + (rows - 1.0) * 1.5 * HEX_R)
            }
            Kind::Triangle(t) => (
                (f64::from(t.dims.width) + 1.0) / 2.0,
                f64::from(t.dims.height) * TRI_H,
            ),
            Kind::Polar(p) => {
                let d = 2.0 * f64::from(p.rings());
                (d, d)
            }
            Kind::Stack(s) => {
                let (cols, rows) = level_grid(s);
                (
                    f64::from(cols * (s.width + LEVEL_GAP) - LEVEL_GAP),
                    f64::from(rows * (s.height + LEVEL_GAP) - LEVEL_GAP),
                )
            }
            Kind::Cube(c) => (f64::from(4 * c.n), f64::from(3 * c.n)),
            Kind::Crack(c) => (f64::from(c.dims.width), f64::from(c.dims.height)),
            Kind::Upsilon(u) => (
                f64::from(u.dims.width) + 2.0 * UPSILON_MARGIN,
                f64::from(u.dims.height) + 2.0 * UPSILON_MARGIN,
            ),
        }
    }

    /// The top-left corner of a square cell's box, for the shapes drawn
    /// as unit squares (square, 3D levels, the cube's net).
    fn square_corner(&self, cell: Cell) -> Option<Point> {
        match &self.kind {
            Kind::Square(w) => {
                let (x, y) = w.dims.xy(cell);
                Some((f64::from(x), f64::from(y)))
            }
            Kind::Stack(s) => {
                let p = s.place(cell);
                let (lx, ly) = level_origin(s, p.l, p.k);
                Some((f64::from(lx + p.x), f64::from(ly + p.y)))
            }
            Kind::Cube(c) => {
                let (face, x, y) = c.locate(cell);
                let (fx, fy) = super::Cube::net(face);
                Some((f64::from(fx * c.n + x), f64::from(fy * c.n + y)))
            }
            _ => None,
        }
    }

    /// A cell's centre.
    pub fn centre(&self, cell: Cell) -> Point {
        if let Some((x, y)) = self.square_corner(cell) {
            return (x + 0.5, y + 0.5);
        }
        match &self.kind {
            Kind::Square(_) | Kind::Stack(_) | Kind::Cube(_) => unreachable!("drawn as squares"),
            Kind::Crack(c) => c.site(cell),
            Kind::Upsilon(u) => {
                let (x, y) = u.dims.xy(cell);
                (
                    f64::from(x) + 0.5 + UPSILON_MARGIN,
                    f64::from(y) + 0.5 + UPSILON_MARGIN,
                )
            }
            Kind::Hex(h) => {
                let (x, y) = h.dims.xy(cell);
                hex_centre(x, y)
            }
            Kind::Triangle(t) => {
                let (x, y) = t.dims.xy(cell);
                let cx = f64::from(x) / 2.0 + 0.5;
                let top = f64::from(y) * TRI_H;
                if t.points_up(cell) {
                    (cx, top + 2.0 * TRI_H / 3.0)
                } else {
                    (cx, top + TRI_H / 3.0)
                }
            }
            Kind::Polar(p) => {
                let c = f64::from(p.rings());
                let (r, i) = p.locate(cell);
                if r == 0 {
                    return (c, c);
                }
                let n = f64::from(p.ring_len(r));
                let angle = (f64::from(i) + 0.5) / n * TAU;
                let rho = f64::from(r) + 0.5;
                (c + rho * angle.cos(), c + rho * angle.sin())
            }
        }
    }

    /// The cell's outline, clockwise, into `out` (cleared first), and where
    /// each side starts in it: side `k` runs from `out[starts[k]]` to
    /// `out[starts[k + 1]]` (the last side back to `out[0]`).
    pub fn outline(&self, cell: Cell, out: &mut Vec<Point>, starts: &mut Vec<usize>) {
        out.clear();
        starts.clear();
        if let Some((x, y)) = self.square_corner(cell) {
            // Sides N, E, S, W start at the corners NW, NE, SE, SW (a 3D
            // cell's up and down sides have no segment: arrows show them).
            for p in [(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)] {
                starts.push(out.len());
                out.push(p);
            }
            return;
        }
        match &self.kind {
            Kind::Square(_) | Kind::Stack(_) | Kind::Cube(_) => unreachable!("drawn as squares"),
            Kind::Crack(c) => {
                for &p in c.corners(cell) {
                    starts.push(out.len());
                    out.push(p);
                }
            }
            Kind::Upsilon(u) => {
                let (cx, cy) = self.centre(cell);
                if u.is_octagon(cell) {
                    // Side k faces -90 + 45k degrees and starts 22.5
                    // degrees before it.
                    for k in 0..8 {
                        let a = (-112.5 + 45.0 * f64::from(k)).to_radians();
                        starts.push(out.len());
                        out.push((cx + OCTAGON_R * a.cos(), cy + OCTAGON_R * a.sin()));
                    }
                } else {
                    let h = SQUARE_HALF;
                    for p in [
                        (cx - h, cy - h),
                        (cx + h, cy - h),
                        (cx + h, cy + h),
                        (cx - h, cy + h),
                    ] {
                        starts.push(out.len());
                        out.push(p);
                    }
                }
            }
            Kind::Hex(h) => {
                let (x, y) = h.dims.xy(cell);
                let (cx, cy) = hex_centre(x, y);
                // Side k (E, SE, SW, W, NW, NE) starts at the vertex at
                // -30 + 60k degrees.
                for k in 0..6 {
                    let a = (-30.0 + 60.0 * f64::from(k)).to_radians();
                    starts.push(out.len());
                    out.push((cx + HEX_R * a.cos(), cy + HEX_R * a.sin()));
                }
            }
            Kind::Triangle(t) => {
                let (x, y) = t.dims.xy(cell);
                let left = f64::from(x) / 2.0;
                let (top, bottom) = (f64::from(y) * TRI_H, f64::from(y + 1) * TRI_H);
                let corners = if t.points_up(cell) {
                    // E, S, W start at the apex, bottom right, bottom left.
                    [(left + 0.5, top), (left + 1.0, bottom), (left, bottom)]
                } else {
                    // N, E, W start at top left, top right, the apex.
                    [(left, top), (left + 1.0, top), (left + 0.5, bottom)]
                };
                for p in corners {
                    starts.push(out.len());
                    out.push(p);
                }
            }
            Kind::Polar(p) => polar_outline(p, cell, out, starts),
        }
    }

    /// The arrow a 3D or 4D cell shows for its side `k` past the four on
    /// its level (k = 4 up, 5 down, 6 ana, 7 kata): a small triangle in a
    /// corner of the cell, pointing up, down, left or right, so that every
    /// passage between levels shows in both cells it joins.
    pub fn level_arrow(&self, cell: Cell, k: usize) -> Option<[Point; 3]> {
        let Kind::Stack(_) = self.kind else {
            return None;
        };
        let (x, y) = self.square_corner(cell)?;
        let at = |(dx, dy): Point| (x + dx, y + dy);
        // Clockwise on screen, as `inside_convex` reads a polygon.
        let arrow = match k {
            4 => [(0.3, 0.1), (0.48, 0.38), (0.12, 0.38)],
            5 => [(0.7, 0.9), (0.52, 0.62), (0.88, 0.62)],
            6 => [(0.1, 0.7), (0.38, 0.52), (0.38, 0.88)],
            7 => [(0.9, 0.3), (0.62, 0.48), (0.62, 0.12)],
            _ => return None,
        };
        Some(arrow.map(at))
    }

    /// How a 3D or 4D maze's levels are laid out, in words for the panel.
    pub fn level_legend(&self) -> Option<String> {
        let Kind::Stack(s) = &self.kind else {
            return None;
        };
        Some(if s.four {
            format!(
                "{} rows of {} levels: ▲▼ up and down a row, ◀▶ to the row above and below",
                s.hyper, s.levels
            )
        } else {
            format!(
                "levels 1 to {} left to right, then on down: ▲ up a level, ▼ down",
                s.levels
            )
        })
    }

    /// Where side `k` of a cell is a seam (its neighbour drawn elsewhere: a
    /// wrapped square's opposite edge, another face of the cube's net),
    /// which seam it is (0 the left-right edges, 1 top-bottom; on the cube
    /// one of its seven unjoined edge pairs) and how far along the seam
    /// (0 to 1), the same from both sides: matching marks show which edges
    /// meet, and which way round (a Möbius strip's run opposite ways).
    pub fn seam(&self, cell: Cell, k: usize) -> Option<(usize, f64)> {
        if !self.has_seams() || k >= 4 {
            return None;
        }
        let across = self.side(cell, k)?;
        let ((ax, ay), (bx, by)) = (self.centre(cell), self.centre(across));
        if (ax - bx).hypot(ay - by) < 1.5 {
            return None;
        }
        // Measured along one edge of the pair for both cells, so they
        // agree: a square's left or top edge, the lower-numbered face.
        let along_x = k % 2 == 0; // an N or S side runs along x
        let fraction = |i: u32, n: u32| {
            if n > 1 {
                f64::from(i) / f64::from(n - 1)
            } else {
                0.5
            }
        };
        match &self.kind {
            Kind::Square(w) => {
                let (cx, cy) = w.dims.xy(cell);
                let (nx, ny) = w.dims.xy(across);
                Some(if along_x {
                    (1, fraction(if cy == 0 { cx } else { nx }, w.dims.width))
                } else {
                    (0, fraction(if cx == 0 { cy } else { ny }, w.dims.height))
                })
            }
            Kind::Cube(c) => {
                let (fa, xa, ya) = c.locate(cell);
                let (fb, xb, yb) = c.locate(across);
                let pair = (fa.min(fb), fa.max(fb));
                let id = CUBE_SEAMS.iter().position(|&p| p == pair)?;
                let t = if fa < fb {
                    if along_x {
                        xa
                    } else {
                        ya
                    }
                } else {
                    let back = self
                        .sides(across)
                        .as_slice()
                        .iter()
                        .position(|&s| s == Some(cell))?;
                    if back % 2 == 0 {
                        xb
                    } else {
                        yb
                    }
                };
                Some((id, fraction(t, c.n)))
            }
            _ => None,
        }
    }

    /// Side `k` of a cell drawn as a square, as its two ends.
    pub fn square_side(&self, cell: Cell, k: usize) -> Option<(Point, Point)> {
        let (x, y) = self.square_corner(cell)?;
        let c = [(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)];
        (k < 4).then(|| (c[k], c[(k + 1) % 4]))
    }

    /// The cell under a point, or `None` off the maze (or on a masked cell).
    pub fn cell_at(&self, x: f64, y: f64) -> Option<Cell> {
        if !x.is_finite() || !y.is_finite() {
            return None;
        }
        let cell = match &self.kind {
            Kind::Square(w) => {
                let (cx, cy) = (x.floor(), y.floor());
                let inside = cx >= 0.0
                    && cy >= 0.0
                    && cx < f64::from(w.dims.width)
                    && cy < f64::from(w.dims.height);
                inside.then(|| w.dims.at(cx as u32, cy as u32))?
            }
            Kind::Hex(h) => hex_at(h.dims, x, y)?,
            Kind::Stack(s) => {
                let (pitch_x, pitch_y) = (s.width + LEVEL_GAP, s.height + LEVEL_GAP);
                let (cols, rows) = level_grid(s);
                if x < 0.0 || y < 0.0 {
                    return None;
                }
                let (col, row) = ((x as u32) / pitch_x, (y as u32) / pitch_y);
                let (cx, cy) = ((x as u32) % pitch_x, (y as u32) % pitch_y);
                if col >= cols || row >= rows || cx >= s.width || cy >= s.height {
                    return None;
                }
                let (l, k) = level_at(s, col, row)?;
                s.at(super::Place { x: cx, y: cy, l, k })
            }
            Kind::Cube(c) => {
                if x < 0.0 || y < 0.0 {
                    return None;
                }
                let (ux, uy) = (x as u32, y as u32);
                let (fx, fy) = (ux / c.n, uy / c.n);
                let face = (0..6).find(|&f| super::Cube::net(f) == (fx, fy))?;
                c.at(face, ux % c.n, uy % c.n)
            }
            Kind::Crack(c) => c.cell_at(x, y)?,
            Kind::Upsilon(u) => {
                let (gx, gy) = ((x - UPSILON_MARGIN).floor(), (y - UPSILON_MARGIN).floor());
                let mut points = Vec::with_capacity(8);
                let mut starts = Vec::with_capacity(8);
                let (w, h) = (i64::from(u.dims.width), i64::from(u.dims.height));
                let (gx, gy) = (gx as i64, gy as i64);
                let mut found = None;
                'search: for dy in -1..=1 {
                    for dx in -1..=1 {
                        let (cx, cy) = (gx + dx, gy + dy);
                        if (0..w).contains(&cx) && (0..h).contains(&cy) {
                            let cell = u.dims.at(cx as u32, cy as u32);
                            self.outline(cell, &mut points, &mut starts);
                            if inside_convex(&points, (x, y)) {
                                found = Some(cell);
                                break 'search;
                            }
                        }
                    }
                }
                found?
            }
            Kind::Triangle(t) => {
                let row = (y / TRI_H).floor();
                if row < 0.0 || row >= f64::from(t.dims.height) {
                    return None;
                }
                let guess = (2.0 * x).floor() as i64;
                let mut points = Vec::with_capacity(3);
                let mut starts = Vec::with_capacity(3);
                (guess - 2..=guess + 1)
                    .filter(|&c| (0..i64::from(t.dims.width)).contains(&c))
                    .map(|c| t.dims.at(c as u32, row as u32))
                    .find(|&cell| {
                        self.outline(cell, &mut points, &mut starts);
                        inside_convex(&points, (x, y))
                    })?
            }
            Kind::Polar(p) => {
                let c = f64::from(p.rings());
                let (dx, dy) = (x - c, y - c);
                let rho = (dx * dx + dy * dy).sqrt();
                let r = rho.floor();
                if r >= f64::from(p.rings()) {
                    return None;
                }
                if r < 1.0 {
                    0
                } else {
                    let r = r as u32;
                    let n = p.ring_len(r);
                    let angle = dy.atan2(dx).rem_euclid(TAU);
                    let i = ((angle / TAU * f64::from(n)) as u32).min(n - 1);
                    p.ring_start(r) + i
                }
            }
        };
        self.is_cell(cell).then_some(cell)
    }
}

/// The cube's edges that the net leaves apart, as face pairs (up 0, left
/// 1, front 2, right 3, back 4, down 5): the seams the page marks.
const CUBE_SEAMS: [(usize, usize); 7] = [(0, 1), (0, 3), (0, 4), (1, 4), (1, 5), (3, 5), (4, 5)];

/// Empty columns and rows between two levels of a 3D or 4D maze.
pub const LEVEL_GAP: u32 = 1;
/// An upsilon octagon's circumradius: its flats sit sqrt(2)/2 from its
/// centre, so diagonal octagons one cell apart share one.
const OCTAGON_R: f64 = 0.765_366_864_730_179_8;
/// Half an upsilon square's side: what the octagons leave of a unit cell.
const SQUARE_HALF: f64 = 1.0 - std::f64::consts::FRAC_1_SQRT_2;
/// How far the octagons reach past the unit cells' box.
const UPSILON_MARGIN: f64 = std::f64::consts::FRAC_1_SQRT_2 - 0.5;

/// The columns and rows of levels a 3D or 4D maze is drawn in: 4D as its
/// `hyper` rows of `levels`; 3D side by side, wrapped into rows of
/// `s.columns` levels, or so the picture is about 16:10 (a tall stack of
/// thin levels stays in a row).
pub fn level_grid(s: &super::Stack) -> (u32, u32) {
    if s.four {
        return (s.levels, s.hyper);
    }
    if s.columns > 0 {
        let cols = s.columns.min(s.levels);
        return (cols, s.levels.div_ceil(cols));
    }
    let (w, h) = (
        f64::from(s.width + LEVEL_GAP),
        f64::from(s.height + LEVEL_GAP),
    );
    let n = f64::from(s.levels);
    let cols = ((1.6 * n * h / w).sqrt().ceil() as u32).clamp(1, s.levels);
    (cols, s.levels.div_ceil(cols))
}

/// How many levels a row should hold for a 3D picture to be drawn the
/// largest in a box of `width` x `height` (a phone's tall box takes fewer
/// a row than the 16:10 default); 4D keeps its own grid (0).
pub fn best_level_columns(s: &super::Stack, width: f64, height: f64) -> u32 {
    if s.four || width <= 0.0 || height <= 0.0 {
        return 0;
    }
    let (w, h) = (
        f64::from(s.width + LEVEL_GAP),
        f64::from(s.height + LEVEL_GAP),
    );
    let scale = |cols: u32| {
        let rows = s.levels.div_ceil(cols);
        (width / (f64::from(cols) * w)).min(height / (f64::from(rows) * h))
    };
    // From one column up: a tie keeps the fewer columns.
    (1..=s.levels.min(4096))
        .fold((1, 0.0), |(best, at), cols| {
            let here = scale(cols);
            if here > at * (1.0 + 1e-9) {
                (cols, here)
            } else {
                (best, at)
            }
        })
        .0
}

/// The top-left unit of level `(l, k)`.
pub fn level_origin(s: &super::Stack, l: u32, k: u32) -> (u32, u32) {
    let (col, row) = if s.four {
        (l, k)
    } else {
        let cols = level_grid(s).0;
        (l % cols, l / cols)
    };
    (col * (s.width + LEVEL_GAP), row * (s.height + LEVEL_GAP))
}

/// The level drawn at a column and row of the level grid, if any.
fn level_at(s: &super::Stack, col: u32, row: u32) -> Option<(u32, u32)> {
    if s.four {
        return Some((col, row));
    }
    let l = row * level_grid(s).0 + col;
    (l < s.levels).then_some((l, 0))
}

/// The hexagon under a point: the point in axial coordinates, rounded to
/// the nearest hexagon in cube coordinates (exact in an unbounded tiling),
/// then back to odd-r offset rows; `None` past the grid.
fn hex_at(dims: Dims, x: f64, y: f64) -> Option<Cell> {
    let (px, py) = ((x - 0.5) / HEX_R, (y - HEX_R) / HEX_R);
    let q = SQRT3 / 3.0 * px - py / 3.0;
    let r = 2.0 / 3.0 * py;
    let s = -q - r;
    // Ties cannot matter here; `round_ties_even` is one wasm instruction.
    let (mut rq, mut rr, rs) = (
        q.round_ties_even(),
        r.round_ties_even(),
        s.round_ties_even(),
    );
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    let (q, row) = (rq as i64, rr as i64);
    let col = q + (row - (row & 1)) / 2;
    let inside =
        (0..i64::from(dims.width)).contains(&col) && (0..i64::from(dims.height)).contains(&row);
    inside.then(|| dims.at(col as u32, row as u32))
}

fn hex_centre(x: u32, y: u32) -> Point {
    let shift = if y % 2 == 1 { 0.5 } else { 0.0 };
    (
        f64::from(x) + 0.5 + shift,
        HEX_R + f64::from(y) * 1.5 * HEX_R,
    )
}

/// Whether a point is inside a convex polygon given clockwise (y down).
pub fn inside_convex(points: &[Point], (x, y): Point) -> bool {
    let n = points.len();
    (0..n).all(|k| {
        let (ax, ay) = points[k];
        let (bx, by) = points[(k + 1) % n];
        (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= -1e-9
    })
}

/// A polar cell: its outer arc split per outward neighbour, the clockwise
/// radial edge, the inner arc, the counter-clockwise radial edge.
fn polar_outline(p: &super::Polar, cell: Cell, out: &mut Vec<Point>, starts: &mut Vec<usize>) {
    let c = f64::from(p.rings());
    let at = |rho: f64, angle: f64| (c + rho * angle.cos(), c + rho * angle.sin());
    let arc = |out: &mut Vec<Point>, rho: f64, a0: f64, a1: f64| {
        let steps = (((a1 - a0).abs() * ARC_POINTS_PER_RADIAN).ceil() as usize).max(1);
        for s in 0..steps {
            out.push(at(rho, a0 + (a1 - a0) * s as f64 / steps as f64));
        }
    };
    let (r, i) = p.locate(cell);
    if r == 0 {
        // The centre: one side per cell of ring 1, on the circle of radius 1.
        let n = if p.rings() > 1 { p.ring_len(1) } else { 1 };
        for k in 0..n {
            starts.push(out.len());
            let a0 = f64::from(k) / f64::from(n) * TAU;
            arc(out, 1.0, a0, a0 + TAU / f64::from(n));
        }
        return;
    }
    let n = f64::from(p.ring_len(r));
    let (a0, a1) = (f64::from(i) / n * TAU, f64::from(i + 1) / n * TAU);
    let (inner, outer) = (f64::from(r), f64::from(r) + 1.0);
    let sides = p.side_cells(cell);
    let outward = sides.len() - 3;
    for k in 0..outward {
        starts.push(out.len());
        let span = (a1 - a0) / outward as f64;
        arc(out, outer, a0 + span * k as f64, a0 + span * (k + 1) as f64);
    }
    starts.push(out.len());
    out.push(at(outer, a1));
    starts.push(out.len());
    arc(out, inner, a1, a0);
    starts.push(out.len());
    out.push(at(inner, a0));
}
