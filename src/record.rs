//! Where an algorithm writes its changes: one trait, [`Record`], and two
//! records. An algorithm is written once against `Record` and runs either
//! way:
//!
//! - [`Emit`], the event buffer a stream hands out: every change as an
//!   [`Event`] (with visuals off, marks, cursor moves and phases are only
//!   counted, so a step number means the same picture in every mode);
//! - [`Tally`], an instant build: walls go straight into the maze and the
//!   visual events an animated run would make are counted in locals;
//! - [`Paint`], a seek's replay of a run that marks cells: a tally that
//!   also paints the marks into the picture.
//!
//! A fast path for a plain square (a row algorithm writing a whole row's
//! bits at once) asks the record for [`Record::fast_square`], which only a
//! tally on a plain square gives, and says what it did with
//! [`FastSquare::counted`]. A fast path for a seek's replay, which must
//! stop at a given event and paint what it marks, asks for
//! [`Record::fast_paint`], which only a [`Paint`] on a plain square gives.

use crate::event::{Event, Mark};
use crate::grid::Grid;
use crate::shape::{square_wall_bit, Cell};

/// What an algorithm writes its changes to.
pub trait Record {
    /// Whether this records a run a timeline keeps (the event buffer) or
    /// replays (a seek's stepwise tally, a [`Paint`]), and spaces its
    /// checkpoints by: a stepper that counts the work it does between
    /// events only for that (`Keep::work`, true Prim's) skips the count
    /// in the instant build's tally, which pays nothing for it.
    const REPLAYED: bool = true;

    /// Removes the wall between two adjacent cells.
    fn carve(&mut self, a: Cell, b: Cell);
    /// Builds the wall between two adjacent cells.
    fn build(&mut self, a: Cell, b: Cell);
    /// Changes a cell's mark; the caller guarantees it differs from the
    /// cell's current one.
    fn mark(&mut self, cell: Cell, mark: Mark);
    /// Moves the cursor; a move to where it already is records nothing.
    fn cursor(&mut self, cell: Cell);
    /// Says the algorithm is now at step `k` of its listed steps; saying
    /// the step it is already at records nothing.
    fn phase(&mut self, k: u8);
    /// Says step `k` if no step has been said yet in this run.
    fn begin(&mut self, k: u8);

    /// A plain square's wall bits, when this record is an instant build of
    /// one: what a marked fast path writes directly. `None` otherwise.
    #[inline(always)]
    fn fast_square(&mut self) -> Option<FastSquare<'_>> {
        None
    }

    /// A plain square's wall bits and the picture's marks, when this record
    /// is a seek's painted replay on one: what a marked fast path for
    /// replays writes directly, within the events left before the replay's
    /// limit (`FastPaint::room`). `None` otherwise.
    #[inline(always)]
    fn fast_paint(&mut self) -> Option<FastPaint<'_>> {
        None
    }
}

/// The cursor and step a run has reached: both records keep them, so that
/// "no change, no event" holds across a switch from one to the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// The cell the algorithm's attention is on.
    pub cursor: Option<Cell>,
    /// The numbered step it is at.
    pub phase: u8,
}

/// The buffer an algorithm writes one step's events into. With `visuals`
/// off it drops marks, cursor moves and phases, which is what "instant"
/// mode skips, but still counts them (`skipped`).
#[derive(Clone, Debug)]
pub struct Emit {
    events: Vec<Event>,
    visuals: bool,
    at: Position,
    /// Visual events dropped (visuals off) and not yet taken.
    skipped: u64,
}

impl Emit {
    /// An empty buffer; `visuals` decides whether marks and cursor are kept.
    pub fn new(visuals: bool) -> Emit {
        Emit {
            events: Vec::with_capacity(64),
            visuals,
            at: Position::default(),
            skipped: 0,
        }
    }

    /// Whether marks and cursor moves are kept.
    pub(crate) fn visuals(&self) -> bool {
        self.visuals
    }

    /// Where the run's cursor and step are.
    pub(crate) fn position(&self) -> Position {
        self.at
    }

    /// Takes up where a seek's replay left the run (`Stream::replay`).
    pub(crate) fn set_position(&mut self, at: Position) {
        self.at = at;
    }

    /// The visual events dropped since the last call (visuals off).
    pub(crate) fn take_skipped(&mut self) -> u64 {
        std::mem::take(&mut self.skipped)
    }

    #[inline]
    pub(crate) fn push_done(&mut self) {
        self.events.push(Event::Done);
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.events.len()
    }

    #[inline]
    pub(crate) fn slice(&self, start: usize, end: usize) -> &[Event] {
        &self.events[start..end]
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.events.clear();
    }
}

