//! A maze worked out whole and then carved a passage a step, in an order
//! chosen to show how it was made: for constructions that are not walks
//! or searches (the unicursal labyrinth, the fractal tessellation).

use super::Step;
use crate::event::Emit;
use crate::grid::Cell;

#[derive(Clone)]
pub struct CarveList {
    passages: Vec<(Cell, Cell)>,
    next: usize,
    /// `(i, k)`: step `k` of the algorithm's list begins at passage `i`
    /// (at `passages.len()`: once all are carved), in order.
    phases: Vec<(usize, u8)>,
    phase_at: usize,
}

impl CarveList {
    /// The passages in order, and where each listed step begins.
    pub fn with_phases(passages: Vec<(Cell, Cell)>, phases: Vec<(usize, u8)>) -> CarveList {
        CarveList {
            passages,
            next: 0,
            phases,
            phase_at: 0,
        }
    }

    /// Says every step that begins at or before the current passage.
    fn report_phases(&mut self, out: &mut Emit) {
        while let Some(&(i, k)) = self.phases.get(self.phase_at) {
            if i > self.next {
                break;
            }
            out.phase(k);
            self.phase_at += 1;
        }
    }
}

impl CarveList {
    /// Up to `QUIET_BATCH` passages of an instant build: the cursor moves
    /// and phases counted in locals and handed over once a batch (a call
    /// a passage with its counting cost a fifth of the unicursal build).
    #[inline(never)]
    fn quiet_batch(&mut self, out: &mut Emit) -> bool {
        let (mut cursor, mut phase) = out.quiet_state();
        let mut skipped = 0u64;
        let end = (self.next + QUIET_BATCH).min(self.passages.len());
        for i in self.next..end {
            while let Some(&(at, k)) = self.phases.get(self.phase_at) {
                if at > i {
                    break;
                }
                skipped += u64::from(phase != k);
                phase = k;
                self.phase_at += 1;
            }
            let (a, b) = self.passages[i];
            skipped += u64::from(cursor != Some(b));
            cursor = Some(b);
            out.carve(a, b);
        }
        self.next = end;
        out.quiet_flush(cursor, phase, skipped);
        if self.next == self.passages.len() {
            self.report_phases(out);
            return false;
        }
        true
    }
}

/// Passages an instant build carves per call of its own loop.
const QUIET_BATCH: usize = 1 << 12;

impl Step for CarveList {
    fn step(&mut self, out: &mut Emit) -> bool {
        if out.visuals() {
            return crate::stream::step_batch(self, out);
        }
        while self.quiet_batch(out) {}
        false
    }

    fn step_one(&mut self, out: &mut Emit) -> bool {
        self.report_phases(out);
        let Some(&(a, b)) = self.passages.get(self.next) else {
            return false;
        };
        self.next += 1;
        out.cursor(b);
        out.carve(a, b);
        if self.next == self.passages.len() {
            self.report_phases(out);
            return false;
        }
        true
    }
}
