//! Mounting the app on the page's markup: reads the URL, fills the pickers,
//! wires every control, key, pointer and resize to the app, and starts the
//! frame loop.

use super::app::{App, Msg};
use super::controls::speed_label;
use super::dom::{self, input, select};
use super::handle::{AppHandle, FrameLoop, FrameRequest, Listener};
use super::keys;
use super::lab;
use super::mailbox::Mailbox;
use super::stage::ZOOM_STEP;
use super::theme;
use super::views;
use crate::generate::ALGORITHMS;
use crate::rng::fresh_seed;
use crate::settings::{Settings, Speed};
use crate::solve::{self, SOLVERS};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, EventTarget};

/// A control's handler: reads or changes the app in response to a DOM event.
type Handler = Box<dyn Fn(&mut App, &Event) -> Result<(), JsValue>>;

/// Fills a `<select>` with `(value, label)` options.
fn fill_select<'a>(id: &str, options: impl Iterator<Item = &'a str>) -> Result<(), JsValue> {
    let select = select(id)?;
    select.set_text_content(None);
    for name in options {
        let option = dom::document().create_element("option")?;
        option.set_attribute("value", name)?;
        option.set_text_content(Some(name));
        select.append_child(&option)?;
    }
    Ok(())
}

/// A cold module's first build runs in V8's baseline code until the
/// optimized code of its hot loop is compiled (on another thread, once
/// the loop has turned out to be hot). A tiny instant build of the
/// link's algorithm first, before the page is set up, starts that compile
/// while the rest of mounting runs. Plain squares only (their loop is the
/// one the big square builds run).
fn warm_up(settings: &Settings) {
    use crate::generate::{Generator, Params};
    use crate::render::canvas::{layout::Layout, pixels::Pixels, scene::Scene};
    let algorithm = settings.main.algorithm;
    if settings.speed != crate::settings::Speed::Instant
        || settings.shape.plain_square().is_none()
        || algorithm == crate::generate::PROGRAM.name
    {
        // A program's build replays its recording: no loop to warm.
        return;
    }
    let Ok(dims) = crate::shape::Dims::new(64, 64) else {
        return;
    };
    let params = Params::on(crate::shape::Shape::square(dims), settings.seed);
    if let Ok(mut generator) = Generator::by_name(algorithm, params, false) {
        let mut grid = generator.initial_grid();
        let _ = generator.finish_into(&mut grid);
        // And its painting, zoomed out as a big maze is: a row at a call.
        let mut scene = Scene::new(grid, generator.algorithm().starts_open);
        scene.set_done(true);
        let mut pixels = Pixels::new(Layout::fit(dims, 48, 48));
        for _ in 0..16 {
            pixels.paint_all(&scene);
        }
    }
}

