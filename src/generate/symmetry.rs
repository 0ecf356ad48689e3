//! Symmetric mazes (Buck's theseus, Pullen's Daedalus): a square maze that
//! is its own mirror image, or its own half turn.
//!
//! 1. Carve a maze on one half of the square (a quarter for `xy`) with the
//!    chosen generator.
//! 2. Copy it into the other half mirrored across the middle line (`x`:
//!    left to right, `y`: top to bottom), or turned half round (`rot`).
//! 3. Open one passage across the middle at a random place, so the halves
//!    join into one perfect maze (three for `xy`, one between each pair of
//!    neighbouring quarters).
//!
//! A mirror's joining passage crosses the mirror line, so `x` and `y`
//! mazes are exactly symmetric; a half turn's joining passage has a twin it
//! lacks, and `xy`'s three joins cannot be placed symmetrically without a
//! loop. The texture is the generator's, twice over, with the symmetry's
//! line plain to see.

use super::Params;
use crate::error::MazeError;
use crate::grid::Grid;
use crate::rng::Rng;
use crate::shape::{Dims, Shape};

/// The symmetries, as the CLI names them.
pub const SYMMETRIES: [&str; 4] = ["x", "y", "xy", "rot"];

/// Which way a maze is its own image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Mirrored left to right.
    X,
    /// Mirrored top to bottom.
    Y,
    /// Mirrored both ways (four quarters).
    XY,
    /// Turned half round (180 degrees).
    Rot,
}

impl Symmetry {
    /// Reads `x`, `y`, `xy` or `rot`.
    pub fn parse(text: &str) -> Result<Symmetry, MazeError> {
        match text.trim() {
            "x" => Ok(Symmetry::X),
            "y" => Ok(Symmetry::Y),
            "xy" | "yx" => Ok(Symmetry::XY),
            "rot" | "180" => Ok(Symmetry::Rot),
            other => Err(MazeError::BadValue {
                what: "symmetry",
                given: other.to_string(),
                valid:
                    "x (left mirrors right), y (top mirrors bottom), xy (both), rot (a half turn)"
                        .into(),
            }),
        }
    }

    /// Its name as `parse` reads it.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::X => "x",
            Symmetry::Y => "y",
            Symmetry::XY => "xy",
            Symmetry::Rot => "rot",
        }
    }

    /// The cell a cell maps to.
    pub(super) fn image(self, dims: Dims, x: u32, y: u32) -> (u32, u32) {
        match self {
            Symmetry::X => (dims.width - 1 - x, y),
            Symmetry::Y => (x, dims.height - 1 - y),
            Symmetry::XY => (dims.width - 1 - x, dims.height - 1 - y),
            Symmetry::Rot => (dims.width - 1 - x, dims.height - 1 - y),
        }
    }
}

/// The square's size if `symmetry` can be built on `shape`: a plain
/// square with even sides where it is halved.
pub fn check(shape: &Shape, symmetry: Symmetry) -> Result<Dims, MazeError> {
    let Some(dims) = shape.plain_square() else {
        return Err(MazeError::BadValue {
            what: "shape for a symmetric maze",
            given: shape.name().to_string(),
            valid: "a plain square (no wrap, no mask)".into(),
        });
    };
    let (halve_x, halve_y) = halves(symmetry);
    for (halved, side, what) in [
        (halve_x, dims.width, "width"),
        (halve_y, dims.height, "height"),
    ] {
        if halved && (side < 2 || side % 2 == 1) {
            return Err(MazeError::BadValue {
                what: "size for a symmetric maze",
                given: format!("a {what} of {side}"),
                valid: format!("an even {what} of 2 or more, to halve"),
            });
        }
    }
    Ok(dims)
}

/// Whether the symmetry halves the width and the height.
pub(super) fn halves(symmetry: Symmetry) -> (bool, bool) {
    match symmetry {
        Symmetry::X => (true, false),
        Symmetry::Y | Symmetry::Rot => (false, true),
        Symmetry::XY => (true, true),
    }
}

/// Generates `algorithm` on a part of the params' plain square and builds
/// the symmetric maze from it; refuses what `check` refuses. The reference
/// `mirror.rs`'s stream is held equal to (what every run uses, so the page
/// can animate it).
pub fn generate(algorithm: &str, params: Params, symmetry: Symmetry) -> Result<Grid, MazeError> {
    let dims = check(&params.shape, symmetry)?;
    let part = part(dims, symmetry)?;
    let seed = params.seed;
    let piece = super::generate(
        algorithm,
        Params {
            shape: Shape::square(part),
            symmetry: None,
            ..params
        },
    )?;
    let mut grid = Grid::closed_shape(Shape::square(dims));
    // Every part: the piece, and its images under the symmetry (for xy the
    // two mirrors and both together).
    let maps = match symmetry {
        Symmetry::XY => vec![Symmetry::X, Symmetry::Y, Symmetry::XY],
        s => vec![s],
    };
    for (a, b) in piece.opening_pairs() {
        let ((ax, ay), (bx, by)) = (part.xy(a), part.xy(b));
        grid.set_open(dims.at(ax, ay), dims.at(bx, by), true);
        for &m in &maps {
            let (ix, iy) = m.image(dims, ax, ay);
            let (jx, jy) = m.image(dims, bx, by);
            grid.set_open(dims.at(ix, iy), dims.at(jx, jy), true);
        }
    }
    for (a, b) in joins(dims, symmetry, seed) {
        grid.set_open(a, b, true);
    }
    Ok(grid)
}

