//! Squares: the plain rectangle (`Dims`, with the tuned loops every square
//! algorithm has always run) and the wrapped one, a cylinder or a torus.
//!
//! Sides run N, E, S, W (clockwise). A cell owns its east wall (bit 1) and
//! its south wall (bit 2): the byte `Grid::raw` has always stored.

use super::{Lower, Topology};
use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{Cell, Dims, Neighbors, Walker};

pub const EAST: u8 = 1;
pub const SOUTH: u8 = 2;

impl Topology for Dims {
    const PLAIN_SQUARE: bool = true;

    #[inline]
    fn cells(&self) -> u32 {
        Dims::cells(*self)
    }

    #[inline]
    fn neighbors(&self, cell: Cell) -> Neighbors {
        Dims::neighbors(*self, cell)
    }

    type SideList = [Option<Cell>; 4];

    /// N, E, S, W.
    #[inline]
    fn side_cells(&self, cell: Cell) -> [Option<Cell>; 4] {
        crate::shape::Dir::ALL.map(|dir| self.step(cell, dir))
    }

    #[inline]
    fn for_each_side(&self, cell: Cell, mut visit: impl FnMut(usize, Option<Cell>)) {
        for (k, dir) in crate::shape::Dir::ALL.into_iter().enumerate() {
            visit(k, self.step(cell, dir));
        }
    }

    #[inline]
    fn side(&self, cell: Cell, k: usize) -> Option<Cell> {
        self.step(cell, *crate::shape::Dir::ALL.get(k)?)
    }

    #[inline]
    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        if !Dims::adjacent(*self, a, b) {
            return None;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        // South first: in a one-column grid the cell below is also `lo + 1`.
        Some(if hi == lo + self.width {
            (lo, SOUTH)
        } else {
            (lo, EAST)
        })
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        let (x, y) = self.xy(cell);
        if x + 1 < self.width {
            visit(EAST, cell + 1);
        }
        if y + 1 < self.height {
            visit(SOUTH, cell + self.width);
        }
    }

    #[inline]
    fn adjacent(&self, a: Cell, b: Cell) -> bool {
        Dims::adjacent(*self, a, b)
    }

    #[inline]
    fn random_neighbor(
        &self,
        cell: Cell,
        rng: &mut Rng,
        want: impl FnMut(Cell) -> bool,
    ) -> Option<Cell> {
        Dims::random_neighbor(*self, cell, rng, want)
    }

    #[inline]
    fn random_cell(&self, rng: &mut Rng) -> Cell {
        rng.below(Dims::cells(*self))
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        Walker::at(*self, cell)
    }

    /// The square's own step, redrawn while `live` refuses the cell.
    #[inline]
    fn walk(&self, walker: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        loop {
            let mut next = *walker;
            next.step_random(*self, rng);
            if live(next.cell) {
                *walker = next;
                return;
            }
        }
    }

    /// The square's own step (table-driven; see `Walker::step_random`).
    #[inline]
    fn step_random(&self, walker: &mut Walker, rng: &mut Rng) {
        walker.step_random(*self, rng);
    }

    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        Some(Lower::west_or_row_above(cell, self.width))
    }

    fn for_each_wall_code(&self, mut visit: impl FnMut(u32)) {
        let (w, h) = (self.width, self.height);
        for y in 0..h {
            let row = y * w;
            for x in 0..w {
                let cell = row + x;
                if x + 1 < w {
                    visit(cell * 2);
                }
                if y + 1 < h {
                    visit(cell * 2 + 1);
                }
            }
        }
    }

    fn wall_count(&self) -> usize {
        let (w, h) = (self.width as usize, self.height as usize);
        (w - 1) * h + w * (h - 1)
    }

    /// East (bit 1) is `cell * 2`, south (bit 2) `cell * 2 + 1`.
    #[inline]
    fn wall_code(&self, a: Cell, b: Cell) -> Option<u32> {
        self.wall_slot(a, b)
            .map(|(owner, bit)| owner * 2 + u32::from(bit == SOUTH))
    }

    /// N, E, S, W from the cell's place, worked out once.
    #[inline]
    fn for_each_wall_code_of(&self, cell: Cell, mut visit: impl FnMut(u32)) {
        let (x, y) = self.xy(cell);
        if y > 0 {
            visit((cell - self.width) * 2 + 1);
        }
        if x + 1 < self.width {
            visit(cell * 2);
        }
        if y + 1 < self.height {
            visit(cell * 2 + 1);
        }
        if x > 0 {
            visit((cell - 1) * 2);
        }
    }

    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let a = code >> 1;
        (a, if code & 1 == 0 { a + 1 } else { a + self.width })
    }

    fn for_each_edge(&self, mut visit: impl FnMut(Cell, Cell)) {
        for cell in 0..Dims::cells(*self) {
            self.owned_walls(cell, &mut |_, n| visit(cell, n));
        }
    }
}

