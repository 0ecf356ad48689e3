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
use crate::event::{Emit, Mark, Record};
use crate::grid::Dims;
use crate::rng::Rng;
use crate::stream::StepWith;

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

impl Step for Sidewinder {
    fn step(&mut self, out: &mut Emit) -> bool {
        crate::stream::step_either(self, out)
    }

    fn step_one(&mut self, out: &mut Emit) -> bool {
        self.step_with(out)
    }
}

impl StepWith for Sidewinder {
    /// One row per step.
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        let (w, y) = (self.dims.width, self.y);
        let row = self.dims.at(0, y);
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
