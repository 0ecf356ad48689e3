//! Scaling: how a metric's mean grows with the maze's side, and the power
//! it grows as.
//!
//! 1. At each side n, `runs` mazes of n x n (seeds S, S+1, ...) are built
//!    and measured, and the metric's mean taken with its 95% interval.
//! 2. The growth exponent is the slope of the least-squares line through
//!    the points (log n, log mean): the metric grows as n^exponent.
//! 3. Its 95% interval comes from the runs themselves: 2,000 times, each
//!    size's runs are drawn again with replacement (a bootstrap), the line
//!    fitted again, and the middle 95% of the slopes kept.
//!
//! The metrics are counts and lengths, not shares, so that their powers
//! are the ones the literature names: the solution between two far
//! corners of a uniform spanning tree (Wilson's, Aldous-Broder's) grows as
//! the loop-erased random walk, n^(5/4) (Kenyon 2000), a depth-first
//! maze's nearly as n^2.

use super::measure::metric_index;
use super::{Candidate, Summary, METRIC_COUNT};
use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{Shape, Topology};

/// A metric `scaling` follows: its key, what it counts, and how it is
/// read from a measured row (`METRICS` order) of a maze of `cells` cells.
pub struct ScalingMetric {
    /// Its name on the command line and in JSON.
    pub key: &'static str,
    /// What it counts.
    pub unit: &'static str,
    read: fn(&[f64], f64) -> f64,
}

fn column(key: &str) -> usize {
    metric_index(key).expect("a metric the lab measures")
}

const fn metric(
    key: &'static str,
    unit: &'static str,
    read: fn(&[f64], f64) -> f64,
) -> ScalingMetric {
    ScalingMetric { key, unit, read }
}

/// Every metric `scaling` takes: counts and lengths (a share is made a
/// count of the maze's cells).
pub const SCALING_METRICS: [ScalingMetric; 6] = [
    metric("solution", "cells on the solution", |row, cells| {
        row[column("solution_pct")] / 100.0 * cells
    }),
    metric("longest_path", "moves", |row, _| {
        row[column("longest_path")]
    }),
    metric("dead_ends", "cells", |row, cells| {
        row[column("dead_end_pct")] / 100.0 * cells
    }),
    metric("junctions", "cells", |row, _| row[column("junctions")]),
    metric("mean_corridor", "moves", |row, _| {
        row[column("mean_corridor")]
    }),
    metric("river", "cells per dead-end branch", |row, _| {
        row[column("river")]
    }),
];

