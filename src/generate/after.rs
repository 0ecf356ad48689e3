//! A pass over the finished maze, run after its generator in the same
//! event stream: braiding (`braid.rs`) and sparseness (`sparse.rs`).
//!
//! The wrapper lets the generator run, keeping a copy of the maze from its
//! events, then hands that copy to the pass one change at a time. It
//! drives both ways of running: batches of events, the generator's
//! followed as they pass and then the pass's own; or, instantly, the
//! generator's quiet build followed by the pass through a tally.
//!
//! A kept copy (a timeline's checkpoint, `Keep::packed_copy`) holds neither the
//! maze, which is its picture's, nor a finished generator: it keeps the
//! generator's own packed copy while that runs, and the pass's state packed
//! by the pass.

use super::Step;
use crate::grid::Grid;
use crate::keep::{Keep, Shown};
use crate::record::{Counts, Emit, Marks, Paint, Record, Tally};
use crate::stream::{finish_replay, in_a_batch, replay_until, Batch, Replayed};

/// Only a kept copy has no maze, and it is unpacked before it runs.
const UNPACKED: &str = "a kept copy is unpacked before it runs";

/// What runs over the maze once its generator is done.
pub trait Pass: Clone + 'static {
    /// Looks at the maze the generator left, once.
    fn start<R: Record>(&mut self, grid: &Grid, out: &mut R);
    /// Makes one change to `grid` and records it; `false` once the pass is
    /// over (what that last call recorded still counts).
    fn one<R: Record>(&mut self, grid: &mut Grid, out: &mut R) -> bool;
    /// The bytes its state takes on the heap that `earlier`, the copy kept
    /// before it, does not also hold (all of them with none).
    fn heap_bytes_beyond(&self, earlier: Option<&Self>) -> usize;
    /// Drops from a kept copy what it can rebuild from the maze.
    fn pack(&mut self) {}
    /// Rebuilds what `pack` dropped from `grid`, the maze as the run's
    /// events have made it.
    fn unpack(&mut self, _grid: &Grid) {}
}

/// A generator followed by a pass.
#[derive(Clone)]
pub struct After<P: Pass> {
    /// The generator, until it finishes.
    inner: Option<Box<dyn Step>>,
    /// The maze as the generator's events (and then the pass) left it;
    /// `None` in a kept copy, whose picture holds it (`unpack`).
    grid: Option<Grid>,
    /// Events of `out` already applied to `grid`.
    seen: usize,
    pass: P,
    /// Once the pass runs, the work done that made no event
    /// (`Keep::work`): its generator's, and the pass's look at every cell
    /// as it starts, which a seek's replay across it does again.
    work: u64,
}

impl<P: Pass> After<P> {
    /// Wraps `inner`, whose events start from `grid`, to run `pass` when
    /// it finishes.
    pub fn new(inner: Box<dyn Step>, grid: Grid, pass: P) -> After<P> {
        After {
            inner: Some(inner),
            grid: Some(grid),
            seen: 0,
            pass,
            work: 0,
        }
    }

    /// The maze (`UNPACKED`).
    fn maze(&mut self) -> &mut Grid {
        self.grid.as_mut().expect(UNPACKED)
    }

    /// Applies the wall changes the generator wrote since the last call.
    fn follow(&mut self, out: &Emit) {
        let grid = self.grid.as_mut().expect(UNPACKED);
        for event in out.slice(self.seen.min(out.len()), out.len()) {
            grid.apply(event);
        }
        self.seen = out.len();
    }

    /// The generator is done: the pass starts.
    fn start<R: Record>(&mut self, out: &mut R) {
        let grid = self.grid.as_ref().expect(UNPACKED);
        let generator = self.inner.take().map_or(0, |inner| inner.work());
        self.work = generator + u64::from(grid.cells());
        self.pass.start(grid, out);
    }

    /// A copy to keep, sharing what the generator's copy can with
    /// `earlier`'s.
    fn kept(&self, earlier: Option<&After<P>>) -> After<P> {
        let mut pass = self.pass.clone();
        pass.pack();
        After {
            inner: self
                .inner
                .as_ref()
                .map(|inner| inner.packed_box(earlier.and_then(|e| e.inner.as_deref()))),
            grid: None,
            seen: self.seen,
            pass,
            work: self.work,
        }
    }

