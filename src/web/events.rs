//! The page's events as messages: which event on which element asks for
//! which `Msg`. A reader may look at the element (a slider's value, a
//! box's tick) but never at the app; `mount` sends what it reads to
//! `App::update`.

use super::dom::{self, input, select};
use super::msg::{Drag, Msg};
use super::stage::ZOOM_STEP;
use super::{code, lab, texture_controls, views};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Event;

/// Reads an event into the message it asks for, if any.
pub(super) type Reader = Box<dyn Fn(&Event) -> Result<Option<Msg>, JsValue>>;

/// One event of one element (`window` and `document` name those).
pub(super) struct Wire {
    pub(super) id: &'static str,
    pub(super) kind: &'static str,
    pub(super) read: Reader,
}

/// The wires of `id`'s `kind` event, asking always for what `make` makes.
fn on(id: &'static str, kind: &'static str, make: impl Fn() -> Msg + 'static) -> Wire {
    read(id, kind, move |_| Ok(Some(make())))
}

/// The wires of `id`'s `kind` event, read by `read`.
fn read(
    id: &'static str,
    kind: &'static str,
    read: impl Fn(&Event) -> Result<Option<Msg>, JsValue> + 'static,
) -> Wire {
    Wire {
        id,
        kind,
        read: Box::new(read),
    }
}

/// Whether the page has the full module's views (the first-visit module's
/// page has the maze alone: `handover`).
fn has(id: &str) -> bool {
    !cfg!(feature = "first") && dom::by_id_opt(id).is_some()
}

/// Every wire of the page.
pub(super) fn all() -> Vec<Wire> {
    let mut wires = maze_form();
    wires.extend(timeline());
    wires.extend(solving());
    wires.extend(stage());
    wires.extend(mask());
    wires.extend(tabs());
    if has("walk") {
        wires.extend(walk());
    }
    if has("code") {
        wires.extend(code_view());
    }
    if has("lab") {
        wires.extend(lab_view());
    }
    wires
}

/// The maze's form, its downloads, the theme and the help.
fn maze_form() -> Vec<Wire> {
    let mut wires: Vec<Wire> = [
        "shape",
        "wrap",
        "algorithm",
        "width",
        "height",
        "levels",
        "hyper",
        "pop",
        "pop-mix",
        "bias",
        "seed",
        "braid",
        "sparse",
        "run",
        "grain",
        "grain-axis",
        "symmetry",
        "weave",
        "compare",
        "compare-specs",
    ]
    .into_iter()
    .map(|id| on(id, "change", || Msg::FormChanged))
    .collect();
    wires.push(read("size-preset", "change", |_| {
        let value = select("size-preset")?.value();
        let Some((w, h)) = value.split_once('x') else {
            return Ok(None);
        };
        input("width")?.set_value(w);
        input("height")?.set_value(h);
        Ok(Some(Msg::FormChanged))
    }));
    // What a slider shows as it moves: the view's own, no message.
    wires.push(read("braid", "input", |_| {
        dom::set_text("braid-value", &format!("{}%", input("braid")?.value()));
        Ok(None)
    }));
    for id in ["run", "grain", "grain-axis", "sparse"] {
        wires.push(read(id, "input", |_| {
            texture_controls::show_steer_values()?;
            Ok(None)
        }));
    }
    // The maze's speed slider and the Code view's: one setting.
    for from in ["speed", "code-speed"] {
        wires.push(read(from, "input", move |_| {
            let slider = input(from)?.value().parse().unwrap_or(0);
            Ok(Some(Msg::Speed { slider, from }))
        }));
    }
    wires.push(on("new-seed", "click", || Msg::NewMaze));
    wires.push(on("new-maze", "click", || Msg::NewMaze));
    for id in ["weights", "weights-max"] {
        wires.push(read(id, "change", |_| {
            let pattern = select("weights")?.value();
            if pattern == "none" {
                return Ok(Some(Msg::Weights(None)));
            }
            // A max out of range is brought into it, and shown so.
            let field = input("weights-max")?;
            let max = field
                .value()
                .trim()
                .parse::<f64>()
                .unwrap_or(9.0)
                .clamp(2.0, 255.0) as u8;
            field.set_value(&max.to_string());
            let weights = crate::weights::Weights::parse(&format!("{pattern}:{max}")).ok();
            Ok(weights.map(|w| Msg::Weights(Some(w))))
        }));
    }
    wires.push(read("patterns", "change", |_| {
        Ok(Some(Msg::Patterns(input("patterns")?.checked())))
    }));
    wires.push(read("steps-mode", "change", |_| {
        let mode = dom::by_id::<web_sys::HtmlSelectElement>("steps-mode")?.value();
        Ok(crate::settings::Explain::parse(&mode)
            .ok()
            .map(Msg::Explain))
    }));
    wires.push(read("distance", "change", |_| {
        Ok(Some(Msg::Distance(input("distance")?.checked())))
    }));
    for (button, kind) in [
        ("export-png", "png"),
        ("export-svg", "svg"),
        ("export-plot", "plot"),
        ("export-pdf", "pdf"),
        ("export-txt", "txt"),
        ("export-json", "json"),
        ("export-stl", "stl"),
    ] {
        wires.push(on(button, "click", move || Msg::Export { kind, button }));
    }
    wires.push(read("document", "keydown", |event| {
        Ok(Some(Msg::KeyDown(event.clone())))
    }));
    wires.push(on("theme", "click", || Msg::Theme));
    wires.push(on("help-open", "click", || Msg::Help));
    wires
}

