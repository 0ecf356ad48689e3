//! A panel's solving layer: its start and goal, its solver run (painted
//! event by event, or once for an instant solve) and the player's trail.

use super::Panel;
use crate::event::{Event, Mark};
use crate::shape::Cell;
use crate::solve::{Outcome, Solver};
use crate::timeline::Timeline;
use wasm_bindgen::prelude::*;

/// About how many events a solve makes per cell, for its first spacing.
const SOLVE_EVENTS_PER_CELL_GUESS: u64 = 3;

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
            self.solve.is_none() && self.solving.trail.is_empty() && self.solving.explored == 0;
        if only_markers {
            for cell in [old_start, old_goal, start, goal] {
                self.overlay.paint_cell(&self.solving, cell);
            }
            return;
        }
        self.end_solve();
        self.solving.clear_trail();
        self.overlay.paint_all(&self.solving);
    }

    /// Forgets the solver's run (its timeline and picture).
    fn end_solve(&mut self) {
        self.solve = None;
        self.solve_outcome = None;
        self.solving.clear_solver();
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
        let solver = Solver::by_name(&name, &self.weighted_maze(), start, goal, true)
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        self.start_solve_with(solver, &name)
    }

    /// Starts showing `solver`'s run (a built-in, or a program's recorded
    /// solve) on the finished maze's overlay.
    pub fn start_solve_with(&mut self, solver: Solver, name: &str) -> Result<(), JsValue> {
        self.finish();
        self.blit()?;
        self.end_solve();
        self.solving.clear_trail();
        self.overlay.paint_all(&self.solving);
        let expected = u64::from(solver.cells()) * SOLVE_EVENTS_PER_CELL_GUESS;
        self.solve = Some(Timeline::new(solver, &self.solving, expected, self.budget));
        self.result
            .set_text_content(Some(&format!("{name}: searching…")));
        Ok(())
    }

    /// Shows a program's faults on the solving layer: the cells of the
    /// first loop as a path, the cells not reached as ruled out.
    pub fn highlight(&mut self, in_loop: &[Cell], unreached: &[Cell]) -> Result<(), JsValue> {
        self.end_solve();
        self.solving.clear_trail();
        for (cells, mark) in [(in_loop, Mark::Path), (unreached, Mark::Dead)] {
            for &cell in cells {
                self.solving.apply(&Event::Mark(cell, mark));
            }
        }
        self.overlay.paint_all(&self.solving);
        self.blit_overlay()
    }

    /// Whether a solver run has events left to show from where it is.
    pub fn is_solving(&self) -> bool {
        self.solve.as_ref().is_some_and(|t| !t.at_end())
    }

    /// The solver whose run the overlay shows.
    pub fn solve_name(&self) -> Option<&'static str> {
        Some(self.solve.as_ref()?.first_source().info().name)
    }

    /// The solve's step and its solver as it started, for the narration.
    pub fn solve_start(&self) -> Option<(u64, crate::solve::Solver)> {
        let t = self.solve.as_ref()?;
        Some((t.at(), t.first_source().clone()))
    }

    /// Whether a solve has run (its timeline is the one the bar drives).
    pub fn has_solve(&self) -> bool {
        self.solve.is_some()
    }

    /// The solve's step, the furthest reached, and its last once known.
    pub fn solve_reach(&self) -> Option<(u64, u64, Option<u64>)> {
        let t = self.solve.as_ref()?;
        Some((t.at(), t.reached(), t.end()))
    }

    /// Applies up to `budget` solver events to the overlay scene, painting
    /// each change when `paint` is on; off (instant), it paints once at the
    /// end, from the same scene.
    pub fn advance_solve(&mut self, budget: u64, paint: bool) {
        let Panel {
            solve,
            solving,
            overlay,
            ..
        } = self;
        let Some(timeline) = solve.as_mut() else {
            return;
        };
        timeline.advance(solving, budget, |scene, cell| {
            if paint {
                overlay.paint_cell(scene, cell);
            }
        });
        self.show_solve_end(paint);
        if !paint {
            self.overlay.paint_all(&self.solving);
        }
        self.show_solve_result();
    }

    /// Shows the solve at step `target` (or its last) and repaints the
    /// overlay. Returns the step shown.
    pub fn seek_solve(&mut self, target: u64) -> Option<u64> {
        let timeline = self.solve.as_mut()?;
        let at = timeline.seek(&mut self.solving, target);
        self.show_solve_end(false);
        self.overlay.paint_all(&self.solving);
        self.show_solve_result();
        Some(at)
    }

    /// At the solve's last step, notes how it ended and draws its path.
    fn show_solve_end(&mut self, paint: bool) {
        let Some(timeline) = &self.solve else {
            return;
        };
        if !timeline.at_end() {
            return;
        }
        if self.solve_outcome.is_none() {
            self.solve_outcome = timeline.source().map(|s| s.outcome().clone());
        }
        if let Some(Outcome::Found(path)) = &self.solve_outcome {
            let changed = self.solving.set_path(path);
            if paint {
                for cell in changed {
                    self.overlay.paint_cell(&self.solving, cell);
                }
            }
        }
    }

    /// The solver's path, once it has one.
    pub fn solution(&self) -> Option<&[Cell]> {
        match self.solve_outcome.as_ref()? {
            Outcome::Found(path) => Some(path),
            _ => None,
        }
    }

    /// The solver's counts: cells explored and steps taken.
    pub fn solve_counts(&self) -> (u32, u64) {
        let steps = self.solve.as_ref().map_or(0, |t| t.at());
        (self.solving.explored, steps)
    }

    /// The overlay's pixels as drawn (for comparing pictures in tests).
    pub fn overlay_rgba(&mut self) -> Vec<u8> {
        self.overlay.raster().rgba().to_vec()
    }

    fn show_solve_result(&self) {
        let Some(timeline) = &self.solve else {
            return;
        };
        let explored = self.solving.explored;
        let name = timeline.first_source().info().name;
        let steps = timeline.at();
        let ended = self.solve_outcome.as_ref().filter(|_| timeline.at_end());
        let text = match ended {
            None => format!("{name}: {explored} cells explored · {steps} steps"),
            Some(Outcome::Found(path)) => match &self.scene.costs {
                None => format!(
                    "{name}: {explored} cells explored · path {} moves · {steps} steps",
                    path.len() - 1,
                ),
                Some((costs, _)) => format!(
                    "{name}: {explored} cells explored · path {} moves, cost {} · {steps} steps",
                    path.len() - 1,
                    crate::weights::path_cost(Some(costs), path),
                ),
            },
            Some(Outcome::NotFound(why)) => {
                format!("{name}: {why} ({explored} cells explored, {steps} steps)")
            }
            Some(Outcome::Searching) => format!("{name}: {explored} cells explored"),
        };
        let _ = self.result.set_attribute("title", &text);
        self.result.set_text_content(Some(&text));
    }

    /// The maze as it is solved and exported: with its costs, when weighted.
    pub fn weighted_maze(&self) -> std::borrow::Cow<'_, crate::grid::Grid> {
        match &self.scene.costs {
            None => std::borrow::Cow::Borrowed(self.maze()),
            Some((c, _)) => {
                std::borrow::Cow::Owned(self.maze().clone().with_costs(Some(c.clone())))
            }
        }
    }

    /// Weighs the maze's cells (or unweighs them): the floor shows them
    /// as heat, and the next solve pays them; a solve shown is forgotten,
    /// since its way may no longer be the cheapest.
    pub fn set_costs(&mut self, costs: Option<crate::weights::Costs>) {
        if self.scene.costs.as_ref().map(|(c, _)| c) == costs.as_ref() {
            return;
        }
        self.scene.set_costs(costs);
        if self.solve.is_some() {
            self.end_solve();
            self.result.set_text_content(None);
            self.overlay.paint_all(&self.solving);
        }
        let _ = self.repaint();
    }

    /// Extends or retracts the player's trail and repaints what changed.
    pub fn trail_step(&mut self, cell: Cell) {
        for c in self.solving.trail_step(cell) {
            self.overlay.paint_cell(&self.solving, c);
        }
    }

    /// Marks the walk view's trail on the map without finishing a run
    /// still carving: from `cell` afresh when it is the start and the trail
    /// is not there yet, else a step along it.
    pub fn walk_trail(&mut self, cell: Cell) {
        if cell == self.solving.start && self.solving.trail.first() != Some(&cell) {
            self.solving.clear_trail();
            self.overlay.paint_all(&self.solving);
        }
        self.trail_step(cell);
        let _ = self.blit_overlay();
    }

    /// Starts a fresh trail at the start, clearing any solver run.
    pub fn start_trail(&mut self) {
        self.finish();
        self.end_solve();
        self.solving.clear_trail();
        self.result.set_text_content(None);
        self.overlay.paint_all(&self.solving);
        let start = self.solving.start;
        self.trail_step(start);
    }
}
