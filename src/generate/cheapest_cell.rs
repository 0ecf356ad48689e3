//! Cheapest cell: Prim's algorithm over random cell costs, as Jamis Buck
//! writes his "true Prim's" (Mazes for Programmers): every cell gets a
//! random cost, and the cheapest cell of the growing tree's edge grows next.
//!
//! 1. Give every cell a random cost; put a random cell in the maze and in
//!    the active set.
//! 2. Take the cheapest active cell. If it has neighbours outside the
//!    maze, link it to the cheapest of them and make that one active too.
//! 3. Otherwise it is done: take it out of the active set.
//! 4. Repeat from 2 until the active set is empty.
//!
//! Costs are 8-bit and the active set a bucket queue with a 256-bit
//! occupancy map, so each step is O(1) and the run linear; ties within a
//! bucket go to the cell that joined it last. Where `true-prim` weighs
//! walls, this weighs cells, and its mazes differ: a cheap cell stays
//! cheapest until every neighbour is taken, so it sprouts in all
//! directions and each sprout stops at once. The maze is a thicket of
//! one-cell stubs: about 45% dead ends on a 40 x 40 square (true-prim
//! about 30%, Prim 35%), a mean corridor of 1.3 moves.
//!
//! With a grain (`steer.rs`), step 2 weighs a neighbour across the grain
//! more, and a link across it is put off: the cell moves to a dearer
//! bucket (halfway to the dearest), so cells beside that neighbour can
//! claim it along the grain first.

use super::Params;
use crate::event::Mark;
use crate::keep::{Keep, Shown};
use crate::packed::{CellBytes, SharedLists};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;
use std::sync::Arc;

const BUCKETS: usize = 256;

#[derive(Clone)]
pub struct CheapestCell<S: Topology> {
    shape: S,
    rng: Rng,
    /// Each cell's cost, drawn at the start and never changed: every copy
    /// of a run (a timeline's checkpoints) shares the one table.
    cost: Arc<[u8]>,
    /// A byte a cell, 1 for a cell in the maze.
    in_maze: CellBytes,
    /// Active cells, bucketed by cost.
    buckets: Vec<Vec<Cell>>,
    /// In a kept copy, the buckets in chunks shared with the copy kept
    /// before it: a bucket is a stack, pushed and popped at its end, and
    /// only the cheapest is popped, so most of the active set is the
    /// earlier copy's (`pack`).
    kept_buckets: Option<SharedLists<Cell>>,
    occupied: [u64; BUCKETS / 64],
    active: usize,
    started: bool,
    /// The first cell (in the maze before it has a passage).
    start: Cell,
    /// The step last reported (2 growing, 3 retiring a cell).
    phase: u8,
    /// The grain, if any.
    steering: Option<Box<super::steer::Steering>>,
}

impl<S: Topology> CheapestCell<S> {
    pub(super) fn new(shape: S, params: &Params) -> CheapestCell<S> {
        let n = shape.cells() as usize;
        CheapestCell {
            shape,
            rng: Rng::new(params.seed),
            cost: Arc::from([]),
            in_maze: CellBytes::new(vec![0; n]),
            buckets: vec![Vec::new(); BUCKETS],
            kept_buckets: None,
            occupied: [0; BUCKETS / 64],
            active: 0,
            started: false,
            start: 0,
            phase: 0,
            steering: super::steer::Steering::of(params),
        }
    }

    /// Puts `cell` in the maze and the active set.
    fn activate<R: Record>(&mut self, cell: Cell, out: &mut R) {
        self.in_maze[cell as usize] = 1;
        let c = self.cost[cell as usize] as usize;
        self.buckets[c].push(cell);
        self.occupied[c / 64] |= 1 << (c % 64);
        self.active += 1;
        out.mark(cell, Mark::Frontier);
    }

    /// Reports step `k` if it is not the one reported last.
    fn phase<R: Record>(&mut self, k: u8, out: &mut R) {
        if self.phase != k {
            self.phase = k;
            out.phase(k);
        }
    }

    /// Whether the grain puts off linking `cell` to `next` (never without
    /// a grain).
    fn put_off(&mut self, cell: Cell, next: Cell) -> bool {
        match &self.steering {
            Some(s) => s.defer(&self.shape, cell, next, &mut self.rng),
            None => false,
        }
    }

    /// The cheapest active cell's bucket.
    fn cheapest(&self) -> Option<usize> {
        let word = self.occupied.iter().position(|&w| w != 0)?;
        Some(word * 64 + self.occupied[word].trailing_zeros() as usize)
    }
}

