//! SVG: the walls as one path of straight runs (adjacent wall segments on a
//! line are merged), gaps at the entrance and exit, and the solution as a
//! polyline through cell centres. A weighted maze's cells are shaded under
//! the walls, darker the dearer (the page's light heat layer), in a group
//! `class="weights"`.

use crate::entrance::Ends;
use crate::grid::Grid;
use crate::shape::{Cell, Dir};
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
    !grid.is_open(cell, side) && !grid.tunnel_mouth(cell, side)
}

/// A woven square, drawn inset (Buck's weave mazes): each cell's passage is
/// half a cell wide, with walls a quarter cell in from the cell's edges and
/// necks out to open sides; a cell with a tunnel under it shows its own
/// passage's walls running across the tunnel's necks, so the lower passage
/// is seen to go beneath.
fn woven_walls(grid: &Grid, ends: Option<&Ends>) -> String {
    let dims = grid.dims();
    let inset = f64::from(CELL) / 4.0;
    let mut d = String::new();
    for cell in 0..grid.cells() {
        let (x, y) = dims.xy(cell);
        let left = f64::from(MARGIN + x * CELL);
        let top = f64::from(MARGIN + y * CELL);
        let (right, bottom) = (left + f64::from(CELL), top + f64::from(CELL));
        let (l, r, t, b) = (left + inset, right - inset, top + inset, bottom - inset);
        let under = grid.raw()[cell as usize] & (crate::grid::UNDER_EW | crate::grid::UNDER_NS);
        for side in Dir::ALL {
            let open = !is_wall(grid, ends, cell, side);
            // A tunnel's neck through this cell's side: the cell's own
            // passage wall still runs across it.
            let tunnel = match side {
                Dir::E | Dir::W => under & crate::grid::UNDER_EW != 0,
                Dir::N | Dir::S => under & crate::grid::UNDER_NS != 0,
            };
            match (side, open) {
                (Dir::N, true) => {
                    let _ = write!(d, "M{l} {top}V{t}M{r} {top}V{t}");
                }
                (Dir::S, true) => {
                    let _ = write!(d, "M{l} {b}V{bottom}M{r} {b}V{bottom}");
                }
                (Dir::W, true) => {
                    let _ = write!(d, "M{left} {t}H{l}M{left} {b}H{l}");
                }
                (Dir::E, true) => {
                    let _ = write!(d, "M{r} {t}H{right}M{r} {b}H{right}");
                }
                _ => {}
            }
            if !open || tunnel {
                match side {
                    Dir::N => {
                        let _ = write!(d, "M{l} {t}H{r}");
                    }
                    Dir::S => {
                        let _ = write!(d, "M{l} {b}H{r}");
                    }
                    Dir::W => {
                        let _ = write!(d, "M{l} {t}V{b}");
                    }
                    Dir::E => {
                        let _ = write!(d, "M{r} {t}V{b}");
                    }
                }
            }
        }
    }
    d
}

/// Renders a standalone SVG document.
pub fn render(grid: &Grid, ends: Option<&Ends>, path: Option<&[Cell]>) -> String {
    render_with(grid, ends, path, false)
}

/// Renders the SVG for a pen plotter or a laser cutter: each wall drawn
/// exactly once, the walls joined into as few strokes as they allow
/// (`plot`), the count in the document's `<desc>`.
pub fn render_for_plotter(grid: &Grid, ends: Option<&Ends>, path: Option<&[Cell]>) -> String {
    render_with(grid, ends, path, true)
}

fn render_with(grid: &Grid, ends: Option<&Ends>, path: Option<&[Cell]>, plotter: bool) -> String {
    if grid.square().is_none() {
        let d = shape_walls(grid);
        return match plotter {
            false => shape_document(grid, ends, path, &d, ""),
            true => {
                let (d, desc) = plotted(&d, None);
                shape_document(grid, ends, path, &d, &desc)
            }
        };
    }
    let d = square_walls(grid, ends);
    match plotter {
        false => square_document(grid, ends, path, &d, ""),
        true => {
            let (d, desc) = plotted(&d, corner_spacing(grid));
            square_document(grid, ends, path, &d, &desc)
        }
    }
}

