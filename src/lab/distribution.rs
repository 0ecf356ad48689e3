//! Distributions over every passage of many mazes, and the power they fall
//! as: what the physics of the uniform spanning tree measures (Manna,
//! Dhar and Majumdar, Phys. Rev. A 46, R4471, 1992).
//!
//! - **branch**: cutting a passage of a perfect maze splits it in two; the
//!   branch is the smaller part, in cells. For the uniform spanning tree
//!   the chance of a branch of s cells falls as s^(-11/8).
//! - **loop**: opening a wall of a perfect maze closes a loop through the
//!   maze's path between its two cells; its length is that path's cells.
//!   For the uniform spanning tree it falls as l^(-8/5). Each maze gives
//!   `LOOP_SAMPLES` walls drawn at random (a path is walked up to where
//!   the two cells' ways to the root meet).
//!
//! The values go into bins a quarter of an octave wide; the density of a
//! bin is its count over the values and over the integers it spans. The
//! power is the least-squares slope of log density on log size over the
//! bins between `FIT_FROM` and a twentieth of the cells (past it the
//! maze's edge cuts the law off), and its 95% interval the t-interval of
//! the same fit in `GROUPS` groups of the mazes (maze i in group i mod 10).

use crate::grid::Grid;
use crate::rng::Rng;
use crate::shape::{Cell, Topology};

/// Bins per octave.
const PER_OCTAVE: f64 = 4.0;
/// Walls drawn per maze for loop lengths.
pub const LOOP_SAMPLES: usize = 200;
/// The smallest size fitted (below it the lattice shows).
pub const FIT_FROM: f64 = 4.0;
/// Groups of mazes, for the interval.
pub const GROUPS: usize = 10;

/// What is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// Branch sizes, a cut passage's smaller side.
    Branch,
    /// Loop lengths, an opened wall's loop.
    Loop,
}

impl Quantity {
    /// Both, as the CLI lists them.
    pub const ALL: [Quantity; 2] = [Quantity::Branch, Quantity::Loop];

    /// Its name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Quantity::Branch => "branch",
            Quantity::Loop => "loop",
        }
    }

    /// The power published for the uniform spanning tree.
    pub fn published(self) -> f64 {
        match self {
            Quantity::Branch => -11.0 / 8.0,
            Quantity::Loop => -8.0 / 5.0,
        }
    }
}

/// Counts in log bins: bin k holds the values v with
/// floor(PER_OCTAVE * log2 v) = k.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Histogram {
    /// Each bin's count.
    pub counts: Vec<u64>,
    /// The values counted.
    pub total: u64,
}

fn bin_of(v: u64) -> usize {
    (PER_OCTAVE * (v as f64).log2()).floor() as usize
}

/// The integers bin k spans: [lo, hi).
fn bin_span(k: usize) -> (f64, f64) {
    let edge = |k: usize| (2f64.powf(k as f64 / PER_OCTAVE) - 1e-9).ceil();
    (edge(k), edge(k + 1))
}

impl Histogram {
    /// Counts one value (at least 1).
    pub fn add(&mut self, v: u64) {
        let k = bin_of(v.max(1));
        if self.counts.len() <= k {
            self.counts.resize(k + 1, 0);
        }
        self.counts[k] += 1;
        self.total += 1;
    }

    /// Adds another histogram's counts (merging is exact).
    pub fn merge(&mut self, other: &Histogram) {
        if self.counts.len() < other.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.total += other.total;
    }

    /// Each non-empty bin: the lowest and the highest value it holds, its
    /// count, and its density (its share of the values per integer).
    pub fn bins(&self) -> Vec<(f64, f64, u64, f64)> {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(k, &c)| {
                let (lo, hi) = bin_span(k);
                let width = (hi - lo).max(1.0);
                (lo, hi - 1.0, c, c as f64 / self.total as f64 / width)
            })
            .collect()
    }

    /// Each non-empty bin: its middle (geometric) and its density.
    pub fn densities(&self) -> Vec<(f64, f64)> {
        self.bins()
            .into_iter()
            .map(|(lo, hi, _, density)| ((lo * hi).sqrt(), density))
            .collect()
    }

    /// The slope of log density on log size over the bins from `from` to
    /// `to` (at least three bins), or `None`.
    pub fn power(&self, from: f64, to: f64) -> Option<f64> {
        let (xs, ys): (Vec<f64>, Vec<f64>) = self
            .densities()
            .into_iter()
            .filter(|&(x, _)| x >= from && x <= to)
            .map(|(x, d)| (x.ln(), d.ln()))
            .unzip();
        (xs.len() >= 3).then(|| super::scaling::slope(&xs, &ys))
    }
}

