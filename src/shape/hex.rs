//! Hexagons in offset rows ("odd-r": pointy-topped, odd rows shifted half a
//! cell right). Cell `(x, y)` is `y * width + x`; inner cells have six
//! neighbours, in clockwise order E, SE, SW, W, NW, NE. A cell owns its E
//! (bit 1), SE (bit 2) and SW (bit 4) walls.

use super::{Sides, Topology};
use crate::grid::{Cell, Dims, Neighbors};
use crate::rng::Rng;

const E: u8 = 1;
const SE: u8 = 2;
const SW: u8 = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hex {
    pub dims: Dims,
}

impl Hex {
    pub fn new(dims: Dims) -> Hex {
        Hex { dims }
    }

    fn at(&self, x: i64, y: i64) -> Option<Cell> {
        let (w, h) = (i64::from(self.dims.width), i64::from(self.dims.height));
        ((0..w).contains(&x) && (0..h).contains(&y)).then(|| (y * w + x) as Cell)
    }

    /// The six sides in clockwise order: E, SE, SW, W, NW, NE.
    #[inline]
    pub fn side_cells(&self, cell: Cell) -> [Option<Cell>; 6] {
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
}

impl Topology for Hex {
    super::by_side_cells!(side_cells);

    fn cells(&self) -> u32 {
        self.dims.cells()
    }

    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        let (lo, hi) = (a.min(b), a.max(b));
        let [e, se, sw, ..] = self.side_cells(lo);
        if e == Some(hi) {
            Some((lo, E))
        } else if se == Some(hi) {
            Some((lo, SE))
        } else if sw == Some(hi) {
            Some((lo, SW))
        } else {
            None
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

    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let side = [0usize, 1, 2][(code & 7).min(2) as usize];
        let owner = code >> 3;
        (owner, self.side_cells(owner)[side].unwrap_or(owner))
    }

    super::walk_by_cell!();
}
