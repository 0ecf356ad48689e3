//! Playing by hand: a trail from the start that follows open passages under
//! the pointer or the keys, retracts when it steps back, and reports the
//! moves against the shortest path on reaching the goal. Every move is also
//! said in words (`#announce`, a live region) for a screen reader.

use super::dom;
use super::mode::{Marker, Mode};
use crate::shape::Shape;
use wasm_bindgen::prelude::*;

/// Playing by hand: the panel being played, and when play began.
#[derive(Debug, Default)]
pub(super) struct Play {
    pub(super) panel: usize,
    pub(super) started_ms: f64,
}

/// Puts `text` in the live region a screen reader speaks from.
pub(super) fn announce(text: &str) {
    dom::set_text("announce", text);
}

/// Whether the person points with a finger (`pointer: coarse`): the
/// hints then speak of taps, not clicks and keys.
pub(super) fn by_touch() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// What a click (or a tap) on the maze does now, and how play goes, in
/// the words of the person's pointer.
pub(super) fn hint(mode: Mode, next: Marker, shape: &Shape, touch: bool) -> &'static str {
    let levels = matches!(shape.name(), "3d" | "4d");
    match (mode, next, touch) {
        (Mode::Masking, _, false) => "paint cells off (or back on) with a click or drag; the maze is carved again when you lift",
        (Mode::Masking, _, true) => "paint cells off (or back on) with a tap or a drag of your finger; the maze is carved again when you lift it",
        (Mode::Playing, _, true) if levels => "trace a path from the green start to the pink goal: drag your finger along the passages or tap the next cell, and the level buttons to climb; going back retracts; \u{201c}stop playing\u{201d} ends",
        (Mode::Playing, _, true) => "trace a path from the green start to the pink goal: drag your finger along the passages or tap the next cell; going back retracts; \u{201c}stop playing\u{201d} ends",
        (Mode::Playing, _, false) if shape.name() == "4d" => "trace a path from the green start to the pink goal: drag, click, the arrow keys / WASD on a level, PageUp / PageDown to the level above or below (an arrow in the cell shows the way), [ and ] along the rows of levels; Esc stops",
        (Mode::Playing, _, false) if levels => "trace a path from the green start to the pink goal: drag, click, the arrow keys / WASD on a level, PageUp / PageDown to the level above or below (an arrow in the cell shows the way); Esc stops",
        (Mode::Playing, _, false) if !shape.compass_sides() => "trace a path from the green start to the pink goal: drag, click, the arrow keys / WASD, or Q E Z C for the diagonals; step back to retract; Esc stops",
        (Mode::Playing, _, false) => "trace a path from the green start to the pink goal: drag, click or use the arrow keys / WASD; step back to retract; Esc stops",
        (_, Marker::Start, false) => "click a cell to set the start (green), or drag a marker",
        (_, Marker::Goal, false) => "click a cell to set the goal (pink), or drag a marker",
        (_, Marker::Start, true) => "tap a cell to set the start (green), or drag a marker",
        (_, Marker::Goal, true) => "tap a cell to set the goal (pink), or drag a marker",
    }
}

/// The play button says what pressing it does: play, or stop playing.
pub(super) fn show_play_button(mode: Mode) -> Result<(), JsValue> {
    let Some(button) = dom::by_id_opt("play-maze") else {
        return Ok(());
    };
    // The status line asks every frame: the button changes only with the mode.
    let playing = mode == Mode::Playing;
    let pressed = if playing { "true" } else { "false" };
    if button.get_attribute("aria-pressed").as_deref() != Some(pressed) {
        button.set_attribute("aria-pressed", pressed)?;
        button.set_text_content(Some(if playing {
            "stop playing"
        } else {
            "play by hand"
        }));
    }
    Ok(())
}
