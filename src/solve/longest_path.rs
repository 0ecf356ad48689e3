//! Longest path: the two most distant cells and the path between them
//! (brainmaze.py's `--solve`), by the double sweep.
//!
//! 1. Sweep breadth-first from the start; the last cell reached is one end.
//! 2. Sweep again from that end; the last cell reached is the other end.
//! 3. The second sweep's parents give the path.
//!
//! Exact on perfect mazes (trees) in two linear passes, where brainmaze's
//! distance matrix is exponential. On a maze with loops it gives a long
//! shortest path, not necessarily the longest simple one. Start and goal only
//! choose where the first sweep begins.

use super::{CellMarks, Outcome, Solve, Sweep};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct LongestPath {
    grid: Grid,
    sweep: Sweep,
    second: bool,
    last: Cell,
    marks: CellMarks,
    outcome: Outcome,
}

impl LongestPath {
    pub fn boxed(grid: Grid, start: Cell, _goal: Cell) -> Box<dyn Solve> {
        Box::new(LongestPath {
            sweep: Sweep::new(grid.cells(), start),
            marks: CellMarks::new(grid.cells()),
            grid,
            second: false,
            last: start,
            outcome: Outcome::Searching,
        })
    }
}

impl Stepper for LongestPath {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.phase(if self.second { 2 } else { 1 });
        match self.sweep.advance(&self.grid, |_| {}) {
            Some(cell) => {
                out.cursor(cell);
                let mark = if self.second {
                    Mark::Frontier
                } else {
                    Mark::Explored
                };
                self.marks.set(out, cell, mark);
                self.last = cell;
                true
            }
            None if !self.second => {
                self.second = true;
                self.sweep = Sweep::new(self.grid.cells(), self.last);
                true
            }
            None => {
                out.phase(3);
                let path = self.sweep.path_to(self.last);
                self.outcome = self.marks.found(out, path);
                false
            }
        }
    }
}

impl Solve for LongestPath {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
