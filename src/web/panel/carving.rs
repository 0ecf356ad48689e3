//! A panel's carving as a timeline: played forward a frame's budget at a
//! time, built at once, or sought to any step and repainted.

use super::Panel;
use crate::render::canvas::scene::Scene;
use crate::timeline::Timeline;

/// About how many events a run makes per cell (carve, marks, cursor): it
/// sets an animated run's first checkpoint spacing, and the spacing
/// doubles if the run is longer.
pub(super) const EVENTS_PER_CELL_GUESS: u64 = 5;

impl Panel {
    /// The carving's step for the narration, and a fresh copy of its
    /// generator at step 0 to hear it from (`narration.rs`); `None` for a
    /// run built at once and never rewound.
    pub fn carving_at(&self) -> Option<u64> {
        self.timeline.as_ref().map(Timeline::at)
    }

    /// The generator as it starts, making the same events as the run.
    pub fn fresh_generator(&self) -> crate::generate::Generator {
        self.author.start(self.params.clone(), true)
    }

    /// The options the generator runs with (its shape and seed among
    /// them).
    pub fn params(&self) -> &crate::generate::Params {
        &self.params
    }

    /// The generator, and whether it weaves and braids.
    pub fn run_kind(&self) -> (&'static crate::generate::Algorithm, bool, bool) {
        (
            self.author.algorithm(),
            self.params.weave,
            self.params.braid > 0,
        )
    }

    /// The run and grain its generator runs with (what its algorithm and
    /// shape take of the settings).
    pub fn steer(&self) -> crate::generate::steer::Steer {
        self.params.steer
    }

    /// The share of cells its run turns to rock (0: none).
    pub fn sparse(&self) -> u8 {
        self.params.sparse
    }

    /// The symmetry its maze is built with, if any.
    pub fn symmetry(&self) -> Option<crate::generate::symmetry::Symmetry> {
        self.params.symmetry
    }

    /// The step the maze shows.
    pub fn step(&self) -> u64 {
        self.steps
    }

    /// The furthest step reached so far, and the last step once known.
    pub fn reach(&self) -> (u64, Option<u64>) {
        match &self.timeline {
            Some(t) => (t.reached(), t.end()),
            None if self.scene.is_done() => (self.steps, Some(self.steps)),
            None => (self.steps, None),
        }
    }

    /// The timeline, made now for a run built at once: a fresh generator
    /// with visuals, on the algorithm's initial grid; the scene keeps
    /// showing the step it shows.
    fn ensure_timeline(&mut self) {
        let steps = self.steps;
        let done = self.scene.is_done();
        let (author, params, budget) = (&self.author, &self.params, self.budget);
        self.timeline.get_or_insert_with(|| {
            let generator = author.start(params.clone(), true);
            let start = Scene::new(generator.initial_grid(), author.algorithm().starts_open);
            let mut timeline = Timeline::new(generator, &start, steps, budget);
            if done {
                // Built at once: recorded in the background from here.
                timeline.finished_elsewhere(steps);
                timeline.start_indexing(start);
            }
            timeline
        });
    }

    /// Seeks the timeline (made if need be) to `target`; nothing painted.
    fn seek_timeline(&mut self, target: u64) -> u64 {
        self.ensure_timeline();
        let Panel {
            timeline, scene, ..
        } = self;
        let at = timeline.as_mut().expect("made above").seek(scene, target);
        self.steps = at;
        at
    }

    /// Applies up to `budget` events, repainting the cells they touch.
    pub fn advance(&mut self, budget: u64) {
        if self.scene.is_done() && self.timeline.as_ref().is_none_or(|t| t.at_end()) {
            return;
        }
        if self.instant.is_some() && self.steps == 0 {
            // An instant panel asked to step: its recording starts here.
            self.instant = None;
        }
        self.ensure_timeline();
        let Panel {
            timeline,
            scene,
            pixels,
            ..
        } = self;
        let timeline = timeline.as_mut().expect("made above");
        timeline.advance(scene, budget, |scene, cell| pixels.paint_cell(scene, cell));
        self.steps = timeline.at();
        if self.scene.is_done() {
            self.on_done();
        }
    }

    /// Runs to the end, applying only wall changes, then repaints once.
    pub fn finish(&mut self) {
        if self.drain() {
            self.on_done();
        }
    }

    /// Takes the maze to its last step without painting; returns whether
    /// there was anything left (then the caller paints, `on_done`).
    pub fn drain(&mut self) -> bool {
        if self.scene.is_done() && self.timeline.as_ref().is_none_or(|t| t.at_end()) {
            return false;
        }
        if let Some(mut generator) = self.instant.take().filter(|_| self.steps == 0) {
            // A fresh instant run builds straight into the grid (see
            // `Generator::finish_into`), counting the visual events it skips;
            // the scene's count of passages (the counters read it) follows.
            let before = self.scene.grid.openings();
            self.steps = generator.finish_into(&mut self.scene.grid);
            self.scene.carved += self.scene.grid.openings() as i64 - before as i64;
            self.scene.set_done(true);
            return true;
        }
        self.seek_timeline(u64::MAX);
        true
    }

    /// Shows step `target` (or the last, if the run ends before it) and
    /// repaints the whole maze. Returns the step shown.
    pub fn seek(&mut self, target: u64) -> u64 {
        if self.instant.is_some() && self.steps == 0 {
            self.instant = None;
        }
        let was_done = self.scene.is_done();
        let at = self.seek_timeline(target);
        if self.scene.is_done() {
            // Distances belong to the finished maze (a restore drops them).
            self.refresh_distances();
            let written = self.metrics.text_content().is_some_and(|t| !t.is_empty());
            self.metrics_due |= !was_done && !written;
        }
        self.pixels.paint_all(&self.scene);
        at
    }

    /// Records a run built at once in the background, up to `events`
    /// events this call, so that seeks find checkpoints near them; returns
    /// whether there is more to record.
    pub fn index_timeline(&mut self, events: u64) -> bool {
        if !self.scene.is_done() {
            return false;
        }
        if self.timeline.is_none() && self.instant.is_none() {
            self.ensure_timeline();
        }
        self.timeline.as_mut().is_some_and(|t| t.index(events))
    }

    /// Checkpoints kept and about how many bytes they take (a readout).
    pub fn recording_bytes(&self) -> (usize, usize) {
        self.timeline
            .as_ref()
            .map_or((0, 0), |t| t.checkpoint_bytes())
    }
}
