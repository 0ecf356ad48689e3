//! Handing a Rust-owned raster to a canvas: one `putImageData` per dirty
//! rectangle, straight from wasm memory where whole rows are dirty.

use crate::render::canvas::raster::{Raster, Rect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::Clamped;
use web_sys::{CanvasRenderingContext2d, ImageData};

/// Puts a raster's dirty rectangles on a canvas; `scratch` is reused for
/// rectangles narrower than the canvas, whose rows are not contiguous.
pub fn put_raster(
    ctx: &CanvasRenderingContext2d,
    raster: &mut Raster,
    scratch: &mut Vec<u8>,
) -> Result<(), JsValue> {
    for r in raster.take_dirty() {
        put_rect(ctx, raster, r, scratch)?;
    }
    Ok(())
}

fn put_rect(
    ctx: &CanvasRenderingContext2d,
    raster: &Raster,
    r: Rect,
    scratch: &mut Vec<u8>,
) -> Result<(), JsValue> {
    let bytes: &[u8] = if r.x0 == 0 && r.width() == raster.width {
        let start = (r.y0 * raster.width * 4) as usize;
        &raster.rgba()[start..start + (r.width() * r.height() * 4) as usize]
    } else {
        raster.copy_rect(r, scratch);
        scratch
    };
    let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(bytes), r.width(), r.height())?;
    ctx.put_image_data(&image, f64::from(r.x0), f64::from(r.y0))
}
