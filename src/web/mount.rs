//! Mounting the app on the page's markup: reads the URL, fills the pickers,
//! sends every event `events` reads to `App::update`, and starts the frame
//! loop.

use super::app::{App, Msg};
use super::dom::{self, input, select};
use super::events;
use super::handle::{AppHandle, FrameLoop, FrameRequest, Listener};
use super::mailbox::Mailbox;
use super::theme;
use super::views;
use crate::generate::ALGORITHMS;
use crate::rng::fresh_seed;
use crate::settings::Settings;
use crate::solve::SOLVERS;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, EventTarget};

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

/// The PNG's defaults: sharp on this screen (16 pixels a cell for each
/// device pixel a CSS pixel holds: 32 on a retina screen), in the page's
/// theme. Once a page: the full module, mounting after the first-visit
/// one, keeps what the person has chosen since.
fn show_png_defaults(window: &web_sys::Window) -> Result<(), JsValue> {
    let Some(fields) = dom::by_id_opt("png-fields") else {
        return Ok(());
    };
    if fields.has_attribute("data-defaults") {
        return Ok(());
    }
    fields.set_attribute("data-defaults", "")?;
    let ratio = window.device_pixel_ratio().clamp(1.0, 4.0);
    let cell = (16.0 * ratio).round().clamp(2.0, 64.0);
    input("png-cell")?.set_value(&cell.to_string());
    select("png-theme")?.set_value(theme::current().name);
    Ok(())
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
    show_png_defaults(&window)?;
    if let Ok(patterns) = input("patterns") {
        patterns.set_checked(theme::current().patterns);
    }

    let app = Rc::new(RefCell::new(App::new(settings)));
    if !cfg!(feature = "first") {
        let home = Rc::downgrade(&app);
        app.borrow_mut().sheet_fonts.mailbox =
            Mailbox::new(move |fetched| App::deliver(&home, Msg::SheetFont(fetched)));
    }
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
    for events::Wire { id, kind, read } in events::all() {
        let target: EventTarget = match id {
            "window" => window.clone().into(),
            "document" => dom::document()
                .document_element()
                .ok_or("a document element")?
                .into(),
            _ => dom::by_id::<EventTarget>(id)?,
        };
        let app = app.clone();
        let closure = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            // A form never leaves the page, even when the app cannot answer
            // (after a panic it stays borrowed).
            if kind == "submit" {
                event.prevent_default();
            }
            let sent = read(&event).and_then(|msg| match (msg, app.try_borrow_mut()) {
                (Some(msg), Ok(mut app)) => app.update(msg),
                _ => Ok(()),
            });
            if let Err(e) = sent {
                dom::show_error(&dom::describe(&e));
            }
        });
        if kind == "wheel" {
            // The wheel must be able to cancel the page's scroll.
            let options = web_sys::AddEventListenerOptions::new();
            options.set_passive(false);
            target.add_event_listener_with_callback_and_add_event_listener_options(
                kind,
                closure.as_ref().unchecked_ref(),
                &options,
            )?;
        } else {
            target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?;
        }
        listeners.push((target, kind, closure));
    }
    // The stage's boxes also change without the window (a phone's address
    // bar, a collapsed group): the observer re-fits on any change.
    let observer = {
        let app = app.clone();
        let callback = Closure::<dyn FnMut()>::new(move || {
            if let Ok(mut app) = app.try_borrow_mut() {
                if let Err(e) = app.update(Msg::Resize) {
                    dom::show_error(&dom::describe(&e));
                }
            }
        });
        let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref())?;
        observer.observe(&dom::by_id::<web_sys::Element>("panels")?);
        (observer, callback)
    };
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
