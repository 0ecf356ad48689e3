//! The keyboard: a key read as one of the page's commands (`Key`), the
//! same commands as the buttons, listed in the help dialog (`?`). Reading
//! a key needs only where the page is (`Where`) and whether the help is
//! open; the app applies the command (`App::update`).

use super::dom;
use super::mode::Mode;
use super::stage::{PAN_KEY_SHARE, ZOOM_STEP};
use crate::settings::View;
use crate::shape::Dir;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlDialogElement, HtmlElement, KeyboardEvent};

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Key {
    /// The walk view: a step or turn, the way shown, the autopilot.
    Walk(super::walk::Command),
    WalkWay,
    WalkAutopilot,
    /// Playing by hand: a step by compass, by a point of the keyboard's
    /// ring (the diagonals), or to a level's side (3D and 4D); stop.
    PlayStep(Dir),
    PlayPoint(usize),
    PlaySide(usize),
    StopPlaying,
    /// The stage: pan by a share of the canvas, zoom, fit.
    Pan(f64, f64),
    Zoom(f64),
    Fit,
    /// The timeline.
    TimelinePlay,
    StepForward,
    StepBack,
    SeekStart,
    SeekEnd,
    /// The buttons.
    NewMaze,
    Finish,
    Solve,
    Play,
    Describe,
    Theme,
    Help,
}

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
pub(super) fn read(event: &Event, at: Where) -> Option<Key> {
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
    if command != Key::StopPlaying {
        event.prevent_default();
    }
    Some(command)
}

/// The command of the key named `name` (as `KeyboardEvent.key` names it).
fn command(name: &str, shift: bool, at: Where) -> Option<Key> {
    // The lab view has no maze to steer: only the theme and help keys.
    if at.view == View::Lab && !matches!(name, "t" | "?") {
        return None;
    }
    if dom::by_id::<HtmlDialogElement>("help").is_ok_and(|d| d.open()) {
        return (name == "?").then_some(Key::Help);
    }
    if !cfg!(feature = "first") && at.view == View::Walk && !shift {
        use super::walk::Command;
        let walk = match name {
            "ArrowUp" | "w" | "W" => Some(Key::Walk(Command::Forward)),
            "ArrowDown" | "s" | "S" => Some(Key::Walk(Command::Back)),
            "ArrowLeft" | "a" | "A" => Some(Key::Walk(Command::Left)),
            "ArrowRight" | "d" | "D" => Some(Key::Walk(Command::Right)),
            "PageUp" => Some(Key::Walk(Command::Up)),
            "PageDown" => Some(Key::Walk(Command::Down)),
            "g" => Some(Key::WalkWay),
            "o" => Some(Key::WalkAutopilot),
            _ => None,
        };
        if walk.is_some() {
            return walk;
        }
    }
    if at.mode == Mode::Playing && !shift {
        let play = match name {
            "ArrowUp" | "w" | "W" => Some(Key::PlayStep(Dir::N)),
            "ArrowRight" | "d" | "D" => Some(Key::PlayStep(Dir::E)),
            "ArrowDown" | "s" | "S" => Some(Key::PlayStep(Dir::S)),
            "ArrowLeft" | "a" | "A" => Some(Key::PlayStep(Dir::W)),
            // The diagonals, for shapes with more than four ways out
            // (`describe::ways_by_point`): Q, E, Z, C round S as on a
            // keyboard.
            "e" | "E" => Some(Key::PlayPoint(1)),
            "q" | "Q" => Some(Key::PlayPoint(3)),
            "z" | "Z" => Some(Key::PlayPoint(5)),
            "c" | "C" => Some(Key::PlayPoint(7)),
            // 3D and 4D: to the level above or below, or along the fourth
            // axis.
            "PageUp" => Some(Key::PlaySide(4)),
            "PageDown" => Some(Key::PlaySide(5)),
            "[" => Some(Key::PlaySide(6)),
            "]" => Some(Key::PlaySide(7)),
            "Escape" => Some(Key::StopPlaying),
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
            return Some(Key::Pan(sx * PAN_KEY_SHARE, sy * PAN_KEY_SHARE));
        }
    }
    Some(match name {
        " " => Key::TimelinePlay,
        "ArrowRight" => Key::StepForward,
        "ArrowLeft" => Key::StepBack,
        "Home" => Key::SeekStart,
        "End" => Key::SeekEnd,
        "n" => Key::NewMaze,
        "f" => Key::Finish,
        "s" => Key::Solve,
        "p" => Key::Play,
        "i" => Key::Describe,
        "t" => Key::Theme,
        "+" | "=" => Key::Zoom(ZOOM_STEP),
        "-" | "_" => Key::Zoom(1.0 / ZOOM_STEP),
        "0" => Key::Fit,
        "?" => Key::Help,
        _ => return None,
    })
}
