//! mazelab beside knossos 1.2 (the Rust maze crate) on the algorithms both
//! have: each whole maze built in memory, mazelab's instant mode against
//! knossos's `OrthogonalMazeBuilder::build`, at 300 x 300 and 1000 x 1000.
//! Each figure is the median over five seeds of each seed's best of three,
//! in ns per cell; the last column is knossos's time over mazelab's.
//!
//! `cargo bench --features compare-knossos --bench knossos [NAME...]`
//! (knossos is an optional dependency behind that feature, so no other
//! build compiles it).
//!
//! knossos's backtracker recurses once per cell, so everything runs on a
//! thread with a 2 GB stack (at 1000 x 1000 it needs a few hundred MB).

use knossos::maze::{self as kn, OrthogonalMazeBuilder};
use mazelab::generate::{self, Params, PopSpec};
use mazelab::shape::Dims;
use std::hint::black_box;

#[path = "common/timing.rs"]
mod timing;
use timing::ns_per_cell_by_turns;

type Make = fn() -> Box<dyn kn::Algorithm>;

fn cases() -> Vec<(&'static str, &'static str, &'static str, Make)> {
    vec![
        ("backtracker", "backtracker", "newest", || {
            Box::new(kn::RecursiveBacktracking)
        }),
        ("growing-tree/newest", "growing-tree", "newest", || {
            Box::new(kn::GrowingTree::new(kn::Method::Newest))
        }),
        ("growing-tree/oldest", "growing-tree", "oldest", || {
            Box::new(kn::GrowingTree::new(kn::Method::Oldest))
        }),
        ("growing-tree/middle", "growing-tree", "middle", || {
            Box::new(kn::GrowingTree::new(kn::Method::Middle))
        }),
        ("growing-tree/random", "growing-tree", "random", || {
            Box::new(kn::GrowingTree::new(kn::Method::Random))
        }),
        ("prim", "prim", "newest", || Box::new(kn::Prim::new())),
        ("kruskal", "kruskal", "newest", || Box::new(kn::Kruskal)),
        ("eller", "eller", "newest", || Box::new(kn::Eller)),
        ("aldous-broder", "aldous-broder", "newest", || {
            Box::new(kn::AldousBroder)
        }),
        ("hunt-and-kill", "hunt-and-kill", "newest", || {
            Box::new(kn::HuntAndKill::new())
        }),
        ("binary-tree", "binary-tree", "newest", || {
            Box::new(kn::BinaryTree::new(kn::Bias::NorthWest))
        }),
        ("sidewinder", "sidewinder", "newest", || {
            Box::new(kn::Sidewinder)
        }),
        ("recursive-division", "recursive-division", "newest", || {
            Box::new(kn::RecursiveDivision)
        }),
    ]
}

fn bench(filter: &[String]) {
    println!(
        "{:<22} {:>6} {:>14} {:>14} {:>10}",
        "ns/cell", "side", "mazelab", "knossos 1.2", "ratio"
    );
    // knossos's time at 300 x 300 by algorithm: past SLOW it is not run at
    // 1000 x 1000, where it would take minutes (its Kruskal is quadratic).
    const SLOW_NS: f64 = 5000.0;
    let mut slow = Vec::new();
    for side in [300u32, 1000] {
        let dims = Dims::new(side, side).expect("a valid size");
        let cells = f64::from(dims.cells());
        for (label, name, pop, make) in cases() {
            if !filter.is_empty() && !filter.iter().any(|f| label.contains(f.as_str())) {
                continue;
            }
            if slow.contains(&label) {
                println!("{label:<22} {side:>6}   (knossos not run: over {SLOW_NS} ns a cell at 300 x 300)");
                continue;
            }
            let pop = PopSpec::parse(pop).expect("a valid pop");
            let (ours, theirs) = ns_per_cell_by_turns(
                cells,
                5,
                |seed| {
                    let params = Params {
                        pop: pop.clone(),
                        ..Params::new(dims, seed)
                    };
                    black_box(generate::generate(name, params).expect("a known algorithm"));
                },
                |seed| {
                    black_box(
                        OrthogonalMazeBuilder::new()
                            .width(side as usize)
                            .height(side as usize)
                            .algorithm(make())
                            .seed(Some(seed))
                            .build(),
                    );
                },
            );
            println!(
                "{label:<22} {side:>6} {ours:>14.1} {theirs:>14.1} {:>9.2}x",
                theirs / ours
            );
            if theirs > SLOW_NS {
                slow.push(label);
            }
        }
    }
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    std::thread::Builder::new()
        .stack_size(2 << 30)
        .spawn(move || bench(&filter))
        .expect("a thread with a big stack")
        .join()
        .expect("the benchmark ran");
}
