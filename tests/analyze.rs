//! Distances, longest path, dead ends, corridors and solutions on hand-built mazes.

mod common;

use common::{comb, dims};
use mazelab::analyze::{self, UNREACHABLE};
use mazelab::entrance;
use mazelab::generate::{generate, Params};
use mazelab::grid::Grid;

/// A 4x1 corridor with every wall inside open.
fn corridor() -> Grid {
    Grid::open(dims(4, 1))
}

#[test]
fn distances_count_moves_and_mark_unreachable_cells() {
    assert_eq!(analyze::distances(&corridor(), 0), [0, 1, 2, 3]);
    let comb = comb();
    assert_eq!(analyze::distances(&comb, 3), [1, 2, 3, 0, UNREACHABLE, 4]);
}

#[test]
fn the_longest_path_of_a_corridor_is_its_length() {
    let (a, b, len) = analyze::longest_path(&corridor());
    assert_eq!(len, 3);
    assert_eq!([a.min(b), a.max(b)], [0, 3]);
}

#[test]
fn dead_ends_and_corridors_are_counted_by_degree() {
    let comb = comb();
    // Cells 3 and 5 have one opening; cell 4 has none and is no dead end.
    assert_eq!(analyze::dead_ends(&comb), 2);
    // One corridor of four moves between the two dead ends.
    assert_eq!(analyze::mean_corridor(&comb), 4.0);
    // A T: three corridors of one move each from the junction.
    let mut tee = Grid::closed(dims(3, 2));
    for (a, b) in [(0, 1), (1, 2), (1, 4)] {
        tee.set_open(a, b, true);
    }
    assert_eq!(analyze::mean_corridor(&tee), 1.0);
}

#[test]
fn shortest_paths_are_walks_through_openings_of_the_bfs_length() {
    for seed in 0..10 {
        let grid = generate("kruskal", Params::new(dims(30, 20), seed)).unwrap();
        let path = analyze::shortest_path(&grid, 0, grid.cells() - 1).unwrap();
        assert_eq!(
            path.len() as u32 - 1,
            analyze::distances(&grid, 0)[grid.cells() as usize - 1]
        );
        for pair in path.windows(2) {
            assert!(
                grid.is_open_between(pair[0], pair[1]),
                "seed {seed}: {pair:?}"
            );
        }
    }
    assert_eq!(analyze::shortest_path(&comb(), 0, 4), None);
    assert_eq!(analyze::shortest_path(&comb(), 2, 2), Some(vec![2]));
}

#[test]
fn the_longest_path_ends_are_as_far_apart_as_any_two_cells() {
    let grid = generate("wilson", Params::new(dims(12, 9), 4)).unwrap();
    let (_, _, len) = analyze::longest_path(&grid);
    let brute = (0..grid.cells())
        .map(|c| *analyze::distances(&grid, c).iter().max().unwrap())
        .max()
        .unwrap();
    assert_eq!(len, brute);
    let ends = entrance::longest(&grid);
    let metrics = analyze::metrics(&grid, &ends);
    assert_eq!(metrics.solution_length, Some(len));
    assert_eq!(metrics.longest_path, len);
}
