//! The run: building the panels from the settings, the frame loop that
//! turns speed into a per-frame budget, the instant finish, solving, the
//! markers and the link.

use crate::generate::texture::Texture;
use crate::settings::Speed;
use crate::shape::Cell;
use crate::shape::Topology;
use crate::web::app::App;
use crate::web::clock::{now_ms, FIRST_FRAME_GAP_MS};
use crate::web::dom;
use crate::web::mode::{Mode, State};
use crate::web::panel::Panel;
use crate::web::play;
use crate::web::theme;
use wasm_bindgen::prelude::*;
use web_sys::Element;

/// Events recorded per slice of background recording, and the frame time
/// it may take.
const INDEX_EVENTS: u64 = 1 << 16;
const INDEX_FRAME_MS: f64 = 6.0;
/// The most cells shown at once, over all panels: one 4096 x 4096 maze.
const MAX_CELLS_SHOWN: u64 = 4096 * 4096;

impl App {
    /// Rebuilds every panel from the settings, fits them to the stage and
    /// starts playing.
    pub(in crate::web) fn rebuild(&mut self) -> Result<(), JsValue> {
        if !crate::web::handover::runs_here(&self.settings) {
            // The first-visit module leaves this maze to the full one,
            // which builds it from the link.
            self.sync_url();
            crate::web::handover::to_full(None);
            return Ok(());
        }
        let began = now_ms();
        // A link's position is for the maze it opens with, once.
        let (open_at, open_solve_at) = (self.settings.at.take(), self.settings.solve_at.take());
        let parent: Element = dom::by_id("panels")?;
        // A control in a panel keeps focus across the rebuild.
        let focus = dom::focus_within("panels");
        parent.set_text_content(None);
        let mut specs = self.settings.panels();
        // A 3D maze's levels wrap to suit the window (a phone: fewer a row).
        let shape =
            self.settings
                .shape
                .with_level_columns(crate::web::stage::window_level_columns(
                    &self.settings.shape,
                    specs.len() > 1,
                ));
        let fit = (MAX_CELLS_SHOWN / u64::from(shape.cells())).max(1) as usize;
        if specs.len() > fit {
            dom::show_notice(&format!(
                "showing {fit} of {} panels: at {} cells only {fit} fit in the browser's memory",
                specs.len(),
                shape.cells()
            ));
            specs.truncate(fit);
        }
        parent.set_class_name(if specs.len() > 1 { "compare" } else { "" });
        crate::web::stage::set_maze_aspect(&shape)?;
        let instant = self.settings.speed == Speed::Instant;
        self.maze.panels.clear();
        self.settings.clamp_ends();
        let ends = (self.settings.start_cell(), self.settings.goal_cell());
        let palette = theme::current();
        // The panels share the timeline's checkpoint budget.
        let panels = specs.len().max(1);
        let budget = crate::timeline::budget_for(u64::from(shape.cells()) * panels as u64) / panels;
        let comparing = specs.len() > 1;
        for spec in specs {
            let author = self.author_for(&spec)?;
            let mut panel = Panel::new(
                &parent,
                spec,
                author,
                &shape,
                self.settings.seed,
                Texture {
                    braid: self.settings.braid,
                    steer: self.settings.steer,
                    sparse: self.settings.sparse_here(),
                    symmetry: self.settings.symmetry_here(),
                    weights: self.settings.weights,
                },
                self.settings.weave,
                !instant,
                self.settings.solver,
                ends,
                palette,
                budget,
            )?;
            panel.set_distance_colouring(self.stage.distance);
            if comparing {
                if let Some(printed) = self.program_log(&panel.spec) {
                    panel.show_log(&printed)?;
                }
            }
            panel.ends_follow_maze =
                shape.has_seams() && self.settings.start.is_none() && self.settings.goal.is_none();
            self.maze.panels.push(panel);
        }
        self.maze.clock.start_run();
        self.walk.forget();
        self.mode = Mode::Normal;
        self.maze.solve_paused = false;
        self.stage.pointer.drag = None;
        self.stage.pointer.pending_click = None;
        dom::set_hidden("banner", true);
        self.maze.state = State::Running;
        self.stage.fitted = true;
        if let Some(status) = dom::by_id_opt("status") {
            let _ = status.remove_attribute("data-recorded");
        }
        crate::web::stage::show_level_value(0, 0);
        // An instant run paints once, when it finishes. An animation carves
        // its first frame's steps now, so the first frame the browser paints
        // already shows carving instead of waiting for the next one.
        self.lay_out(!instant)?;
        if instant {
            self.finish()?;
            self.maze.clock.build_ms = now_ms() - began;
        } else {
            self.maze.clock.build_ms = 0.0;
            let first = self.budget(FIRST_FRAME_GAP_MS);
            if first > 0 {
                self.advance(first)?;
                self.note_first_frame();
            }
        }
        self.open_at(open_at, open_solve_at)?;
        self.sync_url();
        self.show_status();
        dom::restore_focus("panels", focus);
        if !cfg!(feature = "first") && self.settings.view == crate::settings::View::Code {
            // A new shape wants a new spare worker for the next Run.
            self.prepare_spare_soon();
        }
        Ok(())
    }

