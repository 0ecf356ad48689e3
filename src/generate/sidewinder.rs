//! Sidewinder: runs carved east, each closed by one opening to the north.
//!
//! 1. Open the whole top row into one corridor.
//! 2. On every other row, walk east adding cells to the current run. After
//!    each cell, at random (and always at the east edge), close the run: open
//!    the north wall of a random cell of the run and start a new run.
//!    Otherwise open the wall to the east.
//! 3. Stop after the last row.
//!
//! Its mazes have one open corridor along the top, a vertical grain, and
//! about 25% dead ends; a path from the bottom to the top never doubles back
//! down. The current run is shown as `Frontier` marks.

use super::{Params, Step};
use crate::event::{Emit, Mark};
use crate::grid::Dims;
use crate::rng::Rng;

#[derive(Clone)]
pub struct Sidewinder {
    dims: Dims,
    rng: Rng,
    y: u32,
}

impl Sidewinder {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        Box::new(Sidewinder {
            dims: params.dims(),
            rng: Rng::new(params.seed),
            y: 0,
        })
    }
}

impl Sidewinder {
    /// One row of an instant build: the same draws and carvings, with the
    /// row's visual events counted at once (a cursor move per cell and,
    /// below the top row, a mark into the run and one out of it), not one
    /// by one: counting each cost a third of the build.
    fn quiet_row(&mut self, out: &mut Emit) -> bool {
        let (w, y) = (self.dims.width, self.y);
        let row = self.dims.at(0, y);
        if y == 0 {
            out.phase(1);
            for x in 0..w - 1 {
                out.carve(row + x, row + x + 1);
            }
            if w > 1 {
                out.quiet_cursor(row + w - 2, u64::from(w - 1));
            }
        } else {
            out.phase(2);
            let mut run_start = 0;
            for x in 0..w {
                let cell = row + x;
                if x + 1 == w || self.rng.coin() {
                    let chosen = row + run_start + self.rng.below(x - run_start + 1);
                    out.carve(chosen, chosen - w);
                    run_start = x + 1;
                } else {
                    out.carve(cell, cell + 1);
                }
            }
            out.quiet_cursor(row + w - 1, 3 * u64::from(w));
        }
        self.y += 1;
        if self.y == self.dims.height {
            out.phase(3);
        }
        self.y < self.dims.height
    }
}

impl Step for Sidewinder {
    /// One row per step.
    fn step_one(&mut self, out: &mut Emit) -> bool {
        let (w, y) = (self.dims.width, self.y);
        let row = self.dims.at(0, y);
        if !out.visuals() {
            return self.quiet_row(out);
        }
        if y == 0 {
            out.phase(1);
            for x in 0..w - 1 {
                out.cursor(row + x);
                out.carve(row + x, row + x + 1);
            }
        } else {
            let mut run_start = 0;
            out.phase(2);
            for x in 0..w {
                let cell = row + x;
                out.cursor(cell);
                out.mark(cell, Mark::Frontier);
                if x + 1 == w || self.rng.coin() {
                    let chosen = row + run_start + self.rng.below(x - run_start + 1);
                    out.carve(chosen, chosen - w);
                    for member in row + run_start..=cell {
                        out.mark(member, Mark::Blank);
                    }
                    run_start = x + 1;
                } else {
                    out.carve(cell, cell + 1);
                }
            }
        }
        self.y += 1;
        if self.y == self.dims.height {
            out.phase(3);
        }
        self.y < self.dims.height
    }
}
