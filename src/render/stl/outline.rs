//! The plate of every plane shape that is not a square grid (hexagons,
//! triangles, rings, upsilon), cut from its cells' outlines into flat
//! pieces, each standing to one height; `solid` closes them into one
//! surface.
//!
//! Each side of a cell is a band of half a wall inside the cell, so the
//! two cells that share a side make one wall of the asked thickness; the
//! rim's sides get the other half outside the outline, a band drawn out by
//! half a wall, so the outer wall is as thick as the inner ones. A side's
//! band is cut across near each end: the middle stands where the side is
//! closed, the ends always stand. Those ends are the joint's post, and it
//! is the walls' own mitre: a band is cut where the cell's drawn-in corner
//! meets it at right angles, so the post of three hexagons is a triangle
//! a wall wide, and that of four rings' cells a square a wall wide, as the
//! square grid's. Two cells that share a side cut it at the same points
//! (the farther of their two cuts), so every piece's edge meets exactly
//! one other piece's edge and the surface closes.

use super::{StlOptions, Triangle, UNITS_PER_MM};
use crate::entrance::Ends;
use crate::error::MazeError;
use crate::grid::Grid;
use crate::shape::geometry::Point;
use crate::shape::{Cell, Shape, Topology};
use std::collections::HashMap;

/// A piece of the plate: its outline (anticlockwise seen from above, in
/// micrometres) and its height.
pub(super) struct Region {
    pub(super) outline: Vec<[i64; 2]>,
    pub(super) height: i64,
}

/// Maze units to the print's micrometres: y up, the picture not mirrored,
/// a half wall of margin so the rim's outer face is at the edge.
pub(super) struct Frame {
    scale: f64,
    half: f64,
    depth: f64,
}

impl Frame {
    pub(super) fn of(shape: &Shape, options: &StlOptions) -> Frame {
        Frame {
            scale: options.cell_mm * UNITS_PER_MM,
            half: options.wall_mm / options.cell_mm / 2.0,
            depth: shape.bounds().1,
        }
    }

    /// A point of the print, in micrometres, not rounded.
    pub(super) fn at(&self, p: Point) -> (f64, f64) {
        (
            (p.0 + self.half) * self.scale,
            (self.depth - p.1 + self.half) * self.scale,
        )
    }

    fn um(&self, p: Point) -> [i64; 2] {
        let (x, y) = self.at(p);
        [x.round() as i64, y.round() as i64]
    }
}

fn sub(a: Point, b: Point) -> Point {
    (a.0 - b.0, a.1 - b.1)
}

fn dot(a: Point, b: Point) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

fn unit(a: Point, b: Point) -> Point {
    let l = (b.0 - a.0).hypot(b.1 - a.1);
    ((b.0 - a.0) / l, (b.1 - a.1) / l)
}

