//! Origin shift (CaptainLuma, 2024): a maze kept as arrows, every cell
//! pointing to a neighbour on its way to one cell, the origin, which is
//! moved about at random.
//!
//! 1. Start from any perfect maze as arrows: here a breadth-first tree from
//!    a random origin, every cell pointing to its parent.
//! 2. Pick a random neighbour of the origin. Point the origin at it (open
//!    that wall), make the neighbour the new origin, and remove its arrow
//!    (close the wall it pointed through).
//! 3. Repeat until every cell has been the origin at least once.
//!
//! Each step keeps the arrows a spanning tree, so the maze stays perfect
//! throughout; watched, it is rewired continuously. Moving the origin is
//! Aldous-Broder's walk run backwards, so once the walk has covered every
//! cell the maze is a uniform sample; stopping after a fixed number of
//! steps is not. Its running time is that cover time (n log² n on a grid).

use super::steer::{self, Steering};
use super::Params;
use crate::bitset::BitSet;
use crate::event::Mark;
use crate::record::{FastSquare, Record};
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::{square_wall_bit, EAST_OPEN, SOUTH_OPEN};
use crate::shape::{Topology, Walker};
use crate::stream::{Shown, Stepper};

const NONE: Cell = Cell::MAX;

#[derive(Clone)]
pub struct OriginShift<S: Topology> {
    shape: S,
    rng: Rng,
    /// Each cell's arrow: the neighbour it points to (`NONE` at the origin).
    /// Once the first tree is laid, the picture holds the arrows (every
    /// passage is one, pointing the way to the origin): a kept copy drops
    /// them (`pack`) and follows the passages out from the origin again.
    arrow: Vec<Cell>,
    origin: Cell,
    /// An instant build has moved arrows without writing their walls.
    walls_behind: bool,
    /// The origin as a random walker (squares keep its coordinates): its
    /// moves cost no neighbour list and no multiply.
    at: Walker,
    /// The first tree, laid down a cell per step before shifting starts;
    /// let go once it is laid.
    tree: Vec<Cell>,
    laid: usize,
    /// Whether the tree is laid (and `tree` let go).
    shifting: bool,
    been_origin: BitSet,
    left_to_visit: u32,
    /// The origin before this one, for a run.
    came_from: Cell,
    steering: Option<Box<Steering>>,
}

impl<S: Topology> OriginShift<S> {
    pub(super) fn new(shape: S, params: &Params) -> OriginShift<S> {
        let mut rng = Rng::new(params.seed);
        let cells = shape.cells() as usize;
        let origin = shape.random_cell(&mut rng);
        // A breadth-first tree: the starting maze, every cell's arrow its parent.
        let mut arrow = vec![NONE; cells];
        let mut seen = BitSet::new(cells);
        let mut tree = vec![origin];
        seen.insert(origin);
        let mut head = 0;
        while head < tree.len() {
            let cell = tree[head];
            head += 1;
            for &n in shape.neighbors(cell).as_slice() {
                if shape.is_cell(n) && !seen.contains(n) {
                    seen.insert(n);
                    arrow[n as usize] = cell;
                    tree.push(n);
                }
            }
        }
        let mut been_origin = BitSet::new(cells);
        been_origin.insert(origin);
        let at = shape.walker(origin);
        OriginShift {
            left_to_visit: shape.live_cells() - 1,
            shape,
            rng,
            arrow,
            origin,
            at,
            walls_behind: false,
            tree,
            laid: 1,
            shifting: false,
            been_origin,
            came_from: NONE,
            steering: Steering::of(params),
        }
    }
}

impl<S: Topology> Stepper for OriginShift<S> {
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if let Some(&cell) = self.tree.get(self.laid) {
            out.phase(1);
            self.laid += 1;
            out.carve(cell, self.arrow[cell as usize]);
            return true;
        }
        if !self.shifting {
            self.shifting = true;
            self.tree = Vec::new();
            out.mark(self.origin, Mark::Frontier);
            out.cursor(self.origin);
        }
        if self.left_to_visit == 0 {
            if let Some(mut fast) = out.fast_square().filter(|_| self.walls_behind) {
                self.fast_walls(&mut fast);
            }
            out.phase(3);
            out.mark(self.origin, Mark::Blank);
            return false;
        }
        out.phase(2);
        // The fast path walks unsteered.
        if let Some(mut fast) = out.fast_square().filter(|_| self.steering.is_none()) {
            return self.fast_shift(&mut fast);
        }
        let old = self.origin;
        let (next, behind) = if self.steering.is_some() {
            self.move_origin_steered(old)
        } else {
            self.move_origin(old)
        };
        if behind != old {
            // The wall the new origin pointed through closes; the old
            // origin's new arrow opens one (if they are the same passage,
            // it only turns round).
            out.carve(old, next);
            out.build(next, behind);
        }
        self.origin = next;
        out.mark(old, Mark::Blank);
        out.mark(next, Mark::Frontier);
        out.cursor(next);
        true
    }

    fn heap_bytes(&self) -> Option<usize> {
        // A steered run keeps a field of its own: counted at the most.
        let cells = std::mem::size_of::<Cell>() * (self.arrow.capacity() + self.tree.capacity());
        self.steering
            .is_none()
            .then(|| cells + self.been_origin.heap_bytes())
    }

    /// Once shifting, the arrows are the picture's passages: a kept copy
    /// drops them (four bytes a cell), unless an instant build has left
    /// the walls behind the arrows.
    fn pack(&mut self) {
        if self.drops_arrows() {
            self.arrow = Vec::new();
        }
    }

    /// Made without copying the arrows it drops.
    fn packed_copy(&self) -> OriginShift<S> {
        if !self.drops_arrows() {
            return self.clone();
        }
        OriginShift {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            arrow: Vec::new(),
            origin: self.origin,
            walls_behind: self.walls_behind,
            at: self.at,
            tree: Vec::new(),
            laid: self.laid,
            shifting: self.shifting,
            been_origin: self.been_origin.clone(),
            left_to_visit: self.left_to_visit,
            came_from: self.came_from,
            steering: self.steering.clone(),
        }
    }

    /// The arrows again: every cell points to the one before it on the
    /// way to the origin, through the picture's passages (and those of a
    /// step made but not yet handed out).
    fn unpack(&mut self, shown: &Shown) {
        if !self.shifting || !self.arrow.is_empty() {
            return;
        }
        let mut pending = None;
        if shown.pending.iter().any(|e| e.is_structural()) {
            let mut grid = shown.grid.clone();
            for event in shown.pending {
                grid.apply(event);
            }
            pending = Some(grid);
        }
        let grid = pending.as_ref().unwrap_or(shown.grid);
        // `parents` marks the origin and unreached cells as `NONE` does.
        self.arrow = crate::analyze::parents(grid, self.origin);
    }
}