    fn all_done(&self) -> bool {
        self.maze.panels.iter().all(Panel::is_done)
    }

    /// Carves `steps` more events in every panel and draws them; the
    /// caller shows the status once its frame's work is done.
    pub(in crate::web) fn advance(&mut self, steps: u64) -> Result<(), JsValue> {
        let started = now_ms();
        for panel in &mut self.maze.panels {
            panel.advance(steps);
            panel.blit()?;
        }
        self.maze.clock.elapsed_ms += now_ms() - started;
        if self.all_done() {
            self.maze.state = State::Done;
        }
        self.write_metrics();
        Ok(())
    }

    /// Generates and draws every panel to the end; `elapsed_ms` counts that
    /// work, and the metrics that follow are timed on their own.
    pub(in crate::web) fn finish(&mut self) -> Result<(), JsValue> {
        let started = now_ms();
        for panel in &mut self.maze.panels {
            if panel.drain() {
                let drawing = now_ms();
                panel.on_done();
                panel.blit()?;
                self.maze.clock.draw_ms += now_ms() - drawing;
            }
        }
        self.maze.clock.elapsed_ms += now_ms() - started;
        self.maze.state = State::Done;
        // The metrics follow on the next frame, so the browser shows the maze
        // first (at 4096 x 4096 they take over a second).
        self.show_status();
        Ok(())
    }

    pub(in crate::web) fn write_metrics(&mut self) {
        if !self.maze.panels.iter().any(Panel::metrics_due) {
            return;
        }
        let started = now_ms();
        for panel in &mut self.maze.panels {
            panel.write_metrics();
        }
        self.maze.clock.metrics_ms += now_ms() - started;
        self.show_status();
    }

    /// Steps owed for a frame: speed x time since the last frame, so the
    /// speed does not depend on the display's refresh rate.
    fn budget(&mut self, gap_ms: f64) -> u64 {
        match self.settings.speed {
            Speed::Instant => u64::MAX,
            Speed::StepsPerSecond(rate) => self.maze.clock.steps_owed(rate, gap_ms),
        }
    }

    /// One animation frame: the maze's, then the walk view's when shown.
    pub(in crate::web) fn frame(&mut self, timestamp: f64) -> Result<(), JsValue> {
        let carved = self.frame_maze(timestamp);
        if !cfg!(feature = "first") && self.settings.view == crate::settings::View::Walk {
            self.walk_frame(timestamp)?;
        }
        carved
    }

    /// The maze's share of a frame: carving or solving by the speed.
    fn frame_maze(&mut self, timestamp: f64) -> Result<(), JsValue> {
        // Behind the lab's tab the maze waits where it was (and its frame
        // gap restarts when it shows again).
        if self.settings.view == crate::settings::View::Lab {
            self.maze.clock.restart();
            return Ok(());
        }
        self.write_metrics();
        let gap = self.maze.clock.gap(timestamp);
        if self.maze.state == State::Done && self.mode != Mode::Solving {
            self.index_in_background();
        }
        if self.mode == Mode::Solving {
            if self.maze.solve_paused {
                return Ok(());
            }
            let budget = self.budget(gap);
            return self.advance_solve(budget);
        }
        if self.maze.state != State::Running {
            return Ok(());
        }
        if self.settings.speed == Speed::Instant {
            return self.finish();
        }
        let steps = self.budget(gap);
        if steps >= 1 {
            let started = now_ms();
            self.advance(steps)?;
            if self.maze.clock.count_frame(now_ms() - started) {
                self.note_first_frame();
            }
            self.show_status();
        }
        Ok(())
    }

    /// Records instant-built runs a slice of a frame at a time, so that a
    /// seek later finds a checkpoint near its target instead of replaying
    /// from the start (the README gives the seek times).
    fn index_in_background(&mut self) {
        let started = now_ms();
        for panel in &mut self.maze.panels {
            while panel.index_timeline(INDEX_EVENTS) {
                if now_ms() - started > INDEX_FRAME_MS {
                    return;
                }
            }
        }
        // Every run is recorded (the soak waits for this before the next):
        // the readouts show the checkpoints and memory it took.
        if let Some(status) = dom::by_id_opt("status") {
            if !status.has_attribute("data-recorded") {
                self.show_status();
                let _ = status.set_attribute("data-recorded", "");
            }
        }
    }

