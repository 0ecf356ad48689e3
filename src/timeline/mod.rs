//! A run as a recording the viewer can scrub: any step, forward or back,
//! shows exactly the picture the forward run showed there.
//!
//! A **step** is one event of the full stream, marks, cursor moves and
//! phases included. Runs are deterministic, so a step is recomputed rather
//! than undone: the timeline keeps **checkpoints**, each a copy of the
//! event source (a generator or solver cloned mid-run) and a snapshot of
//! the picture's state at a step that is a multiple of `spacing`. A seek
//! restores the last checkpoint at or before the target and replays the
//! events from there without painting; the caller repaints once.
//!
//! Why recompute and not undo: undo records would cost 8 to 16 bytes for
//! every event, and a 4096 x 4096 run has about 84 million of them (over a
//! gigabyte); checkpoints cost a fixed byte budget, whatever the run's
//! length. When a new checkpoint would pass the budget, the spacing
//! doubles and every other checkpoint goes, so they stay evenly spread and
//! a seek replays at most `spacing` events.

use crate::event::Event;
use crate::shape::Cell;

/// Where a run's events come from: copied mid-run, a source makes exactly
/// the events the original makes from there.
pub trait Source: Clone {
    /// The next events in order, at most `max` (at least 1), or an empty
    /// slice once the stream has ended.
    fn next_chunk(&mut self, max: usize) -> &[Event];
    /// About how many bytes a copy of it takes (its working state).
    fn state_bytes(&self) -> usize;
}

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
    /// About how many bytes a snapshot takes.
    fn snapshot_bytes(&self) -> usize;
}

/// The fewest events between checkpoints: below this a seek's replay is
/// cheaper than the copies.
pub const MIN_SPACING: u64 = 1 << 12;

/// The bytes a timeline's checkpoints may take, unless told otherwise.
pub const DEFAULT_BUDGET: usize = 128 << 20;

struct Checkpoint<S, P> {
    step: u64,
    source: S,
    snapshot: P,
}

/// A run that can be sought to any step. The frame it draws on is kept by
/// the caller and passed in, so painting stays the caller's business.
pub struct Timeline<S: Source, F: Frame> {
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
    /// About the bytes of one checkpoint.
    checkpoint_size: usize,
    /// A run finished elsewhere is recorded in the background: a source
    /// and frame of its own going forward, dropping checkpoints on the way.
    indexer: Option<(S, F, u64)>,
}

impl<S: Source, F: Frame> Timeline<S, F> {
    /// A timeline at step 0: `source` fresh, `frame` the picture before
    /// any event. `expected` events (a guess, or the known total) and the
    /// byte `budget` choose the first spacing, so a run of about that
    /// length fills the budget without thinning.
    pub fn new(source: S, frame: &F, expected: u64, budget: usize) -> Timeline<S, F> {
        let each = (source.state_bytes() + frame.snapshot_bytes()).max(1);
        let most_checkpoints = (budget / each).max(1);
        let mut spacing = MIN_SPACING;
        while spacing.saturating_mul(most_checkpoints as u64) < expected {
            spacing *= 2;
        }
        let mut timeline = Timeline::with_limits(source, frame, spacing, most_checkpoints);
        timeline.checkpoint_size = each;
        timeline
    }

    /// A timeline with a given first spacing (a power of two) and number
    /// of checkpoints: what the tests use to make small runs thin theirs.
    pub fn with_limits(
        source: S,
        frame: &F,
        spacing: u64,
        most_checkpoints: usize,
    ) -> Timeline<S, F> {
        let each = source.state_bytes() + frame.snapshot_bytes();
        Timeline {
            checkpoints: vec![Checkpoint {
                step: 0,
                source: source.clone(),
                snapshot: frame.snapshot(),
            }],
            live: Some(source),
            at: 0,
            reached: 0,
            end: None,
            end_snapshot: None,
            spacing: spacing.max(1).next_power_of_two(),
            most_checkpoints: most_checkpoints.max(1),
            checkpoint_size: each,
            indexer: None,
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

    /// How many checkpoints are kept, and about how many bytes they take.
    pub fn checkpoint_bytes(&self) -> (usize, usize) {
        let count = self.checkpoints.len() + usize::from(self.end_snapshot.is_some());
        (count, self.checkpoint_size * count)
    }

    /// Starts recording a run finished elsewhere in the background, from
    /// `frame`, the picture at step 0 (see `index`).
    pub fn start_indexing(&mut self, frame: F) {
        let source = self.checkpoints[0].source.clone();
        self.indexer = Some((source, frame, 0));
    }

    /// Whether background recording has steps left.
    pub fn indexing(&self) -> bool {
        self.indexer.is_some()
    }

    /// Goes up to `max` events further in the background recording,
    /// keeping a checkpoint at each multiple of the spacing not yet kept,
    /// so that later seeks replay at most `spacing` events. Returns
    /// whether there is more to do.
    pub fn index(&mut self, max: u64) -> bool {
        let Some((mut source, mut frame, mut at)) = self.indexer.take() else {
            return false;
        };
        let mut left = max;
        let mut ended = false;
        while left > 0 {
            let next_checkpoint = (at / self.spacing + 1) * self.spacing;
            let want = left.min(next_checkpoint - at).min(1 << 20) as usize;
            let chunk = source.next_chunk(want);
            if chunk.is_empty() {
                ended = true;
                break;
            }
            for event in chunk {
                frame.apply(event);
            }
            at += chunk.len() as u64;
            left -= chunk.len() as u64;
            if at % self.spacing == 0 {
                self.keep(at, &source, &frame);
            }
        }
        if !ended {
            self.indexer = Some((source, frame, at));
        }
        !ended
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
            let next_checkpoint = (self.at / self.spacing + 1) * self.spacing;
            let want = left.min(next_checkpoint - self.at).min(1 << 20) as usize;
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
            if self.at % self.spacing == 0 {
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
            frame.restore(&nearest.snapshot);
            self.live = Some(nearest.source.clone());
            self.at = nearest.step;
        }
        self.advance(frame, target - self.at, |_, _| {});
        self.at
    }

    /// Keeps a checkpoint at `at` (a multiple of the spacing), unless one
    /// is there; thins them when over budget.
    fn checkpoint(&mut self, frame: &F) {
        if let Some(live) = self.live.take() {
            self.keep(self.at, &live, frame);
            self.live = Some(live);
        }
    }

    /// Keeps a checkpoint of `source` and `frame` at `at` (a multiple of
    /// the spacing), unless one is there; thins them when over budget.
    fn keep(&mut self, at: u64, source: &S, frame: &F) {
        let index = self.checkpoints.partition_point(|c| c.step < at);
        if self.checkpoints.get(index).is_some_and(|c| c.step == at) {
            return;
        }
        self.checkpoints.insert(
            index,
            Checkpoint {
                step: at,
                source: source.clone(),
                snapshot: frame.snapshot(),
            },
        );
        while self.checkpoints.len() > self.most_checkpoints {
            self.spacing *= 2;
            let spacing = self.spacing;
            self.checkpoints.retain(|c| c.step % spacing == 0);
        }
    }
}

mod frames;
pub use frames::{OverlaySnapshot, SceneSnapshot, GENERATOR_STATE_BYTES_PER_CELL};
