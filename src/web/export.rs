//! Exports: the maze as PNG (a full picture, whatever the zoom), SVG (also
//! for plotters, each wall once), ASCII, JSON, a printable PDF sheet and a
//! 3D print (STL), the same formats the CLI prints, by the same code.

use super::blit::put_raster;
use super::dom;
use crate::render::canvas::layout::Layout;
use crate::render::canvas::pixels::Pixels;
use crate::render::canvas::tiles::TileMap;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// The PNG's cells are this many pixels, walls included, where it fits.
const PNG_PITCH_PX: u32 = 12;
/// The PNG's longest side at most, in pixels.
const PNG_MAX_SIDE_PX: u32 = 8200;
/// The same for shapes drawn from a pixel map.
const PNG_MAX_SHAPE_SIDE_PX: u32 = 3000;

/// The whole maze as a PNG data URL, drawn off screen at a fixed zoom.
pub(super) fn png_data_url(panel: &super::panel::Panel) -> Result<String, JsValue> {
    let shape = &panel.shape;
    let plain = shape.plain_square().is_some();
    // Other shapes map every pixel to a cell (8 bytes a pixel): smaller.
    let max_side = if plain {
        PNG_MAX_SIDE_PX
    } else {
        PNG_MAX_SHAPE_SIDE_PX
    };
    let (uw, uh) = shape.bounds();
    let pitch = (f64::from(max_side) / uw.max(uh))
        .clamp(2.0, f64::from(PNG_PITCH_PX))
        .floor();
    let w = ((uw * pitch) as u32 + 2).min(max_side);
    let h = ((uh * pitch) as u32 + 2).min(max_side);
    let layout = Layout::for_shape(shape, w, h);
    let mut pixels = Pixels::new(layout);
    if !plain {
        pixels.set_map(Some(Arc::new(TileMap::new(shape, layout))));
    }
    pixels.set_palette(panel.pixels.palette());
    pixels.paint_all(&panel.scene);
    let canvas: HtmlCanvasElement = dom::document().create_element("canvas")?.dyn_into()?;
    canvas.set_width(layout.width);
    canvas.set_height(layout.height);
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("a canvas for the PNG")?
        .dyn_into()?;
    put_raster(&ctx, pixels.raster(), &mut Vec::new())?;
    canvas.to_data_url()
}
