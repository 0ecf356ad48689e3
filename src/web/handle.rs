//! The running app as a handle: the page keeps one alive; the browser tests
//! drive and read the app through it. Dropping it detaches every listener
//! and stops the frame loop.

use super::app::App;
use crate::grid::Grid;
use crate::render::text::ascii;
use crate::shape::Cell;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// An attached listener, kept so that dropping the app detaches it.
pub(super) type Listener = (
    web_sys::EventTarget,
    &'static str,
    Closure<dyn FnMut(web_sys::Event)>,
);
/// The frame callback, shared with itself so it can request the next frame.
pub(super) type FrameLoop = Rc<RefCell<Option<Closure<dyn FnMut(f64)>>>>;
/// The frame last requested, to cancel when the app goes: a request left
/// would call a dropped callback.
pub(super) type FrameRequest = Rc<std::cell::Cell<i32>>;

/// The running app; dropping it stops the frame loop and the listeners.
pub struct AppHandle {
    pub(super) app: Rc<RefCell<App>>,
    pub(super) listeners: Vec<Listener>,
    pub(super) frame: FrameLoop,
    pub(super) frame_request: FrameRequest,
    /// The stage's resize observer and its callback.
    pub(super) observer: Option<(web_sys::ResizeObserver, Closure<dyn FnMut()>)>,
}

impl Drop for AppHandle {
    fn drop(&mut self) {
        for (target, kind, closure) in &self.listeners {
            let _ =
                target.remove_event_listener_with_callback(kind, closure.as_ref().unchecked_ref());
        }
        if let Some(window) = web_sys::window() {
            let _ = window.cancel_animation_frame(self.frame_request.get());
        }
        self.frame.borrow_mut().take();
        if let Some((observer, _)) = self.observer.take() {
            observer.disconnect();
        }
    }
}

thread_local! {
    static MOUNTED: RefCell<Option<AppHandle>> = const { RefCell::new(None) };
}

/// Keeps the page's app alive for the life of the page.
pub fn keep_alive(handle: AppHandle) {
    MOUNTED.with(|m| *m.borrow_mut() = Some(handle));
}

/// Calls `f` with the page's app, if it has one.
pub(super) fn with_mounted<R>(f: impl FnOnce(&AppHandle) -> R) -> Option<R> {
    MOUNTED.with(|m| m.borrow().as_ref().map(f))
}

/// Lets the first module go before the full one mounts (`www/boot.js`,
/// handing over: `handover`): its listeners, frame loop and observer are
/// dropped with its app.
#[cfg(feature = "first")]
#[wasm_bindgen]
pub fn unmount() {
    // Taken out first: dropping it must not find the cell borrowed.
    let handle = MOUNTED.with(|m| m.borrow_mut().take());
    drop(handle);
}

impl AppHandle {
    /// Runs every panel to the end and draws it (the "finish" button), and
    /// writes the metrics at once rather than on the next frame.
    pub fn finish(&self) -> Result<(), JsValue> {
        let mut app = self.app.borrow_mut();
        app.finish()?;
        app.write_metrics();
        Ok(())
    }

    /// Writes the metrics of finished mazes now (the frame loop does this).
    pub fn flush(&self) {
        self.app.borrow_mut().write_metrics();
    }

    /// Advances every panel by `steps` events and draws (the frame loop's
    /// work), with the readouts written at once: a test's frames come
    /// faster than the page's readouts follow (`Clock::readouts_due`).
    pub fn advance(&self, steps: u64) -> Result<(), JsValue> {
        let mut app = self.app.borrow_mut();
        app.advance(steps)?;
        app.maze.clock.readouts_now();
        app.show_status();
        Ok(())
    }

    /// Shows step `step` of the carving (or, once a solve has run, of the
    /// solve) in every panel, as the timeline's slider does.
    pub fn seek(&self, step: u64) -> Result<(), JsValue> {
        self.app.borrow_mut().seek(step)
    }

    /// The step panel `index`'s maze shows.
    pub fn panel_step(&self, index: usize) -> Option<u64> {
        Some(self.app.borrow().maze.panels.get(index)?.step())
    }

