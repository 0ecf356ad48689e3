//! The lab: statistics over many mazes and an exact test of uniform
//! sampling. Pure Rust; the CLI runs it on threads, the page in Web Workers.
//!
//! - `candidate`: what is compared (a generator and its pop);
//! - `measure`: one maze's metrics; `summary`: mean, spread and intervals;
//! - `run`: many mazes, by seed, in slices any thread can take;
//! - `trees`: every spanning tree of a small maze, numbered;
//! - `uniformity`: chi-square and total variation over tree counts;
//! - `special`: the gamma functions and t quantiles behind the p-values;
//! - `reference`: published figures; `report`: text, JSON and CSV;
//! - `chart`: the histograms and the uniformity chart as SVG;
//! - `loglog_chart`: a scaling's or a distribution's power on log-log axes;
//! - `settings`: what the page's lab view runs, as the link spells it;
//! - `tally`: counts and exact sums that merge bit for bit across workers;
//! - `sweep`: a texture control stepped over a range, every metric at each point.

pub mod candidate;
pub mod chart;
pub mod distribution;
pub mod loglog_chart;
pub mod measure;
pub mod reference;
pub mod report;
pub mod run;
pub mod scaling;
pub mod settings;
pub mod special;
pub mod stats;
pub mod summary;
pub mod sweep;
pub mod sweep_chart;
pub mod tally;
pub mod trees;
pub mod uniformity;

pub use candidate::{Candidate, NORVIG_TRIO};
pub use measure::{MetricInfo, METRICS, METRIC_COUNT};
pub use report::StatsReport;
pub use summary::Summary;
pub use trees::Trees;
pub use uniformity::Uniformity;
