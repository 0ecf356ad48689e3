//! `mazelab stats` and `mazelab uniformity`: the lab's statistics and its
//! exact uniformity test, on every core.

use mazelab::error::{parse_seed, MazeError};
use mazelab::generate::PopSpec;
use mazelab::lab::run::{self, check_runs};
use mazelab::lab::stats::{candidate, lab_size, StatsRequest};
use mazelab::lab::{report, Candidate, StatsReport, Trees, Uniformity};
use mazelab::rng::fresh_seed;
use mazelab::shape::{Shape, SHAPE_NAMES};
use std::time::Instant;

use crate::texture::TextureArgs;

/// What `stats` was asked for.
#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// The generator (see `mazelab list`); `growing-tree:POP` picks a pop.
    #[arg(long, default_value = "growing-tree")]
    algorithm: String,
    /// growing-tree's pop strategy (newest, oldest, random, middle or a mix).
    #[arg(long, value_name = "SPEC", value_parser = PopSpec::parse)]
    pop: Option<PopSpec>,
    /// The tiling.
    #[arg(long, default_value = "square", value_parser = clap::builder::PossibleValuesParser::new(SHAPE_NAMES))]
    shape: String,
    /// The size, as `generate --size` reads it; default 20x20 (polar: 10
    /// rings; other shapes: the page's default size).
    #[arg(long, value_name = "WxH|RINGS")]
    size: Option<String>,
    /// Wrap the square: x, y or xy (a torus: no boundary, so its figures
    /// are the infinite lattice's).
    #[arg(long, value_name = "x|y|xy")]
    wrap: Option<String>,
    /// How many mazes: seeds S, S+1, ...
    #[arg(long, default_value_t = 100)]
    runs: u64,
    /// The first seed; without one a random seed is drawn and reported.
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,
    /// text (a table), json, or csv.
    #[arg(long, default_value = "text", value_parser = ["text", "json", "csv"])]
    format: String,
    #[command(flatten)]
    texture: TextureArgs,
}

/// What `sweep` was asked for.
#[derive(clap::Args, Debug)]
pub struct SweepArgs {
    /// The control to step: braid (every generator), run (the chance a
    /// walk carries straight on), grain (h:P, P from the range), sparse
    /// (the share of cells turned to rock) or pop-share (the growing tree,
    /// from all newest at 0 to all random at 100).
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(mazelab::lab::sweep::SWEEP_PARAMS))]
    param: String,
    /// The first value, 0 to 100.
    #[arg(long, default_value_t = 0)]
    from: u32,
    /// The last value, 0 to 100.
    #[arg(long, default_value_t = 100)]
    to: u32,
    /// How many evenly spaced values, 2 to 101.
    #[arg(long, default_value_t = 11)]
    points: u32,
    /// The generators, comma-separated; `growing-tree:POP` picks a pop.
    #[arg(long, default_value = "backtracker", value_delimiter = ',')]
    algorithm: Vec<String>,
    /// The tiling.
    #[arg(long, default_value = "square", value_parser = clap::builder::PossibleValuesParser::new(SHAPE_NAMES))]
    shape: String,
    /// The size, as for `stats`.
    #[arg(long, value_name = "WxH|RINGS")]
    size: Option<String>,
    /// Mazes per algorithm at each point (the same seeds at every point).
    #[arg(long, default_value_t = 100)]
    runs: u64,
    /// The first seed; without one a random seed is drawn.
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,
    /// csv (one row per point, algorithm and metric) or json.
    #[arg(long, default_value = "csv", value_parser = ["csv", "json"])]
    format: String,
    /// The other controls, held where they are while the swept one moves.
    #[command(flatten)]
    texture: TextureArgs,
}

