//! The keyboard: the same commands as the buttons, listed in the help
//! dialog (`?`).

use super::app::{App, Mode};
use super::stage::{PAN_KEY_SHARE, ZOOM_STEP};
use super::{controls, dom};
use crate::shape::Dir;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlDialogElement, HtmlElement, KeyboardEvent};

/// Opens the keyboard help, or closes it when open.
pub(super) fn toggle_help() -> Result<(), JsValue> {
    let dialog: HtmlDialogElement = dom::by_id("help")?;
    if dialog.open() {
        dialog.close();
    } else {
        dialog.show_modal()?;
    }
    Ok(())
}

/// Whether keys pressed in `target` are text being typed: a text field, a
/// list, or anything editable. The Code view's editor (CodeMirror) is a
/// `contenteditable` element, not a text area, so its tag alone says
/// nothing.
pub(super) fn takes_typing(target: &Element) -> bool {
    matches!(target.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
        || target
            .dyn_ref::<HtmlElement>()
            .is_some_and(HtmlElement::is_content_editable)
}

pub(super) fn on_key(app: &mut App, event: &Event) -> Result<(), JsValue> {
    let Some(key) = event.dyn_ref::<KeyboardEvent>() else {
        return Ok(());
    };
    if key.ctrl_key() || key.meta_key() || key.alt_key() {
        return Ok(());
    }
    // Typing in a field or an editor is not a command, and Space on a
    // focused button presses that button.
    if let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) {
        let tag = target.tag_name();
        if takes_typing(&target)
            || (matches!(tag.as_str(), "BUTTON" | "SUMMARY")
                && matches!(key.key().as_str(), " " | "Enter"))
        {
            return Ok(());
        }
    }
    // The lab view has no maze to steer: only the theme and help keys.
    if app.settings.view == crate::settings::View::Lab && !matches!(key.key().as_str(), "t" | "?") {
        return Ok(());
    }
    let help_open = dom::by_id::<HtmlDialogElement>("help").is_ok_and(|d| d.open());
    if help_open {
        if key.key() == "?" {
            return toggle_help();
        }
        return Ok(());
    }
    if !cfg!(feature = "first")
        && app.settings.view == crate::settings::View::Walk
        && !key.shift_key()
    {
        use super::walk::Command;
        let command = match key.key().as_str() {
            "ArrowUp" | "w" | "W" => Some(Command::Forward),
            "ArrowDown" | "s" | "S" => Some(Command::Back),
            "ArrowLeft" | "a" | "A" => Some(Command::Left),
            "ArrowRight" | "d" | "D" => Some(Command::Right),
            "PageUp" => Some(Command::Up),
            "PageDown" => Some(Command::Down),
            _ => None,
        };
        if let Some(command) = command {
            event.prevent_default();
            return app.walk_command(command);
        }
        match key.key().as_str() {
            "g" => {
                event.prevent_default();
                return app.walk_toggle_way();
            }
            "o" => {
                event.prevent_default();
                return app.walk_toggle_autopilot();
            }
            _ => {}
        }
    }
    if app.mode == Mode::Playing && !key.shift_key() {
        let dir = match key.key().as_str() {
            "ArrowUp" | "w" | "W" => Some(Dir::N),
            "ArrowRight" | "d" | "D" => Some(Dir::E),
            "ArrowDown" | "s" | "S" => Some(Dir::S),
            "ArrowLeft" | "a" | "A" => Some(Dir::W),
            _ => None,
        };
        if let Some(dir) = dir {
            event.prevent_default();
            return app.play_step(dir);
        }
        // The diagonals, for shapes with more than four ways out
        // (`describe::ways_by_point`): Q, E, Z, C round S as on a keyboard.
        let point = match key.key().as_str() {
            "e" | "E" => Some(1),
            "q" | "Q" => Some(3),
            "z" | "Z" => Some(5),
            "c" | "C" => Some(7),
            _ => None,
        };
        if let Some(k) = point {
            event.prevent_default();
            return app.play_point(k);
        }
        // 3D and 4D: to the level above or below, or along the fourth axis.
        let level = match key.key().as_str() {
            "PageUp" => Some(4),
            "PageDown" => Some(5),
            "[" => Some(6),
            "]" => Some(7),
            _ => None,
        };
        if let Some(side) = level {
            event.prevent_default();
            return app.play_side(side);
        }
        if key.key() == "Escape" {
            app.mode = Mode::Normal;
            app.show_hint();
            app.show_status();
            return Ok(());
        }
    }
    let pan = match key.key().as_str() {
        "ArrowUp" => Some((0.0, 1.0)),
        "ArrowDown" => Some((0.0, -1.0)),
        "ArrowLeft" => Some((1.0, 0.0)),
        "ArrowRight" => Some((-1.0, 0.0)),
        _ => None,
    };
    if let (true, Some((sx, sy))) = (key.shift_key(), pan) {
        event.prevent_default();
        return app.pan_share(sx * PAN_KEY_SHARE, sy * PAN_KEY_SHARE);
    }
    let handled = match key.key().as_str() {
        " " => app.toggle_timeline_play(),
        "ArrowRight" => app.step_forward(),
        "ArrowLeft" => app.step_back(),
        "Home" => app.seek_start(),
        "End" => app.seek_end(),
        "n" => controls::new_maze(app),
        "f" => app.finish(),
        "s" => app.solve(),
        "p" => app.play(0),
        "i" => app.describe_maze(),
        "t" => controls::toggle_theme(app),
        "+" | "=" => app.zoom_centre(ZOOM_STEP),
        "-" | "_" => app.zoom_centre(1.0 / ZOOM_STEP),
        "0" => app.fit(),
        "?" => toggle_help(),
        _ => return Ok(()),
    };
    event.prevent_default();
    handled
}
