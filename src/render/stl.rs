//! 3D-printable mazes as binary STL: a plate with walls standing on it, one
//! closed solid a slicer takes as it is.
//!
//! The plate is cut into blocks on a grid of strips: wall strips (`wall_mm`
//! wide) between cell strips (`cell_mm - wall_mm`). A block where two wall
//! strips cross is a post (always wall); a block on one wall strip is the
//! wall between two cells (standing if closed, floor if open); a block on
//! no wall strip is a cell's floor. Each block is a box of its height (the
//! base, or the base and the wall), so the solid is the union of boxes on
//! a grid. It is written with walls merged where they run straight: the
//! tops of a row's run of blocks of one height are one face, the plate's
//! bottom one face a row, and the face between two lines of blocks one
//! face for as long as the heights either side stay the same, cut at the
//! base's height. Each face takes a corner wherever another face's edge
//! ends on its edge, so every edge meets exactly one other face (no edge
//! ends in the middle of another); each face is a fan from its middle.
//! The result is closed, its faces turn outward, and its volume is the sum
//! of the boxes (the tests check all three). The entrance and the exit are
//! floor through the outer wall, so a ball rolls in and out.
//!
//! Squares print this way, masked (a masked cell is solid) or braided; a
//! 3D or 4D maze prints as its levels side by side, one plate, with a hole
//! through the floor of each cell that has a passage to another level.
//! Every other plane shape (hexagons, triangles, rings, upsilon) is cut
//! from its cells' outlines instead (`outline.rs`): a floor drawn in by
//! half a wall, each side's band of wall round it, the rim's drawn out by
//! half a wall more, and posts that are the walls' own mitres. A wrapped
//! square, a weave and the cube do not lie flat and are
//! refused by name.

use crate::entrance::Ends;
use crate::error::MazeError;
use crate::grid::Grid;
use crate::shape::{Cell, Dir, Kind, Shape, Topology};

mod outline;
use outline::{outline_regions, solid};

/// What the print measures, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StlOptions {
    /// From one wall's middle to the next.
    pub cell_mm: f64,
    /// A wall's thickness.
    pub wall_mm: f64,
    /// How far walls stand above the floor.
    pub height_mm: f64,
    /// The floor's thickness.
    pub base_mm: f64,
}

impl Default for StlOptions {
    /// A desk printer's: a 40 x 25 maze is 241 x 151 mm; walls of three
    /// 0.4 mm lines; passages 4.8 mm wide, room for a 4 mm ball.
    fn default() -> StlOptions {
        StlOptions {
            cell_mm: 6.0,
            wall_mm: 1.2,
            height_mm: 5.0,
            base_mm: 2.0,
        }
    }
}

/// The thinnest wall (or floor, or passage) a desk printer's 0.4 mm nozzle
/// lays down.
pub const MIN_MM: f64 = 0.4;
/// The widest print a desk printer's bed takes.
pub const MAX_PRINT_MM: f64 = 300.0;
/// Coordinates are whole micrometres, so that faces meet exactly.
const UNITS_PER_MM: f64 = 1000.0;

/// How a block stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    /// Nothing: a hole through the floor.
    Hole,
    /// The floor.
    Floor,
    /// A wall (or a post, or a masked cell).
    Wall,
}

/// The grid of cells a square plate is cut from: columns and rows of
/// squares, and for each the cell there (if any).
struct Plan {
    columns: u32,
    rows: u32,
    cell_at: Vec<Option<Cell>>,
}

impl Plan {
    /// Squares as they are; levels side by side (4D: rows of them). `None`
    /// for the other plane shapes, cut from their cells' outlines instead
    /// (`outline_regions`); an error for what does not lie flat.
    fn of(shape: &Shape, woven: bool) -> Result<Option<Plan>, MazeError> {
        let refuse = |why: &str| MazeError::BadValue {
            what: "maze for --format stl",
            given: format!("{} {}", shape.name(), shape.size_text()),
            valid: why.to_string(),
        };
        if woven {
            return Err(refuse(
                "one without a weave (a bridge would print as a solid block)",
            ));
        }
        match &shape.kind {
            Kind::Square(w) => {
                if w.wraps() {
                    return Err(refuse(
                        "one without a wrap (its edges meet, which a flat plate cannot show)",
                    ));
                }
                let (columns, rows) = (w.dims.width, w.dims.height);
                let cell_at = (0..columns * rows)
                    .map(|c| shape.is_cell(c).then_some(c))
                    .collect();
                Ok(Some(Plan {
                    columns,
                    rows,
                    cell_at,
                }))
            }
            Kind::Stack(s) => {
                let (columns, rows) = (s.width * s.levels, s.height * s.hyper);
                let mut cell_at = vec![None; (columns * rows) as usize];
                for cell in 0..shape.cells() {
                    if !shape.is_cell(cell) {
                        continue;
                    }
                    let at = s.place(cell);
                    let (x, y) = (at.l * s.width + at.x, at.k * s.height + at.y);
                    cell_at[(y * columns + x) as usize] = Some(cell);
                }
                Ok(Some(Plan {
                    columns,
                    rows,
                    cell_at,
                }))
            }
            Kind::Cube(_) => Err(refuse(
                "a flat maze (the cube's faces fold; print it as a net from the SVG)",
            )),
            _ => Ok(None),
        }
    }

