//! Mazes in three and four dimensions: a stack of square levels (3D,
//! `W x H x L`), or a `K x L` array of them (4D, `W x H x L x K`).
//!
//! Cell `(x, y, l, k)` is `((k * L + l) * H + y) * W + x`: each level is a
//! plain square numbered in rows, the levels one after another. Sides run
//! N, E, S, W on the level (the square's order), then up and down (to level
//! `l - 1` and `l + 1`), then in 4D "ana" and "kata" (to `k - 1` and
//! `k + 1`). An inner cell has six neighbours in 3D and eight in 4D.
//!
//! Every wall belongs to the lower-numbered cell of the two (its E, S, down
//! or kata side), as on the square. The mazes look like a square's on each
//! level, with the passages between levels as many as the algorithm's
//! texture gives: a backtracker climbs and dives in long runs, Prim's
//! scatters short hops.

use super::{Lower, Topology, MAX_SIDE};
use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{Cell, Neighbors, Walker};

/// The most cells any shape may have: 4096 x 4096.
pub const MAX_CELLS: u64 = 1 << 24;

/// `n / d` for `n < 2^24` as a multiply and a shift (`Dims` does the same
/// for a row's width): a random walk's step must not pay for a division.
///
/// The multiplier is `ceil(2^s / d)` with `s = 24 + ceil(log2 d)`: its
/// rounding error times any `n < 2^24` stays under `2^s`, so every quotient
/// is exact for every `d` up to 2^24 (a fixed `s = 36` was exact only while
/// `n * d < 2^36`, and a 3D maze 16,777,215 cells wide is allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Divider {
    d: u32,
    magic: u64,
    shift: u32,
}

impl Divider {
    pub(super) fn new(d: u32) -> Divider {
        let shift = 24 + (32 - d.saturating_sub(1).leading_zeros());
        Divider {
            d,
            magic: (1u64 << shift).div_ceil(u64::from(d)),
            shift,
        }
    }

    #[inline]
    fn div(self, n: u32) -> u32 {
        ((u64::from(n) * self.magic) >> self.shift) as u32
    }

    /// Quotient and remainder.
    #[inline]
    pub(super) fn split(self, n: u32) -> (u32, u32) {
        let q = self.div(n);
        (q, n - q * self.d)
    }

    /// `n % d`.
    #[inline]
    pub(super) fn rem(self, n: u32) -> u32 {
        self.split(n).1
    }
}

/// Square levels stacked into three dimensions, or arrayed into four.
#[derive(Clone, Copy, Debug)]
pub struct Stack {
    /// Columns of a level.
    pub width: u32,
    /// Rows of a level.
    pub height: u32,
    /// Levels along the third axis.
    pub levels: u32,
    /// Levels along the fourth axis (1 in 3D).
    pub hyper: u32,
    /// Whether this is a 4D maze (eight sides a cell, even with `hyper` 1).
    pub four: bool,
    /// How many levels a row of the picture holds in 3D (0: enough for
    /// about 16:10). Drawing only, not the maze: equality ignores it.
    pub columns: u32,
    by_width: Divider,
    by_plane: Divider,
    by_levels: Divider,
    /// By a block of `levels` levels (4D: a step along the fourth axis).
    by_block: Divider,
}

/// The same maze: the same sides (how the levels are drawn aside).
impl PartialEq for Stack {
    fn eq(&self, other: &Stack) -> bool {
        (self.width, self.height, self.levels, self.hyper, self.four)
            == (
                other.width,
                other.height,
                other.levels,
                other.hyper,
                other.four,
            )
    }
}

impl Eq for Stack {}

/// Where a cell is: column, row, level, and level along the fourth axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
    /// Level (third axis).
    pub l: u32,
    /// Fourth axis.
    pub k: u32,
}

impl Stack {
    /// A 3D maze of `levels` levels, or (with `hyper` given) a 4D one;
    /// refuses a side of 0 or over `MAX_SIDE` (as every plane maze's), or
    /// more than 16.7 million cells in all.
    pub fn new(
        width: u32,
        height: u32,
        levels: u32,
        hyper: Option<u32>,
    ) -> Result<Stack, MazeError> {
        let sides = [width, height, levels, hyper.unwrap_or(1)];
        let given = match hyper {
            Some(k) => format!("{width}x{height}x{levels}x{k}"),
            None => format!("{width}x{height}x{levels}"),
        };
        let cells: u64 = sides.iter().map(|&s| u64::from(s)).product();
        if sides.iter().any(|&s| s == 0 || s > MAX_SIDE) || cells > MAX_CELLS {
            return Err(MazeError::BadValue {
                what: "size",
                given,
                valid: format!(
                    "every side 1 to {MAX_SIDE} and at most {MAX_CELLS} cells in all, e.g. {}",
                    if hyper.is_some() {
                        "6x6x3x3"
                    } else {
                        "10x10x5"
                    }
                ),
            });
        }
        Ok(Stack {
            width,
            height,
            levels,
            hyper: hyper.unwrap_or(1),
            four: hyper.is_some(),
            columns: 0,
            by_width: Divider::new(width),
            by_plane: Divider::new(width * height),
            by_levels: Divider::new(levels),
            by_block: Divider::new(width * height * levels),
        })
    }

