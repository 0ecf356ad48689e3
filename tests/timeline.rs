//! The timeline: seeking to any step, forward or back, shows exactly the
//! state the forward run had there; instant runs count the same steps.

mod common;

use mazelab::event::Event;
use mazelab::generate::{Generator, Params, ALGORITHMS};
use mazelab::render::canvas::overlay_scene::OverlayScene;
use mazelab::render::canvas::scene::Scene;
use mazelab::rng::Rng;
use mazelab::shape::Cell;
use mazelab::shape::{Shape, Topology};
use mazelab::solve::{Solver, SOLVERS};
use mazelab::timeline::{Frame, Timeline};

/// The scene after the first `k` events of a fresh visual run.
fn forward(generator: &Generator, k: u64) -> mazelab::timeline::SceneSnapshot {
    forward_scene(generator, k).snapshot()
}

/// The same, as the scene itself.
fn forward_scene(generator: &Generator, k: u64) -> Scene {
    let mut generator = generator.clone();
    let mut scene = Scene::new(generator.initial_grid(), generator.algorithm().starts_open);
    let mut left = k;
    while left > 0 {
        let chunk = generator.next_chunk(left as usize);
        if chunk.is_empty() {
            break;
        }
        left -= chunk.len() as u64;
        for event in chunk {
            scene.apply(event);
        }
    }
    scene
}

/// Pictures with rows wider than a tile are packed tile by tile
/// (`packed::Tiles`): a seek restores them wall for wall and mark for
/// mark, on a square and hexagons whose sides are not multiples of a tile,
/// through checkpoints that thin.
#[test]
fn pictures_packed_in_tiles_restore_cell_for_cell() {
    for (kind, size) in [("square", "150x70"), ("hex", "130x66")] {
        let shape = Shape::parse(kind, size, None).unwrap();
        for name in ["blobby-division", "backtracker", "wilson"] {
            let fresh = Generator::by_name(name, Params::on(shape.clone(), 6), true).unwrap();
            let mut scene = Scene::new(fresh.initial_grid(), fresh.algorithm().starts_open);
            let mut timeline = Timeline::with_limits(fresh.clone(), &scene, 1 << 12, 6);
            timeline.advance(&mut scene, u64::MAX, |_, _| {});
            let total = timeline.end().unwrap();
            assert!(timeline.checkpoint_bytes().0 >= 4, "{name} on {kind}");
            for target in [total / 3, 17, total * 5 / 6, total / 2, 0, total - 1] {
                timeline.seek(&mut scene, target);
                let expected = forward_scene(&fresh, target);
                let context = format!("{name} on {kind} at {target} of {total}");
                assert!(scene.grid == expected.grid, "{context}: walls");
                assert!(scene.marks == expected.marks, "{context}: marks");
            }
        }
    }
}

fn shapes() -> Vec<Shape> {
    vec![
        Shape::parse("square", "10x10", None).unwrap(),
        Shape::parse("hex", "7x6", None).unwrap(),
        Shape::parse("polar", "5", None).unwrap(),
        Shape::parse("triangle", "8x5", None).unwrap(),
    ]
}

/// Every generator on every shape it runs on, braided and woven too: a
/// timeline with tiny spacing and few checkpoints (so they thin) is sought
/// to random steps in random order, and each time shows what the forward
/// run showed there; it also counts the same total as the instant build.
#[test]
fn seeking_any_step_matches_the_forward_run() {
    let mut rng = Rng::new(11);
    let mut runs = 0;
    for shape in shapes() {
        for algorithm in ALGORITHMS.iter().filter(|a| a.runs_on(&shape)) {
            for (braid, weave, mirrored, sparse) in [
                (0, false, false, 0),
                (60, false, false, 0),
                (0, true, false, 0),
                (0, false, true, 0),
                (50, false, true, 0),
                (0, false, false, 40),
                (30, false, false, 40),
            ] {
                if weave && !mazelab::generate::weave::WEAVERS.contains(&algorithm.name) {
                    continue;
                }
                // A symmetric maze (a half turn) where the shape has even rows.
                let symmetry = mirrored.then_some(mazelab::generate::symmetry::Symmetry::Rot);
                if let Some(s) = symmetry {
                    if mazelab::generate::symmetry::check(&shape, s).is_err() {
                        continue;
                    }
                }
                if weave && shape.plain_square().is_none() {
                    continue;
                }
                if mazelab::generate::check_shape(algorithm, &shape).is_err() {
                    continue;
                }
                let seed = u64::from(rng.next_u32());
                let params = Params {
                    braid,
                    weave,
                    symmetry,
                    sparse,
                    ..Params::on(shape.clone(), seed)
                };
                let context = format!(
                    "{} on {} braid {braid} weave {weave} {symmetry:?} sparse {sparse}",
                    algorithm.name,
                    shape.name()
                );
                let fresh = Generator::new(algorithm, params.clone(), true);
                let mut scene = Scene::new(fresh.initial_grid(), algorithm.starts_open);
                let mut timeline = Timeline::with_limits(fresh.clone(), &scene, 16, 4);
                // Play it through, as the page does, in uneven frames.
                while timeline.advance(&mut scene, u64::from(rng.below(50) + 1), |_, _| {}) > 0 {}
                let total = timeline
                    .end()
                    .unwrap_or_else(|| panic!("{context}: no end"));
                assert!(scene.is_done(), "{context}");
                // The instant build counts the same steps.
                let mut instant = Generator::new(algorithm, params.clone(), false);
                let mut grid = instant.initial_grid();
                assert_eq!(
                    instant.finish_into(&mut grid),
                    total,
                    "{context}: instant count"
                );
                assert_eq!(grid, scene.grid, "{context}: instant maze");
                let (kept, _) = timeline.checkpoint_bytes();
                assert!(
                    kept <= 5,
                    "{context}: {kept} checkpoints kept over a budget of 4 and the end"
                );
                let mut targets: Vec<u64> = (0..12)
                    .map(|_| rng.below(total as u32 + 1) as u64)
                    .collect();
                targets.extend([0, total, total - 1, 1]);
                for target in targets {
                    let shown = timeline.seek(&mut scene, target);
                    assert_eq!(shown, target, "{context}");
                    assert_eq!(
                        scene.snapshot(),
                        forward(&fresh, target),
                        "{context}: at step {target} of {total}"
                    );
                }
                // Seeking past the end stops at the end.
                assert_eq!(timeline.seek(&mut scene, total + 10), total, "{context}");
                runs += 1;
            }
        }
    }
    assert!(runs > 120, "only {runs} runs checked");
}

