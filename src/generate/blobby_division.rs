//! Blobby recursive division (Buck): split regions into two randomly grown
//! blobs instead of along straight lines.
//!
//! 1. Start with every wall open: the whole maze is one region.
//! 2. Take a region of two or more cells. Pick two of its cells at random
//!    as seeds, A and B.
//! 3. Grow both at once: take a random cell from the growing edge, and give
//!    a random unclaimed neighbour inside the region to the same side.
//!    Repeat until every cell of the region belongs to A or B.
//! 4. Build every wall between A and B but one, chosen at random: the door.
//! 5. Divide A and B the same way, down to single cells.
//!
//! Each split leaves exactly one passage between its two halves, so the
//! result is a perfect maze. Its walls wander like coastlines rather than
//! running straight, and the same division works on every shape, since it
//! needs only cells and neighbours.
//!
//! With a grain (`steer.rs`), blobs grow along it: step 3 draws the
//! neighbour with the grain's weights and puts off a growth against it,
//! so the blobs stretch along the grain, the walls between them run with
//! it, and so do the passages.

use super::blobby_kept::{KeptCells, Maze};
use super::Params;
use crate::event::Mark;
use crate::keep::{Keep, Shown};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;

/// Which side of the split being made a cell is on, if any.
const FREE: u8 = 0;
const SIDE_A: u8 = 1;
const SIDE_B: u8 = 2;
/// Cells not in the region being split.
const OUTSIDE: u8 = 3;

#[derive(Clone)]
pub struct BlobbyDivision<S: Topology> {
    shape: S,
    rng: Rng,
    /// Every cell of the maze, arranged so that each region still to divide
    /// is a contiguous range: a split partitions its range in place (side A
    /// first), so no region is ever copied.
    cells: Vec<Cell>,
    /// Regions still to divide, as (start, len) ranges of `cells`.
    regions: Vec<(u32, u32)>,
    side: Vec<u8>,
    /// The growing edge of the split under way (kept between splits, so
    /// its room is allocated once).
    edge: Vec<Cell>,
    /// The split under way: its range of `cells` and how many are claimed.
    split: Option<Split>,
    started: bool,
    /// A first region has been split: later ones are the recursion (step 5).
    divided: bool,
    /// The grain, if any: blobs grow along it.
    steering: Option<Box<super::steer::Steering>>,
    /// In a kept copy, what the rest of the run reads of `cells` and
    /// `side`, in chunks shared with the copy kept before it
    /// (`blobby_kept.rs`).
    kept: Option<Box<KeptCells>>,
}

#[derive(Clone, Copy)]
struct Split {
    start: u32,
    len: u32,
    claimed: u32,
    /// Step 4 under way, once every cell is claimed.
    closing: Option<Closing>,
}

impl Split {
    /// Its cells' place in `BlobbyDivision::cells`.
    fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// Where step 4 of a split stands.
#[derive(Clone, Copy)]
struct Closing {
    /// Which wall between the sides is left open, in their order.
    door: u32,
    /// Walls between the sides met so far.
    seen: u32,
    /// The next cell of the range to wall off (or, once the walls are
    /// built, to clear).
    next: u32,
    /// Every wall is built and the sides partitioned: what is left is
    /// clearing the marks.
    walls_built: bool,
    /// How many cells of the range are side A, once partitioned.
    a_len: u32,
}

impl<S: Topology> BlobbyDivision<S> {
    pub(super) fn new(shape: S, params: &Params) -> BlobbyDivision<S> {
        let cells = shape.cells() as usize;
        BlobbyDivision {
            side: vec![OUTSIDE; cells],
            rng: Rng::new(params.seed),
            cells: Vec::new(),
            regions: Vec::new(),
            edge: Vec::new(),
            split: None,
            started: false,
            divided: false,
            steering: super::steer::Steering::of(params),
            kept: None,
            shape,
        }
    }

    /// Which cells the maze has, as its kept copy reads them.
    fn maze(&self) -> Maze<impl Fn(Cell) -> bool + '_> {
        Maze {
            cells: self.shape.cells(),
            is_cell: |c| self.shape.is_cell(c),
        }
    }

