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

use super::backtracker::Backtracker;
use super::carve_list::CarveList;
use super::{Params, Step};
use crate::event::Emit;
use crate::grid::{Cell, Dims, Grid};

/// The unicursal labyrinth on the params' plain square (even sides).
pub fn boxed(params: &Params) -> Box<dyn Step> {
    let dims = params.dims();
    let passages = ring(dims, params.seed);
    let block = |c: Cell| (dims.xy(c).0 / 2, dims.xy(c).1 / 2);
    let rings = passages
        .iter()
        .filter(|&&(a, b)| block(a) == block(b))
        .count();
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

fn ring(dims: Dims, seed: u64) -> Vec<(Cell, Cell)> {
    let (w, h) = (dims.width / 2, dims.height / 2);
    let half = Dims::new(w.max(1), h.max(1)).expect("half of a valid size");
    // The small maze, as the backtracker carves it.
    let mut small = Grid::closed(half);
    let mut run = Backtracker::new(half, &Params::new(half, seed));
    let mut out = Emit::new(false);
    while run.step(&mut out) {}
    for i in 0..out.len() {
        small.apply(&out.slice(i, i + 1)[0]);
    }
    let at = |x: u32, y: u32| dims.at(x, y);
    let mut passages = Vec::new();
    for by in 0..h {
        for bx in 0..w {
            let (x, y) = (2 * bx, 2 * by);
            let block = half.at(bx, by);
            let east = bx + 1 < w && small.is_open_between(block, block + 1);
            let south = by + 1 < h && small.is_open_between(block, block + w);
            let west = bx > 0 && small.is_open_between(block, block - 1);
            let north = by > 0 && small.is_open_between(block, block - w);
            // The ring's four sides, each kept unless a passage opens it.
            if !north {
                passages.push((at(x, y), at(x + 1, y)));
            }
            if !south {
                passages.push((at(x, y + 1), at(x + 1, y + 1)));
            }
            if !west {
                passages.push((at(x, y), at(x, y + 1)));
            }
            if !east {
                passages.push((at(x + 1, y), at(x + 1, y + 1)));
            }
            // Straight across into the next block east and south.
            if east {
                passages.push((at(x + 1, y), at(x + 2, y)));
                passages.push((at(x + 1, y + 1), at(x + 2, y + 1)));
            }
            if south {
                passages.push((at(x, y + 1), at(x, y + 2)));
                passages.push((at(x + 1, y + 1), at(x + 1, y + 2)));
            }
        }
    }
    // Cut the ring at the top-left cell: drop one of its two passages.
    if let Some(i) = passages.iter().position(|&(a, b)| a == 0 || b == 0) {
        passages.remove(i);
    }
    // The rings inside the blocks first (step 2), then the joins between
    // blocks (step 3): the same passages, carved in the order of the list.
    let block = |c: Cell| (dims.xy(c).0 / 2, dims.xy(c).1 / 2);
    passages.sort_by_key(|&(a, b)| block(a) != block(b));
    passages
}
