//! What the walk view's eye sees: the scene built again when the walker's
//! cell, the maze, the marks or the theme change, the camera placed (stood
//! back from the cell's middle, risen over the walls while the maze
//! carves), and a frame drawn only when it would differ from the last, at
//! a resolution that follows the frame rate.

use super::said::show;
use super::Walk;
use crate::walk::camera;
use crate::walk::scene::{Colours, Marks, BOX_FLOATS, TILE_FLOATS, VIEW};
use crate::walk::{Ground, Walker};
use crate::web::clock::now_ms;
use crate::web::dom;
use crate::web::panel::Panel;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// The eye's height over the floor.
const EYE: f64 = 0.5;
/// How far back from the cell's centre the eye stands, as a share of the
/// way to the nearest wall: a wall faced close fills the view otherwise.
const SETBACK: f64 = 0.55;
/// While the maze is still carving the eye rises this far, looking down,
/// and follows the cell at work to watch the walls sink round it; it
/// comes back down to the walker over about `LIFT_MS` once the carving is
/// done.
const LIFT: f64 = 1.7;
const LIFT_PITCH: f64 = -0.55;
pub(in crate::web) const LIFT_MS: f64 = 500.0;
/// How far a frame takes the eye toward the carving's current cell: it
/// glides after the carving instead of jumping with every step.
const WATCH_GLIDE: f64 = 0.2;
/// The most device pixels the view draws across (a software renderer's
/// frame rate falls with the pixels).
const MAX_WIDTH_PX: f64 = 1600.0;
/// The frame gaps the drawing resolution is held between: slower than
/// `SLOW_MS` a frame and it draws fewer pixels (down to `MIN_SCALE` of
/// the box's), faster than `FAST_MS` and more (up to all): a software
/// renderer keeps its frame rate, a graphics card draws sharp.
const SLOW_MS: f64 = 26.0;
const FAST_MS: f64 = 18.0;
const MIN_SCALE: f64 = 0.3;

/// The drawing resolution, following the frame rate.
pub(in crate::web) struct Scale {
    pub(in crate::web) share: f64,
    gap_ms: f64,
    frames_since: u32,
}

impl Default for Scale {
    fn default() -> Scale {
        // Begun below all, so a slow renderer is not slow for long, and a
        // fast one is sharp within a second.
        Scale {
            share: 0.6,
            gap_ms: 16.7,
            frames_since: 0,
        }
    }
}

impl Scale {
    /// Takes one frame's gap; every few frames moves the share a step
    /// toward the frame gaps wanted.
    pub(in crate::web) fn follow(&mut self, gap_ms: f64) {
        if gap_ms <= 0.0 || gap_ms > 250.0 {
            return;
        }
        self.gap_ms += (gap_ms - self.gap_ms) * 0.2;
        self.frames_since += 1;
        if self.frames_since < 6 {
            return;
        }
        let share = if self.gap_ms > SLOW_MS {
            self.share * 0.85
        } else if self.gap_ms < FAST_MS {
            self.share * 1.06
        } else {
            self.share
        };
        let share = share.clamp(MIN_SCALE, 1.0);
        if (share - self.share).abs() > 1e-9 {
            self.share = share;
            self.frames_since = 0;
        }
    }
}

