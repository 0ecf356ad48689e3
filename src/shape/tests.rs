use super::*;
use std::f64::consts::TAU;

/// A spread of every shape, small and odd sizes included.
pub(crate) fn sample_shapes() -> Vec<Shape> {
    let mut shapes = Vec::new();
    for size in ["1x1", "1x5", "5x1", "2x2", "7x5", "8x6"] {
        for name in ["square", "hex", "triangle"] {
            if let Ok(shape) = Shape::parse(name, size, None) {
                shapes.push(shape);
            }
        }
    }
    for wrap in ["x", "y", "xy"] {
        shapes.push(Shape::parse("square", "5x4", Some(wrap)).unwrap());
        shapes.push(Shape::parse("square", "3x3", Some(wrap)).unwrap());
    }
    for rings in ["1", "2", "3", "7"] {
        shapes.push(Shape::parse("polar", rings, None).unwrap());
    }
    for wrap in ["mobius", "klein"] {
        for size in ["3x3", "5x4", "4x5"] {
            shapes.push(Shape::parse("square", size, Some(wrap)).unwrap());
        }
    }
    for size in ["1x1x1", "1x1x4", "2x2x2", "3x4x5", "4x3x2"] {
        shapes.push(Shape::parse("3d", size, None).unwrap());
    }
    for size in ["1x1x1x1", "2x2x2x2", "3x2x1x2", "2x3x2x3"] {
        shapes.push(Shape::parse("4d", size, None).unwrap());
    }
    for n in ["1", "2", "3", "4"] {
        shapes.push(Shape::parse("cube", n, None).unwrap());
    }
    for size in ["1x1", "2x1", "5x4", "6x6"] {
        shapes.push(Shape::parse("upsilon", size, None).unwrap());
    }
    for size in ["1x1", "2x1", "1x3", "5x4", "9x7"] {
        shapes.push(Shape::parse("crack", size, None).unwrap());
    }
    shapes
}

#[test]
fn neighbours_are_symmetric_and_every_wall_has_one_owner() {
    for shape in sample_shapes() {
        let mut edges = std::collections::HashSet::new();
        for cell in 0..shape.cells() {
            let sides = shape.sides(cell);
            let neighbours = shape.neighbors(cell);
            let across: Vec<Cell> = sides.as_slice().iter().flatten().copied().collect();
            assert_eq!(
                across,
                neighbours.as_slice(),
                "{shape:?} cell {cell}: sides and neighbours agree"
            );
            for &n in neighbours.as_slice() {
                assert!(
                    shape.neighbors(n).as_slice().contains(&cell),
                    "{shape:?}: {n} does not see {cell}"
                );
                assert_eq!(shape.wall_slot(cell, n), shape.wall_slot(n, cell));
                assert!(shape.wall_slot(cell, n).is_some());
                edges.insert((cell.min(n), cell.max(n)));
            }
            let mut bits = 0u8;
            shape.owned_walls(cell, &mut |bit, n| {
                assert_eq!(bits & bit, 0, "{shape:?} cell {cell}: bit {bit} twice");
                bits |= bit;
                assert_eq!(shape.wall_slot(cell, n), Some((cell, bit)));
            });
        }
        let mut owned = 0;
        shape.for_each_edge(|_, _| owned += 1);
        assert_eq!(owned, edges.len(), "{shape:?}: every wall is owned once");
    }
}

