//! The Code view's starters in each language, and what the browser keeps
//! between visits: each language's program, and the language last used.

use super::super::dom;
use crate::program::{Kind, Lang};
use wasm_bindgen::prelude::*;

/// A starter: its name in the menu's value, its label, its program.
pub(in crate::web) type Starter = (&'static str, &'static str, &'static str);

const JAVASCRIPT: [Starter; 7] = [
    (
        "random-tree",
        "Norvig's random_tree (choose the pop rule)",
        include_str!("../../../www/code/starters/random-tree.js"),
    ),
    (
        "backtracker",
        "recursive backtracker",
        include_str!("../../../www/code/starters/backtracker.js"),
    ),
    (
        "kruskal",
        "Kruskal with union-find",
        include_str!("../../../www/code/starters/kruskal.js"),
    ),
    (
        "aldous-broder",
        "Aldous-Broder",
        include_str!("../../../www/code/starters/aldous-broder.js"),
    ),
    (
        "wilson",
        "Wilson",
        include_str!("../../../www/code/starters/wilson.js"),
    ),
    (
        "bfs",
        "solver: breadth-first search",
        include_str!("../../../www/code/starters/bfs.js"),
    ),
    (
        "wall-follower",
        "solver: wall follower",
        include_str!("../../../www/code/starters/wall-follower.js"),
    ),
];

const PYTHON: [Starter; 4] = [
    (
        "random-tree",
        "Norvig's random_tree, notebook style (choose the pop)",
        include_str!("../../../www/code/starters/random-tree.py"),
    ),
    (
        "kruskal",
        "Kruskal with union-find",
        include_str!("../../../www/code/starters/kruskal.py"),
    ),
    (
        "wilson",
        "Wilson",
        include_str!("../../../www/code/starters/wilson.py"),
    ),
    (
        "bfs",
        "solver: breadth-first search",
        include_str!("../../../www/code/starters/bfs.py"),
    ),
];

/// The starters of `lang`, the first the one a new visitor sees.
pub(in crate::web) fn of(lang: Lang) -> &'static [Starter] {
    match lang {
        Lang::JavaScript => &JAVASCRIPT,
        Lang::Python => &PYTHON,
    }
}

/// Fills the starter menu with `lang`'s starters.
pub(in crate::web) fn fill_menu(lang: Lang) -> Result<(), JsValue> {
    let menu = dom::select("code-starter")?;
    menu.set_inner_html("");
    let doc = dom::document();
    let placeholder = doc.create_element("option")?;
    placeholder.set_text_content(Some("your program"));
    placeholder.set_attribute("value", "")?;
    menu.append_child(&placeholder)?;
    for (name, label, text) in of(lang) {
        let option = doc.create_element("option")?;
        option.set_attribute("value", name)?;
        let kind = match Kind::of(text, lang) {
            Some(Kind::Solver) => "solver",
            _ => "generator",
        };
        option.set_attribute("data-kind", kind)?;
        option.set_text_content(Some(label));
        menu.append_child(&option)?;
    }
    menu.set_value("");
    Ok(())
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Where the browser keeps `lang`'s program (JavaScript's key is the one
/// it always had).
fn program_key(lang: Lang) -> &'static str {
    match lang {
        Lang::JavaScript => "mazelab-program",
        Lang::Python => "mazelab-program-python",
    }
}

const LANG_KEY: &str = "mazelab-program-lang";

/// The program kept for `lang`, else its first starter.
pub(in crate::web) fn kept_program(lang: Lang) -> String {
    storage()
        .and_then(|s| s.get_item(program_key(lang)).ok().flatten())
        .unwrap_or_else(|| of(lang)[0].2.to_string())
}

/// Keeps `text` as `lang`'s program, and `lang` as the language last used.
pub(in crate::web) fn keep(lang: Lang, text: &str) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(program_key(lang), text);
        let _ = storage.set_item(LANG_KEY, lang.name());
    }
}

/// The language last used in this browser, if any.
pub(in crate::web) fn kept_lang() -> Option<Lang> {
    let name = storage()?.get_item(LANG_KEY).ok().flatten()?;
    Lang::parse(&name).ok()
}
