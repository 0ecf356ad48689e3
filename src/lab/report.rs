//! The lab's results as text, JSON and CSV: the same files from the CLI
//! and the page's downloads.

use super::measure::{METRICS, METRIC_COUNT};
use super::summary::Summary;
use super::uniformity::{format_p, Uniformity};
use crate::render::json::escape;
use std::fmt::Write;

/// The statistics of one candidate over a run.
#[derive(Clone, Debug, PartialEq)]
pub struct StatsReport {
    /// The candidate's spec (`growing-tree:newest`) and label.
    pub algorithm: String,
    pub label: String,
    pub shape: String,
    pub size: String,
    pub runs: u64,
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
        let metrics = (0..METRIC_COUNT)
            .map(|m| Summary::of(rows.chunks_exact(METRIC_COUNT).map(|row| row[m])))
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

    /// `{"algorithm", "shape", "size", "runs", "seed", "metrics": {...}}`,
    /// a metric the shape does not define left out.
    pub fn to_json(&self) -> String {
        let mut out = format!(
            "{{\"algorithm\":\"{}\",\"shape\":\"{}\",\"size\":\"{}\",\"runs\":{},\"seed\":{},\"metrics\":{{",
            escape(&self.algorithm),
            escape(&self.shape),
            escape(&self.size),
            self.runs,
            self.seed
        );
        let mut first = true;
        for (info, summary) in METRICS.iter().zip(&self.metrics) {
            let Some(s) = summary else { continue };
            if !first {
                out.push(',');
            }
            first = false;
            let [mean, std, min, max, lo, hi] = figures(s).map(num);
            let _ = write!(
                out,
                "\"{}\":{{\"mean\":{mean},\"std\":{std},\"min\":{min},\"max\":{max},\"ci95\":[{lo},{hi}]}}",
                info.key
            );
        }
        out.push_str("}}");
        out
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
                    let _ = writeln!(out, "{:<20} not defined on this shape", info.key);
                }
            }
        }
        out
    }
}

/// The uniformity verdict as JSON: `{"algorithm", "size", "trees", "runs",
/// "seed", "counts", "chi2", "p_value", "tv_distance", "missing"}`.
pub fn uniformity_json(algorithm: &str, size: &str, seed: u64, u: &Uniformity) -> String {
    let counts: Vec<String> = u.counts.iter().map(u64::to_string).collect();
    format!(
        "{{\"algorithm\":\"{}\",\"size\":\"{}\",\"trees\":{},\"runs\":{},\"seed\":{},\"counts\":[{}],\"chi2\":{},\"p_value\":{},\"tv_distance\":{},\"missing\":{},\"verdict\":\"{}\"}}",
        escape(algorithm),
        escape(size),
        u.trees,
        u.runs,
        seed,
        counts.join(","),
        num(u.chi2),
        num(u.p_value),
        num(u.tv_distance),
        u.missing,
        u.conclusion()
    )
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

/// A JSON number; `null` for infinities and NaN (JSON has neither).
pub fn num(v: f64) -> String {
    if v.is_finite() {
        format!("{}", (v * 1e6).round() / 1e6)
    } else {
        "null".to_string()
    }
}

fn csv_num(v: f64) -> String {
    if v.is_finite() {
        format!("{}", (v * 1e6).round() / 1e6)
    } else {
        String::new()
    }
}
