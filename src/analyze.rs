//! Measurements of a maze: distances, the longest path, dead ends, corridor
//! lengths and the solution. Everything is one or two breadth-first passes,
//! linear in the number of cells (brainmaze.py's distance matrix is not).

use crate::grid::Grid;
use crate::shape::Cell;
use std::fmt;

/// The distance of a cell that cannot be reached.
pub const UNREACHABLE: u32 = u32::MAX;

/// Moves from `from` to every cell through openings (`UNREACHABLE` if none).
pub fn distances(grid: &Grid, from: Cell) -> Vec<u32> {
    let mut dist = vec![UNREACHABLE; grid.cells() as usize];
    dist[from as usize] = 0;
    breadth_first(grid, from, |cell, n, _| {
        let new = dist[n as usize] == UNREACHABLE;
        if new {
            dist[n as usize] = dist[cell as usize] + 1;
        }
        new
    });
    dist
}

/// Each cell's neighbour one move nearer `from` through openings: on a
/// perfect maze, the way to `from` (`UNREACHABLE` at `from` and at cells
/// it cannot reach).
pub fn parents(grid: &Grid, from: Cell) -> Vec<Cell> {
    let mut parent = vec![UNREACHABLE; grid.cells() as usize];
    breadth_first(grid, from, |cell, n, _| {
        let new = n != from && parent[n as usize] == UNREACHABLE;
        if new {
            parent[n as usize] = cell;
        }
        new
    });
    parent
}

/// Walks out from `from` through openings, a ring of moves at a time:
/// `reached(cell, n, moves)` for each open neighbour `n` of each cell
/// walked (`moves` from `from` to `n`), which says whether `n` is new (it
/// is then walked in its turn). Returns the last ring, the cells farthest
/// from `from`, and its moves.
///
/// It keeps one ring and the next, not a queue of every cell: the order
/// is a queue's, but a maze's widest ring is a few thousand cells where
/// a queue would take four bytes a cell, allocated and freed on every
/// call (in the page, a passing block the size of the maze that the heap
/// must find room for again after every new maze).
pub(crate) fn breadth_first(
    grid: &Grid,
    from: Cell,
    mut reached: impl FnMut(Cell, Cell, u32) -> bool,
) -> (Vec<Cell>, u32) {
    let mut ring = vec![from];
    let mut next = Vec::new();
    let mut moves = 0;
    loop {
        for &cell in &ring {
            for &n in grid.open_neighbors(cell).as_slice() {
                if reached(cell, n, moves + 1) {
                    next.push(n);
                }
            }
        }
        if next.is_empty() {
            return (ring, moves);
        }
        moves += 1;
        ring.clear();
        std::mem::swap(&mut ring, &mut next);
    }
}

/// The reachable cell farthest from `from` (the lowest index on ties) and its distance.
pub fn farthest(grid: &Grid, from: Cell) -> (Cell, u32) {
    match farthest_in(&distances(grid, from)) {
        (_, 0) => (from, 0),
        found => found,
    }
}

/// The two ends of the longest path and its length in moves: two
/// breadth-first passes, exact on a perfect maze (a tree).
pub fn longest_path(grid: &Grid) -> (Cell, Cell, u32) {
    longest_path_from(grid, &distances(grid, 0))
}

/// The longest path, given the distances from any cell: the farthest cell
/// from anywhere is one end of it (the double sweep), so one more pass finds
/// the other.
fn longest_path_from(grid: &Grid, dist: &[u32]) -> (Cell, Cell, u32) {
    let a = farthest_in(dist).0;
    let (b, length) = farthest(grid, a);
    (a, b, length)
}

/// The reachable cell with the largest distance (the lowest index on ties).
fn farthest_in(dist: &[u32]) -> (Cell, u32) {
    let mut best = (0, 0);
    for (cell, &d) in dist.iter().enumerate() {
        if d != UNREACHABLE && d > best.1 {
            best = (cell as Cell, d);
        }
    }
    best
}

