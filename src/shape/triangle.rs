//! Triangles in rows, alternating apex up and apex down: cell `(x, y)` is
//! `y * width + x` and points up when `x + y` is even. Inner cells have three
//! neighbours: an up triangle E, S, W (clockwise from its right edge), a
//! down one N, E, W (from its top edge). A cell owns its E wall (bit 1) and,
//! pointing up, its S wall (bit 2).

use super::{Lower, Topology};
use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{Cell, Dims, Walker};

const E: u8 = 1;
const S: u8 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// Triangles pointing up and down in turn along each row, three neighbours a cell.
pub struct Triangle {
    /// Columns and rows.
    pub dims: Dims,
}

impl Triangle {
    /// Rows of triangles; more than one row needs two columns, since a
    /// column one triangle wide falls apart into pairs (an up triangle has
    /// no neighbour above it).
    pub fn new(dims: Dims) -> Result<Triangle, MazeError> {
        if dims.width < 2 && dims.height > 1 {
            return Err(MazeError::BadValue {
                what: "triangle size",
                given: format!("{}x{}", dims.width, dims.height),
                valid: "at least 2 columns when there is more than one row (one column of triangles falls apart into pairs)".into(),
            });
        }
        Ok(Triangle { dims })
    }

    /// Whether the cell's apex points up.
    #[inline]
    pub fn points_up(&self, cell: Cell) -> bool {
        let (x, y) = self.dims.xy(cell);
        (x + y) % 2 == 0
    }
}

impl Topology for Triangle {
    type SideList = [Option<Cell>; 3];

    /// The three sides in clockwise order: up `[E, S, W]`, down `[N, E, W]`.
    #[inline]
    fn side_cells(&self, cell: Cell) -> [Option<Cell>; 3] {
        let d = self.dims;
        let (x, y) = d.xy(cell);
        let east = (x + 1 < d.width).then(|| cell + 1);
        let west = (x > 0).then(|| cell - 1);
        if (x + y) % 2 == 0 {
            [east, (y + 1 < d.height).then(|| cell + d.width), west]
        } else {
            [(y > 0).then(|| cell - d.width), east, west]
        }
    }

    fn cells(&self) -> u32 {
        self.dims.cells()
    }

    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        let (lo, hi) = (a.min(b), a.max(b));
        let d = self.dims;
        if hi == lo + 1 && d.xy(hi).0 != 0 {
            Some((lo, E))
        } else if hi == lo + d.width && self.points_up(lo) {
            Some((lo, S))
        } else {
            None
        }
    }

    /// An up triangle owns its E and S walls, a down one its E; a W wall
    /// is the neighbour's E, a down triangle's N the up one's S.
    #[inline]
    fn side_slots(&self, cell: Cell, mut visit: impl FnMut(Cell, Cell, u8)) {
        let up = self.points_up(cell);
        let [a, b, c] = self.side_cells(cell);
        if up {
            if let Some(n) = a {
                visit(n, cell, E);
            }
            if let Some(n) = b {
                visit(n, cell, S);
            }
        } else {
            if let Some(n) = a {
                visit(n, n, S);
            }
            if let Some(n) = b {
                visit(n, cell, E);
            }
        }
        if let Some(n) = c {
            visit(n, n, E);
        }
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        let (x, y) = self.dims.xy(cell);
        if x + 1 < self.dims.width {
            visit(E, cell + 1);
        }
        if (x + y) % 2 == 0 && y + 1 < self.dims.height {
            visit(S, cell + self.dims.width);
        }
    }

    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let owner = code >> 3;
        // Bit 0 (index 0) is east, bit 1 (index 1) south.
        (
            owner,
            if code & 7 == 0 {
                owner + 1
            } else {
                owner + self.dims.width
            },
        )
    }

    /// The cell above a down triangle, else the one west; an up triangle
    /// at a row's start has neither, and stands in for by the down triangle
    /// east of it, whose northern neighbour is numbered lower.
    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        let (x, y) = self.dims.xy(cell);
        Some(if (x + y) % 2 == 1 && y > 0 {
            Lower::Neighbor(cell - self.dims.width)
        } else if x > 0 {
            Lower::Neighbor(cell - 1)
        } else if y > 0 && self.dims.width > 1 {
            Lower::StandIn(cell + 1)
        } else {
            Lower::First
        })
    }

    /// A random walk's step: one of the three sides (`below(3)`: two
    /// buffered bits with 3 drawn again mispredicted the redraw's branch a
    /// quarter of the time, twice as slow), redrawn while no live cell lies
    /// across it.
    /// Moves come from tables by the cell's direction (up: E, S, W; down:
    /// N, E, W), as a random direction mispredicts any branch on it.
    #[inline]
    fn walk(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        const OFF: u32 = 1 << 31;
        const M: u32 = u32::MAX;
        const DX: [u32; 8] = [1, 0, M, OFF, 0, 1, M, OFF];
        const DY: [u32; 8] = [0, 1, 0, OFF, M, 0, 0, OFF];
        let down = ((w.x + w.y) & 1) as usize * 4;
        loop {
            let k = down + rng.below(3) as usize;
            let (x, y) = (w.x.wrapping_add(DX[k]), w.y.wrapping_add(DY[k]));
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
