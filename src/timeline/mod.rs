//! A run as a recording the viewer can scrub: any step, forward or back,
//! shows exactly the picture the forward run showed there.
//!
//! A **step** is one event of the full stream, marks, cursor moves and
//! phases included. Runs are deterministic, so a step is recomputed rather
//! than undone: the timeline keeps **checkpoints**, each a copy of the
//! event source (a generator or solver cloned mid-run) and a snapshot of
//! the picture's state, one for each `spacing` of work. A seek restores the
//! last checkpoint at or before the target and replays the events from
//! there without painting; the caller repaints once.
//!
//! **Work** is what a replay costs: one for each event, plus what the
//! source does between events (`Source::work`; Kruskal's walls that close
//! a loop make no event, and late in its run most walls do). Spacing the
//! checkpoints by work, not by events, keeps every seek's replay about as
//! long, where a run's events come at very different costs.
//!
//! Why recompute and not undo: undo records would cost 8 to 16 bytes for
//! every event, and a 4096 x 4096 run has about 87 million of them (over a
//! gigabyte); checkpoints cost a fixed byte budget, whatever the run's
//! length. Each checkpoint counts the bytes it really takes (the source's
//! working state then, the snapshot packed), and when a new one passes the
//! budget, the spacing doubles and every other checkpoint goes, so they
//! stay evenly spread and a seek replays about `spacing` work at most.
//! The first spacing is planned before any checkpoint exists; recording
//! an instant build in the background, the timeline plans it again from
//! its first real checkpoint, and starts over finer where that fits. Once
//! that recording is done, the bytes its checkpoints really take are
//! known (most share much with the one before): where seeks would still
//! replay long and the budget has room, it records again at half the
//! spacing, restoring each checkpoint rather than replaying up to it.

use crate::event::Event;
use crate::shape::Cell;

/// Where a run's events come from, drawn on frames `F`: copied mid-run, a
/// source makes exactly the events the original makes from there.
pub trait Source<F>: Clone {
    /// The next events in order, at most `max` (at least 1), or an empty
    /// slice once the stream has ended.
    fn next_chunk(&mut self, max: usize) -> &[Event];
    /// About how many bytes a copy of it takes now (its working state).
    fn state_bytes(&self) -> usize;
    /// The work it has done between its events so far, in units of about
    /// an event's cost; it never goes down. Most sources' work is all in
    /// their events: 0.
    fn work(&self) -> u64 {
        0
    }
    /// The copy a checkpoint keeps: it may hold its state packed, and
    /// share what it holds with `earlier`, the copy kept before it; it is
    /// only ever run through `resumed`.
    fn kept(&self, _earlier: Option<&Self>) -> Self {
        self.clone()
    }
    /// The bytes a `kept` copy takes that `earlier`, the copy kept before
    /// it, does not also hold.
    fn kept_bytes(&self, _earlier: Option<&Self>) -> usize {
        self.state_bytes()
    }
    /// Whether this `kept` copy draws the frame's walls itself as it is
    /// `resumed` (what it holds implies them): its checkpoint's picture
    /// then leaves them out (`Frame::snapshot_without_walls`).
    fn draws_walls(&self) -> bool {
        false
    }
    /// A runnable copy of a `kept` one; `frame` shows the step it was
    /// kept at, so a kept copy need not hold what the picture holds. A
    /// copy that `draws_walls` draws them into `frame` first.
    fn resumed(&self, _frame: &mut F) -> Self {
        self.clone()
    }

    /// Goes up to `max` events further without handing them out, `frame`
    /// brought up to date as their events would have left it: a seek's
    /// fast replay, where the source has one.
    fn skip(&mut self, _frame: &mut F, _max: u64) -> Skipped {
        Skipped::Unsupported
    }
}

/// How a source's fast replay (`Source::skip`) went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// It went this many events, at most the number asked for.
    By(u64),
    /// It went past the number asked for (its last step was bigger than
    /// it could tell): the frame and source must be restored.
    Overshot,
    /// It has no fast replay (or none now).
    Unsupported,
}

/// The shortest replay a seek makes quietly (`Source::skip`): below it,
/// handing the events out costs less than bringing the frame up to date.
const QUIET_MIN: u64 = 1 << 12;

