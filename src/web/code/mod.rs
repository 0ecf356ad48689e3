//! The Code view: a person's own generator, written in the editor and run
//! in a worker of its own (`worker`), its recorded run played on the stage
//! like a built-in's (`generate::Author::Recorded`), with a verdict under
//! the editor. The program is kept in the link (`program`) and in the
//! browser's storage, and a program that arrives by link runs only when
//! the person presses Run.

pub(in crate::web) mod editor;
pub(in crate::web) mod output;
pub(in crate::web) mod python;
pub(in crate::web) mod report;
pub(in crate::web) mod starters;
pub(in crate::web) mod worker;

use super::dom;
use super::mailbox::Mailbox;
use crate::grid::Grid;
use crate::program::{self, Kind, Lang, Verdict};
use crate::shape::Shape;
use editor::Editor;
use python::{Loading, Python};
use report::Report;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use worker::Running;

/// How long after the Code view shows (or a run ends) its spare worker is
/// made: after the page has painted.
pub(in crate::web) const SPARE_DELAY_MS: i32 = 150;

/// The most cells a spare's tables are made for (some 80 MB of tables at
/// two million cells); a larger maze's run starts a fresh worker.
pub(in crate::web) const SPARE_MAX_CELLS: u32 = 1 << 21;

/// A finished run's recording, and the maze it was run on.
pub(in crate::web) struct ProgramRun {
    pub(in crate::web) events: Arc<program::Log>,
    pub(in crate::web) starts_open: bool,
    /// The maze the run leaves and its counts (an instant build takes it).
    pub(in crate::web) ending: Arc<program::Ending>,
    pub(in crate::web) shape: Shape,
    pub(in crate::web) seed: u64,
    /// What it printed: its log in the panels that replay it.
    pub(in crate::web) printed: Arc<output::Printed>,
}

/// What the Code view's waiting parts ask of the app when they answer.
pub(in crate::web) enum Msg {
    /// Run (the button, or Ctrl+Enter in the editor).
    Run,
    /// Stop: the running program ends now.
    Stop,
    /// The language picked.
    Lang,
    /// A starter picked: its program replaces the editor's.
    Starter,
    /// The program was edited: the browser keeps it.
    Edited,
    /// Python's loading said how it goes (asked at `began`, the page's
    /// clock).
    PythonLoading(Loading, f64),
    /// The editor's script arrived: CodeMirror takes the text area's place.
    EditorLoaded,
    /// Time to make the spare worker for the next Run.
    MakeSpare,
    /// The running program's worker reported, on the run it is for.
    Report(Report, Rc<Run>),
}

/// What a run is for, kept until its worker answers.
pub(in crate::web) struct Run {
    pub(in crate::web) kind: Kind,
    pub(in crate::web) lang: Lang,
    /// The maze the program starts from (a solver's is the one shown).
    pub(in crate::web) maze: Grid,
    pub(in crate::web) ends: (u32, u32),
    pub(in crate::web) shape: Shape,
    pub(in crate::web) seed: u64,
    /// When Run was pressed (the page's clock).
    pub(in crate::web) began_ms: f64,
}

/// The Code view's state.
#[derive(Default)]
pub(in crate::web) struct Code {
    /// Where its waiting parts send their messages (`Msg`).
    pub(in crate::web) mailbox: Mailbox<Msg>,
    pub(in crate::web) editor: Option<Editor>,
    pub(in crate::web) running: Option<Running>,
    /// The running program's log, read piece by piece as it arrives.
    pub(in crate::web) decoder: Option<program::Decoder>,
    /// The last piece, copied out of the worker's array.
    pub(in crate::web) piece: Vec<i32>,
    /// Time spent checking the pieces so far.
    pub(in crate::web) checking_ms: f64,
    /// The last generator's tables, and the shape they are of.
    pub(in crate::web) tables: Option<(Shape, Rc<program::Tables>)>,
    /// A worker made ahead for the next generator's Run (`worker::spare`).
    pub(in crate::web) spare: Option<worker::Spare>,
    /// The next Run must start a fresh worker (a spare could not load the
    /// program).
    pub(in crate::web) fresh: bool,
    /// The program just run, to put in the link when its worker first
    /// reports.
    pub(in crate::web) unlinked: Option<String>,
    pub(in crate::web) run: Option<ProgramRun>,
    /// The editor's callbacks, kept alive with it.
    pub(in crate::web) callbacks: Vec<Closure<dyn FnMut()>>,
    /// The script that brings CodeMirror, once asked for, and its callback.
    pub(in crate::web) loading: Option<Closure<dyn FnMut()>>,
    /// The Python worker, once Python is chosen (loading, or ready between
    /// runs; a running program holds it).
    pub(in crate::web) python: Option<Python>,
    /// Run was pressed while Python loads: the program runs once it is
    /// ready.
    pub(in crate::web) python_waiting: bool,
    /// What the last run printed (`#code-output`).
    pub(in crate::web) output: output::Output,
    /// What the running program's run is for (Stop ends it as its worker
    /// would).
    pub(in crate::web) current: Option<Rc<Run>>,
}

