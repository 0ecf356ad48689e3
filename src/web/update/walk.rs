//! How the app applies the walk view (`walk`): the walker's commands,
//! its frames, and the maze it walks kept in step with the stage.

use crate::describe;
use crate::shape::Cell;
use crate::walk::{Ground, Step, Walker};
use crate::web::app::App;
use crate::web::clock::now_ms;
use crate::web::dom;
use crate::web::msg::Drag;
use crate::web::walk::picture::LIFT_MS;
use crate::web::walk::said::{announce, compass, say, set_pressed, unsay};
use crate::web::walk::{gl, picture, Command, LOOK_PER_PX, PITCH_LIMIT};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

impl App {
    /// The walk view was shown: make the renderer the first time, and a
    /// walker at the start if there is none.
    pub(in crate::web) fn walk_view_shown(&mut self) -> Result<(), JsValue> {
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
        self.stage.fitted = true;
        self.lay_out(true)?;
        Ok(())
    }

    /// Makes a walker at the first panel's start if there is none; says why
    /// not where the shape has no floor.
    fn walk_ensure(&mut self) -> Result<(), JsValue> {
        // The start or goal moved (a click on the map, or the Maze view):
        // a new start starts a new walk; a new goal is the walk's goal.
        if let (Some(w), Some(p)) = (self.walk.walker.as_mut(), self.maze.panels.first()) {
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
        let Some(panel) = self.maze.panels.first_mut() else {
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
        // A 3D maze's start whose only way on is a hole in the floor or
        // the ceiling: the eye looks at it, not at a wall.
        self.walk.pitch = match walker.only_way_is_vertical(&ground, panel.maze()) {
            Some(true) => 0.75 * PITCH_LIMIT,
            Some(false) => -0.75 * PITCH_LIMIT,
            None => 0.0,
        };
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
    pub(in crate::web) fn walk_command(&mut self, command: Command) -> Result<(), JsValue> {
        self.walk.autopilot = None;
        set_pressed("walk-autopilot", false);
        self.walk_do(command, None)
    }

    fn walk_do(&mut self, command: Command, toward: Option<Cell>) -> Result<(), JsValue> {
        self.walk_ensure()?;
        let Some(panel) = self.maze.panels.first_mut() else {
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
            Step::Turned => {
                // A turn is said as a step is: which way now, and whether
                // that way is open.
                let open = walker
                    .facing_side(&ground)
                    .is_some_and(|k| grid.through(walker.cell, k).is_some());
                announce(&format!(
                    "Facing {}: {}.",
                    compass(walker.bearing()),
                    if open {
                        "the way ahead is open"
                    } else {
                        "a wall ahead"
                    }
                ));
            }
        }
        self.walk.said.show(self.walk.started_ms, panel, walker)
    }

    /// A drag on the walk's picture looks round.
    pub(in crate::web) fn walk_drag(&mut self, drag: Drag) -> Result<(), JsValue> {
        match drag {
            Drag::Down(x, y) => self.walk.drag = Some((x, y)),
            Drag::Move(x, y) => {
                if let Some(from) = self.walk.drag {
                    self.walk.drag = Some((x, y));
                    self.walk_look(x - from.0, y - from.1)?;
                }
            }
            Drag::Up => self.walk.drag = None,
        }
        Ok(())
    }

    /// Looks round by a drag of `dx`, `dy` CSS pixels.
    fn walk_look(&mut self, dx: f64, dy: f64) -> Result<(), JsValue> {
        let (Some(w), Some(panel)) = (self.walk.walker.as_mut(), self.maze.panels.first()) else {
            return Ok(());
        };
        w.look(dx * LOOK_PER_PX);
        self.walk.pitch = (self.walk.pitch - dy * LOOK_PER_PX).clamp(-PITCH_LIMIT, PITCH_LIMIT);
        self.walk.said.show(self.walk.started_ms, panel, w)
    }

    /// The chosen solver's path from where the walker stands to the goal
    /// (the shortest one if that solver finds none from here).
    fn walk_path(&self) -> Option<Vec<Cell>> {
        let panel = self.maze.panels.first()?;
        let walker = self.walk.walker.as_ref()?;
        let grid = panel.maze();
        match crate::solve::solve(self.settings.solver, grid, walker.cell, walker.goal) {
            Ok(crate::solve::Outcome::Found(path)) => Some(path),
            _ => crate::analyze::shortest_path(grid, walker.cell, walker.goal),
        }
    }

    /// "Show the way": the chosen solver's path laid on the floor, or
    /// taken up again.
    pub(in crate::web) fn walk_toggle_way(&mut self) -> Result<(), JsValue> {
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
    pub(in crate::web) fn walk_toggle_autopilot(&mut self) -> Result<(), JsValue> {
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
    pub(in crate::web) fn walk_frame(&mut self, timestamp: f64) -> Result<(), JsValue> {
        let gap = self.walk.last_ms.map_or(0.0, |t| timestamp - t);
        if self.walk.drew_last {
            self.walk.scale.follow(gap);
        }
        let dt = gap.clamp(0.0, 100.0);
        let carving = self.maze.panels.first().is_some_and(|p| !p.is_done());
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
        let Some(panel) = self.maze.panels.first() else {
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
