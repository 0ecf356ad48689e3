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
//! is quadratic; here every hunt is O(1) amortised. A pointer to the first
//! unvisited cell only moves forward, and every cell before it is visited, so
//! that cell has a visited west or north neighbour, unless it is cell 0.
//! While cell 0 is unvisited, the hunt takes instead the west (or north)
//! neighbour of the lowest visited cell: it has a lower index, so it is
//! unvisited, and it touches the maze.

use super::{Params, Step};
use crate::bitset::BitSet;
use crate::event::Emit;
use crate::grid::{Cell, Dims};
use crate::rng::Rng;

pub struct HuntAndKill {
    dims: Dims,
    rng: Rng,
    visited: BitSet,
    at: Cell,
    first_unvisited: Cell,
    lowest_visited: Cell,
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
            lowest_visited: u32::MAX,
            remaining: params.dims.cells() - 1,
            started: false,
        })
    }

    fn visit(&mut self, cell: Cell) {
        self.visited.insert(cell);
        self.lowest_visited = self.lowest_visited.min(cell);
    }

    /// An unvisited cell with a visited neighbour, in O(1) amortised.
    fn hunt(&mut self) -> Cell {
        while self.visited.contains(self.first_unvisited) {
            self.first_unvisited += 1;
        }
        if self.first_unvisited > 0 {
            return self.first_unvisited;
        }
        let low = self.lowest_visited;
        if low % self.dims.width != 0 {
            low - 1
        } else {
            low - self.dims.width
        }
    }
}

impl Step for HuntAndKill {
    fn step_one(&mut self, out: &mut Emit) -> bool {
        if !self.started {
            self.started = true;
            self.at = self.rng.below(self.dims.cells());
            self.visit(self.at);
            out.cursor(self.at);
            return self.remaining > 0;
        }
        if self.remaining == 0 {
            return false;
        }
        let visited = &self.visited;
        let walk = self
            .dims
            .random_neighbor(self.at, &mut self.rng, |n| !visited.contains(n));
        let (from, to) = match walk {
            Some(next) => (self.at, next),
            None => {
                let found = self.hunt();
                let visited = &self.visited;
                let link = self
                    .dims
                    .random_neighbor(found, &mut self.rng, |n| visited.contains(n))
                    .expect("the hunt finds a cell beside the maze");
                (link, found)
            }
        };
        out.carve(from, to);
        self.visit(to);
        self.remaining -= 1;
        self.at = to;
        out.cursor(to);
        self.remaining > 0
    }
}
