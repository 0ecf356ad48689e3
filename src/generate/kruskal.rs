//! Randomized Kruskal with union-find.
//!
//! 1. Put every cell in a set of its own and list every interior wall.
//! 2. Take the next wall in a uniformly random order (dealt into buckets,
//!    then shuffled lazily inside each bucket; see `bucket_walls`, so the
//!    first step does not wait for a full shuffle). If the cells on its two
//!    sides are in different sets, remove the wall and join the sets (union
//!    by rank, path halving).
//! 3. Repeat from 2 until cells - 1 walls are gone.
//!
//! Its mazes are uniform-looking with many short dead ends (about 30% of
//! cells) and short corridors; on screen, passages appear everywhere at once
//! and grow together. Walls are four bytes each (cell * 2 + east/south), so
//! the whole run stays under 14 bytes per cell; on hexagons, three walls a
//! cell, the codes are packed into as few bits as they need (`wall_list`),
//! which keeps it under 16.
//!
//! On a big grid each wall's two sets sit in random places of a table larger
//! than the cache, so the time per cell grows with the grid: each wall costs
//! a memory access that no order keeping the walls uniformly random can
//! avoid. Buckets keep the shuffle itself in cache, and the sets of walls a
//! few steps ahead are fetched early so that their misses overlap.

use super::wall_list::{OwnedSides, PackedCodes, WallList};
use super::{Params, Step};
use crate::keep::{Keep, Shown};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;
use crate::union_find::UnionFind;
use std::sync::Arc;

#[derive(Clone)]
pub struct Kruskal<S: Topology, W: WallList = Vec<u32>> {
    shape: S,
    rng: Rng,
    /// Every interior wall, dealt into buckets (see `bucket_walls`); a
    /// bucket is taken out as it begins. The ones not yet begun never
    /// change, so every copy of the run (a timeline's checkpoints) shares
    /// them instead of holding a list of its own.
    buckets: Vec<Option<Arc<W>>>,
    /// The next bucket to begin.
    bucket: usize,
    /// The walls of the current bucket not yet shuffled into place, last
    /// first: a bucket is stored back to front, so the wall at `prepared`
    /// is the list's end and a wall shuffled into place is dropped from it.
    rest: W,
    /// Interior walls in all.
    wall_count: usize,
    next: usize,
    /// Walls before this index are already shuffled into place.
    prepared: usize,
    /// The cells' sets; empty in a packed copy, which rebuilds them from
    /// the picture (`unpack`).
    sets: UnionFind,
    /// Whether `sets` was dropped (`pack`) and must be rebuilt.
    packed: bool,
    /// The walls from `next` to `prepared` (a ring of `RING` entries): a
    /// plain square's codes, decoded where needed, or other shapes' two
    /// cells, decoded once when the wall is shuffled into place.
    codes_ahead: [u32; RING],
    cells_ahead: [(u32, u32); RING],
    remaining: u32,
    /// Whether the grid is big enough for `fetch_ahead` to pay.
    fetches_ahead: bool,
}

/// Walls per bucket, on average at most: 16K walls are 64 KB, which stays in
/// the core's own cache while the bucket is shuffled.
const BUCKET_WALLS: usize = 1 << 14;

/// Kruskal on the params' shape: plain codes where a cell has at most two
/// walls (the square keeps its list exactly), packed ones where it has more.
pub fn boxed(params: &Params) -> Box<dyn Step> {
    super::on_shape!(params, shape => for_shape(shape, params))
}

fn for_shape<S: Topology + 'static>(shape: S, params: &Params) -> Box<dyn Step> {
    if shape.wall_count() > 2 * shape.cells() as usize {
        // Packed codes need as many bits as the largest code.
        Box::new(Kruskal::<S, PackedCodes>::with_buckets(
            shape,
            params,
            BUCKET_WALLS,
        ))
    } else {
        Box::new(Kruskal::<S, Vec<u32>>::with_buckets(
            shape,
            params,
            BUCKET_WALLS,
        ))
    }
}

