//! Printable puzzle sheets: a vector PDF with one maze a page, centred in
//! the printable area, its entrance and exit marked, a footer naming the
//! algorithm and the seed with a link that reopens the maze in the app,
//! and with answers an answer page for each maze after the puzzles (the
//! same drawing, the solution over it).
//!
//! The walls are the SVG renderer's (`svg::walls`), joined into strokes as
//! for a plotter (`plot`), scaled to the page and flipped (PDF's y runs
//! up). The text is in Helvetica, one of the fonts every PDF reader has,
//! so it is real, searchable text and nothing is embedded. Written with
//! `pdf-writer`, a low-level writer: the document is a few objects a page.

use super::{plot, svg};
use crate::entrance::Ends;
use crate::error::MazeError;
use crate::grid::Grid;
use crate::shape::Cell;
use pdf_writer::types::{ActionType, AnnotationType, LineCapStyle, LineJoinStyle};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

/// Points in a millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;
/// The blank margin round the page's content.
const MARGIN_MM: f64 = 15.0;
/// Room for the title above the maze and the footer below it.
const TITLE_PT: f64 = 30.0;
const FOOTER_PT: f64 = 30.0;
/// A cell must be this wide at least (and three walls wide) to be drawn
/// and solved with a pencil.
const MIN_CELL_MM: f64 = 1.5;

/// The paper sizes a sheet prints on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Every paper, in the order help lists them.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// The paper's name on the command line and the page.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// Reads a paper by name; an error lists the valid ones.
    pub fn parse(text: &str) -> Result<Paper, MazeError> {
        crate::error::by_name(&Paper::ALL, Paper::name, "paper", text)
    }

    /// Width and height in points, portrait.
    pub fn points(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.0, 842.0),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// How the sheets are laid out.
#[derive(Clone, Debug)]
pub struct SheetOptions {
    /// The paper size.
    pub paper: Paper,
    /// Whether the page is turned on its side.
    pub landscape: bool,
    /// An answer page for each maze, after the puzzles.
    pub answers: bool,
    /// Printed at the top of each page.
    pub title: String,
    /// The walls' width in millimetres.
    pub wall_mm: f64,
}

impl Default for SheetOptions {
    fn default() -> SheetOptions {
        SheetOptions {
            paper: Paper::A4,
            landscape: false,
            answers: false,
            title: "mazelab".into(),
            wall_mm: 0.6,
        }
    }
}

impl SheetOptions {
    /// The page's width and height in points.
    pub fn page(&self) -> (f64, f64) {
        let (w, h) = self.paper.points();
        if self.landscape {
            (h, w)
        } else {
            (w, h)
        }
    }

    /// The box the maze is fitted into: left, bottom, width, height.
    fn maze_box(&self) -> (f64, f64, f64, f64) {
        let (w, h) = self.page();
        let m = MARGIN_MM * PT_PER_MM;
        (
            m,
            m + FOOTER_PT,
            w - 2.0 * m,
            h - 2.0 * m - TITLE_PT - FOOTER_PT,
        )
    }

    /// The scale from SVG units to points that fits `grid` in the box.
    fn scale(&self, grid: &Grid) -> f64 {
        let (_, _, bw, bh) = self.maze_box();
        let (pw, ph) = svg::picture_size(grid);
        (bw / pw).min(bh / ph)
    }

    /// Whether `grid` prints legibly: cells at least 1.5 mm and three
    /// walls wide; else a message saying what would help.
    pub fn check_fit(&self, grid: &Grid, size: &str) -> Result<(), MazeError> {
        if !(0.1..=5.0).contains(&self.wall_mm) {
            return Err(MazeError::BadValue {
                what: "wall width",
                given: format!("{} mm", self.wall_mm),
                valid: "0.1 to 5 mm".into(),
            });
        }
        // A cell is 10 SVG units.
        let cell_mm = 10.0 * self.scale(grid) / PT_PER_MM;
        let least = MIN_CELL_MM.max(3.0 * self.wall_mm);
        if cell_mm < least {
            return Err(MazeError::BadValue {
                what: "size for the page",
                given: format!(
                    "{size}, whose cells would be {cell_mm:.1} mm on {} {}",
                    self.paper.name(),
                    if self.landscape { "landscape" } else { "portrait" }
                ),
                valid: format!(
                    "cells of {least:.1} mm or more: a smaller maze, --landscape, or thinner walls (--wall-mm)"
                ),
            });
        }
        Ok(())
    }
}

