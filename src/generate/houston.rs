//! Houston: Aldous-Broder until about a third of the cells are in the maze,
//! then Wilson for the rest.
//!
//! 1. Walk at random from a random cell, carving into every cell the walk
//!    enters for the first time (Aldous-Broder).
//! 2. Once a third of the cells are in, stop walking: the maze so far is the
//!    target Wilson's walks look for.
//! 3. From each cell outside it, take a loop-erased random walk until it
//!    hits the maze, and carve the walk in (Wilson).
//!
//! Each half samples spanning trees uniformly on its own, but the hand-over
//! is not exact: the rest of an Aldous-Broder tree depends on where its
//! walker stands, which Wilson's walks forget. The lab's exact test
//! (`mazelab uniformity --algorithm houston`) measures the bias: on 3 x 3,
//! 100,000 runs give chi-square 724 on 191 degrees of freedom (p ≈ 6e-63,
//! total variation 0.033, against 0.016 to 0.018 for Aldous-Broder and
//! Wilson). Close to uniform, then, and not exactly. Aldous-Broder is quick
//! while most cells are new and crawls at the end; Wilson crawls at the
//! start, while the maze is a small target, and is quick at the end:
//! Houston takes each where it is fast.

use super::aldous_broder::AldousBroder;
use super::steer::Steering;
use super::wilson::Wilson;
use super::Params;
use crate::keep::{Keep, Shown};
use crate::record::Record;
use crate::rng::Rng;
use crate::shape::Topology;
use crate::stream::Stepper;

#[derive(Clone)]
pub struct Houston<S: Topology> {
    walk: Option<AldousBroder<S>>,
    fill: Option<Wilson<S>>,
    /// Cells in the maze at which Wilson takes over.
    handover: u32,
    /// Handed to Wilson with the maze so far.
    steering: Option<Box<Steering>>,
}

impl<S: Topology> Houston<S> {
    pub(super) fn new(shape: S, params: &Params) -> Houston<S> {
        Houston {
            handover: shape.live_cells().div_ceil(3),
            walk: Some(
                AldousBroder::new(shape, Rng::new(params.seed))
                    .with_phases([1, 1, 2])
                    .steered(Steering::of(params)),
            ),
            steering: Steering::of(params),
            fill: None,
        }
    }
}

impl<S: Topology> Stepper for Houston<S> {
    fn step_with<R: Record>(&mut self, out: &mut R) -> bool {
        if let Some(walk) = &mut self.walk {
            if !walk.step_with(out) {
                return false;
            }
            if walk.in_maze() >= self.handover {
                let (shape, rng, visited) = self.walk.take().expect("walking").into_parts();
                out.phase(2);
                let mut wilson = Wilson::continue_from(shape, rng, |c| visited.contains(c))
                    .with_phases([3, 3, 3, 3])
                    .steered(self.steering.take());
                let more = wilson.begin(out);
                self.fill = Some(wilson);
                return more;
            }
            return true;
        }
        self.fill.as_mut().is_some_and(|w| w.step_with(out))
    }
}

impl<S: Topology> Keep for Houston<S> {
    // The half that is running counts and packs its own state.
    fn heap_bytes(&self, _earlier: Option<&Self>) -> Option<usize> {
        match (&self.walk, &self.fill) {
            (Some(walk), _) => walk.heap_bytes(None),
            (None, Some(fill)) => fill.heap_bytes(None),
            (None, None) => Some(0),
        }
    }

    // Only the Wilson half packs: the walk's bit a cell is small, and
    // rebuilding it from the picture made a seek into that half slower
    // without making room for another checkpoint.
    fn packed_copy(&self, _earlier: Option<&Self>) -> Self {
        let mut copy = self.clone();
        if let Some(fill) = &mut copy.fill {
            fill.pack_state();
        }
        copy
    }

    fn unpack(&mut self, shown: &Shown) {
        if let Some(fill) = &mut self.fill {
            fill.unpack(shown);
        }
    }
}
