//! The maze and a player's moves in words, for someone who cannot see the
//! picture: where a cell is ("row 3, column 5"), which ways lead from it
//! and by which key, what a move did, and the maze as a whole (its shape,
//! size, algorithm, ends and the length of its solution). The page speaks
//! these through a live region while a person plays by hand, and on
//! request.
//!
//! On squares, levels and the cube a key is a side (the arrows or WASD,
//! Page Up and Down between levels). Other shapes have up to eight
//! neighbours, so each open one gets its own compass point, the nearest
//! one free (`ways_by_point`), and a key for each point: the arrows or
//! WASD for north, east, south and west, Q, E, Z and C for the diagonals.
//! Every open neighbour is then one key away; an arrow with no neighbour
//! of its own still takes the open neighbour nearest its way.

use crate::grid::Grid;
use crate::shape::{Cell, Dir, Kind, Shape, Topology};

/// Where a cell is, in the words of its shape: rows and columns counted
/// from 1 at the top left, a ring counted from the centre, a level or a
/// face before the row.
pub fn place(shape: &Shape, cell: Cell) -> String {
    match &shape.kind {
        Kind::Square(_) | Kind::Hex(_) | Kind::Triangle(_) | Kind::Upsilon(_) => {
            let width = shape.rows().map_or(1, |d| d.width);
            format!("row {}, column {}", cell / width + 1, cell % width + 1)
        }
        Kind::Polar(p) => {
            let (ring, index) = p.locate(cell);
            if ring == 0 {
                "the centre".to_string()
            } else {
                format!("ring {ring}, cell {} of {}", index + 1, p.ring_len(ring))
            }
        }
        Kind::Stack(s) => {
            let at = s.place(cell);
            let block = if s.hyper > 1 {
                format!("block {}, ", at.k + 1)
            } else {
                String::new()
            };
            format!(
                "{block}level {}, row {}, column {}",
                at.l + 1,
                at.y + 1,
                at.x + 1
            )
        }
        Kind::Cube(c) => {
            let (face, x, y) = c.locate(cell);
            format!("face {}, row {}, column {}", face + 1, y + 1, x + 1)
        }
        // A crack cell's point lies in one unit square: its row and column.
        Kind::Crack(c) => {
            let (x, y) = c.site(cell);
            format!("row {}, column {}", y as u32 + 1, x as u32 + 1)
        }
    }
}

/// The eight compass points, anticlockwise from east (point `k` lies
/// `k` eighths of a turn round from east).
pub const POINTS: [&str; 8] = [
    "east",
    "north-east",
    "north",
    "north-west",
    "west",
    "south-west",
    "south",
    "south-east",
];

/// The key for each compass point, in `POINTS`' order, as said aloud.
pub const POINT_KEYS: [&str; 8] = [
    "right arrow",
    "E",
    "up arrow",
    "Q",
    "left arrow",
    "Z",
    "down arrow",
    "C",
];

/// The compass point an arrow key stands for.
fn point_of(dir: Dir) -> usize {
    match dir {
        Dir::E => 0,
        Dir::N => 2,
        Dir::W => 4,
        Dir::S => 6,
    }
}

/// How far round from east the way from `from` to `to` is drawn, in
/// eighths of a turn (screen `y` grows downward).
fn eighths(shape: &Shape, from: Cell, to: Cell) -> f64 {
    let ((ax, ay), (bx, by)) = (shape.centre(from), shape.centre(to));
    (ay - by).atan2(bx - ax) / std::f64::consts::TAU * 8.0
}

