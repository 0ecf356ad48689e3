//! The walk view (`view=walk`): the first panel's maze seen from inside,
//! drawn with WebGL2 (`gl`), while the panel itself shrinks to a map in
//! the stage's corner with a marker for where the walker stands and faces.
//! The walker and the scene are the pure core's (`crate::walk`). This file
//! holds the view's state and its commands (keys, buttons, a drag to look,
//! "show the way", autopilot) and runs its frames; `picture` builds and
//! draws what the eye sees, `said` writes what the page says (the `#walk`
//! element's data attributes the tests read, the readout, the map's
//! marker, messages). A run still carving keeps carving here: the scene is
//! rebuilt from the panel's maze each frame it changes, so walls sink as
//! the timeline plays and rise when it is scrubbed back.

mod gl;
mod picture;
mod said;

use super::app::App;
use super::clock::now_ms;
use super::dom;
use crate::describe;
use crate::shape::Cell;
use crate::walk::scene::{Colours, Scene};
use crate::walk::{Ground, Step, Walker};
use picture::{Scale, LIFT_MS};
use said::{announce, compass, say, set_pressed, unsay, Said};
use std::collections::HashSet;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// How far up or down the eye may look (radians).
const PITCH_LIMIT: f64 = 1.0;
/// Radians turned per CSS pixel dragged.
const LOOK_PER_PX: f64 = 0.006;

/// What a key or button asks the walker to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Command {
    Forward,
    Back,
    Left,
    Right,
    Up,
    Down,
}

/// The walk view's state.
#[derive(Default)]
pub(super) struct Walk {
    renderer: Option<gl::Renderer>,
    /// Whether making the renderer was tried (it is made once).
    tried: bool,
    walker: Option<Walker>,
    scene: Scene,
    /// The solver's way from where "show the way" was pressed, if shown.
    way: HashSet<Cell>,
    autopilot: Option<(Vec<Cell>, usize)>,
    pitch: f64,
    last_ms: Option<f64>,
    /// When the walk began (its first move), for the time readout.
    started_ms: Option<f64>,
    /// When the view was asked for, until its first frame is drawn.
    opened_ms: Option<f64>,
    /// Rebuild the scene next frame.
    stale: bool,
    /// The panel's step the scene was built at (carving changes it), and
    /// the cells it was built around (a glide keeps them till it ends).
    built_step: Option<u64>,
    built_around: Option<(Cell, Option<Cell>)>,
    /// The colours the scene was built in (the theme changes them).
    built_colours: Option<Colours>,
    /// What `#walk`'s attributes last said, so they are written on change.
    said: Said,
    /// Frames drawn, for the benchmark, and frames seen.
    frames: u64,
    ticks: u64,
    /// What the last frame drew from (the eye, the look, the size, the
    /// sky): a frame that would draw the same is not drawn.
    drawn: Option<[f64; 8]>,
    /// Whether the frame before this one drew (only a run of drawn frames
    /// says how long drawing takes).
    drew_last: bool,
    /// The share of the box's device pixels drawn (the rest upscaled),
    /// and the recent frame gap it follows.
    scale: Scale,
    /// How far risen the eye is (0 to 1: `LIFT`).
    lift: f64,
    /// Where a drag to look began.
    pub(super) drag: Option<(f64, f64)>,
}

impl Walk {
    /// Forgets the walker and its way (a new maze was built).
    pub(super) fn forget(&mut self) {
        self.walker = None;
        self.way.clear();
        self.autopilot = None;
        self.started_ms = None;
        self.stale = true;
        self.built_step = None;
        self.pitch = 0.0;
        set_pressed("walk-way", false);
        set_pressed("walk-autopilot", false);
    }
}

impl App {
    /// The walk view was shown: make the renderer the first time, and a
    /// walker at the start if there is none.
    pub(super) fn walk_view_shown(&mut self) -> Result<(), JsValue> {
        self.walk.opened_ms = Some(now_ms());
        self.walk.stale = true;
        if !self.walk.tried {
            self.walk.tried = true;
            let canvas: HtmlCanvasElement = dom::by_id("walk-canvas")?;
            match gl::Renderer::new(&canvas) {
                Ok(Some(r)) => self.walk.renderer = Some(r),
                Ok(None) => say(
                    "This browser has no WebGL2, which the walk view draws with. The maze, the lab and the code views work as ever.",
                ),
                Err(e) => say(&format!(
                    "The walk view could not start WebGL2: {}",
                    dom::describe(&e)
                )),
            }
        }
        self.walk_ensure()?;
        // The map is the panel, smaller: fit it to its new box.
        self.fitted = true;
        self.lay_out(true)?;
        Ok(())
    }

