//! How the app applies the Code view (`code`): a program run in its
//! worker and carved on the stage, its starters, language and editor, the
//! spare worker made ahead of Run, and Python's loading.

use crate::grid::Grid;
use crate::program::{self, Kind, Lang};
use crate::shape::{Shape, Topology};
use crate::web::app::{App, Msg};
use crate::web::code;
use crate::web::code::editor::Editor;
use crate::web::code::python::{Loading, Python};
use crate::web::code::*;
use crate::web::dom;
use crate::web::mailbox::Mailbox;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

impl App {
    /// Applies a message of the Code view's; an error shows under the
    /// editor.
    pub(in crate::web) fn code_update(&mut self, msg: code::Msg) {
        let done = match msg {
            code::Msg::Run => self.run_program(),
            code::Msg::Stop => self.stop_program(),
            code::Msg::Lang => self.choose_lang(),
            code::Msg::Starter => self.load_starter(),
            code::Msg::Edited => {
                self.keep_program();
                Ok(())
            }
            code::Msg::PythonLoading(said, began) => self.python_loading(said, began),
            code::Msg::EditorLoaded => self.upgrade_editor(),
            code::Msg::MakeSpare => self.make_spare(),
            code::Msg::Report(report, run) => self.program_report(report, &run),
        };
        if let Err(e) = done {
            self.show_program_error(&dom::describe(&e));
        }
    }

    /// Fills the starter menu and mounts the editor with the program of
    /// the link, else the one kept in the browser, else the first starter,
    /// in the link's language (else the one last used here).
    pub(in crate::web) fn mount_code(app: &Rc<RefCell<App>>) -> Result<(), JsValue> {
        let (lang, text) = {
            let mut a = app.borrow_mut();
            if a.settings.program.is_none() && a.settings.lang == Lang::JavaScript {
                a.settings.lang = starters::kept_lang().unwrap_or_default();
            }
            let lang = a.settings.lang;
            let text = a
                .settings
                .program
                .clone()
                .unwrap_or_else(|| starters::kept_program(lang));
            (lang, text)
        };
        starters::fill_menu(lang)?;
        dom::select("code-lang")?.set_value(lang.name());
        show_lang(lang);
        let home = Rc::downgrade(app);
        let mailbox = Mailbox::new(move |m| App::deliver(&home, Msg::Code(m)));
        let send = mailbox.clone();
        let run = Closure::<dyn FnMut()>::new(move || send.send(code::Msg::Run));
        let send = mailbox.clone();
        let change = Closure::<dyn FnMut()>::new(move || send.send(code::Msg::Edited));
        let editor = mount_editor(&text, lang, &run, &change)?;
        let mut a = app.borrow_mut();
        a.code.mailbox = mailbox;
        a.code.editor = Some(editor);
        a.code.callbacks = vec![run, change];
        dom::set_text(
            "code-kind",
            Kind::of(&text, lang)
                .unwrap_or(Kind::Generator)
                .describe(lang),
        );
        Ok(())
    }

    /// The language chosen in `#code-lang`: the program of the language
    /// left is kept, the one kept for the language chosen (else its first
    /// starter) takes the editor, and Python starts to load.
    fn choose_lang(&mut self) -> Result<(), JsValue> {
        let lang = Lang::parse(&dom::select("code-lang")?.value())
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        if lang == self.settings.lang {
            return Ok(());
        }
        if let Some(editor) = &self.code.editor {
            starters::keep(self.settings.lang, &editor.text());
        }
        self.settings.lang = lang;
        let text = starters::kept_program(lang);
        if let Some(editor) = &self.code.editor {
            editor.set_lang(lang);
            editor.set_text(&text);
            editor.mark_line(0, "");
        }
        starters::fill_menu(lang)?;
        show_lang(lang);
        self.show_program_error("");
        // The link's program is the last one run, in its language: a
        // program of the other language no longer belongs in it.
        self.settings.program = None;
        self.keep_program();
        if lang == Lang::Python {
            self.ensure_python()?;
        }
        self.sync_url();
        Ok(())
    }

    /// Starts loading Python, unless it is loading or loaded.
    pub(super) fn ensure_python(&mut self) -> Result<(), JsValue> {
        if self.code.python.is_some() {
            return Ok(());
        }
        set_python_progress(Some((0.0, 0.0)), "loading Python...");
        let mailbox = self.code.mailbox.clone();
        let began = crate::web::clock::now_ms();
        let python = Python::load(move |said| mailbox.send(code::Msg::PythonLoading(said, began)))?;
        self.code.python = Some(python);
        Ok(())
    }

    /// How Python's loading goes: the progress bar, then the run that waits.
    fn python_loading(&mut self, said: Loading, began: f64) -> Result<(), JsValue> {
        match said {
            Loading::Progress(bytes, total) => {
                let mb = |b: f64| b / 1e6;
                set_python_progress(
                    Some((bytes, total)),
                    &format!(
                        "loading Python: {:.1} of {:.1} MB",
                        mb(bytes),
                        mb(total.max(bytes))
                    ),
                );
            }
            Loading::Ready(worker_ms) => {
                set_python_progress(None, "");
                if let Some(el) = dom::by_id_opt("code-python") {
                    // For tests and the benchmark: from the choice to
                    // ready, and the worker's own part of it.
                    el.set_attribute(
                        "data-ready-ms",
                        &format!("{:.1}", crate::web::clock::now_ms() - began),
                    )?;
                    el.set_attribute("data-worker-ms", &format!("{worker_ms:.1}"))?;
                }
                if std::mem::take(&mut self.code.python_waiting) {
                    self.run_program()?;
                }
            }
            Loading::Failed(why) => {
                self.code.python = None;
                self.code.python_waiting = false;
                set_python_progress(None, "");
                dom::set_text("code-verdict", "");
                self.show_program_error(&format!("Python could not load: {why}. Run tries again"));
            }
        }
        Ok(())
    }

