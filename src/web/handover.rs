//! The two modules of the page and the handover between them. The page's
//! loader (`www/boot.js`) starts the first-visit module (`feature =
//! "first"`: the maze view alone, every generator compiled once, no fast
//! paths) unless the link asks for more; the first module runs what it
//! can and, asked for the rest (the lab, the code view, the walk, a
//! download, a big maze, an algorithm it leaves out), writes the link and
//! hands the page to the full module. That one mounts from the link, so
//! the maze, its step and the view carry over, and then presses the
//! button that asked for it.

use super::dom;
use crate::settings::{Settings, View};
use crate::shape::Topology;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The loader's handover (`www/boot.js`): starts the full module,
    /// which then presses the control named, if any.
    #[wasm_bindgen(catch, js_namespace = window, js_name = mazelabHandover)]
    fn loader_handover(then: &str) -> Result<(), JsValue>;
}

/// The most cells the first module builds (bigger mazes want the full
/// module's fast paths).
pub(super) const FIRST_MAX_CELLS: u32 = 200 * 200;

/// Whether this module runs `settings` itself: always in the full module;
/// in the first, the maze view of a maze it can carve at its size.
pub(super) fn runs_here(settings: &Settings) -> bool {
    if !cfg!(feature = "first") {
        return true;
    }
    settings.view == View::Maze
        && settings.program.is_none()
        && settings.shape.cells() <= FIRST_MAX_CELLS
        && settings
            .panels()
            .iter()
            .all(|spec| crate::generate::find(spec.algorithm).is_ok_and(|a| a.runs_here()))
}

/// Whether the first module opens `view` itself.
pub(super) fn shows_here(view: View) -> bool {
    !cfg!(feature = "first") || view == View::Maze
}

/// Hands the page to the full module, which mounts from the link (written
/// first by the caller) and then presses the control `then` names. A page
/// with no loader (a test's) says so instead.
pub(super) fn to_full(then: Option<&str>) {
    dom::show_notice("loading the rest of mazelab...");
    if let Err(e) = loader_handover(then.unwrap_or("")) {
        dom::show_error(&format!(
            "mazelab could not load the rest of the page: {}",
            dom::describe(&e)
        ));
    }
}

/// The full module, once mounted: presses the control the first module
/// handed over for (a download, say), so one press does what was asked.
pub(super) fn press_what_was_asked() {
    if cfg!(feature = "first") {
        return;
    }
    // The loader keeps the control's id as `window.mazelabThen`.
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = JsValue::from_str("mazelabThen");
    let Some(id) = js_sys::Reflect::get(&window, &key)
        .ok()
        .and_then(|v| v.as_string())
        .filter(|id| !id.is_empty())
    else {
        return;
    };
    let _ = js_sys::Reflect::delete_property(&window, &key);
    if let Some(el) = dom::by_id_opt(&id) {
        if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
            el.click();
        }
    }
}
