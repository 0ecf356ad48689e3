//! SVG: the walls as one path of straight runs (adjacent wall segments on a
//! line are merged), gaps at the entrance and exit, and the solution as a
//! polyline through cell centres.

use crate::entrance::Ends;
use crate::grid::{Cell, Dir, Grid};
use std::fmt::Write;

/// The side of one cell in SVG user units.
const CELL: u32 = 10;
/// The blank margin around the maze, in SVG user units.
const MARGIN: u32 = 5;

/// Whether the wall on `side` of `cell` is drawn (a door is a gap).
fn is_wall(grid: &Grid, ends: Option<&Ends>, cell: Cell, side: Dir) -> bool {
    if let Some(ends) = ends {
        for door in [ends.entrance, ends.exit] {
            if door.cell == cell && door.side == Some(side) {
                return false;
            }
        }
    }
    !grid.is_open(cell, side)
}

/// Renders a standalone SVG document.
pub fn render(grid: &Grid, ends: Option<&Ends>, path: Option<&[Cell]>) -> String {
    let dims = grid.dims();
    let (w, h) = (dims.width, dims.height);
    let (pw, ph) = (w * CELL + 2 * MARGIN, h * CELL + 2 * MARGIN);
    let mut d = String::new();
    // Horizontal lines: the north side of each row, then the south border.
    for y in 0..=h {
        let mut run_start: Option<u32> = None;
        for x in 0..=w {
            let wall = x < w && {
                if y < h {
                    is_wall(grid, ends, dims.at(x, y), Dir::N)
                } else {
                    is_wall(grid, ends, dims.at(x, h - 1), Dir::S)
                }
            };
            match (wall, run_start) {
                (true, None) => run_start = Some(x),
                (false, Some(start)) => {
                    let _ = write!(
                        d,
                        "M{} {}H{}",
                        MARGIN + start * CELL,
                        MARGIN + y * CELL,
                        MARGIN + x * CELL
                    );
                    run_start = None;
                }
                _ => {}
            }
        }
    }
    // Vertical lines: the west side of each column, then the east border.
    for x in 0..=w {
        let mut run_start: Option<u32> = None;
        for y in 0..=h {
            let wall = y < h && {
                if x < w {
                    is_wall(grid, ends, dims.at(x, y), Dir::W)
                } else {
                    is_wall(grid, ends, dims.at(w - 1, y), Dir::E)
                }
            };
            match (wall, run_start) {
                (true, None) => run_start = Some(y),
                (false, Some(start)) => {
                    let _ = write!(
                        d,
                        "M{} {}V{}",
                        MARGIN + x * CELL,
                        MARGIN + start * CELL,
                        MARGIN + y * CELL
                    );
                    run_start = None;
                }
                _ => {}
            }
        }
    }
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw}" height="{ph}" viewBox="0 0 {pw} {ph}">"#
    );
    let _ = writeln!(
        svg,
        r##"<rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        svg,
        r##"<path d="{d}" stroke="#000000" stroke-width="2" stroke-linecap="square" fill="none"/>"##
    );
    let centre = |cell: Cell| {
        let (x, y) = dims.xy(cell);
        (MARGIN + x * CELL + CELL / 2, MARGIN + y * CELL + CELL / 2)
    };
    if let Some(path) = path.filter(|p| !p.is_empty()) {
        let points: Vec<String> = path
            .iter()
            .map(|&c| {
                let (x, y) = centre(c);
                format!("{x},{y}")
            })
            .collect();
        let _ = writeln!(
            svg,
            r##"<polyline class="solution" points="{}" stroke="#d62728" stroke-width="3" fill="none" stroke-linejoin="round"/>"##,
            points.join(" ")
        );
    }
    if let Some(ends) = ends {
        for (door, colour) in [(ends.entrance, "#1f77b4"), (ends.exit, "#2ca02c")] {
            let (x, y) = centre(door.cell);
            let _ = writeln!(svg, r#"<circle cx="{x}" cy="{y}" r="3" fill="{colour}"/>"#);
        }
    }
    svg.push_str("</svg>\n");
    svg
}
