//! How many of each algorithm's steps are phase changes (the price of
//! lighting its listed steps): events of an animated 100 x 100 run, and
//! the share that are `Phase`. `cargo run --release --example phase_share`.

use mazelab::event::Event;
use mazelab::generate::{Generator, Params, ALGORITHMS};
use mazelab::shape::Shape;
use mazelab::solve::{Solver, SOLVERS};

/// Prints how many events a run makes, and how many are phase changes.
fn report(name: &str, events: impl Iterator<Item = Event>) {
    let (mut all, mut phases) = (0u64, 0u64);
    for event in events {
        all += 1;
        phases += u64::from(matches!(event, Event::Phase(_)));
    }
    println!(
        "{name:<20} {all:>9} steps, {phases:>6} phases ({:.1}%)",
        100.0 * phases as f64 / all as f64
    );
}

fn main() {
    let shape = Shape::parse("square", "100x100", None).unwrap();
    for algorithm in ALGORITHMS {
        if mazelab::generate::check_shape(algorithm, &shape).is_err() {
            continue;
        }
        report(
            algorithm.name,
            Generator::new(algorithm, Params::on(shape.clone(), 1), true),
        );
    }
    let grid = mazelab::generate::generate("backtracker", Params::on(shape.clone(), 1)).unwrap();
    for info in SOLVERS {
        report(info.name, Solver::new(info, &grid, 0, 9999, true).unwrap());
    }
}