    /// Loads CodeMirror's script (the first time the Code view shows): the
    /// page does not pay for it otherwise. Until it has loaded the program
    /// sits in a plain text area, which it then replaces.
    pub(in crate::web) fn ensure_editor(&mut self) -> Result<(), JsValue> {
        if self.code.loading.is_some() || !matches!(self.code.editor, Some(Editor::Plain(_))) {
            return Ok(());
        }
        let parent: web_sys::Element = dom::by_id("code-editor")?;
        let Some(src) = parent.get_attribute("data-editor-src") else {
            return Ok(());
        };
        let script: web_sys::HtmlScriptElement =
            dom::document().create_element("script")?.dyn_into()?;
        let mailbox = self.code.mailbox.clone();
        let loaded = Closure::<dyn FnMut()>::new(move || mailbox.send(code::Msg::EditorLoaded));
        script.set_onload(Some(loaded.as_ref().unchecked_ref()));
        script.set_src(&src);
        dom::document()
            .head()
            .ok_or("a document head")?
            .append_child(&script)?;
        self.code.loading = Some(loaded);
        Ok(())
    }

    /// CodeMirror has loaded: it takes the text area's place and text.
    fn upgrade_editor(&mut self) -> Result<(), JsValue> {
        let Some(Editor::Plain(area)) = &self.code.editor else {
            return Ok(());
        };
        let [run, change] = &self.code.callbacks[..] else {
            return Ok(());
        };
        let editor = mount_editor(&area.value(), self.settings.lang, run, change)?;
        if matches!(editor, Editor::Code(_)) {
            area.remove();
            self.code.editor = Some(editor);
        }
        Ok(())
    }

    /// The Code view shows: its editor loads, and a worker is made ready.
    pub(in crate::web) fn code_view_shown(&mut self) -> Result<(), JsValue> {
        self.ensure_editor()?;
        match self.settings.lang {
            Lang::JavaScript => self.prepare_spare_soon(),
            Lang::Python => self.ensure_python()?,
        }
        Ok(())
    }

    /// A generator's tables depend on the shape alone: the next run on it
    /// (the edit-and-run loop) reuses them.
    pub(super) fn generator_tables(&mut self, shape: &Shape) -> Rc<program::Tables> {
        match &self.code.tables {
            Some((of, tables)) if of == shape => tables.clone(),
            _ => {
                let tables = Rc::new(program::tables(&Grid::closed_shape(shape.clone())));
                self.code.tables = Some((shape.clone(), tables.clone()));
                tables
            }
        }
    }

    /// The Code view is left: its spare worker (and the tables it holds)
    /// goes.
    pub(in crate::web) fn code_view_hidden(&mut self) {
        self.code.spare = None;
    }

    /// Makes a spare worker for the next Run a moment from now, once the
    /// stage has painted (`make_spare`, which does nothing if the spare is
    /// there already).
    pub(in crate::web) fn prepare_spare_soon(&self) {
        let mailbox = self.code.mailbox.clone();
        let due = Closure::once_into_js(move || mailbox.send(code::Msg::MakeSpare));
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                due.unchecked_ref(),
                SPARE_DELAY_MS,
            );
        }
    }

    /// A worker ready for a generator on the current shape, while the Code
    /// view shows, no program runs and the shape is small enough that its
    /// tables may wait in memory.
    fn make_spare(&mut self) -> Result<(), JsValue> {
        let shape = self.settings.shape.clone();
        if self.settings.view != crate::settings::View::Code
            || self.settings.lang != Lang::JavaScript
            || self.code.running.is_some()
            || shape.cells() > SPARE_MAX_CELLS
        {
            return Ok(());
        }
        if self.code.spare.as_ref().is_some_and(|s| s.shape == shape) {
            return Ok(());
        }
        self.code.spare = None;
        let tables = self.generator_tables(&shape);
        self.code.spare = Some(worker::spare(&shape, &tables)?);
        Ok(())
    }

    /// The starter chosen in the menu replaces the program.
    fn load_starter(&mut self) -> Result<(), JsValue> {
        let menu = dom::select("code-starter")?;
        let chosen = menu.value();
        if let (Some((_, _, text)), Some(editor)) = (
            starters::of(self.settings.lang)
                .iter()
                .find(|(name, _, _)| *name == chosen),
            &self.code.editor,
        ) {
            editor.set_text(text);
            self.keep_program();
        }
        menu.set_value("");
        Ok(())
    }

    /// Keeps the editor's text in the browser's storage (not in the link:
    /// a program is written there when it runs).
    pub(super) fn keep_program(&self) {
        if let Some(editor) = &self.code.editor {
            let text = editor.text();
            let lang = self.settings.lang;
            if let Some(kind) = Kind::of(&text, lang) {
                dom::set_text("code-kind", kind.describe(lang));
            }
            starters::keep(lang, &text);
        }
    }

    /// The program the lab runs as `program`: the editor's (else the
    /// link's), if it is a generator; else why not.
    pub(in crate::web) fn program_for_lab(&self) -> Result<(String, Lang), String> {
        let text = match &self.code.editor {
            Some(editor) => editor.text(),
            None => self.settings.program.clone().unwrap_or_default(),
        };
        let lang = self.settings.lang;
        match Kind::of(&text, lang) {
            Some(Kind::Generator) => Ok((text, lang)),
            Some(Kind::Solver) => Err(format!(
                "the lab measures generators: the Code view holds {}",
                Kind::Solver.describe(lang)
            )),
            None => Err(format!(
                "program: write a generator in the Code view first ({})",
                Kind::Generator.describe(lang)
            )),
        }
    }
}
