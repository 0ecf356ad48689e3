//! A maze worked out whole and then carved a passage a step, in an order
//! chosen to show how it was made: for constructions that are not walks
//! or searches (the fractal tessellation).

use crate::keep::Keep;
use crate::record::Record;
use crate::shape::Cell;
use crate::stream::Stepper;
use std::sync::Arc;

#[derive(Clone)]
pub struct CarveList {
    /// Worked out once and never changed: every copy of a run (a
    /// timeline's checkpoints) shares the one list.
    passages: Arc<Vec<(Cell, Cell)>>,
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
            passages: Arc::new(passages),
            next: 0,
            phases,
            phase_at: 0,
        }
    }

    /// Says every step that begins at or before the current passage.
    #[inline(always)]
    fn report_phases<R: Record>(&mut self, out: &mut R) {
        while let Some(&(i, k)) = self.phases.get(self.phase_at) {
            if i > self.next {
                break;
            }
            out.phase(k);
            self.phase_at += 1;
        }
    }
}

impl Stepper for CarveList {
    const MARKS_NO_CELL: bool = true;

    #[inline(always)]
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
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

impl Keep for CarveList {
    /// A copy holds its place in the shared list and the list of steps.
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        Some(self.phases.len() * std::mem::size_of::<(usize, u8)>())
    }
}
