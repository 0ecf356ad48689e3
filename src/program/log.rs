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
    /// `carve(a, b)`: the wall between neighbours opens.
    Carve,
    /// `wall(a, b)`: the wall is built.
    Wall,
    /// `mark(a, kind)`: a cell's mark changes.
    Mark,
    /// `cursor(a)`: the attention moves to a cell.
    Cursor,
    /// `phase(a)`: the program is at its step `a`.
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
    /// The bad event's place (1 is the first).
    pub step: usize,
    /// What is wrong with it.
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
    let mut decoder = Decoder::new(start.clone());
    decoder.feed(log);
    let decoded = decoder.finish();
    match decoded.error {
        Some(error) => Err(error),
        None => Ok(decoded.events),
    }
}

/// A whole log, read.
#[derive(Debug)]
pub struct Decoded {
    /// The good events, in order (all of them, or those before the error).
    pub events: Vec<Event>,
    /// The maze they leave.
    pub grid: Grid,
    /// Whether the program opened every wall first.
    pub starts_open: bool,
    /// The first bad event.
    pub error: Option<LogError>,
}

/// A log read as it arrives, piece by piece, while the program is still
/// running: the page checks each piece as the worker sends it, so that
/// when the run ends only the verdict is left to do. It keeps the maze
/// the events have made so far; after the first bad event it reads no
/// more (the events before it stay, for the stage to show).
pub struct Decoder {
    grid: Grid,
    /// A solver's log may mark and move its cursor, never change a wall.
    walls_fixed: bool,
    events: Vec<Event>,
    /// The numbers of an event cut across two pieces.
    partial: Vec<i32>,
    starts_open: bool,
    error: Option<LogError>,
}

impl Decoder {
    /// A decoder for a generator's log, whose events start from `start`.
    pub fn new(start: Grid) -> Decoder {
        Decoder {
            grid: start,
            walls_fixed: false,
            events: Vec::new(),
            partial: Vec::new(),
            starts_open: false,
            error: None,
        }
    }

    /// A decoder for a solver's log on the finished maze `maze`.
    pub fn for_solver(maze: Grid) -> Decoder {
        Decoder {
            walls_fixed: true,
            ..Decoder::new(maze)
        }
    }

    /// The program opened every wall before its first change (a wall
    /// adder's start): refused once it has made any.
    pub fn open_all(&mut self) {
        if self.error.is_some() {
            return;
        }
        if self.walls_fixed || !self.events.is_empty() || !self.partial.is_empty() {
            self.error = Some(LogError {
                step: self.events.len() + 1,
                message: "openAll(): call it first, before any other change".into(),
            });
            return;
        }
        self.grid = Grid::open_shape(self.grid.shape().clone());
        self.starts_open = true;
    }

    /// Events read so far (the good ones, before any error).
    pub fn steps(&self) -> usize {
        self.events.len()
    }

    /// Reads the next piece of the log.
    pub fn feed(&mut self, piece: &[i32]) {
        if self.error.is_some() {
            return;
        }
        let mut piece = piece;
        if !self.partial.is_empty() {
            let take = (3 - self.partial.len()).min(piece.len());
            self.partial.extend_from_slice(&piece[..take]);
            piece = &piece[take..];
            if self.partial.len() < 3 {
                return;
            }
            let triple = std::mem::take(&mut self.partial);
            if !self.read(&triple) {
                return;
            }
        }
        let whole = piece.len() - piece.len() % 3;
        self.events.reserve(whole / 3);
        if !self.read(&piece[..whole]) {
            return;
        }
        self.partial.extend_from_slice(&piece[whole..]);
    }

    /// The events, the maze they leave, and the first bad event if any.
    pub fn finish(mut self) -> Decoded {
        if self.error.is_none() && !self.partial.is_empty() {
            self.error = Some(LogError {
                step: self.events.len() + 1,
                message: "the log ends in the middle of an event".into(),
            });
        }
        Decoded {
            events: self.events,
            grid: self.grid,
            starts_open: self.starts_open,
            error: self.error,
        }
    }

    /// Reads whole events; false (with the error kept) at a bad one.
    fn read(&mut self, log: &[i32]) -> bool {
        let cells = self.grid.cells();
        let masked = self.grid.shape().live_cells() != cells;
        for triple in log.chunks_exact(3) {
            let (op, a, b) = (triple[0], triple[1], triple[2]);
            // The common case first: live cells in range, in one test.
            let live = |grid: &Grid, n: i32| {
                (n as u32) < cells && (!masked || grid.shape().is_cell(n as u32))
            };
            let event = match op {
                0 | 1 if !self.walls_fixed && live(&self.grid, a) && live(&self.grid, b) => {
                    let (a, b) = (a as Cell, b as Cell);
                    if !self.grid.adjacent(a, b) {
                        return self.fail(Op::ALL[op as usize], a as i32, b as i32);
                    }
                    let open = op == 0;
                    if !self.grid.set_open(a, b, open) {
                        return self.fail(Op::ALL[op as usize], a as i32, b as i32);
                    }
                    if open {
                        Event::Carve(a, b)
                    } else {
                        Event::Build(a, b)
                    }
                }
                2 if live(&self.grid, a) && (b as u32) < MARKS.len() as u32 => {
                    Event::Mark(a as Cell, MARKS[b as usize])
                }
                3 if live(&self.grid, a) => Event::Cursor(a as Cell),
                4 if (1..=127).contains(&a) => Event::Phase(a as u8),
                _ => {
                    let op = Op::ALL.get(op as usize).copied();
                    return match op {
                        Some(op) => self.fail(op, a, b),
                        None => self.refuse(format!("unknown event {}", triple[0])),
                    };
                }
            };
            self.events.push(event);
        }
        true
    }

