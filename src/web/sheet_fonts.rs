//! The printable sheet's fallback fonts and title shaper in the page
//! (`render::pdf::fonts`): each font fetched from the build's own
//! `fonts/` folder the first time a title needs it (a few kilobytes to
//! 3 MB, so not with the module), and the shaper (`shaper.wasm`, the crate
//! `shaper/`, some 170 KB compressed) the first time a title needs
//! shaping; both kept for the page's life. Each answer comes back up as a
//! message; the sheet waiting for it is made then.

use super::mailbox::Mailbox;
use crate::render::pdf::{Fonts, Unshaped};
use js_sys::{Array, Function, Object, Reflect, Uint8Array, WebAssembly};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What came back for a sheet that waits.
pub(super) enum Fetched {
    /// A font's file, or why not.
    Font {
        name: &'static str,
        bytes: Result<Vec<u8>, String>,
    },
    /// The title's pieces shaped, each with the shaper's answer, or why
    /// not.
    Shaped(Result<Vec<(Unshaped, Vec<i32>)>, String>),
}

#[derive(Default)]
pub(super) struct SheetFonts {
    /// The fonts fetched and pieces shaped so far.
    pub(super) fonts: Fonts,
    /// The sheet waiting for a font: the file name it will download as.
    pub(super) waiting: Option<String>,
    pub(super) mailbox: Mailbox<Fetched>,
    /// The shaper module's exports, once loaded.
    shaper: Rc<RefCell<Option<Object>>>,
}

impl SheetFonts {
    /// Fetches the font `name` (`fonts/NAME.ttf`); its bytes, or why
    /// not, come back through the mailbox.
    pub(super) fn fetch(&self, name: &'static str) {
        let send = self.mailbox.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let bytes = fetch_bytes(&format!("fonts/{name}.ttf")).await;
            send.send(Fetched::Font { name, bytes });
        });
    }

    /// Shapes `pieces` in the shaper module, loading it first if need
    /// be; the answers come back through the mailbox. Each font goes into
    /// the module once, however many of its pieces there are.
    pub(super) fn shape(&self, pieces: Vec<Unshaped>) {
        let mut pieces_by_font: Vec<(Vec<u8>, Vec<Unshaped>)> = Vec::new();
        for piece in pieces {
            match pieces_by_font
                .iter_mut()
                .find(|(_, p)| p[0].font == piece.font)
            {
                Some((_, same_font)) => same_font.push(piece),
                None => {
                    if let Some(bytes) = self.fonts.font_bytes(piece.font) {
                        pieces_by_font.push((bytes.to_vec(), vec![piece]));
                    }
                }
            }
        }
        let send = self.mailbox.clone();
        let shaper = self.shaper.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let answers = shape_all(&shaper, pieces_by_font).await;
            send.send(Fetched::Shaped(answers));
        });
    }
}

/// Each piece through the shaper's `shape_piece` (see `shaper/`), its
/// font put in the module's memory once for all of its pieces.
async fn shape_all(
    shaper: &RefCell<Option<Object>>,
    pieces_by_font: Vec<(Vec<u8>, Vec<Unshaped>)>,
) -> Result<Vec<(Unshaped, Vec<i32>)>, String> {
    let loaded = shaper.borrow().clone();
    let exports = match loaded {
        Some(exports) => exports,
        None => {
            let bytes = fetch_bytes("shaper.wasm").await?;
            let made = wasm_bindgen_futures::JsFuture::from(WebAssembly::instantiate_buffer(
                &bytes,
                &Object::new(),
            ))
            .await
            .map_err(|e| why(e, "the shaper would not start"))?;
            let instance =
                Reflect::get(&made, &"instance".into()).map_err(|e| why(e, "no instance"))?;
            let exports: Object = Reflect::get(&instance, &"exports".into())
                .map_err(|e| why(e, "no exports"))?
                .unchecked_into();
            *shaper.borrow_mut() = Some(exports.clone());
            exports
        }
    };
    let export = |name: &str| -> Result<Function, String> {
        Reflect::get(&exports, &name.into())
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok())
            .ok_or_else(|| format!("the shaper has no {name}"))
    };
    let (alloc, release, shape_piece) =
        (export("alloc")?, export("release")?, export("shape_piece")?);
    let call = |f: &Function, args: &[f64]| -> Result<u32, String> {
        let args: Array = args.iter().map(|&a| JsValue::from_f64(a)).collect();
        f.apply(&JsValue::NULL, &args)
            .map_err(|e| why(e, "the shaper failed"))
            .map(|v| v.as_f64().unwrap_or(0.0) as u32)
    };
    // The memory is looked up afresh after each call: it may have grown.
    let memory = || -> Result<Uint8Array, String> {
        let memory: WebAssembly::Memory = Reflect::get(&exports, &"memory".into())
            .map_err(|e| why(e, "no memory"))?
            .unchecked_into();
        Ok(Uint8Array::new(&memory.buffer()))
    };
    let put = |bytes: &[u8]| -> Result<u32, String> {
        let at = call(&alloc, &[bytes.len() as f64])?;
        memory()?.set(&Uint8Array::from(bytes), at);
        Ok(at)
    };
    let read = |at: u32, len: u32| -> Result<Vec<i32>, String> {
        let bytes = memory()?.subarray(at, at + len).to_vec();
        Ok(bytes
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect())
    };
    let mut answers = Vec::new();
    for (font, pieces) in pieces_by_font {
        let font_at = put(&font)?;
        let font_len = font.len() as f64;
        for piece in pieces {
            let text_at = put(piece.text.as_bytes())?;
            let text_len = piece.text.len() as f64;
            let rtl = if piece.rtl { 1.0 } else { 0.0 };
            let answer_at = call(
                &shape_piece,
                &[font_at.into(), font_len, text_at.into(), text_len, rtl],
            )?;
            call(&release, &[text_at.into(), text_len])?;
            if answer_at == 0 {
                call(&release, &[font_at.into(), font_len])?;
                return Err(format!("the shaper could not read the font {}", piece.font));
            }
            let count = read(answer_at, 4)?[0].max(0) as u32;
            let len = (2 + 5 * count) * 4;
            let numbers = read(answer_at, len)?;
            call(&release, &[answer_at.into(), f64::from(len)])?;
            answers.push((piece, numbers));
        }
        call(&release, &[font_at.into(), font_len])?;
    }
    Ok(answers)
}

/// A JavaScript error's message, or `otherwise`.
fn why(e: JsValue, otherwise: &str) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| otherwise.into())
}

/// A file of the page's own origin, whole.
async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    use wasm_bindgen_futures::JsFuture;
    let why = |e: JsValue| why(e, "the network failed");
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
