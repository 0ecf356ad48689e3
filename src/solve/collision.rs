//! Collision solver (Pullen's "amoeba" solver): flood from both ends at once.
//!
//! 1. Start two floods, one from the start and one from the goal.
//! 2. Grow them in turn, one ring of equal distance at a time.
//! 3. When a ring reaches cells the other flood holds, the fronts have
//!    collided: every cell where they meet with the least total distance is
//!    a meeting point of some shortest path; mark them all.
//! 4. Join the start's path to the first meeting point with the goal's:
//!    a shortest path.
//!
//! Each flood covers only about half the distance, so on open mazes it
//! explores far fewer cells than one flood from the start; on a braided
//! maze the meeting points show where the shortest paths cross the middle.

use super::{join_halves, CellMarks, Outcome, Solve, NONE};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;

/// Which flood reached a cell first.
const FROM_START: u8 = 1;
const FROM_GOAL: u8 = 2;

#[derive(Clone)]
pub struct Collision {
    grid: Grid,
    start: Cell,
    goal: Cell,
    owner: Vec<u8>,
    parent: Vec<u32>,
    dist: Vec<u32>,
    /// The two floods' current rings, and which grows next.
    rings: [Vec<Cell>; 2],
    turn: usize,
    /// Cells of the ring being grown still to take.
    at: usize,
    next: Vec<Cell>,
    /// The best meeting so far: (total distance, cell of the start's flood,
    /// cell of the goal's flood).
    best: Option<(u32, Cell, Cell)>,
    meetings: Vec<Cell>,
    marks: CellMarks,
    outcome: Outcome,
}

impl Collision {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let cells = grid.cells() as usize;
        let mut owner = vec![0; cells];
        let mut parent = vec![NONE; cells];
        let mut dist = vec![0; cells];
        owner[start as usize] = FROM_START;
        parent[start as usize] = start;
        owner[goal as usize] |= FROM_GOAL;
        parent[goal as usize] = goal;
        dist[goal as usize] = 0;
        Box::new(Collision {
            marks: CellMarks::new(grid.cells()),
            grid,
            start,
            goal,
            owner,
            parent,
            dist,
            rings: [vec![start], vec![goal]],
            turn: 0,
            at: 0,
            next: Vec::new(),
            best: None,
            meetings: Vec::new(),
            outcome: Outcome::Searching,
        })
    }

    fn finish<R: Record>(&mut self, out: &mut R) {
        let Some((_, a, b)) = self.best else {
            self.outcome = Outcome::unreachable();
            return;
        };
        out.phase(4);
        for &cell in &self.meetings {
            self.marks.set(out, cell, Mark::Frontier);
        }
        // The start's half runs by parents of the start's flood, the goal's
        // half by those of the goal's; both are kept in `parent` since a
        // cell belongs to the flood that reached it first.
        let path = join_halves(&self.parent, a, b);
        self.outcome = self.marks.found(out, path);
    }
}

impl Stepper for Collision {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        out.begin(1);
        if self.start == self.goal {
            self.best = Some((0, self.start, self.start));
            self.finish(out);
            return false;
        }
        let side = self.turn;
        let (mine, theirs) = if side == 0 {
            (FROM_START, FROM_GOAL)
        } else {
            (FROM_GOAL, FROM_START)
        };
        if self.at < self.rings[side].len() {
            let cell = self.rings[side][self.at];
            self.at += 1;
            out.phase(if self.best.is_some() { 3 } else { 2 });
            out.cursor(cell);
            self.marks.set(out, cell, Mark::Explored);
            for &n in self.grid.open_neighbors(cell).as_slice() {
                let i = n as usize;
                if self.owner[i] & theirs != 0 {
                    // The fronts touch: a meeting through the wall cell-n.
                    let total = self.dist[cell as usize] + 1 + self.dist[i];
                    let (a, b) = if side == 0 { (cell, n) } else { (n, cell) };
                    match self.best {
                        Some((t, _, _)) if t < total => {}
                        Some((t, _, _)) if t == total => self.meetings.push(n),
                        _ => {
                            self.best = Some((total, a, b));
                            self.meetings.clear();
                            self.meetings.push(n);
                        }
                    }
                } else if self.owner[i] == 0 {
                    self.owner[i] = mine;
                    self.parent[i] = cell;
                    self.dist[i] = self.dist[cell as usize] + 1;
                    self.next.push(n);
                }
            }
            return true;
        }
        // A ring is done: a collision found in it is final, since any other
        // meeting would come through a later ring and be longer.
        if self.best.is_some() || (self.next.is_empty() && self.rings[1 - side].is_empty()) {
            self.finish(out);
            return false;
        }
        if self.next.is_empty() {
            // This flood has filled its region without meeting the other.
            self.finish(out);
            return false;
        }
        self.rings[side] = std::mem::take(&mut self.next);
        self.at = 0;
        self.turn = 1 - side;
        true
    }
}

impl Solve for Collision {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
