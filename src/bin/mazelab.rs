//! The native CLI: `mazelab list`, `solvers`, `generate ...`, the lab's
//! `stats` and `uniformity` (in `mazelab/lab.rs`) and `completions SHELL`,
//! parsed with clap.
//!
//! Bad input prints one line naming the valid choices and exits with status
//! 2; nothing here panics on user input.

#[path = "mazelab/lab.rs"]
mod lab;
#[path = "mazelab/sheet.rs"]
mod sheet;
#[path = "mazelab/texture.rs"]
mod texture;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{CommandFactory, Parser, Subcommand};
use mazelab::analyze;
use mazelab::entrance::EntranceStyle;
use mazelab::error::parse_seed;
use mazelab::error::MazeError;
use mazelab::generate::{Algorithm, Bias, PopSpec, ALGORITHMS};
use mazelab::render::{self, Format};
use mazelab::request::{MaskText, MazeRequest};
use mazelab::shape::{Shape, SHAPE_NAMES};
use mazelab::solve::{self, Outcome, SOLVERS};
use std::io::Write;
use std::process::ExitCode;

/// Watch maze algorithms carve, compare them, and solve them: the same
/// mazes as the web app, printed as text, SVG or JSON.
#[derive(Parser, Debug)]
#[command(name = "mazelab", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the generators: name, a tab, how it works.
    List {
        /// Only those that run on this shape.
        #[arg(long, value_parser = PossibleValuesParser::new(SHAPE_NAMES))]
        shape: Option<String>,
    },
    /// List the solvers: name, a tab, how it works.
    Solvers,
    /// Generate a maze and print it.
    Generate(Request),
    /// Printable puzzle sheets: a vector PDF to stdout, one maze a page
    /// (seeds S, S+1, ...), with an answer page for each with --answers.
    Sheet(sheet::SheetArgs),
    /// Statistics over many mazes: each metric's mean, spread and 95%
    /// interval (seeds S, S+1, ...; on every core).
    Stats(lab::StatsArgs),
    /// The exact uniformity test: count how often each spanning tree of a
    /// small maze comes out, with chi-square, p-value and total variation.
    Uniformity(lab::UniformityArgs),
    /// A sweep: step one texture control over a range and give every
    /// metric's mean and 95% interval at each point, for each algorithm.
    Sweep(lab::SweepArgs),
    /// Scaling: a metric's mean at each side n of n x n mazes, and the
    /// power it grows as (a least-squares fit on the logs, with a 95%
    /// interval from the runs).
    Scaling(lab::ScalingArgs),
    /// A distribution over every passage of many perfect mazes (branch:
    /// the part a cut passage splits off; loop: the loop an opened wall
    /// closes), in log bins, and the power it falls as, with a 95%
    /// interval, beside the uniform spanning tree's.
    Distribution(lab::DistributionArgs),
    /// Print a shell completion script, e.g. `mazelab completions bash > /etc/bash_completion.d/mazelab`.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
}

/// The maze asked for: what `generate` and `sheet` share.
#[derive(clap::Args, Debug)]
struct MazeArgs {
    /// The generator (see `mazelab list`).
    #[arg(long, default_value = "backtracker", value_parser = algorithm_names())]
    algorithm: String,
    /// The tiling: square, polar (rings round a centre), hex, triangle,
    /// 3d and 4d (levels of squares), cube (six square faces) or upsilon
    /// (octagons and squares).
    #[arg(long, default_value = "square", value_parser = PossibleValuesParser::new(SHAPE_NAMES))]
    shape: String,
    /// Width x height in cells, each 1 to 4096 (default 20x10); polar: a
    /// number of rings (10); 3d: WxHxL (10x10x4); 4d: WxHxLxK (6x6x3x3);
    /// cube: a face's side (12); upsilon: WxH (30x20).
    #[arg(long, value_name = "WxH|RINGS")]
    size: Option<String>,
    /// Wrap a square maze around: x or y (a cylinder), xy (a torus),
    /// mobius (left meets right turned over) or klein (a Klein bottle).
    #[arg(long, value_parser = PossibleValuesParser::new(mazelab::shape::WRAP_NAMES))]
    wrap: Option<String>,
    /// A text file of rows, X for a cell that is off: the maze takes its
    /// outline, and the file sets the width and height.
    #[arg(long, value_name = "FILE")]
    mask: Option<std::path::PathBuf>,
    /// A whole number; without one a random seed is drawn and reported.
    #[arg(long, value_parser = parse_seed, allow_hyphen_values = true)]
    seed: Option<u64>,
    /// growing-tree's pop strategy: newest, oldest, random, middle, or a
    /// weighted mix like newest:75,random:25.
    #[arg(long, value_name = "SPEC", default_value = "newest", value_parser = PopSpec::parse)]
    pop: PopSpec,
    /// binary-tree's bias: NW, NE, SW or SE (any case).
    #[arg(long, default_value = "NW", value_parser = Bias::parse)]
    bias: Bias,
    /// Let passages run under straight cells (plain squares, with kruskal,
    /// backtracker or growing-tree).
    #[arg(long)]
    weave: bool,
    #[command(flatten)]
    texture: texture::TextureArgs,
    /// Where the ends go: norvig (top-left and bottom-right), random gaps in
    /// the border, or the two ends of the longest path.
    #[arg(long, default_value = "norvig", value_parser = choices(&EntranceStyle::ALL.map(EntranceStyle::name), |s| EntranceStyle::parse(s).ok()))]
    entrances: EntranceStyle,
}

