//! Weave mazes (Buck): passages may run under a cell whose own passage goes
//! straight across, so the maze crosses over and under itself and stays
//! perfect (one way between any two cells, counting tunnels). Plain squares
//! only: a tunnel joins two cells two apart in a line, under the one between.
//!
//! Growing tree (and so the backtracker, its `newest` pop):
//! 1. Pick a cell from the frontier by the pop strategy.
//! 2. Its candidates are its unvisited neighbours, and the unvisited cells
//!    two away in a line whose middle cell is visited, has its passage
//!    straight across that line (open on both sides across, shut along),
//!    and has nothing under it yet.
//! 3. Carve to a random candidate (through the tunnel if it is one) and add
//!    it to the frontier; with none, drop the cell. Repeat.
//!
//! Kruskal with preset crossings: `weave_kruskal`.
//!
//! The crossings show in the picture as a passage that stops at the edges of
//! the straight cell it runs under and goes on beyond it.

use super::frontier::{Frontier, FrontierStore};
use super::pop::{Pop, PopSpec};
use super::weave_kruskal::WeaveKruskal;
use super::{Params, Step};
use crate::bitset::BitSet;
use crate::event::Mark;
use crate::grid::Grid;
use crate::keep::{Keep, Shown};
use crate::packed::Shared;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::{Cell, Dims, Dir};
use crate::stream::Stepper;

/// The generators that weave.
pub const WEAVERS: [&str; 3] = ["kruskal", "backtracker", "growing-tree"];

/// The weaving version of `name` on the params' plain square, if it has one.
pub fn boxed(name: &str, params: &Params) -> Option<Box<dyn Step>> {
    let dims = params.shape.plain_square()?;
    match name {
        "kruskal" => Some(Box::new(WeaveKruskal::new(dims, params.seed))),
        "backtracker" => Some(Box::new(WeaveTree::new(
            dims,
            params.seed,
            PopSpec::single(Pop::Newest),
        ))),
        "growing-tree" => Some(Box::new(WeaveTree::new(
            dims,
            params.seed,
            params.pop.clone(),
        ))),
        _ => None,
    }
}

/// Whether `cell`'s passage runs straight across `dir`'s line: open on
/// both sides across it, shut along it, nothing under it yet.
fn straight_across(grid: &Grid, cell: Cell, dir: Dir) -> bool {
    if grid.raw()[cell as usize] & (crate::grid::UNDER_EW | crate::grid::UNDER_NS) != 0 {
        return false;
    }
    let (along, across) = match dir {
        Dir::N | Dir::S => ([Dir::N, Dir::S], [Dir::E, Dir::W]),
        Dir::E | Dir::W => ([Dir::E, Dir::W], [Dir::N, Dir::S]),
    };
    across.iter().all(|&d| grid.is_open(cell, d)) && along.iter().all(|&d| !grid.is_open(cell, d))
}

/// A growing tree that may tunnel under straight cells.
#[derive(Clone)]
pub struct WeaveTree {
    dims: Dims,
    /// The maze so far; `None` in a kept copy, whose picture holds it
    /// (`unpack`).
    grid: Option<Grid>,
    rng: Rng,
    pop: PopSpec,
    visited: BitSet,
    frontier: Frontier,
    /// In a kept copy, the frontier's cells instead, oldest first, in
    /// chunks shared with the copy kept before (`pack`).
    kept_frontier: Option<Shared<Cell>>,
    remaining: u32,
    started: bool,
}

impl WeaveTree {
    fn new(dims: Dims, seed: u64, pop: PopSpec) -> WeaveTree {
        let uses = |p| pop.parts().iter().any(|&(q, _)| q == p);
        WeaveTree {
            grid: Some(Grid::closed(dims)),
            dims,
            rng: Rng::new(seed),
            frontier: Frontier::for_pops(uses(Pop::Oldest), uses(Pop::Middle)),
            kept_frontier: None,
            pop,
            visited: BitSet::new(dims.cells() as usize),
            remaining: dims.cells() - 1,
            started: false,
        }
    }

