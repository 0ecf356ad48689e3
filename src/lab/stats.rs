//! `stats`: many mazes of one algorithm measured on every core, each
//! metric's mean, spread and 95% interval. What the CLI's `stats` and the
//! Python package's `mazelab.stats` share.

#[cfg(not(target_arch = "wasm32"))]
use super::run::{self, check_runs};
use super::tally::Tally;
use super::{Candidate, StatsReport, METRIC_COUNT};
use crate::error::MazeError;
use crate::generate::texture::Texture;
use crate::generate::{Knob, PopSpec};
#[cfg(not(target_arch = "wasm32"))]
use crate::shape::Shape;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

/// What `stats` is asked for.
#[derive(Clone, Debug)]
pub struct StatsRequest {
    /// The generator, or `growing-tree:POP`.
    pub algorithm: String,
    /// The growing tree's pop, if given apart.
    pub pop: Option<PopSpec>,
    /// The shape's name.
    pub shape: String,
    /// The size as the CLI writes it; `None` for `lab_size`.
    pub size: Option<String>,
    /// The square's wrap (`x`, `y`, `xy`: a torus has no boundary, so its
    /// figures are the infinite lattice's), if any.
    pub wrap: Option<String>,
    /// How many mazes: seeds `seed`, `seed + 1`, ...
    pub runs: u64,
    /// The first seed; `None` draws one.
    pub seed: Option<u64>,
    /// The texture every maze is built with.
    pub texture: Texture,
}

/// The size `stats` and `sweep` measure when none is given: 20x20 on the
/// flat tilings, 10 rings, each other shape's own default.
pub fn lab_size(shape: &str) -> &'static str {
    match shape {
        "polar" => "10",
        "square" | "hex" | "triangle" | "upsilon" | "crack" => "20x20",
        other => crate::shape::default_size(other),
    }
}

/// The candidate `algorithm` names, with `pop` if given (growing-tree only).
pub fn candidate(algorithm: &str, pop: &Option<PopSpec>) -> Result<Candidate, MazeError> {
    let mut c = Candidate::parse(algorithm)?;
    if let Some(pop) = pop {
        if c.algorithm.knob != Knob::Pop {
            return Err(MazeError::BadValue {
                what: "--pop",
                given: format!("{pop} with {}", c.algorithm.name),
                valid: "a pop strategy only for growing-tree".to_string(),
            });
        }
        c.pop = pop.clone();
    }
    Ok(c)
}

/// Measures `runs` mazes of `shape` from `seed` on every core, each a row
/// of `METRIC_COUNT` values in seed order.
#[cfg(not(target_arch = "wasm32"))]
pub fn measure_here(
    c: &Candidate,
    shape: &Shape,
    texture: &Texture,
    seed: u64,
    runs: u64,
) -> Result<Vec<f64>, MazeError> {
    let start = Instant::now();
    let now_ns = move || start.elapsed().as_nanos() as f64;
    let parts = run::in_parallel(seed, runs, |from, count| {
        let mut rows = Vec::new();
        run::measure_textured(c, shape, texture, from, count, &now_ns, &mut rows)?;
        Ok(rows)
    })?;
    Ok(parts.concat())
}

/// A share of a stats run: the tallies of some of its mazes, which merge
/// exactly with the other shares' (`lab::tally`), so a run split over a
/// cluster's workers reports what one process reports for the same seeds.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StatsPart {
    /// The candidate's spec.
    pub algorithm: String,
    /// How the page and reports name it.
    pub label: String,
    /// The shape's name.
    pub shape: String,
    /// The size as the link spells it.
    pub size: String,
    /// Mazes tallied.
    pub runs: u64,
    /// One per metric, in `METRICS` order.
    pub tallies: Vec<Tally>,
}

impl StatsPart {
    /// Adds `other`'s mazes; refused if it measured other mazes.
    pub fn merge(&mut self, other: &StatsPart) -> Result<(), MazeError> {
        fn same(p: &StatsPart) -> (&str, &str, &str, usize) {
            (&p.algorithm, &p.shape, &p.size, p.tallies.len())
        }
        if same(self) != same(other) {
            return Err(MazeError::BadValue {
                what: "stats part",
                given: format!("{} on {} {}", other.algorithm, other.shape, other.size),
                valid: format!(
                    "a part of the same run: {} on {} {}",
                    self.algorithm, self.shape, self.size
                ),
            });
        }
        self.runs += other.runs;
        for (mine, theirs) in self.tallies.iter_mut().zip(&other.tallies) {
            mine.merge(theirs);
        }
        Ok(())
    }

