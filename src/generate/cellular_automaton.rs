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

use super::union_find::UnionFind;
use super::{Params, Step};
use crate::event::Emit;
use crate::grid::{Dims, Grid};
use crate::rng::Rng;

/// Generations of the Maze rule before the repair.
const GENERATIONS: u32 = 12;
const EAST_OPEN: u8 = 1;
const SOUTH_OPEN: u8 = 2;

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
    walls: Grid,
    /// The previous generation's wall bits, as `Grid::raw`.
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
            walls: Grid::closed(params.dims()),
            prev: vec![0; cells],
            phase: Phase::Seed,
            row: 0,
            generation: 0,
            changed: false,
            sets: UnionFind::new(cells),
        })
    }

    /// Whether the east wall of (x, y) stands in the snapshot (border: yes).
    #[inline]
    fn east(&self, x: u32, y: u32) -> bool {
        x + 1 >= self.dims.width || self.prev[self.dims.at(x, y) as usize] & EAST_OPEN == 0
    }

    /// Whether the south wall of (x, y) stands in the snapshot (border: yes).
    #[inline]
    fn south(&self, x: u32, y: u32) -> bool {
        y + 1 >= self.dims.height || self.prev[self.dims.at(x, y) as usize] & SOUTH_OPEN == 0
    }

    #[inline]
    fn north(&self, x: u32, y: u32) -> bool {
        y == 0 || self.south(x, y - 1)
    }

    #[inline]
    fn west(&self, x: u32, y: u32) -> bool {
        x == 0 || self.east(x - 1, y)
    }

    /// B3/S1234(5) with the two lattice neighbours always alive.
    #[inline]
    fn rule(&self, alive: bool, perpendicular: u32) -> bool {
        let count = 2 + perpendicular;
        if alive {
            (1..=self.survive_max).contains(&count)
        } else {
            count == 3
        }
    }

    #[inline]
    fn set_wall(&mut self, a: u32, b: u32, wall: bool, out: &mut Emit) {
        if self.walls.set_open(a, b, !wall) {
            self.changed = true;
            if wall {
                out.build(a, b);
            } else {
                out.carve(a, b);
            }
        }
    }

    fn seed_row(&mut self, y: u32, out: &mut Emit) {
        for x in 0..self.dims.width {
            let cell = self.dims.at(x, y);
            if x + 1 < self.dims.width && self.rng.coin() {
                self.set_wall(cell, cell + 1, false, out);
            }
            if y + 1 < self.dims.height && self.rng.coin() {
                self.set_wall(cell, cell + self.dims.width, false, out);
            }
        }
    }

    fn evolve_row(&mut self, y: u32, out: &mut Emit) {
        let (w, h) = (self.dims.width, self.dims.height);
        for x in 0..w {
            let cell = self.dims.at(x, y);
            if x + 1 < w {
                let around = u32::from(self.north(x, y))
                    + u32::from(self.north(x + 1, y))
                    + u32::from(self.south(x, y))
                    + u32::from(self.south(x + 1, y));
                let next = self.rule(self.east(x, y), around);
                self.set_wall(cell, cell + 1, next, out);
            }
            if y + 1 < h {
                let around = u32::from(self.west(x, y))
                    + u32::from(self.east(x, y))
                    + u32::from(self.west(x, y + 1))
                    + u32::from(self.east(x, y + 1));
                let next = self.rule(self.south(x, y), around);
                self.set_wall(cell, cell + w, next, out);
            }
        }
    }

    fn remove_loops_row(&mut self, y: u32, out: &mut Emit) {
        let w = self.dims.width;
        for x in 0..w {
            let cell = self.dims.at(x, y);
            for (to, open) in [
                (
                    cell + 1,
                    x + 1 < w && self.walls.is_open_between(cell, cell + 1),
                ),
                (
                    cell + w,
                    y + 1 < self.dims.height && self.walls.is_open_between(cell, cell + w),
                ),
            ] {
                if open && !self.sets.union(cell, to) {
                    out.cursor(cell);
                    self.set_wall(cell, to, true, out);
                }
            }
        }
    }

    fn connect_row(&mut self, y: u32, out: &mut Emit) {
        let (w, h) = (self.dims.width, self.dims.height);
        for x in 0..w {
            let cell = self.dims.at(x, y);
            let mut options = [(cell + 1, x + 1 < w), (cell + w, y + 1 < h)];
            if self.rng.coin() {
                options.swap(0, 1);
            }
            for (to, inside) in options {
                if inside && self.sets.union(cell, to) {
                    out.cursor(cell);
                    self.set_wall(cell, to, false, out);
                }
            }
        }
    }
}

impl Step for CellularAutomaton {
    /// One row of one pass per step.
    fn step_one(&mut self, out: &mut Emit) -> bool {
        let y = self.row;
        if y == 0 && self.phase == Phase::Evolve {
            self.prev.copy_from_slice(self.walls.raw());
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