    fn cell(&self, x: i64, y: i64) -> Option<Cell> {
        if x < 0 || y < 0 || x >= i64::from(self.columns) || y >= i64::from(self.rows) {
            return None;
        }
        self.cell_at[(y as u32 * self.columns + x as u32) as usize]
    }
}

/// Whether a maze of this shape (woven or not) prints with these
/// measures: refused by name if not.
pub fn check_maze(shape: &Shape, woven: bool, options: &StlOptions) -> Result<(), MazeError> {
    check(options, shape, Plan::of(shape, woven)?.as_ref())
}

/// Checks the measures and the print's size (the plan's columns and
/// rows, or the shape's bounds, in cells).
fn check(options: &StlOptions, shape: &Shape, plan: Option<&Plan>) -> Result<(), MazeError> {
    let (columns, rows) = match plan {
        Some(p) => (f64::from(p.columns), f64::from(p.rows)),
        None => shape.bounds(),
    };
    let bad = |what: &'static str, given: f64, valid: String| MazeError::BadValue {
        what,
        given: format!("{given} mm"),
        valid,
    };
    let StlOptions {
        cell_mm,
        wall_mm,
        height_mm,
        base_mm,
    } = *options;
    for (what, value) in [
        ("--wall-mm", wall_mm),
        ("--height-mm", height_mm),
        ("--base-mm", base_mm),
    ] {
        if !(value.is_finite() && value >= MIN_MM) {
            return Err(bad(
                what,
                value,
                format!("at least {MIN_MM} mm (a nozzle's line)"),
            ));
        }
    }
    if !(cell_mm.is_finite() && cell_mm - wall_mm >= MIN_MM) {
        return Err(bad(
            "--cell-mm",
            cell_mm,
            format!(
                "at least the wall and {MIN_MM} mm ({} mm here), so a passage prints",
                wall_mm + MIN_MM
            ),
        ));
    }
    let (w, h) = (columns * cell_mm + wall_mm, rows * cell_mm + wall_mm);
    if w.max(h) > MAX_PRINT_MM {
        return Err(MazeError::BadValue {
            what: "print size",
            given: format!("{w:.0} x {h:.0} mm"),
            valid: format!(
                "at most {MAX_PRINT_MM:.0} mm a side: a smaller --cell-mm (at most {:.1} here) or a smaller maze",
                // Rounded down, so the size named fits.
                ((MAX_PRINT_MM - wall_mm) / columns.max(rows) * 10.0).floor() / 10.0
            ),
        });
    }
    Ok(())
}

/// A triangle's corners, in micrometres.
type Triangle = [[i64; 3]; 3];

/// The maze as one closed solid: its triangles, each turned so that its
/// corners go anticlockwise seen from outside.
pub fn triangles(
    grid: &Grid,
    ends: &Ends,
    options: &StlOptions,
) -> Result<Vec<Triangle>, MazeError> {
    let plan = Plan::of(grid.shape(), grid.is_woven())?;
    check(options, grid.shape(), plan.as_ref())?;
    match plan {
        Some(plan) => Ok(grid_regions(grid, ends, options, &plan).solid()),
        None => {
            let (regions, cuts) = outline_regions(grid, ends, options)?;
            Ok(solid(&regions, &cuts))
        }
    }
}

