//! Wall follower: keep one hand on the wall.
//!
//! 1. At each cell, with the left hand on the wall, try to turn left, then go
//!    straight, then turn right, then turn back (mirrored for the right hand).
//! 2. Take the first open way and face along it.
//! 3. Stop at the goal. The trail, with the loops it walked erased, is the
//!    path.
//!
//! On a perfect maze every cell is on the one wall, so it always arrives. With
//! loops, a goal on an island the start's wall never touches would make it
//! circle forever (mazelib #93, #159); since a step depends only on the cell
//! and the heading, coming back to a (cell, heading) pair proves it is
//! circling, and it stops with "no path found by this method".

use super::{Marks, Outcome, Solve, Trail};
use crate::event::Emit;
use crate::grid::{Cell, Dir, Grid};
use crate::stream::Step;

pub struct WallFollower {
    grid: Grid,
    goal: Cell,
    at: Cell,
    facing: Dir,
    left_hand: bool,
    /// Headings already held in each cell, one bit per direction.
    seen: Vec<u8>,
    trail: Trail,
    marks: Marks,
    outcome: Outcome,
    started: bool,
}

impl WallFollower {
    pub fn left_hand(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        Box::new(WallFollower::new(grid, start, goal, true))
    }

    pub fn right_hand(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        Box::new(WallFollower::new(grid, start, goal, false))
    }

    fn new(grid: Grid, start: Cell, goal: Cell, left_hand: bool) -> WallFollower {
        let cells = grid.cells() as usize;
        WallFollower {
            marks: Marks::new(grid.cells()),
            grid,
            goal,
            at: start,
            facing: Dir::N,
            left_hand,
            seen: vec![0; cells],
            trail: Trail::new(cells as u32),
            outcome: Outcome::Searching,
            started: false,
        }
    }
}

fn bit(dir: Dir) -> u8 {
    1 << dir as u8
}

impl Step for WallFollower {
    fn step_one(&mut self, out: &mut Emit) -> bool {
        if !self.started {
            self.started = true;
            self.trail.step_to(self.at, &mut self.marks, out);
            if self.at == self.goal {
                self.outcome = Outcome::Found(self.trail.cells().to_vec());
                return false;
            }
        }
        let seen = &mut self.seen[self.at as usize];
        if *seen & bit(self.facing) != 0 {
            self.outcome = Outcome::NotFound(
                "no path found by this method: the wall follower came back to where it had been, \
                 so the goal is not on the wall it follows"
                    .into(),
            );
            return false;
        }
        *seen |= bit(self.facing);
        let f = self.facing;
        let order = if self.left_hand {
            [f.left(), f, f.right(), f.opposite()]
        } else {
            [f.right(), f, f.left(), f.opposite()]
        };
        let Some(dir) = order.into_iter().find(|&d| self.grid.is_open(self.at, d)) else {
            self.outcome = Outcome::NotFound("the start has no opening".into());
            return false;
        };
        let next = self
            .grid
            .dims()
            .step(self.at, dir)
            .expect("an open side leads to a cell");
        self.facing = dir;
        self.at = next;
        self.trail.step_to(next, &mut self.marks, out);
        if next == self.goal {
            self.outcome = Outcome::Found(self.trail.cells().to_vec());
            return false;
        }
        true
    }
}

impl Solve for WallFollower {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
