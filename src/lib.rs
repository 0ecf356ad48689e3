//! mazelab: maze generators and solvers as seeded step iterators.
//!
//! Every generator reports each change it makes as an [`event::Event`]; replaying
//! the events on a blank [`grid::Grid`] rebuilds the maze. The same stream feeds
//! the browser animation, the text renderers, the tests and the benchmarks.

pub mod analyze;
pub mod bitset;
pub mod difficulty;
pub mod entrance;
pub mod error;
pub mod event;
pub mod generate;
pub mod grid;
pub mod lab;
pub mod percent;
pub mod program;
pub mod record;
pub mod render;
pub mod rng;
pub mod settings;
pub mod shape;
pub mod solve;
pub mod steps;
pub mod stream;
pub mod timeline;
pub mod union_find;

// The page, or (with the `npm` feature) the npm package's exports instead:
// a package for Node must not mount an app when it loads.
#[cfg(all(target_arch = "wasm32", not(feature = "npm")))]
pub mod web;
#[cfg(all(target_arch = "wasm32", feature = "npm"))]
pub mod npm;
