//! One maze's texture as numbers: the lab's metrics, measured in a few
//! linear passes with buffers kept from one maze to the next.
//!
//! Definitions (the README's lab table says the same):
//! - **dead ends**: cells with one opening, as a share of the cells;
//! - **corridors**, **three-way** and **four-way**: the cells with two,
//!   three and four or more openings, as shares of the cells (with the dead
//!   ends, a maze's shares by openings);
//! - **solution**: cells on the path from the default entrance to the exit
//!   (Norvig's corners on squares, the first and last cells elsewhere);
//! - **longest path**: moves between the two farthest-apart cells;
//! - **mean corridor**: moves per corridor, a corridor running between
//!   cells that are not plain passages (degree other than 2);
//! - **junctions**: cells with three or more openings;
//! - **straight**: cells whose only two openings face each other, as a
//!   share of the cells (squares and hexagons, which have opposite sides);
//! - **turns**: on the solution, the cells where it changes direction, per
//!   cell of the solution (squares and hexagons);
//! - **horizontal**: the share of openings that run east-west (squares and
//!   hexagons; an unbiased square maze has about half);
//! - **river**: Pullen's "flow", measured as the mean length in cells of
//!   the dead-end branches: from each dead end along its corridor to the
//!   first junction. Low river means many short stubs (Prim), high river
//!   few long ones (the backtracker);
//! - **time**: generation time per cell, in nanoseconds;
//! - **cost**: on a weighted maze (`weights`), what the cheapest way from
//!   the entrance to the exit costs: the weights of the cells it enters
//!   (Dijkstra's algorithm); not defined on an unweighted maze.
//!
//! A metric a shape does not define is NaN, which the summaries leave out.

use crate::entrance::Ends;
use crate::grid::Grid;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::weights::Costs;

/// A metric's key (JSON, CSV, the link), its label and unit on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MetricInfo {
    /// The metric's key in JSON, CSV and links.
    pub key: &'static str,
    /// Its name on the page.
    pub label: &'static str,
    /// Its unit.
    pub unit: &'static str,
    /// Why a maze may have no value for it (NaN), as results say.
    pub undefined: &'static str,
}

/// Why a metric needing opposite sides has no value.
const SHAPE_ONLY: &str = "not defined on this shape";

const fn info(key: &'static str, label: &'static str, unit: &'static str) -> MetricInfo {
    MetricInfo {
        key,
        label,
        unit,
        undefined: SHAPE_ONLY,
    }
}

const fn unless(info: MetricInfo, undefined: &'static str) -> MetricInfo {
    MetricInfo { undefined, ..info }
}

/// Every metric, in the order of a measured row.
pub const METRICS: [MetricInfo; 14] = [
    info("dead_end_pct", "dead ends", "% of cells"),
    unless(
        info("solution_pct", "solution", "% of cells"),
        "no way from the entrance to the exit",
    ),
    info("longest_path", "longest path", "moves"),
    info("mean_corridor", "mean corridor", "moves"),
    info("junctions", "junctions", "cells"),
    info("straight_pct", "straight through", "% of cells"),
    info("turns_per_cell", "turns", "per solution cell"),
    info("horizontal_pct", "horizontal openings", "% of openings"),
    unless(
        info("river", "river", "cells per dead-end branch"),
        "no dead ends to measure",
    ),
    info("ns_per_cell", "generation time", "ns per cell"),
    unless(
        info("cost", "cheapest way", "cost"),
        "weighted mazes only (weights)",
    ),
    info(
        "corridor_pct",
        "corridor cells",
        "% of cells (two openings)",
    ),
    info("three_way_pct", "three-way cells", "% of cells"),
    info(
        "four_way_pct",
        "four-way cells",
        "% of cells (four or more)",
    ),
];

/// How many values a measured maze has.
pub const METRIC_COUNT: usize = METRICS.len();

/// The index of a metric by key.
pub fn metric_index(key: &str) -> Option<usize> {
    METRICS.iter().position(|m| m.key == key)
}

/// Measures mazes, keeping its buffers between them.
#[derive(Default)]
pub struct Measurer {
    dist: Vec<u32>,
    queue: Vec<Cell>,
    /// Each cell's open sides as bits (side k is bit k).
    open: Vec<u16>,
    /// The open neighbours of cell c: `adj[start[c]..start[c + 1]]`. One
    /// pass over the shape's sides builds it; the searches then never ask
    /// the shape again, which is most of a measurement's time.
    start: Vec<u32>,
    adj: Vec<Cell>,
    /// The cheapest way's queue, on weighted mazes.
    heap: std::collections::BinaryHeap<std::cmp::Reverse<(u64, Cell)>>,
    cheapest: Vec<u64>,
}

