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

use super::union_find::UnionFind;
use super::{Params, Step};
use crate::event::Emit;
use crate::rng::Rng;
use crate::shape::Topology;

const NONE: u32 = u32::MAX;

#[derive(Clone)]
pub struct Boruvka<S: Topology> {
    shape: S,
    salt: u64,
    sets: UnionFind,
    trees: u32,
    /// Per tree root, its lightest wall to another tree this round.
    lightest: Vec<u32>,
    /// This round's chosen walls, and how many are opened.
    chosen: Vec<u32>,
    at: usize,
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

/// Borůvka on the params' shape.
pub fn boxed(params: &Params) -> Box<dyn Step> {
    super::on_shape!(params, shape => Box::new(Boruvka::new(shape, params)))
}

impl<S: Topology> Boruvka<S> {
    fn new(shape: S, params: &Params) -> Boruvka<S> {
        let cells = shape.cells() as usize;
        Boruvka {
            salt: Rng::new(params.seed).next_u64(),
            sets: UnionFind::new(cells),
            trees: shape.live_cells(),
            lightest: vec![NONE; cells],
            chosen: Vec::new(),
            at: 0,
            shape,
        }
    }

    /// Finds every tree's lightest outgoing wall: one pass over the walls.
    fn plan_round(&mut self) {
        let Boruvka {
            shape,
            salt,
            sets,
            lightest,
            ..
        } = self;
        shape.for_each_wall_code(|wall| {
            let (a, b) = shape.wall_cells(wall);
            let (ra, rb) = (sets.find(a), sets.find(b));
            if ra == rb {
                return;
            }
            for root in [ra, rb] {
                let best = lightest[root as usize];
                if best == NONE || weight(*salt, wall) < weight(*salt, best) {
                    lightest[root as usize] = wall;
                }
            }
        });
        self.chosen.clear();
        for cell in 0..self.shape.cells() {
            let wall = std::mem::replace(&mut self.lightest[cell as usize], NONE);
            if wall != NONE {
                self.chosen.push(wall);
            }
        }
        self.at = 0;
    }
}

impl<S: Topology> Step for Boruvka<S> {
    fn step_one(&mut self, out: &mut Emit) -> bool {
        if self.at == 0 && self.chosen.is_empty() {
            out.phase(1);
        }
        while self.trees > 1 {
            if self.at == self.chosen.len() {
                if !self.chosen.is_empty() {
                    // Another round: step 3.
                    out.phase(3);
                }
                self.plan_round();
                if self.chosen.is_empty() {
                    return false;
                }
            }
            let wall = self.chosen[self.at];
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
