//! Eller: the maze one row at a time, remembering only which cells of the
//! current row are already connected.
//!
//! 1. Give each cell of the first row a set of its own.
//! 2. Walk the row: join adjacent cells of different sets at random (always,
//!    on the last row), merging their sets.
//! 3. For each set, open the floor under at least one of its cells (the rest
//!    at random). Cells below an opening inherit the set; the others get new
//!    sets.
//! 4. Repeat from 2 on the next row; the last row stops after step 2.
//!
//! Sets are union-find labels within the row, renumbered every row, so memory
//! grows with the width only. Its mazes are fairly uniform, with many short
//! dead ends and a slight horizontal grain.

use super::union_find::UnionFind;
use super::{Params, Step};
use crate::event::Emit;
use crate::grid::Dims;
use crate::rng::Rng;

const FRESH: u32 = u32::MAX;

pub struct Eller {
    dims: Dims,
    rng: Rng,
    y: u32,
    /// The set label of each cell in the current row, all below `width`.
    label: Vec<u32>,
    sets: UnionFind,
    /// Per set root: cells of the row not yet decided, and whether one went down.
    left: Vec<u32>,
    went_down: Vec<bool>,
    /// Renumbering of roots to compact labels for the next row.
    renumber: Vec<u32>,
    /// The root of each cell's set, for the vertical passes.
    root: Vec<u32>,
}

impl Eller {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        let w = params.dims.width as usize;
        Box::new(Eller {
            dims: params.dims,
            rng: Rng::new(params.seed),
            y: 0,
            label: (0..w as u32).collect(),
            sets: UnionFind::new(w),
            left: vec![0; w],
            went_down: vec![false; w],
            renumber: vec![FRESH; w],
            root: vec![0; w],
        })
    }
}

impl Step for Eller {
    /// One row per step.
    fn step_one(&mut self, out: &mut Emit) -> bool {
        let (w, h, y) = (self.dims.width, self.dims.height, self.y);
        let last_row = y + 1 == h;
        let row = self.dims.at(0, y);
        out.cursor(row);
        // Join neighbours in different sets. The root of cell x + 1 after
        // this pair is known, so each cell costs one `find`, not two.
        let mut left_root = self.sets.find(self.label[0]);
        for x in 0..w as usize - 1 {
            let right_root = self.sets.find(self.label[x + 1]);
            if left_root != right_root && (last_row || self.rng.coin()) {
                let cell = row + x as u32;
                out.carve(cell, cell + 1);
                left_root = self.sets.link(left_root, right_root);
            } else {
                left_root = right_root;
            }
        }
        if last_row {
            return false;
        }
        // Each cell's root, once; then how many cells each set has.
        for x in 0..w as usize {
            let root = self.sets.find(self.label[x]);
            self.root[x] = root;
            self.left[root as usize] += 1;
            self.went_down[root as usize] = false;
        }
        let mut next_label = 0;
        for x in 0..w as usize {
            let root = self.root[x] as usize;
            self.left[root] -= 1;
            let must = self.left[root] == 0 && !self.went_down[root];
            if must || self.rng.coin() {
                let cell = row + x as u32;
                out.carve(cell, cell + w);
                self.went_down[root] = true;
                if self.renumber[root] == FRESH {
                    self.renumber[root] = next_label;
                    next_label += 1;
                }
                self.label[x] = self.renumber[root];
            } else {
                self.label[x] = FRESH;
            }
        }
        // Cells with no opening above start sets of their own; then forget
        // this row's roots so the next row can reuse the arrays.
        for x in 0..w as usize {
            if self.label[x] == FRESH {
                self.label[x] = next_label;
                next_label += 1;
            }
            self.renumber[self.root[x] as usize] = FRESH;
        }
        self.sets.reset(w as usize);
        self.y += 1;
        true
    }
}
