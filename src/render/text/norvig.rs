//! The style of Norvig's notebook: `o` at lattice points, `--` for a wall
//! across a cell's width, `|` for a wall beside it, two spaces per cell.
//! The solution path is drawn with `**` in cells (`*` in side openings).

use super::picture::{Picture, Px};
use crate::entrance::Ends;
use crate::grid::Grid;
use crate::shape::Cell;

/// Renders the maze; lines are 3W+1 characters, each ending in `\n`.
pub fn render(grid: &Grid, ends: Option<&Ends>, path: Option<&[Cell]>) -> String {
    Picture::text(grid, ends, path, |pic, px, x, y| {
        let wide = x % 2 == 1;
        let inside = !pic.on_border(x, y);
        match (px, wide) {
            (Px::Lattice, _) => "o",
            (Px::Wall, true) => "--",
            (Px::Wall, false) => "|",
            (Px::Open | Px::Cell, true) => "  ",
            (Px::Open | Px::Cell, false) => " ",
            (Px::Path, true) => "**",
            (Px::Path, false) => "*",
            (Px::Entrance, true) if inside => "S ",
            (Px::Exit, true) if inside => "E ",
            (Px::Entrance | Px::Exit, true) => "  ",
            (Px::Entrance | Px::Exit, false) => " ",
        }
    })
}
