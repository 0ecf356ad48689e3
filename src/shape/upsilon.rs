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
use crate::shape::{Cell, Dims, Sides, Walker};

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

    fn at(&self, x: i64, y: i64) -> Option<Cell> {
        let (w, h) = (i64::from(self.dims.width), i64::from(self.dims.height));
        ((0..w).contains(&x) && (0..h).contains(&y)).then(|| (y * w + x) as Cell)
    }
}

impl Topology for Upsilon {
    type SideList = Sides;

    fn cells(&self) -> u32 {
        self.dims.cells()
    }

    #[inline]
    fn side_cells(&self, cell: Cell) -> Sides {
        let (x, y) = self.dims.xy(cell);
        let (x, y) = (i64::from(x), i64::from(y));
        let steps: &[(i64, i64)] = if (x + y) % 2 == 0 { &OCTAGON } else { &SQUARE };
        let mut out = Sides::new();
        for &(dx, dy) in steps {
            out.push(self.at(x + dx, y + dy));
        }
        out
    }

    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        super::slot_by_lower(self, a, b)
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        super::owned_by_lower(self, cell, visit);
    }

    /// West, or at a row's start north: every cell has both on the grid.
    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        super::lower_by_sides(self, cell)
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        Walker::at(self.dims, cell)
    }

    #[inline]
    fn walk(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        super::walk_by_sides(self, w, rng, live);
        *w = Walker::at(self.dims, w.cell);
    }
}
