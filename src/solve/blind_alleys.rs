//! Which cells can lie on a way from start to goal, for Pullen's fillers.
//!
//! One depth-first search from the start (Tarjan's low links) finds where
//! the maze hangs together by a single passage or a single cell:
//! - **by passages**: a passage whose removal cuts the maze in two is a
//!   bridge; cut off by one from the start and the goal, a part is a
//!   cul-de-sac (a dead end, or a noose: a stem with loops at its end);
//! - **by cells**: a cell whose removal cuts the maze is a cut cell; a
//!   part beyond one that holds neither end is a blind alley, since walking
//!   into it means coming back through that cell. What is left is every
//!   cell of every solution: the blocks (parts with no cut cell) on the way
//!   from the start's block to the goal's.
//!
//! Both are labelled in one preorder pass: a tree edge that does not cut
//! continues its parent's part, one that cuts starts a new part; the parts
//! on the tree path from the goal up to the start are the ones to keep.

use crate::grid::Grid;
use crate::shape::Cell;

/// How a maze must hang together for a part to count as a dead part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Joint {
    /// Cut off by one passage (bridge): cul-de-sacs.
    Passage,
    /// Cut off by one cell: blind alleys, nooses hung at a junction too.
    Cell,
}

const UNSEEN: u32 = u32::MAX;

/// Per cell, whether it may lie on a way from `start` to `goal` (no
/// cell is kept when the goal cannot be reached: `None`).
pub(crate) fn solution_cells(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    joint: Joint,
) -> Option<Vec<bool>> {
    let n = grid.cells() as usize;
    let mut disc = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut parent = vec![UNSEEN; n];
    let mut preorder = Vec::with_capacity(n);
    // An explicit stack of (cell, index of the next neighbour to look at).
    let mut stack: Vec<(Cell, usize)> = vec![(start, 0)];
    disc[start as usize] = 0;
    low[start as usize] = 0;
    parent[start as usize] = start;
    preorder.push(start);
    while let Some(&mut (cell, ref mut next)) = stack.last_mut() {
        let neighbours = grid.open_neighbors(cell);
        if let Some(&nb) = neighbours.as_slice().get(*next) {
            *next += 1;
            let i = nb as usize;
            if disc[i] == UNSEEN {
                disc[i] = preorder.len() as u32;
                low[i] = disc[i];
                parent[i] = cell;
                preorder.push(nb);
                stack.push((nb, 0));
            } else if nb != parent[cell as usize] {
                low[cell as usize] = low[cell as usize].min(disc[i]);
            }
        } else {
            stack.pop();
            let p = parent[cell as usize];
            if p != cell {
                low[p as usize] = low[p as usize].min(low[cell as usize]);
            }
        }
    }
    if disc[goal as usize] == UNSEEN {
        return None;
    }
    // Parts, in preorder: a cutting tree edge starts a part.
    let mut part = vec![UNSEEN; n];
    let mut parts = 1u32;
    part[start as usize] = 0;
    for &v in &preorder[1..] {
        let p = parent[v as usize];
        let cuts = match joint {
            Joint::Passage => low[v as usize] > disc[p as usize],
            Joint::Cell => low[v as usize] >= disc[p as usize],
        };
        part[v as usize] = if cuts {
            parts += 1;
            parts - 1
        } else if p == start && joint == Joint::Cell {
            // Every tree edge out of the root starts its own block.
            parts += 1;
            parts - 1
        } else {
            part[p as usize]
        };
    }
    // The parts on the tree path from the goal up to the start.
    let mut on_way = vec![false; parts as usize];
    let mut at = goal;
    on_way[part[at as usize] as usize] = true;
    while at != start {
        at = parent[at as usize];
        if at != start || joint == Joint::Passage {
            on_way[part[at as usize] as usize] = true;
        }
    }
    let mut keep: Vec<bool> = (0..n)
        .map(|c| part[c] != UNSEEN && on_way[part[c] as usize])
        .collect();
    keep[start as usize] = true;
    Some(keep)
}

/// A filler's run: marks the cells of `order` dead one step at a time, then
/// walks a shortest way through the cells kept.
#[derive(Clone)]
pub(crate) struct FillRun {
    grid: Grid,
    start: Cell,
    goal: Cell,
    keep: Option<Vec<bool>>,
    order: Vec<Cell>,
    at: usize,
    marks: super::CellMarks,
    outcome: super::Outcome,
    /// The step numbers of its list for: finding the parts, naming the
    /// alleys, filling or sealing them, and the walk through the rest.
    phases: [u8; 4],
}