/// A shortest path from `from` to `to`, both included, or `None` if there is none.
pub fn shortest_path(grid: &Grid, from: Cell, to: Cell) -> Option<Vec<Cell>> {
    let dist = distances(grid, to);
    if dist[from as usize] == UNREACHABLE {
        return None;
    }
    let mut path = Vec::with_capacity(dist[from as usize] as usize + 1);
    let mut cell = from;
    path.push(cell);
    while cell != to {
        cell = *grid
            .open_neighbors(cell)
            .as_slice()
            .iter()
            .find(|&&n| dist[n as usize] + 1 == dist[cell as usize])
            .expect("a reachable cell has a neighbour one move closer");
        path.push(cell);
    }
    Some(path)
}

/// Cells with exactly one opening.
pub fn dead_ends(grid: &Grid) -> u32 {
    degree_counts(grid).0
}

/// The mean number of moves in a corridor: a run between two cells that are
/// not plain passages (dead ends and junctions, degree other than 2).
pub fn mean_corridor(grid: &Grid) -> f64 {
    degree_counts(grid).1
}

/// Dead ends and mean corridor length from one pass over the degrees.
fn degree_counts(grid: &Grid) -> (u32, f64) {
    let (mut dead, mut ends, mut degrees) = (0u32, 0u64, 0u64);
    for cell in 0..grid.cells() {
        let degree = grid.degree(cell) as u64;
        degrees += degree;
        dead += u32::from(degree == 1);
        if degree != 2 {
            ends += degree;
        }
    }
    let openings = degrees / 2;
    let corridors = ends / 2;
    let mean = if corridors == 0 {
        openings as f64
    } else {
        openings as f64 / corridors as f64
    };
    (dead, mean)
}

/// How many distinct shortest paths lead from `from` to `to`, counted
/// exactly in one breadth-first pass (each cell's count is the sum of its
/// neighbours' one step nearer), and whether the count passed `u64::MAX`
/// (then it stays there). `(0, false)` when `to` cannot be reached.
///
/// Like `breadth_first`, it keeps one ring and the next, not a count and a
/// distance for every cell: each way into the next ring is listed with
/// the count it brings, and the list, sorted by cell, sums the ways into
/// each. A bit a cell says which cells an earlier ring holds.
pub fn count_shortest_paths(grid: &Grid, from: Cell, to: Cell) -> (u64, bool) {
    let mut seen = crate::bitset::BitSet::new(grid.cells() as usize);
    seen.insert(from);
    let mut ring = vec![Paths {
        cell: from,
        count: 1,
        saturated: false,
    }];
    let mut ways = Vec::new();
    loop {
        // A ring is sorted by cell.
        if let Ok(i) = ring.binary_search_by_key(&to, |p| p.cell) {
            return (ring[i].count, ring[i].saturated);
        }
        if ring.is_empty() {
            return (0, false);
        }
        for p in &ring {
            for &n in grid.open_neighbors(p.cell).as_slice() {
                if !seen.contains(n) {
                    ways.push(Paths { cell: n, ..*p });
                }
            }
        }
        ways.sort_unstable_by_key(|p| p.cell);
        ring.clear();
        for way in ways.drain(..) {
            match ring.last_mut() {
                Some(p) if p.cell == way.cell => p.add(way),
                _ => {
                    seen.insert(way.cell);
                    ring.push(way);
                }
            }
        }
    }
}

/// The shortest paths into one cell from `from`, counted so far.
#[derive(Clone, Copy)]
struct Paths {
    cell: Cell,
    count: u64,
    /// Whether the count passed `u64::MAX` (it then stays there).
    saturated: bool,
}

impl Paths {
    /// Adds the paths of another way into the same cell.
    fn add(&mut self, other: Paths) {
        let (sum, over) = self.count.overflowing_add(other.count);
        self.saturated |= over || other.saturated;
        self.count = if self.saturated { u64::MAX } else { sum };
    }
}

