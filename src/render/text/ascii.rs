//! The classic `+-+` style: `+` at every lattice point, `-` and `|` for
//! walls, spaces for openings; (2H+1) lines of (2W+1) characters. Entrance and
//! exit are gaps in the border (`S` and `E` when they lie inside), and the
//! solution path is drawn with `.`.

use super::picture::{Picture, Px};
use crate::entrance::Ends;
use crate::grid::Grid;
use crate::shape::Cell;

/// Renders the maze, one line per picture row, each ending in `\n`.
pub fn render(grid: &Grid, ends: Option<&Ends>, path: Option<&[Cell]>) -> String {
    Picture::text(grid, ends, path, |pic, px, x, y| match px {
        Px::Lattice => "+",
        Px::Wall if y % 2 == 0 => "-",
        Px::Wall => "|",
        Px::Open | Px::Cell => " ",
        Px::Path => ".",
        Px::Entrance if !pic.on_border(x, y) => "S",
        Px::Exit if !pic.on_border(x, y) => "E",
        Px::Entrance | Px::Exit => " ",
    })
}

/// A maze prints as its picture where it has one (a plain square), else as
/// its shape and the number of its openings: what a failed test shows.
impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.square() {
            Some(d) => write!(
                f,
                "Grid {}x{}\n{}",
                d.width,
                d.height,
                render(self, None, None)
            ),
            None => write!(
                f,
                "Grid {} {} ({} openings)",
                self.shape().name(),
                self.shape().size_text(),
                self.openings()
            ),
        }
    }
}
