//! The walk's rules: walls are never crossed, every open way is, seams
//! join as the maze does, ladders climb, tunnels lead under bridges, and
//! the scene holds every wall in view and nothing far.

use super::ground::LEVEL_H;
use super::scene::{Colours, Marks, Scene, BOX_FLOATS, VIEW};
use super::walker::{Step, Walker, BRIDGE_H};
use super::{Ground, Image};
use crate::generate::{generate, Params};
use crate::grid::Grid;
use crate::render::canvas::palette::LIGHT;
use crate::shape::{Cell, Shape, Topology};
use std::collections::HashSet;

fn maze(shape: &str, size: &str, wrap: Option<&str>, seed: u64, braid: u8) -> Grid {
    let shape = Shape::parse(shape, size, wrap).unwrap();
    let params = Params {
        braid,
        ..Params::on(shape, seed)
    };
    generate("backtracker", params).unwrap()
}

/// The marks of a walk from `start` to `goal`, `way` the cells shown as
/// the way, `carving` whether the maze is still being carved.
fn ends(start: Cell, goal: Cell, way: &HashSet<Cell>, carving: bool) -> Marks<'_> {
    Marks {
        start,
        goal,
        way,
        carving,
    }
}

fn shapes() -> Vec<Grid> {
    vec![
        maze("square", "9x7", None, 1, 0),
        maze("square", "9x7", None, 2, 40),
        maze("hex", "8x6", None, 3, 0),
        maze("triangle", "11x6", None, 4, 30),
        maze("polar", "6", None, 5, 0),
        maze("upsilon", "7x6", None, 6, 30),
        maze("3d", "5x4x3", None, 7, 0),
        maze("square", "6x5", Some("xy"), 8, 0),
        maze("square", "7x5", Some("mobius"), 9, 0),
        maze("square", "6x6", Some("klein"), 10, 0),
    ]
}

#[test]
fn forward_goes_through_the_side_faced_only_where_it_is_open() {
    for grid in shapes() {
        let ground = Ground::new(grid.shape()).unwrap();
        for cell in 0..grid.cells() {
            let mut w = Walker::new(&ground, &grid, cell, 0);
            let sides = ground.level_sides(cell);
            let mut faced = HashSet::new();
            for _ in 0..sides {
                let k = w.facing_side(&ground).unwrap();
                faced.insert(k);
                let mut ahead = w.clone();
                match ahead.forward(&ground, &grid) {
                    Step::Moved { to, .. } => {
                        assert_eq!(grid.through(cell, k).map(|t| t.0), Some(to));
                        assert!(grid.is_open_between(cell, to));
                        assert_eq!(ahead.moves, 1);
                        assert_eq!(ahead.trail, vec![cell, to]);
                    }
                    Step::Wall => {
                        assert!(
                            grid.through(cell, k).is_none(),
                            "side {k} of {cell} is open"
                        );
                        assert_eq!(ahead.cell, cell);
                        assert_eq!(ahead.moves, 0);
                    }
                    Step::Turned => unreachable!(),
                }
                assert_eq!(w.turn(&ground, &grid, 1), Step::Turned);
            }
            assert_eq!(faced.len(), sides, "turning faces every side of {cell}");
        }
    }
}

#[test]
fn stepping_along_the_shortest_path_reaches_the_goal_and_back_retraces() {
    for grid in shapes() {
        let ground = Ground::new(grid.shape()).unwrap();
        let (start, goal) = (0, grid.cells() - 1);
        let path = crate::analyze::shortest_path(&grid, start, goal).unwrap();
        let mut w = Walker::new(&ground, &grid, start, goal);
        for &next in &path[1..] {
            assert!(!w.done());
            assert!(
                matches!(w.step_to(&ground, &grid, next), Step::Moved { to, back: false } if to == next)
            );
            w.advance(1e9);
        }
        assert!(w.done());
        assert_eq!(w.moves as usize, path.len() - 1);
        assert_eq!(w.trail, path);
        // A step back along the trail retracts it.
        let before = path[path.len() - 2];
        assert_eq!(
            w.step_to(&ground, &grid, before),
            Step::Moved {
                to: before,
                back: true
            }
        );
        assert_eq!(w.trail.len(), path.len() - 1);
        // A cell that is no open neighbour is not stepped to.
        let far = (0..grid.cells())
            .find(|&c| c != w.cell && !grid.shape().adjacent(w.cell, c))
            .unwrap();
        let here = w.cell;
        assert_eq!(w.step_to(&ground, &grid, far), Step::Wall);
        assert_eq!(w.cell, here);
    }
}

