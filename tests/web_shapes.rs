//! Shapes in the browser: every shape carves and finishes from its link and
//! is drawn; clicks pick cells by the shape's own geometry at any zoom; the
//! mask brush changes the maze, survives the link, and refuses a mask in
//! pieces; the keys step to the neighbour nearest the arrow's direction.
#![cfg(target_arch = "wasm32")]

use mazelab::grid::Grid;
use mazelab::render::canvas::palette::LIGHT;
use mazelab::shape::{Cell, Shape, Topology};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Event, HtmlCanvasElement, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web_common;
use web_common::*;

/// One piece, and exactly one opening fewer than cells: a perfect maze.
fn assert_perfect(grid: &Grid, what: &str) {
    let shape = grid.shape();
    let live = shape.live_cells();
    assert_eq!(grid.openings(), u64::from(live) - 1, "{what}: openings");
    let first = (0..shape.cells()).find(|&c| shape.is_cell(c)).unwrap();
    let reached = mazelab::analyze::distances(grid, first)
        .iter()
        .filter(|&&d| d != mazelab::analyze::UNREACHABLE)
        .count();
    assert_eq!(reached as u32, live, "{what}: connected");
}

#[wasm_bindgen_test]
fn every_shape_carves_and_finishes_by_link_and_is_drawn() {
    for query in [
        "?shape=hex&size=12x9&seed=4&speed=instant&algorithm=kruskal",
        "?shape=polar&size=7&seed=4&speed=instant&algorithm=wilson",
        "?shape=triangle&size=15x7&seed=4&speed=instant&algorithm=backtracker",
        "?size=9x6&wrap=xy&seed=4&speed=instant&algorithm=prim",
        "?shape=hex&size=6x4&mask=0.2.3.1.i&seed=4&speed=instant",
        "?shape=3d&size=6x5x3&seed=4&speed=instant&algorithm=wilson",
        "?shape=4d&size=4x4x2x2&seed=4&speed=instant&algorithm=backtracker",
        "?shape=cube&size=5&seed=4&speed=instant&algorithm=kruskal",
        "?shape=upsilon&size=12x9&seed=4&speed=instant&algorithm=prim",
        "?size=9x6&wrap=mobius&seed=4&speed=instant&algorithm=wilson",
        "?size=9x6&wrap=klein&seed=4&speed=instant&algorithm=backtracker",
    ] {
        let app = open(query);
        assert_eq!(status("data-state"), "done", "{query}");
        let grid = app.grid(0).unwrap();
        assert_perfect(&grid, query);
        let shown = app.query();
        for key in query.trim_start_matches('?').split('&') {
            assert!(
                shown.contains(key),
                "{query}: the link keeps {key}: {shown}"
            );
        }
        let walls = count(&pixels(&canvases()[0]), LIGHT.wall);
        assert!(walls > 200, "{query}: {walls} wall pixels");
    }
}

#[wasm_bindgen_test]
fn clicking_cells_on_hex_and_polar_sets_start_and_goal_at_any_zoom() {
    for (query, start, goal, link) in [
        (
            "?shape=hex&size=10x8&seed=2&speed=instant",
            23,
            57,
            "start=3,2&goal=7,5",
        ),
        (
            "?shape=polar&size=6&seed=2&speed=instant",
            5,
            40,
            "start=5&goal=40",
        ),
    ] {
        let app = open(query);
        click_at(app.cell_centre(0, start).unwrap(), &overlay(0));
        click_at(app.cell_centre(0, goal).unwrap(), &overlay(0));
        assert_eq!(app.ends(), (start, goal), "{query}");
        assert!(app.query().contains(link), "{query}: {}", app.query());
        // The canvas' corner is off the maze (outside the first hexagon's
        // point, outside the circle): a click there changes nothing.
        let corner = overlay(0).get_bounding_client_rect();
        click_at((corner.left() + 1.0, corner.top() + 1.0), &overlay(0));
        assert_eq!(app.ends(), (start, goal), "{query}: a click off the maze");
        // Zoomed in and panned, a click still lands on the cell under it.
        app.zoom(3.0).unwrap();
        app.pan(-20.0, 15.0).unwrap();
        let rect = overlay(0).get_bounding_client_rect();
        let grid = app.grid(0).unwrap();
        let target = (0..grid.cells())
            .filter(|&c| c != start && c != goal)
            .find(|&c| {
                let (x, y) = app.cell_centre(0, c).unwrap();
                x > rect.left() + 4.0
                    && x < rect.right() - 4.0
                    && y > rect.top() + 4.0
                    && y < rect.bottom() - 4.0
            })
            .expect("some cell is on screen");
        click_at(app.cell_centre(0, target).unwrap(), &overlay(0));
        assert_eq!(app.ends().0, target, "{query}: zoomed click");
    }
}