impl<S: Topology, W: WallList> Kruskal<S, W> {
    /// Buckets of `bucket_size` walls on average at most.
    fn with_buckets(shape: S, params: &Params, bucket_size: usize) -> Kruskal<S, W> {
        let mut rng = Rng::new(params.seed);
        let buckets: Vec<W> = match super::steer::Steering::of(params) {
            Some(steering) => grained_walls(&shape, &mut rng, &steering),
            None => bucket_walls(&shape, &mut rng, bucket_size),
        };
        let cells = shape.cells();
        Kruskal {
            remaining: shape.live_cells() - 1,
            wall_count: buckets.iter().map(W::len).sum(),
            rest: W::zeroed(0, cells, OwnedSides(0)),
            buckets: buckets.into_iter().map(|b| Some(Arc::new(b))).collect(),
            bucket: 0,
            shape,
            rng,
            next: 0,
            prepared: 0,
            sets: UnionFind::new(cells as usize),
            packed: false,
            codes_ahead: [0; RING],
            cells_ahead: [(0, 0); RING],
            fetches_ahead: cells > FETCH_AHEAD_CELLS,
        }
    }
}

/// Deals every wall into one of 2^k buckets chosen uniformly at random, so
/// that a uniform shuffle inside each bucket, bucket after bucket, is a
/// uniform shuffle of all walls: every order of the walls is reached by the
/// same number of equally likely deals. Shuffling one small bucket at a time
/// keeps the shuffle's random reads in cache; a shuffle of all walls at once
/// misses the cache on nearly every wall of a big grid.
///
/// Returns the buckets, each back to front (see `Kruskal::rest`).
fn bucket_walls<S: Topology, W: WallList>(shape: &S, rng: &mut Rng, bucket_size: usize) -> Vec<W> {
    let count = shape.wall_count();
    let mut bits = 0;
    while count > bucket_size << bits {
        bits += 1;
    }
    // Two passes over the same draws, the first to count, the second to place.
    let draw = |rng: &mut Rng| {
        if bits == 0 {
            0
        } else {
            (rng.next_u32() >> (32 - bits)) as usize
        }
    };
    let mut sizes = vec![0u32; 1 << bits];
    let replay = rng.clone();
    // The sides the walls are owned on, for how the codes are stored.
    let mut sides = 0u8;
    shape.for_each_wall_code(|code| {
        sides |= 1 << (code & 7);
        sizes[draw(rng)] += 1;
    });
    let mut buckets: Vec<W> = sizes
        .iter()
        .map(|&size| W::zeroed(size as usize, shape.cells(), OwnedSides(sides)))
        .collect();
    let mut rng_again = replay;
    shape.for_each_wall_code(|wall| {
        let bucket = draw(&mut rng_again);
        // Back to front: each bucket's first wall goes at its end.
        sizes[bucket] -= 1;
        buckets[bucket].set(sizes[bucket] as usize, wall);
    });
    buckets
}

/// The walls in two buckets for a grain (`steer.rs`): the walls against
/// the grain that `Steering::defer` sends back go in the second, the rest
/// in the first, each shuffled in turn as usual.
fn grained_walls<S: Topology, W: WallList>(
    shape: &S,
    rng: &mut Rng,
    steering: &super::steer::Steering,
) -> Vec<W> {
    let (mut first, mut back) = (Vec::new(), Vec::new());
    let mut sides = 0u8;
    shape.for_each_wall_code(|wall| {
        sides |= 1 << (wall & 7);
        let (a, b) = shape.wall_cells(wall);
        if steering.defer(shape, a, b, rng) {
            back.push(wall);
        } else {
            first.push(wall);
        }
    });
    [first, back]
        .iter()
        .map(|walls| {
            let mut list = W::zeroed(walls.len(), shape.cells(), OwnedSides(sides));
            for (i, &wall) in walls.iter().rev().enumerate() {
                list.set(i, wall);
            }
            list
        })
        .collect()
}

