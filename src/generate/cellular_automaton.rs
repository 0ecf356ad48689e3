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
use crate::event::Event;
use crate::keep::{Keep, Shown};
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
    /// Whether `walls`, `prev` and `sets` were dropped (`pack`): the
    /// picture holds them, and `unpack` rebuilds them from it.
    packed: bool,
    /// In a packed copy mid-generation, the previous generation's row
    /// above the current one: the one row of `prev` the picture no longer
    /// shows and the rest of the generation still reads.
    prev_row: Vec<u8>,
    /// Cells swept so far, over every pass: a sweep makes an event only
    /// where a wall changes, and late in the repair most cells change
    /// nothing, so a replay's cost is in the sweeping (`Keep::work`).
    swept: u64,
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
            packed: false,
            prev_row: Vec::new(),
            swept: 0,
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
    const MARKS_NO_CELL: bool = true;

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
        self.swept += u64::from(self.dims.width);
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

impl Keep for CellularAutomaton {
    fn work(&self) -> u64 {
        self.swept
    }

    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        Some(self.walls.len() + self.prev.len() + self.sets.heap_bytes() + self.prev_row.len())
    }

    /// Its walls are the picture's, the previous generation is the picture
    /// but for the row above the current one, and its sets are the
    /// picture's pieces: a kept copy holds that one row, made without
    /// copying the state it drops.
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        if self.packed {
            return self.clone();
        }
        let prev_row = if self.phase == Phase::Evolve && self.row > 0 {
            let w = self.dims.width as usize;
            let above = (self.row as usize - 1) * w;
            self.prev[above..above + w].to_vec()
        } else {
            Vec::new()
        };
        CellularAutomaton {
            dims: self.dims,
            rng: self.rng.clone(),
            walls: Vec::new(),
            prev: Vec::new(),
            phase: self.phase,
            row: self.row,
            generation: self.generation,
            changed: self.changed,
            sets: UnionFind::new(0),
            survive_max: self.survive_max,
            packed: true,
            prev_row,
            swept: self.swept,
        }
    }

    fn unpack(&mut self, shown: &Shown) {
        if !self.packed {
            return;
        }
        let (w, cells) = (self.dims.width, self.dims.cells() as usize);
        let mut walls: Vec<u8> = shown
            .grid
            .raw()
            .iter()
            .map(|b| b & (EAST_OPEN | SOUTH_OPEN))
            .collect();
        // The step's events not yet handed out: `set_bits` names the cell
        // first, then its east or south neighbour.
        for event in shown.pending {
            let (Event::Carve(a, b) | Event::Build(a, b)) = *event else {
                continue;
            };
            let bit = if b == a + 1 { EAST_OPEN } else { SOUTH_OPEN };
            if matches!(event, Event::Carve(..)) {
                walls[a as usize] |= bit;
            } else {
                walls[a as usize] &= !bit;
            }
        }
        // Mid-generation, the rows from the current one on are unchanged
        // since the generation began; the rows above the one above it are
        // never read again in it. Elsewhere `prev` is not read before the
        // next generation copies it.
        let mut prev = walls.clone();
        if !self.prev_row.is_empty() {
            let above = (self.row - 1) as usize * w as usize;
            prev[above..above + w as usize].copy_from_slice(&self.prev_row);
        }
        // The sets hold the openings swept so far: none before the repair,
        // the rows above the current one while loops are removed, and every
        // opening while the regions are connected (each join opens a wall).
        let mut sets = UnionFind::new(cells);
        let swept = match self.phase {
            Phase::Seed | Phase::Evolve => 0,
            Phase::RemoveLoops => self.row * w,
            Phase::Connect => cells as u32,
        };
        for cell in 0..swept {
            let bits = walls[cell as usize];
            if bits & EAST_OPEN != 0 {
                sets.union(cell, cell + 1);
            }
            if bits & SOUTH_OPEN != 0 {
                sets.union(cell, cell + w);
            }
        }
        self.walls = walls;
        self.prev = prev;
        self.sets = sets;
        self.prev_row = Vec::new();
        self.packed = false;
    }
}
