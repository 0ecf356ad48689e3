//! Crack: cells of any outline, walls at every angle, as in Walter
//! Pullen's crack mazes. The maze's `W` x `H` rectangle holds one point in
//! each unit square, placed at random (a jittered grid: as even as
//! Poisson-disc points, and numbered row by row for free), and each cell
//! is the part of the rectangle nearer its point than any other: the
//! points' Voronoi diagram, clipped to the rectangle.
//!
//! 1. The points come from a stream seeded by the size alone, so a size
//!    always names the same cells (a link needs nothing more).
//! 2. The Voronoi diagram is the dual of the Delaunay triangulation
//!    (`delaunator`): a cell's corners are the circumcentres of the
//!    triangles round its point, and the neighbour across each side is
//!    the point the two triangles share.
//! 3. The points within `BAND` of the rectangle's edges are mirrored
//!    across them, so the bisector between a point and its mirror is the
//!    edge itself: every cell comes out closed and already clipped, its
//!    sides facing a mirror being the border.
//! 4. A maze stores eight walls a cell, so a point whose cell would have
//!    more than eight sides (rare) is dropped and the diagram built again.
//!
//! Sides run clockwise on screen from the corner the triangulation lists
//! first; a wall belongs to the lower-numbered cell (`slot_by_lower`). The
//! mazes look cracked: passages of every width and turn, no grain.

use super::{walk_by_sides, Topology};
use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{Cell, Dims, Neighbors, Sides, Walker};
use std::sync::Arc;

/// A point in maze units.
type Point = (f64, f64);

/// No neighbour: the rectangle's border.
const BORDER: Cell = Cell::MAX;
/// How far from the edges points are mirrored: past it no mirror can
/// touch a cell (every unit square has a point, so cells are small).
const BAND: f64 = 3.0;
/// The share of its unit square a point may fall in, centred: a margin
/// keeps two points from nearly meeting, which would leave slivers, and
/// keeps cells of more than eight sides rare (at 0.8, one in 400, each
/// costing the diagram a rebuild; at 0.6, a handful in a million).
const JITTER: f64 = 0.6;
/// The most cells a crack maze takes: its diagram is kept whole.
pub const MAX_CELLS: u32 = 1 << 21;

/// Crack cells in a `dims` rectangle.
#[derive(Clone)]
pub struct Crack {
    /// The rectangle, in unit squares (about one cell each).
    pub dims: Dims,
    graph: Arc<Graph>,
}

/// One cell's sides: the neighbour across each (`BORDER` on the border)
/// and how many there are, together so a step reads one place.
#[derive(Clone, Copy)]
struct Row {
    across: [Cell; 8],
    count: u32,
}

/// The built diagram.
struct Graph {
    /// Each cell's point.
    sites: Vec<Point>,
    /// Each cell's sides.
    rows: Vec<Row>,
    /// Cell c's corners are `corners[start[c]..start[c + 1]]`; side k runs
    /// from corner k to corner k + 1.
    start: Vec<u32>,
    corners: Vec<Point>,
    /// The cell whose point lies in each unit square (`BORDER` if dropped).
    square: Vec<Cell>,
}

impl PartialEq for Crack {
    /// The cells are a function of the size.
    fn eq(&self, other: &Crack) -> bool {
        self.dims == other.dims
    }
}

impl Eq for Crack {}

impl std::fmt::Debug for Crack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Crack({}x{})", self.dims.width, self.dims.height)
    }
}

/// The circumcentre of a triangle.
fn circumcentre(a: Point, b: Point, c: Point) -> Point {
    let (bx, by) = (b.0 - a.0, b.1 - a.1);
    let (cx, cy) = (c.0 - a.0, c.1 - a.1);
    let d = 2.0 * (bx * cy - by * cx);
    let (b2, c2) = (bx * bx + by * by, cx * cx + cy * cy);
    (a.0 + (cy * b2 - by * c2) / d, a.1 + (bx * c2 - cx * b2) / d)
}

