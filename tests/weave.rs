//! Weave mazes: perfect counting tunnels, every tunnel beneath a cell whose
//! own passage runs straight across it, the events replay, and weaving is
//! refused by name where it does not run.

use mazelab::generate::{self, Generator, Params, PopSpec};
use mazelab::grid::Grid;
use mazelab::shape::{Dims, Dir};

mod common;
use common::replay;

fn woven(pop: &str, w: u32, h: u32, seed: u64) -> Params {
    Params {
        weave: true,
        pop: PopSpec::parse(pop).unwrap(),
        ..Params::new(Dims::new(w, h).unwrap(), seed)
    }
}

fn assert_woven_and_perfect(grid: &Grid, label: &str) {
    let cells = grid.cells();
    assert_eq!(grid.openings(), u64::from(cells) - 1, "{label}: openings");
    let reached = mazelab::analyze::distances(grid, 0)
        .iter()
        .filter(|&&d| d != mazelab::analyze::UNREACHABLE)
        .count();
    assert_eq!(reached as u32, cells, "{label}: connected through tunnels");
    for (from, under, to) in grid.tunnels() {
        let horizontal = to == from + 2;
        let (along, across) = if horizontal {
            ([Dir::E, Dir::W], [Dir::N, Dir::S])
        } else {
            ([Dir::N, Dir::S], [Dir::E, Dir::W])
        };
        for d in across {
            assert!(
                grid.is_open(under, d),
                "{label}: {under} is not open across"
            );
        }
        for d in along {
            assert!(
                !grid.is_open(under, d),
                "{label}: {under} opens along its tunnel"
            );
        }
        assert!(grid.is_open_between(from, to));
    }
}

#[test]
fn woven_mazes_are_perfect_with_tunnels_only_under_straight_cells() {
    let mut tunnels = 0;
    for (name, pop) in [
        ("kruskal", "newest"),
        ("backtracker", "newest"),
        ("growing-tree", "random"),
        ("growing-tree", "oldest"),
        ("growing-tree", "newest:50,random:50"),
    ] {
        for (w, h) in [(1, 1), (1, 5), (5, 1), (2, 2), (3, 3), (9, 7), (24, 18)] {
            for seed in 0..12 {
                let label = format!("{name}/{pop} {w}x{h} seed {seed}");
                let params = woven(pop, w, h, seed);
                let grid = generate::generate(name, params.clone()).unwrap();
                assert_woven_and_perfect(&grid, &label);
                tunnels += grid.tunnels().len();
                let (replayed, _) = replay(name, params);
                assert_eq!(replayed, grid, "{label}: the events replay");
            }
        }
    }
    assert!(tunnels > 500, "weaving made {tunnels} tunnels");
}

#[test]
fn weaving_is_refused_by_name_where_it_does_not_run() {
    let params = woven("newest", 8, 8, 1);
    let err = Generator::by_name("prim", params, false)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("kruskal, backtracker, growing-tree"), "{err}");
    let hex = Params {
        weave: true,
        ..Params::on(mazelab::shape::Shape::parse("hex", "6x6", None).unwrap(), 1)
    };
    let err = Generator::by_name("kruskal", hex, false)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("plain square"), "{err}");
}

#[test]
fn braiding_a_woven_maze_keeps_its_crossings() {
    let params = Params {
        braid: 100,
        ..woven("newest", 20, 15, 4)
    };
    let grid = generate::generate("kruskal", params).unwrap();
    assert!(!grid.tunnels().is_empty());
    for (_, under, _) in grid.tunnels() {
        assert_eq!(grid.degree(under), 2, "a crossing cell stays straight");
    }
}

#[test]
fn every_solver_walks_through_tunnels_on_woven_mazes() {
    use mazelab::solve::{solve, Outcome, Promise, SOLVERS};
    for seed in 0..6 {
        for braid in [0u8, 50] {
            let params = Params {
                braid,
                ..woven("newest", 14, 10, seed)
            };
            let grid = generate::generate("kruskal", params).unwrap();
            assert!(!grid.tunnels().is_empty());
            let (start, goal) = (0, 139);
            let shortest = mazelab::analyze::distances(&grid, start)[goal as usize];
            for solver in SOLVERS.iter().filter(|s| s.name != "longest-path") {
                let label = format!("{} seed {seed} braid {braid}", solver.name);
                match solve(solver.name, &grid, start, goal).unwrap() {
                    Outcome::Found(path) => {
                        assert_eq!((path[0], *path.last().unwrap()), (start, goal), "{label}");
                        for pair in path.windows(2) {
                            let linked = (grid.adjacent(pair[0], pair[1])
                                || grid.tunnel_under(pair[0], pair[1]).is_some())
                                && grid.is_open_between(pair[0], pair[1]);
                            assert!(linked, "{label}: {pair:?} is no move");
                        }
                        if solver.promise.is_shortest() {
                            assert_eq!(path.len() as u32 - 1, shortest, "{label}");
                        }
                        // On a perfect woven maze (a tree) every method finds the one path.
                        if braid == 0 {
                            assert_eq!(path.len() as u32 - 1, shortest, "{label}: the only path");
                        }
                    }
                    Outcome::NotFound(why) => {
                        // Only methods that may give up do (Pledge promises
                        // the outer edge, not a given cell of it).
                        assert_eq!(solver.promise, Promise::PathOrGiveUp, "{label}: {why}");
                        let follows_walls = solver.name.starts_with("wall-follower");
                        assert!(!(braid == 0 && follows_walls), "{label}: {why}");
                    }
                    Outcome::Searching => panic!("{label}"),
                }
            }
        }
    }
}
