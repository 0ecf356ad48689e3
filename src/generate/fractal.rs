//! Fractal tessellation (Pullen): copies of a small maze tiled 2 x 2 and
//! joined, again and again, so the same pattern repeats at every scale.
//!
//! 1. Start with a 1 x 1 maze.
//! 2. Tile four copies of the maze so far into a square twice as wide, and
//!    join the four copies with three passages, one through three of the
//!    four borders between them (chosen at random), each at a random place
//!    along its border. Three joins make four trees one.
//! 3. Repeat until the square covers the maze's width and height.
//! 4. Keep the top-left W x H window. Cutting a tree leaves a forest: join
//!    its pieces by opening walls between different pieces, in row-major
//!    order from a random place.
//!
//! How it differs from `brain`: brain also splits into quadrants, but
//! carves each quadrant as a maze of its own, so no two look alike. Here
//! every quadrant is an exact copy of the others: the maze is self-similar,
//! the same turns repeating in every block of every size, cut only by the
//! random joins. On screen the passages come in by scale: the smallest
//! blocks' first, the joins between the biggest quadrants last.

use super::carve_list::CarveList;
use super::{Params, Step};
use crate::rng::Rng;
use crate::shape::{Cell, Dims};
use crate::union_find::UnionFind;

/// A cell's east and south openings in the tiling's square.
const EAST: u8 = 1;
const SOUTH: u8 = 2;

/// The fractal tessellation on the params' plain square.
pub fn boxed(params: &Params) -> Box<dyn Step> {
    let (passages, phases) = tessellate(params.dims(), params.seed);
    Box::new(CarveList::with_phases(passages, phases))
}

/// The passages of the maze, smallest scale first, then the window's joins.
/// Passages in order, and where each listed step begins (`CarveList`).
type Plan = (Vec<(Cell, Cell)>, Vec<(usize, u8)>);

fn tessellate(dims: Dims, seed: u64) -> Plan {
    let mut rng = Rng::new(seed);
    let need = dims.width.max(dims.height);
    let mut side = 1u32;
    // The square's openings, as bits, side x side (row-major).
    let mut bits = vec![0u8; 1];
    while side < need {
        let big = side * 2;
        let mut next = vec![0u8; (big * big) as usize];
        for y in 0..side {
            for x in 0..side {
                let b = bits[(y * side + x) as usize];
                for (dx, dy) in [(0, 0), (side, 0), (0, side), (side, side)] {
                    next[((y + dy) * big + x + dx) as usize] = b;
                }
            }
        }
        // Three of the four borders between the copies, each at a random place.
        let skip = rng.below(4);
        for border in (0..4).filter(|&b| b != skip) {
            let at = rng.below(side);
            let (cell, bit) = match border {
                // Top copies, left to right; bottom copies, left to right.
                0 => ((at * big) + side - 1, EAST),
                1 => (((side + at) * big) + side - 1, EAST),
                // Left copies, top to bottom; right copies, top to bottom.
                2 => ((side - 1) * big + at, SOUTH),
                _ => ((side - 1) * big + side + at, SOUTH),
            };
            next[cell as usize] |= bit;
        }
        bits = next;
        side = big;
    }
    // The window's passages, ordered by the scale of the block that joins
    // them (the highest bit in which the two cells' coordinates differ): a
    // counting sort, one pass to count and one to place.
    let scale = |a: u32, b: u32| (32 - (a ^ b).leading_zeros()) as usize;
    let each_passage = |visit: &mut dyn FnMut(usize, Cell, Cell)| {
        for y in 0..dims.height {
            for x in 0..dims.width {
                let b = bits[(y * side + x) as usize];
                let cell = dims.at(x, y);
                if b & EAST != 0 && x + 1 < dims.width {
                    visit(scale(x, x + 1), cell, cell + 1);
                }
                if b & SOUTH != 0 && y + 1 < dims.height {
                    visit(scale(y, y + 1), cell, cell + dims.width);
                }
            }
        }
    };
    let mut starts = [0usize; 34];
    each_passage(&mut |s, _, _| starts[s + 1] += 1);
    for s in 1..34 {
        starts[s] += starts[s - 1];
    }
    // Steps 1 and 2 (the first tiling, within 2 x 2 blocks), then 3 (the
    // bigger ones), then 4 (the window's joins).
    let mut phases = vec![(0, 1), (0, 2), (starts[2], 3)];
    let mut out = vec![(0, 0); starts[33]];
    each_passage(&mut |s, a, b| {
        out[starts[s]] = (a, b);
        starts[s] += 1;
    });
    drop(bits);
    if out.len() as u32 == dims.cells() - 1 {
        // The window cut nothing apart (a whole square of the tiling).
        return (out, phases);
    }
    phases.push((out.len(), 4));
    let mut sets = UnionFind::new(dims.cells() as usize);
    for &(a, b) in &out {
        sets.union(a, b);
    }
    // Join what the window cut apart: the walls in row-major order from a
    // random start (no list of all walls), opening each that joins two
    // pieces, until one is left.
    let walls = 2 * dims.cells() as usize;
    let first = rng.below(walls as u32) as usize;
    let mut pieces = dims.cells() as usize - out.len();
    // Exactly the joins to come, so the list is not doubled on growing.
    out.reserve_exact(pieces - 1);
    for k in 0..walls {
        if pieces == 1 {
            break;
        }
        let code = ((first + k) % walls) as u32;
        let a = code >> 1;
        let (x, y) = dims.xy(a);
        let b = if code & 1 == 0 {
            if x + 1 >= dims.width {
                continue;
            }
            a + 1
        } else {
            if y + 1 >= dims.height {
                continue;
            }
            a + dims.width
        };
        if sets.union(a, b) {
            out.push((a, b));
            pieces -= 1;
        }
    }
    (out, phases)
}
