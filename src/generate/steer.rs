//! Steering a generator's random choices (Pullen's Daedalus texture
//! controls): the *run*, how strongly a carving walk keeps its direction,
//! and the *grain*, a preference for east-west or north-south openings.
//!
//! Where a generator draws a neighbour of the cell it stands on (the
//! backtracker, the growing tree, hunt-and-kill, Aldous-Broder, Wilson's
//! walk, Prim's pick and the others that call `neighbor`), a steered draw
//! goes:
//!
//! 1. **Run P%**: if the side straight ahead (opposite the side the walk
//!    came in by) is one it may take, take it with probability P%.
//! 2. **Grain axis:P%**: otherwise draw among the sides it may take, each
//!    side along the east-west axis weighted P (for `h`) or 100 - P (for
//!    `v`), each other side the rest: at 50 every side weighs the same.
//!
//! For the generators that order walls instead (Kruskal, true Prim,
//! Boruvka, reverse-delete), a wall against the grain is sent to the back
//! of the order with probability 1 - (light weight / heavy weight); see
//! `Steering::defer`.
//!
//! A run of 0 and a grain of 50 are no steering at all: the generators
//! then draw exactly as they always did (`Steering::of` gives `None`), so
//! every seed keeps its maze. Long runs give long straight corridors
//! (fewer turns, longer dead ends); a strong grain gives a maze of
//! horizontal (or vertical) corridors, `horizontal_pct` following it.

use super::Params;
use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{pick_in_mask, Cell, Shape, Topology, Walker};

/// Which openings the grain prefers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Axis {
    /// East-west openings (`h`): horizontal corridors.
    #[default]
    Horizontal,
    /// North-south openings (`v`): vertical corridors.
    Vertical,
}

/// A direction bias: `percent`% of the choices prefer `axis`; 50 is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grain {
    /// The axis preferred.
    pub axis: Axis,
    /// How strongly, 0 to 100 (50: no bias; 0 prefers the other axis).
    pub percent: u8,
}

impl Default for Grain {
    fn default() -> Grain {
        Grain {
            axis: Axis::Horizontal,
            percent: 50,
        }
    }
}

impl Grain {
    /// Reads `h:P` or `v:P` (P from 0 to 100).
    pub fn parse(text: &str) -> Result<Grain, MazeError> {
        let bad = || {
            MazeError::BadValue {
            what: "grain",
            given: text.to_string(),
            valid: "h:P or v:P, P from 0 to 100 (h:90 prefers east-west openings nine times in ten; 50 is no bias)".into(),
        }
        };
        let (axis, percent) = text.trim().split_once(':').ok_or_else(bad)?;
        let axis = match axis.trim() {
            "h" | "H" => Axis::Horizontal,
            "v" | "V" => Axis::Vertical,
            _ => return Err(bad()),
        };
        let percent: u8 = percent.trim().parse().map_err(|_| bad())?;
        if percent > 100 {
            return Err(bad());
        }
        Ok(Grain { axis, percent })
    }

    /// Whether it biases nothing.
    pub fn is_neutral(&self) -> bool {
        self.percent == 50
    }

    /// The weights of an east-west side and of any other side. Neither is
    /// ever 0: a random walk steered at 100 could otherwise never leave
    /// its row, and Aldous-Broder or Wilson would never finish.
    fn weights(&self) -> (u32, u32) {
        let p = u32::from(self.percent);
        let (along, across) = match self.axis {
            Axis::Horizontal => (p, 100 - p),
            Axis::Vertical => (100 - p, p),
        };
        (along.max(1), across.max(1))
    }

    /// The grain as a link and the CLI write it, `h:90`.
    pub fn to_text(&self) -> String {
        let axis = match self.axis {
            Axis::Horizontal => 'h',
            Axis::Vertical => 'v',
        };
        format!("{axis}:{}", self.percent)
    }
}

impl std::fmt::Display for Grain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// The texture controls a generator's choices read: run and grain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Steer {
    /// The chance (0 to 100) a walk carries straight on when it can.
    pub run: u8,
    /// The direction bias.
    pub grain: Grain,
}

