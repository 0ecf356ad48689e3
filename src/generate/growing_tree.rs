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

use super::frontier::{Frontier, FrontierStore, Halves, StoreKind};
use super::pop::{Pop, PopSpec};
use super::steer::{self, Steering};
use super::{Params, Step};
use crate::bitset::BitSet;
use crate::event::Mark;
use crate::keep::Keep;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Topology;
use crate::stream::Stepper;
use std::collections::VecDeque;

#[derive(Clone)]
pub struct GrowingTree<S: Topology, F: FrontierStore> {
    shape: S,
    rng: Rng,
    pop: PopSpec,
    visited: BitSet,
    frontier: F,
    remaining: u32,
    started: bool,
    steering: Option<Box<Steering>>,
}

/// The growing tree for these params. Always popping the newest cell is
/// depth-first search, the recursive backtracker, which runs its own
/// tighter loop (a test checks the two give the same maze for a seed).
pub fn boxed(params: &Params) -> Box<dyn Step> {
    if params.pop == PopSpec::single(Pop::Newest) {
        return super::on_shape!(params, shape => Box::new(super::backtracker::Backtracker::new(shape, params)));
    }
    let uses = |pop| params.pop.parts().iter().any(|&(p, _)| p == pop);
    let kind = StoreKind::for_pops(uses(Pop::Oldest), uses(Pop::Middle));
    // On a plain square the frontier's store is part of the type (see
    // `frontier.rs`); other shapes choose it at run time, which keeps the
    // module from carrying three copies for each of them.
    if let Some(dims) = params.shape.plain_square() {
        return match kind {
            StoreKind::Stack => Box::new(GrowingTree::new(dims, params, Vec::new())),
            StoreKind::Queue => Box::new(GrowingTree::new(dims, params, VecDeque::new())),
            StoreKind::Halves => Box::new(GrowingTree::new(dims, params, Halves::default())),
        };
    }
    let frontier = Frontier::of_kind(kind);
    super::on_shape!(params, shape => Box::new(GrowingTree::new(shape, params, frontier.clone())))
}

impl<S: Topology, F: FrontierStore> GrowingTree<S, F> {
    fn new(shape: S, params: &Params, frontier: F) -> GrowingTree<S, F> {
        GrowingTree {
            visited: BitSet::new(shape.cells() as usize),
            remaining: shape.live_cells() - 1,
            shape,
            rng: Rng::new(params.seed),
            pop: params.pop.clone(),
            frontier,
            started: false,
            steering: Steering::of(params),
        }
    }
}

impl<S: Topology, F: FrontierStore + 'static> Stepper for GrowingTree<S, F> {
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            let root = self.shape.random_cell(&mut self.rng);
            self.visited.insert(root);
            self.frontier.push(root);
            out.phase(1);
            out.mark(root, Mark::Frontier);
            out.cursor(root);
            return self.remaining > 0;
        }
        if self.remaining == 0 {
            return false;
        }
        let pop = self.pop.choose(&mut self.rng);
        let Some(cell) = self.frontier.take(pop, &mut self.rng) else {
            return false;
        };
        out.cursor(cell);
        let visited = &self.visited;
        let steering = &self.steering;
        let came_from = || steering.as_ref().and_then(|s| s.came_from(cell));
        let Some(next) =
            steer::neighbor(steering, &self.shape, cell, came_from, &mut self.rng, |n| {
                !visited.contains(n)
            })
        else {
            if pop == Pop::Newest {
                self.frontier.pop_newest();
            }
            // Popped for good: step 2 alone (step 3 found nothing to link).
            out.phase(2);
            out.mark(cell, Mark::Blank);
            return true;
        };
        if pop != Pop::Newest {
            if let Some(s) = &self.steering {
                // Every frontier cell links all its free neighbours in the
                // end, so only waiting makes a grain: an opening against
                // it is put off, and the cell goes back on the frontier.
                if s.defer(&self.shape, cell, next, &mut self.rng) {
                    self.frontier.push(cell);
                    return true;
                }
            }
        }
        out.phase(3);
        out.carve(cell, next);
        if let Some(s) = &mut self.steering {
            s.carved(cell, next);
        }
        self.visited.insert(next);
        self.remaining -= 1;
        if pop != Pop::Newest {
            self.frontier.push(cell);
        }
        self.frontier.push(next);
        out.mark(next, Mark::Frontier);
        if self.remaining == 0 {
            out.phase(4);
        }
        self.remaining > 0
    }
}

impl<S: Topology, F: FrontierStore + 'static> Keep for GrowingTree<S, F> {
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        // A steered run keeps a field of its own: counted at the most.
        self.steering.is_none().then(|| {
            self.visited.heap_bytes()
                + self.frontier.len() * std::mem::size_of::<crate::shape::Cell>()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Generator, Params};
    use crate::grid::Grid;
    use crate::shape::{Cell, Dims};

    /// Replays a stepper's structural events on a closed grid.
    fn carve(mut stepper: Box<dyn Step>, dims: Dims) -> Grid {
        let mut grid = Grid::closed(dims);
        let mut out = crate::record::Emit::new(false);
        loop {
            let more = stepper.step(&mut out);
            for i in 0..out.len() {
                grid.apply(&out.slice(i, i + 1)[0]);
            }
            out.clear();
            if !more {
                return grid;
            }
        }
    }

    #[test]
    fn the_generic_growing_tree_popping_newest_is_the_backtracker() {
        for seed in 0..10 {
            let params = Params::new(Dims::new(21, 13).unwrap(), seed);
            let generic = carve(
                Box::new(GrowingTree::new(params.dims(), &params, Vec::<Cell>::new())),
                params.dims(),
            );
            let mut backtracker = Generator::by_name("backtracker", params.clone(), false).unwrap();
            let mut grid = backtracker.initial_grid();
            backtracker.finish_into(&mut grid);
            assert_eq!(generic, grid, "seed {seed}");
        }
    }
}
