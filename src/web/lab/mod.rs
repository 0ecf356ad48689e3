//! The lab view: statistics over many mazes and the uniformity test, run
//! in Web Workers so the page stays responsive.
//!
//! - `view`: the tab, the form and the link; `pool`: the workers;
//! - `worker`: the workers' script and the functions they call;
//! - `results`: the table and the charts.

pub(in crate::web) mod log;
pub(in crate::web) mod pool;
pub(in crate::web) mod results;
pub(in crate::web) mod view;
pub(in crate::web) mod worker;

use super::mailbox::Mailbox;
use crate::lab::settings::{LabSettings, Series};
use crate::lab::{StatsReport, Uniformity};
use pool::{Answer, Job, Pool};

/// Mazes per job: about 250,000 cells, a few tens of milliseconds, so
/// progress moves smoothly and a cancel lands at once.
pub(in crate::web) const CELLS_PER_JOB: u64 = 250_000;
/// Uniformity runs per job (small mazes: about a microsecond each).
pub(in crate::web) const TREE_RUNS_PER_JOB: u64 = 5_000;
/// The most workers, whatever the machine reports.
pub(in crate::web) const MAX_WORKERS: usize = 8;

/// What a job computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::web) enum JobKind {
    /// Each maze's metrics.
    Stats,
    /// How often each spanning tree of the uniformity test's square comes.
    Trees,
    /// The branch or loop histograms of the lab's distribution.
    Distribution,
}

impl JobKind {
    /// The name the workers' script reads.
    pub(in crate::web) fn name(self) -> &'static str {
        match self {
            JobKind::Stats => "stats",
            JobKind::Trees => "trees",
            JobKind::Distribution => "distribution",
        }
    }
}

/// What one job is for.
#[derive(Clone, Copy)]
pub(in crate::web) struct JobInfo {
    pub(in crate::web) kind: JobKind,
    /// Its batch (`LabSettings::series`): the candidate, or with a sweep
    /// the candidate at a point.
    pub(in crate::web) candidate: usize,
    /// Its place among the candidate's statistics chunks.
    pub(in crate::web) chunk: usize,
    pub(in crate::web) count: u64,
}

/// A run under way.
pub(in crate::web) struct Run {
    pub(in crate::web) settings: LabSettings,
    /// Its batches (`LabSettings::series`), worked out once.
    pub(in crate::web) series: Vec<Series>,
    pub(in crate::web) jobs: Vec<JobInfo>,
    /// Per series, its statistics chunks in seed order.
    pub(in crate::web) rows: Vec<Vec<Option<Vec<f64>>>>,
    /// Per candidate, its tree counts.
    pub(in crate::web) counts: Vec<Vec<u64>>,
    /// Per candidate, its distribution's histogram groups (merged exactly
    /// as the answers come, in any order).
    pub(in crate::web) histograms: Vec<Vec<crate::lab::distribution::Histogram>>,
    /// Per series, what a program printed in each statistics chunk.
    pub(in crate::web) logs: Vec<Vec<Option<log::LabLog>>>,
    pub(in crate::web) jobs_left: usize,
    pub(in crate::web) done: u64,
    pub(in crate::web) total: u64,
    pub(in crate::web) started_ms: f64,
}

/// A finished run, kept for the downloads.
pub(in crate::web) struct Finished {
    pub settings: LabSettings,
    /// With a sweep, its points (each algorithm's report at each value).
    pub sweep: Option<Vec<crate::lab::sweep::SweepPoint>>,
    /// With a scaling, each algorithm's fit.
    pub scaling: Option<Vec<crate::lab::scaling::Scaling>>,
    /// With a distribution, each algorithm's counts and power.
    pub distributions: Vec<crate::lab::distribution::Distribution>,
    pub reports: Vec<StatsReport>,
    pub rows: Vec<Vec<f64>>,
    pub uniformity: Vec<Uniformity>,
    pub ms: f64,
    /// Each series' label and what its program printed.
    pub logs: Vec<(String, log::LabLog)>,
}

