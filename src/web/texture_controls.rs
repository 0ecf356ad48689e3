//! The texture controls beside the braid: the run and the grain
//! (`generate::steer`), the symmetry and the sparseness, shown, explained, and disabled
//! with a reason where the algorithm or the shape cannot take them.

use super::dom::{self, input, select};
use crate::generate;
use crate::settings::Settings;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlInputElement, HtmlSelectElement};

/// The run and grain controls: their values, what they say, and whether
/// the algorithm and the shape take them (a control that cannot steer the
/// maze is disabled and says why; its setting is kept).
pub fn show_steer(s: &Settings) -> Result<(), JsValue> {
    use crate::generate::steer::{self, Axis};
    input("run")?.set_value(&s.steer.run.to_string());
    input("grain")?.set_value(&s.steer.grain.percent.to_string());
    select("grain-axis")?.set_value(match s.steer.grain.axis {
        Axis::Horizontal => "h",
        Axis::Vertical => "v",
    });
    input("sparse")?.set_value(&s.sparse.to_string());
    // Rock would cut a woven maze's tunnels: the share is kept, unused.
    let sparse_why = if s.weave {
        "not with weave: rock would cut the passages that run under cells"
    } else {
        ""
    };
    input("sparse")?.set_disabled(s.weave);
    dom::by_id::<web_sys::Element>("sparse-field")?.set_attribute("title", sparse_why)?;
    show_steer_values()?;
    let symmetry = select("symmetry")?;
    symmetry.set_value(s.symmetry.map_or("none", |m| m.name()));
    // Where the shape cannot be mirrored the choice is kept, and says why.
    let why = s
        .symmetry
        .and_then(|m| generate::symmetry::check(&s.shape, m).err())
        .map(|e| format!("not on this maze: {e}"))
        .or_else(|| {
            s.shape
                .plain_square()
                .is_none()
                .then(|| "plain squares only (no wrap, no mask)".to_string())
        })
        .unwrap_or_default();
    symmetry.set_title(&why);
    symmetry.set_disabled(s.shape.plain_square().is_none() && s.symmetry.is_none());
    let algorithm = generate::find(s.main.algorithm).ok();
    let shape_ok = s.shape.opposite_side(4, 0).is_some();
    for (control, ids, field) in [
        (steer::RUN, &["run"][..], "run-field"),
        (steer::GRAIN, &["grain", "grain-axis"][..], "grain-field"),
    ] {
        let takes = algorithm.is_some_and(|a| a.steers & control != 0);
        let why = match (takes, shape_ok) {
            (_, false) => {
                "rings and triangles have no side straight ahead, nor an east-west axis".to_string()
            }
            (false, _) => format!(
                "{} makes its own choices: {} steers {}",
                s.main.algorithm,
                if control == steer::RUN {
                    "the run"
                } else {
                    "the grain"
                },
                generate::ALGORITHMS
                    .iter()
                    .filter(|a| a.steers & control != 0)
                    .map(|a| a.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => String::new(),
        };
        for id in ids {
            let el = dom::by_id::<web_sys::HtmlElement>(id)?;
            el.set_attribute("title", &why)?;
            if let Ok(i) = el.clone().dyn_into::<HtmlInputElement>() {
                i.set_disabled(!why.is_empty());
            } else if let Ok(sel) = el.dyn_into::<HtmlSelectElement>() {
                sel.set_disabled(!why.is_empty());
            }
        }
        dom::by_id::<web_sys::Element>(field)?.set_attribute("title", &why)?;
    }
    Ok(())
}

/// The run, grain and sparse sliders' readouts, as they move.
pub fn show_steer_values() -> Result<(), JsValue> {
    dom::set_text("run-value", &format!("{}%", input("run")?.value()));
    dom::set_text("sparse-value", &format!("{}%", input("sparse")?.value()));
    let p: u8 = input("grain")?.value().parse().unwrap_or(50);
    let axis = if select("grain-axis")?.value() == "v" {
        "north-south"
    } else {
        "east-west"
    };
    let text = if p == 50 {
        "none".to_string()
    } else {
        format!("{p}% {axis}")
    };
    dom::set_text("grain-value", &text);
    Ok(())
}
