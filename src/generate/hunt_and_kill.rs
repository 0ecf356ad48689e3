//! Hunt-and-kill: a random walk until stuck, then a hunt for a new start.
//!
//! 1. Start a walk at a random cell.
//! 2. Kill: carve into a random unvisited neighbour and move there, until the
//!    walk has no unvisited neighbour.
//! 3. Hunt: take the first unvisited cell in row-major order that touches the
//!    maze, link it to a random visited neighbour, and walk on from it.
//! 4. Stop when every cell is visited.
//!
//! Its mazes look like the backtracker's: long winding corridors and few dead
//! ends (about 10%). The textbook hunt rescans from the top every time, which
//! is quadratic; here a pointer to the first unvisited cell only moves
//! forward. Every cell before it is visited, so it always has a visited west
//! or north neighbour, except cell 0 itself, which needs a short forward scan
//! until the maze reaches the top-left corner.

use super::{Params, Step};
use crate::bitset::BitSet;
use crate::event::Emit;
use crate::grid::{Cell, Dims, Neighbors};
use crate::rng::Rng;

pub struct HuntAndKill {
    dims: Dims,
    rng: Rng,
    visited: BitSet,
    at: Cell,
    first_unvisited: Cell,
    remaining: u32,
    started: bool,
}

impl HuntAndKill {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        Box::new(HuntAndKill {
            dims: params.dims,
            rng: Rng::new(params.seed),
            visited: BitSet::new(params.dims.cells() as usize),
            at: 0,
            first_unvisited: 0,
            remaining: params.dims.cells() - 1,
            started: false,
        })
    }

    fn neighbors_where(&self, cell: Cell, visited: bool) -> Neighbors {
        let mut found = Neighbors::new();
        for &n in self.dims.neighbors(cell).as_slice() {
            if self.visited.contains(n) == visited {
                found.push(n);
            }
        }
        found
    }

    /// The first unvisited cell (row-major) with a visited neighbour.
    fn hunt(&mut self) -> Cell {
        while self.visited.contains(self.first_unvisited) {
            self.first_unvisited += 1;
        }
        let mut cell = self.first_unvisited;
        while self.visited.contains(cell) || self.neighbors_where(cell, true).is_empty() {
            cell += 1;
        }
        cell
    }
}

impl Step for HuntAndKill {
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
        let unvisited = self.neighbors_where(self.at, false);
        let (from, to) = if unvisited.is_empty() {
            let found = self.hunt();
            let link = self.rng.pick(self.neighbors_where(found, true).as_slice());
            (link, found)
        } else {
            (self.at, self.rng.pick(unvisited.as_slice()))
        };
        out.carve(from, to);
        self.visited.insert(to);
        self.remaining -= 1;
        self.at = to;
        out.cursor(to);
        self.remaining > 0
    }
}
