//! Every solver on braided mazes of every shape: a valid walk from start to
//! goal, a shortest one where the method promises it, and an answer (found,
//! or "no path found by this method" where the method may give up) instead
//! of a hang; Pullen's fillers keep exactly the cells of some solution.

use mazelab::analyze;
use mazelab::generate::{self, Params};
use mazelab::grid::Grid;
use mazelab::shape::Cell;
use mazelab::shape::Shape;
use mazelab::solve::{solve, Outcome, Promise, SOLVERS};

fn braided(kind: &str, size: &str, braid: u8, seed: u64) -> Grid {
    let shape = Shape::parse(kind, size, None).unwrap();
    generate::generate(
        "backtracker",
        Params {
            braid,
            ..Params::on(shape, seed)
        },
    )
    .unwrap()
}

fn assert_walk(grid: &Grid, path: &[Cell], start: Cell, goal: Cell, label: &str) {
    assert_eq!(
        (path.first(), path.last()),
        (Some(&start), Some(&goal)),
        "{label}"
    );
    for pair in path.windows(2) {
        assert!(
            grid.adjacent(pair[0], pair[1]) && grid.is_open_between(pair[0], pair[1]),
            "{label}: {pair:?} is no move through an opening"
        );
    }
}

#[test]
fn every_solver_walks_or_gives_up_on_braided_mazes_of_every_shape() {
    let mut gave_up = 0;
    for (kind, size) in [
        ("square", "14x10"),
        ("hex", "10x8"),
        ("triangle", "16x8"),
        ("polar", "6"),
    ] {
        for seed in 0..4 {
            for braid in [30u8, 100] {
                let grid = braided(kind, size, braid, seed);
                let cells = grid.cells();
                // Inner ends too, where wall followers can circle.
                for (start, goal) in [(0, cells - 1), (cells / 3, cells / 2 + 1)] {
                    let shortest = analyze::distances(&grid, start)[goal as usize];
                    for solver in SOLVERS.iter().filter(|s| s.name != "longest-path") {
                        let label = format!(
                            "{} on {kind} {size} braid {braid} seed {seed} {start}->{goal}",
                            solver.name
                        );
                        match solve(solver.name, &grid, start, goal).unwrap() {
                            Outcome::Found(path) => {
                                assert_walk(&grid, &path, start, goal, &label);
                                if solver.promise.is_shortest() {
                                    assert_eq!(path.len() as u32 - 1, shortest, "{label}");
                                }
                            }
                            Outcome::NotFound(why) => {
                                assert_eq!(solver.promise, Promise::PathOrGiveUp, "{label}: {why}");
                                assert!(
                                    why.contains("no path found by this method"),
                                    "{label}: {why}"
                                );
                                gave_up += 1;
                            }
                            Outcome::Searching => panic!("{label}: still searching"),
                        }
                    }
                }
            }
        }
    }
    assert!(
        gave_up > 0,
        "some wall follower or mouse had to give up on inner ends"
    );
}

#[test]
fn the_fillers_keep_every_solution_and_the_sealer_only_stems() {
    use mazelab::event::{Event, Mark};
    use mazelab::solve::Solver;
    let grid = braided("square", "12x9", 40, 3);
    let (start, goal) = (0, 107);
    let dead_cells = |name: &str| {
        let mut run = Solver::by_name(name, &grid, start, goal, true).unwrap();
        let mut dead = [false; 108];
        for event in run.by_ref() {
            if let Event::Mark(c, Mark::Dead) = event {
                dead[c as usize] = true;
            }
        }
        dead.iter().filter(|&&d| d).count()
    };
    let (dead_end, cul_de_sac, blind, sealed) = (
        dead_cells("dead-end-filler"),
        dead_cells("cul-de-sac-filler"),
        dead_cells("blind-alley-filler"),
        dead_cells("blind-alley-sealer"),
    );
    // Each filler fills at least what the simpler one does; the sealer
    // darkens only stems, fewer cells than the filler.
    assert!(
        dead_end <= cul_de_sac && cul_de_sac <= blind,
        "{dead_end} {cul_de_sac} {blind}"
    );
    assert!(sealed > 0 && sealed <= blind, "{sealed} of {blind}");
}