/// The state events apply to, and its snapshots.
pub trait Frame {
    /// What a snapshot of the state holds.
    type Snapshot;
    /// Applies one event; returns the cells whose look changed.
    fn apply(&mut self, event: &Event) -> [Option<Cell>; 2];
    /// A snapshot of the state now.
    fn snapshot(&self) -> Self::Snapshot;
    /// Goes back to a snapshot's state.
    fn restore(&mut self, snapshot: &Self::Snapshot);
    /// About how many bytes a snapshot takes, before any is made: what the
    /// first spacing is planned with.
    fn snapshot_bytes(&self) -> usize;
    /// The bytes a snapshot takes.
    fn bytes_of(snapshot: &Self::Snapshot) -> usize;
    /// A snapshot of the state now that may share what it holds with
    /// `earlier`, the checkpoint before it (`packed::Chunked`).
    fn snapshot_after(&self, _earlier: Option<&Self::Snapshot>) -> Self::Snapshot {
        self.snapshot()
    }
    /// `snapshot_after` with the walls left out, for a checkpoint whose
    /// source draws them again (`Source::draws_walls`); `restore` then
    /// leaves the walls as they are. A frame with no walls keeps it whole.
    fn snapshot_without_walls(&self, earlier: Option<&Self::Snapshot>) -> Self::Snapshot {
        self.snapshot_after(earlier)
    }
    /// The bytes a snapshot holds that `earlier` does not also hold.
    fn bytes_beyond(snapshot: &Self::Snapshot, _earlier: Option<&Self::Snapshot>) -> usize {
        Self::bytes_of(snapshot)
    }
}

/// The fewest events between checkpoints: below this a seek's replay is
/// cheaper than the copies.
pub const MIN_SPACING: u64 = 1 << 12;

/// The bytes a timeline's checkpoints may take, unless told otherwise.
pub const DEFAULT_BUDGET: usize = 128 << 20;

/// The bytes a cell may add to the budget on big mazes (`budget_for`).
pub const BUDGET_BYTES_PER_CELL: usize = 16;

/// The checkpoints' budget for runs of `cells` cells in all (every panel's
/// together): `DEFAULT_BUDGET`, or `BUDGET_BYTES_PER_CELL` a cell where that
/// is more (past about 2900 x 2900). A seek replays the work of a run
/// divided by the checkpoints that fit, and a checkpoint of the slowest
/// generators takes most of a byte a cell (their picture and a working
/// state that no copy shares), so a fixed budget makes seeks grow with the
/// maze; a budget that grows with it keeps the longest replay about as
/// long, at about a quarter of the memory the rest of the page takes for
/// a maze that big.
pub fn budget_for(cells: u64) -> usize {
    let per_cell = usize::try_from(cells)
        .unwrap_or(usize::MAX)
        .saturating_mul(BUDGET_BYTES_PER_CELL);
    DEFAULT_BUDGET.max(per_cell)
}

/// How many times the room left a replanned spacing may fill with
/// checkpoints the size of its first (`Timeline::replan`): late in a run
/// that changes a few places at a time (Aldous-Broder's hunt for its last
/// cells), a picture shares most of itself with the one before.
const SHARED_ROOM: u128 = 2;

/// A finished recording made at a spacing wider than this is made again
/// at half the spacing while its budget has room (`Timeline::refine`):
/// a seek replays up to the spacing's work, and below this a replay is
/// short beside the page's repaint of a maze that big (README: seeks).
pub const REFINE_ABOVE: u64 = 1 << 23;

/// The most checkpoints the first spacing plans for: checkpoints often
/// take less than planned (a source's working state grows and shrinks
/// over a run), so the spacing starts finer than the plan and the budget
/// thins it, but not so fine that most of the copies made are thrown away.
pub const PLANNED_CHECKPOINTS: u64 = 64;

struct Checkpoint<S, P> {
    step: u64,
    /// The work done by `step`: events and the source's own.
    work: u64,
    source: S,
    snapshot: P,
    /// The bytes it takes that the checkpoint before it does not share.
    bytes: usize,
    /// The step of the checkpoint before it that `bytes` was counted
    /// against (`None`: none before it).
    counted_after: Option<u64>,
}

