//! The event vocabulary every generator and solver speaks.
//!
//! An event is one real change: a wall removed or built, a cell's mark
//! changed, or the cursor moved. Replaying the events in order on the
//! algorithm's initial grid rebuilds its maze exactly, so the animation, the
//! instant finish, the renderers and the tests all read the same stream.

use crate::grid::Grid;
use crate::shape::Cell;

/// What a cell is to the algorithm at work. Generators start every cell
/// `Blank`; the renderer colours the marks and ignores them once `Done`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Mark {
    /// Nothing in particular: drawn as carved or solid by its walls.
    Blank = 0,
    /// In the working set: frontier, stack, queue, or the current run.
    Frontier = 1,
    /// On a random walk that is not yet part of the maze (Wilson).
    Walk = 2,
    /// Looked at by a solver.
    Explored = 3,
    /// On a solver's current or final path.
    Path = 4,
    /// Ruled out: a filled dead end or a backtracked cell.
    Dead = 5,
}

/// One change made by an algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The wall between two adjacent cells was removed.
    Carve(Cell, Cell),
    /// The wall between two adjacent cells was built.
    Build(Cell, Cell),
    /// A cell's mark changed to the given one.
    Mark(Cell, Mark),
    /// The algorithm's attention moved to this cell.
    Cursor(Cell),
    /// The algorithm moved on to this numbered step of the list in its
    /// file's `//!` header (1 is the first); [`BRAID_PHASE`] added marks a
    /// step of the braiding pass's own list. The page lights the step up.
    Phase(u8),
    /// The algorithm finished; working marks and the cursor no longer matter.
    Done,
}

/// Added to a step number of the braiding pass (`Phase(BRAID_PHASE + k)`),
/// which runs after the generator and has a list of its own.
pub const BRAID_PHASE: u8 = 0x80;

impl Event {
    /// Whether the event changes walls (never skipped, even in instant mode).
    #[inline]
    pub fn is_structural(&self) -> bool {
        matches!(self, Event::Carve(..) | Event::Build(..))
    }
}

/// Events act on a maze; the maze's storage knows nothing of them.
impl Grid {
    /// Applies a carving or building event; returns whether the grid changed.
    /// Visual events leave the grid alone and return `false`.
    #[inline]
    pub fn apply(&mut self, event: &Event) -> bool {
        match *event {
            Event::Carve(a, b) => self.set_open(a, b, true),
            Event::Build(a, b) => self.set_open(a, b, false),
            _ => false,
        }
    }
}

/// The buffer an algorithm writes one step's events into. With `visuals`
/// off it drops marks, cursor moves and phases, which is what "instant"
/// mode skips, but still counts them (`skipped`), so a step number means
/// the same picture in every mode.
#[derive(Clone, Debug)]
pub struct Emit {
    events: Vec<Event>,
    visuals: bool,
    cursor: Option<Cell>,
    phase: u8,
    /// Visual events dropped (visuals off) and not yet taken.
    skipped: u64,
    /// In an instant build, the maze itself: carving and building go
    /// straight into it instead of the buffer (no event is stored, handed
    /// out and applied), and `written` counts them.
    sink: Option<crate::grid::Grid>,
    written: u64,
}

impl Emit {
    /// An empty buffer; `visuals` decides whether marks and cursor are kept.
    pub fn new(visuals: bool) -> Emit {
        Emit {
            events: Vec::with_capacity(64),
            visuals,
            cursor: None,
            phase: 0,
            skipped: 0,
            sink: None,
            written: 0,
        }
    }

    #[inline]
    pub fn carve(&mut self, a: Cell, b: Cell) {
        match &mut self.sink {
            Some(grid) => {
                grid.set_open(a, b, true);
                self.written += 1;
            }
            None => self.events.push(Event::Carve(a, b)),
        }
    }

    #[inline]
    pub fn build(&mut self, a: Cell, b: Cell) {
        match &mut self.sink {
            Some(grid) => {
                grid.set_open(a, b, false);
                self.written += 1;
            }
            None => self.events.push(Event::Build(a, b)),
        }
    }

    /// Whether carving and building go straight into a maze.
    #[inline]
    pub(crate) fn has_sink(&self) -> bool {
        self.sink.is_some()
    }

