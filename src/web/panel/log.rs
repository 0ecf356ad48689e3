//! A compare panel's log: what the program it replays printed (the Code
//! view's run), each line with the step it was printed at, under the
//! panel's metrics, folded until opened.

use super::Panel;
use crate::web::code::output::Printed;
use wasm_bindgen::prelude::*;

impl Panel {
    /// Shows `printed` as this panel's log (nothing when it is empty).
    pub fn show_log(&self, printed: &Printed) -> Result<(), JsValue> {
        let total = printed.lines.len() as u64 + printed.dropped;
        if total == 0 {
            return Ok(());
        }
        let doc = crate::web::dom::document();
        let log = doc.create_element("details")?;
        log.set_class_name("panel-log");
        log.set_attribute("data-lines", &printed.lines.len().to_string())?;
        let summary = doc.create_element("summary")?;
        summary.set_text_content(Some(&format!(
            "printed {}",
            crate::web::code::plural(total, "line")
        )));
        log.append_child(&summary)?;
        let list = doc.create_element("ol")?;
        for (step, text) in &printed.lines {
            let item = doc.create_element("li")?;
            let tag = doc.create_element("span")?;
            tag.set_class_name("code-output-step");
            tag.set_text_content(Some(&format!("step {step}")));
            let line = doc.create_element("span")?;
            line.set_class_name("code-output-line");
            line.set_text_content(Some(text));
            item.append_child(&tag)?;
            item.append_child(&line)?;
            list.append_child(&item)?;
        }
        log.append_child(&list)?;
        if printed.dropped > 0 {
            let note = doc.create_element("p")?;
            note.set_class_name("description");
            note.set_text_content(Some(&format!(
                "{} more not kept: the log keeps the first {}",
                crate::web::code::plural(printed.dropped, "line"),
                printed.lines.len()
            )));
            log.append_child(&note)?;
        }
        if let Some(wrap) = self.metrics.parent_element() {
            wrap.append_child(&log)?;
        }
        Ok(())
    }
}