/// The passages that join the parts across the middle lines (step 3),
/// drawn from the maze's seed on a stream of their own.
pub(super) fn joins(dims: Dims, symmetry: Symmetry, seed: u64) -> Vec<(u32, u32)> {
    let (halve_x, halve_y) = halves(symmetry);
    let mut rng = Rng::with_stream(seed, 0x7379_6d6d);
    let (mid_x, mid_y) = (dims.width / 2, dims.height / 2);
    let mut out = Vec::new();
    if halve_x {
        // Left to right (for xy in the top half only: the bottom halves
        // join through the top ones).
        let rows = if halve_y { mid_y } else { dims.height };
        let r = rng.below(rows);
        out.push((dims.at(mid_x - 1, r), dims.at(mid_x, r)));
    }
    if halve_y {
        let cols = if halve_x { mid_x } else { dims.width };
        let c = rng.below(cols);
        out.push((dims.at(c, mid_y - 1), dims.at(c, mid_y)));
        if halve_x {
            // The right quarters: top right to bottom right.
            let c = mid_x + rng.below(mid_x);
            out.push((dims.at(c, mid_y - 1), dims.at(c, mid_y)));
        }
    }
    out
}

/// The part of `dims` the generator carves: the left half (x), the top
/// half (y, rot) or the top-left quarter (xy).
pub fn part(dims: Dims, symmetry: Symmetry) -> Result<Dims, MazeError> {
    let (halve_x, halve_y) = halves(symmetry);
    Dims::new(
        if halve_x { dims.width / 2 } else { dims.width },
        if halve_y {
            dims.height / 2
        } else {
            dims.height
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_perfect(grid: &Grid, label: &str) {
        let cells = grid.cells();
        assert_eq!(grid.openings(), u64::from(cells) - 1, "{label}");
        let reached = crate::analyze::distances(grid, 0)
            .iter()
            .filter(|&&d| d != crate::analyze::UNREACHABLE)
            .count();
        assert_eq!(reached as u32, cells, "{label}");
    }

    /// Each opening's image under the symmetry is an opening: checked wall
    /// by wall, all but the joining passages for a half turn and xy.
    #[test]
    fn a_symmetric_maze_is_its_own_image_and_perfect() {
        for (sym, size) in [
            ("x", "20x13"),
            ("y", "13x20"),
            ("rot", "15x12"),
            ("xy", "16x12"),
        ] {
            let symmetry = Symmetry::parse(sym).unwrap();
            let dims = Dims::parse(size).unwrap();
            for algorithm in ["backtracker", "kruskal", "wilson", "sidewinder"] {
                for seed in 0..5 {
                    let grid = generate(algorithm, Params::new(dims, seed), symmetry).unwrap();
                    let label = format!("{sym} {algorithm} seed {seed}");
                    assert_perfect(&grid, &label);
                    let image = match symmetry {
                        Symmetry::XY => Symmetry::X,
                        s => s,
                    };
                    let mut broken = 0;
                    for (a, b) in grid.opening_pairs() {
                        let ((ax, ay), (bx, by)) = (dims.xy(a), dims.xy(b));
                        let (ix, iy) = image.image(dims, ax, ay);
                        let (jx, jy) = image.image(dims, bx, by);
                        broken +=
                            usize::from(!grid.is_open_between(dims.at(ix, iy), dims.at(jx, jy)));
                    }
                    let allowed = match symmetry {
                        Symmetry::X | Symmetry::Y => 0,
                        // The one join, seen from its two ends' images.
                        Symmetry::Rot => 1,
                        // Top-to-bottom joins in the left and right quarters.
                        Symmetry::XY => 2,
                    };
                    assert!(
                        broken <= allowed,
                        "{label}: {broken} openings without their image"
                    );
                }
            }
        }
    }

    #[test]
    fn odd_sides_other_shapes_and_unknown_symmetries_are_refused() {
        let odd = generate(
            "backtracker",
            Params::new(Dims::new(9, 8).unwrap(), 1),
            Symmetry::X,
        );
        assert!(odd.unwrap_err().to_string().contains("even width"));
        let hex = Params::on(Shape::parse("hex", "8x8", None).unwrap(), 1);
        assert!(generate("backtracker", hex, Symmetry::X)
            .unwrap_err()
            .to_string()
            .contains("plain square"));
        assert!(Symmetry::parse("z")
            .unwrap_err()
            .to_string()
            .contains("rot (a half turn)"));
    }
}
