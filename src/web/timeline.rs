//! The timeline bar under the stage: one position for every panel (they
//! move in lockstep), the carving's or, once a solve has run, the solve's.
//! Its buttons, keys and slider seek; the link keeps the position
//! (`at=`, `solve_at=`).

/// Where the bar stands: the step shown, the furthest reached (the
/// slider's end), whether that is the run's last step, and whether it is
/// the solve's timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Position {
    pub at: u64,
    pub reached: u64,
    pub ended: bool,
    pub solve: bool,
}
