//! How the app shows the algorithm's steps (`steps`): the lists filled
//! for the algorithm chosen, the step at work lit from the first panel;
//! or each step told in plain English (`narration`), or neither.

use crate::event::{Mark, BRAID_PHASE, SPARSE_PHASE};
use crate::narrate::Words;
use crate::settings::Explain;
use crate::shape::Topology;
use crate::steps::{self, StepList};
use crate::web::app::App;
use crate::web::dom;
use crate::web::narration::{Run, Told, NARRATE_MAX_CELLS};
use crate::web::steps::{fill_about, fill_lists, texture_note};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;

impl App {
    /// Brings the steps panel up to date: lists when the algorithm
    /// changes, the lit step and the counters every call.
    pub(in crate::web) fn show_steps(&self) {
        let Some(panel) = self.maze.panels.first() else {
            return;
        };
        let Some(list) = dom::by_id_opt("phase-list") else {
            return;
        };
        let (key, title, lists, lit, counters) = match panel.solve_name() {
            Some(name) => {
                let overlay = &panel.solving;
                let lit = (!overlay.done).then_some((0, overlay.phase));
                let count = |m: Mark| overlay.mark_counts[m as usize];
                let counters = if overlay.done {
                    format!("explored {} cells", overlay.explored)
                } else {
                    format!(
                        "explored {} · on the path {} · ruled out {}",
                        overlay.explored,
                        count(Mark::Path),
                        count(Mark::Dead)
                    )
                };
                (
                    format!("solve:{name}"),
                    format!("Solving: {name}"),
                    vec![self.solver_steps_of(name)],
                    lit,
                    counters,
                )
            }
            None => {
                let (algorithm, woven, braided) = panel.run_kind();
                let mut lists: Vec<StepList> = vec![self.steps_of(algorithm.name, woven)];
                if braided {
                    let (_, braid) = steps::braid_steps();
                    lists.push(("then braiding", braid));
                }
                let sparse = panel.sparse();
                if sparse > 0 {
                    let (_, rock) = steps::sparse_steps();
                    lists.push(("then sparseness", rock));
                }
                let scene = &panel.scene;
                let phase = scene.phase;
                // Each pass's phases carry its own tag (the sparseness
                // pass's includes the braiding one's bit).
                let lit = (!scene.is_done() && phase > 0).then_some(if phase >= SPARSE_PHASE {
                    (1 + usize::from(braided), phase - SPARSE_PHASE)
                } else if phase >= BRAID_PHASE {
                    (1, phase - BRAID_PHASE)
                } else {
                    (0, phase)
                });
                let steer = panel.steer();
                // A program's list is its numbered comment: another list
                // is another key.
                let own = lists[0].1.as_ptr() as usize;
                let key = format!(
                    "gen:{}:{own}:{woven}:{braided}:{sparse}:{}:{}:{:?}",
                    algorithm.name,
                    steer.run,
                    steer.grain,
                    panel.symmetry()
                );
                let title = if woven {
                    format!("{} (woven)", algorithm.name)
                } else {
                    algorithm.name.to_string()
                };
                (key, title, lists, lit, self.carving_counters())
            }
        };
        if list.get_attribute("data-for").as_deref() != Some(key.as_str()) {
            let _ = list.set_attribute("data-for", &key);
            let compare = if self.maze.panels.len() > 1 {
                " (first panel)"
            } else {
                ""
            };
            dom::set_text("steps-title", &format!("{title}{compare}"));
            fill_lists(&list, &lists);
            let name = key.split(':').nth(1).unwrap_or_default();
            let first = self.maze.panels.first().filter(|_| key.starts_with("gen:"));
            let note = first.and_then(|p| texture_note(p.steer(), p.symmetry(), p.sparse()));
            fill_about(name, note);
        }
        let lit_text = lit.map_or(String::new(), |(l, k)| format!("{l}:{k}"));
        if list.get_attribute("data-current").as_deref() != Some(lit_text.as_str()) {
            let _ = list.set_attribute("data-current", &lit_text);
            let items = list.query_selector_all("li[data-step]");
            if let Ok(items) = items {
                for i in 0..items.length() {
                    let Some(li) = items.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                        continue;
                    };
                    let on = li.get_attribute("data-step").as_deref() == Some(lit_text.as_str());
                    let _ = li.class_list().toggle_with_force("current", on);
                    if on {
                        let _ = li.set_attribute("aria-current", "step");
                    } else {
                        let _ = li.remove_attribute("aria-current");
                    }
                }
            }
        }
        dom::set_text("counters", &counters);
        if self.settings.explain == Explain::Words {
            self.tell();
        }
    }

    /// A generator's numbered steps: a built-in's from its file, a
    /// program's from its numbered comment.
    fn steps_of(&self, name: &str, woven: bool) -> StepList {
        if name == crate::generate::PROGRAM.name {
            return crate::web::steps::program_steps(
                self.settings.program.as_deref().unwrap_or(""),
            );
        }
        steps::generator_steps(name, woven)
    }

    /// A solver's numbered steps, a program's from its numbered comment.
    fn solver_steps_of(&self, name: &str) -> StepList {
        if name == crate::solve::PROGRAM_SOLVER.name {
            return crate::web::steps::program_steps(
                self.settings.program.as_deref().unwrap_or(""),
            );
        }
        steps::solver_steps(name)
    }

    /// Tells the first panel's step in words (`#narration`); its sentence.
    fn tell(&self) -> String {
        let Some(panel) = self.maze.panels.first() else {
            return String::new();
        };
        let shape = panel.maze().shape();
        let mut narration = self.narration.borrow_mut();
        if shape.cells() > NARRATE_MAX_CELLS {
            return narration.too_big(shape.cells());
        }
        // What tells one run from another: the generator and its options
        // (the shape and seed among them), and for a solve its ends.
        let params = panel.params();
        if let Some(name) = panel.solve_name() {
            let (start, goal) = (panel.solving.start, panel.solving.goal);
            let run = Run {
                key: format!("solve:{name}:{start}:{goal}:{params:?}"),
                at: panel.solve_reach().map(|(at, _, _)| at),
                steps: 0,
                shape,
                words: Words {
                    algorithm: name.to_string(),
                    working_set: "queue",
                    solver: true,
                    steps: self.solver_steps_of(name),
                    braid: ("", &[]),
                    sparse: ("", &[]),
                },
            };
            return narration.follow(&run, || {
                Told::Solving(panel.solve_start().expect("a solve began").1)
            });
        }
        let (algorithm, woven, _) = panel.run_kind();
        let run = Run {
            key: format!("gen:{}:{params:?}", algorithm.name),
            at: panel.carving_at(),
            steps: panel.steps,
            shape,
            words: Words {
                algorithm: algorithm.name.to_string(),
                working_set: algorithm.working_set,
                solver: false,
                steps: self.steps_of(algorithm.name, woven),
                braid: steps::braid_steps(),
                sparse: steps::sparse_steps(),
            },
        };
        narration.follow(&run, || Told::Carving(panel.fresh_generator()))
    }

    /// Speaks the step just taken through the live region, when the
    /// steps are told in words (a step by key or button).
    pub(in crate::web) fn say_step(&self) {
        if self.settings.explain == Explain::Words {
            let said = self.tell();
            crate::web::play::announce(&said);
        }
    }

    /// Shows the steps panel as `mode` asks, keeps it in the link.
    pub(in crate::web) fn set_explain(&mut self, mode: Explain) -> Result<(), JsValue> {
        self.settings.explain = mode;
        self.show_explain()?;
        self.show_steps();
        self.sync_url();
        Ok(())
    }

    /// The steps panel's parts for the mode: the numbered steps, the
    /// narration, or neither; the control set to it.
    pub(in crate::web) fn show_explain(&self) -> Result<(), JsValue> {
        let mode = self.settings.explain;
        dom::by_id::<web_sys::HtmlSelectElement>("steps-mode")?.set_value(mode.name());
        dom::set_hidden("phase-list", mode != Explain::Steps);
        dom::set_hidden("narration", mode != Explain::Words);
        Ok(())
    }

    /// The first panel's working set: its marks by kind, and how much of
    /// the maze is joined up.
    fn carving_counters(&self) -> String {
        let panel = &self.maze.panels[0];
        let scene = &panel.scene;
        let (algorithm, _, _) = panel.run_kind();
        // A finished sparse maze's rock is no part of it.
        let live = i64::from(panel.maze().shape().live_cells());
        let mut parts = Vec::new();
        if !scene.is_done() {
            let frontier = scene.mark_counts[Mark::Frontier as usize];
            let label = if algorithm.working_set.is_empty() {
                "working set"
            } else {
                algorithm.working_set
            };
            if frontier > 0 || !algorithm.working_set.is_empty() {
                parts.push(format!("{label} {frontier}"));
            }
            let walk = scene.mark_counts[Mark::Walk as usize];
            if walk > 0 {
                parts.push(format!("walk {walk}"));
            }
        }
        if algorithm.starts_open {
            parts.push(format!("walls built {}", -scene.carved));
        } else {
            parts.push(format!("passages {}", scene.carved));
            // A forest of `carved` passages on `live` cells is in
            // live - carved pieces (sets, for Kruskal).
            if scene.carved < live {
                parts.push(format!("pieces left {}", live - scene.carved));
            }
        }
        parts.join(" · ")
    }
}
