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

use super::blind_alleys::{fill_order, FillRun, Joint};
use super::Solve;
use crate::grid::Grid;
use crate::shape::Cell;

/// The cul de sac filler from `start` to `goal`.
pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
    FillRun::boxed(
        grid,
        (start, goal),
        Joint::Passage,
        fill_order,
        [1, 1, 2, 3],
    )
}
