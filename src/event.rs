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

impl Mark {
    /// Every mark, each at its own number (`mark as usize`): a mark from
    /// its number, as a program's log and a timeline's snapshot store it.
    pub const ALL: [Mark; 6] = [
        Mark::Blank,
        Mark::Frontier,
        Mark::Walk,
        Mark::Explored,
        Mark::Path,
        Mark::Dead,
    ];
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
    /// step of the braiding pass's own list, [`SPARSE_PHASE`] added one of
    /// the sparseness pass's. The page lights the step up.
    Phase(u8),
    /// The algorithm finished; working marks and the cursor no longer matter.
    Done,
}

/// Added to a step number of the braiding pass (`Phase(BRAID_PHASE + k)`),
/// which runs after the generator and has a list of its own.
pub const BRAID_PHASE: u8 = 0x80;

/// Added to a step number of the sparseness pass (`Phase(SPARSE_PHASE + k)`),
/// which runs after the generator (and braiding) with a list of its own.
pub const SPARSE_PHASE: u8 = 0xC0;

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
