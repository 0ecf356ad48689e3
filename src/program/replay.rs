//! A program's run played back as a built-in's is: an algorithm whose
//! every step is the next event of its recording. Cloning it (a timeline's
//! checkpoint) shares the recording and copies a position.

use crate::event::{Event, Recording};
use crate::record::Record;
use crate::stream::Stepper;

/// A recorded run's events, stepped through one at a time.
#[derive(Clone, Debug)]
pub struct Replay {
    events: Recording,
    next: usize,
}

impl Replay {
    /// Plays `events` (a decoded log: every one a real change).
    pub fn new(events: Recording) -> Replay {
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
        let Some(&event) = self.events.get(self.next) else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Mark;
    use crate::grid::Grid;
    use crate::record::{Counts, Emit};
    use crate::shape::Dims;
    use crate::stream::{Batch, Step};

    fn events() -> Recording {
        Recording::new(vec![
            Event::Phase(1),
            Event::Cursor(0),
            Event::Carve(0, 1),
            Event::Mark(1, Mark::Frontier),
            Event::Cursor(1),
            Event::Carve(1, 3),
            Event::Mark(1, Mark::Blank),
        ])
    }

    #[test]
    fn played_with_visuals_it_gives_back_its_events() {
        let mut replay = Replay::new(events());
        let mut out = Emit::new(true);
        while replay.step(&mut out) {}
        assert_eq!(out.slice(0, out.len()), &events()[..]);
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
}