fn set_mask_brush(on: bool) {
    let brush: HtmlInputElement = element("mask-paint");
    brush.set_checked(on);
    brush
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
}

#[wasm_bindgen_test]
fn a_painted_mask_changes_the_maze_and_survives_the_link() {
    let app = open("?shape=hex&size=10x8&seed=6&speed=instant&algorithm=prim");
    let before = app.grid(0).unwrap();
    set_mask_brush(true);
    // A stroke over three cells in the middle switches them off.
    let stroke = [33, 34, 44];
    let target = overlay(0);
    pointer(
        "pointerdown",
        app.cell_centre(0, stroke[0]).unwrap(),
        &target,
    );
    for &cell in &stroke[1..] {
        pointer("pointermove", app.cell_centre(0, cell).unwrap(), &target);
    }
    pointer("pointerup", app.cell_centre(0, stroke[2]).unwrap(), &target);
    let after = app.grid(0).unwrap();
    for cell in stroke {
        assert!(!after.shape().is_cell(cell), "cell {cell} is off");
    }
    assert_eq!(after.shape().live_cells(), 77);
    assert_perfect(&after, "painted");
    assert_ne!(after, before);
    let link = app.query();
    assert!(link.contains("mask="), "{link}");
    // The same link opens the same masked maze.
    let again = open(&format!("?{link}"));
    assert_eq!(again.grid(0).unwrap(), after);
    // Painting over an off cell switches it back on.
    set_mask_brush(true);
    click_at(again.cell_centre(0, 34).unwrap(), &overlay(0));
    assert!(again.grid(0).unwrap().shape().is_cell(34));
    assert_eq!(again.grid(0).unwrap().shape().live_cells(), 78);
}

#[wasm_bindgen_test]
fn a_mask_that_splits_the_maze_is_refused_and_the_maze_stays() {
    let app = open("?size=6x4&seed=6&speed=instant&algorithm=kruskal");
    let before = app.grid(0).unwrap();
    set_mask_brush(true);
    // A full column switched off cuts the maze in two.
    let target = overlay(0);
    pointer("pointerdown", app.cell_centre(0, 2).unwrap(), &target);
    for cell in [8, 14, 20] {
        pointer("pointermove", app.cell_centre(0, cell).unwrap(), &target);
    }
    pointer("pointerup", app.cell_centre(0, 20).unwrap(), &target);
    let notice: HtmlElement = element("notice");
    let text = notice.text_content().unwrap();
    assert!(text.contains("2 separate regions"), "{text}");
    assert!(!notice.hidden());
    assert_eq!(app.grid(0).unwrap(), before, "nothing was generated");
    assert!(!app.query().contains("mask="));
}

/// Playing a 3D maze: PageDown and PageUp go through an open passage to
/// the level below or above, and not through a closed one.
#[wasm_bindgen_test]
fn page_keys_move_the_player_between_levels_of_a_3d_maze() {
    let app = open("?shape=3d&size=4x4x3&seed=2&speed=instant&algorithm=backtracker");
    let grid = app.grid(0).unwrap();
    let shape = grid.shape().clone();
    press("p");
    // Walk the solution from the start until it next changes level, by
    // the key its step needs.
    let (start, goal) = app.ends();
    let path = match mazelab::solve::solve("bfs", &grid, start, goal).unwrap() {
        mazelab::solve::Outcome::Found(p) => p,
        other => panic!("{other:?}"),
    };
    let keys = [
        "ArrowUp",
        "ArrowRight",
        "ArrowDown",
        "ArrowLeft",
        "PageUp",
        "PageDown",
    ];
    let mut levels_crossed = 0;
    for pair in path.windows(2) {
        let k = side_towards(&shape, pair[0], pair[1]);
        if k >= 4 {
            // The other level key leads nowhere open: nothing happens.
            let before = app.trail().len();
            let closed = shape
                .side(pair[0], 9 - k)
                .filter(|&n| grid.is_open_between(pair[0], n));
            if closed.is_none() {
                press(keys[9 - k]);
                assert_eq!(app.trail().len(), before, "a closed way between levels");
            }
            levels_crossed += 1;
        }
        press(keys[k]);
        assert_eq!(app.trail().last(), Some(&pair[1]), "{} moved on", keys[k]);
    }
    assert!(levels_crossed > 0, "the solution changes level");
    assert!(document()
        .get_element_by_id("banner")
        .unwrap()
        .text_content()
        .unwrap()
        .contains("Solved!"));
}

