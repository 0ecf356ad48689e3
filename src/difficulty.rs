//! Monte-Carlo difficulty (mazelib's `generate_monte_carlo`): generate several
//! mazes with the same settings and keep the hardest or the easiest, judged by
//! the length of the solution from the entrance to the exit.

use crate::analyze;
use crate::error::MazeError;
use crate::generate::{generate, Params};
use crate::shape::Topology;

/// The most mazes one search may generate.
pub const MAX_TRIALS: u32 = 1000;
/// The most cells one search may generate in all, to keep it under a second or so.
pub const MAX_TOTAL_CELLS: u64 = 20_000_000;

/// Which end of the difficulty range to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Keep the maze with the longest solution.
    Hardest,
    /// Keep the maze with the shortest solution.
    Easiest,
}

/// The maze kept: its seed and its solution length in moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// The kept maze's seed.
    pub seed: u64,
    /// Its solution's length in moves.
    pub solution_length: u32,
}

/// Tries `trials` seeds from `params.seed` upward and keeps the maze whose
/// solution (top-left to bottom-right) is longest or shortest; the first one
/// on ties.
pub fn monte_carlo(
    algorithm: &str,
    params: &Params,
    trials: u32,
    keep: Keep,
) -> Result<Pick, MazeError> {
    let cells = u64::from(params.shape.cells());
    let total = u64::from(trials) * cells;
    if trials == 0 || trials > MAX_TRIALS || total > MAX_TOTAL_CELLS {
        return Err(MazeError::BadValue {
            what: "number of trials",
            given: trials.to_string(),
            valid: format!(
                "1 to {MAX_TRIALS}, and at most {MAX_TOTAL_CELLS} cells in all ({} for this size)",
                (MAX_TOTAL_CELLS / cells).clamp(1, u64::from(MAX_TRIALS))
            ),
        });
    }
    let mut best: Option<Pick> = None;
    for i in 0..u64::from(trials) {
        let seed = params.seed.wrapping_add(i);
        let grid = generate(
            algorithm,
            Params {
                seed,
                ..params.clone()
            },
        )?;
        // The default ends on every shape: the first and last live cells.
        let ends = crate::entrance::place(&grid, crate::entrance::EntranceStyle::Norvig, seed);
        let length = analyze::distances(&grid, ends.entrance.cell)[ends.exit.cell as usize];
        let better = match (best, keep) {
            (None, _) => true,
            (Some(b), Keep::Hardest) => length > b.solution_length,
            (Some(b), Keep::Easiest) => length < b.solution_length,
        };
        if better {
            best = Some(Pick {
                seed,
                solution_length: length,
            });
        }
    }
    Ok(best.expect("at least one trial ran"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Dims;

    #[test]
    fn the_kept_maze_is_the_hardest_or_easiest_of_those_tried() {
        let params = Params::new(Dims::new(15, 10).unwrap(), 100);
        let lengths: Vec<u32> = (0..12)
            .map(|i| {
                let grid = generate(
                    "prim",
                    Params {
                        seed: 100 + i,
                        ..params.clone()
                    },
                )
                .unwrap();
                analyze::distances(&grid, 0)[149]
            })
            .collect();
        let hardest = monte_carlo("prim", &params, 12, Keep::Hardest).unwrap();
        let easiest = monte_carlo("prim", &params, 12, Keep::Easiest).unwrap();
        assert_eq!(hardest.solution_length, *lengths.iter().max().unwrap());
        assert_eq!(easiest.solution_length, *lengths.iter().min().unwrap());
        assert_eq!(
            lengths[(hardest.seed - 100) as usize],
            hardest.solution_length
        );
        assert!(hardest.solution_length > easiest.solution_length);
    }

    #[test]
    fn too_many_trials_are_refused_with_the_limit() {
        let params = Params::new(Dims::new(1000, 1000).unwrap(), 1);
        let err = monte_carlo("prim", &params, 50, Keep::Hardest)
            .unwrap_err()
            .to_string();
        assert!(err.contains("20 for this size"), "{err}");
        assert!(monte_carlo("prim", &params, 0, Keep::Hardest).is_err());
    }

    #[test]
    fn a_masked_polar_search_measures_between_the_first_and_last_live_cells() {
        use crate::shape::{Mask, Shape, Topology};
        let base = Shape::parse("polar", "6", None).unwrap();
        let mut mask = Mask::all_on(base.cells());
        // The centre and the last cell are off: the ends move inward.
        mask.set(0, false);
        mask.set(base.cells() - 1, false);
        let shape = base.with_mask(mask).unwrap();
        let params = Params::on(shape.clone(), 7);
        let pick = monte_carlo("wilson", &params, 6, Keep::Hardest).unwrap();
        let grid = generate(
            "wilson",
            Params {
                seed: pick.seed,
                ..params
            },
        )
        .unwrap();
        let expected = analyze::distances(&grid, 1)[shape.cells() as usize - 2];
        assert_eq!(pick.solution_length, expected);
        assert!(expected > 0 && expected != analyze::UNREACHABLE);
    }
}
