//! The event log a program's run leaves: one `i32` an event, `a << 7 | x
//! << 3 | op`, in the order the program made its calls (one number, not
//! three: a million-cell backtracker makes 5 million events, and writing,
//! handing over and reading them is the page's main cost of a program). The
//! worker's harness writes it (`www/code/harness.js` holds the same
//! numbering) and already refuses bad calls as they happen; the page
//! decodes it here and checks every event against the maze again, so a log
//! that arrives broken names its first bad step and never reaches the maze.

use super::blocks::Blocks;
use super::verdict::{judge, Verdict};
use crate::event::{Event, Mark};
use crate::grid::Grid;
use crate::record::Counts;
use crate::shape::{Cell, Dims, Dir, Shape, Topology};
use crate::union_find::UnionFind;
use std::fmt;

/// What an event's low three bits mean, in order from 0: `carve(a, b)`
/// (the wall between `a` and its neighbour `b` opens; `x` is `b`'s place
/// in `a`'s list of live neighbours, the shape's clockwise order), `wall(a,
/// b)` (it is built), `mark(a, kind)` (`x` is the mark's number, `Mark`'s
/// order from `Blank`), `cursor(a)` (also `mark(a, "current")`) and
/// `phase(a)` (the program is at its step `a`, 1 to 127). A cell fits in 24
/// bits (no shape has more than 2^24 cells), `x` in four.
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

/// One event's number in a log: `op` on `a` (a cell, or a phase's step)
/// with `x` (a side's place in `a`'s neighbour list, or a mark's number).
pub fn pack(op: Op, a: u32, x: u32) -> i32 {
    ((a << 7) | (x << 3) | op as u32) as i32
}

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
/// wall on one of the cell's sides, every mark known. Walls are followed
/// as they change, so a carve of an open wall (or a wall built twice) is
/// refused too: every event must be a real change, as a built-in's are.
pub fn decode(log: &[i32], start: &Grid) -> Result<Log, LogError> {
    let mut decoder = Decoder::new(start.clone());
    decoder.feed(log);
    let decoded = decoder.finish();
    match decoded.error {
        Some(error) => Err(error),
        None => Ok(decoded.events),
    }
}

/// The neighbour at place `x` of cell `a`'s list on a plain square of `d`
/// (N, E, S, W, those inside the grid): what `Shape::neighbors(a)[x]` is
/// there, without making the list (`tests::square_sides_are_the_shapes`).
#[inline(always)]
fn square_side(d: Dims, a: Cell, x: usize) -> Option<Cell> {
    Dir::ALL.into_iter().filter_map(|dir| d.step(a, dir)).nth(x)
}

/// A shape's sides as a log names them: the neighbour at place `x` of
/// cell `a`'s list of live neighbours.
#[derive(Clone, Debug)]
struct Places {
    /// Fast path: a plain square's side worked out in place
    /// (`square_side`), not listed through the shape.
    square: Option<Dims>,
    shape: Shape,
}

impl Places {
    fn of(shape: &Shape) -> Places {
        Places {
            square: shape.plain_square(),
            shape: shape.clone(),
        }
    }

    #[inline(always)]
    fn side(&self, a: Cell, x: usize) -> Option<Cell> {
        match self.square {
            Some(d) => square_side(d, a, x),
            None => self.shape.neighbors(a).as_slice().get(x).copied(),
        }
    }
}

/// An event's three parts: its op's number, `a` and `x`.
#[inline(always)]
fn unpack(word: i32) -> (i32, u32, usize) {
    (word & 7, (word as u32) >> 7, ((word >> 3) & 15) as usize)
}

/// A checked log: its events kept as the harness wrote them, one word
/// each (4 bytes an event, where an `Event` takes 12: a million-cell
/// backtracker's 5 million events in 21 MB, not 62), and read back as
/// events on the shape they were checked on. Only the decoder makes one,
/// so every word is a real change that shape knows.
#[derive(Clone, Debug)]
pub struct Log {
    words: Blocks<i32>,
    sides: Places,
}

