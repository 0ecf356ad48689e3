//! The native CLI: `mazelab list` and `mazelab generate ...`.
//!
//! Bad input prints one line naming the valid choices and exits with status
//! 2; nothing here panics on user input.

use mazelab::analyze;
use mazelab::entrance::{self, EntranceStyle};
use mazelab::error::{parse_seed, MazeError};
use mazelab::generate::{self, Bias, Params, PopSpec, ALGORITHMS};
use mazelab::grid::Dims;
use mazelab::render::{self, json, Format};
use mazelab::solve::{self, Outcome};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage:
  mazelab list
  mazelab generate [--algorithm NAME] [--size WxH] [--seed N] [--pop SPEC]
                   [--bias NW|NE|SW|SE] [--entrances norvig|random|longest]
                   [--format ascii|norvig|blocks|svg|json|stats]
                   [--solve] [--solver NAME]

  --algorithm  a name from `mazelab list` (default: backtracker)
  --size       width x height in cells, each 1 to 4096 (default: 20x10)
  --seed       a whole number; without one a random seed is drawn and reported
  --pop        growing-tree pop strategy: newest, oldest, random, middle, or a
               weighted mix like newest:75,random:25 (default: newest)
  --bias       binary-tree bias (default: NW)
  --entrances  where the ends go (default: norvig, top-left and bottom-right)
  --format     output format (default: ascii); stats prints key=value metrics
  --solve      mark the path from entrance to exit
  --solver     how to find it (default: bfs): bfs, dfs, astar, wall-follower,
               wall-follower-right, tremaux, dead-end-filler, random-mouse,
               longest-path (the two most distant cells instead)";

/// What `generate` was asked for.
struct Request {
    algorithm: String,
    dims: Dims,
    seed: Option<u64>,
    pop: PopSpec,
    bias: Bias,
    entrances: EntranceStyle,
    format: Format,
    solve: bool,
    solver: &'static str,
}

/// A failure to report: a message for stderr.
enum Failure {
    Usage(String),
    Bad(MazeError),
}

impl From<MazeError> for Failure {
    fn from(e: MazeError) -> Self {
        Failure::Bad(e)
    }
}

fn parse_generate(args: &[String]) -> Result<Request, Failure> {
    let mut request = Request {
        algorithm: "backtracker".into(),
        dims: Dims::new(20, 10)?,
        seed: None,
        pop: PopSpec::default(),
        bias: Bias::default(),
        entrances: EntranceStyle::default(),
        format: Format::default(),
        solve: false,
        solver: "bfs",
    };
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_string())),
            _ => (arg, None),
        };
        if flag == "--solve" {
            request.solve = true;
            i += 1;
            continue;
        }
        let takes_value = [
            "--algorithm",
            "--size",
            "--seed",
            "--pop",
            "--bias",
            "--entrances",
            "--format",
            "--solver",
        ];
        if !takes_value.contains(&flag) {
            return Err(Failure::Usage(format!("unknown option '{arg}'")));
        }
        let value = match inline {
            Some(value) => value,
            None => {
                i += 1;
                args.get(i)
                    .cloned()
                    .ok_or_else(|| Failure::Usage(format!("{flag} needs a value")))?
            }
        };
        match flag {
            "--algorithm" => request.algorithm = generate::find(&value)?.name.to_string(),
            "--size" => request.dims = Dims::parse(&value)?,
            "--seed" => request.seed = Some(parse_seed(&value)?),
            "--pop" => request.pop = PopSpec::parse(&value)?,
            "--bias" => request.bias = Bias::parse(&value)?,
            "--entrances" => request.entrances = EntranceStyle::parse(&value)?,
            "--solver" => request.solver = solve::find(&value)?.name,
            _ => request.format = Format::parse(&value)?,
        }
        i += 1;
    }
    Ok(request)
}

/// A seed from the clock and the process id, for runs without `--seed`.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mixed = nanos ^ (u64::from(std::process::id()) << 32);
    mazelab::rng::Rng::new(mixed).next_u64()
}

fn run_generate(request: Request, out: &mut impl Write) -> std::io::Result<()> {
    let seed = request.seed.unwrap_or_else(fresh_seed);
    if request.seed.is_none() && !matches!(request.format, Format::Json | Format::Stats) {
        eprintln!("seed: {seed}");
    }
    let params = Params {
        dims: request.dims,
        seed,
        pop: request.pop,
        bias: request.bias,
    };
    let started = Instant::now();
    let grid =
        generate::generate(&request.algorithm, params).expect("the algorithm name was checked");
    let generate_ms = started.elapsed().as_secs_f64() * 1000.0;
    let ends = entrance::place(&grid, request.entrances, seed);
    let solution = if request.solve {
        let outcome = solve::solve(request.solver, &grid, ends.entrance.cell, ends.exit.cell)
            .expect("the ends are cells of the maze and the solver name was checked");
        match outcome {
            Outcome::Found(path) => Some(path),
            Outcome::NotFound(why) => {
                eprintln!("mazelab: {}: {why}", request.solver);
                None
            }
            Outcome::Searching => None,
        }
    } else {
        None
    };
    let path = solution.as_deref();
    match request.format {
        Format::Ascii => out.write_all(render::ascii::render(&grid, Some(&ends), path).as_bytes()),
        Format::Norvig => {
            out.write_all(render::norvig::render(&grid, Some(&ends), path).as_bytes())
        }
        Format::Blocks => {
            out.write_all(render::blocks::render(&grid, Some(&ends), path).as_bytes())
        }
        Format::Svg => out.write_all(render::svg::render(&grid, Some(&ends), path).as_bytes()),
        Format::Json => {
            let meta = json::Meta {
                seed,
                algorithm: &request.algorithm,
            };
            out.write_all(json::render(&grid, &meta, &ends, path).as_bytes())
        }
        Format::Stats => {
            let metrics = analyze::metrics(&grid, &ends);
            writeln!(
                out,
                "algorithm={} size={}x{} seed={seed} {metrics} generate_ms={generate_ms:.3}",
                request.algorithm, request.dims.width, request.dims.height
            )
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = match args.first().map(String::as_str) {
        Some("list") if args.len() == 1 => {
            let mut r = Ok(());
            for a in ALGORITHMS {
                r = r.and_then(|_| writeln!(out, "{}\t{}", a.name, a.description));
            }
            Ok(r)
        }
        Some("generate") => parse_generate(&args[1..]).map(|req| run_generate(req, &mut out)),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(Failure::Usage(format!("unknown command '{other}'"))),
        None => Err(Failure::Usage("no command given".into())),
    };
    let written = match result {
        Ok(written) => written.and_then(|_| out.flush()),
        Err(Failure::Bad(e)) => {
            eprintln!("mazelab: {e}");
            return ExitCode::from(2);
        }
        Err(Failure::Usage(message)) => {
            eprintln!("mazelab: {message}; commands: list, generate (see mazelab --help)");
            return ExitCode::from(2);
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`mazelab generate | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mazelab: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}