/// What `scaling` was asked for.
#[derive(clap::Args, Debug)]
pub struct ScalingArgs {
    /// The generator (see `mazelab list`); `growing-tree:POP` picks a pop.
    #[arg(long, default_value = "wilson")]
    algorithm: String,
    /// What to follow: solution (cells on the solution between the corners),
    /// longest_path, dead_ends, junctions, mean_corridor or river.
    #[arg(long, default_value = "solution")]
    metric: String,
    /// The sides n of the n x n mazes (polar: rings), increasing.
    #[arg(long, default_value = "16,32,64,128")]
    sizes: String,
    /// The tiling.
    #[arg(long, default_value = "square", value_parser = clap::builder::PossibleValuesParser::new(SHAPE_NAMES))]
    shape: String,
    #[command(flatten)]
    series: SeriesArgs,
}

/// What `scaling` and `distribution` share: the wrap, the mazes, the
/// first seed and the format.
#[derive(clap::Args, Debug)]
pub struct SeriesArgs {
    /// Wrap the square: x, y or xy (a torus, no boundary).
    #[arg(long, value_name = "x|y|xy")]
    wrap: Option<String>,
    /// Mazes (at each size): seeds S, S+1, ...
    #[arg(long, default_value_t = 100)]
    runs: u64,
    /// The first seed; without one a random seed is drawn and reported.
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,
    /// text (a table) or json.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    format: String,
}

/// What `distribution` was asked for.
#[derive(clap::Args, Debug)]
pub struct DistributionArgs {
    /// The generator (perfect mazes); `growing-tree:POP` picks a pop.
    #[arg(long, default_value = "wilson")]
    algorithm: String,
    /// What to count: branch (the smaller part a cut passage splits off)
    /// or loop (the cells of the loop an opened wall closes).
    #[arg(long, default_value = "branch", value_parser = ["branch", "loop"])]
    quantity: String,
    /// The tiling.
    #[arg(long, default_value = "square", value_parser = clap::builder::PossibleValuesParser::new(SHAPE_NAMES))]
    shape: String,
    /// The size, as generate takes it.
    #[arg(long, default_value = "64x64", value_name = "WxH|RINGS")]
    size: String,
    #[command(flatten)]
    series: SeriesArgs,
}

pub fn distribution(args: DistributionArgs) -> Result<String, MazeError> {
    use mazelab::lab::distribution::{self, DistributionRequest, Quantity};
    let quantity = if args.quantity == "loop" {
        Quantity::Loop
    } else {
        Quantity::Branch
    };
    let seed = args.series.seed.unwrap_or_else(|| {
        let seed = fresh_seed();
        eprintln!("seed: {seed}");
        seed
    });
    let result = distribution::distribution(&DistributionRequest {
        algorithm: args.algorithm,
        quantity,
        shape: args.shape,
        size: args.size,
        wrap: args.series.wrap,
        runs: args.series.runs,
        seed,
    })?;
    Ok(match args.series.format.as_str() {
        "json" => result.to_json() + "\n",
        _ => result.to_text(),
    })
}

/// What `uniformity` was asked for.
#[derive(clap::Args, Debug)]
pub struct UniformityArgs {
    /// The generator; `growing-tree:POP` picks a pop.
    #[arg(long, default_value = "wilson")]
    algorithm: String,
    #[arg(long, value_name = "SPEC", value_parser = PopSpec::parse)]
    pop: Option<PopSpec>,
    /// The tiling (small: at most 1,000,000 spanning trees).
    #[arg(long, default_value = "square", value_parser = clap::builder::PossibleValuesParser::new(SHAPE_NAMES))]
    shape: String,
    /// Width x height, e.g. 3x3 (192 trees) or 4x4 (100352).
    #[arg(long, default_value = "3x3", value_name = "WxH|RINGS")]
    size: String,
    /// How many mazes; about 100 per spanning tree gives a sharp test.
    #[arg(long, default_value_t = 100_000)]
    runs: u64,
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,
    /// text or json (with one count per tree, trees in the order of
    /// their passage bitmasks: see the README).
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    format: String,
}

