//! The bytes a generator says its copy takes (`Generator::heap_bytes`,
//! what the timeline's byte budget counts) are the bytes a copy really
//! allocates: counted here by an allocator that adds up what this thread
//! asks for while it clones.

use mazelab::generate::{Generator, Params, PopSpec};
use mazelab::shape::{Shape, Topology};

mod counting;

use counting::{bytes_of, held_by, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Every generator that counts its bytes, on four shapes, at a quarter,
/// half and three quarters of its run: what it says is what a copy
/// allocates, less the few fixed bytes of the boxes and the pop list.
#[test]
fn a_generators_count_is_what_its_copy_allocates() {
    let counting = [
        "backtracker",
        "growing-tree",
        "prim",
        "hunt-and-kill",
        "aldous-broder",
        "wilson",
        "kruskal",
        "true-prim",
        "houston",
        "cheapest-cell",
        "cellular-automaton",
        "mazectric",
        "growing-forest",
        "fractal",
        "unicursal",
        "boruvka",
        "origin-shift",
        "blobby-division",
    ];
    let mut checked = 0;
    for (shape, size) in [
        ("square", "60x40"),
        ("hex", "30x30"),
        ("polar", "12"),
        ("triangle", "40x20"),
    ] {
        let shape = Shape::parse(shape, size, None).unwrap();
        for name in counting {
            for pop in ["newest", "oldest", "random"] {
                if pop != "newest" && name != "growing-tree" {
                    continue;
                }
                let params = Params {
                    pop: PopSpec::parse(pop).unwrap(),
                    ..Params::on(shape.clone(), 5)
                };
                // The automata, fractal and unicursal run on plain squares
                // alone (unicursal on even sides).
                let Ok(mut generator) = Generator::by_name(name, params, true) else {
                    assert!(name != "backtracker" && shape.name() != "square");
                    continue;
                };
                let total = generator.clone().count();
                for quarter in 1..=3 {
                    for _ in 0..total / 4 {
                        generator.next();
                    }
                    let said = generator
                        .heap_bytes(None)
                        .unwrap_or_else(|| panic!("{name} counts no bytes"));
                    let copied = bytes_of(&generator);
                    let context = format!("{name} {pop} on {}, {quarter}/4", shape.name());
                    assert!(said <= copied, "{context}: says {said}, copies {copied}");
                    assert!(
                        copied - said <= 256,
                        "{context}: says {said}, copies {copied}"
                    );
                    // Mid-run, a working set is part of the count (where a
                    // copy holds one: the fractal's and unicursal's plans
                    // are shared by all copies).
                    if !["fractal", "unicursal"].contains(&name) {
                        assert!(said >= shape.cells() as usize / 8, "{context}: {said}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 4 * 16 * 3 + 4 * 3);
}

/// A generator that does not count says so, and the timeline counts it at
/// its measured most.
#[test]
fn a_generator_that_does_not_count_says_none() {
    let shape = Shape::parse("square", "20x20", None).unwrap();
    let generator = Generator::by_name("reverse-delete", Params::on(shape, 1), true).unwrap();
    assert_eq!(generator.heap_bytes(None), None);
}

/// A copy kept packed (`Generator::packed`, what a timeline's checkpoint
/// holds) counts what it allocates and is smaller than the running one:
/// Prim's, true Prim's, Wilson's (and Houston's once it is Wilson) byte a
/// cell of in / out / frontier or walk is two bits there, cheapest cell's
/// byte a cell in the maze one bit (three quarters of a byte a cell less,
/// at least); growing forest keeps its tree numbers as runs (two bytes a
/// cell less, at least); Kruskal drops its sets (four bytes a cell),
/// the automata their walls, last generation and sets (five) and
/// Aldous-Broder its bit a cell of cells in the maze, which the picture
/// holds; Borůvka drops its sets and table of lightest walls (twelve),
/// origin shift its arrows (four) for the sides they point through (two or
/// four bits). Unpacked on the picture at its step, it makes exactly
/// the events the original makes from there, for every generator (most
/// keep nothing to pack and are copied as they are).
#[test]
fn a_packed_copy_is_small_and_runs_on_the_same() {
    for (shape, size) in [("square", "64x48"), ("hex", "30x30"), ("polar", "12")] {
        let shape = Shape::parse(shape, size, None).unwrap();
        for algorithm in mazelab::generate::ALGORITHMS {
            if mazelab::generate::check_shape(algorithm, &shape).is_err() {
                continue;
            }
            let context = format!("{} on {}", algorithm.name, shape.name());
            let mut generator = Generator::new(algorithm, Params::on(shape.clone(), 8), true);
            let total = generator.clone().count();
            let mut grid = generator.initial_grid();
            let mut at = 0;
            // Odd, so that Kruskal's copy holds a carve made but not yet
            // handed out (its step is a phase, a cursor and a carve); at
            // several points, so that every part of a run is resumed (the
            // automata's seeding, evolving and two repair sweeps, growing
            // forest's joining near the end).
            for stop in [
                total / 5,
                total / 2,
                total * 4 / 5,
                total * 19 / 20,
                total - 6,
            ] {
                while at < stop | 1 {
                    grid.apply(&generator.next().unwrap());
                    at += 1;
                }
                let (packed, copied) = held_by(|| generator.packed());
                // Eighths of a byte a cell, counted halfway.
                let saved_eighths = match algorithm.name {
                    // True Prim and cheapest cell leave their byte a cell
                    // to the picture but keep a few dozen bytes a bucket
                    // (256 of them): the next test weighs them bigger.
                    "prim" | "wilson" | "houston" => 6,
                    "kruskal" => 32,
                    "cellular-automaton" | "mazectric" => 40,
                    // Its tree numbers (two bytes a cell) kept as runs:
                    // on a small hexagon maze, rows cross more trees.
                    "growing-forest" => 4,
                    "aldous-broder" => 1,
                    "boruvka" => 96,
                    "origin-shift" => 24,
                    _ => 0,
                };
                if saved_eighths > 0 && stop == total / 2 {
                    let running = generator.heap_bytes(None).unwrap();
                    let said = packed.heap_bytes(None).unwrap();
                    assert!(said <= copied, "{context}: says {said}, copies {copied}");
                    assert!(
                        copied - said <= 256,
                        "{context}: says {said}, copies {copied}"
                    );
                    let cells = shape.cells() as usize;
                    assert!(
                        said + cells * saved_eighths / 8 <= running,
                        "{context}: packed {said}, running {running}, {cells} cells"
                    );
                }
                let resumed: Vec<_> = packed.unpacked(&grid).collect();
                let original: Vec<_> = generator.clone().collect();
                assert_eq!(resumed, original, "{context} at {at} of {total}");
            }
        }
    }
}

/// True Prim's and cheapest cell's kept copies leave their byte a cell to
/// the picture, and hold their bucket queues in chunks: a copy kept a
/// little later holds little beyond the one before (its queue grew at its
/// buckets' ends), counts what it holds, and resumes exactly. Blobby
/// division's holds its order of cells and each cell's side in chunks: it
/// splits one region at a time, so the same holds, less tightly (a
/// region's cells span many rows of `side`'s chunks: at this size a later
/// copy holds about two fifths of the one before's bytes anew). The
/// backtracker's holds its stack in chunks: the bottom the walk has not
/// backed into since the copy before is that copy's.
#[test]
fn a_kept_copy_shares_what_the_one_before_holds() {
    let shape = Shape::parse("square", "512x512", None).unwrap();
    let cells = shape.cells() as usize;
    // Quarters of a byte a cell a first copy saves, and how many times
    // more a copy holds than the bytes a later one holds anew.
    for (name, saved_quarters, shared) in [
        ("true-prim", 3, 4),
        ("cheapest-cell", 3, 4),
        ("blobby-division", 0, 2),
        ("backtracker", 0, 2),
    ] {
        let mut generator = Generator::by_name(name, Params::on(shape.clone(), 4), true).unwrap();
        let total = generator.clone().count();
        let mut grid = generator.initial_grid();
        let mut at = 0;
        let mut go_to = |generator: &mut Generator, grid: &mut mazelab::grid::Grid, to: usize| {
            while at < to {
                grid.apply(&generator.next().unwrap());
                at += 1;
            }
        };
        // Odd, so that a step made but not yet handed out is kept.
        go_to(&mut generator, &mut grid, (total / 2) | 1);
        let running = generator.heap_bytes(None).unwrap();
        let (first, first_held) = held_by(|| generator.packed());
        let first_said = first.heap_bytes(None).unwrap();
        assert!(
            first_said.abs_diff(first_held) <= 256,
            "{name}: says {first_said}, holds {first_held}"
        );
        // Its byte a cell, less what the chunks cost (blobby division
        // keeps all it runs with, in chunks: a little more on its own).
        if saved_quarters > 0 {
            assert!(
                first_said + cells * saved_quarters / 4 <= running,
                "{name}: packed {first_said}, running {running}"
            );
        }
        go_to(&mut generator, &mut grid, total / 2 + total / 64);
        let (later, later_held) = held_by(|| generator.packed_after(Some(&first)));
        let later_said = later.heap_bytes(Some(&first)).unwrap();
        assert!(
            later_said.abs_diff(later_held) <= 256,
            "{name}: says {later_said}, holds {later_held}"
        );
        assert!(
            later_said * shared < first_said,
            "{name}: {later_said} bytes beyond a copy of {first_said}: little shared"
        );
        let resumed: Vec<_> = later.unpacked(&grid).collect();
        let original: Vec<_> = generator.clone().collect();
        assert_eq!(resumed, original, "{name} at {at} of {total}");
    }
}

/// Borůvka's kept copy, which works out the first round's walls again
/// from each cell's sides and rebuilds its trees from the picture, resumes
/// exactly on the shapes whose walls it reads otherwise too: steered by a
/// grain (the weights scaled), masked (a side may face an off cell), in
/// 3D and wrapped, in every round.
#[test]
fn boruvka_resumes_exactly_when_steered_masked_or_in_3d() {
    use mazelab::generate::steer::{Grain, Steer};
    use mazelab::shape::Mask;
    let square = Shape::parse("square", "40x30", None).unwrap();
    let mut mask = Mask::all_on(square.cells());
    for cell in [0, 1, 41, 42, 43, 300, 301, 340, 341, 599, 1199] {
        mask.set(cell, false);
    }
    let cases = [
        (square.clone(), Steer::default()),
        (
            square.clone(),
            Steer {
                run: 0,
                grain: Grain::parse("h:85").unwrap(),
            },
        ),
        (square.with_mask(mask).unwrap(), Steer::default()),
        (Shape::parse("3d", "8x7x5", None).unwrap(), Steer::default()),
        (
            Shape::parse("square", "20x15", Some("xy")).unwrap(),
            Steer::default(),
        ),
    ];
    for (shape, steer) in cases {
        let context = format!("{shape:?} {steer:?}");
        let params = Params {
            steer,
            ..Params::on(shape.clone(), 3)
        };
        let mut generator = Generator::by_name("boruvka", params, true).unwrap();
        let total = generator.clone().count();
        let mut grid = generator.initial_grid();
        let mut at = 0;
        for tenth in 1..10 {
            while at < (total * tenth / 10) | 1 {
                grid.apply(&generator.next().unwrap());
                at += 1;
            }
            let resumed: Vec<_> = generator.packed().unpacked(&grid).collect();
            let original: Vec<_> = generator.clone().collect();
            assert_eq!(resumed, original, "{context} at {at} of {total}");
        }
    }
}

/// Blobby division's kept copy holds of its order only the ranges the rest
/// of its run reads (the regions still to divide and the split under way),
/// a run of consecutive cells as one number, and the split's sides: kept
/// all through its run, each copy sharing with the one before, on a plain
/// square, a masked one (its order skips the holes) and hexagons, every
/// copy resumes to exactly the original's events; before the first split
/// has reordered anything, it holds under a tenth of the running copy's
/// bytes, and near the end, when what is left to divide is small, under a
/// fifth.
#[test]
fn blobby_divisions_kept_copy_holds_what_the_rest_of_its_run_reads() {
    use mazelab::shape::Mask;
    let square = Shape::parse("square", "150x100", None).unwrap();
    let mut mask = Mask::all_on(square.cells());
    for cell in (0..square.cells()).filter(|c| c % 10 == 4 && (c / 150) % 10 < 7) {
        mask.set(cell, false);
    }
    for (name, shape) in [
        ("square", square.clone()),
        ("masked", square.with_mask(mask).unwrap()),
        ("hex", Shape::parse("hex", "150x100", None).unwrap()),
    ] {
        let mut generator =
            Generator::by_name("blobby-division", Params::on(shape.clone(), 8), true).unwrap();
        let total = generator.clone().count();
        let mut grid = generator.initial_grid();
        let mut at = 0;
        let mut earlier: Option<Generator> = None;
        for sixteenth in [0, 1, 2, 3, 5, 8, 11, 13, 15] {
            while at < (total * sixteenth / 16).max(9) | 1 {
                grid.apply(&generator.next().unwrap());
                at += 1;
            }
            let kept = generator.packed_after(earlier.as_ref());
            let resumed: Vec<_> = kept.unpacked(&grid).collect();
            let original: Vec<_> = generator.clone().collect();
            assert_eq!(resumed, original, "{name} at {at} of {total}");
            let running = generator.heap_bytes(None).unwrap();
            let whole = generator.packed().heap_bytes(None).unwrap();
            match sixteenth {
                0 => assert!(whole * 10 < running, "{name}: {whole} of {running}"),
                15 => assert!(whole * 5 < running, "{name}: {whole} of {running}"),
                _ => {}
            }
            earlier = Some(kept);
        }
    }
}
