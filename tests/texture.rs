//! The texture controls (`generate::steer`, `generate::texture`): neutral
//! settings keep every seed's maze, every setting keeps mazes perfect on
//! every shape it takes, the controls move their metrics the way they
//! say, and bad settings are refused by name.

mod common;

use mazelab::generate::steer::{self, Grain, Steer};
use mazelab::generate::texture::Texture;
use mazelab::generate::{self, generate, Generator, Params, ALGORITHMS};
use mazelab::lab::run::measure_textured;
use mazelab::lab::{Candidate, METRICS};
use mazelab::program::judge;
use mazelab::shape::Shape;

fn steer(run: u8, grain: &str) -> Steer {
    Steer {
        run,
        grain: Grain::parse(grain).unwrap(),
    }
}

/// Every algorithm that takes a control.
fn steered() -> impl Iterator<Item = &'static generate::Algorithm> {
    ALGORITHMS.iter().filter(|a| a.steers != 0)
}

#[test]
fn neutral_settings_draw_exactly_as_before() {
    // A run of 0 and a grain of 50 either way round are no steering.
    let shape = Shape::parse("square", "17x13", None).unwrap();
    for a in steered() {
        for seed in [1, 9] {
            let plain = generate(a.name, Params::on(shape.clone(), seed)).unwrap();
            for grain in ["h:50", "v:50"] {
                let params = Params {
                    steer: steer(0, grain),
                    ..Params::on(shape.clone(), seed)
                };
                assert_eq!(generate(a.name, params).unwrap(), plain, "{}", a.name);
            }
        }
    }
}

