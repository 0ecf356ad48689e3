//! Depth-first search with backtracking.
//!
//! 1. Push the start; its cells on the stack are the current path.
//! 2. From the top, step into the first unvisited open neighbour (north,
//!    east, south, west) and push it.
//! 3. If there is none, pop: that cell is a dead branch.
//! 4. Stop at the goal (the stack is the path) or when the stack empties.
//!
//! It finds a path on any maze, but on a maze with loops not always the
//! shortest; on a perfect maze the path is the only one.

use super::{CellMarks, Outcome, Solve};
use crate::bitset::BitSet;
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct Dfs {
    grid: Grid,
    goal: Cell,
    stack: Vec<Cell>,
    visited: BitSet,
    marks: CellMarks,
    outcome: Outcome,
}

impl Dfs {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let mut visited = BitSet::new(grid.cells() as usize);
        visited.insert(start);
        Box::new(Dfs {
            marks: CellMarks::new(grid.cells()),
            grid,
            goal,
            stack: vec![start],
            visited,
            outcome: Outcome::Searching,
        })
    }
}

impl Stepper for Dfs {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.begin(1);
        let Some(&top) = self.stack.last() else {
            self.outcome = Outcome::unreachable();
            return false;
        };
        out.cursor(top);
        self.marks.set(out, top, Mark::Path);
        if top == self.goal {
            out.phase(4);
            self.outcome = Outcome::Found(self.stack.clone());
            return false;
        }
        let next = self
            .grid
            .open_neighbors(top)
            .as_slice()
            .iter()
            .copied()
            .find(|&n| !self.visited.contains(n));
        match next {
            Some(n) => {
                out.phase(2);
                self.visited.insert(n);
                self.stack.push(n);
            }
            None => {
                out.phase(3);
                self.stack.pop();
                self.marks.set(out, top, Mark::Dead);
            }
        }
        true
    }
}

impl Solve for Dfs {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
