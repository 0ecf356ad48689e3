//! Iterative deepening depth-first search (IDDFS).
//!
//! 1. Set the depth limit to 0.
//! 2. Search depth-first from the start, going no deeper than the limit; a
//!    cell already reached in this round at the same or a smaller depth is
//!    not entered again (on a maze with loops, paths would otherwise
//!    multiply).
//! 3. If the goal is reached, the stack is a shortest path.
//! 4. If the round was cut short by the limit somewhere, raise the limit by
//!    one and repeat from 2; if not, every reachable cell was seen and the
//!    goal is not among them.
//!
//! The search holds only its stack (the path so far) besides one depth a
//! cell, where breadth-first search holds a whole frontier; the price is
//! redoing the shallow rounds, about the solution's length times the cells
//! near enough, so it is for watching on small and medium mazes.

use super::{CellMarks, Outcome, Solve};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct Iddfs {
    grid: Grid,
    start: Cell,
    goal: Cell,
    limit: u32,
    /// The path so far: each cell with the index of its next neighbour.
    stack: Vec<(Cell, usize)>,
    /// Per cell, the round it was last reached in and at what depth.
    round: Vec<u32>,
    depth: Vec<u32>,
    current: u32,
    /// Whether this round met the limit anywhere.
    cut: bool,
    marks: CellMarks,
    outcome: Outcome,
}

impl Iddfs {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let n = grid.cells() as usize;
        let mut solver = Iddfs {
            marks: CellMarks::new(grid.cells()),
            grid,
            start,
            goal,
            limit: 0,
            stack: Vec::new(),
            round: vec![u32::MAX; n],
            depth: vec![0; n],
            current: 0,
            cut: false,
            outcome: Outcome::Searching,
        };
        solver.begin_round();
        Box::new(solver)
    }

    fn begin_round(&mut self) {
        self.stack.clear();
        self.stack.push((self.start, 0));
        self.round[self.start as usize] = self.current;
        self.depth[self.start as usize] = 0;
        self.cut = false;
    }
}

impl Stepper for Iddfs {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.begin(1);
        let Some(&(cell, next)) = self.stack.last() else {
            if !self.cut {
                self.outcome = Outcome::unreachable();
                return false;
            }
            out.phase(4);
            self.limit += 1;
            self.current += 1;
            self.begin_round();
            return true;
        };
        out.phase(2);
        out.cursor(cell);
        if cell == self.goal {
            out.phase(3);
            let path: Vec<Cell> = self.stack.iter().map(|&(c, _)| c).collect();
            self.outcome = self.marks.found(out, path);
            return false;
        }
        let depth = self.stack.len() as u32 - 1;
        let open = self.grid.open_neighbors(cell);
        if let Some(&n) = open.as_slice().get(next) {
            if let Some(top) = self.stack.last_mut() {
                top.1 += 1;
            }
            if depth == self.limit {
                self.cut = true;
                return true;
            }
            let i = n as usize;
            let better = self.round[i] != self.current || self.depth[i] > depth + 1;
            if better {
                self.round[i] = self.current;
                self.depth[i] = depth + 1;
                self.stack.push((n, 0));
                self.marks.set(out, n, Mark::Frontier);
            }
            return true;
        }
        // Every way from here tried: back up.
        self.stack.pop();
        self.marks.set(out, cell, Mark::Explored);
        true
    }
}

impl Solve for Iddfs {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
