//! Beside the maze: the algorithm's numbered steps with the one at work
//! lit, a short "about", and counters for its working set. It reads the
//! first panel's scene (its `phase` and mark counts), so it knows no
//! algorithm: the lists come from the source headers (`crate::steps`).

use super::dom;
use crate::steps::{self, StepList};
use web_sys::Element;

/// Writes the numbered lists (with their titles) into `list`.
pub(super) fn fill_lists(list: &Element, lists: &[StepList]) {
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

/// The last program read for its steps: its text, its steps, and the
/// list the panel takes.
struct ProgramSteps {
    text: String,
    steps: Vec<String>,
    list: StepList,
}

thread_local! {
    static PROGRAM_STEPS: std::cell::RefCell<Option<ProgramSteps>> =
        const { std::cell::RefCell::new(None) };
}

/// The steps of a person's program, from its numbered comment
/// (`program::steps`), as a list the panel and the narration take. The
/// panel asks every frame, so the text is read again only when it
/// changed. The lists are `'static` (the built-ins' are compiled in): each
/// new list a program's comment makes is kept for the page's life, a few
/// hundred bytes for each list written, made only when the list changes.
pub(super) fn program_steps(text: &str) -> StepList {
    PROGRAM_STEPS.with(|kept| {
        let mut kept = kept.borrow_mut();
        if let Some(last) = kept.as_ref().filter(|last| last.text == text) {
            return last.list;
        }
        let steps = crate::program::steps::numbered_steps(text);
        if let Some(last) = kept.as_mut().filter(|last| last.steps == steps) {
            last.text = text.to_string();
            return last.list;
        }
        let items: Vec<&'static str> = steps
            .iter()
            .map(|s| &*Box::leak(s.clone().into_boxed_str()))
            .collect();
        let list: StepList = ("", Box::leak(items.into_boxed_slice()));
        *kept = Some(ProgramSteps {
            text: text.to_string(),
            steps,
            list,
        });
        list
    })
}

/// What the run, the grain and the symmetry do to this maze, for the
/// about (`None` when none of them is on).
pub(super) fn texture_note(
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
pub(super) fn fill_about(name: &str, note: Option<String>) {
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
