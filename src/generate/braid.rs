//! Braiding (Buck's `braid`): a pass after any generator that removes a
//! share of the dead ends by opening one of their walls, so the maze gets
//! loops.
//!
//! 1. Let the generator finish, keeping a copy of the maze from its events.
//! 2. List the dead ends (cells with one opening) and shuffle them.
//! 3. Take the next dead end that still is one. Open a wall to a neighbour
//!    across a closed wall, preferring a neighbour that is a dead end too
//!    (one opening then removes two), at random among the best.
//! 4. Repeat from 3 until the dead ends left are at most `100 - P` percent
//!    of those listed.
//!
//! At 100 no dead end is left, except a cell whose only possible neighbour
//! is the one it is open to. Braided mazes have loops: wall followers can
//! circle, and there may be many shortest paths. The openings are ordinary
//! carve events in the same stream, shown as they happen.

use super::after::{After, Pass};
use super::Step;
use crate::event::BRAID_PHASE;
use crate::grid::{Grid, UNDER_EW, UNDER_NS};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::{Cell, Topology};
use std::sync::Arc;

const UNDER: u8 = UNDER_EW | UNDER_NS;

/// The random stream braiding draws from, apart from the generator's.
const BRAID_STREAM: u64 = 0x62_7261_6964; // "braid"

/// `inner`, whose events start from `grid`, followed by braiding `percent`
/// (1 to 100) of the dead ends when it finishes.
pub fn after(inner: Box<dyn Step>, grid: Grid, percent: u8, seed: u64) -> After<Braid> {
    After::new(inner, grid, Braid::new(percent, seed))
}

/// The braiding pass.
#[derive(Clone)]
pub struct Braid {
    percent: u8,
    rng: Rng,
    phase: Phase,
}

#[derive(Clone)]
enum Phase {
    Waiting,
    Braiding {
        /// Listed once, never changed: kept copies share it.
        dead_ends: Arc<[Cell]>,
        next: usize,
        left: u32,
        target: u32,
    },
    Finished,
}

impl Braid {
    /// Braids `percent` (1 to 100) of the dead ends, drawing from `seed`.
    pub fn new(percent: u8, seed: u64) -> Braid {
        Braid {
            percent: percent.min(100),
            rng: Rng::with_stream(seed, BRAID_STREAM),
            phase: Phase::Waiting,
        }
    }
}

impl Pass for Braid {
    /// Steps 1 and 2, once the generator is done.
    fn start<R: Record>(&mut self, grid: &Grid, out: &mut R) {
        out.phase(BRAID_PHASE + 1);
        let shape = grid.shape();
        let mut dead_ends: Vec<Cell> = (0..shape.cells())
            .filter(|&c| shape.is_cell(c) && grid.degree(c) == 1)
            .collect();
        // Fisher-Yates, so the order is the seed's alone.
        for i in (1..dead_ends.len()).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            dead_ends.swap(i, j);
        }
        let count = dead_ends.len() as u32;
        let keep = (u64::from(count) * u64::from(100 - self.percent)).div_ceil(100) as u32;
        self.phase = Phase::Braiding {
            dead_ends: dead_ends.into(),
            next: 0,
            left: count,
            target: keep,
        };
        out.phase(BRAID_PHASE + 2);
    }

    /// Opens one dead end (step 3); false when braiding is over.
    fn one<R: Record>(&mut self, grid: &mut Grid, out: &mut R) -> bool {
        let Phase::Braiding {
            dead_ends,
            next,
            left,
            target,
        } = &mut self.phase
        else {
            return false;
        };
        while *left > *target && *next < dead_ends.len() {
            let cell = dead_ends[*next];
            *next += 1;
            if grid.degree(cell) != 1 {
                continue;
            }
            // Closed walls to live cells, the dead ends among them first.
            let mut best = crate::shape::Neighbors::new();
            let mut any = crate::shape::Neighbors::new();
            // A cell with a tunnel under it keeps its straight passage.
            let crossing = |c: Cell| grid.is_woven() && grid.raw()[c as usize] & UNDER != 0;
            for &n in grid.shape().neighbors(cell).as_slice() {
                if !grid.is_open_between(cell, n) && !crossing(cell) && !crossing(n) {
                    any.push(n);
                    if grid.degree(n) == 1 {
                        best.push(n);
                    }
                }
            }
            let pool = if best.is_empty() { &any } else { &best };
            if pool.is_empty() {
                // Its one opening is its only possible neighbour: it stays.
                continue;
            }
            let other = pool.as_slice()[self.rng.below(pool.len() as u32) as usize];
            *left -= 1;
            if grid.degree(other) == 1 {
                *left -= 1;
            }
            grid.set_open(cell, other, true);
            out.phase(BRAID_PHASE + 3);
            out.cursor(cell);
            out.carve(cell, other);
            return true;
        }
        self.phase = Phase::Finished;
        out.phase(BRAID_PHASE + 4);
        false
    }

    fn heap_bytes_beyond(&self, earlier: Option<&Braid>) -> usize {
        let Phase::Braiding { dead_ends, .. } = &self.phase else {
            return 0;
        };
        match earlier.map(|e| &e.phase) {
            Some(Phase::Braiding {
                dead_ends: shared, ..
            }) if Arc::ptr_eq(dead_ends, shared) => 0,
            _ => std::mem::size_of_val(&**dead_ends),
        }
    }
}