/// Whether the person's system asks for less motion
/// (`prefers-reduced-motion: reduce`).
fn reduced_motion(window: &web_sys::Window) -> bool {
    window
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Whether a query string (with or without its `?`) sets `key`.
fn names_key(query: &str, key: &str) -> bool {
    query
        .trim_start_matches('?')
        .split('&')
        .any(|pair| pair.split('=').next() == Some(key))
}

/// The page's link as the app reads it: its query, the settings it asks
/// for and what could not be read. Read once a page load (the first-visit
/// module decides from it whether it runs the link).
pub(super) struct Link {
    query: String,
    settings: Settings,
    notices: Vec<String>,
}

impl Link {
    /// Reads the page's address.
    pub(super) fn read() -> Link {
        let query = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let (settings, notices) = Settings::from_query(&query, fresh_seed());
        Link {
            query,
            settings,
            notices,
        }
    }

    /// Whether this module runs the link itself (`handover::runs_here`;
    /// always, but in the first-visit module).
    pub(super) fn runs_here(&self) -> bool {
        // A program is the full module's to read (`Settings::set`).
        !names_key(&self.query, "program") && super::handover::runs_here(&self.settings)
    }
}

/// Mounts the app on the page's markup and starts it: `wire`, then `draw`
/// (the page runs them in two tasks, so that neither is long on a slow
/// phone: `web::mount_page`).
pub fn mount() -> Result<AppHandle, JsValue> {
    mount_link(Link::read())
}

/// Mounts the app from a link already read, in one go.
pub(super) fn mount_link(link: Link) -> Result<AppHandle, JsValue> {
    let handle = wire(link)?;
    draw(&handle)?;
    Ok(handle)
}

/// Builds the first maze and asks for the first frame.
pub(super) fn draw(handle: &AppHandle) -> Result<(), JsValue> {
    {
        let mut app = handle.app.borrow_mut();
        app.rebuild()?;
        if !cfg!(feature = "first") && app.settings.view == crate::settings::View::Walk {
            app.walk_view_shown()?;
        }
    }
    let window = web_sys::window().ok_or("a browser window")?;
    if let Some(callback) = handle.frame.borrow().as_ref() {
        handle
            .frame_request
            .set(window.request_animation_frame(callback.as_ref().unchecked_ref())?);
    }
    if let Some(p) = window.performance() {
        let _ = p.mark("mazelab-mounted");
    }
    Ok(())
}

/// Mounting up to the first maze, from the link read: fills the pickers
/// and the form, wires every control, key, pointer and resize, and makes
/// the frame loop (`draw` starts it).
pub(super) fn wire(link: Link) -> Result<AppHandle, JsValue> {
    let window = web_sys::window().ok_or("a browser window")?;
    let Link {
        query,
        mut settings,
        notices,
    } = link;
    // A person who asks for less motion gets the finished maze, unless
    // the link asks for a speed.
    if reduced_motion(&window) && !names_key(&query, "speed") {
        settings.speed = crate::settings::Speed::Instant;
    }
    warm_up(&settings);
    dom::show_notice(&notices.join("; "));
    fill_select("algorithm", ALGORITHMS.iter().map(|a| a.name))?;
    fill_select("solver", SOLVERS.iter().map(|s| s.name))?;
    theme::show_toggle();
    if let Ok(patterns) = input("patterns") {
        patterns.set_checked(theme::current().patterns);
    }

    let app = Rc::new(RefCell::new(App::new(settings)));
    // The first-visit module has no lab or code view (`handover`).
    if !cfg!(feature = "first") && dom::by_id_opt("lab").is_some() {
        let home = Rc::downgrade(&app);
        app.borrow_mut().lab.mailbox = Mailbox::new(move |m| App::deliver(&home, Msg::Lab(m)));
    }
    if !cfg!(feature = "first") && dom::by_id_opt("code").is_some() {
        App::mount_code(&app)?;
    }
    views::set_view(app.borrow().settings.view)?;
    if !cfg!(feature = "first") && app.borrow().settings.view == crate::settings::View::Code {
        app.borrow_mut().code_view_shown()?;
    }
    if !cfg!(feature = "first") && app.borrow().settings.view == crate::settings::View::Lab {
        app.borrow_mut().lab_view_shown()?;
    }
    app.borrow().show_settings()?;

    let mut listeners: Vec<Listener> = Vec::new();
    let mut listen_on = |target: EventTarget,
                         kind: &'static str,
                         passive: Option<bool>,
                         handler: Handler|
     -> Result<(), JsValue> {
        let app = app.clone();
        let closure = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            // A form never leaves the page, even when the app cannot answer
            // (after a panic it stays borrowed).
            if kind == "submit" {
                event.prevent_default();
            }
            let Ok(mut app) = app.try_borrow_mut() else {
                return;
            };
            if let Err(e) = handler(&mut app, &event) {
                dom::show_error(&dom::describe(&e));
            }
        });
        match passive {
            Some(passive) => {
                let options = web_sys::AddEventListenerOptions::new();
                options.set_passive(passive);
                target.add_event_listener_with_callback_and_add_event_listener_options(
                    kind,
                    closure.as_ref().unchecked_ref(),
                    &options,
                )?;
            }
            None => {
                target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?
            }
        }
        listeners.push((target, kind, closure));
        Ok(())
    };
    let mut listen = |id: &str, kind: &'static str, handler: Handler| -> Result<(), JsValue> {
        let target: EventTarget = match id {
            "window" => web_sys::window().ok_or("a browser window")?.into(),
            "document" => dom::document()
                .document_element()
                .ok_or("a document element")?
                .into(),
            _ => dom::by_id::<EventTarget>(id)?,
        };
        // The wheel must be able to cancel the page's scroll.
        let passive = (kind == "wheel").then_some(false);
        listen_on(target, kind, passive, handler)
    };

    for id in [
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
    ] {
        listen(id, "change", Box::new(|app, _| app.settings_changed()))?;
    }
    listen(
        "size-preset",
        "change",
        Box::new(|app, _| {
            let value = select("size-preset")?.value();
            if let Some((w, h)) = value.split_once('x') {
                input("width")?.set_value(w);
                input("height")?.set_value(h);
                app.settings_changed()?;
            }
            Ok(())
        }),
    )?;
    listen(
        "braid",
        "input",
        Box::new(|_, _| {
            dom::set_text("braid-value", &format!("{}%", input("braid")?.value()));
            Ok(())
        }),
    )?;
    for id in ["run", "grain", "grain-axis", "sparse"] {
        listen(
            id,
            "input",
            Box::new(|_, _| super::texture_controls::show_steer_values()),
        )?;
    }
    // The maze's speed slider and the Code view's: one setting, both
    // sliders showing it.
    for id in ["speed", "code-speed"] {
        listen(
            id,
            "input",
            Box::new(move |app, _| {
                let slider: u32 = input(id)?.value().parse().unwrap_or(0);
                app.settings.speed = Speed::from_slider(slider);
                for (other, label) in [("speed", "speed-value"), ("code-speed", "code-speed-value")]
                {
                    if other != id {
                        input(other)?.set_value(&slider.to_string());
                    }
                    dom::set_text(label, &speed_label(app.settings.speed));
                }
                app.sync_url();
                Ok(())
            }),
        )?;
    }
    listen(
        "new-seed",
        "click",
        Box::new(|app, _| {
            app.settings.seed = fresh_seed();
            app.show_settings()?;
            app.rebuild()
        }),
    )?;
    listen("new-maze", "click", Box::new(|app, _| app.new_maze()))?;
    listen(
        "play",
        "click",
        Box::new(|app, _| app.toggle_timeline_play()),
    )?;
    listen("step", "click", Box::new(|app, _| app.step_forward()))?;
    listen(
        "tl-play",
        "click",
        Box::new(|app, _| app.toggle_timeline_play()),
    )?;
    listen("tl-back", "click", Box::new(|app, _| app.step_back()))?;
    listen("tl-forward", "click", Box::new(|app, _| app.step_forward()))?;
    listen("tl-start", "click", Box::new(|app, _| app.seek_start()))?;
    listen("tl-end", "click", Box::new(|app, _| app.seek_end()))?;
    listen(
        "tl-slider",
        "input",
        Box::new(|app, _| {
            let value: u64 = input("tl-slider")?.value().parse().unwrap_or(0);
            app.seek_quietly(value)
        }),
    )?;
    listen(
        "tl-slider",
        "change",
        Box::new(|app, _| {
            app.sync_url();
            Ok(())
        }),
    )?;
    listen("finish", "click", Box::new(|app, _| app.finish()))?;
    listen(
        "patterns",
        "change",
        Box::new(|app, _| {
            let palette = theme::set_patterns(input("patterns")?.checked());
            for panel in &mut app.panels {
                panel.set_palette(palette)?;
            }
            Ok(())
        }),
    )?;
    listen(
        "distance",
        "change",
        Box::new(|app, _| {
            app.distance = input("distance")?.checked();
            for panel in &mut app.panels {
                panel.set_distance_colouring(app.distance);
                panel.blit()?;
            }
            Ok(())
        }),
    )?;
    for (id, kind) in [
        ("export-png", "png"),
        ("export-svg", "svg"),
        ("export-plot", "plot"),
        ("export-pdf", "pdf"),
        ("export-txt", "txt"),
        ("export-json", "json"),
        ("export-stl", "stl"),
    ] {
        listen(
            id,
            "click",
            Box::new(move |app, _| {
                if cfg!(feature = "first") {
                    // Downloads come with the full module, which then
                    // presses this button again.
                    app.sync_url();
                    super::handover::to_full(Some(id));
                    return Ok(());
                }
                app.export(kind)
            }),
        )?;
    }
    listen(
        "document",
        "keydown",
        Box::new(|app, event| {
            let at = keys::Where {
                view: app.settings.view,
                mode: app.mode,
            };
            match keys::read(event, at) {
                Some(key) => app.update(Msg::Key(key)),
                None => Ok(()),
            }
        }),
    )?;
    mount_tabs(&mut listen)?;
    if !cfg!(feature = "first") && dom::by_id_opt("lab").is_some() {
        mount_lab(&mut listen)?;
    }
    if !cfg!(feature = "first") && dom::by_id_opt("code").is_some() {
        mount_code(&mut listen)?;
    }
    listen(
        "solver",
        "change",
        Box::new(|app, _| {
            let name = select("solver")?.value();
            app.settings.solver = solve::find(&name).map_err(|e| e.to_string())?.name;
            for panel in &app.panels {
                panel.solver_pick.set_value(app.settings.solver);
            }
            app.show_settings()?;
            app.sync_url();
            Ok(())
        }),
    )?;
    listen("solve", "click", Box::new(|app, _| app.solve()))?;
    listen("play-maze", "click", Box::new(|app, _| app.play(0)))?;
    listen("describe", "click", Box::new(|app, _| app.describe_maze()))?;
    listen("level", "input", Box::new(|app, _| app.view_level()))?;
    for (id, side) in [
        ("level-up", 4),
        ("level-down", 5),
        ("level-ana", 6),
        ("level-kata", 7),
    ] {
        listen(id, "click", Box::new(move |app, _| app.play_side(side)))?;
    }
    listen(
        "clear-solve",
        "click",
        Box::new(|app, _| {
            let (start, goal) = app.current_ends();
            app.mode = super::mode::Mode::Normal;
            app.set_ends(start, goal)
        }),
    )?;
    listen("mc-run", "click", Box::new(|app, _| app.monte_carlo()))?;
    listen(
        "target-run",
        "click",
        Box::new(|app, _| app.difficulty_target()),
    )?;
    for kind in ["pointerdown", "pointermove", "pointerup", "pointercancel"] {
        listen(
            "panels",
            kind,
            Box::new(|app, event| app.update(Msg::Pointer(event.clone()))),
        )?;
    }
    if !cfg!(feature = "first") && dom::by_id_opt("walk").is_some() {
        mount_walk(&mut listen)?;
    }
    listen(
        "panels",
        "wheel",
        Box::new(|app, event| app.update(Msg::Wheel(event.clone()))),
    )?;
    // The middle button's click would open a link's autoscroll; the menu of
    // a right click stays.
    listen(
        "panels",
        "auxclick",
        Box::new(|_, event| {
            event.prevent_default();
            Ok(())
        }),
    )?;
    listen(
        "zoom-in",
        "click",
        Box::new(|app, _| app.zoom_centre(ZOOM_STEP)),
    )?;
    listen(
        "zoom-out",
        "click",
        Box::new(|app, _| app.zoom_centre(1.0 / ZOOM_STEP)),
    )?;
    listen("zoom-fit", "click", Box::new(|app, _| app.fit()))?;
    listen("window", "resize", Box::new(|app, _| app.on_resize()))?;
    // The stage's boxes also change without the window (a phone's address
    // bar, a collapsed group): the observer re-fits on any change.
    let observer = {
        let app = app.clone();
        let callback = Closure::<dyn FnMut()>::new(move || {
            if let Ok(mut app) = app.try_borrow_mut() {
                if let Err(e) = app.on_resize() {
                    dom::show_error(&dom::describe(&e));
                }
            }
        });
        let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref())?;
        observer.observe(&dom::by_id::<web_sys::Element>("panels")?);
        (observer, callback)
    };
    listen("theme", "click", Box::new(|app, _| app.toggle_theme()))?;
    listen("help-open", "click", Box::new(|_, _| keys::toggle_help()))?;
    listen(
        "mask-paint",
        "change",
        Box::new(|app, _| app.set_mask_mode(input("mask-paint")?.checked())),
    )?;
    listen("mask-clear", "click", Box::new(|app, _| app.clear_mask()))?;
    listen(
        "mask-text-apply",
        "click",
        Box::new(|app, _| app.mask_from_text()),
    )?;
    // A picture loads in two steps: the file becomes the hidden image's
    // source, and the image's load event makes the mask. The chooser is
    // emptied as it opens, so choosing the same file again (after clearing
    // the mask) loads it again, while the name of the file chosen stays in
    // view; the file's address is let go once the image has it.
    listen(
        "mask-file",
        "click",
        Box::new(|_, _| {
            input("mask-file")?.set_value("");
            Ok(())
        }),
    )?;
    listen(
        "mask-file",
        "change",
        Box::new(|_, _| {
            let file = input("mask-file")?.files().and_then(|f| f.get(0));
            if let Some(file) = file {
                let url = web_sys::Url::create_object_url_with_blob(&file)?;
                dom::by_id::<web_sys::HtmlImageElement>("mask-image")?.set_src(&url);
            }
            Ok(())
        }),
    )?;
    listen(
        "mask-image",
        "load",
        Box::new(|app, _| {
            let made = app.mask_from_image();
            super::mask::forget_mask_image_url()?;
            made
        }),
    )?;
    listen(
        "mask-image",
        "error",
        Box::new(|_, _| {
            dom::show_notice(
                "mask not used: that file is not a picture the browser can read \
                 (a PNG, JPEG, GIF, WebP or SVG image)",
            );
            super::mask::forget_mask_image_url()
        }),
    )?;
    app.borrow().show_hint();

    let frame: FrameLoop = Rc::new(RefCell::new(None));
    let frame_request: FrameRequest = Rc::default();
    let next = frame.clone();
    let requested = frame_request.clone();
    let frame_app = app.clone();
    *frame.borrow_mut() = Some(Closure::new(move |timestamp: f64| {
        if let Ok(mut app) = frame_app.try_borrow_mut() {
            if let Err(e) = app.frame(timestamp) {
                dom::show_error(&dom::describe(&e));
            }
        }
        if let (Some(window), Some(callback)) = (web_sys::window(), next.borrow().as_ref()) {
            if let Ok(id) = window.request_animation_frame(callback.as_ref().unchecked_ref()) {
                requested.set(id);
            }
        }
    }));
    Ok(AppHandle {
        app,
        listeners,
        frame,
        frame_request,
        observer: Some(observer),
    })
}

