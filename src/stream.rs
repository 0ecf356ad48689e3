//! How a step iterator runs: an algorithm ([`Stepper`]) writes a batch of
//! events per call, and consumers take them from its [`Stream`] one at a
//! time or a slice at a time, ending with [`Event::Done`]. One blanket
//! adapter gives every algorithm its batches, its instant build and its
//! seek's replays; what a timeline keeps of a run is [`Keep`]'s.

use crate::event::Event;
use crate::grid::Grid;
use crate::keep::{Keep, Shown};
use crate::record::{Counts, Emit, Marks, Record, Replaying};
#[cfg(not(feature = "first"))]
use crate::record::{Paint, Tally};
use std::any::Any;

/// A running algorithm as a stream drives it, behind a `dyn` pointer: a
/// batch of events at a time. Solvers are only this.
pub trait Batch {
    /// Makes changes until at least `STEP_BATCH_EVENTS` events are written
    /// or the run is finished (then `false`; events written by that last
    /// call still count). The call goes through a `dyn` pointer: batching
    /// keeps it off the per-cell path while `step_with` stays inlinable.
    fn step(&mut self, out: &mut Emit) -> bool;
}

/// A generator as its stream drives it: batches of events, or the rest of
/// the run at once, straight into a maze. Every algorithm gets both from
/// [`Stepper`], written once; only a pass that wraps another run
/// (braiding) writes them itself. (Apart from `Batch` so that solvers,
/// which never build a maze, carry no instant build in the module.)
pub trait Step: Batch + DynKeep {
    /// Runs to the end with no events: walls straight into `grid`, and
    /// into `counts` what was written and what an animated run would
    /// have shown.
    fn finish_quietly(&mut self, grid: &mut Grid, counts: &mut Counts);

    /// Goes on as `finish_quietly` does, walls straight into `grid`, but
    /// only while the events an animated run would have handed out stay
    /// at or under `limit` (all of them counted into `counts`): a seek's
    /// fast replay, its fast paths off (`Tally::stepwise`). A run that
    /// marks cells paints each mark into `marks` as its event would have
    /// (`Paint`); one that marks none leaves them be. It stops between
    /// steps; a step's events are not known before it is made, so it
    /// stops once the next one might pass `limit`, judged by the biggest
    /// step so far (doubled), and says so if one did pass it.
    fn replay(
        &mut self,
        _grid: &mut Grid,
        _marks: Marks<'_>,
        _counts: &mut Counts,
        _limit: u64,
    ) -> Replayed {
        Replayed::Unsupported
    }

    /// Whether it never marks a cell, so `replay` runs it quietly
    /// (`Stepper::MARKS_NO_CELL`).
    fn marks_no_cell(&self) -> bool {
        false
    }
}

/// [`Keep`] behind a `dyn Step` pointer, written once for every run that
/// keeps: a copy taken mid-run goes on to make exactly the events the
/// original makes (runs are deterministic), which is what a timeline's
/// checkpoints need.
pub trait DynKeep {
    /// A copy of the run, at the same point.
    fn clone_box(&self) -> Box<dyn Step>;
    /// A copy to keep (`Keep::packed_copy`), sharing what it can with
    /// `earlier`, the copy kept before it, when that is of its own type.
    fn packed_box(&self, earlier: Option<&dyn Step>) -> Box<dyn Step>;
    /// The bytes it holds beyond `earlier`'s (`Keep::heap_bytes`).
    fn kept_bytes(&self, earlier: Option<&dyn Step>) -> Option<usize>;
    /// The work it has done between events (`Keep::work`).
    fn work(&self) -> u64;
    /// Makes a kept copy runnable again (`Keep::unpack`).
    fn unpack(&mut self, shown: &Shown);
    /// Whether a kept copy draws its maze's walls again
    /// (`Keep::draws_walls`).
    fn draws_walls(&self) -> bool;
    /// Writes the walls its state implies (`Keep::draw_walls`).
    fn draw_walls(&self, grid: &mut Grid);
    /// Itself as `Any`: an earlier kept copy is read as its own type.
    fn as_any(&self) -> &dyn Any;
}

impl<T: Step + Keep> DynKeep for T {
    fn clone_box(&self) -> Box<dyn Step> {
        Box::new(self.clone())
    }

    fn packed_box(&self, earlier: Option<&dyn Step>) -> Box<dyn Step> {
        Box::new(self.packed_copy(earlier.and_then(|e| e.as_any().downcast_ref::<T>())))
    }

    fn kept_bytes(&self, earlier: Option<&dyn Step>) -> Option<usize> {
        self.heap_bytes(earlier.and_then(|e| e.as_any().downcast_ref::<T>()))
    }

    fn work(&self) -> u64 {
        Keep::work(self)
    }

    fn unpack(&mut self, shown: &Shown) {
        Keep::unpack(self, shown);
    }

