//! The real app on the real markup, in headless Chromium (wasm-bindgen-test).
//! Each test loads index.html's body, sets the URL query, mounts the app and
//! reads back what a user would see: canvas pixels, the status, the notice.
#![cfg(target_arch = "wasm32")]

use mazelab::render::pixels::colour;
use mazelab::web::{mount, AppHandle};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, Event, HtmlCanvasElement, HtmlElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Puts index.html's body on the page (in a container: the test runner's own
/// output lives in the body too) and the query in the address bar.
fn load_page(query: &str) {
    let html = include_str!("../index.html");
    let body = &html[html.find("<body>").unwrap() + 6..html.find("</body>").unwrap()];
    let doc = document();
    if let Some(old) = doc.get_element_by_id("mazelab-root") {
        old.remove();
    }
    let root = doc.create_element("div").unwrap();
    root.set_id("mazelab-root");
    root.set_inner_html(body);
    doc.body().unwrap().append_child(&root).unwrap();
    let history = web_sys::window().unwrap().history().unwrap();
    history
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(query))
        .unwrap();
}

fn open(query: &str) -> AppHandle {
    load_page(query);
    mount().expect("the app mounts on its own markup")
}

fn status(attr: &str) -> String {
    document()
        .get_element_by_id("status")
        .unwrap()
        .get_attribute(attr)
        .unwrap()
}

fn canvases() -> Vec<HtmlCanvasElement> {
    let list = document().query_selector_all("#panels canvas").unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().dyn_into().unwrap())
        .collect()
}

/// The RGBA pixels of a canvas as drawn.
fn pixels(canvas: &HtmlCanvasElement) -> Vec<u8> {
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let data = ctx
        .get_image_data(
            0.0,
            0.0,
            f64::from(canvas.width()),
            f64::from(canvas.height()),
        )
        .unwrap();
    data.data().0
}

fn count(pixels: &[u8], c: [u8; 4]) -> usize {
    pixels.chunks_exact(4).filter(|p| *p == c).count()
}

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
    app.advance(60).unwrap();
    assert_eq!(status("data-steps"), "60");
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
    let select: HtmlSelectElement = document()
        .get_element_by_id("algorithm")
        .unwrap()
        .dyn_into()
        .unwrap();
    select.set_value("binary-tree");
    select
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    assert!(app.query().contains("algorithm=binary-tree"));
    assert_eq!(status("data-state"), "done");
    assert_ne!(app.maze_text(0).unwrap(), before);
    let description = document()
        .get_element_by_id("description")
        .unwrap()
        .text_content()
        .unwrap();
    assert!(description.starts_with("binary tree"), "{description}");
}

#[wasm_bindgen_test]
fn changing_the_seed_and_size_through_the_controls_changes_the_maze() {
    let app = open("?algorithm=eller&size=10x10&seed=1&speed=instant");
    let before = app.maze_text(0).unwrap();
    let seed: web_sys::HtmlInputElement = document()
        .get_element_by_id("seed")
        .unwrap()
        .dyn_into()
        .unwrap();
    seed.set_value("2");
    seed.dispatch_event(&Event::new("change").unwrap()).unwrap();
    assert_ne!(app.maze_text(0).unwrap(), before);
    let width: web_sys::HtmlInputElement = document()
        .get_element_by_id("width")
        .unwrap()
        .dyn_into()
        .unwrap();
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
    let notice: HtmlElement = document()
        .get_element_by_id("notice")
        .unwrap()
        .dyn_into()
        .unwrap();
    assert!(!notice.hidden());
    let text = notice.text_content().unwrap();
    for key in ["algorithm", "size", "seed", "speed", "compare"] {
        assert!(text.contains(key), "{key} missing from: {text}");
    }
    assert!(
        notice.query_selector("img").unwrap().is_none(),
        "URL text is never parsed as HTML"
    );
    let error: HtmlElement = document()
        .get_element_by_id("error")
        .unwrap()
        .dyn_into()
        .unwrap();
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
    let width: web_sys::HtmlInputElement = document()
        .get_element_by_id("width")
        .unwrap()
        .dyn_into()
        .unwrap();
    width.set_value("100000");
    width
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
    let notice = document()
        .get_element_by_id("notice")
        .unwrap()
        .text_content()
        .unwrap();
    assert!(notice.contains("4096"), "{notice}");
    assert_eq!(app.maze_text(0).unwrap(), before);
    assert!(app.query().contains("size=10x8"));
}