/// The walls path `render` draws (SVG units, y down; gaps at a square's
/// doors), for other renderers (the PDF sheets) to reuse.
pub fn walls(grid: &Grid, ends: Option<&Ends>) -> String {
    match grid.square() {
        Some(_) => square_walls(grid, ends),
        None => shape_walls(grid),
    }
}

/// The picture's width and height in SVG units, margins included.
pub fn picture_size(grid: &Grid) -> (f64, f64) {
    let (unit, margin) = (f64::from(CELL), f64::from(MARGIN));
    let (w, h) = match grid.square() {
        Some(_) => {
            let dims = grid.dims();
            (f64::from(dims.width), f64::from(dims.height))
        }
        None => grid.shape().bounds(),
    };
    (w * unit + 2.0 * margin, h * unit + 2.0 * margin)
}

/// A cell's centre in SVG units.
pub fn centre(grid: &Grid, cell: Cell) -> (f64, f64) {
    let (unit, margin) = (f64::from(CELL), f64::from(MARGIN));
    let (x, y) = match grid.square() {
        Some(_) => {
            let (x, y) = grid.dims().xy(cell);
            (f64::from(x) + 0.5, f64::from(y) + 0.5)
        }
        None => grid.shape().centre(cell),
    };
    (x * unit + margin, y * unit + margin)
}

/// The spacing of the corners walls meet at, for `plot`: a cell's side,
/// or a quarter of it for a woven square's inset walls; none elsewhere.
pub fn corner_spacing(grid: &Grid) -> Option<f64> {
    grid.square()
        .map(|_| f64::from(CELL) / if grid.is_woven() { 4.0 } else { 1.0 })
}

/// The plotter's walls path and the `<desc>` line that counts its strokes.
fn plotted(d: &str, corners: Option<f64>) -> (String, String) {
    let plot = super::plot::plot(d, corners);
    let desc = format!(
        "<desc>for plotters: {} strokes draw the {} wall segments, each once</desc>\n",
        plot.strokes, plot.segments
    );
    (plot.d, desc)
}

/// Calls `run(start, end)` for each longest run `start..end` of `0..len`
/// where `wall` holds.
fn for_each_run(len: u32, wall: impl Fn(u32) -> bool, mut run: impl FnMut(u32, u32)) {
    let mut start = None;
    for i in 0..=len {
        match (i < len && wall(i), start) {
            (true, None) => start = Some(i),
            (false, Some(from)) => {
                run(from, i);
                start = None;
            }
            _ => {}
        }
    }
}

/// A plain (or woven) square's walls as one path: straight runs merged.
fn square_walls(grid: &Grid, ends: Option<&Ends>) -> String {
    let dims = grid.dims();
    let (w, h) = (dims.width, dims.height);
    let mut d = String::new();
    // Horizontal lines: the north side of each row, then the south border.
    for y in 0..=h {
        let side = |x| {
            if y < h {
                is_wall(grid, ends, dims.at(x, y), Dir::N)
            } else {
                is_wall(grid, ends, dims.at(x, h - 1), Dir::S)
            }
        };
        for_each_run(w, side, |start, end| {
            let (x0, y0, x1) = (start * CELL, y * CELL, end * CELL);
            let _ = write!(d, "M{} {}H{}", MARGIN + x0, MARGIN + y0, MARGIN + x1);
        });
    }
    // Vertical lines: the west side of each column, then the east border.
    for x in 0..=w {
        let side = |y| {
            if x < w {
                is_wall(grid, ends, dims.at(x, y), Dir::W)
            } else {
                is_wall(grid, ends, dims.at(w - 1, y), Dir::E)
            }
        };
        for_each_run(h, side, |start, end| {
            let (x0, y0, y1) = (x * CELL, start * CELL, end * CELL);
            let _ = write!(d, "M{} {}V{}", MARGIN + x0, MARGIN + y0, MARGIN + y1);
        });
    }
    if grid.is_woven() {
        d = woven_walls(grid, ends);
    }
    d
}

