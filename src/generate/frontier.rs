//! The growing tree's frontier: an ordered list of cells that pushes at the
//! back and pops at the back, front, middle or a given index.
//!
//! Three stores, each the cheapest for some pops:
//! - a `Vec` (`Stack`): push, pop newest and swap-remove are O(1), enough
//!   for `newest` and `random`;
//! - a `VecDeque` (`Queue`): every operation but popping the middle is O(1);
//! - [`Halves`]: every operation is O(1), popping the middle included. A
//!   single deque would make `middle` cost O(n) a pop and the whole
//!   generation quadratic; split in two at the middle, the elements are
//!   `left ++ right` with `right` holding the extra one, so the element at
//!   index `len / 2` is always `right.front()`. Keeping the halves balanced
//!   costs a move per push or pop, so it is used only where `middle` is.
//!
//! The growing tree is generic over the store ([`FrontierStore`]), so that
//! on a plain square each pop compiles to the store's own code: through one
//! type that matched on its store at every push and pop, a breadth-first
//! build ran 1.8 times the instructions of a loop written for its queue.
//! [`Frontier`] is that one type, for the places that choose at run time
//! (other shapes, the weave).

use super::pop::Pop;
use crate::rng::Rng;
use crate::shape::Cell;
use std::collections::VecDeque;

/// A frontier's operations (see the module's header for the stores).
pub trait FrontierStore: Clone + std::fmt::Debug {
    /// How many cells the frontier holds.
    fn len(&self) -> usize;
    /// Appends a cell at the back (the newest end).
    fn push(&mut self, cell: Cell);
    /// Removes the most recently pushed cell.
    fn pop_newest(&mut self) -> Option<Cell>;
    /// The most recently pushed cell, left in place.
    fn peek_newest(&self) -> Option<Cell>;
    /// Removes the least recently pushed cell.
    fn pop_oldest(&mut self) -> Option<Cell>;
    /// Removes the cell at index `len / 2`.
    fn pop_middle(&mut self) -> Option<Cell>;
    /// Removes the cell at `index` by moving the newest cell into its place.
    fn swap_remove(&mut self, index: usize) -> Option<Cell>;
    /// The cells from oldest to newest.
    fn cells(&self) -> Vec<Cell>;

    #[inline(always)]
    /// Whether the frontier is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Takes the next cell by a pop strategy (the growing tree's step 1).
    /// `newest` only looks: Norvig pops the cell and pushes it straight
    /// back, which leaves it where it was.
    #[inline(always)]
    fn take(&mut self, pop: Pop, rng: &mut Rng) -> Option<Cell> {
        match pop {
            Pop::Newest => self.peek_newest(),
            Pop::Oldest => self.pop_oldest(),
            Pop::Middle => self.pop_middle(),
            Pop::Random => {
                if self.is_empty() {
                    return None;
                }
                let i = rng.below(self.len() as u32);
                self.swap_remove(i as usize)
            }
        }
    }
}

impl FrontierStore for Vec<Cell> {
    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline(always)]
    fn push(&mut self, cell: Cell) {
        Vec::push(self, cell);
    }
    #[inline(always)]
    fn pop_newest(&mut self) -> Option<Cell> {
        self.pop()
    }
    #[inline(always)]
    fn peek_newest(&self) -> Option<Cell> {
        self.last().copied()
    }
    /// O(n): a stack is chosen only where `oldest` is not used.
    fn pop_oldest(&mut self) -> Option<Cell> {
        (!Vec::is_empty(self)).then(|| self.remove(0))
    }
    /// O(n): a stack is chosen only where `middle` is not used.
    fn pop_middle(&mut self) -> Option<Cell> {
        (!Vec::is_empty(self)).then(|| self.remove(Vec::len(self) / 2))
    }
    #[inline(always)]
    fn swap_remove(&mut self, index: usize) -> Option<Cell> {
        (index < Vec::len(self)).then(|| Vec::swap_remove(self, index))
    }
    fn cells(&self) -> Vec<Cell> {
        self.clone()
    }
}

impl FrontierStore for VecDeque<Cell> {
    #[inline(always)]
    fn len(&self) -> usize {
        VecDeque::len(self)
    }
    #[inline(always)]
    fn push(&mut self, cell: Cell) {
        self.push_back(cell);
    }
    #[inline(always)]
    fn pop_newest(&mut self) -> Option<Cell> {
        self.pop_back()
    }
    #[inline(always)]
    fn peek_newest(&self) -> Option<Cell> {
        self.back().copied()
    }
    #[inline(always)]
    fn pop_oldest(&mut self) -> Option<Cell> {
        self.pop_front()
    }
    /// O(n): a queue is chosen only where `middle` is not used.
    fn pop_middle(&mut self) -> Option<Cell> {
        self.remove(VecDeque::len(self) / 2)
    }
    #[inline(always)]
    fn swap_remove(&mut self, index: usize) -> Option<Cell> {
        self.swap_remove_back(index)
    }
    fn cells(&self) -> Vec<Cell> {
        self.iter().copied().collect()
    }
}

/// A list whose middle pops in O(1): `left ++ right`, with `right` as long
/// as `left` or one longer.
#[derive(Clone, Debug, Default)]
pub struct Halves {
    left: VecDeque<Cell>,
    right: VecDeque<Cell>,
}

impl Halves {
    /// Restores `right.len() ∈ {left.len(), left.len() + 1}`; one move at
    /// most after any single push or pop.
    #[inline(always)]
    fn rebalance(&mut self) {
        if self.right.len() > self.left.len() + 1 {
            if let Some(moved) = self.right.pop_front() {
                self.left.push_back(moved);
            }
        } else if self.left.len() > self.right.len() {
            if let Some(moved) = self.left.pop_back() {
                self.right.push_front(moved);
            }
        }
    }
}

