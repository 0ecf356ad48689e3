//! How the app applies an export (`export`): the maze of the first panel
//! written as the chosen file and handed to the browser as a download.

use crate::entrance::EntranceStyle;
use crate::render::canvas::palette::{DARK, LIGHT};
use crate::render::pdf::{self, Paper, SheetOptions};
use crate::render::png;
use crate::render::stl::{self, StlOptions};
use crate::render::text::ascii;
use crate::render::{json, svg};
use crate::web::app::App;
use crate::web::dom;
use crate::web::mode::State;
use crate::web::sheet_fonts::Fetched;
use wasm_bindgen::prelude::*;

impl App {
    /// Downloads the first panel's maze as `kind`, asked by `button`.
    pub(in crate::web) fn export(&mut self, kind: &str, button: &str) -> Result<(), JsValue> {
        if cfg!(feature = "first") {
            // Downloads come with the full module, which then presses
            // this button again.
            self.sync_url();
            crate::web::handover::to_full(Some(button));
            return Ok(());
        }
        let Some(panel) = self.maze.panels.first_mut() else {
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
        let weighted = panel.weighted_maze();
        let grid: &crate::grid::Grid = &weighted;
        let path = panel.solution();
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
            "png" => {
                let options = png::PngOptions {
                    cell_px: dom::input("png-cell")?.value().trim().parse().unwrap_or(0),
                    palette: if dom::select("png-theme")?.value() == "dark" {
                        &DARK
                    } else {
                        &LIGHT
                    },
                };
                let ends = (panel.solving.start, panel.solving.goal);
                match png::picture(grid, ends, path, &options) {
                    Ok(picture) => {
                        dom::show_notice("");
                        dom::download_url(&format!("{stem}.png"), &png_data_url(&picture)?)
                    }
                    Err(e) => {
                        dom::show_notice(&format!("PNG: {e}"));
                        Ok(())
                    }
                }
            }
            "svg" => dom::download_text(
                &format!("{stem}.svg"),
                "image/svg+xml",
                &svg::render(grid, Some(&panel.ends), path),
            ),
            "plot" => dom::download_text(
                &format!("{stem}-plotter.svg"),
                "image/svg+xml",
                &svg::render_for_plotter(grid, Some(&panel.ends), path),
            ),
            "txt" => dom::download_text(
                &format!("{stem}.txt"),
                "text/plain",
                &ascii::render(grid, Some(&panel.ends), path),
            ),
            _ => {
                let meta = json::Meta {
                    seed: s.seed,
                    algorithm: panel.spec.algorithm,
                };
                dom::download_text(
                    &format!("{stem}.json"),
                    "application/json",
                    &json::render(grid, &meta, &panel.ends, path),
                )
            }
        }?;
        self.maze.state = State::Done;
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
            per_page: dom::select("sheet-per-page")?.value().parse().unwrap_or(0),
            name_line: dom::input("sheet-name-line")?.checked(),
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
        let started = crate::web::clock::now_ms();
        // A title Helvetica cannot write waits for its font: fetched once,
        // then this sheet is made (`sheet_font_fetched`).
        if let Some(font) = self.sheet_fonts.fonts.next_needed(&options.title) {
            dom::show_notice(&format!(
                "printable PDF: loading the font for the title ({font})…"
            ));
            self.sheet_fonts.waiting = Some(stem.to_string());
            self.sheet_fonts.fetch(font);
            return Ok(());
        }
        // A title in a script that needs shaping waits for the shaper
        // module to shape its pieces (loaded once).
        let pieces = self.sheet_fonts.fonts.unshaped(&options.title);
        if !pieces.is_empty() && self.sheet_fonts.fonts.missing(&options.title).is_empty() {
            dom::show_notice("printable PDF: shaping the title…");
            self.sheet_fonts.waiting = Some(stem.to_string());
            self.sheet_fonts.shape(pieces);
            return Ok(());
        }
        let made = pdf::puzzle_sheet(
            s.main.algorithm,
            &params,
            count,
            EntranceStyle::Norvig,
            &options,
            &self.sheet_fonts.fonts,
            &base,
        );
        match made {
            Ok(bytes) => {
                dom::show_notice("");
                dom::download_bytes(&format!("{stem}.pdf"), "application/pdf", &bytes)?;
                if let Some(button) = dom::by_id_opt("export-pdf") {
                    button.set_attribute(
                        "data-ms",
                        &format!("{:.1}", crate::web::clock::now_ms() - started),
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

impl App {
    /// A font the sheet's title needed has arrived: kept, and the sheet
    /// that waited for it made (or the next font fetched); a failed fetch
    /// is named in the notice.
    pub(in crate::web) fn sheet_font_fetched(&mut self, fetched: Fetched) -> Result<(), JsValue> {
        if cfg!(feature = "first") {
            // Sheets come with the full module (`export`).
            return Ok(());
        }
        let waiting = self.sheet_fonts.waiting.take();
        let fonts = &mut self.sheet_fonts.fonts;
        let added = match fetched {
            Fetched::Font { name, bytes } => bytes
                .and_then(|bytes| fonts.add(name, bytes).map_err(|e| e.to_string()))
                .map_err(|why| format!("the font {name} could not be loaded: {why}")),
            Fetched::Shaped(answers) => answers
                .and_then(|answers| {
                    answers.into_iter().try_for_each(|(piece, answer)| {
                        fonts.add_shaped(piece, &answer).map_err(|e| e.to_string())
                    })
                })
                .map_err(|why| format!("the title could not be shaped: {why}")),
        };
        match (added, waiting) {
            (Err(why), _) => {
                dom::show_notice(&format!("printable PDF: {why}"));
                Ok(())
            }
            (Ok(()), Some(stem)) => self.export_sheet(&stem),
            (Ok(()), None) => Ok(()),
        }
    }
}

/// A picture as a PNG data URL, encoded by the browser.
fn png_data_url(picture: &png::Picture) -> Result<String, JsValue> {
    use wasm_bindgen::{Clamped, JsCast};
    let canvas: web_sys::HtmlCanvasElement =
        dom::document().create_element("canvas")?.dyn_into()?;
    canvas.set_width(picture.width);
    canvas.set_height(picture.height);
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("a canvas for the PNG")?
        .dyn_into()?;
    let data = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(&picture.rgba),
        picture.width,
        picture.height,
    )?;
    ctx.put_image_data(&data, 0.0, 0.0)?;
    canvas.to_data_url()
}