/// A square plate's blocks (see the top of this file), as pieces.
fn grid_regions(grid: &Grid, ends: &Ends, options: &StlOptions, plan: &Plan) -> Blocks {
    let um = |mm: f64| (mm * UNITS_PER_MM).round() as i64;
    let (wall, passage) = (
        um(options.wall_mm),
        um(options.cell_mm) - um(options.wall_mm),
    );
    let (base, top) = (
        um(options.base_mm),
        um(options.base_mm) + um(options.height_mm),
    );
    // Block columns and rows: 2n + 1 strips, walls on the even ones.
    let (bw, bh) = (
        2 * i64::from(plan.columns) + 1,
        2 * i64::from(plan.rows) + 1,
    );
    let edge = |i: i64| (i / 2) * (wall + passage) + (i % 2) * wall;
    let depth = edge(bh);
    // Strip `i`'s span; rows count down from the top (y up in the print, so
    // the picture is not mirrored).
    let span_x = |i: i64| (edge(i), edge(i + 1));
    let doors: Vec<(Cell, Dir)> = [ends.entrance, ends.exit]
        .iter()
        .filter_map(|d| Some((d.cell, d.side?)))
        .collect();
    let shape = grid.shape();
    let open = |a: Option<Cell>, b: Option<Cell>| match (a, b) {
        (Some(a), Some(b)) => grid.adjacent(a, b) && grid.is_open_between(a, b),
        _ => false,
    };
    let door = |cell: Option<Cell>, dir: Dir| cell.is_some_and(|c| doors.contains(&(c, dir)));
    // A door is cut only through the plate's rim, so every block beside a
    // masked cell (solid) is wall, and no corner changes height four times.
    let block = |i: i64, j: i64| -> Option<Block> {
        if i < 0 || j < 0 || i >= bw || j >= bh {
            return None;
        }
        let (x, y) = (i / 2, j / 2);
        Some(match (i % 2, j % 2) {
            (0, 0) => Block::Wall,
            // Between the cells above and below.
            (1, 0) => {
                let (above, below) = (plan.cell(x, y - 1), plan.cell(x, y));
                let through = open(above, below)
                    || (y == 0 && door(below, Dir::N))
                    || (y == i64::from(plan.rows) && door(above, Dir::S));
                if through {
                    Block::Floor
                } else {
                    Block::Wall
                }
            }
            // Between the cells left and right.
            (0, 1) => {
                let (left, right) = (plan.cell(x - 1, y), plan.cell(x, y));
                let through = open(left, right)
                    || (x == 0 && door(right, Dir::W))
                    || (x == i64::from(plan.columns) && door(left, Dir::E));
                if through {
                    Block::Floor
                } else {
                    Block::Wall
                }
            }
            _ => match plan.cell(x, y) {
                None => Block::Wall,
                Some(cell) => {
                    // A passage to another level: a hole in the floor.
                    let between_levels = (4..8).any(|k| {
                        shape
                            .side(cell, k)
                            .is_some_and(|n| grid.is_open_between(cell, n))
                    });
                    if between_levels {
                        Block::Hole
                    } else {
                        Block::Floor
                    }
                }
            },
        })
    };
    let height = |b: Option<Block>| match b {
        None | Some(Block::Hole) => 0,
        Some(Block::Floor) => base,
        Some(Block::Wall) => top,
    };
    Blocks {
        columns: (0..=bw).map(|i| span_x(i).0).collect(),
        // Row j's top is line j: y falls as j grows.
        rows: (0..=bh).map(|j| depth - edge(j)).collect(),
        heights: (0..bh)
            .flat_map(|j| (0..bw).map(move |i| (i, j)))
            .map(|(i, j)| height(block(i, j)))
            .collect(),
        cuts: [0, base, top],
    }
}

/// A square plate as its blocks' heights on the grid of strips: `columns`
/// and `rows` are the strips' edges (x left to right, y top to bottom),
/// `heights` row by row.
struct Blocks {
    columns: Vec<i64>,
    rows: Vec<i64>,
    heights: Vec<i64>,
    cuts: [i64; 3],
}

/// A face of the plate before it is cut into triangles: a rectangle lying
/// flat (`Flat`) or standing on a strip's edge (`Standing`), with the way
/// it faces.
enum Face {
    /// Columns `i0..i1` of row `j` at height `z`, facing up or down.
    Flat {
        j: usize,
        i0: usize,
        i1: usize,
        z: i64,
        up: bool,
    },
    /// On line `line` (a column's edge if `vertical`, else a row's), strips
    /// `a0..a1` along it, from height `z0` to `z1`, facing the way the
    /// coordinate across the line grows (`ahead`) or back.
    Standing {
        vertical: bool,
        line: usize,
        a0: usize,
        a1: usize,
        z0: i64,
        z1: i64,
        ahead: bool,
    },
}

