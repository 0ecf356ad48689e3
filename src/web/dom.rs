//! Small DOM helpers with messages that say what should hold.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, HtmlSelectElement};

pub fn document() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a browser window with a document")
}

pub fn by_id_opt(id: &str) -> Option<Element> {
    document().get_element_by_id(id)
}

/// The element with this id, or an error naming it.
pub fn by_id<T: JsCast>(id: &str) -> Result<T, JsValue> {
    by_id_opt(id)
        .ok_or_else(|| JsValue::from_str(&format!("the page has no element #{id}")))?
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("#{id} is not the expected kind of element")))
}

pub fn input(id: &str) -> Result<HtmlInputElement, JsValue> {
    by_id(id)
}

pub fn select(id: &str) -> Result<HtmlSelectElement, JsValue> {
    by_id(id)
}

/// Sets an element's text (never HTML: nothing user-supplied is parsed),
/// leaving it alone when it already reads so: the status, timeline and
/// counters are written every frame, mostly unchanged.
pub fn set_text(id: &str, text: &str) {
    if let Some(el) = by_id_opt(id) {
        if el.text_content().as_deref() != Some(text) {
            el.set_text_content(Some(text));
        }
    }
}

/// Shows or hides an element.
pub fn set_hidden(id: &str, hidden: bool) {
    if let Some(el) = by_id_opt(id).and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
        el.set_hidden(hidden);
    }
}

/// Shows a message in the notice strip (empty text hides it).
pub fn show_notice(text: &str) {
    set_text("notice", text);
    set_hidden("notice", text.is_empty());
}

/// Shows an error on the page; works even before the app is mounted.
pub fn show_error(text: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let el = match doc.get_element_by_id("error") {
        Some(el) => el,
        None => {
            let Ok(el) = doc.create_element("div") else {
                return;
            };
            el.set_id("error");
            if let Some(body) = doc.body() {
                let _ = body.prepend_with_node_1(&el);
            }
            el
        }
    };
    el.set_text_content(Some(text));
    let _ = el.set_attribute("role", "alert");
    if let Ok(html) = el.dyn_into::<HtmlElement>() {
        html.set_hidden(false);
    }
    if let Some(status) = doc.get_element_by_id("status") {
        let _ = status.set_attribute("data-state", "error");
    }
}

/// A readable description of a JavaScript error value.
pub fn describe(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

/// Starts a download of `data` as a file.
pub fn download_text(name: &str, mime: &str, data: &str) -> Result<(), JsValue> {
    // A string's Blob is its UTF-8 bytes.
    download_bytes(name, mime, data.as_bytes())
}

/// Starts a download of bytes made here.
pub fn download_bytes(name: &str, mime: &str, data: &[u8]) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(data).into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    download_url(name, &url)?;
    web_sys::Url::revoke_object_url(&url)
}

/// Starts a download of a URL (a data: or blob: URL).
pub fn download_url(name: &str, url: &str) -> Result<(), JsValue> {
    let a: web_sys::HtmlAnchorElement = document().create_element("a")?.dyn_into()?;
    a.set_href(url);
    a.set_download(name);
    a.click();
    Ok(())
}

/// The element with this id as an `HtmlElement`, if there is one.
pub fn html_element(id: &str) -> Option<HtmlElement> {
    by_id_opt(id).and_then(|e| e.dyn_into::<HtmlElement>().ok())
}

/// Where focus is inside the element `container`, if it is: the index of
/// the container's child that holds it and a selector for the focused
/// element (its tag and classes), so that the same control can take focus
/// again after the container's children are rebuilt.
pub fn focus_within(container: &str) -> Option<(u32, String)> {
    let active = document().active_element()?;
    let parent = by_id_opt(container)?;
    if !parent.contains(Some(&active)) || active == parent {
        return None;
    }
    let children = parent.children();
    let index = (0..children.length()).find(|&i| {
        children
            .item(i)
            .is_some_and(|child| child.contains(Some(&active)))
    })?;
    let classes: String = active
        .class_name()
        .split_whitespace()
        .map(|c| format!(".{c}"))
        .collect();
    Some((
        index,
        format!("{}{classes}", active.tag_name().to_lowercase()),
    ))
}

/// Puts focus back where `focus_within` found it (the same control of the
/// rebuilt child, else the child's first control, else the container's
/// region), so that a rebuild never drops a keyboard user's focus onto
/// the page's body.
pub fn restore_focus(container: &str, focus: Option<(u32, String)>) {
    let Some((index, selector)) = focus else {
        return;
    };
    let Some(parent) = by_id_opt(container) else {
        return;
    };
    let child = parent
        .children()
        .item(index)
        .or_else(|| parent.first_element_child());
    let target = child
        .as_ref()
        .and_then(|c| c.query_selector(&selector).ok().flatten())
        .or_else(|| {
            child.as_ref().and_then(|c| {
                c.query_selector("select, button, input, [tabindex]")
                    .ok()
                    .flatten()
            })
        })
        .or_else(|| parent.closest("[aria-label]").ok().flatten());
    if let Some(el) = target.and_then(|t| t.dyn_into::<HtmlElement>().ok()) {
        if !el.has_attribute("tabindex") && el.tag_name() == "SECTION" {
            let _ = el.set_attribute("tabindex", "-1");
        }
        let _ = el.focus();
    }
}
