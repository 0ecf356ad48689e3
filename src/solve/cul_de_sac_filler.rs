//! Cul-de-sac filler (Pullen): fills every dead end and every noose, a stem
//! passage with loops at its end, hung off the rest by a single passage.
//!
//! 1. Find the bridges: passages whose removal cuts the maze in two (one
//!    depth-first search with low links; see `blind_alleys`).
//! 2. Beyond each bridge, away from both start and goal, lies a cul-de-sac:
//!    a plain dead end or a noose. Fill them all, each from its far end in.
//! 3. Walk a shortest way through what is left.
//!
//! It leaves loops that hang at a single junction cell (no stem passage),
//! which the blind alley filler also removes; on a perfect maze it leaves
//! exactly the solution, like the dead-end filler.

use super::blind_alleys::{fill_order, solution_cells, FillRun, Joint};
use super::{Outcome, Solve};
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct CulDeSacFiller(FillRun);

impl CulDeSacFiller {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let keep = solution_cells(&grid, start, goal, Joint::Passage);
        let order = keep
            .as_ref()
            .map_or_else(Vec::new, |k| fill_order(&grid, k));
        Box::new(CulDeSacFiller(FillRun::new(
            grid,
            start,
            goal,
            keep,
            order,
            [1, 1, 2, 3],
        )))
    }
}

impl Stepper for CulDeSacFiller {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        self.0.step_with(out)
    }
}

impl Solve for CulDeSacFiller {
    fn outcome(&self) -> &Outcome {
        self.0.outcome()
    }
}
