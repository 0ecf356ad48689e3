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
use crate::event::Emit;
use crate::grid::Dims;
use crate::rng::Rng;

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

impl Step for RecursiveDivision {
    /// One division per step.
    fn step_one(&mut self, out: &mut Emit) -> bool {
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
            if horizontal {
                // The wall runs between rows `split - 1` and `split`.
                let split = c.y + 1 + self.rng.below(c.h - 1);
                let gap = c.x + self.rng.below(c.w);
                for x in c.x..c.x + c.w {
                    if x != gap {
                        let above = self.dims.at(x, split - 1);
                        out.build(above, above + self.dims.width);
                    }
                }
                out.cursor(self.dims.at(gap, split));
                self.chambers.push(Chamber {
                    h: split - c.y,
                    ..c
                });
                self.chambers.push(Chamber {
                    y: split,
                    h: c.y + c.h - split,
                    ..c
                });
            } else {
                let split = c.x + 1 + self.rng.below(c.w - 1);
                let gap = c.y + self.rng.below(c.h);
                for y in c.y..c.y + c.h {
                    if y != gap {
                        let left = self.dims.at(split - 1, y);
                        out.build(left, left + 1);
                    }
                }
                out.cursor(self.dims.at(split, gap));
                self.chambers.push(Chamber {
                    w: split - c.x,
                    ..c
                });
                self.chambers.push(Chamber {
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
