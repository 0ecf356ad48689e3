//! The lab's results as text, JSON and CSV: the same files from the CLI
//! and the page's downloads.

use super::measure::{METRICS, METRIC_COUNT};
use super::summary::Summary;
use super::uniformity::{format_p, Uniformity};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use std::fmt::Write;

/// A figure as the reports give it: to six decimals, a whole number
/// without a point, and `null` for an infinity or NaN (JSON has neither).
#[derive(Clone, Copy, Debug)]
pub struct Figure(pub f64);

impl Serialize for Figure {
    fn serialize<S: Serializer>(&self, out: S) -> Result<S::Ok, S::Error> {
        let v = (self.0 * 1e6).round() / 1e6;
        if !v.is_finite() {
            out.serialize_none()
        } else if v.fract() == 0.0 && v.abs() < 1e15 {
            out.serialize_i64(v as i64)
        } else {
            out.serialize_f64(v)
        }
    }
}

/// One metric's summary in a stats report.
#[derive(Serialize)]
struct MetricJson {
    mean: Figure,
    std: Figure,
    min: Figure,
    max: Figure,
    ci95: [Figure; 2],
}

/// The metrics a shape defines, as an object in `METRICS` order.
struct MetricsJson<'a>(&'a [Option<Summary>]);

impl Serialize for MetricsJson<'_> {
    fn serialize<S: Serializer>(&self, out: S) -> Result<S::Ok, S::Error> {
        let mut map = out.serialize_map(None)?;
        for (info, summary) in METRICS.iter().zip(self.0) {
            let Some(s) = summary else { continue };
            let [mean, std, min, max, lo, hi] = figures(s).map(Figure);
            map.serialize_entry(
                info.key,
                &MetricJson {
                    mean,
                    std,
                    min,
                    max,
                    ci95: [lo, hi],
                },
            )?;
        }
        map.end()
    }
}

/// A stats report as the CLI's JSON and the page's download give it: the
/// one definition of that data.
#[derive(Serialize)]
pub struct StatsJson<'a> {
    /// The candidate's spec.
    pub algorithm: &'a str,
    /// The shape's name.
    pub shape: &'a str,
    /// The size as the link spells it.
    pub size: &'a str,
    /// Mazes measured.
    pub runs: u64,
    /// The first maze's seed.
    pub seed: u64,
    metrics: MetricsJson<'a>,
}

/// A uniformity verdict as the CLI's JSON and the page's download give it.
#[derive(Serialize)]
pub struct UniformityJson<'a> {
    /// The candidate's spec.
    pub algorithm: &'a str,
    /// The square's size.
    pub size: &'a str,
    /// How many spanning trees the square has.
    pub trees: usize,
    /// Mazes drawn.
    pub runs: u64,
    /// The first maze's seed.
    pub seed: u64,
    /// How often each tree came out.
    pub counts: &'a [u64],
    /// Pearson's chi-square against the uniform counts.
    pub chi2: Figure,
    /// Its p-value.
    pub p_value: Figure,
    /// The total-variation distance from uniform.
    pub tv_distance: Figure,
    /// Trees never drawn.
    pub missing: usize,
    /// The verdict in words.
    pub verdict: &'static str,
}

/// The statistics of one candidate over a run.
#[derive(Clone, Debug, PartialEq)]
pub struct StatsReport {
    /// The candidate's spec (`growing-tree:newest`) and label.
    pub algorithm: String,
    /// How the page and reports name it.
    pub label: String,
    /// The shape's name.
    pub shape: String,
    /// The size as the link spells it.
    pub size: String,
    /// Mazes measured.
    pub runs: u64,
    /// The first maze's seed.
    pub seed: u64,
    /// One per metric in `METRICS` order; `None` where the shape does not
    /// define it.
    pub metrics: Vec<Option<Summary>>,
}

impl StatsReport {
    /// Summarises rows of `METRIC_COUNT` values, one row per maze.
    pub fn from_rows(
        algorithm: String,
        label: String,
        shape: String,
        size: String,
        seed: u64,
        rows: &[f64],
    ) -> StatsReport {
        let runs = (rows.len() / METRIC_COUNT) as u64;
        let metrics = super::stats::tallies(rows)
            .iter()
            .map(super::tally::Tally::summary)
            .collect();
        StatsReport {
            algorithm,
            label,
            shape,
            size,
            runs,
            seed,
            metrics,
        }
    }