    fn draws_walls(&self) -> bool {
        Keep::draws_walls(self)
    }

    fn draw_walls(&self, grid: &mut Grid) {
        Keep::draw_walls(self, grid);
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Clone for Box<dyn Step> {
    fn clone(&self) -> Box<dyn Step> {
        self.clone_box()
    }
}

/// One algorithm's state between steps, written once against [`Record`]:
/// each call makes one small change and records it. Its copy taken mid-run
/// goes on exactly as the original would. What a timeline keeps of it
/// between seeks is its [`Keep`], written apart from the algorithm.
pub trait Stepper: Clone + 'static {
    /// It never marks a cell (the cursor and its steps are all it shows),
    /// so a seek may replay it quietly (`Step::replay`). A constant, not a
    /// method: a stepper that marks never compiles the quiet replay, which
    /// would otherwise be a second caller of its tallied step and keep
    /// that from being inlined into the instant build's loop.
    const MARKS_NO_CELL: bool = false;

    /// Makes one small change and records it; `false` once the run is
    /// finished (what that last call recorded still counts).
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool;
}

impl<S: Stepper> Batch for S {
    fn step(&mut self, out: &mut Emit) -> bool {
        in_a_batch(out, |out| self.step_with(out))
    }
}

/// The first-visit module's instant build and seeks (`feature = "first"`):
/// the run's own events applied one by one, with no tallied copy of each
/// algorithm and no quiet replay (a seek steps through the events), so
/// each algorithm is compiled once. The same maze and counts as
/// `finish_quietly` (a test checks every generator).
#[cfg(feature = "first")]
impl<S: Stepper + Keep> Step for S {
    fn finish_quietly(&mut self, grid: &mut Grid, counts: &mut Counts) {
        finish_by_events(self, grid, counts);
    }
}

/// Runs `stepper` to its end as its events say, into `grid`: what
/// `Step::finish_quietly` does, through `Batch::step` and no fast path.
pub fn finish_by_events<S: Batch + ?Sized>(stepper: &mut S, grid: &mut Grid, counts: &mut Counts) {
    let mut out = Emit::new(false);
    out.set_position(counts.at);
    loop {
        let more = stepper.step(&mut out);
        for event in out.slice(0, out.len()) {
            if grid.apply(event) {
                counts.written += 1;
            }
        }
        counts.skipped += out.take_skipped();
        out.clear();
        if !more {
            break;
        }
    }
    counts.at = out.position();
}

#[cfg(not(feature = "first"))]
impl<S: Stepper + Keep> Step for S {
    fn finish_quietly(&mut self, grid: &mut Grid, counts: &mut Counts) {
        while quiet_batch(self, grid, counts) {}
    }

    fn replay(
        &mut self,
        grid: &mut Grid,
        marks: Marks<'_>,
        counts: &mut Counts,
        limit: u64,
    ) -> Replayed {
        if S::MARKS_NO_CELL {
            // Nothing to paint: a stepwise tally.
            replay_steps(self, Tally::stepwise(grid, *counts), counts, limit)
        } else {
            replay_steps(self, Paint::new(grid, marks, *counts, limit), counts, limit)
        }
    }

    fn marks_no_cell(&self) -> bool {
        S::MARKS_NO_CELL
    }
}

/// `Step::replay`: steps through a tally
/// with its fast paths off (or a `Paint`, which is one) until the next
/// step might pass `limit`. Kept out of line; with a plain tally, compiled
/// only for steppers that mark no cell (`Stepper::MARKS_NO_CELL`).
#[cfg(not(feature = "first"))]
#[inline(never)]
fn replay_steps<S: Stepper + Keep, R: Replaying>(
    stepper: &mut S,
    mut tally: R,
    counts: &mut Counts,
    limit: u64,
) -> Replayed {
    let outcome = replay_until(&mut tally, limit, |out| stepper.step_with(out));
    stepper.end_replay(&mut tally);
    finish_replay(tally, counts, limit, outcome)
}

/// Calls `step` (one step of a run, recorded through `tally`) until the
/// next step might pass `limit`, judged by the biggest step so far
/// (doubled), or the run ends.
#[inline(always)]
pub(crate) fn replay_until<R: Replaying>(
    tally: &mut R,
    limit: u64,
    mut step: impl FnMut(&mut R) -> bool,
) -> Replayed {
    let mut biggest = 1;
    loop {
        if let Some(outcome) = replay_batch(tally, &mut biggest, limit, &mut step) {
            return outcome;
        }
    }
}

/// What a replay through `tally` did, into `counts`, and how it ended:
/// `Overshot` if its last step passed `limit`.
pub(crate) fn finish_replay<R: Replaying>(
    tally: R,
    counts: &mut Counts,
    limit: u64,
    outcome: Replayed,
) -> Replayed {
    *counts = tally.finish();
    if counts.written + counts.skipped > limit {
        Replayed::Overshot
    } else {
        outcome
    }
}

/// Up to `QUIET_BATCH` steps of `replay_until`; `None` if the replay goes
/// on. Out of line for the reason `quiet_batch` is: a seek's replay is one
/// call, and a browser would run all of the first one in its baseline code.
#[inline(never)]
fn replay_batch<R: Replaying>(
    tally: &mut R,
    biggest: &mut u64,
    limit: u64,
    step: &mut impl FnMut(&mut R) -> bool,
) -> Option<Replayed> {
    for _ in 0..QUIET_BATCH {
        let before = tally.events();
        if before + 2 * *biggest > limit {
            return Some(Replayed::Stopped);
        }
        if !step(tally) {
            return Some(Replayed::Finished);
        }
        let made = tally.events() - before;
        if tally.kept_to_room() {
            // A step painted by a fast path within the room it was lent
            // (the whole of origin shift's first tree, at once) is no
            // measure of the next; one that found no room for its next
            // move ends the replay.
            if made == 0 {
                return Some(Replayed::Stopped);
            }
        } else {
            *biggest = (*biggest).max(made);
        }
    }
    None
}

/// How a seek's replay (`Step::replay`) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replayed {
    /// It stopped between steps, at or before its limit.
    Stopped,
    /// The run ended within the limit.
    Finished,
    /// A step passed the limit: the maze is past the step asked for.
    Overshot,
    /// This run has no quiet replay.
    Unsupported,
}

