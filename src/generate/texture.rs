//! The texture controls together, as `generate`, `stats`, `sheet`,
//! `sweep`, the page and its link share them: braid, run, grain, sparse
//! symmetry and weights. Each one at its neutral value (0, 0, 50, 0, none, none) leaves
//! every seed's maze as it was.
//!
//! - **braid P**: P% of the dead ends opened (`braid.rs`): loops.
//! - **run P**, **grain h:P / v:P**: the generator's own random choices
//!   steered (`steer.rs`): straighter corridors, a horizontal or vertical
//!   grain.
//! - **sparse P**: dead ends turned to rock until P% of the cells are
//!   (`sparse.rs`): corridors through solid rock.
//! - **symmetry**: the maze built from a half (or quarter) and its mirror
//!   images (`symmetry.rs`).
//! - **weights NAME:MAX**: a cost per cell (`crate::weights`), laid after
//!   the build without touching a passage: what the cheapest-way solvers
//!   and the lab's `cost` read.

use super::steer::{self, Grain, Steer};
use super::symmetry::{self, Symmetry};
use super::{Algorithm, Generator, Params};
use crate::error::MazeError;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::weights::Weights;

/// Every texture control's setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Texture {
    /// The share of dead ends braided away (0 to 100).
    pub braid: u8,
    /// The run and the grain.
    pub steer: Steer,
    /// The share of cells turned to rock (0 to 100).
    pub sparse: u8,
    /// The maze's mirror or half-turn symmetry, if any.
    pub symmetry: Option<Symmetry>,
    /// A cost per cell, if the maze is weighted.
    pub weights: Option<Weights>,
}

impl Texture {
    /// Whether every control is neutral.
    pub fn is_plain(&self) -> bool {
        *self == Texture::default()
    }

    /// Sets the controls a generator reads itself (braid, run, grain,
    /// symmetry).
    pub fn apply(&self, params: &mut Params) {
        params.braid = self.braid;
        params.steer = self.steer;
        params.symmetry = self.symmetry;
    }

    /// Refuses a setting `algorithm` on `shape` cannot take, naming why.
    pub fn check(&self, algorithm: &Algorithm, shape: &Shape) -> Result<(), MazeError> {
        for (what, value) in [("braid", self.braid), ("sparse", self.sparse)] {
            if value > 100 {
                return Err(MazeError::BadValue {
                    what,
                    given: value.to_string(),
                    valid: "0 to 100 (a percentage)".into(),
                });
            }
        }
        Steer::check_run(u32::from(self.steer.run))?;
        steer::check(algorithm, &self.steer, shape)?;
        if let Some(s) = self.symmetry {
            symmetry::check(shape, s)?;
        }
        Ok(())
    }

    /// The maze `algorithm` makes with `params` under every control, into
    /// `grid` (a grid of the params' shape as the algorithm starts it; a
    /// sparse maze comes back as a new, masked grid instead).
    pub fn build(
        &self,
        algorithm: &'static Algorithm,
        mut params: Params,
        grid: &mut Grid,
    ) -> Result<Option<Grid>, MazeError> {
        self.apply(&mut params);
        let seed = params.seed;
        Generator::new(algorithm, params, false).finish_into(grid);
        Ok(if self.sparse > 0 {
            Some(super::sparse::sparsify(grid, self.sparse, seed)?)
        } else {
            None
        })
    }

    /// Sets one control by its link key (`braid`, `run`, `grain`,
    /// `sparse`, `symmetry`); an error says why the value was refused.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), MazeError> {
        let percent = |what: &'static str| {
            value
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&p| p <= 100)
                .ok_or_else(|| MazeError::BadValue {
                    what,
                    given: value.to_string(),
                    valid: "0 to 100 (a percentage)".into(),
                })
        };
        match key {
            "braid" => self.braid = percent("braid")?,
            "run" => self.steer.run = percent("run")?,
            "sparse" => self.sparse = percent("sparse")?,
            "grain" => self.steer.grain = Grain::parse(value)?,
            "symmetry" => {
                self.symmetry = match value.trim() {
                    "" | "none" => None,
                    other => Some(Symmetry::parse(other)?),
                }
            }
            "weights" => {
                self.weights = match value.trim() {
                    "" | "none" => None,
                    other => Some(Weights::parse(other)?),
                }
            }
            other => {
                return Err(MazeError::BadValue {
                    what: "texture control",
                    given: other.to_string(),
                    valid: Texture::KEYS.join(", "),
                })
            }
        }
        Ok(())
    }

    /// The controls' link keys, in the order `to_pairs` writes them.
    pub const KEYS: [&'static str; 6] = ["braid", "run", "grain", "sparse", "symmetry", "weights"];

    /// The controls away from neutral as (key, value) pairs, which `set`
    /// reads back.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if self.braid > 0 {
            out.push(("braid", self.braid.to_string()));
        }
        if self.steer.run > 0 {
            out.push(("run", self.steer.run.to_string()));
        }
        if self.steer.grain != Grain::default() {
            out.push(("grain", self.steer.grain.to_text()));
        }
        if self.sparse > 0 {
            out.push(("sparse", self.sparse.to_string()));
        }
        if let Some(s) = self.symmetry {
            out.push(("symmetry", s.name().to_string()));
        }
        if let Some(w) = self.weights {
            out.push(("weights", w.name()));
        }
        out
    }

    /// The pairs as one line, `run=50 grain=h:90` (empty when plain), and
    /// read back by `parse_line`: what a lab worker is handed.
    pub fn to_line(&self) -> String {
        self.to_pairs()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Reads `to_line`'s spelling.
    pub fn parse_line(line: &str) -> Result<Texture, MazeError> {
        let mut t = Texture::default();
        for part in line.split_whitespace() {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            t.set(k, v)?;
        }
        Ok(t)
    }

    /// The same with the grain set to `h:percent` (a sweep's point).
    pub fn with_grain(mut self, percent: u8) -> Texture {
        self.steer.grain = Grain {
            percent,
            ..self.steer.grain
        };
        self
    }
}
