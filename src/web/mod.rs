//! The browser side: the only module that names wasm_bindgen, web_sys or
//! js_sys. It consumes engine events and knows no algorithm.
//!
//! - `app`: the app's state (the settings, the maze on the stage, each
//!   view's own state) and `update`, which applies the views' messages;
//!   `msg`: every message; `events`: which page event asks for which
//!   message; `update/`:
//!   how it applies them, a file a view, and the run (build, frames,
//!   solve); `mode`: what clicks do and whether the maze runs;
//!   `mailbox`: how a waiting view sends its messages up;
//! - `panel`: one maze on one canvas pair; `blit`: pixels to a canvas;
//! - the views, each its own state and drawing, none naming `App`:
//!   `stage` (canvas sizes, zoom, pan), `pointer` and `keys` (input read
//!   as messages), `play` (tracing the path by hand), `mask` (the mask
//!   tools), `status` (the status line), `timeline` (the bar that scrubs
//!   the carving or the solve), `steps` (the algorithm's numbered steps),
//!   `controls` (the form), `lab`, `code`, `walk` (the maze from inside,
//!   WebGL2), `difficulty`, `sheet_fonts` (the printable sheet's fonts,
//!   fetched when a title needs one);
//! - `mount`: sending the page's events to `update`; `handle`: the running
//!   app as tests and the page hold it; `handover`: the first-visit module
//!   and the full one; `theme`: light and dark; `dom`: element helpers.

mod app;
mod blit;
mod clock;
mod code;
mod controls;
mod difficulty;
mod dom;
mod events;
mod handle;
mod handover;
mod keys;
mod lab;
mod mailbox;
mod mask;
mod mode;
mod mount;
mod msg;
mod narration;
mod panel;
mod play;
mod pointer;
mod sheet_fonts;
mod stage;
mod status;
mod steps;
mod texture_controls;
mod theme;
mod timeline;
mod update;
mod views;
mod walk;

pub use handle::{keep_alive, AppHandle};
pub use mount::mount;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Runs when the module loads: installs the panic hook and mounts the app if
/// the page has its markup (the browser tests mount it themselves).
#[wasm_bindgen(start)]
pub fn start() {
    install_panic_hook();
    // In a lab worker there is no window and nothing to mount: the worker
    // only calls the lab's functions.
    if web_sys::window().is_none() {
        return;
    }
    // Where page-load time goes: the module is running from here on.
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark("mazelab-start");
    }
    // The module's script is async (`tools/load-early`): the wasm compiles
    // while the browser still reads the page, and may be ready first. Then
    // the app mounts once the markup is all there.
    let document = dom::document();
    if document.ready_state() == "loading" {
        let later = Closure::once_into_js(mount_page);
        let _ =
            document.add_event_listener_with_callback("DOMContentLoaded", later.unchecked_ref());
    } else {
        mount_page();
    }
}

/// Mounts the app if the page has its markup (the browser tests mount it
/// themselves).
fn mount_page() {
    if dom::by_id_opt("panels").is_none() {
        return;
    }
    let link = mount::Link::read();
    if cfg!(feature = "first") && !link.runs_here() {
        // A link the first module leaves to the full one: nothing mounted.
        handover::to_full(None);
        return;
    }
    if !cfg!(feature = "first") {
        // The full module mounts in one go: it starts on a link that
        // wants it, a big maze or another view, where the task hop would
        // only delay the picture.
        match mount::mount_link(link) {
            Ok(handle) => {
                keep_alive(handle);
                handover::press_what_was_asked();
            }
            Err(e) => could_not_start(&e),
        }
        return;
    }
    // The first-visit module builds its maze in a task after the wiring: a
    // slow phone then has two shorter tasks to run, and a paint between.
    match mount::wire(link) {
        Ok(handle) => {
            keep_alive(handle);
            let draw = Closure::once_into_js(|| match handle::with_mounted(mount::draw) {
                Some(Err(e)) => could_not_start(&e),
                _ => handover::press_what_was_asked(),
            });
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback(draw.unchecked_ref());
            }
        }
        Err(e) => could_not_start(&e),
    }
}

/// A mount that failed, on the page.
fn could_not_start(e: &JsValue) {
    dom::show_error(&format!("mazelab could not start: {}", dom::describe(e)));
}

/// Panics go to the console with a stack trace and to the page as a message.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        dom::show_error(&format!(
            "mazelab hit a bug and stopped: {info}\nReload the page to start again."
        ));
    }));
}
