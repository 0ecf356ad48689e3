//! Distances, longest path, dead ends, corridors and solutions on hand-built mazes.

mod common;

use common::{comb, dims};
use mazelab::analyze::{self, UNREACHABLE};
use mazelab::entrance;
use mazelab::generate::{generate, Params};
use mazelab::grid::Grid;
use mazelab::shape::Topology;

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
fn shortest_paths_to_itself_and_to_a_cell_out_of_reach() {
    use mazelab::grid::Grid;
    use mazelab::shape::Dims;
    let dims = Dims::new(4, 3).unwrap();
    let room = Grid::open(dims);
    assert_eq!(
        mazelab::analyze::count_shortest_paths(&room, 5, 5),
        (1, false)
    );
    // Closed walls: nothing but the start is reached.
    let closed = Grid::closed(dims);
    assert_eq!(
        mazelab::analyze::count_shortest_paths(&closed, 0, 11),
        (0, false)
    );
    assert_eq!(
        mazelab::analyze::count_shortest_paths(&closed, 3, 3),
        (1, false)
    );
    // One cell one move away: one path; two moves across a 2 x 2 room: two.
    assert_eq!(
        mazelab::analyze::count_shortest_paths(&room, 0, 1),
        (1, false)
    );
    assert_eq!(
        mazelab::analyze::count_shortest_paths(&room, 0, 5),
        (2, false)
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

/// The metrics' solution and longest path, worked out from whole distance
/// maps (`distances`): the solution is the exit's distance from the
/// entrance; the longest path is the greatest distance from the
/// lowest-numbered cell farthest from the entrance (cell 0 when the
/// entrance reaches no other cell).
fn by_distance_maps(grid: &Grid, entrance: u32, exit: u32) -> (Option<u32>, u32) {
    let from_entrance = analyze::distances(grid, entrance);
    let far = (0..grid.cells())
        .filter(|&c| from_entrance[c as usize] != UNREACHABLE)
        .fold((0, 0), |best, c| {
            let d = from_entrance[c as usize];
            if d > best.1 {
                (c, d)
            } else {
                best
            }
        })
        .0;
    let longest = analyze::distances(grid, far)
        .into_iter()
        .filter(|&d| d != UNREACHABLE)
        .max()
        .unwrap_or(0);
    let solution = from_entrance[exit as usize];
    ((solution != UNREACHABLE).then_some(solution), longest)
}

#[test]
fn metrics_sweep_without_distance_maps_and_agree_with_them() {
    let agree = |grid: &Grid, ends: &[(u32, u32)]| {
        for &(entrance, exit) in ends {
            let m = analyze::metrics(grid, entrance, exit);
            let expected = by_distance_maps(grid, entrance, exit);
            assert_eq!(
                (m.solution_length, m.longest_path),
                expected,
                "from {entrance} to {exit}"
            );
        }
    };
    // Perfect, braided (loops: the farthest ring holds several cells), and
    // cut into pieces (cells the entrance never reaches, an entrance that
    // reaches nothing).
    for seed in 0..12 {
        for braid in [0, 60, 100] {
            let mut grid = generate(
                "kruskal",
                Params {
                    braid,
                    ..Params::new(dims(13, 8), seed)
                },
            )
            .unwrap();
            let cells = grid.cells();
            agree(&grid, &[(0, cells - 1), (seed as u32, 50), (77, 77)]);
            // Walls put back around cells 20 and 60 (and 60's neighbours
            // cut off from the rest where that isolates them).
            for cell in [20, 60] {
                for n in grid.shape().neighbors(cell).as_slice().to_vec() {
                    grid.set_open(cell, n, false);
                }
            }
            agree(&grid, &[(20, 0), (0, 60), (5, cells - 1), (60, 60)]);
        }
    }
    // The isolated entrance: no solution, and the longest path is measured
    // from cell 0, as the double sweep over a map has it.
    let mut grid = generate("backtracker", Params::new(dims(6, 4), 1)).unwrap();
    for n in grid.shape().neighbors(9).as_slice().to_vec() {
        grid.set_open(9, n, false);
    }
    let m = analyze::metrics(&grid, 9, 0);
    assert_eq!(m.solution_length, None);
    assert!(m.longest_path > 0);
    assert_eq!(m.longest_path, by_distance_maps(&grid, 9, 0).1);
}
