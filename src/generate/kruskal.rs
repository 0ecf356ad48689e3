//! Randomized Kruskal with union-find.
//!
//! 1. Put every cell in a set of its own and list every interior wall.
//! 2. Take a random wall not yet taken (a lazy Fisher-Yates shuffle, so the
//!    first step does not wait for a full shuffle).
//! 3. If the cells on its two sides are in different sets, remove the wall and
//!    join the sets (union by rank, path halving).
//! 4. Repeat from 2 until cells - 1 walls are gone.
//!
//! Its mazes are uniform-looking with many short dead ends (about 30% of
//! cells) and short corridors; on screen, passages appear everywhere at once
//! and grow together. Walls are four bytes each (cell * 2 + east/south), so
//! the whole run stays under 14 bytes per cell.

use super::union_find::UnionFind;
use super::{Params, Step};
use crate::event::Emit;
use crate::grid::Dims;
use crate::rng::Rng;

pub struct Kruskal {
    dims: Dims,
    rng: Rng,
    walls: Vec<u32>,
    next: usize,
    /// Walls before this index are already shuffled into place.
    prepared: usize,
    sets: UnionFind,
    remaining: u32,
}

impl Kruskal {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        let dims = params.dims;
        let (w, h) = (dims.width, dims.height);
        let count = ((w - 1) * h + w * (h - 1)) as usize;
        let mut walls = Vec::with_capacity(count);
        for cell in 0..dims.cells() {
            let (x, y) = dims.xy(cell);
            if x + 1 < w {
                walls.push(cell * 2);
            }
            if y + 1 < h {
                walls.push(cell * 2 + 1);
            }
        }
        Box::new(Kruskal {
            dims,
            rng: Rng::new(params.seed),
            walls,
            next: 0,
            prepared: 0,
            sets: UnionFind::new(dims.cells() as usize),
            remaining: dims.cells() - 1,
        })
    }
}

/// Walls drawn ahead of time: their cache misses overlap instead of queueing.
const BATCH: usize = 16;

impl Kruskal {
    #[inline]
    fn cells_of(&self, wall: u32) -> (u32, u32) {
        let a = wall >> 1;
        (
            a,
            if wall & 1 == 0 {
                a + 1
            } else {
                a + self.dims.width
            },
        )
    }

    /// Shuffles the next `BATCH` walls into place and touches their cells'
    /// sets. Big grids are bound by cache misses on random walls; loads with
    /// no dependency on each other run in parallel, the find loop's do not.
    fn prepare_batch(&mut self) {
        let end = (self.next + BATCH).min(self.walls.len());
        for i in self.next..end {
            let j = i + self.rng.below((self.walls.len() - i) as u32) as usize;
            self.walls.swap(i, j);
        }
        let mut touched = 0u32;
        for i in self.next..end {
            let (a, b) = self.cells_of(self.walls[i]);
            touched ^= self.sets.peek(a) ^ self.sets.peek(b);
        }
        std::hint::black_box(touched);
        self.prepared = end;
    }
}

impl Step for Kruskal {
    fn step_one(&mut self, out: &mut Emit) -> bool {
        // Walls that would close a loop make no event; skip them here rather
        // than return empty-handed once per rejected wall.
        while self.remaining > 0 && self.next < self.walls.len() {
            if self.next == self.prepared {
                self.prepare_batch();
            }
            let (a, b) = self.cells_of(self.walls[self.next]);
            self.next += 1;
            if self.sets.union(a, b) {
                out.cursor(a);
                out.carve(a, b);
                self.remaining -= 1;
                return self.remaining > 0;
            }
        }
        false
    }
}
