//! Where a cell stands when walked: its centre and outline in maze units
//! (a 3D maze's levels laid one over another instead of side by side),
//! its level, and the direction each of its sides faces from its centre.

use super::images::Images;
use crate::error::MazeError;
use crate::shape::geometry::{level_origin, Point};
use crate::shape::{Cell, Kind, Shape, Topology};

/// A level's height: walls 1 high and the floor of the level above
/// (level 1, the first, is the top one: "up" leads to a lower number).
pub const LEVEL_H: f64 = 1.08;

/// A shape as the walk sees it.
pub struct Ground<'a> {
    shape: &'a Shape,
    /// The copies drawn around a wrapped square.
    pub images: Images,
}

impl<'a> Ground<'a> {
    /// The walk's view of `shape`; the cube and 4D mazes have no ground
    /// to stand on here, and say so.
    pub fn new(shape: &'a Shape) -> Result<Ground<'a>, MazeError> {
        let refuse = |what: &str| {
            MazeError::BadValue {
            what: "walk view",
            given: what.to_string(),
            valid: "a square, hex, triangle, polar, upsilon or 3D maze (the cube and 4D have no floor to walk on)".into(),
        }
        };
        match &shape.kind {
            Kind::Cube(_) => Err(refuse("the cube")),
            Kind::Stack(s) if s.four => Err(refuse("a 4D maze")),
            _ => Ok(Ground {
                shape,
                images: Images::of(shape),
            }),
        }
    }

    /// The shape walked.
    pub fn shape(&self) -> &Shape {
        self.shape
    }

    /// Where a 3D maze draws a cell's level on the page (its top-left),
    /// taken off so that every level lies over the first.
    fn origin(&self, cell: Cell) -> Point {
        match &self.shape.kind {
            Kind::Stack(s) => {
                let p = s.place(cell);
                let (x, y) = level_origin(s, p.l, p.k);
                (f64::from(x), f64::from(y))
            }
            _ => (0.0, 0.0),
        }
    }

    /// The middle of the maze's plan (of a level, in a 3D maze).
    pub fn middle(&self) -> Point {
        match &self.shape.kind {
            Kind::Stack(s) => (f64::from(s.width) / 2.0, f64::from(s.height) / 2.0),
            _ => {
                let (w, h) = self.shape.bounds();
                (w / 2.0, h / 2.0)
            }
        }
    }

    /// A cell's level: 0 but in a 3D maze.
    pub fn level(&self, cell: Cell) -> u32 {
        match &self.shape.kind {
            Kind::Stack(s) => s.place(cell).l,
            _ => 0,
        }
    }

    /// The altitude of a cell's level's floor: the first level on top,
    /// each next one a level's height below.
    pub fn altitude(&self, cell: Cell) -> f64 {
        -f64::from(self.level(cell)) * LEVEL_H
    }

    /// A cell's centre.
    pub fn centre(&self, cell: Cell) -> Point {
        let (c, o) = (self.shape.centre(cell), self.origin(cell));
        (c.0 - o.0, c.1 - o.1)
    }

    /// A cell's outline as `Shape::outline` gives it, moved as `centre`.
    pub fn outline(&self, cell: Cell, out: &mut Vec<Point>, starts: &mut Vec<usize>) {
        self.shape.outline(cell, out, starts);
        let o = self.origin(cell);
        for p in out.iter_mut() {
            *p = (p.0 - o.0, p.1 - o.1);
        }
    }

    /// Each side drawn in a cell's outline and the way it faces from the
    /// centre (radians, y down: 0 east, a quarter turn south), into `out`.
    pub fn side_angles(&self, cell: Cell, out: &mut Vec<(usize, f64)>) {
        let (mut points, mut starts) = (Vec::new(), Vec::new());
        self.outline(cell, &mut points, &mut starts);
        out.clear();
        let c = self.centre(cell);
        for k in 0..starts.len() {
            let (a, b) = side_ends(&points, &starts, k);
            let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            out.push((k, (m.1 - c.1).atan2(m.0 - c.0)));
        }
    }

    /// How far a cell's centre is from its nearest side's middle: what
    /// the eye can stand back from the centre without passing a wall.
    pub fn inradius(&self, cell: Cell) -> f64 {
        let (mut points, mut starts) = (Vec::new(), Vec::new());
        self.outline(cell, &mut points, &mut starts);
        let c = self.centre(cell);
        (0..starts.len())
            .map(|k| {
                let (a, b) = side_ends(&points, &starts, k);
                ((a.0 + b.0) / 2.0 - c.0).hypot((a.1 + b.1) / 2.0 - c.1)
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// How many sides a cell has in its level (not those to other levels).
    pub fn level_sides(&self, cell: Cell) -> usize {
        self.shape
            .drawn_sides(self.shape.sides(cell).as_slice().len())
    }
}

/// The first and last point of side `k` of an outline.
pub fn side_ends(points: &[Point], starts: &[usize], k: usize) -> (Point, Point) {
    let a = points[starts[k]];
    let b = if k + 1 < starts.len() {
        points[starts[k + 1]]
    } else {
        points[0]
    };
    (a, b)
}

/// The points of side `k` of an outline, first to last, into `out`.
pub fn side_points(points: &[Point], starts: &[usize], k: usize, out: &mut Vec<Point>) {
    out.clear();
    let end = if k + 1 < starts.len() {
        starts[k + 1]
    } else {
        points.len()
    };
    out.extend_from_slice(&points[starts[k]..end]);
    out.push(side_ends(points, starts, k).1);
}
