//! Aldous-Broder: a random walk that carves into every cell it enters first.
//!
//! 1. Start the walk at a random cell.
//! 2. Step to a random neighbour. If it was never visited, remove the wall
//!    between them.
//! 3. Repeat from 2 until every cell has been visited.
//!
//! It samples uniformly from all spanning trees, so its mazes have no bias at
//! all (about 30% dead ends). The price is the cover time of the walk, which
//! on a grid grows like n log² n: it is fast at first and crawls at the end
//! while it hunts for the last unvisited cells. The walk is the cursor.

use super::steer::{self, Steering};
use crate::bitset::BitSet;
use crate::keep::{Keep, Shown};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::{Cell, Topology, Walker};
use crate::stream::Stepper;

/// Moves per step at most: enough to amortise the call, few enough that one
/// step stays within an animation frame's budget.
const MOVES_PER_STEP: u32 = 64;

#[derive(Clone)]
pub struct AldousBroder<S: Topology> {
    shape: S,
    rng: Rng,
    /// The cells in the maze; empty in a packed copy, which rebuilds it
    /// from the picture (`unpack`).
    visited: BitSet,
    packed: bool,
    at: Walker,
    remaining: u32,
    started: bool,
    /// The step numbers it reports for its own steps 1 to 3 (Houston
    /// renumbers them into its list).
    phases: [u8; 3],
    /// The cell the walk last left, for a run.
    came_from: Cell,
    steering: Option<Box<Steering>>,
}

impl<S: Topology> AldousBroder<S> {
    pub(super) fn new(shape: S, rng: Rng) -> AldousBroder<S> {
        AldousBroder {
            visited: BitSet::new(shape.cells() as usize),
            packed: false,
            at: shape.walker(0),
            remaining: shape.live_cells() - 1,
            shape,
            rng,
            started: false,
            phases: [1, 2, 3],
            came_from: Cell::MAX,
            steering: None,
        }
    }

    /// Steers its walk (run and grain).
    pub(super) fn steered(mut self, steering: Option<Box<Steering>>) -> AldousBroder<S> {
        self.steering = steering;
        self
    }

    /// Reports its steps as these step numbers instead (Houston's list).
    pub(super) fn with_phases(mut self, phases: [u8; 3]) -> AldousBroder<S> {
        self.phases = phases;
        self
    }

    /// How many cells the maze holds so far.
    pub(super) fn in_maze(&self) -> u32 {
        if self.started {
            self.shape.live_cells() - self.remaining
        } else {
            0
        }
    }

    /// The shape, the random source and the cells in the maze, for another
    /// algorithm to go on from (Houston's hand-over to Wilson).
    pub(super) fn into_parts(self) -> (S, Rng, BitSet) {
        (self.shape, self.rng, self.visited)
    }
}

impl<S: Topology> Stepper for AldousBroder<S> {
    const MARKS_NO_CELL: bool = true;

    /// Walks until it carves, or for `MOVES_PER_STEP` moves.
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            self.at = self.shape.walker(self.shape.random_cell(&mut self.rng));
            self.visited.insert(self.at.cell);
            out.phase(self.phases[0]);
            out.cursor(self.at.cell);
            out.phase(self.phases[1]);
            return self.remaining > 0;
        }
        for _ in 0..MOVES_PER_STEP {
            if self.remaining == 0 {
                break;
            }
            let from = self.at.cell;
            let came_from = self.came_from;
            steer::walk(
                &self.steering,
                &self.shape,
                &mut self.at,
                || (came_from != Cell::MAX).then_some(came_from),
                &mut self.rng,
            );
            self.came_from = from;
            let next = self.at.cell;
            out.cursor(next);
            if !self.visited.contains(next) {
                self.visited.insert(next);
                out.carve(from, next);
                self.remaining -= 1;
                break;
            }
        }
        if self.remaining == 0 {
            out.phase(self.phases[2]);
        }
        self.remaining > 0
    }
}

impl<S: Topology> Keep for AldousBroder<S> {
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        // A steered run keeps a field of its own: counted at the most.
        self.steering.is_none().then(|| self.visited.heap_bytes())
    }

    /// The cells in the maze are the picture's: the start, and every cell
    /// a passage has reached. A kept copy holds none of them.
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        AldousBroder {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            visited: BitSet::new(0),
            packed: true,
            at: self.at,
            remaining: self.remaining,
            started: self.started,
            phases: self.phases,
            came_from: self.came_from,
            steering: self.steering.clone(),
        }
    }

    /// Every cell of a passage, in the picture or made but not yet handed
    /// out, and the walker's cell (the start, before the first carve).
    fn unpack(&mut self, shown: &Shown) {
        if !self.packed {
            return;
        }
        let mut visited = BitSet::new(self.shape.cells() as usize);
        if self.started {
            visited.insert(self.at.cell);
        }
        shown.grid.each_opening(|a, b| {
            visited.insert(a);
            visited.insert(b);
        });
        for (a, b) in shown.pending_carves() {
            visited.insert(a);
            visited.insert(b);
        }
        self.visited = visited;
        self.packed = false;
    }
}
