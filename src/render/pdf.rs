//! Printable puzzle sheets: a vector PDF with 1, 2, 4 or 6 mazes a page,
//! each centred in its share of the printable area, its entrance and exit
//! marked, a caption naming the algorithm and the seed with a link that
//! reopens the maze in the app; a title and a line for a name and a date
//! at the top; and with answers the answer pages after the puzzles, in
//! the same layout (the same drawings, the solutions over them).
//!
//! The walls are the SVG renderer's (`svg::walls`), joined into strokes as
//! for a plotter (`plot`), scaled to the page and flipped (PDF's y runs
//! up). The text is in Helvetica, one of the fonts every PDF reader has,
//! so it is real, searchable text: its WinAnsi encoding holds Western
//! European text (Latin-1 and the typographer's dashes, quotes and
//! bullets). A title in any other script is written in a fallback font,
//! embedded with only the glyphs it uses (`pdf/fonts.rs`); a character no
//! font has is refused by name. Written with `pdf-writer`, a low-level
//! writer: the document is a few objects a page.

use super::{plot, svg};
use crate::entrance::Ends;
use crate::error::MazeError;
use crate::grid::Grid;
use crate::shape::Cell;
use pdf_writer::types::{ActionType, AnnotationType, LineCapStyle, LineJoinStyle};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

mod fonts;
use fonts::Line;
pub use fonts::{Fonts, Unshaped, FALLBACKS};

/// Points in a millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;
/// The blank margin round the page's content.
const MARGIN_MM: f64 = 15.0;
/// Room for the title at the top of a page.
const TITLE_PT: f64 = 30.0;
/// Room for the name and date line under it.
const NAME_PT: f64 = 24.0;
/// Room under each maze for its caption and link.
const CAPTION_PT: f64 = 24.0;
/// Space between two mazes on a page.
const GAP_PT: f64 = 14.0;
/// The mazes a page can hold.
pub const PER_PAGE: [u32; 4] = [1, 2, 4, 6];
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
    /// Mazes a page: 1, 2, 4 or 6 (`PER_PAGE`).
    pub per_page: u32,
    /// A line for the solver's name and the date under the title.
    pub name_line: bool,
}

