//! A* search with the Manhattan distance.
//!
//! 1. Queue the start with cost g = 0 and priority f = g + h, where h is the
//!    Manhattan distance to the goal.
//! 2. Take the queued cell with the lowest f (the lowest h on ties); skip it
//!    if it was already closed; stop if it is the goal.
//! 3. Close it, and queue each open neighbour reached more cheaply than before.
//!
//! On a grid the Manhattan distance never overestimates, so the path is a
//! shortest one, on any maze. It explores toward the goal first, so on open
//! mazes it looks at far fewer cells than breadth-first search; in a perfect
//! maze the walls often force it to look almost as widely.

use super::{path_from_parents, Marks, Outcome, Solve, NONE};
use crate::event::{Emit, Mark};
use crate::grid::{Cell, Grid};
use crate::stream::Step;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub struct AStar {
    grid: Grid,
    goal: Cell,
    goal_xy: (u32, u32),
    /// (f, h, cell), smallest first.
    open: BinaryHeap<Reverse<(u32, u32, Cell)>>,
    cost: Vec<u32>,
    parent: Vec<u32>,
    closed: Vec<bool>,
    marks: Marks,
    outcome: Outcome,
}

impl AStar {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let cells = grid.cells() as usize;
        let mut solver = AStar {
            goal_xy: grid.dims().xy(goal),
            open: BinaryHeap::new(),
            cost: vec![NONE; cells],
            parent: vec![NONE; cells],
            closed: vec![false; cells],
            marks: Marks::new(grid.cells()),
            grid,
            goal,
            outcome: Outcome::Searching,
        };
        solver.cost[start as usize] = 0;
        solver.parent[start as usize] = start;
        let h = solver.h(start);
        solver.open.push(Reverse((h, h, start)));
        Box::new(solver)
    }

    fn h(&self, cell: Cell) -> u32 {
        let (x, y) = self.grid.dims().xy(cell);
        x.abs_diff(self.goal_xy.0) + y.abs_diff(self.goal_xy.1)
    }
}

impl Step for AStar {
    fn step_one(&mut self, out: &mut Emit) -> bool {
        let cell = loop {
            let Some(Reverse((_, _, cell))) = self.open.pop() else {
                self.outcome =
                    Outcome::NotFound("the goal cannot be reached from the start".into());
                return false;
            };
            if !self.closed[cell as usize] {
                break cell;
            }
        };
        self.closed[cell as usize] = true;
        out.cursor(cell);
        self.marks.set(out, cell, Mark::Explored);
        if cell == self.goal {
            let path = path_from_parents(&self.parent, cell);
            self.marks.set_path(out, &path);
            self.outcome = Outcome::Found(path);
            return false;
        }
        let next_cost = self.cost[cell as usize] + 1;
        for &n in self.grid.open_neighbors(cell).as_slice() {
            if !self.closed[n as usize] && next_cost < self.cost[n as usize] {
                self.cost[n as usize] = next_cost;
                self.parent[n as usize] = cell;
                let h = self.h(n);
                self.open.push(Reverse((next_cost + h, h, n)));
                self.marks.set(out, n, Mark::Frontier);
            }
        }
        true
    }
}

impl Solve for AStar {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
