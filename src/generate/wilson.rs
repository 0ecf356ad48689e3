//! Wilson: loop-erased random walks that join the maze where they hit it.
//!
//! 1. Put a random cell in the maze.
//! 2. Start a walk at the first cell not in the maze.
//! 3. Step to a random neighbour. If it is on the walk already, erase the loop
//!    back to it; if it is in the maze, carve the whole walk into the maze and
//!    go to 2; otherwise extend the walk.
//! 4. Stop when every cell is in the maze.
//!
//! Like Aldous-Broder it samples uniformly from all spanning trees (about 30%
//! dead ends, no bias), but it is slow at the start, when the first walk has a
//! single cell to find, and fast at the end. The walk and its erasure are
//! visible as `Walk` marks set and cleared.

use super::{Params, Step};
use crate::bitset::BitSet;
use crate::event::{Emit, Mark};
use crate::grid::{Cell, Dims};
use crate::rng::Rng;

pub struct Wilson {
    dims: Dims,
    rng: Rng,
    in_maze: BitSet,
    on_walk: BitSet,
    walk: Vec<Cell>,
    /// Every cell below this index is in the maze.
    scan: Cell,
    started: bool,
}

impl Wilson {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        let cells = params.dims.cells() as usize;
        Box::new(Wilson {
            dims: params.dims,
            rng: Rng::new(params.seed),
            in_maze: BitSet::new(cells),
            on_walk: BitSet::new(cells),
            walk: Vec::new(),
            scan: 0,
            started: false,
        })
    }

    /// Starts a walk at the first cell outside the maze; `false` if none is left.
    fn start_walk(&mut self, out: &mut Emit) -> bool {
        while self.scan < self.dims.cells() && self.in_maze.contains(self.scan) {
            self.scan += 1;
        }
        if self.scan == self.dims.cells() {
            return false;
        }
        self.walk.push(self.scan);
        self.on_walk.insert(self.scan);
        out.mark(self.scan, Mark::Walk);
        true
    }
}

impl Step for Wilson {
    fn step(&mut self, out: &mut Emit) -> bool {
        if !self.started {
            self.started = true;
            let first = self.rng.below(self.dims.cells());
            self.in_maze.insert(first);
            out.cursor(first);
            return self.start_walk(out);
        }
        let Some(&head) = self.walk.last() else {
            return false;
        };
        let next = self.rng.pick(self.dims.neighbors(head).as_slice());
        if self.in_maze.contains(next) {
            // The walk is loop-free: carve it into the maze, tail first.
            let mut to = next;
            while let Some(cell) = self.walk.pop() {
                self.on_walk.remove(cell);
                self.in_maze.insert(cell);
                out.carve(cell, to);
                out.mark(cell, Mark::Blank);
                to = cell;
            }
            return self.start_walk(out);
        }
        if self.on_walk.contains(next) {
            // Erase the loop: pop back to where the walk crossed itself.
            while let Some(&top) = self.walk.last() {
                if top == next {
                    break;
                }
                self.walk.pop();
                self.on_walk.remove(top);
                out.mark(top, Mark::Blank);
            }
            return true;
        }
        self.walk.push(next);
        self.on_walk.insert(next);
        out.mark(next, Mark::Walk);
        true
    }
}
