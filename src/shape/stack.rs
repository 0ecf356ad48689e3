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

use super::{Lower, Topology};
use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{Cell, Neighbors, Walker};

/// The most cells any shape may have: 4096 x 4096.
pub const MAX_CELLS: u64 = 1 << 24;

/// `n / d` for `n < 2^24` as a multiply and a shift (`Dims` does the same
/// for a row's width): a random walk's step must not pay for a division.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Divider {
    d: u32,
    magic: u64,
}

impl Divider {
    pub(super) fn new(d: u32) -> Divider {
        Divider {
            d,
            magic: (1u64 << 36).div_ceil(u64::from(d)),
        }
    }

    #[inline]
    fn div(self, n: u32) -> u32 {
        ((u64::from(n) * self.magic) >> 36) as u32
    }

    /// Quotient and remainder.
    #[inline]
    pub(super) fn split(self, n: u32) -> (u32, u32) {
        let q = self.div(n);
        (q, n - q * self.d)
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
    by_height: Divider,
    by_levels: Divider,
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
    /// refuses a side of 0 or more than 16.7 million cells in all.
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
        if sides.contains(&0) || cells > MAX_CELLS {
            return Err(MazeError::BadValue {
                what: "size",
                given,
                valid: format!(
                    "every side at least 1 and at most {MAX_CELLS} cells in all, e.g. {}",
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
            by_height: Divider::new(height),
            by_levels: Divider::new(levels),
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
        let (row, x) = self.by_width.split(cell);
        let (level, y) = self.by_height.split(row);
        let (k, l) = self.by_levels.split(level);
        Place { x, y, l, k }
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
        let p = self.place(cell);
        let (w, plane) = (self.width, self.plane());
        let block = plane * self.levels;
        StackSides {
            items: [
                (p.y > 0).then(|| cell - w),
                (p.x + 1 < w).then(|| cell + 1),
                (p.y + 1 < self.height).then(|| cell + w),
                (p.x > 0).then(|| cell - 1),
                (p.l > 0).then(|| cell - plane),
                (p.l + 1 < self.levels).then(|| cell + plane),
                (p.k > 0).then(|| cell - block),
                (p.k + 1 < self.hyper).then(|| cell + block),
            ],
            len: self.side_count(),
        }
    }

    /// The neighbours straight from the cell's place, in the sides' order
    /// (N, E, S, W, up, down, ana, kata), with no side list built first:
    /// the default went through `side_cells` and was not inlined, a call
    /// a cell for Prim's frontier (tested equal below and in `tests.rs`).
    #[inline(always)]
    fn neighbors(&self, cell: Cell) -> Neighbors {
        let p = self.place(cell);
        let (w, plane) = (self.width, self.plane());
        let mut out = Neighbors::new();
        if p.y > 0 {
            out.push(cell - w);
        }
        if p.x + 1 < w {
            out.push(cell + 1);
        }
        if p.y + 1 < self.height {
            out.push(cell + w);
        }
        if p.x > 0 {
            out.push(cell - 1);
        }
        if p.l > 0 {
            out.push(cell - plane);
        }
        if p.l + 1 < self.levels {
            out.push(cell + plane);
        }
        if self.four {
            let block = plane * self.levels;
            if p.k > 0 {
                out.push(cell - block);
            }
            if p.k + 1 < self.hyper {
                out.push(cell + block);
            }
        }
        out
    }

    /// The default's draw, always inlined here: the compiler left it a
    /// call of its own, hunt-and-kill's whole walk. (Forcing the default
    /// itself inline slowed the growing tree on the other shapes.)
    #[inline(always)]
    fn random_neighbor(
        &self,
        cell: Cell,
        rng: &mut Rng,
        want: impl FnMut(Cell) -> bool,
    ) -> Option<Cell> {
        super::pick_wanted(self.side_cells(cell).as_ref(), rng, want)
    }

    /// One side without the others (a wall-weighted walk asks for one).
    #[inline]
    fn side(&self, cell: Cell, k: usize) -> Option<Cell> {
        if k >= self.side_count() {
            return None;
        }
        let p = self.place(cell);
        let plane = self.plane();
        match k {
            0 => (p.y > 0).then(|| cell - self.width),
            1 => (p.x + 1 < self.width).then(|| cell + 1),
            2 => (p.y + 1 < self.height).then(|| cell + self.width),
            3 => (p.x > 0).then(|| cell - 1),
            4 => (p.l > 0).then(|| cell - plane),
            5 => (p.l + 1 < self.levels).then(|| cell + plane),
            6 => (p.k > 0).then(|| cell - plane * self.levels),
            _ => (p.k + 1 < self.hyper).then(|| cell + plane * self.levels),
        }
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
        let p = self.place(lo);
        let (d, plane) = (hi - lo, self.plane());
        if d == 1 && p.x + 1 < self.width {
            Some((lo, 1 << 1))
        } else if d == self.width && p.y + 1 < self.height {
            Some((lo, 1 << 2))
        } else if d == plane && p.l + 1 < self.levels {
            Some((lo, 1 << 5))
        } else if self.four && d == plane * self.levels && p.k + 1 < self.hyper {
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

    /// Straight from the code: the side's step in cell numbers.
    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let owner = code >> 3;
        let plane = self.plane();
        let step = match code & 7 {
            1 => 1,
            2 => self.width,
            5 => plane,
            _ => plane * self.levels,
        };
        (owner, owner + step)
    }

    /// West, north, the level above, the level before: the first of these
    /// there is, a lower-numbered neighbour.
    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        let p = self.place(cell);
        let plane = self.plane();
        Some(Lower::neighbor_or_first(if p.x > 0 {
            Some(cell - 1)
        } else if p.y > 0 {
            Some(cell - self.width)
        } else if p.l > 0 {
            Some(cell - plane)
        } else {
            (p.k > 0).then(|| cell - plane * self.levels)
        }))
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        Walker { cell, x: 0, y: 0 }
    }

    /// A side drawn from three random bits (past the cell's six sides in
    /// 3D drawn again), redrawn while no live cell lies across it.
    #[inline]
    fn walk(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        super::walk_by_sides(self, w, rng, live);
    }
}
