//! The texture controls as options: what `generate`, `stats`, `sheet` and
//! `sweep` share (`mazelab::generate::texture`), the cells' weights too.

use mazelab::generate::steer::{Grain, Steer};
use mazelab::generate::symmetry::{self, Symmetry};
use mazelab::generate::texture::Texture;
use mazelab::weights::Weights;

/// Braid, run, grain, sparse, symmetry and weights.
#[derive(clap::Args, Debug, Clone)]
pub struct TextureArgs {
    /// Remove this percentage of the dead ends after generating (0 to 100),
    /// opening a wall of each, preferably into another dead end: loops.
    #[arg(long, default_value_t = 0, value_name = "PERCENT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub braid: u8,
    /// How strongly a carving walk keeps its direction (0 to 100, Pullen's
    /// run factor): the chance it carries straight on when it can. Long
    /// straight corridors as it grows.
    #[arg(long, default_value_t = 0, value_name = "PERCENT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub run: u8,
    /// A direction bias: h:P (or v:P) makes P% of the random choices
    /// prefer east-west (north-south) openings; h:50 is no bias.
    #[arg(long, default_value = "h:50", value_name = "h:P|v:P", value_parser = Grain::parse)]
    pub grain: Grain,
    /// Turn dead ends to rock, again and again, until this percentage of
    /// the cells is rock (0 to 100; Pullen's sparseness): the rest stays
    /// one piece, masked off in the output.
    #[arg(long, default_value_t = 0, value_name = "PERCENT", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub sparse: u8,
    /// Make the maze its own mirror image (x: left and right, y: top and
    /// bottom, xy: both) or its own half turn (rot); plain squares with
    /// even sides where they are halved.
    #[arg(long, value_parser = crate::choices(&symmetry::SYMMETRIES, |s| Symmetry::parse(s).ok()))]
    pub symmetry: Option<Symmetry>,
    /// Weigh the cells: each cell entered costs from 1 to MAX, laid by a
    /// seeded pattern, random (each cell its own) or patches (patches of
    /// about 40 cells sharing one); the dijkstra and astar solvers then
    /// find the cheapest way, and the lab measures its cost.
    #[arg(long, value_name = "random:MAX|patches:MAX", value_parser = |s: &str| Weights::parse(s).map_err(|e| e.to_string()))]
    pub weights: Option<Weights>,
}

impl TextureArgs {
    /// The settings as the library takes them.
    pub fn texture(&self) -> Texture {
        Texture {
            braid: self.braid,
            steer: Steer {
                run: self.run,
                grain: self.grain,
            },
            sparse: self.sparse,
            symmetry: self.symmetry,
            weights: self.weights,
        }
    }
}