#[test]
fn inner_cells_have_four_six_or_three_neighbours_and_a_torus_four_everywhere() {
    let square = Shape::parse("square", "6x6", None).unwrap();
    let hex = Shape::parse("hex", "6x6", None).unwrap();
    let triangle = Shape::parse("triangle", "6x6", None).unwrap();
    let torus = Shape::parse("square", "4x5", Some("xy")).unwrap();
    let inner = Dims::new(6, 6).unwrap().at(2, 3);
    assert_eq!(square.neighbors(inner).len(), 4);
    assert_eq!(hex.neighbors(inner).len(), 6);
    assert_eq!(triangle.neighbors(inner).len(), 3);
    assert!((0..torus.cells()).all(|c| torus.neighbors(c).len() == 4));
    let cylinder = Shape::parse("square", "4x5", Some("x")).unwrap();
    assert_eq!(
        cylinder.neighbors(0).len(),
        3,
        "a cylinder's corner: E, S and W across the seam"
    );
    let degree = |shape: &Shape, cell: Cell| shape.neighbors(cell).len();
    let three = Shape::parse("3d", "4x4x4", None).unwrap();
    let Kind::Stack(s3) = three.kind else {
        unreachable!()
    };
    let inner3 = s3.at(crate::shape::Place {
        x: 1,
        y: 2,
        l: 1,
        k: 0,
    });
    assert_eq!(degree(&three, inner3), 6, "3D inner");
    assert_eq!(degree(&three, 0), 3, "3D corner");
    let four = Shape::parse("4d", "4x4x3x3", None).unwrap();
    let Kind::Stack(s4) = four.kind else {
        unreachable!()
    };
    let inner4 = s4.at(crate::shape::Place {
        x: 1,
        y: 2,
        l: 1,
        k: 1,
    });
    assert_eq!(degree(&four, inner4), 8, "4D inner");
    assert_eq!(degree(&four, 0), 4, "4D corner");
    for (name, size, wrap) in [("cube", "5", None), ("square", "5x4", Some("klein"))] {
        let shape = Shape::parse(name, size, wrap).unwrap();
        assert!(
            (0..shape.cells()).all(|c| degree(&shape, c) == 4),
            "{name} {wrap:?}: four everywhere"
        );
    }
    let upsilon = Shape::parse("upsilon", "6x6", None).unwrap();
    let Kind::Upsilon(u) = &upsilon.kind else {
        unreachable!()
    };
    let (octagon, square) = (u.dims.at(2, 2), u.dims.at(3, 2));
    assert!(u.is_octagon(octagon) && !u.is_octagon(square));
    assert_eq!(degree(&upsilon, octagon), 8, "upsilon octagon");
    assert_eq!(degree(&upsilon, square), 4, "upsilon square");
}

#[test]
fn the_mobius_seam_meets_the_row_turned_over() {
    for wrap in ["mobius", "klein"] {
        let shape = Shape::parse("square", "5x4", Some(wrap)).unwrap();
        let dims = Dims::new(5, 4).unwrap();
        for y in 0..4 {
            let east_end = dims.at(4, y);
            let across = dims.at(0, 3 - y);
            assert_eq!(
                shape.side(east_end, 1),
                Some(across),
                "{wrap}: E of (4, {y})"
            );
            assert_eq!(
                shape.side(across, 3),
                Some(east_end),
                "{wrap}: W of (0, {})",
                3 - y
            );
        }
        // The Klein bottle's top meets its bottom plainly; the strip's does not.
        let top = shape.side(dims.at(2, 0), 0);
        assert_eq!(
            top,
            (wrap == "klein").then(|| dims.at(2, 3)),
            "{wrap}: N of (2, 0)"
        );
    }
}

#[test]
fn each_of_the_cubes_twelve_edges_joins_two_faces_once() {
    use crate::shape::Cube;
    let n = 3;
    let cube = Cube::new(n).unwrap();
    let mut seams = std::collections::BTreeMap::<(usize, usize), u32>::new();
    for cell in 0..cube.cells() {
        let (face, _, _) = cube.locate(cell);
        for nb in cube.side_cells(cell).into_iter().flatten() {
            let (other, _, _) = cube.locate(nb);
            assert_ne!(nb, cell);
            if other != face {
                *seams.entry((face.min(other), face.max(other))).or_default() += 1;
            }
        }
    }
    assert_eq!(seams.len(), 12, "twelve edges: {seams:?}");
    for (pair, count) in &seams {
        assert_eq!(
            *count,
            2 * n,
            "{pair:?}: each cell of the edge on both faces"
        );
    }
    // Opposite faces (up-down, left-right, front-back) never meet.
    for pair in [(0, 5), (1, 3), (2, 4)] {
        assert!(!seams.contains_key(&pair), "{pair:?}");
    }
    // The front's top row meets the up face's bottom row, column for column.
    for x in 0..n {
        assert_eq!(
            cube.side_cells(cube.at(2, x, 0))[0],
            Some(cube.at(0, x, n - 1))
        );
    }
}

