//! The app: the maze's panels and settings, each view's own state, and
//! `update`, which applies the views' messages. A view never names `App`:
//! a key (read by `keys`), a pointer or the wheel on the stage, and a
//! waiting view's answer (through its `Mailbox`) come up as a `Msg`. The
//! form's and buttons' handlers (`mount.rs`) call the app's methods
//! directly. How the app applies each view's wishes, and runs the maze,
//! is in `update/`, a file a view.

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

/// What the views ask of the app, each in its own words (`App::update`).
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
            Msg::Key(key) => self.apply_key(key),
            Msg::Pointer(event) => self.on_pointer(&event),
            Msg::Wheel(event) => self.on_wheel(&event),
            // The Code view and the Lab show their own errors.
            Msg::Code(m) => {
                self.code_update(m);
                Ok(())
            }
            Msg::Lab(m) => {
                self.lab_update(m);
                Ok(())
            }
        }
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
