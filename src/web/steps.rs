//! Beside the maze: the algorithm's numbered steps with the one at work
//! lit, a short "about", and counters for its working set. It reads the
//! first panel's scene (its `phase` and mark counts), so it knows no
//! algorithm: the lists come from the source headers (`crate::steps`).

use super::app::App;
use super::dom;
use crate::event::{Mark, BRAID_PHASE, SPARSE_PHASE};
use crate::shape::Topology;
use crate::steps::{self, StepList};
use wasm_bindgen::JsCast;
use web_sys::Element;

impl App {
    /// Brings the steps panel up to date: lists when the algorithm
    /// changes, the lit step and the counters every call.
    pub(super) fn show_steps(&self) {
        let Some(panel) = self.panels.first() else {
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
                    vec![steps::solver_steps(name)],
                    lit,
                    counters,
                )
            }
            None => {
                let (algorithm, woven, braided) = panel.run_kind();
                let mut lists: Vec<StepList> = vec![steps::generator_steps(algorithm.name, woven)];
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
                let key = format!(
                    "gen:{}:{woven}:{braided}:{sparse}:{}:{}:{:?}",
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
            let compare = if self.panels.len() > 1 {
                " (first panel)"
            } else {
                ""
            };
            dom::set_text("steps-title", &format!("{title}{compare}"));
            fill_lists(&list, &lists);
            let name = key.split(':').nth(1).unwrap_or_default();
            let first = self.panels.first().filter(|_| key.starts_with("gen:"));
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
    }

    /// The first panel's working set: its marks by kind, and how much of
    /// the maze is joined up.
    fn carving_counters(&self) -> String {
        let panel = &self.panels[0];
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

/// Writes the numbered lists (with their titles) into `list`.
fn fill_lists(list: &Element, lists: &[StepList]) {
    list.set_text_content(None);
    let doc = dom::document();
    for (l, (title, steps)) in lists.iter().enumerate() {
        if !title.is_empty() {
            if let Ok(li) = doc.create_element("li") {
                li.set_class_name("list-title");
                li.set_text_content(Some(title));
                let _ = list.append_child(&li);
            }
        }
        for (k, step) in steps.iter().enumerate() {
            if let Ok(li) = doc.create_element("li") {
                let _ = li.set_attribute("data-step", &format!("{l}:{}", k + 1));
                let _ = li.set_attribute("value", &(k + 1).to_string());
                li.set_text_content(Some(step));
                // The whole step on hover where a narrow layout clips it.
                let _ = li.set_attribute("title", step);
                let _ = list.append_child(&li);
            }
        }
    }
}

/// What the run, the grain and the symmetry do to this maze, for the
/// about (`None` when none of them is on).
fn texture_note(
    steer: crate::generate::steer::Steer,
    symmetry: Option<crate::generate::symmetry::Symmetry>,
    sparse: u8,
) -> Option<String> {
    use crate::generate::steer::Axis;
    use crate::generate::symmetry::Symmetry;
    let mut parts = Vec::new();
    if let Some(s) = symmetry {
        parts.push(match s {
            Symmetry::X => "mirrored left to right: the generator carves the left half, each move shown on both halves, then one passage joins them across the middle",
            Symmetry::Y => "mirrored top to bottom: the generator carves the top half, each move shown on both halves, then one passage joins them",
            Symmetry::XY => "mirrored both ways: the generator carves the top-left quarter, each move shown on all four, then three passages join them",
            Symmetry::Rot => "a half turn: the generator carves the top half, each move shown turned round in the bottom half, then one passage joins them",
        }.to_string());
    }
    if steer.run > 0 {
        parts.push(format!(
            "run {}%: the walk carries straight on {} times in 100 where it can, so corridors run longer and straighter",
            steer.run, steer.run
        ));
    }
    if !steer.grain.is_neutral() {
        let (axis, other) = match steer.grain.axis {
            Axis::Horizontal => ("east-west", "north-south"),
            Axis::Vertical => ("north-south", "east-west"),
        };
        let p = steer.grain.percent;
        parts.push(if p > 50 {
            format!("grain {p}% {axis}: choices lean {p} to {} towards {axis} openings, so the corridors run {axis}", 100 - p)
        } else {
            format!("grain {p}% {axis}: choices lean {} to {p} towards {other} openings, so the corridors run {other}", 100 - p)
        });
    }
    if sparse > 0 {
        parts.push(format!(
            "sparse {sparse}%: after carving, dead ends are turned to rock one at a time until {sparse}% of the cells are rock, leaving long corridors through solid rock, still one piece"
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The about of a generator or solver, as a definition list, with what
/// the run, grain and symmetry do when they are on.
fn fill_about(name: &str, note: Option<String>) {
    let Some(about) = dom::by_id_opt("about") else {
        return;
    };
    about.set_text_content(None);
    let description = crate::generate::find(name)
        .map(|a| a.description)
        .or_else(|_| crate::solve::find(name).map(|s| s.description))
        .unwrap_or_default();
    let Some(a) = steps::about_of(name) else {
        return;
    };
    let solver = crate::solve::find(name).is_ok();
    let steered = note;
    let mut rows = vec![
        ("how", description),
        (if solver { "searches" } else { "texture" }, a.texture),
        (if solver { "finds" } else { "uniform" }, a.uniform),
        ("cost", a.cost),
        ("from", a.credit),
    ];
    if let Some(note) = steered.as_deref() {
        rows.insert(2, ("settings", note));
    }
    let doc = dom::document();
    for (term, text) in rows {
        if let (Ok(dt), Ok(dd)) = (doc.create_element("dt"), doc.create_element("dd")) {
            dt.set_text_content(Some(term));
            dd.set_text_content(Some(text));
            let _ = about.append_child(&dt);
            let _ = about.append_child(&dd);
        }
    }
}