impl Default for SheetOptions {
    fn default() -> SheetOptions {
        SheetOptions {
            paper: Paper::A4,
            landscape: false,
            answers: false,
            title: "mazelab".into(),
            wall_mm: 0.6,
            per_page: 1,
            name_line: true,
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

    /// The columns and rows of mazes on a page: two or six stand in two
    /// rows on a portrait page, in two or three columns on a landscape one.
    fn columns_rows(&self) -> (u32, u32) {
        match (self.per_page, self.landscape) {
            (2, false) => (1, 2),
            (2, true) => (2, 1),
            (4, _) => (2, 2),
            (6, false) => (2, 3),
            (6, true) => (3, 2),
            _ => (1, 1),
        }
    }

    /// The box slot `k` of a page fits its maze into (left, bottom, width,
    /// height), its caption under it.
    fn maze_box(&self, k: usize) -> (f64, f64, f64, f64) {
        let (w, h) = self.page();
        let m = MARGIN_MM * PT_PER_MM;
        let top = h - m - TITLE_PT - if self.name_line { NAME_PT } else { 0.0 };
        let (cols, rows) = self.columns_rows();
        let (cols_f, rows_f) = (f64::from(cols), f64::from(rows));
        let cell_w = (w - 2.0 * m - GAP_PT * (cols_f - 1.0)) / cols_f;
        let cell_h = (top - m - GAP_PT * (rows_f - 1.0)) / rows_f;
        let (col, row) = ((k as u32 % cols) as f64, (k as u32 / cols) as f64);
        let left = m + col * (cell_w + GAP_PT);
        let bottom = top - (row + 1.0) * cell_h - row * GAP_PT;
        (left, bottom + CAPTION_PT, cell_w, cell_h - CAPTION_PT)
    }

    /// Whether the options can be printed: a layout offered and a title
    /// the fonts at hand write; else what is wrong.
    pub fn check(&self, fonts: &Fonts) -> Result<(), MazeError> {
        if !PER_PAGE.contains(&self.per_page) {
            return Err(MazeError::BadValue {
                what: "mazes a page",
                given: self.per_page.to_string(),
                valid: "1, 2, 4 or 6".into(),
            });
        }
        let missing: Vec<String> = fonts
            .missing(&self.title)
            .into_iter()
            .map(|c| format!("{:?} (U+{:04X})", c, c as u32))
            .collect();
        if !missing.is_empty() {
            let valid = if fonts.len() < FALLBACKS.len() {
                "Western European text (the other scripts' fonts are not at hand)"
            } else {
                "text the sheet's fonts hold: every script Noto covers (Latin to Yi, Arabic and Hebrew too), Chinese, Japanese, Korean and symbols"
            };
            return Err(MazeError::BadValue {
                what: "title",
                given: format!(
                    "{}: the sheet's fonts have no {}",
                    self.title,
                    missing.join(", ")
                ),
                valid: valid.into(),
            });
        }
        Ok(())
    }

    /// The scale from SVG units to points that fits `grid` in a box.
    fn scale(&self, grid: &Grid) -> f64 {
        let (_, _, bw, bh) = self.maze_box(0);
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
                    "cells of {least:.1} mm or more: a smaller maze, fewer mazes a page, --landscape, or thinner walls (--wall-mm)"
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

/// A character's byte in the font's encoding (WinAnsi: ASCII, Latin-1,
/// and in 0x80..0x9f the typographer's marks), if it has one.
fn win_ansi(c: char) -> Option<u8> {
    const HIGH: [(char, u8); 27] = [
        ('\u{20ac}', 0x80),
        ('\u{201a}', 0x82),
        ('\u{0192}', 0x83),
        ('\u{201e}', 0x84),
        ('\u{2026}', 0x85),
        ('\u{2020}', 0x86),
        ('\u{2021}', 0x87),
        ('\u{02c6}', 0x88),
        ('\u{2030}', 0x89),
        ('\u{0160}', 0x8a),
        ('\u{2039}', 0x8b),
        ('\u{0152}', 0x8c),
        ('\u{017d}', 0x8e),
        ('\u{2018}', 0x91),
        ('\u{2019}', 0x92),
        ('\u{201c}', 0x93),
        ('\u{201d}', 0x94),
        ('\u{2022}', 0x95),
        ('\u{2013}', 0x96),
        ('\u{2014}', 0x97),
        ('\u{02dc}', 0x98),
        ('\u{2122}', 0x99),
        ('\u{0161}', 0x9a),
        ('\u{203a}', 0x9b),
        ('\u{0153}', 0x9c),
        ('\u{017e}', 0x9e),
        ('\u{0178}', 0x9f),
    ];
    match c as u32 {
        0x20..=0x7e | 0xa0..=0xff => Some(c as u8),
        _ => HIGH.iter().find(|&&(h, _)| h == c).map(|&(_, b)| b),
    }
}

/// The page's resource name of fallback font `k`.
fn fallback_name(k: usize) -> String {
    format!("F{}", k + 2)
}

/// Text in the font's encoding (`win_ansi`); a character it lacks prints
/// as `?` (a title is checked first: `SheetOptions::check`).
fn encode(text: &str) -> Vec<u8> {
    text.chars().map(|c| win_ansi(c).unwrap_or(b'?')).collect()
}

/// Helvetica's advance widths (thousandths of an em) for ASCII from the
/// space to the tilde, from its metrics file.
const HELVETICA_ASCII: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// Helvetica's advance for WinAnsi byte `b`, in thousandths of an em (a
/// letter past ASCII taken as 556, a typical lower-case width).
fn helvetica_width(b: u8) -> u16 {
    match b {
        0x20..=0x7e => HELVETICA_ASCII[usize::from(b - 0x20)],
        _ => 556,
    }
}

/// Helvetica's width of WinAnsi `text` at `size`.
fn text_width(text: &[u8], size: f64) -> f64 {
    let units: u32 = text.iter().map(|&b| u32::from(helvetica_width(b))).sum();
    f64::from(units) * size / 1000.0
}

/// The size at most `size` at which `text` fits in `width` (a long link
/// in a narrow slot gets smaller, down to 3.5 points).
fn fitting_size(text: &[u8], size: f64, width: f64) -> f64 {
    let natural = text_width(text, size);
    if natural <= width {
        size
    } else {
        (size * width / natural).max(3.5)
    }
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

/// One maze drawn in slot `k` of a page: the walls, the solution on an
/// answer page, the ends, and the caption with its number under it.
fn draw_maze(
    content: &mut Content,
    maze: &SheetMaze,
    number: usize,
    k: usize,
    options: &SheetOptions,
    answer: bool,
) {
    let (bx, by, bw, bh) = options.maze_box(k);
    let s = options.scale(maze.grid);
    let (pw, ph) = svg::picture_size(maze.grid);
    // Centred in the box; SVG's y runs down, the page's up.
    let (ox, oy) = (bx + (bw - pw * s) / 2.0, by + (bh + ph * s) / 2.0);
    let at = |(x, y): (f64, f64)| ((ox + x * s) as f32, (oy - y * s) as f32);

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
        dot(content, (f64::from(x), f64::from(y)), r, rgb);
    }

    // Caption and link shrink to their slot's width, so that side by
    // side they never run into each other.
    let (caption, link) = (
        encode(&format!("{number}. {}", maze.caption)),
        encode(&maze.link),
    );
    content.set_fill_rgb(0.0, 0.0, 0.0);
    content.begin_text();
    content.set_font(Name(b"F1"), fitting_size(&caption, 8.0, bw) as f32);
    content.next_line(bx as f32, (by - 11.0) as f32);
    content.show(Str(&caption));
    content.next_line(0.0, -9.0);
    content.set_font(Name(b"F1"), fitting_size(&link, 6.5, bw) as f32);
    content.show(Str(&link));
    content.end_text();
}

/// Where slot `k`'s link sits (the line under its caption).
fn link_rect(options: &SheetOptions, link: &str, k: usize) -> Rect {
    let (bx, by, bw, _) = options.maze_box(k);
    let link = encode(link);
    let width = text_width(&link, fitting_size(&link, 6.5, bw)).min(bw);
    Rect::new(
        bx as f32,
        (by - 22.0) as f32,
        (bx + width) as f32,
        (by - 13.0) as f32,
    )
}

/// The laid-out title at 14 points from `(x, y)`: glyphs that follow one
/// another at their fonts' own advances share one show, a glyph moved by
/// shaping (a mark, a kerned pair) starts its own. Copied or searched, it
/// reads as `text` in logical order (`ActualText`), whatever the order the
/// glyphs are drawn in.
fn write_title(content: &mut Content, line: &Line, fonts: &Fonts, text: &str, (x, y): (f64, f64)) {
    const SIZE: f32 = 14.0;
    content
        .begin_marked_content_with_properties(Name(b"Span"))
        .properties()
        .actual_text(TextStr(text));
    content.begin_text();
    let mut k = 0;
    while k < line.glyphs.len() {
        let first = &line.glyphs[k];
        let natural = |g: &fonts::Placed| match g.font {
            Some(f) => fonts.natural_advance(f, g.code),
            None => g.advance,
        };
        let mut end = k + 1;
        while end < line.glyphs.len() {
            let (before, next) = (&line.glyphs[end - 1], &line.glyphs[end]);
            let follows = next.font == first.font
                && next.y == 0.0
                && before.y == 0.0
                && (next.x - (before.x + natural(before))).abs() < 0.5;
            if !follows {
                break;
            }
            end += 1;
        }
        let name = first.font.map_or_else(|| "F1".to_string(), fallback_name);
        content.set_font(Name(name.as_bytes()), SIZE);
        content.set_text_matrix([
            1.0,
            0.0,
            0.0,
            1.0,
            x as f32 + first.x * SIZE / 1000.0,
            y as f32 + first.y * SIZE / 1000.0,
        ]);
        let bytes: Vec<u8> = line.glyphs[k..end]
            .iter()
            .flat_map(|g| match g.font {
                Some(_) => g.code.to_be_bytes().to_vec(),
                None => vec![g.code as u8],
            })
            .collect();
        content.show(Str(&bytes));
        k = end;
    }
    content.end_text();
    content.end_marked_content();
}

/// One page's drawing: the title, the page's label and the name and
/// date line; then its mazes (`first` the number of
/// the first).
fn page_content(
    mazes: &[SheetMaze],
    first: usize,
    options: &SheetOptions,
    title: &Line,
    fonts: &Fonts,
    answer: bool,
    label: &str,
) -> Content {
    let (page_w, page_h) = options.page();
    let mut content = Content::new();
    for (k, maze) in mazes.iter().enumerate() {
        draw_maze(&mut content, maze, first + k, k, options, answer);
    }
    let m = MARGIN_MM * PT_PER_MM;
    let label = encode(label);
    content.set_fill_rgb(0.0, 0.0, 0.0);
    write_title(
        &mut content,
        title,
        fonts,
        &options.title,
        (m, page_h - m - 14.0),
    );
    content.begin_text();
    content.set_font(Name(b"F1"), 10.0);
    let right = page_w - m - text_width(&label, 10.0);
    content.next_line(right as f32, (page_h - m - 14.0) as f32);
    content.show(Str(&label));
    content.end_text();
    if options.name_line {
        // "Name" and "Date" with a rule to write on after each.
        let y = page_h - m - TITLE_PT - 12.0;
        let name_end = m + (page_w - 2.0 * m) * 0.62;
        content.begin_text();
        content.set_font(Name(b"F1"), 10.0);
        content.next_line(m as f32, y as f32);
        content.show(Str(b"Name"));
        content.next_line((name_end - m + 16.0) as f32, 0.0);
        content.show(Str(b"Date"));
        content.end_text();
        content.set_line_width(0.5);
        content.set_line_cap(LineCapStyle::ButtCap);
        content.set_stroke_rgb(0.0, 0.0, 0.0);
        for (from, to) in [(m + 32.0, name_end), (name_end + 46.0, page_w - m)] {
            content.move_to(from as f32, (y - 2.0) as f32);
            content.line_to(to as f32, (y - 2.0) as f32);
        }
        content.stroke();
    }
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
    fonts: &Fonts,
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
    options.check(fonts)?;
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
    Ok(sheet(&mazes, options, fonts))
}

/// The whole document: the puzzles, `per_page` a page, then (with
/// answers) their answers in the same layout.
pub fn sheet(mazes: &[SheetMaze], options: &SheetOptions, fonts: &Fonts) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let font = Ref::new(3);
    let info = Ref::new(4);
    let mut next = 5;
    let mut fresh = || {
        next += 1;
        Ref::new(next - 1)
    };
    // The title's fallback fonts: a resource name and an object each.
    let title = fonts.line(&options.title);
    let mut fallbacks: Vec<(usize, Ref)> = Vec::new();
    for glyph in &title.glyphs {
        if let Some(k) = glyph.font {
            if !fallbacks.iter().any(|&(used, _)| used == k) {
                fallbacks.push((k, fresh()));
            }
        }
    }
    let per_page = options.per_page.max(1) as usize;
    let chunks: Vec<(usize, bool)> = (0..mazes.len())
        .step_by(per_page)
        .map(|i| (i, false))
        .chain(
            (0..mazes.len())
                .step_by(per_page)
                .filter(|_| options.answers)
                .map(|i| (i, true)),
        )
        .collect();
    // A page, its content and a link a maze.
    let ids: Vec<(Ref, Ref, Vec<Ref>)> = chunks
        .iter()
        .map(|&(i, _)| {
            let on_page = per_page.min(mazes.len() - i);
            (fresh(), fresh(), (0..on_page).map(|_| fresh()).collect())
        })
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(ids.iter().map(|(page, _, _)| *page))
        .count(ids.len() as i32);
    let (page_w, page_h) = options.page();
    let n = mazes.len();
    for (&(i, answer), (page_id, content_id, link_ids)) in chunks.iter().zip(&ids) {
        let on_page = &mazes[i..(i + per_page).min(n)];
        let label = match (answer, on_page.len()) {
            (false, 1) => format!("maze {} of {n}", i + 1),
            (true, 1) => format!("answer to maze {} of {n}", i + 1),
            (false, k) => format!("mazes {}-{} of {n}", i + 1, i + k),
            (true, k) => format!("answers to mazes {}-{} of {n}", i + 1, i + k),
        };
        let mut page = pdf.page(*page_id);
        page.media_box(Rect::new(0.0, 0.0, page_w as f32, page_h as f32));
        page.parent(tree);
        page.contents(*content_id);
        page.annotations(link_ids.iter().copied());
        {
            let mut resources = page.resources();
            let mut names = resources.fonts();
            names.pair(Name(b"F1"), font);
            for &(k, id) in &fallbacks {
                names.pair(Name(fallback_name(k).as_bytes()), id);
            }
        }
        page.finish();
        for (k, (maze, &link_id)) in on_page.iter().zip(link_ids).enumerate() {
            let mut link = pdf.annotation(link_id);
            link.subtype(AnnotationType::Link);
            link.rect(link_rect(options, &maze.link, k));
            link.border(0.0, 0.0, 0.0, None);
            link.action()
                .action_type(ActionType::Uri)
                .uri(Str(maze.link.as_bytes()));
            link.finish();
        }
        // Compressed: a 40 x 40 maze's page is a few thousand path
        // commands, a fifth of the bytes once deflated.
        let content = page_content(on_page, i + 1, options, &title, fonts, answer, &label).finish();
        let deflated = miniz_oxide::deflate::compress_to_vec_zlib(&content, 6);
        pdf.stream(*content_id, &deflated)
            .filter(pdf_writer::Filter::FlateDecode);
    }
    pdf.type1_font(font)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    for &(k, id) in &fallbacks {
        fonts.embed(&mut pdf, id, k, &title, &mut fresh);
    }
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
            let bytes = sheet(&[maze.clone(), maze.clone()], &options, &Fonts::none());
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
