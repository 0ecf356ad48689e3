//! The lattice every tiling is numbered on: a cell index, the square's
//! directions and dimensions, a random walker that keeps its coordinates,
//! and a fixed-size neighbour list. Shapes build on these; a maze (`grid`)
//! stores walls over them.
//!
//! A square's walls are owned by the cell west or north of them: bit
//! `EAST_OPEN` or `SOUTH_OPEN` of that cell's byte (`square_wall_bit`).

use crate::error::MazeError;
use crate::rng::Rng;

/// A cell index, `y * width + x`.
pub type Cell = u32;

/// The largest width or height accepted: 4096 x 4096 is 16M cells.
pub const MAX_SIDE: u32 = 4096;

/// The four directions, north first and clockwise (their order is the
/// square's side order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// North (up).
    N,
    /// East (right).
    E,
    /// South (down).
    S,
    /// West (left).
    W,
}

impl Dir {
    /// All four directions in clockwise order from north.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The direction pointing back.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
        }
    }

    /// The next direction clockwise.
    pub fn right(self) -> Dir {
        match self {
            Dir::N => Dir::E,
            Dir::E => Dir::S,
            Dir::S => Dir::W,
            Dir::W => Dir::N,
        }
    }

    /// The next direction counter-clockwise.
    pub fn left(self) -> Dir {
        self.right().opposite()
    }
}

/// A position for random walks: the cell and its coordinates, kept together
/// so a step needs no division.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walker {
    /// The cell it stands on.
    pub cell: Cell,
    /// Its column.
    pub x: u32,
    /// Its row.
    pub y: u32,
}

impl Walker {
    /// Moves to column `x`, row `y` of cells numbered in rows `dims` wide,
    /// if that is on the grid and `live` takes the cell; whether it moved.
    /// Each draw of a walk on rows ends with it.
    #[inline(always)]
    pub fn move_to(&mut self, dims: Dims, x: u32, y: u32, live: impl Fn(Cell) -> bool) -> bool {
        if x < dims.width && y < dims.height {
            let cell = y * dims.width + x;
            if live(cell) {
                *self = Walker { x, y, cell };
                return true;
            }
        }
        false
    }

    /// A walker standing on `cell`.
    pub fn at(dims: Dims, cell: Cell) -> Walker {
        let (x, y) = dims.xy(cell);
        Walker { cell, x, y }
    }

    /// Moves to a uniformly random neighbour: two random bits pick one of four
    /// directions, and a direction off the grid is drawn again. The move is
    /// table-driven rather than a `match` on the direction, because a random
    /// direction defeats branch prediction on every move. The grid must have
    /// at least two cells.
    #[inline]
    pub fn step_random(&mut self, dims: Dims, rng: &mut Rng) {
        const DX: [u32; 4] = [0, 1, 0, u32::MAX];
        const DY: [u32; 4] = [u32::MAX, 0, 1, 0];
        let delta = [dims.width.wrapping_neg(), 1, dims.width, u32::MAX];
        loop {
            let d = rng.two_bits() as usize;
            let x = self.x.wrapping_add(DX[d]);
            let y = self.y.wrapping_add(DY[d]);
            if x < dims.width && y < dims.height {
                self.x = x;
                self.y = y;
                self.cell = self.cell.wrapping_add(delta[d]);
                return;
            }
        }
    }
}

/// Up to eight things about one cell, without allocating: its neighbours
/// ([`Neighbors`]) or its sides ([`Sides`]). Eight is the most a cell has
/// (a polar centre has one per cell of ring 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Few<T> {
    items: [T; 8],
    /// A whole word, not a byte: a byte counted up and then copied with the
    /// list as words stalls the copy (the store cannot forward to the wider
    /// load), which had breadth-first passes waiting on it half their time.
    len: u32,
}

/// A cell's neighbours, in the shape's clockwise order.
pub type Neighbors = Few<Cell>;

/// A cell's sides in clockwise order: the neighbour across each, or `None`
/// where the side is on the outer border (or faces a masked cell).
pub type Sides = Few<Option<Cell>>;

