//! Eller: the maze one row at a time, remembering only which cells of the
//! current row are already connected.
//!
//! 1. Every cell of the first row is a set of its own.
//! 2. Walk the row: join each cell to its east neighbour at random if they are
//!    in different sets (always, on the last row), merging the sets.
//! 3. Open the floor under the cells at random, but never leave a set with no
//!    opening down: a cell may close its floor only if its set still has
//!    another member to the east. A cell with a closed floor leaves its set,
//!    so the cell below it starts a set of its own.
//! 4. Repeat from 2 on the next row; the last row stops after step 2.
//!
//! The sets along a row never cross (two sets cannot interleave a..b..c..d,
//! since the paths above joining them would cross), so each set is kept as a
//! circular list of its cells in column order (`left` and `right` links, as in
//! Eller's original program). Then `x` and `x + 1` share a set exactly when
//! `left[x + 1] == x`, a join is a splice and a departure an unlink: O(1)
//! each, with memory for one row only. Its mazes are uniform-looking, with
//! many short dead ends and a slight horizontal grain.

use super::{Params, Step};
use crate::keep::Keep;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Dims;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct Eller {
    dims: Dims,
    rng: Rng,
    y: u32,
    /// The previous and next cell of each cell's set, in column order, circular.
    left: Vec<u32>,
    right: Vec<u32>,
}

impl Eller {
    pub fn boxed(params: &Params) -> Box<dyn Step> {
        let w = params.dims().width;
        Box::new(Eller {
            dims: params.dims(),
            rng: Rng::new(params.seed),
            y: 0,
            left: (0..w).collect(),
            right: (0..w).collect(),
        })
    }
}

impl Stepper for Eller {
    const MARKS_NO_CELL: bool = true;

    /// One row per step.
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        let (w, h, y) = (self.dims.width, self.dims.height, self.y);
        let last_row = y + 1 == h;
        let row = self.dims.at(0, y);
        if y == 0 {
            out.phase(1);
        }
        out.cursor(row);
        out.phase(2);
        let (left, right) = (&mut self.left, &mut self.right);
        for x in 0..w - 1 {
            let next = x + 1;
            if left[next as usize] != x && (last_row || self.rng.coin()) {
                // Splice next's list in after x.
                let (x_right, next_left) = (right[x as usize], left[next as usize]);
                right[next_left as usize] = x_right;
                left[x_right as usize] = next_left;
                right[x as usize] = next;
                left[next as usize] = x;
                let cell = row + x;
                out.carve(cell, cell + 1);
            }
        }
        if last_row {
            return false;
        }
        out.phase(3);
        for x in 0..w {
            // A set keeps at least one opening down: its last member to the
            // east (the one whose right link wraps around) always opens.
            let alone_to_the_east = right[x as usize] <= x;
            if !alone_to_the_east && self.rng.coin() {
                let (l, r) = (left[x as usize], right[x as usize]);
                right[l as usize] = r;
                left[r as usize] = l;
                left[x as usize] = x;
                right[x as usize] = x;
            } else {
                let cell = row + x;
                out.carve(cell, cell + w);
            }
        }
        self.y += 1;
        out.phase(4);
        true
    }
}

impl Keep for Eller {}