/// Calls `one` until it says the run is over (`false`) or at least
/// `STEP_BATCH_EVENTS` events are written (`true`): `Step::step` for a
/// run made of small steps.
#[inline(always)]
pub(crate) fn in_a_batch(out: &mut Emit, mut one: impl FnMut(&mut Emit) -> bool) -> bool {
    loop {
        if !one(out) {
            return false;
        }
        if out.len() >= STEP_BATCH_EVENTS {
            return true;
        }
    }
}

/// Calls of `step_with` per batch of an instant build.
const QUIET_BATCH: u32 = 1 << 12;

/// One batch of an instant build through a [`Tally`]. In batches, not one
/// call for the whole maze, because a browser keeps a function in its
/// baseline compiler until it has been called often enough; `index.html`
/// keeps wasm-opt from inlining the batch back into its one caller.
#[cfg(not(feature = "first"))]
#[inline(never)]
fn quiet_batch<S: Stepper>(stepper: &mut S, grid: &mut Grid, counts: &mut Counts) -> bool {
    let mut tally = Tally::new(grid, *counts);
    let mut more = true;
    for _ in 0..QUIET_BATCH {
        if !stepper.step_with(&mut tally) {
            more = false;
            break;
        }
    }
    *counts = tally.finish();
    more
}

/// Events an algorithm writes per call of `Step::step`, at least.
pub(crate) const STEP_BATCH_EVENTS: usize = 64;

/// How many events `next_chunk` buffers at a time at most.
const CHUNK_EVENTS: usize = 256;

/// The events of a stepper, handed out in order and ended by one `Done`.
pub struct Stream<S: ?Sized + Batch> {
    stepper: Box<S>,
    out: Emit,
    pos: usize,
    finished: bool,
    done_sent: bool,
}

/// A stream copied mid-run: the copy goes on exactly as the original would
/// (its buffered events included).
impl<S: ?Sized + Batch> Clone for Stream<S>
where
    Box<S>: Clone,
{
    fn clone(&self) -> Stream<S> {
        Stream {
            stepper: self.stepper.clone(),
            out: self.out.clone(),
            pos: self.pos,
            finished: self.finished,
            done_sent: self.done_sent,
        }
    }
}

impl Stream<dyn Step> {
    /// A copy to keep, its working state packed (`DynKeep::packed_box`),
    /// sharing what it can with `earlier`, the copy kept before it: it
    /// must be `unpack`ed before it runs.
    pub fn packed_copy(&self, earlier: Option<&Stream<dyn Step>>) -> Stream<dyn Step> {
        Stream {
            stepper: self.stepper.packed_box(earlier.map(|e| &*e.stepper)),
            out: self.out.clone(),
            pos: self.pos,
            finished: self.finished,
            done_sent: self.done_sent,
        }
    }
}

impl<S: ?Sized + Batch> Stream<S> {
    /// Wraps a stepper; with `visuals` off, marks and cursor moves are dropped.
    pub fn new(stepper: Box<S>, visuals: bool) -> Stream<S> {
        Stream {
            stepper,
            out: Emit::new(visuals),
            pos: 0,
            finished: false,
            done_sent: false,
        }
    }

    /// The algorithm's state, to read its results once done.
    pub fn stepper(&self) -> &S {
        &self.stepper
    }

