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

use super::{Lower, Sides, Topology};
use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{Cell, Walker};
use std::sync::Arc;

/// The most rings accepted.
pub const MAX_RINGS: u32 = 2048;
/// The most cells a polar maze may have: as many as the largest square one.
const MAX_CELLS: u64 = 4096 * 4096;

#[derive(Clone, Debug, PartialEq, Eq)]
/// Rings round a centre cell, each ring split into more cells as it grows so that cells keep about the same size.
pub struct Polar {
    /// Where each ring starts; one more entry than rings (the total last).
    /// Shared, so the generator's and the maze's copies cost nothing.
    starts: Arc<[u32]>,
    /// The ring of every `BLOCK`-th cell: a cell's ring is at most a few
    /// rings past its block's (rings past the first few are longer than a
    /// block), and the table stays in cache where one entry per cell (two
    /// bytes a cell) would cost a miss per neighbour query on a big maze.
    ring_at_block: Arc<[u16]>,
    /// Each ring's cells per cell of the ring inside it (1 for the centre),
    /// so a neighbour query divides nothing.
    ratios: Arc<[u8]>,
}

/// Cells per entry of `ring_at_block`.
const BLOCK_SHIFT: u32 = 8;

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
        let cells = *starts.last().unwrap_or(&1);
        let mut ring_at_block = Vec::with_capacity((cells >> BLOCK_SHIFT) as usize + 1);
        let mut r = 0usize;
        for block in 0..=(cells >> BLOCK_SHIFT) {
            let first = block << BLOCK_SHIFT;
            while r + 2 < starts.len() && starts[r + 1] <= first {
                r += 1;
            }
            ring_at_block.push(r as u16);
        }
        let ratios: Vec<u8> = (0..rings as usize)
            .map(|r| {
                if r == 0 {
                    1
                } else {
                    ((starts[r + 1] - starts[r]) / (starts[r] - starts[r - 1])) as u8
                }
            })
            .collect();
        Ok(Polar {
            starts: starts.into(),
            ring_at_block: ring_at_block.into(),
            ratios: ratios.into(),
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

    /// How many rings, the centre counted.
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
        let mut r = usize::from(self.ring_at_block[(cell >> BLOCK_SHIFT) as usize]);
        while self.starts[r + 1] <= cell {
            r += 1;
        }
        let r = r as u32;
        (r, cell - self.starts[r as usize])
    }

    /// How many cells of ring `r` each cell of ring `r - 1` has outside it.
    #[inline]
    fn ratio(&self, r: u32) -> u32 {
        u32::from(self.ratios[r as usize])
    }

    /// The four sides of a cell in a ring that has one cell outside each of
    /// its own (nearly every cell but the centre's, the first ring's, the
    /// outer ring's and those just inside a doubling): outward, clockwise,
    /// inward, counter-clockwise. `None` for the others.
    #[inline(always)]
    fn four_sides(&self, r: u32, i: u32) -> Option<[Cell; 4]> {
        if r < 2 || r + 1 >= self.rings() || self.ratio(r + 1) != 1 {
            return None;
        }
        let n = self.ring_len(r);
        let start = self.starts[r as usize];
        let cw = if i + 1 == n { 0 } else { i + 1 };
        let ccw = if i == 0 { n - 1 } else { i - 1 };
        Some([
            self.starts[r as usize + 1] + i,
            start + cw,
            self.starts[r as usize - 1] + div_small(i, self.ratio(r)),
            start + ccw,
        ])
    }

    /// The sides of cell `i` of ring `r`.
    fn side_cells_at(&self, r: u32, i: u32) -> Sides {
        let mut out = Sides::new();
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
        out.push(Some(start + if i + 1 == n { 0 } else { i + 1 }));
        out.push(Some(if r == 1 {
            0
        } else {
            self.starts[r as usize - 1] + div_small(i, self.ratio(r))
        }));
        out.push(Some(start + if i == 0 { n - 1 } else { i - 1 }));
        out
    }
}

