//! Pointer input on the stage. One rule tells the gestures apart:
//! - a plain click or drag (mouse button 1, pen, one finger) sets the start
//!   and goal, drags a marker, or traces the path when playing by hand;
//! - dragging with the middle button, or with Shift held, pans;
//! - two fingers pan and pinch-zoom together;
//! - the wheel (and a trackpad's pinch, which arrives as a wheel with Ctrl)
//!   zooms around the pointer.
//!
//! Points off the maze are ignored.

use super::mode::Marker;
use crate::shape::Cell;

/// Wheel zoom per pixel of scroll: 100 px is a factor of about 1.16.
pub(super) const WHEEL_ZOOM_PER_PX: f64 = 0.0015;
/// Pixels per line for wheels that scroll in lines.
pub(super) const WHEEL_LINE_PX: f64 = 16.0;

/// What the pointer is doing on the stage: which marker the next plain
/// click sets, a marker being dragged, a click waiting for the pointer to
/// lift, a pan or pinch, or a mask brush stroke.
#[derive(Default)]
pub(super) struct PointerState {
    pub(super) next_click: Marker,
    pub(super) drag: Option<Marker>,
    pub(super) pending_click: Option<Cell>,
    pub(super) down: bool,
    pub(super) gesture: Gesture,
    pub(super) stroke: Option<super::mask::Stroke>,
}

/// The pointers of a pan or pinch under way.
#[derive(Debug, Default)]
pub struct Gesture {
    /// Touch (or pen) pointers down: id and client position.
    pub(super) touches: Vec<(i32, f64, f64)>,
    /// The last client position of a mouse pan.
    pub(super) pan_from: Option<(f64, f64)>,
    /// A two-finger gesture: the fingers' distance and midpoint last time.
    pub(super) pinch: Option<(f64, f64, f64)>,
}

pub(super) fn pinch_of(touches: &[(i32, f64, f64)]) -> Option<(f64, f64, f64)> {
    let [(_, x0, y0), (_, x1, y1)] = touches.get(..2)? else {
        return None;
    };
    Some((
        ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt().max(1.0),
        (x0 + x1) / 2.0,
        (y0 + y1) / 2.0,
    ))
}
