//! Peak heap bytes per cell of every generator on every shape it runs on,
//! its event stream drained as the page's animation does:
//! `cargo run --release --example peak_memory [NAME...] [-- --side N]`.
//! The target is under 16 on every shape (`cargo bench` reports the square
//! at 2000²; the shapes bench, the generic generators at about 1M cells).
//! Sizes are about a million cells (SIDE², default 1000); reverse-delete
//! is capped at 64 x 64 and origin-shift, whose cover time makes a million
//! cells take minutes, runs at a tenth of them.
#[path = "../common/alloc.rs"]
mod alloc;
use alloc::peak_bytes_during;
use mazelab::generate::{self, Generator, Params, ALGORITHMS};
use mazelab::shape::{Shape, Topology};

fn peak_per_cell(algorithm: &'static generate::Algorithm, shape: &Shape) -> f64 {
    let peak = peak_bytes_during(|| {
        let mut generator = Generator::new(algorithm, Params::on(shape.clone(), 1), true);
        while !generator.next_chunk(256).is_empty() {}
    });
    peak as f64 / f64::from(shape.live_cells())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side: u32 = args
        .iter()
        .position(|a| a == "--side")
        .and_then(|i| args.get(i + 1))
        .map_or(1000, |s| s.parse().expect("--side takes a number"));
    let names: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with("--") && (i == 0 || args[i - 1] != "--side"))
        .map(|(_, a)| a)
        .collect();
    println!("peak heap bytes per cell (about {side}² cells)");
    println!(
        "{:<20} {:>8} {:>8} {:>8} {:>8}",
        "generator", "square", "hex", "triangle", "polar"
    );
    for algorithm in ALGORITHMS {
        if !names.is_empty() && !names.iter().any(|n| algorithm.name.contains(n.as_str())) {
            continue;
        }
        let side = match algorithm.name {
            "reverse-delete" => 64,
            "origin-shift" => side / 3,
            _ => side,
        };
        // Rings for about the same number of cells as the squares.
        let rings = (f64::from(side) * 0.56) as u32;
        let mut row = format!("{:<20}", algorithm.name);
        for (kind, size) in [
            ("square", format!("{side}x{side}")),
            ("hex", format!("{side}x{side}")),
            ("triangle", format!("{side}x{side}")),
            ("polar", rings.max(1).to_string()),
        ] {
            let shape = Shape::parse(kind, &size, None).expect("a valid size");
            let cell = match generate::check_shape(algorithm, &shape) {
                Ok(()) => format!("{:.1}", peak_per_cell(algorithm, &shape)),
                Err(_) => "-".to_string(),
            };
            row.push_str(&format!(" {cell:>8}"));
        }
        println!("{row}");
    }
}
