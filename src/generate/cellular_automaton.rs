//! Cellular automaton: the Maze rule evolving on the walls, then a repair.
//! `mazectric` is the same with the Mazectric rule, B3/S1234 (step 2).
//!
//! Think of the maze as mazelib's block picture: cells at odd pixels (always
//! open), lattice points at even pixels (always wall), and one pixel for each
//! wall between them. The automaton runs on the wall pixels.
//!
//! 1. Seed: knock out each inner wall with probability 1/2.
//! 2. Evolve with the Maze rule B3/S12345 on the 8-neighbourhood of each wall
//!    pixel. Its neighbours are two lattice points (alive) and the four walls
//!    at right angles at its two ends, so a missing wall is born when exactly
//!    one of those four stands, and a wall dies when all four stand. Each
//!    generation reads a snapshot of the previous one; stop after
//!    `GENERATIONS` or when nothing changes.
//! 3. Repair, visibly: sweep the openings and build a wall wherever an
//!    opening closes a loop (union-find), then sweep the walls and remove one
//!    wherever it joins two separate regions. The result is a perfect maze.
//!
//! Its mazes keep the automaton's texture: short twisty corridors, many
//! small dead ends, and a few long walls grown from the border.

use super::{Params, Step};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Dims;
use crate::shape::{EAST_OPEN, SOUTH_OPEN};
use crate::stream::Stepper;
use crate::union_find::UnionFind;

/// Generations of the Maze rule before the repair.
const GENERATIONS: u32 = 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Seed,
    Evolve,
    RemoveLoops,
    Connect,
}

#[derive(Clone)]
pub struct CellularAutomaton {
    dims: Dims,
    rng: Rng,
    /// The walls as the maze's square bits (`EAST_OPEN`, `SOUTH_OPEN` by
    /// cell): the automaton reads and writes them a byte at a time, not
    /// through a maze's general wall calls, which would be most of the
    /// build.
    walls: Vec<u8>,
    /// The previous generation's wall bits.
    prev: Vec<u8>,
    phase: Phase,
    row: u32,
    generation: u32,
    changed: bool,
    sets: UnionFind,
    /// The most live neighbours a wall survives with: 5 for the Maze rule
    /// (B3/S12345), 4 for Mazectric (B3/S1234).
    survive_max: u32,
}