/// Each open neighbour of `cell` on its own compass point: the nearest
/// point first for the neighbour nearest to a point, then the next nearest
/// free one (two neighbours less than an eighth of a turn apart, as a
/// ring's two outward cells can be, take two points).
pub fn ways_by_point(grid: &Grid, cell: Cell) -> [Option<Cell>; 8] {
    let shape = grid.shape();
    let mut pairs: Vec<(f64, usize, Cell)> = Vec::new();
    for &n in grid.open_neighbors(cell).as_slice() {
        let at = eighths(shape, cell, n);
        for k in 0..8 {
            // Distance round the circle, in eighths.
            let d = (at - k as f64).rem_euclid(8.0);
            pairs.push((d.min(8.0 - d), k, n));
        }
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out = [None; 8];
    let mut placed: Vec<Cell> = Vec::new();
    for (_, k, n) in pairs {
        if out[k].is_none() && !placed.contains(&n) {
            out[k] = Some(n);
            placed.push(n);
        }
    }
    out
}

/// The open neighbour the key for compass point `k` (`POINTS`' order)
/// moves to: on squares, levels and the cube only the four sides have
/// keys; elsewhere the neighbour on that point (`ways_by_point`).
pub fn point_target(grid: &Grid, cell: Cell, k: usize) -> Option<Cell> {
    if grid.shape().compass_sides() {
        let dir = [Dir::E, Dir::N, Dir::W, Dir::S]
            .into_iter()
            .find(|&d| point_of(d) == k)?;
        return arrow_target(grid, cell, dir);
    }
    ways_by_point(grid, cell).get(k).copied().flatten()
}

/// The open neighbour an arrow key moves to from `cell`: through the side
/// of that name on squares, levels and the cube's faces; elsewhere the open
/// neighbour whose centre lies nearest that way, within 75 degrees.
pub fn arrow_target(grid: &Grid, cell: Cell, dir: Dir) -> Option<Cell> {
    let shape = grid.shape();
    if shape.compass_sides() {
        let next = shape.side(cell, dir as usize)?;
        return grid.is_open_between(cell, next).then_some(next);
    }
    if let Some(own) = ways_by_point(grid, cell)[point_of(dir)] {
        return Some(own);
    }
    /// cos 75 degrees: a neighbour further round than this is not "that way".
    const MIN_COSINE: f64 = 0.26;
    let (ux, uy) = match dir {
        Dir::N => (0.0, -1.0),
        Dir::E => (1.0, 0.0),
        Dir::S => (0.0, 1.0),
        Dir::W => (-1.0, 0.0),
    };
    let (cx, cy) = shape.centre(cell);
    grid.open_neighbors(cell)
        .as_slice()
        .iter()
        .map(|&n| {
            let (nx, ny) = shape.centre(n);
            let (dx, dy) = (nx - cx, ny - cy);
            let cosine = (dx * ux + dy * uy) / (dx * dx + dy * dy).sqrt().max(1e-9);
            (cosine, n)
        })
        .filter(|&(cosine, _)| cosine >= MIN_COSINE)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}

/// The ways out of `cell` a person can take: on squares the compass sides
/// that are open ("north", "east", and "up" or "down" between levels,
/// "ana" or "kata" along the fourth axis); on other shapes each open
/// neighbour's compass point and its key ("north-east (E)").
pub fn ways(grid: &Grid, cell: Cell) -> Vec<String> {
    let shape = grid.shape();
    let mut out = Vec::new();
    if shape.compass_sides() {
        const SIDES: [&str; 8] = [
            "north",
            "east",
            "south",
            "west",
            "up (Page Up)",
            "down (Page Down)",
            "ana ([)",
            "kata (])",
        ];
        for (k, name) in SIDES.iter().enumerate() {
            if let Some(next) = shape.side(cell, k) {
                if grid.is_open_between(cell, next) {
                    out.push((*name).to_string());
                }
            }
        }
        return out;
    }
    // North first, then round clockwise, as a person reads a compass.
    let by_point = ways_by_point(grid, cell);
    for k in [2, 1, 0, 7, 6, 5, 4, 3] {
        if by_point[k].is_some() {
            out.push(format!("{} ({})", POINTS[k], POINT_KEYS[k]));
        }
    }
    out
}

/// The ways as one phrase: "open: north, east", or "no way on" in a dead end
/// with nothing open (a cell a mask walled in).
fn ways_text(grid: &Grid, cell: Cell) -> String {
    let ways = ways(grid, cell);
    if ways.is_empty() {
        "no way on".to_string()
    } else {
        format!("open: {}", ways.join(", "))
    }
}

/// "1 move" or "12 moves".
fn moves_text(moves: usize) -> String {
    if moves == 1 {
        "1 move".to_string()
    } else {
        format!("{moves} moves")
    }
}

/// What the page says when play begins at `start`.
pub fn play_started(grid: &Grid, start: Cell, goal: Cell) -> String {
    let shape = grid.shape();
    format!(
        "Playing. You are at the start, {}; {}. The goal is at {}. Arrow keys move, Escape stops.",
        place(shape, start),
        ways_text(grid, start),
        place(shape, goal)
    )
}

/// What the page says after a move to `cell` (the trail now `moves` long);
/// `back` when the move retraced the trail.
pub fn moved(grid: &Grid, cell: Cell, moves: usize, back: bool) -> String {
    let back = if back { "Back to " } else { "" };
    let at = place(grid.shape(), cell);
    let at = if back.is_empty() { capitalise(&at) } else { at };
    format!(
        "{back}{at}; {}. {}.",
        ways_text(grid, cell),
        moves_text(moves)
    )
}

/// What the page says when an arrow key meets a wall.
pub fn blocked(grid: &Grid, cell: Cell) -> String {
    format!(
        "A wall that way. Still at {}; {}.",
        place(grid.shape(), cell),
        ways_text(grid, cell)
    )
}

/// What the page says at the goal.
pub fn reached(moves: usize, shortest: usize) -> String {
    format!(
        "Goal reached in {}; the shortest path has {shortest}.",
        moves_text(moves)
    )
}

/// Which part of the picture a cell lies in: "the top left", "the middle".
fn region(shape: &Shape, cell: Cell) -> &'static str {
    let (w, h) = shape.bounds();
    let (x, y) = shape.centre(cell);
    let third = |v: f64, whole: f64| ((v / whole * 3.0).floor() as i64).clamp(0, 2) as usize;
    const NAMES: [[&str; 3]; 3] = [
        ["the top left", "the top", "the top right"],
        ["the left", "the middle", "the right"],
        ["the bottom left", "the bottom", "the bottom right"],
    ];
    NAMES[third(y, h)][third(x, w)]
}

