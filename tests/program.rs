//! A program's recorded run plays like a built-in's: a log of a built-in's
//! events, decoded against its maze and replayed, rebuilds the same maze
//! with the same steps, on every shape, animated or instant, and the
//! verdict judges it. An instant build that takes the ending the decoder
//! followed (`program::Recorded`'s fast path) equals playing every event.

use mazelab::event::{Event, Mark};
use mazelab::generate::{Generator, Params};
use mazelab::program::{decode, judge, pack, Decoder, Log, Op};
use mazelab::shape::{Shape, Topology};
use std::sync::Arc;

/// A built-in's run written as a program's log would be.
fn log_of(name: &str, params: &Params) -> Vec<i32> {
    let mut log = Vec::new();
    let side = |a: u32, b: u32| {
        let listed = params.shape.neighbors(a);
        listed.as_slice().iter().position(|&n| n == b).unwrap() as u32
    };
    for event in Generator::by_name(name, params.clone(), true).unwrap() {
        log.push(match event {
            Event::Carve(a, b) => pack(Op::Carve, a, side(a, b)),
            Event::Build(a, b) => pack(Op::Wall, a, side(a, b)),
            Event::Mark(c, m) => pack(Op::Mark, c, m as u32),
            Event::Cursor(c) => pack(Op::Cursor, c, 0),
            Event::Phase(k) => pack(Op::Phase, u32::from(k), 0),
            Event::Done => continue,
        });
    }
    log
}

#[test]
fn a_recorded_run_rebuilds_the_maze_it_recorded_on_every_shape() {
    for (kind, size) in [
        ("square", "9x7"),
        ("hex", "6x5"),
        ("triangle", "8x4"),
        ("polar", "4"),
    ] {
        for name in ["backtracker", "kruskal", "wilson", "recursive-division"] {
            let shape = Shape::parse(kind, size, None).unwrap();
            if mazelab::generate::check_shape(mazelab::generate::find(name).unwrap(), &shape)
                .is_err()
            {
                continue;
            }
            let params = Params::on(shape, 4);
            let mut builtin = Generator::by_name(name, params.clone(), false).unwrap();
            let starts_open = builtin.algorithm().starts_open;
            let mut expected = builtin.initial_grid();
            let expected_steps = builtin.finish_into(&mut expected);

            let mut decoder = Decoder::new(expected_initial(&params, false));
            if starts_open {
                decoder.open_all();
            }
            decoder.feed(&log_of(name, &params));
            let decoded = decoder.finish();
            assert_eq!(decoded.error, None, "{name} on {kind}");
            assert_eq!(decoded.verdict(), judge(&decoded.grid), "{name} on {kind}");
            let ending = Some(Arc::new(decoded.ending()));
            let events: Arc<Log> = Arc::new(decoded.events);
            for ending in [None, ending] {
                let fast = if ending.is_some() { "fast" } else { "played" };
                let mut program =
                    Generator::program(events.clone(), starts_open, ending, params.clone(), false);
                let mut grid = program.initial_grid();
                let steps = program.finish_into(&mut grid);
                assert_eq!(grid, expected, "{name} on {kind}, {fast}");
                assert_eq!(steps, expected_steps, "{name} on {kind}, {fast}: steps");
            }
            let mut grid = expected_initial(&params, starts_open);
            let steps =
                Generator::program(events.clone(), starts_open, None, params.clone(), false)
                    .finish_into(&mut grid);

            let animated: Vec<Event> =
                Generator::program(events, starts_open, None, params.clone(), true).collect();
            // Event for event, the built-in's own run.
            let original: Vec<Event> = Generator::by_name(name, params, true).unwrap().collect();
            assert_eq!(animated, original, "{name} on {kind}: the events played");
            assert_eq!(
                animated.len() as u64,
                steps,
                "{name} on {kind}: animated steps"
            );
            assert!(
                judge(&grid).perfect(),
                "{name} on {kind}: {}",
                judge(&grid).summary()
            );
        }
    }
}

fn expected_initial(params: &Params, starts_open: bool) -> mazelab::grid::Grid {
    if starts_open {
        mazelab::grid::Grid::open_shape(params.shape.clone())
    } else {
        mazelab::grid::Grid::closed_shape(params.shape.clone())
    }
}

#[test]
fn a_program_run_can_be_braided_like_a_built_in() {
    let params = Params {
        braid: 100,
        ..Params::on(Shape::parse("square", "12x9", None).unwrap(), 2)
    };
    let plain = Params {
        braid: 0,
        ..params.clone()
    };
    let events = Arc::new(
        decode(
            &log_of("backtracker", &plain),
            &expected_initial(&plain, false),
        )
        .unwrap(),
    );
    let mut program = Generator::program(events, false, None, params.clone(), false);
    let mut grid = program.initial_grid();
    program.finish_into(&mut grid);
    let mut builtin = Generator::by_name("backtracker", params, false).unwrap();
    let mut expected = builtin.initial_grid();
    builtin.finish_into(&mut expected);
    assert_eq!(grid, expected);
    assert!(judge(&grid).first_loop.is_some(), "braiding makes loops");
}

#[test]
fn marks_in_a_log_keep_their_kinds() {
    let grid = mazelab::grid::Grid::closed(mazelab::shape::Dims::new(2, 1).unwrap());
    // A log's mark number is the mark's own (`Mark as i32`), every one.
    for k in 0..6 {
        match decode(&[pack(Op::Mark, 1, k)], &grid).unwrap().to_vec()[..] {
            [Event::Mark(1, mark)] => assert_eq!(mark as u32, k),
            ref other => panic!("mark {k}: {other:?}"),
        }
    }
    assert!(decode(&[pack(Op::Mark, 1, 6)], &grid).is_err());
    assert_eq!(Mark::Dead as i32, 5);
}

/// A seek in a program's run replays it painted (`Source::skip`), as a
/// built-in's: the scene it leaves, marks and counts included, is the one
/// its events leave, and the run goes on with the same events.
#[test]
fn a_recorded_run_is_replayed_painted_on_a_seek() {
    use mazelab::render::canvas::scene::Scene;
    use mazelab::timeline::{Frame, Skipped, Source};
    let params = Params::on(Shape::parse("square", "40x30", None).unwrap(), 6);
    let mut decoder = Decoder::new(expected_initial(&params, false));
    decoder.feed(&log_of("backtracker", &params));
    let decoded = decoder.finish();
    let events: Arc<Log> = Arc::new(decoded.events);
    let fresh = Generator::program(events, false, None, params.clone(), true);
    let total = fresh.clone().count() as u64;
    let scene_at = |steps: u64| {
        let mut run = fresh.clone();
        let mut scene = Scene::new(run.initial_grid(), false);
        for _ in 0..steps {
            scene.apply(&run.next().unwrap());
        }
        (run, scene)
    };
    for (from, length) in [(0, total / 2), (total / 3 + 1, total)] {
        let (mut run, mut scene) = scene_at(from);
        let Skipped::By(went) = Source::skip(&mut run, &mut scene, length) else {
            panic!("from {from}: no painted replay");
        };
        assert!(
            went > length.min(total - from) / 2,
            "from {from}: went {went}"
        );
        let (ahead, expected) = scene_at(from + went);
        assert_eq!(scene.snapshot(), expected.snapshot(), "from {from}");
        assert_eq!(
            run.collect::<Vec<_>>(),
            ahead.collect::<Vec<_>>(),
            "from {from}"
        );
    }
}