/// The metric named `key`, or what the names are.
pub fn scaling_metric(key: &str) -> Result<&'static ScalingMetric, MazeError> {
    SCALING_METRICS
        .iter()
        .find(|m| m.key == key)
        .ok_or_else(|| MazeError::BadValue {
            what: "scaling metric",
            given: key.to_string(),
            valid: SCALING_METRICS
                .iter()
                .map(|m| m.key)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Resamplings behind the exponent's interval.
const RESAMPLES: usize = 2000;

/// The most sizes a scaling takes.
pub const MAX_SIZES: usize = 16;
/// The largest side it takes.
pub const MAX_SIDE: u32 = 2048;

/// Checks the sides: 2 to `MAX_SIZES` of them, each 2 to `MAX_SIDE`,
/// increasing; `given` is how the person wrote them.
pub fn check_sizes(sizes: &[u32], given: &str) -> Result<(), MazeError> {
    let fits = (2..=MAX_SIZES).contains(&sizes.len())
        && sizes.iter().all(|s| (2..=MAX_SIDE).contains(s))
        && sizes.windows(2).all(|w| w[0] < w[1]);
    if fits {
        Ok(())
    } else {
        Err(MazeError::BadValue {
            what: "sizes",
            given: given.to_string(),
            valid: format!(
                "2 to {MAX_SIZES} increasing sides from 2 to {MAX_SIDE}, e.g. 16,32,64,128"
            ),
        })
    }
}

/// Reads `16,32,64` (checked as `check_sizes` does).
pub fn parse_sizes(text: &str) -> Result<Vec<u32>, MazeError> {
    let sizes: Vec<u32> = text
        .split(',')
        .map(|s| s.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    check_sizes(&sizes, text)?;
    Ok(sizes)
}

/// A scaling's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Scaling {
    /// The candidate's spec.
    pub algorithm: String,
    /// The shape's name.
    pub shape: String,
    /// The metric's key.
    pub metric: &'static str,
    /// What the metric counts.
    pub unit: &'static str,
    /// Mazes at each size.
    pub runs: u64,
    /// The first maze's seed at every size.
    pub seed: u64,
    /// The sides.
    pub sizes: Vec<u32>,
    /// Each size's mean, with its 95% interval.
    pub means: Vec<Summary>,
    /// The growth exponent.
    pub exponent: f64,
    /// Its 95% interval's low end.
    pub low: f64,
    /// Its 95% interval's high end.
    pub high: f64,
}

/// The slope of the least-squares line through `(x, y)`.
pub fn slope(xs: &[f64], ys: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for (x, y) in xs.iter().zip(ys) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
    }
    sxy / sxx
}

/// The size text `Shape::parse` reads for side `n` of `shape`: rings for
/// polar, `n` x `n` for the rest.
pub fn size_text(shape: &str, n: u32) -> String {
    if shape == "polar" {
        n.to_string()
    } else {
        format!("{n}x{n}")
    }
}

/// Fits the exponent to `values[k]` (the metric of each run at side
/// `sizes[k]`), with its bootstrap interval drawn from `seed`.
pub fn fit(
    sizes: &[u32],
    values: &[Vec<f64>],
    seed: u64,
) -> Result<(Vec<Summary>, f64, f64, f64), MazeError> {
    let means: Vec<Summary> = values
        .iter()
        .zip(sizes)
        .map(|(v, n)| {
            Summary::of(v.iter().copied())
                .filter(|s| s.mean > 0.0)
                .ok_or_else(|| MazeError::BadValue {
                    what: "metric for a scaling",
                    given: format!("a mean of 0 or none at side {n}"),
                    valid: "a metric these mazes have, above 0 at every size".into(),
                })
        })
        .collect::<Result<_, _>>()?;
    let xs: Vec<f64> = sizes.iter().map(|&n| f64::from(n).ln()).collect();
    let ys: Vec<f64> = means.iter().map(|s| s.mean.ln()).collect();
    let exponent = slope(&xs, &ys);
    let mut rng = Rng::new(seed ^ 0x5ca1_ab1e);
    let mut slopes = Vec::with_capacity(RESAMPLES);
    let mut resampled = vec![0.0; sizes.len()];
    for _ in 0..RESAMPLES {
        for (y, v) in resampled.iter_mut().zip(values) {
            let sum: f64 = (0..v.len())
                .map(|_| v[rng.below(v.len() as u32) as usize])
                .sum();
            *y = (sum / v.len() as f64).max(f64::MIN_POSITIVE).ln();
        }
        slopes.push(slope(&xs, &resampled));
    }
    slopes.sort_by(f64::total_cmp);
    let at = |q: f64| slopes[((RESAMPLES as f64 - 1.0) * q).round() as usize];
    Ok((means, exponent, at(0.025), at(0.975)))
}

/// Measures `runs` mazes of a shape from a seed: rows of `METRIC_COUNT`.
pub type Rows<'a> = dyn Fn(&Shape, u64, u64) -> Result<Vec<f64>, MazeError> + 'a;

/// Runs a scaling: `rows(shape, seed, runs)` measures `runs` mazes of the
/// shape from `seed` (the CLI spreads them over its cores), each a row of
/// `METRIC_COUNT` values.
#[allow(clippy::too_many_arguments)]
pub fn run(
    candidate: &Candidate,
    shape: &str,
    wrap: Option<&str>,
    sizes: &[u32],
    metric: &'static ScalingMetric,
    runs: u64,
    seed: u64,
    rows: &Rows,
    progress: &mut dyn FnMut(usize),
) -> Result<Scaling, MazeError> {
    let shapes = shapes(candidate, shape, wrap, sizes)?;
    let mut values = Vec::with_capacity(sizes.len());
    for (k, s) in shapes.iter().enumerate() {
        values.push(metric.values(s, &rows(s, seed, runs)?));
        progress(k + 1);
    }
    assemble(candidate, &shapes[0], sizes, metric, runs, seed, values)
}

/// The shape at each side, each checked against the candidate.
fn shapes(
    candidate: &Candidate,
    shape: &str,
    wrap: Option<&str>,
    sizes: &[u32],
) -> Result<Vec<Shape>, MazeError> {
    let shapes: Vec<Shape> = sizes
        .iter()
        .map(|&n| Shape::parse(shape, &size_text(shape, n), wrap))
        .collect::<Result<_, _>>()?;
    for s in &shapes {
        candidate.check(s)?;
    }
    Ok(shapes)
}

impl ScalingMetric {
    /// The metric of each measured row of mazes of `shape`.
    pub fn values(&self, shape: &Shape, rows: &[f64]) -> Vec<f64> {
        let cells = f64::from(shape.live_cells());
        rows.chunks(METRIC_COUNT)
            .map(|row| (self.read)(row, cells))
            .collect()
    }
}

/// The scaling from each size's values in seed order, however they were
/// measured.
fn assemble(
    candidate: &Candidate,
    first: &Shape,
    sizes: &[u32],
    metric: &'static ScalingMetric,
    runs: u64,
    seed: u64,
    values: Vec<Vec<f64>>,
) -> Result<Scaling, MazeError> {
    let (means, exponent, low, high) = fit(sizes, &values, seed)?;
    Ok(Scaling {
        algorithm: candidate.spec(),
        shape: first.name().to_string(),
        metric: metric.key,
        unit: metric.unit,
        runs,
        seed,
        sizes: sizes.to_vec(),
        means,
        exponent,
        low,
        high,
    })
}

/// What `scaling` is asked for (the CLI's and the Python package's).
#[derive(Clone, Debug)]
pub struct ScalingRequest {
    /// The generator, or `growing-tree:POP`.
    pub algorithm: String,
    /// The metric's key (`SCALING_METRICS`).
    pub metric: String,
    /// The sides.
    pub sizes: Vec<u32>,
    /// The shape's name.
    pub shape: String,
    /// The square's wrap (`x`, `y`, `xy`), if any.
    pub wrap: Option<String>,
    /// Mazes at each size.
    pub runs: u64,
    /// The first seed; `None` draws one.
    pub seed: Option<u64>,
}

impl ScalingRequest {
    /// The candidate, the metric and the checked sides.
    fn parts(&self) -> Result<(Candidate, &'static ScalingMetric), MazeError> {
        let c = Candidate::parse(&self.algorithm)?;
        let metric = scaling_metric(&self.metric)?;
        check_sizes(&self.sizes, &format!("{:?}", self.sizes))?;
        super::run::check_runs(self.runs.saturating_mul(self.sizes.len() as u64))?;
        Ok((c, metric))
    }
}

/// Runs a scaling on every core; `progress(done)` hears of each size
/// measured.
#[cfg(not(target_arch = "wasm32"))]
pub fn scaling(
    request: &ScalingRequest,
    progress: &mut dyn FnMut(usize),
) -> Result<Scaling, MazeError> {
    let (c, metric) = request.parts()?;
    let seed = request.seed.unwrap_or_else(crate::rng::fresh_seed);
    let texture = crate::generate::texture::Texture::default();
    let rows = |shape: &Shape, seed: u64, runs: u64| {
        super::stats::measure_here(&c, shape, &texture, seed, runs)
    };
    run(
        &c,
        &request.shape,
        request.wrap.as_deref(),
        &request.sizes,
        metric,
        request.runs,
        seed,
        &rows,
        progress,
    )
}

/// A share of a scaling, for a cluster's worker: the metric of `runs`
/// mazes at side `side`, seeds `seed` on, in seed order (on every core).
#[cfg(not(target_arch = "wasm32"))]
pub fn scaling_values(
    request: &ScalingRequest,
    side: u32,
    seed: u64,
    runs: u64,
) -> Result<Vec<f64>, MazeError> {
    let (c, metric) = request.parts()?;
    super::run::check_runs(runs)?;
    let shape = &shapes(&c, &request.shape, request.wrap.as_deref(), &[side])?[0];
    let texture = crate::generate::texture::Texture::default();
    let rows = super::stats::measure_here(&c, shape, &texture, seed, runs)?;
    Ok(metric.values(shape, &rows))
}

/// The scaling from every size's values, gathered from the shares
/// `scaling_values` gave and put in seed order: the same figures as
/// `scaling` for the same seeds, since the fit sees the same values.
pub fn scaling_from_values(
    request: &ScalingRequest,
    seed: u64,
    values: Vec<Vec<f64>>,
) -> Result<Scaling, MazeError> {
    let (c, metric) = request.parts()?;
    let whole = values.len() == request.sizes.len()
        && values.iter().all(|v| v.len() as u64 == request.runs);
    if !whole {
        return Err(MazeError::BadValue {
            what: "scaling values",
            given: format!(
                "{:?} values",
                values.iter().map(Vec::len).collect::<Vec<_>>()
            ),
            valid: format!(
                "{} values at each of {} sizes",
                request.runs,
                request.sizes.len()
            ),
        });
    }
    let shapes = shapes(&c, &request.shape, request.wrap.as_deref(), &request.sizes)?;
    assemble(
        &c,
        &shapes[0],
        &request.sizes,
        metric,
        request.runs,
        seed,
        values,
    )
}

impl Scaling {
    /// The JSON the CLI and the Python package give: `sizes`, each size's
    /// `means` and `intervals`, `exponent`, `low`, `high`.
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "algorithm": self.algorithm,
            "shape": self.shape,
            "metric": self.metric,
            "unit": self.unit,
            "runs": self.runs,
            "seed": self.seed,
            "sizes": self.sizes,
            "means": self.means.iter().map(|s| s.mean).collect::<Vec<f64>>(),
            "intervals": self.means.iter().map(|s| [s.ci95.0, s.ci95.1]).collect::<Vec<[f64; 2]>>(),
            "exponent": self.exponent,
            "low": self.low,
            "high": self.high,
        })
        .to_string()
    }

    /// A table a person reads: each side's mean and interval, then the
    /// fitted power.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{} on {}, {} ({}), {} mazes a size from seed {}\n\n{:>6}  {:>14}  {:>27}\n",
            self.algorithm,
            self.shape,
            self.metric,
            self.unit,
            self.runs,
            self.seed,
            "side",
            "mean",
            "95% interval"
        );
        for (n, s) in self.sizes.iter().zip(&self.means) {
            out += &format!(
                "{n:>6}  {:>14.3}  {:>12.3} - {:>12.3}\n",
                s.mean, s.ci95.0, s.ci95.1
            );
        }
        out += &format!(
            "\ngrows as side^{:.3} (95% interval {:.3} - {:.3}, a least-squares fit on the logs; the interval from {RESAMPLES} resamplings of the runs)\n",
            self.exponent, self.low, self.high
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slope_of_a_power_law_is_its_power() {
        let sizes = [16u32, 32, 64, 128];
        let xs: Vec<f64> = sizes.iter().map(|&n| f64::from(n).ln()).collect();
        let ys: Vec<f64> = sizes
            .iter()
            .map(|&n| (3.0 * f64::from(n).powf(1.25)).ln())
            .collect();
        assert!((slope(&xs, &ys) - 1.25).abs() < 1e-12);
        // Noisy runs about n^1.25: the interval holds the power and is narrow.
        let mut rng = Rng::new(3);
        let values: Vec<Vec<f64>> = sizes
            .iter()
            .map(|&n| {
                (0..50)
                    .map(|_| {
                        f64::from(n).powf(1.25) * (0.9 + 0.2 * f64::from(rng.below(1000)) / 1000.0)
                    })
                    .collect()
            })
            .collect();
        let (means, exponent, low, high) = fit(&sizes, &values, 7).unwrap();
        assert_eq!(means.len(), 4);
        assert!(
            low < 1.25 && 1.25 < high && high - low < 0.05,
            "{exponent} {low}-{high}"
        );
    }

    #[test]
    fn sizes_and_metrics_are_read_or_refused_by_name() {
        assert_eq!(parse_sizes("16, 32,64").unwrap(), [16, 32, 64]);
        for bad in ["16", "32,16", "1,4", "16,x", "16,5000"] {
            assert!(parse_sizes(bad).is_err(), "{bad}");
        }
        assert_eq!(
            scaling_metric("solution").map(|m| m.key).ok(),
            Some("solution")
        );
        let err = scaling_metric("beauty")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.contains("beauty") && err.contains("longest_path"),
            "{err}"
        );
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_scaling_from_shares_fits_what_one_process_fits() {
        let request = ScalingRequest {
            algorithm: "backtracker".into(),
            metric: "solution".into(),
            sizes: vec![6, 10, 14],
            shape: "square".into(),
            wrap: None,
            runs: 20,
            seed: Some(9),
        };
        let whole = scaling(&request, &mut |_| {}).unwrap();
        let values = request
            .sizes
            .iter()
            .map(|&n| {
                let mut v = scaling_values(&request, n, 9, 8).unwrap();
                v.extend(scaling_values(&request, n, 17, 12).unwrap());
                v
            })
            .collect();
        assert_eq!(scaling_from_values(&request, 9, values).unwrap(), whole);
        assert!(scaling_from_values(&request, 9, vec![vec![1.0]; 3]).is_err());
    }
}
