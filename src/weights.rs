//! Weighted mazes: a cost per cell, at least 1, paid by a walker for each
//! cell it enters. The cheapest way through (what `dijkstra` finds, and
//! A* with costs) can then differ from the way of fewest moves, which is
//! what Jamis Buck's *Mazes for Programmers* teaches Dijkstra's algorithm
//! with.
//!
//! Costs come from a named, seeded pattern, written `NAME:MAX`:
//!
//! - **random:MAX**: every cell draws its own cost from 1 to MAX, evenly.
//! - **patches:MAX**: the cells fall into patches of about 40 cells (each
//!   cell joins the nearest of a few random centres, by steps through the
//!   shape, walls ignored), and each patch draws one cost from 1 to MAX:
//!   mud and meadow, so a cheap way goes round the dear patches.
//!
//! A pattern reads the shape's cells only, never the passages, so the same
//! seed gives the same costs under every generator; it draws from its own
//! stream, so a weighted maze's passages are the unweighted one's.

use crate::error::MazeError;
use crate::rng::Rng;
use crate::shape::{Cell, Shape, Topology};
use std::collections::VecDeque;
use std::sync::Arc;

/// The largest cost a cell can have (costs are kept a byte a cell).
pub const MAX_COST: u8 = 255;

/// The cells of one patch, on average, in `patches:MAX`.
const PATCH_CELLS: u32 = 40;

/// The stream the patterns draw from: another than the generators' own, so
/// the costs and the passages of one seed do not share draws.
const WEIGHTS_STREAM: u64 = 0x7765_6967_6874_7321;

/// How costs are laid on a maze's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Each cell its own cost.
    Random,
    /// Patches of cells sharing a cost.
    Patches,
}

impl Pattern {
    /// Every pattern, in the order controls list them.
    pub const ALL: [Pattern; 2] = [Pattern::Random, Pattern::Patches];

    /// The pattern's name, as `--weights` and the link write it.
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Random => "random",
            Pattern::Patches => "patches",
        }
    }
}

/// A weighting: a pattern and the dearest cost it lays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// How the costs are laid.
    pub pattern: Pattern,
    /// The largest cost (2 to 255); the cheapest is always 1.
    pub max: u8,
}

impl Weights {
    /// Reads `NAME:MAX` (`random:9`, `patches:20`).
    pub fn parse(text: &str) -> Result<Weights, MazeError> {
        let bad = || MazeError::BadValue {
            what: "weights",
            given: text.to_string(),
            valid: "NAME:MAX with NAME random or patches and MAX from 2 to 255 (random:9)".into(),
        };
        let (name, max) = text.trim().split_once(':').ok_or_else(bad)?;
        let pattern = crate::error::by_name(&Pattern::ALL, Pattern::name, "weights pattern", name)?;
        let max = max
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|&m| m >= 2)
            .ok_or_else(bad)?;
        Ok(Weights { pattern, max })
    }

    /// The weighting as `parse` reads it.
    pub fn name(&self) -> String {
        format!("{}:{}", self.pattern.name(), self.max)
    }

    /// The cost of each cell index of `shape` for `seed` (masked cells
    /// cost 1: nothing enters them).
    pub fn costs(&self, shape: &Shape, seed: u64) -> Costs {
        let mut rng = Rng::with_stream(seed, WEIGHTS_STREAM);
        let cells = shape.cells();
        let max = u32::from(self.max);
        let costs = match self.pattern {
            Pattern::Random => (0..cells)
                .map(|c| {
                    if shape.is_cell(c) {
                        1 + rng.below(max) as u8
                    } else {
                        1
                    }
                })
                .collect(),
            Pattern::Patches => patches(shape, &mut rng, max),
        };
        Costs(costs)
    }
}

/// Patches: a breadth-first flood from random centres over the shape's
/// neighbours, each cell taking its centre's cost. Linear in the cells.
fn patches(shape: &Shape, rng: &mut Rng, max: u32) -> Arc<[u8]> {
    let cells = shape.cells();
    let live: Vec<Cell> = (0..cells).filter(|&c| shape.is_cell(c)).collect();
    let mut costs = vec![0u8; cells as usize];
    let mut queue = VecDeque::new();
    if live.is_empty() {
        return vec![1; cells as usize].into();
    }
    let centres = (live.len() as u32).div_ceil(PATCH_CELLS);
    for _ in 0..centres {
        let c = live[rng.below(live.len() as u32) as usize];
        if costs[c as usize] == 0 {
            costs[c as usize] = 1 + rng.below(max) as u8;
            queue.push_back(c);
        }
    }
    while let Some(cell) = queue.pop_front() {
        let cost = costs[cell as usize];
        for &n in shape.neighbors(cell).as_slice() {
            if costs[n as usize] == 0 {
                costs[n as usize] = cost;
                queue.push_back(n);
            }
        }
    }
    // A mask keeps its cells in one piece, so the flood reached them all;
    // masked cells (never entered) cost 1.
    for c in &mut costs {
        *c = (*c).max(1);
    }
    costs.into()
}

/// Each cell's cost, indexed by cell; shared, since every copy of a maze
/// (a solver's, a timeline's) reads the same costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costs(Arc<[u8]>);

