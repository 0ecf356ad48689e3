//! The app: settings from the URL and the controls, the panels, the frame
//! loop that turns speed into a per-frame budget, the status line, keys and
//! exports.

use super::dom::{self, input, select};
use super::panel::Panel;
use crate::difficulty::{self, Keep};
use crate::error::parse_seed;
use crate::generate::{self, Bias, Knob, Params, PopSpec, ALGORITHMS};
use crate::grid::{Cell, Dims, Dir};
use crate::render::{ascii, json, pixels::Pixels, svg};
use crate::rng::fresh_seed;
use crate::settings::{PanelSpec, Settings, Speed, MAX_SPEED, MIN_SPEED};
use crate::solve::{self, SOLVERS};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, KeyboardEvent, MouseEvent};

/// The speed slider's top position means "instant".
const SLIDER_INSTANT: u32 = 1001;
/// Slider positions per decade of steps per second (0 is 1 step/s).
const SLIDER_PER_DECADE: f64 = 200.0;
/// The longest frame gap counted, so a background tab does not return to a
/// burst of steps.
const MAX_FRAME_GAP_MS: f64 = 100.0;
/// Width taken by the control panel and page margins, in CSS pixels.
const STAGE_MARGIN_PX: u32 = 360;
/// Height taken by the header, panel titles, metrics and status, in CSS pixels.
const STAGE_HEADER_PX: u32 = 170;
/// A panel's own padding and the gap between panels, in CSS pixels.
const PANEL_CHROME_PX: u32 = 40;

/// What clicks and keys on the maze do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Clicks set the start and goal; markers can be dragged.
    Normal,
    /// Solvers are running on the overlay.
    Solving,
    /// The player traces a path with the pointer or the keys.
    Playing,
}

/// A marker the pointer can move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    Start,
    Goal,
}

/// The most cells shown at once, over all panels: one 4096 x 4096 maze.
/// Each cell costs pixels on two canvases, and four panels of that size
/// would not fit in wasm's memory.
const MAX_CELLS_SHOWN: u64 = 4096 * 4096;

/// Play state shown in `#status[data-state]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Running,
    Paused,
    Done,
}

