//! Properties tried by the thousand (proptest): any text read as a link or
//! a mask gives settings or a clear error, never a panic; a valid state
//! written to a link reads back the same; every generator makes a perfect
//! maze on random shapes, sizes and seeds (a connected one when braided)
//! and breadth-first search finds a shortest path on it; the CLI answers
//! random options, and any bytes as a mask file, with a result or one line
//! of error.
//!
//! `cargo test --test properties` runs 48 to 128 cases a property (the
//! more, the cheaper the case); before a release, `PROPTEST_CASES=20000
//! cargo test --release --test properties` tries many more (about 70 s).

// Native only: proptest is not built for wasm32 (whose checks compile
// every test file).
#![cfg(not(target_arch = "wasm32"))]

use mazelab::analyze::{distances, UNREACHABLE};
use mazelab::entrance::{self, EntranceStyle};
use mazelab::generate::steer::{Grain, Steer};
use mazelab::generate::{generate, Params, ALGORITHMS};
use mazelab::program::{judge, Lang};
use mazelab::settings::Settings;
use mazelab::shape::{Mask, Shape, Topology};
use mazelab::solve::{self, Outcome};
use proptest::prelude::*;

/// Cases a property: proptest's `PROPTEST_CASES` when set, else `n`.
fn cases(n: u32) -> ProptestConfig {
    let n = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(n);
    ProptestConfig {
        cases: n,
        // A failure prints its smallest case; nothing is written to disk.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A key a link knows, or not.
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "algorithm",
            "shape",
            "size",
            "wrap",
            "mask",
            "seed",
            "pop",
            "bias",
            "braid",
            "weave",
            "speed",
            "compare",
            "solver",
            "start",
            "goal",
            "at",
            "solve_at",
            "view",
            "program",
            "lab",
            "lab_size",
            "lab_runs",
            "lab_seed",
            "lab_trees",
            "lab_tree_runs",
            "run",
            "grain",
            "sparse",
            "symmetry",
            "lab_braid",
            "lab_run",
            "lab_grain",
            "lab_sparse",
            "lab_symmetry",
            "lab_sweep",
            "theme",
        ])
        .prop_map(String::from),
        "[a-z_]{1,8}",
    ]
}

