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
}

impl CarveList {
    pub fn new(passages: Vec<(Cell, Cell)>) -> CarveList {
        CarveList { passages, next: 0 }
    }
}

impl Step for CarveList {
    fn step_one(&mut self, out: &mut Emit) -> bool {
        let Some(&(a, b)) = self.passages.get(self.next) else {
            return false;
        };
        self.next += 1;
        out.cursor(b);
        out.carve(a, b);
        self.next < self.passages.len()
    }
}
