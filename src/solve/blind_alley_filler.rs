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

use super::blind_alleys::{fill_order, FillRun, Joint};
use super::Solve;
use crate::grid::Grid;
use crate::shape::Cell;

/// The blind alley filler from `start` to `goal`.
pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
    FillRun::boxed(grid, (start, goal), Joint::Cell, fill_order, [1, 2, 3, 3])
}
