//! How long the uniform samplers take per cell, natively (median of 5 seeds):
//! Houston against Aldous-Broder and Wilson, and origin shift's cover time.
//!   cargo run --release --example uniform_timing
use mazelab::generate::{self, Params};
use mazelab::shape::Dims;
use std::time::Instant;

fn main() {
    for side in [200u32, 500] {
        let dims = Dims::new(side, side).unwrap();
        for name in ["aldous-broder", "wilson", "houston", "origin-shift"] {
            let mut times: Vec<f64> = (0..5)
                .map(|seed| {
                    let started = Instant::now();
                    generate::generate(name, Params::new(dims, seed)).unwrap();
                    started.elapsed().as_secs_f64() * 1e9 / f64::from(dims.cells())
                })
                .collect();
            times.sort_by(f64::total_cmp);
            println!("{name:>14} {side}x{side}: {:.0} ns/cell", times[2]);
        }
    }
}
