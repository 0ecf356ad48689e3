//! The CLI as a user runs it: its outputs, and one-line errors without panics.

use std::process::{Command, Output};

fn mazelab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazelab"))
        .args(args)
        .output()
        .expect("the mazelab binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The command fails with status 2 and one line of error naming `hint`.
fn assert_refused(args: &[&str], hint: &str) {
    let out = mazelab(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(hint), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn list_prints_every_generator_with_a_tab_and_a_description() {
    let out = mazelab(&["list"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let names: Vec<&str> = text
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    let expected: Vec<&str> = mazelab::generate::ALGORITHMS
        .iter()
        .map(|a| a.name)
        .collect();
    assert_eq!(names, expected);
    assert!(text
        .lines()
        .all(|l| l.split('\t').nth(1).is_some_and(|d| d.len() > 20)));
}

#[test]
fn generate_prints_the_seeded_maze_with_gaps_for_the_ends() {
    let out = mazelab(&[
        "generate",
        "--algorithm",
        "backtracker",
        "--size",
        "4x3",
        "--seed",
        "42",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let fixture = include_str!("fixtures/backtracker-4x3-seed42.txt");
    let mut expected: Vec<String> = fixture.lines().map(String::from).collect();
    expected[0].replace_range(1..2, " ");
    expected[6].replace_range(7..8, " ");
    assert_eq!(stdout(&out), expected.join("\n") + "\n");
    assert!(
        stderr(&out).is_empty(),
        "a given seed is not reported again"
    );
}

#[test]
fn generate_without_a_seed_reports_the_one_it_drew() {
    let out = mazelab(&["generate", "--size", "5x5"]);
    assert!(out.status.success());
    let seed: u64 = stderr(&out)
        .trim()
        .strip_prefix("seed: ")
        .unwrap()
        .parse()
        .unwrap();
    let again = mazelab(&["generate", "--size", "5x5", "--seed", &seed.to_string()]);
    assert_eq!(
        stdout(&again),
        stdout(&out),
        "the reported seed reproduces the maze"
    );
}

#[test]
fn stats_prints_one_line_of_metrics() {
    let out = mazelab(&[
        "generate",
        "--algorithm",
        "eller",
        "--size",
        "30x20",
        "--seed",
        "3",
        "--format",
        "stats",
    ]);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1);
    for key in [
        "cells=600",
        "dead_ends=",
        "longest_path=",
        "solution_length=",
        "mean_corridor=",
        "generate_ms=",
        "seed=3",
    ] {
        assert!(text.contains(key), "{key} missing from {text}");
    }
}

#[test]
fn json_with_solve_carries_a_solution_from_entrance_to_exit() {
    let out = mazelab(&[
        "generate",
        "--algorithm",
        "wilson",
        "--size",
        "6x4",
        "--seed",
        "9",
        "--format",
        "json",
        "--solve",
    ]);
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "{\"shape\":\"square\",\"width\":6,\"height\":4,\"cells\":24,\"seed\":9,\"algorithm\":\"wilson\",\"entrance\":0,\"exit\":23,\"edges\":["
        ),
        "{text}"
    );
    let solution = &text[text.find("\"solution\":[").unwrap() + 12..text.rfind(']').unwrap()];
    let cells: Vec<u32> = solution.split(',').map(|c| c.parse().unwrap()).collect();
    assert_eq!((cells[0], *cells.last().unwrap()), (0, 23));
}

#[test]
fn every_format_and_algorithm_runs() {
    for algorithm in mazelab::generate::ALGORITHMS {
        // Odd sides where allowed; the unicursal labyrinth needs even ones.
        let size = if algorithm.even_sides { "8x6" } else { "7x5" };
        for format in ["ascii", "norvig", "blocks", "svg", "json", "stats"] {
            let out = mazelab(&[
                "generate",
                "--algorithm",
                algorithm.name,
                "--size",
                size,
                "--seed",
                "1",
                "--format",
                format,
                "--solve",
            ]);
            assert!(
                out.status.success(),
                "{} {format}: {}",
                algorithm.name,
                stderr(&out)
            );
            assert!(!stdout(&out).is_empty());
        }
    }
}

#[test]
fn bad_input_gets_a_one_line_error_naming_the_choices_and_no_panic() {
    for (args, hint) in [
        (
            vec!["generate", "--algorithm", "maze-o-matic"],
            "[possible values: growing-tree, backtracker",
        ),
        (vec!["generate", "--size", "0x5"], "1 <= W, H <= 4096"),
        (
            vec!["generate", "--size", "100000x100000"],
            "1 <= W, H <= 4096",
        ),
        (vec!["generate", "--size", "wide"], "expected WxH"),
        (
            vec!["generate", "--pop", "newest:abc"],
            "valid: newest, oldest, random, middle",
        ),
        (
            vec!["generate", "--bias", "up"],
            "valid biases: NW, NE, SW, SE",
        ),
        (vec!["generate", "--seed", "-1"], "whole number"),
        (
            vec!["generate", "--format", "pdf"],
            "ascii, norvig, blocks, svg, json, stats",
        ),
        (
            vec!["generate", "--entrances", "middle"],
            "norvig, random, longest",
        ),
        (vec!["generate", "--size"], "a value is required"),
        (
            vec!["generate", "--colour", "red"],
            "unexpected argument '--colour'",
        ),
        (
            vec!["frobnicate"],
            "commands: list, solvers, generate, sheet, stats, uniformity, sweep, scaling, distribution, completions",
        ),
        (
            vec![],
            "no command given; commands: list, solvers, generate",
        ),
        (
            vec!["generate", "--solver", "guess"],
            "[possible values: bfs, dfs",
        ),
        (
            vec!["completions", "powershell-9"],
            "[possible values: bash",
        ),
        (vec!["completions"], "required arguments were not provided"),
    ] {
        assert_refused(&args, hint);
        assert!(mazelab(&args).stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn solve_with_a_chosen_solver_marks_its_path_in_every_text_format() {
    let base = [
        "generate",
        "--algorithm",
        "hunt-and-kill",
        "--size",
        "9x6",
        "--seed",
        "12",
        "--solve",
    ];
    let by = |solver: &str, format: &str| {
        let mut args = base.to_vec();
        args.extend(["--solver", solver, "--format", format]);
        let out = mazelab(&args);
        assert!(out.status.success(), "{solver} {format}: {}", stderr(&out));
        stdout(&out)
    };
    // A perfect maze has one path, so every solver marks the same cells.
    for solver in [
        "dfs",
        "astar",
        "wall-follower",
        "tremaux",
        "dead-end-filler",
    ] {
        assert_eq!(by(solver, "ascii"), by("bfs", "ascii"), "{solver}");
        assert_eq!(by(solver, "json"), by("bfs", "json"), "{solver}");
    }
    assert!(by("tremaux", "ascii").contains('.'));
    assert!(by("tremaux", "norvig").contains("**"));
    assert!(by("tremaux", "svg").contains("class=\"solution\""));
    // The longest path joins other cells than the entrance and exit.
    let longest = by("longest-path", "json");
    let solution =
        &longest[longest.find("\"solution\":[").unwrap() + 12..longest.rfind(']').unwrap()];
    assert!(solution.split(',').count() >= by("bfs", "json").matches(',').count() / 100);
}

#[test]
fn version_names_the_program_and_its_version() {
    let out = mazelab(&["--version"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out).trim(),
        format!("mazelab {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn every_subcommand_answers_help_both_ways() {
    for sub in [
        "list",
        "solvers",
        "generate",
        "stats",
        "uniformity",
        "completions",
    ] {
        let flag = mazelab(&[sub, "--help"]);
        let word = mazelab(&["help", sub]);
        for out in [&flag, &word] {
            assert!(out.status.success(), "{sub}: {}", stderr(out));
            assert!(
                stdout(out).contains(&format!("Usage: mazelab {sub}")),
                "{sub}"
            );
        }
        assert_eq!(stdout(&flag), stdout(&word), "{sub}: the two helps agree");
    }
    let generate = stdout(&mazelab(&["generate", "--help"]));
    for option in [
        "--algorithm",
        "--size",
        "--seed",
        "--pop",
        "--bias",
        "--entrances",
        "--format",
        "--solve",
        "--solver",
    ] {
        assert!(generate.contains(option), "generate --help lacks {option}");
    }
    let top = stdout(&mazelab(&["--help"]));
    for sub in [
        "list",
        "solvers",
        "generate",
        "stats",
        "uniformity",
        "completions",
    ] {
        assert!(top.contains(sub), "--help lacks {sub}");
    }
}

#[test]
fn completions_print_a_script_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef mazelab"),
        ("fish", "complete -c mazelab"),
    ] {
        let out = mazelab(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(script.contains(marker), "{shell} script lacks {marker}");
        assert!(
            script.contains("generate") && script.contains("algorithm"),
            "{shell}"
        );
    }
}

#[test]
fn solvers_lists_every_solver_with_a_description() {
    let out = mazelab(&["solvers"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for info in mazelab::solve::SOLVERS {
        let line = text
            .lines()
            .find(|l| l.split('\t').next() == Some(info.name))
            .unwrap_or_else(|| panic!("{} is not listed", info.name));
        assert!(line.split('\t').nth(1).is_some_and(|d| !d.is_empty()));
    }
}

/// A JSON array of pairs after `"key":`.
fn pairs(text: &str, key: &str) -> Vec<(u32, u32)> {
    let start = text.find(&format!("\"{key}\":[")).unwrap() + key.len() + 4;
    let end = start + text[start..].find("]]").map_or(0, |i| i + 1);
    if end <= start {
        return Vec::new();
    }
    text[start..end]
        .split("],[")
        .map(|p| {
            let p = p.trim_matches(|c| c == '[' || c == ']');
            let (a, b) = p.split_once(',').unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect()
}

#[test]
fn json_describes_every_shape_and_its_openings_are_edges() {
    for (shape, size, extra) in [
        ("hex", "7x5", vec![]),
        ("triangle", "8x4", vec![]),
        ("polar", "6", vec![]),
        ("square", "5x4", vec!["--wrap", "xy"]),
    ] {
        let mut args = vec![
            "generate", "--shape", shape, "--size", size, "--seed", "3", "--format", "json",
            "--solve",
        ];
        args.extend(extra);
        let out = mazelab(&args);
        assert!(out.status.success(), "{shape}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.starts_with(&format!("{{\"shape\":\"{shape}\",")),
            "{text}"
        );
        let cells: u32 = text
            .split("\"cells\":")
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let edges = pairs(&text, "edges");
        let openings = pairs(&text, "openings");
        assert_eq!(openings.len() as u32, cells - 1, "{shape}: a perfect maze");
        for pair in &openings {
            assert!(edges.contains(pair), "{shape}: opening {pair:?} is no edge");
        }
        assert!(
            text.contains("\"masked\":[]") && text.contains("\"solution\":["),
            "{shape}"
        );
    }
}

#[test]
fn svg_draws_every_shape_with_its_solution() {
    for (shape, size) in [
        ("hex", "6x4"),
        ("triangle", "8x4"),
        ("polar", "5"),
        ("square", "6x4"),
    ] {
        let out = mazelab(&[
            "generate", "--shape", shape, "--size", size, "--seed", "1", "--format", "svg",
            "--solve",
        ]);
        assert!(out.status.success(), "{shape}: {}", stderr(&out));
        let svg = stdout(&out);
        assert!(
            svg.starts_with("<svg") && svg.contains("<path d=\"M"),
            "{shape}"
        );
        assert!(svg.contains("class=\"solution\""), "{shape}");
    }
}

#[test]
fn list_by_shape_offers_only_what_runs_there() {
    let all = stdout(&mazelab(&["list"]));
    let hex = stdout(&mazelab(&["list", "--shape", "hex"]));
    let everywhere = mazelab::generate::ALGORITHMS
        .iter()
        .filter(|a| a.runs == mazelab::generate::Reach::Everywhere)
        .count();
    assert_eq!(all.lines().count(), mazelab::generate::ALGORITHMS.len());
    assert_eq!(hex.lines().count(), everywhere);
    assert!(everywhere >= 10 && everywhere < mazelab::generate::ALGORITHMS.len());
    assert!(hex.contains("wilson\t") && !hex.contains("eller\t"));
}

/// Every shape name the option takes lists its generators (3D and 4D once
/// panicked here: they were given a square's size).
#[test]
fn list_answers_for_every_shape() {
    for name in mazelab::shape::SHAPE_NAMES {
        let out = mazelab(&["list", "--shape", name]);
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let listed = stdout(&out);
        assert!(
            listed.contains("backtracker\t") && listed.contains("wilson\t"),
            "{name}: {listed}"
        );
    }
}

#[test]
fn a_mask_file_gives_the_maze_its_outline() {
    let dir = std::env::temp_dir().join(format!("mazelab-mask-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let heart = dir.join("heart.txt");
    std::fs::write(&heart, "X..X..X\n.......\nX.....X\nXX...XX\nXXX.XXX\n").unwrap();
    let out = mazelab(&[
        "generate",
        "--mask",
        heart.to_str().unwrap(),
        "--algorithm",
        "kruskal",
        "--seed",
        "2",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("\"width\":7,\"height\":5"), "{text}");
    let masked = text
        .split("\"masked\":[")
        .nth(1)
        .unwrap()
        .split(']')
        .next()
        .unwrap();
    assert_eq!(masked.split(',').count(), 3 + 2 + 4 + 6);
    assert_eq!(pairs(&text, "openings").len(), 35 - 15 - 1);
    let split = dir.join("split.txt");
    std::fs::write(&split, "..X..\n..X..\n").unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "XX\nXX\n").unwrap();
    for (file, hint) in [(&split, "2 separate regions"), (&empty, "every cell off")] {
        let out = mazelab(&["generate", "--mask", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(hint), "{}", stderr(&out));
        assert!(stdout(&out).is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_shape_input_is_named_and_nothing_is_generated() {
    for (args, hint) in [
        (
            vec!["generate", "--shape", "octagon"],
            "[possible values: square, polar, hex, triangle, 3d, 4d, cube, upsilon, crack]",
        ),
        (
            vec!["generate", "--shape", "hex", "--algorithm", "sidewinder"],
            "sidewinder runs on square",
        ),
        (
            vec!["generate", "--shape", "polar", "--format", "ascii"],
            "svg, json or stats",
        ),
        (
            vec!["generate", "--shape", "polar", "--size", "0"],
            "number of rings",
        ),
        (
            vec!["generate", "--shape", "polar", "--size", "10x10"],
            "number of rings",
        ),
        (
            vec!["generate", "--shape", "hex", "--wrap", "x"],
            "square mazes only",
        ),
        (
            vec!["generate", "--wrap", "xy", "--size", "2x9"],
            "at least 3",
        ),
        (
            vec!["generate", "--shape", "triangle", "--size", "1x5"],
            "at least 2 columns",
        ),
        (vec!["generate", "--mask", "/no/such/mask.txt"], "mask file"),
        (
            vec!["list", "--shape", "sphere"],
            "[possible values: square, polar",
        ),
        (
            vec!["generate", "--shape", "3d", "--size", "10x10"],
            "WxHxL for a 3D maze",
        ),
        (
            vec!["generate", "--shape", "3d", "--size", "4x0x4"],
            "every side 1 to 4096",
        ),
        (
            vec!["generate", "--shape", "4d", "--size", "2x2x2x100000"],
            "every side 1 to 4096",
        ),
        (
            vec!["generate", "--shape", "4d", "--size", "300x300x300x2"],
            "16777216 cells in all",
        ),
        (
            vec!["generate", "--shape", "cube", "--size", "0"],
            "from 1 to 1672",
        ),
        (
            vec!["generate", "--shape", "cube", "--wrap", "mobius"],
            "square mazes only",
        ),
        (
            vec!["generate", "--wrap", "klein", "--size", "2x9"],
            "at least 3",
        ),
        (
            vec!["generate", "--wrap", "twist"],
            "[possible values: x, y, xy, mobius, klein]",
        ),
    ] {
        assert_refused(&args, hint);
        assert!(mazelab(&args).stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn braid_opens_loops_and_stats_count_them() {
    let out = mazelab(&[
        "generate", "--size", "12x8", "--braid", "100", "--seed", "3", "--format", "stats",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("dead_ends=0 "), "{text}");
    let value = |key: &str| {
        text.split_whitespace()
            .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
            .unwrap_or_else(|| panic!("{key} in {text}"))
            .to_string()
    };
    assert!(value("cycles").parse::<u64>().unwrap() > 0);
    assert!(value("junctions").parse::<u32>().unwrap() > 0);
    assert!(value("shortest_paths").parse::<u64>().unwrap() >= 1);
    assert_eq!(value("shortest_paths_saturated"), "false");
    // The same maze unbraided is perfect.
    let perfect = stdout(&mazelab(&[
        "generate", "--size", "12x8", "--seed", "3", "--format", "stats",
    ]));
    assert!(
        perfect.contains("cycles=0 ") && perfect.contains("shortest_paths=1 "),
        "{perfect}"
    );
    let bad = mazelab(&["generate", "--braid", "101"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("0..=100"), "{}", stderr(&bad));
}

#[test]
fn a_method_that_finds_no_path_says_so_and_exits_non_zero() {
    let out = mazelab(&[
        "generate",
        "--size",
        "300x300",
        "--seed",
        "3",
        "--solve",
        "--solver",
        "random-mouse",
        "--format",
        "stats",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("random-mouse: no path found by this method"),
        "{err}"
    );
    assert!(
        stdout(&out).contains("cells=90000"),
        "the maze is still printed"
    );
}

#[test]
fn reverse_delete_names_its_size_limit() {
    let out = mazelab(&[
        "generate",
        "--algorithm",
        "reverse-delete",
        "--size",
        "65x65",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("4096") && err.contains("64x64"), "{err}");
    let ok = mazelab(&[
        "generate",
        "--algorithm",
        "reverse-delete",
        "--size",
        "64x64",
        "--shape",
        "square",
        "--seed",
        "1",
        "--format",
        "stats",
    ]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    assert!(stdout(&ok).contains("cycles=0 "), "a perfect maze");
}

#[test]
fn stats_over_many_mazes_prints_each_metric_with_its_interval() {
    let args = [
        "stats",
        "--algorithm",
        "growing-tree",
        "--pop",
        "oldest",
        "--size",
        "15x10",
        "--runs",
        "40",
        "--seed",
        "9",
        "--format",
        "json",
    ];
    let out = mazelab(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let json = stdout(&out);
    assert!(json.starts_with(
        "{\"algorithm\":\"growing-tree:oldest\",\"shape\":\"square\",\"size\":\"15x10\",\"runs\":40,\"seed\":9,\"metrics\":{"
    ));
    for key in [
        "dead_end_pct",
        "solution_pct",
        "longest_path",
        "mean_corridor",
        "junctions",
        "river",
    ] {
        let at = json
            .find(&format!("\"{key}\":{{\"mean\":"))
            .unwrap_or_else(|| panic!("{key}"));
        assert!(json[at..].contains("\"ci95\":["), "{key}");
    }
    // The same seed gives the same figures (all but the timings).
    let again = stdout(&mazelab(&args));
    let cut = |s: &str| s[..s.find("\"ns_per_cell\"").unwrap()].to_string();
    assert_eq!(cut(&json), cut(&again));
    let csv = stdout(&mazelab(&[
        "stats",
        "--algorithm",
        "wilson",
        "--runs",
        "5",
        "--seed",
        "1",
        "--format",
        "csv",
    ]));
    assert!(csv.starts_with(
        "algorithm,shape,size,runs,seed,metric,mean,std,min,max,ci95_low,ci95_high\n"
    ));
    assert!(csv.contains("\nwilson,square,20x20,5,1,dead_end_pct,"));
    // Without a seed, the one drawn is in the output.
    let text = stdout(&mazelab(&[
        "stats", "--runs", "3", "--shape", "hex", "--size", "6x6",
    ]));
    assert!(text.contains("3 mazes, seeds "), "{text}");
}

#[test]
fn uniformity_counts_every_tree_and_gives_its_verdict() {
    let out = mazelab(&[
        "uniformity",
        "--algorithm",
        "wilson",
        "--size",
        "2x2",
        "--runs",
        "4000",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json = stdout(&out);
    assert!(
        json.contains("\"trees\":4,\"runs\":4000,\"seed\":3,\"counts\":["),
        "{json}"
    );
    let counts: Vec<u64> = json
        .split("\"counts\":[")
        .nth(1)
        .unwrap()
        .split(']')
        .next()
        .unwrap()
        .split(',')
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(counts.len(), 4);
    assert_eq!(counts.iter().sum::<u64>(), 4000);
    for key in ["\"chi2\":", "\"p_value\":", "\"tv_distance\":"] {
        assert!(json.contains(key), "{key}");
    }
    let text = stdout(&mazelab(&[
        "uniformity",
        "--algorithm",
        "binary-tree",
        "--size",
        "3x3",
        "--runs",
        "2000",
        "--seed",
        "1",
    ]));
    assert!(
        text.contains("192 spanning trees") && text.contains("not uniform"),
        "{text}"
    );
}

#[test]
fn the_lab_refuses_bad_requests_in_one_line() {
    for (args, says) in [
        (vec!["uniformity", "--size", "5x5"], "4x4"),
        (
            vec!["uniformity", "--algorithm", "unicursal", "--size", "3x3"],
            "even sides",
        ),
        (vec!["stats", "--runs", "0"], "number of runs"),
        (vec!["stats", "--algorithm", "nope"], "valid algorithms"),
        (
            vec!["stats", "--algorithm", "kruskal", "--pop", "oldest"],
            "only for growing-tree",
        ),
        (
            vec!["stats", "--algorithm", "sidewinder", "--shape", "hex"],
            "runs on",
        ),
        (vec!["stats", "--size", "0x5"], "bad size"),
    ] {
        let out = mazelab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}

/// `sweep` gives one CSV row per point, algorithm and metric (the same
/// seeds at each point, so braid 0 is the unbraided maze's numbers), JSON
/// with every point, and refuses bad sweeps with one line.
#[test]
fn sweep_steps_a_control_and_measures_every_point() {
    let out = mazelab(&[
        "sweep",
        "--param",
        "braid",
        "--from",
        "0",
        "--to",
        "100",
        "--points",
        "3",
        "--algorithm",
        "backtracker,wilson",
        "--size",
        "12x12",
        "--runs",
        "20",
        "--seed",
        "4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "param,value,algorithm,shape,size,runs,seed,metric,mean,std,min,max,ci95_low,ci95_high"
        )
    );
    let dead: Vec<(String, String, f64)> = lines
        .filter(|l| l.contains(",dead_end_pct,"))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[1].to_string(), f[2].to_string(), f[8].parse().unwrap())
        })
        .collect();
    assert_eq!(dead.len(), 6, "3 points x 2 algorithms: {dead:?}");
    for algorithm in ["backtracker", "wilson"] {
        let at: Vec<f64> = dead
            .iter()
            .filter(|d| d.1 == algorithm)
            .map(|d| d.2)
            .collect();
        assert!(
            at[0] > at[1] && at[1] > at[2] && at[2] == 0.0,
            "{algorithm}: {at:?}"
        );
    }
    // Braid 0 is the plain maze: the same mean as `stats` on those seeds.
    let stats = stdout(&mazelab(&[
        "stats",
        "--algorithm",
        "backtracker",
        "--size",
        "12x12",
        "--runs",
        "20",
        "--seed",
        "4",
        "--format",
        "csv",
    ]));
    let plain = stats
        .lines()
        .find(|l| l.contains(",dead_end_pct,"))
        .unwrap();
    let mean: f64 = plain.split(',').nth(6).unwrap().parse().unwrap();
    assert_eq!(mean, dead[0].2);
    let json = stdout(&mazelab(&[
        "sweep",
        "--param",
        "pop-share",
        "--points",
        "2",
        "--algorithm",
        "growing-tree",
        "--size",
        "8x8",
        "--runs",
        "5",
        "--seed",
        "1",
        "--format",
        "json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["param"], "pop-share");
    assert_eq!(v["values"], serde_json::json!([0, 100]));
    assert_eq!(v["points"][1]["results"][0]["runs"], 5);
    for (args, hint) in [
        (
            vec!["sweep", "--param", "walk"],
            "[possible values: braid, run, grain, sparse, pop-share]",
        ),
        (
            vec!["sweep", "--param", "run", "--algorithm", "kruskal"],
            "kruskal",
        ),
        (vec!["sweep", "--param", "braid", "--to", "101"], "0 to 100"),
        (
            vec!["sweep", "--param", "braid", "--points", "1"],
            "2 to 101",
        ),
        (
            vec!["sweep", "--param", "pop-share", "--algorithm", "wilson"],
            "growing-tree",
        ),
        (
            vec!["sweep", "--param", "braid", "--algorithm", "nope"],
            "unknown",
        ),
    ] {
        assert_refused(&args, hint);
    }
}

/// `--sparse P` turns P% of the cells to rock by pruning dead ends: the
/// JSON masks them off, what is left is one perfect piece; sheets print
/// it (their links keep it); the text formats and weave refuse it by name.
#[test]
fn sparse_turns_dead_ends_to_rock_and_leaves_one_perfect_piece() {
    let json = stdout(&mazelab(&[
        "generate", "--size", "20x10", "--sparse", "40", "--seed", "3", "--format", "json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let masked = v["masked"].as_array().unwrap().len();
    assert_eq!(masked, 80, "40% of 200 cells");
    assert_eq!(
        v["openings"].as_array().unwrap().len(),
        200 - 80 - 1,
        "a tree over the rest"
    );
    let plain = stdout(&mazelab(&[
        "generate", "--size", "20x10", "--seed", "3", "--format", "json",
    ]));
    let p: serde_json::Value = serde_json::from_str(&plain).unwrap();
    assert!(p["masked"].as_array().unwrap().is_empty());
    for (args, hint) in [
        (
            vec!["generate", "--sparse", "30"],
            "format for a sparse maze",
        ),
        (
            vec!["generate", "--sparse", "101", "--format", "svg"],
            "101",
        ),
        (
            vec!["generate", "--sparse", "30", "--weave", "--format", "svg"],
            "no weave",
        ),
        (vec!["sheet", "--sparse", "30", "--weave"], "no weave"),
    ] {
        assert_refused(&args, hint);
    }
    let sheet = |extra: &[&str]| {
        let mut args = vec!["sheet", "--size", "20x10", "--seed", "3", "--count", "2"];
        args.extend_from_slice(extra);
        let out = mazelab(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        out.stdout
    };
    let sparse = sheet(&["--sparse", "30"]);
    assert!(sparse.starts_with(b"%PDF"));
    assert!(
        sparse.windows(9).any(|w| w == b"sparse=30"),
        "the footer's link keeps the rock"
    );
    assert_ne!(sparse, sheet(&[]), "rock changes the sheet");
}

/// `--symmetry x` gives a maze whose ASCII picture, walls only, is its own
/// mirror image (the doors aside); odd sides, other shapes, weave and
/// sheets are refused by name.
#[test]
fn a_symmetric_maze_is_drawn_as_its_own_mirror_image() {
    let text = stdout(&mazelab(&[
        "generate",
        "--symmetry",
        "x",
        "--size",
        "16x9",
        "--seed",
        "7",
        "--format",
        "ascii",
    ]));
    let lines: Vec<&str> = text.lines().collect();
    // Inner rows (the border rows hold the doors).
    for line in &lines[1..lines.len() - 1] {
        let mirrored: String = line.chars().rev().collect();
        assert_eq!(*line, mirrored, "{text}");
    }
    for (args, hint) in [
        (
            vec!["generate", "--symmetry", "x", "--size", "15x8"],
            "even width",
        ),
        (
            vec!["generate", "--symmetry", "rot", "--size", "14x7"],
            "even height",
        ),
        (
            vec!["generate", "--symmetry", "x", "--shape", "hex"],
            "plain square",
        ),
        (
            vec!["generate", "--symmetry", "x", "--size", "16x8", "--weave"],
            "no --weave",
        ),
        (
            vec!["generate", "--symmetry", "z"],
            "[possible values: x, y, xy, rot]",
        ),
        // A sheet takes a symmetry (its link reopens it in the page), on
        // a size it can halve.
        (
            vec!["sheet", "--symmetry", "x", "--size", "15x8"],
            "even width",
        ),
    ] {
        assert_refused(&args, hint);
    }
}

/// `--run` and `--grain` steer the generator in `generate`, `stats`,
/// `sheet` and `sweep`: a grain shows in `horizontal_pct`, a run in the
/// corridors; 0 and h:50 are the plain maze; bad values and algorithms
/// that do not take them are refused in one line.
#[test]
fn run_and_grain_steer_the_maze_everywhere_they_are_offered() {
    let plain = stdout(&mazelab(&["generate", "--size", "15x9", "--seed", "8"]));
    let neutral = stdout(&mazelab(&[
        "generate", "--size", "15x9", "--seed", "8", "--run", "0", "--grain", "v:50",
    ]));
    assert_eq!(plain, neutral);
    let mean = |args: &[&str], metric: &str| -> f64 {
        let mut all = vec![
            "stats", "--size", "20x20", "--runs", "30", "--seed", "2", "--format", "csv",
        ];
        all.extend_from_slice(args);
        let text = stdout(&mazelab(&all));
        let line = text
            .lines()
            .find(|l| l.contains(&format!(",{metric},")))
            .unwrap_or_else(|| panic!("{args:?}: {text}"));
        line.split(',').nth(6).unwrap().parse().unwrap()
    };
    let h = mean(
        &["--algorithm", "kruskal", "--grain", "h:90"],
        "horizontal_pct",
    );
    let v = mean(
        &["--algorithm", "kruskal", "--grain", "v:90"],
        "horizontal_pct",
    );
    assert!(h > 80.0 && v < 20.0, "kruskal h:90 {h}, v:90 {v}");
    let straight = mean(
        &["--algorithm", "backtracker", "--run", "80"],
        "mean_corridor",
    );
    let winding = mean(&["--algorithm", "backtracker"], "mean_corridor");
    assert!(straight > winding * 1.3, "{straight} {winding}");
    let out = mazelab(&[
        "sweep",
        "--param",
        "grain",
        "--from",
        "50",
        "--to",
        "90",
        "--points",
        "2",
        "--algorithm",
        "wilson",
        "--size",
        "12x12",
        "--runs",
        "10",
        "--seed",
        "1",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let share = |p: usize| {
        v["points"][p]["results"][0]["metrics"]["horizontal_pct"]["mean"]
            .as_f64()
            .unwrap()
    };
    assert!(share(1) > share(0) + 10.0, "{v}");
    let pdf = mazelab(&[
        "sheet",
        "--run",
        "50",
        "--grain",
        "h:70",
        "--seed",
        "1",
        "--symmetry",
        "y",
        "--size",
        "20x10",
    ]);
    assert!(
        pdf.status.success() && pdf.stdout.starts_with(b"%PDF"),
        "{}",
        stderr(&pdf)
    );
    for (args, hint) in [
        (vec!["generate", "--run", "101"], "0..=100"),
        (vec!["generate", "--grain", "x:50"], "h:P or v:P"),
        (
            vec!["generate", "--algorithm", "sidewinder", "--grain", "h:80"],
            "sidewinder",
        ),
        (
            vec!["generate", "--shape", "polar", "--run", "30"],
            "rings and triangles",
        ),
        (
            vec!["stats", "--algorithm", "eller", "--run", "30"],
            "eller",
        ),
        (
            vec!["sheet", "--algorithm", "sidewinder", "--grain", "v:90"],
            "sidewinder",
        ),
        (
            vec!["generate", "--shape", "hex", "--symmetry", "x"],
            "plain square",
        ),
    ] {
        assert_refused(&args, hint);
    }
}

/// `--target METRIC:LOW-HIGH` generates seed after seed until the metric is
/// in range: the maze printed is that seed's, stderr says how many it took,
/// and a range no maze reaches is refused with the nearest.
#[test]
fn a_difficulty_target_finds_the_first_seed_in_range() {
    let out = mazelab(&[
        "generate",
        "--size",
        "20x12",
        "--algorithm",
        "backtracker",
        "--seed",
        "1",
        "--target",
        "solution_pct:30-40",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let seed = v["seed"].as_u64().unwrap();
    let said = stderr(&out);
    assert!(
        said.contains(&format!("after {seed} mazes")) && said.contains("solution_pct"),
        "{said}"
    );
    let share = |seed: u64| -> f64 {
        let text = stdout(&mazelab(&[
            "stats",
            "--size",
            "20x12",
            "--algorithm",
            "backtracker",
            "--seed",
            &seed.to_string(),
            "--runs",
            "1",
            "--format",
            "csv",
        ]));
        let line = text.lines().find(|l| l.contains(",solution_pct,")).unwrap();
        line.split(',').nth(6).unwrap().parse().unwrap()
    };
    assert!((30.0..=40.0).contains(&share(seed)));
    for earlier in 1..seed {
        assert!(!(30.0..=40.0).contains(&share(earlier)), "seed {earlier}");
    }
    for (args, hint) in [
        (
            vec!["generate", "--target", "nope:1-2"],
            "a metric of dead_end_pct",
        ),
        (
            vec![
                "generate",
                "--size",
                "8x8",
                "--algorithm",
                "prim",
                "--seed",
                "1",
                "--target",
                "dead_end_pct:90-95",
            ],
            "nearest",
        ),
        (
            vec![
                "generate",
                "--target",
                "solution_pct:1-99",
                "--sparse",
                "20",
                "--format",
                "svg",
            ],
            "--sparse",
        ),
    ] {
        assert_refused(&args, hint);
    }
}

/// Every subcommand on every shape and every wrap at its own default size:
/// a result, or a refusal in one line, never a panic (`list --shape 3d`
/// once panicked where the random options of `properties.rs` never went).
#[test]
fn every_subcommand_answers_on_every_shape_and_wrap() {
    let commands: [&[&str]; 6] = [
        &["generate", "--format", "json", "--solver", "bfs"],
        &["stats", "--runs", "2"],
        &["uniformity", "--runs", "20"],
        &["sweep", "--param", "braid", "--runs", "2", "--points", "2"],
        &["sheet", "--count", "1"],
        &["list"],
    ];
    let mut places: Vec<Vec<&str>> = mazelab::shape::SHAPE_NAMES
        .iter()
        .map(|s| vec!["--shape", s])
        .collect();
    for wrap in mazelab::shape::WRAP_NAMES {
        places.push(vec!["--wrap", wrap]);
    }
    for command in commands {
        for place in &places {
            if command[0] == "list" && place[0] == "--wrap" {
                continue;
            }
            let args: Vec<&str> = command.iter().chain(place.iter()).copied().collect();
            let out = mazelab(&args);
            let err = stderr(&out);
            assert!(!err.contains("panicked"), "{args:?}: {err}");
            match out.status.code() {
                Some(0) => {}
                Some(2) => assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}"),
                other => panic!("{args:?}: exit {other:?}: {err}"),
            }
        }
    }
}

#[test]
fn stl_is_binary_with_the_measures_given_and_refuses_what_cannot_print() {
    let out = mazelab(&[
        "generate",
        "--size",
        "6x4",
        "--seed",
        "2",
        "--format",
        "stl",
        "--cell-mm",
        "8",
        "--height-mm",
        "4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = &out.stdout;
    let count = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
    assert_eq!(bytes.len(), 84 + 50 * count);
    let header = String::from_utf8_lossy(&bytes[..80]);
    assert!(
        header.starts_with("mazelab square 6x4: cell 8 mm, wall 1.2 mm, height 4 mm, base 2 mm"),
        "{header}"
    );
    // The widest corner: 6 cells of 8 mm and a wall; walls stand 4 + 2 mm.
    let corners = (0..count).flat_map(|t| (0..3).map(move |k| 84 + 50 * t + 12 + 12 * k));
    let (mut x, mut z) = (0f32, 0f32);
    for at in corners {
        let f = |o: usize| f32::from_le_bytes(bytes[at + o..at + o + 4].try_into().unwrap());
        x = x.max(f(0));
        z = z.max(f(8));
    }
    assert_eq!((x, z), (49.2, 6.0));
    assert_refused(
        &["generate", "--shape", "cube", "--format", "stl"],
        "flat maze",
    );
    let hex = mazelab(&[
        "generate", "--shape", "hex", "--size", "6x4", "--format", "stl",
    ]);
    assert!(
        hex.status.success() && hex.stdout.len() > 84,
        "{}",
        stderr(&hex)
    );
    assert_refused(
        &["generate", "--weave", "--format", "stl"],
        "without a weave",
    );
    assert_refused(
        &["generate", "--format", "stl", "--wall-mm", "0.2"],
        "--wall-mm",
    );
    assert_refused(&["generate", "--format", "svg", "--base-mm", "3"], "stl");
    assert_refused(
        &["generate", "--size", "100x100", "--format", "stl"],
        "print size",
    );
}

/// A PNG's width and height, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn png_is_drawn_at_the_cell_size_and_theme_asked_with_the_solution_and_refuses_what_cannot_draw() {
    let png = |extra: &[&str]| {
        let mut args = vec![
            "generate", "--size", "20x12", "--seed", "3", "--format", "png",
        ];
        args.extend_from_slice(extra);
        let out = mazelab(&args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        out.stdout
    };
    // 16 pixels a cell unless asked; a pixel of margin each side.
    assert_eq!(png_size(&png(&[])), (20 * 16 + 2, 12 * 16 + 2));
    assert_eq!(png_size(&png(&["--cell-px", "24"])), (482, 290));
    let plain = png(&["--cell-px", "24"]);
    let solved = png(&["--cell-px", "24", "--solve"]);
    let dark = png(&["--cell-px", "24", "--theme", "dark"]);
    assert_ne!(plain, solved, "--solve draws the solution");
    assert_ne!(plain, dark, "--theme dark draws in the dark colours");
    let hex = mazelab(&[
        "generate", "--shape", "hex", "--size", "8x6", "--format", "png", "--solve",
    ]);
    assert!(hex.status.success(), "{}", stderr(&hex));
    assert_eq!(&hex.stdout[1..4], b"PNG");
    assert_refused(
        &["generate", "--format", "png", "--cell-px", "1"],
        "cell size",
    );
    assert_refused(
        &["generate", "--format", "png", "--cell-px", "65"],
        "2 to 64 pixels",
    );
    assert_refused(
        &[
            "generate",
            "--size",
            "4000x4000",
            "--format",
            "png",
            "--cell-px",
            "30",
        ],
        "megapixels",
    );
    assert_refused(&["generate", "--cell-px", "20"], "png");
    assert_refused(&["generate", "--format", "svg", "--theme", "dark"], "png");
}

#[test]
fn scaling_fits_the_loop_erased_walks_power_to_wilsons_solution_and_a_far_faster_one_to_the_backtrackers(
) {
    let fit = |algorithm: &str| {
        let out = mazelab(&[
            "scaling",
            "--algorithm",
            algorithm,
            "--metric",
            "solution",
            "--sizes",
            "16,32,64,128",
            "--runs",
            "60",
            "--seed",
            "3",
            "--format",
            "json",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(
            json["sizes"],
            serde_json::json!([16, 32, 64, 128]),
            "{text}"
        );
        assert_eq!(json["means"].as_array().map(Vec::len), Some(4), "{text}");
        assert_eq!(
            json["intervals"][3].as_array().map(Vec::len),
            Some(2),
            "{text}"
        );
        let number = |key: &str| json[key].as_f64().expect(key);
        let (e, low, high) = (number("exponent"), number("low"), number("high"));
        assert!(low < e && e < high, "{text}");
        (e, low, high)
    };
    // Kenyon: the loop-erased random walk, n^(5/4).
    let (wilson, low, high) = fit("wilson");
    assert!(
        (1.15..1.35).contains(&wilson) && high - low < 0.15,
        "{wilson} ({low}-{high})"
    );
    let (backtracker, low_b, _) = fit("backtracker");
    assert!(
        low_b > high && backtracker > 1.5,
        "{backtracker} against {wilson}"
    );
    // A torus has no boundary and scales too; bad input is named.
    let torus = mazelab(&[
        "scaling", "--wrap", "xy", "--sizes", "8,16", "--runs", "10", "--seed", "1",
    ]);
    assert!(torus.status.success(), "{}", stderr(&torus));
    assert_refused(&["scaling", "--sizes", "32,16"], "increasing");
    assert_refused(&["scaling", "--metric", "beauty"], "longest_path");
    assert_refused(
        &["scaling", "--algorithm", "sidewinder", "--shape", "hex"],
        "sidewinder",
    );
}

#[test]
fn a_weighted_solve_in_json_is_the_cheapest_way_by_an_independent_dijkstra() {
    use std::cmp::Reverse;
    for seed in ["1", "2", "3", "4", "5"] {
        let out = mazelab(&[
            "generate",
            "--size",
            "24x16",
            "--braid",
            "100",
            "--weights",
            "random:9",
            "--solve",
            "--solver",
            "dijkstra",
            "--format",
            "json",
            "--seed",
            seed,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let weights: Vec<u64> = json["weights"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_u64().unwrap())
            .collect();
        assert_eq!(weights.len(), 24 * 16);
        assert!(weights.iter().all(|w| (1..=9).contains(w)));
        let cell = |v: &serde_json::Value| v.as_u64().unwrap() as usize;
        let mut adjacent = vec![Vec::new(); weights.len()];
        for pair in json["openings"].as_array().unwrap() {
            let (a, b) = (cell(&pair[0]), cell(&pair[1]));
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
        let (entrance, exit) = (cell(&json["entrance"]), cell(&json["exit"]));
        let mut best = vec![u64::MAX; weights.len()];
        best[entrance] = 0;
        let mut heap = std::collections::BinaryHeap::from([Reverse((0, entrance))]);
        while let Some(Reverse((d, c))) = heap.pop() {
            if d > best[c] {
                continue;
            }
            for &n in &adjacent[c] {
                if d + weights[n] < best[n] {
                    best[n] = d + weights[n];
                    heap.push(Reverse((best[n], n)));
                }
            }
        }
        let path: Vec<usize> = json["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(cell)
            .collect();
        assert_eq!((path[0], *path.last().unwrap()), (entrance, exit));
        for pair in path.windows(2) {
            assert!(
                adjacent[pair[0]].contains(&pair[1]),
                "seed {seed}: {pair:?}"
            );
        }
        let cost: u64 = path[1..].iter().map(|&c| weights[c]).sum();
        assert_eq!(cost, best[exit], "seed {seed}");
        assert_eq!(json["cost"].as_u64(), Some(cost), "seed {seed}");
    }
    assert_refused(&["generate", "--weights", "mud:9"], "random, patches");
}