impl Costs {
    /// Costs given cell by cell (a program's, a JSON file's): each must be
    /// from 1 to 255, one per cell index of a maze of `cells` indices.
    pub fn from_values(values: &[u32], cells: u32) -> Result<Costs, MazeError> {
        if values.len() != cells as usize {
            return Err(MazeError::BadValue {
                what: "weights",
                given: format!("{} costs", values.len()),
                valid: format!("one cost per cell: {cells}"),
            });
        }
        let bytes = values
            .iter()
            .enumerate()
            .map(|(cell, &v)| {
                u8::try_from(v)
                    .ok()
                    .filter(|&b| b >= 1)
                    .ok_or_else(|| MazeError::BadValue {
                        what: "cost",
                        given: format!("{v} at cell {cell}"),
                        valid: format!("1 to {MAX_COST}"),
                    })
            })
            .collect::<Result<Vec<u8>, _>>()?;
        Ok(Costs(bytes.into()))
    }

    /// The cost of entering `cell`.
    #[inline]
    pub fn of(&self, cell: Cell) -> u32 {
        u32::from(self.0[cell as usize])
    }

    /// Every cell's cost.
    pub fn as_slice(&self) -> &[u8] {
        &self.0
    }

    /// The dearest cell's cost.
    pub fn max(&self) -> u8 {
        self.0.iter().copied().max().unwrap_or(1)
    }
}

/// What a path costs: the sum of the costs of the cells it enters (every
/// cell but the first); with no costs, its moves.
pub fn path_cost(costs: Option<&Costs>, path: &[Cell]) -> u64 {
    let entered = path.iter().skip(1);
    match costs {
        Some(c) => entered.map(|&cell| u64::from(c.of(cell))).sum(),
        None => entered.count() as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Dims, Shape};

    fn square(w: u32, h: u32) -> Shape {
        Shape::square(Dims::new(w, h).unwrap())
    }

    #[test]
    fn a_weighting_reads_back_and_bad_ones_are_refused_by_name() {
        for text in ["random:9", "patches:20", "random:255"] {
            assert_eq!(Weights::parse(text).unwrap().name(), text);
        }
        for (text, says) in [
            ("random", "NAME:MAX"),
            ("random:1", "from 2 to 255"),
            ("random:256", "from 2 to 255"),
            ("random:x", "NAME:MAX"),
            ("mud:9", "random, patches"),
        ] {
            let e = Weights::parse(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn costs_lie_between_one_and_max_and_the_seed_fixes_them() {
        let shape = square(30, 20);
        for w in ["random:9", "patches:9"] {
            let w = Weights::parse(w).unwrap();
            let a = w.costs(&shape, 7);
            assert_eq!(a.as_slice().len(), 600);
            assert!(a.as_slice().iter().all(|&c| (1..=9).contains(&c)));
            assert_eq!(a, w.costs(&shape, 7), "{w:?}");
            assert_ne!(a, w.costs(&shape, 8), "{w:?}");
            // Every cost from 1 to 9 turns up somewhere on 600 cells.
            let distinct: std::collections::BTreeSet<u8> = a.as_slice().iter().copied().collect();
            assert!(distinct.len() >= 5, "{w:?}: {distinct:?}");
        }
    }

    #[test]
    fn patches_are_runs_of_one_cost_and_random_is_not() {
        let shape = square(40, 40);
        let same_as_east = |w: &str| {
            let costs = Weights::parse(w).unwrap().costs(&shape, 3);
            let c = costs.as_slice();
            (0..1600)
                .filter(|&i| i % 40 != 39 && c[i] == c[i + 1])
                .count()
        };
        // Of 1560 east neighbours, a patch shares its cost with most; an
        // independent draw from 1 to 9 with about one in nine.
        assert!(
            same_as_east("patches:9") > 1100,
            "{}",
            same_as_east("patches:9")
        );
        assert!(
            same_as_east("random:9") < 400,
            "{}",
            same_as_east("random:9")
        );
    }

    #[test]
    fn every_cell_of_a_masked_shape_gets_a_cost() {
        let mut text = String::new();
        for y in 0..9 {
            for x in 0..9 {
                text.push(if (2..7).contains(&x) && (2..7).contains(&y) {
                    'X'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
        let (dims, cells) = crate::shape::Mask::from_text(&text).unwrap();
        let shape = Shape::square(dims).with_mask(cells).unwrap();
        for seed in 0..20 {
            let costs = Weights::parse("patches:5").unwrap().costs(&shape, seed);
            assert!(costs.as_slice().iter().all(|&c| (1..=5).contains(&c)));
        }
    }

    #[test]
    fn a_path_costs_the_cells_it_enters() {
        let costs = Costs::from_values(&[5, 2, 3, 4], 4).unwrap();
        assert_eq!(path_cost(Some(&costs), &[0, 1, 3]), 6);
        assert_eq!(path_cost(None, &[0, 1, 3]), 2);
        assert_eq!(path_cost(Some(&costs), &[2]), 0);
        let e = Costs::from_values(&[1, 0, 1, 1], 4)
            .unwrap_err()
            .to_string();
        assert!(e.contains("0 at cell 1"), "{e}");
        assert!(Costs::from_values(&[1, 1], 4).is_err());
    }
}
