//! Running many mazes: measuring each (the statistics) or looking each up
//! among the spanning trees (the uniformity test). Maze `i` of a run with
//! seed `S` has seed `S + i`, so any slice of a run can be computed apart,
//! in a thread or a Web Worker, and the pieces joined give the same numbers.

use super::candidate::Candidate;
use super::measure::{Measurer, METRIC_COUNT};
use super::trees::Trees;
use crate::entrance::{self, EntranceStyle};
use crate::error::MazeError;
use crate::generate::texture::Texture;
use crate::generate::Generator;
use crate::shape::Shape;

/// The most mazes one request runs.
pub const MAX_RUNS: u64 = 10_000_000;

/// Checks a number of runs.
pub fn check_runs(runs: u64) -> Result<(), MazeError> {
    if (1..=MAX_RUNS).contains(&runs) {
        Ok(())
    } else {
        Err(MazeError::BadValue {
            what: "number of runs",
            given: runs.to_string(),
            valid: format!("1 to {MAX_RUNS}"),
        })
    }
}

/// A program is run by the page's lab workers, maze by maze
/// (`measure_program_maze`, `program_tree`); here, with no JavaScript
/// engine, it is refused by name.
fn refuse_program(candidate: &Candidate) -> Result<(), MazeError> {
    if candidate.is_program() {
        return Err(MazeError::BadValue {
            what: "algorithm",
            given: "program".into(),
            valid: "a built-in generator: a program runs in the page's lab (view=lab), \
                    whose workers run JavaScript"
                .into(),
        });
    }
    Ok(())
}

/// Measures one maze a program made, from its walls as the harness keeps
/// them, exactly as `measure_mazes` measures a built-in's maze of the
/// same seed (`gen_ns`: the program's own time).
pub fn measure_program_maze(
    shape: &Shape,
    seed: u64,
    open: &[u8],
    gen_ns: f64,
) -> Result<[f64; METRIC_COUNT], String> {
    let grid = crate::program::grid_of(shape, open)?;
    let ends = entrance::place(&grid, EntranceStyle::Norvig, seed);
    Ok(Measurer::default().measure(&grid, &ends, gen_ns))
}

/// Which spanning tree a program's maze is, for the uniformity test; an
/// error if it is none (a loop, or cells left out).
pub fn program_tree(trees: &Trees, shape: &Shape, seed: u64, open: &[u8]) -> Result<usize, String> {
    let grid = crate::program::grid_of(shape, open)?;
    trees.index_of(&grid).ok_or_else(|| {
        format!("the program's maze with seed {seed} is not a spanning tree: the uniformity test needs perfect mazes")
    })
}

/// Measures mazes `seed .. seed + count` and appends one row of
/// `METRIC_COUNT` values per maze to `out`. `now_ns` is a clock, in
/// nanoseconds (the browser's and the native one differ).
pub fn measure_mazes(
    candidate: &Candidate,
    shape: &Shape,
    seed: u64,
    count: u64,
    now_ns: &dyn Fn() -> f64,
    out: &mut Vec<f64>,
) -> Result<(), MazeError> {
    measure_textured(
        candidate,
        shape,
        &Texture::default(),
        seed,
        count,
        now_ns,
        out,
    )
}

/// `measure_mazes` under texture controls (braid, run, grain, sparse,
/// symmetry): each maze built by `Texture::build`, the time taken
/// including them.
pub fn measure_textured(
    candidate: &Candidate,
    shape: &Shape,
    texture: &Texture,
    seed: u64,
    count: u64,
    now_ns: &dyn Fn() -> f64,
    out: &mut Vec<f64>,
) -> Result<(), MazeError> {
    refuse_program(candidate)?;
    candidate.check(shape)?;
    texture.check(candidate.algorithm, shape)?;
    let mut measurer = Measurer::default();
    out.reserve(count as usize * METRIC_COUNT);
    let mut grid = candidate.algorithm.initial_grid(shape);
    let blank = grid.clone();
    for i in 0..count {
        let maze_seed = seed.wrapping_add(i);
        let started = now_ns();
        grid.clone_from(&blank);
        let params = candidate.params(shape, maze_seed);
        let mut changed = texture.build(candidate.algorithm, params, &mut grid)?;
        let took = now_ns() - started;
        // Costs on the shape asked for, as `MazeRequest::build` lays them.
        let costs = texture.weights.map(|w| w.costs(shape, maze_seed));
        changed.as_mut().unwrap_or(&mut grid).set_costs(costs);
        let maze = changed.as_ref().unwrap_or(&grid);
        let ends = entrance::place(maze, EntranceStyle::Norvig, maze_seed);
        out.extend_from_slice(&measurer.measure(maze, &ends, took));
    }
    Ok(())
}

/// Generates mazes `seed .. seed + count` and adds one to the count of the
/// tree each one is. A maze that is not a spanning tree is an error (the
/// generator makes loops or leaves cells out).
pub fn count_trees(
    candidate: &Candidate,
    trees: &Trees,
    shape: &Shape,
    seed: u64,
    count: u64,
    counts: &mut [u64],
) -> Result<(), MazeError> {
    refuse_program(candidate)?;
    candidate.check(shape)?;
    let blank = candidate.algorithm.initial_grid(shape);
    let mut grid = blank.clone();
    for i in 0..count {
        grid.clone_from(&blank);
        let mut generator = Generator::new(
            candidate.algorithm,
            candidate.params(shape, seed.wrapping_add(i)),
            false,
        );
        generator.finish_into(&mut grid);
        match trees.index_of(&grid) {
            Some(k) => counts[k] += 1,
            None => {
                return Err(MazeError::BadValue {
                    what: "algorithm for the uniformity test",
                    given: candidate.label(),
                    valid: "a generator of perfect mazes: its maze with seed ".to_string()
                        + &seed.wrapping_add(i).to_string()
                        + " is not a spanning tree",
                })
            }
        }
    }
    Ok(())
}

/// Splits `count` runs from `seed` over the machine's cores and joins the
/// results in seed order (natively; the page uses Web Workers instead).
#[cfg(not(target_arch = "wasm32"))]
pub fn in_parallel<T: Send>(
    seed: u64,
    count: u64,
    work: impl Fn(u64, u64) -> Result<T, MazeError> + Sync,
) -> Result<Vec<T>, MazeError> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get() as u64)
        .clamp(1, count.max(1));
    let per = count.div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (start, n) = (t * per, per.min(count.saturating_sub(t * per)));
                let work = &work;
                scope.spawn(move || work(seed.wrapping_add(start), n))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a lab thread panicked"))
            .collect()
    })
}