    /// Parses `WxHxL` (3D, `four` false) or `WxHxLxK` (4D).
    pub fn parse(text: &str, four: bool) -> Result<Stack, MazeError> {
        let bad = || MazeError::BadValue {
            what: "size",
            given: text.to_string(),
            valid: if four {
                "WxHxLxK for a 4D maze, e.g. 6x6x3x3".into()
            } else {
                "WxHxL for a 3D maze, e.g. 10x10x5".into()
            },
        };
        let parts: Vec<u32> = text
            .trim()
            .to_ascii_lowercase()
            .split(['x', '*', '×'])
            .map(|p| p.trim().parse::<u32>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        match (four, parts.as_slice()) {
            (false, &[w, h, l]) => Stack::new(w, h, l, None),
            (true, &[w, h, l, k]) => Stack::new(w, h, l, Some(k)),
            _ => Err(bad()),
        }
    }

    /// The cells of one level.
    #[inline]
    pub fn plane(&self) -> u32 {
        self.width * self.height
    }

    /// How many levels in all (`levels * hyper`).
    pub fn level_count(&self) -> u32 {
        self.levels * self.hyper
    }

    /// A cell's column, row and levels.
    #[inline]
    pub fn place(&self, cell: Cell) -> Place {
        let (level, in_level) = self.by_plane.split(cell);
        let (y, x) = self.by_width.split(in_level);
        let (k, l) = self.by_levels.split(level);
        Place { x, y, l, k }
    }

    /// How far each side's cell is in cell numbers (N, E, S, W, up, down,
    /// ana, kata), wrapping for the sides toward lower cells: a table
    /// indexed by a drawn side, where a `match` would be a jump no branch
    /// predictor can foresee.
    #[inline(always)]
    fn steps(&self) -> [u32; 8] {
        let (width, plane) = (self.width, self.plane());
        let block = plane * self.levels;
        [
            width.wrapping_neg(),
            1,
            width,
            1u32.wrapping_neg(),
            plane.wrapping_neg(),
            plane,
            block.wrapping_neg(),
            block,
        ]
    }

    /// The sides that lead to a cell as bits (bit `k` for side `k`).
    #[inline(always)]
    fn open_bits(&self, o: &Offsets) -> u32 {
        let level = (0..6).fold(0, |bits, k| bits | u32::from(self.has_side(o, k)) << k);
        if self.four {
            level | u32::from(self.has_side(o, 6)) << 6 | u32::from(self.has_side(o, 7)) << 7
        } else {
            level
        }
    }

    /// Where a cell sits in its row, its level and its block of levels:
    /// three remainders that do not wait on each other, where a `place` is
    /// divisions that each wait on the last (every step of a walk asks).
    #[inline(always)]
    fn offsets(&self, cell: Cell) -> Offsets {
        Offsets {
            cell,
            x: self.by_width.rem(cell),
            in_level: self.by_plane.rem(cell),
            // In 3D the block is the whole maze.
            in_block: if self.four {
                self.by_block.rem(cell)
            } else {
                cell
            },
        }
    }

    /// Whether side `k` (N, E, S, W, up, down, ana, kata) of the cell at
    /// `o` leads to a cell; one comparison once `k` is a constant.
    #[inline(always)]
    fn has_side(&self, o: &Offsets, k: usize) -> bool {
        let (w, plane) = (self.width, self.plane());
        let block = plane * self.levels;
        match k {
            0 => o.in_level >= w,
            1 => o.x + 1 < w,
            2 => o.in_level + w < plane,
            3 => o.x > 0,
            4 => o.in_block >= plane,
            5 => o.in_block + plane < block,
            6 => self.four && o.cell >= block,
            _ => self.four && o.cell + block < self.cells(),
        }
    }

    /// The cell at a place.
    #[inline]
    pub fn at(&self, p: Place) -> Cell {
        ((p.k * self.levels + p.l) * self.height + p.y) * self.width + p.x
    }

    /// The size as the CLI writes it.
    pub fn size_text(&self) -> String {
        if self.four {
            format!(
                "{}x{}x{}x{}",
                self.width, self.height, self.levels, self.hyper
            )
        } else {
            format!("{}x{}x{}", self.width, self.height, self.levels)
        }
    }

    /// How many sides a cell has (6 or 8).
    #[inline]
    pub fn side_count(&self) -> usize {
        if self.four {
            8
        } else {
            6
        }
    }
}

/// A cell and where it sits in its row, level and block (`Stack::offsets`).
#[derive(Clone, Copy, Debug)]
struct Offsets {
    cell: Cell,
    x: u32,
    in_level: u32,
    in_block: u32,
}

/// A cell's sides in a fixed array (six or eight used): built on the
/// stack with no per-side bookkeeping, as a random walk's step needs.
#[derive(Clone, Copy, Debug)]
pub struct StackSides {
    items: [Option<Cell>; 8],
    len: usize,
}

impl AsRef<[Option<Cell>]> for StackSides {
    #[inline]
    fn as_ref(&self) -> &[Option<Cell>] {
        &self.items[..self.len]
    }
}

/// The side facing each side: N S, E W, up down, ana kata.
const OPPOSITE: [usize; 8] = [2, 3, 0, 1, 5, 4, 7, 6];

impl Topology for Stack {
    type SideList = StackSides;

