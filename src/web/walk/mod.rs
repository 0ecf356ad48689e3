//! The walk view (`view=walk`): the first panel's maze seen from inside,
//! drawn with WebGL2 (`gl`), while the panel itself shrinks to a map in
//! the stage's corner with a marker for where the walker stands and faces.
//! The walker and the scene are the pure core's (`crate::walk`). This file
//! holds the view's state and its commands (keys, buttons, a drag to look,
//! "show the way", autopilot) and runs its frames; `picture` builds and
//! draws what the eye sees, `said` writes what the page says (the `#walk`
//! element's data attributes the tests read, the readout, the map's
//! marker, messages). A run still carving keeps carving here: the scene is
//! rebuilt from the panel's maze each frame it changes, so walls sink as
//! the timeline plays and rise when it is scrubbed back.

pub(in crate::web) mod gl;
pub(in crate::web) mod picture;
pub(in crate::web) mod said;

use crate::shape::Cell;
use crate::walk::scene::{Colours, Scene};
use crate::walk::Walker;
use picture::Scale;
use said::{set_pressed, Said};
use std::collections::HashSet;

/// How far up or down the eye may look (radians).
pub(in crate::web) const PITCH_LIMIT: f64 = 1.0;
/// Radians turned per CSS pixel dragged.
pub(in crate::web) const LOOK_PER_PX: f64 = 0.006;

/// What a key or button asks the walker to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::web) enum Command {
    Forward,
    Back,
    Left,
    Right,
    Up,
    Down,
}

/// The walk view's state.
#[derive(Default)]
pub(in crate::web) struct Walk {
    pub(in crate::web) renderer: Option<gl::Renderer>,
    /// Whether making the renderer was tried (it is made once).
    pub(in crate::web) tried: bool,
    pub(in crate::web) walker: Option<Walker>,
    pub(in crate::web) scene: Scene,
    /// The solver's way from where "show the way" was pressed, if shown.
    pub(in crate::web) way: HashSet<Cell>,
    pub(in crate::web) autopilot: Option<(Vec<Cell>, usize)>,
    pub(in crate::web) pitch: f64,
    pub(in crate::web) last_ms: Option<f64>,
    /// When the walk began (its first move), for the time readout.
    pub(in crate::web) started_ms: Option<f64>,
    /// When the view was asked for, until its first frame is drawn.
    pub(in crate::web) opened_ms: Option<f64>,
    /// Rebuild the scene next frame.
    pub(in crate::web) stale: bool,
    /// The panel's step the scene was built at (carving changes it), and
    /// the cells it was built around (a glide keeps them till it ends).
    pub(in crate::web) built_step: Option<u64>,
    pub(in crate::web) built_around: Option<(Cell, Option<Cell>)>,
    /// The colours the scene was built in (the theme changes them).
    pub(in crate::web) built_colours: Option<Colours>,
    /// What `#walk`'s attributes last said, so they are written on change.
    pub(in crate::web) said: Said,
    /// Frames drawn, for the benchmark, and frames seen.
    pub(in crate::web) frames: u64,
    pub(in crate::web) ticks: u64,
    /// What the last frame drew from (the eye, the look, the size, the
    /// sky): a frame that would draw the same is not drawn.
    pub(in crate::web) drawn: Option<[f64; 8]>,
    /// Whether the frame before this one drew (only a run of drawn frames
    /// says how long drawing takes).
    pub(in crate::web) drew_last: bool,
    /// The share of the box's device pixels drawn (the rest upscaled),
    /// and the recent frame gap it follows.
    pub(in crate::web) scale: Scale,
    /// How far risen the eye is (0 to 1: `LIFT`).
    pub(in crate::web) lift: f64,
    /// Where a drag to look began.
    pub(in crate::web) drag: Option<(f64, f64)>,
    /// Where the eye stands over the carving, while it follows it.
    pub(in crate::web) watch: Option<(f64, f64)>,
}

impl Walk {
    /// Forgets the walker and its way (a new maze was built).
    pub(in crate::web) fn forget(&mut self) {
        self.walker = None;
        self.way.clear();
        self.autopilot = None;
        self.started_ms = None;
        self.stale = true;
        self.built_step = None;
        self.pitch = 0.0;
        set_pressed("walk-way", false);
        set_pressed("walk-autopilot", false);
    }
}