impl<S, P> Checkpoint<S, P> {
    /// A checkpoint of `source` and `frame` at `step`, its picture sharing
    /// what it can with `earlier`'s, the checkpoint before it.
    fn new<F: Frame<Snapshot = P>>(
        step: u64,
        source: &S,
        frame: &F,
        earlier: Option<&Checkpoint<S, P>>,
    ) -> Checkpoint<S, P>
    where
        S: Source<F>,
    {
        let work = step + source.work();
        let source = source.kept(earlier.map(|c| &c.source));
        let snapshot = match source.draws_walls() {
            true => frame.snapshot_without_walls(earlier.map(|c| &c.snapshot)),
            false => frame.snapshot_after(earlier.map(|c| &c.snapshot)),
        };
        let mut checkpoint = Checkpoint {
            step,
            work,
            source,
            snapshot,
            bytes: 0,
            counted_after: None,
        };
        checkpoint.count_after(earlier);
        checkpoint
    }

    /// Counts its bytes against `earlier`, the checkpoint now before it:
    /// what its source and picture share with that one's is counted there.
    fn count_after<F: Frame<Snapshot = P>>(&mut self, earlier: Option<&Checkpoint<S, P>>)
    where
        S: Source<F>,
    {
        self.bytes = self.source.kept_bytes(earlier.map(|c| &c.source))
            + F::bytes_beyond(&self.snapshot, earlier.map(|c| &c.snapshot));
        self.counted_after = earlier.map(|c| c.step);
    }
}

/// A run that can be sought to any step. The frame it draws on is kept by
/// the caller and passed in, so painting stays the caller's business.
pub struct Timeline<S: Source<F>, F: Frame> {
    /// The source positioned at `at`; `None` only at the end of a run that
    /// was finished elsewhere (an instant build) or restored to its end.
    live: Option<S>,
    at: u64,
    /// The furthest step shown so far: the slider's end while it runs.
    reached: u64,
    /// The run's last step (its `Done`), once known.
    end: Option<u64>,
    /// The picture at the end, kept when a seek leaves it, so that
    /// jumping back to the end is one copy.
    end_snapshot: Option<F::Snapshot>,
    checkpoints: Vec<Checkpoint<S, F::Snapshot>>,
    spacing: u64,
    most_checkpoints: usize,
    /// The bytes the checkpoints may take, and take now.
    budget: usize,
    used: usize,
    /// A run finished elsewhere is recorded in the background: a source
    /// and frame of its own going forward, dropping checkpoints on the way.
    indexer: Option<(S, F, u64)>,
    /// Whether the background recording may still plan its spacing again
    /// from its first real checkpoint (`index`).
    may_replan: bool,
    /// The step from which the background recording replays quietly
    /// again, after a quiet replay went past the step it was asked for.
    index_quietly_from: u64,
    /// The spacing a finished background recording is refined down to at
    /// the finest (`REFINE_ABOVE`), and where refining stands.
    refine_above: u64,
    refining: Refining,
}

/// Where a background recording's refining stands (`Timeline::refine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refining {
    /// Not begun: the first recording is still under way.
    NotYet,
    /// Recording again at half the spacing.
    Finer,
    /// Done: as fine as the budget or `refine_above` allows.
    Done,
}

impl<S: Source<F>, F: Frame> Timeline<S, F> {
    /// A timeline at step 0: `source` fresh, `frame` the picture before
    /// any event, its checkpoints within `budget` bytes. `expected` events
    /// (a guess, or the known total) choose the first spacing, so a run of
    /// about that length keeps as many checkpoints as its planned size
    /// allows (at most `PLANNED_CHECKPOINTS`) before any thinning.
    pub fn new(source: S, frame: &F, expected: u64, budget: usize) -> Timeline<S, F> {
        let mut timeline = Timeline::with_limits(source, frame, MIN_SPACING, usize::MAX);
        // Planned with the state as a checkpoint keeps it (packed, where
        // the source packs its state), as every later checkpoint does.
        let each =
            (timeline.checkpoints[0].source.kept_bytes(None) + frame.snapshot_bytes()).max(1);
        let planned = ((budget / each) as u64).clamp(1, PLANNED_CHECKPOINTS);
        while timeline.spacing.saturating_mul(planned) < expected {
            timeline.spacing *= 2;
        }
        timeline.budget = budget;
        timeline.refine_above = REFINE_ABOVE;
        timeline
    }