impl Crack {
    /// The crack cells of a `dims` rectangle.
    pub fn new(dims: Dims) -> Result<Crack, MazeError> {
        if dims.cells() > MAX_CELLS {
            return Err(MazeError::BadValue {
                what: "crack size",
                given: format!("{}x{}", dims.width, dims.height),
                valid: format!("at most {MAX_CELLS} cells"),
            });
        }
        Ok(Crack {
            dims,
            graph: Arc::new(Graph::build(dims)),
        })
    }

    /// A cell's point, inside it.
    pub fn site(&self, cell: Cell) -> Point {
        self.graph.sites[cell as usize]
    }

    /// A cell's corners, clockwise on screen: side k runs from corner k to
    /// corner k + 1 (the last back to the first).
    pub fn corners(&self, cell: Cell) -> &[Point] {
        let g = &self.graph;
        &g.corners[g.start[cell as usize] as usize..g.start[cell as usize + 1] as usize]
    }

    /// The cell under a point of the rectangle (the nearest point's), or
    /// `None` outside it.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<Cell> {
        let (w, h) = (f64::from(self.dims.width), f64::from(self.dims.height));
        if !(0.0..w).contains(&x) || !(0.0..h).contains(&y) {
            return None;
        }
        let (sx, sy) = (x.floor() as i64, y.floor() as i64);
        let mut best: Option<(f64, Cell)> = None;
        for dy in -2..=2 {
            for dx in -2..=2 {
                let (qx, qy) = (sx + dx, sy + dy);
                if qx < 0
                    || qy < 0
                    || qx >= i64::from(self.dims.width)
                    || qy >= i64::from(self.dims.height)
                {
                    continue;
                }
                let cell = self.graph.square[(qy as u32 * self.dims.width + qx as u32) as usize];
                if cell == BORDER {
                    continue;
                }
                let (px, py) = self.site(cell);
                let d = (px - x).powi(2) + (py - y).powi(2);
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, cell));
                }
            }
        }
        best.map(|(_, cell)| cell)
    }
}

impl Graph {
    fn build(dims: Dims) -> Graph {
        let (w, h) = (dims.width, dims.height);
        let mut rng = Rng::with_stream((u64::from(w) << 32) | u64::from(h), 0x0063_7261_636b);
        let mut points: Vec<Point> = Vec::with_capacity(dims.cells() as usize);
        for y in 0..h {
            for x in 0..w {
                let margin = (1.0 - JITTER) / 2.0;
                let u = f64::from(rng.below(1 << 20)) / f64::from(1 << 20);
                let v = f64::from(rng.below(1 << 20)) / f64::from(1 << 20);
                points.push((
                    f64::from(x) + margin + JITTER * u,
                    f64::from(y) + margin + JITTER * v,
                ));
            }
        }
        let mut alive = vec![true; points.len()];
        loop {
            match Graph::try_build(dims, &points, &alive) {
                Ok(graph) => return graph,
                Err(crowded) => {
                    for p in crowded {
                        alive[p] = false;
                    }
                }
            }
        }
    }