const FAR: u32 = u32::MAX;

impl Measurer {
    /// Every metric of `grid` in `METRICS` order; `gen_ns` is how long the
    /// maze took to generate.
    pub fn measure(&mut self, grid: &Grid, ends: &Ends, gen_ns: f64) -> [f64; METRIC_COUNT] {
        let shape = grid.shape();
        let n = grid.cells() as usize;
        let live = f64::from(shape.live_cells().max(1));
        // Straight, turns and horizontal need opposite sides: every shape
        // but rings and triangles has them.
        let opposed = shape.opposite_side(4, 0).is_some();
        self.open.clear();
        self.open.resize(n, 0);
        self.start.clear();
        self.adj.clear();
        let (mut openings, mut horizontal) = (0u64, 0u64);
        let (mut dead, mut junctions, mut straight) = (0u32, 0u32, 0u32);
        let (mut two_way, mut three_way) = (0u32, 0u32);
        let (mut ends_degree, mut degrees) = (0u64, 0u64);
        for cell in 0..grid.cells() {
            self.start.push(self.adj.len() as u32);
            if !shape.is_cell(cell) {
                continue;
            }
            let mut bits = 0u16;
            let adj = &mut self.adj;
            shape.for_each_side(cell, |k, nb| {
                if let Some(nb) = nb {
                    if grid.is_open_between(cell, nb) {
                        bits |= 1 << k;
                        adj.push(nb);
                    }
                }
            });
            self.open[cell as usize] = bits;
            let degree = bits.count_ones();
            degrees += u64::from(degree);
            dead += u32::from(degree == 1);
            junctions += u32::from(degree >= 3);
            two_way += u32::from(degree == 2);
            three_way += u32::from(degree == 3);
            if degree != 2 {
                ends_degree += u64::from(degree);
            }
            if opposed {
                // Count each east-west opening from its west cell.
                let sides = shape.sides(cell).len();
                if let Some(east) = shape.east_side(sides) {
                    horizontal += u64::from(bits & (1 << east) != 0);
                }
                if degree == 2 {
                    let low = bits.trailing_zeros() as usize;
                    straight += u32::from(
                        shape
                            .opposite_side(sides, low)
                            .is_some_and(|o| bits == (1 << low) | (1 << o)),
                    );
                }
            }
        }
        self.start.push(self.adj.len() as u32);
        openings += degrees / 2;
        let corridors = ends_degree / 2;
        let mean_corridor = if corridors == 0 {
            openings as f64
        } else {
            openings as f64 / corridors as f64
        };

        // Distances from the entrance: the solution, and the first sweep of
        // the longest path.
        let from = ends.entrance.cell;
        self.bfs(from);
        let solution = self.dist[ends.exit.cell as usize];
        let far = self.farthest();
        let turns = if opposed && solution != FAR {
            self.turns_to(grid, ends.exit.cell)
        } else {
            f64::NAN
        };
        self.bfs(far);
        let longest = self.dist[self.farthest() as usize];
        let river = self.river(dead);
        let cost = match grid.costs() {
            Some(costs) => self.cheapest(costs, from, ends.exit.cell),
            None => f64::NAN,
        };

        let pct = |count: f64| 100.0 * count / live;
        let defined = |value: f64| if opposed { value } else { f64::NAN };
        [
            pct(f64::from(dead)),
            if solution == FAR {
                f64::NAN
            } else {
                pct(f64::from(solution) + 1.0)
            },
            f64::from(longest),
            mean_corridor,
            f64::from(junctions),
            defined(pct(f64::from(straight))),
            turns,
            defined(if openings == 0 {
                f64::NAN
            } else {
                100.0 * horizontal as f64 / openings as f64
            }),
            river,
            gen_ns / live,
            cost,
            pct(f64::from(two_way)),
            pct(f64::from(three_way)),
            pct(f64::from(junctions - three_way)),
        ]
    }

