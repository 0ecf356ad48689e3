//! What a timeline keeps of a run between seeks, apart from the algorithm.
//!
//! A timeline keeps copies of a generator mid-run (its checkpoints) and
//! resumes a seek from the nearest one. An algorithm need not know: a
//! [`Keep`] with no methods keeps a plain copy. Those that hold much keep
//! less: state the picture already shows is dropped and rebuilt from it
//! ([`Shown`]), per-cell bytes packed into the bits they need, and lists
//! that change only at their ends held in chunks shared with the copy kept
//! before (`packed::Shared`). Each algorithm's `Keep` sits below its
//! algorithm, or in a `kept.rs` of its own beside it, and
//! `tests/timeline.rs` holds every kept copy to running on exactly as the
//! original would.

use crate::event::Event;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;

/// How a timeline keeps copies of a generator mid-run. Every method has a
/// default that keeps a plain copy; an algorithm overrides what it can
/// keep smaller.
pub trait Keep: Clone + 'static {
    /// The work it has done so far that made no event, in units of about
    /// an event's cost, for a timeline to space its checkpoints by (a
    /// seek replays it). Most algorithms make an event for nearly all
    /// they do: 0.
    fn work(&self) -> u64 {
        0
    }

    /// The bytes this copy holds on the heap that `earlier`, the copy kept
    /// before it, does not also hold (all of them without `earlier`), for
    /// the timeline's budget; `None` where it does not count them, and the
    /// timeline counts its measured most. A stack or frontier grows and
    /// shrinks over a run, far below its most on a big maze.
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        None
    }

    /// A copy to keep rather than run: it may drop what the picture shows
    /// (`unpack` rebuilds it), pack per-cell state into the fewest bits
    /// it needs (`crate::packed::Packed`), and share what it holds equal
    /// to `earlier`, the copy kept before it. The running copy never
    /// packs: its steps read their state as it is.
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        self.clone()
    }

    /// Makes a `packed_copy` runnable again, from the picture as its
    /// events left it.
    fn unpack(&mut self, _shown: &Shown) {}

    /// A seek's replay through `out` has ended (`Step::replay`): a fast
    /// path that left work to the end of the replay does it here.
    fn end_replay<R: Record>(&mut self, _out: &mut R) {}

    /// Whether this kept copy holds what every wall of the maze follows
    /// from, so that a checkpoint need not keep its picture's walls as
    /// well: origin shift's arrows are its maze's passages. Its `unpack`
    /// must then not read the walls of the picture it is shown: they are
    /// drawn after it.
    fn draws_walls(&self) -> bool {
        false
    }

    /// Writes every wall of `grid` as this copy's state implies, after all
    /// the events it has made (its stream undoes those not yet handed
    /// out); called on an unpacked copy of one that `draws_walls`.
    fn draw_walls(&self, _grid: &mut Grid) {}
}

/// What a packed copy may rebuild its working state from as it is
/// unpacked: state the picture already holds need not be kept twice.
pub struct Shown<'a> {
    /// The maze as the copy's events so far have made it, less `pending`.
    pub grid: &'a Grid,
    /// The events the copy had made but not yet handed out when it was
    /// kept (a step's batch is made at once, handed out one by one).
    pub pending: &'a [Event],
}

impl Shown<'_> {
    /// The maze as the copy's events have made it, those not yet handed
    /// out included: what a kept copy that keeps no maze of its own runs on.
    pub fn maze(&self) -> Grid {
        let mut grid = self.grid.clone();
        for event in self.pending {
            grid.apply(event);
        }
        grid
    }

    /// The maze's connected pieces, the carves not yet handed out
    /// included (`Grid::pieces`): what Kruskal's kept copies rebuild their
    /// sets from.
    pub fn pieces(&self) -> crate::union_find::UnionFind {
        let mut sets = self.grid.pieces();
        for (a, b) in self.pending_carves() {
            sets.union(a, b);
        }
        sets
    }

    /// The passages among the events not yet handed out, in order.
    pub fn pending_carves(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        self.pending.iter().filter_map(|event| match *event {
            Event::Carve(a, b) => Some((a, b)),
            _ => None,
        })
    }
}
