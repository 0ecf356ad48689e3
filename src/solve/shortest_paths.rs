//! Every shortest path at once.
//!
//! 1. Sweep breadth-first from the start: every cell's distance from it.
//! 2. Sweep breadth-first from the goal: every cell's distance to it.
//! 3. A cell lies on some shortest path exactly when its two distances add
//!    up to the goal's distance from the start: mark all of them.
//! 4. Walk one shortest path (each step to the lowest-numbered neighbour one
//!    nearer the goal) as the answer.
//!
//! On a perfect maze the marks are the one solution; on a braided maze they
//! show every way of equal, least length together, the picture the
//! `shortest_paths` count describes.

use super::{CellMarks, Outcome, Solve, Sweep};
use crate::analyze::UNREACHABLE;
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct ShortestPaths {
    grid: Grid,
    start: Cell,
    goal: Cell,
    phase: Phase,
    from_start: Vec<u32>,
    to_goal: Vec<u32>,
    sweep: Sweep,
    marks: CellMarks,
    outcome: Outcome,
}

#[derive(Clone)]
enum Phase {
    FromStart,
    FromGoal,
    Mark(Cell),
}

impl ShortestPaths {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let cells = grid.cells();
        Box::new(ShortestPaths {
            sweep: Sweep::new(cells, start),
            from_start: vec![UNREACHABLE; cells as usize],
            to_goal: vec![UNREACHABLE; cells as usize],
            marks: CellMarks::new(cells),
            grid,
            start,
            goal,
            phase: Phase::FromStart,
            outcome: Outcome::Searching,
        })
    }

    /// One shortest path, stepping to the lowest-numbered nearer cell.
    fn one_path(&self) -> Vec<Cell> {
        let mut path = vec![self.start];
        let mut at = self.start;
        while at != self.goal {
            let here = self.to_goal[at as usize];
            at = self
                .grid
                .open_neighbors(at)
                .as_slice()
                .iter()
                .copied()
                .filter(|&n| self.to_goal[n as usize] == here - 1)
                .min()
                .expect("a cell nearer the goal is next to every cell on a shortest path");
            path.push(at);
        }
        path
    }
}

impl Stepper for ShortestPaths {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        match self.phase {
            Phase::FromStart | Phase::FromGoal => {
                let from_start = matches!(self.phase, Phase::FromStart);
                out.phase(if from_start { 1 } else { 2 });
                let marks = &mut self.marks;
                let next = self.sweep.advance(&self.grid, |_| {});
                match next {
                    Some(cell) => {
                        out.cursor(cell);
                        let table = if from_start {
                            &self.from_start
                        } else {
                            &self.to_goal
                        };
                        let parent = self.sweep.parent(cell);
                        let dist = if parent == cell {
                            0
                        } else {
                            table[parent as usize] + 1
                        };
                        if from_start {
                            self.from_start[cell as usize] = dist;
                            marks.set(out, cell, Mark::Explored);
                        } else {
                            self.to_goal[cell as usize] = dist;
                            marks.set(out, cell, Mark::Frontier);
                        }
                    }
                    None if from_start => {
                        if self.from_start[self.goal as usize] == UNREACHABLE {
                            self.outcome = Outcome::unreachable();
                            return false;
                        }
                        self.sweep = Sweep::new(self.grid.cells(), self.goal);
                        self.phase = Phase::FromGoal;
                    }
                    None => self.phase = Phase::Mark(0),
                }
                true
            }
            Phase::Mark(from) => {
                out.phase(3);
                let total = self.from_start[self.goal as usize];
                // Marks a batch of cells per call: this pass only reads.
                let end = (from + 64).min(self.grid.cells());
                for cell in from..end {
                    let (a, b) = (self.from_start[cell as usize], self.to_goal[cell as usize]);
                    if a != UNREACHABLE && b != UNREACHABLE && a + b == total {
                        self.marks.set(out, cell, Mark::Path);
                    } else if self.marks.get(cell) != Mark::Blank {
                        self.marks.set(out, cell, Mark::Explored);
                    }
                }
                if end < self.grid.cells() {
                    self.phase = Phase::Mark(end);
                    return true;
                }
                out.phase(4);
                let path = self.one_path();
                self.outcome = Outcome::Found(path);
                false
            }
        }
    }
}

impl Solve for ShortestPaths {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