#[test]
fn every_setting_keeps_mazes_perfect_on_every_shape_it_takes() {
    let settings = [
        steer(50, "h:50"),
        steer(100, "h:50"),
        steer(0, "h:90"),
        steer(0, "v:100"),
        steer(0, "h:0"),
        steer(70, "v:80"),
        steer(100, "h:100"),
    ];
    let mut checked = 0;
    for shape in common::test_shapes() {
        for a in steered() {
            if generate::check_shape(a, &shape).is_err() {
                continue;
            }
            for (i, s) in settings.iter().enumerate() {
                let params = Params {
                    steer: *s,
                    ..Params::on(shape.clone(), i as u64 * 7 + 3)
                };
                let context = format!("{} on {} {} {s:?}", a.name, shape.name(), shape.size_text());
                match Generator::by_name(a.name, params.clone(), false) {
                    Ok(_) => {
                        let grid = generate(a.name, params).unwrap();
                        let verdict = judge(&grid);
                        assert!(verdict.perfect(), "{context}: {}", verdict.summary());
                        checked += 1;
                    }
                    Err(e) => {
                        // Only rings and triangles, and algorithms without
                        // the control, refuse.
                        assert!(
                            matches!(shape.name(), "polar" | "triangle")
                                || (s.run > 0 && a.steers & steer::RUN == 0),
                            "{context}: {e}"
                        );
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// Stepping a steered generator gives the maze its instant build gives.
/// A steered walk carries straight on from where its walker was, so it
/// drifts nowhere: Wilson's walk once took "straight on" from the cell
/// before it on the erased walk, which after each erasure pointed the way
/// the walk first came, and on a wrapped strip with the grain along the
/// wrap it pushed the walk against the far edge for hundreds of millions
/// of moves (a property test's case). Each of these runs makes a few tens
/// of thousands of events.
#[test]
fn a_steered_walk_does_not_drift_against_an_edge() {
    let shape = Shape::parse("square", "32x3", Some("y")).unwrap();
    for seed in [4402163890844483918, 2244082473936544777, 1, 2, 3] {
        for algorithm in ["wilson", "aldous-broder", "houston", "origin-shift"] {
            let params = Params {
                steer: steer(50, "h:0"),
                ..Params::on(shape.clone(), seed)
            };
            let events = Generator::by_name(algorithm, params, true)
                .unwrap()
                .take(5_000_001)
                .count();
            assert!(
                events <= 5_000_000,
                "{algorithm} seed {seed}: over {events} events"
            );
        }
    }
}

#[test]
fn a_steered_run_steps_to_the_maze_it_builds() {
    let shape = Shape::parse("square", "12x9", None).unwrap();
    for a in steered() {
        let run = if a.steers & steer::RUN != 0 { 60 } else { 0 };
        let params = Params {
            steer: steer(run, "v:85"),
            ..Params::on(shape.clone(), 4)
        };
        let (stepped, _) = common::replay(a.name, params.clone());
        assert_eq!(stepped, generate(a.name, params).unwrap(), "{}", a.name);
    }
}

/// A metric's mean over `runs` mazes of `algorithm` under `texture`.
fn mean(algorithm: &str, shape: &Shape, texture: Texture, metric: &str, runs: u64) -> f64 {
    let k = METRICS.iter().position(|m| m.key == metric).unwrap();
    let c = Candidate::parse(algorithm).unwrap();
    let mut rows = Vec::new();
    measure_textured(&c, shape, &texture, 1, runs, &|| 0.0, &mut rows).unwrap();
    let n = METRICS.len();
    rows.chunks(n).map(|r| r[k]).sum::<f64>() / runs as f64
}

#[test]
fn the_run_lengthens_corridors() {
    let shape = Shape::parse("square", "24x24", None).unwrap();
    for a in [
        "backtracker",
        "growing-tree:random",
        "prim",
        "hunt-and-kill",
        "wilson",
    ] {
        let corridors: Vec<f64> = [0, 50, 90]
            .iter()
            .map(|&run| {
                let texture = Texture {
                    steer: steer(run, "h:50"),
                    ..Texture::default()
                };
                mean(a, &shape, texture, "straight_pct", 30)
            })
            .collect();
        assert!(
            corridors.windows(2).all(|w| w[1] > w[0] + 1.0),
            "{a}: straight-through share at run 0, 50, 90: {corridors:?}"
        );
    }
}

#[test]
fn the_grain_moves_the_horizontal_share() {
    let shape = Shape::parse("square", "24x24", None).unwrap();
    let hex = Shape::parse("hex", "20x20", None).unwrap();
    for a in steered() {
        let horizontal = |grain: &str, shape: &Shape| {
            let texture = Texture {
                steer: steer(0, grain),
                ..Texture::default()
            };
            mean(a.name, shape, texture, "horizontal_pct", 20)
        };
        let (v, none, h) = (
            horizontal("v:90", &shape),
            horizontal("h:50", &shape),
            horizontal("h:90", &shape),
        );
        assert!((none - 50.0).abs() < 3.0, "{}: {none} at no bias", a.name);
        assert!(
            v + 8.0 < none && none + 8.0 < h,
            "{}: {v} {none} {h}",
            a.name
        );
        let (hex_none, hex_h) = (horizontal("h:50", &hex), horizontal("h:90", &hex));
        assert!(
            hex_none + 8.0 < hex_h,
            "{} on hex: {hex_none} {hex_h}",
            a.name
        );
    }
}

#[test]
fn bad_settings_are_refused_by_name() {
    for bad in ["x:50", "h:101", "h", "50", "h:-1", ""] {
        let err = Grain::parse(bad).unwrap_err().to_string();
        assert!(err.contains("h:P or v:P"), "{bad}: {err}");
    }
    assert!(Steer::check_run(101)
        .unwrap_err()
        .to_string()
        .contains("0 to 100"));
    let square = Shape::parse("square", "8x8", None).unwrap();
    let eller = generate::find("eller").unwrap();
    let err = steer::check(eller, &steer(40, "h:50"), &square)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("backtracker") && err.contains("eller"),
        "{err}"
    );
    let kruskal = generate::find("kruskal").unwrap();
    assert!(steer::check(kruskal, &steer(0, "h:80"), &square).is_ok());
    assert!(steer::check(kruskal, &steer(30, "h:50"), &square).is_err());
    for (name, size) in [("polar", "5"), ("triangle", "6x6")] {
        let shape = Shape::parse(name, size, None).unwrap();
        let err = Generator::by_name(
            "backtracker",
            Params {
                steer: steer(0, "v:70"),
                ..Params::on(shape, 1)
            },
            false,
        )
        .err()
        .unwrap()
        .to_string();
        assert!(
            err.contains(name) && err.contains("rings and triangles"),
            "{err}"
        );
    }
    let hex = Shape::parse("hex", "8x8", None).unwrap();
    let symmetric = Texture {
        symmetry: Some(generate::symmetry::Symmetry::X),
        ..Texture::default()
    };
    let err = symmetric
        .check(generate::find("backtracker").unwrap(), &hex)
        .unwrap_err()
        .to_string();
    assert!(err.contains("plain square"), "{err}");
}