    /// Records when the first carving was drawn: performance.now() counts
    /// from the page's navigation, so this is page load to the first frame
    /// of carving.
    fn note_first_frame(&self) {
        if let Some(status) = dom::by_id_opt("status") {
            if status.get_attribute("data-first-frame-ms").is_none() {
                let _ = status.set_attribute("data-first-frame-ms", &format!("{:.0}", now_ms()));
            }
        }
    }

    /// Starts every panel's solver from the start to the goal.
    pub(in crate::web) fn solve(&mut self) -> Result<(), JsValue> {
        for panel in &mut self.maze.panels {
            panel.start_solve()?;
            panel.blit_overlay()?;
        }
        self.show_solving()
    }

    /// The panels' solvers are set: they play at the run's speed.
    pub(in crate::web) fn show_solving(&mut self) -> Result<(), JsValue> {
        self.mode = Mode::Solving;
        self.maze.solve_paused = false;
        self.maze.clock.drop_carry();
        dom::set_hidden("banner", true);
        if self.settings.speed == Speed::Instant {
            self.advance_solve(u64::MAX)?;
        }
        self.show_status();
        Ok(())
    }

    /// Advances every running solver by `budget` events, in lockstep. The
    /// whole rest at once (instant, or "finish") paints once at the end.
    pub(in crate::web) fn advance_solve(&mut self, budget: u64) -> Result<(), JsValue> {
        if budget > 0 {
            let paint = budget != u64::MAX;
            for panel in &mut self.maze.panels {
                if panel.is_solving() {
                    panel.advance_solve(budget, paint);
                    panel.blit_overlay()?;
                }
            }
        }
        if !self.maze.panels.iter().any(Panel::is_solving) {
            self.mode = Mode::Normal;
            self.sync_url();
        }
        self.show_status();
        Ok(())
    }

    /// The markers as they stand: the chosen ones, or the first panel's
    /// default (on a surface whose edges meet, its maze's longest path).
    pub(in crate::web) fn current_ends(&self) -> (Cell, Cell) {
        match (
            self.settings.start,
            self.settings.goal,
            self.maze.panels.first(),
        ) {
            (None, None, Some(panel)) => (panel.solving.start, panel.solving.goal),
            _ => (self.settings.start_cell(), self.settings.goal_cell()),
        }
    }

    /// Moves both markers in every panel and into the link.
    pub(in crate::web) fn set_ends(&mut self, start: Cell, goal: Cell) -> Result<(), JsValue> {
        self.settings.start = Some(start);
        self.settings.goal = Some(goal);
        for panel in &mut self.maze.panels {
            panel.ends_follow_maze = false;
        }
        if self.mode == Mode::Solving {
            self.mode = Mode::Normal;
        }
        for panel in &mut self.maze.panels {
            panel.set_ends(start, goal);
            panel.blit_overlay()?;
        }
        dom::set_hidden("banner", true);
        // While a marker is dragged the link is written once, on release:
        // browsers throttle pages that rewrite their address on every move.
        if self.stage.pointer.drag.is_none() {
            self.sync_url();
        }
        self.show_hint();
        self.show_status();
        Ok(())
    }

    pub(in crate::web) fn show_hint(&self) {
        let shape = &self.settings.shape;
        let levels = matches!(shape.name(), "3d" | "4d");
        let playing = self.mode == Mode::Playing;
        dom::set_hidden("level-buttons", !(playing && levels));
        dom::set_hidden("level-ana", shape.name() != "4d");
        dom::set_hidden("level-kata", shape.name() != "4d");
        let hint = play::hint(
            self.mode,
            self.stage.pointer.next_click,
            shape,
            play::by_touch(),
        );
        dom::set_text("click-hint", hint);
        let _ = play::show_play_button(self.mode);
    }

    /// Writes the settings into the address bar, so the link reproduces
    /// them. A link that has not changed is not written again: the browser
    /// takes a while over each history entry (a Run of the same program
    /// rebuilds the stage with the same link).
    pub(in crate::web) fn sync_url(&mut self) {
        self.note_position();
        let query = format!("?{}", self.settings.to_query());
        if query == self.linked {
            return;
        }
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            if history
                .replace_state_with_url(&JsValue::NULL, "", Some(&query))
                .is_ok()
            {
                self.linked = query;
            }
        }
    }
}