/// A square grid whose left and right edges meet (`x`), whose top and
/// bottom meet (`y`), or both (a torus, where every cell has four
/// neighbours). With `flip` the left and right edges meet turned over, so
/// cell `(W-1, y)` meets `(0, H-1-y)`: a Möbius strip, or with `y` too a
/// Klein bottle. A wrapped side needs three cells across, or the two cells
/// of a row would share two walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wrap {
    /// Columns and rows.
    pub dims: Dims,
    /// Whether the left edge meets the right.
    pub x: bool,
    /// Whether the top edge meets the bottom.
    pub y: bool,
    /// Whether the left and right edges meet turned over (Möbius, Klein).
    pub flip: bool,
}

impl Wrap {
    /// A square of `dims` wrapped as asked; an error if a wrapped side is too short to wrap.
    pub fn new(dims: Dims, x: bool, y: bool) -> Result<Wrap, MazeError> {
        for (wraps, side, axis) in [(x, dims.width, "width"), (y, dims.height, "height")] {
            if wraps && side < 3 {
                return Err(MazeError::BadValue {
                    what: "wrap",
                    given: format!(
                        "{} with a {axis} of {side}",
                        if axis == "width" { "x" } else { "y" }
                    ),
                    valid: format!("a {axis} of at least 3 to wrap around"),
                });
            }
        }
        Ok(Wrap {
            dims,
            x,
            y,
            flip: false,
        })
    }

    /// A Möbius strip (`klein` false) or a Klein bottle: the left and
    /// right edges meet turned over, and for the bottle the top meets the
    /// bottom plainly.
    pub fn twisted(dims: Dims, klein: bool) -> Result<Wrap, MazeError> {
        Ok(Wrap {
            flip: true,
            ..Wrap::new(dims, true, klein)?
        })
    }

    /// The row a cell in row `y` meets across the left-right seam.
    #[inline]
    fn across_row(&self, y: u32) -> u32 {
        if self.flip {
            self.dims.height - 1 - y
        } else {
            y
        }
    }

    /// Whether either pair of edges meets.
    pub fn wraps(&self) -> bool {
        self.x || self.y
    }

    #[inline]
    fn east(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.dims.xy(cell);
        if x + 1 < self.dims.width {
            Some(cell + 1)
        } else {
            self.x.then(|| self.dims.at(0, self.across_row(y)))
        }
    }

    #[inline]
    fn west(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.dims.xy(cell);
        if x > 0 {
            Some(cell - 1)
        } else {
            self.x
                .then(|| self.dims.at(self.dims.width - 1, self.across_row(y)))
        }
    }

    #[inline]
    fn south(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.dims.xy(cell);
        if y + 1 < self.dims.height {
            Some(cell + self.dims.width)
        } else {
            self.y.then_some(x)
        }
    }

    #[inline]
    fn north(&self, cell: Cell) -> Option<Cell> {
        let (x, y) = self.dims.xy(cell);
        if y > 0 {
            Some(cell - self.dims.width)
        } else {
            self.y.then(|| self.dims.at(x, self.dims.height - 1))
        }
    }
}

impl Topology for Wrap {
    type SideList = [Option<Cell>; 4];

    /// The four sides N, E, S, W, across the seams where it wraps.
    #[inline]
    fn side_cells(&self, cell: Cell) -> [Option<Cell>; 4] {
        [
            self.north(cell),
            self.east(cell),
            self.south(cell),
            self.west(cell),
        ]
    }

    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let owner = code >> 3;
        let across = if code & 7 == 0 {
            self.east(owner)
        } else {
            self.south(owner)
        };
        (owner, across.unwrap_or(owner))
    }

    fn cells(&self) -> u32 {
        self.dims.cells()
    }

    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        if self.east(a) == Some(b) {
            Some((a, EAST))
        } else if self.east(b) == Some(a) {
            Some((b, EAST))
        } else if self.south(a) == Some(b) {
            Some((a, SOUTH))
        } else if self.south(b) == Some(a) {
            Some((b, SOUTH))
        } else {
            None
        }
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        if let Some(e) = self.east(cell) {
            visit(EAST, e);
        }
        if let Some(s) = self.south(cell) {
            visit(SOUTH, s);
        }
    }

    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        Some(Lower::west_or_row_above(cell, self.dims.width))
    }

    /// A random walk's step: one of the four sides drawn from two random
    /// bits (N, E, S, W), redrawn while no live cell lies across it.
    #[inline]
    fn walk(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        // Moves from tables (a random direction mispredicts any branch on
        // it); only the seams branch, and rarely.
        const DX: [u32; 4] = [0, 1, 0, u32::MAX];
        const DY: [u32; 4] = [u32::MAX, 0, 1, 0];
        let (width, height) = (self.dims.width, self.dims.height);
        loop {
            let d = rng.two_bits() as usize;
            let mut x = w.x.wrapping_add(DX[d]);
            let mut y = w.y.wrapping_add(DY[d]);
            if x >= width {
                if !self.x {
                    continue;
                }
                x = if x == width { 0 } else { width - 1 };
                y = self.across_row(y);
            }
            if y >= height {
                if !self.y {
                    continue;
                }
                y = if y == height { 0 } else { height - 1 };
            }
            if w.move_to(self.dims, x, y, &live) {
                return;
            }
        }
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        Walker::at(self.dims, cell)
    }
}