/// On a Möbius strip the start and goal are the longest path's ends, and
/// the player walks across the seam.
#[wasm_bindgen_test]
fn the_player_crosses_a_mobius_seam() {
    let app = open("?size=6x4&wrap=mobius&seed=3&speed=instant&algorithm=backtracker");
    let grid = app.grid(0).unwrap();
    let shape = grid.shape().clone();
    let (start, goal) = app.ends();
    let longest = mazelab::analyze::longest_path(&grid).2;
    assert_eq!(
        mazelab::analyze::distances(&grid, start)[goal as usize],
        longest
    );
    press("p");
    let path = match mazelab::solve::solve("bfs", &grid, start, goal).unwrap() {
        mazelab::solve::Outcome::Found(p) => p,
        other => panic!("{other:?}"),
    };
    let keys = ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"];
    let mut seams = 0;
    for pair in path.windows(2) {
        let k = side_towards(&shape, pair[0], pair[1]);
        seams += usize::from(shape.seam(pair[0], k).is_some());
        press(keys[k]);
        assert_eq!(app.trail().last(), Some(&pair[1]));
    }
    // Not every seed's solution crosses the seam; this one does.
    assert!(seams > 0, "seed 3 crosses the seam");
}

#[wasm_bindgen_test]
fn arrow_keys_on_hex_step_to_the_open_neighbour_nearest_their_direction() {
    let app = open("?shape=hex&size=8x6&seed=5&speed=instant&algorithm=backtracker");
    let grid = app.grid(0).unwrap();
    let shape = grid.shape();
    press("p");
    let start = app.trail()[0];
    let (sx, sy) = shape.centre(start);
    let open = grid.open_neighbors(start);
    let &first = open.as_slice().first().expect("the start has an opening");
    let (nx, ny) = shape.centre(first);
    let (dx, dy) = (nx - sx, ny - sy);
    let key = if dx.abs() >= dy.abs() {
        if dx > 0.0 {
            "ArrowRight"
        } else {
            "ArrowLeft"
        }
    } else if dy > 0.0 {
        "ArrowDown"
    } else {
        "ArrowUp"
    };
    press(key);
    let trail = app.trail();
    assert_eq!(trail.len(), 2, "{key} moved the player: {trail:?}");
    assert!(grid.is_open_between(start, trail[1]));
    // The step went the way the key points.
    let (tx, ty) = shape.centre(trail[1]);
    let along = match key {
        "ArrowRight" => tx - sx,
        "ArrowLeft" => sx - tx,
        "ArrowDown" => ty - sy,
        _ => sy - ty,
    };
    assert!(along > 0.0, "{key} went the other way");
    let overlay_canvas: HtmlCanvasElement = overlay(0).dyn_into().unwrap();
    assert!(
        count(&pixels(&overlay_canvas), LIGHT.trail) > 0,
        "the trail is drawn"
    );
}

#[wasm_bindgen_test]
fn compare_mode_and_distance_colouring_work_on_rings() {
    let app = open(
        "?shape=polar&size=8&seed=3&speed=instant&compare=growing-tree/newest,growing-tree/oldest",
    );
    assert_eq!(app.panel_count(), 2);
    assert_eq!(status("data-state"), "done");
    let (a, b) = (app.grid(0).unwrap(), app.grid(1).unwrap());
    assert_perfect(&a, "newest");
    assert_perfect(&b, "oldest");
    assert_ne!(a, b, "the pops carve different mazes from one seed");
    let before = pixels(&canvases()[0]);
    let distance: HtmlInputElement = element("distance");
    distance.set_checked(true);
    distance
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    let after = pixels(&canvases()[0]);
    let changed = before
        .chunks_exact(4)
        .zip(after.chunks_exact(4))
        .filter(|(x, y)| x != y)
        .count();
    assert!(
        changed > 1000,
        "distance colouring repainted {changed} pixels"
    );
}

/// Which of `from`'s sides leads to `to` (its key is that side's).
fn side_towards(shape: &Shape, from: Cell, to: Cell) -> usize {
    shape
        .sides(from)
        .as_slice()
        .iter()
        .position(|&s| s == Some(to))
        .expect("neighbours on the path")
}