    /// The report's data, for serde.
    pub fn data(&self) -> StatsJson<'_> {
        StatsJson {
            algorithm: &self.algorithm,
            shape: &self.shape,
            size: &self.size,
            runs: self.runs,
            seed: self.seed,
            metrics: MetricsJson(&self.metrics),
        }
    }

    /// `{"algorithm", "shape", "size", "runs", "seed", "metrics": {...}}`,
    /// a metric the shape does not define left out.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.data()).expect("a report is plain data")
    }

    /// The CSV header that `csv_rows` fills.
    pub const CSV_HEADER: &'static str =
        "algorithm,shape,size,runs,seed,metric,mean,std,min,max,ci95_low,ci95_high\n";

    /// One CSV row per metric.
    pub fn csv_rows(&self) -> String {
        let mut out = String::new();
        for (info, summary) in METRICS.iter().zip(&self.metrics) {
            let Some(s) = summary else { continue };
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{}",
                self.algorithm,
                self.shape,
                self.size,
                self.runs,
                self.seed,
                info.key,
                figures(s).map(csv_num).join(",")
            );
        }
        out
    }

    /// A table for the terminal.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{} on {} {}: {} mazes, seeds {}..\n",
            self.label, self.shape, self.size, self.runs, self.seed
        );
        let _ = writeln!(
            out,
            "{:<20} {:>12} {:>10} {:>10} {:>10}  {:<25} unit",
            "metric", "mean", "std", "min", "max", "95% CI of the mean"
        );
        for (info, summary) in METRICS.iter().zip(&self.metrics) {
            match summary {
                Some(s) => {
                    let _ = writeln!(
                        out,
                        "{:<20} {:>12.3} {:>10.3} {:>10.3} {:>10.3}  [{:.3}, {:.3}]{:pad$} {}",
                        info.key,
                        s.mean,
                        s.std,
                        s.min,
                        s.max,
                        s.ci95.0,
                        s.ci95.1,
                        "",
                        info.unit,
                        pad = 25usize
                            .saturating_sub(format!("[{:.3}, {:.3}]", s.ci95.0, s.ci95.1).len())
                    );
                }
                None => {
                    let _ = writeln!(out, "{:<20} {}", info.key, info.undefined);
                }
            }
        }
        out
    }
}

/// The uniformity verdict's data, for serde.
pub fn uniformity_data<'a>(
    algorithm: &'a str,
    size: &'a str,
    seed: u64,
    u: &'a Uniformity,
) -> UniformityJson<'a> {
    UniformityJson {
        algorithm,
        size,
        trees: u.trees,
        runs: u.runs,
        seed,
        counts: &u.counts,
        chi2: Figure(u.chi2),
        p_value: Figure(u.p_value),
        tv_distance: Figure(u.tv_distance),
        missing: u.missing,
        verdict: u.conclusion(),
    }
}

/// The uniformity verdict as JSON: `{"algorithm", "size", "trees", "runs",
/// "seed", "counts", "chi2", "p_value", "tv_distance", "missing", "verdict"}`.
pub fn uniformity_json(algorithm: &str, size: &str, seed: u64, u: &Uniformity) -> String {
    serde_json::to_string(&uniformity_data(algorithm, size, seed, u)).expect("plain data")
}

/// The uniformity verdict for the terminal.
pub fn uniformity_text(label: &str, size: &str, seed: u64, u: &Uniformity) -> String {
    let expected = u.runs as f64 / u.trees.max(1) as f64;
    let (min, max) = (
        u.counts.iter().min().copied().unwrap_or(0),
        u.counts.iter().max().copied().unwrap_or(0),
    );
    format!(
        "{label} on {size}: {} runs over {} spanning trees (seeds {seed}..)\n\
         expected {expected:.1} per tree; drawn {min} to {max}; never drawn: {}\n\
         chi2 = {:.2} with {} degrees of freedom, p = {}, total-variation distance = {:.4}\n\
         verdict: {}\n",
        u.runs,
        u.trees,
        u.missing,
        u.chi2,
        u.trees.saturating_sub(1),
        format_p(u.p_value),
        u.tv_distance,
        match u.conclusion() {
            "not uniform" => "not uniform (p < 0.001)".to_string(),
            "consistent with uniform" => "consistent with uniform sampling".to_string(),
            other => format!("{other}: run at least {} (5 per tree)", 5 * u.trees),
        }
    )
}

/// A summary's figures in the order JSON and CSV give them: mean, std,
/// min, max and the interval's ends.
fn figures(s: &Summary) -> [f64; 6] {
    [s.mean, s.std, s.min, s.max, s.ci95.0, s.ci95.1]
}

fn csv_num(v: f64) -> String {
    if v.is_finite() {
        format!("{}", (v * 1e6).round() / 1e6)
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_keep_six_decimals_whole_numbers_and_no_infinities() {
        let text = |v: f64| serde_json::to_string(&Figure(v)).unwrap();
        assert_eq!(text(3.0), "3");
        assert_eq!(text(10.123_456_789), "10.123457");
        assert_eq!(text(-0.5), "-0.5");
        assert_eq!(text(f64::NAN), "null");
        assert_eq!(text(f64::INFINITY), "null");
    }
}