/// The maze in words: what it is, how it was made, where its ends are and
/// how long its solution is (`None`: the goal cannot be reached).
pub fn maze(
    grid: &Grid,
    algorithm: &str,
    seed: u64,
    ends: (Cell, Cell),
    solution: Option<usize>,
) -> String {
    let shape = grid.shape();
    let (start, goal) = ends;
    let size = match &shape.kind {
        Kind::Polar(p) => format!("{} rings", p.rings()),
        Kind::Cube(c) => format!("{n} by {n} a face", n = c.n),
        Kind::Stack(s) if s.hyper > 1 => format!(
            "{} by {}, {} levels in {} blocks",
            s.width, s.height, s.levels, s.hyper
        ),
        Kind::Stack(s) => format!("{} by {}, {} levels", s.width, s.height, s.levels),
        _ => {
            let (w, h) = shape.size();
            format!("{w} by {h}")
        }
    };
    let kind = match &shape.kind {
        Kind::Square(_) => "square",
        Kind::Polar(_) => "circular",
        Kind::Hex(_) => "hexagon",
        Kind::Triangle(_) => "triangle",
        Kind::Stack(s) if s.hyper > 1 => "four-dimensional",
        Kind::Stack(_) => "three-dimensional",
        Kind::Cube(_) => "cube",
        Kind::Upsilon(_) => "octagon and square",
        Kind::Crack(_) => "crack",
    };
    let wrap = match shape.wrap_text() {
        "" => String::new(),
        w => format!(", wrapped {w}"),
    };
    let solution = match solution {
        Some(n) => format!("The shortest solution is {}.", moves_text(n)),
        None => "The goal cannot be reached from the start.".to_string(),
    };
    format!(
        "A {kind} maze, {size}{wrap}, of {} cells, carved by {algorithm} from seed {seed}. \
         The start is at {} ({}); the goal at {} ({}). {solution}",
        shape.live_cells(),
        place(shape, start),
        region(shape, start),
        place(shape, goal),
        region(shape, goal),
    )
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Dims;

    /// A 3 x 2 square with passages 0-1, 1-2, 1-4, 3-4, 4-5:
    /// ```text
    ///  0 - 1 - 2
    ///      |
    ///  3 - 4 - 5
    /// ```
    fn small() -> Grid {
        let mut grid = Grid::closed_shape(Shape::square(Dims::new(3, 2).unwrap()));
        for (a, b) in [(0, 1), (1, 2), (1, 4), (3, 4), (4, 5)] {
            grid.set_open(a, b, true);
        }
        grid
    }

    #[test]
    fn a_square_cell_is_its_row_and_column_from_one() {
        let shape = Shape::square(Dims::new(3, 2).unwrap());
        assert_eq!(place(&shape, 0), "row 1, column 1");
        assert_eq!(place(&shape, 5), "row 2, column 3");
    }

    #[test]
    fn other_shapes_name_rings_levels_and_faces() {
        let polar = Shape::parse("polar", "3", None).unwrap();
        assert_eq!(place(&polar, 0), "the centre");
        assert!(place(&polar, 1).starts_with("ring 1, cell 1 of "));
        let stack = Shape::parse("3d", "2x2x2", None).unwrap();
        assert_eq!(place(&stack, 5), "level 2, row 1, column 2");
        let four = Shape::parse("4d", "2x2x2x2", None).unwrap();
        assert_eq!(place(&four, 15), "block 2, level 2, row 2, column 2");
        let cube = Shape::parse("cube", "2", None).unwrap();
        assert_eq!(place(&cube, 4), "face 2, row 1, column 1");
    }

    #[test]
    fn the_open_sides_are_named_and_walls_are_not() {
        let grid = small();
        assert_eq!(ways(&grid, 1), ["east", "south", "west"]);
        assert_eq!(ways(&grid, 0), ["east"]);
        assert_eq!(ways(&grid, 3), ["east"]);
        assert_eq!(
            moved(&grid, 4, 2, false),
            "Row 2, column 2; open: north, east, west. 2 moves."
        );
        assert_eq!(
            moved(&grid, 1, 1, true),
            "Back to row 1, column 2; open: east, south, west. 1 move."
        );
        assert_eq!(
            blocked(&grid, 0),
            "A wall that way. Still at row 1, column 1; open: east."
        );
    }

    #[test]
    fn the_arrow_targets_are_the_open_sides_on_a_square() {
        let grid = small();
        assert_eq!(arrow_target(&grid, 1, Dir::S), Some(4));
        assert_eq!(arrow_target(&grid, 1, Dir::N), None);
        assert_eq!(arrow_target(&grid, 0, Dir::S), None, "a wall");
    }

    #[test]
    fn levels_name_up_and_down_with_their_keys() {
        let mut grid = Grid::closed_shape(Shape::parse("3d", "2x2x2", None).unwrap());
        let up = grid.shape().side(0, 4).or(grid.shape().side(0, 5)).unwrap();
        grid.set_open(0, up, true);
        let names = ways(&grid, 0);
        assert_eq!(names.len(), 1);
        assert!(names[0].contains("(Page"), "{names:?}");
    }

    #[test]
    fn on_hexagons_and_octagons_every_open_neighbour_has_its_own_key() {
        for (name, size, cell) in [("hex", "4x4", 5), ("upsilon", "5x5", 12), ("polar", "4", 9)] {
            let mut grid = Grid::closed_shape(Shape::parse(name, size, None).unwrap());
            let all: Vec<Cell> = grid.shape().neighbors(cell).as_slice().to_vec();
            for &n in &all {
                grid.set_open(cell, n, true);
            }
            let by_point = ways_by_point(&grid, cell);
            let mut reached: Vec<Cell> = (0..8)
                .filter_map(|k| point_target(&grid, cell, k))
                .collect();
            reached.sort_unstable();
            let mut want = all.clone();
            want.sort_unstable();
            assert_eq!(
                reached, want,
                "{name}: every neighbour one key away ({by_point:?})"
            );
            let ways = ways(&grid, cell);
            assert_eq!(ways.len(), all.len(), "{name}: {ways:?}");
            assert!(ways.iter().all(|w| w.ends_with(')')), "{ways:?}");
        }
        // The arrows keep their reach: a hexagon open only to the north-east
        // goes there by up arrow too (no neighbour lies due north).
        let mut full = Grid::closed_shape(Shape::parse("hex", "4x4", None).unwrap());
        let mut grid = full.clone();
        for n in full.shape().neighbors(5).as_slice().to_vec() {
            full.set_open(5, n, true);
        }
        let ne = ways_by_point(&full, 5)[1].expect("a north-east neighbour");
        grid.set_open(5, ne, true);
        assert_eq!(arrow_target(&grid, 5, Dir::N), Some(ne));
        assert_eq!(ways(&grid, 5), ["north-east (E)"]);
    }

    #[test]
    fn the_maze_is_described_with_its_ends_and_solution() {
        let grid = small();
        let text = maze(&grid, "growing-tree/newest", 7, (0, 5), Some(4));
        assert_eq!(
            text,
            "A square maze, 3 by 2, of 6 cells, carved by growing-tree/newest from seed 7. \
             The start is at row 1, column 1 (the top left); the goal at row 2, column 3 \
             (the bottom right). The shortest solution is 4 moves."
        );
        assert!(maze(&grid, "x", 1, (0, 5), None).ends_with("cannot be reached from the start."));
    }

    #[test]
    fn the_goal_names_the_moves_against_the_shortest() {
        assert_eq!(
            reached(1, 1),
            "Goal reached in 1 move; the shortest path has 1."
        );
        assert_eq!(
            reached(14, 10),
            "Goal reached in 14 moves; the shortest path has 10."
        );
    }
}