impl Record for Emit {
    #[inline(always)]
    fn carve(&mut self, a: Cell, b: Cell) {
        self.events.push(Event::Carve(a, b));
    }

    #[inline(always)]
    fn build(&mut self, a: Cell, b: Cell) {
        self.events.push(Event::Build(a, b));
    }

    #[inline(always)]
    fn mark(&mut self, cell: Cell, mark: Mark) {
        if self.visuals {
            self.events.push(Event::Mark(cell, mark));
        }
        self.skipped += u64::from(!self.visuals);
    }

    #[inline(always)]
    fn cursor(&mut self, cell: Cell) {
        // Branch-free unless visuals are on: random walks move the cursor
        // on every step.
        let changed = self.at.cursor != Some(cell);
        self.at.cursor = Some(cell);
        if changed & self.visuals {
            self.events.push(Event::Cursor(cell));
        }
        self.skipped += u64::from(changed & !self.visuals);
    }

    #[inline(always)]
    fn phase(&mut self, k: u8) {
        // Branch-free when nothing changes: algorithms say their step
        // inside their hottest loops.
        let changed = self.at.phase != k;
        self.at.phase = k;
        if changed & self.visuals {
            self.events.push(Event::Phase(k));
        }
        self.skipped += u64::from(changed & !self.visuals);
    }

    #[inline]
    fn begin(&mut self, k: u8) {
        if self.at.phase == 0 {
            self.phase(k);
        }
    }
}

/// What an instant build has done so far, kept between its batches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Walls opened or closed.
    pub written: u64,
    /// Visual events an animated run would have made.
    pub skipped: u64,
    /// Where the run stands.
    pub at: Position,
    /// A seek's replay (a stepwise tally's): the walls it opened less
    /// those it closed, which the picture's count of passages moves by,
    /// so that it is not counted again over the whole maze. Zero from an
    /// instant build, which does not keep it.
    pub opened: i64,
}

/// An instant build: carves into the maze and counts the visual events
/// with the same rules as [`Emit`] (a move to where the cursor is, or a
/// phase already said, is no event), all in locals, so a hot loop keeps
/// them in registers. A plain square's wall bits are taken out of the maze
/// while it runs: a carve is then two compares and an OR. A `STEPWISE`
/// tally is a seek's replay (`Tally::stepwise`): the algorithms' fast paths
/// stay off, and it counts the walls it opened less those it closed
/// (`Counts::opened`), which the instant build's loop does not.
pub struct Tally<'a, const STEPWISE: bool = false> {
    grid: &'a mut Grid,
    /// A plain square's wall bits and width (0 and empty for other shapes).
    bits: Vec<u8>,
    width: u32,
    /// Walls opened less walls closed (`STEPWISE` only).
    opened: i64,
    // The counts as separate scalars, not a `Counts`: kept whole, the
    // struct stayed in memory and its fields' adds were merged into one
    // wide load that waited on the narrow stores before it.
    written: u64,
    skipped: u64,
    cursor: Option<Cell>,
    phase: u8,
}

impl<'a> Tally<'a> {
    /// Starts building into `grid` from `counts`.
    #[inline]
    pub fn new(grid: &'a mut Grid, counts: Counts) -> Tally<'a> {
        Tally::starting(grid, counts)
    }
}

impl<'a> Tally<'a, true> {
    /// As `new`, but the algorithms' fast paths stay off (`fast_square`
    /// is `None`), so every step is one of the animated run's: for a
    /// replay that stops at a given event.
    #[inline]
    pub fn stepwise(grid: &'a mut Grid, counts: Counts) -> Tally<'a, true> {
        Tally::starting(grid, counts)
    }
}

impl<'a, const STEPWISE: bool> Tally<'a, STEPWISE> {
    #[inline]
    fn starting(grid: &'a mut Grid, counts: Counts) -> Tally<'a, STEPWISE> {
        let (width, bits) = grid.take_square_bits().unwrap_or_default();
        Tally {
            grid,
            bits,
            width,
            opened: 0,
            written: counts.written,
            skipped: counts.skipped,
            cursor: counts.at.cursor,
            phase: counts.at.phase,
        }
    }

    /// The events an animated run would have handed out so far.
    #[inline(always)]
    pub fn events(&self) -> u64 {
        self.written + self.skipped
    }

    /// Hands the bits back to the maze; what was done, with what came before.
    #[inline]
    pub fn finish(self) -> Counts {
        if self.width != 0 {
            self.grid.put_square_bits(self.bits);
        }
        Counts {
            written: self.written,
            skipped: self.skipped,
            at: Position {
                cursor: self.cursor,
                phase: self.phase,
            },
            opened: self.opened,
        }
    }

    /// Opens or closes a wall: on a plain square in the bits directly,
    /// otherwise through the maze.
    #[inline(always)]
    fn set(&mut self, a: Cell, b: Cell, open: bool) {
        self.written += 1;
        let changed = if self.width == 0 {
            self.grid.set_open(a, b, open)
        } else {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            match square_wall_bit(self.width, lo, hi) {
                Some(bit) => {
                    let slot = &mut self.bits[lo as usize];
                    let before = *slot;
                    *slot = if open { before | bit } else { before & !bit };
                    *slot != before
                }
                None => set_elsewhere(self.grid, &mut self.bits, a, b, open),
            }
        };
        if STEPWISE {
            self.opened += i64::from(changed) * if open { 1 } else { -1 };
        }
    }
}

/// A woven square's tunnel (two cells apart) in a [`Tally`]: through the
/// maze, which knows tunnels, with the bits lent back for the call. It takes
/// the two fields, not the tally, so that the rest stays in registers.
#[cold]
#[inline(never)]
fn set_elsewhere(grid: &mut Grid, bits: &mut Vec<u8>, a: Cell, b: Cell, open: bool) -> bool {
    grid.put_square_bits(std::mem::take(bits));
    let changed = grid.set_open(a, b, open);
    *bits = grid.take_square_bits().expect("still a square").1;
    changed
}

impl<const STEPWISE: bool> Record for Tally<'_, STEPWISE> {
    const REPLAYED: bool = STEPWISE;