impl MazeArgs {
    /// The request as the library takes it, the mask file read.
    fn request(&self) -> Result<MazeRequest, MazeError> {
        let mask = match &self.mask {
            None => None,
            Some(path) => Some(MaskText {
                text: std::fs::read_to_string(path).map_err(|e| MazeError::BadValue {
                    what: "mask file",
                    given: format!("{}: {e}", path.display()),
                    valid: "a readable text file of rows, X for a cell that is off".into(),
                })?,
                from: path.display().to_string(),
            }),
        };
        Ok(MazeRequest {
            algorithm: self.algorithm.clone(),
            shape: self.shape.clone(),
            size: self.size.clone(),
            wrap: self.wrap.clone(),
            mask,
            seed: self.seed,
            pop: self.pop.clone(),
            bias: self.bias,
            weave: self.weave,
            texture: self.texture.texture(),
            entrances: self.entrances,
        })
    }
}

/// What `generate` was asked for.
#[derive(clap::Args, Debug)]
struct Request {
    #[command(flatten)]
    maze: MazeArgs,
    /// The output format; stats prints one line of key=value metrics.
    #[arg(long, default_value = "ascii", value_parser = choices(&Format::ALL.map(Format::name), |s| Format::parse(s).ok()))]
    format: Format,
    /// With --format svg: draw each wall exactly once, joined into as few
    /// strokes as the walls allow, for pen plotters and laser cutters.
    #[arg(long)]
    plot: bool,
    /// Mark the path from the entrance to the exit.
    #[arg(long)]
    solve: bool,
    /// How to find it (see `mazelab solvers`).
    #[arg(long, default_value = "bfs", value_parser = solver_names())]
    solver: String,
    /// Generate seed after seed (from --seed, at most 1000) until a lab
    /// metric falls in a range, e.g. solution_pct:30-40, and print that
    /// maze; stderr says which seed and how many mazes it took.
    #[arg(long, value_name = "METRIC:LOW-HIGH", value_parser = |s: &str| mazelab::difficulty::Target::parse(s).map_err(|e| e.to_string()))]
    target: Option<mazelab::difficulty::Target>,
    /// With --format stl: from one wall's middle to the next, in mm [default: 6]
    #[arg(long, value_name = "MM")]
    cell_mm: Option<f64>,
    /// With --format stl: a wall's thickness, in mm (at least 0.4) [default: 1.2]
    #[arg(long, value_name = "MM")]
    wall_mm: Option<f64>,
    /// With --format stl: how far walls stand above the floor, in mm [default: 5]
    #[arg(long, value_name = "MM")]
    height_mm: Option<f64>,
    /// With --format stl: the floor's thickness, in mm [default: 2]
    #[arg(long, value_name = "MM")]
    base_mm: Option<f64>,
    /// With --format png: pixels from one wall's middle to the next, 2 to 64 [default: 16]
    #[arg(long, value_name = "PX")]
    cell_px: Option<u32>,
    /// With --format png: the page's light or dark colours [default: light]
    #[arg(long, value_parser = ["light", "dark"])]
    theme: Option<String>,
}

impl Request {
    /// The PNG's cell size and colours: the defaults, with what was given.
    fn png_options(&self) -> mazelab::render::png::PngOptions {
        use mazelab::render::canvas::palette::{DARK, LIGHT};
        mazelab::render::png::PngOptions {
            cell_px: self.cell_px.unwrap_or(16),
            palette: if self.theme.as_deref() == Some("dark") {
                &DARK
            } else {
                &LIGHT
            },
        }
    }

