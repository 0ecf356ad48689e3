//! The control panel: copying the settings into the form and back, the
//! handlers of its buttons.

use super::dom::{input, select};
use crate::settings::{Settings, Speed};
use wasm_bindgen::prelude::*;

pub(super) fn speed_label(speed: Speed) -> String {
    match speed {
        Speed::Instant => "instant".into(),
        Speed::StepsPerSecond(s) if s >= 1000.0 => format!("{:.0}k steps/s", s / 1000.0),
        Speed::StepsPerSecond(s) => format!("{s:.0} steps/s"),
    }
}

/// Reads the shape picker, size fields and wrap. A new base shape or size
/// drops the mask (it was drawn for other cells) and the chosen ends.
pub(super) fn read_shape(s: &mut Settings) -> Result<Vec<String>, JsValue> {
    let name = select("shape")?.value();
    let changed_kind = name != s.shape.name();
    let size = if changed_kind {
        crate::shape::default_size(&name).to_string()
    } else if name == "polar" || name == "cube" {
        input("width")?.value()
    } else if name == "3d" {
        let (w, h, l) = (
            input("width")?.value(),
            input("height")?.value(),
            input("levels")?.value(),
        );
        format!("{w}x{h}x{l}")
    } else if name == "4d" {
        let (w, h) = (input("width")?.value(), input("height")?.value());
        let (l, k) = (input("levels")?.value(), input("hyper")?.value());
        format!("{w}x{h}x{l}x{k}")
    } else {
        format!("{}x{}", input("width")?.value(), input("height")?.value())
    };
    let wrap = if name == "square" {
        select("wrap")?.value()
    } else {
        String::new()
    };
    let shape = match crate::shape::Shape::parse(&name, &size, Some(&wrap)) {
        Ok(shape) => shape,
        Err(e) => return Ok(vec![e.to_string()]),
    };
    if shape == s.shape.unmasked() {
        return Ok(Vec::new());
    }
    let same_cells = shape.unmasked().kind == s.shape.kind;
    let keep_mask = same_cells.then(|| s.shape.mask.clone()).flatten();
    s.shape = shape;
    if let Some(mask) = keep_mask {
        s.shape.mask = Some(mask);
    }
    if !same_cells {
        s.start = None;
        s.goal = None;
    }
    let mut notices = Vec::new();
    s.keep_algorithms_that_run(&mut notices);
    Ok(notices)
}

/// After the controls are read: weaving with a generator that cannot is
/// named and switched off.
pub(super) fn check_weave(s: &mut Settings, problems: &mut Vec<String>) {
    let mut notices = Vec::new();
    s.keep_algorithms_that_run(&mut notices);
    problems.extend(notices);
}