    /// The bytes its buffered events take in a copy.
    pub fn buffer_bytes(&self) -> usize {
        self.out.len() * std::mem::size_of::<Event>()
    }

    /// Whether the final `Done` has been handed out.
    pub fn is_done(&self) -> bool {
        self.done_sent && self.pos >= self.out.len()
    }

    /// The next events in order, at most `max` (at least 1) of them, or an
    /// empty slice once the stream has ended. Consuming a slice at a time
    /// spares a call per event; the animation asks for its frame budget.
    pub fn next_chunk(&mut self, max: usize) -> &[Event] {
        let max = max.max(1);
        if self.pos >= self.out.len() {
            self.refill(max.min(CHUNK_EVENTS));
        }
        let start = self.pos;
        let end = start.saturating_add(max).min(self.out.len());
        self.pos = end;
        self.out.slice(start, end)
    }

    /// The visual events dropped since the last call (visuals off): the
    /// steps a run with visuals would have handed out besides these.
    pub fn take_skipped(&mut self) -> u64 {
        self.out.take_skipped()
    }

    /// Runs steps until at least `want` events are buffered or the stream ends.
    fn refill(&mut self, want: usize) {
        self.out.clear();
        self.pos = 0;
        while self.out.len() < want && !self.done_sent {
            if self.finished {
                self.out.push_done();
                self.done_sent = true;
            } else if !self.stepper.step(&mut self.out) {
                self.finished = true;
            }
        }
    }
}

impl<S: ?Sized + Step> Stream<S> {
    /// Makes a packed copy runnable again; `grid` is the maze as the
    /// events it has handed out made it.
    pub fn unpack(&mut self, grid: &Grid) {
        let shown = Shown {
            grid,
            pending: self.out.slice(self.pos, self.out.len()),
        };
        self.stepper.unpack(&shown);
    }

    /// Whether its stepper never marks a cell (`Step::marks_no_cell`).
    pub fn marks_no_cell(&self) -> bool {
        self.stepper.marks_no_cell()
    }

    /// Whether this kept copy draws its maze's walls again
    /// (`Keep::draws_walls`).
    pub fn draws_walls(&self) -> bool {
        self.stepper.draws_walls()
    }

    /// Writes `grid`'s walls as the events this unpacked copy has handed
    /// out left them: its stepper's (`Keep::draw_walls`), with the
    /// events it made but has not handed out undone, the last first.
    pub fn draw_walls(&self, grid: &mut Grid) {
        self.stepper.draw_walls(grid);
        for event in self.out.slice(self.pos, self.out.len()).iter().rev() {
            match *event {
                Event::Carve(a, b) => grid.set_open(a, b, false),
                Event::Build(a, b) => grid.set_open(a, b, true),
                _ => false,
            };
        }
    }

    /// Events made but not yet handed out.
    pub fn buffered(&self) -> usize {
        self.out.len() - self.pos
    }

    /// Goes on into `grid` and `marks` (`Step::replay`) with no event
    /// buffered, up to `limit` events; returns how it ended and what it
    /// did: the walls it opened or closed, the visual events it counted,
    /// and the cursor and step it left the run at.
    pub fn replay(&mut self, grid: &mut Grid, marks: Marks<'_>, limit: u64) -> (Replayed, Counts) {
        debug_assert_eq!(self.buffered(), 0, "buffered events come first");
        let mut counts = Counts {
            at: self.out.position(),
            ..Counts::default()
        };
        if self.finished || !self.out.visuals() {
            return (Replayed::Unsupported, counts);
        }
        let outcome = self.stepper.replay(grid, marks, &mut counts, limit);
        if outcome == Replayed::Finished {
            self.finished = true;
        }
        self.out.set_position(counts.at);
        (outcome, counts)
    }

    /// Runs the rest straight into `grid` and returns how many events that
    /// was (its `Done` included), as if every remaining event had been
    /// handed out and applied. Only the instant mode (visuals off) takes
    /// this road; otherwise it is `None` and the caller drains the events.
    pub fn finish_into(&mut self, grid: &mut Grid) -> Option<u64> {
        if self.out.visuals() || self.done_sent {
            return None;
        }
        // Events already buffered (a step's batch) are applied first.
        let mut count = 0;
        for event in self.out.slice(self.pos, self.out.len()) {
            grid.apply(event);
            count += 1;
        }
        self.out.clear();
        self.pos = 0;
        let mut counts = Counts {
            at: self.out.position(),
            ..Counts::default()
        };
        if !self.finished {
            self.stepper.finish_quietly(grid, &mut counts);
            self.finished = true;
        }
        self.done_sent = true;
        // The visual events skipped count as steps too, and Done, as the
        // stream would have handed it out.
        Some(count + counts.written + counts.skipped + self.out.take_skipped() + 1)
    }
}
