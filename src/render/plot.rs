//! Walls for pen plotters and laser cutters: every wall drawn exactly once,
//! joined into as few strokes as the drawing allows.
//!
//! The walls are a graph: wall corners are its vertices and wall segments
//! its edges. A pen can draw a connected piece in one stroke only if at
//! most two of its corners meet an odd number of walls (an Euler trail);
//! a piece with `2k` odd corners needs `k` strokes and no fewer. So each
//! piece's odd corners are paired up, all pairs but one joined by a
//! pretend edge, one Euler trail walked through the piece (Hierholzer's
//! algorithm), and the trail cut wherever it used a pretend edge: `k`
//! strokes, each wall once. A perfect maze's walls form few pieces (the
//! border and the walls hanging off it are one), so a 40 x 40 maze's 1,700
//! or so wall segments come out as a few hundred strokes.
//!
//! It works on the walls path any SVG renderer here writes (`M`, `L`, `H`
//! and `V` commands), so every shape plots the same way.

use std::collections::HashMap;
use std::fmt::Write;

/// A point of the drawing, in SVG units.
type Point = (f64, f64);

/// The plotter's version of a walls path: the new path, the strokes in it
/// and the wall segments they draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    /// The walls as path commands, a stroke per `M`.
    pub d: String,
    /// How many strokes.
    pub strokes: usize,
    /// How many wall segments they draw.
    pub segments: usize,
}

/// Reads an SVG path made of `M`, `L`, `H` and `V` commands (absolute,
/// numbers separated by spaces or commas) into its polylines.
pub fn polylines(d: &str) -> Vec<Vec<Point>> {
    let mut lines: Vec<Vec<Point>> = Vec::new();
    let mut at = (0.0, 0.0);
    let mut chars = d.char_indices().peekable();
    let numbers = |from: usize| -> (Vec<f64>, usize) {
        let rest = &d[from..];
        let end = rest
            .find(|c: char| c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let values = rest[..end]
            .split([' ', ','])
            .filter(|s| !s.is_empty())
            .filter_map(|s| s.parse().ok())
            .collect();
        (values, from + end)
    };
    while let Some((i, c)) = chars.next() {
        if !c.is_ascii_alphabetic() {
            continue;
        }
        let (values, end) = numbers(i + 1);
        while chars.peek().is_some_and(|&(j, _)| j < end) {
            chars.next();
        }
        match c {
            'M' => {
                for (k, pair) in values.chunks_exact(2).enumerate() {
                    at = (pair[0], pair[1]);
                    if k == 0 {
                        lines.push(vec![at]);
                    } else if let Some(line) = lines.last_mut() {
                        line.push(at);
                    }
                }
            }
            'L' => {
                for pair in values.chunks_exact(2) {
                    at = (pair[0], pair[1]);
                    if let Some(line) = lines.last_mut() {
                        line.push(at);
                    }
                }
            }
            'H' | 'V' => {
                for &v in &values {
                    at = if c == 'H' { (v, at.1) } else { (at.0, v) };
                    if let Some(line) = lines.last_mut() {
                        line.push(at);
                    }
                }
            }
            _ => {}
        }
    }
    lines.retain(|l| l.len() > 1);
    lines
}

/// A point as a key: to a hundredth of a unit, the precision the
/// renderers write.
fn key((x, y): Point) -> (i64, i64) {
    ((x * 100.0).round() as i64, (y * 100.0).round() as i64)
}

/// The wall segments of a walls path: each straight piece between two
/// listed points, and pieces along a line of the `grid` spacing (a square
/// maze's walls) split at every grid point, where other walls may meet.
pub fn segments(d: &str, grid: Option<f64>) -> Vec<(Point, Point)> {
    let mut out = Vec::new();
    for line in polylines(d) {
        for pair in line.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let split = grid.filter(|_| a.0 == b.0 || a.1 == b.1);
            match split {
                Some(step) => {
                    let length = (b.0 - a.0).abs() + (b.1 - a.1).abs();
                    let n = (length / step).round().max(1.0) as usize;
                    for k in 0..n {
                        let t0 = k as f64 / n as f64;
                        let t1 = (k + 1) as f64 / n as f64;
                        let p = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                        out.push((p(t0), p(t1)));
                    }
                }
                None => out.push((a, b)),
            }
        }
    }
    out
}

