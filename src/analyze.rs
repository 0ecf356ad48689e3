//! Measurements of a maze: distances, the longest path, dead ends, corridor
//! lengths and the solution. Everything is one or two breadth-first passes,
//! linear in the number of cells (brainmaze.py's distance matrix is not).

use crate::entrance::Ends;
use crate::grid::{Cell, Grid};
use std::fmt;

/// The distance of a cell that cannot be reached.
pub const UNREACHABLE: u32 = u32::MAX;

/// Moves from `from` to every cell through openings (`UNREACHABLE` if none).
pub fn distances(grid: &Grid, from: Cell) -> Vec<u32> {
    let mut dist = vec![UNREACHABLE; grid.cells() as usize];
    let mut queue = Vec::with_capacity(grid.cells() as usize);
    dist[from as usize] = 0;
    queue.push(from);
    let mut head = 0;
    while head < queue.len() {
        let cell = queue[head];
        head += 1;
        let next = dist[cell as usize] + 1;
        for &n in grid.open_neighbors(cell).as_slice() {
            if dist[n as usize] == UNREACHABLE {
                dist[n as usize] = next;
                queue.push(n);
            }
        }
    }
    dist
}

/// The reachable cell farthest from `from` (the lowest index on ties) and its distance.
pub fn farthest(grid: &Grid, from: Cell) -> (Cell, u32) {
    let dist = distances(grid, from);
    let mut best = (from, 0);
    for (cell, &d) in dist.iter().enumerate() {
        if d != UNREACHABLE && d > best.1 {
            best = (cell as Cell, d);
        }
    }
    best
}

/// The two ends of the longest path and its length in moves: two
/// breadth-first passes, exact on a perfect maze (a tree).
pub fn longest_path(grid: &Grid) -> (Cell, Cell, u32) {
    let (a, _) = farthest(grid, 0);
    let (b, length) = farthest(grid, a);
    (a, b, length)
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
    (0..grid.cells()).filter(|&c| grid.degree(c) == 1).count() as u32
}

/// The mean number of moves in a corridor: a run between two cells that are
/// not plain passages (dead ends and junctions, degree other than 2).
pub fn mean_corridor(grid: &Grid) -> f64 {
    let mut ends = 0u64;
    for cell in 0..grid.cells() {
        let degree = grid.degree(cell);
        if degree != 2 {
            ends += degree as u64;
        }
    }
    let corridors = ends / 2;
    if corridors == 0 {
        return grid.openings() as f64;
    }
    grid.openings() as f64 / corridors as f64
}

/// The figures the CLI's `stats` format and the app's status line show.
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    pub cells: u32,
    pub dead_ends: u32,
    pub longest_path: u32,
    /// Moves on the shortest path from entrance to exit.
    pub solution_length: Option<u32>,
    pub mean_corridor: f64,
}

/// Measures a maze with its ends.
pub fn metrics(grid: &Grid, ends: &Ends) -> Metrics {
    let dist = distances(grid, ends.entrance.cell)[ends.exit.cell as usize];
    Metrics {
        cells: grid.cells(),
        dead_ends: dead_ends(grid),
        longest_path: longest_path(grid).2,
        solution_length: (dist != UNREACHABLE).then_some(dist),
        mean_corridor: mean_corridor(grid),
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
            "cells={} dead_ends={} longest_path={} solution_length={} mean_corridor={:.2}",
            self.cells, self.dead_ends, self.longest_path, solution, self.mean_corridor
        )
    }
}