    /// The STL's measures: the defaults, with what was given.
    fn stl_options(&self) -> mazelab::render::stl::StlOptions {
        let d = mazelab::render::stl::StlOptions::default();
        mazelab::render::stl::StlOptions {
            cell_mm: self.cell_mm.unwrap_or(d.cell_mm),
            wall_mm: self.wall_mm.unwrap_or(d.wall_mm),
            height_mm: self.height_mm.unwrap_or(d.height_mm),
            base_mm: self.base_mm.unwrap_or(d.base_mm),
        }
    }
}

/// The generators' names, with their descriptions for completion menus.
fn algorithm_names() -> PossibleValuesParser {
    PossibleValuesParser::new(
        ALGORITHMS
            .iter()
            .map(|a| PossibleValue::new(a.name).help(a.description)),
    )
}

fn solver_names() -> PossibleValuesParser {
    PossibleValuesParser::new(
        SOLVERS
            .iter()
            .map(|s| PossibleValue::new(s.name).help(s.description)),
    )
}

/// A fixed set of names that clap lists in errors and completions, mapped to
/// the core's own type by its parser.
pub(crate) fn choices<T: Clone + Send + Sync + 'static>(
    names: &[&'static str],
    parse: fn(&str) -> Option<T>,
) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(names.to_vec())
        .map(move |name| parse(&name).expect("clap only passes one of the listed names"))
}

/// Why `generate` stopped: bad input (exit 2) or a failed write.
enum Failure {
    Bad(MazeError),
    Io(std::io::Error),
    /// The maze was written, but the solver found no path: why.
    Unsolved(String),
}

impl From<MazeError> for Failure {
    fn from(e: MazeError) -> Self {
        Failure::Bad(e)
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Io(e)
    }
}

/// The subcommands, as `--help` lists them.
fn commands() -> String {
    let cli = Cli::command();
    let names: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
    names.join(", ")
}

/// clap's error as one line: its message and the valid choices it lists,
/// without the usage block and tips, so a script's log stays one line.
fn one_line(error: &clap::Error) -> String {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        return format!(
            "mazelab: no command given; commands: {} (see mazelab --help)",
            commands()
        );
    }
    let text = error.to_string();
    let mut parts: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty()
                && !l.starts_with("Usage:")
                && !l.starts_with("tip:")
                && !l.starts_with("For more information")
        })
        .collect();
    if let Some(first) = parts.first_mut() {
        *first = first.trim_start_matches("error: ");
    }
    let mut line = parts.join(" ");
    if error.kind() == ErrorKind::InvalidSubcommand {
        line.push_str(&format!("; commands: {}", commands()));
    }
    format!("mazelab: {line} (see mazelab --help)")
}

