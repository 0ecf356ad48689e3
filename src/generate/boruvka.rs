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
//!
//! A tree's root is its lowest cell (`UnionFind::union_to_least`), so a
//! round opens its walls in the order of the trees' first cells, and a
//! copy kept by a timeline can drop its sets and rebuild them from the
//! picture with the very same roots. Such a copy keeps only the round's
//! walls not yet opened, and in the first round not even those: each
//! cell's lightest wall is worked out again from its own sides. Resumed,
//! it needs no sets until its next round is planned: the walls a round
//! chooses form a forest (all weights differ), so a chosen wall joins two
//! trees unless another tree chose it too and it is open already, which
//! the picture says.

use super::steer::Steering;
use super::Params;
use crate::grid::Grid;
use crate::keep::{Keep, Shown};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::{Cell, Topology};
use crate::stream::Stepper;
use crate::union_find::UnionFind;

const NONE: u32 = u32::MAX;

#[derive(Clone)]
pub struct Boruvka<S: Topology> {
    shape: S,
    salt: u64,
    /// The trees, each rooted at its lowest cell; empty in a kept copy,
    /// and in a resumed one until its next round is planned.
    sets: UnionFind,
    /// A resumed copy's picture, its own carves added, until its next
    /// round is planned: whether a wall is open, and then its trees.
    picture: Option<Box<Grid>>,
    trees: u32,
    /// Per tree root, its lightest wall to another tree this round (the
    /// round then opens them in the order of their roots), and the top 32
    /// bits of that wall's weight: most comparisons are settled by them,
    /// without hashing the best wall again (hashing is much of a build).
    /// Side by side, one cache line holds both. Eight
    /// bytes a cell, no more than the list of chosen walls it replaces and
    /// the walls' codes cost. Read only while `rest` is `Table`; empty in a
    /// kept copy and made again at the next round.
    lightest: Vec<(u32, u32)>,
    /// The next root whose wall the round opens (`cells` once done).
    at: usize,
    /// Where the round's walls not yet opened are.
    rest: Rest,
    /// Rounds planned so far.
    rounds: u32,
    /// Walls weighed by the rounds so far: the work between events.
    weighed: u64,
    /// Whether this is a kept copy, its sets dropped.
    packed: bool,
    /// Once few walls run between trees, those walls: later rounds look at
    /// them alone (a wall inside a tree stays inside), where a round near
    /// the end, with a few hundred trees left, went over every wall.
    crossing: Option<Vec<u32>>,
    /// How many walls ran between trees in the last round.
    crossed: usize,
    started: bool,
    /// The grain, if any.
    steering: Option<Box<Steering>>,
}

