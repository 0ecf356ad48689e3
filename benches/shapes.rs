//! Every generic generator on every shape at about a million cells: ns per
//! cell draining the full event stream (median of seeds' fastest runs),
//! the ratio to the same generator on the square, and peak heap bytes per
//! cell (the generator's own state plus the maze it builds).
//!   cargo bench --bench shapes [ALGORITHM ...]
//!   MAZELAB_BENCH_SHAPES=4d,upsilon cargo bench --bench shapes kruskal
//! (the variable keeps the square, which the ratios need, and the shapes
//! whose label contains one of its words).
use mazelab::generate::{self, Generator, Params, PopSpec};
use mazelab::shape::{Shape, Topology};
use std::hint::black_box;
use std::time::Instant;

#[path = "common/alloc.rs"]
mod alloc;
use alloc::peak_bytes_during;

/// Drains a generator's stream; returns the events.
fn drain(name: &str, params: Params) -> u64 {
    let mut g = Generator::by_name(name, params, true).expect("runs on the shape");
    let mut events = 0u64;
    loop {
        let chunk = g.next_chunk(256);
        if chunk.is_empty() {
            return events;
        }
        events += chunk.len() as u64;
        black_box(chunk);
    }
}

/// The median over seeds of each seed's fastest ns per cell, and that
/// seed's events per cell: a random walk's time per cell is its walk's
/// length (events) times each step's cost, and the shapes differ in both.
/// Nine seeds, and fifteen for the random walks: a walk's length varies
/// from seed to seed by half and more (Wilson's first walks on triangles:
/// 16 to 30 events a cell), and five left the median to luck.
fn ns_per_cell(name: &str, pop: &PopSpec, shape: &Shape) -> (f64, f64) {
    let cells = f64::from(shape.live_cells());
    let seeds = if matches!(name, "wilson" | "aldous-broder") {
        15
    } else {
        9
    };
    let mut per_seed: Vec<(f64, f64)> = (0..seeds)
        .map(|seed| {
            (0..2)
                .map(|_| {
                    let params = Params {
                        pop: pop.clone(),
                        ..Params::on(shape.clone(), seed)
                    };
                    let started = Instant::now();
                    let events = black_box(drain(name, params));
                    (
                        started.elapsed().as_secs_f64() * 1e9 / cells,
                        events as f64 / cells,
                    )
                })
                .fold((f64::INFINITY, 0.0), |a, b| if b.0 < a.0 { b } else { a })
        })
        .collect();
    per_seed.sort_by(|a, b| a.0.total_cmp(&b.0));
    per_seed[per_seed.len() / 2]
}

/// Peak heap bytes per cell while generating into a maze.
fn peak_per_cell(name: &str, pop: &PopSpec, shape: &Shape) -> f64 {
    let params = Params {
        pop: pop.clone(),
        ..Params::on(shape.clone(), 1)
    };
    let peak = peak_bytes_during(|| {
        black_box(generate::generate(name, params).expect("runs"));
    });
    peak as f64 / f64::from(shape.live_cells())
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    // About a million cells each: polar rings grow until they pass it.
    let rings = (2..2048)
        .find(|&r| Shape::parse("polar", &r.to_string(), None).unwrap().cells() >= 1_000_000)
        .unwrap();
    let rings = rings.to_string();
    let named = [
        ("square", "1000x1000", None, "square 1000²"),
        ("hex", "1000x1000", None, "hex 1000²"),
        ("triangle", "1000x1000", None, "triangle 1000²"),
        ("polar", rings.as_str(), None, "polar rings"),
        ("square", "1000x1000", Some("xy"), "torus 1000²"),
        ("square", "1000x1000", Some("klein"), "klein 1000²"),
        ("3d", "100x100x100", None, "3d 100³"),
        ("4d", "32x32x32x32", None, "4d 32⁴"),
        ("cube", "408", None, "cube 6x408²"),
        ("upsilon", "1000x1000", None, "upsilon 1000²"),
    ];
    let only = std::env::var("MAZELAB_BENCH_SHAPES").unwrap_or_default();
    let named: Vec<_> = named
        .into_iter()
        .enumerate()
        .filter(|(i, (_, _, _, label))| {
            *i == 0 || only.is_empty() || only.split(',').any(|w| label.contains(w.trim()))
        })
        .map(|(_, n)| n)
        .collect();
    let shapes: Vec<Shape> = named
        .iter()
        .map(|(name, size, wrap, _)| Shape::parse(name, size, *wrap).unwrap())
        .collect();
    let mut header = format!("{:<20}", "ns/cell (x square)");
    for (_, _, _, label) in &named {
        header.push_str(&format!(" {label:>22}"));
    }
    println!("{header}");
    let cases = [
        ("backtracker", "newest"),
        ("growing-tree", "random"),
        ("growing-tree", "oldest"),
        ("kruskal", "newest"),
        ("prim", "newest"),
        ("true-prim", "newest"),
        ("wilson", "newest"),
        ("hunt-and-kill", "newest"),
        ("aldous-broder", "newest"),
        ("houston", "newest"),
        ("origin-shift", "newest"),
        ("boruvka", "newest"),
        ("growing-forest", "newest"),
        ("cheapest-cell", "newest"),
        ("blobby-division", "newest"),
    ];
    let mut peaks = Vec::new();
    let mut per_event = Vec::new();
    for (name, pop) in cases {
        let label = if name == "growing-tree" {
            format!("{name}/{pop}")
        } else {
            name.to_string()
        };
        if !filter.is_empty() && !filter.iter().any(|f| label.contains(f.as_str())) {
            continue;
        }
        let pop = PopSpec::parse(pop).unwrap();
        let (square, square_events) = ns_per_cell(name, &pop, &shapes[0]);
        let mut row = format!("{label:<20} {:>22}", format!("{square:.1}"));
        let square_step = square / square_events;
        let mut steps = format!(
            "{label:<20} {:>22}",
            format!("{square_step:.1} [{square_events:.1}]")
        );
        for shape in &shapes[1..] {
            let (t, events) = ns_per_cell(name, &pop, shape);
            row.push_str(&format!(" {:>22}", format!("{t:.1} ({:.2}x)", t / square)));
            let step = t / events;
            steps.push_str(&format!(
                " {:>22}",
                format!("{step:.1} ({:.2}x) [{events:.1}]", step / square_step)
            ));
        }
        println!("{row}");
        per_event.push(steps);
        peaks.push((
            label,
            shapes
                .iter()
                .map(|s| peak_per_cell(name, &pop, s))
                .collect::<Vec<_>>(),
        ));
    }
    println!("\nns per event (x square) [events per cell]: the cost of a step apart from how many steps a shape's walk takes");
    for row in per_event {
        println!("{row}");
    }
    println!(
        "\npeak heap bytes per cell ({}):",
        named.iter().map(|n| n.3).collect::<Vec<_>>().join(", ")
    );
    for (label, p) in peaks {
        println!(
            "{label:<20} {}",
            p.iter()
                .map(|b| format!("{b:5.1}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
}
