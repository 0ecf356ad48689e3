//! Growing tree, as Peter Norvig's `random_tree`.
//!
//! 1. Put a random root in the tree and on the frontier.
//! 2. Pop a cell from the frontier with the pop strategy.
//! 3. If it has unvisited neighbours, link it to a random one, add that one to
//!    the tree, and push both cells back (the popped cell first).
//! 4. Repeat from 2 until every cell is in the tree.
//!
//! The pop strategy shapes the maze. `newest` is depth-first: long winding
//! corridors and few dead ends, like the backtracker. `oldest` is
//! breadth-first: short straight spokes radiating from the root and many dead
//! ends. `random` behaves like simplified Prim: a radial texture with many
//! short dead ends. `middle` sits between. A mix such as `newest:75,random:25`
//! gives long corridors with regular branches (mazelib's backtrack chance).

use super::frontier::Frontier;
use super::pop::{Pop, PopSpec};
use super::{Params, Step};
use crate::bitset::BitSet;
use crate::event::{Emit, Mark};
use crate::grid::Dims;
use crate::rng::Rng;

pub struct GrowingTree {
    dims: Dims,
    rng: Rng,
    pop: PopSpec,
    visited: BitSet,
    frontier: Frontier,
    remaining: u32,
    started: bool,
}

impl GrowingTree {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        Box::new(GrowingTree {
            dims: params.dims,
            rng: Rng::new(params.seed),
            pop: params.pop.clone(),
            visited: BitSet::new(params.dims.cells() as usize),
            frontier: Frontier::new(),
            remaining: params.dims.cells() - 1,
            started: false,
        })
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        match self.pop.choose(&mut self.rng) {
            Pop::Newest => self.frontier.pop_newest(),
            Pop::Oldest => self.frontier.pop_oldest(),
            Pop::Middle => self.frontier.pop_middle(),
            Pop::Random => {
                let i = self.rng.below(self.frontier.len() as u32);
                self.frontier.swap_remove(i as usize)
            }
        }
    }
}

impl Step for GrowingTree {
    fn step(&mut self, out: &mut Emit) -> bool {
        if !self.started {
            self.started = true;
            let root = self.rng.below(self.dims.cells());
            self.visited.insert(root);
            self.frontier.push(root);
            out.mark(root, Mark::Frontier);
            out.cursor(root);
            return self.remaining > 0;
        }
        if self.remaining == 0 {
            return false;
        }
        let Some(cell) = self.pop() else {
            return false;
        };
        out.cursor(cell);
        let visited = &self.visited;
        let Some(next) = self
            .dims
            .random_neighbor(cell, &mut self.rng, |n| !visited.contains(n))
        else {
            out.mark(cell, Mark::Blank);
            return true;
        };
        out.carve(cell, next);
        self.visited.insert(next);
        self.remaining -= 1;
        self.frontier.push(cell);
        self.frontier.push(next);
        out.mark(next, Mark::Frontier);
        self.remaining > 0
    }
}
