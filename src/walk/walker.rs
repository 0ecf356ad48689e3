//! The walker: the cell it stands in, the way it faces, its moves and its
//! trail. Its state changes at once when a key is pressed (what the tests
//! and the page's `#walk` attributes read); the eye then glides there over
//! a few frames (`Motion`), which is only the picture.
//!
//! Facing is an angle, so the mouse can look anywhere; "forward" goes
//! through the side of the cell the walker faces most nearly, and turning
//! faces the next side round, so a hexagon turns by sixths and a square by
//! quarters. A step goes through a side only where `Grid::through` says
//! the maze is open: walls are never crossed, and a weave's tunnel leads
//! under the bridge to the cell beyond.

use super::ground::Ground;
use super::images::Image;
use crate::grid::Grid;
use crate::shape::geometry::Point;
use crate::shape::{Cell, Topology};
use std::f64::consts::{PI, TAU};

/// How long the eye takes to glide one cell, to turn, and to climb a level.
pub const MOVE_MS: f64 = 170.0;
/// How long a turn takes.
pub const TURN_MS: f64 = 130.0;
/// How long a climb takes.
pub const CLIMB_MS: f64 = 380.0;
/// How high a weave's bridge deck stands (a tunnel runs under it).
pub const BRIDGE_H: f64 = 0.62;

/// What a command did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Moved to a cell; `back` when that retraced the trail's last step.
    Moved {
        /// The cell reached.
        to: Cell,
        /// Whether the move stepped back along the trail.
        back: bool,
    },
    /// Turned to face another side.
    Turned,
    /// A wall (or no level that way): nothing moved.
    Wall,
}

/// Where the eye is: over a point, the floor's altitude under it, facing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eye {
    /// The point below the eye, in maze units.
    pub at: Point,
    /// The altitude of the floor below the eye.
    pub alt: f64,
    /// The way the eye faces (radians, y down: 0 east).
    pub yaw: f64,
}

/// The eye gliding from one place to the next.
#[derive(Clone, Debug)]
struct Motion {
    /// The cell whose frame `from` and `to` are in.
    origin: Cell,
    from: Eye,
    to: Eye,
    /// Done so far, in milliseconds, of `ms`.
    done: f64,
    ms: f64,
}

/// Someone walking a maze.
#[derive(Clone, Debug)]
pub struct Walker {
    /// The cell stood in.
    pub cell: Cell,
    /// The way faced (radians, y down: 0 east).
    pub yaw: f64,
    /// Moves made.
    pub moves: u32,
    /// The cells from the start to here, stepping back retracting it.
    pub trail: Vec<Cell>,
    /// The cell to reach.
    pub goal: Cell,
    motion: Option<Motion>,
    angles: Vec<(usize, f64)>,
}

impl Walker {
    /// A walker at `start`, facing its first open side, or where none is
    /// (a maze not yet carved) the side toward the middle of the maze.
    pub fn new(ground: &Ground, grid: &Grid, start: Cell, goal: Cell) -> Walker {
        let mut w = Walker {
            cell: start,
            yaw: 0.0,
            moves: 0,
            trail: vec![start],
            goal,
            motion: None,
            angles: Vec::new(),
        };
        ground.side_angles(start, &mut w.angles);
        let open = w
            .angles
            .iter()
            .find(|&&(k, _)| grid.through(start, k).is_some());
        let (c, m) = (ground.centre(start), ground.middle());
        let inward = (m.1 - c.1).atan2(m.0 - c.0);
        w.yaw = match open {
            Some(&(_, a)) => a,
            None => w.side_toward(ground, inward).map_or(0.0, |(_, a)| a),
        };
        w
    }

    /// Where the way on is when no side of the floor is open, only the
    /// level above (`Some(true)`) or below (`Some(false)`): the eye then
    /// looks that way, not at a wall. `None` when a side is open, or none
    /// at all is.
    pub fn only_way_is_vertical(&self, ground: &Ground, grid: &Grid) -> Option<bool> {
        let level = ground.level_sides(self.cell);
        let sides = grid.shape().sides(self.cell).as_slice().len();
        if (0..level.min(sides)).any(|k| grid.through(self.cell, k).is_some()) {
            return None;
        }
        let open = |k: usize| k < sides && grid.through(self.cell, k).is_some();
        if open(level) {
            Some(true)
        } else if open(level + 1) {
            Some(false)
        } else {
            None
        }
    }

