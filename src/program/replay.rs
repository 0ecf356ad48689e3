//! A program's run played back as a built-in's is: an algorithm whose
//! every step is the next event of its recording. Cloning it (a timeline's
//! checkpoint) shares the recording and copies a position.
//!
//! `Recorded` is the replay the stage runs: the same steps, and one fast
//! path beside them. The page's decoder has already followed the whole log
//! (the maze it leaves, what an instant build counts), so a build at once
//! from the start takes that ending instead of going through every event
//! again (a million-cell backtracker's run is 5 million of them). The
//! tests hold the two equal.

use super::log::{Ending, Log};
use crate::event::Event;
use crate::grid::Grid;
use crate::keep::Keep;
use crate::record::{Counts, Emit, Marks, Position, Record};
use crate::stream::{Batch, Replayed, Step, Stepper};
use std::sync::Arc;

/// A recorded run's events, stepped through one at a time.
#[derive(Clone, Debug)]
pub struct Replay {
    events: Arc<Log>,
    next: usize,
}

impl Replay {
    /// Plays `events` (a decoded log: every one a real change).
    pub fn new(events: Arc<Log>) -> Replay {
        Replay { events, next: 0 }
    }

    /// Whether the recording holds no event.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }
}

impl Stepper for Replay {
    #[inline]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        let Some(event) = self.events.get(self.next) else {
            return false;
        };
        self.next += 1;
        match event {
            Event::Carve(a, b) => out.carve(a, b),
            Event::Build(a, b) => out.build(a, b),
            Event::Mark(cell, mark) => out.mark(cell, mark),
            Event::Cursor(cell) => out.cursor(cell),
            Event::Phase(k) => out.phase(k),
            Event::Done => return false,
        }
        self.next < self.events.len()
    }
}

/// A copy shares the recording: nothing to pack.
impl Keep for Replay {}

/// A recorded run as the stage plays it: a `Replay`, and its ending if
/// known.
#[derive(Clone, Debug)]
pub struct Recorded {
    replay: Replay,
    ending: Option<Arc<Ending>>,
}

impl Recorded {
    /// Plays `events`, which end as `ending` says (if given).
    pub fn new(events: Arc<Log>, ending: Option<Arc<Ending>>) -> Recorded {
        Recorded {
            replay: Replay::new(events),
            ending,
        }
    }
}

impl Batch for Recorded {
    fn step(&mut self, out: &mut Emit) -> bool {
        self.replay.step(out)
    }
}

/// A copy shares the recording: nothing to pack.
impl Keep for Recorded {}

impl Step for Recorded {
    fn finish_quietly(&mut self, grid: &mut Grid, counts: &mut Counts) {
        // Fast path: from the very start, the known ending is the build.
        let fresh = self.replay.next == 0 && counts.at == Position::default();
        if let Some(ending) = self.ending.as_ref().filter(|_| fresh) {
            if grid.copy_walls_from(&ending.grid) {
                counts.written += ending.counts.written;
                counts.skipped += ending.counts.skipped;
                counts.at = ending.counts.at;
                self.replay.next = self.replay.events.len();
                return;
            }
        }
        self.replay.finish_quietly(grid, counts);
    }

    /// A seek's replay, its marks painted into the picture: the replay's.
    fn replay(
        &mut self,
        grid: &mut Grid,
        marks: Marks<'_>,
        counts: &mut Counts,
        limit: u64,
    ) -> Replayed {
        self.replay.replay(grid, marks, counts, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Mark;
    use crate::grid::Grid;
    use crate::program::{decode, pack, Op};
    use crate::record::{Counts, Emit};
    use crate::shape::Dims;
    use crate::stream::{Batch, Step};

    /// A run on a 2 x 2 square, as its checked log.
    fn events() -> Arc<Log> {
        // Cell 0's neighbours are E (1), S (2); cell 1's S (3), W (0).
        let log = [
            pack(Op::Phase, 1, 0),
            pack(Op::Cursor, 0, 0),
            pack(Op::Carve, 0, 0),
            pack(Op::Mark, 1, 1),
            pack(Op::Cursor, 1, 0),
            pack(Op::Carve, 1, 0),
            pack(Op::Mark, 1, 0),
        ];
        Arc::new(decode(&log, &Grid::closed(Dims::new(2, 2).unwrap())).unwrap())
    }

    #[test]
    fn played_with_visuals_it_gives_back_its_events() {
        let mut replay = Replay::new(events());
        let mut out = Emit::new(true);
        while replay.step(&mut out) {}
        let expected = [
            Event::Phase(1),
            Event::Cursor(0),
            Event::Carve(0, 1),
            Event::Mark(1, Mark::Frontier),
            Event::Cursor(1),
            Event::Carve(1, 3),
            Event::Mark(1, Mark::Blank),
        ];
        assert_eq!(events().to_vec(), expected);
        assert_eq!(out.slice(0, out.len()), &expected[..]);
    }

    #[test]
    fn built_quietly_it_carves_and_counts_what_it_skips() {
        let dims = Dims::new(2, 2).unwrap();
        let mut grid = Grid::closed(dims);
        let mut counts = Counts::default();
        Replay::new(events()).finish_quietly(&mut grid, &mut counts);
        let mut expected = Grid::closed(dims);
        expected.set_open(0, 1, true);
        expected.set_open(1, 3, true);
        assert_eq!(grid, expected);
        assert_eq!(counts.written, 2);
        assert_eq!(counts.skipped, 5, "two cursor moves, two marks, a phase");
    }

    #[test]
    fn built_at_once_from_the_start_it_takes_the_ending_else_plays() {
        let dims = Dims::new(2, 2).unwrap();
        let mut played = Grid::closed(dims);
        let mut counts = Counts::default();
        Replay::new(events()).finish_quietly(&mut played, &mut counts);
        // The ending the decoder would give: taken whole (shown here by an
        // ending that is not the events' own, which only the fast path
        // can produce).
        let mut other = Grid::closed(dims);
        other.set_open(2, 3, true);
        let ending = Arc::new(Ending {
            grid: other.clone(),
            counts,
        });
        let mut grid = Grid::closed(dims);
        let mut taken = Counts::default();
        Recorded::new(events(), Some(ending.clone())).finish_quietly(&mut grid, &mut taken);
        assert_eq!((grid, taken), (other, counts));
        // Past the start, or for another maze, it plays the events.
        for (start, dims) in [(1, dims), (0, Dims::new(2, 3).unwrap())] {
            let mut recorded = Recorded::new(events(), Some(ending.clone()));
            let mut grid = Grid::closed(dims);
            let mut counts = Counts::default();
            let mut out = Emit::new(false);
            for _ in 0..start {
                recorded.replay.step_with(&mut out);
            }
            recorded.finish_quietly(&mut grid, &mut counts);
            assert!(grid.is_open_between(1, 3) && !grid.is_open_between(2, 3));
        }
    }
}