    /// Makes a walker at the first panel's start if there is none; says why
    /// not where the shape has no floor.
    fn walk_ensure(&mut self) -> Result<(), JsValue> {
        // The start or goal moved (a click on the map, or the Maze view):
        // a new start starts a new walk; a new goal is the walk's goal.
        if let (Some(w), Some(p)) = (self.walk.walker.as_mut(), self.panels.first()) {
            let (start, goal) = (p.solving.start, p.solving.goal);
            if w.trail.first() != Some(&start) {
                self.walk.forget();
            } else if w.goal != goal {
                w.goal = goal;
                self.walk.way.clear();
                self.walk.autopilot = None;
                self.walk.stale = true;
                set_pressed("walk-way", false);
                set_pressed("walk-autopilot", false);
            }
        }
        if self.walk.walker.is_some() {
            return Ok(());
        }
        let Some(panel) = self.panels.first_mut() else {
            return Ok(());
        };
        let ground = match Ground::new(&panel.shape) {
            Ok(g) => g,
            Err(_) => {
                let where_ = match panel.shape.kind {
                    crate::shape::Kind::Cube(_) => "on the cube (its faces fold round it)",
                    _ => "in a 4D maze (its levels also run along a fourth axis)",
                };
                say(&format!(
                    "The walk view has no floor to stand on {where_}. It walks squares, hexagons, triangles, rings, upsilon and 3D mazes; the Maze view shows this one."
                ));
                return Ok(());
            }
        };
        if self.walk.renderer.is_some() {
            unsay();
        }
        let (start, goal) = (panel.solving.start, panel.solving.goal);
        let walker = Walker::new(&ground, panel.maze(), start, goal);
        announce(&format!(
            "Walking, at the start, {}, facing {}. W or the up arrow goes forward, S back, A and D turn; the goal is at {}.",
            describe::place(&panel.shape, start),
            compass(walker.bearing()),
            describe::place(&panel.shape, goal)
        ));
        panel.walk_trail(start);
        self.walk.walker = Some(walker);
        self.walk.stale = true;
        dom::set_hidden(
            "walk-up",
            !matches!(panel.shape.kind, crate::shape::Kind::Stack(_)),
        );
        dom::set_hidden(
            "walk-down",
            !matches!(panel.shape.kind, crate::shape::Kind::Stack(_)),
        );
        dom::set_hidden("walk-banner", true);
        Ok(())
    }

    /// One command from a key or a button.
    pub(super) fn walk_command(&mut self, command: Command) -> Result<(), JsValue> {
        self.walk.autopilot = None;
        set_pressed("walk-autopilot", false);
        self.walk_do(command, None)
    }

    fn walk_do(&mut self, command: Command, toward: Option<Cell>) -> Result<(), JsValue> {
        self.walk_ensure()?;
        let Some(panel) = self.panels.first_mut() else {
            return Ok(());
        };
        let Some(walker) = self.walk.walker.as_mut() else {
            return Ok(());
        };
        let shape = panel.shape.clone();
        let Ok(ground) = Ground::new(&shape) else {
            return Ok(());
        };
        let grid = panel.maze();
        let step = match (command, toward) {
            (_, Some(next)) => walker.step_to(&ground, grid, next),
            (Command::Forward, _) => walker.forward(&ground, grid),
            (Command::Back, _) => walker.back(&ground, grid),
            (Command::Left, _) => walker.turn(&ground, grid, -1),
            (Command::Right, _) => walker.turn(&ground, grid, 1),
            (Command::Up, _) => walker.climb(&ground, grid, true),
            (Command::Down, _) => walker.climb(&ground, grid, false),
        };
        self.walk.stale = true;
        match step {
            Step::Moved { to, back } => {
                self.walk.started_ms.get_or_insert_with(now_ms);
                let moves = walker.moves as usize;
                announce(&describe::moved(grid, to, moves, back));
                let reached = walker.done().then(|| {
                    let (start, goal) = (panel.solving.start, panel.solving.goal);
                    let shortest = crate::analyze::distances(grid, start)[goal as usize] as usize;
                    let seconds = self
                        .walk
                        .started_ms
                        .map_or(0.0, |t| (now_ms() - t) / 1000.0);
                    format!("{} In {seconds:.1} s.", describe::reached(moves, shortest))
                });
                panel.walk_trail(to);
                if let Some(text) = reached {
                    dom::set_text("walk-banner", &text);
                    dom::set_hidden("walk-banner", false);
                    announce(&text);
                    self.walk.autopilot = None;
                    set_pressed("walk-autopilot", false);
                }
            }
            Step::Wall => announce(&describe::blocked(grid, walker.cell)),
            Step::Turned => {}
        }
        self.walk.said.show(self.walk.started_ms, panel, walker)
    }