    /// This walker's eye at `cell`, settled, facing as it faces: what the
    /// view follows while a maze still carves (`cell` the carving's
    /// current cell), the walker itself staying where it stands.
    pub fn watching(&self, cell: Cell) -> Walker {
        Walker {
            cell,
            motion: None,
            ..self.clone()
        }
    }

    /// Whether the walker stands on the goal.
    pub fn done(&self) -> bool {
        self.cell == self.goal
    }

    /// The way faced as a compass bearing in whole degrees (0 north, 90 east).
    pub fn bearing(&self) -> u32 {
        ((self.yaw.to_degrees() + 90.0).rem_euclid(360.0).round() as u32) % 360
    }

    /// Whether the eye is still gliding.
    pub fn busy(&self) -> bool {
        self.motion.is_some()
    }

    /// The floor's altitude in a cell: its level's, or a bridge's deck.
    pub fn floor_alt(ground: &Ground, grid: &Grid, cell: Cell) -> f64 {
        let bridge = if grid.tunnel_beneath(cell).is_some() {
            BRIDGE_H
        } else {
            0.0
        };
        ground.altitude(cell) + bridge
    }

    /// The eye at rest in the walker's cell.
    fn rest(&self, ground: &Ground, grid: &Grid) -> Eye {
        Eye {
            at: ground.centre(self.cell),
            alt: Walker::floor_alt(ground, grid, self.cell),
            yaw: self.yaw,
        }
    }

    /// Where the eye is now, and the cell whose frame it is in (the cell
    /// left, until a glide ends; the scene is built around that cell).
    pub fn eye(&self, ground: &Ground, grid: &Grid) -> (Eye, Cell) {
        let Some(m) = &self.motion else {
            return (self.rest(ground, grid), self.cell);
        };
        let t = (m.done / m.ms).clamp(0.0, 1.0);
        let s = t * t * (3.0 - 2.0 * t);
        let lerp = |a: f64, b: f64| a + (b - a) * s;
        let turn = (m.to.yaw - m.from.yaw + PI).rem_euclid(TAU) - PI;
        let eye = Eye {
            at: (lerp(m.from.at.0, m.to.at.0), lerp(m.from.at.1, m.to.at.1)),
            alt: lerp(m.from.alt, m.to.alt),
            yaw: m.from.yaw + turn * s,
        };
        (eye, m.origin)
    }

    /// The cells the scene should be built around: the frame's cell, and
    /// during a climb the cell on the other level too.
    pub fn anchors(&self) -> (Cell, Option<Cell>) {
        match &self.motion {
            Some(m) if m.origin != self.cell && (m.from.alt - m.to.alt).abs() > 0.5 => {
                (m.origin, Some(self.cell))
            }
            Some(m) => (m.origin, None),
            None => (self.cell, None),
        }
    }

    /// Moves the glide on by `ms` milliseconds.
    pub fn advance(&mut self, ms: f64) {
        if let Some(m) = &mut self.motion {
            m.done += ms.max(0.0);
            if m.done >= m.ms {
                self.motion = None;
            }
        }
    }

    /// Ends the glide at once (a new command starts from where it ends).
    pub fn settle(&mut self) {
        self.motion = None;
    }

    /// Looks `by` radians round (the mouse, a drag): facing changes, not
    /// the cell.
    pub fn look(&mut self, by: f64) {
        self.settle();
        self.yaw = (self.yaw + by).rem_euclid(TAU);
    }

    /// The side of the cell nearest the way `yaw` faces.
    fn side_toward(&mut self, ground: &Ground, yaw: f64) -> Option<(usize, f64)> {
        ground.side_angles(self.cell, &mut self.angles);
        let off = |a: f64| ((a - yaw + PI).rem_euclid(TAU) - PI).abs();
        self.angles
            .iter()
            .copied()
            .min_by(|x, y| off(x.1).total_cmp(&off(y.1)))
    }

    /// The side faced (the one "forward" would go through).
    pub fn facing_side(&mut self, ground: &Ground) -> Option<usize> {
        self.side_toward(ground, self.yaw).map(|(k, _)| k)
    }