/// A control's handler: reads or changes the app in response to a DOM event.
type Handler = Box<dyn Fn(&mut App, &Event) -> Result<(), JsValue>>;
/// An attached listener, kept so that dropping the app detaches it.
type Listener = (Element, &'static str, Closure<dyn FnMut(Event)>);
/// The frame callback, shared with itself so it can request the next frame.
type FrameLoop = Rc<RefCell<Option<Closure<dyn FnMut(f64)>>>>;

pub struct App {
    settings: Settings,
    panels: Vec<Panel>,
    state: State,
    /// Fractional steps carried from one frame to the next.
    carry: f64,
    last_frame_ms: Option<f64>,
    elapsed_ms: f64,
    /// The most work one animation frame has taken, and how many frames ran.
    max_frame_ms: f64,
    frames: u64,
    /// Time spent measuring finished mazes (not part of `elapsed_ms`).
    metrics_ms: f64,
    /// The part of `elapsed_ms` spent handing pixels to the canvas.
    blit_ms: f64,
    distance: bool,
    mode: Mode,
    /// Which marker the next plain click sets.
    next_click: Marker,
    /// The marker being dragged, and a click waiting for the pointer to lift.
    drag: Option<Marker>,
    pending_click: Option<Cell>,
    pointer_down: bool,
    /// The panel being played, and when play began.
    play_panel: usize,
    play_started_ms: f64,
}

/// The running app; dropping it stops the frame loop and the listeners.
pub struct AppHandle {
    app: Rc<RefCell<App>>,
    listeners: Vec<Listener>,
    frame: FrameLoop,
}

impl Drop for AppHandle {
    fn drop(&mut self) {
        for (el, kind, closure) in &self.listeners {
            let _ = el.remove_event_listener_with_callback(kind, closure.as_ref().unchecked_ref());
        }
        self.frame.borrow_mut().take();
    }
}

impl AppHandle {
    /// Runs every panel to the end and draws it (the "finish" button), and
    /// writes the metrics at once rather than on the next frame.
    pub fn finish(&self) -> Result<(), JsValue> {
        let mut app = self.app.borrow_mut();
        app.finish()?;
        app.write_metrics();
        Ok(())
    }

    /// Writes the metrics of finished mazes now (the frame loop does this).
    pub fn flush(&self) {
        self.app.borrow_mut().write_metrics();
    }

    /// Advances every panel by `steps` events and draws (the frame loop's work).
    pub fn advance(&self, steps: u64) -> Result<(), JsValue> {
        self.app.borrow_mut().advance(steps)
    }

    /// The query string that reproduces what is on screen.
    pub fn query(&self) -> String {
        self.app.borrow().settings.to_query()
    }

    /// Panel `index`'s maze as ascii text (no ends), once it exists.
    pub fn maze_text(&self, index: usize) -> Option<String> {
        let app = self.app.borrow();
        app.panels
            .get(index)
            .map(|p| ascii::render(&p.scene.grid, None, None))
    }

    /// Runs every started solver to the end.
    pub fn finish_solve(&self) -> Result<(), JsValue> {
        self.app.borrow_mut().advance_solve(u64::MAX)
    }

    /// Panel `index`'s solver path, once found.
    pub fn solution(&self, index: usize) -> Option<Vec<Cell>> {
        self.app
            .borrow()
            .panels
            .get(index)?
            .solution()
            .map(<[Cell]>::to_vec)
    }

    /// The player's trail in the panel being played.
    pub fn trail(&self) -> Vec<Cell> {
        let app = self.app.borrow();
        app.panels
            .get(app.play_panel)
            .map_or_else(Vec::new, |p| p.solving.trail.clone())
    }

    /// The start and goal cells.
    pub fn ends(&self) -> (Cell, Cell) {
        let app = self.app.borrow();
        (app.settings.start_cell(), app.settings.goal_cell())
    }

    /// Where a cell's centre is on screen (client coordinates), for pointing at it.
    pub fn cell_centre(&self, panel: usize, cell: Cell) -> Option<(f64, f64)> {
        let app = self.app.borrow();
        let p = app.panels.get(panel)?;
        let layout = p.layout();
        let (x, y) = layout.origin(cell);
        let half = f64::from(layout.cell_px) / 2.0;
        let rect = p.overlay_canvas.get_bounding_client_rect();
        let sx = rect.width() / f64::from(p.overlay_canvas.width());
        let sy = rect.height() / f64::from(p.overlay_canvas.height());
        Some((
            rect.left() + (f64::from(x) + half) * sx,
            rect.top() + (f64::from(y) + half) * sy,
        ))
    }

    /// A copy of panel `index`'s maze.
    pub fn grid(&self, index: usize) -> Option<crate::grid::Grid> {
        self.app
            .borrow()
            .panels
            .get(index)
            .map(|p| p.scene.grid.clone())
    }

    /// How many panels are shown.
    pub fn panel_count(&self) -> usize {
        self.app.borrow().panels.len()
    }
}

thread_local! {
    static MOUNTED: RefCell<Option<AppHandle>> = const { RefCell::new(None) };
}

/// Keeps the page's app alive for the life of the page.
pub fn keep_alive(handle: AppHandle) {
    MOUNTED.with(|m| *m.borrow_mut() = Some(handle));
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

fn speed_to_slider(speed: Speed) -> u32 {
    match speed {
        Speed::Instant => SLIDER_INSTANT,
        Speed::StepsPerSecond(s) => (s.log10() * SLIDER_PER_DECADE).round() as u32,
    }
}

fn slider_to_speed(value: u32) -> Speed {
    if value >= SLIDER_INSTANT {
        Speed::Instant
    } else {
        Speed::StepsPerSecond(
            10f64
                .powf(f64::from(value) / SLIDER_PER_DECADE)
                .clamp(MIN_SPEED, MAX_SPEED),
        )
    }
}

fn speed_label(speed: Speed) -> String {
    match speed {
        Speed::Instant => "instant".into(),
        Speed::StepsPerSecond(s) if s >= 1000.0 => format!("{:.0}k steps/s", s / 1000.0),
        Speed::StepsPerSecond(s) => format!("{s:.0} steps/s"),
    }
}

impl App {
    fn new(settings: Settings) -> App {
        App {
            settings,
            panels: Vec::new(),
            state: State::Paused,
            carry: 0.0,
            last_frame_ms: None,
            elapsed_ms: 0.0,
            max_frame_ms: 0.0,
            frames: 0,
            metrics_ms: 0.0,
            blit_ms: 0.0,
            distance: false,
            mode: Mode::Normal,
            next_click: Marker::Start,
            drag: None,
            pending_click: None,
            pointer_down: false,
            play_panel: 0,
            play_started_ms: 0.0,
        }
    }

    /// Rebuilds every panel from the settings and starts playing.
    fn rebuild(&mut self) -> Result<(), JsValue> {
        let parent: Element = dom::by_id("panels")?;
        parent.set_text_content(None);
        let mut specs = self.settings.panels();
        let fit = (MAX_CELLS_SHOWN / u64::from(self.settings.dims.cells())).max(1) as usize;
        if specs.len() > fit {
            dom::show_notice(&format!(
                "showing {fit} of {} panels: at {}x{} only {fit} fit in the browser's memory",
                specs.len(),
                self.settings.dims.width,
                self.settings.dims.height
            ));
            specs.truncate(fit);
        }
        parent.set_class_name(if specs.len() > 1 { "compare" } else { "" });
        let window = web_sys::window().ok_or("a browser window")?;
        let inner_w = window.inner_width()?.as_f64().unwrap_or(1200.0) as u32;
        let inner_h = window.inner_height()?.as_f64().unwrap_or(800.0) as u32;
        let columns = specs.len().min(2) as u32;
        let rows = specs.len().div_ceil(2) as u32;
        let box_w =
            (inner_w.saturating_sub(STAGE_MARGIN_PX) / columns).saturating_sub(PANEL_CHROME_PX);
        let box_h =
            (inner_h.saturating_sub(STAGE_HEADER_PX) / rows).saturating_sub(PANEL_CHROME_PX);
        let cell_px = Pixels::cell_px_to_fit(self.settings.dims, box_w.max(200), box_h.max(200));
        let visuals = self.settings.speed != Speed::Instant;
        self.panels.clear();
        self.settings.clamp_ends();
        let ends = (self.settings.start_cell(), self.settings.goal_cell());
        for spec in specs {
            let mut panel = Panel::new(
                &parent,
                spec,
                self.settings.dims,
                self.settings.seed,
                cell_px,
                visuals,
                self.settings.solver,
                ends,
            )?;
            panel.set_distance_colouring(self.distance);
            self.panels.push(panel);
        }
        self.carry = 0.0;
        self.last_frame_ms = None;
        self.elapsed_ms = 0.0;
        self.max_frame_ms = 0.0;
        self.frames = 0;
        self.metrics_ms = 0.0;
        self.blit_ms = 0.0;
        self.mode = Mode::Normal;
        self.drag = None;
        self.pending_click = None;
        dom::set_hidden("banner", true);
        self.state = State::Running;
        if self.settings.speed == Speed::Instant {
            self.finish()?;
        }
        self.sync_url();
        self.show_status();
        Ok(())
    }

    fn all_done(&self) -> bool {
        self.panels.iter().all(Panel::is_done)
    }

    fn advance(&mut self, steps: u64) -> Result<(), JsValue> {
        let started = now_ms();
        for panel in &mut self.panels {
            panel.advance(steps);
            panel.blit()?;
        }
        self.elapsed_ms += now_ms() - started;
        if self.all_done() {
            self.state = State::Done;
        }
        self.write_metrics();
        self.show_status();
        Ok(())
    }

    /// Generates and draws every panel to the end; `elapsed_ms` counts that
    /// work, and the metrics that follow are timed on their own.
    fn finish(&mut self) -> Result<(), JsValue> {
        let started = now_ms();
        let mut blit_ms = 0.0;
        for panel in &mut self.panels {
            panel.finish();
            let blit_started = now_ms();
            panel.blit()?;
            blit_ms += now_ms() - blit_started;
        }
        self.elapsed_ms += now_ms() - started;
        self.blit_ms += blit_ms;
        self.state = State::Done;
        // The metrics follow on the next frame, so the browser shows the maze
        // first (at 4096 x 4096 they take over a second).
        self.show_status();
        Ok(())
    }

    fn write_metrics(&mut self) {
        if !self.panels.iter().any(Panel::metrics_due) {
            return;
        }
        let started = now_ms();
        for panel in &mut self.panels {
            panel.write_metrics();
        }
        self.metrics_ms += now_ms() - started;
        self.show_status();
    }

    /// One animation frame: the budget is speed x time since the last frame,
    /// so the speed does not depend on the display's refresh rate.
    fn frame(&mut self, timestamp: f64) -> Result<(), JsValue> {
        self.write_metrics();
        let gap = self
            .last_frame_ms
            .map_or(0.0, |last| (timestamp - last).min(MAX_FRAME_GAP_MS));
        self.last_frame_ms = Some(timestamp);
        if self.mode == Mode::Solving {
            let budget = match self.settings.speed {
                Speed::Instant => u64::MAX,
                Speed::StepsPerSecond(rate) => {
                    self.carry += rate * gap / 1000.0;
                    let steps = self.carry.floor();
                    self.carry -= steps;
                    steps as u64
                }
            };
            return self.advance_solve(budget);
        }
        if self.state != State::Running {
            return Ok(());
        }
        match self.settings.speed {
            Speed::Instant => self.finish(),
            Speed::StepsPerSecond(rate) => {
                self.carry += rate * gap / 1000.0;
                let steps = self.carry.floor();
                self.carry -= steps;
                if steps >= 1.0 {
                    let started = now_ms();
                    self.advance(steps as u64)?;
                    self.max_frame_ms = self.max_frame_ms.max(now_ms() - started);
                    self.frames += 1;
                    self.show_status();
                }
                Ok(())
            }
        }
    }

    /// Starts every panel's solver from the start to the goal.
    fn solve(&mut self) -> Result<(), JsValue> {
        let visuals = self.settings.speed != Speed::Instant;
        for panel in &mut self.panels {
            panel.start_solve(visuals)?;
            panel.blit()?;
            panel.blit_overlay()?;
        }
        self.mode = Mode::Solving;
        self.carry = 0.0;
        dom::set_hidden("banner", true);
        if !visuals {
            self.advance_solve(u64::MAX)?;
        }
        self.show_status();
        Ok(())
    }

    /// Advances every running solver by `budget` events, in lockstep.
    fn advance_solve(&mut self, budget: u64) -> Result<(), JsValue> {
        if budget > 0 {
            for panel in &mut self.panels {
                panel.advance_solve(budget);
                panel.blit_overlay()?;
            }
        }
        if !self.panels.iter().any(Panel::is_solving) {
            self.mode = Mode::Normal;
        }
        self.show_status();
        Ok(())
    }

    /// Moves both markers in every panel and into the link.
    fn set_ends(&mut self, start: Cell, goal: Cell) -> Result<(), JsValue> {
        let dims = self.settings.dims;
        self.settings.start = Some(dims.xy(start));
        self.settings.goal = Some(dims.xy(goal));
        if self.mode == Mode::Solving {
            self.mode = Mode::Normal;
        }
        for panel in &mut self.panels {
            panel.set_ends(start, goal);
            panel.blit_overlay()?;
        }
        dom::set_hidden("banner", true);
        // While a marker is dragged the link is written once, on release:
        // browsers throttle pages that rewrite their address on every move.
        if self.drag.is_none() {
            self.sync_url();
        }
        self.show_hint();
        self.show_status();
        Ok(())
    }

    fn show_hint(&self) {
        let hint = match (self.mode, self.next_click) {
            (Mode::Playing, _) => "trace a path from the green start to the pink goal: drag, click or use the arrow keys / WASD; step back to retract; Esc stops",
            (_, Marker::Start) => "click a cell to set the start (green), or drag a marker",
            (_, Marker::Goal) => "click a cell to set the goal (pink), or drag a marker",
        };
        dom::set_text("click-hint", hint);
    }

    /// Starts manual play in one panel.
    fn play(&mut self, panel: usize) -> Result<(), JsValue> {
        let Some(p) = self.panels.get_mut(panel) else {
            return Ok(());
        };
        p.start_trail();
        p.blit()?;
        p.blit_overlay()?;
        self.mode = Mode::Playing;
        self.play_panel = panel;
        self.play_started_ms = now_ms();
        dom::set_hidden("banner", true);
        self.state = State::Done;
        self.show_hint();
        self.show_status();
        Ok(())
    }

    /// Moves the player's head to `cell` if it is an open neighbour of the
    /// head (extending the trail, or retracting it when stepping back).
    fn play_to(&mut self, cell: Cell) -> Result<(), JsValue> {
        if self.mode != Mode::Playing {
            return Ok(());
        }
        let Some(panel) = self.panels.get_mut(self.play_panel) else {
            return Ok(());
        };
        let Some(&head) = panel.solving.trail.last() else {
            return Ok(());
        };
        let grid = &panel.scene.grid;
        if cell == head || !grid.dims().adjacent(head, cell) || !grid.is_open_between(head, cell) {
            return Ok(());
        }
        panel.trail_step(cell);
        panel.blit_overlay()?;
        if panel.solving.trail.last() == Some(&panel.solving.goal) {
            let moves = panel.solving.trail.len() - 1;
            let (start, goal) = (panel.solving.start, panel.solving.goal);
            let shortest =
                crate::analyze::distances(&panel.scene.grid, start)[goal as usize] as usize;
            let seconds = (now_ms() - self.play_started_ms) / 1000.0;
            let optimal = if moves == 0 {
                100.0
            } else {
                100.0 * shortest as f64 / moves as f64
            };
            dom::set_text(
                "banner",
                &format!(
                    "Solved! {moves} moves; the shortest path has {shortest}: {optimal:.0}% optimal, in {seconds:.1} s."
                ),
            );
            dom::set_hidden("banner", false);
            self.mode = Mode::Normal;
            self.show_hint();
        }
        Ok(())
    }

    /// Moves the player one cell in a direction, if the wall there is open.
    fn play_step(&mut self, dir: Dir) -> Result<(), JsValue> {
        let Some(panel) = self.panels.get(self.play_panel) else {
            return Ok(());
        };
        let Some(&head) = panel.solving.trail.last() else {
            return Ok(());
        };
        match panel.scene.grid.dims().step(head, dir) {
            Some(next) => self.play_to(next),
            None => Ok(()),
        }
    }

    /// Pointer down, move and up on a panel's overlay: set or drag the
    /// markers, or trace the path when playing. Points outside the maze are
    /// ignored.
    fn on_pointer(&mut self, event: &Event) -> Result<(), JsValue> {
        let Some(mouse) = event.dyn_ref::<MouseEvent>() else {
            return Ok(());
        };
        let Some(target) = event.target() else {
            return Ok(());
        };
        let Some(index) = self
            .panels
            .iter()
            .position(|p| JsValue::from(&p.overlay_canvas) == JsValue::from(&target))
        else {
            if event.type_() == "pointerup" {
                self.pointer_down = false;
                if self.drag.take().is_some() {
                    self.sync_url();
                }
            }
            return Ok(());
        };
        let rect = self.panels[index].overlay_canvas.get_bounding_client_rect();
        let cell = self.panels[index].cell_under(
            f64::from(mouse.client_x()) - rect.left(),
            f64::from(mouse.client_y()) - rect.top(),
        );
        let (start, goal) = (self.settings.start_cell(), self.settings.goal_cell());
        match event.type_().as_str() {
            "pointerdown" => {
                event.prevent_default();
                self.pointer_down = true;
                if self.mode == Mode::Playing {
                    if index == self.play_panel {
                        if let Some(c) = cell {
                            self.play_to(c)?;
                        }
                    }
                    return Ok(());
                }
                let Some(c) = cell else {
                    return Ok(());
                };
                self.drag = if c == start {
                    Some(Marker::Start)
                } else if c == goal {
                    Some(Marker::Goal)
                } else {
                    None
                };
                self.pending_click = self.drag.is_none().then_some(c);
            }
            "pointermove" => {
                if !self.pointer_down {
                    return Ok(());
                }
                if self.mode == Mode::Playing {
                    if let Some(c) = cell.filter(|_| index == self.play_panel) {
                        self.play_to(c)?;
                    }
                    return Ok(());
                }
                if let (Some(marker), Some(c)) = (self.drag, cell) {
                    self.pending_click = None;
                    match marker {
                        Marker::Start if c != goal && c != start => self.set_ends(c, goal)?,
                        Marker::Goal if c != start && c != goal => self.set_ends(start, c)?,
                        _ => {}
                    }
                }
            }
            _ => {
                self.pointer_down = false;
                if self.drag.take().is_some() {
                    self.sync_url();
                }
                if let Some(c) = self.pending_click.take().filter(|&c| Some(c) == cell) {
                    match self.next_click {
                        Marker::Start => {
                            self.next_click = Marker::Goal;
                            self.set_ends(c, if c == goal { start } else { goal })?;
                        }
                        Marker::Goal => {
                            self.next_click = Marker::Start;
                            self.set_ends(if c == start { goal } else { start }, c)?;
                        }
                    }
                    self.show_hint();
                }
            }
        }
        Ok(())
    }

    /// Generates mazes with consecutive seeds and keeps the hardest or easiest.
    fn monte_carlo(&mut self) -> Result<(), JsValue> {
        let trials: u32 = input("mc-trials")?.value().trim().parse().unwrap_or(0);
        let keep = if select("mc-keep")?.value() == "easiest" {
            Keep::Easiest
        } else {
            Keep::Hardest
        };
        let s = &self.settings;
        let params = Params {
            dims: s.dims,
            seed: s.seed,
            pop: s.main.pop.clone(),
            bias: s.main.bias,
        };
        match difficulty::monte_carlo(s.main.algorithm, &params, trials, keep) {
            Ok(pick) => {
                let which = if keep == Keep::Hardest {
                    "hardest"
                } else {
                    "easiest"
                };
                dom::show_notice(&format!(
                    "kept the {which} of {trials} mazes (seeds {} to {}): seed {}, solution {} moves",
                    s.seed,
                    s.seed.wrapping_add(u64::from(trials) - 1),
                    pick.seed,
                    pick.solution_length
                ));
                self.settings.seed = pick.seed;
                self.settings.start = None;
                self.settings.goal = None;
                self.show_settings()?;
                self.rebuild()
            }
            Err(e) => {
                dom::show_notice(&e.to_string());
                Ok(())
            }
        }
    }

    fn show_status(&self) {
        let steps: u64 = self.panels.iter().map(|p| p.steps).max().unwrap_or(0);
        let cells = f64::from(self.settings.dims.cells()) * self.panels.len() as f64;
        let state = match self.state {
            State::Running => "running",
            State::Paused => "paused",
            State::Done => "done",
        };
        let mut text = format!(
            "{state} · {steps} steps · {:.0} ms of work",
            self.elapsed_ms
        );
        if self.state == State::Done && self.elapsed_ms > 0.0 {
            text.push_str(&format!(
                " · {:.0} cells/s",
                cells / (self.elapsed_ms / 1000.0)
            ));
        }
        if let Some(status) = dom::by_id_opt("status") {
            status.set_text_content(Some(&text));
            let _ = status.set_attribute("data-state", state);
            let _ = status.set_attribute("data-steps", &steps.to_string());
            let _ = status.set_attribute("data-elapsed-ms", &format!("{:.1}", self.elapsed_ms));
            let _ = status.set_attribute("data-frames", &self.frames.to_string());
            let _ = status.set_attribute("data-metrics-ms", &format!("{:.1}", self.metrics_ms));
            let _ = status.set_attribute("data-blit-ms", &format!("{:.1}", self.blit_ms));
            let solve_state = match self.mode {
                Mode::Solving => "searching",
                Mode::Playing => "playing",
                Mode::Normal => "idle",
            };
            let _ = status.set_attribute("data-solve", solve_state);
            let _ = status.set_attribute("data-max-frame-ms", &format!("{:.1}", self.max_frame_ms));
        }
        dom::set_text(
            "play",
            if self.state == State::Running {
                "pause"
            } else {
                "play"
            },
        );
    }

    /// Writes the settings into the address bar, so the link reproduces them.
    fn sync_url(&self) {
        let query = format!("?{}", self.settings.to_query());
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&query));
        }
    }

    /// Copies the settings into the controls.
    fn show_settings(&self) -> Result<(), JsValue> {
        let s = &self.settings;
        select("algorithm")?.set_value(s.main.algorithm);
        let algorithm = generate::find(s.main.algorithm).map_err(|e| e.to_string())?;
        dom::set_text("description", algorithm.description);
        dom::set_text(
            "legend-frontier",
            if algorithm.working_set.is_empty() {
                "frontier / working set"
            } else {
                algorithm.working_set
            },
        );
        dom::set_hidden("pop-controls", algorithm.knob != Knob::Pop);
        dom::set_hidden("bias-controls", algorithm.knob != Knob::Bias);
        input("width")?.set_value(&s.dims.width.to_string());
        input("height")?.set_value(&s.dims.height.to_string());
        let preset = format!("{}x{}", s.dims.width, s.dims.height);
        let presets = select("size-preset")?;
        presets.set_value(&preset);
        if presets.value() != preset {
            presets.set_value("");
        }
        let pop = s.main.pop.to_string();
        let parts = s.main.pop.parts();
        let mix = parts.len() == 2
            && parts
                .iter()
                .all(|(p, _)| matches!(p.name(), "newest" | "random"));
        select("pop")?.set_value(if mix { "mix" } else { &pop });
        if mix {
            let total: u32 = parts.iter().map(|&(_, w)| w).sum();
            let random = parts
                .iter()
                .find(|(p, _)| p.name() == "random")
                .map_or(0, |&(_, w)| w);
            input("pop-mix")?.set_value(&(100 * random / total.max(1)).to_string());
        }
        dom::set_text("pop-mix-value", &format!("{}%", input("pop-mix")?.value()));
        select("bias")?.set_value(&s.main.bias.to_string());
        input("speed")?.set_value(&speed_to_slider(s.speed).to_string());
        dom::set_text("speed-value", &speed_label(s.speed));
        input("seed")?.set_value(&s.seed.to_string());
        let comparing = !s.compare.is_empty();
        input("compare")?.set_checked(comparing);
        let specs: Vec<String> = s.compare.iter().map(PanelSpec::to_text).collect();
        input("compare-specs")?.set_value(&specs.join(","));
        dom::set_hidden("compare-specs", !comparing);
        select("solver")?.set_value(s.solver);
        let solver = solve::find(s.solver).map_err(|e| e.to_string())?;
        dom::set_text("solver-description", solver.description);
        Ok(())
    }

    /// Reads the controls into the settings; a bad value leaves the old one
    /// and returns the message to show.
    fn read_controls(&mut self) -> Result<Vec<String>, JsValue> {
        let mut problems = Vec::new();
        let s = &mut self.settings;
        match generate::find(&select("algorithm")?.value()) {
            Ok(a) => s.main.algorithm = a.name,
            Err(e) => problems.push(e.to_string()),
        }
        let size = format!("{}x{}", input("width")?.value(), input("height")?.value());
        match Dims::parse(&size) {
            Ok(d) => s.dims = d,
            Err(e) => problems.push(e.to_string()),
        }
        let pop = match select("pop")?.value().as_str() {
            "mix" => {
                let random: u32 = input("pop-mix")?.value().parse().unwrap_or(25).min(100);
                if random == 0 {
                    "newest".to_string()
                } else if random == 100 {
                    "random".to_string()
                } else {
                    format!("newest:{},random:{random}", 100 - random)
                }
            }
            other => other.to_string(),
        };
        match PopSpec::parse(&pop) {
            Ok(p) => s.main.pop = p,
            Err(e) => problems.push(e.to_string()),
        }
        match Bias::parse(&select("bias")?.value()) {
            Ok(b) => s.main.bias = b,
            Err(e) => problems.push(e.to_string()),
        }
        match parse_seed(&input("seed")?.value()) {
            Ok(seed) => s.seed = seed,
            Err(e) => problems.push(e.to_string()),
        }
        let slider: u32 = input("speed")?.value().parse().unwrap_or(0);
        s.speed = slider_to_speed(slider);
        if input("compare")?.checked() {
            let text = input("compare-specs")?.value();
            let text = if text.trim().is_empty() {
                Settings::default_comparison()
                    .iter()
                    .map(PanelSpec::to_text)
                    .collect::<Vec<_>>()
                    .join(",")
            } else {
                text
            };
            let (parsed, notices) = Settings::from_query(&format!("compare={text}"), s.seed);
            if notices.is_empty() {
                s.compare = parsed.compare;
            } else {
                problems.extend(notices);
            }
        } else {
            s.compare.clear();
        }
        Ok(problems)
    }

    fn export(&mut self, kind: &str) -> Result<(), JsValue> {
        let Some(panel) = self.panels.first_mut() else {
            return Ok(());
        };
        panel.finish();
        panel.blit()?;
        let s = &self.settings;
        let stem = format!(
            "mazelab-{}-{}x{}-{}",
            panel.spec.algorithm, s.dims.width, s.dims.height, s.seed
        );
        let grid = &panel.scene.grid;
        match kind {
            "png" => dom::download_url(&format!("{stem}.png"), &panel.canvas.to_data_url()?),
            "svg" => dom::download_text(
                &format!("{stem}.svg"),
                "image/svg+xml",
                &svg::render(grid, Some(&panel.ends), None),
            ),
            "txt" => dom::download_text(
                &format!("{stem}.txt"),
                "text/plain",
                &ascii::render(grid, Some(&panel.ends), None),
            ),
            _ => {
                let meta = json::Meta {
                    seed: s.seed,
                    algorithm: panel.spec.algorithm,
                };
                dom::download_text(
                    &format!("{stem}.json"),
                    "application/json",
                    &json::render(grid, &meta, &panel.ends, None),
                )
            }
        }?;
        self.state = State::Done;
        self.show_status();
        Ok(())
    }
}