impl Steer {
    /// Whether it steers nothing (every seed keeps its maze).
    pub fn is_neutral(&self) -> bool {
        self.run == 0 && self.grain.is_neutral()
    }

    /// Refuses a run over 100.
    pub fn check_run(run: u32) -> Result<u8, MazeError> {
        u8::try_from(run)
            .ok()
            .filter(|&r| r <= 100)
            .ok_or_else(|| MazeError::BadValue {
                what: "run",
                given: run.to_string(),
                valid: "0 to 100 (the chance a walk carries straight on)".into(),
            })
    }
}

/// An algorithm's `steers` bit: the run steers it.
pub const RUN: u8 = 1;
/// An algorithm's `steers` bit: the grain steers it.
pub const GRAIN: u8 = 2;

/// Whether `steer` can steer `algorithm` on `shape`: the algorithm must
/// take the control (`Algorithm::steers`), and the shape must have
/// opposite sides for a run and an east-west axis for a grain (every
/// shape but rings and triangles).
pub fn check(algorithm: &super::Algorithm, steer: &Steer, shape: &Shape) -> Result<(), MazeError> {
    let asks = [
        (RUN, steer.run > 0, format!("--run {}", steer.run)),
        (
            GRAIN,
            !steer.grain.is_neutral(),
            format!("--grain {}", steer.grain),
        ),
    ];
    for (control, asked, given) in asks {
        if !asked {
            continue;
        }
        if algorithm.steers & control == 0 {
            let takers: Vec<&str> = super::ALGORITHMS
                .iter()
                .filter(|a| a.steers & control != 0)
                .map(|a| a.name)
                .collect();
            return Err(MazeError::BadValue {
                what: "algorithm for this texture control",
                given: format!("{given} with {}", algorithm.name),
                valid: takers.join(", "),
            });
        }
        if shape.opposite_side(4, 0).is_none() {
            return Err(MazeError::BadValue {
                what: "shape for run and grain",
                given: format!("{given} on a {} maze", shape.name()),
                valid: "square, hex, 3d, 4d, cube or upsilon (rings and triangles have no side straight ahead, nor an east-west axis)".into(),
            });
        }
    }
    Ok(())
}

/// What of `steer` steers `algorithm` on `shape`: the controls it takes,
/// on a shape that has them, the rest neutral (a page keeps the setting
/// while a panel whose algorithm cannot take it runs unsteered).
pub fn for_algorithm(steer: Steer, algorithm: &super::Algorithm, shape: &Shape) -> Steer {
    if shape.opposite_side(4, 0).is_none() {
        return Steer::default();
    }
    Steer {
        run: if algorithm.steers & RUN != 0 {
            steer.run
        } else {
            0
        },
        grain: if algorithm.steers & GRAIN != 0 {
            steer.grain
        } else {
            Grain::default()
        },
    }
}

/// Most sides a cell has (4D).
const MAX_SIDES: usize = 8;
/// No side: the table's mark where a side has no opposite.
const NONE: u8 = u8::MAX;

/// A generator's steering at run time: the controls, and per count of
/// sides the side opposite each side and the east-west sides.
#[derive(Clone, Debug)]
pub struct Steering {
    run: u32,
    /// The grain's weights: an east-west side's and any other's.
    along: u32,
    across: u32,
    opposite: [[u8; MAX_SIDES]; MAX_SIDES + 1],
    east_west: [u32; MAX_SIDES + 1],
    /// The cell each cell was carved from, for generators that leave a
    /// cell and come back to it (growing tree, Prim): kept when the run
    /// is on.
    came: Vec<Cell>,
}

impl Steering {
    /// The params' steering, or `None` when it steers nothing.
    pub fn of(params: &Params) -> Option<Box<Steering>> {
        let steer = params.steer;
        if steer.is_neutral() {
            return None;
        }
        let shape = &params.shape;
        let mut opposite = [[NONE; MAX_SIDES]; MAX_SIDES + 1];
        let mut east_west = [0u32; MAX_SIDES + 1];
        for n in 1..=MAX_SIDES {
            for (k, o) in opposite[n].iter_mut().enumerate().take(n) {
                *o = shape.opposite_side(n, k).map_or(NONE, |o| o as u8);
            }
            if let Some(east) = shape.east_side(n).filter(|&e| e < n) {
                east_west[n] = 1 << east;
                if let Some(west) = shape.opposite_side(n, east).filter(|&w| w < n) {
                    east_west[n] |= 1 << west;
                }
            }
        }
        let (along, across) = steer.grain.weights();
        let came = if steer.run > 0 {
            vec![Cell::MAX; params.shape.cells() as usize]
        } else {
            Vec::new()
        };
        Some(Box::new(Steering {
            run: u32::from(steer.run),
            along,
            across,
            opposite,
            east_west,
            came,
        }))
    }

