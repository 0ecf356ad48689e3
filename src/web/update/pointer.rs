//! How the app applies the pointer on the stage (`pointer`): clicks set
//! the ends or play, drags move a marker, pan or paint the mask, the wheel
//! and a pinch zoom.

use crate::web::app::App;
use crate::web::mode::{Marker, Mode};
use crate::web::pointer::{pinch_of, WHEEL_LINE_PX, WHEEL_ZOOM_PER_PX};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, MouseEvent, PointerEvent, WheelEvent};

impl App {
    /// The panel whose overlay is the event's target.
    fn panel_of(&self, event: &Event) -> Option<usize> {
        let target = event.target()?;
        self.maze
            .panels
            .iter()
            .position(|p| JsValue::from(&p.overlay_canvas) == JsValue::from(&target))
    }

    /// A client point as canvas pixels of panel `index`.
    fn canvas_point(&self, index: usize, cx: f64, cy: f64) -> (f64, f64) {
        let panel = &self.maze.panels[index];
        let rect = panel.client_rect();
        panel.to_canvas_px(cx - rect.left(), cy - rect.top())
    }

    /// Pan and pinch; returns whether the event belonged to one.
    fn on_gesture(&mut self, event: &Event, mouse: &MouseEvent) -> Result<bool, JsValue> {
        let pointer = event.dyn_ref::<PointerEvent>();
        let touch = pointer.is_some_and(|p| p.pointer_type() == "touch");
        let id = pointer.map_or(1, PointerEvent::pointer_id);
        let (cx, cy) = (f64::from(mouse.client_x()), f64::from(mouse.client_y()));
        match event.type_().as_str() {
            "pointerdown" if touch => {
                self.stage.pointer.gesture.touches.retain(|t| t.0 != id);
                self.stage.pointer.gesture.touches.push((id, cx, cy));
                if self.stage.pointer.gesture.touches.len() == 2 {
                    // A second finger: the first one's click or drag is off.
                    self.stage.pointer.gesture.pinch =
                        pinch_of(&self.stage.pointer.gesture.touches);
                    self.stage.pointer.pending_click = None;
                    self.stage.pointer.drag = None;
                    self.stage.pointer.down = false;
                    return Ok(true);
                }
                Ok(self.stage.pointer.gesture.touches.len() > 2)
            }
            "pointerdown" if mouse.button() == 1 || mouse.shift_key() => {
                event.prevent_default();
                self.stage.pointer.gesture.pan_from = Some((cx, cy));
                if let (Some(p), Some(el)) = (pointer, event.target()) {
                    if let Ok(el) = el.dyn_into::<web_sys::Element>() {
                        let _ = el.set_pointer_capture(p.pointer_id());
                        let _ = el.parent_element().map(|s| s.class_list().add_1("panning"));
                    }
                }
                Ok(true)
            }
            "pointermove" => {
                if let Some(t) = self
                    .stage
                    .pointer
                    .gesture
                    .touches
                    .iter_mut()
                    .find(|t| t.0 == id)
                {
                    *t = (id, cx, cy);
                }
                if let (Some((d0, mx0, my0)), Some((d1, mx1, my1))) = (
                    self.stage.pointer.gesture.pinch,
                    pinch_of(&self.stage.pointer.gesture.touches),
                ) {
                    self.stage.pointer.gesture.pinch = Some((d1, mx1, my1));
                    if let Some(index) = self.panel_of(event) {
                        let (px, py) = self.canvas_point(index, mx1, my1);
                        self.zoom_at(d1 / d0, px, py)?;
                    }
                    self.pan_by(mx1 - mx0, my1 - my0)?;
                    return Ok(true);
                }
                if let Some((x0, y0)) = self.stage.pointer.gesture.pan_from {
                    self.stage.pointer.gesture.pan_from = Some((cx, cy));
                    self.pan_by(cx - x0, cy - y0)?;
                    return Ok(true);
                }
                Ok(false)
            }
            _ => {
                let was_pinch = self.stage.pointer.gesture.pinch.is_some();
                self.stage.pointer.gesture.touches.retain(|t| t.0 != id);
                if self.stage.pointer.gesture.touches.len() < 2 {
                    self.stage.pointer.gesture.pinch = None;
                }
                if self.stage.pointer.gesture.pan_from.take().is_some() {
                    for p in &self.maze.panels {
                        let _ = p
                            .overlay_canvas
                            .parent_element()
                            .map(|s| s.class_list().remove_1("panning"));
                    }
                    return Ok(true);
                }
                // The last finger of a pinch lifting is no click.
                Ok(was_pinch || !self.stage.pointer.gesture.touches.is_empty())
            }
        }
    }