#[test]
fn a_seam_is_walked_over_into_the_copy_beside_and_a_mobius_strip_turns_over() {
    // Open every wall: only the seams' joins matter here.
    for (wrap, flips) in [("xy", false), ("mobius", true)] {
        let shape = Shape::parse("square", "5x4", Some(wrap)).unwrap();
        let grid = Grid::open_shape(shape.clone());
        let ground = Ground::new(&shape).unwrap();
        // Row 1's last cell, facing east a little south.
        let start = 5 + 4;
        let mut w = Walker::new(&ground, &grid, start, 0);
        w.yaw = 0.1;
        assert!(matches!(w.forward(&ground, &grid), Step::Moved { .. }));
        let row = if flips { 2 } else { 1 };
        assert_eq!(w.cell, row * 5, "{wrap}: across the seam");
        // The eye glides on east into the copy, not back across the maze.
        w.advance(85.0);
        let (eye, frame) = w.eye(&ground, &grid);
        assert_eq!(frame, start);
        assert!(eye.at.0 > 4.5 && eye.at.0 < 5.5, "{wrap}: {eye:?}");
        w.advance(1e9);
        let (eye, frame) = w.eye(&ground, &grid);
        assert_eq!(frame, w.cell);
        assert!((eye.at.0 - 0.5).abs() < 1e-9);
        // Turned over, the walker faces as far north of east as it was south.
        let expected = if flips { -0.1 } else { 0.1 };
        let off = (w.yaw - expected).rem_euclid(std::f64::consts::TAU);
        assert!(
            !(1e-9..=std::f64::consts::TAU - 1e-9).contains(&off),
            "{wrap}: {}",
            w.yaw
        );
        // Five steps east go round once: back on the Möbius strip's other row.
        let mut w = Walker::new(&ground, &grid, start, 0);
        w.yaw = 0.0;
        for _ in 0..5 {
            w.forward(&ground, &grid);
        }
        assert_eq!(w.cell, if flips { 5 * 2 + 4 } else { start });
        for _ in 0..5 {
            w.forward(&ground, &grid);
        }
        assert_eq!(w.cell, start, "{wrap}: twice round is home");
    }
}

#[test]
fn a_walker_in_a_closed_cell_faces_the_middle_of_the_maze() {
    let shape = Shape::parse("square", "9x7", None).unwrap();
    let grid = Grid::closed_shape(shape.clone());
    let ground = Ground::new(&shape).unwrap();
    // The top-left corner faces east or south; the bottom-right, west or north.
    let w = Walker::new(&ground, &grid, 0, 62);
    assert!(matches!(w.bearing(), 90 | 180), "{}", w.bearing());
    let w = Walker::new(&ground, &grid, 62, 0);
    assert!(matches!(w.bearing(), 270 | 0), "{}", w.bearing());
}

#[test]
fn ladders_climb_between_levels_where_the_maze_opens_up_or_down() {
    let grid = maze("3d", "4x4x3", None, 11, 0);
    let ground = Ground::new(grid.shape()).unwrap();
    let (mut ups, mut walls) = (0, 0);
    for cell in 0..grid.cells() {
        let sides = ground.level_sides(cell);
        for (up, k) in [(true, sides), (false, sides + 1)] {
            let mut w = Walker::new(&ground, &grid, cell, 0);
            match w.climb(&ground, &grid, up) {
                Step::Moved { to, .. } => {
                    ups += 1;
                    assert_eq!(grid.through(cell, k).map(|t| t.0), Some(to));
                    let levels = (ground.level(cell), ground.level(to));
                    assert_eq!(
                        levels.1 + u32::from(up),
                        levels.0 + u32::from(!up),
                        "up is the level before"
                    );
                    assert_eq!(
                        ground.centre(cell),
                        ground.centre(to),
                        "one above the other"
                    );
                    w.advance(1e9);
                    let alt = w.eye(&ground, &grid).0.alt;
                    assert!((alt + f64::from(levels.1) * LEVEL_H).abs() < 1e-9);
                }
                _ => {
                    walls += 1;
                    assert!(grid.through(cell, k).is_none());
                    assert_eq!(w.cell, cell);
                }
            }
        }
    }
    assert!(ups >= 2 * 2, "a 3-level maze has ladders: {ups}");
    assert!(walls > 0);
    // The cube and 4D are refused by name.
    for (shape, size) in [("cube", "4"), ("4d", "3x3x2x2")] {
        let shape = Shape::parse(shape, size, None).unwrap();
        let err = Ground::new(&shape).err().unwrap().to_string();
        assert!(err.contains("walk view"), "{err}");
    }
}

