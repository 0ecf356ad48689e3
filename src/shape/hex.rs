//! Hexagons in offset rows ("odd-r": pointy-topped, odd rows shifted half a
//! cell right). Cell `(x, y)` is `y * width + x`; inner cells have six
//! neighbours, in clockwise order E, SE, SW, W, NW, NE. A cell owns its E
//! (bit 1), SE (bit 2) and SW (bit 4) walls.

use super::{Lower, Topology};
use crate::rng::Rng;
use crate::shape::{Cell, Dims, Walker};

const E: u8 = 1;
const SE: u8 = 2;
const SW: u8 = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// Hexagons in offset rows (odd rows shifted right), six neighbours a cell.
pub struct Hex {
    /// Columns and rows.
    pub dims: Dims,
}

impl Hex {
    /// A hexagon grid of `dims`.
    pub fn new(dims: Dims) -> Hex {
        Hex { dims }
    }

    fn at(&self, x: i64, y: i64) -> Option<Cell> {
        let (w, h) = (i64::from(self.dims.width), i64::from(self.dims.height));
        ((0..w).contains(&x) && (0..h).contains(&y)).then(|| (y * w + x) as Cell)
    }
}

impl Topology for Hex {
    type SideList = [Option<Cell>; 6];

    /// The six sides in clockwise order: E, SE, SW, W, NW, NE.
    #[inline]
    fn side_cells(&self, cell: Cell) -> [Option<Cell>; 6] {
        let (x, y) = self.dims.xy(cell);
        let (x, y) = (i64::from(x), i64::from(y));
        // Odd rows sit half a cell to the right of even ones.
        let shift = y & 1;
        [
            self.at(x + 1, y),
            self.at(x + shift, y + 1),
            self.at(x + shift - 1, y + 1),
            self.at(x - 1, y),
            self.at(x + shift - 1, y - 1),
            self.at(x + shift, y - 1),
        ]
    }

    /// `pick_wanted`'s draw over the six sides (so the same mazes), the
    /// sides found by adding to the column and row in u32 (off the grid
    /// wraps past the bound) rather than through `Option`s in i64.
    #[inline]
    fn random_neighbor(
        &self,
        cell: Cell,
        rng: &mut Rng,
        mut want: impl FnMut(Cell) -> bool,
    ) -> Option<Cell> {
        const M: u32 = u32::MAX;
        const DX: [u32; 6] = [1, 0, M, M, M, 0];
        const DY: [u32; 6] = [0, 1, 1, 0, M, M];
        const SHIFTED: [u32; 6] = [0, 1, 1, 0, 1, 1];
        let (width, height) = (self.dims.width, self.dims.height);
        let (x, y) = self.dims.xy(cell);
        let shift = y & 1;
        let mut cells = [0 as Cell; 6];
        let mut mask = 0u32;
        for k in 0..6 {
            let nx = x.wrapping_add(DX[k]).wrapping_add(shift & SHIFTED[k]);
            let ny = y.wrapping_add(DY[k]);
            if nx < width && ny < height {
                let c = ny * width + nx;
                cells[k] = c;
                if want(c) {
                    mask |= 1 << k;
                }
            }
        }
        Some(cells[super::pick_in_mask(mask, rng)?])
    }

    fn cells(&self) -> u32 {
        self.dims.cells()
    }

    /// From the lower cell's column and row: E is the next cell in its
    /// row, SE and SW the two below it (shifted by the row's parity).
    #[inline]
    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        let (width, height) = (self.dims.width, self.dims.height);
        let (lo, hi) = (a.min(b), a.max(b));
        if hi >= width * height || lo == hi {
            return None;
        }
        let (x, y) = self.dims.xy(lo);
        // (At a row's end the next cell starts the row below: in a grid
        // one or two wide it may be a diagonal neighbour.)
        if hi == lo + 1 && x + 1 < width {
            return Some((lo, E));
        }
        if y + 1 >= height {
            return None;
        }
        let se_x = x + (y & 1);
        let below = (y + 1) * width;
        if se_x < width && hi == below + se_x {
            Some((lo, SE))
        } else if se_x >= 1 && hi == below + se_x - 1 {
            Some((lo, SW))
        } else {
            None
        }
    }

    /// E, SE and SW are the cell's own walls; W, NW and NE are the
    /// neighbour's E, SE and SW (each side faces its opposite).
    #[inline]
    fn side_slots(&self, cell: Cell, mut visit: impl FnMut(Cell, Cell, u8)) {
        const BITS: [u8; 6] = [E, SE, SW, E, SE, SW];
        for (k, n) in self.side_cells(cell).into_iter().enumerate() {
            if let Some(n) = n {
                visit(n, if k < 3 { cell } else { n }, BITS[k]);
            }
        }
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        let [e, se, sw, ..] = self.side_cells(cell);
        for (bit, n) in [(E, e), (SE, se), (SW, sw)] {
            if let Some(n) = n {
                visit(bit, n);
            }
        }
    }

    /// Row by row, without a call per wall: E inside the row, then SE and
    /// SW into the row below where they exist.
    fn for_each_wall_code(&self, mut visit: impl FnMut(u32)) {
        let (w, h) = (self.dims.width, self.dims.height);
        for y in 0..h {
            let shift = y & 1;
            for x in 0..w {
                let code = (y * w + x) * 8;
                if x + 1 < w {
                    visit(code);
                }
                if y + 1 < h {
                    if x + shift < w {
                        visit(code + 1);
                    }
                    if x + shift >= 1 {
                        visit(code + 2);
                    }
                }
            }
        }
    }

    fn wall_count(&self) -> usize {
        let (w, h) = (self.dims.width as usize, self.dims.height as usize);
        // E: w - 1 a row. Between two rows: 2w - 1 (SE and SW, less the one
        // past the row's end on either side).
        h * (w - 1) + (h - 1) * (2 * w - 1)
    }

    /// Straight from the code: a wall code only names a wall that exists,
    /// so no bound needs checking (E is the next cell, SE and SW the row
    /// below, shifted by the owner's row parity).
    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let owner = code >> 3;
        let width = self.dims.width;
        let shift = self.dims.xy(owner).1 & 1;
        let across = match code & 7 {
            0 => owner + 1,
            1 => owner + width + shift,
            _ => owner + width + shift - 1,
        };
        (owner, across)
    }

    /// West, or at a row's start the row above's first cell (its north-east
    /// neighbour on even rows, north-west on odd ones).
    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        Some(Lower::west_or_row_above(cell, self.dims.width))
    }

    /// A random walk's step: a side drawn uniformly (three random bits,
    /// 6 and 7 drawn again), redrawn while no live cell lies across it (the
    /// cell has a live neighbour).
    #[inline]
    fn walk(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        // Moves by side (E, SE, SW, W, NW, NE) from tables rather than a
        // six-way branch, which a random direction mispredicts every time;
        // draws 6 and 7 move off the grid and are drawn again. Odd rows add
        // one to the diagonal moves' column.
        const DX: [u32; 8] = [1, 0, u32::MAX, u32::MAX, u32::MAX, 0, OFF, OFF];
        const DY: [u32; 8] = [0, 1, 1, 0, u32::MAX, u32::MAX, OFF, OFF];
        const SHIFTED: [u32; 8] = [0, 1, 1, 0, 1, 1, 0, 0];
        const OFF: u32 = 1 << 31;
        let shift = w.y & 1;
        loop {
            let k = rng.three_bits() as usize;
            let x = w.x.wrapping_add(DX[k]).wrapping_add(shift & SHIFTED[k]);
            let y = w.y.wrapping_add(DY[k]);
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