/// Joins `segments` into the fewest strokes (see the module's header).
pub fn join(segments: &[(Point, Point)]) -> Vec<Vec<Point>> {
    // Vertices by their key; edges as (from, to, segment index).
    let mut index: HashMap<(i64, i64), usize> = HashMap::new();
    let mut points: Vec<Point> = Vec::new();
    let mut vertex = |p: Point| {
        *index.entry(key(p)).or_insert_with(|| {
            points.push(p);
            points.len() - 1
        })
    };
    let mut ends: Vec<(usize, usize)> = Vec::with_capacity(segments.len());
    for &(a, b) in segments {
        let (u, v) = (vertex(a), vertex(b));
        if u != v {
            ends.push((u, v));
        }
    }
    let real = ends.len();
    let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); points.len()];
    for (e, &(u, v)) in ends.iter().enumerate() {
        adjacent[u].push(e);
        adjacent[v].push(e);
    }
    // The pieces, and each piece's odd corners paired by pretend edges,
    // all but one pair, which are the trail's two ends.
    let mut piece = vec![usize::MAX; points.len()];
    let mut starts = Vec::new();
    for s in 0..points.len() {
        if piece[s] != usize::MAX || adjacent[s].is_empty() {
            continue;
        }
        let id = starts.len();
        let mut stack = vec![s];
        let mut odd = Vec::new();
        piece[s] = id;
        while let Some(v) = stack.pop() {
            if adjacent[v].len() % 2 == 1 {
                odd.push(v);
            }
            for &e in &adjacent[v] {
                let (a, b) = ends[e];
                let w = if a == v { b } else { a };
                if piece[w] == usize::MAX {
                    piece[w] = id;
                    stack.push(w);
                }
            }
        }
        odd.sort_unstable();
        for pair in odd.get(2..).unwrap_or_default().chunks_exact(2) {
            let e = ends.len();
            ends.push((pair[0], pair[1]));
            adjacent[pair[0]].push(e);
            adjacent[pair[1]].push(e);
        }
        starts.push(odd.first().copied().unwrap_or(s));
    }
    // One Euler trail a piece (Hierholzer), cut at the pretend edges.
    let mut used = vec![false; ends.len()];
    let mut next = vec![0usize; points.len()];
    let mut strokes = Vec::new();
    for start in starts {
        // The trail as vertices, and the edge that led to each.
        let mut stack: Vec<(usize, Option<usize>)> = vec![(start, None)];
        let mut trail: Vec<(usize, Option<usize>)> = Vec::new();
        while let Some(&(v, via)) = stack.last() {
            let mut moved = false;
            while next[v] < adjacent[v].len() {
                let e = adjacent[v][next[v]];
                next[v] += 1;
                if used[e] {
                    continue;
                }
                used[e] = true;
                let (a, b) = ends[e];
                stack.push((if a == v { b } else { a }, Some(e)));
                moved = true;
                break;
            }
            if !moved {
                stack.pop();
                trail.push((v, via));
            }
        }
        // `trail` runs backwards: vertex i was reached from vertex i + 1
        // by the edge stored with vertex i.
        let mut stroke = vec![points[trail[0].0]];
        for i in 0..trail.len() - 1 {
            let pretend = trail[i].1.is_some_and(|e| e >= real);
            if pretend {
                if stroke.len() > 1 {
                    strokes.push(std::mem::take(&mut stroke));
                }
                stroke = vec![points[trail[i + 1].0]];
            } else {
                stroke.push(points[trail[i + 1].0]);
            }
        }
        if stroke.len() > 1 {
            strokes.push(stroke);
        }
    }
    strokes
}

/// A stroke as path commands, straight runs written as one line.
fn write_stroke(d: &mut String, stroke: &[Point]) {
    let fmt = |v: f64| {
        let r = (v * 100.0).round() / 100.0;
        if r.fract() == 0.0 {
            format!("{}", r as i64)
        } else {
            format!("{r}")
        }
    };
    let (x, y) = stroke[0];
    let _ = write!(d, "M{} {}", fmt(x), fmt(y));
    for i in 1..stroke.len() {
        let (a, b) = (stroke[i - 1], stroke[i]);
        // A point in the middle of a straight run adds nothing.
        if let Some(&c) = stroke.get(i + 1) {
            let cross = (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0);
            let forward = (b.0 - a.0) * (c.0 - b.0) + (b.1 - a.1) * (c.1 - b.1);
            if cross.abs() < 1e-9 && forward > 0.0 {
                continue;
            }
        }
        let _ = write!(d, "L{} {}", fmt(b.0), fmt(b.1));
    }
}

/// The plotter's version of the walls path `d` (see the module's header);
/// `grid`: the spacing of a square maze's corners.
pub fn plot(d: &str, grid: Option<f64>) -> Plot {
    let segments = segments(d, grid);
    let strokes = join(&segments);
    let mut out = String::new();
    for stroke in &strokes {
        write_stroke(&mut out, stroke);
    }
    Plot {
        d: out,
        strokes: strokes.len(),
        segments: segments.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Segments as sorted keys, each direction the same.
    fn set(segments: &[(Point, Point)]) -> Vec<((i64, i64), (i64, i64))> {
        let mut out: Vec<_> = segments
            .iter()
            .map(|&(a, b)| {
                let (a, b) = (key(a), key(b));
                if a <= b {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn paths_read_back_as_their_points() {
        let lines = polylines("M5 5H25V15M0,0L1.5 2 3 4");
        assert_eq!(lines[0], vec![(5.0, 5.0), (25.0, 5.0), (25.0, 15.0)]);
        assert_eq!(lines[1], vec![(0.0, 0.0), (1.5, 2.0), (3.0, 4.0)]);
        assert_eq!(segments("M5 5H25", Some(10.0)).len(), 2);
    }

    #[test]
    fn a_square_outline_with_a_cross_is_drawn_once_in_few_strokes() {
        // A 2 x 2 box with both inner walls: four odd corners (the inner
        // walls' ends) and one in the middle of even degree 4.
        let d = "M0 0H20V20H0V0M10 0V20M0 10H20";
        let plot = plot(d, Some(10.0));
        assert_eq!(plot.segments, 12);
        assert_eq!(plot.strokes, 2, "four odd corners, two strokes: {}", plot.d);
        assert_eq!(
            set(&segments(&plot.d, Some(10.0))),
            set(&segments(d, Some(10.0)))
        );
    }

    #[test]
    fn a_closed_loop_is_one_stroke_and_pieces_apart_stay_apart() {
        let d = "M0 0H10V10H0V0M30 0H40";
        let plot = plot(d, None);
        assert_eq!(plot.strokes, 2);
        assert_eq!(set(&segments(&plot.d, None)), set(&segments(d, None)));
    }
}
