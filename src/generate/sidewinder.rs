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
use crate::event::Mark;
use crate::keep::Keep;
use crate::record::{FastSquare, Record};
use crate::rng::Rng;
use crate::shape::{Cell, Dims};
use crate::shape::{EAST_OPEN, SOUTH_OPEN};
use crate::stream::Stepper;

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

impl Stepper for Sidewinder {
    /// One row per step.
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        let (w, y) = (self.dims.width, self.y);
        let row = self.dims.at(0, y);
        // A copy in registers for the row: through `self` every draw was
        // stored back to memory.
        let mut rng = self.rng.clone();
        if y == 0 {
            out.phase(1);
            for x in 0..w - 1 {
                out.cursor(row + x);
                out.carve(row + x, row + x + 1);
            }
        } else {
            out.phase(2);
            out.cursor(row);
            if let Some(mut fast) = out.fast_square() {
                Self::fast_row(&mut fast, &mut rng, row);
            } else {
                let mut run_start = 0;
                for x in 0..w {
                    let cell = row + x;
                    out.cursor(cell);
                    out.mark(cell, Mark::Frontier);
                    if x + 1 == w || rng.coin() {
                        let chosen = row + run_start + rng.below(x - run_start + 1);
                        out.carve(chosen, chosen - w);
                        for member in row + run_start..cell + 1 {
                            out.mark(member, Mark::Blank);
                        }
                        run_start = x + 1;
                    } else {
                        out.carve(cell, cell + 1);
                    }
                }
            }
        }
        self.rng = rng;
        self.y += 1;
        if self.y == self.dims.height {
            out.phase(3);
        }
        self.y < self.dims.height
    }
}

impl Keep for Sidewinder {}

/// Fast path: an instant build on a plain square, tested equal to stepping.
impl Sidewinder {
    /// Row `row` (not the first) straight into the bits, the same draws as
    /// the step above but a run at a time: the coins until the next head
    /// are the zero bits before the next one bit, so the loop branches per
    /// run, not on every (unpredictable) flip.
    #[inline(always)]
    fn fast_row(fast: &mut FastSquare, rng: &mut Rng, row: Cell) {
        let w = fast.width;
        let rows = &mut fast.bits[(row - w) as usize..(row + w) as usize];
        let (above, this) = rows.split_at_mut(w as usize);
        let (mut x, mut run_start) = (0, 0);
        while x < w {
            // Every cell but the row's last flips; a head closes the run.
            let (tails, _) = rng.tails_before_head(w - 1 - x);
            let close = x + tails;
            for cell in &mut this[x as usize..close as usize] {
                *cell |= EAST_OPEN;
            }
            let chosen = run_start + rng.below(close - run_start + 1);
            above[chosen as usize] |= SOUTH_OPEN;
            x = close + 1;
            run_start = x;
        }
        // Per cell a cursor move (the first one made by the caller), a run
        // mark and a blank one; and one wall opened, east or north.
        fast.counted(u64::from(w), u64::from(3 * w - 1), Some(row + w - 1));
    }
}
