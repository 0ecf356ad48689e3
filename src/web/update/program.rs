//! How the app runs a person's program (the Code view's Run): the run
//! started in its worker (a spare one made ahead, or Python's), its log
//! read piece by piece as it arrives, and the verdict, the maze it leaves
//! and the stage's recording of it when it ends.

use crate::generate::{Author, PROGRAM};
use crate::grid::Grid;
use crate::program::{self, Kind, Lang};
use crate::settings::PanelSpec;
use crate::shape::Shape;
use crate::solve::{Outcome, Solver};
use crate::web::app::App;
use crate::web::code;
use crate::web::code::python::Python;
use crate::web::code::report::Report;
use crate::web::code::worker::{Running, Setup};
use crate::web::code::*;
use crate::web::dom;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

impl App {
    /// Runs the editor's program on the current shape, size and seed.
    pub(in crate::web) fn run_program(&mut self) -> Result<(), JsValue> {
        let Some(editor) = &self.code.editor else {
            return Ok(());
        };
        let text = editor.text();
        editor.mark_line(0, "");
        self.show_program_error("");
        self.code.output.clear();
        let lang = self.settings.lang;
        let Some(kind) = Kind::of(&text, lang) else {
            self.keep_run_program(text);
            self.show_program_error(Kind::wanted(lang));
            // Nothing ran: the last run's verdict and maze go, so they do
            // not stand under this error as if it were theirs.
            dom::set_text("code-verdict", "");
            set_verdict_data(None, 0);
            if self.code.run.take().is_some() && self.settings.main.algorithm == PROGRAM.name {
                self.rebuild()?;
            }
            return Ok(());
        };
        let was_running = self.code.running.is_some();
        let python = match lang {
            Lang::JavaScript => None,
            Lang::Python => match self.ready_python()? {
                Some(python) => Some(python),
                None => {
                    // The run starts once Python is ready (a run stopped
                    // mid-way takes its Python with it).
                    self.code.python_waiting = true;
                    code::show_stop(false);
                    dom::set_text(
                        "code-verdict",
                        if was_running {
                            "the last run was stopped; waiting for a fresh Python to load..."
                        } else {
                            "waiting for Python to load..."
                        },
                    );
                    self.keep_program();
                    return Ok(());
                }
            },
        };
        let setting_up = crate::web::clock::now_ms();
        let shape = self.settings.shape.clone();
        let seed = self.settings.seed;
        // A solver runs on the maze the first panel shows, built to its end.
        let (maze, ends) = match kind {
            Kind::Generator => (Grid::closed_shape(shape.clone()), (0, 0)),
            Kind::Solver => {
                self.finish()?;
                let Some(panel) = self.maze.panels.first() else {
                    return Ok(());
                };
                (
                    panel.maze().clone(),
                    (panel.solving.start, panel.solving.goal),
                )
            }
        };
        let tables = match kind {
            Kind::Generator => self.generator_tables(&shape),
            Kind::Solver => Rc::new(program::tables(&maze)),
        };
        let spare = self.code.spare.take().filter(|s| {
            lang == Lang::JavaScript
                && kind == Kind::Generator
                && s.shape == shape
                && !self.code.fresh
        });
        self.code.fresh = false;
        if let Some(el) = dom::by_id_opt("code-verdict") {
            // Which worker ran it, for tests: made ahead, or started now.
            let which = if spare.is_some() { "spare" } else { "fresh" };
            el.set_attribute("data-worker", which)?;
        }
        let size = shape.size();
        let setup = Setup {
            kind: match kind {
                Kind::Generator => "generator",
                Kind::Solver => "solver",
            },
            seed,
            shape: shape.name(),
            size,
            tables: &tables,
            ends,
        };
        self.code.running = None;
        // The log's reader is made once the worker has its program (its
        // first piece comes in a later task): making it is the page's
        // work, done while the worker loads the program.
        let reader_start = maze.clone();
        dom::set_text("code-verdict", "running...");
        set_verdict_data(None, 0);
        let mailbox = self.code.mailbox.clone();
        let run = Rc::new(Run {
            kind,
            lang,
            maze,
            ends,
            shape,
            seed,
            began_ms: setting_up,
        });
        self.code.current = Some(run.clone());
        let report = move |report| mailbox.send(code::Msg::Report(report, run.clone()));
        let running = match python {
            Some(python) => worker::start_python(&text, &setup, &tables, python, report)?,
            None => {
                // Each loop tells the harness its line, for a run stopped
                // at the time limit (Python names its line itself).
                let guarded = code::editor::Editor::guard_loops(&text);
                worker::start(&guarded, &setup, spare, report)?
            }
        };
        self.code.decoder = Some(match kind {
            Kind::Generator => program::Decoder::new(reader_start),
            Kind::Solver => program::Decoder::for_solver(reader_start),
        });
        if let Some(el) = dom::by_id_opt("code-verdict") {
            // How the log comes, for tests: through shared memory, or copied.
            let how = if running.shares_log {
                "shared"
            } else {
                "copied"
            };
            el.set_attribute("data-log", how)?;
        }
        self.code.running = Some(running);
        code::show_stop(true);
        set_timing("data-setup-ms", crate::web::clock::now_ms() - setting_up);
        // Kept in the browser now, and put in the link once the worker has
        // loaded it and speaks (`program_report`): a link written now keeps
        // the browser busy while the worker asks it for the program's
        // script and slows its loading.
        self.keep_program();
        self.code.unlinked = Some(text);
        Ok(())
    }