    /// Sends carving and building straight into `grid` (visuals must be
    /// off: nothing else is written while it is there).
    pub(crate) fn start_sink(&mut self, grid: crate::grid::Grid) {
        debug_assert!(!self.visuals, "a sink takes no visual events");
        self.sink = Some(grid);
        self.written = 0;
    }

    /// The maze back from the sink, and how many changes went into it.
    pub(crate) fn end_sink(&mut self) -> Option<(crate::grid::Grid, u64)> {
        self.sink.take().map(|grid| (grid, self.written))
    }

    /// Whether marks and cursor moves are kept.
    pub(crate) fn visuals(&self) -> bool {
        self.visuals
    }

    /// Records a mark change; the caller guarantees the mark differs from the
    /// cell's current one.
    #[inline(always)]
    pub fn mark(&mut self, cell: Cell, mark: Mark) {
        if self.visuals {
            self.events.push(Event::Mark(cell, mark));
        }
        self.skipped += u64::from(!self.visuals);
    }

    /// Moves the cursor; a move to where it already is records nothing.
    #[inline(always)]
    pub fn cursor(&mut self, cell: Cell) {
        // Branch-free unless visuals are on: random walks move the cursor
        // on every step, and an instant build only counts the moves.
        let changed = self.cursor != Some(cell);
        self.cursor = Some(cell);
        if changed & self.visuals {
            self.events.push(Event::Cursor(cell));
        }
        self.skipped += u64::from(changed & !self.visuals);
    }

    /// Says the algorithm is now at step `k` of its listed steps; saying
    /// the step it is already at records nothing.
    #[inline(always)]
    pub fn phase(&mut self, k: u8) {
        // Branch-free when nothing changes or visuals are off: algorithms
        // say their step inside their hottest loops, and an instant build
        // only counts.
        let changed = self.phase != k;
        self.phase = k;
        if changed & self.visuals {
            self.events.push(Event::Phase(k));
        }
        self.skipped += u64::from(changed & !self.visuals);
    }

    /// An instant build's cursor moves counted by the algorithm itself
    /// (each to a cell other than the one before), ending at `cell`.
    #[inline]
    pub(crate) fn quiet_cursor(&mut self, cell: Cell, moves: u64) {
        if moves > 0 && !self.visuals {
            self.cursor = Some(cell);
            self.skipped += moves;
        }
    }

    /// Visual events an instant build counted itself (nothing with
    /// visuals on: those were recorded one by one).
    #[inline]
    pub(crate) fn quiet_add(&mut self, n: u64) {
        self.skipped += n * u64::from(!self.visuals);
    }

