//! mazelab beside tight single-purpose loops: for each generator a loop
//! written for one job only (a square of side N, no events, no shapes, its
//! walls two bits a cell plus a visited bit, the same PCG32), against
//! mazelab's whole instant build (`generate::generate`), at 1000 x 1000.
//! The last column is mazelab's time over the loop's: how much the
//! engine's generality (shapes, events, steps, the timeline's counting)
//! costs. Each loop is checked to make a perfect maze before it is timed.
//!
//! `cargo bench --bench tight [NAME...] [-- --side=N]`
//!
//! The loops are the plain textbook forms, as one would write them for a
//! single use; they need not draw the same maze for a seed as mazelab.
//! `tight/classic.rs` holds the loops for the classic generators,
//! `tight/structures.rs` those whose work is mostly a structure of their
//! own (the automata, brain, Borůvka, reverse-delete, the blob and fractal
//! divisions, the labyrinth).

use mazelab::generate::{self, Params, PopSpec};
use mazelab::shape::Dims;
use std::hint::black_box;

#[path = "common/timing.rs"]
mod timing;
use timing::ns_per_cell_by_turns;

#[path = "tight/classic.rs"]
mod classic;
#[path = "tight/maze.rs"]
mod maze;
#[path = "tight/structures.rs"]
mod structures;

use classic::*;
use maze::Maze;
use structures::*;

type Loop = fn(u32, u64) -> Maze;

fn cases() -> Vec<(&'static str, &'static str, &'static str, Loop)> {
    vec![
        ("backtracker", "backtracker", "newest", backtracker),
        // Newest is depth-first: mazelab runs it as the backtracker.
        ("growing-tree/newest", "growing-tree", "newest", backtracker),
        ("growing-tree/oldest", "growing-tree", "oldest", |n, s| {
            growing_tree(n, s, Take::Oldest)
        }),
        ("growing-tree/middle", "growing-tree", "middle", |n, s| {
            growing_tree(n, s, Take::Middle)
        }),
        ("growing-tree/random", "growing-tree", "random", |n, s| {
            growing_tree(n, s, Take::Random)
        }),
        ("prim", "prim", "newest", prim),
        ("true-prim", "true-prim", "newest", true_prim),
        ("kruskal", "kruskal", "newest", kruskal),
        ("aldous-broder", "aldous-broder", "newest", aldous_broder),
        ("wilson", "wilson", "newest", wilson),
        ("houston", "houston", "newest", houston),
        ("hunt-and-kill", "hunt-and-kill", "newest", hunt_and_kill),
        ("binary-tree", "binary-tree", "newest", binary_tree),
        ("sidewinder", "sidewinder", "newest", sidewinder),
        ("eller", "eller", "newest", eller),
        (
            "recursive-division",
            "recursive-division",
            "newest",
            recursive_division,
        ),
        ("origin-shift", "origin-shift", "newest", origin_shift),
        ("growing-forest", "growing-forest", "newest", growing_forest),
        (
            "cellular-automaton",
            "cellular-automaton",
            "newest",
            |n, s| automaton(n, s, 5),
        ),
        ("mazectric", "mazectric", "newest", |n, s| {
            automaton(n, s, 4)
        }),
        ("brain", "brain", "newest", brain),
        ("boruvka", "boruvka", "newest", boruvka),
        ("reverse-delete", "reverse-delete", "newest", reverse_delete),
        (
            "blobby-division",
            "blobby-division",
            "newest",
            blobby_division,
        ),
        ("fractal", "fractal", "newest", fractal),
        ("unicursal", "unicursal", "newest", unicursal),
    ]
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    // `--side=N` times every loop at N x N instead (reverse-delete stays
    // within its cap).
    let side_asked: Option<u32> = std::env::args().find_map(|a| {
        a.strip_prefix("--side=")
            .map(|n| n.parse().expect("--side=N"))
    });
    println!(
        "{:<22} {:>6} {:>12} {:>12} {:>8}",
        "ns/cell", "side", "mazelab", "tight loop", "ratio"
    );
    for (label, name, pop, tight) in cases() {
        if !filter.is_empty() && !filter.iter().any(|f| label.contains(f.as_str())) {
            continue;
        }
        // The labyrinth needs even sides.
        let checks: &[u32] = if name == "unicursal" {
            &[2, 4, 8, 30, 32]
        } else {
            &[1, 2, 7, 30, 31]
        };
        for (seed, &n) in checks.iter().enumerate() {
            assert!(
                tight(n, seed as u64).is_perfect(),
                "{label}'s loop at {n}x{n}"
            );
        }
        // Origin shift runs to its cover time: 1000 x 1000 takes seconds.
        // Reverse-delete is quadratic and capped at 64 x 64 by name.
        let side = match (name, side_asked) {
            ("reverse-delete", _) => 64,
            (_, Some(side)) => side,
            ("origin-shift", None) => 300,
            _ => 1000,
        };
        let seeds = if name == "origin-shift" || name == "aldous-broder" {
            3
        } else {
            5
        };
        let dims = Dims::new(side, side).expect("a valid size");
        let cells = f64::from(dims.cells());
        let pop = PopSpec::parse(pop).expect("a valid pop");
        let (ours, theirs) = ns_per_cell_by_turns(
            cells,
            seeds,
            |seed| {
                let params = Params {
                    pop: pop.clone(),
                    ..Params::new(dims, seed)
                };
                black_box(
                    generate::generate(name, params)
                        .expect("a size the generator takes (unicursal: even sides)"),
                );
            },
            |seed| {
                black_box(tight(side, seed));
            },
        );
        println!(
            "{label:<22} {side:>6} {ours:>12.1} {theirs:>12.1} {:>7.2}x",
            ours / theirs
        );
    }
}
