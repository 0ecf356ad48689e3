//! Monte-Carlo difficulty (mazelib's `generate_monte_carlo`): generate several
//! mazes with the same settings and keep the hardest or the easiest, judged by
//! the length of the solution from the entrance to the exit.

use crate::analyze;
use crate::error::MazeError;
use crate::generate::{generate, Params};

/// The most mazes one search may generate.
pub const MAX_TRIALS: u32 = 1000;
/// The most cells one search may generate in all, to keep it under a second or so.
pub const MAX_TOTAL_CELLS: u64 = 20_000_000;

/// Which end of the difficulty range to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    Hardest,
    Easiest,
}

/// The maze kept: its seed and its solution length in moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    pub seed: u64,
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
    let total = u64::from(trials) * u64::from(params.dims().cells());
    if trials == 0 || trials > MAX_TRIALS || total > MAX_TOTAL_CELLS {
        return Err(MazeError::BadValue {
            what: "number of trials",
            given: trials.to_string(),
            valid: format!(
                "1 to {MAX_TRIALS}, and at most {MAX_TOTAL_CELLS} cells in all ({} for this size)",
                (MAX_TOTAL_CELLS / u64::from(params.dims().cells()))
                    .clamp(1, u64::from(MAX_TRIALS))
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
        let length = analyze::distances(&grid, 0)[grid.cells() as usize - 1];
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
    use crate::grid::Dims;

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
}
