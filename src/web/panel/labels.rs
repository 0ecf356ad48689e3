//! The level labels of a 3D or 4D maze: each level's name written in the
//! gap above its top-left corner (HTML over the canvas, so the text is
//! crisp and the theme colours it), moved with the zoom and pan, and
//! hidden where the gap between levels is too small on screen to carry
//! one, or the levels too many to name.

use super::Panel;
use crate::shape::geometry::level_origin;
use crate::shape::Kind;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// The most levels named; past it the header's legend speaks for them.
const MOST_LABELS: u32 = 64;
/// A level narrower than this on screen (CSS pixels) gets no label.
const NARROWEST: f64 = 36.0;
/// The gap between levels (a cell's pitch) must be this tall on screen
/// (CSS pixels) to hold a label.
const LOWEST_GAP: f64 = 14.0;

impl Panel {
    /// Places (or hides) the level labels for the panel's layout.
    pub fn place_level_labels(&self, dpr: f64) -> Result<(), JsValue> {
        let old = self.stack.query_selector_all(".level-label")?;
        let Kind::Stack(s) = &self.shape.kind else {
            return Ok(());
        };
        let count = s.level_count();
        if !(2..=MOST_LABELS).contains(&count) {
            return Ok(());
        }
        let layout = self.layout();
        let pitch = layout.pitch / dpr;
        let fits = pitch * f64::from(s.width) >= NARROWEST && pitch >= LOWEST_GAP;
        let doc = super::super::dom::document();
        for i in 0..count {
            let label: HtmlElement = match old.item(i) {
                Some(node) => node.dyn_into()?,
                None => {
                    let el: HtmlElement = doc.create_element("span")?.dyn_into()?;
                    el.set_class_name("level-label");
                    el.set_attribute("aria-hidden", "true")?;
                    self.stack.append_child(&el)?;
                    el
                }
            };
            let (l, k) = (i % s.levels, i / s.levels);
            label.set_text_content(Some(&if s.four {
                format!("level {} · row {}", l + 1, k + 1)
            } else {
                format!("level {}", l + 1)
            }));
            let (x, y) = level_origin(s, l, k);
            let (px, py) = layout.from_units((f64::from(x), f64::from(y)));
            let style = label.style();
            style.set_property("left", &format!("{:.0}px", px / dpr))?;
            style.set_property("top", &format!("{:.0}px", py / dpr))?;
            // Its bottom on the level's top edge, in the gap above it; a
            // level at the canvas's top edge has no gap there, and takes
            // its label inside, on its top edge.
            let above = py / dpr >= LOWEST_GAP;
            label.toggle_attribute_with_force("data-inside", !above)?;
            label.set_hidden(!fits);
        }
        Ok(())
    }
}
