//! Every solver on every generator's mazes, on mazes with loops, and on the
//! edge cases: valid walks, shortest where promised, and an answer (found or
//! not) instead of a hang.

mod common;

use common::dims;
use mazelab::analyze;
use mazelab::event::{Event, Mark};
use mazelab::generate::{generate, Params, ALGORITHMS};
use mazelab::grid::Grid;
use mazelab::rng::Rng;
use mazelab::shape::Cell;
use mazelab::solve::{solve, Outcome, Solver, SOLVERS};

/// A path's ends are start and goal and every step goes through an opening.
fn assert_walk(grid: &Grid, path: &[Cell], start: Cell, goal: Cell, context: &str) {
    assert_eq!(path.first(), Some(&start), "{context}: starts elsewhere");
    assert_eq!(path.last(), Some(&goal), "{context}: ends elsewhere");
    for pair in path.windows(2) {
        assert!(
            grid.dims().adjacent(pair[0], pair[1]) && grid.is_open_between(pair[0], pair[1]),
            "{context}: {pair:?} is not a move through an opening"
        );
    }
}

fn found(outcome: Outcome, context: &str) -> Vec<Cell> {
    match outcome {
        Outcome::Found(path) => path,
        other => panic!("{context}: {other:?}"),
    }
}

/// Adds `extra` random openings to a perfect maze, making loops.
fn with_loops(mut grid: Grid, extra: u32, seed: u64) -> Grid {
    let mut rng = Rng::new(seed);
    let dims = grid.dims();
    for _ in 0..extra {
        let cell = rng.below(dims.cells());
        let nbrs = dims.neighbors(cell);
        grid.set_open(cell, rng.pick(nbrs.as_slice()), true);
    }
    grid
}

#[test]
fn bfs_and_astar_find_a_shortest_path_on_every_generators_mazes() {
    for algorithm in ALGORITHMS {
        for seed in 0..4 {
            let size = algorithm.fitting(dims(17, 11));
            let grid = generate(algorithm.name, Params::new(size, seed)).unwrap();
            let mut rng = Rng::new(seed);
            let (start, goal) = (rng.below(grid.cells()), rng.below(grid.cells()));
            let shortest = analyze::distances(&grid, start)[goal as usize];
            for name in ["bfs", "astar"] {
                let context = format!("{name} on {} seed {seed}", algorithm.name);
                let path = found(solve(name, &grid, start, goal).unwrap(), &context);
                assert_walk(&grid, &path, start, goal, &context);
                assert_eq!(path.len() as u32 - 1, shortest, "{context}");
            }
        }
    }
}

#[test]
fn every_solver_walks_from_start_to_goal_on_every_generators_mazes() {
    for algorithm in ALGORITHMS {
        let grid = generate(
            algorithm.name,
            Params::new(algorithm.fitting(dims(12, 9)), 3),
        )
        .unwrap();
        let (start, goal) = (5, grid.cells() - 7);
        for solver in SOLVERS.iter().filter(|s| s.name != "longest-path") {
            let context = format!("{} on {}", solver.name, algorithm.name);
            let path = found(solve(solver.name, &grid, start, goal).unwrap(), &context);
            assert_walk(&grid, &path, start, goal, &context);
            // A perfect maze has one simple path, and every solver finds it.
            assert_eq!(
                path.len() as u32 - 1,
                analyze::distances(&grid, start)[goal as usize],
                "{context}"
            );
        }
    }
}

#[test]
fn the_longest_path_joins_the_two_most_distant_cells() {
    for algorithm in ALGORITHMS {
        let grid = generate(algorithm.name, Params::new(dims(14, 10), 6)).unwrap();
        let path = found(solve("longest-path", &grid, 0, 0).unwrap(), algorithm.name);
        let (a, b) = (path[0], *path.last().unwrap());
        assert_walk(&grid, &path, a, b, algorithm.name);
        assert_eq!(
            path.len() as u32 - 1,
            analyze::longest_path(&grid).2,
            "{}",
            algorithm.name
        );
    }
}

