//! Reverse-delete: start with every wall down and put walls back, in random
//! order, wherever the cells on both sides stay connected without that
//! passage.
//!
//! 1. Open every wall (the maze is one room).
//! 2. Take the next passage in a uniformly random order. Close it, then
//!    search for another way between its two cells (breadth-first from
//!    both at once, so a short way round is found quickly).
//! 3. If there is one, the wall stays; if not, the passage was the only
//!    link and it opens again. Repeat until the cells minus one passages
//!    are left: a perfect maze.
//!
//! It is the reverse of Kruskal: the maximum spanning tree for the order
//! taken, a uniform-looking maze with Kruskal's short dead ends. Each
//! passage costs a search, so the time grows with the square of the cells:
//! it is capped at `MAX_CELLS` and refuses bigger mazes by name.
//!
//! With a grain (`steer.rs`), the passages across the grain that
//! `Steering::defer` picks are taken first (each group in random order):
//! taken early, a passage is more likely closed, so those along the grain
//! stay open more often.

use super::Params;
use crate::grid::Grid;
use crate::keep::Keep;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Topology;
use crate::shape::{Cell, Neighbors};
use crate::stream::Stepper;

/// The most cells taken: one search per passage makes it quadratic.
/// (Wall codes, at most 8 a cell, then fit in 16 bits.)
pub const MAX_CELLS: u32 = 64 * 64;

#[derive(Clone)]
pub struct ReverseDelete<S: Topology> {
    shape: S,
    grid: Grid,
    rng: Rng,
    /// Wall codes (`owner * 8 + side`): under `MAX_CELLS` they fit in 16
    /// bits, which keeps a hexagon maze's list at 6 bytes a cell, not 12.
    walls: WallCodes,
    /// The end of the group of walls taken first (with a grain, those
    /// across it; without, all of them).
    first: usize,
    next: usize,
    /// Passages above the `cells - 1` a perfect maze has.
    extra: u64,
    /// Search scratch: which search and sweep last reached each cell.
    seen: Vec<u32>,
    search: u32,
    /// The two sweeps' latest rings, and the ring being grown: kept between
    /// searches, so that a search allocates nothing.
    fronts: [Vec<Cell>; 2],
    queue: Vec<Cell>,
}

/// Wall codes, 16 bits wide within `MAX_CELLS` (at most 8 walls a cell).
#[derive(Clone)]
enum WallCodes {
    Short(Vec<u16>),
    Long(Vec<u32>),
}

impl WallCodes {
    fn len(&self) -> usize {
        match self {
            WallCodes::Short(w) => w.len(),
            WallCodes::Long(w) => w.len(),
        }
    }

    fn swap(&mut self, i: usize, j: usize) {
        match self {
            WallCodes::Short(w) => w.swap(i, j),
            WallCodes::Long(w) => w.swap(i, j),
        }
    }

    fn get(&self, i: usize) -> u32 {
        match self {
            WallCodes::Short(w) => u32::from(w[i]),
            WallCodes::Long(w) => w[i],
        }
    }

    /// Puts the walls for which `front` holds first, each group in its
    /// order; returns how many there are.
    fn partition(&mut self, mut front: impl FnMut(u32) -> bool) -> usize {
        fn split<T: Copy>(w: &mut Vec<T>, mut front: impl FnMut(T) -> bool) -> usize {
            let (mut first, rest): (Vec<T>, Vec<T>) = w.iter().partition(|&&x| front(x));
            let count = first.len();
            first.extend(rest);
            *w = first;
            count
        }
        match self {
            WallCodes::Short(w) => split(w, |x| front(u32::from(x))),
            WallCodes::Long(w) => split(w, front),
        }
    }
}

