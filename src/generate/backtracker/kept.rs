//! What a timeline keeps of a backtracker mid-run: its stack in chunks
//! shared with the copy kept before it (`packed::Shared`). The bottom of
//! the stack that the walk has not backed into since is kept once, and
//! every copy is made of chunks of one size, so copies of different depths
//! freed and made again leave no odd-sized holes in the heap.

use super::Backtracker;
use crate::keep::{Keep, Shown};
use crate::packed::Shared;
use crate::shape::{Cell, Topology};

impl<S: Topology> Keep for Backtracker<S> {
    /// The bytes it holds that `earlier` does not also hold; a steered run
    /// keeps a field of its own, counted at the most (`None`).
    fn heap_bytes(&self, earlier: Option<&Self>) -> Option<usize> {
        let earlier = earlier.and_then(|e| e.kept_stack.as_ref());
        let kept = self.kept_stack.as_ref().map_or(0, |kept| {
            kept.bytes_beyond(earlier) + kept.overhead_beyond(earlier)
        });
        let running = self.stack.len() * std::mem::size_of::<Cell>();
        self.steering
            .is_none()
            .then(|| self.visited.heap_bytes() + running + kept)
    }

    fn packed_copy(&self, earlier: Option<&Self>) -> Self {
        let earlier = earlier.and_then(|e| e.kept_stack.as_ref());
        Backtracker {
            shape: self.shape.clone(),
            rng: self.rng.clone(),
            visited: self.visited.clone(),
            stack: Vec::new(),
            started: self.started,
            steering: self.steering.clone(),
            kept_stack: Some(match &self.kept_stack {
                Some(kept) => kept.clone(),
                None => Shared::new(&self.stack, earlier),
            }),
        }
    }

    fn unpack(&mut self, _shown: &Shown) {
        if let Some(kept) = self.kept_stack.take() {
            self.stack = kept.to_vec();
        }
    }
}