#[test]
fn a_tunnel_leads_under_the_bridge_and_the_bridge_is_walked_over() {
    let mut found = false;
    for seed in 0..20 {
        let params = Params {
            weave: true,
            ..Params::on(Shape::parse("square", "12x10", None).unwrap(), seed)
        };
        let grid = generate("backtracker", params).unwrap();
        let ground = Ground::new(grid.shape()).unwrap();
        for (from, under, to) in grid.tunnels() {
            if !grid.is_open_between(from, to) {
                continue;
            }
            found = true;
            let mut w = Walker::new(&ground, &grid, from, 0);
            let east = to == from + 1 + 1;
            w.yaw = if east {
                0.0
            } else {
                std::f64::consts::FRAC_PI_2
            };
            assert_eq!(w.forward(&ground, &grid), Step::Moved { to, back: false });
            assert_ne!(w.cell, under);
            assert!(Walker::floor_alt(&ground, &grid, to).abs() < 1e-9);
            // The bridge cell's floor is its deck.
            assert!((Walker::floor_alt(&ground, &grid, under) - BRIDGE_H).abs() < 1e-9);
            assert_eq!(grid.tunnel_beneath(under), Some(east));
        }
    }
    assert!(found, "some woven maze has a tunnel");
}

fn count_walls(scene: &Scene, tall: f32) -> usize {
    scene
        .boxes
        .chunks(BOX_FLOATS)
        .filter(|b| b[6] < 0.06 && (b[5] - b[4] - tall).abs() < 1e-4)
        .count()
}

#[test]
fn the_scene_holds_every_wall_in_view_once_and_nothing_far() {
    let grid = maze("square", "5x5", None, 12, 0);
    let ground = Ground::new(grid.shape()).unwrap();
    let walker = Walker::new(&ground, &grid, 12, 24);
    let way = HashSet::new();
    let marks = ends(0, 24, &way, false);
    let colours = Colours::from_palette(&LIGHT);
    let mut scene = Scene::default();
    scene.build(&ground, &grid, &walker, &marks, &colours, 0.0);
    // A perfect 5 x 5 maze: 40 inner walls, 24 open; 20 border sides.
    assert_eq!(scene.cells, 25);
    assert_eq!(count_walls(&scene, 1.0), 40 - 24 + 20);
    assert_eq!(scene.tiles.len(), 25 * 4 * 3 * super::scene::TILE_FLOATS);
    assert!(!scene.animating);

    // A 1000 x 1000 maze builds only what is near.
    let big = Grid::closed_shape(Shape::parse("square", "1000x1000", None).unwrap());
    let ground = Ground::new(big.shape()).unwrap();
    let walker = Walker::new(&ground, &big, 500_500, 0);
    scene.build(&ground, &big, &walker, &marks, &colours, 0.0);
    let disc = std::f64::consts::PI * (VIEW + 2.0).powi(2);
    assert!(
        scene.cells > 400 && (scene.cells as f64) < disc,
        "{}",
        scene.cells
    );
}

#[test]
fn a_wall_carved_away_sinks_and_one_put_back_rises() {
    let shape = Shape::parse("square", "4x4", None).unwrap();
    let mut grid = Grid::closed_shape(shape.clone());
    let ground = Ground::new(&shape).unwrap();
    let walker = Walker::new(&ground, &grid, 5, 15);
    let way = HashSet::new();
    let marks = ends(0, 15, &way, true);
    let colours = Colours::from_palette(&LIGHT);
    let mut scene = Scene::default();
    scene.build(&ground, &grid, &walker, &marks, &colours, 0.0);
    let full = count_walls(&scene, 1.0);
    assert_eq!(full, 24 + 16);
    grid.set_open(5, 6, true);
    scene.build(&ground, &grid, &walker, &marks, &colours, 1000.0);
    assert!(scene.animating);
    let half = 1000.0 + super::scene::SINK_MS / 2.0;
    scene.build(&ground, &grid, &walker, &marks, &colours, half);
    assert_eq!(count_walls(&scene, 1.0), full - 1, "one wall is sinking");
    assert_eq!(count_walls(&scene, 0.5), 1, "halfway down");
    scene.build(
        &ground,
        &grid,
        &walker,
        &marks,
        &colours,
        1000.0 + 2.0 * super::scene::SINK_MS,
    );
    assert!(!scene.animating);
    assert_eq!(
        scene.boxes.len() / BOX_FLOATS,
        full - 1 + 1,
        "gone (and the beacon)"
    );
    grid.set_open(5, 6, false);
    scene.build(&ground, &grid, &walker, &marks, &colours, 5000.0);
    assert!(scene.animating, "rising");
    let _ = Image::default();
}

