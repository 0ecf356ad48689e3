//! The stage: panel canvases sized to their boxes in whole device pixels,
//! and zoom, pan and fit. Every panel shares one view, so compare mode zooms
//! and pans in lockstep. None of this regenerates a maze: a change of view
//! is one repaint of what is on screen.

use super::dom;
use super::pointer::PointerState;
use wasm_bindgen::prelude::*;

/// The stage's own state.
pub(super) struct Stage {
    /// What the pointer is doing on the stage.
    pub(super) pointer: PointerState,
    /// Whether the view is "fit": it re-fits on resize.
    pub(super) fitted: bool,
    /// Whether the maze is coloured by distance from the start.
    pub(super) distance: bool,
}

impl Default for Stage {
    fn default() -> Stage {
        Stage {
            pointer: PointerState::default(),
            fitted: true,
            distance: false,
        }
    }
}

/// One press of `+` or `-`, or of the zoom buttons.
pub(super) const ZOOM_STEP: f64 = 1.5;
/// Shift + arrow pans by this share of the canvas.
pub(super) const PAN_KEY_SHARE: f64 = 0.15;

/// Whether the page has its phone layout (below 761 CSS pixels wide: the
/// maze above, everything else below it).
pub(super) fn is_narrow() -> bool {
    web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|w| w.as_f64())
        .is_some_and(|w| w <= 760.0)
}

/// Levels a row for a 3D maze in this window: on a narrow one (the phone
/// layout below 760 CSS pixels) as many as draw it largest in a panel's
/// box, the window's width by at most 62% of its height (38% compared, as
/// `style.css` caps them); elsewhere 0, the 16:10 default.
pub(super) fn window_level_columns(shape: &crate::shape::Shape, compared: bool) -> u32 {
    let crate::shape::Kind::Stack(s) = &shape.kind else {
        return 0;
    };
    let Some(window) = web_sys::window() else {
        return 0;
    };
    let size = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
    let (w, h) = (size(window.inner_width()), size(window.inner_height()));
    if w > 760.0 {
        return 0;
    }
    let share = if compared { 0.38 } else { 0.62 };
    crate::shape::geometry::best_level_columns(s, w, share * h)
}

/// Phones size each panel by the maze's picture's aspect ratio.
pub(super) fn set_maze_aspect(shape: &crate::shape::Shape) -> Result<(), JsValue> {
    if let Some(el) = dom::html_element("panels") {
        let (w, h) = shape.bounds();
        el.style()
            .set_property("--maze-aspect", &format!("{w:.3} / {h:.3}"))?;
    }
    Ok(())
}

/// Device pixels per CSS pixel.
pub(super) fn device_pixel_ratio() -> f64 {
    web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .clamp(0.25, 8.0)
}

/// Writes the level slider's value and its words.
pub(super) fn show_level_value(value: u32, count: u32) {
    if let Ok(input) = dom::input("level") {
        input.set_value(&value.to_string());
    }
    dom::set_text(
        "level-value",
        &if value == 0 {
            "all levels".to_string()
        } else {
            format!("level {value} of {count}")
        },
    );
}