/// The maze's passages as a tree rooted at its first live cell (a
/// perfect maze): each cell's parent and depth, and the cells in
/// breadth-first order (`analyze`'s walk).
struct Tree {
    parent: Vec<Cell>,
    depth: Vec<u32>,
    order: Vec<Cell>,
}

fn tree(grid: &Grid) -> Tree {
    let n = grid.cells() as usize;
    let mut t = Tree {
        parent: vec![Cell::MAX; n],
        depth: vec![0; n],
        order: Vec::with_capacity(n),
    };
    let shape = grid.shape();
    if let Some(root) = (0..grid.cells()).find(|&c| shape.is_cell(c)) {
        t.parent[root as usize] = root;
        t.order.push(root);
        crate::analyze::breadth_first(grid, root, |cell, next, moves| {
            let new = t.parent[next as usize] == Cell::MAX;
            if new {
                t.parent[next as usize] = cell;
                t.depth[next as usize] = moves;
                t.order.push(next);
            }
            new
        });
    }
    t
}

/// Every passage's branch: the smaller part, in cells, that cutting it
/// splits off.
pub fn branch_sizes(grid: &Grid, hist: &mut Histogram) {
    let Tree { parent, order, .. } = tree(grid);
    let n = order.len() as u64;
    let mut size = vec![1u64; grid.cells() as usize];
    for &c in order.iter().skip(1).rev() {
        size[parent[c as usize] as usize] += size[c as usize];
    }
    for &c in order.iter().skip(1) {
        let s = size[c as usize];
        hist.add(s.min(n - s));
    }
}

/// `samples` walls drawn at random: the length in cells of the loop each
/// would close (the maze's path between its two cells).
pub fn loop_lengths(grid: &Grid, rng: &mut Rng, samples: usize, hist: &mut Histogram) {
    let Tree { parent, depth, .. } = tree(grid);
    let mut walls = Vec::new();
    grid.shape().for_each_edge(|a, b| {
        if !grid.is_open_between(a, b) {
            walls.push((a, b));
        }
    });
    if walls.is_empty() {
        return;
    }
    for _ in 0..samples {
        let (mut a, mut b) = walls[rng.below(walls.len() as u32) as usize];
        if parent[a as usize] == Cell::MAX || parent[b as usize] == Cell::MAX {
            continue;
        }
        let mut cells = 1u64;
        while a != b {
            if depth[a as usize] >= depth[b as usize] {
                a = parent[a as usize];
            } else {
                b = parent[b as usize];
            }
            cells += 1;
        }
        hist.add(cells);
    }
}

/// A power fitted over groups of mazes: the whole's slope and the 95%
/// t-interval of the groups' slopes.
#[derive(Clone, Debug)]
pub struct PowerFit {
    /// The slope over all the mazes.
    pub exponent: f64,
    /// Its 95% interval's lower end.
    pub low: f64,
    /// Its upper end.
    pub high: f64,
    /// All the mazes' counts.
    pub histogram: Histogram,
}

