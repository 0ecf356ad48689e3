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
                                if solver.promise == Promise::Shortest {
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
