//! The Pledge algorithm: wall following with a turn counter, so the walker
//! can leave an island that a plain wall follower would circle forever.
//!
//! 1. Pick a direction (here: from the start toward the goal) and walk
//!    straight that way while the way is open.
//! 2. At a wall, put your left hand on it and follow it, adding up every
//!    turn you make (left turns count one way, right turns the other).
//! 3. When the turns add up to zero again you face the chosen direction:
//!    let go of the wall and walk straight on, back to 1.
//! 4. Stop at the goal.
//!
//! Pullen: it is guaranteed to get out to the outer edge from anywhere
//! inside, but it cannot promise to find a point inside. A walker that comes
//! back to a cell facing the same way with the same count is in a cycle: it
//! says so ("no path found by this method") instead of walking forever.
//! Turns are measured by the shape's geometry (quarter turns on squares,
//! sixths on hexagons, any angle on rings). In 3D and 4D a move to another
//! level turns nothing: the hand stays on the wall through it (the side
//! order runs on from the level's four sides to up and down), and the
//! walker lets go only after a move on a level.

use super::{CellMarks, Outcome, Solve, Trail};
use crate::grid::Grid;
use crate::record::Record;
use crate::shape::geometry::Point;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;
use std::collections::HashSet;
use std::f64::consts::{PI, TAU};

#[derive(Clone)]
pub struct Pledge {
    grid: Grid,
    goal: Cell,
    at: Cell,
    /// The chosen direction, as an angle on screen (y down).
    preferred: f64,
    /// The direction of the last move.
    heading: f64,
    /// Following a wall: the side entered by and the turns added up.
    following: Option<(usize, f64)>,
    seen: HashSet<(Cell, usize, i64)>,
    points: Vec<Point>,
    starts: Vec<usize>,
    angles: Vec<f64>,
    trail: Trail,
    marks: CellMarks,
    outcome: Outcome,
    started: bool,
    /// Moves made, and the most it may make: a walker circling the outer
    /// wall adds a full turn each lap and never repeats its state exactly.
    moves: u64,
    max_moves: u64,
}

/// Angles closer than this are equal (turn sums are sums of floats).
const EPSILON: f64 = 1e-6;

fn normalise(angle: f64) -> f64 {
    let a = angle.rem_euclid(TAU);
    if a > PI {
        a - TAU
    } else {
        a
    }
}

impl Pledge {
    pub fn boxed(grid: Grid, start: Cell, goal: Cell) -> Box<dyn Solve> {
        let shape = grid.shape();
        let (s, g) = (shape.centre(start), shape.centre(goal));
        let preferred = (g.1 - s.1).atan2(g.0 - s.0);
        let max_moves = 16 * u64::from(shape.cells()) + 1000;
        Box::new(Pledge {
            marks: CellMarks::new(grid.cells()),
            trail: Trail::new(grid.cells()),
            grid,
            goal,
            at: start,
            preferred,
            heading: preferred,
            following: None,
            seen: HashSet::new(),
            points: Vec::new(),
            starts: Vec::new(),
            angles: Vec::new(),
            outcome: Outcome::Searching,
            started: false,
            moves: 0,
            max_moves,
        })
    }

    /// The direction out of `cell` through each of its sides, in the
    /// `angles` buffer lent out for the step (`step_with` hands it back), so
    /// a step allocates nothing.
    fn side_angles(&mut self, cell: Cell) -> Vec<f64> {
        let shape = self.grid.shape();
        shape.outline(cell, &mut self.points, &mut self.starts);
        let (cx, cy) = shape.centre(cell);
        let mut angles = std::mem::take(&mut self.angles);
        angles.clear();
        angles.extend((0..self.starts.len()).map(|k| {
            let a = self.points[self.starts[k]];
            let b = self.points[*self.starts.get(k + 1).unwrap_or(&0) % self.points.len()];
            ((a.1 + b.1) / 2.0 - cy).atan2((a.0 + b.0) / 2.0 - cx)
        }));
        // Sides to other levels keep the heading.
        let sides = shape.sides(cell).len();
        angles.extend((self.starts.len()..sides).map(|_| self.heading));
        angles
    }

    /// Moves through side `k` of the current cell; returns the side of the
    /// new cell it entered by.
    fn go<R: Record>(&mut self, k: usize, angle: f64, out: &mut R) -> usize {
        let (next, back) = self
            .grid
            .through(self.at, k)
            .expect("an open side leads on");
        self.heading = angle;
        self.at = next;
        self.trail.step_to(next, &mut self.marks, out);
        back
    }

    /// Whether side `k` leads on (a tunnel does too).
    fn open(&self, k: usize) -> bool {
        self.grid.through(self.at, k).is_some()
    }
}

impl Stepper for Pledge {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            self.trail.step_to(self.at, &mut self.marks, out);
        }
        if self.at == self.goal {
            out.phase(4);
            let path = self.trail.cells().to_vec();
            self.outcome = self.marks.found(out, path);
            return false;
        }
        self.moves += 1;
        if self.moves > self.max_moves {
            self.outcome = Outcome::NotFound(format!(
                "no path found by this method: the Pledge walker gave up after {} moves",
                self.max_moves
            ));
            return false;
        }
        let angles = self.side_angles(self.at);
        let k = angles.len();
        let drawn = self.starts.len();
        match self.following {
            None => {
                // The side facing the chosen direction best.
                let ahead = (0..drawn)
                    .min_by(|&a, &b| {
                        normalise(angles[a] - self.preferred)
                            .abs()
                            .total_cmp(&normalise(angles[b] - self.preferred).abs())
                    })
                    .expect("a cell has sides");
                if self.open(ahead) {
                    out.phase(1);
                    self.go(ahead, self.preferred, out);
                } else {
                    // A wall ahead: take it on the left hand, turns at zero.
                    out.phase(2);
                    self.following = Some((ahead, 0.0));
                    self.heading = self.preferred;
                }
            }
            Some((back, turned)) => {
                if let Some(exit) = (1..=k).map(|j| (back + j) % k).find(|&i| self.open(i)) {
                    let angle = angles[exit];
                    let turned = turned + normalise(angle - self.heading);
                    let state = (self.at, exit, (turned * 1e6).round() as i64);
                    if !self.seen.insert(state) {
                        self.outcome = Outcome::NotFound(
                            "no path found by this method: the Pledge walker came back to a wall it had \
                             followed, facing the same way with the same count"
                                .into(),
                        );
                        return false;
                    }
                    let entered = self.go(exit, angle, out);
                    self.following = if turned.abs() < EPSILON && exit < drawn {
                        // Facing the chosen direction again: let go.
                        out.phase(3);
                        None
                    } else {
                        out.phase(2);
                        Some((entered, turned))
                    };
                } else {
                    self.outcome = Outcome::NotFound("the start has no opening".into());
                    return false;
                }
            }
        }
        self.angles = angles;
        true
    }
}

impl Solve for Pledge {
    fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}