#[test]
fn sides_run_clockwise_so_turning_right_all_the_way_round_comes_back() {
    let mut points = Vec::new();
    let mut starts = Vec::new();
    for shape in sample_shapes() {
        for cell in 0..shape.cells() {
            let sides = shape.sides(cell);
            if sides.len() < 3 {
                continue;
            }
            shape.outline(cell, &mut points, &mut starts);
            let sides = &sides.as_slice()[..shape.drawn_sides(sides.len())];
            assert_eq!(
                starts.len(),
                sides.len(),
                "{shape:?} cell {cell}: one segment per side"
            );
            let (cx, cy) = shape.centre(cell);
            // The angle of each side's midpoint seen from the centre: turning
            // right (to the next side) always turns the same way, and a full
            // round of turns is one revolution.
            let angle = |k: usize| {
                let a = points[starts[k]];
                let b = points[*starts.get(k + 1).unwrap_or(&0)];
                let end = if k + 1 == starts.len() { points[0] } else { b };
                let mid_index =
                    (starts[k] + starts.get(k + 1).copied().unwrap_or(points.len())) / 2;
                let m = if starts.get(k + 1).copied().unwrap_or(points.len()) - starts[k] > 1 {
                    points[mid_index]
                } else {
                    ((a.0 + end.0) / 2.0, (a.1 + end.1) / 2.0)
                };
                (m.1 - cy).atan2(m.0 - cx)
            };
            let turns: f64 = (0..sides.len())
                .map(|k| (angle((k + 1) % sides.len()) - angle(k)).rem_euclid(TAU))
                .sum();
            assert!(
                (turns - TAU).abs() < 1e-6,
                "{shape:?} cell {cell}: the sides turn {turns} radians"
            );
        }
    }
}

#[test]
fn polar_rings_double_as_the_circumference_grows() {
    // Ring r has round(2 pi r / n) times the n cells of ring r - 1: 2 pi / 1
    // rounds to 6, 4 pi / 6 to 2, 6 pi / 12 to 2, 8 pi / 24 to 1, ... and
    // 24 pi / 48 to 2 again.
    let polar = Polar::new(13).unwrap();
    let counts: Vec<u32> = (0..13).map(|r| polar.ring_len(r)).collect();
    assert_eq!(counts, [1, 6, 12, 24, 24, 24, 48, 48, 48, 48, 48, 48, 96]);
    assert_eq!(polar.cells(), counts.iter().sum::<u32>());
    assert!(Polar::new(0).is_err() && Polar::new(MAX_RINGS_FOR_TEST + 1).is_err());
    assert!(Shape::parse("polar", "lots", None)
        .unwrap_err()
        .to_string()
        .contains("rings"));
}

const MAX_RINGS_FOR_TEST: u32 = super::polar::MAX_RINGS;

#[test]
fn the_point_at_each_centre_is_that_cell_and_far_points_are_none() {
    for shape in sample_shapes() {
        for cell in 0..shape.cells() {
            let (x, y) = shape.centre(cell);
            assert_eq!(shape.cell_at(x, y), Some(cell), "{shape:?}");
        }
        let (w, h) = shape.bounds();
        assert_eq!(shape.cell_at(-0.5, -0.5), None);
        assert_eq!(shape.cell_at(w + 0.5, h + 0.5), None);
    }
}

