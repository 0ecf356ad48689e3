//! What mazelab's own draws cost next to rand's helpers on the same PCG32:
//! why `coin`, `two_bits` and `below` stay in the wrapper.
//!   cargo bench --bench rng
use mazelab::rng::Rng;
use rand::RngExt;
use std::hint::black_box;
use std::time::Instant;

const DRAWS: u32 = 50_000_000;

/// A named loop of `DRAWS` draws.
type Row = (&'static str, fn() -> u64);

/// The fastest of five runs, in ns per draw.
fn time(mut f: impl FnMut() -> u64) -> f64 {
    (0..5)
        .map(|_| {
            let started = Instant::now();
            black_box(f());
            started.elapsed().as_secs_f64() * 1e9 / f64::from(DRAWS)
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let rows: [Row; 6] = [
        ("coin (one buffered bit)", || {
            let mut rng = Rng::new(1);
            (0..DRAWS).map(|_| u64::from(rng.coin())).sum()
        }),
        ("rand random::<bool>()", || {
            let mut rng = Rng::new(1);
            (0..DRAWS).map(|_| u64::from(rng.random::<bool>())).sum()
        }),
        ("two_bits (buffered)", || {
            let mut rng = Rng::new(1);
            (0..DRAWS).map(|_| u64::from(rng.two_bits())).sum()
        }),
        ("rand random_range(0..4)", || {
            let mut rng = Rng::new(1);
            (0..DRAWS)
                .map(|_| u64::from(rng.random_range(0..4u32)))
                .sum()
        }),
        ("below(1000) (Lemire)", || {
            let mut rng = Rng::new(1);
            (0..DRAWS).map(|_| u64::from(rng.below(1000))).sum()
        }),
        ("rand random_range(0..1000)", || {
            let mut rng = Rng::new(1);
            (0..DRAWS)
                .map(|_| u64::from(rng.random_range(0..1000u32)))
                .sum()
        }),
    ];
    for (name, f) in rows {
        println!("{name:30} {:6.2} ns/draw", time(f));
    }
}