    /// The mask brush: down starts a stroke, moves extend it, up applies it.
    fn on_mask_pointer(
        &mut self,
        event: &Event,
        mouse: &MouseEvent,
        index: usize,
    ) -> Result<(), JsValue> {
        let rect = self.maze.panels[index].client_rect();
        let cell = self.maze.panels[index].cell_under_any(
            f64::from(mouse.client_x()) - rect.left(),
            f64::from(mouse.client_y()) - rect.top(),
        );
        match event.type_().as_str() {
            "pointerdown" if mouse.button() == 0 => {
                event.prevent_default();
                self.stage.pointer.down = true;
                self.stage.pointer.stroke = None;
                if let Some(c) = cell {
                    self.mask_touch(c)?;
                }
            }
            "pointermove" if self.stage.pointer.down => {
                if let Some(c) = cell {
                    self.mask_touch(c)?;
                }
            }
            "pointerup" | "pointercancel" => {
                self.stage.pointer.down = false;
                self.mask_commit()?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Pointer down, move and up on a panel's overlay.
    pub(in crate::web) fn on_pointer(&mut self, event: &Event) -> Result<(), JsValue> {
        let Some(mouse) = event.dyn_ref::<MouseEvent>() else {
            return Ok(());
        };
        if self.on_gesture(event, mouse)? {
            return Ok(());
        }
        let Some(index) = self.panel_of(event) else {
            if matches!(event.type_().as_str(), "pointerup" | "pointercancel") {
                self.stage.pointer.down = false;
                if self.stage.pointer.drag.take().is_some() {
                    self.sync_url();
                }
            }
            return Ok(());
        };
        let rect = self.maze.panels[index].client_rect();
        let cell = self.maze.panels[index].cell_under(
            f64::from(mouse.client_x()) - rect.left(),
            f64::from(mouse.client_y()) - rect.top(),
        );
        if self.mode == Mode::Masking {
            return self.on_mask_pointer(event, mouse, index);
        }
        let (start, goal) = self.current_ends();
        match event.type_().as_str() {
            "pointerdown" => {
                if mouse.button() != 0 {
                    return Ok(());
                }
                event.prevent_default();
                self.stage.pointer.down = true;
                if self.mode == Mode::Playing {
                    if let Some(c) = cell.filter(|_| index == self.play.panel) {
                        self.play_to(c)?;
                    }
                    return Ok(());
                }
                let Some(c) = cell else {
                    return Ok(());
                };
                self.stage.pointer.drag = if c == start {
                    Some(Marker::Start)
                } else if c == goal {
                    Some(Marker::Goal)
                } else {
                    None
                };
                self.stage.pointer.pending_click = self.stage.pointer.drag.is_none().then_some(c);
            }
            "pointermove" => {
                if !self.stage.pointer.down {
                    return Ok(());
                }
                if self.mode == Mode::Playing {
                    if let Some(c) = cell.filter(|_| index == self.play.panel) {
                        self.play_to(c)?;
                    }
                    return Ok(());
                }
                if let (Some(marker), Some(c)) = (self.stage.pointer.drag, cell) {
                    self.stage.pointer.pending_click = None;
                    match marker {
                        Marker::Start if c != goal && c != start => self.set_ends(c, goal)?,
                        Marker::Goal if c != start && c != goal => self.set_ends(start, c)?,
                        _ => {}
                    }
                }
            }
            _ => {
                self.stage.pointer.down = false;
                if self.stage.pointer.drag.take().is_some() {
                    self.sync_url();
                }
                if let Some(c) = self
                    .stage
                    .pointer
                    .pending_click
                    .take()
                    .filter(|&c| Some(c) == cell)
                {
                    match self.stage.pointer.next_click {
                        Marker::Start => {
                            self.stage.pointer.next_click = Marker::Goal;
                            self.set_ends(c, if c == goal { start } else { goal })?;
                        }
                        Marker::Goal => {
                            self.stage.pointer.next_click = Marker::Start;
                            self.set_ends(if c == start { goal } else { start }, c)?;
                        }
                    }
                    self.show_hint();
                }
            }
        }
        Ok(())
    }

    /// The wheel zooms around the pointer.
    pub(in crate::web) fn on_wheel(&mut self, event: &Event) -> Result<(), JsValue> {
        let (Some(wheel), Some(index)) = (event.dyn_ref::<WheelEvent>(), self.panel_of(event))
        else {
            return Ok(());
        };
        event.prevent_default();
        let scale = match wheel.delta_mode() {
            WheelEvent::DOM_DELTA_LINE => WHEEL_LINE_PX,
            WheelEvent::DOM_DELTA_PAGE => 400.0,
            _ => 1.0,
        };
        let factor = (-wheel.delta_y() * scale * WHEEL_ZOOM_PER_PX).exp();
        let (px, py) = self.canvas_point(
            index,
            f64::from(wheel.client_x()),
            f64::from(wheel.client_y()),
        );
        self.zoom_at(factor, px, py)
    }
}
