//! Brain: Noah Spurrier's fractal maze of four sub-mazes joined across a cross.
//!
//! 1. Split the region at its middle column and middle row into four
//!    quadrants (two halves when it is one cell thick).
//! 2. Make each quadrant a maze the same way, down to single cells.
//! 3. Join the quadrants: of the four arms of the dividing cross, open a
//!    random gap in three, chosen at random (one gap when there are only two
//!    halves). Three gaps join four trees into one without a loop.
//!
//! Any W x H works, splitting at `w / 2` and `h / 2`. The joins run level by
//! level from the smallest regions up, without recursion: each level walks the
//! region tree down to its depth with an explicit stack, and the levels add up
//! to 4/3 of the regions, so the run stays linear. The mazes look like a brain:
//! nested lobes, with long walls along the big dividing crosses that the
//! solution must cross at the few gaps.

use super::{Params, Step};
use crate::keep::Keep;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Dims;
use crate::stream::Stepper;

#[derive(Clone, Copy, Debug)]
struct Region {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

#[derive(Clone)]
pub struct Brain {
    dims: Dims,
    rng: Rng,
    /// The depth whose regions are being joined; counts down to 0.
    level: u32,
    stack: Vec<(Region, u32)>,
    /// The first step has been taken (step 1 reported).
    begun: bool,
}

/// The depth of the region tree over a side of `n` cells: ceil(log2 n).
fn depth(n: u32) -> u32 {
    u32::BITS - (n.max(1) - 1).leading_zeros()
}

impl Brain {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        let d = params.dims();
        let whole = Region {
            x: 0,
            y: 0,
            w: d.width,
            h: d.height,
        };
        let levels = depth(d.width.max(d.height));
        Box::new(Brain {
            begun: false,
            dims: d,
            rng: Rng::new(params.seed),
            level: levels.saturating_sub(1),
            stack: if levels == 0 {
                Vec::new()
            } else {
                vec![(whole, 0)]
            },
        })
    }

    /// Opens the wall between (x, y) and its east (`east`) or south neighbour.
    #[inline(always)]
    fn open<R: Record>(&mut self, x: u32, y: u32, east: bool, out: &mut R) {
        let cell = self.dims.at(x, y);
        let to = if east {
            cell + 1
        } else {
            cell + self.dims.width
        };
        out.cursor(cell);
        out.carve(cell, to);
    }

    #[inline(always)]
    fn join<R: Record>(&mut self, r: Region, out: &mut R) {
        let (mx, my) = (r.x + r.w / 2, r.y + r.h / 2);
        let split_cols = r.w >= 2;
        let split_rows = r.h >= 2;
        if split_cols && split_rows {
            let skip = self.rng.below(4);
            for arm in 0..4 {
                if arm == skip {
                    continue;
                }
                match arm {
                    0 => {
                        let y = r.y + self.rng.below(my - r.y);
                        self.open(mx - 1, y, true, out);
                    }
                    1 => {
                        let y = my + self.rng.below(r.y + r.h - my);
                        self.open(mx - 1, y, true, out);
                    }
                    2 => {
                        let x = r.x + self.rng.below(mx - r.x);
                        self.open(x, my - 1, false, out);
                    }
                    _ => {
                        let x = mx + self.rng.below(r.x + r.w - mx);
                        self.open(x, my - 1, false, out);
                    }
                }
            }
        } else if split_cols {
            let y = r.y + self.rng.below(r.h);
            self.open(mx - 1, y, true, out);
        } else {
            let x = r.x + self.rng.below(r.w);
            self.open(x, my - 1, false, out);
        }
    }

    fn push_children(&mut self, r: Region, depth: u32) {
        let cols: &[(u32, u32)] = &if r.w >= 2 {
            [(r.x, r.w / 2), (r.x + r.w / 2, r.w - r.w / 2)]
        } else {
            [(r.x, r.w), (0, 0)]
        };
        let rows: &[(u32, u32)] = &if r.h >= 2 {
            [(r.y, r.h / 2), (r.y + r.h / 2, r.h - r.h / 2)]
        } else {
            [(r.y, r.h), (0, 0)]
        };
        for &(y, h) in rows.iter().rev() {
            for &(x, w) in cols.iter().rev() {
                if w > 0 && h > 0 {
                    self.stack.push((Region { x, y, w, h }, depth + 1));
                }
            }
        }
    }
}

impl Stepper for Brain {
    const MARKS_NO_CELL: bool = true;

    /// One join per step.
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.begun {
            self.begun = true;
            out.phase(1);
        }
        loop {
            let Some((region, depth)) = self.stack.pop() else {
                if self.level == 0 {
                    return false;
                }
                // The next bigger scale: the quadrants below are mazes now.
                out.phase(2);
                self.level -= 1;
                let whole = Region {
                    x: 0,
                    y: 0,
                    w: self.dims.width,
                    h: self.dims.height,
                };
                self.stack.push((whole, 0));
                continue;
            };
            if region.w == 1 && region.h == 1 {
                continue;
            }
            if depth < self.level {
                self.push_children(region, depth);
                continue;
            }
            out.phase(3);
            self.join(region, out);
            return !(self.stack.is_empty() && self.level == 0);
        }
    }
}

impl Keep for Brain {}