/// Builds the scene if it changed, draws it and writes the attributes.
pub(in crate::web) fn draw(
    walk: &mut Walk,
    panel: &Panel,
    walker: &Walker,
    timestamp: f64,
) -> Result<(), JsValue> {
    let Ok(ground) = Ground::new(&panel.shape) else {
        return Ok(());
    };
    let grid = panel.maze();
    let step = panel.step();
    // While the maze carves, the risen eye follows the carving: it stands
    // over the cell at work (gliding there), and the scene is built round
    // that cell.
    let cursor = panel
        .scene
        .cursor
        .filter(|_| !panel.is_done() && walk.lift > 0.0);
    let watcher = cursor.map(|c| walker.watching(c));
    let seen = watcher.as_ref().unwrap_or(walker);
    if cursor.is_some() || walk.watch.is_some() {
        if let Some(el) = dom::by_id_opt("walk") {
            match cursor {
                Some(c) => el.set_attribute("data-watching", &c.to_string())?,
                None => el.remove_attribute("data-watching")?,
            }
        }
    }
    let colours = Colours::from_palette(crate::web::theme::current());
    let around = seen.anchors();
    let rebuild = walk.stale
        || walk.scene.animating
        || walk.built_step != Some(step)
        || walk.built_around != Some(around)
        || walk.built_colours != Some(colours);
    if rebuild {
        let marks = Marks {
            start: panel.solving.start,
            goal: panel.solving.goal,
            way: &walk.way,
            carving: !panel.is_done(),
        };
        walk.scene
            .build(&ground, grid, seen, &marks, &colours, timestamp);
        if let Some(r) = &walk.renderer {
            r.upload(&walk.scene);
        }
        walk.stale = false;
        walk.built_step = Some(step);
        walk.built_around = Some(around);
        walk.built_colours = Some(colours);
    }
    if let Some(r) = &walk.renderer {
        let canvas: HtmlCanvasElement = dom::by_id("walk-canvas")?;
        let size = fit_canvas(&canvas, walk.scale.share);
        let (mut eye, frame) = seen.eye(&ground, grid);
        if cursor.is_some() {
            let from = walk.watch.unwrap_or(eye.at);
            eye.at = (
                from.0 + WATCH_GLIDE * (eye.at.0 - from.0),
                from.1 + WATCH_GLIDE * (eye.at.1 - from.1),
            );
        }
        walk.watch = cursor.map(|_| eye.at);
        let back = SETBACK * ground.inradius(frame);
        let at = [
            eye.at.0 - back * eye.yaw.cos(),
            eye.alt + EYE + LIFT * walk.lift,
            eye.at.1 - back * eye.yaw.sin(),
        ];
        let pitch = walk.pitch + LIFT_PITCH * walk.lift;
        let sky = colours.sky.map(f64::from);
        let view = [
            at[0],
            at[1],
            at[2],
            eye.yaw,
            pitch,
            f64::from(size.0),
            f64::from(size.1),
            sky[0] + 2.0 * sky[1] + 4.0 * sky[2],
        ];
        walk.drew_last = rebuild || walk.drawn != Some(view);
        if !walk.drew_last {
            let open_ms = walk.opened_ms.take().map(|t| now_ms() - t);
            return show(walk, panel, walker, open_ms);
        }
        walk.drawn = Some(view);
        let aspect = f64::from(size.0) / f64::from(size.1.max(1));
        let matrix = camera::multiply(
            &camera::perspective(1.15, aspect, 0.04, VIEW + 2.0),
            &camera::view(at, eye.yaw, pitch),
        );
        r.draw(
            size,
            &matrix,
            at.map(|v| v as f32),
            &colours,
            walk.scene.boxes.len() / BOX_FLOATS,
            walk.scene.tiles.len() / TILE_FLOATS,
        );
        walk.frames += 1;
    }
    let open_ms = walk.opened_ms.take().map(|t| now_ms() - t);
    show(walk, panel, walker, open_ms)
}

/// Sizes the canvas to `share` of its box in device pixels (at most
/// `MAX_WIDTH_PX` across) and returns that size.
fn fit_canvas(canvas: &HtmlCanvasElement, share: f64) -> (u32, u32) {
    let (w, h) = (
        f64::from(canvas.client_width()),
        f64::from(canvas.client_height()),
    );
    let dpr = (crate::web::stage::device_pixel_ratio() * share).min(MAX_WIDTH_PX / w.max(1.0));
    let (dw, dh) = (
        (w * dpr).round().max(1.0) as u32,
        (h * dpr).round().max(1.0) as u32,
    );
    if canvas.width() != dw || canvas.height() != dh {
        canvas.set_width(dw);
        canvas.set_height(dh);
    }
    (dw, dh)
}