#[test]
fn a_mask_switches_cells_off_and_must_leave_one_piece() {
    let (dims, mask) = Mask::from_text("....\n.XX.\n....\n").unwrap();
    assert_eq!((dims.width, dims.height, mask.live()), (4, 3, 10));
    let shape = Shape::square(dims).with_mask(mask).unwrap();
    assert!(!shape.is_cell(5) && shape.is_cell(4));
    assert_eq!(
        shape.neighbors(4).as_slice(),
        &[0, 8],
        "masked cells are no neighbours"
    );
    assert_eq!(shape.live_cells(), 10);
    let (dims, split) = Mask::from_text("..X..\n..X..\n").unwrap();
    let err = Shape::square(dims)
        .with_mask(split)
        .unwrap_err()
        .to_string();
    assert!(err.contains("2 separate regions"), "{err}");
    let (dims, empty) = Mask::from_text("XX\nXX\n").unwrap();
    let err = Shape::square(dims)
        .with_mask(empty)
        .unwrap_err()
        .to_string();
    assert!(err.contains("every cell off"), "{err}");
}

#[test]
fn bad_shapes_and_wraps_are_named() {
    let err = Shape::parse("octagon", "5x5", None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("square, polar, hex, triangle"), "{err}");
    let err = Shape::parse("square", "2x5", Some("x"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("at least 3"), "{err}");
    let err = Shape::parse("hex", "5x5", Some("x"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("square mazes only"), "{err}");
    let err = Shape::parse("square", "5x5", Some("z"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("torus"), "{err}");
}

#[test]
fn every_wall_code_names_the_two_cells_of_its_wall() {
    fn check<T: Topology>(shape: &T, label: &str) {
        let mut codes = Vec::new();
        shape.for_each_wall_code(|c| codes.push(c));
        let mut edges = Vec::new();
        shape.for_each_edge(|a, b| edges.push((a, b)));
        assert_eq!(codes.len(), edges.len(), "{label}");
        for (code, edge) in codes.into_iter().zip(edges) {
            assert_eq!(shape.wall_cells(code), edge, "{label}: code {code}");
            let (a, b) = edge;
            assert_eq!(shape.wall_code(a, b), Some(code), "{label}: {a} to {b}");
            assert_eq!(shape.wall_code(b, a), Some(code), "{label}: {b} to {a}");
        }
        for cell in 0..shape.cells() {
            let mut listed = Vec::new();
            shape.for_each_wall_code_of(cell, |code| listed.push(code));
            let mut sided = Vec::new();
            shape.for_each_side(cell, |_, n| {
                if let Some(n) = n.filter(|&n| shape.adjacent(cell, n)) {
                    sided.push(shape.wall_code(cell, n).unwrap());
                }
            });
            assert_eq!(listed, sided, "{label}: the walls of {cell}");
        }
        if shape.cells() > 2 {
            // Two cells that share no wall have no code.
            let far = (1..shape.cells()).find(|&b| !shape.adjacent(0, b));
            if let Some(b) = far {
                assert_eq!(shape.wall_code(0, b), None, "{label}: 0 to {b}");
            }
        }
    }
    for shape in sample_shapes() {
        let label = format!("{shape:?}");
        check(&shape, &label);
        match &shape.kind {
            Kind::Square(w) if w.wraps() => check(w, &label),
            Kind::Square(w) => check(&w.dims, &label),
            Kind::Hex(h) => check(h, &label),
            Kind::Triangle(t) => check(t, &label),
            Kind::Polar(p) => check(p, &label),
            Kind::Stack(s) => check(s, &label),
            Kind::Cube(c) => check(c, &label),
            Kind::Upsilon(u) => check(u, &label),
            Kind::Crack(c) => check(c, &label),
        }
    }
}

#[cfg(test)]
mod region_tests {
    use crate::shape::{Mask, Shape, Topology};

    #[test]
    fn keeping_the_largest_region_leaves_one_piece() {
        let shape = Shape::parse("square", "5x5", None).unwrap();
        let mut mask = Mask::all_on(25);
        // A ring of off cells around the centre cuts it off.
        for cell in [6, 7, 8, 11, 13, 16, 17, 18] {
            mask.set(cell, false);
        }
        assert_eq!(mask.regions(&shape), 2);
        assert_eq!(mask.keep_largest_region(&shape), 1, "the centre goes");
        assert_eq!(mask.regions(&shape), 1);
        assert!(!mask.is_on(12) && mask.is_on(0));
        assert_eq!(mask.live(), 16);
        assert!(shape.is_cell(12), "the shape itself is unchanged");
    }
}

#[test]
fn every_cell_but_the_first_has_a_lower_numbered_neighbour_where_claimed() {
    use crate::shape::{Shape, Topology};
    for (name, size, wrap) in [
        ("square", "7x5", None),
        ("square", "1x6", None),
        ("square", "6x5", Some("xy")),
        ("hex", "1x6", None),
        ("hex", "7x5", None),
        ("polar", "6", None),
        ("polar", "1", None),
        ("square", "5x4", Some("mobius")),
        ("square", "5x4", Some("klein")),
        ("3d", "3x4x5", None),
        ("3d", "1x1x6", None),
        ("4d", "2x3x2x3", None),
        ("cube", "1", None),
        ("cube", "4", None),
        ("upsilon", "5x4", None),
        ("upsilon", "1x5", None),
    ] {
        let shape = Shape::parse(name, size, wrap).unwrap();
        assert_eq!(shape.lower(0), Some(Lower::First), "{name} {size}");
        for cell in 1..shape.cells() {
            let Some(Lower::Neighbor(low)) = shape.lower(cell) else {
                panic!("{name} {size}: cell {cell} has no lower neighbour");
            };
            assert!(low < cell, "{name} {size}: {cell} -> {low}");
            assert!(shape.adjacent(cell, low), "{name} {size}: {cell} -> {low}");
        }
    }
    // Triangles: an up triangle at a row's start has none, but its stand-in
    // (east of it) has one.
    for size in ["6x4", "2x5", "7x1"] {
        let triangle = Shape::parse("triangle", size, None).unwrap();
        assert_eq!(triangle.lower(0), Some(Lower::First), "{size}");
        for cell in 1..triangle.cells() {
            let low = match triangle.lower(cell) {
                Some(Lower::Neighbor(low)) => low,
                Some(Lower::StandIn(s)) => {
                    assert!(triangle.adjacent(cell, s), "{size}: stand-in of {cell}");
                    match triangle.lower(s) {
                        Some(Lower::Neighbor(low)) => low,
                        other => panic!("{size}: stand-in {s} of {cell}: {other:?}"),
                    }
                }
                other => panic!("{size}: cell {cell}: {other:?}"),
            };
            assert!(low < cell, "{size}: {cell} -> {low}");
        }
    }
    // A mask promises no order.
    let masked = Shape::parse("square", "3x3", None)
        .unwrap()
        .with_mask(Mask::from_text("X..\n...\n...").unwrap().1)
        .unwrap();
    assert_eq!(masked.lower(4), None);
}

#[test]
fn side_slots_name_each_sides_wall_as_wall_slot_does() {
    let mut shapes = sample_shapes();
    let (_, mask) = Mask::from_text("..X..\n.....\nX...X\n.....\n").unwrap();
    shapes.push(
        Shape::parse("hex", "5x4", None)
            .unwrap()
            .with_mask(mask.clone())
            .unwrap(),
    );
    shapes.push(
        Shape::parse("triangle", "5x4", None)
            .unwrap()
            .with_mask(mask)
            .unwrap(),
    );
    shapes.push(Shape::parse("polar", "12", None).unwrap());
    for shape in shapes {
        for cell in (0..shape.cells()).filter(|&c| shape.is_cell(c)) {
            let mut expected = Vec::new();
            for &n in shape.neighbors(cell).as_slice() {
                let (owner, bit) = shape.wall_slot(cell, n).unwrap();
                expected.push((n, owner, bit));
            }
            let mut got = Vec::new();
            shape.side_slots(cell, |n, owner, bit| got.push((n, owner, bit)));
            assert_eq!(
                got,
                expected,
                "{} {} cell {cell}",
                shape.name(),
                shape.size_text()
            );
        }
    }
}

#[test]
fn a_level_arrow_lies_inside_its_cell_and_holds_its_own_centre() {
    for (name, size) in [("3d", "3x2x3"), ("4d", "2x2x2x2")] {
        let shape = Shape::parse(name, size, None).unwrap();
        for cell in 0..shape.cells() {
            assert_eq!(
                shape.level_arrow(cell, 3),
                None,
                "level sides have walls, not arrows"
            );
            for k in 4..shape.sides(cell).len() {
                let arrow = shape.level_arrow(cell, k).expect("a side to another level");
                let centroid = (
                    arrow.iter().map(|p| p.0).sum::<f64>() / 3.0,
                    arrow.iter().map(|p| p.1).sum::<f64>() / 3.0,
                );
                assert!(
                    geometry::inside_convex(&arrow, centroid),
                    "{name} {cell} side {k}"
                );
                for p in arrow {
                    assert_eq!(
                        shape.cell_at(p.0, p.1),
                        Some(cell),
                        "{name} {cell} side {k}"
                    );
                }
            }
        }
    }
    assert_eq!(
        Shape::parse("square", "3x3", None)
            .unwrap()
            .level_arrow(0, 4),
        None
    );
}

#[test]
fn seam_marks_agree_on_both_sides_and_a_mobius_seam_runs_opposite_ways() {
    for (name, size, wrap, seams) in [
        ("square", "5x4", Some("x"), 1),
        ("square", "5x4", Some("xy"), 2),
        ("square", "5x4", Some("klein"), 2),
        ("cube", "3", None, 7),
    ] {
        let shape = Shape::parse(name, size, wrap).unwrap();
        let mut ids = std::collections::BTreeSet::new();
        for cell in 0..shape.cells() {
            for k in 0..4 {
                let Some((id, along)) = shape.seam(cell, k) else {
                    continue;
                };
                ids.insert(id);
                let across = shape.side(cell, k).unwrap();
                let back = shape
                    .sides(across)
                    .as_slice()
                    .iter()
                    .position(|&s| s == Some(cell));
                assert_eq!(
                    shape.seam(across, back.unwrap()),
                    Some((id, along)),
                    "{name} {wrap:?} {cell}"
                );
            }
        }
        assert_eq!(ids.len(), seams, "{name} {wrap:?}: {ids:?}");
    }
    // The Möbius strip's left edge runs down as its right edge runs up; a
    // cylinder's both run down.
    let strip = Shape::parse("square", "5x4", Some("mobius")).unwrap();
    assert_eq!(
        (strip.seam(0, 3).unwrap().1, strip.seam(4, 1).unwrap().1),
        (0.0, 1.0)
    );
    let cylinder = Shape::parse("square", "5x4", Some("x")).unwrap();
    assert_eq!(
        (
            cylinder.seam(0, 3).unwrap().1,
            cylinder.seam(4, 1).unwrap().1
        ),
        (0.0, 0.0)
    );
    assert_eq!(
        Shape::parse("square", "5x4", None).unwrap().seam(4, 1),
        None
    );
}

/// A 3D maze's levels wrap into as many a row as the picture's box suits
/// best: a phone's tall box takes fewer a row than a wide window's; the
/// choice changes the drawing, not the maze (equal shapes, same cells).
#[test]
fn levels_wrap_to_fit_the_box_and_the_maze_stays_the_same() {
    use crate::shape::geometry::{best_level_columns, level_grid};
    let shape = Shape::parse("3d", "8x8x6", None).unwrap();
    let Kind::Stack(s) = shape.kind else {
        panic!("a 3D shape");
    };
    assert_eq!(level_grid(&s), (4, 2), "about 16:10 by default");
    let tall = best_level_columns(&s, 370.0, 520.0);
    let wide = best_level_columns(&s, 1200.0, 500.0);
    assert_eq!((tall, wide), (2, 3));
    let narrow = shape.with_level_columns(tall);
    assert_eq!(narrow, shape, "the same maze");
    let Kind::Stack(n) = narrow.kind else {
        panic!("a 3D shape");
    };
    assert_eq!(level_grid(&n), (2, 3));
    let (w, h) = narrow.bounds();
    assert!(h > w, "two levels a row, three rows: taller than wide");
    // Every cell is still where the picture says: its centre maps back.
    for cell in 0..narrow.cells() {
        let (x, y) = narrow.centre(cell);
        assert_eq!(narrow.cell_at(x, y), Some(cell));
    }
    // 4D keeps its grid of levels.
    let four = Shape::parse("4d", "4x4x3x2", None).unwrap();
    let Kind::Stack(f) = four.with_level_columns(1).kind else {
        panic!("a 4D shape");
    };
    assert_eq!(level_grid(&f), (3, 2));
}

/// `Stack::neighbors`, written out, is the list its sides give, in their
/// order, on every cell of small 3D and 4D mazes (edges and corners too).
#[test]
fn stack_neighbours_written_out_are_the_sides_neighbours() {
    for (w, h, l, k) in [
        (1, 1, 1, None),
        (3, 2, 4, None),
        (4, 3, 2, Some(3)),
        (2, 2, 2, Some(2)),
        (1, 3, 1, Some(4)),
    ] {
        let stack = Stack::new(w, h, l, k).unwrap();
        for cell in 0..stack.cells() {
            assert_eq!(
                stack.neighbors(cell),
                neighbors_of(stack.side_cells(cell).as_ref()),
                "{w}x{h}x{l}x{k:?}, cell {cell}"
            );
        }
    }
}

/// `Upsilon::neighbors`, written out, is the list its sides give, in their
/// order, on every cell of small upsilon mazes.
#[test]
fn upsilon_neighbours_written_out_are_the_sides_neighbours() {
    for size in ["1x1", "2x1", "1x3", "5x4", "6x7"] {
        let Kind::Upsilon(u) = Shape::parse("upsilon", size, None).unwrap().kind else {
            panic!("an upsilon shape");
        };
        for cell in 0..u.cells() {
            assert_eq!(
                u.neighbors(cell),
                neighbors_of(u.side_cells(cell).as_ref()),
                "{size}, cell {cell}"
            );
        }
    }
}

/// Big cubes and wide levels, where a cell's number times a face's area
/// (or a row's width) reaches 2^36: every cell is found where it was put
/// and sees its neighbours see it (a 337-cube's last cell was once placed
/// on a seventh face).
#[test]
fn big_cubes_and_wide_levels_place_every_cell_where_it_is() {
    let cube = cube::Cube::new(337).unwrap();
    for cell in 0..cube.cells() {
        let (face, x, y) = cube.locate(cell);
        assert_eq!(cube.at(face, x, y), cell, "cube 337 cell {cell}");
        for &n in cube.neighbors(cell).as_slice() {
            assert!(cube.neighbors(n).as_slice().contains(&cell), "{n} {cell}");
        }
    }
    let wide = stack::Stack::new(4096, 4096, 1, None).unwrap();
    for cell in (0..wide.cells()).step_by(7).chain([wide.cells() - 1]) {
        assert_eq!(wide.at(wide.place(cell)), cell, "4096x4096x1 cell {cell}");
    }
}

/// The shapes' own `for_each_side` and `side` (written out where the
/// default copies a list first) give each side as the side list does.
#[test]
fn each_side_visited_or_asked_for_is_the_side_lists() {
    fn check<T: Topology>(shape: &T, label: &str) {
        for cell in 0..shape.cells() {
            let sides = shape.sides(cell);
            let mut visited = Vec::new();
            shape.for_each_side(cell, |k, side| visited.push((k, side)));
            let listed: Vec<_> = sides.as_slice().iter().copied().enumerate().collect();
            assert_eq!(visited, listed, "{label} cell {cell}");
            for (k, &side) in sides.as_slice().iter().enumerate() {
                assert_eq!(shape.side(cell, k), side, "{label} cell {cell} side {k}");
            }
        }
    }
    for shape in sample_shapes() {
        let label = format!("{shape:?}");
        check(&shape, &label);
        match &shape.kind {
            Kind::Square(w) => check(w, &label),
            Kind::Polar(p) => check(p, &label),
            Kind::Hex(h) => check(h, &label),
            Kind::Triangle(t) => check(t, &label),
            Kind::Stack(s) => check(s, &label),
            Kind::Cube(c) => check(c, &label),
            Kind::Upsilon(u) => check(u, &label),
            Kind::Crack(c) => check(c, &label),
        }
    }
}
