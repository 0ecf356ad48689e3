//! Everything a generator needs to start: [`Params`].

use super::{steer, symmetry, Bias, PopSpec};
use crate::shape::{Dims, Shape};

/// Everything a generator needs to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// The maze's shape.
    pub shape: Shape,
    /// The seed every random choice is drawn from.
    pub seed: u64,
    /// The pop strategy of `growing-tree`; other algorithms ignore it.
    pub pop: PopSpec,
    /// The bias of `binary-tree`; other algorithms ignore it.
    pub bias: Bias,
    /// The share of dead ends (0 to 100) the braiding pass removes after
    /// the algorithm, giving the maze loops; 0 leaves it perfect.
    pub braid: u8,
    /// Let passages run under straight cells (plain squares, with the
    /// generators in `weave::WEAVERS`).
    pub weave: bool,
    /// The run and the grain (`steer`): how the random choices are
    /// steered; neutral by default.
    pub steer: steer::Steer,
    /// Build the maze as its own mirror image or half turn (plain squares,
    /// `symmetry.rs`): the generator carves a part, shown on its images.
    pub symmetry: Option<symmetry::Symmetry>,
    /// The share of cells (0 to 100) the sparseness pass turns to rock
    /// after the algorithm (and braiding), `sparse.rs`; the finished
    /// maze's rock is what `sparse::rock_masked` masks off.
    pub sparse: u8,
}

impl Params {
    /// Default options (`newest` pop, `NW` bias) for a square and a seed.
    pub fn new(dims: Dims, seed: u64) -> Params {
        Params::on(Shape::square(dims), seed)
    }

    /// Columns and rows: what the row-and-column algorithms read (they run
    /// on plain squares only); other shapes report their size.
    pub fn dims(&self) -> Dims {
        self.shape.square_dims().unwrap_or_else(|| {
            let (w, h) = self.shape.size();
            Dims::new(
                w.clamp(1, crate::shape::MAX_SIDE),
                h.clamp(1, crate::shape::MAX_SIDE),
            )
            .expect("clamped to the valid range")
        })
    }

    /// Default options on any shape.
    pub fn on(shape: Shape, seed: u64) -> Params {
        Params {
            shape,
            seed,
            pop: PopSpec::default(),
            bias: Bias::default(),
            braid: 0,
            weave: false,
            steer: steer::Steer::default(),
            symmetry: None,
            sparse: 0,
        }
    }
}
