//! Upsilon: octagons and squares in Walter Pullen's pattern (the truncated
//! square tiling turned 45 degrees). Cell `(x, y)` is `y * width + x`, a
//! checkerboard: an octagon where `x + y` is even, a small square where it
//! is odd. An octagon meets the four squares beside it (N, E, S, W) and
//! the four octagons on its diagonals (NE, SE, SW, NW): eight neighbours.
//! A square meets only the four octagons beside it.
//!
//! Sides run clockwise from north: an octagon's N, NE, E, SE, S, SW, W,
//! NW, a square's N, E, S, W. A wall belongs to the lower-numbered cell.
//! The mazes mix long diagonal runs through the octagons with the squares'
//! short dead ends, a texture no square maze has.

use super::{Lower, Topology};
use crate::rng::Rng;
use crate::shape::{Cell, Dims, Neighbors, Sides, Walker};

/// Octagons and squares in a checkerboard, `dims` columns and rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Upsilon {
    /// Columns and rows.
    pub dims: Dims,
}

/// The octagon's eight steps, clockwise from north.
const OCTAGON: [(i64, i64); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// The square's four steps, clockwise from north.
const SQUARE: [(i64, i64); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

impl Upsilon {
    /// An upsilon grid of `dims`.
    pub fn new(dims: Dims) -> Upsilon {
        Upsilon { dims }
    }

    /// Whether a cell is an octagon (else a square).
    #[inline]
    pub fn is_octagon(&self, cell: Cell) -> bool {
        let (x, y) = self.dims.xy(cell);
        (x + y) % 2 == 0
    }
}

impl Topology for Upsilon {
    type SideList = Sides;

    fn cells(&self) -> u32 {
        self.dims.cells()
    }

    /// The octagon's or square's steps, in u32 (off the grid wraps past
    /// the bound, so one comparison a side checks it).
    #[inline]
    fn side_cells(&self, cell: Cell) -> Sides {
        let (w, h) = (self.dims.width, self.dims.height);
        let (x, y) = self.dims.xy(cell);
        let across = |(dx, dy): (i64, i64)| {
            let (nx, ny) = (x.wrapping_add(dx as u32), y.wrapping_add(dy as u32));
            (nx < w && ny < h).then(|| ny * w + nx)
        };
        // Each kind's steps as a fixed array, so both loops unroll.
        if (x + y) % 2 == 0 {
            Sides::first(OCTAGON.map(across), 8)
        } else {
            let [n, e, s, west] = SQUARE.map(across);
            Sides::first([n, e, s, west, None, None, None, None], 4)
        }
    }

    /// Each side straight from the kind's fixed array, with no list built
    /// (the default copied the sides into a list of their own first).
    #[inline]
    fn for_each_side(&self, cell: Cell, mut visit: impl FnMut(usize, Option<Cell>)) {
        for (k, &side) in self.side_cells(cell).as_ref().iter().enumerate() {
            visit(k, side);
        }
    }

    /// The neighbours straight from the steps, with no side list built
    /// first: the default went through `side_cells` and was not inlined, a
    /// call a cell for Prim's frontier (tested equal in `tests.rs`).
    #[inline(always)]
    fn neighbors(&self, cell: Cell) -> Neighbors {
        let (w, h) = (self.dims.width, self.dims.height);
        let (x, y) = self.dims.xy(cell);
        let steps: &[(i64, i64)] = if (x + y) % 2 == 0 { &OCTAGON } else { &SQUARE };
        let mut out = Neighbors::new();
        for &(dx, dy) in steps {
            let (nx, ny) = (x.wrapping_add(dx as u32), y.wrapping_add(dy as u32));
            if nx < w && ny < h {
                out.push(ny * w + nx);
            }
        }
        out
    }

    super::topology::random_neighbor_always_inlined!();

    /// One side without the others (a wall-weighted walk asks for one).
    #[inline]
    fn side(&self, cell: Cell, k: usize) -> Option<Cell> {
        let (w, h) = (self.dims.width, self.dims.height);
        let (x, y) = self.dims.xy(cell);
        let (dx, dy) = if (x + y) % 2 == 0 {
            *OCTAGON.get(k)?
        } else {
            *SQUARE.get(k)?
        };
        let (nx, ny) = (x.wrapping_add(dx as u32), y.wrapping_add(dy as u32));
        (nx < w && ny < h).then(|| ny * w + nx)
    }

    /// The lower cell's side toward the other, from their offset: E (the
    /// next cell in the row), S, SE or SW (the row below).
    #[inline]
    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        let (lo, hi) = (a.min(b), a.max(b));
        if hi >= self.cells() || lo == hi {
            return None;
        }
        let w = self.dims.width;
        let (x, y) = self.dims.xy(lo);
        let octagon = (x + y) % 2 == 0;
        let below = y + 1 < self.dims.height;
        // Sides: an octagon's N NE E SE S SW W NW, a square's N E S W.
        let k = if hi == lo + 1 && x + 1 < w {
            if octagon {
                2
            } else {
                1
            }
        } else if below && hi == lo + w {
            if octagon {
                4
            } else {
                2
            }
        } else if octagon && below && x + 1 < w && hi == lo + w + 1 {
            3
        } else if octagon && below && x > 0 && hi == lo + w - 1 {
            5
        } else {
            return None;
        };
        Some((lo, 1 << k))
    }

    /// Each side's wall: the cell's own toward a higher cell, else the
    /// neighbour's on the side facing back.
    #[inline]
    fn side_slots(&self, cell: Cell, mut visit: impl FnMut(Cell, Cell, u8)) {
        let octagon = self.is_octagon(cell);
        for (k, n) in self.side_cells(cell).as_slice().iter().enumerate() {
            if let Some(n) = *n {
                if n > cell {
                    visit(n, cell, 1 << k);
                } else {
                    // Octagon to octagon faces k + 4; octagon side 2j to
                    // the square's side j + 2; square side j to the
                    // octagon's 2(j + 2).
                    let back = match (octagon, k % 2) {
                        (true, 1) => (k + 4) % 8,
                        (true, _) => (k / 2 + 2) % 4,
                        (false, _) => ((k + 2) % 4) * 2,
                    };
                    visit(n, n, 1 << back);
                }
            }
        }
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        super::owned_by_lower(self, cell, visit);
    }

    /// Row by row, without a call per wall: a square's E and S, an
    /// octagon's E, SE, S and SW where they exist.
    fn for_each_wall_code(&self, mut visit: impl FnMut(u32)) {
        let (w, h) = (self.dims.width, self.dims.height);
        for y in 0..h {
            for x in 0..w {
                let code = (y * w + x) * 8;
                let (east, below) = (x + 1 < w, y + 1 < h);
                if (x + y) % 2 == 1 {
                    if east {
                        visit(code + 1);
                    }
                    if below {
                        visit(code + 2);
                    }
                } else {
                    if east {
                        visit(code + 2);
                    }
                    if east && below {
                        visit(code + 3);
                    }
                    if below {
                        visit(code + 4);
                    }
                    if x > 0 && below {
                        visit(code + 5);
                    }
                }
            }
        }
    }

    /// Straight from the code: the side's step, by the owner's kind.
    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        // The owned sides' steps `(dx, dy)` by kind and side: a square's
        // at 0-7 (E 1, S 2), an octagon's at 8-15 (E 2, SE 3, S 4, SW 5).
        // A table, as Kruskal's walls come in random order and a `match` on
        // the kind and side mispredicted about every other wall. (The
        // sides no cell owns step as the `match` did: a square's south,
        // an octagon's south-west.)
        const M: u32 = u32::MAX;
        const DX: [u32; 16] = [0, 1, 0, 0, 0, 0, 0, 0, M, M, 1, 1, 0, M, M, M];
        const DY: [u32; 16] = [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1];
        let owner = code >> 3;
        let at = usize::from(self.is_octagon(owner)) << 3 | (code & 7) as usize;
        let across = owner
            .wrapping_add(DX[at])
            .wrapping_add(DY[at] * self.dims.width);
        (owner, across)
    }

    /// West, or at a row's start north: octagons and squares alike have
    /// both sides.
    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        Some(Lower::west_or_row_above(cell, self.dims.width))
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        Walker::at(self.dims, cell)
    }

    /// A random walk's step from the walker's column and row: one of an
    /// octagon's eight sides (three random bits) or a square's four (two),
    /// as `walk_by_sides` draws them, redrawn while off the grid or not
    /// live.
    #[inline]
    fn walk(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        loop {
            let (dx, dy) = if (w.x + w.y) % 2 == 0 {
                OCTAGON[rng.three_bits() as usize]
            } else {
                SQUARE[rng.two_bits() as usize]
            };
            let (x, y) = (w.x.wrapping_add(dx as u32), w.y.wrapping_add(dy as u32));
            if w.move_to(self.dims, x, y, &live) {
                return;
            }
        }
    }
}
