//! The event log a program's run leaves: three `i32`s an event, `[op, a,
//! b]`, in the order the program made its calls. The worker's harness
//! writes it (`www/code/harness.js` holds the same numbering) and already
//! refuses bad calls as they happen; the page decodes it here and checks
//! every event against the maze again, so a log that arrives broken names
//! its first bad step and never reaches the maze.

use crate::event::{Event, Mark};
use crate::grid::Grid;
use crate::shape::{Cell, Topology};
use std::fmt;

/// What each event's first number means, in order from 0: `carve(a, b)`
/// (the wall between neighbours `a` and `b` opens), `wall(a, b)` (it is
/// built), `mark(a, kind)` (`b` is the mark's number, `Mark as i32`),
/// `cursor(a)` (also `mark(a, "current")`) and `phase(a)` (the program is
/// at its step `a`, 1 to 127).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Op {
    Carve,
    Wall,
    Mark,
    Cursor,
    Phase,
}

impl Op {
    const ALL: [Op; 5] = [Op::Carve, Op::Wall, Op::Mark, Op::Cursor, Op::Phase];

    /// The call that makes it, as the program wrote it.
    pub fn call(self) -> &'static str {
        match self {
            Op::Carve => "carve",
            Op::Wall => "wall",
            Op::Mark => "mark",
            Op::Cursor => "cursor",
            Op::Phase => "phase",
        }
    }
}

/// The mark numbers a log uses, in `Mark`'s own order.
const MARKS: [Mark; 6] = [
    Mark::Blank,
    Mark::Frontier,
    Mark::Walk,
    Mark::Explored,
    Mark::Path,
    Mark::Dead,
];

/// The first bad event of a log: its step (1 is the first event) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    pub step: usize,
    pub message: String,
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}: {}", self.step, self.message)
    }
}

/// Reads a log against the maze its events apply to (`start`, which the
/// log does not change): every cell live and in range, every carve or
/// wall between neighbours, every mark known. Walls are followed as they
/// change, so a carve of an open wall (or a wall built twice) is refused
/// too: every event must be a real change, as a built-in's are.
pub fn decode(log: &[i32], start: &Grid) -> Result<Vec<Event>, LogError> {
    if log.len() % 3 != 0 {
        return Err(LogError {
            step: log.len() / 3 + 1,
            message: "the log ends in the middle of an event".into(),
        });
    }
    let shape = start.shape();
    let mut grid = start.clone();
    let mut events = Vec::with_capacity(log.len() / 3);
    for (i, triple) in log.chunks_exact(3).enumerate() {
        let step = i + 1;
        let bad = |message: String| LogError { step, message };
        let op = Op::ALL
            .into_iter()
            .find(|&op| op as i32 == triple[0])
            .ok_or_else(|| bad(format!("unknown event {}", triple[0])))?;
        let cell = |n: i32| -> Result<Cell, LogError> {
            match u32::try_from(n) {
                Ok(c) if c < shape.cells() && shape.is_cell(c) => Ok(c),
                Ok(c) if c < shape.cells() => Err(bad(format!(
                    "{}: cell {c} is masked off, no part of the maze",
                    op.call()
                ))),
                _ => Err(bad(format!(
                    "{}: {n} is not a cell (cells are 0 to {})",
                    op.call(),
                    shape.cells() - 1
                ))),
            }
        };
        let event = match op {
            Op::Carve | Op::Wall => {
                let (a, b) = (cell(triple[1])?, cell(triple[2])?);
                if !shape.adjacent(a, b) {
                    return Err(bad(format!(
                        "{}({a}, {b}): the cells are not neighbours",
                        op.call()
                    )));
                }
                let open = op == Op::Carve;
                if grid.is_open_between(a, b) == open {
                    let already = if open { "open" } else { "a wall" };
                    return Err(bad(format!(
                        "{}({a}, {b}): the wall is already {already}",
                        op.call()
                    )));
                }
                grid.set_open(a, b, open);
                if open {
                    Event::Carve(a, b)
                } else {
                    Event::Build(a, b)
                }
            }
            Op::Mark => {
                let c = cell(triple[1])?;
                let mark = usize::try_from(triple[2])
                    .ok()
                    .and_then(|k| MARKS.get(k).copied())
                    .ok_or_else(|| bad(format!("mark({c}): unknown kind {}", triple[2])))?;
                Event::Mark(c, mark)
            }
            Op::Cursor => Event::Cursor(cell(triple[1])?),
            Op::Phase => match u8::try_from(triple[1]) {
                Ok(k @ 1..=127) => Event::Phase(k),
                _ => return Err(bad(format!("phase({}): steps are 1 to 127", triple[1]))),
            },
        };
        events.push(event);
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Dims, Shape};

    fn square(w: u32, h: u32) -> Grid {
        Grid::closed(Dims::new(w, h).unwrap())
    }

    #[test]
    fn a_good_log_decodes_to_the_events_it_names() {
        let log = [4, 1, 0, 3, 0, 0, 0, 0, 1, 2, 1, 1, 1, 0, 1];
        let events = decode(&log, &square(2, 2)).unwrap();
        assert_eq!(
            events,
            [
                Event::Phase(1),
                Event::Cursor(0),
                Event::Carve(0, 1),
                Event::Mark(1, Mark::Frontier),
                Event::Build(0, 1),
            ]
        );
    }

    #[test]
    fn a_bad_event_names_its_step_and_call() {
        let grid = square(3, 3);
        for (log, step, says) in [
            (
                vec![0, 0, 4],
                1,
                "carve(0, 4): the cells are not neighbours",
            ),
            (
                vec![3, 1, 0, 0, 0, 9],
                2,
                "carve: 9 is not a cell (cells are 0 to 8)",
            ),
            (
                vec![0, 0, 1, 0, 1, 0],
                2,
                "carve(1, 0): the wall is already open",
            ),
            (vec![1, 0, 1], 1, "wall(0, 1): the wall is already a wall"),
            (vec![2, 4, 9], 1, "mark(4): unknown kind 9"),
            (vec![4, 0, 0], 1, "phase(0): steps are 1 to 127"),
            (vec![7, 0, 0], 1, "unknown event 7"),
            (vec![3, -1, 0], 1, "cursor: -1 is not a cell"),
            (vec![0, 1], 1, "the log ends in the middle of an event"),
        ] {
            let err = decode(&log, &grid).unwrap_err();
            assert_eq!(err.step, step, "{log:?}: {err}");
            assert!(err.message.contains(says), "{log:?}: {err}");
        }
    }

    #[test]
    fn a_masked_cell_is_refused_by_name() {
        let (_, mask) = crate::shape::Mask::from_text("X..\n...").unwrap();
        let shape = Shape::square(Dims::new(3, 2).unwrap())
            .with_mask(mask)
            .unwrap();
        let err = decode(&[0, 0, 1], &Grid::closed_shape(shape)).unwrap_err();
        assert!(err.message.contains("cell 0 is masked off"), "{err}");
    }
}
