//! mazelib's `tostring` style: one `#` per wall pixel of the block picture,
//! a space per open pixel, `S` and `E` at the entrance and exit, `+` on the
//! solution path.

use super::picture::{Picture, Px};
use crate::entrance::Ends;
use crate::grid::Grid;
use crate::shape::Cell;

/// Renders the maze; (2H+1) lines of (2W+1) characters, each ending in `\n`.
pub fn render(grid: &Grid, ends: Option<&Ends>, path: Option<&[Cell]>) -> String {
    Picture::text(grid, ends, path, |_, px, _, _| match px {
        Px::Lattice | Px::Wall => "#",
        Px::Open | Px::Cell => " ",
        Px::Path => "+",
        Px::Entrance => "S",
        Px::Exit => "E",
    })
}