    /// Notes that `cell` was carved from `from` (with the run on).
    #[inline]
    pub fn carved(&mut self, from: Cell, cell: Cell) {
        if let Some(c) = self.came.get_mut(cell as usize) {
            *c = from;
        }
    }

    /// The cell `cell` was carved from, if noted.
    #[inline]
    pub fn came_from(&self, cell: Cell) -> Option<Cell> {
        self.came
            .get(cell as usize)
            .copied()
            .filter(|&c| c != Cell::MAX)
    }

    /// A wanted neighbour of `cell` drawn with the run (straight on from
    /// `from`) and the grain; `None` when none is wanted.
    pub fn pick<S: Topology>(
        &self,
        shape: &S,
        cell: Cell,
        from: Option<Cell>,
        rng: &mut Rng,
        mut want: impl FnMut(Cell) -> bool,
    ) -> Option<Cell> {
        let list = shape.side_cells(cell);
        let sides = list.as_ref();
        let mut mask = 0u32;
        let mut back = None;
        for (k, side) in sides.iter().enumerate() {
            if let Some(c) = *side {
                if Some(c) == from {
                    back = Some(k);
                }
                if want(c) {
                    mask |= 1 << k;
                }
            }
        }
        if mask == 0 {
            return None;
        }
        let n = sides.len().min(MAX_SIDES);
        if self.run > 0 {
            if let Some(back) = back.filter(|&b| b < n) {
                let ahead = self.opposite[n][back];
                if ahead != NONE && mask & (1 << ahead) != 0 && rng.below(100) < self.run {
                    return sides[ahead as usize];
                }
            }
        }
        sides[self.by_grain(mask, n, rng)?]
    }

    /// A wanted neighbour of `cell` to link `cell` to (Prim's pick, the
    /// walk seen from its far end): with the run, one whose own passage
    /// carries straight on into `cell`; otherwise drawn along the grain.
    pub fn pick_into<S: Topology>(
        &self,
        shape: &S,
        cell: Cell,
        rng: &mut Rng,
        mut want: impl FnMut(Cell) -> bool,
    ) -> Option<Cell> {
        let list = shape.side_cells(cell);
        let sides = list.as_ref();
        let (mut mask, mut straight) = (0u32, 0u32);
        for (k, side) in sides.iter().enumerate().take(MAX_SIDES) {
            let Some(m) = *side else { continue };
            if !want(m) {
                continue;
            }
            mask |= 1 << k;
            if self.run > 0
                && self
                    .came_from(m)
                    .is_some_and(|p| self.in_line(shape, p, m, cell))
            {
                straight |= 1 << k;
            }
        }
        if mask == 0 {
            return None;
        }
        if straight != 0 && rng.below(100) < self.run {
            return sides[pick_in_mask(straight, rng)?];
        }
        sides[self.by_grain(mask, sides.len().min(MAX_SIDES), rng)?]
    }

    /// Whether `a`, `b`, `c` run straight through `b`.
    fn in_line<S: Topology>(&self, shape: &S, a: Cell, b: Cell, c: Cell) -> bool {
        let list = shape.side_cells(b);
        let sides = list.as_ref();
        let n = sides.len().min(MAX_SIDES);
        let Some(k) = sides.iter().take(n).position(|&s| s == Some(c)) else {
            return false;
        };
        let o = self.opposite[n][k];
        o != NONE && sides[o as usize] == Some(a)
    }