    /// The diagram of the living points, or the points whose cells have
    /// more than eight sides.
    fn try_build(dims: Dims, points: &[Point], alive: &[bool]) -> Result<Graph, Vec<usize>> {
        let (w, h) = (f64::from(dims.width), f64::from(dims.height));
        // Cell numbers of the living points, in row order.
        let mut square = vec![BORDER; points.len()];
        let mut real: Vec<usize> = Vec::with_capacity(points.len());
        for (p, _) in alive.iter().enumerate().filter(|(_, &a)| a) {
            square[p] = real.len() as Cell;
            real.push(p);
        }
        let cells = real.len();
        let mut all: Vec<delaunator::Point> = real
            .iter()
            .map(|&p| delaunator::Point {
                x: points[p].0,
                y: points[p].1,
            })
            .collect();
        // Mirrors across each edge and corner near it.
        for &p in &real {
            let (x, y) = points[p];
            let xs = [
                Some(x),
                (x < BAND).then_some(-x),
                (x > w - BAND).then_some(2.0 * w - x),
            ];
            let ys = [
                Some(y),
                (y < BAND).then_some(-y),
                (y > h - BAND).then_some(2.0 * h - y),
            ];
            for (i, mx) in xs.iter().enumerate() {
                for (j, my) in ys.iter().enumerate() {
                    if let (Some(mx), Some(my), false) = (mx, my, i == 0 && j == 0) {
                        all.push(delaunator::Point { x: *mx, y: *my });
                    }
                }
            }
        }
        let t = delaunator::triangulate(&all);
        let at = |i: usize| (all[i].x, all[i].y);
        // An incoming half-edge for each point.
        let mut incoming = vec![delaunator::EMPTY; all.len()];
        for e in 0..t.triangles.len() {
            let p = t.triangles[delaunator::next_halfedge(e)];
            if incoming[p] == delaunator::EMPTY || t.halfedges[e] == delaunator::EMPTY {
                incoming[p] = e;
            }
        }
        let mut graph = Graph {
            sites: real.iter().map(|&p| points[p]).collect(),
            rows: Vec::with_capacity(cells),
            start: Vec::with_capacity(cells + 1),
            corners: Vec::with_capacity(cells * 6),
            square,
        };
        let mut crowded = Vec::new();
        let mut ring: Vec<(Point, Cell)> = Vec::new();
        for (cell, &p) in real.iter().enumerate() {
            // The triangles round the point: each one's circumcentre is a
            // corner, and the next edge out of the point names the
            // neighbour across the side to the next corner.
            ring.clear();
            let first = incoming[cell];
            let mut e = first;
            loop {
                let tri = e - e % 3;
                let corner = circumcentre(
                    at(t.triangles[tri]),
                    at(t.triangles[tri + 1]),
                    at(t.triangles[tri + 2]),
                );
                let out = delaunator::next_halfedge(e);
                let across = t.triangles[delaunator::next_halfedge(out)];
                ring.push((
                    corner,
                    if across < cells {
                        across as Cell
                    } else {
                        BORDER
                    },
                ));
                e = t.halfedges[out];
                assert!(
                    e != delaunator::EMPTY,
                    "a crack cell on the hull: the mirrors close every cell"
                );
                if e == first {
                    break;
                }
            }
            // Sides of no length (four points on a circle, as a point, its
            // neighbour and their mirrors always are) are no sides.
            let m = ring.len();
            let kept: Vec<(Point, Cell)> = (0..m)
                .filter(|&k| {
                    let (a, b) = (ring[k].0, ring[(k + 1) % m].0);
                    (a.0 - b.0).abs() + (a.1 - b.1).abs() > 1e-9
                })
                .map(|k| ring[k])
                .collect();
            // Clockwise on screen (y down): a positive shoelace sum.
            let area: f64 = (0..kept.len())
                .map(|k| {
                    let (a, b) = (kept[k].0, kept[(k + 1) % kept.len()].0);
                    a.0 * b.1 - b.0 * a.1
                })
                .sum();
            let sides: Vec<(Point, Cell)> = if area >= 0.0 {
                kept
            } else {
                // Reversed: corner j is old corner m - j, facing old side m - 1 - j.
                let n = kept.len();
                (0..n)
                    .map(|j| (kept[(n - j) % n].0, kept[n - 1 - j].1))
                    .collect()
            };
            if sides.len() > 8 {
                crowded.push(p);
                continue;
            }
            let mut across = [BORDER; 8];
            graph.start.push(graph.corners.len() as u32);
            for (k, &(corner, n)) in sides.iter().enumerate() {
                across[k] = n;
                graph.corners.push(corner);
            }
            graph.rows.push(Row {
                across,
                count: sides.len() as u32,
            });
        }
        if !crowded.is_empty() {
            return Err(crowded);
        }
        graph.start.push(graph.corners.len() as u32);
        Ok(graph)
    }
}