    /// The bytes a kept copy holds beyond `earlier`'s.
    fn bytes_beyond(&self, earlier: Option<&After<P>>) -> Option<usize> {
        let inner = match &self.inner {
            Some(inner) => inner.kept_bytes(earlier.and_then(|e| e.inner.as_deref()))?,
            None => 0,
        };
        let grid = self.grid.as_ref().map_or(0, Grid::heap_bytes);
        let pass = self.pass.heap_bytes_beyond(earlier.map(|e| &e.pass));
        Some(inner + grid + pass)
    }
}

impl<P: Pass> Batch for After<P> {
    fn step(&mut self, out: &mut Emit) -> bool {
        if let Some(inner) = self.inner.as_mut() {
            if self.seen > out.len() {
                // The stream took the last batch: start counting afresh.
                self.seen = 0;
            }
            let more = inner.step(out);
            self.follow(out);
            if !more {
                self.start(out);
            }
            return true;
        }
        let (pass, grid) = (&mut self.pass, self.grid.as_mut().expect(UNPACKED));
        in_a_batch(out, |out| pass.one(grid, out))
    }
}

impl<P: Pass> Keep for After<P> {
    fn heap_bytes(&self, earlier: Option<&Self>) -> Option<usize> {
        self.bytes_beyond(earlier)
    }

    fn work(&self) -> u64 {
        self.inner.as_ref().map_or(self.work, |inner| inner.work())
    }

    fn packed_copy(&self, earlier: Option<&Self>) -> Self {
        self.kept(earlier)
    }

    /// The maze is the picture's and the events not yet handed out (all
    /// of which `grid` had followed when the copy was kept).
    fn unpack(&mut self, shown: &Shown) {
        if self.grid.is_some() {
            return;
        }
        let grid = shown.maze();
        match self.inner.as_mut() {
            Some(inner) => inner.unpack(shown),
            None => self.pass.unpack(&grid),
        }
        self.grid = Some(grid);
    }
}

impl<P: Pass> Step for After<P> {
    fn finish_quietly(&mut self, grid: &mut Grid, counts: &mut Counts) {
        if let Some(inner) = self.inner.as_mut() {
            inner.finish_quietly(grid, counts);
            self.maze().copy_from(grid);
            let mut tally = Tally::new(grid, *counts);
            self.start(&mut tally);
            *counts = tally.finish();
        }
        let mut tally = Tally::new(grid, *counts);
        let (pass, maze) = (&mut self.pass, self.grid.as_mut().expect(UNPACKED));
        while pass.one(maze, &mut tally) {}
        *counts = tally.finish();
    }

    /// A seek's replay: the generator's own while it runs (the maze
    /// copied from the picture after), then the pass's steps painted.
    fn replay(
        &mut self,
        grid: &mut Grid,
        marks: Marks<'_>,
        counts: &mut Counts,
        limit: u64,
    ) -> Replayed {
        let Marks {
            marks,
            counts: mark_counts,
        } = marks;
        if let Some(inner) = self.inner.as_mut() {
            let reborrowed = Marks {
                marks: &mut *marks,
                counts: &mut *mark_counts,
            };
            let outcome = inner.replay(grid, reborrowed, counts, limit);
            if outcome != Replayed::Unsupported {
                self.maze().copy_from(grid);
            }
            if outcome != Replayed::Finished {
                return outcome;
            }
        }
        let marks = Marks {
            marks,
            counts: mark_counts,
        };
        let mut paint = Paint::new(grid, marks, *counts, limit);
        if self.inner.is_some() {
            self.start(&mut paint);
        }
        let (pass, maze) = (&mut self.pass, self.grid.as_mut().expect(UNPACKED));
        let outcome = replay_until(&mut paint, limit, |out| pass.one(maze, out));
        // A tally counts the walls opened from its start only.
        let opened = counts.opened;
        let outcome = finish_replay(paint, counts, limit, outcome);
        counts.opened += opened;
        outcome
    }
}