    /// What the cheapest way from `from` to `to` costs, each cell entered
    /// paying its weight (Dijkstra's algorithm over the openings); NaN
    /// when `to` cannot be reached.
    fn cheapest(&mut self, costs: &Costs, from: Cell, to: Cell) -> f64 {
        use std::cmp::Reverse;
        self.cheapest.clear();
        self.cheapest.resize(self.open.len(), u64::MAX);
        self.heap.clear();
        self.cheapest[from as usize] = 0;
        self.heap.push(Reverse((0, from)));
        while let Some(Reverse((d, cell))) = self.heap.pop() {
            if cell == to {
                return d as f64;
            }
            if d > self.cheapest[cell as usize] {
                continue;
            }
            let (a, b) = (self.start[cell as usize], self.start[cell as usize + 1]);
            for &nb in &self.adj[a as usize..b as usize] {
                let through = d + u64::from(costs.of(nb));
                if through < self.cheapest[nb as usize] {
                    self.cheapest[nb as usize] = through;
                    self.heap.push(Reverse((through, nb)));
                }
            }
        }
        f64::NAN
    }

    fn neighbors(&self, cell: Cell) -> &[Cell] {
        &self.adj[self.start[cell as usize] as usize..self.start[cell as usize + 1] as usize]
    }

    fn bfs(&mut self, from: Cell) {
        self.dist.clear();
        self.dist.resize(self.open.len(), FAR);
        self.queue.clear();
        self.dist[from as usize] = 0;
        self.queue.push(from);
        let mut head = 0;
        while head < self.queue.len() {
            let cell = self.queue[head];
            head += 1;
            let next = self.dist[cell as usize] + 1;
            let (a, b) = (self.start[cell as usize], self.start[cell as usize + 1]);
            for &nb in &self.adj[a as usize..b as usize] {
                if self.dist[nb as usize] == FAR {
                    self.dist[nb as usize] = next;
                    self.queue.push(nb);
                }
            }
        }
    }

    /// The reached cell farthest from the last search (the last one
    /// queued: breadth-first order is by distance).
    fn farthest(&self) -> Cell {
        *self.queue.last().expect("the search queues its start")
    }

    /// Turns per cell on the path back from `to` along falling distances.
    fn turns_to(&self, grid: &Grid, to: Cell) -> f64 {
        let shape = grid.shape();
        let (mut cell, mut cells, mut turns) = (to, 1u32, 0u32);
        let mut came: Option<usize> = None;
        while self.dist[cell as usize] != 0 {
            let d = self.dist[cell as usize];
            let mut step = None;
            shape.for_each_side(cell, |k, nb| {
                if let Some(nb) = nb {
                    if step.is_none()
                        && self.open[cell as usize] & (1 << k) != 0
                        && self.dist[nb as usize] + 1 == d
                    {
                        step = Some((k, nb));
                    }
                }
            });
            let (k, next) = step.expect("a reached cell has a neighbour one move nearer");
            // Entered through side `entry`, leaving through `k`: straight
            // on only if they face each other.
            let sides = shape.sides(cell).len();
            if let Some(entry) = came {
                turns += u32::from(shape.opposite_side(sides, entry) != Some(k));
            }
            // The side of `next` we arrive through (across a seam it need
            // not be the one opposite `k`).
            came = shape
                .sides(next)
                .as_slice()
                .iter()
                .position(|&s| s == Some(cell));
            cell = next;
            cells += 1;
        }
        f64::from(turns) / f64::from(cells)
    }

