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
//!
//! The passages are worked out block by block as they are carved (rings in
//! row-major order, then the joins), not listed first: an instant build
//! writes each block's bits straight into the maze.

use super::{Params, Step};
use crate::grid::Grid;
use crate::keep::Keep;
use crate::record::{FastSquare, Record};
use crate::shape::{Cell, Dims, EAST_OPEN, SOUTH_OPEN};
use crate::stream::Stepper;
use std::sync::Arc;

/// The unicursal labyrinth on the params' plain square (even sides).
pub fn boxed(params: &Params) -> Box<dyn Step> {
    Box::new(Unicursal::new(params))
}

/// The nearest even size, for the refusal's message.
pub fn nearest_even(dims: Dims) -> (u32, u32) {
    let even = |n: u32| if n % 2 == 0 { n.max(2) } else { n + 1 };
    (even(dims.width), even(dims.height))
}

/// Up to four passages of one block, in carving order.
#[derive(Clone, Copy, Default)]
struct Block {
    passages: [(Cell, Cell); 4],
    len: u8,
}

impl Block {
    #[inline(always)]
    fn push(&mut self, a: Cell, b: Cell) {
        self.passages[self.len as usize] = (a, b);
        self.len += 1;
    }
}

/// Where the carving stands: step 2 (the rings) or 3 (the joins).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Start,
    Rings,
    Joins,
    Done,
}

#[derive(Clone)]
pub struct Unicursal {
    dims: Dims,
    /// The small maze (step 1) and its size; never changed once built, so
    /// every copy of a run (a timeline's checkpoints) shares it.
    small: Arc<Grid>,
    half: Dims,
    stage: Stage,
    /// The next block of the stage to work out.
    block: u32,
    /// The current block's passages, and how many are carved.
    current: Block,
    taken: u8,
}

impl Unicursal {
    fn new(params: &Params) -> Unicursal {
        let dims = params.dims();
        let half = Dims::new((dims.width / 2).max(1), (dims.height / 2).max(1))
            .expect("half of a valid size");
        // Built straight into its grid (its events, buffered, were a
        // quarter of the peak memory).
        let small = super::generate("backtracker", Params::new(half, params.seed))
            .expect("the backtracker runs on a plain square");
        Unicursal {
            dims,
            small: Arc::new(small),
            half,
            stage: Stage::Start,
            block: 0,
            current: Block::default(),
            taken: 0,
        }
    }

    /// A block's possible passages in the stage, each with whether it is
    /// made: its ring's sides (step 2), each kept unless a passage of the
    /// small maze opens it, the top-left block's top side left out as the
    /// cut (step 4); or its joins straight across into the next block east
    /// and south (step 3).
    #[inline(always)]
    fn candidates(&self, stage: Stage, bx: u32, by: u32) -> [(Cell, Cell, bool); 4] {
        let w = self.half.width;
        let block = by * w + bx;
        let bits = self.small.raw();
        let open = |cell: Cell, bit: u8| bits[cell as usize] & bit != 0;
        let east = bx + 1 < w && open(block, EAST_OPEN);
        let south = by + 1 < self.half.height && open(block, SOUTH_OPEN);
        let width = self.dims.width;
        let tl = 2 * by * width + 2 * bx;
        let (tr, bl, br) = (tl + 1, tl + width, tl + width + 1);
        if stage == Stage::Rings {
            let west = bx > 0 && open(block - 1, EAST_OPEN);
            let north = by > 0 && open(block - w, SOUTH_OPEN);
            [
                (tl, tr, !north && block != 0),
                (bl, br, !south),
                (tl, bl, !west),
                (tr, br, !east),
            ]
        } else {
            [
                (tr, tr + 1, east),
                (br, br + 1, east),
                (bl, bl + width, south),
                (br, br + width, south),
            ]
        }
    }

    /// The passages a block makes in the stage, in carving order.
    fn block_passages(&self, stage: Stage, block: Cell) -> Block {
        let w = self.half.width;
        let mut out = Block::default();
        for (a, b, made) in self.candidates(stage, block % w, block / w) {
            if made {
                out.push(a, b);
            }
        }
        out
    }

