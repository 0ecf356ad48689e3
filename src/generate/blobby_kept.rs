//! What a timeline's kept copy of blobby division holds of its cells: only
//! what the rest of its run reads, in chunks shared with the copy kept
//! before it.
//!
//! The running copy keeps every cell of the maze in an order where each
//! region still to divide is a contiguous range, and a byte a cell saying
//! which side of the split under way it is on. Of the order, the run only
//! ever reads the ranges of the regions still to divide and of the split
//! under way: a region divided down to single cells is never read again,
//! and early in the run its range is most of what changed since the copy
//! before. Of the sides, only the split under way's cells are not
//! `OUTSIDE`. So a kept copy holds:
//!
//! - the order in chunks, each one of: unused (no live range touches it),
//!   in order (the maze's cells one after another from its first, holes
//!   skipped, as the whole order is before the first split reorders it),
//!   or its values, shared with the earlier copy's chunk at the same place
//!   where equal;
//! - the split's sides in its range's order, two bits a cell (`Packed`).

use crate::packed::{Packed, CHUNK};
use crate::shape::Cell;
use std::ops::Range;
use std::sync::Arc;

/// Cells a chunk of the order holds.
const PER_CHUNK: usize = CHUNK / std::mem::size_of::<Cell>();

#[derive(Clone, Debug)]
enum Chunk {
    /// No range the run reads again touches it.
    Unused,
    /// The maze's cells from this one on, one after another (a masked
    /// maze's holes skipped).
    InOrder(Cell),
    /// Its cells as they are (the last chunk's padded with 0s): a pointer
    /// of one word, so that the list of chunks a copy holds for every
    /// kilobyte of the order is as short as it can be.
    Values(Arc<[Cell; PER_CHUNK]>),
}

/// Chunks of the order a block of its list holds: a kept copy's list of
/// chunks is in blocks shared with the copy before's where every chunk is
/// the same, so a copy made after a few changes holds a short list.
const PER_BLOCK: usize = 64;

type Block = Arc<[Chunk; PER_BLOCK]>;