impl<S: Topology> Stepper for CheapestCell<S> {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            let n = self.shape.cells() as usize;
            self.cost = (0..n)
                .map(|_| (self.rng.next_u32() & 0xff) as u8)
                .collect::<Arc<[u8]>>();
            let start = self.shape.random_cell(&mut self.rng);
            self.start = start;
            self.phase(1, out);
            out.cursor(start);
            self.activate(start, out);
            return true;
        }
        while let Some(bucket) = self.cheapest() {
            let cell = *self.buckets[bucket].last().expect("an occupied bucket");
            let mut best: Option<Cell> = None;
            let (cost, in_maze, shape) = (&*self.cost, &*self.in_maze, &self.shape);
            match self.steering.as_deref() {
                None => shape.for_each_side(cell, |_, side| {
                    if let Some(n) = side {
                        if shape.is_cell(n)
                            && in_maze[n as usize] == 0
                            && best.is_none_or(|b| cost[n as usize] < cost[b as usize])
                        {
                            best = Some(n);
                        }
                    }
                }),
                // The same choice, a neighbour across the grain weighing more.
                Some(steering) => {
                    let weigh = |n: Cell| {
                        steering.weigh(shape, cell, n, u32::from(cost[n as usize]), u32::MAX)
                    };
                    shape.for_each_side(cell, |_, side| {
                        if let Some(n) = side {
                            if shape.is_cell(n)
                                && in_maze[n as usize] == 0
                                && best.is_none_or(|b| weigh(n) < weigh(b))
                            {
                                best = Some(n);
                            }
                        }
                    });
                }
            }
            match best {
                Some(next) if bucket + 1 < BUCKETS && self.put_off(cell, next) => {
                    // Across the grain: to a dearer bucket, for now. (Its
                    // own cost is never read again: costs are only weighed
                    // for cells outside the maze.)
                    self.buckets[bucket].pop();
                    if self.buckets[bucket].is_empty() {
                        self.occupied[bucket / 64] &= !(1 << (bucket % 64));
                    }
                    let dearer = bucket + (BUCKETS - bucket) / 2;
                    self.buckets[dearer].push(cell);
                    self.occupied[dearer / 64] |= 1 << (dearer % 64);
                }
                Some(next) => {
                    self.phase(2, out);
                    out.cursor(next);
                    out.carve(cell, next);
                    self.activate(next, out);
                    return true;
                }
                None => {
                    self.phase(3, out);
                    self.buckets[bucket].pop();
                    if self.buckets[bucket].is_empty() {
                        self.occupied[bucket / 64] &= !(1 << (bucket % 64));
                    }
                    self.active -= 1;
                    out.mark(cell, Mark::Blank);
                }
            }
        }
        // The active set is empty: the repeating is over.
        self.phase(4, out);
        false
    }
}

impl<S: Topology> Keep for CheapestCell<S> {
    fn heap_bytes(&self, earlier: Option<&Self>) -> Option<usize> {
        self.bytes_beyond(earlier)
    }

    fn packed_copy(&self, earlier: Option<&Self>) -> Self {
        self.packed_after(earlier)
    }

    fn unpack(&mut self, shown: &Shown) {
        self.in_maze.unpack();
        if self.in_maze.is_empty() {
            self.in_maze = CellBytes::new(super::in_maze_shown(shown, self.start, 1));
        }
        if let Some(kept) = self.kept_buckets.take() {
            self.buckets = kept.expand();
        }
    }
}

impl<S: Topology> CheapestCell<S> {
    /// A kept copy of a running one: its buckets in chunks sharing what
    /// they can with `earlier`'s; which cells are in the maze, once
    /// started, left to the picture (the cells with a passage).
    fn packed_after(&self, earlier: Option<&CheapestCell<S>>) -> CheapestCell<S> {
        let in_maze = if self.started {
            CellBytes::default()
        } else {
            self.in_maze.packed_after(None)
        };
        CheapestCell {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            cost: Arc::clone(&self.cost),
            in_maze,
            buckets: Vec::new(),
            kept_buckets: Some(SharedLists::new(
                &self.buckets,
                earlier.and_then(|e| e.kept_buckets.as_ref()),
            )),
            occupied: self.occupied,
            active: self.active,
            started: self.started,
            start: self.start,
            phase: self.phase,
            steering: self.steering.clone(),
        }
    }

    /// The bytes it holds that `earlier` does not also hold; a steered
    /// run keeps a field of its own, counted at the most (`None`). The
    /// shared costs are the run's own, held once whatever the copies.
    fn bytes_beyond(&self, earlier: Option<&CheapestCell<S>>) -> Option<usize> {
        self.steering.is_none().then(|| {
            self.in_maze.bytes_beyond(earlier.map(|e| &e.in_maze))
                + super::bucket_queue_bytes_beyond(
                    &self.buckets,
                    self.kept_buckets.as_ref(),
                    earlier.and_then(|e| e.kept_buckets.as_ref()),
                )
        })
    }
}