/// One maze of a sheet.
#[derive(Clone)]
pub struct SheetMaze<'a> {
    /// The maze.
    pub grid: &'a Grid,
    /// Its entrance and exit.
    pub ends: &'a Ends,
    /// Drawn on the maze's answer page.
    pub solution: Option<&'a [Cell]>,
    /// The footer's first line after the title: algorithm, size, seed...
    pub caption: String,
    /// The link that reopens the maze in the app.
    pub link: String,
}

/// Text in the font's encoding (WinAnsi: ASCII and Latin-1); anything
/// else prints as `?`.
fn latin1(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c as u32 {
            0x20..=0x7e | 0xa0..=0xff => c as u8,
            _ => b'?',
        })
        .collect()
}

/// Helvetica's width of `text` at `size`, near enough to centre it
/// (digits and most letters are about half an em).
fn text_width(text: &[u8], size: f64) -> f64 {
    text.len() as f64 * size * 0.5
}

/// A filled circle (four Bézier quarters).
fn dot(content: &mut Content, (x, y): (f64, f64), r: f64, rgb: (f32, f32, f32)) {
    const K: f64 = 0.552_284_8;
    let p = |v: f64| v as f32;
    content.set_fill_rgb(rgb.0, rgb.1, rgb.2);
    content.move_to(p(x + r), p(y));
    content.cubic_to(
        p(x + r),
        p(y + K * r),
        p(x + K * r),
        p(y + r),
        p(x),
        p(y + r),
    );
    content.cubic_to(
        p(x - K * r),
        p(y + r),
        p(x - r),
        p(y + K * r),
        p(x - r),
        p(y),
    );
    content.cubic_to(
        p(x - r),
        p(y - K * r),
        p(x - K * r),
        p(y - r),
        p(x),
        p(y - r),
    );
    content.cubic_to(
        p(x + K * r),
        p(y - r),
        p(x + r),
        p(y - K * r),
        p(x + r),
        p(y),
    );
    content.fill_nonzero();
}

/// One page's drawing: the title, the maze (with its solution on an
/// answer page), the ends and the footer.
fn page_content(maze: &SheetMaze, options: &SheetOptions, answer: bool, label: &str) -> Content {
    let (page_w, page_h) = options.page();
    let (bx, by, bw, bh) = options.maze_box();
    let s = options.scale(maze.grid);
    let (pw, ph) = svg::picture_size(maze.grid);
    // Centred in the box; SVG's y runs down, the page's up.
    let (ox, oy) = (bx + (bw - pw * s) / 2.0, by + (bh + ph * s) / 2.0);
    let at = |(x, y): (f64, f64)| ((ox + x * s) as f32, (oy - y * s) as f32);
    let mut content = Content::new();

    let walls = plot::plot(
        &svg::walls(maze.grid, Some(maze.ends)),
        svg::corner_spacing(maze.grid),
    );
    let wall_pt = (options.wall_mm * PT_PER_MM) as f32;
    content.set_line_width(wall_pt);
    content.set_line_cap(LineCapStyle::ProjectingSquareCap);
    content.set_line_join(LineJoinStyle::MiterJoin);
    content.set_stroke_rgb(0.0, 0.0, 0.0);
    for line in plot::polylines(&walls.d) {
        let (x, y) = at(line[0]);
        content.move_to(x, y);
        for &p in &line[1..] {
            let (x, y) = at(p);
            content.line_to(x, y);
        }
    }
    content.stroke();

    if answer {
        if let Some(path) = maze.solution.filter(|p| p.len() > 1) {
            content.set_line_width((wall_pt * 1.6).max(1.0));
            content.set_line_cap(LineCapStyle::RoundCap);
            content.set_line_join(LineJoinStyle::RoundJoin);
            content.set_stroke_rgb(0.84, 0.15, 0.16);
            let (x, y) = at(svg::centre(maze.grid, path[0]));
            content.move_to(x, y);
            for &c in &path[1..] {
                let (x, y) = at(svg::centre(maze.grid, c));
                content.line_to(x, y);
            }
            content.stroke();
        }
    }
    let r = (10.0 * s * 0.22).max(1.5);
    for (cell, rgb) in [
        (maze.ends.entrance.cell, (0.0, 0.62, 0.45)),
        (maze.ends.exit.cell, (0.8, 0.47, 0.65)),
    ] {
        let (x, y) = at(svg::centre(maze.grid, cell));
        dot(&mut content, (f64::from(x), f64::from(y)), r, rgb);
    }

    let m = MARGIN_MM * PT_PER_MM;
    let title = latin1(&options.title);
    let label = latin1(label);
    content.set_fill_rgb(0.0, 0.0, 0.0);
    content.begin_text();
    content.set_font(Name(b"F1"), 14.0);
    content.next_line(m as f32, (page_h - m - 14.0) as f32);
    content.show(Str(&title));
    content.end_text();
    content.begin_text();
    content.set_font(Name(b"F1"), 10.0);
    let right = page_w - m - text_width(&label, 10.0);
    content.next_line(right as f32, (page_h - m - 14.0) as f32);
    content.show(Str(&label));
    content.end_text();
    content.begin_text();
    content.set_font(Name(b"F1"), 8.0);
    content.next_line(m as f32, (m + 12.0) as f32);
    content.show(Str(&latin1(&format!(
        "{} - {}",
        options.title, maze.caption
    ))));
    content.next_line(0.0, -10.0);
    content.show(Str(&latin1(&maze.link)));
    content.end_text();
    content
}