    fn cells(&self) -> u32 {
        self.plane() * self.levels * self.hyper
    }

    /// N, E, S, W, up, down (and ana, kata in 4D).
    #[inline]
    fn side_cells(&self, cell: Cell) -> StackSides {
        let o = self.offsets(cell);
        let open = |k| self.has_side(&o, k);
        let (w, plane) = (self.width, self.plane());
        let block = plane * self.levels;
        StackSides {
            items: [
                open(0).then(|| cell - w),
                open(1).then(|| cell + 1),
                open(2).then(|| cell + w),
                open(3).then(|| cell - 1),
                open(4).then(|| cell - plane),
                open(5).then(|| cell + plane),
                open(6).then(|| cell - block),
                open(7).then(|| cell + block),
            ],
            len: self.side_count(),
        }
    }

    /// The neighbours straight from the cell's open sides, in the sides' order
    /// (N, E, S, W, up, down, ana, kata), with no side list built first:
    /// the default went through `side_cells` and was not inlined, a call
    /// a cell for Prim's frontier (tested equal below and in `tests.rs`).
    #[inline(always)]
    fn neighbors(&self, cell: Cell) -> Neighbors {
        let o = self.offsets(cell);
        let open = |k| self.has_side(&o, k);
        let (w, plane) = (self.width, self.plane());
        let mut out = Neighbors::new();
        if open(0) {
            out.push(cell - w);
        }
        if open(1) {
            out.push(cell + 1);
        }
        if open(2) {
            out.push(cell + w);
        }
        if open(3) {
            out.push(cell - 1);
        }
        if open(4) {
            out.push(cell - plane);
        }
        if open(5) {
            out.push(cell + plane);
        }
        if self.four {
            let block = plane * self.levels;
            if open(6) {
                out.push(cell - block);
            }
            if open(7) {
                out.push(cell + block);
            }
        }
        out
    }

    super::topology::random_neighbor_always_inlined!();

    /// One side without the others (a wall-weighted walk asks for one).
    #[inline]
    fn side(&self, cell: Cell, k: usize) -> Option<Cell> {
        if k >= self.side_count() {
            return None;
        }
        let open = self.open_bits(&self.offsets(cell));
        (open >> k & 1 != 0).then(|| cell.wrapping_add(self.steps()[k]))
    }

    /// Each side straight from the fixed array, with no list built.
    #[inline]
    fn for_each_side(&self, cell: Cell, mut visit: impl FnMut(usize, Option<Cell>)) {
        for (k, &side) in self.side_cells(cell).as_ref().iter().enumerate() {
            visit(k, side);
        }
    }

    /// The lower cell owns the wall, on its E, S, down or kata bit: found
    /// from how far apart the two are, checked against the lower one's place.
    #[inline]
    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        let (lo, hi) = (a.min(b), a.max(b));
        if hi >= self.cells() || lo == hi {
            return None;
        }
        let o = self.offsets(lo);
        let open = |k| self.has_side(&o, k);
        let (d, plane) = (hi - lo, self.plane());
        if d == 1 && open(1) {
            Some((lo, 1 << 1))
        } else if d == self.width && open(2) {
            Some((lo, 1 << 2))
        } else if d == plane && open(5) {
            Some((lo, 1 << 5))
        } else if self.four && d == plane * self.levels && open(7) {
            Some((lo, 1 << 7))
        } else {
            None
        }
    }

