//! Unicursal labyrinth (Pullen): one path through every cell, no choices,
//! made from a maze of half the resolution.
//!
//! 1. Carve a perfect maze (the backtracker) on half the width and height.
//! 2. Make each of its cells a 2 x 2 block of cells joined in a ring.
//! 3. Where the small maze has a passage between two blocks, open the two
//!    blocks' rings into each other: drop the two facing sides of the rings
//!    and join their corners straight across. Rings joined along a tree
//!    make one ring through every cell: the path that walks round the small
//!    maze's walls.
//! 4. Cut that ring once, at the top-left corner, so it runs from the
//!    entrance to a cell beside it: a perfect maze with no junction.
//!
//! Square only, and both sides must be even (each cell of the small maze
//! is 2 x 2); other sizes are refused with the nearest even ones.

use super::carve_list::CarveList;
use super::{Params, Step};
use crate::grid::{Cell, Dims};

/// The unicursal labyrinth on the params' plain square (even sides).
pub fn boxed(params: &Params) -> Box<dyn Step> {
    let dims = params.dims();
    let (passages, rings) = ring(dims, params.seed);
    // Step 1, the small maze, is worked out before the first event; step
    // 4, the cut, is the ring passage left out, shown once all are in.
    let phases = vec![(0, 1), (0, 2), (rings, 3), (passages.len(), 4)];
    Box::new(CarveList::with_phases(passages, phases))
}

/// The nearest even size, for the refusal's message.
pub fn nearest_even(dims: Dims) -> (u32, u32) {
    let even = |n: u32| if n % 2 == 0 { n.max(2) } else { n + 1 };
    (even(dims.width), even(dims.height))
}

/// The passages in carving order, and how many of them are the rings.
fn ring(dims: Dims, seed: u64) -> (Vec<(Cell, Cell)>, usize) {
    let (w, h) = (dims.width / 2, dims.height / 2);
    let half = Dims::new(w.max(1), h.max(1)).expect("half of a valid size");
    // The small maze, as the backtracker carves it, built straight into
    // its grid (its events, buffered, were a quarter of the peak memory).
    let small = super::generate("backtracker", Params::new(half, seed))
        .expect("the backtracker runs on a plain square");
    let at = |x: u32, y: u32| dims.at(x, y);
    // The rings inside the blocks (step 2), then the joins between blocks
    // (step 3): kept apart as they are made, carved in the list's order.
    let mut rings = Vec::with_capacity(dims.cells() as usize);
    // Two joins for each of the small maze's passages.
    let mut joins = Vec::with_capacity(2 * (half.cells() as usize - 1));
    for by in 0..h {
        for bx in 0..w {
            let (x, y) = (2 * bx, 2 * by);
            let block = half.at(bx, by);
            let east = bx + 1 < w && small.is_open_between(block, block + 1);
            let south = by + 1 < h && small.is_open_between(block, block + w);
            let west = bx > 0 && small.is_open_between(block, block - 1);
            let north = by > 0 && small.is_open_between(block, block - w);
            // The ring's four sides, each kept unless a passage opens it;
            // the top-left block's top side is where the one ring is cut
            // (step 4), so it is never carved.
            if !north && block != 0 {
                rings.push((at(x, y), at(x + 1, y)));
            }
            if !south {
                rings.push((at(x, y + 1), at(x + 1, y + 1)));
            }
            if !west {
                rings.push((at(x, y), at(x, y + 1)));
            }
            if !east {
                rings.push((at(x + 1, y), at(x + 1, y + 1)));
            }
            // Straight across into the next block east and south.
            if east {
                joins.push((at(x + 1, y), at(x + 2, y)));
                joins.push((at(x + 1, y + 1), at(x + 2, y + 1)));
            }
            if south {
                joins.push((at(x, y + 1), at(x, y + 2)));
                joins.push((at(x + 1, y + 1), at(x + 1, y + 2)));
            }
        }
    }
    let ring_count = rings.len();
    rings.extend(joins);
    (rings, ring_count)
}
