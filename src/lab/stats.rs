//! `stats`: many mazes of one algorithm measured on every core, each
//! metric's mean, spread and 95% interval. What the CLI's `stats` and the
//! Python package's `mazelab.stats` share.

#[cfg(not(target_arch = "wasm32"))]
use super::run::{self, check_runs};
use super::Candidate;
#[cfg(not(target_arch = "wasm32"))]
use super::StatsReport;
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
        "square" | "hex" | "triangle" | "upsilon" => "20x20",
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

/// Measures the request's mazes on every core (natively: the page's lab
/// runs its own Web Workers).
#[cfg(not(target_arch = "wasm32"))]
pub fn stats(request: &StatsRequest) -> Result<StatsReport, MazeError> {
    let c = candidate(&request.algorithm, &request.pop)?;
    let size = request.size.as_deref().unwrap_or(lab_size(&request.shape));
    let shape = Shape::parse(&request.shape, size, request.wrap.as_deref())?;
    c.check(&shape)?;
    request.texture.check(c.algorithm, &shape)?;
    check_runs(request.runs)?;
    let seed = request.seed.unwrap_or_else(crate::rng::fresh_seed);
    let rows = measure_here(&c, &shape, &request.texture, seed, request.runs)?;
    Ok(StatsReport::from_rows(
        c.spec(),
        c.label(),
        shape.name().to_string(),
        shape.size_text(),
        seed,
        &rows,
    ))
}