impl PartialEq for Log {
    fn eq(&self, other: &Log) -> bool {
        self.words == other.words && self.sides.shape == other.sides.shape
    }
}

impl Log {
    /// No events, on `shape`.
    pub fn empty(shape: &Shape) -> Log {
        Log {
            words: Blocks::new(),
            sides: Places::of(shape),
        }
    }

    /// How many events it holds.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The event at `index`, if there is one.
    #[inline]
    pub fn get(&self, index: usize) -> Option<Event> {
        let (op, a, x) = unpack(self.words.get(index)?);
        Some(match op {
            0 => Event::Carve(a, self.sides.side(a, x)?),
            1 => Event::Build(a, self.sides.side(a, x)?),
            2 => Event::Mark(a, *Mark::ALL.get(x)?),
            3 => Event::Cursor(a),
            _ => Event::Phase(a as u8),
        })
    }

    /// The events in order.
    pub fn iter(&self) -> impl Iterator<Item = Event> + '_ {
        (0..self.len()).map_while(|i| self.get(i))
    }

    /// The events in order, in one `Vec`.
    pub fn to_vec(&self) -> Vec<Event> {
        self.iter().collect()
    }
}

/// A whole log, read.
#[derive(Debug)]
pub struct Decoded {
    /// The good events, in order (all of them, or those before the error).
    pub events: Log,
    /// The maze they leave.
    pub grid: Grid,
    /// Whether the program opened every wall first.
    pub starts_open: bool,
    /// The first bad event.
    pub error: Option<LogError>,
    /// What an instant build of the events counts (`Tally`'s rules).
    pub counts: Counts,
    /// Known while reading: the carves made a tree of every live cell.
    tree: bool,
}

impl Decoded {
    /// The end the events reach: the maze and an instant build's counts.
    pub fn ending(&self) -> Ending {
        Ending {
            grid: self.grid.clone(),
            counts: self.counts,
        }
    }

    /// The maze judged ([`judge`]'s verdict). A run that only carved is
    /// followed as it is read (`Decoder`), so a perfect maze needs no
    /// second pass over the finished grid; anything else gets one.
    pub fn verdict(&self) -> Verdict {
        if !self.tree {
            return judge(&self.grid);
        }
        let live = self.grid.shape().live_cells();
        Verdict {
            passages: u64::from(live) - 1,
            live,
            reached: live,
            first_loop: None,
            unreached: Vec::new(),
        }
    }
}

/// A log read as it arrives, piece by piece, while the program is still
/// running: the page checks each piece as the worker sends it, so that
/// when the run ends only the stage is left to do. It keeps the maze the
/// events have made so far; after the first bad event it reads no more
/// (the events before it stay, for the stage to show).
pub struct Decoder {
    grid: Grid,
    /// A solver's log may mark and move its cursor, never change a wall.
    walls_fixed: bool,
    events: Log,
    starts_open: bool,
    error: Option<LogError>,
    /// The pieces the carves have joined, while the run has only carved
    /// from closed walls (else `None`: the verdict is judged at the end).
    pieces: Option<UnionFind>,
    /// Carves so far, and whether one of them closed a loop.
    carves: u64,
    looped: bool,
    /// What an instant build of the events so far counts.
    counts: Counts,
}

impl Decoder {
    /// A decoder for a generator's log, whose events start from `start`.
    pub fn new(start: Grid) -> Decoder {
        let closed = start.openings() == 0;
        Decoder {
            pieces: closed.then(|| UnionFind::new(start.cells() as usize)),
            events: Log::empty(start.shape()),
            grid: start,
            walls_fixed: false,
            starts_open: false,
            error: None,
            carves: 0,
            looped: false,
            counts: Counts::default(),
        }
    }