#[test]
fn shortest_paths_marks_every_cell_of_every_shortest_path() {
    use mazelab::event::{Event, Mark};
    use mazelab::solve::Solver;
    for seed in 0..6 {
        let grid = braided("square", "9x7", 100, seed);
        let (start, goal) = (0, 62);
        let mut run = Solver::by_name("shortest-paths", &grid, start, goal, true).unwrap();
        let mut path_cells = [false; 63];
        for event in run.by_ref() {
            if let Event::Mark(c, mark) = event {
                path_cells[c as usize] = mark == Mark::Path;
            }
        }
        let from = analyze::distances(&grid, start);
        let to = analyze::distances(&grid, goal);
        for c in 0..63 {
            assert_eq!(
                path_cells[c],
                from[c] + to[c] == from[goal as usize],
                "seed {seed} cell {c}"
            );
        }
        let (count, _) = analyze::count_shortest_paths(&grid, start, goal);
        assert!(count >= 1);
    }
}

#[test]
fn solvers_lists_every_solver_with_a_description() {
    for solver in SOLVERS {
        assert!(solver.description.len() > 30, "{}", solver.name);
    }
    let names: Vec<&str> = SOLVERS.iter().map(|s| s.name).collect();
    for name in [
        "collision",
        "shortest-paths",
        "cul-de-sac-filler",
        "blind-alley-filler",
        "blind-alley-sealer",
    ] {
        assert!(names.contains(&name), "{name}");
    }
}

#[test]
fn pledge_leaves_the_island_that_a_wall_follower_circles() {
    use mazelab::shape::Dims;
    // An open room: from the middle a wall follower has no wall to hold and
    // turns in a small circle; Pledge walks straight to the edge and follows
    // it round to the corner.
    let room = Grid::open(Dims::new(7, 7).unwrap());
    let (start, goal) = (24, 48);
    assert!(matches!(
        solve("wall-follower", &room, start, goal).unwrap(),
        Outcome::NotFound(_)
    ));
    match solve("pledge", &room, start, goal).unwrap() {
        Outcome::Found(path) => assert_walk(&room, &path, start, goal, "pledge"),
        other => panic!("pledge: {other:?}"),
    }
}

