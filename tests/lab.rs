//! The lab end to end: statistics are reproducible and sensible, and the
//! uniformity test tells fair samplers from biased ones.

use mazelab::generate::{generate, Params};
use mazelab::lab::run::{count_trees, measure_mazes, measure_program_maze, program_tree};
use mazelab::lab::{Candidate, StatsReport, Trees, Uniformity, METRICS, METRIC_COUNT};
use mazelab::shape::Shape;

fn square(size: &str) -> Shape {
    Shape::parse("square", size, None).unwrap()
}

/// The rows' values as bits, so a metric not defined (NaN) compares
/// equal to itself.
fn rows(spec: &str, shape: &Shape, seed: u64, runs: u64) -> Vec<u64> {
    measured(spec, shape, seed, runs)
        .into_iter()
        .map(f64::to_bits)
        .collect()
}

fn measured(spec: &str, shape: &Shape, seed: u64, runs: u64) -> Vec<f64> {
    let mut out = Vec::new();
    measure_mazes(
        &Candidate::parse(spec).unwrap(),
        shape,
        seed,
        runs,
        &|| 0.0,
        &mut out,
    )
    .unwrap();
    out
}

fn tree_counts(spec: &str, trees: &Trees, shape: &Shape, runs: u64) -> Uniformity {
    let mut counts = vec![0; trees.len()];
    count_trees(
        &Candidate::parse(spec).unwrap(),
        trees,
        shape,
        1,
        runs,
        &mut counts,
    )
    .unwrap();
    Uniformity::from_counts(counts)
}

#[test]
fn statistics_are_reproducible_and_slices_join_up() {
    let shape = square("12x9");
    let whole = rows("growing-tree:random", &shape, 40, 30);
    assert_eq!(whole.len(), 30 * METRIC_COUNT);
    assert_eq!(whole, rows("growing-tree:random", &shape, 40, 30));
    // Seeds 40..55 then 55..70 are the same mazes as 40..70.
    let mut joined = rows("growing-tree:random", &shape, 40, 15);
    joined.extend(rows("growing-tree:random", &shape, 55, 15));
    assert_eq!(whole, joined);
}

#[test]
fn intervals_hold_their_means_and_the_pops_differ_as_norvig_says() {
    let shape = square("30x30");
    let report = |spec: &str| {
        StatsReport::from_rows(
            spec.into(),
            spec.into(),
            "square".into(),
            "30x30".into(),
            1,
            &measured(spec, &shape, 1, 60),
        )
    };
    let newest = report("growing-tree:newest");
    let oldest = report("growing-tree:oldest");
    let random = report("growing-tree:random");
    for r in [&newest, &oldest, &random] {
        for (info, s) in METRICS.iter().zip(&r.metrics) {
            // The cost is a weighted maze's (below).
            if info.key == "cost" {
                assert!(s.is_none(), "an unweighted maze has no cost");
                continue;
            }
            let s = s.unwrap_or_else(|| panic!("{} defined on squares", info.key));
            assert!(s.ci95.0 <= s.mean && s.mean <= s.ci95.1, "{}", info.key);
            assert!(s.min <= s.mean && s.mean <= s.max, "{}", info.key);
        }
    }
    let mean = |r: &StatsReport, key: &str| {
        r.metrics[mazelab::lab::measure::metric_index(key).unwrap()]
            .unwrap()
            .mean
    };
    // Newest pops carve long corridors: few dead ends, a long solution.
    assert!(mean(&newest, "dead_end_pct") < 15.0);
    assert!(mean(&random, "dead_end_pct") > 25.0);
    assert!(mean(&newest, "solution_pct") > 2.0 * mean(&random, "solution_pct"));
    // Oldest pops grow outwards in rings: the solution is nearly a
    // shortest walk across, and dead-end branches run long.
    assert!(mean(&oldest, "river") > mean(&random, "river"));
    let json = newest.to_json();
    assert!(json.starts_with("{\"algorithm\":\"growing-tree:newest\",\"shape\":\"square\",\"size\":\"30x30\",\"runs\":60,\"seed\":1,\"metrics\":{\"dead_end_pct\":{\"mean\":"));
}

