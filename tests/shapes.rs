//! Every generator on every shape it claims: perfect mazes (connected, one
//! opening fewer than cells, nothing opened into a masked cell) on the
//! smallest and odd sizes, a torus, masks with holes, many seeds; the event
//! stream replays to the same maze; one seed, one maze.

use mazelab::generate::{self, Generator, Params, ALGORITHMS};
use mazelab::grid::Grid;
use mazelab::shape::{Mask, Shape, Topology};

mod common;
use common::test_shapes as shapes;

/// Connected over the live cells, live - 1 openings, none into a masked cell.
fn assert_perfect(grid: &Grid, label: &str) {
    let shape = grid.shape();
    let live = shape.live_cells();
    assert_eq!(grid.openings(), u64::from(live) - 1, "{label}: openings");
    for (a, b) in grid.opening_pairs() {
        assert!(
            shape.is_cell(a) && shape.is_cell(b),
            "{label}: opened into a masked cell"
        );
    }
    let start = (0..shape.cells()).find(|&c| shape.is_cell(c)).unwrap();
    let mut seen = vec![false; shape.cells() as usize];
    let mut stack = vec![start];
    seen[start as usize] = true;
    let mut reached = 1;
    while let Some(cell) = stack.pop() {
        for &n in grid.open_neighbors(cell).as_slice() {
            if !seen[n as usize] {
                seen[n as usize] = true;
                reached += 1;
                stack.push(n);
            }
        }
    }
    assert_eq!(reached, live, "{label}: connected");
}

#[test]
fn every_generator_makes_a_perfect_maze_on_every_shape_it_claims() {
    let mut runs = 0;
    for shape in shapes() {
        for algorithm in generate::available_on(&shape) {
            for seed in 0..20 {
                let label = format!(
                    "{} on {} {} seed {seed}",
                    algorithm.name,
                    shape.name(),
                    shape.size_text()
                );
                let grid =
                    generate::generate(algorithm.name, Params::on(shape.clone(), seed)).unwrap();
                assert_perfect(&grid, &label);
                runs += 1;
            }
        }
    }
    assert!(runs > 3000, "{runs} mazes checked");
}

#[test]
fn the_events_replay_to_the_same_maze_and_a_seed_always_gives_it() {
    for shape in shapes() {
        for algorithm in generate::available_on(&shape) {
            let params = Params::on(shape.clone(), 7);
            let finished = generate::generate(algorithm.name, params.clone()).unwrap();
            let mut generator = Generator::by_name(algorithm.name, params.clone(), true).unwrap();
            let mut replayed = generator.initial_grid();
            for event in generator.by_ref() {
                replayed.apply(&event);
            }
            assert_eq!(replayed, finished, "{} on {}", algorithm.name, shape.name());
            assert_eq!(
                generate::generate(algorithm.name, params).unwrap(),
                finished
            );
        }
    }
}

#[test]
fn row_and_column_generators_refuse_other_shapes_and_name_where_they_run() {
    let hex = Shape::parse("hex", "5x5", None).unwrap();
    for algorithm in ALGORITHMS.iter().filter(|a| !a.runs_on(&hex)) {
        let err = Generator::by_name(algorithm.name, Params::on(hex.clone(), 1), false)
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("plain") && err.contains("try growing-tree"),
            "{err}"
        );
    }
    // The generic ones: the 8 classic ones, and houston, origin-shift,
    // growing-forest, boruvka, reverse-delete, blobby-division and
    // cheapest-cell.
    assert_eq!(generate::available_on(&hex).count(), 15);
}

#[test]
fn square_mazes_are_the_same_through_the_shape_as_before() {
    // A plain square given as a Shape runs the tuned square code: the same
    // maze as the square params (and as the pinned fixture's seed).
    for algorithm in ALGORITHMS {
        // Even sides for the unicursal labyrinth, which takes only those.
        let rows = if algorithm.even_sides { 4 } else { 3 };
        let dims = mazelab::shape::Dims::new(4, rows).unwrap();
        let a = generate::generate(algorithm.name, Params::new(dims, 42)).unwrap();
        let b = generate::generate(algorithm.name, Params::on(Shape::square(dims), 42)).unwrap();
        assert_eq!(a, b, "{}", algorithm.name);
    }
}

