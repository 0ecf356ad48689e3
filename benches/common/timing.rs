//! The timing two side-by-side benches share (`knossos`, `tight`).
use std::time::Instant;

/// Two contenders' ns per cell, run by turns (a, b, a, b, a, b) on each of
/// `seeds` seeds: the median over the seeds of each seed's best of three.
/// The best of three drops a run the machine interrupted; the median
/// keeps a lucky maze from setting the figure; taking turns makes the
/// machine's drift, which moves a figure by a fifth or more between runs
/// a few seconds apart, fall on both alike.
pub fn ns_per_cell_by_turns(
    cells: f64,
    seeds: u64,
    mut a: impl FnMut(u64),
    mut b: impl FnMut(u64),
) -> (f64, f64) {
    let (mut per_a, mut per_b) = (Vec::new(), Vec::new());
    for seed in 0..seeds {
        let (mut best_a, mut best_b) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..3 {
            best_a = best_a.min(time(cells, || a(seed)));
            best_b = best_b.min(time(cells, || b(seed)));
        }
        per_a.push(best_a);
        per_b.push(best_b);
    }
    (median(&mut per_a), median(&mut per_b))
}

fn time(cells: f64, run: impl FnOnce()) -> f64 {
    let started = Instant::now();
    run();
    started.elapsed().as_secs_f64() * 1e9 / cells
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