#[test]
fn on_mazes_with_loops_solvers_find_a_valid_walk_or_say_they_cannot() {
    for seed in 0..6 {
        let perfect = generate("kruskal", Params::new(dims(15, 12), seed)).unwrap();
        let grid = with_loops(perfect, 25, seed);
        let (start, goal) = (3, grid.cells() - 2);
        let shortest = analyze::distances(&grid, start)[goal as usize];
        for solver in SOLVERS.iter().filter(|s| s.name != "longest-path") {
            let context = format!("{} with loops, seed {seed}", solver.name);
            match solve(solver.name, &grid, start, goal).unwrap() {
                Outcome::Found(path) => {
                    assert_walk(&grid, &path, start, goal, &context);
                    if ["bfs", "astar", "dead-end-filler"].contains(&solver.name) {
                        assert_eq!(path.len() as u32 - 1, shortest, "{context}");
                    }
                }
                Outcome::NotFound(why) => {
                    assert!(solver.name.starts_with("wall-follower"), "{context}: {why}");
                    assert!(
                        why.contains("no path found by this method"),
                        "{context}: {why}"
                    );
                }
                Outcome::Searching => panic!("{context}: still searching after run"),
            }
        }
    }
}

#[test]
fn the_wall_follower_reports_circling_instead_of_hanging() {
    // Every wall open: the left hand follows the border and never meets the
    // goal in the middle.
    let grid = Grid::open(dims(5, 5));
    let outcome = solve("wall-follower", &grid, 0, 12).unwrap();
    let Outcome::NotFound(why) = outcome else {
        panic!("expected no path, got {outcome:?}");
    };
    assert!(why.contains("no path found by this method"), "{why}");
    // Other methods still solve it.
    for name in [
        "bfs",
        "dfs",
        "astar",
        "tremaux",
        "dead-end-filler",
        "random-mouse",
    ] {
        let path = found(solve(name, &grid, 0, 12).unwrap(), name);
        assert_walk(&grid, &path, 0, 12, name);
    }
}

#[test]
fn start_equal_to_goal_and_one_cell_mazes_are_solved_at_once() {
    let grid = generate("wilson", Params::new(dims(6, 6), 1)).unwrap();
    let one = Grid::closed(dims(1, 1));
    for solver in SOLVERS.iter().filter(|s| s.name != "longest-path") {
        assert_eq!(
            solve(solver.name, &grid, 14, 14).unwrap(),
            Outcome::Found(vec![14]),
            "{}",
            solver.name
        );
        assert_eq!(
            solve(solver.name, &one, 0, 0).unwrap(),
            Outcome::Found(vec![0]),
            "{}",
            solver.name
        );
    }
    assert_eq!(
        solve("longest-path", &one, 0, 0).unwrap(),
        Outcome::Found(vec![0])
    );
}

#[test]
fn an_unreachable_goal_ends_with_not_found() {
    let grid = Grid::closed(dims(4, 3));
    for solver in SOLVERS.iter().filter(|s| s.name != "longest-path") {
        let outcome = solve(solver.name, &grid, 0, 11).unwrap();
        assert!(
            matches!(outcome, Outcome::NotFound(_)),
            "{}: {outcome:?}",
            solver.name
        );
    }
}

#[test]
fn a_start_or_goal_outside_the_maze_is_refused_by_name() {
    let grid = Grid::closed(dims(4, 3));
    let err = Solver::by_name("bfs", &grid, 12, 0, true)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("start") && err.contains("0 to 11"), "{err}");
    let err = Solver::by_name("bfs", &grid, 0, 99, true)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("goal"), "{err}");
    let err = Solver::by_name("teleport", &grid, 0, 1, true)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("bfs, dfs, dijkstra, astar"), "{err}");
}

#[test]
fn every_solver_event_is_a_real_change_and_the_stream_ends_once() {
    let grid = with_loops(generate("prim", Params::new(dims(10, 8), 2)).unwrap(), 6, 2);
    for solver in SOLVERS {
        let mut run = Solver::by_name(solver.name, &grid, 1, 78, true).unwrap();
        let mut marks = vec![Mark::Blank; grid.cells() as usize];
        let mut cursor = None;
        let mut done = 0;
        for event in run.by_ref() {
            match event {
                Event::Mark(cell, mark) => {
                    let old = std::mem::replace(&mut marks[cell as usize], mark);
                    assert_ne!(old, mark, "{}: {event:?}", solver.name);
                }
                Event::Cursor(cell) => {
                    assert_ne!(cursor.replace(cell), Some(cell), "{}", solver.name)
                }
                Event::Phase(_) => {}
                Event::Done => done += 1,
                other => panic!("{}: a solver changed the maze: {other:?}", solver.name),
            }
        }
        assert_eq!(done, 1, "{}", solver.name);
        if let Outcome::Found(path) = run.outcome() {
            for &cell in path {
                assert_eq!(
                    marks[cell as usize],
                    Mark::Path,
                    "{}: the final path is marked",
                    solver.name
                );
            }
        }
    }
}
