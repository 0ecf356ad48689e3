//! Where the maze is entered and left.
//!
//! Three styles: Norvig's default (the top wall of the top-left cell and the
//! bottom wall of the bottom-right cell), mazelib's `generate_entrances`
//! (two distinct random gaps in the outer wall), and the two ends of the
//! longest path (brainmaze.py's `--solve`), which may lie inside the maze.

use crate::analyze;
use crate::error::MazeError;
use crate::grid::Grid;
use crate::rng::Rng;
use crate::shape::{Cell, Dims, Dir};

/// An end of the maze: a cell, and the border side its gap is in (`None`
/// when the cell is inside the maze and has no gap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door {
    /// The cell the door opens into.
    pub cell: Cell,
    /// The border side the door is cut in (on squares), if any.
    pub side: Option<Dir>,
}

/// The entrance and the exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ends {
    /// Where the solver starts.
    pub entrance: Door,
    /// Where it ends.
    pub exit: Door,
}

/// How to choose the ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EntranceStyle {
    #[default]
    /// Top-left and bottom-right, as Norvig draws them.
    Norvig,
    /// Two random gaps in the outer wall.
    Random,
    /// The two ends of the longest path.
    Longest,
}

impl EntranceStyle {
    /// Every style, in the order help lists them.
    pub const ALL: [EntranceStyle; 3] = [
        EntranceStyle::Norvig,
        EntranceStyle::Random,
        EntranceStyle::Longest,
    ];

    /// The style's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            EntranceStyle::Norvig => "norvig",
            EntranceStyle::Random => "random",
            EntranceStyle::Longest => "longest",
        }
    }

    /// Reads a style by name; an error lists the valid ones.
    pub fn parse(text: &str) -> Result<EntranceStyle, MazeError> {
        crate::error::by_name(
            &EntranceStyle::ALL,
            EntranceStyle::name,
            "entrance style",
            text,
        )
    }
}

/// Norvig's ends: top of the top-left cell, bottom of the bottom-right cell.
pub fn norvig(dims: Dims) -> Ends {
    Ends {
        entrance: Door {
            cell: 0,
            side: Some(Dir::N),
        },
        exit: Door {
            cell: dims.cells() - 1,
            side: Some(Dir::S),
        },
    }
}

/// The `index`-th gap position on the border, clockwise from the top-left.
fn border_slot(dims: Dims, index: u32) -> Door {
    let (w, h) = (dims.width, dims.height);
    let (cell, side) = if index < w {
        (dims.at(index, 0), Dir::N)
    } else if index < w + h {
        (dims.at(w - 1, index - w), Dir::E)
    } else if index < 2 * w + h {
        (dims.at(w - 1 - (index - w - h), h - 1), Dir::S)
    } else {
        (dims.at(0, h - 1 - (index - 2 * w - h)), Dir::W)
    };
    Door {
        cell,
        side: Some(side),
    }
}

/// Two distinct random gaps in the outer wall.
pub fn random(dims: Dims, rng: &mut Rng) -> Ends {
    let slots = 2 * (dims.width + dims.height);
    let a = rng.below(slots);
    let b = (a + 1 + rng.below(slots - 1)) % slots;
    Ends {
        entrance: border_slot(dims, a),
        exit: border_slot(dims, b),
    }
}

/// The two ends of the longest path; a gap where the end touches the border.
pub fn longest(grid: &Grid) -> Ends {
    let (a, b, _) = analyze::longest_path(grid);
    let door = |cell| Door {
        cell,
        side: Dir::ALL
            .into_iter()
            .find(|&d| grid.dims().on_border(cell, d)),
    };
    Ends {
        entrance: door(a),
        exit: door(b),
    }
}

/// Places the ends in the given style; `seed` drives the random style.
/// Off the plain square the ends are cells (no gap in a wall): `norvig`
/// takes the first and last cells (a square's top-left and bottom-right),
/// but on a surface whose edges meet (a cylinder, torus, Möbius strip,
/// Klein bottle, the cube) the longest path's ends, since its corners may
/// be neighbours; `random` two cells on the outline, `longest` the longest
/// path's ends.
pub fn place(grid: &Grid, style: EntranceStyle, seed: u64) -> Ends {
    if grid.square().is_none() {
        return place_on_shape(grid, style, seed);
    }
    match style {
        EntranceStyle::Norvig => norvig(grid.dims()),
        EntranceStyle::Random => random(grid.dims(), &mut Rng::with_stream(seed, 0x656e_7472)),
        EntranceStyle::Longest => longest(grid),
    }
}

fn place_on_shape(grid: &Grid, style: EntranceStyle, seed: u64) -> Ends {
    use crate::shape::Topology;
    let shape = grid.shape();
    let inside = |cell| Door { cell, side: None };
    let live = || (0..shape.cells()).filter(|&c| shape.is_cell(c));
    let (a, b) = match style {
        EntranceStyle::Longest => {
            let (a, b, _) = analyze::longest_path(grid);
            (a, b)
        }
        EntranceStyle::Norvig if shape.has_seams() => {
            let (a, b, _) = analyze::longest_path(grid);
            (a, b)
        }
        EntranceStyle::Norvig => (live().next().unwrap_or(0), live().next_back().unwrap_or(0)),
        EntranceStyle::Random => {
            let outline: Vec<Cell> = live()
                .filter(|&c| shape.sides(c).as_slice().iter().any(Option::is_none))
                .collect();
            let mut rng = Rng::with_stream(seed, 0x656e_7472);
            match outline.len() {
                0 => (0, 0),
                1 => (outline[0], outline[0]),
                n => {
                    let i = rng.below(n as u32);
                    let j = (i + 1 + rng.below(n as u32 - 1)) % n as u32;
                    (outline[i as usize], outline[j as usize])
                }
            }
        }
    };
    Ends {
        entrance: inside(a),
        exit: inside(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_a_surface_whose_edges_meet_the_default_ends_are_the_longest_paths() {
        use crate::generate::{generate, Params};
        use crate::shape::Shape;
        for (name, size, wrap) in [
            ("square", "12x10", Some("xy")),
            ("square", "12x10", Some("klein")),
            ("square", "12x10", Some("mobius")),
            ("cube", "5", None),
        ] {
            let shape = Shape::parse(name, size, wrap).unwrap();
            for seed in 0..5 {
                let grid = generate("backtracker", Params::on(shape.clone(), seed)).unwrap();
                let ends = place(&grid, EntranceStyle::Norvig, seed);
                let (_, _, longest) = analyze::longest_path(&grid);
                let moves = analyze::distances(&grid, ends.entrance.cell)[ends.exit.cell as usize];
                assert_eq!(moves, longest, "{name} {wrap:?} seed {seed}");
                assert!(moves > 2, "{name} {wrap:?}: {moves} moves");
            }
        }
    }

    #[test]
    fn border_slots_go_round_the_border_once() {
        let dims = Dims::new(3, 2).unwrap();
        let doors: Vec<Door> = (0..10).map(|i| border_slot(dims, i)).collect();
        for d in &doors {
            assert!(dims.on_border(d.cell, d.side.unwrap()), "{d:?}");
        }
        let mut unique = doors.clone();
        unique.dedup();
        assert_eq!(unique.len(), 10);
    }

    #[test]
    fn random_ends_are_distinct_gaps() {
        let dims = Dims::new(1, 1).unwrap();
        for seed in 0..50 {
            let ends = random(dims, &mut Rng::new(seed));
            assert_ne!(ends.entrance, ends.exit);
        }
    }
}
