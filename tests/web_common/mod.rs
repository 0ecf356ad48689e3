#![cfg(target_arch = "wasm32")]
//! What the browser tests share: the page's markup mounted with a query,
//! and reading and poking it as a user would (pixels, pointer, keys).
#![allow(dead_code)]

use mazelab::web::{mount, AppHandle};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement, KeyboardEvent};

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Puts index.html's body on the page (in a container: the test runner's own
/// output lives in the body too) and the query in the address bar.
/// The text of the element with this id.
pub fn text_of(id: &str) -> String {
    document()
        .get_element_by_id(id)
        .unwrap_or_else(|| panic!("no #{id}"))
        .text_content()
        .unwrap_or_default()
}

/// The text of the first element `selector` matches.
pub fn text_at(selector: &str) -> String {
    document()
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

/// The element with this id, as the type it is.
pub fn element<T: wasm_bindgen::JsCast>(id: &str) -> T {
    document()
        .get_element_by_id(id)
        .unwrap_or_else(|| panic!("no #{id}"))
        .dyn_into()
        .unwrap_or_else(|_| panic!("#{id} is not of the type asked for"))
}

pub fn load_page(query: &str) {
    let html = include_str!("../../index.html");
    let body = &html[html.find("<body>").unwrap() + 6..html.find("</body>").unwrap()];
    let doc = document();
    // The page's own stylesheet, so panels are laid out as on the page.
    if doc.get_element_by_id("mazelab-style").is_none() {
        let style = doc.create_element("style").unwrap();
        style.set_id("mazelab-style");
        style.set_text_content(Some(include_str!("../../www/style.css")));
        doc.document_element()
            .unwrap()
            .append_child(&style)
            .unwrap();
    }
    doc.document_element()
        .unwrap()
        .set_attribute("data-theme", "light")
        .unwrap();
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

pub fn open(query: &str) -> AppHandle {
    load_page(query);
    mount().expect("the app mounts on its own markup")
}

pub fn status(attr: &str) -> String {
    document()
        .get_element_by_id("status")
        .unwrap()
        .get_attribute(attr)
        .unwrap()
}

pub fn canvases() -> Vec<HtmlCanvasElement> {
    let list = document()
        .query_selector_all("#panels canvas:not(.overlay)")
        .unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().dyn_into().unwrap())
        .collect()
}

/// The RGBA pixels of a canvas as drawn.
pub fn pixels(canvas: &HtmlCanvasElement) -> Vec<u8> {
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

pub fn count(pixels: &[u8], c: [u8; 4]) -> usize {
    pixels.chunks_exact(4).filter(|p| *p == c).count()
}

/// Sends a pointer event of `kind` at client coordinates to the element there.
pub fn pointer(kind: &str, (x, y): (f64, f64), target: &web_sys::Element) {
    let init = web_sys::MouseEventInit::new();
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    init.set_bubbles(true);
    let event = web_sys::MouseEvent::new_with_mouse_event_init_dict(kind, &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

pub fn click_at(point: (f64, f64), target: &web_sys::Element) {
    pointer("pointerdown", point, target);
    pointer("pointerup", point, target);
}

pub fn overlay(panel: u32) -> web_sys::Element {
    document()
        .query_selector_all("#panels canvas.overlay")
        .unwrap()
        .item(panel)
        .unwrap()
        .dyn_into()
        .unwrap()
}

pub fn press(key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    document()
        .document_element()
        .unwrap()
        .dispatch_event(&event)
        .unwrap();
}

pub fn click_button(id: &str) {
    let button: HtmlElement = document()
        .get_element_by_id(id)
        .unwrap()
        .dyn_into()
        .unwrap();
    button.click();
}
