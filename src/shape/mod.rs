//! Shapes: the tilings a maze can be laid over, and what every algorithm
//! needs to know of them, behind one trait, [`Topology`].
//!
//! A shape numbers its cells `0..cells()` and answers, for each cell, its
//! neighbours in a fixed clockwise order (so "turn left" means something to
//! a wall follower on every shape), every side in that order (a border side
//! has no neighbour), and which cell stores the wall between two neighbours:
//! each cell owns up to eight walls, one bit each, so a maze is one byte a
//! cell on every shape.
//!
//! Algorithms are generic over `Topology` and monomorphised: the plain
//! square ([`Dims`]) keeps its tuned loops, and [`Shape`] (square with wrap,
//! polar, hex and triangle, each under an optional mask) serves the rest.
//! Drawing and clicking need the shape's geometry: see [`geometry`].

mod crack;
mod cube;
pub mod geometry;
mod hex;
mod lattice;
mod mask;
mod polar;
mod runtime;
mod square;
mod stack;
mod topology;
mod triangle;
mod upsilon;

pub use crack::Crack;
pub use cube::{Cube, FACE_NAMES};
pub use hex::Hex;
pub use lattice::{square_wall_bit, Cell, Dims, Dir, Few, Neighbors, Sides, Walker, MAX_SIDE};
pub use lattice::{EAST_OPEN, SOUTH_OPEN};
pub use mask::Mask;
pub use polar::Polar;
pub use runtime::{default_size, Kind, Shape, SHAPE_NAMES, WRAP_NAMES};
pub use square::Wrap;
pub use stack::{Place, Stack, MAX_CELLS};
#[cfg(test)]
pub(crate) use topology::neighbors_of;
pub(crate) use topology::{
    lower_by_sides, owned_by_lower, pick_in_mask, pick_wanted, slot_by_lower, walk_by_sides,
};
pub use topology::{Lower, Topology};
pub use triangle::Triangle;
pub use upsilon::Upsilon;

#[cfg(test)]
mod tests;
