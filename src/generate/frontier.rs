//! The growing tree's frontier: a deque that also pops its middle in O(1).
//!
//! A single `VecDeque` would make `middle` cost O(n) a pop and the whole
//! generation quadratic. Two deques split at the middle keep every pop O(1):
//! the elements are `left ++ right`, with `right` holding the extra one, so
//! the element at index `len / 2` is always `right.front()`.

use crate::grid::Cell;
use std::collections::VecDeque;

/// An ordered list of cells supporting O(1) push at the back and pop at the
/// back, front, middle or a given index (by swapping with the back).
#[derive(Clone, Debug, Default)]
pub struct Frontier {
    left: VecDeque<Cell>,
    right: VecDeque<Cell>,
}

impl Frontier {
    pub fn new() -> Frontier {
        Frontier::default()
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.left.len() + self.right.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.right.is_empty()
    }

    /// Restores `right.len() ∈ {left.len(), left.len() + 1}`; one move at most
    /// after any single push or pop.
    #[inline]
    fn rebalance(&mut self) {
        if self.right.len() > self.left.len() + 1 {
            let moved = self.right.pop_front().expect("right is longer than left");
            self.left.push_back(moved);
        } else if self.left.len() > self.right.len() {
            let moved = self.left.pop_back().expect("left is longer than right");
            self.right.push_front(moved);
        }
    }

    /// Appends a cell at the back (the newest end).
    #[inline]
    pub fn push(&mut self, cell: Cell) {
        self.right.push_back(cell);
        self.rebalance();
    }

    /// Removes the most recently pushed cell.
    #[inline]
    pub fn pop_newest(&mut self) -> Option<Cell> {
        let cell = self.right.pop_back()?;
        self.rebalance();
        Some(cell)
    }

    /// Removes the least recently pushed cell.
    #[inline]
    pub fn pop_oldest(&mut self) -> Option<Cell> {
        let cell = match self.left.pop_front() {
            Some(cell) => cell,
            None => self.right.pop_front()?,
        };
        self.rebalance();
        Some(cell)
    }

    /// Removes the cell at index `len / 2`.
    #[inline]
    pub fn pop_middle(&mut self) -> Option<Cell> {
        let cell = self.right.pop_front()?;
        self.rebalance();
        Some(cell)
    }

    /// Removes the cell at `index` by swapping the newest cell into its place.
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> Option<Cell> {
        if index >= self.len() {
            return None;
        }
        let last = self
            .right
            .pop_back()
            .expect("a non-empty frontier has a right half");
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

    /// The cells from oldest to newest.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.left.iter().chain(self.right.iter()).copied()
    }
}