    /// Looks round by a drag of `dx`, `dy` CSS pixels.
    pub(super) fn walk_look(&mut self, dx: f64, dy: f64) -> Result<(), JsValue> {
        let (Some(w), Some(panel)) = (self.walk.walker.as_mut(), self.panels.first()) else {
            return Ok(());
        };
        w.look(dx * LOOK_PER_PX);
        self.walk.pitch = (self.walk.pitch - dy * LOOK_PER_PX).clamp(-PITCH_LIMIT, PITCH_LIMIT);
        self.walk.said.show(self.walk.started_ms, panel, w)
    }

    /// The chosen solver's path from where the walker stands to the goal
    /// (the shortest one if that solver finds none from here).
    fn walk_path(&self) -> Option<Vec<Cell>> {
        let panel = self.panels.first()?;
        let walker = self.walk.walker.as_ref()?;
        let grid = panel.maze();
        match crate::solve::solve(self.settings.solver, grid, walker.cell, walker.goal) {
            Ok(crate::solve::Outcome::Found(path)) => Some(path),
            _ => crate::analyze::shortest_path(grid, walker.cell, walker.goal),
        }
    }

    /// "Show the way": the chosen solver's path laid on the floor, or
    /// taken up again.
    pub(super) fn walk_toggle_way(&mut self) -> Result<(), JsValue> {
        self.walk_ensure()?;
        if !self.walk.way.is_empty() {
            self.walk.way.clear();
        } else if let Some(path) = self.walk_path() {
            self.walk.way = path.into_iter().collect();
        } else {
            announce("No way from here to the goal: it lies in another piece of the maze.");
        }
        set_pressed("walk-way", !self.walk.way.is_empty());
        self.walk.stale = true;
        Ok(())
    }

    /// Autopilot: walks the chosen solver's path to the goal, or stops.
    pub(super) fn walk_toggle_autopilot(&mut self) -> Result<(), JsValue> {
        self.walk_ensure()?;
        if self.walk.autopilot.take().is_none() {
            match self.walk_path() {
                Some(path) => self.walk.autopilot = Some((path, 1)),
                None => {
                    announce("No way from here to the goal: it lies in another piece of the maze.")
                }
            }
        }
        set_pressed("walk-autopilot", self.walk.autopilot.is_some());
        Ok(())
    }

    /// One frame of the walk view: the glide, autopilot's next step, the
    /// scene when it changed, the picture and the attributes.
    pub(super) fn walk_frame(&mut self, timestamp: f64) -> Result<(), JsValue> {
        let gap = self.walk.last_ms.map_or(0.0, |t| timestamp - t);
        if self.walk.drew_last {
            self.walk.scale.follow(gap);
        }
        let dt = gap.clamp(0.0, 100.0);
        let carving = self.panels.first().is_some_and(|p| !p.is_done());
        let target = if carving { 1.0 } else { 0.0 };
        self.walk.lift += (target - self.walk.lift) * (dt / LIFT_MS).min(1.0);
        if (self.walk.lift - target).abs() < 1e-3 {
            self.walk.lift = target;
        }
        self.walk.last_ms = Some(timestamp);
        self.walk_ensure()?;
        if let Some(w) = self.walk.walker.as_mut() {
            w.advance(dt);
        }
        let resting = self.walk.walker.as_ref().is_some_and(|w| !w.busy());
        if let (true, Some((path, next))) = (resting, self.walk.autopilot.clone()) {
            match path.get(next) {
                Some(&cell) => {
                    self.walk.autopilot = Some((path, next + 1));
                    self.walk_do(Command::Forward, Some(cell))?;
                }
                None => {
                    self.walk.autopilot = None;
                    set_pressed("walk-autopilot", false);
                }
            }
        }
        let Some(panel) = self.panels.first() else {
            return Ok(());
        };
        let walk = &mut self.walk;
        let Some(walker) = walk.walker.take() else {
            return Ok(());
        };
        let drawn = picture::draw(walk, panel, &walker, timestamp);
        walk.walker = Some(walker);
        drawn
    }
}