    /// Refines a finished background recording while its spacing is over
    /// `spacing` (`REFINE_ABOVE` unless told): what tests use to refine
    /// small runs.
    pub fn refining_above(mut self, spacing: u64) -> Timeline<S, F> {
        self.refine_above = spacing;
        self
    }

    /// A timeline with a given first spacing (a power of two) and number
    /// of checkpoints: what the tests use to make small runs thin theirs.
    pub fn with_limits(
        source: S,
        frame: &F,
        spacing: u64,
        most_checkpoints: usize,
    ) -> Timeline<S, F> {
        let first = Checkpoint::new(0, &source, frame, None);
        Timeline {
            used: first.bytes,
            checkpoints: vec![first],
            live: Some(source),
            at: 0,
            reached: 0,
            end: None,
            end_snapshot: None,
            spacing: spacing.max(1).next_power_of_two(),
            most_checkpoints: most_checkpoints.max(1),
            budget: usize::MAX,
            indexer: None,
            may_replan: false,
            index_quietly_from: 0,
            refine_above: u64::MAX,
            refining: Refining::NotYet,
        }
    }

    /// The step the frame shows.
    pub fn at(&self) -> u64 {
        self.at
    }

    /// The furthest step reached so far.
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// The last step, once the run has been to its end.
    pub fn end(&self) -> Option<u64> {
        self.end
    }

    /// Whether the frame shows the end of the run.
    pub fn at_end(&self) -> bool {
        self.end == Some(self.at)
    }

    /// The source where the frame is (`None` at the end of a run finished
    /// elsewhere): a solver's outcome is read from it.
    pub fn source(&self) -> Option<&S> {
        self.live.as_ref()
    }

    /// The source as it was at step 0 (to read what it is).
    pub fn first_source(&self) -> &S {
        &self.checkpoints[0].source
    }

    /// Events between checkpoints now.
    pub fn spacing(&self) -> u64 {
        self.spacing
    }

    /// Each checkpoint's step and the work done by then, in order (for
    /// tests and timings).
    pub fn checkpoint_work(&self) -> Vec<(u64, u64)> {
        self.checkpoints.iter().map(|c| (c.step, c.work)).collect()
    }

    /// How many checkpoints are kept (the end's picture counted as one),
    /// and how many bytes they take.
    pub fn checkpoint_bytes(&self) -> (usize, usize) {
        let end = self.end_snapshot.as_ref().map(F::bytes_of);
        (
            self.checkpoints.len() + usize::from(end.is_some()),
            self.used + end.unwrap_or(0),
        )
    }

    /// Starts recording a run finished elsewhere in the background, from
    /// `frame`, the picture at step 0 (see `index`).
    pub fn start_indexing(&mut self, mut frame: F) {
        let source = self.checkpoints[0].source.resumed(&mut frame);
        self.indexer = Some((source, frame, 0));
        self.may_replan = self.checkpoints.len() == 1 && self.budget < usize::MAX;
    }

    /// Whether background recording has steps left.
    pub fn indexing(&self) -> bool {
        self.indexer.is_some()
    }

