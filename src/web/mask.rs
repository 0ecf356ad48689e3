//! The mask tools: painting cells off and on with the pointer, a mask from
//! a picture (dark pixels off), and a word rendered to cells. Every mask is
//! checked (one piece, at least one cell) before it replaces the old one;
//! a refused mask leaves the maze as it was and says why.

use super::dom::{self};
use crate::shape::Cell;
use crate::shape::{Mask, Shape, Topology};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement};

/// Pixels per maze unit when a picture or a word is sampled to cells.
const SAMPLE_PX_PER_UNIT: f64 = 8.0;
/// The sampling canvas' longest side at most.
const SAMPLE_MAX_SIDE_PX: f64 = 2048.0;
/// A pixel darker than this (0 to 255) switches its cell off.
const DARK_BELOW: f64 = 128.0;

/// A stroke of the mask brush: the value it paints and the cells so far.
#[derive(Default)]
pub(super) struct Stroke {
    pub on: bool,
    pub cells: Vec<Cell>,
}

/// Draws on a white canvas covering the shape's outline and switches off
/// every cell whose centre lands on a dark pixel.
pub(super) fn sample_to_cells(
    shape: &Shape,
    draw: impl FnOnce(&CanvasRenderingContext2d, f64, f64) -> Result<(), JsValue>,
) -> Result<Mask, JsValue> {
    let (uw, uh) = shape.bounds();
    let scale = SAMPLE_PX_PER_UNIT.min(SAMPLE_MAX_SIDE_PX / uw.max(uh));
    let (w, h) = ((uw * scale).ceil().max(1.0), (uh * scale).ceil().max(1.0));
    let canvas: HtmlCanvasElement = dom::document().create_element("canvas")?.dyn_into()?;
    canvas.set_width(w as u32);
    canvas.set_height(h as u32);
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("a canvas to sample the mask")?
        .dyn_into()?;
    ctx.set_fill_style_str("#fff");
    ctx.fill_rect(0.0, 0.0, w, h);
    draw(&ctx, w, h)?;
    let data = ctx.get_image_data(0.0, 0.0, w, h)?.data();
    let mut mask = Mask::all_on(shape.cells());
    for cell in 0..shape.cells() {
        let (cx, cy) = shape.centre(cell);
        let (px, py) = (
            ((cx * scale) as usize).min(w as usize - 1),
            ((cy * scale) as usize).min(h as usize - 1),
        );
        let i = (py * w as usize + px) * 4;
        let luma = 0.299 * f64::from(data[i])
            + 0.587 * f64::from(data[i + 1])
            + 0.114 * f64::from(data[i + 2]);
        if luma < DARK_BELOW {
            mask.set(cell, false);
        }
    }
    Ok(mask)
}

/// Lets go of the picture file's address once the image has loaded it (or
/// failed to): each chosen file would otherwise hold its bytes until the
/// page closes.
pub(super) fn forget_mask_image_url() -> Result<(), JsValue> {
    let image: HtmlImageElement = dom::by_id("mask-image")?;
    let url = image.src();
    if url.starts_with("blob:") {
        web_sys::Url::revoke_object_url(&url)?;
    }
    Ok(())
}
