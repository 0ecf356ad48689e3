//! Growing forest (Pullen): several trees grow at once from scattered
//! roots, then join where they meet.
//!
//! 1. Scatter roots: about half the square root of the cell count, at
//!    random cells, each the start of its own tree (its own set).
//! 2. Grow: take a random cell from the shared frontier; carve to a random
//!    unvisited neighbour, which joins that cell's tree and the frontier;
//!    with none, drop the cell. Repeat until every cell is in some tree.
//! 3. Join: take the walls in random order and open each one that joins two
//!    different trees (union-find), until one tree is left.
//!
//! Each tree has the random growing tree's texture (short branches, many
//! dead ends, like Prim); the seams where trees were joined show as long
//! straight walls with a single door each.

use super::steer::{self, Steering};
use super::Params;
use crate::bitset::BitSet;
use crate::event::Mark;
use crate::keep::{Keep, Shown};
use crate::packed::Runs;
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::stream::Stepper;
use crate::union_find::UnionFind;

#[derive(Clone)]
pub struct GrowingForest<S: Topology> {
    shape: S,
    rng: Rng,
    visited: BitSet,
    frontier: Vec<Cell>,
    /// Each grown cell's tree (its root's number): a carve copies it, one
    /// read, where a union-find over the cells followed parents on every
    /// carve. Two bytes: there are at most 32,768 roots (`plant`), and a
    /// carve's two random reads touch half the memory four would.
    tree: Vec<u16>,
    /// In a packed copy, `tree` as runs along the rows: a tree is a blob,
    /// so a row crosses few of them (`pack`).
    tree_runs: Option<Runs<u16>>,
    /// The trees joined so far in step 3: a union-find over the trees.
    joined: UnionFind,
    /// Trees still to join.
    trees: u32,
    /// Walls, for the joining, shuffled lazily once growing is done.
    walls: Vec<u32>,
    next: usize,
    started: bool,
    steering: Option<Box<Steering>>,
}

impl<S: Topology> GrowingForest<S> {
    pub(super) fn new(shape: S, params: &Params) -> GrowingForest<S> {
        let cells = shape.cells() as usize;
        GrowingForest {
            tree: vec![0; cells],
            tree_runs: None,
            joined: UnionFind::new(0),
            visited: BitSet::new(cells),
            rng: Rng::new(params.seed),
            frontier: Vec::new(),
            trees: 0,
            walls: Vec::new(),
            next: 0,
            started: false,
            steering: Steering::of(params),
            shape,
        }
    }

    fn plant<R: Record>(&mut self, out: &mut R) {
        let live = self.shape.live_cells();
        // At most 32,768 for 2^32 cells: a tree's number fits in `u16`.
        let roots = ((f64::from(live).sqrt() / 2.0).ceil() as u32).clamp(1, live);
        for _ in 0..roots {
            let root = self.shape.random_cell(&mut self.rng);
            if !self.visited.contains(root) {
                self.visited.insert(root);
                self.frontier.push(root);
                self.tree[root as usize] = self.trees as u16;
                self.trees += 1;
                out.mark(root, Mark::Frontier);
            }
        }
    }
}

impl<S: Topology> GrowingForest<S> {
    /// The walls step 3 may open: those between two trees (a few thousand
    /// on a million cells; every wall of a hexagon maze took 12 bytes a
    /// cell and pushed the peak to 21.5). Counted first, so the list is
    /// allocated once at its size; the spent frontier is freed first.
    fn list_walls_between_trees(&mut self) {
        self.frontier = Vec::new();
        let (shape, tree) = (&self.shape, &self.tree);
        let mut count = 0;
        shape.for_each_wall_code(|w| {
            let (a, b) = shape.wall_cells(w);
            count += usize::from(tree[a as usize] != tree[b as usize]);
        });
        let mut walls = Vec::with_capacity(count);
        shape.for_each_wall_code(|w| {
            let (a, b) = shape.wall_cells(w);
            if tree[a as usize] != tree[b as usize] {
                walls.push(w);
            }
        });
        self.walls = walls;
        self.joined = UnionFind::new(self.trees as usize);
    }
}

impl<S: Topology> Stepper for GrowingForest<S> {
    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if !self.started {
            self.started = true;
            out.phase(1);
            self.plant(out);
            return true;
        }
        if !self.frontier.is_empty() {
            out.phase(2);
            let i = self.rng.below(self.frontier.len() as u32) as usize;
            let cell = self.frontier[i];
            out.cursor(cell);
            let visited = &self.visited;
            let steering = &self.steering;
            match steer::neighbor(
                steering,
                &self.shape,
                cell,
                || steering.as_ref().and_then(|s| s.came_from(cell)),
                &mut self.rng,
                |n| !visited.contains(n),
            ) {
                // Every frontier cell links all its free neighbours in the
                // end, so only waiting makes a grain: an opening against it
                // is put off, the cell left on the frontier.
                Some(next)
                    if self
                        .steering
                        .as_ref()
                        .is_some_and(|s| s.defer(&self.shape, cell, next, &mut self.rng)) => {}
                Some(next) => {
                    if let Some(s) = &mut self.steering {
                        s.carved(cell, next);
                    }
                    self.visited.insert(next);
                    self.tree[next as usize] = self.tree[cell as usize];
                    self.frontier.push(next);
                    out.carve(cell, next);
                    out.mark(next, Mark::Frontier);
                }
                None => {
                    self.frontier.swap_remove(i);
                    out.mark(cell, Mark::Blank);
                }
            }
            if self.frontier.is_empty() {
                self.list_walls_between_trees();
            }
            return true;
        }
        while self.trees > 1 && self.next < self.walls.len() {
            let i = self.next;
            let j = i + self.rng.below((self.walls.len() - i) as u32) as usize;
            self.walls.swap(i, j);
            self.next += 1;
            let (a, b) = self.shape.wall_cells(self.walls[i]);
            if self.joined.union(
                u32::from(self.tree[a as usize]),
                u32::from(self.tree[b as usize]),
            ) {
                self.trees -= 1;
                out.phase(3);
                out.cursor(a);
                out.carve(a, b);
                return self.trees > 1;
            }
        }
        false
    }
}

impl<S: Topology> Keep for GrowingForest<S> {
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        // A steered run keeps a field of its own: counted at the most.
        self.steering.is_none().then(|| {
            (self.frontier.len() + self.walls.len()) * std::mem::size_of::<u32>()
                + self.tree.len() * std::mem::size_of::<u16>()
                + self.visited.heap_bytes()
                + self.tree_runs.as_ref().map_or(0, Runs::heap_bytes)
                + self.joined.heap_bytes()
        })
    }

    /// Made without copying the tree numbers, which it keeps as runs.
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        if self.tree_runs.is_some() {
            return self.clone();
        }
        GrowingForest {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            visited: self.visited.clone(),
            frontier: self.frontier.clone(),
            tree: Vec::new(),
            tree_runs: Some(Runs::of(&self.tree)),
            joined: self.joined.clone(),
            trees: self.trees,
            walls: self.walls.clone(),
            next: self.next,
            started: self.started,
            steering: self.steering.clone(),
        }
    }

    fn unpack(&mut self, _shown: &Shown) {
        if let Some(runs) = self.tree_runs.take() {
            self.tree = runs.expand();
        }
    }
}
