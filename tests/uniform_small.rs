//! The uniform samplers on a grid small enough to count: on 2 x 3 there are
//! 15 spanning trees; Aldous-Broder, Wilson and origin shift should draw
//! each about equally often, and the backtracker should not. (Houston is
//! near enough to pass this coarse check but not exactly uniform: the lab's
//! chi-square test in tests/lab.rs tells it apart.)

use mazelab::generate::{self, Params};
use mazelab::shape::Dims;
use std::collections::HashMap;

fn tree_counts(name: &str, runs: u64) -> HashMap<Vec<(u32, u32)>, u64> {
    let dims = Dims::new(2, 3).unwrap();
    let mut counts = HashMap::new();
    for seed in 0..runs {
        let grid = generate::generate(name, Params::new(dims, seed)).unwrap();
        let mut pairs: Vec<(u32, u32)> = grid.opening_pairs().collect();
        pairs.sort_unstable();
        *counts.entry(pairs).or_insert(0) += 1;
    }
    counts
}

#[test]
fn uniform_samplers_draw_every_small_tree_about_equally_often() {
    let runs = 15_000;
    let expected = runs as f64 / 15.0;
    // Binomial standard deviation of one tree's count: about 30.
    let sigma = (runs as f64 * (1.0 / 15.0) * (14.0 / 15.0)).sqrt();
    for name in ["aldous-broder", "wilson", "origin-shift"] {
        let counts = tree_counts(name, runs);
        assert_eq!(counts.len(), 15, "{name}: every tree appears");
        for (tree, &count) in &counts {
            assert!(
                (count as f64 - expected).abs() < 5.0 * sigma,
                "{name}: {count} of {runs} for {tree:?} (expected {expected:.0})"
            );
        }
    }
    // The backtracker favours long corridors: far from equal.
    let counts = tree_counts("backtracker", runs);
    let (min, max) = (
        counts.values().min().copied().unwrap_or(0),
        counts.values().max().copied().unwrap_or(0),
    );
    assert!(
        counts.len() < 15 || max > 2 * min,
        "backtracker: {min} to {max}"
    );
}