    /// A decoder for a solver's log on the finished maze `maze`.
    pub fn for_solver(maze: Grid) -> Decoder {
        Decoder {
            walls_fixed: true,
            pieces: None,
            ..Decoder::new(maze)
        }
    }

    /// The program opened every wall before its first change (a wall
    /// adder's start): refused once it has made any.
    pub fn open_all(&mut self) {
        if self.error.is_some() {
            return;
        }
        if self.walls_fixed || !self.events.is_empty() {
            self.error = Some(LogError {
                step: self.events.len() + 1,
                message: "openAll(): call it first, before any other change".into(),
            });
            return;
        }
        self.grid = Grid::open_shape(self.grid.shape().clone());
        self.starts_open = true;
        self.pieces = None;
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
        self.read(piece);
    }

    /// The events, the maze they leave, and the first bad event if any.
    pub fn finish(self) -> Decoded {
        let live = u64::from(self.grid.shape().live_cells());
        let tree = self.pieces.is_some()
            && self.error.is_none()
            && !self.looped
            && self.carves + 1 == live;
        Decoded {
            events: self.events,
            grid: self.grid,
            starts_open: self.starts_open,
            error: self.error,
            counts: self.counts,
            tree,
        }
    }

    /// Reads whole events; false (with the error kept) at a bad one. It
    /// counts them as an instant build does (`record::Tally`: a wall
    /// change is written; a mark, a move of the cursor, a new step would
    /// have been shown), so the stage can take the maze without playing
    /// the events again (`replay::Recorded`).
    fn read(&mut self, log: &[i32]) -> bool {
        let cells = self.grid.cells();
        let masked = self.grid.shape().live_cells() != cells;
        let counts = &mut self.counts;
        // Good events are kept as they came, a run of them at a time:
        // those from `kept` up to the one being read.
        let mut kept = 0;
        for (i, &word) in log.iter().enumerate() {
            let (op, a, x) = unpack(word);
            // The common case first: a live cell in range, in one test.
            let live = (a < cells) && (!masked || self.grid.shape().is_cell(a));
            match op {
                0 | 1 if !self.walls_fixed && live => {
                    let Some(b) = self.events.sides.side(a, x) else {
                        self.events.words.extend(&log[kept..i]);
                        return self.fail(Op::ALL[op as usize], a, x);
                    };
                    let open = op == 0;
                    if !self.grid.set_open(a, b, open) {
                        self.events.words.extend(&log[kept..i]);
                        return self.fail(Op::ALL[op as usize], a, x);
                    }
                    counts.written += 1;
                    if open {
                        self.carves += 1;
                        if let Some(pieces) = &mut self.pieces {
                            self.looped |= !pieces.union(a, b);
                        }
                    } else {
                        self.pieces = None;
                    }
                }
                2 if live && x < Mark::ALL.len() => counts.skipped += 1,
                // A move to where the cursor is, or the step the program
                // is at, is no change: the harness records none, and one
                // that arrives anyway is dropped, as a built-in's record
                // drops it.
                3 if live && x == 0 => {
                    if counts.at.cursor == Some(a) {
                        self.events.words.extend(&log[kept..i]);
                        kept = i + 1;
                        continue;
                    }
                    counts.skipped += 1;
                    counts.at.cursor = Some(a);
                }
                4 if (1..=127).contains(&a) && x == 0 => {
                    if counts.at.phase == a as u8 {
                        self.events.words.extend(&log[kept..i]);
                        kept = i + 1;
                        continue;
                    }
                    counts.skipped += 1;
                    counts.at.phase = a as u8;
                }
                _ => {
                    self.events.words.extend(&log[kept..i]);
                    return match Op::ALL.get(op as usize).copied() {
                        Some(op) => self.fail(op, a, x),
                        None => self.refuse(format!("unknown event {op}")),
                    };
                }
            }
        }
        self.events.words.extend(&log[kept..]);
        true
    }

