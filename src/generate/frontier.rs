//! The growing tree's frontier: a deque that can also pop its middle in O(1).
//!
//! A single `VecDeque` would make `middle` cost O(n) a pop and the whole
//! generation quadratic. Split into two deques at the middle, every pop is
//! O(1): the elements are `left ++ right`, with `right` holding the extra
//! one, so the element at index `len / 2` is always `right.front()`. Keeping
//! the halves balanced costs a move per push or pop, so a frontier that will
//! never pop its middle stays a single deque.

use super::pop::Pop;
use crate::grid::Cell;
use crate::rng::Rng;
use std::collections::VecDeque;

#[derive(Clone, Debug)]
enum Store {
    /// Push, pop newest and swap-remove are O(1): enough for `newest` and
    /// `random`, and the cheapest of the three.
    Stack(Vec<Cell>),
    /// Every operation but `pop_middle` is O(1).
    One(VecDeque<Cell>),
    /// Every operation is O(1); the cells are `left ++ right`.
    Split {
        left: VecDeque<Cell>,
        right: VecDeque<Cell>,
    },
}

/// An ordered list of cells supporting push at the back and pop at the back,
/// front, middle or a given index (by swapping with the back).
#[derive(Clone, Debug)]
pub struct Frontier {
    store: Store,
}

impl Default for Frontier {
    fn default() -> Self {
        Frontier::new()
    }
}

impl Frontier {
    /// Takes the next cell by a pop strategy (the growing tree's step 1).
    /// `newest` only looks: Norvig pops the cell and pushes it straight
    /// back, which leaves it where it was.
    #[inline]
    pub fn take(&mut self, pop: Pop, rng: &mut Rng) -> Option<Cell> {
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

    /// A frontier with O(1) middle pops.
    pub fn new() -> Frontier {
        Frontier::with_middle(true)
    }

    /// A frontier that pops its middle in O(1) if `middle`, else in O(n).
    pub fn with_middle(middle: bool) -> Frontier {
        Frontier::for_pops(true, middle)
    }

    /// The cheapest frontier that does `oldest` and `middle` pops in O(1)
    /// where asked to (the others are always O(1)).
    pub fn for_pops(oldest: bool, middle: bool) -> Frontier {
        let store = if middle {
            Store::Split {
                left: VecDeque::new(),
                right: VecDeque::new(),
            }
        } else if oldest {
            Store::One(VecDeque::new())
        } else {
            Store::Stack(Vec::new())
        };
        Frontier { store }
    }

    #[inline]
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Stack(all) => all.len(),
            Store::One(all) => all.len(),
            Store::Split { left, right } => left.len() + right.len(),
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Restores `right.len() ∈ {left.len(), left.len() + 1}`; one move at most
    /// after any single push or pop.
    #[inline]
    fn rebalance(left: &mut VecDeque<Cell>, right: &mut VecDeque<Cell>) {
        if right.len() > left.len() + 1 {
            if let Some(moved) = right.pop_front() {
                left.push_back(moved);
            }
        } else if left.len() > right.len() {
            if let Some(moved) = left.pop_back() {
                right.push_front(moved);
            }
        }
    }

    /// Appends a cell at the back (the newest end).
    #[inline]
    pub fn push(&mut self, cell: Cell) {
        match &mut self.store {
            Store::Stack(all) => all.push(cell),
            Store::One(all) => all.push_back(cell),
            Store::Split { left, right } => {
                right.push_back(cell);
                Self::rebalance(left, right);
            }
        }
    }

    /// Removes the most recently pushed cell.
    #[inline]
    pub fn pop_newest(&mut self) -> Option<Cell> {
        match &mut self.store {
            Store::Stack(all) => all.pop(),
            Store::One(all) => all.pop_back(),
            Store::Split { left, right } => {
                let cell = right.pop_back()?;
                Self::rebalance(left, right);
                Some(cell)
            }
        }
    }

    /// The most recently pushed cell, left in place.
    #[inline]
    pub fn peek_newest(&self) -> Option<Cell> {
        match &self.store {
            Store::Stack(all) => all.last().copied(),
            Store::One(all) => all.back().copied(),
            Store::Split { left, right } => right.back().or(left.back()).copied(),
        }
    }

    /// Removes the least recently pushed cell.
    #[inline]
    pub fn pop_oldest(&mut self) -> Option<Cell> {
        match &mut self.store {
            Store::Stack(all) => (!all.is_empty()).then(|| all.remove(0)),
            Store::One(all) => all.pop_front(),
            Store::Split { left, right } => {
                let cell = match left.pop_front() {
                    Some(cell) => cell,
                    None => right.pop_front()?,
                };
                Self::rebalance(left, right);
                Some(cell)
            }
        }
    }

    /// Removes the cell at index `len / 2`.
    #[inline]
    pub fn pop_middle(&mut self) -> Option<Cell> {
        match &mut self.store {
            Store::Stack(all) => (!all.is_empty()).then(|| all.remove(all.len() / 2)),
            Store::One(all) => all.remove(all.len() / 2),
            Store::Split { left, right } => {
                let cell = right.pop_front()?;
                Self::rebalance(left, right);
                Some(cell)
            }
        }
    }

    /// Removes the cell at `index` by moving the newest cell into its place.
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> Option<Cell> {
        match &mut self.store {
            Store::Stack(all) => (index < all.len()).then(|| all.swap_remove(index)),
            Store::One(all) => all.swap_remove_back(index),
            Store::Split { left, right } => {
                if index >= left.len() + right.len() {
                    return None;
                }
                let last = right.pop_back()?;
                let removed = if index == left.len() + right.len() {
                    last
                } else if index < left.len() {
                    std::mem::replace(&mut left[index], last)
                } else {
                    let i = index - left.len();
                    std::mem::replace(&mut right[i], last)
                };
                Self::rebalance(left, right);
                Some(removed)
            }
        }
    }

    /// The cells from oldest to newest.
    pub fn iter(&self) -> Box<dyn Iterator<Item = Cell> + '_> {
        match &self.store {
            Store::Stack(all) => Box::new(all.iter().copied()),
            Store::One(all) => Box::new(all.iter().copied()),
            Store::Split { left, right } => Box::new(left.iter().chain(right.iter()).copied()),
        }
    }
}