/// The timeline's bar and the run's buttons.
fn timeline() -> Vec<Wire> {
    vec![
        on("play", "click", || Msg::TimelinePlay),
        on("step", "click", || Msg::StepForward),
        on("tl-play", "click", || Msg::TimelinePlay),
        on("tl-back", "click", || Msg::StepBack),
        on("tl-forward", "click", || Msg::StepForward),
        on("tl-start", "click", || Msg::SeekStart),
        on("tl-end", "click", || Msg::SeekEnd),
        read("tl-slider", "input", |_| {
            Ok(Some(Msg::Seek(
                input("tl-slider")?.value().parse().unwrap_or(0),
            )))
        }),
        on("tl-slider", "change", || Msg::Linked),
        on("finish", "click", || Msg::Finish),
    ]
}

/// The Solve group: the solver, solving, playing, the maze's figures.
fn solving() -> Vec<Wire> {
    let mut wires = vec![
        read("solver", "change", |_| {
            Ok(Some(Msg::Solver(select("solver")?.value())))
        }),
        on("solve", "click", || Msg::Solve),
        on("play-maze", "click", || Msg::Play),
        on("describe", "click", || Msg::Describe),
        on("level", "input", || Msg::ShowLevel),
        on("clear-solve", "click", || Msg::ClearSolve),
        on("mc-run", "click", || Msg::MonteCarlo),
        on("target-run", "click", || Msg::DifficultyTarget),
    ];
    for (id, side) in [
        ("level-up", 4),
        ("level-down", 5),
        ("level-ana", 6),
        ("level-kata", 7),
    ] {
        wires.push(on(id, "click", move || Msg::PlaySide(side)));
    }
    wires
}

/// The stage: the pointer and the wheel on the panels, zoom and fit, the
/// window's size.
fn stage() -> Vec<Wire> {
    let mut wires: Vec<Wire> = ["pointerdown", "pointermove", "pointerup", "pointercancel"]
        .into_iter()
        .map(|kind| {
            read("panels", kind, |event| {
                Ok(Some(Msg::Pointer(event.clone())))
            })
        })
        .collect();
    wires.push(read("panels", "wheel", |event| {
        Ok(Some(Msg::Wheel(event.clone())))
    }));
    // The middle button's click would open a link's autoscroll; the menu
    // of a right click stays.
    wires.push(read("panels", "auxclick", |event| {
        event.prevent_default();
        Ok(None)
    }));
    wires.push(on("zoom-in", "click", || Msg::Zoom(ZOOM_STEP)));
    wires.push(on("zoom-out", "click", || Msg::Zoom(1.0 / ZOOM_STEP)));
    wires.push(on("zoom-fit", "click", || Msg::Fit));
    wires.push(on("window", "resize", || Msg::Resize));
    wires
}

/// The mask tools.
fn mask() -> Vec<Wire> {
    vec![
        read("mask-paint", "change", |_| {
            Ok(Some(Msg::MaskPaint(input("mask-paint")?.checked())))
        }),
        on("mask-clear", "click", || Msg::MaskClear),
        on("mask-text-apply", "click", || Msg::MaskFromText),
        // A picture loads in two steps: the file becomes the hidden
        // image's source, and the image's load event makes the mask. The
        // chooser is emptied as it opens, so choosing the same file again
        // (after clearing the mask) loads it again, while the name of the
        // file chosen stays in view; the file's address is let go once
        // the image has it.
        read("mask-file", "click", |_| {
            input("mask-file")?.set_value("");
            Ok(None)
        }),
        read("mask-file", "change", |_| {
            let file = input("mask-file")?.files().and_then(|f| f.get(0));
            if let Some(file) = file {
                let url = web_sys::Url::create_object_url_with_blob(&file)?;
                dom::by_id::<web_sys::HtmlImageElement>("mask-image")?.set_src(&url);
            }
            Ok(None)
        }),
        on("mask-image", "load", || Msg::MaskImageLoaded),
        read("mask-image", "error", |_| {
            dom::show_notice(
                "mask not used: that file is not a picture the browser can read \
                 (a PNG, JPEG, GIF, WebP or SVG image)",
            );
            super::mask::forget_mask_image_url()?;
            Ok(None)
        }),
    ]
}

