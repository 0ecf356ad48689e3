//! Weave mazes by Kruskal (see `weave` for what a crossing is).
//!
//! Kruskal with preset crossings:
//! 1. Try as many random inner cells as the maze has: where the cell has no
//!    passage yet and its east and west, and its north and south, are in
//!    different sets, make a crossing: a passage through the cell one way
//!    and a tunnel under it the other, chosen by a coin.
//! 2. Then Kruskal as usual over the remaining walls, in a uniformly random
//!    order (a lazy Fisher-Yates shuffle), leaving alone every wall of a
//!    crossing cell.
//!
//! Its mazes have Kruskal's texture (short dead ends everywhere) with
//! crossings scattered evenly over the whole maze.
//!
//! A timeline's kept copy holds little: the shuffled order is shared by
//! every copy of the run (`SharedShuffle`); the crossings are the cells
//! the picture shows a tunnel under, and the sets its connected pieces,
//! both rebuilt from it as the copy is unpacked.

use super::shared_shuffle::SharedShuffle;
use crate::bitset::BitSet;
use crate::grid::{UNDER_EW, UNDER_NS};
use crate::keep::{Keep, Shown};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::{Dims, Topology};
use crate::stream::Stepper;
use crate::union_find::UnionFind;

/// Kruskal with crossings laid down first.
#[derive(Clone)]
pub struct WeaveKruskal {
    dims: Dims,
    rng: Rng,
    /// The cells' sets; empty in a kept copy, which rebuilds them from the
    /// picture (`unpack`).
    sets: UnionFind,
    /// Whether `sets` was dropped (`pack`).
    packed: bool,
    /// Crossing cells: their walls are never opened. Empty in a kept copy
    /// too (`unpack`).
    crossing: BitSet,
    /// Wall codes (cell * 2 + east/south) in their shuffled order.
    walls: SharedShuffle,
    /// Walls taken so far.
    next: usize,
    /// Inner cells left to try for a crossing.
    tries: u32,
    tried: u32,
    remaining: u32,
}

impl WeaveKruskal {
    pub(super) fn new(dims: Dims, seed: u64) -> WeaveKruskal {
        let mut walls = Vec::new();
        dims.for_each_wall_code(|w| walls.push(w));
        let can_cross = dims.width >= 3 && dims.height >= 3;
        WeaveKruskal {
            rng: Rng::new(seed),
            sets: UnionFind::new(dims.cells() as usize),
            packed: false,
            crossing: BitSet::new(dims.cells() as usize),
            walls: SharedShuffle::new(walls),
            next: 0,
            tries: if can_cross { dims.cells() } else { 0 },
            tried: 0,
            remaining: dims.cells() - 1,
            dims,
        }
    }

    /// Tries one random inner cell for a crossing.
    fn try_crossing<R: Record>(&mut self, out: &mut R) {
        let d = self.dims;
        let x = 1 + self.rng.below(d.width - 2);
        let y = 1 + self.rng.below(d.height - 2);
        let cell = d.at(x, y);
        let (n, s, w, e) = (cell - d.width, cell + d.width, cell - 1, cell + 1);
        // No crossing on it or beside it: the bits are few and near each
        // other, so most tries end here without a look at the sets.
        let untouched = [cell, n, s, w, e]
            .iter()
            .all(|&c| !self.crossing.contains(c));
        if !untouched {
            return;
        }
        // The cell must have no passage yet: it is in a set of its own.
        // (Which cell is a set's root is no part of this: a cell with a
        // passage so far always has a crossing beside it, and ended above.)
        let alone =
            self.sets.find(cell) == cell && [n, s, w, e].iter().all(|&c| self.sets.find(c) != cell);
        if !alone {
            return;
        }
        let (fw, fe, fnorth, fs) = (
            self.sets.find(w),
            self.sets.find(e),
            self.sets.find(n),
            self.sets.find(s),
        );
        // Both ways must join two sets, and the two joins must not close a
        // loop together (north with west and south with east, or crossed).
        let loops =
            fw == fe || fnorth == fs || (fnorth == fw && fs == fe) || (fnorth == fe && fs == fw);
        if loops {
            return;
        }
        let (over, under) = if self.rng.coin() {
            ([w, e], [n, s])
        } else {
            ([n, s], [w, e])
        };
        self.crossing.insert(cell);
        out.cursor(cell);
        for end in over {
            self.sets.union(cell, end);
            out.carve(end, cell);
        }
        self.sets.union(under[0], under[1]);
        out.carve(under[0], under[1]);
        self.remaining -= 3;
    }

    /// The cells the maze shows a tunnel under, and those of the tunnels
    /// not yet handed out: the crossings.
    fn crossings_shown(&self, shown: &Shown) -> BitSet {
        // 64 cells a word, with no branch on each cell's bits.
        let words = shown
            .grid
            .raw()
            .chunks(64)
            .map(|cells| {
                cells.iter().enumerate().fold(0u64, |word, (k, &bits)| {
                    word | u64::from(bits & (UNDER_EW | UNDER_NS) != 0) << k
                })
            })
            .collect();
        let mut crossing = BitSet::from_words(words);
        for (a, b) in shown.pending_carves() {
            if !self.dims.adjacent(a, b) {
                crossing.insert((a + b) / 2);
            }
        }
        crossing
    }
}

impl Stepper for WeaveKruskal {
    const MARKS_NO_CELL: bool = true;

    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if self.tries > 0 {
            self.tries -= 1;
            self.tried += 1;
            out.phase(1);
            self.try_crossing(out);
            return self.remaining > 0;
        }
        out.phase(2);
        if self.next == 0 {
            self.walls.begin(&self.rng);
        }
        while self.remaining > 0 {
            let Some(code) = self.walls.get(self.next) else {
                break;
            };
            self.next += 1;
            let a = code >> 1;
            let b = if code & 1 == 0 {
                a + 1
            } else {
                a + self.dims.width
            };
            if self.crossing.contains(a) || self.crossing.contains(b) {
                continue;
            }
            if self.sets.union(a, b) {
                out.cursor(a);
                out.carve(a, b);
                self.remaining -= 1;
                return self.remaining > 0;
            }
        }
        false
    }
}

impl Keep for WeaveKruskal {
    /// Every try and every wall taken costs a replay about an event, and
    /// most make none.
    fn work(&self) -> u64 {
        u64::from(self.tried) + self.next as u64
    }

    /// The shuffled order is every copy's, the running one's too: not
    /// counted.
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        Some(self.crossing.heap_bytes() + self.sets.heap_bytes() + self.walls.heap_bytes())
    }

    /// Made without copying the sets, crossings and chunk of walls it
    /// drops.
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        WeaveKruskal {
            dims: self.dims,
            rng: self.rng.clone(),
            sets: UnionFind::new(0),
            packed: true,
            crossing: BitSet::new(0),
            walls: self.walls.without_chunk(),
            next: self.next,
            tries: self.tries,
            tried: self.tried,
            remaining: self.remaining,
        }
    }

    /// The sets are the picture's connected pieces, tunnels included, and
    /// those of the carves not yet handed out: the same partition as the
    /// original's, which is all the run reads from them.
    fn unpack(&mut self, shown: &Shown) {
        if !self.packed {
            return;
        }
        self.sets = shown.pieces();
        self.crossing = self.crossings_shown(shown);
        self.packed = false;
    }
}
