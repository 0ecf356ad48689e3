//! The search `dijkstra` and `astar` share: cells settled cheapest first,
//! each keyed by its cost so far plus an estimate of the cost left (none
//! for Dijkstra, the distance to the goal for A*), a cell entered costing
//! its weight (`Grid::cost`: one move on an unweighted maze). Each
//! solver's file gives its numbered steps and its estimate; this is the
//! loop both run.

use super::{CellMarks, Outcome, Solve, NONE};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A lower bound on the cost from a cell to the goal.
pub trait Estimate: Clone + 'static {
    /// Never more than the cheapest way from `cell` to the goal costs.
    fn estimate(&self, grid: &Grid, cell: Cell) -> u32;
}

/// A cheapest-first search's state between steps.
#[derive(Clone)]
pub struct CheapestFirst<E> {
    grid: Grid,
    goal: Cell,
    estimate: E,
    /// ((cost so far + estimate, estimate), cell), smallest first: on
    /// ties, the cell estimated nearer the goal.
    open: BinaryHeap<Reverse<((u32, u32), Cell)>>,
    cost: Vec<u32>,
    parent: Vec<u32>,
    settled: Vec<bool>,
    marks: CellMarks,
    outcome: Outcome,
}

impl<E: Estimate> CheapestFirst<E> {
    /// Step 1 of both lists: the start queued at cost 0.
    pub fn start(grid: Grid, start: Cell, goal: Cell, estimate: E) -> Box<dyn Solve> {
        let cells = grid.cells() as usize;
        let h = estimate.estimate(&grid, start);
        let mut search = CheapestFirst {
            open: BinaryHeap::from([Reverse(((h, h), start))]),
            cost: vec![u32::MAX; cells],
            parent: vec![NONE; cells],
            settled: vec![false; cells],
            marks: CellMarks::new(grid.cells()),
            grid,
            goal,
            estimate,
            outcome: Outcome::Searching,
        };
        search.cost[start as usize] = 0;
        search.parent[start as usize] = start;
        Box::new(search)
    }

    /// Ends the search with `outcome`.
    fn end(&mut self, outcome: Outcome) -> bool {
        self.outcome = outcome;
        false
    }

    /// The queued cell of lowest key not settled yet, now settled (a cell
    /// is queued again each time a cheaper way reaches it; the older
    /// entries are skipped).
    fn settle_next(&mut self) -> Option<Cell> {
        while let Some(Reverse((_, cell))) = self.open.pop() {
            if !std::mem::replace(&mut self.settled[cell as usize], true) {
                return Some(cell);
            }
        }
        None
    }
}

impl<E: Estimate> Stepper for CheapestFirst<E> {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.begin(1);
        out.phase(3);
        // Step 2: the cheapest queued cell; the goal ends the search.
        let next = self.settle_next();
        let cell = match self.marks.visit_queued(out, next, self.goal, &self.parent) {
            Ok(cell) => cell,
            Err(end) => return self.end(end),
        };
        // Step 3: each open neighbour a cheaper way now reaches, queued.
        let here = self.cost[cell as usize];
        for &n in self.grid.open_neighbors(cell).as_slice() {
            let through = here.saturating_add(self.grid.cost(n));
            if !self.settled[n as usize] && through < self.cost[n as usize] {
                self.cost[n as usize] = through;
                self.parent[n as usize] = cell;
                let h = self.estimate.estimate(&self.grid, n);
                self.open.push(Reverse(((through.saturating_add(h), h), n)));
                self.marks.set(out, n, Mark::Frontier);
            }
        }
        true
    }
}

impl<E: Estimate> Solve for CheapestFirst<E> {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