impl FillRun {
    /// A filler on `grid`: the cells kept are found by `joint`, and
    /// `order_of` gives the cells to fill from them, in order.
    pub(crate) fn boxed(
        grid: Grid,
        (start, goal): (Cell, Cell),
        joint: Joint,
        order_of: fn(&Grid, &[bool]) -> Vec<Cell>,
        phases: [u8; 4],
    ) -> Box<dyn super::Solve> {
        let keep = solution_cells(&grid, start, goal, joint);
        let order = keep.as_ref().map_or_else(Vec::new, |k| order_of(&grid, k));
        Box::new(FillRun {
            phases,
            marks: super::CellMarks::new(grid.cells()),
            grid,
            start,
            goal,
            keep,
            order,
            at: 0,
            outcome: super::Outcome::Searching,
        })
    }
}

impl super::Solve for FillRun {
    fn outcome(&self) -> &super::Outcome {
        &self.outcome
    }
}

impl crate::stream::Stepper for FillRun {
    fn step_with<R: crate::record::Record>(&mut self, out: &mut R) -> bool {
        use crate::event::Mark;
        if self.at == 0 {
            // Found in the constructor: shown as the run's first steps.
            out.begin(self.phases[0]);
            out.phase(self.phases[1]);
        }
        let Some(keep) = &self.keep else {
            self.outcome = super::Outcome::unreachable();
            return false;
        };
        if let Some(&cell) = self.order.get(self.at) {
            self.at += 1;
            out.phase(self.phases[2]);
            out.cursor(cell);
            self.marks.set(out, cell, Mark::Dead);
            return true;
        }
        out.phase(self.phases[3]);
        let mut sweep = super::Sweep::new(self.grid.cells(), self.start);
        while let Some(cell) = sweep.advance_within(&self.grid, |n| keep[n as usize], |_| {}) {
            if cell == self.goal {
                let path = sweep.path_to(cell);
                self.marks.set_path(out, &path);
                self.outcome = super::Outcome::Found(path);
                return false;
            }
        }
        self.outcome =
            super::Outcome::NotFound("the kept cells do not join start and goal (a bug)".into());
        false
    }
}

/// The cells not kept, farthest from the kept ones first: filling them in
/// this order shows each dead part filling from its far end inward.
pub(crate) fn fill_order(grid: &Grid, keep: &[bool]) -> Vec<Cell> {
    let n = grid.cells() as usize;
    let mut dist = vec![UNSEEN; n];
    let mut queue: Vec<Cell> = (0..grid.cells()).filter(|&c| keep[c as usize]).collect();
    for &c in &queue {
        dist[c as usize] = 0;
    }
    let mut head = 0;
    while head < queue.len() {
        let cell = queue[head];
        head += 1;
        for &nb in grid.open_neighbors(cell).as_slice() {
            if dist[nb as usize] == UNSEEN {
                dist[nb as usize] = dist[cell as usize] + 1;
                queue.push(nb);
            }
        }
    }
    let mut order: Vec<Cell> = queue.into_iter().filter(|&c| !keep[c as usize]).collect();
    order.reverse();
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::shape::Dims;

    /// Cells on some simple path from `a` to `b`, by trying every path.
    fn brute(grid: &Grid, a: Cell, b: Cell) -> Vec<bool> {
        fn walk(
            g: &Grid,
            at: Cell,
            b: Cell,
            path: &mut Vec<Cell>,
            on: &mut Vec<bool>,
            keep: &mut Vec<bool>,
        ) {
            if at == b {
                for &c in path.iter() {
                    keep[c as usize] = true;
                }
                return;
            }
            for &n in g.open_neighbors(at).as_slice() {
                if !on[n as usize] {
                    on[n as usize] = true;
                    path.push(n);
                    walk(g, n, b, path, on, keep);
                    path.pop();
                    on[n as usize] = false;
                }
            }
        }
        let mut keep = vec![false; grid.cells() as usize];
        let mut on = vec![false; grid.cells() as usize];
        on[a as usize] = true;
        walk(grid, a, b, &mut vec![a], &mut on, &mut keep);
        keep
    }

    #[test]
    fn kept_cells_are_exactly_those_on_some_simple_path() {
        let dims = Dims::new(5, 4).unwrap();
        for seed in 0..40 {
            let grid = crate::generate::generate(
                "kruskal",
                crate::generate::Params {
                    braid: (seed % 3 * 40) as u8,
                    ..crate::generate::Params::new(dims, seed)
                },
            )
            .unwrap();
            let (a, b) = ((seed % 7) as u32, 19 - (seed % 5) as u32);
            let by_cells = solution_cells(&grid, a, b, Joint::Cell).unwrap();
            assert_eq!(
                by_cells,
                brute(&grid, a, b),
                "seed {seed}: {a} to {b}\n{grid:?}"
            );
            // Cutting by passages keeps at least as much (nooses at a
            // junction stay), and never less than the true solutions.
            let by_passages = solution_cells(&grid, a, b, Joint::Passage).unwrap();
            for c in 0..20 {
                assert!(!by_cells[c] || by_passages[c], "seed {seed} cell {c}");
            }
        }
    }
}
