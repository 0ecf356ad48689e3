//! The lab's half of the page: the Maze / Lab tabs, the form (filled from
//! the settings, read back into them), the progress bar and the status.

use super::super::dom::{self, input, select};
use crate::generate::{Knob, ALGORITHMS};
use crate::lab::settings::{tree_shape, LabSettings, TREE_SIZES};
use crate::lab::Candidate;
use crate::shape::Shape;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

/// The growing tree's pops offered as separate candidates.
const POPS: [&str; 4] = ["newest", "oldest", "random", "middle"];

/// Every candidate the form offers, as (spec, label).
fn offered() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for a in ALGORITHMS {
        if a.knob == Knob::Pop {
            for pop in POPS {
                out.push((format!("{}:{pop}", a.name), format!("{} ({pop})", a.name)));
            }
        } else {
            out.push((a.name.to_string(), a.name.to_string()));
        }
    }
    out.push(("program".into(), "program (the Code view's)".into()));
    out
}

/// Builds the algorithm checkboxes and the uniformity sizes (once).
pub(in crate::web) fn fill() -> Result<(), JsValue> {
    let doc = dom::document();
    let list: Element = dom::by_id("lab-algorithms")?;
    list.set_text_content(None);
    for (spec, label) in offered() {
        let row = doc.create_element("label")?;
        row.set_class_name("lab-check");
        let check: HtmlInputElement = doc.create_element("input")?.dyn_into()?;
        check.set_type("checkbox");
        check.set_value(&spec);
        check.set_name("lab-algorithm");
        row.append_child(&check)?;
        let text = doc.create_element("span")?;
        text.set_text_content(Some(&label));
        row.append_child(&text)?;
        list.append_child(&row)?;
    }
    // The same shapes, named the same, as the maze's own picker.
    let shapes: Element = dom::by_id("lab-shape")?;
    shapes.set_inner_html(&dom::by_id::<Element>("shape")?.inner_html());
    let trees = select("lab-trees")?;
    trees.set_text_content(None);
    for size in TREE_SIZES {
        let option = doc.create_element("option")?;
        option.set_attribute("value", size)?;
        let count = crate::lab::trees::matrix_tree_count(&tree_shape(size)?);
        let label = if size.matches('x').count() == 2 {
            format!("{size} 3D ({count} trees)")
        } else {
            format!("{size} ({count} trees)")
        };
        option.set_text_content(Some(&label));
        trees.append_child(&option)?;
    }
    Ok(())
}

fn checks() -> Result<Vec<HtmlInputElement>, JsValue> {
    let nodes = dom::document().query_selector_all("#lab-algorithms input")?;
    (0..nodes.length())
        .filter_map(|i| nodes.item(i))
        .map(|n| {
            n.dyn_into::<HtmlInputElement>()
                .map_err(|_| "a checkbox".into())
        })
        .collect()
}

/// Copies the settings into the form.
pub(in crate::web) fn show(s: &LabSettings) -> Result<(), JsValue> {
    let chosen: Vec<String> = s.candidates.iter().map(Candidate::spec).collect();
    for check in checks()? {
        check.set_checked(chosen.contains(&check.value()));
    }
    select("lab-shape")?.set_value(s.shape.name());
    input("lab-size")?.set_value(&s.shape.size_text());
    dom::set_text(
        "lab-size-label",
        if s.shape.name() == "polar" {
            "Rings"
        } else {
            "Size (W x H)"
        },
    );
    select("lab-wrap")?.set_value(s.wrap().unwrap_or("none"));
    dom::by_id::<Element>("lab-wrap")?
        .toggle_attribute_with_force("disabled", s.shape.name() != "square")?;
    input("lab-runs")?.set_value(&s.runs.to_string());
    input("lab-seed")?.set_value(&s.seed.to_string());
    input("lab-uniform")?.set_checked(s.trees.is_some());
    let size = s.trees.as_ref().map_or("3x3".to_string(), Shape::size_text);
    select("lab-trees")?.set_value(&size);
    input("lab-tree-runs")?.set_value(&s.tree_runs.to_string());
    for id in ["lab-trees", "lab-tree-runs"] {
        dom::by_id::<Element>(id)?.toggle_attribute_with_force("disabled", s.trees.is_none())?;
    }
    let t = &s.texture;
    input("lab-braid")?.set_value(&t.braid.to_string());
    input("lab-straight")?.set_value(&t.steer.run.to_string());
    input("lab-grain")?.set_value(&t.steer.grain.to_text());
    input("lab-sparse")?.set_value(&t.sparse.to_string());
    select("lab-symmetry")?.set_value(t.symmetry.map_or("none", |s| s.name()));
    input("lab-weights")?.set_value(&t.weights.map_or("none".into(), |w| w.name()));
    input("lab-sweep")?.set_checked(s.sweep.is_some());
    if let Some(sweep) = &s.sweep {
        select("lab-sweep-param")?.set_value(sweep.param);
        input("lab-sweep-from")?.set_value(&sweep.from.to_string());
        input("lab-sweep-to")?.set_value(&sweep.to.to_string());
        input("lab-sweep-points")?.set_value(&sweep.values.len().to_string());
    }
    input("lab-scaling")?.set_checked(s.scaling.is_some());
    if let Some(scaling) = &s.scaling {
        select("lab-scaling-metric")?.set_value(scaling.metric);
        let sides: Vec<String> = scaling.sizes.iter().map(u32::to_string).collect();
        input("lab-scaling-sizes")?.set_value(&sides.join(","));
    }
    select("lab-distribution")?.set_value(s.distribution.map_or("off", |q| q.name()));
    show_sweep_enabled()?;
    show_disabled(&s.shape)
}

