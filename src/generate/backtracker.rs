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

use super::{Params, Step};
use crate::bitset::BitSet;
use crate::event::{Emit, Mark};
use crate::grid::Cell;
use crate::rng::Rng;
use crate::shape::Topology;

#[derive(Clone)]
pub struct Backtracker<S: Topology> {
    shape: S,
    rng: Rng,
    visited: BitSet,
    stack: Vec<Cell>,
    started: bool,
}

impl<S: Topology + 'static> Backtracker<S> {
    pub fn new(shape: S, params: &Params) -> Backtracker<S> {
        Backtracker {
            visited: BitSet::new(shape.cells() as usize),
            shape,
            rng: Rng::new(params.seed),
            stack: Vec::new(),
            started: false,
        }
    }
}

/// The backtracker on the params' shape.
pub fn boxed(params: &Params) -> Box<dyn Step> {
    super::on_shape!(params, shape => Box::new(Backtracker::new(shape, params)))
}

/// Moves an instant build makes per call of its own loop.
const QUIET_BATCH: u32 = 1 << 12;

impl<S: Topology> Backtracker<S> {
    /// The rest of an instant build, the same draws and carvings as
    /// `step_one`, with the marks, cursor moves and phases counted in
    /// locals (handed over at the end) rather than through `out` one by
    /// one, which cost a fifth of the build (31-35 to 41-44 ns a cell at
    /// 500 x 500).
    ///
    /// It goes `QUIET_BATCH` moves a call: a browser runs a function in
    /// its baseline compiler until it has been called often enough to be
    /// optimised, so one call for the whole maze stayed slow (a 1000 x
    /// 1000 build took 125 ms of generating in Chromium against 57-85).
    #[inline(never)]
    fn quiet_run(&mut self, out: &mut Emit) -> bool {
        let (mut cursor, mut phase) = out.quiet_state();
        let mut skipped = 0u64;
        // A phase change counts when it names another step.
        let say = |k: u8, phase: &mut u8| -> u64 {
            let changed = u64::from(*phase != k);
            *phase = k;
            changed
        };
        for _ in 0..QUIET_BATCH {
            let Some(&top) = self.stack.last() else {
                break;
            };
            let visited = &self.visited;
            match self
                .shape
                .random_neighbor(top, &mut self.rng, |n| !visited.contains(n))
            {
                Some(next) => {
                    skipped += say(2, &mut phase);
                    out.carve(top, next);
                    self.visited.insert(next);
                    self.stack.push(next);
                    // Its mark, and the cursor's move to it.
                    skipped += 1 + u64::from(cursor != Some(next));
                    cursor = Some(next);
                }
                None => {
                    self.stack.pop();
                    skipped += say(3, &mut phase);
                    skipped += 1;
                    match self.stack.last() {
                        Some(&below) => {
                            skipped += u64::from(cursor != Some(below));
                            cursor = Some(below);
                        }
                        None => skipped += say(4, &mut phase),
                    }
                }
            }
        }
        out.quiet_flush(cursor, phase, skipped);
        !self.stack.is_empty()
    }
}

impl<S: Topology> Step for Backtracker<S> {
    fn step(&mut self, out: &mut Emit) -> bool {
        if !out.visuals() {
            if !self.started && !self.step_one(out) {
                return false;
            }
            while self.quiet_run(out) {}
            return false;
        }
        crate::stream::step_batch(self, out)
    }

    fn step_one(&mut self, out: &mut Emit) -> bool {
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
        let Some(next) = self
            .shape
            .random_neighbor(top, &mut self.rng, |n| !visited.contains(n))
        else {
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
}