    /// A side toward a higher cell is the cell's own wall on that side's
    /// bit; toward a lower one, the neighbour's on the opposite side's.
    #[inline]
    fn side_slots(&self, cell: Cell, mut visit: impl FnMut(Cell, Cell, u8)) {
        for (k, n) in self.side_cells(cell).as_ref().iter().enumerate() {
            if let Some(n) = *n {
                if n > cell {
                    visit(n, cell, 1 << k);
                } else {
                    visit(n, n, 1 << OPPOSITE[k]);
                }
            }
        }
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        super::owned_by_lower(self, cell, visit);
    }

    /// Level by level, row by row, without a call per wall: E, S, down
    /// and kata where they exist (sides 1, 2, 5, 7).
    fn for_each_wall_code(&self, mut visit: impl FnMut(u32)) {
        let mut cell = 0u32;
        for k in 0..self.hyper {
            for l in 0..self.levels {
                for y in 0..self.height {
                    for x in 0..self.width {
                        let code = cell * 8;
                        if x + 1 < self.width {
                            visit(code + 1);
                        }
                        if y + 1 < self.height {
                            visit(code + 2);
                        }
                        if l + 1 < self.levels {
                            visit(code + 5);
                        }
                        if self.four && k + 1 < self.hyper {
                            visit(code + 7);
                        }
                        cell += 1;
                    }
                }
            }
        }
    }

    fn wall_count(&self) -> usize {
        let (w, h, l, k) = (
            self.width as usize,
            self.height as usize,
            self.levels as usize,
            self.hyper as usize,
        );
        (w - 1) * h * l * k + w * (h - 1) * l * k + w * h * (l - 1) * k + w * h * l * (k - 1)
    }

