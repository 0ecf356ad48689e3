//! How the app applies the Lab view (`lab`): a run of statistics and the
//! uniformity test planned into jobs for the lab's workers, their answers
//! merged and shown.

use crate::lab::distribution::{from_groups, unflatten, Histogram, GROUPS};
use crate::lab::measure::METRIC_COUNT;
use crate::lab::scaling::{fit, scaling_metric, Scaling};
use crate::lab::settings::{LabScaling, LabSettings, Series};
use crate::lab::{StatsReport, Uniformity};
use crate::web::app::App;
use crate::web::clock::now_ms;
use crate::web::dom;
use crate::web::lab;
use crate::web::lab::pool::{Answer, Pool};
use crate::web::lab::*;
use wasm_bindgen::prelude::*;

impl App {
    /// Applies a message of the Lab's; an error shows in its status.
    pub(in crate::web) fn lab_update(&mut self, msg: lab::Msg) {
        let done = match msg {
            lab::Msg::Answer(w, answer) => self.lab_answer(w, answer),
            lab::Msg::FormChanged => self.lab_form_changed(),
            lab::Msg::Run => self.lab_run(),
            lab::Msg::Cancel => self.lab_cancel(),
            lab::Msg::Download(kind) => self.lab_download(kind),
        };
        if let Err(e) = done {
            let _ = view::show_status("error", &dom::describe(&e));
        }
    }

    /// The Lab's form read into the settings, or what is wrong with it
    /// shown.
    fn lab_form_changed(&mut self) -> Result<(), JsValue> {
        match view::read_form() {
            Ok(mut settings) => {
                // A new shape starts at its own default size.
                let shape = dom::select("lab-shape")?.value();
                if shape != self.settings.lab.shape.name() {
                    settings.set("lab_shape", &shape)?;
                }
                self.settings.lab = settings;
                view::show(&self.settings.lab)?;
                self.sync_url();
                if !self.lab.is_running() {
                    view::show_status("idle", "")?;
                }
            }
            Err(message) => view::show_status("invalid", &message)?,
        }
        Ok(())
    }

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

impl App {
    /// Starts the lab's run with the form's settings.
    fn lab_run(&mut self) -> Result<(), JsValue> {
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
        let series = match settings.series() {
            Ok(series) => series,
            Err(message) => return view::show_status("invalid", &message),
        };
        let (jobs, infos) = plan(&settings, &series);
        let total = infos.iter().map(|j| j.count).sum();
        let chunks = |c: usize| {
            infos
                .iter()
                .filter(|j| j.kind == JobKind::Stats && j.candidate == c)
                .count()
        };
        let n = series.len();
        if self.lab.pool.is_none() {
            let mailbox = self.lab.mailbox.clone();
            let pool = Pool::start(workers_wanted(), program.as_ref(), move |w, answer| {
                mailbox.send(lab::Msg::Answer(w, answer));
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
            histograms: vec![vec![Histogram::default(); GROUPS]; n],
            logs: (0..n).map(|c| vec![None; chunks(c)]).collect(),
            jobs_left: infos.len(),
            jobs: infos,
            done: 0,
            total,
            started_ms: now_ms(),
            settings,
            series,
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
    fn lab_cancel(&mut self) -> Result<(), JsValue> {
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
            kind,
            candidate,
            chunk,
            count,
        } = run.jobs[index];
        match answer {
            Answer::Values(values, log)
                if kind == JobKind::Stats && values.len() == count as usize * METRIC_COUNT =>
            {
                run.rows[candidate][chunk] = Some(values);
                run.logs[candidate][chunk] = Some(log);
            }
            Answer::Counts(counts) if kind == JobKind::Trees => {
                let total = &mut run.counts[candidate];
                total.resize(counts.len(), 0);
                for (t, c) in total.iter_mut().zip(counts) {
                    *t += u64::from(c);
                }
            }
            Answer::Counts(flat) if kind == JobKind::Distribution => {
                let groups = unflatten(&flat).ok_or("a lab worker's histograms did not fit")?;
                for (mine, theirs) in run.histograms[candidate].iter_mut().zip(&groups) {
                    mine.merge(theirs);
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
        let series = &run.series;
        let reports: Vec<StatsReport> = series
            .iter()
            .zip(&rows)
            .map(|(b, rows)| {
                StatsReport::from_rows(
                    b.candidate.spec(),
                    b.candidate.label(),
                    b.shape.name().to_string(),
                    b.shape.size_text(),
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
        let scaling = match &s.scaling {
            Some(scaling) => Some(scalings(s, scaling, series, &rows)?),
            None => None,
        };
        let distributions = match s.distribution {
            Some(quantity) => s
                .candidates
                .iter()
                .zip(&run.histograms)
                .map(|(c, groups)| from_groups(groups, (c, &s.shape), quantity, (s.runs, s.seed)))
                .collect(),
            None => Vec::new(),
        };
        let uniformity = if s.tests_uniformity() {
            run.counts
                .into_iter()
                .map(Uniformity::from_counts)
                .collect()
        } else {
            Vec::new()
        };
        let logs = series
            .iter()
            .zip(run.logs)
            .map(|(b, chunks)| {
                (
                    b.candidate.label(),
                    log::LabLog::join(chunks.into_iter().flatten()),
                )
            })
            .collect();
        let finished = Finished {
            settings: run.settings.clone(),
            sweep,
            scaling,
            distributions,
            reports,
            rows,
            uniformity,
            ms,
            logs,
        };
        view::set_running(false);
        view::show_progress(run.total, run.total, "");
        results::show(&finished)?;
        let n = series.len() as u64;
        let tests = if s.tests_uniformity() {
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
    fn lab_download(&self, kind: &str) -> Result<(), JsValue> {
        let Some(last) = &self.lab.last else {
            return Ok(());
        };
        match kind {
            "csv" => dom::download_text("mazelab-lab.csv", "text/csv", &results::csv(last)),
            _ => dom::download_text("mazelab-lab.json", "application/json", &results::json(last)),
        }
    }
}

/// Each candidate's scaling from its series' rows (side by side, the
/// candidates in order at each side), fitted as the CLI's `scaling` fits.
fn scalings(
    s: &LabSettings,
    scaling: &LabScaling,
    series: &[Series],
    rows: &[Vec<f64>],
) -> Result<Vec<Scaling>, JsValue> {
    let metric = scaling_metric(scaling.metric).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let k = s.candidates.len().max(1);
    s.candidates
        .iter()
        .enumerate()
        .map(|(c, candidate)| {
            let values: Vec<Vec<f64>> = series
                .iter()
                .zip(rows)
                .skip(c)
                .step_by(k)
                .map(|(b, rows)| metric.values(&b.shape, rows))
                .collect();
            let (means, exponent, low, high) = fit(&scaling.sizes, &values, s.seed)
                .map_err(|e| JsValue::from_str(&format!("{}: {e}", candidate.label())))?;
            Ok(Scaling {
                algorithm: candidate.spec(),
                shape: s.shape.name().to_string(),
                metric: metric.key,
                unit: metric.unit,
                runs: s.runs,
                seed: s.seed,
                sizes: scaling.sizes.clone(),
                means,
                exponent,
                low,
                high,
            })
        })
        .collect()
}