    /// A side of `mask` drawn by the grain's weights.
    fn by_grain(&self, mask: u32, sides: usize, rng: &mut Rng) -> Option<usize> {
        if self.along == self.across {
            return pick_in_mask(mask, rng);
        }
        let along = mask & self.east_west[sides];
        let across = mask & !self.east_west[sides];
        let along_weight = along.count_ones() * self.along;
        let total = along_weight + across.count_ones() * self.across;
        if rng.below(total) < along_weight {
            pick_in_mask(along, rng)
        } else {
            pick_in_mask(across, rng)
        }
    }

    /// A random walk's step from `walker`, straight on from `from` as the
    /// run says and along the grain.
    pub fn walk<S: Topology>(
        &self,
        shape: &S,
        walker: &mut Walker,
        from: Option<Cell>,
        rng: &mut Rng,
    ) {
        // A walk that always carried straight on could go round a wrapped
        // row for ever: it keeps a chance in a hundred to turn.
        let from = from.filter(|_| self.run < 100 || rng.below(100) != 0);
        let next = self
            .pick(shape, walker.cell, from, rng, |_| true)
            .expect("a walk's cell has a neighbour");
        *walker = shape.walker(next);
    }

    /// The grain's weight of the wall between `a` and `b` and the other
    /// axis's: (its own, the other's); `None` when they are not neighbours.
    fn wall_weights<S: Topology>(&self, shape: &S, a: Cell, b: Cell) -> Option<(u32, u32)> {
        let list = shape.side_cells(a);
        let sides = list.as_ref();
        let k = sides.iter().position(|&s| s == Some(b))?;
        let along = self.east_west[sides.len().min(MAX_SIDES)] & (1 << k) != 0;
        Some(if along {
            (self.along, self.across)
        } else {
            (self.across, self.along)
        })
    }

    /// Whether a wall ordering should send the wall between `a` and `b`
    /// to the back: a wall against the grain goes back with probability
    /// 1 - light / heavy, so the walls along it come first in proportion.
    pub fn defer<S: Topology>(&self, shape: &S, a: Cell, b: Cell, rng: &mut Rng) -> bool {
        if self.along == self.across {
            return false;
        }
        self.wall_weights(shape, a, b)
            .is_some_and(|(mine, other)| mine < other && rng.below(other) >= mine)
    }

    /// `weigh` for a 64-bit weight (a hash), saturating at the top.
    pub fn weigh_u64<S: Topology>(&self, shape: &S, a: Cell, b: Cell, weight: u64) -> u64 {
        match self.wall_weights(shape, a, b) {
            Some((mine, other)) if mine < other => {
                let scaled = u128::from(weight) * u128::from(other) / u128::from(mine);
                u64::try_from(scaled).unwrap_or(u64::MAX)
            }
            _ => weight,
        }
    }

    /// A wall's random `weight` (0 to `max`, lightest opened first) made
    /// heavier against the grain: multiplied by heavy / light, so the
    /// walls along the grain come first in proportion.
    pub fn weigh<S: Topology>(&self, shape: &S, a: Cell, b: Cell, weight: u32, max: u32) -> u32 {
        match self.wall_weights(shape, a, b) {
            Some((mine, other)) if mine < other => (weight * other / mine).min(max),
            _ => weight,
        }
    }
}

/// A neighbour of `cell` for which `want` holds: drawn as the shape always
/// draws when nothing steers, else by the steering (`from` is only asked
/// for then).
#[inline(always)]
pub fn neighbor<S: Topology>(
    steering: &Option<Box<Steering>>,
    shape: &S,
    cell: Cell,
    from: impl FnOnce() -> Option<Cell>,
    rng: &mut Rng,
    want: impl FnMut(Cell) -> bool,
) -> Option<Cell> {
    match steering {
        None => shape.random_neighbor(cell, rng, want),
        Some(s) => s.pick(shape, cell, from(), rng, want),
    }
}

/// A random walk's step: as always when nothing steers, else steered.
#[inline(always)]
pub fn walk<S: Topology>(
    steering: &Option<Box<Steering>>,
    shape: &S,
    walker: &mut Walker,
    from: impl FnOnce() -> Option<Cell>,
    rng: &mut Rng,
) {
    match steering {
        None => shape.step_random(walker, rng),
        Some(s) => s.walk(shape, walker, from(), rng),
    }
}
