//! The generators: a registry of names and descriptions, and [`Generator`],
//! the step iterator that drives any of them.
//!
//! Each algorithm implements [`Stepper`]: one call makes one small change
//! and records it (`record::Record`), written once for both ways a run
//! goes: as events `Generator` buffers and hands out, ending with
//! [`crate::event::Event::Done`], or as an instant build straight into the
//! maze. What a timeline keeps of a run is its [`crate::keep::Keep`],
//! apart from the algorithm. A fast path for a plain square sits beside its
//! algorithm, marked as such, and `tests/generators.rs` holds it equal to
//! stepping. `registry.rs` names every algorithm, `params.rs` is what one
//! starts from, and `generator.rs` drives any of them.

mod after;
mod aldous_broder;
mod backtracker;
pub mod binary_tree;
mod blobby_division;
mod blobby_kept;
mod boruvka;
mod braid;
mod brain;
mod carve_list;
mod cellular_automaton;
mod cheapest_cell;
mod eller;
mod fractal;
pub mod frontier;
mod generator;
mod growing_forest;
mod growing_tree;
mod houston;
mod hunt_and_kill;
mod kruskal;
mod mirror;
mod origin_shift;
mod params;
pub mod pop;
mod prim;
mod recursive_division;
mod registry;
mod reverse_delete;
mod shared_shuffle;
mod sidewinder;
pub mod sparse;
pub mod steer;
pub mod symmetry;
pub mod texture;
mod true_prim;
mod unicursal;
mod wall_list;
pub mod weave;
mod weave_kruskal;
mod wilson;

pub use crate::stream::{Step, Stepper};

pub use binary_tree::Bias;
pub use generator::{generate, Author, Generator};
pub use params::Params;
pub use pop::PopSpec;
pub(crate) use registry::on_shape;
pub use registry::{
    available_on, check_shape, check_weave, find, Algorithm, Knob, Reach, ALGORITHMS, PROGRAM,
    PROGRAM_ON_OPEN,
};

/// A byte a cell as a kept copy of a tree-growing run rebuilds it from
/// the picture: `value` for each cell in the maze (a cell with a passage,
/// those of a step made but not yet handed out included, and `first`, in
/// the maze before its first passage), 0 for the rest.
fn in_maze_shown(shown: &crate::keep::Shown, first: crate::shape::Cell, value: u8) -> Vec<u8> {
    let mut bytes = shown.grid.passage_map(value);
    bytes[first as usize] = value;
    for (a, b) in shown.pending_carves() {
        bytes[a as usize] = value;
        bytes[b as usize] = value;
    }
    bytes
}

/// What a copy of a bucket queue holds beyond `earlier`'s, the copy kept
/// before it: its running buckets, or a kept copy's shared ones (true
/// Prim's and cheapest cell's `kept_buckets`).
fn bucket_queue_bytes_beyond(
    buckets: &[Vec<u32>],
    kept: Option<&crate::packed::SharedLists<u32>>,
    earlier: Option<&crate::packed::SharedLists<u32>>,
) -> usize {
    bucket_queue_bytes(buckets) + kept.map_or(0, |kept| kept.bytes_beyond(earlier))
}

/// What a copy of a bucket queue allocates (cheapest cell's and true Prim's
/// buckets by cost): its list of buckets and every bucket's entries.
fn bucket_queue_bytes<T>(buckets: &[Vec<T>]) -> usize {
    let queued: usize = buckets.iter().map(Vec::len).sum();
    std::mem::size_of_val(buckets) + queued * std::mem::size_of::<T>()
}