    /// The Python worker, if it is ready for a run (else it is made to
    /// load, and `None`). A run still going is stopped first: it holds the
    /// worker, which goes with it.
    fn ready_python(&mut self) -> Result<Option<Python>, JsValue> {
        if self.code.running.is_some() {
            self.code.running = None;
        }
        match self.code.python.as_ref().map(Python::state) {
            Some(python::State::Ready) => Ok(self.code.python.take()),
            Some(python::State::Loading) => Ok(None),
            _ => {
                self.code.python = None;
                self.ensure_python()?;
                Ok(None)
            }
        }
    }

    /// Stop: the running program's worker ends now, and its run ends as a
    /// run past the time limit does, the steps before it kept.
    pub(in crate::web) fn stop_program(&mut self) -> Result<(), JsValue> {
        let Some(run) = self.code.current.clone() else {
            code::show_stop(false);
            return Ok(());
        };
        if self.code.running.is_none() {
            return Ok(());
        }
        self.program_report(
            Report::Done {
                error: Some("stopped: you pressed Stop; the steps before it stay".into()),
                run_ms: 0.0,
                path: None,
            },
            &run,
        )
    }

    /// The program just run: kept in the browser and put in the link.
    fn keep_run_program(&mut self, text: String) {
        self.keep_program();
        self.settings.program = Some(text);
        self.sync_url();
    }