/// Fits the power over `groups` (each a histogram of some of the mazes)
/// between `FIT_FROM` and `to`.
pub fn fit(groups: &[Histogram], to: f64) -> Option<PowerFit> {
    let mut all = Histogram::default();
    for g in groups {
        all.merge(g);
    }
    let exponent = all.power(FIT_FROM, to)?;
    let slopes: Vec<f64> = groups
        .iter()
        .filter_map(|g| g.power(FIT_FROM, to))
        .collect();
    let k = slopes.len() as f64;
    let (low, high) = if slopes.len() >= 2 {
        let mean = slopes.iter().sum::<f64>() / k;
        let sd = (slopes.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / (k - 1.0)).sqrt();
        let half = super::special::t95(slopes.len() as u64 - 1) * sd / k.sqrt();
        (exponent - half, exponent + half)
    } else {
        (f64::NAN, f64::NAN)
    };
    Some(PowerFit {
        exponent,
        low,
        high,
        histogram: all,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Dims;

    #[test]
    fn a_corridor_s_branches_and_loops_by_hand() {
        // A 6 x 1 corridor: cutting passage k splits k cells from 6 - k.
        let mut grid = Grid::closed(Dims::new(6, 1).unwrap());
        for c in 0..5 {
            grid.set_open(c, c + 1, true);
        }
        let mut h = Histogram::default();
        branch_sizes(&grid, &mut h);
        // Branches 1, 2, 3, 2, 1: bins of 1 (k 0), 2 (k 4), 3 (k 6).
        assert_eq!(h.total, 5);
        assert_eq!((h.counts[0], h.counts[4], h.counts[6]), (2, 2, 1));
        // A 3 x 2 comb: the wall 1-4 closes the loop 1-0-3-4: 4 cells.
        let mut comb = Grid::closed(Dims::new(3, 2).unwrap());
        for (a, b) in [(0, 1), (1, 2), (0, 3), (2, 5), (3, 4)] {
            comb.set_open(a, b, true);
        }
        let mut h = Histogram::default();
        loop_lengths(&comb, &mut Rng::new(1), 50, &mut h);
        // Walls 1-4 (loop 0-1-4-3... 4 cells) and 4-5 (the whole ring, 6).
        assert_eq!(h.total, 50);
        assert_eq!(h.counts.iter().sum::<u64>(), 50);
        assert!(h.counts[bin_of(4)] > 0 && h.counts[bin_of(6)] > 0);
    }

    #[test]
    fn groups_cross_a_worker_boundary_unchanged() {
        let shape = crate::shape::Shape::parse("square", "12x12", None).unwrap();
        let c = crate::lab::Candidate::parse("wilson").unwrap();
        let groups = count(&c, &shape, Quantity::Branch, 5, 23, 0).unwrap();
        let back = unflatten(&flatten(&groups).unwrap()).unwrap();
        assert_eq!(back, groups);
        assert!(unflatten(&[3, 1, 2]).is_none());
    }

    #[test]
    fn a_power_law_s_slope_is_found() {
        // Values drawn exactly as s^-1.5 densities: the fit gives -1.5.
        let mut h = Histogram::default();
        for s in 1..=4096u64 {
            let n = (1e7 * (s as f64).powf(-1.5)).round() as u64;
            for _ in 0..n {
                h.add(s);
            }
        }
        let p = h.power(4.0, 1024.0).unwrap();
        assert!((p + 1.5).abs() < 0.05, "{p}");
    }
}

/// What `mazelab distribution` is asked for.
#[derive(Clone, Debug)]
pub struct DistributionRequest {
    /// The generator, or `growing-tree:POP`.
    pub algorithm: String,
    /// What to count.
    pub quantity: Quantity,
    /// The shape's name.
    pub shape: String,
    /// The size as the CLI writes it.
    pub size: String,
    /// The square's wrap, if any.
    pub wrap: Option<String>,
    /// Mazes: seeds `seed`, `seed + 1`, ...
    pub runs: u64,
    /// The first seed.
    pub seed: u64,
}

/// A distribution measured, and its power.
#[derive(Clone, Debug)]
pub struct Distribution {
    /// The request's generator (its spec).
    pub algorithm: String,
    /// What was counted.
    pub quantity: Quantity,
    /// The shape's name and size.
    pub shape: String,
    /// The size as the CLI writes it.
    pub size: String,
    /// Mazes measured.
    pub runs: u64,
    /// The first seed.
    pub seed: u64,
    /// The fit's upper end (a twentieth of the cells).
    pub fit_to: f64,
    /// The power and its interval (`None` when too few bins).
    pub fit: Option<PowerFit>,
}

/// Counts `quantity` in maze `i`'s histogram group, for mazes `seed ..
/// seed + count` of a candidate: merged exactly, so any split of the seeds
/// over threads or machines gives the same counts.
pub fn count(
    candidate: &super::Candidate,
    shape: &crate::shape::Shape,
    quantity: Quantity,
    seed: u64,
    count: u64,
    first: u64,
) -> Result<Vec<Histogram>, crate::error::MazeError> {
    let mut groups = vec![Histogram::default(); GROUPS];
    for i in 0..count {
        let maze_seed = seed.wrapping_add(i);
        let grid = crate::generate::generate(
            candidate.algorithm.name,
            candidate.params(shape, maze_seed),
        )?;
        let group = &mut groups[((first + i) % GROUPS as u64) as usize];
        match quantity {
            Quantity::Branch => branch_sizes(&grid, group),
            Quantity::Loop => {
                let mut rng = Rng::with_stream(maze_seed, 0x6c6f_6f70);
                loop_lengths(&grid, &mut rng, LOOP_SAMPLES, group);
            }
        }
    }
    Ok(groups)
}

/// The groups' histograms as one array a Web Worker hands back: the
/// number of bins, then each group's counts over that many bins. A count
/// past `u32` (billions of passages in one job) is refused.
pub fn flatten(groups: &[Histogram]) -> Result<Vec<u32>, crate::error::MazeError> {
    let bins = groups.iter().map(|g| g.counts.len()).max().unwrap_or(0);
    let mut out = Vec::with_capacity(1 + bins * groups.len());
    out.push(bins as u32);
    for g in groups {
        for k in 0..bins {
            let c = g.counts.get(k).copied().unwrap_or(0);
            out.push(
                u32::try_from(c).map_err(|_| crate::error::MazeError::BadValue {
                    what: "distribution job",
                    given: format!("{c} values in one bin"),
                    valid: "fewer mazes a job".into(),
                })?,
            );
        }
    }
    Ok(out)
}

/// Reads what `flatten` wrote: `GROUPS` histograms, or `None` if the array
/// is not that shape.
pub fn unflatten(flat: &[u32]) -> Option<Vec<Histogram>> {
    let (&bins, rest) = flat.split_first()?;
    let bins = bins as usize;
    if rest.len() != bins * GROUPS {
        return None;
    }
    Some(
        (0..GROUPS)
            .map(|g| {
                let counts: Vec<u64> = rest[g * bins..(g + 1) * bins]
                    .iter()
                    .map(|&c| u64::from(c))
                    .collect();
                Histogram {
                    total: counts.iter().sum(),
                    counts,
                }
            })
            .collect(),
    )
}

/// The distribution of `runs` mazes from `seed` from their groups'
/// counts, however they were gathered.
pub fn from_groups(
    groups: &[Histogram],
    (candidate, shape): (&super::Candidate, &crate::shape::Shape),
    quantity: Quantity,
    (runs, seed): (u64, u64),
) -> Distribution {
    let fit_to = f64::from(shape.live_cells()) / 20.0;
    Distribution {
        algorithm: candidate.spec(),
        quantity,
        shape: shape.name().to_string(),
        size: shape.size_text(),
        runs,
        seed,
        fit_to,
        fit: fit(groups, fit_to),
    }
}

/// Measures the request's mazes on every core and fits the power.
#[cfg(not(target_arch = "wasm32"))]
pub fn distribution(r: &DistributionRequest) -> Result<Distribution, crate::error::MazeError> {
    let c = super::Candidate::parse(&r.algorithm)?;
    let shape = crate::shape::Shape::parse(&r.shape, &r.size, r.wrap.as_deref())?;
    c.check(&shape)?;
    super::run::check_runs(r.runs)?;
    let parts = super::run::in_parallel(r.seed, r.runs, |from, n| {
        count(&c, &shape, r.quantity, from, n, from.wrapping_sub(r.seed))
    })?;
    let mut groups = vec![Histogram::default(); GROUPS];
    for part in parts {
        for (g, p) in groups.iter_mut().zip(&part) {
            g.merge(p);
        }
    }
    Ok(from_groups(
        &groups,
        (&c, &shape),
        r.quantity,
        (r.runs, r.seed),
    ))
}

impl Distribution {
    /// The bins as (lowest value, highest value, count, density).
    fn bins(&self) -> Vec<(f64, f64, u64, f64)> {
        self.fit.as_ref().map_or(Vec::new(), |f| f.histogram.bins())
    }

    /// A table: the power with its interval beside the published one,
    /// then each bin.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut out = format!(
            "{} {} sizes, {} {} mazes from seed {} ({} runs)\n",
            self.algorithm,
            self.quantity.name(),
            self.shape,
            self.size,
            self.seed,
            self.runs
        );
        match &self.fit {
            Some(f) => {
                let _ = writeln!(
                    out,
                    "power {:.3} [{:.3}, {:.3}] over {FIT_FROM} to {:.0}; the uniform spanning tree's: {:.3}",
                    f.exponent,
                    f.low,
                    f.high,
                    self.fit_to,
                    self.quantity.published()
                );
            }
            None => out.push_str("power: too few bins to fit (a bigger maze)\n"),
        }
        out.push_str("from     to       count      density\n");
        for (lo, hi, c, d) in self.bins() {
            let _ = writeln!(out, "{lo:<8} {hi:<8} {c:<10} {d:.6e}");
        }
        out
    }

    /// The same as JSON.
    pub fn to_json(&self) -> String {
        let fit = self.fit.as_ref();
        serde_json::json!({
            "algorithm": self.algorithm,
            "quantity": self.quantity.name(),
            "shape": self.shape,
            "size": self.size,
            "runs": self.runs,
            "seed": self.seed,
            "exponent": fit.map(|f| f.exponent),
            "low": fit.map(|f| f.low),
            "high": fit.map(|f| f.high),
            "published": self.quantity.published(),
            "fit_from": FIT_FROM,
            "fit_to": self.fit_to,
            "bins": self.bins().iter().map(|&(lo, hi, c, d)| serde_json::json!([lo, hi, c, d])).collect::<Vec<_>>(),
        })
        .to_string()
    }
}