impl Few<Cell> {
    /// An empty list.
    pub const fn new() -> Neighbors {
        Few {
            items: [0; 8],
            len: 0,
        }
    }
}

impl Few<Option<Cell>> {
    /// An empty list.
    pub const fn new() -> Sides {
        Few {
            items: [None; 8],
            len: 0,
        }
    }

    /// The first `len` of `items` (at most eight).
    #[inline]
    pub(crate) fn first(items: [Option<Cell>; 8], len: u32) -> Sides {
        debug_assert!(len <= 8);
        Few { items, len }
    }

    /// The index of the side facing `cell`, if any.
    pub fn index_of(&self, cell: Cell) -> Option<usize> {
        self.as_slice().iter().position(|&s| s == Some(cell))
    }
}

impl<T: Copy> Few<T> {
    /// Adds one; at most eight fit.
    #[inline]
    pub fn push(&mut self, item: T) {
        self.items[self.len as usize] = item;
        self.len += 1;
    }

    #[inline]
    /// The items, in order.
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }

    #[inline]
    /// How many items.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<T> AsRef<[T]> for Few<T> {
    fn as_ref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy + Default> Default for Few<T> {
    fn default() -> Self {
        Few {
            items: [T::default(); 8],
            len: 0,
        }
    }
}

/// The width and height of a grid: the geometry generators need, with no walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// `ceil(2^36 / width)`: turns `cell / width` into a multiply and a shift,
    /// exact for every cell below 2^24 (Granlund-Montgomery). A hardware
    /// division costs more than the rest of a generator's step.
    div_magic: u64,
}

const DIV_SHIFT: u32 = 36;

impl Dims {
    /// Checks `1 <= width, height <= MAX_SIDE`.
    pub fn new(width: u32, height: u32) -> Result<Dims, MazeError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(MazeError::BadSize {
                given: format!("{width}x{height}"),
                max: MAX_SIDE,
            });
        }
        Ok(Dims {
            width,
            height,
            div_magic: (1u64 << DIV_SHIFT).div_ceil(u64::from(width)),
        })
    }

    /// Parses `WxH` (also `W×H` or `W*H`), e.g. `40x25`.
    pub fn parse(text: &str) -> Result<Dims, MazeError> {
        let bad = || MazeError::BadSize {
            given: text.to_string(),
            max: MAX_SIDE,
        };
        let lower = text.trim().to_ascii_lowercase();
        let (w, h) = lower
            .split_once('x')
            .or_else(|| lower.split_once('*'))
            .or_else(|| lower.split_once('×'))
            .ok_or_else(bad)?;
        let w: u32 = w.trim().parse().map_err(|_| bad())?;
        let h: u32 = h.trim().parse().map_err(|_| bad())?;
        Dims::new(w, h).map_err(|_| bad())
    }

    /// The number of cells, at most 16M.
    #[inline]
    pub fn cells(self) -> u32 {
        self.width * self.height
    }

    #[inline]
    /// The cell at column `x`, row `y`.
    pub fn at(self, x: u32, y: u32) -> Cell {
        y * self.width + x
    }

    #[inline]
    /// The column and row of `cell`.
    pub fn xy(self, cell: Cell) -> (u32, u32) {
        let y = ((u64::from(cell) * self.div_magic) >> DIV_SHIFT) as u32;
        (cell - y * self.width, y)
    }

    /// The neighbour in a direction, if it is inside the grid.
    #[inline]
    pub fn step(self, cell: Cell, dir: Dir) -> Option<Cell> {
        let (x, y) = self.xy(cell);
        match dir {
            Dir::N if y > 0 => Some(cell - self.width),
            Dir::E if x + 1 < self.width => Some(cell + 1),
            Dir::S if y + 1 < self.height => Some(cell + self.width),
            Dir::W if x > 0 => Some(cell - 1),
            _ => None,
        }
    }

    /// The direction from `a` to an adjacent cell `b`.
    pub fn dir_between(self, a: Cell, b: Cell) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.step(a, d) == Some(b))
    }

    /// Whether two cells share a wall.
    #[inline]
    pub fn adjacent(self, a: Cell, b: Cell) -> bool {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        (hi == lo + 1 && hi % self.width != 0) || hi == lo + self.width
    }

    /// All in-grid neighbours, in N, E, S, W order.
    #[inline]
    pub fn neighbors(self, cell: Cell) -> Neighbors {
        let (x, y) = self.xy(cell);
        let mut out = Neighbors::new();
        if y > 0 {
            out.push(cell - self.width);
        }
        if x + 1 < self.width {
            out.push(cell + 1);
        }
        if y + 1 < self.height {
            out.push(cell + self.width);
        }
        if x > 0 {
            out.push(cell - 1);
        }
        out
    }

    /// A uniformly random neighbour for which `want` holds, or `None`. Draws
    /// exactly as `rng.pick` over `neighbors(cell)` filtered by `want`, so
    /// mazes do not change, but keeps the candidates in a 4-bit mask in a
    /// register instead of an array on the stack: this is the inner loop of
    /// most generators.
    #[inline]
    pub fn random_neighbor(
        self,
        cell: Cell,
        rng: &mut Rng,
        mut want: impl FnMut(Cell) -> bool,
    ) -> Option<Cell> {
        let (x, y) = self.xy(cell);
        let w = self.width;
        let mut mask = 0u32;
        if y > 0 && want(cell - w) {
            mask |= 1;
        }
        if x + 1 < w && want(cell + 1) {
            mask |= 2;
        }
        if y + 1 < self.height && want(cell + w) {
            mask |= 4;
        }
        if x > 0 && want(cell - 1) {
            mask |= 8;
        }
        Some(match super::pick_in_mask(mask, rng)? {
            0 => cell - w,
            1 => cell + 1,
            2 => cell + w,
            _ => cell - 1,
        })
    }

    /// Whether a side of a cell is on the outer border.
    pub fn on_border(self, cell: Cell, side: Dir) -> bool {
        self.step(cell, side).is_none()
    }
}

