//! The program's editor: CodeMirror, from the bundle `www/code/editor.js`
//! builds into the page (it sets `window.mazelabEditor`), or, where the
//! bundle is not loaded (the browser tests mount the page's body alone), a
//! plain text area with the same few calls.

use crate::program::Lang;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlTextAreaElement};

/// The editor in `#code-editor`.
pub(in crate::web) enum Editor {
    /// CodeMirror's view, driven through the bundle's small API.
    Code(JsValue),
    Plain(HtmlTextAreaElement),
}

fn api() -> Option<JsValue> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &"mazelabEditor".into())
        .ok()
        .filter(|v| v.is_object())
}

fn call(api: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = js_sys::Reflect::get(api, &name.into())?.dyn_into()?;
    let array = args.iter().collect::<js_sys::Array>();
    f.apply(api, &array)
}

impl Editor {
    /// Mounts an editor holding `text` in `parent`; `on_run` is called on
    /// Ctrl+Enter (Cmd+Enter), `on_change` after an edit.
    pub(in crate::web) fn mount(
        parent: &Element,
        text: &str,
        lang: Lang,
        on_run: &js_sys::Function,
        on_change: &js_sys::Function,
    ) -> Result<Editor, JsValue> {
        if let Some(api) = api() {
            let view = call(
                &api,
                "mount",
                &[
                    parent.into(),
                    text.into(),
                    on_run.into(),
                    on_change.into(),
                    lang.name().into(),
                ],
            )?;
            return Ok(Editor::Code(view));
        }
        let doc = super::super::dom::document();
        let area: HtmlTextAreaElement = doc.create_element("textarea")?.dyn_into()?;
        area.set_value(text);
        area.set_spellcheck(false);
        area.set_attribute("aria-label", "your program")?;
        parent.append_child(&area)?;
        Ok(Editor::Plain(area))
    }

    pub(in crate::web) fn text(&self) -> String {
        match self {
            Editor::Code(view) => api()
                .and_then(|api| call(&api, "text", std::slice::from_ref(view)).ok())
                .and_then(|t| t.as_string())
                .unwrap_or_default(),
            Editor::Plain(area) => area.value(),
        }
    }

    pub(in crate::web) fn set_text(&self, text: &str) {
        match self {
            Editor::Code(view) => {
                if let Some(api) = api() {
                    let _ = call(&api, "setText", &[view.clone(), text.into()]);
                }
            }
            Editor::Plain(area) => area.set_value(text),
        }
    }

    /// Highlights the text as `lang`.
    pub(in crate::web) fn set_lang(&self, lang: Lang) {
        if let (Editor::Code(view), Some(api)) = (self, api()) {
            let _ = call(&api, "setLang", &[view.clone(), lang.name().into()]);
        }
    }

    /// Marks line `line` (1 is the first) as the error's, or none (0).
    /// The program with a guard at the top of each loop's body (the
    /// editor's `guardLoops`), so a run stopped at the time limit names
    /// the loop it was in; as it is where the editor has no parser.
    pub(in crate::web) fn guard_loops(text: &str) -> String {
        api()
            .and_then(|api| call(&api, "guardLoops", &[text.into()]).ok())
            .and_then(|guarded| guarded.as_string())
            .unwrap_or_else(|| text.to_string())
    }

    pub(in crate::web) fn mark_line(&self, line: u32, message: &str) {
        if let (Editor::Code(view), Some(api)) = (self, api()) {
            let _ = call(
                &api,
                "markLine",
                &[view.clone(), line.into(), message.into()],
            );
        }
    }
}
