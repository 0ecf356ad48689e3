//! The timing two side-by-side benches share (`knossos`, `tight`).
use std::time::Instant;

/// The median over `seeds` seeds of each seed's best of three runs, in ns
/// per cell: the best of three drops a run the machine interrupted, the
/// median across seeds keeps a lucky maze from setting the figure.
pub fn ns_per_cell(cells: f64, seeds: u64, mut run: impl FnMut(u64)) -> f64 {
    let mut per_seed: Vec<f64> = (0..seeds)
        .map(|seed| {
            (0..3)
                .map(|_| {
                    let started = Instant::now();
                    run(seed);
                    started.elapsed().as_secs_f64() * 1e9 / cells
                })
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    per_seed.sort_by(f64::total_cmp);
    per_seed[per_seed.len() / 2]
}