#[test]
fn the_chain_reaches_the_goal_on_perfect_and_braided_mazes_of_every_shape() {
    for (kind, size) in [
        ("square", "20x14"),
        ("hex", "14x10"),
        ("polar", "7"),
        ("triangle", "20x9"),
    ] {
        for braid in [0u8, 60] {
            for seed in 0..10 {
                let grid = braided(kind, size, braid, seed);
                let (start, goal) = (seed as u32 % 13, grid.cells() - 1 - seed as u32 % 11);
                let label = format!("chain on {kind} {size} braid {braid} seed {seed}");
                match solve("chain", &grid, start, goal).unwrap() {
                    Outcome::Found(path) => assert_walk(&grid, &path, start, goal, &label),
                    other => panic!("{label}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn two_sweeps_and_greed_look_at_fewer_cells_of_an_open_room() {
    use mazelab::event::{Event, Mark};
    use mazelab::shape::Dims;
    use mazelab::solve::Solver;
    let room = Grid::open(Dims::new(30, 30).unwrap());
    let looked_at = |name: &str| {
        // Across the middle: two small diamonds instead of one large one.
        let mut run = Solver::by_name(name, &room, 455, 474, true).unwrap();
        let mut seen = vec![false; 900];
        for event in run.by_ref() {
            if let Event::Mark(c, Mark::Explored | Mark::Frontier) = event {
                seen[c as usize] = true;
            }
        }
        let path = match run.outcome() {
            Outcome::Found(p) => p.len() - 1,
            other => panic!("{name}: {other:?}"),
        };
        (seen.iter().filter(|&&s| s).count(), path)
    };
    let (bfs, bfs_path) = looked_at("bfs");
    let (two, two_path) = looked_at("bidirectional-bfs");
    let (greedy, greedy_path) = looked_at("greedy-best-first");
    let (iddfs, iddfs_path) = looked_at("iddfs");
    assert_eq!((bfs_path, two_path, iddfs_path), (19, 19, 19));
    assert!(two < bfs * 3 / 4, "two sweeps {two} vs one {bfs}");
    assert!(greedy < bfs / 4, "greedy {greedy} vs {bfs}");
    assert!(greedy_path >= 19);
    assert!(iddfs > 0);
}

/// The cheapest cost from `start` to every cell, by an independent
/// Dijkstra over the maze's openings as pairs (no solver code), with
/// `cost[c]` paid on entering `c`.
fn cheapest_costs(cells: u32, openings: &[(Cell, Cell)], cost: &[u8], start: Cell) -> Vec<u64> {
    use std::cmp::Reverse;
    let mut adjacent = vec![Vec::new(); cells as usize];
    for &(a, b) in openings {
        adjacent[a as usize].push(b);
        adjacent[b as usize].push(a);
    }
    let mut best = vec![u64::MAX; cells as usize];
    let mut heap = std::collections::BinaryHeap::from([Reverse((0u64, start))]);
    best[start as usize] = 0;
    while let Some(Reverse((d, c))) = heap.pop() {
        if d > best[c as usize] {
            continue;
        }
        for &n in &adjacent[c as usize] {
            let through = d + u64::from(cost[n as usize]);
            if through < best[n as usize] {
                best[n as usize] = through;
                heap.push(Reverse((through, n)));
            }
        }
    }
    best
}

#[test]
fn dijkstra_and_astar_find_the_cheapest_way_on_weighted_mazes_of_every_shape() {
    use mazelab::weights::{path_cost, Weights};
    let mut cheaper_than_the_shortest = 0;
    let mut longer_than_the_shortest = 0;
    for (kind, size) in [
        ("square", "14x10"),
        ("hex", "10x8"),
        ("triangle", "16x8"),
        ("polar", "6"),
        ("3d", "5x4x3"),
    ] {
        for seed in 0..4 {
            for (braid, weights) in [(100u8, "random:9"), (50, "patches:20"), (0, "random:5")] {
                let grid = braided(kind, size, braid, seed);
                let w = Weights::parse(weights).unwrap();
                let grid = grid.clone().with_costs(Some(w.costs(grid.shape(), seed)));
                let costs = grid.costs().unwrap();
                let openings: Vec<_> = grid.opening_pairs().collect();
                let (start, goal) = (0, grid.cells() - 1);
                let best = cheapest_costs(grid.cells(), &openings, costs.as_slice(), start);
                let label = format!("{kind} {size} braid {braid} {weights} seed {seed}");
                let Outcome::Found(bfs) = solve("bfs", &grid, start, goal).unwrap() else {
                    panic!("{label}: bfs found no path");
                };
                for solver in ["dijkstra", "astar"] {
                    let Outcome::Found(path) = solve(solver, &grid, start, goal).unwrap() else {
                        panic!("{label}: {solver} found no path");
                    };
                    assert_walk(&grid, &path, start, goal, &label);
                    assert_eq!(
                        path_cost(Some(costs), &path),
                        best[goal as usize],
                        "{solver} on {label}"
                    );
                }
                let Outcome::Found(cheap) = solve("dijkstra", &grid, start, goal).unwrap() else {
                    unreachable!()
                };
                if path_cost(Some(costs), &cheap) < path_cost(Some(costs), &bfs) {
                    cheaper_than_the_shortest += 1;
                }
                if cheap.len() > bfs.len() {
                    longer_than_the_shortest += 1;
                }
                // Unweighted, both are shortest again.
                let plain = grid.clone().with_costs(None);
                let Outcome::Found(p) = solve("dijkstra", &plain, start, goal).unwrap() else {
                    unreachable!()
                };
                assert_eq!(p.len(), bfs.len(), "{label} unweighted");
            }
        }
    }
    // On braided mazes the cheapest way and the shortest differ: cheaper,
    // and often more moves.
    assert!(
        cheaper_than_the_shortest >= 10 && longer_than_the_shortest >= 5,
        "{cheaper_than_the_shortest} cheaper, {longer_than_the_shortest} longer"
    );
}
