//! Wilson: loop-erased random walks that join the maze where they hit it.
//!
//! 1. Put a random cell in the maze.
//! 2. Start a walk at the first cell not in the maze.
//! 3. Step to a random neighbour. If it is on the walk already, erase the loop
//!    back to it; if it is in the maze, carve the whole walk into the maze and
//!    go to 2; otherwise extend the walk.
//! 4. Stop when every cell is in the maze.
//!
//! Like Aldous-Broder it samples uniformly from all spanning trees (about 30%
//! dead ends, no bias), but it is slow at the start, when the first walk has a
//! single cell to find, and fast at the end. The walk and its erasure are
//! visible as `Walk` marks set and cleared.

use super::steer::{self, Steering};
use super::Params;
use crate::event::Mark;
use crate::keep::{Keep, Shown};
use crate::packed::CellBytes;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::{Topology, Walker};
use crate::stream::Stepper;

const OUT: u8 = 0;
const ON_WALK: u8 = 1;
const IN_MAZE: u8 = 2;

/// Walk moves per step at most (a step also ends when a walk is committed).
const MOVES_PER_STEP: u32 = 32;

#[derive(Clone)]
pub struct Wilson<S: Topology> {
    shape: S,
    rng: Rng,
    /// `OUT`, `ON_WALK` or `IN_MAZE` per cell: one load answers both questions
    /// a move asks.
    state: CellBytes,
    walk: Vec<Cell>,
    head: Walker,
    /// The cell the head last stepped from (`Cell::MAX` at a walk's
    /// start): a steered run carries straight on from where the walker
    /// really was, not from the cell before it on the erased walk, which
    /// after an erasure points the way the walk first came and so keeps
    /// pushing it on that way, against a wall it cannot leave.
    came_from: Cell,
    /// Every cell below this index is in the maze.
    scan: Cell,
    started: bool,
    /// The step numbers it reports for its own steps 1 to 4 (Houston
    /// renumbers them into its list).
    phases: [u8; 4],
    steering: Option<Box<Steering>>,
}

impl<S: Topology> Wilson<S> {
    pub(super) fn new(shape: S, params: &Params) -> Wilson<S> {
        let mut state = vec![OUT; shape.cells() as usize];
        // Masked cells count as in the maze: no walk starts there, and none
        // can reach them.
        for (cell, s) in state.iter_mut().enumerate() {
            if !shape.is_cell(cell as Cell) {
                *s = IN_MAZE;
            }
        }
        Wilson {
            head: shape.walker(0),
            shape,
            rng: Rng::new(params.seed),
            state: CellBytes::new(state),
            walk: Vec::new(),
            came_from: Cell::MAX,
            scan: 0,
            started: false,
            phases: [1, 2, 3, 4],
            steering: Steering::of(params),
        }
    }

    /// Wilson continuing a maze already grown over the cells `in_maze` holds
    /// (Houston's hand-over), with the same random source.
    pub(super) fn continue_from(shape: S, rng: Rng, in_maze: impl Fn(Cell) -> bool) -> Wilson<S> {
        let state = (0..shape.cells())
            .map(|c| {
                if !shape.is_cell(c) || in_maze(c) {
                    IN_MAZE
                } else {
                    OUT
                }
            })
            .collect();
        Wilson {
            head: shape.walker(0),
            shape,
            rng,
            state: CellBytes::new(state),
            walk: Vec::new(),
            came_from: Cell::MAX,
            scan: 0,
            started: true,
            phases: [1, 2, 3, 4],
            steering: None,
        }
    }

    /// Steers its walks (run and grain).
    pub(super) fn steered(mut self, steering: Option<Box<Steering>>) -> Wilson<S> {
        self.steering = steering;
        self
    }

    /// Reports its steps as these step numbers instead (Houston's list).
    pub(super) fn with_phases(mut self, phases: [u8; 4]) -> Wilson<S> {
        self.phases = phases;
        self
    }

