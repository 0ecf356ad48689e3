//! The real app on the real markup, in headless Chromium (wasm-bindgen-test).
//! Each test loads index.html's body, sets the URL query, mounts the app and
//! reads back what a user would see: canvas pixels, the status, the notice.
#![cfg(target_arch = "wasm32")]

use mazelab::render::canvas::scene::colour;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Event, HtmlCanvasElement, HtmlElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

mod web_common;
use web_common::*;

#[wasm_bindgen_test]
fn the_default_maze_finishes_and_the_canvas_shows_walls_and_passages() {
    let app = open("?algorithm=backtracker&size=20x12&seed=3&speed=400");
    assert_eq!(status("data-state"), "running");
    app.finish().unwrap();
    assert_eq!(status("data-state"), "done");
    assert!(
        status("data-steps").parse::<u64>().unwrap() > 239,
        "at least one event per cell"
    );
    let canvas = &canvases()[0];
    let px = pixels(canvas);
    let (walls, passages) = (count(&px, colour::WALL), count(&px, colour::PASSAGE));
    assert!(
        walls > 0 && passages > 0,
        "walls {walls}, passages {passages}"
    );
    assert_eq!(
        count(&px, colour::SOLID),
        0,
        "a finished maze has no uncarved cell"
    );
    assert!(passages > walls, "a perfect maze is mostly passage");
}

#[wasm_bindgen_test]
fn the_animation_advances_by_the_budget_and_shows_the_working_state() {
    let app = open("?algorithm=prim&size=30x20&seed=4&speed=100");
    // Opening carves one frame's worth already (100 steps/s: one step).
    let opened: u64 = status("data-steps").parse().unwrap();
    assert_eq!(opened, 1, "the first frame shows carving");
    app.advance(60).unwrap();
    assert_eq!(status("data-steps"), (opened + 60).to_string());
    assert_eq!(status("data-state"), "running");
    let px = pixels(&canvases()[0]);
    assert!(count(&px, colour::FRONTIER) > 0, "the frontier is visible");
    assert!(
        count(&px, colour::SOLID) > 0,
        "most cells are not carved yet"
    );
}

#[wasm_bindgen_test]
fn a_seed_gives_the_native_maze_in_the_browser() {
    let app = open("?algorithm=backtracker&size=4x3&seed=42&speed=instant");
    assert_eq!(
        app.maze_text(0).unwrap(),
        include_str!("fixtures/backtracker-4x3-seed42.txt")
    );
}

#[wasm_bindgen_test]
fn the_same_url_twice_gives_the_same_maze() {
    let query = "?algorithm=wilson&size=25x15&seed=77&speed=instant";
    let first = open(query);
    let a = pixels(&canvases()[0]);
    let text = first.maze_text(0);
    drop(first);
    let second = open(query);
    assert_eq!(pixels(&canvases()[0]), a);
    assert_eq!(second.maze_text(0), text);
    assert_eq!(second.query(), query.trim_start_matches('?'));
}

#[wasm_bindgen_test]
fn changing_the_algorithm_through_the_control_changes_the_maze() {
    let app = open("?algorithm=kruskal&size=16x16&seed=9&speed=instant");
    let before = app.maze_text(0).unwrap();
    let select: HtmlSelectElement = element("algorithm");
    select.set_value("binary-tree");
    select
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    assert!(app.query().contains("algorithm=binary-tree"));
    assert_eq!(status("data-state"), "done");
    assert_ne!(app.maze_text(0).unwrap(), before);
    let description = text_of("description");
    assert!(description.starts_with("binary tree"), "{description}");
}

#[wasm_bindgen_test]
fn changing_the_seed_and_size_through_the_controls_changes_the_maze() {
    let app = open("?algorithm=eller&size=10x10&seed=1&speed=instant");
    let before = app.maze_text(0).unwrap();
    let seed: web_sys::HtmlInputElement = element("seed");
    seed.set_value("2");
    seed.dispatch_event(&Event::new("change").unwrap()).unwrap();
    assert_ne!(app.maze_text(0).unwrap(), before);
    let width: web_sys::HtmlInputElement = element("width");
    width.set_value("12");
    width
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    assert!(app.query().contains("size=12x10"), "{}", app.query());
    assert_eq!(app.maze_text(0).unwrap().lines().next().unwrap().len(), 25);
}

