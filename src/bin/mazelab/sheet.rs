//! `mazelab sheet`: printable puzzle sheets as a vector PDF (see
//! `render::pdf`), maze `i` with seed `S + i`, `--per-page` on a page,
//! with answer pages in the same layout with `--answers`.

use super::MazeArgs;
use mazelab::error::MazeError;
use mazelab::generate::Params;
use mazelab::render::pdf::{self, Paper, SheetOptions};

/// What `sheet` was asked for.
#[derive(clap::Args, Debug)]
pub struct SheetArgs {
    #[command(flatten)]
    maze: MazeArgs,
    /// How many mazes (seeds S, S+1, ...), 1 to 1000.
    #[arg(long, default_value_t = 1)]
    count: u32,
    /// An answer page for each maze, after the puzzles: the solution drawn
    /// over the maze.
    #[arg(long)]
    answers: bool,
    /// a4 (595 x 842 pt) or letter (612 x 792 pt).
    #[arg(long, default_value = "a4", value_parser = |s: &str| Paper::parse(s).map_err(|e| e.to_string()))]
    paper: Paper,
    /// Lay the page on its side.
    #[arg(long)]
    landscape: bool,
    /// Printed at the top of each page.
    #[arg(long, default_value = "mazelab")]
    title: String,
    /// Mazes a page: 1, 2, 4 or 6; the answer pages take the same layout.
    #[arg(long, default_value_t = 1, value_parser = per_page)]
    per_page: u32,
    /// Leave out the line for a name and the date under the title.
    #[arg(long)]
    no_name_line: bool,
    /// The walls' width in millimetres (0.1 to 5).
    #[arg(long, default_value_t = 0.6)]
    wall_mm: f64,
    /// Where the footer's link opens the maze: the app's address.
    #[arg(long, default_value = "http://127.0.0.1:8080/", value_name = "URL")]
    link_base: String,
}

/// Reads `--per-page`: one of `pdf::PER_PAGE`.
fn per_page(text: &str) -> Result<u32, String> {
    text.parse()
        .ok()
        .filter(|n| pdf::PER_PAGE.contains(n))
        .ok_or_else(|| format!("'{text}' is not 1, 2, 4 or 6"))
}

/// The PDF's bytes, or what is wrong with the request.
pub fn sheet(args: SheetArgs) -> Result<Vec<u8>, MazeError> {
    let maze = args.maze.request()?;
    if let Some(w) = maze.texture.weights {
        return Err(MazeError::BadValue {
            what: "option for a sheet",
            given: format!("--weights {}", w.name()),
            valid: "no --weights: a printed sheet shows walls and passages only".into(),
        });
    }
    let shape = maze.shape()?;
    let seed = maze.seed.unwrap_or_else(mazelab::rng::fresh_seed);
    let params = Params {
        sparse: maze.texture.sparse,
        ..maze.params(shape, seed)
    };
    let options = SheetOptions {
        paper: args.paper,
        landscape: args.landscape,
        answers: args.answers,
        title: args.title,
        wall_mm: args.wall_mm,
        per_page: args.per_page,
        name_line: !args.no_name_line,
    };
    pdf::puzzle_sheet(
        &args.maze.algorithm,
        &params,
        args.count,
        args.maze.entrances,
        &options,
        &pdf::Fonts::bundled(),
        &args.link_base,
    )
}
