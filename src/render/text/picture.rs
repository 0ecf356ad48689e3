//! The block picture of a maze: a (2W+1) x (2H+1) lattice of pixels in which
//! cell (x, y) is pixel (2x+1, 2y+1), the wall east of it (2x+2, 2y+1), the
//! wall south of it (2x+1, 2y+2), and even-even pixels are lattice points.

use crate::entrance::{Door, Ends};
use crate::grid::Grid;
use crate::shape::{Cell, Dir};

/// What one pixel of the picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Px {
    /// A corner where walls meet.
    Lattice,
    /// A standing wall.
    Wall,
    /// An opening between two cells.
    Open,
    /// A cell.
    Cell,
    /// A cell or opening on the solution path.
    Path,
    /// The entrance: a gap in the border, or the cell itself if inside.
    Entrance,
    /// The exit: as the entrance.
    Exit,
}

/// The picture, row by row.
pub struct Picture {
    /// Columns of characters.
    pub width: usize,
    /// Rows of characters.
    pub height: usize,
    px: Vec<Px>,
}

impl Picture {
    /// Draws the maze and writes the picture as text: each point's text
    /// from `text_at(point, x, y)`, every line ending in `\n`.
    pub fn text(
        grid: &Grid,
        ends: Option<&Ends>,
        path: Option<&[Cell]>,
        mut text_at: impl FnMut(&Picture, Px, usize, usize) -> &'static str,
    ) -> String {
        let pic = Picture::new(grid, ends, path);
        let mut out = String::with_capacity((pic.width + 1) * pic.height);
        for y in 0..pic.height {
            for x in 0..pic.width {
                out.push_str(text_at(&pic, pic.get(x, y), x, y));
            }
            out.push('\n');
        }
        out
    }

    /// Draws `grid`, with its ends and a path of adjacent cells if given.
    pub fn new(grid: &Grid, ends: Option<&Ends>, path: Option<&[Cell]>) -> Picture {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let (pw, ph) = (2 * w + 1, 2 * h + 1);
        let mut pic = Picture {
            width: pw,
            height: ph,
            px: vec![Px::Wall; pw * ph],
        };
        for py in 0..ph {
            for px in 0..pw {
                let kind = match (px % 2, py % 2) {
                    (0, 0) => Px::Lattice,
                    (1, 1) => Px::Cell,
                    _ => Px::Wall,
                };
                pic.px[py * pw + px] = kind;
            }
        }
        for (a, b) in grid.opening_pairs() {
            let (x, y) = pic.between(grid, a, b);
            pic.set(x, y, Px::Open);
        }
        if let Some(path) = path {
            for (i, &cell) in path.iter().enumerate() {
                let (x, y) = Self::cell_px(grid, cell);
                pic.set(x, y, Px::Path);
                if let Some(&next) = path.get(i + 1) {
                    let (x, y) = pic.between(grid, cell, next);
                    pic.set(x, y, Px::Path);
                }
            }
        }
        if let Some(ends) = ends {
            pic.door(grid, ends.entrance, Px::Entrance);
            pic.door(grid, ends.exit, Px::Exit);
        }
        pic
    }

    fn cell_px(grid: &Grid, cell: Cell) -> (usize, usize) {
        let (x, y) = grid.dims().xy(cell);
        (2 * x as usize + 1, 2 * y as usize + 1)
    }

    /// The pixel between two adjacent cells.
    fn between(&self, grid: &Grid, a: Cell, b: Cell) -> (usize, usize) {
        let (ax, ay) = Self::cell_px(grid, a);
        let (bx, by) = Self::cell_px(grid, b);
        ((ax + bx) / 2, (ay + by) / 2)
    }

    fn door(&mut self, grid: &Grid, door: Door, kind: Px) {
        let (x, y) = Self::cell_px(grid, door.cell);
        let (x, y) = match door.side {
            Some(Dir::N) => (x, y - 1),
            Some(Dir::S) => (x, y + 1),
            Some(Dir::E) => (x + 1, y),
            Some(Dir::W) => (x - 1, y),
            None => (x, y),
        };
        self.set(x, y, kind);
    }

    fn set(&mut self, x: usize, y: usize, kind: Px) {
        self.px[y * self.width + x] = kind;
    }

    /// The character cell at column `x`, row `y`.
    pub fn get(&self, x: usize, y: usize) -> Px {
        self.px[y * self.width + x]
    }

    /// Whether a pixel lies on the outer border of the picture.
    pub fn on_border(&self, x: usize, y: usize) -> bool {
        x == 0 || y == 0 || x + 1 == self.width || y + 1 == self.height
    }
}
