//! A panel's solving layer: its start and goal, its solver run (painted
//! event by event, or once for an instant solve) and the player's trail.

use super::Panel;
use crate::event::Event;
use crate::grid::Cell;
use crate::solve::{Outcome, Solver};
use wasm_bindgen::prelude::*;

/// Events drained per call when solving at once.
const SOLVE_CHUNK: usize = 1 << 16;

impl Panel {
    /// Moves the start and goal markers; forgets any solver run and trail.
    /// With only the markers showing (as while dragging one), just the
    /// marker cells are repainted, not the whole overlay.
    pub fn set_ends(&mut self, start: Cell, goal: Cell) {
        self.result.set_text_content(None);
        let (old_start, old_goal) = (self.solving.start, self.solving.goal);
        self.solving.start = start;
        self.solving.goal = goal;
        let only_markers =
            self.solver.is_none() && self.solving.trail.is_empty() && self.solving.explored == 0;
        if only_markers {
            for cell in [old_start, old_goal, start, goal] {
                self.overlay.paint_cell(&self.solving, cell);
            }
            return;
        }
        self.solver = None;
        self.solving.clear_solver();
        self.solving.clear_trail();
        self.overlay.paint_all(&self.solving);
    }

    /// Starts this panel's solver from start to goal (finishing the maze
    /// first). Every solve records all its events, marks included, so an
    /// instant solve counts and shows exactly what an animated one does; it
    /// only skips painting them one by one.
    pub fn start_solve(&mut self) -> Result<(), JsValue> {
        self.finish();
        self.blit()?;
        let name = self.solver_pick.value();
        let (start, goal) = (self.solving.start, self.solving.goal);
        let solver = Solver::by_name(&name, &self.scene.grid, start, goal, true)
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        self.solving.clear_solver();
        self.solving.clear_trail();
        self.overlay.paint_all(&self.solving);
        self.solver = Some(solver);
        self.solve_steps = 0;
        self.solve_done = false;
        self.result
            .set_text_content(Some(&format!("{name}: searching…")));
        Ok(())
    }

    /// Whether a solver run is under way: events are left to show.
    pub fn is_solving(&self) -> bool {
        self.solver.is_some() && !self.solve_done
    }

    /// Applies up to `budget` solver events to the overlay scene, painting
    /// each change when `paint` is on; off (instant), it paints once at the
    /// end, from the same scene.
    pub fn advance_solve(&mut self, budget: u64, paint: bool) {
        let Some(solver) = self.solver.as_mut() else {
            return;
        };
        let mut left = budget;
        let mut finished = false;
        while left > 0 {
            let chunk = solver.next_chunk(left.min(SOLVE_CHUNK as u64) as usize);
            if chunk.is_empty() {
                break;
            }
            left -= chunk.len() as u64;
            self.solve_steps += chunk.len() as u64;
            for event in chunk {
                let changed = self.solving.apply(event);
                if paint {
                    for cell in changed.into_iter().flatten() {
                        self.overlay.paint_cell(&self.solving, cell);
                    }
                }
                finished |= *event == Event::Done;
            }
        }
        if finished {
            self.solve_done = true;
            if let Outcome::Found(path) = solver.outcome() {
                let changed = self.solving.set_path(path);
                if paint {
                    for cell in changed {
                        self.overlay.paint_cell(&self.solving, cell);
                    }
                }
            }
        }
        if !paint {
            self.overlay.paint_all(&self.solving);
        }
        self.show_solve_result();
    }

    /// The solver's path, once it has one.
    pub fn solution(&self) -> Option<&[Cell]> {
        match self.solver.as_ref()?.outcome() {
            Outcome::Found(path) => Some(path),
            _ => None,
        }
    }

    /// The solver's counts: cells explored and steps taken.
    pub fn solve_counts(&self) -> (u32, u64) {
        (self.solving.explored, self.solve_steps)
    }

    /// The overlay's pixels as drawn (for comparing pictures in tests).
    pub fn overlay_rgba(&mut self) -> Vec<u8> {
        self.overlay.raster().rgba().to_vec()
    }

    fn show_solve_result(&self) {
        let Some(solver) = &self.solver else {
            return;
        };
        let explored = self.solving.explored;
        let name = solver.info().name;
        let text = match solver.outcome() {
            Outcome::Searching => format!(
                "{name}: {explored} cells explored · {} steps",
                self.solve_steps
            ),
            Outcome::Found(path) => format!(
                "{name}: {explored} cells explored · path {} moves · {} steps",
                path.len() - 1,
                self.solve_steps
            ),
            Outcome::NotFound(why) => format!(
                "{name}: {why} ({explored} cells explored, {} steps)",
                self.solve_steps
            ),
        };
        let _ = self.result.set_attribute("title", &text);
        self.result.set_text_content(Some(&text));
    }

    /// Extends or retracts the player's trail and repaints what changed.
    pub fn trail_step(&mut self, cell: Cell) {
        for c in self.solving.trail_step(cell) {
            self.overlay.paint_cell(&self.solving, c);
        }
    }

    /// Starts a fresh trail at the start, clearing any solver run.
    pub fn start_trail(&mut self) {
        self.finish();
        self.solver = None;
        self.solving.clear_solver();
        self.solving.clear_trail();
        self.result.set_text_content(None);
        self.overlay.paint_all(&self.solving);
        let start = self.solving.start;
        self.trail_step(start);
    }
}