/// Wires the Maze / Lab / Code tabs.
fn mount_tabs(
    listen: &mut impl FnMut(&str, &'static str, Handler) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    for (id, view) in views::tabs() {
        if dom::by_id_opt(id).is_none() {
            continue;
        }
        listen(
            id,
            "click",
            Box::new(move |app, _| {
                app.settings.view = view;
                if !super::handover::shows_here(view) {
                    app.sync_url();
                    super::handover::to_full(None);
                    return Ok(());
                }
                views::set_view(view)?;
                if cfg!(feature = "first") {
                    // Only the maze view is here (`handover::shows_here`).
                } else if view == crate::settings::View::Code {
                    app.code_view_shown()?;
                } else {
                    app.code_view_hidden();
                }
                if !cfg!(feature = "first") && view == crate::settings::View::Lab {
                    app.lab_view_shown()?;
                }
                if !cfg!(feature = "first") && view == crate::settings::View::Walk {
                    app.walk_view_shown()?;
                } else {
                    // Leaving the walk: the panel is the stage again.
                    app.fitted = true;
                    app.lay_out(true)?;
                }
                app.sync_url();
                Ok(())
            }),
        )?;
    }
    Ok(())
}

/// Wires the walk view: its buttons and a drag on its picture to look round.
fn mount_walk(
    listen: &mut impl FnMut(&str, &'static str, Handler) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    use super::walk::Command;
    for (id, command) in [
        ("walk-forward", Command::Forward),
        ("walk-back", Command::Back),
        ("walk-left", Command::Left),
        ("walk-right", Command::Right),
        ("walk-up", Command::Up),
        ("walk-down", Command::Down),
    ] {
        listen(
            id,
            "click",
            Box::new(move |app, _| app.walk_command(command)),
        )?;
    }
    listen(
        "walk-way",
        "click",
        Box::new(|app, _| app.walk_toggle_way()),
    )?;
    listen(
        "walk-autopilot",
        "click",
        Box::new(|app, _| app.walk_toggle_autopilot()),
    )?;
    for kind in ["pointerdown", "pointermove", "pointerup", "pointercancel"] {
        listen(
            "walk-canvas",
            kind,
            Box::new(move |app, event| {
                let Some(p) = event.dyn_ref::<web_sys::PointerEvent>() else {
                    return Ok(());
                };
                let at = (f64::from(p.client_x()), f64::from(p.client_y()));
                match kind {
                    "pointerdown" => {
                        app.walk.drag = Some(at);
                        if let Some(el) = p
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        {
                            let _ = el.set_pointer_capture(p.pointer_id());
                        }
                    }
                    "pointermove" => {
                        if let Some(from) = app.walk.drag {
                            app.walk.drag = Some(at);
                            app.walk_look(at.0 - from.0, at.1 - from.1)?;
                        }
                    }
                    _ => app.walk.drag = None,
                }
                Ok(())
            }),
        )?;
    }
    Ok(())
}

/// Wires the Code view: Run, the language and the starters.
fn mount_code(
    listen: &mut impl FnMut(&str, &'static str, Handler) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    listen("code-run", "click", Box::new(|app, _| app.run_program()))?;
    listen("code-lang", "change", Box::new(|app, _| app.choose_lang()))?;
    listen(
        "code-starter",
        "change",
        Box::new(|app, _| app.load_starter()),
    )
}

/// Wires the lab's form and buttons.
fn mount_lab(
    listen: &mut impl FnMut(&str, &'static str, Handler) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    listen(
        "lab-form",
        "change",
        Box::new(|app, _| {
            match lab::view::read_form() {
                Ok(settings) => {
                    // A new shape starts at its own default size.
                    let shape = select("lab-shape")?.value();
                    let mut settings = settings;
                    if shape != app.settings.lab.shape.name() {
                        settings.set("lab_shape", &shape)?;
                    }
                    app.settings.lab = settings;
                    lab::view::show(&app.settings.lab)?;
                    app.sync_url();
                    if !app.lab.is_running() {
                        lab::view::show_status("idle", "")?;
                    }
                }
                Err(message) => lab::view::show_status("invalid", &message)?,
            }
            Ok(())
        }),
    )?;
    listen(
        "lab-form",
        "submit",
        Box::new(|app, event| {
            event.prevent_default();
            app.lab_run()
        }),
    )?;
    listen("lab-cancel", "click", Box::new(|app, _| app.lab_cancel()))?;
    listen(
        "lab-csv",
        "click",
        Box::new(|app, _| app.lab_download("csv")),
    )?;
    listen(
        "lab-json",
        "click",
        Box::new(|app, _| app.lab_download("json")),
    )?;
    Ok(())
}