    /// Names what is wrong with the event `op(a, b)`, known to be bad.
    fn fail(&mut self, op: Op, a: i32, b: i32) -> bool {
        let cells = self.grid.cells();
        let shape = self.grid.shape();
        let cell = |n: i32| -> Result<Cell, String> {
            match u32::try_from(n) {
                Ok(c) if c < cells && shape.is_cell(c) => Ok(c),
                Ok(c) if c < cells => Err(format!(
                    "{}: cell {c} is masked off, no part of the maze",
                    op.call()
                )),
                _ => Err(format!(
                    "{}: {n} is not a cell (cells are 0 to {})",
                    op.call(),
                    cells - 1
                )),
            }
        };
        let message = match op {
            Op::Carve | Op::Wall if self.walls_fixed => {
                format!("{}({a}, {b}): a solver cannot change the walls", op.call())
            }
            Op::Carve | Op::Wall => match (cell(a), cell(b)) {
                (Err(e), _) | (_, Err(e)) => e,
                (Ok(a), Ok(b)) if !self.grid.adjacent(a, b) => {
                    format!("{}({a}, {b}): the cells are not neighbours", op.call())
                }
                (Ok(a), Ok(b)) => {
                    let already = if op == Op::Carve { "open" } else { "a wall" };
                    format!("{}({a}, {b}): the wall is already {already}", op.call())
                }
            },
            Op::Mark => match cell(a) {
                Err(e) => e,
                Ok(c) => format!("mark({c}): unknown kind {b}"),
            },
            Op::Cursor => cell(a).err().unwrap_or_default(),
            Op::Phase => format!("phase({a}): steps are 1 to 127"),
        };
        self.refuse(message)
    }

    fn refuse(&mut self, message: String) -> bool {
        self.error = Some(LogError {
            step: self.events.len() + 1,
            message,
        });
        false
    }
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

    #[test]
    fn a_log_read_in_pieces_reads_as_it_does_whole() {
        let log = [4, 1, 0, 3, 0, 0, 0, 0, 1, 2, 1, 1, 0, 1, 3, 1, 0, 1];
        let whole = decode(&log, &square(2, 2)).unwrap();
        for cut in 0..=log.len() {
            for cut2 in cut..=log.len() {
                let mut decoder = Decoder::new(square(2, 2));
                decoder.feed(&log[..cut]);
                decoder.feed(&log[cut..cut2]);
                decoder.feed(&log[cut2..]);
                let Decoded {
                    events,
                    grid,
                    error,
                    ..
                } = decoder.finish();
                assert_eq!(error, None, "cut at {cut}, {cut2}");
                assert_eq!(events, whole, "cut at {cut}, {cut2}");
                assert!(!grid.is_open_between(0, 1) && grid.is_open_between(1, 3));
            }
        }
    }

    #[test]
    fn a_bad_piece_keeps_the_events_before_it_and_reads_no_more() {
        let mut decoder = Decoder::new(square(3, 3));
        decoder.feed(&[0, 0, 1, 0, 1, 2]);
        decoder.feed(&[0, 2, 1]); // already open
        decoder.feed(&[0, 3, 4]);
        assert_eq!(decoder.steps(), 2);
        let Decoded {
            events,
            grid,
            error,
            ..
        } = decoder.finish();
        assert_eq!(events, [Event::Carve(0, 1), Event::Carve(1, 2)]);
        assert!(!grid.is_open_between(3, 4), "nothing after the error");
        let error = error.unwrap();
        assert_eq!(error.step, 3);
        assert!(error
            .message
            .contains("carve(2, 1): the wall is already open"));
    }

    #[test]
    fn opening_every_wall_comes_first_or_not_at_all() {
        let mut decoder = Decoder::new(square(2, 2));
        decoder.open_all();
        decoder.feed(&[1, 0, 1]);
        let Decoded {
            events,
            grid,
            starts_open,
            error,
        } = decoder.finish();
        assert_eq!((events, error), (vec![Event::Build(0, 1)], None));
        assert!(starts_open);
        assert!(!grid.is_open_between(0, 1) && grid.is_open_between(0, 2));

        let mut late = Decoder::new(square(2, 2));
        late.feed(&[0, 0, 1]);
        late.open_all();
        let error = late.finish().error.unwrap();
        assert_eq!(error.step, 2);
        assert!(
            error.message.contains("openAll(): call it first"),
            "{error}"
        );
    }

    #[test]
    fn a_solver_marks_but_never_changes_a_wall() {
        let mut decoder = Decoder::for_solver(square(2, 2));
        decoder.feed(&[2, 0, 3, 3, 1, 0, 0, 0, 1]);
        let Decoded { events, error, .. } = decoder.finish();
        assert_eq!(events, [Event::Mark(0, Mark::Explored), Event::Cursor(1)]);
        let error = error.unwrap();
        assert_eq!(error.step, 3);
        assert!(error
            .message
            .contains("carve(0, 1): a solver cannot change the walls"));
    }
}
