//! The walk view's core: a maze seen from inside, in pure Rust.
//!
//! The walker stands in a cell and faces a direction; it turns to face
//! the cell's sides one by one and steps through a side only where the
//! maze is open there ([`Grid::through`], so a weave's tunnel is a passage
//! and a wall is never crossed). A wrapped maze is drawn with copies of
//! itself around it ([`images`]), so walking over a seam looks like walking
//! on; when the walker arrives in a copy it is moved back into the maze
//! the copy shows, turned over if the copy is (a Möbius strip's). A 3D
//! maze's levels stand one above the other, joined by ladders.
//!
//! [`scene`] turns the maze around the walker into boxes (walls, a
//! bridge's deck, ladder rails) and flat tiles (floors, ceilings, marks)
//! that the page's WebGL2 renderer draws in two calls; only the cells near
//! the walker are built, so a 1000 x 1000 maze costs what a small one does.
//!
//! [`Grid::through`]: crate::grid::Grid::through

pub mod camera;
pub mod ground;
pub mod images;
pub mod scene;
pub mod walker;

pub use ground::Ground;
pub use images::{Image, Images};
pub use scene::{Colours, Marks, Scene};
pub use walker::{Step, Walker};

#[cfg(test)]
mod tests;
