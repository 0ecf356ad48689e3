//! 3D-printable mazes as binary STL: a plate with walls standing on it, one
//! closed solid a slicer takes as it is.
//!
//! The plate is cut into blocks on a grid of strips: wall strips (`wall_mm`
//! wide) between cell strips (`cell_mm - wall_mm`). A block where two wall
//! strips cross is a post (always wall); a block on one wall strip is the
//! wall between two cells (standing if closed, floor if open); a block on
//! no wall strip is a cell's floor. Each block is a box of its height (the
//! base, or the base and the wall), so the solid is the union of boxes on
//! a grid. It is written as each block's top and bottom and, where two
//! blocks' heights differ, the face between them, cut at the base's height
//! so that every edge meets exactly one other face: around any grid corner
//! a post, two walls and a floor meet, which changes height exactly twice.
//! The result is closed, its faces turn outward, and its volume is the sum
//! of the boxes (the tests check all three). The entrance and the exit are
//! floor through the outer wall, so a ball rolls in and out.
//!
//! Squares print this way, masked (a masked cell is solid) or braided; a
//! 3D or 4D maze prints as its levels side by side, one plate, with a hole
//! through the floor of each cell that has a passage to another level.

use crate::entrance::Ends;
use crate::error::MazeError;
use crate::grid::Grid;
use crate::shape::{Cell, Dir, Kind, Shape, Topology};

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

/// The grid of cells the plate is cut from: columns and rows of squares,
/// and for each the cell there (if any).
struct Plan {
    columns: u32,
    rows: u32,
    cell_at: Vec<Option<Cell>>,
}

impl Plan {
    /// Squares as they are; levels side by side (4D: rows of them).
    fn of(shape: &Shape, woven: bool) -> Result<Plan, MazeError> {
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
                Ok(Plan {
                    columns,
                    rows,
                    cell_at,
                })
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
                Ok(Plan {
                    columns,
                    rows,
                    cell_at,
                })
            }
            _ => Err(refuse(
                "a square maze (masked or braided too), or a 3D or 4D one; the other shapes do not print yet",
            )),
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
    let plan = Plan::of(shape, woven)?;
    check(options, plan.columns, plan.rows)
}

/// Checks the measures and the print's size.
fn check(options: &StlOptions, columns: u32, rows: u32) -> Result<(), MazeError> {
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
    let (w, h) = (
        f64::from(columns) * cell_mm + wall_mm,
        f64::from(rows) * cell_mm + wall_mm,
    );
    if w.max(h) > MAX_PRINT_MM {
        return Err(MazeError::BadValue {
            what: "print size",
            given: format!("{w:.0} x {h:.0} mm"),
            valid: format!(
                "at most {MAX_PRINT_MM:.0} mm a side: a smaller --cell-mm (at most {:.1} here) or a smaller maze",
                // Rounded down, so the size named fits.
                ((MAX_PRINT_MM - wall_mm) / f64::from(columns.max(rows)) * 10.0).floor() / 10.0
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
    check(options, plan.columns, plan.rows)?;
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
    let span_y = |j: i64| (depth - edge(j + 1), depth - edge(j));
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
    let mut out = Vec::new();
    let cuts = [0, base, top];
    for j in 0..bh {
        for i in 0..bw {
            let z = height(block(i, j));
            if z == 0 {
                continue;
            }
            let ((x0, x1), (y0, y1)) = (span_x(i), span_y(j));
            // Top and bottom.
            out.push([[x0, y0, z], [x1, y0, z], [x1, y1, z]]);
            out.push([[x0, y0, z], [x1, y1, z], [x0, y1, z]]);
            out.push([[x0, y0, 0], [x1, y1, 0], [x1, y0, 0]]);
            out.push([[x0, y0, 0], [x0, y1, 0], [x1, y1, 0]]);
            // The sides this block stands above its neighbour, from the
            // neighbour's height up, cut at each height between. Corners go
            // anticlockwise round the block seen from above, so outward is
            // on each side's right.
            let sides = [
                ((x0, y0), (x1, y0), block(i, j + 1)), // south (rows count down)
                ((x1, y0), (x1, y1), block(i + 1, j)), // east
                ((x1, y1), (x0, y1), block(i, j - 1)), // north
                ((x0, y1), (x0, y0), block(i - 1, j)), // west
            ];
            for (a, b, neighbour) in sides {
                let low = height(neighbour);
                for w in cuts.windows(2) {
                    let (zl, zh) = (w[0].max(low), w[1]);
                    if zl >= zh || zh > z {
                        continue;
                    }
                    out.push([[a.0, a.1, zl], [b.0, b.1, zl], [b.0, b.1, zh]]);
                    out.push([[a.0, a.1, zl], [b.0, b.1, zh], [a.0, a.1, zh]]);
                }
            }
        }
    }
    Ok(out)
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

    fn build(shape: &str, size: &str, algorithm: &str) -> crate::request::Built {
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
            let plan = Plan::of(built.grid.shape(), false).unwrap();
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
        let hex = refused(build("hex", "6x5", "backtracker"), &o);
        assert!(hex.contains("square maze"), "{hex}");
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