    /// Straight from the code: the side's step in cell numbers, from the
    /// table (Kruskal's walls come in random order, so a `match` on the
    /// side would be a branch mispredicted about every other wall).
    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let owner = code >> 3;
        (owner, owner.wrapping_add(self.steps()[(code & 7) as usize]))
    }

    /// West, north, the level above, the level before: the first of these
    /// there is, a lower-numbered neighbour.
    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        let o = self.offsets(cell);
        let open = |k| self.has_side(&o, k);
        let plane = self.plane();
        Some(Lower::neighbor_or_first(if open(3) {
            Some(cell - 1)
        } else if open(0) {
            Some(cell - self.width)
        } else if open(4) {
            Some(cell - plane)
        } else {
            open(6).then(|| cell - plane * self.levels)
        }))
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        Walker { cell, x: 0, y: 0 }
    }

    /// A side drawn from three random bits (past the cell's six sides in
    /// 3D drawn again), redrawn while no live cell lies across it.
    ///
    /// `walk_by_sides` with the open sides as bits and the steps as a
    /// table: a draw tests one bit (building all eight cells to use one
    /// cost the walk time, and choosing the step by a `match` on the drawn
    /// side cost more). The same draws, so the same walks (tested equal).
    #[inline]
    fn walk(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        let open = self.open_bits(&self.offsets(w.cell));
        let steps = self.steps();
        loop {
            let k = rng.three_bits() as usize;
            if open >> k & 1 != 0 {
                let n = w.cell.wrapping_add(steps[k]);
                if live(n) {
                    w.cell = n;
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every divisor a size may give against the numbers near its
    /// multiples and at the ends of the range, quotient and remainder.
    #[test]
    fn the_divider_is_exact_for_every_cell_and_every_side() {
        let mut divisors: Vec<u32> = (1..=300).collect();
        for bits in 1..=24 {
            for d in [(1u32 << bits) - 1, 1 << bits, (1 << bits) + 1] {
                if d <= MAX_CELLS as u32 {
                    divisors.push(d);
                }
            }
        }
        divisors.extend([1000, 4095, 12_345, 1_000_000, 5_592_405, 16_777_213]);
        let top = MAX_CELLS as u32 - 1;
        for d in divisors {
            let by = Divider::new(d);
            let mut numbers = vec![0, 1, top, top - 1, d - 1, d.min(top), top / d * d];
            for q in [1u32, 2, 3, 7, 1000, top / d / 2, top / d] {
                if let Some(m) = q.checked_mul(d).filter(|&m| m <= top && m > 0) {
                    numbers.extend([m - 1, m, (m + 1).min(top)]);
                }
            }
            for n in numbers {
                assert_eq!(by.split(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }

    /// The biggest 3D and 4D mazes there may be (16.7 million cells, each
    /// side at most `MAX_SIDE`) place their last cell in the far corner; a
    /// side one longer is refused by name, as a plane maze's is.
    #[test]
    fn the_biggest_mazes_place_their_last_cell_and_a_longer_side_is_refused() {
        for (w, h, l, k, far) in [
            (
                MAX_SIDE,
                MAX_SIDE,
                1,
                None,
                (MAX_SIDE - 1, MAX_SIDE - 1, 0, 0),
            ),
            (
                MAX_SIDE,
                1,
                MAX_SIDE,
                None,
                (MAX_SIDE - 1, 0, MAX_SIDE - 1, 0),
            ),
            (1, 64, 64, Some(MAX_SIDE), (0, 63, 63, MAX_SIDE - 1)),
        ] {
            let big = Stack::new(w, h, l, k).unwrap();
            assert_eq!(u64::from(big.cells()), MAX_CELLS);
            let last = big.cells() - 1;
            let p = big.place(last);
            assert_eq!((p.x, p.y, p.l, p.k), far, "{w}x{h}x{l}x{k:?}");
            assert_eq!(big.at(p), last);
        }
        for (w, h, l, k) in [
            (MAX_SIDE + 1, 1, 1, None),
            (1, MAX_SIDE + 1, 1, None),
            (1, 1, MAX_SIDE + 1, None),
            (1, 1, 1, Some(MAX_SIDE + 1)),
            (6, 100_000, 3, None),
        ] {
            let refused = Stack::new(w, h, l, k).unwrap_err().to_string();
            assert!(refused.contains("every side 1 to 4096"), "{refused}");
        }
    }

    /// The open sides agree with the place on every cell of small 3D and
    /// 4D mazes, odd and even, one wide and one deep.
    #[test]
    fn the_open_sides_are_the_places_borders_and_each_side_is_the_lists() {
        for (w, h, l, k) in [
            (1, 1, 1, None),
            (3, 2, 4, None),
            (1, 5, 2, None),
            (4, 3, 2, Some(3)),
            (2, 1, 1, Some(5)),
            (3, 3, 3, Some(3)),
        ] {
            let stack = Stack::new(w, h, l, k).unwrap();
            for cell in 0..stack.cells() {
                let p = stack.place(cell);
                assert_eq!(stack.at(p), cell);
                let four = stack.four;
                let expected = [
                    p.y > 0,
                    p.x + 1 < w,
                    p.y + 1 < h,
                    p.x > 0,
                    p.l > 0,
                    p.l + 1 < l,
                    four && p.k > 0,
                    four && p.k + 1 < stack.hyper,
                ];
                let o = stack.offsets(cell);
                let open: Vec<bool> = (0..8).map(|k| stack.has_side(&o, k)).collect();
                assert_eq!(open, expected, "{w}x{h}x{l}x{k:?} {cell}");
                let sides = stack.side_cells(cell);
                for (k, &side) in sides.as_ref().iter().enumerate() {
                    assert_eq!(stack.side(cell, k), side, "{cell} side {k}");
                }
                assert_eq!(stack.side(cell, stack.side_count()), None);
            }
        }
    }

    /// The written-out walk takes the steps `walk_by_sides` takes, with the
    /// same draws, from every cell of small 3D and 4D mazes, every cell
    /// live and with some dead.
    #[test]
    fn the_walk_is_the_generic_walk_by_sides() {
        for (w, h, l, k) in [
            (3, 2, 4, None),
            (1, 1, 3, None),
            (4, 3, 2, Some(3)),
            (2, 2, 2, Some(2)),
        ] {
            let stack = Stack::new(w, h, l, k).unwrap();
            for dead in [None, Some(3)] {
                let live = |c: Cell| dead.is_none_or(|d| c % d != 1);
                for cell in (0..stack.cells())
                    .filter(|&c| stack.neighbors(c).as_slice().iter().any(|&n| live(n)))
                {
                    for seed in 0..20 {
                        let (mut rng, mut rng_generic) = (Rng::new(seed), Rng::new(seed));
                        let mut walker = stack.walker(cell);
                        let mut generic = stack.walker(cell);
                        stack.walk(&mut walker, &mut rng, live);
                        super::super::walk_by_sides(&stack, &mut generic, &mut rng_generic, live);
                        assert_eq!(walker.cell, generic.cell, "{w}x{h}x{l}x{k:?} {cell} {seed}");
                        assert_eq!(rng.next_u32(), rng_generic.next_u32());
                    }
                }
            }
        }
    }
}
