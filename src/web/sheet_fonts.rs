//! The printable sheet's fallback fonts in the page (`render::pdf::fonts`):
//! fetched from the build's own `fonts/` folder the first time a title
//! needs one (a few hundred kilobytes to 1.7 MB compressed, so not with
//! the module), kept for the page's life. A fetch's answer comes back up
//! as a message; the sheet waiting for it is made then.

use super::mailbox::Mailbox;
use crate::render::pdf::Fonts;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A font's file, fetched, or why not.
pub(super) struct Fetched {
    pub(super) name: &'static str,
    pub(super) bytes: Result<Vec<u8>, String>,
}

#[derive(Default)]
pub(super) struct SheetFonts {
    /// The fonts fetched so far.
    pub(super) fonts: Fonts,
    /// The sheet waiting for a font: the file name it will download as.
    pub(super) waiting: Option<String>,
    pub(super) mailbox: Mailbox<Fetched>,
}

impl SheetFonts {
    /// Fetches the font `name` (`fonts/NAME.ttf`); its bytes, or why
    /// not, come back through the mailbox.
    pub(super) fn fetch(&self, name: &'static str) {
        let send = self.mailbox.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let bytes = fetch_bytes(&format!("fonts/{name}.ttf")).await;
            send.send(Fetched { name, bytes });
        });
    }
}

/// A file of the page's own origin, whole.
async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    use wasm_bindgen_futures::JsFuture;
    let why = |e: JsValue| {
        e.as_string()
            .or_else(|| {
                e.dyn_ref::<js_sys::Error>()
                    .map(|e| String::from(e.message()))
            })
            .unwrap_or_else(|| "the network failed".into())
    };
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(why)?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(why)?)
        .await
        .map_err(why)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