#[test]
fn on_weighted_mazes_the_lab_measures_the_cheapest_way_s_cost() {
    use mazelab::generate::texture::Texture;
    use mazelab::lab::measure::metric_index;
    use mazelab::lab::run::measure_textured;
    let shape = square("16x12");
    let texture = Texture::parse_line("braid=100 weights=random:9").unwrap();
    let c = Candidate::parse("backtracker").unwrap();
    let mut out = Vec::new();
    measure_textured(&c, &shape, &texture, 7, 20, &|| 0.0, &mut out).unwrap();
    let (cost, solution) = (
        metric_index("cost").unwrap(),
        metric_index("solution_pct").unwrap(),
    );
    for (i, row) in out.chunks_exact(METRIC_COUNT).enumerate() {
        // Each maze's cost is what the dijkstra solver's way costs on the
        // CLI's maze of the same seed.
        let built = mazelab::request::MazeRequest {
            size: Some("16x12".into()),
            seed: Some(7 + i as u64),
            texture,
            ..Default::default()
        }
        .build()
        .unwrap();
        let (grid, ends) = (&built.grid, &built.ends);
        let mazelab::solve::Outcome::Found(path) =
            mazelab::solve::solve("dijkstra", grid, ends.entrance.cell, ends.exit.cell).unwrap()
        else {
            panic!("seed {}: no way", 7 + i);
        };
        let want = mazelab::weights::path_cost(grid.costs(), &path);
        assert_eq!(row[cost], want as f64, "seed {}", 7 + i);
        // At least one per move of the shortest way.
        let moves = row[solution] / 100.0 * 192.0 - 1.0;
        assert!(row[cost] >= moves.round(), "seed {}", 7 + i);
    }
}

#[test]
fn fair_samplers_pass_and_biased_ones_fail() {
    let shape = square("3x3");
    let trees = Trees::of(&shape).unwrap();
    let runs = 40_000;
    for fair in ["aldous-broder", "wilson"] {
        let u = tree_counts(fair, &trees, &shape, runs);
        assert!(!u.rejects(), "{fair}: {}", u.verdict());
        assert_eq!(u.missing, 0, "{fair}");
        assert!(u.tv_distance < 0.05, "{fair}: {}", u.tv_distance);
    }
    // Houston hands Aldous-Broder's partial tree to Wilson, which forgets
    // where the walker stood: a bias of a few percent, which 3 x 3 shows.
    for biased in [
        "backtracker",
        "binary-tree",
        "sidewinder",
        "kruskal",
        "prim",
        "houston",
    ] {
        let u = tree_counts(biased, &trees, &shape, runs);
        assert!(u.rejects(), "{biased}: {}", u.verdict());
    }
    // A deliberately biased sampler: Wilson's, with one tree of the 192
    // drawn twice as often as it should be (half a percent of the runs).
    let mut counts = tree_counts("wilson", &trees, &shape, runs).counts;
    counts[7] *= 2;
    assert!(Uniformity::from_counts(counts).rejects());
}

/// The exact test on a 2 x 2 x 2 cube of cells (384 spanning trees): the
/// uniform samplers pass in 3D as on squares, the backtracker does not.
#[test]
fn in_three_dimensions_fair_samplers_pass_and_the_backtracker_fails() {
    let shape = Shape::parse("3d", "2x2x2", None).unwrap();
    let trees = Trees::of(&shape).unwrap();
    assert_eq!(trees.len(), 384);
    let runs = 38_400;
    for fair in ["aldous-broder", "wilson"] {
        let u = tree_counts(fair, &trees, &shape, runs);
        assert!(!u.rejects(), "{fair}: {}", u.verdict());
        assert_eq!(u.missing, 0, "{fair}");
    }
    for biased in ["backtracker", "prim"] {
        let u = tree_counts(biased, &trees, &shape, runs);
        assert!(u.rejects(), "{biased}: {}", u.verdict());
    }
}