/// A square's document around its walls path `d`; `desc` goes first.
fn square_document(
    grid: &Grid,
    ends: Option<&Ends>,
    path: Option<&[Cell]>,
    d: &str,
    desc: &str,
) -> String {
    let dims = grid.dims();
    let (w, h) = (dims.width, dims.height);
    let (pw, ph) = (w * CELL + 2 * MARGIN, h * CELL + 2 * MARGIN);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw}" height="{ph}" viewBox="0 0 {pw} {ph}">"#
    );
    svg.push_str(desc);
    let _ = writeln!(
        svg,
        r##"<rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    svg.push_str(&heat_layer(grid));
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

/// A weighted maze's shading: each cell dearer than 1 filled with the
/// light palette's heat hue at its share (`heat_share`); empty when
/// unweighted.
fn heat_layer(grid: &Grid) -> String {
    use crate::render::canvas::palette::LIGHT;
    use crate::shape::Topology;
    let Some(costs) = grid.costs() else {
        return String::new();
    };
    let max = u32::from(costs.max());
    let shape = grid.shape();
    let (unit, margin) = (f64::from(CELL), f64::from(MARGIN));
    let [r, g, b, _] = LIGHT.heat;
    let mut out = format!("<g class=\"weights\" fill=\"#{r:02x}{g:02x}{b:02x}\">\n");
    let (mut points, mut starts) = (Vec::new(), Vec::new());
    for cell in (0..shape.cells()).filter(|&c| shape.is_cell(c)) {
        let alpha = LIGHT.heat_share(costs.of(cell), max);
        if alpha == 0 {
            continue;
        }
        let opacity = f64::from(alpha) / 255.0;
        shape.outline(cell, &mut points, &mut starts);
        let corners: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{:.2},{:.2}", x * unit + margin, y * unit + margin))
            .collect();
        let _ = writeln!(
            out,
            "<polygon points=\"{}\" fill-opacity=\"{opacity:.2}\"/>",
            corners.join(" ")
        );
    }
    out.push_str("</g>\n");
    out
}

/// Any shape (polar, hex, triangle, a wrapped or masked square, 3D and 4D
/// levels, the cube's net, upsilon): each wall is a segment of the cells'
/// outlines (polar arcs as short runs), drawn once, and each passage
/// between levels an arrow in both cells; the ends are dots, since they are cells rather than gaps; the
/// solution is a polyline through cell centres.
fn shape_walls(grid: &Grid) -> String {
    use crate::shape::Topology;
    let shape = grid.shape();
    let unit = f64::from(CELL);
    let margin = f64::from(MARGIN);
    let at = |(x, y): (f64, f64)| (x * unit + margin, y * unit + margin);
    let mut d = String::new();
    let mut points = Vec::new();
    let mut starts = Vec::new();
    for cell in 0..shape.cells() {
        if !shape.is_cell(cell) {
            continue;
        }
        let sides = shape.sides(cell);
        shape.outline(cell, &mut points, &mut starts);
        let (cx, cy) = shape.centre(cell);
        let drawn = shape.drawn_sides(sides.len());
        for (k, side) in sides.as_slice().iter().enumerate() {
            if k >= drawn {
                // A passage to another level: an arrow in the cell.
                let open = side.is_some_and(|n| grid.is_open_between(cell, n));
                if let Some(arrow) = shape.level_arrow(cell, k).filter(|_| open) {
                    // Closed by returning to the first corner (the plotter
                    // and PDF readers take M and L only).
                    for (i, &p) in arrow.iter().chain(&arrow[..1]).enumerate() {
                        let (x, y) = at(p);
                        let _ = write!(d, "{}{x:.2} {y:.2}", if i == 0 { 'M' } else { 'L' });
                    }
                }
                continue;
            }
            let draw = match *side {
                None => true,
                Some(n) if grid.is_open_between(cell, n) => false,
                Some(n) => {
                    // A wall across a wrapped seam is two segments, one on
                    // each edge of the picture: each cell draws its own.
                    let (nx, ny) = shape.centre(n);
                    cell < n || (nx - cx).hypot(ny - cy) > 1.5
                }
            };
            if !draw {
                continue;
            }
            let end = starts.get(k + 1).copied().unwrap_or(points.len());
            let (x, y) = at(points[starts[k]]);
            let _ = write!(d, "M{x:.2} {y:.2}");
            for &p in points[starts[k] + 1..end]
                .iter()
                .chain(std::iter::once(&points[end % points.len()]))
            {
                let (x, y) = at(p);
                let _ = write!(d, "L{x:.2} {y:.2}");
            }
        }
    }
    d
}

/// Any shape's document around its walls path `d`; `desc` goes first.
fn shape_document(
    grid: &Grid,
    ends: Option<&Ends>,
    path: Option<&[Cell]>,
    d: &str,
    desc: &str,
) -> String {
    let shape = grid.shape();
    let unit = f64::from(CELL);
    let margin = f64::from(MARGIN);
    let (bw, bh) = shape.bounds();
    let (pw, ph) = (bw * unit + 2.0 * margin, bh * unit + 2.0 * margin);
    let at = |(x, y): (f64, f64)| (x * unit + margin, y * unit + margin);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw:.0}\" height=\"{ph:.0}\" viewBox=\"0 0 {pw:.2} {ph:.2}\">\n{desc}\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{}\
         <path d=\"{d}\" stroke=\"black\" stroke-width=\"1.5\" stroke-linecap=\"round\" fill=\"none\"/>\n",
        heat_layer(grid)
    );
    if let Some(path) = path.filter(|p| !p.is_empty()) {
        // The path in runs of cells drawn side by side; a step between
        // cells drawn apart (to another level, across a seam) is a thin
        // dashed jump, so it cannot be read as a passage.
        let mut runs: Vec<Vec<String>> = vec![Vec::new()];
        let mut jumps = String::new();
        for (i, &c) in path.iter().enumerate() {
            let (x, y) = at(shape.centre(c));
            if i > 0 {
                let (px, py) = at(shape.centre(path[i - 1]));
                if (x - px).hypot(y - py) > 1.5 * unit {
                    let _ = write!(jumps, "M{px:.2} {py:.2}L{x:.2} {y:.2}");
                    runs.push(Vec::new());
                }
            }
            runs.last_mut()
                .expect("one run at least")
                .push(format!("{x:.2},{y:.2}"));
        }
        for run in runs {
            let _ = writeln!(
                out,
                "<polyline class=\"solution\" points=\"{}\" stroke=\"#0072b2\" stroke-width=\"3\" fill=\"none\" stroke-linejoin=\"round\"/>",
                run.join(" ")
            );
        }
        if !jumps.is_empty() {
            let _ = writeln!(
                out,
                "<path class=\"jumps\" d=\"{jumps}\" stroke=\"#0072b2\" stroke-width=\"1\" stroke-dasharray=\"3 3\" fill=\"none\"/>"
            );
        }
    }
    if let Some(ends) = ends {
        for (door, colour) in [(ends.entrance, "#009e73"), (ends.exit, "#cc79a7")] {
            let (x, y) = at(shape.centre(door.cell));
            let _ = writeln!(
                out,
                "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"3\" fill=\"{colour}\"/>"
            );
        }
    }
    out.push_str("</svg>\n");
    out
}
