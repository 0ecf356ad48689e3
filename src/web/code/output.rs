//! The Code view's output panel (`#code-output`): what the program printed
//! (`print` in Python, `console.log` and its kin in JavaScript), line by
//! line in order, each tagged with the step it was printed at; pressing a
//! tag shows that step on the stage. Cleared at each Run; the worker keeps
//! the first lines only and counts the rest, which the note under the list
//! says.

use super::dom;
use wasm_bindgen::prelude::*;

/// What a run printed: each line with the steps made before it, the
/// first lines only, and how many more there were.
#[derive(Clone, Debug, Default)]
pub(in crate::web) struct Printed {
    pub lines: Vec<(u64, String)>,
    pub dropped: u64,
}

/// What the panel shows of the run.
#[derive(Default)]
pub(in crate::web) struct Output {
    printed: Printed,
}

impl Output {
    /// What the run printed so far (its compare panels and the Maze view
    /// show it as the run's log).
    pub(in crate::web) fn printed(&self) -> Printed {
        self.printed.clone()
    }

    /// Empties the panel for a new run.
    pub(in crate::web) fn clear(&mut self) {
        self.printed = Printed::default();
        if let Some(list) = dom::by_id_opt("code-output") {
            list.set_text_content(None);
        }
        show_note(0);
        show_box(false);
    }

    /// Adds `lines` (each the steps made when it was printed, and its text)
    /// and says how many the worker has left out so far.
    pub(in crate::web) fn add(
        &mut self,
        lines: &[(u64, String)],
        dropped: u64,
    ) -> Result<(), JsValue> {
        let Some(list) = dom::by_id_opt("code-output") else {
            return Ok(());
        };
        let document = dom::document();
        for (step, text) in lines {
            let item = document.create_element("li")?;
            let tag = document.create_element("button")?;
            tag.set_attribute("type", "button")?;
            tag.set_attribute("class", "code-output-step")?;
            tag.set_attribute("data-step", &step.to_string())?;
            tag.set_attribute("title", &format!("show step {step} on the stage"))?;
            tag.set_text_content(Some(&format!("step {step}")));
            let line = document.create_element("span")?;
            line.set_attribute("class", "code-output-line")?;
            line.set_text_content(Some(text));
            item.append_child(&tag)?;
            item.append_child(&line)?;
            list.append_child(&item)?;
        }
        self.printed.lines.extend_from_slice(lines);
        self.printed.dropped = dropped;
        let shown = self.printed.lines.len();
        list.set_attribute("data-lines", &shown.to_string())?;
        show_note(dropped);
        show_box(shown > 0 || dropped > 0);
        Ok(())
    }
}

/// The note under the list: how many lines were left out.
fn show_note(dropped: u64) {
    let text = match dropped {
        0 => String::new(),
        1 => "1 more line printed; the output keeps the first 1000.".to_string(),
        n => format!("{n} more lines printed; the output keeps the first 1000."),
    };
    dom::set_text("code-output-note", &text);
}

/// The panel shows once the program has printed.
fn show_box(shown: bool) {
    if let Some(panel) = dom::by_id_opt("code-output-box") {
        let _ = if shown {
            panel.remove_attribute("hidden")
        } else {
            panel.set_attribute("hidden", "")
        };
    }
}
