//! Recursive backtracker (randomized depth-first search), without recursion.
//!
//! 1. Push a random start cell on the stack.
//! 2. Look at the top of the stack. If it has unvisited neighbours, carve into
//!    a random one and push it.
//! 3. Otherwise pop it: the walk backs up one cell.
//! 4. Repeat from 2 until the stack is empty.
//!
//! Its mazes have long, winding corridors and few dead ends (about 10% of
//! cells): the solution tends to be long. The stack is an explicit `Vec`, so
//! 4096 x 4096 works where a recursive version would overflow.
//!
//! A timeline's kept copy holds its stack in chunks shared with the copy
//! kept before (`packed::Shared`): the bottom of the stack the walk has
//! not backed into since is kept once, and every copy is made of chunks of
//! one size, so copies of different depths freed and made again leave no
//! odd-sized holes in the heap.

use super::steer::{self, Steering};
use super::Params;
use crate::bitset::BitSet;
use crate::event::Mark;
use crate::packed::Shared;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::{Shown, Stepper};

#[derive(Clone)]
pub struct Backtracker<S: Topology> {
    shape: S,
    rng: Rng,
    visited: BitSet,
    stack: Vec<Cell>,
    /// In a kept copy, the stack instead (`pack`).
    kept_stack: Option<Shared<Cell>>,
    started: bool,
    steering: Option<Box<Steering>>,
}

impl<S: Topology + 'static> Backtracker<S> {
    pub(super) fn new(shape: S, params: &Params) -> Backtracker<S> {
        Backtracker {
            visited: BitSet::new(shape.cells() as usize),
            shape,
            rng: Rng::new(params.seed),
            stack: Vec::new(),
            kept_stack: None,
            started: false,
            steering: Steering::of(params),
        }
    }

    /// A kept copy: its stack in chunks, sharing those equal to
    /// `earlier`'s.
    fn packed_after(&self, earlier: Option<&Backtracker<S>>) -> Backtracker<S> {
        let earlier = earlier.and_then(|e| e.kept_stack.as_ref());
        Backtracker {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            visited: self.visited.clone(),
            stack: Vec::new(),
            kept_stack: Some(match &self.kept_stack {
                Some(kept) => kept.clone(),
                None => Shared::new(&self.stack, earlier),
            }),
            started: self.started,
            steering: self.steering.clone(),
        }
    }

    /// The bytes it holds that `earlier` does not also hold; a steered
    /// run keeps a field of its own, counted at the most (`None`).
    fn bytes_beyond(&self, earlier: Option<&Backtracker<S>>) -> Option<usize> {
        let kept = self.kept_stack.as_ref().map_or(0, |kept| {
            let earlier = earlier.and_then(|e| e.kept_stack.as_ref());
            kept.bytes_beyond(earlier) + kept.overhead_beyond(earlier)
        });
        self.steering.is_none().then(|| {
            self.visited.heap_bytes() + self.stack.len() * std::mem::size_of::<Cell>() + kept
        })
    }
}

impl<S: Topology> Stepper for Backtracker<S> {
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            let start = self.shape.random_cell(&mut self.rng);
            self.visited.insert(start);
            self.stack.push(start);
            out.phase(1);
            out.mark(start, Mark::Frontier);
            out.cursor(start);
            return self.shape.live_cells() > 1;
        }
        let Some(&top) = self.stack.last() else {
            return false;
        };
        let visited = &self.visited;
        let stack = &self.stack;
        let came_from = || stack.len().checked_sub(2).map(|i| stack[i]);
        let Some(next) = steer::neighbor(
            &self.steering,
            &self.shape,
            top,
            came_from,
            &mut self.rng,
            |n| !visited.contains(n),
        ) else {
            self.stack.pop();
            out.phase(3);
            out.mark(top, Mark::Blank);
            match self.stack.last() {
                Some(&below) => out.cursor(below),
                None => {
                    out.phase(4);
                    return false;
                }
            }
            return true;
        };
        out.phase(2);
        out.carve(top, next);
        self.visited.insert(next);
        self.stack.push(next);
        out.mark(next, Mark::Frontier);
        out.cursor(next);
        true
    }

    fn heap_bytes(&self) -> Option<usize> {
        self.bytes_beyond(None)
    }

    fn heap_bytes_beyond(&self, earlier: &Backtracker<S>) -> Option<usize> {
        self.bytes_beyond(Some(earlier))
    }

    fn pack(&mut self) {
        if self.kept_stack.is_none() {
            *self = self.packed_copy();
        }
    }

    fn packed_copy(&self) -> Backtracker<S> {
        self.packed_after(None)
    }

    fn packed_copy_after(&self, earlier: &Backtracker<S>) -> Backtracker<S> {
        self.packed_after(Some(earlier))
    }

    fn unpack(&mut self, _shown: &Shown) {
        if let Some(kept) = self.kept_stack.take() {
            self.stack = kept.to_vec();
        }
    }
}