fn lerp(a: Point, b: Point, f: f64) -> Point {
    (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
}

/// `p` moved `half` out from two lines through it, each moved `half` along
/// its own unit normal: where the moved lines cross (a mitre).
fn mitre(p: Point, n1: Point, n2: Point, half: f64) -> Point {
    let k = half / (1.0 + dot(n1, n2)).max(1e-9);
    (p.0 + (n1.0 + n2.0) * k, p.1 + (n1.1 + n2.1) * k)
}

/// A point `d` along a polyline from its start, as the segment it lies on
/// and how far along that segment (0 to 1). Computed from the polyline's
/// own points only, so the two cells that share a side cut it at the same
/// points.
fn along(line: &[Point], d: f64) -> Option<(usize, f64)> {
    let mut left = d;
    for (i, w) in line.windows(2).enumerate() {
        let length = (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1);
        if left < length {
            return Some((i, left / length));
        }
        left -= length;
    }
    None
}

/// Where the perpendicular from `p` meets the segment `a`-`b`, as a
/// fraction of it, kept on the segment.
fn foot(p: Point, a: Point, b: Point) -> f64 {
    let d = sub(b, a);
    (dot(sub(p, a), d) / dot(d, d)).clamp(0.0, 1.0)
}

/// One cell's outline and its copy drawn in by half a wall.
struct Drawn {
    points: Vec<Point>,
    starts: Vec<usize>,
    inner: Vec<Point>,
    centre: Point,
}

impl Drawn {
    fn of(shape: &Shape, cell: Cell, half: f64) -> Drawn {
        let (mut points, mut starts) = (Vec::new(), Vec::new());
        shape.outline(cell, &mut points, &mut starts);
        let centre = shape.centre(cell);
        let n = points.len();
        let mut drawn = Drawn {
            inner: Vec::with_capacity(n),
            points,
            starts,
            centre,
        };
        // Each point where the two sides' lines, each moved half a wall
        // toward the centre, cross (right at a reflex corner such as a
        // ring's inner arc).
        for i in 0..n {
            let p = drawn.points[i];
            let (prev, next) = (drawn.points[(i + n - 1) % n], drawn.points[(i + 1) % n]);
            let inner = mitre(p, drawn.inward(prev, p), drawn.inward(p, next), half);
            drawn.inner.push(inner);
        }
        drawn
    }

    /// The unit normal of the segment `a`-`b` that points into the cell.
    fn inward(&self, a: Point, b: Point) -> Point {
        let (dx, dy) = unit(a, b);
        let n = (-dy, dx);
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        if dot(sub(self.centre, mid), n) < 0.0 {
            (-n.0, -n.1)
        } else {
            n
        }
    }

    /// Side `k`'s outline points, first to last.
    fn side(&self, k: usize) -> Vec<usize> {
        let n = self.points.len();
        let from = self.starts[k];
        let to = self.starts.get(k + 1).copied().unwrap_or(n);
        (from..=to).map(|i| i % n).collect()
    }

    /// How far along side `k` from its start, and from its end, the drawn-in
    /// corner there stands over the side: where this cell would cut it.
    fn cuts(&self, k: usize) -> (f64, f64) {
        let idx = self.side(k);
        let (p, p1) = (self.points[idx[0]], self.points[idx[1]]);
        let m = idx.len() - 1;
        let (q, q1) = (self.points[idx[m]], self.points[idx[m - 1]]);
        (
            dot(sub(self.inner[idx[0]], p), unit(p, p1)).max(0.0),
            dot(sub(self.inner[idx[m]], q), unit(q, q1)).max(0.0),
        )
    }
}

/// Every other plane shape's pieces (see the top of this file) and the
/// heights they stand to: nothing, the floor, the walls.
pub(super) fn outline_regions(
    grid: &Grid,
    ends: &Ends,
    options: &StlOptions,
) -> Result<(Vec<Region>, [i64; 3]), MazeError> {
    let shape = grid.shape();
    let frame = Frame::of(shape, options);
    let half = frame.half;
    let base = (options.base_mm * UNITS_PER_MM).round() as i64;
    let top = base + (options.height_mm * UNITS_PER_MM).round() as i64;
    let doors = [ends.entrance.cell, ends.exit.cell];
    let too_small = || {
        MazeError::BadValue {
        what: "--wall-mm for this maze's smallest cells",
        given: format!("{} mm", options.wall_mm),
        valid: format!(
            "a wall thin enough to leave each side a passage: a thinner --wall-mm or a larger --cell-mm (now {} mm)",
            options.cell_mm
        ),
    }
    };
    let cells: Vec<Drawn> = (0..shape.cells())
        .map(|cell| Drawn::of(shape, cell, half))
        .collect();
    // Each side's own cuts, by its ends in the print (so the cell across,
    // which runs the side the other way, finds them).
    let mut cut_of: HashMap<([i64; 2], [i64; 2]), (f64, f64)> = HashMap::new();
    for drawn in &cells {
        for k in 0..drawn.starts.len() {
            let idx = drawn.side(k);
            let (p, q) = (drawn.points[idx[0]], drawn.points[idx[idx.len() - 1]]);
            cut_of.insert((frame.um(p), frame.um(q)), drawn.cuts(k));
        }
    }
    // The rim: the sides no other cell runs the other way (a masked
    // cell's sides are not the rim; it stands whole), and its outward
    // normals at each of its corners.
    let on_rim = |p: Point, q: Point| !cut_of.contains_key(&(frame.um(q), frame.um(p)));
    let mut rim_in: HashMap<[i64; 2], Point> = HashMap::new();
    let mut rim_out: HashMap<[i64; 2], Point> = HashMap::new();
    for drawn in &cells {
        for k in 0..drawn.starts.len() {
            let idx = drawn.side(k);
            let m = idx.len() - 1;
            let (p, q) = (drawn.points[idx[0]], drawn.points[idx[m]]);
            if on_rim(p, q) {
                let outward = |a, b| {
                    let n = drawn.inward(a, b);
                    (-n.0, -n.1)
                };
                rim_out.insert(frame.um(p), outward(p, drawn.points[idx[1]]));
                rim_in.insert(frame.um(q), outward(drawn.points[idx[m - 1]], q));
            }
        }
    }
    // A rim corner drawn out by half a wall: the mitre of the rim's two
    // sides that meet there.
    let drawn_out = |p: Point, own: Point| {
        let key = frame.um(p);
        let (n1, n2) = (
            rim_in.get(&key).copied().unwrap_or(own),
            rim_out.get(&key).copied().unwrap_or(own),
        );
        mitre(p, n1, n2, half)
    };
    let mut regions = Vec::new();
    let piece = |points: Vec<Point>, height: i64, regions: &mut Vec<Region>| {
        let mut outline: Vec<[i64; 2]> = points.iter().map(|&p| frame.um(p)).collect();
        outline.dedup();
        if outline.len() > 1 && outline.first() == outline.last() {
            outline.pop();
        }
        if outline.len() >= 3 {
            regions.push(Region { outline, height });
        }
    };
    for (cell, drawn) in cells.iter().enumerate() {
        let cell = cell as Cell;
        let live = shape.is_cell(cell);
        let mut floor: Vec<Point> = Vec::new();
        let sides = drawn.starts.len();
        // Where to cut each side near its start and its end: the farther
        // of this cell's cut and the cell across's (or, on the rim, the
        // band outside's); with this cell's own.
        let cuts: Vec<((f64, f64), (f64, f64))> = (0..sides)
            .map(|k| {
                let idx = drawn.side(k);
                let m = idx.len() - 1;
                let (p, q) = (drawn.points[idx[0]], drawn.points[idx[m]]);
                let (p1, q1) = (drawn.points[idx[1]], drawn.points[idx[m - 1]]);
                let own = drawn.cuts(k);
                let other = if on_rim(p, q) {
                    let n = drawn.inward(p, p1);
                    let p_out = drawn_out(p, (-n.0, -n.1));
                    let n = drawn.inward(q1, q);
                    let q_out = drawn_out(q, (-n.0, -n.1));
                    (
                        dot(sub(p_out, p), unit(p, p1)).max(0.0),
                        dot(sub(q_out, q), unit(q, q1)).max(0.0),
                    )
                } else {
                    let (s, e) = cut_of[&(frame.um(q), frame.um(p))];
                    (e, s)
                };
                ((own.0.max(other.0), own.1.max(other.1)), own)
            })
            .collect();
        // Where a corner is sharper than a right angle its mitre reaches
        // along its sides farther than half a wall: the post keeps the part
        // within half a wall of the corner and the rest stands with the
        // walls (else a triangle's six walls would meet in a post √3 walls
        // across). Only where this corner sets both sides' cuts, so that
        // both split at the same point.
        let sharp_corner: Vec<bool> = (0..sides)
            .map(|k| {
                let before = (k + sides - 1) % sides;
                let ((start_cut, _), (own_start, _)) = cuts[k];
                let ((_, end_cut), (_, own_end)) = cuts[before];
                let sharp = |own: f64, cut: f64| own > 1.05 * half && (cut - own).abs() < 1e-12;
                sharp(own_start, start_cut)
                    && sharp(own_end, end_cut)
                    && drawn.side(k).len() == 2
                    && drawn.side(before).len() == 2
            })
            .collect();
        for k in 0..sides {
            let idx = drawn.side(k);
            let outer: Vec<Point> = idx.iter().map(|&i| drawn.points[i]).collect();
            let inside: Vec<Point> = idx.iter().map(|&i| drawn.inner[i]).collect();
            let m = outer.len() - 1;
            let across = shape.side(cell, k);
            let rim = on_rim(outer[0], outer[m]);
            let ((start_cut, end_cut), (own_start, own_end)) = cuts[k];
            let length: f64 = outer
                .windows(2)
                .map(|w| (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1))
                .sum();
            if length <= start_cut + end_cut + 0.4 / options.cell_mm {
                return Err(too_small());
            }
            let reversed: Vec<Point> = outer.iter().rev().copied().collect();
            let (Some((i, f)), Some((j_back, g))) =
                (along(&outer, start_cut), along(&reversed, end_cut))
            else {
                return Err(too_small());
            };
            let j = m - 1 - j_back; // the segment of the far cut, counted forward
            let a = lerp(outer[i], outer[i + 1], f);
            let b = lerp(reversed[j_back], reversed[j_back + 1], g);
            // The cuts run straight across the band, at right angles to
            // the side.
            let a_in = lerp(inside[i], inside[i + 1], foot(a, inside[i], inside[i + 1]));
            let b_in = lerp(inside[j], inside[j + 1], foot(b, inside[j], inside[j + 1]));
            let standing = match across {
                Some(other) => !(live && shape.is_cell(other) && grid.is_open_between(cell, other)),
                // The rim, open at the first rim side of an end's cell.
                None => {
                    !(live
                        && doors.contains(&cell)
                        && (0..k).all(|e| shape.side(cell, e).is_some()))
                }
            };
            let split_start = sharp_corner[k].then(|| {
                let (p, p1) = (outer[0], outer[1]);
                let along_side = half / (p1.0 - p.0).hypot(p1.1 - p.1);
                (
                    lerp(p, p1, along_side),
                    lerp(p, inside[0], half / own_start),
                )
            });
            let split_end = sharp_corner[(k + 1) % sides].then(|| {
                let (q, q1) = (outer[m], outer[m - 1]);
                let along_side = half / (q1.0 - q.0).hypot(q1.1 - q.1);
                (lerp(q, q1, along_side), lerp(q, inside[m], half / own_end))
            });
            // The side's band in three runs of points, each with its
            // drawn-in copy: the corner at the start, the middle, the
            // corner at the end. A split corner's run is its post (from
            // `first` to the split) and the middle starts at the split.
            let runs = |line: &[Point],
                        a: Point,
                        b: Point,
                        start: Option<(Point, Point)>,
                        end: Option<(Point, Point)>| {
                let mut middle = Vec::new();
                let corner_start = match start {
                    Some((first, split)) => {
                        middle.push(split);
                        vec![first, split]
                    }
                    None => [&line[..=i], &[a]].concat(),
                };
                middle.push(a);
                middle.extend_from_slice(&line[i + 1..=j]);
                middle.push(b);
                let corner_end = match end {
                    Some((split, last)) => {
                        middle.push(split);
                        vec![split, last]
                    }
                    None => [&[b], &line[j + 1..]].concat(),
                };
                [corner_start, middle, corner_end]
            };
            let heights = [top, if standing { top } else { base }, top];
            let outer_runs = runs(
                &outer,
                a,
                b,
                split_start.map(|(a2, _)| (outer[0], a2)),
                split_end.map(|(b2, _)| (b2, outer[m])),
            );
            let inner_runs = runs(
                &inside,
                a_in,
                b_in,
                split_start.map(|(_, p2)| (p2, p2)),
                split_end.map(|(_, q2)| (q2, q2)),
            );
            for ((o, inn), &height) in outer_runs.iter().zip(&inner_runs).zip(&heights) {
                for w in 0..o.len() - 1 {
                    piece(
                        vec![o[w], o[w + 1], inn[w + 1], inn[w]],
                        height,
                        &mut regions,
                    );
                }
            }
            if rim {
                // The rim's outer half: the side drawn out by half a wall,
                // its ends mitred with the rim's sides next to it, its
                // bends (a curved side's) with each other, the cuts
                // straight out.
                let outward = |s: Point, e: Point| {
                    let n = drawn.inward(s, e);
                    (-n.0, -n.1)
                };
                let out: Vec<Point> = (0..=m)
                    .map(|t| match t {
                        0 => drawn_out(outer[0], outward(outer[0], outer[1])),
                        t if t == m => drawn_out(outer[m], outward(outer[m - 1], outer[m])),
                        t => mitre(
                            outer[t],
                            outward(outer[t - 1], outer[t]),
                            outward(outer[t], outer[t + 1]),
                            half,
                        ),
                    })
                    .collect();
                let straight_out = |p: Point, s: usize| {
                    let n = outward(outer[s], outer[s + 1]);
                    (p.0 + n.0 * half, p.1 + n.1 * half)
                };
                let out_runs = runs(
                    &out,
                    straight_out(a, i),
                    straight_out(b, j),
                    split_start.map(|(a2, _)| (out[0], straight_out(a2, 0))),
                    split_end.map(|(b2, _)| (straight_out(b2, m - 1), out[m])),
                );
                for ((o, d), &height) in outer_runs.iter().zip(&out_runs).zip(&heights) {
                    for w in 0..o.len() - 1 {
                        piece(vec![o[w + 1], o[w], d[w], d[w + 1]], height, &mut regions);
                    }
                }
            }
            // The floor's outline gets the cuts' inner points too.
            floor.extend_from_slice(&inside[..=i]);
            floor.push(a_in);
            floor.extend_from_slice(&inside[i + 1..=j]);
            floor.push(b_in);
            floor.extend_from_slice(&inside[j + 1..m]);
        }
        piece(floor, if live { base } else { top }, &mut regions);
    }
    // An outline goes clockwise as drawn, which in the print's frame (y
    // up, the picture not mirrored) is clockwise too: turned, so that
    // outward is on each side's right.
    for r in &mut regions {
        r.outline.reverse();
    }
    Ok((regions, [0, base, top]))
}

/// The closed surface of pieces standing side by side: each piece's top
/// and bottom, and between two pieces (or a piece and the outside) the
/// face from the lower height to the higher, cut at each of `cuts`.
pub(super) fn solid(regions: &[Region], cuts: &[i64]) -> Vec<Triangle> {
    let mut height_of: HashMap<([i64; 2], [i64; 2]), i64> = HashMap::new();
    for r in regions {
        let n = r.outline.len();
        for k in 0..n {
            height_of.insert((r.outline[k], r.outline[(k + 1) % n]), r.height);
        }
    }
    let mut out = Vec::new();
    for r in regions {
        let z = r.height;
        if z == 0 {
            continue;
        }
        let n = r.outline.len();
        let p = |k: usize, z: i64| [r.outline[k % n][0], r.outline[k % n][1], z];
        if n == 3 {
            out.push([p(0, z), p(1, z), p(2, z)]);
            out.push([p(0, 0), p(2, 0), p(1, 0)]);
        } else if n == 4 {
            out.push([p(0, z), p(1, z), p(2, z)]);
            out.push([p(0, z), p(2, z), p(3, z)]);
            out.push([p(0, 0), p(2, 0), p(1, 0)]);
            out.push([p(0, 0), p(3, 0), p(2, 0)]);
        } else {
            // A fan from the middle (the floors are drawn in from cells
            // that are star-shaped about their centres).
            let c = [
                r.outline.iter().map(|q| q[0]).sum::<i64>() / n as i64,
                r.outline.iter().map(|q| q[1]).sum::<i64>() / n as i64,
            ];
            for k in 0..n {
                out.push([[c[0], c[1], z], p(k, z), p(k + 1, z)]);
                out.push([[c[0], c[1], 0], p(k + 1, 0), p(k, 0)]);
            }
        }
        for k in 0..n {
            let (a, b) = (r.outline[k], r.outline[(k + 1) % n]);
            let low = height_of.get(&(b, a)).copied().unwrap_or(0);
            for w in cuts.windows(2) {
                let (zl, zh) = (w[0].max(low), w[1]);
                if zl >= zh || zh > z {
                    continue;
                }
                out.push([[a[0], a[1], zl], [b[0], b[1], zl], [b[0], b[1], zh]]);
                out.push([[a[0], a[1], zl], [b[0], b[1], zh], [a[0], a[1], zh]]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLANE_SHAPES: [(&str, &str); 4] = [
        ("hex", "9x7"),
        ("polar", "7"),
        ("triangle", "12x6"),
        ("upsilon", "8x6"),
    ];

    fn build(shape: &str, size: &str) -> crate::request::Built {
        super::super::tests::build(shape, size, "backtracker")
    }

    /// Whether `p` lies inside the outline (even-odd rule).
    fn inside(outline: &[[i64; 2]], p: (f64, f64)) -> bool {
        let n = outline.len();
        let mut crossed = false;
        for k in 0..n {
            let (a, b) = (outline[k], outline[(k + 1) % n]);
            let (ax, ay, bx, by) = (a[0] as f64, a[1] as f64, b[0] as f64, b[1] as f64);
            if (ay > p.1) != (by > p.1) && p.0 < (bx - ax) * (p.1 - ay) / (by - ay) + ax {
                crossed = !crossed;
            }
        }
        crossed
    }

    #[test]
    fn the_rim_is_a_whole_wall_thick() {
        let o = StlOptions::default();
        let wall = o.wall_mm * UNITS_PER_MM;
        for (shape, size) in PLANE_SHAPES {
            let built = build(shape, size);
            let (regions, [_, _, top]) = outline_regions(&built.grid, &built.ends, &o).unwrap();
            let sh = built.grid.shape();
            let frame = Frame::of(sh, &o);
            let standing = |p: (f64, f64)| {
                regions
                    .iter()
                    .any(|r| r.height == top && inside(&r.outline, p))
            };
            let mut measured = 0;
            for cell in 0..sh.cells() {
                let drawn = Drawn::of(sh, cell, frame.half);
                for k in 0..drawn.starts.len() {
                    let idx = drawn.side(k);
                    if sh.side(cell, k).is_some() || doors_side(&built, cell, k) {
                        continue;
                    }
                    // Across the side's middle segment, from inside the
                    // cell out, in steps of 10 micrometres.
                    let w = (idx.len() - 1) / 2;
                    let (a, b) = (drawn.points[idx[w]], drawn.points[idx[w + 1]]);
                    let (m, n) = (frame.at(lerp(a, b, 0.5)), drawn.inward(a, b));
                    let out = (-n.0, n.1); // y is flipped in the print
                    let at = |s: f64| (m.0 + out.0 * s, m.1 + out.1 * s);
                    let (mut low, mut high) = (-5.0, 5.0);
                    while standing(at(low)) {
                        low -= 10.0;
                    }
                    while standing(at(high)) {
                        high += 10.0;
                    }
                    assert!(
                        (high - low - wall).abs() <= 25.0,
                        "{shape}: cell {cell} side {k}'s rim is {} um thick, not {wall}",
                        high - low
                    );
                    measured += 1;
                }
            }
            assert!(measured > 10, "{shape}: {measured} rim sides measured");
        }
    }

    /// Whether side `k` of `cell` is the rim side an end's door opens.
    fn doors_side(built: &crate::request::Built, cell: Cell, k: usize) -> bool {
        let sh = built.grid.shape();
        [built.ends.entrance.cell, built.ends.exit.cell].contains(&cell)
            && (0..k).all(|e| sh.side(cell, e).is_some())
    }

    #[test]
    fn a_post_is_no_wider_than_its_walls_meeting() {
        // Every passage open: what stands away from the rim is posts.
        let o = StlOptions::default();
        let wall = o.wall_mm * UNITS_PER_MM;
        for (shape, size) in PLANE_SHAPES {
            let built = build(shape, size);
            let open = Grid::open_shape(built.grid.shape().clone());
            let (regions, [_, _, top]) = outline_regions(&open, &built.ends, &o).unwrap();
            let edges = |r: &Region| {
                let n = r.outline.len();
                (0..n)
                    .map(|k| (r.outline[k], r.outline[(k + 1) % n]))
                    .collect::<Vec<_>>()
            };
            let mut owner: HashMap<([i64; 2], [i64; 2]), usize> = HashMap::new();
            for (i, r) in regions.iter().enumerate() {
                for e in edges(r) {
                    owner.insert(e, i);
                }
            }
            // The print's outer edges (no piece on their other side) and
            // the standing pieces joined by shared edges.
            let mut group: Vec<usize> = (0..regions.len()).collect();
            fn root(group: &mut [usize], i: usize) -> usize {
                let mut i = i;
                while group[i] != i {
                    group[i] = group[group[i]];
                    i = group[i];
                }
                i
            }
            let mut on_rim = vec![false; regions.len()];
            for (i, r) in regions.iter().enumerate() {
                for (a, b) in edges(r) {
                    match owner.get(&(b, a)) {
                        None => on_rim[i] = true,
                        Some(&j) if r.height == top && regions[j].height == top => {
                            let (x, y) = (root(&mut group, i), root(&mut group, j));
                            group[x] = y;
                        }
                        Some(_) => {}
                    }
                }
            }
            let mut posts: HashMap<usize, (bool, Vec<[i64; 2]>)> = HashMap::new();
            for (i, r) in regions.iter().enumerate().filter(|(_, r)| r.height == top) {
                let post = posts.entry(root(&mut group, i)).or_default();
                post.0 |= on_rim[i];
                post.1.extend_from_slice(&r.outline);
            }
            // A post's width: its narrowest extent over directions.
            let width = |points: &[[i64; 2]]| {
                (0..360)
                    .map(|t| {
                        let a = (f64::from(t) * 0.5).to_radians();
                        let along = points
                            .iter()
                            .map(|q| q[0] as f64 * a.cos() + q[1] as f64 * a.sin());
                        along.clone().fold(f64::MIN, f64::max) - along.fold(f64::MAX, f64::min)
                    })
                    .fold(f64::MAX, f64::min)
            };
            // Three hexagons' walls meet in a triangle a wall wide, rings'
            // and upsilon's in squares a wall wide, triangles' six in a
            // hexagon a wall across its flats.
            let widest = wall;
            let mut counted = 0;
            for (rim, points) in posts.values() {
                if *rim {
                    continue;
                }
                let w = width(points);
                assert!(w <= widest + 10.0, "{shape}: a post {w:.0} um wide");
                counted += 1;
            }
            assert!(counted > 10, "{shape}: {counted} posts");
        }
    }
}