    fn begin_split<R: Record>(&mut self, start: u32, len: u32, out: &mut R) {
        let split = Split {
            start,
            len,
            claimed: 2,
            closing: None,
        };
        let region = &self.cells[split.range()];
        for &c in region {
            self.side[c as usize] = FREE;
        }
        let a = region[self.rng.below(len) as usize];
        let mut b = region[self.rng.below(len - 1) as usize];
        if b == a {
            b = region[len as usize - 1];
        }
        self.side[a as usize] = SIDE_A;
        self.side[b as usize] = SIDE_B;
        out.mark(a, Mark::Frontier);
        out.mark(b, Mark::Walk);
        self.edge.clear();
        self.edge.extend([a, b]);
        self.split = Some(split);
    }

    /// Grows one cell of the split; returns whether the split is complete.
    fn grow<R: Record>(&mut self, out: &mut R) -> bool {
        let Some(split) = self.split.as_mut() else {
            return true;
        };
        while split.claimed < split.len {
            let i = self.rng.below(self.edge.len() as u32) as usize;
            let cell = self.edge[i];
            let mine = self.side[cell as usize];
            let side = &self.side;
            let free = |n: Cell| side[n as usize] == FREE;
            let grown = match &self.steering {
                None => self.shape.random_neighbor(cell, &mut self.rng, free),
                // Along the grain, and a growth against it put off (the
                // cell stays on the edge), as the growing tree's frontier.
                Some(s) => match s.pick(&self.shape, cell, None, &mut self.rng, free) {
                    Some(n) if s.defer(&self.shape, cell, n, &mut self.rng) => continue,
                    other => other,
                },
            };
            match grown {
                Some(n) => {
                    self.side[n as usize] = mine;
                    self.edge.push(n);
                    split.claimed += 1;
                    out.cursor(n);
                    out.mark(
                        n,
                        if mine == SIDE_A {
                            Mark::Frontier
                        } else {
                            Mark::Walk
                        },
                    );
                    return false;
                }
                None => {
                    self.edge.swap_remove(i);
                }
            }
        }
        true
    }

    /// Starts step 4: the walls between the sides are counted and the door
    /// drawn; `close_some` then builds them. No list of them is kept (on a
    /// blob's ragged coast it held about a wall a cell).
    fn begin_close(&mut self) {
        let Some(split) = self.split.as_mut() else {
            return;
        };
        let mut count = 0u32;
        let (cells, side, shape) = (&self.cells, &self.side, &self.shape);
        walls_between(shape, side, &cells[split.range()], |_, _| count += 1);
        split.closing = Some(Closing {
            door: self.rng.below(count),
            seen: 0,
            next: 0,
            walls_built: false,
            a_len: 0,
        });
    }

    /// Step 4 for the next `CLOSE_CHUNK` cells of the split: the walls
    /// between the sides but the door, then (once every wall is built) the
    /// marks cleared; once all are, the split is over and its two sides
    /// are regions of their own. A chunk at a time, so that one step's
    /// events stay few (a whole first split made about two million).
    fn close_some<R: Record>(&mut self, out: &mut R) {
        let Some(split) = self.split.as_mut() else {
            return;
        };
        let (base, range) = (split.start as usize, split.range());
        let Some(closing) = split.closing.as_mut() else {
            return;
        };
        let end = (closing.next + CLOSE_CHUNK).min(split.len);
        let chunk = base + closing.next as usize..base + end as usize;
        closing.next = end;
        if !closing.walls_built {
            let (cells, side, shape) = (&self.cells, &self.side, &self.shape);
            walls_between(shape, side, &cells[chunk], |a, b| {
                if closing.seen != closing.door {
                    out.build(a, b);
                }
                closing.seen += 1;
            });
            if end == split.len {
                // The two halves, partitioned in place (A first), then the
                // marks cleared a chunk at a time from the start.
                let mut first_b = base;
                for i in range {
                    if self.side[self.cells[i] as usize] == SIDE_A {
                        self.cells.swap(first_b, i);
                        first_b += 1;
                    }
                }
                closing.a_len = (first_b - base) as u32;
                closing.walls_built = true;
                closing.next = 0;
            }
            return;
        }
        for &cell in &self.cells[chunk] {
            out.mark(cell, Mark::Blank);
            self.side[cell as usize] = OUTSIDE;
        }
        if end < split.len {
            return;
        }
        let (start, len, a_len) = (split.start, split.len, closing.a_len);
        self.split = None;
        for (start, len) in [(start, a_len), (start + a_len, len - a_len)] {
            if len > 1 {
                self.regions.push((start, len));
            }
        }
    }
}