fn run_generate(request: Request, out: &mut impl Write) -> Result<(), Failure> {
    let mut maze = request.maze.request()?;
    let shape = maze.shape()?;
    let algorithm = maze.check(&shape)?;
    let text_format = matches!(
        request.format,
        Format::Ascii | Format::Norvig | Format::Blocks
    );
    let stl_given = [
        ("--cell-mm", request.cell_mm),
        ("--wall-mm", request.wall_mm),
        ("--height-mm", request.height_mm),
        ("--base-mm", request.base_mm),
    ]
    .into_iter()
    .find(|(_, v)| v.is_some());
    if let (Some((flag, _)), false) = (stl_given, request.format == Format::Stl) {
        return Err(MazeError::BadValue {
            what: "format for a print's measure",
            given: format!("{} with {flag}", request.format.name()),
            valid: "stl (the millimetre options shape the 3D print)".into(),
        }
        .into());
    }
    let png_given = [
        ("--cell-px", request.cell_px.is_some()),
        ("--theme", request.theme.is_some()),
    ]
    .into_iter()
    .find(|(_, given)| *given);
    if let (Some((flag, _)), false) = (png_given, request.format == Format::Png) {
        return Err(MazeError::BadValue {
            what: "format for a picture's option",
            given: format!("{} with {flag}", request.format.name()),
            valid: "png (--cell-px and --theme draw the PNG)".into(),
        }
        .into());
    }
    if request.format == Format::Png {
        render::png::check(&shape, request.png_options().cell_px)?;
    }
    if request.format == Format::Stl {
        render::stl::check_maze(&shape, request.maze.weave, &request.stl_options())?;
    }
    if request.plot && request.format != Format::Svg {
        return Err(MazeError::BadValue {
            what: "format for --plot",
            given: request.format.name().into(),
            valid: "svg (--plot draws the SVG's walls for a plotter)".into(),
        }
        .into());
    }
    if text_format && request.maze.texture.weights.is_some() {
        return Err(MazeError::BadValue {
            what: "format for a weighted maze",
            given: request.format.name().into(),
            valid: "svg, png, json or stats (the text formats cannot show a cell's cost)".into(),
        }
        .into());
    }
    if text_format && request.maze.texture.sparse > 0 {
        return Err(MazeError::BadValue {
            what: "format for a sparse maze",
            given: request.format.name().into(),
            valid:
                "svg, json or stats (the rock is masked off, which the text formats cannot show)"
                    .into(),
        }
        .into());
    }
    if text_format && request.maze.weave {
        return Err(MazeError::BadValue {
            what: "format for a woven maze",
            given: request.format.name().into(),
            valid: "svg, json or stats (the text formats cannot show a passage under a cell)"
                .into(),
        }
        .into());
    }
    if text_format && shape.plain_square().is_none() {
        return Err(MazeError::BadValue {
            what: "format for this shape",
            given: {
                let what = describe(&shape);
                let article = if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                format!("{} for {article} {what} maze", request.format.name())
            },
            valid: "svg, json or stats (ascii, norvig and blocks draw plain square mazes only)"
                .into(),
        }
        .into());
    }
    if let Some(target) = request.target.clone() {
        let texture = maze.texture;
        if texture.sparse > 0 || texture.symmetry.is_some() {
            return Err(MazeError::BadValue {
                what: "option with --target",
                given: if texture.sparse > 0 {
                    "--sparse"
                } else {
                    "--symmetry"
                }
                .into(),
                valid: "a target measures the generator's own maze: no --sparse or --symmetry"
                    .into(),
            }
            .into());
        }
        let seed = maze.seed.unwrap_or_else(mazelab::rng::fresh_seed);
        let params = maze.params(shape.clone(), seed);
        let hit = mazelab::difficulty::reach(algorithm.name, &params, &target)?;
        let info = &mazelab::lab::METRICS[target.metric];
        eprintln!(
            "target: {} {:.2} after {} mazes (seeds {seed} to {}): seed {}",
            info.key, hit.value, hit.tried, hit.seed, hit.seed
        );
        maze.seed = Some(hit.seed);
    }
    match write_maze(&request, &maze, algorithm, shape, out)? {
        None => Ok(()),
        Some(why) => Err(Failure::Unsolved(why)),
    }
}

/// "hex", "wrapped square", "masked triangle"...
fn describe(shape: &Shape) -> String {
    let mut words = Vec::new();
    if shape.mask.is_some() {
        words.push("masked");
    }
    if shape.name() == "square" && shape.plain_square().is_none() && shape.mask.is_none() {
        words.push("wrapped");
    }
    words.push(shape.name());
    words.join(" ")
}

