//! Simplified Prim: grow the maze from a random frontier cell each time.
//!
//! 1. Add a random cell to the maze and its neighbours to the frontier.
//! 2. Take a random frontier cell and link it to a random neighbour already in
//!    the maze; add its neighbours that are neither in the maze nor on the
//!    frontier to the frontier.
//! 3. Repeat from 2 until the frontier is empty.
//!
//! Its mazes radiate from the start with many short dead ends (about 35% of
//! cells) and short corridors: easy to solve by eye. On screen the frontier is
//! a ragged ring growing outward.

use super::steer::Steering;
use super::{Params, Step};
use crate::event::Mark;
use crate::keep::{Keep, Shown};
use crate::packed::CellBytes;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;

const OUT: u8 = 0;
const FRONTIER: u8 = 1;
const IN: u8 = 2;

#[derive(Clone)]
pub struct Prim<S: Topology> {
    shape: S,
    rng: Rng,
    /// `OUT`, `FRONTIER` or `IN` per cell.
    state: CellBytes,
    frontier: Vec<Cell>,
    started: bool,
    steering: Option<Box<Steering>>,
}

/// Prim on the params' shape.
pub fn boxed(params: &Params) -> Box<dyn Step> {
    super::on_shape!(params, shape => Box::new(Prim {
        state: CellBytes::new(vec![OUT; shape.cells() as usize]),
        shape,
        rng: Rng::new(params.seed),
        frontier: Vec::new(),
        started: false,
        steering: Steering::of(params),
    }))
}

impl<S: Topology> Prim<S> {
    #[inline(always)]
    fn add<R: Record>(&mut self, cell: Cell, out: &mut R) {
        self.state[cell as usize] = IN;
        for &n in self.shape.neighbors(cell).as_slice() {
            if self.state[n as usize] == OUT {
                self.state[n as usize] = FRONTIER;
                self.frontier.push(n);
                out.mark(n, Mark::Frontier);
            }
        }
    }
}

impl<S: Topology> Stepper for Prim<S> {
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            let start = self.shape.random_cell(&mut self.rng);
            out.phase(1);
            out.cursor(start);
            self.add(start, out);
            return !self.frontier.is_empty();
        }
        if self.frontier.is_empty() {
            out.phase(3);
            return false;
        }
        let i = self.rng.below(self.frontier.len() as u32) as usize;
        let cell = self.frontier.swap_remove(i);
        let state = &self.state;
        let wanted = |n: Cell| state[n as usize] == IN;
        let link = match &mut self.steering {
            None => self.shape.random_neighbor(cell, &mut self.rng, wanted),
            Some(s) => {
                let link = s
                    .pick_into(&self.shape, cell, &mut self.rng, wanted)
                    .expect("a frontier cell touches the maze");
                // A link against the grain is put off: the cell goes back
                // on the frontier, for a cell along the grain to take first.
                if s.defer(&self.shape, link, cell, &mut self.rng) {
                    self.frontier.push(cell);
                    return true;
                }
                s.carved(link, cell);
                Some(link)
            }
        }
        .expect("a frontier cell touches the maze");
        out.phase(2);
        out.cursor(cell);
        out.carve(link, cell);
        out.mark(cell, Mark::Blank);
        self.add(cell, out);
        if self.frontier.is_empty() {
            out.phase(3);
        }
        !self.frontier.is_empty()
    }
}

impl<S: Topology> Keep for Prim<S> {
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        // A steered run keeps a field of its own: counted at the most.
        self.steering
            .is_none()
            .then(|| self.state.heap_bytes() + self.frontier.len() * std::mem::size_of::<Cell>())
    }

    /// Its byte a cell of in / out / frontier, in two bits.
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        let mut copy = self.clone();
        copy.state.pack();
        copy
    }

    fn unpack(&mut self, _shown: &Shown) {
        self.state.unpack();
    }
}
