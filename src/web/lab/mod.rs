//! The lab view: statistics over many mazes and the uniformity test, run
//! in Web Workers so the page stays responsive.
//!
//! - `view`: the tab, the form and the link; `pool`: the workers;
//! - `worker`: the workers' script and the functions they call;
//! - `results`: the table and the charts.

mod pool;
mod results;
pub(super) mod view;
mod worker;

use super::app::App;
use super::clock::now_ms;
use super::dom;
use crate::lab::measure::METRIC_COUNT;
use crate::lab::settings::LabSettings;
use crate::lab::{StatsReport, Uniformity};
use pool::{Answer, Job, Pool};
use std::cell::RefCell;
use std::rc::Weak;
use wasm_bindgen::prelude::*;

/// Mazes per job: about 250,000 cells, a few tens of milliseconds, so
/// progress moves smoothly and a cancel lands at once.
const CELLS_PER_JOB: u64 = 250_000;
/// Uniformity runs per job (small mazes: about a microsecond each).
const TREE_RUNS_PER_JOB: u64 = 5_000;
/// The most workers, whatever the machine reports.
const MAX_WORKERS: usize = 8;

/// What one job is for.
#[derive(Clone, Copy)]
struct JobInfo {
    stats: bool,
    /// Its batch (`LabSettings::series`): the candidate, or with a sweep
    /// the candidate at a point.
    candidate: usize,
    /// Its place among the candidate's statistics chunks.
    chunk: usize,
    count: u64,
}

/// A run under way.
struct Run {
    settings: LabSettings,
    jobs: Vec<JobInfo>,
    /// Per series, its statistics chunks in seed order.
    rows: Vec<Vec<Option<Vec<f64>>>>,
    /// Per candidate, its tree counts.
    counts: Vec<Vec<u64>>,
    jobs_left: usize,
    done: u64,
    total: u64,
    started_ms: f64,
}

/// A finished run, kept for the downloads.
pub(super) struct Finished {
    pub settings: LabSettings,
    /// With a sweep, its points (each algorithm's report at each value).
    pub sweep: Option<Vec<crate::lab::sweep::SweepPoint>>,
    pub reports: Vec<StatsReport>,
    pub rows: Vec<Vec<f64>>,
    pub uniformity: Vec<Uniformity>,
    pub ms: f64,
}

#[derive(Default)]
pub(in crate::web) struct Lab {
    /// The app, for the workers' answers.
    pub(in crate::web) home: Weak<RefCell<App>>,
    pool: Option<Pool>,
    /// The program the pool's workers hold, if they hold one.
    pool_program: Option<(String, crate::program::Lang)>,
    run: Option<Run>,
    last: Option<Finished>,
    /// Whether the form has its checkboxes and tree sizes yet: they are
    /// built when the Lab first shows, not while the first maze loads (the
    /// tree sizes' counts take a determinant each).
    form_built: bool,
}

impl Lab {
    pub(in crate::web) fn is_running(&self) -> bool {
        self.run.is_some()
    }
}

impl App {
    /// The Lab is showing: its form is built (the first time) and holds
    /// the link's lab settings.
    pub(in crate::web) fn lab_view_shown(&mut self) -> Result<(), JsValue> {
        if self.lab.form_built || dom::by_id_opt("lab").is_none() {
            return Ok(());
        }
        view::fill()?;
        view::show(&self.settings.lab)?;
        self.lab.form_built = true;
        Ok(())
    }
}

fn workers_wanted() -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .unwrap_or(2.0);
    (cores as usize).clamp(1, MAX_WORKERS)
}

