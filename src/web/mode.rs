//! The app's modes, which views read and the app sets: what a click on
//! the maze does, which marker it moves, and whether the maze is running.

/// What clicks and keys on the maze do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Clicks set the start and goal; markers can be dragged.
    Normal,
    /// Solvers are running on the overlay.
    Solving,
    /// The player traces a path with the pointer or the keys.
    Playing,
    /// Clicks and drags switch cells off and on (the mask brush).
    Masking,
}

/// A marker the pointer can move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Marker {
    #[default]
    Start,
    Goal,
}

/// Play state shown in `#status[data-state]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    Running,
    Paused,
    Done,
}
