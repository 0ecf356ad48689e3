//! A person's own algorithm: a JavaScript or Python generator or solver
//! (`lang`) run in a Web Worker is one more event source. Its run is
//! recorded there as an event log (`log`); the page checks the log against
//! the maze's shape and plays it like a built-in's run (`replay`), so the
//! stream, the timeline, the scene and the lab need not know who made the
//! events. `verdict` judges
//! the maze it leaves (or the path a solver gives), and `link` writes the
//! program's text into a link and reads it back.

mod blocks;
pub mod lang;
pub mod link;
pub mod log;
pub mod replay;
pub mod steps;
pub mod tables;
pub mod verdict;

pub use lang::{Kind, Lang};
pub use log::{decode, pack, Decoded, Decoder, Ending, Log, LogError, Op};
pub use replay::{Recorded, Replay};
pub use tables::{grid_of, tables, Tables};
pub use verdict::{check_path, judge, Verdict};
