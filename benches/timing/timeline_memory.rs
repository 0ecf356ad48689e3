//! How many bytes a copy of each generator and solver takes mid-run: the
//! figure the timeline's byte budget counts per checkpoint. Run with
//! `cargo run --release --example timeline_memory`.

use mazelab::generate::{Generator, Params, ALGORITHMS};
use mazelab::shape::{Shape, Topology};
use mazelab::solve::{Solver, SOLVERS};

#[path = "../../tests/counting/mod.rs"]
mod counting;

use counting::{bytes_of, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let mut worst = 0.0f64;
    for (shape, size) in [("square", "200x200"), ("hex", "150x150"), ("polar", "100")] {
        let shape = Shape::parse(shape, size, None).unwrap();
        let cells = f64::from(shape.cells());
        for algorithm in ALGORITHMS.iter().filter(|a| a.runs_on(&shape)) {
            let mut generator = Generator::new(algorithm, Params::on(shape.clone(), 1), true);
            let total = generator.clone().count();
            let mut largest = 0;
            // The copy at a quarter, half and three quarters of the run.
            for _ in 0..3 {
                for _ in 0..total / 4 {
                    generator.next();
                }
                largest = largest.max(bytes_of(&generator));
            }
            let per_cell = largest as f64 / cells;
            worst = worst.max(per_cell);
            println!(
                "{:<20} {:<8} {per_cell:6.1} bytes/cell",
                algorithm.name,
                shape.name()
            );
        }
    }
    let shape = Shape::parse("square", "200x200", None).unwrap();
    let grid = mazelab::generate::generate("backtracker", Params::on(shape.clone(), 1)).unwrap();
    let mut solver_worst = 0.0f64;
    for info in SOLVERS {
        let mut solver = Solver::new(info, &grid, 0, shape.cells() - 1, true).unwrap();
        let total = solver.clone().count();
        for _ in 0..total / 2 {
            solver.next();
        }
        let per_cell = bytes_of(&solver) as f64 / f64::from(shape.cells());
        solver_worst = solver_worst.max(per_cell);
        println!("{:<20} solver   {per_cell:6.1} bytes/cell", info.name);
    }
    println!("largest: generators {worst:.1}, solvers {solver_worst:.1} bytes/cell");
}