impl FrontierStore for Halves {
    #[inline(always)]
    fn len(&self) -> usize {
        self.left.len() + self.right.len()
    }
    #[inline(always)]
    fn push(&mut self, cell: Cell) {
        self.right.push_back(cell);
        self.rebalance();
    }
    #[inline(always)]
    fn pop_newest(&mut self) -> Option<Cell> {
        let cell = self.right.pop_back()?;
        self.rebalance();
        Some(cell)
    }
    #[inline(always)]
    fn peek_newest(&self) -> Option<Cell> {
        self.right.back().or(self.left.back()).copied()
    }
    #[inline(always)]
    fn pop_oldest(&mut self) -> Option<Cell> {
        let cell = match self.left.pop_front() {
            Some(cell) => cell,
            None => self.right.pop_front()?,
        };
        self.rebalance();
        Some(cell)
    }
    #[inline(always)]
    fn pop_middle(&mut self) -> Option<Cell> {
        let cell = self.right.pop_front()?;
        self.rebalance();
        Some(cell)
    }
    #[inline(always)]
    fn swap_remove(&mut self, index: usize) -> Option<Cell> {
        if index >= self.len() {
            return None;
        }
        let last = self.right.pop_back()?;
        let removed = if index == self.len() {
            last
        } else if index < self.left.len() {
            std::mem::replace(&mut self.left[index], last)
        } else {
            let i = index - self.left.len();
            std::mem::replace(&mut self.right[i], last)
        };
        self.rebalance();
        Some(removed)
    }
    fn cells(&self) -> Vec<Cell> {
        self.left.iter().chain(self.right.iter()).copied().collect()
    }
}

/// Which store a set of pops needs: the cheapest that does `oldest` and
/// `middle` in O(1) where they are used (the others always are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreKind {
    /// Newest first: a `Vec` used as a stack.
    Stack,
    /// Oldest first: a queue.
    Queue,
    /// The middle: two halves kept balanced.
    Halves,
}

impl StoreKind {
    /// The store a set of pops needs: halves if any pops the middle, else
    /// a queue if any pops the oldest, else a stack.
    pub fn for_pops(oldest: bool, middle: bool) -> StoreKind {
        if middle {
            StoreKind::Halves
        } else if oldest {
            StoreKind::Queue
        } else {
            StoreKind::Stack
        }
    }
}

/// A frontier whose store is chosen at run time.
#[derive(Clone, Debug)]
pub enum Frontier {
    /// A stack of cells.
    Stack(Vec<Cell>),
    /// A queue of cells.
    Queue(VecDeque<Cell>),
    /// Two halves, for the middle pop.
    Halves(Halves),
}

impl Default for Frontier {
    fn default() -> Self {
        Frontier::new()
    }
}

impl Frontier {
    /// A frontier with O(1) middle pops.
    pub fn new() -> Frontier {
        Frontier::for_pops(true, true)
    }

    /// The cheapest frontier that does `oldest` and `middle` pops in O(1)
    /// where asked to (the others are always O(1)).
    pub fn for_pops(oldest: bool, middle: bool) -> Frontier {
        Frontier::of_kind(StoreKind::for_pops(oldest, middle))
    }

    /// An empty frontier with the same store.
    pub fn emptied(&self) -> Frontier {
        Frontier::of_kind(match self {
            Frontier::Stack(_) => StoreKind::Stack,
            Frontier::Queue(_) => StoreKind::Queue,
            Frontier::Halves(_) => StoreKind::Halves,
        })
    }

    /// An empty frontier with this store.
    pub fn of_kind(kind: StoreKind) -> Frontier {
        match kind {
            StoreKind::Stack => Frontier::Stack(Vec::new()),
            StoreKind::Queue => Frontier::Queue(VecDeque::new()),
            StoreKind::Halves => Frontier::Halves(Halves::default()),
        }
    }
}

/// Each operation on whichever store it holds.
macro_rules! on_store {
    ($self:expr, $store:ident => $body:expr) => {
        match $self {
            Frontier::Stack($store) => $body,
            Frontier::Queue($store) => $body,
            Frontier::Halves($store) => $body,
        }
    };
}

impl FrontierStore for Frontier {
    #[inline]
    fn len(&self) -> usize {
        on_store!(self, s => FrontierStore::len(s))
    }
    #[inline]
    fn push(&mut self, cell: Cell) {
        on_store!(self, s => FrontierStore::push(s, cell))
    }
    #[inline]
    fn pop_newest(&mut self) -> Option<Cell> {
        on_store!(self, s => FrontierStore::pop_newest(s))
    }
    #[inline]
    fn peek_newest(&self) -> Option<Cell> {
        on_store!(self, s => FrontierStore::peek_newest(s))
    }
    #[inline]
    fn pop_oldest(&mut self) -> Option<Cell> {
        on_store!(self, s => FrontierStore::pop_oldest(s))
    }
    #[inline]
    fn pop_middle(&mut self) -> Option<Cell> {
        on_store!(self, s => FrontierStore::pop_middle(s))
    }
    #[inline]
    fn swap_remove(&mut self, index: usize) -> Option<Cell> {
        on_store!(self, s => FrontierStore::swap_remove(s, index))
    }
    fn cells(&self) -> Vec<Cell> {
        on_store!(self, s => FrontierStore::cells(s))
    }
}