impl Blocks {
    fn height(&self, i: isize, j: isize) -> i64 {
        let (bw, bh) = (self.columns.len() - 1, self.rows.len() - 1);
        if i < 0 || j < 0 || i as usize >= bw || j as usize >= bh {
            return 0;
        }
        self.heights[j as usize * bw + i as usize]
    }

    /// The plate as one closed solid, walls merged where they run
    /// straight: the tops of a row's run of blocks of one height are one
    /// face, its bottoms one face, and the face between two lines of blocks
    /// one face for as long as the heights on either side stay the same
    /// (each cut at the base's height, as every block's was). So that no
    /// edge ends in the middle of another, each face's edges take a corner
    /// wherever another face's edge ends on the same line at the same
    /// height, and each face is a fan from its middle.
    fn solid(&self) -> Vec<Triangle> {
        let (bw, bh) = (self.columns.len() - 1, self.rows.len() - 1);
        let mut faces = Vec::new();
        // Tops, then bottoms: runs along each row.
        for up in [true, false] {
            for j in 0..bh {
                let mut i = 0;
                while i < bw {
                    let h = self.height(i as isize, j as isize);
                    let same = |k: usize| {
                        let g = self.height(k as isize, j as isize);
                        // Bottoms all lie at 0: one run while there is plate.
                        if up {
                            g == h
                        } else {
                            (g > 0) == (h > 0)
                        }
                    };
                    let mut end = i + 1;
                    while end < bw && same(end) {
                        end += 1;
                    }
                    if h > 0 {
                        let z = if up { h } else { 0 };
                        faces.push(Face::Flat {
                            j,
                            i0: i,
                            i1: end,
                            z,
                            up,
                        });
                    }
                    i = end;
                }
            }
        }
        // Standing faces, band by band between the cuts, along every line.
        for vertical in [true, false] {
            let (lines, along) = if vertical { (bw + 1, bh) } else { (bh + 1, bw) };
            for w in self.cuts.windows(2) {
                let (z0, z1) = (w[0], w[1]);
                for line in 0..lines {
                    // The heights before and after the line, at strip `a`.
                    let state = |a: usize| {
                        let (before, after) = if vertical {
                            (
                                self.height(line as isize - 1, a as isize),
                                self.height(line as isize, a as isize),
                            )
                        } else {
                            (
                                self.height(a as isize, line as isize - 1),
                                self.height(a as isize, line as isize),
                            )
                        };
                        let (low, high) = (before.min(after), before.max(after));
                        (low <= z0 && z1 <= high).then_some(before > after)
                    };
                    let mut a = 0;
                    while a < along {
                        let s = state(a);
                        let mut end = a + 1;
                        while end < along && state(end) == s {
                            end += 1;
                        }
                        if let Some(ahead) = s {
                            faces.push(Face::Standing {
                                vertical,
                                line,
                                a0: a,
                                a1: end,
                                z0,
                                z1,
                                ahead,
                            });
                        }
                        a = end;
                    }
                }
            }
        }
        // Where faces' edges end, on each line at each height.
        let mut stops: std::collections::HashMap<(bool, usize, i64), Vec<usize>> =
            Default::default();
        let mut stop = |vertical: bool, line: usize, z: i64, a: usize| {
            stops.entry((vertical, line, z)).or_default().push(a);
        };
        for f in &faces {
            match *f {
                Face::Flat { j, i0, i1, z, .. } => {
                    for line in [j, j + 1] {
                        stop(false, line, z, i0);
                        stop(false, line, z, i1);
                    }
                    for line in [i0, i1] {
                        stop(true, line, z, j);
                        stop(true, line, z, j + 1);
                    }
                }
                Face::Standing {
                    vertical,
                    line,
                    a0,
                    a1,
                    z0,
                    z1,
                    ..
                } => {
                    for z in [z0, z1] {
                        stop(vertical, line, z, a0);
                        stop(vertical, line, z, a1);
                    }
                }
            }
        }
        for list in stops.values_mut() {
            list.sort_unstable();
            list.dedup();
        }
        // A line's stops between two strips' edges, in the order asked.
        let between = |vertical: bool, line: usize, z: i64, from: usize, to: usize| -> Vec<usize> {
            let (lo, hi) = (from.min(to), from.max(to));
            let mut inner: Vec<usize> = stops
                .get(&(vertical, line, z))
                .map(|l| l.iter().copied().filter(|&a| a > lo && a < hi).collect())
                .unwrap_or_default();
            if from > to {
                inner.reverse();
            }
            inner
        };
        let (xs, ys) = (&self.columns, &self.rows);
        let mut out = Vec::new();
        for f in &faces {
            // The outline, and the way out of the solid.
            let (outline, normal): (Vec<[i64; 3]>, [i64; 3]) = match *f {
                Face::Flat { j, i0, i1, z, up } => {
                    let mut o = Vec::new();
                    // Round the rectangle: along the row's top edge, down
                    // its right end, back along its bottom, up its left.
                    o.push([xs[i0], ys[j], z]);
                    o.extend(
                        between(false, j, z, i0, i1)
                            .into_iter()
                            .map(|i| [xs[i], ys[j], z]),
                    );
                    o.push([xs[i1], ys[j], z]);
                    o.extend(
                        between(true, i1, z, j, j + 1)
                            .into_iter()
                            .map(|k| [xs[i1], ys[k], z]),
                    );
                    o.push([xs[i1], ys[j + 1], z]);
                    o.extend(
                        between(false, j + 1, z, i1, i0)
                            .into_iter()
                            .map(|i| [xs[i], ys[j + 1], z]),
                    );
                    o.push([xs[i0], ys[j + 1], z]);
                    o.extend(
                        between(true, i0, z, j + 1, j)
                            .into_iter()
                            .map(|k| [xs[i0], ys[k], z]),
                    );
                    (o, [0, 0, if up { 1 } else { -1 }])
                }
                Face::Standing {
                    vertical,
                    line,
                    a0,
                    a1,
                    z0,
                    z1,
                    ahead,
                } => {
                    let at = |a: usize, z: i64| {
                        if vertical {
                            [xs[line], ys[a], z]
                        } else {
                            [xs[a], ys[line], z]
                        }
                    };
                    let mut o = vec![at(a0, z0)];
                    o.extend(
                        between(vertical, line, z0, a0, a1)
                            .into_iter()
                            .map(|a| at(a, z0)),
                    );
                    o.push(at(a1, z0));
                    o.push(at(a1, z1));
                    o.extend(
                        between(vertical, line, z1, a1, a0)
                            .into_iter()
                            .map(|a| at(a, z1)),
                    );
                    o.push(at(a0, z1));
                    // Ahead is +x across a column's edge, and -y across a
                    // row's (rows run down the print).
                    let sign = if ahead { 1 } else { -1 };
                    (
                        o,
                        if vertical {
                            [sign, 0, 0]
                        } else {
                            [0, -sign, 0]
                        },
                    )
                }
            };
            fan(&outline, normal, &mut out);
        }
        out
    }
}

