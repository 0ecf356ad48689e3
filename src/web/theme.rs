//! Light and dark. The page's inline script picks the theme before the
//! first paint (the remembered choice, else `prefers-color-scheme`) and puts
//! it on `<html data-theme>`; this reads it for the canvases and toggles it,
//! remembering the choice in `localStorage`.

use super::dom;
use crate::render::canvas::palette::{Palette, DARK, LIGHT};

const STORAGE_KEY: &str = "mazelab-theme";
/// Where the patterns mode is remembered (`on`, or absent).
const PATTERNS_KEY: &str = "mazelab-patterns";

/// The palette of the theme on the page now, patterned if that mode is on.
pub fn current() -> &'static Palette {
    let root = dom::document().document_element();
    let theme = root.as_ref().and_then(|el| el.get_attribute("data-theme"));
    let patterns = root.and_then(|el| el.get_attribute("data-patterns"));
    let base = match theme.as_deref() {
        Some("dark") => &DARK,
        _ => &LIGHT,
    };
    base.with_patterns(patterns.as_deref() == Some("on"))
}

/// Turns the patterns mode (shapes on the working state's marks) on or
/// off, remembers it, and returns the palette to paint with. Like the
/// theme it is the viewer's, not the maze's: kept in the browser, not in
/// the link.
pub fn set_patterns(on: bool) -> &'static Palette {
    if let Some(root) = dom::document().document_element() {
        let _ = if on {
            root.set_attribute("data-patterns", "on")
        } else {
            root.remove_attribute("data-patterns")
        };
    }
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = if on {
            storage.set_item(PATTERNS_KEY, "on")
        } else {
            storage.remove_item(PATTERNS_KEY)
        };
    }
    current()
}

/// Switches to the other theme, remembers it, and returns its palette.
pub fn toggle() -> &'static Palette {
    let now = current();
    let next = if now.name == "dark" { &LIGHT } else { &DARK };
    set(next);
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        // Private windows may refuse; the theme still changes for this visit.
        let _ = storage.set_item(STORAGE_KEY, next.name);
    }
    next.with_patterns(now.patterns)
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
