//! Every generator, on every shape of grid and many seeds: a perfect maze,
//! rebuilt exactly by its own event stream, the same for the same seed.

mod common;

use common::{assert_perfect, dims, replay};
use mazelab::event::Event;
use mazelab::generate::{generate, Bias, Generator, Params, PopSpec, ALGORITHMS};
use mazelab::rng::Rng;

const SHAPES: [(u32, u32); 9] = [
    (1, 1),
    (1, 9),
    (9, 1),
    (2, 2),
    (3, 2),
    (7, 9),
    (15, 15),
    (16, 16),
    (40, 25),
];
const SEEDS: u64 = 20;

/// A size the algorithm takes: sides made even where it needs them (the
/// unicursal labyrinth's 2 x 2 blocks).
fn sized(name: &str, w: u32, h: u32) -> mazelab::shape::Dims {
    let even = mazelab::generate::find(name).is_ok_and(|a| a.even_sides);
    let up = |n: u32| if even && n % 2 == 1 { n + 1 } else { n };
    dims(up(w), up(h))
}

/// Every registry entry plus the option variants worth covering.
fn variants() -> Vec<(&'static str, Params)> {
    let base = Params::new(dims(1, 1), 0);
    let mut out: Vec<(&'static str, Params)> =
        ALGORITHMS.iter().map(|a| (a.name, base.clone())).collect();
    for pop in [
        "oldest",
        "random",
        "middle",
        "newest:75,random:25",
        "oldest:1,middle:1,random:1",
    ] {
        out.push((
            "growing-tree",
            Params {
                pop: PopSpec::parse(pop).unwrap(),
                ..base.clone()
            },
        ));
    }
    for bias in [Bias::NE, Bias::SW, Bias::SE] {
        out.push((
            "binary-tree",
            Params {
                bias,
                ..base.clone()
            },
        ));
    }
    out
}

#[test]
fn every_generator_makes_a_perfect_maze_on_every_shape_and_seed() {
    for (name, base) in variants() {
        for (w, h) in SHAPES {
            for seed in 0..SEEDS {
                let params = Params {
                    shape: mazelab::shape::Shape::square(sized(name, w, h)),
                    seed,
                    ..base.clone()
                };
                let (grid, _) = replay(name, params.clone());
                let context = format!("{name} {:?} {w}x{h} seed {seed}", base.pop.to_string());
                assert_perfect(&grid, &context);
            }
        }
    }
}

#[test]
fn the_event_stream_rebuilds_the_instant_maze() {
    for (name, base) in variants() {
        for seed in 0..5 {
            let params = Params {
                shape: mazelab::shape::Shape::square(sized(name, 23, 17)),
                seed,
                ..base.clone()
            };
            let (streamed, _) = replay(name, params.clone());
            let instant = generate(name, params).unwrap();
            assert_eq!(
                streamed, instant,
                "{name} seed {seed}: instant and streamed mazes differ"
            );
        }
    }
}

#[test]
fn instant_mode_keeps_every_carving_event_and_drops_only_visuals() {
    for algorithm in ALGORITHMS {
        let params = Params::new(sized(algorithm.name, 12, 10), 3);
        let full: Vec<Event> = Generator::new(algorithm, params.clone(), true).collect();
        let quick: Vec<Event> = Generator::new(algorithm, params, false).collect();
        let structural: Vec<Event> = full
            .iter()
            .copied()
            .filter(|e| e.is_structural() || *e == Event::Done)
            .collect();
        assert_eq!(quick, structural, "{}", algorithm.name);
    }
}

#[test]
fn the_same_seed_gives_the_same_events() {
    for (name, base) in variants() {
        let params = Params {
            shape: mazelab::shape::Shape::square(sized(name, 20, 13)),
            seed: 99,
            ..base
        };
        let a: Vec<Event> = Generator::by_name(name, params.clone(), true)
            .unwrap()
            .collect();
        let b: Vec<Event> = Generator::by_name(name, params, true).unwrap().collect();
        assert_eq!(a, b, "{name}");
    }
}

#[test]
fn different_seeds_give_different_mazes() {
    for (name, base) in variants() {
        let maze = |seed| {
            generate(
                name,
                Params {
                    shape: mazelab::shape::Shape::square(sized(name, 12, 12)),
                    seed,
                    ..base.clone()
                },
            )
            .unwrap()
        };
        let first = maze(1);
        assert!(
            (2..6).any(|seed| maze(seed) != first),
            "{name}: seeds 1-5 all give the same maze"
        );
    }
}

#[test]
fn random_sizes_and_seeds_always_give_perfect_mazes() {
    let mut rng = Rng::new(2026);
    for (name, base) in variants() {
        for _ in 0..12 {
            let (w, h) = (1 + rng.below(33), 1 + rng.below(33));
            let seed = rng.next_u64();
            let (grid, _) = replay(
                name,
                Params {
                    shape: mazelab::shape::Shape::square(sized(name, w, h)),
                    seed,
                    ..base.clone()
                },
            );
            assert_perfect(&grid, &format!("{name} {w}x{h} seed {seed}"));
        }
    }
}

#[test]
fn unknown_algorithms_are_refused_with_the_valid_names() {
    let err = Generator::by_name("labyrinth", Params::new(dims(3, 3), 1), true)
        .err()
        .unwrap();
    let message = err.to_string();
    assert!(message.contains("labyrinth"), "{message}");
    for algorithm in ALGORITHMS {
        assert!(message.contains(algorithm.name), "{message}");
    }
}

#[test]
fn the_backtracker_carves_the_largest_grid_without_recursion() {
    let params = Params::new(dims(mazelab::shape::MAX_SIDE, mazelab::shape::MAX_SIDE), 5);
    let grid = generate("backtracker", params).unwrap();
    assert_eq!(grid.openings(), u64::from(grid.cells()) - 1);
}

#[test]
fn a_seed_means_the_same_maze_on_every_platform() {
    // Pinned so that a change to the generator or the random stream, which
    // would break every shared link, cannot pass unnoticed. Shared with the
    // browser test, which must print the same maze.
    let grid = generate("backtracker", Params::new(dims(4, 3), 42)).unwrap();
    let text = mazelab::render::text::ascii::render(&grid, None, None);
    assert_eq!(text, include_str!("fixtures/backtracker-4x3-seed42.txt"));
}

#[test]
fn mazectric_grows_longer_corridors_than_the_maze_rule() {
    use mazelab::analyze;
    let dims = mazelab::shape::Dims::new(60, 40).unwrap();
    let mean = |name: &str| {
        (0..6)
            .map(|seed| analyze::mean_corridor(&generate(name, Params::new(dims, seed)).unwrap()))
            .sum::<f64>()
            / 6.0
    };
    let (maze_rule, mazectric) = (mean("cellular-automaton"), mean("mazectric"));
    assert!(
        mazectric > 1.3 * maze_rule,
        "mazectric {mazectric:.2} vs the maze rule {maze_rule:.2}"
    );
}

#[test]
fn the_growing_forest_starts_from_several_roots_and_joins_them() {
    use mazelab::event::Mark;
    let params = Params::new(dims(40, 25), 5);
    let mut run = Generator::by_name("growing-forest", params, true).unwrap();
    let mut roots = 0;
    for event in run.by_ref() {
        match event {
            Event::Mark(_, Mark::Frontier) => roots += 1,
            Event::Carve(..) => break,
            _ => {}
        }
    }
    // About half the square root of 1000 cells: 16, less any repeated draw.
    assert!((10..=16).contains(&roots), "{roots} roots");
}

#[test]
fn the_unicursal_labyrinth_is_one_path_through_every_cell() {
    for (w, h, seed) in [(2, 2, 1), (8, 6, 2), (20, 14, 3), (2, 10, 4)] {
        let grid = generate("unicursal", Params::new(dims(w, h), seed)).unwrap();
        assert_perfect(&grid, &format!("unicursal {w}x{h}"));
        let degrees: Vec<usize> = (0..grid.cells()).map(|c| grid.degree(c)).collect();
        assert!(degrees.iter().all(|&d| d <= 2), "{w}x{h}: a junction");
        let ends: Vec<u32> = (0..grid.cells())
            .filter(|&c| degrees[c as usize] == 1)
            .collect();
        assert_eq!(ends.len(), 2, "{w}x{h}: one path, two ends");
        assert!(ends.contains(&0), "{w}x{h}: it starts at the top-left");
        assert!(
            grid.adjacent(ends[0], ends[1]),
            "{w}x{h}: the ring was cut once"
        );
    }
    let err = Generator::by_name("unicursal", Params::new(dims(7, 5), 1), false)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("8x6"), "{err}");
    let (settings, notices) =
        mazelab::settings::Settings::from_query("algorithm=unicursal&size=7x5", 1);
    assert_eq!(settings.shape.size_text(), "8x6");
    assert!(notices[0].contains("even sides"), "{notices:?}");
}