    /// The maze so far (only a kept copy, unpacked before it runs, has none).
    fn grid(&self) -> &Grid {
        self.grid
            .as_ref()
            .expect("a kept copy is unpacked before it runs")
    }

    /// Unvisited neighbours and tunnel ends, N, E, S, W each.
    fn candidates(&self, cell: Cell) -> ([Cell; 8], usize) {
        let mut out = [0; 8];
        let mut n = 0;
        for dir in Dir::ALL {
            let Some(next) = self.dims.step(cell, dir) else {
                continue;
            };
            if !self.visited.contains(next) {
                out[n] = next;
                n += 1;
            } else if let Some(beyond) = self.dims.step(next, dir) {
                if !self.visited.contains(beyond) && straight_across(self.grid(), next, dir) {
                    out[n] = beyond;
                    n += 1;
                }
            }
        }
        (out, n)
    }
}

impl Stepper for WeaveTree {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            let root = self.rng.below(self.dims.cells());
            self.visited.insert(root);
            self.frontier.push(root);
            out.phase(1);
            out.mark(root, Mark::Frontier);
            out.cursor(root);
            return self.remaining > 0;
        }
        if self.remaining == 0 {
            return false;
        }
        let pop = self.pop.choose(&mut self.rng);
        let Some(cell) = self.frontier.take(pop, &mut self.rng) else {
            return false;
        };
        out.cursor(cell);
        let (choices, n) = self.candidates(cell);
        if choices[..n].iter().any(|&c| !self.dims.adjacent(cell, c)) {
            // A way under a straight cell is among the candidates: step 2's
            // rule at work.
            out.phase(2);
        }
        out.phase(3);
        if n == 0 {
            if pop == Pop::Newest {
                self.frontier.pop_newest();
            }
            out.mark(cell, Mark::Blank);
            return true;
        }
        let next = choices[self.rng.below(n as u32) as usize];
        self.grid
            .as_mut()
            .expect("a kept copy is unpacked before it runs")
            .set_open(cell, next, true);
        out.carve(cell, next);
        self.visited.insert(next);
        self.remaining -= 1;
        if pop != Pop::Newest {
            self.frontier.push(cell);
        }
        self.frontier.push(next);
        out.mark(next, Mark::Frontier);
        self.remaining > 0
    }
}

impl Keep for WeaveTree {
    /// The bytes it holds that `earlier` does not also hold.
    fn heap_bytes(&self, earlier: Option<&Self>) -> Option<usize> {
        let kept = self.kept_frontier.as_ref().map_or(0, |kept| {
            let earlier = earlier.and_then(|e| e.kept_frontier.as_ref());
            kept.bytes_beyond(earlier) + kept.overhead_beyond(earlier)
        });
        Some(
            self.visited.heap_bytes()
                + self.grid.as_ref().map_or(0, Grid::heap_bytes)
                + self.frontier.len() * std::mem::size_of::<Cell>()
                + kept,
        )
    }

    /// A kept copy: no maze, its frontier in chunks shared with `earlier`'s.
    fn packed_copy(&self, earlier: Option<&Self>) -> Self {
        let earlier = earlier.and_then(|e| e.kept_frontier.as_ref());
        WeaveTree {
            dims: self.dims,
            grid: None,
            rng: self.rng.clone(),
            pop: self.pop.clone(),
            visited: self.visited.clone(),
            frontier: self.frontier.emptied(),
            kept_frontier: Some(match &self.kept_frontier {
                Some(kept) => kept.clone(),
                None => Shared::new(&self.frontier.cells(), earlier),
            }),
            remaining: self.remaining,
            started: self.started,
        }
    }

    /// The maze is the picture's and the carves not yet handed out.
    fn unpack(&mut self, shown: &Shown) {
        if let Some(kept) = self.kept_frontier.take() {
            for cell in kept.to_vec() {
                self.frontier.push(cell);
            }
            self.grid = Some(shown.maze());
        }
    }
}