    pub(super) fn program_report(&mut self, report: Report, run: &Run) -> Result<(), JsValue> {
        if self.code.running.is_none() {
            return Ok(()); // a stopped run's last words
        }
        if let Some(text) = self.code.unlinked.take() {
            self.settings.program = Some(text);
            self.sync_url();
        }
        match report {
            Report::Log(piece) => {
                // Checked as it comes, while the program runs on: only the
                // verdict is left when it ends.
                let checking = crate::web::clock::now_ms();
                let copy = &mut self.code.piece;
                copy.resize(piece.length() as usize, 0);
                piece.copy_to(copy);
                if let Some(decoder) = &mut self.code.decoder {
                    decoder.feed(copy);
                }
                self.code.checking_ms += crate::web::clock::now_ms() - checking;
                Ok(())
            }
            Report::Retry => {
                self.code.running = None;
                self.code.fresh = true;
                self.run_program()
            }
            Report::Opened => {
                if let Some(decoder) = &mut self.code.decoder {
                    decoder.open_all();
                }
                Ok(())
            }
            Report::Output { lines, dropped } => self.code.output.add(&lines, dropped),
            Report::Done {
                error,
                run_ms,
                path,
            } => {
                code::show_stop(false);
                self.code.current = None;
                // A Python run's worker, if it ended well, waits for the
                // next; else it goes, and a fresh one loads now.
                if let Some(python) = self.code.running.take().and_then(Running::into_python) {
                    self.code.python = Some(python);
                }
                if run.lang == Lang::Python && self.settings.lang == Lang::Python {
                    self.ensure_python()?;
                }
                let began = crate::web::clock::now_ms();
                let Some(decoder) = self.code.decoder.take() else {
                    return Ok(());
                };
                let decoded = decoder.finish();
                match run.kind {
                    Kind::Generator => self.finish_program(error, decoded, &run.shape, run.seed)?,
                    Kind::Solver => self.finish_solve(error, decoded, path, run)?,
                }
                self.prepare_spare_soon();
                set_timing("data-run-ms", run_ms);
                set_timing("data-ended-ms", began - run.began_ms);
                set_timing("data-page-ms", crate::web::clock::now_ms() - began);
                Ok(())
            }
        }
    }

    /// A run has ended: its recording is checked and played on the stage,
    /// and the verdict written; an error keeps the steps before it.
    fn finish_program(
        &mut self,
        mut error: Option<String>,
        decoded: program::Decoded,
        shape: &Shape,
        seed: u64,
    ) -> Result<(), JsValue> {
        let judging = crate::web::clock::now_ms();
        let verdict = decoded.verdict();
        let ending = Arc::new(decoded.ending());
        let program::Decoded {
            events,
            starts_open,
            error: bad,
            ..
        } = decoded;
        if let Some(bad) = bad {
            error.get_or_insert_with(|| bad.to_string());
        }
        let checking = std::mem::take(&mut self.code.checking_ms);
        set_timing(
            "data-check-ms",
            checking + crate::web::clock::now_ms() - judging,
        );
        let steps = events.len() as u64;
        self.code.run = Some(ProgramRun {
            events: Arc::new(events),
            starts_open,
            ending,
            shape: shape.clone(),
            seed,
            printed: Arc::new(self.code.output.printed()),
        });
        match &error {
            Some(message) => {
                self.show_program_error(message);
                if let Some(line) = error_line(message) {
                    if let Some(editor) = &self.code.editor {
                        editor.mark_line(line, message);
                    }
                }
                dom::set_text(
                    "code-verdict",
                    &format!(
                        "{}; {}",
                        code::timeline_steps(steps, true),
                        verdict.summary()
                    ),
                );
            }
            None => dom::set_text(
                "code-verdict",
                &format!(
                    "{}; {}",
                    code::timeline_steps(steps, false),
                    verdict.summary()
                ),
            ),
        }
        set_verdict_data(Some(&verdict), steps);
        dom::show_notice("");
        // The controls show the program once; a Run after a Run changes
        // none of them (they are what it ran with).
        if self.settings.main.algorithm != PROGRAM.name {
            self.settings.main.algorithm = PROGRAM.name;
            self.show_settings()?;
        }
        // (The rebuild writes the link.)
        self.rebuild()?;
        if !verdict.perfect() {
            // Where it went wrong, on the program's panel: the loop's two
            // cells, and the cells it never reached.
            let in_loop: Vec<u32> = verdict.first_loop.map_or(Vec::new(), |(a, b)| vec![a, b]);
            if let Some(panel) = self
                .maze
                .panels
                .iter_mut()
                .find(|p| p.spec.algorithm == PROGRAM.name)
            {
                panel.highlight(&in_loop, &verdict.unreached)?;
            }
        }
        Ok(())
    }

