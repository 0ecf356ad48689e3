//! [`Topology`]: what every algorithm needs to know of a tiling, and the
//! helpers its default methods share.

use super::{Cell, Neighbors, Sides, Walker};
use crate::rng::Rng;

/// What generators, solvers and the maze's storage need of a tiling (a
/// value that can be copied with a run, for its checkpoints).
pub trait Topology: Clone + 'static {
    /// Cell indices run over `0..cells()`; under a mask some are off.
    fn cells(&self) -> u32;

    /// Whether a cell index is a cell of the maze (a mask switches some off).
    #[inline]
    fn is_cell(&self, _cell: Cell) -> bool {
        true
    }

    /// How many cells are on.
    fn live_cells(&self) -> u32 {
        self.cells()
    }

    /// A cell's sides as the tiling lists them (an array, or `Sides`).
    type SideList: AsRef<[Option<Cell>]>;

    /// Every side in clockwise order, with the neighbour across it (`None`
    /// on the outer border, or facing a masked cell): what the rest of a
    /// cell's neighbourhood is worked out from.
    fn side_cells(&self, cell: Cell) -> Self::SideList;

    /// The neighbouring cells, in the shape's clockwise order.
    #[inline]
    fn neighbors(&self, cell: Cell) -> Neighbors {
        neighbors_of(self.side_cells(cell).as_ref())
    }

    /// Every side in clockwise order, with the neighbour across it.
    #[inline]
    fn sides(&self, cell: Cell) -> Sides {
        sides_of(self.side_cells(cell).as_ref())
    }

    /// Each side in clockwise order with the neighbour across it, without
    /// building the whole list (squares step four times).
    #[inline]
    fn for_each_side(&self, cell: Cell, mut visit: impl FnMut(usize, Option<Cell>)) {
        for (k, &side) in self.sides(cell).as_slice().iter().enumerate() {
            visit(k, side);
        }
    }

    /// The neighbour across side `k` of a cell.
    #[inline]
    fn side(&self, cell: Cell, k: usize) -> Option<Cell> {
        self.sides(cell).as_slice().get(k).copied().flatten()
    }

    /// Which cell stores the wall between two neighbours, and its bit.
    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)>;

    /// The walls a cell stores: its bit and the neighbour across, up to eight.
    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell));

    /// Each side's neighbour in clockwise order with the slot of the wall
    /// between them (its owner and bit), as `wall_slot` gives it: a maze
    /// reads its open sides from this without searching for each wall.
    /// Tilings whose `wall_slot` searches override it.
    #[inline]
    fn side_slots(&self, cell: Cell, mut visit: impl FnMut(Cell, Cell, u8)) {
        self.for_each_side(cell, |_, n| {
            if let Some(n) = n {
                if let Some((owner, bit)) = self.wall_slot(cell, n) {
                    visit(n, owner, bit);
                }
            }
        });
    }

    /// Whether two cells share a wall.
    #[inline]
    fn adjacent(&self, a: Cell, b: Cell) -> bool {
        self.wall_slot(a, b).is_some()
    }

    /// A uniformly random neighbour for which `want` holds: draws
    /// `rng.below(k)` over the wanted neighbours in clockwise order.
    #[inline]
    fn random_neighbor(
        &self,
        cell: Cell,
        rng: &mut Rng,
        want: impl FnMut(Cell) -> bool,
    ) -> Option<Cell> {
        pick_wanted(self.side_cells(cell).as_ref(), rng, want)
    }

    /// A uniformly random cell (a live one under a mask).
    #[inline]
    fn random_cell(&self, rng: &mut Rng) -> Cell {
        loop {
            let cell = rng.below(self.cells());
            if self.is_cell(cell) {
                return cell;
            }
        }
    }

    /// A random walker standing on `cell`, its coordinates worked out once.
    fn walker(&self, cell: Cell) -> Walker;

    /// A random walk's step: a neighbour drawn uniformly, drawn again
    /// while `live` refuses it (the walker has a neighbour it admits).
    fn walk(&self, walker: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool);

    /// Moves a walker to a uniformly random neighbour (the shape has at
    /// least two connected cells). Always inlined: a walk's step is the
    /// random walks' whole loop, and a call saves and restores six
    /// registers every step.
    #[inline(always)]
    fn step_random(&self, walker: &mut Walker, rng: &mut Rng) {
        self.walk(walker, rng, |_| true);
    }

    /// Whether this type is the plain square (`Dims`), as a constant.
    const PLAIN_SQUARE: bool = false;

    /// Where a cell stands in a numbering that fills in order (rows or
    /// rings numbered one after another): a neighbour with a lower number,
    /// or for a cell with none, a neighbour that has one (its stand-in).
    /// Then the first cell not yet in a growing maze always touches it,
    /// which is how hunt-and-kill hunts in O(1). `None` for every cell of
    /// a shape with no such numbering (a mask).
    #[inline]
    fn lower(&self, _cell: Cell) -> Option<Lower> {
        None
    }

    /// Every wall once as a compact code, in cell order: `owner * 8 + bit
    /// index` (squares: `cell * 2` east, `cell * 2 + 1` south).
    fn for_each_wall_code(&self, mut visit: impl FnMut(u32)) {
        for cell in 0..self.cells() {
            if self.is_cell(cell) {
                self.owned_walls(cell, &mut |bit, _| visit(cell * 8 + bit.trailing_zeros()));
            }
        }
    }

    /// The code `for_each_wall_code` gives the wall between two
    /// neighbours, either way round (`None` if they share no wall): what
    /// turns a side back into the wall a generator weighed.
    #[inline]
    fn wall_code(&self, a: Cell, b: Cell) -> Option<u32> {
        self.wall_slot(a, b)
            .map(|(owner, bit)| owner * 8 + bit.trailing_zeros())
    }

    /// The code of each of a cell's walls (to a live neighbour), side by
    /// side in clockwise order.
    #[inline]
    fn for_each_wall_code_of(&self, cell: Cell, mut visit: impl FnMut(u32)) {
        self.for_each_side(cell, |_, n| {
            if let Some(code) = n.and_then(|n| self.wall_code(cell, n)) {
                visit(code);
            }
        });
    }

    /// How many walls `for_each_wall_code` visits.
    fn wall_count(&self) -> usize {
        let mut count = 0;
        self.for_each_wall_code(|_| count += 1);
        count
    }

    /// The two cells of a wall code.
    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let owner = code >> 3;
        let bit = 1u8 << (code & 7);
        let mut across = owner;
        self.owned_walls(owner, &mut |b, n| {
            if b == bit {
                across = n;
            }
        });
        (owner, across)
    }

    /// Every pair of neighbours once, as (owner, neighbour) in cell order.
    fn for_each_edge(&self, mut visit: impl FnMut(Cell, Cell)) {
        for cell in 0..self.cells() {
            if self.is_cell(cell) {
                self.owned_walls(cell, &mut |_, n| visit(cell, n));
            }
        }
    }
}