/// The most mazes one sheet holds.
pub const MAX_COUNT: u32 = 1000;

/// A sheet of `count` mazes of `algorithm` with `params` (maze `i` with
/// the seed `params.seed + i`), its ends placed by `entrances`, each
/// footer's link `link_base` followed by the query that reopens the maze;
/// what the CLI's `sheet` and the page's "Printable PDF" both make.
pub fn puzzle_sheet(
    algorithm: &str,
    params: &crate::generate::Params,
    count: u32,
    entrances: crate::entrance::EntranceStyle,
    options: &SheetOptions,
    link_base: &str,
) -> Result<Vec<u8>, MazeError> {
    use crate::generate::{self, Params};
    use crate::settings::{Settings, Speed};
    use crate::solve::{self, Outcome};
    if !(1..=MAX_COUNT).contains(&count) {
        return Err(MazeError::BadValue {
            what: "count",
            given: count.to_string(),
            valid: format!("1 to {MAX_COUNT} mazes"),
        });
    }
    let found = generate::find(algorithm)?;
    generate::check_shape(found, &params.shape)?;
    generate::steer::check(found, &params.steer, &params.shape)?;
    if params.weave {
        generate::check_weave(found, &params.shape)?;
    }
    generate::sparse::check(params.sparse)?;
    if params.sparse > 0 {
        generate::sparse::check_weave(params.weave)?;
    }
    let shape = &params.shape;
    let mut built = Vec::new();
    for i in 0..u64::from(count) {
        let seed = params.seed.wrapping_add(i);
        let grid = generate::generate(
            found.name,
            Params {
                seed,
                ..params.clone()
            },
        )?;
        // Rock is masked off, as `generate --sparse` prints it.
        let grid = if params.sparse > 0 {
            generate::sparse::rock_masked(&grid)?
        } else {
            grid
        };
        if i == 0 {
            options.check_fit(&grid, &shape.size_text())?;
        }
        let ends = crate::entrance::place(&grid, entrances, seed);
        let solution = match solve::solve("bfs", &grid, ends.entrance.cell, ends.exit.cell) {
            Ok(Outcome::Found(path)) => Some(path),
            _ => None,
        };
        let mut link = Settings {
            shape: shape.clone(),
            braid: params.braid,
            weave: params.weave,
            steer: params.steer,
            symmetry: params.symmetry,
            sparse: params.sparse,
            speed: Speed::Instant,
            ..Settings::defaults(seed)
        };
        link.main.algorithm = found.name;
        link.main.pop = params.pop.clone();
        link.main.bias = params.bias;
        let mut braid = match params.braid {
            0 => String::new(),
            b => format!(" - braid {b}%"),
        };
        if params.steer.run > 0 {
            braid += &format!(" - run {}%", params.steer.run);
        }
        if !params.steer.grain.is_neutral() {
            braid += &format!(" - grain {}", params.steer.grain);
        }
        if let Some(s) = params.symmetry {
            braid += &format!(" - symmetry {}", s.name());
        }
        if params.sparse > 0 {
            braid += &format!(" - sparse {}%", params.sparse);
        }
        let caption = format!(
            "{} - {} {} - seed {seed}{braid}",
            found.name,
            shape.name(),
            shape.size_text()
        );
        let link = format!("{link_base}?{}", link.to_query());
        built.push((grid, ends, solution, caption, link));
    }
    let mazes: Vec<SheetMaze> = built
        .iter()
        .map(|(grid, ends, solution, caption, link)| SheetMaze {
            grid,
            ends,
            solution: solution.as_deref(),
            caption: caption.clone(),
            link: link.clone(),
        })
        .collect();
    Ok(sheet(&mazes, options))
}