#[test]
fn blobby_division_splits_with_one_door_per_split_on_every_shape() {
    for shape in common::shapes(&["square:12x9", "hex:9x7", "polar:5", "triangle:12x6"]) {
        let mut run =
            Generator::by_name("blobby-division", Params::on(shape.clone(), 4), true).unwrap();
        let builds = run
            .by_ref()
            .filter(|e| matches!(e, Event::Build(..)))
            .count() as u64;
        let grid = generate("blobby-division", Params::on(shape.clone(), 4)).unwrap();
        // From a fully open maze, every wall built leaves exactly a tree.
        let open_at_start = mazelab::grid::Grid::open_shape(grid.shape().clone()).openings();
        assert_eq!(
            open_at_start - builds,
            u64::from(grid.cells()) - 1,
            "{}",
            shape.name()
        );
        assert_eq!(
            grid.openings(),
            u64::from(grid.cells()) - 1,
            "{}",
            shape.name()
        );
    }
}

#[test]
fn the_fractal_repeats_one_maze_in_every_quadrant_and_brain_does_not() {
    use mazelab::shape::Dir;
    let quadrants_alike = |name: &str| {
        let grid = generate(name, Params::new(dims(16, 16), 5)).unwrap();
        let open = |x: u32, y: u32, d: Dir| grid.is_open(y * 16 + x, d);
        (0..8).all(|y| {
            (0..8).all(|x| {
                [(Dir::E, x < 7), (Dir::S, y < 7)]
                    .iter()
                    .all(|&(d, inside)| {
                        !inside
                            || [(8, 0), (0, 8), (8, 8)]
                                .iter()
                                .all(|&(dx, dy)| open(x, y, d) == open(x + dx, y + dy, d))
                    })
            })
        })
    };
    assert!(
        quadrants_alike("fractal"),
        "the fractal's quadrants are copies"
    );
    assert!(
        !quadrants_alike("brain"),
        "brain's quadrants are mazes of their own"
    );
}

