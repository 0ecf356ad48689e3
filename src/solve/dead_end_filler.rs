//! Dead-end filler (mazelib's transmuter, then the walk through).
//!
//! 1. Queue every dead end other than the start and the goal.
//! 2. Fill a queued cell: it is no longer part of the maze, so its one open
//!    neighbour loses an opening; if that makes the neighbour a dead end (and
//!    it is not the start or the goal), queue it too.
//! 3. When nothing is queued, walk from the start to the goal through the
//!    unfilled cells (breadth-first, so the walk is a shortest one).
//!
//! On a perfect maze only the solution is left unfilled. On a maze with loops
//! the loops stay unfilled, and the final walk picks a shortest way through.

use super::{CellMarks, Outcome, Solve, Sweep};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct DeadEndFiller {
    grid: Grid,
    start: Cell,
    goal: Cell,
    /// Open neighbours not filled yet, per cell.
    degree: Vec<u8>,
    filled: Vec<bool>,
    queue: Vec<Cell>,
    marks: CellMarks,
    outcome: Outcome,
}

impl DeadEndFiller {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let degree: Vec<u8> = (0..grid.cells()).map(|c| grid.degree(c) as u8).collect();
        let queue = (0..grid.cells())
            .filter(|&c| degree[c as usize] <= 1 && c != start && c != goal)
            .collect();
        Box::new(DeadEndFiller {
            filled: vec![false; grid.cells() as usize],
            marks: CellMarks::new(grid.cells()),
            grid,
            start,
            goal,
            degree,
            queue,
            outcome: Outcome::Searching,
        })
    }

    /// A shortest walk from start to goal through unfilled cells.
    fn walk_through(&self) -> Option<Vec<Cell>> {
        let mut sweep = Sweep::new(self.grid.cells(), self.start);
        let filled = &self.filled;
        while let Some(cell) = sweep.advance_within(&self.grid, |n| !filled[n as usize], |_| {}) {
            if cell == self.goal {
                return Some(sweep.path_to(cell));
            }
        }
        None
    }
}

impl Stepper for DeadEndFiller {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.begin(1);
        while let Some(cell) = self.queue.pop() {
            if self.filled[cell as usize] {
                continue;
            }
            self.filled[cell as usize] = true;
            out.phase(2);
            out.cursor(cell);
            self.marks.set(out, cell, Mark::Dead);
            for &n in self.grid.open_neighbors(cell).as_slice() {
                if self.filled[n as usize] {
                    continue;
                }
                self.degree[n as usize] -= 1;
                if self.degree[n as usize] == 1 && n != self.start && n != self.goal {
                    self.queue.push(n);
                }
            }
            return true;
        }
        out.phase(3);
        self.outcome = match self.walk_through() {
            Some(path) => {
                self.marks.set_path(out, &path);
                Outcome::Found(path)
            }
            None => Outcome::unreachable(),
        };
        false
    }
}

impl Solve for DeadEndFiller {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
