//! Blind alley filler (Pullen): fills every passage that no way from start
//! to goal can use, leaving all the solutions, of any length.
//!
//! 1. Find the cut cells: cells whose removal cuts the maze (one depth-first
//!    search with low links; see `blind_alleys`).
//! 2. A part beyond a cut cell holding neither start nor goal is a blind
//!    alley: entering it means coming back through that cell. Dead ends,
//!    nooses and loops hung at a single junction all are.
//! 3. Fill them all, each from its far end in; what is left is every cell
//!    of every solution. Walk a shortest way through it.

use super::blind_alleys::{fill_order, solution_cells, FillRun, Joint};
use super::{Outcome, Solve};
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct BlindAlleyFiller(FillRun);

impl BlindAlleyFiller {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let keep = solution_cells(&grid, start, goal, Joint::Cell);
        let order = keep
            .as_ref()
            .map_or_else(Vec::new, |k| fill_order(&grid, k));
        Box::new(BlindAlleyFiller(FillRun::new(
            grid,
            start,
            goal,
            keep,
            order,
            [1, 2, 3, 3],
        )))
    }
}

impl Stepper for BlindAlleyFiller {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        self.0.step_with(out)
    }
}

impl Solve for BlindAlleyFiller {
    fn outcome(&self) -> &Outcome {
        self.0.outcome()
    }
}