/// The instant build writes straight into the maze; it must give the same
/// maze and the same count as handing out every event and applying it, on
/// every shape a generator runs on, woven and braided runs included.
#[test]
fn the_instant_build_matches_the_events_applied_one_by_one() {
    use mazelab::shape::Shape;
    let mut shapes: Vec<Shape> = common::shapes(&[
        "square:9x7",
        "square:1x5",
        "square:5x1",
        "square:40x33",
        // Even sides, for the unicursal labyrinth (and one block wide).
        "square:8x6",
        "square:2x10",
        "hex:6x5",
        "triangle:7x4",
        "polar:4",
    ]);
    shapes.push(Shape::parse("square", "6x5", Some("xy")).unwrap());
    for algorithm in ALGORITHMS {
        for shape in shapes
            .iter()
            .filter(|s| mazelab::generate::check_shape(algorithm, s).is_ok())
        {
            for (seed, braid, weave) in [(1, 0, false), (2, 0, false), (3, 40, false), (4, 0, true)]
            {
                let params = Params {
                    braid,
                    weave,
                    // Every binary-tree bias across the four runs.
                    bias: mazelab::generate::Bias::ALL[seed as usize % 4],
                    ..Params::on(shape.clone(), seed)
                };
                if weave && mazelab::generate::check_weave(algorithm, shape).is_err() {
                    continue;
                }
                let mut direct = Generator::new(algorithm, params.clone(), false);
                let mut fast = direct.initial_grid();
                let fast_count = direct.finish_into(&mut fast);
                let mut slow_gen = Generator::new(algorithm, params, false);
                let mut slow = slow_gen.initial_grid();
                let mut slow_count = 0;
                loop {
                    let chunk = slow_gen.next_chunk(7);
                    if chunk.is_empty() {
                        break;
                    }
                    slow_count += chunk.len() as u64;
                    for event in chunk {
                        slow.apply(event);
                    }
                }
                // The marks and cursor moves it skipped count as steps too.
                slow_count += slow_gen.take_skipped();
                let label = format!(
                    "{} on {} {} seed {seed}",
                    algorithm.name,
                    shape.name(),
                    shape.size_text()
                );
                assert_eq!(fast, slow, "{label}");
                assert_eq!(fast_count, slow_count, "{label}");
            }
        }
    }
}

/// A generator copied at any point goes on exactly as the original: the
/// ground a timeline's checkpoints stand on.
#[test]
fn a_generator_copied_mid_run_makes_the_same_events_from_there() {
    use mazelab::shape::Shape;
    let shapes: Vec<Shape> = common::shapes(&["square:12x9", "hex:7x6", "polar:5", "triangle:8x5"]);
    let mut rng = Rng::new(99);
    for algorithm in ALGORITHMS {
        for shape in shapes
            .iter()
            .filter(|s| mazelab::generate::check_shape(algorithm, s).is_ok())
        {
            for seed in 0..3 {
                let params = Params {
                    braid: if seed == 2 { 30 } else { 0 },
                    ..Params::on(shape.clone(), seed)
                };
                let mut original = Generator::new(algorithm, params, true);
                // Somewhere into the run: a few events, or a few hundred.
                let skip = 1 + rng.below(400);
                for _ in 0..skip {
                    if original.next().is_none() {
                        break;
                    }
                }
                let copy = original.clone();
                let rest: Vec<Event> = original.collect();
                let again: Vec<Event> = copy.collect();
                assert_eq!(
                    rest,
                    again,
                    "{} on {} seed {seed} after {skip}",
                    algorithm.name,
                    shape.name()
                );
            }
        }
    }
}

/// Reverse-delete keeps its wall list in 16 bits within its cap; built
/// directly past the cap (the registry refuses that size, a library caller
/// may not ask it) it still makes a perfect maze instead of panicking.
#[test]
fn reverse_delete_past_its_cap_still_builds_when_asked_directly() {
    let algorithm = mazelab::generate::find("reverse-delete").unwrap();
    // Past 8192 cells, wall codes no longer fit in 16 bits.
    let params = Params::new(dims(100, 90), 3);
    assert!(mazelab::generate::check_shape(algorithm, &params.shape).is_err());
    let mut generator = Generator::new(algorithm, params, false);
    let mut grid = generator.initial_grid();
    generator.finish_into(&mut grid);
    assert_perfect(&grid, "reverse-delete at 100x90");
}