impl Topology for Crack {
    type SideList = Sides;

    #[inline]
    fn cells(&self) -> u32 {
        self.graph.rows.len() as u32
    }

    #[inline]
    fn side_cells(&self, cell: Cell) -> Sides {
        let row = &self.graph.rows[cell as usize];
        Sides::first(row.across.map(|c| (c != BORDER).then_some(c)), row.count)
    }

    /// Each side straight from the row, with no list built (the default
    /// builds the sides twice over).
    #[inline]
    fn for_each_side(&self, cell: Cell, mut visit: impl FnMut(usize, Option<Cell>)) {
        let row = &self.graph.rows[cell as usize];
        for (k, &n) in row.across[..row.count as usize].iter().enumerate() {
            visit(k, (n != BORDER).then_some(n));
        }
    }

    /// A wall's code is its owner and the owner's side (`slot_by_lower`'s
    /// bit), so its cells are one read (the default searches the owner's
    /// walls).
    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let owner = code >> 3;
        (
            owner,
            self.graph.rows[owner as usize].across[(code & 7) as usize],
        )
    }

    /// The neighbours straight from the row, with no side list built
    /// first (the default goes through `side_cells`).
    #[inline]
    fn neighbors(&self, cell: Cell) -> Neighbors {
        let row = &self.graph.rows[cell as usize];
        let mut out = Neighbors::new();
        for &n in &row.across[..row.count as usize] {
            if n != BORDER {
                out.push(n);
            }
        }
        out
    }

    /// `slot_by_lower`, read straight from the lower cell's row.
    #[inline]
    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        let (lo, hi) = (a.min(b), a.max(b));
        if lo == hi || hi >= self.cells() {
            return None;
        }
        let row = &self.graph.rows[lo as usize];
        let k = row.across[..row.count as usize]
            .iter()
            .position(|&n| n == hi)?;
        Some((lo, 1 << k))
    }

    /// `owned_by_lower`, read straight from the row.
    #[inline]
    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        let row = &self.graph.rows[cell as usize];
        for (k, &n) in row.across[..row.count as usize].iter().enumerate() {
            if n != BORDER && n > cell {
                visit(1 << k, n);
            }
        }
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        Walker { cell, x: 0, y: 0 }
    }

    #[inline]
    fn walk(&self, walker: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        walk_by_sides(self, walker, rng, live)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_tile_the_rectangle_and_neighbours_agree() {
        let crack = Crack::new(Dims::new(14, 9).unwrap()).unwrap();
        let n = crack.cells();
        assert!(n > 120 && n <= 126, "{n} cells");
        let mut area = 0.0;
        for cell in 0..n {
            let corners = crack.corners(cell);
            let sides = crack.sides(cell);
            assert_eq!(corners.len(), sides.as_slice().len());
            assert!((3..=8).contains(&corners.len()));
            for (k, side) in sides.as_slice().iter().enumerate() {
                let (a, b) = (corners[k], corners[(k + 1) % corners.len()]);
                match side {
                    // A neighbour lists this cell back across the same segment.
                    Some(m) => {
                        let back = crack
                            .sides(*m)
                            .as_slice()
                            .iter()
                            .position(|&s| s == Some(cell))
                            .unwrap();
                        let theirs = crack.corners(*m);
                        let (c, d) = (theirs[back], theirs[(back + 1) % theirs.len()]);
                        let close =
                            |p: Point, q: Point| (p.0 - q.0).abs() + (p.1 - q.1).abs() < 1e-9;
                        assert!(close(a, d) && close(b, c), "cells {cell} and {m}");
                    }
                    // A border side lies on the rectangle's edge.
                    None => {
                        let on_edge = |p: Point| {
                            p.0.abs() < 1e-9
                                || p.1.abs() < 1e-9
                                || (p.0 - 14.0).abs() < 1e-9
                                || (p.1 - 9.0).abs() < 1e-9
                        };
                        assert!(
                            on_edge(a) && on_edge(b),
                            "cell {cell} side {k}: {a:?} {b:?}"
                        );
                    }
                }
                area += a.0 * b.1 - b.0 * a.1;
            }
            // The point is in its own cell.
            let (x, y) = crack.site(cell);
            assert_eq!(crack.cell_at(x, y), Some(cell));
        }
        // Clockwise cells that tile the rectangle add up to its area.
        assert!((area / 2.0 - 14.0 * 9.0).abs() < 1e-6, "{}", area / 2.0);
        assert_eq!(crack.cell_at(-0.1, 3.0), None);
    }

    #[test]
    fn the_fast_paths_read_as_the_defaults_do() {
        let crack = Crack::new(Dims::new(12, 9).unwrap()).unwrap();
        for cell in 0..crack.cells() {
            let sides = crack.side_cells(cell);
            let mut visited = Vec::new();
            crack.for_each_side(cell, |k, n| visited.push((k, n)));
            let listed: Vec<_> = sides.as_slice().iter().copied().enumerate().collect();
            assert_eq!(visited, listed);
            for n in sides.as_slice().iter().flatten() {
                let (owner, bit) = crack.wall_slot(cell, *n).unwrap();
                let code = owner * 8 + bit.trailing_zeros();
                let (x, y) = crack.wall_cells(code);
                assert_eq!((x.min(y), x.max(y)), (cell.min(*n), cell.max(*n)));
            }
        }
    }

    #[test]
    fn a_size_always_names_the_same_cells() {
        let a = Crack::new(Dims::new(10, 10).unwrap()).unwrap();
        let b = Crack::new(Dims::new(10, 10).unwrap()).unwrap();
        assert_eq!(a.corners(37), b.corners(37));
        assert!(Crack::new(Dims::new(4096, 4096).unwrap()).is_err());
    }
}

