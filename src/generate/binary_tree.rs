//! Binary tree: every cell opens one of two fixed directions.
//!
//! 1. Visit the cells in row-major order.
//! 2. Open the wall to the north or to the west of each cell (for the NW
//!    bias), at random; where only one exists, open that one; the corner cell
//!    opens neither.
//!
//! Every cell's path to the biased corner runs diagonally, so the maze has a
//! strong diagonal texture, two fully open border corridors (the north and
//! west edges for NW), and about 25% dead ends. It needs no memory at all.

use super::{Params, Step};
use crate::error::MazeError;
use crate::keep::Keep;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::{Cell, Dims, Dir};
use crate::shape::{EAST_OPEN, SOUTH_OPEN};
use crate::stream::Stepper;
use std::fmt;

/// The corner every passage leads toward.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bias {
    #[default]
    /// Carve north or west.
    NW,
    /// Carve north or east.
    NE,
    /// Carve south or west.
    SW,
    /// Carve south or east.
    SE,
}

impl Bias {
    /// Every bias, in the order help lists them.
    pub const ALL: [Bias; 4] = [Bias::NW, Bias::NE, Bias::SW, Bias::SE];

    /// The vertical and horizontal directions a cell may open.
    pub fn dirs(self) -> (Dir, Dir) {
        match self {
            Bias::NW => (Dir::N, Dir::W),
            Bias::NE => (Dir::N, Dir::E),
            Bias::SW => (Dir::S, Dir::W),
            Bias::SE => (Dir::S, Dir::E),
        }
    }

    /// Parses `NW`, `ne`, ... (case-insensitive).
    pub fn parse(text: &str) -> Result<Bias, MazeError> {
        Bias::ALL
            .into_iter()
            .find(|b| b.to_string().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| MazeError::BadBias {
                given: text.to_string(),
            })
    }
}

impl fmt::Display for Bias {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Bias::NW => "NW",
            Bias::NE => "NE",
            Bias::SW => "SW",
            Bias::SE => "SE",
        })
    }
}

#[derive(Clone)]
/// The binary tree: each cell opens one of the bias's two sides.
pub struct BinaryTree {
    dims: Dims,
    rng: Rng,
    bias: Bias,
    next: u32,
}

impl BinaryTree {
    /// The generator for `params`, boxed for the registry.
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        Box::new(BinaryTree {
            dims: params.dims(),
            rng: Rng::new(params.seed),
            bias: params.bias,
            next: 0,
        })
    }
}

/// Cells handled per step: the whole pass is one decision per cell, so a
/// step covers a short stretch of a row to keep per-step overhead low.
const CELLS_PER_STEP: u32 = 8;

impl BinaryTree {
    /// The neighbour `cell` opens to: one of the bias's two, at random,
    /// or the only one there is.
    #[inline(always)]
    fn link(&mut self, cell: Cell, vertical: Dir, horizontal: Dir) -> Option<Cell> {
        let v = self.dims.step(cell, vertical);
        let h = self.dims.step(cell, horizontal);
        match (v, h) {
            (Some(v), Some(h)) => Some(if self.rng.coin() { v } else { h }),
            (one, None) | (None, one) => one,
        }
    }
}

impl BinaryTree {
    /// An instant build's cells `from..to` (within one row) straight into a
    /// plain square's bits: the same draws as `link`, without its general
    /// steps. Returns how many cells carved, and the first and last.
    // A call of its own a row: its slice and the generator then cannot
    // alias, which its loop needs to keep the row in registers.
    #[inline(never)]
    fn quiet_cells(
        &mut self,
        bits: &mut [u8],
        from: Cell,
        to: Cell,
        bias: Bias,
    ) -> (u64, Cell, Cell) {
        let (w, h) = (self.dims.width, self.dims.height);
        let y = from / w;
        let (north, west) = (
            matches!(bias, Bias::NW | Bias::NE),
            matches!(bias, Bias::NW | Bias::SW),
        );
        let has_v = if north { y > 0 } else { y + 1 < h };
        // The slot and bit of the wall to the vertical and horizontal side.
        let v_slot = |c: Cell| {
            if north {
                (c - w, SOUTH_OPEN)
            } else {
                (c, SOUTH_OPEN)
            }
        };
        let h_slot = |c: Cell| {
            if west {
                (c - 1, EAST_OPEN)
            } else {
                (c, EAST_OPEN)
            }
        };
        let (mut moves, mut first, mut last) = (0, 0, 0);
        for cell in from..to {
            let x = cell - y * w;
            let has_h = if west { x > 0 } else { x + 1 < w };
            let (slot, bit) = match (has_v, has_h) {
                (true, true) => {
                    if self.rng.coin() {
                        v_slot(cell)
                    } else {
                        h_slot(cell)
                    }
                }
                (true, false) => v_slot(cell),
                (false, true) => h_slot(cell),
                (false, false) => continue,
            };
            bits[slot as usize] |= bit;
            if moves == 0 {
                first = cell;
            }
            moves += 1;
            last = cell;
        }
        (moves, first, last)
    }
}

impl Stepper for BinaryTree {
    const MARKS_NO_CELL: bool = true;

    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        let (vertical, horizontal) = self.bias.dirs();
        if self.next == 0 {
            // Step 1 is the loop, step 2 its body: both from the start.
            out.phase(1);
            out.phase(2);
        }
        if let Some(mut fast) = out.fast_square() {
            // Fast path (an instant build, tested equal to the loop below):
            // the rest of the row in one go.
            let row_end = (self.next / self.dims.width + 1) * self.dims.width;
            let (moves, first, last) = self.quiet_cells(fast.bits, self.next, row_end, self.bias);
            if moves > 0 {
                // Each carving cell moves the cursor (all different cells)
                // and opens one wall; the first move is counted here.
                fast.cursor(first);
                fast.counted(moves, moves - 1, Some(last));
            }
            self.next = row_end;
            return self.next < self.dims.cells();
        }
        let end = (self.next + CELLS_PER_STEP).min(self.dims.cells());
        for cell in self.next..end {
            if let Some(to) = self.link(cell, vertical, horizontal) {
                out.cursor(cell);
                out.carve(cell, to);
            }
        }
        self.next = end;
        self.next < self.dims.cells()
    }
}

impl Keep for BinaryTree {}