/// A cell's place in a numbering that fills in order (`Topology::lower`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lower {
    /// Cell 0, the first.
    First,
    /// A neighbour numbered lower.
    Neighbor(Cell),
    /// No neighbour is numbered lower, but this one is and has one (a
    /// triangle pointing up at a row's start: the one east of it).
    StandIn(Cell),
}

impl Lower {
    /// `Neighbor` for a lower neighbour, else `First`.
    #[inline]
    pub fn neighbor_or_first(lower: Option<Cell>) -> Lower {
        lower.map_or(Lower::First, Lower::Neighbor)
    }

    /// In rows of `width` cells numbered row by row: the west neighbour,
    /// or at a row's start the first cell of the row above (the first
    /// cell of all has none).
    #[inline]
    pub fn west_or_row_above(cell: Cell, width: u32) -> Lower {
        Lower::neighbor_or_first(if cell % width != 0 {
            Some(cell - 1)
        } else {
            cell.checked_sub(width)
        })
    }
}

/// The neighbours among a list of sides, in order.
#[inline]
pub(crate) fn neighbors_of(sides: &[Option<Cell>]) -> Neighbors {
    let mut out = Neighbors::new();
    for n in sides.iter().flatten() {
        out.push(*n);
    }
    out
}

/// A list of sides as `Sides`.
#[inline]
pub(crate) fn sides_of(sides: &[Option<Cell>]) -> Sides {
    let mut out = Sides::new();
    for &side in sides {
        out.push(side);
    }
    out
}