#[cfg(test)]
mod mazes {
    use crate::generate::{check_shape, generate, Params, ALGORITHMS};
    use crate::lab::trees::{matrix_tree_count, Trees};
    use crate::program::verdict::judge;
    use crate::shape::{Shape, Topology};

    #[test]
    fn every_generator_that_runs_on_crack_makes_a_perfect_maze_at_the_default_size() {
        let shape = Shape::parse("crack", crate::shape::default_size("crack"), None).unwrap();
        let runs: Vec<_> = ALGORITHMS
            .iter()
            .filter(|a| check_shape(a, &shape).is_ok())
            .collect();
        assert!(runs.len() >= 15, "{} generators", runs.len());
        for a in runs {
            for seed in 1..=3 {
                let grid = generate(a.name, Params::on(shape.clone(), seed)).unwrap();
                let verdict = judge(&grid);
                assert!(
                    verdict.perfect(),
                    "{} seed {seed}: {}",
                    a.name,
                    verdict.summary()
                );
            }
        }
        // The row-and-column generators are refused by name.
        let sidewinder = ALGORITHMS.iter().find(|a| a.name == "sidewinder").unwrap();
        let why = check_shape(sidewinder, &shape).unwrap_err().to_string();
        assert!(why.contains("sidewinder"), "{why}");
    }

    #[test]
    fn the_uniformity_test_lists_kirchhoffs_count_of_spanning_trees() {
        for size in ["3x2", "3x3", "4x3"] {
            let shape = Shape::parse("crack", size, None).unwrap();
            let trees = Trees::of(&shape).unwrap();
            assert_eq!(
                trees.len() as u128,
                matrix_tree_count(&shape),
                "crack {size}"
            );
            assert!(shape.cells() >= 6);
        }
    }
}