/// The figures the CLI's `stats` format and the app's status line show.
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    /// Cells of the maze (a mask's switched-off cells not counted).
    pub cells: u32,
    /// Cells with one opening.
    pub dead_ends: u32,
    /// Moves between the two cells farthest apart.
    pub longest_path: u32,
    /// Moves on the shortest path from entrance to exit.
    pub solution_length: Option<u32>,
    /// Moves per corridor (a run between cells of degree other than 2).
    pub mean_corridor: f64,
    /// Independent loops: openings - cells + 1 (0 for a perfect maze).
    pub cycles: u64,
    /// Cells with three or more openings.
    pub junctions: u32,
    /// Distinct shortest paths from entrance to exit (1 in a perfect
    /// maze), and whether the count saturated at `u64::MAX`.
    pub shortest_paths: u64,
    /// Whether `shortest_paths` stopped counting at `u64::MAX`.
    pub shortest_paths_saturated: bool,
}

/// What one breadth-first sweep from a cell finds without a map of every
/// cell's distance: how far it reached, the lowest-numbered cell that far
/// (cell 0 when it reached no other cell, as `farthest_in` has it), and
/// the moves to `to`.
struct Sweep {
    depth: u32,
    farthest: Cell,
    to: u32,
}

/// A breadth-first walk from `from` noting only which cells it has
/// reached (a bit each). `metrics` runs on every finished maze in the
/// page, where two maps of four bytes a cell, freed and asked for again
/// after each new maze, made the heap grow to find room for them among
/// what the next maze had meanwhile put there.
fn sweep(grid: &Grid, from: Cell, to: Cell) -> Sweep {
    let mut seen = crate::bitset::BitSet::new(grid.cells() as usize);
    seen.insert(from);
    let mut moves_to = if from == to { 0 } else { UNREACHABLE };
    let (last, depth) = breadth_first(grid, from, |_, n, moves| {
        let new = !seen.contains(n);
        if new {
            seen.insert(n);
            if n == to {
                moves_to = moves;
            }
        }
        new
    });
    Sweep {
        depth,
        farthest: if depth > 0 {
            last.iter().copied().min().unwrap_or(0)
        } else {
            0
        },
        to: moves_to,
    }
}

/// Measures a maze between its entrance and exit cells: two breadth-first
/// passes and one pass over the degrees. The pass from the entrance gives
/// the solution and the farthest cell from it, one end of the longest
/// path (the double sweep); the pass from there gives its length.
pub fn metrics(grid: &Grid, entrance: Cell, exit: Cell) -> Metrics {
    use crate::shape::Topology;
    let from_entrance = sweep(grid, entrance, exit);
    let solution = from_entrance.to;
    let (dead_ends, mean_corridor) = degree_counts(grid);
    let cells = grid.shape().live_cells();
    let cycles = (grid.openings() + 1).saturating_sub(u64::from(cells));
    let junctions = (0..grid.cells()).filter(|&c| grid.degree(c) >= 3).count() as u32;
    // A perfect maze has one path between any two cells: no pass needed.
    let (shortest_paths, shortest_paths_saturated) = if solution == UNREACHABLE {
        (0, false)
    } else if cycles == 0 {
        (1, false)
    } else {
        count_shortest_paths(grid, entrance, exit)
    };
    Metrics {
        cells,
        dead_ends,
        longest_path: sweep(grid, from_entrance.farthest, exit).depth,
        solution_length: (solution != UNREACHABLE).then_some(solution),
        mean_corridor,
        cycles,
        junctions,
        shortest_paths,
        shortest_paths_saturated,
    }
}

impl fmt::Display for Metrics {
    /// `key=value` pairs separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let solution = self
            .solution_length
            .map_or_else(|| "none".to_string(), |s| s.to_string());
        write!(
            f,
            "cells={} dead_ends={} longest_path={} solution_length={} mean_corridor={:.2} \
             cycles={} junctions={} shortest_paths={} shortest_paths_saturated={}",
            self.cells,
            self.dead_ends,
            self.longest_path,
            solution,
            self.mean_corridor,
            self.cycles,
            self.junctions,
            self.shortest_paths,
            self.shortest_paths_saturated
        )
    }
}