/// A `Topology::random_neighbor` that draws as the default does
/// (`pick_wanted` over the side list, so the same mazes), always inlined:
/// for the shapes where the compiler left the default a call of its own,
/// hunt-and-kill's whole walk. (Forcing the default itself inline slowed
/// the growing tree on the other shapes.)
macro_rules! random_neighbor_always_inlined {
    () => {
        #[inline(always)]
        fn random_neighbor(
            &self,
            cell: $crate::shape::Cell,
            rng: &mut $crate::rng::Rng,
            want: impl FnMut($crate::shape::Cell) -> bool,
        ) -> Option<$crate::shape::Cell> {
            super::pick_wanted(self.side_cells(cell).as_ref(), rng, want)
        }
    };
}
pub(crate) use random_neighbor_always_inlined;

/// A uniformly random wanted cell among `sides`, drawn as the default
/// `random_neighbor` draws (`below(k)` over the wanted ones in order), but
/// with the candidates in a bit mask in a register rather than a list.
#[inline]
pub(crate) fn pick_wanted(
    sides: &[Option<Cell>],
    rng: &mut Rng,
    mut want: impl FnMut(Cell) -> bool,
) -> Option<Cell> {
    let mut mask = 0u32;
    for (i, side) in sides.iter().enumerate() {
        if let Some(c) = *side {
            if want(c) {
                mask |= 1 << i;
            }
        }
    }
    sides[pick_in_mask(mask, rng)?]
}

/// The place of a uniformly drawn set bit of `mask` (`below(count)`, the
/// k-th set bit from the lowest), or `None` for an empty mask: the draw
/// every `random_neighbor` makes over its wanted sides, whatever way it
/// found them.
#[inline]
pub(crate) fn pick_in_mask(mut mask: u32, rng: &mut Rng) -> Option<usize> {
    if mask == 0 {
        return None;
    }
    let mut k = rng.below(mask.count_ones());
    while k > 0 {
        mask &= mask - 1;
        k -= 1;
    }
    Some(mask.trailing_zeros() as usize)
}

/// The wall between two neighbours as tilings with no cheaper rule store
/// it: in the lower-numbered cell, on the bit of its side facing the other.
pub(crate) fn slot_by_lower<T: Topology>(shape: &T, a: Cell, b: Cell) -> Option<(Cell, u8)> {
    let (lo, hi) = (a.min(b), a.max(b));
    if lo == hi || hi >= shape.cells() {
        return None;
    }
    let sides = shape.side_cells(lo);
    let k = sides.as_ref().iter().position(|&s| s == Some(hi))?;
    Some((lo, 1 << k))
}

/// The walls a cell stores under `slot_by_lower`: the sides facing a
/// higher-numbered neighbour.
pub(crate) fn owned_by_lower<T: Topology>(shape: &T, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
    for (k, side) in shape.side_cells(cell).as_ref().iter().enumerate() {
        if let Some(n) = *side {
            if n > cell {
                visit(1 << k, n);
            }
        }
    }
}

/// `Topology::lower` from the sides: the first lower-numbered neighbour in
/// side order, or the first cell. For tilings where every cell but the
/// first has one (3D, the cube, upsilon; the tests check it).
pub(crate) fn lower_by_sides<T: Topology>(shape: &T, cell: Cell) -> Option<Lower> {
    let sides = shape.side_cells(cell);
    let lower = sides
        .as_ref()
        .iter()
        .flatten()
        .copied()
        .filter(|&n| n < cell)
        .min();
    Some(Lower::neighbor_or_first(lower))
}

/// A random walk's step from the sides: two random bits for a cell of
/// four sides, three for more (draws past the last side drawn again),
/// redrawn while no live cell lies across (the cell has a live neighbour).
#[inline]
pub(crate) fn walk_by_sides<T: Topology>(
    shape: &T,
    w: &mut Walker,
    rng: &mut Rng,
    live: impl Fn(Cell) -> bool,
) {
    let sides = shape.side_cells(w.cell);
    let sides = sides.as_ref();
    loop {
        let k = if sides.len() <= 4 {
            rng.two_bits()
        } else {
            rng.three_bits()
        } as usize;
        if let Some(&Some(n)) = sides.get(k) {
            if live(n) {
                w.cell = n;
                return;
            }
        }
    }
}
