//! Breadth-first search (Norvig's solver).
//!
//! 1. Queue the start.
//! 2. Take the oldest queued cell; if it is the goal, walk the parents back.
//! 3. Otherwise queue its unseen open neighbours, remembering where each came
//!    from, and repeat from 2.
//!
//! It explores in rings of equal distance, so the first path it finds is a
//! shortest one, on any maze, loops included. It looks at every cell closer
//! than the goal.

use super::{CellMarks, Outcome, Solve, Sweep};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct Bfs {
    grid: Grid,
    goal: Cell,
    sweep: Sweep,
    marks: CellMarks,
    outcome: Outcome,
}

impl Bfs {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        Box::new(Bfs {
            sweep: Sweep::new(grid.cells(), start),
            marks: CellMarks::new(grid.cells()),
            grid,
            goal,
            outcome: Outcome::Searching,
        })
    }
}

impl Stepper for Bfs {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.begin(1);
        out.phase(3);
        let marks = &mut self.marks;
        let Some(cell) = self
            .sweep
            .advance(&self.grid, |n| marks.set(out, n, Mark::Frontier))
        else {
            self.outcome = Outcome::unreachable();
            return false;
        };
        if let Some(found) = self
            .marks
            .explore(out, cell, self.goal, || self.sweep.path_to(cell))
        {
            self.outcome = found;
            return false;
        }
        true
    }
}

impl Solve for Bfs {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