impl<S: Topology> OriginShift<S> {
    /// Whether a kept copy leaves its arrows to the picture.
    fn drops_arrows(&self) -> bool {
        self.shifting && !self.walls_behind
    }
}

impl<S: Topology> OriginShift<S> {
    /// Step 2 once, from the origin `old` (`self.origin` is left to the
    /// caller): the walker moves to a random neighbour, `old` points to
    /// it, and it points nowhere. Returns the new origin and where it
    /// pointed before.
    #[inline(always)]
    fn move_origin(&mut self, old: Cell) -> (Cell, Cell) {
        self.shape.step_random(&mut self.at, &mut self.rng);
        self.point_from(old)
    }

    /// Step 2 with the walk steered by the run and the grain (`steer.rs`).
    fn move_origin_steered(&mut self, old: Cell) -> (Cell, Cell) {
        let came_from = self.came_from;
        steer::walk(
            &self.steering,
            &self.shape,
            &mut self.at,
            || (came_from != NONE).then_some(came_from),
            &mut self.rng,
        );
        self.came_from = old;
        self.point_from(old)
    }

    /// The walker has moved on from `old`: `old` points to it and it
    /// points nowhere. Returns it and where it pointed before.
    #[inline(always)]
    fn point_from(&mut self, old: Cell) -> (Cell, Cell) {
        let next = self.at.cell;
        let behind = self.arrow[next as usize];
        self.arrow[old as usize] = next;
        self.arrow[next as usize] = NONE;
        if !self.been_origin.contains(next) {
            self.been_origin.insert(next);
            self.left_to_visit -= 1;
        }
        (next, behind)
    }
}

/// Origin moves a fast-path call makes (see `fast_shift`).
const FAST_MOVES: u32 = 256;

/// Fast path: an instant build on a plain square, tested equal to the
/// step above. The cover time makes millions of moves: they run in a loop
/// of their own, counting what an animated run shows, and the walls are
/// written once from the arrows at the end rather than twice a move.
impl<S: Topology> OriginShift<S> {
    /// Up to `FAST_MOVES` moves of step 2 (a call at a time, not the whole
    /// walk, so that a browser's optimised code takes over between calls).
    #[inline(always)]
    fn fast_shift(&mut self, fast: &mut FastSquare) -> bool {
        let (mut walls, mut visuals) = (0u64, 0u64);
        let mut origin = self.origin;
        for _ in 0..FAST_MOVES {
            if self.left_to_visit == 0 {
                break;
            }
            let (next, behind) = self.move_origin(origin);
            // A carve and a build, unless the arrow only turns round.
            walls += 2 * u64::from(behind != origin);
            // The old origin's mark and the new one's, and the cursor's
            // move when the walker moved.
            visuals += 2 + u64::from(next != origin);
            origin = next;
        }
        self.walls_behind |= walls > 0;
        self.origin = origin;
        fast.counted(walls, visuals, Some(origin));
        true
    }

    /// The square's walls written from the arrows (every cell's arrow is
    /// an opening), once the walk is over.
    fn fast_walls(&mut self, fast: &mut FastSquare) {
        for b in fast.bits.iter_mut() {
            *b &= !(EAST_OPEN | SOUTH_OPEN);
        }
        for (cell, &to) in self.arrow.iter().enumerate() {
            if to != NONE {
                let (lo, hi) = ((cell as Cell).min(to), (cell as Cell).max(to));
                fast.bits[lo as usize] |=
                    square_wall_bit(fast.width, lo, hi).expect("arrows point to neighbours");
            }
        }
        self.walls_behind = false;
    }
}