/// The whole document: the puzzles, then (with answers) their answers.
pub fn sheet(mazes: &[SheetMaze], options: &SheetOptions) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let font = Ref::new(3);
    let info = Ref::new(4);
    let first = 5;
    let pages: Vec<(usize, bool)> = (0..mazes.len())
        .map(|i| (i, false))
        .chain(
            (0..mazes.len())
                .filter(|_| options.answers)
                .map(|i| (i, true)),
        )
        .collect();
    // Three objects a page: the page, its content and its link.
    let ids = |k: usize| {
        let base = first + 3 * k as i32;
        (Ref::new(base), Ref::new(base + 1), Ref::new(base + 2))
    };
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids((0..pages.len()).map(|k| ids(k).0))
        .count(pages.len() as i32);
    let (page_w, page_h) = options.page();
    let m = MARGIN_MM * PT_PER_MM;
    for (k, &(i, answer)) in pages.iter().enumerate() {
        let maze = &mazes[i];
        let (page_id, content_id, link_id) = ids(k);
        let label = match answer {
            false => format!("maze {} of {}", i + 1, mazes.len()),
            true => format!("answer to maze {} of {}", i + 1, mazes.len()),
        };
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, page_w as f32, page_h as f32));
        page.parent(tree);
        page.contents(content_id);
        page.annotations([link_id]);
        page.resources().fonts().pair(Name(b"F1"), font);
        page.finish();
        let mut link = pdf.annotation(link_id);
        link.subtype(AnnotationType::Link);
        let width = text_width(maze.link.as_bytes(), 8.0);
        link.rect(Rect::new(
            m as f32,
            (m - 1.0) as f32,
            (m + width) as f32,
            (m + 8.0) as f32,
        ));
        link.border(0.0, 0.0, 0.0, None);
        link.action()
            .action_type(ActionType::Uri)
            .uri(Str(maze.link.as_bytes()));
        link.finish();
        // Compressed: a 40 x 40 maze's page is a few thousand path
        // commands, a fifth of the bytes once deflated.
        let content = page_content(maze, options, answer, &label).finish();
        let deflated = miniz_oxide::deflate::compress_to_vec_zlib(&content, 6);
        pdf.stream(content_id, &deflated)
            .filter(pdf_writer::Filter::FlateDecode);
    }
    pdf.type1_font(font)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.document_info(info)
        .title(TextStr(&options.title))
        .creator(TextStr("mazelab"));
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entrance::{self, EntranceStyle};
    use crate::generate::{generate, Params};
    use crate::shape::Dims;

    #[test]
    fn pages_come_in_the_papers_size_and_count() {
        let grid = generate("backtracker", Params::new(Dims::new(12, 9).unwrap(), 4)).unwrap();
        let ends = entrance::place(&grid, EntranceStyle::Norvig, 4);
        let maze = SheetMaze {
            grid: &grid,
            ends: &ends,
            solution: None,
            caption: "backtracker, seed 4".into(),
            link: "http://127.0.0.1:8080/?seed=4".into(),
        };
        for (paper, landscape, answers, pages, media) in [
            (Paper::A4, false, false, 2, "/MediaBox [0 0 595 842]"),
            (Paper::Letter, false, true, 4, "/MediaBox [0 0 612 792]"),
            (Paper::A4, true, true, 4, "/MediaBox [0 0 842 595]"),
        ] {
            let options = SheetOptions {
                paper,
                landscape,
                answers,
                ..SheetOptions::default()
            };
            let bytes = sheet(&[maze.clone(), maze.clone()], &options);
            let text = String::from_utf8_lossy(&bytes);
            assert!(text.starts_with("%PDF-"));
            assert_eq!(
                text.matches("/Type /Page\n").count() + text.matches("/Type /Page ").count(),
                pages,
                "{paper:?}"
            );
            assert!(text.contains(media), "{paper:?} {landscape}");
            assert!(text.contains("/Title (mazelab)"));
        }
    }

    #[test]
    fn a_maze_too_fine_for_the_page_is_refused_and_says_what_helps() {
        let grid = generate("backtracker", Params::new(Dims::new(300, 300).unwrap(), 1)).unwrap();
        let err = SheetOptions::default()
            .check_fit(&grid, "300x300")
            .unwrap_err()
            .to_string();
        assert!(err.contains("mm") && err.contains("landscape"), "{err}");
        let small = generate("backtracker", Params::new(Dims::new(40, 40).unwrap(), 1)).unwrap();
        assert!(SheetOptions::default().check_fit(&small, "40x40").is_ok());
        let thick = SheetOptions {
            wall_mm: 9.0,
            ..SheetOptions::default()
        };
        assert!(thick
            .check_fit(&small, "40x40")
            .unwrap_err()
            .to_string()
            .contains("0.1 to 5 mm"));
    }
}
