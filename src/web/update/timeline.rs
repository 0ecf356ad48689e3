//! How the app applies the timeline (`timeline`): seeks, steps and play
//! on every panel in lockstep, and the bar kept in step.

use crate::web::app::App;
use crate::web::dom;
use crate::web::mode::{Mode, State};
use crate::web::panel::Panel;
use crate::web::timeline::Position;
use wasm_bindgen::prelude::*;

impl App {
    /// Whether the bar drives the solve (a solve has run) or the carving.
    fn drives_solve(&self) -> bool {
        self.maze.panels.iter().any(Panel::has_solve)
    }

    pub(in crate::web) fn position(&self) -> Position {
        if self.drives_solve() {
            let reaches = self.maze.panels.iter().filter_map(Panel::solve_reach);
            let (mut at, mut reached, mut ended) = (0, 0, true);
            for (a, r, end) in reaches {
                at = at.max(a);
                reached = reached.max(end.unwrap_or(r));
                ended &= end.is_some();
            }
            return Position {
                at,
                reached,
                ended,
                solve: true,
            };
        }
        let (mut at, mut reached, mut ended) = (0, 0, true);
        for panel in &self.maze.panels {
            let (r, end) = panel.reach();
            at = at.max(panel.step());
            reached = reached.max(end.unwrap_or(r));
            ended &= end.is_some();
        }
        Position {
            at,
            reached,
            ended,
            solve: false,
        }
    }

    /// Shows step `target` in every panel and writes the link (buttons,
    /// keys, a link's `at`).
    pub(in crate::web) fn seek(&mut self, target: u64) -> Result<(), JsValue> {
        self.seek_quietly(target)?;
        self.sync_url();
        Ok(())
    }

    /// Shows step `target` in every panel (each stops at its own last
    /// step) and pauses there; seeking past the furthest step reached runs
    /// the algorithm on to it. The link is left alone: a slider being
    /// dragged writes it once, when let go (browsers throttle pages that
    /// rewrite their address on every move).
    pub(in crate::web) fn seek_quietly(&mut self, target: u64) -> Result<(), JsValue> {
        let started = crate::web::clock::now_ms();
        if self.drives_solve() {
            for panel in &mut self.maze.panels {
                panel.seek_solve(target);
                panel.blit_overlay()?;
            }
            let running = self.maze.panels.iter().any(Panel::is_solving);
            self.mode = if running { Mode::Solving } else { Mode::Normal };
            self.maze.solve_paused = running;
        } else {
            if self.mode == Mode::Playing {
                // The player's trail belongs to the finished maze.
                let (start, goal) = self.current_ends();
                self.mode = Mode::Normal;
                self.set_ends(start, goal)?;
            }
            for panel in &mut self.maze.panels {
                panel.seek(target);
                panel.blit()?;
            }
            self.maze.state = if self.maze.panels.iter().all(Panel::is_done) {
                State::Done
            } else {
                State::Paused
            };
            self.maze.clock.restart();
        }
        self.maze.clock.seek_ms = crate::web::clock::now_ms() - started;
        self.note_position();
        self.show_status();
        Ok(())
    }

    /// One step back (left arrow).
    pub(in crate::web) fn step_back(&mut self) -> Result<(), JsValue> {
        let at = self.position().at;
        self.seek(at.saturating_sub(1))
    }

    /// One step forward (right arrow): computed if not reached yet.
    pub(in crate::web) fn step_forward(&mut self) -> Result<(), JsValue> {
        let at = self.position().at;
        self.seek(at.saturating_add(1))
    }

    /// The first step (Home): the maze before any event.
    pub(in crate::web) fn seek_start(&mut self) -> Result<(), JsValue> {
        self.seek(0)
    }

    /// The last step (End): the run is computed to its end if need be.
    pub(in crate::web) fn seek_end(&mut self) -> Result<(), JsValue> {
        self.seek(u64::MAX)
    }

    /// Play or pause whichever timeline the bar drives.
    pub(in crate::web) fn toggle_timeline_play(&mut self) -> Result<(), JsValue> {
        if self.drives_solve() {
            if self.maze.panels.iter().any(Panel::is_solving) {
                self.maze.solve_paused = !self.maze.solve_paused;
                self.mode = Mode::Solving;
                self.maze.clock.restart();
            }
            self.show_status();
            return Ok(());
        }
        self.toggle_play()
    }

    /// Opens where the link said: the solve at `solve_at`, or the carving
    /// at `at`, paused.
    pub(in crate::web) fn open_at(
        &mut self,
        at: Option<u64>,
        solve_at: Option<u64>,
    ) -> Result<(), JsValue> {
        if let Some(n) = solve_at {
            self.finish()?;
            self.write_metrics();
            self.solve()?;
            self.seek(n)?;
        } else if let Some(n) = at {
            self.seek(n)?;
        }
        Ok(())
    }

    /// The bar's slider, its numbers and buttons, from the position.
    pub(in crate::web) fn show_timeline(&self) {
        let p = self.position();
        if let Ok(slider) = dom::input("tl-slider") {
            let max = p.reached.to_string();
            if slider.max() != max {
                slider.set_max(&max);
            }
            let value = p.at.to_string();
            if slider.value() != value {
                slider.set_value(&value);
            }
            let _ =
                slider.set_attribute("aria-valuetext", &format!("step {} of {}", p.at, p.reached));
        }
        let of = if p.ended {
            p.reached.to_string()
        } else {
            format!("{}…", p.reached)
        };
        dom::set_text("tl-position", &format!("{} / {of}", p.at));
        dom::set_text("tl-which", if p.solve { "solve" } else { "carving" });
        dom::set_text("tl-play", self.play_label());
        if let Some(bar) = dom::by_id_opt("timeline") {
            let _ = bar.set_attribute("data-at", &p.at.to_string());
            let _ = bar.set_attribute("data-reached", &p.reached.to_string());
            let _ = bar.set_attribute("data-which", if p.solve { "solve" } else { "carving" });
            let _ = bar.set_attribute("data-seek-ms", &format!("{:.1}", self.maze.clock.seek_ms));
        }
    }

    /// What the play buttons (the bar's and the controls') say: "pause"
    /// while the timeline they drive is playing.
    pub(in crate::web) fn play_label(&self) -> &'static str {
        let playing = if self.drives_solve() {
            self.mode == Mode::Solving && !self.maze.solve_paused
        } else {
            self.maze.state == State::Running
        };
        if playing {
            "pause"
        } else {
            "play"
        }
    }

    /// The link's position keys, from what is on screen: `at` while the
    /// carving is paused before its end, `solve_at` once a solve has run.
    pub(in crate::web) fn note_position(&mut self) {
        let p = self.position();
        self.settings.solve_at = p.solve.then_some(p.at);
        let paused_midway = !p.solve && self.maze.state == State::Paused;
        self.settings.at = paused_midway.then_some(p.at);
    }
}
