//! Playing by hand: a trail from the start that follows open passages under
//! the pointer or the keys, retracts when it steps back, and reports the
//! moves against the shortest path on reaching the goal.

use super::app::{App, Mode, State};
use super::clock::now_ms;
use super::dom;
use crate::shape::Topology;
use crate::shape::{Cell, Dir};
use wasm_bindgen::prelude::*;

/// Playing by hand: the panel being played, and when play began.
#[derive(Debug, Default)]
pub(super) struct Play {
    pub(super) panel: usize,
    pub(super) started_ms: f64,
}

impl App {
    /// Starts manual play in one panel.
    pub(super) fn play(&mut self, panel: usize) -> Result<(), JsValue> {
        let Some(p) = self.panels.get_mut(panel) else {
            return Ok(());
        };
        p.start_trail();
        p.blit()?;
        p.blit_overlay()?;
        self.mode = Mode::Playing;
        self.play.panel = panel;
        self.play.started_ms = now_ms();
        dom::set_hidden("banner", true);
        self.state = State::Done;
        self.show_hint();
        self.show_status();
        Ok(())
    }

    /// Moves the player's head to `cell` if it is an open neighbour of the
    /// head (extending the trail, or retracting it when stepping back).
    pub(super) fn play_to(&mut self, cell: Cell) -> Result<(), JsValue> {
        if self.mode != Mode::Playing {
            return Ok(());
        }
        let Some(panel) = self.panels.get_mut(self.play.panel) else {
            return Ok(());
        };
        let Some(&head) = panel.solving.trail.last() else {
            return Ok(());
        };
        let grid = panel.maze();
        if cell == head || !grid.adjacent(head, cell) || !grid.is_open_between(head, cell) {
            return Ok(());
        }
        panel.trail_step(cell);
        panel.blit_overlay()?;
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
    /// Squares (wrapped too) step by the side; other shapes take the open
    /// neighbour whose centre lies nearest that direction.
    pub(super) fn play_step(&mut self, dir: Dir) -> Result<(), JsValue> {
        let Some(panel) = self.panels.get(self.play.panel) else {
            return Ok(());
        };
        let Some(&head) = panel.solving.trail.last() else {
            return Ok(());
        };
        let shape = &panel.shape;
        let next = if shape.square_dims().is_some() || shape.compass_sides() {
            shape.side(head, dir as usize)
        } else {
            toward(panel.maze(), head, dir)
        };
        match next {
            Some(next) => self.play_to(next),
            None => Ok(()),
        }
    }

    /// Moves the player through side `side` of its cell (3D and 4D: 4 up,
    /// 5 down, 6 ana, 7 kata), if that passage is open.
    pub(super) fn play_side(&mut self, side: usize) -> Result<(), JsValue> {
        let Some(panel) = self.panels.get(self.play.panel) else {
            return Ok(());
        };
        let Some(&head) = panel.solving.trail.last() else {
            return Ok(());
        };
        match panel.shape.side(head, side) {
            Some(next) => self.play_to(next),
            None => Ok(()),
        }
    }
}

/// The open neighbour of `cell` most nearly in direction `dir` on screen,
/// if any lies within 75 degrees of it.
fn toward(grid: &crate::grid::Grid, cell: Cell, dir: Dir) -> Option<Cell> {
    /// cos 75 degrees: a neighbour further round than this is not "that way".
    const MIN_COSINE: f64 = 0.26;
    let (ux, uy) = match dir {
        Dir::N => (0.0, -1.0),
        Dir::E => (1.0, 0.0),
        Dir::S => (0.0, 1.0),
        Dir::W => (-1.0, 0.0),
    };
    let shape = grid.shape();
    let (cx, cy) = shape.centre(cell);
    grid.open_neighbors(cell)
        .as_slice()
        .iter()
        .map(|&n| {
            let (nx, ny) = shape.centre(n);
            let (dx, dy) = (nx - cx, ny - cy);
            let cosine = (dx * ux + dy * uy) / (dx * dx + dy * dy).sqrt().max(1e-9);
            (cosine, n)
        })
        .filter(|&(cosine, _)| cosine >= MIN_COSINE)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}