    /// Names what is wrong with the event `op` on `a` with `x`, known to
    /// be bad.
    fn fail(&mut self, op: Op, a: u32, x: usize) -> bool {
        let cells = self.grid.cells();
        let shape = self.grid.shape();
        let cell = match a {
            c if c < cells && shape.is_cell(c) => Ok(c),
            c if c < cells => Err(format!(
                "{}: cell {c} is masked off, no part of the maze",
                op.call()
            )),
            _ => Err(format!(
                "{}: {a} is not a cell (cells are 0 to {})",
                op.call(),
                cells - 1
            )),
        };
        let message = match op {
            Op::Carve | Op::Wall => match cell {
                Err(e) if !self.walls_fixed => e,
                Err(_) => format!("{}(...): a solver cannot change the walls", op.call()),
                Ok(a) => match shape.neighbors(a).as_slice().get(x) {
                    None => format!(
                        "{}: cell {a} has {} neighbours, and the log names its side {x}",
                        op.call(),
                        shape.neighbors(a).len()
                    ),
                    Some(&b) if self.walls_fixed => {
                        format!("{}({a}, {b}): a solver cannot change the walls", op.call())
                    }
                    Some(&b) => {
                        let already = if op == Op::Carve { "open" } else { "a wall" };
                        format!("{}({a}, {b}): the wall is already {already}", op.call())
                    }
                },
            },
            Op::Mark => match cell {
                Err(e) => e,
                Ok(c) => format!("mark({c}): unknown kind {x}"),
            },
            Op::Cursor => match cell {
                Err(e) => e,
                Ok(c) => format!("cursor({c}): unknown detail {x}"),
            },
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

/// Where a recorded run ends, known before it is played: its maze and
/// what an instant build of it counts (`Decoded::ending`).
#[derive(Clone, Debug)]
pub struct Ending {
    /// The maze the events leave.
    pub grid: Grid,
    /// Walls written and visual events skipped by an instant build.
    pub counts: Counts,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn square_sides_are_the_shapes() {
        for (w, h) in [(1, 1), (1, 5), (6, 1), (2, 2), (7, 4), (5, 9)] {
            let d = Dims::new(w, h).unwrap();
            let shape = Shape::square(d);
            for a in 0..w * h {
                let listed = shape.neighbors(a);
                for x in 0..16 {
                    assert_eq!(
                        square_side(d, a, x),
                        listed.as_slice().get(x).copied(),
                        "{w}x{h} cell {a} place {x}"
                    );
                }
            }
        }
    }

    fn square(w: u32, h: u32) -> Grid {
        Grid::closed(Dims::new(w, h).unwrap())
    }

    /// On a square, a cell's neighbours are listed N, E, S, W (those there).
    fn carve(a: u32, x: u32) -> i32 {
        pack(Op::Carve, a, x)
    }

    /// A log on a 2x2 square of every kind of call: a phase, the cursor,
    /// carves, a mark and a wall. Cell 0 has E (1) then S (2); cell 1 has
    /// S (3) then W (0).
    fn two_by_two_log() -> [i32; 6] {
        [
            pack(Op::Phase, 1, 0),
            pack(Op::Cursor, 0, 0),
            carve(0, 0),
            pack(Op::Mark, 1, 1),
            pack(Op::Wall, 1, 1),
            carve(1, 0),
        ]
    }

    #[test]
    fn a_good_log_decodes_to_the_events_it_names() {
        let log = two_by_two_log();
        let events = decode(&log, &square(2, 2)).unwrap();
        assert_eq!(
            events.to_vec(),
            [
                Event::Phase(1),
                Event::Cursor(0),
                Event::Carve(0, 1),
                Event::Mark(1, Mark::Frontier),
                Event::Build(1, 0),
                Event::Carve(1, 3),
            ]
        );
    }

    #[test]
    fn a_cursor_or_phase_that_changes_nothing_is_no_step() {
        let log = [
            pack(Op::Phase, 1, 0),
            pack(Op::Phase, 1, 0),
            pack(Op::Cursor, 0, 0),
            pack(Op::Cursor, 0, 0),
            pack(Op::Phase, 2, 0),
            pack(Op::Cursor, 1, 0),
            pack(Op::Cursor, 0, 0),
        ];
        let mut decoder = Decoder::new(square(2, 2));
        decoder.feed(&log);
        assert_eq!(decoder.steps(), 5);
        let decoded = decoder.finish();
        assert_eq!(
            decoded.events.to_vec(),
            [
                Event::Phase(1),
                Event::Cursor(0),
                Event::Phase(2),
                Event::Cursor(1),
                Event::Cursor(0),
            ]
        );
        // What an instant build counts: the same five steps.
        assert_eq!(decoded.counts.skipped, 5);
    }

    #[test]
    fn pack_puts_each_part_in_its_bits() {
        assert_eq!(pack(Op::Carve, 0, 0), 0);
        assert_eq!(pack(Op::Phase, 127, 0), 127 << 7 | 4);
        assert_eq!(
            pack(Op::Mark, (1 << 24) - 1, 5),
            ((1 << 24) - 1) << 7 | 5 << 3 | 2
        );
    }

    #[test]
    fn a_bad_event_names_its_step_and_call() {
        let grid = square(3, 3);
        for (log, step, says) in [
            (
                vec![carve(0, 2)],
                1,
                "carve: cell 0 has 2 neighbours, and the log names its side 2",
            ),
            (
                vec![pack(Op::Cursor, 1, 0), carve(9, 0)],
                2,
                "carve: 9 is not a cell (cells are 0 to 8)",
            ),
            (
                vec![carve(0, 0), carve(1, 2)],
                2,
                "carve(1, 0): the wall is already open",
            ),
            (
                vec![pack(Op::Wall, 0, 0)],
                1,
                "wall(0, 1): the wall is already a wall",
            ),
            (vec![pack(Op::Mark, 4, 9)], 1, "mark(4): unknown kind 9"),
            (
                vec![pack(Op::Phase, 0, 0)],
                1,
                "phase(0): steps are 1 to 127",
            ),
            (
                vec![pack(Op::Phase, 128, 0)],
                1,
                "phase(128): steps are 1 to 127",
            ),
            (vec![7], 1, "unknown event 7"),
            (vec![-8 | 3], 1, "cursor: 33554431 is not a cell"),
            (
                vec![pack(Op::Cursor, 2, 1)],
                1,
                "cursor(2): unknown detail 1",
            ),
        ] {
            let err = decode(&log, &grid).unwrap_err();
            assert_eq!(err.step, step, "{log:?}: {err}");
            assert!(err.message.contains(says), "{log:?}: {err}");
        }
    }

    /// A 3 x 2 square whose first cell is masked off ("X.." / "...").
    fn corner_masked() -> Grid {
        let (_, mask) = crate::shape::Mask::from_text("X..\n...").unwrap();
        let shape = Shape::square(Dims::new(3, 2).unwrap())
            .with_mask(mask)
            .unwrap();
        Grid::closed_shape(shape)
    }

    #[test]
    fn a_masked_cell_is_refused_by_name() {
        let err = decode(&[carve(0, 0)], &corner_masked()).unwrap_err();
        assert!(err.message.contains("cell 0 is masked off"), "{err}");
    }

    #[test]
    fn a_side_counts_live_neighbours_only() {
        // Cell 1 of "X.." / "..." has E (2) and S (4): its W is masked off.
        let events = decode(&[carve(1, 1)], &corner_masked()).unwrap();
        assert_eq!(events.to_vec(), [Event::Carve(1, 4)]);
    }

    #[test]
    fn a_log_read_in_pieces_reads_as_it_does_whole() {
        let log = two_by_two_log();
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
        // Cell 1's neighbours are E (2), S (4), W (0); cell 2's S (5), W (1).
        decoder.feed(&[carve(0, 0), carve(1, 0)]);
        decoder.feed(&[carve(2, 0)]);
        decoder.feed(&[carve(2, 1)]); // to 1: already open
        decoder.feed(&[carve(3, 1)]);
        assert_eq!(decoder.steps(), 3);
        let Decoded {
            events,
            grid,
            error,
            ..
        } = decoder.finish();
        assert_eq!(
            events.to_vec(),
            [Event::Carve(0, 1), Event::Carve(1, 2), Event::Carve(2, 5)]
        );
        assert!(!grid.is_open_between(3, 4), "nothing after the error");
        let error = error.unwrap();
        assert_eq!(error.step, 4);
        assert!(error
            .message
            .contains("carve(2, 1): the wall is already open"));
    }

    #[test]
    fn opening_every_wall_comes_first_or_not_at_all() {
        let mut decoder = Decoder::new(square(2, 2));
        decoder.open_all();
        decoder.feed(&[pack(Op::Wall, 0, 0)]);
        let Decoded {
            events,
            grid,
            starts_open,
            error,
            ..
        } = decoder.finish();
        assert_eq!((events.to_vec(), error), (vec![Event::Build(0, 1)], None));
        assert!(starts_open);
        assert!(!grid.is_open_between(0, 1) && grid.is_open_between(0, 2));

        let mut late = Decoder::new(square(2, 2));
        late.feed(&[carve(0, 0)]);
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
        decoder.feed(&[pack(Op::Mark, 0, 3), pack(Op::Cursor, 1, 0), carve(0, 0)]);
        let Decoded { events, error, .. } = decoder.finish();
        assert_eq!(
            events.to_vec(),
            [Event::Mark(0, Mark::Explored), Event::Cursor(1)]
        );
        let error = error.unwrap();
        assert_eq!(error.step, 3);
        assert!(error
            .message
            .contains("carve(0, 1): a solver cannot change the walls"));
    }

    /// Every log of carves on a 3x3 (trees, forests, loops, from closed
    /// walls and from a wall adder's open start): the verdict followed
    /// while reading is `judge`'s on the finished maze.
    #[test]
    fn the_verdict_followed_while_reading_is_the_judged_one() {
        let sides: Vec<(u32, u32)> = (0..9u32)
            .flat_map(|a| {
                let n = Grid::closed(Dims::new(3, 3).unwrap())
                    .shape()
                    .neighbors(a)
                    .len();
                (0..n as u32).map(move |x| (a, x))
            })
            .filter(|&(a, x)| {
                let b = Grid::closed(Dims::new(3, 3).unwrap())
                    .shape()
                    .neighbors(a)
                    .as_slice()[x as usize];
                a < b
            })
            .collect();
        assert_eq!(sides.len(), 12);
        let mut trees = 0;
        for set in 0u32..(1 << sides.len()) {
            let log: Vec<i32> = sides
                .iter()
                .enumerate()
                .filter(|(i, _)| set & (1 << i) != 0)
                .map(|(_, &(a, x))| carve(a, x))
                .collect();
            let decoded = {
                let mut d = Decoder::new(square(3, 3));
                d.feed(&log);
                d.finish()
            };
            let verdict = decoded.verdict();
            assert_eq!(verdict, judge(&decoded.grid), "carves {set:b}");
            trees += usize::from(verdict.perfect());
        }
        assert_eq!(trees, 192, "the 3x3 grid has 192 spanning trees");
        // Walls after an open start: judged at the end.
        let mut d = Decoder::new(square(2, 2));
        d.open_all();
        d.feed(&[pack(Op::Wall, 0, 0)]);
        let decoded = d.finish();
        assert!(decoded.verdict().perfect());
        assert_eq!(decoded.verdict(), judge(&decoded.grid));
    }
}