/// Mounts the app on the page's markup: reads the URL, fills the controls,
/// wires them up and starts the frame loop.
pub fn mount() -> Result<AppHandle, JsValue> {
    let window = web_sys::window().ok_or("a browser window")?;
    let query = window.location().search().unwrap_or_default();
    let (settings, notices) = Settings::from_query(&query, fresh_seed());
    dom::show_notice(&notices.join("; "));

    let algorithms = select("algorithm")?;
    algorithms.set_text_content(None);
    for a in ALGORITHMS {
        let option = dom::document().create_element("option")?;
        option.set_attribute("value", a.name)?;
        option.set_text_content(Some(a.name));
        algorithms.append_child(&option)?;
    }

    let solvers = select("solver")?;
    solvers.set_text_content(None);
    for s in SOLVERS {
        let option = dom::document().create_element("option")?;
        option.set_attribute("value", s.name)?;
        option.set_text_content(Some(s.name));
        solvers.append_child(&option)?;
    }

    let app = Rc::new(RefCell::new(App::new(settings)));
    app.borrow().show_settings()?;
    app.borrow_mut().rebuild()?;

    let mut listeners = Vec::new();
    let mut listen = |id: &str, kind: &'static str, handler: Handler| -> Result<(), JsValue> {
        let target: Element = if id == "document" {
            dom::document()
                .document_element()
                .ok_or("a document element")?
        } else {
            dom::by_id(id)?
        };
        let app = app.clone();
        let closure = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            let Ok(mut app) = app.try_borrow_mut() else {
                return;
            };
            if let Err(e) = handler(&mut app, &event) {
                dom::show_error(&dom::describe(&e));
            }
        });
        target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?;
        listeners.push((target, kind, closure));
        Ok(())
    };

    for id in [
        "algorithm",
        "width",
        "height",
        "pop",
        "bias",
        "seed",
        "compare",
        "compare-specs",
    ] {
        listen(id, "change", Box::new(settings_changed))?;
    }
    listen("pop-mix", "change", Box::new(settings_changed))?;
    listen(
        "size-preset",
        "change",
        Box::new(|app, event| {
            let value = select("size-preset")?.value();
            if let Some((w, h)) = value.split_once('x') {
                input("width")?.set_value(w);
                input("height")?.set_value(h);
                settings_changed(app, event)?;
            }
            Ok(())
        }),
    )?;
    listen(
        "speed",
        "input",
        Box::new(|app, _| {
            let slider: u32 = input("speed")?.value().parse().unwrap_or(0);
            app.settings.speed = slider_to_speed(slider);
            dom::set_text("speed-value", &speed_label(app.settings.speed));
            app.sync_url();
            Ok(())
        }),
    )?;
    listen(
        "new-seed",
        "click",
        Box::new(|app, _| {
            app.settings.seed = fresh_seed();
            app.show_settings()?;
            app.rebuild()
        }),
    )?;
    listen("new-maze", "click", Box::new(|app, _| new_maze(app)))?;
    listen("play", "click", Box::new(|app, _| toggle_play(app)))?;
    listen("step", "click", Box::new(|app, _| single_step(app)))?;
    listen("finish", "click", Box::new(|app, _| app.finish()))?;
    listen(
        "distance",
        "change",
        Box::new(|app, _| {
            app.distance = input("distance")?.checked();
            for panel in &mut app.panels {
                panel.set_distance_colouring(app.distance);
                panel.blit()?;
            }
            Ok(())
        }),
    )?;
    for (id, kind) in [
        ("export-png", "png"),
        ("export-svg", "svg"),
        ("export-txt", "txt"),
        ("export-json", "json"),
    ] {
        listen(id, "click", Box::new(move |app, _| app.export(kind)))?;
    }
    listen("document", "keydown", Box::new(on_key))?;
    listen(
        "solver",
        "change",
        Box::new(|app, _| {
            let name = select("solver")?.value();
            app.settings.solver = solve::find(&name).map_err(|e| e.to_string())?.name;
            for panel in &app.panels {
                panel.solver_pick.set_value(app.settings.solver);
            }
            app.show_settings()?;
            app.sync_url();
            Ok(())
        }),
    )?;
    listen("solve", "click", Box::new(|app, _| app.solve()))?;
    listen("play-maze", "click", Box::new(|app, _| app.play(0)))?;
    listen(
        "clear-solve",
        "click",
        Box::new(|app, _| {
            let (start, goal) = (app.settings.start_cell(), app.settings.goal_cell());
            app.mode = Mode::Normal;
            app.set_ends(start, goal)
        }),
    )?;
    listen("mc-run", "click", Box::new(|app, _| app.monte_carlo()))?;
    for kind in ["pointerdown", "pointermove", "pointerup", "pointercancel"] {
        listen("panels", kind, Box::new(|app, event| app.on_pointer(event)))?;
    }
    app.borrow().show_hint();

    let frame: FrameLoop = Rc::new(RefCell::new(None));
    let next = frame.clone();
    let frame_app = app.clone();
    *frame.borrow_mut() = Some(Closure::new(move |timestamp: f64| {
        if let Ok(mut app) = frame_app.try_borrow_mut() {
            if let Err(e) = app.frame(timestamp) {
                dom::show_error(&dom::describe(&e));
            }
        }
        if let (Some(window), Some(callback)) = (web_sys::window(), next.borrow().as_ref()) {
            let _ = window.request_animation_frame(callback.as_ref().unchecked_ref());
        }
    }));
    if let Some(callback) = frame.borrow().as_ref() {
        window.request_animation_frame(callback.as_ref().unchecked_ref())?;
    }

    Ok(AppHandle {
        app,
        listeners,
        frame,
    })
}

