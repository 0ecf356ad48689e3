//! The chain algorithm (Pullen): follow a guide line from start to goal and
//! send two wall-following robots round each wall that blocks it.
//!
//! 1. Draw a guide line from start to goal that never doubles back: here the
//!    cells of a shortest route through the shape with every wall ignored,
//!    hugging the straight segment between the two centres.
//! 2. Walk along the line while the way to its next cell is open.
//! 3. At a wall, send two guide robots along it, one with its left hand on
//!    the wall and one with its right, a step each in turn.
//! 4. The first robot to reach the line again at a point nearer the goal
//!    wins: walk its way there and go on from 2.
//! 5. If both robots come back to where they began, the line beyond cannot
//!    be reached this way: stop and say so.
//!
//! The maze is solved as a chain of small mazes, one per wall the line
//! crosses; the path is usually short, not always shortest. On screen the
//! robots' walks show as explored cells and the walker's way as the path.

use super::{CellMarks, Outcome, Solve, Trail, NONE};
use crate::event::Mark;
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;
use std::collections::VecDeque;

#[derive(Clone)]
pub struct Chain {
    grid: Grid,
    goal: Cell,
    /// The guide line, and each cell's place on it (`NONE` off it).
    line: Vec<Cell>,
    place: Vec<u32>,
    /// The walker's place on the line.
    at: usize,
    /// The two robots while they search, left hand first.
    robots: Option<[Robot; 2]>,
    turn: usize,
    trail: Trail,
    marks: CellMarks,
    outcome: Outcome,
    started: bool,
}

/// A wall-following robot: where it is, the side it came in by, its way
/// from where it set out, and the state after its first move (coming back
/// to it means it has gone all the way round).
#[derive(Clone)]
struct Robot {
    left_hand: bool,
    at: Cell,
    back: usize,
    way: Vec<Cell>,
    first: Option<(Cell, usize)>,
    done: bool,
}

impl Chain {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let line = guide_line(&grid, start, goal);
        let mut place = vec![NONE; grid.cells() as usize];
        for (i, &c) in line.iter().enumerate() {
            place[c as usize] = i as u32;
        }
        Box::new(Chain {
            marks: CellMarks::new(grid.cells()),
            trail: Trail::new(grid.cells()),
            grid,
            goal,
            line,
            place,
            at: 0,
            robots: None,
            turn: 0,
            outcome: Outcome::Searching,
            started: false,
        })
    }

    fn robot(&self, left_hand: bool, toward: usize) -> Robot {
        let here = self.line[self.at];
        Robot {
            left_hand,
            at: here,
            back: toward,
            way: vec![here],
            first: None,
            done: false,
        }
    }

    /// One move of a robot by its hand's rule; returns the cell it reached.
    fn move_robot(&mut self, which: usize) -> Option<Cell> {
        let grid = &self.grid;
        let robots = self.robots.as_mut()?;
        let r = &mut robots[which];
        if r.done {
            return None;
        }
        let k = grid.shape().sides(r.at).len();
        let step = (1..=k)
            .map(|j| {
                if r.left_hand {
                    (r.back + j) % k
                } else {
                    (r.back + k * j - j) % k
                }
            })
            .find_map(|i| grid.through(r.at, i));
        let Some((next, back)) = step else {
            r.done = true;
            return None;
        };
        match r.first {
            None => r.first = Some((next, back)),
            Some(first) if first == (next, back) => {
                // All the way round without meeting the line further on.
                r.done = true;
                return None;
            }
            Some(_) => {}
        }
        r.at = next;
        r.back = back;
        r.way.push(next);
        Some(next)
    }
}

/// A shortest route from start to goal through the shape with every wall
/// ignored, choosing at each step the cell nearest the straight segment.
fn guide_line(grid: &Grid, start: Cell, goal: Cell) -> Vec<Cell> {
    let shape = grid.shape();
    let n = shape.cells() as usize;
    let mut dist = vec![u32::MAX; n];
    let mut queue = VecDeque::from([goal]);
    dist[goal as usize] = 0;
    while let Some(c) = queue.pop_front() {
        for &nb in shape.neighbors(c).as_slice() {
            if shape.is_cell(nb) && dist[nb as usize] == u32::MAX {
                dist[nb as usize] = dist[c as usize] + 1;
                queue.push_back(nb);
            }
        }
    }
    let (a, b) = (shape.centre(start), shape.centre(goal));
    let off_segment = |c: Cell| {
        let p = shape.centre(c);
        crate::shape::geometry::segment_distance(p, a, b)
    };
    let mut line = vec![start];
    let mut at = start;
    while at != goal && dist[at as usize] != u32::MAX {
        at = shape
            .neighbors(at)
            .as_slice()
            .iter()
            .copied()
            .filter(|&nb| shape.is_cell(nb) && dist[nb as usize] + 1 == dist[at as usize])
            .min_by(|&x, &y| off_segment(x).total_cmp(&off_segment(y)))
            .expect("a cell one nearer the goal");
        line.push(at);
    }
    line
}

impl Stepper for Chain {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            out.phase(1);
            self.trail.step_to(self.line[0], &mut self.marks, out);
        }
        let here = self.line[self.at];
        if here == self.goal {
            let path = self.trail.cells().to_vec();
            self.outcome = self.marks.found(out, path);
            return false;
        }
        if self.line.last() != Some(&self.goal) {
            self.outcome = Outcome::unreachable();
            return false;
        }
        if self.robots.is_none() {
            let next = self.line[self.at + 1];
            if self.grid.adjacent(here, next) && self.grid.is_open_between(here, next) {
                out.phase(2);
                self.at += 1;
                self.trail.step_to(next, &mut self.marks, out);
                return true;
            }
            let toward = self
                .grid
                .shape()
                .sides(here)
                .index_of(next)
                .expect("the line runs through neighbours");
            self.robots = Some([self.robot(true, toward), self.robot(false, toward)]);
            self.turn = 0;
        }
        let which = self.turn;
        self.turn = 1 - self.turn;
        if let Some(reached) = self.move_robot(which) {
            out.phase(3);
            out.cursor(reached);
            if self.marks.get(reached) == Mark::Blank {
                self.marks.set(out, reached, Mark::Explored);
            }
            let place = self.place[reached as usize];
            if place != NONE && place as usize > self.at {
                // This robot found the line nearer the goal: walk its way.
                out.phase(4);
                let robots = self.robots.take().expect("robots are out");
                for &c in &robots[which].way[1..] {
                    self.trail.step_to(c, &mut self.marks, out);
                }
                self.at = place as usize;
            }
            return true;
        }
        if self.robots.as_ref().is_some_and(|r| r[0].done && r[1].done) {
            out.phase(5);
            self.outcome = Outcome::NotFound(
                "no path found by this method: both guide robots went all the way round the wall \
                 without reaching the guide line nearer the goal"
                    .into(),
            );
            return false;
        }
        true
    }
}

impl Solve for Chain {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
