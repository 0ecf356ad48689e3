//! The page's four views and their tabs: the maze, the lab, the code
//! editor (beside the stage, in the controls' place) and the walk (the
//! stage seen from inside, the maze a map in its corner).

use super::dom;
use crate::settings::View;
use wasm_bindgen::prelude::*;
use web_sys::Element;

/// The tabs, each with its view.
const TABS: [(&str, View); 4] = [
    ("view-maze", View::Maze),
    ("view-walk", View::Walk),
    ("view-lab", View::Lab),
    ("view-code", View::Code),
];

/// Shows `view`: the stage for the maze and the code, the lab alone.
pub(super) fn set_view(view: View) -> Result<(), JsValue> {
    dom::set_hidden("layout", view == View::Lab);
    dom::set_hidden("lab", view != View::Lab);
    dom::set_hidden("code", view != View::Code);
    dom::set_hidden("walk", view != View::Walk);
    for (id, tab_view) in TABS {
        let Some(tab) = dom::by_id_opt(id) else {
            continue;
        };
        let on = tab_view == view;
        tab.set_attribute("aria-selected", if on { "true" } else { "false" })?;
        tab.set_attribute("tabindex", if on { "0" } else { "-1" })?;
    }
    let name = match view {
        View::Maze => "maze",
        View::Lab => "lab",
        View::Code => "code",
        View::Walk => "walk",
    };
    let root: Element = dom::document()
        .document_element()
        .ok_or("a document element")?;
    root.set_attribute("data-view", name)
}

/// The tab ids and their views, for the listeners.
pub(super) fn tabs() -> [(&'static str, View); 4] {
    TABS
}
