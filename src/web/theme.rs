//! Light and dark. The page's inline script picks the theme before the
//! first paint (the remembered choice, else `prefers-color-scheme`) and puts
//! it on `<html data-theme>`; this reads it for the canvases and toggles it,
//! remembering the choice in `localStorage`.

use super::dom;
use crate::render::canvas::palette::{Palette, DARK, LIGHT};

const STORAGE_KEY: &str = "mazelab-theme";

/// The palette of the theme on the page now.
pub fn current() -> &'static Palette {
    let theme = dom::document()
        .document_element()
        .and_then(|el| el.get_attribute("data-theme"));
    match theme.as_deref() {
        Some("dark") => &DARK,
        _ => &LIGHT,
    }
}

/// Switches to the other theme, remembers it, and returns its palette.
pub fn toggle() -> &'static Palette {
    let next = if current().name == "dark" {
        &LIGHT
    } else {
        &DARK
    };
    set(next);
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        // Private windows may refuse; the theme still changes for this visit.
        let _ = storage.set_item(STORAGE_KEY, next.name);
    }
    next
}

/// Puts a theme on the page and labels the toggle with the other one.
pub fn set(palette: &'static Palette) {
    if let Some(root) = dom::document().document_element() {
        let _ = root.set_attribute("data-theme", palette.name);
    }
    show_toggle();
}

/// The toggle button names the theme it switches to.
pub fn show_toggle() {
    let dark = current().name == "dark";
    dom::set_text("theme", if dark { "light" } else { "dark" });
    if let Some(button) = dom::by_id_opt("theme") {
        let _ = button.set_attribute("aria-pressed", if dark { "true" } else { "false" });
        let _ = button.set_attribute(
            "aria-label",
            if dark {
                "switch to the light theme"
            } else {
                "switch to the dark theme"
            },
        );
    }
}