/// Cells of a split closed per step (see `close_some`).
const CLOSE_CHUNK: u32 = 256;

/// Every wall from a side-A cell among `cells` to a side-B neighbour.
fn walls_between<S: Topology>(
    shape: &S,
    side: &[u8],
    cells: &[Cell],
    mut visit: impl FnMut(Cell, Cell),
) {
    for &cell in cells {
        if side[cell as usize] == SIDE_A {
            for &n in shape.neighbors(cell).as_slice() {
                if side[n as usize] == SIDE_B {
                    visit(cell, n);
                }
            }
        }
    }
}

impl<S: Topology> Stepper for BlobbyDivision<S> {
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            out.phase(1);
            // Sized once: collected from a filter it grew by doubling.
            self.cells = Vec::with_capacity(self.shape.live_cells() as usize);
            self.cells
                .extend((0..self.shape.cells()).filter(|&c| self.shape.is_cell(c)));
            let live = self.cells.len() as u32;
            if live > 1 {
                self.regions.push((0, live));
                self.edge.reserve(live as usize);
            }
        }
        if self.split.is_none() {
            let Some((start, len)) = self.regions.pop() else {
                return false;
            };
            if self.divided {
                // A half of an earlier split: step 5, the recursion.
                out.phase(5);
            }
            self.divided = true;
            out.phase(2);
            self.begin_split(start, len, out);
            return true;
        }
        if self.split.is_some_and(|split| split.closing.is_some()) {
            out.phase(4);
            self.close_some(out);
        } else {
            out.phase(3);
            if self.grow(out) {
                out.phase(4);
                self.begin_close();
            }
        }
        true
    }
}

impl<S: Topology> Keep for BlobbyDivision<S> {
    /// The bytes it holds that `earlier` does not also hold; a steered
    /// run keeps a field of its own, counted at the most (`None`).
    fn heap_bytes(&self, earlier: Option<&Self>) -> Option<usize> {
        self.steering.is_none().then(|| {
            let lists = (self.edge.len() + 2 * self.regions.len()) * std::mem::size_of::<u32>();
            let cells = match &self.kept {
                Some(kept) => {
                    let before = earlier.and_then(|e| e.kept.as_deref());
                    std::mem::size_of_val(&**kept) + kept.bytes_beyond(before)
                }
                None => self.cells.len() * std::mem::size_of::<Cell>() + self.side.len(),
            };
            lists + cells
        })
    }

    /// A kept copy: what the run reads of `cells` and `side`, shared with
    /// `earlier`'s where equal.
    fn packed_copy(&self, earlier: Option<&Self>) -> Self {
        if self.kept.is_some() {
            return self.clone();
        }
        let before = earlier.and_then(|e| e.kept.as_deref());
        let live: Vec<_> = self
            .regions
            .iter()
            .map(|&(start, len)| start as usize..(start + len) as usize)
            .collect();
        BlobbyDivision {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            cells: Vec::new(),
            regions: self.regions.clone(),
            side: Vec::new(),
            edge: self.edge.clone(),
            split: self.split,
            started: self.started,
            divided: self.divided,
            steering: self.steering.clone(),
            kept: Some(Box::new(KeptCells::new(
                &self.maze(),
                &self.cells,
                &self.side,
                &live,
                self.split.map(|s| s.range()),
                before,
            ))),
        }
    }

    fn unpack(&mut self, _shown: &Shown) {
        if let Some(kept) = self.kept.take() {
            (self.cells, self.side) = kept.unpack(&self.maze(), OUTSIDE);
        }
    }
}