/// A flat polygon (convex, corners in order either way round) as a fan of
/// triangles from its middle, turned to face `normal`.
fn fan(outline: &[[i64; 3]], normal: [i64; 3], out: &mut Vec<Triangle>) {
    let n = outline.len() as i64;
    let mut c = [0i64; 3];
    for p in outline {
        for k in 0..3 {
            c[k] += p[k];
        }
    }
    let c = c.map(|v| v / n);
    let (a, b) = (outline[0], outline[1]);
    let (u, v) = (
        [a[0] - c[0], a[1] - c[1], a[2] - c[2]],
        [b[0] - c[0], b[1] - c[1], b[2] - c[2]],
    );
    let cross = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let turned = cross[0] * normal[0] + cross[1] * normal[1] + cross[2] * normal[2] < 0;
    for k in 0..outline.len() {
        let (p, q) = (outline[k], outline[(k + 1) % outline.len()]);
        out.push(if turned { [c, q, p] } else { [c, p, q] });
    }
}

/// The maze as binary STL: an 80-byte header, the triangle count, and per
/// triangle its normal, three corners (millimetres) and two zero bytes.
pub fn render(grid: &Grid, ends: &Ends, options: &StlOptions) -> Result<Vec<u8>, MazeError> {
    let triangles = triangles(grid, ends, options)?;
    let mut out = Vec::with_capacity(84 + 50 * triangles.len());
    let mut header = format!(
        "mazelab {} {}: cell {} mm, wall {} mm, height {} mm, base {} mm",
        grid.shape().name(),
        grid.shape().size_text(),
        options.cell_mm,
        options.wall_mm,
        options.height_mm,
        options.base_mm
    )
    .into_bytes();
    // A binary STL's header must not begin "solid" (readers would take it
    // for the text form); this one begins "mazelab".
    header.resize(80, b' ');
    out.extend_from_slice(&header);
    out.extend_from_slice(&(triangles.len() as u32).to_le_bytes());
    let mm = |v: i64| (v as f64 / UNITS_PER_MM) as f32;
    for [a, b, c] in &triangles {
        let (u, v) = (
            [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
            [c[0] - a[0], c[1] - a[1], c[2] - a[2]],
        );
        let n = [
            (u[1] * v[2] - u[2] * v[1]) as f64,
            (u[2] * v[0] - u[0] * v[2]) as f64,
            (u[0] * v[1] - u[1] * v[0]) as f64,
        ];
        let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt().max(1e-12);
        for k in n {
            out.extend_from_slice(&((k / length) as f32).to_le_bytes());
        }
        for p in [a, b, c] {
            for &k in p {
                out.extend_from_slice(&mm(k).to_le_bytes());
            }
        }
        out.extend_from_slice(&[0, 0]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{MaskText, MazeRequest};
    use std::collections::HashMap;

    pub(super) fn build(shape: &str, size: &str, algorithm: &str) -> crate::request::Built {
        MazeRequest {
            algorithm: algorithm.into(),
            shape: shape.into(),
            size: Some(size.into()),
            seed: Some(7),
            ..MazeRequest::default()
        }
        .build()
        .unwrap()
    }

    /// Checks the triangles make one closed, consistently turned surface:
    /// each directed edge once, and its reverse once (so every edge is
    /// shared by exactly two triangles, which go round it oppositely); no
    /// triangle without area. Returns the enclosed volume in mm³.
    fn closed_volume(triangles: &[Triangle]) -> f64 {
        let mut edges: HashMap<([i64; 3], [i64; 3]), u32> = HashMap::new();
        for t in triangles {
            let (u, v) = (
                [t[1][0] - t[0][0], t[1][1] - t[0][1], t[1][2] - t[0][2]],
                [t[2][0] - t[0][0], t[2][1] - t[0][1], t[2][2] - t[0][2]],
            );
            let n = [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ];
            assert_ne!(n, [0, 0, 0], "a triangle without area: {t:?}");
            for k in 0..3 {
                *edges.entry((t[k], t[(k + 1) % 3])).or_default() += 1;
            }
        }
        for (&(a, b), &count) in &edges {
            assert_eq!(
                count, 1,
                "edge {a:?} -> {b:?} is used {count} times one way"
            );
            assert_eq!(
                edges.get(&(b, a)),
                Some(&1),
                "edge {a:?} -> {b:?} has no twin"
            );
        }
        // The divergence theorem: the sum of the signed tetrahedra from the
        // origin.
        let mm = |v: i64| v as f64 / UNITS_PER_MM;
        triangles
            .iter()
            .map(|[a, b, c]| {
                let (a, b, c) = (a.map(mm), b.map(mm), c.map(mm));
                (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                    + a[2] * (b[0] * c[1] - b[1] * c[0]))
                    / 6.0
            })
            .sum()
    }

    #[test]
    fn a_square_maze_is_one_closed_outward_solid_of_the_right_volume() {
        let o = StlOptions::default();
        for (w, h, algorithm) in [
            (5u32, 4u32, "backtracker"),
            (12, 9, "kruskal"),
            (1, 1, "backtracker"),
        ] {
            let built = build("square", &format!("{w}x{h}"), algorithm);
            let t = triangles(&built.grid, &built.ends, &o).unwrap();
            let volume = closed_volume(&t);
            // The plate, then the walls: every post, and every wall segment
            // but the passages (a tree: cells - 1) and the two doors.
            let (c, r) = (f64::from(w), f64::from(h));
            let passage = o.cell_mm - o.wall_mm;
            let plate = (c * o.cell_mm + o.wall_mm) * (r * o.cell_mm + o.wall_mm);
            let posts = (c + 1.0) * (r + 1.0);
            let segments = c * (r + 1.0) + (c + 1.0) * r;
            let doors = 2.0;
            let standing = segments - (c * r - 1.0) - doors;
            let expected = plate * o.base_mm
                + o.height_mm * (posts * o.wall_mm * o.wall_mm + standing * o.wall_mm * passage);
            assert!(
                (volume - expected).abs() < 1e-6 * expected,
                "{w}x{h}: volume {volume} mm³, expected {expected}"
            );
        }
    }

    #[test]
    fn masked_braided_and_sparse_squares_are_closed_solids() {
        let o = StlOptions::default();
        let mut requests = vec![
            MazeRequest {
                mask: Some(MaskText {
                    text: "X..X\n....\n....\nX..X\n".into(),
                    from: "a test".into(),
                }),
                ..MazeRequest::default()
            },
            MazeRequest {
                size: Some("10x8".into()),
                algorithm: "kruskal".into(),
                ..MazeRequest::default()
            },
        ];
        requests[1].texture.braid = 60;
        let mut sparse = MazeRequest {
            size: Some("12x10".into()),
            ..MazeRequest::default()
        };
        sparse.texture.sparse = 2;
        requests.push(sparse);
        for (i, mut request) in requests.into_iter().enumerate() {
            request.seed = Some(3);
            let built = request.build().unwrap();
            let t = triangles(&built.grid, &built.ends, &o).unwrap();
            assert!(closed_volume(&t) > 0.0, "request {i}");
        }
    }

    #[test]
    fn levels_print_side_by_side_with_holes_where_they_meet() {
        let o = StlOptions::default();
        for (shape, size) in [("3d", "4x3x3"), ("4d", "3x3x2x2")] {
            let built = build(shape, size, "kruskal");
            let t = triangles(&built.grid, &built.ends, &o).unwrap();
            let volume = closed_volume(&t);
            let plan = Plan::of(built.grid.shape(), false).unwrap().unwrap();
            let holes = (0..built.grid.cells())
                .filter(|&c| {
                    (4..8).any(|k| {
                        built
                            .grid
                            .shape()
                            .side(c, k)
                            .is_some_and(|n| built.grid.is_open_between(c, n))
                    })
                })
                .count();
            assert!(holes > 0, "{shape}: the levels meet somewhere");
            let passage = o.cell_mm - o.wall_mm;
            let plate = (f64::from(plan.columns) * o.cell_mm + o.wall_mm)
                * (f64::from(plan.rows) * o.cell_mm + o.wall_mm);
            // Less than a whole plate with no walls minus the holes' floor,
            // more than that: the walls stand on it.
            let floor = plate * o.base_mm - holes as f64 * passage * passage * o.base_mm;
            assert!(volume > floor, "{shape}: {volume} <= {floor}");
        }
    }

    /// Horizontal faces turn up at the top of a piece and down at z = 0.
    fn faces_turn_outward(triangles: &[Triangle]) {
        for t in triangles {
            if t[0][2] == t[1][2] && t[1][2] == t[2][2] {
                let up = (t[1][0] - t[0][0]) * (t[2][1] - t[0][1])
                    - (t[1][1] - t[0][1]) * (t[2][0] - t[0][0]);
                assert_eq!(
                    up > 0,
                    t[0][2] > 0,
                    "a flat face turned the wrong way: {t:?}"
                );
            }
        }
    }

    #[test]
    fn every_plane_shape_prints_as_one_closed_solid_of_its_pieces_volume() {
        let o = StlOptions::default();
        for (shape, size, algorithm) in [
            ("hex", "9x7", "backtracker"),
            ("triangle", "12x6", "kruskal"),
            ("polar", "7", "wilson"),
            ("upsilon", "8x6", "prim"),
            ("hex", "4x3", "backtracker"),
            ("polar", "2", "backtracker"),
            ("triangle", "1x1", "backtracker"),
        ] {
            let built = build(shape, size, algorithm);
            let (regions, cuts) = outline_regions(&built.grid, &built.ends, &o).unwrap();
            let t = solid(&regions, &cuts);
            let volume = closed_volume(&t);
            faces_turn_outward(&t);
            let expected: f64 = regions
                .iter()
                .map(|r| {
                    let n = r.outline.len();
                    let twice: i64 = (0..n)
                        .map(|k| {
                            let (a, b) = (r.outline[k], r.outline[(k + 1) % n]);
                            a[0] * b[1] - b[0] * a[1]
                        })
                        .sum();
                    assert!(twice >= 0, "{shape}: a piece turned the wrong way");
                    twice as f64 / 2.0 * r.height as f64 / UNITS_PER_MM.powi(3)
                })
                .sum();
            assert!(
                (volume - expected).abs() < 1e-6 * expected,
                "{shape} {size}: {volume} against {expected}"
            );
            // The rim is open at both ends' cells where they touch it.
            let standing_rim = regions.iter().filter(|r| r.height == cuts[1]).count();
            assert!(standing_rim > 0, "{shape}: some floor");
        }
        // Masked and braided hexagons.
        let mut masked = MazeRequest {
            shape: "hex".into(),
            mask: Some(MaskText {
                text: "X....X\n......\n..XX..\n......\n".into(),
                from: "a test".into(),
            }),
            seed: Some(4),
            ..MazeRequest::default()
        };
        masked.texture.braid = 50;
        let built = masked.build().unwrap();
        let t = triangles(&built.grid, &built.ends, &o).unwrap();
        assert!(closed_volume(&t) > 0.0);
        faces_turn_outward(&t);
    }

    #[test]
    fn straight_walls_are_merged_into_one_face_each() {
        // Every wall standing: each wall row of the plate is one straight
        // wall, its top one face (a fan round one middle), and the plate's
        // bottom one face a row.
        let (w, h) = (9u32, 6u32);
        let grid = Grid::closed(crate::shape::Dims::new(w, h).unwrap());
        let ends = crate::entrance::place(&grid, crate::entrance::EntranceStyle::Norvig, 1);
        let o = StlOptions::default();
        let t = triangles(&grid, &ends, &o).unwrap();
        closed_volume(&t);
        let um = |mm: f64| (mm * UNITS_PER_MM).round() as i64;
        let (top, pitch) = (um(o.base_mm + o.height_mm), um(o.cell_mm));
        let depth = i64::from(h) * pitch + um(o.wall_mm);
        let faces_within = |z: i64, y0: i64, y1: i64| {
            let mut middles: Vec<[i64; 3]> = t
                .iter()
                .filter(|tri| tri.iter().all(|p| p[2] == z && p[1] >= y0 && p[1] <= y1))
                .map(|tri| tri[0])
                .collect();
            middles.sort_unstable();
            middles.dedup();
            middles.len()
        };
        // The wall rows inside the rim (the doors are in the rim).
        for row in 1..h {
            let y1 = depth - i64::from(row) * pitch;
            let y0 = y1 - um(o.wall_mm);
            assert_eq!(faces_within(top, y0, y1), 1, "wall row {row}");
        }
        assert_eq!(faces_within(0, 0, depth), 2 * h as usize + 1, "the bottom");
    }

    #[test]
    fn a_40_by_40_maze_is_under_5_mb_and_reads_as_binary_stl() {
        let built = build("square", "40x40", "backtracker");
        let options = StlOptions {
            cell_mm: 7.0,
            ..StlOptions::default()
        };
        let bytes = render(&built.grid, &built.ends, &options).unwrap();
        assert!(bytes.len() < 5_000_000, "{} bytes", bytes.len());
        assert!(!bytes.starts_with(b"solid"));
        let count = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
        assert_eq!(bytes.len(), 84 + 50 * count);
        // The first triangle is a block's top: its normal points up.
        let normal: Vec<f32> = (0..3)
            .map(|k| f32::from_le_bytes(bytes[84 + 4 * k..88 + 4 * k].try_into().unwrap()))
            .collect();
        assert_eq!(normal, [0.0, 0.0, 1.0]);
    }

    #[test]
    fn what_cannot_print_is_refused_by_name() {
        let o = StlOptions::default();
        let refused = |built: crate::request::Built, options: &StlOptions| {
            triangles(&built.grid, &built.ends, options)
                .unwrap_err()
                .to_string()
        };
        let cube = refused(build("cube", "4", "backtracker"), &o);
        assert!(cube.contains("flat maze"), "{cube}");
        let wrapped = MazeRequest {
            wrap: Some("x".into()),
            size: Some("6x5".into()),
            seed: Some(1),
            ..MazeRequest::default()
        }
        .build()
        .unwrap();
        assert!(refused(wrapped, &o).contains("without a wrap"));
        let thin = StlOptions { wall_mm: 0.3, ..o };
        let message = refused(build("square", "5x5", "backtracker"), &thin);
        assert!(
            message.contains("--wall-mm") && message.contains("0.4"),
            "{message}"
        );
        let narrow = StlOptions { cell_mm: 1.4, ..o };
        assert!(refused(build("square", "5x5", "backtracker"), &narrow).contains("--cell-mm"));
        let wide = refused(build("square", "60x10", "backtracker"), &o);
        assert!(
            wide.contains("print size") && wide.contains("361 x 61 mm"),
            "{wide}"
        );
        // The cell size it names fits.
        assert!(wide.contains("at most 4.9 here"), "{wide}");
        let fits = StlOptions { cell_mm: 4.9, ..o };
        let built = build("square", "60x10", "backtracker");
        assert!(triangles(&built.grid, &built.ends, &fits).is_ok());
        for bad in [f64::NAN, f64::INFINITY, -1.0] {
            let o = StlOptions { base_mm: bad, ..o };
            assert!(refused(build("square", "5x5", "backtracker"), &o).contains("--base-mm"));
        }
    }
}
