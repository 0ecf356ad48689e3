//! Blind alley sealer (Pullen): like the blind alley filler it finds every
//! solution, but it only seals each blind alley's stem, the passage from
//! where it leaves the solutions to its first fork, and leaves what lies
//! beyond untouched.
//!
//! 1. Find the blind alleys as the filler does (cut cells; `blind_alleys`).
//! 2. For each place where a blind alley opens off the kept cells, seal its
//!    entrance cell and the corridor after it, up to the first junction.
//! 3. Walk a shortest way through the cells not in blind alleys.
//!
//! On screen only the stems darken: the picture shows where each blind
//! alley is shut off, not how big it is.

use super::blind_alleys::{FillRun, Joint};
use super::Solve;
use crate::grid::Grid;
use crate::shape::Cell;

/// The blind alley sealer from `start` to `goal`.
pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
    FillRun::boxed(grid, (start, goal), Joint::Cell, stems, [1, 1, 2, 3])
}

/// Each blind alley's entrance and the corridor after it, up to a fork.
fn stems(grid: &Grid, keep: &[bool]) -> Vec<Cell> {
    let mut sealed = vec![false; grid.cells() as usize];
    let mut order = Vec::new();
    for cell in 0..grid.cells() {
        if !keep[cell as usize] {
            continue;
        }
        for &entrance in grid.open_neighbors(cell).as_slice() {
            if keep[entrance as usize] || sealed[entrance as usize] {
                continue;
            }
            let (mut from, mut at) = (cell, entrance);
            loop {
                sealed[at as usize] = true;
                order.push(at);
                let open = grid.open_neighbors(at);
                // A corridor cell has one way on; a fork or a dead end stops.
                if open.len() != 2 {
                    break;
                }
                let next = open.as_slice().iter().copied().find(|&n| n != from);
                match next {
                    Some(n) if !keep[n as usize] && !sealed[n as usize] => {
                        from = at;
                        at = n;
                    }
                    _ => break,
                }
            }
        }
    }
    order
}
