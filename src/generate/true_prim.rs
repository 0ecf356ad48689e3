//! True Prim: a minimum spanning tree over random wall weights.
//!
//! 1. Add a random cell to the maze; give each wall from it to a cell outside
//!    a random weight and put it in the queue.
//! 2. Take the lightest wall from the queue. If the cell beyond it is already
//!    in the maze, drop the wall; otherwise remove the wall, add the cell,
//!    and queue its walls to cells outside.
//! 3. Repeat from 2 until the queue is empty.
//!
//! Weights are 8-bit and the queue is a bucket queue with a 256-bit occupancy
//! map, so every operation is O(1) and the run is linear (a binary heap would
//! cost O(n log n)); ties within a bucket are broken at random. Its mazes are
//! branchy with many short dead ends and a spiky, crystalline texture.

use super::steer::Steering;
use super::Params;
use crate::event::Mark;
use crate::packed::CellBytes;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::{Shown, Stepper};

const OUT: u8 = 0;
const FRONTIER: u8 = 1;
const IN: u8 = 2;
const BUCKETS: usize = 256;

#[derive(Clone)]
pub struct TruePrim<S: Topology> {
    shape: S,
    rng: Rng,
    state: CellBytes,
    /// Queued walls as `cell * 4 + direction`, bucketed by weight.
    buckets: Vec<Vec<u32>>,
    occupied: [u64; BUCKETS / 64],
    queued: usize,
    started: bool,
    steering: Option<Box<Steering>>,
}

impl<S: Topology> TruePrim<S> {
    pub(super) fn new(shape: S, params: &Params) -> TruePrim<S> {
        TruePrim {
            state: CellBytes::new(vec![OUT; shape.cells() as usize]),
            shape,
            rng: Rng::new(params.seed),
            buckets: vec![Vec::new(); BUCKETS],
            occupied: [0; BUCKETS / 64],
            queued: 0,
            started: false,
            steering: Steering::of(params),
        }
    }

    /// Adds `cell` to the maze and queues its walls.
    fn add<R: Record>(&mut self, cell: Cell, out: &mut R) {
        self.state[cell as usize] = IN;
        // A wall is queued as `cell * 8 + side`: which side, not its value,
        // is all a pick depends on, so squares keep their mazes.
        let TruePrim {
            shape,
            state,
            rng,
            buckets,
            occupied,
            queued,
            steering,
            ..
        } = self;
        shape.for_each_side(cell, |d, side| {
            let Some(n) = side else {
                return;
            };
            if state[n as usize] == IN {
                return;
            }
            if state[n as usize] == OUT {
                state[n as usize] = FRONTIER;
                out.mark(n, Mark::Frontier);
            }
            let mut weight = (rng.next_u32() & 0xff) as usize;
            if let Some(s) = steering {
                weight = s.weigh(shape, cell, n, weight as u32, 0xff) as usize;
            }
            buckets[weight].push(cell * 8 + d as u32);
            occupied[weight / 64] |= 1 << (weight % 64);
            *queued += 1;
        });
    }

    /// Removes a random wall from the lightest non-empty bucket.
    fn pop_lightest(&mut self) -> Option<u32> {
        let word = self.occupied.iter().position(|&w| w != 0)?;
        let weight = word * 64 + self.occupied[word].trailing_zeros() as usize;
        let bucket = &mut self.buckets[weight];
        let i = self.rng.below(bucket.len() as u32) as usize;
        let wall = bucket.swap_remove(i);
        if bucket.is_empty() {
            self.occupied[word] &= !(1 << (weight % 64));
        }
        self.queued -= 1;
        Some(wall)
    }
}

impl<S: Topology> Stepper for TruePrim<S> {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            let start = self.shape.random_cell(&mut self.rng);
            out.phase(1);
            out.cursor(start);
            self.add(start, out);
            // Step 1 is done: every later call is step 2 until the end.
            out.phase(2);
            return self.queued > 0;
        }
        // Walls to cells already inside make no event; skip them here.
        while let Some(wall) = self.pop_lightest() {
            let from = wall / 8;
            let to = self
                .shape
                .side(from, (wall % 8) as usize)
                .expect("queued walls are interior");
            if self.state[to as usize] == IN {
                continue;
            }
            out.cursor(to);
            out.carve(from, to);
            out.mark(to, Mark::Blank);
            self.add(to, out);
            if self.queued == 0 {
                out.phase(3);
            }
            return self.queued > 0;
        }
        out.phase(3);
        false
    }

    fn heap_bytes(&self) -> Option<usize> {
        // A steered run keeps a field of its own: counted at the most.
        self.steering
            .is_none()
            .then(|| self.state.heap_bytes() + super::bucket_queue_bytes(&self.buckets))
    }

    fn pack(&mut self) {
        self.state.pack();
    }

    fn unpack(&mut self, _shown: &Shown) {
        self.state.unpack();
    }
}
