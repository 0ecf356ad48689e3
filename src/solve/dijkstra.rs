//! Dijkstra's algorithm: the cheapest way, where each cell entered costs
//! its weight (`weights`; one move on an unweighted maze).
//!
//! 1. Queue the start with cost 0.
//! 2. Take the queued cell of lowest cost; skip it if it was already
//!    settled; stop if it is the goal.
//! 3. Settle it, and queue each open neighbour that its cost plus the
//!    neighbour's weight reaches more cheaply than before.
//!
//! A cell is settled at its lowest cost, since costs are never negative, so
//! the path is a cheapest one on any maze. On an unweighted maze it floods
//! in rings like breadth-first search; on a weighted one the flood runs
//! ahead through cheap cells and lags in dear ones, and on a braided maze
//! its way can take more moves than the shortest to cost less. It is A*
//! with no estimate: `cheapest_first` runs both.

use super::cheapest_first::{CheapestFirst, Estimate};
use super::Solve;
use crate::grid::Grid;
use crate::shape::Cell;

/// No estimate of the cost left: the cheapest cost so far goes first.
#[derive(Clone)]
pub struct NoEstimate;

impl Estimate for NoEstimate {
    fn estimate(&self, _grid: &Grid, _cell: Cell) -> u32 {
        0
    }
}

pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
    CheapestFirst::start(grid, start, goal, NoEstimate)
}
