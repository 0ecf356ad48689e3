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

use super::Step;
use crate::event::{Event, BRAID_PHASE};
use crate::grid::{Grid, UNDER_EW, UNDER_NS};
use crate::record::{Counts, Emit, Record, Tally};
use crate::rng::Rng;
use crate::shape::{Cell, Topology};
use crate::stream::{in_a_batch, Batch};

const UNDER: u8 = UNDER_EW | UNDER_NS;

/// The random stream braiding draws from, apart from the generator's.
const BRAID_STREAM: u64 = 0x62_7261_6964; // "braid"

/// A generator followed by the braiding pass.
#[derive(Clone)]
pub struct Braid {
    inner: Box<dyn Step>,
    /// The maze as the generator's events left it.
    grid: Grid,
    /// Events of `out` already applied to `grid`.
    seen: usize,
    percent: u8,
    rng: Rng,
    phase: Phase,
}

#[derive(Clone)]
enum Phase {
    Generating,
    Braiding {
        dead_ends: Vec<Cell>,
        next: usize,
        left: u32,
        target: u32,
    },
    Finished,
}

impl Braid {
    /// Wraps `inner`, whose events start from `grid`, to braid `percent`
    /// (1 to 100) of the dead ends when it finishes.
    pub fn new(inner: Box<dyn Step>, grid: Grid, percent: u8, seed: u64) -> Braid {
        Braid {
            inner,
            grid,
            seen: 0,
            percent: percent.min(100),
            rng: Rng::with_stream(seed, BRAID_STREAM),
            phase: Phase::Generating,
        }
    }

    /// Applies the wall changes the generator wrote since the last call.
    fn follow(&mut self, out: &Emit) {
        for event in out.slice(self.seen.min(out.len()), out.len()) {
            if let Event::Carve(..) | Event::Build(..) = event {
                self.grid.apply(event);
            }
        }
        self.seen = out.len();
    }

    /// Steps 1 and 2, once the generator is done.
    fn start<R: Record>(&mut self, out: &mut R) {
        out.phase(BRAID_PHASE + 1);
        self.start_braiding();
        out.phase(BRAID_PHASE + 2);
    }

    fn start_braiding(&mut self) {
        let shape = self.grid.shape().clone();
        let mut dead_ends: Vec<Cell> = (0..shape.cells())
            .filter(|&c| shape.is_cell(c) && self.grid.degree(c) == 1)
            .collect();
        // Fisher-Yates, so the order is the seed's alone.
        for i in (1..dead_ends.len()).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            dead_ends.swap(i, j);
        }
        let count = dead_ends.len() as u32;
        let keep = (u64::from(count) * u64::from(100 - self.percent)).div_ceil(100) as u32;
        self.phase = Phase::Braiding {
            dead_ends,
            next: 0,
            left: count,
            target: keep,
        };
    }

    /// Opens one dead end; returns false when braiding is over.
    fn braid_one<R: Record>(&mut self, out: &mut R) -> bool {
        let Phase::Braiding {
            dead_ends,
            next,
            left,
            target,
        } = &mut self.phase
        else {
            return false;
        };
        let grid = &mut self.grid;
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
}

/// Braiding wraps a run it cannot see into (a `dyn Step`), so it drives
/// the two ways of running itself: the generator's batches of events,
/// followed as they pass, then its own; or, instantly, the generator's
/// quiet build, then its own through a tally.
impl Batch for Braid {
    fn step(&mut self, out: &mut Emit) -> bool {
        if let Phase::Generating = self.phase {
            if self.seen > out.len() {
                // The stream took the last batch: start counting afresh.
                self.seen = 0;
            }
            let more = self.inner.step(out);
            self.follow(out);
            if !more {
                self.start(out);
            }
            return true;
        }
        in_a_batch(out, |out| self.braid_one(out))
    }
}

impl Step for Braid {
    fn finish_quietly(&mut self, grid: &mut Grid, counts: &mut Counts) {
        if let Phase::Generating = self.phase {
            self.inner.finish_quietly(grid, counts);
            self.grid.copy_from(grid);
            let mut tally = Tally::new(grid, *counts);
            self.start(&mut tally);
            *counts = tally.finish();
        }
        let mut tally = Tally::new(grid, *counts);
        while self.braid_one(&mut tally) {}
        *counts = tally.finish();
    }
}