/// The Stop button shows while a program runs.
pub(in crate::web) fn show_stop(running: bool) {
    if let Some(stop) = dom::by_id_opt("code-stop") {
        let _ = if running {
            stop.remove_attribute("hidden")
        } else {
            stop.set_attribute("hidden", "")
        };
    }
}

/// The verdict's data for tests and styles.
pub(in crate::web) fn set_verdict_data(verdict: Option<&Verdict>, steps: u64) {
    if let Some(el) = dom::by_id_opt("code-verdict") {
        let perfect = verdict.map_or(String::new(), |v| v.perfect().to_string());
        let passages = verdict.map_or(0, |v| v.passages);
        let _ = el.set_attribute("data-perfect", &perfect);
        let _ = el.set_attribute("data-steps", &steps.to_string());
        // What the timeline counts: a run's events, then its end.
        let timeline = if verdict.is_some() { steps + 1 } else { 0 };
        let _ = el.set_attribute("data-timeline", &timeline.to_string());
        let _ = el.set_attribute("data-passages", &passages.to_string());
        let _ = el.set_attribute("data-live", &verdict.map_or(0, |v| v.live).to_string());
    }
}

/// The editor in `#code-editor` holding `text`, wired to Run and to
/// keeping the text.
pub(in crate::web) fn mount_editor(
    text: &str,
    lang: Lang,
    run: &Closure<dyn FnMut()>,
    change: &Closure<dyn FnMut()>,
) -> Result<Editor, JsValue> {
    let parent: web_sys::Element = dom::by_id("code-editor")?;
    Editor::mount(
        &parent,
        text,
        lang,
        run.as_ref().unchecked_ref(),
        change.as_ref().unchecked_ref(),
    )
}

/// The Code view shows `lang`'s interface (`#code[data-lang]`, which the
/// help's two lists and the style read).
pub(in crate::web) fn show_lang(lang: Lang) {
    if let Some(el) = dom::by_id_opt("code") {
        let _ = el.set_attribute("data-lang", lang.name());
    }
}

/// Python's loading bar: `Some((bytes, total))` shows it (an unknown total
/// as 0), `None` hides it.
pub(in crate::web) fn set_python_progress(progress: Option<(f64, f64)>, label: &str) {
    let Some(box_) = dom::by_id_opt("code-python") else {
        return;
    };
    match progress {
        Some((bytes, total)) => {
            let _ = box_.remove_attribute("hidden");
            if let Some(bar) = dom::by_id_opt("code-python-progress") {
                if total > 0.0 {
                    let _ = bar.set_attribute("max", &total.to_string());
                    let _ = bar.set_attribute("value", &bytes.min(total).to_string());
                } else {
                    let _ = bar.remove_attribute("value");
                }
            }
        }
        None => {
            let _ = box_.set_attribute("hidden", "");
        }
    }
    dom::set_text("code-python-label", label);
}

/// `n thing` or `n things`.
pub(in crate::web) fn plural(n: u64, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// The verdict's count of a run's `events`: the timeline's steps (the
/// program's, then the run's end), as the stage's counter shows them.
pub(in crate::web) fn timeline_steps(events: u64, before_error: bool) -> String {
    let when = if before_error {
        " before the error"
    } else {
        ""
    };
    format!(
        "{} ({events} of yours{when}, then the end)",
        plural(events + 1, "step")
    )
}

/// A timing readout on the verdict, in milliseconds.
pub(in crate::web) fn set_timing(attr: &str, ms: f64) {
    if let Some(el) = dom::by_id_opt("code-verdict") {
        let _ = el.set_attribute(attr, &format!("{ms:.1}"));
    }
}

/// The line an error names (`line N: ...`), if any.
pub(in crate::web) fn error_line(message: &str) -> Option<u32> {
    message
        .strip_prefix("line ")?
        .split(':')
        .next()?
        .parse()
        .ok()
}