/// An instant build's timeline (finished elsewhere) seeks back from its end
/// and forward to it again, on a bigger square with real spacing.
#[test]
fn an_instant_build_can_be_rewound() {
    let shape = Shape::parse("square", "60x40", None).unwrap();
    for name in ["backtracker", "wilson", "kruskal", "sidewinder"] {
        let algorithm = mazelab::generate::find(name).unwrap();
        let params = Params::on(shape.clone(), 5);
        let mut instant = Generator::new(algorithm, params.clone(), false);
        let mut scene = Scene::new(instant.initial_grid(), algorithm.starts_open);
        let fresh = Generator::new(algorithm, params, true);
        let mut timeline = Timeline::new(fresh.clone(), &scene, 0, 1 << 20);
        let total = instant.finish_into(&mut scene.grid);
        scene.set_done(true);
        timeline.finished_elsewhere(total);
        if name != "wilson" {
            // Recorded in the background, in slices, as the page does
            // (Wilson is sought without it).
            timeline.start_indexing(Scene::new(fresh.initial_grid(), algorithm.starts_open));
            while timeline.index(1000) {}
            assert!(timeline.checkpoint_bytes().0 >= 2, "{name}: nothing kept");
        }
        let end = scene.grid.clone();
        for target in [total / 2, 0, total - 1, total / 3, total] {
            timeline.seek(&mut scene, target);
            if target == total {
                assert_eq!(scene.grid, end, "{name}");
                assert!(scene.is_done(), "{name}");
            } else {
                assert_eq!(
                    scene.snapshot(),
                    forward(&fresh, target),
                    "{name} at {target}"
                );
            }
        }
    }
}

/// Every solver on a braided maze: seeking to random steps gives the
/// overlay the forward run had there.
#[test]
fn solver_timelines_seek_to_any_step() {
    let mut rng = Rng::new(3);
    for shape in shapes() {
        let params = Params {
            braid: 50,
            ..Params::on(shape.clone(), 9)
        };
        let grid = mazelab::generate::generate("backtracker", params).unwrap();
        let cells: Vec<Cell> = (0..shape.cells()).filter(|&c| shape.is_cell(c)).collect();
        for info in SOLVERS {
            let (start, goal) = (cells[0], *cells.last().unwrap());
            let context = format!("{} on {}", info.name, shape.name());
            let fresh = Solver::new(info, &grid, start, goal, true).unwrap();
            let blank = OverlayScene::on_shape(&shape, start, goal);
            let mut overlay = OverlayScene::on_shape(&shape, start, goal);
            let mut timeline = Timeline::with_limits(fresh.clone(), &overlay, 8, 3);
            while timeline.advance(&mut overlay, 7, |_, _| {}) > 0 {}
            let total = timeline
                .end()
                .unwrap_or_else(|| panic!("{context}: no end"));
            for _ in 0..10 {
                let target = u64::from(rng.below(total as u32 + 1));
                timeline.seek(&mut overlay, target);
                let mut reference = blank.snapshot();
                let mut replay = OverlayScene::on_shape(&shape, start, goal);
                let mut source = fresh.clone();
                for event in source.by_ref().take(target as usize) {
                    replay.apply(&event);
                }
                reference.clone_from(&replay.snapshot());
                assert_eq!(
                    overlay.snapshot(),
                    reference,
                    "{context} at {target} of {total}"
                );
            }
        }
    }
}