    #[inline(always)]
    fn carve(&mut self, a: Cell, b: Cell) {
        self.set(a, b, true);
    }

    #[inline(always)]
    fn build(&mut self, a: Cell, b: Cell) {
        self.set(a, b, false);
    }

    #[inline(always)]
    fn mark(&mut self, _: Cell, _: Mark) {
        self.skipped += 1;
    }

    #[inline(always)]
    fn cursor(&mut self, cell: Cell) {
        self.skipped += u64::from(self.cursor != Some(cell));
        self.cursor = Some(cell);
    }

    #[inline(always)]
    fn phase(&mut self, k: u8) {
        self.skipped += u64::from(self.phase != k);
        self.phase = k;
    }

    #[inline]
    fn begin(&mut self, k: u8) {
        if self.phase == 0 {
            self.phase(k);
        }
    }

    #[inline(always)]
    fn fast_square(&mut self) -> Option<FastSquare<'_>> {
        (!STEPWISE && self.width != 0).then_some(FastSquare {
            bits: &mut self.bits[..],
            width: self.width,
            written: &mut self.written,
            skipped: &mut self.skipped,
            cursor: &mut self.cursor,
            reported: None,
        })
    }
}

/// The number of marks (`Mark::ALL`): a painted replay's counts of them.
pub const MARK_KINDS: usize = Mark::ALL.len();

/// A picture's marks and how many cells hold each, which a seek's replay
/// paints into (`Paint`).
pub struct Marks<'a> {
    /// Each cell's mark.
    pub marks: &'a mut [Mark],
    /// How many cells hold each mark (`Mark as usize`).
    pub counts: &'a mut [u32; MARK_KINDS],
}

/// A seek's replay of a run that marks cells: a [`Tally`] with its fast
/// paths off (`Tally::stepwise`) that also paints each mark into the
/// picture's marks and their counts, as applying the mark's event would.
/// The events are never made: no buffer is written and read back, and no
/// event is matched on its kind.
pub struct Paint<'a> {
    tally: Tally<'a, true>,
    marks: Marks<'a>,
    /// The events the replay stops at or before (what `fast_paint` may
    /// fill).
    limit: u64,
    /// A fast path lent the picture has reported through it since this
    /// was last taken (`Replaying::kept_to_room`).
    reported: bool,
}

impl<'a> Paint<'a> {
    /// Starts painting into `grid` and `marks`, from `counts`, for a
    /// replay that stops at or before `limit` events.
    #[inline]
    pub fn new(grid: &'a mut Grid, marks: Marks<'a>, counts: Counts, limit: u64) -> Paint<'a> {
        Paint {
            tally: Tally::stepwise(grid, counts),
            marks,
            limit,
            reported: false,
        }
    }
}

/// A record a seek's replay runs through, which counts the events an
/// animated run would have handed out: [`Tally`] and [`Paint`].
pub trait Replaying: Record {
    /// The events an animated run would have handed out so far.
    fn events(&self) -> u64;
    /// What was done, with what came before.
    fn finish(self) -> Counts;
    /// Whether a fast path lent the picture (`Record::fast_paint`) has
    /// reported through it since the last call: the step that did kept
    /// its events within the room it was lent, so its size says nothing
    /// of how far the next step may go. A step that reports and makes no
    /// event has no room for its next move: the replay stops there.
    fn kept_to_room(&mut self) -> bool {
        false
    }
}

