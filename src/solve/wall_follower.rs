//! Wall follower: keep one hand on the wall.
//!
//! 1. At each cell, with the left hand on the wall, try to turn left, then go
//!    straight, then turn right, then turn back (mirrored for the right hand).
//! 2. Take the first open way and face along it.
//! 3. Stop at the goal. The trail, with the loops it walked erased, is the
//!    path.
//!
//! On every shape the sides of a cell come in clockwise order, so "left" is
//! the first open side clockwise after the one it came in by (on a square:
//! left, straight, right, back), and "right" the first counter-clockwise.
//!
//! On a perfect maze every cell is on the one wall, so it always arrives. With
//! loops, a goal on an island the start's wall never touches would make it
//! circle forever (mazelib #93, #159); since a step depends only on the cell
//! and the side it came in by, coming back to such a pair proves it is
//! circling, and it stops with "no path found by this method".

use super::{CellMarks, Outcome, Solve, Trail};
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct WallFollower {
    grid: Grid,
    goal: Cell,
    at: Cell,
    /// The side of `at` it came in by.
    back: usize,
    left_hand: bool,
    /// Sides already come in by, per cell, one bit per side.
    seen: Vec<u8>,
    trail: Trail,
    marks: CellMarks,
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
        // As if it came in across the side opposite the first: on a square,
        // from the south, facing north.
        let back = grid.shape().sides(start).len() / 2;
        WallFollower {
            marks: CellMarks::new(grid.cells()),
            grid,
            goal,
            at: start,
            back,
            left_hand,
            seen: vec![0; cells],
            trail: Trail::new(cells as u32),
            outcome: Outcome::Searching,
            started: false,
        }
    }
}

impl Stepper for WallFollower {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            out.phase(1);
            self.trail.step_to(self.at, &mut self.marks, out);
            if self.at == self.goal {
                out.phase(3);
                self.outcome = Outcome::Found(self.trail.cells().to_vec());
                return false;
            }
        }
        let seen = &mut self.seen[self.at as usize];
        let bit = 1u8 << self.back;
        if *seen & bit != 0 {
            self.outcome = Outcome::NotFound(
                "no path found by this method: the wall follower came back to where it had been, \
                 so the goal is not on the wall it follows"
                    .into(),
            );
            return false;
        }
        *seen |= bit;
        let k = self.grid.shape().sides(self.at).len();
        // `through` steps into tunnels too (woven mazes).
        let next = (1..=k)
            .map(|j| {
                if self.left_hand {
                    (self.back + j) % k
                } else {
                    (self.back + k * j - j) % k
                }
            })
            .find_map(|i| self.grid.through(self.at, i));
        let Some((next, back)) = next else {
            self.outcome = Outcome::NotFound("the start has no opening".into());
            return false;
        };
        self.back = back;
        self.at = next;
        out.phase(2);
        self.trail.step_to(next, &mut self.marks, out);
        if next == self.goal {
            out.phase(3);
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
