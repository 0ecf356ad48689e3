//! Helpers shared by the native test files.
#![allow(dead_code)]

use mazelab::event::{Event, Mark};
use mazelab::generate::{Generator, Params};
use mazelab::grid::Grid;
use mazelab::shape::Dims;
use mazelab::shape::{Mask, Shape, Topology};

/// Replays a full event stream (visuals on) on the algorithm's initial grid,
/// checking that every event is a real change and that the stream ends with
/// exactly one `Done`. Returns the grid and the number of events.
pub fn replay(name: &str, params: Params) -> (Grid, usize) {
    let mut generator = Generator::by_name(name, params.clone(), true).unwrap();
    let mut grid = generator.initial_grid();
    let mut marks = vec![Mark::Blank; params.dims().cells() as usize];
    let mut cursor = None;
    let mut phase = None;
    let mut count = 0;
    let mut done = 0;
    for event in generator.by_ref() {
        count += 1;
        assert_eq!(done, 0, "{name}: an event after Done: {event:?}");
        match event {
            Event::Carve(..) | Event::Build(..) => {
                assert!(grid.apply(&event), "{name}: {event:?} changed nothing")
            }
            Event::Mark(cell, mark) => {
                let old = std::mem::replace(&mut marks[cell as usize], mark);
                assert_ne!(old, mark, "{name}: {event:?} changed nothing");
            }
            Event::Cursor(cell) => {
                assert!(
                    cell < params.dims().cells(),
                    "{name}: cursor outside the grid"
                );
                assert_ne!(
                    cursor.replace(cell),
                    Some(cell),
                    "{name}: {event:?} changed nothing"
                );
            }
            Event::Phase(k) => {
                assert_ne!(
                    phase.replace(k),
                    Some(k),
                    "{name}: {event:?} changed nothing"
                )
            }
            Event::Done => done += 1,
        }
    }
    assert_eq!(done, 1, "{name}: the stream must end with one Done");
    assert!(
        generator.next().is_none(),
        "{name}: the iterator must stay finished"
    );
    (grid, count)
}

/// Connected, exactly cells - 1 openings, hence no loop.
pub fn assert_perfect(grid: &Grid, context: &str) {
    let cells = grid.cells();
    assert_eq!(
        grid.openings(),
        u64::from(cells) - 1,
        "{context}: openings\n{grid:?}"
    );
    let dist = mazelab::analyze::distances(grid, 0);
    let reached = dist
        .iter()
        .filter(|&&d| d != mazelab::analyze::UNREACHABLE)
        .count();
    assert_eq!(
        reached, cells as usize,
        "{context}: not connected\n{grid:?}"
    );
}

pub fn dims(w: u32, h: u32) -> Dims {
    Dims::new(w, h).unwrap()
}

/// A 3x2 maze shaped like a comb; cell 4 has no opening at all:
/// ```text
/// +-+-+-+
/// |     |
/// + +-+ +
/// | | | |
/// +-+-+-+
/// ```
pub fn comb() -> Grid {
    let mut grid = Grid::closed(dims(3, 2));
    for (a, b) in [(0, 1), (1, 2), (0, 3), (2, 5)] {
        grid.set_open(a, b, true);
    }
    grid
}

/// Every shape the tests run on: the smallest and odd sizes of each
/// tiling, wrapped squares, and masks with holes on three tilings.
pub fn test_shapes() -> Vec<Shape> {
    let mut shapes = Vec::new();
    for size in ["1x1", "1x6", "6x1", "2x2", "5x3", "8x7"] {
        for name in ["square", "hex", "triangle"] {
            if let Ok(shape) = Shape::parse(name, size, None) {
                shapes.push(shape);
            }
        }
    }
    for rings in ["1", "2", "3", "8"] {
        shapes.push(Shape::parse("polar", rings, None).unwrap());
    }
    for wrap in ["x", "y", "xy"] {
        shapes.push(Shape::parse("square", "6x5", Some(wrap)).unwrap());
    }
    shapes.push(Shape::parse("square", "3x3", Some("xy")).unwrap());
    let (dims, mask) = Mask::from_text("........\n..XX..X.\n..XX....\nX......X\n").unwrap();
    shapes.push(Shape::square(dims).with_mask(mask).unwrap());
    let hex = Shape::parse("hex", "6x5", None).unwrap();
    let mut hole = Mask::all_on(hex.cells());
    for cell in [8, 9, 14] {
        hole.set(cell, false);
    }
    shapes.push(hex.with_mask(hole).unwrap());
    let polar = Shape::parse("polar", "4", None).unwrap();
    let mut bite = Mask::all_on(polar.cells());
    for cell in [30, 31, 32, 33] {
        bite.set(cell, false);
    }
    shapes.push(polar.with_mask(bite).unwrap());
    for (name, size, wrap) in [
        ("square", "5x4", Some("mobius")),
        ("square", "4x5", Some("klein")),
        ("square", "3x3", Some("klein")),
        ("3d", "1x1x1", None),
        ("3d", "1x1x4", None),
        ("3d", "2x2x2", None),
        ("3d", "3x2x3", None),
        ("3d", "4x3x2", None),
        ("4d", "2x2x2x2", None),
        ("4d", "3x1x2x3", None),
        ("cube", "1", None),
        ("cube", "2", None),
        ("cube", "3", None),
        ("upsilon", "1x1", None),
        ("upsilon", "2x3", None),
        ("upsilon", "5x4", None),
    ] {
        shapes.push(Shape::parse(name, size, wrap).unwrap());
    }
    // A 3D maze with a hole through its middle level.
    let stack = Shape::parse("3d", "4x4x3", None).unwrap();
    let mut hole = Mask::all_on(stack.cells());
    for cell in [21, 22, 25, 26] {
        hole.set(cell, false);
    }
    shapes.push(stack.with_mask(hole).unwrap());
    shapes
}

/// Shapes written `kind:size` (`"hex:9x7"`, `"polar:5"`).
#[allow(dead_code)]
pub fn shapes(specs: &[&str]) -> Vec<Shape> {
    specs
        .iter()
        .map(|spec| {
            let (kind, size) = spec.split_once(':').expect("kind:size");
            Shape::parse(kind, size, None).expect("a valid shape")
        })
        .collect()
}
