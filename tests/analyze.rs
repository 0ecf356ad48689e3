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
    let metrics = analyze::metrics(&grid, ends.entrance.cell, ends.exit.cell);
    assert_eq!(metrics.solution_length, Some(len));
    assert_eq!(metrics.longest_path, len);
}

/// Every shortest path from `from` to `to`, counted by walking all paths
/// of the shortest length without revisiting a cell (small mazes only).
fn brute_force_count(grid: &mazelab::grid::Grid, from: u32, to: u32) -> u64 {
    fn walk(grid: &mazelab::grid::Grid, at: u32, to: u32, left: u32, seen: &mut Vec<bool>) -> u64 {
        if at == to {
            return u64::from(left == 0);
        }
        if left == 0 {
            return 0;
        }
        let mut total = 0;
        for &n in grid.open_neighbors(at).as_slice() {
            if !seen[n as usize] {
                seen[n as usize] = true;
                total += walk(grid, n, to, left - 1, seen);
                seen[n as usize] = false;
            }
        }
        total
    }
    let length = mazelab::analyze::distances(grid, from)[to as usize];
    let mut seen = vec![false; grid.cells() as usize];
    seen[from as usize] = true;
    walk(grid, from, to, length, &mut seen)
}

#[test]
fn shortest_path_counts_match_an_independent_count_on_braided_mazes() {
    use mazelab::generate::{self, Params};
    use mazelab::shape::Topology;
    let mut checked_many = 0;
    for shape in common::shapes(&["square:6x5", "hex:5x4", "polar:3", "triangle:8x4"]) {
        for seed in 0..10 {
            for braid in [0u8, 40, 100] {
                let grid = generate::generate(
                    "kruskal",
                    Params {
                        braid,
                        ..Params::on(shape.clone(), seed)
                    },
                )
                .unwrap();
                let to = shape.cells() - 1;
                let (count, saturated) = mazelab::analyze::count_shortest_paths(&grid, 0, to);
                assert!(!saturated);
                assert_eq!(
                    count,
                    brute_force_count(&grid, 0, to),
                    "{} {} seed {seed} braid {braid}",
                    shape.name(),
                    shape.size_text()
                );
                checked_many += u32::from(count > 1);
            }
        }
    }
    assert!(
        checked_many > 10,
        "loops gave several shortest paths {checked_many} times"
    );
}

#[test]
fn a_huge_number_of_shortest_paths_saturates_and_says_so() {
    use mazelab::grid::Grid;
    use mazelab::shape::Dims;
    // An open 80 x 80 room: C(158, 79), about 10^46, shortest paths corner to corner.
    let dims = Dims::new(80, 80).unwrap();
    let room = Grid::open(dims);
    let (count, saturated) = mazelab::analyze::count_shortest_paths(&room, 0, dims.cells() - 1);
    assert!(saturated);
    assert_eq!(count, u64::MAX);
    // A 6 x 6 room: C(10, 5) = 252, exactly.
    let small = Dims::new(6, 6).unwrap();
    assert_eq!(
        mazelab::analyze::count_shortest_paths(&Grid::open(small), 0, 35),
        (252, false)
    );
}

#[test]
fn metrics_count_cycles_and_junctions() {
    use mazelab::generate::{self, Params};
    use mazelab::shape::Dims;
    let dims = Dims::new(12, 9).unwrap();
    let perfect = generate::generate("backtracker", Params::new(dims, 4)).unwrap();
    let ends = mazelab::entrance::norvig(dims);
    let m = mazelab::analyze::metrics(&perfect, ends.entrance.cell, ends.exit.cell);
    assert_eq!(
        (m.cycles, m.shortest_paths, m.shortest_paths_saturated),
        (0, 1, false)
    );
    let braided = generate::generate(
        "backtracker",
        Params {
            braid: 100,
            ..Params::new(dims, 4)
        },
    )
    .unwrap();
    let m = mazelab::analyze::metrics(&braided, ends.entrance.cell, ends.exit.cell);
    assert_eq!(m.cycles, braided.openings() + 1 - 108);
    assert!(m.cycles > 0 && m.dead_ends == 0);
    let junctions = (0..108).filter(|&c| braided.degree(c) >= 3).count() as u32;
    assert_eq!(m.junctions, junctions);
    assert!(m
        .to_string()
        .contains(&format!("cycles={} junctions={junctions}", m.cycles)));
}
