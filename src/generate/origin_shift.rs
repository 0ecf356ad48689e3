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
use crate::grid::Grid;
use crate::keep::{Keep, Shown};
use crate::packed::{Chunked, Packed, Shared};
use crate::record::{FastPaint, FastSquare, Record};
use crate::rng::Rng;
use crate::shape::{square_wall_bit, EAST_OPEN, SOUTH_OPEN};
use crate::shape::{Cell, Dims};
use crate::shape::{Topology, Walker};
use crate::stream::Stepper;

const NONE: Cell = Cell::MAX;

#[derive(Clone)]
pub struct OriginShift<S: Topology> {
    shape: S,
    rng: Rng,
    /// Each cell's arrow: the neighbour it points to (`NONE` at the origin).
    arrow: Vec<Cell>,
    origin: Cell,
    /// An instant build, or a long replay (`painted_shift`), has moved
    /// arrows without writing their walls (`fast_walls` writes them).
    walls_behind: bool,
    /// The origin as a random walker (squares keep its coordinates): its
    /// moves cost no neighbour list and no multiply.
    at: Walker,
    /// The first tree's cells in the order they are laid, a cell per step
    /// before shifting starts; let go once it is laid. An unpacked copy
    /// makes it again only when a step lays a cell (`tree_cell`).
    tree: Vec<Cell>,
    /// How many cells the first tree holds, and how many are laid.
    tree_len: usize,
    laid: usize,
    /// Whether the tree is laid (and `tree` let go).
    shifting: bool,
    been_origin: BitSet,
    left_to_visit: u32,
    /// The origin before this one, for a run.
    came_from: Cell,
    steering: Option<Box<Steering>>,
    /// What a kept copy holds instead of `arrow`, `tree` and `been_origin`
    /// (`pack`); `None` in a running copy.
    kept: Option<Box<Kept>>,
}

/// A kept copy's arrows and the cells that have been the origin, small: four
/// bytes a cell of arrows make a timeline's checkpoints of a big maze too
/// big to keep more than a few, and working them out again from the
/// picture's passages (a breadth-first walk from the origin) takes a seek
/// longer than its replay.
#[derive(Clone)]
struct Kept {
    /// Each cell's arrow as the number of the side it points through
    /// (`Topology::side`), two bits a cell on a square; `None` while the
    /// first tree is laid, whose arrows are worked out again from the
    /// origin (`first_arrows`).
    sides: Option<Chunked>,
    /// The live cells whose arrow points nowhere (the origin), whose side
    /// number is a stand-in.
    nowhere: Vec<Cell>,
    /// `been_origin`'s words, in chunks shared with the copy kept before
    /// (late in a run, nearly every cell has been the origin).
    been_origin: Shared<u64>,
}

impl<S: Topology> OriginShift<S> {
    pub(super) fn new(shape: S, params: &Params) -> OriginShift<S> {
        let mut rng = Rng::new(params.seed);
        let cells = shape.cells() as usize;
        let origin = shape.random_cell(&mut rng);
        let (arrow, tree) = match square_offsets(&shape) {
            // A plain square's, cell by cell (tested equal to the walk).
            Some(_) => (first_arrows(&shape, origin), first_order(&shape, origin)),
            None => first_tree(&shape, origin),
        };
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
            tree_len: tree.len(),
            tree,
            laid: 1,
            shifting: false,
            been_origin,
            came_from: NONE,
            steering: Steering::of(params),
            kept: None,
        }
    }
}

/// Step 1: a breadth-first tree from `origin`, the starting maze: every
/// cell's arrow (its parent), and the cells in the order they are laid.
fn first_tree<S: Topology>(shape: &S, origin: Cell) -> (Vec<Cell>, Vec<Cell>) {
    let cells = shape.cells() as usize;
    let mut arrow = vec![NONE; cells];
    let mut seen = BitSet::new(cells);
    let mut tree = Vec::with_capacity(shape.live_cells() as usize);
    tree.push(origin);
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
    (arrow, tree)
}

