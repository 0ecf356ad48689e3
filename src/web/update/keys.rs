//! How the app applies a key's command (`keys::Key`).

use crate::web::app::App;
use crate::web::keys::{self, Key};
use crate::web::mode::Mode;
use wasm_bindgen::prelude::*;

impl App {
    /// Does what the key asks.
    pub(in crate::web) fn apply_key(&mut self, key: Key) -> Result<(), JsValue> {
        match key {
            Key::Walk(command) => self.walk_command(command),
            Key::WalkWay => self.walk_toggle_way(),
            Key::WalkAutopilot => self.walk_toggle_autopilot(),
            Key::PlayStep(dir) => self.play_step(dir),
            Key::PlayPoint(k) => self.play_point(k),
            Key::PlaySide(side) => self.play_side(side),
            Key::StopPlaying => {
                self.mode = Mode::Normal;
                self.show_hint();
                self.show_status();
                Ok(())
            }
            Key::Pan(sx, sy) => self.pan_share(sx, sy),
            Key::Zoom(factor) => self.zoom_centre(factor),
            Key::Fit => self.fit(),
            Key::TimelinePlay => self.toggle_timeline_play(),
            Key::StepForward => self.step_forward(),
            Key::StepBack => self.step_back(),
            Key::SeekStart => self.seek_start(),
            Key::SeekEnd => self.seek_end(),
            Key::NewMaze => self.new_maze(),
            Key::Finish => self.finish(),
            Key::Solve => self.solve(),
            Key::Play => self.play(0),
            Key::Describe => self.describe_maze(),
            Key::Theme => self.toggle_theme(),
            Key::Help => keys::toggle_help(),
        }
    }
}