    /// Says step `k` if no step has been said yet in this run: the first
    /// call of an algorithm that sets up in its constructor.
    #[inline]
    pub fn begin(&mut self, k: u8) {
        if self.phase == 0 {
            self.phase(k);
        }
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

/// What an algorithm writes its changes to: the event buffer itself, or,
/// in an instant build's own loop, a [`Tally`] that carves into the maze
/// and only counts the visual events. An algorithm written once against
/// this runs both ways (see `stream::run_quietly`).
pub trait Record {
    fn carve(&mut self, a: Cell, b: Cell);
    fn build(&mut self, a: Cell, b: Cell);
    fn mark(&mut self, cell: Cell, mark: Mark);
    fn cursor(&mut self, cell: Cell);
    fn phase(&mut self, k: u8);

    /// A plain square's wall bits (`shape::EAST_OPEN` and `SOUTH_OPEN` by
    /// cell) and width, when this record writes them directly: a row
    /// algorithm's loop of its own may then set bits itself and report
    /// what it did with [`Record::account`]. `None` for the event buffer.
    #[inline(always)]
    fn square_bits(&mut self) -> Option<(&mut [u8], u32)> {
        None
    }

    /// After writing through `square_bits`: `written` walls changed and
    /// `skipped` visual events an animated run would have made, ending
    /// with the cursor on `cursor` (where it was, if `None`).
    #[inline(always)]
    fn account(&mut self, written: u64, skipped: u64, cursor: Option<Cell>) {
        let _ = (written, skipped, cursor);
        unreachable!("only a record with square bits takes an account");
    }
}

impl Record for Emit {
    #[inline(always)]
    fn carve(&mut self, a: Cell, b: Cell) {
        Emit::carve(self, a, b);
    }
    #[inline(always)]
    fn build(&mut self, a: Cell, b: Cell) {
        Emit::build(self, a, b);
    }
    #[inline(always)]
    fn mark(&mut self, cell: Cell, mark: Mark) {
        Emit::mark(self, cell, mark);
    }
    #[inline(always)]
    fn cursor(&mut self, cell: Cell) {
        Emit::cursor(self, cell);
    }
    #[inline(always)]
    fn phase(&mut self, k: u8) {
        Emit::phase(self, k);
    }
}

/// An instant build's visual events counted in locals: the same cursor and
/// phase rules as `Emit` (a move to where the cursor is, or a phase
/// already said, is no event), handed back to the buffer by `finish`.
/// Counting each through the buffer cost a fifth to a third of a build.
pub struct Tally<'a> {
    out: &'a mut Emit,
    /// The buffer's maze, held here while counting, so that the hot loops
    /// write it through locals rather than through the buffer.
    grid: crate::grid::Grid,
    /// A plain square's wall bits, out of `grid` while counting, and its
    /// width (0 for every other shape): a carve is then two compares and
    /// an OR. Through the maze's general `set_open` it cost a sixth of
    /// sidewinder's build.
    bits: Vec<u8>,
    width: u32,
    written: u64,
    cursor: Option<Cell>,
    phase: u8,
    skipped: u64,
}

impl<'a> Tally<'a> {
    /// Starts counting where the buffer is; the buffer must be building
    /// into a maze (`stream::step_either` makes a tally only then).
    #[inline]
    pub fn new(out: &'a mut Emit) -> Tally<'a> {
        debug_assert!(!out.visuals, "a tally is for instant builds");
        let mut grid = out.sink.take().expect("a tally builds into a maze");
        let (width, bits) = grid.take_square_bits().unwrap_or_default();
        Tally {
            cursor: out.cursor,
            phase: out.phase,
            skipped: 0,
            grid,
            bits,
            width,
            written: 0,
            out,
        }
    }

    /// Hands the maze, count, cursor and phase back to the buffer.
    #[inline]
    pub fn finish(self) {
        let Tally {
            out,
            mut grid,
            bits,
            width,
            written,
            cursor,
            phase,
            skipped,
        } = self;
        if width != 0 {
            grid.put_square_bits(bits);
        }
        out.cursor = cursor;
        out.phase = phase;
        out.skipped += skipped;
        out.written += written;
        out.sink = Some(grid);
    }

    /// Opens or closes a wall: on a plain square in the bits directly,
    /// otherwise through the maze.
    #[inline(always)]
    fn set(&mut self, a: Cell, b: Cell, open: bool) {
        self.written += 1;
        if self.width == 0 {
            self.grid.set_open(a, b, open);
            return;
        }
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        match crate::shape::square_wall_bit(self.width, lo, hi) {
            Some(bit) => {
                let slot = &mut self.bits[lo as usize];
                *slot = if open { *slot | bit } else { *slot & !bit };
            }
            None => set_elsewhere(&mut self.grid, &mut self.bits, a, b, open),
        }
    }
}

/// A woven square's tunnel (two cells apart) in a [`Tally`]: through the
/// maze, which knows tunnels, with the bits lent back for the call. It takes
/// the two fields, not the tally, so that the rest stays in registers.
#[cold]
#[inline(never)]
fn set_elsewhere(grid: &mut crate::grid::Grid, bits: &mut Vec<u8>, a: Cell, b: Cell, open: bool) {
    grid.put_square_bits(std::mem::take(bits));
    grid.set_open(a, b, open);
    *bits = grid.take_square_bits().expect("still a square").1;
}

impl Record for Tally<'_> {
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
    #[inline(always)]
    fn square_bits(&mut self) -> Option<(&mut [u8], u32)> {
        (self.width != 0).then_some((&mut self.bits[..], self.width))
    }
    #[inline(always)]
    fn account(&mut self, written: u64, skipped: u64, cursor: Option<Cell>) {
        self.written += written;
        self.skipped += skipped;
        if cursor.is_some() {
            self.cursor = cursor;
        }
    }
}
