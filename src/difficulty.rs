//! Monte-Carlo difficulty (mazelib's `generate_monte_carlo`): generate several
//! mazes with the same settings and keep the hardest or the easiest, judged by
//! the length of the solution from the entrance to the exit; or a target:
//! generate seed after seed until a lab metric (the solution's share of the
//! cells, the dead ends...) falls in a range.

use crate::analyze;
use crate::error::MazeError;
use crate::generate::{generate, Params};
use crate::lab::measure::{Measurer, METRICS};
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

/// The maze of `seed` with the params' other settings, and its default
/// ends (on every shape: the first and last live cells).
fn maze_of(
    algorithm: &str,
    params: &Params,
    seed: u64,
) -> Result<(crate::grid::Grid, crate::entrance::Ends), MazeError> {
    let grid = generate(
        algorithm,
        Params {
            seed,
            ..params.clone()
        },
    )?;
    let ends = crate::entrance::place(&grid, crate::entrance::EntranceStyle::Norvig, seed);
    Ok((grid, ends))
}

/// The number of trials a person typed (the page's Difficulty group): a
/// whole number from 1 to `MAX_TRIALS`, or an error naming what was typed.
pub fn parse_trials(text: &str) -> Result<u32, MazeError> {
    text.trim()
        .parse()
        .ok()
        .filter(|n| (1..=MAX_TRIALS).contains(n))
        .ok_or_else(|| MazeError::BadValue {
            what: "number of trials",
            given: text.trim().to_string(),
            valid: format!("a whole number from 1 to {MAX_TRIALS}"),
        })
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
        let (grid, ends) = maze_of(algorithm, params, seed)?;
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

/// A metric's range to reach: `solution_pct:30-40`.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// The metric's place in `METRICS`.
    pub metric: usize,
    /// The lowest value taken.
    pub low: f64,
    /// The highest value taken.
    pub high: f64,
}

impl Target {
    /// Reads `METRIC:LOW-HIGH` (a metric key of the lab, e.g.
    /// `solution_pct:30-40` or `dead_end_pct:0-8`).
    pub fn parse(text: &str) -> Result<Target, MazeError> {
        let keys: Vec<&str> = METRICS.iter().map(|m| m.key).collect();
        let bad = |why: String| MazeError::BadValue {
            what: "difficulty target",
            given: text.to_string(),
            valid: why,
        };
        let (key, range) = text
            .trim()
            .split_once(':')
            .ok_or_else(|| bad("METRIC:LOW-HIGH, e.g. solution_pct:30-40".into()))?;
        let metric = keys
            .iter()
            .position(|k| *k == key.trim())
            .ok_or_else(|| bad(format!("a metric of {}", keys.join(", "))))?;
        let (low, high) = range
            .split_once('-')
            .and_then(|(a, b)| Some((a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?)))
            .filter(|(a, b)| a.is_finite() && b.is_finite() && a <= b)
            .ok_or_else(|| bad("a range LOW-HIGH with LOW at most HIGH, e.g. 30-40".into()))?;
        Ok(Target { metric, low, high })
    }

    /// `solution_pct:30-40`.
    pub fn to_text(&self) -> String {
        format!("{}:{}-{}", METRICS[self.metric].key, self.low, self.high)
    }
}

/// The maze a target search found: its seed, the metric's value and how
/// many mazes it took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// The first seed whose maze is in range.
    pub seed: u64,
    /// Its metric.
    pub value: f64,
    /// Mazes generated, this one included.
    pub tried: u32,
}

/// Generates mazes from `params.seed` upward until `target`'s metric falls
/// in its range, at most `MAX_TRIALS` of them (and `MAX_TOTAL_CELLS` cells
/// in all); an error says how close the nearest came.
pub fn reach(algorithm: &str, params: &Params, target: &Target) -> Result<Hit, MazeError> {
    let cells = u64::from(params.shape.cells()).max(1);
    let most = (MAX_TOTAL_CELLS / cells).clamp(1, u64::from(MAX_TRIALS));
    let mut measurer = Measurer::default();
    let mut nearest: Option<(f64, u64, f64)> = None;
    for i in 0..most {
        let seed = params.seed.wrapping_add(i);
        let (grid, ends) = maze_of(algorithm, params, seed)?;
        let value = measurer.measure(&grid, &ends, 0.0)[target.metric];
        if !value.is_finite() {
            return Err(MazeError::BadValue {
                what: "difficulty target",
                given: target.to_text(),
                valid: format!(
                    "a metric this shape defines ({} is not)",
                    METRICS[target.metric].key
                ),
            });
        }
        if (target.low..=target.high).contains(&value) {
            return Ok(Hit {
                seed,
                value,
                tried: i as u32 + 1,
            });
        }
        let off = (value - target.low).abs().min((value - target.high).abs());
        if nearest.is_none_or(|(o, _, _)| off < o) {
            nearest = Some((off, seed, value));
        }
    }
    let (_, seed, value) = nearest.expect("at least one maze was tried");
    Err(MazeError::BadValue {
        what: "difficulty target",
        given: target.to_text(),
        valid: format!(
            "a range these mazes reach: none of {most} (seeds {} to {}) was in it; the nearest, seed {seed}, had {value:.2}",
            params.seed,
            params.seed.wrapping_add(most - 1)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Dims;

    #[test]
    fn typed_trials_are_a_whole_number_from_1_to_the_most_and_a_bad_one_is_named() {
        assert_eq!(parse_trials(" 25 "), Ok(25));
        assert_eq!(parse_trials("1000"), Ok(MAX_TRIALS));
        for typed in ["-3", "0", "1001", "2.5", "", "ten"] {
            let message = parse_trials(typed).unwrap_err().to_string();
            assert!(
                message.starts_with(&format!("bad number of trials '{typed}'")),
                "{typed}: {message}"
            );
        }
    }

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
    fn a_target_stops_at_the_first_maze_in_range_and_counts_the_tries() {
        let params = Params::new(Dims::new(20, 20).unwrap(), 1);
        let measure = |seed: u64| {
            let grid = generate(
                "prim",
                Params {
                    seed,
                    ..params.clone()
                },
            )
            .unwrap();
            let ends = crate::entrance::place(&grid, crate::entrance::EntranceStyle::Norvig, seed);
            Measurer::default().measure(&grid, &ends, 0.0)[1]
        };
        let target = Target::parse("solution_pct:10-14").unwrap();
        let hit = reach("prim", &params, &target).unwrap();
        assert!((10.0..=14.0).contains(&hit.value), "{hit:?}");
        assert_eq!(hit.value, measure(hit.seed));
        assert_eq!(u64::from(hit.tried), hit.seed - 1 + 1);
        for seed in 1..hit.seed {
            assert!(
                !(10.0..=14.0).contains(&measure(seed)),
                "seed {seed} was in range"
            );
        }
        // A range no maze reaches says how close the nearest came.
        let never = Target::parse("dead_end_pct:90-95").unwrap();
        let err = reach("prim", &Params::new(Dims::new(8, 8).unwrap(), 1), &never)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("none of 1000") && err.contains("nearest"),
            "{err}"
        );
        for bad in [
            "solution_pct",
            "nope:1-2",
            "solution_pct:40-30",
            "solution_pct:a-b",
        ] {
            assert!(Target::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Target::parse(" river:1-2.5").unwrap().to_text(),
            "river:1-2.5"
        );
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