/// A cell's floor takes the mark's colour: the way over the trail.
#[test]
fn floors_show_the_trail_and_the_way() {
    let grid = maze("hex", "6x5", None, 13, 0);
    let ground = Ground::new(grid.shape()).unwrap();
    let path = crate::analyze::shortest_path(&grid, 0, grid.cells() - 1).unwrap();
    let mut walker = Walker::new(&ground, &grid, 0, grid.cells() - 1);
    walker.step_to(&ground, &grid, path[1]);
    walker.advance(1e9);
    let way: HashSet<Cell> = path.iter().copied().collect();
    let colours = Colours::from_palette(&LIGHT);
    let mut scene = Scene::default();
    let colour_count = |scene: &Scene, c: [f32; 3]| {
        scene
            .tiles
            .chunks(super::scene::TILE_FLOATS)
            .filter(|v| v[3..6] == c)
            .count()
    };
    let none = HashSet::new();
    let marks = ends(0, grid.cells() - 1, &none, false);
    scene.build(&ground, &grid, &walker, &marks, &colours, 0.0);
    assert_eq!(
        colour_count(&scene, colours.trail),
        6 * 3,
        "one hexagon on the trail past the start"
    );
    let marks = Marks { way: &way, ..marks };
    scene.build(&ground, &grid, &walker, &marks, &colours, 0.0);
    assert_eq!(colour_count(&scene, colours.way), (path.len() - 2) * 6 * 3);
}

#[test]
fn a_torus_is_drawn_with_its_copies_round_it_each_in_its_own_place() {
    let shape = Shape::parse("square", "5x5", Some("xy")).unwrap();
    let grid = Grid::closed_shape(shape.clone());
    let ground = Ground::new(&shape).unwrap();
    let walker = Walker::new(&ground, &grid, 12, 0);
    let way = HashSet::new();
    let marks = ends(0, 24, &way, false);
    let mut scene = Scene::default();
    scene.build(
        &ground,
        &grid,
        &walker,
        &marks,
        &Colours::from_palette(&LIGHT),
        0.0,
    );
    assert!(scene.cells > 400, "copies fill the view: {}", scene.cells);
    // Every floor's middle (the first corner of each fan triangle) once.
    let mut middles: Vec<(i64, i64)> = scene
        .tiles
        .chunks(super::scene::TILE_FLOATS * 3)
        .map(|t| ((t[0] * 1000.0) as i64, (t[2] * 1000.0) as i64))
        .collect();
    middles.sort_unstable();
    middles.dedup();
    assert_eq!(
        middles.len(),
        scene.cells,
        "a cell drawn twice in one place"
    );
}

#[test]
fn a_start_whose_only_way_on_is_a_level_above_or_below_says_so() {
    // Every cell of many 3D mazes: where no side of the floor is open, the
    // way on is the hole the maze has, and a walker there says which.
    let (mut up, mut down) = (0, 0);
    for seed in 0..20 {
        let grid = maze("3d", "3x3x3", None, seed, 0);
        let ground = Ground::new(grid.shape()).unwrap();
        for cell in 0..grid.shape().cells() {
            let walker = Walker::new(&ground, &grid, cell, 0);
            let level = ground.level_sides(cell);
            let floor_open = (0..level).any(|k| grid.through(cell, k).is_some());
            match walker.only_way_is_vertical(&ground, &grid) {
                Some(true) => {
                    up += 1;
                    assert!(!floor_open && grid.through(cell, level).is_some());
                }
                Some(false) => {
                    down += 1;
                    assert!(!floor_open && grid.through(cell, level + 1).is_some());
                }
                None => assert!(floor_open, "seed {seed} cell {cell}: a way on unsaid"),
            }
        }
    }
    assert!(up > 0 && down > 0, "{up} cells only up, {down} only down");
    // A plain square's cells always have a side.
    let grid = maze("square", "9x7", None, 1, 0);
    let ground = Ground::new(grid.shape()).unwrap();
    let walker = Walker::new(&ground, &grid, 0, 62);
    assert_eq!(walker.only_way_is_vertical(&ground, &grid), None);
}

#[test]
fn the_eye_watching_the_carving_stands_at_its_cell_and_the_walker_stays() {
    let grid = maze("square", "9x7", None, 1, 0);
    let ground = Ground::new(grid.shape()).unwrap();
    let mut walker = Walker::new(&ground, &grid, 0, 62);
    walker.forward(&ground, &grid);
    let watching = walker.watching(40);
    assert_eq!(watching.cell, 40);
    assert_eq!(watching.anchors(), (40, None), "settled, not gliding");
    assert_eq!((watching.yaw, &watching.trail), (walker.yaw, &walker.trail));
    assert_ne!(walker.cell, 40);
}