    /// Starts a walk at the first cell outside the maze; `false` if none is left.
    pub(super) fn begin<R: Record>(&mut self, out: &mut R) -> bool {
        self.start_walk(out)
    }

    /// Starts a walk at the first cell outside the maze; `false` if none is left.
    fn start_walk<R: Record>(&mut self, out: &mut R) -> bool {
        let cells = self.shape.cells();
        while self.scan < cells && self.state[self.scan as usize] == IN_MAZE {
            self.scan += 1;
        }
        if self.scan == cells {
            out.phase(self.phases[3]);
            return false;
        }
        out.phase(self.phases[1]);
        self.walk.push(self.scan);
        self.state[self.scan as usize] = ON_WALK;
        self.head = self.shape.walker(self.scan);
        self.came_from = Cell::MAX;
        out.mark(self.scan, Mark::Walk);
        true
    }

    /// Carves the loop-free walk into the maze, tail first, ending at `to`.
    fn commit<R: Record>(&mut self, mut to: Cell, out: &mut R) {
        while let Some(cell) = self.walk.pop() {
            self.state[cell as usize] = IN_MAZE;
            out.carve(cell, to);
            out.mark(cell, Mark::Blank);
            to = cell;
        }
    }

    /// Pops the walk back to `cell`, where it crossed itself.
    fn erase_loop<R: Record>(&mut self, cell: Cell, out: &mut R) {
        while let Some(&top) = self.walk.last() {
            if top == cell {
                break;
            }
            self.walk.pop();
            self.state[top as usize] = OUT;
            out.mark(top, Mark::Blank);
        }
    }
}

impl<S: Topology> Stepper for Wilson<S> {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            let first = self.shape.random_cell(&mut self.rng);
            self.state[first as usize] = IN_MAZE;
            out.phase(self.phases[0]);
            out.cursor(first);
            return self.start_walk(out);
        }
        out.phase(self.phases[2]);
        // The steered walk is a loop of its own: the plain one stays as
        // tight as it was.
        if self.steering.is_some() {
            self.moves::<R, true>(out)
        } else {
            self.moves::<R, false>(out)
        }
    }
}

impl<S: Topology> Wilson<S> {
    /// Packs its byte a cell in place (a kept copy's, and Houston's Wilson
    /// half's).
    pub(super) fn pack_state(&mut self) {
        self.state.pack();
    }
}

impl<S: Topology> Keep for Wilson<S> {
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        // A steered run keeps a field of its own: counted at the most.
        self.steering
            .is_none()
            .then(|| self.state.heap_bytes() + self.walk.len() * std::mem::size_of::<Cell>())
    }

    /// Its byte a cell of in / out / walk, in two bits.
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        let mut copy = self.clone();
        copy.pack_state();
        copy
    }

    fn unpack(&mut self, _shown: &Shown) {
        self.state.unpack();
    }
}

impl<S: Topology> Wilson<S> {
    /// Up to `MOVES_PER_STEP` moves of the walk (step 3), steered or not.
    #[inline(always)]
    fn moves<R: Record, const STEERED: bool>(&mut self, out: &mut R) -> bool {
        for _ in 0..MOVES_PER_STEP {
            if STEERED {
                let (from, came_from) = (self.head.cell, self.came_from);
                steer::walk(
                    &self.steering,
                    &self.shape,
                    &mut self.head,
                    || (came_from != Cell::MAX).then_some(came_from),
                    &mut self.rng,
                );
                self.came_from = from;
            } else {
                self.shape.step_random(&mut self.head, &mut self.rng);
            }
            let next = self.head.cell;
            match self.state[next as usize] {
                IN_MAZE => {
                    self.commit(next, out);
                    return self.start_walk(out);
                }
                ON_WALK => self.erase_loop(next, out),
                _ => {
                    self.walk.push(next);
                    self.state[next as usize] = ON_WALK;
                    out.mark(next, Mark::Walk);
                }
            }
        }
        true
    }
}