/// `i / d` for the small ratios rings have (1 and 2 nearly always).
#[inline]
fn div_small(i: u32, d: u32) -> u32 {
    match d {
        1 => i,
        2 => i >> 1,
        _ => i / d,
    }
}

/// One of four values by the low two bits of `k`, with selects rather
/// than a branch or a table.
#[inline(always)]
fn pick4(k: u32, a: u32, b: u32, c: u32, d: u32) -> u32 {
    let low = if k & 1 == 0 { a } else { b };
    let high = if k & 1 == 0 { c } else { d };
    if k & 2 == 0 {
        low
    } else {
        high
    }
}

impl Polar {
    /// The walk's step from the centre, the first ring, the outer ring and
    /// the rings just inside a doubling.
    #[inline(never)]
    fn walk_other(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        let rings = self.rings();
        let (r, i) = (w.y, w.x);
        if r == 0 {
            loop {
                let k = rng.below(self.ring_len(1));
                let cell = self.starts[1] + k;
                if live(cell) {
                    *w = Walker { x: k, y: 1, cell };
                    return;
                }
            }
        }
        // Every side's cell, ring and place first, then draws index them:
        // a random side mispredicts any branch on it. Each side is packed in
        // one u64 (cell, ring, place: a ring has under 2^16 cells), so the
        // draw loads exactly what one store wrote; an array of (u32, u32,
        // u32) is stored sixteen bytes at a time and its twelve-byte
        // entries straddle those stores, stalling every load.
        const NONE: u64 = u64::MAX;
        let pack =
            |cell: Cell, r: u32, i: u32| u64::from(cell) | u64::from(r) << 32 | u64::from(i) << 48;
        let n = self.ring_len(r);
        let start = self.starts[r as usize];
        let mut sides = [NONE; 8];
        let mut len = 0;
        if r + 1 < rings {
            let q = self.ratio(r + 1);
            let first = self.starts[r as usize + 1] + i * q;
            for k in 0..q.min(5) {
                sides[len] = pack(first + k, r + 1, i * q + k);
                len += 1;
            }
        } else {
            // The outer ring's border: a side with no cell, drawn again.
            len += 1;
        }
        let cw = if i + 1 == n { 0 } else { i + 1 };
        let ccw = if i == 0 { n - 1 } else { i - 1 };
        let inward = if r == 1 {
            pack(0, 0, 0)
        } else {
            let ii = div_small(i, self.ratio(r));
            pack(self.starts[r as usize - 1] + ii, r - 1, ii)
        };
        sides[len] = pack(start + cw, r, cw);
        sides[len + 1] = inward;
        sides[len + 2] = pack(start + ccw, r, ccw);
        len += 3;
        loop {
            // Nearly every cell has four sides (one outward): two buffered
            // bits draw one without the multiply of `below`, as on squares.
            let k = if len == 4 {
                rng.two_bits()
            } else {
                rng.below(len as u32)
            };
            let side = sides[k as usize];
            let cell = side as u32;
            if side != NONE && live(cell) {
                *w = Walker {
                    x: (side >> 48) as u32,
                    y: (side >> 32) as u32 & 0xffff,
                    cell,
                };
                return;
            }
        }
    }
}

impl Topology for Polar {
    type SideList = Sides;

    /// The sides in clockwise order (see the module's header).
    fn side_cells(&self, cell: Cell) -> Sides {
        let (r, i) = self.locate(cell);
        self.side_cells_at(r, i)
    }

    /// The same draw as `pick_wanted` over the side list (so the same
    /// mazes), but the four sides of nearly every cell come straight from
    /// its ring and place, without building the list (which would be a
    /// large share of a walk's step on rings).
    #[inline]
    fn random_neighbor(
        &self,
        cell: Cell,
        rng: &mut Rng,
        mut want: impl FnMut(Cell) -> bool,
    ) -> Option<Cell> {
        let (r, i) = self.locate(cell);
        let Some(sides) = self.four_sides(r, i) else {
            return super::pick_wanted(self.side_cells_at(r, i).as_ref(), rng, want);
        };
        let mut mask = 0u32;
        for (k, &c) in sides.iter().enumerate() {
            if want(c) {
                mask |= 1 << k;
            }
        }
        Some(sides[super::pick_in_mask(mask, rng)?])
    }

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