/// The Maze / Walk / Code / Lab tabs.
fn tabs() -> Vec<Wire> {
    views::tabs()
        .into_iter()
        .filter(|(id, _)| dom::by_id_opt(id).is_some())
        .map(|(id, view)| on(id, "click", move || Msg::View(view)))
        .collect()
}

/// The walk view: its buttons, and a drag on its picture to look round.
fn walk() -> Vec<Wire> {
    use super::walk::Command;
    let mut wires: Vec<Wire> = [
        ("walk-forward", Command::Forward),
        ("walk-back", Command::Back),
        ("walk-left", Command::Left),
        ("walk-right", Command::Right),
        ("walk-up", Command::Up),
        ("walk-down", Command::Down),
    ]
    .into_iter()
    .map(|(id, command)| on(id, "click", move || Msg::Walk(command)))
    .collect();
    wires.push(on("walk-way", "click", || Msg::WalkWay));
    wires.push(on("walk-autopilot", "click", || Msg::WalkAutopilot));
    // Where the map sits is the view's own: no message.
    wires.push(read("walk-map", "click", |_| {
        let stage = dom::by_id::<web_sys::Element>("stage")?;
        // (Not the top right: the walk's tools stand there.)
        let corners = ["bottom-right", "bottom-left", "top-left", "hidden"];
        let now = stage.get_attribute("data-map").unwrap_or_default();
        let at = corners.iter().position(|&c| c == now).unwrap_or(0);
        let next = corners[(at + 1) % corners.len()];
        stage.set_attribute("data-map", next)?;
        let label = if next == "hidden" {
            "map: hidden".to_string()
        } else {
            format!("map: {}", next.replace('-', " "))
        };
        dom::set_text("walk-map", &label);
        Ok(None)
    }));
    for kind in ["pointerdown", "pointermove", "pointerup", "pointercancel"] {
        wires.push(read("walk-canvas", kind, move |event| {
            let Some(p) = event.dyn_ref::<web_sys::PointerEvent>() else {
                return Ok(None);
            };
            let (x, y) = (f64::from(p.client_x()), f64::from(p.client_y()));
            Ok(Some(Msg::WalkDrag(match kind {
                "pointerdown" => {
                    if let Some(el) = p
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    {
                        let _ = el.set_pointer_capture(p.pointer_id());
                    }
                    Drag::Down(x, y)
                }
                "pointermove" => Drag::Move(x, y),
                _ => Drag::Up,
            })))
        }));
    }
    wires
}

/// The Code view: Run, the language and the starters.
fn code_view() -> Vec<Wire> {
    vec![
        on("code-run", "click", || Msg::Code(code::Msg::Run)),
        on("code-stop", "click", || Msg::Code(code::Msg::Stop)),
        on("code-lang", "change", || Msg::Code(code::Msg::Lang)),
        on("code-starter", "change", || Msg::Code(code::Msg::Starter)),
        // A printed line's step tag: that step on the stage.
        read("code-output", "click", |event| {
            let step = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.closest("[data-step]").ok().flatten())
                .and_then(|tag| tag.get_attribute("data-step"))
                .and_then(|step| step.parse().ok());
            Ok(step.map(Msg::SeekTo))
        }),
    ]
}

/// The Lab's form and buttons.
fn lab_view() -> Vec<Wire> {
    vec![
        on("lab-form", "change", || Msg::Lab(lab::Msg::FormChanged)),
        // (`mount` keeps a form's submit from leaving the page.)
        on("lab-form", "submit", || Msg::Lab(lab::Msg::Run)),
        on("lab-cancel", "click", || Msg::Lab(lab::Msg::Cancel)),
        on("lab-csv", "click", || Msg::Lab(lab::Msg::Download("csv"))),
        on("lab-json", "click", || Msg::Lab(lab::Msg::Download("json"))),
    ]
}