/// The step count includes every visual event: a run's last event is its
/// one `Done`, and the count matches the events an animated run hands out.
#[test]
fn a_step_is_one_event_of_the_full_stream() {
    let shape = Shape::parse("square", "12x9", None).unwrap();
    for algorithm in ALGORITHMS
        .iter()
        .filter(|a| mazelab::generate::check_shape(a, &shape).is_ok())
    {
        let params = Params::on(shape.clone(), 21);
        let events: Vec<Event> = Generator::new(algorithm, params.clone(), true).collect();
        assert_eq!(events.last(), Some(&Event::Done), "{}", algorithm.name);
        let mut instant = Generator::new(algorithm, params, false);
        let mut grid = instant.initial_grid();
        assert_eq!(
            instant.finish_into(&mut grid),
            events.len() as u64,
            "{}",
            algorithm.name
        );
    }
}

/// With a byte budget, the checkpoints count the bytes they take (the
/// snapshots packed, a counting generator's working state as it is then)
/// and thin to stay within it, evenly spaced; seeks stay exact.
#[test]
fn checkpoints_stay_within_their_byte_budget() {
    let shape = Shape::parse("square", "200x200", None).unwrap();
    for name in ["backtracker", "growing-tree", "wilson", "kruskal"] {
        let fresh = Generator::by_name(name, Params::on(shape.clone(), 3), true).unwrap();
        let mut scene = Scene::new(fresh.initial_grid(), fresh.algorithm().starts_open);
        // Room for about twelve checkpoints of the packed picture and the
        // source at its start.
        let each = fresh.heap_bytes(None).unwrap_or(0) + 200 * 200 * 3 / 8;
        let budget = 12 * each;
        let expected = fresh.clone().count() as u64;
        let mut timeline = Timeline::new(fresh.clone(), &scene, expected, budget);
        let mut most_kept = 0;
        while timeline.advance(&mut scene, 30_000, |_, _| {}) > 0 {
            let (kept, bytes) = timeline.checkpoint_bytes();
            assert!(
                bytes <= budget,
                "{name}: {bytes} bytes kept, budget {budget}"
            );
            most_kept = most_kept.max(kept);
        }
        let total = timeline.end().unwrap();
        let (kept, bytes) = timeline.checkpoint_bytes();
        assert!(
            bytes <= budget,
            "{name}: {bytes} bytes kept, budget {budget}"
        );
        assert!(kept >= 3, "{name}: only {kept} checkpoints of {most_kept}");
        // Evenly spread: a seek replays at most the spacing.
        assert!(
            timeline.spacing() * (kept as u64 + 1) >= total,
            "{name}: {kept} checkpoints {} apart over {total} steps",
            timeline.spacing()
        );
        for target in [total / 3, 7, total - 1, total / 2] {
            timeline.seek(&mut scene, target);
            assert_eq!(
                scene.snapshot(),
                forward(&fresh, target),
                "{name} at {target}"
            );
        }
    }
}

/// Checkpoints are spaced by work, not by events: where a run's events come
/// at very different costs (Kruskal, whose walls that would close a loop
/// make no event, and most walls do late in its run), they crowd where the
/// events are dear, so that no seek replays much more than the spacing's
/// work. Where all the work is events, they sit at multiples of the
/// spacing, as ever.
#[test]
fn checkpoints_are_spaced_by_the_work_a_replay_does() {
    let shape = Shape::parse("square", "200x200", None).unwrap();
    for name in ["kruskal", "backtracker"] {
        let fresh = Generator::by_name(name, Params::on(shape.clone(), 3), true).unwrap();
        let mut scene = Scene::new(fresh.initial_grid(), fresh.algorithm().starts_open);
        let expected = fresh.clone().count() as u64;
        let mut timeline = Timeline::with_limits(fresh.clone(), &scene, 1 << 12, 24);
        timeline.advance(&mut scene, u64::MAX, |_, _| {});
        let spacing = timeline.spacing();
        let kept = timeline.checkpoint_work();
        assert!(kept.len() >= 8, "{name}: {} checkpoints", kept.len());
        for pair in kept.windows(2) {
            let ((step_a, work_a), (step_b, work_b)) = (pair[0], pair[1]);
            assert!(step_b > step_a && work_b > work_a, "{name}: {kept:?}");
            assert!(
                work_b - work_a < 3 * spacing,
                "{name}: {pair:?}, spacing {spacing}"
            );
            if name == "backtracker" {
                assert_eq!((step_b % spacing, work_b), (0, step_b), "{name}");
            }
        }
        let gaps: Vec<u64> = kept.windows(2).map(|p| p[1].0 - p[0].0).collect();
        if name == "kruskal" {
            // The last stretch of steps costs several times the first.
            assert!(
                gaps[gaps.len() - 1] * 3 < gaps[0],
                "{name}: steps between checkpoints {gaps:?}"
            );
        }
        assert_eq!(timeline.end(), Some(expected));
    }
}