/// The sweep's and the scaling's fields are live only with each on; the
/// uniformity test is left out of both, so its switch is off then.
pub(in crate::web) fn show_sweep_enabled() -> Result<(), JsValue> {
    let scaling = input("lab-scaling")?.checked();
    for id in ["lab-scaling-metric", "lab-scaling-sizes"] {
        dom::by_id::<Element>(id)?.toggle_attribute_with_force("disabled", !scaling)?;
    }
    let sweep = input("lab-sweep")?.checked();
    let on = sweep || scaling;
    for id in [
        "lab-sweep-param",
        "lab-sweep-from",
        "lab-sweep-to",
        "lab-sweep-points",
    ] {
        dom::by_id::<Element>(id)?.toggle_attribute_with_force("disabled", !sweep)?;
    }
    let uniform = input("lab-uniform")?;
    uniform.set_disabled(on);
    uniform.set_title(if on {
        "a sweep or a scaling leaves the uniformity test out"
    } else {
        ""
    });
    Ok(())
}

/// Greys out the candidates that do not run on the shape, saying why.
fn show_disabled(shape: &Shape) -> Result<(), JsValue> {
    for check in checks()? {
        let why = Candidate::parse(&check.value())
            .and_then(|c| c.check(shape))
            .err()
            .map(|e| e.to_string());
        if let Some(label) = check.parent_element() {
            label.toggle_attribute_with_force("data-unavailable", why.is_some())?;
            label.set_attribute("title", why.as_deref().unwrap_or(""))?;
        }
    }
    Ok(())
}

/// Reads the form: the settings it describes, or what is wrong with it.
pub(in crate::web) fn read_form() -> Result<LabSettings, String> {
    let js = |e: JsValue| dom::describe(&e);
    let mut s = LabSettings::default();
    let chosen: Vec<String> = checks()
        .map_err(js)?
        .into_iter()
        .filter(|c| c.checked())
        .map(|c| c.value())
        .collect();
    if chosen.is_empty() {
        return Err("pick at least one algorithm to run".into());
    }
    s.set("lab", &chosen.join("~"))?;
    let shape = select("lab-shape").map_err(js)?.value();
    let size = input("lab-size").map_err(js)?.value();
    let wrap = select("lab-wrap").map_err(js)?.value();
    let wrap = Some(wrap.as_str()).filter(|w| *w != "none" && shape == "square");
    s.shape = Shape::parse(&shape, &size, wrap).map_err(|e| e.to_string())?;
    s.set("lab_runs", &input("lab-runs").map_err(js)?.value())?;
    s.set("lab_seed", &input("lab-seed").map_err(js)?.value())?;
    s.trees = if input("lab-uniform").map_err(js)?.checked() {
        Some(tree_shape(&select("lab-trees").map_err(js)?.value())?)
    } else {
        None
    };
    s.set(
        "lab_tree_runs",
        &input("lab-tree-runs").map_err(js)?.value(),
    )?;
    for (key, id) in [
        ("lab_braid", "lab-braid"),
        ("lab_run", "lab-straight"),
        ("lab_grain", "lab-grain"),
        ("lab_sparse", "lab-sparse"),
        ("lab_weights", "lab-weights"),
    ] {
        s.set(key, &input(id).map_err(js)?.value())?;
    }
    s.set("lab_symmetry", &select("lab-symmetry").map_err(js)?.value())?;
    if input("lab-sweep").map_err(js)?.checked() {
        let value = |id: &str| input(id).map(|i| i.value()).map_err(js);
        let text = format!(
            "{}:{}:{}:{}",
            select("lab-sweep-param").map_err(js)?.value(),
            value("lab-sweep-from")?,
            value("lab-sweep-to")?,
            value("lab-sweep-points")?
        );
        s.set("lab_sweep", &text)?;
    }
    if input("lab-scaling").map_err(js)?.checked() {
        let text = format!(
            "{}:{}",
            select("lab-scaling-metric").map_err(js)?.value(),
            input("lab-scaling-sizes").map_err(js)?.value()
        );
        s.set("lab_scaling", &text)?;
    }
    s.set(
        "lab_distribution",
        &select("lab-distribution").map_err(js)?.value(),
    )?;
    Ok(s)
}

/// The status line: its state (`running`, `done`, `cancelled`, `error`,
/// `invalid`) in `data-state` for tests and styles, and its text.
pub(in crate::web) fn show_status(state: &str, text: &str) -> Result<(), JsValue> {
    let status: Element = dom::by_id("lab-status")?;
    status.set_attribute("data-state", state)?;
    status.set_text_content(Some(text));
    Ok(())
}

pub(in crate::web) fn show_progress(done: u64, total: u64, text: &str) {
    if let Ok(bar) = dom::by_id::<web_sys::HtmlProgressElement>("lab-progress") {
        bar.set_max(total.max(1) as f64);
        bar.set_value(done as f64);
    }
    if !text.is_empty() {
        let _ = show_status("running", text);
    }
}

/// Run and the form while running; Cancel only then.
pub(in crate::web) fn set_running(running: bool) {
    for (id, disabled) in [("lab-run", running), ("lab-cancel", !running)] {
        if let Ok(b) = dom::by_id::<web_sys::HtmlButtonElement>(id) {
            b.set_disabled(disabled);
        }
    }
    if let Ok(fields) = dom::by_id::<Element>("lab-fields") {
        let _ = fields.toggle_attribute_with_force("disabled", running);
    }
}
