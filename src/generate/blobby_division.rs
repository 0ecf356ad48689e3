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

use super::{Params, Step};
use crate::event::{Emit, Mark, Record};
use crate::grid::Cell;
use crate::rng::Rng;
use crate::shape::Topology;
use crate::stream::StepWith;

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
    /// Regions still to divide.
    regions: Vec<Vec<Cell>>,
    side: Vec<u8>,
    /// The split under way: its region, growing edge, and the walls met
    /// between its two sides.
    split: Option<Split>,
    started: bool,
    /// A first region has been split: later ones are the recursion (step 5).
    divided: bool,
}

#[derive(Clone)]
struct Split {
    region: Vec<Cell>,
    edge: Vec<Cell>,
    claimed: usize,
}

/// Blobby division on the params' shape.
pub fn boxed(params: &Params) -> Box<dyn Step> {
    super::on_shape!(params, shape => Box::new(BlobbyDivision::new(shape, params)))
}

impl<S: Topology> BlobbyDivision<S> {
    fn new(shape: S, params: &Params) -> BlobbyDivision<S> {
        let cells = shape.cells() as usize;
        BlobbyDivision {
            side: vec![OUTSIDE; cells],
            rng: Rng::new(params.seed),
            regions: Vec::new(),
            split: None,
            started: false,
            divided: false,
            shape,
        }
    }

    fn begin_split<R: Record>(&mut self, region: Vec<Cell>, out: &mut R) {
        for &c in &region {
            self.side[c as usize] = FREE;
        }
        let n = region.len() as u32;
        let a = region[self.rng.below(n) as usize];
        let mut b = region[self.rng.below(n - 1) as usize];
        if b == a {
            b = region[n as usize - 1];
        }
        self.side[a as usize] = SIDE_A;
        self.side[b as usize] = SIDE_B;
        out.mark(a, Mark::Frontier);
        out.mark(b, Mark::Walk);
        // The edge never holds more than the region: reserved once, not
        // doubled as it grows.
        let mut edge = Vec::with_capacity(region.len());
        edge.extend([a, b]);
        self.split = Some(Split {
            region,
            edge,
            claimed: 2,
        });
    }

    /// Grows one cell of the split; returns whether the split is complete.
    fn grow<R: Record>(&mut self, out: &mut R) -> bool {
        let Some(split) = self.split.as_mut() else {
            return true;
        };
        while split.claimed < split.region.len() {
            let i = self.rng.below(split.edge.len() as u32) as usize;
            let cell = split.edge[i];
            let mine = self.side[cell as usize];
            let side = &self.side;
            match self
                .shape
                .random_neighbor(cell, &mut self.rng, |n| side[n as usize] == FREE)
            {
                Some(n) => {
                    self.side[n as usize] = mine;
                    split.edge.push(n);
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
                    split.edge.swap_remove(i);
                }
            }
        }
        true
    }

    /// Walls between the two sides, all but a random door; then the two
    /// sides become regions of their own.
    fn close_split<R: Record>(&mut self, out: &mut R) {
        let Some(Split {
            mut region, edge, ..
        }) = self.split.take()
        else {
            return;
        };
        // The growing edge is spent: free it before the halves are made.
        drop(edge);
        let mut between = Vec::new();
        for &cell in &region {
            if self.side[cell as usize] != SIDE_A {
                continue;
            }
            for &n in self.shape.neighbors(cell).as_slice() {
                if self.side[n as usize] == SIDE_B {
                    between.push((cell, n));
                }
            }
        }
        let door = self.rng.below(between.len() as u32) as usize;
        for (i, &(a, b)) in between.iter().enumerate() {
            if i != door {
                out.build(a, b);
            }
        }
        // The two halves, partitioned in place (A first), so a split costs
        // no second copy of its region.
        let mut first_b = 0;
        for i in 0..region.len() {
            if self.side[region[i] as usize] == SIDE_A {
                region.swap(first_b, i);
                first_b += 1;
            }
        }
        for &cell in &region {
            out.mark(cell, Mark::Blank);
            self.side[cell as usize] = OUTSIDE;
        }
        let b = region.split_off(first_b);
        region.shrink_to_fit();
        for part in [region, b] {
            if part.len() > 1 {
                self.regions.push(part);
            }
        }
    }
}

impl<S: Topology> Step for BlobbyDivision<S> {
    fn step(&mut self, out: &mut Emit) -> bool {
        crate::stream::step_either(self, out)
    }

    fn step_one(&mut self, out: &mut Emit) -> bool {
        self.step_with(out)
    }
}

impl<S: Topology> StepWith for BlobbyDivision<S> {
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            out.phase(1);
            let mut region = Vec::with_capacity(self.shape.live_cells() as usize);
            region.extend((0..self.shape.cells()).filter(|&c| self.shape.is_cell(c)));
            if region.len() > 1 {
                self.regions.push(region);
            }
        }
        if self.split.is_none() {
            let Some(region) = self.regions.pop() else {
                return false;
            };
            if self.divided {
                // A half of an earlier split: step 5, the recursion.
                out.phase(5);
            }
            self.divided = true;
            out.phase(2);
            self.begin_split(region, out);
            return true;
        }
        out.phase(3);
        if self.grow(out) {
            out.phase(4);
            self.close_split(out);
        }
        true
    }
}
