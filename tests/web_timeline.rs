//! The timeline in the browser: a link's `at=` opens at that step, seeking
//! back shows the very pixels the forward run showed, Home shows the
//! initial maze, compare panels move in lockstep, the lit step changes as
//! a run plays, and a solve has its own position (`solve_at=`).
#![cfg(target_arch = "wasm32")]

use mazelab::render::canvas::scene::colour;
use wasm_bindgen_test::*;
use web_sys::{Event, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web_common;
use web_common::*;

const LINK: &str = "?algorithm=backtracker&size=14x10&seed=4&speed=100";

fn maze_pixels() -> Vec<u8> {
    pixels(&canvases()[0])
}

fn timeline(attr: &str) -> String {
    document()
        .get_element_by_id("timeline")
        .unwrap()
        .get_attribute(attr)
        .unwrap_or_default()
}

/// The same link played forward to step `n` by hand (the frame loop's way).
fn forward_to(link: &str, n: u64) -> Vec<u8> {
    let app = open(link);
    let at = app.panel_step(0).unwrap();
    app.advance(n - at).unwrap();
    assert_eq!(app.panel_step(0), Some(n));
    maze_pixels()
}

#[wasm_bindgen_test]
fn a_link_with_at_opens_paused_at_that_step_with_the_forward_picture() {
    let expected = forward_to(LINK, 150);
    let app = open(&format!("{LINK}&at=150"));
    assert_eq!(status("data-steps"), "150");
    assert_eq!(status("data-state"), "paused");
    assert_eq!(timeline("data-at"), "150");
    assert!(app.query().contains("at=150"), "{}", app.query());
    assert!(maze_pixels() == expected, "the picture at step 150 differs");
}

/// The maze's pixels when the link opens at `step`.
fn pixels_opened_at(step: u64) -> Vec<u8> {
    let _app = open(&format!("{LINK}&at={step}"));
    maze_pixels()
}

/// The link's maze, built instantly.
fn open_finished() -> mazelab::web::AppHandle {
    open(&LINK.replace("speed=100", "speed=instant"))
}

#[wasm_bindgen_test]
fn stepping_back_from_the_end_shows_what_opening_at_n_shows() {
    let at_n = pixels_opened_at(200);
    let app = open_finished();
    assert_eq!(status("data-state"), "done");
    let total: u64 = status("data-steps").parse().unwrap();
    assert!(total > 210);
    // The slider to 205, then five steps back with the left arrow.
    let slider: HtmlInputElement = element("tl-slider");
    assert_eq!(slider.max(), total.to_string());
    slider.set_value("205");
    slider
        .dispatch_event(&Event::new("input").unwrap())
        .unwrap();
    for _ in 0..5 {
        press("ArrowLeft");
    }
    assert_eq!(app.panel_step(0), Some(200));
    assert_eq!(status("data-state"), "paused");
    assert!(
        maze_pixels() == at_n,
        "step 200 reached backward differs from opening at 200"
    );
    // End comes back to the finished maze.
    press("End");
    assert_eq!(status("data-steps"), total.to_string());
    assert_eq!(status("data-state"), "done");
}

#[wasm_bindgen_test]
fn home_shows_the_initial_maze() {
    let initial = pixels_opened_at(0);
    let app = open_finished();
    let finished = maze_pixels();
    press("Home");
    assert_eq!(app.panel_step(0), Some(0));
    let home = maze_pixels();
    assert!(
        home == initial,
        "Home differs from the maze before any step"
    );
    assert!(home != finished);
    // Every cell is uncarved: no passage colour on the canvas.
    assert_eq!(count(&home, colour::PASSAGE), 0);
}

#[wasm_bindgen_test]
fn instant_and_animated_runs_count_the_same_steps() {
    let _app = open(&LINK.replace("speed=100", "speed=instant"));
    let instant = status("data-steps");
    let app = open(LINK);
    app.finish().unwrap();
    assert_eq!(status("data-steps"), instant);
}

/// The counters under the steps (passages, pieces left, walls built) read
/// the same at the end of an instant build as of a run played to its end.
#[wasm_bindgen_test]
fn an_instant_build_ends_with_the_counters_an_animated_one_ends_with() {
    let counters = || {
        document()
            .get_element_by_id("counters")
            .unwrap()
            .text_content()
            .unwrap_or_default()
    };
    // A perfect maze of 14 x 10 cells has 139 passages and is one piece;
    // recursive division starts with all 256 inner walls open.
    for (link, end) in [
        (LINK, "passages 139 · pieces left 1"),
        (
            "?algorithm=recursive-division&size=14x10&seed=4&speed=100",
            "walls built 117",
        ),
    ] {
        let app = open(link);
        app.finish().unwrap();
        assert_eq!(counters(), end, "{link}, played to its end");
        let _app = open(&link.replace("speed=100", "speed=instant"));
        assert_eq!(counters(), end, "{link}, built at once");
    }
}

#[wasm_bindgen_test]
fn compare_panels_move_in_lockstep() {
    let app = open(
        "?algorithm=growing-tree&size=12x9&seed=2&speed=instant&compare=growing-tree/newest,growing-tree/oldest,growing-tree/random",
    );
    assert_eq!(app.panel_count(), 3);
    app.seek(120).unwrap();
    for i in 0..3 {
        assert_eq!(app.panel_step(i), Some(120), "panel {i}");
    }
    press("ArrowLeft");
    press("ArrowLeft");
    for i in 0..3 {
        assert_eq!(app.panel_step(i), Some(118), "panel {i}");
    }
    // Past a panel's own end, that panel stays at its end.
    app.seek(u64::MAX).unwrap();
    let ends: Vec<u64> = (0..3).map(|i| app.panel_step(i).unwrap()).collect();
    let longest = *ends.iter().max().unwrap();
    assert_eq!(timeline("data-reached"), longest.to_string());
}

#[wasm_bindgen_test]
fn the_lit_step_changes_while_a_run_plays() {
    let app = open(&LINK.replace("size=14x10", "size=20x16"));
    let list = document().get_element_by_id("phase-list").unwrap();
    assert_eq!(
        list.query_selector_all("li[data-step]").unwrap().length(),
        4
    );
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..200 {
        app.advance(5).unwrap();
        if let Some(lit) = list.query_selector("li.current").unwrap() {
            seen.insert(lit.get_attribute("data-step").unwrap());
            assert_eq!(lit.get_attribute("aria-current").as_deref(), Some("step"));
        }
    }
    assert!(seen.len() >= 2, "only {seen:?} lit");
    assert!(seen.contains("0:2") && seen.contains("0:3"), "{seen:?}");
}

#[wasm_bindgen_test]
fn a_solve_has_its_own_position_in_the_link() {
    let app = open(&format!(
        "{}&solve_at=25",
        LINK.replace("speed=100", "speed=instant")
    ));
    assert_eq!(timeline("data-which"), "solve");
    assert_eq!(timeline("data-at"), "25");
    assert_eq!(app.solve_counts(0).unwrap().1, 25);
    assert!(app.query().contains("solve_at=25"), "{}", app.query());
    // The bar now steps the solve; the maze stays finished.
    press("ArrowRight");
    assert_eq!(app.solve_counts(0).unwrap().1, 26);
    assert_eq!(status("data-state"), "done");
    press("End");
    assert!(app.solution(0).is_some());
}