impl<S: Topology> ReverseDelete<S> {
    pub(super) fn new(shape: S, params: &Params) -> ReverseDelete<S> {
        let grid = Grid::open_shape(params.shape.clone());
        let mut count = 0;
        shape.for_each_wall_code(|_| count += 1);
        let mut walls = if shape.cells() <= MAX_CELLS {
            let mut short = Vec::with_capacity(count);
            shape.for_each_wall_code(|w| short.push(w as u16));
            WallCodes::Short(short)
        } else {
            // Past the cap (the registry refuses it; a direct caller may
            // not): full-width codes.
            let mut long = Vec::with_capacity(count);
            shape.for_each_wall_code(|w| long.push(w));
            WallCodes::Long(long)
        };
        let cells = shape.cells() as usize;
        let mut rng = Rng::new(params.seed);
        let first = match super::steer::Steering::of(params) {
            Some(steering) => walls.partition(|wall| {
                let (a, b) = shape.wall_cells(wall);
                steering.defer(&shape, a, b, &mut rng)
            }),
            None => walls.len(),
        };
        ReverseDelete {
            extra: grid.openings() + 1 - u64::from(shape.live_cells()),
            grid,
            rng,
            walls,
            first,
            next: 0,
            seen: vec![0; cells],
            search: 0,
            fronts: [Vec::new(), Vec::new()],
            queue: Vec::new(),
            shape,
        }
    }

    /// Whether `a` and `b` are joined through the open passages: two sweeps
    /// grown by turns until they touch or one runs out.
    fn joined(&mut self, a: Cell, b: Cell) -> bool {
        match self.grid.square() {
            // A plain square's neighbours read inline from its bytes: the
            // search is the whole build, and the general call its most.
            Some(d) if !self.grid.is_woven() => {
                self.sweep(a, b, |grid, cell| grid.square_open_neighbors(d.width, cell))
            }
            _ => self.sweep(a, b, Grid::open_neighbors),
        }
    }

    #[inline(always)]
    fn sweep(&mut self, a: Cell, b: Cell, open: impl Fn(&Grid, Cell) -> Neighbors) -> bool {
        // `seen` holds the search's number and, in its lowest bit, which
        // sweep reached the cell: one read a neighbour.
        self.search += 1;
        let stamp = self.search << 1;
        for (side, c) in [a, b].into_iter().enumerate() {
            self.seen[c as usize] = stamp | side as u32;
            self.fronts[side].clear();
            self.fronts[side].push(c);
        }
        loop {
            // Grow the smaller front by one ring.
            let s = usize::from(self.fronts[1].len() < self.fronts[0].len());
            if self.fronts[s].is_empty() {
                return false;
            }
            self.queue.clear();
            for &cell in &self.fronts[s] {
                for &n in open(&self.grid, cell).as_slice() {
                    let mark = self.seen[n as usize];
                    if mark & !1 == stamp {
                        if mark & 1 != s as u32 {
                            return true;
                        }
                        continue;
                    }
                    self.seen[n as usize] = stamp | s as u32;
                    self.queue.push(n);
                }
            }
            std::mem::swap(&mut self.fronts[s], &mut self.queue);
        }
    }
}

impl<S: Topology> Stepper for ReverseDelete<S> {
    const MARKS_NO_CELL: bool = true;

    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if self.next == 0 {
            out.phase(1);
        }
        while self.extra > 0 && self.next < self.walls.len() {
            let i = self.next;
            let end = if i < self.first {
                self.first
            } else {
                self.walls.len()
            };
            let j = i + self.rng.below((end - i) as u32) as usize;
            self.walls.swap(i, j);
            self.next += 1;
            let (a, b) = self.shape.wall_cells(self.walls.get(i));
            self.grid.set_open(a, b, false);
            if self.joined(a, b) {
                self.extra -= 1;
                out.phase(2);
                out.cursor(a);
                out.phase(3);
                out.build(a, b);
                return self.extra > 0;
            }
            self.grid.set_open(a, b, true);
        }
        false
    }
}

impl<S: Topology> Keep for ReverseDelete<S> {}