    /// The query string that reproduces what is on screen.
    pub fn query(&self) -> String {
        self.app.borrow().settings.to_query()
    }

    /// Panel `index`'s maze as ascii text (no ends), once it exists.
    pub fn maze_text(&self, index: usize) -> Option<String> {
        let app = self.app.borrow();
        app.maze
            .panels
            .get(index)
            .map(|p| ascii::render(p.maze(), None, None))
    }

    /// Runs every started solver to the end.
    pub fn finish_solve(&self) -> Result<(), JsValue> {
        self.app.borrow_mut().advance_solve(u64::MAX)
    }

    /// Advances every started solver by `steps` events, painting each (the
    /// frame loop's work while solving).
    pub fn advance_solve(&self, steps: u64) -> Result<(), JsValue> {
        self.app.borrow_mut().advance_solve(steps)
    }

    /// Panel `index`'s solver path, once found.
    pub fn solution(&self, index: usize) -> Option<Vec<Cell>> {
        self.app
            .borrow()
            .maze
            .panels
            .get(index)?
            .solution()
            .map(<[Cell]>::to_vec)
    }

    /// Panel `index`'s solver counts: cells explored and steps.
    pub fn solve_counts(&self, index: usize) -> Option<(u32, u64)> {
        Some(self.app.borrow().maze.panels.get(index)?.solve_counts())
    }

    /// Panel `index`'s overlay pixels as painted.
    pub fn overlay_pixels(&self, index: usize) -> Option<Vec<u8>> {
        Some(
            self.app
                .borrow_mut()
                .maze
                .panels
                .get_mut(index)?
                .overlay_rgba(),
        )
    }

    /// The player's trail in the panel being played.
    pub fn trail(&self) -> Vec<Cell> {
        let app = self.app.borrow();
        app.maze
            .panels
            .get(app.play.panel)
            .map_or_else(Vec::new, |p| p.solving.trail.clone())
    }

    /// The start and goal cells.
    pub fn ends(&self) -> (Cell, Cell) {
        self.app.borrow().current_ends()
    }

    /// Where a cell's centre is on screen (client coordinates), for pointing at it.
    pub fn cell_centre(&self, panel: usize, cell: Cell) -> Option<(f64, f64)> {
        let app = self.app.borrow();
        let p = app.maze.panels.get(panel)?;
        let (x, y) = p.centre_px(cell);
        let rect = p.client_rect();
        let sx = rect.width() / f64::from(p.overlay_canvas.width());
        let sy = rect.height() / f64::from(p.overlay_canvas.height());
        Some((rect.left() + x * sx, rect.top() + y * sy))
    }

    /// Zooms every panel by `factor` around the canvases' centre.
    pub fn zoom(&self, factor: f64) -> Result<(), JsValue> {
        self.app.borrow_mut().zoom_centre(factor)
    }

    /// Pans every panel by CSS pixels.
    pub fn pan(&self, dx: f64, dy: f64) -> Result<(), JsValue> {
        self.app.borrow_mut().pan_by(dx, dy)
    }

    /// Back to the whole maze.
    pub fn fit(&self) -> Result<(), JsValue> {
        self.app.borrow_mut().fit()
    }

    /// Panel `index`'s zoom: device pixels per cell.
    pub fn pitch(&self, index: usize) -> Option<f64> {
        Some(self.app.borrow().maze.panels.get(index)?.layout().pitch)
    }

    /// A copy of panel `index`'s maze.
    pub fn grid(&self, index: usize) -> Option<Grid> {
        self.app
            .borrow()
            .maze
            .panels
            .get(index)
            .map(|p| p.maze().clone())
    }

    /// How many panels are shown.
    pub fn panel_count(&self) -> usize {
        self.app.borrow().maze.panels.len()
    }

    /// Panel `index`'s maze canvas.
    pub fn canvas(&self, index: usize) -> Option<Element> {
        Some(
            self.app
                .borrow()
                .maze
                .panels
                .get(index)?
                .canvas
                .clone()
                .into(),
        )
    }
}
