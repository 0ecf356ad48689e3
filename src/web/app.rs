//! The app: the settings, the maze on the stage, each view's own state,
//! and `update`, which applies the views' messages. A view never names
//! `App`: a key, a button, a control of the form (`events`), the pointer
//! on the stage and a waiting view's answer (through its `Mailbox`) all
//! come up as a `Msg`, and `update` is the one place the app changes.
//! How it applies each view's wishes, and runs the maze, is in
//! `update/`, a file a view.

use super::clock::Clock;
use super::dom;
use super::keys;
use super::mode::{Mode, State};
pub(super) use super::msg::Msg;
use super::panel::Panel;
use super::play::Play;
use super::stage::Stage;
use crate::settings::Settings;
use std::cell::RefCell;
use std::rc::Weak;
use wasm_bindgen::prelude::*;

pub struct App {
    pub(super) settings: Settings,
    /// The query last written to the address bar (`sync_url`).
    pub(super) linked: String,
    pub(super) mode: Mode,
    /// The maze on the stage: its panels, whether it runs, its clock.
    pub(super) maze: Maze,
    /// The stage's own state: the pointer, the fit, the colouring.
    pub(super) stage: Stage,
    /// The panel being played by hand, and when play began.
    pub(super) play: Play,
    /// The Code view: the editor, a running program, its last recording.
    pub(super) code: super::code::Code,
    /// The lab view's run, its workers and its last results.
    pub(super) lab: super::lab::Lab,
    /// The walk view: the walker, its scene and renderer.
    pub(super) walk: super::walk::Walk,
    /// The printable sheet's fonts for titles Helvetica cannot write.
    pub(super) sheet_fonts: super::sheet_fonts::SheetFonts,
    /// The steps told in plain English; written while the status is
    /// shown, which only reads the app.
    pub(super) narration: RefCell<super::narration::NarrationView>,
}

/// The maze being shown: one panel a maze (several when compared), and
/// how its carving or solving runs.
pub(super) struct Maze {
    pub(super) panels: Vec<Panel>,
    pub(super) state: State,
    /// The frame loop's timing and the readouts.
    pub(super) clock: Clock,
    /// A solve the timeline has paused (rewound or paused by the viewer).
    pub(super) solve_paused: bool,
}

impl App {
    /// Applies one message from a view: the one place the app changes.
    pub(super) fn update(&mut self, msg: Msg) -> Result<(), JsValue> {
        match msg {
            Msg::KeyDown(event) => {
                let at = keys::Where {
                    view: self.settings.view,
                    mode: self.mode,
                };
                match keys::read(&event, at) {
                    Some(msg) => self.update(msg),
                    None => Ok(()),
                }
            }
            Msg::Pointer(event) => self.on_pointer(&event),
            Msg::Wheel(event) => self.on_wheel(&event),
            Msg::Resize => self.on_resize(),

            Msg::FormChanged => self.settings_changed(),
            Msg::Speed { slider, from } => self.set_speed(slider, from),
            Msg::NewMaze => self.new_maze(),
            Msg::Solver(name) => self.pick_solver(&name),
            Msg::Weights(w) => self.set_weights(w),
            Msg::Patterns(on) => self.set_patterns(on),
            Msg::Explain(mode) => self.set_explain(mode),
            Msg::Distance(on) => self.set_distance(on),
            Msg::Theme => self.toggle_theme(),
            Msg::Help => keys::toggle_help(),
            Msg::View(view) => self.show_view(view),
            Msg::Export { kind, button } => self.export(kind, button),

            Msg::TimelinePlay => self.toggle_timeline_play(),
            Msg::StepForward => {
                self.step_forward()?;
                self.say_step();
                Ok(())
            }
            Msg::StepBack => {
                self.step_back()?;
                self.say_step();
                Ok(())
            }
            Msg::SeekStart => self.seek_start(),
            Msg::SeekEnd => self.seek_end(),
            Msg::Seek(step) => self.seek_quietly(step),
            Msg::SeekTo(step) => self.seek(step),
            Msg::Linked => {
                self.sync_url();
                Ok(())
            }
            Msg::Finish => self.finish(),

            Msg::Solve => self.solve(),
            Msg::Play => self.toggle_play_by_hand(),
            Msg::PlayStep(dir) => self.play_step(dir),
            Msg::PlayPoint(k) => self.play_point(k),
            Msg::PlaySide(side) => self.play_side(side),
            Msg::StopPlaying => self.stop_playing(),
            Msg::ClearSolve => self.clear_solve(),
            Msg::Describe => self.describe_maze(),
            Msg::MonteCarlo => self.monte_carlo(),
            Msg::DifficultyTarget => self.difficulty_target(),
            Msg::ShowLevel => self.view_level(),

            Msg::Pan(sx, sy) => self.pan_share(sx, sy),
            Msg::Zoom(factor) => self.zoom_centre(factor),
            Msg::Fit => self.fit(),

            Msg::MaskPaint(on) => self.set_mask_mode(on),
            Msg::MaskClear => self.clear_mask(),
            Msg::MaskFromText => self.mask_from_text(),
            Msg::MaskImageLoaded => self.mask_image_loaded(),

            Msg::Walk(command) => self.walk_command(command),
            Msg::WalkWay => self.walk_toggle_way(),
            Msg::WalkAutopilot => self.walk_toggle_autopilot(),
            Msg::WalkDrag(drag) => self.walk_drag(drag),

            // The Code view and the Lab show their own errors.
            Msg::SheetFont(fetched) => self.sheet_font_fetched(fetched),
            // The first-visit module has neither view (`handover`): their
            // messages never come, and their code stays out of it.
            Msg::Code(_) | Msg::Lab(_) if cfg!(feature = "first") => Ok(()),
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
            linked: String::new(),
            mode: Mode::Normal,
            maze: Maze {
                panels: Vec::new(),
                state: State::Paused,
                clock: Clock::default(),
                solve_paused: false,
            },
            stage: Stage::default(),
            play: Play::default(),
            code: Default::default(),
            lab: Default::default(),
            walk: Default::default(),
            sheet_fonts: Default::default(),
            narration: Default::default(),
        }
    }
}
