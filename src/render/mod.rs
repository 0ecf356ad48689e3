//! Text renderers: pure strings, shared by the CLI and the browser's export.
//!
//! `ascii`, `norvig` and `blocks` all draw the same [`picture::Picture`], the
//! (2W+1) x (2H+1) lattice in which cells sit at odd positions and walls
//! between them; they differ only in the characters.

pub mod ascii;
pub mod blocks;
pub mod json;
pub mod layout;
pub mod norvig;
pub mod overlay;
pub mod palette;
pub mod picture;
pub mod pixels;
pub mod raster;
pub mod svg;
pub mod tile_paint;
pub mod tiles;

use crate::error::MazeError;

/// The output formats of `mazelab generate`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Ascii,
    Norvig,
    Blocks,
    Svg,
    Json,
    Stats,
}

impl Format {
    pub const ALL: [Format; 6] = [
        Format::Ascii,
        Format::Norvig,
        Format::Blocks,
        Format::Svg,
        Format::Json,
        Format::Stats,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Ascii => "ascii",
            Format::Norvig => "norvig",
            Format::Blocks => "blocks",
            Format::Svg => "svg",
            Format::Json => "json",
            Format::Stats => "stats",
        }
    }

    pub fn parse(text: &str) -> Result<Format, MazeError> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == text.trim())
            .ok_or_else(|| MazeError::BadValue {
                what: "format",
                given: text.to_string(),
                valid: Format::ALL.map(Format::name).join(", "),
            })
    }
}
