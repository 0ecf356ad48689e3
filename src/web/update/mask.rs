//! How the app applies the mask tools (`mask`): the brush, a picture and
//! a word made into a mask, the maze carved again on the cells left.

use crate::shape::Cell;
use crate::shape::{Mask, Topology};
use crate::web::app::App;
use crate::web::dom::{self, input};
use crate::web::mask::{sample_to_cells, Stroke};
use crate::web::mode::Mode;
use wasm_bindgen::prelude::*;
use web_sys::HtmlImageElement;

impl App {
    /// Turns the mask brush on or off.
    pub(in crate::web) fn set_mask_mode(&mut self, on: bool) -> Result<(), JsValue> {
        self.mode = if on { Mode::Masking } else { Mode::Normal };
        input("mask-paint")?.set_checked(on);
        self.stage.pointer.stroke = None;
        self.show_hint();
        Ok(())
    }

    /// The brush touches a cell: the first cell of a stroke decides whether
    /// the stroke switches cells off (it was on) or on (it was off).
    pub(in crate::web) fn mask_touch(&mut self, cell: Cell) -> Result<(), JsValue> {
        let shape = &self.settings.shape;
        let was_on = shape.is_cell(cell);
        let stroke = self.stage.pointer.stroke.get_or_insert_with(|| Stroke {
            on: !was_on,
            cells: Vec::new(),
        });
        if stroke.cells.contains(&cell) {
            return Ok(());
        }
        stroke.cells.push(cell);
        let off = !stroke.on;
        for panel in &mut self.maze.panels {
            panel.preview_mask(cell, off);
            panel.blit_overlay()?;
        }
        Ok(())
    }

    /// The brush lifts: the stroke becomes the mask, if the mask is valid.
    pub(in crate::web) fn mask_commit(&mut self) -> Result<(), JsValue> {
        let Some(stroke) = self.stage.pointer.stroke.take() else {
            return Ok(());
        };
        let base = self.settings.shape.unmasked();
        let mut mask = self
            .settings
            .shape
            .mask
            .as_deref()
            .cloned()
            .unwrap_or_else(|| Mask::all_on(base.cells()));
        for cell in stroke.cells {
            mask.set(cell, stroke.on);
        }
        self.apply_mask(mask, "painted")
    }

    /// Uses `mask` if it leaves one piece; otherwise says why and keeps the
    /// old one (repainting, so a refused stroke's preview goes away).
    pub(in crate::web) fn apply_mask(&mut self, mask: Mask, source: &str) -> Result<(), JsValue> {
        let base = self.settings.shape.unmasked();
        let all_on = mask.live() == mask.cells();
        let masked = if all_on {
            Ok(base)
        } else {
            base.with_mask(mask)
        };
        let masking = self.mode == Mode::Masking;
        match masked {
            Ok(shape) => {
                dom::show_notice("");
                self.settings.shape = shape;
                self.settings.clamp_ends();
                let off = self
                    .settings
                    .shape
                    .mask
                    .as_ref()
                    .map_or(0, |m| m.cells() - m.live());
                dom::set_text(
                    "mask-summary",
                    &format!("{source} mask: {off} cells masked off"),
                );
                self.show_settings()?;
                self.rebuild()?;
            }
            Err(e) => {
                dom::show_notice(&format!("mask not used: {e}"));
                for panel in &mut self.maze.panels {
                    panel.clear_mask_preview()?;
                }
            }
        }
        if masking {
            self.set_mask_mode(true)?;
        }
        Ok(())
    }

    /// Switches every cell back on.
    pub(in crate::web) fn clear_mask(&mut self) -> Result<(), JsValue> {
        let cells = self.settings.shape.cells();
        self.apply_mask(Mask::all_on(cells), "no")
    }

    /// The picture chosen has loaded: it masks the maze, and its
    /// address is let go.
    pub(in crate::web) fn mask_image_loaded(&mut self) -> Result<(), JsValue> {
        let made = self.mask_from_image();
        crate::web::mask::forget_mask_image_url()?;
        made
    }

    /// Masks by the picture loaded into `#mask-image`: dark pixels off.
    fn mask_from_image(&mut self) -> Result<(), JsValue> {
        let image: HtmlImageElement = dom::by_id("mask-image")?;
        let (iw, ih) = (
            f64::from(image.natural_width()),
            f64::from(image.natural_height()),
        );
        if iw < 1.0 || ih < 1.0 {
            dom::show_notice("mask not used: the picture has no pixels");
            return Ok(());
        }
        let shape = self.settings.shape.unmasked();
        let mask = sample_to_cells(&shape, |ctx, w, h| {
            // The whole picture, stretched to the maze's outline.
            ctx.draw_image_with_html_image_element_and_dw_and_dh(&image, 0.0, 0.0, w, h)
        })?;
        // A picture with nothing dark (or one the browser read only in
        // part) would switch every cell on: it must not clear the mask.
        if mask.live() == mask.cells() {
            dom::show_notice(
                "mask not used: no cell's centre falls on a dark pixel of the picture \
                 (dark pixels switch cells off; clear mask switches them all on)",
            );
            return Ok(());
        }
        self.apply_mask(mask, "picture")
    }

    /// Masks by a word: its letters become holes in the maze (pockets the
    /// letters enclose go with them, so the maze stays one piece).
    pub(in crate::web) fn mask_from_text(&mut self) -> Result<(), JsValue> {
        let text = input("mask-text")?.value();
        let text = text.trim();
        if text.is_empty() {
            dom::show_notice("mask not used: type a word to cut out of the maze");
            return Ok(());
        }
        let shape = self.settings.shape.unmasked();
        let mut mask = sample_to_cells(&shape, |ctx, w, h| {
            ctx.set_font("bold 100px sans-serif");
            let measured = ctx.measure_text(text)?.width().max(1.0);
            let size = (100.0 * 0.9 * w / measured).min(0.8 * h);
            ctx.set_font(&format!("bold {size:.0}px sans-serif"));
            ctx.set_text_align("center");
            ctx.set_text_baseline("middle");
            ctx.set_fill_style_str("#000");
            ctx.fill_text(text, w / 2.0, h / 2.0)
        })?;
        if mask.live() == mask.cells() {
            dom::show_notice(&format!(
                "mask not used: \"{text}\" covers no cell's centre: try another word, or a bigger maze"
            ));
            return Ok(());
        }
        mask.keep_largest_region(&shape);
        self.apply_mask(mask, "word")
    }
}
