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
use crate::keep::{Keep, Shown};
use crate::packed::{CellBytes, SharedLists};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;

const OUT: u8 = 0;
const FRONTIER: u8 = 1;
const IN: u8 = 2;
const BUCKETS: usize = 256;

#[derive(Clone)]
pub struct TruePrim<S: Topology> {
    shape: S,
    rng: Rng,
    state: CellBytes,
    /// Queued walls as `cell * 8 + side`, bucketed by weight.
    buckets: Vec<Vec<u32>>,
    /// In a kept copy, the buckets in chunks shared with the copy kept
    /// before it: a wall is pushed at its bucket's end and taken from the
    /// lightest bucket, so late in a run, when the queue holds millions of
    /// walls, most buckets only grew since then (`pack`).
    kept_buckets: Option<SharedLists<u32>>,
    occupied: [u64; BUCKETS / 64],
    queued: usize,
    /// Walls taken that led to a cell already inside: no event, but a
    /// seek's replay takes them too (`work`).
    stale: u64,
    started: bool,
    /// The first cell (in the maze before it has a passage).
    start: Cell,
    steering: Option<Box<Steering>>,
}

impl<S: Topology> TruePrim<S> {
    pub(super) fn new(shape: S, params: &Params) -> TruePrim<S> {
        TruePrim {
            state: CellBytes::new(vec![OUT; shape.cells() as usize]),
            shape,
            rng: Rng::new(params.seed),
            buckets: vec![Vec::new(); BUCKETS],
            kept_buckets: None,
            occupied: [0; BUCKETS / 64],
            queued: 0,
            stale: 0,
            started: false,
            start: 0,
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
            self.start = start;
            out.phase(1);
            out.cursor(start);
            self.add(start, out);
            // Step 1 is done: every later call is step 2 until the end.
            out.phase(2);
            return self.queued > 0;
        }
        // Walls to cells already inside make no event; skip them here.
        let queued = self.queued;
        while let Some(wall) = self.pop_lightest() {
            let from = wall / 8;
            let to = self
                .shape
                .side(from, (wall % 8) as usize)
                .expect("queued walls are interior");
            if self.state[to as usize] == IN {
                continue;
            }
            if R::REPLAYED {
                // The walls taken before this one led inside.
                self.stale += (queued - self.queued - 1) as u64;
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
        if R::REPLAYED {
            self.stale += queued as u64;
        }
        out.phase(3);
        false
    }
}

impl<S: Topology> Keep for TruePrim<S> {
    /// Late in a run most walls taken lead inside and make no event; the
    /// last million or so are all such. Counted only where a seek may
    /// replay the run (`Record::REPLAYED`).
    fn work(&self) -> u64 {
        self.stale
    }

    fn heap_bytes(&self, earlier: Option<&Self>) -> Option<usize> {
        self.bytes_beyond(earlier)
    }

    fn packed_copy(&self, earlier: Option<&Self>) -> Self {
        self.packed_after(earlier)
    }

    fn unpack(&mut self, shown: &Shown) {
        self.state.unpack();
        if self.state.is_empty() {
            self.state = CellBytes::new(self.state_shown(shown));
        }
        if let Some(kept) = self.kept_buckets.take() {
            self.buckets = kept.expand();
        }
    }
}

impl<S: Topology> TruePrim<S> {
    /// A kept copy of a running one: its buckets in chunks sharing what
    /// they can with `earlier`'s; its state, once started, left to the
    /// picture (`state_shown`).
    fn packed_after(&self, earlier: Option<&TruePrim<S>>) -> TruePrim<S> {
        let state = if self.started {
            CellBytes::default()
        } else {
            self.state.packed_after(None)
        };
        TruePrim {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            state,
            buckets: Vec::new(),
            kept_buckets: Some(SharedLists::new(
                &self.buckets,
                earlier.and_then(|e| e.kept_buckets.as_ref()),
            )),
            occupied: self.occupied,
            queued: self.queued,
            stale: self.stale,
            started: self.started,
            start: self.start,
            steering: self.steering.clone(),
        }
    }

    /// Each cell's state as the picture shows it: in the maze, a cell
    /// with a passage (and the first); on the frontier, a cell outside
    /// beside one in the maze, since adding a cell puts every neighbour
    /// outside on the frontier.
    fn state_shown(&self, shown: &Shown) -> Vec<u8> {
        let mut state = super::in_maze_shown(shown, self.start, IN);
        if let Some(dims) = shown.grid.square() {
            frontier_square(&mut state, dims.width as usize);
            return state;
        }
        for cell in 0..self.shape.cells() {
            if state[cell as usize] != IN {
                continue;
            }
            self.shape.for_each_side(cell, |_, side| {
                if let Some(n) = side {
                    if state[n as usize] == OUT {
                        state[n as usize] = FRONTIER;
                    }
                }
            });
        }
        state
    }

    /// The bytes it holds that `earlier` does not also hold; a steered
    /// run keeps a field of its own, counted at the most (`None`).
    fn bytes_beyond(&self, earlier: Option<&TruePrim<S>>) -> Option<usize> {
        self.steering.is_none().then(|| {
            self.state.bytes_beyond(earlier.map(|e| &e.state))
                + super::bucket_queue_bytes_beyond(
                    &self.buckets,
                    self.kept_buckets.as_ref(),
                    earlier.and_then(|e| e.kept_buckets.as_ref()),
                )
        })
    }
}

/// `state_shown`'s frontier on a plain square, a row at a time (marked
/// fast path; the resumed runs of `tests/state_bytes.rs` hold it equal to
/// the general pass on hexagons and rings): a cell outside beside one
/// inside, to its west, east, north or south.
fn frontier_square(state: &mut [u8], width: usize) {
    let cells = state.len();
    for start in (0..cells).step_by(width) {
        for x in 0..width {
            let c = start + x;
            // The four tests joined by `|`, not `||`, so that they need
            // no branch each. Only a cell outside changes, and only to the
            // frontier, which no neighbour's test reads as inside.
            let beside = (x > 0 && state[c - 1] == IN)
                | (x + 1 < width && state[c + 1] == IN)
                | (start >= width && state[c - width] == IN)
                | (c + width < cells && state[c + width] == IN);
            if state[c] == OUT && beside {
                state[c] = FRONTIER;
            }
        }
    }
}
