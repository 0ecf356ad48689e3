//! How the app shows its status (`status`): the run's state, counts and
//! readouts written to the status line and its attributes.

use crate::shape::Topology;
use crate::web::app::App;
use crate::web::dom;
use crate::web::mode::{Mode, State};
use crate::web::status::memory_bytes;

impl App {
    /// The status line: data attributes for tests and timings every frame;
    /// the announced text (`aria-live`) only when the state changes, so a
    /// screen reader is not read every frame's step count.
    pub(in crate::web) fn show_status(&self) {
        let _ = crate::web::play::show_play_button(self.mode);
        let steps: u64 = self.maze.panels.iter().map(|p| p.steps).max().unwrap_or(0);
        let cells = f64::from(self.settings.shape.live_cells()) * self.maze.panels.len() as f64;
        let state = match self.maze.state {
            State::Running => "running",
            State::Paused => "paused",
            State::Done => "done",
        };
        let solve_state = match self.mode {
            Mode::Solving => "searching",
            Mode::Playing => "playing",
            Mode::Normal => "idle",
            Mode::Masking => "masking",
        };
        let text = match (self.maze.state, self.mode) {
            (_, Mode::Solving) if self.maze.solve_paused => {
                format!("solve paused at step {}", self.position().at)
            }
            (_, Mode::Solving) => "solving".to_string(),
            (_, Mode::Playing) => "playing by hand".to_string(),
            (_, Mode::Masking) => "painting the mask".to_string(),
            (State::Done, _) if self.maze.clock.elapsed_ms > 0.0 => format!(
                "done · {steps} steps · {:.0} ms of work · {:.0} cells/s",
                self.maze.clock.elapsed_ms,
                cells / (self.maze.clock.elapsed_ms / 1000.0)
            ),
            (State::Done, _) => format!("done · {steps} steps"),
            (State::Paused, _) => format!("paused at step {steps}"),
            (State::Running, _) => "running".to_string(),
        };
        if let Some(status) = dom::by_id_opt("status") {
            if status.text_content().as_deref() != Some(text.as_str()) {
                status.set_text_content(Some(&text));
            }
            let attrs = [
                ("data-state", state.to_string()),
                ("data-steps", steps.to_string()),
                (
                    "data-elapsed-ms",
                    format!("{:.1}", self.maze.clock.elapsed_ms),
                ),
                ("data-frames", self.maze.clock.frames.to_string()),
                (
                    "data-metrics-ms",
                    format!("{:.1}", self.maze.clock.metrics_ms),
                ),
                ("data-solve", solve_state.to_string()),
                (
                    "data-max-frame-ms",
                    format!("{:.1}", self.maze.clock.max_frame_ms),
                ),
                ("data-slow-frames", self.maze.clock.slow_frames.to_string()),
                ("data-draw-ms", format!("{:.1}", self.maze.clock.draw_ms)),
                ("data-build-ms", format!("{:.1}", self.maze.clock.build_ms)),
                ("data-memory-bytes", memory_bytes().to_string()),
                (
                    "data-recording-bytes",
                    self.maze
                        .panels
                        .iter()
                        .map(|p| p.recording_bytes().1)
                        .sum::<usize>()
                        .to_string(),
                ),
                (
                    "data-checkpoints",
                    self.maze
                        .panels
                        .iter()
                        .map(|p| p.recording_bytes().0)
                        .sum::<usize>()
                        .to_string(),
                ),
                (
                    "data-map-ms",
                    format!(
                        "{:.1}",
                        self.maze
                            .panels
                            .iter()
                            .map(|p| p.map_ms)
                            .fold(0.0, f64::max)
                    ),
                ),
            ];
            for (name, value) in attrs {
                let _ = status.set_attribute(name, &value);
            }
        }
        // While a carving or a search animates, what a person reads (the
        // progress line, the timeline, the lit step and the counters) is
        // written a few times a second (`Clock::readouts_due`); a pause,
        // the end or any other state writes it at once.
        let animating = match self.mode {
            Mode::Normal => self.maze.state == State::Running,
            Mode::Solving => !self.maze.solve_paused,
            Mode::Playing | Mode::Masking => false,
        };
        if animating && !self.maze.clock.readouts_due() {
            return;
        }
        let progress = if self.maze.state == State::Running && self.mode == Mode::Normal {
            format!("{steps} steps · {:.0} ms", self.maze.clock.elapsed_ms)
        } else {
            String::new()
        };
        dom::set_text("progress", &progress);
        self.show_timeline();
        dom::set_text("play", self.play_label());
        self.show_steps();
    }
}