impl App {
    /// Starts the lab's run with the form's settings.
    pub(in crate::web) fn lab_run(&mut self) -> Result<(), JsValue> {
        let settings = match view::read_form() {
            Ok(s) => s,
            Err(message) => return view::show_status("invalid", &message),
        };
        if let Err(message) = settings.check().and_then(|_| check_trees(&settings)) {
            return view::show_status("invalid", &message);
        }
        // A program candidate is the Code view's generator, run in the
        // workers; they are started afresh when it changes.
        let program = if settings.candidates.iter().any(|c| c.is_program()) {
            match self.program_for_lab() {
                Ok(program) => Some(program),
                Err(message) => return view::show_status("invalid", &message),
            }
        } else {
            None
        };
        if self.lab.pool_program != program {
            self.lab.pool = None;
        }
        if let Some((text, lang)) = &program {
            // The link then reproduces the run, program and all.
            self.settings.program = Some(text.clone());
            self.settings.lang = *lang;
        }
        self.settings.lab = settings.clone();
        self.sync_url();
        let (jobs, infos) = plan(&settings);
        let total = infos.iter().map(|j| j.count).sum();
        let chunks = |c: usize| infos.iter().filter(|j| j.stats && j.candidate == c).count();
        let n = settings.series().len();
        if self.lab.pool.is_none() {
            let home = self.lab.home.clone();
            let pool = Pool::start(workers_wanted(), program.as_ref(), move |w, answer| {
                if let Some(app) = home.upgrade() {
                    if let Ok(mut app) = app.try_borrow_mut() {
                        if let Err(e) = app.lab_answer(w, answer) {
                            let _ = view::show_status("error", &dom::describe(&e));
                        }
                    }
                }
            });
            match pool {
                Ok(pool) => {
                    self.lab.pool = Some(pool);
                    self.lab.pool_program = program;
                }
                Err(e) => return view::show_status("error", &dom::describe(&e)),
            }
        }
        self.lab.run = Some(Run {
            rows: (0..n).map(|c| vec![None; chunks(c)]).collect(),
            counts: vec![Vec::new(); n],
            jobs_left: infos.len(),
            jobs: infos,
            done: 0,
            total,
            started_ms: now_ms(),
            settings,
        });
        view::set_running(true);
        self.lab_progress();
        if let Some(pool) = self.lab.pool.as_mut() {
            pool.run(jobs)?;
        }
        Ok(())
    }

    /// Stops the run: the workers are ended at once (and started afresh
    /// next time).
    pub(in crate::web) fn lab_cancel(&mut self) -> Result<(), JsValue> {
        if let Some(run) = self.lab.run.take() {
            self.lab.pool = None;
            view::set_running(false);
            view::show_status(
                "cancelled",
                &format!("cancelled after {} of {} mazes", run.done, run.total),
            )?;
        }
        Ok(())
    }

    fn lab_answer(&mut self, w: usize, answer: Answer) -> Result<(), JsValue> {
        let Some(pool) = self.lab.pool.as_mut() else {
            return Ok(());
        };
        let index = pool.job_of(w);
        pool.next(w)?;
        let (Some(run), Some(index)) = (self.lab.run.as_mut(), index) else {
            return Ok(());
        };
        let JobInfo {
            stats,
            candidate,
            chunk,
            count,
        } = run.jobs[index];
        match answer {
            Answer::Values(values) if stats && values.len() == count as usize * METRIC_COUNT => {
                run.rows[candidate][chunk] = Some(values);
            }
            Answer::Counts(counts) if !stats => {
                let total = &mut run.counts[candidate];
                total.resize(counts.len(), 0);
                for (t, c) in total.iter_mut().zip(counts) {
                    *t += u64::from(c);
                }
            }
            Answer::Failed(message) => {
                self.lab.run = None;
                if let Some(pool) = self.lab.pool.as_mut() {
                    pool.run(Vec::new())?;
                }
                view::set_running(false);
                return view::show_status("error", &message);
            }
            _ => return Err("a lab worker's answer did not fit its job".into()),
        }
        run.done += count;
        run.jobs_left -= 1;
        if run.jobs_left > 0 {
            self.lab_progress();
            return Ok(());
        }
        let run = self.lab.run.take().expect("the run is on");
        self.lab_finish(run)
    }

    fn lab_progress(&self) {
        if let Some(run) = &self.lab.run {
            let workers = self.lab.pool.as_ref().map_or(0, Pool::len);
            view::show_progress(
                run.done,
                run.total,
                &format!(
                    "{} of {} mazes on {workers} workers, {:.1} s",
                    run.done,
                    run.total,
                    (now_ms() - run.started_ms) / 1000.0
                ),
            );
        }
    }

