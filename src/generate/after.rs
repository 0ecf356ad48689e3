//! A pass over the finished maze, run after its generator in the same
//! event stream: braiding (`braid.rs`) and sparseness (`sparse.rs`).
//!
//! The wrapper lets the generator run, keeping a copy of the maze from its
//! events, then hands that copy to the pass one change at a time. It
//! drives both ways of running: batches of events, the generator's
//! followed as they pass and then the pass's own; or, instantly, the
//! generator's quiet build followed by the pass through a tally.

use super::Step;
use crate::event::Event;
use crate::grid::Grid;
use crate::record::{Counts, Emit, Record, Tally};
use crate::stream::{in_a_batch, Batch};

/// What runs over the maze once its generator is done.
pub trait Pass: Clone + 'static {
    /// Looks at the maze the generator left, once.
    fn start<R: Record>(&mut self, grid: &Grid, out: &mut R);
    /// Makes one change to `grid` and records it; `false` once the pass is
    /// over (what that last call recorded still counts).
    fn one<R: Record>(&mut self, grid: &mut Grid, out: &mut R) -> bool;
}

/// A generator followed by a pass.
#[derive(Clone)]
pub struct After<P: Pass> {
    inner: Box<dyn Step>,
    /// The maze as the generator's events (and then the pass) left it.
    grid: Grid,
    /// Events of `out` already applied to `grid`.
    seen: usize,
    pass: P,
    generating: bool,
}

impl<P: Pass> After<P> {
    /// Wraps `inner`, whose events start from `grid`, to run `pass` when
    /// it finishes.
    pub fn new(inner: Box<dyn Step>, grid: Grid, pass: P) -> After<P> {
        After {
            inner,
            grid,
            seen: 0,
            pass,
            generating: true,
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

    fn start<R: Record>(&mut self, out: &mut R) {
        self.generating = false;
        self.pass.start(&self.grid, out);
    }
}

impl<P: Pass> Batch for After<P> {
    fn step(&mut self, out: &mut Emit) -> bool {
        if self.generating {
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
        let (pass, grid) = (&mut self.pass, &mut self.grid);
        in_a_batch(out, |out| pass.one(grid, out))
    }
}

impl<P: Pass> Step for After<P> {
    fn finish_quietly(&mut self, grid: &mut Grid, counts: &mut Counts) {
        if self.generating {
            self.inner.finish_quietly(grid, counts);
            self.grid.copy_from(grid);
            let mut tally = Tally::new(grid, *counts);
            self.start(&mut tally);
            *counts = tally.finish();
        }
        let mut tally = Tally::new(grid, *counts);
        while self.pass.one(&mut self.grid, &mut tally) {}
        *counts = tally.finish();
    }
}
