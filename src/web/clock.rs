//! Time in the page: the frame loop's gap and step budget, and the
//! readouts the status line and the timeline bar show (elapsed, frames,
//! the slowest one, drawing, measuring, building, a seek).

/// The longest frame gap counted, so a background tab does not return to a
/// burst of steps.
const MAX_FRAME_GAP_MS: f64 = 100.0;
/// The time the first animation frame counts as having passed.
pub(super) const FIRST_FRAME_GAP_MS: f64 = 1000.0 / 60.0;
/// A frame's work beyond this misses a 60 Hz display's frame.
const SLOW_FRAME_MS: f64 = 16.0;
/// While a run animates, the readouts a person reads are written at most
/// this often (ten times a second is more than an eye reads): each write
/// is a layout and a paint of the page, which every frame paid for on a
/// slow phone.
const READOUT_MS: f64 = 100.0;

/// The page's clock, in milliseconds.
pub(super) fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The run's timing: what the frame loop needs and what it reports.
#[derive(Default)]
pub(super) struct Clock {
    /// Fractional steps carried from one frame to the next.
    carry: f64,
    /// When the last frame ran (`None`: the next frame starts afresh).
    last_frame_ms: Option<f64>,
    /// Time spent generating (and, for an instant run, drawing).
    pub(super) elapsed_ms: f64,
    /// The most work one animation frame has taken, and how many ran.
    pub(super) max_frame_ms: f64,
    pub(super) frames: u64,
    /// Animation frames whose work took longer than a 60 Hz frame.
    pub(super) slow_frames: u64,
    /// Time spent measuring finished mazes (not part of `elapsed_ms`).
    pub(super) metrics_ms: f64,
    /// The part of `elapsed_ms` an instant finish spent painting and
    /// putting pixels on the canvases.
    pub(super) draw_ms: f64,
    /// An instant run's whole rebuild: panels built, canvases laid out (a
    /// shape's pixel map included), generated and drawn.
    pub(super) build_ms: f64,
    /// How long the last seek took.
    pub(super) seek_ms: f64,
    /// When an animating run's readouts were last written.
    readouts_ms: std::cell::Cell<Option<f64>>,
}

impl Clock {
    /// A new run: every count back to zero (the last build and seek stay).
    pub(super) fn start_run(&mut self) {
        *self = Clock {
            build_ms: self.build_ms,
            seek_ms: self.seek_ms,
            ..Clock::default()
        };
    }

    /// The next frame measures no gap (after a pause, a seek, or a time
    /// behind another tab), and owes no fractional step.
    pub(super) fn restart(&mut self) {
        self.last_frame_ms = None;
    }

    /// Forgets the fractional step owed (a solve starts).
    pub(super) fn drop_carry(&mut self) {
        self.carry = 0.0;
    }

    /// The time since the last frame, capped; the first frame counts as
    /// one 60 Hz frame, so carving shows on it, not the next.
    pub(super) fn gap(&mut self, timestamp: f64) -> f64 {
        let gap = self.last_frame_ms.map_or(FIRST_FRAME_GAP_MS, |last| {
            (timestamp - last).min(MAX_FRAME_GAP_MS)
        });
        self.last_frame_ms = Some(timestamp);
        gap
    }

    /// Steps owed at `rate` a second for `gap_ms`: whole steps now, the
    /// fraction carried, so the speed does not depend on the display's
    /// refresh rate.
    pub(super) fn steps_owed(&mut self, rate: f64, gap_ms: f64) -> u64 {
        self.carry += rate * gap_ms / 1000.0;
        let steps = self.carry.floor();
        self.carry -= steps;
        steps as u64
    }

    /// Whether an animating run's readouts are due (the first always is),
    /// noting that they are written now.
    pub(super) fn readouts_due(&self) -> bool {
        let now = now_ms();
        if self
            .readouts_ms
            .get()
            .is_some_and(|at| (0.0..READOUT_MS).contains(&(now - at)))
        {
            return false;
        }
        self.readouts_ms.set(Some(now));
        true
    }

    /// The next readouts are due at once, whenever the last were written.
    pub(super) fn readouts_now(&self) {
        self.readouts_ms.set(None);
    }

    /// Counts a frame whose work took `ms`; whether it was the first.
    pub(super) fn count_frame(&mut self, ms: f64) -> bool {
        self.max_frame_ms = self.max_frame_ms.max(ms);
        self.slow_frames += u64::from(ms > SLOW_FRAME_MS);
        self.frames += 1;
        self.frames == 1
    }
}
