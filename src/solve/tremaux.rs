//! Tremaux: mark each passage every time you walk it.
//!
//! 1. Never walk a passage marked twice.
//! 2. Arriving at a cell seen before through a passage marked once, turn back.
//! 3. Otherwise take an unmarked passage if there is one; else go back the way
//!    you came if it is marked once; else take any passage marked once.
//! 4. At the goal, the passages marked exactly once form the path from the
//!    start.
//!
//! It works on any maze, loops included, and walks each passage at most
//! twice, so it always ends: at the goal, or back at the start with every
//! passage marked twice (no path). Cells it abandons are shown as dead.

use super::{CellMarks, Outcome, Solve};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct Tremaux {
    grid: Grid,
    start: Cell,
    goal: Cell,
    at: Cell,
    /// The side of `at` it came in by.
    back: Option<usize>,
    /// Two bits per side (up to eight) of each cell: how often that passage
    /// was walked.
    walked: Vec<u16>,
    marks: CellMarks,
    outcome: Outcome,
    started: bool,
}

impl Tremaux {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        Box::new(Tremaux {
            walked: vec![0; grid.cells() as usize],
            marks: CellMarks::new(grid.cells()),
            grid,
            start,
            goal,
            at: start,
            back: None,
            outcome: Outcome::Searching,
            started: false,
        })
    }

    fn count(&self, cell: Cell, side: usize) -> u16 {
        (self.walked[cell as usize] >> (2 * side)) & 3
    }

    /// Where leaving by `side` leads (through a tunnel on woven mazes).
    fn across(&self, cell: Cell, side: usize) -> Option<Cell> {
        self.grid.through(cell, side).map(|(to, _)| to)
    }

    /// Walks out of `at` by `side`, marking the passage on both sides;
    /// returns where it arrives and the side it came in by there.
    fn walk(&mut self, side: usize) -> (Cell, usize) {
        let (to, back) = self
            .grid
            .through(self.at, side)
            .expect("an open side leads to a cell");
        self.walked[self.at as usize] += 1 << (2 * side);
        self.walked[to as usize] += 1 << (2 * back);
        (to, back)
    }

    /// Follows the passages walked exactly once from the start to the goal.
    fn once_walked_path(&self) -> Option<Vec<Cell>> {
        let mut path = vec![self.start];
        let mut previous = None;
        let mut cell = self.start;
        while cell != self.goal {
            let sides = self.grid.shape().sides(cell).len();
            let side = (0..sides)
                .find(|&d| self.count(cell, d) == 1 && self.across(cell, d) != previous)?;
            previous = Some(cell);
            cell = self.across(cell, side)?;
            path.push(cell);
            if path.len() > self.grid.cells() as usize {
                return None;
            }
        }
        Some(path)
    }
}

impl Stepper for Tremaux {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            out.phase(1);
            out.cursor(self.at);
            self.marks.set(out, self.at, Mark::Path);
        }
        if self.at == self.goal {
            out.phase(4);
            self.outcome = match self.once_walked_path() {
                Some(path) => {
                    self.marks.set_path(out, &path);
                    Outcome::Found(path)
                }
                None => Outcome::NotFound("the marks do not trace a path (a bug)".into()),
            };
            return false;
        }
        let sides = self.grid.shape().sides(self.at).len();
        let open: Vec<usize> = (0..sides)
            .filter(|&d| self.grid.through(self.at, d).is_some())
            .collect();
        let back = self.back;
        let seen_before = open
            .iter()
            .any(|&d| Some(d) != back && self.count(self.at, d) > 0);
        let choice = match back {
            Some(b) if seen_before && self.count(self.at, b) == 1 => {
                out.phase(2);
                Some(b)
            }
            _ => {
                out.phase(3);
                open.iter()
                    .copied()
                    .find(|&d| Some(d) != back && self.count(self.at, d) == 0)
                    .or_else(|| back.filter(|&b| self.count(self.at, b) < 2))
                    .or_else(|| open.iter().copied().find(|&d| self.count(self.at, d) == 1))
            }
        };
        let Some(side) = choice else {
            self.outcome = Outcome::NotFound(
                "every passage from the start was walked twice: the goal cannot be reached".into(),
            );
            return false;
        };
        let leaving = self.at;
        let (to, came_in) = self.walk(side);
        if self.count(leaving, side) == 2 {
            self.marks.set(out, leaving, Mark::Dead);
        }
        self.at = to;
        self.back = Some(came_in);
        out.cursor(to);
        if self.marks.get(to) == Mark::Blank {
            self.marks.set(out, to, Mark::Path);
        }
        true
    }
}

impl Solve for Tremaux {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