/// The first tree's arrows (`first_tree`'s), worked out cell by cell on
/// a plain square, in the cells' order rather than the breadth-first
/// walk's, whose writes scatter over the rows. On a square with
/// neighbours taken north, east, south and west, the walk reaches a cell
/// in line with the origin along that line, a cell south-east of it from
/// the north, and any other from its side nearer the origin's column.
/// Tested equal to the walk.
fn first_arrows<S: Topology>(shape: &S, origin: Cell) -> Vec<Cell> {
    let Some(dims) = (shape as &dyn std::any::Any).downcast_ref::<Dims>() else {
        return first_tree(shape, origin).0;
    };
    let (width, height) = (dims.width, dims.height);
    let (ox, oy) = (origin % width, origin / width);
    let mut arrow = Vec::with_capacity(shape.cells() as usize);
    for y in 0..height {
        for x in 0..width {
            let cell = y * width + x;
            arrow.push(if x == ox {
                match y.cmp(&oy) {
                    std::cmp::Ordering::Greater => cell - width,
                    std::cmp::Ordering::Less => cell + width,
                    std::cmp::Ordering::Equal => NONE,
                }
            } else if x > ox && y > oy {
                cell - width
            } else if x > ox {
                cell - 1
            } else {
                cell + 1
            });
        }
    }
    arrow
}

/// The order in which the first tree lays its cells (`first_tree`'s),
/// worked out ring by ring on a plain square: a fast path, tested equal
/// to the walk, that needs no queue and no set of cells seen. The walk
/// from a cell on the origin's column goes on along the column, and from
/// any other cell in a straight line (a cell's parent is the one
/// `first_arrows` names), so the cells `d` steps from the origin come in
/// one order, clipped to the square: straight up; the rows above the
/// origin, nearest first, each its east cell then its west; straight
/// east; the columns hanging south of the origin's row, westward; straight
/// down; the rows below, nearest the origin's column first; straight west.
fn first_order<S: Topology>(shape: &S, origin: Cell) -> Vec<Cell> {
    let Some(dims) = (shape as &dyn std::any::Any).downcast_ref::<Dims>() else {
        return first_tree(shape, origin).1;
    };
    let (w, h) = (i64::from(dims.width), i64::from(dims.height));
    let (ox, oy) = (i64::from(origin) % w, i64::from(origin) / w);
    // How far the square reaches east, west, north and south of the origin.
    let (east, west, north, south) = (w - 1 - ox, ox, oy, h - 1 - oy);
    let mut order = Vec::with_capacity(shape.cells() as usize);
    let at = |dx: i64, dy: i64| ((oy + dy) * w + ox + dx) as Cell;
    order.push(origin);
    for d in 1..=east.max(west) + north.max(south) {
        if d <= north {
            order.push(at(0, -d));
        }
        // Row `j` above: its cells `d - j` east and west.
        for j in ((d - east.max(west)).max(1)..=north.min(d - 1)).rev() {
            if d - j <= east {
                order.push(at(d - j, -j));
            }
            if d - j <= west {
                order.push(at(j - d, -j));
            }
        }
        if d <= east {
            order.push(at(d, 0));
        }
        // Column `d - k` east, `k` below the origin's row.
        for k in (d - east).max(1)..=south.min(d - 1) {
            order.push(at(d - k, k));
        }
        if d <= south {
            order.push(at(0, d));
        }
        // Row `d - k` below, its cell `k` west.
        for k in (d - south).max(1)..=west.min(d - 1) {
            order.push(at(-k, d - k));
        }
        if d <= west {
            order.push(at(-d, 0));
        }
    }
    order
}