    fn lab_finish(&mut self, run: Run) -> Result<(), JsValue> {
        let ms = now_ms() - run.started_ms;
        let s = &run.settings;
        let rows: Vec<Vec<f64>> = run
            .rows
            .into_iter()
            .map(|chunks| chunks.into_iter().flatten().flatten().collect())
            .collect();
        let series = s.series();
        let reports: Vec<StatsReport> = series
            .iter()
            .zip(&rows)
            .map(|(b, rows)| {
                StatsReport::from_rows(
                    b.candidate.spec(),
                    b.candidate.label(),
                    s.shape.name().to_string(),
                    s.shape.size_text(),
                    s.seed,
                    rows,
                )
            })
            .collect();
        // A sweep's series run point by point, the candidates in order.
        let sweep = s.sweep.as_ref().map(|sweep| {
            reports
                .chunks(s.candidates.len().max(1))
                .zip(&sweep.values)
                .map(|(reports, &value)| crate::lab::sweep::SweepPoint {
                    value,
                    reports: reports.to_vec(),
                })
                .collect()
        });
        let uniformity = if s.trees.is_some() && s.sweep.is_none() {
            run.counts
                .into_iter()
                .map(Uniformity::from_counts)
                .collect()
        } else {
            Vec::new()
        };
        let finished = Finished {
            settings: run.settings.clone(),
            sweep,
            reports,
            rows,
            uniformity,
            ms,
        };
        view::set_running(false);
        view::show_progress(run.total, run.total, "");
        results::show(&finished)?;
        let n = series.len() as u64;
        let tests = if s.trees.is_some() && s.sweep.is_none() {
            format!(" and {} test runs", n * s.tree_runs)
        } else {
            String::new()
        };
        view::show_status(
            "done",
            &format!("{} mazes{tests} in {:.2} s", n * s.runs, ms / 1000.0),
        )?;
        // The whole run, workers' start included, for timings.
        dom::by_id::<web_sys::Element>("lab-status")?
            .set_attribute("data-ms", &format!("{ms:.1}"))?;
        self.lab.last = Some(finished);
        Ok(())
    }

    /// Downloads the last results as CSV or JSON.
    pub(in crate::web) fn lab_download(&self, kind: &str) -> Result<(), JsValue> {
        let Some(last) = &self.lab.last else {
            return Ok(());
        };
        match kind {
            "csv" => dom::download_text("mazelab-lab.csv", "text/csv", &results::csv(last)),
            _ => dom::download_text("mazelab-lab.json", "application/json", &results::json(last)),
        }
    }
}

/// Each candidate runs on the uniformity test's square too (a sweep
/// leaves the test out).
fn check_trees(settings: &LabSettings) -> Result<(), String> {
    let Some(shape) = settings.trees.as_ref().filter(|_| settings.sweep.is_none()) else {
        return Ok(());
    };
    for c in &settings.candidates {
        c.check(shape)
            .map_err(|e| format!("uniformity test: {e}"))?;
    }
    Ok(())
}

/// `(first, count)` pieces of `0..total`, `per` at a time.
fn pieces(total: u64, per: u64) -> impl Iterator<Item = (u64, u64)> {
    (0..total.div_ceil(per)).map(move |k| (k * per, per.min(total - k * per)))
}

/// Splits a run into jobs: statistics in chunks of about `CELLS_PER_JOB`
/// cells, tree counts in chunks of `TREE_RUNS_PER_JOB`.
fn plan(s: &LabSettings) -> (Vec<Job>, Vec<JobInfo>) {
    let cells = u64::from(crate::shape::Topology::cells(&s.shape)).max(1);
    let per = (CELLS_PER_JOB / cells).clamp(1, 1000);
    let (mut jobs, mut infos) = (Vec::new(), Vec::new());
    // The uniformity test runs per candidate, with no sweep only: then
    // the series are the candidates themselves.
    let trees = s.trees.as_ref().filter(|_| s.sweep.is_none());
    for (c, series) in s.series().iter().enumerate() {
        let stats = pieces(s.runs, per).map(|p| (true, &s.shape, p));
        let trees = trees
            .iter()
            .flat_map(|t| pieces(s.tree_runs, TREE_RUNS_PER_JOB).map(move |p| (false, *t, p)));
        for (chunk, (stats, shape, (from, count))) in stats.chain(trees).enumerate() {
            jobs.push(Job {
                stats,
                index: infos.len(),
                spec: series.candidate.spec(),
                shape: shape.name().to_string(),
                size: shape.size_text(),
                seed: s.seed.wrapping_add(from),
                count: count as u32,
                texture: series.texture.to_line(),
            });
            // Statistics chunks come first, so their places are 0, 1, ...
            infos.push(JobInfo {
                stats,
                candidate: c,
                chunk,
                count,
            });
        }
    }
    (jobs, infos)
}