    /// Fast path (an instant build on a plain square, tested equal to
    /// stepping): the rest of the stage's blocks written straight
    /// into the square's bits, after `last` (the cursor, on the passage
    /// just carved), with the counts the events would have had: a wall
    /// written per passage, and a cursor move to each passage's second
    /// cell unless the cursor is there already. Written per block without
    /// a branch on the maze: looping over each block's passages is many
    /// times slower than the bits themselves.
    fn fast_rest_of_stage(&mut self, fast: &mut FastSquare, mut last: Cell) {
        let (w, blocks) = (self.half.width, self.half.cells());
        if self.block == blocks {
            return;
        }
        let stage = self.stage;
        let (bits, width) = (&mut *fast.bits, fast.width);
        let (mut written, mut repeats) = (0u64, 0u64);
        let (first_x, first_y) = (self.block % w, self.block / w);
        for by in first_y..self.half.height {
            let from = if by == first_y { first_x } else { 0 };
            for bx in from..w {
                let [(_, _, p1), (_, _, p2), (_, _, p3), (_, _, p4)] =
                    self.candidates(stage, bx, by);
                let tl = (2 * by * width + 2 * bx) as usize;
                let (tr, bl) = (tl + 1, tl + width as usize);
                let br = bl + 1;
                let f = |p: bool| u8::from(p);
                if stage == Stage::Rings {
                    // Sides top, bottom, left, right: the cursor goes to
                    // the top-right, bottom-right, bottom-left and
                    // bottom-right cells, so it stays put only when the
                    // bottom and right sides are made without the left.
                    bits[tl] |= (EAST_OPEN * f(p1)) | (SOUTH_OPEN * f(p3));
                    bits[bl] |= EAST_OPEN * f(p2);
                    bits[tr] |= SOUTH_OPEN * f(p4);
                    repeats += u64::from(p2 && !p3 && p4);
                    last = [last, tr as Cell][usize::from(p1)];
                    last = [last, br as Cell][usize::from(p2)];
                    last = [last, bl as Cell][usize::from(p3)];
                    last = [last, br as Cell][usize::from(p4)];
                } else {
                    // Joins east (p1 = p2) and south (p3 = p4): every
                    // second cell is in another block and differs from
                    // the one before.
                    bits[tr] |= EAST_OPEN * f(p1);
                    bits[br] |= (EAST_OPEN * f(p2)) | (SOUTH_OPEN * f(p4));
                    bits[bl] |= SOUTH_OPEN * f(p3);
                    last = [last, br as Cell + 1][usize::from(p2)];
                    last = [last, br as Cell + width][usize::from(p4)];
                }
                written += u64::from(f(p1) + f(p2) + f(p3) + f(p4));
            }
        }
        // A wall a passage; a cursor move a passage, but for the repeats.
        fast.counted(written, written - repeats, Some(last));
        self.block = blocks;
    }
}

impl Stepper for Unicursal {
    const MARKS_NO_CELL: bool = true;

    /// One passage a step: its second cell as the cursor, then the carve.
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        while self.taken == self.current.len {
            if self.block == self.half.cells() || self.stage == Stage::Start {
                // Step 1 is worked out before the first event.
                (self.stage, self.block) = match self.stage {
                    Stage::Start => {
                        out.phase(1);
                        out.phase(2);
                        (Stage::Rings, 0)
                    }
                    Stage::Rings => {
                        out.phase(3);
                        (Stage::Joins, 0)
                    }
                    Stage::Joins | Stage::Done => {
                        // The cut: the ring passage never carved.
                        out.phase(4);
                        self.stage = Stage::Done;
                        return false;
                    }
                };
                continue;
            }
            self.current = self.block_passages(self.stage, self.block);
            self.taken = 0;
            self.block += 1;
        }
        let (a, b) = self.current.passages[self.taken as usize];
        self.taken += 1;
        out.cursor(b);
        out.carve(a, b);
        if self.taken == self.current.len {
            if let Some(mut fast) = out.fast_square() {
                self.fast_rest_of_stage(&mut fast, b);
            }
        }
        true
    }
}

impl Keep for Unicursal {
    /// A copy holds nothing a cell: the small maze is shared.
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        Some(0)
    }
}
