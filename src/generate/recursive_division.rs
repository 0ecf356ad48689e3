//! Recursive division: start with no walls and divide chambers.
//!
//! 1. Start with one chamber, the whole grid, with every inner wall open.
//! 2. Take a chamber at least 2 cells wide and tall enough to split. Split it
//!    across its longer side (at random when square) with a straight wall at
//!    a random position, leaving one random gap.
//! 3. Handle the two halves the same way; a chamber one cell thick is a
//!    corridor and is left as it is.
//!
//! The chambers are kept on an explicit stack, depth-first, so the big
//! partitions appear first and the detail fills in corner by corner. Its
//! mazes are boxy, with long straight walls and a visible hierarchy of rooms;
//! about 25% dead ends.

use super::{Params, Step};
use crate::keep::Keep;
use crate::record::{FastSquare, Record};
use crate::rng::Rng;
use crate::shape::square_wall_bit;
use crate::shape::{Cell, Dims};
use crate::stream::Stepper;

#[derive(Clone, Copy, Debug)]
struct Chamber {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

#[derive(Clone)]
pub struct RecursiveDivision {
    dims: Dims,
    rng: Rng,
    chambers: Vec<Chamber>,
    /// The first step has been taken (step 1 reported).
    begun: bool,
}

impl RecursiveDivision {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        let d = params.dims();
        Box::new(RecursiveDivision {
            begun: false,
            dims: d,
            rng: Rng::new(params.seed),
            chambers: vec![Chamber {
                x: 0,
                y: 0,
                w: d.width,
                h: d.height,
            }],
        })
    }
}

impl RecursiveDivision {
    /// Keeps a chamber that can still be divided; a corridor (one cell
    /// thick) is left as it is and never stacked, which halves the stack's
    /// traffic (most chambers are small).
    #[inline(always)]
    fn push(&mut self, c: Chamber) {
        if c.w >= 2 && c.h >= 2 {
            self.chambers.push(c);
        }
    }
}

impl Stepper for RecursiveDivision {
    const MARKS_NO_CELL: bool = true;

    /// One division per step.
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.begun {
            self.begun = true;
            out.phase(1);
        }
        while let Some(c) = self.chambers.pop() {
            if c.w < 2 || c.h < 2 {
                continue;
            }
            out.phase(2);
            let horizontal = if c.w != c.h {
                c.h > c.w
            } else {
                self.rng.coin()
            };
            let width = self.dims.width;
            if horizontal {
                // The wall runs between rows `split - 1` and `split`.
                let split = c.y + 1 + self.rng.below(c.h - 1);
                let gap = self.rng.below(c.w);
                let start = self.dims.at(c.x, split - 1);
                build_wall(out, start, 1, c.w, gap, width);
                out.cursor(self.dims.at(c.x + gap, split));
                self.push(Chamber {
                    h: split - c.y,
                    ..c
                });
                self.push(Chamber {
                    y: split,
                    h: c.y + c.h - split,
                    ..c
                });
            } else {
                let split = c.x + 1 + self.rng.below(c.w - 1);
                let gap = self.rng.below(c.h);
                let start = self.dims.at(split - 1, c.y);
                build_wall(out, start, width, c.h, gap, 1);
                out.cursor(self.dims.at(split, c.y + gap));
                self.push(Chamber {
                    w: split - c.x,
                    ..c
                });
                self.push(Chamber {
                    x: split,
                    w: c.x + c.w - split,
                    ..c
                });
            }
            if self.chambers.is_empty() {
                out.phase(3);
            }
            return !self.chambers.is_empty();
        }
        // Only corridors are left: step 3 leaves them as they are.
        out.phase(3);
        false
    }
}

impl Keep for RecursiveDivision {}

/// Builds the wall of `len` cells from `start`, `stride` apart, each cell
/// against the one `across` from it, except the cell `gap` along.
#[inline(always)]
fn build_wall<R: Record>(out: &mut R, start: Cell, stride: u32, len: u32, gap: u32, across: u32) {
    if let Some(mut fast) = out.fast_square() {
        return fast_wall(&mut fast, start, stride, len, gap, across);
    }
    for i in 0..len {
        if i != gap {
            let cell = start + i * stride;
            out.build(cell, cell + across);
        }
    }
}

/// Fast path of `build_wall` (an instant build on a plain square, tested
/// equal to it): the whole wall without a branch per cell, then the gap
/// opened again (it was open inside the chamber).
#[inline(always)]
fn fast_wall(fast: &mut FastSquare, start: Cell, stride: u32, len: u32, gap: u32, across: u32) {
    let bit =
        square_wall_bit(fast.width, start, start + across).expect("a wall between neighbours");
    let (start, stride) = (start as usize, stride as usize);
    let end = start + (len as usize - 1) * stride + 1;
    for cell in fast.bits[start..end].iter_mut().step_by(stride) {
        *cell &= !bit;
    }
    fast.bits[start + gap as usize * stride] |= bit;
    // Every cell of the wall but the gap is a wall built; nothing is shown.
    fast.counted(u64::from(len - 1), 0, None);
}