#[wasm_bindgen_test]
fn compare_mode_shows_a_panel_per_spec_carving_the_same_seed() {
    let app = open("?size=20x15&seed=5&speed=instant&compare=growing-tree/newest,growing-tree/oldest,growing-tree/random");
    app.flush();
    assert_eq!(app.panel_count(), 3);
    assert_eq!(canvases().len(), 3);
    let texts: Vec<String> = (0..3).map(|i| app.maze_text(i).unwrap()).collect();
    assert_ne!(texts[0], texts[1]);
    assert_ne!(texts[1], texts[2]);
    let metrics = document().query_selector_all("#panels .metrics").unwrap();
    for i in 0..metrics.length() {
        let text = metrics.item(i).unwrap().text_content().unwrap();
        assert!(text.contains("dead ends"), "{text}");
    }
}

#[wasm_bindgen_test]
fn bad_url_values_give_a_notice_not_a_panic() {
    let app = open("?algorithm=%3Cimg%20src=x%3E&size=0x0&seed=zz&speed=warp&compare=wilson");
    let notice: HtmlElement = element("notice");
    assert!(!notice.hidden());
    let text = notice.text_content().unwrap();
    for key in ["algorithm", "size", "seed", "speed", "compare"] {
        assert!(text.contains(key), "{key} missing from: {text}");
    }
    assert!(
        notice.query_selector("img").unwrap().is_none(),
        "URL text is never parsed as HTML"
    );
    let error: HtmlElement = element("error");
    assert!(error.hidden(), "no error: {:?}", error.text_content());
    assert_eq!(
        status("data-state"),
        "running",
        "the app still runs on defaults"
    );
    app.finish().unwrap();
    assert_eq!(status("data-state"), "done");
}

#[wasm_bindgen_test]
fn a_bad_size_typed_in_the_control_is_named_and_the_old_maze_stays() {
    let app = open("?algorithm=sidewinder&size=10x8&seed=1&speed=instant");
    let before = app.maze_text(0).unwrap();
    let width: web_sys::HtmlInputElement = element("width");
    width.set_value("100000");
    width
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    let notice = text_of("notice");
    assert!(notice.contains("4096"), "{notice}");
    assert_eq!(app.maze_text(0).unwrap(), before);
    assert!(app.query().contains("size=10x8"));
}

#[wasm_bindgen_test]
fn clicking_start_and_goal_then_bfs_draws_a_shortest_path() {
    let app = open("?algorithm=kruskal&size=12x8&seed=3&speed=instant");
    let (start, goal) = (12 + 2, 6 * 12 + 9); // cells (2, 1) and (9, 6)
    click_at(app.cell_centre(0, start).unwrap(), &overlay(0));
    click_at(app.cell_centre(0, goal).unwrap(), &overlay(0));
    assert_eq!(app.ends(), (start, goal));
    assert!(
        app.query().contains("start=2,1&goal=9,6"),
        "{}",
        app.query()
    );
    click_button("solve");
    app.finish_solve().unwrap();
    let path = app.solution(0).expect("bfs finds a path");
    // The engine's own shortest distance on the same seed.
    let grid = mazelab::generate::generate(
        "kruskal",
        mazelab::generate::Params::new(mazelab::shape::Dims::new(12, 8).unwrap(), 3),
    )
    .unwrap();
    assert_eq!(
        path.len() as u32 - 1,
        mazelab::analyze::distances(&grid, start)[goal as usize]
    );
    assert_eq!((path[0], *path.last().unwrap()), (start, goal));
    // The overlay shows it: path-coloured pixels for every cell of it.
    let canvas: HtmlCanvasElement = overlay(0).dyn_into().unwrap();
    let path_px = count(
        &pixels(&canvas),
        mazelab::render::canvas::palette::LIGHT.path,
    );
    assert!(
        path_px >= path.len() - 2,
        "{path_px} path pixels for {} cells",
        path.len()
    );
    let result = text_at(".solve-result");
    assert!(
        result.contains(&format!("path {} moves", path.len() - 1)),
        "{result}"
    );
}

