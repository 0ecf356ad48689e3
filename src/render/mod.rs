//! Every way a maze leaves the core: text pictures of a plain square
//! (`text`), SVG and JSON for every shape, printable sheets (`pdf`), a
//! plotter's strokes (`plot`), a solid to 3D-print (`stl`), and the
//! browser's canvas (`canvas`: scene models and their painters).

pub mod canvas;
pub mod json;
pub mod pdf;
pub mod plot;
pub mod png;
pub mod stl;
pub mod svg;
pub mod text;

use crate::error::MazeError;

/// The output formats of `mazelab generate`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    /// `+-+` walls and `|` sides.
    Ascii,
    /// Norvig's `o--o` style.
    Norvig,
    /// mazelib's `#` grid.
    Blocks,
    /// SVG, every shape.
    Svg,
    /// JSON (`json::MazeJson`), every shape.
    Json,
    /// One line of `key=value` metrics.
    Stats,
    /// Binary STL, a solid to 3D-print (`stl`: squares, 3D and 4D).
    Stl,
    /// A PNG picture as the page draws it (`png`), every shape.
    Png,
}

impl Format {
    /// Every format, in the order help lists them.
    pub const ALL: [Format; 8] = [
        Format::Ascii,
        Format::Norvig,
        Format::Blocks,
        Format::Svg,
        Format::Json,
        Format::Stats,
        Format::Stl,
        Format::Png,
    ];

    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Ascii => "ascii",
            Format::Norvig => "norvig",
            Format::Blocks => "blocks",
            Format::Svg => "svg",
            Format::Json => "json",
            Format::Stats => "stats",
            Format::Stl => "stl",
            Format::Png => "png",
        }
    }

    /// Reads a format by name; an error lists the valid ones.
    pub fn parse(text: &str) -> Result<Format, MazeError> {
        crate::error::by_name(&Format::ALL, Format::name, "format", text)
    }
}
