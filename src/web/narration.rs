//! The steps panel in plain English (`#narration`): the sentence of the
//! step the timeline shows and the ones before it, newest first
//! (`crate::narrate`). It follows the first panel's run (its solve once
//! one began) with a copy of that run's source of its own, heard from step
//! 0: forward it hears only the new events; back, or on another run, it
//! starts again. It knows no algorithm and never names the app: it is
//! handed the run's step and, when it starts again, a fresh source.

use super::dom;
use crate::event::Event;
use crate::generate::Generator;
use crate::narrate::{self, Narration, Words};
use crate::shape::{Shape, Topology};
use crate::solve::Solver;
use wasm_bindgen::JsCast;

/// The most cells a run may have for its steps to be told: its events are
/// heard a second time, at most a few hundred thousand.
pub(super) const NARRATE_MAX_CELLS: u32 = 250 * 250;

/// A fresh copy of the run told, at its step 0.
pub(super) enum Told {
    Carving(Generator),
    Solving(Solver),
}

impl Told {
    fn next_chunk(&mut self, max: usize) -> &[Event] {
        match self {
            Told::Carving(g) => g.next_chunk(max),
            Told::Solving(s) => s.next_chunk(max),
        }
    }
}

/// What the run is: which, on what, and how it is told.
pub(super) struct Run<'a> {
    /// Tells one run from another (the algorithm, its options, the seed,
    /// the shape, the ends).
    pub(super) key: String,
    /// The step the timeline shows, or `None` for a run built at once
    /// and never rewound (no timeline to follow).
    pub(super) at: Option<u64>,
    /// The steps it took in all, for a run built at once.
    pub(super) steps: u64,
    pub(super) shape: &'a Shape,
    pub(super) words: Words,
}

#[derive(Default)]
pub(super) struct NarrationView {
    key: String,
    source: Option<Told>,
    narration: Option<Narration>,
    /// The step last written, and the run it was of.
    written: Option<(String, Option<u64>)>,
}

impl NarrationView {
    /// Brings `#narration` to `run`'s step; `fresh` makes the run's source
    /// at step 0 when the narration starts again. Returns the sentence of
    /// the step shown, for the live region.
    pub(super) fn follow(&mut self, run: &Run, fresh: impl FnOnce() -> Told) -> String {
        let Some(at) = run.at else {
            return self.say_only(
                &run.key,
                format!(
                    "This maze was built at once by {}, in {} steps. Rewind or drag the timeline to read each step.",
                    run.words.algorithm, run.steps
                ),
            );
        };
        let behind = self.narration.as_ref().is_none_or(|n| n.at() > at);
        if self.key != run.key || behind {
            self.key = run.key.clone();
            self.source = Some(fresh());
            self.narration = Some(Narration::new(run.shape.cells() as usize));
        }
        self.hear_up_to(at);
        self.write(run, at)
    }

    /// Says that a maze of `cells` cells is too big to tell step by step.
    pub(super) fn too_big(&mut self, cells: u32) -> String {
        self.say_only(
            &format!("too big:{cells}"),
            format!("Each step is told in words on mazes of up to {NARRATE_MAX_CELLS} cells; this one has {cells}."),
        )
    }

    /// Shows `said` alone, with no step and no history; `key` tells when
    /// it is already shown.
    fn say_only(&mut self, key: &str, said: String) -> String {
        self.forget();
        if self
            .written
            .as_ref()
            .is_none_or(|(k, step)| k != key || step.is_some())
        {
            self.written = Some((key.to_string(), None));
            dom::set_text("narration-now", &said);
            if let Some(history) = dom::by_id_opt("narration-history") {
                history.set_text_content(None);
            }
            if let Some(panel) = dom::by_id_opt("narration") {
                let _ = panel.set_attribute("data-step", "");
            }
        }
        said
    }

    fn forget(&mut self) {
        self.key.clear();
        self.source = None;
        self.narration = None;
    }

    /// Hears the run's events until the narration reaches `at`.
    fn hear_up_to(&mut self, at: u64) {
        let (Some(source), Some(narration)) = (self.source.as_mut(), self.narration.as_mut())
        else {
            return;
        };
        while narration.at() < at {
            let want = usize::try_from(at - narration.at())
                .unwrap_or(usize::MAX)
                .min(4096);
            let events = source.next_chunk(want);
            if events.is_empty() {
                break;
            }
            for event in events {
                narration.hear(event);
            }
        }
    }

    /// Writes the step `at` and the history before it; its sentence.
    fn write(&mut self, run: &Run, at: u64) -> String {
        let Some(narration) = self.narration.as_ref() else {
            return String::new();
        };
        let mut told = narration
            .recent()
            .rev()
            .map(|heard| (heard.step, narrate::sentence(heard, &run.words, run.shape)));
        let now = match told.next() {
            Some((step, said)) if step == at => format!("Step {step}: {said}"),
            _ => "Step 0: nothing done yet. Play, or step forward, to hear each step.".to_string(),
        };
        let written = (run.key.clone(), Some(at));
        if self.written.as_ref() == Some(&written) {
            return now;
        }
        self.written = Some(written);
        dom::set_text("narration-now", &now);
        if let Some(panel) = dom::by_id_opt("narration") {
            let _ = panel.set_attribute("data-step", &at.to_string());
        }
        if let Some(history) = dom::by_id_opt("narration-history") {
            history.set_text_content(None);
            let doc = dom::document();
            for (step, said) in told {
                if let Ok(li) = doc.create_element("li") {
                    let _ = li.set_attribute("value", &step.to_string());
                    let _ = li.set_attribute("data-step", &step.to_string());
                    li.set_text_content(Some(&said));
                    let _ = history.append_child(&li);
                }
            }
            if let Some(history) = history.dyn_ref::<web_sys::HtmlElement>() {
                history.set_scroll_top(0);
            }
        }
        now
    }
}