    /// The report of the run whose first maze had `seed`.
    pub fn report(&self, seed: u64) -> StatsReport {
        StatsReport {
            algorithm: self.algorithm.clone(),
            label: self.label.clone(),
            shape: self.shape.clone(),
            size: self.size.clone(),
            runs: self.runs,
            seed,
            metrics: self.tallies.iter().map(Tally::summary).collect(),
        }
    }

    /// The part as JSON, floats written so they read back bit for bit.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a part is plain data")
    }

    /// Reads a part `to_json` wrote.
    pub fn from_json(text: &str) -> Result<StatsPart, MazeError> {
        serde_json::from_str(text).map_err(|e| MazeError::BadValue {
            what: "stats part",
            given: e.to_string(),
            valid: "the JSON mazelab's stats part gave".into(),
        })
    }
}

/// Measures the request's mazes on every core into one part: seeds
/// `seed` to `seed + runs - 1` (natively: the page's lab runs its own Web
/// Workers).
#[cfg(not(target_arch = "wasm32"))]
pub fn stats_part(request: &StatsRequest, seed: u64) -> Result<StatsPart, MazeError> {
    let c = candidate(&request.algorithm, &request.pop)?;
    let size = request.size.as_deref().unwrap_or(lab_size(&request.shape));
    let shape = Shape::parse(&request.shape, size, request.wrap.as_deref())?;
    c.check(&shape)?;
    request.texture.check(c.algorithm, &shape)?;
    check_runs(request.runs)?;
    let rows = measure_here(&c, &shape, &request.texture, seed, request.runs)?;
    Ok(StatsPart {
        algorithm: c.spec(),
        label: c.label(),
        shape: shape.name().to_string(),
        size: shape.size_text(),
        runs: request.runs,
        tallies: tallies(&rows),
    })
}

/// One tally per metric over rows of `METRIC_COUNT` values.
pub fn tallies(rows: &[f64]) -> Vec<Tally> {
    (0..METRIC_COUNT)
        .map(|m| Tally::of(rows.chunks_exact(METRIC_COUNT).map(|row| row[m])))
        .collect()
}

/// Below this many mazes a run is one share: too quick to report on.
pub const SHARED_FROM: u64 = 2000;

/// Measures the request's mazes on every core; `progress(done)` hears of
/// the mazes measured so far. A run of `SHARED_FROM` mazes or more is
/// taken in 20 shares for that, which changes no figure: the shares'
/// tallies merge exactly.
#[cfg(not(target_arch = "wasm32"))]
pub fn stats(
    request: &StatsRequest,
    progress: &mut dyn FnMut(u64),
) -> Result<StatsReport, MazeError> {
    check_runs(request.runs)?;
    let seed = request.seed.unwrap_or_else(crate::rng::fresh_seed);
    let runs = request.runs;
    let per = if runs < SHARED_FROM {
        runs
    } else {
        runs.div_ceil(20)
    };
    let mut whole: Option<StatsPart> = None;
    let mut done = 0;
    while done < runs {
        let share = StatsRequest {
            runs: per.min(runs - done),
            ..request.clone()
        };
        let part = stats_part(&share, seed.wrapping_add(done))?;
        match &mut whole {
            Some(w) => w.merge(&part)?,
            None => whole = Some(part),
        }
        done += share.runs;
        progress(done);
    }
    Ok(whole.expect("at least one share").report(seed))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn request(runs: u64) -> StatsRequest {
        StatsRequest {
            algorithm: "wilson".into(),
            pop: None,
            shape: "square".into(),
            size: Some("12x9".into()),
            wrap: None,
            runs,
            seed: Some(40),
            texture: Texture::default(),
        }
    }

    /// Timing is the one metric two runs of the same seeds may differ in.
    fn without_timing(mut report: StatsReport) -> StatsReport {
        let timing = crate::lab::measure::metric_index("ns_per_cell").unwrap();
        report.metrics[timing] = None;
        report
    }

    #[test]
    fn parts_of_a_run_merge_into_the_whole_run_bit_for_bit() {
        let whole = without_timing(stats(&request(60), &mut |_| {}).unwrap());
        // Three uneven shares of seeds 40..100, merged out of order, as a
        // cluster's workers finish.
        let shares = [(70, 30), (40, 7), (47, 23)];
        let mut parts = shares.iter().map(|&(from, runs)| {
            let json = stats_part(&request(runs), from).unwrap().to_json();
            StatsPart::from_json(&json).unwrap()
        });
        let mut merged = parts.next().unwrap();
        for part in parts {
            merged.merge(&part).unwrap();
        }
        assert_eq!(without_timing(merged.report(40)), whole);
        // A part of another run is refused by name.
        let mut other = request(5);
        other.algorithm = "kruskal".into();
        let err = merged.merge(&stats_part(&other, 0).unwrap()).unwrap_err();
        assert!(err.to_string().contains("kruskal"), "{err}");
    }
}