/// What the Lab's workers ask of the app when they answer.
pub(in crate::web) enum Msg {
    /// Worker `w` answered.
    Answer(usize, Answer),
    /// A control of the Lab's form changed.
    FormChanged,
    /// The form sent: a run starts.
    Run,
    Cancel,
    /// The last results downloaded as `csv` or `json`.
    Download(&'static str),
}

#[derive(Default)]
pub(in crate::web) struct Lab {
    /// Where the workers' answers go (`Msg`).
    pub(in crate::web) mailbox: Mailbox<Msg>,
    pub(in crate::web) pool: Option<Pool>,
    /// The program the pool's workers hold, if they hold one.
    pub(in crate::web) pool_program: Option<(String, crate::program::Lang)>,
    pub(in crate::web) run: Option<Run>,
    pub(in crate::web) last: Option<Finished>,
    /// Whether the form has its checkboxes and tree sizes yet: they are
    /// built when the Lab first shows, not while the first maze loads (the
    /// tree sizes' counts take a determinant each).
    pub(in crate::web) form_built: bool,
}

impl Lab {
    pub(in crate::web) fn is_running(&self) -> bool {
        self.run.is_some()
    }
}

pub(in crate::web) fn workers_wanted() -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .unwrap_or(2.0);
    (cores as usize).clamp(1, MAX_WORKERS)
}

/// Each candidate runs on the uniformity test's square too (a sweep or a
/// scaling leaves the test out).
pub(in crate::web) fn check_trees(settings: &LabSettings) -> Result<(), String> {
    let Some(shape) = settings
        .trees
        .as_ref()
        .filter(|_| settings.tests_uniformity())
    else {
        return Ok(());
    };
    for c in &settings.candidates {
        c.check(shape)
            .map_err(|e| format!("uniformity test: {e}"))?;
    }
    Ok(())
}

/// `(first, count)` pieces of `0..total`, `per` at a time.
pub(in crate::web) fn pieces(total: u64, per: u64) -> impl Iterator<Item = (u64, u64)> {
    (0..total.div_ceil(per)).map(move |k| (k * per, per.min(total - k * per)))
}

/// Splits a run into jobs: statistics in chunks of about `CELLS_PER_JOB`
/// cells, tree counts in chunks of `TREE_RUNS_PER_JOB`, a distribution's
/// histograms in the statistics' chunks.
pub(in crate::web) fn plan(s: &LabSettings, all: &[Series]) -> (Vec<Job>, Vec<JobInfo>) {
    let (mut jobs, mut infos) = (Vec::new(), Vec::new());
    let trees = s.trees.as_ref().filter(|_| s.tests_uniformity());
    for (c, series) in all.iter().enumerate() {
        let cells = u64::from(crate::shape::Topology::cells(&series.shape)).max(1);
        let per = (CELLS_PER_JOB / cells).clamp(1, 1000);
        let stats = pieces(s.runs, per).map(|p| (JobKind::Stats, &series.shape, p));
        // The uniformity test and the distribution run per candidate, with
        // neither a sweep nor a scaling: then the series are the candidates.
        let trees = trees.iter().flat_map(|t| {
            pieces(s.tree_runs, TREE_RUNS_PER_JOB).map(move |p| (JobKind::Trees, *t, p))
        });
        let distribution = s
            .distribution
            .iter()
            .flat_map(|_| pieces(s.runs, per).map(|p| (JobKind::Distribution, &series.shape, p)));
        for (chunk, (kind, shape, (from, count))) in
            stats.chain(trees).chain(distribution).enumerate()
        {
            jobs.push(Job {
                kind,
                index: infos.len(),
                spec: series.candidate.spec(),
                shape: shape.name().to_string(),
                size: shape.size_text(),
                wrap: shape.wrap_text().to_string(),
                seed: s.seed.wrapping_add(from),
                first: from,
                count: count as u32,
                texture: series.texture.to_line(),
                quantity: s.distribution.map_or("", |q| q.name()),
            });
            // Statistics chunks come first, so their places are 0, 1, ...
            infos.push(JobInfo {
                kind,
                candidate: c,
                chunk,
                count,
            });
        }
    }
    (jobs, infos)
}