    /// The mean length in cells of the dead-end branches.
    fn river(&self, dead_ends: u32) -> f64 {
        if dead_ends == 0 {
            return f64::NAN;
        }
        let degree = |c: Cell| self.open[c as usize].count_ones();
        let mut total = 0u64;
        for start in 0..self.open.len() as Cell {
            if degree(start) != 1 {
                continue;
            }
            let (mut prev, mut cell, mut length) = (start, start, 1u64);
            loop {
                let next = self.neighbors(cell).iter().copied().find(|&nb| nb != prev);
                match next {
                    Some(nb) if degree(nb) == 2 => {
                        (prev, cell) = (cell, nb);
                        length += 1;
                    }
                    Some(nb) if degree(nb) == 1 => {
                        // A lone corridor with two dead ends: count it once
                        // from each end, as the whole corridor.
                        length += 1;
                        break;
                    }
                    _ => break,
                }
            }
            total += length;
        }
        total as f64 / f64::from(dead_ends)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entrance::{Door, Ends};
    use crate::shape::Dims;

    fn ends(a: Cell, b: Cell) -> Ends {
        Ends {
            entrance: Door {
                cell: a,
                side: None,
            },
            exit: Door {
                cell: b,
                side: None,
            },
        }
    }

    fn open(grid: &mut Grid, pairs: &[(Cell, Cell)]) {
        for &(a, b) in pairs {
            grid.set_open(a, b, true);
        }
    }

    fn value(row: &[f64; METRIC_COUNT], key: &str) -> f64 {
        row[metric_index(key).unwrap()]
    }

    #[test]
    fn a_three_by_three_comb_by_hand() {
        // 0 1 2      a comb: the top row open left to right, and each
        // 3 4 5      column open top to bottom.
        // 6 7 8
        let mut grid = Grid::closed(Dims::new(3, 3).unwrap());
        open(
            &mut grid,
            &[
                (0, 1),
                (1, 2),
                (0, 3),
                (3, 6),
                (1, 4),
                (4, 7),
                (2, 5),
                (5, 8),
            ],
        );
        let row = Measurer::default().measure(&grid, &ends(0, 8), 900.0);
        // Dead ends: 6, 7, 8 (3 of 9).
        assert!((value(&row, "dead_end_pct") - 100.0 / 3.0).abs() < 1e-9);
        // Solution 0-1-2-5-8: five cells; turns at 2 only (one of five).
        assert!((value(&row, "solution_pct") - 500.0 / 9.0).abs() < 1e-9);
        assert!((value(&row, "turns_per_cell") - 0.2).abs() < 1e-9);
        // Longest: 6-3-0-1-2-5-8 or 7-4-1-2-5-8...: 6 moves (6 to 8).
        assert_eq!(value(&row, "longest_path"), 6.0);
        // Degrees: 0:2 1:3 2:2 3:2 4:2 5:2 6:1 7:1 8:1. Junctions: cell 1.
        assert_eq!(value(&row, "junctions"), 1.0);
        // Shares by openings: 3 dead ends, 5 corridor cells, 1 three-way.
        assert!((value(&row, "corridor_pct") - 500.0 / 9.0).abs() < 1e-9);
        assert!((value(&row, "three_way_pct") - 100.0 / 9.0).abs() < 1e-9);
        assert_eq!(value(&row, "four_way_pct"), 0.0);
        // Straight: 3, 4, 5 (vertical runs); 0 and 2 are corners.
        assert!((value(&row, "straight_pct") - 100.0 / 3.0).abs() < 1e-9);
        // Openings 8, horizontal 2.
        assert!((value(&row, "horizontal_pct") - 25.0).abs() < 1e-9);
        // Corridors: ends at 1 (3), 6, 7, 8 (1 each): 6 / 2 = 3 corridors
        // for 8 openings.
        assert!((value(&row, "mean_corridor") - 8.0 / 3.0).abs() < 1e-9);
        // Branches: 6-3-0 (3 cells, up to junction 1), 7-4 (2), 8-5-2 (3).
        assert!((value(&row, "river") - 8.0 / 3.0).abs() < 1e-9);
        assert!((value(&row, "ns_per_cell") - 100.0).abs() < 1e-9);
    }

    #[test]
    fn a_single_corridor_is_one_branch_seen_from_both_ends() {
        let mut grid = Grid::closed(Dims::new(4, 1).unwrap());
        open(&mut grid, &[(0, 1), (1, 2), (2, 3)]);
        let row = Measurer::default().measure(&grid, &ends(0, 3), 0.0);
        assert_eq!(value(&row, "river"), 4.0);
        assert_eq!(value(&row, "turns_per_cell"), 0.0);
        assert_eq!(value(&row, "straight_pct"), 50.0);
        assert_eq!(value(&row, "horizontal_pct"), 100.0);
        assert_eq!(value(&row, "solution_pct"), 100.0);
    }

    #[test]
    fn shapes_without_opposite_sides_leave_those_metrics_undefined() {
        let shape = crate::shape::Shape::parse("triangle", "4x3", None).unwrap();
        let grid = crate::generate::generate("backtracker", crate::generate::Params::on(shape, 1))
            .unwrap();
        let ends = crate::entrance::place(&grid, crate::entrance::EntranceStyle::Norvig, 1);
        let row = Measurer::default().measure(&grid, &ends, 0.0);
        assert!(value(&row, "straight_pct").is_nan());
        assert!(value(&row, "turns_per_cell").is_nan());
        assert!(value(&row, "dead_end_pct") > 0.0);
        assert!(value(&row, "solution_pct") > 0.0);
    }
}
