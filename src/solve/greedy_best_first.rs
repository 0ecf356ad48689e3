//! Greedy best-first search: always explore next the cell that looks
//! nearest the goal.
//!
//! 1. Put the start in a queue ordered by estimated distance to the goal
//!    (the Manhattan distance on squares, the centres' distance elsewhere).
//! 2. Take the cell that looks nearest; if it is the goal, walk back.
//! 3. Otherwise queue its unseen open neighbours, remembering where each
//!    came from, and repeat from 2.
//!
//! Unlike A* it ignores how far it has come, so it rushes at the goal: few
//! cells explored when the way is fairly direct, a long detour's worth when
//! the maze leads away first, and its path is not always shortest.

use super::{CellMarks, Outcome, Solve, NONE};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

#[derive(Clone)]
pub struct GreedyBestFirst {
    grid: Grid,
    goal: Cell,
    goal_centre: (f64, f64),
    /// (estimate in hundredths, cell), nearest first.
    open: BinaryHeap<Reverse<(u64, Cell)>>,
    parent: Vec<u32>,
    marks: CellMarks,
    outcome: Outcome,
}

impl GreedyBestFirst {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let mut parent = vec![NONE; grid.cells() as usize];
        parent[start as usize] = start;
        let goal_centre = grid.shape().centre(goal);
        let mut solver = GreedyBestFirst {
            marks: CellMarks::new(grid.cells()),
            grid,
            goal,
            goal_centre,
            open: BinaryHeap::new(),
            parent,
            outcome: Outcome::Searching,
        };
        let h = solver.estimate(start);
        solver.open.push(Reverse((h, start)));
        Box::new(solver)
    }

    fn estimate(&self, cell: Cell) -> u64 {
        let (x, y) = self.grid.shape().centre(cell);
        let (gx, gy) = self.goal_centre;
        let d = if self.grid.square().is_some() {
            (x - gx).abs() + (y - gy).abs()
        } else {
            (x - gx).hypot(y - gy)
        };
        (d * 100.0) as u64
    }
}

impl Stepper for GreedyBestFirst {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.begin(1);
        out.phase(3);
        let next = self.open.pop().map(|Reverse((_, cell))| cell);
        let cell = match self.marks.visit_queued(out, next, self.goal, &self.parent) {
            Ok(cell) => cell,
            Err(end) => {
                self.outcome = end;
                return false;
            }
        };
        for &n in self.grid.open_neighbors(cell).as_slice() {
            if self.parent[n as usize] == NONE {
                self.parent[n as usize] = cell;
                self.marks.set(out, n, Mark::Frontier);
                let h = self.estimate(n);
                self.open.push(Reverse((h, n)));
            }
        }
        true
    }
}

impl Solve for GreedyBestFirst {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