/// Writes the maze; returns why the solver found no path, if it did not.
fn write_maze(
    request: &Request,
    maze: &MazeRequest,
    algorithm: &'static Algorithm,
    shape: Shape,
    out: &mut impl Write,
) -> std::io::Result<Option<String>> {
    let seed = maze.seed.unwrap_or_else(mazelab::rng::fresh_seed);
    if maze.seed.is_none() && !matches!(request.format, Format::Json | Format::Stats) {
        eprintln!("seed: {seed}");
    }
    let size_text = shape.size_text();
    let built = maze.build_checked(algorithm, shape, seed);
    let (grid, ends) = (&built.grid, &built.ends);
    let mut unsolved = None;
    let solution = if request.solve {
        let outcome = solve::solve(&request.solver, grid, ends.entrance.cell, ends.exit.cell)
            .expect("the ends are cells of the maze and the solver name was checked");
        match outcome {
            Outcome::Found(path) => Some(path),
            Outcome::NotFound(why) => {
                unsolved = Some(why);
                None
            }
            Outcome::Searching => None,
        }
    } else {
        None
    };
    let path = solution.as_deref();
    let written = match request.format {
        Format::Ascii => {
            out.write_all(render::text::ascii::render(grid, Some(ends), path).as_bytes())
        }
        Format::Norvig => {
            out.write_all(render::text::norvig::render(grid, Some(ends), path).as_bytes())
        }
        Format::Blocks => {
            out.write_all(render::text::blocks::render(grid, Some(ends), path).as_bytes())
        }
        Format::Svg if request.plot => {
            out.write_all(render::svg::render_for_plotter(grid, Some(ends), path).as_bytes())
        }
        Format::Svg => out.write_all(render::svg::render(grid, Some(ends), path).as_bytes()),
        Format::Json => out.write_all(built.json(path).as_bytes()),
        Format::Stl => {
            // Checked before the maze was built (run_generate).
            let bytes = render::stl::render(grid, ends, &request.stl_options())
                .map_err(std::io::Error::other)?;
            out.write_all(&bytes)
        }
        Format::Png => {
            // Checked before the maze was built (run_generate).
            let bytes = render::png::render(
                grid,
                (ends.entrance.cell, ends.exit.cell),
                path,
                &request.png_options(),
            )
            .map_err(std::io::Error::other)?;
            out.write_all(&bytes)
        }
        Format::Stats => {
            let metrics = analyze::metrics(grid, ends.entrance.cell, ends.exit.cell);
            // A weighted maze's cheapest way from entrance to exit.
            let cost = match grid.costs() {
                None => String::new(),
                Some(costs) => {
                    match solve::solve("dijkstra", grid, ends.entrance.cell, ends.exit.cell) {
                        Ok(Outcome::Found(path)) => {
                            format!(" cost={}", mazelab::weights::path_cost(Some(costs), &path))
                        }
                        _ => String::new(),
                    }
                }
            };
            writeln!(
                out,
                "algorithm={} shape={} size={} seed={seed} {metrics}{cost} generate_ms={:.3}",
                algorithm.name,
                grid.shape().name(),
                size_text,
                built.generate_ms
            )
        }
    };
    written.map(|()| unsolved)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help, --version: clap prints them, and they are no error.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", one_line(&e));
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let written = match cli.command {
        Command::List { shape } => {
            // The shape at its opening size: what runs there does not
            // depend on the size (clap has checked the name).
            let shape = match shape
                .map(|name| Shape::parse(&name, mazelab::shape::default_size(&name), None))
                .transpose()
            {
                Ok(shape) => shape,
                Err(e) => {
                    eprintln!("mazelab: {e}");
                    return ExitCode::from(2);
                }
            };
            ALGORITHMS
                .iter()
                .filter(|a| shape.as_ref().is_none_or(|s| a.runs_on(s)))
                .try_for_each(|a| writeln!(out, "{}\t{}", a.name, a.description))
        }
        Command::Solvers => SOLVERS
            .iter()
            .try_for_each(|s| writeln!(out, "{}\t{}", s.name, s.description)),
        Command::Generate(request) => {
            let solver = request.solver.clone();
            match run_generate(request, &mut out) {
                Ok(()) => Ok(()),
                Err(Failure::Io(e)) => Err(e),
                Err(Failure::Bad(e)) => {
                    eprintln!("mazelab: {e}");
                    return ExitCode::from(2);
                }
                Err(Failure::Unsolved(why)) => {
                    // The maze is printed; the missing path is the failure.
                    let _ = out.flush();
                    let why = why.trim_start_matches("no path found by this method: ");
                    eprintln!("mazelab: {solver}: no path found by this method: {why}");
                    return ExitCode::from(1);
                }
            }
        }
        Command::Sheet(args) => match sheet::sheet(args) {
            Ok(bytes) => out.write_all(&bytes),
            Err(e) => {
                eprintln!("mazelab: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Stats(args) => match lab::stats(args) {
            Ok(text) => out.write_all(text.as_bytes()),
            Err(e) => {
                eprintln!("mazelab: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Uniformity(args) => match lab::uniformity(args) {
            Ok(text) => out.write_all(text.as_bytes()),
            Err(e) => {
                eprintln!("mazelab: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Sweep(args) => match lab::sweep(args) {
            Ok(text) => out.write_all(text.as_bytes()),
            Err(e) => {
                eprintln!("mazelab: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Distribution(args) => match lab::distribution(args) {
            Ok(text) => out.write_all(text.as_bytes()),
            Err(e) => {
                eprintln!("mazelab: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Scaling(args) => match lab::scaling(args) {
            Ok(text) => out.write_all(text.as_bytes()),
            Err(e) => {
                eprintln!("mazelab: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "mazelab", &mut out);
            Ok(())
        }
    };
    match written.and_then(|_| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`mazelab generate | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mazelab: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}