    /// A solver's run has ended: its marks are checked and played on the
    /// first panel's overlay, and its path checked and shown.
    fn finish_solve(
        &mut self,
        mut error: Option<String>,
        decoded: program::Decoded,
        path: Option<Vec<u32>>,
        run: &Run,
    ) -> Result<(), JsValue> {
        self.code.checking_ms = 0.0;
        let events = decoded.events;
        if let Some(bad) = decoded.error {
            error.get_or_insert_with(|| bad.to_string());
        }
        let steps = events.len() as u64;
        let (start, goal) = run.ends;
        let outcome = match (&error, path) {
            (Some(e), _) => Outcome::NotFound(e.clone()),
            (None, Some(path)) if path.is_empty() => {
                Outcome::NotFound("the program found no path".into())
            }
            (None, Some(path)) => match program::check_path(&run.maze, start, goal, &path) {
                Ok(()) => Outcome::Found(path),
                Err(why) => {
                    error = Some(why.clone());
                    Outcome::NotFound(why)
                }
            },
            (None, None) => Outcome::NotFound("solve(...) returned no path".into()),
        };
        let summary = match &outcome {
            Outcome::Found(path) => format!(
                "{}; a path of {} from the start to the goal, through openings",
                code::timeline_steps(steps, error.is_some()),
                plural(path.len() as u64 - 1, "move")
            ),
            _ => format!("{}; no path", code::timeline_steps(steps, error.is_some())),
        };
        match &error {
            Some(message) => {
                self.show_program_error(message);
                if let (Some(line), Some(editor)) = (error_line(message), &self.code.editor) {
                    editor.mark_line(line, message);
                }
            }
            None => self.show_program_error(""),
        }
        dom::set_text("code-verdict", &summary);
        if let Some(el) = dom::by_id_opt("code-verdict") {
            let found = matches!(outcome, Outcome::Found(_));
            el.set_attribute("data-perfect", "")?;
            el.set_attribute("data-path", if found { "true" } else { "false" })?;
            el.set_attribute("data-steps", &steps.to_string())?;
            el.set_attribute("data-timeline", &(steps + 1).to_string())?;
        }
        if let Some(panel) = self.maze.panels.first_mut() {
            let solver = Solver::program(Arc::new(events), outcome, &run.maze, true);
            panel.start_solve_with(solver, "program")?;
            panel.blit_overlay()?;
        }
        self.show_solving()
    }

    pub(in crate::web) fn show_program_error(&self, text: &str) {
        dom::set_text("code-error", text);
    }

    /// What the program a panel replays printed (its log), if the panel
    /// is the program's and the last run was on this maze.
    pub(in crate::web) fn program_log(
        &self,
        spec: &PanelSpec,
    ) -> Option<Arc<code::output::Printed>> {
        let run = self.code.run.as_ref()?;
        (spec.algorithm == PROGRAM.name
            && run.shape == self.settings.shape
            && run.seed == self.settings.seed)
            .then(|| run.printed.clone())
    }

    /// Where a panel's events come from: the registry, or for `program`
    /// the last run's recording if it ran on this maze (else nothing yet:
    /// the maze waits for Run).
    pub(in crate::web) fn author_for(&self, spec: &PanelSpec) -> Result<Author, JsValue> {
        let algorithm =
            crate::generate::find(spec.algorithm).map_err(|e| JsValue::from_str(&e.to_string()))?;
        if !std::ptr::eq(algorithm, &PROGRAM) {
            return Ok(Author::Builtin(algorithm));
        }
        Ok(match &self.code.run {
            Some(run) if run.shape == self.settings.shape && run.seed == self.settings.seed => {
                Author::Recorded {
                    events: run.events.clone(),
                    starts_open: run.starts_open,
                    ending: Some(run.ending.clone()),
                }
            }
            _ => {
                dom::show_notice(
                    "your program has not run on this maze yet: press Run in the Code view",
                );
                Author::Recorded {
                    events: Arc::new(program::Log::empty(&self.settings.shape)),
                    starts_open: false,
                    ending: None,
                }
            }
        })
    }
}