/// Wall bit: the cell's east wall is open.
pub const EAST_OPEN: u8 = 1;
/// Wall bit: the cell's south wall is open.
pub const SOUTH_OPEN: u8 = 2;
/// The bit cell `lo` of a plain square `width` wide keeps for its wall
/// with `hi` (`lo < hi`): south or east, or `None` if they are not side by
/// side. South is tested first: in a one-column grid the cell below is
/// also `lo + 1`. Shared by the maze and the loops that write its bits.
#[inline(always)]
pub fn square_wall_bit(width: u32, lo: Cell, hi: Cell) -> Option<u8> {
    if hi == lo + width {
        Some(SOUTH_OPEN)
    } else if hi == lo + 1 {
        Some(EAST_OPEN)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_reject_out_of_range() {
        assert_eq!(Dims::parse("40x25").unwrap(), Dims::new(40, 25).unwrap());
        assert_eq!(Dims::parse(" 3X4 ").unwrap(), Dims::new(3, 4).unwrap());
        for bad in [
            "0x5", "5x0", "100000x2", "4097x1", "abc", "5", "x5", "-3x4", "",
        ] {
            let err = Dims::parse(bad).unwrap_err();
            assert!(err.to_string().contains("4096"), "{bad}: {err}");
        }
    }

    #[test]
    fn fast_division_matches_the_hardware_division_for_every_width() {
        let mut rng = Rng::new(3);
        for width in 1..=MAX_SIDE {
            let dims = Dims::new(width, MAX_SIDE).unwrap();
            let last = dims.cells() - 1;
            for cell in [
                0,
                width - 1,
                width,
                last,
                last - width,
                rng.below(dims.cells()),
            ] {
                assert_eq!(
                    dims.xy(cell),
                    (cell % width, cell / width),
                    "width {width} cell {cell}"
                );
            }
        }
    }
}