/// A run built at once and recorded in the background plans its spacing
/// again at its first real checkpoint: the fractal marks nothing and its
/// copy holds nothing a cell, so its checkpoints take two bits a cell
/// where the plan counted three; planned so, they filled less than half
/// the budget. Replanned, the spacing is as fine as the budget or the
/// planned count allows, they stay within the budget, and seeks stay exact.
#[test]
fn a_recording_in_the_background_uses_its_budget() {
    let shape = Shape::parse("square", "512x512", None).unwrap();
    let fresh = Generator::by_name("fractal", Params::on(shape, 4), true).unwrap();
    let start = || Scene::new(fresh.initial_grid(), fresh.algorithm().starts_open);
    let total = fresh.clone().count() as u64;
    // Room for twelve snapshots as planned (three bits a cell).
    let budget = 12 * 512 * 512 * 3 / 8;
    let mut timeline = Timeline::new(fresh.clone(), &start(), total, budget);
    let planned = timeline.spacing();
    timeline.finished_elsewhere(total);
    timeline.start_indexing(start());
    while timeline.index(100_000) {}
    let (kept, bytes) = timeline.checkpoint_bytes();
    assert!(bytes <= budget, "{bytes} bytes kept, budget {budget}");
    // As fine as the budget or the count allows: half the spacing would
    // not fit, or would make more checkpoints than a plan makes. (Its
    // pictures share chunks, so the count is what stops it here.)
    let finer = total / (timeline.spacing() / 2) + 1;
    assert!(
        bytes > budget / 2 || finer > mazelab::timeline::PLANNED_CHECKPOINTS,
        "{kept} checkpoints take {bytes} of {budget} bytes, spacing {} (planned {planned})",
        timeline.spacing()
    );
    assert!(timeline.spacing() < planned);
    let mut scene = start();
    for target in [total / 3, 5, total - 1, total / 2, total * 9 / 10] {
        timeline.seek(&mut scene, target);
        assert_eq!(scene.snapshot(), forward(&fresh, target), "at {target}");
    }
}

/// A run recorded in the background at a wide spacing (planned here for
/// a run 64 times as long) is recorded again at half the spacing while
/// its budget has room, down to the finest asked for: evenly spaced, within
/// the budget, seeks exact. With room for few, refining stops at the first
/// checkpoint that does not fit, and the spans refined by then stay.
#[test]
fn a_background_recording_is_refined_while_its_budget_has_room() {
    let shape = Shape::parse("square", "200x200", None).unwrap();
    for name in ["backtracker", "blobby-division"] {
        let fresh = Generator::by_name(name, Params::on(shape.clone(), 5), true).unwrap();
        let start = || Scene::new(fresh.initial_grid(), fresh.algorithm().starts_open);
        let total = fresh.clone().count() as u64;
        let whole = 200 * 200 * 3 / 8;
        for (budget, finest) in [(64 << 20, 1 << 12), (6 * whole, 1 << 10)] {
            let context = format!("{name}, budget {budget}");
            let mut timeline =
                Timeline::new(fresh.clone(), &start(), total * 64, budget).refining_above(finest);
            let planned = timeline.spacing();
            assert!(planned >= total, "{context}: planned {planned}");
            timeline.finished_elsewhere(total);
            timeline.start_indexing(start());
            while timeline.index(10_000) {}
            let spacing = timeline.spacing();
            let (kept, bytes) = timeline.checkpoint_bytes();
            assert!(bytes <= budget, "{context}: {bytes} bytes kept");
            assert!(
                spacing * (kept as u64 + 1) >= total,
                "{context}: {kept} at {spacing}"
            );
            if budget > 6 * whole {
                assert_eq!(spacing, finest, "{context}: as fine as asked");
                assert!(
                    kept as u64 >= total / spacing,
                    "{context}: {kept} at {spacing}"
                );
            } else {
                assert!(spacing > finest, "{context}: {kept} kept at {spacing}");
                assert!(bytes * 3 > budget * 2, "{context}: {bytes} bytes kept");
            }
            let mut scene = start();
            for target in [total / 3, 5, total - 1, total / 2, total * 9 / 10, 0] {
                timeline.seek(&mut scene, target);
                assert_eq!(
                    scene.snapshot(),
                    forward(&fresh, target),
                    "{context} at {target}"
                );
            }
        }
    }
}

