//! What the walk view says: `#walk`'s data attributes (where the walker
//! stands and faces, its moves, the goal reached, and the frame counters
//! the benchmark reads), the readout, the map's marker, messages in the
//! view and words for a screen reader.

use super::Walk;
use crate::describe;
use crate::shape::Cell;
use crate::walk::Walker;
use crate::web::clock::now_ms;
use crate::web::dom;
use crate::web::panel::Panel;
use wasm_bindgen::prelude::*;

/// Writes the frame counters on `#walk`, then what `Said` writes.
pub(in crate::web) fn show(
    walk: &mut Walk,
    panel: &Panel,
    walker: &Walker,
    open_ms: Option<f64>,
) -> Result<(), JsValue> {
    let Some(el) = dom::by_id_opt("walk") else {
        return Ok(());
    };
    el.set_attribute("data-frames", &walk.frames.to_string())?;
    el.set_attribute("data-scale", &format!("{:.2}", walk.scale.share))?;
    if let Some(ms) = open_ms {
        el.set_attribute("data-open-ms", &format!("{ms:.1}"))?;
    }
    // The map moves under the marker when it is zoomed, panned or
    // resized: placed again a few times a second.
    walk.ticks += 1;
    if walk.ticks % 15 == 0 {
        walk.said.state.clear();
    }
    walk.said.show(walk.started_ms, panel, walker)
}

/// What `#walk`'s attributes and readout last said.
#[derive(Default)]
pub(in crate::web) struct Said {
    pub(in crate::web) state: String,
    readout: String,
}

impl Said {
    /// Writes `#walk`'s attributes, the readout and the map's marker where
    /// they changed: after every command at once (the tests read them
    /// straight after a key), and each frame for the clock.
    pub(in crate::web) fn show(
        &mut self,
        started_ms: Option<f64>,
        panel: &Panel,
        walker: &Walker,
    ) -> Result<(), JsValue> {
        let Some(el) = dom::by_id_opt("walk") else {
            return Ok(());
        };
        let bearing = walker.bearing();
        let seconds = started_ms.map_or(0.0, |t| (now_ms() - t) / 1000.0);
        let point = compass(bearing);
        let readout = format!(
            "{} · {seconds:.0} s · facing {point} · {}",
            match walker.moves {
                1 => "1 move".to_string(),
                n => format!("{n} moves"),
            },
            describe::place(&panel.shape, walker.cell)
        );
        if readout != self.readout {
            dom::set_text("walk-readout", &readout);
            self.readout = readout;
        }
        let state = format!(
            "{} {bearing} {} {}",
            walker.cell,
            walker.moves,
            walker.done()
        );
        if state == self.state {
            return Ok(());
        }
        self.state = state;
        el.set_attribute("data-cell", &walker.cell.to_string())?;
        el.set_attribute("data-facing", &bearing.to_string())?;
        el.set_attribute("data-moves", &walker.moves.to_string())?;
        el.set_attribute("data-done", if walker.done() { "true" } else { "false" })?;
        place_marker(panel, walker.cell, bearing)
    }
}

/// Puts the map's marker on `cell`, pointing `bearing` degrees.
fn place_marker(panel: &Panel, cell: Cell, bearing: u32) -> Result<(), JsValue> {
    let (Some(marker), Some(stage)) = (dom::html_element("walk-you"), dom::by_id_opt("stage"))
    else {
        return Ok(());
    };
    let (x, y) = panel.centre_px(cell);
    let rect = panel.client_rect();
    let width = f64::from(panel.overlay_canvas.width().max(1));
    let scale = rect.width() / width;
    let origin = stage.get_bounding_client_rect();
    let style = marker.style();
    style.set_property(
        "left",
        &format!("{:.1}px", rect.left() - origin.left() + x * scale),
    )?;
    style.set_property(
        "top",
        &format!("{:.1}px", rect.top() - origin.top() + y * scale),
    )?;
    style.set_property(
        "transform",
        &format!("translate(-50%, -50%) rotate({bearing}deg)"),
    )?;
    marker.set_hidden(false);
    Ok(())
}

/// A bearing's nearest compass point, in words.
pub(in crate::web) fn compass(bearing: u32) -> &'static str {
    // POINTS run anticlockwise from east; a bearing runs clockwise from north.
    describe::POINTS[(f64::from((450 - bearing % 360) % 360) / 45.0).round() as usize % 8]
}

/// Shows a message in the view, over where the picture would be.
/// The view's buttons are hidden with it: there is nothing to walk.
pub(in crate::web) fn say(text: &str) {
    dom::set_text("walk-message", text);
    dom::set_hidden("walk-message", false);
    if let Some(walk) = dom::by_id_opt("walk") {
        let _ = walk.set_attribute("data-unwalkable", "");
    }
}

/// Takes the message away: the maze can be walked and drawn.
pub(in crate::web) fn unsay() {
    dom::set_hidden("walk-message", true);
    if let Some(walk) = dom::by_id_opt("walk") {
        let _ = walk.remove_attribute("data-unwalkable");
    }
}

pub(in crate::web) fn announce(text: &str) {
    dom::set_text("announce", text);
}

pub(in crate::web) fn set_pressed(id: &str, on: bool) {
    if let Some(el) = dom::by_id_opt(id) {
        let _ = el.set_attribute("aria-pressed", if on { "true" } else { "false" });
    }
}
