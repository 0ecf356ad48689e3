//! The keyboard: a key read as one of the page's messages (`Msg`), the
//! same messages as the buttons, listed in the help dialog (`?`). Reading
//! a key needs only where the page is (`Where`) and whether the help is
//! open; the app applies the command (`App::update`).

use super::dom;
use super::mode::Mode;
use super::msg::Msg;
use super::stage::{PAN_KEY_SHARE, ZOOM_STEP};
use crate::settings::View;
use crate::shape::Dir;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlDialogElement, HtmlElement, KeyboardEvent};

/// Where the page is, as far as a key's meaning goes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Where {
    pub(super) view: View,
    pub(super) mode: Mode,
}

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

/// The command a key press asks for, if any; a key it takes is kept from
/// the browser (no scrolling on Space or the arrows), except Escape.
pub(super) fn read(event: &Event, at: Where) -> Option<Msg> {
    let key = event.dyn_ref::<KeyboardEvent>()?;
    if key.ctrl_key() || key.meta_key() || key.alt_key() {
        return None;
    }
    // Typing in a field or an editor is not a command, and Space on a
    // focused button presses that button.
    if let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) {
        let tag = target.tag_name();
        if takes_typing(&target)
            || (matches!(tag.as_str(), "BUTTON" | "SUMMARY")
                && matches!(key.key().as_str(), " " | "Enter"))
        {
            return None;
        }
    }
    let name = key.key();
    let command = command(&name, key.shift_key(), at)?;
    if !matches!(command, Msg::StopPlaying) {
        event.prevent_default();
    }
    Some(command)
}

/// The command of the key named `name` (as `KeyboardEvent.key` names it).
fn command(name: &str, shift: bool, at: Where) -> Option<Msg> {
    // The lab view has no maze to steer: only the theme and help keys.
    if at.view == View::Lab && !matches!(name, "t" | "?") {
        return None;
    }
    if dom::by_id::<HtmlDialogElement>("help").is_ok_and(|d| d.open()) {
        return (name == "?").then_some(Msg::Help);
    }
    if !cfg!(feature = "first") && at.view == View::Walk && !shift {
        use super::walk::Command;
        let walk = match name {
            "ArrowUp" | "w" | "W" => Some(Msg::Walk(Command::Forward)),
            "ArrowDown" | "s" | "S" => Some(Msg::Walk(Command::Back)),
            "ArrowLeft" | "a" | "A" => Some(Msg::Walk(Command::Left)),
            "ArrowRight" | "d" | "D" => Some(Msg::Walk(Command::Right)),
            "PageUp" => Some(Msg::Walk(Command::Up)),
            "PageDown" => Some(Msg::Walk(Command::Down)),
            "g" => Some(Msg::WalkWay),
            "o" => Some(Msg::WalkAutopilot),
            _ => None,
        };
        if walk.is_some() {
            return walk;
        }
    }
    if at.mode == Mode::Playing && !shift {
        let play = match name {
            "ArrowUp" | "w" | "W" => Some(Msg::PlayStep(Dir::N)),
            "ArrowRight" | "d" | "D" => Some(Msg::PlayStep(Dir::E)),
            "ArrowDown" | "s" | "S" => Some(Msg::PlayStep(Dir::S)),
            "ArrowLeft" | "a" | "A" => Some(Msg::PlayStep(Dir::W)),
            // The diagonals, for shapes with more than four ways out
            // (`describe::ways_by_point`): Q, E, Z, C round S as on a
            // keyboard.
            "e" | "E" => Some(Msg::PlayPoint(1)),
            "q" | "Q" => Some(Msg::PlayPoint(3)),
            "z" | "Z" => Some(Msg::PlayPoint(5)),
            "c" | "C" => Some(Msg::PlayPoint(7)),
            // 3D and 4D: to the level above or below, or along the fourth
            // axis.
            "PageUp" => Some(Msg::PlaySide(4)),
            "PageDown" => Some(Msg::PlaySide(5)),
            "[" => Some(Msg::PlaySide(6)),
            "]" => Some(Msg::PlaySide(7)),
            "Escape" => Some(Msg::StopPlaying),
            _ => None,
        };
        if play.is_some() {
            return play;
        }
    }
    if shift {
        let pan = match name {
            "ArrowUp" => Some((0.0, 1.0)),
            "ArrowDown" => Some((0.0, -1.0)),
            "ArrowLeft" => Some((1.0, 0.0)),
            "ArrowRight" => Some((-1.0, 0.0)),
            _ => None,
        };
        if let Some((sx, sy)) = pan {
            return Some(Msg::Pan(sx * PAN_KEY_SHARE, sy * PAN_KEY_SHARE));
        }
    }
    Some(match name {
        " " => Msg::TimelinePlay,
        "ArrowRight" => Msg::StepForward,
        "ArrowLeft" => Msg::StepBack,
        "Home" => Msg::SeekStart,
        "End" => Msg::SeekEnd,
        "n" => Msg::NewMaze,
        "f" => Msg::Finish,
        "s" => Msg::Solve,
        "p" => Msg::Play,
        "i" => Msg::Describe,
        "t" => Msg::Theme,
        "+" | "=" => Msg::Zoom(ZOOM_STEP),
        "-" | "_" => Msg::Zoom(1.0 / ZOOM_STEP),
        "0" => Msg::Fit,
        "?" => Msg::Help,
        _ => return None,
    })
}