    /// Goes up to `max` events further in the background recording,
    /// keeping a checkpoint at each multiple of the spacing not yet kept,
    /// so that later seeks replay at most `spacing` events. It replays as
    /// a seek does, quietly or painted where the source can
    /// (`Source::skip`). Returns whether there is more to do.
    pub fn index(&mut self, max: u64) -> bool {
        let Some((mut source, mut frame, mut at)) = self.indexer.take() else {
            return false;
        };
        let mut left = max;
        let mut ended = false;
        while left > 0 {
            let work = at + source.work();
            if let Some(index) = self.ahead(at, work, &frame) {
                // Where replaying on would arrive, a checkpoint is kept
                // (the last recording's, or a seek's): it is restored
                // instead, and that is this call's work.
                let checkpoint = &self.checkpoints[index];
                frame.restore(&checkpoint.snapshot);
                source = checkpoint.source.resumed(&mut frame);
                at = checkpoint.step;
                self.remake(index, &source, &frame);
                break;
            }
            let want = left.min(work_to_next(self.spacing, work)).min(1 << 20);
            // Quietly or painted where the source can (`Source::skip`), as
            // a seek replays; the last events before a checkpoint, and a
            // span where a step went too far, are handed out.
            let mut went = 0;
            if want >= QUIET_MIN && at >= self.index_quietly_from {
                match source.skip(&mut frame, want) {
                    Skipped::By(n) => went = n,
                    Skipped::Overshot => {
                        // Again from the last checkpoint, with events.
                        self.index_quietly_from = at + want;
                        let index = self.checkpoints.partition_point(|c| c.step <= at) - 1;
                        let checkpoint = &self.checkpoints[index];
                        frame.restore(&checkpoint.snapshot);
                        source = checkpoint.source.resumed(&mut frame);
                        at = checkpoint.step;
                        continue;
                    }
                    Skipped::Unsupported => {}
                }
            }
            if went == 0 {
                let chunk = source.next_chunk(want as usize);
                if chunk.is_empty() {
                    ended = true;
                    break;
                }
                for event in chunk {
                    frame.apply(event);
                }
                went = chunk.len() as u64;
            }
            at += went;
            left = left.saturating_sub(went);
            if crossed(self.spacing, work, at + source.work()) {
                if self.may_replan {
                    self.may_replan = false;
                    if self.replan(at, &source, &frame) {
                        // Again from step 0, at the finer spacing.
                        let first = &self.checkpoints[0];
                        frame.restore(&first.snapshot);
                        source = first.source.resumed(&mut frame);
                        at = 0;
                        continue;
                    }
                }
                self.keep(at, &source, &frame);
                if self.refining == Refining::Done {
                    // No room for the finer spacing: what was made stays.
                    ended = true;
                    break;
                }
            }
        }
        if ended && self.refine() {
            let first = &self.checkpoints[0];
            frame.restore(&first.snapshot);
            source = first.source.resumed(&mut frame);
            at = 0;
            ended = false;
        }
        if !ended {
            self.indexer = Some((source, frame, at));
        }
        !ended
    }

    /// A finished background recording is made again at half the spacing
    /// where that is over `refine_above` and the budget has room left:
    /// checkpoints often share most of what they hold with the one before
    /// (`Frame::snapshot_after`, `Source::kept`), which no plan made before
    /// them can tell, so the bytes they take decide. Returns whether it
    /// starts again. The pass goes from checkpoint to checkpoint, replaying
    /// only the half of each span before its new midpoint (`ahead`); should
    /// a new checkpoint not fit, it goes and refining ends there
    /// (`keep`), the spans refined so far kept.
    fn refine(&mut self) -> bool {
        let finer = self.spacing / 2;
        let room = self.used < self.budget && self.checkpoints.len() < self.most_checkpoints;
        if self.refining == Refining::Done || finer < self.refine_above.max(MIN_SPACING) || !room {
            self.refining = Refining::Done;
            return false;
        }
        self.spacing = finer;
        self.refining = Refining::Finer;
        true
    }

    /// Refining, makes checkpoint `index` again from `source` and `frame`
    /// (its step's), sharing what it holds with the checkpoint now before
    /// it: made against the one a spacing before, it shares nothing with
    /// the new one between them, and what changed before that one and not
    /// after would be held twice.
    fn remake(&mut self, index: usize, source: &S, frame: &F) {
        if self.refining != Refining::Finer || index == 0 {
            return;
        }
        let step = self.checkpoints[index].step;
        let earlier = Some(&self.checkpoints[index - 1]);
        self.checkpoints[index] = Checkpoint::new(step, source, frame, earlier);
        // The one after it was counted against the copy it replaces, whose
        // chunks it may now hold alone: counted again.
        if let Some(next) = self.checkpoints.get_mut(index + 1) {
            next.counted_after = None;
        }
        self.recount();
    }

    /// The next checkpoint after `at` (`work` done), if replaying on from
    /// there would arrive at it before it passes a checkpoint's span: it is
    /// that span's checkpoint, and restoring it costs less than replaying
    /// (a restore unpacks a few bytes a cell; replaying the snapshot's
    /// bytes in events takes longer).
    fn ahead(&self, at: u64, work: u64, frame: &F) -> Option<usize> {
        let index = self.checkpoints.partition_point(|c| c.step <= at);
        let next = self.checkpoints.get(index)?;
        let boundary = (work / self.spacing + 1) * self.spacing;
        let saved = next.work.saturating_sub(work);
        (next.work < boundary + self.spacing && saved >= frame.snapshot_bytes() as u64)
            .then_some(index)
    }

