//! The app: the maze's panels and settings, each view's own state, and
//! `update`, the one way a view's wish changes them. A view never names
//! `App`: what it wants done comes up as a message (`Msg`: a key read by
//! `keys`, a worker's answer through the view's `Mailbox`), and the app
//! applies it. How the app applies each view's messages, and runs the
//! maze, is in `update/`, a file a view.

use super::clock::Clock;
use super::dom;
use super::mode::{Mode, State};
use super::panel::Panel;
use super::play::Play;
use super::pointer::PointerState;
use crate::settings::Settings;
use std::cell::RefCell;
use std::rc::Weak;
use wasm_bindgen::prelude::*;

/// What the views ask of the app, each in its own words: the one way a
/// view's wish changes the app (`App::update`).
pub(super) enum Msg {
    /// A key pressed outside every text field.
    Key(super::keys::Key),
    /// A pointer down, moving, up or cancelled on the stage's panels.
    Pointer(web_sys::Event),
    /// The wheel turned over the stage.
    Wheel(web_sys::Event),
    Code(super::code::Msg),
    Lab(super::lab::Msg),
}

pub struct App {
    pub(super) settings: Settings,
    pub(super) panels: Vec<Panel>,
    pub(super) state: State,
    /// The frame loop's timing and the readouts.
    pub(super) clock: Clock,
    pub(super) distance: bool,
    pub(super) mode: Mode,
    /// What the pointer is doing on the stage.
    pub(super) pointer: PointerState,
    /// The panel being played by hand, and when play began.
    pub(super) play: Play,
    /// Whether the view is "fit": it re-fits on resize.
    pub(super) fitted: bool,
    /// The Code view: the editor, a running program, its last recording.
    pub(super) code: super::code::Code,
    /// The lab view's run, its workers and its last results.
    pub(super) lab: super::lab::Lab,
    /// A solve the timeline has paused (rewound or paused by the viewer).
    pub(super) solve_paused: bool,
    /// The walk view: the walker, its scene and renderer.
    pub(super) walk: super::walk::Walk,
    /// The query last written to the address bar (`sync_url`).
    pub(super) linked: String,
}

impl App {
    /// Applies one message from a view.
    pub(super) fn update(&mut self, msg: Msg) -> Result<(), JsValue> {
        match msg {
            Msg::Key(key) => return self.apply_key(key),
            Msg::Pointer(event) => return self.on_pointer(&event),
            Msg::Wheel(event) => return self.on_wheel(&event),
            Msg::Code(m) => self.code_update(m),
            Msg::Lab(m) => self.lab_update(m),
        }
        Ok(())
    }

    /// Delivers `msg` to the app behind `home` (a view's mailbox, from a
    /// callback), if the app is still there and free.
    pub(super) fn deliver(home: &Weak<RefCell<App>>, msg: Msg) {
        if let Some(app) = home.upgrade() {
            if let Ok(mut app) = app.try_borrow_mut() {
                if let Err(e) = app.update(msg) {
                    dom::show_error(&dom::describe(&e));
                }
            }
        }
    }

    pub(super) fn new(settings: Settings) -> App {
        App {
            settings,
            panels: Vec::new(),
            state: State::Paused,
            clock: Clock::default(),
            distance: false,
            mode: Mode::Normal,
            pointer: PointerState::default(),
            play: Play::default(),
            fitted: true,
            code: Default::default(),
            lab: Default::default(),
            solve_paused: false,
            walk: Default::default(),
            linked: String::new(),
        }
    }
}
