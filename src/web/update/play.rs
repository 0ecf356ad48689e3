//! How the app applies playing by hand (`play`): a trail from the start
//! that follows open passages under the pointer or the keys, retracts when
//! it steps back, and reports the moves against the shortest path on
//! reaching the goal.

use crate::describe;
use crate::grid::Grid;
use crate::shape::{Cell, Dir, Topology};
use crate::web::app::App;
use crate::web::clock::now_ms;
use crate::web::dom;
use crate::web::mode::{Mode, State};
use crate::web::play::announce;
use wasm_bindgen::prelude::*;

impl App {
    /// Starts manual play in one panel.
    pub(in crate::web) fn play(&mut self, panel: usize) -> Result<(), JsValue> {
        let Some(p) = self.maze.panels.get_mut(panel) else {
            return Ok(());
        };
        p.start_trail();
        p.blit()?;
        p.blit_overlay()?;
        self.mode = Mode::Playing;
        self.play.panel = panel;
        self.play.started_ms = now_ms();
        dom::set_hidden("banner", true);
        self.maze.state = State::Done;
        self.show_hint();
        self.show_status();
        if let Some(p) = self.maze.panels.get(panel) {
            let (start, goal) = (p.solving.start, p.solving.goal);
            announce(&describe::play_started(p.maze(), start, goal));
        }
        Ok(())
    }

    /// Starts playing by hand on the first panel, or stops. On a phone the
    /// maze comes into view, so the finger finds it.
    pub(in crate::web) fn toggle_play_by_hand(&mut self) -> Result<(), JsValue> {
        if self.mode == Mode::Playing {
            return self.stop_playing();
        }
        self.play(0)?;
        if crate::web::stage::is_narrow() {
            if let Some(stage) = dom::by_id_opt("stage") {
                stage.scroll_into_view_with_bool(true);
            }
        }
        Ok(())
    }

    /// Stops playing by hand; the trail stays.
    pub(in crate::web) fn stop_playing(&mut self) -> Result<(), JsValue> {
        self.mode = Mode::Normal;
        self.show_hint();
        self.show_status();
        Ok(())
    }

    /// The solve or the play cleared: the start and goal stay.
    pub(in crate::web) fn clear_solve(&mut self) -> Result<(), JsValue> {
        let (start, goal) = self.current_ends();
        self.mode = Mode::Normal;
        self.set_ends(start, goal)
    }

    /// Moves the player's head to `cell` if it is an open neighbour of the
    /// head (extending the trail, or retracting it when stepping back).
    pub(in crate::web) fn play_to(&mut self, cell: Cell) -> Result<(), JsValue> {
        if self.mode != Mode::Playing {
            return Ok(());
        }
        let Some(panel) = self.maze.panels.get_mut(self.play.panel) else {
            return Ok(());
        };
        let Some(&head) = panel.solving.trail.last() else {
            return Ok(());
        };
        let grid = panel.maze();
        if cell == head || !grid.adjacent(head, cell) || !grid.is_open_between(head, cell) {
            return Ok(());
        }
        let back = panel.solving.trail.len() >= 2
            && panel.solving.trail[panel.solving.trail.len() - 2] == cell;
        panel.trail_step(cell);
        panel.blit_overlay()?;
        let moves = panel.solving.trail.len() - 1;
        announce(&describe::moved(panel.maze(), cell, moves, back));
        if panel.solving.trail.last() == Some(&panel.solving.goal) {
            let moves = panel.solving.trail.len() - 1;
            let (start, goal) = (panel.solving.start, panel.solving.goal);
            let shortest = crate::analyze::distances(panel.maze(), start)[goal as usize] as usize;
            let seconds = (now_ms() - self.play.started_ms) / 1000.0;
            let optimal = if moves == 0 {
                100.0
            } else {
                100.0 * shortest as f64 / moves as f64
            };
            // On a weighted maze the score is the cost against the
            // cheapest way's.
            let weighted = panel.weighted_maze();
            let cost = weighted.costs().map(|costs| {
                let paid = crate::weights::path_cost(Some(costs), &panel.solving.trail);
                let cheapest = match crate::solve::solve("dijkstra", &weighted, start, goal) {
                    Ok(crate::solve::Outcome::Found(path)) => {
                        crate::weights::path_cost(Some(costs), &path)
                    }
                    _ => paid,
                };
                format!(" Your way cost {paid}; the cheapest costs {cheapest}.")
            });
            dom::set_text(
                "banner",
                &format!(
                    "Solved! {moves} moves; the shortest path has {shortest}: {optimal:.0}% optimal, in {seconds:.1} s.{}",
                    cost.unwrap_or_default()
                ),
            );
            dom::set_hidden("banner", false);
            announce(&describe::reached(moves, shortest));
            self.mode = Mode::Normal;
            self.show_hint();
        }
        Ok(())
    }

    /// Moves the player to the cell `pick` names from the trail's head, if
    /// it names one; if not, a wall is said, not passed. Every key that
    /// moves the player comes through here.
    fn play_by(&mut self, pick: impl Fn(&Grid, Cell) -> Option<Cell>) -> Result<(), JsValue> {
        let Some(panel) = self.maze.panels.get(self.play.panel) else {
            return Ok(());
        };
        let Some(&head) = panel.solving.trail.last() else {
            return Ok(());
        };
        match pick(panel.maze(), head) {
            Some(next) => self.play_to(next),
            None => {
                announce(&describe::blocked(panel.maze(), head));
                Ok(())
            }
        }
    }

    /// An arrow key or WASD (`describe::arrow_target`: by the side on
    /// squares, else the neighbour on that compass point or nearest it).
    pub(in crate::web) fn play_step(&mut self, dir: Dir) -> Result<(), JsValue> {
        self.play_by(|grid, head| describe::arrow_target(grid, head, dir))
    }

    /// A diagonal key: the open neighbour on compass point `k`
    /// (`describe::POINTS`' order).
    pub(in crate::web) fn play_point(&mut self, k: usize) -> Result<(), JsValue> {
        self.play_by(|grid, head| describe::point_target(grid, head, k))
    }

    /// Through side `side` of the cell (3D and 4D: 4 up, 5 down, 6 ana,
    /// 7 kata), if that passage is open.
    pub(in crate::web) fn play_side(&mut self, side: usize) -> Result<(), JsValue> {
        self.play_by(|grid, head| {
            grid.shape()
                .side(head, side)
                .filter(|&next| grid.is_open_between(head, next))
        })
    }

    /// Says the first panel's maze in words (the `i` key and the describe
    /// button): in the banner, which a screen reader also reads.
    pub(in crate::web) fn describe_maze(&mut self) -> Result<(), JsValue> {
        let Some(panel) = self.maze.panels.first() else {
            return Ok(());
        };
        let grid = panel.maze();
        let (start, goal) = (panel.solving.start, panel.solving.goal);
        let distance = crate::analyze::distances(grid, start)[goal as usize];
        let solution = (distance != crate::analyze::UNREACHABLE).then_some(distance as usize);
        let text = describe::maze(
            grid,
            &panel.spec.to_text(),
            self.settings.seed,
            (start, goal),
            solution,
        );
        let text = if self.maze.state == State::Done {
            text
        } else {
            format!("Still carving (press f to finish). {text}")
        };
        dom::set_text("banner", &text);
        dom::set_hidden("banner", false);
        Ok(())
    }
}
