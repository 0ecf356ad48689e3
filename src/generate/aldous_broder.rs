//! Aldous-Broder: a random walk that carves into every cell it enters first.
//!
//! 1. Start the walk at a random cell.
//! 2. Step to a random neighbour. If it was never visited, remove the wall
//!    between them.
//! 3. Repeat from 2 until every cell has been visited.
//!
//! It samples uniformly from all spanning trees, so its mazes have no bias at
//! all (about 30% dead ends). The price is the cover time of the walk, which
//! on a grid grows like n log² n: it is fast at first and crawls at the end
//! while it hunts for the last unvisited cells. The walk is the cursor.

use super::{Params, Step};
use crate::bitset::BitSet;
use crate::event::Emit;
use crate::grid::{Dims, Walker};
use crate::rng::Rng;

/// Moves per step at most: enough to amortise the call, few enough that one
/// step stays within an animation frame's budget.
const MOVES_PER_STEP: u32 = 64;

pub struct AldousBroder {
    dims: Dims,
    rng: Rng,
    visited: BitSet,
    at: Walker,
    remaining: u32,
    started: bool,
}

impl AldousBroder {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        Box::new(AldousBroder {
            dims: params.dims,
            rng: Rng::new(params.seed),
            visited: BitSet::new(params.dims.cells() as usize),
            at: Walker::at(params.dims, 0),
            remaining: params.dims.cells() - 1,
            started: false,
        })
    }
}

impl Step for AldousBroder {
    /// Walks until it carves, or for `MOVES_PER_STEP` moves.
    fn step_one(&mut self, out: &mut Emit) -> bool {
        if !self.started {
            self.started = true;
            self.at = Walker::at(self.dims, self.rng.below(self.dims.cells()));
            self.visited.insert(self.at.cell);
            out.cursor(self.at.cell);
            return self.remaining > 0;
        }
        for _ in 0..MOVES_PER_STEP {
            if self.remaining == 0 {
                return false;
            }
            let from = self.at.cell;
            self.at.step_random(self.dims, &mut self.rng);
            let next = self.at.cell;
            out.cursor(next);
            if !self.visited.contains(next) {
                self.visited.insert(next);
                out.carve(from, next);
                self.remaining -= 1;
                break;
            }
        }
        self.remaining > 0
    }
}