#[test]
fn every_solver_walks_open_passages_on_every_shape_and_the_shortest_ones_are_shortest() {
    use mazelab::solve::{self, Outcome, SOLVERS};
    for shape in shapes() {
        if shape.live_cells() < 2 {
            continue;
        }
        for seed in 0..4 {
            let grid = generate::generate("wilson", Params::on(shape.clone(), seed)).unwrap();
            let live: Vec<u32> = (0..shape.cells()).filter(|&c| shape.is_cell(c)).collect();
            let (start, goal) = (live[0], live[live.len() - 1]);
            let shortest = mazelab::analyze::distances(&grid, start)[goal as usize];
            for info in SOLVERS.iter().filter(|s| s.name != "longest-path") {
                let label = format!(
                    "{} on {} {} seed {seed}",
                    info.name,
                    shape.name(),
                    shape.size_text()
                );
                match solve::solve(info.name, &grid, start, goal).unwrap() {
                    Outcome::Found(path) => {
                        assert_eq!((path[0], *path.last().unwrap()), (start, goal), "{label}");
                        for pair in path.windows(2) {
                            assert!(
                                grid.adjacent(pair[0], pair[1])
                                    && grid.is_open_between(pair[0], pair[1]),
                                "{label}: {pair:?}"
                            );
                        }
                        if matches!(info.name, "bfs" | "astar") {
                            assert_eq!(path.len() as u32 - 1, shortest, "{label}: shortest");
                        }
                    }
                    Outcome::NotFound(why) => {
                        // A perfect maze: only the random mouse may give up.
                        assert_eq!(info.name, "random-mouse", "{label}: {why}");
                    }
                    Outcome::Searching => {
                        panic!("{label}: still searching after running to the end")
                    }
                }
            }
        }
    }
}

#[test]
fn wall_followers_stop_on_mazes_with_loops_on_every_shape() {
    use mazelab::solve::{self, Outcome};
    for shape in shapes().into_iter().filter(|s| s.live_cells() > 4) {
        // Every wall open: the most loops a shape can have.
        let grid = Grid::open_shape(shape.clone());
        let live: Vec<u32> = (0..shape.cells()).filter(|&c| shape.is_cell(c)).collect();
        for name in ["wall-follower", "wall-follower-right", "tremaux"] {
            let outcome = solve::solve(name, &grid, live[live.len() / 2], live[0]).unwrap();
            assert!(
                !matches!(outcome, Outcome::Searching),
                "{name} on {}",
                shape.name()
            );
        }
    }
}

#[test]
fn the_dynamic_shape_draws_the_same_mazes_as_each_tilings_own_type() {
    // A mask with every cell on sends a generator through `Shape` (as the
    // browser build does for every non-square shape); without one it runs
    // on the tiling's own type. Both must give the same maze for a seed.
    // (A plain square runs its own tuned code in every build, whose random
    // walk draws differently; it is not compared.)
    for shape in shapes()
        .into_iter()
        .filter(|s| s.mask.is_none() && s.plain_square().is_none())
    {
        let all_on = shape
            .clone()
            .with_mask(Mask::all_on(shape.cells()))
            .unwrap();
        for algorithm in generate::available_on(&shape)
            .filter(|a| all_on.plain_square().is_none() && a.runs_on(&all_on))
        {
            for seed in 0..3 {
                let own =
                    generate::generate(algorithm.name, Params::on(shape.clone(), seed)).unwrap();
                let dynamic =
                    generate::generate(algorithm.name, Params::on(all_on.clone(), seed)).unwrap();
                let pairs = |g: &Grid| g.opening_pairs().collect::<Vec<_>>();
                assert_eq!(
                    pairs(&own),
                    pairs(&dynamic),
                    "{} on {} {} seed {seed}",
                    algorithm.name,
                    shape.name(),
                    shape.size_text()
                );
            }
        }
    }
}
