//! Borůvka's algorithm with random weights.
//!
//! 1. Give every wall a random weight (a hash of the seed and the wall).
//! 2. A round: for every tree (at first every cell alone), find its
//!    lightest wall to another tree; open all of those walls that still
//!    join two different trees (union-find).
//! 3. Repeat rounds until one tree is left: each round at least halves the
//!    number of trees, so there are at most log2(cells) rounds.
//!
//! It builds the same minimum spanning tree Kruskal and Prim would for the
//! same weights, but grows it everywhere at once in a few big rounds: on
//! screen the first round pairs cells up all over, later rounds join ever
//! larger pieces. The texture is Kruskal's: many short dead ends.
//!
//! With a grain (`steer.rs`), a wall across it weighs more (its weight
//! scaled by the grain's ratio), so the walls along it are lighter.

use super::Params;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Topology;
use crate::stream::Stepper;
use crate::union_find::UnionFind;

const NONE: u32 = u32::MAX;

#[derive(Clone)]
pub struct Boruvka<S: Topology> {
    shape: S,
    salt: u64,
    sets: UnionFind,
    trees: u32,
    /// Per tree root, its lightest wall to another tree this round (the
    /// round then opens them in the order of their roots), and the top 32
    /// bits of that wall's weight: most comparisons are settled by them,
    /// without hashing the best wall again (hashing is much of a build).
    /// Side by side, one cache line holds both. Eight
    /// bytes a cell, no more than the list of chosen walls it replaces and
    /// the walls' codes cost.
    lightest: Vec<(u32, u32)>,
    /// The next root whose wall the round opens (`cells` once done).
    at: usize,
    /// Once few walls run between trees, those walls: later rounds look at
    /// them alone (a wall inside a tree stays inside), where a round near
    /// the end, with a few hundred trees left, went over every wall.
    crossing: Option<Vec<u32>>,
    /// How many walls ran between trees in the last round.
    crossed: usize,
    started: bool,
    /// The grain, if any.
    steering: Option<Box<super::steer::Steering>>,
}

/// A wall's weight (a hash of the seed's salt and the wall), with its code
/// breaking ties: all distinct, so the spanning tree is unique.
#[inline]
fn weight(salt: u64, wall: u32) -> (u64, u32) {
    let mut z = salt ^ u64::from(wall).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31), wall)
}

/// Weighs each wall that runs between two trees against both trees'
/// lightest so far; returns how many did, and with `KEEP` moves them to
/// the front of `walls` (the rounds' list of walls between trees).
#[inline(always)]
fn weigh_walls<S: Topology, const KEEP: bool>(
    shape: &S,
    sets: &mut UnionFind,
    lightest: &mut [(u32, u32)],
    salt: u64,
    weigh: &impl Fn(u64, u32) -> (u64, u32),
    walls: &mut [u32],
) -> usize {
    let mut crossing = 0;
    for i in 0..walls.len() {
        let wall = walls[i];
        let (a, b) = shape.wall_cells(wall);
        let (ra, rb) = (sets.find(a), sets.find(b));
        if ra == rb {
            continue;
        }
        if KEEP {
            walls[crossing] = wall;
        }
        crossing += 1;
        let w = weigh(salt, wall);
        let top = (w.0 >> 32) as u32;
        for root in [ra as usize, rb as usize] {
            let (best, best_top) = lightest[root];
            if best == NONE || top < best_top || (top == best_top && w < weigh(salt, best)) {
                lightest[root] = (wall, top);
            }
        }
    }
    crossing
}

impl<S: Topology> Boruvka<S> {
    pub(super) fn new(shape: S, params: &Params) -> Boruvka<S> {
        let cells = shape.cells() as usize;
        Boruvka {
            salt: Rng::new(params.seed).next_u64(),
            sets: UnionFind::new(cells),
            trees: shape.live_cells(),
            lightest: vec![(NONE, 0); cells],
            at: 0,
            crossing: None,
            crossed: usize::MAX,
            started: false,
            steering: super::steer::Steering::of(params),
            shape,
        }
    }

    /// Finds every tree's lightest outgoing wall: one pass over the walls.
    /// Returns whether there is any (none: the maze is one tree, or the
    /// shape's cells fall apart).
    fn plan_round(&mut self) -> bool {
        match self.steering.take() {
            None => self.plan_with(weight),
            Some(steering) => {
                let shape = self.shape.clone();
                let any = self.plan_with(|salt, wall| {
                    let (a, b) = shape.wall_cells(wall);
                    let (w, code) = weight(salt, wall);
                    (steering.weigh_u64(&shape, a, b, w), code)
                });
                self.steering = Some(steering);
                any
            }
        }
    }

    /// `plan_round` with the walls weighed by `weigh` (the hash, or the
    /// hash steered by the grain: one loop each, no test per wall).
    #[inline(always)]
    fn plan_with(&mut self, weigh: impl Fn(u64, u32) -> (u64, u32)) -> bool {
        let Boruvka {
            shape,
            salt,
            sets,
            lightest,
            crossing,
            crossed,
            ..
        } = self;
        let salt = *salt;
        if let Some(walls) = crossing {
            let kept = weigh_walls::<S, true>(shape, sets, lightest, salt, &weigh, walls);
            walls.truncate(kept);
            *crossed = kept;
        } else {
            // The walls between trees are kept once the last round found
            // at most a quarter as many as cells (a byte a cell at most).
            let collect = *crossed <= shape.cells() as usize / 4;
            let mut list = Vec::with_capacity(if collect { *crossed } else { 0 });
            let mut count = 0;
            // The walls are taken in batches: a shape that lists a cell's
            // walls from several places (four in 4D) calls the visitor
            // from each, and the whole loop was too big to be inlined into
            // four places, a call a wall; a batch's store is not.
            let mut batch = [0u32; 256];
            let mut held = 0;
            let mut take = |walls: &mut [u32]| {
                if collect {
                    let kept = weigh_walls::<S, true>(shape, sets, lightest, salt, &weigh, walls);
                    list.extend_from_slice(&walls[..kept]);
                    count += kept;
                } else {
                    count += weigh_walls::<S, false>(shape, sets, lightest, salt, &weigh, walls);
                }
            };
            shape.for_each_wall_code(|wall| {
                batch[held] = wall;
                held += 1;
                if held == batch.len() {
                    take(&mut batch);
                    held = 0;
                }
            });
            take(&mut batch[..held]);
            if collect {
                *crossing = Some(list);
            }
            *crossed = count;
        }
        let any = *crossed > 0;
        self.at = 0;
        any
    }
}

impl<S: Topology> Stepper for Boruvka<S> {
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            out.phase(1);
            if self.trees > 1 && !self.plan_round() {
                return false;
            }
        }
        while self.trees > 1 {
            let Some(wall) = self.lightest[self.at..]
                .iter()
                .position(|&(w, _)| w != NONE)
                .map(|i| {
                    self.at += i;
                    std::mem::replace(&mut self.lightest[self.at].0, NONE)
                })
            else {
                // Another round: step 3.
                out.phase(3);
                if !self.plan_round() {
                    return false;
                }
                continue;
            };
            self.at += 1;
            let (a, b) = self.shape.wall_cells(wall);
            if self.sets.union(a, b) {
                self.trees -= 1;
                out.phase(2);
                out.cursor(a);
                out.carve(a, b);
                return self.trees > 1;
            }
        }
        false
    }
}
