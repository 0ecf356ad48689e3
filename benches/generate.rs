//! Generation speed and memory: ns per cell for every generator draining its
//! full event stream (visuals on) at 100², 1000² and 2000², the instant mode
//! at 1000², and peak heap bytes per cell at 2000². Each time is the median
//! over seeds (31 at 100², 9 at 1000² and 2000²) of each seed's fastest run
//! (5 runs at 100², 3 at 1000², 2 at 2000²); see `ns_per_cell` for why.
//!
//! `cargo bench` runs everything; `cargo bench -- NAME` only the algorithms
//! whose label contains NAME. A plain harness rather than criterion keeps the
//! dependency tree empty and lets one table show time and memory together.

use mazelab::event::Event;
use mazelab::generate::{self, Generator, Params, PopSpec};
use mazelab::shape::Dims;
use std::hint::black_box;
use std::time::Instant;

#[path = "common/alloc.rs"]
mod alloc;
use alloc::peak_bytes_during;

/// One benchmarked configuration and its target from the engine issue.
struct Case {
    label: &'static str,
    algorithm: &'static str,
    pop: &'static str,
    target_ns: f64,
    /// Aldous-Broder's cover time makes 2000² impractically slow.
    skip_2000: bool,
}

const CASES: &[Case] = &[
    Case {
        label: "backtracker",
        algorithm: "backtracker",
        pop: "newest",
        target_ns: 35.0,
        skip_2000: false,
    },
    Case {
        label: "growing-tree/newest",
        algorithm: "growing-tree",
        pop: "newest",
        target_ns: 35.0,
        skip_2000: false,
    },
    Case {
        label: "growing-tree/random",
        algorithm: "growing-tree",
        pop: "random",
        target_ns: 70.0,
        skip_2000: false,
    },
    Case {
        label: "growing-tree/oldest",
        algorithm: "growing-tree",
        pop: "oldest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    Case {
        label: "growing-tree/middle",
        algorithm: "growing-tree",
        pop: "middle",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    Case {
        label: "prim",
        algorithm: "prim",
        pop: "newest",
        target_ns: 70.0,
        skip_2000: false,
    },
    Case {
        label: "true-prim",
        algorithm: "true-prim",
        pop: "newest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    Case {
        label: "kruskal",
        algorithm: "kruskal",
        pop: "newest",
        target_ns: 120.0,
        skip_2000: false,
    },
    Case {
        label: "hunt-and-kill",
        algorithm: "hunt-and-kill",
        pop: "newest",
        target_ns: 60.0,
        skip_2000: false,
    },
    Case {
        label: "eller",
        algorithm: "eller",
        pop: "newest",
        target_ns: 20.0,
        skip_2000: false,
    },
    Case {
        label: "recursive-division",
        algorithm: "recursive-division",
        pop: "newest",
        target_ns: 20.0,
        skip_2000: false,
    },
    Case {
        label: "sidewinder",
        algorithm: "sidewinder",
        pop: "newest",
        target_ns: 10.0,
        skip_2000: false,
    },
    Case {
        label: "binary-tree",
        algorithm: "binary-tree",
        pop: "newest",
        target_ns: 10.0,
        skip_2000: false,
    },
    Case {
        label: "wilson",
        algorithm: "wilson",
        pop: "newest",
        target_ns: 120.0,
        skip_2000: false,
    },
    Case {
        label: "aldous-broder",
        algorithm: "aldous-broder",
        pop: "newest",
        target_ns: 500.0,
        skip_2000: true,
    },
    Case {
        label: "cellular-automaton",
        algorithm: "cellular-automaton",
        pop: "newest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    Case {
        label: "brain",
        algorithm: "brain",
        pop: "newest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    // The catalogue's additions (reverse-delete is capped at 4096 cells,
    // below the smallest size here; see its own timing in the README).
    Case {
        label: "houston",
        algorithm: "houston",
        pop: "newest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    Case {
        label: "origin-shift",
        algorithm: "origin-shift",
        pop: "newest",
        target_ns: f64::NAN,
        // Its cover time, like Aldous-Broder's.
        skip_2000: true,
    },
    Case {
        label: "growing-forest",
        algorithm: "growing-forest",
        pop: "newest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    Case {
        label: "boruvka",
        algorithm: "boruvka",
        pop: "newest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    Case {
        label: "blobby-division",
        algorithm: "blobby-division",
        pop: "newest",
        target_ns: f64::NAN,
        // n log n at about 2 µs a cell: 2000² takes seconds a run.
        skip_2000: true,
    },
    Case {
        label: "mazectric",
        algorithm: "mazectric",
        pop: "newest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    Case {
        label: "unicursal",
        algorithm: "unicursal",
        pop: "newest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
    Case {
        label: "fractal",
        algorithm: "fractal",
        pop: "newest",
        target_ns: f64::NAN,
        skip_2000: false,
    },
];

fn params(case: &Case, side: u32, seed: u64) -> Params {
    Params {
        pop: PopSpec::parse(case.pop).expect("bench pop specs are valid"),
        ..Params::new(Dims::new(side, side).expect("bench sizes are valid"), seed)
    }
}

/// Drains the whole stream a chunk at a time. Each chunk goes through
/// `black_box`, so every event must really be written, but nothing here
/// branches per event: the figure is the generator's cost of producing its
/// stream, not a consumer's (the renderer's is measured in the browser).
fn drain(mut generator: Generator) -> u64 {
    let mut events = 0u64;
    loop {
        let chunk = black_box(generator.next_chunk(CHUNK));
        if chunk.is_empty() {
            return events;
        }
        events += chunk.len() as u64;
    }
}

/// Events per chunk asked of the generator.
const CHUNK: usize = 256;

/// The same drain, reading every event with a `match` as a renderer does:
/// shows what a per-event consumer adds
/// (`cargo bench --bench generate -- --consumer`).
fn drain_matching(mut generator: Generator) -> u64 {
    let mut fold = 0u64;
    loop {
        let chunk = generator.next_chunk(CHUNK);
        if chunk.is_empty() {
            return fold;
        }
        for event in chunk {
            fold = fold.wrapping_add(match *event {
                Event::Carve(a, b) | Event::Build(a, b) => u64::from(a ^ b),
                Event::Mark(c, m) => u64::from(c) + m as u64,
                Event::Cursor(c) => u64::from(c),
                Event::Phase(k) => u64::from(k),
                Event::Done => 1,
            });
        }
    }
}

/// Ns per cell for the typical seed: each of `seeds` seeds runs `repeats`
/// times and keeps its fastest run (on a shared 2-core VM the slow runs
/// measure the neighbours, not the code); the figure is the median over the
/// seeds. Taking the fastest seed instead would report the luckiest maze:
/// Wilson's and Aldous-Broder's running times vary threefold between seeds,
/// so the fastest of many small runs against the fastest of a few big ones
/// compares luck, not size.
fn ns_per_cell(case: &Case, side: u32, seeds: u64, repeats: u32, visuals: bool) -> f64 {
    let algorithm = generate::find(case.algorithm).expect("bench algorithms exist");
    // One untimed run first, so caches and the allocator are warm.
    black_box(drain(Generator::new(
        algorithm,
        params(case, side, seeds),
        visuals,
    )));
    let mut samples: Vec<f64> = (0..seeds)
        .map(|seed| {
            (0..repeats)
                .map(|_| {
                    let generator = Generator::new(algorithm, params(case, side, seed), visuals);
                    let start = Instant::now();
                    if matching_consumer() {
                        black_box(drain_matching(black_box(generator)));
                    } else {
                        black_box(drain(black_box(generator)));
                    }
                    start.elapsed().as_nanos() as f64 / f64::from(side * side)
                })
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Peak heap bytes per cell while generating at `side`², the stream drained.
fn peak_bytes_per_cell(case: &Case, side: u32) -> f64 {
    let algorithm = generate::find(case.algorithm).expect("bench algorithms exist");
    let peak = peak_bytes_during(|| {
        black_box(drain(Generator::new(
            algorithm,
            params(case, side, 1),
            true,
        )));
    });
    peak as f64 / f64::from(side * side)
}

fn matching_consumer() -> bool {
    std::env::args().any(|a| a == "--consumer")
}

fn main() {
    if matching_consumer() {
        println!("consumer: a match on every event");
    }
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    println!(
        "{:<22} {:>9} {:>9} {:>9} {:>8} {:>10} {:>9} {:>7}",
        "generator", "100²", "1000²", "2000²", "2000/100", "instant1k", "B/cell", "target"
    );
    println!(
        "{:<22} {:>9} {:>9} {:>9} {:>8} {:>10} {:>9} {:>7}",
        "", "ns/cell", "ns/cell", "ns/cell", "ratio", "ns/cell", "at 2000²", "ns/cell"
    );
    for case in CASES {
        if !filter.is_empty() && !filter.iter().any(|f| case.label.contains(f.as_str())) {
            continue;
        }
        let small = ns_per_cell(case, 100, 31, 5, true);
        let mid = ns_per_cell(case, 1000, 9, 3, true);
        let instant = ns_per_cell(case, 1000, 9, 3, false);
        let (big, ratio, peak) = if !case.skip_2000 {
            let big = ns_per_cell(case, 2000, 9, 2, true);
            (
                format!("{big:.1}"),
                format!("{:.2}", big / small),
                format!("{:.1}", peak_bytes_per_cell(case, 2000)),
            )
        } else {
            (
                "-".into(),
                "-".into(),
                format!("{:.1}@1k", peak_bytes_per_cell(case, 1000)),
            )
        };
        let target = if case.target_ns.is_nan() {
            "-".to_string()
        } else {
            format!("{}", case.target_ns)
        };
        println!(
            "{:<22} {:>9.1} {:>9.1} {:>9} {:>8} {:>10.1} {:>9} {:>7}",
            case.label, small, mid, big, ratio, instant, peak, target
        );
    }
}