/// Where a round's walls not yet opened are kept.
#[derive(Clone)]
enum Rest {
    /// In `lightest`, from root `at` on: the running copy's.
    Table,
    /// Nowhere: in the first round every cell is a tree of its own, so
    /// root `at`'s wall is its own lightest, worked out from its sides.
    FirstRound,
    /// In a list of their own, in the order they open: a kept copy's,
    /// from index `at` on.
    List(Vec<u32>),
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

/// A wall's weight scaled by the grain: heavier across it.
#[inline]
fn steered<S: Topology>(shape: &S, steering: &Steering, salt: u64, wall: u32) -> (u64, u32) {
    let (a, b) = shape.wall_cells(wall);
    let (w, code) = weight(salt, wall);
    (steering.weigh_u64(shape, a, b, w), code)
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
            picture: None,
            trees: shape.live_cells(),
            lightest: vec![(NONE, 0); cells],
            at: 0,
            rest: Rest::Table,
            rounds: 0,
            weighed: 0,
            packed: false,
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
        if let Some(picture) = self.picture.take() {
            self.sets = trees_of(&picture);
        }
        // Besides its walls, a replay that reaches a round may have to
        // rebuild the trees first: about a quarter of an event's work a
        // cell.
        self.weighed += u64::from(self.shape.cells() / 4);
        self.rounds += 1;
        self.rest = Rest::Table;
        if self.lightest.is_empty() {
            self.lightest = vec![(NONE, 0); self.shape.cells() as usize];
        }
        match self.steering.take() {
            None => self.plan_with(weight),
            Some(steering) => {
                let shape = self.shape.clone();
                let any = self.plan_with(|salt, wall| steered(&shape, &steering, salt, wall));
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
            weighed,
            ..
        } = self;
        let salt = *salt;
        if let Some(walls) = crossing {
            *weighed += walls.len() as u64;
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
                *weighed += walls.len() as u64;
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

    /// A wall's weight, steered by the grain if there is one, as
    /// `plan_round` weighs it.
    fn weigh(&self, wall: u32) -> (u64, u32) {
        match &self.steering {
            None => weight(self.salt, wall),
            Some(steering) => steered(&self.shape, steering, self.salt, wall),
        }
    }

    /// In the first round: cell `root`'s lightest wall, the one the round's
    /// plan chose for it (every wall then ran between two trees).
    fn first_round_wall(&self, root: Cell) -> Option<u32> {
        if !self.shape.is_cell(root) {
            return None;
        }
        let mut best: Option<(u64, u32)> = None;
        self.shape.for_each_wall_code_of(root, |code| {
            let w = self.weigh(code);
            if best.is_none_or(|b| w < b) {
                best = Some(w);
            }
        });
        best.map(|(_, code)| code)
    }

    /// The round's next wall to open, if any is left.
    #[inline(always)]
    fn next_wall(&mut self) -> Option<u32> {
        match &self.rest {
            Rest::Table => self.lightest[self.at..]
                .iter()
                .position(|&(w, _)| w != NONE)
                .map(|i| {
                    self.at += i + 1;
                    std::mem::replace(&mut self.lightest[self.at - 1].0, NONE)
                }),
            Rest::FirstRound => {
                while self.at < self.shape.cells() as usize {
                    self.at += 1;
                    if let Some(wall) = self.first_round_wall((self.at - 1) as Cell) {
                        return Some(wall);
                    }
                }
                None
            }
            Rest::List(walls) => {
                let wall = walls.get(self.at).copied();
                self.at += usize::from(wall.is_some());
                wall
            }
        }
    }

    /// The round's walls not yet opened, kept as a copy needs them.
    fn kept_rest(&self) -> Rest {
        match &self.rest {
            Rest::Table if self.rounds == 1 => Rest::FirstRound,
            Rest::Table => Rest::List(
                self.lightest[self.at..]
                    .iter()
                    .filter(|&&(w, _)| w != NONE)
                    .map(|&(w, _)| w)
                    .collect(),
            ),
            Rest::FirstRound => Rest::FirstRound,
            Rest::List(walls) => Rest::List(walls[self.at..].to_vec()),
        }
    }
}

impl<S: Topology> Stepper for Boruvka<S> {
    const MARKS_NO_CELL: bool = true;

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
            let Some(wall) = self.next_wall() else {
                // Another round: step 3.
                out.phase(3);
                if !self.plan_round() {
                    return false;
                }
                continue;
            };
            let (a, b) = self.shape.wall_cells(wall);
            let joined = match &mut self.picture {
                None => self.sets.union_to_least(a, b),
                Some(picture) => picture.set_open(a, b, true),
            };
            if joined {
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

impl<S: Topology> Keep for Boruvka<S> {
    /// Each wall a round weighs costs a seek's replay about an event.
    fn work(&self) -> u64 {
        self.weighed
    }

    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        let rest = match &self.rest {
            Rest::List(walls) => walls.len() * 4,
            _ => 0,
        };
        let crossing = self.crossing.as_ref().map_or(0, |w| w.len() * 4);
        let picture = self.picture.as_ref().map_or(0, |p| p.heap_bytes());
        Some(
            self.sets.heap_bytes()
                + picture
                + self.lightest.len() * std::mem::size_of::<(u32, u32)>()
                + rest
                + crossing,
        )
    }

    /// Made without copying the sets and table it drops.
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        let (rest, at) = match self.kept_rest() {
            Rest::List(walls) => (Rest::List(walls), 0),
            rest => (rest, self.at),
        };
        Boruvka {
            shape: self.shape.clone(),
            salt: self.salt,
            sets: UnionFind::new(0),
            picture: None,
            trees: self.trees,
            lightest: Vec::new(),
            at,
            rest,
            rounds: self.rounds,
            weighed: self.weighed,
            packed: true,
            crossing: self.crossing.clone(),
            crossed: self.crossed,
            started: self.started,
            steering: self.steering.clone(),
        }
    }

    /// Takes a copy of the picture with every carve made but not yet
    /// handed out: its trees are the original's, worked out when the next
    /// round is planned.
    fn unpack(&mut self, shown: &Shown) {
        if !self.packed {
            return;
        }
        self.picture = Some(Box::new(shown.maze()));
        self.packed = false;
    }
}

/// The picture's pieces as sets, each rooted at its lowest cell, as the
/// running copy's trees are.
fn trees_of(picture: &Grid) -> UnionFind {
    let mut sets = UnionFind::new(picture.cells() as usize);
    picture.each_opening(|a, b| {
        sets.union_to_least(a, b);
    });
    sets
}
