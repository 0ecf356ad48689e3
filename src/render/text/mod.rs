//! Text renderers of a plain square: pure strings, shared by the CLI and
//! the browser's export.
//!
//! `ascii`, `norvig` and `blocks` all draw the same [`picture::Picture`], the
//! (2W+1) x (2H+1) lattice in which cells sit at odd positions and walls
//! between them; they differ only in the characters.

pub mod ascii;
pub mod blocks;
pub mod norvig;
pub mod picture;