    /// Outward and clockwise walls are the cell's own; the inward wall is
    /// the inner cell's outward bit for this place, the counter-clockwise
    /// one the neighbour's clockwise bit.
    #[inline]
    fn side_slots(&self, cell: Cell, mut visit: impl FnMut(Cell, Cell, u8)) {
        let (r, i) = self.locate(cell);
        if r == 0 {
            if self.rings() > 1 {
                for k in 0..self.ring_len(1) {
                    visit(self.starts[1] + k, cell, 1 << k);
                }
            }
            return;
        }
        if r + 1 < self.rings() {
            let ratio = self.ratio(r + 1);
            for k in 0..ratio {
                visit(self.starts[r as usize + 1] + i * ratio + k, cell, 2 << k);
            }
        }
        let n = self.ring_len(r);
        let start = self.starts[r as usize];
        visit(start + if i + 1 == n { 0 } else { i + 1 }, cell, 1);
        if r == 1 {
            visit(0, 0, 1 << i);
        } else {
            let ratio = self.ratio(r);
            let ii = div_small(i, ratio);
            visit(
                self.starts[r as usize - 1] + ii,
                self.starts[r as usize - 1] + ii,
                2 << (i - ii * ratio),
            );
        }
        let ccw = start + if i == 0 { n - 1 } else { i - 1 };
        visit(ccw, ccw, 1);
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

    /// Counter-clockwise, or at a ring's start the first cell inside it.
    #[inline]
    fn lower(&self, cell: Cell) -> Option<Lower> {
        let (r, i) = self.locate(cell);
        Some(if i > 0 {
            Lower::Neighbor(cell - 1)
        } else if r > 0 {
            Lower::Neighbor(self.starts[r as usize - 1])
        } else {
            Lower::First
        })
    }

    #[inline]
    fn walker(&self, cell: Cell) -> Walker {
        let (r, i) = self.locate(cell);
        Walker { x: i, y: r, cell }
    }

    /// A random walk's step: one of the cell's sides drawn uniformly (the
    /// side computed alone, not the whole list), redrawn while no live cell
    /// lies across it.
    ///
    /// The common case (four sides) is inlined into the walk's loop; the
    /// rest is a call, so the loop stays small enough to inline at all.
    #[inline(always)]
    fn walk(&self, w: &mut Walker, rng: &mut Rng, live: impl Fn(Cell) -> bool) {
        let rings = self.rings();
        let (r, i) = (w.y, w.x);
        // Nearly every cell has four sides: one outward, clockwise, one
        // inward, counter-clockwise. All four are computed, two buffered
        // bits pick one, and selects (no branch on the random side, which
        // would mispredict half the time; no array, whose store and load
        // sit on the walk's critical path) give its ring, place and cell.
        if r >= 2 && r + 1 < rings && self.ratio(r + 1) == 1 {
            let n = self.ring_len(r);
            let start = self.starts[r as usize];
            let cw = if i + 1 == n { 0 } else { i + 1 };
            let ccw = if i == 0 { n - 1 } else { i - 1 };
            let ii = div_small(i, self.ratio(r));
            let (out_start, in_start) = (self.starts[r as usize + 1], self.starts[r as usize - 1]);
            loop {
                let k = rng.two_bits();
                let place = pick4(k, i, cw, ii, ccw);
                let ring = pick4(k, r + 1, r, r - 1, r);
                let cell = pick4(k, out_start, start, in_start, start) + place;
                if live(cell) {
                    *w = Walker {
                        x: place,
                        y: ring,
                        cell,
                    };
                    return;
                }
            }
        }
        self.walk_other(w, rng, live);
    }
}