/// A program's maze, handed back as the harness keeps its walls, is
/// measured as the built-in's maze of the same seed is (the time aside),
/// and found among the spanning trees; the native lab refuses a program
/// by name, since only the page's workers run JavaScript.
#[test]
fn a_programs_mazes_are_measured_like_a_built_ins() {
    for (kind, size) in [("square", "12x9"), ("hex", "7x6"), ("polar", "5")] {
        let shape = Shape::parse(kind, size, None).unwrap();
        let built_in = measured("wilson", &shape, 40, 3);
        for i in 0..3 {
            let seed = 40 + i as u64;
            let grid = generate("wilson", Params::on(shape.clone(), seed)).unwrap();
            let open = mazelab::program::tables(&grid).open;
            let row = measure_program_maze(&shape, seed, &open, 0.0).unwrap();
            let expected = &built_in[i * METRIC_COUNT..(i + 1) * METRIC_COUNT];
            for (k, metric) in METRICS.iter().enumerate() {
                // NaN where a metric has no meaning (straight runs on rings).
                if metric.key != "ns_per_cell" && !(row[k].is_nan() && expected[k].is_nan()) {
                    assert_eq!(row[k], expected[k], "{kind} {} seed {seed}", metric.key);
                }
            }
        }
    }
    let shape = square("3x3");
    let trees = Trees::of(&shape).unwrap();
    let grid = generate("kruskal", Params::on(shape.clone(), 5)).unwrap();
    let open = mazelab::program::tables(&grid).open;
    assert_eq!(
        program_tree(&trees, &shape, 5, &open),
        Ok(trees.index_of(&grid).unwrap())
    );
    let closed = vec![0; 9];
    assert!(program_tree(&trees, &shape, 6, &closed)
        .unwrap_err()
        .contains("seed 6 is not a spanning tree"));
    let mut out = Vec::new();
    let refused = measure_mazes(
        &Candidate::parse("program").unwrap(),
        &shape,
        1,
        1,
        &|| 0.0,
        &mut out,
    );
    assert!(refused
        .unwrap_err()
        .to_string()
        .contains("runs in the page's lab"));
}

#[test]
fn branch_and_loop_sizes_fall_as_the_uniform_tree_s_powers_for_wilson_not_the_backtracker() {
    use mazelab::lab::distribution::{count, fit, Histogram, Quantity};
    let shape = square("64x64");
    let power = |spec: &str, q: Quantity| {
        let c = Candidate::parse(spec).unwrap();
        let groups = count(&c, &shape, q, 1, 40, 0).unwrap();
        fit(&groups, 4096.0 / 20.0).unwrap()
    };
    for (q, published) in [
        (Quantity::Branch, -11.0 / 8.0),
        (Quantity::Loop, -8.0 / 5.0),
    ] {
        let wilson = power("wilson", q);
        let backtracker = power("backtracker", q);
        // Within a tenth of the published power at this size; the
        // backtracker's long corridors fall off far more slowly.
        assert!(
            (wilson.exponent - published).abs() < 0.12,
            "{q:?}: wilson {}",
            wilson.exponent
        );
        assert!(wilson.low <= wilson.exponent && wilson.exponent <= wilson.high);
        assert!(
            backtracker.exponent > wilson.high + 0.1,
            "{q:?}: backtracker {}",
            backtracker.exponent
        );
    }
    // Counts merge exactly: the seeds split anyhow give the same groups.
    let c = Candidate::parse("kruskal").unwrap();
    let whole = count(&c, &shape, Quantity::Loop, 5, 24, 0).unwrap();
    let mut split = count(&c, &shape, Quantity::Loop, 5, 7, 0).unwrap();
    for (g, p) in split
        .iter_mut()
        .zip(&count(&c, &shape, Quantity::Loop, 12, 17, 7).unwrap())
    {
        g.merge(p);
    }
    assert_eq!(whole, split);
    assert!(whole.iter().map(|h: &Histogram| h.total).sum::<u64>() > 0);
}
