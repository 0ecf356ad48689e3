//! Polar: rings around a centre cell (Buck's polar grid). Ring 0 is the
//! centre; ring `r` has as many cells as keeps them roughly square: the
//! ring before's count times `round(2 pi r / count before)`, so counts double
//! now and then as the circumference grows (1, 6, 12, 24, 24, 24, 48...).
//!
//! Cells are numbered ring by ring, clockwise from angle 0 (east) in each.
//! A cell's sides in clockwise order are its outward neighbours (one or
//! two, or none on the outer ring: the border), then its clockwise
//! neighbour, its inward one, and its counter-clockwise one; the centre's are
//! the cells of ring 1. A cell owns its clockwise wall (bit 1) and its outward
//! walls (bits 2, 4, ...; the centre's outward walls are bits 1 to 32).

use super::{Sides, Topology};
use crate::error::MazeError;
use crate::grid::{Cell, Neighbors};
use crate::rng::Rng;
use std::sync::Arc;

/// The most rings accepted.
pub const MAX_RINGS: u32 = 2048;
/// The most cells a polar maze may have: as many as the largest square one.
const MAX_CELLS: u64 = 4096 * 4096;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Polar {
    /// Where each ring starts; one more entry than rings (the total last).
    /// Shared, so the generator's and the maze's copies cost nothing.
    starts: Arc<[u32]>,
    /// Each cell's ring, so a neighbour query needs no search.
    ring_of: Arc<[u16]>,
}

impl Polar {
    /// A polar grid of `rings` rings (the centre is ring 0).
    pub fn new(rings: u32) -> Result<Polar, MazeError> {
        let bad = || MazeError::BadValue {
            what: "polar size",
            given: rings.to_string(),
            valid: format!("a number of rings from 1 to {MAX_RINGS}"),
        };
        if rings == 0 || rings > MAX_RINGS {
            return Err(bad());
        }
        let mut starts = vec![0u32, 1];
        let mut count = 1u64;
        for r in 1..rings {
            let ratio = (2.0 * std::f64::consts::PI * f64::from(r) / count as f64).round() as u64;
            count *= ratio.max(1);
            let total = u64::from(*starts.last().unwrap_or(&0)) + count;
            if total > MAX_CELLS {
                return Err(bad());
            }
            starts.push(total as u32);
        }
        let mut ring_of = Vec::with_capacity(*starts.last().unwrap_or(&1) as usize);
        for r in 0..rings as usize {
            ring_of.extend(std::iter::repeat_n(
                r as u16,
                (starts[r + 1] - starts[r]) as usize,
            ));
        }
        Ok(Polar {
            starts: starts.into(),
            ring_of: ring_of.into(),
        })
    }

    /// Parses a ring count, as `--size 15` or `size=15` give it.
    pub fn parse(text: &str) -> Result<Polar, MazeError> {
        let rings: u32 = text.trim().parse().map_err(|_| MazeError::BadValue {
            what: "polar size",
            given: text.to_string(),
            valid: format!("a number of rings from 1 to {MAX_RINGS}, e.g. 15"),
        })?;
        Polar::new(rings)
    }

    pub fn rings(&self) -> u32 {
        (self.starts.len() - 1) as u32
    }

    /// How many cells ring `r` has.
    pub fn ring_len(&self, r: u32) -> u32 {
        self.starts[r as usize + 1] - self.starts[r as usize]
    }

    /// The first cell of ring `r`.
    pub fn ring_start(&self, r: u32) -> u32 {
        self.starts[r as usize]
    }

    /// A cell's ring and its index within the ring.
    #[inline]
    pub fn locate(&self, cell: Cell) -> (u32, u32) {
        let r = u32::from(self.ring_of[cell as usize]);
        (r, cell - self.starts[r as usize])
    }

    /// How many cells of ring `r` each cell of ring `r - 1` has outside it.
    #[inline]
    fn ratio(&self, r: u32) -> u32 {
        self.ring_len(r) / self.ring_len(r - 1)
    }

    /// The sides in clockwise order (see the module's header).
    pub fn side_cells(&self, cell: Cell) -> Sides {
        let mut out = Sides::new();
        let (r, i) = self.locate(cell);
        let rings = self.rings();
        if r == 0 {
            if rings > 1 {
                for k in 0..self.ring_len(1) {
                    out.push(Some(self.starts[1] + k));
                }
            }
            return out;
        }
        let n = self.ring_len(r);
        let start = self.starts[r as usize];
        if r + 1 < rings {
            let ratio = self.ratio(r + 1);
            for k in 0..ratio {
                out.push(Some(self.starts[r as usize + 1] + i * ratio + k));
            }
        } else {
            out.push(None);
        }
        out.push(Some(start + (i + 1) % n));
        out.push(Some(if r == 1 {
            0
        } else {
            self.starts[r as usize - 1] + i / self.ratio(r)
        }));
        out.push(Some(start + (i + n - 1) % n));
        out
    }
}

impl Topology for Polar {
    super::by_side_cells!(side_cells);

    fn cells(&self) -> u32 {
        *self.starts.last().unwrap_or(&1)
    }

    fn wall_slot(&self, a: Cell, b: Cell) -> Option<(Cell, u8)> {
        if a >= self.cells() || b >= self.cells() || a == b {
            return None;
        }
        let ((ra, ia), (rb, ib)) = (self.locate(a), self.locate(b));
        if ra == rb {
            let n = self.ring_len(ra);
            if (ia + 1) % n == ib {
                return Some((a, 1));
            }
            if (ib + 1) % n == ia {
                return Some((b, 1));
            }
            return None;
        }
        let ((inner, ri, ii), (ro, io)) = if ra < rb {
            ((a, ra, ia), (rb, ib))
        } else {
            ((b, rb, ib), (ra, ia))
        };
        if ro != ri + 1 {
            return None;
        }
        let ratio = self.ratio(ro);
        if io / ratio != ii {
            return None;
        }
        let k = io - ii * ratio;
        Some((inner, if ri == 0 { 1 << k } else { 2 << k }))
    }

    fn owned_walls(&self, cell: Cell, visit: &mut dyn FnMut(u8, Cell)) {
        let (r, i) = self.locate(cell);
        let rings = self.rings();
        if r > 0 {
            let n = self.ring_len(r);
            visit(1, self.starts[r as usize] + (i + 1) % n);
        }
        if r + 1 < rings {
            let ratio = self.ratio(r + 1);
            for k in 0..ratio {
                let bit = if r == 0 { 1 << k } else { 2 << k };
                visit(bit, self.starts[r as usize + 1] + i * ratio + k);
            }
        }
    }

    #[inline]
    fn wall_cells(&self, code: u32) -> (Cell, Cell) {
        let owner = code >> 3;
        let index = code & 7;
        let (r, i) = self.locate(owner);
        if r == 0 {
            // The centre's outward walls are bits 0 to 5: ring 1's cells.
            return (owner, self.starts[1] + index);
        }
        if index == 0 {
            let n = self.ring_len(r);
            return (owner, self.starts[r as usize] + (i + 1) % n);
        }
        let ratio = self.ratio(r + 1);
        (owner, self.starts[r as usize + 1] + i * ratio + index - 1)
    }

    super::walk_by_cell!();
}
