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

use super::{steer, Params};
use crate::bitset::BitSet;
use crate::event::Mark;
use crate::packed::Shared;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::{Cell, Topology};
use crate::stream::Stepper;

mod kept;

#[derive(Clone)]
pub struct Backtracker<S: Topology> {
    shape: S,
    rng: Rng,
    visited: BitSet,
    stack: Vec<Cell>,
    started: bool,
    /// The run and grain, if asked for (`steer.rs`).
    steering: Option<Box<steer::Steering>>,
    /// In a timeline's kept copy, the stack instead (`backtracker/kept.rs`).
    kept_stack: Option<Shared<Cell>>,
}

impl<S: Topology + 'static> Backtracker<S> {
    pub(super) fn new(shape: S, params: &Params) -> Backtracker<S> {
        Backtracker {
            visited: BitSet::new(shape.cells() as usize),
            shape,
            rng: Rng::new(params.seed),
            stack: Vec::new(),
            started: false,
            steering: steer::Steering::of(params),
            kept_stack: None,
        }
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
        let (visited, stack) = (&self.visited, &self.stack);
        let came_from = || stack.len().checked_sub(2).map(|i| stack[i]);
        let unvisited = |n| !visited.contains(n);
        let (steering, shape, rng) = (&self.steering, &self.shape, &mut self.rng);
        let Some(next) = steer::neighbor(steering, shape, top, came_from, rng, unvisited) else {
            self.stack.pop();
            out.phase(3);
            out.mark(top, Mark::Blank);
            let Some(&below) = self.stack.last() else {
                out.phase(4);
                return false;
            };
            out.cursor(below);
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
}
