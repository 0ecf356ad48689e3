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

use super::{Marks, Outcome, Solve};
use crate::event::{Emit, Mark};
use crate::grid::{Cell, Dir, Grid};
use crate::stream::Step;

pub struct Tremaux {
    grid: Grid,
    start: Cell,
    goal: Cell,
    at: Cell,
    /// The side of `at` we came in through.
    entry: Option<Dir>,
    /// Two bits per side of each cell: how often that passage was walked.
    walked: Vec<u8>,
    marks: Marks,
    outcome: Outcome,
    started: bool,
}

impl Tremaux {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        Box::new(Tremaux {
            walked: vec![0; grid.cells() as usize],
            marks: Marks::new(grid.cells()),
            grid,
            start,
            goal,
            at: start,
            entry: None,
            outcome: Outcome::Searching,
            started: false,
        })
    }

    fn count(&self, cell: Cell, dir: Dir) -> u8 {
        (self.walked[cell as usize] >> (2 * dir as u8)) & 3
    }

    /// Walks through `dir` from `at`, marking the passage on both sides.
    fn walk(&mut self, dir: Dir) -> Cell {
        let to = self
            .grid
            .dims()
            .step(self.at, dir)
            .expect("an open side leads to a cell");
        self.walked[self.at as usize] += 1 << (2 * dir as u8);
        self.walked[to as usize] += 1 << (2 * dir.opposite() as u8);
        to
    }

    /// Follows the passages walked exactly once from the start to the goal.
    fn once_walked_path(&self) -> Option<Vec<Cell>> {
        let mut path = vec![self.start];
        let mut previous = None;
        let mut cell = self.start;
        while cell != self.goal {
            let dir = Dir::ALL.into_iter().find(|&d| {
                self.count(cell, d) == 1 && self.grid.dims().step(cell, d) != previous
            })?;
            previous = Some(cell);
            cell = self.grid.dims().step(cell, dir)?;
            path.push(cell);
            if path.len() > self.grid.cells() as usize {
                return None;
            }
        }
        Some(path)
    }
}

impl Step for Tremaux {
    fn step_one(&mut self, out: &mut Emit) -> bool {
        if !self.started {
            self.started = true;
            out.cursor(self.at);
            self.marks.set(out, self.at, Mark::Path);
        }
        if self.at == self.goal {
            self.outcome = match self.once_walked_path() {
                Some(path) => {
                    self.marks.set_path(out, &path);
                    Outcome::Found(path)
                }
                None => Outcome::NotFound("the marks do not trace a path (a bug)".into()),
            };
            return false;
        }
        let open: Vec<Dir> = Dir::ALL
            .into_iter()
            .filter(|&d| self.grid.is_open(self.at, d))
            .collect();
        let back = self.entry.map(Dir::opposite);
        let seen_before = open
            .iter()
            .any(|&d| Some(d) != back && self.count(self.at, d) > 0);
        let choice = match back {
            Some(b) if seen_before && self.count(self.at, b) == 1 => Some(b),
            _ => open
                .iter()
                .copied()
                .find(|&d| Some(d) != back && self.count(self.at, d) == 0)
                .or_else(|| back.filter(|&b| self.count(self.at, b) < 2))
                .or_else(|| open.iter().copied().find(|&d| self.count(self.at, d) == 1)),
        };
        let Some(dir) = choice else {
            self.outcome = Outcome::NotFound(
                "every passage from the start was walked twice: the goal cannot be reached".into(),
            );
            return false;
        };
        let leaving = self.at;
        let to = self.walk(dir);
        if self.count(leaving, dir) == 2 {
            self.marks.set(out, leaving, Mark::Dead);
        }
        self.at = to;
        self.entry = Some(dir);
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
