//! A maze asked for by name, as the CLI's `generate` and the Python
//! package take it: the algorithm, the shape and its size (or a mask's
//! text), the seed and every texture option, checked together and then
//! built (with its weights, if any), so the two give the same maze and the same JSON for the same
//! options.

use crate::entrance::{self, Ends, EntranceStyle};
use crate::error::MazeError;
use crate::generate::texture::Texture;
use crate::generate::{self, Algorithm, Bias, Params, PopSpec};
use crate::grid::Grid;
use crate::render::json;
use crate::shape::{Cell, Mask, Shape};
use std::time::Instant;

/// A mask as a file holds it: rows of text, `X` for a cell that is off
/// (3D: levels of rows parted by blank lines).
#[derive(Clone, Debug)]
pub struct MaskText {
    /// The text.
    pub text: String,
    /// Where it came from (a file's path), for messages.
    pub from: String,
}

/// Everything a maze is asked for with, by the CLI's names.
#[derive(Clone, Debug)]
pub struct MazeRequest {
    /// The generator's name.
    pub algorithm: String,
    /// The shape's name (`shape::SHAPE_NAMES`).
    pub shape: String,
    /// The size as the CLI writes it (`20x10`, `12` rings, `10x10x4`);
    /// `None` for the shape's default, or the mask's size.
    pub size: Option<String>,
    /// A square's wrap (`shape::WRAP_NAMES`).
    pub wrap: Option<String>,
    /// A mask, which sets the size.
    pub mask: Option<MaskText>,
    /// The seed; `None` draws a fresh one.
    pub seed: Option<u64>,
    /// The growing tree's pop.
    pub pop: PopSpec,
    /// The binary tree's bias.
    pub bias: Bias,
    /// Passages under straight cells.
    pub weave: bool,
    /// Braid, run, grain, sparse, symmetry and weights.
    pub texture: Texture,
    /// Where the ends go.
    pub entrances: EntranceStyle,
}

impl Default for MazeRequest {
    /// The CLI's defaults: a 20 x 10 backtracker maze, Norvig's ends.
    fn default() -> MazeRequest {
        MazeRequest {
            algorithm: "backtracker".into(),
            shape: "square".into(),
            size: None,
            wrap: None,
            mask: None,
            seed: None,
            pop: PopSpec::default(),
            bias: Bias::default(),
            weave: false,
            texture: Texture::default(),
            entrances: EntranceStyle::Norvig,
        }
    }
}

/// A maze built from a request, with its ends.
#[derive(Clone, Debug)]
pub struct Built {
    /// The maze (rock masked off on a sparse one).
    pub grid: Grid,
    /// Its entrance and exit.
    pub ends: Ends,
    /// The seed it was built with (drawn if the request had none).
    pub seed: u64,
    /// The generator's name.
    pub algorithm: &'static str,
    /// How long generating took, in milliseconds.
    pub generate_ms: f64,
}

impl MazeRequest {
    /// The shape asked for, with its mask; bad values are named.
    pub fn shape(&self) -> Result<Shape, MazeError> {
        let default_size = match self.shape.as_str() {
            "polar" => "10",
            "square" | "hex" | "triangle" => "20x10",
            other => crate::shape::default_size(other),
        };
        let Some(mask) = &self.mask else {
            let size = self.size.as_deref().unwrap_or(default_size);
            return Shape::parse(&self.shape, size, self.wrap.as_deref());
        };
        if !matches!(self.shape.as_str(), "square" | "hex" | "triangle" | "3d") {
            return Err(MazeError::BadValue {
                what: "mask file",
                given: format!("for a {} maze", self.shape),
                valid: "square, hex, triangle or 3d (a text mask is rows and columns, a 3D one \
                        levels of them parted by blank lines)"
                    .into(),
            });
        }
        let (size, cells) = if self.shape == "3d" {
            let (dims, levels, cells) = Mask::from_levels_text(&mask.text)?;
            (format!("{}x{}x{levels}", dims.width, dims.height), cells)
        } else {
            let (dims, cells) = Mask::from_text(&mask.text)?;
            (format!("{}x{}", dims.width, dims.height), cells)
        };
        let same_size = |given: &str| {
            Shape::parse(&self.shape, given, None)
                .ok()
                .map(|s| s.size_text())
                == Some(size.clone())
        };
        if let Some(given) = self.size.as_deref().filter(|s| !same_size(s)) {
            return Err(MazeError::BadValue {
                what: "size",
                given: given.to_string(),
                valid: format!("{size}, the mask file's size, or no --size"),
            });
        }
        Shape::parse(&self.shape, &size, self.wrap.as_deref())?.with_mask(cells)
    }

    /// The generator's params for `shape` and `seed` (sparseness is a pass
    /// after the build: `build` runs it).
    pub fn params(&self, shape: Shape, seed: u64) -> Params {
        let mut params = Params {
            pop: self.pop.clone(),
            bias: self.bias,
            weave: self.weave,
            ..Params::on(shape, seed)
        };
        params.braid = self.texture.braid;
        params.steer = self.texture.steer;
        params.symmetry = self.texture.symmetry;
        params
    }

    /// The algorithm, once it and every option are known to go together on
    /// `shape`.
    pub fn check(&self, shape: &Shape) -> Result<&'static Algorithm, MazeError> {
        let algorithm = generate::find(&self.algorithm)?;
        generate::check_shape(algorithm, shape)?;
        if self.weave {
            generate::check_weave(algorithm, shape)?;
        }
        self.texture.check(algorithm, shape)?;
        if self.texture.sparse > 0 {
            generate::sparse::check_weave(self.weave)?;
        }
        if self.texture.symmetry.is_some() && self.weave {
            return Err(MazeError::BadValue {
                what: "option with --symmetry",
                given: "--weave".into(),
                valid: "no --weave: a symmetric maze is built from plain halves".into(),
            });
        }
        Ok(algorithm)
    }

    /// Checks the request and builds its maze (a fresh seed where it has
    /// none).
    pub fn build(&self) -> Result<Built, MazeError> {
        let shape = self.shape()?;
        let algorithm = self.check(&shape)?;
        let seed = self.seed.unwrap_or_else(crate::rng::fresh_seed);
        Ok(self.build_checked(algorithm, shape, seed))
    }

    /// Builds the maze of a request `check` passed on `shape`.
    pub fn build_checked(&self, algorithm: &'static Algorithm, shape: Shape, seed: u64) -> Built {
        // Costs are laid on the shape asked for, before any rock, as the
        // page lays them.
        let costs = self.texture.weights.map(|w| w.costs(&shape, seed));
        let params = self.params(shape, seed);
        let started = Instant::now();
        let grid = generate::generate(algorithm.name, params)
            .expect("the algorithm, shape and symmetry were checked");
        let grid = generate::sparse::sparsify(&grid, self.texture.sparse, seed)
            .expect("the percentage was checked and dead ends leave one piece");
        let generate_ms = started.elapsed().as_secs_f64() * 1000.0;
        let grid = grid.with_costs(costs);
        let ends = entrance::place(&grid, self.entrances, seed);
        Built {
            grid,
            ends,
            seed,
            algorithm: algorithm.name,
            generate_ms,
        }
    }
}

impl Built {
    /// The maze as `mazelab generate --format json` prints it, with `path`
    /// as its solution.
    pub fn json(&self, path: Option<&[Cell]>) -> String {
        let meta = json::Meta {
            seed: self.seed,
            algorithm: self.algorithm,
        };
        json::render(&self.grid, &meta, &self.ends, path)
    }
}