    /// Turns to face the next side clockwise (`dir` 1, as seen from above)
    /// or anticlockwise (-1).
    pub fn turn(&mut self, ground: &Ground, grid: &Grid, dir: i32) -> Step {
        let from = self.eye(ground, grid).0;
        self.settle();
        ground.side_angles(self.cell, &mut self.angles);
        let ahead = |a: f64| {
            let d = if dir >= 0 { a - self.yaw } else { self.yaw - a };
            d.rem_euclid(TAU)
        };
        let next = self
            .angles
            .iter()
            .map(|&(_, a)| a)
            .filter(|&a| ahead(a) > 1e-6)
            .min_by(|&x, &y| ahead(x).total_cmp(&ahead(y)));
        let Some(yaw) = next else {
            return Step::Wall;
        };
        self.yaw = yaw.rem_euclid(TAU);
        let to = Eye { yaw, ..from };
        self.glide(self.cell, from, to, TURN_MS);
        Step::Turned
    }

    /// Steps through the side faced.
    pub fn forward(&mut self, ground: &Ground, grid: &Grid) -> Step {
        self.settle();
        match self.side_toward(ground, self.yaw) {
            Some((k, _)) => self.go(ground, grid, k, self.yaw),
            None => Step::Wall,
        }
    }

    /// Steps back through the side behind, still facing the same way.
    pub fn back(&mut self, ground: &Ground, grid: &Grid) -> Step {
        self.settle();
        match self.side_toward(ground, self.yaw + PI) {
            Some((k, _)) => self.go(ground, grid, k, self.yaw),
            None => Step::Wall,
        }
    }

    /// Climbs to the level above (`up`) or below, where a ladder leads.
    pub fn climb(&mut self, ground: &Ground, grid: &Grid, up: bool) -> Step {
        self.settle();
        let k = ground.level_sides(self.cell) + if up { 0 } else { 1 };
        if ground.level_sides(self.cell) >= grid.shape().sides(self.cell).as_slice().len() {
            return Step::Wall;
        }
        self.go(ground, grid, k, self.yaw)
    }

    /// One step toward `next`, an open neighbour (or a tunnel's far end):
    /// turning to face it on the way. What autopilot walks with.
    pub fn step_to(&mut self, ground: &Ground, grid: &Grid, next: Cell) -> Step {
        self.settle();
        let sides = grid.shape().sides(self.cell).as_slice().len();
        let Some(k) = (0..sides).find(|&k| grid.through(self.cell, k).map(|t| t.0) == Some(next))
        else {
            return Step::Wall;
        };
        let yaw = if k < ground.level_sides(self.cell) {
            ground.side_angles(self.cell, &mut self.angles);
            self.angles
                .iter()
                .find(|&&(s, _)| s == k)
                .map_or(self.yaw, |&(_, a)| a)
        } else {
            self.yaw
        };
        self.go(ground, grid, k, yaw)
    }

    /// Goes through side `k` if it is open, ending facing `yaw`.
    fn go(&mut self, ground: &Ground, grid: &Grid, k: usize, yaw: f64) -> Step {
        let Some((next, _)) = grid.through(self.cell, k) else {
            return Step::Wall;
        };
        let from = self.rest(ground, grid);
        let c = from.at;
        // The copy of `next` that stands beside this cell (across a seam,
        // a copy of the maze): guessed as far past the side as the centre
        // is before it.
        let image = if ground.images.any() && k < ground.level_sides(self.cell) {
            let (mut points, mut starts) = (Vec::new(), Vec::new());
            ground.outline(self.cell, &mut points, &mut starts);
            let (a, b) = super::ground::side_ends(&points, &starts, k);
            let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let guess = (2.0 * m.0 - c.0, 2.0 * m.1 - c.1);
            ground
                .images
                .nearest(Image::default(), ground.centre(next), guess)
        } else {
            Image::default()
        };
        let to = Eye {
            at: ground.images.apply(image, ground.centre(next)),
            alt: Walker::floor_alt(ground, grid, next),
            yaw,
        };
        let ms = if (to.alt - from.alt).abs() > 0.9 {
            CLIMB_MS
        } else {
            MOVE_MS
        };
        let origin = self.cell;
        self.glide(origin, from, to, ms);
        self.cell = next;
        self.yaw = ground.images.angle(image, yaw).rem_euclid(TAU);
        self.moves += 1;
        let back = self.trail.len() >= 2 && self.trail[self.trail.len() - 2] == next;
        if back {
            self.trail.pop();
        } else {
            self.trail.push(next);
        }
        Step::Moved { to: next, back }
    }

    fn glide(&mut self, origin: Cell, from: Eye, to: Eye, ms: f64) {
        self.motion = Some(Motion {
            origin,
            from,
            to,
            done: 0.0,
            ms,
        });
    }
}