/// A changed setting rebuilds the mazes; a bad value is named, not used.
fn settings_changed(app: &mut App, _: &Event) -> Result<(), JsValue> {
    let problems = app.read_controls()?;
    dom::show_notice(&problems.join("; "));
    app.show_settings()?;
    app.rebuild()
}

fn new_maze(app: &mut App) -> Result<(), JsValue> {
    app.settings.seed = fresh_seed();
    app.show_settings()?;
    app.rebuild()
}

fn toggle_play(app: &mut App) -> Result<(), JsValue> {
    app.state = match app.state {
        State::Running => State::Paused,
        State::Paused => State::Running,
        State::Done => State::Done,
    };
    app.last_frame_ms = None;
    app.show_status();
    Ok(())
}

fn single_step(app: &mut App) -> Result<(), JsValue> {
    if app.state == State::Running {
        app.state = State::Paused;
    }
    if app.state == State::Paused {
        app.advance(1)?;
    }
    Ok(())
}

fn on_key(app: &mut App, event: &Event) -> Result<(), JsValue> {
    let Some(key) = event.dyn_ref::<KeyboardEvent>() else {
        return Ok(());
    };
    // Typing in a field is not a command, and Space on a focused button
    // presses that button.
    if let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) {
        let tag = target.tag_name();
        if matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA")
            || (tag == "BUTTON" && key.key() == " ")
        {
            return Ok(());
        }
    }
    if app.mode == Mode::Playing {
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
        if key.key() == "Escape" {
            app.mode = Mode::Normal;
            app.show_hint();
            app.show_status();
            return Ok(());
        }
    }
    match key.key().as_str() {
        " " => {
            event.prevent_default();
            toggle_play(app)
        }
        "ArrowRight" => {
            event.prevent_default();
            single_step(app)
        }
        "n" => new_maze(app),
        "f" => app.finish(),
        _ => Ok(()),
    }
}
