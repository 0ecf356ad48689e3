//! Exports: the maze as PNG (a full picture, whatever the zoom), SVG (also
//! for plotters, each wall once), ASCII, JSON, a printable PDF sheet and a
//! 3D print (STL), the same formats the CLI prints, by the same code.

use super::app::{App, State};
use super::blit::put_raster;
use super::dom;
use crate::entrance::EntranceStyle;
use crate::render::canvas::layout::Layout;
use crate::render::canvas::pixels::Pixels;
use crate::render::canvas::tiles::TileMap;
use crate::render::pdf::{self, Paper, SheetOptions};
use crate::render::stl::{self, StlOptions};
use crate::render::text::ascii;
use crate::render::{json, svg};
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

impl App {
    pub(super) fn export(&mut self, kind: &str) -> Result<(), JsValue> {
        let Some(panel) = self.panels.first_mut() else {
            return Ok(());
        };
        panel.finish();
        panel.blit()?;
        let s = &self.settings;
        let stem = format!(
            "mazelab-{}-{}-{}-{}",
            panel.spec.algorithm,
            s.shape.name(),
            s.shape.size_text(),
            s.seed
        );
        let grid = panel.maze();
        if kind == "txt" && grid.shape().plain_square().is_none() {
            dom::show_notice(
                "text export draws square mazes only: use SVG, PNG or JSON for this shape",
            );
            return Ok(());
        }
        if kind == "pdf" {
            return self.export_sheet(&stem);
        }
        if kind == "stl" {
            let read = |id: &str| -> Result<f64, JsValue> {
                Ok(dom::input(id)?.value().trim().parse().unwrap_or(f64::NAN))
            };
            let options = StlOptions {
                cell_mm: read("stl-cell")?,
                wall_mm: read("stl-wall")?,
                height_mm: read("stl-height")?,
                base_mm: read("stl-base")?,
            };
            return match stl::render(grid, &panel.ends, &options) {
                Ok(bytes) => {
                    dom::show_notice("");
                    dom::download_bytes(&format!("{stem}.stl"), "model/stl", &bytes)?;
                    if let Some(button) = dom::by_id_opt("export-stl") {
                        button.set_attribute("data-bytes", &bytes.len().to_string())?;
                    }
                    Ok(())
                }
                Err(e) => {
                    dom::show_notice(&format!("3D print: {e}"));
                    Ok(())
                }
            };
        }
        match kind {
            "png" => dom::download_url(&format!("{stem}.png"), &png_data_url(panel)?),
            "svg" => dom::download_text(
                &format!("{stem}.svg"),
                "image/svg+xml",
                &svg::render(grid, Some(&panel.ends), None),
            ),
            "plot" => dom::download_text(
                &format!("{stem}-plotter.svg"),
                "image/svg+xml",
                &svg::render_for_plotter(grid, Some(&panel.ends), None),
            ),
            "txt" => dom::download_text(
                &format!("{stem}.txt"),
                "text/plain",
                &ascii::render(grid, Some(&panel.ends), None),
            ),
            _ => {
                let meta = json::Meta {
                    seed: s.seed,
                    algorithm: panel.spec.algorithm,
                };
                dom::download_text(
                    &format!("{stem}.json"),
                    "application/json",
                    &json::render(grid, &meta, &panel.ends, None),
                )
            }
        }?;
        self.state = State::Done;
        self.show_status();
        Ok(())
    }
}

impl App {
    /// The Export group's "Printable PDF": the current settings' maze and
    /// the next seeds, made by the same code as `mazelab sheet`; a bad
    /// choice (a maze too fine for the paper, say) is named in the notice.
    fn export_sheet(&mut self, stem: &str) -> Result<(), JsValue> {
        let s = &self.settings;
        let options = SheetOptions {
            paper: Paper::parse(&dom::select("sheet-paper")?.value()).unwrap_or(Paper::A4),
            landscape: dom::input("sheet-landscape")?.checked(),
            answers: dom::input("sheet-answers")?.checked(),
            title: dom::input("sheet-title")?.value(),
            wall_mm: dom::input("sheet-wall")?
                .value()
                .parse()
                .unwrap_or(f64::NAN),
        };
        let count: u32 = dom::input("sheet-count")?
            .value()
            .trim()
            .parse()
            .unwrap_or(0);
        let params = s.params();
        // The footer's link: this page, without its query.
        let here = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .unwrap_or_default();
        let base = here
            .split(['?', '#'])
            .next()
            .unwrap_or_default()
            .to_string();
        let started = super::clock::now_ms();
        let made = pdf::puzzle_sheet(
            s.main.algorithm,
            &params,
            count,
            EntranceStyle::Norvig,
            &options,
            &base,
        );
        match made {
            Ok(bytes) => {
                dom::show_notice("");
                dom::download_bytes(&format!("{stem}.pdf"), "application/pdf", &bytes)?;
                if let Some(button) = dom::by_id_opt("export-pdf") {
                    button.set_attribute(
                        "data-ms",
                        &format!("{:.1}", super::clock::now_ms() - started),
                    )?;
                    button.set_attribute("data-bytes", &bytes.len().to_string())?;
                }
                Ok(())
            }
            Err(e) => {
                dom::show_notice(&format!("printable PDF: {e}"));
                Ok(())
            }
        }
    }
}

/// The whole maze as a PNG data URL, drawn off screen at a fixed zoom.
fn png_data_url(panel: &super::panel::Panel) -> Result<String, JsValue> {
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