impl<const STEPWISE: bool> Replaying for Tally<'_, STEPWISE> {
    #[inline(always)]
    fn events(&self) -> u64 {
        Tally::events(self)
    }

    #[inline]
    fn finish(self) -> Counts {
        Tally::finish(self)
    }
}

impl Replaying for Paint<'_> {
    #[inline(always)]
    fn events(&self) -> u64 {
        self.tally.events()
    }

    #[inline]
    fn finish(self) -> Counts {
        self.tally.finish()
    }

    #[inline(always)]
    fn kept_to_room(&mut self) -> bool {
        std::mem::take(&mut self.reported)
    }
}

impl Record for Paint<'_> {
    // Its run goes on recording after the seek: a stepper counts its work.
    const REPLAYED: bool = true;

    #[inline(always)]
    fn carve(&mut self, a: Cell, b: Cell) {
        self.tally.carve(a, b);
    }

    #[inline(always)]
    fn build(&mut self, a: Cell, b: Cell) {
        self.tally.build(a, b);
    }

    #[inline(always)]
    fn mark(&mut self, cell: Cell, mark: Mark) {
        self.tally.mark(cell, mark);
        self.marks.paint(cell, mark);
    }

    #[inline(always)]
    fn cursor(&mut self, cell: Cell) {
        self.tally.cursor(cell);
    }

    #[inline(always)]
    fn phase(&mut self, k: u8) {
        self.tally.phase(k);
    }

    #[inline]
    fn begin(&mut self, k: u8) {
        self.tally.begin(k);
    }

    #[inline(always)]
    fn fast_paint(&mut self) -> Option<FastPaint<'_>> {
        let room = self.limit.saturating_sub(self.tally.events());
        let tally = &mut self.tally;
        (tally.width != 0).then_some(FastPaint {
            square: FastSquare {
                bits: &mut tally.bits[..],
                width: tally.width,
                written: &mut tally.written,
                skipped: &mut tally.skipped,
                cursor: &mut tally.cursor,
                reported: Some(&mut self.reported),
            },
            marks: Marks {
                marks: &mut *self.marks.marks,
                counts: &mut *self.marks.counts,
            },
            opened: &mut tally.opened,
            room,
        })
    }
}

impl Marks<'_> {
    /// Gives `cell` the mark `mark`, as applying its event would.
    #[inline(always)]
    pub fn paint(&mut self, cell: Cell, mark: Mark) {
        let old = std::mem::replace(&mut self.marks[cell as usize], mark);
        self.counts[old as usize] -= 1;
        self.counts[mark as usize] += 1;
    }
}

/// A seek's painted replay lent to a fast path on a plain square: the wall
/// bits and the tally (`square`), the picture's marks, and how many events
/// an animated run could still make before the replay's limit, which the
/// fast path must not pass.
pub struct FastPaint<'t> {
    /// The wall bits and the tally, as an instant build's fast path has them.
    pub square: FastSquare<'t>,
    /// The picture's marks and their counts.
    pub marks: Marks<'t>,
    /// The walls the replay opened less those it closed
    /// (`Counts::opened`): a fast path adds what it changes in the bits.
    pub opened: &'t mut i64,
    /// Events left before the limit when it was lent.
    pub room: u64,
}

/// A plain square's wall bits lent to a fast path (`shape::EAST_OPEN` and
/// `SOUTH_OPEN` by cell), and the tally it must report to: what it wrote
/// and what an animated run would have shown.
pub struct FastSquare<'t> {
    /// The wall bits, one byte a cell.
    pub bits: &'t mut [u8],
    /// The square's width in cells.
    pub width: u32,
    written: &'t mut u64,
    skipped: &'t mut u64,
    cursor: &'t mut Option<Cell>,
    /// Set as it reports, when lent by a seek's painted replay (`Paint`).
    reported: Option<&'t mut bool>,
}

impl FastSquare<'_> {
    /// Moves the cursor as `Record::cursor` does (counted if it moved).
    #[inline(always)]
    pub fn cursor(&mut self, cell: Cell) {
        *self.skipped += u64::from(*self.cursor != Some(cell));
        *self.cursor = Some(cell);
    }

    /// After writing the bits directly: `walls` walls changed and
    /// `visuals` visual events an animated run would have made, ending
    /// with the cursor on `cursor` (where it was, if `None`).
    #[inline(always)]
    pub fn counted(&mut self, walls: u64, visuals: u64, cursor: Option<Cell>) {
        if let Some(reported) = self.reported.as_deref_mut() {
            *reported = true;
        }
        *self.written += walls;
        *self.skipped += visuals;
        if cursor.is_some() {
            *self.cursor = cursor;
        }
    }
}
