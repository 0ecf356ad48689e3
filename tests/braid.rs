//! Braiding on every shape and after every generator: the maze stays in one
//! piece; 100% leaves no dead end that could be opened; 50% roughly halves
//! them; the events, braiding's included, replay to the same maze.

use mazelab::analyze;
use mazelab::generate::{self, Params};
use mazelab::grid::Grid;
use mazelab::shape::Topology;

mod common;
use common::{replay, test_shapes};

fn dead_ends(grid: &Grid) -> Vec<u32> {
    let shape = grid.shape();
    (0..shape.cells())
        .filter(|&c| shape.is_cell(c) && grid.degree(c) == 1)
        .collect()
}

fn assert_connected(grid: &Grid, label: &str) {
    let shape = grid.shape();
    let first = (0..shape.cells()).find(|&c| shape.is_cell(c)).unwrap();
    let reached = analyze::distances(grid, first)
        .iter()
        .filter(|&&d| d != analyze::UNREACHABLE)
        .count() as u32;
    assert_eq!(reached, shape.live_cells(), "{label}: connected");
    for (a, b) in grid.opening_pairs() {
        assert!(shape.is_cell(a) && shape.is_cell(b), "{label}: into a mask");
    }
}

#[test]
fn braiding_keeps_every_shape_connected_and_removes_its_share_of_dead_ends() {
    for shape in test_shapes() {
        for algorithm in generate::available_on(&shape) {
            for seed in 0..3 {
                let label = format!(
                    "{} on {} {} seed {seed}",
                    algorithm.name,
                    shape.name(),
                    shape.size_text()
                );
                let params = Params::on(shape.clone(), seed);
                let perfect = generate::generate(algorithm.name, params.clone()).unwrap();
                let before = dead_ends(&perfect).len();
                // Dead ends with no closed wall to a live cell stay at any share.
                let stuck = dead_ends(&perfect)
                    .into_iter()
                    .filter(|&c| {
                        shape
                            .neighbors(c)
                            .as_slice()
                            .iter()
                            .all(|&n| perfect.is_open_between(c, n))
                    })
                    .count();
                for braid in [0u8, 50, 100] {
                    let braided = generate::generate(
                        algorithm.name,
                        Params {
                            braid,
                            ..params.clone()
                        },
                    )
                    .unwrap();
                    assert_connected(&braided, &label);
                    let left = dead_ends(&braided);
                    match braid {
                        0 => assert_eq!(braided, perfect, "{label}: 0% changes nothing"),
                        100 => {
                            // What is left cannot be opened: no closed wall
                            // to a live neighbour.
                            for cell in left {
                                let closed = shape
                                    .neighbors(cell)
                                    .as_slice()
                                    .iter()
                                    .filter(|&&n| !braided.is_open_between(cell, n))
                                    .count();
                                assert_eq!(closed, 0, "{label}: dead end {cell} left at 100%");
                            }
                        }
                        _ => {
                            // Half, give or take the one opening that joins
                            // two dead ends at once.
                            let target = before.div_ceil(2);
                            assert!(
                                left.len() <= target.max(stuck) && left.len() + 1 >= target,
                                "{label}: {} of {before} dead ends left at 50%",
                                left.len()
                            );
                        }
                    }
                    // Braiding only opens walls: the perfect maze is inside it.
                    for (a, b) in perfect.opening_pairs() {
                        assert!(braided.is_open_between(a, b), "{label}: a wall closed");
                    }
                }
            }
        }
    }
}

#[test]
fn a_braided_stream_replays_to_the_same_maze_and_has_loops() {
    for (name, shape) in [
        ("kruskal", "square 20x15"),
        ("backtracker", "hex 12x9"),
        ("wilson", "polar 6"),
        ("recursive-division", "square 16x12"),
    ] {
        let (kind, size) = shape.split_once(' ').unwrap();
        let shape = mazelab::shape::Shape::parse(kind, size, None).unwrap();
        let params = Params {
            braid: 60,
            ..Params::on(shape.clone(), 7)
        };
        let (replayed, _) = replay(name, params.clone());
        let instant = generate::generate(name, params).unwrap();
        assert_eq!(replayed, instant, "{name}: replay equals the instant maze");
        let loops = instant.openings() + 1 - u64::from(shape.live_cells());
        assert!(loops > 5, "{name}: {loops} loops");
    }
}