pub fn stats(args: StatsArgs) -> Result<String, MazeError> {
    let runs = args.runs;
    let mut progress = terminal_progress("stats", "mazes measured", runs);
    let report = mazelab::lab::stats::stats(
        &StatsRequest {
            algorithm: args.algorithm,
            pop: args.pop,
            shape: args.shape,
            size: args.size,
            wrap: args.wrap,
            runs: args.runs,
            seed: args.seed,
            texture: args.texture.texture(),
        },
        &mut progress,
    )?;
    Ok(match args.format.as_str() {
        "json" => report.to_json() + "\n",
        "csv" => StatsReport::CSV_HEADER.to_string() + &report.csv_rows(),
        _ => report.to_text(),
    })
}

pub fn sweep(args: SweepArgs) -> Result<String, MazeError> {
    use mazelab::lab::sweep::{self, Sweep, Work};
    let plan = Sweep::new(&args.param, args.from, args.to, args.points)?;
    let candidates = args
        .algorithm
        .iter()
        .map(|a| Candidate::parse(a))
        .collect::<Result<Vec<_>, _>>()?;
    let size = args.size.as_deref().unwrap_or(lab_size(&args.shape));
    let shape = Shape::parse(&args.shape, size, None)?;
    check_runs(args.runs.saturating_mul(u64::from(args.points)))?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let start = Instant::now();
    let clock = move || start.elapsed().as_nanos() as f64;
    let slices = |seed: u64, runs: u64, work: &Work| -> Result<Vec<f64>, MazeError> {
        Ok(run::in_parallel(seed, runs, work)?.concat())
    };
    let points = sweep::run(
        &plan,
        &candidates,
        &shape,
        &args.texture.texture(),
        seed,
        args.runs,
        &clock,
        &slices,
    )?;
    Ok(match args.format.as_str() {
        "json" => sweep::to_json(&plan, &points) + "\n",
        _ => sweep::csv_header() + &sweep::csv_rows(&plan, &points),
    })
}

pub fn scaling(args: ScalingArgs) -> Result<String, MazeError> {
    use mazelab::lab::scaling::{self, parse_sizes, ScalingRequest};
    let sizes = parse_sizes(&args.sizes)?;
    let total = sizes.len() as u64;
    let mut progress = terminal_progress("scaling", "sizes measured", total);
    let mut progress = |done: usize| progress(done as u64);
    let result = scaling::scaling(
        &ScalingRequest {
            algorithm: args.algorithm,
            metric: args.metric,
            sizes,
            shape: args.shape,
            wrap: args.series.wrap,
            runs: args.series.runs,
            seed: args.series.seed,
        },
        &mut progress,
    )?;
    Ok(match args.series.format.as_str() {
        "json" => result.to_json() + "\n",
        _ => result.to_text(),
    })
}

/// Progress on a terminal (nothing when stderr is a file or a pipe):
/// "what: N of TOTAL done", rewritten in place.
fn terminal_progress(what: &'static str, done_what: &'static str, total: u64) -> impl FnMut(u64) {
    use std::io::IsTerminal;
    let terminal = std::io::stderr().is_terminal();
    move |done: u64| {
        if terminal {
            eprint!("\r{what}: {done} of {total} {done_what}");
            if done == total {
                eprintln!();
            }
        }
    }
}

pub fn uniformity(args: UniformityArgs) -> Result<String, MazeError> {
    let c = candidate(&args.algorithm, &args.pop)?;
    let shape = Shape::parse(&args.shape, &args.size, None)?;
    c.check(&shape)?;
    check_runs(args.runs)?;
    let trees = Trees::of(&shape)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let parts = run::in_parallel(seed, args.runs, |from, count| {
        let mut counts = vec![0u64; trees.len()];
        run::count_trees(&c, &trees, &shape, from, count, &mut counts)?;
        Ok(counts)
    })?;
    let mut counts = vec![0u64; trees.len()];
    for part in parts {
        for (total, n) in counts.iter_mut().zip(part) {
            *total += n;
        }
    }
    let u = Uniformity::from_counts(counts);
    let size = shape.size_text();
    Ok(match args.format.as_str() {
        "json" => report::uniformity_json(&c.spec(), &size, seed, &u) + "\n",
        _ => report::uniformity_text(&c.label(), &format!("{} {size}", shape.name()), seed, &u),
    })
}
