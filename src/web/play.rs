//! Playing by hand: a trail from the start that follows open passages under
//! the pointer or the keys, retracts when it steps back, and reports the
//! moves against the shortest path on reaching the goal. Every move is also
//! said in words (`#announce`, a live region) for a screen reader.

use super::dom;

/// Playing by hand: the panel being played, and when play began.
#[derive(Debug, Default)]
pub(super) struct Play {
    pub(super) panel: usize,
    pub(super) started_ms: f64,
}

/// Puts `text` in the live region a screen reader speaks from.
pub(super) fn announce(text: &str) {
    dom::set_text("announce", text);
}
