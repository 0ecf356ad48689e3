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
use crate::event::Emit;
use crate::grid::{Cell, Dims, Dir};
use crate::rng::Rng;
use std::fmt;

/// The corner every passage leads toward.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bias {
    #[default]
    NW,
    NE,
    SW,
    SE,
}

impl Bias {
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
pub struct BinaryTree {
    dims: Dims,
    rng: Rng,
    bias: Bias,
    next: u32,
}

impl BinaryTree {
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

impl Step for BinaryTree {
    fn step_one(&mut self, out: &mut Emit) -> bool {
        let (vertical, horizontal) = self.bias.dirs();
        let end = (self.next + CELLS_PER_STEP).min(self.dims.cells());
        if self.next == 0 {
            // Step 1 is the loop, step 2 its body: both from the start.
            out.phase(1);
            out.phase(2);
        }
        // An instant build counts its cursor moves (one per carving cell)
        // and hands the count over once a batch.
        let (mut moves, mut last) = (0u64, 0);
        if out.visuals() {
            for cell in self.next..end {
                if let Some(to) = self.link(cell, vertical, horizontal) {
                    out.cursor(cell);
                    out.carve(cell, to);
                }
            }
        } else {
            for cell in self.next..end {
                if let Some(to) = self.link(cell, vertical, horizontal) {
                    moves += 1;
                    last = cell;
                    out.carve(cell, to);
                }
            }
            out.quiet_cursor(last, moves);
        }
        self.next = end;
        self.next < self.dims.cells()
    }
}