/// A seek's quiet replay (`Source::skip`) of a run that marks no cell, and
/// its painted replay of one that marks cells, leave the scene as the
/// events would have (marks and their counts included), and the run goes
/// on from there with the very events and work the original makes (the
/// cursor and step it left kept, so a repeated move is still no event):
/// every generator, on bigger shapes than above, masked, in 3D and wrapped
/// too, from steps where a step's events are half handed out.
#[test]
fn a_quiet_or_painted_replay_leaves_the_scene_and_run_as_the_events_would() {
    use mazelab::shape::Mask;
    use mazelab::timeline::{Skipped, Source};
    let square = Shape::parse("square", "48x36", None).unwrap();
    let mut mask = Mask::all_on(square.cells());
    for cell in [0, 1, 49, 50, 51, 500, 501, 548, 1000, 1727] {
        mask.set(cell, false);
    }
    let shapes = [
        square.clone(),
        square.with_mask(mask).unwrap(),
        Shape::parse("hex", "30x24", None).unwrap(),
        Shape::parse("polar", "12", None).unwrap(),
        Shape::parse("3d", "10x9x8", None).unwrap(),
        Shape::parse("square", "30x20", Some("xy")).unwrap(),
    ];
    let mut checked = 0;
    let mut quiet = std::collections::BTreeSet::new();
    let mut painted = std::collections::BTreeSet::new();
    let mut overshot = 0;
    for shape in shapes {
        for algorithm in ALGORITHMS.iter().filter(|a| a.runs_on(&shape)) {
            if mazelab::generate::check_shape(algorithm, &shape).is_err() {
                continue;
            }
            let fresh = Generator::new(algorithm, Params::on(shape.clone(), 21), true);
            if fresh.replays_quietly() {
                // What it claims (`Stepper::MARKS_NO_CELL`) holds: no mark.
                assert!(
                    !fresh.clone().any(|e| matches!(e, Event::Mark(..))),
                    "{} marks a cell",
                    algorithm.name
                );
                quiet.insert(algorithm.name);
            } else {
                painted.insert(algorithm.name);
            }
            let total = fresh.clone().count() as u64;
            // Long replays and short ones (origin shift's fast path
            // writes walls as it goes in a short replay, and leaves them to
            // the end of a long one; it lays its first tree in the tree's
            // order, or in one pass when the replay goes past it).
            for (from, length) in [
                (1, total / 3),
                (2, 1000),
                (total / 4 + 1, total / 2),
                (total / 2 + 3, total),
                (total / 2 + 5, 4000),
            ] {
                let context = format!("{} on {:?} from {from}", algorithm.name, shape);
                let mut run = fresh.clone();
                let mut scene = Scene::new(run.initial_grid(), algorithm.starts_open);
                for _ in 0..from {
                    scene.apply(&run.next().unwrap());
                }
                let skipped = Source::skip(&mut run, &mut scene, length);
                if skipped == Skipped::Overshot {
                    // A step bigger than it could tell (Wilson's erased
                    // loop): the seek restores and replays with events
                    // (the next test).
                    overshot += 1;
                    continue;
                }
                let Skipped::By(went) = skipped else {
                    panic!("{context}: no quiet or painted replay: {skipped:?}");
                };
                assert!(went <= length, "{context}: went {went} of {length}");
                assert!(
                    went + 64 >= length.min(total - from) / 2,
                    "{context}: went only {went} of {length}"
                );
                assert_eq!(scene.snapshot(), forward(&fresh, from + went), "{context}");
                let rest: Vec<Event> = run.by_ref().collect();
                let mut whole = fresh.clone();
                let original: Vec<Event> =
                    Iterator::skip(whole.by_ref(), (from + went) as usize).collect();
                assert_eq!(rest, original, "{context}: the run after it");
                // The work it counts went on as the forward run's (true
                // Prim counts its own, which a timeline spaces by).
                assert_eq!(
                    Source::<Scene>::work(&run),
                    Source::<Scene>::work(&whole),
                    "{context}: work"
                );
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 280,
        "only {checked} replays checked ({overshot} overshot)"
    );
    assert!(overshot * 20 < checked, "{overshot} overshot");
    assert_eq!(quiet.len(), 13, "replayed quietly: {quiet:?}");
    // Every other generator paints its marks as it replays.
    assert_eq!(
        quiet.len() + painted.len(),
        ALGORITHMS.len(),
        "painted: {painted:?}"
    );
}

/// A pass after the generator (braiding, sparseness, or both) replays too:
/// the generator's own replay, then the pass's steps painted, across the
/// step where one hands over to the other. The scene and the rest of the
/// run are what the events would have left.
#[test]
fn a_replay_runs_on_from_the_generator_into_its_passes() {
    use mazelab::event::BRAID_PHASE;
    use mazelab::timeline::{Skipped, Source};
    let mut checked = 0;
    let mut across = 0;
    for shape in [
        Shape::parse("square", "48x36", None).unwrap(),
        Shape::parse("hex", "30x24", None).unwrap(),
    ] {
        for name in ["backtracker", "kruskal", "aldous-broder", "prim"] {
            for (braid, sparse) in [(50, 0), (0, 40), (60, 30)] {
                let params = Params {
                    braid,
                    sparse,
                    ..Params::on(shape.clone(), 8)
                };
                let fresh = Generator::by_name(name, params, true).unwrap();
                let events: Vec<Event> = fresh.clone().collect();
                let total = events.len() as u64;
                // The first event of a pass (its steps are numbered from
                // BRAID_PHASE up).
                let handover = events
                    .iter()
                    .position(|e| matches!(e, Event::Phase(k) if *k > BRAID_PHASE))
                    .unwrap() as u64;
                for (from, length) in [
                    (1, total / 3),
                    (handover / 2, handover),
                    (handover - handover / 5, handover / 2),
                    (handover + 5, total),
                    (total - total / 8, total / 10),
                ] {
                    let context = format!(
                        "{name} on {} braid {braid} sparse {sparse} from {from}",
                        shape.name()
                    );
                    let mut run = fresh.clone();
                    let mut scene = Scene::new(run.initial_grid(), run.algorithm().starts_open);
                    for _ in 0..from {
                        scene.apply(&run.next().unwrap());
                    }
                    let Skipped::By(went) = Source::skip(&mut run, &mut scene, length) else {
                        panic!("{context}: no replay");
                    };
                    assert!(went <= length, "{context}: went {went} of {length}");
                    assert!(
                        went + 64 >= length.min(total - from) / 2,
                        "{context}: went only {went} of {length}"
                    );
                    assert_eq!(scene.snapshot(), forward(&fresh, from + went), "{context}");
                    let rest: Vec<Event> = run.collect();
                    assert_eq!(
                        rest,
                        events[(from + went) as usize..],
                        "{context}: the run after it"
                    );
                    checked += 1;
                    across += u32::from(from < handover && from + went > handover);
                }
            }
        }
    }
    assert_eq!(checked, 120);
    assert!(
        across >= 40,
        "only {across} replays went across the handover"
    );
}

/// A copy a checkpoint keeps of a run with a pass holds no maze of its
/// own (the picture has it) and, once the pass runs, no generator: less
/// than a byte a cell, where a copy of the maze alone takes one.
#[test]
fn a_kept_copy_of_a_pass_holds_no_maze() {
    use mazelab::event::BRAID_PHASE;
    use mazelab::timeline::Source;
    let shape = Shape::parse("square", "200x150", None).unwrap();
    let cells = shape.cells() as usize;
    for (braid, sparse) in [(50, 0), (0, 40), (100, 50)] {
        let params = Params {
            braid,
            sparse,
            ..Params::on(shape.clone(), 3)
        };
        let fresh = Generator::by_name("backtracker", params, true).unwrap();
        let events: Vec<Event> = fresh.clone().collect();
        let handover = events
            .iter()
            .position(|e| matches!(e, Event::Phase(k) if *k > BRAID_PHASE))
            .unwrap();
        for at in [handover / 2, (handover + events.len()) / 2] {
            let mut run = fresh.clone();
            for _ in 0..at {
                run.next();
            }
            let kept = run.packed();
            let bytes = kept.heap_bytes(None).expect("counted");
            let context = format!("braid {braid} sparse {sparse} at {at} of {}", events.len());
            if at < handover {
                // What the generator's own copy keeps there, and little more.
                let mut plain =
                    Generator::by_name("backtracker", Params::on(shape.clone(), 3), true).unwrap();
                for _ in 0..at {
                    plain.next();
                }
                let alone = plain.packed().heap_bytes(None).unwrap();
                assert!(
                    bytes < alone + cells / 4,
                    "{context}: {bytes} bytes kept, {alone} alone"
                );
            } else {
                assert!(bytes < cells, "{context}: {bytes} bytes kept");
            }
            // And it runs on as the original.
            let mut scene = forward_scene(&fresh, at as u64);
            let mut resumed = Source::resumed(&kept, &mut scene);
            let rest: Vec<Event> = std::iter::from_fn(|| resumed.next()).collect();
            assert_eq!(rest, events[at..], "{context}");
        }
    }
}

/// A woven growing tree's kept copy holds no maze either (its picture has
/// it, tunnels included), and its frontier in shared chunks; woven
/// Kruskal's holds no sets (the picture's pieces), no crossings (its
/// tunnels) and no list of walls (every copy reads one shared order).
#[test]
fn a_kept_copy_of_a_woven_run_holds_no_maze() {
    let shape = Shape::parse("square", "200x150", None).unwrap();
    let cells = shape.cells() as usize;
    for name in ["backtracker", "growing-tree", "kruskal"] {
        let params = Params {
            weave: true,
            ..Params::on(shape.clone(), 5)
        };
        let fresh = Generator::by_name(name, params, true).unwrap();
        let mut run = fresh.clone();
        for _ in 0..60_000 {
            run.next();
        }
        let live = run.heap_bytes(None).expect("counted");
        let kept = run.packed().heap_bytes(None).expect("counted");
        assert!(
            kept + cells / 2 < live,
            "{name}: kept {kept} bytes, running {live}"
        );
        if name == "kruskal" {
            assert!(kept < cells / 8, "{name}: kept {kept} bytes");
        }
    }
}

/// A kept copy of woven Kruskal taken after any event, its crossings and
/// sets rebuilt from the picture and the events not yet handed out, makes
/// exactly the rest of the original's events.
#[test]
fn a_kept_woven_kruskal_runs_on_as_the_original_from_any_event() {
    for (size, seed) in [("9x7", 1), ("16x12", 2), ("24x5", 3)] {
        let shape = Shape::parse("square", size, None).unwrap();
        let params = Params {
            weave: true,
            ..Params::on(shape, seed)
        };
        let fresh = Generator::by_name("kruskal", params, true).unwrap();
        let all: Vec<Event> = fresh.clone().collect();
        let mut run = fresh.clone();
        let mut grid = run.initial_grid();
        for k in 0..all.len() {
            let rest: Vec<Event> = run.packed().unpacked(&grid).collect();
            assert_eq!(rest, all[k..], "{size} seed {seed}: kept after {k} events");
            let event = run.next().expect("an event");
            grid.apply(&event);
        }
    }
}

/// Woven Kruskal's walls are shuffled a chunk at a time into an order all
/// copies share: on a maze of several chunks, copies kept early and late,
/// sought in random order, show the forward run, and the run goes on from
/// them to the same end.
#[test]
fn woven_kruskal_seeks_across_its_shared_order() {
    let shape = Shape::parse("square", "300x250", None).unwrap();
    let params = Params {
        weave: true,
        ..Params::on(shape, 7)
    };
    let fresh = Generator::by_name("kruskal", params, true).unwrap();
    let mut scene = Scene::new(fresh.initial_grid(), false);
    let mut timeline = Timeline::with_limits(fresh.clone(), &scene, 4096, 6);
    // Seek back before the run has reached its end, then play on from there.
    timeline.advance(&mut scene, 40_000, |_, _| {});
    assert_eq!(timeline.seek(&mut scene, 9_000), 9_000);
    assert_eq!(scene.snapshot(), forward(&fresh, 9_000));
    while timeline.advance(&mut scene, 5_000, |_, _| {}) > 0 {}
    let total = timeline.end().expect("an end");
    assert_eq!(scene.snapshot(), forward(&fresh, total), "the same end");
    let mut rng = Rng::new(3);
    for _ in 0..10 {
        let target = u64::from(rng.below(total as u32 + 1));
        assert_eq!(timeline.seek(&mut scene, target), target);
        assert_eq!(
            scene.snapshot(),
            forward(&fresh, target),
            "at step {target} of {total}"
        );
    }
}

/// A symmetric run keeps its part's generator packed as that generator
/// keeps itself, and unpacks it from the part of the picture: in every
/// symmetry, braided or not, seeks show the forward run, and a kept copy
/// of a mirrored Kruskal holds no sets.
#[test]
fn symmetric_runs_keep_their_part_packed_and_seek_in_every_symmetry() {
    use mazelab::generate::symmetry::Symmetry;
    let mut rng = Rng::new(17);
    for (symmetry, size) in [
        ("x", "16x9"),
        ("y", "9x16"),
        ("xy", "14x12"),
        ("rot", "11x10"),
    ] {
        let shape = Shape::parse("square", size, None).unwrap();
        for name in [
            "kruskal",
            "backtracker",
            "wilson",
            "recursive-division",
            "eller",
        ] {
            for braid in [0, 50] {
                let params = Params {
                    braid,
                    symmetry: Some(Symmetry::parse(symmetry).unwrap()),
                    ..Params::on(shape.clone(), u64::from(rng.next_u32()))
                };
                let context = format!("{name} {symmetry} braid {braid}");
                let fresh = Generator::by_name(name, params, true).unwrap();
                let mut scene = Scene::new(fresh.initial_grid(), fresh.algorithm().starts_open);
                let mut timeline = Timeline::with_limits(fresh.clone(), &scene, 8, 4);
                while timeline.advance(&mut scene, u64::from(rng.below(30) + 1), |_, _| {}) > 0 {}
                let total = timeline.end().expect("an end");
                for _ in 0..10 {
                    let target = u64::from(rng.below(total as u32 + 1));
                    assert_eq!(timeline.seek(&mut scene, target), target, "{context}");
                    assert_eq!(
                        scene.snapshot(),
                        forward(&fresh, target),
                        "{context}: at step {target} of {total}"
                    );
                }
            }
        }
    }
    let shape = Shape::parse("square", "200x150", None).unwrap();
    let params = Params {
        symmetry: Some(Symmetry::Rot),
        ..Params::on(shape, 3)
    };
    let mut run = Generator::by_name("kruskal", params, true).unwrap();
    for _ in 0..8_000 {
        run.next();
    }
    let live = run.heap_bytes(None).expect("counted");
    let kept = run.packed().heap_bytes(None).expect("counted");
    // The running part's sets are four bytes a cell of its 15,000.
    assert!(kept + 40_000 < live, "kept {kept} bytes, running {live}");
}

/// When a quiet replay's last step goes past the step asked for, the seek
/// restores its checkpoint and replays with events: the frame still shows
/// exactly the step asked for.
#[test]
fn a_quiet_replay_that_overshoots_is_made_again_with_events() {
    use mazelab::timeline::{Frame, Skipped, Source};
    /// Counts the events applied.
    struct Count(u64);
    impl Frame for Count {
        type Snapshot = u64;
        fn apply(&mut self, _: &Event) -> [Option<Cell>; 2] {
            self.0 += 1;
            [None, None]
        }
        fn snapshot(&self) -> u64 {
            self.0
        }
        fn restore(&mut self, s: &u64) {
            self.0 = *s;
        }
        fn snapshot_bytes(&self) -> usize {
            8
        }
        fn bytes_of(_: &u64) -> usize {
            8
        }
    }
    /// A run of `total` cursor moves whose quiet replay goes `over` events
    /// too far.
    #[derive(Clone)]
    struct Moves {
        at: u64,
        total: u64,
        over: u64,
        chunk: Vec<Event>,
    }
    impl Source<Count> for Moves {
        fn next_chunk(&mut self, max: usize) -> &[Event] {
            let n = (max as u64).min(self.total + 1 - self.at.min(self.total + 1));
            self.chunk.clear();
            for _ in 0..n {
                self.at += 1;
                self.chunk.push(if self.at > self.total {
                    Event::Done
                } else {
                    Event::Cursor((self.at % 7) as Cell)
                });
            }
            &self.chunk
        }
        fn state_bytes(&self) -> usize {
            8
        }
        fn skip(&mut self, frame: &mut Count, max: u64) -> Skipped {
            let went = max + self.over;
            self.at += went;
            frame.0 += went;
            if self.over > 0 {
                Skipped::Overshot
            } else {
                Skipped::By(went)
            }
        }
    }
    for over in [0, 1, 5000] {
        let moves = Moves {
            at: 0,
            total: 100_000,
            over,
            chunk: Vec::new(),
        };
        let mut frame = Count(0);
        let mut timeline = Timeline::with_limits(moves, &frame, 1 << 15, 8);
        while timeline.advance(&mut frame, 7919, |_, _| {}) > 0 {}
        for target in [50_000, 99_000, 12_345, 70_001] {
            assert_eq!(timeline.seek(&mut frame, target), target, "over {over}");
            assert_eq!(frame.0, target, "over {over}: the frame at {target}");
        }
    }
}

/// The checkpoints' budget: 128 MB, or 16 bytes a cell on mazes big enough
/// that a fixed budget would make their seeks long.
#[test]
fn the_budget_grows_with_big_mazes_only() {
    use mazelab::timeline::{budget_for, DEFAULT_BUDGET};
    assert_eq!(budget_for(0), DEFAULT_BUDGET);
    assert_eq!(budget_for(1000 * 1000), DEFAULT_BUDGET);
    assert_eq!(budget_for(2048 * 2048), DEFAULT_BUDGET);
    assert_eq!(budget_for(4096 * 4096), 256 << 20);
    assert_eq!(budget_for(4096 * 4096 * 2), 512 << 20);
    assert!(budget_for(u64::MAX) >= DEFAULT_BUDGET);
}

/// The background recording of an instant build replays as a seek does,
/// quietly or painted, and keeps the same pictures: every generator on a
/// square big enough for real spacing (a quiet replay needs 4096 events),
/// recorded in slices, then sought to random steps.
#[test]
fn a_recording_made_quietly_keeps_the_pictures_of_the_forward_run() {
    let shape = Shape::parse("square", "96x72", None).unwrap();
    let mut rng = Rng::new(17);
    let mut checked = 0;
    for algorithm in ALGORITHMS.iter().filter(|a| a.runs_on(&shape)) {
        if mazelab::generate::check_shape(algorithm, &shape).is_err() {
            continue;
        }
        let params = Params::on(shape.clone(), 40);
        let fresh = Generator::new(algorithm, params.clone(), true);
        let start = || Scene::new(fresh.initial_grid(), algorithm.starts_open);
        let mut instant = Generator::new(algorithm, params, false);
        let mut scene = start();
        let total = instant.finish_into(&mut scene.grid);
        scene.set_done(true);
        let mut timeline = Timeline::new(fresh.clone(), &start(), total, 1 << 24);
        timeline.finished_elsewhere(total);
        timeline.start_indexing(start());
        while timeline.index(u64::from(rng.below(20_000) + 5000)) {}
        let (kept, _) = timeline.checkpoint_bytes();
        let context = format!("{}, {total} steps, {kept} kept", algorithm.name);
        assert!(kept >= 2, "{context}");
        for _ in 0..6 {
            let target = u64::from(rng.below(total as u32));
            assert_eq!(timeline.seek(&mut scene, target), target, "{context}");
            assert_eq!(
                scene.snapshot(),
                forward(&fresh, target),
                "{context}: at step {target}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} generators");
}
