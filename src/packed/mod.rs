//! A byte a cell, kept at the fewest bits its values need: a timeline
//! checkpoint's walls and marks, and the per-cell states of the generators
//! that keep one (Prim's and Wilson's in, out or on the frontier / walk).
//! And numbers a cell kept as runs (`Runs`), for a kept copy's tree numbers,
//! and values in chunks that later copies share where they are equal
//! (`Shared`): a timeline's pictures packed (`Chunked`), and the bucket
//! queues of the generators that keep one (`SharedLists`).
//!
//! A scene keeps one byte of wall bits and one mark a cell, but a plain
//! square's walls use two bits of theirs and a backtracker's marks one
//! (blank or on the stack), so a snapshot kept byte for byte is mostly
//! zeros. Packed, the same byte budget holds several times as many
//! checkpoints, so a seek replays that many times fewer events. Packing and
//! unpacking are one pass each, with no search: the width is 0, 1, 2, 4
//! or 8 bits, the fewest that hold every value's bits (their OR).

mod bits;
mod chunked;
mod runs;
mod shared;
mod tiles;

pub use bits::{CellBytes, Packed};
pub use chunked::{Chunked, CHUNK};
pub use runs::Runs;
pub use shared::{Shared, SharedLists};
pub use tiles::{Tiles, TILE};