#[wasm_bindgen_test]
fn dragging_a_marker_moves_it() {
    let app = open("?algorithm=prim&size=10x10&seed=2&speed=instant");
    let (start, _) = app.ends();
    let target = overlay(0);
    pointer("pointerdown", app.cell_centre(0, start).unwrap(), &target);
    pointer("pointermove", app.cell_centre(0, 33).unwrap(), &target);
    pointer("pointermove", app.cell_centre(0, 44).unwrap(), &target);
    pointer("pointerup", app.cell_centre(0, 44).unwrap(), &target);
    assert_eq!(app.ends().0, 44);
    assert!(app.query().contains("start=4,4"), "{}", app.query());
}

#[wasm_bindgen_test]
fn playing_by_keys_reaches_the_goal_and_shows_the_banner() {
    let app = open("?algorithm=backtracker&size=8x6&seed=11&speed=instant");
    click_button("play-maze");
    let grid = app.grid(0).unwrap();
    let (start, goal) = app.ends();
    let path = mazelab::analyze::shortest_path(&grid, start, goal).unwrap();
    // A wall blocks: pressing toward a closed side changes nothing.
    let blocked = [
        ("ArrowUp", mazelab::shape::Dir::N),
        ("ArrowLeft", mazelab::shape::Dir::W),
    ]
    .into_iter()
    .find(|&(_, d)| !grid.is_open(start, d))
    .unwrap();
    press(blocked.0);
    assert_eq!(app.trail(), vec![start]);
    // One step forward and back retracts the trail.
    let key_for = |a: u32, b: u32| match grid.dims().dir_between(a, b).unwrap() {
        mazelab::shape::Dir::N => "ArrowUp",
        mazelab::shape::Dir::E => "d",
        mazelab::shape::Dir::S => "s",
        mazelab::shape::Dir::W => "ArrowLeft",
    };
    press(key_for(path[0], path[1]));
    press(key_for(path[1], path[0]));
    assert_eq!(app.trail(), vec![start]);
    for pair in path.windows(2) {
        press(key_for(pair[0], pair[1]));
    }
    assert_eq!(app.trail(), path);
    let banner: HtmlElement = element("banner");
    assert!(!banner.hidden());
    let text = banner.text_content().unwrap();
    assert!(text.contains("100% optimal"), "{text}");
    assert!(
        text.contains(&format!("{} moves", path.len() - 1)),
        "{text}"
    );
}

#[wasm_bindgen_test]
fn a_click_outside_the_maze_does_nothing_harmful() {
    let app = open("?algorithm=eller&size=9x9&seed=4&speed=instant&start=1,1&goal=7,7");
    let before = (app.ends(), app.query());
    let rect = overlay(0).get_bounding_client_rect();
    for point in [
        (rect.left() - 5.0, rect.top() + 4.0),
        (rect.right() + 3.0, rect.bottom() + 3.0),
        (-50.0, -50.0),
    ] {
        click_at(point, &overlay(0));
        click_at(point, &document().get_element_by_id("panels").unwrap());
    }
    assert_eq!((app.ends(), app.query()), before);
    let error: HtmlElement = element("error");
    assert!(error.hidden());
    assert_eq!(status("data-state"), "done");
}

#[wasm_bindgen_test]
fn racing_solvers_in_compare_mode_each_use_their_own() {
    let app = open("?size=14x10&seed=6&speed=instant&compare=wilson,wilson&solver=dfs");
    let picks = document().query_selector_all(".panel-solver").unwrap();
    let second: HtmlSelectElement = picks.item(1).unwrap().dyn_into().unwrap();
    assert_eq!(second.value(), "dfs");
    second.set_value("astar");
    click_button("solve");
    app.finish_solve().unwrap();
    let results = document().query_selector_all(".solve-result").unwrap();
    let texts: Vec<String> = (0..2)
        .map(|i| results.item(i).unwrap().text_content().unwrap())
        .collect();
    assert!(
        texts[0].starts_with("dfs:") && texts[1].starts_with("astar:"),
        "{texts:?}"
    );
    assert_eq!(
        app.solution(0),
        app.solution(1),
        "a perfect maze has one path"
    );
}

