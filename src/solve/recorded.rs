//! A program's solve, played back (the Code view): what a person's
//! `solve(maze, start, goal)` recorded in its worker, marks and moves, and
//! then the path it gave, checked before it gets here.

use super::{Outcome, Solve};
use crate::program::{Log, Replay};
use crate::record::Record;
use crate::stream::Stepper;
use std::sync::Arc;

/// A program's solve played back: its recorded marks and cursor moves, and
/// the path it gave (checked by `verdict::check_path`), the outcome once the
/// recording is over.
#[derive(Clone, Debug)]
pub struct RecordedSolve {
    replay: Replay,
    result: Outcome,
    outcome: Outcome,
}

impl RecordedSolve {
    pub fn new(events: Arc<Log>, result: Outcome) -> RecordedSolve {
        RecordedSolve {
            replay: Replay::new(events),
            result,
            outcome: Outcome::Searching,
        }
    }
}

impl Stepper for RecordedSolve {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        let more = !self.replay.is_empty() && self.replay.step_with(out);
        if !more {
            self.outcome = self.result.clone();
        }
        more
    }
}

impl Solve for RecordedSolve {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Event, Mark};
    use crate::grid::Grid;
    use crate::program::{pack, Op};
    use crate::record::Emit;
    use crate::shape::Dims;
    use crate::stream::Batch;

    #[test]
    fn a_recorded_solve_gives_its_path_once_played() {
        let path = vec![0, 1, 3];
        let grid = Grid::closed(Dims::new(2, 2).unwrap());
        let events = Arc::new(
            crate::program::decode(&[pack(Op::Cursor, 0, 0), pack(Op::Mark, 1, 3)], &grid).unwrap(),
        );
        let mut solve = RecordedSolve::new(events, Outcome::Found(path.clone()));
        let mut out = Emit::new(true);
        assert_eq!(solve.outcome(), &Outcome::Searching);
        while solve.step(&mut out) {}
        assert_eq!(
            out.slice(0, out.len()),
            &[Event::Cursor(0), Event::Mark(1, Mark::Explored)][..]
        );
        assert_eq!(solve.outcome(), &Outcome::Found(path));
    }
}
