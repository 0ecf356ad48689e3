//! Random mouse (mazelib's RandomMouse).
//!
//! 1. From the current cell, move to a random open neighbour, never straight
//!    back unless it is a dead end.
//! 2. Stop at the goal. The trail, with its loops erased, is the path.
//!
//! It reaches the goal on any connected maze with probability 1, but it can
//! take a very long time (the expected walk grows faster than the maze), so
//! it gives up after `MOVES_PER_CELL` moves per cell and says so.

use super::{CellMarks, Outcome, Solve, Trail};
use crate::grid::Grid;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::{Cell, Neighbors};
use crate::stream::Stepper;

/// Moves allowed per cell of the maze before the mouse gives up.
const MOVES_PER_CELL: u64 = 200;
/// The fixed seed of the mouse's walk, so a run can be repeated.
const MOUSE_SEED: u64 = 0x006d_6f75_7365;

#[derive(Clone)]
pub struct RandomMouse {
    grid: Grid,
    goal: Cell,
    at: Cell,
    previous: Option<Cell>,
    rng: Rng,
    moves: u64,
    max_moves: u64,
    trail: Trail,
    marks: CellMarks,
    outcome: Outcome,
    started: bool,
}

impl RandomMouse {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let cells = grid.cells();
        Box::new(RandomMouse {
            marks: CellMarks::new(cells),
            grid,
            goal,
            at: start,
            previous: None,
            rng: Rng::new(MOUSE_SEED ^ u64::from(start) << 32 ^ u64::from(goal)),
            moves: 0,
            max_moves: MOVES_PER_CELL * u64::from(cells) + 1000,
            trail: Trail::new(cells),
            outcome: Outcome::Searching,
            started: false,
        })
    }
}

impl Stepper for RandomMouse {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            self.trail.step_to(self.at, &mut self.marks, out);
        }
        if self.at == self.goal {
            out.phase(2);
            self.outcome = Outcome::Found(self.trail.cells().to_vec());
            return false;
        }
        if self.moves == self.max_moves {
            self.outcome = Outcome::NotFound(format!(
                "no path found by this method: the random mouse gave up after {} moves",
                self.moves
            ));
            return false;
        }
        let open = self.grid.open_neighbors(self.at);
        let mut forward = Neighbors::new();
        for &n in open.as_slice() {
            if Some(n) != self.previous {
                forward.push(n);
            }
        }
        let choices = if forward.is_empty() { open } else { forward };
        if choices.is_empty() {
            self.outcome = Outcome::NotFound("the start has no opening".into());
            return false;
        }
        let next = self.rng.pick(choices.as_slice());
        out.phase(1);
        self.moves += 1;
        self.previous = Some(self.at);
        self.at = next;
        self.trail.step_to(next, &mut self.marks, out);
        true
    }
}

impl Solve for RandomMouse {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
