//! The growing tree's pop strategies behave as named.

mod common;

use common::dims;
use mazelab::analyze;
use mazelab::generate::frontier::{Frontier, FrontierStore, Halves};
use mazelab::generate::{generate, Params, PopSpec};
use mazelab::rng::Rng;
use std::collections::VecDeque;

/// A frontier holding cells `0..n`, pushed in order.
fn holding(n: u32) -> Frontier {
    let mut frontier = Frontier::new();
    for cell in 0..n {
        frontier.push(cell);
    }
    frontier
}

#[test]
fn oldest_pops_in_insertion_order_and_newest_in_reverse() {
    let mut frontier = holding(10);
    let oldest: Vec<u32> = std::iter::from_fn(|| frontier.pop_oldest()).collect();
    assert_eq!(oldest, (0..10).collect::<Vec<_>>());
    let mut frontier = holding(10);
    let newest: Vec<u32> = std::iter::from_fn(|| frontier.pop_newest()).collect();
    assert_eq!(newest, (0..10).rev().collect::<Vec<_>>());
}

#[test]
fn middle_pops_the_element_at_half_the_length() {
    let mut frontier = holding(7);
    // [0..7) -> index 3, then [0,1,2,4,5,6] -> index 3 (4), ...
    let order: Vec<u32> = std::iter::from_fn(|| frontier.pop_middle()).collect();
    assert_eq!(order, [3, 4, 2, 5, 1, 6, 0]);
}

#[test]
fn the_frontier_agrees_with_a_plain_vector_under_random_operations() {
    for (oldest, middle) in [(false, false), (true, false), (false, true), (true, true)] {
        check_against_a_vector(Frontier::for_pops(oldest, middle));
    }
    // Each store as the growing tree holds it.
    check_against_a_vector(Vec::new());
    check_against_a_vector(VecDeque::new());
    check_against_a_vector(Halves::default());
}

fn check_against_a_vector(mut frontier: impl FrontierStore) {
    let mut rng = Rng::new(11);
    let mut model: Vec<u32> = Vec::new();
    for step in 0..20_000u32 {
        let op = rng.below(5);
        let (got, want) = match op {
            0 | 1 => {
                frontier.push(step);
                model.push(step);
                (None, None)
            }
            2 => (frontier.pop_newest(), model.pop()),
            3 => (
                frontier.pop_oldest(),
                (!model.is_empty()).then(|| model.remove(0)),
            ),
            _ => {
                if rng.coin() {
                    let len = model.len();
                    (
                        frontier.pop_middle(),
                        (len > 0).then(|| model.remove(len / 2)),
                    )
                } else if model.is_empty() {
                    (frontier.swap_remove(0), None)
                } else {
                    let i = rng.below(model.len() as u32) as usize;
                    (frontier.swap_remove(i), Some(model.swap_remove(i)))
                }
            }
        };
        assert_eq!(got, want, "step {step}, op {op}");
        assert_eq!(frontier.len(), model.len());
    }
    assert_eq!(frontier.cells(), model);
}

#[test]
fn growing_tree_with_newest_is_the_recursive_backtracker() {
    for seed in 0..10 {
        let params = Params::new(dims(25, 18), seed);
        assert_eq!(
            generate("growing-tree", params.clone()).unwrap(),
            generate("backtracker", params).unwrap(),
            "seed {seed}"
        );
    }
}

/// Mean (dead-end share, longest path) over several seeds.
fn texture(pop: &str) -> (f64, f64) {
    let runs = 8;
    let (mut dead, mut longest) = (0.0, 0.0);
    for seed in 0..runs {
        let params = Params {
            pop: PopSpec::parse(pop).unwrap(),
            ..Params::new(dims(40, 40), seed)
        };
        let grid = generate("growing-tree", params).unwrap();
        dead += f64::from(analyze::dead_ends(&grid)) / f64::from(grid.cells());
        longest += f64::from(analyze::longest_path(&grid).2);
    }
    (dead / runs as f64, longest / runs as f64)
}

/// Asserts `a > factor * b`, naming both.
fn exceeds(a: f64, factor: f64, b: f64, what: &str) {
    assert!(a > factor * b, "{what}: {a} is not over {factor} x {b}");
}

#[test]
fn the_pop_strategy_shapes_the_maze_as_norvig_describes() {
    let (newest_dead, newest_long) = texture("newest");
    let (oldest_dead, oldest_long) = texture("oldest");
    let (random_dead, random_long) = texture("random");
    // Depth-first: few dead ends and one long winding path.
    assert!(newest_dead < 0.15, "newest dead ends {newest_dead}");
    exceeds(
        newest_long,
        2.0,
        random_long,
        "longest path, newest against random",
    );
    exceeds(
        newest_long,
        2.0,
        oldest_long,
        "longest path, newest against oldest",
    );
    // Breadth-first: the popped cell goes back to the end of the queue, so
    // every branch grows one step in turn into straight spokes from the root:
    // no long path, and still few dead ends.
    assert!(oldest_dead < 0.2, "oldest dead ends {oldest_dead}");
    // Random: Prim's bushy texture with many dead ends.
    exceeds(
        random_dead,
        2.0,
        newest_dead,
        "dead ends, random against newest",
    );
    exceeds(
        random_dead,
        1.5,
        oldest_dead,
        "dead ends, random against oldest",
    );
}
