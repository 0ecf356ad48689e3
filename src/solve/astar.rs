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

use super::{path_from_parents, CellMarks, Outcome, Solve, NONE};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

#[derive(Clone)]
pub struct AStar {
    grid: Grid,
    goal: Cell,
    goal_xy: (u32, u32),
    /// Off the plain square: the goal's centre and the longest step between
    /// neighbouring centres (distance / longest step never overestimates
    /// the moves left), or `None` on a wrapped square, where the seams make
    /// any plane distance an overestimate (then A* is Dijkstra).
    goal_centre: Option<((f64, f64), f64)>,
    /// (f, h, cell), smallest first.
    open: BinaryHeap<Reverse<(u32, u32, Cell)>>,
    cost: Vec<u32>,
    parent: Vec<u32>,
    closed: Vec<bool>,
    marks: CellMarks,
    outcome: Outcome,
}

impl AStar {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let cells = grid.cells() as usize;
        let mut solver = AStar {
            goal_xy: grid.dims().xy(goal),
            goal_centre: goal_centre(&grid, goal),
            open: BinaryHeap::new(),
            cost: vec![NONE; cells],
            parent: vec![NONE; cells],
            closed: vec![false; cells],
            marks: CellMarks::new(grid.cells()),
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
        if self.grid.square().is_some() {
            let (x, y) = self.grid.dims().xy(cell);
            let manhattan = x.abs_diff(self.goal_xy.0) + y.abs_diff(self.goal_xy.1);
            // A tunnel moves two cells in one step: half the distance is
            // what never overestimates on a woven maze.
            return if self.grid.is_woven() {
                manhattan / 2
            } else {
                manhattan
            };
        }
        match self.goal_centre {
            Some(((gx, gy), step)) => {
                let (x, y) = self.grid.shape().centre(cell);
                ((x - gx).hypot(y - gy) / step).floor() as u32
            }
            None => 0,
        }
    }
}

/// The goal's centre and the longest step, off the plain square; `None` on
/// a wrapped square.
fn goal_centre(grid: &Grid, goal: Cell) -> Option<((f64, f64), f64)> {
    use crate::shape::{Kind, Topology};
    let shape = grid.shape();
    if grid.square().is_some() || matches!(&shape.kind, Kind::Square(w) if w.wraps()) {
        return None;
    }
    let mut step: f64 = 0.0;
    shape.for_each_edge(|a, b| {
        let ((ax, ay), (bx, by)) = (shape.centre(a), shape.centre(b));
        step = step.max((ax - bx).hypot(ay - by));
    });
    (step > 0.0).then(|| (shape.centre(goal), step))
}

impl Stepper for AStar {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.begin(1);
        out.phase(3);
        let cell = loop {
            let Some(Reverse((_, _, cell))) = self.open.pop() else {
                self.outcome = Outcome::unreachable();
                return false;
            };
            if !self.closed[cell as usize] {
                break cell;
            }
        };
        self.closed[cell as usize] = true;
        if let Some(found) = self.marks.explore(out, cell, self.goal, || {
            path_from_parents(&self.parent, cell)
        }) {
            self.outcome = found;
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