impl CellularAutomaton {
    /// The Maze rule, B3/S12345.
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        Self::with_rule(params, 5)
    }

    /// Mazectric, B3/S1234: a wall with five live neighbours dies, so
    /// corridors run longer and straighter than the Maze rule's.
    pub fn mazectric(params: &Params) -> Box<dyn Step> {
        Self::with_rule(params, 4)
    }

    fn with_rule(params: &Params, survive_max: u32) -> Box<dyn Step> {
        let cells = params.dims().cells() as usize;
        Box::new(CellularAutomaton {
            survive_max,
            dims: params.dims(),
            rng: Rng::new(params.seed),
            walls: vec![0; cells],
            prev: vec![0; cells],
            phase: Phase::Seed,
            row: 0,
            generation: 0,
            changed: false,
            sets: UnionFind::new(cells),
        })
    }

    /// Sets the cell's east and south openings to `new`, with an event for
    /// each that changes (east first).
    #[inline(always)]
    fn set_bits<R: Record>(&mut self, cell: u32, new: u8, out: &mut R) {
        let old = self.walls[cell as usize];
        if old == new {
            return;
        }
        self.walls[cell as usize] = new;
        self.changed = true;
        for (bit, to) in [(EAST_OPEN, cell + 1), (SOUTH_OPEN, cell + self.dims.width)] {
            if (old ^ new) & bit != 0 {
                if new & bit != 0 {
                    out.carve(cell, to);
                } else {
                    out.build(cell, to);
                }
            }
        }
    }

    fn seed_row<R: Record>(&mut self, y: u32, out: &mut R) {
        let (w, h) = (self.dims.width, self.dims.height);
        for x in 0..w {
            let cell = self.dims.at(x, y);
            let mut new = 0;
            if x + 1 < w && self.rng.coin() {
                new |= EAST_OPEN;
            }
            if y + 1 < h && self.rng.coin() {
                new |= SOUTH_OPEN;
            }
            self.set_bits(cell, new, out);
        }
    }

    /// A cell's east and south openings in the next generation, read from
    /// the snapshot: B3/S1234(5) with the two lattice neighbours of each
    /// wall always alive, so a wall with `around` of its four
    /// perpendicular walls standing has `2 + around` live neighbours.
    #[inline(always)]
    fn next_bits(&self, x: usize, y: usize) -> u8 {
        let (w, h) = (self.dims.width as usize, self.dims.height as usize);
        let prev = &self.prev;
        // Whether a wall stands in the snapshot (the border always does).
        let east = |x: usize, y: usize| x + 1 >= w || prev[y * w + x] & EAST_OPEN == 0;
        let south = |x: usize, y: usize| y + 1 >= h || prev[y * w + x] & SOUTH_OPEN == 0;
        let north = |x: usize, y: usize| y == 0 || south(x, y - 1);
        let west = |x: usize, y: usize| x == 0 || east(x - 1, y);
        let stands = |alive: bool, around: u32| {
            if alive {
                2 + around <= self.survive_max
            } else {
                2 + around == 3
            }
        };
        let mut new = 0;
        if x + 1 < w {
            let around = u32::from(north(x, y))
                + u32::from(north(x + 1, y))
                + u32::from(south(x, y))
                + u32::from(south(x + 1, y));
            if !stands(east(x, y), around) {
                new |= EAST_OPEN;
            }
        }
        if y + 1 < h {
            let around = u32::from(west(x, y))
                + u32::from(east(x, y))
                + u32::from(west(x, y + 1))
                + u32::from(east(x, y + 1));
            if !stands(south(x, y), around) {
                new |= SOUTH_OPEN;
            }
        }
        new
    }

    /// One row of a generation.
    fn evolve_row<R: Record>(&mut self, y: u32, out: &mut R) {
        for x in 0..self.dims.width {
            let new = self.next_bits(x as usize, y as usize);
            self.set_bits(self.dims.at(x, y), new, out);
        }
    }

    fn remove_loops_row<R: Record>(&mut self, y: u32, out: &mut R) {
        let w = self.dims.width;
        for x in 0..w {
            let cell = self.dims.at(x, y);
            let mut bits = self.walls[cell as usize];
            for (bit, to) in [(EAST_OPEN, cell + 1), (SOUTH_OPEN, cell + w)] {
                if bits & bit != 0 && !self.sets.union(cell, to) {
                    out.cursor(cell);
                    bits &= !bit;
                    self.set_bits(cell, bits, out);
                }
            }
        }
    }

    fn connect_row<R: Record>(&mut self, y: u32, out: &mut R) {
        let (w, h) = (self.dims.width, self.dims.height);
        for x in 0..w {
            let cell = self.dims.at(x, y);
            let mut options = [
                (EAST_OPEN, cell + 1, x + 1 < w),
                (SOUTH_OPEN, cell + w, y + 1 < h),
            ];
            if self.rng.coin() {
                options.swap(0, 1);
            }
            for (bit, to, inside) in options {
                if inside && self.sets.union(cell, to) {
                    out.cursor(cell);
                    let bits = self.walls[cell as usize] | bit;
                    self.set_bits(cell, bits, out);
                }
            }
        }
    }
}

impl Stepper for CellularAutomaton {
    /// One row of one pass per step.
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        let y = self.row;
        if y == 0 && self.phase == Phase::Evolve {
            self.prev.copy_from_slice(&self.walls);
            self.changed = false;
        }
        out.phase(match self.phase {
            Phase::Seed => 1,
            Phase::Evolve => 2,
            Phase::RemoveLoops | Phase::Connect => 3,
        });
        match self.phase {
            Phase::Seed => self.seed_row(y, out),
            Phase::Evolve => self.evolve_row(y, out),
            Phase::RemoveLoops => self.remove_loops_row(y, out),
            Phase::Connect => self.connect_row(y, out),
        }
        self.row += 1;
        if self.row < self.dims.height {
            return true;
        }
        self.row = 0;
        self.phase = match self.phase {
            Phase::Seed => Phase::Evolve,
            Phase::Evolve => {
                self.generation += 1;
                if self.generation < GENERATIONS && self.changed {
                    Phase::Evolve
                } else {
                    Phase::RemoveLoops
                }
            }
            Phase::RemoveLoops => Phase::Connect,
            Phase::Connect => return false,
        };
        true
    }
}
