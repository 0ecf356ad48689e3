//! Hunt-and-kill: a random walk until stuck, then a hunt for a new start.
//!
//! 1. Start a walk at a random cell.
//! 2. Kill: carve into a random unvisited neighbour and move there, until the
//!    walk has no unvisited neighbour.
//! 3. Hunt: take the first unvisited cell in row-major order that touches the
//!    maze, link it to a random visited neighbour, and walk on from it.
//! 4. Stop when every cell is visited.
//!
//! Its mazes look like the backtracker's: long winding corridors and few dead
//! ends (about 10%). The textbook hunt rescans from the top every time, which
//! is quadratic; here every hunt is O(1) amortised. A pointer to the first
//! unvisited cell only moves forward, and every cell before it is visited, so
//! that cell has a visited lower-numbered neighbour (west or north; on rings
//! counter-clockwise or inward), unless it is cell 0. While cell 0 is
//! unvisited, the hunt takes instead a lower-numbered neighbour of the lowest
//! visited cell: it is unvisited, and it touches the maze. On shapes where
//! some cells have no lower-numbered neighbour (triangles, masks) the hunt
//! takes the latest cell seen beside the maze instead.

use super::steer::{self, Steering};
use super::Params;
use crate::bitset::BitSet;
use crate::keep::Keep;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::{Lower, Topology};
use crate::stream::Stepper;

#[derive(Clone)]
pub struct HuntAndKill<S: Topology> {
    shape: S,
    /// Off the plain square, cells seen beside the maze, for the hunt; each
    /// is listed once, so the list stays under four bytes a cell.
    beside: Vec<Cell>,
    listed: BitSet,
    rng: Rng,
    visited: BitSet,
    at: Cell,
    first_unvisited: Cell,
    lowest_visited: Cell,
    remaining: u32,
    started: bool,
    /// The cell the walk came from (`Cell::MAX` at the start), for a run.
    came_from: Cell,
    steering: Option<Box<Steering>>,
}

impl<S: Topology> HuntAndKill<S> {
    pub(super) fn new(shape: S, params: &Params) -> HuntAndKill<S> {
        HuntAndKill {
            visited: BitSet::new(shape.cells() as usize),
            remaining: shape.live_cells() - 1,
            listed: BitSet::new(if shape.lower(0).is_some() {
                0
            } else {
                shape.cells() as usize
            }),
            shape,
            beside: Vec::new(),
            rng: Rng::new(params.seed),
            at: 0,
            first_unvisited: 0,
            lowest_visited: u32::MAX,
            started: false,
            came_from: Cell::MAX,
            steering: Steering::of(params),
        }
    }

    /// Whether the shape's numbering fills in order (`Topology::lower`):
    /// then the hunt needs no list. A constant on the tilings' own types.
    #[inline(always)]
    fn in_order(&self) -> bool {
        self.shape.lower(0).is_some()
    }

    fn visit(&mut self, cell: Cell) {
        self.visited.insert(cell);
        self.lowest_visited = self.lowest_visited.min(cell);
        if !self.in_order() {
            for &n in self.shape.neighbors(cell).as_slice() {
                if !self.visited.contains(n) && !self.listed.contains(n) {
                    self.listed.insert(n);
                    self.beside.push(n);
                }
            }
        }
    }

    /// An unvisited cell with a visited neighbour, in O(1) amortised.
    fn hunt(&mut self) -> Cell {
        if !self.in_order() {
            // Every cell pushed here was beside a visited one when pushed.
            while let Some(cell) = self.beside.pop() {
                if !self.visited.contains(cell) {
                    return cell;
                }
            }
            unreachable!("a connected shape has a cell beside the maze until all are in");
        }
        while self.visited.contains(self.first_unvisited) {
            self.first_unvisited += 1;
        }
        let first = self.first_unvisited;
        let shape = &self.shape;
        if first > 0 {
            return match shape.lower(first) {
                // No lower neighbour: its stand-in touches the maze through
                // its own lower neighbour, or is in the maze and touches
                // `first`.
                Some(Lower::StandIn(s)) if !self.visited.contains(s) => s,
                _ => first,
            };
        }
        // Cell 0 is in the maze: the lowest cell in it touches one outside.
        match shape.lower(self.lowest_visited) {
            Some(Lower::Neighbor(n)) => n,
            Some(Lower::StandIn(s)) if !self.visited.contains(s) => s,
            Some(Lower::StandIn(s)) => match shape.lower(s) {
                Some(Lower::Neighbor(n)) => n,
                _ => unreachable!("a stand-in has a lower-numbered neighbour"),
            },
            _ => unreachable!("the lowest cell in the maze is not cell 0"),
        }
    }
}

impl<S: Topology> HuntAndKill<S> {
    /// The next passage: on from the walk's cell (step 2), or from the
    /// cell the hunt finds (step 3). Returns it and the step.
    #[inline(always)]
    fn next_link(&mut self) -> (Cell, Cell, u8) {
        let visited = &self.visited;
        let came_from = self.came_from;
        let walk = steer::neighbor(
            &self.steering,
            &self.shape,
            self.at,
            || (came_from != Cell::MAX).then_some(came_from),
            &mut self.rng,
            |n| !visited.contains(n),
        );
        match walk {
            Some(next) => (self.at, next, 2),
            None => {
                let found = self.hunt();
                let visited = &self.visited;
                let link = steer::neighbor(
                    &self.steering,
                    &self.shape,
                    found,
                    || None,
                    &mut self.rng,
                    |n| visited.contains(n),
                )
                .expect("the hunt finds a cell beside the maze");
                (link, found, 3)
            }
        }
    }
}

impl<S: Topology> Stepper for HuntAndKill<S> {
    const MARKS_NO_CELL: bool = true;

    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            self.at = self.shape.random_cell(&mut self.rng);
            self.visit(self.at);
            out.phase(1);
            out.cursor(self.at);
            return self.remaining > 0;
        }
        if self.remaining == 0 {
            out.phase(4);
            return false;
        }
        let (from, to, k) = self.next_link();
        out.phase(k);
        out.carve(from, to);
        self.visit(to);
        self.remaining -= 1;
        self.at = to;
        self.came_from = from;
        out.cursor(to);
        if self.remaining == 0 {
            out.phase(4);
        }
        self.remaining > 0
    }
}

impl<S: Topology> Keep for HuntAndKill<S> {
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        // A steered run keeps a field of its own: counted at the most.
        self.steering.is_none().then(|| {
            self.visited.heap_bytes()
                + self.listed.heap_bytes()
                + self.beside.len() * std::mem::size_of::<Cell>()
        })
    }
}
