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

/// A run's events, kept once and shared by whoever plays them (a replay
/// and its timeline's checkpoints): handed over without a copy.
pub type Recording = std::sync::Arc<Events>;

/// Events in order, in blocks of `Events::BLOCK`. A program's log is read
/// as it arrives and may run to millions of events: a block list grows
/// without copying what it holds, and leaves no outgrown buffers behind
/// (a doubling `Vec` copies its events at every doubling, and in the
/// browser's module the buffers it outgrew stay part of its memory, too
/// small for the next doubling to reuse).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Events {
    /// Every block but the last holds `BLOCK` events.
    blocks: Vec<Vec<Event>>,
    len: usize,
}

impl Events {
    const BLOCK_BITS: u32 = 16;
    const BLOCK: usize = 1 << Events::BLOCK_BITS;

    /// No events.
    pub fn new() -> Events {
        Events::default()
    }

    /// Adds `event` at the end.
    #[inline]
    pub fn push(&mut self, event: Event) {
        match self.blocks.last_mut() {
            Some(block) if block.len() < Events::BLOCK => block.push(event),
            last => {
                // The first block grows as a `Vec` does (a short run keeps a
                // short buffer); the later ones are made whole.
                let mut block = match last {
                    None => Vec::new(),
                    Some(_) => Vec::with_capacity(Events::BLOCK),
                };
                block.push(event);
                self.blocks.push(block);
            }
        }
        self.len += 1;
    }

    /// The event at `index`, if there is one.
    #[inline]
    pub fn get(&self, index: usize) -> Option<Event> {
        let block = self.blocks.get(index >> Events::BLOCK_BITS)?;
        block.get(index & (Events::BLOCK - 1)).copied()
    }

    /// How many events it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The events in order.
    pub fn iter(&self) -> impl Iterator<Item = Event> + '_ {
        self.blocks.iter().flatten().copied()
    }

    /// The events in order, in one `Vec`.
    pub fn to_vec(&self) -> Vec<Event> {
        self.iter().collect()
    }
}

impl FromIterator<Event> for Events {
    fn from_iter<I: IntoIterator<Item = Event>>(events: I) -> Events {
        let mut all = Events::new();
        for event in events {
            all.push(event);
        }
        all
    }
}

impl From<Vec<Event>> for Events {
    fn from(events: Vec<Event>) -> Events {
        events.into_iter().collect()
    }
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

#[cfg(test)]
mod tests {
    use super::{Event, Events, Mark};

    /// Past several blocks, the events read back in order, one at a time
    /// and all together, as a `Vec` holds them; every full block was made
    /// whole, never grown and copied.
    #[test]
    fn events_in_blocks_read_back_as_pushed() {
        let count = 3 * Events::BLOCK + 17;
        let all: Vec<Event> = (0..count as u32)
            .map(|i| match i % 3 {
                0 => Event::Carve(i, i + 1),
                1 => Event::Mark(i, Mark::Frontier),
                _ => Event::Cursor(i),
            })
            .collect();
        let mut events = Events::new();
        assert!(events.is_empty());
        for (i, &event) in all.iter().enumerate() {
            events.push(event);
            assert_eq!(events.len(), i + 1);
        }
        for i in [
            0,
            1,
            Events::BLOCK - 1,
            Events::BLOCK,
            2 * Events::BLOCK + 5,
            count - 1,
        ] {
            assert_eq!(events.get(i), Some(all[i]), "event {i}");
        }
        assert_eq!(events.get(count), None);
        assert_eq!(events.to_vec(), all);
        assert_eq!(Events::from(all.clone()), events);
        assert_eq!(events.blocks.len(), 4);
        for block in &events.blocks[..3] {
            assert_eq!(
                (block.len(), block.capacity()),
                (Events::BLOCK, Events::BLOCK)
            );
        }
    }
}
