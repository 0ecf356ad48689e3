//! Loops in the browser: the braid slider changes the maze and the link,
//! and solvers race on a braided maze in compare mode.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Event, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web_common;
use web_common::*;

#[wasm_bindgen_test]
fn the_braid_slider_adds_loops_and_goes_into_the_link() {
    let app = open("?algorithm=backtracker&size=16x12&seed=5&speed=instant");
    let perfect = app.grid(0).unwrap();
    assert_eq!(perfect.openings(), 16 * 12 - 1);
    let slider: HtmlInputElement = element("braid");
    slider.set_value("100");
    slider
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    assert!(app.query().contains("braid=100"), "{}", app.query());
    assert_eq!(status("data-state"), "done");
    let braided = app.grid(0).unwrap();
    assert!(braided.openings() > perfect.openings(), "loops were added");
    let dead_ends = (0..braided.cells())
        .filter(|&c| braided.degree(c) == 1)
        .count();
    assert_eq!(dead_ends, 0);
    app.flush();
    let metrics = text_at(".metrics");
    assert!(
        metrics.contains("loops") && metrics.contains("shortest paths"),
        "{metrics}"
    );
    // The link opens the same braided maze.
    let again = open(&format!("?{}", app.query()));
    assert_eq!(again.grid(0).unwrap(), braided);
}

#[wasm_bindgen_test]
fn solvers_race_on_a_braided_maze_in_compare_mode() {
    let app = open(
        "?size=14x10&seed=8&speed=instant&braid=100&solver=bfs\
         &compare=backtracker,backtracker",
    );
    assert_eq!(app.panel_count(), 2);
    let picks = document().query_selector_all(".panel-solver").unwrap();
    let second: web_sys::HtmlSelectElement = picks.item(1).unwrap().dyn_into().unwrap();
    second.set_value("tremaux");
    second
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    click_button("solve");
    app.finish_solve().unwrap();
    let bfs = app.solution(0).expect("bfs finds a path");
    let tremaux = app.solution(1).expect("tremaux finds a path on loops");
    let grid = app.grid(0).unwrap();
    let shortest = mazelab::analyze::distances(&grid, bfs[0])[*bfs.last().unwrap() as usize];
    assert_eq!(bfs.len() as u32 - 1, shortest, "bfs is shortest on loops");
    assert!(tremaux.len() >= bfs.len());
    for path in [&bfs, &tremaux] {
        for pair in path.windows(2) {
            assert!(grid.is_open_between(pair[0], pair[1]));
        }
    }
}

#[wasm_bindgen_test]
fn the_weave_toggle_weaves_the_maze_and_the_canvas_shows_its_crossings() {
    let app = open("?algorithm=kruskal&size=12x9&seed=4&speed=instant");
    assert!(app.grid(0).unwrap().tunnels().is_empty());
    let toggle: HtmlInputElement = element("weave");
    toggle.set_checked(true);
    toggle
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    assert!(app.query().contains("weave=1"), "{}", app.query());
    let grid = app.grid(0).unwrap();
    let tunnels = grid.tunnels();
    assert!(!tunnels.is_empty(), "a woven maze has crossings");
    assert_eq!(
        grid.openings(),
        u64::from(grid.cells()) - 1,
        "still perfect"
    );
    // Under a west-east tunnel the cell's own passage wall runs across the
    // tunnel's neck, and the neck itself is open.
    let canvas = &canvases()[0];
    let rect = canvas.get_bounding_client_rect();
    let scale = f64::from(canvas.width()) / rect.width();
    let pitch = app.pitch(0).unwrap();
    let t = (pitch / 12.0).floor().max(1.0);
    let s = pitch - t;
    let i = (s / 4.0).floor();
    let picture = pixels(canvas);
    let at = |x: f64, y: f64| {
        let k = ((y as usize) * canvas.width() as usize + x as usize) * 4;
        [picture[k], picture[k + 1], picture[k + 2], picture[k + 3]]
    };
    let wall = mazelab::render::canvas::palette::LIGHT.wall;
    let mut checked = 0;
    for (from, under, to) in tunnels {
        if to != from + 2 {
            continue;
        }
        let (cx, cy) = app.cell_centre(0, under).unwrap();
        let (cx, cy) = ((cx - rect.left()) * scale, (cy - rect.top()) * scale);
        let left = (cx - s / 2.0).round();
        assert_eq!(
            at(left + i + t / 2.0, cy),
            wall,
            "the over passage's wall across the tunnel"
        );
        assert_ne!(at(left - t / 2.0, cy), wall, "the tunnel's mouth is open");
        checked += 1;
    }
    assert!(checked > 0, "a west-east tunnel was drawn");
}