/// How many walls ahead of the one being joined the shuffle runs and the
/// cells' sets are fetched into the cache.
const AHEAD: usize = 24;
/// How many walls ahead the sets' parents are fetched: late enough that the
/// cells' own sets, fetched `AHEAD` walls before, have arrived.
const PARENTS_AHEAD: usize = 10;
/// Decoded walls kept: more than the `AHEAD + 1` between `next` and
/// `prepared`, a power of two for the index mask.
const RING: usize = 32;
/// Cells above which the sets no longer fit the core's own cache (512 KB of
/// four-byte sets), so fetching ahead pays for itself.
const FETCH_AHEAD_CELLS: u32 = 1 << 17;

impl<S: Topology, W: WallList> Kruskal<S, W> {
    /// A plain square's wall decodes in two instructions: it is decoded
    /// where needed, as it always was. Other shapes' walls (a division, a
    /// packed read) are decoded once, into `cells_ahead`.
    const DECODES_EACH_TIME: bool = S::PLAIN_SQUARE;

    /// The two cells of the wall at `index` (prepared already).
    #[inline]
    fn cells_at(&self, index: usize) -> (u32, u32) {
        if Self::DECODES_EACH_TIME {
            self.cells_of(self.codes_ahead[index % RING])
        } else {
            self.cells_ahead[index % RING]
        }
    }

    #[inline]
    fn cells_of(&self, wall: u32) -> (u32, u32) {
        self.shape.wall_cells(wall)
    }

    /// Shuffles the wall at `prepared` into place, a lazy Fisher-Yates
    /// step inside its bucket, and returns it.
    #[inline]
    fn shuffle_next(&mut self) -> u32 {
        while self.rest.len() == 0 {
            self.begin_bucket();
        }
        // `rest` is back to front: the wall at `prepared + k` is at
        // `last - k`. Swapping the one drawn to `prepared` and dropping
        // that position is a copy from the end and a shorter list.
        let last = self.rest.len() - 1;
        let drawn = last - self.rng.below(self.rest.len() as u32) as usize;
        let wall = self.rest.get(drawn);
        self.rest.copy(last, drawn);
        self.rest.truncate(last);
        let i = self.prepared;
        if Self::DECODES_EACH_TIME {
            self.codes_ahead[i % RING] = wall;
        } else {
            self.cells_ahead[i % RING] = self.cells_of(wall);
        }
        self.prepared += 1;
        wall
    }

    /// Takes the next bucket as `rest`: its own list if no copy shares it,
    /// else a copy of it.
    #[cold]
    fn begin_bucket(&mut self) {
        let dealt = self.buckets[self.bucket]
            .take()
            .expect("a bucket is begun once, and only while walls are left");
        self.bucket += 1;
        self.rest = Arc::try_unwrap(dealt).unwrap_or_else(|shared| W::clone(&shared));
    }

    /// On a big grid every wall's sets are a cache miss in a random place.
    /// Asking for them early lets many misses overlap instead of queueing
    /// behind the union-find's dependent loads. Only a hint: the maze does
    /// not depend on it.
    #[inline(always)]
    fn fetch_ahead(&self) {
        if self.next + AHEAD < self.prepared {
            let (a, b) = self.cells_at(self.next + AHEAD);
            self.sets.prefetch(a);
            self.sets.prefetch(b);
        }
        if self.next + PARENTS_AHEAD < self.prepared {
            let (a, b) = self.cells_at(self.next + PARENTS_AHEAD);
            self.sets.prefetch_parent(a);
            self.sets.prefetch_parent(b);
        }
    }
}

impl<S: Topology, W: WallList> Kruskal<S, W> {
    /// The next wall in the random order (shuffled and fetched ahead);
    /// inlined into both loops, where a call a wall would be a large share
    /// of the build.
    #[inline(always)]
    fn take_wall(&mut self) -> (Cell, Cell) {
        let ahead = (self.next + AHEAD + 1).min(self.wall_count);
        while self.prepared < ahead {
            self.shuffle_next();
        }
        if self.fetches_ahead {
            self.fetch_ahead();
        }
        let (a, b) = self.cells_at(self.next);
        self.next += 1;
        (a, b)
    }
}