/// A value: a plausible one, or anything at all.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,6}",
        "[0-9]{1,4}x[0-9]{1,4}",
        prop::sample::select(vec![
            "backtracker",
            "hex",
            "polar",
            "triangle",
            "xy",
            "mobius",
            "klein",
            "3d",
            "4d",
            "cube",
            "upsilon",
            "crack",
            "5x4x3",
            "3x3x2x2",
            "0x0x0",
            "newest:3,random:1",
            "instant",
            "code",
            "lab",
            "program",
            "NW",
            "wilson~kruskal",
            "h:90",
            "v:0",
            "x:50",
            "h:101",
            "rot",
            "run:0:100:11",
            "grain:50:90:3",
            "pop-share:100:0:2",
            "walk:0:1:2",
            "%41",
            "%zz",
            "-1",
            "18446744073709551616",
        ])
        .prop_map(String::from),
        ".{0,16}",
    ]
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn any_text_reads_as_a_link_without_panic(text in ".{0,200}") {
        let _ = Settings::from_query(&text, 1);
    }

    #[test]
    fn link_like_text_gives_settings_and_notices_without_panic(
        pairs in prop::collection::vec((key(), value()), 0..10)
    ) {
        let query: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let (settings, _) = Settings::from_query(&query.join("&"), 1);
        // Whatever was read, its link reads back to itself.
        let link = settings.to_query();
        let (again, notices) = Settings::from_query(&link, 2);
        prop_assert!(notices.is_empty(), "{link}: {notices:?}");
        prop_assert_eq!(again.to_query(), link);
    }

    #[test]
    fn every_texture_and_sweep_survives_the_link(
        run in 0u8..=100,
        grain in 0u8..=100,
        vertical in any::<bool>(),
        braid in 0u8..=100,
        sparse in 0u8..=100,
        symmetry in prop::sample::select(vec!["none", "x", "y", "xy", "rot"]),
        sweep in prop::sample::select(vec!["braid", "run", "grain", "sparse"]),
        from in 0u32..=100,
        to in 0u32..=100,
        points in 2u32..=101,
    ) {
        let axis = if vertical { 'v' } else { 'h' };
        let query = format!(
            "algorithm=backtracker&run={run}&grain={axis}:{grain}&sparse={sparse}&lab=wilson&lab_braid={braid}&lab_run={run}\
             &lab_grain={axis}:{grain}&lab_sparse={sparse}&lab_symmetry={symmetry}&lab_sweep={sweep}:{from}:{to}:{points}"
        );
        let (settings, notices) = Settings::from_query(&query, 1);
        prop_assert!(notices.is_empty(), "{query}: {notices:?}");
        prop_assert_eq!(settings.steer.run, run);
        prop_assert_eq!(settings.steer.grain.percent, grain);
        prop_assert_eq!(settings.sparse, sparse);
        prop_assert_eq!(settings.lab.texture.sparse, sparse);
        prop_assert_eq!(settings.lab.sweep.as_ref().map(|s| s.values.len() as u32), Some(points));
        let (again, notices) = Settings::from_query(&settings.to_query(), 2);
        prop_assert!(notices.is_empty(), "{notices:?}");
        prop_assert_eq!(&again.steer, &settings.steer);
        prop_assert_eq!(again.sparse, settings.sparse);
        prop_assert_eq!(&again.lab, &settings.lab);
        prop_assert_eq!(again.to_query(), settings.to_query());
    }

    #[test]
    fn a_program_of_any_text_and_a_lab_list_survive_the_link(
        program in "\\PC{0,300}",
        lab in prop::collection::vec(prop::sample::select(vec![
            "program", "wilson", "growing-tree:oldest", "growing-tree:newest:3,random:1", "kruskal",
        ]), 1..4),
        compare in prop::collection::vec(prop::sample::select(vec![
            "backtracker", "growing-tree/random", "binary-tree/SE", "program", "eller",
        ]), 2..=4),
    ) {
        let mut query = format!(
            "program={}&lab={}",
            mazelab::program::link::encode(&program),
            lab.join("~")
        );
        // A comparison has 2 to 4 panels; half the cases have none.
        if program.len() % 2 == 0 {
            query += &format!("&compare={}", compare.join(","));
        }
        // A third of the programs are Python (the default, JavaScript, is
        // not written).
        let python = program.len() % 3 == 0;
        if python {
            query += "&lang=python";
        }
        let (settings, notices) = Settings::from_query(&query, 1);
        prop_assert!(notices.is_empty(), "{query}: {notices:?}");
        prop_assert_eq!(settings.program.as_deref(), Some(program.as_str()));
        let lang = if python { Lang::Python } else { Lang::JavaScript };
        prop_assert_eq!(settings.lang, lang);
        prop_assert_eq!(settings.to_query().contains("lang=python"), python);
        let (again, notices) = Settings::from_query(&settings.to_query(), 2);
        prop_assert!(notices.is_empty());
        prop_assert_eq!(again.to_query(), settings.to_query());
        prop_assert_eq!(again.program, settings.program);
        prop_assert_eq!(again.lang, lang);
    }

    #[test]
    fn any_text_reads_as_a_mask_or_a_clear_error(text in "[.X#o \\n]{0,120}|.{0,60}") {
        if let Err(e) = Mask::from_text(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn any_text_reads_as_levels_of_a_mask_or_a_clear_error(text in "[.X \\r\\n]{0,160}|.{0,60}") {
        match Mask::from_levels_text(&text) {
            Ok((dims, levels, mask)) => {
                prop_assert!(levels >= 1);
                prop_assert_eq!(mask.cells(), dims.cells() * levels);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

/// A mask file's bytes: anything at all, or rows of `.` and `X` (levels
/// parted by blank lines), which make masks of every kind: one piece,
/// several, none left on.
fn mask_file() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..300),
        "[.X\n]{0,160}".prop_map(String::into_bytes),
        "(\\.{1,9}\n){1,6}(\n(\\.{1,9}\n){1,6}){0,3}".prop_map(String::into_bytes),
    ]
}

proptest! {
    #![proptest_config(cases(48))]

    /// Any bytes as `--mask FILE`: a maze, or one line naming what was wrong.
    #[test]
    fn any_bytes_as_a_mask_file_give_a_maze_or_one_line(
        bytes in mask_file(),
        shape in prop::sample::select(vec!["square", "hex", "triangle", "3d", "polar"]),
        case in any::<u64>(),
    ) {
        let path = std::env::temp_dir().join(format!("mazelab-mask-{}-{case:x}.txt", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mazelab"))
            .args(["generate", "--shape", shape, "--format", "stats", "--mask"])
            .arg(&path)
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&path);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let context = format!("{shape} {:?}", String::from_utf8_lossy(&bytes));
        prop_assert!(!stderr.contains("panicked"), "{context}: {stderr}");
        match out.status.code() {
            Some(0) => prop_assert!(!out.stdout.is_empty(), "{context}: no maze"),
            Some(2) => prop_assert!(
                stderr.trim().lines().count() == 1 && !stderr.trim().is_empty(),
                "{context}: not one line: {stderr}"
            ),
            other => prop_assert!(false, "{context}: exit {other:?}: {stderr}"),
        }
    }
}

/// A shape of 1 to 64 cells a side (polar: 1 to 20 rings); sizes a
/// shape refuses by design (a single column of triangles) left out.
fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (1u32..=64, 1u32..=64).prop_map(|(w, h)| ("square", format!("{w}x{h}"), None)),
        (3u32..=40, 3u32..=40, 0usize..5).prop_map(|(w, h, k)| (
            "square",
            format!("{w}x{h}"),
            Some(["x", "y", "xy", "mobius", "klein"][k])
        )),
        (1u32..=16, 1u32..=16, 1u32..=8).prop_map(|(w, h, l)| ("3d", format!("{w}x{h}x{l}"), None)),
        (1u32..=6, 1u32..=6, 1u32..=4, 1u32..=4).prop_map(|(w, h, l, k)| (
            "4d",
            format!("{w}x{h}x{l}x{k}"),
            None
        )),
        (1u32..=12).prop_map(|n| ("cube", n.to_string(), None)),
        (1u32..=40, 1u32..=40).prop_map(|(w, h)| ("upsilon", format!("{w}x{h}"), None)),
        (1u32..=24, 1u32..=24).prop_map(|(w, h)| ("crack", format!("{w}x{h}"), None)),
        (1u32..=40, 1u32..=40).prop_map(|(w, h)| ("hex", format!("{w}x{h}"), None)),
        (1u32..=40, 1u32..=40).prop_map(|(w, h)| ("triangle", format!("{w}x{h}"), None)),
        (1u32..=20).prop_map(|r| ("polar", r.to_string(), None)),
    ]
    .prop_filter_map("a shape the parser takes", |(kind, size, wrap)| {
        Shape::parse(kind, &size, wrap).ok()
    })
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn every_shape_survives_the_link(shape in shape(), seed in 0u64..1000) {
        let mut query = format!("shape={}&size={}&seed={seed}", shape.name(), shape.size_text());
        if !shape.wrap_text().is_empty() {
            query += &format!("&wrap={}", shape.wrap_text());
        }
        let (settings, notices) = Settings::from_query(&query, 1);
        prop_assert!(notices.is_empty(), "{query}: {notices:?}");
        prop_assert_eq!(&settings.shape, &shape);
        let (again, _) = Settings::from_query(&settings.to_query(), 2);
        prop_assert_eq!(again.shape, shape);
    }

    #[test]
    fn every_generator_makes_a_perfect_maze_and_bfs_a_shortest_path(
        shape in shape(),
        seed in any::<u64>(),
        braid in prop::sample::select(vec![0u8, 0, 50, 100]),
        weave in any::<bool>(),
        run in prop::sample::select(vec![0u8, 0, 50, 100]),
        grain in prop::sample::select(vec!["h:50", "h:50", "h:90", "v:100", "h:0"]),
        pick in any::<prop::sample::Index>(),
    ) {
        // An algorithm that runs on the shape (and within its own limits).
        let fits: Vec<_> = ALGORITHMS
            .iter()
            .filter(|a| mazelab::generate::check_shape(a, &shape).is_ok())
            .collect();
        prop_assume!(!fits.is_empty());
        let algorithm = fits[pick.index(fits.len())];
        let weave = weave && mazelab::generate::check_weave(algorithm, &shape).is_ok();
        // The run and grain where the algorithm and shape take them.
        let steer = mazelab::generate::steer::for_algorithm(
            Steer { run, grain: Grain::parse(grain).unwrap() }, algorithm, &shape);
        let params = Params { braid, weave, steer, ..Params::on(shape.clone(), seed) };
        let context = format!("{} on {} {} seed {seed} braid {braid} weave {weave} {steer:?}",
            algorithm.name, shape.name(), shape.size_text());
        let grid = generate(algorithm.name, params).unwrap();
        let verdict = judge(&grid);
        prop_assert!(verdict.unreached.is_empty(), "{context}: cells left out");
        if braid == 0 && !weave {
            prop_assert!(verdict.perfect(), "{context}: {}", verdict.summary());
        }
        // BFS's path walks openings from end to end and is as short as any.
        let ends = entrance::place(&grid, EntranceStyle::Norvig, seed);
        let (start, goal) = (ends.entrance.cell, ends.exit.cell);
        let Outcome::Found(path) = solve::solve("bfs", &grid, start, goal).unwrap() else {
            return Err(TestCaseError::fail(format!("{context}: no path")));
        };
        prop_assert_eq!((path[0], *path.last().unwrap()), (start, goal));
        for pair in path.windows(2) {
            prop_assert!(grid.open_neighbors(pair[0]).as_slice().contains(&pair[1]), "{context}: a step through a wall");
        }
        let shortest = distances(&grid, start)[goal as usize];
        prop_assert!(shortest != UNREACHABLE);
        prop_assert_eq!(path.len() as u32 - 1, shortest, "{}", context);
        prop_assert!(grid.shape().live_cells() >= 1);
    }
}

/// An option value for the CLI: a good one or anything.
fn cli_value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "backtracker",
            "wilson",
            "hex",
            "polar",
            "square",
            "3d",
            "4d",
            "cube",
            "upsilon",
            "mobius",
            "klein",
            "4x4x4",
            "svg",
            "json",
            "stats",
            "ascii",
            "a4",
            "letter",
            "xy",
            "7",
            "0",
            "3x3",
            "40x40",
            "5000x2",
            "pop-share",
            "braid",
            "101",
            "rot",
            "x",
            "h:90",
            "v:200",
            "solution_pct:30-40",
            "river:5-1",
            "-3",
            "",
            "NW",
            "oldest",
            "bash",
            "zsh",
            "fish",
            "Maze \u{e9}t\u{e9}",
            "https://example.org/m",
            "/no/such/mask.txt",
        ])
        .prop_map(String::from),
        "[ -~]{0,12}",
    ]
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn the_cli_answers_random_options_with_a_result_or_one_line(
        command in prop::sample::select(vec![
            "generate", "sheet", "stats", "uniformity", "sweep", "list", "solvers", "completions",
        ]),
        operand in prop::option::weighted(0.15, cli_value()),
        shell in prop::sample::select(vec!["bash", "zsh", "fish", "elvish", "powershell", "tcsh"]),
        options in prop::collection::vec((
            prop::sample::select(vec![
                "--algorithm", "--shape", "--size", "--seed", "--format", "--braid", "--pop",
                "--bias", "--count", "--paper", "--runs", "--wrap", "--solver", "--entrances",
                "--param", "--from", "--to", "--points", "--sparse", "--symmetry",
                "--run", "--grain", "--target", "--mask", "--title", "--wall-mm", "--link-base",
                // Switches, which take no value.
                "--weave", "--plot", "--solve", "--answers", "--landscape",
            ]),
            cli_value(),
        ), 0..5),
    ) {
        let mut args = vec![command.to_string()];
        // A shell for completions (tcsh it does not know); now and then a
        // word after any command, which most do not take.
        if command == "completions" {
            args.push(shell.to_string());
        }
        args.extend(operand);
        for (flag, value) in options {
            args.push(flag.to_string());
            let switch = ["--weave", "--plot", "--solve", "--answers", "--landscape"].contains(&flag);
            if !switch {
                args.push(value);
            }
        }
        // Keep the lab's runs and the sheets small enough to be quick.
        if command == "stats" || command == "uniformity" || command == "sweep" {
            args.extend(["--runs".into(), "20".into()]);
        }
        if command == "sweep" {
            args.extend(["--param".into(), "braid".into()]);
        }
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mazelab"))
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        prop_assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        match out.status.code() {
            Some(0) | Some(1) => {}
            Some(2) => prop_assert!(
                stderr.trim().lines().count() == 1 && !stderr.trim().is_empty(),
                "{args:?}: not one line: {stderr}"
            ),
            other => prop_assert!(false, "{args:?}: exit {other:?}: {stderr}"),
        }
    }
}