    /// Says the run was taken to its end without this timeline (an
    /// instant build): the frame shows step `total`, the last.
    pub fn finished_elsewhere(&mut self, total: u64) {
        self.live = None;
        self.at = total;
        self.reached = total;
        self.end = Some(total);
        self.end_snapshot = None;
    }

    /// Applies up to `max` events to `frame`, handing each changed cell to
    /// `changed` (the caller paints it); returns how many were applied.
    pub fn advance(&mut self, frame: &mut F, max: u64, mut changed: impl FnMut(&F, Cell)) -> u64 {
        let mut left = max;
        while left > 0 {
            let Some(live) = self.live.as_mut() else {
                break;
            };
            let work = self.at + live.work();
            let want = left.min(work_to_next(self.spacing, work)).min(1 << 20) as usize;
            let chunk = live.next_chunk(want);
            if chunk.is_empty() {
                break;
            }
            let n = chunk.len() as u64;
            let mut done = false;
            for event in chunk {
                for cell in frame.apply(event).into_iter().flatten() {
                    changed(frame, cell);
                }
                done |= *event == Event::Done;
            }
            self.at += n;
            left -= n;
            self.reached = self.reached.max(self.at);
            if done {
                self.end = Some(self.at);
            }
            if crossed(self.spacing, work, self.at + live.work()) {
                self.checkpoint(frame);
            }
        }
        max - left
    }

    /// Shows step `target` (or the last step, if the run ends before it):
    /// from the nearest checkpoint at or before it, or by going on from
    /// where the frame is when that is nearer. Nothing is painted; the
    /// caller repaints the whole frame. Returns the step shown.
    pub fn seek(&mut self, frame: &mut F, target: u64) -> u64 {
        if let Some(end) = self.end {
            let target = target.min(end);
            if target == self.at {
                return self.at;
            }
            if target == end {
                if let Some(snapshot) = &self.end_snapshot {
                    frame.restore(snapshot);
                    self.at = end;
                    self.live = None;
                    return end;
                }
            }
        }
        if target == self.at {
            return self.at;
        }
        let index = self.checkpoints.partition_point(|c| c.step <= target) - 1;
        let nearest = &self.checkpoints[index];
        let going_on = self.live.is_some() && target > self.at && nearest.step <= self.at;
        if !going_on {
            if self.at_end() && self.end_snapshot.is_none() {
                self.end_snapshot = Some(frame.snapshot());
            }
            self.resume_at(frame, index);
        }
        // Quietly as far as the run has been (beyond, the events also lay
        // checkpoints), then the last events handed out and applied.
        let quiet = target.min(self.reached).saturating_sub(self.at);
        if quiet >= QUIET_MIN {
            if let Some(live) = self.live.as_mut() {
                match live.skip(frame, quiet) {
                    Skipped::By(went) => self.at += went,
                    Skipped::Overshot => self.resume_at(frame, index),
                    Skipped::Unsupported => {}
                }
            }
        }
        self.advance(frame, target - self.at, |_, _| {});
        self.at
    }

    /// Restores checkpoint `index`: its picture, and its source resumed.
    fn resume_at(&mut self, frame: &mut F, index: usize) {
        let checkpoint = &self.checkpoints[index];
        frame.restore(&checkpoint.snapshot);
        self.live = Some(checkpoint.source.resumed(frame));
        self.at = checkpoint.step;
    }

    /// Keeps a checkpoint at `at` (a multiple of the spacing), unless one
    /// is there; thins them when over budget.
    fn checkpoint(&mut self, frame: &F) {
        if let Some(live) = self.live.take() {
            self.keep(self.at, &live, frame);
            self.live = Some(live);
        }
    }

