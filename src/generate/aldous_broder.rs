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
//! while it hunts for the last unvisited cells.

use super::{Params, Step};
use crate::bitset::BitSet;
use crate::event::Emit;
use crate::grid::{Cell, Dims};
use crate::rng::Rng;

pub struct AldousBroder {
    dims: Dims,
    rng: Rng,
    visited: BitSet,
    at: Cell,
    remaining: u32,
    started: bool,
}

impl AldousBroder {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        Box::new(AldousBroder {
            dims: params.dims,
            rng: Rng::new(params.seed),
            visited: BitSet::new(params.dims.cells() as usize),
            at: 0,
            remaining: params.dims.cells() - 1,
            started: false,
        })
    }
}

impl Step for AldousBroder {
    fn step(&mut self, out: &mut Emit) -> bool {
        if !self.started {
            self.started = true;
            self.at = self.rng.below(self.dims.cells());
            self.visited.insert(self.at);
            out.cursor(self.at);
            return self.remaining > 0;
        }
        if self.remaining == 0 {
            return false;
        }
        let next = self.rng.pick(self.dims.neighbors(self.at).as_slice());
        if !self.visited.contains(next) {
            self.visited.insert(next);
            out.carve(self.at, next);
            self.remaining -= 1;
        }
        self.at = next;
        out.cursor(next);
        self.remaining > 0
    }
}