#[wasm_bindgen_test]
fn monte_carlo_keeps_the_hardest_maze_of_those_tried() {
    let app = open("?algorithm=prim&size=15x10&seed=100&speed=instant");
    let trials: web_sys::HtmlInputElement = element("mc-trials");
    trials.set_value("8");
    click_button("mc-run");
    // The engine's own solution lengths for seeds 100..108.
    let length = |seed| {
        let grid = mazelab::generate::generate(
            "prim",
            mazelab::generate::Params::new(mazelab::shape::Dims::new(15, 10).unwrap(), seed),
        )
        .unwrap();
        mazelab::analyze::distances(&grid, 0)[149]
    };
    let longest = (100..108).map(length).max().unwrap();
    let seed: u64 = app
        .query()
        .split("seed=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((100..108).contains(&seed), "seed {seed}");
    assert_eq!(length(seed), longest);
    let notice = text_of("notice");
    assert!(
        notice.contains(&format!("solution {longest} moves")),
        "{notice}"
    );
}

#[wasm_bindgen_test]
fn distance_colouring_shades_the_finished_maze() {
    let _app = open("?algorithm=backtracker&size=20x12&seed=5&speed=instant");
    let canvas = &canvases()[0];
    assert!(count(&pixels(canvas), colour::PASSAGE) > 0);
    let toggle: HtmlElement = element("distance");
    toggle.click();
    let shaded = pixels(canvas);
    assert_eq!(
        count(&shaded, colour::PASSAGE),
        0,
        "every cell takes its distance's colour"
    );
    assert!(count(&shaded, colour::WALL) > 0, "walls stay");
    // The entrance is distance 0: the gradient's first stop.
    assert!(count(&shaded, mazelab::render::canvas::palette::gradient(0.0)) > 0);
}

#[wasm_bindgen_test]
fn the_instant_solve_counts_and_draws_what_the_animated_one_does() {
    let query = "?algorithm=wilson&size=16x10&seed=8&speed=instant&solver=bfs";
    let instant = open(query);
    click_button("solve");
    let (explored, steps) = instant.solve_counts(0).unwrap();
    assert!(explored > 0, "an instant solve explores cells too");
    let instant_px = instant.overlay_pixels(0).unwrap();
    let instant_path = instant.solution(0).unwrap();
    drop(instant);

    let animated = open(&query.replace("speed=instant", "speed=50"));
    animated.finish().unwrap();
    click_button("solve");
    while status("data-solve") == "searching" {
        animated.advance_solve(7).unwrap();
    }
    assert_eq!(animated.solve_counts(0).unwrap(), (explored, steps));
    assert_eq!(animated.solution(0).unwrap(), instant_path);
    assert!(
        animated.overlay_pixels(0).unwrap() == instant_px,
        "the final pictures differ"
    );
    let result = text_at(".solve-result");
    assert!(
        result.contains(&format!("{explored} cells explored")),
        "{result}"
    );
}

#[wasm_bindgen_test]
fn zooming_in_panning_and_fitting_return_to_the_same_picture() {
    let app = open("?algorithm=kruskal&size=60x40&seed=2&speed=instant");
    let canvas: HtmlCanvasElement = app.canvas(0).unwrap().dyn_into().unwrap();
    let fitted = pixels(&canvas);
    let fit_pitch = app.pitch(0).unwrap();
    let text = app.maze_text(0);
    app.zoom(3.0).unwrap();
    assert!(app.pitch(0).unwrap() > fit_pitch * 2.0);
    let zoomed = pixels(&canvas);
    assert!(zoomed != fitted, "zooming changes the picture");
    app.pan(-80.0, 30.0).unwrap();
    assert!(pixels(&canvas) != zoomed, "panning moves it");
    assert_eq!(app.maze_text(0), text, "the maze itself is untouched");
    click_button("zoom-fit");
    assert_eq!(app.pitch(0).unwrap(), fit_pitch);
    assert!(
        pixels(&canvas) == fitted,
        "fit shows the first picture again"
    );
    // Keys do the same: + zooms in, 0 fits.
    press("+");
    assert!(app.pitch(0).unwrap() > fit_pitch);
    press("0");
    assert!(pixels(&canvas) == fitted);
}

#[wasm_bindgen_test]
fn clicking_a_cell_picks_it_when_zoomed_in() {
    let app = open("?algorithm=prim&size=30x20&seed=9&speed=instant");
    app.zoom(4.0).unwrap();
    app.pan(25.0, -10.0).unwrap();
    let rect = overlay(0).get_bounding_client_rect();
    let target = (0..600u32)
        .find(|&c| {
            let (x, y) = app.cell_centre(0, c).unwrap();
            x > rect.left() + 2.0
                && x < rect.right() - 2.0
                && y > rect.top() + 2.0
                && y < rect.bottom() - 2.0
                && c != app.ends().0
                && c != app.ends().1
        })
        .expect("some cell is on screen");
    click_at(app.cell_centre(0, target).unwrap(), &overlay(0));
    assert_eq!(app.ends().0, target);
}

#[wasm_bindgen_test]
fn the_dark_theme_repaints_the_maze_in_its_colours() {
    let app = open("?algorithm=backtracker&size=20x12&seed=5&speed=instant");
    let canvas: HtmlCanvasElement = app.canvas(0).unwrap().dyn_into().unwrap();
    let dark = mazelab::render::canvas::palette::DARK;
    assert_eq!(count(&pixels(&canvas), dark.passage), 0);
    click_button("theme");
    let root = document().document_element().unwrap();
    assert_eq!(root.get_attribute("data-theme").as_deref(), Some("dark"));
    let px = pixels(&canvas);
    assert!(count(&px, dark.passage) > 0 && count(&px, dark.wall) > 0);
    assert_eq!(count(&px, colour::PASSAGE), 0, "no light passage is left");
    let button = document().get_element_by_id("theme").unwrap();
    assert_eq!(
        button.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    press("t");
    assert_eq!(
        root.get_attribute("data-theme").as_deref(),
        Some("light"),
        "button says {:?}, active {:?}, dialogs {}",
        button.text_content(),
        document().active_element().map(|e| e.tag_name() + &e.id()),
        document().query_selector_all("dialog").unwrap().length()
    );
    assert!(count(&pixels(&canvas), colour::PASSAGE) > 0);
}

#[wasm_bindgen_test]
fn the_question_mark_opens_the_keyboard_help() {
    let _app = open("?algorithm=eller&size=10x10&seed=1&speed=instant");
    let dialog: web_sys::HtmlDialogElement = element("help");
    assert!(!dialog.open());
    press("?");
    let error = document()
        .get_element_by_id("error")
        .and_then(|e| e.text_content());
    assert!(dialog.open(), "? opens the help: {error:?}");
    assert!(dialog.text_content().unwrap().contains("play / pause"));
    press("?");
    assert!(!dialog.open(), "? closes it again");
    click_button("help-open");
    assert!(dialog.open(), "the ? button opens it too");
    dialog.close();
}

#[wasm_bindgen_test]
fn every_control_has_a_label() {
    let _app = open("?algorithm=eller&size=10x10&seed=1&speed=instant");
    let controls = document()
        .query_selector_all("#mazelab-root input, #mazelab-root select, #mazelab-root button")
        .unwrap();
    assert!(controls.length() > 20);
    for i in 0..controls.length() {
        let el: web_sys::Element = controls.item(i).unwrap().dyn_into().unwrap();
        let id = el.id();
        let labelled = el.get_attribute("aria-label").is_some()
            || el.get_attribute("aria-labelledby").is_some()
            || (el.tag_name() == "BUTTON"
                && !el.text_content().unwrap_or_default().trim().is_empty())
            || el.closest("label").unwrap().is_some()
            || (!id.is_empty()
                && document()
                    .query_selector(&format!("label[for='{id}']"))
                    .unwrap()
                    .is_some());
        assert!(labelled, "#{id} <{}> has no label", el.tag_name());
    }
}
