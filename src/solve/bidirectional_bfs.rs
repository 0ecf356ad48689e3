//! Bidirectional breadth-first search.
//!
//! 1. Start a breadth-first sweep from the start and one from the goal.
//! 2. Grow the sweep whose frontier is smaller by one whole ring.
//! 3. When a ring touches a cell the other sweep has reached, the shortest
//!    meeting found in that ring joins the two halves into a shortest path.
//!
//! Two sweeps of half the distance look at far fewer cells than one of the
//! whole distance on open or braided mazes; on a perfect maze the saving is
//! smaller, since the one path decides everything. Unlike `collision`, it
//! grows whichever side is cheaper and stops at the first shortest meeting.

use super::{join_halves, CellMarks, Outcome, Solve, NONE};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct BidirectionalBfs {
    grid: Grid,
    start: Cell,
    goal: Cell,
    /// Which sweep reached each cell (1: start's, 2: goal's), its parent in
    /// that sweep and its distance there.
    side: Vec<u8>,
    parent: Vec<u32>,
    dist: Vec<u32>,
    rings: [Vec<Cell>; 2],
    /// The ring being grown: which sweep, how far through it, the next ring.
    growing: Option<(usize, usize, Vec<Cell>)>,
    best: Option<(u32, Cell, Cell)>,
    marks: CellMarks,
    outcome: Outcome,
}

impl BidirectionalBfs {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let n = grid.cells() as usize;
        let mut side = vec![0; n];
        let mut parent = vec![NONE; n];
        side[start as usize] = 1;
        parent[start as usize] = start;
        side[goal as usize] |= 2;
        parent[goal as usize] = goal;
        Box::new(BidirectionalBfs {
            marks: CellMarks::new(grid.cells()),
            dist: vec![0; n],
            grid,
            start,
            goal,
            side,
            parent,
            rings: [vec![start], vec![goal]],
            growing: None,
            best: None,
            outcome: Outcome::Searching,
        })
    }

    fn finish<R: Record>(&mut self, out: &mut R) {
        let Some((_, a, b)) = self.best else {
            self.outcome = Outcome::unreachable();
            return;
        };
        let path = join_halves(&self.parent, a, b);
        self.outcome = self.marks.found(out, path);
    }
}

impl Stepper for BidirectionalBfs {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.begin(1);
        if self.start == self.goal {
            self.best = Some((0, self.start, self.start));
            self.finish(out);
            return false;
        }
        let Some((s, at, mut next)) = self.growing.take() else {
            if self.best.is_some() || self.rings.iter().any(Vec::is_empty) {
                out.phase(3);
                self.finish(out);
                return false;
            }
            // Grow the smaller frontier: the cheaper ring.
            let s = usize::from(self.rings[1].len() < self.rings[0].len());
            self.growing = Some((s, 0, Vec::new()));
            return true;
        };
        let Some(&cell) = self.rings[s].get(at) else {
            self.rings[s] = next;
            return true;
        };
        let (mine, theirs) = if s == 0 { (1, 2) } else { (2, 1) };
        out.phase(2);
        out.cursor(cell);
        self.marks.set(
            out,
            cell,
            if s == 0 {
                Mark::Explored
            } else {
                Mark::Frontier
            },
        );
        for &n in self.grid.open_neighbors(cell).as_slice() {
            let i = n as usize;
            if self.side[i] & theirs != 0 {
                let total = self.dist[cell as usize] + 1 + self.dist[i];
                if self.best.is_none_or(|(t, _, _)| total < t) {
                    self.best = Some(if s == 0 {
                        (total, cell, n)
                    } else {
                        (total, n, cell)
                    });
                }
            } else if self.side[i] == 0 {
                self.side[i] = mine;
                self.parent[i] = cell;
                self.dist[i] = self.dist[cell as usize] + 1;
                next.push(n);
            }
        }
        self.growing = Some((s, at + 1, next));
        true
    }
}

impl Solve for BidirectionalBfs {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