impl Chunk {
    /// Whether it is `other` or holds what `other` holds, shared.
    fn same(&self, other: &Chunk) -> bool {
        match (self, other) {
            (Chunk::Unused, Chunk::Unused) => true,
            (Chunk::InOrder(a), Chunk::InOrder(b)) => a == b,
            (Chunk::Values(a), Chunk::Values(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

/// A running copy's order of cells and sides, as a kept copy holds them.
#[derive(Clone, Debug)]
pub(super) struct KeptCells {
    len: usize,
    order: Vec<Block>,
    /// The sides of `split`'s cells, in its order.
    sides: Option<(Range<usize>, Packed)>,
}

impl KeptCells {
    /// Keeps what the run reads of `cells` (the ranges in `live`) and, of
    /// `side`, the sides of `split`'s cells; each chunk of the order that
    /// equals `earlier`'s at the same place is shared with it.
    pub(super) fn new<F: Fn(Cell) -> bool>(
        maze: &Maze<F>,
        cells: &[Cell],
        side: &[u8],
        live: &[Range<usize>],
        split: Option<Range<usize>>,
        earlier: Option<&KeptCells>,
    ) -> KeptCells {
        let mut read = vec![false; cells.len().div_ceil(PER_CHUNK)];
        for range in live.iter().chain(&split).filter(|r| !r.is_empty()) {
            read[range.start / PER_CHUNK..=(range.end - 1) / PER_CHUNK].fill(true);
        }
        let chunk = |i: usize| {
            if !read.get(i).is_some_and(|&r| r) {
                return Chunk::Unused;
            }
            let part = &cells[i * PER_CHUNK..cells.len().min((i + 1) * PER_CHUNK)];
            let first = part[0];
            if part
                .iter()
                .copied()
                .eq(in_order(first, maze).take(part.len()))
            {
                return Chunk::InOrder(first);
            }
            match earlier.and_then(|e| e.chunk(i)) {
                Some(Chunk::Values(same)) if same[..part.len()] == *part => {
                    Chunk::Values(Arc::clone(same))
                }
                _ => {
                    let mut values = [0; PER_CHUNK];
                    values[..part.len()].copy_from_slice(part);
                    Chunk::Values(Arc::new(values))
                }
            }
        };
        let order = (0..read.len().div_ceil(PER_BLOCK))
            .map(|b| {
                let block: [Chunk; PER_BLOCK] = std::array::from_fn(|j| chunk(b * PER_BLOCK + j));
                match earlier.and_then(|e| e.order.get(b)) {
                    Some(same) if same.iter().zip(&block).all(|(a, b)| a.same(b)) => {
                        Arc::clone(same)
                    }
                    _ => Arc::new(block),
                }
            })
            .collect();
        let sides = split.map(|range| {
            let sides: Vec<u8> = cells[range.clone()]
                .iter()
                .map(|&c| side[c as usize])
                .collect();
            (range, Packed::pack(&sides, |s| s))
        });
        KeptCells {
            len: cells.len(),
            order,
            sides,
        }
    }

    /// Its chunk `i` of the order.
    fn chunk(&self, i: usize) -> Option<&Chunk> {
        self.order.get(i / PER_BLOCK).map(|b| &b[i % PER_BLOCK])
    }

    /// The order again (an unused chunk's cells are 0: nothing reads
    /// them), and the side of every one of the maze's cells: the split's
    /// as kept, the rest `outside`.
    pub(super) fn unpack<F: Fn(Cell) -> bool>(
        &self,
        maze: &Maze<F>,
        outside: u8,
    ) -> (Vec<Cell>, Vec<u8>) {
        let mut cells = Vec::with_capacity(self.len);
        for chunk in self.order.iter().flat_map(|b| b.iter()) {
            let n = PER_CHUNK.min(self.len - cells.len());
            match chunk {
                Chunk::Unused => cells.resize(cells.len() + n, 0),
                Chunk::InOrder(first) => cells.extend(in_order(*first, maze).take(n)),
                Chunk::Values(values) => cells.extend_from_slice(&values[..n]),
            }
        }
        let mut side = vec![outside; maze.cells as usize];
        if let Some((range, packed)) = &self.sides {
            let mut sides = Vec::new();
            packed.unpack_into(&mut sides, |s| s);
            for (&c, s) in cells[range.clone()].iter().zip(sides) {
                side[c as usize] = s;
            }
        }
        (cells, side)
    }

    /// The bytes it holds that `earlier` does not also hold: its blocks of
    /// the list of chunks and its chunks of values not shared, with their
    /// counts, its list of blocks and its sides.
    pub(super) fn bytes_beyond(&self, earlier: Option<&KeptCells>) -> usize {
        // An `Arc`'s two counts beside what it holds.
        let counts = 2 * std::mem::size_of::<usize>();
        let mut own = 0;
        for (b, block) in self.order.iter().enumerate() {
            let theirs = earlier.and_then(|e| e.order.get(b));
            if theirs.is_some_and(|t| Arc::ptr_eq(t, block)) {
                continue;
            }
            own += std::mem::size_of::<[Chunk; PER_BLOCK]>() + counts;
            for (j, chunk) in block.iter().enumerate() {
                let shared = theirs.is_some_and(|t| chunk.same(&t[j]));
                if matches!(chunk, Chunk::Values(_)) && !shared {
                    own += CHUNK + counts;
                }
            }
        }
        let sides = self.sides.as_ref().map_or(0, |(_, p)| p.heap_bytes());
        own + self.order.capacity() * std::mem::size_of::<Block>() + sides
    }
}

/// The maze's cells from `first` on, in order, less those it does not
/// have (`Maze::is_cell`).
fn in_order<F: Fn(Cell) -> bool>(first: Cell, maze: &Maze<F>) -> impl Iterator<Item = Cell> + '_ {
    (first..maze.cells).filter(|&c| (maze.is_cell)(c))
}

/// Which cells a maze has: `cells` of them, less those `is_cell` says
/// are not (a mask's holes).
pub(super) struct Maze<F: Fn(Cell) -> bool> {
    pub cells: Cell,
    pub is_cell: F,
}
