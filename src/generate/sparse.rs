//! Sparseness (Pullen's Daedalus): turn dead ends to rock, again and again,
//! so the maze thins out into separate corridors through solid rock.
//!
//! 1. Pick a dead end at random and turn it to rock: its one passage closes
//!    and the cell leaves the maze (a masked cell).
//! 2. Its neighbour may now be a dead end itself and can be picked next.
//! 3. Repeat until `P`% of the maze's cells are rock.
//!
//! Only dead ends go, so what is left stays one piece, and a perfect maze
//! stays perfect over its remaining cells. On a braided maze with no dead
//! end left, nothing can go. The mazes keep their generator's texture in
//! the corridors that remain, with wide bands of rock between them.

use crate::error::MazeError;
use crate::grid::Grid;
use crate::rng::Rng;
use crate::shape::{Cell, Mask, Topology};

/// Turns dead ends to rock until `percent` of the live cells are rock (or
/// no dead end is left), drawing them with a generator seeded by `seed`;
/// the rest comes back as a maze on the same shape under a mask.
pub fn sparsify(grid: &Grid, percent: u8, seed: u64) -> Result<Grid, MazeError> {
    if percent > 100 {
        return Err(MazeError::BadValue {
            what: "sparse",
            given: percent.to_string(),
            valid: "0 to 100 (the share of cells turned to rock)".into(),
        });
    }
    if percent == 0 {
        return Ok(grid.clone());
    }
    let shape = grid.shape();
    let n = shape.cells() as usize;
    let live = shape.live_cells();
    // Always leave two cells: a maze needs somewhere to go.
    let target =
        (u64::from(live) * u64::from(percent) / 100).min(u64::from(live.saturating_sub(2)));
    let mut degree: Vec<u32> = (0..shape.cells())
        .map(|c| {
            if shape.is_cell(c) {
                grid.open_neighbors(c).len() as u32
            } else {
                0
            }
        })
        .collect();
    let mut rock = vec![false; n];
    let mut dead: Vec<Cell> = (0..shape.cells())
        .filter(|&c| shape.is_cell(c) && degree[c as usize] == 1)
        .collect();
    let mut rng = Rng::with_stream(seed, 0x7370_6172);
    let mut removed = 0u64;
    while removed < target && !dead.is_empty() {
        let i = rng.below(dead.len() as u32) as usize;
        let cell = dead.swap_remove(i);
        if rock[cell as usize] || degree[cell as usize] != 1 {
            continue;
        }
        rock[cell as usize] = true;
        degree[cell as usize] = 0;
        removed += 1;
        for &m in grid.open_neighbors(cell).as_slice() {
            if !rock[m as usize] {
                degree[m as usize] -= 1;
                if degree[m as usize] == 1 {
                    dead.push(m);
                }
            }
        }
    }
    let mut mask = shape
        .mask
        .as_deref()
        .cloned()
        .unwrap_or_else(|| Mask::all_on(shape.cells()));
    for (cell, &r) in rock.iter().enumerate() {
        if r {
            mask.set(cell as Cell, false);
        }
    }
    let sparse = shape.unmasked().with_mask(mask)?;
    let mut out = Grid::closed_shape(sparse);
    for (a, b) in grid.opening_pairs() {
        if !rock[a as usize] && !rock[b as usize] {
            out.set_open(a, b, true);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Params};
    use crate::shape::Shape;

    #[test]
    fn a_sparse_maze_is_a_perfect_maze_over_its_remaining_cells() {
        for (name, size) in [
            ("square", "20x15"),
            ("hex", "12x10"),
            ("3d", "6x6x3"),
            ("cube", "4"),
        ] {
            let shape = Shape::parse(name, size, None).unwrap();
            for seed in 0..5 {
                let grid = generate("backtracker", Params::on(shape.clone(), seed)).unwrap();
                assert_eq!(sparsify(&grid, 0, seed).unwrap(), grid, "0 leaves the maze");
                for percent in [10, 50, 90] {
                    let sparse = sparsify(&grid, percent, seed).unwrap();
                    let live = sparse.shape().live_cells();
                    let rock = shape.cells() - live;
                    assert_eq!(
                        u64::from(rock),
                        u64::from(shape.cells()) * u64::from(percent) / 100,
                        "{name} {percent}%"
                    );
                    assert_eq!(
                        sparse.openings(),
                        u64::from(live) - 1,
                        "{name} {percent}%: a tree"
                    );
                    let first = (0..shape.cells())
                        .find(|&c| sparse.shape().is_cell(c))
                        .unwrap();
                    let reached = crate::analyze::distances(&sparse, first)
                        .iter()
                        .filter(|&&d| d != crate::analyze::UNREACHABLE)
                        .count();
                    assert_eq!(reached as u32, live, "{name} {percent}%: one piece");
                }
            }
        }
        let grid = generate(
            "kruskal",
            Params::on(Shape::parse("square", "5x5", None).unwrap(), 1),
        )
        .unwrap();
        assert!(sparsify(&grid, 101, 1)
            .unwrap_err()
            .to_string()
            .contains("0 to 100"));
        // All of it: two cells stay.
        assert_eq!(sparsify(&grid, 100, 1).unwrap().shape().live_cells(), 2);
    }
}