impl<S: Topology> Stepper for OriginShift<S> {
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.shifting && self.laid < self.tree_len {
            out.phase(1);
            if let Some(mut paint) = out.fast_paint().filter(|p| p.room > 0) {
                return self.painted_laying(&mut paint);
            }
            let cell = self.tree_cell(self.laid);
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
        // The fast paths walk unsteered.
        if let Some(mut fast) = out.fast_square().filter(|_| self.steering.is_none()) {
            return self.fast_shift::<false>(&mut fast, 0);
        }
        if let Some(mut paint) = out.fast_paint().filter(|_| self.steering.is_none()) {
            // With no room left for a move it makes none, and says so,
            // which ends the replay (`Replaying::kept_to_room`): the
            // events left are handed out one by one.
            return self.painted_shift(&mut paint);
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
}

impl<S: Topology> Keep for OriginShift<S> {
    fn heap_bytes(&self, earlier: Option<&Self>) -> Option<usize> {
        self.bytes_beyond(earlier)
    }

    /// A long replay's moves left the walls to its end (`painted_shift`).
    fn end_replay<R: Record>(&mut self, out: &mut R) {
        if self.walls_behind {
            if let Some(mut paint) = out.fast_paint() {
                *paint.opened += self.fast_walls(&mut paint.square);
            }
        }
    }

    fn packed_copy(&self, earlier: Option<&Self>) -> Self {
        self.packed_after(earlier)
    }

    /// Once the first tree is laid, the passages are the arrows, which a
    /// kept copy holds: its checkpoint keeps no walls of its own. (While
    /// the tree is laid, a kept copy holds no arrows.) Plain squares only,
    /// where they are drawn in one pass.
    fn draws_walls(&self) -> bool {
        let holds_arrows = self.kept.as_ref().is_some_and(|k| k.sides.is_some());
        holds_arrows && square_offsets(&self.shape).is_some()
    }

    /// Every passage is a cell's arrow.
    fn draw_walls(&self, grid: &mut Grid) {
        let Some(width) = grid.square().map(|d| d.width) else {
            return;
        };
        grid.restore_wall_bytes(
            |bits| {
                bits.fill(0);
                open_arrows(&self.arrow, width, bits);
            },
            false,
        );
    }

    /// The arrows again: from their sides, or, while the first tree is
    /// laid, by working it out again from the origin (its order of cells
    /// only when a step lays one).
    fn unpack(&mut self, _shown: &Shown) {
        let Some(kept) = self.kept.take() else {
            return;
        };
        self.been_origin = BitSet::from_words(kept.been_origin.to_vec());
        match &kept.sides {
            Some(sides) => self.arrow = arrows_from_sides(&self.shape, sides, &kept.nowhere),
            None => self.arrow = first_arrows(&self.shape, self.origin),
        }
    }
}

/// A kept copy's arrows as side numbers (`Kept::sides`), and the live
/// cells that point nowhere.
fn sides_of_arrows<S: Topology>(shape: &S, arrow: &[Cell]) -> (Packed, Vec<Cell>) {
    let mut nowhere = Vec::new();
    let square = square_offsets(shape);
    let sides: Vec<u8> = (0..arrow.len() as Cell)
        .map(|cell| {
            let to = arrow[cell as usize];
            if to == NONE {
                if shape.is_cell(cell) {
                    nowhere.push(cell);
                }
                return 0;
            }
            if let Some(offsets) = square {
                let step = to.wrapping_sub(cell);
                return offsets.iter().position(|&o| o == step).unwrap_or(0) as u8;
            }
            let mut side = 0;
            shape.for_each_side(cell, |k, n| {
                if n == Some(to) {
                    side = k as u8;
                }
            });
            side
        })
        .collect();
    (Packed::pack(&sides, |k| k), nowhere)
}

/// The arrows a kept copy's side numbers stand for (`sides_of_arrows`).
fn arrows_from_sides<S: Topology>(shape: &S, sides: &Chunked, nowhere: &[Cell]) -> Vec<Cell> {
    let mut numbers = Vec::new();
    sides.unpack_into(&mut numbers, |k| k);
    let mut arrow: Vec<Cell> = match square_offsets(shape) {
        Some(offsets) => numbers
            .iter()
            .enumerate()
            .map(|(cell, &k)| (cell as Cell).wrapping_add(offsets[usize::from(k & 3)]))
            .collect(),
        None => numbers
            .iter()
            .enumerate()
            .map(|(cell, &k)| {
                let cell = cell as Cell;
                match shape.is_cell(cell) {
                    true => shape.side(cell, usize::from(k)).unwrap_or(NONE),
                    false => NONE,
                }
            })
            .collect(),
    };
    for &cell in nowhere {
        arrow[cell as usize] = NONE;
    }
    arrow
}

/// On a plain square, the steps from a cell to its four neighbours (added
/// with wrapping), a side's number the place of its step here: side
/// numbers are made and read back without working out a cell's row and
/// column.
fn square_offsets<S: Topology>(shape: &S) -> Option<[Cell; 4]> {
    let dims = (shape as &dyn std::any::Any).downcast_ref::<Dims>()?;
    Some([dims.width.wrapping_neg(), 1, dims.width, Cell::MAX])
}

impl<S: Topology> OriginShift<S> {
    /// A kept copy (`Keep::packed_copy`), sharing what it can with `earlier`,
    /// the copy kept before it. While the first tree is laid it keeps no
    /// arrows (they are worked out again from the origin); an instant
    /// build's copy whose walls lag its arrows is kept whole.
    fn packed_after(&self, earlier: Option<&OriginShift<S>>) -> OriginShift<S> {
        if self.kept.is_some() || self.walls_behind {
            return self.clone();
        }
        let before = earlier.and_then(|e| e.kept.as_deref());
        let (sides, nowhere) = match self.shifting {
            true => {
                let (sides, nowhere) = sides_of_arrows(&self.shape, &self.arrow);
                let earlier_sides = before.and_then(|b| b.sides.as_ref());
                (Some(Chunked::new(sides, earlier_sides)), nowhere)
            }
            false => (None, Vec::new()),
        };
        let been_origin = Shared::new(self.been_origin.words(), before.map(|b| &b.been_origin));
        OriginShift {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            arrow: Vec::new(),
            origin: self.origin,
            walls_behind: self.walls_behind,
            at: self.at,
            tree: Vec::new(),
            tree_len: self.tree_len,
            laid: self.laid,
            shifting: self.shifting,
            been_origin: BitSet::new(0),
            left_to_visit: self.left_to_visit,
            came_from: self.came_from,
            steering: self.steering.clone(),
            kept: Some(Box::new(Kept {
                sides,
                nowhere,
                been_origin,
            })),
        }
    }

    /// The bytes it holds that `earlier` does not also hold; a steered run
    /// keeps a field of its own, and counts nothing (the timeline counts
    /// it at its measured most).
    fn bytes_beyond(&self, earlier: Option<&OriginShift<S>>) -> Option<usize> {
        if self.steering.is_some() {
            return None;
        }
        let running = std::mem::size_of::<Cell>() * (self.arrow.capacity() + self.tree.capacity())
            + self.been_origin.heap_bytes();
        let kept = self.kept.as_deref().map_or(0, |kept| {
            let before = earlier.and_then(|e| e.kept.as_deref());
            let sides = kept.sides.as_ref().map_or(0, |sides| {
                let earlier = before.and_then(|b| b.sides.as_ref());
                sides.bytes_beyond(earlier) + sides.overhead_beyond(earlier)
            });
            let been = before.map(|b| &b.been_origin);
            std::mem::size_of::<Kept>()
                + sides
                + std::mem::size_of::<Cell>() * kept.nowhere.capacity()
                + kept.been_origin.bytes_beyond(been)
                + kept.been_origin.overhead_beyond(been)
        });
        Some(running + kept)
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

/// A seek's replay of at least this many events a cell leaves the walls
/// to its end (`painted_shift`): writing them all once from the arrows
/// then costs less than writing each move's.
const LONG_REPLAY: u64 = 4;

/// The most events one move of step 2 makes: a carve, a build, two marks
/// and the cursor's move.
const MOST_EVENTS_A_MOVE: u64 = 5;

/// Where a plain square keeps the wall between neighbours `a` and `b`:
/// the cell and its bit, with no branch on which wall it is.
#[inline(always)]
fn square_wall(width: u32, a: Cell, b: Cell) -> (usize, u8) {
    let (lo, hi) = (a.min(b), a.max(b));
    debug_assert!(square_wall_bit(width, lo, hi).is_some(), "neighbours");
    // South first, as `square_wall_bit` tests it (one column wide, the
    // cell below is also the next one).
    let bit = if hi - lo == width {
        SOUTH_OPEN
    } else {
        EAST_OPEN
    };
    (lo as usize, bit)
}

/// Opens, in a plain square's wall bits, the passage each cell's arrow
/// points through (every passage of an origin shift maze is one).
fn open_arrows(arrow: &[Cell], width: u32, bits: &mut [u8]) {
    for (cell, &to) in arrow.iter().enumerate() {
        if to != NONE {
            let (lo, bit) = square_wall(width, cell as Cell, to);
            bits[lo] |= bit;
        }
    }
}

/// Fast path: an instant build on a plain square, tested equal to the
/// step above. The cover time makes millions of moves: they run in a loop
/// of their own, counting what an animated run shows, and the walls are
/// written once from the arrows at the end rather than twice a move.
impl<S: Topology> OriginShift<S> {
    /// Up to `FAST_MOVES` moves of step 2 (a call at a time, not the whole
    /// walk, so that a browser's optimised code takes over between calls),
    /// and, in a seek's replay (`LIMITED`), no more than fit in `room`
    /// events: the instant build's loop keeps no count of them.
    #[inline(always)]
    fn fast_shift<const LIMITED: bool>(&mut self, fast: &mut FastSquare, mut room: u64) -> bool {
        let (mut walls, mut visuals) = (0u64, 0u64);
        let mut origin = self.origin;
        for _ in 0..FAST_MOVES {
            if self.left_to_visit == 0 || (LIMITED && room < MOST_EVENTS_A_MOVE) {
                break;
            }
            let (next, behind) = self.move_origin(origin);
            // A carve and a build, unless the arrow only turns round.
            let turned = 2 * u64::from(behind != origin);
            // The old origin's mark and the new one's, and the cursor's
            // move when the walker moved.
            let shown = 2 + u64::from(next != origin);
            walls += turned;
            visuals += shown;
            if LIMITED {
                room -= turned + shown;
            }
            origin = next;
        }
        self.walls_behind |= walls > 0;
        self.origin = origin;
        fast.counted(walls, visuals, Some(origin));
        true
    }

    /// The `k`th cell the first tree lays (`make_tree`).
    fn tree_cell(&mut self, k: usize) -> Cell {
        self.make_tree();
        self.tree[k]
    }

    /// Makes the first tree's order of cells again, if a kept copy let it go.
    fn make_tree(&mut self) {
        if self.tree.is_empty() {
            self.tree = first_order(&self.shape, self.origin);
        }
    }

    /// Step 1 in a seek's replay, within the events left before its
    /// limit: each cell's passage to its parent opened in the bits, a
    /// carve each. A replay that goes past the rest of the tree opens
    /// every arrow's passage in one pass along the cells (those laid
    /// already are open); a shorter one lays up to `FAST_MOVES` cells in
    /// the tree's order.
    #[inline(always)]
    fn painted_laying(&mut self, paint: &mut FastPaint) -> bool {
        let width = paint.square.width;
        let left = self.tree_len - self.laid;
        if paint.room >= left as u64 {
            open_arrows(&self.arrow, width, paint.square.bits);
            paint.square.counted(left as u64, 0, None);
            *paint.opened += left as i64;
            self.laid = self.tree_len;
            return true;
        }
        let end = self.laid + left.min(paint.room.min(u64::from(FAST_MOVES)) as usize);
        self.make_tree();
        for &cell in &self.tree[self.laid..end] {
            let (lo, bit) = square_wall(width, cell, self.arrow[cell as usize]);
            paint.square.bits[lo] |= bit;
        }
        paint.square.counted((end - self.laid) as u64, 0, None);
        *paint.opened += (end - self.laid) as i64;
        self.laid = end;
        true
    }

    /// Up to `FAST_MOVES` moves of step 2 in a seek's replay, within the
    /// events left before its limit: `fast_shift`'s moves, with the marks
    /// painted once for the batch (the origin is the one marked cell:
    /// every cell it left is blank again). A replay long beside the maze
    /// leaves the walls to its end, as the instant build does
    /// (`end_replay`); a shorter one writes each move's two. With less
    /// room than a move may take, it makes none.
    #[inline(always)]
    fn painted_shift(&mut self, paint: &mut FastPaint) -> bool {
        let start = self.origin;
        if paint.room >= LONG_REPLAY * self.arrow.len() as u64 {
            self.walls_behind = true;
        }
        if self.walls_behind {
            self.fast_shift::<true>(&mut paint.square, paint.room);
        } else {
            self.shift_writing_walls(paint);
        }
        paint.marks.paint(start, Mark::Blank);
        paint.marks.paint(self.origin, Mark::Frontier);
        true
    }

    /// `fast_shift`, each move writing its two walls, without a branch on
    /// which.
    #[inline(always)]
    fn shift_writing_walls(&mut self, paint: &mut FastPaint) {
        let width = paint.square.width;
        let mut origin = self.origin;
        let (mut walls, mut visuals, mut room) = (0u64, 0u64, paint.room);
        for _ in 0..FAST_MOVES {
            if self.left_to_visit == 0 || room < MOST_EVENTS_A_MOVE {
                break;
            }
            let (next, behind) = self.move_origin(origin);
            let turned = u64::from(behind != origin);
            // The old origin's new arrow opens (already open if `next`
            // pointed to it), and the wall `next` pointed through closes
            // unless that is the same passage.
            let (cell, bit) = square_wall(width, origin, next);
            paint.square.bits[cell] |= bit;
            let (cell, bit) = square_wall(width, next, behind);
            paint.square.bits[cell] &= !(bit & 0u8.wrapping_sub(turned as u8));
            let shown = 2 + u64::from(next != origin);
            walls += 2 * turned;
            visuals += shown;
            room -= 2 * turned + shown;
            origin = next;
        }
        self.origin = origin;
        paint.square.counted(walls, visuals, Some(origin));
    }

    /// The square's walls written from the arrows (every cell's arrow is
    /// an opening), once the walk is over or a long replay has ended.
    /// Returns the passages opened less those closed, for a replay's count
    /// (`FastPaint::opened`): none when only the arrows' moves were left
    /// behind (a spanning tree before and after), but counted rather than
    /// assumed, as any wall a step wrote meanwhile was written over walls
    /// that lagged the arrows.
    fn fast_walls(&mut self, fast: &mut FastSquare) -> i64 {
        // Eight cells' bits at a time.
        let passages = |bits: &[u8]| -> i64 {
            let mask = u64::from_le_bytes([EAST_OPEN | SOUTH_OPEN; 8]);
            let words = bits.chunks_exact(8);
            let tail = words.remainder().iter().map(|&b| u64::from(b) & mask);
            words
                .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")) & mask)
                .chain(tail)
                .map(|w| i64::from(w.count_ones()))
                .sum()
        };
        let before = passages(fast.bits);
        for b in fast.bits.iter_mut() {
            *b &= !(EAST_OPEN | SOUTH_OPEN);
        }
        open_arrows(&self.arrow, fast.width, fast.bits);
        self.walls_behind = false;
        passages(fast.bits) - before
    }
}

#[cfg(test)]
mod tests {
    use crate::generate::{Generator, Params};
    use crate::shape::{Mask, Shape};

    /// The first tree's arrows worked out cell by cell on a plain square
    /// are the breadth-first walk's, for every origin of small squares.
    #[test]
    fn the_first_trees_arrows_are_the_walks() {
        use crate::shape::Dims;
        for (width, height) in [(1, 1), (1, 7), (7, 1), (2, 2), (5, 4), (9, 13), (16, 3)] {
            let dims = Dims::new(width, height).unwrap();
            for origin in 0..width * height {
                let (arrows, order) = super::first_tree(&dims, origin);
                let context = format!("{width}x{height} from {origin}");
                assert_eq!(super::first_arrows(&dims, origin), arrows, "{context}");
                assert_eq!(super::first_order(&dims, origin), order, "{context}");
            }
        }
    }

    /// A kept copy (its arrows as side numbers once shifting, none while
    /// the first tree is laid) goes on with exactly the original's events,
    /// on a plain square (side numbers by offsets), a masked one, a
    /// hexagon and a wrapped square (by the shape's sides).
    #[test]
    fn a_kept_copy_goes_on_as_the_original() {
        let square = Shape::parse("square", "40x30", None).unwrap();
        let mut mask = Mask::all_on(40 * 30);
        for cell in [0, 1, 41, 42, 600, 1199] {
            mask.set(cell, false);
        }
        let shapes = [
            square.clone(),
            Shape::parse("square", "1x25", None).unwrap(),
            square.with_mask(mask).unwrap(),
            Shape::parse("hex", "20x16", None).unwrap(),
            Shape::parse("square", "20x14", Some("xy")).unwrap(),
        ];
        for shape in shapes {
            let cells = u64::from(crate::shape::Topology::live_cells(&shape));
            let fresh =
                Generator::by_name("origin-shift", Params::on(shape.clone(), 3), true).unwrap();
            let total = fresh.clone().count() as u64;
            let mut run = fresh.clone();
            let mut grid = run.initial_grid();
            let mut at = 0;
            let mut earlier: Option<Generator> = None;
            // Within the first tree (a step a cell), then shifting.
            for stop in [cells / 2, cells + 7, total / 3, total * 2 / 3, total - 3] {
                while at < stop {
                    grid.apply(&run.next().unwrap());
                    at += 1;
                }
                let kept = run.packed_after(earlier.as_ref());
                // Smaller, past the few hundred bytes a copy holds whatever its size.
                let (kept_bytes, running) = (
                    kept.heap_bytes(None).unwrap(),
                    run.heap_bytes(None).unwrap(),
                );
                assert!(
                    kept_bytes < running.max(1200),
                    "{shape:?} at {at}: {kept_bytes} of {running}"
                );
                let resumed: Vec<_> = kept.unpacked(&grid).collect();
                let original: Vec<_> = run.clone().collect();
                assert_eq!(resumed, original, "{shape:?} at {at} of {total}");
                earlier = Some(kept);
            }
        }
    }
}