    /// Keeps a checkpoint of `source` and `frame` at `at` (its work just
    /// past a multiple of the spacing), unless one of the same spacing's
    /// span of work is there; thins them when over budget or over the
    /// count (step 0's is always kept).
    fn keep(&mut self, at: u64, source: &S, frame: &F) {
        let index = self.checkpoints.partition_point(|c| c.step < at);
        let span = (at + source.work()) / self.spacing;
        let spans = |c: &Checkpoint<S, F::Snapshot>| c.work / self.spacing;
        let taken = self
            .checkpoints
            .get(index)
            .is_some_and(|c| c.step == at || spans(c) == span)
            || index > 0 && spans(&self.checkpoints[index - 1]) == span;
        if taken {
            if self.checkpoints.get(index).is_some_and(|c| c.step == at) {
                self.remake(index, source, frame);
            }
            return;
        }
        let earlier = index.checked_sub(1).map(|i| &self.checkpoints[i]);
        let checkpoint = Checkpoint::new(at, source, frame, earlier);
        self.checkpoints.insert(index, checkpoint);
        self.recount();
        let over = self.checkpoints.len() > self.most_checkpoints || self.used > self.budget;
        if over && self.refining == Refining::Finer {
            // Refining, a checkpoint that does not fit goes, and refining
            // ends: the spacing is the last one every span keeps to.
            self.checkpoints.remove(index);
            self.recount();
            self.spacing *= 2;
            self.refining = Refining::Done;
            return;
        }
        while self.checkpoints.len() > 1
            && (self.checkpoints.len() > self.most_checkpoints || self.used > self.budget)
        {
            self.spacing *= 2;
            let spacing = self.spacing;
            // The first of each span of the doubled spacing stays: where
            // work is all events, the checkpoints at its multiples.
            let mut last = None;
            self.checkpoints.retain(|c| {
                let span = Some(c.work / spacing);
                let first = span != last;
                last = span;
                first
            });
            self.recount();
        }
    }

    /// Counts each checkpoint's bytes against the one now before it (what
    /// a picture or a source shares with the one before is counted once)
    /// and their sum; one still after the checkpoint it was counted
    /// against keeps its count.
    fn recount(&mut self) {
        let mut used = 0;
        for i in 0..self.checkpoints.len() {
            let (before, rest) = self.checkpoints.split_at_mut(i);
            let checkpoint = &mut rest[0];
            let earlier = before.last();
            if checkpoint.counted_after != earlier.map(|c| c.step) {
                checkpoint.count_after(earlier);
            }
            used += checkpoint.bytes;
        }
        self.used = used;
    }
}

impl<S: Source<F>, F: Frame> Timeline<S, F> {
    /// The first spacing is planned before any checkpoint is made, with a
    /// snapshot's estimated size; a run whose checkpoints take much less
    /// (one that marks nothing, say) would use a fraction of its budget.
    /// At the background recording's first checkpoint (`at`, its total
    /// known), the spacing halves while that many checkpoints of this
    /// size still fit (at most `PLANNED_CHECKPOINTS`); returns whether it
    /// did, and the recording then starts again from step 0: one span is
    /// replayed twice. It plans for `SHARED_ROOM` times the room left:
    /// a later picture shares what it holds with the one before
    /// (`Frame::snapshot_after`), and should they take more than the room,
    /// the budget thins them as ever (the spacing that fits, as if
    /// planned, at the cost of the copies dropped).
    fn replan(&mut self, at: u64, source: &S, frame: &F) -> bool {
        let Some(end) = self.end else {
            return false;
        };
        let each = Checkpoint::new(at, source, frame, None).bytes.max(1) as u128;
        // The run's whole work, from its share by this first checkpoint.
        let work = at + source.work();
        let total = u128::from(end) * u128::from(work) / u128::from(at.max(1));
        let room = (self.budget.saturating_sub(self.used)) as u128;
        let mut spacing = self.spacing;
        while spacing / 2 >= MIN_SPACING {
            let count = total / u128::from(spacing / 2) + 1;
            if count > u128::from(PLANNED_CHECKPOINTS) || count * each > room * SHARED_ROOM {
                break;
            }
            spacing /= 2;
        }
        let finer = spacing < self.spacing;
        self.spacing = spacing;
        finer
    }
}

/// Events to go from `work` to the next multiple of `spacing`: an event is
/// at least one of work, so no more than this many.
fn work_to_next(spacing: u64, work: u64) -> u64 {
    (work / spacing + 1) * spacing - work
}

/// Whether going from `before` to `after` work passed a multiple of
/// `spacing`: a checkpoint is due.
fn crossed(spacing: u64, before: u64, after: u64) -> bool {
    after / spacing > before / spacing
}

mod frames;
pub use frames::{OverlaySnapshot, SceneSnapshot, GENERATOR_STATE_BYTES_PER_CELL};
