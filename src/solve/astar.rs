//! A* search with the Manhattan distance.
//!
//! 1. Queue the start with cost g = 0 and priority f = g + h, where h is the
//!    Manhattan distance to the goal.
//! 2. Take the queued cell with the lowest f (the lowest h on ties); skip it
//!    if it was already closed; stop if it is the goal.
//! 3. Close it, and queue each open neighbour reached more cheaply than before
//!    (g grows by the weight of the cell entered: one move on an unweighted
//!    maze).
//!
//! On a grid the Manhattan distance never overestimates, so the path is a
//! shortest one, on any maze; every weight is at least one, so it never
//! overestimates a weighted maze's cost either, and the path is then a
//! cheapest one. It explores toward the goal first, so on open
//! mazes it looks at far fewer cells than breadth-first search; in a perfect
//! maze the walls often force it to look almost as widely. Its loop is
//! Dijkstra's (`cheapest_first`); this file gives its estimate.

use super::cheapest_first::{CheapestFirst, Estimate};
use super::Solve;
use crate::grid::Grid;
use crate::shape::Cell;

/// A*'s estimate of the moves left to the goal.
#[derive(Clone)]
pub struct Distance {
    goal_xy: (u32, u32),
    /// Off the plain square: the goal's centre and the longest step between
    /// neighbouring centres (distance / longest step never overestimates
    /// the moves left), or `None` on a wrapped square, where the seams make
    /// any plane distance an overestimate (then A* is Dijkstra).
    goal_centre: Option<((f64, f64), f64)>,
}

pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
    let distance = Distance {
        goal_xy: grid.dims().xy(goal),
        goal_centre: goal_centre(&grid, goal),
    };
    CheapestFirst::start(grid, start, goal, distance)
}

impl Estimate for Distance {
    fn estimate(&self, grid: &Grid, cell: Cell) -> u32 {
        if grid.square().is_some() {
            let (x, y) = grid.dims().xy(cell);
            let manhattan = x.abs_diff(self.goal_xy.0) + y.abs_diff(self.goal_xy.1);
            // A tunnel moves two cells in one step: half the distance is
            // what never overestimates on a woven maze.
            return if grid.is_woven() {
                manhattan / 2
            } else {
                manhattan
            };
        }
        match self.goal_centre {
            Some(((gx, gy), step)) => {
                let (x, y) = grid.shape().centre(cell);
                ((x - gx).hypot(y - gy) / step).floor() as u32
            }
            None => 0,
        }
    }
}

/// The goal's centre and the longest step, off the plain square; `None` on
/// a wrapped square.
fn goal_centre(grid: &Grid, goal: Cell) -> Option<((f64, f64), f64)> {
    use crate::shape::{Kind, Topology};
    let shape = grid.shape();
    if grid.square().is_some() || matches!(&shape.kind, Kind::Square(w) if w.wraps()) {
        return None;
    }
    let mut step: f64 = 0.0;
    shape.for_each_edge(|a, b| {
        let ((ax, ay), (bx, by)) = (shape.centre(a), shape.centre(b));
        step = step.max((ax - bx).hypot(ay - by));
    });
    (step > 0.0).then(|| (shape.centre(goal), step))
}