impl<S: Topology, W: WallList> Stepper for Kruskal<S, W> {
    const MARKS_NO_CELL: bool = true;

    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if self.next == 0 {
            out.phase(1);
        }
        // Walls that would close a loop make no event; skip them here rather
        // than return empty-handed once per rejected wall.
        while self.remaining > 0 && self.next < self.wall_count {
            let (a, b) = self.take_wall();
            if self.sets.union(a, b) {
                out.phase(2);
                out.cursor(a);
                out.carve(a, b);
                self.remaining -= 1;
                if self.remaining == 0 {
                    out.phase(3);
                }
                return self.remaining > 0;
            }
        }
        out.phase(3);
        false
    }
}

impl<S: Topology, W: WallList> Keep for Kruskal<S, W> {
    /// Every wall taken costs a seek's replay its sets' lookups, and late
    /// in a run most walls close a loop and make no event.
    fn work(&self) -> u64 {
        self.next as u64
    }

    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        // The buckets not yet begun are shared with every other copy of
        // the run (the running one holds them too): a copy adds only its
        // pointers to them.
        let pointers = self.buckets.len() * std::mem::size_of::<Option<Arc<W>>>();
        Some(pointers + self.rest.heap_bytes() + self.sets.heap_bytes())
    }

    /// The sets are the only per-cell state, and the picture holds them
    /// already: they are the maze's connected pieces so far. A kept copy
    /// drops them (made without copying them).
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        Kruskal {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            buckets: self.buckets.clone(),
            bucket: self.bucket,
            rest: self.rest.clone(),
            wall_count: self.wall_count,
            next: self.next,
            prepared: self.prepared,
            sets: UnionFind::new(0),
            packed: true,
            codes_ahead: self.codes_ahead,
            cells_ahead: self.cells_ahead,
            remaining: self.remaining,
            fetches_ahead: self.fetches_ahead,
        }
    }

    /// Joins the cells of every passage of the picture, and of every carve
    /// made but not yet handed out: the same pieces as the original's sets,
    /// which is all the run reads from them.
    fn unpack(&mut self, shown: &Shown) {
        if !self.packed {
            return;
        }
        self.sets = shown.pieces();
        self.packed = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Dims;

    /// The whole wall order a run would take, shuffled ahead of time.
    fn order(dims: Dims, seed: u64, bucket_size: usize) -> Vec<u32> {
        let mut kruskal =
            Kruskal::<_, Vec<u32>>::with_buckets(dims, &Params::new(dims, seed), bucket_size);
        (0..kruskal.wall_count)
            .map(|_| kruskal.shuffle_next())
            .collect()
    }

    #[test]
    fn every_interior_wall_is_taken_exactly_once() {
        let dims = Dims::new(7, 5).unwrap();
        let mut expected = Vec::new();
        dims.for_each_wall_code(|wall| expected.push(wall));
        assert_eq!(expected.len(), 6 * 5 + 7 * 4);
        for bucket_size in [1, 4, BUCKET_WALLS] {
            let mut walls = order(dims, 3, bucket_size);
            walls.sort_unstable();
            assert_eq!(walls, expected, "bucket size {bucket_size}");
        }
    }

    /// With buckets of about one wall, dealing decides most of the order, so
    /// a deal that favoured early walls or one bucket would show here: every
    /// wall of a 3x2 grid must come first and last about equally often.
    #[test]
    fn the_dealt_order_is_uniform() {
        let dims = Dims::new(3, 2).unwrap();
        let walls = 7;
        let runs = 28_000;
        let mut first = [0u32; 14];
        let mut last = [0u32; 14];
        for seed in 0..runs {
            let order = order(dims, seed, 1);
            first[order[0] as usize] += 1;
            last[order[walls - 1] as usize] += 1;
        }
        let expected = f64::from(runs as u32) / walls as f64;
        for counts in [first, last] {
            let seen: Vec<u32> = counts.into_iter().filter(|&c| c > 0).collect();
            assert_eq!(seen.len(), walls);
            for count in seen {
                // 4000 expected, standard deviation about 59.
                assert!((f64::from(count) - expected).abs() < 300.0, "{counts:?}");
            }
        }
    }
}
